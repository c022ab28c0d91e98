//! Nimbers: the values of impartial games, and the minimum excludant.
//!
//! A nimber `*n` is the value of a Nim heap of size `n`. Nimbers add by the
//! nim-sum (bitwise XOR), the rule behind Bouton's theorem (Bouton 1901) and the
//! Sprague-Grundy theorem (Sprague 1935, Grundy 1939): the Grundy value of a
//! disjunctive sum of games is the nim-sum of the components' Grundy values.

use std::fmt;
use std::ops::{Add, AddAssign, BitXor, BitXorAssign};

/// A nimber `*n` with `n` below 2^64 (an element of Conway's nim-field of order
/// 2^64, Conway, *On Numbers and Games*, ch. 6).
///
/// Addition (`+`, and the synonym `^`) is the nim-sum, bitwise XOR. Every
/// nimber is its own negative, so `a + a == Nimber::ZERO`.
///
/// ```
/// use sprague::Nimber;
/// let s = Nimber(3) + Nimber(4) + Nimber(5);
/// assert_eq!(s, Nimber(2));
/// assert_eq!(s.to_string(), "*2");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber `*0`, the value of every P-position under normal play.
    pub const ZERO: Nimber = Nimber(0);
    /// The nimber `*1`, the value of a single token (one-heap Nim of size 1).
    pub const ONE: Nimber = Nimber(1);

    /// The integer `n` of the nimber `*n`.
    pub const fn value(self) -> u64 {
        self.0
    }
}

impl Add for Nimber {
    type Output = Nimber;
    /// Nim-sum: bitwise XOR (nimber addition is XOR by definition).
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)]
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    /// Nim-sum: bitwise XOR (same as `+`).
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    /// The nim-sum of all nimbers in the iterator (`*0` when it is empty).
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Nimber {
        Nimber(n)
    }
}

impl From<Nimber> for u64 {
    fn from(n: Nimber) -> u64 {
        n.0
    }
}

impl fmt::Display for Nimber {
    /// Conway's star notation: `*0`, `*1`, `*2`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// The nim-sum (XOR) of a sequence of heap sizes or Grundy values.
///
/// ```
/// assert_eq!(sprague::nim_sum([3u64, 4, 5]), 2);
/// assert_eq!(sprague::nim_sum([0u64; 0]), 0);
/// ```
///
/// Linear in the length of the sequence.
pub fn nim_sum<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    values.into_iter().fold(0, |a, b| a ^ b)
}

/// The minimum excludant: the least non-negative integer not in `values`.
///
/// This is the rule that defines Grundy values: the Grundy value of a position
/// is the mex of the Grundy values of its options (Sprague 1935, Grundy 1939;
/// Winning Ways, ch. 4). `values` may hold repeats, be in any order and contain
/// numbers of any size; the empty set has mex 0.
///
/// Takes O(k) time and O(k) bits of space for `k` values (the mex is at most `k`).
///
/// ```
/// use sprague::mex;
/// assert_eq!(mex([0u64, 1, 3]), 2);
/// assert_eq!(mex([1u64, 2]), 0);
/// assert_eq!(mex(std::iter::empty::<u64>()), 0);
/// assert_eq!(mex([2u64, 0, 1, 1, u64::MAX]), 3);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = usize::try_from(v).ok().and_then(|i| seen.get_mut(i)) {
            *slot = true;
        }
    }
    // `seen` has len+1 slots and at most len of them are set, so one is free.
    seen.iter().position(|&s| !s).unwrap_or(0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn mex_is_least_missing(values in proptest::collection::vec(0u64..20, 0..30)) {
            let m = mex(values.iter().copied());
            prop_assert!(!values.contains(&m));
            for smaller in 0..m {
                prop_assert!(values.contains(&smaller));
            }
        }

        #[test]
        fn nim_sum_is_a_group(a: u64, b: u64, c: u64) {
            let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
            prop_assert_eq!(a + b, b + a);
            prop_assert_eq!((a + b) + c, a + (b + c));
            prop_assert_eq!(a + a, Nimber::ZERO);
            prop_assert_eq!(a + Nimber::ZERO, a);
        }
    }
}
