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
pub mod moore;
pub mod nim;
pub mod staircase;
pub mod subtraction;
pub mod takebreak;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::error::ParseErrorKind;
use crate::sequence::table::SharedTable;
use crate::takebreak::{MoveSet, TakeBreakCode};
use crate::{Action, Basis, Error, HeapChange, HeapMove, IllegalMoveKind, Limits, Parts, Place};

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
    /// Moore's Nim_k: take from at least one and at most `k` heaps at once
    /// (Moore 1910). `k >= 1`; `k = 1` is Nim.
    Moore {
        /// The most heaps one move may take from.
        k: u64,
    },
    /// Staircase Nim: the arguments are the coins on steps 1, 2, ...; a move
    /// carries coins from a step to the step below (from step 1 to the
    /// ground).
    Staircase,
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

/// The kind of move a ruleset has: which [`Action`] variant its moves use.
/// Move text is read and written by kind, not by ruleset name, so a new
/// ruleset of a known kind needs no new syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveKind {
    /// One heap loses some tokens and is replaced by at most three heaps
    /// ([`Action::Heap`]): Nim, subtraction games, take-and-break games.
    Heap,
    /// One to `max` heaps are reduced at once ([`Action::Heaps`]): Moore's
    /// Nim_k.
    Heaps {
        /// The most heaps one move may reduce (K of `moore:K`).
        max: u64,
    },
    /// Coins are carried from a step to the step below ([`Action::Stair`]):
    /// staircase Nim.
    Stair,
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
    searched: moore::ValueSearch,
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
            ("moore", Some(k)) => Rules::Moore {
                k: moore::parse_k(k)?,
            },
            ("moore", None) => {
                return Err(ParseErrorKind::BadRuleset(
                    "moore needs K, the most heaps a move may take from: e.g. moore:2".into(),
                ))
            }
            ("staircase", None) => Rules::Staircase,
            ("sub", None) => {
                return Err(ParseErrorKind::BadRuleset(
                    "sub needs its subtraction set, e.g. sub:1,3,4 or sub:1-3".into(),
                ))
            }
            ("nim", Some(_)) => return Err(ParseErrorKind::BadRuleset(
                "nim takes no parameter (for Moore's Nim_k write moore:K, for bounded Nim sub:1-K)"
                    .into(),
            )),
            ("staircase", Some(_)) => return Err(ParseErrorKind::BadRuleset(
                "staircase takes no parameter: write the coins on each step, e.g. staircase 3 1 2"
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
    pub(crate) fn from_rules(word: &str, rules: Rules) -> Ruleset {
        Ruleset(Arc::new(Inner {
            word: word.into(),
            moves: rules.move_set(),
            rules,
            searched: Default::default(),
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

    /// Whether a lone heap of this ruleset plays exactly like a Nim heap, so
    /// its nim-sequence is G(n) = n: Nim itself, Moore's Nim_k (one heap
    /// leaves nothing to combine) and staircase Nim (coins on step 1 go
    /// straight to the ground).
    ///
    /// ```
    /// use sprague::Ruleset;
    /// assert!("moore:3".parse::<Ruleset>()?.single_heap_is_nim());
    /// assert!(!"kayles".parse::<Ruleset>()?.single_heap_is_nim());
    /// # Ok::<(), sprague::ParseError>(())
    /// ```
    pub fn single_heap_is_nim(&self) -> bool {
        matches!(
            self.rules(),
            Rules::Nim | Rules::Moore { .. } | Rules::Staircase
        )
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
        if let Some(g) = self.closed_heap_value(heap) {
            return Ok(g);
        }
        match (self.rules(), self.move_set()) {
            (_, Some(moves)) => self.0.table.with(self.word(), moves, heap, limits, |look| {
                look.get(heap) as u64
            }),
            _ => Err(Error::Internal(format!(
                "{} is not a heap game: its heaps have no values of their own",
                self.word()
            ))),
        }
    }

    /// G(heap) of a lone heap by a closed form, when there is one: Nim, and
    /// the rulesets whose lone heap is a Nim heap (Moore's Nim_k, staircase
    /// Nim), `G(n) = n`; a subtraction set that is one range `a..=b`,
    /// `G(n) = floor((n mod (a + b)) / a)`. `None` for rulesets whose values
    /// come from a table.
    pub fn closed_heap_value(&self, heap: u64) -> Option<u64> {
        match self.rules() {
            _ if self.single_heap_is_nim() => Some(heap),
            Rules::Subtraction(set) => set
                .as_range()
                .map(|(a, b)| subtraction::range_value(a, b, heap)),
            _ => None,
        }
    }

    /// The preperiod and period of the nim-sequence by a closed form, when
    /// there is one (a subtraction set that is one range `a..=b`: 0 and
    /// `a + b`).
    pub fn closed_period(&self) -> Option<(u64, u64)> {
        match self.rules() {
            Rules::Subtraction(set) => set
                .as_range()
                .and_then(|(a, b)| Some((0, a.checked_add(b)?))),
            _ => None,
        }
    }

    fn not_a_heap_game(&self) -> Error {
        Error::Internal(format!(
            "{} is not a heap game: its heaps are not independent games",
            self.word()
        ))
    }

    /// The kind of move this ruleset's components have (the [`Action`]
    /// variant its moves use), which decides how a move is written and read
    /// (see [`movetext`](crate::movetext)).
    ///
    /// ```
    /// use sprague::{MoveKind, Ruleset};
    /// assert_eq!(Ruleset::nim().move_kind(), MoveKind::Heap);
    /// assert_eq!("moore:2".parse::<Ruleset>()?.move_kind(), MoveKind::Heaps { max: 2 });
    /// assert_eq!("staircase".parse::<Ruleset>()?.move_kind(), MoveKind::Stair);
    /// # Ok::<(), sprague::ParseError>(())
    /// ```
    pub fn move_kind(&self) -> MoveKind {
        match self.rules() {
            Rules::Moore { k } => MoveKind::Heaps { max: *k },
            Rules::Staircase => MoveKind::Stair,
            // Nim, subtraction games and every take-and-break game: one heap
            // loses tokens and may be split.
            _ => MoveKind::Heap,
        }
    }

    /// Whether a component with these heaps has at least one move, without
    /// listing its moves when a closed rule says (a component too large to
    /// list has moves).
    ///
    /// # Errors
    /// Errors other than the state limit from listing the moves.
    pub(crate) fn component_has_moves(
        &self,
        heaps: &[u64],
        limits: &Limits,
    ) -> Result<bool, Error> {
        match self.rules() {
            Rules::Nim | Rules::Moore { .. } | Rules::Staircase => Ok(heaps.iter().any(|&h| h > 0)),
            Rules::Subtraction(set) => Ok(heaps.iter().any(|&h| h >= set.min())),
            #[allow(unreachable_patterns)]
            _ => {
                let mut actions = Vec::new();
                match self.component_moves(heaps, limits, &mut actions) {
                    Ok(()) => Ok(!actions.is_empty()),
                    Err(Error::StateLimit { .. }) => Ok(true),
                    Err(e) => Err(e),
                }
            }
        }
    }

    /// A legal move of a component with these heaps, chosen with `pick`
    /// (which returns a number below its argument, which is at least 1), or
    /// `None` when there is no move.
    ///
    /// When the moves can be listed within `limits` one of them is picked
    /// uniformly; otherwise a heap (or step) is picked and one of its
    /// options, computed without listing the others.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when no heap's options can be found within the
    /// limits (a take-and-break game whose heaps are all huge), and the
    /// errors of the ruleset's value tables.
    pub(crate) fn random_action(
        &self,
        heaps: &[u64],
        limits: &Limits,
        pick: &mut dyn FnMut(u64) -> u64,
    ) -> Result<Option<Action>, Error> {
        let mut actions = Vec::new();
        match self.component_moves(heaps, limits, &mut actions) {
            Ok(()) if actions.is_empty() => return Ok(None),
            Ok(()) => {
                let i = pick(actions.len() as u64) as usize;
                return Ok(Some(actions.swap_remove(i)));
            }
            Err(Error::StateLimit { .. }) => {}
            Err(e) => return Err(e),
        }
        // Too many moves to list: pick a heap that has moves, then a move.
        let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        if live.is_empty() {
            return Ok(None);
        }
        let start = pick(live.len() as u64) as usize;
        let mut last_error = None;
        for n in 0..live.len() {
            let i = live[(start + n) % live.len()];
            let h = heaps[i];
            let heap_move = |removed: u64, parts: Parts| Action::Heap {
                heap: i,
                from: h,
                removed,
                parts,
            };
            match self.rules() {
                Rules::Moore { .. } => {
                    return Ok(Some(Action::Heaps {
                        changes: vec![HeapChange {
                            heap: i,
                            from: h,
                            to: pick(h),
                        }],
                    }))
                }
                Rules::Staircase => {
                    return Ok(Some(Action::Stair {
                        step: i,
                        from: h,
                        coins: 1 + pick(h),
                    }))
                }
                Rules::Nim => {
                    let removed = 1 + pick(h);
                    return Ok(Some(heap_move(removed, Parts::one(h - removed))));
                }
                Rules::Subtraction(set) => {
                    let count = set.count_up_to(h);
                    if count > 0 {
                        if let Some(s) = set.nth(pick(count)) {
                            return Ok(Some(heap_move(s, Parts::one(h - s))));
                        }
                    }
                }
                #[allow(unreachable_patterns)]
                _ => {
                    let mut options = Vec::new();
                    match self.heap_options(h, limits, &mut options) {
                        Ok(()) if options.is_empty() => {}
                        Ok(()) => {
                            let m = options[pick(options.len() as u64) as usize];
                            return Ok(Some(heap_move(m.removed, m.parts)));
                        }
                        Err(e @ Error::StateLimit { .. }) => last_error = Some(e),
                        Err(e) => return Err(e),
                    }
                }
            }
        }
        match last_error {
            Some(e) => Err(e),
            None => Ok(None),
        }
    }

    /// Checks the arguments of a component of this ruleset.
    ///
    /// # Errors
    /// A message saying what is wrong: a staircase holding more than
    /// 2^64 - 1 coins in all.
    pub fn check_arguments(&self, heaps: &[u64]) -> Result<(), String> {
        match self.rules() {
            Rules::Staircase => staircase::check_total(heaps),
            _ => Ok(()),
        }
    }

    /// The outcome class of a component under normal play when a theorem
    /// gives it without its Grundy value (Moore's theorem), else `None`.
    pub(crate) fn closed_outcome(&self, heaps: &[u64]) -> Option<crate::Outcome> {
        match self.rules() {
            Rules::Moore { k } => Some(crate::Outcome::from_next_player_wins(
                !moore::is_p_position(heaps, *k),
            )),
            _ => None,
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
                reserve(out, heap, limits)?;
                out.extend((0..heap).rev().map(|to| HeapMove {
                    removed: heap - to,
                    parts: Parts::one(to),
                }));
            }
            Rules::Subtraction(set) => {
                // A set with long ranges (`sub:1-1000000000`) has as many
                // options as a Nim heap.
                if set.count_up_to(heap) > limits.max_states as u64 {
                    return Err(Error::StateLimit {
                        limit: limits.max_states,
                    });
                }
                set.options(heap, out)
            }
            Rules::Moore { .. } | Rules::Staircase => return Err(self.not_a_heap_game()),
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
            Rules::Moore { .. } | Rules::Staircase => Err(self.not_a_heap_game()),
            Rules::Subtraction(set) if set.as_range().is_some() => {
                let (a, b) = set.as_range().unwrap_or((1, 1));
                Ok(subtraction::range_moves_to(a, b, heap, target, &mut |s| {
                    f(HeapMove {
                        removed: s,
                        parts: Parts::one(heap - s),
                    })
                }))
            }
            Rules::Subtraction(_) | Rules::TakeBreak(_) | Rules::Grundy => {
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
                Rules::Moore { .. } | Rules::Staircase => false,
                Rules::Subtraction(_) | Rules::TakeBreak(_) | Rules::Grundy => self
                    .move_set()
                    .is_some_and(|moves| takebreak::is_legal(moves, heap, m)),
            }
    }

    /// The Grundy value of a component with these heaps: by the closed form
    /// where there is one, else by the generic search.
    ///
    /// # Errors
    /// Limit errors when a table or search would pass `limits`.
    pub(crate) fn component_value(&self, heaps: &[u64], limits: &Limits) -> Result<u64, Error> {
        Ok(self.valued(heaps, limits)?.0)
    }

    /// The Grundy value of a component with these heaps and the basis that
    /// decided it, found together in one pass: Bouton's theorem (Nim,
    /// Nim_1), the staircase reduction, Moore's closed forms, a search, or
    /// the nim-sequence (a table when every heap is in it, else a period).
    ///
    /// # Errors
    /// Limit errors when a table or search would pass `limits`.
    pub(crate) fn valued(&self, heaps: &[u64], limits: &Limits) -> Result<(u64, Basis), Error> {
        match self.rules() {
            Rules::Nim => Ok((nim::value(heaps), Basis::Bouton)),
            Rules::Staircase => Ok((staircase::value(heaps), Basis::Staircase)),
            Rules::Moore { k } => match moore::closed_value(heaps, *k) {
                Some(v) if *k == 1 => Ok((v, Basis::Bouton)),
                Some(v) => Ok((v, Basis::Moore)),
                None => {
                    let v = self.0.searched.value(heaps, *k, limits)?;
                    let positions = self.0.searched.stored();
                    Ok((v, Basis::Search { positions }))
                }
            },
            Rules::Subtraction(set) if set.as_range().is_some() => Ok((
                heaps.iter().try_fold(0, |acc, &h| {
                    Ok::<_, Error>(acc ^ self.heap_value(h, limits)?)
                })?,
                Basis::Period,
            )),
            Rules::Subtraction(_) | Rules::TakeBreak(_) | Rules::Grundy => {
                let mut in_table = true;
                let mut value = 0;
                for &h in heaps {
                    let (g, listed) = self.table_value(h, limits)?;
                    value ^= g;
                    in_table &= listed;
                }
                Ok((
                    value,
                    if in_table {
                        Basis::Table
                    } else {
                        Basis::Period
                    },
                ))
            }
        }
    }

    /// G(heap) from the nim-sequence table, and whether the heap is in the
    /// table (rather than answered from the proven period).
    fn table_value(&self, heap: u64, limits: &Limits) -> Result<(u64, bool), Error> {
        match self.move_set() {
            Some(moves) => self.0.table.with(self.word(), moves, heap, limits, |look| {
                (look.get(heap) as u64, look.in_table(heap))
            }),
            None => self.heap_value(heap, limits).map(|g| (g, true)),
        }
    }

    /// Whether a component's winning moves are few enough to list them all
    /// whatever its heap sizes: at most one per heap and value (Nim, Nim_1,
    /// staircase Nim, subtraction games). Moore's Nim_k (k >= 2) and
    /// take-and-break games can have astronomically many.
    ///
    /// ```
    /// use sprague::Ruleset;
    /// assert!("sub:1,3,4".parse::<Ruleset>()?.few_winning_moves());
    /// assert!(!"moore:2".parse::<Ruleset>()?.few_winning_moves());
    /// # Ok::<(), sprague::ParseError>(())
    /// ```
    pub fn few_winning_moves(&self) -> bool {
        matches!(
            self.rules(),
            Rules::Nim | Rules::Staircase | Rules::Subtraction(_) | Rules::Moore { k: 1 }
        )
    }

    /// Whether every component of this ruleset is a Nim position (Nim,
    /// Moore's Nim_1), valued by Bouton's theorem and played under misère
    /// play by the misère Nim rule.
    pub(crate) fn is_nim(&self) -> bool {
        matches!(self.rules(), Rules::Nim | Rules::Moore { k: 1 })
    }

    /// The Grundy value of a whole component (not a heap game's single heap)
    /// when a closed form gives it without search or table: Nim (the
    /// nim-sum, Bouton 1901), staircase Nim (the nim-sum of the odd steps),
    /// Moore's Nim_k where [`moore::closed_value`] applies (`k = 1`, at most
    /// `k` non-empty heaps, a P-position); `None` otherwise.
    ///
    /// ```
    /// use sprague::Ruleset;
    /// let moore: Ruleset = "moore:3".parse()?;
    /// assert_eq!(moore.closed_component_value(&[5, 1000]), Some(1005));
    /// assert_eq!(moore.closed_component_value(&[1, 2, 4, 8]), None);
    /// # Ok::<(), sprague::ParseError>(())
    /// ```
    pub fn closed_component_value(&self, heaps: &[u64]) -> Option<u64> {
        match self.rules() {
            Rules::Nim => Some(nim::value(heaps)),
            Rules::Staircase => Some(staircase::value(heaps)),
            Rules::Moore { k } => moore::closed_value(heaps, *k),
            Rules::Subtraction(_) | Rules::TakeBreak(_) | Rules::Grundy => None,
        }
    }

    /// The number of winning moves of a lone component, when the theory
    /// counts them cheaply (Moore's Nim_k) and it is below 2^64.
    pub(crate) fn count_winning_moves(&self, heaps: &[u64]) -> Option<u64> {
        match self.rules() {
            Rules::Moore { k } => {
                moore::count_winning_moves(heaps, *k, 1 << 20).and_then(|n| u64::try_from(n).ok())
            }
            _ => None,
        }
    }

    /// The moves of a component to a component of Grundy value `target`,
    /// found by the generic search (for rulesets whose theory gives only the
    /// P-positions).
    fn searched_moves_to(
        &self,
        heaps: &[u64],
        target: u64,
        limits: &Limits,
        f: &mut dyn FnMut(Action) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Error> {
        let mut actions = Vec::new();
        self.component_moves(heaps, limits, &mut actions)?;
        for action in actions {
            let mut after = heaps.to_vec();
            self.apply(&mut after, &action);
            if self.component_value(&after, limits)? == target && f(action).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
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
        match self.rules() {
            Rules::Nim | Rules::Moore { k: 1 } => {
                return Ok(nim::moves_to_value_as(
                    heaps,
                    value ^ target,
                    self.rules(),
                    f,
                ))
            }
            Rules::Staircase => return Ok(staircase::moves_to_value(heaps, value ^ target, f)),
            Rules::Moore { k } if target == 0 => {
                return Ok(moore::winning_moves(heaps, *k, &mut |changes| {
                    f(Action::Heaps { changes })
                }))
            }
            Rules::Moore { k } => {
                let mut as_action = |changes| f(Action::Heaps { changes });
                if let Some(flow) = moore::closed_moves_to(heaps, *k, target, &mut as_action) {
                    return Ok(flow);
                }
                return self.searched_moves_to(heaps, target, limits, f);
            }
            Rules::Subtraction(_) | Rules::TakeBreak(_) | Rules::Grundy => {}
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
        match self.rules() {
            Rules::Moore { k } => {
                let mut options = Vec::new();
                moore::options(heaps, *k, limits.max_states, &mut options)?;
                out.extend(options.into_iter().map(|changes| Action::Heaps { changes }));
                return Ok(());
            }
            Rules::Staircase => {
                let total = heaps.iter().fold(0u64, |a, &c| a.saturating_add(c));
                reserve(out, total, limits)?;
                for (step, &from) in heaps.iter().enumerate() {
                    out.extend((1..=from).map(|coins| Action::Stair { step, from, coins }));
                }
                return Ok(());
            }
            Rules::Nim | Rules::Subtraction(_) | Rules::TakeBreak(_) | Rules::Grundy => {}
        }
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
    pub(crate) fn check(&self, heaps: &[u64], action: &Action) -> Result<(), IllegalMoveKind> {
        match action {
            Action::Heap {
                heap,
                from,
                removed,
                parts,
            } => {
                let Some(&h) = heaps.get(*heap) else {
                    return Err(IllegalMoveKind::NoSuch {
                        place: Place::Heap,
                        index: *heap,
                        count: heaps.len(),
                    });
                };
                if h != *from {
                    return Err(IllegalMoveKind::HoldsOther {
                        place: Place::Heap,
                        index: *heap,
                        has: h,
                        claimed: *from,
                    });
                }
                let m = HeapMove {
                    removed: *removed,
                    parts: *parts,
                };
                if !self.heap_move_is_legal(h, &m) {
                    return Err(IllegalMoveKind::NotAllowed {
                        ruleset: self.word().into(),
                        heap: *heap,
                        from: *from,
                        parts: *parts,
                    });
                }
                Ok(())
            }
            Action::Heaps { changes } => {
                let Rules::Moore { k } = self.rules() else {
                    return Err(IllegalMoveKind::OneHeapAtATime {
                        ruleset: self.word().into(),
                    });
                };
                if changes.is_empty() {
                    return Err(IllegalMoveKind::NoHeapNamed);
                }
                if changes.len() as u64 > *k {
                    return Err(IllegalMoveKind::TooManyHeaps {
                        ruleset: self.word().into(),
                        max: *k,
                        count: changes.len(),
                    });
                }
                for (n, c) in changes.iter().enumerate() {
                    if changes[..n].iter().any(|d| d.heap == c.heap) {
                        return Err(IllegalMoveKind::NamedTwice { heap: c.heap });
                    }
                    let Some(&h) = heaps.get(c.heap) else {
                        return Err(IllegalMoveKind::NoSuch {
                            place: Place::Heap,
                            index: c.heap,
                            count: heaps.len(),
                        });
                    };
                    if h != c.from {
                        return Err(IllegalMoveKind::HoldsOther {
                            place: Place::Heap,
                            index: c.heap,
                            has: h,
                            claimed: c.from,
                        });
                    }
                    if c.to >= c.from {
                        return Err(IllegalMoveKind::MustGetSmaller {
                            heap: c.heap,
                            from: c.from,
                            to: c.to,
                        });
                    }
                }
                Ok(())
            }
            Action::Stair { step, from, coins } => {
                if !matches!(self.rules(), Rules::Staircase) {
                    return Err(IllegalMoveKind::NoSteps {
                        ruleset: self.word().into(),
                    });
                }
                let Some(&c) = heaps.get(*step) else {
                    return Err(IllegalMoveKind::NoSuch {
                        place: Place::Step,
                        index: *step,
                        count: heaps.len(),
                    });
                };
                if c != *from {
                    return Err(IllegalMoveKind::HoldsOther {
                        place: Place::Step,
                        index: *step,
                        has: c,
                        claimed: *from,
                    });
                }
                if *coins == 0 || *coins > c {
                    return Err(IllegalMoveKind::CoinsOutOfRange {
                        step: *step,
                        has: c,
                        coins: *coins,
                    });
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
            Action::Heaps { changes } => {
                for c in changes {
                    heaps[c.heap] = c.to;
                }
            }
            Action::Stair { step, coins, .. } => {
                heaps[*step] -= coins;
                if *step > 0 {
                    // Cannot overflow: a staircase holds at most 2^64 - 1
                    // coins in all (`check_arguments`).
                    heaps[*step - 1] += coins;
                }
            }
        }
    }

    /// Puts the heaps of a component into canonical order for a search key:
    /// heap games ignore order and empty heaps.
    pub(crate) fn canonicalize(&self, heaps: &mut Vec<u64>) {
        match self.rules() {
            Rules::Staircase => {
                while heaps.last() == Some(&0) {
                    heaps.pop();
                }
            }
            _ => {
                heaps.retain(|&h| h != 0);
                heaps.sort_unstable();
            }
        }
    }
}

/// Makes room for `n` more options in `out`, or fails with the state limit
/// when `n` passes it or the memory cannot be had (never a panic or abort).
pub(crate) fn reserve<T>(out: &mut Vec<T>, n: u64, limits: &Limits) -> Result<(), Error> {
    let limit = Error::StateLimit {
        limit: limits.max_states,
    };
    let n = usize::try_from(n).map_err(|_| limit.clone())?;
    if n > limits.max_states {
        return Err(limit);
    }
    out.try_reserve(n).map_err(|_| limit)
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
