//! The rare-value ("sparse space") method: see the module documentation of
//! [`crate::sequence`].

use std::ops::Range;

use super::value::{Stamp, Value, RARE_MAX_VALUE};
use super::{simd, Core};
use crate::takebreak::{largest_smaller_part, MoveSet};

/// Splits stamped between checks of the values still needed (values of
/// 512 and more, where the SIMD check does not apply).
const BLOCK: usize = 256;

/// Heaps computed together by [`Core::rare_batch`].
pub(super) const BATCH: usize = 32;
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
    partial: bool,
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
            partial: true,
            partial_misses: 0,
            partial_since: 0,
        }
    }

    /// Whether far pairs may be marked for values below 256 only
    /// ([`FarPairs::partial`]).
    pub(super) fn partial_far(&self) -> bool {
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
            self.partial = false;
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

/// The mask (and form) that makes the fewest of the heaps `1..` rare, by a
/// Walsh-Hadamard transform of the histogram of their values: entry `m` of
/// the transform is (#rare - #common) under mask `m`. For the domain form
/// the parity of `x - t` is added as one more bit above the values, so one
/// transform rates both forms; masks with that bit set are the domain form.
pub(super) fn choose_mask<V: Value>(values: &[V], domain_allowed: bool, t_odd: bool) -> (V, bool) {
    let max = values
        .iter()
        .skip(1)
        .copied()
        .max()
        .unwrap_or_default()
        .index();
    let value_size = (max + 1).next_power_of_two().max(2);
    let size = if domain_allowed {
        2 * value_size
    } else {
        value_size
    };
    let mut w = vec![0i64; size];
    for (x, &v) in values.iter().enumerate().skip(1) {
        let side = ((x & 1 == 1) != t_odd) as usize;
        let slot = if domain_allowed {
            v.index() | (side * value_size)
        } else {
            v.index()
        };
        w[slot] += 1;
    }
    let (mask, domain) = mask_from_histogram(w, value_size);
    (V::from_index(mask), domain)
}

/// The mask (and whether it is of the domain form) of [`choose_mask`] from
/// its histogram `w`: `w[v]` heaps of value `v`, and for the domain form
/// (`w.len() == 2 * value_size`) `w[v + value_size]` heaps of value `v`
/// whose parity differs from the split amounts'. `value_size` is a power
/// of two above every value. The histogram is transformed in place.
pub(super) fn mask_from_histogram(mut w: Vec<i64>, value_size: usize) -> (usize, bool) {
    let size = w.len();
    let mut h = 1;
    while h < size {
        for i in (0..size).step_by(2 * h) {
            for j in i..i + h {
                let (a, b) = (w[j], w[j + h]);
                w[j] = a + b;
                w[j + h] = a - b;
            }
        }
        h *= 2;
    }
    let best = (1..size)
        .filter(|&m| m % value_size != 0)
        .min_by_key(|&m| (w[m], m))
        .unwrap_or(1);
    (best % value_size, best >= value_size)
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
            if c <= simd::NEED_VALUES {
                let mut bits = simd::NeedBits::new(need.iter().map(|v| v.index()));
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
                        super::stamp_pair_range(g, m, a, end, stamp, s);
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

/// The per-heap marks of a batch: `BATCH` rows of `width` bits, bit `v`
/// of row `j` set when value `v` was reached by an option of heap
/// `n0 + j`. (Bits, not bytes: with two threads a row is read by another
/// core than the one that wrote it, and 8 times fewer cache lines move.)
pub(super) struct Lanes {
    pub(super) width: usize,
    bits: Vec<u64>,
    /// The far pairs are marked for the values below this only (see
    /// [`super::far::far_regs_bound`]; `usize::MAX`: every value).
    complete: usize,
}

impl Default for Lanes {
    fn default() -> Lanes {
        Lanes {
            width: 0,
            bits: Vec::new(),
            complete: usize::MAX,
        }
    }
}

impl Lanes {
    /// Starts a batch whose values are below `width` (a power of two, at
    /// least 64): every row empty.
    pub(super) fn begin(&mut self, width: usize) {
        debug_assert!(width.is_power_of_two() && width >= 64);
        if self.width != width {
            self.width = width;
            self.bits = vec![0; BATCH * width / 64];
        } else {
            self.bits.fill(0);
        }
        self.complete = usize::MAX;
    }

    /// The value from which far pairs may be left unmarked
    /// (`usize::MAX`: none).
    pub(super) fn complete(&self) -> usize {
        self.complete
    }

    /// Row `j`, as `width / 64` words.
    pub(super) fn row(&self, j: usize) -> &[u64] {
        let words = self.width / 64;
        &self.bits[j * words..(j + 1) * words]
    }

    /// Row `j`, to mark.
    pub(super) fn row_mut(&mut self, j: usize) -> &mut [u64] {
        let words = self.width / 64;
        &mut self.bits[j * words..(j + 1) * words]
    }
}

/// The lane width of a batch when every value so far is at most `max`: a
/// power of two at least twice the least one above `max` (the values of
/// the batch itself may pass `max`; a heap whose options reach past the
/// width is computed from scratch).
pub(super) fn lane_width(max: usize) -> usize {
    (max + 1).next_power_of_two().max(64) * 2
}

/// The far pairs of the batch at `n0` to mark: for each split amount `k`,
/// the pairs `(h, n0 + j - k - h)` whose first part `h` is a rare heap of
/// `heaps` (values `vals`), or any heap `a` of a range of small parts (see
/// [`RareState::small_end`]), with `BATCH - k <= h < n0 - k`, so that the other parts
/// of the batch's heaps are the 32 consecutive heaps from `n0 - k - h`,
/// below the batch.
pub(crate) struct FarPairs<'a, V> {
    pub(super) g: &'a [V],
    pub(super) n0: usize,
    pub(super) heaps: &'a [u32],
    pub(super) vals: &'a [u32],
    pub(super) unequal: bool,
    /// For each split amount: `k`, the range of indices of `heaps`, and the
    /// range of small parts, each restricted to `BATCH - k .. n0 - k`.
    pub(super) per_k: Vec<(usize, Range<usize>, Range<usize>)>,
    /// Whether the values from 256 on may be left unmarked once values
    /// reach 256, so that rows would hold 512 values (not from 512 on:
    /// see [`super::far::far_regs_bound`]); false unless set.
    pub(super) partial: bool,
}

impl<'a, V: Value> FarPairs<'a, V> {
    /// The far pairs of the batch at `n0` with a rare part among `heaps`
    /// (increasing, values `vals`) or a small part in `smalls`.
    pub(super) fn new(
        g: &'a [V],
        n0: usize,
        heaps: &'a [u32],
        vals: &'a [u32],
        smalls: Range<usize>,
        split_ks: &[usize],
        unequal: bool,
    ) -> FarPairs<'a, V> {
        let per_k = split_ks
            .iter()
            .map(|&k| {
                let (from, to) = (BATCH - k, n0 - k);
                let lo = heaps.partition_point(|&h| (h as usize) < from);
                let hi = heaps.partition_point(|&h| (h as usize) < to);
                let a = smalls.start.max(from);
                (k, lo..hi.max(lo), a..smalls.end.min(to).max(a))
            })
            .collect();
        FarPairs {
            g,
            n0,
            heaps,
            vals,
            unequal,
            per_k,
            partial: false,
        }
    }

    /// For each split amount `k`: the top `n0 - k` (the other parts of a
    /// pair with first part `h` are the 32 heaps from `top - h`), and the
    /// rare heaps, their values and the range of small parts to mark.
    pub(super) fn tops(&self) -> impl Iterator<Item = (usize, &[u32], &[u32], Range<usize>)> {
        self.per_k.iter().map(|(k, rare, small)| {
            (
                self.n0 - k,
                &self.heaps[rare.clone()],
                &self.vals[rare.clone()],
                small.clone(),
            )
        })
    }

    /// The number of marks: 32 per pair.
    fn marks(&self) -> usize {
        self.per_k
            .iter()
            .map(|(_, rare, small)| rare.len() + small.len())
            .sum::<usize>()
            * BATCH
    }
}

/// One batch in this many is a probe: computed without small parts, it
/// counts the values left to confirm, from which [`RareState::small_end`]
/// is chosen.
pub(super) const PROBE_EVERY: usize = 64;

/// The most small parts marked: 1,024 where the far pairs are marked in
/// registers ([`super::far::stamp_far_regs`], AVX-512), else 512, each measured
/// best on Grundy's game (512, 1,024 and 2,048 with AVX-512: 6.36, 5.91,
/// 6.37 s to 2^23 with one thread; 4,096 much slower).
pub(super) fn smalls_max() -> usize {
    if simd::level() >= simd::Level::Avx512 {
        1024
    } else {
        512
    }
}

/// The values left to confirm a heap, in a probe batch, from which small
/// parts are marked.
pub(super) const SMALLS_FROM_NEED: usize = 20;

/// Whether the batch at `n0` is a probe (see [`PROBE_EVERY`]).
fn is_probe(n0: usize) -> bool {
    (n0 / BATCH).is_multiple_of(PROBE_EVERY)
}

impl<V: Value> RareState<V> {
    /// The end of the small parts whose pairs are marked with the far pairs
    /// of the batch at `n0` (every heap `a` from `BATCH - k` up to it, rare
    /// or not), so that the confirmation of rare values, which goes through
    /// the splits in order of their smaller part, skips them: where many
    /// values are left to confirm (Officers: about 60 a heap), most are
    /// found among the first few hundred splits, and each costs a
    /// mispredicted branch or two, while a mark costs a store or less. 0
    /// (none) in probe batches, for small `n0` (every such `a` must be a
    /// smaller part) and where few values are left to confirm (0.354: 7 to
    /// 16, mostly found in the first 32 splits).
    pub(super) fn small_end(&self, n0: usize) -> usize {
        if n0 < 8 * smalls_max() || is_probe(n0) {
            0
        } else {
            self.smalls
        }
    }

    /// Chooses the small parts from the values left to confirm in the
    /// probe batch just computed: [`smalls_max`] from [`SMALLS_FROM_NEED`] a heap on,
    /// else none (measured: Officers leaves 55 to 62 a heap, Grundy's game
    /// 30 to 36, and both gain; 0.354 leaves 7 to 11, and marking even 256
    /// small parts made it 20% slower).
    fn choose_smalls(&mut self) {
        let need = self.probe_need / BATCH;
        self.probe_need = 0;
        self.smalls = if need >= SMALLS_FROM_NEED {
            smalls_max()
        } else {
            0
        };
    }
}

/// Marks, in `lanes` (the rows of the batch), the values of the pairs of
/// `far`: every value, or with `far.partial` those below the bound it
/// lowers `lanes.complete` to. Values must be below half the lane width
/// (see [`lane_width`]); `g` must hold the other parts (it panics
/// otherwise).
pub(super) fn stamp_far<V: Value>(lanes: &mut Lanes, far: &FarPairs<'_, V>) {
    let width = lanes.width;
    let words = width / 64;
    // The values below the batch are below half the lane width (see
    // `lane_width`), and so are their nim-sums.
    let span = width / 2;
    if far.marks() > 0 {
        if let Some(bound) = V::stamp_far_regs(far, span, far.partial, &mut lanes.bits, words) {
            lanes.complete = lanes.complete.min(bound);
            return;
        }
    }
    // Byte marks pay once they outnumber the bytes gathered (one per value
    // of each row).
    if far.marks() >= span && V::stamp_far_bytes(far, span, &mut lanes.bits, words) {
        return;
    }
    stamp_far_bits(lanes, far);
}

/// [`stamp_far`] for every width and CPU, with a read-modify-write of a
/// bit per mark (the reference for [`super::far::stamp_far_bytes`]).
fn stamp_far_bits<V: Value>(lanes: &mut Lanes, far: &FarPairs<'_, V>) {
    let width = lanes.width;
    let words = width / 64;
    let lane = &mut lanes.bits[..BATCH * words];
    let (g, n0) = (far.g, far.n0);
    for (k, rare, small) in &far.per_k {
        let rare = rare
            .clone()
            .map(|i| (far.heaps[i] as usize, V::from_index(far.vals[i] as usize)));
        let small = small.clone().map(|a| (a, g[a]));
        for (h, rv) in rare.chain(small) {
            let base = n0 - k - h;
            let row = &g[base..base + BATCH];
            // With unequal parts, heap n0 + j with n0 + j - k = 2h may
            // not split into h and h.
            let skip = if far.unequal {
                (2 * h).wrapping_sub(n0 - k)
            } else {
                usize::MAX
            };
            // Values are below width, so masking by width - 1 changes
            // no index (checked in debug builds).
            let at = |j: usize, x: V| {
                debug_assert!((x ^ rv).index() < width, "lane width {width}");
                let v = (x ^ rv).index() & (width - 1);
                (j * words + (v >> 6), 1u64 << (v & 63))
            };
            if skip < BATCH {
                for (j, &x) in row.iter().enumerate() {
                    if j != skip {
                        let (i, bit) = at(j, x);
                        lane[i] |= bit;
                    }
                }
            } else {
                let bits = lane.as_mut_ptr();
                for (j, &x) in row.iter().enumerate() {
                    let (i, bit) = at(j, x);
                    // SAFETY: j < BATCH and v >> 6 < words (v < width =
                    // 64 * words), so i < BATCH * words = lane.len().
                    unsafe { *bits.add(i) |= bit };
                }
            }
        }
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

impl<V: Value> Core<V> {
    /// Computes G(n0 .. n0 + BATCH) by the rare-value method, the pairs
    /// with a rare part for all heaps of the batch at once ([`stamp_far`]).
    /// The few rare heaps whose partner lies inside the batch are done heap
    /// by heap. Requires [`RareState::batchable`]; `Err(heap)` when a value
    /// overflows.
    pub(super) fn rare_batch(&mut self, values: &mut Vec<V>, n0: usize) -> Result<(), usize> {
        let mut lanes = std::mem::take(&mut self.rare.lanes);
        lanes.begin(lane_width(self.rare.max_value.index()));
        let r = &self.rare;
        let g = &values[..n0];
        let smalls_to = r.small_end(n0);
        let far = FarPairs::new(
            g,
            n0,
            &r.heaps,
            &r.vals,
            0..smalls_to,
            &r.split_ks,
            r.unequal,
        );
        let far = FarPairs {
            partial: r.partial,
            ..far
        };
        stamp_far(&mut lanes, &far);
        let result = self.finish_batch(values, n0, &mut lanes, &[], smalls_to);
        self.rare.lanes = lanes;
        result
    }

    /// Computes G(n0 .. n0 + BATCH) when the far pairs are marked in
    /// `lanes` and `more` (lanes of the same width, marked elsewhere), with
    /// the small parts up to `smalls_to` ([`RareState::small_end`]): the
    /// near pairs and the rest heap by heap.
    pub(super) fn finish_batch(
        &mut self,
        values: &mut Vec<V>,
        n0: usize,
        lanes: &mut Lanes,
        more: &[&Lanes],
        smalls_to: usize,
    ) -> Result<(), usize> {
        debug_assert!(more.iter().all(|l| l.width == lanes.width));
        self.rare.find_near(n0, lanes.width, smalls_to);
        let complete = more
            .iter()
            .map(|l| l.complete)
            .fold(lanes.complete, usize::min);
        for j in 0..BATCH {
            let n = n0 + j;
            values.push(V::default());
            let row = lanes.row_mut(j);
            for other in more {
                for (w, &x) in row.iter_mut().zip(other.row(j)) {
                    *w |= x;
                }
            }
            let g = match self.batch_heap(&values[..=n], n, row, complete) {
                Some(g) => Some(g),
                // Rare cases (a value past the lane width or the values
                // marked): from scratch.
                None => {
                    if complete < usize::MAX {
                        self.rare.partial_missed(n);
                    }
                    self.rare_value(&values[..=n], n)
                }
            };
            let Some(g) = g else {
                values.pop();
                return Err(n);
            };
            self.record(values, n, g);
        }
        Ok(())
    }

    /// G(n) for a heap of a batch whose far rare pairs are marked in `row`
    /// (bits, see [`Lanes`]) for the values below `complete`; `g` holds
    /// G(0..n) and a placeholder at n. `None` when a value reaches the
    /// lane width or `complete`.
    pub(super) fn batch_heap(
        &mut self,
        g: &[V],
        n: usize,
        row: &mut [u64],
        complete: usize,
    ) -> Option<V> {
        let r = &self.rare;
        let width = row.len() * 64;
        let n64 = n as u64;
        let mut set = |v: V| -> Option<()> {
            let v = v.index();
            *row.get_mut(v >> 6)? |= 1 << (v & 63);
            Some(())
        };
        if self.moves.allows_take_all(n64) {
            set(V::default())?;
        }
        for &(lo, hi) in &self.moves.take {
            if lo >= n64 {
                break;
            }
            for k in lo.max(1)..=hi.min(n64 - 1) {
                set(g[n - k as usize])?;
            }
        }
        for (ki, &k) in r.split_ks.iter().enumerate() {
            let m = n - k;
            // Near rare heaps: below BATCH - k (indices ..a), or from
            // n0 - k (index b on) up to m - 1.
            let (a, b) = r.near[ki];
            let mut i = 0;
            loop {
                if i == a {
                    i = b; // a <= b: skip the far heaps
                }
                let Some(&h) = r.heaps.get(i) else { break };
                let h = h as usize;
                if h >= m {
                    break;
                }
                if !(r.unequal && 2 * h == m) {
                    set(V::from_index(r.vals[i] as usize) ^ g[m - h])?;
                }
                i += 1;
            }
        }
        // c: the least common value not reached; the rare values below it
        // not reached are to be confirmed.
        let common = &r.common[r.dense_parity(n) as usize];
        debug_assert_eq!(common.len() * 64, width);
        let w = (0..row.len()).find(|&w| common[w] & !row[w] != 0)?;
        let c = w * 64 + (common[w] & !row[w]).trailing_zeros() as usize;
        if c > simd::NEED_VALUES || c >= complete {
            return None;
        }
        let mut words = [0u64; 8];
        for (i, word) in words.iter_mut().enumerate().take(w + 1) {
            let below_c = if i == w {
                (1u64 << (c & 63)) - 1
            } else {
                u64::MAX
            };
            *word = !common[i] & !row[i] & below_c;
        }
        let mut bits = simd::NeedBits::from_words(words);
        let probe = r.smalls_to == 0 && is_probe(n - n % BATCH);
        if probe {
            self.rare.probe_need += bits.len();
            if n % BATCH == BATCH - 1 {
                self.rare.choose_smalls();
            }
        }
        let r = &self.rare;
        for &k in &r.split_ks {
            if bits.is_empty() {
                break;
            }
            let m = n - k;
            let h = largest_smaller_part(m as u64, r.unequal) as usize;
            // The smaller parts from BATCH - k up to `smalls_to` are
            // marked: the splits below BATCH - k (as one block of 32, the
            // rest marked already), then those from `smalls_to` on.
            let skip_from = (BATCH - k).max(1);
            if r.smalls_to > skip_from && r.smalls_to <= h {
                V::drain_need(g, m, 1, BATCH.min(h), &mut bits);
                if !bits.is_empty() {
                    V::drain_need(g, m, r.smalls_to, h, &mut bits);
                }
            } else {
                V::drain_need(g, m, 1, h, &mut bits);
            }
        }
        Some(V::from_index(bits.first().unwrap_or(c)))
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::far;
    use crate::sequence::{Engine, Method, NimSequence};
    use crate::takebreak::{MoveSet, TakeBreakCode};

    #[test]
    fn mask_makes_rare_values_fewest() {
        // Values 1, 2 common under mask 3 (odd parity); 0 and 3 rare.
        assert_eq!(
            choose_mask(&[0u16, 1, 2, 1, 2, 1, 3], false, false),
            (3, false)
        );
        assert_eq!(choose_mask(&[0u16, 1, 1, 1, 0], false, false), (1, false));
        // Heaps 1..=6 with parity(G) = parity(x - 1) flipped: the domain form.
        assert_eq!(
            choose_mask(&[0u16, 1, 0, 1, 0, 1, 0], true, true),
            (1, true)
        );
        // The same in the wide width.
        assert_eq!(
            choose_mask(&[0u32, 1, 2, 1, 2, 1, 3], false, false),
            (3, false)
        );
    }

    /// Calls `f` with far pairs of many shapes whose values are below
    /// `span`, for each span, and a name for the case.
    fn far_cases(spans: &[usize], mut f: impl FnMut(usize, &FarPairs<'_, u16>, &str)) {
        let mut x = 0x2545_F491u32;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        for &span in spans {
            let n0 = 4096;
            let g: Vec<u16> = (0..n0).map(|_| (next() as usize % span) as u16).collect();
            // Rare heaps: every 5th heap or so, and those about n0 / 2 (the
            // splits into equal parts).
            let mut heaps: Vec<u32> = (1..n0 as u32)
                .filter(|&h| next() % 5 == 0 || (2 * h as usize).abs_diff(n0) < 40)
                .collect();
            heaps.dedup();
            let vals: Vec<u32> = heaps.iter().map(|&h| u32::from(g[h as usize])).collect();
            for (split_ks, unequal) in [
                (vec![1usize], false),
                (vec![0], true),
                (vec![2, 3], false),
                (vec![0, 1, 5, 31], true),
            ] {
                let (from, to) = (heaps.len() / 7, heaps.len() - 3);
                let (heaps, vals) = (&heaps[from..to], &vals[from..to]);
                for smalls in [0..0, 0..300, 40..70] {
                    let far =
                        FarPairs::new(&g, n0, heaps, vals, smalls.clone(), &split_ks, unequal);
                    let case = format!("span {span}, splits {split_ks:?}, unequal {unequal}, small parts {smalls:?}");
                    f(span, &far, &case);
                }
            }
        }
    }

    /// The lanes of a batch of values below `span` with a mark already in
    /// them (which must stay).
    fn lanes_for(span: usize) -> Lanes {
        let mut lanes = Lanes::default();
        lanes.begin(2 * span);
        lanes.row_mut(3)[0] |= 1 << 5;
        lanes
    }

    #[test]
    fn far_pairs_by_bytes_match_the_bits() {
        far_cases(&[64, 128, 512, 1024], |span, far, case| {
            let mut want = lanes_for(span);
            stamp_far_bits(&mut want, far);
            let mut got = lanes_for(span);
            let words = got.width / 64;
            if !<u16 as Value>::stamp_far_bytes(far, span, &mut got.bits, words) {
                assert!(!far::far_bytes_usable(span));
                return;
            }
            assert!(want.bits.iter().any(|&w| w != 0));
            assert!(want.bits == got.bits, "{case}");
            // The dispatch gives the same, and the scratch was left clear.
            let mut again = lanes_for(span);
            stamp_far(&mut again, far);
            assert_eq!(again.complete, usize::MAX);
            assert!(want.bits == again.bits, "dispatch, {case}");
        });
    }

    #[test]
    fn far_pairs_in_registers_match_the_bits() {
        let _level = simd::LEVEL_LOCK
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut checked = 0;
        far_cases(&[64, 128, 256, 512], |span, far, case| {
            for partial in [false, true] {
                let far = FarPairs {
                    partial,
                    per_k: far.per_k.clone(),
                    ..*far
                };
                let mut want = lanes_for(span);
                stamp_far_bits(&mut want, &far);
                let mut got = lanes_for(span);
                let words = got.width / 64;
                let Some(complete) =
                    <u16 as Value>::stamp_far_regs(&far, span, partial, &mut got.bits, words)
                else {
                    assert!(far::far_regs_bound(span, partial).is_none(), "{case}");
                    continue;
                };
                let bound = span.min(far::FAR_REGS_VALUES);
                assert_eq!(far::far_regs_bound(span, partial), Some(bound), "{case}");
                let complete_want = if bound < span { bound } else { usize::MAX };
                assert_eq!(complete, complete_want, "{case}");
                // Every value below the bound, none from it on (but the
                // mark that was there).
                for j in 0..BATCH {
                    for v in 0..2 * span {
                        let bit = |l: &Lanes| l.row(j)[v / 64] >> (v % 64) & 1;
                        let expect = if v < bound || (j, v) == (3, 5) {
                            bit(&want)
                        } else {
                            0
                        };
                        assert_eq!(bit(&got), expect, "row {j}, value {v}, {case}");
                    }
                }
                let mut again = lanes_for(span);
                stamp_far(&mut again, &far);
                assert_eq!(again.complete, complete, "{case}");
                assert!(again.bits == got.bits, "dispatch, {case}");
                checked += 1;
            }
        });
        if simd::level() >= simd::Level::Avx512 {
            assert_eq!(
                checked,
                4 * 3 * (2 * 3 + 1),
                "spans to 256 twice, 512 partial"
            );
        }
    }

    #[test]
    fn small_parts_are_marked_where_many_values_are_left_to_confirm() {
        let octal = |code| TakeBreakCode::parse_octal(code).unwrap().move_set();
        for (name, moves, last, marked) in [
            ("0.6", octal("0.6"), 20_000, true),
            ("grundy", MoveSet::grundy(), 20_000, true),
            // Values left to confirm: 8 to 16 a heap here, a few by 10^7.
            ("0.354", octal("0.354"), 20_000, false),
            ("0.16", octal("0.16"), 20_000, false),
        ] {
            let mut fast = NimSequence::new(name, moves.clone());
            fast.extend_to(last, Method::Fast).unwrap();
            let mut plain = NimSequence::new(name, moves);
            plain.extend_to(last, Method::Plain).unwrap();
            assert_eq!(fast.values(), plain.values(), "{name}");
            let Engine::Narrow(core) = &fast.engine else {
                panic!("{name} has small values")
            };
            assert_eq!(core.rare.smalls > 0, marked, "{name}: {}", core.rare.smalls);
        }
    }

    /// With far pairs marked only below 64 or 128 (as they are below 256
    /// for values up to 511), the heaps whose values were not marked are
    /// computed from scratch, partial marks stop once such heaps are
    /// common, and the values are those of the plain method.
    #[test]
    fn partial_marks_give_the_values_of_complete_ones() {
        let _level = simd::LEVEL_LOCK
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let values = |method, cap, threads| {
            far::cap_partial(cap);
            let mut s = NimSequence::new("grundy", MoveSet::grundy());
            s.set_threads(threads);
            s.extend_to(20_000, method).unwrap();
            far::cap_partial(far::FAR_REGS_VALUES);
            let Engine::Narrow(core) = &s.engine else {
                panic!("Grundy's game has small values")
            };
            let missed = (core.rare.partial_misses, core.rare.partial_far());
            (s.into_values(), missed)
        };
        let (want, _) = values(Method::Plain, far::FAR_REGS_VALUES, 1);
        for (cap, threads) in [(64, 1), (128, 1), (64, 2), (128, 2)] {
            let (got, (misses, partial)) = values(Method::Fast, cap, threads);
            assert!(got == want, "bound {cap}, {threads} threads");
            if simd::level() >= simd::Level::Avx512 {
                // Values from 64 on are common from heap 4,019 on, from 128
                // on from heap 13,133 (when they stop partial marks).
                assert!(
                    misses >= 64 && !partial,
                    "bound {cap}, {threads} threads: {misses} heaps from scratch"
                );
            }
        }
    }

    #[test]
    fn rare_heaps_are_few_for_a_sparse_game() {
        let moves = TakeBreakCode::parse_octal("0.6").unwrap().move_set();
        let mut s = NimSequence::new("0.6", moves);
        s.extend_to(40_000, Method::Fast).unwrap();
        let Engine::Narrow(core) = &s.engine else {
            panic!("0.6 has small values")
        };
        assert_ne!(core.rare.mask(), 0);
        // About 3% of the heaps are rare by heap 40,000.
        assert!(
            core.rare.heaps.len() < 2_000,
            "{} rare heaps",
            core.rare.heaps.len()
        );
    }
}
