//! The digit walk of the module documentation: every winning move of a
//! position listed ([`winning_moves`]), or counted without listing them
//! ([`count_winning_moves`]).

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::closed::modulus;
use super::options::Combinations;
use crate::HeapChange;

/// Enumerates every winning move of the Moore's Nim_k position `heaps`
/// (every move of at most `k` heaps to a P-position), passing each to `f`
/// as the list of changed heaps (increasing heap index) until `f` breaks.
/// Nothing is passed for a P-position. See the `moore` module documentation
/// for the method and its cost.
pub(crate) fn winning_moves(
    heaps: &[u64],
    k: u64,
    f: &mut dyn FnMut(Vec<HeapChange>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut walk = Walk {
        heaps,
        k,
        free: Vec::new(),
        is_free: vec![false; heaps.len()],
        f,
    };
    walk.digit(63)
}

struct Walk<'a, 'f> {
    heaps: &'a [u64],
    k: u64,
    /// Free heaps: (heap index, new value so far), in the order they became free.
    free: Vec<(usize, u64)>,
    is_free: Vec<bool>,
    f: &'f mut dyn FnMut(Vec<HeapChange>) -> ControlFlow<()>,
}

impl Walk<'_, '_> {
    /// Chooses digit `bit` (and, recursively, the lower digits: the depth is
    /// at most 64); `bit = -1` means all digits are chosen.
    fn digit(&mut self, bit: i32) -> ControlFlow<()> {
        if bit < 0 {
            if self.free.is_empty() {
                return ControlFlow::Continue(());
            }
            let mut changes: Vec<HeapChange> = self
                .free
                .iter()
                .map(|&(heap, to)| HeapChange {
                    heap,
                    from: self.heaps[heap],
                    to,
                })
                .collect();
            changes.sort_unstable_by_key(|c| c.heap);
            return (self.f)(changes);
        }
        let ones: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| !self.is_free[i] && self.heaps[i] >> bit & 1 == 1)
            .collect();
        let m = self.free.len();
        let budget = self.k - m as u64;
        let modulus = modulus(self.k);
        let max_switch = budget.min(ones.len() as u64) as usize;
        let high = if bit == 63 { 0 } else { !0u64 << (bit + 1) };
        for x in 0..=max_switch {
            let kept = (ones.len() - x) as u64 % modulus;
            let y = ((modulus - kept) % modulus) as usize;
            if y > m {
                continue;
            }
            // The x heaps that become free here, then the y free heaps that
            // get a 1 here.
            let mut switches = Combinations::new(ones.len(), x);
            while let Some(chosen) = switches.next_combination() {
                let mut ones_here = Combinations::new(m, y);
                while let Some(set) = ones_here.next_combination() {
                    for &j in set {
                        self.free[j].1 |= 1 << bit;
                    }
                    for &c in chosen {
                        let i = ones[c];
                        self.is_free[i] = true;
                        // Unchanged above this digit, 0 here (it had a 1).
                        self.free.push((i, self.heaps[i] & high));
                    }
                    let flow = self.digit(bit - 1);
                    for &c in chosen {
                        self.is_free[ones[c]] = false;
                    }
                    self.free.truncate(m);
                    for &j in set {
                        self.free[j].1 &= !(1u64 << bit);
                    }
                    flow?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The number of winning moves of a Moore's Nim_k position, counted without
/// listing them, or `None` when counting would cost more than `budget` steps
/// or the count passes 2^128.
///
/// A forward pass over the binary digits keeps, for each set of free heaps,
/// the number of ways to have reached it; free heaps are interchangeable for
/// the digits below, so giving a 1 to `y` of `m` free heaps counts as
/// `C(m, y)` ways.
pub(crate) fn count_winning_moves(heaps: &[u64], k: u64, budget: u64) -> Option<u128> {
    let modulus = modulus(k);
    let mut states: HashMap<Vec<usize>, u128> = HashMap::new();
    states.insert(Vec::new(), 1);
    let mut steps = 0u64;
    // Words of heap indices stored in the keys: a bound on memory.
    let mut words = 0u64;
    for bit in (0..64).rev() {
        let mut next: HashMap<Vec<usize>, u128> = HashMap::new();
        for (free, ways) in &states {
            steps += heaps.len() as u64;
            let ones: Vec<usize> = (0..heaps.len())
                .filter(|i| heaps[*i] >> bit & 1 == 1 && free.binary_search(i).is_err())
                .collect();
            let m = free.len() as u64;
            let max_switch = (k - m).min(ones.len() as u64) as usize;
            for x in 0..=max_switch {
                let kept = (ones.len() - x) as u64 % modulus;
                let y = (modulus - kept) % modulus;
                if y > m {
                    continue;
                }
                let per = ways.checked_mul(binomial(m, y)?)?;
                let mut subsets = Combinations::new(ones.len(), x);
                while let Some(subset) = subsets.next_combination() {
                    steps += 1;
                    words += free.len() as u64 + x as u64;
                    if steps > budget || words > budget.saturating_mul(4) {
                        return None;
                    }
                    let mut f = free.clone();
                    f.extend(subset.iter().map(|&c| ones[c]));
                    f.sort_unstable();
                    let slot = next.entry(f).or_insert(0);
                    *slot = slot.checked_add(per)?;
                }
            }
        }
        states = next;
    }
    states
        .iter()
        .filter(|(free, _)| !free.is_empty())
        .try_fold(0u128, |acc, (_, &w)| acc.checked_add(w))
}

/// C(n, r) as u128, or `None` on overflow.
fn binomial(n: u64, r: u64) -> Option<u128> {
    let r = r.min(n - r);
    let mut c: u128 = 1;
    for i in 0..r {
        c = c.checked_mul(u128::from(n - i))? / u128::from(i + 1);
    }
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::super::closed::is_p_position;
    use super::super::options::options;
    use super::*;

    fn all_moves(heaps: &[u64], k: u64) -> Vec<Vec<HeapChange>> {
        let mut v = Vec::new();
        let _ = winning_moves(heaps, k, &mut |m| {
            v.push(m);
            ControlFlow::Continue(())
        });
        v
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_p() {
        for k in 1..=3u64 {
            for a in 0..6u64 {
                for b in 0..6u64 {
                    for c in 0..6u64 {
                        let heaps = [a, b, c];
                        let mut opts = Vec::new();
                        options(&heaps, k, 1 << 20, &mut opts).unwrap();
                        let mut expected: Vec<Vec<HeapChange>> = opts
                            .into_iter()
                            .filter(|m| {
                                let mut after = heaps;
                                for ch in m {
                                    after[ch.heap] = ch.to;
                                }
                                is_p_position(&after, k)
                            })
                            .collect();
                        let mut got = all_moves(&heaps, k);
                        expected
                            .sort_by_key(|m| m.iter().map(|c| (c.heap, c.to)).collect::<Vec<_>>());
                        got.sort_by_key(|m| m.iter().map(|c| (c.heap, c.to)).collect::<Vec<_>>());
                        assert_eq!(got, expected, "moore:{k} {heaps:?}");
                        assert_eq!(
                            count_winning_moves(&heaps, k, 1 << 20),
                            Some(got.len() as u128),
                            "count for moore:{k} {heaps:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn huge_heaps_have_astronomically_many_winning_moves() {
        // Four heaps of 2^64 - 1 in moore:2: empty any one heap (4 moves),
        // or change two heaps to X and !X for any X other than 0 and
        // 2^64 - 1 (6 pairs, 2^64 - 2 values each).
        let heaps = [u64::MAX; 4];
        let expected = 4 + 6 * (u128::from(u64::MAX) - 1);
        assert_eq!(count_winning_moves(&heaps, 2, 1 << 16), Some(expected));
        let mut first = Vec::new();
        let _ = winning_moves(&heaps, 2, &mut |m| {
            first.push(m);
            if first.len() == 100 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(first.len(), 100);
        for m in &first {
            let mut after = heaps;
            for ch in m {
                assert!(ch.to < ch.from);
                after[ch.heap] = ch.to;
            }
            assert!(is_p_position(&after, 2));
        }
    }
}
