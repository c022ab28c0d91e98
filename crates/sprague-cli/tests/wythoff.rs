//! Wythoff's game through the real binary: analysis, sums, misère play,
//! move text, `verify`, and its errors.

use predicates::prelude::*;

mod common;
use common::sprague;

fn stdout_of(args: &[&str]) -> String {
    let out = sprague().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_pair_is_decided_by_wythoffs_theorem() {
    let out = stdout_of(&["analyze", "wythoff", "4", "8", "--json"]);
    assert_eq!(
        out.trim(),
        r#"{"position":"wythoff 4 8","play":"normal","outcome":"N","basis":"wythoff","value":1,"winning_moves":[{"move":"wythoff heap 2: 8 -> 7","after":"wythoff 4 7","component":0,"ruleset":"wythoff","change":{"kind":"heaps","changes":[{"heap":1,"before":8,"after":7}]}}],"truncated":false,"total_winning_moves":1}"#
    );
    let human = stdout_of(&["analyze", "wythoff", "3", "5"]);
    assert!(human.contains("basis:    Wythoff's theorem"), "{human}");
    assert!(human.contains("outcome:  P"), "{human}");
}

#[test]
fn huge_pairs_answer_at_once_with_every_winning_move() {
    let out = stdout_of(&[
        "analyze",
        "wythoff 18446744073709551615 18446744073709551614",
        "--json",
    ]);
    assert!(out.contains(r#""outcome":"N","basis":"wythoff""#), "{out}");
    assert!(
        out.contains(r#""after":"wythoff 18446744073709551615 11400714819323198485""#),
        "{out}"
    );
    assert!(out.contains(r#""after":"wythoff 2 1""#), "{out}");
    assert!(out.contains(r#""total_winning_moves":2"#), "{out}");
}

#[test]
fn sums_with_other_games_use_grundy_values() {
    let out = stdout_of(&["analyze", "wythoff 3 5 + wythoff 4 7 + nim 2", "--json"]);
    assert!(
        out.contains(r#""basis":"sprague-grundy","value":2"#),
        "{out}"
    );
    assert!(
        out.contains(r#""after":"wythoff 3 5 + wythoff 4 7 + nim 0""#),
        "{out}"
    );
}

#[test]
fn misere_play_of_a_pair_has_its_own_closed_form() {
    let out = stdout_of(&["analyze", "--misere", "wythoff", "2", "2", "--json"]);
    assert!(
        out.contains(r#""outcome":"P","basis":"misere-wythoff""#),
        "{out}"
    );
    let out = stdout_of(&["analyze", "--misere", "wythoff", "1", "2", "--json"]);
    assert!(out.contains(r#""after":"wythoff 0 1""#), "{out}");
}

#[test]
fn verify_checks_both_plays_against_search() {
    for extra in [None, Some("--misere")] {
        let mut args = vec!["verify", "wythoff", "--max-heap", "12", "--heaps", "2"];
        args.extend(extra);
        let out = stdout_of(&args);
        assert!(out.contains("positions checked: 169"), "{out}");
        assert!(out.contains("disagreements: 0"), "{out}");
    }
}

#[test]
fn a_pair_takes_two_heaps() {
    sprague()
        .args(["analyze", "wythoff", "1", "2", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "word 4 \"3\" (column 13): this ruleset takes exactly 2 heaps (one pair), not 3",
        ));
}

#[test]
fn a_pair_past_the_table_in_a_sum_names_the_flag() {
    sprague()
        .args(["analyze", "wythoff 5000 3 + nim 1"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("--max-table"));
}

#[test]
fn play_refuses_unequal_takes_from_both_heaps() {
    let out = sprague()
        .args(["play", "wythoff", "3", "6", "--first", "human"])
        .write_stdin("1:1 2:2\n1:1 2:1\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let both = format!("{stdout}{stderr}");
    assert!(both.contains("takes the same number from each"), "{both}");
    assert!(both.contains("wythoff 2 5"), "{both}");
}

#[test]
fn verify_refuses_to_check_nothing_and_explain_follows_the_theorem() {
    sprague()
        .args(["verify", "wythoff", "--heaps", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nothing was checked"));
    let out = stdout_of(&["analyze", "--explain", "wythoff", "3", "6"]);
    assert!(out.contains("Wythoff's theorem"), "{out}");
    assert!(!out.contains("0 = 0"), "{out}");
    // A pair with an empty heap is a Nim heap, in a sum too.
    let out = stdout_of(&[
        "analyze",
        "wythoff 0 18446744073709551615 + nim 1",
        "--json",
    ]);
    assert!(out.contains(r#""value":18446744073709551614"#), "{out}");
}
