//! Sums over the P-positions of a two-number game, by theory for any
//! bound: Euclid's game (Project Euler 325).
//!
//! A position (x, y) with 0 < x < y loses for the player to move exactly
//! when y < φx, φ = (1 + √5)/2 (Cole & Davie 1969; see
//! [`crate::ruleset::euclid`]). So the sum of x + y over the losing
//! positions with y <= N is, with g(x) = ⌊x/φ⌋ = ⌊φx⌋ - x,
//!
//! - for x <= X0 = ⌊(N + 1)/φ⌋ (where ⌊φx⌋ <= N): the y from x + 1 to
//!   x + g(x), adding up to 2·x·g(x) + (g(x)² + g(x))/2;
//! - for X0 < x <= N: every y from x + 1 to N, a polynomial in x.
//!
//! The sums of g, x·g and g² up to n are Beatty sums, found by the
//! complementary count: with m = ⌊n/φ⌋, g(k) >= j exactly for
//! k > ⌊jφ⌋ = j + g(j), so each sum up to n is a polynomial in n and m
//! less the three sums up to m. The recursion takes about log_φ n ≈ 92
//! steps for n up to 2^64, on exact integers (the sums reach 2^200).

use num_bigint::{BigInt, BigUint};

/// ⌊n/φ⌋ = ⌊(√(5n²) - n)/2⌋ exactly (√(5n²) is irrational for n >= 1, so
/// its floor serves).
fn below_phi(n: &BigInt) -> BigInt {
    let root = (n * n * 5u32).sqrt();
    (root - n) / 2
}

/// (Σ g(k), Σ k·g(k), Σ g(k)²) for k = 1..=n, g(k) = ⌊k/φ⌋.
fn beatty_sums(n: &BigInt) -> (BigInt, BigInt, BigInt) {
    let zero = BigInt::from(0u32);
    // The chain n, ⌊n/φ⌋, ... down to 0, then the sums back up it.
    let mut chain = vec![n.clone()];
    while chain.last().is_some_and(|k| *k > zero) {
        let next = below_phi(chain.last().unwrap_or(&zero));
        chain.push(next);
    }
    let (mut a, mut b, mut c) = (zero.clone(), zero.clone(), zero.clone());
    for pair in chain.windows(2).rev() {
        let (n, m) = (&pair[0], &pair[1]);
        let tri = m * (m + 1u32) / 2u32;
        let squares = m * (m + 1u32) * (m * 2u32 + 1u32) / 6u32;
        let next_a = n * m - &tri - &a;
        let next_b = (m * n * (n + 1u32) - (&squares + &b * 2u32 + &c + &tri + &a)) / 2u32;
        let next_c = n * m * m - (&squares * 2u32 - &tri) - &b * 2u32 + &a;
        (a, b, c) = (next_a, next_b, next_c);
    }
    (a, b, c)
}

/// The sum of x + y over the P-positions of Euclid's game with
/// 0 < x < y <= `max` (Project Euler 325's S(N): S(10) = 211,
/// S(10^4) = 230312207313). Exact, for any `max` up to 2^64 - 1, in
/// about 92 steps on integers of at most a few hundred bits.
pub fn euclid_losing_sum(max: u64) -> BigUint {
    let n = BigInt::from(max);
    let x0 = below_phi(&(&n + 1u32));
    let (a, b, c) = beatty_sums(&x0);
    let near = &b * 2u32 + (&c + &a) / 2u32;
    // x from x0 + 1 to N: y from x + 1 to N, so Σ (N - x)·x +
    // (N(N + 1) - x(x + 1))/2.
    let s1 = |k: &BigInt| k * (k + 1u32) / 2u32;
    let s2 = |k: &BigInt| k * (k + 1u32) * (k * 2u32 + 1u32) / 6u32;
    let (sum_x, sum_x2) = (s1(&n) - s1(&x0), s2(&n) - s2(&x0));
    let count = &n - &x0;
    let far = &n * &sum_x - &sum_x2 + (count * &n * (&n + 1u32) - &sum_x2 - &sum_x) / 2u32;
    (near + far).to_biguint().unwrap_or_default()
}

/// The sum of x + y over the positions of Euclid's game with
/// 0 < x < y <= `max` whose outcome is `outcome`: P by
/// [`euclid_losing_sum`], N the rest of all the pairs (each y adds
/// 3y(y - 1)/2 over its x: (max - 1)·max·(max + 1)/2 in all), D none.
pub fn euclid_sum(max: u64, outcome: crate::Outcome) -> BigUint {
    let losing = euclid_losing_sum(max);
    match outcome {
        crate::Outcome::P => losing,
        crate::Outcome::N => {
            let n = BigUint::from(max);
            let below = BigUint::from(max.saturating_sub(1));
            (&n + 1u32) * &n * below / 2u32 - losing
        }
        crate::Outcome::D => BigUint::ZERO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beatty_sums_by_hand() {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        for n in 0..300u64 {
            let g = |k: u64| (k as f64 / phi).floor() as u64;
            let want = (
                (1..=n).map(g).sum::<u64>(),
                (1..=n).map(|k| k * g(k)).sum::<u64>(),
                (1..=n).map(|k| g(k) * g(k)).sum::<u64>(),
            );
            let (a, b, c) = beatty_sums(&BigInt::from(n));
            assert_eq!(
                (a, b, c),
                (want.0.into(), want.1.into(), want.2.into()),
                "{n}"
            );
        }
    }
}
