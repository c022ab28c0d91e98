//! Dividing a heap (`divide:D`): a move replaces one heap of `n >= 1` by
//! ⌊n/d⌋ for a divisor `d` of the finite set D (each at least 2), rounding
//! down; a heap of 0 has no move. `divide:2,3` is the contest game "divide
//! by 2 or 3".
//!
//! **Value**: no closed form is known for a general D. The heaps reachable
//! from n are the ⌊n/m⌋ for the products m of numbers of D (⌊⌊n/a⌋/b⌋ =
//! ⌊n/ab⌋), at most (log₂ n)^|D| of them and far fewer in practice (a few
//! thousand for D = {2, 3, 4, 5, 6} at n near 10^18), so the values come
//! from a memoised search over those heaps alone, kept with the ruleset
//! and shared by its clones. The search stores at most `Limits::max_states`
//! heaps and stops with [`Error::StateLimit`] past them.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Mutex;

use super::rules::{HeapRules, Visit};
use super::Heaps;
use crate::error::ParseErrorKind;
use crate::{Basis, Error, HeapMove, Limits};

/// The basis of a value by the memoised search over reachable heaps.
pub const DIVISION: Basis = Basis::Theorem {
    word: "divide",
    name: "the Sprague-Grundy theorem by a memoised search over the heaps reachable by \
           division (the ⌊n/m⌋ for products m of the divisors)",
};

/// `divide:D` as a heap ruleset.
#[derive(Debug)]
pub struct Division {
    divisors: Vec<u64>,
    memo: Mutex<HashMap<u64, u64>>,
}

impl Division {
    /// G(heap), searching the reachable heaps not yet known.
    fn value(&self, heap: u64, limits: &Limits) -> Result<u64, Error> {
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        if memo.len() > limits.max_states {
            // Values kept from earlier questions do not count against this
            // one's limit.
            memo.clear();
        }
        let start = memo.len();
        let mut stack = vec![heap];
        while let Some(&n) = stack.last() {
            if memo.contains_key(&n) {
                stack.pop();
                continue;
            }
            if n == 0 {
                memo.insert(0, 0);
                stack.pop();
                continue;
            }
            let mut missing = false;
            for &d in &self.divisors {
                let m = n / d;
                if !memo.contains_key(&m) {
                    stack.push(m);
                    missing = true;
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
            let g = crate::mex(self.divisors.iter().map(|&d| memo[&(n / d)]));
            memo.insert(n, g);
            stack.pop();
            if memo.len() - start > limits.max_states {
                return Err(Error::StateLimit {
                    limit: limits.max_states,
                });
            }
        }
        Ok(memo[&heap])
    }

    /// The distinct heaps one move from `heap`, largest first (smallest
    /// divisor first).
    fn results(&self, heap: u64) -> Vec<u64> {
        if heap == 0 {
            return Vec::new();
        }
        let mut out: Vec<u64> = self.divisors.iter().map(|&d| heap / d).collect();
        out.dedup();
        out
    }
}

impl HeapRules for Division {
    fn canonical(&self) -> String {
        let d: Vec<String> = self.divisors.iter().map(u64::to_string).collect();
        format!("divide:{}", d.join(","))
    }

    fn heap_value(&self, heap: u64, limits: &Limits) -> Result<(u64, Basis), Error> {
        Ok((self.value(heap, limits)?, DIVISION))
    }

    /// The heaps left, once each (two divisors may leave the same heap).
    fn options(&self, heap: u64, _: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error> {
        out.extend(
            self.results(heap)
                .into_iter()
                .map(|m| super::heaps::take_to(heap, m)),
        );
        Ok(())
    }

    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error> {
        for m in self.results(heap) {
            if self.value(m, limits)? == target && f(super::heaps::take_to(heap, m)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn is_legal(&self, heap: u64, m: &HeapMove) -> bool {
        matches!(m.parts.listed(), Some([x]) if self.results(heap).contains(x))
            || (m.parts == crate::Parts::NONE && self.results(heap).contains(&0))
    }

    fn has_moves(&self, heap: u64) -> Option<bool> {
        Some(heap >= 1)
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A heap of {word} is valued by a search over the heaps it can reach, ⌊n/m⌋ for \
             products m of the divisors, each the mex of the heaps one division away (no \
             closed form is known)."
        )
    }
}

/// Parses `divide:D`, D a comma-separated list of whole numbers >= 2.
pub(crate) fn parse(
    _: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    let bad = |why: String| ParseErrorKind::BadRuleset(why);
    let Some(text) = param.filter(|t| !t.is_empty()) else {
        return Err(bad(
            "divide needs its divisors, e.g. divide:2,3 (a move replaces n by n/2 or n/3, \
             rounded down)"
                .into(),
        ));
    };
    let mut divisors = Vec::new();
    for item in text.split(',') {
        let d: u64 = item.parse().map_err(|_| {
            bad(format!(
                "{item:?} in divide:D is not a divisor (a whole number from 2 to 2^64 - 1)"
            ))
        })?;
        if d < 2 {
            return Err(bad(format!(
                "divisor {d} in divide:D would not make a heap smaller: each is at least 2"
            )));
        }
        divisors.push(d);
    }
    divisors.sort_unstable();
    divisors.dedup();
    Ok(Box::new(Heaps(Division {
        divisors,
        memo: Mutex::default(),
    })))
}
