//! The classic games with theorems through the real binary: listed by
//! `rulesets`, positions near 10^18 answered with winning moves (each
//! checked to leave a P-position by a second `analyze`), `batch`, `play`
//! and errors.

mod common;
use common::sprague;

fn stdout_of(args: &[&str]) -> String {
    let out = sprague().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn rulesets_lists_the_classic_games() {
    let out = stdout_of(&["rulesets"]);
    for name in [
        "fibnim",
        "euclid",
        "welter",
        "divisor",
        "divide:D",
        "fraction:K",
    ] {
        assert!(out.contains(name), "{name} missing from:\n{out}");
    }
}

#[test]
fn huge_positions_have_winning_moves_to_p_positions() {
    for position in [
        "fibnim 1000000000000000000 999999999999999999",
        "euclid 1000000000000000000 300000000000000007",
        "welter 999999999999999999 1000000000000000000 123456789012345678",
        "divisor 999999999999999999 1000000000000000000",
        "divide:2,3,5 1000000000000000000 999999999999999999",
        "fraction:3 1000000000000000000 999999999999999999",
        "sub:1,2,999999999999999999 1000000000000000000 7",
    ] {
        let out = stdout_of(&["analyze", position, "--json", "--max-moves", "3"]);
        assert!(out.contains(r#""outcome":"N""#), "{position}: {out}");
        let after: Vec<&str> = out
            .split(r#""after":""#)
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        assert!(!after.is_empty(), "{position}: {out}");
        for a in after {
            let next = stdout_of(&["analyze", a, "--json", "--max-moves", "0"]);
            assert!(
                next.contains(r#""outcome":"P""#),
                "{position} -> {a}: {next}"
            );
        }
    }
}

#[test]
fn bad_parameters_name_what_is_wrong() {
    let out = sprague()
        .args(["analyze", "divide:1,2 10"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 2"));
    let out = sprague().args(["analyze", "welter 3 3"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // The second coin on a square is blamed, word 3.
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("word 3 \"3\" (column 10): a second coin on square 3"));
    let out = sprague().args(["analyze", "fibnim 10"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_illegal_fibonacci_take_is_refused_with_the_rule() {
    let out = sprague()
        .args(["play", "fibnim 20 3", "--seed", "1"])
        .write_stdin("1 5\nquit\n")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("at most the second number"), "{text}");
}
