//! Games with draws: impartial games whose positions can recur (loopy
//! games), under normal play.
//!
//! A finite impartial game with cycles has three outcome classes: the
//! player to move wins (N), loses (P), or neither can force a win and
//! play goes on forever (D, a draw). C. A. B. Smith (1966) gave every
//! position a *generalized Sprague-Grundy value* γ: a number, as for games
//! that end, or ∞(K), infinite, with K the set of the numbers among its
//! options' values; Fraenkel & Yesha (1986) gave the labelling algorithm
//! ([`GameGraph::generalized_values`]). A position is P when γ = 0, N when
//! γ is a positive number or ∞(K) with 0 in K, and D otherwise.
//!
//! Sums follow from the values (Smith 1966; Fraenkel, "Complexity, appeal
//! and challenges of combinatorial games", 2004): the value of a sum of
//! components of numbers a, b, ... is their nim-sum; with exactly one
//! infinite component ∞(K) and the others of nim-sum b it is ∞(K ⊕ b); with
//! two or more infinite components it is ∞(∅), a draw
//! ([`GenValue::sum`]).
//!
//! [`LoopySolver`] is the search for any [`Game`](crate::Game) whose graph
//! from the position asked is finite: it explores the positions reachable
//! from it, then runs retrograde analysis (outcome and remoteness,
//! [`GameGraph::retrograde`]) and the labelling algorithm over them.
//! Misère play of games with cycles is not covered.

mod graph;
mod solver;

pub use graph::{GameGraph, INFINITE};
pub use solver::LoopySolver;

use std::fmt;

use crate::Outcome;

/// A generalized Sprague-Grundy value (Smith 1966): a number, or infinite
/// with the sorted set `K` of the numbers among the options' values,
/// written `∞(0,2)` (`∞(∅)` for an empty set).
///
/// ```
/// use sprague::loopy::GenValue;
/// use sprague::Outcome;
/// let a = GenValue::Infinite(vec![0, 2]);
/// assert_eq!(a.outcome(), Outcome::N); // a move to value 0 wins
/// assert_eq!(a.to_string(), "∞(0,2)");
/// // Beside a nim heap of 2: ∞({0, 2} ⊕ 2) = ∞(0,2) again, still N.
/// let sum = GenValue::sum([a.clone(), GenValue::Finite(2)]);
/// assert_eq!(sum, GenValue::Infinite(vec![0, 2]));
/// // Beside a nim heap of 1: ∞(1,3), a draw.
/// assert_eq!(GenValue::sum([a.clone(), GenValue::Finite(1)]).outcome(), Outcome::D);
/// // Two infinite components: a draw.
/// assert_eq!(GenValue::sum([a.clone(), a]), GenValue::Infinite(vec![]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GenValue {
    /// A number: the position behaves as the nimber of that size in sums.
    Finite(u64),
    /// ∞(K): play can go on forever; K (sorted, without repeats) holds the
    /// numbers among the values of the position's options.
    Infinite(Vec<u64>),
}

impl GenValue {
    /// The outcome class: P for 0, N for a positive number or ∞(K) with 0
    /// in K, D (a draw) for ∞(K) without 0.
    pub fn outcome(&self) -> Outcome {
        match self {
            GenValue::Finite(0) => Outcome::P,
            GenValue::Finite(_) => Outcome::N,
            GenValue::Infinite(k) if k.first() == Some(&0) => Outcome::N,
            GenValue::Infinite(_) => Outcome::D,
        }
    }

    /// The number, when the value is finite.
    pub fn finite(&self) -> Option<u64> {
        match self {
            GenValue::Finite(g) => Some(*g),
            GenValue::Infinite(_) => None,
        }
    }

    /// Whether the value is ∞(K).
    pub fn is_infinite(&self) -> bool {
        matches!(self, GenValue::Infinite(_))
    }

    /// The value of a disjunctive sum of positions with these values
    /// (Smith 1966): the nim-sum when all are numbers; ∞(K ⊕ b) when one
    /// is ∞(K) and the numbers have nim-sum b; ∞(∅) when two or more are
    /// infinite. The value of no component at all is 0.
    pub fn sum<I: IntoIterator<Item = GenValue>>(values: I) -> GenValue {
        let mut b = 0u64;
        let mut infinite: Option<Vec<u64>> = None;
        let mut two = false;
        for v in values {
            match v {
                GenValue::Finite(g) => b ^= g,
                GenValue::Infinite(k) => {
                    two |= infinite.is_some();
                    infinite = Some(k);
                }
            }
        }
        match infinite {
            None => GenValue::Finite(b),
            Some(_) if two => GenValue::Infinite(Vec::new()),
            Some(k) => {
                let mut k: Vec<u64> = k.into_iter().map(|x| x ^ b).collect();
                k.sort_unstable();
                GenValue::Infinite(k)
            }
        }
    }
}

impl fmt::Display for GenValue {
    /// The number, or `∞(0,2)`, `∞(∅)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenValue::Finite(g) => write!(f, "{g}"),
            GenValue::Infinite(k) if k.is_empty() => f.write_str("∞(∅)"),
            GenValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞({})", k.join(","))
            }
        }
    }
}

/// The message for misère play of a position that can go on forever.
pub(crate) fn misere_refusal(what: &str) -> crate::Error {
    crate::Error::Unsupported(format!(
        "{what} can be played forever (its game graph has a cycle the position can reach); \
         misère play of games with draws is not implemented, only normal play"
    ))
}
