//! Geography with stones (AtCoder AGC010 F): the theorem on trees
//! (outcome and every winning move) and the searched Grundy values against
//! a plain search over (stones, piece) on random small trees and graphs
//! with cycles; the contest's samples; the notation read and printed
//! back; bad input.

mod common;

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use sprague::{movetext, Analyzer, Outcome, Play, Position};

/// A small graph on vertices 1..=n with stones.
struct Small {
    n: usize,
    edges: Vec<(usize, usize)>,
}

impl Small {
    fn notation(&self) -> String {
        let mut items: Vec<String> = (1..=self.n).map(|i| i.to_string()).collect();
        items.extend(
            self.edges
                .iter()
                .map(|&(a, b)| format!("{}-{}", a + 1, b + 1)),
        );
        items.join(",")
    }

    fn text(&self, counts: &[u64], at: usize) -> String {
        let c: Vec<String> = counts.iter().map(u64::to_string).collect();
        format!("{}={}@{}", self.notation(), c.join(","), at + 1)
    }

    fn neighbours(&self, v: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .edges
            .iter()
            .filter_map(|&(a, b)| {
                if a == v {
                    Some(b)
                } else if b == v {
                    Some(a)
                } else {
                    None
                }
            })
            .collect();
        out.sort_unstable();
        out
    }

    fn options(&self, counts: &[u64], at: usize) -> Vec<(Vec<u64>, usize)> {
        if counts[at] == 0 {
            return Vec::new();
        }
        let mut after = counts.to_vec();
        after[at] -= 1;
        self.neighbours(at)
            .into_iter()
            .map(|u| (after.clone(), u))
            .collect()
    }

    /// The plain search: the mex of the options' values.
    fn plain(&self, counts: &[u64], at: usize, memo: &mut HashMap<(Vec<u64>, usize), u64>) -> u64 {
        if let Some(&g) = memo.get(&(counts.to_vec(), at)) {
            return g;
        }
        let values: Vec<u64> = self
            .options(counts, at)
            .into_iter()
            .map(|(c, u)| self.plain(&c, u, memo))
            .collect();
        let g = (0..).find(|g| !values.contains(g)).unwrap();
        memo.insert((counts.to_vec(), at), g);
        g
    }
}

/// A random tree (or, with `extra`, a graph with that many more edges) on
/// up to 7 vertices, stones 0 to 3 on each, and a piece.
fn random_case(rng: &mut impl Rng, extra: usize) -> (Small, Vec<u64>, usize) {
    let n = rng.random_range(1..=7usize);
    let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (rng.random_range(0..v), v)).collect();
    for _ in 0..extra {
        let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
        let e = (a.min(b), a.max(b));
        if a != b && !edges.contains(&e) && !edges.contains(&(e.1, e.0)) {
            edges.push(e);
        }
    }
    let counts = (0..n).map(|_| rng.random_range(0..=3u64)).collect();
    let at = rng.random_range(0..n);
    (Small { n, edges }, counts, at)
}

/// The analysis against the plain search: the outcome, the value (beside
/// a Nim heap when `heap` is given), every winning move, each leading to a
/// P-position, its text read back.
fn check(g: &Small, counts: &[u64], at: usize, heap: Option<u64>, tree: bool) {
    let mut memo = HashMap::new();
    let value = g.plain(counts, at, &mut memo);
    let nim = heap.map_or(String::new(), |h| format!(" + nim {h}"));
    let t = format!("stones {}{nim}", g.text(counts, at));
    let p: Position = t.parse().unwrap();
    assert_eq!(p.to_string(), t);
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    let h = heap.unwrap_or(0);
    assert_eq!(a.outcome == Outcome::P, value == h, "{t}");
    if heap.is_none() && tree {
        assert_eq!(a.basis.word(), "tree-stones", "{t}");
    }
    let mut want: Vec<String> = g
        .options(counts, at)
        .into_iter()
        .filter(|(c, u)| g.plain(c, *u, &mut memo) == h)
        .map(|(c, u)| format!("stones {}{nim}", g.text(&c, u)))
        .collect();
    if value < h {
        want.push(format!("stones {} + nim {value}", g.text(counts, at)));
    }
    want.sort();
    assert_eq!(common::afters(&p, &a.winning_moves), want, "{t}");
    for m in &a.winning_moves {
        let after = p.play(m).unwrap();
        assert_eq!(after.grundy_value().unwrap(), 0, "{t} -> {after}");
        let read = movetext::parse(&p, &movetext::write(&p, m)).unwrap();
        assert_eq!(p.play(&read).unwrap(), after);
    }
}

/// 1,500 random trees: the theorem's outcome and winning moves are the
/// plain search's.
#[test]
fn the_tree_theorem_agrees_with_plain_search() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(10);
    for _ in 0..1_500 {
        let (g, counts, at) = random_case(&mut rng, 0);
        check(&g, &counts, at, None, true);
    }
}

/// Graphs with cycles (searched) and sums with a Nim heap (values by
/// search) agree with the plain search too.
#[test]
fn cycles_and_sums_agree_with_plain_search() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    for i in 0..400 {
        let (g, counts, at) = random_case(&mut rng, 3);
        check(&g, &counts, at, (i % 2 == 1).then_some(i as u64 % 4), false);
    }
}

/// The three samples of AGC010 F: the vertices from which the first player
/// wins.
#[test]
fn the_contest_samples() {
    for (counts, edges, winners) in [
        ("1,2,3", "1-2,2-3", vec![2]),
        ("5,4,1,2,3", "1-2,1-3,2-4,2-5", vec![1, 2]),
        ("1,1,1", "1-2,2-3", vec![]),
    ] {
        let n = counts.split(',').count();
        let got: Vec<usize> = (1..=n)
            .filter(|v| {
                let p: Position = format!("stones {edges}={counts}@{v}").parse().unwrap();
                let a = Analyzer::default()
                    .with_value(false)
                    .analyze(&p, Play::Normal, None)
                    .unwrap();
                a.outcome == Outcome::N
            })
            .collect();
        assert_eq!(got, winners, "{edges}={counts}");
    }
}

/// A tree of 3,000 vertices with stones up to 10^9 (the contest's limits):
/// the theorem answers every start with its winning moves, and agrees with
/// the editorial's recursion written here from each start.
#[test]
fn a_tree_at_the_contest_limits() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(12);
    let n = 3_000;
    let mut adj = vec![Vec::new(); n];
    let mut edges = Vec::new();
    for v in 1..n {
        let p = rng.random_range(0..v);
        adj[p].push(v);
        adj[v].push(p);
        edges.push(format!("{}-{}", p + 1, v + 1));
    }
    let a: Vec<u64> = (0..n)
        .map(|_| rng.random_range(0..=1_000_000_000u64))
        .collect();
    let counts: Vec<String> = a.iter().map(u64::to_string).collect();
    let graph = format!("{}={}", edges.join(","), counts.join(","));
    // The recursion from the AGC010 F editorial, by plain recursion.
    fn wins(adj: &[Vec<usize>], a: &[u64], x: usize, parent: usize) -> bool {
        adj[x]
            .iter()
            .any(|&c| c != parent && a[c] < a[x] && !wins(adj, a, c, x))
    }
    for _ in 0..30 {
        let v = rng.random_range(0..n);
        let p: Position = format!("stones {graph}@{}", v + 1).parse().unwrap();
        let r = Analyzer::default()
            .with_value(false)
            .analyze(&p, Play::Normal, None)
            .unwrap();
        assert_eq!(
            r.outcome == Outcome::N,
            wins(&adj, &a, v, usize::MAX),
            "start {}",
            v + 1
        );
        for m in &r.winning_moves {
            let after = p.play(m).unwrap();
            let b = Analyzer::default()
                .with_value(false)
                .analyze(&after, Play::Normal, None)
                .unwrap();
            assert_eq!(b.outcome, Outcome::P);
        }
    }
}

#[test]
fn positions_print_back_and_bad_input_is_named() {
    for t in [
        "stones path:3=2,1,3@1",
        "stones a-b,b-c=a:2,c:1@a",
        "stones grid:2x2=1,0,0,18446744073709551615@4 path:2=1,1@2",
    ] {
        let p: Position = t.parse().unwrap();
        assert_eq!(p.to_string(), t);
    }
    for (t, says) in [
        ("stones path:3@1", "gives no stones"),
        ("stones path:3=1,2,3", "has no piece"),
        (
            "stones path:3=1,2@1",
            "gives 2 counts for a graph of 3 vertices",
        ),
        (
            "stones path:3=1,x,3@1",
            "`x` in path:3=1,x,3@1 is not a number of stones",
        ),
        ("stones path:3=1,2,3@4", "is not a vertex"),
        ("stones a-b=1,2@a", "no vertex named 1"),
        ("stones a-b=a:1,a:2@a", "given stones twice"),
        ("stones a-b=c:1@a", "`c` after `=`"),
        ("stones path:3~1=1,2,3@2", "no visited vertices"),
        ("stones a-b==a:1@a", "more than one `=`"),
        ("stones 1-2=1,2=3@1", "more than one `=`"),
        (
            "stones path:3=5@1",
            "gives 1 count for a graph of 3 vertices",
        ),
    ] {
        let err = t.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{t}: {err}");
    }
    let p: Position = "stones path:3=0,1,3@1".parse().unwrap();
    assert!(movetext::parse(&p, "2").is_err());
    let p: Position = "stones path:3=2,1,3@1".parse().unwrap();
    assert!(movetext::parse(&p, "3").is_err());
    assert_eq!(
        p.play(&movetext::parse(&p, "2").unwrap())
            .unwrap()
            .to_string(),
        "stones path:3=1,1,3@2"
    );
}

/// Misère play is the generic search's; every winning move agrees with it.
#[test]
fn misere_play_agrees_with_the_generic_search() {
    for t in [
        "stones path:3=2,1,3@1",
        "stones path:4=1,2,2,1@2 + nim 1",
        "stones cycle:4=1,1,2,1@1",
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

/// A value whose search would pass the state limit is refused at once
/// when the piece and a neighbour hold that many stones (the contest's
/// counts), not after filling the memory.
#[test]
fn hopeless_value_searches_are_refused_at_once() {
    let p: Position = "stones path:3=1000000000,999999999,5@2 + nim 1"
        .parse()
        .unwrap();
    let start = std::time::Instant::now();
    let err = p.grundy_value().unwrap_err();
    assert!(matches!(err, sprague::Error::StateLimit { .. }), "{err}");
    // Refused before any search (a search this deep would take minutes).
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    // Its outcome alone comes from the theorem.
    let lone: Position = "stones path:3=1000000000,999999999,5@2".parse().unwrap();
    let a = Analyzer::default()
        .with_value(false)
        .analyze(&lone, Play::Normal, None)
        .unwrap();
    assert_eq!(a.basis.word(), "tree-stones");
}
