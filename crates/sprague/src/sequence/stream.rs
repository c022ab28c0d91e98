//! Long nim-sequences in bounded memory: the rare-value method with the
//! table kept elsewhere (a file the caller owns), so that memory does not
//! grow with the heap (Grundy's game to 2^35 heaps: 32 GiB at a byte a
//! value on disk, under a GiB in memory).
//!
//! # What the rare-value method reads for heap n
//! For each split amount k (Grundy's game: k = 0, unequal parts), m = n - k:
//! - **Pairs with a rare part** `(h, m - h)`, h a rare heap: G(m - h), and
//!   the value of h from the list of rare heaps. While the rare heaps stay
//!   below a bound H (Grundy's game: the 1,287 rare heaps known are all
//!   small), these are the values of the H heaps below n.
//! - **Small parts** marked with them (`a < 1,024`) and the **take** moves
//!   (bounded removals): G(a) and G(m - a), G(n - t).
//! - **The confirmation** of the rare values below c (the least common value
//!   not reached): splits `(a, m - a)` in order of a until each value has
//!   been seen. Usually a few thousand splits: G(a) for small a and
//!   G(m - a) near n. Only a heap whose value is rare (a new rare heap) or
//!   one whose needed rare value first shows up late goes further; the
//!   worst case, a rare value, reads every split (the whole table, once).
//! - **Heaps "computed from scratch"** (their least common value not reached
//!   was not among the values marked in a batch, such as values from 256 on
//!   while far pairs are marked below 256 only): every pair with a rare
//!   part again, for that heap alone (G(m - h) for each rare h, as above),
//!   then the same confirmation. Nothing else: they read no more of the
//!   table than the batches do.
//! - **Choosing the mask** (at each doubling of the sequence) needs only the
//!   histogram of the values, kept as they are computed (by heap parity for
//!   the domain form); a new mask means a new list of rare heaps, one pass
//!   over the whole table.
//!
//! So [`Streamed`] keeps in memory the first `low` values (G(0..low)), a
//! window of the last `window` to `2 · window` values (G(base..n)), the
//! rare heaps with their values, and the histogram: 2·(low + 2·window)
//! bytes plus 8 bytes a rare heap and 1 MiB, whatever n. Every read goes to
//! memory when it lies there; otherwise (a rare heap farther back than the
//! window, a confirmation past `low`, the pass for a new mask) the values
//! are read from the caller's [`ValueStore`], a chunk at a time. Those reads
//! are counted ([`StreamStats`]) and are rare where the method pays: with
//! the defaults (2^27 and 2^27: 768 MiB), Grundy's game reads nothing from
//! the store but for new rare heaps. For a game whose rare heaps keep
//! coming (0.6) the pairs with far rare heaps are read from the store for
//! every batch: still correct, but slow; such games are better computed in
//! memory while the table fits.
//!
//! The values are those of [`NimSequence`](super::NimSequence), byte for
//! byte: the same method, the same kernels, only the reads go elsewhere
//! (tests compare both with windows of a few hundred values, so that every
//! path that reads the store is taken). One thread; values up to 65,535.

use std::fmt;

use super::rare::{self, FarPairs, Lanes, BATCH};
use super::simd::{NeedBits, NEED_VALUES};
use super::value::Value;
use crate::takebreak::{largest_smaller_part, MoveSet};
use crate::Error;

/// Where a [`Streamed`] run keeps the values it no longer holds: the
/// caller's file (the library does no I/O).
pub trait ValueStore {
    /// The caller's error (an I/O error, a damaged block).
    type Error;
    /// Fills `out` with G(`start`), G(`start` + 1), ...: values handed to
    /// [`append`](ValueStore::append) before (or given to
    /// [`Streamed::resume`]); never asked for others.
    ///
    /// # Errors
    /// The caller's, passed back as [`StreamError::Store`].
    fn read(&mut self, start: u64, out: &mut [u16]) -> Result<(), Self::Error>;
    /// Keeps the next values of the sequence, G(len), G(len + 1), ...,
    /// where len is the number of values the store holds.
    ///
    /// # Errors
    /// The caller's, passed back as [`StreamError::Store`].
    fn append(&mut self, values: &[u16]) -> Result<(), Self::Error>;
}

/// The values a [`Streamed`] run keeps in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamConfig {
    /// The first values kept, G(0..low): the smaller parts of the splits
    /// looked at by the confirmation. At least 64.
    pub low: usize,
    /// The last values kept: from `window` up to `2 · window` heaps below
    /// the one computed (the partners of rare heaps and of small parts).
    /// At least 64. Tests make both small so that the reads from the store
    /// are exercised.
    pub window: usize,
}

impl Default for StreamConfig {
    /// 2^27 and 2^27: 768 MiB of values at most.
    fn default() -> StreamConfig {
        StreamConfig {
            low: 1 << 27,
            window: 1 << 27,
        }
    }
}

impl StreamConfig {
    /// The most bytes the values kept in memory take: 2·(low + 2·window).
    pub fn memory_bytes(&self) -> u64 {
        2 * (self.low as u64 + 2 * self.window as u64)
    }
}

/// A failure of a [`Streamed`] run: the store's, or the engine's.
#[derive(Debug)]
pub enum StreamError<E> {
    /// [`ValueStore::read`] or [`ValueStore::append`] failed.
    Store(E),
    /// The engine refused: a game the method does not apply to
    /// ([`Error::Unsupported`]), a value above 65,535
    /// ([`Error::ValueOverflow`]), a rare heap at 2^32 or more.
    Engine(Error),
}

impl<E: fmt::Display> fmt::Display for StreamError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Store(e) => e.fmt(f),
            StreamError::Engine(e) => e.fmt(f),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for StreamError<E> {}

/// What a [`Streamed`] run did besides computing: reads from the store and
/// the heaps computed from scratch, since it was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamStats {
    /// Values read from the store while computing (not counting the reads
    /// of [`Streamed::resume`]).
    pub store_values: u64,
    /// Heaps whose least common value not reached was not marked in their
    /// batch, computed again from every pair with a rare part.
    pub scratch_heaps: u64,
    /// Passes over the whole table for a new mask.
    pub mask_passes: u64,
    /// The largest smaller part a confirmation looked at.
    pub deepest_split: u64,
}

/// Values read from the store at once.
const CHUNK: usize = 1 << 18;

/// Values handed to the store at once (at least).
const APPEND: u64 = 1 << 20;

/// Heaps below this are never computed here ([`Streamed::start`] needs them).
pub const MIN_START: u64 = 256;

/// The rare-value method over a table kept in a [`ValueStore`], in bounded
/// memory (see the module documentation). Made from values computed in
/// memory ([`Streamed::start`]) or from a store ([`Streamed::resume`]), and
/// extended with [`Streamed::extend`].
pub struct Streamed {
    name: String,
    moves: MoveSet,
    split_ks: Vec<usize>,
    kmax: u64,
    unequal: bool,
    domain_allowed: bool,
    t_odd: bool,
    mask: u16,
    domain: bool,
    chosen_at: u64,
    /// Rare heaps (from 1 on), increasing, and their values.
    heaps: Vec<u32>,
    vals: Vec<u32>,
    /// Heaps from 1 on by value: `hist[side][v]`, side = whether the heap's
    /// parity differs from the split amounts' (for the domain form).
    hist: [Vec<u64>; 2],
    max: u16,
    /// G(0..low) followed by G(base..len) (and a placeholder while a heap
    /// is computed).
    buf: Vec<u16>,
    low: usize,
    window: usize,
    base: u64,
    len: u64,
    /// Values handed to the store: G(0..appended).
    appended: u64,
    lanes: Lanes,
    /// The common values below a lane width, as bits, when the dense
    /// parity is 0 and 1; for the mask, form and width in `common_for`.
    common: [Vec<u64>; 2],
    common_for: (u16, bool, usize),
    smalls: usize,
    probe_need: usize,
    partial: bool,
    partial_misses: u64,
    partial_since: u64,
    trick: Vec<u16>,
    chunk: Vec<u16>,
    stats: StreamStats,
}

impl Streamed {
    /// Whether the run applies to a game with these moves: the rare-value
    /// method's own condition (splits into two heaps, none into three,
    /// removals bounded below 2^20).
    pub fn applies(moves: &MoveSet) -> bool {
        moves.max_removal().is_some_and(|t| t < 1 << 20)
            && moves.split3.is_empty()
            && !moves.split2.is_empty()
            && moves.named.is_none()
    }

    fn empty(name: &str, moves: MoveSet, config: StreamConfig) -> Result<Streamed, Error> {
        if !Streamed::applies(&moves) {
            return Err(Error::Unsupported(format!(
                "{name}: the values are kept in memory only where the rare-value method \
                 applies (splits into two heaps, none into three, bounded removals)"
            )));
        }
        if config.low < 64 || config.window < 64 {
            return Err(Error::Unsupported(format!(
                "{name}: at least 64 values are kept at each end (low {}, window {})",
                config.low, config.window
            )));
        }
        let split_ks: Vec<usize> = moves
            .split2
            .iter()
            .flat_map(|&(lo, hi)| lo as usize..=hi as usize)
            .collect();
        let domain_allowed = split_ks.windows(2).all(|w| (w[0] ^ w[1]) & 1 == 0);
        let t_odd = split_ks.first().is_some_and(|&k| k & 1 == 1);
        Ok(Streamed {
            name: name.to_string(),
            kmax: split_ks.iter().copied().max().unwrap_or(0) as u64,
            unequal: moves.unequal,
            moves,
            split_ks,
            domain_allowed,
            t_odd,
            mask: 0,
            domain: false,
            chosen_at: 0,
            heaps: Vec::new(),
            vals: Vec::new(),
            hist: [vec![0; 1 << 16], vec![0; 1 << 16]],
            max: 0,
            buf: Vec::new(),
            low: config.low,
            window: config.window,
            base: 0,
            len: 0,
            appended: 0,
            lanes: Lanes::default(),
            common: [Vec::new(), Vec::new()],
            common_for: (0, false, 0),
            smalls: 0,
            probe_need: 0,
            partial: true,
            partial_misses: 0,
            partial_since: 0,
            trick: Vec::new(),
            chunk: Vec::new(),
            stats: StreamStats::default(),
        })
    }

    /// A run that goes on after `prefix` = G(0..len), computed before (in
    /// memory, trusted) and already in the store. `len` must be at least
    /// [`MIN_START`] and `config.low`.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a game the method does not apply to
    /// ([`Streamed::applies`]), a prefix too short, a config below 64
    /// values or a rare heap at 2^32 or more.
    pub fn start(
        name: &str,
        moves: MoveSet,
        prefix: &[u16],
        config: StreamConfig,
    ) -> Result<Streamed, Error> {
        let mut s = Streamed::empty(name, moves, config)?;
        let len = prefix.len();
        if (len as u64) < MIN_START.max(config.low as u64) {
            return Err(Error::Unsupported(format!(
                "{name}: a run kept out of memory starts after {} values, not {len}",
                MIN_START.max(config.low as u64)
            )));
        }
        s.base = (len - len.min(config.window)) as u64;
        s.buf.extend_from_slice(&prefix[..config.low]);
        s.buf.extend_from_slice(&prefix[s.base as usize..]);
        s.len = len as u64;
        s.appended = len as u64;
        for (x, &v) in prefix.iter().enumerate().skip(1) {
            s.count(x as u64, v);
        }
        s.choose_mask();
        s.collect_rare(1, prefix)?;
        s.chosen_at = len as u64;
        Ok(s)
    }

    /// A run that goes on after the `len` values `store` holds (G(0..len),
    /// trusted). Reads G(0..low), the last `window` values, and every value
    /// once (the histogram and the rare heaps under `mask`, a hint of the
    /// mask the run used, as `(mask, domain)`, else one chosen from
    /// G(0..low); a second pass when the whole histogram chooses another).
    ///
    /// # Errors
    /// As [`Streamed::start`], and the store's.
    pub fn resume<S: ValueStore>(
        name: &str,
        moves: MoveSet,
        len: u64,
        config: StreamConfig,
        mask: Option<(u16, bool)>,
        store: &mut S,
    ) -> Result<Streamed, StreamError<S::Error>> {
        let mut s = Streamed::empty(name, moves, config).map_err(StreamError::Engine)?;
        if len < MIN_START.max(config.low as u64) {
            return Err(StreamError::Engine(Error::Unsupported(format!(
                "{name}: a run kept out of memory starts after {} values, not {len}",
                MIN_START.max(config.low as u64)
            ))));
        }
        s.buf = vec![0; config.low];
        store.read(0, &mut s.buf).map_err(StreamError::Store)?;
        s.base = len - len.min(config.window as u64);
        let w = (len - s.base) as usize;
        s.buf.resize(config.low + w, 0);
        store
            .read(s.base, &mut s.buf[config.low..])
            .map_err(StreamError::Store)?;
        s.len = len;
        s.appended = len;
        match mask {
            Some((m, d)) if !d || s.domain_allowed => (s.mask, s.domain) = (m, d),
            _ => {
                let low = s.buf[..config.low].to_vec();
                for (x, &v) in low.iter().enumerate().skip(1) {
                    s.count(x as u64, v);
                }
                s.choose_mask();
                s.hist = [vec![0; 1 << 16], vec![0; 1 << 16]];
                s.max = 0;
            }
        }
        // One pass: the histogram, the largest value, the rare heaps.
        let mut chunk = vec![0u16; CHUNK];
        let mut x = 0u64;
        while x < len {
            let c = (len - x).min(CHUNK as u64) as usize;
            store.read(x, &mut chunk[..c]).map_err(StreamError::Store)?;
            for (i, &v) in chunk[..c].iter().enumerate() {
                let h = x + i as u64;
                if h > 0 {
                    s.count(h, v);
                    if s.is_rare(h, v) {
                        s.push_rare(h, v).map_err(StreamError::Engine)?;
                    }
                }
            }
            x += c as u64;
        }
        let used = (s.mask, s.domain);
        s.choose_mask();
        if (s.mask, s.domain) != used {
            s.rebuild_rare(store)?;
        }
        s.chosen_at = len;
        s.stats = StreamStats::default();
        Ok(s)
    }

    /// The number of values known: G(0..len).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether no value is known (never: a run starts after [`MIN_START`]).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The largest value so far.
    pub fn max_value(&self) -> u64 {
        u64::from(self.max)
    }

    /// The mask of the rare values and whether it is of the domain form
    /// (see [`super::SparseSpace`]).
    pub fn mask(&self) -> (u16, bool) {
        (self.mask, self.domain)
    }

    /// The rare heaps from 1 on under the mask, increasing, with their
    /// values (heap 0 is always rare).
    pub fn rare_heaps(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.heaps
            .iter()
            .zip(&self.vals)
            .map(|(&h, &v)| (u64::from(h), u64::from(v)))
    }

    /// How many heaps from 1 on have each value (index: the value).
    pub fn histogram(&self) -> Vec<u64> {
        let top = self.max as usize + 1;
        (0..top)
            .map(|v| self.hist[0][v] + self.hist[1][v])
            .collect()
    }

    /// What the run read from the store, and the heaps it computed again.
    pub fn stats(&self) -> StreamStats {
        self.stats
    }

    /// Computes G(len..end), handing them to `store` in order (at least
    /// every 2^20 values, and all of them before returning). A run cut off
    /// anywhere can be resumed from what the store holds.
    ///
    /// Time: that of the rare-value method (see the module documentation
    /// of [`crate::sequence`]), one thread, plus the reads from the store.
    ///
    /// # Errors
    /// The store's ([`StreamError::Store`]); [`Error::ValueOverflow`] for a
    /// value above 65,535, [`Error::Unsupported`] for a rare heap at 2^32
    /// or more (the values before it are handed to the store first).
    pub fn extend<S: ValueStore>(
        &mut self,
        end: u64,
        store: &mut S,
    ) -> Result<(), StreamError<S::Error>> {
        let result = self.extend_inner(end, store);
        let flushed = self.flush(store);
        result.and(flushed)
    }

    fn extend_inner<S: ValueStore>(
        &mut self,
        end: u64,
        store: &mut S,
    ) -> Result<(), StreamError<S::Error>> {
        while self.len < end {
            if self.len >= 2 * self.chosen_at {
                let used = (self.mask, self.domain);
                self.choose_mask();
                if (self.mask, self.domain) != used {
                    self.rebuild_rare(store)?;
                }
                self.chosen_at = self.len;
            }
            if self.len - self.base >= 2 * self.window as u64 {
                self.flush(store)?;
                let drop = (self.len - self.base) as usize - self.window;
                self.buf.drain(self.low..self.low + drop);
                self.base += drop as u64;
            }
            let count = (end - self.len).min(BATCH as u64) as usize;
            self.batch(count, store)?;
            if self.len - self.appended >= APPEND {
                self.flush(store)?;
            }
        }
        Ok(())
    }

    /// Hands G(appended..len) to the store.
    fn flush<S: ValueStore>(&mut self, store: &mut S) -> Result<(), StreamError<S::Error>> {
        if self.appended < self.len {
            let from = self.low + (self.appended - self.base) as usize;
            let to = self.low + (self.len - self.base) as usize;
            store
                .append(&self.buf[from..to])
                .map_err(StreamError::Store)?;
            self.appended = self.len;
        }
        Ok(())
    }

    /// Counts heap `x` (from 1 on) of value `v` in the histogram.
    fn count(&mut self, x: u64, v: u16) {
        let side = ((x & 1 == 1) != self.t_odd) as usize;
        self.hist[side][v as usize] += 1;
        self.max = self.max.max(v);
    }

    /// Chooses the mask from the histogram ([`rare::choose_mask`]).
    fn choose_mask(&mut self) {
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
    fn dense_parity(&self, n: u64) -> u32 {
        if self.domain {
            ((n & 1 == 1) != self.t_odd) as u32
        } else {
            0
        }
    }

    fn is_rare(&self, n: u64, v: u16) -> bool {
        (v & self.mask).count_ones() % 2 == self.dense_parity(n)
    }

    fn push_rare(&mut self, h: u64, v: u16) -> Result<(), Error> {
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
    fn collect_rare(&mut self, from: u64, values: &[u16]) -> Result<(), Error> {
        for (i, &v) in values.iter().enumerate() {
            let h = i as u64;
            if h >= from && self.is_rare(h, v) {
                self.push_rare(h, v)?;
            }
        }
        Ok(())
    }

    /// Lists the rare heaps again under a new mask: one pass over G(1..len).
    fn rebuild_rare<S: ValueStore>(&mut self, store: &mut S) -> Result<(), StreamError<S::Error>> {
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
    fn get<S: ValueStore>(&mut self, x: u64, store: &mut S) -> Result<u16, StreamError<S::Error>> {
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
    fn read_range<S: ValueStore>(
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
    fn fit_common(&mut self, width: usize) {
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

    /// Computes G(len .. len + count), `count <= BATCH`, as
    /// [`Core::rare_batch`](super::Core) does: the far pairs of the batch
    /// at once, the rest heap by heap.
    fn batch<S: ValueStore>(
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
    fn batch_rest<S: ValueStore>(
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
    fn record(&mut self, n: u64, g: u16) -> Result<(), Error> {
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
    fn partial_missed(&mut self, n: u64) {
        if self.partial_misses == 0 {
            self.partial_since = n;
        }
        self.partial_misses += 1;
        if self.partial_misses >= 64 && self.partial_misses * 1024 > n - self.partial_since {
            self.partial = false;
        }
    }

    /// G(n) for heap n of a batch whose far pairs are marked in `row` (for
    /// the values below `complete`); `None` when the least common value not
    /// reached is not among the values marked (or past 512).
    #[allow(clippy::too_many_arguments)]
    fn batch_heap<S: ValueStore>(
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
        if c > NEED_VALUES || c >= complete {
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
    fn drain<S: ValueStore>(
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
    fn value_from_scratch<S: ValueStore>(
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
        if c <= NEED_VALUES {
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
    fn fit<E>(&self, n: u64, g: usize) -> Result<u16, StreamError<E>> {
        u16::try_from(g).map_err(|_| {
            StreamError::Engine(Error::ValueOverflow {
                ruleset: self.name.clone(),
                heap: n,
            })
        })
    }
}

/// G(`n`) by the definition, the mex over every option of heap `n`, with
/// G(0..n) read from `store` a chunk at a time (both ends of the splits at
/// once): for checking a long run's values at a few heaps without the
/// table in memory. For games the stream applies to ([`Streamed::applies`]).
///
/// Time O(n·k) reads for k split amounts (Grundy's game: n/2 splits, the
/// whole table read once); memory: two chunks of 2^18 values and 8 KiB.
///
/// # Errors
/// [`Error::Unsupported`] for another game; the store's errors.
pub fn value_by_definition_from<S: ValueStore>(
    moves: &MoveSet,
    n: u64,
    store: &mut S,
) -> Result<u64, StreamError<S::Error>> {
    if !Streamed::applies(moves) {
        return Err(StreamError::Engine(Error::Unsupported(
            "a value by the definition from a store needs a game the stream applies to".into(),
        )));
    }
    let mut reached = vec![0u64; (1 << 16) / 64 + 1];
    let mut reach = |v: u16| reached[v as usize >> 6] |= 1 << (v & 63);
    if moves.allows_take_all(n) {
        reach(0);
    }
    let mut one = [0u16];
    for &(lo, hi) in &moves.take {
        if lo >= n {
            break;
        }
        for k in lo.max(1)..=hi.min(n - 1) {
            store.read(n - k, &mut one).map_err(StreamError::Store)?;
            reach(one[0]);
        }
    }
    let mut left = vec![0u16; CHUNK];
    let mut right = vec![0u16; CHUNK];
    for &(lo, hi) in &moves.split2 {
        for k in lo..=hi {
            if n < k + 2 {
                break;
            }
            let m = n - k;
            let h = largest_smaller_part(m, moves.unequal);
            let mut a = 1u64;
            while a <= h {
                let c = (h - a + 1).min(CHUNK as u64) as usize;
                store.read(a, &mut left[..c]).map_err(StreamError::Store)?;
                store
                    .read(m - a - c as u64 + 1, &mut right[..c])
                    .map_err(StreamError::Store)?;
                for i in 0..c {
                    reach(left[i] ^ right[c - 1 - i]);
                }
                a += c as u64;
            }
        }
    }
    let (w, bits) = reached
        .iter()
        .enumerate()
        .find(|(_, &w)| w != u64::MAX)
        .map_or((reached.len(), 0), |(w, &b)| (w, b));
    Ok((w * 64 + bits.trailing_ones() as usize) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::{far, simd, Method, NimSequence};
    use crate::takebreak::TakeBreakCode;

    /// A store in memory that refuses reads of values it was not given.
    #[derive(Default)]
    struct VecStore {
        values: Vec<u16>,
        reads: u64,
    }

    impl ValueStore for VecStore {
        type Error = String;
        fn read(&mut self, start: u64, out: &mut [u16]) -> Result<(), String> {
            let start = start as usize;
            let v = self
                .values
                .get(start..start + out.len())
                .ok_or_else(|| format!("read past the values: {start}+{}", out.len()))?;
            out.copy_from_slice(v);
            self.reads += out.len() as u64;
            Ok(())
        }
        fn append(&mut self, values: &[u16]) -> Result<(), String> {
            self.values.extend_from_slice(values);
            Ok(())
        }
    }

    fn in_memory(name: &str, moves: &MoveSet, to: u64) -> Vec<u16> {
        let mut s = NimSequence::new(name, moves.clone());
        s.extend_to(to, Method::Fast).unwrap();
        s.values().iter().map(|v| v as u16).collect()
    }

    fn games() -> Vec<(&'static str, MoveSet)> {
        let octal = |c| TakeBreakCode::parse_octal(c).unwrap().move_set();
        vec![
            ("grundy", MoveSet::grundy()),
            ("0.6", octal("0.6")),
            ("0.354", octal("0.354")),
            ("4.07", octal("4.07")),
        ]
    }

    /// Streamed from a prefix, in steps, with windows small enough that
    /// far rare heaps, long confirmations and new masks read the store:
    /// the values of the in-memory engine.
    #[test]
    fn streamed_values_equal_the_in_memory_engine() {
        for (name, moves) in games() {
            let to = 12_000u64;
            let want = in_memory(name, &moves, to);
            for (low, window, start) in [(64, 64, 256), (300, 700, 1000), (2048, 4096, 4096)] {
                let config = StreamConfig { low, window };
                let mut store = VecStore {
                    values: want[..start].to_vec(),
                    reads: 0,
                };
                let mut s = Streamed::start(name, moves.clone(), &want[..start], config).unwrap();
                let mut end = start as u64;
                while end <= to {
                    end = (end + 1_777).min(to + 1);
                    s.extend(end, &mut store).unwrap();
                    assert_eq!(s.len(), end);
                    assert_eq!(store.values.len() as u64, end);
                    if end == to + 1 {
                        break;
                    }
                }
                assert!(
                    store.values == want,
                    "{name}, low {low}, window {window}: first difference at {:?}",
                    (0..want.len()).find(|&i| store.values[i] != want[i])
                );
                if low == 64 && (name == "grundy" || name == "0.6") {
                    // Rare heaps past the window, confirmations past low.
                    assert!(s.stats().store_values > 0, "{name}: the store was read");
                }
                assert_eq!(s.max_value(), u64::from(*want.iter().max().unwrap()));
            }
        }
    }

    /// Cut off anywhere (the store keeps a prefix), resumed, the run ends
    /// with the same values.
    #[test]
    fn a_resumed_run_gives_the_same_values() {
        for (name, moves) in games() {
            let to = 9_000u64;
            let want = in_memory(name, &moves, to);
            for (cut, hint) in [(300u64, false), (4_321, true), (8_999, false)] {
                let config = StreamConfig {
                    low: 128,
                    window: 256,
                };
                let mut store = VecStore {
                    values: want[..cut as usize].to_vec(),
                    reads: 0,
                };
                let mask = hint.then(|| {
                    let mut s = Streamed::start(name, moves.clone(), &want[..300], config).unwrap();
                    let mut scratch = VecStore {
                        values: want[..300].to_vec(),
                        reads: 0,
                    };
                    s.extend(cut, &mut scratch).unwrap();
                    s.mask()
                });
                let mut s =
                    Streamed::resume(name, moves.clone(), cut, config, mask, &mut store).unwrap();
                s.extend(to + 1, &mut store).unwrap();
                assert!(store.values == want, "{name} resumed at {cut}");
            }
        }
    }

    /// With far pairs marked below 64 only (as below 256 for values up to
    /// 511), heaps are computed from scratch, and the values stay.
    #[test]
    fn partial_marks_and_heaps_from_scratch_give_the_same_values() {
        let _level = simd::LEVEL_LOCK
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let moves = MoveSet::grundy();
        let want = in_memory("grundy", &moves, 20_000);
        for cap in [64, 128] {
            far::cap_partial(cap);
            let config = StreamConfig {
                low: 1024,
                window: 2048,
            };
            let mut store = VecStore {
                values: want[..2048].to_vec(),
                reads: 0,
            };
            let mut s = Streamed::start("grundy", moves.clone(), &want[..2048], config).unwrap();
            let got = s.extend(20_001, &mut store);
            far::cap_partial(far::FAR_REGS_VALUES);
            got.unwrap();
            assert!(store.values == want, "bound {cap}");
            if simd::level() >= simd::Level::Avx512 {
                assert!(s.stats().scratch_heaps > 0, "bound {cap}");
            }
        }
    }

    #[test]
    fn values_by_the_definition_from_a_store_equal_the_engine() {
        for (name, moves) in games() {
            let want = in_memory(name, &moves, 3_000);
            let mut store = VecStore {
                values: want.clone(),
                reads: 0,
            };
            for n in (0..3_000u64).step_by(97).chain([1, 2, 2_999]) {
                let got = value_by_definition_from(&moves, n, &mut store).unwrap();
                assert_eq!(got, u64::from(want[n as usize]), "{name} heap {n}");
            }
        }
    }

    #[test]
    fn games_without_the_method_and_short_prefixes_are_refused() {
        let kayles3 = TakeBreakCode::parse_hex("0.f").unwrap().move_set();
        assert!(!Streamed::applies(&kayles3));
        let e = Streamed::start("0.f", kayles3, &[0; 512], StreamConfig::default());
        assert!(matches!(e, Err(Error::Unsupported(_))));
        let g = in_memory("grundy", &MoveSet::grundy(), 300);
        let config = StreamConfig {
            low: 512,
            window: 64,
        };
        assert!(Streamed::start("grundy", MoveSet::grundy(), &g, config).is_err());
        let mut store = VecStore::default();
        let e = Streamed::resume("grundy", MoveSet::grundy(), 1000, config, None, &mut store);
        assert!(matches!(e, Err(StreamError::Store(_))));
    }
}
