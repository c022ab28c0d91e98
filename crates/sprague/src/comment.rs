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
