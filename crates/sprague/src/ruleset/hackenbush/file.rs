//! Hackenbush pictures read from a file: `hackenbush file:PATH`, for
//! pictures too large to write as one word (a tree of 10^5 edges).
//!
//! A picture file holds one edge a line, `u v` (or `u-v`), loops and
//! repeated edges allowed; vertices are names (words holding none of
//! `- ~ : @ / # , +`), the ground is the vertex named `0` unless the word
//! names another (`file:PATH@1` for a tree rooted at vertex 1); a `#`
//! standing alone as a word starts a comment ([`crate::comment`]), blank
//! lines are skipped.
//!
//! After moves the picture is written as the file and the edges cut,
//! numbered in the order of the file from 1: `file:tree.txt~3,17`. Only
//! the cuts at the edge of what still stands are written (what fell with
//! them needs no mention), so the word stays as short as the moves that
//! led to it, whatever the file's size.
//!
//! The library reads no files: a caller that has read one gives its text
//! to [`define_file`], and every picture naming `file:PATH` afterwards
//! shares it.
//!
//! ```
//! use sprague::Position;
//! use sprague::ruleset::hackenbush::define_file;
//! // A stalk of two edges and a loop on the ground: 2 ⊕ 1 = 3.
//! define_file("doc-stalk.txt", "0 a\na b   # the top\n0 0\n")?;
//! let p: Position = "hackenbush file:doc-stalk.txt".parse()?;
//! assert_eq!(p.grundy_value()?, 3);
//! // Edge 1 cut: the stalk falls, the loop stands.
//! let q: Position = "hackenbush file:doc-stalk.txt~1".parse()?;
//! assert_eq!(q.grundy_value()?, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap as HashMap;

pub use crate::comment::FileError;

/// The most edges a picture file may hold: 2^24.
pub const MAX_PICTURE_FILE_EDGES: usize = 1 << 24;

/// The picture files read so far, by path.
static FILES: Mutex<Option<HashMap<Box<str>, Arc<PictureFile>>>> = Mutex::new(None);

/// The graph of a picture file: its vertex names and its edges in the
/// order of the file.
#[derive(Debug)]
pub(crate) struct PictureFile {
    pub(super) path: Box<str>,
    pub(super) names: Vec<Box<str>>,
    pub(super) index: HashMap<Box<str>, u32>,
    pub(super) edges: Vec<(u32, u32)>,
    /// The line of each edge, from 1.
    pub(super) lines: Vec<u32>,
}

/// Reads the text of the picture file `path` and keeps it for the
/// pictures that name `file:PATH` (one edge `u v` a line, the ground `0`
/// unless the word names another: `file:PATH@1`). Defining a path again replaces it for the positions read
/// afterwards.
///
/// # Errors
/// A [`FileError`] naming the line and column: a line of one word that is
/// not `u-v` or of three or more words, a bad vertex name, more than
/// [`MAX_PICTURE_FILE_EDGES`] edges, or a file with no edge.
///
/// Time and memory O(V + E) for V vertices and E edges.
pub fn define_file(path: &str, text: &str) -> Result<(), FileError> {
    let file = parse_file(path, text)?;
    let mut files = FILES.lock().unwrap_or_else(|e| e.into_inner());
    files
        .get_or_insert_with(HashMap::default)
        .insert(path.into(), Arc::new(file));
    Ok(())
}

pub(super) fn lookup(path: &str) -> Option<Arc<PictureFile>> {
    let files = FILES.lock().unwrap_or_else(|e| e.into_inner());
    files.as_ref().and_then(|f| f.get(path)).cloned()
}

fn parse_file(path: &str, text: &str) -> Result<PictureFile, FileError> {
    let mut file = PictureFile {
        path: path.into(),
        names: Vec::new(),
        index: HashMap::default(),
        edges: Vec::new(),
        lines: Vec::new(),
    };
    let mut last_line = 0;
    for (i, line) in text.lines().enumerate() {
        last_line = i + 1;
        let at = |column: usize, message: String| FileError {
            line: i + 1,
            column,
            message,
        };
        let words: Vec<(usize, &str)> = crate::comment::words(line).collect();
        let ends: Vec<(usize, &str)> = match words[..] {
            [] => continue,
            [(col, w)] => match w.split_once('-') {
                Some((u, v)) => vec![(col, u), (col + u.chars().count() + 1, v)],
                None => {
                    return Err(at(
                        col,
                        format!("`{w}` is one vertex: a line is one edge `u v` (or `u-v`)"),
                    ))
                }
            },
            [a, b] => vec![a, b],
            [_, _, (col, w), ..] => {
                return Err(at(
                    col,
                    format!("`{w}` is a third word: a line is one edge `u v` (or `u-v`)"),
                ))
            }
        };
        if file.edges.len() >= MAX_PICTURE_FILE_EDGES {
            return Err(at(
                1,
                format!("more than {MAX_PICTURE_FILE_EDGES} edges, the most a picture file holds"),
            ));
        }
        let mut ids = [0u32; 2];
        for (k, &(col, w)) in ends.iter().enumerate() {
            if w.is_empty() {
                return Err(at(col, "an edge `u-v` needs both its vertices".into()));
            }
            if let Some(message) = crate::comment::name_error(w) {
                return Err(at(col, message));
            }
            ids[k] = match file.index.get(w) {
                Some(&v) => v,
                None => {
                    let v = file.names.len() as u32;
                    file.names.push(w.into());
                    file.index.insert(w.into(), v);
                    v
                }
            };
        }
        file.edges.push((ids[0], ids[1]));
        file.lines.push((i + 1) as u32);
    }
    if file.edges.is_empty() {
        return Err(FileError {
            line: last_line.max(1),
            column: 1,
            message: "the file holds no edge: write one edge `u v` a line, 0 the ground".into(),
        });
    }
    Ok(file)
}

/// A picture's tie to its file: the file, its ground, and the file's
/// number (from 0) of each edge of the picture.
#[derive(Clone, Debug)]
pub(crate) struct Source {
    pub(super) file: Arc<PictureFile>,
    pub(super) ground: u32,
    pub(super) origin: Vec<u32>,
}

impl PartialEq for Source {
    fn eq(&self, other: &Source) -> bool {
        Arc::ptr_eq(&self.file, &other.file)
            && self.ground == other.ground
            && self.origin == other.origin
    }
}

impl Eq for Source {}

impl Hash for Source {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.file.path.hash(state);
        self.ground.hash(state);
        self.origin.hash(state);
    }
}

impl Source {
    /// The source of the picture left with the edges `kept` (indices into
    /// this picture's edges, in order).
    pub(crate) fn keep(&self, kept: &[usize]) -> Source {
        Source {
            file: self.file.clone(),
            ground: self.ground,
            origin: kept.iter().map(|&e| self.origin[e]).collect(),
        }
    }

    /// The file's number (from 1) of the picture's edge `edge`.
    pub(crate) fn number(&self, edge: usize) -> usize {
        self.origin[edge] as usize + 1
    }

    /// The name of file vertex `v`.
    pub(crate) fn name(&self, v: u32) -> &str {
        &self.file.names[v as usize]
    }

    /// The file vertex named `name`.
    pub(crate) fn vertex(&self, name: &str) -> Option<u32> {
        self.file.index.get(name).copied()
    }

    /// The picture's edge that is the file's edge `number` (from 1).
    pub(crate) fn edge_numbered(&self, number: usize) -> Option<usize> {
        let want = u32::try_from(number.checked_sub(1)?).ok()?;
        self.origin.binary_search(&want).ok()
    }

    /// Writes the word of a picture with this source whose vertices are
    /// the file vertices `labels`: `file:PATH`, the cuts at the boundary
    /// of what stands (`~3,17`), and the ground when it is not `0`.
    /// O(V + E) of the file.
    pub(crate) fn write(&self, labels: &[u32], f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = &self.file;
        write!(f, "file:{}", file.path)?;
        let mut standing = vec![false; file.names.len()];
        for &v in labels {
            standing[v as usize] = true;
        }
        standing[self.ground as usize] = true;
        let mut present = vec![false; file.edges.len()];
        for &e in &self.origin {
            present[e as usize] = true;
        }
        let mut first = true;
        for (e, &(u, v)) in file.edges.iter().enumerate() {
            if !present[e] && (standing[u as usize] || standing[v as usize]) {
                f.write_str(if first { "~" } else { "," })?;
                write!(f, "{}", e + 1)?;
                first = false;
            }
        }
        let ground = self.name(self.ground);
        if ground != "0" {
            write!(f, "@{ground}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_errors_name_line_and_column() {
        let e = parse_file("t", "0 a\n\n  a b c\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 7), "{e}");
        let e = parse_file("t", "0 a\nb\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1), "{e}");
        let e = parse_file("t", "0 a\na-\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3), "{e}");
        let e = parse_file("t", "0 a\na x#y\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3), "{e}");
        let e = parse_file("t", "# nothing\n\n").unwrap_err();
        assert!(e.message.contains("no edge"), "{e}");
    }

    #[test]
    fn both_edge_forms_loops_and_repeats_are_read() {
        let f = parse_file("t", "0-a\na b # c\n0 0\n0 a\n").unwrap();
        assert_eq!(f.edges, [(0, 1), (1, 2), (0, 0), (0, 1)]);
        assert_eq!(f.lines, [1, 2, 3, 4]);
    }
}
