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

use super::Values;
use crate::takebreak::MoveSet;

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
    /// An arithmetic period (saltus >= 1), proven or only apparent in the
    /// values, when no ordinary period was proven
    /// ([`arith`](super::arith)).
    pub arithmetic: Option<super::arith::ArithFinding>,
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
/// G(n) != G(n + p). Whether it is small enough for the window to fit is
/// the same question for every p: do the top L values (L fixed by N, q and
/// t) agree with those p below them? It is answered for p = 1, 2, ... by a
/// rolling hash checked value by value, so the search costs O(N) time and no
/// memory besides the values whatever the sequence (a scan per p would cost
/// O(N^2) on sequences like that of `sub:1,1000000`, which agree with many
/// shifts for a long way). The least p whose window fits is reported.
///
/// `values` is a [`Values`] view ([`NimSequence::values`](super::NimSequence::values)) or a slice of
/// `u16` or `u32` values.
pub fn find_proven<'a>(values: impl Into<Values<'a>>, moves: &MoveSet) -> Option<(Period, Proof)> {
    match values.into() {
        Values::Narrow(v) => find_proven_in(v, moves),
        Values::Wide(v) => find_proven_in(v, moves),
    }
}

/// [`find_proven`] for values of one width.
///
/// With `D = (N + 1 - t) / q` (rounded down), the least preperiod `n0`
/// for a period `p` fits the window exactly when `n0 <= D - p`, that is,
/// when the top `L = N + 1 - D` values agree with the `L` values `p` below
/// them: the same length `L` for every `p`. So each `p` is one comparison of
/// two windows of `L` values, done first by a rolling hash of the window
/// `p` below the top (O(1) a step, no memory besides), then, when the hashes
/// agree, value by value (so a collision of hashes costs time, never a
/// wrong answer). The first `p` that passes gets its exact `n0` by one scan
/// down. O(N) time, O(1) memory.
fn find_proven_in<V: Copy + PartialEq + Into<u64>>(
    values: &[V],
    moves: &MoveSet,
) -> Option<(Period, Proof)> {
    let (q, t, floor) = theorem(moves)?;
    let len = values.len() as u64;
    // d = D: a p needs n0 <= d - p and n0 >= 0 (and its window needs
    // d - p >= floor).
    let d = len.checked_sub(t)? / q;
    let p_max = d.checked_sub(floor)?;
    if p_max < 1 {
        return None;
    }
    let (len, d) = (len as usize, d as usize);
    let (p, n0) = least_shift(values, len - d, p_max as usize)?;
    let w = q * n0.max(floor) + (q - 1) * p + t;
    Some((
        Period {
            preperiod: n0,
            period: p,
        },
        Proof {
            max_removal: t,
            parts: q as u32,
            window: (n0, w),
        },
    ))
}

/// The least `p <= p_max` such that the top `l` values agree with the `l`
/// values `p` below them, with the least `n0` such that G(n + p) = G(n)
/// for every n from `n0` on; `None` when no `p` does. A rolling hash of
/// the window `p` below the top, confirmed value by value: O(N) time, no
/// memory besides the values.
fn least_shift<V: Copy + PartialEq + Into<u64>>(
    values: &[V],
    l: usize,
    p_max: usize,
) -> Option<(u64, u64)> {
    let len = values.len();
    if l == 0 || p_max == 0 || l + p_max > len {
        return None;
    }
    let top = &values[len - l..];
    let target = WindowHash::of(top);
    // The window p below the top: values[len - l - p .. len - p].
    let mut rolling = WindowHash::of(&values[len - l - 1..len - 1]);
    for p in 1..=p_max {
        if p > 1 {
            // Slide one value down: values[len - l - p] comes in at the
            // bottom, values[len - p] leaves at the top.
            rolling.slide_down(values[len - l - p].into(), values[len - p].into());
        }
        if rolling.hash != target.hash || top != &values[len - l - p..len - p] {
            continue;
        }
        // The values agree for l from the top; how far down do they?
        let mut agree = l;
        while agree < len - p && values[len - 1 - agree] == values[len - 1 - p - agree] {
            agree += 1;
        }
        return Some((p as u64, (len - p - agree) as u64));
    }
    None
}

/// A period the values G(0..=N) show but do not prove yet, with the heap
/// the periodicity theorem needs the values to for its proof: the least
/// `p` such that G(n + p) = G(n) over at least the top quarter of the
/// values (so at least twice the period is seen repeating), with its least
/// preperiod `n0`, when proving it needs values past N. `None` when the
/// theorem does not apply, when no such `p` shows, or when the values
/// prove a period already ([`find_proven`]).
///
/// For `period --limit N`, which computes on to that heap (within its
/// memory budget) rather than say "none found" just short of a proof
/// (Guy & Smith 1956; Winning Ways, ch. 4). O(N) time, no memory besides
/// the values.
///
/// ```
/// use sprague::takebreak::TakeBreakCode;
/// use sprague::sequence::{NimSequence, Method, period::find_apparent_unproven};
/// // Kayles (0.77): preperiod 71, period 12, proven from the values to
/// // heap 2·71 + 12 + 2 + 12 - 1 = 167.
/// let kayles = TakeBreakCode::parse_octal("0.77").unwrap().move_set();
/// let mut seq = NimSequence::new("kayles", kayles.clone());
/// seq.extend_to(150, Method::Fast)?;
/// let (period, need) = find_apparent_unproven(seq.values(), &kayles).unwrap();
/// assert_eq!((period.preperiod, period.period, need), (71, 12, 167));
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn find_apparent_unproven<'a>(
    values: impl Into<Values<'a>>,
    moves: &MoveSet,
) -> Option<(Period, u64)> {
    let values = values.into();
    if values.len() < 8 || find_proven(values, moves).is_some() {
        return None;
    }
    let (p, n0) = match values {
        Values::Narrow(v) => least_shift(v, v.len() / 4, v.len() - v.len() / 4 - 1)?,
        Values::Wide(v) => least_shift(v, v.len() / 4, v.len() - v.len() / 4 - 1)?,
    };
    let need = window_end(moves, n0, p)? + p - 1;
    Some((
        Period {
            preperiod: n0,
            period: p,
        },
        need,
    ))
}

/// A polynomial hash modulo the prime 2^61 - 1 of a window of values,
/// `sum of (values[i] + 1) * B^i`, that slides down by one value in O(1).
struct WindowHash {
    hash: u64,
    /// B^(length - 1).
    top_power: u64,
}

impl WindowHash {
    const MODULUS: u64 = (1 << 61) - 1;
    const BASE: u64 = 0x1d3a_5f27_c6e9_b841 % Self::MODULUS;

    fn mul(a: u64, b: u64) -> u64 {
        let x = u128::from(a) * u128::from(b);
        let r = (x & u128::from(Self::MODULUS)) as u64 + (x >> 61) as u64;
        if r >= Self::MODULUS {
            r - Self::MODULUS
        } else {
            r
        }
    }

    fn add(a: u64, b: u64) -> u64 {
        let r = a + b;
        if r >= Self::MODULUS {
            r - Self::MODULUS
        } else {
            r
        }
    }

    fn of<V: Copy + Into<u64>>(window: &[V]) -> WindowHash {
        let mut hash = 0;
        let mut power = 1;
        let mut top_power = 1;
        for &v in window {
            hash = Self::add(hash, Self::mul(v.into() % Self::MODULUS + 1, power));
            top_power = power;
            power = Self::mul(power, Self::BASE);
        }
        WindowHash { hash, top_power }
    }

    /// The window one place lower: `incoming` below its first value,
    /// `outgoing` (its last value) gone.
    fn slide_down(&mut self, incoming: u64, outgoing: u64) {
        let out = Self::mul(outgoing % Self::MODULUS + 1, self.top_power);
        let rest = Self::add(self.hash, Self::MODULUS - out);
        self.hash = Self::add(Self::mul(rest, Self::BASE), incoming % Self::MODULUS + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::store::search_sequence as search;
    use crate::sequence::{Method, NimSequence};
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
        /// The windowed search equals the search by definition on short
        /// sequences over few values (where many shifts agree for long).
        #[test]
        fn window_search_equals_plain_search(
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

        /// The same on long sequences that become periodic after a
        /// preperiod of noise (values up to 65,535, so hashes of windows
        /// that differ in one large value are tried too).
        #[test]
        fn window_search_finds_planted_periods(
            noise in prop::collection::vec(0u16..4, 0..300),
            cycle in prop::collection::vec(prop::sample::select(vec![0u16, 1, 2, 65535]), 1..40),
            len in 200usize..3000,
            code in prop::sample::select(vec!["0.77", "0.07", "0.3", "4.07"]),
        ) {
            let moves = TakeBreakCode::parse_octal(code).unwrap().move_set();
            let values: Vec<u16> = noise
                .iter()
                .copied()
                .chain(cycle.iter().copied().cycle())
                .take(len.max(noise.len()))
                .collect();
            let fast = find_proven(&values, &moves)
                .map(|(p, proof)| (p.preperiod, p.period, proof.window));
            prop_assert_eq!(fast, find_proven_plain(&values, &moves));
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
