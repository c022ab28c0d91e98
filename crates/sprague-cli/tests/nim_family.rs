//! The Nim family through the real binary: misère Nim, Moore's Nim_k,
//! staircase Nim, subtraction games, and `verify`.

use predicates::prelude::*;

mod common;
use common::sprague;

fn batch(input: &str, misere: bool) -> String {
    let mut cmd = sprague();
    cmd.arg("batch");
    if misere {
        cmd.arg("--misere");
    }
    let out = cmd.write_stdin(input).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn misere_nim_through_batch() {
    let out = batch(
        "nim 1 1 1\nnim 1 1\nnim 2\nnim 2 2\nnim 2 3\nnim 3 4 1\nnim 4 5 1\nnim 1 0\nnim 1 1 0\nnim\nnim 0\n",
        true,
    );
    assert_eq!(
        out,
        "P\nN\tnim 0 1\nN\tnim 1\nP\nN\tnim 2 2\nN\tnim 3 2 1\nP\nP\nN\tnim 0 1 0\nN\nN\n"
    );
}

#[test]
fn moore_and_staircase_through_batch() {
    let out = batch(
        "moore:2 1 1 1\nmoore:2 1 2 3\nmoore:2 5 8 10\nmoore:2 5 5 5\nstaircase 3 1 2\nstaircase 0 5\nstaircase 3 9 3\n",
        false,
    );
    assert_eq!(
        out,
        "P\nN\tmoore:2 1 1 1\nN\tmoore:2 5 5 5\nP\nN\tstaircase 2 1 2\nP\nP\n"
    );
}

#[test]
fn verify_passes_and_says_how_much_it_checked() {
    for ruleset in [
        "nim",
        "moore:1",
        "moore:2",
        "staircase",
        "sub:1,3,4",
        "sub:2,3",
    ] {
        sprague()
            .args(["verify", ruleset, "--heaps", "3", "--max-heap", "5"])
            .assert()
            .success()
            .stdout(predicate::str::contains("positions checked: 259"))
            .stdout(predicate::str::contains("disagreements: 0"));
    }
    sprague()
        .args(["verify", "nim", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains("positions checked: 4681"))
        .stdout(predicate::str::contains("disagreements: 0"));
}

#[test]
fn verify_refuses_what_it_cannot_check() {
    sprague()
        .args(["verify", "moore:2", "--misere"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no misère closed form"));
    sprague()
        .args(["verify", "nim", "--heaps", "40", "--max-heap", "100"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("lower one of them"));
    sprague().args(["verify", "moore:0"]).assert().code(2);
    sprague()
        .args([
            "verify",
            "moore:3",
            "--heaps",
            "3",
            "--max-heap",
            "30",
            "--max-states",
            "100",
        ])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("--max-states"));
}

#[test]
fn bad_ruleset_arguments_exit_2() {
    for (text, message) in [
        ("moore:0 1 2", "at least 1"),
        ("moore:x 1 2", "whole number"),
        ("sub: 3", "empty"),
        ("sub:0 3", "may not contain 0"),
        ("sub:3-1 3", "range 3-1 is empty"),
        ("sub:-3 4", "\"-3\" in the subtraction set is not an amount"),
        ("hex:0.g 3", "not a hexadecimal digit"),
        ("octal:0.8 3", "not an octal digit"),
        ("staircase -1", "cannot be negative"),
    ] {
        sprague()
            .args(["analyze", text])
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("error: word"))
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn moore_json_value_is_null_when_too_large_to_search() {
    let out = sprague()
        .args([
            "analyze",
            "moore:2 18446744073709551615 9223372036854775808 6148914691236517205 3689348814741910323",
            "--json",
            "--max-moves",
            "3",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], serde_json::Value::Null);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    assert_eq!(v["truncated"], true);
    assert_eq!(v["total_winning_moves"], 65536);
}

#[test]
fn moore_with_at_most_k_heaps_is_worth_their_sum() {
    // One heap is a Nim heap, whatever its size: no search.
    let out = sprague()
        .args(["analyze", "moore:2 158756", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], 158756);
    assert_eq!(v["outcome"], "N");
    // Two heaps in moore:3 and a sum with a Nim heap.
    let out = sprague()
        .args(["analyze", "moore:3 5 1000 + nim 1005", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], 0);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn moore_lists_are_capped_by_default() {
    let m = u64::MAX.to_string();
    let out = sprague()
        .args(["analyze", &format!("moore:2 {m} {m} {m} {m}"), "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // `analyze --json` lists 10 winning moves unless --max-moves says more.
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 10);
    assert_eq!(v["truncated"], true);
    // More than 2^64 moves: the count does not fit the JSON number.
    assert_eq!(v["total_winning_moves"], serde_json::Value::Null);
}

#[test]
fn batch_skips_a_byte_order_mark() {
    sprague()
        .arg("batch")
        .write_stdin("\u{feff}nim 1 2 3\nnim 1\n")
        .assert()
        .success()
        .stdout("P\nN\tnim 0\n");
}
