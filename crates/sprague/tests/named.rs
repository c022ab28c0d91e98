//! Named subtraction sets (`sub:squares`, `sub:primes`, `sub:pow2`,
//! `sub:fib`): the published subtract-a-square values (OEIS A014586) and
//! P-positions (OEIS A030193), the values of every set against a plain
//! recursive mex written from the definitions, winning moves against the
//! generic solver, and the limits of the infinite sets.

use proptest::prelude::*;
use sprague::ruleset::named::NamedSet;
use sprague::{verify, Analyzer, Basis, Error, Limits, Outcome, Play, Position, Ruleset};

/// Membership by the definitions, apart from the library's tests: a square
/// by trying roots, a prime by trial division, a power of two by halving,
/// a Fibonacci number by walking the sequence.
fn in_set(set: &str, k: u64) -> bool {
    match set {
        "squares" => (1..=k).take_while(|r| r * r <= k).any(|r| r * r == k),
        "primes" => {
            k >= 2
                && (2..k)
                    .take_while(|d| d * d <= k)
                    .all(|d| !k.is_multiple_of(d))
        }
        "pow2" => {
            let mut x = k;
            while x > 1 && x.is_multiple_of(2) {
                x /= 2;
            }
            x == 1
        }
        "fib" => {
            let (mut a, mut b) = (1u64, 2u64);
            while a < k {
                (a, b) = (b, a + b);
            }
            a == k
        }
        _ => unreachable!("{set}"),
    }
}

/// G(0..=n) by the definition: the mex of G(n - s) over s in the set.
fn by_definition(set: &str, n: u64) -> Vec<u64> {
    let members: Vec<u64> = (1..=n).filter(|&s| in_set(set, s)).collect();
    let mut g: Vec<u64> = Vec::new();
    for h in 0..=n {
        let options: Vec<u64> = members
            .iter()
            .take_while(|&&s| s <= h)
            .map(|&s| g[(h - s) as usize])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

fn values(word: &str, n: u64) -> Vec<u64> {
    let r: Ruleset = word.parse().unwrap();
    (0..=n)
        .map(|h| r.heap_value(h, &Limits::default()).unwrap())
        .collect()
}

/// The published subtract-a-square values, OEIS A014586, from the shared
/// data file.
#[test]
fn squares_match_oeis_a014586() {
    let published: Vec<u64> = include_str!("data/subtract_a_square.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.trim().parse().unwrap())
        .collect();
    assert!(published.len() >= 99);
    assert_eq!(values("sub:squares", published.len() as u64 - 1), published);
}

/// The P-positions of subtract-a-square as published, OEIS A030193 (every
/// term listed there, up to 267): exactly the heaps of value 0.
#[test]
fn squares_p_positions_match_oeis_a030193() {
    let a030193 = [
        0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109, 119,
        124, 127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204, 210, 215,
        238, 243, 249, 255, 257, 260, 262, 267,
    ];
    let zeros: Vec<u64> = values("sub:squares", 267)
        .iter()
        .enumerate()
        .filter(|&(_, &g)| g == 0)
        .map(|(n, _)| n as u64)
        .collect();
    assert_eq!(zeros, a030193);
}

/// Powers of two are never multiples of 3, and 1 and 2 are both in the
/// set: G(n) = n mod 3 (a check of the engine, not a claim it makes).
#[test]
fn powers_of_two_give_n_mod_3() {
    let g = values("sub:pow2", 3000);
    assert!(g.iter().enumerate().all(|(n, &v)| v == n as u64 % 3));
}

/// Every set's values to 300 by the engine equal the plain definition.
#[test]
fn every_set_matches_the_definition() {
    for set in ["squares", "primes", "pow2", "fib"] {
        assert_eq!(
            values(&format!("sub:{set}"), 300),
            by_definition(set, 300),
            "sub:{set}"
        );
    }
}

/// The check `sequence --resume` makes of saved values (G(n) from the
/// values before it) agrees with the engine, and refuses a wrong value.
#[test]
fn resume_checks_read_the_infinite_set() {
    use sprague::sequence::value_by_definition;
    use sprague::takebreak::MoveSet;
    for set in NamedSet::ALL {
        let moves = MoveSet::named(set);
        let mut g = values(&format!("sub:{set}"), 500);
        for n in 0..=500 {
            assert_eq!(value_by_definition(&moves, &g, n), Some(g[n]), "{set} {n}");
        }
        g[400] += 1;
        assert_ne!(value_by_definition(&moves, &g, 400), Some(g[400]), "{set}");
    }
}

/// Outcome, value and the complete list of winning moves of every sum of
/// up to three heaps of at most 9 (normal play), against the generic
/// solver.
#[test]
fn winning_moves_agree_with_search() {
    for set in NamedSet::ALL {
        let ruleset: Ruleset = format!("sub:{set}").parse().unwrap();
        let report = verify(&ruleset, Play::Normal, 3, 9, Limits::default()).unwrap();
        assert_eq!(report.checked, 1 + 10 + 100 + 1000);
        assert_eq!(report.disagreements, 0, "{set}: {:?}", report.examples);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A heap anywhere in a table of 2,000: the engine's value is the
    /// definition's, and every winning move of a two-heap sum leads to a
    /// P-position of the definition's values.
    #[test]
    fn values_and_winning_moves_follow_the_definition(
        set in prop::sample::select(vec!["squares", "primes", "pow2", "fib"]),
        a in 0u64..2000,
        b in 0u64..2000,
    ) {
        let g = by_definition(set, a.max(b));
        let text = format!("sub:{set} {a} {b}");
        let position: Position = text.parse().unwrap();
        let analysis = Analyzer::default().analyze(&position, Play::Normal, None).unwrap();
        prop_assert_eq!(analysis.value, Some(g[a as usize] ^ g[b as usize]));
        prop_assert_eq!(analysis.outcome == Outcome::P, g[a as usize] == g[b as usize]);
        // All of them: one per amount s with G(h - s) equal to the other heap's value.
        let members: Vec<u64> = (1..=a.max(b)).filter(|&s| in_set(set, s)).collect();
        let count = |h: u64, other: u64| {
            members.iter().filter(|&&s| s <= h && g[(h - s) as usize] == g[other as usize]).count()
        };
        let expected = count(a, b) + count(b, a);
        prop_assert_eq!(analysis.winning_moves.len(), expected);
        for m in &analysis.winning_moves {
            let after = position.play(m).unwrap();
            let heaps = after.components()[0].heaps();
            prop_assert_eq!(g[heaps[0] as usize], g[heaps[1] as usize], "{:?} -> {}", m, after);
        }
    }

    /// A move picked without listing the options (the computer's move in a
    /// huge heap) is legal: its amount is in the set.
    #[test]
    fn random_moves_of_huge_heaps_are_legal(
        set in prop::sample::select(NamedSet::ALL.to_vec()),
        heap in 1u64..,
        seed: u64,
    ) {
        let ruleset: Ruleset = format!("sub:{set}").parse().unwrap();
        let limits = Limits { max_states: 1000, ..Limits::default() };
        let mut state = seed;
        let mut pick = |n: u64| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            state % n
        };
        let m = ruleset.heap_rules().unwrap().random_move(heap, &limits, &mut pick).unwrap();
        match m {
            None => prop_assert!(heap < set.least()),
            Some(m) => {
                prop_assert!(set.contains(m.removed) && m.removed <= heap, "{:?}", m);
                prop_assert!(ruleset.heap_rules().unwrap().is_legal(heap, &m));
            }
        }
    }
}

/// No period is claimed: a heap past the table is a table-limit error,
/// whose limit is the set's share of --max-table, found before any work.
#[test]
fn heaps_past_the_table_are_refused_not_guessed() {
    let limits = Limits::default();
    for (word, limit) in [
        ("sub:squares", 10_000_000),
        ("sub:primes", 1_000_000),
        ("sub:pow2", 10_000_000),
        ("sub:fib", 10_000_000),
    ] {
        let r: Ruleset = word.parse().unwrap();
        assert_eq!(r.closed_period(), None);
        assert!(!r.move_set().unwrap().periodicity_theorem_applies());
        match r.heap_value(u64::MAX, &limits) {
            Err(Error::TableLimit {
                limit: got, heap, ..
            }) => {
                assert_eq!((got, heap), (limit, u64::MAX), "{word}");
            }
            other => panic!("{word}: {other:?}"),
        }
    }
    let position: Position = "sub:squares 30".parse().unwrap();
    let analysis = Analyzer::default()
        .analyze(&position, Play::Normal, None)
        .unwrap();
    assert_eq!(analysis.basis, Basis::Table);
}

/// The words: each set by its name, rulesets equal by their set, and a
/// misspelt or mixed set refused with a hint.
#[test]
fn named_sets_parse_and_misspellings_are_explained() {
    for set in NamedSet::ALL {
        let r: Ruleset = format!("sub:{set}").parse().unwrap();
        assert_eq!(r.word(), format!("sub:{set}"));
        assert_eq!(NamedSet::from_name(set.name()), Some(set));
    }
    assert_ne!(
        "sub:squares".parse::<Ruleset>().unwrap(),
        "sub:1,4,9".parse::<Ruleset>().unwrap()
    );
    let err = |w: &str| w.parse::<Ruleset>().unwrap_err().to_string();
    assert!(
        err("sub:squars").contains("did you mean sub:squares?"),
        "{}",
        err("sub:squars")
    );
    assert!(err("sub:Primes").contains("did you mean sub:primes?"));
    assert!(err("sub:squares,5").contains("stands alone"));
    assert!(err("sub:cubes").contains("sub:squares, sub:primes, sub:pow2 and sub:fib"));
}

/// The heavier check: values to 20,000 of the squares and 5,000 of the
/// primes against the definition (a few seconds in a debug build).
#[test]
#[ignore = "heavy: long tables against the definition"]
fn long_tables_match_the_definition() {
    assert_eq!(
        values("sub:squares", 20_000),
        by_definition("squares", 20_000)
    );
    assert_eq!(values("sub:primes", 5_000), by_definition("primes", 5_000));
}
