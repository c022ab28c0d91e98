//! Green Hackenbush through the real binary: values, winning cuts named by
//! edge and printed in the notation they were written in, `--explain`'s
//! fusion and colon steps, partizan letters refused, and `play`.

mod common;
use common::sprague;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_sum_of_pictures_and_its_winning_cut() {
    let (code, out, _) = run(&["analyze", "hackenbush e(ee;e) eee", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        r#"{"position":"hackenbush e(ee;e) eee","play":"normal","outcome":"N","basis":"hackenbush","value":7,"winning_moves":[{"move":"hackenbush picture 1: cut edge 4","after":"hackenbush eee eee","component":0,"ruleset":"hackenbush","change":{"kind":"cut","picture":0,"edge":3}}],"truncated":false,"total_winning_moves":1}"#
    );
    let (_, out, _) = run(&["analyze", "hackenbush eee eee"]);
    assert!(out.contains("outcome:  P"), "{out}");
}

#[test]
fn edge_lists_stay_edge_lists() {
    let (code, out, _) = run(&["analyze", "hackenbush 0-1,1-2,2-0,1-3 + nim 1", "--json"]);
    assert_eq!(code, 0);
    // By hand: the triangle fuses into the ground with 3 loops (worth
    // 1 ⊕ 1 ⊕ 1 = 1), and the edge 1-3 hangs from it (1 + 0 = 1): the
    // picture is worth 1 ⊕ 1 = 0 and the sum with nim 1 is worth 1. Three
    // moves leave 0: taking the Nim heap; cutting 1-3 (the triangle alone,
    // 1); cutting 2-0 (a tree e(e;e), 1 + (1 ⊕ 1) = 1).
    assert!(out.contains(r#""value":1"#), "{out}");
    assert!(out.contains(r#""total_winning_moves":3"#), "{out}");
    assert!(
        out.contains(r#""after":"hackenbush 0-1,1-2,1-3 + nim 1""#),
        "{out}"
    );
    assert!(
        out.contains(r#""after":"hackenbush 0-1,1-2,2-0 + nim 1""#),
        "{out}"
    );
    assert!(
        out.contains(r#""after":"hackenbush 0-1,1-2,2-0,1-3 + nim 0""#),
        "{out}"
    );
}

#[test]
fn explain_shows_fusion_and_colon_steps() {
    let (code, out, _) = run(&["analyze", "hackenbush :Aeee:A e(ee;e)", "--explain"]);
    assert_eq!(code, 0);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Picture 1: fusion: 3 edges on cycles or loops fuse into 3 loops"),
        "{out}"
    );
    assert!(flat.contains("Picture 2: colon principle"), "{out}");
}

#[test]
fn partizan_letters_and_broken_pictures_are_refused() {
    let (code, _, err) = run(&["analyze", "hackenbush eRe"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(r#"word 2 "eRe""#) && err.contains("`R` is not a green edge"),
        "{err}"
    );
    let (code, _, err) = run(&["analyze", "hackenbush 0-1,5-6"]);
    assert_eq!(code, 2);
    assert!(err.contains("edge 5-6 does not reach the ground"), "{err}");
}

#[test]
fn a_game_of_play() {
    let out = sprague()
        .args(["play", "hackenbush e(ee;e) eee", "--seed", "3"])
        .write_stdin("help\n1 4\nquit\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    // help's example is a cut of this position.
    assert!(
        stdout
            .contains("    1 2                 cut edge 2 of picture 1 (also `picture 1 edge 2`)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("you: cut edge 4 of picture 1 (e(ee;e) -> eee)"),
        "{stdout}"
    );
    assert!(stdout.contains("position: hackenbush eee eee"), "{stdout}");
}

#[test]
fn verify_says_why_pictures_are_not_enumerated() {
    let (code, _, err) = run(&["verify", "hackenbush"]);
    assert_eq!(code, 2);
    assert!(err.contains("arguments are pictures, not numbers"), "{err}");
}

/// Each edge of a cycle is valued afresh when the winning cuts are sought:
/// past the budget (64 steps a state) the answer is exit 3 naming the flag.
#[test]
fn winning_cuts_of_a_long_cycle_have_a_limit() {
    let cycle = format!("hackenbush :A{}:A", "e".repeat(1001));
    let (code, _, err) = run(&["analyze", &cycle, "--max-states", "1000"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-states N"), "{err}");
    let (code, out, _) = run(&["analyze", &cycle, "--json"]);
    assert_eq!(code, 0);
    assert!(out.contains(r#""outcome":"N""#), "{out}");
}
