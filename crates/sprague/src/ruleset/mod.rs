//! Rulesets: what moves exist, and the closed forms that give values and
//! winning moves without search.
//!
//! Two kinds of ruleset behave differently (see ARCHITECTURE.md):
//! - *heap games* (Nim, subtraction games, take-and-break games: octal and
//!   hexadecimal codes, Grundy's game): every heap is a game of its own,
//!   a component's Grundy value is the nim-sum of its heaps' values, and a
//!   move changes one heap;
//! - *whole-component* rulesets, whose moves touch several heaps at once.

pub mod grundy;
pub mod nim;
pub mod subtraction;
pub mod takebreak;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::error::ParseErrorKind;
use crate::sequence::table::SharedTable;
use crate::takebreak::{MoveSet, TakeBreakCode};
use crate::{Action, Error, HeapMove, Limits, Parts};

pub use subtraction::SubtractionSet;

/// The rules of a ruleset, with their parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rules {
    /// Nim: take any positive number of tokens from one heap (Bouton 1901).
    Nim,
    /// A subtraction game: remove exactly `s` tokens from one heap, `s` in
    /// the finite set (Winning Ways, ch. 4).
    Subtraction(SubtractionSet),
    /// A take-and-break game given by its octal or hexadecimal code
    /// (Winning Ways, ch. 4): `octal:CODE`, `hex:CODE`, `kayles` (0.77),
    /// `dawson` (Dawson's Kayles, 0.07).
    TakeBreak(TakeBreakCode),
    /// Grundy's game: split one heap into two non-empty heaps of different
    /// sizes.
    Grundy,
}

impl Rules {
    /// The moves of a heap game computed by the nim-sequence engine
    /// (subtraction and take-and-break games, Grundy's game); `None` for
    /// other rulesets (Nim has its closed form).
    pub fn move_set(&self) -> Option<MoveSet> {
        match self {
            Rules::Subtraction(set) => Some(MoveSet::subtraction(set)),
            Rules::TakeBreak(code) => Some(code.move_set()),
            Rules::Grundy => Some(grundy::move_set()),
            _ => None,
        }
    }
}

/// A ruleset as named in a position: its word, exactly as written (`nim`,
/// `sub:1-3`), and its rules.
///
/// Cloning is cheap (a reference count). Two rulesets are equal when their
/// rules are, whatever their spelling: `sub:1-3` equals `sub:1,2,3`.
/// Tables computed for a ruleset (nim-sequences) are kept with it and shared
/// by its clones.
///
/// ```
/// use sprague::Ruleset;
/// let r: Ruleset = "sub:1-3".parse()?;
/// assert_eq!(r.word(), "sub:1-3");
/// assert_eq!(r, "sub:3,1,2".parse()?);
/// assert_eq!(r.heap_value(10, &Default::default())?, 2);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone)]
pub struct Ruleset(Arc<Inner>);

struct Inner {
    word: Box<str>,
    rules: Rules,
    /// The engine's moves, for rulesets whose values come from a table.
    moves: Option<MoveSet>,
    /// The nim-sequence computed so far (and its proven period).
    table: SharedTable,
}

impl Ruleset {
    /// The ruleset named by `word` (`nim`, `sub:1,3,4`, ...).
    ///
    /// # Errors
    /// A [`ParseError`](crate::ParseError) saying what is wrong with the
    /// word (unknown name, bad parameters); it names the word but not its
    /// place, which the position parser adds.
    pub fn parse(word: &str) -> Result<Ruleset, crate::ParseError> {
        Self::parse_kind(word).map_err(crate::ParseError::new)
    }

    pub(crate) fn parse_kind(word: &str) -> Result<Ruleset, ParseErrorKind> {
        let (name, param) = match word.split_once(':') {
            Some((name, param)) => (name, Some(param)),
            None => (word, None),
        };
        if let Some(code) = takebreak::parse(name, param) {
            return Ok(Ruleset::from_rules(word, Rules::TakeBreak(code?)));
        }
        let rules = match (name, param) {
            ("nim", None) => Rules::Nim,
            ("grundy", param) => {
                grundy::parse(param)?;
                Rules::Grundy
            }
            ("sub", Some(set)) => Rules::Subtraction(SubtractionSet::parse(set)?),
            ("sub", None) => {
                return Err(ParseErrorKind::BadRuleset(
                    "sub needs its subtraction set, e.g. sub:1,3,4 or sub:1-3".into(),
                ))
            }
            ("nim", Some(_)) => return Err(ParseErrorKind::BadRuleset(
                "nim takes no parameter (for Moore's Nim_k write moore:K, for bounded Nim sub:1-K)"
                    .into(),
            )),
            ("wythoff", _) => {
                return Err(ParseErrorKind::Unsupported(
                    "wythoff is reserved for Wythoff's game and not available yet".into(),
                ))
            }
            _ => return Err(ParseErrorKind::UnknownRuleset),
        };
        Ok(Ruleset::from_rules(word, rules))
    }

    /// A ruleset with the given rules, named `word` (not checked against the
    /// rules).
    pub fn from_rules(word: &str, rules: Rules) -> Ruleset {
        Ruleset(Arc::new(Inner {
            word: word.into(),
            moves: rules.move_set(),
            rules,
            table: Default::default(),
        }))
    }

    /// Nim, named `nim`.
    pub fn nim() -> Ruleset {
        Ruleset::from_rules("nim", Rules::Nim)
    }

    /// The word naming the ruleset, as written.
    pub fn word(&self) -> &str {
        &self.0.word
    }

    /// The rules and their parameters.
    pub fn rules(&self) -> &Rules {
        &self.0.rules
    }

    /// Whether every heap is a game of its own (a move changes one heap), so
    /// that a component's value is the nim-sum of its heaps' values.
    pub fn is_heap_game(&self) -> bool {
        matches!(
            self.rules(),
            Rules::Nim | Rules::Subtraction(_) | Rules::TakeBreak(_) | Rules::Grundy
        )
    }

    /// The moves in the shape of the nim-sequence engine, for rulesets whose
    /// values come from a computed table (see [`Rules::move_set`]).
    pub fn move_set(&self) -> Option<&MoveSet> {
        self.0.moves.as_ref()
    }

    /// The Grundy value of a single heap of size `heap` (heap games only).
    ///
    /// Nim: the heap size itself. Subtraction and take-and-break games,
    /// Grundy's game: from the nim-sequence table kept with the ruleset
    /// (2 bytes per value); beyond it from the period once the periodicity
    /// theorem has proven one (so any `u64` heap answers at once: the table
    /// is doubled until the proof succeeds), otherwise by computing the
    /// table up to `heap`.
    ///
    /// # Errors
    /// [`Error::TableLimit`] when the value needs a table longer than
    /// `limits.max_table`; [`Error::ValueOverflow`] when a value in the
    /// table would exceed 65,535.
    pub fn heap_value(&self, heap: u64, limits: &Limits) -> Result<u64, Error> {
        match (self.rules(), self.move_set()) {
            (Rules::Nim, _) => Ok(heap),
            (_, Some(moves)) => self.0.table.with(self.word(), moves, heap, limits, |look| {
                look.get(heap) as u64
            }),
            _ => Err(Error::Unsupported(format!(
                "{} is not a heap game: its heaps have no values of their own",
                self.word()
            ))),
        }
    }

    /// Every option of a single heap of size `heap`, appended to `out`.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when the heap has more options than
    /// `limits.max_states` (a search could not store them anyway).
    pub(crate) fn heap_options(
        &self,
        heap: u64,
        limits: &Limits,
        out: &mut Vec<HeapMove>,
    ) -> Result<(), Error> {
        match self.rules() {
            Rules::Nim => {
                if heap > limits.max_states as u64 {
                    return Err(Error::StateLimit {
                        limit: limits.max_states,
                    });
                }
                out.extend((0..heap).rev().map(|to| HeapMove {
                    removed: heap - to,
                    parts: Parts::one(to),
                }));
            }
            Rules::Subtraction(set) => {
                let count: u64 = set
                    .ranges()
                    .iter()
                    .filter(|&&(lo, _)| lo <= heap)
                    .map(|&(lo, hi)| hi.min(heap) - lo + 1)
                    .fold(0, u64::saturating_add);
                if count > limits.max_states as u64 {
                    return Err(Error::StateLimit {
                        limit: limits.max_states,
                    });
                }
                set.options(heap, out)
            }
            Rules::TakeBreak(_) | Rules::Grundy => {
                if let Some(moves) = self.move_set() {
                    takebreak::options(moves, heap, limits, out)?;
                }
            }
        }
        Ok(())
    }

    /// The moves of one heap of size `heap` to a heap whose Grundy value is
    /// `target`, passed to `f` in order until it breaks.
    pub(crate) fn heap_moves_to(
        &self,
        heap: u64,
        target: u64,
        limits: &Limits,
        f: &mut dyn FnMut(HeapMove) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Error> {
        match self.rules() {
            Rules::Nim => Ok(match nim::move_to_value(heap, target) {
                Some(m) => f(m),
                None => ControlFlow::Continue(()),
            }),
            Rules::Subtraction(set) => {
                let mut options = Vec::new();
                set.options(heap, &mut options);
                for m in options {
                    if self.heap_value(m.parts.total(), limits)? == target && f(m).is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                }
                Ok(ControlFlow::Continue(()))
            }
            Rules::TakeBreak(_) | Rules::Grundy => {
                let Some(moves) = self.move_set() else {
                    return Ok(ControlFlow::Continue(()));
                };
                self.0
                    .table
                    .with(self.word(), moves, heap, limits, |look| {
                        takebreak::moves_to(self.word(), moves, heap, target, look, limits, f)
                    })?
            }
        }
    }

    /// Whether `m` is a legal option of a heap of size `heap`.
    pub(crate) fn heap_move_is_legal(&self, heap: u64, m: &HeapMove) -> bool {
        let conserves = m.removed.checked_add(m.parts.total()) == Some(heap);
        conserves
            && match self.rules() {
                Rules::Nim => m.removed >= 1 && m.parts.as_slice().len() == 1,
                Rules::Subtraction(set) => set.contains(m.removed) && m.parts.as_slice().len() == 1,
                Rules::TakeBreak(_) | Rules::Grundy => self
                    .move_set()
                    .is_some_and(|moves| takebreak::is_legal(moves, heap, m)),
            }
    }

    /// The Grundy value of a component with these heaps, or `None` when the
    /// theory gives none cheaply.
    pub(crate) fn component_value(&self, heaps: &[u64], limits: &Limits) -> Result<u64, Error> {
        match self.rules() {
            Rules::Nim => Ok(nim::value(heaps)),
            Rules::Subtraction(_) | Rules::TakeBreak(_) | Rules::Grundy => heaps
                .iter()
                .try_fold(0, |acc, &h| Ok(acc ^ self.heap_value(h, limits)?)),
        }
    }

    /// Every move of the component to a component of Grundy value `target`,
    /// given its present value `value`, passed to `f` in order (by heap, then
    /// by option) until it breaks.
    pub(crate) fn component_moves_to(
        &self,
        heaps: &[u64],
        value: u64,
        target: u64,
        limits: &Limits,
        f: &mut dyn FnMut(Action) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Error> {
        if let Rules::Nim = self.rules() {
            return Ok(nim::moves_to_value(heaps, value ^ target, f));
        }
        for (i, &h) in heaps.iter().enumerate() {
            let g = self.heap_value(h, limits)?;
            let want = g ^ value ^ target;
            let flow = self.heap_moves_to(h, want, limits, &mut |m| {
                f(Action::Heap {
                    heap: i,
                    from: h,
                    removed: m.removed,
                    parts: m.parts,
                })
            })?;
            if flow.is_break() {
                return Ok(flow);
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Every move of the component, appended to `out`.
    pub(crate) fn component_moves(
        &self,
        heaps: &[u64],
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let mut options = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            options.clear();
            self.heap_options(h, limits, &mut options)?;
            out.extend(options.iter().map(|m| Action::Heap {
                heap: i,
                from: h,
                removed: m.removed,
                parts: m.parts,
            }));
        }
        Ok(())
    }

    /// Checks that `action` is a legal move of a component with `heaps`.
    pub(crate) fn check(&self, heaps: &[u64], action: &Action) -> Result<(), String> {
        match action {
            Action::Heap {
                heap,
                from,
                removed,
                parts,
            } => {
                let Some(&h) = heaps.get(*heap) else {
                    return Err(format!(
                        "there is no heap {} (the component has {} heaps)",
                        heap + 1,
                        heaps.len()
                    ));
                };
                if h != *from {
                    return Err(format!("heap {} has {h} tokens, not {from}", heap + 1));
                }
                let m = HeapMove {
                    removed: *removed,
                    parts: *parts,
                };
                if !self.heap_move_is_legal(h, &m) {
                    return Err(format!(
                        "{} does not allow taking heap {} from {from} to {parts}",
                        self.word(),
                        heap + 1
                    ));
                }
                Ok(())
            }
        }
    }

    /// Applies a legal `action` to the heaps of a component: a heap that
    /// splits is replaced in place by its parts (increasing), a heap taken to
    /// nothing stays as 0.
    pub(crate) fn apply(&self, heaps: &mut Vec<u64>, action: &Action) {
        match action {
            Action::Heap { heap, parts, .. } => match parts.as_slice() {
                [] => heaps[*heap] = 0,
                [one] => heaps[*heap] = *one,
                many => {
                    heaps.splice(*heap..=*heap, many.iter().copied());
                }
            },
        }
    }

    /// Puts the heaps of a component into canonical order for a search key:
    /// heap games ignore order and empty heaps.
    pub(crate) fn canonicalize(&self, heaps: &mut Vec<u64>) {
        if self.is_heap_game() {
            heaps.retain(|&h| h != 0);
            heaps.sort_unstable();
        }
    }
}

impl std::str::FromStr for Ruleset {
    type Err = crate::ParseError;
    fn from_str(word: &str) -> Result<Ruleset, crate::ParseError> {
        Ruleset::parse(word).map_err(|e| e.placed(word, 1, 1))
    }
}

impl PartialEq for Ruleset {
    fn eq(&self, other: &Ruleset) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.rules == other.0.rules
    }
}

impl Eq for Ruleset {}

impl Hash for Ruleset {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.rules.hash(state);
    }
}

impl fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ruleset")
            .field("word", &self.word())
            .field("rules", self.rules())
            .finish()
    }
}

impl fmt::Display for Ruleset {
    /// The word, as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
