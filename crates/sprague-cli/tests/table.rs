//! `sprague table` through the real binary: the must-show Wythoff table,
//! the three formats, misère outcomes, two heaps of a heap game, and the
//! limits.

use predicates::prelude::*;
use serde::Deserialize;

mod common;
use common::{sprague, stdout_of};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonTable {
    ruleset: String,
    to: u64,
    play: String,
    cells: String,
    rows: Vec<Vec<serde_json::Value>>,
}

/// The P-positions of Wythoff's game up to 10 are exactly (0,0) (1,2)
/// (2,1) (3,5) (5,3) (4,7) (7,4) (6,10) (10,6), in every format.
#[test]
fn wythoff_outcomes_to_10_show_exactly_its_p_positions() {
    let mut want = vec![
        (0, 0),
        (1, 2),
        (2, 1),
        (3, 5),
        (5, 3),
        (4, 7),
        (7, 4),
        (6, 10),
        (10, 6),
    ];
    want.sort();
    // Human: rows a, columns b.
    let human = stdout_of(&["table", "wythoff", "--to", "10", "--outcome"]);
    let mut lines = human.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("wythoff a b for 0 <= a, b <= 10"));
    let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(header[0], "a\\b");
    assert_eq!(
        header[1..],
        ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    );
    let mut from_human = Vec::new();
    for (a, line) in lines.enumerate() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[0], a.to_string());
        assert_eq!(cells.len(), 12, "{line}");
        for (b, c) in cells[1..].iter().enumerate() {
            assert!(*c == "P" || *c == "N", "{c}");
            if *c == "P" {
                from_human.push((a, b));
            }
        }
    }
    assert_eq!(from_human, want);
    // CSV.
    let csv = stdout_of(&[
        "table",
        "wythoff",
        "--to",
        "10",
        "--outcome",
        "--format",
        "csv",
    ]);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("a,b,outcome"));
    let from_csv: Vec<(usize, usize)> = lines
        .filter(|l| l.ends_with(",P"))
        .map(|l| {
            let f: Vec<usize> = l.split(',').take(2).map(|x| x.parse().unwrap()).collect();
            (f[0], f[1])
        })
        .collect();
    assert_eq!(from_csv, want);
    assert_eq!(csv.lines().count(), 1 + 121);
    // JSON.
    let json = stdout_of(&[
        "table",
        "wythoff",
        "--to",
        "10",
        "--outcome",
        "--format",
        "json",
    ]);
    let t: JsonTable = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (t.ruleset.as_str(), t.to, t.play.as_str(), t.cells.as_str()),
        ("wythoff", 10, "normal", "outcome")
    );
    let mut from_json = Vec::new();
    for (a, row) in t.rows.iter().enumerate() {
        assert_eq!(row.len(), 11);
        for (b, c) in row.iter().enumerate() {
            if c == "P" {
                from_json.push((a, b));
            }
        }
    }
    assert_eq!(from_json, want);
}

#[test]
fn values_mark_p_positions_with_a_star() {
    let out = stdout_of(&["table", "wythoff", "--to", "3"]);
    assert_eq!(
        out,
        "wythoff a b for 0 <= a, b <= 3 (normal play; Grundy values; * marks a P-position; a down, b across)\n\
         a\\b 0  1  2  3\n\
         \x20 0 0* 1  2  3\n\
         \x20 1 1  2  0* 4\n\
         \x20 2 2  0* 1  5\n\
         \x20 3 3  4  5  6\n"
    );
    // Two heaps of a heap game: G(a) xor G(b), here sub:1,3,4 (G = 0 1 0 1 2 3 2).
    let csv = stdout_of(&["table", "sub:1,3,4", "--to", "6", "--format", "csv"]);
    let g = [0u64, 1, 0, 1, 2, 3, 2];
    for line in csv.lines().skip(1) {
        let f: Vec<u64> = line.split(',').map(|x| x.parse().unwrap()).collect();
        assert_eq!(f[2], g[f[0] as usize] ^ g[f[1] as usize], "{line}");
    }
    // moore:2 with two heaps is worth a + b; staircase (a on step 1) is worth a.
    let json = stdout_of(&["table", "moore:2", "--to", "2", "--format", "json"]);
    assert_eq!(
        json,
        "{\"ruleset\":\"moore:2\",\"to\":2,\"play\":\"normal\",\"cells\":\"value\",\"rows\":[[0,1,2],[1,2,3],[2,3,4]]}\n"
    );
    let json = stdout_of(&["table", "staircase", "--to", "2", "--format", "json"]);
    assert!(
        json.ends_with("\"rows\":[[0,0,0],[1,1,1],[2,2,2]]}\n"),
        "{json}"
    );
}

/// Misère play: outcomes only, here misère Nim's rule for two heaps
/// (both at most 1: P exactly when one holds 1; else P exactly when equal).
#[test]
fn misere_tables_show_outcomes() {
    let json = stdout_of(&["table", "nim", "--to", "3", "--misere", "--format", "json"]);
    let t: JsonTable = serde_json::from_str(&json).unwrap();
    assert_eq!((t.play.as_str(), t.cells.as_str()), ("misere", "outcome"));
    for a in 0..=3usize {
        for b in 0..=3usize {
            let p = if a <= 1 && b <= 1 { a + b == 1 } else { a == b };
            assert_eq!(t.rows[a][b], if p { "P" } else { "N" }, "({a}, {b})");
        }
    }
}

#[test]
fn hopeless_sizes_and_bad_rulesets_are_refused() {
    sprague()
        .args(["table", "nim", "--to", "100000"])
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains(
            "holds 10000200001 cells, past the limit of 4000000",
        ))
        .stderr(predicate::str::contains("--max-cells N"));
    sprague()
        .args([
            "table",
            "sub:squares",
            "--to",
            "1500",
            "--max-table",
            "1000",
        ])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("--max-table"));
    sprague()
        .args(["table", "digraph:a>b,b>c", "--to", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "its arguments are written as words",
        ));
    sprague()
        .args(["table", "hackenbush", "--to", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be tabled"));
    sprague()
        .args(["table", "wythof", "--to", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("wythoff"));
}
