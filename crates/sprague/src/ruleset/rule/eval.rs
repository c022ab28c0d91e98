//! The options of one heap under a [`Rule`](super::parser::Rule): expressions evaluated at n,
//! conditions tested, each option's moves counted before any is listed (so
//! the limits refuse a heap with too many options before the work).

use std::ops::ControlFlow;

use num_bigint::{BigInt, BigUint};

use super::parser::{Body, Cond, Expr, Opt};
use crate::{Error, Parts};

/// Where an expression is evaluated: the heap n and, in an option with
/// the condition `d|E`, the divisor d.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The heap size.
    pub n: u64,
    /// The divisor d (`None` outside an option naming one: `d` is then
    /// undefined).
    pub d: Option<u64>,
}

impl From<u64> for At {
    fn from(n: u64) -> At {
        At { n, d: None }
    }
}

/// The value of `e` at heap `n` (or at [`At`] a heap and a divisor);
/// `None` where it is not a whole number of tokens: a subtraction below 0,
/// a division or `%` by 0, a result past 2^64 - 1, `d` where no divisor
/// is named. A step past 2^64 - 1 on the way is computed exactly
/// (`n*n/n` is n at any n). An option with such a part is no move at that
/// heap. Time linear in the size of `e`.
pub fn eval(e: &Expr, at: impl Into<At>) -> Option<u64> {
    let at = at.into();
    match fast(e, at) {
        Ok(v) => Some(v),
        Err(Undefined::Negative) => None,
        Err(Undefined::Overflow) => u64::try_from(exact(e, at)?).ok(),
    }
}

/// Why an expression has no value in 64 bits.
enum Undefined {
    /// Below 0, or a division by 0: no value at all.
    Negative,
    /// A step past 2^64 - 1: the exact value may still be a number.
    Overflow,
}

/// `e` at `at` in 64 bits.
fn fast(e: &Expr, at: At) -> Result<u64, Undefined> {
    let two = |a: &Expr, b: &Expr| Ok((fast(a, at)?, fast(b, at)?));
    match e {
        Expr::N => Ok(at.n),
        Expr::D => at.d.ok_or(Undefined::Negative),
        Expr::Num(k) => Ok(*k),
        Expr::Sub(a, b) => {
            let (a, b) = two(a, b)?;
            a.checked_sub(b).ok_or(Undefined::Negative)
        }
        Expr::Mul(a, b) => {
            let (a, b) = two(a, b)?;
            a.checked_mul(b).ok_or(Undefined::Overflow)
        }
        Expr::Div(a, b) => {
            let (a, b) = two(a, b)?;
            a.checked_div(b).ok_or(Undefined::Negative)
        }
        Expr::Mod(a, b) => {
            let (a, b) = two(a, b)?;
            a.checked_rem(b).ok_or(Undefined::Negative)
        }
        // The sides are compared as integers: max(n-3,0) is 0 at n = 2.
        Expr::Min(a, b) | Expr::Max(a, b) => match two(a, b) {
            Ok((a, b)) => Ok(if matches!(e, Expr::Min(..)) {
                a.min(b)
            } else {
                a.max(b)
            }),
            Err(Undefined::Negative) => signed(e, at)
                .and_then(|v| u64::try_from(v).ok())
                .ok_or(Undefined::Negative),
            Err(Undefined::Overflow) => Err(Undefined::Overflow),
        },
        Expr::Root { of, k, up } => Ok(root_u64(fast(of, at)?, *k, *up)),
    }
}

/// The `k`-th root of `x`, rounded down or (`up`) up: exact, by
/// `num-integer`'s integer roots.
fn root_u64(x: u64, k: u32, up: bool) -> u64 {
    use num_integer::Roots;
    let r = x.nth_root(k);
    // r^k <= x < (r + 1)^k; rounded up, r + 1 unless r^k is x.
    if up && r.checked_pow(k) != Some(x) {
        r + 1
    } else {
        r
    }
}

/// [`root_u64`] of a number past 2^64 - 1.
fn root_big(x: &BigUint, k: u32, up: bool) -> BigUint {
    let r = x.nth_root(k);
    if up && &r.pow(k) != x {
        r + 1u32
    } else {
        r
    }
}

/// `e` at `at` exactly (`None` below 0, on a division by 0 or for an
/// undefined `d`). The depth of an expression is bounded by the parser.
pub(crate) fn exact(e: &Expr, at: At) -> Option<BigUint> {
    Some(match e {
        Expr::N => BigUint::from(at.n),
        Expr::D => BigUint::from(at.d?),
        Expr::Num(k) => BigUint::from(*k),
        Expr::Sub(a, b) => {
            let (a, b) = (exact(a, at)?, exact(b, at)?);
            if a < b {
                return None;
            }
            a - b
        }
        Expr::Mul(a, b) => exact(a, at)? * exact(b, at)?,
        Expr::Min(..) | Expr::Max(..) => BigUint::try_from(signed(e, at)?).ok()?,
        Expr::Root { of, k, up } => root_big(&BigUint::try_from(signed(of, at)?).ok()?, *k, *up),
        Expr::Div(a, b) | Expr::Mod(a, b) => {
            let (a, b) = (exact(a, at)?, exact(b, at)?);
            if b == BigUint::ZERO {
                return None;
            }
            if matches!(e, Expr::Div(..)) {
                a / b
            } else {
                a % b
            }
        }
    })
}

/// The lower end of a range at `at`: its value, or 0 where it is below
/// 0 (`n-4..n-2` at heap 2 leaves the heaps 0 to 0, "take 2 to 4"; at
/// heap 1 its upper end is below 0 and there is no move). `None` where it
/// has no value at all (a division by 0, or one of a number below 0).
fn lower_end(e: &Expr, at: At) -> Option<u64> {
    eval(e, at).or_else(|| {
        signed(e, at)
            .filter(|v| v.sign() == num_bigint::Sign::Minus)
            .map(|_| 0)
    })
}

/// `e` at `at` as an integer that may be below 0 (subtraction,
/// multiplication, min and max only; a division or remainder of a number
/// below 0, or by 0, has no value).
fn signed(e: &Expr, at: At) -> Option<BigInt> {
    Some(match e {
        Expr::N => BigInt::from(at.n),
        Expr::D => BigInt::from(at.d?),
        Expr::Num(k) => BigInt::from(*k),
        Expr::Sub(a, b) => signed(a, at)? - signed(b, at)?,
        Expr::Mul(a, b) => signed(a, at)? * signed(b, at)?,
        Expr::Min(a, b) => signed(a, at)?.min(signed(b, at)?),
        Expr::Max(a, b) => signed(a, at)?.max(signed(b, at)?),
        // A number below 0 has no root here.
        Expr::Root { .. } => BigInt::from(exact(e, at)?),
        Expr::Div(a, b) | Expr::Mod(a, b) => {
            let (a, b) = (exact(a, at)?, exact(b, at)?);
            if b == BigUint::ZERO {
                return None;
            }
            BigInt::from(if matches!(e, Expr::Div(..)) {
                a / b
            } else {
                a % b
            })
        }
    })
}

/// Pushes every number written in option `o` (its heaps and conditions)
/// onto `out`.
pub(crate) fn numbers(o: &Opt, out: &mut Vec<u64>) {
    fn walk(e: &Expr, out: &mut Vec<u64>) {
        match e {
            Expr::N | Expr::D => {}
            Expr::Num(k) => out.push(*k),
            Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Mod(a, b)
            | Expr::Min(a, b)
            | Expr::Max(a, b) => {
                walk(a, out);
                walk(b, out);
            }
            Expr::Root { of, .. } => walk(of, out),
        }
    }
    match &o.body {
        Body::Parts(parts) => parts.iter().for_each(|e| walk(e, out)),
        Body::Range(a, b) | Body::Equal(a, b) => {
            walk(a, out);
            walk(b, out);
        }
        Body::Split(e) | Body::Unequal(e) | Body::Split3(e) => walk(e, out),
    }
    for c in &o.conds {
        walk(&c.left, out);
        walk(&c.right, out);
    }
    if let Some(e) = &o.divisor_of {
        walk(e, out);
    }
}

/// Whether condition `c` holds at heap `n` (false where a side is not a
/// whole number; sides past 2^64 - 1 are compared exactly: `n*n>5` holds
/// at every n >= 3).
pub fn holds(c: &Cond, at: impl Into<At>) -> bool {
    let at = at.into();
    match (fast(&c.left, at), fast(&c.right, at)) {
        (Ok(a), Ok(b)) => c.cmp.holds(a, b),
        (Err(Undefined::Negative), _) | (_, Err(Undefined::Negative)) => false,
        _ => match (exact(&c.left, at), exact(&c.right, at)) {
            (Some(a), Some(b)) => c.cmp.holds(a, b),
            _ => false,
        },
    }
}

/// What an option of heap `n` leaves, resolved: the heaps or the range of
/// the split, once its conditions hold and its expressions are defined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Resolved {
    /// Exactly these heaps (zeros dropped, sorted).
    Parts(Vec<u64>),
    /// One heap, any from `lo` to `hi` (inclusive, `hi < n`).
    Range(u64, u64),
    /// Two non-empty heaps adding up to `m` (unequal when the flag is set).
    Split(u64, bool),
    /// Three non-empty heaps adding up to `m`.
    Split3(u64),
    /// `k >= 2` equal heaps of `size >= 1` (`equal(E,K)`).
    Equal(u64, u64),
}

/// The error of a split whose heaps add up to more than the heap (some of
/// its parts would not be smaller than the heap).
fn too_much(word: &str, o: &Opt, n: u64, total: u128) -> Error {
    Error::Unsupported(format!(
        "{word}: at heap {n} the option {} (column {}) splits {total} tokens, more than {n}: \
         some of its splits would leave a heap as large as the one moved, so the game \
         might never end (leave heaps each smaller than n: n/2&n/2, equal(n/2*5,5))",
        o.text, o.column
    ))
}

/// The divisors of `m >= 1`, increasing. Time: the factorisation
/// (Pollard-Brent rho) and one product a divisor (at most 103,680 of
/// them below 2^64).
pub(crate) fn divisors(m: u64) -> Vec<u64> {
    let mut out = vec![1u64];
    for (p, e) in crate::ruleset::divisor::factorize(m) {
        let before = out.len();
        let mut power = 1u64;
        for _ in 0..e {
            power *= p;
            for i in 0..before {
                out.push(out[i] * power);
            }
        }
    }
    out.sort_unstable();
    out
}

/// The work of factoring E for an option `d|E`, in evaluations of an
/// option: an estimate (trial division by the small primes, then
/// Miller-Rabin and Pollard-Brent rho on what is left: a few µs).
pub(crate) const FACTOR_EVALS: u64 = 64;

/// Resolves option `o` at heap `n`, pushing onto `out` what it leaves
/// there: once, or once for each divisor d of E in an option with the
/// condition `d|E` (none when E is 0 or undefined). Returns the work
/// beyond one evaluation, in evaluations: the divisors tried and
/// [`FACTOR_EVALS`] (0 for an option naming no divisor).
///
/// # Errors
/// [`Error::Unsupported`] when a split (`split`, `split3`, `unequal`)
/// would divide more tokens than the heap holds.
pub(crate) fn resolve_all(
    word: &str,
    o: &Opt,
    n: u64,
    out: &mut Vec<Resolved>,
) -> Result<u64, Error> {
    let Some(e) = &o.divisor_of else {
        if let Some(r) = resolve(word, o, At::from(n))? {
            out.push(r);
        }
        return Ok(0);
    };
    let m = match eval(e, n) {
        Some(m) if m >= 1 => m,
        _ => return Ok(1),
    };
    let all = divisors(m);
    for &d in &all {
        if let Some(r) = resolve(word, o, At { n, d: Some(d) })? {
            out.push(r);
        }
    }
    Ok(all.len() as u64 + FACTOR_EVALS)
}

/// Resolves option `o` at `at` (its divisor, if it names one, given):
/// `None` when it is no move there (a condition fails, an expression is
/// not a whole number, a heap left would not be smaller than the heap,
/// nothing to choose from). The heaps left may add up to more than the
/// heap, as long as each is smaller (`equal(n/2*3,3)` turns 2x into three
/// heaps of x): every heap shrinks, so every play ends.
///
/// # Errors
/// [`Error::Unsupported`] when a split (`split`, `split3`, `unequal`)
/// would divide more tokens than the heap holds.
pub(crate) fn resolve(word: &str, o: &Opt, at: At) -> Result<Option<Resolved>, Error> {
    let n = at.n;
    if !o.conds.iter().all(|c| holds(c, at)) {
        return Ok(None);
    }
    let total_check = |m: u64| -> Result<(), Error> {
        if m > n {
            Err(too_much(word, o, n, u128::from(m)))
        } else {
            Ok(())
        }
    };
    Ok(match &o.body {
        Body::Parts(parts) => {
            let mut heaps = Vec::with_capacity(parts.len());
            for p in parts {
                match eval(p, at) {
                    Some(h) if h < n => heaps.push(h),
                    _ => return Ok(None),
                }
            }
            heaps.retain(|&h| h > 0);
            heaps.sort_unstable();
            Some(Resolved::Parts(heaps))
        }
        Body::Range(lo, hi) => match (lower_end(lo, at), eval(hi, at)) {
            (Some(lo), Some(hi)) if n > 0 => {
                let hi = hi.min(n - 1);
                (lo <= hi).then_some(Resolved::Range(lo, hi))
            }
            _ => None,
        },
        Body::Split(e) | Body::Unequal(e) => match eval(e, at) {
            Some(m) => {
                total_check(m)?;
                let unequal = matches!(o.body, Body::Unequal(_));
                let least = if unequal { 3 } else { 2 };
                (m >= least).then_some(Resolved::Split(m, unequal))
            }
            None => None,
        },
        Body::Split3(e) => match eval(e, at) {
            Some(m) => {
                total_check(m)?;
                (m >= 3).then_some(Resolved::Split3(m))
            }
            None => None,
        },
        // E is taken exactly: K heaps of x may hold more than 2^64 - 1
        // tokens in all (equal(n/2*K,K) with K near 2^64).
        Body::Equal(e, k) => match (exact(e, at), eval(k, at)) {
            (Some(m), Some(k)) if k >= 1 && (&m % k) == BigUint::ZERO => {
                let Ok(size) = u64::try_from(m / k) else {
                    return Ok(None);
                };
                match k {
                    // K heaps of 0 vanish: the move takes the whole heap
                    // (as `n-1` does at n = 1).
                    _ if size == 0 => (n > 0).then(|| Resolved::Parts(Vec::new())),
                    _ if size >= n => None,
                    1 => Some(Resolved::Parts(vec![size])),
                    _ => Some(Resolved::Equal(size, k)),
                }
            }
            _ => None,
        },
    })
}

impl Resolved {
    /// How many moves it gives (distinct sets of heaps).
    pub(crate) fn count(&self) -> u128 {
        match *self {
            Resolved::Parts(_) => 1,
            Resolved::Range(lo, hi) => u128::from(hi - lo) + 1,
            Resolved::Split(m, false) => u128::from(m / 2),
            Resolved::Split(m, true) => u128::from((m - 1) / 2),
            // Partitions of m into exactly three positive parts: the
            // integer nearest m²/12.
            Resolved::Split3(m) => (u128::from(m) * u128::from(m) + 6) / 12,
            Resolved::Equal(..) => 1,
        }
    }

    /// Passes each set of heaps it leaves (zeros dropped, increasing) to
    /// `f` until it breaks.
    pub(crate) fn each(&self, f: &mut dyn FnMut(Parts) -> ControlFlow<()>) -> ControlFlow<()> {
        let listed = |heaps: &[u64]| Parts::new(heaps).unwrap_or(Parts::NONE);
        match *self {
            Resolved::Parts(ref heaps) => f(listed(heaps)),
            Resolved::Range(lo, hi) => {
                for h in lo..=hi {
                    f(Parts::equal(h, 1))?;
                }
                ControlFlow::Continue(())
            }
            Resolved::Split(m, unequal) => {
                let last = if unequal { (m - 1) / 2 } else { m / 2 };
                for a in 1..=last {
                    f(listed(&[a, m - a]))?;
                }
                ControlFlow::Continue(())
            }
            Resolved::Split3(m) => {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        f(listed(&[a, b, m - a - b]))?;
                    }
                }
                ControlFlow::Continue(())
            }
            Resolved::Equal(size, k) => f(Parts::equal(size, k)),
        }
    }

    /// Whether it leaves exactly `parts` (no heap of 0).
    pub(crate) fn leaves(&self, parts: &Parts) -> bool {
        if let Resolved::Equal(size, k) = *self {
            return *parts == Parts::equal(size, k);
        }
        let Some(heaps) = parts.listed() else {
            return false;
        };
        match (self, heaps) {
            (Resolved::Parts(p), _) => p == heaps,
            (Resolved::Range(lo, _), []) => *lo == 0,
            (Resolved::Range(lo, hi), [h]) => lo <= h && h <= hi,
            (Resolved::Split(m, unequal), [a, b]) => {
                a.checked_add(*b) == Some(*m) && !(*unequal && a == b)
            }
            (Resolved::Split3(m), [a, b, c]) => {
                a.checked_add(*b).and_then(|s| s.checked_add(*c)) == Some(*m)
            }
            _ => false,
        }
    }
}
