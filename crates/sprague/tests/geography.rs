//! Geography: the theorem of Fraenkel, Scheinerman and Ullman (outcome and
//! every winning move) and the searched Grundy values against a plain
//! search over (visited set, token) on random small graphs, alone and
//! beside a Nim heap; the notation read and printed back; bad input.

mod common;

use std::collections::HashMap;

use proptest::prelude::*;
use sprague::{movetext, Analyzer, Outcome, Play, Position};

/// A small graph: `n` vertices named 1..=n and its edges (from 0).
#[derive(Clone, Debug)]
struct Small {
    n: usize,
    edges: Vec<(usize, usize)>,
}

impl Small {
    /// Inline notation naming every vertex first, so vertex i (from 0) is
    /// named i + 1 and prints in that order.
    fn notation(&self) -> String {
        let mut items: Vec<String> = (1..=self.n).map(|i| i.to_string()).collect();
        items.extend(
            self.edges
                .iter()
                .map(|&(a, b)| format!("{}-{}", a + 1, b + 1)),
        );
        items.join(",")
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.edges.iter().any(|&e| e == (a, b) || e == (b, a))
    }

    /// The position text: `alive` the vertices not yet visited (a bit
    /// mask), the token on `at`.
    fn text(&self, alive: u32, at: usize) -> String {
        let gone: Vec<String> = (0..self.n)
            .filter(|&v| alive >> v & 1 == 0)
            .map(|v| (v + 1).to_string())
            .collect();
        let sep = if gone.is_empty() { "" } else { "~" };
        format!("{}{sep}{}@{}", self.notation(), gone.join(","), at + 1)
    }

    fn options(&self, alive: u32, at: usize) -> Vec<(u32, usize)> {
        (0..self.n)
            .filter(|&u| alive >> u & 1 == 1 && self.adjacent(at, u))
            .map(|u| (alive & !(1 << at), u))
            .collect()
    }

    /// The plain search: the mex of the options' values.
    fn plain(&self, alive: u32, at: usize, memo: &mut HashMap<(u32, usize), u64>) -> u64 {
        if let Some(&g) = memo.get(&(alive, at)) {
            return g;
        }
        let values: Vec<u64> = self
            .options(alive, at)
            .into_iter()
            .map(|(a, u)| self.plain(a, u, memo))
            .collect();
        let g = (0..).find(|g| !values.contains(g)).unwrap();
        memo.insert((alive, at), g);
        g
    }
}

fn small() -> impl Strategy<Value = (Small, u32, usize)> {
    (1usize..=9)
        .prop_flat_map(|n| {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            let m = pairs.len();
            (
                Just(n),
                Just(pairs),
                proptest::collection::vec(any::<bool>(), m),
                0..(1u32 << n),
                0..n,
            )
        })
        .prop_map(|(n, pairs, keep, alive, at)| {
            let edges = pairs
                .into_iter()
                .zip(keep)
                .filter(|(_, k)| *k)
                .map(|(e, _)| e)
                .collect();
            (Small { n, edges }, alive | 1 << at, at)
        })
}

/// Every winning move, by the analysis, against the plain search; every
/// one leads to a P-position, and its text reads back.
fn check(g: &Small, alive: u32, at: usize, heap: Option<u64>) {
    let mut memo = HashMap::new();
    let value = g.plain(alive, at, &mut memo);
    let nim = heap.map_or(String::new(), |h| format!(" + nim {h}"));
    let t = format!("geography {}{nim}", g.text(alive, at));
    let p: Position = t.parse().unwrap();
    assert_eq!(p.to_string(), t);
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    let h = heap.unwrap_or(0);
    assert_eq!(a.outcome == Outcome::P, value == h, "{t}");
    assert_eq!(a.value, Some(value ^ h), "{t}");
    if heap.is_none() {
        assert_eq!(a.basis.word(), "matching", "{t}");
    }
    let mut want: Vec<String> = g
        .options(alive, at)
        .into_iter()
        .filter(|&(a2, u)| g.plain(a2, u, &mut memo) == h)
        .map(|(a2, u)| format!("geography {}{nim}", g.text(a2, u)))
        .collect();
    if value < h {
        want.push(format!("geography {} + nim {value}", g.text(alive, at)));
    }
    want.sort();
    assert_eq!(common::afters(&p, &a.winning_moves), want, "{t}");
    for m in &a.winning_moves {
        let after = p.play(m).unwrap();
        assert_eq!(after.grundy_value().unwrap(), 0, "{t} -> {after}");
        for s in [movetext::write(&p, m), after.to_string()] {
            let read = movetext::parse(&p, &s).unwrap();
            assert_eq!(p.play(&read).unwrap(), after, "{s}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A lone token: the theorem's outcome and winning moves are the
    /// plain search's.
    #[test]
    fn lone_tokens_agree_with_plain_search((g, alive, at) in small()) {
        check(&g, alive, at, None);
    }

    /// Beside a Nim heap: the searched Grundy value is the plain search's.
    #[test]
    fn sums_with_nim_agree_with_plain_search((g, alive, at) in small(), heap in 0u64..4) {
        check(&g, alive, at, Some(heap));
    }
}

#[test]
fn a_sum_with_nim_3_by_search() {
    // Vertex 2 of the 3 x 3 grid lies in the smaller side of the
    // bipartition (4 of 9 vertices), which every maximum matching (of 4
    // edges) covers: an N-position whose value only the search gives.
    let p: Position = "geography grid:3x3@2 + nim 3".parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    let lone: Position = "geography grid:3x3@2".parse().unwrap();
    let g = lone.grundy_value().unwrap();
    assert_eq!(a.value, Some(g ^ 3));
    for m in &a.winning_moves {
        assert_eq!(p.play(m).unwrap().grundy_value().unwrap(), 0);
    }
    assert_ne!(g, 0);
    assert!(a.basis.word() == "sprague-grundy", "{}", a.basis.word());
    assert_eq!(a.outcome == Outcome::P, g == 3);
}

#[test]
fn positions_print_back_as_written() {
    for t in [
        "geography grid:3x5@1",
        "geography grid:3x5~1,2@7",
        "geography petersen@3",
        "geography a-b,b-c,c-a,c-d~a@b",
        "geography path:9@5 cycle:7~1@2",
    ] {
        let p: Position = t.parse().unwrap();
        assert_eq!(p.to_string(), t);
    }
}

#[test]
fn bad_positions_and_moves_say_what_is_wrong() {
    for (t, says) in [
        ("geography grid:3x3", "has no token"),
        ("geography grid:3x3@10", "is not a vertex of the graph"),
        ("geography path:5~2@2", "among the visited vertices"),
        ("geography path:5~9@2", "is not a vertex of path:5"),
        ("geography grid:3@1", "is not a size"),
    ] {
        let err = t.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{t}: {err}");
    }
    let p: Position = "geography path:5~2@3".parse().unwrap();
    for bad in ["2", "5", "3", "x"] {
        assert!(movetext::parse(&p, bad).is_err(), "{bad}");
    }
    assert!(movetext::parse(&p, "4").is_ok());
}

/// Large graphs are answered by the theorem: a 32 x 32 grid from a
/// corner, where the theorem gives the outcome and every winning move.
#[test]
fn a_thousand_vertices_by_the_theorem() {
    let p: Position = "geography grid:32x32@1".parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert_eq!(a.basis.word(), "matching");
    // The grid has a perfect matching, so the corner is in every maximum
    // one: an N-position; and both moves leave an odd part with
    // maximum matchings that miss each of them.
    assert_eq!(a.outcome, Outcome::N);
    let p: Position = "geography grid:31x31@1".parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    // 961 vertices: a maximum matching (of 480 edges) misses the corner.
    assert_eq!(a.outcome, Outcome::P);
}

/// Misère play is the generic search's; every winning move agrees with it.
#[test]
fn misere_play_agrees_with_the_generic_search() {
    for t in [
        "geography grid:3x3@2",
        "geography petersen@1 + nim 1",
        "geography path:4@2 cycle:5@1",
    ] {
        let p: Position = t.parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
        let mut solver = sprague::Solver::new(sprague::SumGame::new(sprague::Limits::default()));
        assert_eq!(a.outcome, solver.outcome(&p, Play::Misere).unwrap(), "{t}");
        assert_eq!(
            common::afters(&p, &a.winning_moves),
            common::searched_afters(&mut solver, &p, Play::Misere),
            "{t}"
        );
    }
}

/// A value the search cannot reach names the state limit: at once for a
/// large part with too many paths from the token, else when the table
/// fills.
#[test]
fn values_out_of_reach_name_the_state_limit() {
    for (t, states) in [
        ("geography grid:32x32@2 + nim 1", 2_000_000),
        ("geography grid:4x4@2 + nim 1", 20),
    ] {
        let p: Position = t.parse().unwrap();
        let limits = sprague::Limits {
            max_states: states,
            ..sprague::Limits::default()
        };
        let err = Analyzer::new(limits)
            .analyze(&p, Play::Normal, None)
            .unwrap_err();
        assert!(
            matches!(err, sprague::Error::StateLimit { .. }),
            "{t}: {err}"
        );
    }
}
