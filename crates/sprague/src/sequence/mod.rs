//! Nim-sequences of heap games: the Grundy values G(0), G(1), ... of a
//! single heap, by the plain method or the rare-value ("sparse space")
//! method, and their periods with the proof of Guy and Smith.
//!
//! # Storage
//! Values are stored as `u16`, **2 bytes per value** (a table to heap
//! 2·10^7 takes 40 MB), while they fit. When a value would pass 65,535 the
//! values so far are copied to `u32` (4 bytes per value) and the
//! computation goes on in that width, transparently: the engine is generic
//! over the value width, so the common case keeps 2-byte tables and the
//! SIMD kernels, and only sequences with a larger value pay for the wide
//! one (scalar kernels; a stamp array that grows with the largest value,
//! 4 bytes × about twice the least power of two above it). A value above
//! `u32::MAX` ([`MAX_VALUE`]) stops the computation with
//! [`Error::ValueOverflow`]: G(n) is at most the number of options of heap
//! n, so such a value needs a heap with more than 4·10^9 options (each
//! looked at); it stays a clear error rather than a silent wrap. Heaps are
//! indexed by `u32` internally, so a table holds fewer than 2^31 values.
//! The rare-value method adds 8 bytes per rare heap and 32 rows of 2^⌈log2(max value + 1)⌉ × 2 bits (8 KB for
//! values below 1,024; 9 such tables with two threads); the plain method needs only the table and a 256 KB
//! stamp array (two with two threads). Read values with [`NimSequence::get`] or the
//! [`Values`] view of [`NimSequence::values`].
//!
//! # Methods
//! - [`Method::Plain`]: G(n) is the mex of the values of all options of
//!   heap n. The values are marked in a "stamp" array (for each value, the
//!   number of the last heap that reached it, so nothing is cleared between
//!   heaps). A code with two-heap splits costs O(n) per heap, O(N^2) in
//!   all; three-heap splits cost O(n^2) per heap.
//! - [`Method::Fast`]: the rare-value method (Winning Ways, ch. 4, "Sparse
//!   space spells speed"). A mask `m` splits values into *rare* ones (an
//!   even number of 1-bits in `v & m`, including 0) and *common* ones (odd).
//!   The nim-sum of two commons or two rares is rare, of a common and a
//!   rare is common. So the common values among the options of a split come
//!   only from pairs with a rare part: with R rare heaps that is O(R) work.
//!   G(n) is then the least common value `c` not reached, unless a rare
//!   value below `c` is not reached either. The rare values below `c` are
//!   confirmed by going through the splits in order of their smaller part
//!   until each has been seen (usually a few thousand splits); one never
//!   seen is missing, and G(n) is the least such. In the "domain" form of
//!   sparse space (all split amounts of one parity) the rare class of heap
//!   x also depends on the parity of x (Flammenkamp). The mask and form are
//!   chosen to make the rare heaps fewest, by one Walsh-Hadamard transform
//!   of the histogram of the values (with the heap parity as an extra bit),
//!   and chosen again each time the sequence doubles in length. Where the
//!   method does not pay (rare heaps more than an eighth of all, as in
//!   `0.007`; three-heap splits; unbounded removals; values of 2^20 or
//!   more, where choosing a mask costs too much) heaps are computed by
//!   the plain method, so both methods always give the same values.
//!
//! # Speed
//! - Heaps are computed in batches of 32: for a rare heap r, the partners
//!   of r in the 32 splits are 32 consecutive heaps, read with one
//!   contiguous load instead of 32 random reads (and prefetched a few rare
//!   heaps ahead). With AVX-512 the batch's 32 rows of marks stay in 16
//!   vector registers (32 values of 16 rows each), and each pair's 32
//!   values are marked by a compare and a masked OR per register, while
//!   values are below 256. Once a value reaches 256 (and until one reaches
//!   512), only the values below 256 are marked: a heap whose least
//!   common value not reached is not below 256 is computed from scratch,
//!   and that stops for good where such heaps pass one in 1,024. With AVX2 the 32 values are formed by
//!   two vector operations and marked by plain byte stores, gathered into
//!   bits after. Where many rare values are left to confirm (Officers,
//!   Grundy's game), the splits with a small part up to 512 (1,024 with
//!   AVX-512) are marked the same way for the whole batch, so the
//!   confirmation starts past them (chosen from a probe batch without
//!   them, one in 64).
//! - The confirmation tests 32 splits at a time (with AVX2: as bytes by
//!   byte shuffles when every value needed is below 255, else 16) against
//!   a 512-bit set of the values still needed; pairs with a rare part
//!   outside batches use AVX-512 or AVX2 gathers.
//! - The plain method, for games whose splits leave two heaps, stamps the
//!   first 8,192 splits of each heap and tests the others against a
//!   1,024-bit set of the values not reached yet, 32 at a time by byte
//!   shuffles (`plain.rs`).
//! - The instruction set is detected at run time; every SIMD kernel has a
//!   scalar version, the reference the tests compare it with. The kernels
//!   are for 2-byte values; 4-byte values use the scalar versions. Setting the
//!   environment variable `SPRAGUE_SIMD` to `scalar` or `avx2` caps the
//!   level (for benchmarks and checks).
//! - Two threads ([`NimSequence::set_threads`]): the work per heap depends
//!   on every earlier heap, but a batch's pairs with a rare part whose
//!   other part lies below the batch before it (about half the work) are
//!   marked by a second thread while the batch before is finished (a
//!   pipeline, `threads.rs`). The plain method's bit test splits each
//!   heap's splits in two halves, one a thread, and keeps the values
//!   neither half reaches (from heap 4,096 on, `plain.rs`). A heap's
//!   three-heap splits are shared between two threads (`triples.rs`). The
//!   values are the same with any number of threads.
//!
//! ```
//! use sprague::sequence::{Method, NimSequence};
//! use sprague::takebreak::TakeBreakCode;
//! let kayles = TakeBreakCode::parse_octal("0.77").unwrap().move_set();
//! let mut seq = NimSequence::new("kayles", kayles);
//! seq.extend_to(20, Method::Fast)?;
//! assert_eq!(seq.values().prefix(12).to_vec(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! assert_eq!(seq.get(11), Some(6));
//!
//! // Nim as an octal code: G(n) = n, past 65,535 too.
//! let nim = TakeBreakCode::parse_octal("0.3...").unwrap().move_set();
//! let mut seq = NimSequence::from_values("0.3...", nim, 0..65_530u64)?;
//! seq.extend_to(65_540, Method::Fast)?;
//! assert_eq!((seq.get(65_540), seq.bytes_per_value()), (Some(65_540), 4));
//! # Ok::<(), sprague::Error>(())
//! ```

pub mod apparent;
pub mod arith;
mod cost;
mod definition;
mod far;
mod marks;
pub mod period;
mod plain;
mod rare;
mod simd;
pub mod store;
pub mod stream;
pub(crate) mod table;
mod threads;
mod triples;
mod value;
mod width;
mod window;

use crate::takebreak::{largest_smaller_part, MoveSet};
use crate::Error;

pub use definition::value_by_definition;
pub use period::{Period, PeriodReport, Proof};
pub use store::{table_limit, ResumeError, Store};
use value::{mex, stamp_pair_range, Stamp, Value};
pub use value::{Table, Values};

/// Bytes used to store one Grundy value while every value fits 16 bits
/// (the common case); a sequence with a value above 65,535 stores 4
/// ([`NimSequence::bytes_per_value`]).
pub const BYTES_PER_VALUE: usize = std::mem::size_of::<u16>();

/// The most heaps a table can hold (heap indices are 31-bit internally).
pub const MAX_TABLE_LEN: u64 = 1 << 31;

/// The largest Grundy value a table stores (`u32::MAX`); a larger one is
/// [`Error::ValueOverflow`].
pub const MAX_VALUE: u64 = u32::MAX as u64;

/// The split of values into rare and common ones that the rare-value
/// method uses ([`NimSequence::sparse_space`]; Winning Ways, ch. 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SparseSpace {
    /// Value `v` is rare when `v & mask` has an even number of 1-bits (in
    /// the domain form, when that parity equals the parity of the heap
    /// less the split amount).
    pub mask: u64,
    /// Whether the rare class also depends on the heap's parity (the
    /// "domain" form, Flammenkamp's).
    pub domain: bool,
    /// How many heaps from 1 on have a rare value (heap 0 always has).
    pub rare_heaps: u64,
    /// Whether the rare-value method pays here, rare heaps being fewer than
    /// an eighth of all, and computes the next heaps; when not, the plain
    /// method does (as for 0.007, where about a fifth are rare).
    pub used: bool,
}

/// How to compute a nim-sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The rare-value method where it pays, the plain one elsewhere.
    #[default]
    Fast,
    /// The plain method: every option of every heap.
    Plain,
}

/// The nim-sequence of a heap game, computed so far: G(0), ..., G(len - 1).
///
/// Extending it is incremental: [`extend_to`](NimSequence::extend_to) goes
/// on from where the last call stopped, and a sequence can start from
/// values computed before ([`from_values`](NimSequence::from_values)), as
/// `sequence --resume` does. Values are stored in 2 bytes while they fit
/// and in 4 from the first one above 65,535 on (see the module
/// documentation); read them with [`get`](NimSequence::get) or
/// [`values`](NimSequence::values).
pub struct NimSequence {
    name: String,
    engine: Engine,
}

/// The engine in the width the values need.
enum Engine {
    Narrow(Core<u16>),
    Wide(Core<u32>),
}

/// The engine for one value width: the values and the scratch of both
/// methods.
struct Core<V: Value> {
    moves: MoveSet,
    values: Vec<V>,
    stamp: Box<V::Stamp>,
    token: u32,
    rare: rare::RareState<V>,
    /// Scratch list of the rare values still to be confirmed.
    need: Vec<V>,
    /// Two-heap value sets for three-heap splits (fast method).
    triples: triples::PairSets<V>,
    /// The amounts of an infinite subtraction set ([`MoveSet::named`])
    /// below `amounts_end`, increasing; empty for other games.
    amounts: Vec<u32>,
    amounts_end: usize,
    /// Counted windows of a subtraction game with wide ranges (fast
    /// method), `None` for other games.
    windows: Option<window::Windows>,
    /// Threads the rare-value method and the plain one may use (1: this
    /// one only).
    threads: usize,
    /// At least every value of the table (the largest when it was read or
    /// computed here; a truncated table keeps it).
    max: V,
    /// Whether two threads pay, as learnt so far (see [`threads::Watch`]).
    watch: threads::Watch,
}

impl NimSequence {
    /// An empty sequence for the game with these moves; `name` (the ruleset
    /// word) is used in error messages.
    pub fn new(name: &str, moves: MoveSet) -> NimSequence {
        NimSequence {
            name: name.to_string(),
            engine: Engine::Narrow(Core::new(moves, Vec::new())),
        }
    }

    /// A sequence that starts from `values` = G(0), G(1), ... computed
    /// before (trusted, not checked), of any unsigned type (`u16`, `u32`,
    /// `u64`). They are stored in 2 bytes each when all fit, else in 4.
    ///
    /// # Errors
    /// [`Error::ValueOverflow`] (naming the first such heap) when a value
    /// is above [`MAX_VALUE`].
    pub fn from_values<I>(name: &str, moves: MoveSet, values: I) -> Result<NimSequence, Error>
    where
        I: IntoIterator,
        I::Item: Into<u64>,
    {
        let overflow = |heap: usize| Error::ValueOverflow {
            ruleset: name.to_string(),
            heap: heap as u64,
        };
        let mut narrow: Vec<u16> = Vec::new();
        let mut wide: Option<Vec<u32>> = None;
        for (heap, v) in values.into_iter().enumerate() {
            let v: u64 = v.into();
            match &mut wide {
                None => match u16::try_from(v) {
                    Ok(x) => narrow.push(x),
                    Err(_) => {
                        let mut w: Vec<u32> = narrow.iter().map(|&x| u32::from(x)).collect();
                        w.push(u32::try_from(v).map_err(|_| overflow(heap))?);
                        narrow = Vec::new();
                        wide = Some(w);
                    }
                },
                Some(w) => w.push(u32::try_from(v).map_err(|_| overflow(heap))?),
            }
        }
        let engine = match wide {
            None => Engine::Narrow(Core::new(moves, narrow)),
            Some(w) => Engine::Wide(Core::new(moves, w)),
        };
        Ok(NimSequence {
            name: name.to_string(),
            engine,
        })
    }

    /// A sequence that starts from a table of values computed before
    /// (trusted, not checked), taken as it is: no copy, so a caller that
    /// reads a saved table of 2^30 values needs its 2 GiB once. A `u32`
    /// table whose values all fit 16 bits is kept at 4 bytes a value.
    pub fn from_table(name: &str, moves: MoveSet, table: Table) -> NimSequence {
        let engine = match table {
            Table::Narrow(v) => Engine::Narrow(Core::new(moves, v)),
            Table::Wide(v) => Engine::Wide(Core::new(moves, v)),
        };
        NimSequence {
            name: name.to_string(),
            engine,
        }
    }

    /// Keeps only G(0..len) (nothing when `len` is not below the length).
    /// The room is kept, so the sequence can be extended again in place.
    pub fn truncate(&mut self, len: u64) {
        let len = usize::try_from(len).unwrap_or(usize::MAX);
        match &mut self.engine {
            Engine::Narrow(c) => c.values.truncate(len),
            Engine::Wide(c) => c.values.truncate(len),
        }
    }

    /// An empty sequence that stores 4 bytes per value from the start (to
    /// test the wide engine against the narrow one on small values).
    #[cfg(test)]
    fn new_wide(name: &str, moves: MoveSet) -> NimSequence {
        NimSequence {
            name: name.to_string(),
            engine: Engine::Wide(Core::new(moves, Vec::new())),
        }
    }

    /// The values computed so far, G(0) first, in the width they are
    /// stored in.
    pub fn values(&self) -> Values<'_> {
        match &self.engine {
            Engine::Narrow(c) => Values::Narrow(&c.values),
            Engine::Wide(c) => Values::Wide(&c.values),
        }
    }

    /// G(`heap`), or `None` when it has not been computed.
    pub fn get(&self, heap: u64) -> Option<u64> {
        self.values().get(usize::try_from(heap).ok()?)
    }

    /// The number of values computed so far.
    pub fn len(&self) -> u64 {
        self.values().len() as u64
    }

    /// The work of computing G(first..=last) by the method the engine uses
    /// now, counted as the options the method examines (the unit of
    /// [`Limits::max_table_work`](crate::Limits); see the `cost` module;
    /// while the rare-value method may still pay, as if it did); 0 when
    /// `last < first`. An estimate, whatever part of the range is
    /// computed already. O(the move set's ranges) time.
    pub fn projected_work(&self, first: u64, last: u64) -> f64 {
        match &self.engine {
            Engine::Narrow(c) => c.projected_work(first, last),
            Engine::Wide(c) => c.projected_work(first, last),
        }
    }

    /// Whether no value has been computed yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves of the game.
    pub fn moves(&self) -> &MoveSet {
        match &self.engine {
            Engine::Narrow(c) => &c.moves,
            Engine::Wide(c) => &c.moves,
        }
    }

    /// Lets the rare-value method, the plain one and three-heap splits use
    /// up to `threads` threads (at least 1; 1 is the default). The values
    /// are the same, byte for byte, with any number; two threads make long
    /// sequences of octal games with two-heap splits (0.6, 0.354, Grundy's
    /// game by the rare-value method, 0.007 by the plain one) and of games
    /// that split a heap into three (hex codes with a digit of 8 or more)
    /// up to about twice as fast. More than two are not used.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.max(1);
        match &mut self.engine {
            Engine::Narrow(c) => c.threads = threads,
            Engine::Wide(c) => c.threads = threads,
        }
    }

    /// What the rare-value method ([`Method::Fast`]) found in the values
    /// computed so far: its mask, its form and how many heaps are rare
    /// (Winning Ways, ch. 4, "Sparse space spells speed"). `None` when the
    /// method has not been used (the plain method, a game it does not
    /// apply to, fewer than 64 heaps, or values that grew past its
    /// range), and for values taken over without computing any.
    ///
    /// ```
    /// use sprague::sequence::{Method, NimSequence};
    /// use sprague::takebreak::MoveSet;
    /// let mut seq = NimSequence::new("grundy", MoveSet::grundy());
    /// seq.extend_to(10_000, Method::Fast)?;
    /// let sparse = seq.sparse_space().unwrap();
    /// // Grundy's game to 10,000: values v with an even number of 1-bits
    /// // in v & 126 (0b111_1110) are rare, and only a few heaps have them.
    /// assert_eq!((sparse.mask, sparse.domain, sparse.used), (126, false, true));
    /// assert!(sparse.rare_heaps < 1_300);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn sparse_space(&self) -> Option<SparseSpace> {
        let len = self.len() as usize;
        let summary = match &self.engine {
            Engine::Narrow(c) => c.rare.summary(len),
            Engine::Wide(c) => c.rare.summary(len),
        };
        summary.map(|(mask, domain, rare_heaps, used)| SparseSpace {
            mask,
            domain,
            rare_heaps,
            used,
        })
    }

    /// The ruleset word given at construction.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The bytes each value takes: 2 while every value is at most 65,535,
    /// 4 once one is larger.
    pub fn bytes_per_value(&self) -> usize {
        self.values().bytes_per_value()
    }

    /// Takes the values out as `u64` (8 bytes each), G(0) first.
    pub fn into_values(self) -> Vec<u64> {
        self.values().to_vec()
    }

    /// Reserves memory for the values up to and including G(`last`) at
    /// their present width, exactly (no doubling as the table grows, so no
    /// second table while the first is copied): for a caller that knows how
    /// far it will compute. `last` is capped at [`MAX_TABLE_LEN`].
    pub fn reserve(&mut self, last: u64) {
        // Memory that cannot be had now is asked for as the table grows
        // (where running out is the usual failure to allocate).
        let end = last.min(MAX_TABLE_LEN - 1) as usize + 1;
        let _ = match &mut self.engine {
            Engine::Narrow(c) => c
                .values
                .try_reserve_exact(end.saturating_sub(c.values.len())),
            Engine::Wide(c) => c
                .values
                .try_reserve_exact(end.saturating_sub(c.values.len())),
        };
    }

    /// Computes the values up to and including G(`last`) (nothing when they
    /// are known already). When a value passes 65,535, the values so far
    /// are copied to 4 bytes each and the computation goes on.
    ///
    /// Time: see the module documentation; memory: 2 bytes per value (4
    /// once a value passes 65,535).
    ///
    /// # Errors
    /// [`Error::ValueOverflow`] when a value exceeds [`MAX_VALUE`] (the
    /// values before it are kept); [`Error::TableLimit`] when `last` is
    /// [`MAX_TABLE_LEN`] or more.
    pub fn extend_to(&mut self, last: u64, method: Method) -> Result<(), Error> {
        if last >= MAX_TABLE_LEN {
            return Err(Error::TableLimit {
                ruleset: self.name.clone(),
                heap: last,
                limit: MAX_TABLE_LEN,
                divisor: 1,
            });
        }
        let end = last as usize + 1;
        loop {
            let heap = match &mut self.engine {
                Engine::Narrow(c) => match c.extend_to(end, method) {
                    Ok(()) => return Ok(()),
                    Err(heap) => heap,
                },
                Engine::Wide(c) => match c.extend_to(end, method) {
                    Ok(()) => return Ok(()),
                    Err(heap) => {
                        return Err(Error::ValueOverflow {
                            ruleset: self.name.clone(),
                            heap: heap as u64,
                        })
                    }
                },
            };
            // G(heap) does not fit 16 bits: continue 4 bytes wide.
            debug_assert_eq!(heap as u64, self.len());
            if let Engine::Narrow(c) = &mut self.engine {
                let values = std::mem::take(&mut c.values);
                let wide = values.iter().map(|&v| u32::from(v)).collect();
                drop(values);
                let threads = c.threads;
                let mut core = Core::new(c.moves.clone(), wide);
                core.threads = threads;
                self.engine = Engine::Wide(core);
            }
        }
    }
}

impl<V: Value> Core<V> {
    fn new(moves: MoveSet, values: Vec<V>) -> Core<V> {
        let max = values.iter().copied().max().unwrap_or_default();
        Core {
            rare: rare::RareState::new(&moves),
            windows: window::Windows::new(&moves),
            moves,
            values,
            stamp: V::new_stamp(max),
            max,
            token: 0,
            need: Vec::new(),
            triples: triples::PairSets::default(),
            amounts: Vec::new(),
            amounts_end: 0,
            threads: 1,
            watch: threads::Watch::default(),
        }
    }

    /// Lists the amounts of an infinite subtraction set below `end` (at
    /// least), doubling the range each time it grows so that listing costs
    /// O(N) in all for a table to N (N log log N for the primes' sieve).
    fn cover_amounts(&mut self, end: usize) {
        let Some(set) = self.moves.named else { return };
        if end <= self.amounts_end {
            return;
        }
        let end = end.max(2 * self.amounts_end).max(1024);
        // Heaps are below MAX_TABLE_LEN = 2^31, so the amounts fit u32.
        let last = (end - 1).min(MAX_TABLE_LEN as usize) as u64;
        self.amounts.clear();
        let amounts = &mut self.amounts;
        let _ = set.for_each_up_to(last, &mut |k| {
            amounts.push(k as u32);
            std::ops::ControlFlow::Continue(())
        });
        self.amounts_end = last as usize + 1;
    }

    /// Computes the values up to G(end - 1); `Err(heap)` when G(heap) does
    /// not fit `V` (the values before it are kept).
    fn extend_to(&mut self, end: usize, method: Method) -> Result<(), usize> {
        if end <= self.values.len() {
            return Ok(());
        }
        // The table is lent to the loop, so that the methods below borrow
        // it apart from their scratch (and the threads of
        // [`threads::rare_batches`] share it).
        let mut values = std::mem::take(&mut self.values);
        values.reserve(end - values.len());
        // Three-heap splits share a heap's work between two threads by
        // work-stealing (see `triples.rs`): the loop runs on a pool's thread.
        let pool = (self.threads > 1 && method == Method::Fast && !self.moves.split3.is_empty())
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(2)
                    .thread_name(|i| format!("sprague-sequence-{i}"))
                    .build()
                    .ok()
            })
            .flatten();
        let result = match pool {
            Some(pool) => pool.install(|| self.extend_values(&mut values, end, method)),
            None => self.extend_values(&mut values, end, method),
        };
        self.values = values;
        result
    }

    fn extend_values(
        &mut self,
        values: &mut Vec<V>,
        end: usize,
        method: Method,
    ) -> Result<(), usize> {
        self.cover_amounts(end);
        if method == Method::Fast && self.windows.is_some() {
            return self.extend_by_windows(values, end);
        }
        while values.len() < end {
            let n = values.len();
            // With two threads, whether the second pays (see `Watch`): when
            // it does not, this thread goes on alone (and no thread is
            // started), still timing its stretches.
            let two = self.threads > 1 && !self.watch.solo(n);
            let batch =
                method == Method::Fast && n + rare::BATCH <= end && self.rare.batchable(n, values);
            if self.threads > 1 && !two {
                self.watch.tick(n, !batch);
            }
            if batch {
                if two {
                    threads::rare_batches(self, values, end)?;
                } else {
                    self.rare_batch(values, n)?;
                }
                continue;
            }
            if two
                && n >= plain::THREADS_FROM
                && self.plain_by_need(n)
                && (method == Method::Plain || !self.rare.usable(n, &values[..n]))
            {
                plain::plain_heaps(self, values, end, method)?;
                continue;
            }
            // A placeholder for G(n): SIMD gathers read 4 bytes at index n - 1.
            values.push(V::default());
            let g = match method {
                Method::Fast if self.rare.usable(n, &values[..n]) => {
                    self.rare_value(&values[..=n], n)
                }
                _ => self.plain_value(&values[..=n], n, method),
            };
            match g {
                Some(g) => self.record(values, n, g),
                None => {
                    values.pop();
                    return Err(n);
                }
            }
        }
        Ok(())
    }

    /// [`Core::extend_to`] for a subtraction game with wide ranges: each
    /// value from the counted windows ([`window::Windows`]).
    fn extend_by_windows(&mut self, values: &mut Vec<V>, end: usize) -> Result<(), usize> {
        let Some(windows) = self.windows.as_mut() else {
            return Ok(());
        };
        while values.len() < end {
            let n = values.len();
            let take_all = self.moves.allows_take_all(n as u64);
            let g = windows.value(n, values, take_all);
            if g > V::MAX_INDEX {
                return Err(n);
            }
            values.push(V::from_index(g));
            self.rare.push(n, V::from_index(g));
            self.max = self.max.max(V::from_index(g));
        }
        let max = self.rare.max_value();
        V::fit_stamp(&mut self.stamp, max);
        Ok(())
    }

    /// Stores G(n) = g in the placeholder at `n`, the last entry. (By
    /// `pop` and `push`: while [`threads::rare_batches`] runs, the table
    /// below `n` is being read by another thread, so no `&mut` to the
    /// whole table may be made.)
    #[inline]
    fn record(&mut self, values: &mut Vec<V>, n: usize, g: V) {
        debug_assert_eq!(values.len(), n + 1);
        values.pop();
        values.push(g);
        self.note(n, g);
    }

    /// Notes G(n) = g in the scratch (the rare heaps, the stamp's size).
    #[inline]
    fn note(&mut self, n: usize, g: V) {
        self.rare.push(n, g);
        self.max = self.max.max(g);
        V::fit_stamp(&mut self.stamp, self.rare.max_value());
    }

    fn next_token(&mut self) -> u32 {
        if self.token == u32::MAX {
            self.stamp.clear();
            self.token = 0;
        }
        self.token += 1;
        self.token
    }

    /// Stamps the values of the options that leave nothing or one heap;
    /// `g` holds G(0..n) (and maybe more).
    fn stamp_small_options(&mut self, g: &[V], n: usize, s: u32) {
        let g = &g[..n];
        let stamp = &mut *self.stamp;
        let n64 = n as u64;
        if self.moves.named.is_some() {
            // An infinite subtraction set, and no other moves: each amount
            // k <= n from the list (k = n empties the heap).
            for &k in &self.amounts {
                let k = k as usize;
                if k > n {
                    break;
                }
                stamp.set(if k == n { V::default() } else { g[n - k] }, s);
            }
            return;
        }
        if self.moves.allows_take_all(n64) {
            stamp.set(V::default(), s);
        }
        for &(lo, hi) in &self.moves.take {
            if lo >= n64 {
                break;
            }
            for k in lo.max(1)..=hi.min(n64 - 1) {
                stamp.set(g[n - k as usize], s);
            }
        }
    }

    /// A power of two above every value of the table.
    fn bound(&self) -> usize {
        (self.max.index() + 1).next_power_of_two()
    }

    /// Whether the plain method finds G(n) by the bit test of
    /// [`plain::drain`] (two-heap splits only; it pays only where there are
    /// splits to test, and only as SIMD).
    fn plain_by_need(&self, n: usize) -> bool {
        self.moves.split3.is_empty()
            && !self.moves.split2.is_empty()
            && n >= 64
            && V::need_test_pays()
    }

    /// G(n) by the plain method; `None` when it does not fit `V`.
    /// `g` holds G(0..n) and a placeholder at n.
    fn plain_value(&mut self, g: &[V], n: usize, method: Method) -> Option<V> {
        let s = self.next_token();
        self.stamp_small_options(g, n, s);
        if self.plain_by_need(n) {
            let splits = plain::Splits {
                split2: &self.moves.split2,
                unequal: self.moves.unequal,
            };
            let bound = self.bound();
            let need = splits.need(g, n, plain::Piece::All, &mut self.stamp, s, bound);
            if let Some(v) = need.first() {
                return Some(V::from_index(v));
            }
        }
        self.plain_value_full(g, n, s, method)
    }

    /// G(n) by the plain method from every option, after the options that
    /// leave at most one heap are marked with `s` (and maybe some splits):
    /// `None` when it does not fit `V`. `g` holds G(0..n) and a placeholder
    /// at n.
    fn plain_value_full(&mut self, g: &[V], n: usize, s: u32, method: Method) -> Option<V> {
        let g = &g[..=n];
        let stamp = &mut *self.stamp;
        let n64 = n as u64;
        let unequal = self.moves.unequal;
        for &(lo, hi) in &self.moves.split2 {
            if lo + 2 > n64 {
                break;
            }
            for k in lo..=hi.min(n64 - 2) {
                stamp_pairs(g, n - k as usize, unequal, stamp, s);
            }
        }
        if method == Method::Fast
            && !self.moves.split3.is_empty()
            && self
                .triples
                .mark_three_heap_values(&self.moves, &g[..n], n, self.threads, |v| {
                    stamp.set(v, s);
                })
        {
            return mex(stamp, s);
        }
        for &(lo, hi) in &self.moves.split3 {
            if lo + 3 > n64 {
                break;
            }
            for k in lo..=hi.min(n64 - 3) {
                let m = n - k as usize;
                for a in 1..=m / 3 {
                    let ga = g[a];
                    for b in a..=(m - a) / 2 {
                        stamp.set(ga ^ g[b] ^ g[m - a - b], s);
                    }
                }
            }
        }
        mex(stamp, s)
    }
}

/// Stamps the values of all splits of a heap of `m` into two non-empty
/// heaps `a <= m - a` (`a < m - a` when `unequal`).
#[inline]
fn stamp_pairs<V: Value>(g: &[V], m: usize, unequal: bool, stamp: &mut V::Stamp, s: u32) {
    let h = largest_smaller_part(m as u64, unequal) as usize;
    if h > 0 {
        stamp_pair_range(g, m, 1, h, stamp, s);
    }
}

#[cfg(test)]
mod tests;
