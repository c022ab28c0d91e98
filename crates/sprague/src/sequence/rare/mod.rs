//! The rare-value ("sparse space") method: see the module documentation of
//! [`crate::sequence`].
//!
//! The state of the method (the mask, the rare heaps, the levels of
//! partial marks) and one heap from scratch are here; the mask's choice
//! in `mask.rs`, the batches of 32 heaps in `batch.rs`.

use super::marks::Partial;
pub(super) use super::marks::BATCH;
use super::marks::{NeedBits, NEED_BITS_VALUES};
use super::value::{Stamp, Value, RARE_MAX_VALUE};
use super::Core;
use crate::takebreak::{largest_smaller_part, MoveSet};

/// Splits stamped between checks of the values still needed (values of
/// 512 and more, where the SIMD check does not apply).
const BLOCK: usize = 256;

/// Batches are used only while every value is below this.
const BATCH_VALUES: usize = 4096;

/// Heaps below this are always computed by the plain method.
const FIRST_MASK_AT: usize = 64;

/// Until this many heaps, a game whose rare heaps are too many for the
/// rare-value method may still see them thin out (the cost model waits).
const SETTLED_BY: usize = 1 << 16;

/// The method of the heaps to come, for the cost model.
pub(super) enum Method {
    /// The plain method.
    Plain,
    /// The rare-value method (in use, or allowed and not yet known not to
    /// pay), with this many rare heaps so far and split amounts.
    Rare { heaps: usize, amounts: usize },
}

/// The rare heaps under the current mask, and when the mask was chosen.
pub(super) struct RareState<V: Value> {
    /// Whether the game allows the method at all: two-heap splits, no
    /// three-heap splits, bounded removals (and, once a mask is chosen,
    /// values below [`RARE_MAX_VALUE`]).
    enabled: bool,
    /// The amounts `k` after which a heap may be split in two, increasing.
    split_ks: Vec<usize>,
    unequal: bool,
    /// Whether all split amounts have one parity, so that the "domain"
    /// form of sparse space may be used; `t_odd` is that parity.
    domain_allowed: bool,
    t_odd: bool,
    mask: V,
    /// Whether the rare class depends on the heap's parity (the domain
    /// form): heap x is rare when parity(G(x) & mask) = parity(x - t).
    domain: bool,
    /// The heap count when the mask was last chosen (0: never).
    chosen_at: usize,
    /// Rare heaps (at least 1), increasing, and their values.
    heaps: Vec<u32>,
    vals: Vec<u32>,
    /// The lane stamps of a batch (one thread).
    lanes: Lanes,
    /// The common values below a lane width, as bits, when the dense
    /// parity is 0 and 1; for the mask, form and width in `common_for`.
    common: [Vec<u64>; 2],
    common_for: (V, bool, usize),
    /// The largest value so far.
    max_value: V,
    /// Per split amount, in a batch: the rare heaps below `BATCH - k` are
    /// `heaps[..a]`, those from `n0 - k` on are `heaps[b..]`.
    near: Vec<(usize, usize)>,
    /// In a batch: the pairs with a smaller part from `BATCH - k` up to
    /// this are marked with the far pairs ([`RareState::small_end`]).
    smalls_to: usize,
    /// The small parts marked in batches from now on (0 or a power of
    /// two), chosen from the values left to confirm in the last probe.
    smalls: usize,
    /// The values left to confirm in the probe batch so far.
    probe_need: usize,
    /// Whether far pairs may be marked for values below 256 only once
    /// values reach 256 ([`FarPairs::partial`]), the heaps computed from
    /// scratch for a value not marked, and the first of them.
    partial: Partial,
    partial_misses: usize,
    partial_since: usize,
}

impl<V: Value> RareState<V> {
    pub(super) fn new(moves: &MoveSet) -> RareState<V> {
        let bounded = moves.max_removal().is_some_and(|t| t < 1 << 20);
        let enabled = bounded && moves.split3.is_empty() && !moves.split2.is_empty();
        let split_ks = if enabled {
            moves
                .split2
                .iter()
                .flat_map(|&(lo, hi)| lo as usize..=hi as usize)
                .collect()
        } else {
            Vec::new()
        };
        let domain_allowed = split_ks
            .windows(2)
            .all(|w: &[usize]| (w[0] ^ w[1]) & 1 == 0);
        let t_odd = split_ks.first().is_some_and(|&k| k & 1 == 1);
        RareState {
            domain_allowed,
            t_odd,
            domain: false,
            enabled,
            split_ks,
            unequal: moves.unequal,
            mask: V::default(),
            chosen_at: 0,
            heaps: Vec::new(),
            vals: Vec::new(),
            lanes: Lanes::default(),
            common: [Vec::new(), Vec::new()],
            common_for: (V::default(), false, 0),
            max_value: V::default(),
            near: Vec::new(),
            smalls_to: 0,
            smalls: 0,
            probe_need: 0,
            partial: Partial::Below192,
            partial_misses: 0,
            partial_since: 0,
        }
    }

    /// Whether far pairs may be marked for values below 256 only
    /// ([`FarPairs::partial`]).
    pub(super) fn partial_far(&self) -> Partial {
        self.partial
    }

    /// Counts heap `n`, computed from scratch because its least common
    /// value not reached was not below the values marked; stops partial
    /// marks for good when such heaps pass one in 1,024 of the heaps since
    /// the first of them (once there are 64), for a game whose values from
    /// 256 on are common.
    pub(super) fn partial_missed(&mut self, n: usize) {
        if self.partial_misses == 0 {
            self.partial_since = n;
        }
        self.partial_misses += 1;
        if self.partial_misses >= 64 && self.partial_misses * 1024 > n - self.partial_since {
            self.partial = self.partial.next();
            if self.partial != Partial::Off {
                // Counted afresh at the next level.
                self.partial_misses = 0;
            }
        }
    }

    /// Whether heaps `n .. n + BATCH` can be computed as one batch: the
    /// method is in use, `n` is aligned, the mask stays the same for the
    /// whole batch, every split amount is below `BATCH` and values are
    /// small.
    pub(super) fn batchable(&mut self, n: usize, values: &[V]) -> bool {
        if !n.is_multiple_of(BATCH) || n < 4 * BATCH || !self.usable(n, &values[..n]) {
            return false;
        }
        n + BATCH <= 2 * self.chosen_at
            && self.split_ks.last().is_some_and(|&k| k < BATCH)
            && self.max_value.index() < BATCH_VALUES / 2
    }

    /// The parity of the values that splits of heap `n` reach densely (the
    /// rare class at `n`): 0 in the range form, parity(n - t) in the domain
    /// form.
    fn dense_parity(&self, n: usize) -> u32 {
        if self.domain {
            ((n & 1 == 1) != self.t_odd) as u32
        } else {
            0
        }
    }

    /// Whether heap `n` with value `v` is rare.
    fn is_rare(&self, n: usize, v: V) -> bool {
        (v & self.mask).count_ones() % 2 == self.dense_parity(n)
    }

    /// Whether heap `n` should be computed by the rare-value method, given
    /// the values of heaps `0..n`; chooses the mask again when the sequence
    /// has doubled since it was last chosen.
    pub(super) fn usable(&mut self, n: usize, values: &[V]) -> bool {
        if !self.enabled || n < FIRST_MASK_AT {
            return false;
        }
        if self.chosen_at == 0 || n >= 2 * self.chosen_at {
            // The values may come from elsewhere (a resumed run), not
            // through `push`: the batch lanes are sized by this maximum.
            self.max_value = values[..n].iter().copied().max().unwrap_or_default();
            if self.max_value.index() >= RARE_MAX_VALUE {
                // Values only grow: the plain method from here on.
                self.enabled = false;
                return false;
            }
            let (mask, domain) = choose_mask(&values[..n], self.domain_allowed, self.t_odd);
            self.mask = mask;
            self.domain = domain;
            self.chosen_at = n;
            self.heaps.clear();
            self.vals.clear();
            for (h, &v) in values.iter().enumerate().take(n).skip(1) {
                if self.is_rare(h, v) {
                    self.heaps.push(h as u32);
                    self.vals.push(v.index() as u32);
                }
            }
        }
        // The rare pairs cost about R stores per split, the plain method
        // about n / 2 pairs, a few thousand stamped and the rest bit-tested
        // 32 at a time. R < n / 8 was measured best: on 0.007 (R about n / 5)
        // the plain method is 1.5x faster than the rare-value one (measured
        // before the plain method's 1,024-bit test made it twice as fast on
        // 0.007; not measured again since).
        self.heaps.len() * 8 < n
    }

    /// Which method computes the heaps after the first `n`, for the cost
    /// model (`cost.rs`): the rare-value one with its rare heaps so far and
    /// split amounts (also while it may yet pay), or the plain one.
    pub(super) fn cost_state(&self, n: usize) -> Method {
        let rare = Method::Rare {
            heaps: self.heaps.len(),
            amounts: self.split_ks.len(),
        };
        // Before a mask is chosen, and while the rare heaps may still thin
        // out as the table grows (Grundy's game), the method may yet pay:
        // counted as if it did, the least the heaps may cost.
        let may_pay = if self.chosen_at == 0 {
            n < FIRST_MASK_AT
        } else {
            self.heaps.len() * 8 < n || n < SETTLED_BY
        };
        if self.enabled && may_pay {
            rare
        } else {
            Method::Plain
        }
    }

    /// Records G(n) = g (after the mask was chosen).
    pub(super) fn push(&mut self, n: usize, g: V) {
        self.max_value = self.max_value.max(g);
        if self.chosen_at != 0 && n >= 1 && self.is_rare(n, g) {
            self.heaps.push(n as u32);
            self.vals.push(g.index() as u32);
        }
    }

    /// The largest value recorded so far (at least that of every value
    /// pushed since the mask was last chosen).
    #[inline]
    pub(super) fn max_value(&self) -> V {
        self.max_value
    }

    /// The mask, whether the domain form is used, the number of rare heaps
    /// from 1 on among the `len` heaps recorded so far, and whether the
    /// method pays at `len` (see [`RareState::usable`]); `None` when no mask
    /// has been chosen or the method was given up.
    pub(super) fn summary(&self, len: usize) -> Option<(u64, bool, u64, bool)> {
        (self.enabled && self.chosen_at != 0).then(|| {
            (
                self.mask.index() as u64,
                self.domain,
                self.heaps.len() as u64,
                self.heaps.len() * 8 < len,
            )
        })
    }

    /// The mask in use (0 before one is chosen).
    #[cfg(test)]
    pub(super) fn mask(&self) -> V {
        self.mask
    }
}

impl<V: Value> Core<V> {
    /// G(n) by the rare-value method; `None` when it does not fit `V`.
    /// `g` holds G(0..n) and a placeholder at n.
    pub(super) fn rare_value(&mut self, g: &[V], n: usize) -> Option<V> {
        let s = self.next_token();
        self.stamp_small_options(g, n, s);
        let g = &g[..=n];
        let stamp = &mut *self.stamp;
        let r = &self.rare;
        // Every pair with a rare part: all the common values reached.
        for &k in &r.split_ks {
            if k + 2 > n {
                break;
            }
            let m = n - k;
            let hi = r.heaps.partition_point(|&h| (h as usize) < m);
            if r.unequal && m.is_multiple_of(2) {
                let mid = r.heaps[..hi].partition_point(|&h| (h as usize) < m / 2);
                if mid < hi && r.heaps[mid] as usize == m / 2 {
                    V::stamp_rare(g, m, &r.heaps[..mid], &r.vals[..mid], stamp, s);
                    V::stamp_rare(g, m, &r.heaps[mid + 1..hi], &r.vals[mid + 1..hi], stamp, s);
                    continue;
                }
            }
            V::stamp_rare(g, m, &r.heaps[..hi], &r.vals[..hi], stamp, s);
        }
        let mask = r.mask;
        let dense = r.dense_parity(n);
        let is_rare = |v: usize| (V::from_index(v) & mask).count_ones() % 2 == dense;
        // For u16 all 65,536 values; for u32, enough that c is found (see
        // `value::wide_stamp_len`).
        let len = stamp.len();
        let c = (0..len)
            .find(|&v| !is_rare(v) && stamp.get(v) != s)
            .unwrap_or(len);
        let mut need = std::mem::take(&mut self.need);
        need.clear();
        need.extend(
            (0..c)
                .filter(|&v| is_rare(v) && stamp.get(v) != s)
                .map(V::from_index),
        );
        // Confirm the rare values below c by going through the splits in
        // order of their smaller part until each has been seen. Each value
        // left unseen after all splits is missing from the options.
        if !need.is_empty() {
            if c <= NEED_BITS_VALUES {
                let mut bits = NeedBits::new(need.iter().map(|v| v.index()));
                for &k in &r.split_ks {
                    if k + 2 > n || bits.is_empty() {
                        break;
                    }
                    let m = n - k;
                    let h = largest_smaller_part(m as u64, r.unequal) as usize;
                    if h >= 1 {
                        V::drain_need(g, m, 1, h, &mut bits);
                    }
                }
                need.retain(|&v| bits.contains(v.index()));
            } else {
                for &k in &r.split_ks {
                    if k + 2 > n || need.is_empty() {
                        break;
                    }
                    let m = n - k;
                    let h = largest_smaller_part(m as u64, r.unequal) as usize;
                    let mut a = 1;
                    while a <= h && !need.is_empty() {
                        let end = (a + BLOCK - 1).min(h);
                        super::value::stamp_pair_range(g, m, a, end, stamp, s);
                        need.retain(|&v| stamp.get(v.index()) != s);
                        a = end + 1;
                    }
                }
            }
        }
        let g_n = match need.first() {
            None if c < len => Some(V::from_index(c)),
            None => None,
            Some(&v) => Some(v),
        };
        self.need = need;
        g_n
    }
}

impl<V: Value> RareState<V> {
    /// The rare heaps and their values.
    pub(super) fn rare_heaps(&self) -> (&[u32], &[u32]) {
        (&self.heaps, &self.vals)
    }

    /// The split amounts and whether parts must be unequal.
    pub(super) fn splits(&self) -> (&[usize], bool) {
        (&self.split_ks, self.unequal)
    }

    /// The heap count at which the mask will be chosen again.
    pub(super) fn next_choice(&self) -> usize {
        2 * self.chosen_at
    }

    /// Whether `extra` more rare heaps fit without moving the list.
    pub(super) fn has_room(&self, extra: usize) -> bool {
        self.heaps.capacity() - self.heaps.len() >= extra
            && self.vals.capacity() - self.vals.len() >= extra
    }

    /// Makes room for `extra` more rare heaps (the list may move).
    pub(super) fn reserve(&mut self, extra: usize) {
        self.heaps.reserve(extra);
        self.vals.reserve(extra);
    }

    /// Finds, for each split amount, the near rare heaps of the batch at
    /// `n0` (see `near`), and the common values below `width`.
    fn find_near(&mut self, n0: usize, width: usize, smalls_to: usize) {
        if self.common_for != (self.mask, self.domain, width) {
            self.common_for = (self.mask, self.domain, width);
            for (dense, bits) in self.common.iter_mut().enumerate() {
                bits.clear();
                bits.resize(width / 64, 0);
                for v in 0..width {
                    let rare = (V::from_index(v) & self.mask).count_ones() % 2 == dense as u32;
                    if !rare {
                        bits[v >> 6] |= 1 << (v & 63);
                    }
                }
            }
        }
        self.smalls_to = smalls_to;
        self.near.clear();
        for &k in &self.split_ks {
            let a = self.heaps.partition_point(|&h| (h as usize) < BATCH - k);
            let b = self.heaps.partition_point(|&h| (h as usize) < n0 - k);
            self.near.push((a, b));
        }
    }
}

mod batch;
mod mask;
#[cfg(test)]
mod tests;

pub(super) use batch::{lane_width, smalls_max, stamp_far, Lanes, PROBE_EVERY, SMALLS_FROM_NEED};
pub(super) use mask::{choose_mask, mask_from_histogram};
