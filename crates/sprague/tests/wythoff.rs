//! Wythoff's game: Wythoff's theorem and its misère form against a search
//! by the definitions, the Grundy table against OEIS A004481, and the exact
//! integer arithmetic at the top of the u64 range.

use proptest::prelude::*;
use sprague::ruleset::wythoff::{is_p_position, lower, misere_partner, partner};
use sprague::{verify, Analyzer, Basis, Error, IllegalMoveKind, Limits, Outcome, Play, Position};

fn analyze(text: &str, play: Play) -> sprague::Analysis {
    let position: Position = text.parse().unwrap();
    Analyzer::default().analyze(&position, play, None).unwrap()
}

/// Outcome, value and the complete list of winning moves of every pair up
/// to 24, against the generic solver (normal play).
#[test]
fn normal_play_agrees_with_search() {
    let report = verify(
        &"wythoff".parse().unwrap(),
        Play::Normal,
        2,
        24,
        Limits::default(),
    )
    .unwrap();
    assert_eq!(report.checked, 25 * 25);
    assert_eq!(report.disagreements, 0, "{:?}", report.examples);
}

/// The misère form of Wythoff's theorem ({0, 1} and {2, 2} for {0, 0} and
/// {1, 2}) against the solver, winning moves included.
#[test]
fn misere_play_agrees_with_search() {
    let report = verify(
        &"wythoff".parse().unwrap(),
        Play::Misere,
        2,
        24,
        Limits::default(),
    )
    .unwrap();
    assert_eq!(report.checked, 25 * 25);
    assert_eq!(report.disagreements, 0, "{:?}", report.examples);
}

/// G(a, b) read by antidiagonals, as published (OEIS A004481).
#[test]
fn grundy_values_match_oeis_a004481() {
    let text = include_str!("data/wythoff_antidiagonals.txt");
    let published: Vec<u64> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.trim().parse().unwrap())
        .collect();
    assert!(published.len() >= 90);
    let mut i = 0;
    'diagonals: for sum in 0u64.. {
        for a in 0..=sum {
            if i == published.len() {
                break 'diagonals;
            }
            let got = analyze(&format!("wythoff {a} {}", sum - a), Play::Normal);
            assert_eq!(got.value, Some(published[i]), "G({a}, {})", sum - a);
            i += 1;
        }
    }
}

/// The lower Wythoff numbers, OEIS A000201.
#[test]
fn lower_numbers_match_oeis_a000201() {
    let a000201 = [
        1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32,
    ];
    let got: Vec<u128> = (1..=20).map(lower).collect();
    assert_eq!(got, a000201.map(|n: u32| u128::from(n)));
}

proptest! {
    /// At any size: the pair {⌊kφ⌋, ⌊kφ⌋ + k} is a P-position, its
    /// neighbours are not, and partner is an involution.
    #[test]
    fn p_positions_hold_at_any_size(k in 0u64..7_046_029_254_386_353_130) {
        let a = lower(k);
        let b = a + u128::from(k);
        prop_assume!(b <= u128::from(u64::MAX));
        let (a, b) = (a as u64, b as u64);
        prop_assert!(is_p_position(a, b, Play::Normal));
        prop_assert!(is_p_position(b, a, Play::Normal));
        prop_assert_eq!(partner(a), u128::from(b));
        prop_assert_eq!(partner(b), u128::from(a));
        if b < u64::MAX {
            prop_assert!(!is_p_position(a, b + 1, Play::Normal));
        }
        if a > 0 {
            prop_assert!(!is_p_position(a - 1, b, Play::Normal));
        }
    }

    /// Every winning move of a huge pair leads to a P-position, and a
    /// P-position has none.
    #[test]
    fn winning_moves_of_huge_pairs_lead_to_p_positions(a: u64, b: u64, misere: bool) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let text = format!("wythoff {a} {b}");
        let position: Position = text.parse().unwrap();
        let analysis = analyze(&text, play);
        let p = is_p_position(a, b, play);
        prop_assert_eq!(analysis.outcome == Outcome::P, p);
        prop_assert_eq!(analysis.winning_moves.is_empty(), p);
        for m in &analysis.winning_moves {
            let after = position.play(m).unwrap();
            let pair = after.components()[0].heaps();
            prop_assert!(is_p_position(pair[0], pair[1], play), "{} -> {}", m.display(&position), after);
        }
    }
}

#[test]
fn misere_partners_differ_only_below_three() {
    assert_eq!(misere_partner(0), 1);
    assert_eq!(misere_partner(1), 0);
    assert_eq!(misere_partner(2), 2);
    for n in 3..1000 {
        assert_eq!(misere_partner(n), partner(n));
    }
}

#[test]
fn the_top_of_the_range_is_exact() {
    // 2^64 - 1 is an upper Wythoff number's neighbour: its partner is found
    // with square roots past 2^128 (an arbitrary-precision integer).
    let text = "wythoff 18446744073709551615 18446744073709551614";
    let position: Position = text.parse().unwrap();
    let a = analyze(text, Play::Normal);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.basis.word(), "wythoff");
    for m in &a.winning_moves {
        let pair = position.play(m).unwrap().components()[0].heaps().to_vec();
        assert!(is_p_position(pair[0], pair[1], Play::Normal));
    }
}

#[test]
fn sums_use_the_grundy_table() {
    let a = analyze("wythoff 3 5 + wythoff 4 7 + nim 2", Play::Normal);
    assert_eq!(a.value, Some(2));
    assert_eq!(a.component_values, [0, 0, 2]);
    assert_eq!(a.basis, Basis::SpragueGrundy);
    let b = analyze("wythoff 4 8 + nim 1", Play::Normal);
    assert_eq!(b.component_bases, [Basis::Table, Basis::Bouton]);
    assert_eq!(b.value, Some(0));
}

#[test]
fn a_pair_past_the_table_in_a_sum_is_a_table_limit() {
    let position: Position = "wythoff 5000 3 + nim 1".parse().unwrap();
    match Analyzer::default().analyze(&position, Play::Normal, None) {
        Err(Error::ComponentTableLimit { needed, limit, .. }) => {
            assert_eq!((needed, limit), (5001 * 5001, 10_000_000))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_pair_is_two_heaps_and_both_heaps_lose_the_same() {
    for bad in ["wythoff 3", "wythoff 1 2 3", "wythoff"] {
        let e = bad.parse::<Position>().unwrap_err();
        assert!(e.to_string().contains("exactly 2 heaps"), "{bad}: {e}");
    }
    let p: Position = "wythoff 3 5".parse().unwrap();
    let m = sprague::movetext::parse(&p, "1:1 2:2").unwrap_err();
    match m {
        sprague::movetext::MoveError::Illegal(e) => {
            assert!(matches!(e.kind(), IllegalMoveKind::Forbidden { .. }), "{e}");
            assert!(e.to_string().contains("same number from each"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    let ok = sprague::movetext::parse(&p, "1:2 2:2").unwrap();
    assert_eq!(p.play(&ok).unwrap().to_string(), "wythoff 1 3");
}
