//! Closed forms for subtraction games of two or three amounts, however
//! large: the period is found from the amounts, without tabling the
//! nim-sequence up to the largest one, so `sub:1,2,1000000000` costs what
//! `sub:1,2` does.
//!
//! **Two amounts** `{a, b}`, `a < b`: the nim-sequence is purely periodic
//! with period `a + b` (Winning Ways, ch. 4). With `m = n mod (a + b)`:
//! `G(n) = ⌊m/a⌋ mod 2` when `m < b`, else `1` when `⌊m/a⌋` is odd and `2`
//! when it is even. Proof: below `b` only `a` may be removed, so the values
//! are blocks of `a` zeros and `a` ones in turn; for `b <= m < a + b` the
//! options are `m - b < a` (value 0) and `m - a < b` (value `⌊m/a⌋ - 1`
//! mod 2), whose mex is 1 or 2 as stated; and `n >= a + b` has the options
//! `n - a`, `n - b` whose residues are those of `m`'s options, read around
//! the period (checked against the definition in the tests for every
//! `a < b <= 40`).
//!
//! **Three amounts** `{a, b, c}`, `a < b < c`, in two cases:
//! - *the largest amount changes nothing*: when, for every residue `r`
//!   modulo `p = a + b`, the mex of `G₂(r - a)`, `G₂(r - b)` and
//!   `G₂(r - c)` (residues mod `p`, `G₂` the two-amount sequence of
//!   `{a, b}`) is `G₂(r)` itself, the game is `{a, b}`'s: below `c` the
//!   options are those of `{a, b}`, and from `c` on, by induction, every
//!   option's value is `G₂`'s, so the mex is `G₂(n)`. Period `a + b`;
//!   checked in `O(a + b)` when `a + b <= 2^20`.
//! - *`{1, 2, K}` with `K` a multiple of 3* (the one case of `{1, 2, K}`
//!   the first does not cover): period `K + 1`, `G(n) = 3` when
//!   `n mod (K + 1) = K`, else `(n mod (K + 1)) mod 3`. Proof, with
//!   `m = n mod (K + 1)`: below `K` the game is `{1, 2}` (values `n mod 3`);
//!   for `n >= K` the option `n - K` has residue `m + 1` (0 when `m = K`),
//!   so for `2 <= m <= K - 1` the three options hold the two values other
//!   than `m mod 3` (and possibly 3 at `m = K - 1`), at `m = 0` and `m = 1`
//!   the options wrap to residues `K` (value 3) and `K - 1` (value 2) with
//!   the same effect, and at `m = K` the options hold 2, 1 and 0, so 3.
//!
//! So `sub:1,2,K` has period 3 when `K mod 3 != 0` (the first case) and
//! `K + 1` otherwise, for any `K` up to 2^64 - 1.

use crate::ruleset::SubtractionSet;

/// The residues checked by the first three-amount case, at most.
const MAX_CHECKED_PERIOD: u64 = 1 << 20;

/// A subtraction set of two or three amounts with a closed form.
///
/// ```
/// use sprague::ruleset::fewsub::SmallSet;
/// use sprague::SubtractionSet;
/// let s = SmallSet::of(&SubtractionSet::parse("1,2,1000000000").unwrap()).unwrap();
/// assert_eq!(s.period(), 3);
/// let s = SmallSet::of(&SubtractionSet::parse("1,2,999999999").unwrap()).unwrap();
/// assert_eq!(s.period(), 1_000_000_000);
/// assert_eq!(s.value(999_999_999), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmallSet {
    /// `{a, b}`, or `{a, b, c}` whose largest amount changes no value.
    Two {
        /// The smaller amount.
        a: u64,
        /// The larger amount.
        b: u64,
    },
    /// `{1, 2, k}` with `k` a multiple of 3: period `k + 1`.
    OneTwoMultipleOfThree {
        /// The largest amount.
        k: u64,
    },
}

impl SmallSet {
    /// The closed form of `set`, when it has two or three amounts and one of
    /// the cases of the module applies; `None` otherwise (the nim-sequence
    /// table decides). O(1) for two amounts, O(a + b) for three.
    pub fn of(set: &SubtractionSet) -> Option<SmallSet> {
        if set.len() > 3 {
            return None;
        }
        let amounts: Vec<u64> = set.amounts().collect();
        match amounts[..] {
            [a, b] => Some(SmallSet::Two { a, b }),
            [1, 2, k] if k % 3 == 0 => Some(SmallSet::OneTwoMultipleOfThree { k }),
            [a, b, c] => {
                let p = a.checked_add(b)?;
                if p > MAX_CHECKED_PERIOD {
                    return None;
                }
                let at = |back: u64, r: u64| two_value(a, b, (r + p - back % p) % p);
                let unchanged = (0..p).all(|r| {
                    let options = [at(a, r), at(b, r), at(c, r)];
                    crate::mex(options.iter().copied()) == two_value(a, b, r)
                });
                unchanged.then_some(SmallSet::Two { a, b })
            }
            _ => None,
        }
    }

    /// G(heap), O(1) for any u64 heap.
    pub fn value(&self, heap: u64) -> u64 {
        match *self {
            SmallSet::Two { a, b } => two_value(a, b, heap),
            SmallSet::OneTwoMultipleOfThree { k } => {
                let m = match k.checked_add(1) {
                    Some(p) => heap % p,
                    None => heap,
                };
                if m == k {
                    3
                } else {
                    m % 3
                }
            }
        }
    }

    /// The period (the preperiod is 0), which may pass 2^64 - 1 (then it
    /// is saturated: no heap sees the sequence repeat).
    pub fn period(&self) -> u64 {
        match *self {
            SmallSet::Two { a, b } => a.saturating_add(b),
            SmallSet::OneTwoMultipleOfThree { k } => k.saturating_add(1),
        }
    }

    /// The period exactly, even past 2^64 - 1 (a + b, or K + 1).
    pub fn wide_period(&self) -> u128 {
        match *self {
            SmallSet::Two { a, b } => u128::from(a) + u128::from(b),
            SmallSet::OneTwoMultipleOfThree { k } => u128::from(k) + 1,
        }
    }
}

/// G(n) of the two-amount game `{a, b}`, `1 <= a < b` (see the module
/// docs). O(1), any u64 heap.
///
/// ```
/// use sprague::ruleset::fewsub::two_value;
/// let sub25: Vec<u64> = (0..7).map(|n| two_value(2, 5, n)).collect();
/// assert_eq!(sub25, [0, 0, 1, 1, 0, 2, 1]);
/// ```
pub fn two_value(a: u64, b: u64, n: u64) -> u64 {
    let p = u128::from(a) + u128::from(b);
    let m = u128::from(n) % p;
    let blocks = m / u128::from(a);
    if m < u128::from(b) {
        (blocks % 2) as u64
    } else if blocks % 2 == 1 {
        1
    } else {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_definition(set: &[u64], n: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(n);
        for h in 0..n {
            let options = set.iter().filter(|&&s| s as usize <= h);
            g.push(crate::mex(options.map(|&s| g[h - s as usize])));
        }
        g
    }

    fn set(amounts: &[u64]) -> SubtractionSet {
        let text: Vec<String> = amounts.iter().map(u64::to_string).collect();
        SubtractionSet::parse(&text.join(",")).unwrap()
    }

    #[test]
    fn two_amounts_match_the_definition() {
        for a in 1..=12 {
            for b in a + 1..=40 {
                let g = by_definition(&[a, b], 4 * (a + b) as usize);
                let form = SmallSet::of(&set(&[a, b])).unwrap();
                for (n, &v) in g.iter().enumerate() {
                    assert_eq!(form.value(n as u64), v, "sub:{a},{b} heap {n}");
                }
            }
        }
    }

    #[test]
    fn three_amounts_match_the_definition_where_a_form_is_claimed() {
        let mut claimed = 0;
        for a in 1..=6 {
            for b in a + 1..=12 {
                for c in b + 1..=60 {
                    let Some(form) = SmallSet::of(&set(&[a, b, c])) else {
                        continue;
                    };
                    claimed += 1;
                    let len = (4 * (c + form.period()) + 10) as usize;
                    let g = by_definition(&[a, b, c], len);
                    for (n, &v) in g.iter().enumerate() {
                        assert_eq!(form.value(n as u64), v, "sub:{a},{b},{c} heap {n}");
                    }
                }
            }
        }
        assert!(claimed > 500, "{claimed}");
    }

    #[test]
    fn one_two_k_is_always_closed() {
        for k in 3..=90 {
            let form = SmallSet::of(&set(&[1, 2, k])).unwrap();
            let expected = if k % 3 == 0 { k + 1 } else { 3 };
            assert_eq!(form.period(), expected, "sub:1,2,{k}");
        }
    }
}
