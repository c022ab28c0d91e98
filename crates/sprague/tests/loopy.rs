//! Games with draws against an independent brute force: outcomes by
//! iterating the definitions to a fixed point over the whole game graph
//! (sums over the product graph), never by the retrograde analysis or the
//! labelling algorithm under test.

use std::collections::HashMap;

use proptest::prelude::*;
use sprague::loopy::{GameGraph, GenValue, LoopySolver};
use sprague::{Error, Game, Outcome};

/// A part of a sum: a token on a node of the graph, or a nim heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Part {
    Node(u32),
    Heap(u32),
}

/// Tokens on a graph beside nim heaps; a move moves one token along one
/// edge or takes from one heap. `split` lets the solver value the parts
/// one by one (Smith's theorem); without it the sum is searched whole.
struct Tokens {
    succ: Vec<Vec<u32>>,
    split: bool,
}

impl Game for Tokens {
    type Position = Vec<Part>;
    type Move = (usize, Part);
    fn moves(&self, p: &Vec<Part>) -> Result<Vec<(usize, Part)>, Error> {
        let mut out = Vec::new();
        for (i, part) in p.iter().enumerate() {
            match *part {
                Part::Node(u) => {
                    out.extend(self.succ[u as usize].iter().map(|&v| (i, Part::Node(v))))
                }
                Part::Heap(h) => out.extend((0..h).map(|k| (i, Part::Heap(k)))),
            }
        }
        Ok(out)
    }
    fn play(&self, p: &Vec<Part>, (i, to): &(usize, Part)) -> Vec<Part> {
        let mut q = p.clone();
        q[*i] = to.clone();
        q
    }
    fn canonical(&self, p: &Vec<Part>) -> Vec<Part> {
        let mut q = p.clone();
        q.sort();
        q
    }
    fn components(&self, p: &Vec<Part>) -> Result<Option<Vec<Vec<Part>>>, Error> {
        Ok((self.split && p.len() > 1).then(|| p.iter().map(|x| vec![x.clone()]).collect()))
    }
}

/// Every position reachable from `root` (canonical), with its options.
fn reachable(game: &Tokens, root: Vec<Part>) -> (Vec<Vec<Part>>, Vec<Vec<usize>>) {
    let mut index = HashMap::new();
    let mut list = vec![game.canonical(&root)];
    index.insert(list[0].clone(), 0);
    let mut opts = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let p = list[i].clone();
        let mut mine = Vec::new();
        for mv in game.moves(&p).unwrap() {
            let q = game.canonical(&game.play(&p, &mv));
            let id = *index.entry(q.clone()).or_insert_with(|| {
                list.push(q);
                list.len() - 1
            });
            mine.push(id);
        }
        opts.push(mine);
        i += 1;
    }
    (list, opts)
}

/// Outcomes by the definitions, iterated until nothing changes: a
/// position with a P option is N; one all of whose options are N (or
/// none) is P; what is never settled is a draw.
fn brute_outcomes(opts: &[Vec<usize>]) -> Vec<Outcome> {
    let mut o = vec![Outcome::D; opts.len()];
    loop {
        let mut changed = false;
        for u in 0..opts.len() {
            if o[u] != Outcome::D {
                continue;
            }
            let new = if opts[u].iter().any(|&v| o[v] == Outcome::P) {
                Outcome::N
            } else if opts[u].iter().all(|&v| o[v] == Outcome::N) {
                Outcome::P
            } else {
                continue;
            };
            o[u] = new;
            changed = true;
        }
        if !changed {
            return o;
        }
    }
}

/// Remoteness by its definition in rounds: the least k such that the
/// player to move wins within k moves (N) or loses within k moves (P).
fn brute_remoteness(opts: &[Vec<usize>]) -> Vec<Option<u64>> {
    let n = opts.len();
    let mut win = vec![false; n];
    let mut lose = vec![false; n];
    let mut r = vec![None; n];
    for k in 0..=(2 * n as u64 + 2) {
        let (w, l) = (win.clone(), lose.clone());
        for u in 0..n {
            let nw = k > 0 && opts[u].iter().any(|&v| l[v]);
            let nl = opts[u].iter().all(|&v| k > 0 && w[v]);
            if (nw || nl) && r[u].is_none() {
                r[u] = Some(k);
            }
            win[u] |= nw;
            lose[u] |= nl;
        }
    }
    r
}

fn graph_strategy() -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1usize..=7).prop_flat_map(|n| {
        proptest::collection::vec(
            proptest::collection::vec(0..n as u32, 0..=3).prop_map(|mut v| {
                v.sort_unstable();
                v.dedup();
                v
            }),
            n,
        )
    })
}

/// The generalized value of every node by brute force over the sums with
/// nim heaps: γ(u) = a exactly when u + *a is a P-position, and otherwise
/// ∞(K) with K the heaps a for which u + *a is an N-position (Smith's
/// characterisation; a value is at most the number of options).
fn brute_values(succ: &[Vec<u32>]) -> Vec<GenValue> {
    let game = Tokens {
        succ: succ.to_vec(),
        split: false,
    };
    let top = succ.iter().map(Vec::len).max().unwrap_or(0) as u32 + 1;
    (0..succ.len() as u32)
        .map(|u| {
            let mut k = Vec::new();
            for a in 0..=top {
                let (list, opts) = reachable(&game, vec![Part::Node(u), Part::Heap(a)]);
                match brute_outcomes(&opts)[0] {
                    Outcome::P => return GenValue::Finite(u64::from(a)),
                    Outcome::N => k.push(u64::from(a)),
                    Outcome::D => {}
                }
                drop(list);
            }
            GenValue::Infinite(k)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// One token: outcome, remoteness, value, every winning and every
    /// drawing move, against the brute force.
    #[test]
    fn lone_token_against_brute_force(succ in graph_strategy()) {
        let n = succ.len();
        let game = Tokens { succ: succ.clone(), split: false };
        let mut solver = LoopySolver::new(Tokens { succ: succ.clone(), split: false });
        let values = brute_values(&succ);
        for u in 0..n as u32 {
            let (list, opts) = reachable(&game, vec![Part::Node(u)]);
            let outcomes = brute_outcomes(&opts);
            let remote = brute_remoteness(&opts);
            let root = vec![Part::Node(u)];
            prop_assert_eq!(solver.outcome(&root).unwrap(), outcomes[0], "node {}", u);
            prop_assert_eq!(solver.remoteness(&root).unwrap(), remote[0], "node {}", u);
            prop_assert_eq!(&solver.value(&root).unwrap(), &values[u as usize], "node {}", u);
            let of = |p: &Vec<Part>| outcomes[list.iter().position(|q| q == p).unwrap()];
            let want_win: Vec<_> = game.moves(&root).unwrap().into_iter()
                .filter(|m| of(&game.play(&root, m)) == Outcome::P).collect();
            prop_assert_eq!(solver.winning_moves(&root).unwrap(), want_win);
            let want_draw: Vec<_> = if outcomes[0] == Outcome::D {
                game.moves(&root).unwrap().into_iter()
                    .filter(|m| of(&game.play(&root, m)) == Outcome::D).collect()
            } else { Vec::new() };
            prop_assert_eq!(solver.drawing_moves(&root).unwrap(), want_draw);
        }
        // The graph-level functions agree with the solver.
        let edges: Vec<(u32, u32)> = succ.iter().enumerate()
            .flat_map(|(u, vs)| vs.iter().map(move |&v| (u as u32, v))).collect();
        let g = GameGraph::from_edges(n, &edges);
        let labels = g.generalized_values();
        for u in 0..n as u32 {
            let v = match labels[u as usize] {
                sprague::loopy::INFINITE => GenValue::Infinite(g.reachable_values(&labels, u)),
                x => GenValue::Finite(u64::from(x)),
            };
            prop_assert_eq!(&v, &values[u as usize]);
        }
    }

    /// A token beside `nim 3`, and two tokens (two loopy components): the
    /// sum's outcome from Smith's theorem, its winning and drawing moves,
    /// against the brute force over the whole sum graph.
    #[test]
    fn sums_against_brute_force(succ in graph_strategy(), a in 0u32..7, b in 0u32..7) {
        let n = succ.len() as u32;
        let (a, b) = (a % n, b % n);
        let whole = Tokens { succ: succ.clone(), split: false };
        let mut split = LoopySolver::new(Tokens { succ: succ.clone(), split: true });
        for root in [
            vec![Part::Node(a), Part::Heap(3)],
            vec![Part::Node(a), Part::Node(b)],
            vec![Part::Node(a), Part::Node(b), Part::Heap(1)],
        ] {
            let (list, opts) = reachable(&whole, root.clone());
            let outcomes = brute_outcomes(&opts);
            let of = |p: &Vec<Part>| {
                let p = whole.canonical(p);
                outcomes[list.iter().position(|q| *q == p).unwrap()]
            };
            prop_assert_eq!(split.outcome(&root).unwrap(), outcomes[0], "{:?}", root);
            let moves = whole.moves(&root).unwrap();
            let want_win: Vec<_> = moves.iter()
                .filter(|&m| of(&whole.play(&root, m)) == Outcome::P).cloned().collect();
            prop_assert_eq!(split.winning_moves(&root).unwrap(), want_win, "{:?}", root);
            let want_draw: Vec<_> = if outcomes[0] == Outcome::D {
                moves.iter().filter(|&m| of(&whole.play(&root, m)) == Outcome::D).cloned().collect()
            } else { Vec::new() };
            prop_assert_eq!(split.drawing_moves(&root).unwrap(), want_draw, "{:?}", root);
        }
    }
}

/// A long cycle whose every node also moves to a sink of its own: no
/// node of the cycle can be labelled 1 before its successor is, so each is
/// ∞(0), an N-position whose one winning move is to its sink.
#[test]
fn a_long_cycle_with_exits_is_infinite_and_won() {
    let n = 10_000u32;
    let mut edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    edges.extend((0..n).map(|i| (i, n + i)));
    let g = GameGraph::from_edges(2 * n as usize, &edges);
    let labels = g.generalized_values();
    let classes = g.retrograde();
    for u in 0..n {
        assert_eq!(labels[u as usize], sprague::loopy::INFINITE);
        assert_eq!(g.reachable_values(&labels, u), vec![0]);
        assert_eq!(classes[u as usize], (Outcome::N, Some(1)));
    }
    // Without the exits the cycle is a draw throughout: ∞(∅).
    let g = GameGraph::from_edges(n as usize, &edges[..n as usize]);
    let labels = g.generalized_values();
    assert!(labels.iter().all(|&l| l == sprague::loopy::INFINITE));
    assert!(g
        .retrograde()
        .iter()
        .all(|&(o, r)| o == Outcome::D && r.is_none()));
}

/// The inline notation of a graph whose nodes are `n0`, `n1`, ...
fn inline(succ: &[Vec<u32>]) -> String {
    let mut items: Vec<String> = Vec::new();
    for (u, vs) in succ.iter().enumerate() {
        if vs.is_empty() {
            items.push(format!("n{u}"));
        }
        items.extend(vs.iter().map(|v| format!("n{u}>n{v}")));
    }
    // A lone node `zz` makes the list inline even without an edge.
    items.push("zz".into());
    items.join(",")
}

/// A position of the analyzer as the brute force's parts: the tokens of
/// the `digraph` component and the heap of the `nim` one.
fn parts_of(p: &sprague::Position) -> Vec<Part> {
    let text = p.to_string();
    let mut parts = Vec::new();
    for comp in text.split(" + ") {
        let mut words = comp.split(' ');
        let word = words.next().unwrap();
        for w in words {
            if word.starts_with("digraph:") {
                parts.push(Part::Node(w[1..].parse().unwrap()));
            } else {
                parts.push(Part::Heap(w.parse().unwrap()));
            }
        }
    }
    parts.sort();
    parts
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// `Analyzer::analyze` on `digraph:` positions (one or two tokens,
    /// beside `nim 3` or not): outcome, every winning move, every drawing
    /// move and the remoteness, against the brute force over the sum.
    #[test]
    fn analyzer_on_digraph_sums_against_brute_force(
        succ in graph_strategy(), a in 0u32..7, b in 0u32..7, shape in 0usize..4,
    ) {
        let n = succ.len() as u32;
        let (a, b) = (a % n, b % n);
        let edges = inline(&succ);
        let (text, root) = match shape {
            0 => (format!("digraph:{edges} n{a}"), vec![Part::Node(a)]),
            1 => (format!("digraph:{edges} n{a} + nim 3"), vec![Part::Node(a), Part::Heap(3)]),
            2 => (format!("digraph:{edges} n{a} n{b}"), vec![Part::Node(a), Part::Node(b)]),
            _ => (format!("digraph:{edges} n{a} + digraph:{edges} n{b} + nim 1"),
                  vec![Part::Node(a), Part::Node(b), Part::Heap(1)]),
        };
        let position: sprague::Position = text.parse().unwrap();
        let whole = Tokens { succ: succ.clone(), split: false };
        let (list, opts) = reachable(&whole, root.clone());
        let outcomes = brute_outcomes(&opts);
        let remote = brute_remoteness(&opts);
        let of = |p: &Vec<Part>| {
            let p = whole.canonical(p);
            outcomes[list.iter().position(|q| *q == p).unwrap()]
        };
        let analysis = sprague::Analyzer::default()
            .with_remoteness(true)
            .analyze(&position, sprague::Play::Normal, None)
            .unwrap();
        prop_assert_eq!(analysis.outcome, outcomes[0], "{}", text);
        prop_assert_eq!(analysis.remoteness, Some(remote[0]), "{}", text);
        let afters = |moves: &[sprague::Move]| {
            let mut v: Vec<Vec<Part>> =
                moves.iter().map(|m| parts_of(&position.play(m).unwrap())).collect();
            v.sort();
            v
        };
        let brute_afters = |class: Outcome| {
            let mut v: Vec<Vec<Part>> = whole.moves(&root).unwrap().iter()
                .map(|m| whole.canonical(&whole.play(&root, m)))
                .filter(|p| of(p) == class)
                .collect();
            v.sort();
            v
        };
        prop_assert_eq!(afters(&analysis.winning_moves), brute_afters(Outcome::P), "{}", text);
        let drawing = analysis.loopy.as_ref().map_or(Vec::new(), |l| l.drawing_moves.clone());
        let want_draw = if outcomes[0] == Outcome::D { brute_afters(Outcome::D) } else { Vec::new() };
        prop_assert_eq!(afters(&drawing), want_draw, "{}", text);
    }
}

/// Hand-checked positions of the issue: a ⇄ b with an exit b → c, and a
/// bare 2-cycle.
#[test]
fn the_issues_examples() {
    let a = sprague::Analyzer::default().with_remoteness(true);
    let p: sprague::Position = "digraph:a>b,b>a,b>c a".parse().unwrap();
    let r = a.analyze(&p, sprague::Play::Normal, None).unwrap();
    // From a the only move is to b, from which c wins: a is P (value 0),
    // two moves from the end.
    assert_eq!(
        (r.outcome, r.value, r.remoteness),
        (Outcome::P, Some(0), Some(Some(2)))
    );
    let p: sprague::Position = "digraph:a>b,b>a a".parse().unwrap();
    let r = a.analyze(&p, sprague::Play::Normal, None).unwrap();
    assert_eq!(
        (r.outcome, r.value, r.remoteness),
        (Outcome::D, None, Some(None))
    );
    let l = r.loopy.unwrap();
    assert_eq!(l.value, GenValue::Infinite(vec![]));
    assert_eq!(l.drawing_moves.len(), 1);
    // Misère play of a position that can go on forever is refused.
    let e = a.analyze(&p, sprague::Play::Misere, None).unwrap_err();
    assert!(
        e.to_string().contains("misère play of games with draws"),
        "{e}"
    );
    // A graph with a cycle the tokens cannot reach is valued as before.
    let p: sprague::Position = "digraph:a>b,c>d,d>c a".parse().unwrap();
    let r = sprague::Analyzer::default()
        .analyze(&p, sprague::Play::Misere, None)
        .unwrap();
    // a → b, and whoever moves to the sink b makes the last move and loses.
    assert_eq!(r.outcome, Outcome::P);
    assert!(r.loopy.is_none());
}
