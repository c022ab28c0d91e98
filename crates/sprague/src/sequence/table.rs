//! The nim-sequence [`Store`] kept with a ruleset, shared by its clones,
//! and the lookups the ruleset's moves read it through.

use std::sync::Mutex;

use super::arith::ArithPeriod;
use super::{Method, Period, Store, Values};
use crate::takebreak::MoveSet;
use crate::{Error, Limits};

/// A nim-sequence computed on demand, with its period once proven.
#[derive(Default)]
pub(crate) struct SharedTable {
    store: Mutex<Option<Store>>,
}

/// Read access to the values: the table, and the period beyond it.
pub(crate) struct Lookup<'a> {
    values: Values<'a>,
    period: Option<Period>,
    arith: Option<ArithPeriod>,
}

impl<'a> Lookup<'a> {
    /// A lookup over `values`, extended by `period` when given.
    pub(crate) fn new(values: Values<'a>, period: Option<Period>) -> Lookup<'a> {
        Lookup {
            values,
            period,
            arith: None,
        }
    }

    /// The lookup extended past the table by a proven arithmetic period.
    pub(crate) fn with_arith(mut self, arith: Option<ArithPeriod>) -> Lookup<'a> {
        self.arith = arith;
        self
    }

    /// The proven arithmetic period, if the values past the table come
    /// from one.
    pub(crate) fn arith(&self) -> Option<ArithPeriod> {
        self.arith.filter(|_| self.period.is_none())
    }

    /// G(heap) exactly (an arithmetic period's values pass 2^64 - 1).
    pub(crate) fn get_wide(&self, heap: u64) -> u128 {
        match self.arith() {
            Some(a) if !self.in_table(heap) => a.value(heap, |b| self.values.value(b as usize)),
            _ => self.get(heap).into(),
        }
    }

    /// G(heap); the heap must be within the table or the period be known
    /// (as [`SharedTable::with`] ensures for the heap it was given). A
    /// value of an arithmetic period past 2^64 - 1 reads as 2^64 - 1:
    /// callers that may meet one read [`Lookup::get_wide`].
    pub(crate) fn get(&self, heap: u64) -> u64 {
        if let (Some(a), false) = (self.arith(), self.in_table(heap)) {
            let v = a.value(heap, |b| self.values.value(b as usize));
            return u64::try_from(v).unwrap_or(u64::MAX);
        }
        let h = match self.period {
            Some(p) => p.reduce(heap),
            None => heap,
        };
        self.values.value(h as usize)
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
    /// Runs `f` with the values known for every heap up to `heap`, as
    /// [`Store::ensure`] makes them known within `limits`.
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
        let mut state = self.store.lock().unwrap_or_else(|e| e.into_inner());
        let store = state.get_or_insert_with(|| Store::new(word, moves.clone(), Method::Fast));
        store.ensure(heap, limits)?;
        Ok(f(&lookup(store)))
    }
}

/// The table and the period as the ruleset's lookups read them.
fn lookup(store: &Store) -> Lookup<'_> {
    Lookup::new(store.sequence().values(), store.period())
        .with_arith(store.arithmetic().map(|(p, _)| p))
}
