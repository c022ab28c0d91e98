//! [`DynRules`]: the rules of any ruleset with its position type erased,
//! as the rest of the library holds them.

use std::fmt;
use std::ops::ControlFlow;

use super::rules::{HeapRules, Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::args::{Args, PositionData};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Outcome, Play};

/// The error for a position of another type than the ruleset's.
fn mismatch<R: Rules>(rules: &R) -> Error {
    Error::Internal(format!(
        "a position of another game was given to {}",
        rules.canonical()
    ))
}

/// Declares [`DynRules`] and implements it for every [`Rules`] from one
/// list, each method written once: its signature over [`Args`] and, as its
/// body, how it hands the ruleset its own position type (the erasure).
/// A method added to `Rules` for the rest of the library is one entry
/// here.
macro_rules! erased_rules {
    (
        $(#[$trait_meta:meta])*
        impl<$r:ident: Rules> {
            $(
                $(#[$meta:meta])*
                fn $name:ident(&$s:ident $(, $arg:tt: $ty:ty)* $(,)?) $(-> $ret:ty)? $body:block
            )*
        }
    ) => {
        $(#[$trait_meta])*
        pub trait DynRules: Send + Sync + fmt::Debug + 'static {
            $(
                $(#[$meta])*
                fn $name(&$s $(, $arg: $ty)*) $(-> $ret)?;
            )*
        }

        impl<$r: Rules> DynRules for $r {
            $(
                fn $name(&$s $(, $arg: $ty)*) $(-> $ret)? $body
            )*
        }
    };
}

erased_rules! {
    /// The interface of [`Rules`] over type-erased positions ([`Args`]),
    /// implemented for every `Rules`: each call hands the ruleset its own
    /// position type. A position of another type than the ruleset's (which
    /// [`Component`](crate::Component) never holds) is an internal error where
    /// the method can fail, and has no moves, no closed value and no steps
    /// where it cannot.
    ///
    /// See [`Rules`] for what each method means.
    #[allow(missing_docs)]
    impl<R: Rules> {
        fn canonical(&self) -> String {
            Rules::canonical(self)
        }
        fn move_kind(&self) -> MoveKind {
            Rules::move_kind(self)
        }
        fn has_named_arguments(&self) -> bool {
            Rules::has_named_arguments(self)
        }
        fn parse_argument(&self, word: &str) -> Result<u64, ArgumentError> {
            Rules::parse_argument(self, word)
        }
        /// Reads a component's position from its argument words
        /// ([`Rules::parse_position`]).
        fn parse_position(&self, words: &[&str]) -> Result<Args, (usize, ArgumentError)> {
            Rules::parse_position(self, words).map(PositionData::into_args)
        }
        /// Whether `args` holds a position of this ruleset's type.
        fn accepts(&self, args: &Args) -> bool {
            R::Position::from_args(args).is_some()
        }
        /// Writes every argument, each after one space.
        fn write_position(&self, args: &Args, f: &mut dyn fmt::Write) -> fmt::Result {
            let Some(p) = R::Position::from_args(args) else {
                return write!(f, " {args:?}");
            };
            if let (Some(numbers), false) = (p.as_numbers(), Rules::has_named_arguments(self)) {
                let mut buf = itoa::Buffer::new();
                for &n in numbers {
                    f.write_str(" ")?;
                    f.write_str(buf.format(n))?;
                }
                return Ok(());
            }
            for i in 0..Rules::argument_count(self, p) {
                f.write_str(" ")?;
                Rules::write_argument(self, p, i, f)?;
            }
            Ok(())
        }
        fn write_argument(&self, args: &Args, index: usize, f: &mut dyn fmt::Write) -> fmt::Result {
            match R::Position::from_args(args) {
                Some(p) => Rules::write_argument(self, p, index, f),
                None => write!(f, "{args:?}"),
            }
        }
        fn write_number(&self, n: u64, f: &mut dyn fmt::Write) -> fmt::Result {
            Rules::write_number(self, n, f)
        }
        fn argument_alone(&self, args: &Args, index: usize) -> Option<Args> {
            let p = R::Position::from_args(args)?;
            Rules::argument_alone(self, p, index).map(PositionData::into_args)
        }
        /// The independent parts of a position ([`Rules::split`]).
        fn split(&self, args: &Args) -> Option<Vec<Args>> {
            let p = R::Position::from_args(args)?;
            let parts = Rules::split(self, p)?;
            Some(parts.into_iter().map(PositionData::into_args).collect())
        }
        fn argument_count(&self, args: &Args) -> usize {
            R::Position::from_args(args).map_or(0, |p| Rules::argument_count(self, p))
        }
        /// The position's size in elementary parts ([`PositionData::size`]).
        fn size(&self, args: &Args) -> usize {
            R::Position::from_args(args).map_or(0, PositionData::size)
        }
        fn check_arguments(&self, args: &Args) -> Result<(), ArgumentError> {
            match R::Position::from_args(args) {
                Some(p) => Rules::check_arguments(self, p),
                None => Err(ArgumentError::OtherGame),
            }
        }
        fn valued(&self, args: &Args, limits: &Limits) -> Result<(u64, Basis), Error> {
            let p = R::Position::from_args(args).ok_or_else(|| mismatch(self))?;
            Rules::valued(self, p, limits)
        }
        fn closed_value(&self, args: &Args) -> Option<u64> {
            Rules::closed_value(self, R::Position::from_args(args)?)
        }
        fn lone_outcome(&self, args: &Args, play: Play) -> Option<(Outcome, Basis)> {
            Rules::lone_outcome(self, R::Position::from_args(args)?, play)
        }
        fn lone_winning_moves(
            &self,
            args: &Args,
            play: Play,
            limits: &Limits,
            f: Visit<'_, Action>,
        ) -> Result<ControlFlow<()>, Error> {
            let p = R::Position::from_args(args).ok_or_else(|| mismatch(self))?;
            Rules::lone_winning_moves(self, p, play, limits, f)
        }
        fn write_move(
            &self,
            word: &str,
            args: &Args,
            action: &Action,
            form: MoveForm,
            f: &mut dyn fmt::Write,
        ) -> fmt::Result {
            match R::Position::from_args(args) {
                Some(p) => Rules::write_move(self, word, p, action, form, f),
                None => crate::ruleset::write_action(word, action, form, f),
            }
        }
        fn value_steps(&self, args: &Args) -> Vec<String> {
            R::Position::from_args(args).map_or_else(Vec::new, |p| Rules::value_steps(self, p))
        }
        fn actions_between(&self, before: &Args, after: &Args) -> Vec<Action> {
            match (
                R::Position::from_args(before),
                R::Position::from_args(after),
            ) {
                (Some(b), Some(a)) => Rules::actions_between(self, b, a),
                _ => Vec::new(),
            }
        }
        fn named_move(&self, args: &Args, place: usize, name: &str) -> Option<Action> {
            Rules::named_move(self, R::Position::from_args(args)?, place, name)
        }
        fn argument_values(&self) -> Option<Vec<(String, u64)>> {
            Rules::argument_values(self)
        }
        fn is_nim(&self) -> bool {
            Rules::is_nim(self)
        }
        fn single_heap_is_nim(&self) -> bool {
            Rules::single_heap_is_nim(self)
        }
        fn few_winning_moves(&self) -> bool {
            Rules::few_winning_moves(self)
        }
        fn count_winning_moves(&self, args: &Args) -> Option<u64> {
            Rules::count_winning_moves(self, R::Position::from_args(args)?)
        }
        fn has_moves(&self, args: &Args, limits: &Limits) -> Result<bool, Error> {
            let p = R::Position::from_args(args).ok_or_else(|| mismatch(self))?;
            Rules::has_moves(self, p, limits)
        }
        fn moves(&self, args: &Args, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
            let p = R::Position::from_args(args).ok_or_else(|| mismatch(self))?;
            Rules::moves(self, p, limits, out)
        }
        fn moves_to(
            &self,
            args: &Args,
            value: u64,
            target: u64,
            limits: &Limits,
            f: Visit<'_, Action>,
        ) -> Result<ControlFlow<()>, Error> {
            let p = R::Position::from_args(args).ok_or_else(|| mismatch(self))?;
            Rules::moves_to(self, p, value, target, limits, f)
        }
        fn random_move(
            &self,
            args: &Args,
            limits: &Limits,
            pick: Pick<'_>,
        ) -> Result<Option<Action>, Error> {
            let p = R::Position::from_args(args).ok_or_else(|| mismatch(self))?;
            Rules::random_move(self, p, limits, pick)
        }
        fn check(&self, word: &str, args: &Args, action: &Action) -> Result<(), IllegalMoveKind> {
            match R::Position::from_args(args) {
                Some(p) => Rules::check(self, word, p, action),
                None => Err(IllegalMoveKind::Forbidden {
                    ruleset: word.into(),
                    rule: "the position is not one of this game",
                }),
            }
        }
        fn apply(&self, args: &mut Args, action: &Action) {
            if let Some(p) = R::Position::from_args_mut(args) {
                Rules::apply(self, p, action);
            }
        }
        fn canonicalize(&self, args: &mut Args) {
            if let Some(p) = R::Position::from_args_mut(args) {
                Rules::canonicalize(self, p);
            }
        }
        fn value_note(&self, word: &str) -> String {
            Rules::value_note(self, word)
        }
        fn move_summary(&self) -> Option<String> {
            Rules::move_summary(self)
        }
        fn node_name(&self, node: u64) -> Option<String> {
            Rules::node_name(self, node)
        }
        fn pick_names(&self, args: &Args, action: &Action) -> Option<super::rules::PickNames> {
            Rules::pick_names(self, R::Position::from_args(args)?, action)
        }
        fn as_heap_rules(&self) -> Option<&dyn HeapRules> {
            Rules::as_heap_rules(self)
        }
        fn shape(&self, args: &Args) -> Option<crate::drawing::Shape> {
            R::Position::from_args(args).and_then(|p| Rules::shape(self, p))
        }
        fn is_loopy(&self, args: &Args) -> bool {
            R::Position::from_args(args).is_some_and(|p| Rules::is_loopy(self, p))
        }
        fn generalized_value(
            &self,
            args: &Args,
            limits: &Limits,
        ) -> Result<crate::loopy::GenValue, Error> {
            let p = R::Position::from_args(args).ok_or_else(|| mismatch(self))?;
            Rules::generalized_value(self, p, limits)
        }
        fn known_remoteness(&self, args: &Args) -> Option<Option<u64>> {
            Rules::known_remoteness(self, R::Position::from_args(args)?)
        }
    }
}
