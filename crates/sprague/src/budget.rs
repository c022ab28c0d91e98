//! A time budget for the long computations of the current thread: the one
//! cooperative cancellation hook of the library, for a front end that must
//! stop work nobody waits for any more (the web server of `sprague serve`).
//!
//! [`with_deadline`] runs a closure with a deadline set for the current
//! thread; while it runs, these stop with [`Error::TimeLimit`] once the
//! deadline has passed: the generic search (the [`Solver`](crate::Solver),
//! checked at every position it expands and between the options of one
//! position), the computation of nim-sequence
//! tables ([`sequence::Store`](crate::sequence::Store), every 4,096 heaps),
//! and misère genus and quotient computations ([`misere`](crate::misere),
//! every heap, every sum of heaps, every 1,024 quotient states). Other work
//! (closed forms, grids, counts) is bounded by its
//! [`Limits`](crate::Limits) alone. Without a deadline nothing changes and
//! the checks cost one thread-local read.
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

use std::cell::Cell;
use std::time::Instant;

use crate::Error;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
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

/// Whether a deadline is set for the current thread.
pub(crate) fn is_set() -> bool {
    DEADLINE.with(Cell::get).is_some()
}

/// [`Error::TimeLimit`] once the current thread's deadline has passed (for
/// a front end's own loops over many computations).
///
/// # Errors
/// [`Error::TimeLimit`] past the deadline.
pub fn check() -> Result<(), Error> {
    match DEADLINE.with(Cell::get) {
        Some(deadline) if Instant::now() >= deadline => Err(Error::TimeLimit),
        _ => Ok(()),
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
}
