//! Batches of 32 heaps over a [`Streamed`] table: the far pairs marked
//! for the batch, each heap finished, the confirmation and the heaps
//! computed from scratch, reading the store where the values lie there.

use super::*;

impl Streamed {
    /// Computes G(len .. len + count), `count <= BATCH`, as
    /// [`Core::rare_batch`](super::Core) does: the far pairs of the batch
    /// at once, the rest heap by heap.
    pub(super) fn batch<S: ValueStore>(
        &mut self,
        count: usize,
        store: &mut S,
    ) -> Result<(), StreamError<S::Error>> {
        let n0 = self.len;
        let width = rare::lane_width(self.max as usize);
        self.fit_common(width);
        let mut lanes = std::mem::take(&mut self.lanes);
        lanes.begin(width);
        let probe = (n0 / BATCH as u64).is_multiple_of(rare::PROBE_EVERY as u64);
        let mut smalls_to = if probe || n0 < 8 * rare::smalls_max() as u64 {
            0
        } else {
            self.smalls
        };
        // Small parts are read from G(0..low), their partners from the
        // window.
        if smalls_to > self.low || n0 < self.base + self.kmax + (smalls_to + BATCH) as u64 {
            smalls_to = 0;
        }
        // Rare heaps whose partners lie in the window; the others ("deep")
        // are read one by one.
        // (Below n0 - k for every k: a rare heap h >= n0 - k pairs with
        // parts below the batch's length, handled heap by heap.)
        let cut_h = (n0 - self.base).min(n0 - 1).saturating_sub(self.kmax);
        let cut = self.heaps.partition_point(|&h| u64::from(h) <= cut_h);
        let n0v = self.low + (n0 - self.base) as usize;
        debug_assert_eq!(self.buf.len(), n0v);
        // The kernels see heap x at index x - base + low, so they cannot
        // tell which split is into equal parts: they are given no such
        // split (`unequal` false), and the rare heaps h that could make
        // one (2h = n0 + j - k) are read one by one.
        let (t0, t1) = if self.unequal {
            let h = &self.heaps[..cut];
            (
                h.partition_point(|&h| 2 * u64::from(h) + self.kmax < n0),
                h.partition_point(|&h| 2 * u64::from(h) < n0 + BATCH as u64),
            )
        } else {
            (cut, cut)
        };
        for (range, smalls) in [(0..t0, 0..smalls_to), (t1..cut, 0..0)] {
            if range.is_empty() && smalls.is_empty() {
                continue;
            }
            let far = FarPairs::new(
                &self.buf,
                n0v,
                &self.heaps[range.clone()],
                &self.vals[range],
                smalls,
                &self.split_ks,
                false,
            );
            let far = FarPairs {
                partial: self.partial,
                ..far
            };
            rare::stamp_far(&mut lanes, &far);
        }
        let complete = lanes.complete();
        let deep = [t0..t1, cut..self.heaps.len()];
        let result = self.batch_rest(
            n0, count, &mut lanes, &deep, complete, smalls_to, probe, store,
        );
        self.lanes = lanes;
        result
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn batch_rest<S: ValueStore>(
        &mut self,
        n0: u64,
        count: usize,
        lanes: &mut Lanes,
        deep: &[std::ops::Range<usize>],
        complete: usize,
        smalls_to: usize,
        probe: bool,
        store: &mut S,
    ) -> Result<(), StreamError<S::Error>> {
        // Deep rare heaps (partners below the window) and those that may
        // split a heap of the batch into equal parts.
        let mut partners = [0u16; BATCH];
        for range in deep {
            for ki in 0..self.split_ks.len() {
                let k = self.split_ks[ki] as u64;
                let from = (BATCH as u64).saturating_sub(k);
                let top = n0.saturating_sub(k);
                for i in range.clone() {
                    let h = u64::from(self.heaps[i]);
                    if h < from {
                        continue;
                    }
                    if h >= top {
                        break;
                    }
                    let rv = self.vals[i] as u16;
                    self.read_range(top - h, &mut partners, store)?;
                    for (j, &x) in partners.iter().enumerate().take(count) {
                        if self.unequal && 2 * h == top + j as u64 {
                            continue;
                        }
                        let v = (x ^ rv) as usize;
                        lanes.row_mut(j)[v >> 6] |= 1 << (v & 63);
                    }
                }
            }
        }
        // Near rare heaps: below BATCH - k, or from n0 - k on.
        let near: Vec<(usize, usize)> = self
            .split_ks
            .iter()
            .map(|&k| {
                let a = self
                    .heaps
                    .partition_point(|&h| (h as usize) < BATCH.saturating_sub(k));
                let b = self
                    .heaps
                    .partition_point(|&h| u64::from(h) < n0.saturating_sub(k as u64));
                (a, b.max(a))
            })
            .collect();
        for j in 0..count {
            let n = n0 + j as u64;
            self.buf.push(0);
            let row = lanes.row_mut(j);
            let g = match self.batch_heap(n, row, &near, complete, smalls_to, probe, j, store)? {
                Some(g) => g,
                None => {
                    if complete < usize::MAX {
                        self.partial_missed(n);
                    }
                    self.stats.scratch_heaps += 1;
                    self.value_from_scratch(n, store)?
                }
            };
            self.record(n, g).map_err(StreamError::Engine)?;
        }
        Ok(())
    }

    /// Stores G(n) = g in the placeholder at n.
    pub(super) fn record(&mut self, n: u64, g: u16) -> Result<(), Error> {
        *self.buf.last_mut().expect("the placeholder of heap n") = g;
        self.len = n + 1;
        self.count(n, g);
        if self.is_rare(n, g) {
            self.push_rare(n, g)?;
        }
        Ok(())
    }

    /// As [`RareState::partial_missed`](super::rare): partial marks stop
    /// for good once heaps computed from scratch pass one in 1,024.
    pub(super) fn partial_missed(&mut self, n: u64) {
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

    /// G(n) for heap n of a batch whose far pairs are marked in `row` (for
    /// the values below `complete`); `None` when the least common value not
    /// reached is not among the values marked (or past 512).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn batch_heap<S: ValueStore>(
        &mut self,
        n: u64,
        row: &mut [u64],
        near: &[(usize, usize)],
        complete: usize,
        smalls_to: usize,
        probe: bool,
        j: usize,
        store: &mut S,
    ) -> Result<Option<u16>, StreamError<S::Error>> {
        let width = row.len() * 64;
        // Marks value v, or gives up on the batch's marks past the width.
        macro_rules! mark {
            ($v:expr) => {{
                let v = $v as usize;
                if v >= width {
                    return Ok(None);
                }
                row[v >> 6] |= 1 << (v & 63);
            }};
        }
        if self.moves.allows_take_all(n) {
            mark!(0u16);
        }
        for t in 0..self.moves.take.len() {
            let (lo, hi) = self.moves.take[t];
            if lo >= n {
                break;
            }
            for k in lo.max(1)..=hi.min(n - 1) {
                mark!(self.get(n - k, store)?);
            }
        }
        for (ki, &(a, b)) in near.iter().enumerate() {
            let k = self.split_ks[ki] as u64;
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let mut i = 0;
            loop {
                if i == a {
                    i = b;
                }
                let Some(&h) = self.heaps.get(i) else { break };
                let h = u64::from(h);
                if h >= m {
                    break;
                }
                if !(self.unequal && 2 * h == m) {
                    let x = self.get(m - h, store)?;
                    mark!(x ^ self.vals[i] as u16);
                }
                i += 1;
            }
        }
        let common = &self.common[self.dense_parity(n) as usize];
        let Some(w) = (0..row.len()).find(|&w| common[w] & !row[w] != 0) else {
            return Ok(None);
        };
        let c = w * 64 + (common[w] & !row[w]).trailing_zeros() as usize;
        if c > NEED_BITS_VALUES || c >= complete {
            return Ok(None);
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
        if probe {
            self.probe_need += bits.len();
            if j == BATCH - 1 {
                let need = self.probe_need / BATCH;
                self.probe_need = 0;
                self.smalls = if need >= rare::SMALLS_FROM_NEED {
                    rare::smalls_max()
                } else {
                    0
                };
            }
        }
        for ki in 0..self.split_ks.len() {
            if bits.is_empty() {
                break;
            }
            let k = self.split_ks[ki];
            let m = n - k as u64;
            let h = largest_smaller_part(m, self.unequal);
            let skip_from = BATCH.saturating_sub(k).max(1);
            if smalls_to > skip_from && smalls_to as u64 <= h {
                self.drain(m, 1, h.min(BATCH as u64), &mut bits, store)?;
                if !bits.is_empty() {
                    self.drain(m, smalls_to as u64, h, &mut bits, store)?;
                }
            } else {
                self.drain(m, 1, h, &mut bits, store)?;
            }
        }
        Ok(Some(bits.first().unwrap_or(c) as u16))
    }

    /// Marks seen, in `bits`, the values of the splits `(a, m - a)` for
    /// `lo <= a <= hi` (`2 * hi <= m`), in order, until none is needed: from
    /// memory while a < low and m - a lies in the window, then from chunks
    /// of both ends read from memory or the store.
    pub(super) fn drain<S: ValueStore>(
        &mut self,
        m: u64,
        mut lo: u64,
        hi: u64,
        bits: &mut NeedBits,
        store: &mut S,
    ) -> Result<(), StreamError<S::Error>> {
        if lo > hi || bits.is_empty() {
            return Ok(());
        }
        if m >= self.base {
            let mem_hi = hi.min(self.low as u64 - 1).min(m - self.base);
            if lo <= mem_hi {
                let mv = self.low + (m - self.base) as usize;
                u16::drain_need(&self.buf, mv, lo as usize, mem_hi as usize, bits);
                self.stats.deepest_split = self.stats.deepest_split.max(mem_hi);
                lo = mem_hi + 1;
            }
        }
        let mut trick = std::mem::take(&mut self.trick);
        // Chunks of 1,024 splits, doubling up to CHUNK: most confirmations
        // end within the first few.
        let mut size = 1024;
        let result = (|| {
            while lo <= hi && !bits.is_empty() {
                // trick[1..=c] = G(lo..lo + c), trick[c + 1..=2c] =
                // G(m - lo - c + 1..=m - lo): split i is (1 + i, 2c + 1 - 1 - i).
                let c = (hi - lo + 1).min(size as u64) as usize;
                size = (2 * size).min(CHUNK);
                trick.clear();
                trick.resize(2 * c + 2, 0);
                self.read_range(lo, &mut trick[1..=c], store)?;
                self.read_range(m - lo - c as u64 + 1, &mut trick[c + 1..=2 * c], store)?;
                u16::drain_need(&trick, 2 * c + 1, 1, c, bits);
                self.stats.deepest_split = self.stats.deepest_split.max(lo + c as u64 - 1);
                lo += c as u64;
            }
            Ok(())
        })();
        self.trick = trick;
        result
    }

    /// G(n) from every pair with a rare part and the confirmation, for a
    /// heap whose batch did not decide it.
    pub(super) fn value_from_scratch<S: ValueStore>(
        &mut self,
        n: u64,
        store: &mut S,
    ) -> Result<u16, StreamError<S::Error>> {
        // Every option is below a power of two above every value so far,
        // so the mex is at most it.
        let top = (self.max as usize + 1).next_power_of_two();
        let width = 2 * top;
        let mut row = vec![0u64; width / 64 + 1];
        let mut set = |v: u16| row[v as usize >> 6] |= 1 << (v & 63);
        if self.moves.allows_take_all(n) {
            set(0);
        }
        for t in 0..self.moves.take.len() {
            let (lo, hi) = self.moves.take[t];
            if lo >= n {
                break;
            }
            for k in lo.max(1)..=hi.min(n - 1) {
                set(self.get(n - k, store)?);
            }
        }
        for ki in 0..self.split_ks.len() {
            let k = self.split_ks[ki] as u64;
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let mut i = 0;
            while i < self.heaps.len() && u64::from(self.heaps[i]) < m {
                let h = u64::from(self.heaps[i]);
                if !(self.unequal && 2 * h == m) {
                    let x = self.get(m - h, store)?;
                    set(x ^ self.vals[i] as u16);
                }
                i += 1;
            }
        }
        let dense = self.dense_parity(n);
        let is_rare = |v: usize| ((v as u16 & self.mask).count_ones() % 2) == dense;
        let reached = |v: usize| row[v >> 6] >> (v & 63) & 1 == 1;
        let c = (0..=top)
            .find(|&v| !is_rare(v) && !reached(v))
            .unwrap_or(top);
        let need: Vec<usize> = (0..c).filter(|&v| is_rare(v) && !reached(v)).collect();
        if need.is_empty() {
            return self.fit(n, c);
        }
        if c <= NEED_BITS_VALUES {
            let mut bits = NeedBits::new(need.iter().copied());
            for ki in 0..self.split_ks.len() {
                let k = self.split_ks[ki] as u64;
                if n < k + 2 || bits.is_empty() {
                    continue;
                }
                let m = n - k;
                let h = largest_smaller_part(m, self.unequal);
                self.drain(m, 1, h, &mut bits, store)?;
            }
            return self.fit(n, bits.first().unwrap_or(c));
        }
        // Values needed past 512: every split, a chunk at a time.
        let mut needed = vec![false; c];
        let mut left = need.len();
        for &v in &need {
            needed[v] = true;
        }
        let mut a_part = vec![0u16; CHUNK];
        let mut b_part = vec![0u16; CHUNK];
        'ks: for ki in 0..self.split_ks.len() {
            let k = self.split_ks[ki] as u64;
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let h = largest_smaller_part(m, self.unequal);
            let mut a = 1u64;
            while a <= h {
                let len = (h - a + 1).min(CHUNK as u64) as usize;
                self.read_range(a, &mut a_part[..len], store)?;
                self.read_range(m - a - len as u64 + 1, &mut b_part[..len], store)?;
                for i in 0..len {
                    let v = (a_part[i] ^ b_part[len - 1 - i]) as usize;
                    if v < c && needed[v] {
                        needed[v] = false;
                        left -= 1;
                        if left == 0 {
                            break 'ks;
                        }
                    }
                }
                a += len as u64;
            }
        }
        let g = needed.iter().position(|&x| x).unwrap_or(c);
        self.fit(n, g)
    }

    /// `g` as a value of heap `n`, if it fits 16 bits.
    pub(super) fn fit<E>(&self, n: u64, g: usize) -> Result<u16, StreamError<E>> {
        u16::try_from(g).map_err(|_| {
            StreamError::Engine(Error::ValueOverflow {
                ruleset: self.name.clone(),
                heap: n,
            })
        })
    }
}
