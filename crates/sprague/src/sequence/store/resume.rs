//! Resuming a [`Store`] from saved values: which saved values are checked
//! (the first ones against the game's, the last ones each from the values
//! before it, and samples between by the definition), and why saved values
//! cannot continue a store ([`ResumeError`]).

use super::super::{value_by_definition, Method, NimSequence, Values};
use super::{unlimited, value, Store};
use crate::takebreak::MoveSet;
use crate::Error;

/// Why saved values cannot continue a store ([`Store::resume`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResumeError {
    /// A saved value among the first ones differs from the game's.
    #[error("the saved G({heap}) is {saved}, but the game's is {expected}")]
    Differs {
        /// The heap.
        heap: u64,
        /// The saved value.
        saved: u64,
        /// The game's value.
        expected: u64,
    },
    /// A saved value differs from the one computed from the saved values
    /// before it.
    #[error(
        "the saved G({heap}) is {saved}, but from the saved values before it it would be \
         {expected}"
    )]
    DiffersFromPrefix {
        /// The heap.
        heap: u64,
        /// The saved value.
        saved: u64,
        /// The value computed from the saved values before it.
        expected: u64,
    },
    /// A saved value is above [`MAX_VALUE`](crate::sequence::MAX_VALUE) (4,294,967,295), which no
    /// table holds.
    #[error("the saved G({heap}) is {value}, above 4294967295, which no table holds")]
    TooLarge {
        /// The heap.
        heap: u64,
        /// The saved value.
        value: u64,
    },
    /// Computing the values to check against failed.
    #[error(transparent)]
    Engine(Error),
}

/// How many saved values [`Store::resume`] checks at the start (against
/// the game's), at the end (each from the saved values before it), and in
/// between (evenly spaced, by the definition).
const RESUME_FIRST: usize = 2048;
const RESUME_LAST: usize = 64;
const RESUME_SAMPLES: usize = 128;
/// About the most pairs the samples look at in all (fewer samples past
/// 2^25 values).
const RESUME_SAMPLE_PAIRS: u64 = 1 << 31;
/// With three-heap splits a value by the definition costs O(n²): only
/// heaps up to this are sampled.
const RESUME_MAX_SAMPLED_THREE_HEAP: usize = 5_000;

impl Store {
    /// A store that goes on from `values` = G(0), G(1), ... saved by an
    /// earlier run, after checking them: the first 2,048 against the game's,
    /// 128 spread between by the definition from the saved values before
    /// each (down to 8 for tables of more than 2^25 values, so that they
    /// cost seconds, not minutes), and the last 64 computed from the saved
    /// values before them (a value changed by hand elsewhere is not
    /// noticed).
    ///
    /// Values above 65,535 are fine (the table then takes 4 bytes per
    /// value); one above [`MAX_VALUE`](crate::sequence::MAX_VALUE) is [`ResumeError::TooLarge`].
    ///
    /// Time: O(N) for N values with two-heap splits (the samples cost O(n)
    /// each), plus the first 2,048 values.
    ///
    /// # Errors
    /// A [`ResumeError`] saying which value differs, or is too large.
    pub fn resume(
        name: &str,
        moves: MoveSet,
        method: Method,
        values: &[u64],
    ) -> Result<Store, ResumeError> {
        // The first values are compared before a value too large for any
        // table is refused.
        check_first(name, &moves, method, |i| values[i], values.len())?;
        let saved =
            NimSequence::from_values(name, moves, values.iter().copied()).map_err(|e| match e {
                Error::ValueOverflow { heap, .. } => ResumeError::TooLarge {
                    heap,
                    value: values[heap as usize],
                },
                e => ResumeError::Engine(e),
            })?;
        Store::resume_checked(saved, method, true)
    }

    /// [`Store::resume`] for values already in a [`NimSequence`] (as
    /// [`NimSequence::from_table`] makes it from a table read from a file,
    /// without a copy): the same checks, and the store goes on in `saved`
    /// itself, so resuming a table of N values takes the memory of N
    /// values once.
    ///
    /// # Errors
    /// A [`ResumeError`] saying which value differs.
    pub fn resume_sequence(saved: NimSequence, method: Method) -> Result<Store, ResumeError> {
        Store::resume_checked(saved, method, false)
    }

    /// [`Store::resume_sequence`], the first values compared already when
    /// `first_checked`.
    fn resume_checked(
        mut saved: NimSequence,
        method: Method,
        first_checked: bool,
    ) -> Result<Store, ResumeError> {
        let name = saved.name().to_string();
        let moves = saved.moves().clone();
        let len = saved.len() as usize;
        let n = len.min(RESUME_FIRST);
        if n == 0 {
            return Ok(Store::from_sequence(saved, method));
        }
        if !first_checked {
            check_first(&name, &moves, method, |i| value(&saved, i), len)?;
        }
        let span = len.saturating_sub(n + RESUME_LAST);
        // A sample by the definition costs about heap / 2 pairs: fewer
        // samples for a long table (8 for 2^30 values, seconds each).
        let samples =
            (RESUME_SAMPLE_PAIRS / (len as u64 / 4).max(1)).clamp(8, RESUME_SAMPLES as u64);
        let samples = samples as usize;
        for i in 1..=samples {
            let heap = n + span * i / (samples + 1);
            if span == 0 || (moves.max_parts() == 3 && heap > RESUME_MAX_SAMPLED_THREE_HEAP) {
                break;
            }
            // `heap` is below `len`, so the value is there.
            let want = match saved.values() {
                Values::Narrow(v) => value_by_definition(&moves, v, heap),
                Values::Wide(v) => value_by_definition(&moves, v, heap),
            }
            .unwrap_or(0);
            let had = value(&saved, heap);
            if want != had {
                return Err(ResumeError::DiffersFromPrefix {
                    heap: heap as u64,
                    saved: had,
                    expected: want,
                });
            }
        }
        // The last values, computed again from those before them, in place.
        let from = len.saturating_sub(RESUME_LAST).max(n);
        if from < len {
            let tail: Vec<u64> = (from..len).map(|i| value(&saved, i)).collect();
            saved.truncate(from as u64);
            saved
                .extend_to(len as u64 - 1, method)
                .map_err(ResumeError::Engine)?;
            for (i, &had) in (from..).zip(&tail) {
                let expected = value(&saved, i);
                if had != expected {
                    return Err(ResumeError::DiffersFromPrefix {
                        heap: i as u64,
                        saved: had,
                        expected,
                    });
                }
            }
        }
        Ok(Store::from_sequence(saved, method))
    }
}

/// Compares the first [`RESUME_FIRST`] of `len` saved values (`saved(i)`)
/// with the game's.
fn check_first(
    name: &str,
    moves: &MoveSet,
    method: Method,
    saved: impl Fn(usize) -> u64,
    len: usize,
) -> Result<(), ResumeError> {
    let n = len.min(RESUME_FIRST);
    if n == 0 {
        return Ok(());
    }
    let mut fresh = Store::new(name, moves.clone(), method);
    fresh
        .ensure(n as u64 - 1, &unlimited())
        .map_err(ResumeError::Engine)?;
    for i in 0..n {
        let expected = fresh.get(i as u64).unwrap_or(0);
        if saved(i) != expected {
            return Err(ResumeError::Differs {
                heap: i as u64,
                saved: saved(i),
                expected,
            });
        }
    }
    Ok(())
}
