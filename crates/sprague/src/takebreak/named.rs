//! The infinite subtraction sets known by name (`squares`, `primes`,
//! `pow2`, `fib`): membership and the amounts up to a heap, as the
//! nim-sequence engine reads them. The ruleset that plays them is
//! [`ruleset::named`](crate::ruleset::named).

use std::ops::ControlFlow;

/// An infinite subtraction set known by name (the text after `sub:`).
///
/// Membership of any `u64` is decided in constant time (squares by an
/// integer square root, powers of two by their one bit, Fibonacci numbers
/// by a search of the 92 below 2^64, primes by a deterministic
/// Miller-Rabin test); the amounts up to `n` are listed in increasing order
/// in O(|S ∩ [1, n]|) steps, except the primes, which a segmented sieve of
/// Eratosthenes lists in O(n log log n) steps and O(√n) memory.
///
/// ```
/// use sprague::ruleset::named::NamedSet;
/// let fib = NamedSet::from_name("fib").unwrap();
/// assert!(fib.contains(21) && !fib.contains(4));
/// assert_eq!(fib.amounts_up_to(20), [1, 2, 3, 5, 8, 13]);
/// assert_eq!(NamedSet::Primes.amounts_up_to(20), [2, 3, 5, 7, 11, 13, 17, 19]);
/// assert!(NamedSet::Primes.contains(18_446_744_073_709_551_557)); // the largest u64 prime
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NamedSet {
    /// The positive squares 1, 4, 9, 16, ... (`sub:squares`).
    Squares,
    /// The primes 2, 3, 5, 7, ... (`sub:primes`).
    Primes,
    /// The powers of two 1, 2, 4, 8, ... (`sub:pow2`).
    Pow2,
    /// The Fibonacci numbers 1, 2, 3, 5, 8, ... (`sub:fib`; 1 once).
    Fib,
}

/// The distinct Fibonacci numbers from 1 up to 2^64 - 1: F(2) = 1, F(3) =
/// 2, ..., F(93) = 12,200,160,415,121,876,738.
const FIBONACCI: [u64; 92] = {
    let mut f = [0u64; 92];
    f[0] = 1;
    f[1] = 2;
    let mut i = 2;
    while i < f.len() {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
};

impl NamedSet {
    /// Every named set, in the order the documentation lists them.
    pub const ALL: [NamedSet; 4] = [
        NamedSet::Squares,
        NamedSet::Primes,
        NamedSet::Pow2,
        NamedSet::Fib,
    ];

    /// The ruleset words of the named sets (`sub:squares`, ...), for a
    /// "did you mean".
    pub(crate) const WORDS: [&'static str; 4] =
        ["sub:squares", "sub:primes", "sub:pow2", "sub:fib"];

    /// The set named `name` (`squares`, `primes`, `pow2`, `fib`; exact
    /// spelling), or `None`.
    pub fn from_name(name: &str) -> Option<NamedSet> {
        NamedSet::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The name written after `sub:`.
    pub fn name(self) -> &'static str {
        match self {
            NamedSet::Squares => "squares",
            NamedSet::Primes => "primes",
            NamedSet::Pow2 => "pow2",
            NamedSet::Fib => "fib",
        }
    }

    /// The set in words, with its first members.
    pub fn description(self) -> &'static str {
        match self {
            NamedSet::Squares => "the positive squares 1, 4, 9, 16, ...",
            NamedSet::Primes => "the primes 2, 3, 5, 7, 11, ...",
            NamedSet::Pow2 => "the powers of two 1, 2, 4, 8, ...",
            NamedSet::Fib => "the Fibonacci numbers 1, 2, 3, 5, 8, ...",
        }
    }

    /// The smallest amount: a heap below it has no move.
    pub fn least(self) -> u64 {
        match self {
            NamedSet::Primes => 2,
            _ => 1,
        }
    }

    /// Whether `k` tokens may be removed. Constant time for any `u64`.
    pub fn contains(self, k: u64) -> bool {
        match self {
            NamedSet::Squares => k >= 1 && k.isqrt() * k.isqrt() == k,
            NamedSet::Primes => is_prime(k),
            NamedSet::Pow2 => k.is_power_of_two(),
            NamedSet::Fib => FIBONACCI.binary_search(&k).is_ok(),
        }
    }

    /// Calls `f` with every amount `s <= n` in increasing order, until it
    /// breaks. O(|S ∩ [1, n]|) steps for squares, powers of two and
    /// Fibonacci numbers; for the primes a segmented sieve, O(m log log m)
    /// steps to reach the primes up to m, and memory for the primes up to
    /// √m.
    pub fn for_each_up_to(
        self,
        n: u64,
        f: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match self {
            NamedSet::Squares => {
                for r in 1..=n.isqrt() {
                    f(r * r)?;
                }
            }
            NamedSet::Primes => primes_up_to(n, f)?,
            NamedSet::Pow2 => {
                for b in 0..64 {
                    let s = 1u64 << b;
                    if s > n {
                        break;
                    }
                    f(s)?;
                }
            }
            NamedSet::Fib => {
                for &s in FIBONACCI.iter().take_while(|&&s| s <= n) {
                    f(s)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The amounts `s <= n`, increasing (see
    /// [`for_each_up_to`](NamedSet::for_each_up_to) for the cost).
    pub fn amounts_up_to(self, n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        let _ = self.for_each_up_to(n, &mut |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }

    /// The number of amounts `s <= n`, or `at_most + 1` when there are
    /// more than `at_most` (the primes are counted one by one, so the
    /// count stops there). Constant time except for the primes.
    pub fn count_up_to(self, n: u64, at_most: u64) -> u64 {
        let exact = match self {
            NamedSet::Squares => n.isqrt(),
            NamedSet::Pow2 => u64::from(64 - n.leading_zeros()),
            NamedSet::Fib => FIBONACCI.partition_point(|&s| s <= n) as u64,
            NamedSet::Primes => {
                let mut count = 0u64;
                let _ = primes_up_to(n, &mut |_| {
                    count += 1;
                    if count > at_most {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                count
            }
        };
        exact.min(at_most.saturating_add(1))
    }

    /// The `i`-th amount (from 0), in constant time, for the sets that
    /// have a formula (`None` for the primes and past the end of the set
    /// within `u64`).
    pub(crate) fn nth(self, i: u64) -> Option<u64> {
        match self {
            NamedSet::Squares => i.checked_add(1)?.checked_mul(i + 1),
            NamedSet::Pow2 => (i < 64).then(|| 1u64 << i),
            NamedSet::Fib => FIBONACCI.get(usize::try_from(i).ok()?).copied(),
            NamedSet::Primes => None,
        }
    }

    /// What [`Limits::max_table`](crate::Limits) is divided by for this
    /// set: a table to heap N costs N · |S ∩ [1, N]| steps, so the primes
    /// get a smaller table: 10 (the default limit is 1,000,000 heaps,
    /// about 3.6·10^10 steps, under a minute), 1 for the others (squares:
    /// 10,000,000 heaps, about 2·10^10 steps). Where a table work limit is
    /// set ([`Limits::max_table_work`](crate::Limits)), it stops the
    /// tables that cost more long before (`analyze 'sub:primes 100000'`,
    /// 0.7 s, is answered; `sub:primes 999999` is refused at once).
    pub fn table_divisor(self) -> u64 {
        match self {
            NamedSet::Primes => 10,
            NamedSet::Squares | NamedSet::Pow2 | NamedSet::Fib => 1,
        }
    }
}

impl std::fmt::Display for NamedSet {
    /// The name written after `sub:`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether `n` is prime: trial division by the primes below 40, then the
/// Miller-Rabin test to the bases 2, 3, ..., 37, which is deterministic for
/// every `n < 3.3·10^24` (Sorenson and Webster 2015), so for every `u64`.
fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let mul = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(n)) as u64;
    let pow = |mut a: u64, mut e: u64| {
        let mut r = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, a);
            }
            a = mul(a, a);
            e >>= 1;
        }
        r
    };
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// Numbers sieved per segment of [`primes_up_to`].
const SEGMENT: u64 = 1 << 16;

/// Calls `f` with every prime `p <= n` in increasing order until it breaks:
/// a segmented sieve of Eratosthenes, each segment crossed off by the
/// primes found in the earlier ones (the first segment, which starts at 0,
/// by its own). Memory: one segment and the primes up to √n found so far.
fn primes_up_to(n: u64, f: &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()> {
    let root = n.isqrt();
    let mut base: Vec<u64> = Vec::new();
    let mut composite = vec![false; SEGMENT as usize];
    let mut lo = 0u64;
    loop {
        let last = lo.saturating_add(SEGMENT - 1).min(n);
        let len = (last - lo + 1) as usize;
        composite[..len].fill(false);
        if lo == 0 {
            // The first segment by itself: 0 and 1 are not prime, and
            // every composite in it has a factor at most √last.
            composite[0] = true;
            if len > 1 {
                composite[1] = true;
            }
            let mut p = 2usize;
            while p * p < len {
                if !composite[p] {
                    for m in (p * p..len).step_by(p) {
                        composite[m] = true;
                    }
                }
                p += 1;
            }
        } else {
            // The base primes (all primes below lo) cover √last: lo >= 2^16.
            for &p in &base {
                if p.saturating_mul(p) > last {
                    break;
                }
                let first = (lo.div_ceil(p) * p).max(p * p);
                let mut m = first;
                while m <= last {
                    composite[(m - lo) as usize] = true;
                    m = match m.checked_add(p) {
                        Some(m) => m,
                        None => break,
                    };
                }
            }
        }
        for (i, &c) in composite[..len].iter().enumerate() {
            if !c {
                let p = lo + i as u64;
                if p <= root {
                    base.push(p);
                }
                f(p)?;
            }
        }
        if last == n {
            return ControlFlow::Continue(());
        }
        lo = last + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn prime_by_trial(n: u64) -> bool {
        n >= 2
            && (2..)
                .take_while(|d| d * d <= n)
                .all(|d| !n.is_multiple_of(d))
    }

    #[test]
    fn membership_and_listing_agree_with_the_definitions() {
        for set in NamedSet::ALL {
            let listed = set.amounts_up_to(5000);
            let by_contains: Vec<u64> = (0..=5000).filter(|&k| set.contains(k)).collect();
            assert_eq!(listed, by_contains, "{set}");
            for n in [0u64, 1, 2, 3, 4, 100, 4999, 5000] {
                let count = listed.iter().filter(|&&s| s <= n).count() as u64;
                assert_eq!(set.count_up_to(n, u64::MAX), count, "{set} {n}");
                assert_eq!(set.count_up_to(n, 2), count.min(3), "{set} {n}");
            }
        }
        let squares: Vec<u64> = (1..=70u64).map(|r| r * r).collect();
        assert_eq!(NamedSet::Squares.amounts_up_to(4900), squares);
        let primes: Vec<u64> = (0..=5000).filter(|&n| prime_by_trial(n)).collect();
        assert_eq!(NamedSet::Primes.amounts_up_to(5000), primes);
        assert_eq!(
            NamedSet::Pow2.amounts_up_to(5000),
            [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096]
        );
        assert_eq!(&FIBONACCI[..10], [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
        assert_eq!(FIBONACCI[91], 12_200_160_415_121_876_738);
    }

    #[test]
    fn the_sieve_crosses_segments() {
        // Past the first segment (2^16) the base primes do the sieving.
        let n = 3 * SEGMENT + 17;
        let sieved = NamedSet::Primes.amounts_up_to(n);
        let tested: Vec<u64> = (0..=n).filter(|&k| is_prime(k)).collect();
        assert_eq!(sieved, tested);
    }

    #[test]
    fn membership_at_the_top_of_u64() {
        let top = u64::MAX;
        assert!(!NamedSet::Squares.contains(top));
        assert!(NamedSet::Squares.contains(4_294_967_295 * 4_294_967_295));
        assert!(NamedSet::Pow2.contains(1 << 63) && !NamedSet::Pow2.contains(top));
        assert!(NamedSet::Fib.contains(12_200_160_415_121_876_738));
        assert!(!NamedSet::Primes.contains(top));
        assert!(NamedSet::Primes.contains(top - 58));
        // Strong pseudoprimes to several bases, and Carmichael numbers.
        for composite in [561u64, 3_215_031_751, 3_825_123_056_546_413_051] {
            assert!(!is_prime(composite), "{composite}");
        }
        assert_eq!(NamedSet::Squares.count_up_to(top, u64::MAX), 4_294_967_295);
        assert_eq!(NamedSet::Pow2.count_up_to(top, u64::MAX), 64);
        assert_eq!(NamedSet::Fib.count_up_to(top, u64::MAX), 92);
    }

    proptest! {
        #[test]
        fn miller_rabin_agrees_with_trial_division(n in 0u64..2_000_000_000) {
            prop_assert_eq!(is_prime(n), prime_by_trial(n));
        }
    }
}
