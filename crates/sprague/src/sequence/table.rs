//! The nim-sequence table kept with a ruleset, shared by its clones, and
//! the proven period that lets any `u64` heap answer at once.

use std::sync::Mutex;

use super::{period, Method, NimSequence, Period};
use crate::takebreak::MoveSet;
use crate::{Error, Limits};

/// Below this heap the table is simply computed up to the heap asked for.
const SMALL: u64 = 4096;

/// A nim-sequence computed on demand, with its period once proven.
#[derive(Default)]
pub(crate) struct SharedTable {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    seq: Option<NimSequence>,
    period: Option<Period>,
}

/// Read access to the values: the table, and the period beyond it.
pub(crate) struct Lookup<'a> {
    values: &'a [u16],
    period: Option<Period>,
}

impl<'a> Lookup<'a> {
    /// A lookup over `values`, extended by `period` when given.
    pub(crate) fn new(values: &'a [u16], period: Option<Period>) -> Lookup<'a> {
        Lookup { values, period }
    }

    /// G(heap); the heap must be within the table or the period be known
    /// (as [`SharedTable::with`] ensures for the heap it was given).
    pub(crate) fn get(&self, heap: u64) -> u16 {
        let h = match self.period {
            Some(p) => p.reduce(heap),
            None => heap,
        };
        self.values[h as usize]
    }

    /// Whether G(heap) is in the computed table (not answered from the
    /// period).
    pub(crate) fn in_table(&self, heap: u64) -> bool {
        heap < self.values.len() as u64
    }

    /// The proven period, if any.
    pub(crate) fn period(&self) -> Option<Period> {
        self.period
    }
}

impl SharedTable {
    /// Runs `f` with the values known for every heap up to `heap`:
    /// from the table when `heap` is in it; otherwise, for games where the
    /// periodicity theorem applies, the table is doubled (within
    /// `limits.max_table`) until a period is proven or it reaches `heap`;
    /// for other games it is computed up to `heap`.
    ///
    /// `f` runs with the table locked: it must not ask this table again.
    pub(crate) fn with<R>(
        &self,
        word: &str,
        moves: &MoveSet,
        heap: u64,
        limits: &Limits,
        f: impl FnOnce(&Lookup<'_>) -> R,
    ) -> Result<R, Error> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let State { seq, period } = &mut *state;
        let seq = seq.get_or_insert_with(|| NimSequence::new(word, moves.clone()));
        if heap >= seq.len() && period.is_none() {
            *period = extend(seq, heap, limits)?;
        }
        Ok(f(&Lookup::new(seq.values(), *period)))
    }
}

/// Extends `seq` so that G(heap) is known: returns the proven period when
/// one was needed and found.
fn extend(seq: &mut NimSequence, heap: u64, limits: &Limits) -> Result<Option<Period>, Error> {
    let name = seq.name().to_string();
    let three_heap = seq.moves().max_parts() == 3;
    let max_table = if three_heap {
        limits.max_table / crate::analysis::THREE_HEAP_TABLE_DIVISOR
    } else {
        limits.max_table
    };
    let limit = max_table.min(super::MAX_TABLE_LEN);
    let too_far = || Error::TableLimit {
        ruleset: name.clone(),
        heap,
        limit,
        three_heap,
    };
    let last_allowed = match limit.checked_sub(1) {
        Some(last) => last,
        None => return Err(too_far()),
    };
    if !seq.moves().periodicity_theorem_applies() || heap < SMALL {
        if heap > last_allowed {
            return Err(too_far());
        }
        seq.extend_to(heap, Method::Fast)?;
        return Ok(None);
    }
    loop {
        let target = (seq.len().max(SMALL) * 2 - 1).min(heap).min(last_allowed);
        seq.extend_to(target, Method::Fast)?;
        if let Some((p, _)) = period::find_proven(seq.values(), seq.moves()) {
            return Ok(Some(p));
        }
        if heap < seq.len() {
            return Ok(None);
        }
        if target >= last_allowed {
            return Err(too_far());
        }
    }
}
