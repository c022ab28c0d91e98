//! The values a [`Streamed`] run keeps and reads: the histogram, the
//! mask, the rare heaps, and reads from memory or from the store.

use super::*;

impl Streamed {
    /// Counts heap `x` (from 1 on) of value `v` in the histogram.
    pub(super) fn count(&mut self, x: u64, v: u16) {
        let side = ((x & 1 == 1) != self.t_odd) as usize;
        self.hist[side][v as usize] += 1;
        self.max = self.max.max(v);
    }

    /// Chooses the mask from the histogram ([`rare::choose_mask`]).
    pub(super) fn choose_mask(&mut self) {
        let value_size = (self.max as usize + 1).next_power_of_two().max(2);
        let size = if self.domain_allowed {
            2 * value_size
        } else {
            value_size
        };
        let mut w = vec![0i64; size];
        for v in 0..value_size.min(1 << 16) {
            if self.domain_allowed {
                w[v] = self.hist[0][v] as i64;
                w[v + value_size] = self.hist[1][v] as i64;
            } else {
                w[v] = (self.hist[0][v] + self.hist[1][v]) as i64;
            }
        }
        let (mask, domain) = rare::mask_from_histogram(w, value_size);
        self.mask = mask as u16;
        self.domain = domain;
    }

    /// The parity of the values that splits of heap `n` reach densely.
    pub(super) fn dense_parity(&self, n: u64) -> u32 {
        if self.domain {
            ((n & 1 == 1) != self.t_odd) as u32
        } else {
            0
        }
    }

    pub(super) fn is_rare(&self, n: u64, v: u16) -> bool {
        (v & self.mask).count_ones() % 2 == self.dense_parity(n)
    }

    pub(super) fn push_rare(&mut self, h: u64, v: u16) -> Result<(), Error> {
        let h = u32::try_from(h).map_err(|_| {
            Error::Unsupported(format!(
                "{}: heap {h} is rare, and rare heaps are kept below 2^32",
                self.name
            ))
        })?;
        self.heaps.push(h);
        self.vals.push(u32::from(v));
        Ok(())
    }

    /// Lists the rare heaps among `values` = G(from..).
    pub(super) fn collect_rare(&mut self, from: u64, values: &[u16]) -> Result<(), Error> {
        for (i, &v) in values.iter().enumerate() {
            let h = i as u64;
            if h >= from && self.is_rare(h, v) {
                self.push_rare(h, v)?;
            }
        }
        Ok(())
    }

    /// Lists the rare heaps again under a new mask: one pass over G(1..len).
    pub(super) fn rebuild_rare<S: ValueStore>(
        &mut self,
        store: &mut S,
    ) -> Result<(), StreamError<S::Error>> {
        self.heaps.clear();
        self.vals.clear();
        self.stats.mask_passes += 1;
        let mut chunk = std::mem::take(&mut self.chunk);
        chunk.resize(CHUNK, 0);
        let mut x = 0u64;
        let result = loop {
            if x >= self.len {
                break Ok(());
            }
            let c = (self.len - x).min(CHUNK as u64) as usize;
            if let Err(e) = self.read_range(x, &mut chunk[..c], store) {
                break Err(e);
            }
            let mut failed = None;
            for (i, &v) in chunk[..c].iter().enumerate() {
                let h = x + i as u64;
                if h > 0 && self.is_rare(h, v) {
                    if let Err(e) = self.push_rare(h, v) {
                        failed = Some(e);
                        break;
                    }
                }
            }
            if let Some(e) = failed {
                break Err(StreamError::Engine(e));
            }
            x += c as u64;
        };
        self.chunk = chunk;
        result
    }

    /// G(x), from memory or the store (x below the heap computed).
    #[inline]
    pub(super) fn get<S: ValueStore>(
        &mut self,
        x: u64,
        store: &mut S,
    ) -> Result<u16, StreamError<S::Error>> {
        if x >= self.base {
            Ok(self.buf[self.low + (x - self.base) as usize])
        } else if x < self.low as u64 {
            Ok(self.buf[x as usize])
        } else {
            let mut one = [0u16];
            store.read(x, &mut one).map_err(StreamError::Store)?;
            self.stats.store_values += 1;
            Ok(one[0])
        }
    }

    /// G(start..start + out.len()), from memory where it lies there, else
    /// from the store.
    pub(super) fn read_range<S: ValueStore>(
        &mut self,
        start: u64,
        out: &mut [u16],
        store: &mut S,
    ) -> Result<(), StreamError<S::Error>> {
        let mut x = start;
        let mut i = 0;
        while i < out.len() {
            let left = out.len() - i;
            if x >= self.base {
                let at = self.low + (x - self.base) as usize;
                out[i..].copy_from_slice(&self.buf[at..at + left]);
                return Ok(());
            }
            if x < self.low as u64 {
                let n = left.min(self.low - x as usize);
                out[i..i + n].copy_from_slice(&self.buf[x as usize..x as usize + n]);
                i += n;
                x += n as u64;
                continue;
            }
            let n = left.min((self.base - x) as usize);
            store
                .read(x, &mut out[i..i + n])
                .map_err(StreamError::Store)?;
            self.stats.store_values += n as u64;
            i += n;
            x += n as u64;
        }
        Ok(())
    }

    /// The common values below `width`, as bits, for both dense parities.
    pub(super) fn fit_common(&mut self, width: usize) {
        let key = (self.mask, self.domain, width);
        if self.common_for == key {
            return;
        }
        self.common_for = key;
        for (dense, bits) in self.common.iter_mut().enumerate() {
            bits.clear();
            bits.resize(width / 64, 0);
            for v in 0..width {
                let rare = ((v as u16 & self.mask).count_ones() % 2) == dense as u32;
                if !rare {
                    bits[v >> 6] |= 1 << (v & 63);
                }
            }
        }
    }
}
