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

use super::{Method, NimSequence};
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
    /// The proven preperiod and period, `None` when none was proven.
    pub period: Option<Period>,
    /// The proof, present exactly when `period` is.
    pub proof: Option<Proof>,
    /// The last heap whose value was computed (0 when no computation was
    /// done because no theorem applies).
    pub checked_to: u64,
    /// Whether a periodicity theorem applies to the game at all.
    pub theorem_applies: bool,
}

impl PeriodReport {
    /// Whether the period is proven (always so when one is reported).
    pub fn proven(&self) -> bool {
        self.proof.is_some()
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
/// Tries p = 1, 2, ... in turn; a wrong p is usually rejected at the first
/// comparison from the top, so the search costs O(N) for typical sequences
/// (O(N^2) in the worst case).
pub fn find_proven(values: &[u16], moves: &MoveSet) -> Option<(Period, Proof)> {
    let (q, t, floor) = theorem(moves)?;
    let last = values.len().checked_sub(1)? as i128;
    let (q, t, floor) = (q as i128, t as i128, floor as i128);
    for p in 1.. {
        // The largest n0 whose window fits: q·max(n0, floor) + (q-1)p + t + p - 1 <= last.
        let budget = last + 1 - q * p - t;
        if budget < q * floor {
            return None; // larger periods need still more values
        }
        let n0_max = budget / q;
        let pu = p as usize;
        // A mismatch at n >= n0_max puts the preperiod beyond n0_max.
        let mut n = last - p;
        let mut rejected = false;
        while n >= n0_max {
            if values[n as usize + pu] != values[n as usize] {
                rejected = true;
                break;
            }
            n -= 1;
        }
        if rejected {
            continue;
        }
        while n >= 0 && values[n as usize + pu] == values[n as usize] {
            n -= 1;
        }
        let n0 = (n + 1) as u64;
        let w = (q * (n0 as i128).max(floor) + (q - 1) * p + t) as u64;
        return Some((
            Period {
                preperiod: n0,
                period: p as u64,
            },
            Proof {
                max_removal: t as u64,
                parts: q as u32,
                window: (n0, w),
            },
        ));
    }
    None
}

/// Computes the nim-sequence `seq` further, doubling its length from 1,024
/// values, until the periodicity theorem proves a period or the values
/// reach heap `limit`. When no theorem applies nothing is computed.
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
    let applies = seq.moves().periodicity_theorem_applies();
    let mut report = PeriodReport {
        period: None,
        proof: None,
        checked_to: seq.len().saturating_sub(1),
        theorem_applies: applies,
    };
    if !applies {
        report.checked_to = 0;
        return Ok(report);
    }
    let mut target = seq.len().max(1024).min(limit);
    loop {
        seq.extend_to(target, method)?;
        report.checked_to = target;
        progress(target);
        if let Some((period, proof)) = find_proven(&seq.values()[..=target as usize], seq.moves()) {
            report.period = Some(period);
            report.proof = Some(proof);
            return Ok(report);
        }
        if target >= limit {
            return Ok(report);
        }
        target = target.saturating_mul(2).min(limit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::takebreak::TakeBreakCode;

    fn proven(code: &str, limit: u64) -> PeriodReport {
        let moves = TakeBreakCode::parse_octal(code).unwrap().move_set();
        let mut seq = NimSequence::new(code, moves);
        search(&mut seq, limit, Method::Fast, &mut |_| {}).unwrap()
    }

    #[test]
    fn kayles_and_dawson() {
        let r = proven("0.77", 10_000);
        assert_eq!(
            r.period,
            Some(Period {
                preperiod: 71,
                period: 12
            })
        );
        assert_eq!(r.proof.unwrap().window, (71, 2 * 71 + 12 + 2));
        let r = proven("0.07", 10_000);
        assert_eq!(
            r.period,
            Some(Period {
                preperiod: 53,
                period: 34
            })
        );
        let r = proven("0.137", 10_000);
        assert_eq!(
            r.period,
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
            r.period,
            Some(Period {
                preperiod: 0,
                period: 7
            })
        );
    }

    #[test]
    fn not_enough_values_proves_nothing() {
        let r = proven("0.77", 150);
        assert_eq!((r.period, r.checked_to), (None, 150));
        let mut grundy = NimSequence::new("grundy", MoveSet::grundy());
        let r = search(&mut grundy, 1000, Method::Fast, &mut |_| {}).unwrap();
        assert!(!r.theorem_applies && r.period.is_none() && !r.proven());
    }
}
