//! Which options of a rule may be moves at heap n, found without
//! evaluating every option (issue 59: a rule written as one `equal(n,K)`
//! per K, as in HackerRank's "Tower Breakers, Again!", has as many options
//! as K's, yet at heap n only the divisors of n are moves).
//!
//! Options `equal(E,K)` with K a number and no condition are grouped by
//! their E: at heap n the group evaluates E once, and finds the K's that
//! divide it by trial division up to √E (or by trying each K, when there
//! are fewer K's than that). Every other option is evaluated at each heap.
//! The work of both is counted in the units of the table work limit
//! (about a nanosecond each), so that the limit bounds it.

use std::collections::HashMap;

use super::eval;
use super::parser::{Body, Expr, Rule};

/// The work of evaluating one option at one heap, in table-work units:
/// measured 2026-12-06, about 32 ns an option (`rule:` with 3,000
/// `equal(n,K)` options to heap 100,000: 9.8 s for 3·10^8 evaluations).
pub const EVAL_COST: u128 = 32;

/// The work of one step of a trial division (a remainder and a compare).
pub const STEP_COST: u128 = 4;

/// Groups of fewer options than this are evaluated one by one.
const LEAST_GROUP: usize = 8;

/// The options of a rule, indexed for [`OptionIndex::candidates`].
#[derive(Debug)]
pub(crate) struct OptionIndex {
    /// The options evaluated at every heap, in order.
    each: Vec<usize>,
    /// The `equal(E,K)` options grouped by E.
    groups: Vec<Group>,
}

/// The options `equal(E,K)` of one E: each K with its option, by K.
#[derive(Debug)]
struct Group {
    e: Expr,
    ks: Vec<(u64, usize)>,
}

impl OptionIndex {
    /// Indexes `rule`'s options. Time O(k log k) for k options.
    pub(crate) fn new(rule: &Rule) -> OptionIndex {
        let mut by_e: HashMap<&Expr, Vec<(u64, usize)>> = HashMap::new();
        let mut each = Vec::new();
        for (i, o) in rule.options.iter().enumerate() {
            match &o.body {
                Body::Equal(e, Expr::Num(k)) if o.conds.is_empty() && o.divisor_of.is_none() => {
                    by_e.entry(e).or_default().push((*k, i));
                }
                _ => each.push(i),
            }
        }
        let mut groups = Vec::new();
        for (e, mut ks) in by_e {
            if ks.len() < LEAST_GROUP {
                each.extend(ks.iter().map(|&(_, i)| i));
            } else {
                ks.sort_unstable();
                groups.push(Group { e: e.clone(), ks });
            }
        }
        each.sort_unstable();
        OptionIndex { each, groups }
    }

    /// Puts into `out` (cleared first), in the order written, every option
    /// that may be a move at heap `n`: all the options outside a group, and
    /// of each group those whose K divides E(n). Returns the work done, in
    /// table-work units. Time O(options outside groups + Σ min(K's, √E(n))).
    pub(crate) fn candidates(&self, n: u64, out: &mut Vec<usize>) -> u128 {
        out.clear();
        out.extend_from_slice(&self.each);
        let mut work = self.each.len() as u128 * EVAL_COST;
        for g in &self.groups {
            work += EVAL_COST;
            let Some(m) = eval::eval(&g.e, n) else {
                continue;
            };
            let root = m.isqrt();
            if m == 0 || g.ks.len() as u64 <= root {
                work += g.ks.len() as u128 * STEP_COST;
                out.extend(
                    g.ks.iter()
                        .filter(|&&(k, _)| k >= 1 && m.is_multiple_of(k))
                        .map(|&(_, i)| i),
                );
            } else {
                work += u128::from(root) * STEP_COST;
                let mut push = |d: u64| {
                    let from = g.ks.partition_point(|&(k, _)| k < d);
                    out.extend(
                        g.ks[from..]
                            .iter()
                            .take_while(|&&(k, _)| k == d)
                            .map(|&(_, i)| i),
                    );
                };
                for d in 1..=root {
                    if m.is_multiple_of(d) {
                        push(d);
                        if d != m / d {
                            push(m / d);
                        }
                    }
                }
            }
        }
        if !self.groups.is_empty() {
            out.sort_unstable();
        }
        work
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::rule::parser::parse_rule;

    /// The candidates are the options outside groups and the grouped
    /// options whose K divides E(n), found naively; every option that
    /// resolves to a move is among them; at every heap to 2,000.
    #[test]
    fn candidates_are_the_options_that_may_move() {
        let text: String = (2..40)
            .map(|k| format!("equal(n,{k}),equal(n-1,{k}),"))
            .collect::<String>()
            + "equal(n,1),equal(n,6),n-1,equal(n,3):odd";
        let rule = parse_rule(&text, 5).unwrap();
        let index = OptionIndex::new(&rule);
        assert_eq!(index.groups.len(), 2);
        let mut out = Vec::new();
        for n in 0..2000u64 {
            index.candidates(n, &mut out);
            let naive: Vec<usize> = (0..rule.options.len())
                .filter(|&i| match &rule.options[i].body {
                    Body::Equal(e, Expr::Num(k)) if index.each.binary_search(&i).is_err() => {
                        eval::eval(e, n).is_some_and(|m| *k >= 1 && m.is_multiple_of(*k))
                    }
                    _ => true,
                })
                .collect();
            assert_eq!(out, naive, "heap {n}");
            for i in 0..rule.options.len() {
                if matches!(eval::resolve("t", &rule.options[i], n.into()), Ok(Some(_))) {
                    assert!(out.contains(&i), "heap {n}: option {i}");
                }
            }
        }
    }
}
