//! The closed forms of Moore's Nim_k: Moore's theorem for P-positions
//! ([`is_p_position`]), the values it gives without search
//! ([`closed_value`]), and the moves to a value they give
//! ([`closed_moves_to`]).

use std::ops::ControlFlow;

use crate::HeapChange;

/// `k + 1`, the modulus of Moore's theorem (saturating: with `k = u64::MAX`
/// no count of heaps reaches it).
pub(super) fn modulus(k: u64) -> u64 {
    k.saturating_add(1)
}

/// Whether the heaps form a P-position of Moore's Nim_k: in every binary
/// digit position the number of heaps with a 1 is divisible by `k + 1`
/// (Moore 1910). O(64 · n).
///
/// ```
/// use sprague::ruleset::moore::is_p_position;
/// assert!(is_p_position(&[1, 1, 1], 2));
/// assert!(!is_p_position(&[1, 2, 3], 2));
/// assert!(is_p_position(&[5, 5, 5], 2));
/// assert!(is_p_position(&[1, 2, 3], 1)); // moore:1 is Nim
/// ```
pub fn is_p_position(heaps: &[u64], k: u64) -> bool {
    let m = modulus(k);
    (0..64)
        .all(|bit| (heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64).is_multiple_of(m))
}

/// The Grundy value of the Moore's Nim_k position `heaps` by a closed form,
/// or `None` where only a search finds it. Tried before any search.
///
/// - `k = 1` is Nim (Bouton 1901): the nim-sum of the heaps.
/// - At most `k` non-empty heaps: the sum of the heaps. A move may then
///   reduce any non-empty set of the non-empty heaps, so the options are
///   exactly the heap lists below the position heap by heap (other than
///   itself), which again have at most `k` non-empty heaps; by induction
///   their values are their sums, which take every value below the sum of
///   `heaps`, and the mex is that sum. A lone heap is a Nim heap.
/// - A P-position by Moore's theorem (Moore 1910): 0.
///
/// `None` also when the sum passes `u64::MAX` (no Grundy value that large
/// can be represented; the search then stops at its limit).
///
/// ```
/// use sprague::ruleset::moore::closed_value;
/// assert_eq!(closed_value(&[5, 1000], 3), Some(1005));
/// assert_eq!(closed_value(&[576034], 2), Some(576034));
/// assert_eq!(closed_value(&[1, 2, 3], 1), Some(0)); // Nim
/// assert_eq!(closed_value(&[5, 5, 5], 2), Some(0)); // Moore's theorem
/// assert_eq!(closed_value(&[1, 2, 4], 2), None); // three heaps in moore:2
/// assert_eq!(closed_value(&[u64::MAX, 1], 2), None); // the sum passes 2^64 - 1
/// ```
pub fn closed_value(heaps: &[u64], k: u64) -> Option<u64> {
    if k == 1 {
        return Some(heaps.iter().fold(0, |a, &h| a ^ h));
    }
    if heaps.iter().filter(|&&h| h > 0).count() as u64 <= k {
        return heaps.iter().try_fold(0u64, |a, &h| a.checked_add(h));
    }
    is_p_position(heaps, k).then_some(0)
}

/// The moves of the Moore's Nim_k position `heaps` to a position of Grundy
/// value `target`, by the closed form of [`closed_value`] for a position
/// with at most `k` non-empty heaps (and `k >= 2`): the moves that leave
/// heaps summing to `target`. Each is passed to `f` as its changed heaps
/// (increasing heap index), taking as much as possible from the first heaps
/// first, until `f` breaks; O(n) per move. There is none when `target` is
/// not below the sum.
///
/// `None` when the closed form does not apply (more than `k` non-empty
/// heaps, `k = 1`, or a sum past `u64::MAX`).
pub(crate) fn closed_moves_to(
    heaps: &[u64],
    k: u64,
    target: u64,
    f: &mut dyn FnMut(Vec<HeapChange>) -> ControlFlow<()>,
) -> Option<ControlFlow<()>> {
    let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
    if k == 1 || live.len() as u64 > k {
        return None;
    }
    // rest[j] = the sum of the live heaps from the j-th on (fits: the
    // total does).
    let mut rest = vec![0u64; live.len() + 1];
    for j in (0..live.len()).rev() {
        rest[j] = rest[j + 1].checked_add(heaps[live[j]])?;
    }
    let total = rest[0];
    if target >= total {
        return Some(ControlFlow::Continue(()));
    }
    // take[j] = tokens taken from the j-th live heap; the takes add up to
    // `total - target`. They are listed in decreasing lexicographic order:
    // each is filled greedily (as much as possible from the first heaps),
    // and the next is found by lowering the last take that can be lowered
    // (leaving enough room in the heaps after it) and refilling after it.
    let n = live.len();
    let mut take = vec![0u64; n];
    let fill = |take: &mut Vec<u64>, from: usize, mut left: u64| {
        for j in from..n {
            take[j] = left.min(heaps[live[j]]);
            left -= take[j];
        }
    };
    fill(&mut take, 0, total - target);
    loop {
        let changes: Vec<HeapChange> = (0..n)
            .filter(|&j| take[j] > 0)
            .map(|j| HeapChange {
                heap: live[j],
                from: heaps[live[j]],
                to: heaps[live[j]] - take[j],
            })
            .collect();
        if f(changes).is_break() {
            return Some(ControlFlow::Break(()));
        }
        // The tokens still to take from the j-th heap on, for each j.
        let mut left = total - target;
        let mut lowerable = None;
        for j in 0..n.saturating_sub(1) {
            // Lowering take[j] by one needs room for one more token in the
            // heaps after j: left - take[j] + 1 <= rest[j + 1].
            if take[j] > 0 && left - take[j] < rest[j + 1] {
                lowerable = Some((j, left));
            }
            left -= take[j];
        }
        let Some((j, left)) = lowerable else {
            return Some(ControlFlow::Continue(()));
        };
        take[j] -= 1;
        let after = left - take[j];
        fill(&mut take, j + 1, after);
    }
}

#[cfg(test)]
mod tests {
    use super::super::options::options;
    use super::super::search::MooreGame;
    use super::*;
    use crate::Solver;

    /// Every sorted list of `n` heaps of sizes `0..=max`.
    fn sorted_lists(n: usize, max: u64) -> Vec<Vec<u64>> {
        let mut out = vec![Vec::new()];
        for _ in 0..n {
            out = out
                .into_iter()
                .flat_map(|l: Vec<u64>| {
                    let from = l.last().copied().unwrap_or(0);
                    (from..=max).map(move |h| {
                        let mut l = l.clone();
                        l.push(h);
                        l
                    })
                })
                .collect();
        }
        out
    }

    fn searched(k: u64) -> Solver<MooreGame> {
        Solver::new(MooreGame {
            k,
            max_options: 1 << 20,
        })
    }

    #[test]
    fn closed_values_agree_with_search_on_all_small_positions() {
        for k in 1..=4u64 {
            let mut solver = searched(k);
            for n in 0..=5 {
                for heaps in sorted_lists(n, 6) {
                    let live = heaps.iter().filter(|&&h| h > 0).count() as u64;
                    let g = solver.grundy_value(&heaps).unwrap();
                    match closed_value(&heaps, k) {
                        Some(v) => assert_eq!(v, g, "moore:{k} {heaps:?}"),
                        // Left to the search: more than k non-empty heaps,
                        // not a P-position.
                        None => assert!(k > 1 && live > k && g != 0, "moore:{k} {heaps:?}"),
                    }
                    if live <= k {
                        assert_eq!(closed_value(&heaps, k), Some(heaps.iter().sum::<u64>()));
                    }
                }
            }
        }
    }

    #[test]
    fn closed_value_refuses_a_sum_past_u64() {
        assert_eq!(closed_value(&[u64::MAX, 1], 2), None);
        assert_eq!(closed_value(&[u64::MAX, 0, 0], 2), Some(u64::MAX));
        assert_eq!(closed_value(&[u64::MAX - 1, 1], 2), Some(u64::MAX));
        let mut seen = 0;
        assert_eq!(
            closed_moves_to(&[u64::MAX, 1], 2, 5, &mut |_| {
                seen += 1;
                ControlFlow::Continue(())
            }),
            None
        );
        assert_eq!(seen, 0);
    }

    /// A move as (heap, from, to) triples, comparable and sortable.
    type Key = Vec<(usize, u64, u64)>;

    fn key(m: &[HeapChange]) -> Key {
        m.iter().map(|c| (c.heap, c.from, c.to)).collect()
    }

    /// The moves of `heaps` to value `target` by [`closed_moves_to`], and by
    /// filtering every option by its (closed) value.
    fn moves_both_ways(heaps: &[u64], k: u64, target: u64) -> (Vec<Key>, Vec<Key>) {
        let mut got = Vec::new();
        let flow = closed_moves_to(heaps, k, target, &mut |m| {
            got.push(key(&m));
            ControlFlow::Continue(())
        });
        assert_eq!(flow, Some(ControlFlow::Continue(())), "moore:{k} {heaps:?}");
        let mut opts = Vec::new();
        options(heaps, k, 1 << 20, &mut opts).unwrap();
        let mut expected: Vec<_> = opts
            .into_iter()
            .filter(|m| {
                let mut after = heaps.to_vec();
                for c in m {
                    after[c.heap] = c.to;
                }
                after.iter().sum::<u64>() == target
            })
            .map(|m| key(&m))
            .collect();
        expected.sort();
        (got, expected)
    }

    #[test]
    fn closed_moves_are_exactly_the_moves_to_the_target() {
        for k in 2..=4u64 {
            for a in 0..5u64 {
                for b in 0..5u64 {
                    for c in 0..5u64 {
                        let heaps = [a, c, 0, b];
                        let live = heaps.iter().filter(|&&h| h > 0).count() as u64;
                        if live > k {
                            assert!(closed_moves_to(&heaps, k, 0, &mut |_| {
                                ControlFlow::Continue(())
                            })
                            .is_none());
                            continue;
                        }
                        let sum = a + b + c;
                        for target in 0..=sum + 1 {
                            let (got, expected) = moves_both_ways(&heaps, k, target);
                            // Listed from the most taken from the first heaps.
                            let takes = |m: &Key| {
                                let mut t = [0u64; 4];
                                for &(i, from, to) in m {
                                    t[i] = from - to;
                                }
                                t
                            };
                            assert!(got.windows(2).all(|w| takes(&w[0]) > takes(&w[1])));
                            let mut sorted = got.clone();
                            sorted.sort();
                            assert_eq!(sorted, expected, "moore:{k} {heaps:?} to {target}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn closed_moves_stop_when_told() {
        // Two heaps of a million in moore:2 have a million moves to value
        // 10^6; the first three are listed without the others.
        let mut got = Vec::new();
        let flow = closed_moves_to(&[1_000_000, 1_000_000], 2, 1_000_000, &mut |m| {
            got.push(key(&m));
            if got.len() == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(flow, Some(ControlFlow::Break(())));
        assert_eq!(
            got,
            vec![
                vec![(0, 1_000_000, 0)],
                vec![(0, 1_000_000, 1), (1, 1_000_000, 999_999)],
                vec![(0, 1_000_000, 2), (1, 1_000_000, 999_998)],
            ]
        );
    }

    thread_local! {
        /// One search table per k (proptest runs its cases on one thread).
        static SOLVERS: std::cell::RefCell<Vec<Solver<MooreGame>>> =
            std::cell::RefCell::new((0..=4).map(searched).collect());
    }

    proptest::proptest! {
        #[test]
        fn closed_values_agree_with_search(
            k in 2..=4u64,
            heaps in proptest::collection::vec(0..=10u64, 0..=7),
        ) {
            // At most k non-empty heaps are kept (the rest emptied): the
            // closed form applies, and the search is within reach.
            let mut live = 0;
            let heaps: Vec<u64> = heaps
                .into_iter()
                .map(|h| {
                    if h > 0 && live < k {
                        live += 1;
                        h
                    } else {
                        0
                    }
                })
                .collect();
            let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
            sorted.sort_unstable();
            let g = SOLVERS.with(|s| s.borrow_mut()[k as usize].grundy_value(&sorted).unwrap());
            proptest::prop_assert_eq!(closed_value(&heaps, k), Some(g));
            let (got, expected) = moves_both_ways(&heaps, k, g / 2);
            let mut got = got;
            got.sort();
            proptest::prop_assert_eq!(got, expected);
        }
    }
}
