//! The terms of every character at once, for multisets and sets of heaps
//! whose number K is large (modulo a prime) or whose characters are many.
//!
//! A character sees u heaps of even and w = n - u of odd overlap; the
//! terms of all characters are the values at u = 0..=n of one family, and
//! each family has a three-term recurrence in u (found by differentiating
//! the generating function in t and comparing coefficients of t^K):
//!
//! - multisets, f_u = [t^K] (1 - t)^{-u}(1 + t)^{-(n-u)}:
//!   u·f_{u+1} = (2K + n)·f_u - (n - u)·f_{u-1}, from f_0 = (-1)^K C(n+K-1, K)
//!   and f_1 = Σ_{i ≡ K (2)} (-1)^i C(n-2, i)·C(n-2+(K-i)/2, n-2) (the
//!   function written as (1 - t)^{n-2}(1 - t^2)^{-(n-1)}: n - 1 terms);
//! - sets, g_x = [t^K] (1 + t)^{n-x}(1 - t)^x (the Krawtchouk polynomial
//!   K_K(x; n), MacWilliams & Sloane ch. 5):
//!   (n - x)·g_{x+1} = (n - 2K)·g_x - x·g_{x-1}, from g_0 = C(n, K) and
//!   g_1 = C(n, K)(n - 2K)/n.
//!
//! So all n + 1 terms cost O(n) products, whatever K, instead of one sum
//! per distinct value of the transform. The divisions are exact over the
//! integers; modulo a prime q they are products by inverses, which exist
//! when q > n (and q > n - 2 + K/2 for the multisets' f_1).
//!
//! Ordered tuples of different heaps need k!·[t^k] for each k: with
//! D_k = k!·g_x(k), the recurrence in k of the Krawtchouk polynomials,
//! (k + 1)·K_{k+1} = (n - 2x)·K_k - (n - k + 1)·K_{k-1}, becomes
//! D_{k+1} = (n - 2x)·D_k - k(n - k + 1)·D_{k-1}: no division, so any
//! modulus works ([`falling_sum`]).

use num_bigint::BigInt;

/// A ring with exact division by small numbers (the integers, or the
/// integers modulo a prime above every divisor).
pub(super) trait Field {
    /// An element.
    type E: Clone;
    /// The image of `v`.
    fn int(&self, v: i128) -> Self::E;
    /// a + b.
    fn add(&self, a: &Self::E, b: &Self::E) -> Self::E;
    /// a·b.
    fn mul(&self, a: &Self::E, b: &Self::E) -> Self::E;
    /// a·v.
    fn scale(&self, a: &Self::E, v: i128) -> Self::E {
        self.mul(a, &self.int(v))
    }
    /// a / d, d ≥ 1 (exact over the integers).
    fn div(&self, a: &Self::E, d: u128) -> Self::E;
}

/// The integers.
pub(super) struct Integers;

impl Field for Integers {
    type E = BigInt;
    fn int(&self, v: i128) -> BigInt {
        BigInt::from(v)
    }
    fn add(&self, a: &BigInt, b: &BigInt) -> BigInt {
        a + b
    }
    fn mul(&self, a: &BigInt, b: &BigInt) -> BigInt {
        a * b
    }
    fn scale(&self, a: &BigInt, v: i128) -> BigInt {
        a * v
    }
    fn div(&self, a: &BigInt, d: u128) -> BigInt {
        a / d
    }
}

/// The integers modulo a prime q, with the inverses of 1..=`small`
/// tabled.
pub(super) struct ModPrime {
    q: u64,
    inverses: Vec<u64>,
}

impl ModPrime {
    /// The field modulo the prime `q` with inverses of 1..=`small`
    /// (`small` < q) tabled, in O(small).
    pub(super) fn new(q: u64, small: usize) -> ModPrime {
        let mut inverses = vec![0u64, 1];
        for i in 2..=small {
            // inv(i) = -(q / i)·inv(q mod i).
            let r = inverses[(q % i as u64) as usize];
            let v = mul_mod(q / i as u64 % q, r, q);
            inverses.push(if v == 0 { 0 } else { q - v });
        }
        inverses.truncate(small + 1);
        ModPrime { q, inverses }
    }

    fn inverse(&self, d: u128) -> u64 {
        let d = (d % u128::from(self.q)) as u64;
        if let Some(&v) = self.inverses.get(d as usize) {
            return v;
        }
        pow_mod(d, self.q - 2, self.q)
    }
}

/// a·b mod q.
fn mul_mod(a: u64, b: u64, q: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(q)) as u64
}

/// a^e mod q.
fn pow_mod(mut a: u64, mut e: u64, q: u64) -> u64 {
    let mut r = 1 % q;
    a %= q;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, q);
        }
        a = mul_mod(a, a, q);
        e >>= 1;
    }
    r
}

/// Whether `q` is prime (Miller-Rabin with the first twelve primes as
/// bases, deterministic below 3.3·10^24).
pub(super) fn is_prime(q: u64) -> bool {
    if q < 2 {
        return false;
    }
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    for p in BASES {
        if q.is_multiple_of(p) {
            return q == p;
        }
    }
    let s = (q - 1).trailing_zeros();
    let d = (q - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, q);
        if x == 1 || x == q - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, q);
            if x == q - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

impl Field for ModPrime {
    type E = u64;
    fn int(&self, v: i128) -> u64 {
        v.rem_euclid(i128::from(self.q)) as u64
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        ((u128::from(*a) + u128::from(*b)) % u128::from(self.q)) as u64
    }
    fn mul(&self, a: &u64, b: &u64) -> u64 {
        mul_mod(*a, *b, self.q)
    }
    fn div(&self, a: &u64, d: u128) -> u64 {
        mul_mod(*a, self.inverse(d), self.q)
    }
}

/// C(n, k) in `field`, in min(k, n - k) steps (0 when k > n).
pub(super) fn binomial_in<F: Field>(field: &F, n: u128, k: u128) -> F::E {
    if k > n {
        return field.int(0);
    }
    let j = k.min(n - k);
    let mut c = field.int(1);
    for i in 0..j {
        c = field.div(&field.scale(&c, (n - i) as i128), i + 1);
    }
    c
}

/// Which family of terms a sweep runs through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// f_u = [t^K] (1 - t)^{-u}(1 + t)^{-(n-u)}, by u.
    Multisets,
    /// g_x = [t^K] (1 + t)^{n-x}(1 - t)^x, by x.
    Sets,
    /// E_x = Σ_{k=0}^{n} k!·[t^k] (1 + t)^{n-x}(1 - t)^x (ordered tuples of
    /// different heaps, every number of them), by x: with the Laplace
    /// integral k! = ∫ s^k e^{-s} ds, E_x = ∫ e^{-s}(1 + s)^{n-x}(1 - s)^x ds,
    /// and integrating by parts, (n - x)·E_{x+1} = (2 - n + 2x)·E_x +
    /// x·E_{x-1} - 2, from E_0 = Σ_k n!/(n-k)! and n·E_1 = (2 - n)·E_0 - 2.
    Falling,
}

/// Whether a sweep of `family` over n heaps with K can run modulo the
/// prime `q`: every divisor below q.
pub(super) fn fits_prime(family: Family, n: u128, k: u64, q: u64) -> bool {
    let q = u128::from(q);
    match family {
        Family::Sets | Family::Falling => n < q,
        Family::Multisets => n < q && n + u128::from(k) / 2 < q,
    }
}

/// The steps of a sweep (products and divisions, each one step of a
/// machine word modulo a prime; times the words of the numbers exactly).
pub(super) fn sweep_steps(n: u128) -> f64 {
    6.0 * (n as f64 + 2.0)
}

/// Calls `visit(i, term_i)` for i = 0..=n in order: the terms of `family`
/// with n heaps and K (i is u for multisets, x for sets). The caller
/// checks [`fits_prime`] for a prime field first.
pub(super) fn sweep<F: Field>(
    field: &F,
    family: Family,
    n: u128,
    k: u64,
    visit: &mut dyn FnMut(u128, &F::E),
) {
    let kk = u128::from(k);
    match family {
        Family::Falling => {
            let (mut term, mut e0) = (field.int(1), field.int(1));
            for j in 0..n {
                term = field.scale(&term, (n - j) as i128);
                e0 = field.add(&e0, &term);
            }
            visit(0, &e0);
            if n == 0 {
                return;
            }
            let e1 = field.add(&field.scale(&e0, 2 - n as i128), &field.int(-2));
            let e1 = field.div(&e1, n);
            visit(1, &e1);
            let (mut prev, mut cur) = (e0, e1);
            for x in 1..n {
                let next = field.add(
                    &field.add(
                        &field.scale(&cur, 2 - n as i128 + 2 * x as i128),
                        &field.scale(&prev, x as i128),
                    ),
                    &field.int(-2),
                );
                let next = field.div(&next, n - x);
                prev = std::mem::replace(&mut cur, next);
                visit(x + 1, &cur);
            }
        }
        Family::Sets => {
            if kk > n {
                let zero = field.int(0);
                for x in 0..=n {
                    visit(x, &zero);
                }
                return;
            }
            let g0 = binomial_in(field, n, kk);
            visit(0, &g0);
            if n == 0 {
                return;
            }
            let mut prev = g0.clone();
            let mut cur = field.div(&field.scale(&g0, n as i128 - 2 * kk as i128), n);
            visit(1, &cur);
            let c = n as i128 - 2 * kk as i128;
            for x in 1..n {
                let next = field.add(&field.scale(&cur, c), &field.scale(&prev, -(x as i128)));
                let next = field.div(&next, n - x);
                prev = std::mem::replace(&mut cur, next);
                visit(x + 1, &cur);
            }
        }
        Family::Multisets => {
            let sign = if k % 2 == 1 { -1 } else { 1 };
            let f0 = field.scale(&multichoose_in(field, n, kk), sign);
            visit(0, &f0);
            if n == 0 {
                return;
            }
            let f1 = if n == 1 {
                field.int(1)
            } else {
                first_multiset_term(field, n, kk)
            };
            visit(1, &f1);
            let c = 2 * kk as i128 + n as i128;
            let (mut prev, mut cur) = (f0, f1);
            for u in 1..n {
                let next = field.add(
                    &field.scale(&cur, c),
                    &field.scale(&prev, -((n - u) as i128)),
                );
                let next = field.div(&next, u);
                prev = std::mem::replace(&mut cur, next);
                visit(u + 1, &cur);
            }
        }
    }
}

/// C(n + k - 1, k) in `field` (1 when k = 0, 0 when n = 0 < k), in
/// min(k, n - 1) steps.
fn multichoose_in<F: Field>(field: &F, n: u128, k: u128) -> F::E {
    if k == 0 {
        return field.int(1);
    }
    if n == 0 {
        return field.int(0);
    }
    binomial_in(field, n + k - 1, k.min(n - 1))
}

/// f_1 = [t^K] (1 - t)^{n-2}(1 - t^2)^{-(n-1)} for n ≥ 2:
/// Σ_{i ≡ K (2), i ≤ min(n-2, K)} (-1)^i C(n-2, i)·C(n-2+m, n-2), m = (K-i)/2.
fn first_multiset_term<F: Field>(field: &F, n: u128, k: u128) -> F::E {
    let top = n - 2;
    let i_first = k % 2;
    let i_last = top.min(k);
    if i_first > i_last {
        return field.int(0);
    }
    // C(top, i) from i_first, and B(m) = C(top + m, top) from m = (k - i_first)/2.
    let mut c = binomial_in(field, top, i_first);
    let mut m = (k - i_first) / 2;
    let mut b = binomial_in(field, top + m, top.min(m));
    let mut sum = field.int(0);
    let mut i = i_first;
    loop {
        let term = field.mul(&c, &b);
        let term = if i % 2 == 1 {
            field.scale(&term, -1)
        } else {
            term
        };
        sum = field.add(&sum, &term);
        if i + 2 > i_last {
            break;
        }
        // C(top, i + 2) and B(m - 1) = B(m)·m/(top + m).
        c = field.div(&field.scale(&c, (top - i) as i128), i + 1);
        c = field.div(&field.scale(&c, (top - i - 1) as i128), i + 2);
        b = field.div(&field.scale(&b, m as i128), top + m);
        m -= 1;
        i += 2;
    }
    sum
}

/// Σ_{k=1}^{last} k!·[t^k] (1 + t)^{n-x}(1 - t)^x in `ring` (ordered tuples
/// of k different heaps out of n, weighed by the character with x heaps
/// of odd overlap), or only the term k = `last` when `only_last`; by
/// D_{k+1} = (n - 2x)·D_k - k(n - k + 1)·D_{k-1}, in `last` steps.
pub(super) fn falling_sum<E: Clone>(
    int: &dyn Fn(i128) -> E,
    add: &dyn Fn(&E, &E) -> E,
    mul: &dyn Fn(&E, &E) -> E,
    n: u128,
    x: u128,
    last: u64,
    only_last: bool,
) -> E {
    let a = n as i128 - 2 * x as i128;
    let mut prev = int(1); // D_0
    if last == 0 {
        return if only_last { prev } else { int(0) };
    }
    let mut cur = int(a); // D_1
    let mut sum = cur.clone();
    let top = u128::from(last).min(n + 1);
    let mut k: u128 = 1;
    while k < top {
        let c = (k * (n + 1 - k)) as i128;
        let next = add(&mul(&cur, &int(a)), &mul(&prev, &int(-c)));
        prev = std::mem::replace(&mut cur, next);
        k += 1;
        sum = add(&sum, &cur);
    }
    if only_last {
        if u128::from(last) > n {
            int(0)
        } else {
            cur
        }
    } else {
        sum
    }
}
