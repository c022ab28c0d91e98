//! Node Kayles and Arc Kayles on paths and cycles are valued and answered
//! by their octal games (Node Kayles on a path of n vertices is Dawson's
//! chess, octal 0.137, at heap n; Arc Kayles on a path is Dawson's Kayles,
//! octal 0.07; a cycle's every move leaves a path). Here every small path
//! and cycle, whole or with vertices gone (so that it falls apart into
//! shorter paths), alone and beside a Nim heap, is checked against a plain
//! search over which vertices remain: the value, and the set of winning
//! moves, each of which must lead to a P-position.

#[allow(dead_code)] // searched_afters is for the misère tests of other files
mod common;

use std::collections::HashMap;

use proptest::prelude::*;
use sprague::{Analyzer, Basis, Outcome, Play, Position};

/// A plain search by the definition: the Grundy value of the graph `adj`
/// (bit rows) on the vertices of `alive`, with no split into components
/// and no reduction.
struct Plain {
    adj: Vec<u64>,
    arc: bool,
    memo: HashMap<u64, u64>,
}

impl Plain {
    fn new(n: usize, cycle: bool, arc: bool) -> Plain {
        let mut adj = vec![0u64; n];
        let mut edge = |u: usize, v: usize| {
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        };
        for i in 1..n {
            edge(i - 1, i);
        }
        if cycle {
            edge(n - 1, 0);
        }
        Plain {
            adj,
            arc,
            memo: HashMap::new(),
        }
    }

    fn options(&self, alive: u64) -> Vec<u64> {
        let n = self.adj.len();
        let mut out = Vec::new();
        for u in (0..n).filter(|&u| alive >> u & 1 == 1) {
            if self.arc {
                for v in (u + 1..n).filter(|&v| alive >> v & 1 == 1 && self.adj[u] >> v & 1 == 1) {
                    out.push(alive & !(1 << u | 1 << v));
                }
            } else {
                out.push(alive & !(self.adj[u] | 1 << u));
            }
        }
        out
    }

    fn value(&mut self, alive: u64) -> u64 {
        if let Some(&g) = self.memo.get(&alive) {
            return g;
        }
        let values: Vec<u64> = self
            .options(alive)
            .into_iter()
            .map(|o| self.value(o))
            .collect();
        let g = (0..).find(|g| !values.contains(g)).unwrap();
        self.memo.insert(alive, g);
        g
    }
}

/// `path:n` or `cycle:n` with the vertices not in `alive` gone.
fn notation(n: usize, cycle: bool, alive: u64) -> String {
    let base = format!("{}:{n}", if cycle { "cycle" } else { "path" });
    let gone: Vec<String> = (0..n)
        .filter(|v| alive >> v & 1 == 0)
        .map(|v| (v + 1).to_string())
        .collect();
    if gone.is_empty() {
        base
    } else {
        format!("{base}~{}", gone.join(","))
    }
}

/// Checks `word graph + nim heap` (the heap left out when 0) against the
/// plain search: value, outcome, the set of winning moves, each leading to
/// a position worth 0.
fn check(n: usize, cycle: bool, arc: bool, alive: u64, heap: u64) -> Result<(), TestCaseError> {
    let mut plain = Plain::new(n, cycle, arc);
    let g = plain.value(alive);
    let word = if arc { "arckayles" } else { "nodekayles" };
    let with_heap = heap;
    let sum = |alive: u64, heap: u64| {
        let graph = format!("{word} {}", notation(n, cycle, alive));
        if with_heap == 0 {
            graph
        } else {
            format!("{graph} + nim {heap}")
        }
    };
    let text = sum(alive, heap);
    let p: Position = text.parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    prop_assert_eq!(a.value, Some(g ^ heap), "{}", text);
    prop_assert_eq!(a.outcome == Outcome::P, g == heap, "{}", text);
    let mut want: Vec<String> = plain
        .options(alive)
        .into_iter()
        .filter(|&o| plain.value(o) == heap)
        .map(|o| sum(o, heap))
        .collect();
    if g < heap {
        want.push(sum(alive, g));
    }
    want.sort();
    let got = common::afters(&p, &a.winning_moves);
    prop_assert_eq!(&got, &want, "{}", text);
    for m in &a.winning_moves {
        let after = p.play(m).unwrap();
        prop_assert_eq!(after.grundy_value().unwrap(), 0, "{} after {}", text, after);
    }
    Ok(())
}

#[test]
fn every_small_path_and_cycle_whole() {
    for arc in [false, true] {
        for n in 1..=18 {
            check(n, false, arc, (1 << n) - 1, 0).unwrap();
            if n >= 3 {
                check(n, true, arc, (1 << n) - 1, 0).unwrap();
            }
        }
    }
}

#[test]
fn every_path_of_up_to_10_with_any_vertices_gone() {
    for arc in [false, true] {
        for n in 1..=10usize {
            for alive in 1..1u64 << n {
                check(n, false, arc, alive, 0).unwrap();
            }
        }
    }
}

/// The basis named is the octal game, and a long path needs no search.
#[test]
fn long_paths_and_cycles_name_the_octal_game() {
    for (text, code) in [
        ("nodekayles path:4000", "0.137"),
        ("nodekayles cycle:4000", "0.137"),
        ("arckayles path:4000", "0.07"),
        ("arckayles cycle:3001", "0.07"),
    ] {
        let p: Position = text.parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        let basis = &a.component_bases[0];
        assert_eq!(basis.word(), "octal", "{text}");
        let Basis::Rule { name, .. } = basis else {
            panic!("{text}: {basis:?}");
        };
        assert!(name.contains(code), "{text}: {name}");
        for m in &a.winning_moves {
            assert_eq!(p.play(m).unwrap().grundy_value().unwrap(), 0, "{text}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Paths and cycles of up to 24 vertices, some gone, beside a heap.
    #[test]
    fn paths_and_cycles_with_gone_vertices_beside_a_heap(
        n in 1usize..=24, cycle: bool, arc: bool, gone in any::<u64>(), heap in 0u64..6,
    ) {
        let cycle = cycle && n >= 3;
        // About one vertex in four gone.
        let gone = gone & (gone >> 24) & ((1u64 << n) - 1);
        check(n, cycle, arc, ((1u64 << n) - 1) & !gone, heap)?;
    }
}
