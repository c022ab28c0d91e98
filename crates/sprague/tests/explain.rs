//! The teaching view agrees with the analysis it explains: same outcome,
//! same winning moves, and a table whose nim-sum is the Grundy value.

use proptest::prelude::*;
use sprague::explain::{explain, why, Method, MisereCase};
use sprague::{Analyzer, Component, Outcome, Play, Position, Ruleset};

const RULESETS: &[&str] = &[
    "nim",
    "sub:1,3,4",
    "sub:2,5-7",
    "moore:1",
    "moore:2",
    "staircase",
];

/// Positions of up to `comps` components of up to `heaps` heaps of at most
/// `max` tokens.
fn position(comps: usize, heaps: usize, max: u64) -> impl Strategy<Value = Position> {
    prop::collection::vec(
        (
            prop::sample::select(RULESETS),
            prop::collection::vec(0u64..=max, 0..=heaps),
        )
            .prop_map(|(w, heaps)| Component::new(Ruleset::parse(w).unwrap(), heaps).unwrap()),
        1..=comps,
    )
    .prop_map(Position::new)
}

/// Normal play on larger positions (closed forms), misère play on small
/// ones (searched).
fn case() -> impl Strategy<Value = (Position, Play)> {
    prop_oneof![
        position(3, 4, 9).prop_map(|p| (p, Play::Normal)),
        position(2, 3, 3).prop_map(|p| (p, Play::Misere)),
    ]
}

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn explanation_matches_the_analysis((p, play) in case()) {
        let analyzer = Analyzer::default();
        let a = analyzer.analyze(&p, play, None).unwrap();
        let e = explain(&p, play, &analyzer, None).unwrap();
        prop_assert_eq!(e.outcome(), a.outcome);
        let moves: Vec<_> = e.moves().iter().map(|r| r.mv.clone()).collect();
        prop_assert_eq!(&moves, &a.winning_moves);
        for r in e.moves() {
            prop_assert_eq!(&p.play(&r.mv).unwrap(), &r.after);
            prop_assert!(!r.why.is_empty());
        }
        if let Some(r) = e.moves().first() {
            let reason = why(&p, play, &analyzer, &r.mv).unwrap();
            prop_assert_eq!(reason.as_deref(), Some(r.why.as_str()));
        }
        if let (Play::Normal, Some(value)) = (play, a.value) {
            match e.method() {
                Method::Bouton { table } | Method::Staircase { table, .. } | Method::Grundy { table } => {
                    prop_assert_eq!(table.nim_sum(), value);
                }
                Method::Moore { .. } => {}
                other => prop_assert!(false, "normal play explained by {:?}", other),
            }
        }
        let text = e.to_string();
        prop_assert!(!text.contains('\u{1b}'), "no terminal codes");
        let head = format!("position: {}", p);
        prop_assert!(text.contains(&head));
    }
}

#[test]
fn nim_marks_the_highest_bit_of_the_nim_sum() {
    let e = explain(&pos("nim 3 4 5"), Play::Normal, &Analyzer::default(), None).unwrap();
    let Method::Bouton { table } = e.method() else {
        panic!("{:?}", e.method())
    };
    let rows: Vec<u64> = table.rows().iter().map(|r| r.value).collect();
    assert_eq!(rows, [3, 4, 5]);
    assert_eq!((table.nim_sum(), table.highest_bit()), (2, Some(1)));
    let text = e.to_string();
    // The caret stands under the 1 of 010.
    let sum_line = text.lines().find(|l| l.contains("nim-sum  2")).unwrap();
    let caret_line = text
        .lines()
        .find(|l| l.trim_start().starts_with('^'))
        .unwrap();
    let one = sum_line.rfind("010").unwrap() + 1;
    assert_eq!(caret_line.find('^'), Some(one));
    assert!(e.moves()[0].why.contains("1 ⊕ 4 ⊕ 5 = 0"));
}

#[test]
fn misere_nim_names_the_rule_that_applies() {
    let case = |text: &str| {
        let e = explain(&pos(text), Play::Misere, &Analyzer::default(), None).unwrap();
        match e.method() {
            Method::MisereNim { case, .. } => *case,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(case("nim 1 1 1"), MisereCase::AllOnes { ones: 3 });
    assert_eq!(case("nim 1 0 1"), MisereCase::AllOnes { ones: 2 });
    assert_eq!(case("nim 1 5 1"), MisereCase::OneBig);
    assert_eq!(case("nim 2 3 1"), MisereCase::ManyBig);
    let e = explain(&pos("nim 1 5 1"), Play::Misere, &Analyzer::default(), None).unwrap();
    assert_eq!(e.outcome(), Outcome::N);
    assert!(e.moves()[0].why.contains("3 heaps of 1, an odd number"));
}

#[test]
fn staircase_says_which_steps_count() {
    let e = explain(
        &pos("staircase 3 1 2"),
        Play::Normal,
        &Analyzer::default(),
        None,
    )
    .unwrap();
    let text = e.to_string();
    assert!(text.contains("step 1  odd   3  counts"));
    assert!(text.contains("step 2  even  1  does not count"));
    let Method::Staircase { table, .. } = e.method() else {
        panic!()
    };
    let labels: Vec<&str> = table.rows().iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["step 1", "step 3"]);
    // A move from an even step raises the odd step below it.
    let e = explain(
        &pos("staircase 1 4 2"),
        Play::Normal,
        &Analyzer::default(),
        None,
    )
    .unwrap();
    assert!(e
        .moves()
        .iter()
        .any(|r| r.why.contains("leaves step 2, an even step") && r.why.contains("grows 1 -> 2")));
}

#[test]
fn moore_counts_the_ones_in_each_column() {
    let e = explain(
        &pos("moore:2 1 2 3"),
        Play::Normal,
        &Analyzer::default(),
        None,
    )
    .unwrap();
    let Method::Moore { k: 2, table } = e.method() else {
        panic!("{:?}", e.method())
    };
    assert_eq!(table.column_counts(), [2, 2]);
    assert!(e
        .to_string()
        .contains("the binary columns hold 2 and 2 ones"));
}

#[test]
fn moore_with_at_most_k_heaps_explains_the_sum() {
    let text = |p: &str| {
        explain(&pos(p), Play::Normal, &Analyzer::default(), None)
            .unwrap()
            .to_string()
    };
    // Two non-empty heaps in moore:3: the closed form, not a search.
    let t = text("moore:3 5 0 1000");
    assert!(t.contains("the sum of the heaps, 1005"), "{t}");
    assert!(!t.contains("found by search"), "{t}");
    // Three in moore:2: searched.
    let t = text("moore:2 1 2 4");
    assert!(t.contains("found by search"), "{t}");
}

#[test]
fn why_is_none_for_a_losing_move() {
    let p = pos("nim 3 4 5");
    let mv = sprague::movetext::parse(&p, "2 1").unwrap();
    assert_eq!(
        why(&p, Play::Normal, &Analyzer::default(), &mv).unwrap(),
        None
    );
}
