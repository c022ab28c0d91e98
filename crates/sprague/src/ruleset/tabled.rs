//! A heap game whose values come from its nim-sequence: the moves in the
//! engine's shape ([`MoveSet`]) and the table computed so far, with its
//! proven period. Take-and-break games and Grundy's game are this; a
//! subtraction set that is not one range uses it for its values.

use std::ops::ControlFlow;

use super::heap_moves;
use super::rules::{HeapRules, Visit};
use crate::sequence::table::SharedTable;
use crate::takebreak::MoveSet;
use crate::{Basis, Error, HeapMove, Limits};

/// A heap game valued by its nim-sequence table (Guy & Smith 1956 for the
/// period that answers heaps past the table).
pub struct Tabled {
    /// The ruleset's word as first written, for errors.
    word: Box<str>,
    /// The rules in canonical form.
    canonical: String,
    moves: MoveSet,
    table: SharedTable,
}

impl std::fmt::Debug for Tabled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tabled")
            .field("canonical", &self.canonical)
            .finish()
    }
}

impl Tabled {
    /// The heap game with `moves`, named `word`, equal to every other
    /// ruleset written canonically as `canonical`.
    pub(crate) fn new(word: &str, canonical: String, moves: MoveSet) -> Tabled {
        Tabled {
            word: word.into(),
            canonical,
            moves,
            table: SharedTable::default(),
        }
    }

    /// G(heap) and the basis that gives it: the computed table, the proven
    /// period past it, or the proven arithmetic period past it.
    ///
    /// # Errors
    /// As [`SharedTable::with`]; [`Error::ValueTooLarge`] when an
    /// arithmetic period makes G(heap) pass 2^64 - 1 (its exact value is in
    /// the error).
    pub(crate) fn table_value(&self, heap: u64, limits: &Limits) -> Result<(u64, Basis), Error> {
        let (g, basis) = self
            .table
            .with(&self.word, &self.moves, heap, limits, |look| {
                let basis = if look.in_table(heap) {
                    Basis::Table
                } else if look.arith().is_some() {
                    Basis::ArithmeticPeriod
                } else {
                    Basis::Period
                };
                (look.get_wide(heap), basis)
            })?;
        let g = u64::try_from(g).map_err(|_| Error::ValueTooLarge {
            ruleset: self.word.to_string(),
            value: g,
        })?;
        Ok((g, basis))
    }
}

impl HeapRules for Tabled {
    fn canonical(&self) -> String {
        self.canonical.clone()
    }

    fn heap_value(&self, heap: u64, limits: &Limits) -> Result<(u64, Basis), Error> {
        self.table_value(heap, limits)
    }

    fn options(&self, heap: u64, limits: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error> {
        heap_moves::options(&self.moves, heap, limits, out)
    }

    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error> {
        self.table
            .with(&self.word, &self.moves, heap, limits, |look| {
                heap_moves::moves_to(&self.word, &self.moves, heap, target, look, limits, f)
            })?
    }

    fn is_legal(&self, heap: u64, m: &HeapMove) -> bool {
        heap_moves::is_legal(&self.moves, heap, m)
    }

    fn move_set(&self) -> Option<&MoveSet> {
        Some(&self.moves)
    }

    fn value_note(&self, word: &str) -> String {
        let mut note = format!(
            "Each heap of {word} is a game of its own; G(n), the value of a heap of n, comes \
             from the nim-sequence of {word}"
        );
        if crate::sequence::arith::take_any_family(&self.moves) {
            note += &format!(
                ", and past its first 512 values from its arithmetic period G(n + p) = G(n) + s \
                 when one is proven (`sprague period {word}` gives it, with the proof)"
            );
        }
        note + "."
    }
}
