//! The options of a position under a [`TupleRule`]: every assignment of
//! the bound variables (each 0 to the largest heap), every order of the
//! heaps for `perm:` rules, every non-empty set of heaps for `subset(E)`,
//! kept where the conditions hold, every expression is a whole number, no
//! heap grows and one shrinks. Each candidate counts one unit of work
//! against the caller's budget, so no rule can make a position's options
//! cost more than the budget says.

use super::parser::{Body, Cond, Expr, Opt, TupleRule};

/// The budget of candidates ran out while listing options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exhausted;

/// The value of `e` with the heaps `heaps` and the bound variables
/// `bound`; `None` when it is not a whole number (a difference below 0, a
/// division by 0) or passes 2^128 - 1.
pub fn eval(e: &Expr, heaps: &[u64], bound: &[u64]) -> Option<u128> {
    Some(match e {
        Expr::Num(n) => u128::from(*n),
        Expr::Heap(i) => u128::from(heaps[*i]),
        Expr::Bound(j) => u128::from(bound[*j]),
        Expr::Sub(a, b) => eval(a, heaps, bound)?.checked_sub(eval(b, heaps, bound)?)?,
        Expr::Mul(a, b) => eval(a, heaps, bound)?.checked_mul(eval(b, heaps, bound)?)?,
        Expr::Div(a, b) => eval(a, heaps, bound)?.checked_div(eval(b, heaps, bound)?)?,
        Expr::Mod(a, b) => eval(a, heaps, bound)?.checked_rem(eval(b, heaps, bound)?)?,
    })
}

/// Whether every condition holds (a side that is not a whole number fails).
fn holds(conds: &[Cond], heaps: &[u64], bound: &[u64]) -> bool {
    conds.iter().all(
        |c| match (eval(&c.left, heaps, bound), eval(&c.right, heaps, bound)) {
            (Some(l), Some(r)) => c.cmp.holds(l as i128, r as i128),
            _ => false,
        },
    )
}

/// Every permutation of `0..d`, the identity first.
pub fn permutations(d: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut p: Vec<usize> = (0..d).collect();
    permute(&mut p, 0, &mut out);
    out
}

fn permute(p: &mut Vec<usize>, k: usize, out: &mut Vec<Vec<usize>>) {
    if k + 1 >= p.len() {
        out.push(p.clone());
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        permute(p, k + 1, out);
        p.swap(k, i);
    }
}

/// Calls `f` with every assignment of `count` bound variables, each from 0
/// to `max`, counting each against `budget`.
fn assignments(
    count: usize,
    max: u64,
    budget: &mut u64,
    f: &mut dyn FnMut(&[u64]) -> bool,
) -> Result<bool, Exhausted> {
    let mut v = vec![0u64; count];
    loop {
        *budget = budget.checked_sub(1).ok_or(Exhausted)?;
        if f(&v) {
            return Ok(true);
        }
        let mut i = 0;
        loop {
            if i == count {
                return Ok(false);
            }
            if v[i] < max {
                v[i] += 1;
                break;
            }
            v[i] = 0;
            i += 1;
        }
    }
}

/// The lister of one rule's options, with the orders of the heaps it
/// takes.
#[derive(Debug)]
pub struct Lister {
    perms: Vec<Vec<usize>>,
}

impl Lister {
    /// The lister for `rule`.
    pub fn new(rule: &TupleRule) -> Lister {
        let d = rule.arity.unwrap_or(0);
        let perms = if rule.perm {
            permutations(d)
        } else {
            vec![(0..d).collect()]
        };
        Lister { perms }
    }

    /// Calls `f` with each option of `heaps` (in heap order; an option
    /// reached two ways comes twice) until it returns true; true when it
    /// did.
    ///
    /// # Errors
    /// [`Exhausted`] when the candidates pass `budget`.
    pub fn each(
        &self,
        rule: &TupleRule,
        heaps: &[u64],
        budget: &mut u64,
        f: &mut dyn FnMut(&[u64]) -> bool,
    ) -> Result<bool, Exhausted> {
        if self.candidates(rule, heaps) > u128::from(*budget) {
            return Err(Exhausted);
        }
        for opt in &rule.options {
            if self.each_option(opt, heaps, budget, f)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The candidates [`Lister::each`] would examine at `heaps` (at least:
    /// a `subset(E)` option counts its sets as it finds which heaps can
    /// change), computed before any is: each bound variable takes the
    /// largest heap + 1 values, a tuple option is tried in every order.
    pub fn candidates(&self, rule: &TupleRule, heaps: &[u64]) -> u128 {
        let values = u128::from(heaps.iter().copied().max().unwrap_or(0)) + 1;
        rule.options
            .iter()
            .map(|opt| {
                let assignments = (0..opt.bound.len()).fold(1u128, |n, _| n.saturating_mul(values));
                let per = match opt.body {
                    Body::Tuple(_) => self.perms.len() as u128,
                    Body::One(_) | Body::Subset(_) => 1,
                };
                assignments.saturating_mul(per)
            })
            .fold(0u128, u128::saturating_add)
    }

    /// As [`Lister::each`], for the one option `opt`.
    ///
    /// # Errors
    /// [`Exhausted`] when the candidates pass `budget`.
    pub fn each_option(
        &self,
        opt: &Opt,
        heaps: &[u64],
        budget: &mut u64,
        f: &mut dyn FnMut(&[u64]) -> bool,
    ) -> Result<bool, Exhausted> {
        let max = heaps.iter().copied().max().unwrap_or(0);
        let mut out = heaps.to_vec();
        match &opt.body {
            Body::Tuple(parts) => {
                let mut env = heaps.to_vec();
                let mut cb = |bound: &[u64]| {
                    for p in &self.perms {
                        for (i, &h) in p.iter().enumerate() {
                            env[i] = heaps[h];
                        }
                        if tuple_option(opt, parts, p, heaps, &env, bound, &mut out) && f(&out) {
                            return true;
                        }
                    }
                    false
                };
                assignments(opt.bound.len(), max, budget, &mut cb)
            }
            Body::One(e) => {
                let mut cb = |bound: &[u64]| {
                    for (i, &h) in heaps.iter().enumerate() {
                        let x = [h];
                        if !holds(&opt.conds, &x, bound) {
                            continue;
                        }
                        if let Some(v) = eval(e, &x, bound).filter(|&v| v < u128::from(h)) {
                            out[i] = v as u64;
                            let stop = f(&out);
                            out[i] = h;
                            if stop {
                                return true;
                            }
                        }
                    }
                    false
                };
                assignments(opt.bound.len(), max, budget, &mut cb)
            }
            Body::Subset(e) => {
                let mut inner = Ok(false);
                let mut cb = |bound: &[u64]| {
                    inner = subsets(opt, e, heaps, bound, budget, &mut out, f);
                    !matches!(inner, Ok(false))
                };
                // Each assignment is counted by `subsets` on the caller's
                // budget, which the closure holds.
                let mut own = u64::MAX;
                assignments(opt.bound.len(), max, &mut own, &mut cb)?;
                inner
            }
        }
    }
}

/// Writes into `out` the option of tuple `parts` under heap order `p`
/// (`env` the heaps as the option names them), when it is a move.
fn tuple_option(
    opt: &Opt,
    parts: &[Expr],
    p: &[usize],
    heaps: &[u64],
    env: &[u64],
    bound: &[u64],
    out: &mut [u64],
) -> bool {
    if !holds(&opt.conds, env, bound) {
        return false;
    }
    let mut smaller = false;
    for (i, e) in parts.iter().enumerate() {
        let Some(v) = eval(e, env, bound) else {
            return false;
        };
        let h = heaps[p[i]];
        if v > u128::from(h) {
            return false;
        }
        smaller |= v < u128::from(h);
        out[p[i]] = v as u64;
    }
    smaller
}

/// Every non-empty set of heaps that `subset(E)` may change under the
/// bound values `bound`, each written into `out` and passed to `f`.
fn subsets(
    opt: &Opt,
    e: &Expr,
    heaps: &[u64],
    bound: &[u64],
    budget: &mut u64,
    out: &mut [u64],
    f: &mut dyn FnMut(&[u64]) -> bool,
) -> Result<bool, Exhausted> {
    *budget = budget.checked_sub(1).ok_or(Exhausted)?;
    // The heaps this option can change, and to what.
    let mut can: Vec<(usize, u64)> = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let x = [h];
        if !holds(&opt.conds, &x, bound) {
            continue;
        }
        if let Some(v) = eval(e, &x, bound).filter(|&v| v < u128::from(h)) {
            can.push((i, v as u64));
        }
    }
    if can.len() >= 64 {
        // 2^64 sets: more than any budget.
        return Err(Exhausted);
    }
    out.copy_from_slice(heaps);
    for set in 1..(1u64 << can.len()) {
        *budget = budget.checked_sub(1).ok_or(Exhausted)?;
        for (bit, &(i, v)) in can.iter().enumerate() {
            out[i] = if set >> bit & 1 == 1 { v } else { heaps[i] };
        }
        if f(out) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether `after` is an option of `heaps` (without listing every option of
/// a `subset(E)` rule: a set is read off the heaps that changed).
///
/// # Errors
/// [`Exhausted`] when the candidates pass `budget`.
pub fn is_option(
    lister: &Lister,
    rule: &TupleRule,
    heaps: &[u64],
    after: &[u64],
    budget: &mut u64,
) -> Result<bool, Exhausted> {
    if heaps.len() != after.len() || heaps == after || after.iter().zip(heaps).any(|(a, h)| a > h) {
        return Ok(false);
    }
    let max = heaps.iter().copied().max().unwrap_or(0);
    for opt in &rule.options {
        let found = match &opt.body {
            Body::Tuple(_) => lister.each_option(opt, heaps, budget, &mut |o| o == after)?,
            Body::One(_) if heaps.iter().zip(after).filter(|(h, a)| h != a).count() != 1 => false,
            Body::Subset(e) | Body::One(e) => {
                let mut cb = |bound: &[u64]| {
                    heaps.iter().zip(after).all(|(&h, &a)| {
                        a == h || {
                            let x = [h];
                            holds(&opt.conds, &x, bound)
                                && eval(e, &x, bound) == Some(u128::from(a))
                        }
                    })
                };
                assignments(opt.bound.len(), max, budget, &mut cb)?
            }
        };
        if found {
            return Ok(true);
        }
    }
    Ok(false)
}
