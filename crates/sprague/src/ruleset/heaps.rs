//! A heap game as a whole component, by the Sprague-Grundy theorem: a
//! component of heaps is the sum of its heaps, worth the nim-sum of their
//! values, and a move changes one heap.

use std::ops::ControlFlow;

use super::rules::{HeapRules, Pick, Rules, Visit};
use super::{check_place, MoveKind};
use crate::{Action, Basis, Error, HeapMove, IllegalMoveKind, Limits, Parts, Place};

/// The component interface of a heap game `T` (see [`HeapRules`]).
#[derive(Debug)]
pub struct Heaps<T>(pub T);

impl<T: HeapRules> Rules for Heaps<T> {
    type Position = crate::Numbers;

    /// Each heap (token) is a game of its own.
    fn argument_alone(&self, args: &crate::Numbers, index: usize) -> Option<crate::Numbers> {
        Some(vec![*args.get(index)?])
    }

    fn canonical(&self) -> String {
        self.0.canonical()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Heap
    }

    /// The nim-sum of the heaps' values; the basis is the heaps' own
    /// (Bouton's theorem for Nim; a table when every heap is in it, else a
    /// proven period or closed form).
    fn valued(&self, heaps: &crate::Numbers, limits: &Limits) -> Result<(u64, Basis), Error> {
        let mut value = 0;
        let mut basis = None;
        for &h in heaps {
            let (g, b) = self.0.heap_value(h, limits)?;
            value ^= g;
            basis = match basis {
                None => Some(b),
                Some(Basis::ArithmeticPeriod) => Some(Basis::ArithmeticPeriod),
                Some(Basis::Period) if b != Basis::ArithmeticPeriod => Some(Basis::Period),
                Some(_) => Some(b),
            };
        }
        match basis {
            Some(basis) => Ok((value, basis)),
            // No heaps: worth 0, on the basis a heap of 0 has.
            None => Ok((0, self.0.heap_value(0, limits)?.1)),
        }
    }

    fn closed_value(&self, heaps: &crate::Numbers) -> Option<u64> {
        heaps
            .iter()
            .try_fold(0, |acc, &h| Some(acc ^ self.0.closed_heap_value(h)?))
    }

    fn is_nim(&self) -> bool {
        self.0.is_nim()
    }

    fn single_heap_is_nim(&self) -> bool {
        self.0.is_nim()
    }

    fn few_winning_moves(&self) -> bool {
        self.0.few_winning_moves()
    }

    fn has_moves(&self, heaps: &crate::Numbers, limits: &Limits) -> Result<bool, Error> {
        let mut unknown = false;
        for &h in heaps {
            match self.0.has_moves(h) {
                Some(true) => return Ok(true),
                Some(false) => {}
                None => unknown = true,
            }
        }
        if !unknown {
            return Ok(false);
        }
        let mut actions = Vec::new();
        match self.moves(heaps, limits, &mut actions) {
            Ok(()) => Ok(!actions.is_empty()),
            Err(Error::StateLimit { .. }) => Ok(true),
            Err(e) => Err(e),
        }
    }

    fn moves(
        &self,
        heaps: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let mut options = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            options.clear();
            self.0.options(h, limits, &mut options)?;
            out.extend(options.iter().map(|m| heap_action(i, h, m)));
        }
        Ok(())
    }

    /// By heap: a heap of value `g` must move to `g ^ value ^ target`.
    fn moves_to(
        &self,
        heaps: &crate::Numbers,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        if value == target {
            // No move of one heap keeps its value.
            return Ok(ControlFlow::Continue(()));
        }
        for (i, &h) in heaps.iter().enumerate() {
            let (g, _) = self.0.heap_value(h, limits)?;
            let want = g ^ value ^ target;
            let flow = self
                .0
                .moves_to(h, want, limits, &mut |m| f(heap_action(i, h, &m)))?;
            if flow.is_break() {
                return Ok(flow);
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn random_move(
        &self,
        heaps: &crate::Numbers,
        limits: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        if live.is_empty() {
            return Ok(None);
        }
        let start = pick(live.len() as u64) as usize;
        let mut last_error = None;
        for n in 0..live.len() {
            let i = live[(start + n) % live.len()];
            match self.0.random_move(heaps[i], limits, pick) {
                Ok(Some(m)) => return Ok(Some(heap_action(i, heaps[i], &m))),
                Ok(None) => {}
                Err(e @ Error::StateLimit { .. }) => last_error = Some(e),
                Err(e) => return Err(e),
            }
        }
        match last_error {
            Some(e) => Err(e),
            None => Ok(None),
        }
    }

    fn check(
        &self,
        word: &str,
        heaps: &crate::Numbers,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        match action {
            Action::Heap {
                heap,
                from,
                removed,
                parts,
            } => {
                let h = check_place(heaps, Place::Heap, *heap, *from)?;
                let m = HeapMove {
                    removed: *removed,
                    parts: *parts,
                };
                let conserves = m.removed.checked_add(m.parts.total()) == Some(h)
                    || (self.0.may_add_tokens() && m.removed == 0 && m.parts.total() > h);
                if !conserves || !self.0.is_legal(h, &m) {
                    return Err(IllegalMoveKind::NotAllowed {
                        ruleset: word.into(),
                        heap: *heap,
                        from: *from,
                        parts: *parts,
                    });
                }
                Ok(())
            }
            Action::Heaps { .. } => Err(IllegalMoveKind::OneHeapAtATime {
                ruleset: word.into(),
            }),
            Action::Stair { .. } => Err(IllegalMoveKind::NoSteps {
                ruleset: word.into(),
            }),
            Action::Token { .. }
            | Action::Cut { .. }
            | Action::Listed { .. }
            | Action::Pick { .. }
            | Action::Turn { .. } => Err(super::no_tokens(word)),
        }
    }

    /// A heap that splits is replaced in place by its parts (increasing); a
    /// heap taken to nothing stays as 0.
    fn apply(&self, heaps: &mut Vec<u64>, action: &Action) {
        if let Action::Heap { heap, parts, .. } = action {
            match parts.listed() {
                Some([]) => heaps[*heap] = 0,
                Some([one]) => heaps[*heap] = *one,
                _ => {
                    heaps.splice(*heap..=*heap, parts.to_vec());
                }
            }
        }
    }

    fn canonicalize(&self, heaps: &mut Vec<u64>) {
        heaps.retain(|&h| h != 0);
        heaps.sort_unstable();
    }

    fn value_note(&self, word: &str) -> String {
        self.0.value_note(word)
    }

    fn as_heap_rules(&self) -> Option<&dyn HeapRules> {
        Some(&self.0)
    }
}

/// The action of moving heap `i` (of size `from`) by the option `m`.
fn heap_action(i: usize, from: u64, m: &HeapMove) -> Action {
    Action::Heap {
        heap: i,
        from,
        removed: m.removed,
        parts: m.parts,
    }
}

/// The option of a heap of size `heap` that leaves one heap of `to`.
pub(crate) fn take_to(heap: u64, to: u64) -> HeapMove {
    HeapMove {
        removed: heap - to,
        parts: Parts::one(to),
    }
}
