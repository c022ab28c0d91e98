//! Heaps that remember the amounts taken from them (`tuple:once:one(E)`,
//! issue 57): Codeforces 768E ("never take the same number of stones from
//! a pile twice") against its definition written here (every heap and
//! memory up to 16), the published values of a fresh heap (the largest k
//! with k(k+1)/2 <= n), every winning move to a P-position, the notation
//! read and written back, and the contest's limits.

use std::collections::{BTreeSet, HashMap};

use sprague::{Analyzer, Outcome, Play, Position};

const RULE: &str = "tuple:once:one(x-k)";

/// G(heap, amounts taken) of 768E by its definition.
fn brute(n: u64, taken: BTreeSet<u64>, memo: &mut HashMap<(u64, BTreeSet<u64>), u64>) -> u64 {
    if let Some(&g) = memo.get(&(n, taken.clone())) {
        return g;
    }
    let mut seen = Vec::new();
    for k in 1..=n {
        if !taken.contains(&k) {
            let mut t = taken.clone();
            t.insert(k);
            seen.push(brute(n - k, t, memo));
        }
    }
    let g = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert((n, taken), g);
    g
}

fn written(n: u64, taken: &BTreeSet<u64>) -> String {
    if taken.is_empty() {
        return n.to_string();
    }
    let t: Vec<String> = taken.iter().map(u64::to_string).collect();
    format!("{n}/{}", t.join(","))
}

fn value(text: &str) -> u64 {
    let p: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    Analyzer::default().grundy_value(&p).unwrap()
}

#[test]
fn values_agree_with_the_definition() {
    let mut memo = HashMap::new();
    for n in 0..=16u64 {
        // Every memory of amounts from 1 to 5.
        for mask in 0..32u64 {
            let taken: BTreeSet<u64> = (1..=5).filter(|k| mask >> (k - 1) & 1 == 1).collect();
            let expected = brute(n, taken.clone(), &mut memo);
            let text = format!("{RULE} {}", written(n, &taken));
            assert_eq!(value(&text), expected, "{text}");
        }
    }
}

/// Codeforces 768E's editorial: a fresh heap of n is worth the largest k
/// with 1 + 2 + ... + k <= n.
#[test]
fn fresh_heaps_to_60_have_the_published_values() {
    let p: Position = format!("{RULE} 0").parse().unwrap();
    let ruleset = p.components()[0].ruleset().clone();
    for n in 0..=60u64 {
        let k = (0..=n).take_while(|k| k * (k + 1) / 2 <= n).last().unwrap();
        let c: Position = format!("{RULE} {n}").parse().unwrap();
        assert_eq!(c.components()[0].ruleset(), &ruleset);
        assert_eq!(Analyzer::default().grundy_value(&c).unwrap(), k, "{n}");
    }
}

#[test]
fn every_winning_move_leads_to_a_p_position() {
    let analyzer = Analyzer::default();
    for a in 0..=7u64 {
        for b in 0..=7u64 {
            for taken in ["", "/1", "/2,3"] {
                let text = format!("{RULE} {a}{taken} {b} + nim 1");
                let p: Position = text.parse().unwrap();
                let r = analyzer.analyze(&p, Play::Normal, None).unwrap();
                for m in &r.winning_moves {
                    let after = p.play(m).unwrap();
                    let s = analyzer.analyze(&after, Play::Normal, None).unwrap();
                    assert_eq!(s.outcome, Outcome::P, "{text} -> {after}");
                    // The position written back reads as the same one.
                    assert_eq!(after.to_string().parse::<Position>().unwrap(), after);
                }
                assert_eq!(
                    r.outcome == Outcome::N,
                    !r.winning_moves.is_empty(),
                    "{text}"
                );
            }
        }
    }
}

#[test]
fn an_amount_taken_twice_is_refused() {
    let p: Position = format!("{RULE} 7/2").parse().unwrap();
    let m = sprague::movetext::parse(&p, &format!("{RULE} 5/2,2"));
    assert!(m.is_err(), "{m:?}");
    // Taking 2 again: no move leads there.
    assert!(sprague::movetext::parse(&p, &format!("{RULE} 5/2")).is_err());
    let ok = sprague::movetext::parse(&p, &format!("{RULE} 4/2,3")).unwrap();
    assert_eq!(p.play(&ok).unwrap().to_string(), format!("{RULE} 4/2,3"));
    for bad in ["7/2,2", "7/0", "7/x"] {
        let e = format!("{RULE} {bad}")
            .parse::<Position>()
            .unwrap_err()
            .to_string();
        assert!(e.contains(bad), "{bad}: {e}");
    }
}

/// Codeforces 768E at its limits: 10^6 heaps of up to 60.
#[test]
fn codeforces_768e_at_its_limits() {
    let heaps: Vec<String> = (0..1_000_000u64)
        .map(|i| (1 + i * 7 % 60).to_string())
        .collect();
    let p: Position = format!("{RULE} {}", heaps.join(" ")).parse().unwrap();
    let g = Analyzer::default().grundy_value(&p).unwrap();
    let expected = (0..1_000_000u64)
        .map(|i| {
            let n = 1 + i * 7 % 60;
            (0..=n).take_while(|k| k * (k + 1) / 2 <= n).last().unwrap()
        })
        .fold(0, |a, b| a ^ b);
    assert_eq!(g, expected);
}
