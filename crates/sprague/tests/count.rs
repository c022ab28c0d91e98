//! `count`: the number of P-positions (or N-positions) among sums of K
//! heaps of a heap ruleset, against a brute-force reference that lists
//! every tuple (or multiset) and takes the nim-sum of its heaps' values.

use num_bigint::BigUint;
use proptest::prelude::*;
use sprague::count::{count, CountBasis, CountLimitKind, CountLimits, CountSpec};
use sprague::{Error, Limits, Outcome, Play, Ruleset};

fn ruleset(word: &str) -> Ruleset {
    word.parse().unwrap()
}

fn spec(heaps: u64, max: u64, unordered: bool) -> CountSpec {
    CountSpec {
        heaps,
        max,
        unordered,
        ..CountSpec::default()
    }
}

fn counted(word: &str, spec: &CountSpec) -> BigUint {
    count(&ruleset(word), spec, &CountLimits::default())
        .unwrap_or_else(|e| panic!("{word} {spec:?}: {e}"))
        .count
}

/// Every tuple (ordered) or non-decreasing tuple (multiset) of `heaps`
/// heaps in 0..=max, by value: (P-positions, all positions).
fn brute_force(word: &str, heaps: u64, max: u64, unordered: bool) -> (u64, u64) {
    let r = ruleset(word);
    let g: Vec<u64> = (0..=max)
        .map(|n| r.heap_value(n, &Limits::default()).unwrap())
        .collect();
    let mut p = 0;
    let mut all = 0;
    let mut tuple = vec![0u64; heaps as usize];
    loop {
        all += 1;
        if tuple.iter().fold(0, |x, &h| x ^ g[h as usize]) == 0 {
            p += 1;
        }
        // The next tuple: ordered, every digit 0..=max; a multiset, digits
        // non-decreasing.
        let mut i = tuple.len();
        loop {
            if i == 0 {
                return (p, all);
            }
            i -= 1;
            if tuple[i] < max {
                tuple[i] += 1;
                let v = tuple[i];
                for t in tuple.iter_mut().skip(i + 1) {
                    *t = if unordered { v } else { 0 };
                }
                break;
            }
        }
    }
}

#[test]
fn the_must_show_values() {
    for (word, k, m, ordered, unordered) in [
        ("nim", 3, 7, 64u64, 15u64),
        ("nim", 4, 5, 168, 24),
        ("kayles", 3, 20, 1033, 183),
    ] {
        assert_eq!(counted(word, &spec(k, m, false)), ordered.into(), "{word}");
        assert_eq!(counted(word, &spec(k, m, true)), unordered.into(), "{word}");
        assert_eq!(brute_force(word, k, m, false).0, ordered, "{word}");
        assert_eq!(brute_force(word, k, m, true).0, unordered, "{word}");
    }
}

/// Project Euler 310's worked example: 1160 multisets of three heaps of
/// subtract-a-square up to 29 are P-positions.
#[test]
fn project_euler_310_worked_example() {
    assert_eq!(counted("sub:squares", &spec(3, 29, true)), 1160u64.into());
    assert_eq!(brute_force("sub:squares", 3, 29, true).0, 1160);
}

/// The same game with the squares up to the heaps written out (for heaps
/// up to 29, `sub:squares` is `sub:1,4,9,16,25`): Project Euler 310's
/// worked example.
#[test]
fn project_euler_310_with_the_squares_written_out() {
    assert_eq!(counted(&squares(29), &spec(3, 29, true)), 1160u64.into());
    assert_eq!(brute_force(&squares(29), 3, 29, true).0, 1160);
}

fn squares(top: u64) -> String {
    let s: Vec<String> = (1..)
        .map(|i: u64| i * i)
        .take_while(|&q| q <= top)
        .map(|q| q.to_string())
        .collect();
    format!("sub:{}", s.join(","))
}

/// Project Euler 310's published answer for heaps up to 100,000 (a table of
/// 100,000 heaps with 316 amounts: seconds in a debug build).
#[test]
#[ignore = "heavy in debug builds; run with cargo test --release -- --ignored"]
fn project_euler_310_answer_with_the_squares_written_out() {
    assert_eq!(
        counted(&squares(100_000), &spec(3, 100_000, true)),
        2_586_528_661_783u64.into()
    );
}

const RULESETS: [&str; 9] = [
    "nim",
    "sub:1,3,4",
    "sub:2-5",
    "kayles",
    "dawson",
    "octal:0.137",
    "hex:0.f",
    "grundy",
    "octal:0.6",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Every kind of heap ruleset (Nim, a subtraction set, a subtraction
    /// range, octal and hexadecimal codes, Grundy's game), ordered and
    /// unordered, P and N, exact and modulo, against the brute force.
    #[test]
    fn counts_equal_the_brute_force(
        which in 0..RULESETS.len(),
        heaps in 0u64..5,
        max in 0u64..12,
        unordered in any::<bool>(),
        q in 1u64..1000,
    ) {
        let word = RULESETS[which];
        let (p, all) = brute_force(word, heaps, max, unordered);
        let s = spec(heaps, max, unordered);
        prop_assert_eq!(counted(word, &s), p.into(), "{} {:?}", word, s);
        let n = CountSpec { outcome: Outcome::N, ..s };
        prop_assert_eq!(counted(word, &n), (all - p).into());
        let modp = CountSpec { modulo: Some(q), ..s };
        prop_assert_eq!(counted(word, &modp), (p % q).into());
        let modn = CountSpec { modulo: Some(q), ..n };
        prop_assert_eq!(counted(word, &modn), ((all - p) % q).into());
    }

    /// Huge bounds by two independent routes: `sub:a-b` by its closed form
    /// (prefix intervals of values) and the same game as an octal code
    /// (its nim-sequence and proven period); ordered, unordered and
    /// modulo a prime.
    #[test]
    fn closed_forms_and_periods_agree_on_huge_bounds(
        a in 1u64..4,
        extra in 0u64..4,
        heaps in 0u64..7,
        max in any::<u64>(),
        unordered in any::<bool>(),
    ) {
        let b = a + extra;
        let code: String = (1..=b).map(|k| if k >= a { '3' } else { '0' }).collect();
        let octal = format!("octal:0.{code}");
        let s = spec(heaps, max, unordered);
        prop_assert_eq!(counted(&format!("sub:{a}-{b}"), &s), counted(&octal, &s));
        let m = CountSpec { modulo: Some(1_000_000_007), outcome: Outcome::N, ..s };
        prop_assert_eq!(counted(&format!("sub:{a}-{b}"), &m), counted(&octal, &m));
    }

    /// Nim (closed form) and Nim as an octal code (a table) agree.
    #[test]
    fn nim_closed_form_equals_its_table(heaps in 0u64..6, max in 0u64..700, unordered in any::<bool>()) {
        let s = spec(heaps, max, unordered);
        prop_assert_eq!(counted("nim", &s), counted("octal:0.3...", &s));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    /// Huge M for games with a proven period, against a count reduced to
    /// small heaps: the value histogram of 0..=M is the preperiod's once
    /// plus the period's as many times as it fits (each heap's value by
    /// `heap_value`, the period from the published values), and the pairs
    /// (K = 2) with nim-sum 0 are Σ_v h(v)².
    #[test]
    fn huge_bounds_agree_with_the_reduced_brute_force(
        which in 0usize..2,
        max in any::<u64>(),
    ) {
        let (word, n0, p) = [("kayles", 71u64, 12u64), ("dawson", 53, 34)][which];
        let r = ruleset(word);
        let mut hist = std::collections::BTreeMap::<u64, u128>::new();
        let reduced = |n: u64| if n < n0 { n } else { n0 + (n - n0) % p };
        if max < n0 + p {
            for n in 0..=max {
                *hist.entry(r.heap_value(n, &Limits::default()).unwrap()).or_default() += 1;
            }
        } else {
            for n in 0..n0 + p {
                let g = r.heap_value(n, &Limits::default()).unwrap();
                // Heaps m <= max with the same place in the period as n.
                let times = if n < n0 {
                    1
                } else {
                    (u128::from(max) - u128::from(n)) / u128::from(p) + 1
                };
                *hist.entry(g).or_default() += times;
            }
        }
        prop_assert_eq!(r.heap_value(max, &Limits::default()).unwrap(),
            r.heap_value(reduced(max), &Limits::default()).unwrap());
        let zeros = hist.get(&0).copied().unwrap_or(0);
        prop_assert_eq!(counted(word, &spec(1, max, false)), BigUint::from(zeros));
        let pairs: BigUint = hist.values().map(|&c| BigUint::from(c) * c).sum();
        prop_assert_eq!(counted(word, &spec(2, max, false)), pairs.clone());
        // Unordered pairs: {x, y} with G(x) = G(y): (Σ h² + Σ h)/2.
        let all: u128 = hist.values().sum();
        prop_assert_eq!(counted(word, &spec(2, max, true)), (pairs + all) / 2u8);
    }
}

/// Nim with every heap in 0..=2^b - 1: pairs and triples with nim-sum 0
/// are counted by hand (the last heap is the nim-sum of the others;
/// multisets of three by Burnside's lemma: (2^{2b} + 3·2^b + 2)/6).
#[test]
fn nim_up_to_the_top_of_u64() {
    for b in [1u32, 5, 20, 63, 64] {
        let max = if b == 64 { u64::MAX } else { (1u64 << b) - 1 };
        let n = BigUint::from(1u8) << b;
        assert_eq!(counted("nim", &spec(2, max, false)), n);
        assert_eq!(counted("nim", &spec(2, max, true)), n);
        assert_eq!(counted("nim", &spec(3, max, false)), &n * &n);
        assert_eq!(
            counted("nim", &spec(3, max, true)),
            (&n * &n + 3u8 * &n + 2u8) / 6u8
        );
    }
    // 3 heaps up to 10^18, and 64 heaps up to 2^64 - 1, exactly.
    let r = counted("nim", &spec(3, 1_000_000_000_000_000_000, false));
    assert!(r > BigUint::from(10u8).pow(35));
    let r = counted("nim", &spec(64, u64::MAX, false));
    assert_eq!(r, BigUint::from(1u8) << (64 * 63));
    let u = counted("nim", &spec(64, u64::MAX, true));
    assert!(u > BigUint::ZERO && u < r);
}

/// A K = 10^18 count modulo a prime: for Nim with heaps up to 2^b - 1 it
/// is 2^{b(K-1)}, checked by modular exponentiation.
#[test]
fn huge_k_modulo_a_prime() {
    let q = 1_000_000_007u64;
    let k = 1_000_000_000_000_000_000u64;
    let s = CountSpec {
        modulo: Some(q),
        ..spec(k, 1023, false)
    };
    let want = BigUint::from(2u8).modpow(&(BigUint::from(10u8) * (k - 1)), &q.into());
    assert_eq!(counted("nim", &s), want);
    // Periodic games too, with multisets of 10^18 heaps.
    for word in ["kayles", "dawson", "sub:1,3,4"] {
        let s = CountSpec {
            modulo: Some(q),
            ..spec(k, 1_000_000, false)
        };
        assert!(counted(word, &s) < q.into());
        let u = CountSpec {
            unordered: true,
            ..spec(k, 30, false)
        };
        let exact = counted(word, &u);
        let m = CountSpec {
            modulo: Some(q),
            ..u
        };
        assert_eq!(counted(word, &m), exact % q);
    }
}

#[test]
fn kayles_with_a_period_counts_huge_heaps() {
    let r = count(
        &ruleset("kayles"),
        &spec(3, u64::MAX, true),
        &CountLimits::default(),
    )
    .unwrap();
    assert_eq!(
        r.basis,
        CountBasis::Period {
            preperiod: 71,
            period: 12
        }
    );
    let small = count(
        &ruleset("kayles"),
        &spec(3, 20, false),
        &CountLimits::default(),
    )
    .unwrap();
    assert_eq!(small.basis, CountBasis::Table);
}

#[test]
fn rulesets_that_are_not_heap_games_are_refused() {
    for word in ["moore:2", "staircase", "wythoff"] {
        let e = count(&ruleset(word), &spec(3, 5, false), &CountLimits::default()).unwrap_err();
        assert!(
            matches!(&e, Error::Unsupported(m) if m.contains(word) && m.contains("heap ruleset")),
            "{e}"
        );
    }
    let misere = CountSpec {
        play: Play::Misere,
        ..spec(3, 5, false)
    };
    let e = count(&ruleset("nim"), &misere, &CountLimits::default()).unwrap_err();
    assert!(
        matches!(&e, Error::Unsupported(m) if m.contains("misère")),
        "{e}"
    );
    let zero = CountSpec {
        modulo: Some(0),
        ..spec(3, 5, false)
    };
    assert!(count(&ruleset("nim"), &zero, &CountLimits::default()).is_err());
}

#[test]
fn limits_are_found_before_the_work() {
    // An exact count of 10^18 heaps has about 10^18 bits.
    let e = count(
        &ruleset("nim"),
        &spec(1_000_000_000_000_000_000, 7, false),
        &CountLimits::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            Error::CountLimit {
                kind: CountLimitKind::Bits,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.is_limit());
    // Multisets of many huge heaps: too many steps.
    let tight = CountLimits {
        max_work: 1000,
        ..CountLimits::default()
    };
    let e = count(&ruleset("nim"), &spec(200, u64::MAX, true), &tight).unwrap_err();
    assert!(
        matches!(
            e,
            Error::CountLimit {
                kind: CountLimitKind::Work,
                ..
            }
        ),
        "{e}"
    );
    // A transform too large for the work limit (Nim as an octal code: values
    // up to 2,000, 2^11 characters), refused before it is allocated.
    let e = count(&ruleset("octal:0.3..."), &spec(2, 2000, false), &tight).unwrap_err();
    assert!(
        matches!(e, Error::CountLimit { kind: CountLimitKind::Work, needed, .. } if needed == 11 << 11),
        "{e}"
    );
    // A table past its limit, for a game with no periodicity theorem.
    let small = CountLimits {
        table: Limits {
            max_table: 100,
            ..Limits::default()
        },
        ..CountLimits::default()
    };
    let e = count(&ruleset("grundy"), &spec(2, 1000, false), &small).unwrap_err();
    assert!(matches!(e, Error::TableLimit { .. }), "{e}");
}

/// G(0..=max) of the subtraction game `set`, by the definition (mex).
fn subtraction_by_definition(set: &[u64], max: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=max {
        let options: Vec<u64> = set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| g[(n - s) as usize])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

/// `sub:1,2,K` is counted from the period its closed form gives (3, or
/// K + 1 when 3 divides K), without a table to M, and agrees with a count
/// of tuples valued by the definition.
#[test]
fn one_two_k_is_counted_from_its_closed_period() {
    for k in [4u64, 5, 6, 7, 9, 12, 13] {
        let word = format!("sub:1,2,{k}");
        for (heaps, max) in [(2u64, 40u64), (3, 25)] {
            let g = subtraction_by_definition(&[1, 2, k], max);
            let mut p = 0u64;
            let mut tuple = vec![0u64; heaps as usize];
            'all: loop {
                if tuple.iter().fold(0, |x, &h| x ^ g[h as usize]) == 0 {
                    p += 1;
                }
                for i in (0..tuple.len()).rev() {
                    if tuple[i] < max {
                        tuple[i] += 1;
                        continue 'all;
                    }
                    tuple[i] = 0;
                }
                break;
            }
            let report = count(
                &ruleset(&word),
                &spec(heaps, max, false),
                &CountLimits::default(),
            )
            .unwrap();
            assert_eq!(report.count, BigUint::from(p), "{word} {heaps} {max}");
            let period = if k % 3 == 0 { k + 1 } else { 3 };
            if max >= period {
                assert_eq!(
                    report.basis,
                    CountBasis::Period {
                        preperiod: 0,
                        period
                    },
                    "{word}"
                );
            }
        }
    }
    // A huge amount: the period 3, no table to 10^12.
    let report = count(
        &ruleset("sub:1,2,1000000000000"),
        &spec(2, 1_000_000_000_000, false),
        &CountLimits::default(),
    )
    .unwrap();
    // Values 0, 1, 2 repeat: heaps 0..=10^12 hold 333333333334 zeros and
    // ones and 333333333333 twos; ordered pairs of equal values.
    let (a, b) = (333_333_333_334u128, 333_333_333_333u128);
    assert_eq!(report.count, BigUint::from(2 * a * a + b * b));
}

/// Rulesets valued heap by heap by their own theorem (no nim-sequence
/// table) are counted from every heap's value.
#[test]
fn theorem_rulesets_are_counted_heap_by_heap() {
    for word in ["divisor", "fraction:3", "divide:2,3"] {
        let (p, _) = brute_force(word, 2, 60, false);
        assert_eq!(
            counted(word, &spec(2, 60, false)),
            BigUint::from(p),
            "{word}"
        );
    }
}
