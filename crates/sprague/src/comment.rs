//! Comments in line-oriented input: the one rule every reader of lines
//! follows (`batch`, `count --sizes-file`, graph files for `digraph:` and
//! `file:`), so that a position is read the same whole as in a file.
//!
//! A comment starts at a `#` that stands alone as a word: at the start
//! of the line or after a space or tab, and followed by a space, a tab or
//! the end of the line (any ASCII white space: a line may still end in
//! `\r\n`). It runs to the end of the line. Any other `#` is
//! part of what is written: a filled cell of a board (`cram .....#....`,
//! `cram #..`) is never read as a comment (issue 53: `batch` once read
//! `cram .....#....` as `cram .....` and answered for another board).
//!
//! So a lone `#` word is always a comment, and no notation holds one:
//! Cram refuses a board written as a lone `#` (a single filled cell, no
//! move, worth 0), on the command line too. A position read whole and
//! the same position read as a line are then always the same position.
//!
//! ```
//! use sprague::comment::strip;
//! assert_eq!(strip("nim 3 4 5   # Bouton's example"), "nim 3 4 5   ");
//! assert_eq!(strip("# a whole line"), "");
//! assert_eq!(strip("#"), "");
//! assert_eq!(strip("cram .....#...."), "cram .....#....");
//! assert_eq!(strip("cram #... # a cram board"), "cram #... ");
//! assert_eq!(strip("#heaps"), "#heaps"); // not a comment: `#` then a letter
//! ```

/// The line before its comment (all of it when it has none); see the
/// [module](self) for the rule. O(the line's length).
pub fn strip(line: &str) -> &str {
    &line[..comment_start(line).unwrap_or(line.len())]
}

/// The byte offset of the `#` that starts the line's comment, if it has
/// one; see the [module](self) for the rule. O(the line's length).
pub fn comment_start(line: &str) -> Option<usize> {
    let bytes = line.as_bytes();
    let blank = |b: u8| b.is_ascii_whitespace();
    bytes.iter().enumerate().find_map(|(i, &b)| {
        let alone = b == b'#'
            && (i == 0 || blank(bytes[i - 1]))
            && bytes.get(i + 1).is_none_or(|&next| blank(next));
        alone.then_some(i)
    })
}

/// Whether a word that failed to read might have been meant as a comment
/// (it starts with `#` and is not one): readers say so in their error.
pub fn looks_like_comment(word: &str) -> bool {
    word.starts_with('#') && comment_start(word).is_none()
}

/// What is wrong in a line-oriented file (a graph file, a picture file):
/// the line and column (from 1, the column in characters) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct FileError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

/// The words of a line before its comment, each with its column (in
/// characters, from 1); words are separated by white space. O(the line's
/// length).
///
/// ```
/// use sprague::comment::words;
/// let w: Vec<_> = words("  a b\tc # d").collect();
/// assert_eq!(w, [(3, "a"), (5, "b"), (7, "c")]);
/// ```
pub fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let line = strip(line);
    let mut chars = line.char_indices().enumerate().peekable();
    std::iter::from_fn(move || {
        // Skip white space to the next word's first character.
        let (column, (start, _)) = loop {
            let (c, (b, ch)) = chars.next()?;
            if !ch.is_whitespace() {
                break (c + 1, (b, ch));
            }
        };
        let mut end = line.len();
        while let Some(&(_, (b, ch))) = chars.peek() {
            if ch.is_whitespace() {
                end = b;
                break;
            }
            chars.next();
        }
        Some((column, &line[start..end]))
    })
}

/// Why `word` is not a vertex name in a file (`None` when it is one): a
/// name holds none of `- ~ : @ / # , +`, which the position notation
/// uses around file names (`file:PATH~a,b@c`).
pub(crate) fn name_error(word: &str) -> Option<String> {
    let ch = word.chars().find(|&c| "-~:@/,+#".contains(c))?;
    // A comment is a `#` standing alone as a word.
    let hint = if ch == '#' {
        "; a comment starts with `#` and a space"
    } else {
        ""
    };
    Some(format!(
        "`{word}` is not a vertex name: names hold none of `- ~ : @ / # , +` \
         (found `{ch}`){hint}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_lone_hash_starts_a_comment() {
        for (line, kept) in [
            ("nim 3 4 5 # note", "nim 3 4 5 "),
            ("nim 3 4 5\t#\tnote", "nim 3 4 5\t"),
            ("  # indented", "  "),
            ("#", ""),
            ("# ", ""),
            ("#\r", ""),
            ("#\n", ""),
            ("nim 5\t#\r\n", "nim 5\t"),
            ("cram .....#....", "cram .....#...."),
            ("cram #....", "cram #...."),
            ("cram ....#", "cram ....#"),
            ("cram ..#/.#. # two rows", "cram ..#/.#. "),
            ("#!", "#!"),
            ("nim 3#4", "nim 3#4"),
            ("", ""),
        ] {
            assert_eq!(strip(line), kept, "{line:?}");
        }
    }
}
