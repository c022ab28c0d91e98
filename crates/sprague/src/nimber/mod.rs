//! Nimbers: the values of impartial games, their field arithmetic, and the
//! minimum excludant.
//!
//! A nimber `*n` is the value of a Nim heap of size `n`. Nimbers add by the
//! nim-sum (bitwise XOR), the rule behind Bouton's theorem (Bouton 1901) and the
//! Sprague-Grundy theorem (Sprague 1935, Grundy 1939): the Grundy value of a
//! disjunctive sum of games is the nim-sum of the components' Grundy values.
//!
//! With the nim-product they form a field (Conway, *On Numbers and Games*,
//! ch. 6, "The curious field On₂"); the nimbers below `2^64` are a subfield of
//! order `2^64`, so [`Nimber`] has a product, inverses, division, powers and
//! square roots that never leave 64 bits. The product is the one of
//! coin-turning product games such as Turning Corners (Winning Ways, ch. 14).
//!
//! # Speed and memory
//!
//! [`Nimber::mul`](std::ops::Mul) looks up exp/log tables of the 16-bit
//! subfield and splits 64 → 32 → 16 bits Karatsuba-style (Lenstra, "Nim
//! multiplication", 1978, for the tower of quadratic extensions): 28 table
//! look-ups and no branches. The tables are built at compile time and take
//! [`TABLE_BYTES`] = 384 KiB of static memory. [`Nimber::mul_plain`] is the
//! plain recursive product by Conway's rules, the reference the fast one is
//! tested against.
//!
//! [`expr`] evaluates nimber expressions written as text, such as
//! `5 * 7 + inv 3`.

pub mod expr;
mod field;
mod plain;

use std::fmt;
use std::ops::{Add, AddAssign, BitXor, BitXorAssign, Mul, MulAssign};

/// The bytes of static memory held by the tables of the fast nim-product:
/// `exp` (2 · 65535 + 7 `u16`, 256 KiB) and `log` (2^16 `u16`, 128 KiB) of
/// the 16-bit subfield, built at compile time.
///
/// ```
/// assert_eq!(sprague::nimber::TABLE_BYTES, 393_226);
/// ```
pub const TABLE_BYTES: usize = field::TABLE_BYTES;

/// The primitive element `g` of the 16-bit subfield (the nimbers below
/// 2^16) that is the base of the exp/log tables: its powers `g^0 .. g^65534`
/// are all the non-zero nimbers below 2^16, and `g³ = 2^15`, so multiplying
/// by `2^15` (which the Karatsuba steps need) adds 3 to a logarithm. It is
/// the smallest primitive cube root of 2^15, found at compile time.
///
/// ```
/// use sprague::Nimber;
/// let g = Nimber(sprague::nimber::PRIMITIVE_16 as u64);
/// assert_eq!(g.0, 10279);
/// assert_eq!(g.pow(3), Nimber(1 << 15));
/// assert_eq!(g.pow(65535), Nimber::ONE);
/// for p in [3, 5, 17, 257] {
///     assert_ne!(g.pow(65535 / p), Nimber::ONE);
/// }
/// ```
pub const PRIMITIVE_16: u16 = field::PRIMITIVE;

/// A nimber `*n` with `n` below 2^64 (an element of Conway's nim-field of order
/// 2^64, Conway, *On Numbers and Games*, ch. 6).
///
/// Addition (`+`, and the synonym `^`) is the nim-sum, bitwise XOR. Every
/// nimber is its own negative, so `a + a == Nimber::ZERO`. Multiplication
/// (`*`) is the nim-product; [`inv`](Nimber::inv),
/// [`checked_div`](Nimber::checked_div), [`pow`](Nimber::pow) and
/// [`sqrt`](Nimber::sqrt) complete the field. Note that `^` is the nim-sum,
/// not a power.
///
/// ```
/// use sprague::Nimber;
/// let s = Nimber(3) + Nimber(4) + Nimber(5);
/// assert_eq!(s, Nimber(2));
/// assert_eq!(s.to_string(), "*2");
/// assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
/// assert_eq!(Nimber(3141) * Nimber(5926), Nimber(14994));
/// assert_eq!(Nimber(16).inv(), Some(Nimber(170)));
/// assert_eq!(Nimber(0).inv(), None);
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

    /// The nim-product by the plain recursive method: Conway's rules (On
    /// Numbers and Games, ch. 6) that the nimbers below a Fermat 2-power
    /// `F = 2^(2^k)` form a field, `a ⊗ F` is the ordinary product `a·F` for
    /// `a < F`, and `F ⊗ F = 3F/2`, applied half by half down to single bits
    /// with no tables.
    ///
    /// Same result as `self * rhs` (which is about a thousand times faster);
    /// kept as the reference for tests and benchmarks. About 5^6 = 15625
    /// recursive steps for two dense 64-bit values.
    ///
    /// ```
    /// use sprague::Nimber;
    /// assert_eq!(Nimber(8).mul_plain(Nimber(8)), Nimber(13));
    /// assert_eq!(Nimber(u64::MAX).mul_plain(Nimber(u64::MAX)), Nimber(u64::MAX) * Nimber(u64::MAX));
    /// ```
    pub const fn mul_plain(self, rhs: Nimber) -> Nimber {
        Nimber(plain::mul(self.0, rhs.0))
    }

    /// The nim-square `self ⊗ self`. Squaring is additive in characteristic 2
    /// (`(a + b)² = a² + b²`).
    ///
    /// ```
    /// use sprague::Nimber;
    /// assert_eq!(Nimber(2).square(), Nimber(3));
    /// ```
    pub fn square(self) -> Nimber {
        self * self
    }

    /// The multiplicative inverse, `None` for `*0` (which has none).
    ///
    /// Computed by norms down the tower of quadratic extensions
    /// 64 → 32 → 16 bits (`1/x = conj(x) / (x ⊗ conj(x))`) and the log tables
    /// of the 16-bit subfield: a few dozen table look-ups.
    ///
    /// ```
    /// use sprague::Nimber;
    /// let inverses: Vec<u64> = (1..=16).map(|n| Nimber(n).inv().unwrap().0).collect();
    /// assert_eq!(inverses, [1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170]);
    /// assert_eq!(Nimber::ZERO.inv(), None);
    /// ```
    pub fn inv(self) -> Option<Nimber> {
        field::inv(self.0).map(Nimber)
    }

    /// The nim-quotient `self ⊗ rhs⁻¹`, `None` when `rhs` is `*0`.
    ///
    /// There is no `/` operator, so that division by zero cannot panic.
    ///
    /// ```
    /// use sprague::Nimber;
    /// assert_eq!(Nimber(14994).checked_div(Nimber(5926)), Some(Nimber(3141)));
    /// assert_eq!(Nimber(5).checked_div(Nimber::ZERO), None);
    /// ```
    pub fn checked_div(self, rhs: Nimber) -> Option<Nimber> {
        rhs.inv().map(|r| self * r)
    }

    /// The nim-power `self ⊗ self ⊗ ... ⊗ self` (`k` factors), by repeated
    /// squaring: at most 128 products. `x.pow(0)` is `*1` for every `x`,
    /// `*0` included. For `x ≠ 0`, `x.pow(2^64 - 1)` is `*1` (the
    /// multiplicative group has order `2^64 - 1`).
    ///
    /// ```
    /// use sprague::Nimber;
    /// assert_eq!(Nimber(2).pow(3), Nimber(1)); // *2 has order 3
    /// assert_eq!(Nimber(16).pow(2), Nimber(24));
    /// assert_eq!(Nimber(0).pow(0), Nimber(1));
    /// assert_eq!(Nimber(12345).pow(u64::MAX), Nimber(1));
    /// ```
    pub fn pow(self, mut k: u64) -> Nimber {
        let mut base = self;
        let mut acc = Nimber::ONE;
        while k > 0 {
            if k & 1 == 1 {
                acc *= base;
            }
            k >>= 1;
            if k > 0 {
                base = base.square();
            }
        }
        acc
    }

    /// The nim-square root: the unique `r` with `r ⊗ r = self`. Every 64-bit
    /// nimber has exactly one, because squaring (the Frobenius map) is a
    /// bijection of a finite field of characteristic 2.
    ///
    /// Computed down the tower: `sqrt(a1·F ⊕ a0) = sqrt(a1)·F ⊕ sqrt(a0 ⊕ a1 ⊗ F/2)`
    /// with `F = 2^32`, then `2^16`, and halving logarithms in the 16-bit
    /// subfield (Conway, On Numbers and Games, ch. 6).
    ///
    /// ```
    /// use sprague::Nimber;
    /// assert_eq!(Nimber(3).sqrt(), Nimber(2));
    /// assert_eq!(Nimber(24).sqrt(), Nimber(16));
    /// let r = Nimber(987_654_321).sqrt();
    /// assert_eq!(r * r, Nimber(987_654_321));
    /// ```
    pub fn sqrt(self) -> Nimber {
        Nimber(field::sqrt(self.0))
    }
}

// The nim-sum is XOR by definition, which clippy finds suspicious in `Add`.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    /// Nim-sum: bitwise XOR.
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
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

impl Mul for Nimber {
    type Output = Nimber;
    /// Nim-product (Conway, On Numbers and Games, ch. 6), by the exp/log
    /// tables of the 16-bit subfield and Karatsuba splitting 64 → 32 → 16:
    /// 28 table look-ups, no branches, no allocation.
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(field::mul(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl std::iter::Product for Nimber {
    /// The nim-product of all nimbers in the iterator (`*1` when it is empty).
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, |a, b| a * b)
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

    fn products(a: u64, bs: std::ops::RangeInclusive<u64>) -> Vec<u64> {
        bs.map(|b| (Nimber(a) * Nimber(b)).0).collect()
    }

    // The values issue 6 asks to show.
    #[test]
    fn five_times_zero_to_eight() {
        assert_eq!(products(5, 0..=8), [0, 5, 10, 15, 2, 7, 8, 13, 3]);
    }

    #[test]
    fn eight_times_one_to_sixteen() {
        assert_eq!(
            products(8, 1..=16),
            [8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128]
        );
    }

    #[test]
    fn larger_products() {
        assert_eq!(Nimber(3141) * Nimber(5926), Nimber(14994));
        assert_eq!(
            Nimber(u64::MAX) * Nimber(u64::MAX),
            Nimber(11290409524105353207)
        );
        assert_eq!(
            Nimber(u64::MAX).mul_plain(Nimber(u64::MAX)),
            Nimber(11290409524105353207)
        );
        assert_eq!(Nimber(3141).mul_plain(Nimber(5926)), Nimber(14994));
    }

    #[test]
    fn inverses_of_one_to_sixteen() {
        let inv: Vec<u64> = (1..=16).map(|n| Nimber(n).inv().unwrap().0).collect();
        assert_eq!(
            inv,
            [1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170]
        );
        assert_eq!(Nimber::ZERO.inv(), None);
        assert_eq!(Nimber(7).checked_div(Nimber::ZERO), None);
        assert_eq!(Nimber::ZERO.checked_div(Nimber(7)), Some(Nimber::ZERO));
    }

    #[test]
    fn fermat_two_powers_multiply_by_conways_rules() {
        let f: Vec<u64> = (0..6).map(|k| 1u64 << (1 << k)).collect();
        for (i, &x) in f.iter().enumerate() {
            // F ⊗ F = 3F/2; distinct Fermat 2-powers multiply as integers.
            assert_eq!(Nimber(x) * Nimber(x), Nimber(x | x >> 1));
            for &y in &f[i + 1..] {
                if let Some(p) = x.checked_mul(y) {
                    assert_eq!(Nimber(x) * Nimber(y), Nimber(p));
                }
            }
        }
    }

    #[test]
    fn products_touching_every_zero_pattern() {
        // Each 16-bit piece zero or not, in both factors: the sentinel logs.
        // Pieces 1..=0xffff picked from a seed, placed where `mask` has bits.
        let piece = |mask: u32, seed: u64| -> u64 {
            (0..4)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| ((seed >> (7 * i)) % 0xffff + 1) << (16 * i))
                .fold(0, |acc, p| acc | p)
        };
        for ma in 0..16 {
            for mb in 0..16 {
                let (a, b) = (Nimber(piece(ma, 12345)), Nimber(piece(mb, 987_654)));
                assert_eq!(a * b, a.mul_plain(b), "{a} ⊗ {b}");
                assert_eq!(a.sqrt().square(), a);
                if a != Nimber::ZERO {
                    assert_eq!(a * a.inv().unwrap(), Nimber::ONE, "{a}");
                }
            }
        }
    }

    #[test]
    fn powers_and_roots() {
        for n in [0u64, 1, 2, 3, 16, 258, 1 << 32, u64::MAX] {
            let x = Nimber(n);
            assert_eq!(x.pow(0), Nimber::ONE);
            assert_eq!(x.pow(1), x);
            assert_eq!(x.pow(2), x * x);
            assert_eq!(x.pow(5), x * x * x * x * x);
            assert_eq!(x.sqrt() * x.sqrt(), x);
        }
        // 2^64 - 1 = 3·5·17·257·641·65537·6700417: the order of *2 is 3.
        assert_eq!(Nimber(2).pow(3), Nimber::ONE);
        assert_eq!(Nimber(0).pow(u64::MAX), Nimber::ZERO);
        let p: Nimber = [3u64, 5, 7].into_iter().map(Nimber).product();
        assert_eq!(p, Nimber(3) * Nimber(5) * Nimber(7));
    }

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
        fn field_laws(a: u64, b: u64, c: u64) {
            let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
            prop_assert_eq!(a * b, b * a);
            prop_assert_eq!((a * b) * c, a * (b * c));
            prop_assert_eq!(a * (b + c), a * b + a * c);
            prop_assert_eq!(a * Nimber::ONE, a);
            prop_assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
            if a != Nimber::ZERO {
                let i = a.inv().unwrap();
                prop_assert_eq!(a * i, Nimber::ONE);
                prop_assert_eq!((b * a).checked_div(a), Some(b));
            }
            prop_assert_eq!(a.sqrt() * a.sqrt(), a);
            prop_assert_eq!((a * a).sqrt(), a);
        }

        #[test]
        fn pow_adds_exponents(a: u64, j in 0u64..1000, k: u64) {
            let a = Nimber(a);
            prop_assert_eq!(a.pow(j) * a.pow(k % 1000), a.pow(j + k % 1000));
            if a != Nimber::ZERO {
                // The multiplicative group has order 2^64 - 1.
                prop_assert_eq!(a.pow(k) * a.pow(u64::MAX - k), Nimber::ONE);
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

    #[test]
    #[ignore = "slow in debug builds: run with --release -- --ignored"]
    fn table_method_equals_the_plain_one_on_200_000_pairs() {
        // splitmix64, with pairs shifted right to make zero pieces common.
        let mut seed = 7u64;
        let mut next = || {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        for i in 0..200_000u64 {
            let (a, b) = (Nimber(next() >> (i % 64)), Nimber(next() >> (i / 64 % 64)));
            assert_eq!(a * b, a.mul_plain(b), "{a} ⊗ {b}");
        }
    }

    proptest! {
        // The plain method takes ~0.5 ms per dense product in debug builds.
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn table_method_equals_the_plain_recursive_one(a: u64, b: u64, shift_a in 0u32..64, shift_b in 0u32..64) {
            prop_assert_eq!(Nimber(a) * Nimber(b), Nimber(a).mul_plain(Nimber(b)));
            // Also sparse and short values, where pieces are zero.
            let (a, b) = (Nimber(a >> shift_a), Nimber(b >> shift_b));
            prop_assert_eq!(a * b, a.mul_plain(b));
        }
    }
}
