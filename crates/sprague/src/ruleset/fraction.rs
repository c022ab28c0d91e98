//! Taking at most a fraction of a heap (`fraction:K`): a move takes from 1
//! to ⌊n/K⌋ tokens from one heap of `n` (K >= 1; `fraction:1` is Nim, and a
//! heap below K has no move).
//!
//! **Value** (Levine 2006, "Fractal sequences and restricted Nim"):
//! G(n) = n/K when K divides n, else G(n - ⌊n/K⌋ - 1). Proof: the options
//! of n are the heaps n - ⌊n/K⌋ ..= n - 1; by induction their values are
//! those of the options of n - ⌊n/K⌋ - 1 (an interval shifted by one) plus
//! that heap itself, except when K | n, where the interval holds every
//! value below n/K once. Checked against the definition in the tests.
//! The recursion is walked a level of ⌊n/K⌋ at a time (while ⌊n/K⌋ = q
//! each step removes q + 1 tokens), so a heap costs at most
//! min(K ln(n/K), n/K) levels: microseconds for K up to 10^4 at any
//! heap, and refused past `Limits::max_states` levels otherwise
//! (`Error::StateLimit`).
//!
//! **Winning moves**: the heaps x in n - ⌊n/K⌋ ..= n - 1 with G(x) = t are
//! found through the same map x ↦ x - ⌊x/K⌋ - 1, which is increasing on
//! the heaps K does not divide: at each level at most one heap, tK, is
//! decided at once, so there are at most as many moves as levels.

use std::ops::ControlFlow;

use super::rules::{HeapRules, Pick, Visit};
use super::Heaps;
use crate::error::ParseErrorKind;
use crate::{Basis, Error, HeapMove, Limits};

/// The basis of a value by Levine's recursion.
pub const FRACTION: Basis = Basis::Theorem {
    word: "fraction",
    name: "the recursion for taking at most n/K (G(n) = n/K when K divides n, else \
           G(n - ⌊n/K⌋ - 1); Levine 2006)",
};

/// One level of the recursion: the heap it leads to, or its value.
enum Step {
    Value(u64),
    Next(u64),
}

/// G(n) of `fraction:k` by the recursion, a level of ⌊n/K⌋ at a time.
///
/// # Errors
/// [`Error::StateLimit`] past `max_levels` levels.
///
/// ```
/// use sprague::ruleset::fraction::value;
/// let g: Vec<u64> = (0..10).map(|n| value(2, n, 1000).unwrap()).collect();
/// assert_eq!(g, [0, 0, 1, 0, 2, 1, 3, 0, 4, 2]);
/// ```
pub fn value(k: u64, mut n: u64, max_levels: usize) -> Result<u64, Error> {
    for _ in 0..max_levels.max(1) {
        match level(k, n) {
            Step::Value(g) => return Ok(g),
            Step::Next(m) => n = m,
        }
    }
    Err(Error::StateLimit { limit: max_levels })
}

/// Walks the level of `n` (all heaps with the same ⌊n/K⌋).
fn level(k: u64, n: u64) -> Step {
    let q = n / k;
    let r = n % k;
    if r == 0 {
        return Step::Value(q);
    }
    if q == 0 {
        // Below K: no move, value 0.
        return Step::Value(0);
    }
    // Steps of q + 1 from n while ⌊n/K⌋ = q: they reach qK exactly when
    // q + 1 divides r.
    let step = u128::from(q) + 1;
    if u128::from(r) % step == 0 {
        return Step::Value(q);
    }
    let steps = u128::from(r) / step + 1;
    Step::Next((u128::from(n) - steps * step) as u64)
}

/// Calls `f` with every heap x in `lo..=hi` (increasing) with G(x) = t,
/// `hi` below 2^64 - 1; `budget` counts the levels.
fn heaps_with_value(
    k: u64,
    lo: u64,
    hi: u64,
    t: u64,
    budget: &mut usize,
    f: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    // Iteratively: the intervals of each level and the one decided heap.
    let mut levels: Vec<(u64, u64)> = Vec::new();
    let (mut lo, mut hi) = (lo, hi);
    loop {
        if lo > hi {
            break;
        }
        if *budget == 0 {
            return Err(Error::StateLimit { limit: 0 });
        }
        *budget -= 1;
        levels.push((lo, hi));
        if hi < k {
            break;
        }
        // Non-multiples x in lo..=hi map to x - ⌊x/K⌋ - 1 in f(lo')..=f(hi').
        let map = |x: u64| x - x / k - 1;
        let lo_nm = if lo % k == 0 { lo + 1 } else { lo };
        let hi_nm = if hi % k == 0 { hi - 1 } else { hi };
        if lo_nm > hi_nm || lo_nm == 0 {
            // Only multiples (and 0) left, or the interval starts at 0.
            if lo_nm == 0 && hi_nm >= 1 {
                (lo, hi) = (0, map(hi_nm));
                continue;
            }
            break;
        }
        (lo, hi) = (map(lo_nm), map(hi_nm));
    }
    // Back up from the deepest level: the heaps of value t at level i are
    // the multiple tK (if in range) and the preimages of those below.
    let mut found: Vec<u64> = Vec::new();
    for (i, &(lo, hi)) in levels.iter().enumerate().rev() {
        let mut here: Vec<u64> = Vec::new();
        for &y in &found {
            // The non-multiple x with x - ⌊x/K⌋ - 1 = y: x = y + 1 + ⌊x/K⌋.
            if let Some(x) = preimage(k, y) {
                if lo <= x && x <= hi {
                    here.push(x);
                }
            }
        }
        if hi < k && i + 1 == levels.len() {
            // Below K every heap is worth 0.
            if t == 0 {
                here.extend(lo..=hi);
            }
        } else if let Some(x) = t.checked_mul(k) {
            if lo <= x && x <= hi {
                here.push(x);
            }
        }
        here.sort_unstable();
        here.dedup();
        found = here;
    }
    for x in found {
        if f(x).is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// The heap x, not a multiple of `k`, with x - ⌊x/K⌋ - 1 = y, if any.
fn preimage(k: u64, y: u64) -> Option<u64> {
    // x = y + 1 + ⌊x/K⌋; try the two possible values of ⌊x/K⌋.
    let base = u128::from(y) + 1;
    let q0 = base / u128::from(k - 1).max(1);
    for q in [q0.saturating_sub(1), q0, q0 + 1] {
        let x = base + q;
        if x / u128::from(k) == q && x % u128::from(k) != 0 {
            return u64::try_from(x).ok();
        }
    }
    None
}

/// `fraction:K` as a heap ruleset.
#[derive(Debug)]
pub struct Fraction {
    k: u64,
}

impl Fraction {
    fn levels(limits: &Limits) -> usize {
        limits.max_states.max(1)
    }
}

impl HeapRules for Fraction {
    fn canonical(&self) -> String {
        format!("fraction:{}", self.k)
    }

    fn no_period(&self) -> Option<String> {
        Some(format!(
            "G(n) = n/{k} whenever {k} divides n (Levine 2006), so the values are unbounded and \
             the nim-sequence has no period",
            k = self.k
        ))
    }

    fn heap_value(&self, heap: u64, limits: &Limits) -> Result<(u64, Basis), Error> {
        if self.k == 1 {
            return Ok((heap, Basis::Bouton));
        }
        Ok((value(self.k, heap, Self::levels(limits))?, FRACTION))
    }

    fn closed_heap_value(&self, heap: u64) -> Option<u64> {
        if self.k == 1 {
            return Some(heap);
        }
        value(self.k, heap, 1 << 16).ok()
    }

    fn options(&self, heap: u64, limits: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error> {
        let most = heap / self.k;
        super::reserve(out, most, limits)?;
        out.extend((1..=most).map(|s| super::heaps::take_to(heap, heap - s)));
        Ok(())
    }

    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error> {
        let most = heap / self.k;
        if most == 0 {
            return Ok(ControlFlow::Continue(()));
        }
        if self.k == 1 {
            if target < heap {
                return Ok(f(super::heaps::take_to(heap, target)));
            }
            return Ok(ControlFlow::Continue(()));
        }
        let mut budget = Self::levels(limits);
        let mut heaps = Vec::new();
        let flow = heaps_with_value(
            self.k,
            heap - most,
            heap - 1,
            target,
            &mut budget,
            &mut |x| {
                heaps.push(x);
                ControlFlow::Continue(())
            },
        )
        .map_err(|_| Error::StateLimit {
            limit: limits.max_states,
        })?;
        let _ = flow;
        // Largest heap left first: the fewest tokens taken first.
        for x in heaps.into_iter().rev() {
            if f(super::heaps::take_to(heap, x)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn is_legal(&self, heap: u64, m: &HeapMove) -> bool {
        matches!(m.parts.listed(), Some([x]) if *x < heap && heap - *x <= heap / self.k)
    }

    fn has_moves(&self, heap: u64) -> Option<bool> {
        Some(heap >= self.k)
    }

    fn random_move(
        &self,
        heap: u64,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<HeapMove>, Error> {
        let most = heap / self.k;
        if most == 0 {
            return Ok(None);
        }
        let s = 1 + pick(most);
        Ok(Some(super::heaps::take_to(heap, heap - s)))
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn is_nim(&self) -> bool {
        self.k == 1
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A heap of n in {word} is worth n/K when K divides n, else the value of the heap \
             n - ⌊n/K⌋ - 1 (Levine 2006), K = {}.",
            self.k
        )
    }
}

/// Parses `fraction:K`.
pub(crate) fn parse(
    _: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    let bad = |why: String| ParseErrorKind::BadRuleset(why);
    let Some(text) = param else {
        return Err(bad(
            "fraction needs K, the fraction of a heap a move may take at most: fraction:2 \
             takes up to half"
                .into(),
        ));
    };
    let k: u64 = text.parse().map_err(|_| {
        bad(format!(
            "{text:?} in fraction:K is not a whole number from 1 to 2^64 - 1"
        ))
    })?;
    if k == 0 {
        return Err(bad(
            "fraction:0 is not a game: K is at least 1 (a move takes at most n/K)".into(),
        ));
    }
    Ok(Box::new(Heaps(Fraction { k })))
}
