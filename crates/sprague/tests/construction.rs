//! Positions built through the public API satisfy the same invariants as
//! parsed ones: whatever `Component::new` accepts prints as text that parses
//! back to it, and no move typed against it panics; what it refuses is
//! refused with an error, never a panic.

use proptest::prelude::*;
use sprague::{movetext, Analyzer, Component, Limits, Play, Position, Ruleset};

const RULESETS: &[&str] = &[
    "nim",
    "kayles",
    "dawson",
    "grundy",
    "octal:0.137",
    "hex:0.f",
    "sub:1,3,4",
    "sub:1-3",
    "moore:1",
    "moore:2",
    "staircase",
];

/// Heap sizes near the edges of u64 as well as small ones.
fn heap() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..=9,
        Just(u64::MAX),
        Just(u64::MAX - 1),
        (u64::MAX - 9)..=u64::MAX,
        any::<u64>(),
    ]
}

#[test]
fn a_staircase_past_2_64_coins_is_refused() {
    let stairs: Ruleset = "staircase".parse().unwrap();
    let e = Component::new(stairs.clone(), vec![u64::MAX, 1]).unwrap_err();
    assert!(e.to_string().contains("18446744073709551615"), "{e}");
    // At the bound it is accepted, and carrying coins down cannot overflow.
    let c = Component::new(stairs, vec![u64::MAX - 1, 1]).unwrap();
    let p = Position::new(vec![c]);
    let mv = movetext::parse(&p, "2 1").unwrap();
    assert_eq!(
        p.play(&mv).unwrap().to_string(),
        "staircase 18446744073709551615 0"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn built_components_round_trip_and_never_panic(
        words in prop::collection::vec(prop::sample::select(RULESETS), 1..=3),
        heaps in prop::collection::vec(prop::collection::vec(heap(), 0..=3), 3),
        typed in prop::collection::vec(prop::sample::select(&["1 1", "2 1", "1 0", "2 3", "1 2 3", "3 1 2"][..]), 1..=3),
    ) {
        let mut components = Vec::new();
        for (word, heaps) in words.iter().zip(heaps) {
            let ruleset: Ruleset = word.parse().unwrap();
            match Component::new(ruleset, heaps.clone()) {
                Ok(c) => components.push(c),
                // Only a staircase has arguments that can be refused.
                Err(_) => prop_assert_eq!(*word, "staircase"),
            }
        }
        let p = Position::new(components);
        let text = p.to_string();
        if !p.components().is_empty() {
            let back: Position = text.parse().unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.to_string(), text);
        }
        for t in typed {
            if let Ok(mv) = movetext::parse(&p, t) {
                let after = p.play(&mv).unwrap();
                let again: Position = after.to_string().parse().unwrap();
                prop_assert_eq!(again, after);
            }
        }
        // Analysing within small limits gives an answer or an error, never
        // a panic.
        let limits = Limits {
            max_states: 500,
            max_table: 64,
            max_period_search: 10_000,
            max_table_work: 100_000,
            max_quotient_states: 500,
            max_memory: None,
        };
        let _ = Analyzer::new(limits).analyze(&p, Play::Normal, Some(2));
    }
}
