//! The rule language (`rule:OPTIONS`): a one-heap game written on the
//! command line as the options of a heap of n, expressions of n.
//!
//! ```text
//! rule:n-1,n-2,n-4,n/2&n/2:even
//! ```
//!
//! is "take 1, 2 or 4 tokens, or split an even heap into two equal
//! halves". The grammar:
//!
//! - options separated by `,`; each is what a move leaves, then its
//!   conditions, each after a `:` (all must hold);
//! - what a move leaves: up to three heaps joined by `&` (`n-1`,
//!   `n/2&n/2`, `1&n-3`); a range `A..B`, any one heap from A to B
//!   (`0..n-1` is Nim); `split(E)`, two non-empty heaps adding up to E
//!   any way; `split3(E)`, three; `unequal(E)`, two of different sizes
//!   (`unequal(n)` is Grundy's game);
//! - expressions of n: whole numbers, `n`, `-`, `*`, `/` (rounding down),
//!   `%`, `min(a,b)`, `max(a,b)` (sides compared as integers),
//!   `root(a,K)` and `rootup(a,K)` (the K-th root of a, rounded down or
//!   up: `rootup(n,4)..min(root(n,2),n-1)` moves a heap x to any y with
//!   x^(1/4) ≤ y ≤ x^(1/2), y < x, Codeforces 255E) and parentheses (no
//!   `+`, which separates the components of a position);
//! - conditions: `even`, `odd`, or two expressions compared by `==` (or
//!   `=`), `!=`, `<`, `<=`, `>`, `>=` (`n>=3`, `n%3==1`);
//! - divisors: the condition `d|E` plays the option once for each divisor
//!   d of E, `d` standing for it (`n-d:d|n:d<n`, Project Euler 509).
//!
//! An option is no move at heap n when a condition fails, an expression is
//! not a whole number there (`n-4` at n = 2), or a heap it leaves is not
//! smaller than n; heaps of 0 vanish. Every heap left being smaller than
//! n, every play ends, and the heaps may add up to more than n
//! (`equal(n/2*3,3):even`, Codeforces 603C); a split (`split`, `split3`,
//! `unequal`) of more than n tokens, which would leave a heap as large as
//! n, is an error. Errors in the word name the column.
//!
//! **Values.** G(n) is the mex of the nim-sums of the heaps each option
//! leaves (the Sprague-Grundy theorem), computed bottom-up into a table kept
//! with the ruleset. Every heap's options are counted before they are
//! listed: a heap with more than `Limits::max_states` is refused
//! ([`Error::StateLimit`]), a table past `Limits::max_table` heaps
//! ([`Error::TableLimit`]), and a table whose options add up to more than
//! `Limits::max_table_work` ([`Error::RuleWorkLimit`]). A heap past the
//! table is answered by a proven period ([`theory`]: a Guy–Smith-style
//! argument for rules whose options are n minus bounded amounts, splits of
//! them, constants and equal pairs, under periodic conditions), or, for
//! rules with no such argument, by a memoised search over the heaps it
//! reaches (few when the options divide: `rule:n/2,n/3`), within the state
//! limit.

pub mod eval;
mod index;
pub mod parser;
pub mod skeleton;
mod takeany;
pub mod theory;

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Mutex;

use self::eval::Resolved;
use self::index::OptionIndex;
use self::parser::Rule;
use self::theory::{Proof, Shape};
pub use super::own_sequence::{OwnSequence, PeriodClaim};
use super::rules::{HeapRules, Visit};
use super::Heaps;
use crate::error::ParseErrorKind;
use crate::moves::{HeapMove, Parts};
use crate::{Basis, Error, Limits};

/// What one option visited by the memoised search of a rule counts for in
/// the table work limit: a search looks each part up in a hash map, about
/// 64 times the cost of a table's stamp.
pub const SEARCH_OPTION_WEIGHT: u128 = 64;

/// The basis of a value of a heap past the table, by the memoised search
/// over the heaps it reaches.
pub const RULE_SEARCH: Basis = Basis::Theorem {
    word: "rule",
    name: "the Sprague-Grundy theorem by a memoised search over the heaps the rule reaches",
};

/// A `rule:` game: the rule, what the periodicity argument says of it, and
/// its table.
#[derive(Debug)]
pub struct RuleGame {
    word: String,
    rule: Rule,
    index: OptionIndex,
    canonical: String,
    shape: Result<Shape, String>,
    /// The residue-class argument for rules with far options.
    skeleton: Option<skeleton::Skeleton>,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// G(0), G(1), ...
    values: Vec<u64>,
    /// The proof of a period, once found.
    proof: Option<Proof>,
    /// Heaps valued by the search past the table.
    memo: HashMap<u64, u64>,
    /// The proof of [`skeleton::Skeleton`], once found.
    skeleton: Option<skeleton::SkeletonProof>,
    /// The longest table a proof of it was looked for in.
    skeleton_tried: u64,
}

/// What [`search_period`] found: the claim, the last heap computed, and
/// the limit that stopped the values, if one did.
#[derive(Clone, Debug)]
pub struct PeriodSearch {
    /// What the values say of the period.
    pub claim: PeriodClaim,
    /// The last heap whose value was computed.
    pub checked_to: u64,
    /// The limit error that stopped the values before `last`, if any.
    pub stopped: Option<Error>,
}

/// Computes G(0..=last) in doubling steps (1,023, 2,047, ...), each checked
/// for a proof, until a period is proven, `last` is reached or a limit
/// stops the values (then the claim is what the values so far say).
///
/// ```
/// use sprague::ruleset::rule::{search_period, PeriodClaim};
/// let r: sprague::Ruleset = "rule:n-1,n-2,n-4,n/2&n/2:even".parse()?;
/// let found = search_period(r.own_sequence().unwrap(), 100_000, &Default::default())?;
/// let PeriodClaim::Proven(proof) = found.claim else { panic!() };
/// assert_eq!((proof.period.preperiod, proof.period.period), (1, 6));
/// # Ok::<(), sprague::Error>(())
/// ```
///
/// # Errors
/// Errors other than limits (an option leaving more tokens than the heap).
pub fn search_period(
    own: &dyn OwnSequence,
    last: u64,
    limits: &Limits,
) -> Result<PeriodSearch, Error> {
    let mut to = 1023.min(last);
    let mut done = None;
    loop {
        if let Err(e) = own.values(0, to, limits) {
            if !e.is_limit() {
                return Err(e);
            }
            return Ok(PeriodSearch {
                claim: own.period_claim(),
                checked_to: done.unwrap_or(0),
                stopped: Some(e),
            });
        }
        done = Some(to);
        let claim = own.period_claim();
        if matches!(claim, PeriodClaim::Proven(_)) || to == last {
            return Ok(PeriodSearch {
                claim,
                checked_to: to,
                stopped: None,
            });
        }
        to = to.saturating_mul(2).saturating_add(1).min(last);
    }
}

/// The most heaps one listed move may leave (`equal(E,K)` with a large
/// K): the position after a move holds its heaps one by one, and its text
/// would grow with K. Values need no such list: K equal heaps are worth 0
/// or one heap's value, by the parity of K.
pub const MAX_HEAPS_LEFT: u64 = 4096;

impl RuleGame {
    /// Reads `rule:TEXT` (`text` the part after `rule:`).
    ///
    /// # Errors
    /// A sentence naming the column of the word where the rule is wrong.
    pub fn new(word: &str, text: &str) -> Result<RuleGame, String> {
        let offset = word.len() - text.len();
        let rule = parser::parse_rule(text, offset).map_err(|e| format!("{word}: {e}"))?;
        for o in &rule.options {
            // The heaps up to 1023, and a few multiples of each number the
            // option names (`equal(n,1000000)` is a move at 2000000).
            let mut numbers = Vec::new();
            eval::numbers(o, &mut numbers);
            let near_multiples = numbers.iter().flat_map(|&k| {
                (1..=4u64).flat_map(move |j| {
                    (0..=64u64).filter_map(move |d| k.checked_mul(j)?.checked_add(d))
                })
            });
            // The multiples first: `equal(n,K)` is a move at K, found at
            // once (a rule of 10^5 such options is read in milliseconds).
            let mut found = Vec::new();
            if !near_multiples
                .chain(0..1024u64)
                .any(|n| eval::resolve_all(word, o, n, &mut found).is_err() || !found.is_empty())
            {
                return Err(format!(
                    "{word}: column {}: option {} is no move at any heap up to 1023, nor near \
                     small multiples of its numbers (each heap it leaves must be smaller than n)",
                    o.column, o.text
                ));
            }
        }
        let mut opts: Vec<String> = rule.options.iter().map(ToString::to_string).collect();
        opts.sort();
        opts.dedup();
        let shape = theory::shape(&rule);
        Ok(RuleGame {
            word: word.to_string(),
            canonical: format!("rule:{}", opts.join(",")),
            skeleton: shape
                .is_err()
                .then(|| skeleton::Skeleton::of(word, &rule).ok())
                .flatten(),
            shape,
            index: OptionIndex::new(&rule),
            rule,
            state: Mutex::default(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The options of heap `n`, resolved, with their count, refused past
    /// the state limit.
    fn resolved(&self, n: u64, limits: &Limits) -> Result<Vec<Resolved>, Error> {
        self.resolved_with_work(n, limits).map(|(r, _)| r)
    }

    /// [`RuleGame::resolved`], with the work of finding them (table-work
    /// units, [`index::EVAL_COST`] an option evaluated).
    fn resolved_with_work(&self, n: u64, limits: &Limits) -> Result<(Vec<Resolved>, u128), Error> {
        let mut candidates = Vec::new();
        let mut work = self.index.candidates(n, &mut candidates);
        let mut out = Vec::with_capacity(candidates.len());
        for &i in &candidates {
            let extra = eval::resolve_all(&self.word, &self.rule.options[i], n, &mut out)?;
            work += u128::from(extra) * index::EVAL_COST;
        }
        let count: u128 = out.iter().map(Resolved::count).sum();
        if count > limits.max_states as u128 {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        work += candidates.len() as u128 * index::EVAL_COST;
        Ok((out, work))
    }

    /// The number of moves of heap `n`, and the work of counting them
    /// (table-work units).
    fn count(&self, n: u64) -> Result<(u128, u128), Error> {
        let mut candidates = Vec::new();
        let mut work = self.index.candidates(n, &mut candidates);
        let mut count = 0u128;
        let mut found = Vec::new();
        for &i in &candidates {
            found.clear();
            let extra = eval::resolve_all(&self.word, &self.rule.options[i], n, &mut found)?;
            work += u128::from(extra) * index::EVAL_COST;
            count += found.iter().map(Resolved::count).sum::<u128>();
        }
        Ok((count, work + candidates.len() as u128 * index::EVAL_COST))
    }

    /// Extends the table to heap `to` (inclusive), counting every heap's
    /// options first; tries the period proof at each power of two when
    /// `stop_at_period`, and stops there once it succeeds.
    fn extend(
        &self,
        st: &mut State,
        to: u64,
        limits: &Limits,
        stop_at_period: bool,
    ) -> Result<(), Error> {
        let len = st.values.len() as u64;
        if to < len {
            return Ok(());
        }
        let table_limit = limits.max_table.min(crate::sequence::MAX_TABLE_LEN);
        if to >= table_limit {
            return Err(Error::TableLimit {
                ruleset: self.word.clone(),
                heap: to,
                limit: table_limit,
                divisor: 1,
            });
        }
        // Refused before the work: the options of every heap to compute,
        // and the work of finding them (which the count itself costs too).
        // The finding never costs less at a larger heap, so its share
        // projected from the heaps counted so far is a floor of the whole:
        // a table past the limit is refused once that floor passes it.
        let limit = u128::from(limits.max_table_work);
        let heaps = u128::from(to - len) + 1;
        let (mut moves, mut finding): (u128, u128) = (0, 0);
        for n in len..=to {
            let (count, work) = self.count(n)?;
            moves += count + 1;
            finding += work;
            let done = u128::from(n - len) + 1;
            let projected = if done.is_power_of_two() || done == heaps {
                moves + finding * heaps / done
            } else {
                moves + finding
            };
            if projected > limit {
                return Err(Error::RuleWorkLimit {
                    ruleset: self.word.clone(),
                    heap: to,
                    from: len,
                    options: projected,
                    limit: limits.max_table_work,
                });
            }
        }
        let mut seen: Vec<bool> = Vec::new();
        st.values
            .try_reserve((to + 1 - len) as usize)
            .map_err(|_| Error::TableLimit {
                ruleset: self.word.clone(),
                heap: to,
                limit: len,
                divisor: 1,
            })?;
        for n in len..=to {
            let options = self.resolved(n, limits)?;
            let total: u128 = options.iter().map(Resolved::count).sum();
            seen.clear();
            seen.resize(total as usize + 1, false);
            let values = &st.values;
            for r in &options {
                let _ = r.each(&mut |parts| {
                    let v = parts.nim_sum(|h| values[h as usize]);
                    if let Some(s) = seen.get_mut(v as usize) {
                        *s = true;
                    }
                    ControlFlow::Continue(())
                });
            }
            let g = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
            st.values.push(g);
            if stop_at_period && st.proof.is_none() && (n + 1).is_power_of_two() && n >= 63 {
                if let Ok(shape) = &self.shape {
                    st.proof = shape.prove(&st.values);
                    if st.proof.is_some() {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    /// G(heap) from the proven period, once the table holds it.
    fn from_period(st: &State, heap: u64) -> Option<u64> {
        let p = st.proof?.period;
        let len = st.values.len() as u64;
        if heap < len {
            return Some(st.values[heap as usize]);
        }
        let k = (heap - p.preperiod) % p.period;
        let mut n = p.preperiod + k;
        while n + p.period < len {
            n += p.period;
        }
        st.values.get(n as usize).copied()
    }

    /// G(heap) with its basis.
    fn value(&self, heap: u64, limits: &Limits) -> Result<(u64, Basis), Error> {
        let mut st = self.lock();
        if let Some(&g) = st.values.get(heap as usize) {
            return Ok((g, Basis::Table));
        }
        if let Some(g) = Self::from_period(&st, heap) {
            return Ok((g, Basis::Period));
        }
        let table_limit = limits.max_table.min(crate::sequence::MAX_TABLE_LEN);
        if self.shape.is_ok() {
            // Doubling tables, each tried for a proof, up to the heap or
            // the table limit, whichever is first. Past the table limit
            // only a proven period answers (the search below would have
            // to visit every heap).
            let mut to = (st.values.len() as u64).max(1024);
            loop {
                let end = to.min(heap).min(table_limit.saturating_sub(1));
                self.extend(&mut st, end, limits, true)?;
                if let Some(g) = Self::from_period(&st, heap) {
                    let basis = if heap < st.values.len() as u64 {
                        Basis::Table
                    } else {
                        Basis::Period
                    };
                    return Ok((g, basis));
                }
                if end == heap {
                    return Ok((st.values[heap as usize], Basis::Table));
                }
                if end + 1 >= table_limit {
                    return Err(Error::TableLimit {
                        ruleset: self.word.clone(),
                        heap,
                        limit: table_limit,
                        divisor: 1,
                    });
                }
                to = to.saturating_mul(2);
            }
        }
        if let Some(found) = self.by_skeleton(&mut st, heap, limits)? {
            return Ok(found);
        }
        let table = if heap < table_limit {
            self.extend(&mut st, heap, limits, false)
        } else {
            Ok(())
        };
        match table {
            Ok(()) if heap < table_limit => return Ok((st.values[heap as usize], Basis::Table)),
            // The search below visits only the heaps reached, and is held
            // to the same work limit: when it passes it too, the table's
            // refusal (which counts every heap's options) is the one told.
            Err(table_error @ Error::RuleWorkLimit { .. }) => {
                return match self.search(&mut st, heap, limits) {
                    Err(Error::RuleWorkLimit { .. }) => Err(table_error),
                    other => other.map(|g| (g, RULE_SEARCH)),
                };
            }
            _ => {}
        }
        self.search(&mut st, heap, limits).map(|g| (g, RULE_SEARCH))
    }

    /// G(heap) by a memoised search over the heaps it reaches (values in
    /// the table are used as they are), within the state limit and the
    /// table work limit (the options of the heaps it expands, each
    /// weighing [`SEARCH_OPTION_WEIGHT`]: [`Error::RuleWorkLimit`]).
    fn search(&self, st: &mut State, heap: u64, limits: &Limits) -> Result<u64, Error> {
        if st.memo.len() > limits.max_states {
            st.memo.clear();
        }
        let start = st.memo.len();
        let mut work: u128 = 0;
        let mut stack = vec![heap];
        let mut moves: Vec<Parts> = Vec::new();
        while let Some(&n) = stack.last() {
            let known = |st: &State, h: u64| {
                st.values
                    .get(h as usize)
                    .copied()
                    .or_else(|| st.memo.get(&h).copied())
            };
            if known(st, n).is_some() {
                stack.pop();
                continue;
            }
            moves.clear();
            let (options, finding) = self.resolved_with_work(n, limits)?;
            work += finding;
            for r in options {
                // A search visits an option by hash look-ups, about 64
                // times a table's stamp (measured 2026-12-06:
                // `rule:0..n-1,split(n) 100000` took 192 s for 4.3·10^9
                // options visited by the search).
                work += (r.count() + 1) * SEARCH_OPTION_WEIGHT;
                if work > u128::from(limits.max_table_work) {
                    return Err(Error::RuleWorkLimit {
                        ruleset: self.word.clone(),
                        heap,
                        from: n,
                        options: work,
                        limit: limits.max_table_work,
                    });
                }
                let _ = r.each(&mut |parts| {
                    moves.push(parts);
                    ControlFlow::Continue(())
                });
            }
            let mut missing = false;
            // An even number of equal heaps is worth 0: its heap is not
            // needed.
            for m in moves.iter().filter(|m| m.copies() % 2 == 1) {
                for &h in m.sizes() {
                    if known(st, h).is_none() {
                        stack.push(h);
                        missing = true;
                    }
                }
            }
            if missing {
                if stack.len() > limits.max_states {
                    return Err(Error::StateLimit {
                        limit: limits.max_states,
                    });
                }
                continue;
            }
            let g = crate::mex(
                moves
                    .iter()
                    .map(|m| m.nim_sum(|h| known(st, h).unwrap_or(0))),
            );
            st.memo.insert(n, g);
            stack.pop();
            if st.memo.len() - start > limits.max_states {
                return Err(Error::StateLimit {
                    limit: limits.max_states,
                });
            }
        }
        Ok(st.memo[&heap])
    }

    /// The move of `heap` leaving `parts`, refused when it leaves more than
    /// [`MAX_HEAPS_LEFT`] heaps.
    fn listable(&self, heap: u64, parts: Parts) -> Result<HeapMove, Error> {
        if parts.count() > MAX_HEAPS_LEFT {
            return Err(Error::Unsupported(format!(
                "{}: a move from heap {heap} leaves {}; a position is held heap by heap, so \
                 the moves listed or played may leave at most {MAX_HEAPS_LEFT} heaps (the \
                 values of the rule need no list: `sequence` gives them)",
                self.word, parts
            )));
        }
        Ok(to_move(heap, parts))
    }

    /// Each option of `heap` as a move, passed to `f` until it breaks.
    fn each_move(
        &self,
        heap: u64,
        limits: &Limits,
        f: &mut dyn FnMut(HeapMove) -> Result<ControlFlow<()>, Error>,
    ) -> Result<ControlFlow<()>, Error> {
        let mut failure = None;
        // A move too large to hold is reported once the others have been
        // passed: a caller that stops at one move it can use never meets it.
        let mut too_large = None;
        for r in self.resolved(heap, limits)? {
            let flow = r.each(&mut |parts| match self.listable(heap, parts) {
                Err(e) => {
                    too_large.get_or_insert(e);
                    ControlFlow::Continue(())
                }
                Ok(m) => match f(m) {
                    Ok(flow) => flow,
                    Err(e) => {
                        failure = Some(e);
                        ControlFlow::Break(())
                    }
                },
            });
            if let Some(e) = failure {
                return Err(e);
            }
            if flow.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        match too_large {
            Some(e) => Err(e),
            None => Ok(ControlFlow::Continue(())),
        }
    }
}

/// The move of heap `heap` that leaves `heaps` (non-empty, increasing).
fn to_move(heap: u64, parts: Parts) -> HeapMove {
    HeapMove {
        // Heaps that each shrink may hold more tokens than the heap did
        // (three heaps of x from 2x): such a move removes nothing.
        removed: heap.saturating_sub(parts.total()),
        parts: if parts == Parts::NONE {
            Parts::one(0)
        } else {
            parts
        },
    }
}

impl HeapRules for RuleGame {
    fn canonical(&self) -> String {
        self.canonical.clone()
    }

    fn heap_value(&self, heap: u64, limits: &Limits) -> Result<(u64, Basis), Error> {
        self.value(heap, limits)
    }

    fn options(&self, heap: u64, limits: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error> {
        let mut moves = Vec::new();
        let _ = self.each_move(heap, limits, &mut |m| {
            moves.push(m);
            Ok(ControlFlow::Continue(()))
        })?;
        // Two options may leave the same heaps: each move once.
        moves.sort_unstable_by(|a, b| {
            (a.removed, a.parts.sizes(), a.parts.copies()).cmp(&(
                b.removed,
                b.parts.sizes(),
                b.parts.copies(),
            ))
        });
        moves.dedup();
        out.extend(moves);
        Ok(())
    }

    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error> {
        // Valued before listed: only a move worth `target` must be held.
        let mut found: Vec<Parts> = Vec::new();
        for r in self.resolved(heap, limits)? {
            let _ = r.each(&mut |parts| {
                found.push(parts);
                ControlFlow::Continue(())
            });
        }
        let mut too_large = None;
        // In the order of `options`: by tokens removed, then heaps left.
        found.sort_unstable_by(|a, b| {
            (heap.saturating_sub(a.total()), a.sizes(), a.copies()).cmp(&(
                heap.saturating_sub(b.total()),
                b.sizes(),
                b.copies(),
            ))
        });
        found.dedup();
        for parts in found {
            let mut v = 0;
            if parts.copies() % 2 == 1 {
                for &h in parts.sizes() {
                    v ^= self.value(h, limits)?.0;
                }
            }
            if v != target {
                continue;
            }
            match self.listable(heap, parts) {
                Ok(m) => {
                    if f(m).is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                }
                // Reported after the moves that can be held, as above.
                Err(e) => {
                    too_large.get_or_insert(e);
                }
            }
        }
        match too_large {
            Some(e) => Err(e),
            None => Ok(ControlFlow::Continue(())),
        }
    }

    fn is_legal(&self, heap: u64, m: &HeapMove) -> bool {
        // A heap taken to 0 is no heap left.
        let parts = match m.parts.listed() {
            Some(listed) => {
                let kept: Vec<u64> = listed.iter().copied().filter(|&h| h > 0).collect();
                Parts::new(&kept).unwrap_or(Parts::NONE)
            }
            None => m.parts,
        };
        // The tokens left and removed add up to the heap, or more are
        // left (each heap smaller than it) and none removed.
        let total = parts
            .sizes()
            .iter()
            .fold(0u128, |a, &h| a + u128::from(h))
            .saturating_mul(u128::from(parts.copies()));
        let heap_128 = u128::from(heap);
        if total + u128::from(m.removed) != heap_128 && !(m.removed == 0 && total > heap_128) {
            return false;
        }
        let mut found = Vec::new();
        self.rule.options.iter().any(|o| {
            found.clear();
            eval::resolve_all(&self.word, o, heap, &mut found).is_ok()
                && found.iter().any(|r| r.leaves(&parts))
        })
    }

    fn has_moves(&self, heap: u64) -> Option<bool> {
        self.count(heap).ok().map(|(c, _)| c > 0)
    }

    fn may_add_tokens(&self) -> bool {
        true
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "Each heap of {word} is a game of its own; G(n) is the mex of the nim-sums of the \
             heaps its options leave, from the table of G computed bottom-up (or a proven \
             period past it)."
        )
    }

    fn own_sequence(&self) -> Option<&dyn OwnSequence> {
        Some(self)
    }
}

impl OwnSequence for RuleGame {
    fn values(&self, from: u64, to: u64, limits: &Limits) -> Result<Vec<u64>, Error> {
        let mut st = self.lock();
        self.extend(&mut st, to, limits, false)?;
        Ok(st.values[from as usize..=to as usize].to_vec())
    }

    fn period_claim(&self) -> PeriodClaim {
        let mut st = self.lock();
        match &self.shape {
            Ok(shape) => {
                if st.proof.is_none() {
                    st.proof = shape.prove(&st.values);
                }
                match st.proof {
                    Some(p) => PeriodClaim::Proven(p),
                    None => PeriodClaim::NotYet,
                }
            }
            Err(why) => PeriodClaim::NoTheorem {
                why: why.clone(),
                apparent: crate::sequence::apparent::find_apparent(&st.values, 3),
            },
        }
    }

    fn theorem_applies(&self) -> bool {
        self.shape.is_ok()
    }
}

/// Parses `rule:OPTIONS`.
pub(crate) fn parse(
    word: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    let text = param.unwrap_or("");
    let game = RuleGame::new(word, text).map_err(ParseErrorKind::BadRuleset)?;
    if let Some(rules) = built_in(word, &game) {
        return Ok(rules);
    }
    if let Some((name, code)) = takeany::code(&game.rule) {
        return super::takebreak::parse(word, name, Some(&code));
    }
    Ok(Box::new(Heaps(game)))
}

/// The built-in rulesets a rule may spell out exactly, by the rule's
/// canonical form: the rule is then that ruleset (equal to it, valued by
/// its engine, named by it in the basis), only written as the user wrote
/// it. `rule:unequal(n)` is Grundy's game, whose nim-sequence the engine
/// computes by the rare-value method (the rule's own table lists every
/// split of every heap: n²/4 options to heap n).
const BUILT_IN: &[(&str, &str)] = &[("rule:unequal(n)", "grundy")];

/// The built-in ruleset `game` spells out, if any, named `word`.
fn built_in(word: &str, game: &RuleGame) -> Option<Box<dyn super::DynRules>> {
    let (_, name) = BUILT_IN.iter().find(|(rule, _)| *rule == game.canonical)?;
    match *name {
        "grundy" => super::grundy::parse(word, name, None).ok(),
        _ => None,
    }
}
