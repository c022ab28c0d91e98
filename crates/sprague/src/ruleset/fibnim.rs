//! Fibonacci Nim (Whinihan 1963): one heap; the first move takes any
//! number of tokens but not the whole heap, and each later move takes at
//! least one and at most twice what the previous move took. The position
//! is the heap and the most the next move may take: `fibnim N M` (the
//! start is `fibnim N N-1`); a move taking k from `N M` (k <= M) leaves
//! `N-k 2k`, and a limit above the heap means the whole heap.
//!
//! **Outcome and winning moves** (Whinihan 1963, by Zeckendorf's theorem:
//! every n >= 1 is uniquely a sum of non-consecutive Fibonacci numbers
//! 1, 2, 3, 5, 8, ...): `N M` with N >= 1 is a P-position exactly when M
//! is below z(N), the smallest term of N's Zeckendorf representation;
//! `0 M` is a P-position. So taking k wins exactly when k = N, or
//! 2k < z(N - k). The heaps r = N - k that can follow a winning move have
//! z(r) > 2(N - r): for each Fibonacci number F, the largest few r < N
//! whose Zeckendorf terms are all at least F are the only candidates, and
//! they are found by cutting the low terms of N - 1. Every winning move
//! of any u64 position costs a few hundred Fibonacci steps.
//!
//! **Grundy values** (needed in sums with other games) have no closed
//! form here: a memoised search over the positions that can follow,
//! within `Limits::max_states` (a heap larger than the limit is refused at
//! once: the search would visit every smaller heap).

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::onenumber::{lower, lowered};
use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, Outcome, Play};

/// The basis of an outcome by Whinihan's theorem.
pub const FIBONACCI_NIM: Basis = Basis::Theorem {
    word: "fibnim",
    name: "Whinihan's theorem (1963): a heap N with at most M to take is a P-position exactly \
           when M is below the smallest term of N's Zeckendorf representation",
};

/// The Fibonacci numbers 1, 2, 3, 5, ... that fit in a u64.
fn fibonacci() -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
        f.push(next);
    }
    f
}

/// The Zeckendorf representation of `n` (its terms, largest first).
///
/// ```
/// use sprague::ruleset::fibnim::zeckendorf;
/// assert_eq!(zeckendorf(100), [89, 8, 3]);
/// assert_eq!(zeckendorf(0), []);
/// ```
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    for &f in fibonacci().iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

/// The smallest Zeckendorf term of `n >= 1` (u64::MAX for 0).
pub fn smallest_term(n: u64) -> u64 {
    zeckendorf(n).last().copied().unwrap_or(u64::MAX)
}

/// Whether `n m` is a P-position (normal play).
///
/// ```
/// use sprague::ruleset::fibnim::is_p_position;
/// assert!(is_p_position(8, 7));   // a Fibonacci number cannot be won from the start
/// assert!(!is_p_position(100, 99));
/// assert!(is_p_position(0, 5));
/// ```
pub fn is_p_position(n: u64, m: u64) -> bool {
    n == 0 || m.min(n) < smallest_term(n)
}

/// Every winning take k (increasing) from `n m`.
fn winning_takes(n: u64, m: u64) -> Vec<u64> {
    let m = m.min(n);
    let mut takes = Vec::new();
    if n == 0 || m == 0 {
        return takes;
    }
    let fib = fibonacci();
    for &f in &fib {
        // The largest r < n whose Zeckendorf terms are all >= f, and the
        // next two below it.
        let mut below = n;
        for _ in 0..3 {
            if below == 0 {
                break;
            }
            let r: u64 = zeckendorf(below - 1).into_iter().filter(|&t| t >= f).sum();
            let k = n - r;
            if k <= m && (r == 0 || k.saturating_mul(2) < smallest_term(r)) {
                takes.push(k);
            }
            below = r;
        }
    }
    takes.sort_unstable();
    takes.dedup();
    takes
}

/// Fibonacci Nim as a ruleset.
#[derive(Debug)]
pub struct FibonacciNim;

impl FibonacciNim {
    fn state(args: &[u64]) -> (u64, u64) {
        let n = args.first().copied().unwrap_or(0);
        (n, args.get(1).copied().unwrap_or(0).min(n))
    }

    fn take(n: u64, k: u64) -> Action {
        lower(0, n, n - k)
    }

    /// G(n m) by a memoised search over the positions that follow.
    fn search(&self, n: u64, m: u64, limits: &Limits) -> Result<u64, Error> {
        // Taking one at a time reaches every smaller heap: at least n
        // positions, so a heap past the limit is refused before any work.
        if m > 0 && n > limits.max_states as u64 {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        let mut memo: HashMap<(u64, u64), u64> = HashMap::new();
        let mut stack = vec![(n, m.min(n))];
        while let Some(&(n, m)) = stack.last() {
            if memo.contains_key(&(n, m)) {
                stack.pop();
                continue;
            }
            let mut missing = false;
            for k in 1..=m {
                let next = (n - k, (2 * k).min(n - k));
                if !memo.contains_key(&next) {
                    stack.push(next);
                    missing = true;
                }
            }
            if stack.len() > limits.max_states {
                return Err(Error::StateLimit {
                    limit: limits.max_states,
                });
            }
            if missing {
                continue;
            }
            let g = crate::mex((1..=m).map(|k| memo[&(n - k, (2 * k).min(n - k))]));
            memo.insert((n, m), g);
            stack.pop();
            if memo.len() > limits.max_states {
                return Err(Error::StateLimit {
                    limit: limits.max_states,
                });
            }
        }
        Ok(memo[&(n, m.min(n))])
    }
}

impl Rules for FibonacciNim {
    type Position = crate::Numbers;

    fn canonical(&self) -> String {
        "fibnim".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Heap
    }

    /// The heap's tokens and the most the next move may take.
    fn shape(&self, args: &crate::Numbers) -> Option<crate::drawing::Shape> {
        let (heap, most) = Self::state(args);
        Some(crate::drawing::Shape::Limited { heap, most })
    }

    fn check_arguments(&self, args: &crate::Numbers) -> Result<(), ArgumentError> {
        ArgumentError::expect_count(
            args.len(),
            2,
            "numbers (the heap, then the most the next move may take; the start is N N-1)",
        )
    }

    fn valued(&self, args: &crate::Numbers, limits: &Limits) -> Result<(u64, Basis), Error> {
        let (n, m) = Self::state(args);
        if is_p_position(n, m) {
            return Ok((0, FIBONACCI_NIM));
        }
        let g = self.search(n, m, limits)?;
        Ok((g, Basis::SpragueGrundy))
    }

    fn closed_value(&self, args: &crate::Numbers) -> Option<u64> {
        let (n, m) = Self::state(args);
        is_p_position(n, m).then_some(0)
    }

    fn lone_outcome(&self, args: &crate::Numbers, play: Play) -> Option<(Outcome, Basis)> {
        let (n, m) = Self::state(args);
        (play == Play::Normal).then(|| {
            (
                Outcome::from_next_player_wins(!is_p_position(n, m)),
                FIBONACCI_NIM,
            )
        })
    }

    fn lone_winning_moves(
        &self,
        args: &crate::Numbers,
        _: Play,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let (n, m) = Self::state(args);
        for k in winning_takes(n, m) {
            if f(Self::take(n, k)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &crate::Numbers, _: &Limits) -> Result<bool, Error> {
        let (n, m) = Self::state(args);
        Ok(n > 0 && m > 0)
    }

    fn moves(
        &self,
        args: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let (n, m) = Self::state(args);
        super::reserve(out, m, limits)?;
        out.extend((1..=m).map(|k| Self::take(n, k)));
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
        if target == 0 {
            return self.lone_winning_moves(args, Play::Normal, limits, f);
        }
        super::searched_moves_to(self, args, target, limits, f)
    }

    fn random_move(
        &self,
        args: &crate::Numbers,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let (n, m) = Self::state(args);
        if n == 0 || m == 0 {
            return Ok(None);
        }
        Ok(Some(Self::take(n, 1 + pick(m))))
    }

    fn check(
        &self,
        word: &str,
        args: &crate::Numbers,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let (i, from, to) = lowered(word, args, action)?;
        if i != 0 {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "the second number is the most the next move may take, not a heap: take \
                       from the first",
            });
        }
        if from - to > Self::state(args).1 {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "a move takes at most the second number (twice what the last move took)",
            });
        }
        Ok(())
    }

    fn apply(&self, args: &mut Vec<u64>, action: &Action) {
        if let Action::Heap { from, removed, .. } = action {
            args[0] = from - removed;
            args[1] = removed.saturating_mul(2).min(args[0]);
        }
    }

    /// The move from `N M` that leaves `N' M'`: taking k = N - N' (at
    /// most M) leaves N' with 2k to take, written as 2k or as N' when 2k
    /// is more (a limit above the heap is the heap).
    fn actions_between(&self, before: &crate::Numbers, after: &crate::Numbers) -> Vec<Action> {
        let (&[n, m], &[n2, m2]) = (&before[..], &after[..]) else {
            return Vec::new();
        };
        let Some(k) = n.checked_sub(n2).filter(|&k| k >= 1 && k <= m) else {
            return Vec::new();
        };
        let limit = k.saturating_mul(2);
        if m2 == limit || m2 == limit.min(n2) {
            vec![lower(0, n, n2)]
        } else {
            Vec::new()
        }
    }

    /// A limit above the heap is the heap.
    fn canonicalize(&self, args: &mut Vec<u64>) {
        if let [n, m] = args[..] {
            args[1] = m.min(n);
        }
    }

    fn move_summary(&self) -> Option<String> {
        Some("take from 1 up to the second number (twice the last take) from the heap".into())
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A {word} position N M is a P-position exactly when M is below the smallest term of \
             N's Zeckendorf representation (Whinihan 1963); other values come from a search."
        )
    }
}

parse_without_parameter!(
    "fibnim",
    "fibnim takes no parameter: write the heap and the most the next move may take, e.g. \
     fibnim 100 99",
    FibonacciNim
);
