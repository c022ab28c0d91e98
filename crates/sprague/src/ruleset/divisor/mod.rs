//! The proper-divisor game (`divisor`): a move replaces one heap of `n`
//! by a proper divisor `d` of `n` (`1 <= d < n`, `d | n`); a heap of 1 has
//! no move. A heap of 0 is no heap (it has no move either: the rule is
//! about heaps of one token or more).
//!
//! **Value**: G(n) = Ω(n), the number of prime factors of `n` counted with
//! multiplicity (G(1) = 0). Proof by induction: every proper divisor `d`
//! has Ω(d) < Ω(n), and dropping primes one at a time from `n` reaches a
//! divisor of every Ω from 0 to Ω(n) - 1, so the mex is Ω(n). The heap is
//! factorised ([`factorize`]: Miller-Rabin and Pollard's rho), so any u64
//! costs at most about a millisecond.
//!
//! **Winning moves**: every proper divisor with the wanted number of prime
//! factors, listed from the factorisation (a heap near 10^18 has at most
//! 103,680 divisors).

mod factor;

use std::ops::ControlFlow;

pub use factor::{factorize, is_prime};

use super::rules::{HeapRules, Visit};
use super::Heaps;
use crate::{Basis, Error, HeapMove, Limits, Parts};

/// The basis of a value by Ω(n).
pub const DIVISOR: Basis = Basis::Theorem {
    word: "divisor",
    name: "the proper-divisor theorem (a heap of n is worth Ω(n), its prime factors counted \
           with multiplicity)",
};

/// Ω(n): the number of prime factors of `n` with multiplicity (0 for 0
/// and 1).
///
/// ```
/// use sprague::ruleset::divisor::big_omega;
/// assert_eq!(big_omega(1), 0);
/// assert_eq!(big_omega(12), 3);
/// assert_eq!(big_omega(1 << 63), 63);
/// ```
pub fn big_omega(n: u64) -> u64 {
    if n < 2 {
        return 0;
    }
    factorize(n).iter().map(|&(_, e)| u64::from(e)).sum()
}

/// Calls `f` with every divisor of the number whose factorisation is
/// `factors` having exactly `omega` prime factors, until it breaks.
fn divisors_with_omega(
    factors: &[(u64, u32)],
    omega: u64,
    f: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn walk(
        factors: &[(u64, u32)],
        left: u64,
        d: u64,
        f: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some((&(p, e), rest)) = factors.split_first() else {
            return if left == 0 {
                f(d)
            } else {
                ControlFlow::Continue(())
            };
        };
        let room: u64 = rest.iter().map(|&(_, e)| u64::from(e)).sum();
        let mut power = d;
        for k in 0..=u64::from(e).min(left) {
            if left - k <= room {
                walk(rest, left - k, power, f)?;
            }
            power = power.saturating_mul(p);
        }
        ControlFlow::Continue(())
    }
    walk(factors, omega, 1, f)
}

/// The proper-divisor game as a heap ruleset.
#[derive(Debug)]
pub struct Divisor;

impl HeapRules for Divisor {
    fn canonical(&self) -> String {
        "divisor".into()
    }

    fn heap_value(&self, heap: u64, _: &Limits) -> Result<(u64, Basis), Error> {
        Ok((big_omega(heap), DIVISOR))
    }

    fn closed_heap_value(&self, heap: u64) -> Option<u64> {
        Some(big_omega(heap))
    }

    fn no_period(&self) -> Option<String> {
        Some(
            "G(n) = Ω(n), the number of prime factors with multiplicity, is unbounded (G(2^k) = \
             k), so the nim-sequence has no period"
                .into(),
        )
    }

    /// Every proper divisor, smallest first; refused past the state limit.
    fn options(&self, heap: u64, limits: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error> {
        if heap < 2 {
            return Ok(());
        }
        let factors = factorize(heap);
        let count: u64 = factors.iter().map(|&(_, e)| u64::from(e) + 1).product();
        super::reserve(out, count - 1, limits)?;
        let mut divisors = Vec::new();
        let total: u64 = factors.iter().map(|&(_, e)| u64::from(e)).sum();
        for omega in 0..total {
            let _ = divisors_with_omega(&factors, omega, &mut |d| {
                divisors.push(d);
                ControlFlow::Continue(())
            });
        }
        divisors.sort_unstable();
        out.extend(divisors.into_iter().map(|d| super::heaps::take_to(heap, d)));
        Ok(())
    }

    /// Every proper divisor with `target` prime factors.
    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        _: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error> {
        if heap < 2 {
            return Ok(ControlFlow::Continue(()));
        }
        let factors = factorize(heap);
        Ok(divisors_with_omega(&factors, target, &mut |d| {
            if d == heap {
                ControlFlow::Continue(())
            } else {
                f(super::heaps::take_to(heap, d))
            }
        }))
    }

    fn is_legal(&self, heap: u64, m: &HeapMove) -> bool {
        matches!(m.parts.listed(), Some([d]) if *d >= 1 && *d < heap && heap.is_multiple_of(*d))
            && m.parts != Parts::NONE
    }

    fn has_moves(&self, heap: u64) -> Option<bool> {
        Some(heap >= 2)
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A heap of n in {word} is worth Ω(n), the number of prime factors of n counted with \
             multiplicity: its proper divisors reach every smaller count."
        )
    }
}

parse_without_parameter!(
    "divisor",
    "divisor takes no parameter: write the heaps, e.g. divisor 12 30",
    Heaps(Divisor)
);
