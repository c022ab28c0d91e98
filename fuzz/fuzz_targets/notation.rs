//! The digraph and Hackenbush notations. The first byte picks the reader:
//! an edge-list graph file (its inline form gives every node the same
//! value), an inline `digraph:` position (prints back to itself), or a
//! Hackenbush picture (prints back to itself; its value equals the value of
//! its string-notation and edge-list versions).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::ruleset::digraph::Digraph;
use sprague::ruleset::hackenbush::picture::{Notation, Picture};
use sprague::{Analyzer, Limits, Play, Position};

fn value(text: &str) -> u64 {
    let p: Position = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"));
    p.grundy_value()
        .unwrap_or_else(|e| panic!("{text:?} has no value: {e}"))
}

fn edge_list(text: &str) {
    let Ok(graph) = Digraph::from_edge_list(text) else {
        return;
    };
    // The same graph inline: `u>v` for each edge, `u` for a lone node.
    let mut items = Vec::new();
    let mut names = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [u] => {
                items.push(u.to_string());
                names.push(*u);
            }
            [u, v] => {
                items.push(format!("{u}>{v}"));
                names.extend([*u, *v]);
            }
            _ => unreachable!("from_edge_list accepted {line:?}"),
        }
    }
    let inline = items.join(",");
    let again = Digraph::from_inline(&inline)
        .unwrap_or_else(|e| panic!("inline form {inline:?} of a graph file fails: {e}"));
    assert_eq!(graph.node_count(), again.node_count());
    assert_eq!(graph.edge_count(), again.edge_count());
    for name in names {
        assert_eq!(graph.value_of(name), again.value_of(name), "node {name:?}");
    }
}

fn inline_position(text: &str) {
    let Ok(p) = format!("digraph:{text}").parse::<Position>() else {
        return;
    };
    let printed = p.to_string();
    let again: Position = printed
        .parse()
        .unwrap_or_else(|e| panic!("{printed:?} does not parse: {e}"));
    assert_eq!(again.to_string(), printed);
    // Small limits: `+` may add any other game (a subtraction set with a
    // heap of millions once took the default table limit's seconds).
    let analyzer = Analyzer::new(Limits {
        max_states: 2_000,
        max_table: 500,
        max_period_search: 20_000,
        max_table_work: 1_000_000,
        max_quotient_states: 2_000,
        max_memory: None,
    });
    let value = |p: &Position| analyzer.analyze(p, Play::Normal, Some(0)).ok()?.value;
    if let Some(v) = value(&p) {
        assert_eq!(value(&again), Some(v), "{printed}");
    }
}

fn picture(text: &str) {
    let Ok(picture) = Picture::parse(text) else {
        return;
    };
    let printed = picture.to_string();
    let again = Picture::parse(&printed)
        .unwrap_or_else(|e| panic!("{printed:?} (printed from {text:?}) does not parse: {e}"));
    assert_eq!(again.to_string(), printed, "{text:?}");
    assert_eq!(again.edge_count(), picture.edge_count(), "{text:?}");
    if text.contains(char::is_whitespace) || text.contains('+') {
        return;
    }
    let string = picture.with_notation(Notation::String).to_string();
    let edges = picture.with_notation(Notation::EdgeList).to_string();
    let v = value(&format!("hackenbush {printed}"));
    assert_eq!(
        v,
        value(&format!("hackenbush {string}")),
        "{printed} vs {string}"
    );
    assert_eq!(
        v,
        value(&format!("hackenbush {edges}")),
        "{printed} vs {edges}"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match which % 3 {
        0 => edge_list(text),
        1 => inline_position(text),
        _ => picture(text),
    }
});
