//! Node Kayles and Arc Kayles on graphs: published values (OEIS A316632,
//! Node Kayles on the 3 x n grid; Dawson's chess on paths), and every
//! value, outcome and winning move against a plain search over which
//! vertices remain, on random small graphs, alone and beside a Nim heap.
//!
//! The 3 x n grids past n = 10 take seconds in a debug build: run them with
//! `cargo test --release -p sprague --test nodekayles -- --ignored`.

mod common;

use std::collections::HashMap;

use proptest::prelude::*;
use sprague::{movetext, Analyzer, Limits, Outcome, Play, Position, Solver};

/// OEIS A316632: Node Kayles on the 3 x n grid, n = 1..16.
const A316632: [u64; 16] = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];

/// OEIS A002187: Dawson's chess (octal 0.137), n = 0..24.
const A002187: [u64; 25] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0,
];

fn value(text: &str) -> u64 {
    let p: Position = text.parse().unwrap();
    p.grundy_value().unwrap()
}

/// A plain search: the Grundy value of the graph `adj` (bit rows) on the
/// vertices of `alive`, by the definition, with no split and no reduction.
struct Plain {
    adj: Vec<u32>,
    arc: bool,
    memo: HashMap<u32, u64>,
}

impl Plain {
    fn options(&self, alive: u32) -> Vec<u32> {
        let n = self.adj.len();
        let mut out = Vec::new();
        for u in 0..n {
            if alive >> u & 1 == 0 {
                continue;
            }
            if self.arc {
                for v in u + 1..n {
                    if alive >> v & 1 == 1 && self.adj[u] >> v & 1 == 1 {
                        out.push(alive & !(1 << u | 1 << v));
                    }
                }
            } else {
                out.push(alive & !(self.adj[u] | 1 << u));
            }
        }
        out
    }

    fn value(&mut self, alive: u32) -> u64 {
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

#[test]
fn node_kayles_on_3_by_n_grids_is_a316632() {
    for n in 1..=10 {
        assert_eq!(
            value(&format!("nodekayles grid:3x{n}")),
            A316632[n - 1],
            "3 x {n}"
        );
    }
}

#[test]
#[ignore = "seconds in a debug build: run with --release -- --ignored"]
fn node_kayles_on_3_by_n_grids_is_a316632_to_14() {
    for n in 11..=14 {
        assert_eq!(
            value(&format!("nodekayles grid:3x{n}")),
            A316632[n - 1],
            "3 x {n}"
        );
    }
}

#[test]
fn paths_are_dawsons_chess_and_ladders_alternate() {
    for (n, &g) in A002187.iter().enumerate() {
        assert_eq!(value(&format!("nodekayles path:{n}")), g, "path {n}");
        // The same path as a 1 x n grid, and written inline.
        if n > 0 {
            assert_eq!(value(&format!("nodekayles grid:1x{n}")), g, "1 x {n}");
        }
    }
    // A path is valued by the octal game, at any length, without search.
    let p: Position = "nodekayles path:300".parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert_eq!(a.component_bases[0].word(), "octal");
    // OEIS A316632's comments: the 2 x n ladder alternates 1, 0, ... and
    // the 4 x n grid is 0.
    for n in 1..=8 {
        assert_eq!(
            value(&format!("nodekayles grid:2x{n}")),
            n as u64 % 2,
            "2 x {n}"
        );
    }
    for n in 1..=6 {
        assert_eq!(value(&format!("nodekayles grid:4x{n}")), 0, "4 x {n}");
    }
}

#[test]
fn small_families() {
    // The Petersen graph: a vertex leaves a 6-cycle (worth 0), so 1.
    assert_eq!(value("nodekayles petersen"), 1);
    assert_eq!(value("nodekayles complete:5"), 1);
    // cycle:1 is one vertex and cycle:2 one edge (issue 57): each is
    // taken in one move, as the same graphs written inline.
    for (cycle, inline) in [("cycle:1", "a"), ("cycle:2", "a-b")] {
        assert_eq!(value(&format!("nodekayles {cycle}")), 1, "{cycle}");
        assert_eq!(value(&format!("nodekayles {inline}")), 1, "{inline}");
        let p: Position = format!("nodekayles {cycle} {cycle}").parse().unwrap();
        assert_eq!(p.grundy_value().unwrap(), 0, "{p}");
        let p: Position = format!("nodekayles {cycle}").parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        for m in &a.winning_moves {
            assert_eq!(p.play(m).unwrap().grundy_value().unwrap(), 0, "{p}");
        }
    }
    // A cycle of n moves to a path of n - 3.
    for n in 3..=20u64 {
        let want = u64::from(A002187[(n - 3) as usize] == 0);
        assert_eq!(value(&format!("nodekayles cycle:{n}")), want, "cycle {n}");
    }
    // Arc Kayles: K_n leaves K_(n-2); a path is Dawson's Kayles.
    for n in 0..=9u64 {
        assert_eq!(
            value(&format!("arckayles complete:{n}")),
            (n / 2) % 2,
            "K_{n}"
        );
    }
    assert_eq!(value("arckayles path:7"), 1);
    assert_eq!(value("arckayles path:6"), 3);
    // Vertices gone after `~` split the graph.
    assert_eq!(
        value("nodekayles path:9~5"),
        value("nodekayles path:4 path:4")
    );
}

#[test]
fn positions_print_back() {
    for text in [
        "nodekayles grid:3x5~1,2,6 + nim 3",
        "arckayles a-b,b-c,c-a,d petersen~3",
        "nodekayles path:4 cycle:5",
    ] {
        let p: Position = text.parse().unwrap();
        assert_eq!(p.to_string(), text);
    }
    let p: Position = "nodekayles grid:3x5".parse().unwrap();
    let m = movetext::parse(&p, "7").unwrap();
    assert_eq!(
        p.play(&m).unwrap().to_string(),
        "nodekayles grid:3x5~2,6,7,8,12"
    );
}

#[test]
fn bad_graphs_say_what_is_wrong() {
    for (text, says) in [
        ("nodekayles grid:3y5", "is not a size RxC"),
        ("nodekayles cycle:0", "cycle takes from 1"),
        (
            "nodekayles path:5~9",
            "`9` after `~` in path:5~9 is not a vertex",
        ),
        ("nodekayles a-a", "is a loop"),
        ("nodekayles star:5", "unknown graph family `star`"),
        ("arckayles path:x", "`x` in path:x is not a number"),
    ] {
        let err = text.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
    let p: Position = "nodekayles path:5~3".parse().unwrap();
    let err = movetext::parse(&p, "3").unwrap_err().to_string();
    assert!(err.contains("illegal"), "{err}");
    let err = movetext::parse(&p, "q").unwrap_err().to_string();
    assert!(err.contains("`q` names no move"), "{err}");
}

/// A random graph on up to 8 vertices: its edges as pairs.
fn graph() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (1usize..=8).prop_flat_map(|n| {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        let m = pairs.len();
        (Just(n), proptest::sample::subsequence(pairs, 0..=m))
    })
}

fn inline(n: usize, edges: &[(usize, usize)]) -> String {
    // Every vertex written first (the lone ones exist too, and vertices
    // are numbered in the order of their names), then the edges.
    let mut items: Vec<String> = (0..n).map(|v| format!("v{v}")).collect();
    items.extend(edges.iter().map(|(u, v)| format!("v{u}-v{v}")));
    items.join(",")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn values_and_winning_moves_agree_with_plain_search(
        (n, edges) in graph(), arc: bool, heap in 0u64..4, gone in 0u32..256,
    ) {
        let mut adj = vec![0u32; n];
        for &(u, v) in &edges {
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        }
        let alive = ((1u32 << n) - 1) & !gone;
        let mut plain = Plain { adj, arc, memo: HashMap::new() };
        let g = plain.value(alive);
        let word = if arc { "arckayles" } else { "nodekayles" };
        let gone_names: Vec<String> = (0..n).filter(|v| alive >> v & 1 == 0).map(|v| format!("v{v}")).collect();
        let graph = if gone_names.is_empty() {
            inline(n, &edges)
        } else {
            format!("{}~{}", inline(n, &edges), gone_names.join(","))
        };
        let text = format!("{word} {graph} + nim {heap}");
        let p: Position = text.parse().unwrap();
        prop_assert_eq!(p.to_string(), text.clone());
        let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        prop_assert_eq!(a.value, Some(g ^ heap), "{}", text);
        prop_assert_eq!(a.outcome == Outcome::P, g == heap);
        // Every winning move: the plain search's set of them, each read
        // back from its text.
        let mut want: Vec<String> = Vec::new();
        for o in plain.options(alive) {
            if plain.value(o) == heap {
                let names: Vec<String> = (0..n).filter(|v| o >> v & 1 == 0).map(|v| format!("v{v}")).collect();
                want.push(format!("{word} {}~{} + nim {heap}", inline(n, &edges), names.join(",")));
            }
        }
        if g > heap {
            // Nim moves are not winning here; heap moves to g when g < heap.
        } else if g < heap {
            want.push(format!("{word} {graph} + nim {g}"));
        }
        want.sort();
        let got = common::afters(&p, &a.winning_moves);
        prop_assert_eq!(&got, &want, "{}", text);
        for m in &a.winning_moves {
            let after = p.play(m).unwrap();
            prop_assert_eq!(after.grundy_value().unwrap(), 0);
            for t in [movetext::write(&p, m), m.display(&p).to_string(), after.to_string()] {
                let read = movetext::parse(&p, &t).unwrap();
                prop_assert_eq!(p.play(&read).unwrap(), after.clone(), "{}", t);
            }
        }
    }

    #[test]
    fn misere_play_agrees_with_the_generic_search((n, edges) in graph(), arc: bool) {
        let word = if arc { "arckayles" } else { "nodekayles" };
        let text = format!("{word} {} + nim 1", inline(n, &edges));
        let p: Position = text.parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
        let mut solver = Solver::new(sprague::SumGame::new(Limits::default()));
        prop_assert_eq!(a.outcome, solver.outcome(&p, Play::Misere).unwrap(), "{}", text);
        let listed = common::afters(&p, &a.winning_moves);
        let searched = common::searched_afters(&mut solver, &p, Play::Misere);
        prop_assert_eq!(&listed, &searched, "{}", text);
    }
}

/// A search that stores few positions but relabels many components (each
/// lookup canonicalises a graph) stops at its work limit, which the state
/// limit sets, rather than running for hours under a state limit it never
/// reaches.
#[test]
fn a_large_grid_stops_at_the_work_its_state_limit_allows() {
    let p: Position = "nodekayles grid:8x8".parse().unwrap();
    let limits = Limits {
        max_states: 300,
        ..Limits::default()
    };
    let e = Analyzer::new(limits)
        .analyze(&p, Play::Normal, Some(0))
        .unwrap_err();
    assert!(
        matches!(e, sprague::Error::WorkLimit { states: 300, .. }),
        "{e:?}"
    );
}
