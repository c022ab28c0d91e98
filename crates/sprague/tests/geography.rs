//! Geography: the theorem of Fraenkel, Scheinerman and Ullman (outcome and
//! every winning move) and the searched Grundy values against a plain
//! search over (visited set, token) on random small graphs, alone and
//! beside a Nim heap; the notation read and printed back; bad input.

mod common;

use std::collections::HashMap;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
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

/// The plain search's outcome of a lone token: whether the player to move
/// wins, memoised on (alive vertices, token).
fn plain_wins(g: &Small, alive: u32, at: usize, memo: &mut HashMap<(u32, usize), bool>) -> bool {
    if let Some(&w) = memo.get(&(alive, at)) {
        return w;
    }
    let w = g
        .options(alive, at)
        .into_iter()
        .any(|(a, u)| !plain_wins(g, a, u, memo));
    memo.insert((alive, at), w);
    w
}

/// 1,000 random graphs of up to 14 vertices (every density, some vertices
/// visited): the theorem's outcome and every winning move of a lone token
/// are the plain search's, and each winning move leaves a P-position.
/// Bipartite parts take the matching of Hopcroft and Karp, the others
/// Edmonds' blossoms: both meet here.
#[test]
fn a_thousand_graphs_of_up_to_14_vertices_agree_with_plain_search() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x6e0_9a1);
    let mut bipartite = 0;
    for case in 0..1_000 {
        let n = 1 + rng.random_range(0..14) as usize;
        // Sparse graphs (trees and forests, mostly bipartite) as often as
        // dense ones.
        let p100 = [8, 15, 25, 50][case % 4];
        let edges: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .filter(|_| rng.random_range(0..100) < p100)
            .collect();
        let g = Small { n, edges };
        let at = rng.random_range(0..n as u64) as usize;
        let alive = (0..n as u32)
            .filter(|&v| v == at as u32 || rng.random_range(0..5) > 0)
            .fold(0u32, |a, v| a | 1 << v);
        let t = format!("geography {}", g.text(alive, at));
        let p: Position = t.parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        assert_eq!(a.basis.word(), "matching", "{t}");
        let mut memo = HashMap::new();
        let wins = plain_wins(&g, alive, at, &mut memo);
        assert_eq!(a.outcome == Outcome::N, wins, "{t}");
        let mut want: Vec<String> = g
            .options(alive, at)
            .into_iter()
            .filter(|&(a2, u)| !plain_wins(&g, a2, u, &mut memo))
            .map(|(a2, u)| format!("geography {}", g.text(a2, u)))
            .collect();
        want.sort();
        assert_eq!(common::afters(&p, &a.winning_moves), want, "{t}");
        for m in &a.winning_moves {
            let after = p.play(m).unwrap();
            let b = Analyzer::default()
                .analyze(&after, Play::Normal, None)
                .unwrap();
            assert_eq!(b.outcome, Outcome::P, "{t} -> {after}");
        }
        bipartite += usize::from(!has_odd_cycle(&g, alive));
    }
    // Both kinds of part were met.
    assert!((200..900).contains(&bipartite), "{bipartite} bipartite");
}

/// Whether the alive vertices of `g` hold an odd cycle (a 2-colouring by
/// search fails).
fn has_odd_cycle(g: &Small, alive: u32) -> bool {
    let mut colour = vec![None; g.n];
    for s in (0..g.n).filter(|&v| alive >> v & 1 == 1) {
        if colour[s].is_some() {
            continue;
        }
        colour[s] = Some(false);
        let mut stack = vec![s];
        while let Some(u) = stack.pop() {
            for w in (0..g.n).filter(|&w| alive >> w & 1 == 1 && g.adjacent(u, w)) {
                match colour[w] {
                    None => {
                        colour[w] = Some(!colour[u].unwrap());
                        stack.push(w);
                    }
                    Some(c) if c == colour[u].unwrap() => return true,
                    Some(_) => {}
                }
            }
        }
    }
    false
}

/// Whether the player to move wins Geography on a tree from `at`, by the
/// tree's own recursion (a token arriving at x from its parent wins for
/// the player to move exactly when some child is a loss for the player
/// who moves there next), computed bottom-up without recursion.
fn tree_wins(adj: &[Vec<usize>], at: usize) -> (bool, Vec<usize>) {
    let n = adj.len();
    let mut parent = vec![usize::MAX; n];
    let mut order = vec![at];
    parent[at] = at;
    let mut i = 0;
    while i < order.len() {
        let u = order[i];
        i += 1;
        for &w in &adj[u] {
            if parent[w] == usize::MAX {
                parent[w] = u;
                order.push(w);
            }
        }
    }
    let mut wins = vec![false; n];
    for &u in order.iter().rev() {
        wins[u] = adj[u].iter().any(|&w| parent[w] == u && !wins[w]);
    }
    let moves = adj[at].iter().copied().filter(|&w| !wins[w]).collect();
    (wins[at], moves)
}

/// Random trees of 3,000 vertices, given as inline edges: from 40 starts
/// each, the outcome and every winning move are the tree recursion's.
#[test]
fn random_trees_agree_with_the_tree_recursion() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x7_4ee);
    for _ in 0..3 {
        let n = 3_000;
        let mut adj = vec![Vec::new(); n];
        let mut edges = Vec::new();
        for v in 1..n {
            // Random parents (a random recursive tree), and now and then a
            // long path.
            let p = if rng.random_range(0..4) == 0 {
                v - 1
            } else {
                rng.random_range(0..v as u64) as usize
            };
            adj[p].push(v);
            adj[v].push(p);
            edges.push(format!("{}-{}", p + 1, v + 1));
        }
        let graph = edges.join(",");
        for _ in 0..40 {
            let at = rng.random_range(0..n as u64) as usize;
            let p: Position = format!("geography {graph}@{}", at + 1).parse().unwrap();
            let a = Analyzer::default()
                .with_value(false)
                .analyze(&p, Play::Normal, None)
                .unwrap();
            let (wins, moves) = tree_wins(&adj, at);
            assert_eq!(a.outcome == Outcome::N, wins, "start {}", at + 1);
            let mut got: Vec<String> = a
                .winning_moves
                .iter()
                .map(|m| movetext::write(&p, m))
                .collect();
            got.sort();
            let mut want: Vec<String> = moves.iter().map(|w| (w + 1).to_string()).collect();
            want.sort();
            assert_eq!(got, want, "start {}", at + 1);
        }
    }
}

/// Grids past 2^20 cells, up to 2^64 - 1, by the grid's closed form: the
/// outcome and every winning move of a token on a whole grid, printed
/// back as written; a sum with a P-position's token by its value 0; and a
/// grid with a cell visited (no closed form) refused at the state limit.
#[test]
fn grids_of_any_size_by_their_closed_form() {
    let moves = |t: &str| {
        let p: Position = t.parse().unwrap();
        assert_eq!(p.to_string(), t);
        let a = Analyzer::default()
            .with_value(false)
            .analyze(&p, Play::Normal, None)
            .unwrap();
        assert_eq!(a.basis.word(), "matching", "{t}");
        let names: Vec<String> = a
            .winning_moves
            .iter()
            .map(|m| movetext::write(&p, m))
            .collect();
        (a.outcome, names)
    };
    let n = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for (t, outcome, wins) in [
        (
            "geography grid:10000x10000@1",
            Outcome::N,
            n(&["2", "10001"]),
        ),
        (
            "geography grid:10000x10000@2",
            Outcome::N,
            n(&["1", "3", "10002"]),
        ),
        ("geography grid:9999x9999@1", Outcome::P, n(&[])),
        (
            "geography grid:9999x9999@2",
            Outcome::N,
            n(&["1", "3", "10001"]),
        ),
        (
            "geography grid:9999x9999@10000",
            Outcome::N,
            n(&["1", "10001", "19999"]),
        ),
        ("geography grid:1000000000x3@1", Outcome::N, n(&["2", "4"])),
        (
            "geography grid:1000000000x3@5",
            Outcome::N,
            n(&["2", "4", "6", "8"]),
        ),
        // A path: towards an end an odd number of steps away, only.
        ("geography grid:1x100000000000@7", Outcome::N, n(&["8"])),
        ("geography grid:100000000000x1@2", Outcome::N, n(&["1"])),
        ("geography grid:1x100000000001@7", Outcome::P, n(&[])),
        // 2^64 - 1 cells, both sides odd: the last cell is of the corners'
        // colour, its neighbour of the other.
        (
            "geography grid:4294967295x4294967297@18446744073709551615",
            Outcome::P,
            n(&[]),
        ),
        (
            "geography grid:4294967295x4294967297@18446744073709551614",
            Outcome::N,
            n(&[
                "18446744069414584317",
                "18446744073709551613",
                "18446744073709551615",
            ]),
        ),
    ] {
        let (o, mut got) = moves(t);
        got.sort();
        let mut want = wins.clone();
        want.sort();
        assert_eq!((o, got), (outcome, want), "{t}");
    }
    let p: Position = "geography grid:9999x9999@1 + nim 5".parse().unwrap();
    assert_eq!(p.grundy_value().unwrap(), 5);
    // With a vertex visited there is no closed form, and no graph to
    // search: refused by name, not at a limit no flag can raise.
    let p: Position = "geography grid:10000x10000~1@2".parse().unwrap();
    let err = p.grundy_value().unwrap_err();
    assert!(matches!(err, sprague::Error::Unsupported(_)), "{err}");
    assert!(err.to_string().contains("no vertex is visited"), "{err}");
    // An N-position's value is out of any search's reach.
    let p: Position = "geography grid:10000x10000@2 + nim 1".parse().unwrap();
    let err = p.grundy_value().unwrap_err();
    assert!(matches!(err, sprague::Error::StateLimit { .. }), "{err}");
    for (t, says) in [
        (
            "geography grid:10000x10000@0",
            "is not a vertex of grid:10000x10000",
        ),
        ("geography grid:10000x10000~3,3@1", "visited twice"),
        (
            "geography grid:10000x10000~1@1",
            "among the visited vertices",
        ),
        (
            "geography grid:4294967296x4294967296@1",
            "more than 2^64 - 1 cells",
        ),
        ("geography grid:0x5@1", "has no cells"),
        ("geography grid:5000000000x0@1", "has no cells"),
    ] {
        let err = t.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{t}: {err}");
    }
    // A move is read and played.
    let p: Position = "geography grid:9999x9999@2".parse().unwrap();
    let m = movetext::parse(&p, "10001").unwrap();
    assert_eq!(
        p.play(&m).unwrap().to_string(),
        "geography grid:9999x9999~2@10001"
    );
    assert!(movetext::parse(&p, "5").is_err());
}

/// Boards of steps (`steps:RxC:STEPS`) are the graphs their steps say:
/// on boards up to 3 x 4 with a king's, a knight's, a 5 x 5 reach and
/// steps written out, the outcome and every winning move of a token on
/// each cell agree with the plain search over the same edges, built here
/// from the steps.
#[test]
fn boards_of_steps_agree_with_plain_search() {
    let sets: [(&str, Vec<(i64, i64)>); 4] = [
        ("king", vec![(0, 1), (1, -1), (1, 0), (1, 1)]),
        ("knight", vec![(1, 2), (2, 1), (1, -2), (2, -1)]),
        (
            "king:2",
            (-2i64..=2)
                .flat_map(|r| (-2i64..=2).map(move |c| (r, c)))
                .filter(|&(r, c)| (r, c) > (0, 0))
                .collect(),
        ),
        ("0,2/1,-1", vec![(0, 2), (1, -1)]),
    ];
    for rows in 1..=3i64 {
        for cols in 1..=4i64 {
            for (spec, steps) in &sets {
                let mut edges = Vec::new();
                for r in 0..rows {
                    for c in 0..cols {
                        for &(dr, dc) in steps {
                            let (r2, c2) = (r + dr, c + dc);
                            if (0..rows).contains(&r2) && (0..cols).contains(&c2) {
                                let (a, b) = ((r * cols + c) as usize, (r2 * cols + c2) as usize);
                                edges.push((a.min(b), a.max(b)));
                            }
                        }
                    }
                }
                edges.sort_unstable();
                edges.dedup();
                let n = (rows * cols) as usize;
                let g = Small { n, edges };
                let full = (1u32 << n) - 1;
                for at in 0..n {
                    let t = format!("geography steps:{rows}x{cols}:{spec}@{}", at + 1);
                    let p: Position = t.parse().unwrap();
                    assert_eq!(p.to_string(), t);
                    let a = Analyzer::default()
                        .with_value(false)
                        .analyze(&p, Play::Normal, None)
                        .unwrap();
                    let mut memo = HashMap::new();
                    assert_eq!(
                        a.outcome == Outcome::N,
                        plain_wins(&g, full, at, &mut memo),
                        "{t}"
                    );
                    let mut got: Vec<String> = a
                        .winning_moves
                        .iter()
                        .map(|m| movetext::write(&p, m))
                        .collect();
                    got.sort();
                    let mut want: Vec<String> = g
                        .options(full, at)
                        .into_iter()
                        .filter(|&(a2, u)| !plain_wins(&g, a2, u, &mut memo))
                        .map(|(_, u)| (u + 1).to_string())
                        .collect();
                    want.sort();
                    assert_eq!(got, want, "{t}");
                }
            }
        }
    }
    for (t, says) in [
        ("geography steps:3x3@1", "steps:RxC:STEPS"),
        ("geography steps:3x3:0,0@1", "goes nowhere"),
        ("geography steps:3x3:1@1", "is not a step dr,dc"),
        ("geography steps:3x3:king:0@1", "not a king's reach"),
        (
            "geography steps:1024x1024:king:2@1",
            "more than the 8388608",
        ),
    ] {
        let err = t.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{t}: {err}");
    }
}
