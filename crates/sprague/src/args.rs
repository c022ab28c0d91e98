//! The position of one component, of its ruleset's own type.
//!
//! Each ruleset says what a position of its game is
//! ([`Rules::Position`](crate::Rules::Position)): heap sizes, a pair, the
//! nodes tokens stand on (numbers, [`Numbers`]), or a value of a type of
//! its own (Hackenbush pictures; a board, a coin row, a Python object).
//! [`Args`] holds either, type-erased, so that a sum mixes any rulesets; it
//! compares and hashes by value (a position written the same is equal
//! whichever parser read it), and the ruleset's code gets its own type
//! back ([`PositionData::from_args`]).
//!
//! Numbers are kept inline, without a box: heap games, the bulk of the
//! work, pay nothing for the typing.

use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};

/// The position of a ruleset whose arguments are numbers: heap sizes, the
/// coins on each step of a staircase, a Wythoff pair, the nodes of a graph
/// its tokens stand on (numbered by the ruleset).
pub type Numbers = Vec<u64>;

/// The position of one component, type-erased: numbers, or a value of the
/// ruleset's own position type.
///
/// Equal exactly when the values are (and of the same type); the hash is
/// the value's. Cloning a typed value clones it (rulesets keep big parts
/// behind an `Arc`, so it is cheap).
///
/// ```
/// use sprague::Args;
/// let a = Args::from(vec![3, 4, 5]);
/// assert_eq!(a.numbers(), Some(&[3, 4, 5][..]));
/// assert_eq!(a, Args::from(vec![3, 4, 5]));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Args(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Numbers(Numbers),
    Typed(Typed),
}

/// A typed value behind a box. (A newtype: `Box<dyn TypedValue>` itself
/// is not `Clone`, so the blanket impl of [`TypedValue`] cannot apply to
/// the box and calls reach the value inside.)
struct Typed(Box<dyn TypedValue>);

impl Args {
    /// The numbers, for a ruleset whose positions are numbers; `None` for a
    /// typed position.
    pub fn numbers(&self) -> Option<&[u64]> {
        match &self.0 {
            Repr::Numbers(n) => Some(n),
            Repr::Typed(_) => None,
        }
    }

    /// The numbers, or no numbers for a typed position: for code that reads
    /// heaps where a component has them (a typed position has no heaps).
    pub fn numbers_or_empty(&self) -> &[u64] {
        self.numbers().unwrap_or(&[])
    }

    /// The typed value, when it is of type `T`.
    pub fn typed<T: Any>(&self) -> Option<&T> {
        match &self.0 {
            Repr::Typed(t) => t.0.as_any().downcast_ref(),
            Repr::Numbers(_) => None,
        }
    }

    /// The typed value wrapped: the position of a ruleset with a position
    /// type of its own.
    pub fn from_typed<T>(value: T) -> Args
    where
        T: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static,
    {
        Args(Repr::Typed(Typed(Box::new(value))))
    }

    pub(crate) fn numbers_mut(&mut self) -> Option<&mut Numbers> {
        match &mut self.0 {
            Repr::Numbers(n) => Some(n),
            Repr::Typed(_) => None,
        }
    }

    pub(crate) fn typed_mut<T: Any>(&mut self) -> Option<&mut T> {
        match &mut self.0 {
            Repr::Typed(t) => t.0.as_any_mut().downcast_mut(),
            Repr::Numbers(_) => None,
        }
    }
}

impl From<Numbers> for Args {
    fn from(numbers: Numbers) -> Args {
        Args(Repr::Numbers(numbers))
    }
}

impl Default for Args {
    /// No numbers: a component with no heaps.
    fn default() -> Args {
        Args(Repr::Numbers(Vec::new()))
    }
}

impl fmt::Debug for Args {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Numbers(n) => n.fmt(f),
            Repr::Typed(t) => t.0.fmt(f),
        }
    }
}

/// A ruleset's position type, as [`Args`] holds it: [`Numbers`], or any
/// value type of the ruleset's own (implemented with
/// [`typed_position!`](crate::typed_position), or by hand as
/// `hackenbush::Pictures` does to give its argument count).
pub trait PositionData: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// Wraps the position.
    fn into_args(self) -> Args;
    /// The position, when `args` holds one of this type.
    fn from_args(args: &Args) -> Option<&Self>;
    /// The position, mutable, when `args` holds one of this type.
    fn from_args_mut(args: &mut Args) -> Option<&mut Self>;
    /// The numbers, for [`Numbers`]; `None` for a typed position.
    fn as_numbers(&self) -> Option<&[u64]> {
        None
    }
    /// A position made of `numbers`, for [`Numbers`]; `None` for a typed
    /// position type.
    fn from_numbers(numbers: Numbers) -> Option<Self> {
        let _ = numbers;
        None
    }
    /// The number of arguments (heaps, tokens, pictures) the position is
    /// written with: the numbers' count; 1 by default for a typed one.
    fn argument_count(&self) -> usize {
        1
    }
    /// The size of the position in its elementary parts (numbers, edges,
    /// vertices): about what copying, canonicalising and hashing it costs.
    /// The search weighs the options it examines by it
    /// ([`Game::weight`](crate::Game::weight)). By default the
    /// [`argument_count`](PositionData::argument_count).
    fn size(&self) -> usize {
        self.argument_count()
    }
}

impl PositionData for Numbers {
    fn into_args(self) -> Args {
        Args::from(self)
    }
    fn from_args(args: &Args) -> Option<&Numbers> {
        match &args.0 {
            Repr::Numbers(n) => Some(n),
            Repr::Typed(_) => None,
        }
    }
    fn from_args_mut(args: &mut Args) -> Option<&mut Numbers> {
        args.numbers_mut()
    }
    fn as_numbers(&self) -> Option<&[u64]> {
        Some(self)
    }
    fn from_numbers(numbers: Numbers) -> Option<Numbers> {
        Some(numbers)
    }
    fn argument_count(&self) -> usize {
        self.len()
    }
}

/// Implements [`PositionData`] for a ruleset's own position type (one that
/// is `Clone + Eq + Hash + Debug + Send + Sync + 'static`), held typed in
/// [`Args`].
///
/// ```
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct Board(Vec<u8>);
/// sprague::typed_position!(Board);
/// use sprague::PositionData;
/// let args = Board(vec![1, 2]).into_args();
/// assert_eq!(Board::from_args(&args), Some(&Board(vec![1, 2])));
/// assert_eq!(args.numbers(), None);
/// ```
///
/// A type that counts its arguments or size itself gives those methods
/// after it: `typed_position!(Row, { fn argument_count(&self) -> usize
/// { 1 } })`.
#[macro_export]
macro_rules! typed_position {
    ($t:ty) => {
        $crate::typed_position!($t, {});
    };
    // With the other methods of `PositionData` the type gives itself
    // (`argument_count`, `size`).
    ($t:ty, { $($method:item)* }) => {
        impl $crate::PositionData for $t {
            fn into_args(self) -> $crate::Args {
                $crate::Args::from_typed(self)
            }
            fn from_args(args: &$crate::Args) -> Option<&Self> {
                args.typed::<Self>()
            }
            fn from_args_mut(args: &mut $crate::Args) -> Option<&mut Self> {
                $crate::args_typed_mut::<Self>(args)
            }
            $($method)*
        }
    };
}

/// The typed value of `args`, mutable, when it is of type `T` (for
/// [`typed_position!`]).
#[doc(hidden)]
pub fn args_typed_mut<T: Any>(args: &mut Args) -> Option<&mut T> {
    args.typed_mut()
}

/// A typed position, object-safe: equality, hashing and cloning by value.
trait TypedValue: Send + Sync + fmt::Debug {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn eq_dyn(&self, other: &dyn TypedValue) -> bool;
    fn hash_dyn(&self, state: &mut dyn Hasher);
    fn clone_box(&self) -> Box<dyn TypedValue>;
}

impl<T> TypedValue for T
where
    T: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static,
{
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn eq_dyn(&self, other: &dyn TypedValue) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn hash_dyn(&self, mut state: &mut dyn Hasher) {
        std::any::TypeId::of::<T>().hash(&mut state);
        self.hash(&mut state);
    }
    fn clone_box(&self) -> Box<dyn TypedValue> {
        Box::new(self.clone())
    }
}

impl Clone for Typed {
    fn clone(&self) -> Self {
        Typed(self.0.clone_box())
    }
}

impl PartialEq for Typed {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_dyn(&*other.0)
    }
}

impl Eq for Typed {}

impl Hash for Typed {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash_dyn(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Word(String);
    crate::typed_position!(Word);

    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Other(String);
    crate::typed_position!(Other);

    #[test]
    fn typed_positions_compare_and_hash_by_value_and_type() {
        let a = Word("ab".into()).into_args();
        let b = Word("ab".into()).into_args();
        let c = Other("ab".into()).into_args();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, Args::from(vec![1]));
        let mut map = HashMap::new();
        map.insert(a, 1);
        assert_eq!(map.get(&b), Some(&1));
        assert_eq!(map.get(&c), None);
        let mut d = b.clone();
        Word::from_args_mut(&mut d).unwrap().0.push('c');
        assert_ne!(d, b);
        assert_eq!(Word::from_args(&d), Some(&Word("abc".into())));
        assert_eq!(Other::from_args(&d), None);
    }
}

/// Why a component's arguments do not fit its ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArgumentError {
    /// The coins of a staircase on steps 1 to `step` add up to more than
    /// 2^64 - 1, the most it may hold in all (they can all gather on one
    /// step).
    TooManyCoins {
        /// The step (from 1) at which the total passes 2^64 - 1.
        step: usize,
    },
    /// The ruleset takes exactly `expected` arguments (Wythoff's game: the
    /// two heaps of its pair).
    Count {
        /// How many arguments the ruleset takes.
        expected: usize,
        /// How many were given.
        found: usize,
        /// What the arguments are, for the message (`"heaps"`).
        what: &'static str,
    },
    /// A word that is not a Hackenbush picture, and why.
    BadPicture(Box<str>),
    /// A word that is not a graph or a board of a game played on them
    /// (Node Kayles, Cram, Chomp, Geography), and why.
    BadShape(Box<str>),
    /// A position of another type than the ruleset's own
    /// ([`Rules::Position`](crate::Rules::Position)): pictures given to Nim, heaps to Hackenbush.
    OtherGame,
    /// A game given in code has no written positions: its components are
    /// built in code ([`Ruleset::from_game`](crate::Ruleset::from_game)(crate::Ruleset::from_game)).
    NotWritten {
        /// The game's word.
        game: String,
    },
    /// A name that names no node of the graph.
    UnknownNode {
        /// The name given (shortened).
        name: String,
        /// The number of nodes of the graph.
        nodes: usize,
    },
    /// The argument at `index` (from 0 after the ruleset word) is to blame,
    /// and why (`welter 3 3`: the second 3 puts a coin on a square that
    /// holds one).
    At {
        /// The argument to blame, from 0.
        index: usize,
        /// What is wrong with it.
        why: Box<str>,
    },
}

impl ArgumentError {
    /// `Ok` when `found` arguments are the `expected` number, else
    /// [`ArgumentError::Count`] saying `what` they are.
    pub(crate) fn expect_count(
        found: usize,
        expected: usize,
        what: &'static str,
    ) -> Result<(), ArgumentError> {
        if found == expected {
            return Ok(());
        }
        Err(ArgumentError::Count {
            expected,
            found,
            what,
        })
    }

    /// The index (from 0) of the argument to blame, when one is to blame.
    pub fn index(&self) -> Option<usize> {
        match self {
            ArgumentError::TooManyCoins { step } => Some(step - 1),
            ArgumentError::At { index, .. } => Some(*index),
            ArgumentError::Count {
                expected, found, ..
            } if found > expected => Some(*expected),
            ArgumentError::Count { .. }
            | ArgumentError::UnknownNode { .. }
            | ArgumentError::NotWritten { .. }
            | ArgumentError::OtherGame
            | ArgumentError::BadPicture(_)
            | ArgumentError::BadShape(_) => None,
        }
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgumentError::TooManyCoins { step } => write!(
                f,
                "the coins on steps 1 to {step} add up to more than 18446744073709551615, the \
                 most a staircase may hold in all (they can all gather on one step)"
            ),
            ArgumentError::Count {
                expected,
                found,
                what,
            } => write!(
                f,
                "this ruleset takes exactly {expected} {what}, not {found}"
            ),
            ArgumentError::OtherGame => {
                f.write_str("the position is not one of this ruleset's game (of another type)")
            }
            ArgumentError::NotWritten { game } => write!(
                f,
                "{game} is a game given in code: its positions are built in code, not written"
            ),
            ArgumentError::BadPicture(why) => {
                write!(f, "not a Hackenbush picture: {why}")
            }
            ArgumentError::BadShape(why) | ArgumentError::At { why, .. } => f.write_str(why),
            ArgumentError::UnknownNode { name, nodes } => write!(
                f,
                "the graph has no node named {name} (it has {nodes} nodes; node names are \
                 case-sensitive); the arguments of digraph are the nodes its tokens stand on"
            ),
        }
    }
}

impl std::error::Error for ArgumentError {}
