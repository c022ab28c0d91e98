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

use super::marks::{FarPairs, NeedBits, Partial, BATCH, NEED_BITS_VALUES};
use super::rare::{self, Lanes};
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
    partial: Partial,
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
            partial: Partial::Below192,
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
}

mod batch;
mod definition;
mod table;
#[cfg(test)]
mod tests;

pub use definition::value_by_definition_from;
