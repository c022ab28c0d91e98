//! Apparent periods: the period a finite list of values G(0..=N) shows,
//! for games no periodicity theorem covers (a one-heap game given as a
//! function or a list of values, whose moves are not known to be those of
//! an octal game). Nothing is proven: the values from the preperiod on
//! repeat, seen at least `repeats` times, up to N; the game may still
//! change past N.
//!
//! ```
//! use sprague::sequence::apparent::find_apparent;
//! // sub:1,3,4: 0 1 0 1 2 3 2, repeating.
//! let values: Vec<u64> = (0..30).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
//! let p = find_apparent(&values, 3).unwrap();
//! assert_eq!((p.preperiod, p.period), (0, 7));
//! assert_eq!(find_apparent(&values[..20], 3), None); // under three periods
//! ```

use super::period::Period;

/// The least period `p` (with its least preperiod `n0`) such that
/// G(n + p) = G(n) for every `n0 <= n <= N - p` and the periodic part,
/// n0..=N, holds at least `repeats` periods (`N + 1 - n0 >= repeats·p`);
/// `None` when no `p` does. `repeats` below 2 is taken as 2.
///
/// O(N) time and O(N) memory (a prefix hash of the values: each `p` is
/// one comparison of two windows of (repeats - 1)·p values, confirmed
/// value by value when the hashes agree, so a collision costs time,
/// never a wrong answer).
pub fn find_apparent(values: &[u64], repeats: u64) -> Option<Period> {
    let repeats = repeats.max(2) as usize;
    let len = values.len();
    let hashes = PrefixHash::new(values);
    for p in 1..=len / repeats {
        // The top (repeats - 1)·p values agree with those p below them.
        let l = (repeats - 1) * p;
        let (top, below) = (len - l, len - l - p);
        if hashes.window(top, l) != hashes.window(below, l)
            || values[top..] != values[below..len - p]
        {
            continue;
        }
        let mut agree = l;
        while agree < len - p && values[len - 1 - agree] == values[len - 1 - p - agree] {
            agree += 1;
        }
        return Some(Period {
            preperiod: (len - p - agree) as u64,
            period: p as u64,
        });
    }
    None
}

/// Polynomial prefix hashes modulo 2^61 - 1.
struct PrefixHash {
    /// `prefix[i]`: the hash of values[..i].
    prefix: Vec<u64>,
    /// `power[i]` = B^i.
    power: Vec<u64>,
}

const MODULUS: u64 = (1 << 61) - 1;
const BASE: u64 = 0x2545_f491_4f6c_dd1d % MODULUS;

fn mul(a: u64, b: u64) -> u64 {
    let x = u128::from(a) * u128::from(b);
    let r = (x & u128::from(MODULUS)) as u64 + (x >> 61) as u64;
    if r >= MODULUS {
        r - MODULUS
    } else {
        r
    }
}

impl PrefixHash {
    fn new(values: &[u64]) -> PrefixHash {
        let mut prefix = Vec::with_capacity(values.len() + 1);
        let mut power = Vec::with_capacity(values.len() + 1);
        prefix.push(0);
        power.push(1);
        for (i, &v) in values.iter().enumerate() {
            let h = (mul(prefix[i], BASE) + v % MODULUS + 1) % MODULUS;
            prefix.push(h);
            power.push(mul(power[i], BASE));
        }
        PrefixHash { prefix, power }
    }

    /// The hash of values[start..start + len].
    fn window(&self, start: usize, len: usize) -> u64 {
        let whole = self.prefix[start + len];
        let before = mul(self.prefix[start], self.power[len]);
        (whole + MODULUS - before) % MODULUS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// By the definition: for p = 1, 2, ... the least n0 with G(n + p) =
    /// G(n) for n0 <= n <= N - p, and the first p seen `repeats` times.
    fn plain(values: &[u64], repeats: u64) -> Option<(u64, u64)> {
        let len = values.len() as u64;
        for p in 1..=len {
            let mut n0 = len - p;
            while n0 > 0 && values[(n0 - 1) as usize] == values[(n0 - 1 + p) as usize] {
                n0 -= 1;
            }
            if len - n0 >= repeats.max(2) * p {
                return Some((n0, p));
            }
        }
        None
    }

    proptest! {
        /// The hashed search equals the search by definition, on
        /// sequences over few values (where many shifts agree for long)
        /// and on eventually periodic ones.
        #[test]
        fn equals_the_plain_search(
            values in prop::collection::vec(0u64..3, 0..200),
            pre in prop::collection::vec(0u64..5, 0..20),
            cycle in prop::collection::vec(0u64..4, 1..9),
            reps in 0u64..5,
            len in 0usize..120,
        ) {
            let got = find_apparent(&values, reps).map(|p| (p.preperiod, p.period));
            prop_assert_eq!(got, plain(&values, reps));
            let periodic: Vec<u64> = pre.iter().copied()
                .chain(cycle.iter().copied().cycle().take(len)).collect();
            let got = find_apparent(&periodic, reps).map(|p| (p.preperiod, p.period));
            prop_assert_eq!(got, plain(&periodic, reps));
        }
    }

    #[test]
    fn kayles_shows_its_period() {
        let kayles: crate::Ruleset = "kayles".parse().unwrap();
        let values: Vec<u64> = (0..400)
            .map(|n| kayles.heap_value(n, &Default::default()).unwrap())
            .collect();
        let p = find_apparent(&values, 3).unwrap();
        assert_eq!((p.preperiod, p.period), (71, 12));
    }
}
