//! The exact terms of a count: binomial coefficients, multisets of sizes
//! drawn from groups of equal values, and the steps and bits each costs
//! (what the limits are checked against before the work).

use super::*;

/// The steps of one coefficient [`sets_term`]`(u, w, k)`.
pub(super) fn sets_steps(u: u128, w: u128, k: u128) -> f64 {
    let n = u + w;
    if k > n {
        return 1.0;
    }
    u.min(w).min(k).min(n - k) as f64 + 1.0
}

/// [t^k] (1 + t)^u·(1 - t)^w = Σ_i C(u, i)·(-1)^{k-i}·C(w, k - i), over
/// the i with both binomials non-zero.
pub(super) fn sets_term(u: u128, w: u128, k: u128) -> BigInt {
    if k > u + w {
        return BigInt::ZERO;
    }
    let lo = k.saturating_sub(w);
    let hi = u.min(k);
    // C(u, lo) and C(w, k - lo), each from the smaller side.
    let mut cu = BigInt::from(binomial(u, lo));
    let mut cw = BigInt::from(binomial(w, k - lo));
    let mut sum = BigInt::ZERO;
    let mut i = lo;
    loop {
        let term = &cu * &cw;
        if (k - i) % 2 == 1 {
            sum -= term;
        } else {
            sum += term;
        }
        if i == hi {
            break;
        }
        // C(u, i + 1) = C(u, i)·(u - i)/(i + 1); C(w, j - 1) = C(w, j)·j/(w - j + 1).
        cu = cu * (u - i) / (i + 1);
        let j = k - i;
        cw = cw * j / (w - j + 1);
        i += 1;
    }
    sum
}

/// C(n, k) in min(k, n - k) steps (0 when k > n).
pub(super) fn binomial(n: u128, k: u128) -> BigUint {
    if k > n {
        return BigUint::ZERO;
    }
    let j = k.min(n - k);
    let mut c = BigUint::from(1u8);
    for i in 0..j {
        c = c * (n - i) / (i + 1);
    }
    c
}

/// Σ_{j ≤ k} C(u, j): subsets of at most k of u elements.
pub(super) fn binomial_prefix(u: u128, k: u128) -> BigUint {
    let mut c = BigUint::from(1u8);
    let mut sum = BigUint::from(1u8);
    for i in 0..k.min(u) {
        c = c * (u - i) / (i + 1);
        sum += &c;
    }
    sum
}

/// The exact term T(u, w) of one character for multisets, sets and
/// distinct ordered tuples (without the K! of the last).
pub(super) fn exact_term(arrangement: Arrangement, heaps: Heaps, u: u128, w: u128) -> BigInt {
    let n = u + w;
    let a = u as i128 - w as i128;
    match (arrangement, heaps) {
        (Arrangement::Multisets, Heaps::Exactly(k)) => multiset_term(n, a, k),
        (Arrangement::Multisets, Heaps::UpTo(k)) => multiset_term(n + 1, a + 1, k) - 1,
        (_, Heaps::Exactly(k)) => sets_term(u, w, u128::from(k)),
        (_, Heaps::UpTo(k)) if w == 0 => BigInt::from(binomial_prefix(u, u128::from(k))) - 1,
        (_, Heaps::UpTo(k)) => sets_term(u, w - 1, u128::from(k)) - 1,
    }
}

/// The steps of [`exact_term`].
pub(super) fn exact_steps(arrangement: Arrangement, heaps: Heaps, u: u128, w: u128) -> f64 {
    let n = u + w;
    let a = u as i128 - w as i128;
    match (arrangement, heaps) {
        (Arrangement::Multisets, Heaps::Exactly(k)) => multiset_steps(n, a, k),
        (Arrangement::Multisets, Heaps::UpTo(k)) => multiset_steps(n + 1, a + 1, k),
        (_, Heaps::Exactly(k)) => sets_steps(u, w, u128::from(k)),
        (_, Heaps::UpTo(k)) if w == 0 => u.min(u128::from(k)) as f64 + 1.0,
        (_, Heaps::UpTo(k)) => sets_steps(u, w - 1, u128::from(k)),
    }
}

/// An upper bound on log2 of the number of all positions asked for.
pub(super) fn log2_total(arrangement: Arrangement, heaps: Heaps, n: u128) -> f64 {
    let log_n = (n as f64).log2().max(0.0);
    match (arrangement, heaps) {
        (Arrangement::Ordered, Heaps::Exactly(k)) => k as f64 * log_n,
        // Σ_{k ≤ N} n^k ≤ N·n^N.
        (Arrangement::Ordered, Heaps::UpTo(k)) => k as f64 * log_n + (k as f64).log2().max(0.0),
        (Arrangement::Multisets, Heaps::Exactly(k)) => log2_multichoose(n, k),
        (Arrangement::Multisets, Heaps::UpTo(k)) => log2_multichoose(n + 1, k),
        (Arrangement::Sets, _) => (n as f64).min(log2_multichoose(n, heaps_of(heaps))),
        (Arrangement::DistinctOrdered, _) => at_most(heaps_of(heaps), n) as f64 * log_n,
    }
}

/// The least of `k` and `n`: n is a count of sizes and reaches 2^64 when
/// every size up to 2^64 - 1 is allowed, where `n as u64` would wrap to 0.
pub(super) fn at_most(k: u64, n: u128) -> u64 {
    u64::try_from(n).map_or(k, |n| k.min(n))
}

/// K or N.
pub(super) fn heaps_of(heaps: Heaps) -> u64 {
    match heaps {
        Heaps::Exactly(k) | Heaps::UpTo(k) => k,
    }
}
