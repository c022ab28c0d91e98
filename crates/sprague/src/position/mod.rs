//! Positions: disjunctive sums of components, their notation (SPEC section
//! 1), and playing moves on them.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::args::Args;

mod change;
mod parse;
mod written;
use crate::error::ParseErrorKind;
use crate::{Action, Error, IllegalMoveKind, Limits, Move, ParseError, Place, Ruleset};
pub use change::{ChangedHeap, MoveChange};
pub use parse::PositionParser;
pub use written::MoveText;

/// One component of a position: a ruleset and its position, of the
/// ruleset's own type (heap sizes, coins on steps for staircase Nim,
/// Hackenbush pictures).
///
/// Built by parsing a position or with the checked [`Component::new`], so
/// that every component satisfies its ruleset's invariants (a staircase
/// holds at most 2^64 - 1 coins in all) and prints as text that parses back
/// to it.
///
/// ```
/// use sprague::{Component, Ruleset};
/// let c = Component::new(Ruleset::nim(), vec![3, 4, 5])?;
/// assert_eq!(c.to_string(), "nim 3 4 5");
/// let stairs = "staircase".parse::<Ruleset>()?;
/// assert!(Component::new(stairs, vec![u64::MAX, 1]).is_err());
/// # Ok::<(), sprague::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Component {
    ruleset: Ruleset,
    args: Args,
}

impl Component {
    /// A component of `ruleset` with the given arguments (heap sizes, or
    /// the coins on each step of a staircase), checked as the position
    /// parser checks them.
    ///
    /// # Errors
    /// A [`ParseError`] of kind
    /// [`BadArguments`](crate::ParseErrorKind::BadArguments) when the
    /// ruleset cannot take these arguments (a staircase holding more than
    /// 2^64 - 1 coins in all, which a move could gather on one step).
    pub fn new(ruleset: Ruleset, heaps: Vec<u64>) -> Result<Component, ParseError> {
        Component::with_args(ruleset, Args::from(heaps))
    }

    /// A component of `ruleset` at the position `args`, of the ruleset's own
    /// position type ([`Rules::Position`](crate::Rules::Position)), checked
    /// as the position parser checks it.
    ///
    /// # Errors
    /// A [`ParseError`] of kind
    /// [`BadArguments`](crate::ParseErrorKind::BadArguments) when `args` is
    /// not a position of this ruleset (of another type, or breaking its
    /// invariants).
    pub fn with_args(ruleset: Ruleset, args: Args) -> Result<Component, ParseError> {
        if !ruleset.rules().accepts(&args) {
            return Err(ParseError::new(ParseErrorKind::BadArguments(
                crate::ArgumentError::OtherGame,
            )));
        }
        ruleset
            .check_arguments(&args)
            .map_err(|why| ParseError::new(ParseErrorKind::BadArguments(why)))?;
        Ok(Component { ruleset, args })
    }

    /// A component whose arguments are known to satisfy the ruleset's
    /// invariants (parsed, or reached by a legal move from such a one).
    pub(crate) fn unchecked(ruleset: Ruleset, heaps: Vec<u64>) -> Component {
        Component {
            ruleset,
            args: Args::from(heaps),
        }
    }

    /// A component at a position known to be of the ruleset's type.
    pub(crate) fn unchecked_args(ruleset: Ruleset, args: Args) -> Component {
        Component { ruleset, args }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The position, of the ruleset's own type, type-erased.
    pub fn args(&self) -> &Args {
        &self.args
    }

    /// The heap sizes (the numbers of a ruleset whose position is
    /// [`Numbers`](crate::Numbers): heaps, coins on steps, a pair, the nodes
    /// tokens stand on), in the order given; empty for a position of a
    /// type of its own (Hackenbush pictures: see [`Component::args`]).
    pub fn heaps(&self) -> &[u64] {
        self.args.numbers_or_empty()
    }

    /// The number of arguments (heaps, tokens, pictures).
    pub fn argument_count(&self) -> usize {
        self.ruleset.rules().argument_count(&self.args)
    }

    /// The size of the position in elementary parts (heaps, tokens, edges
    /// of pictures, vertices of graphs): see
    /// [`PositionData::size`](crate::PositionData::size).
    pub fn size(&self) -> usize {
        self.ruleset.rules().size(&self.args)
    }
}

impl fmt::Display for Component {
    /// The ruleset word followed by the heap sizes, separated by single
    /// spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ruleset.word())?;
        if let (Some(numbers), false) = (self.args.numbers(), self.ruleset.has_named_arguments()) {
            let mut buf = itoa::Buffer::new();
            for &h in numbers {
                f.write_str(" ")?;
                f.write_str(buf.format(h))?;
            }
            return Ok(());
        }
        self.ruleset.rules().write_position(&self.args, f)
    }
}

/// A position: a disjunctive sum of components (Winning Ways, ch. 2; Conway,
/// On Numbers and Games, ch. 11). A move is made in exactly one component.
///
/// Parsed from and printed in the notation of SPEC section 1: components
/// joined by `+`, each a ruleset word followed by heap sizes from 0 to
/// 2^64 - 1. Printing normalises spacing and keeps ruleset words as
/// written, so printing and parsing again gives the same position.
///
/// The empty position (no components) is a P-position under normal play;
/// it is written as a component with no heaps, e.g. `nim`, or built with
/// [`Position::default`].
///
/// ```
/// use sprague::{Position, Outcome, Play};
/// let p: Position = "nim 3   4 5 +sub:1,2 10".parse()?;
/// assert_eq!(p.to_string(), "nim 3 4 5 + sub:1,2 10");
/// assert_eq!("nim 1 2 3".parse::<Position>()?.outcome(Play::Normal)?, Outcome::P);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    components: Vec<Component>,
}

impl Position {
    /// A position made of the given components.
    pub fn new(components: Vec<Component>) -> Position {
        Position { components }
    }

    /// A one-component Nim position with the given heap sizes.
    ///
    /// ```
    /// assert_eq!(sprague::Position::nim(&[3, 4, 5]).to_string(), "nim 3 4 5");
    /// ```
    pub fn nim(heaps: &[u64]) -> Position {
        Position::new(vec![Component::unchecked(Ruleset::nim(), heaps.to_vec())])
    }

    /// The components, in the order given.
    pub fn components(&self) -> &[Component] {
        &self.components
    }

    /// Whether the position has no component at all.
    pub fn is_empty(&self) -> bool {
        self.components.is_empty()
    }

    /// The size of the whole position in elementary parts: the sum of its
    /// components' [`Component::size`].
    pub fn size(&self) -> usize {
        self.components.iter().map(Component::size).sum()
    }

    /// The total number of heaps (arguments) over all components.
    pub fn heap_count(&self) -> usize {
        self.components.iter().map(Component::argument_count).sum()
    }

    /// Every legal move, component by component, heap by heap.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when a heap has more options than
    /// `limits.max_states` (for example a Nim heap of 10^12).
    pub fn moves(&self, limits: &Limits) -> Result<Vec<Move>, Error> {
        let mut moves = Vec::new();
        let mut actions = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            actions.clear();
            c.ruleset.component_moves(&c.args, limits, &mut actions)?;
            moves.extend(actions.drain(..).map(|action| self.make_move(i, action)));
        }
        Ok(moves)
    }

    /// Whether any move is left (the game is over when none is), decided
    /// without listing the moves where the rules make it plain (a Nim heap
    /// above 0); cheap for huge heaps.
    ///
    /// ```
    /// use sprague::{Limits, Position};
    /// let limits = Limits::default();
    /// assert!(!"nim 0 0 + sub:3,4 2".parse::<Position>()?.has_moves(&limits)?);
    /// assert!("nim 0 18446744073709551615".parse::<Position>()?.has_moves(&limits)?);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    ///
    /// # Errors
    /// Errors of a ruleset's tables other than the state limit (a component
    /// with too many moves to list has moves).
    pub fn has_moves(&self, limits: &Limits) -> Result<bool, Error> {
        for c in &self.components {
            if c.ruleset.component_has_moves(&c.args, limits)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A move in component `component` of this position.
    pub(crate) fn make_move(&self, component: usize, action: Action) -> Move {
        Move { component, action }
    }

    /// The position after `mv`, which is checked to be legal here.
    ///
    /// Components and heaps keep their places: a heap taken to nothing stays
    /// as 0, a heap that splits is replaced in place by its parts in
    /// increasing order.
    ///
    /// # Errors
    /// [`Error::IllegalMove`] saying why, when the move does not fit this
    /// position or its ruleset forbids it.
    pub fn play(&self, mv: &Move) -> Result<Position, Error> {
        let Some(c) = self.components.get(mv.component) else {
            return Err(Error::IllegalMove(
                IllegalMoveKind::NoSuch {
                    place: Place::Component,
                    index: mv.component,
                    count: self.components.len(),
                }
                .into(),
            ));
        };
        c.ruleset
            .check(&c.args, &mv.action)
            .map_err(|kind| Error::IllegalMove(kind.into()))?;
        Ok(self.play_unchecked(mv))
    }

    /// The position after a move known to be legal here.
    pub(crate) fn play_unchecked(&self, mv: &Move) -> Position {
        let mut after = self.clone();
        let c = &mut after.components[mv.component];
        c.ruleset.apply(&mut c.args, &mv.action);
        after
    }

    /// A representative of the positions with the same game tree, for
    /// search keys: heaps of heap games sorted and without zeros, components
    /// without heaps dropped.
    pub(crate) fn canonical(&self) -> Position {
        let mut components: Vec<Component> = self
            .components
            .iter()
            .map(|c| {
                let mut args = c.args.clone();
                c.ruleset.canonicalize(&mut args);
                Component::unchecked_args(c.ruleset.clone(), args)
            })
            .filter(|c| c.argument_count() > 0)
            .collect();
        // Numbers in order; typed positions by a fixed hash (equal ones
        // side by side: the order only makes equal sums equal keys).
        let typed_key = |c: &Component| {
            if c.args.numbers().is_some() {
                return 0;
            }
            let mut h = rustc_hash::FxHasher::default();
            c.args.hash(&mut h);
            h.finish()
        };
        components.sort_by(|a, b| {
            (a.ruleset.word(), a.heaps(), typed_key(a)).cmp(&(
                b.ruleset.word(),
                b.heaps(),
                typed_key(b),
            ))
        });
        Position { components }
    }
}

impl fmt::Display for Position {
    /// The normalised notation: components joined by ` + `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.components.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Position, ParseError> {
        PositionParser::new().parse(text)
    }
}
