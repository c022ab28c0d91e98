//! The game-theoretic interfaces a ruleset implements.
//!
//! A ruleset is a type. A ruleset whose every heap is a game of its own
//! (Nim, subtraction games, take-and-break games, Grundy's game)
//! implements [`HeapRules`]: the options of one heap, its Grundy value, its
//! moves to a given value. [`Heaps`](super::heaps::Heaps) turns any
//! `HeapRules` into [`Rules`], the interface of a whole component, by the
//! Sprague-Grundy theorem (a component is worth the nim-sum of its heaps).
//! A ruleset whose moves touch several arguments at once (Moore's Nim_k,
//! staircase Nim, Wythoff's game) implements [`Rules`] directly.
//!
//! A component's position is of the ruleset's own type
//! ([`Rules::Position`]): [`Numbers`](crate::Numbers) (heap sizes, coins on steps, a pair,
//! the nodes tokens stand on) or a value type of its own (Hackenbush
//! pictures). The rest of the library holds it type-erased, as
//! [`Args`](crate::Args), and reaches the rules through [`DynRules`](crate::DynRules)
//! (implemented for every `Rules`), which hands each ruleset its own type.

use std::fmt;
use std::ops::ControlFlow;

use super::{ArgumentError, MoveKind};
use crate::args::PositionData;
use crate::takebreak::MoveSet;
use crate::{Action, Basis, Error, HeapMove, IllegalMoveKind, Limits, Outcome, Play};

/// Picks a number below its argument (which is at least 1): the source of
/// a random move's choices.
pub type Pick<'a> = &'a mut dyn FnMut(u64) -> u64;

/// Receives moves one at a time; returning `Break` stops the enumeration.
pub type Visit<'a, M> = &'a mut dyn FnMut(M) -> ControlFlow<()>;

/// The interface of a whole component of a ruleset: its moves, its Grundy
/// value and the basis that decided it, its moves to a target value, and
/// how its moves are checked and applied. Every method takes the
/// component's arguments (`args`, checked by [`Rules::check_arguments`]).
///
/// Implemented by each whole-component ruleset's type and, for heap games,
/// by [`Heaps`](super::heaps::Heaps). Registered by one line in
/// [`ruleset`](super)'s registry.
pub trait Rules: Send + Sync + fmt::Debug + 'static {
    /// The rules written in one canonical way: two rulesets are equal
    /// exactly when these are (`sub:1-3` and `sub:3,1,2` both give
    /// `sub:1,2,3`).
    fn canonical(&self) -> String;

    /// The kind of move this ruleset's components have (the [`Action`]
    /// variant its moves use).
    fn move_kind(&self) -> MoveKind;

    /// The type of a component's position: [`Numbers`](crate::Numbers) (heap sizes, coins
    /// on steps, a pair, the nodes tokens stand on) or a value type of the
    /// ruleset's own (Hackenbush pictures), made a [`PositionData`] with
    /// [`typed_position!`](crate::typed_position).
    type Position: PositionData;

    /// Reads one argument word that names a number, for a ruleset whose
    /// position is [`Numbers`](crate::Numbers) written as names (the nodes of a graph,
    /// [`Rules::has_named_arguments`]); the position parser reads plain
    /// numbers itself.
    ///
    /// # Errors
    /// An [`ArgumentError`] saying why the word names nothing.
    fn parse_argument(&self, word: &str) -> Result<u64, ArgumentError> {
        let _ = word;
        Err(ArgumentError::Count {
            expected: 0,
            found: 1,
            what: "named arguments",
        })
    }

    /// Reads a component's position from its argument words, for a ruleset
    /// whose arguments are not plain numbers ([`Rules::has_named_arguments`]).
    /// The default reads each word with [`Rules::parse_argument`], for a
    /// position of [`Numbers`](crate::Numbers).
    ///
    /// # Errors
    /// The index of the word to blame (from 0) and why.
    fn parse_position(&self, words: &[&str]) -> Result<Self::Position, (usize, ArgumentError)> {
        let mut numbers = Vec::with_capacity(words.len());
        for (i, word) in words.iter().enumerate() {
            numbers.push(self.parse_argument(word).map_err(|e| (i, e))?);
        }
        Self::Position::from_numbers(numbers).ok_or((
            0,
            ArgumentError::Count {
                expected: 0,
                found: words.len(),
                what: "number arguments",
            },
        ))
    }

    /// Writes argument `index` of `args` as the user would type it: a
    /// number by default, a node's name, a picture.
    ///
    /// # Errors
    /// Only those of the formatter.
    fn write_argument(
        &self,
        args: &Self::Position,
        index: usize,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        match args.as_numbers().and_then(|n| n.get(index)) {
            Some(&n) => self.write_number(n, f),
            None => write!(f, "{args:?}"),
        }
    }

    /// Writes one number of a position of [`Numbers`](crate::Numbers) as the user would
    /// type it: the number itself by default, a node's name for a graph
    /// (what [`Rules::parse_argument`] reads back).
    ///
    /// # Errors
    /// Only those of the formatter.
    fn write_number(&self, n: u64, f: &mut dyn fmt::Write) -> fmt::Result {
        write!(f, "{n}")
    }

    /// The position made of argument `index` alone (one heap, one token,
    /// one picture), for rulesets whose arguments are games of their own
    /// (a position is their sum): how `--explain` values each. `None` when
    /// there is no such argument or the arguments are not separate games
    /// (the default: Moore's heaps, a staircase's steps and a Wythoff pair
    /// are one game together).
    fn argument_alone(&self, args: &Self::Position, index: usize) -> Option<Self::Position> {
        let _ = (args, index);
        None
    }

    /// The independent parts of a position, when it falls apart into
    /// games of its own whose sum it is (a row of heaps into its heaps,
    /// pictures, tokens; a graph into its connected components), or `None`
    /// when it is one part. The search values each part once and XORs
    /// them (the Sprague-Grundy theorem). The default: each argument alone
    /// ([`Rules::argument_alone`]) when there are two or more and every
    /// one is a game of its own, else `None`.
    fn split(&self, args: &Self::Position) -> Option<Vec<Self::Position>> {
        let count = self.argument_count(args);
        if count < 2 {
            return None;
        }
        (0..count).map(|i| self.argument_alone(args, i)).collect()
    }

    /// The number of arguments of a position (heaps, pictures, tokens).
    fn argument_count(&self, args: &Self::Position) -> usize {
        args.argument_count()
    }

    /// Whether the arguments are not plain numbers: names (the nodes of a
    /// graph) or values of the ruleset's own (pictures), which
    /// [`Rules::parse_position`] reads and [`Rules::write_argument`]
    /// writes.
    fn has_named_arguments(&self) -> bool {
        false
    }

    /// Checks that `args` make a component of this ruleset (their number;
    /// for a staircase, a total of at most 2^64 - 1 coins).
    ///
    /// # Errors
    /// An [`ArgumentError`] naming the first offending argument where there
    /// is one.
    fn check_arguments(&self, args: &Self::Position) -> Result<(), ArgumentError> {
        let _ = args;
        Ok(())
    }

    /// The component's Grundy value and the basis that decided it, found
    /// together in one pass: closed forms before tables, tables before
    /// search.
    ///
    /// # Errors
    /// Limit errors when a table or search would pass `limits`.
    fn valued(&self, args: &Self::Position, limits: &Limits) -> Result<(u64, Basis), Error>;

    /// The Grundy value by a closed form alone (no table, no search), where
    /// one applies.
    fn closed_value(&self, args: &Self::Position) -> Option<u64>;

    /// The outcome of a lone component under `play` when a theorem gives it
    /// without the Grundy value (Moore's theorem, Wythoff's theorem), with
    /// that theorem's basis; `None` otherwise. When it answers,
    /// [`Rules::lone_winning_moves`] lists the moves to P-positions.
    fn lone_outcome(&self, args: &Self::Position, play: Play) -> Option<(Outcome, Basis)> {
        let _ = (args, play);
        None
    }

    /// Every move of a lone component to a P-position under `play`, passed
    /// to `f` until it breaks; called only where [`Rules::lone_outcome`]
    /// answers.
    ///
    /// # Errors
    /// [`Error::Internal`] when the ruleset has no such theorem.
    fn lone_winning_moves(
        &self,
        args: &Self::Position,
        play: Play,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let _ = (args, play, limits, f);
        Err(Error::Internal(format!(
            "{} has no theorem for the winning moves of a lone component",
            self.canonical()
        )))
    }

    /// Writes `action`, a move in a component of this ruleset with
    /// arguments `args` (before the move), named `word` as the user wrote
    /// it, in `form`. The default writes the standard kinds of move
    /// ([`write_action`](crate::ruleset::write_action)); a
    /// ruleset whose arguments are not numbers of tokens writes its own.
    ///
    /// # Errors
    /// Only those of the formatter.
    fn write_move(
        &self,
        word: &str,
        args: &Self::Position,
        action: &Action,
        form: crate::MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let _ = args;
        crate::ruleset::write_action(word, action, form, f)
    }

    /// The steps that reduce the component to its value, in words, for
    /// `--explain` (Hackenbush: the fusion and colon principles per
    /// picture); empty when the value note says all.
    fn value_steps(&self, args: &Self::Position) -> Vec<String> {
        let _ = args;
        Vec::new()
    }

    /// The moves from a component with arguments `before` to one with
    /// `after`, for a ruleset whose moves are not read from the arguments
    /// alone ([`MoveKind::Cut`]): how a move typed as the whole position is
    /// read. Empty when none leads there.
    fn actions_between(&self, before: &Self::Position, after: &Self::Position) -> Vec<Action> {
        let _ = (before, after);
        Vec::new()
    }

    /// The move of argument `place` that a person names by `name`, for a
    /// ruleset whose moves are named rather than counted ([`MoveKind::Cut`]:
    /// an edge of a picture, by its number or as `u-v`); `None` when
    /// `name` names none.
    fn named_move(&self, args: &Self::Position, place: usize, name: &str) -> Option<Action> {
        let _ = (args, place, name);
        None
    }

    /// The Grundy value of a lone argument for every argument a component
    /// can take, named, when they are finitely many and known (the nodes of
    /// a graph, in the order the graph names them); `None` otherwise.
    fn argument_values(&self) -> Option<Vec<(String, u64)>> {
        None
    }

    /// Whether every component is a Nim position (valued by Bouton's
    /// theorem; misère play by the misère Nim rule): Nim, Moore's Nim_1.
    fn is_nim(&self) -> bool {
        false
    }

    /// Whether a lone argument plays exactly like a Nim heap (G(n) = n).
    fn single_heap_is_nim(&self) -> bool {
        false
    }

    /// Whether the winning moves are few enough to list all of them for
    /// any arguments (at most one per argument and value).
    fn few_winning_moves(&self) -> bool;

    /// The number of winning moves of a lone component when the theory
    /// counts them cheaply and it is below 2^64.
    fn count_winning_moves(&self, args: &Self::Position) -> Option<u64> {
        let _ = args;
        None
    }

    /// Whether the component has at least one move (without listing its
    /// moves where a rule says).
    ///
    /// # Errors
    /// Errors other than the state limit from listing the moves.
    fn has_moves(&self, args: &Self::Position, limits: &Limits) -> Result<bool, Error> {
        let mut actions = Vec::new();
        match self.moves(args, limits, &mut actions) {
            Ok(()) => Ok(!actions.is_empty()),
            Err(Error::StateLimit { .. }) => Ok(true),
            Err(e) => Err(e),
        }
    }

    /// Every move of the component, appended to `out`.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when there are more than `limits.max_states`.
    fn moves(
        &self,
        args: &Self::Position,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error>;

    /// Every move to a component of Grundy value `target`, given the
    /// present value `value`, passed to `f` in order until it breaks.
    ///
    /// # Errors
    /// Limit errors from tables and searches.
    fn moves_to(
        &self,
        args: &Self::Position,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error>;

    /// A move chosen with `pick` when there are too many to list (the
    /// caller tries listing first); `None` when there is none. By default
    /// one of [`moves`](Rules::moves), uniformly: rules whose moves can be
    /// too many to list (heaps near 2^64) choose one without the list.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when no move can be found within `limits`.
    fn random_move(
        &self,
        args: &Self::Position,
        limits: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let mut all = Vec::new();
        self.moves(args, limits, &mut all)?;
        if all.is_empty() {
            return Ok(None);
        }
        let i = pick(all.len() as u64) as usize;
        Ok(Some(all.swap_remove(i)))
    }

    /// Checks that `action` is a legal move of the component; `word` is
    /// the ruleset's word, for the error.
    ///
    /// # Errors
    /// What makes the move illegal.
    fn check(
        &self,
        word: &str,
        args: &Self::Position,
        action: &Action,
    ) -> Result<(), IllegalMoveKind>;

    /// Applies a legal `action` (checked by [`Rules::check`]) to `args`.
    fn apply(&self, args: &mut Self::Position, action: &Action);

    /// Puts `args` into the canonical form of a search key (heap games
    /// ignore order and empty heaps).
    fn canonicalize(&self, args: &mut Self::Position);

    /// One sentence for `--explain` on how a component of the ruleset
    /// named `word` is valued.
    fn value_note(&self, word: &str) -> String;

    /// What a move may do, in a few words for the move-text help, where
    /// the move kind alone does not say it (Wythoff's game: "take from one
    /// heap, or the same number from both"); `None` to let the kind say.
    fn move_summary(&self) -> Option<String> {
        None
    }

    /// The name of node `node` (an argument, as the ruleset numbers its
    /// nodes) of a ruleset whose arguments are named, as
    /// [`Action::Token`] numbers them; `None` for
    /// rulesets of numbers or a node it does not have.
    fn node_name(&self, node: u64) -> Option<String> {
        let _ = node;
        None
    }

    /// What a move of [`MoveKind::Pick`] takes, by
    /// the names its notation gives (for the JSON of a move); `None` for
    /// other kinds of move.
    fn pick_names(&self, args: &Self::Position, action: &Action) -> Option<PickNames> {
        let _ = (args, action);
        None
    }

    /// The per-heap interface, for heap games.
    fn as_heap_rules(&self) -> Option<&dyn HeapRules> {
        None
    }

    /// How a component is drawn ([`crate::board`]), when the ruleset's
    /// kind of move does not say it (Wythoff's grid, Hackenbush's
    /// pictures, a graph with tokens); `None` to let the kind say.
    fn shape(&self, args: &Self::Position) -> Option<crate::drawing::Shape> {
        let _ = args;
        None
    }

    /// Whether play from `args` can go on forever: a cycle of the game's
    /// graph can be reached from it, so it may be drawn
    /// ([`loopy`](crate::loopy)). The analyzer then values every component
    /// of the sum by [`generalized_value`](Rules::generalized_value)
    /// (normal play only). The default, for games that end, is false.
    fn is_loopy(&self, args: &Self::Position) -> bool {
        let _ = args;
        false
    }

    /// The generalized Sprague-Grundy value of `args` (Smith 1966): a
    /// number, or ∞(K) for a position that can be played forever. The
    /// default, for games that end, is the Grundy value of
    /// [`valued`](Rules::valued).
    ///
    /// # Errors
    /// As for [`valued`](Rules::valued).
    fn generalized_value(
        &self,
        args: &Self::Position,
        limits: &Limits,
    ) -> Result<crate::loopy::GenValue, Error> {
        Ok(crate::loopy::GenValue::Finite(self.valued(args, limits)?.0))
    }

    /// The remoteness of `args` as a game of its own (Smith 1966; Winning
    /// Ways, ch. 9), when the ruleset has it at hand (`Some(None)`: a
    /// draw); `None` (the default) lets the analyzer search for it.
    fn known_remoteness(&self, args: &Self::Position) -> Option<Option<u64>> {
        let _ = args;
        None
    }
}

/// The interface of a heap game: a ruleset whose every heap is a game of
/// its own, so that a move changes one heap (replacing it by at most three
/// parts) and a component is worth the nim-sum of its heaps' values.
pub trait HeapRules: Send + Sync + fmt::Debug + 'static {
    /// The rules written in one canonical way (see [`Rules::canonical`]).
    fn canonical(&self) -> String;

    /// G(heap) and what decided it: [`Basis::Bouton`] for Nim,
    /// [`Basis::Period`] for a closed form or a proven period,
    /// [`Basis::Table`] for a computed table.
    ///
    /// # Errors
    /// Limit errors when a table would pass `limits`.
    fn heap_value(&self, heap: u64, limits: &Limits) -> Result<(u64, Basis), Error>;

    /// G(heap) by a closed form, where there is one.
    fn closed_heap_value(&self, heap: u64) -> Option<u64> {
        let _ = heap;
        None
    }

    /// The preperiod and period of the nim-sequence by a closed form.
    fn closed_period(&self) -> Option<(u64, u64)> {
        None
    }

    /// The preperiod and period by a closed form, the period as a `u128`
    /// so that one past 2^64 - 1 (`sub:1,2,K` with K + 1 = 2^64) is said
    /// too. The default widens [`HeapRules::closed_period`].
    fn closed_period_wide(&self) -> Option<(u64, u128)> {
        self.closed_period().map(|(n0, p)| (n0, u128::from(p)))
    }

    /// Why the nim-sequence has no period, when a theorem says so (its
    /// values are unbounded: the divisor game, the fraction game); `None`
    /// when nothing is known.
    fn no_period(&self) -> Option<String> {
        None
    }

    /// The histogram of G(0), ..., G(`max`) by a closed form, where there
    /// is one, as a weighted sum of prefix intervals of values: pairs
    /// `(L, w)` such that the number of heaps `n <= max` with G(n) = v is
    /// the sum of the `w` of the pairs with `v < L`. Nim is `[(max + 1,
    /// 1)]`. Read by [`count`](crate::count), which counts P-positions
    /// from it without listing the heaps; at most four pairs.
    fn closed_histogram(&self, max: u64) -> Option<Vec<(u128, u128)>> {
        let _ = max;
        None
    }

    /// Every option of one heap, appended to `out`.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when there are more than `limits.max_states`.
    fn options(&self, heap: u64, limits: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error>;

    /// The moves of one heap to a heap (or parts) of Grundy value `target`,
    /// passed to `f` in order until it breaks.
    ///
    /// # Errors
    /// Limit errors from the ruleset's table.
    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error>;

    /// Whether `m` is a legal option of a heap of size `heap` (its parts
    /// and removed tokens add up to the heap).
    fn is_legal(&self, heap: u64, m: &HeapMove) -> bool;

    /// Whether a heap of size `heap` has a move, when a rule says without
    /// listing them.
    fn has_moves(&self, heap: u64) -> Option<bool> {
        let _ = heap;
        None
    }

    /// Whether a move may leave more tokens than the heap held, each heap
    /// left smaller than it (a `rule:` turning 2x into three heaps of x):
    /// such a move is written with no tokens removed. False by default:
    /// a move's parts and removed tokens add up to the heap.
    fn may_add_tokens(&self) -> bool {
        false
    }

    /// One option of a heap chosen with `pick` (without listing all of them
    /// where the rules allow); `None` when the heap has none.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when the options cannot be found within
    /// `limits`.
    fn random_move(
        &self,
        heap: u64,
        limits: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<HeapMove>, Error> {
        let mut options = Vec::new();
        self.options(heap, limits, &mut options)?;
        if options.is_empty() {
            return Ok(None);
        }
        Ok(Some(options[pick(options.len() as u64) as usize]))
    }

    /// The moves in the shape of the nim-sequence engine, for rulesets whose
    /// values come from a computed table.
    fn move_set(&self) -> Option<&MoveSet> {
        None
    }

    /// The nim-sequence the ruleset keeps itself, outside the engine's
    /// [`MoveSet`] (the rule language, [`rule`](super::rule)), for
    /// `sequence` and `period`; `None` for the others.
    fn own_sequence(&self) -> Option<&dyn super::own_sequence::OwnSequence> {
        None
    }

    /// Whether a heap has at most one move to each value (so all winning
    /// moves of any component can be listed).
    fn few_winning_moves(&self) -> bool {
        false
    }

    /// Whether this is Nim (G(n) = n, every smaller heap an option).
    fn is_nim(&self) -> bool {
        false
    }

    /// One sentence for `--explain` on how a heap of the ruleset named
    /// `word` is valued.
    fn value_note(&self, word: &str) -> String {
        format!(
            "Each heap of {word} is a game of its own; G(n), the value of a heap of n, comes \
             from the nim-sequence of {word}."
        )
    }
}

/// What a [`MoveKind::Pick`] move takes, named as
/// its ruleset's notation names it ([`Rules::pick_names`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PickNames {
    /// Node Kayles' vertex, Arc Kayles' edge (its two ends), Cram's domino
    /// (its two cells, `R.C`) or Chomp's square (`R.C`, row from the
    /// bottom), of graph or board `part` (from 0) of the component.
    Taken {
        /// The graph's or board's index in its component.
        part: usize,
        /// The vertex, the two ends, the two cells or the square.
        names: Vec<String>,
    },
    /// A Geography token moves from vertex `before` to vertex `after`.
    Token {
        /// The token's index in its component.
        token: usize,
        /// The vertex it stood on.
        before: String,
        /// The vertex it moves to.
        after: String,
    },
}
