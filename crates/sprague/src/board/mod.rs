//! Drawings of positions, and the move each click on a drawing makes: what
//! a page (the one of `sprague serve`) needs to show a game as itself and
//! take moves by direct manipulation, as GamesmanUni does.
//!
//! Each component of a position is drawn as one [`Shape`]: heaps of
//! tokens taken from the end (Nim, subtraction games, a staircase's steps),
//! rows of pins knocked down in runs (Kayles and the other take-and-break
//! games that split a row), a grid with a queen (Wythoff's game), the
//! pictures of Green Hackenbush, a graph with its tokens (`digraph`),
//! undirected graphs laid out (Node Kayles, Arc Kayles, Geography), boards
//! of cells (Cram's dominoes, Chomp's bites), coins in a row or a grid
//! (the coin-turning games), a strip of squares (Welter's game) or one
//! heap with the most the next move may take (Fibonacci Nim).
//! The shape is the ruleset's own description
//! ([`Rules::shape`](crate::ruleset::Rules::shape)), or else follows from
//! the ruleset's kind of move ([`MoveKind`]); a ruleset of no drawn kind
//! is [`Shape::Text`], its moves listed.
//!
//! Every legal move of a drawn component is a [`Click`]: where on the
//! drawing it is made ([`Target`]), the move text that plays it (as
//! [`movetext::write`] writes it, so `play` and the page read it back with
//! [`movetext::parse`]), and the move in words ([`movetext::describe`]).
//! The moves come from the rules themselves, so a click is never an
//! illegal move and every legal move of a drawn component has a click.
//!
//! ```
//! use sprague::board::{self, Shape, Target};
//! use sprague::{movetext, Position};
//! let p: Position = "kayles 7".parse()?;
//! let boards = board::boards(&p);
//! assert_eq!(boards[0].shape, Shape::PinRows { rows: vec![7] });
//! // Knocking down the middle pin (pin 4, from 1) leaves two rows of 3.
//! let middle = boards[0]
//!     .clicks
//!     .iter()
//!     .find(|c| c.target == Target::Run { row: 0, start: 3, len: 1 })
//!     .unwrap();
//! let after = p.play(&movetext::parse(&p, &middle.text)?)?;
//! assert_eq!(after.to_string(), "kayles 3 3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Serialize;

pub use crate::drawing::{
    CellBoard, NetworkShape, PictureShape, Piece, Shape, MAX_DRAWN, MAX_LISTED,
};
use crate::moves::MoveKind;
use crate::{movetext, Action, Component, Limits, Move, Position};

/// Where on a [`Shape`] a move is made.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "on", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Target {
    /// Token `index` (from 0) of heap `heap`: the move leaves `index`
    /// tokens in the heap (takes that token and every one after it).
    Token {
        /// The heap (or step), from 0.
        heap: usize,
        /// The token, from 0; the heap keeps this many.
        index: u64,
    },
    /// A run of `len` pins of row `row` from pin `start` (from 0) knocked
    /// down; `len` 0 splits the row between pins `start - 1` and `start`.
    Run {
        /// The row, from 0.
        row: usize,
        /// The first pin knocked down, from 0.
        start: u64,
        /// How many pins.
        len: u64,
    },
    /// The queen moves to the cell (a, b).
    Cell {
        /// The first number after the move.
        a: u64,
        /// The second.
        b: u64,
    },
    /// Edge `edge` of picture `picture` (both from 0) is cut.
    Edge {
        /// The picture.
        picture: usize,
        /// The edge, in the order of the notation.
        edge: usize,
    },
    /// Token `token` (from 0) slides to node `to`.
    Slide {
        /// The token.
        token: usize,
        /// The node it goes to.
        to: u64,
    },
    /// Vertex `vertex` of graph `part` is taken (Node Kayles) or the
    /// token goes there (Geography).
    Vertex {
        /// The graph, from 0.
        part: usize,
        /// The vertex, as [`NetworkShape::names`] numbers it.
        vertex: u32,
    },
    /// The edge between `ends` of graph `part` is taken (Arc Kayles).
    Link {
        /// The graph, from 0.
        part: usize,
        /// Its two vertices, the smaller first.
        ends: [u32; 2],
    },
    /// A domino on two adjacent cells of board `part`, each `[row,
    /// column]` as drawn (from the top left, from 0).
    Domino {
        /// The board, from 0.
        part: usize,
        /// The two cells.
        cells: [[u32; 2]; 2],
    },
    /// The square at `row`, `col` of board `part` as drawn (from the top
    /// left, from 0) is bitten off with every square above and right of
    /// it.
    Square {
        /// The board, from 0.
        part: usize,
        /// The row as drawn.
        row: u32,
        /// The column.
        col: u32,
    },
    /// The coins `coins` (`[row, column]`) are turned over; `at`, the last
    /// of them, goes from heads to tails.
    Turn {
        /// The coin going from heads to tails.
        at: [u64; 2],
        /// Every coin turned, `at` among them.
        coins: Vec<[u64; 2]>,
    },
    /// The checker of row `row` (from 0) on square `from` slides to `to`
    /// (squares from 1).
    Checker {
        /// The row.
        row: usize,
        /// The checker's square.
        from: u64,
        /// The square it goes to.
        to: u64,
    },
    /// A move not made on the drawing: listed as a button.
    List,
}

/// One move of a drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Click {
    /// Where it is made.
    #[serde(flatten)]
    pub target: Target,
    /// The move text that plays it ([`movetext::write`]).
    pub text: String,
    /// The move in words ([`movetext::describe`]).
    pub label: String,
}

/// The drawing of one component and its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The component's place in the position, from 0.
    pub component: usize,
    /// The component as written (`kayles 3 3`).
    pub notation: String,
    /// How it is drawn.
    pub shape: Shape,
    /// Every legal move, unless `typed_only`.
    pub clicks: Vec<Click>,
    /// Whether the moves are too many to list (a heap past [`MAX_DRAWN`],
    /// or more than [`MAX_LISTED`] moves): they are typed.
    pub typed_only: bool,
}

/// The drawing of each component of `position`, with every legal move as
/// a click (see the module documentation).
///
/// Cost: listing each drawn component's moves, at most [`MAX_LISTED`]
/// options each (a larger component is drawn without clicks).
pub fn boards(position: &Position) -> Vec<Board> {
    position
        .components()
        .iter()
        .enumerate()
        .map(|(i, c)| board(position, i, c))
        .collect()
}

/// The shape of a component: the ruleset's own, or the one of its kind of
/// move.
pub fn shape(c: &Component) -> Shape {
    let rules = c.ruleset().rules();
    if let Some(shape) = rules.shape(c.args()) {
        return shape;
    }
    let Some(numbers) = c.args().numbers() else {
        return Shape::Text;
    };
    match c.ruleset().move_kind() {
        MoveKind::Heap if c.ruleset().is_heap_game() => {
            let splits = c
                .ruleset()
                .move_set()
                .is_some_and(|m| !m.split2.is_empty() || !m.split3.is_empty());
            if splits {
                Shape::PinRows {
                    rows: numbers.to_vec(),
                }
            } else {
                Shape::Heaps {
                    heaps: numbers.to_vec(),
                    unit: "heap",
                }
            }
        }
        MoveKind::Heaps { .. } => Shape::Heaps {
            heaps: numbers.to_vec(),
            unit: "heap",
        },
        MoveKind::Stair => Shape::Heaps {
            heaps: numbers.to_vec(),
            unit: "step",
        },
        _ => Shape::Text,
    }
}

fn board(position: &Position, i: usize, c: &Component) -> Board {
    let shape = shape(c);
    let too_big = match &shape {
        Shape::Heaps { heaps: n, .. } | Shape::PinRows { rows: n } => {
            n.iter().any(|&h| h > MAX_DRAWN)
        }
        Shape::Grid { queen } => queen.iter().any(|&h| h > MAX_DRAWN),
        Shape::Strip { squares, .. } => *squares > MAX_DRAWN,
        Shape::Checkers { width, .. } => *width > MAX_DRAWN,
        Shape::Limited { heap, .. } => *heap > MAX_DRAWN,
        _ => false,
    };
    let limits = Limits {
        max_states: MAX_LISTED,
        ..Limits::default()
    };
    let mut actions = Vec::new();
    let listed = !too_big
        && c.ruleset()
            .component_moves(c.args(), &limits, &mut actions)
            .is_ok()
        && actions.len() <= MAX_LISTED;
    let mut clicks = Vec::new();
    if listed {
        for action in actions {
            let mv = Move {
                component: i,
                action,
            };
            let text = movetext::write(position, &mv);
            let label = movetext::describe(position, &mv);
            for target in targets(&shape, &mv.action) {
                clicks.push(Click {
                    target,
                    text: text.clone(),
                    label: label.clone(),
                });
            }
        }
    }
    Board {
        component: i,
        notation: c.to_string(),
        shape,
        clicks,
        typed_only: !listed,
    }
}

/// Where `action` is made on `shape` (a move of pins may be made at two
/// places of a row: leaving 1 and 5 of 7 is knocking pin 2 or pin 6).
fn targets(shape: &Shape, action: &Action) -> Vec<Target> {
    if let Some(t) = pieces::targets(shape, action) {
        return t;
    }
    let list = vec![Target::List];
    match (shape, action) {
        (
            Shape::Heaps { .. },
            Action::Heap {
                heap,
                from,
                removed,
                parts,
            },
        ) if parts.count() <= 1 && parts.total() == from - removed => {
            vec![Target::Token {
                heap: *heap,
                index: from - removed,
            }]
        }
        (Shape::Heaps { .. }, Action::Stair { step, from, coins }) => vec![Target::Token {
            heap: *step,
            index: from - coins,
        }],
        (Shape::Heaps { .. }, Action::Heaps { changes }) if changes.len() == 1 => {
            vec![Target::Token {
                heap: changes[0].heap,
                index: changes[0].to,
            }]
        }
        (
            Shape::PinRows { .. },
            Action::Heap {
                heap,
                from,
                removed,
                parts,
            },
        ) if parts.total() + removed == *from => {
            let row = *heap;
            let len = *removed;
            // K >= 4 equal heaps are not drawn as runs: the list below.
            match *parts.listed().unwrap_or(&[0; 4]) {
                [] => vec![Target::Run { row, start: 0, len }],
                [p] => {
                    let mut t = vec![Target::Run { row, start: p, len }];
                    if len > 0 {
                        t.insert(0, Target::Run { row, start: 0, len });
                    }
                    t
                }
                [a, b] => {
                    let mut t = vec![Target::Run { row, start: a, len }];
                    if a != b {
                        t.push(Target::Run { row, start: b, len });
                    }
                    t
                }
                _ => list,
            }
        }
        (Shape::Grid { queen }, Action::Heaps { changes }) => {
            let mut cell = *queen;
            for ch in changes {
                if let Some(x) = cell.get_mut(ch.heap) {
                    *x = ch.to;
                }
            }
            vec![Target::Cell {
                a: cell[0],
                b: cell[1],
            }]
        }
        (Shape::Hackenbush { .. }, Action::Cut { part, edge }) => vec![Target::Edge {
            picture: *part,
            edge: *edge,
        }],
        (Shape::Graph { .. }, Action::Token { token, to, .. }) => vec![Target::Slide {
            token: *token,
            to: *to,
        }],
        _ => list,
    }
}

mod pieces;

#[cfg(test)]
mod tests;
