//! Node Kayles: a move takes a vertex of a graph, which goes with all its
//! neighbours; a player who cannot move loses (Winning Ways, ch. 4;
//! Schaefer 1978 showed deciding it PSPACE-complete).
//!
//! A component `nodekayles G1 G2 ...` is the sum of its graphs, each
//! written as [`undirected`](super::undirected) reads it (`grid:3x5`,
//! `path:9`, `cycle:7`, `complete:4`, `petersen`, `a-b,b-c`), with the
//! vertices already gone after `~` (`grid:3x5~1,2,6`). A graph falls
//! apart into its connected components, each valued on its own: a path of
//! n vertices is Dawson's chess (octal 0.137) at heap n, since taking an
//! end vertex removes two vertices from one end and taking an inner one
//! removes three, leaving two paths; a cycle of n moves only to a path of
//! n - 3; a complete graph is worth 1. Other components are searched
//! ([`removal`](super::removal)), with a table shared by every position of
//! the ruleset.
//!
//! ```
//! use sprague::Position;
//! // The 3 x 4 grid: 0 (OEIS A316632), so a P-position.
//! let p: Position = "nodekayles grid:3x4".parse()?;
//! assert_eq!(p.grundy_value()?, 0);
//! // A path of 5 is Dawson's chess (octal 0.137) at heap 5, worth 3.
//! let q: Position = "nodekayles path:5".parse()?;
//! assert_eq!(q.grundy_value()?, 3);
//! # Ok::<(), sprague::Error>(())
//! ```

use super::graphgame::{graph_position, GraphRules, Spec};
use super::removal::Kind;
use super::undirected::Part;

/// The position of a `nodekayles` component: its graphs, each with the
/// vertices still in play, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NodeKaylesPosition(pub Vec<Part>);

graph_position!(NodeKaylesPosition);

parse_without_parameter!(
    "nodekayles",
    "nodekayles takes no parameter: write the graphs, e.g. nodekayles grid:3x5 path:7",
    GraphRules::<NodeKaylesPosition>::new(Spec {
        word: "nodekayles",
        kind: Kind::Node,
        board: false,
        summary: "take a vertex; it and its neighbours go",
        note: "Each connected part of a Node Kayles graph is a game of its own. A path of n \
               vertices is Dawson's chess (octal 0.137) at heap n, a cycle of n moves only to \
               a path of n - 3, a complete graph is worth 1; any other part is worth the mex \
               of the values of the graphs its moves leave, found by search (isomorphic parts \
               share one entry of the table).",
    })
);
