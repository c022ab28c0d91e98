//! Reading a `digraph:` graph: node names interned as they come
//! ([`Builder`]), target nodes after the last `@`, and what is wrong with
//! a source ([`GraphError`]).

use std::fmt;

use rustc_hash::FxHashMap as HashMap;

use super::MAX_NODES;

/// Why a graph cannot be the board of a `digraph` ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GraphError {
    /// A line or an inline item that is not an edge `u v` (`u>v` inline)
    /// or a lone node name.
    BadEdge {
        /// The line (from 1) or the item (from 1, inline).
        number: usize,
        /// The text found there (shortened).
        text: String,
        /// Whether the edges were inline (`a>b,b>c`) rather than a file.
        inline: bool,
    },
    /// The graph has no node.
    Empty,
    /// A target named after `@` that is not a node of the graph.
    UnknownTarget {
        /// The name written (shortened).
        name: String,
    },
    /// More nodes than the ruleset can index.
    TooManyNodes,
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::BadEdge {
                number,
                text,
                inline: true,
            } => write!(
                f,
                "edge {number} `{text}` is not an edge u>v (edges are separated by commas){}",
                if text.contains('@') {
                    "; an `@` starts the targets, once, after the edges: digraph:a>b,b>c@b,c"
                } else {
                    ""
                }
            ),
            GraphError::BadEdge { number, text, .. } => write!(
                f,
                "line {number} `{text}` is not an edge `u v` (two node names) or a node name{}",
                if text.contains('#') {
                    " (names hold no `#`; a comment starts with `#` and a space)"
                } else if text.contains('@') {
                    " (names hold no `@`, which starts the targets after a graph's source)"
                } else {
                    ""
                }
            ),
            GraphError::Empty => f.write_str("the graph has no node"),
            GraphError::UnknownTarget { name } => write!(
                f,
                "the target `{name}` (after `@`) is not a node of the graph: name the nodes \
                 whose arrival ends the game, as in digraph:a>b,b>c@c"
            ),
            GraphError::TooManyNodes => write!(f, "the graph has more than {MAX_NODES} nodes"),
        }
    }
}

impl std::error::Error for GraphError {}

/// The edges read from a source, node names interned in order of first
/// appearance.
#[derive(Default)]
pub(super) struct Builder {
    pub(super) names: Vec<Box<str>>,
    pub(super) index: HashMap<Box<str>, u32>,
    pub(super) edges: Vec<(u32, u32)>,
}

impl Builder {
    pub(super) fn node(&mut self, name: &str) -> Result<u32, GraphError> {
        if let Some(&i) = self.index.get(name) {
            return Ok(i);
        }
        if self.names.len() >= MAX_NODES {
            return Err(GraphError::TooManyNodes);
        }
        let i = self.names.len() as u32;
        self.names.push(name.into());
        self.index.insert(name.into(), i);
        Ok(i)
    }
}

impl Builder {
    /// Takes away every edge out of the nodes named in `targets` (names
    /// separated by commas): a token that reaches one cannot move on, so
    /// with one token the player who moves it there wins.
    pub(super) fn sink(&mut self, targets: Option<&str>) -> Result<(), GraphError> {
        let Some(targets) = targets else {
            return Ok(());
        };
        let mut sunk = vec![false; self.names.len()];
        for name in targets.split(',') {
            match self.index.get(name) {
                Some(&u) => sunk[u as usize] = true,
                None => {
                    return Err(GraphError::UnknownTarget {
                        name: shorten(name),
                    })
                }
            }
        }
        self.edges.retain(|&(u, _)| !sunk[u as usize]);
        Ok(())
    }
}

/// Splits a `digraph:` SOURCE at its last `@`: the graph (a path or
/// inline edges) and the target nodes after it, if any.
///
/// ```
/// use sprague::ruleset::digraph::split_targets;
/// assert_eq!(split_targets("g.txt@end"), ("g.txt", Some("end")));
/// assert_eq!(split_targets("a>b,b>c@b,c"), ("a>b,b>c", Some("b,c")));
/// assert_eq!(split_targets("a>b"), ("a>b", None));
/// ```
pub fn split_targets(source: &str) -> (&str, Option<&str>) {
    match source.rsplit_once('@') {
        Some((graph, targets)) => (graph, Some(targets)),
        None => (source, None),
    }
}

/// Shortens `text` to 40 characters for a message.
pub(super) fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// Whether `name` can name a node: not empty, no space, no control
/// character (a NUL byte in a file is not part of a name), and none of the
/// characters the notations use (`>`, `,`, `+`, `#`, `:`, and `@`, which
/// starts the targets after a source).
pub(super) fn is_node_name(name: &str) -> bool {
    !name.is_empty()
        && !name.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '>' | ',' | '+' | '#' | ':' | '@')
        })
}
