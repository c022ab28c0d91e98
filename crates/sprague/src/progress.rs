//! Progress reports of the long computations of the current thread, for a
//! front end that shows them (the `sprague` command draws a progress bar
//! on a terminal). The library writes nothing itself: it calls the
//! reporter that [`with_progress`] installs, at most every
//! [`REPORT_EVERY`], from the points where it checks its
//! [budgets](crate::budget): the generic search ([`Solver`](crate::Solver),
//! at every position it expands) and the computation of nim-sequence
//! tables ([`sequence::Store`](crate::sequence::Store), every 4,096
//! heaps).
//!
//! Without a reporter nothing changes and a report costs one read of a
//! thread-local flag.
//!
//! ```
//! use std::{cell::RefCell, rc::Rc};
//! use sprague::progress::{self, Progress};
//! use sprague::{Analyzer, Play};
//!
//! let seen = Rc::new(RefCell::new(Vec::new()));
//! let log = Rc::clone(&seen);
//! let position = "octal:0.6 20000".parse()?;
//! let analysis = progress::with_progress(
//!     move |p: &Progress| log.borrow_mut().push(*p),
//!     || Analyzer::default().analyze(&position, Play::Normal, Some(1)),
//! )?;
//! assert!(analysis.value.is_some());
//! // Whatever was reported (nothing on a machine fast enough) is a table
//! // on its way to heap 20,000.
//! for p in seen.borrow().iter() {
//!     assert!(matches!(p, Progress::Table { target: 20_000, .. }));
//! }
//! # Ok::<(), sprague::Error>(())
//! ```

use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

/// The least time between two reports to the reporter: 100 ms.
pub const REPORT_EVERY: Duration = Duration::from_millis(100);

/// How far a long computation has come, with the limit it runs toward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The generic search by the definitions
    /// ([`Solver`](crate::Solver)): the positions it stores now and the
    /// most it may store ([`Limits::max_states`](crate::Limits)); the work
    /// done (options examined, each weighted by the size of its position:
    /// see [`Game::weight`](crate::Game::weight)) and the most it may do.
    /// How much is left is not known in advance: the limits are the bar's
    /// end.
    Search {
        /// Positions stored (transposition table and stack).
        stored: u64,
        /// The state limit.
        max_states: u64,
        /// Work done so far in this search.
        work: u64,
        /// The work limit.
        max_work: u64,
    },
    /// A table of nim-values computed up to the heap a question needs.
    Table {
        /// The last heap computed.
        heap: u64,
        /// The heap the table must reach.
        target: u64,
    },
}

/// A progress reporter.
type Reporter = Box<dyn FnMut(&Progress)>;

thread_local! {
    /// Whether a reporter is installed on this thread.
    static ON: Cell<bool> = const { Cell::new(false) };
    /// When the last report was made.
    static LAST: Cell<Option<Instant>> = const { Cell::new(None) };
    /// The reporter (taken out while it runs).
    static REPORTER: RefCell<Option<Reporter>> = const { RefCell::new(None) };
}

/// Runs `work` with `report` as the current thread's progress reporter
/// (replacing one installed already, which is restored afterwards, also
/// when `work` panics). `report` is called at most every
/// [`REPORT_EVERY`], the first time [`REPORT_EVERY`] after `work` began.
pub fn with_progress<T>(report: impl FnMut(&Progress) + 'static, work: impl FnOnce() -> T) -> T {
    struct Restore(bool, Option<Instant>, Option<Reporter>);
    impl Drop for Restore {
        fn drop(&mut self) {
            ON.with(|on| on.set(self.0));
            LAST.with(|last| last.set(self.1));
            REPORTER.with(|r| *r.borrow_mut() = self.2.take());
        }
    }
    let before = REPORTER.with(|r| r.borrow_mut().replace(Box::new(report)));
    let _restore = Restore(ON.with(Cell::get), LAST.with(Cell::get), before);
    LAST.with(|last| last.set(Some(Instant::now())));
    ON.with(|on| on.set(true));
    work()
}

/// Whether a reporter is installed on the current thread.
pub(crate) fn is_on() -> bool {
    ON.with(Cell::get)
}

/// Reports `progress` to the current thread's reporter, when there is one
/// and [`REPORT_EVERY`] has passed since the last report. `progress` is
/// built only then.
pub(crate) fn report(progress: impl FnOnce() -> Progress) {
    if !is_on() {
        return;
    }
    let now = Instant::now();
    let due = LAST.with(|last| {
        last.get()
            .is_none_or(|t| now.duration_since(t) >= REPORT_EVERY)
    });
    if !due {
        return;
    }
    LAST.with(|last| last.set(Some(now)));
    // The reporter is taken out while it runs, so that a report from
    // inside it (it should make none) finds none.
    if let Some(mut reporter) = REPORTER.with(|r| r.borrow_mut().take()) {
        reporter(&progress());
        REPORTER.with(|r| *r.borrow_mut() = Some(reporter));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_reach_the_reporter_and_stop_after() {
        let seen = std::rc::Rc::new(RefCell::new(Vec::new()));
        let log = seen.clone();
        with_progress(
            move |p: &Progress| log.borrow_mut().push(*p),
            || {
                // Not due yet: the first report comes REPORT_EVERY after start.
                report(|| Progress::Table { heap: 1, target: 2 });
                std::thread::sleep(REPORT_EVERY);
                report(|| Progress::Table { heap: 2, target: 3 });
                report(|| Progress::Table { heap: 3, target: 4 });
            },
        );
        assert_eq!(*seen.borrow(), vec![Progress::Table { heap: 2, target: 3 }]);
        assert!(!is_on());
        report(|| unreachable!("no reporter: nothing is built"));
    }

    #[test]
    fn reporters_nest() {
        let (outer, inner) = (
            std::rc::Rc::new(Cell::new(0)),
            std::rc::Rc::new(Cell::new(0)),
        );
        let (o, i) = (outer.clone(), inner.clone());
        with_progress(
            move |_: &Progress| o.set(o.get() + 1),
            || {
                with_progress(
                    move |_: &Progress| i.set(i.get() + 1),
                    || {
                        std::thread::sleep(REPORT_EVERY);
                        report(|| Progress::Table { heap: 0, target: 0 });
                    },
                );
                std::thread::sleep(REPORT_EVERY);
                report(|| Progress::Table { heap: 0, target: 0 });
            },
        );
        assert_eq!((outer.get(), inner.get()), (1, 1));
    }
}
