//! Ordered tuples counted modulo Q or exactly: the rings the terms are
//! computed in (the integers, odd moduli, powers of two), and the sum of
//! the K-th powers over a spectrum in each.

use super::*;

/// A ring the ordered terms are computed in.
pub(super) trait Ring {
    /// An element.
    type E: Clone;
    /// The image of ±`v`.
    fn int(&self, v: u128, negative: bool) -> Self::E;
    /// a + b.
    fn add(&self, a: &Self::E, b: &Self::E) -> Self::E;
    /// a·b.
    fn mul(&self, a: &Self::E, b: &Self::E) -> Self::E;
}

/// The integers.
pub(super) struct Exact;

impl Ring for Exact {
    type E = BigInt;
    fn int(&self, v: u128, negative: bool) -> BigInt {
        let v = BigInt::from(v);
        if negative {
            -v
        } else {
            v
        }
    }
    fn add(&self, a: &BigInt, b: &BigInt) -> BigInt {
        a + b
    }
    fn mul(&self, a: &BigInt, b: &BigInt) -> BigInt {
        a * b
    }
}

/// The integers modulo an odd q ≥ 1.
pub(super) struct ModOdd(u64);

impl Ring for ModOdd {
    type E = u64;
    fn int(&self, v: u128, negative: bool) -> u64 {
        let r = (v % u128::from(self.0)) as u64;
        if negative && r != 0 {
            self.0 - r
        } else {
            r
        }
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        ((u128::from(*a) + u128::from(*b)) % u128::from(self.0)) as u64
    }
    fn mul(&self, a: &u64, b: &u64) -> u64 {
        if self.0 <= 1 << 32 {
            a * b % self.0
        } else {
            (u128::from(*a) * u128::from(*b) % u128::from(self.0)) as u64
        }
    }
}

/// The integers modulo 2^bits, bits ≤ 128 (wrapping arithmetic, masked).
pub(super) struct ModPow2(u32);

impl ModPow2 {
    fn mask(&self, v: u128) -> u128 {
        if self.0 >= 128 {
            v
        } else {
            v & ((1u128 << self.0) - 1)
        }
    }
}

impl Ring for ModPow2 {
    type E = u128;
    fn int(&self, v: u128, negative: bool) -> u128 {
        self.mask(if negative { v.wrapping_neg() } else { v })
    }
    fn add(&self, a: &u128, b: &u128) -> u128 {
        self.mask(a.wrapping_add(*b))
    }
    fn mul(&self, a: &u128, b: &u128) -> u128 {
        self.mask(a.wrapping_mul(*b))
    }
}

/// a^k in `ring`, by squaring.
pub(super) fn ring_pow<R: Ring>(ring: &R, a: &R::E, k: u64) -> R::E {
    let mut result = ring.int(1, false);
    let mut base = a.clone();
    let mut e = k;
    while e > 0 {
        if e & 1 == 1 {
            result = ring.mul(&result, &base);
        }
        e >>= 1;
        if e > 0 {
            base = ring.mul(&base, &base);
        }
    }
    result
}

/// a + a^2 + ... + a^n in `ring`, by doubling: no division, so any ring.
pub(super) fn ring_geometric<R: Ring>(ring: &R, a: &R::E, n: u64) -> R::E {
    // (s, p) = (a + ... + a^m, a^m), m running through the prefixes of n's bits.
    let mut s = ring.int(0, false);
    let mut p = ring.int(1, false);
    for bit in (0..64 - n.leading_zeros()).rev() {
        s = ring.add(&s, &ring.mul(&p, &s));
        p = ring.mul(&p, &p);
        if (n >> bit) & 1 == 1 {
            p = ring.mul(&p, a);
            s = ring.add(&s, &p);
        }
    }
    s
}

/// The term of one character for ordered tuples: ĥ^K, ĥ + ... + ĥ^N, or
/// (tuples of different heaps) k!·[t^k] (1 + t)^u(1 - t)^w for k = K or
/// summed over k = 1..N.
#[derive(Clone, Copy, Debug)]
pub(super) enum OrderedTerm {
    Power(u64),
    Geometric(u64),
    Falling { last: u64, only_last: bool },
}

impl OrderedTerm {
    pub(super) fn of(arrangement: Arrangement, heaps: Heaps) -> OrderedTerm {
        match (arrangement, heaps) {
            (Arrangement::DistinctOrdered, Heaps::Exactly(k)) => OrderedTerm::Falling {
                last: k,
                only_last: true,
            },
            (Arrangement::DistinctOrdered, Heaps::UpTo(n)) => OrderedTerm::Falling {
                last: n,
                only_last: false,
            },
            (_, Heaps::Exactly(k)) => OrderedTerm::Power(k),
            (_, Heaps::UpTo(n)) => OrderedTerm::Geometric(n),
        }
    }
}

/// Σ_groups m·T(ĥ) for ordered tuples in `ring`, with the term of all
/// positions (ĥ = total): (Σ, T(total)).
pub(super) fn ordered_sum<R: Ring>(
    ring: &R,
    spectrum: &Spectrum,
    kind: OrderedTerm,
) -> (R::E, R::E) {
    let n = spectrum.total;
    let term = |a: i128| {
        let base = ring.int(a.unsigned_abs(), a < 0);
        match kind {
            OrderedTerm::Power(k) => ring_pow(ring, &base, k),
            OrderedTerm::Geometric(k) => ring_geometric(ring, &base, k),
            OrderedTerm::Falling { last, only_last } => sweep::falling_sum(
                &|v: i128| ring.int(v.unsigned_abs(), v < 0),
                &|x, y| ring.add(x, y),
                &|x, y| ring.mul(x, y),
                n,
                (n as i128 - a) as u128 / 2,
                last,
                only_last,
            ),
        }
    };
    let mut sum = ring.int(0, false);
    for &(a, m) in &spectrum.groups {
        sum = ring.add(&sum, &ring.mul(&term(a), &ring.int(m, false)));
    }
    let total = i128::try_from(spectrum.total).unwrap_or(i128::MAX);
    (sum, term(total))
}

/// The count of ordered tuples modulo q, from the odd part and the power
/// of two of q joined by the Chinese remainder theorem.
pub(super) fn ordered_modulo(
    spectrum: &Spectrum,
    heaps: OrderedTerm,
    outcome: Outcome,
    q: u64,
) -> BigUint {
    let dim = spectrum.dim;
    let e = q.trailing_zeros();
    let odd = q >> e;
    // Modulo the odd part: 2^B·count, then times the inverse of 2^B.
    let r_odd = {
        let ring = ModOdd(odd);
        let (sum, all) = ordered_sum(&ring, spectrum, heaps);
        let half = ring.int(u128::from(odd / 2 + 1), false); // 1/2 mod odd
        let inverse = ring_pow(&ring, &half, u64::from(dim));
        let p = ring.mul(&sum, &inverse);
        match outcome {
            Outcome::P => p,
            _ => ring.add(&all, &ring.int(u128::from(p), true)),
        }
    };
    if e == 0 {
        return BigUint::from(r_odd);
    }
    // Modulo 2^e: 2^B·count modulo 2^{e+B}, shifted.
    let r_two = {
        let ring = ModPow2(e + dim);
        let (sum, all) = ordered_sum(&ring, spectrum, heaps);
        let p = sum >> dim;
        let p2 = ModPow2(e);
        match outcome {
            Outcome::P => p2.mask(p),
            _ => p2.add(&p2.mask(all), &p2.int(p, true)),
        }
    };
    // x ≡ r_two (mod 2^e), x ≡ r_odd (mod odd).
    let ring = ModOdd(odd);
    let inv = ring_pow(
        &ring,
        &ring.int(u128::from(odd / 2 + 1), false),
        u64::from(e),
    );
    let diff = ring.add(&r_odd, &ring.int(r_two, true));
    let t = ring.mul(&diff, &inv);
    BigUint::from(r_two) + (BigUint::from(t) << e)
}
