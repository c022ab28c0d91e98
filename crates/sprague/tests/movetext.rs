//! Move text against positions: every legal move of many small positions,
//! written in each form, reads back to the same move; garbage never panics,
//! and whatever parses is legal.

use proptest::prelude::*;
use sprague::{movetext, Component, Limits, Position, Ruleset};

/// The rulesets the round trips run over. A new ruleset is one more word.
const RULESETS: &[&str] = &[
    "nim",
    "kayles",
    "grundy",
    "octal:0.137",
    "hex:0.f",
    "sub:1,3,4",
    "sub:2,5-7",
    "moore:1",
    "moore:2",
    "moore:3",
    "staircase",
];

fn component() -> impl Strategy<Value = Component> {
    (
        prop::sample::select(RULESETS),
        prop::collection::vec(0u64..=8, 0..=4),
    )
        .prop_map(|(word, heaps)| Component::new(Ruleset::parse(word).unwrap(), heaps).unwrap())
}

fn position() -> impl Strategy<Value = Position> {
    prop::collection::vec(component(), 1..=3).prop_map(Position::new)
}

/// Checks every legal move of `p` in its three written forms.
fn check_round_trips(p: &Position) -> Result<(), TestCaseError> {
    for mv in p.moves(&Limits::default()).unwrap() {
        let after = p.play(&mv).unwrap();
        let short = movetext::write(p, &mv);
        prop_assert_eq!(
            movetext::parse(p, &short),
            Ok(mv.clone()),
            "{} / {}",
            p,
            short
        );
        let long = mv.display(p).to_string();
        prop_assert_eq!(
            movetext::parse(p, &long),
            Ok(mv.clone()),
            "{} / {}",
            p,
            long
        );
        let whole = after.to_string();
        let read = movetext::parse(p, &whole);
        prop_assert!(read.is_ok(), "{} / {}: {:?}", p, whole, read);
        prop_assert_eq!(p.play(&read.unwrap()).unwrap(), after);
    }
    Ok(())
}

/// Pieces of move text, put together at random.
const FRAGMENTS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "9",
    "18446744073709551615",
    "99999999999999999999",
    "heap",
    "heaps",
    "h2",
    "step",
    "s1",
    "take",
    "carry",
    "leave",
    "from",
    "and",
    "->",
    "=",
    ":",
    ",",
    "(",
    ")",
    "c1",
    "c2",
    "c9",
    "component",
    "nim",
    "moore:2",
    "staircase",
    "sub:1,3,4",
    "+",
    "-",
    "-3",
    "coins",
    "é",
    "1:2",
    "2->0",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_legal_move_reads_back_from_its_text(p in position()) {
        check_round_trips(&p)?;
    }

    #[test]
    fn garbage_never_panics(p in position(), text in "\\PC{0,30}") {
        if let Ok(mv) = movetext::parse(&p, &text) {
            prop_assert!(p.play(&mv).is_ok());
        }
    }

    #[test]
    fn near_misses_never_panic_and_what_parses_is_legal(
        p in position(),
        words in prop::collection::vec(prop::sample::select(FRAGMENTS), 0..8),
    ) {
        let text = words.join(" ");
        if let Ok(mv) = movetext::parse(&p, &text) {
            prop_assert!(p.play(&mv).is_ok(), "{} / {}", p, text);
        }
    }
}

#[test]
fn huge_heaps_read_without_listing_moves() {
    let p: Position = "nim 18446744073709551615 3 + staircase 18446744073709551615"
        .parse()
        .unwrap();
    assert!(p.moves(&Limits::default()).is_err(), "too many to list");
    let mv = movetext::parse(&p, "c1 1 18446744073709551614").unwrap();
    assert_eq!(
        p.play(&mv).unwrap().to_string(),
        "nim 1 3 + staircase 18446744073709551615"
    );
    let mv = movetext::parse(&p, "nim 18446744073709551615 3 + staircase 5").unwrap();
    assert_eq!(movetext::write(&p, &mv), "c2 1 18446744073709551610");
    let err = movetext::parse(&p, "c1 2 4").unwrap_err().to_string();
    assert!(err.contains("heap 2 has only 3 tokens"), "{err}");
}
