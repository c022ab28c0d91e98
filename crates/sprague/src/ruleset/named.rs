//! Named subtraction sets: `sub:squares`, `sub:primes`, `sub:pow2` and
//! `sub:fib`, the subtraction games whose set S is infinite (all positive
//! squares, all primes, all powers of two, all Fibonacci numbers). A move
//! removes exactly `s` tokens from one heap, `s` in S.
//!
//! Values come from the nim-sequence engine, which reads S through
//! [`NamedSet`] (the amounts up to each heap, cached as the table grows):
//! a table to heap N costs N · |S ∩ [1, N]| steps, about (2/3)·N^1.5 for the
//! squares, N²/(2 ln N) for the primes and N·log N for powers of two and
//! Fibonacci numbers, so each set gets its own share of
//! [`Limits::max_table`](crate::Limits) ([`NamedSet::table_divisor`]).
//!
//! No period is ever claimed. The periodicity theorem for subtraction games
//! checks a window of max(S) values, and an infinite S has no maximum; every
//! heap is computed up to its size, within the table limit. (For the
//! squares none exists: the P-positions of subtract-a-square are infinitely
//! many, Golomb 1966, yet of density zero by the Furstenberg-Sárközy
//! theorem, which an eventually periodic sequence cannot be.)
//!
//! Subtract-a-square is the game of Project Euler problem 310; its
//! nim-sequence is OEIS A014586 and its P-positions are OEIS A030193.
//!
//! ```
//! use sprague::Ruleset;
//! let squares: Ruleset = "sub:squares".parse()?;
//! let g: Vec<u64> = (0..=10).map(|n| squares.heap_value(n, &Default::default()).unwrap()).collect();
//! assert_eq!(g, [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0]); // OEIS A014586
//! # Ok::<(), sprague::ParseError>(())
//! ```

use std::ops::ControlFlow;

use super::rules::{HeapRules, Pick, Visit};
use super::tabled::Tabled;
use super::Heaps;
use crate::error::ParseErrorKind;
use crate::takebreak::MoveSet;
use crate::{Basis, Error, HeapMove, Limits, Parts};

pub use crate::takebreak::named::NamedSet;

/// A subtraction game whose set is a [`NamedSet`], as a ruleset
/// (`sub:squares`, ...): values from the nim-sequence table
/// ([`Tabled`] with [`MoveSet::named`]).
#[derive(Debug)]
pub struct NamedSubtraction {
    set: NamedSet,
    tabled: Tabled,
}

impl NamedSubtraction {
    /// The subtraction game of `set`, named `word`.
    pub(crate) fn new(word: &str, set: NamedSet) -> NamedSubtraction {
        NamedSubtraction {
            tabled: Tabled::new(word, format!("sub:{set}"), MoveSet::named(set)),
            set,
        }
    }

    /// The subtraction set.
    pub fn set(&self) -> NamedSet {
        self.set
    }
}

impl HeapRules for NamedSubtraction {
    fn canonical(&self) -> String {
        self.tabled.canonical()
    }

    fn heap_value(&self, heap: u64, limits: &Limits) -> Result<(u64, Basis), Error> {
        self.tabled.heap_value(heap, limits)
    }

    fn options(&self, heap: u64, limits: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error> {
        self.tabled.options(heap, limits, out)
    }

    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error> {
        self.tabled.moves_to(heap, target, limits, f)
    }

    fn is_legal(&self, heap: u64, m: &HeapMove) -> bool {
        self.tabled.is_legal(heap, m)
    }

    fn has_moves(&self, heap: u64) -> Option<bool> {
        Some(heap >= self.set.least())
    }

    /// An amount at most `heap`, without listing them all: uniformly where
    /// the set has a formula for its `i`-th member or its amounts up to
    /// `heap` number at most `limits.max_states`; otherwise (primes under a
    /// huge heap) the largest prime at most a number chosen uniformly in
    /// `2..=heap`.
    fn random_move(
        &self,
        heap: u64,
        limits: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<HeapMove>, Error> {
        let take = |s: u64| HeapMove {
            removed: s,
            parts: Parts::one(heap - s),
        };
        if heap < self.set.least() {
            return Ok(None);
        }
        if self.set.nth(0).is_some() {
            // A formula for the i-th member: the count is exact and cheap.
            let count = self.set.count_up_to(heap, u64::MAX);
            return Ok(self.set.nth(pick(count)).map(take));
        }
        let cap = limits.max_states as u64;
        let count = self.set.count_up_to(heap, cap);
        if count <= cap {
            let i = pick(count);
            let mut found = None;
            let mut seen = 0;
            let _ = self.set.for_each_up_to(heap, &mut |s| {
                if seen == i {
                    found = Some(s);
                    return ControlFlow::Break(());
                }
                seen += 1;
                ControlFlow::Continue(())
            });
            return Ok(found.map(take));
        }
        // Prime gaps below 2^64 are under 1,600: a short walk down.
        let mut x = 2 + pick(heap - 1);
        while !self.set.contains(x) {
            x -= 1;
        }
        Ok(Some(take(x)))
    }

    fn move_set(&self) -> Option<&MoveSet> {
        self.tabled.move_set()
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "Each heap of {word} is a game of its own: a move removes s tokens, s one of {} \
             (an infinite set, so no period is claimed). G(n), the value of a heap of n, comes \
             from the nim-sequence of {word}, computed up to n.",
            self.set.description()
        )
    }
}

/// Parses `sub:squares`, `sub:primes`, `sub:pow2` and `sub:fib` (the
/// registry gives it exactly these words).
pub(crate) fn parse(
    word: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    match param.and_then(NamedSet::from_name) {
        Some(set) => Ok(Box::new(Heaps(NamedSubtraction::new(word, set)))),
        None => Err(ParseErrorKind::BadRuleset(format!(
            "{word} is not a named subtraction set: write sub:squares, sub:primes, sub:pow2 \
             or sub:fib"
        ))),
    }
}
