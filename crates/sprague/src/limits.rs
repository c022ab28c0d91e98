//! Limits: how much work, memory and table an analysis may spend, shared
//! by every engine ([`Limits`] and its defaults). A vocabulary module: it
//! names no ruleset and no engine.

/// The default number of positions a [`Solver`](crate::Solver) may store:
/// two million.
pub const DEFAULT_MAX_STATES: usize = 2_000_000;

/// How many options one search may examine by default, per position it
/// may store.
pub const DEFAULT_WORK_PER_STATE: u64 = 8;

/// Resource limits for analysis. A computation that would pass a limit stops
/// with an error naming it ([`Error::StateLimit`](crate::Error::StateLimit), [`Error::TableLimit`](crate::Error::TableLimit),
/// [`Error::PeriodSearchLimit`](crate::Error::PeriodSearchLimit)).
///
/// ```
/// let limits = sprague::Limits { max_states: 1_000, ..Default::default() };
/// assert_eq!(limits.max_table, sprague::Limits::default().max_table);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions a search may store (transposition table plus
    /// stack). Default: [`DEFAULT_MAX_STATES`] (2,000,000).
    pub max_states: usize,
    /// The longest table of nim-values (heap sizes `0..max_table`) computed
    /// for a heap game; for a game that splits a heap into three (whose
    /// cost grows about as the cube of the heap), `max_table /`
    /// [`THREE_HEAP_TABLE_DIVISOR`]. Default: 10,000,000 (20,000 for
    /// three-heap games).
    pub max_table: u64,
    /// The most work a search for a period may do to answer a heap past
    /// the table limit, where only a proven period can give its value (the
    /// search is speculative: no period may be in reach, as for Officers,
    /// `octal:0.6`). Work is counted as heaps computed × (largest Grundy
    /// value in the table + 1), the breadth of the mex over them, a count
    /// that does not depend on the machine; for a game that splits a heap
    /// into three, the limit is divided by
    /// [`THREE_HEAP_PERIOD_SEARCH_DIVISOR`]. Default:
    /// [`DEFAULT_MAX_PERIOD_SEARCH`] = 2^24 = 16,777,216, which proves the
    /// period 149,459 of `octal:0.16` (524,289 values below 24: 12.6 M) and
    /// stops Officers near heap 57,000 (values below 292), about 0.2 s in a
    /// release build. Commands whose job is the nim-sequence (`sequence`,
    /// `period`) look further by default: [`TABLE_MAX_PERIOD_SEARCH`].
    pub max_period_search: u64,
    /// The most work a table of nim-values below the table limit may take
    /// to answer a heap, counted as the options the engine's method
    /// examines ([`NimSequence::projected_work`](crate::sequence::NimSequence::projected_work):
    /// a subtraction game of wide ranges a few steps a heap, the plain
    /// method every option, the rare-value method its rare heaps), a 4th
    /// of it for games that split a heap into three; a rule given by its
    /// options counts them too. The table stops with
    /// [`Error::TableWorkLimit`](crate::Error) as soon as the projected
    /// work of the method in use to the heap passes the limit (where a
    /// proven period may answer first: the work of the table to the next
    /// look for one): `octal:0.007 9999999` (hours) is refused in about
    /// 0.5 s, while `octal:0.3... 9999999` (Nim, 0.5 s) and `sub:primes
    /// 100000` (0.7 s) are answered. Default: [`DEFAULT_MAX_TABLE_WORK`] =
    /// 2^32, about 3 s of a release build; the `sequence` and `period`
    /// commands, whose job is the table, set none.
    pub max_table_work: u64,
    /// The most tuples one proof check of a misère quotient may explore
    /// when [`Analyzer::analyze`](crate::Analyzer::analyze) builds one for a misère sum before it
    /// searches (all its steps together may do twenty times as much work,
    /// and the game's options kept count two a tuple; see
    /// [`ANALYZE_QUOTIENT_STATES`]). Separate from `max_states`, which
    /// bounds the search: raising one leaves the other's time alone.
    /// Default: [`ANALYZE_QUOTIENT_STATES`] (600,000).
    pub max_quotient_states: usize,
    /// The most bytes an analysis by [`Analyzer`](crate::Analyzer) may hold, counted by
    /// [`budget::CountingAllocator`](crate::budget::CountingAllocator)
    /// (transposition tables with their positions, genus tables, quotient
    /// structures, nim-sequence tables); past it the analysis stops with
    /// [`Error::MemoryLimit`](crate::Error::MemoryLimit). `None` (the default) sets no budget of its
    /// own: one set by the front end
    /// ([`budget::with_memory_limit`](crate::budget::with_memory_limit),
    /// [`budget::set_process_memory_limit`](crate::budget::set_process_memory_limit))
    /// still holds. The command line and the server set
    /// [`budget::DEFAULT_MAX_MEMORY`](crate::budget::DEFAULT_MAX_MEMORY)
    /// (4 GiB) or half the machine's memory, the less.
    pub max_memory: Option<u64>,
}

impl Limits {
    /// The same limits with a memory budget of `bytes`
    /// ([`Limits::max_memory`]).
    ///
    /// ```
    /// let limits = sprague::Limits::default().with_max_memory(512 << 20);
    /// assert_eq!(limits.max_memory, Some(512 << 20));
    /// ```
    pub fn with_max_memory(mut self, bytes: u64) -> Limits {
        self.max_memory = Some(bytes);
        self
    }
}

/// The default of [`Limits::max_quotient_states`]: the most tuples one
/// proof check of a misère quotient may explore when `analyze` builds a
/// quotient; all its steps together may do twenty times as much work (past
/// either, the sum is searched instead): a few seconds at the most. The options of every heap
/// up to the largest count against it too, two a tuple (Kayles to about
/// heap 1,500, `octal:0.75` to about 1,000), counted before anything is
/// kept, so a sum with a larger heap is searched at once. Enough for Dawson's Kayles
/// to heap 29 (3 s) and Kayles to heap 1,500 (2 s); where the
/// quotient cannot be had, the attempt costs up to about 4 s before the
/// search (Dawson's Kayles to heap 40).
pub const ANALYZE_QUOTIENT_STATES: usize = 600_000;

/// The default of [`Limits::max_table_work`]: 2^32 = 4,294,967,296
/// options, about 2 to 4 s of a release build (measured 2026-12-06:
/// `octal:0.007 100000`, 2.5·10^9 options, 1.5 s).
pub const DEFAULT_MAX_TABLE_WORK: u64 = 1 << 32;

/// The default of [`Limits::max_period_search`]: 2^24.
pub const DEFAULT_MAX_PERIOD_SEARCH: u64 = 1 << 24;

/// The period search limit ([`Limits::max_period_search`]) by default of
/// the commands whose job is the nim-sequence itself, `sprague sequence`
/// and `sprague period` (and the Python `sequence` and `period`): 2^27 =
/// 134,217,728, eight times [`DEFAULT_MAX_PERIOD_SEARCH`]. Enough to prove
/// the period 144 of `octal:0.56` from heap 326,640 (its table to heap
/// 1,048,576, values below 65: 68 M, about 0.5 s in a release build),
/// while a game with no period in reach stops within about a second or two
/// (Officers, `octal:0.6`, near heap 440,000; `hex:0.8`, a game that splits
/// a heap into three, near heap 10,000).
pub const TABLE_MAX_PERIOD_SEARCH: u64 = 1 << 27;

/// The table limit of a game that splits a heap into three is
/// [`Limits::max_table`] divided by this: such tables cost about n³/1,700
/// word operations for values that grow with the heap (hex:0.8 takes about
/// 8 s to heap 20,000).
pub const THREE_HEAP_TABLE_DIVISOR: u64 = 500;

/// The period search limit of a game that splits a heap into three is
/// [`Limits::max_period_search`] divided by this. The work the limit counts
/// (heaps × (largest value + 1)) grows with the values already, so a
/// fraction of the table divisor is enough: a unit of it costs such a game
/// about 3 to 6 times what it costs a game of two-heap splits (measured,
/// one thread: `hex:0.8` to heap 12,000, 48 M units, 1.4 s; Officers to
/// heap 500,000, 146 M units, 1.2 s).
pub const THREE_HEAP_PERIOD_SEARCH_DIVISOR: u64 = 4;

/// The table limit of a game that splits heaps and allows removing any
/// number of tokens (a code ending in `...` with a split digit, such as
/// `octal:0.7...`) is [`Limits::max_table`] divided by this: every heap has
/// about n² options, so a table to n costs about n³ (`octal:0.7...` to
/// 8,192 took 81 s; the default limit is 4,000).
pub const UNBOUNDED_SPLIT_TABLE_DIVISOR: u64 = 2_500;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_states: DEFAULT_MAX_STATES,
            max_table: 10_000_000,
            max_period_search: DEFAULT_MAX_PERIOD_SEARCH,
            max_table_work: DEFAULT_MAX_TABLE_WORK,
            max_quotient_states: ANALYZE_QUOTIENT_STATES,
            max_memory: None,
        }
    }
}

/// The parts of a position (heaps, edges, vertices) that weigh as much, in
/// the work limit of a search, as one small position: 8.
pub const WEIGHT_UNIT: usize = 8;
