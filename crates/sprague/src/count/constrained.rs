//! Counting positions under the constraints contest problems set: heap
//! sizes from a given set (the primes up to L, a list, sizes from a
//! minimum), all heaps different, the number of heaps summed from 1 to N,
//! N-positions instead of P-positions, exactly or modulo any Q.
//!
//! The method is the one of [`count`](super): by the Sprague-Grundy
//! theorem a sum is a P-position exactly when the nim-sum of its heaps'
//! Grundy values is 0, so only the histogram of the allowed sizes' values
//! matters, and a character s of the Walsh-Hadamard transform sees u(s)
//! heaps with an even and w(s) with an odd number of 1-bits in common with
//! s (ĥ(s) = u - w). The number of P-positions is 2^{-B} Σ_s T(u(s), w(s)),
//! with T the count of the arrangement under the substitution z^v → ±1:
//!
//! - ordered tuples of K heaps: ĥ^K; summed over K = 1..N, the geometric
//!   series ĥ + ĥ^2 + ... + ĥ^N, by doubling (S_{2m} = S_m + ĥ^m·S_m), so
//!   no modular inverse is needed and any modulus works;
//! - multisets of K heaps: [t^K] (1 - t)^{-u}(1 + t)^{-w}; summed over K,
//!   [t^N] (1 - t)^{-u-1}(1 + t)^{-w} - 1 (the empty sum taken off);
//! - sets of K different heaps, from Π_x (1 + t·z^{G(x)}) → (1 + t)^u(1 - t)^w:
//!   [t^K] (1 + t)^u(1 - t)^w, a sum of min(u, w, K, u + w - K) + 1
//!   products of binomials; summed over K, [t^N] (1 + t)^u(1 - t)^{w-1} - 1
//!   (Σ_{k ≤ min(N, u)} C(u, k) - 1 when w = 0);
//! - ordered tuples of K different heaps: K! times the sets; summed over
//!   K, Σ_k k!·[t^k] (1 + t)^u(1 - t)^w by a division-free recurrence in k.
//!
//! The multisets' and sets' terms (and, for N ≥ n, the sum over k of
//! ordered different heaps) of all characters also come from one sweep
//! over u = 0..=n (three-term recurrences, see the private `sweep`
//! module): O(n) products whatever K is, modulo a prime Q above n (and
//! above n + K/2 for multisets) or exactly, whichever method is cheapest.
//!
//! N-positions are all positions (the term of the character s = 0, u = n)
//! minus the P-positions. Ordered counts modulo Q are computed modulo the
//! odd part q of Q (dividing by 2^B with the inverse of 2) and modulo
//! 2^{e+B} for the even part 2^e (dividing by shifting), joined by the
//! Chinese remainder theorem; everything else is exact (`num-bigint`) and
//! reduced at the end, bounded by [`CountLimits::max_bits`]. All work is
//! weighed against [`CountLimits::max_work`] before it starts.
//!
//! ```
//! use sprague::count::constrained::{count_constrained, Arrangement, ConstrainedSpec, Heaps, Sizes};
//! use sprague::count::CountLimits;
//! use sprague::{Outcome, Ruleset};
//! let nim = Ruleset::nim();
//! // Ordered pairs of primes up to 10 with nim-sum 0: (2,2), (3,3), (5,5), (7,7).
//! let spec = ConstrainedSpec::new(Sizes::Primes { max: 10 }, Heaps::Exactly(2));
//! let n = count_constrained(&nim, &spec, &CountLimits::default(), &mut |_| {})?;
//! assert_eq!(n.count.to_string(), "4");
//! // Sets of 3 different heaps in 1..=7 with nim-sum 0 ({1,2,3}, {1,4,5}, ...).
//! let spec = ConstrainedSpec {
//!     arrangement: Arrangement::Sets,
//!     ..ConstrainedSpec::new(Sizes::Range { min: 1, max: 7 }, Heaps::Exactly(3))
//! };
//! let n = count_constrained(&nim, &spec, &CountLimits::default(), &mut |_| {})?;
//! assert_eq!(n.count.to_string(), "7");
//! // Every number of heaps from 1 to 10^9, modulo a prime.
//! let spec = ConstrainedSpec {
//!     modulo: Some(998_244_353),
//!     outcome: Outcome::N,
//!     ..ConstrainedSpec::new(Sizes::List(vec![1, 2, 3, 5, 8]), Heaps::UpTo(1_000_000_000))
//! };
//! assert!(count_constrained(&nim, &spec, &CountLimits::default(), &mut |_| {}).is_ok());
//! # Ok::<(), sprague::Error>(())
//! ```

use num_bigint::{BigInt, BigUint};

use super::sweep::{self, Family, Field};
use super::{
    check_transform, log2_multichoose, multiset_steps, multiset_term, CountBasis, CountLimitKind,
    CountLimits, CountReport, Spectrum,
};
use crate::sequence::{Method, Store};
use crate::{Error, HeapRules, Outcome, Ruleset};

mod exact;
mod ordered;

use exact::*;
use ordered::*;

/// Which heap sizes are allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sizes {
    /// Every size in min..=max (`min: 1` for non-empty heaps).
    Range {
        /// The smallest size.
        min: u64,
        /// The largest size.
        max: u64,
    },
    /// The primes up to `max` (a sieve of Eratosthenes, one byte a number:
    /// `max + 1` is weighed against [`CountLimits::max_work`]).
    Primes {
        /// The largest number sieved.
        max: u64,
    },
    /// The sizes listed (in any order; a size listed twice counts once).
    List(Vec<u64>),
}

/// How many heaps a sum has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heaps {
    /// Exactly K heaps (0 counts the empty sum, a P-position).
    Exactly(u64),
    /// Every number of heaps from 1 to N, summed.
    UpTo(u64),
}

/// Which sums count as different.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrangement {
    /// Ordered tuples (heaps 1 2 and 2 1 are two positions).
    Ordered,
    /// Multisets: heaps in any order count once.
    Multisets,
    /// Sets: all heaps different, in any order.
    Sets,
    /// Ordered tuples of all-different heaps (K! times the sets; summed
    /// over K by the recurrence of k!·[t^k] per character).
    DistinctOrdered,
}

/// What to count: sums of heaps of allowed sizes, arranged as asked, that
/// are P-positions (or N-positions), exactly or modulo Q.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstrainedSpec {
    /// The allowed heap sizes.
    pub sizes: Sizes,
    /// The number of heaps.
    pub heaps: Heaps,
    /// Which sums count as different.
    pub arrangement: Arrangement,
    /// P-positions (the default) or N-positions.
    pub outcome: Outcome,
    /// The count modulo this (at least 1) instead of exactly.
    pub modulo: Option<u64>,
}

impl ConstrainedSpec {
    /// Ordered tuples, P-positions, exact.
    pub fn new(sizes: Sizes, heaps: Heaps) -> ConstrainedSpec {
        ConstrainedSpec {
            sizes,
            heaps,
            arrangement: Arrangement::Ordered,
            outcome: Outcome::P,
            modulo: None,
        }
    }
}

/// The number of P-positions (or N-positions) asked for by `spec` among
/// sums of heaps of `ruleset` (normal play), with `progress` hearing how
/// far a nim-sequence table has got (as
/// [`count_with_progress`](super::count_with_progress)).
///
/// Cost: the values of the allowed sizes (a closed form, or the
/// nim-sequence up to the largest size or to the end of its proven
/// period), one transform O(B·2^B) (O(B) for a range of a closed-form
/// ruleset from 0 or 1), then per distinct value of the transform
/// O(log K) modular products (ordered), or a sum of binomial products
/// (multisets, sets; see the module documentation).
///
/// # Errors
/// [`Error::Unsupported`] for rulesets that are not heap games, a modulus
/// of 0;
/// [`Error::CountLimit`] when the sieve, the transform, the terms or an
/// exact number would pass `limits` (found before the work); the table's
/// limit errors.
pub fn count_constrained(
    ruleset: &Ruleset,
    spec: &ConstrainedSpec,
    limits: &CountLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<CountReport, Error> {
    let word = ruleset.word();
    if spec.modulo == Some(0) {
        return Err(Error::Unsupported("a count modulo 0 is not defined".into()));
    }
    let rules = super::heap_rules_for(ruleset)?;
    let (spectrum, basis) = constrained_spectrum(ruleset, rules, &spec.sizes, limits, progress)?;
    let count = count_terms(word, &spectrum, spec, limits)?;
    Ok(CountReport {
        count,
        basis,
        value_bits: spectrum.dim,
        distinct: spectrum.groups.len(),
    })
}

/// The count asked for by `spec` from the Grundy values of the allowed
/// heap sizes given directly (one value per allowed size; `spec.sizes` is
/// not read): for games whose values come from elsewhere, such as a
/// one-heap game defined in Python. `word` names the game in errors.
///
/// Cost: one transform of 2^B values for values below 2^B, then as
/// [`count_constrained`].
///
/// # Errors
/// As [`count_constrained`], without the table's.
///
/// ```
/// use sprague::count::constrained::{count_values, ConstrainedSpec, Heaps, Sizes};
/// use sprague::count::CountLimits;
/// // G(1), G(2), G(3) of Nim: sets of 3 different heaps with nim-sum 0: {1, 2, 3}.
/// let spec = ConstrainedSpec {
///     arrangement: sprague::count::constrained::Arrangement::Sets,
///     ..ConstrainedSpec::new(Sizes::List(vec![]), Heaps::Exactly(3))
/// };
/// assert_eq!(count_values("nim", &[1, 2, 3], &spec, &CountLimits::default())?.count.to_string(), "1");
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn count_values(
    word: &str,
    values: &[u64],
    spec: &ConstrainedSpec,
    limits: &CountLimits,
) -> Result<CountReport, Error> {
    if spec.modulo == Some(0) {
        return Err(Error::Unsupported("a count modulo 0 is not defined".into()));
    }
    let top = values.iter().max().map_or(0, |&v| u128::from(v) + 1);
    let dim = check_transform(word, top, limits)?;
    let mut a = vec![0i64; 1usize << dim];
    for &v in values {
        a[v as usize] += 1;
    }
    let spectrum = spectrum_of_histogram(a, dim, values.len() as u64);
    let count = count_terms(word, &spectrum, spec, limits)?;
    Ok(CountReport {
        count,
        basis: CountBasis::Table,
        value_bits: spectrum.dim,
        distinct: spectrum.groups.len(),
    })
}

impl Sizes {
    /// The allowed sizes, increasing and without repeats.
    ///
    /// # Errors
    /// [`Error::CountLimit`] (work) when there would be more than
    /// `limits.max_work` of them, or the sieve would pass it (found before
    /// the work); `word` names the game.
    pub fn list(&self, word: &str, limits: &CountLimits) -> Result<Vec<u64>, Error> {
        match self {
            Sizes::Range { min, max } if min > max => Ok(Vec::new()),
            Sizes::Range { min, max } => {
                let n = u128::from(max - min) + 1;
                if n > u128::from(limits.max_work) {
                    return Err(limit_error(word, CountLimitKind::Work, n as f64, limits));
                }
                Ok((*min..=*max).collect())
            }
            Sizes::Primes { max } => {
                if max.saturating_add(1) > limits.max_work {
                    let needed = *max as f64 + 1.0;
                    return Err(limit_error(word, CountLimitKind::Work, needed, limits));
                }
                Ok(primes_up_to(*max))
            }
            Sizes::List(list) => {
                let mut list = list.clone();
                list.sort_unstable();
                list.dedup();
                Ok(list)
            }
        }
    }
}

/// A limit error of a count in `word`.
fn limit_error(word: &str, kind: CountLimitKind, needed: f64, limits: &CountLimits) -> Error {
    Error::CountLimit {
        ruleset: word.to_string(),
        kind,
        needed: needed.ceil().min(u128::MAX as f64) as u128,
        limit: match kind {
            CountLimitKind::Work => limits.max_work,
            CountLimitKind::Bits => limits.max_bits,
        },
    }
}

/// The spectrum of the allowed sizes' values, and where they came from.
fn constrained_spectrum(
    ruleset: &Ruleset,
    rules: &dyn HeapRules,
    sizes: &Sizes,
    limits: &CountLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<(Spectrum, CountBasis), Error> {
    let word = ruleset.word();
    let listed: Vec<u64> = match sizes {
        Sizes::Range { min, max } if min > max => Vec::new(),
        Sizes::Range { min, max } if *min <= 1 => {
            let (mut spectrum, basis) = super::spectrum_of(ruleset, rules, *max, limits, progress)?;
            if *min == 1 {
                // Heap 0 (value 0) adds 1 to every character: take it off.
                spectrum.total -= 1;
                for g in &mut spectrum.groups {
                    g.0 -= 1;
                }
            }
            return Ok((spectrum, basis));
        }
        Sizes::Range { min, max } => {
            let n = max - min + 1;
            if n > limits.max_work {
                return Err(limit_error(word, CountLimitKind::Work, n as f64, limits));
            }
            (*min..=*max).collect()
        }
        Sizes::Primes { max } => {
            if max.saturating_add(1) > limits.max_work {
                let needed = *max as f64 + 1.0;
                return Err(limit_error(word, CountLimitKind::Work, needed, limits));
            }
            primes_up_to(*max)
        }
        Sizes::List(list) => {
            let mut list = list.clone();
            list.sort_unstable();
            list.dedup();
            list
        }
    };
    let (values, basis) = values_of(ruleset, rules, &listed, limits, progress)?;
    let top = values.iter().max().map_or(0, |&v| u128::from(v) + 1);
    let dim = check_transform(word, top, limits)?;
    let mut a = vec![0i64; 1usize << dim];
    for &v in &values {
        a[v as usize] += 1;
    }
    Ok((spectrum_of_histogram(a, dim, values.len() as u64), basis))
}

/// The primes up to `max`, by the sieve of Eratosthenes.
fn primes_up_to(max: u64) -> Vec<u64> {
    let n = max as usize;
    let mut composite = vec![false; n + 1];
    let mut primes = Vec::new();
    for i in 2..=n {
        if !composite[i] {
            primes.push(i as u64);
            let mut j = i.saturating_mul(i);
            while j <= n {
                composite[j] = true;
                j += i;
            }
        }
    }
    primes
}

/// G(x) for each size of `sorted` (increasing): by a closed form, or from
/// the nim-sequence up to the largest size (or its proven period).
fn values_of(
    ruleset: &Ruleset,
    rules: &dyn HeapRules,
    sorted: &[u64],
    limits: &CountLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<(Vec<u64>, CountBasis), Error> {
    let Some(&last) = sorted.last() else {
        return Ok((Vec::new(), CountBasis::ClosedForm));
    };
    if rules.closed_heap_value(last).is_some() {
        let values = sorted
            .iter()
            .map(|&x| rules.closed_heap_value(x).unwrap_or(0))
            .collect();
        return Ok((values, CountBasis::ClosedForm));
    }
    let Some(moves) = ruleset.move_set() else {
        return Err(Error::Unsupported(format!(
            "{}: no closed form and no nim-sequence to count its positions from",
            ruleset.word()
        )));
    };
    let mut store = Store::new(ruleset.word(), moves.clone(), Method::Fast);
    store.set_threads(limits.threads);
    if last < crate::sequence::table_limit(moves, &limits.table) {
        while store.get(last).is_none() {
            let step = store
                .len()
                .saturating_add(super::PROGRESS_STEP - 1)
                .min(last);
            store.ensure_in_table(step, &limits.table)?;
            progress(store.len());
        }
    }
    store.ensure_in_table(last, &limits.table)?;
    let mut values = Vec::with_capacity(sorted.len());
    for &x in sorted {
        let Some(v) = store.get(x) else {
            return Err(Error::Internal(format!(
                "{}: G({x}) is not known after the table reached {last}",
                ruleset.word()
            )));
        };
        values.push(v);
    }
    let basis = match store.period() {
        Some(p) if !store.in_table(last) => CountBasis::Period {
            preperiod: p.preperiod,
            period: p.period,
        },
        _ => CountBasis::Table,
    };
    Ok((values, basis))
}

/// The spectrum of a histogram of `total` heaps over 2^dim values (`a[v]`
/// heaps of value v), by one fast Walsh-Hadamard transform in place; the
/// distinct values are gathered by counting (|ĥ| ≤ total) or by sorting,
/// whichever needs less memory.
fn spectrum_of_histogram(mut a: Vec<i64>, dim: u32, total: u64) -> Spectrum {
    super::spectrum::walsh_hadamard(&mut a);
    let mut groups: Vec<(i128, u128)> = Vec::new();
    if (2 * total as u128 + 1) <= a.len() as u128 {
        let mut tally = vec![0u64; 2 * total as usize + 1];
        for &v in &a {
            tally[(v + total as i64) as usize] += 1;
        }
        for (i, &m) in tally.iter().enumerate() {
            if m > 0 {
                groups.push((i as i128 - i128::from(total), u128::from(m)));
            }
        }
    } else {
        a.sort_unstable();
        for v in a {
            match groups.last_mut() {
                Some(last) if last.0 == i128::from(v) => last.1 += 1,
                _ => groups.push((i128::from(v), 1)),
            }
        }
    }
    Spectrum {
        dim,
        total: u128::from(total),
        groups,
    }
}

/// The count asked for by `spec` from the spectrum of the allowed sizes.
fn count_terms(
    word: &str,
    spectrum: &Spectrum,
    spec: &ConstrainedSpec,
    limits: &CountLimits,
) -> Result<BigUint, Error> {
    let n = spectrum.total;
    let groups = spectrum.groups.len() as f64;
    let mut bits =
        log2_total(spec.arrangement, spec.heaps, n) + f64::from(spectrum.dim) + groups.log2() + 2.0;
    if let (Arrangement::DistinctOrdered, Heaps::UpTo(k)) = (spec.arrangement, spec.heaps) {
        bits += (at_most(k, n) as f64).log2().max(0.0);
    }
    let words = bits / 64.0 + 1.0;
    let steps = 64.0 - f64::from(heaps_of(spec.heaps).leading_zeros()) + 1.0;
    let kind = OrderedTerm::of(spec.arrangement, spec.heaps);
    let by_tuples = match (spec.arrangement, spec.heaps) {
        (Arrangement::Ordered, _) => true,
        // Every number of different heaps up to n at once by a sweep, when
        // it is cheaper than a sum over k per value of the transform.
        (Arrangement::DistinctOrdered, Heaps::UpTo(k)) => {
            u128::from(k) < n || sweep::sweep_steps(n) >= (groups + 1.0) * (n as f64 + 1.0) * 3.0
        }
        _ => false,
    };
    if !by_tuples {
        let mut count = unordered_count(word, spectrum, spec, bits, limits)?;
        if let (Arrangement::DistinctOrdered, Heaps::Exactly(k)) = (spec.arrangement, spec.heaps) {
            // K! times the sets (0 when K > n, already 0 then).
            for i in 2..=at_most(k, n) {
                count *= i;
                if let Some(q) = spec.modulo {
                    count %= q;
                }
            }
        }
        return Ok(match spec.modulo {
            Some(q) => count % q,
            None => count,
        });
    }
    let exact = spec.modulo.is_none();
    if exact && bits > limits.max_bits as f64 {
        return Err(limit_error(word, CountLimitKind::Bits, bits, limits));
    }
    let work = match kind {
        OrderedTerm::Falling { last, .. } => {
            // Three products a step for each k up to min(N, n + 1), in
            // both rings of an even modulus.
            let size = if exact { words } else { 2.0 };
            (groups + 1.0) * (at_most(last, n).saturating_add(1) as f64) * 3.0 * size
        }
        _ => {
            // Squarings (and, for a sum over K, four products a step), in
            // both rings of an even modulus; big numbers cost w^1.585
            // (Karatsuba).
            let per = if matches!(spec.heaps, Heaps::UpTo(_)) {
                4.0
            } else {
                2.0
            };
            let size = if exact { words.powf(1.585) } else { 2.0 };
            (groups + 1.0) * steps * per * size
        }
    };
    if work > limits.max_work as f64 {
        return Err(limit_error(word, CountLimitKind::Work, work, limits));
    }
    if let Some(q) = spec.modulo {
        return Ok(ordered_modulo(spectrum, kind, spec.outcome, q));
    }
    let (sum, all) = ordered_sum(&Exact, spectrum, kind);
    let Some(sum) = sum.to_biguint() else {
        return Err(Error::Internal(format!(
            "{word}: the transform sum of a count is negative"
        )));
    };
    let p = super::exact_quotient(sum, spectrum.dim)?;
    let all = all.to_biguint().unwrap_or_default();
    Ok(match spec.outcome {
        Outcome::P => p,
        _ => all - p,
    })
}

/// How the terms of multisets and sets are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TermMethod {
    /// One exact sum per distinct value of the transform.
    PerValue,
    /// One sweep of all n + 1 terms, exactly.
    SweepExact,
    /// One sweep modulo the (prime) modulus.
    SweepModulo(u64),
}

/// The sweep of the terms of `spec` over n heaps: its family, the number
/// of heaps and K it runs with, and whether the sum over K takes 1 off
/// every term.
fn sweep_plan(spec: &ConstrainedSpec, n: u128) -> (Family, u128, u64, bool) {
    match (spec.arrangement, spec.heaps) {
        (Arrangement::Multisets, Heaps::Exactly(k)) => (Family::Multisets, n, k, false),
        (Arrangement::Multisets, Heaps::UpTo(k)) => (Family::Multisets, n + 1, k, true),
        (Arrangement::DistinctOrdered, Heaps::UpTo(k)) => (Family::Falling, n, k, true),
        (_, Heaps::Exactly(k)) => (Family::Sets, n, k, false),
        (_, Heaps::UpTo(k)) => (Family::Sets, n.saturating_sub(1), k, true),
    }
}

/// The count of multisets or sets (of the sets also for ordered tuples of
/// different heaps, before K!), by the cheapest method within `limits`.
fn unordered_count(
    word: &str,
    spectrum: &Spectrum,
    spec: &ConstrainedSpec,
    bits: f64,
    limits: &CountLimits,
) -> Result<BigUint, Error> {
    let n = spectrum.total;
    let words = bits / 64.0 + 1.0;
    let per_value = spectrum
        .groups
        .iter()
        .chain(std::iter::once(&(n as i128, 1)))
        .map(|&(a, _)| {
            let u = (n as i128 + a) as u128 / 2;
            exact_steps(spec.arrangement, spec.heaps, u, n - u) * words
        })
        .sum::<f64>();
    let (family, n_sweep, k_sweep, _) = sweep_plan(spec, n);
    let sweep_steps = sweep::sweep_steps(n_sweep)
        + match (spec.arrangement, spec.heaps) {
            // The sets' term with no odd heap: Σ_{j ≤ N} C(n, j).
            (Arrangement::Sets, Heaps::UpTo(k)) => 2.0 * (n.min(u128::from(k)) as f64),
            _ => 0.0,
        };
    let modular = spec.modulo.filter(|&q| {
        q % 2 == 1 && sweep::is_prime(q) && sweep::fits_prime(family, n_sweep, k_sweep, q)
    });
    let mut options: Vec<(TermMethod, f64, bool)> = vec![
        (TermMethod::PerValue, per_value, true),
        (TermMethod::SweepExact, sweep_steps * words, true),
    ];
    if family == Family::Falling {
        // The sum over k has no per-value formula here (see count_terms).
        options.remove(0);
    }
    if let Some(q) = modular {
        options.push((TermMethod::SweepModulo(q), sweep_steps, false));
    }
    let exact_fits = bits <= limits.max_bits as f64;
    let usable = options
        .iter()
        .filter(|o| (!o.2 || exact_fits) && o.1 <= limits.max_work as f64)
        .min_by(|a, b| a.1.total_cmp(&b.1));
    let Some(&(method, _, _)) = usable else {
        // Name the limit of the cheapest method.
        let best = options
            .iter()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .copied()
            .unwrap_or((TermMethod::PerValue, per_value, true));
        if best.2 && !exact_fits && (best.1 <= limits.max_work as f64 || modular.is_none()) {
            return Err(limit_error(word, CountLimitKind::Bits, bits, limits));
        }
        return Err(limit_error(word, CountLimitKind::Work, best.1, limits));
    };
    let (sum, all) = match method {
        TermMethod::SweepModulo(q) => {
            let field = sweep::ModPrime::new(q, n_sweep.min(q as u128 - 1) as usize);
            let (sum, all) = swept(&field, spectrum, spec);
            // Divide by 2^B: times (1/2)^B.
            let half = field.int(i128::from(q / 2 + 1));
            let mut inv = field.int(1);
            for _ in 0..spectrum.dim {
                inv = field.mul(&inv, &half);
            }
            let p = field.mul(&sum, &inv);
            let count = match spec.outcome {
                Outcome::P => p,
                _ => field.add(&all, &field.int(-i128::from(p))),
            };
            return Ok(BigUint::from(count));
        }
        TermMethod::SweepExact => swept(&sweep::Integers, spectrum, spec),
        TermMethod::PerValue => {
            let term = |a: i128| {
                let u = (n as i128 + a) as u128 / 2;
                exact_term(spec.arrangement, spec.heaps, u, n - u)
            };
            let mut sum = BigInt::ZERO;
            for &(a, m) in &spectrum.groups {
                sum += term(a) * BigInt::from(m);
            }
            (sum, term(n as i128))
        }
    };
    let Some(sum) = sum.to_biguint() else {
        return Err(Error::Internal(format!(
            "{word}: the transform sum of a count is negative"
        )));
    };
    let p = super::exact_quotient(sum, spectrum.dim)?;
    let all = all.to_biguint().unwrap_or_default();
    Ok(match spec.outcome {
        Outcome::P => p,
        _ => all - p,
    })
}

/// (Σ_groups m·T, T of all positions) for multisets or sets in `field`,
/// by one sweep of the terms of every character.
fn swept<F: Field>(field: &F, spectrum: &Spectrum, spec: &ConstrainedSpec) -> (F::E, F::E) {
    let n = spectrum.total;
    let (family, n_sweep, k_sweep, less_one) = sweep_plan(spec, n);
    let sets_up_to = family == Family::Sets && less_one;
    // The index of a character's term in the sweep, or None for the sets'
    // sum over K with no odd heap (w = 0), found apart.
    let index = |a: i128| -> Option<u128> {
        let u = (n as i128 + a) as u128 / 2;
        let w = n - u;
        match (family, less_one) {
            (Family::Multisets, false) => Some(u),
            (Family::Multisets, true) => Some(u + 1),
            (Family::Sets, false) | (Family::Falling, _) => Some(w),
            (Family::Sets, true) => w.checked_sub(1),
        }
    };
    let mut wanted: Vec<(u128, u128)> = Vec::new();
    let mut apart: u128 = 0;
    for &(a, m) in &spectrum.groups {
        match index(a) {
            Some(i) => wanted.push((i, m)),
            None => apart += m,
        }
    }
    wanted.sort_unstable();
    let all_index = index(n as i128);
    let mut sum = field.int(0);
    let mut all = field.int(0);
    let mut next = 0;
    if !(sets_up_to && n == 0) {
        sweep::sweep(field, family, n_sweep, k_sweep, &mut |i, term| {
            while next < wanted.len() && wanted[next].0 == i {
                sum = field.add(&sum, &field.scale(term, wanted[next].1 as i128));
                next += 1;
            }
            if all_index == Some(i) {
                all = term.clone();
            }
        });
    }
    if sets_up_to {
        // Σ_{j ≤ min(N, n)} C(n, j), the term with w = 0.
        let mut c = field.int(1);
        let mut prefix = field.int(1);
        for j in 0..n.min(u128::from(k_sweep)) {
            c = field.div(&field.scale(&c, (n - j) as i128), j + 1);
            prefix = field.add(&prefix, &c);
        }
        sum = field.add(&sum, &field.scale(&prefix, apart as i128));
        all = prefix;
    }
    if less_one {
        let characters: u128 = spectrum.groups.iter().map(|g| g.1).sum();
        sum = field.add(&sum, &field.int(-(characters as i128)));
        all = field.add(&all, &field.int(-1));
    }
    (sum, all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A spectrum from a histogram of values (by the transform).
    fn spectrum(values: &[u64]) -> Spectrum {
        let dim = 64 - values.iter().max().copied().unwrap_or(0).leading_zeros();
        let mut a = vec![0i64; 1 << dim];
        for &v in values {
            a[v as usize] += 1;
        }
        spectrum_of_histogram(a, dim, values.len() as u64)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// One sweep of all terms (exact, and modulo primes) gives what
        /// the per-value sums give, for every arrangement and K past
        /// brute force.
        #[test]
        fn sweeps_agree_with_per_value_sums(
            values in proptest::collection::vec(0u64..8, 0..14),
            arrangement in prop_oneof![Just(Arrangement::Multisets), Just(Arrangement::Sets), Just(Arrangement::DistinctOrdered)],
            up_to in any::<bool>(),
            k in 0u64..40,
            n_positions in any::<bool>(),
            q in prop_oneof![Just(1_000_000_007u64), Just(998_244_353), Just(101), Just(10_007)],
        ) {
            let sp = spectrum(&values);
            // The sweep of ordered different heaps sums every k up to n.
            let k = if up_to && arrangement == Arrangement::DistinctOrdered { values.len() as u64 + k } else { k };
            let spec = ConstrainedSpec {
                arrangement,
                outcome: if n_positions { Outcome::N } else { Outcome::P },
                ..ConstrainedSpec::new(Sizes::List(vec![]), if up_to { Heaps::UpTo(k) } else { Heaps::Exactly(k) })
            };
            let n = sp.total;
            let per_value = {
                let mut sum = BigInt::ZERO;
                let term = |u: u128| match (arrangement, spec.heaps) {
                    (Arrangement::DistinctOrdered, Heaps::UpTo(_)) => sweep::falling_sum(
                        &|v: i128| BigInt::from(v), &|x, y| x + y, &|x, y| x * y,
                        n, n - u, n as u64 + 1, false,
                    ),
                    _ => exact_term(arrangement, spec.heaps, u, n - u),
                };
                for &(a, m) in &sp.groups {
                    let u = (n as i128 + a) as u128 / 2;
                    sum += term(u) * BigInt::from(m);
                }
                (sum, term(n))
            };
            let exact = swept(&sweep::Integers, &sp, &spec);
            prop_assert_eq!(&exact, &per_value);
            let (family, n_sweep, k_sweep, _) = sweep_plan(&spec, n);
            if sweep::fits_prime(family, n_sweep, k_sweep, q) {
                let field = sweep::ModPrime::new(q, n_sweep as usize);
                let (s, a) = swept(&field, &sp, &spec);
                let qq = BigInt::from(q);
                let reduce = |x: &BigInt| { let r = x % &qq; if r < BigInt::ZERO { r + &qq } else { r } };
                prop_assert_eq!(BigInt::from(s), reduce(&exact.0));
                prop_assert_eq!(BigInt::from(a), reduce(&exact.1));
            }
        }
    }

    #[test]
    fn primes_are_told_from_composites() {
        let small: Vec<u64> = (0..2000).filter(|&n| sweep::is_prime(n)).collect();
        let by_division: Vec<u64> = (0..2000u64)
            .filter(|&n| n >= 2 && (2..n).all(|d| n % d != 0))
            .collect();
        assert_eq!(small, by_division);
        assert!(sweep::is_prime(998_244_353));
        assert!(sweep::is_prime(18_446_744_073_709_551_557));
        assert!(!sweep::is_prime(3_215_031_751)); // a strong pseudoprime to 2, 3, 5, 7
    }
}
