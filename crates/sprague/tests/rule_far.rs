//! Rules with far options (a heap far below n besides heaps n - c), whose
//! values past the table come from the residue-class argument of
//! `ruleset/rule/skeleton.rs`: checked against each game's definition
//! computed here by a plain loop over every heap, far past the table the
//! proof was read from, and every winning move against the analyzer.

use sprague::ruleset::rule::skeleton::RULE_SKELETON;
use sprague::{Analyzer, Basis, Limits, Outcome, Play, Position, Ruleset};

fn ruleset(word: &str) -> Ruleset {
    word.parse().unwrap_or_else(|e| panic!("{word}: {e}"))
}

fn mex(seen: &[u64]) -> u64 {
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// G(0..=to) where heap n's options are worth `options(n, g)` (g the
/// values below n).
fn by_definition(to: usize, options: impl Fn(usize, &[u64]) -> Vec<u64>) -> Vec<u64> {
    let mut g = Vec::with_capacity(to + 1);
    for n in 0..=to {
        let v = mex(&options(n, &g));
        g.push(v);
    }
    g
}

/// Codeforces 603C: take one token, or turn an even heap 2x into k heaps
/// of x (worth G(x) for odd k, 0 for even k).
fn lieges(to: usize, k: u64) -> Vec<u64> {
    by_definition(to, |n, g| {
        let mut o = Vec::new();
        if n >= 1 {
            o.push(g[n - 1]);
        }
        if n >= 2 && n.is_multiple_of(2) {
            o.push(if k % 2 == 1 { g[n / 2] } else { 0 });
        }
        o
    })
}

/// The rules, their definitions, and whether the residue argument must
/// prove them (the Codeforces rules must; the others are checked either
/// way, past the table or within it).
fn cases() -> Vec<(String, Vec<u64>, bool)> {
    const TO: usize = 40_000;
    let mut out = Vec::new();
    for k in [1u64, 3, 5, 999_999_999] {
        out.push((
            format!("rule:n-1,equal(n/2*{k},{k}):even"),
            lieges(TO, k),
            true,
        ));
    }
    out.push((
        "rule:n-1,n-2,n/2".into(),
        by_definition(TO, |n, g| {
            let mut o: Vec<u64> = (1..=2).filter(|&c| c <= n).map(|c| g[n - c]).collect();
            if n >= 1 {
                o.push(g[n / 2]);
            }
            o
        }),
        false,
    ));
    out.push((
        "rule:n-1,n/3:n%3==0".into(),
        by_definition(TO, |n, g| {
            let mut o = Vec::new();
            if n >= 1 {
                o.push(g[n - 1]);
            }
            if n >= 3 && n.is_multiple_of(3) {
                o.push(g[n / 3]);
            }
            o
        }),
        false,
    ));
    out.push((
        "rule:n-2,n-3,(n-1)/2:odd".into(),
        by_definition(TO, |n, g| {
            let mut o: Vec<u64> = [2, 3]
                .iter()
                .filter(|&&c| c <= n)
                .map(|&c| g[n - c])
                .collect();
            if n % 2 == 1 {
                o.push(g[(n - 1) / 2]);
            }
            o
        }),
        false,
    ));
    out
}

#[test]
fn far_options_agree_with_their_definition_past_the_table() {
    let limits = Limits::default();
    for (word, expected, proven) in cases() {
        let r = ruleset(&word);
        // Heaps past the first table (1,024) come from the proof when
        // there is one; asked from the top, so none is in a table yet.
        let mut by_proof = 0;
        for n in (0..expected.len() as u64).rev().step_by(7) {
            let (g, basis) = r.heap_rules().unwrap().heap_value(n, &limits).unwrap();
            assert_eq!(g, expected[n as usize], "{word} at {n}");
            by_proof += usize::from(basis == RULE_SKELETON);
        }
        if proven {
            assert!(by_proof > 5000, "{word}: {by_proof} heaps by the proof");
        }
    }
}

/// The Codeforces rules at 10^9 and 10^18 against the closed form the
/// contest's editorial gives, written here: for even k, 1 at even n >= 4
/// and 0 at odd n >= 3; for odd k, 0 at odd n >= 5 and at even n >= 6,
/// 2 when G(n/2) is 1 and 1 otherwise.
#[test]
fn codeforces_603c_at_huge_heaps() {
    fn closed(n: u64, k: u64) -> u64 {
        match (n, k % 2) {
            (0..=2, 0) => n,
            (_, 0) => u64::from(n.is_multiple_of(2)),
            (0..=4, _) => [0, 1, 0, 1, 2][n as usize],
            _ if n % 2 == 1 => 0,
            _ => {
                if closed(n / 2, k) == 1 {
                    2
                } else {
                    1
                }
            }
        }
    }
    let (odd, even) = (lieges(5000, 3), lieges(5000, 4));
    for n in 0..=5000u64 {
        assert_eq!(closed(n, 3), odd[n as usize], "{n}");
        assert_eq!(closed(n, 4), even[n as usize], "{n}");
    }
    let limits = Limits::default();
    for k in [1u64, 2, 999_999_999, 1_000_000_000, u64::MAX] {
        let r = ruleset(&format!("rule:n-1,equal(n/2*{k},{k}):even"));
        for n in [
            10u64.pow(9),
            10u64.pow(9) - 1,
            3 << 40,
            10u64.pow(18),
            u64::MAX - 1,
        ] {
            let (g, basis) = r.heap_rules().unwrap().heap_value(n, &limits).unwrap();
            assert_eq!(g, closed(n, k), "k {k}, heap {n}");
            assert!(
                matches!(basis, Basis::Period) || basis == RULE_SKELETON,
                "{basis:?}"
            );
        }
    }
}

#[test]
fn winning_moves_lead_to_p_positions() {
    let analyzer = Analyzer::default();
    for text in [
        "rule:n-1,equal(n/2*3,3):even 1000000 37",
        "rule:n-1,equal(n/2*3,3):even 4096 4095 6",
        "rule:n-1,n-2,n/2 100000 3",
        "rule:n-1,equal(n/2*999,999):even 2000000 5",
    ] {
        let position: Position = text.parse().unwrap();
        let a = analyzer.analyze(&position, Play::Normal, None).unwrap();
        if a.outcome == Outcome::N {
            assert!(!a.winning_moves.is_empty(), "{text}");
        }
        for m in &a.winning_moves {
            let after = position.play(m).unwrap();
            let b = analyzer.analyze(&after, Play::Normal, Some(0)).unwrap();
            assert_eq!(b.outcome, Outcome::P, "{text} -> {after}");
        }
    }
}

/// One option of a random rule with far options, and its meaning here.
#[derive(Clone, Debug)]
enum Piece {
    /// `n-c` under a condition.
    Take(u64, Cond),
    /// `n/d` under a condition.
    Divide(u64, Cond),
    /// `equal(n/2*K,K):even`.
    Halves(u64),
}

#[derive(Clone, Copy, Debug)]
enum Cond {
    Always,
    Even,
    Odd,
    Mod3(u64),
}

impl Cond {
    fn text(self) -> String {
        match self {
            Cond::Always => String::new(),
            Cond::Even => ":even".into(),
            Cond::Odd => ":odd".into(),
            Cond::Mod3(r) => format!(":n%3=={r}"),
        }
    }

    fn holds(self, n: u64) -> bool {
        match self {
            Cond::Always => true,
            Cond::Even => n.is_multiple_of(2),
            Cond::Odd => n % 2 == 1,
            Cond::Mod3(r) => n % 3 == r,
        }
    }
}

fn piece() -> impl proptest::strategy::Strategy<Value = Piece> {
    use proptest::prelude::*;
    let cond = prop_oneof![
        Just(Cond::Always),
        Just(Cond::Even),
        Just(Cond::Odd),
        (0..3u64).prop_map(Cond::Mod3)
    ];
    prop_oneof![
        (1..5u64, cond.clone()).prop_map(|(c, k)| Piece::Take(c, k)),
        (2..4u64, cond).prop_map(|(d, k)| Piece::Divide(d, k)),
        (1..6u64).prop_map(Piece::Halves),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(16))]

    /// Random rules of near and far options: every value the library
    /// gives (by the residue-class proof past the table, or otherwise)
    /// is the definition's, to heap 20,000.
    #[test]
    fn random_far_rules_agree_with_their_definition(
        pieces in proptest::collection::vec(piece(), 1..4)
    ) {
        let texts: Vec<String> = pieces
            .iter()
            .map(|p| match p {
                Piece::Take(c, k) => format!("n-{c}{}", k.text()),
                Piece::Divide(d, k) => format!("n/{d}{}", k.text()),
                Piece::Halves(k) => format!("equal(n/2*{k},{k}):even"),
            })
            .collect();
        let word = format!("rule:{}", texts.join(","));
        let expected = by_definition(20_000, |n, g| {
            let n64 = n as u64;
            let mut o = Vec::new();
            for p in &pieces {
                match *p {
                    Piece::Take(c, k) if k.holds(n64) && n64 >= c => o.push(g[n - c as usize]),
                    Piece::Divide(d, k) if k.holds(n64) && n64 >= 1 => o.push(g[n / d as usize]),
                    Piece::Halves(k) if n >= 2 && n.is_multiple_of(2) => {
                        o.push(if k % 2 == 1 { g[n / 2] } else { 0 });
                    }
                    _ => {}
                }
            }
            o
        });
        let Ok(r) = word.parse::<Ruleset>() else {
            // A rule no option of which moves at small heaps is refused.
            return Ok(());
        };
        let limits = Limits::default();
        for n in (0..=20_000u64).rev().step_by(13) {
            let (g, _) = r.heap_rules().unwrap().heap_value(n, &limits).unwrap();
            proptest::prop_assert_eq!(g, expected[n as usize], "{} at {}", word, n);
        }
    }
}
