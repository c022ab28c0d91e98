//! Take-and-break rulesets in positions: values against the definition
//! (mex of the options), winning moves against the generic solver, huge
//! heaps through proven periods, and limits.

use proptest::prelude::*;
use sprague::{mex, Analyzer, Error, Limits, Outcome, Play, Position, Ruleset, Solver, SumGame};

const RULESETS: &[&str] = &[
    "kayles",
    "dawson",
    "octal:0.137",
    "octal:4.07",
    "octal:0.6",
    "octal:0.16",
    "hex:0.f",
    "hex:8.1",
    "octal:0.3...",
    "grundy",
    "sub:1,3,4",
    "sub:2-4,7",
];

/// G(n) is the mex of the values of the options of heap n: each option's
/// value is the nim-sum of its parts' values.
#[test]
fn heap_values_are_the_mex_of_the_options() {
    let limits = Limits::default();
    for word in RULESETS {
        let r: Ruleset = word.parse().unwrap();
        for heap in 0..=60u64 {
            let p: Position = format!("{word} {heap}").parse().unwrap();
            let moves = p.moves(&limits).unwrap();
            let values = moves.iter().map(|m| {
                let after = p.play(m).unwrap();
                after.grundy_value().unwrap()
            });
            assert_eq!(
                r.heap_value(heap, &limits).unwrap(),
                mex(values),
                "{word} heap {heap}"
            );
        }
    }
}

/// The values agree with the generic solver searching by the definition.
#[test]
fn heap_values_match_the_solver() {
    let mut solver = Solver::new(SumGame::default());
    for word in RULESETS {
        for heap in 0..=25u64 {
            let p: Position = format!("{word} {heap}").parse().unwrap();
            assert_eq!(
                p.grundy_value().unwrap(),
                solver.grundy_value(&p).unwrap(),
                "{word} {heap}"
            );
        }
    }
}

#[test]
fn moves_say_what_is_taken_and_what_is_left() {
    let p: Position = "kayles 10".parse().unwrap();
    let moves = p.winning_moves(Play::Normal).unwrap();
    let texts: Vec<String> = moves.iter().map(|m| m.display(&p).to_string()).collect();
    assert_eq!(
        texts,
        [
            "kayles heap 1: 10 -> 1, 8 (removed 1)",
            "kayles heap 1: 10 -> 2, 7 (removed 1)",
            "kayles heap 1: 10 -> 3, 6 (removed 1)",
            "kayles heap 1: 10 -> 4, 4 (removed 2)"
        ]
    );
    let after: Vec<String> = moves
        .iter()
        .map(|m| p.play(m).unwrap().to_string())
        .collect();
    assert_eq!(after[2], "kayles 3 6");
    // Taking a whole heap leaves a 0 in place.
    let p: Position = "dawson 2 + kayles 2 2".parse().unwrap();
    for m in p.winning_moves(Play::Normal).unwrap() {
        assert_eq!(p.play(&m).unwrap().grundy_value().unwrap(), 0);
    }
    let p: Position = "dawson 2".parse().unwrap();
    let m = &p.winning_moves(Play::Normal).unwrap()[0];
    assert_eq!(m.display(&p).to_string(), "dawson heap 1: 2 -> 0");
    assert_eq!(p.play(m).unwrap().to_string(), "dawson 0");
    // Grundy's game splits in place, parts increasing.
    let p: Position = "grundy 4 5".parse().unwrap();
    let all: Vec<String> = p
        .moves(&Limits::default())
        .unwrap()
        .iter()
        .map(|m| p.play(m).unwrap().to_string())
        .collect();
    assert_eq!(all, ["grundy 1 3 5", "grundy 4 1 4", "grundy 4 2 3"]);
    let p: Position = "grundy 8".parse().unwrap();
    let m = &p.winning_moves(Play::Normal).unwrap()[0];
    assert_eq!(m.display(&p).to_string(), "grundy heap 1: 8 -> 1, 7");
}

#[test]
fn huge_heaps_answer_from_the_proven_period() {
    let limits = Limits::default();
    let kayles: Ruleset = "kayles".parse().unwrap();
    // Period 12 from 71: G(u64::MAX) = G(71 + (u64::MAX - 71) % 12).
    let small = 71 + (u64::MAX - 71) % 12;
    assert_eq!(
        kayles.heap_value(u64::MAX, &limits).unwrap(),
        kayles.heap_value(small, &limits).unwrap()
    );
    let sub: Ruleset = "sub:1,3,4".parse().unwrap();
    assert_eq!(
        sub.heap_value(u64::MAX, &limits).unwrap(),
        [0, 1, 0, 1, 2, 3, 2][(u64::MAX % 7) as usize]
    );
    // Winning moves of a huge heap: listed lazily, each to a P-position.
    let p: Position = "kayles 1000000000000000000 + nim 3".parse().unwrap();
    let a = Analyzer::default()
        .analyze(&p, Play::Normal, Some(25))
        .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 25);
    assert!(a.truncated());
    for m in &a.winning_moves {
        let after = p.play(m).unwrap();
        assert_eq!(
            after.grundy_value().unwrap(),
            0,
            "{} -> {after}",
            m.display(&p)
        );
    }
    // Without a cap, the list would be astronomically long: a clear limit error.
    let small_limits = Limits {
        max_states: 1000,
        ..Limits::default()
    };
    let e = Analyzer::new(small_limits)
        .analyze(&p, Play::Normal, None)
        .unwrap_err();
    assert!(matches!(e, Error::TooManyMoves { .. }), "{e:?}");
    assert!(e.is_limit());
}

/// Games that split a heap into three get a table limit of
/// max_table / 500, and the message says why.
#[test]
fn three_heap_games_have_a_smaller_table_limit() {
    let limits = Limits {
        max_table: 500 * 200,
        ..Limits::default()
    };
    let hex: Ruleset = "hex:0.8".parse().unwrap();
    assert!(hex.heap_value(199, &limits).is_ok());
    let e = hex.heap_value(300, &limits).unwrap_err();
    assert!(
        matches!(
            e,
            Error::TableLimit {
                heap: 300,
                limit: 200,
                divisor: 500,
                ..
            }
        ),
        "{e:?}"
    );
    // The library says why in its own terms; flag names are the CLI's.
    assert!(e.to_string().contains("a 500th of the table limit"), "{e}");
    assert!(!e.to_string().contains("--"), "{e}");
}

#[test]
fn heaps_without_a_period_hit_the_table_limit() {
    let limits = Limits {
        max_table: 10_000,
        ..Limits::default()
    };
    let grundy: Ruleset = "grundy".parse().unwrap();
    assert!(grundy.heap_value(9_999, &limits).is_ok());
    let e = grundy.heap_value(10_000, &limits).unwrap_err();
    assert!(
        matches!(
            e,
            Error::TableLimit {
                heap: 10_000,
                limit: 10_000,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("grundy heap 10000"));
    // A code with a proven period answers past the limit.
    let kayles: Ruleset = "kayles".parse().unwrap();
    assert!(kayles.heap_value(1 << 40, &limits).is_ok());
}

#[test]
fn rulesets_keep_their_word_and_compare_by_rules() {
    let p: Position = "kayles 10 + octal:0.77 3 + dawson 4 + hex:0.07 2"
        .parse()
        .unwrap();
    assert_eq!(
        p.to_string(),
        "kayles 10 + octal:0.77 3 + dawson 4 + hex:0.07 2"
    );
    let k: Ruleset = "kayles".parse().unwrap();
    assert_eq!(k, "octal:0.77".parse().unwrap());
    assert_eq!(k, "octal:.770".parse().unwrap());
    for bad in [
        "octal:0.8",
        "octal",
        "kayles:1",
        "grundy:2",
        "hex:1.2",
        "octal:07",
        "hex:0.g",
    ] {
        let e = bad.parse::<Position>().unwrap_err();
        assert_eq!(e.word(), Some(bad), "{bad}");
    }
    let e = "octal:0.78 3".parse::<Position>().unwrap_err();
    assert!(e.to_string().contains("'8'"), "{e}");
}

#[test]
fn illegal_moves_are_refused() {
    let p: Position = "grundy 4".parse().unwrap();
    let q: Position = "grundy 5".parse().unwrap();
    // A move of a 5-heap does not fit a 4-heap.
    let m = &q.moves(&Limits::default()).unwrap()[0];
    assert!(matches!(p.play(m), Err(Error::IllegalMove(_))));
}

fn small_sum() -> impl Strategy<Value = String> {
    let component =
        (0..RULESETS.len(), prop::collection::vec(0u64..9, 1..3)).prop_map(|(r, heaps)| {
            let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
            format!("{} {}", RULESETS[r], heaps.join(" "))
        });
    prop::collection::vec(component, 1..3).prop_map(|c| c.join(" + "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Every winning move listed leads to a P-position, there is one exactly
    /// when the solver says N, and the misère analysis agrees with the
    /// solver too.
    #[test]
    fn winning_moves_lead_to_p_positions(text in small_sum()) {
        let p: Position = text.parse().unwrap();
        let mut solver = Solver::new(SumGame::default());
        for play in [Play::Normal, Play::Misere] {
            let a = Analyzer::default().analyze(&p, play, None).unwrap();
            prop_assert_eq!(a.outcome, solver.outcome(&p, play).unwrap(), "{}", text);
            let terminal = p.moves(&Limits::default()).unwrap().is_empty();
            if !terminal {
                prop_assert_eq!(a.winning_moves.is_empty(), a.outcome == Outcome::P);
            }
            for m in &a.winning_moves {
                let after = p.play(m).unwrap();
                prop_assert_eq!(solver.outcome(&after, play).unwrap(), Outcome::P, "{} {}", text, m.display(&p));
            }
            let all = solver.winning_moves(&p, play).unwrap();
            prop_assert_eq!(all.len(), a.winning_moves.len(), "{}", text);
        }
    }
}
