//! The count from a spectrum: the distinct values of the Walsh-Hadamard
//! transform of a histogram with their multiplicities ([`Spectrum`]), from
//! prefix intervals in closed form ([`interval_spectrum`]) or from a table
//! ([`table_spectrum`]), and the count of ordered tuples or multisets of K
//! heaps that it gives ([`count_from_spectrum`]), in exact integers.

use super::*;

/// The bits needed for values below `bound` (0 for a bound of at most 1).
pub(super) fn bits_below(bound: u128) -> u32 {
    if bound <= 1 {
        0
    } else {
        128 - (bound - 1).leading_zeros()
    }
}

/// The spectrum of a histogram given as a weighted sum of prefix
/// intervals of values: `parts` holds pairs `(L, w)`, and h(v) is the sum
/// of `w` over the pairs with `v < L` (see
/// [`HeapRules::closed_histogram`]).
///
/// For characters s with lowest 1-bit l, the interval [0, L) transforms to
/// (-1)^{popcount(L & s)}·((L mod 2^l) - L_l·2^l) (L_l the bit l of L): the
/// dyadic blocks of [0, L) of size above 2^l cancel, the others are
/// constant. The signs depend on s only through the parities of
/// (L_i >> (l + 1)) & (s >> (l + 1)), which are equidistributed over the
/// image of a linear map of rank r: each possible sign pattern is taken by
/// 2^{B-l-1-r} characters. Time O(B·4^k) for k pairs (k at most 4 here).
///
/// ```
/// use sprague::count::interval_spectrum;
/// // Nim heaps 0..=7: ĥ(0) = 8, every other character 0.
/// let s = interval_spectrum(&[(8, 1)]);
/// assert_eq!((s.dim, s.total), (3, 8));
/// assert_eq!(s.groups, [(0, 7), (8, 1)]);
/// ```
pub fn interval_spectrum(parts: &[(u128, u128)]) -> Spectrum {
    let parts: Vec<(u128, u128)> = parts
        .iter()
        .copied()
        .filter(|&(l, w)| l > 0 && w > 0)
        .collect();
    let total: u128 = parts.iter().map(|&(l, w)| l * w).sum();
    let dim = bits_below(parts.iter().map(|&(l, _)| l).max().unwrap_or(0));
    let mut groups: Vec<(i128, u128)> = vec![(total as i128, 1)];
    let k = parts.len();
    for l in 0..dim {
        let free = dim - l - 1; // bits of s above l
        let mask = if free == 0 { 0 } else { (1u128 << free) - 1 };
        let high: Vec<u128> = parts
            .iter()
            .map(|&(len, _)| (len >> (l + 1)) & mask)
            .collect();
        let size: Vec<i128> = parts
            .iter()
            .map(|&(len, _)| {
                let low = (len & ((1u128 << l) - 1)) as i128;
                if (len >> l) & 1 == 1 {
                    low - (1i128 << l)
                } else {
                    low
                }
            })
            .collect();
        // Linear dependencies among the `high` functionals.
        let deps: Vec<usize> = (0..1usize << k)
            .filter(|&c| {
                (0..k)
                    .filter(|&i| c >> i & 1 == 1)
                    .fold(0u128, |x, i| x ^ high[i])
                    == 0
            })
            .collect();
        let rank = k as u32 - deps.len().trailing_zeros();
        let each = 1u128 << (free - rank);
        for e in 0..1usize << k {
            if deps.iter().any(|&c| (c & e).count_ones() % 2 == 1) {
                continue;
            }
            let value: i128 = (0..k)
                .map(|i| {
                    let odd = (e >> i & 1) as u128 ^ ((parts[i].0 >> l) & 1);
                    let term = parts[i].1 as i128 * size[i];
                    if odd == 1 {
                        -term
                    } else {
                        term
                    }
                })
                .sum();
            groups.push((value, each));
        }
    }
    Spectrum {
        dim,
        total,
        groups: merged(groups),
    }
}

/// Sorts groups by value and adds up the multiplicities of equal values.
pub(super) fn merged(mut groups: Vec<(i128, u128)>) -> Vec<(i128, u128)> {
    groups.sort_unstable();
    let mut out: Vec<(i128, u128)> = Vec::with_capacity(groups.len());
    for (v, m) in groups {
        match out.last_mut() {
            Some(last) if last.0 == v => last.1 += m,
            _ => out.push((v, m)),
        }
    }
    out
}

/// The spectrum of a histogram (`hist[v]` heaps of value v) by one fast
/// Walsh-Hadamard transform over the 2^B values below the least power of
/// two above the largest value.
///
/// Time O(B·2^B), memory 16·2^B bytes; `word` names the ruleset in the
/// limit error.
///
/// # Errors
/// [`Error::CountLimit`] (work) when B·2^B passes `limits.max_work`.
///
/// ```
/// use sprague::count::{table_spectrum, CountLimits};
/// // Kayles heaps 0..=4: values 0 1 2 3 1.
/// let s = table_spectrum("kayles", &[1, 2, 1, 1], &CountLimits::default())?;
/// assert_eq!((s.dim, s.total), (2, 5));
/// assert_eq!(s.groups, [(-1, 2), (1, 1), (5, 1)]);
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn table_spectrum(word: &str, hist: &[u128], limits: &CountLimits) -> Result<Spectrum, Error> {
    let used = hist.iter().rposition(|&c| c > 0).map_or(0, |v| v + 1);
    let dim = check_transform(word, used as u128, limits)?;
    let mut a: Vec<i128> = vec![0; 1usize << dim];
    for (v, &c) in hist.iter().enumerate().take(used) {
        a[v] = c as i128;
    }
    walsh_hadamard(&mut a);
    let total = hist.iter().sum();
    Ok(Spectrum {
        dim,
        total,
        groups: merged(a.into_iter().map(|v| (v, 1)).collect()),
    })
}

/// B for values below `bound`, once the transform's work B·2^B is known to
/// be within `limits.max_work`.
pub(super) fn check_transform(word: &str, bound: u128, limits: &CountLimits) -> Result<u32, Error> {
    let dim = bits_below(bound);
    let work = (1u128 << dim) * u128::from(dim.max(1));
    if work > u128::from(limits.max_work) {
        return Err(Error::CountLimit {
            ruleset: word.to_string(),
            kind: CountLimitKind::Work,
            needed: work,
            limit: limits.max_work,
        });
    }
    Ok(dim)
}

/// The count asked for by `spec`, from the spectrum of G(0..=M).
///
/// # Errors
/// [`Error::CountLimit`] when the work or the size of an exact number
/// would pass `limits`.
pub fn count_from_spectrum(
    word: &str,
    spectrum: &Spectrum,
    spec: &CountSpec,
    limits: &CountLimits,
) -> Result<BigUint, Error> {
    let k = spec.heaps;
    let n = spectrum.total;
    let limit = |kind, needed: f64| Error::CountLimit {
        ruleset: word.to_string(),
        kind,
        needed: needed.ceil().min(u128::MAX as f64) as u128,
        limit: match kind {
            CountLimitKind::Work => limits.max_work,
            CountLimitKind::Bits => limits.max_bits,
        },
    };
    let groups = spectrum.groups.len() as f64;
    let log_n = (n as f64).log2().max(0.0);
    // Bits of the largest exact number: the total (N^K or C(N + K - 1, K))
    // times 2^B, plus the bits of the number of terms.
    let total_bits = if spec.unordered {
        log2_multichoose(n, k)
    } else {
        k as f64 * log_n
    };
    let bits = total_bits + f64::from(spectrum.dim) + groups.log2() + 2.0;
    let words = bits / 64.0 + 1.0;
    let exact_needed = spec.unordered || spec.modulo.is_none();
    if exact_needed && bits > limits.max_bits as f64 {
        return Err(limit(CountLimitKind::Bits, bits));
    }
    let work = if spec.unordered {
        spectrum
            .groups
            .iter()
            .map(|&(a, _)| multiset_steps(n, a, k) * words)
            .sum::<f64>()
            + log2_multichoose_steps(n, k) * words
    } else {
        let squarings = 64.0 - f64::from(k.leading_zeros()) + 1.0;
        // A product of w-word numbers costs about w^1.585 (Karatsuba).
        let size: f64 = if spec.modulo.is_some() { 4.0 } else { words };
        (groups + 1.0) * squarings * size.powf(1.585)
    };
    if work > limits.max_work as f64 {
        return Err(limit(CountLimitKind::Work, work));
    }
    let dim = spectrum.dim;
    // 2^B times the count of P-positions: an exact sum, or one modulo
    // Q·2^B (from which the count modulo Q follows after dividing by 2^B).
    let p_count = match (spec.unordered, spec.modulo) {
        (false, Some(q)) => {
            let modulus = BigUint::from(q) << dim;
            let mut sum = BigUint::ZERO;
            for &(a, m) in &spectrum.groups {
                let base = BigUint::from(a.unsigned_abs()) % &modulus;
                let mut power = base.modpow(&BigUint::from(k), &modulus);
                if a < 0 && k % 2 == 1 && power != BigUint::ZERO {
                    power = &modulus - power;
                }
                sum = (sum + power * BigUint::from(m)) % &modulus;
            }
            exact_quotient(sum, dim)? % q
        }
        (unordered, modulo) => {
            let mut sum = BigInt::ZERO;
            for &(a, m) in &spectrum.groups {
                let term = if unordered {
                    multiset_term(n, a, k)
                } else {
                    power(a, k)
                };
                sum += term * BigInt::from(m);
            }
            let Some(sum) = sum.to_biguint() else {
                return Err(Error::Internal(format!(
                    "{word}: the transform sum of a count is negative"
                )));
            };
            let p = exact_quotient(sum, dim)?;
            match modulo {
                Some(q) => p % q,
                None => p,
            }
        }
    };
    if spec.outcome == Outcome::P {
        return Ok(p_count);
    }
    let total = match (spec.unordered, spec.modulo) {
        (false, Some(q)) => BigUint::from(n).modpow(&BigUint::from(k), &BigUint::from(q)),
        (false, None) => power(n as i128, k).magnitude().clone(),
        (true, modulo) => {
            let t = multichoose(n, u128::from(k));
            match modulo {
                Some(q) => t % q,
                None => t,
            }
        }
    };
    Ok(match spec.modulo {
        Some(q) => (total + BigUint::from(q) - p_count) % q,
        None => total - p_count,
    })
}

/// `sum / 2^dim`, which must be exact.
pub(super) fn exact_quotient(sum: BigUint, dim: u32) -> Result<BigUint, Error> {
    if sum.trailing_zeros().unwrap_or(u64::MAX) < u64::from(dim) {
        return Err(Error::Internal(
            "a count's transform sum is not divisible by the number of characters".into(),
        ));
    }
    Ok(sum >> dim)
}

/// a^k exactly, by squaring.
pub(super) fn power(a: i128, k: u64) -> BigInt {
    let sign = if a < 0 && k % 2 == 1 {
        Sign::Minus
    } else {
        Sign::Plus
    };
    let mut base = BigUint::from(a.unsigned_abs());
    let mut result = BigUint::from(1u8);
    let mut e = k;
    while e > 0 {
        if e & 1 == 1 {
            result *= &base;
        }
        e >>= 1;
        if e > 0 {
            base = &base * &base;
        }
    }
    BigInt::from_biguint(sign, result)
}

/// log2 of C(n + k - 1, k), the number of multisets of k out of n, from
/// above (k'·log2(e·n'/k') with k' the smaller side): a bound for limits.
pub(super) fn log2_multichoose(n: u128, k: u64) -> f64 {
    if n == 0 || k == 0 {
        return 0.0;
    }
    let top = n as f64 + k as f64 - 1.0;
    let small = (k as f64).min(n as f64 - 1.0);
    if small <= 0.0 {
        return 0.0;
    }
    small * ((top / small).log2() + std::f64::consts::LOG2_E)
}

/// The steps of [`multichoose`]`(n, k)`: the smaller side.
pub(super) fn log2_multichoose_steps(n: u128, k: u64) -> f64 {
    (k as f64).min((n as f64 - 1.0).max(0.0)) + 1.0
}

/// C(n + k - 1, k): multisets of k elements out of n (1 when k = 0, 0 when
/// n = 0 < k), in min(k, n - 1) steps.
pub(super) fn multichoose(n: u128, k: u128) -> BigUint {
    if k == 0 {
        return BigUint::from(1u8);
    }
    if n == 0 {
        return BigUint::ZERO;
    }
    // C(n + k - 1, j) for j = min(k, n - 1).
    let top = n + k - 1;
    let j = k.min(n - 1);
    let mut c = BigUint::from(1u8);
    for i in 0..j {
        c *= top - i;
        c /= i + 1;
    }
    c
}

/// Steps of [`multiset_term`] for a transform value `a` out of `n` heaps.
pub(super) fn multiset_steps(n: u128, a: i128, k: u64) -> f64 {
    let (u, d) = (
        (n as f64 + a.unsigned_abs() as f64) / 2.0,
        a.unsigned_abs() as f64,
    );
    let k = k as f64;
    let by_k = 2.0 * k + 2.0;
    let by_d = (k / 2.0).min(u) + d.min(k) / 2.0 + 1.0;
    by_k.min(by_d)
}

/// [t^k] (1 - t)^{-u}·(1 + t)^{-w} with u = (n + a)/2, w = (n - a)/2: the
/// multisets of k heaps out of u "even" and w "odd" ones, each counted
/// with the sign (-1)^(number of odd heaps).
///
/// With u ≥ w (else swap and multiply by (-1)^k, as t → -t does), either
/// Σ_i C(u+i-1, i)·(-1)^{k-i}·C(w+k-i-1, k-i) (k + 1 terms), or, writing
/// the function as (1 + t)^{d}·(1 - t^2)^{-u} with d = u - w,
/// Σ_{i ≡ k (mod 2)} C(d, i)·C(u - 1 + (k-i)/2, u - 1) (min(d, k)/2 + 1
/// terms after min(u, k/2) steps for the first binomial), whichever is
/// shorter.
pub(super) fn multiset_term(n: u128, a: i128, k: u64) -> BigInt {
    let d = a.unsigned_abs();
    let u = (n + d) / 2;
    let w = n - u;
    let sign_flip = a < 0 && k % 2 == 1;
    let value = if w == 0 {
        BigInt::from(multichoose(u, u128::from(k)))
    } else {
        let kk = k as f64;
        let by_k = 2.0 * kk + 2.0;
        let by_d = (kk / 2.0).min(u as f64) + (d as f64).min(kk) / 2.0 + 1.0;
        if by_k <= by_d {
            by_terms_of_k(u, w, k)
        } else {
            by_terms_of_d(u, d, k)
        }
    };
    if sign_flip {
        -value
    } else {
        value
    }
}

/// Σ_{i=0}^{k} C(u+i-1, i)·(-1)^{k-i}·C(w+k-i-1, k-i), with u, w ≥ 1.
pub(super) fn by_terms_of_k(u: u128, w: u128, k: u64) -> BigInt {
    let k = k as usize;
    // b[j] = C(w + j - 1, j).
    let mut b: Vec<BigUint> = Vec::with_capacity(k + 1);
    b.push(BigUint::from(1u8));
    for j in 0..k {
        let next = &b[j] * (w + j as u128) / (j as u128 + 1);
        b.push(next);
    }
    let mut sum = BigInt::ZERO;
    let mut a = BigUint::from(1u8); // C(u + i - 1, i)
    for i in 0..=k {
        let term = BigInt::from(&a * &b[k - i]);
        if (k - i) % 2 == 1 {
            sum -= term;
        } else {
            sum += term;
        }
        a = a * (u + i as u128) / (i as u128 + 1);
    }
    sum
}

/// Σ_{i ≡ k (mod 2), 0 ≤ i ≤ min(d, k)} C(d, i)·C(u - 1 + (k-i)/2, u - 1),
/// with u ≥ 1.
pub(super) fn by_terms_of_d(u: u128, d: u128, k: u64) -> BigInt {
    let k = u128::from(k);
    let mut i = k % 2;
    if i > d {
        return BigInt::ZERO;
    }
    let mut m = (k - i) / 2;
    let mut binom_d = if i == 0 {
        BigUint::from(1u8)
    } else {
        BigUint::from(d)
    };
    let mut mc = multichoose(u, m); // C(u + m - 1, m)
    let mut sum = BigUint::ZERO;
    loop {
        sum += &binom_d * &mc;
        if i + 2 > d.min(k) {
            break;
        }
        binom_d = binom_d * (d - i) / (i + 1);
        binom_d = binom_d * (d - i - 1) / (i + 2);
        // C(u + m - 2, m - 1) = C(u + m - 1, m)·m/(u + m - 1).
        mc = mc * m / (u + m - 1);
        m -= 1;
        i += 2;
    }
    BigInt::from(sum)
}

/// The Walsh-Hadamard (XOR-Fourier) transform of `a` in place, unnormalised:
/// `a[s]` becomes the sum over v of `a[v]·(-1)^{popcount(v & s)}`. `a.len()`
/// is a power of two; time O(n log n). The caller bounds the entries so
/// that the sums fit (|ĥ| is at most the number of heaps).
pub(super) fn walsh_hadamard<T>(a: &mut [T])
where
    T: Copy + std::ops::Add<Output = T> + std::ops::Sub<Output = T>,
{
    let mut half = 1;
    while half < a.len() {
        for block in a.chunks_mut(2 * half) {
            let (x, y) = block.split_at_mut(half);
            for (p, q) in x.iter_mut().zip(y.iter_mut()) {
                let (s, d) = (*p + *q, *p - *q);
                *p = s;
                *q = d;
            }
        }
        half *= 2;
    }
}
