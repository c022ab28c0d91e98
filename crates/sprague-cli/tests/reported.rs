//! Commands a fresh user's trial found crashing or misleading, kept so
//! they stay fixed: each must answer, with an answer checked here.

mod common;
use common::sprague;

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let out = sprague().args(args).write_stdin(input).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The positions each listed winning move leaves (`leaving ...`).
fn leaving(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            l.split_once(", leaving ")
                .map(|(_, p)| p.trim().to_string())
        })
        .collect()
}

#[test]
fn rulerette_near_two_to_the_64_answers_and_its_move_leads_to_a_p_position() {
    // Was a panic: "attempt to add with overflow" in the Rulerette moves.
    let (code, out, err) = run(&["analyze", "rulerette 4 18446744073709551609"], "");
    assert_eq!(code, 0, "{err}");
    let after = leaving(&out);
    assert!(!after.is_empty(), "{out}");
    for p in after {
        let (code, out, _) = run(&["analyze", &p], "");
        assert_eq!(code, 0);
        assert!(out.contains("outcome:  P"), "{p}: {out}");
    }
}

#[test]
fn geography_on_a_path_of_100000_vertices_is_decided_by_the_theorem() {
    // Was an abort: petgraph's matching search overflowed the stack.
    let (code, out, err) = run(
        &["analyze", "geography path:100000@1", "--max-states", "1000"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome:  N"), "{out}");
    assert_eq!(leaving(&out), ["geography path:100000~1@2"]);
}

#[test]
fn the_remoteness_of_a_draw_needs_no_search() {
    // Was a search of every position of the sum (a million heaps).
    let (code, out, err) = run(
        &["analyze", "digraph:a>b,b>a a + nim 1000000", "--remoteness"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("remoteness: none (a draw"), "{out}");
}

#[test]
fn play_calls_a_draw_a_draw_and_its_hint_names_a_move_that_keeps_it() {
    let position = "digraph:a>b,b>a,a>c,b>c a + nim 3";
    let (_, out, _) = run(
        &["play", position, "--first", "computer", "--seed", "2"],
        "why\n",
    );
    assert!(out.contains("is a draw (no move wins)"), "{out}");
    assert!(!out.contains("is a P-position (every move"), "{out}");
    let (_, out, _) = run(&["play", position, "--first", "human"], "hint\n");
    assert!(out.contains("to keep it."), "{out}");
}

#[test]
fn a_vertex_name_with_a_dash_is_refused_and_an_empty_graph_is_named() {
    // Was read as a two-vertex graph with a vertex named `b-c`.
    let (code, _, err) = run(&["analyze", "geography a-b-c@a"], "");
    assert_eq!(code, 2);
    assert!(err.contains("a path a-b-c is written a-b,b-c"), "{err}");
    let (code, _, err) = run(&["analyze", "geography grid:3x3@2 @5"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("word 3 \"@5\"") && err.contains("the graph is missing"),
        "{err}"
    );
}

#[test]
fn a_long_coin_row_is_not_written_again_in_each_move() {
    // Was 4 MB for 983 moves: each move's text repeated the row twice.
    let row: String = (0..4000u32)
        .map(|i| if (i * 7919 + i / 3) % 5 < 2 { 'H' } else { 'T' })
        .collect();
    let position = format!("turtles {row}");
    let (code, out, err) = run(&["analyze", &position, "--json", "--max-moves", "all"], "");
    assert_eq!(code, 0, "{err}");
    let moves = out.matches("\"move\":").count();
    assert!(moves > 100, "{moves}");
    assert!(
        out.len() < 2 * position.len() + 200 * moves,
        "{} bytes for {moves} moves",
        out.len()
    );
}
