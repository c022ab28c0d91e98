//! Games of several numbers stated in one line (`tuple:OPTIONS`, issue
//! 57): a position is a tuple of heaps `a b c`, and a move replaces it by
//! one of the tuples its options write, as expressions of the heaps and of
//! bound variables.
//!
//! ```text
//! tuple:perm:(a-k,b,c),(a-k,b-k,c),(a-k,b-k,c-k)
//! ```
//!
//! is three-heap Wythoff (Project Euler 260): take any amount from one
//! heap, the same amount from two, or from all three. The grammar:
//!
//! - `perm:` first (optional): every option is played on every order of
//!   the heaps (`(a-k,b,c)` then takes from any one heap);
//! - options separated by `,`; each is a tuple `(E1,...,Ed)` of what the
//!   move leaves in heaps `a`, `b`, ... (every tuple of a rule has the same
//!   d, at most 8; the position has d heaps), or `subset(E)`: every heap x
//!   of a non-empty set of heaps becomes E (any number of heaps;
//!   `subset(x-1)` takes one token from each heap of the set); then its
//!   conditions, each after a `:` (all must hold; for `subset(E)`, for
//!   each heap of the set);
//! - expressions: whole numbers, heap names (`a` to `h`; `x` in
//!   `subset(E)`), bound variables (any other name: `k`, `m`, `take`; at
//!   most three an option), `-`, `*`, `/` (rounding down), `%`,
//!   parentheses (no `+`, which separates the components of a position);
//! - conditions: two expressions compared by `==` (or `=`), `!=`, `<`,
//!   `<=`, `>`, `>=`.
//!
//! A bound variable takes every value from 0 to the largest heap of the
//! position. An option is a move where its conditions hold, each of its
//! expressions is a whole number (a difference below 0 or a division by 0
//! is none), no heap grows and at least one shrinks: so the total of the
//! heaps falls with every move, play always ends, and the options of a
//! position are finitely many (at most (largest heap + 1)^3 · 720 per
//! option). An option that leaves every heap as it is or only reorders
//! them is refused when the rule is read.
//!
//! **Values.** The Grundy value of the tuple, one game, is the mex of its
//! options' values (the Sprague-Grundy theorem), found by a memoised
//! search over the tuples it reaches, kept with the ruleset; over sorted
//! tuples when the options do not depend on the order of the heaps
//! (`perm:` rules, and rules of `subset(E)` options alone). The search
//! stores at most `Limits::max_states` tuples (with the options waiting on
//! its stack; [`Error::StateLimit`]) and examines at most
//! [`WORK_PER_STATE`] candidate options per tuple it may store
//! ([`Error::WorkLimit`]), so every question ends.
//!
//! **Theorem.** `tuple:subset(x-1)` (CSES 2208, "Another Game") has the
//! P-positions where every heap is even: from them every move leaves an odd
//! heap, and from any other the one move taking a token from each odd heap
//! leaves all even. A lone component is answered by it, at any size.

pub mod eval;
pub mod parser;

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Mutex;

use self::eval::{Exhausted, Lister};
use self::parser::{Body, Expr, TupleRule};
use super::rules::{Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::error::ParseErrorKind;
use crate::{Action, Basis, Error, HeapChange, IllegalMoveKind, Limits, Outcome, Play};

/// The candidate options a search may examine per tuple of its state
/// limit (a `perm:` option of three heaps and one bound variable has
/// 6 · (largest heap + 1) candidates).
pub const WORK_PER_STATE: u64 = 4096;

/// The basis of an outcome of `tuple:subset(x-1)` by its parity theorem.
pub const SUBSET_PARITY: Basis = Basis::Theorem {
    word: "subset-parity",
    name: "taking one token from each heap of a non-empty set: a P-position exactly when every \
           heap is even",
};

/// A `tuple:` game: the rule, its lister and the values found so far.
#[derive(Debug)]
pub struct TupleGame {
    canonical: String,
    rule: TupleRule,
    lister: Lister,
    /// Whether the options do not depend on the order of the heaps (values
    /// are then searched over sorted tuples).
    symmetric: bool,
    /// Whether the rule is `subset(x-1)` alone (the parity theorem).
    parity: bool,
    memo: Mutex<HashMap<Vec<u64>, u64>>,
}

/// A search frame: a tuple's key, its options' keys and the next to value.
struct Frame {
    key: Vec<u64>,
    options: Vec<Vec<u64>>,
    next: usize,
}

impl TupleGame {
    /// Reads `text`, the part of `word` after `tuple:` (`word` is the
    /// whole word, for the columns of errors).
    ///
    /// # Errors
    /// The message of a [`parser::TupleError`], naming the column.
    pub fn new(word: &str, text: &str) -> Result<TupleGame, String> {
        let offset = word.len() - text.len();
        let rule = parser::parse_tuple_rule(text, offset).map_err(|e| format!("{word}: {e}"))?;
        let symmetric = rule.perm || rule.arity.is_none();
        let parity = rule.arity.is_none()
            && rule.options.len() == 1
            && rule.options[0].conds.is_empty()
            && rule.options[0].body
                == Body::Subset(Expr::Sub(Box::new(Expr::Heap(0)), Box::new(Expr::Num(1))));
        Ok(TupleGame {
            canonical: format!("tuple:{text}"),
            lister: Lister::new(&rule),
            rule,
            symmetric,
            parity,
            memo: Mutex::default(),
        })
    }

    /// The search key of a tuple: sorted when order does not matter (and
    /// without empty heaps for `subset(E)` rules, whose heaps of 0 never
    /// move: E is below x for a heap that changes).
    fn key(&self, heaps: &[u64]) -> Vec<u64> {
        let mut key = heaps.to_vec();
        if self.rule.arity.is_none() {
            key.retain(|&h| h != 0);
        }
        if self.symmetric {
            key.sort_unstable();
        }
        key
    }

    fn work_limit(limits: &Limits) -> Error {
        Error::WorkLimit {
            options: (limits.max_states as u64).saturating_mul(WORK_PER_STATE),
            states: limits.max_states,
            per_state: WORK_PER_STATE,
        }
    }

    /// Every distinct option of `heaps`, in heap order, in the order found.
    fn options(&self, heaps: &[u64], budget: &mut u64) -> Result<Vec<Vec<u64>>, Exhausted> {
        let mut out: Vec<Vec<u64>> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        self.lister.each(&self.rule, heaps, budget, &mut |o| {
            if seen.insert(o.to_vec()) {
                out.push(o.to_vec());
            }
            false
        })?;
        Ok(out)
    }

    fn frame(&self, key: Vec<u64>, budget: &mut u64) -> Result<Frame, Exhausted> {
        let mut options: Vec<Vec<u64>> = self
            .options(&key, budget)?
            .iter()
            .map(|o| self.key(o))
            .collect();
        options.sort_unstable();
        options.dedup();
        Ok(Frame {
            key,
            options,
            next: 0,
        })
    }

    /// The Grundy value of `heaps`, searching the tuples not yet known.
    ///
    /// # Errors
    /// [`Error::StateLimit`] past `limits.max_states` tuples stored (with
    /// the options waiting on the stack), [`Error::WorkLimit`] past
    /// [`WORK_PER_STATE`] candidates per state.
    pub fn value(&self, heaps: &[u64], limits: &Limits) -> Result<u64, Error> {
        Ok(self.searched(heaps, limits)?.0)
    }

    /// The Grundy value of `heaps` and the number of tuples whose values
    /// are kept (those of earlier questions too).
    fn searched(&self, heaps: &[u64], limits: &Limits) -> Result<(u64, u64), Error> {
        let root = self.key(heaps);
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&g) = memo.get(&root) {
            return Ok((g, memo.len() as u64));
        }
        if memo.len() > limits.max_states {
            // Values kept from earlier questions do not count against this
            // one's limit.
            memo.clear();
        }
        let start = memo.len();
        let mut budget = (limits.max_states as u64).saturating_mul(WORK_PER_STATE);
        let exhausted = |_| Self::work_limit(limits);
        let first = self.frame(root.clone(), &mut budget).map_err(exhausted)?;
        let mut stacked = first.options.len();
        let mut stack = vec![first];
        while let Some(top) = stack.last_mut() {
            while top.next < top.options.len() && memo.contains_key(&top.options[top.next]) {
                top.next += 1;
            }
            if top.next < top.options.len() {
                let child = top.options[top.next].clone();
                let frame = self.frame(child, &mut budget).map_err(exhausted)?;
                stacked += frame.options.len();
                stack.push(frame);
            } else {
                let frame = stack.pop().unwrap_or_else(|| unreachable!());
                stacked -= frame.options.len();
                let g = crate::mex(frame.options.iter().map(|o| memo[o]));
                memo.insert(frame.key, g);
            }
            if (memo.len() - start).saturating_add(stacked + stack.len()) > limits.max_states {
                return Err(Error::StateLimit {
                    limit: limits.max_states,
                });
            }
        }
        Ok((memo[&root], memo.len() as u64))
    }

    /// Whether every heap is even (the parity theorem's P-positions).
    fn all_even(heaps: &[u64]) -> bool {
        heaps.iter().all(|h| h % 2 == 0)
    }

    /// The move from `heaps` to `after` (the heaps that changed).
    fn action(heaps: &[u64], after: &[u64]) -> Action {
        Action::Heaps {
            changes: heaps
                .iter()
                .zip(after)
                .enumerate()
                .filter(|(_, (h, a))| h != a)
                .map(|(heap, (&from, &to))| HeapChange { heap, from, to })
                .collect(),
        }
    }

    /// Every distinct option of `heaps` within the work the limits allow.
    fn listed(&self, heaps: &[u64], limits: &Limits) -> Result<Vec<Vec<u64>>, Error> {
        let mut budget = (limits.max_states as u64).saturating_mul(WORK_PER_STATE);
        let out = self
            .options(heaps, &mut budget)
            .map_err(|_| Self::work_limit(limits))?;
        if out.len() > limits.max_states {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        Ok(out)
    }
}

impl Rules for TupleGame {
    type Position = crate::Numbers;

    fn canonical(&self) -> String {
        self.canonical.clone()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Heaps {
            max: self.rule.arity.map_or(u64::MAX, |d| d as u64),
        }
    }

    fn check_arguments(&self, args: &crate::Numbers) -> Result<(), ArgumentError> {
        match self.rule.arity {
            Some(d) => ArgumentError::expect_count(
                args.len(),
                d,
                "heaps (one for each expression of a tuple)",
            ),
            None => Ok(()),
        }
    }

    fn valued(&self, args: &crate::Numbers, limits: &Limits) -> Result<(u64, Basis), Error> {
        if self.parity && Self::all_even(args) {
            return Ok((0, SUBSET_PARITY));
        }
        let (g, positions) = self.searched(args, limits)?;
        Ok((g, Basis::Search { positions }))
    }

    fn closed_value(&self, args: &crate::Numbers) -> Option<u64> {
        (self.parity && Self::all_even(args)).then_some(0)
    }

    fn lone_outcome(&self, args: &crate::Numbers, play: Play) -> Option<(Outcome, Basis)> {
        (self.parity && play == Play::Normal).then(|| {
            (
                Outcome::from_next_player_wins(!Self::all_even(args)),
                SUBSET_PARITY,
            )
        })
    }

    /// The one winning move of `subset(x-1)`: a token from each odd heap.
    fn lone_winning_moves(
        &self,
        args: &crate::Numbers,
        play: Play,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        if !self.parity || play != Play::Normal {
            return Err(Error::Internal(format!(
                "{} has no theorem for the winning moves of a lone component",
                self.canonical
            )));
        }
        if Self::all_even(args) {
            return Ok(ControlFlow::Continue(()));
        }
        let after: Vec<u64> = args.iter().map(|&h| h - h % 2).collect();
        Ok(f(Self::action(args, &after)))
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &crate::Numbers, limits: &Limits) -> Result<bool, Error> {
        if self.parity {
            return Ok(args.iter().any(|&h| h > 0));
        }
        let mut budget = (limits.max_states as u64).saturating_mul(WORK_PER_STATE);
        self.lister
            .each(&self.rule, args, &mut budget, &mut |_| true)
            .map_err(|_| Self::work_limit(limits))
    }

    fn moves(
        &self,
        args: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let options = self.listed(args, limits)?;
        super::reserve(out, options.len() as u64, limits)?;
        out.extend(options.iter().map(|o| Self::action(args, o)));
        Ok(())
    }

    fn moves_to(
        &self,
        args: &crate::Numbers,
        _: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        for o in self.listed(args, limits)? {
            if self.value(&o, limits)? == target && f(Self::action(args, &o)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn check(
        &self,
        word: &str,
        args: &crate::Numbers,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let max = self.rule.arity.map_or(u64::MAX, |d| d as u64);
        let changes = super::check_heap_changes(word, args, action, max)?;
        let mut after = args.clone();
        for c in changes {
            after[c.heap] = c.to;
        }
        let limits = Limits::default();
        let mut budget = (limits.max_states as u64).saturating_mul(WORK_PER_STATE);
        match eval::is_option(&self.lister, &self.rule, args, &after, &mut budget) {
            Ok(true) => Ok(()),
            Ok(false) => Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "no option of the rule leaves those heaps",
            }),
            Err(Exhausted) => Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "the rule has too many options here to check the move",
            }),
        }
    }

    fn apply(&self, args: &mut Vec<u64>, action: &Action) {
        if let Action::Heaps { changes } = action {
            for c in changes {
                args[c.heap] = c.to;
            }
        }
    }

    fn canonicalize(&self, args: &mut Vec<u64>) {
        *args = self.key(args);
    }

    fn move_summary(&self) -> Option<String> {
        Some(format!(
            "change heaps to a tuple the rule {} allows (type the position it leaves)",
            self.canonical
        ))
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A {word} tuple is one game: its value is the mex of the values of the tuples its \
             options leave, found by a search over the tuples it reaches."
        )
    }
}

/// Parses `tuple:OPTIONS`.
pub(crate) fn parse(
    word: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    let text = param.unwrap_or("");
    let game = TupleGame::new(word, text).map_err(ParseErrorKind::BadRuleset)?;
    Ok(Box::new(game))
}
