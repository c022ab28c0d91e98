//! Periods of nim-sequences, and their proof by the periodicity theorem of
//! Guy and Smith (1956; Winning Ways, ch. 4).
//!
//! # The theorem, as used here
//! Let a heap game remove at most `t` tokens per move and leave at most `q`
//! heaps in place of one (`q = 2` for octal codes with a splitting digit,
//! `q = 3` for hexadecimal codes with bit 8, `q = 1` otherwise, e.g.
//! subtraction games), with every split into non-empty heaps allowed. If
//!
//! > G(n + p) = G(n) for all n with n0 <= n < W, where
//! > W = q·max(n0, 1) + (q - 1)·p + t,
//!
//! then G(n + p) = G(n) for all n >= n0. (Proof: by induction on n >= W.
//! Every option of heap n + p has a part b with b - p >= max(n0, 1), since
//! the parts add up to at least n + p - t; replacing b by b - p gives an
//! option of heap n of the same value, and back.) For `q = 1` when leaving
//! a heap of 0 is allowed wherever leaving one heap is (subtraction games,
//! every digit 3), `max(n0, 1)` may be `n0`, so the window is `t = max(S)`
//! values: `n0 <= n < n0 + t`.
//!
//! Checking the window needs the values up to heap `W - 1 + p`. The
//! theorem does not apply to Grundy's game (its two parts must differ, so
//! the step `b -> b - p` can reach a forbidden split) nor to codes with
//! unbounded removals; for them no period is claimed.

use super::{Method, NimSequence, Values};
use crate::takebreak::MoveSet;
use crate::Error;

/// A preperiod `n0` and period `p`: G(n + p) = G(n) for all n >= n0, with
/// `n0` and `p` the least such.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The preperiod n0.
    pub preperiod: u64,
    /// The period p (at least 1).
    pub period: u64,
}

impl Period {
    /// The heap below `n0 + p` with the same value as `heap` (itself when
    /// `heap < n0 + p`, or when the period is 0, which no report holds).
    /// Works for every `u64` heap in constant time.
    ///
    /// ```
    /// let p = sprague::sequence::Period { preperiod: 71, period: 12 };
    /// assert_eq!(p.reduce(83), 71);
    /// assert_eq!(p.reduce(u64::MAX), 71 + (u64::MAX - 71) % 12);
    /// ```
    pub fn reduce(&self, heap: u64) -> u64 {
        if self.period == 0 || heap < self.preperiod.saturating_add(self.period) {
            heap
        } else {
            self.preperiod + (heap - self.preperiod) % self.period
        }
    }
}

/// How a period was proven: the window of the periodicity theorem that was
/// checked value by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The most tokens one move removes (t).
    pub max_removal: u64,
    /// The most heaps one move leaves in place of one (q).
    pub parts: u32,
    /// G(n + p) = G(n) was checked for `window.0 <= n < window.1`.
    pub window: (u64, u64),
}

/// What `period` found: the period if one was proven, and how far the
/// values were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodReport {
    /// The proven preperiod and period with their proof, `None` when none
    /// was proven (one field, so that a period never comes without its
    /// proof).
    pub found: Option<(Period, Proof)>,
    /// The last heap whose value was computed (0 when no computation was
    /// done because no theorem applies).
    pub checked_to: u64,
    /// Whether a periodicity theorem applies to the game at all.
    pub theorem_applies: bool,
}

impl PeriodReport {
    /// Whether a period was proven.
    pub fn proven(&self) -> bool {
        self.found.is_some()
    }

    /// The proven preperiod and period.
    pub fn period(&self) -> Option<Period> {
        self.found.map(|(p, _)| p)
    }

    /// The proof of the period.
    pub fn proof(&self) -> Option<Proof> {
        self.found.map(|(_, proof)| proof)
    }
}

/// The end `W` of the window of the periodicity theorem for preperiod `n0`
/// and period `p`, or `None` when the theorem does not apply to `moves`.
///
/// ```
/// use sprague::takebreak::TakeBreakCode;
/// use sprague::sequence::period::window_end;
/// let kayles = TakeBreakCode::parse_octal("0.77").unwrap().move_set();
/// assert_eq!(window_end(&kayles, 71, 12), Some(2 * 71 + 12 + 2));
/// ```
pub fn window_end(moves: &MoveSet, n0: u64, p: u64) -> Option<u64> {
    let (q, t, floor) = theorem(moves)?;
    Some(q * n0.max(floor) + (q - 1) * p + t)
}

/// (q, t, least start) of the theorem for `moves`.
fn theorem(moves: &MoveSet) -> Option<(u64, u64, u64)> {
    if !moves.periodicity_theorem_applies() {
        return None;
    }
    let t = moves.max_removal()?;
    let q = moves.max_parts() as u64;
    let floor = if moves.zero_heap_is_free() { 0 } else { 1 };
    Some((q, t, floor))
}

/// The least period (and its preperiod) that `values` = G(0..=N) prove by
/// the periodicity theorem, with the proof; `None` when the theorem does
/// not apply or the values do not reach far enough.
///
/// For each p the least preperiod is one past the last n with
/// G(n) != G(n + p); these come for all p at once from the Z-function of
/// the reversed sequence (z(p) = how many values from the top agree with
/// those p below them), so the search costs O(N) time and 4 bytes per value
/// whatever the sequence (a scan per p would cost O(N^2) on sequences like
/// that of `sub:1,1000000`, which agree with many shifts for a long way).
/// The least p whose window fits in the values is reported.
///
/// `values` is a [`Values`] view ([`NimSequence::values`]) or a slice of
/// `u16` or `u32` values.
pub fn find_proven<'a>(values: impl Into<Values<'a>>, moves: &MoveSet) -> Option<(Period, Proof)> {
    match values.into() {
        Values::Narrow(v) => find_proven_in(v, moves),
        Values::Wide(v) => find_proven_in(v, moves),
    }
}

/// [`find_proven`] for values of one width.
fn find_proven_in<V: Copy + PartialEq>(values: &[V], moves: &MoveSet) -> Option<(Period, Proof)> {
    let (q, t, floor) = theorem(moves)?;
    let len = values.len();
    let last = len.checked_sub(1)? as i128;
    let z = reversed_z_function(values);
    let (q, t, floor) = (q as i128, t as i128, floor as i128);
    for (p, &agree) in z.iter().enumerate().skip(1) {
        // The largest n0 whose window fits: q·max(n0, floor) + (q-1)p + t + p - 1 <= last.
        let budget = last + 1 - q * p as i128 - t;
        if budget < q * floor {
            return None; // larger periods need still more values
        }
        let n0_max = budget / q;
        // The values from the top that agree with those p below: G(n + p)
        // = G(n) for n > last - p - z(p), and not at n = last - p - z(p).
        let n0 = (len - p).saturating_sub(agree as usize) as i128;
        if n0 > n0_max {
            continue;
        }
        let w = (q * n0.max(floor) + (q - 1) * p as i128 + t) as u64;
        return Some((
            Period {
                preperiod: n0 as u64,
                period: p as u64,
            },
            Proof {
                max_removal: t as u64,
                parts: q as u32,
                window: (n0 as u64, w),
            },
        ));
    }
    None
}

/// The Z-function of `values` read from the top: entry `p` (for
/// `1 <= p < len`) is the largest `k` with
/// `values[len - 1 - i] == values[len - 1 - p - i]` for all `i < k`.
/// Entry 0 is unused. O(len) time (Gusfield, Algorithms on Strings, 1997).
/// `values` has fewer than 2^32 entries (tables hold at most 2^31).
fn reversed_z_function<V: Copy + PartialEq>(values: &[V]) -> Vec<u32> {
    let len = values.len();
    let r = |i: usize| values[len - 1 - i];
    let mut z = vec![0u32; len];
    // [left, right) is the rightmost window found that matches a prefix.
    let (mut left, mut right) = (0usize, 0usize);
    for i in 1..len {
        let mut k = if i < right {
            (z[i - left] as usize).min(right - i)
        } else {
            0
        };
        while i + k < len && r(k) == r(i + k) {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > right {
            left = i;
            right = i + k;
        }
    }
    z
}

/// Computes the nim-sequence `seq` further until the periodicity theorem
/// proves a period or the values reach heap `limit`, looking for one at
/// heaps 1,024, 2,048, ... and at `limit` (as
/// [`Store::search_period`](super::Store::search_period) does). When no
/// theorem applies nothing is computed.
///
/// `progress` is called with the last heap computed after each step.
///
/// # Errors
/// As for [`NimSequence::extend_to`].
pub fn search(
    seq: &mut NimSequence,
    limit: u64,
    method: Method,
    progress: &mut dyn FnMut(u64),
) -> Result<PeriodReport, Error> {
    super::store::search_sequence(seq, limit, method, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::takebreak::TakeBreakCode;
    use proptest::prelude::*;

    /// The search by definition: for p = 1, 2, ... the least n0 with
    /// G(n + p) = G(n) for all n0 <= n <= N - p, and the first p whose
    /// window fits.
    fn find_proven_plain(values: &[u16], moves: &MoveSet) -> Option<(u64, u64, (u64, u64))> {
        let (q, t, floor) = theorem(moves)?;
        let last = values.len() as u64 - 1;
        for p in 1..values.len() as u64 {
            let mut n0 = last + 1 - p;
            while n0 > 0 && values[(n0 - 1) as usize] == values[(n0 - 1 + p) as usize] {
                n0 -= 1;
            }
            let w = q * n0.max(floor) + (q - 1) * p + t;
            if w + p - 1 <= last {
                return Some((n0, p, (n0, w)));
            }
        }
        None
    }

    proptest! {
        /// The Z-function search equals the search by definition on short
        /// sequences over few values (where many shifts agree for long).
        #[test]
        fn z_function_search_equals_plain_search(
            values in prop::collection::vec(0u16..3, 1..200),
            code in prop::sample::select(vec!["0.77", "0.07", "0.3", "0.137", "4.07", "0.f"]),
        ) {
            let moves = if code == "0.f" {
                TakeBreakCode::parse_hex(code).unwrap().move_set()
            } else {
                TakeBreakCode::parse_octal(code).unwrap().move_set()
            };
            let fast = find_proven(&values, &moves)
                .map(|(p, proof)| (p.preperiod, p.period, proof.window));
            prop_assert_eq!(fast, find_proven_plain(&values, &moves));
            // The same values stored 4 bytes wide.
            let wide: Vec<u32> = values.iter().map(|&v| u32::from(v)).collect();
            let fast_wide = find_proven(&wide, &moves)
                .map(|(p, proof)| (p.preperiod, p.period, proof.window));
            prop_assert_eq!(fast, fast_wide);
        }
    }

    fn proven(code: &str, limit: u64) -> PeriodReport {
        let moves = TakeBreakCode::parse_octal(code).unwrap().move_set();
        let mut seq = NimSequence::new(code, moves);
        search(&mut seq, limit, Method::Fast, &mut |_| {}).unwrap()
    }

    #[test]
    fn kayles_and_dawson() {
        let r = proven("0.77", 10_000);
        assert_eq!(
            r.period(),
            Some(Period {
                preperiod: 71,
                period: 12
            })
        );
        assert_eq!(r.proof().unwrap().window, (71, 2 * 71 + 12 + 2));
        let r = proven("0.07", 10_000);
        assert_eq!(
            r.period(),
            Some(Period {
                preperiod: 53,
                period: 34
            })
        );
        let r = proven("0.137", 10_000);
        assert_eq!(
            r.period(),
            Some(Period {
                preperiod: 52,
                period: 34
            })
        );
    }

    #[test]
    fn subtraction_window_is_max_s() {
        let set = crate::SubtractionSet::parse("1,3,4").unwrap();
        let moves = MoveSet::subtraction(&set);
        assert_eq!(window_end(&moves, 0, 7), Some(4));
        let mut seq = NimSequence::new("sub:1,3,4", moves);
        let r = search(&mut seq, 100, Method::Fast, &mut |_| {}).unwrap();
        assert_eq!(
            r.period(),
            Some(Period {
                preperiod: 0,
                period: 7
            })
        );
    }

    #[test]
    fn not_enough_values_proves_nothing() {
        let r = proven("0.77", 150);
        assert_eq!((r.period(), r.checked_to), (None, 150));
        let mut grundy = NimSequence::new("grundy", MoveSet::grundy());
        let r = search(&mut grundy, 1000, Method::Fast, &mut |_| {}).unwrap();
        assert!(!r.theorem_applies && r.period().is_none() && !r.proven());
    }
}
