//! Subtraction games: remove exactly `s` tokens from one heap, `s` in a
//! finite subtraction set S (Winning Ways, ch. 4).

use std::ops::ControlFlow;

use super::rules::{HeapRules, Pick, Visit};
use super::tabled::Tabled;
use super::Heaps;
use crate::error::ParseErrorKind;
use crate::takebreak::MoveSet;
use crate::{Basis, Error, HeapMove, Limits, Parts};

pub use crate::takebreak::subtraction::SubtractionSet;

/// G(heap) of the subtraction game whose set is the range `a..=b`:
/// `floor((heap mod (a + b)) / a)` (Winning Ways, ch. 4; bounded Nim, a = 1:
/// `heap mod (b + 1)`). Periodic from 0 with period `a + b`. O(1), any
/// `u64` heap; `a >= 1`.
///
/// ```
/// use sprague::ruleset::subtraction::range_value;
/// assert_eq!(range_value(1, 3, 10), 10 % 4);
/// let sub23: Vec<u64> = (0..10).map(|n| range_value(2, 3, n)).collect();
/// assert_eq!(sub23, [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]);
/// ```
pub fn range_value(a: u64, b: u64, heap: u64) -> u64 {
    let period = u128::from(a) + u128::from(b);
    ((u128::from(heap) % period) / u128::from(a)) as u64
}

/// The histogram of G(0..=max) of the range game `a..=b` as a weighted
/// sum of prefix intervals of values (see
/// [`HeapRules::closed_histogram`]): G(n) = ⌊(n mod P)/a⌋ with P = a + b,
/// so a whole period holds each value below ⌊P/a⌋ a times and the value
/// ⌊P/a⌋ (P mod a) times, and the heaps after the last whole period hold
/// the same shape cut short. O(1); at most four pairs, none with a weight
/// or bound of 0.
///
/// ```
/// use sprague::ruleset::subtraction::range_histogram;
/// // sub:2-3 to heap 9: 0 0 1 1 2 | 0 0 1 1 2
/// let h = range_histogram(2, 3, 9);
/// let count = |v: u128| h.iter().filter(|&&(l, _)| v < l).map(|&(_, w)| w).sum::<u128>();
/// assert_eq!([count(0), count(1), count(2), count(3)], [4, 4, 2, 0]);
/// ```
pub fn range_histogram(a: u64, b: u64, max: u64) -> Vec<(u128, u128)> {
    let (a, p) = (u128::from(a), u128::from(a) + u128::from(b));
    let heaps = u128::from(max) + 1;
    let (whole, rest) = (heaps / p, heaps % p);
    let mut parts: Vec<(u128, u128)> = Vec::new();
    let mut add = |l: u128, w: u128| {
        if l == 0 || w == 0 {
            return;
        }
        match parts.iter_mut().find(|(m, _)| *m == l) {
            Some(part) => part.1 += w,
            None => parts.push((l, w)),
        }
    };
    // Heaps 0..len of one period hold floor(x / a): a·[0, len/a) and
    // (len mod a)·{len/a}, that is (a - r)·[0, f) + r·[0, f + 1).
    for (len, times) in [(p, whole), (rest, 1)] {
        let (f, r) = (len / a, len % a);
        add(f, (a - r) * times);
        add(f + 1, r * times);
    }
    parts
}

/// Calls `visit` with every amount `s` in `a..=b`, `s <= heap`, that leaves
/// a heap of Grundy value `target` in the range game `a..=b`, in increasing
/// order of `s`, until it breaks. The heaps `x = heap - s` of value `t` are
/// those with `x mod (a + b)` in `t·a ..= t·a + a - 1`; the `x` in question
/// span fewer than `a + b` numbers, so at most two such blocks: the cost is
/// the number of matches plus O(1).
pub(crate) fn range_moves_to(
    a: u64,
    b: u64,
    heap: u64,
    target: u64,
    visit: &mut dyn FnMut(u64) -> std::ops::ControlFlow<()>,
) -> std::ops::ControlFlow<()> {
    use std::ops::ControlFlow;
    if heap < a {
        return ControlFlow::Continue(());
    }
    let (a, b, heap, t) = (
        u128::from(a),
        u128::from(b),
        u128::from(heap),
        u128::from(target),
    );
    let period = a + b;
    let (block_lo, block_hi) = (t * a, t * a + a - 1);
    if block_lo >= period {
        return ControlFlow::Continue(());
    }
    let block_hi = block_hi.min(period - 1);
    let (x_min, x_max) = (heap.saturating_sub(b), heap - a);
    // Blocks from the top down, so that s = heap - x increases.
    let mut base = x_max - x_max % period;
    loop {
        let lo = (base + block_lo).max(x_min);
        let hi = (base + block_hi).min(x_max);
        let mut x = hi;
        while x >= lo && lo <= hi {
            visit((heap - x) as u64)?;
            if x == 0 {
                break;
            }
            x -= 1;
        }
        if base < period || base + block_hi < x_min {
            break;
        }
        base -= period;
        if base + block_hi < x_min {
            break;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::ops::ControlFlow;

    /// G(0..=n) of the range game a..=b by the definition (mex of options).
    fn by_definition(a: u64, b: u64, n: u64) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for h in 0..=n {
            let options = (a..=b.min(h)).map(|s| g[(h - s) as usize]);
            g.push(crate::mex(options));
        }
        g
    }

    proptest! {
        #[test]
        fn range_closed_form_matches_the_definition(a in 1u64..8, extra in 0u64..8) {
            let b = a + extra;
            let g = by_definition(a, b, 120);
            for (h, &v) in g.iter().enumerate() {
                prop_assert_eq!(range_value(a, b, h as u64), v, "sub:{}-{} heap {}", a, b, h);
            }
            for (h, _) in g.iter().enumerate() {
                for t in 0..=4u64 {
                    let mut listed = Vec::new();
                    let _ = range_moves_to(a, b, h as u64, t, &mut |s| {
                        listed.push(s);
                        ControlFlow::Continue(())
                    });
                    let expected: Vec<u64> = (a..=b.min(h as u64))
                        .filter(|&s| g[h - s as usize] == t)
                        .collect();
                    prop_assert_eq!(listed, expected, "sub:{}-{} heap {} target {}", a, b, h, t);
                }
            }
        }

        #[test]
        fn range_moves_of_huge_heaps_have_the_target_value(
            a in 1u64..1_000_000_000,
            extra in 0u64..1_000_000_000,
            heap in any::<u64>(),
            t in 0u64..3,
        ) {
            let b = a + extra;
            let mut n = 0;
            let _ = range_moves_to(a, b, heap, t, &mut |s| {
                n += 1;
                assert!((a..=b).contains(&s) && s <= heap);
                assert_eq!(range_value(a, b, heap - s), t);
                if n == 1000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            });
        }
    }
}

/// A subtraction game as a ruleset (`sub:S`): values by the closed form
/// when S is one range, else from the nim-sequence table.
#[derive(Debug)]
pub struct Subtraction {
    set: SubtractionSet,
    tabled: Tabled,
    /// The closed form of a set of two or three amounts, where one applies.
    small: Option<super::fewsub::SmallSet>,
}

impl Subtraction {
    /// The subtraction game of `set`, named `word`.
    pub(crate) fn new(word: &str, set: SubtractionSet) -> Subtraction {
        let canonical = format!("sub:{set}");
        let moves = MoveSet::subtraction(&set);
        Subtraction {
            tabled: Tabled::new(word, canonical, moves),
            small: super::fewsub::SmallSet::of(&set),
            set,
        }
    }

    /// The subtraction set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }
}

impl HeapRules for Subtraction {
    fn canonical(&self) -> String {
        self.tabled.canonical()
    }

    fn heap_value(&self, heap: u64, limits: &Limits) -> Result<(u64, Basis), Error> {
        match self.closed_heap_value(heap) {
            Some(g) => Ok((g, Basis::Period)),
            None => self.tabled.heap_value(heap, limits),
        }
    }

    fn closed_heap_value(&self, heap: u64) -> Option<u64> {
        match self.set.as_range() {
            Some((a, b)) => Some(range_value(a, b, heap)),
            None => self.small.map(|s| s.value(heap)),
        }
    }

    fn closed_period(&self) -> Option<(u64, u64)> {
        let (n0, p) = self.closed_period_wide()?;
        Some((n0, u64::try_from(p).ok()?))
    }

    fn closed_period_wide(&self) -> Option<(u64, u128)> {
        match self.set.as_range() {
            Some((a, b)) => Some((0, u128::from(a) + u128::from(b))),
            None => self.small.map(|s| (0, s.wide_period())),
        }
    }

    fn closed_histogram(&self, max: u64) -> Option<Vec<(u128, u128)>> {
        self.set.as_range().map(|(a, b)| range_histogram(a, b, max))
    }

    /// A set with long ranges (`sub:1-1000000000`) has as many options as
    /// a Nim heap: past `limits.max_states` of them, the state limit.
    fn options(&self, heap: u64, limits: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error> {
        if self.set.count_up_to(heap) > limits.max_states as u64 {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        self.set.options(heap, out);
        Ok(())
    }

    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error> {
        match self.set.as_range() {
            Some((a, b)) => Ok(range_moves_to(a, b, heap, target, &mut |s| {
                f(HeapMove {
                    removed: s,
                    parts: Parts::one(heap - s),
                })
            })),
            None => match self.small {
                Some(small) => {
                    for s in self.set.amounts().take_while(|&s| s <= heap) {
                        let m = HeapMove {
                            removed: s,
                            parts: Parts::one(heap - s),
                        };
                        if small.value(heap - s) == target && f(m).is_break() {
                            return Ok(ControlFlow::Break(()));
                        }
                    }
                    Ok(ControlFlow::Continue(()))
                }
                None => self.tabled.moves_to(heap, target, limits, f),
            },
        }
    }

    fn is_legal(&self, heap: u64, m: &HeapMove) -> bool {
        self.tabled.is_legal(heap, m)
    }

    fn has_moves(&self, heap: u64) -> Option<bool> {
        Some(heap >= self.set.min())
    }

    /// An amount chosen among those at most `heap`, without listing them.
    fn random_move(
        &self,
        heap: u64,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<HeapMove>, Error> {
        let count = self.set.count_up_to(heap);
        if count == 0 {
            return Ok(None);
        }
        Ok(self.set.nth(pick(count)).map(|s| HeapMove {
            removed: s,
            parts: Parts::one(heap - s),
        }))
    }

    fn move_set(&self) -> Option<&MoveSet> {
        self.tabled.move_set()
    }

    /// A heap has at most one winning move an amount of the set: few when
    /// the set holds few amounts, not for a range such as
    /// `sub:4294967297-9223372036854775809`, whose heap near 2^64 has about
    /// 2^32 winning moves (listing them all ran out of memory).
    fn few_winning_moves(&self) -> bool {
        // The amounts a range holds counted in u128: `1-18446744073709551615`
        // holds 2^64 - 1 of them, and `hi - lo + 1` would wrap.
        let amounts: u128 = self
            .set
            .ranges
            .iter()
            .map(|&(lo, hi)| u128::from(hi - lo) + 1)
            .sum();
        amounts <= FEW_AMOUNTS
    }
}

/// The most amounts of a subtraction set whose winning moves are listed
/// in full by default (one per amount a heap at most).
const FEW_AMOUNTS: u128 = 4096;

/// Parses `sub:S`.
pub(crate) fn parse(
    word: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    match param {
        Some(set) => Ok(Box::new(Heaps(Subtraction::new(
            word,
            SubtractionSet::parse(set)?,
        )))),
        None => Err(ParseErrorKind::BadRuleset(
            "sub needs its subtraction set, e.g. sub:1,3,4 or sub:1-3".into(),
        )),
    }
}
