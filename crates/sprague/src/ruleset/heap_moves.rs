//! What every ruleset computed by the nim-sequence engine shares
//! (take-and-break codes, Grundy's game, subtraction games), given its
//! [`MoveSet`]: the options of one heap, its moves to a given value, and
//! legality.

use std::ops::ControlFlow;

use crate::sequence::table::Lookup;
use crate::takebreak::{largest_smaller_part, MoveSet};
use crate::{Error, HeapMove, Limits, Parts};

/// Every option of a heap of size `heap`, appended to `out`, in this
/// order: taking the whole heap, leaving one heap (by tokens removed), two
/// heaps (by tokens removed, then smaller part), three heaps.
///
/// # Errors
/// [`Error::StateLimit`] when there are more than `limits.max_states`
/// options.
pub(crate) fn options(
    moves: &MoveSet,
    heap: u64,
    limits: &Limits,
    out: &mut Vec<HeapMove>,
) -> Result<(), Error> {
    let too_many = Error::StateLimit {
        limit: limits.max_states,
    };
    let max = limits.max_states as u64;
    let mut count: u64 = 0;
    let mut add = |n: u64| -> Result<(), Error> {
        count = count.saturating_add(n);
        if count > max {
            Err(too_many.clone())
        } else {
            Ok(())
        }
    };
    for &(lo, hi) in &moves.take {
        if lo < heap {
            add((hi.min(heap - 1) + 1).saturating_sub(lo.max(1)))?;
        }
    }
    if let Some(set) = moves.named {
        add(set.count_up_to(heap, max))?;
    }
    for &(lo, hi) in &moves.split2 {
        for k in lo..=hi.min(heap.saturating_sub(2)) {
            add((heap - k) / 2)?;
        }
    }
    for &(lo, hi) in &moves.split3 {
        for k in lo..=hi.min(heap.saturating_sub(3)) {
            let m = heap - k;
            add((m / 3).saturating_mul(m / 2))?;
        }
    }
    if moves.allows_take_all(heap) {
        out.push(HeapMove {
            removed: heap,
            parts: Parts::one(0),
        });
    }
    for &(lo, hi) in &moves.take {
        if lo >= heap {
            break;
        }
        for k in lo.max(1)..=hi.min(heap - 1) {
            out.push(HeapMove {
                removed: k,
                parts: Parts::one(heap - k),
            });
        }
    }
    if let Some(set) = moves.named {
        let _ = set.for_each_up_to(heap.saturating_sub(1), &mut |k| {
            out.push(HeapMove {
                removed: k,
                parts: Parts::one(heap - k),
            });
            ControlFlow::Continue(())
        });
    }
    for &(lo, hi) in &moves.split2 {
        if lo + 2 > heap {
            break;
        }
        for k in lo..=hi.min(heap - 2) {
            let m = heap - k;
            let h = largest_smaller_part(m, moves.unequal);
            out.extend((1..=h).map(|a| HeapMove {
                removed: k,
                parts: parts(&[a, m - a]),
            }));
        }
    }
    for &(lo, hi) in &moves.split3 {
        if lo + 3 > heap {
            break;
        }
        for k in lo..=hi.min(heap - 3) {
            let m = heap - k;
            for a in 1..=m / 3 {
                out.extend((a..=(m - a) / 2).map(|b| HeapMove {
                    removed: k,
                    parts: parts(&[a, b, m - a - b]),
                }));
            }
        }
    }
    Ok(())
}

fn parts(heaps: &[u64]) -> Parts {
    Parts::new(heaps).unwrap_or(Parts::NONE)
}

/// The moves of a heap of size `heap` to a heap (or heaps) of Grundy value
/// `target`, in the order of [`options`], passed to `f` until it breaks.
/// `look` must cover every heap up to `heap`.
///
/// A heap far beyond the table (with a proven period p and preperiod n0)
/// can have astronomically many such moves: they are produced lazily, and
/// the splits of a heap m >= 2(n0 + p) + 2 are found by checking one
/// period of smaller parts and repeating the matches, so producing the
/// next move never takes more than O(n0 + p) steps.
///
/// # Errors
/// [`Error::TooManyMoves`] when `f` accepts more than `limits.max_states`
/// moves; [`Error::StateLimit`] when three-heap splits of a heap would need
/// more than 8 · `limits.max_states` steps (heaps of about 14,000 by default).
pub(crate) fn moves_to(
    word: &str,
    moves: &MoveSet,
    heap: u64,
    target: u64,
    look: &Lookup<'_>,
    limits: &Limits,
    f: &mut dyn FnMut(HeapMove) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    let t = target;
    let mut emitted = 0usize;
    let mut emit = |m: HeapMove| -> Result<ControlFlow<()>, Error> {
        emitted += 1;
        if emitted > limits.max_states {
            return Err(Error::TooManyMoves {
                ruleset: word.to_string(),
                heap,
                limit: limits.max_states,
            });
        }
        Ok(f(m))
    };
    macro_rules! emit {
        ($m:expr) => {
            if emit($m)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        };
    }
    if let (Some(a), false) = (look.arith(), look.in_table(heap)) {
        return arith_moves_to(moves, heap, t, look, a, limits, &mut emit);
    }
    if t == 0 && moves.allows_take_all(heap) {
        emit!(HeapMove {
            removed: heap,
            parts: Parts::one(0)
        });
    }
    for &(lo, hi) in &moves.take {
        if lo >= heap {
            break;
        }
        let flow = takes_to(look, heap, lo.max(1), hi.min(heap - 1), t, &mut |k| {
            emit(HeapMove {
                removed: k,
                parts: Parts::one(heap - k),
            })
        })?;
        if flow.is_break() {
            return Ok(flow);
        }
    }
    if let Some(set) = moves.named {
        // No period: the table covers every heap below `heap`.
        let mut failed = None;
        let flow = set.for_each_up_to(heap.saturating_sub(1), &mut |k| {
            if look.get(heap - k) != t {
                return ControlFlow::Continue(());
            }
            match emit(HeapMove {
                removed: k,
                parts: Parts::one(heap - k),
            }) {
                Ok(flow) => flow,
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        if flow.is_break() {
            return Ok(flow);
        }
    }
    for &(lo, hi) in &moves.split2 {
        if lo + 2 > heap {
            break;
        }
        for k in lo..=hi.min(heap - 2) {
            let m = heap - k;
            let flow = pairs_to(look, m, moves.unequal, t, &mut |a| {
                emit(HeapMove {
                    removed: k,
                    parts: parts(&[a, m - a]),
                })
            })?;
            if flow.is_break() {
                return Ok(flow);
            }
        }
    }
    // Three-heap splits are tried one by one: a work limit, as the solver's.
    let max_steps = limits.max_states.saturating_mul(8);
    let mut steps = 0usize;
    for &(lo, hi) in &moves.split3 {
        if lo + 3 > heap {
            break;
        }
        for k in lo..=hi.min(heap - 3) {
            let m = heap - k;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    steps += 1;
                    if steps > max_steps {
                        return Err(Error::StateLimit {
                            limit: limits.max_states,
                        });
                    }
                    let c = m - a - b;
                    if look.get(a) ^ look.get(b) ^ look.get(c) == t {
                        emit!(HeapMove {
                            removed: k,
                            parts: parts(&[a, b, c])
                        });
                    }
                }
            }
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// [`arith_moves_to`] tries `limits.max_states` / this splits for one heap
/// (each a few lookups): past them the listing stops with
/// [`Error::StateLimit`].
const ARITH_STEPS_DIVISOR: usize = 8;

/// [`moves_to`] for a heap past the table of a game with a proven
/// arithmetic period (a take-any game, [`crate::sequence::arith::prove`]:
/// G is a bijection with period p = saltus s and |G(x) − x| <= D for
/// every x), in the order of [`options`]:
///
/// - leaving one heap: the one heap worth `t`, G⁻¹(t), found in constant
///   time (the class of t mod s gives the heap's place in the period);
/// - two heaps a + b = m with G(a) ⊕ G(b) = t: since |x − y| <= x ⊕ y,
///   |a − b| <= t + 2D, so only a >= (m − t − 2D) / 2 are tried;
/// - three heaps a <= b <= c: for each a, the same bound with t ⊕ G(a).
///
/// Every move listed is checked by its values; the splits are tried one by
/// one within `limits.max_states` / [`ARITH_STEPS_DIVISOR`] steps
/// ([`Error::StateLimit`] past
/// them: the moves of a far heap to a large target may be too many to
/// find, never guessed).
fn arith_moves_to(
    moves: &MoveSet,
    heap: u64,
    t: u64,
    look: &Lookup<'_>,
    a: crate::sequence::arith::ArithPeriod,
    limits: &Limits,
    emit: &mut dyn FnMut(HeapMove) -> Result<ControlFlow<()>, Error>,
) -> Result<ControlFlow<()>, Error> {
    macro_rules! emit {
        ($m:expr) => {
            if emit($m)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        };
    }
    if a.period != a.saltus {
        return Err(Error::Internal(format!(
            "an arithmetic period with period {} and saltus {} answers moves",
            a.period, a.saltus
        )));
    }
    let g = |x: u64| look.get_wide(x);
    let t = u128::from(t);
    let base_len = a.preperiod + a.period;
    let spread = (0..base_len)
        .map(|x| g(x).abs_diff(u128::from(x)))
        .max()
        .unwrap_or(0);
    if t == 0 && moves.allows_take_all(heap) {
        emit!(HeapMove {
            removed: heap,
            parts: Parts::one(0)
        });
    }
    // G⁻¹(t): in the first n0 + p heaps, or n0 + r + q·p.
    let inverse = (0..base_len).find(|&x| g(x) == t).or_else(|| {
        (0..a.period).find_map(|r| {
            let b = g(a.preperiod + r);
            if t < b || (t - b) % u128::from(a.saltus) != 0 {
                return None;
            }
            let q = u64::try_from((t - b) / u128::from(a.saltus)).ok()?;
            q.checked_mul(a.period)?.checked_add(a.preperiod + r)
        })
    });
    if let Some(m) = inverse.filter(|&m| m >= 1 && m < heap) {
        if moves.allows_take(heap - m) {
            emit!(HeapMove {
                removed: heap - m,
                parts: Parts::one(m),
            });
        }
    }
    // Far heaps: a budget of steps that grows with --max-states (an eighth
    // of it: 250,000 by default), so a listing that cannot be completed
    // says so within milliseconds.
    let max_steps = (limits.max_states / ARITH_STEPS_DIVISOR).max(1) as u64;
    let mut steps = 0u64;
    let mut step = || -> Result<(), Error> {
        steps += 1;
        if steps > max_steps {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        Ok(())
    };
    // The least smaller part b of a pair b + c = n whose values may
    // nim-add to u (c − b <= u + 2D).
    let from = |n: u64, u: u128| -> u64 {
        let gap = u.saturating_add(2 * spread);
        let least = (u128::from(n).saturating_sub(gap)).div_ceil(2);
        least as u64
    };
    for &(lo, hi) in &moves.split2 {
        if lo + 2 > heap {
            break;
        }
        for k in lo..=hi.min(heap - 2) {
            let m = heap - k;
            for x in from(m, t).max(1)..=m / 2 {
                step()?;
                if g(x) ^ g(m - x) == t {
                    emit!(HeapMove {
                        removed: k,
                        parts: parts(&[x, m - x]),
                    });
                }
            }
        }
    }
    for &(lo, hi) in &moves.split3 {
        if lo + 3 > heap {
            break;
        }
        for k in lo..=hi.min(heap - 3) {
            let m = heap - k;
            for x in 1..=m / 3 {
                step()?;
                let u = t ^ g(x);
                for y in from(m - x, u).max(x)..=(m - x) / 2 {
                    step()?;
                    if g(y) ^ g(m - x - y) == u {
                        emit!(HeapMove {
                            removed: k,
                            parts: parts(&[x, y, m - x - y]),
                        });
                    }
                }
            }
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// Calls `visit` with every `k` in `lo..=hi` (increasing) such that
/// G(heap - k) = `t`. With a proven period p and preperiod n0, G(heap - k)
/// repeats with period p in k while heap - k >= n0, so a long range costs
/// one period of lookups plus the matches, not its length.
fn takes_to(
    look: &Lookup<'_>,
    heap: u64,
    lo: u64,
    hi: u64,
    t: u64,
    visit: &mut dyn FnMut(u64) -> Result<ControlFlow<()>, Error>,
) -> Result<ControlFlow<()>, Error> {
    let hit = |k: u64| look.get(heap - k) == t;
    let mut from = lo;
    if let Some(p) = look.period() {
        // Periodic zone: k <= heap - n0.
        let zone_end = heap.saturating_sub(p.preperiod).min(hi);
        if zone_end >= lo && zone_end - lo > p.period {
            let offsets: Vec<u64> = (0..p.period).filter(|&i| hit(lo + i)).collect();
            let mut base = lo;
            'periods: while !offsets.is_empty() {
                for &i in &offsets {
                    let k = base + i;
                    if k > zone_end {
                        break 'periods;
                    }
                    if visit(k)?.is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                }
                base = match base.checked_add(p.period) {
                    Some(b) => b,
                    None => break,
                };
            }
            from = zone_end + 1;
        }
    }
    // Fewer than n0 + p values of k are left (or the table covers them).
    let mut k = from;
    while k <= hi {
        if hit(k) && visit(k)?.is_break() {
            return Ok(ControlFlow::Break(()));
        }
        k += 1;
    }
    Ok(ControlFlow::Continue(()))
}

/// Calls `visit(a)` for each split of `m` into `a <= m - a` (`a < m - a`
/// when `unequal`) with G(a) ^ G(m - a) = t, in increasing `a`.
fn pairs_to(
    look: &Lookup<'_>,
    m: u64,
    unequal: bool,
    t: u64,
    visit: &mut dyn FnMut(u64) -> Result<ControlFlow<()>, Error>,
) -> Result<ControlFlow<()>, Error> {
    let h = largest_smaller_part(m, unequal);
    let hit = |a: u64| look.get(a) ^ look.get(m - a) == t;
    let periodic = look.period().filter(|p| m / 2 > p.preperiod + p.period);
    let Some(p) = periodic else {
        for a in 1..=h {
            if hit(a) && visit(a)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        return Ok(ControlFlow::Continue(()));
    };
    // Below `start` the parts are in the preperiod: check each.
    let start = p.preperiod.max(1);
    for a in 1..start.min(h + 1) {
        if hit(a) && visit(a)?.is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    // From `start` on, both G(a) and G(m - a) repeat with period p in a
    // (m - a >= m - h >= n0 + p), so the matches in one period repeat.
    let offsets: Vec<u64> = (0..p.period).filter(|&i| hit(start + i)).collect();
    if offsets.is_empty() {
        return Ok(ControlFlow::Continue(()));
    }
    let mut base = start;
    while base <= h {
        for &i in &offsets {
            let a = base + i;
            if a > h {
                return Ok(ControlFlow::Continue(()));
            }
            if visit(a)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        base = match base.checked_add(p.period) {
            Some(b) => b,
            None => break,
        };
    }
    Ok(ControlFlow::Continue(()))
}

/// Whether `m` is a legal option of a heap of size `heap` (the tokens add
/// up, checked by the caller). A single part of size 0 means the heap was
/// taken away whole; two or three parts must all be non-empty.
pub(crate) fn is_legal(moves: &MoveSet, heap: u64, m: &HeapMove) -> bool {
    let Some(p) = m.parts.listed() else {
        return false;
    };
    match p {
        [] | [0] => heap == m.removed && moves.allows_take_all(m.removed),
        [_] => moves.allows_take(m.removed),
        [a, b] => *a >= 1 && moves.allows_split2(m.removed) && !(moves.unequal && a == b),
        [a, _, _] => *a >= 1 && moves.allows_split3(m.removed),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::{period, Method, NimSequence};
    use crate::takebreak::TakeBreakCode;

    /// The splits found by repeating one period of matches are exactly the
    /// splits found by checking every part against the table.
    #[test]
    fn periodic_split_enumeration_matches_a_full_scan() {
        for code in ["0.77", "0.07", "4.07", "0.137"] {
            let moves = TakeBreakCode::parse_octal(code).unwrap().move_set();
            let mut seq = NimSequence::new(code, moves.clone());
            seq.extend_to(3000, Method::Fast).unwrap();
            let (p, _) = period::find_proven(seq.values(), &moves).unwrap();
            let with_period = Lookup::new(seq.values(), Some(p));
            let table_only = Lookup::new(seq.values(), None);
            for m in [300u64, 301, 999, 1000, 2999, 3000] {
                for t in 0..10u64 {
                    let collect = |look: &Lookup<'_>| {
                        let mut found = Vec::new();
                        let _ = pairs_to(look, m, false, t, &mut |a| {
                            found.push(a);
                            Ok(ControlFlow::Continue(()))
                        });
                        found
                    };
                    assert_eq!(
                        collect(&with_period),
                        collect(&table_only),
                        "{code} m={m} t={t}"
                    );
                }
            }
        }
    }

    /// The moves of a heap past a short table, found from the arithmetic
    /// period (G⁻¹ for one heap, bounded windows for splits), are exactly
    /// those found by checking every option against a long table, for
    /// Lasker's Nim, the split into three, both, and a take-any game with
    /// a split after taking one.
    #[test]
    fn arithmetic_moves_match_a_full_scan() {
        use crate::sequence::arith;
        for (code, hex, top) in [
            ("4.3...", false, 700u64),
            ("8.3...", true, 330),
            ("c.3...", true, 330),
            ("0.73...", false, 700),
        ] {
            let code_of = if hex {
                TakeBreakCode::parse_hex(code)
            } else {
                TakeBreakCode::parse_octal(code)
            };
            let moves = code_of.unwrap().move_set();
            let mut seq = NimSequence::new(code, moves.clone());
            seq.extend_to(top, Method::Plain).unwrap();
            let all = seq.values().to_vec();
            let short = &all[..200];
            let p = arith::find_arithmetic(short).unwrap();
            assert!(arith::prove(short, &moves, p).is_some(), "{code}");
            let mut narrow: Vec<u16> = short.iter().map(|&v| v as u16).collect();
            narrow.shrink_to_fit();
            let far =
                Lookup::new(crate::sequence::Values::Narrow(&narrow), None).with_arith(Some(p));
            let full = Lookup::new(seq.values(), None);
            let limits = Limits::default();
            for heap in (200..=top).step_by(7) {
                assert_eq!(
                    u128::from(all[heap as usize]),
                    far.get_wide(heap),
                    "{code} {heap}"
                );
                let mut targets: Vec<u64> = (0..24).collect();
                targets.extend([all[heap as usize - 1], all[heap as usize / 2], heap / 3]);
                for t in targets {
                    let collect = |look: &Lookup<'_>| {
                        let mut found = Vec::new();
                        let flow = moves_to(code, &moves, heap, t, look, &limits, &mut |m| {
                            found.push(m);
                            ControlFlow::Continue(())
                        });
                        assert!(flow.unwrap().is_continue());
                        found
                    };
                    assert_eq!(
                        collect(&far),
                        collect(&full),
                        "{code} heap {heap} target {t}"
                    );
                }
            }
        }
    }
}
