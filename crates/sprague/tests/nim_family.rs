//! The Nim family of the source articles: misère Nim, Moore's Nim_k,
//! staircase Nim, subtraction games, and sums of them; each closed form
//! against the generic solver.

mod common;

use proptest::prelude::*;
use sprague::{verify, Analyzer, Limits, Outcome, ParseErrorKind, Play, Position, Solver, SumGame};

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

/// Outcome and the positions after each winning move.
fn analyse(text: &str, play: Play) -> (Outcome, Vec<String>) {
    let p = pos(text);
    let a = Analyzer::default().analyze(&p, play, None).unwrap();
    let after = a
        .winning_moves
        .iter()
        .map(|m| p.play(m).unwrap().to_string())
        .collect();
    (a.outcome, after)
}

#[test]
fn closed_forms_agree_with_search_on_all_small_positions() {
    let cases: &[(&str, Play, usize, u64)] = &[
        ("nim", Play::Normal, 3, 6),
        ("nim", Play::Misere, 4, 5),
        ("moore:1", Play::Normal, 3, 5),
        ("moore:2", Play::Normal, 3, 5),
        ("moore:3", Play::Normal, 4, 3),
        ("staircase", Play::Normal, 4, 4),
        ("sub:1,3,4", Play::Normal, 3, 9),
        ("sub:2,3", Play::Normal, 3, 9),
        ("sub:1-3", Play::Normal, 3, 9),
        ("sub:2,5-7", Play::Normal, 2, 20),
    ];
    for &(ruleset, play, heaps, max) in cases {
        let report = verify(
            &ruleset.parse().unwrap(),
            play,
            heaps,
            max,
            Limits::default(),
        )
        .unwrap();
        let expected: u64 = (0..=heaps as u32).map(|h| (max + 1).pow(h)).sum();
        assert_eq!(report.checked, expected, "{ruleset}");
        assert_eq!(
            report.disagreements, 0,
            "{ruleset} {play}: {:?}",
            report.examples
        );
    }
}

#[test]
fn verify_has_nothing_to_check_for_misere_play_without_a_closed_form() {
    let r = verify(
        &"moore:2".parse().unwrap(),
        Play::Misere,
        2,
        2,
        Limits::default(),
    );
    assert!(matches!(r, Err(sprague::Error::Unsupported(_))));
}

#[test]
fn misere_nim_cases() {
    use Outcome::{N, P};
    let m = |t: &str| analyse(t, Play::Misere);
    assert_eq!(m("nim 1 1 1").0, P);
    assert_eq!(m("nim 1 1").0, N);
    assert_eq!(m("nim 2").0, N);
    assert_eq!(m("nim 2 2").0, P);
    assert_eq!(m("nim 2 3"), (N, vec!["nim 2 2".to_string()]));
    assert_eq!(m("nim 3 4 1"), (N, vec!["nim 3 2 1".to_string()]));
    assert_eq!(m("nim 4 5 1").0, P);
    assert_eq!(m("nim 1 0").0, P);
    assert_eq!(m("nim 1 1 0").0, N);
    assert_eq!(m("nim").0, N);
    assert_eq!(m("nim 0").0, N);
    // One heap above 1: leave an odd number of 1-heaps.
    assert_eq!(m("nim 5 1 1"), (N, vec!["nim 1 1 1".to_string()]));
    assert_eq!(m("nim 5 1"), (N, vec!["nim 0 1".to_string()]));
    // A sum of Nim components is one misère Nim position.
    assert_eq!(m("nim 1 + nim 1 + nim 1").0, P);
    assert_eq!(m("nim 2 + nim 3"), (N, vec!["nim 2 + nim 2".to_string()]));
    // Huge heaps answer at once.
    assert_eq!(m("nim 18446744073709551615 18446744073709551615").0, P);
}

#[test]
fn moore_cases() {
    use Outcome::{N, P};
    let n = |t: &str| analyse(t, Play::Normal);
    assert_eq!(n("moore:2 1 1 1").0, P);
    assert_eq!(n("moore:2 1 2 3").0, N);
    assert_eq!(n("moore:2 5 5 5").0, P);
    let (o, after) = n("moore:2 5 8 10");
    assert_eq!(o, N);
    // Take 3 from the 8 and 5 from the 10.
    assert!(after.contains(&"moore:2 5 5 5".to_string()), "{after:?}");
}

#[test]
fn moore_with_huge_heaps_lists_up_to_the_cap_and_counts() {
    let p = pos(
        "moore:2 18446744073709551615 9223372036854775808 6148914691236517205 3689348814741910323",
    );
    let a = Analyzer::default()
        .analyze(&p, Play::Normal, Some(50))
        .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.value, None, "too large to search");
    assert_eq!(a.winning_moves.len(), 50);
    assert!(a.truncated());
    let total = a.total_winning_moves().expect("counted by the digit walk");
    // The complete list has exactly that many moves, all to P-positions.
    let all = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert!(!all.truncated());
    assert_eq!(all.winning_moves.len() as u64, total);
    assert_eq!(total, 65536);
    assert_eq!(&all.winning_moves[..50], &a.winning_moves[..]);
    for m in &all.winning_moves {
        let after = p.play(m).unwrap();
        assert_eq!(
            after.outcome(Play::Normal).unwrap(),
            Outcome::P,
            "{}",
            m.display(&p)
        );
    }
}

#[test]
fn staircase_cases() {
    use Outcome::{N, P};
    let n = |t: &str| analyse(t, Play::Normal);
    assert_eq!(n("staircase 3 1 2").0, N);
    assert_eq!(n("staircase 0 5").0, P);
    assert_eq!(n("staircase 3 9 3").0, P);
    // Both kinds of winning move: odd step down, and even step onto an odd one.
    let (_, after) = n("staircase 1 5 0");
    assert_eq!(after, vec!["staircase 0 5 0".to_string()]);
    let (_, after) = n("staircase 2 5 3");
    // Odd steps 2 and 3: nim-sum 1. Step 3 -> 2 coins (1 down to step 2),
    // step 1 -> 3 (1 coin from step 2 onto step 1).
    assert_eq!(after, vec!["staircase 3 4 3", "staircase 2 6 2"]);
    let (o, _) = n("staircase 18446744073709551615");
    assert_eq!(o, N);
}

#[test]
fn subtraction_cases() {
    // sub:1,3,4: P exactly at heaps = 0 or 2 (mod 7).
    for h in 0..700u64 {
        let (o, _) = analyse(&format!("sub:1,3,4 {h}"), Play::Normal);
        assert_eq!(o == Outcome::P, h % 7 == 0 || h % 7 == 2, "heap {h}");
    }
    // Heaps far beyond any table answer from the proven period.
    for h in [u64::MAX, u64::MAX - 1, u64::MAX - 2, 1 << 63, (1 << 63) + 2] {
        let (o, after) = analyse(&format!("sub:1,3,4 {h}"), Play::Normal);
        assert_eq!(o == Outcome::P, h % 7 == 0 || h % 7 == 2, "heap {h}");
        for a in after {
            assert_eq!(pos(&a).outcome(Play::Normal).unwrap(), Outcome::P, "{a}");
        }
    }
    // A long range of amounts on a huge heap is scanned one period at a time.
    let (o, after) = analyse("sub:1-1000000000 18446744073709551615", Play::Normal);
    assert_eq!(o, Outcome::N);
    assert_eq!(after.len(), 1);
    assert_eq!(pos(&after[0]).outcome(Play::Normal).unwrap(), Outcome::P);
    // sub:2,3 heap 4: exactly one winning move, remove 3.
    let p = pos("sub:2,3 4");
    let moves = p.winning_moves(Play::Normal).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].display(&p).to_string(), "sub:2,3 heap 1: 4 -> 1");
}

#[test]
fn subtraction_periods_are_proven_and_least() {
    use sprague::sequence::{period::find_proven, Method, NimSequence};
    for (word, period) in [
        ("sub:1,2", 3),
        ("sub:1,3,4", 7),
        ("sub:2,3", 5),
        ("sub:1-3", 4),
    ] {
        let r: sprague::Ruleset = word.parse().unwrap();
        let moves = r.move_set().unwrap();
        let mut seq = NimSequence::new(word, moves.clone());
        seq.extend_to(100, Method::Plain).unwrap();
        let (p, _proof) = find_proven(seq.values(), moves).expect("proven within 100 values");
        assert_eq!((p.preperiod, p.period), (0, period), "{word}");
    }
}

#[test]
fn bad_ruleset_arguments_name_what_is_wrong() {
    let cases: &[(&str, &str)] = &[
        ("moore:0 1", "at least 1"),
        ("moore:x 1", "whole number"),
        ("moore 1", "moore needs K"),
        ("sub: 1", "subtraction set is empty"),
        ("sub:0 1", "may not contain 0"),
        ("sub:3-1 1", "range 3-1 is empty"),
        ("sub:1,,2 1", "not an amount"),
        ("staircase -1", "cannot be negative"),
        ("staircase:2 1", "takes no parameter"),
        (
            "staircase 18446744073709551615 1",
            "steps 1 to 2 add up to more than 18446744073709551615",
        ),
    ];
    for (text, message) in cases {
        let e = text.parse::<Position>().unwrap_err();
        assert!(e.to_string().contains(message), "{text}: {e}");
        assert!(e.word().is_some(), "{text}: names a word");
        if text.starts_with("staircase -1") {
            assert_eq!(e.kind(), &ParseErrorKind::NegativeHeap);
        }
        if text.starts_with("staircase 1844") {
            assert_eq!(e.word(), Some("1"), "names the step that passes the total");
        }
    }
}

fn component() -> impl Strategy<Value = String> {
    let heaps = |n: usize, max: u64| prop::collection::vec(0..=max, 0..=n);
    prop_oneof![
        heaps(2, 4).prop_map(|h| format!("nim {}", join(&h))),
        heaps(2, 3).prop_map(|h| format!("moore:2 {}", join(&h))),
        heaps(3, 3).prop_map(|h| format!("staircase {}", join(&h))),
        heaps(2, 12).prop_map(|h| format!("sub:1,3,4 {}", join(&h))),
        heaps(2, 12).prop_map(|h| format!("sub:2,3 {}", join(&h))),
    ]
}

fn join(h: &[u64]) -> String {
    h.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn winning_moves_of_mixed_sums_lead_to_p(parts in prop::collection::vec(component(), 1..4)) {
        let p = pos(&parts.join(" + "));
        let mut solver = Solver::new(SumGame::default());
        for play in [Play::Normal, Play::Misere] {
            let a = Analyzer::default().analyze(&p, play, None).unwrap();
            prop_assert_eq!(a.outcome, solver.outcome(&p, play).unwrap(), "{} {}", p, play);
            if play == Play::Normal {
                prop_assert_eq!(a.value, Some(solver.grundy_value(&p).unwrap()), "{}", p);
            }
            let listed = common::afters(&p, &a.winning_moves);
            let searched = common::searched_afters(&mut solver, &p, play);
            prop_assert_eq!(&listed, &searched, "{} {}", p, play);
            for after in &listed {
                prop_assert_eq!(solver.outcome(&pos(after), play).unwrap(), Outcome::P);
            }
        }
    }
}

#[test]
fn moore_p_positions_have_value_0_and_sums_still_answer() {
    let m = u64::MAX;
    let p = pos(&format!("moore:2 {m} {m} {m}"));
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert_eq!((a.outcome, a.value), (Outcome::P, Some(0)));
    // In a sum, a moore component too large to search for its moves to a
    // non-zero value leaves the list incomplete, but the answer stands.
    let p = pos(&format!("moore:2 {m} {m} {m} + nim 3"));
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert_eq!((a.outcome, a.value), (Outcome::N, Some(3)));
    assert_eq!(a.unsearched(), [0]);
    assert!(a.truncated() && a.total_winning_moves().is_none());
    let after: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| p.play(m).unwrap().to_string())
        .collect();
    assert_eq!(after, vec![format!("moore:2 {m} {m} {m} + nim 0")]);
}

/// Moore's Nim_k with at most k non-empty heaps is worth the sum of its
/// heaps (the options are every smaller heap list): no search, whatever the
/// sizes, alone or in a sum.
#[test]
fn moore_with_at_most_k_heaps_is_worth_their_sum() {
    let analyzer = Analyzer::default();
    let value = |text: &str| {
        analyzer
            .analyze(&pos(text), Play::Normal, None)
            .unwrap()
            .value
    };
    assert_eq!(value("moore:3 5 1000"), Some(1005));
    assert_eq!(value("moore:2 158756"), Some(158756));
    assert_eq!(value("moore:2 0 7 0 9"), Some(16));
    // A batch does not ask for searched values; the closed form costs none.
    let batch = Analyzer::default()
        .with_value(false)
        .with_total_count(false);
    let a = batch
        .analyze(&pos("moore:3 5 1000"), Play::Normal, Some(1))
        .unwrap();
    assert_eq!(a.value, Some(1005));

    // In a sum: the moore component moves to value 5 (576034 -> 5); the
    // nim heap cannot reach 576034.
    let p = pos("moore:2 576034 + nim 5");
    let a = analyzer.analyze(&p, Play::Normal, None).unwrap();
    assert_eq!(a.value, Some(576034 ^ 5));
    assert_eq!(a.component_values, vec![576034, 5]);
    assert!(!a.truncated() && a.unsearched().is_empty());
    let after: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| p.play(m).unwrap().to_string())
        .collect();
    assert_eq!(after, vec!["moore:2 5 + nim 5".to_string()]);
    for m in &a.winning_moves {
        let b = analyzer
            .analyze(&p.play(m).unwrap(), Play::Normal, None)
            .unwrap();
        assert_eq!((b.outcome, b.value), (Outcome::P, Some(0)));
    }

    // Two heaps in a sum: value 7 ^ 6 = 1, so the moore component must
    // move to value 7 ^ 1 = 6, leaving 6 tokens in all (the nim heap of 6
    // cannot grow to 6 ^ 1 = 7).
    let p = pos("moore:2 3 4 + nim 6");
    let a = analyzer.analyze(&p, Play::Normal, None).unwrap();
    assert_eq!(a.value, Some(7 ^ 6));
    let after: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| p.play(m).unwrap().to_string())
        .collect();
    assert_eq!(after, vec!["moore:2 2 4 + nim 6", "moore:2 3 3 + nim 6"]);
    for text in &after {
        assert_eq!(value(text), Some(0), "{text}");
    }
}

#[test]
fn moore_1_is_nim_under_misere_play_too() {
    let (o, after) = analyse("moore:1 18446744073709551615 5", Play::Misere);
    assert_eq!(o, Outcome::N);
    assert_eq!(after, vec!["moore:1 5 5".to_string()]);
    let report = verify(
        &"moore:1".parse().unwrap(),
        Play::Misere,
        3,
        4,
        Limits::default(),
    )
    .unwrap();
    assert_eq!(report.disagreements, 0);
}

#[test]
fn moore_with_a_large_k_and_many_heaps_does_not_overflow_the_stack() {
    // The digit walk recurses only over the 64 binary digits, never over K.
    let heaps: Vec<String> = (0..3000u64)
        .map(|i| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 1).to_string())
        .collect();
    let p = pos(&format!("moore:1500 {}", heaps.join(" ")));
    let a = Analyzer::default()
        .analyze(&p, Play::Normal, Some(2))
        .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 2);
    for m in &a.winning_moves {
        assert_eq!(
            p.play(m).unwrap().outcome(Play::Normal).unwrap(),
            Outcome::P
        );
    }
}

#[test]
fn verify_reports_progress_up_to_every_sequence_it_enumerates() {
    let mut seen: Vec<u64> = Vec::new();
    let report = sprague::verify_with_progress(
        &"kayles".parse().unwrap(),
        Play::Normal,
        3,
        11,
        Limits::default(),
        &mut |n| seen.push(n),
    )
    .unwrap();
    let total = sprague::verify_positions(3, 11).unwrap();
    assert_eq!(total, 1 + 12 + 144 + 1728);
    assert_eq!(report.checked, total);
    assert_eq!(seen.last(), Some(&total));
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert_eq!(seen.len(), 2, "every 1,024 sequences, then once at the end");
}
