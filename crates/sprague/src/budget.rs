//! Budgets for the long computations of the current thread: a deadline and
//! a memory budget, the cooperative cancellation hooks of the library, for
//! a front end that must stop work nobody waits for any more or that would
//! exhaust memory (the command line and the web server of `sprague serve`).
//!
//! [`with_deadline`] runs a closure with a deadline set for the current
//! thread, [`with_memory_limit`] with a memory budget in bytes, and
//! [`set_process_memory_limit`] sets one for the whole process. While they
//! are in force these stop with [`Error::TimeLimit`] once the deadline has
//! passed, or with [`Error::MemoryLimit`] once the bytes held pass the
//! budget: the generic search (the [`Solver`](crate::Solver), checked at
//! every position it expands and between the options of one position),
//! the computation of nim-sequence tables
//! ([`sequence::Store`](crate::sequence::Store), every 4,096 heaps), and
//! misère genus and quotient computations ([`misere`](crate::misere), every
//! heap, every sum of heaps, every 1,024 quotient states). Other work
//! (closed forms, grids, counts) is bounded by its [`Limits`]
//! alone. Without a budget nothing changes and the checks cost two reads.
//!
//! # Bytes held
//!
//! The bytes are counted, not estimated (each allocation as the system's
//! allocator holds it, with its header), by [`CountingAllocator`], a
//! global allocator over the system's that a program installs with
//! `#[global_allocator]` (the `sprague` command and its server do): every
//! transposition table, genus table, quotient structure and nim-sequence
//! table is counted at its real size, with the positions it holds. Without
//! it (a program that installs another allocator) a memory budget has
//! nothing to measure and never stops anything; [`is_counting`] says which.
//! A thread's budget counts the bytes the thread allocated less those it
//! freed since the budget was set (the work of one web request); the
//! process's budget counts every byte held.
//!
//! ```
//! use std::time::{Duration, Instant};
//! use sprague::{budget, Analyzer, Error, Play};
//!
//! let position = "grundy 20 21 22".parse()?;
//! let past = Instant::now() - Duration::from_millis(1);
//! let answer = budget::with_deadline(past, || {
//!     Analyzer::default().analyze(&position, Play::Misere, Some(1))
//! });
//! assert!(matches!(answer, Err(Error::TimeLimit)));
//! # Ok::<(), sprague::Error>(())
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use crate::error::Error;
use crate::limits::Limits;

/// The memory budget of the command line and the server when the machine
/// has memory to spare: 4 GiB (they take half the machine's memory when
/// that is less).
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Whether searches are refused outright ([`without_search`]).
    static NO_SEARCH: Cell<bool> = const { Cell::new(false) };
    /// Whether a check was refused in [`without_search`].
    static REFUSED: Cell<bool> = const { Cell::new(false) };
    /// The thread's memory budget: (bytes, the thread's count when set).
    static MEMORY: Cell<Option<(u64, i64)>> = const { Cell::new(None) };
    /// Bytes allocated by this thread less bytes it freed.
    static THREAD_HELD: Cell<i64> = const { Cell::new(0) };
}

/// Bytes held by the whole process (through [`CountingAllocator`]).
static HELD: AtomicUsize = AtomicUsize::new(0);
/// The most bytes the process held since it started.
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// The process's memory budget in bytes; 0 for none.
static PROCESS_LIMIT: AtomicU64 = AtomicU64::new(0);
/// Whether [`CountingAllocator`] is the global allocator.
static COUNTING: AtomicBool = AtomicBool::new(false);

/// A global allocator that counts the bytes held, for memory budgets: the
/// system's allocator, plus two counters updated on every allocation (one
/// for the process, one for the thread).
///
/// ```
/// #[global_allocator]
/// static ALLOCATOR: sprague::budget::CountingAllocator = sprague::budget::CountingAllocator;
/// # fn main() {}
/// ```
pub struct CountingAllocator;

/// The bytes an allocation of `size` bytes holds in the system's allocator:
/// the size and an 8-byte header rounded up to 16 bytes, at least 32
/// (glibc's malloc). Counting this rather than the size asked for keeps
/// the count close to the resident memory when a table holds millions of
/// small allocations (a genus's options of two heaps each ask for 16 bytes
/// and hold 32).
#[inline]
fn charged(size: usize) -> usize {
    (size.saturating_add(8 + 15) & !15).max(32)
}

impl CountingAllocator {
    #[inline]
    fn grew(by: usize) {
        let now = HELD.fetch_add(by, Ordering::Relaxed) + by;
        PEAK.fetch_max(now, Ordering::Relaxed);
        // No thread-local during a thread's teardown: skip the thread's count.
        let _ = THREAD_HELD.try_with(|c| c.set(c.get().wrapping_add(by as i64)));
    }

    #[inline]
    fn shrank(by: usize) {
        HELD.fetch_sub(by, Ordering::Relaxed);
        let _ = THREAD_HELD.try_with(|c| c.set(c.get().wrapping_sub(by as i64)));
    }
}

// SAFETY: every call goes to the system allocator with the same arguments;
// the counters are plain atomics and a const thread-local with no
// destructor, which allocate nothing.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            Self::grew(charged(layout.size()));
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            Self::grew(charged(layout.size()));
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) };
        Self::shrank(charged(layout.size()));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            let (old, new) = (charged(layout.size()), charged(new_size));
            if new >= old {
                Self::grew(new - old);
            } else {
                Self::shrank(old - new);
            }
        }
        p
    }
}

/// Whether the bytes held are counted ([`CountingAllocator`] is the global
/// allocator and has allocated something): without it a memory budget
/// never stops anything.
pub fn is_counting() -> bool {
    if !COUNTING.load(Ordering::Relaxed) {
        // A box allocates through the global allocator: when the count
        // moved, the counting allocator is the one.
        let before = HELD.load(Ordering::Relaxed);
        let probe = std::hint::black_box(Box::new([0u8; 64]));
        let counted = HELD.load(Ordering::Relaxed) != before;
        drop(probe);
        if counted {
            COUNTING.store(true, Ordering::Relaxed);
        }
        return counted;
    }
    true
}

/// The bytes the whole process holds now (0 without [`CountingAllocator`]).
pub fn held_bytes() -> u64 {
    HELD.load(Ordering::Relaxed) as u64
}

/// The most bytes the whole process held since it started (0 without
/// [`CountingAllocator`]).
pub fn peak_bytes() -> u64 {
    PEAK.load(Ordering::Relaxed) as u64
}

/// The bytes the current thread holds in excess of what it held when its
/// memory budget was set (since it started, without a budget).
fn thread_used(base: i64) -> u64 {
    let now = THREAD_HELD.with(Cell::get);
    now.saturating_sub(base).max(0) as u64
}

/// Runs `work` with `deadline` as the current thread's deadline (the
/// earlier one when a deadline is set already), and restores the one
/// before afterwards, also when `work` panics.
pub fn with_deadline<T>(deadline: Instant, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Instant>);
    impl Drop for Restore {
        fn drop(&mut self) {
            DEADLINE.with(|d| d.set(self.0));
        }
    }
    let before = DEADLINE.with(Cell::get);
    let _restore = Restore(before);
    let deadline = before.map_or(deadline, |b| b.min(deadline));
    DEADLINE.with(|d| d.set(Some(deadline)));
    work()
}

/// Runs `work` with no time for a search: the first check of every long
/// computation (the points listed in the [module](self) documentation)
/// stops it with [`Error::TimeLimit`], while what needs no search (closed
/// forms, nimber arithmetic) is computed as usual. A front end's own loops
/// keep going ([`check_deadline`]). `work`'s result is returned only when
/// no check was refused: a computation that met a refused search and went
/// on without it (a value left out at a limit) is not an answer here.
/// Restores the mode before afterwards, also when `work` panics.
///
/// For a server that answers closed forms at once, before it queues the
/// requests that need a search (`sprague serve`).
///
/// # Errors
/// [`Error::TimeLimit`] when `work` needed a search.
///
/// ```
/// use sprague::{budget, Analyzer, Error, Play};
///
/// let nim = "nim 3 4 5".parse()?;
/// let kayles = "kayles 30 40 50".parse()?;
/// let analyzer = Analyzer::default();
/// let closed = budget::without_search(|| analyzer.analyze(&nim, Play::Normal, None));
/// assert!(matches!(closed, Ok(Ok(_))));
/// let searched = budget::without_search(|| analyzer.analyze(&kayles, Play::Misere, None));
/// assert!(matches!(searched, Err(Error::TimeLimit)));
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn without_search<T>(work: impl FnOnce() -> T) -> Result<T, Error> {
    struct Restore(bool, bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            NO_SEARCH.with(|n| n.set(self.0));
            REFUSED.with(|r| r.set(self.1));
        }
    }
    let _restore = Restore(
        NO_SEARCH.with(|n| n.replace(true)),
        REFUSED.with(|r| r.replace(false)),
    );
    let result = work();
    if REFUSED.with(Cell::get) {
        Err(Error::TimeLimit)
    } else {
        Ok(result)
    }
}

/// Runs `work` with a memory budget of `max_bytes` for the current thread:
/// the searches, tables, genus and quotient computations it runs stop with
/// [`Error::MemoryLimit`] once the thread holds more than `max_bytes`
/// bytes beyond what it held when `work` began (counted by
/// [`CountingAllocator`]). A budget set already stays in force when it
/// leaves less (both are then counted from its start, and the error names
/// its limit); the one before is restored afterwards, also when `work`
/// panics.
///
/// The checks are at the points listed in the [module](self) documentation,
/// so a computation may pass its budget by what one step between two checks
/// allocates (a few megabytes at most in the searches and tables of this
/// crate) before it stops; what it held is freed when its error returns.
///
/// ```
/// use sprague::{budget, Analyzer, Error, Play};
///
/// // Bytes are counted only with the counting allocator installed.
/// #[global_allocator]
/// static ALLOCATOR: budget::CountingAllocator = budget::CountingAllocator;
///
/// fn main() -> Result<(), Error> {
///     // A misère sum searched by the definition within 1 MiB.
///     let position = "grundy 30 31 32 33".parse()?;
///     let limits = sprague::Limits { max_quotient_states: 0, ..Default::default() };
///     let analyzer = Analyzer::new(limits);
///     let answer = budget::with_memory_limit(1 << 20, || {
///         analyzer.analyze(&position, Play::Misere, Some(1))
///     });
///     assert!(matches!(answer, Err(Error::MemoryLimit { .. })));
///     Ok(())
/// }
/// ```
pub fn with_memory_limit<T>(max_bytes: u64, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<(u64, i64)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            MEMORY.with(|m| m.set(self.0));
        }
    }
    let before = MEMORY.with(Cell::get);
    let _restore = Restore(before);
    let base = THREAD_HELD.with(Cell::get);
    // Nested, both count from the outer budget's start.
    let mine = match before {
        Some((limit, old_base)) => {
            let inner = thread_used(old_base).saturating_add(max_bytes);
            (limit.min(inner), old_base)
        }
        None => (max_bytes, base),
    };
    MEMORY.with(|m| m.set(Some(mine)));
    work()
}

/// Sets a memory budget for the whole process: every thread's searches and
/// tables stop with [`Error::MemoryLimit`] once the process holds more than
/// `max_bytes` bytes ([`held_bytes`]); `None` lifts it. For a program that
/// runs one computation at a time (the command line); a server with many
/// requests at once sets a thread's budget for each
/// ([`with_memory_limit`]) and this as a last guard.
pub fn set_process_memory_limit(max_bytes: Option<u64>) {
    PROCESS_LIMIT.store(max_bytes.unwrap_or(0), Ordering::Relaxed);
}

/// The process's memory budget, if one is set.
pub fn process_memory_limit() -> Option<u64> {
    match PROCESS_LIMIT.load(Ordering::Relaxed) {
        0 => None,
        n => Some(n),
    }
}

pub use crate::error::human_bytes;

/// Whether a deadline or a memory budget is set for the current thread (or
/// a memory budget for the process), or a progress reporter
/// ([`crate::progress`]) is installed: whether long loops should work in
/// steps and check between them.
pub(crate) fn is_set() -> bool {
    crate::progress::is_on()
        || NO_SEARCH.with(Cell::get)
        || DEADLINE.with(Cell::get).is_some()
        || MEMORY.with(Cell::get).is_some()
        || PROCESS_LIMIT.load(Ordering::Relaxed) != 0
}

/// [`Error::TimeLimit`] once the current thread's deadline has passed (at
/// once in [`without_search`]), or [`Error::MemoryLimit`] once the bytes
/// held pass the thread's or the process's memory budget: the check of
/// the library's long computations (a front end's own loops use
/// [`check_deadline`]).
///
/// # Errors
/// [`Error::TimeLimit`] past the deadline or in [`without_search`];
/// [`Error::MemoryLimit`] past a memory budget.
pub fn check() -> Result<(), Error> {
    if NO_SEARCH.with(Cell::get) {
        REFUSED.with(|r| r.set(true));
        return Err(Error::TimeLimit);
    }
    check_deadline()
}

/// [`check`] for a front end's own loops (writing an answer, the lines of
/// a batch), which go on in [`without_search`]: [`Error::TimeLimit`] once
/// the deadline has passed, [`Error::MemoryLimit`] past a memory budget.
///
/// # Errors
/// As for [`check`], but never for [`without_search`] alone.
pub fn check_deadline() -> Result<(), Error> {
    if let Some(deadline) = DEADLINE.with(Cell::get) {
        if Instant::now() >= deadline {
            return Err(Error::TimeLimit);
        }
    }
    check_memory()
}

/// [`Error::MemoryLimit`] once the bytes held pass the thread's or the
/// process's memory budget.
///
/// # Errors
/// [`Error::MemoryLimit`] past a memory budget.
pub fn check_memory() -> Result<(), Error> {
    if let Some((limit, base)) = MEMORY.with(Cell::get) {
        if thread_used(base) > limit {
            return Err(Error::MemoryLimit { limit });
        }
    }
    let process = PROCESS_LIMIT.load(Ordering::Relaxed);
    if process != 0 && held_bytes() > process {
        return Err(Error::MemoryLimit { limit: process });
    }
    Ok(())
}

/// Memory budgets of [`Limits`]: here, with the budgets, so that limits
/// know no engine of their own.
impl Limits {
    /// Runs `work` within [`Limits::max_memory`] (as
    /// [`budget::with_memory_limit`](crate::budget::with_memory_limit)),
    /// or as it is when there is none.
    pub fn within_memory<T>(&self, work: impl FnOnce() -> T) -> T {
        match self.max_memory {
            Some(bytes) => with_memory_limit(bytes, work),
            None => work(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn deadlines_nest_and_are_restored() {
        assert!(!is_set());
        let later = Instant::now() + Duration::from_secs(3600);
        let past = Instant::now() - Duration::from_millis(1);
        with_deadline(later, || {
            assert!(check().is_ok());
            with_deadline(past, || assert_eq!(check(), Err(Error::TimeLimit)));
            // An inner deadline cannot extend the outer one.
            with_deadline(past, || {
                with_deadline(later, || assert_eq!(check(), Err(Error::TimeLimit)))
            });
            assert!(check().is_ok());
        });
        assert!(!is_set());
        let caught = std::panic::catch_unwind(|| with_deadline(past, || panic!("inside")));
        assert!(caught.is_err());
        assert!(!is_set(), "restored after a panic");
    }

    #[test]
    fn searches_and_tables_stop_at_the_deadline() {
        use crate::{Analyzer, Play, Position};
        let past = Instant::now() - Duration::from_millis(1);
        let later = Instant::now() + Duration::from_secs(3600);
        // A nim-sequence table (Officers) and a misère search.
        for (text, play) in [
            ("octal:0.6 100000", Play::Normal),
            ("grundy 20 21 22", Play::Misere),
        ] {
            let p: Position = text.parse().unwrap();
            let r = with_deadline(past, || Analyzer::default().analyze(&p, play, Some(1)));
            assert_eq!(r.unwrap_err(), Error::TimeLimit, "{text}");
        }
        // A deadline stops a long computation soon after it passes.
        let p: Position = "octal:0.6 1000000".parse().unwrap();
        let start = Instant::now();
        let soon = start + Duration::from_millis(50);
        let r = with_deadline(soon, || {
            Analyzer::default().analyze(&p, Play::Normal, Some(1))
        });
        assert_eq!(r.unwrap_err(), Error::TimeLimit);
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            start.elapsed()
        );
        // A position whose every option costs as much as the position is
        // large (a misère Hackenbush picture of 20,000 loops): the search
        // stops between options, not after all 20,000 of them.
        let p: Position = format!("hackenbush :A{}", "e:A".repeat(20_000))
            .parse()
            .unwrap();
        let start = Instant::now();
        let r = with_deadline(start + Duration::from_millis(100), || {
            Analyzer::default().analyze(&p, Play::Misere, Some(1))
        });
        assert_eq!(r.unwrap_err(), Error::TimeLimit);
        assert!(
            start.elapsed() < Duration::from_millis(1100),
            "{:?}",
            start.elapsed()
        );
        // A deadline not reached changes nothing.
        let p: Position = "kayles 10 + nim 3".parse().unwrap();
        let plain = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        let timed = with_deadline(later, || {
            Analyzer::default().analyze(&p, Play::Normal, None)
        });
        assert_eq!(timed.unwrap().winning_moves, plain.winning_moves);
    }

    #[test]
    fn memory_budgets_count_bytes_nest_and_stop_searches_genus_and_tables() {
        use crate::{Analyzer, Limits, Play, Position};
        assert!(is_counting(), "the unit tests install CountingAllocator");
        // The bytes a thread allocates count against its budget.
        with_memory_limit(1 << 20, || {
            assert!(check_memory().is_ok());
            let held = vec![1u8; 2 << 20];
            assert_eq!(check_memory(), Err(Error::MemoryLimit { limit: 1 << 20 }));
            // An inner budget cannot be larger than what is left.
            with_memory_limit(u64::MAX, || assert!(check_memory().is_err()));
            drop(held);
            assert!(check_memory().is_ok());
        });
        assert!(check_memory().is_ok());
        // A misère search by the definition (no quotient tried).
        let p: Position = "grundy 40 41 42 43".parse().unwrap();
        let limits = Limits {
            max_quotient_states: 0,
            ..Limits::default()
        }
        .with_max_memory(1 << 20);
        let r = Analyzer::new(limits).analyze(&p, Play::Misere, Some(1));
        assert_eq!(r.unwrap_err(), Error::MemoryLimit { limit: 1 << 20 });
        // Genus values of a game whose heaps have n² options.
        let r = with_memory_limit(1 << 20, || {
            let ruleset: crate::Ruleset = "octal:0.7...".parse().unwrap();
            crate::misere::genus_table(&ruleset, 2000, &Limits::default())
        });
        assert_eq!(r.unwrap_err(), Error::MemoryLimit { limit: 1 << 20 });
        // A nim-sequence table (Officers: 2 bytes a value).
        let p: Position = "octal:0.6 4194303".parse().unwrap();
        let r = with_memory_limit(128 << 10, || {
            Analyzer::default().analyze(&p, Play::Normal, Some(1))
        });
        assert_eq!(r.unwrap_err(), Error::MemoryLimit { limit: 128 << 10 });
        // Enough memory changes nothing.
        let p: Position = "kayles 10 + nim 3".parse().unwrap();
        let plain = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
        let within = Analyzer::new(Limits::default().with_max_memory(64 << 20))
            .analyze(&p, Play::Misere, None)
            .unwrap();
        assert_eq!(within, plain);
    }
}
