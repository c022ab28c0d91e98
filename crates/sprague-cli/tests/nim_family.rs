//! The Nim family through the real binary: misère Nim, Moore's Nim_k,
//! staircase Nim, subtraction games, and `verify`.

use predicates::prelude::*;

mod common;
use common::{cli_error, sprague, stdout_of};

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

/// `staircase:floor` (issue 59): stairs numbered from a floor, as CSES's
/// "Stair Game" (stair 1 is the floor, whose coins never move; a move
/// carries coins from stair k >= 2 to stair k - 1). Checked against a
/// plain search of every position of up to 5 stairs of up to 4 coins
/// (value and every winning move), on small cases, against an
/// independent nim-sum of the even stairs on a contest-size line, and the
/// floor's coins refused as a move.
#[test]
fn staircase_with_a_floor() {
    let out = stdout_of(&[
        "verify",
        "staircase:floor",
        "--heaps",
        "5",
        "--max-heap",
        "4",
    ]);
    assert!(out.contains("disagreements: 0"), "{out}");
    // Even stairs 2 (N), none (P), 1 ⊕ 1 (P) whatever the floor holds.
    let answers = batch(
        "staircase:floor 0 2 1\nstaircase:floor 0 0\nstaircase:floor 4 1 3 1\n",
        false,
    );
    let outcomes: Vec<&str> = answers.lines().map(|l| &l[..1]).collect();
    assert_eq!(outcomes, ["N", "P", "P"], "{answers}");
    // 200,000 stairs of up to 10^9 coins, in one line.
    let mut seed = 12345u64;
    let stairs: Vec<u64> = (0..200_000)
        .map(|_| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % 1_000_000_000 + 1
        })
        .collect();
    let want = stairs.iter().skip(1).step_by(2).fold(0, |a, &c| a ^ c);
    let line: Vec<String> = stairs.iter().map(u64::to_string).collect();
    let out = sprague()
        .args(["batch", "--value"])
        .write_stdin(format!("staircase:floor {}\n", line.join(" ")))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        want.to_string()
    );
    // Each winning move of a small one leads to a P-position.
    let analysis = stdout_of(&["analyze", "staircase:floor 3 5 2 7 1"]);
    assert!(analysis.contains("even stairs 5 ⊕ 7 = 2"), "{analysis}");
    for line in analysis.lines().filter(|l| l.contains("leaving ")) {
        let after = line.split("leaving ").nth(1).unwrap();
        let value = stdout_of(&["analyze", after]);
        assert!(value.contains("outcome:  P"), "{after}: {value}");
    }
    let out = sprague()
        .args(["play", "staircase:floor 3 5"])
        .write_stdin("1 1\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("illegal move: staircase:floor: stair 1 is the floor: its coins never move"),
        "{text}"
    );
    let (err, code) = cli_error(&["analyze", "staircase:ground 1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("staircase takes no parameter but `floor`"),
        "{err}"
    );
}
