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

/// The moves `help` gives as examples: the text before the meaning on each
/// example line, the texts in backquotes in the meaning (the other ways to
/// type the same move), and the position under "For example:". Forms
/// shown in letters (`H -> A B`, where the position has no such move) are
/// left out: they are syntax, not moves.
fn help_examples(help: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut after_for_example = false;
    for line in help.lines() {
        if after_for_example {
            lines.push(line.trim().to_string());
            after_for_example = false;
            continue;
        }
        if line.trim() == "For example:" {
            after_for_example = true;
        } else if line.starts_with(&" ".repeat(24)) {
            // The meaning goes on.
            if let Some(last) = lines.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        } else if let Some(rest) = line.strip_prefix("    ") {
            // Not a component's listing, `c2 = kayles 3`.
            let listing = rest.starts_with('c') && rest.contains(" = ");
            if !rest.starts_with(' ') && !listing {
                lines.push(rest.to_string());
            }
        }
    }
    let mut examples = Vec::new();
    for l in lines {
        let (typed, meaning) = l.split_once("  ").unwrap_or((&l, ""));
        examples.push(typed.trim().to_string());
        examples.extend(
            meaning
                .split('`')
                .skip(1)
                .step_by(2)
                .map(|s| s.trim().to_string()),
        );
    }
    let letters = |text: &str| {
        text.split(|c: char| c.is_whitespace() || c == ':' || c == '-' || c == '>' || c == '=')
            .any(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase()))
    };
    examples.retain(|e| !e.is_empty() && !letters(e));
    examples
}

/// Every example of `help` in `p` reads as a legal move of `p`; returns
/// how many there were.
fn check_help(p: &Position) -> usize {
    let help = movetext::help(p);
    let examples = help_examples(&help);
    for e in &examples {
        let mv = movetext::parse(p, e).unwrap_or_else(|err| {
            panic!("{p}: the example `{e}` is not a legal move: {err}\n{help}")
        });
        assert!(p.play(&mv).is_ok(), "{p}: `{e}`");
    }
    examples.len()
}

#[test]
fn every_help_example_is_a_legal_move_of_its_ruleset() {
    // One position or more for every registered ruleset (Kayles with the
    // heaps of the issue that found `2 3`, which Kayles does not allow).
    let positions = [
        "kayles 7 4",
        "kayles 1 1",
        "nim 3 4 5",
        "nim 18446744073709551615 7",
        "moore:1 3 4",
        "moore:2 1 2 3",
        "moore:3 5 0 0 4",
        "staircase 3 0 2",
        "staircase 2",
        "sub:1,3,4 5 6",
        "sub:3 2 7",
        "sub:2,5-7 9",
        "sub:squares 10",
        "sub:primes 10",
        "sub:pow2 9",
        "sub:fib 9",
        "octal:0.137 9",
        "octal:4.07 6",
        "octal:0.6 5 4",
        "octal:0.3... 4",
        "octal:0.7... 8",
        "kayles 18446744073709551615",
        "dawson 7",
        "hex:0.f 9",
        "hex:0.8 9",
        "grundy 7 2",
        "grundy 1 2",
        "wythoff 3 5",
        "wythoff 0 4",
        "digraph:a>b,b>c a c",
        "digraph:1>2,2>3 1 2",
        "hackenbush e(ee;e) eee",
        "hackenbush 0-1,1-2,2-0",
        "nodekayles grid:2x3 path:4~2",
        "arckayles petersen",
        "cram 3x3 ..#/...",
        "chomp 3x3 4,2,1",
        "nodekayles a-b,b-c + nim 2 + cram 2x2",
        "nim 3 + kayles 5 + staircase 1 2 + wythoff 2 2",
        "sub:1,3,4 5 + kayles 3 + grundy 6",
        "moore:2 1 2 + hackenbush eee + digraph:x>y,y>z x",
        "turtles THHTH + twins THH + mock 0 3 + ruler 5 9-12 + rulerette TTHH",
        "coins:1-3,c HHT + corners THT HHT TTH + product:ruler*mock HH HT",
        "fibnim 10 9 + euclid 7 3 + welter 3 7 12",
        "divisor 12 30 + divide:2,3 100 + fraction:2 100",
        "geography grid:3x3@1 + nim 1",
        "stones path:3=2,1,3@1 + nim 1",
        "geography steps:3x3:king@1 grid:10000x10000@2",
        "northcott:8 1,5 7,2 + nim 1",
        "treblecross ..X..... ..... + pieces 3 7 8 12 + nim 1",
        "treblecross .X.......",
        "pieces 2 7 9 12",
        "cards:2-3 10:4-6 7 + nodekayles intervals:1..3,2..5,4-6",
        "tuple:perm:(a-k,b,c),(a-k,b-k,c) 3 4 5 + tuple:subset(x-1) 2 3",
        "tuple:last:one(x-1) 2 3 1 + tuple:once:one(x-k) 5 3/1",
        "rule:n-1,n-2,n-4,n/2&n/2:even 10 + rule:split(n-1),0..n/3 9",
    ];
    let mut words: Vec<String> = Vec::new();
    for text in positions {
        let p: Position = text.parse().unwrap();
        let n = check_help(&p);
        if p.has_moves(&Limits::default()).unwrap() {
            assert!(n > 0, "{p}: no example at all\n{}", movetext::help(&p));
        }
        for c in p.components() {
            let name = c.ruleset().word().split(':').next().unwrap().to_string();
            words.push(
                if c.ruleset().word().starts_with("sub:") && !name.is_empty() {
                    c.ruleset().word().to_string()
                } else {
                    name
                },
            );
        }
    }
    // Every family of the registry was looked at.
    for family in sprague::ruleset::known_rulesets().split(", ") {
        let name = family.split(':').next().unwrap();
        assert!(
            words.iter().any(|w| w.starts_with(name)),
            "no position of {family} in the help test"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn help_examples_are_legal_moves_of_small_positions(p in position()) {
        check_help(&p);
    }
}

/// A position as a set of games: each component's word and its nonzero
/// heaps in increasing order, empty components dropped, components sorted.
/// Staircase Nim keeps its order of steps (less the empty steps on top).
fn as_multisets(p: &Position) -> Vec<(String, Vec<u64>)> {
    let mut out: Vec<(String, Vec<u64>)> = p
        .components()
        .iter()
        .map(|c| {
            let word = c.ruleset().word().to_string();
            let mut heaps = c.heaps().to_vec();
            if word == "staircase" {
                // Empty steps at the top change nothing.
                while heaps.last() == Some(&0) {
                    heaps.pop();
                }
            } else {
                heaps.retain(|&h| h > 0);
                heaps.sort_unstable();
            }
            (word, heaps)
        })
        .filter(|(_, heaps)| !heaps.is_empty())
        .collect();
    out.sort();
    out
}

/// `p` written with each heap game's heaps and the components in reverse
/// order (a staircase keeps its steps in order).
fn reversed(p: &Position) -> String {
    p.components()
        .iter()
        .rev()
        .map(|c| {
            let mut heaps = c.heaps().to_vec();
            if c.ruleset().word() != "staircase" {
                heaps.reverse();
            }
            Component::new(c.ruleset().clone(), heaps)
                .unwrap()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_position_reached_reads_back_in_any_order(p in position()) {
        for mv in p.moves(&Limits::default()).unwrap() {
            let after = p.play(&mv).unwrap();
            let text = reversed(&after);
            let read = movetext::parse(&p, &text);
            prop_assert!(read.is_ok(), "{} -> {}: {:?}", p, text, read);
            let then = p.play(&read.unwrap()).unwrap();
            prop_assert_eq!(as_multisets(&then), as_multisets(&after), "{} -> {}", p, text);
        }
    }
}

#[test]
fn heaps_and_components_in_another_order_are_the_move_that_reaches_them() {
    for (start, typed, reached) in [
        // The move of issue 64: a 5 of Kayles knocked down to 3.
        ("kayles 5 1 5", "kayles 1 5 3", "kayles 3 1 5"),
        ("nim 3 4 5", "nim 5 4 1", "nim 1 4 5"),
        // A heap taken to nothing may be left out.
        ("nim 3 4 5", "nim 4 5", "nim 0 4 5"),
        ("moore:2 3 4 5", "moore:2 5 2 1", "moore:2 2 1 5"),
        ("nim 3 + kayles 4", "kayles 2 + nim 3", "nim 3 + kayles 2"),
        ("nim 3 + nim 4", "nim 2 + nim 3", "nim 3 + nim 2"),
    ] {
        let p: Position = start.parse().unwrap();
        let mv = movetext::parse(&p, typed).unwrap_or_else(|e| panic!("{start} -> {typed}: {e}"));
        assert_eq!(
            p.play(&mv).unwrap().to_string(),
            reached,
            "{start} -> {typed}"
        );
    }
    // The position itself in another order is no move, and says so.
    for (start, typed) in [
        ("nim 3 4", "nim 4 3"),
        ("kayles 4 + kayles 3", "kayles 3 + kayles 4"),
    ] {
        let p: Position = start.parse().unwrap();
        let err = movetext::parse(&p, typed).unwrap_err().to_string();
        assert!(
            err.contains("is the position as it is"),
            "{start} -> {typed}: {err}"
        );
    }
    // Heaps too large to list their moves, in another order: the one heap
    // that differs is rewritten in place, so any size reads the same (a
    // fresh tester found these refused past 100,000).
    const TOP: u64 = u64::MAX;
    for (start, typed, reached) in [
        (
            "nim 3 1000000".to_string(),
            "nim 999999 3".to_string(),
            "nim 3 999999".to_string(),
        ),
        (format!("nim {TOP} 3"), "nim 3".into(), "nim 0 3".into()),
        (
            format!("nim {TOP} 3"),
            format!("nim 0 {TOP}"),
            format!("nim {TOP} 0"),
        ),
        (
            format!("nim {TOP} 3"),
            format!("nim {TOP}"),
            format!("nim {TOP} 0"),
        ),
        (
            format!("kayles {TOP} 5"),
            format!("kayles 5 1 {}", TOP - 3),
            format!("kayles 1 {} 5", TOP - 3),
        ),
        (
            "kayles 4294967296 5".into(),
            "kayles 5 1 4294967293".into(),
            "kayles 1 4294967293 5".into(),
        ),
        ("nim 100001 1".into(), "nim 1 0".into(), "nim 0 1".into()),
    ] {
        let p: Position = start.parse().unwrap();
        let mv = movetext::parse(&p, &typed).unwrap_or_else(|e| panic!("{start} -> {typed}: {e}"));
        assert_eq!(
            p.play(&mv).unwrap().to_string(),
            reached,
            "{start} -> {typed}"
        );
    }
    // Still refused: no one move reaches these, in any order.
    for (start, typed) in [
        ("nim 3 4 5", "nim 5 5 1"),
        ("nim 3 4 5", "nim 3 4 5"),
        ("nim 3 + nim 4", "nim 2 + nim 2"),
        ("kayles 5 1 5", "kayles 1 1 5 5"),
        ("staircase 3 1 0", "staircase 3 0 1"),
        ("nim 18446744073709551615 3", "nim 1 1"),
        (
            "kayles 18446744073709551615 5",
            "kayles 5 5 18446744073709551612",
        ),
    ] {
        let p: Position = start.parse().unwrap();
        assert!(movetext::parse(&p, typed).is_err(), "{start} -> {typed}");
    }
}
