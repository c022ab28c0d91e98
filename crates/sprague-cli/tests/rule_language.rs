//! The rule language (`rule:OPTIONS`) through the real binary: the
//! contest game's nim-sequence to 10^5 with its proven period from one
//! command line (checked against the game's definition in plain code),
//! `period` proving or plainly refusing to prove, `analyze` at 10^18 with
//! winning moves to P-positions, `count`, `table`, `play`, errors naming
//! the column (exit 2) and limits naming their flag (exit 3).

mod common;
use common::sprague;

const CONTEST: &str = "rule:n-1,n-2,n-4,n/2&n/2:even";

fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn stdout_of(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// "Take 1, 2 or 4, or split a heap into two equal halves", by definition.
fn contest_values(to: usize) -> Vec<u64> {
    let mut g = vec![0u64; to + 1];
    for n in 1..=to {
        let mut seen = [false; 8];
        for k in [1, 2, 4] {
            if k <= n {
                seen[g[n - k] as usize] = true;
            }
        }
        if n % 2 == 0 {
            seen[0] = true;
        }
        g[n] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    g
}

#[test]
fn the_contest_sequence_to_100000_with_its_proven_period() {
    let out = stdout_of(&["sequence", CONTEST, "--to", "100000", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let values: Vec<u64> = json["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values, contest_values(100_000));
    assert_eq!(json["preperiod"], 1);
    assert_eq!(json["period"], 6);
    let text = stdout_of(&["period", CONTEST]);
    assert!(text.contains("period:     6"), "{text}");
    assert!(text.contains("proven:     yes"), "{text}");
}

#[test]
fn a_rule_without_a_theorem_gets_an_apparent_period_only() {
    let text = stdout_of(&["period", "rule:n-1,n-3,n/2&n/2:even,n/3", "--limit", "4000"]);
    assert!(text.contains("none can be proven"), "{text}");
    assert!(text.contains("proven:     no"), "{text}");
    let json = stdout_of(&[
        "period",
        "rule:n-1,n-2,n/3&n/3&n/3:n%3==0",
        "--limit",
        "4000",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["proven"], false);
    assert!(json["period"].is_null());
    // Three equal thirds are worth G(n/3) (two of them cancel), which is
    // not n minus a bounded amount: no theorem, whatever the values seem
    // to do.
    assert!(json.get("apparent").is_some(), "{json}");
}

#[test]
fn huge_heaps_answer_with_winning_moves_to_p_positions() {
    for position in [
        format!("{CONTEST} 1000000000000000000 999999999999999999 5"),
        "rule:n/2,n/3,n-1:n<=10 1000000000000000000 123456789123456789".to_string(),
    ] {
        let out = stdout_of(&["analyze", &position, "--json"]);
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        let moves = json["winning_moves"].as_array().unwrap();
        if json["outcome"] == "N" {
            assert!(!moves.is_empty(), "{position}");
        }
        for m in moves {
            let after = m["after"].as_str().unwrap();
            let again = stdout_of(&["analyze", after, "--json"]);
            let again: serde_json::Value = serde_json::from_str(&again).unwrap();
            assert_eq!(again["outcome"], "P", "{position} -> {after}");
        }
    }
}

#[test]
fn count_agrees_with_brute_force() {
    let g = contest_values(30);
    let mut p = 0;
    for a in 0..=30 {
        for b in 0..=30 {
            for c in 0..=30 {
                p += u64::from(g[a] ^ g[b] ^ g[c] == 0);
            }
        }
    }
    let out = stdout_of(&["count", CONTEST, "--heaps", "3", "--max", "30"]);
    assert_eq!(out.trim(), p.to_string());
    // Past the table, from the proven period.
    let out = stdout_of(&[
        "count",
        CONTEST,
        "--heaps",
        "2",
        "--max",
        "1000000000000",
        "--json",
    ]);
    assert!(out.contains("\"basis\":\"period\""), "{out}");
}

#[test]
fn table_and_play_take_rule_words() {
    let out = stdout_of(&["table", "rule:n-1,n-2", "--to", "3"]);
    assert!(out.contains("0*"), "{out}");
    let out = sprague()
        .args(["play", &format!("{CONTEST} 10"), "--seed", "1"])
        .write_stdin("1 -> 5 5\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("split heap 1 (10 -> 5 and 5)"), "{text}");
}

#[test]
fn errors_name_the_column_and_exit_2() {
    for (args, column) in [
        (vec!["analyze", "rule:n-1,n-;2", "3"], "column 12"),
        (vec!["sequence", "rule:n-1,n>2", "--to", "5"], "column 11"),
        (vec!["period", "rule:n-1,frob(n)"], "column 10"),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(column), "{args:?}: {err}");
    }
    // A split of more tokens than the heap (some part as large as it) is
    // refused; heaps that each shrink may add up to more (issue 57).
    let (code, _, err) = run(&["analyze", "rule:split(n*2)", "10"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("at heap 1") && err.contains("more than 1"),
        "{err}"
    );
    // A rule none of whose options shrinks the heap is refused at once.
    let (code, _, err) = run(&["analyze", "rule:n,n*2", "10"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("column 6") && err.contains("smaller than n"),
        "{err}"
    );
}

#[test]
fn limits_name_their_flag_and_exit_3() {
    for (args, flag) in [
        (
            vec![
                "analyze",
                "rule:split(n-1)",
                "5000",
                "--max-table-work",
                "1000",
            ],
            "--max-table-work",
        ),
        (
            vec!["sequence", CONTEST, "--to", "1000", "--max-table", "100"],
            "--max-table",
        ),
        // Past the table limit a rule with no theorem is searched over the
        // heaps it reaches: all of them, here. (`rule:0..n-1` is Nim, the
        // take-any code 0.3..., answered by its arithmetic period.)
        (
            vec!["analyze", "rule:1..n-1", "100000000000"],
            "--max-states",
        ),
        (
            vec!["analyze", "rule:1..n-1", "1000", "--max-states", "100"],
            "--max-states",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 3, "{args:?}: {err}");
        assert!(err.contains(flag), "{args:?}: {err}");
    }
}

#[test]
fn equal_splits_through_the_binary() {
    // Typed with its heaps, printed with their count.
    let out = sprague()
        .args(["play", "rule:n-1,equal(n,4) 12", "--seed", "1"])
        .write_stdin("1 -> 3 3 3 3\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("split heap 1 (12 -> 4 heaps of 3)"), "{text}");
    assert!(text.contains("rule:n-1,equal(n,4) 3 3 3 3"), "{text}");
    // JSON lists every heap left.
    let out = stdout_of(&[
        "analyze",
        "rule:n-1,equal(n,4) 12",
        "--json",
        "--max-moves",
        "all",
    ]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let parts: Vec<&serde_json::Value> = json["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["change"]["parts"])
        .collect();
    assert!(parts.contains(&&serde_json::json!([3, 3, 3, 3])), "{out}");
    // Stone division at 10^18, answered at once.
    let out = stdout_of(&[
        "analyze",
        "rule:equal(n,2),equal(n,3),equal(n,5) 1000000000000000000",
    ]);
    assert!(out.contains("value:    1"), "{out}");
    // The period of an even equal split, proven.
    let out = stdout_of(&["period", "rule:n-1,equal(n,4)"]);
    assert!(out.contains("proven:     yes"), "{out}");
    // A move leaving more heaps than a position holds: named, exit 2.
    let (code, _, err) = run(&["analyze", "rule:equal(n,999999),n-1", "1999998"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("999999 heaps of 2"), "{err}");
    // Bad equal(E,K) names the column.
    let (code, _, err) = run(&["analyze", "rule:n-1,equal(n;2)", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("column 17"), "{err}");
}

/// A fresh tester's findings on equal splits, through the binary.
#[test]
fn equal_split_findings() {
    // The whole position after a split into four is a move, and `help`
    // shows how to type one.
    let out = sprague()
        .args(["play", "rule:n-1,equal(n,4) 12", "--seed", "1"])
        .write_stdin("help\nrule:n-1,equal(n,4) 3 3 3 3\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1 -> 3 3 3 3"), "{text}");
    assert!(text.contains("4 equal heaps of 3"), "{text}");
    assert!(
        text.contains("you: split heap 1 (12 -> 4 heaps of 3)"),
        "{text}"
    );
    // A sequence past the table limit with no period to prove is refused
    // before any value is written.
    let (code, out, err) = run(&[
        "sequence",
        "rule:n-1,equal(n,3)",
        "--to",
        "20000000",
        "--format",
        "raw",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty(), "{} bytes written", out.len());
    assert!(err.contains("--max-table"), "{err}");
    // `after` stays within its bound when the position after is the long
    // one (4096 heaps of 2 from one heap of 8192).
    let out = stdout_of(&["analyze", "rule:equal(n,4096) 8192", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["winning_moves"][0]["after"], serde_json::Value::Null);
}
