//! Batches of 32 heaps: the pairs with a rare part (and small parts)
//! marked for all heaps of a batch at once, then each heap finished.

use super::super::marks::{FarPairs, NeedBits, NEED_BITS_VALUES};
use super::super::value::Value;
use super::super::{simd, Core};
use super::{RareState, BATCH};
use crate::takebreak::largest_smaller_part;

/// The per-heap marks of a batch: `BATCH` rows of `width` bits, bit `v`
/// of row `j` set when value `v` was reached by an option of heap
/// `n0 + j`. (Bits, not bytes: with two threads a row is read by another
/// core than the one that wrote it, and 8 times fewer cache lines move.)
pub(in crate::sequence) struct Lanes {
    pub(in crate::sequence) width: usize,
    pub(super) bits: Vec<u64>,
    /// The far pairs are marked for the values below this only (see
    /// [`super::far::far_regs_bound`]; `usize::MAX`: every value).
    pub(super) complete: usize,
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
    pub(in crate::sequence) fn begin(&mut self, width: usize) {
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
    pub(in crate::sequence) fn complete(&self) -> usize {
        self.complete
    }

    /// Row `j`, as `width / 64` words.
    pub(in crate::sequence) fn row(&self, j: usize) -> &[u64] {
        let words = self.width / 64;
        &self.bits[j * words..(j + 1) * words]
    }

    /// Row `j`, to mark.
    pub(in crate::sequence) fn row_mut(&mut self, j: usize) -> &mut [u64] {
        let words = self.width / 64;
        &mut self.bits[j * words..(j + 1) * words]
    }
}

/// The lane width of a batch when every value so far is at most `max`: a
/// power of two at least twice the least one above `max` (the values of
/// the batch itself may pass `max`; a heap whose options reach past the
/// width is computed from scratch).
pub(in crate::sequence) fn lane_width(max: usize) -> usize {
    (max + 1).next_power_of_two().max(64) * 2
}

/// One batch in this many is a probe: computed without small parts, it
/// counts the values left to confirm, from which [`RareState::small_end`]
/// is chosen.
pub(in crate::sequence) const PROBE_EVERY: usize = 64;

/// The most small parts marked: 1,024 where the far pairs are marked in
/// registers ([`super::far::stamp_far_regs`], AVX-512), else 512, each measured
/// best on Grundy's game (512, 1,024 and 2,048 with AVX-512: 6.36, 5.91,
/// 6.37 s to 2^23 with one thread; 4,096 much slower).
pub(in crate::sequence) fn smalls_max() -> usize {
    if simd::level() >= simd::Level::Avx512 {
        1024
    } else {
        512
    }
}

/// The values left to confirm a heap, in a probe batch, from which small
/// parts are marked.
pub(in crate::sequence) const SMALLS_FROM_NEED: usize = 20;

/// Whether the batch at `n0` is a probe (see [`PROBE_EVERY`]).
pub(super) fn is_probe(n0: usize) -> bool {
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
    pub(in crate::sequence) fn small_end(&self, n0: usize) -> usize {
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
pub(in crate::sequence) fn stamp_far<V: Value>(lanes: &mut Lanes, far: &FarPairs<'_, V>) {
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
pub(super) fn stamp_far_bits<V: Value>(lanes: &mut Lanes, far: &FarPairs<'_, V>) {
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

impl<V: Value> Core<V> {
    /// Computes G(n0 .. n0 + BATCH) by the rare-value method, the pairs
    /// with a rare part for all heaps of the batch at once ([`stamp_far`]).
    /// The few rare heaps whose partner lies inside the batch are done heap
    /// by heap. Requires [`RareState::batchable`]; `Err(heap)` when a value
    /// overflows.
    pub(in crate::sequence) fn rare_batch(
        &mut self,
        values: &mut Vec<V>,
        n0: usize,
    ) -> Result<(), usize> {
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
    pub(in crate::sequence) fn finish_batch(
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
    pub(in crate::sequence) fn batch_heap(
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
        if c > NEED_BITS_VALUES || c >= complete {
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
        let mut bits = NeedBits::from_words(words);
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
