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
//! them is refused when the rule is read, and so is one whose writing
//! shows it can never move (a part never a whole number: `k/0`, `1-2`;
//! a condition comparing two numbers that fails: `1>2`); one that never
//! moves for other reasons (`k<0`) is accepted and is no move.
//!
//! **Values.** The Grundy value of the tuple, one game, is the mex of its
//! options' values (the Sprague-Grundy theorem), found by a memoised
//! search over the tuples it reaches, kept with the ruleset; over sorted
//! tuples when the options do not depend on the order of the heaps
//! (`perm:` rules, and rules of `subset(E)` options alone). The search
//! stores at most `Limits::max_states` tuples (with the options waiting on
//! its stack; [`Error::StateLimit`]) and examines at most
//! [`WORK_PER_STATE`] candidate options per tuple it may store
//! ([`Error::WorkLimit`]), so every question ends; a question whose
//! tuples or candidates certainly pass those limits (a lower bound from
//! the heaps a move lowers alone by any amount) is refused before the
//! search starts.
//!
//! **Line rules.** The P-positions of a rule whose every option takes the
//! same k >= 1 from a fixed set of heaps (three-heap Wythoff) come, up to
//! a bound, from a sieve over the lines of its moves ([`sieve`]).
//!
//! **Theorem.** `tuple:subset(x-1)` (CSES 2208, "Another Game") has the
//! P-positions where every heap is even: from them every move leaves an odd
//! heap, and from any other the one move taking a token from each odd heap
//! leaves all even. A lone component is answered by it, at any size.

pub mod eval;
pub mod once;
pub mod parser;
mod project;
pub mod sieve;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
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
/// 6 · (largest heap + 1) candidates; most tuples a search stores are
/// smaller than the one asked). A tuple whose own candidates pass the whole
/// budget is refused before any is listed.
pub const WORK_PER_STATE: u64 = 256;

/// The basis of an outcome of `tuple:subset(x-1)` by its parity theorem.
pub const SUBSET_PARITY: Basis = Basis::Theorem {
    word: "subset-parity",
    name: "taking one token from each heap of a non-empty set: a P-position exactly when every \
           heap is even",
};

/// The basis of an outcome of `tuple:last:one(x-1)` by its alternation
/// theorem.
pub const ALTERNATION: Basis = Basis::Theorem {
    word: "alternation",
    name: "one token from a heap other than the one the last move took from: the player to \
           move wins exactly when a heap they may take from holds more than all the others, or \
           else when the barred heap holds no more than all the others and the total is odd",
};

/// Whether the player to move wins `tuple:last:one(x-1)` with `heaps`,
/// heap `barred` not to be taken from (Codeforces 1396B, generalised to
/// any position). With S the total: a heap one may take from holding more
/// than S minus it wins (take from it every turn: the others run out
/// first); else a barred heap holding more than S minus it loses (every
/// move leaves the opponent such a heap to take from); else every move
/// keeps the game balanced and it lasts S moves, so an odd S wins.
/// Checked against the search on every small position in
/// `tests/tuple_rules.rs`. O(number of heaps).
pub fn alternation_wins(heaps: &[u64], barred: Option<usize>) -> bool {
    let total: u128 = heaps.iter().map(|&h| u128::from(h)).sum();
    let free_max = (0..heaps.len())
        .filter(|&i| Some(i) != barred)
        .map(|i| u128::from(heaps[i]))
        .max()
        .unwrap_or(0);
    let barred_heap = barred.map_or(0, |b| u128::from(heaps[b]));
    2 * free_max > total || (2 * barred_heap <= total && total % 2 == 1)
}

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
    /// Whether the rule is `last:one(x-1)` alone (the alternation theorem).
    alternate: bool,
    memo: Mutex<HashMap<Vec<u64>, u64>>,
    /// The line sieve, for a line rule.
    sieve: Option<sieve::LineSieve>,
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
        let rule = read(word, text)?;
        if rule.once {
            return Err(format!(
                "{word}: a once: rule remembers amounts per heap: it is a once::OnceGame"
            ));
        }
        Ok(TupleGame::from_rule(text, rule))
    }

    /// The game of a rule read from `text` (not `once:`).
    fn from_rule(text: &str, rule: TupleRule) -> TupleGame {
        let symmetric = rule.perm || rule.arity.is_none();
        let take_one = Expr::Sub(Box::new(Expr::Heap(0)), Box::new(Expr::Num(1)));
        let alone = |body: Body| {
            rule.options.len() == 1
                && rule.options[0].conds.is_empty()
                && rule.options[0].body == body
        };
        let parity = !rule.last && alone(Body::Subset(take_one.clone()));
        let alternate = rule.last && alone(Body::One(take_one));
        TupleGame {
            canonical: format!("tuple:{text}"),
            lister: Lister::new(&rule),
            sieve: sieve::LineSieve::of(&rule),
            rule,
            symmetric,
            parity,
            alternate,
            memo: Mutex::default(),
        }
    }

    /// The line sieve of the rule, when it is a line rule (every option
    /// takes the same amount k >= 1 from a fixed set of heaps): its
    /// P-positions up to a bound without a search
    /// ([`sieve::LineSieve::p_positions`]).
    pub fn line_sieve(&self) -> Option<&sieve::LineSieve> {
        self.sieve.as_ref()
    }

    /// The search key of a tuple: sorted when order does not matter (and
    /// without empty heaps for `subset(E)` rules, whose heaps of 0 never
    /// move: E is below x for a heap that changes).
    fn key(&self, position: &[u64]) -> Vec<u64> {
        if self.rule.last {
            // The heap the last move changed first (when it can still
            // change: a heap of 0 never does), then the others sorted
            // without heaps of 0, then 1, or 0 when no heap is barred.
            let (heaps, barred) = self.split(position);
            let last = barred.map(|b| heaps[b]).filter(|&v| v > 0);
            let mut key: Vec<u64> = last.into_iter().collect();
            let mut others: Vec<u64> = (0..heaps.len())
                .filter(|&i| Some(i) != barred && heaps[i] > 0)
                .map(|i| heaps[i])
                .collect();
            others.sort_unstable();
            key.extend(others);
            key.push(u64::from(last.is_some()));
            return key;
        }
        let heaps = position;
        let mut key = heaps.to_vec();
        if self.rule.arity.is_none() {
            key.retain(|&h| h != 0);
        }
        if self.symmetric {
            key.sort_unstable();
        }
        key
    }

    /// The most heaps one move changes.
    fn max_changed(&self) -> u64 {
        if self.rule.last {
            1
        } else {
            self.rule.arity.map_or(u64::MAX, |d| d as u64)
        }
    }

    fn work_limit(limits: &Limits) -> Error {
        Error::WorkLimit {
            options: (limits.max_states as u64).saturating_mul(WORK_PER_STATE),
            states: limits.max_states,
            per_state: WORK_PER_STATE,
        }
    }

    /// The heaps of a position, and the heap a move may not change (for
    /// `last:` rules, the position's last number less one).
    fn split<'p>(&self, position: &'p [u64]) -> (&'p [u64], Option<usize>) {
        match position.split_last() {
            Some((&last, heaps)) if self.rule.last => {
                (heaps, last.checked_sub(1).map(|b| b as usize))
            }
            _ => (position, None),
        }
    }

    /// Every distinct option of `position` (with the heap it changed
    /// remembered, for `last:` rules), in the order found, or its search
    /// key when `keyed`.
    fn options_as(
        &self,
        position: &[u64],
        keyed: bool,
        budget: &mut u64,
    ) -> Result<Vec<Vec<u64>>, Exhausted> {
        let (heaps, barred) = self.split(position);
        let mut out: Vec<Vec<u64>> = Vec::new();
        let mut seen: HashSet<Vec<u64>> = HashSet::default();
        let mut o: Vec<u64> = Vec::with_capacity(position.len());
        self.lister.each(&self.rule, heaps, budget, &mut |found| {
            o.clear();
            o.extend_from_slice(found);
            if self.rule.last {
                let Some(changed) = (0..heaps.len()).find(|&i| heaps[i] != o[i]) else {
                    return false;
                };
                if Some(changed) == barred {
                    return false;
                }
                o.push(changed as u64 + 1);
            }
            if keyed {
                if self.rule.last || self.rule.arity.is_none() {
                    o = self.key(&o);
                } else if self.symmetric {
                    o.sort_unstable();
                }
            }
            // Options found twice (by two orders of the heaps, two values
            // of a bound variable) are kept once, copied only the first
            // time.
            if !seen.contains(o.as_slice()) {
                seen.insert(o.clone());
                out.push(o.clone());
            }
            false
        })?;
        Ok(out)
    }

    /// Every distinct option of `position`, in the order found.
    fn options(&self, position: &[u64], budget: &mut u64) -> Result<Vec<Vec<u64>>, Exhausted> {
        self.options_as(position, false, budget)
    }

    fn frame(&self, key: Vec<u64>, budget: &mut u64) -> Result<Frame, Exhausted> {
        let options = self.options_as(&key, true, budget)?;
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
        self.projected(&root, memo.len() as u128, limits)?;
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

    /// Every winning move of `last:one(x-1)`: a token from heap i wins when
    /// what it leaves, with heap i barred, loses for the opponent. O(number
    /// of heaps), with the two largest heaps kept.
    fn alternation_moves(&self, args: &[u64], f: Visit<'_, Action>) -> ControlFlow<()> {
        let (heaps, barred) = self.split(args);
        let total: u128 = heaps.iter().map(|&h| u128::from(h)).sum();
        // The largest heap's index and the second largest heap.
        let top = (0..heaps.len()).max_by_key(|&i| heaps[i]);
        let second = (0..heaps.len())
            .filter(|&i| Some(i) != top)
            .map(|i| heaps[i])
            .max()
            .unwrap_or(0);
        for i in 0..heaps.len() {
            if Some(i) == barred || heaps[i] == 0 {
                continue;
            }
            let left = total - 1;
            let others_max = u128::from(if Some(i) == top {
                second
            } else {
                top.map_or(0, |t| heaps[t])
            });
            let now_barred = u128::from(heaps[i] - 1);
            let opponent_wins = 2 * others_max > left || (2 * now_barred <= left && left % 2 == 1);
            if !opponent_wins {
                f(Action::Heaps {
                    changes: vec![HeapChange {
                        heap: i,
                        from: heaps[i],
                        to: heaps[i] - 1,
                    }],
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether every heap is even (the parity theorem's P-positions).
    fn all_even(heaps: &[u64]) -> bool {
        heaps.iter().all(|h| h % 2 == 0)
    }

    /// The move from `position` to `after` (the heaps that changed; a
    /// `last:` rule's memory changes with them, by [`Rules::apply`]).
    fn action(&self, position: &[u64], after: &[u64]) -> Action {
        let heaps = self.split(position).0;
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
            max: self.max_changed(),
        }
    }

    fn check_arguments(&self, args: &crate::Numbers) -> Result<(), ArgumentError> {
        if self.rule.last {
            return match args.split_last() {
                None => Err(ArgumentError::Count {
                    expected: 1,
                    found: 0,
                    what: "numbers (the heaps, then the heap the last move changed, from 1; 0 \
                           for none)",
                }),
                Some((&last, heaps)) if last > heaps.len() as u64 => Err(ArgumentError::At {
                    index: heaps.len(),
                    why: format!(
                        "the last number is the heap the last move changed (from 1; 0 for \
                         none), and {}",
                        if heaps.len() == 1 {
                            "there is 1 heap".to_string()
                        } else {
                            format!("there are {} heaps", heaps.len())
                        }
                    )
                    .into(),
                }),
                Some(_) => Ok(()),
            };
        }
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
        if self.closed_value(args) == Some(0) {
            return Ok((0, ALTERNATION));
        }
        let (g, positions) = self.searched(args, limits)?;
        Ok((g, Basis::Search { positions }))
    }

    fn closed_value(&self, args: &crate::Numbers) -> Option<u64> {
        let (heaps, barred) = self.split(args);
        let p = (self.parity && Self::all_even(args))
            || (self.alternate && !alternation_wins(heaps, barred));
        p.then_some(0)
    }

    fn lone_outcome(&self, args: &crate::Numbers, play: Play) -> Option<(Outcome, Basis)> {
        if play != Play::Normal {
            return None;
        }
        if self.alternate {
            let (heaps, barred) = self.split(args);
            return Some((
                Outcome::from_next_player_wins(alternation_wins(heaps, barred)),
                ALTERNATION,
            ));
        }
        self.parity.then(|| {
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
        if self.alternate && play == Play::Normal {
            return Ok(self.alternation_moves(args, f));
        }
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
        Ok(f(self.action(args, &after)))
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
        out.extend(options.iter().map(|o| self.action(args, o)));
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
            if self.value(&o, limits)? == target && f(self.action(args, &o)).is_break() {
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
        let (heaps, barred) = self.split(args);
        let changes = super::check_heap_changes(word, heaps, action, self.max_changed())?;
        if changes.iter().any(|c| Some(c.heap) == barred) {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "a move may not change the heap the last move changed (the last number)",
            });
        }
        let mut after = heaps.to_vec();
        for c in changes {
            after[c.heap] = c.to;
        }
        let limits = Limits::default();
        let mut budget = (limits.max_states as u64).saturating_mul(WORK_PER_STATE);
        match eval::is_option(&self.lister, &self.rule, heaps, &after, &mut budget) {
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
            if let (true, Some(c), Some(last)) = (self.rule.last, changes.first(), args.last_mut())
            {
                *last = c.heap as u64 + 1;
            }
        }
    }

    fn canonicalize(&self, args: &mut Vec<u64>) {
        *args = self.key(args);
    }

    /// A move typed as the whole position it leaves, for a `last:` rule:
    /// the heaps that changed, with the last number naming the heap
    /// changed (as [`Rules::apply`] sets it). Other rules read the heaps
    /// that changed as the move.
    fn actions_between(&self, before: &Vec<u64>, after: &Vec<u64>) -> Vec<Action> {
        if !self.rule.last || before.len() != after.len() {
            return Vec::new();
        }
        let action = self.action(before, self.split(after).0);
        let mut reached = before.clone();
        self.apply(&mut reached, &action);
        match &action {
            Action::Heaps { changes } if !changes.is_empty() && reached == *after => vec![action],
            _ => Vec::new(),
        }
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
    let rule = read(word, text).map_err(ParseErrorKind::BadRuleset)?;
    if rule.once {
        return Ok(Box::new(once::OnceGame::new(format!("tuple:{text}"), rule)));
    }
    Ok(Box::new(TupleGame::from_rule(text, rule)))
}

/// Reads the rule `text` of `word`, its error naming the column.
fn read(word: &str, text: &str) -> Result<TupleRule, String> {
    let offset = word.len() - text.len();
    parser::parse_tuple_rule(text, offset).map_err(|e| format!("{word}: {e}"))
}
