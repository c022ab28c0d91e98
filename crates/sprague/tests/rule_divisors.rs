//! The rule language's divisors (`d|E`), `min`/`max`, and moves whose
//! heaps each shrink but hold more tokens than the heap (issue 57):
//! every rule against its game's definition written out here by plain
//! loops (trial division for the divisors), against the generic search on
//! all small positions (every winning move too), and the columns of its
//! errors.

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

fn mex(seen: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = seen.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| i as u64 != v)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// G(0..=to) of the one-heap game whose heap n may become any heap of
/// `options(n)` (each smaller than n), by the definition.
fn by_definition(to: u64, options: impl Fn(u64) -> Vec<u64>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let v = mex(options(n).into_iter().map(|h| {
            assert!(h < n);
            g[h as usize]
        }));
        g.push(v);
    }
    g
}

/// The proper divisors of n (d | n, d < n), by trial division.
fn proper_divisors(n: u64) -> Vec<u64> {
    (1..n).filter(|d| n.is_multiple_of(*d)).collect()
}

/// Project Euler 509 (Divisor Nim): take from a heap a number of tokens
/// that is a proper divisor of its size.
#[test]
fn divisor_nim_by_definition() {
    let expected = by_definition(1500, |n| {
        proper_divisors(n).into_iter().map(|d| n - d).collect()
    });
    assert_eq!(values("rule:n-d:d|n:d<n", 1500), expected);
    // Its values are the 2-adic valuation of n (the count of P-positions
    // of three heaps in PE 509 rests on this).
    for n in 1..=1500u64 {
        assert_eq!(expected[n as usize], u64::from(n.trailing_zeros()), "{n}");
    }
}

/// Replace a heap by a proper divisor of it; take d tokens with d a
/// divisor of n - 1 at most 4; halve a heap or take a divisor of half of
/// it (conditions on d and on n together).
#[test]
fn divisor_rules_by_definition() {
    assert_eq!(
        values("rule:d:d|n:d<n", 1000),
        by_definition(1000, proper_divisors)
    );
    assert_eq!(
        values("rule:n-d:d|n-1:d<=4", 1000),
        by_definition(1000, |n| (1..=4)
            // d|0 names no divisor: 0 has all of them.
            .filter(|&d| n >= 2 && (n - 1).is_multiple_of(d) && d <= n)
            .map(|d| n - d)
            .collect())
    );
    assert_eq!(
        values("rule:n-d:d|n/2:even,n-1", 1000),
        by_definition(1000, |n| {
            let mut o: Vec<u64> = if n.is_multiple_of(2) && n > 0 {
                (1..=n / 2)
                    .filter(|d| (n / 2).is_multiple_of(*d))
                    .map(|d| n - d)
                    .collect()
            } else {
                Vec::new()
            };
            if n >= 1 {
                o.push(n - 1);
            }
            o
        })
    );
}

/// `min` and `max` compare their sides as integers (a side below 0 is a
/// number there), so `max(n-3,0)..n-1` is "take 1 to 3".
#[test]
fn min_and_max_by_definition() {
    assert_eq!(values("rule:max(n-3,0)..n-1", 500), values("sub:1-3", 500));
    assert_eq!(
        values("rule:n-min(n,5),n-1", 500),
        by_definition(500, |n| {
            let mut o = Vec::new();
            if n >= 1 {
                o.push(n - 1);
                o.push(n.saturating_sub(5));
            }
            o
        })
    );
    assert_eq!(
        values("rule:min(n/2,7)..max(n/3,n-4)", 800),
        by_definition(800, |n| {
            let (lo, hi) = ((n / 2).min(7), (n / 3).max(n.saturating_sub(4)));
            (lo..=hi.min(n.saturating_sub(1)))
                .filter(|&h| h < n)
                .collect()
        })
    );
}

fn agrees(word: &str, heaps: usize, max: u64) {
    let report = verify(&ruleset(word), Play::Normal, heaps, max, Limits::default()).unwrap();
    assert_eq!(report.disagreements, 0, "{word}: {:?}", report.examples);
}

/// Values, outcomes and every winning move against the generic search.
#[test]
fn divisor_rules_agree_with_search() {
    for rule in [
        "rule:n-d:d|n:d<n",
        "rule:d:d|n:d<n,n-1",
        "rule:max(n-3,0)..n-1,n/2&n/2:even",
    ] {
        agrees(rule, 2, 12);
    }
    // Splits into more tokens than the heap: the search's positions grow
    // (three heaps of 4 from 8), so smaller heaps.
    for rule in [
        "rule:n-1,equal(n/2*3,3):even",
        "rule:n-1,equal(n/2*4,4):even",
    ] {
        agrees(rule, 2, 7);
    }
}

/// Analyses `text` and checks every winning move leads to a P-position.
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
fn winning_moves_of_divisor_rules() {
    for a in 0..=40u64 {
        for b in [0u64, 5, 12] {
            winning_moves_lead_to_p(&format!("rule:n-d:d|n:d<n {a} {b}"));
            winning_moves_lead_to_p(&format!("rule:d:d|n:d<n,n-2 {a} {b}"));
            winning_moves_lead_to_p(&format!("rule:n-1,equal(n/2*3,3):even {a} {b}"));
        }
    }
}

/// A move may leave more tokens than the heap held when each heap left is
/// smaller (Codeforces 603C: 2x becomes K heaps of x); such a move is
/// played and read back.
#[test]
fn heaps_that_each_shrink_may_add_up_to_more() {
    let position: Position = "rule:n-1,equal(n/2*3,3):even 4".parse().unwrap();
    let a = Analyzer::default()
        .analyze(&position, Play::Normal, None)
        .unwrap();
    let afters: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| position.play(m).unwrap().to_string())
        .collect();
    // G: 0 1 0 1 2 (odd K: G(2x) = mex(G(2x-1), G(x))); from 4, 2 2 2 is
    // worth G(2) = 0.
    assert_eq!(afters, ["rule:n-1,equal(n/2*3,3):even 2 2 2"]);
    // Typed as in `play`: the heaps it leaves; other heaps are refused.
    let m = sprague::movetext::parse(&position, "1 -> 2 2 2").unwrap();
    assert_eq!(
        position.play(&m).unwrap().to_string(),
        "rule:n-1,equal(n/2*3,3):even 2 2 2"
    );
    for wrong in ["1 -> 3 3 3", "1 -> 2 2", "1 -> 4 4"] {
        assert!(
            sprague::movetext::parse(&position, wrong).is_err(),
            "{wrong}"
        );
    }
}

/// Errors name the column of the word.
#[test]
fn errors_name_the_column() {
    for (word, column, says) in [
        ("rule:n-d", 8, "d|E"),
        ("rule:n-d:d|n:d|n", 14, "one condition d|E"),
        ("rule:n-d:d|n-d", 14, "cannot itself name d"),
        ("rule:min(n,3", 13, "`)`"),
        ("rule:max(n;3)", 11, "`,`"),
        ("rule:n-1,mix(n,2)", 10, "min(a,b)"),
    ] {
        let e = word.parse::<Ruleset>().unwrap_err().to_string();
        assert!(e.contains(&format!("column {column}:")), "{word}: {e}");
        assert!(e.contains(says), "{word}: {e}");
    }
    // A split of more tokens than the heap holds would leave a heap as
    // large as it: refused (exit 2 in the CLI), not a hang.
    let e = ruleset("rule:split(n*2)")
        .heap_value(3, &Limits::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("never end"), "{e}");
}
