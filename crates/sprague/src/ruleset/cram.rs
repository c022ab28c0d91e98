//! Cram: a move places a domino on two empty adjacent cells of a board,
//! across or down; a player who cannot move loses (Gardner 1974; Winning
//! Ways, ch. 8, where Cram is impartial Domineering).
//!
//! A board is written as rows from the top separated by `/`, `.` an empty
//! cell and `#` a filled one (`..#/..../....`), or as its size `RxC`
//! (empty); cells are named `R.C` from `1.1` at the top left, and a move
//! names its two cells, `1.1-1.2`. Cram is Arc Kayles on the graph of the
//! empty cells (a domino is an edge whose ends go), so it is valued by the
//! same search ([`removal`](super::removal)): the board falls apart into
//! regions of connected empty cells, each a game of its own; a strip
//! (a region that is a path of n cells, as every 1 x n board) is Dawson's
//! Kayles (octal 0.07) at heap n; a region's mirror images and rotations
//! share one entry of the search's table (the canonical labelling sees
//! only the graph).
//!
//! ```
//! use sprague::Position;
//! // 2 x 2: every domino leaves a domino's worth: G = mex{1} = 0.
//! let p: Position = "cram 2x2".parse()?;
//! assert_eq!(p.grundy_value()?, 0);
//! // 1 x 7 is Dawson's Kayles at 7: G = 1.
//! let q: Position = "cram 1x7".parse()?;
//! assert_eq!(q.grundy_value()?, 1);
//! # Ok::<(), sprague::Error>(())
//! ```

use super::graphgame::{graph_position, GraphRules, Spec};
use super::removal::Kind;
use super::undirected::Part;

/// The position of a `cram` component: its boards, each with the cells
/// still empty, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CramPosition(pub Vec<Part>);

graph_position!(CramPosition);

parse_without_parameter!(
    "cram",
    "cram takes no parameter: write the boards, e.g. cram 4x5 ..#/...",
    GraphRules::<CramPosition>::new(Spec {
        word: "cram",
        kind: Kind::Arc,
        board: true,
        summary: "place a domino on two empty adjacent cells, R.C-R.C",
        note: "Cram is Arc Kayles on the graph of the empty cells. Each region of connected \
               empty cells is a game of its own; a strip of n cells is Dawson's Kayles \
               (octal 0.07) at heap n; any other region is worth the mex of the values of \
               the boards its moves leave, found by search (a region and its mirror images \
               share one entry of the table).",
    })
);
