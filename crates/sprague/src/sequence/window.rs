//! Subtraction games with wide ranges of amounts (`sub:2-1000000`): the
//! options of heap `n` are the heaps in one window `[n - hi, n - lo]` per
//! range of amounts, and the windows slide by one heap as `n` grows. So the
//! values in the windows are counted, each step adds one heap to each
//! window and drops one, and G(n) is the least value whose count is 0 (the
//! mex). O(number of ranges · log of the largest value) per heap, where
//! stamping every option would cost the width of the ranges per heap.

use std::collections::BTreeSet;

use super::value::Value;
use crate::takebreak::MoveSet;

/// Below this total width of the ranges, stamping every option is cheaper.
const MIN_WIDTH: u64 = 64;

/// The counted windows of a pure subtraction game.
pub(super) struct Windows {
    /// The ranges of amounts that leave one heap, `lo >= 1`.
    ranges: Vec<(u64, u64)>,
    /// The heap whose windows are counted (`usize::MAX`: none yet).
    at: usize,
    /// How many heaps in the windows have each value.
    count: Vec<u32>,
    /// The values below `count.len()` whose count is 0.
    zeros: BTreeSet<usize>,
}

impl Windows {
    /// The number of ranges of amounts counted (the cost of a heap).
    pub(super) fn range_count(&self) -> usize {
        self.ranges.len()
    }

    /// The windows of `moves`, or `None` when the game has moves other
    /// than taking tokens from a heap (splits, an infinite set) or its
    /// ranges are narrow.
    pub(super) fn new(moves: &MoveSet) -> Option<Windows> {
        if !moves.split2.is_empty() || !moves.split3.is_empty() || moves.named.is_some() {
            return None;
        }
        let ranges: Vec<(u64, u64)> = moves
            .take
            .iter()
            .filter(|&&(_, hi)| hi >= 1)
            .map(|&(lo, hi)| (lo.max(1), hi))
            .collect();
        let width: u64 = ranges
            .iter()
            .map(|&(lo, hi)| hi - lo + 1)
            .fold(0, u64::saturating_add);
        if width < MIN_WIDTH {
            return None;
        }
        Some(Windows {
            ranges,
            at: usize::MAX,
            count: Vec::new(),
            zeros: BTreeSet::new(),
        })
    }

    /// The heaps `[first, last]` (inclusive, `first >= 1`) that range `(lo,
    /// hi)` reaches from heap `n`, or `None`.
    fn window(n: usize, (lo, hi): (u64, u64)) -> Option<(usize, usize)> {
        let n = n as u64;
        let last = n.checked_sub(lo).filter(|&l| l >= 1)?;
        let first = n.saturating_sub(hi).max(1);
        Some((first as usize, last as usize))
    }

    fn add(&mut self, v: usize) {
        if v >= self.count.len() {
            let old = self.count.len();
            self.count.resize(v + 1, 0);
            self.zeros.extend(old..self.count.len());
        }
        if self.count[v] == 0 {
            self.zeros.remove(&v);
        }
        self.count[v] += 1;
    }

    fn remove(&mut self, v: usize) {
        self.count[v] -= 1;
        if self.count[v] == 0 {
            self.zeros.insert(v);
        }
    }

    /// The least value with a count of 0, above `above` if given.
    fn least_missing(&self, above: Option<usize>) -> usize {
        let from = above.map_or(0, |a| a + 1);
        self.zeros
            .range(from..)
            .next()
            .copied()
            .unwrap_or(self.count.len().max(from))
    }

    /// G(n) from the values `g` of heaps `0..n`, as the mex of the
    /// windows' values and, when `take_all`, of 0 (the heap emptied).
    /// Counts the windows of `n` afresh unless those of `n - 1` are
    /// counted (then slides them).
    pub(super) fn value<V: Value>(&mut self, n: usize, g: &[V], take_all: bool) -> usize {
        if self.at != usize::MAX && self.at + 1 == n {
            for i in 0..self.ranges.len() {
                let (lo, hi) = self.ranges[i];
                // Heap n - lo comes in; heap n - 1 - hi goes out.
                if let Some(j) = (n as u64).checked_sub(lo).filter(|&j| j >= 1) {
                    self.add(g[j as usize].index());
                }
                if let Some(j) = (n as u64)
                    .checked_sub(hi.saturating_add(1))
                    .filter(|&j| j >= 1)
                {
                    self.remove(g[j as usize].index());
                }
            }
        } else {
            self.count.clear();
            self.zeros.clear();
            for i in 0..self.ranges.len() {
                if let Some((first, last)) = Windows::window(n, self.ranges[i]) {
                    for &v in &g[first..=last] {
                        self.add(v.index());
                    }
                }
            }
        }
        self.at = n;
        let zero_reached = take_all || self.count.first().is_some_and(|&c| c > 0);
        if zero_reached {
            self.least_missing(Some(0))
        } else {
            0
        }
    }
}
