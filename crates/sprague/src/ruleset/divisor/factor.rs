//! Factorisation of any u64: trial division by the primes below 64, then
//! a deterministic Miller-Rabin test (the first twelve primes as bases are
//! enough below 3.3 · 10^24, Sorenson & Webster 2015) and Pollard's rho
//! in Brent's form with batched gcds (Brent 1980) for what is left.
//! Worst case about a millisecond (a product of two primes near 2^32).

/// `a · b mod m`, exact.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

/// `a^e mod m`.
fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// Whether `n` is prime, exactly, for any u64 (deterministic Miller-Rabin).
///
/// ```
/// use sprague::ruleset::divisor::is_prime;
/// assert!(is_prime(2) && is_prime(18_446_744_073_709_551_557));
/// assert!(!is_prime(1) && !is_prime(3_215_031_751)); // a strong pseudoprime to 2, 3, 5, 7
/// ```
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of the odd composite `n` (Pollard-Brent rho).
fn rho(n: u64) -> u64 {
    for c in 1u64.. {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut y, mut r, mut q, mut g) = (2u64, 1u64, 1u64, 1u64);
        let (mut x, mut ys) = (0, 0);
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..128.min(r - k) {
                    y = f(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = gcd(q, n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot: step back one at a time.
            loop {
                ys = f(ys);
                g = gcd(x.abs_diff(ys), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
    n
}

/// The prime factorisation of `n >= 1` as (prime, exponent) pairs in
/// increasing order of the prime (empty for 1).
///
/// ```
/// use sprague::ruleset::divisor::factorize;
/// assert_eq!(factorize(360), [(2, 3), (3, 2), (5, 1)]);
/// assert_eq!(factorize(1), []);
/// assert_eq!(factorize(u64::MAX), [(3, 1), (5, 1), (17, 1), (257, 1), (641, 1), (65537, 1), (6700417, 1)]);
/// ```
pub fn factorize(mut n: u64) -> Vec<(u64, u32)> {
    let mut primes: Vec<u64> = Vec::new();
    for p in [
        2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
    ] {
        while n > 1 && n.is_multiple_of(p) {
            primes.push(p);
            n /= p;
        }
    }
    let mut stack = vec![n];
    while let Some(m) = stack.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            primes.push(m);
            continue;
        }
        // m has no factor below 64, so it is not a square of a small prime
        // and rho's odd-composite precondition holds.
        let d = rho(m);
        stack.push(d);
        stack.push(m / d);
    }
    primes.sort_unstable();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some(last) if last.0 == p => last.1 += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn primality_agrees_with_trial_division_below_100000() {
        let mut sieve = vec![true; 100_000];
        sieve[0] = false;
        sieve[1] = false;
        for i in 2..sieve.len() {
            if sieve[i] {
                for j in (i * i..sieve.len()).step_by(i) {
                    sieve[j] = false;
                }
            }
        }
        for (n, &p) in sieve.iter().enumerate() {
            assert_eq!(is_prime(n as u64), p, "{n}");
        }
    }

    #[test]
    fn hard_semiprimes_factor() {
        let (p, q) = (4_294_967_291u64, 4_294_967_279u64);
        assert_eq!(factorize(p * q), [(q, 1), (p, 1)]);
        assert_eq!(factorize(p * p), [(p, 2)]);
    }

    proptest! {
        #[test]
        fn factors_multiply_back_and_are_prime(n in 1u64..) {
            let f = factorize(n);
            let mut product = 1u64;
            for &(p, e) in &f {
                prop_assert!(is_prime(p));
                product *= p.pow(e);
            }
            prop_assert_eq!(product, n);
        }
    }
}
