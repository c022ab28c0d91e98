//! The one error for a move that is not legal where it is played, shared by
//! [`Position::play`](crate::Position::play),
//! [`movetext::parse`](crate::movetext::parse) and the
//! [`session`](crate::session): what is wrong, in structured fields, and a
//! message in words.

use std::fmt;

use crate::moves::Parts;

/// What a number in an illegal move counts: a component of a sum, a heap, or
/// a step of a staircase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Place {
    /// A component of a sum.
    Component,
    /// A heap.
    Heap,
    /// A step of a staircase.
    Step,
    /// A token on a graph.
    Token,
    /// A picture of Green Hackenbush.
    Picture,
    /// A move in a game's own list of moves.
    Move,
    /// A graph or a board of a game played on them (Node Kayles, Cram, ...).
    Part,
}

impl Place {
    /// The noun: `component`, `heap`, `step`.
    pub fn noun(self) -> &'static str {
        match self {
            Place::Component => "component",
            Place::Heap => "heap",
            Place::Step => "step",
            Place::Token => "token",
            Place::Picture => "picture",
            Place::Move => "move",
            Place::Part => "graph, board or row",
        }
    }

    /// The plural noun: `components`, `heaps`, `steps`.
    pub fn nouns(self) -> &'static str {
        match self {
            Place::Component => "components",
            Place::Heap => "heaps",
            Place::Step => "steps",
            Place::Token => "tokens",
            Place::Picture => "pictures",
            Place::Move => "moves",
            Place::Part => "graphs, boards or rows",
        }
    }

    /// `token`/`tokens`, or `coin`/`coins` on a step, for `n` of them.
    fn unit(self, n: u64) -> &'static str {
        match (self == Place::Step, n == 1) {
            (true, true) => "coin",
            (true, false) => "coins",
            (false, true) => "token",
            (false, false) => "tokens",
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.noun())
    }
}

/// What is wrong with an illegal move.
///
/// Indexes (`index`, `heap`, `step`, `component`) count from 0, as in
/// [`Move`](crate::Move) and [`Action`](crate::Action); `number` fields hold
/// a number as the user typed it, counting from 1. Messages count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalMoveKind {
    /// There is no component, heap or step `index` (there are `count`).
    NoSuch {
        /// What is missing.
        place: Place,
        /// Its index, from 0.
        index: usize,
        /// How many there are.
        count: usize,
    },
    /// A typed component, heap or step number names none: there are `count`,
    /// described by `within` (the list of components, or the component).
    NoSuchNumbered {
        /// What is missing.
        place: Place,
        /// The number typed, from 1.
        number: u64,
        /// How many there are.
        count: usize,
        /// For a component, the components listed (`c1 = nim 3, c2 = …`);
        /// for a heap or step, the component.
        within: String,
    },
    /// The position has no component, so no move.
    EmptyPosition,
    /// The component at `component` has another ruleset than the move's.
    WrongRuleset {
        /// The component's index, from 0.
        component: usize,
        /// Its ruleset word.
        is: String,
        /// The ruleset word of the move.
        claimed: String,
    },
    /// A heap or step holds other than the move says (checked by the rules).
    HoldsOther {
        /// A heap or a step.
        place: Place,
        /// Its index, from 0.
        index: usize,
        /// What it holds.
        has: u64,
        /// What the move says it holds.
        claimed: u64,
    },
    /// A typed move says a heap or step holds other than it does
    /// (`2 5 -> 3` when heap 2 holds 4).
    TypedOther {
        /// A heap or a step.
        place: Place,
        /// The number typed, from 1.
        number: u64,
        /// What it holds.
        has: u64,
        /// What the move says it holds.
        claimed: u64,
    },
    /// The ruleset does not allow taking the heap from `from` to `parts`.
    NotAllowed {
        /// The ruleset word.
        ruleset: String,
        /// The heap's index, from 0.
        heap: usize,
        /// Its size.
        from: u64,
        /// What the move leaves in its place.
        parts: Parts,
    },
    /// A move of several heaps in a ruleset whose moves change one heap.
    OneHeapAtATime {
        /// The ruleset word.
        ruleset: String,
    },
    /// A move of several heaps that names none.
    NoHeapNamed,
    /// A move that takes from more heaps than `moore:K` allows.
    TooManyHeaps {
        /// The ruleset word.
        ruleset: String,
        /// K, the most heaps a move may take from.
        max: u64,
        /// The heaps the move takes from.
        count: usize,
    },
    /// A move that names a heap twice.
    NamedTwice {
        /// The heap's index, from 0.
        heap: usize,
    },
    /// A move that does not make a heap smaller.
    MustGetSmaller {
        /// The heap's index, from 0.
        heap: usize,
        /// Its size.
        from: u64,
        /// The size the move leaves.
        to: u64,
    },
    /// A move the ruleset's rules forbid, with the rule it breaks (Wythoff's
    /// game: taking from both heaps takes the same number from each).
    Forbidden {
        /// The ruleset word.
        ruleset: String,
        /// The rule, in words.
        rule: &'static str,
    },
    /// A cut of an edge a picture does not have.
    NoSuchEdge {
        /// The picture's index, from 0.
        picture: usize,
        /// The edge's number, from 1.
        edge: usize,
        /// The number of edges of the picture.
        count: usize,
    },
    /// A token moved along an edge the graph does not have.
    NoEdge {
        /// The ruleset word.
        ruleset: String,
        /// The edge, `u > v`: the node the token stands on, the node it
        /// was to go to.
        edge: String,
    },
    /// A move of a token that stands on another node than the move says.
    TokenElsewhere {
        /// The token's index, from 0.
        token: usize,
        /// The node it stands on.
        is: String,
        /// The node the move says.
        claimed: String,
    },
    /// A staircase move in a ruleset without steps.
    NoSteps {
        /// The ruleset word.
        ruleset: String,
    },
    /// A staircase move carrying no coins, or more than the step holds.
    CoinsOutOfRange {
        /// The step's index, from 0.
        step: usize,
        /// The coins on the step.
        has: u64,
        /// The coins the move carries.
        coins: u64,
    },
    /// Taking 0 from a heap or step of a ruleset whose moves change several
    /// heaps or carry coins.
    TakeAtLeastOne {
        /// A heap or a step.
        place: Place,
        /// The number typed, from 1.
        number: u64,
    },
    /// Taking 0 from a heap.
    TakeZero {
        /// The heap number typed, from 1.
        number: u64,
    },
    /// Taking more than a heap or step holds.
    TakeTooMany {
        /// A heap or a step.
        place: Place,
        /// The number typed, from 1.
        number: u64,
        /// What it holds.
        has: u64,
        /// What the move takes.
        take: u64,
    },
    /// Leaving more than a heap or step holds.
    CannotLeave {
        /// A heap or a step.
        place: Place,
        /// The number typed, from 1.
        number: u64,
        /// What it holds.
        has: u64,
        /// The sizes the move leaves.
        sizes: Vec<u64>,
    },
    /// A move that says what it takes and what it leaves, which do not add
    /// up to the heap.
    DoesNotAddUp {
        /// A heap or a step.
        place: Place,
        /// The number typed, from 1.
        number: u64,
        /// What it holds.
        has: u64,
        /// What the move takes.
        taken: u64,
        /// The sizes the move leaves.
        sizes: Vec<u64>,
    },
    /// A move that leaves a heap or step as it is.
    Unchanged {
        /// A heap or a step.
        place: Place,
        /// The number typed, from 1.
        number: u64,
    },
    /// A move in more than three parts of one heap.
    TooManyParts {
        /// The heaps the move leaves.
        count: usize,
    },
    /// A position typed as the move's result with another number of
    /// components.
    ComponentCount {
        /// The position typed.
        after: String,
        /// Its components.
        count: usize,
        /// The position the move is made in.
        position: String,
        /// Its components.
        expected: usize,
    },
    /// A position typed as the move's result that is the position itself.
    NoChange {
        /// The position typed.
        after: String,
    },
    /// A position typed as the move's result in which several components
    /// changed.
    SeveralComponents {
        /// The components that changed, indexes from 0.
        components: Vec<usize>,
    },
    /// A position typed as the move's result with another number of heaps or
    /// steps in a ruleset that keeps them.
    PlaceCount {
        /// The ruleset word.
        ruleset: String,
        /// Heaps or steps.
        place: Place,
        /// How many the component has.
        count: usize,
        /// The position typed.
        after: String,
        /// How many it has.
        typed: usize,
    },
    /// A position typed as the move's result that no move reaches.
    Unreachable {
        /// The position the move is made in.
        position: String,
        /// The position typed.
        after: String,
    },
    /// A position typed as the move's result in which a heap grew.
    Grows {
        /// The heap's index, from 0.
        heap: usize,
        /// Its size.
        from: u64,
        /// Its size in the position typed.
        to: u64,
    },
    /// A staircase position typed as the move's result that no carry of
    /// coins to the step below reaches.
    NotACarry,
    /// A position typed as the move's result with fewer heaps.
    HeapRemoved,
    /// A position typed as the move's result in which one heap became more
    /// than three.
    TooManyNewHeaps {
        /// The heaps that appeared.
        count: usize,
    },
    /// No reading of a typed move fits the position.
    NoMoveFits,
}

impl fmt::Display for IllegalMoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalMoveKind as K;
        match self {
            K::NoSuch {
                place: Place::Component,
                index,
                count,
            } => write!(
                f,
                "there is no component {} (the position has {count})",
                index + 1
            ),
            K::NoSuch {
                place: Place::Move,
                index,
                count,
            } => write!(
                f,
                "there is no move {} (the game lists {count} moves from this position)",
                index + 1
            ),
            K::NoSuch {
                place: Place::Step,
                index,
                count,
            } => write!(
                f,
                "there is no step {} (the staircase has {count} steps)",
                index + 1
            ),
            K::NoSuch {
                place: Place::Heap,
                index,
                count,
            } => write!(
                f,
                "there is no heap {} (the component has {count} heaps)",
                index + 1
            ),
            K::NoSuch {
                place: Place::Picture,
                index,
                count,
            } => write!(
                f,
                "there is no picture {} (the component has {count} pictures)",
                index + 1
            ),
            K::NoSuch {
                place: Place::Part,
                index,
                count,
            } => write!(
                f,
                "there is no graph, board or row {} (the component has {count})",
                index + 1
            ),
            K::NoSuchEdge {
                picture,
                edge,
                count,
            } => write!(
                f,
                "picture {} has no edge {edge} (it has {count} edges)",
                picture + 1
            ),
            K::NoSuch {
                place: Place::Token,
                index,
                count,
            } => write!(
                f,
                "there is no token {} (the component has {count} tokens)",
                index + 1
            ),
            K::NoSuchNumbered {
                place: Place::Component,
                number,
                count,
                within,
            } => write!(
                f,
                "there is no component {number}: the position has {count} ({within})"
            ),
            K::NoSuchNumbered {
                place,
                number,
                count,
                within,
            } => {
                write!(f, "there is no {place} {number}: {within} has ")?;
                match count {
                    0 => write!(f, "no {}", place.nouns())?,
                    1 => write!(f, "one {place}")?,
                    k => write!(f, "{} 1 to {k}", place.nouns())?,
                }
                f.write_str(" (numbered from 1)")
            }
            K::EmptyPosition => f.write_str("the position is empty: there is no move"),
            K::WrongRuleset {
                component,
                is,
                claimed,
            } => write!(f, "component {} is {is}, not {claimed}", component + 1),
            K::HoldsOther {
                place: Place::Step,
                index,
                has,
                claimed,
            } => write!(f, "step {} holds {has} coins, not {claimed}", index + 1),
            K::HoldsOther {
                place,
                index,
                has,
                claimed,
            } => write!(f, "{place} {} has {has} tokens, not {claimed}", index + 1),
            K::TypedOther {
                place,
                number,
                has,
                claimed,
            } => write!(
                f,
                "{place} {number} has {has} {}, not {claimed}",
                place.unit(*has)
            ),
            K::NotAllowed {
                ruleset,
                heap,
                from,
                parts,
            } => write!(
                f,
                "{ruleset} does not allow taking heap {} from {from} to {parts}",
                heap + 1
            ),
            K::OneHeapAtATime { ruleset } => {
                write!(f, "{ruleset} moves change one heap at a time")
            }
            K::NoHeapNamed => f.write_str("a move must take from at least one heap"),
            K::TooManyHeaps {
                ruleset,
                max,
                count,
            } => {
                let noun = if *max == 1 { "heap" } else { "heaps" };
                write!(
                    f,
                    "{ruleset} allows taking from at most {max} {noun} at once, not {count}"
                )
            }
            K::NamedTwice { heap } => write!(f, "heap {} is named twice", heap + 1),
            K::MustGetSmaller { heap, from, to } => write!(
                f,
                "heap {} must get smaller: {from} -> {to} takes nothing",
                heap + 1
            ),
            K::NoSteps { ruleset } => write!(f, "{ruleset} has no steps"),
            K::Forbidden { ruleset, rule } => write!(f, "{ruleset}: {rule}"),
            K::NoEdge { ruleset, edge } => write!(f, "{ruleset} has no edge {edge}"),
            K::TokenElsewhere { token, is, claimed } => {
                write!(f, "token {} stands on {is}, not on {claimed}", token + 1)
            }
            K::CoinsOutOfRange { step, has: 0, .. } => {
                write!(f, "step {} is empty: there are no coins to carry", step + 1)
            }
            K::CoinsOutOfRange { step, has, .. } => write!(
                f,
                "step {} holds {has} coins: carry between 1 and {has} of them",
                step + 1
            ),
            K::TakeAtLeastOne { place, number } => {
                write!(f, "take at least one from {place} {number}")
            }
            K::TakeZero { number } => write!(
                f,
                "taking 0 from heap {number} leaves it as it is: a move must change it"
            ),
            // An empty heap or step is said to be empty, not to have
            // "only 0 tokens".
            K::TakeTooMany {
                place,
                number,
                has: 0,
                ..
            } => write!(
                f,
                "{place} {number} is empty: there is nothing to take from it"
            ),
            K::TakeTooMany {
                place,
                number,
                has,
                take,
            } => write!(
                f,
                "{place} {number} has only {has} {}: you cannot take {take}",
                place.unit(*has)
            ),
            K::CannotLeave {
                place,
                number,
                has: 0,
                sizes,
            } => write!(
                f,
                "{place} {number} is empty: it cannot leave {}",
                join(sizes, " + ")
            ),
            K::CannotLeave {
                place,
                number,
                has,
                sizes,
            } => write!(
                f,
                "{place} {number} has only {has} {}: it cannot leave {}",
                place.unit(*has),
                join(sizes, " + ")
            ),
            K::DoesNotAddUp {
                place,
                number,
                has,
                taken,
                sizes,
            } => write!(
                f,
                "{place} {number} has {has} {}, but taking {taken} and leaving {} does not add \
                 up to {has}",
                place.unit(*has),
                join(sizes, " + ")
            ),
            K::Unchanged { place, number } => write!(
                f,
                "that leaves {place} {number} as it is: a move must change it"
            ),
            K::TooManyParts { count } => write!(
                f,
                "a move leaves at most three heaps in place of one, or K equal heaps, not {count} of different sizes"
            ),
            K::ComponentCount {
                after,
                count,
                position,
                expected,
            } => {
                let noun = |n: &usize| if *n == 1 { "component" } else { "components" };
                write!(
                    f,
                    "{after} has {count} {}, but the position {position} has {expected}: a \
                     move keeps every component",
                    noun(count)
                )
            }
            K::NoChange { after } => {
                write!(f, "{after} is the position as it is: a move must change it")
            }
            K::SeveralComponents { components } => {
                let names: Vec<String> = components.iter().map(|i| (i + 1).to_string()).collect();
                write!(
                    f,
                    "a move is made in one component, but components {} all change",
                    names.join(", ")
                )
            }
            K::PlaceCount {
                ruleset,
                place,
                count,
                after,
                typed,
            } => write!(
                f,
                "{ruleset} keeps its number of {} ({count}), but {after} has {typed}",
                place.nouns()
            ),
            K::Unreachable { position, after } => {
                write!(f, "no move leads from {position} to {after}")
            }
            K::Grows { heap, from, to } => write!(
                f,
                "heap {} grows from {from} to {to}: a move only takes tokens",
                heap + 1
            ),
            K::NotACarry => f.write_str(
                "in staircase Nim a move carries coins from one step to the step just below it \
                 (from step 1 to the ground)",
            ),
            K::HeapRemoved => f.write_str(
                "a move never removes a heap from the list (a heap taken to nothing stays as 0)",
            ),
            K::TooManyNewHeaps { count } => write!(
                f,
                "a move replaces one heap by at most three, or by K equal heaps; here {} heaps \
                 stand where one was, and they are not one heap split into equal heaps",
                count + 1
            ),
            K::NoMoveFits => f.write_str("no move fits"),
        }
    }
}

/// The values written in decimal, separated by `sep`.
pub(crate) fn join(values: &[u64], sep: &str) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// A move that is not legal in the position it was played in: what is wrong
/// ([`IllegalMoveKind`]) and, for a typed move, perhaps a note listing the
/// heap's legal moves.
///
/// ```
/// use sprague::{IllegalMoveKind, Place, Position};
/// let p: Position = "nim 3 4".parse()?;
/// let err = sprague::movetext::parse(&p, "3 1").unwrap_err();
/// let sprague::movetext::MoveError::Illegal(illegal) = err else { panic!() };
/// assert!(matches!(
///     illegal.kind(),
///     IllegalMoveKind::NoSuchNumbered { place: Place::Heap, number: 3, .. }
/// ));
/// # Ok::<(), sprague::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    kind: IllegalMoveKind,
    note: Option<String>,
}

impl IllegalMove {
    /// What is wrong.
    pub fn kind(&self) -> &IllegalMoveKind {
        &self.kind
    }

    /// The note after the reason, if any (`the moves of heap 2 are …`).
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The same error with a note.
    pub(crate) fn with_note(mut self, note: Option<String>) -> IllegalMove {
        self.note = note;
        self
    }
}

impl From<IllegalMoveKind> for IllegalMove {
    fn from(kind: IllegalMoveKind) -> IllegalMove {
        IllegalMove { kind, note: None }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        if let Some(note) = &self.note {
            write!(f, "; {note}")?;
        }
        Ok(())
    }
}

impl std::error::Error for IllegalMove {}
