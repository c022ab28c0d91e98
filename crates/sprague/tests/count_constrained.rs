//! `count` under contest constraints (sizes from a set, all different,
//! the number of heaps summed, N-positions, modulo Q), against a brute
//! force that lists every arrangement of allowed heaps and takes the
//! nim-sum of their Grundy values.

use num_bigint::BigUint;
use proptest::prelude::*;
use sprague::count::constrained::{count_constrained, Arrangement, ConstrainedSpec, Heaps, Sizes};
use sprague::count::{CountLimits, CountSpec};
use sprague::{Limits, Outcome, Ruleset};

const WORDS: [&str; 5] = ["nim", "kayles", "sub:1,3,4", "sub:2-3", "octal:0.07"];

fn counted(word: &str, spec: &ConstrainedSpec) -> BigUint {
    let r: Ruleset = word.parse().unwrap();
    count_constrained(&r, spec, &CountLimits::default(), &mut |_| {})
        .unwrap_or_else(|e| panic!("{word} {spec:?}: {e}"))
        .count
}

/// The allowed sizes, increasing, without repeats, by their definitions.
fn allowed(sizes: &Sizes) -> Vec<u64> {
    let mut v: Vec<u64> = match sizes {
        Sizes::Range { min, max } => (*min..=*max).collect(),
        Sizes::Primes { max } => (2..=*max).filter(|&n| (2..n).all(|d| n % d != 0)).collect(),
        Sizes::List(l) => l.clone(),
    };
    v.sort_unstable();
    v.dedup();
    v
}

/// (P-positions, all positions) among arrangements of exactly k heaps,
/// listed one by one.
fn brute_k(values: &[u64], k: usize, arrangement: Arrangement) -> (u64, u64) {
    let n = values.len();
    let (mut p, mut all) = (0, 0);
    let mut idx = vec![0usize; k];
    if k > 0 && n == 0 {
        return (0, 0);
    }
    loop {
        let ok = match arrangement {
            Arrangement::Ordered => true,
            Arrangement::Multisets => idx.windows(2).all(|w| w[0] <= w[1]),
            Arrangement::Sets => idx.windows(2).all(|w| w[0] < w[1]),
            Arrangement::DistinctOrdered => (0..k).all(|i| (0..i).all(|j| idx[i] != idx[j])),
        };
        if ok {
            all += 1;
            if idx.iter().fold(0, |x, &i| x ^ values[i]) == 0 {
                p += 1;
            }
        }
        let mut i = k;
        loop {
            if i == 0 {
                return (p, all);
            }
            i -= 1;
            if idx[i] + 1 < n {
                idx[i] += 1;
                for t in idx.iter_mut().skip(i + 1) {
                    *t = 0;
                }
                break;
            }
        }
    }
}

fn brute_force(word: &str, spec: &ConstrainedSpec) -> u64 {
    let r: Ruleset = word.parse().unwrap();
    let values: Vec<u64> = allowed(&spec.sizes)
        .iter()
        .map(|&x| r.heap_value(x, &Limits::default()).unwrap())
        .collect();
    let ks: Vec<usize> = match spec.heaps {
        Heaps::Exactly(k) => vec![k as usize],
        Heaps::UpTo(n) => (1..=n as usize).collect(),
    };
    let (mut p, mut all) = (0, 0);
    for k in ks {
        let (a, b) = brute_k(&values, k, spec.arrangement);
        p += a;
        all += b;
    }
    match spec.outcome {
        Outcome::P => p,
        _ => all - p,
    }
}

fn sizes() -> impl Strategy<Value = Sizes> {
    prop_oneof![
        (0u64..4, 0u64..9).prop_map(|(min, max)| Sizes::Range { min, max }),
        (0u64..24).prop_map(|max| Sizes::Primes { max }),
        proptest::collection::vec(0u64..20, 0..7).prop_map(Sizes::List),
    ]
}

fn arrangement() -> impl Strategy<Value = Arrangement> {
    prop_oneof![
        Just(Arrangement::Ordered),
        Just(Arrangement::Multisets),
        Just(Arrangement::Sets),
        Just(Arrangement::DistinctOrdered),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every kind of constraint and their combinations, exact and modulo
    /// a prime, an even number and a power of two.
    #[test]
    fn agrees_with_brute_force(
        word in 0usize..WORDS.len(),
        sizes in sizes(),
        up_to in any::<bool>(),
        k in 0u64..5,
        arrangement in arrangement(),
        n_positions in any::<bool>(),
        q in prop_oneof![Just(7u64), Just(12), Just(16), Just(1_000_000_007)],
    ) {
        let word = WORDS[word];
        let heaps = if up_to { Heaps::UpTo(k) } else { Heaps::Exactly(k) };
        let spec = ConstrainedSpec {
            arrangement,
            outcome: if n_positions { Outcome::N } else { Outcome::P },
            ..ConstrainedSpec::new(sizes, heaps)
        };
        let want = brute_force(word, &spec);
        prop_assert_eq!(counted(word, &spec), BigUint::from(want), "exact");
        let modular = ConstrainedSpec { modulo: Some(q), ..spec };
        prop_assert_eq!(counted(word, &modular), BigUint::from(want % q), "modulo {}", q);
    }

    /// Ordered counts modulo Q (odd part and power of two joined by the
    /// Chinese remainder theorem) agree with the exact count reduced, for
    /// numbers of heaps past brute force.
    #[test]
    fn modular_ordered_counts_agree_with_exact(
        word in 0usize..WORDS.len(),
        sizes in sizes(),
        up_to in any::<bool>(),
        k in 0u64..60,
        n_positions in any::<bool>(),
        q in 1u64..5000,
        shift in 0u32..40,
    ) {
        let word = WORDS[word];
        let q = q << shift;
        let heaps = if up_to { Heaps::UpTo(k) } else { Heaps::Exactly(k) };
        let spec = ConstrainedSpec {
            outcome: if n_positions { Outcome::N } else { Outcome::P },
            ..ConstrainedSpec::new(sizes, heaps)
        };
        let exact = counted(word, &spec);
        let modular = ConstrainedSpec { modulo: Some(q), ..spec };
        prop_assert_eq!(counted(word, &modular), exact % q);
    }
}

/// A range from 0 gives what the plain count gives (closed forms, tables
/// and periods alike), for M past any brute force.
#[test]
fn ranges_agree_with_the_plain_count() {
    for word in WORDS {
        let r: Ruleset = word.parse().unwrap();
        for (k, max, unordered) in [(3, 1000, false), (4, 300, true), (7, 1 << 40, false)] {
            let plain = CountSpec {
                heaps: k,
                max,
                unordered,
                modulo: Some(1_000_000_007),
                ..CountSpec::default()
            };
            let Ok(want) = sprague::count::count(&r, &plain, &CountLimits::default()) else {
                continue;
            };
            let spec = ConstrainedSpec {
                arrangement: if unordered {
                    Arrangement::Multisets
                } else {
                    Arrangement::Ordered
                },
                modulo: Some(1_000_000_007),
                ..ConstrainedSpec::new(Sizes::Range { min: 0, max }, Heaps::Exactly(k))
            };
            assert_eq!(counted(word, &spec), want.count, "{word} {k} {max}");
        }
    }
}

/// Non-empty Nim heaps up to 2^64 - 1 (the closed form less heap 0):
/// pairs with nim-sum 0 are the 2^64 - 1 pairs (x, x).
#[test]
fn non_empty_nim_pairs_up_to_the_top() {
    let spec = ConstrainedSpec::new(
        Sizes::Range {
            min: 1,
            max: u64::MAX,
        },
        Heaps::Exactly(2),
    );
    assert_eq!(counted("nim", &spec), BigUint::from(u64::MAX));
}

/// Limits are found before the work and name what passed.
#[test]
fn limits_refuse_before_the_work() {
    let r = Ruleset::nim();
    let big = ConstrainedSpec::new(Sizes::Primes { max: 1 << 40 }, Heaps::Exactly(2));
    let err = count_constrained(&r, &big, &CountLimits::default(), &mut |_| {}).unwrap_err();
    assert!(err.is_limit(), "{err}");
    let exact = ConstrainedSpec::new(Sizes::Primes { max: 100 }, Heaps::UpTo(1_000_000_000));
    let err = count_constrained(&r, &exact, &CountLimits::default(), &mut |_| {}).unwrap_err();
    assert!(err.is_limit(), "{err}");
    let sets = ConstrainedSpec {
        arrangement: Arrangement::Sets,
        modulo: Some(7),
        ..ConstrainedSpec::new(
            Sizes::Range {
                min: 0,
                max: 1 << 30,
            },
            Heaps::UpTo(1 << 29),
        )
    };
    let err = count_constrained(&r, &sets, &CountLimits::default(), &mut |_| {}).unwrap_err();
    assert!(err.is_limit(), "{err}");
}

/// Ordered different Nim heaps over every size 0..=2^64 - 1 (2^64 sizes,
/// where a count of sizes cast to 64 bits wraps to 0): the P-positions
/// of 3 heaps are (a, b, a ^ b) with a, b non-zero and a != b, so
/// (2^64 - 1)(2^64 - 2) of them, computed here with big integers; sets
/// are a sixth of that. Exactly, modulo a prime and modulo a power of two;
/// and the same with `--max 2^64 - 2`, by the same reasoning over 2^64 - 1
/// sizes (c = a ^ b must also be at most 2^64 - 2).
#[test]
fn ordered_different_heaps_at_the_top_of_the_range() {
    let two64 = BigUint::from(1u8) << 64;
    let one = BigUint::from(1u8);
    let two = BigUint::from(2u8);
    let full = (&two64 - &one) * (&two64 - &two);
    for (max, p3) in [(u64::MAX, full)] {
        let mut spec = ConstrainedSpec::new(Sizes::Range { min: 0, max }, Heaps::Exactly(3));
        spec.arrangement = Arrangement::DistinctOrdered;
        assert_eq!(counted("nim", &spec), p3, "ordered, max {max}");
        for q in [1_000_000_007u64, 1 << 32, 998_244_353] {
            spec.modulo = Some(q);
            assert_eq!(
                counted("nim", &spec),
                &p3 % BigUint::from(q),
                "ordered, max {max}, modulo {q}"
            );
        }
        spec.modulo = None;
        spec.arrangement = Arrangement::Sets;
        assert_eq!(counted("nim", &spec), &p3 / 6u8, "sets, max {max}");
    }
    // Up to 2^64 - 2: a, b, a ^ b all non-zero, different and not all ones.
    // Pairs (a, b) with a, b in 1..=2^64-2, a != b, a ^ b != 2^64 - 1:
    // (2^64 - 2)(2^64 - 3) - (2^64 - 2) (b = !a excluded for each a).
    let m = &two64 - &two;
    let p3 = &m * (&m - &one) - &m;
    let mut spec = ConstrainedSpec::new(
        Sizes::Range {
            min: 0,
            max: u64::MAX - 1,
        },
        Heaps::Exactly(3),
    );
    spec.arrangement = Arrangement::DistinctOrdered;
    assert_eq!(counted("nim", &spec), p3);
}
