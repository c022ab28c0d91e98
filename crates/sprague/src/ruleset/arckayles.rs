//! Arc Kayles: a move takes an edge of a graph, whose two ends go with
//! every edge at them; a player who cannot move loses (Winning Ways,
//! ch. 4; Schaefer 1978).
//!
//! Graphs are written as for [`nodekayles`](super::nodekayles), vertices
//! gone after `~`. A graph falls apart into its connected components: a
//! path of n vertices is Dawson's Kayles (octal 0.07) at heap n (an edge
//! takes two adjacent vertices, leaving up to two paths); a cycle of n
//! moves only to a path of n - 2; the complete graph K_n is worth 1 when
//! n mod 4 is 2 or 3 and 0 otherwise; other components are searched
//! ([`removal`](super::removal)).
//!
//! ```
//! use sprague::Position;
//! // A 4-cycle: any edge leaves a path of 2, worth 1; so G = 0.
//! let p: Position = "arckayles cycle:4".parse()?;
//! assert_eq!(p.grundy_value()?, 0);
//! # Ok::<(), sprague::Error>(())
//! ```

use super::graphgame::{graph_position, GraphRules, Spec};
use super::removal::Kind;
use super::undirected::Part;

/// The position of an `arckayles` component: its graphs, each with the
/// vertices still in play, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArcKaylesPosition(pub Vec<Part>);

graph_position!(ArcKaylesPosition);

parse_without_parameter!(
    "arckayles",
    "arckayles takes no parameter: write the graphs, e.g. arckayles grid:3x5 cycle:7",
    GraphRules::<ArcKaylesPosition>::new(Spec {
        word: "arckayles",
        kind: Kind::Arc,
        board: false,
        summary: "take an edge u-v; both its ends go",
        note: "Each connected part of an Arc Kayles graph is a game of its own. A path of n \
               vertices is Dawson's Kayles (octal 0.07) at heap n, a cycle of n moves only \
               to a path of n - 2, K_n leaves K_(n-2); any other part is worth the mex of the \
               values of the graphs its moves leave, found by search (isomorphic parts share \
               one entry of the table).",
    })
);
