//! The early refusal of a `tuple:` search: a lower bound of the tuples
//! it must store and the candidates it must examine, checked against the
//! limits before it starts.

use super::parser::{self, Body, Expr, TupleRule};
use super::{TupleGame, WORK_PER_STATE};
use crate::{Error, Limits};

impl TupleGame {
    /// Refuses at once a search that cannot end within `limits`, from a
    /// lower bound of the tuples it must store and the candidates it must
    /// examine, so that a question far past the limits is not searched
    /// until the limits stop it (`memoised` tuples already have values and
    /// are not searched again: as many are taken off, at the root's cost).
    ///
    /// The bound uses the heaps a move can lower alone by any amount
    /// ([`lowered_alone`]): every tuple with those heaps at most the
    /// root's and the others as they are is reached (under `perm:`, every
    /// sorted tuple below the sorted root), each is stored once, and its
    /// frame examines every assignment of each option's bound variables,
    /// (largest heap + 1)^(bound variables). A rule with no such heap
    /// gets no bound here (its search is stopped by the limits as it
    /// goes). O(d) per value of the largest heap, stopping as soon as a
    /// limit is passed, so at most O(d · (max_states + memoised)) steps.
    ///
    /// # Errors
    /// [`Error::WorkLimit`] when the candidates pass the work budget,
    /// [`Error::StateLimit`] when the tuples pass `limits.max_states`.
    pub(super) fn projected(
        &self,
        root: &[u64],
        memoised: u128,
        limits: &Limits,
    ) -> Result<(), Error> {
        if self.rule.last || self.rule.once {
            return Ok(());
        }
        let Some(lowered) = lowered_alone(&self.rule) else {
            return Ok(());
        };
        if root.is_empty() || lowered.iter().all(|&l| !l) {
            return Ok(());
        }
        let bounds: Vec<u32> = self
            .rule
            .options
            .iter()
            .map(|o| o.bound.len() as u32)
            .collect();
        // The candidates a frame examines at a tuple whose largest heap is m.
        let cost = |m: u64| -> u128 {
            let values = u128::from(m) + 1;
            bounds
                .iter()
                .map(|&b| values.saturating_pow(b))
                .fold(0u128, u128::saturating_add)
        };
        let top = root.iter().copied().max().unwrap_or(0);
        let states_limit = limits.max_states as u128 + memoised;
        let work_limit = u128::from((limits.max_states as u64).saturating_mul(WORK_PER_STATE))
            + memoised.saturating_mul(cost(top));
        let (mut states, mut work) = (0u128, 0u128);
        // The tuples of the set whose largest heap is m, for each m in turn.
        let mut count_at: Box<dyn FnMut(u64) -> u128> = if self.symmetric {
            // Sorted tuples t <= s (s the sorted root): f_i(v), the sorted
            // t_1..t_i with t_i = v, is [v <= s_i] times the sum of
            // f_{i-1}(w) over w <= v, kept as running sums.
            let mut s = root.to_vec();
            s.sort_unstable();
            let mut sums = vec![0u128; s.len()];
            Box::new(move |v: u64| {
                let mut below = 1u128;
                let mut last = 0;
                for (i, sum) in sums.iter_mut().enumerate() {
                    let f = if v <= s[i] { below } else { 0 };
                    *sum = sum.saturating_add(f);
                    below = *sum;
                    last = f;
                }
                last
            })
        } else {
            let r = root.to_vec();
            let lowered = lowered.clone();
            // Tuples of the set with every heap at most m.
            let upto = move |m: u64| -> u128 {
                r.iter()
                    .zip(&lowered)
                    .fold(1u128, |n, (&h, &l)| match (l, h <= m) {
                        (true, _) => n.saturating_mul(u128::from(h.min(m)) + 1),
                        (false, true) => n,
                        (false, false) => 0,
                    })
            };
            Box::new(move |m: u64| upto(m) - if m == 0 { 0 } else { upto(m - 1) })
        };
        for m in 0..=top {
            let n = count_at(m);
            states = states.saturating_add(n);
            work = work.saturating_add(n.saturating_mul(cost(m)));
            if work > work_limit {
                return Err(Self::work_limit(limits));
            }
            if states > states_limit {
                return Err(Error::StateLimit {
                    limit: limits.max_states,
                });
            }
        }
        Ok(())
    }
}

/// Which heaps some option of `rule` lowers alone by every amount from 1
/// up (the others left as they are), read from its writing: at position
/// i, `h - v` for heap h and bound variable v; elsewhere the heap itself,
/// or the heap less another bound variable (taken as 0); conditions only
/// on the bound variables, holding for every v >= 1 with the others 0.
/// Under `perm:` one such position makes every heap one. `None` for rules
/// of `subset(E)` or `one(E)` options.
fn lowered_alone(rule: &TupleRule) -> Option<Vec<bool>> {
    let d = rule.arity?;
    let mut out = vec![false; d];
    for opt in &rule.options {
        let Body::Tuple(parts) = &opt.body else {
            return None;
        };
        for (i, part) in parts.iter().enumerate() {
            let Expr::Sub(h, b) = part else { continue };
            let (Expr::Heap(hi), Expr::Bound(v)) = (&**h, &**b) else {
                continue;
            };
            let others = parts.iter().enumerate().all(|(j, e)| {
                j == i
                    || match e {
                        Expr::Heap(hj) => *hj == j,
                        Expr::Sub(h, b) => {
                            matches!((&**h, &**b), (Expr::Heap(hj), Expr::Bound(u)) if *hj == j && u != v)
                        }
                        _ => false,
                    }
            });
            if *hi == i && others && opt.conds.iter().all(|c| every_positive(c, *v)) {
                if rule.perm {
                    return Some(vec![true; d]);
                }
                out[i] = true;
            }
        }
    }
    Some(out)
}

/// Whether condition `c` holds for every value from 1 up of bound
/// variable `v`, every other bound variable 0 (false when it names a heap
/// or is not a plain comparison of `v` and numbers).
pub(super) fn every_positive(c: &parser::Cond, v: usize) -> bool {
    use parser::Cmp;
    // A side: Some(Some(n)) a number, Some(None) the variable v.
    let side = |e: &Expr| match e {
        Expr::Num(n) => Some(Some(u128::from(*n))),
        Expr::Bound(u) if *u == v => Some(None),
        Expr::Bound(_) => Some(Some(0)),
        _ => None,
    };
    match (side(&c.left), side(&c.right)) {
        (Some(Some(a)), Some(Some(b))) => c.cmp.holds(a as i128, b as i128),
        (Some(None), Some(Some(n))) => match c.cmp {
            Cmp::Gt | Cmp::Ne => n == 0,
            Cmp::Ge => n <= 1,
            _ => false,
        },
        (Some(Some(n)), Some(None)) => match c.cmp {
            Cmp::Lt | Cmp::Ne => n == 0,
            Cmp::Le => n <= 1,
            _ => false,
        },
        (Some(None), Some(None)) => matches!(c.cmp, Cmp::Eq | Cmp::Le | Cmp::Ge),
        _ => false,
    }
}
