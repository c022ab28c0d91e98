//! Heaps that remember the amounts taken from them (`tuple:once:one(E)`):
//! a move takes from one heap x, leaving E, and the amount x - E may not
//! have been taken from that heap before. `tuple:once:one(x-k)` is
//! Codeforces 768E ("Game of Stones": never take the same number of stones
//! from a pile twice).
//!
//! **Notation.** Each heap is one argument: `N` (nothing taken yet) or
//! `N/A,B,...` (N tokens left, the amounts A, B, ... taken from it
//! already): `tuple:once:one(x-k) 10 7/1,2`. A move is typed as the whole
//! position it leaves (`tuple:once:one(x-k) 10 4/1,2,3`), as the move
//! reader reads the heap form `1:3` from heaps that are plain numbers.
//!
//! **Values.** The heaps are games of their own (a move changes one, and
//! its memory is its own), so a component is worth the nim-sum of its
//! heaps' values, each the mex over its options by a memoised search over
//! (heap, amounts taken) kept with the ruleset; amounts larger than the
//! heap can never be taken again, so they are dropped from the key. The
//! search stores at most `Limits::max_states` heaps ([`Error::StateLimit`])
//! and examines at most [`WORK_PER_STATE`]
//! candidates a heap ([`Error::WorkLimit`]). A fresh heap of n in
//! `one(x-k)` reaches a few thousand states at n = 60 (the sets of
//! distinct amounts adding up to at most n).

use rustc_hash::FxHashMap as HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Mutex;

use super::eval::Lister;
use super::parser::TupleRule;
use super::WORK_PER_STATE;
use crate::ruleset::rules::{Rules, Visit};
use crate::ruleset::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, HeapChange, IllegalMoveKind, Limits};

/// One heap and the amounts taken from it (sorted, each once).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OnceHeap {
    /// The tokens left.
    pub size: u64,
    /// The amounts taken from it so far, increasing.
    pub taken: Vec<u64>,
}

/// The position of a `tuple:once:` component: its heaps, each with its
/// memory, one argument each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OnceHeaps(pub Vec<OnceHeap>);

crate::typed_position!(OnceHeaps, {
    fn argument_count(&self) -> usize {
        self.0.len()
    }
    fn size(&self) -> usize {
        self.0.iter().map(|h| 1 + h.taken.len()).sum()
    }
});

/// Reads one heap, `N` or `N/A,B,...`.
fn parse_heap(word: &str) -> Result<OnceHeap, String> {
    let number = |w: &str| {
        w.parse::<u64>().map_err(|_| {
            format!(
                "`{w}` in `{word}` is not a whole number from 0 to 2^64 - 1: a heap is written \
                 N, or N/A,B with the amounts A, B taken from it already"
            )
        })
    };
    let (size, taken) = match word.split_once('/') {
        None => (number(word)?, Vec::new()),
        Some((n, list)) => {
            let mut taken = list.split(',').map(number).collect::<Result<Vec<_>, _>>()?;
            taken.sort_unstable();
            if let Some(w) = taken.windows(2).find(|w| w[0] == w[1]) {
                return Err(format!(
                    "{} is taken twice from `{word}`: no amount is taken from a heap twice",
                    w[0]
                ));
            }
            if taken.first() == Some(&0) {
                return Err(format!("`{word}`: an amount taken is at least 1"));
            }
            (number(n)?, taken)
        }
    };
    Ok(OnceHeap { size, taken })
}

/// A `tuple:once:` game: the rule, its lister and the heaps valued so far.
#[derive(Debug)]
pub struct OnceGame {
    canonical: String,
    rule: TupleRule,
    lister: Lister,
    memo: Mutex<HashMap<OnceHeap, u64>>,
}

/// A search frame: a heap, its options and the next to value.
struct Frame {
    heap: OnceHeap,
    options: Vec<OnceHeap>,
    next: usize,
}

impl OnceGame {
    /// The game of `rule` (with `once:`), written `canonical`.
    pub(super) fn new(canonical: String, rule: TupleRule) -> OnceGame {
        OnceGame {
            canonical,
            lister: Lister::new(&rule),
            rule,
            memo: Mutex::default(),
        }
    }

    /// A heap as the search keys it: amounts it can no longer take
    /// dropped.
    fn key(heap: &OnceHeap) -> OnceHeap {
        OnceHeap {
            size: heap.size,
            taken: heap
                .taken
                .iter()
                .copied()
                .filter(|&t| t <= heap.size)
                .collect(),
        }
    }

    /// Every option of `heap` (keyed), within `budget` candidates.
    fn options(&self, heap: &OnceHeap, budget: &mut u64) -> Option<Vec<OnceHeap>> {
        let mut out = Vec::new();
        self.lister
            .each(&self.rule, &[heap.size], budget, &mut |o| {
                let amount = heap.size - o[0];
                if let Err(at) = heap.taken.binary_search(&amount) {
                    let mut taken = heap.taken.clone();
                    taken.insert(at, amount);
                    out.push(Self::key(&OnceHeap { size: o[0], taken }));
                }
                false
            })
            .ok()?;
        out.sort_unstable();
        out.dedup();
        Some(out)
    }

    fn work_limit(limits: &Limits) -> Error {
        Error::WorkLimit {
            options: (limits.max_states as u64).saturating_mul(WORK_PER_STATE),
            states: limits.max_states,
            per_state: WORK_PER_STATE,
        }
    }

    /// The Grundy value of one heap with its memory, by the memoised
    /// search.
    ///
    /// # Errors
    /// [`Error::StateLimit`] past `limits.max_states` heaps stored (with the
    /// options waiting), [`Error::WorkLimit`] past the candidates allowed.
    pub fn heap_value(&self, heap: &OnceHeap, limits: &Limits) -> Result<u64, Error> {
        let root = Self::key(heap);
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&g) = memo.get(&root) {
            return Ok(g);
        }
        if memo.len() > limits.max_states {
            memo.clear();
        }
        let start = memo.len();
        let mut budget = (limits.max_states as u64).saturating_mul(WORK_PER_STATE);
        let frame = |heap: OnceHeap, budget: &mut u64| {
            let options = self
                .options(&heap, budget)
                .ok_or_else(|| Self::work_limit(limits))?;
            Ok::<_, Error>(Frame {
                heap,
                options,
                next: 0,
            })
        };
        let first = frame(root.clone(), &mut budget)?;
        let mut stacked = first.options.len();
        let mut stack = vec![first];
        while let Some(top) = stack.last_mut() {
            while top.next < top.options.len() && memo.contains_key(&top.options[top.next]) {
                top.next += 1;
            }
            if top.next < top.options.len() {
                let child = frame(top.options[top.next].clone(), &mut budget)?;
                stacked += child.options.len();
                stack.push(child);
            } else {
                let done = stack.pop().unwrap_or_else(|| unreachable!());
                stacked -= done.options.len();
                let g = crate::mex(done.options.iter().map(|o| memo[o]));
                memo.insert(done.heap, g);
            }
            if (memo.len() - start).saturating_add(stacked + stack.len()) > limits.max_states {
                return Err(Error::StateLimit {
                    limit: limits.max_states,
                });
            }
        }
        Ok(memo[&root])
    }

    /// The heap `heap` after taking it down to `to`, when that is a move.
    fn after(&self, heap: &OnceHeap, to: u64, limits: &Limits) -> Result<Option<OnceHeap>, Error> {
        let amount = heap.size.saturating_sub(to);
        if to >= heap.size || heap.taken.binary_search(&amount).is_ok() {
            return Ok(None);
        }
        let mut budget = (limits.max_states as u64).saturating_mul(WORK_PER_STATE);
        let legal =
            super::eval::is_option(&self.lister, &self.rule, &[heap.size], &[to], &mut budget)
                .map_err(|_| Self::work_limit(limits))?;
        Ok(legal.then(|| {
            let mut taken = heap.taken.clone();
            let at = taken.binary_search(&amount).unwrap_or_else(|at| at);
            taken.insert(at, amount);
            OnceHeap { size: to, taken }
        }))
    }

    /// Every move of heap `i` of `args`, as (the heap after, the move).
    fn heap_moves(
        &self,
        args: &OnceHeaps,
        i: usize,
        limits: &Limits,
    ) -> Result<Vec<(OnceHeap, Action)>, Error> {
        let heap = &args.0[i];
        let mut sizes = Vec::new();
        let mut budget = (limits.max_states as u64).saturating_mul(WORK_PER_STATE);
        self.lister
            .each(&self.rule, &[heap.size], &mut budget, &mut |o| {
                sizes.push(o[0]);
                false
            })
            .map_err(|_| Self::work_limit(limits))?;
        sizes.sort_unstable();
        sizes.dedup();
        let mut out = Vec::new();
        for to in sizes {
            if heap.taken.binary_search(&(heap.size - to)).is_err() {
                let mut taken = heap.taken.clone();
                let at = taken
                    .binary_search(&(heap.size - to))
                    .unwrap_or_else(|at| at);
                taken.insert(at, heap.size - to);
                let action = Action::Heaps {
                    changes: vec![HeapChange {
                        heap: i,
                        from: heap.size,
                        to,
                    }],
                };
                out.push((OnceHeap { size: to, taken }, action));
            }
        }
        Ok(out)
    }
}

impl Rules for OnceGame {
    type Position = OnceHeaps;

    fn canonical(&self) -> String {
        self.canonical.clone()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Heaps { max: 1 }
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<OnceHeaps, (usize, ArgumentError)> {
        words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                parse_heap(w).map_err(|why| {
                    (
                        i,
                        ArgumentError::At {
                            index: i,
                            why: why.into(),
                        },
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(OnceHeaps)
    }

    fn write_argument(
        &self,
        args: &OnceHeaps,
        index: usize,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Some(heap) = args.0.get(index) else {
            return Ok(());
        };
        write!(f, "{}", heap.size)?;
        for (j, t) in heap.taken.iter().enumerate() {
            write!(f, "{}{t}", if j == 0 { '/' } else { ',' })?;
        }
        Ok(())
    }

    fn argument_alone(&self, args: &OnceHeaps, index: usize) -> Option<OnceHeaps> {
        Some(OnceHeaps(vec![args.0.get(index)?.clone()]))
    }

    fn valued(&self, args: &OnceHeaps, limits: &Limits) -> Result<(u64, Basis), Error> {
        let mut g = 0;
        for heap in &args.0 {
            g ^= self.heap_value(heap, limits)?;
        }
        Ok((g, Basis::SpragueGrundy))
    }

    fn closed_value(&self, args: &OnceHeaps) -> Option<u64> {
        args.0.is_empty().then_some(0)
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn moves(&self, args: &OnceHeaps, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        for i in 0..args.0.len() {
            let moves = self.heap_moves(args, i, limits)?;
            crate::ruleset::reserve(out, moves.len() as u64, limits)?;
            out.extend(moves.into_iter().map(|(_, a)| a));
        }
        Ok(())
    }

    fn moves_to(
        &self,
        args: &OnceHeaps,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        for (i, heap) in args.0.iter().enumerate() {
            let want = value ^ target ^ self.heap_value(heap, limits)?;
            for (after, action) in self.heap_moves(args, i, limits)? {
                if self.heap_value(&after, limits)? == want && f(action).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn check(&self, word: &str, args: &OnceHeaps, action: &Action) -> Result<(), IllegalMoveKind> {
        let sizes: Vec<u64> = args.0.iter().map(|h| h.size).collect();
        let changes = crate::ruleset::check_heap_changes(word, &sizes, action, 1)?;
        let c = &changes[0];
        let heap = &args.0[c.heap];
        if heap.taken.binary_search(&(c.from - c.to)).is_ok() {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "that amount was taken from this heap before: no amount is taken from a \
                       heap twice",
            });
        }
        match self.after(heap, c.to, &Limits::default()) {
            Ok(Some(_)) => Ok(()),
            _ => Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "no option of the rule leaves that heap",
            }),
        }
    }

    fn apply(&self, args: &mut OnceHeaps, action: &Action) {
        if let Action::Heaps { changes } = action {
            for c in changes {
                if let Some(heap) = args.0.get_mut(c.heap) {
                    let amount = c.from - c.to;
                    heap.size = c.to;
                    if let Err(at) = heap.taken.binary_search(&amount) {
                        heap.taken.insert(at, amount);
                    }
                }
            }
        }
    }

    /// The move from `before` to `after`, typed as the whole position: one
    /// heap smaller, with the amount taken added to its memory.
    fn actions_between(&self, before: &OnceHeaps, after: &OnceHeaps) -> Vec<Action> {
        if before.0.len() != after.0.len() {
            return Vec::new();
        }
        let changed: Vec<usize> = (0..before.0.len())
            .filter(|&i| before.0[i] != after.0[i])
            .collect();
        let [i] = changed[..] else {
            return Vec::new();
        };
        let (b, a) = (&before.0[i], &after.0[i]);
        match self.after(b, a.size, &Limits::default()) {
            Ok(Some(heap)) if heap == *a => vec![Action::Heaps {
                changes: vec![HeapChange {
                    heap: i,
                    from: b.size,
                    to: a.size,
                }],
            }],
            _ => Vec::new(),
        }
    }

    /// Heaps keyed (amounts past the heap dropped), empty heaps dropped,
    /// sorted.
    fn canonicalize(&self, args: &mut OnceHeaps) {
        args.0 = args
            .0
            .iter()
            .filter(|h| h.size > 0)
            .map(Self::key)
            .collect();
        args.0.sort_unstable();
    }

    fn move_summary(&self) -> Option<String> {
        Some(format!(
            "take from one heap as {} allows, never an amount taken from that heap before",
            self.canonical
        ))
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "Each heap of {word} is a game of its own with its memory; its value is the mex over \
             the heaps it can leave, found by a search over (heap, amounts taken)."
        )
    }
}
