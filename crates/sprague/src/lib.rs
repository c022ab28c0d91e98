//! # sprague
//!
//! Impartial combinatorial games: Nim and its relatives, and the
//! Sprague-Grundy theory that ties them together.
//!
//! A [`Position`] is a disjunctive sum of components, each a [`Ruleset`] with
//! its heap sizes, written as in `nim 3 4 5 + sub:1,3,4 20`. An [`Analyzer`]
//! gives its outcome class (P or N), its Grundy value and all its winning
//! moves; the generic [`Solver`] computes the same from the definitions
//! alone for any [`Game`], and is the reference the closed forms are tested
//! against.
//!
//! ```
//! use sprague::{Outcome, Play, Position};
//!
//! let p: Position = "nim 3 4 5".parse()?;
//! assert_eq!(p.grundy_value()?, 2); // 3 ⊕ 4 ⊕ 5 = 2
//! assert_eq!(p.outcome(Play::Normal)?, Outcome::N);
//! let moves = p.winning_moves(Play::Normal)?;
//! assert_eq!(moves[0].display(&p).to_string(), "nim heap 1: 3 -> 1");
//! let after = p.play(&moves[0])?;
//! assert_eq!(after.to_string(), "nim 1 4 5");
//! assert_eq!(after.outcome(Play::Normal)?, Outcome::P);
//! # Ok::<(), sprague::Error>(())
//! ```
//!
//! Moves typed by a person are read against the position they are played
//! in by [`movetext`] (`1 2`, `heap 1 -> 1`, or the whole position `nim 1 4
//! 5`); [`session`] keeps a game of a person against the computer (whose
//! turn, undo, hints, the computer's seeded choice); [`explain`] gives the
//! teaching view (the heaps in binary and why each winning move works).
//!
//! The library does no I/O; the `sprague` command-line program is a thin
//! layer over it.

#![deny(missing_docs)]

mod analysis;
mod args;
mod basis;
pub mod board;
pub mod budget;
pub mod comment;

/// The unit tests count bytes, as the command line does, so that memory
/// budgets are tested.
#[cfg(test)]
#[global_allocator]
static ALLOCATOR: budget::CountingAllocator = budget::CountingAllocator;
pub mod count;
mod drawing;
mod error;
pub mod explain;
mod game;
pub mod grid;
mod illegal;
mod limits;
pub mod loopy;
pub mod misere;
mod moves;
pub mod movetext;
pub mod nimber;
mod outcome;
mod position;
pub mod progress;
pub mod ruleset;
pub mod sequence;
pub mod session;
mod solver;
pub mod takebreak;
mod verify;
mod wrap;

pub use analysis::{Analysis, Analyzer, LoopyAnalysis, MoveList, SumGame, VALUE_BUDGET};
#[doc(hidden)]
pub use args::args_typed_mut;
pub use args::{Args, Numbers, PositionData};
pub use basis::Basis;
pub use error::{Error, ParseError, ParseErrorKind};
pub use game::Game;
pub use illegal::{IllegalMove, IllegalMoveKind, Place};
pub use limits::{
    Limits, ANALYZE_QUOTIENT_STATES, DEFAULT_MAX_PERIOD_SEARCH, DEFAULT_MAX_STATES,
    DEFAULT_MAX_TABLE_WORK, DEFAULT_WORK_PER_STATE, TABLE_MAX_PERIOD_SEARCH,
    THREE_HEAP_PERIOD_SEARCH_DIVISOR, THREE_HEAP_TABLE_DIVISOR, UNBOUNDED_SPLIT_TABLE_DIVISOR,
    WEIGHT_UNIT,
};
pub use moves::{Action, HeapChange, HeapMove, Move, MoveForm, Parts};
pub use nimber::{mex, nim_sum, Nimber};
pub use outcome::{Outcome, Play};
pub use position::{ChangedHeap, Component, MoveChange, MoveText, Position, PositionParser};
pub use ruleset::{
    ArgumentError, DynRules, HeapRules, Heaps, MoveKind, PickNames, Rules, Ruleset, SubtractionSet,
};
pub use solver::Solver;
pub use verify::{verify, verify_positions, verify_with_progress, VerifyReport};

/// README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust examples of the user guide's library chapter, compiled and run
/// as doctests.
#[doc = include_str!("../../../docs/src/library.md")]
#[cfg(doctest)]
pub struct GuideLibraryDoctests;
