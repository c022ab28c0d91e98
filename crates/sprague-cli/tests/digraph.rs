//! Tokens on a directed acyclic graph through the real binary: a graph
//! file and inline edges, a cycle's draw, bad files and node names,
//! batch lines that read graph files, and a game of `play`.

mod common;
use common::sprague;

const GRAPH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graph.txt");

fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_graph_file_gives_the_values_checked_by_hand() {
    let word = format!("digraph:{GRAPH}");
    let (code, out, _) = run(&["analyze", &word, "s", "b", "--json"]);
    assert_eq!(code, 0);
    let expected = format!(
        r#"{{"position":"{word} s b","play":"normal","outcome":"N","basis":"table","value":1,"winning_moves":[{{"move":"{word} token 1: s -> b","after":"{word} b b","component":0,"ruleset":"{word}","change":{{"kind":"token","token":0,"before":"s","after":"b"}}}}],"truncated":false,"total_winning_moves":1}}"#
    );
    assert_eq!(out.trim(), expected);
    common::schema::check_output(&["analyze", "--json"], &out);
    // The winning move leads to a P-position.
    let (code, out, _) = run(&["analyze", &word, "b", "b"]);
    assert_eq!(code, 0);
    assert!(out.contains("outcome:  P"), "{out}");
}

#[test]
fn inline_edges_and_sums() {
    let (code, out, _) = run(&["analyze", "digraph:a>b,b>c a + nim 1", "--json"]);
    assert_eq!(code, 0);
    // G(a) = 0 (its only option b has value 1), so the sum is worth 1.
    assert!(out.contains(r#""value":1"#), "{out}");
    assert!(
        out.contains(r#""after":"digraph:a>b,b>c a + nim 0""#),
        "{out}"
    );
}

#[test]
fn cycles_are_draws_and_files_and_names_are_errors_that_say_what() {
    // A 3-cycle with no exit: a draw (games with draws, tests/loopy.rs).
    let (code, out, _) = run(&["analyze", "digraph:a>b,b>c,c>a", "a"]);
    assert_eq!(code, 0);
    assert!(out.contains("outcome:  D"), "{out}");
    let (code, _, err) = run(&["analyze", "digraph:no/such/file.txt", "a"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot read the graph file no/such/file.txt"),
        "{err}"
    );
    let word = format!("digraph:{GRAPH}");
    let (code, _, err) = run(&["analyze", &word, "z"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(r#"word 2 "z""#) && err.contains("no node named z"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "a b\nb c d\n").unwrap();
    let (code, _, err) = run(&["analyze", &format!("digraph:{}", bad.display()), "a"]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2 `b c d` is not an edge"), "{err}");
}

#[test]
fn batch_reads_each_graph_file_once_and_lines_up() {
    let word = format!("digraph:{GRAPH}");
    let input = format!("{word} s b\n{word} e f\ndigraph:missing.txt a\n{word} s\n");
    let out = sprague().arg("batch").write_stdin(input).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert_eq!(lines[0], format!("N\t{word} b b"));
    assert_eq!(lines[1], "P");
    assert!(lines[2].starts_with("error\t"), "{stdout}");
    assert!(lines[3].starts_with("N\t"), "{stdout}");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_game_of_play_on_the_graph() {
    let word = format!("digraph:{GRAPH}");
    // The winning move, then whatever is left: the computer cannot win.
    let out = sprague()
        .args(["play", &word, "s", "b", "--first", "human", "--seed", "1"])
        .write_stdin("help\ns -> b\nhint\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("move token 1 to node b"), "{stdout}");
    assert!(stdout.contains("you: move token 1 from s to b"), "{stdout}");
    assert!(stdout.contains("computer: move token"), "{stdout}");
}

#[test]
fn sequence_lists_every_node_value() {
    let word = format!("digraph:{GRAPH}");
    let (code, out, _) = run(&["sequence", &word]);
    assert_eq!(code, 0);
    assert_eq!(out, "s: 3\na: 0\nc: 1\ne: 0\nb: 2\nd: 1\nf: 0\n");
    let (code, out, _) = run(&["sequence", "digraph:a>b,b>c", "--format", "json"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        r#"{"nodes":[{"node":"a","value":0},{"node":"b","value":1},{"node":"c","value":0}],"ruleset":"digraph:a>b,b>c"}"#
    );
    let (code, _, err) = run(&["sequence", "kayles"]);
    assert_eq!(code, 2);
    assert!(err.contains("needs --to N"), "{err}");
    let (code, out, _) = run(&["verify", "digraph:a>b"]);
    assert_eq!(code, 0, "{out}");
}

/// Queries "the token starts at s, moving it onto t wins" (Luogu P6560)
/// as batch lines `digraph:FILE@t s` on one graph file with a cycle,
/// each outcome checked by hand; the file is read once, the target named
/// after the last `@`.
#[test]
fn targets_after_at_answer_queries_on_one_graph_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("queries.txt");
    // a → b → c → a, and c → d.
    std::fs::write(&path, "a b\nb c\nc a\nc d\n").unwrap();
    let g = path.display();
    // Target d: from c the move onto d wins (N); b can only move to c (P);
    // a moves to b (N); a token on d cannot move (P). Target c: b moves
    // onto c (N), a only to b (P). Without a target only d ends the game:
    // c → d wins, b must go to c, so a → b wins (N).
    let input = format!(
        "digraph:{g}@d c\ndigraph:{g}@d b\ndigraph:{g}@d a\ndigraph:{g}@d d\n\
         digraph:{g}@c b\ndigraph:{g}@c a\ndigraph:{g} a\n"
    );
    let out = sprague().arg("batch").write_stdin(input).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let out = String::from_utf8(out.stdout).unwrap();
    let outcomes: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(outcomes, ["N", "P", "N", "P", "N", "P", "N"], "{out}");
    assert!(
        out.lines()
            .next()
            .unwrap()
            .ends_with(&format!("digraph:{g}@d d")),
        "{out}"
    );
    let (code, _, err) = run(&["analyze", &format!("digraph:{g}@e a")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the target `e`"), "{err}");
}
