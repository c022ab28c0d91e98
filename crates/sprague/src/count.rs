//! Counting positions: how many sums of K heaps of one heap ruleset, every
//! heap in 0..=M, are P-positions (or N-positions).
//!
//! By the Sprague-Grundy theorem a sum of heaps is a P-position exactly
//! when the nim-sum of the heaps' Grundy values is 0, so only the
//! *histogram* of G(0), ..., G(M) matters: h(v) heaps have value v. The
//! count is found in the Walsh-Hadamard (XOR-Fourier) domain, where the
//! XOR convolution of histograms becomes a pointwise product. For a
//! character s (one of the 2^B values of B bits), let ĥ(s) = Σ_v h(v)·(-1)^{popcount(v & s)},
//! and u(s), w(s) the number of heaps whose value has an even (odd) number
//! of 1-bits in common with s (so ĥ = u - w, u + w = M + 1). Then:
//!
//! - ordered tuples (x_1, ..., x_K): P = 2^{-B} Σ_s ĥ(s)^K;
//! - multisets (heaps in any order counted once): each character maps the
//!   generating function Π_x 1/(1 - t·z^{G(x)}) to (1 - t)^{-u}·(1 + t)^{-w},
//!   so P = 2^{-B} Σ_s [t^K] (1 - t)^{-u(s)}·(1 + t)^{-w(s)} (the cycle index of
//!   the symmetric group summed in closed form; exact, not tuples / K!).
//!
//! Characters with the same ĥ(s) give the same term, so the sums run over
//! the distinct values of ĥ (a [`Spectrum`]), each with its multiplicity.
//! The spectrum comes from:
//!
//! - a closed form of the histogram ([`HeapRules::closed_histogram`]: Nim,
//!   a subtraction range `a-b`), as a few prefix intervals of values whose
//!   transform is known in closed form: ĥ(s) of the interval [0, L) is
//!   ±((L mod 2^l) - L_l·2^l) for s with lowest 1-bit l, so M up to
//!   2^64 - 1 costs O(B) ([`interval_spectrum`]);
//! - the nim-sequence table (subtraction sets, octal and hexadecimal codes,
//!   Grundy's game) up to M, or up to the end of its first period when a
//!   period is proven (then any `u64` M), and one fast Walsh-Hadamard
//!   transform of 2^B values, O(M + B·2^B) ([`table_spectrum`]).
//!
//! The powers use exponentiation by squaring (O(log K) products each), so a
//! count modulo Q with K = 10^18 costs a few thousand modular products;
//! exact counts use `num-bigint` and are bounded by
//! [`CountLimits::max_bits`]. Multiset terms are sums of products of
//! binomial coefficients computed incrementally, in min(2K, |ĥ| + min(u,
//! K/2)) steps; [`CountLimits::max_work`] bounds them, and the transform,
//! before any work. Misère play has no such decomposition and is refused.
//!
//! ```
//! use sprague::count::{count, CountLimits, CountSpec};
//! use sprague::{Outcome, Ruleset};
//! let nim = Ruleset::nim();
//! let spec = CountSpec { heaps: 3, max: 7, ..CountSpec::default() };
//! assert_eq!(count(&nim, &spec, &CountLimits::default())?.count.to_string(), "64");
//! let multisets = CountSpec { unordered: true, ..spec };
//! assert_eq!(count(&nim, &multisets, &CountLimits::default())?.count.to_string(), "15");
//! let kayles: Ruleset = "kayles".parse()?;
//! let spec = CountSpec { heaps: 3, max: 20, ..CountSpec::default() };
//! assert_eq!(count(&kayles, &spec, &CountLimits::default())?.count.to_string(), "1033");
//! // 3-heap Nim up to 10^18: instant, exact.
//! let huge = CountSpec { heaps: 3, max: 1_000_000_000_000_000_000, ..CountSpec::default() };
//! let n = count(&nim, &huge, &CountLimits::default())?.count;
//! assert!(n.bits() > 110);
//! // K = 10^18 heaps, modulo a prime.
//! let many = CountSpec {
//!     heaps: 1_000_000_000_000_000_000,
//!     max: 20,
//!     modulo: Some(1_000_000_007),
//!     outcome: Outcome::N,
//!     ..CountSpec::default()
//! };
//! assert!(count(&kayles, &many, &CountLimits::default())?.count < 1_000_000_007u64.into());
//! # Ok::<(), sprague::Error>(())
//! ```

pub mod constrained;
pub mod pairs;
mod spectrum;
mod sweep;

use spectrum::*;
pub use spectrum::{count_from_spectrum, interval_spectrum, table_spectrum};

use num_bigint::{BigInt, BigUint, Sign};

pub use crate::error::CountLimitKind;
use crate::sequence::{Method, Store};
use crate::{Error, HeapRules, Limits, Outcome, Play, Ruleset};

/// Heaps of the nim-sequence computed between two calls of the progress
/// callback of [`count_with_progress`].
const PROGRESS_STEP: u64 = 1 << 16;

/// What to count: sums of `heaps` heaps (K), each of 0..=`max` tokens (M).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountSpec {
    /// K, the number of heaps in each sum (0 counts the empty sum, a
    /// P-position).
    pub heaps: u64,
    /// M, the largest heap size; every heap is in 0..=M.
    pub max: u64,
    /// Count multisets (a ≤ b ≤ c: heaps in any order count once) instead
    /// of ordered tuples.
    pub unordered: bool,
    /// Which positions to count: P-positions (the default) or N-positions
    /// (all positions minus the P-positions).
    pub outcome: Outcome,
    /// The count modulo this (at least 1) instead of exactly.
    pub modulo: Option<u64>,
    /// The play convention: only [`Play::Normal`] is counted.
    pub play: Play,
}

impl Default for CountSpec {
    fn default() -> CountSpec {
        CountSpec {
            heaps: 0,
            max: 0,
            unordered: false,
            outcome: Outcome::P,
            modulo: None,
            play: Play::Normal,
        }
    }
}

/// The limits of a count, each checked before the work it bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountLimits {
    /// The limits of the nim-sequence table (`max_table`,
    /// `max_period_search`), as for `analyze`.
    pub table: Limits,
    /// The most work, in elementary steps: the transform counts B·2^B,
    /// a multiset term one step per machine word of its numbers, an
    /// ordered power log2(K) products of w^1.585 steps each (w machine
    /// words, Karatsuba). Default [`DEFAULT_MAX_WORK`].
    pub max_work: u64,
    /// The most bits an exact count (and its intermediate sums) may take;
    /// a count modulo Q of ordered tuples needs none. Default
    /// [`DEFAULT_MAX_BITS`] (about 315,000 decimal digits).
    pub max_bits: u64,
    /// Threads the nim-sequence may use (see
    /// [`NimSequence::set_threads`](crate::sequence::NimSequence::set_threads));
    /// default 1. The count is the same with any number.
    pub threads: usize,
}

/// The default of [`CountLimits::max_work`]: 2^29 = 536,870,912 steps,
/// about a second in a release build (the primes below 10^7 with K =
/// 10^9, a transform weighed at 24·2^24 steps, took 0.75 s).
pub const DEFAULT_MAX_WORK: u64 = 1 << 29;

/// The default of [`CountLimits::max_bits`]: 2^20 bits.
pub const DEFAULT_MAX_BITS: u64 = 1 << 20;

impl Default for CountLimits {
    fn default() -> CountLimits {
        CountLimits {
            table: Limits::default(),
            max_work: DEFAULT_MAX_WORK,
            max_bits: DEFAULT_MAX_BITS,
            threads: 1,
        }
    }
}

/// Where the values G(0..=M) of a count came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountBasis {
    /// A closed form of the histogram (Nim, a subtraction range).
    ClosedForm,
    /// The nim-sequence table up to M.
    Table,
    /// The nim-sequence table up to the end of its first proven period.
    Period {
        /// The preperiod n0.
        preperiod: u64,
        /// The period p.
        period: u64,
    },
}

/// A count and how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountReport {
    /// The number of positions asked for (reduced modulo
    /// [`CountSpec::modulo`] when given).
    pub count: BigUint,
    /// Where the values came from.
    pub basis: CountBasis,
    /// B: the Grundy values of heaps 0..=M are below 2^B.
    pub value_bits: u32,
    /// The number of distinct values of the transform (terms summed).
    pub distinct: usize,
}

/// The Walsh-Hadamard transform of a histogram, as its distinct values:
/// `groups` holds (ĥ(s), number of characters s with that value), over all
/// 2^`dim` characters; `total` is the number of heaps (ĥ(0)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spectrum {
    /// B: the values are below 2^B, and there are 2^B characters.
    pub dim: u32,
    /// The number of heaps, M + 1.
    pub total: u128,
    /// Distinct values of ĥ with their multiplicities (adding up to 2^B),
    /// in increasing order of value.
    pub groups: Vec<(i128, u128)>,
}

/// The number of P-positions (or N-positions) among the sums of
/// `spec.heaps` heaps of `ruleset`, each heap in 0..=`spec.max` (see the
/// module documentation for the method).
///
/// Cost: O(B) for a closed form (any `u64` M); otherwise the nim-sequence
/// up to M (or to the end of its proven period) and O(B·2^B) for the
/// transform; then O(D·log K) products for D distinct transform values
/// (ordered), or O(D·min(K, |ĥ| + u)) binomial steps (multisets).
///
/// # Errors
/// [`Error::Unsupported`] for misère play and for rulesets that are not
/// heap games (Moore's Nim_k, staircase Nim, Wythoff's game: a move changes
/// several heaps, so a sum is not worth the nim-sum of its heaps), or a
/// modulus of 0; [`Error::CountLimit`] when the work or an exact number
/// would pass `limits` (found before the work); the table's
/// [`Error::TableLimit`] and [`Error::PeriodSearchLimit`].
pub fn count(
    ruleset: &Ruleset,
    spec: &CountSpec,
    limits: &CountLimits,
) -> Result<CountReport, Error> {
    count_with_progress(ruleset, spec, limits, &mut |_| {})
}

/// [`count`], calling `progress` with the number of heaps whose values are
/// in the table each time the nim-sequence has grown by a step of 65,536
/// heaps (the long part of a count with a large M; a proven period or a
/// closed form ends it early, or skips it).
///
/// # Errors
/// As [`count`].
pub fn count_with_progress(
    ruleset: &Ruleset,
    spec: &CountSpec,
    limits: &CountLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<CountReport, Error> {
    if spec.play == Play::Misere {
        return Err(Error::Unsupported(format!(
            "counting misère P-positions of {} is not supported: misère play of a sum is not \
             decided by the nim-sum of its heaps' Grundy values",
            ruleset.word()
        )));
    }
    if spec.modulo == Some(0) {
        return Err(Error::Unsupported("a count modulo 0 is not defined".into()));
    }
    let rules = heap_rules_for(ruleset)?;
    let (spectrum, basis) = spectrum_of(ruleset, rules, spec.max, limits, progress)?;
    let count = count_from_spectrum(ruleset.word(), &spectrum, spec, limits)?;
    Ok(CountReport {
        count,
        basis,
        value_bits: spectrum.dim,
        distinct: spectrum.groups.len(),
    })
}

/// The heap rules of `ruleset`, or why it cannot be counted.
fn heap_rules_for(ruleset: &Ruleset) -> Result<&dyn HeapRules, Error> {
    if ruleset.has_named_arguments() {
        return Err(Error::Unsupported(format!(
            "{} cannot be counted: its arguments are not heap sizes 0..=M but names (a \
             graph's nodes, pictures); count needs a heap ruleset such as nim, sub:S, \
             octal:CODE, hex:CODE, kayles, dawson or grundy",
            ruleset.word()
        )));
    }
    let Some(rules) = ruleset.heap_rules() else {
        return Err(Error::Unsupported(format!(
            "{} is not a heap ruleset: its heaps are not independent games (a move may change \
             several of them), so a sum is not worth the nim-sum of single heaps' values; \
             count needs a heap ruleset such as nim, sub:S, octal:CODE, hex:CODE, kayles, \
             dawson or grundy",
            ruleset.word()
        )));
    };
    Ok(rules)
}

/// The spectrum of G(0..=max), and where the values came from.
fn spectrum_of(
    ruleset: &Ruleset,
    rules: &dyn HeapRules,
    max: u64,
    limits: &CountLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<(Spectrum, CountBasis), Error> {
    if let Some(parts) = rules.closed_histogram(max) {
        return Ok((interval_spectrum(&parts), CountBasis::ClosedForm));
    }
    if let Some(found) = closed_period_histogram(ruleset, rules, max, limits) {
        let (hist, basis) = found?;
        check_transform(ruleset.word(), hist.len() as u128, limits)?;
        let spectrum = table_spectrum(ruleset.word(), &hist, limits)?;
        return Ok((spectrum, basis));
    }
    if let Some(own) = rules.own_sequence() {
        let (hist, basis) = own_histogram(ruleset, own, max, limits, progress)?;
        check_transform(ruleset.word(), hist.len() as u128, limits)?;
        let spectrum = table_spectrum(ruleset.word(), &hist, limits)?;
        return Ok((spectrum, basis));
    }
    let Some(moves) = rules.move_set() else {
        let (hist, basis) = heap_by_heap(ruleset, rules, max, limits, progress)?;
        check_transform(ruleset.word(), hist.len() as u128, limits)?;
        let spectrum = table_spectrum(ruleset.word(), &hist, limits)?;
        return Ok((spectrum, basis));
    };
    let mut store = Store::new(ruleset.word(), moves.clone(), Method::Fast);
    store.set_threads(limits.threads);
    // Within the table limit, in steps (each ends early once a period is
    // proven); past it, the store's own bounded search for a period.
    if max < crate::sequence::table_limit(moves, &limits.table) {
        while store.get(max).is_none() {
            let step = store.len().saturating_add(PROGRESS_STEP - 1).min(max);
            store.ensure_in_table(step, &limits.table)?;
            progress(store.len());
        }
    }
    store.ensure_in_table(max, &limits.table)?;
    // The transform's size, checked before the histogram is allocated.
    let last = if store.in_table(max) {
        max
    } else {
        store.len().saturating_sub(1)
    };
    let top = store
        .sequence()
        .values()
        .iter()
        .take(last as usize + 1)
        .max()
        .unwrap_or(0);
    check_transform(ruleset.word(), u128::from(top) + 1, limits)?;
    let (hist, basis) = histogram(&store, max)?;
    let spectrum = table_spectrum(ruleset.word(), &hist, limits)?;
    Ok((spectrum, basis))
}

/// Adds `times` heaps of value `v` to a histogram.
fn add_to(hist: &mut Vec<u128>, v: u64, times: u128) {
    let v = v as usize;
    if v >= hist.len() {
        hist.resize(v + 1, 0);
    }
    hist[v] += times;
}

/// The histogram of G(0..=max) from a closed form's values and period
/// (`sub:1,2,K`: period 3 or K + 1), when one period is within the table
/// limit; `None` when the ruleset has no such period.
fn closed_period_histogram(
    ruleset: &Ruleset,
    rules: &dyn HeapRules,
    max: u64,
    limits: &CountLimits,
) -> Option<Result<(Vec<u128>, CountBasis), Error>> {
    let (n0, period) = rules.closed_period()?;
    rules.closed_heap_value(n0)?;
    let table_end = limits.table.max_table.min(crate::sequence::MAX_TABLE_LEN);
    // Heaps to M when M comes first, else one preperiod and period.
    let span = (u128::from(max) + 1).min(u128::from(n0) + u128::from(period));
    if span > table_end as u128 {
        return Some(Err(Error::TableLimit {
            ruleset: ruleset.word().to_string(),
            heap: max,
            limit: table_end,
            divisor: 1,
        }));
    }
    let mut hist = Vec::new();
    let value = |n: u64| rules.closed_heap_value(n).unwrap_or(0);
    for n in 0..n0.min(max.saturating_add(1)) {
        add_to(&mut hist, value(n), 1);
    }
    if max < n0 {
        return Some(Ok((hist, CountBasis::Table)));
    }
    let rest = u128::from(max) + 1 - u128::from(n0);
    let (whole, part) = (rest / u128::from(period), rest % u128::from(period));
    for j in 0..(u128::from(period).min(rest) as u64) {
        add_to(
            &mut hist,
            value(n0 + j),
            whole + u128::from(u128::from(j) < part),
        );
    }
    Some(Ok((
        hist,
        CountBasis::Period {
            preperiod: n0,
            period,
        },
    )))
}

/// The histogram of G(0..=max) of a heap ruleset valued heap by heap by its
/// own theorem or search (the divisor game, the fraction game, dividing),
/// with no nim-sequence table: every heap to `max`, within the table limit.
fn heap_by_heap(
    ruleset: &Ruleset,
    rules: &dyn HeapRules,
    max: u64,
    limits: &CountLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<(Vec<u128>, CountBasis), Error> {
    let table_end = limits.table.max_table.min(crate::sequence::MAX_TABLE_LEN);
    if u128::from(max) + 1 > table_end as u128 {
        return Err(Error::TableLimit {
            ruleset: ruleset.word().to_string(),
            heap: max,
            limit: table_end,
            divisor: 1,
        });
    }
    let mut hist = Vec::new();
    for n in 0..=max {
        if n % PROGRESS_STEP == 0 {
            crate::budget::check()?;
            progress(n);
        }
        add_to(&mut hist, rules.heap_value(n, &limits.table)?.0, 1);
    }
    Ok((hist, CountBasis::Table))
}

/// The histogram of G(0..=max) of a ruleset that keeps its own table (the
/// rule language): the table up to `max` within the table limit, else up to
/// a proven period (in doubling steps, each checked for a proof).
fn own_histogram(
    ruleset: &Ruleset,
    own: &dyn crate::ruleset::rule::OwnSequence,
    max: u64,
    limits: &CountLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<(Vec<u128>, CountBasis), Error> {
    let mut hist: Vec<u128> = Vec::new();
    let mut add = |v: u64, times: u128| {
        let v = v as usize;
        if v >= hist.len() {
            hist.resize(v + 1, 0);
        }
        hist[v] += times;
    };
    let table_end = limits
        .table
        .max_table
        .min(crate::sequence::MAX_TABLE_LEN)
        .saturating_sub(1);
    if max <= table_end {
        let mut next = 0;
        while next <= max {
            let last = next.saturating_add(PROGRESS_STEP - 1).min(max);
            for v in own.values(next, last, &limits.table)? {
                add(v, 1);
            }
            progress(last + 1);
            next = last + 1;
        }
        return Ok((hist, CountBasis::Table));
    }
    let mut to = 1023u64.min(table_end);
    let proof = loop {
        own.values(0, to, &limits.table)?;
        progress(to + 1);
        if let crate::ruleset::rule::PeriodClaim::Proven(p) = own.period_claim() {
            break p;
        }
        if to >= table_end {
            return Err(Error::TableLimit {
                ruleset: ruleset.word().to_string(),
                heap: max,
                limit: table_end + 1,
                divisor: 1,
            });
        }
        to = to.saturating_mul(2).saturating_add(1).min(table_end);
    };
    let (n0, period) = (proof.period.preperiod, proof.period.period);
    for v in own
        .values(0, n0 + period - 1, &limits.table)?
        .into_iter()
        .take(n0 as usize)
    {
        add(v, 1);
    }
    let rest = u128::from(max) + 1 - u128::from(n0);
    let (whole, part) = (rest / u128::from(period), rest % u128::from(period));
    for (j, v) in own
        .values(n0, n0 + period - 1, &limits.table)?
        .into_iter()
        .enumerate()
    {
        add(v, whole + u128::from((j as u128) < part));
    }
    Ok((
        hist,
        CountBasis::Period {
            preperiod: n0,
            period,
        },
    ))
}

/// The histogram of G(0..=max) from a store that knows G(max): counts by
/// value.
fn histogram(store: &Store, max: u64) -> Result<(Vec<u128>, CountBasis), Error> {
    let values = store.sequence().values();
    let mut hist: Vec<u128> = Vec::new();
    let mut add = |v: u64, times: u128| {
        let v = v as usize;
        if v >= hist.len() {
            hist.resize(v + 1, 0);
        }
        hist[v] += times;
    };
    if store.in_table(max) {
        for v in values.iter().take(max as usize + 1) {
            add(v, 1);
        }
        return Ok((hist, CountBasis::Table));
    }
    let Some(p) = store.period() else {
        return Err(Error::Internal(format!(
            "{}: G({max}) is known, but neither in the table nor from a period",
            store.sequence().name()
        )));
    };
    let (n0, period) = (p.preperiod, p.period);
    for v in values.iter().take(n0 as usize) {
        add(v, 1);
    }
    let rest = u128::from(max) + 1 - u128::from(n0);
    let (whole, part) = (rest / u128::from(period), rest % u128::from(period));
    for j in 0..period {
        let v = store.get(n0 + j).unwrap_or(0);
        add(v, whole + u128::from(u128::from(j) < part));
    }
    Ok((
        hist,
        CountBasis::Period {
            preperiod: n0,
            period,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spectrum by the definition: ĥ(s) for every s.
    fn spectrum_by_definition(hist: &[u128], dim: u32) -> Vec<(i128, u128)> {
        let groups = (0..1u128 << dim)
            .map(|s| {
                let v: i128 = hist
                    .iter()
                    .enumerate()
                    .map(|(v, &c)| {
                        if (v as u128 & s).count_ones() % 2 == 1 {
                            -(c as i128)
                        } else {
                            c as i128
                        }
                    })
                    .sum();
                (v, 1)
            })
            .collect();
        merged(groups)
    }

    proptest::proptest! {
        #[test]
        fn interval_spectrum_is_the_transform(
            parts in proptest::collection::vec((1u128..70, 1u128..5), 1..5)
        ) {
            let top = parts.iter().map(|p| p.0).max().unwrap();
            let mut hist = vec![0u128; top as usize];
            for &(l, w) in &parts {
                for h in hist.iter_mut().take(l as usize) {
                    *h += w;
                }
            }
            let s = interval_spectrum(&parts);
            proptest::prop_assert_eq!(s.total, hist.iter().sum::<u128>());
            proptest::prop_assert_eq!(&s.groups, &spectrum_by_definition(&hist, s.dim));
            let t = table_spectrum("test", &hist, &CountLimits::default()).unwrap();
            proptest::prop_assert_eq!(t, s);
        }

        #[test]
        fn multiset_terms_agree_with_the_series(n in 1u128..30, a_raw in 0u128..60, k in 0u64..25) {
            // a has the parity of n and |a| <= n.
            let d = (a_raw % (n + 1)) & !1 | (n & 1);
            let d = if d > n { d - 2 } else { d };
            for a in [d as i128, -(d as i128)] {
                let u = (n as i128 + a) / 2;
                let w = n as i128 - u;
                // The series coefficient by the definition: sum over
                // multisets of i "even" and k - i "odd" heaps.
                let want: BigInt = (0..=k)
                    .map(|i| {
                        let sign = if (k - i) % 2 == 1 { -1 } else { 1 };
                        BigInt::from(multichoose(u as u128, i as u128))
                            * BigInt::from(multichoose(w as u128, (k - i) as u128))
                            * sign
                    })
                    .sum();
                proptest::prop_assert_eq!(multiset_term(n, a, k), want.clone());
                let (uu, ww) = (u.max(w) as u128, u.min(w) as u128);
                if ww > 0 {
                    let flip = if a < 0 && k % 2 == 1 { -1 } else { 1 };
                    proptest::prop_assert_eq!(by_terms_of_k(uu, ww, k) * flip, want.clone());
                    proptest::prop_assert_eq!(by_terms_of_d(uu, uu - ww, k) * flip, want);
                }
            }
        }
    }

    #[test]
    fn nim_up_to_the_top_of_u64() {
        let s = interval_spectrum(&[(1u128 << 64, 1)]);
        assert_eq!(s.dim, 64);
        assert_eq!(s.groups, [(0, u128::from(u64::MAX)), (1i128 << 64, 1)]);
    }
}
