//! The classic games with theorems (Fibonacci Nim, Euclid's game, Welter's
//! game, the proper-divisor game, dividing a heap, taking at most a
//! fraction, subtraction sets of two or three amounts): each theorem and
//! every winning move it lists against the generic search on all small
//! positions, and positions near 2^64 answered with winning moves that
//! lead to P-positions.

use proptest::prelude::*;
use sprague::{verify, Analyzer, Limits, Outcome, Play, Position};

fn agrees(word: &str, heaps: usize, max: u64) -> u64 {
    let report = verify(
        &word.parse().unwrap(),
        Play::Normal,
        heaps,
        max,
        Limits::default(),
    )
    .unwrap();
    assert_eq!(report.disagreements, 0, "{word}: {:?}", report.examples);
    report.checked
}

#[test]
fn fibonacci_nim_agrees_with_search() {
    assert!(agrees("fibnim", 2, 40) >= 41 * 41);
}

#[test]
fn euclid_agrees_with_search() {
    assert_eq!(agrees("euclid", 2, 40), 41 * 41);
}

#[test]
fn welter_agrees_with_search() {
    // Positions with two coins on a square are refused, not checked.
    assert!(agrees("welter", 3, 11) > 1000);
}

#[test]
fn divisor_agrees_with_search() {
    agrees("divisor", 2, 60);
}

#[test]
fn division_agrees_with_search() {
    agrees("divide:2,3", 2, 60);
    agrees("divide:3,5,7", 2, 60);
}

#[test]
fn fraction_agrees_with_search() {
    for k in ["fraction:2", "fraction:3", "fraction:5"] {
        agrees(k, 2, 80);
    }
}

#[test]
fn small_subtraction_sets_agree_with_search() {
    for s in [
        "sub:2,5",
        "sub:1,2,6",
        "sub:1,2,7",
        "sub:2,3,11",
        "sub:1,4,9",
    ] {
        agrees(s, 2, 60);
    }
}

/// Analyses a lone component and checks each winning move leads to a
/// P-position by the same analyzer.
fn winning_moves_lead_to_p(text: &str) -> (Outcome, usize) {
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
    (a.outcome, a.winning_moves.len())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fibnim_huge(n in 1u64.., m in 1u64..) {
        winning_moves_lead_to_p(&format!("fibnim {n} {m}"));
    }

    #[test]
    fn euclid_huge(a in 1u64.., b in 1u64..) {
        winning_moves_lead_to_p(&format!("euclid {a} {b}"));
    }

    #[test]
    fn welter_huge(coins in proptest::collection::btree_set(any::<u64>(), 1..6)) {
        let list: Vec<String> = coins.iter().map(u64::to_string).collect();
        winning_moves_lead_to_p(&format!("welter {}", list.join(" ")));
    }

    #[test]
    fn divisor_huge(a in 1u64.., b in 1u64..) {
        winning_moves_lead_to_p(&format!("divisor {a} {b}"));
    }

    #[test]
    fn division_huge(a in any::<u64>(), b in any::<u64>()) {
        winning_moves_lead_to_p(&format!("divide:2,3,5 {a} {b}"));
    }

    #[test]
    fn fraction_huge(k in 2u64..200, a in any::<u64>(), b in any::<u64>()) {
        winning_moves_lead_to_p(&format!("fraction:{k} {a} {b}"));
    }

    #[test]
    fn one_two_k_huge(k in 3u64.., a in any::<u64>(), b in any::<u64>()) {
        winning_moves_lead_to_p(&format!("sub:1,2,{k} {a} {b}"));
    }
}
