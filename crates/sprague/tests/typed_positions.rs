//! Positions of a ruleset's own type live in the position: the same text
//! read by two parsers gives equal positions, equal as keys of a map.

use std::collections::HashMap;

use sprague::ruleset::digraph;
use sprague::{Args, Component, PositionParser, Ruleset};

#[test]
fn hackenbush_and_digraph_positions_read_by_two_parsers_are_equal() {
    let texts = [
        "hackenbush e(ee;e) :Aeee:A 0-1,1-2,2-0",
        "hackenbush eee + nim 3",
        "digraph:a>b,b>c,a>c a b c",
        "digraph:g.txt s b",
    ];
    let graph = "s a\ns b\na b\nb t\n";
    let mut first = PositionParser::new();
    let mut second = PositionParser::new();
    first.define(digraph::from_file_text("digraph:g.txt", graph).unwrap());
    second.define(digraph::from_file_text("digraph:g.txt", graph).unwrap());
    let mut seen = HashMap::new();
    for (i, text) in texts.iter().enumerate() {
        let a = first.parse(text).unwrap();
        let b = second.parse(text).unwrap();
        assert_eq!(a, b, "{text}");
        assert_eq!(a.to_string(), b.to_string());
        seen.insert(a, i);
        assert_eq!(seen.get(&b), Some(&i), "{text}");
        // A fresh parser of the default rulesets, too.
        if !text.contains("g.txt") {
            let c: sprague::Position = text.parse().unwrap();
            assert_eq!(seen.get(&c), Some(&i), "{text}");
        }
    }
    // Other pictures, other tokens: other positions.
    let other = first.parse("hackenbush e(ee;e) :Aeee:A 0-1,1-2").unwrap();
    assert!(!seen.contains_key(&other));
    let moved = first.parse("digraph:g.txt s t").unwrap();
    assert!(!seen.contains_key(&moved));
}

#[test]
fn a_graph_file_that_changed_is_another_ruleset() {
    let before = digraph::from_file_text("digraph:g.txt", "a b\nb c\n").unwrap();
    let after = digraph::from_file_text("digraph:g.txt", "a c\nc b\n").unwrap();
    assert_ne!(before, after);
    let again = digraph::from_file_text("digraph:g.txt", "a b\nb c\n").unwrap();
    assert_eq!(before, again);
}

#[test]
fn a_component_refuses_a_position_of_another_game() {
    let hackenbush: Ruleset = "hackenbush".parse().unwrap();
    assert!(Component::new(hackenbush.clone(), vec![1, 2]).is_err());
    let p: sprague::Position = "hackenbush eee".parse().unwrap();
    let pictures = p.components()[0].args().clone();
    assert!(Component::with_args(hackenbush, pictures.clone()).is_ok());
    assert!(Component::with_args(Ruleset::nim(), pictures).is_err());
    assert!(Component::with_args(Ruleset::nim(), Args::from(vec![3])).is_ok());
}

#[test]
fn the_search_splits_sums_into_parts_valued_once() {
    use sprague::{Limits, Solver, SumGame};
    let limits = Limits::default();
    let mut solver = Solver::new(SumGame::new(limits));
    for text in [
        "kayles 5 7 9 + nim 3",
        "hackenbush e(ee;e) eee :Aeee:A + grundy 12",
        "digraph:a>b,b>c,a>c a b c c",
    ] {
        let p: sprague::Position = text.parse().unwrap();
        let by_parts = solver.grundy_value(&p).unwrap();
        assert_eq!(Some(by_parts), p.grundy_value().ok(), "{text}");
    }
    // Each heap is stored once: the sums of 20 heaps of Kayles below 12
    // need no more positions than the heaps themselves have.
    let mut fresh = Solver::new(SumGame::new(limits));
    let p: sprague::Position = "kayles 11 10 9 8 7 6 5 4 3 2 11 10 9 8 7 6 5 4 3 2"
        .parse()
        .unwrap();
    fresh.grundy_value(&p).unwrap();
    assert!(fresh.stored_states() < 2_000, "{}", fresh.stored_states());
}
