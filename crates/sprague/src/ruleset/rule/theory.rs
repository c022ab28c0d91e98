//! When a rule's nim-sequence has a provable period: a Guy–Smith-style
//! argument (Guy & Smith 1956; Winning Ways, ch. 4) for rules whose
//! options, from some heap on, depend on n only through n mod M and leave
//! heaps n - c for bounded c (one heap, a range n-a..n-b, or a split of
//! n - c into two or three heaps any way), constant heaps, and pairs of
//! equal heaps (whose nim-sum is 0, whatever they are: `n/2&n/2`).
//!
//! **The theorem.** Let every option of heap n, for n >= T, be decided by
//! n mod M, and let c be at most C for single heaps and ranges, C2 for
//! splits into two, C3 for splits into three. If p is a multiple of M,
//! n0 >= T, and G(n + p) = G(n) for n0 <= n < W with
//! W = max(n0 + C, 2·max(n0, 1) + p + C2, 3·max(n0, 1) + 2p + C3, n0 + 1),
//! then G(n + p) = G(n) for every n >= n0. Proof, by induction on n >= W:
//! the options of n + p and of n are of the same kinds; a heap n + p - c
//! has the value of n - c (n - c >= n0, and smaller than n); a split of
//! n + p - c has a largest part b >= (n + p - c)/q, so b - p >= max(n0, 1)
//! and (.., b) matches (.., b - p), a split of n - c of the same value, and
//! every split of n - c is matched back the same way; constant heaps and
//! equal pairs are worth the same at both. So both heaps have the same set
//! of option values, hence the same mex.

use super::parser::{Body, Cond, Expr, Rule};
use crate::sequence::period::Period;

/// What the theorem needs of a rule: see the module docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// M: the options depend on n only through n mod M (from `threshold` on).
    pub modulus: u64,
    /// T: from this heap on, every condition is periodic and every option's
    /// heaps are defined.
    pub threshold: u64,
    /// The most a single heap or a range's far end lies below n (C).
    pub local: u64,
    /// The most a split into two lies below n (C2), if any.
    pub split2: Option<u64>,
    /// The most a split into three lies below n (C3), if any.
    pub split3: Option<u64>,
}

pub use crate::ruleset::own_sequence::Proof;

/// `n - c`: `Some(c)`.
pub(super) fn local(e: &Expr) -> Option<u64> {
    match e {
        Expr::N => Some(0),
        Expr::Sub(a, b) => match **b {
            Expr::Num(k) => local(a)?.checked_add(k),
            _ => None,
        },
        _ => None,
    }
}

/// A whole number with no n in it: its value.
pub(super) fn constant(e: &Expr) -> Option<u64> {
    super::eval::eval(e, 0).filter(|_| !mentions_n(e))
}

/// Whether `e` names n or d (is not a constant).
fn mentions_n(e: &Expr) -> bool {
    match e {
        Expr::N | Expr::D => true,
        Expr::Num(_) => false,
        Expr::Sub(a, b)
        | Expr::Mul(a, b)
        | Expr::Div(a, b)
        | Expr::Mod(a, b)
        | Expr::Min(a, b)
        | Expr::Max(a, b) => mentions_n(a) || mentions_n(b),
        Expr::Root { of, .. } => mentions_n(of),
    }
}

/// Built from n by subtracting and dividing by constants (at least 1):
/// non-decreasing, rising by at most 1 a heap, so once it is a whole
/// number below n it stays one.
pub(super) fn gentle(e: &Expr) -> bool {
    match e {
        Expr::N => true,
        Expr::Sub(a, b) => gentle(a) && constant(b).is_some(),
        Expr::Div(a, b) => gentle(a) && constant(b).is_some_and(|d| d >= 1),
        _ => false,
    }
}

/// How far to look for the heap from which a gentle part is defined and
/// below n.
const GENTLE_SEARCH: u64 = 1 << 16;

/// `g*k` or `k*g`: `Some(g)`.
pub(super) fn scaled(e: &Expr, k: u64) -> Option<&Expr> {
    match e {
        Expr::Mul(a, b) if **b == Expr::Num(k) => Some(a),
        Expr::Mul(a, b) if **a == Expr::Num(k) => Some(b),
        _ => None,
    }
}

/// The least heap from which gentle `e` is a whole number below n (and
/// stays one), if one is found below [`GENTLE_SEARCH`].
pub(super) fn gentle_from(e: &Expr) -> Option<u64> {
    (0..GENTLE_SEARCH).find(|&n| super::eval::eval(e, n).is_some_and(|v| v < n))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The theorem's shape of `rule`, or why it does not apply (a sentence).
///
/// # Errors
/// Why no periodicity argument covers the rule, naming the option.
pub fn shape(rule: &Rule) -> Result<Shape, String> {
    let mut s = Shape {
        modulus: 1,
        threshold: 0,
        local: 0,
        split2: None,
        split3: None,
    };
    let max_c = |acc: &mut Option<u64>, c: u64| *acc = Some(acc.map_or(c, |a| a.max(c)));
    for o in &rule.options {
        if o.divisor_of.is_some() {
            return Err(format!(
                "option {} (column {}) ranges over the divisors of a number, so its options \
                 are not n minus a bounded amount",
                o.text, o.column
            ));
        }
        for c in &o.conds {
            cond_shape(c, &mut s).map_err(|why| {
                format!(
                    "the condition of option {} (column {}) {why}",
                    o.text, o.column
                )
            })?;
        }
        let not_local = |what: &str| {
            format!(
                "option {} (column {}) {what}, so its options are not n minus a bounded \
                 amount",
                o.text, o.column
            )
        };
        match &o.body {
            Body::Parts(parts) => {
                let mut rest: Vec<&Expr> = parts.iter().collect();
                // Equal pairs cancel: their nim-sum is 0.
                let mut i = 0;
                while i < rest.len() {
                    if let Some(j) = (i + 1..rest.len()).find(|&j| rest[j] == rest[i]) {
                        if !gentle(rest[i]) {
                            return Err(not_local("leaves two equal heaps that are not built from n by subtracting and dividing by numbers"));
                        }
                        let e = rest[i];
                        let from = (0..GENTLE_SEARCH)
                            .find(|&n| super::eval::eval(e, n).is_some_and(|v| v < n))
                            .ok_or_else(|| not_local("leaves heaps never below n"))?;
                        s.threshold = s.threshold.max(from);
                        rest.remove(j);
                        rest.remove(i);
                    } else {
                        i += 1;
                    }
                }
                for e in rest {
                    if let Some(k) = constant(e) {
                        s.threshold = s.threshold.max(k.saturating_add(1));
                    } else if let Some(c) = local(e) {
                        s.local = s.local.max(c);
                        s.threshold = s.threshold.max(c);
                    } else {
                        return Err(not_local(&format!("leaves the heap {e}")));
                    }
                }
            }
            Body::Range(lo, hi) => match (local(lo), local(hi)) {
                (Some(a), Some(b)) => {
                    s.local = s.local.max(a.max(b));
                    s.threshold = s.threshold.max(a.max(b));
                }
                _ => {
                    return Err(not_local(
                        "leaves a heap from a range whose ends are not both n minus a number \
                         (it may remove arbitrarily many tokens)",
                    ))
                }
            },
            Body::Split(e) | Body::Split3(e) => {
                let c = local(e).ok_or_else(|| not_local(&format!("splits {e}")))?;
                s.threshold = s.threshold.max(c);
                if matches!(o.body, Body::Split(_)) {
                    max_c(&mut s.split2, c);
                } else {
                    max_c(&mut s.split3, c);
                }
            }
            Body::Equal(e, k) => match (local(e), constant(k)) {
                // An even number of equal heaps is worth 0 whatever they
                // are; the move exists where K divides n - c, a condition
                // periodic in n with period K.
                (Some(c), Some(k)) if k >= 2 && k % 2 == 0 => {
                    s.threshold = s.threshold.max(c.saturating_add(k));
                    s.modulus = s.modulus / gcd(s.modulus, k) * k;
                    if s.modulus > 1 << 20 {
                        return Err(format!(
                            "option {} (column {}) makes the options repeat only with a \
                             period above 2^20 heaps",
                            o.text, o.column
                        ));
                    }
                }
                // g(n)*K split into K heaps of g(n), K even: worth 0, a
                // move wherever g(n) < n, which holds from some heap on.
                (None, Some(k)) if k >= 2 && k % 2 == 0 && scaled(e, k).is_some_and(gentle) => {
                    let from = scaled(e, k)
                        .and_then(gentle_from)
                        .ok_or_else(|| not_local("leaves heaps never below n"))?;
                    s.threshold = s.threshold.max(from);
                }
                _ => {
                    return Err(not_local(&format!(
                        "leaves equal heaps of ({e})/({k}), an odd or varying number of them \
                         (only an even number, worth 0, is n minus nothing)"
                    )))
                }
            },
            Body::Unequal(_) => {
                return Err(format!(
                    "option {} (column {}) splits into unequal heaps: the two heaps of a \
                     split must differ, and no periodicity theorem covers that (Grundy's \
                     game)",
                    o.text, o.column
                ))
            }
        }
    }
    Ok(s)
}

/// Adds condition `c` to the shape: periodic (`n%m==r`, `even`) or
/// settled from some heap on (`n>=k`).
pub(super) fn cond_shape(c: &Cond, s: &mut Shape) -> Result<(), &'static str> {
    let (l, r) = (&c.left, &c.right);
    if constant(l).is_some() && constant(r).is_some() {
        return Ok(());
    }
    let settled = |e: &Expr, k: Option<u64>| -> Option<u64> {
        let k = k?;
        let c = local(e)?;
        c.checked_add(k)?.checked_add(1)
    };
    if let Some(t) = settled(l, constant(r)).or_else(|| settled(r, constant(l))) {
        s.threshold = s.threshold.max(t);
        return Ok(());
    }
    let periodic = |e: &Expr| -> Option<(u64, u64)> {
        match e {
            Expr::Mod(a, m) => Some((local(a)?, constant(m).filter(|&m| m >= 1)?)),
            _ => None,
        }
    };
    let found = match (periodic(l), periodic(r)) {
        (Some(p), None) => constant(r).map(|_| p),
        (None, Some(p)) => constant(l).map(|_| p),
        _ => None,
    };
    let Some((c, m)) = found else {
        return Err("is neither periodic in n (n%m==r, even, odd) nor settled for large n (n>=k)");
    };
    if c > 0 {
        s.threshold = s.threshold.max(c);
    }
    s.modulus = s.modulus / gcd(s.modulus, m) * m;
    if s.modulus > 1 << 20 {
        return Err("makes the options repeat only with a period above 2^20 heaps");
    }
    Ok(())
}

impl Shape {
    /// W for preperiod `n0` and period `p` (see the module docs).
    pub fn window_end(&self, n0: u64, p: u64) -> u128 {
        let (n0, p) = (u128::from(n0), u128::from(p));
        let one = n0.max(1);
        let mut w = (n0 + u128::from(self.local)).max(n0 + 1);
        if let Some(c) = self.split2 {
            w = w.max(2 * one + p + u128::from(c));
        }
        if let Some(c) = self.split3 {
            w = w.max(3 * one + 2 * p + u128::from(c));
        }
        w
    }

    /// The period G(0..=N) proves, if any: the least period the values
    /// show, found by applying the theorem to the least multiple of M
    /// that the values confirm over the window. O(N) per period tried
    /// that fails quickly (the search from the top stops at the first
    /// difference).
    pub fn prove(&self, values: &[u64]) -> Option<Proof> {
        let len = values.len() as u64;
        let mut p = self.modulus;
        while p < len {
            // The least n0 with G(n + p) = G(n) for n0 <= n < len - p.
            let mut n0 = len - p;
            while n0 > 0 && values[(n0 - 1) as usize] == values[(n0 - 1 + p) as usize] {
                n0 -= 1;
            }
            let start = n0.max(self.threshold);
            let end = self.window_end(start, p);
            if end + u128::from(p) <= u128::from(len) && start + p <= len {
                let period = self.least(values, n0, p);
                return Some(Proof {
                    period,
                    window: (start, end as u64),
                    proven_with: p,
                });
            }
            p += self.modulus;
        }
        None
    }

    /// The least period dividing `p` that the values show over at least a
    /// whole period past the preperiod (so that it holds for ever, given
    /// that `p` does), with its least preperiod.
    fn least(&self, values: &[u64], n0: u64, p: u64) -> Period {
        let len = values.len() as u64;
        for d in (1..=p).filter(|d| p.is_multiple_of(*d)) {
            let mut m = len - d;
            while m > 0 && values[(m - 1) as usize] == values[(m - 1 + d) as usize] {
                m -= 1;
            }
            // Past n0 both sides repeat with period p, so a whole period
            // of agreement past n0 is agreement for ever.
            if len - d >= m.max(n0) + p {
                return Period {
                    preperiod: m,
                    period: d,
                };
            }
        }
        Period {
            preperiod: n0,
            period: p,
        }
    }
}
