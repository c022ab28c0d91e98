//! Tokens on a directed acyclic graph: the Sprague-Grundy function of the
//! graph against a hand-checked graph and against a search by the
//! definitions on random graphs (outcome, value and every winning move, in
//! normal and misère play); cycles valued (tests/loopy.rs has the rest); moves written and read
//! back with node names.

mod common;

use proptest::prelude::*;
use sprague::ruleset::digraph::{self, Digraph};
use sprague::{
    movetext, Analyzer, Basis, Limits, Outcome, Play, Position, PositionParser, Solver, SumGame,
};

/// A graph checked by hand:
///
/// ```text
///   s → a → c → e      e and f are sinks (0); d → f gives d = 1;
///   s → b → d → f      c → e gives c = 1; a → c gives a = 0;
///   b → e              b → d, e gives b = mex{1, 0} = 2;
///   s → d              s → a, b, d gives mex{0, 2, 1} = 3.
/// ```
const HAND: &str = "s>a,a>c,c>e,s>b,b>d,d>f,b>e,s>d";

#[test]
fn values_of_a_graph_checked_by_hand() {
    let g = Digraph::from_inline(HAND).unwrap();
    let expected = [
        ("s", 3),
        ("a", 0),
        ("b", 2),
        ("c", 1),
        ("d", 1),
        ("e", 0),
        ("f", 0),
    ];
    for (node, value) in expected {
        assert_eq!(g.value_of(node), Some(value), "G({node})");
    }
    // Tokens on s and b: 3 ⊕ 2 = 1, an N-position; the winning moves take
    // a token to value 2 ⊕ 1... every move leaving value 0.
    let p: Position = format!("digraph:{HAND} s b").parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert_eq!(a.value, Some(1));
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.basis, Basis::Table);
    let texts: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| m.display(&p).to_string())
        .collect();
    // s (3) must go to value 2 = b; b (2) must go to value 3: none.
    assert_eq!(texts, [format!("digraph:{HAND} token 1: s -> b")]);
    assert_eq!(
        p.play(&a.winning_moves[0]).unwrap().to_string(),
        format!("digraph:{HAND} b b")
    );
}

#[test]
fn a_cycle_is_valued_not_refused() {
    // s → a → b → c → a: every node can move forever, none can end it.
    let p = "digraph:s>a,a>b,b>c,c>a s".parse::<Position>().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert_eq!(a.outcome, Outcome::D);
    assert_eq!(a.value, None);
    let g = Digraph::from_edge_list("x y\ny x\n").unwrap();
    assert!(g.has_cycle());
    assert_eq!(g.value_of("x"), None);
}

#[test]
fn unknown_nodes_and_files_are_named() {
    let err = "digraph:a>b a z".parse::<Position>().unwrap_err();
    assert!(err.to_string().contains("no node named z"), "{err}");
    assert_eq!(err.word(), Some("z"));
    let err = "digraph:graph.txt a".parse::<Position>().unwrap_err();
    assert!(err.to_string().contains("graph file"), "{err}");
    // A file's graph, defined by the caller that read it.
    let mut parser = PositionParser::new();
    parser.define(digraph::from_file_text("digraph:g.txt", "# a chain\na b\nb c\nlone\n").unwrap());
    let p = parser.parse("digraph:g.txt a lone c").unwrap();
    assert_eq!(p.to_string(), "digraph:g.txt a lone c");
    assert_eq!(p.grundy_value().unwrap(), 0);
}

#[test]
fn move_text_round_trips_with_node_names() {
    let p: Position = format!("digraph:{HAND} s b + nim 2").parse().unwrap();
    for mv in p.moves(&Limits::default()).unwrap() {
        for text in [
            movetext::write(&p, &mv),
            mv.display(&p).to_string(),
            p.play(&mv).unwrap().to_string(),
        ] {
            assert_eq!(movetext::parse(&p, &text).unwrap(), mv, "{text}");
        }
    }
    let q: Position = format!("digraph:{HAND} s b").parse().unwrap();
    let mv = movetext::parse(&q, "b -> e").unwrap();
    assert_eq!(movetext::describe(&q, &mv), "move token 2 from b to e");
    assert_eq!(
        movetext::parse(&q, "from s to a").unwrap(),
        movetext::parse(&q, "1 a").unwrap()
    );
    let err = movetext::parse(&q, "1 f").unwrap_err().to_string();
    assert!(err.contains("no edge s > f"), "{err}");
    let err = movetext::parse(&q, "3 a").unwrap_err().to_string();
    assert!(err.contains("no token 3"), "{err}");
    let err = movetext::parse(&q, "token 2: s -> a")
        .unwrap_err()
        .to_string();
    assert!(err.contains("token 2 stands on b, not on s"), "{err}");
}

/// A random DAG on `n` nodes named n0, n1, ...: edges only from a lower
/// to a higher number, each present when its bit of `edges` is set; every
/// node listed, so isolated ones exist too.
fn dag(n: usize, edges: u64) -> String {
    // One edge apart from the rest, so that the source always reads as
    // inline edges.
    let mut items: Vec<String> = vec!["x>y".into()];
    items.extend((0..n).map(|i| format!("n{i}")));
    let mut bit = 0;
    for i in 0..n {
        for j in i + 1..n {
            if edges >> (bit % 64) & 1 == 1 {
                items.push(format!("n{i}>n{j}"));
            }
            bit += 1;
        }
    }
    items.join(",")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Outcome, value and the complete list of winning moves against the
    /// generic solver, normal and misère, with a Nim heap beside.
    #[test]
    fn random_dags_agree_with_search(
        n in 1usize..9,
        edges: u64,
        tokens in prop::collection::vec(0usize..9, 0..4),
        heap in 0u64..4,
        misere: bool,
    ) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let names: Vec<String> = tokens.iter().map(|t| format!("n{}", t % n)).collect();
        let text = format!("digraph:{} {} + nim {heap}", dag(n, edges), names.join(" "));
        let p: Position = text.parse().unwrap();
        let mut solver = Solver::new(SumGame::new(Limits::default()));
        let a = Analyzer::default().analyze(&p, play, None).unwrap();
        prop_assert_eq!(a.outcome, solver.outcome(&p, play).unwrap(), "{}", text);
        if play == Play::Normal {
            prop_assert_eq!(a.value, Some(solver.grundy_value(&p).unwrap()));
        }
        let listed = common::afters(&p, &a.winning_moves);
        let searched = common::searched_afters(&mut solver, &p, play);
        prop_assert_eq!(listed, searched, "{}", text);
        if play == Play::Normal {
            prop_assert_eq!(a.component_bases[0], Basis::Table);
        }
    }
}

/// A graph with cycles on `n` nodes `n0..`: each ordered pair (i, j), i ≠ j,
/// an edge when its bit of `edges` is set (loops left out).
fn digraph_any(n: usize, edges: u64) -> String {
    let mut items: Vec<String> = (0..n).map(|i| format!("n{i}")).collect();
    let mut bit = 0;
    for i in 0..n {
        for j in 0..n {
            if i != j {
                if edges >> (bit % 64) & 1 == 1 {
                    items.push(format!("n{i}>n{j}"));
                }
                bit += 1;
            }
        }
    }
    items.join(",")
}

/// Outcome of one token at each node of the game "moving onto a target
/// wins" (Luogu P6560), by retrograde analysis over the definition: a
/// token on a target, or on a node with no edge out, loses for the player
/// to move; a node wins when some move reaches a losing node, loses when
/// every move reaches a winning one; the rest are draws.
fn target_outcomes(n: usize, edges: &[(usize, usize)], targets: &[bool]) -> Vec<Outcome> {
    let mut outcome: Vec<Option<Outcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for u in 0..n {
            if outcome[u].is_some() {
                continue;
            }
            let next: Vec<usize> = if targets[u] {
                Vec::new()
            } else {
                edges.iter().filter(|e| e.0 == u).map(|e| e.1).collect()
            };
            let new = if next.iter().any(|&v| outcome[v] == Some(Outcome::P)) {
                Some(Outcome::N)
            } else if next.iter().all(|&v| outcome[v] == Some(Outcome::N)) {
                Some(Outcome::P)
            } else {
                None
            };
            if new.is_some() {
                outcome[u] = new;
                changed = true;
            }
        }
        if !changed {
            return outcome
                .into_iter()
                .map(|o| o.unwrap_or(Outcome::D))
                .collect();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `digraph:EDGES@t` (issue 53, Luogu P6560 "moving onto the target
    /// wins"): every node's outcome against retrograde analysis of the
    /// definition, with one or two targets, on graphs with cycles; every
    /// winning move leads to a P-position.
    #[test]
    fn targets_end_the_game_for_the_player_who_arrives(
        n in 2usize..7,
        edges: u64,
        t in 0usize..7,
        second in prop::option::of(0usize..7),
    ) {
        let graph = digraph_any(n, edges);
        let mut targets = vec![false; n];
        targets[t % n] = true;
        let mut named = format!("n{}", t % n);
        if let Some(s) = second {
            targets[s % n] = true;
            named += &format!(",n{}", s % n);
        }
        let pairs: Vec<(usize, usize)> = graph
            .split(',')
            .filter_map(|e| e.split_once('>'))
            .map(|(u, v)| (u[1..].parse().unwrap(), v[1..].parse().unwrap()))
            .collect();
        let want = target_outcomes(n, &pairs, &targets);
        let mut parser = PositionParser::new();
        for (s, &outcome) in want.iter().enumerate() {
            let text = format!("digraph:{graph}@{named} n{s}");
            let p = parser.parse(&text).unwrap();
            let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
            prop_assert_eq!(a.outcome, outcome, "{}", text);
            for m in &a.winning_moves {
                let after = p.play(m).unwrap();
                let b = Analyzer::default().analyze(&after, Play::Normal, None).unwrap();
                prop_assert_eq!(b.outcome, Outcome::P, "{} -> {}", text, after);
                // The position after reads back, target and all.
                prop_assert_eq!(parser.parse(&after.to_string()).unwrap(), after.clone());
            }
        }
    }
}

#[test]
fn an_unknown_target_is_named() {
    let e = "digraph:a>b,b>a@c a"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("the target `c`"), "{e}");
    assert_eq!(digraph::split_targets("a>b@a,b"), ("a>b", Some("a,b")));
    // Two `@`: a mistyped list of targets, not a node named `a@c`.
    let e = "digraph:a>b,b>c,c>a@c@a a"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("an `@` starts the targets"), "{e}");
}
