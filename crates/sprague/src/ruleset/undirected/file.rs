//! Undirected graphs read from a file, `file:PATH`, for Node Kayles, Arc
//! Kayles and Geography: the same notation as the files of
//! [`digraph`](crate::ruleset::digraph) (one edge `u v` per line, a lone
//! name for a vertex with no edge, a `#` standing alone as a word starting
//! a comment ([`crate::comment`]), blank lines skipped), each edge
//! undirected.
//!
//! The library reads no files: a caller that has read one gives its text to
//! [`define_file`], and every position naming `file:PATH` afterwards shares
//! that one graph (a `play` session or a `batch` of positions on one file
//! parses it once).
//!
//! ```
//! use sprague::Position;
//! use sprague::ruleset::undirected::define_file;
//! // A path of three vertices and a lone vertex, read from "doc-p3.txt".
//! define_file("doc-p3.txt", "a b\nb c  # the middle\nd\n")?;
//! let p: Position = "geography file:doc-p3.txt@b".parse()?;
//! assert_eq!(p.grundy_value()?, 1);
//! // Node Kayles on the path a - b - c (d gone): Dawson's chess at 3.
//! let q: Position = "nodekayles file:doc-p3.txt~d".parse()?;
//! assert_eq!(q.grundy_value()?, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap as HashMap;

use super::{Graph, Shape, MAX_VERTICES};

/// The most edges a graph file may hold (before duplicates are merged).
pub const MAX_FILE_EDGES: usize = 4 * MAX_VERTICES;

/// The graphs of the files read so far, by path.
static FILES: Mutex<Option<HashMap<Box<str>, Arc<Graph>>>> = Mutex::new(None);

pub use crate::comment::FileError;

/// Reads the text of the graph file `path` (one undirected edge `u v` per
/// line, or a lone vertex name; `#` comments) and keeps its graph for the
/// positions that name `file:PATH`. Defining a path again replaces its
/// graph for the positions read afterwards.
///
/// Vertex names are words holding none of `- ~ : @ / # , +` (the position
/// notation uses them); vertices are numbered in the order they first
/// appear, and print by name.
///
/// # Errors
/// A [`FileError`] naming the line and column: a line of three or more
/// words, a bad vertex name, a loop `a a`, more than [`MAX_VERTICES`]
/// vertices or [`MAX_FILE_EDGES`] edges, or a file with no vertex.
///
/// Time and memory O(V + E) for V vertices and E edges.
pub fn define_file(path: &str, text: &str) -> Result<(), FileError> {
    let graph = parse_file(path, text)?;
    let mut files = FILES.lock().unwrap_or_else(|e| e.into_inner());
    files
        .get_or_insert_with(HashMap::default)
        .insert(path.into(), Arc::new(graph));
    Ok(())
}

/// The graph of `file:PATH`, once [`define_file`] has read it.
pub(super) fn lookup(path: &str) -> Result<Arc<Graph>, String> {
    let files = FILES.lock().unwrap_or_else(|e| e.into_inner());
    files
        .as_ref()
        .and_then(|f| f.get(path))
        .cloned()
        .ok_or_else(|| {
            format!(
                "the graph file {path} has not been read: the library reads no files; the \
                 command line reads file:PATH itself (sprague::ruleset::undirected::define_file)"
            )
        })
}

fn parse_file(path: &str, text: &str) -> Result<Graph, FileError> {
    let mut names: Vec<Box<str>> = Vec::new();
    let mut index: HashMap<Box<str>, u32> = HashMap::default();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = |column: usize, message: String| FileError {
            line: i + 1,
            column,
            message,
        };
        let words: Vec<(usize, &str)> = crate::comment::words(line).collect();
        if let Some(&(col, w)) = words.get(2) {
            return Err(at(
                col,
                format!("`{w}` is a third word: a line is one edge `u v` or one vertex name"),
            ));
        }
        let mut ids = [0u32; 2];
        for (k, &(col, w)) in words.iter().enumerate() {
            if let Some(message) = crate::comment::name_error(w) {
                return Err(at(col, message));
            }
            ids[k] = match index.get(w) {
                Some(&v) => v,
                None => {
                    if names.len() >= MAX_VERTICES {
                        return Err(at(
                            col,
                            format!("more than {MAX_VERTICES} vertices, the most a graph has"),
                        ));
                    }
                    let v = names.len() as u32;
                    names.push(w.into());
                    index.insert(w.into(), v);
                    v
                }
            };
        }
        if let [_, (col, w)] = words[..] {
            if ids[0] == ids[1] {
                return Err(at(
                    col,
                    format!("`{w} {w}` is a loop: a vertex is not its own neighbour"),
                ));
            }
            if edges.len() >= MAX_FILE_EDGES {
                return Err(at(
                    1,
                    format!("more than {MAX_FILE_EDGES} edges, the most a graph file holds"),
                ));
            }
            edges.push((ids[0], ids[1]));
        }
    }
    if names.is_empty() {
        return Err(FileError {
            line: text.lines().count().max(1),
            column: 1,
            message: "the file names no vertex: write one edge `u v` per line".into(),
        });
    }
    let mut g = Graph::build(&format!("file:{path}"), Shape::Graph, names);
    for (a, b) in edges {
        g.add_edge(a, b);
    }
    Ok(g.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_line_and_column() {
        let e = parse_file("t", "a b\n\n  b c d\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 7), "{e}");
        let e = parse_file("t", "a b\nc  c\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 4), "{e}");
        assert!(e.to_string().contains("loop"), "{e}");
        let e = parse_file("t", "a b\n x-y z\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2), "{e}");
        let e = parse_file("t", "# nothing\n").unwrap_err();
        assert!(e.message.contains("no vertex"), "{e}");
    }

    #[test]
    fn edges_are_undirected_and_merged() {
        let g = parse_file("t", "a b\nb a # again\nc\nb c\n").unwrap();
        assert_eq!(g.len(), 3);
        assert_eq!(g.neighbours(g.vertex("b").unwrap()).len(), 2);
        assert_eq!(g.neighbours(g.vertex("a").unwrap()), &[1]);
    }
}
