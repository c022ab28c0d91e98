//! The rule language (`rule:OPTIONS`) against the built-in rulesets it can
//! also express, value for value (a subtraction set, Dawson's Kayles
//! 0.07, Dawson's chess 0.137, Kayles, Grundy's game, Nim, dividing and
//! the fraction game), against the generic search on all small positions
//! (every winning move too), and its period proofs against the values far
//! past the window that proves them (brute force).

use proptest::prelude::*;
use sprague::ruleset::rule::{search_period, PeriodClaim, RuleGame};
use sprague::ruleset::HeapRules;
use sprague::{verify, Analyzer, Limits, Outcome, Play, Position, Ruleset};

fn ruleset(word: &str) -> Ruleset {
    word.parse().unwrap_or_else(|e| panic!("{word}: {e}"))
}

fn values(word: &str, to: u64) -> Vec<u64> {
    let r = ruleset(word);
    (0..=to)
        .map(|n| r.heap_value(n, &Limits::default()).unwrap())
        .collect()
}

/// The rule and the built-in game it spells out, with how far to compare.
const SAME: &[(&str, &str, u64)] = &[
    ("rule:n-1,n-3,n-4", "sub:1,3,4", 2000),
    // A range whose lower end is below 0 at small heaps takes the heaps
    // from 0 (issue 57: `n-4..n-2` at heap 2 had no move).
    ("rule:n-4..n-2", "sub:2-4", 400),
    ("rule:n-3..n-1", "sub:1-3", 400),
    ("rule:n-10..n-7,n-1", "sub:1,7-10", 400),
    ("rule:n-2,split(n-2)", "dawson", 600),
    ("rule:0:n==1,n-2,n-3,split(n-3)", "octal:0.137", 600),
    ("rule:n-1,n-2,split(n-1),split(n-2)", "kayles", 600),
    ("rule:split3(n-1)", "hex:0.8", 120),
    ("rule:0..n-1", "nim", 300),
    ("rule:n/2,n/3", "divide:2,3", 2000),
    ("rule:n-n/3..n-1", "fraction:3", 2000),
    ("rule:equal(n,2)", "rule:n/2&n/2:even", 2000),
    // Tester findings: an equal split of 0 takes the heap (heaps of 0
    // vanish), and conditions past 2^64 - 1 are compared exactly.
    ("rule:n-2,equal(n-1,1)", "rule:n-2,n-1", 500),
    (
        "rule:n-2,equal(n-1,3)",
        "rule:n-2,(n-1)/3&(n-1)/3&(n-1)/3:n%3==1",
        2000,
    ),
    (
        "rule:n-2,equal(n,2):n*10000000000000000>5",
        "rule:n-2,equal(n,2):n>=1",
        3000,
    ),
    ("rule:n-1,n*n*n/(n*n)-2", "rule:n-1,n-2", 3000),
    ("rule:n-1,equal(n,3)", "rule:n-1,n/3&n/3&n/3:n%3==0", 2000),
];

/// `rule:unequal(n)` is read as `grundy` itself; the rule language's own
/// table of it (its `RuleGame`) agrees with Grundy's game value for value.
#[test]
fn unequal_n_is_grundys_game() {
    let r = ruleset("rule:unequal(n)");
    assert_eq!(r, ruleset("grundy"));
    assert!(r.own_sequence().is_none());
    let game = RuleGame::new("rule:unequal(n)", "unequal(n)").unwrap();
    assert!(!game.own_sequence().unwrap().theorem_applies());
    let own: Vec<u64> = (0..=600)
        .map(|n| game.heap_value(n, &Limits::default()).unwrap().0)
        .collect();
    assert_eq!(own, values("grundy", 600));
}

#[test]
fn rules_equal_the_built_in_games_value_for_value() {
    for &(rule, built_in, to) in SAME {
        assert_eq!(
            values(rule, to),
            values(built_in, to),
            "{rule} vs {built_in}"
        );
    }
}

#[test]
fn rules_prove_the_built_in_periods() {
    // Dawson's Kayles: period 34 from heap 53 (Winning Ways, ch. 4);
    // Kayles: 12 from 71; sub:1,3,4: 7 from 0; 0.137: 34 from 52.
    for (rule, want) in [
        ("rule:n-1,n-3,n-4", (0, 7)),
        ("rule:n-2,split(n-2)", (53, 34)),
        ("rule:n-1,n-2,split(n-1),split(n-2)", (71, 12)),
        ("rule:0:n==1,n-2,n-3,split(n-3)", (52, 34)),
    ] {
        let r = ruleset(rule);
        let found = search_period(r.own_sequence().unwrap(), 1 << 14, &Limits::default()).unwrap();
        let PeriodClaim::Proven(p) = found.claim else {
            panic!("{rule}: {:?}", found.claim)
        };
        assert_eq!((p.period.preperiod, p.period.period), want, "{rule}");
    }
}

#[test]
fn huge_heaps_of_dividing_rules_by_search() {
    let r = ruleset("rule:n/2,n/3");
    let d = ruleset("divide:2,3");
    for n in [10u64.pow(18), u64::MAX, 123_456_789_012_345] {
        let l = Limits::default();
        assert_eq!(r.heap_value(n, &l).unwrap(), d.heap_value(n, &l).unwrap());
    }
}

fn agrees(word: &str, heaps: usize, max: u64) {
    let report = verify(&ruleset(word), Play::Normal, heaps, max, Limits::default()).unwrap();
    assert_eq!(report.disagreements, 0, "{word}: {:?}", report.examples);
}

#[test]
fn rules_agree_with_search_on_small_positions() {
    for rule in [
        "rule:n-1,n-2,n-4,n/2&n/2:even",
        "rule:n-1:odd,n-2:n>=5,(n-1)/2&(n-1)/2:n%3==1",
        "rule:1&n-3,n/3&n/3&n/3:n%3==0",
        "rule:n-2,split(n-2)",
        "rule:unequal(n)",
        "rule:n-1,equal(n,4),equal(n-1,5)",
    ] {
        // (The search splits heaps into sums of many: small sizes keep it
        // quick in a debug build.)
        agrees(rule, 2, 12);
    }
}

/// G(n) of "split a heap into K equal heaps, K in `ks` (K dividing n), or
/// take `take` tokens", by its definition: every heap left written out and
/// nim-summed one by one.
fn equal_split_by_definition(ks: &[u64], take: u64, to: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let mut seen = std::collections::BTreeSet::new();
        for &k in ks {
            if n % k == 0 && n / k >= 1 && k >= 2 {
                let left = vec![n / k; k as usize];
                seen.insert(left.iter().fold(0, |x, &h| x ^ g[h as usize]));
            }
        }
        if take >= 1 && n >= take {
            seen.insert(g[(n - take) as usize]);
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

#[test]
fn equal_splits_agree_with_their_definition() {
    for (ks, take) in [
        (&[2u64, 3, 5][..], 0),
        (&[4, 6][..], 1),
        (&[3, 7, 9][..], 2),
        (&[5][..], 1),
    ] {
        let mut options: Vec<String> = ks.iter().map(|k| format!("equal(n,{k})")).collect();
        if take > 0 {
            options.push(format!("n-{take}"));
        }
        let word = format!("rule:{}", options.join(","));
        assert_eq!(
            values(&word, 3000),
            equal_split_by_definition(ks, take, 3000),
            "{word}"
        );
    }
}

#[test]
fn equal_splits_of_huge_heaps() {
    // Stone division (HackerRank): split a heap into K equal heaps, K in a
    // set, answered at 10^18 by the search over the divisors it reaches,
    // agreeing with the definition where both reach.
    let word = "rule:equal(n,2),equal(n,3),equal(n,5)";
    let r = ruleset(word);
    let l = Limits::default();
    let small = equal_split_by_definition(&[2, 3, 5], 0, 5000);
    for n in [4096u64, 3000, 4500, 4999] {
        assert_eq!(r.heap_value(n, &l).unwrap(), small[n as usize], "{n}");
    }
    for n in [
        10u64.pow(18),
        2u64.pow(60),
        3u64.pow(39),
        999_999_999_999_999_989,
    ] {
        let got = r.heap_value(n, &l).unwrap();
        // By the definition, memoised over the heaps n reaches.
        fn g(n: u64, memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
            if let Some(&v) = memo.get(&n) {
                return v;
            }
            let mut seen = Vec::new();
            for k in [2u64, 3, 5] {
                if n.is_multiple_of(k) {
                    seen.push(if k % 2 == 0 { 0 } else { g(n / k, memo) });
                }
            }
            let v = (0..).find(|v| !seen.contains(v)).unwrap();
            memo.insert(n, v);
            v
        }
        assert_eq!(got, g(n, &mut Default::default()), "{n}");
    }
    winning_moves_lead_to_p("rule:equal(n,2),equal(n,3),equal(n,5) 1000000000000000000 6");
    winning_moves_lead_to_p("rule:n-1,equal(n,4) 4000000000000 7");
    // A move leaving more heaps than a position may hold is refused by name.
    let position: Position = "rule:equal(n,100000) 200000".parse().unwrap();
    let e = Analyzer::default()
        .analyze(&position, Play::Normal, None)
        .unwrap_err();
    assert!(e.to_string().contains("100000 heaps of 2"), "{e}");
}

#[test]
fn huge_conditions_are_exact() {
    // n*n > 5 at 3^21 (n*n past 2^64 - 1): the split is a move.
    let r = ruleset("rule:equal(n,3):n*n>5");
    let same = ruleset("rule:equal(n,3):n>=3");
    let l = Limits::default();
    for n in [3u64.pow(21), 3u64.pow(40), 10460353203 * 3] {
        assert_eq!(
            r.heap_value(n, &l).unwrap(),
            same.heap_value(n, &l).unwrap(),
            "{n}"
        );
    }
}

#[test]
fn equal_splits_every_winning_move() {
    for a in 0..=24u64 {
        for b in [0u64, 3, 8] {
            winning_moves_lead_to_p(&format!("rule:n-1,equal(n,4),equal(n,5) {a} {b}"));
            winning_moves_lead_to_p(&format!("rule:equal(n,4),equal(n-2,6) {a} {b}"));
        }
    }
}

/// Analyses a lone component and checks each winning move leads to a
/// P-position by the same analyzer.
fn winning_moves_lead_to_p(text: &str) {
    let position: Position = text.parse().unwrap();
    let analyzer = Analyzer::default();
    let a = analyzer.analyze(&position, Play::Normal, None).unwrap();
    for m in &a.winning_moves {
        let after = position.play(m).unwrap();
        let b = analyzer.analyze(&after, Play::Normal, None).unwrap();
        assert_eq!(b.outcome, Outcome::P, "{text}: {m:?} leads to {after}");
    }
    if a.outcome == Outcome::N {
        assert!(!a.winning_moves.is_empty(), "{text}");
    }
}

#[test]
fn the_contest_game_by_brute_force() {
    // "Take 1, 2 or 4, or split a heap into two equal halves", by its
    // definition in plain code.
    let to = 5000usize;
    let mut g = vec![0u64; to + 1];
    for n in 1..=to {
        let mut seen = [false; 8];
        for k in [1, 2, 4] {
            if k <= n {
                seen[g[n - k] as usize] = true;
            }
        }
        if n % 2 == 0 {
            seen[0] = true; // G(n/2) xor G(n/2)
        }
        g[n] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    assert_eq!(values("rule:n-1,n-2,n-4,n/2&n/2:even", to as u64), g);
    for n in 1..to - 6 {
        assert_eq!(g[n + 6], g[n], "period 6 from heap 1 fails at {n}");
    }
    assert_ne!(g[0], g[6]);
    let word = "rule:n-1,n-2,n-4,n/2&n/2:even";
    let r = ruleset(word);
    let l = Limits::default();
    let far = 10u64.pow(18);
    assert_eq!(
        r.heap_value(far, &l).unwrap(),
        g[(1 + (far - 1) % 6) as usize]
    );
    winning_moves_lead_to_p(&format!("{word} 1000000000000000000 999999999999999998 7"));
    winning_moves_lead_to_p(&format!("{word} 18446744073709551615 12"));
}

#[test]
fn rules_without_a_theorem_say_so() {
    // (`rule:0..n-1` is Nim, the take-any code 0.3..., whose arithmetic
    // period is proven: `rule:1..n-1` cannot take a heap away whole.)
    for rule in ["rule:n-1,n/2", "rule:1..n-1", "rule:n-1&n/2"] {
        let r = ruleset(rule);
        assert!(!r.own_sequence().unwrap().theorem_applies(), "{rule}");
    }
}

#[test]
fn errors_name_the_column() {
    for (word, column) in [
        ("rule:n-1,n-", 12),
        ("rule:n-1;n-2", 9),
        ("rule:n/2&n/2:n>>2", 16),
        ("rule:n-1,spilt(n)", 10),
        ("rule:n-1,(n-1", 14),
        ("rule:n-1,n", 10),
    ] {
        let e = Ruleset::parse(word).unwrap_err().to_string();
        assert!(e.contains(&format!("column {column}")), "{word}: {e}");
    }
    assert!(Ruleset::parse("rule:").is_err());
    // Deep nesting and long chains are refused by name, not by the stack.
    let deep = format!("rule:n-1,{}n{}", "(".repeat(20_000), ")".repeat(20_000));
    let e = Ruleset::parse(&deep).unwrap_err().to_string();
    assert!(e.contains("nested more than 64"), "{e}");
    let long = format!("rule:n{}", "-0".repeat(5_000));
    let e = Ruleset::parse(&long).unwrap_err().to_string();
    assert!(e.contains("at most 1000 operations"), "{e}");
    let e = Ruleset::parse("rule:equal(n,0)").unwrap_err().to_string();
    assert!(e.contains("column 14") && e.contains("at least 1"), "{e}");
    let e = Ruleset::parse("rule:n-1,equal(n,2)+nim")
        .unwrap_err()
        .to_string();
    assert!(e.contains("needs spaces around it"), "{e}");
    // In a position too: a `+` inside a rule is not taken for the sum's.
    for text in ["rule:n+1 3", "rule:n-1,n+1 3 + nim 2"] {
        let e = text.parse::<Position>().unwrap_err().to_string();
        assert!(e.contains("+") && e.contains("column"), "{text}: {e}");
        assert!(!e.contains("no move at any heap"), "{text}: {e}");
    }
}

#[test]
fn limits_stop_every_table() {
    let r = ruleset("rule:split(n-1)");
    let small = Limits {
        max_table_work: 1000,
        ..Limits::default()
    };
    let e = r.heap_value(500, &small).unwrap_err();
    assert!(matches!(e, sprague::Error::RuleWorkLimit { .. }), "{e}");
    let r = ruleset("rule:1..n-1");
    let few = Limits {
        max_states: 100,
        ..Limits::default()
    };
    let e = r.heap_value(10u64.pow(12), &few).unwrap_err();
    assert!(e.is_limit(), "{e}");
    // A split of more tokens than the heap would leave a heap as large as
    // it (issue 57: heaps that each shrink, `n-1&n-1`, may add up to more).
    let r = ruleset("rule:split(n*2)");
    let e = r.heap_value(10, &Limits::default()).unwrap_err();
    assert!(e.to_string().contains("more than"), "{e}");
    assert_eq!(
        ruleset("rule:n-1&n-1")
            .heap_value(10, &Limits::default())
            .unwrap(),
        1
    );
}

/// A random rule of local options under periodic and threshold conditions.
fn local_rule() -> impl Strategy<Value = String> {
    let cond = prop_oneof![
        Just(String::new()),
        Just(":even".to_string()),
        Just(":odd".to_string()),
        (2u64..5, 0u64..4).prop_map(|(m, r)| format!(":n%{m}=={}", r % m)),
        (1u64..12).prop_map(|k| format!(":n>={k}")),
    ];
    let body = prop_oneof![
        (1u64..7).prop_map(|c| format!("n-{c}")),
        (1u64..5).prop_map(|c| format!("split(n-{c})")),
        (1u64..4, 1u64..6).prop_map(|(k, c)| format!("{k}&n-{}", c + k)),
        (0u64..3).prop_map(|c| format!("(n-{c})/2&(n-{c})/2")),
        (2u64..4, 1u64..6).prop_map(|(a, b)| format!("n-{}..n-{a}", a + b)),
        (0u64..3, 1u64..4).prop_map(|(c, k)| format!("equal(n-{c},{})", 2 * k)),
    ];
    proptest::collection::vec((body, cond).prop_map(|(b, c)| b + &c), 1..5)
        .prop_map(|options| format!("rule:{}", options.join(",")))
        // (An equal split under a condition of the other parity is no move
        // anywhere, which the word refuses.)
        .prop_filter("a rule whose every option is a move somewhere", |w| {
            w.parse::<Ruleset>().is_ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A proven period holds over every value computed far past the
    /// window that proved it.
    #[test]
    fn proven_periods_hold_far_beyond_their_window(word in local_rule()) {
        let r = ruleset(&word);
        let own = r.own_sequence().unwrap();
        prop_assert!(own.theorem_applies(), "{}", word);
        let found = search_period(own, 1023, &Limits::default()).unwrap();
        if let PeriodClaim::Proven(p) = found.claim {
            let (n0, per) = (p.period.preperiod, p.period.period);
            let far = 3_000u64.max(4 * (n0 + per));
            let v = own.values(0, far, &Limits::default()).unwrap();
            for n in n0..=far - per {
                prop_assert_eq!(v[(n + per) as usize], v[n as usize], "{} at {}", word, n);
            }
            if n0 > 0 {
                prop_assert_ne!(v[(n0 - 1 + per) as usize], v[(n0 - 1) as usize]);
            }
            // Huge heaps answer from the period.
            let big = u64::MAX - 12_345;
            let want = v[(n0 + (big - n0) % per) as usize];
            prop_assert_eq!(r.heap_value(big, &Limits::default()).unwrap(), want);
        }
    }
}

/// Issue 59: "Tower Breakers, Again!" written as one `equal(n,K)` per K.
/// With K = 2..=20,001 (20,000 options, grouped by the index of the rule)
/// the values agree with the definition (a tower of n split into K equal
/// parts, K dividing n, K > 1) to heap 3,000, and far heaps (a prime, a
/// power of two, 10^6, 10^12) agree with a memoised search over the
/// divisors written here.
#[test]
fn many_equal_split_options_agree_with_their_definition() {
    let ks: Vec<u64> = (2..=20_001).collect();
    let word = format!(
        "rule:{}",
        ks.iter()
            .map(|k| format!("equal(n,{k})"))
            .collect::<Vec<_>>()
            .join(",")
    );
    assert_eq!(values(&word, 3000), equal_split_by_definition(&ks, 0, 3000));
    fn by_divisors(n: u64, memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
        if let Some(&g) = memo.get(&n) {
            return g;
        }
        let mut seen = std::collections::BTreeSet::new();
        let mut d = 1;
        while d * d <= n {
            if n.is_multiple_of(d) {
                for k in [d, n / d] {
                    if (2..=20_001).contains(&k) {
                        // K equal parts: worth the part's value when K is odd.
                        seen.insert(if k % 2 == 1 {
                            by_divisors(n / k, memo)
                        } else {
                            0
                        });
                    }
                }
            }
            d += 1;
        }
        let g = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(n, g);
        g
    }
    let r = ruleset(&word);
    let mut memo = std::collections::HashMap::new();
    for n in [999_983u64, 1 << 20, 1_000_000, 3_000_000, 1_000_000_000_000] {
        assert_eq!(
            r.heap_value(n, &Limits::default()).unwrap(),
            by_divisors(n, &mut memo),
            "heap {n}"
        );
    }
}

/// Issue 59: the work of finding a heap's options counts against the table
/// work limit, and is refused before it is done: 100,000 options
/// `n-1,...,n-100000` evaluated at each of 1,001 heaps (10^8 evaluations,
/// seconds of work once counted only by the moves they give) are refused
/// at the default limit naming it, and answered when it is raised.
#[test]
fn finding_the_options_counts_as_work() {
    let word = format!(
        "rule:{}",
        (1..=100_000)
            .map(|k| format!("n-{k}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    let r = ruleset(&word);
    let e = r.heap_value(1000, &Limits::default()).unwrap_err();
    assert!(matches!(e, sprague::Error::RuleWorkLimit { .. }), "{e}");
    assert!(e.to_string().contains("units of work"), "{e}");
    // Each heap's options are every smaller heap: Nim, up to heap 30.
    let small: Vec<u64> = (0..=30)
        .map(|n| r.heap_value(n, &Limits::default()).unwrap())
        .collect();
    assert_eq!(small, (0..=30).collect::<Vec<u64>>());
}

/// The K-th root of `x` rounded down, by a plain binary search on exact
/// integers (the reference for `root(a,K)` and `rootup(a,K)`).
fn plain_root(x: &num_bigint::BigUint, k: u32) -> num_bigint::BigUint {
    use num_bigint::BigUint;
    let (mut lo, mut hi) = (BigUint::from(0u32), x.clone() + 1u32);
    // lo^k <= x < hi^k
    while hi.clone() - lo.clone() > BigUint::from(1u32) {
        let mid = (lo.clone() + hi.clone()) / 2u32;
        if mid.pow(k) <= *x {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// `root(a,K)` and `rootup(a,K)` at the edges of 64 bits, and past them
/// (`root(n*n,2)`, whose inside passes 2^64 - 1), against the plain root.
#[test]
fn roots_at_the_edges_agree_with_a_plain_root() {
    use num_bigint::BigUint;
    use sprague::ruleset::rule::eval::eval;
    use sprague::ruleset::rule::parser::Expr;
    let root = |of: Expr, k: u32, up: bool| Expr::Root {
        of: Box::new(of),
        k,
        up,
    };
    let heaps = [
        0,
        1,
        2,
        15,
        16,
        17,
        1 << 32,
        (1 << 32) - 1,
        1 << 63,
        (1 << 63) + 1,
        u64::MAX - 1,
        u64::MAX,
    ];
    for n in heaps {
        for k in [1, 2, 3, 4, 7, 63, 64] {
            let x = BigUint::from(n);
            let down = plain_root(&x, k);
            let up = if down.pow(k) == x {
                down.clone()
            } else {
                down.clone() + 1u32
            };
            let want = |v: BigUint| u64::try_from(v).ok();
            assert_eq!(
                eval(&root(Expr::N, k, false), n),
                want(down),
                "root({n},{k})"
            );
            assert_eq!(
                eval(&root(Expr::N, k, true), n),
                want(up),
                "rootup({n},{k})"
            );
            // n*n passes 2^64 - 1 for large n: computed exactly.
            let square = root(Expr::Mul(Box::new(Expr::N), Box::new(Expr::N)), 2, false);
            assert_eq!(eval(&square, n), Some(n), "root({n}*{n},2)");
        }
    }
    // Below 0 has no root: no move.
    let below = root(
        Expr::Sub(Box::new(Expr::N), Box::new(Expr::Num(5))),
        2,
        false,
    );
    assert_eq!(eval(&below, 3), None);
}

/// Codeforces 255E ("Furlo and Rublo and Game"): a heap x moves to any y
/// with x^(1/4) <= y <= x^(1/2), y < x. Its values by the rule language
/// equal a plain definition to 5,000, and the boundaries of the published
/// intervals (G = 0 to heap 3, 1 to 15, 2 to 81, 0 to 6,723, 3 to 50,625,
/// 1 to 2,562,991,875, then 2) hold.
#[test]
fn root_ranges_agree_with_their_definition() {
    let word = "rule:rootup(n,4)..min(root(n,2),n-1)";
    let to = 5_000u64;
    let mut g = vec![0u64; to as usize + 1];
    for x in 0..=to {
        let (mut lo, mut hi) = (0u64, 0u64);
        while lo.pow(4) < x {
            lo += 1;
        }
        while (hi + 1) * (hi + 1) <= x {
            hi += 1;
        }
        let hi = hi.min(x.saturating_sub(1));
        let options: Vec<u64> = if x == 0 || lo > hi {
            Vec::new()
        } else {
            (lo..=hi).map(|y| g[y as usize]).collect()
        };
        g[x as usize] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    assert_eq!(values(word, to), g);
    let r = ruleset(word);
    for (heap, want) in [
        (3, 0),
        (4, 1),
        (15, 1),
        (16, 2),
        (81, 2),
        (82, 0),
        (6_723, 0),
        (6_724, 3),
        (50_625, 3),
        (50_626, 1),
        (2_562_991_875, 1),
        (2_562_991_876, 2),
    ] {
        assert_eq!(
            r.heap_value(heap, &Limits::default()).unwrap(),
            want,
            "heap {heap}"
        );
    }
    // The roots read back as written, and a bad root names its column.
    assert_eq!(ruleset(word).to_string(), word);
    for (bad, column) in [
        ("rule:root(n,0)..n-1", 13),
        ("rule:root(n)..n-1", 12),
        ("rule:rootup(n,2..n-1", 16),
    ] {
        let e = bad.parse::<Ruleset>().unwrap_err().to_string();
        assert!(e.contains(&format!("column {column}")), "{bad}: {e}");
    }
}
