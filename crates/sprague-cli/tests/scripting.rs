//! What scripts and shells use: `rulesets` (every registered ruleset
//! listed), `batch --ruleset R` and `--value`, `verify --json`, shell
//! completions and the man page, and messages in the command's terms.

use serde_json::Value;

mod common;
use common::{sprague, stdout_of};

#[test]
fn rulesets_lists_every_registered_ruleset_with_a_working_example() {
    let text = stdout_of(&["rulesets"]);
    let json: Value = serde_json::from_str(&stdout_of(&["rulesets", "--json"])).unwrap();
    let listed = json["rulesets"].as_array().unwrap();
    let registered: Vec<_> = sprague::ruleset::registered().collect();
    assert_eq!(listed.len(), registered.len());
    for (r, j) in registered.iter().zip(listed) {
        assert_eq!(j["notation"], r.notation);
        assert!(
            text.lines().any(|l| l == r.notation),
            "{} missing from:\n{text}",
            r.notation
        );
        for part in [r.rule, r.theorem] {
            assert!(!part.is_empty(), "{}", r.notation);
        }
        // Every name of the registry is listed, so none can be missed.
        for name in r.names {
            assert!(
                j["names"].as_array().unwrap().iter().any(|n| n == name),
                "{name}"
            );
        }
        // The example is a position sprague analyses.
        let v: Value = serde_json::from_str(&stdout_of(&["analyze", r.example, "--json"])).unwrap();
        assert!(v["outcome"] == "P" || v["outcome"] == "N", "{}", r.example);
    }
    // And every name the parser knows is one of them: the names of the
    // list of known rulesets in an error message are the notations.
    let known = sprague::ruleset::known_rulesets();
    for notation in known.split(", ") {
        assert!(text.contains(notation), "{notation}");
    }
}

#[test]
fn batch_reads_bare_numbers_with_a_ruleset_and_prints_values_alone() {
    let out = sprague()
        .args(["batch", "--ruleset", "kayles", "--value"])
        .write_stdin("3 4 5\n1 2 3\nnim 7\n# comment\n\n10\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    // G(3) ⊕ G(4) ⊕ G(5) = 3 ⊕ 1 ⊕ 4 = 6; 1 ⊕ 2 ⊕ 3 = 0; nim 7; G(10) = 2.
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "6\n0\n7\n2\n");
    let out = sprague()
        .args(["batch", "--ruleset", "nim"])
        .write_stdin("3 4 5\n")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "N\tnim 1 4 5\n");
    // An error in a line read with the ruleset's word counts words and
    // columns in the line as read, and says so.
    let out = sprague()
        .args(["batch", "--ruleset", "nim"])
        .write_stdin("3 x\n")
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("word 3 \"x\" (column 7): expected a heap size"));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("(read as `nim 3 x`)"));
    // A ruleset whose arguments are words (a graph, a row of coins) reads
    // every line that does not start with a ruleset word.
    let out = sprague()
        .args(["batch", "--ruleset", "geography"])
        .write_stdin("path:4@1\ngrid:3x3@1\nnim 1\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "N\tgeography path:4~1@2\nP\nN\tnim 0\n"
    );
    let out = sprague()
        .args(["batch", "--ruleset", "turtles", "--value"])
        .write_stdin("THHTH\n2 4\n")
        .output()
        .unwrap();
    // THHTH: heads 2, 3, 5, so 2 ⊕ 3 ⊕ 5 = 4; heads 2 and 4: 6.
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "4\n6\n");
    // A bad ruleset is a usage error before any line is read.
    let out = sprague()
        .args(["batch", "--ruleset", "chess"])
        .write_stdin("3\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("--ruleset chess"));
    // --value has no meaning under misère play.
    let out = sprague()
        .args(["batch", "--value", "--misere"])
        .write_stdin("nim 1\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn verify_json_is_valid_and_says_what_it_checked() {
    let v: Value = serde_json::from_str(&stdout_of(&[
        "verify",
        "kayles",
        "--json",
        "--heaps",
        "3",
        "--max-heap",
        "5",
    ]))
    .unwrap();
    assert_eq!(v["checked"], 6 * 6 * 6 + 6 * 6 + 6 + 1);
    assert_eq!(v["disagreements"], 0);
    assert_eq!(v["decided_by"][0]["basis"], "table");
    let v: Value = serde_json::from_str(&stdout_of(&[
        "verify", "nim", "--misere", "--json", "--heaps", "2",
    ]))
    .unwrap();
    assert_eq!(v["play"], "misere");
}

#[test]
fn completions_and_man_page_come_from_the_command_definitions() {
    let bash = stdout_of(&["completions", "bash"]);
    assert!(bash.contains("_sprague()"), "{bash}");
    for command in ["analyze", "batch", "rulesets", "completions"] {
        assert!(bash.contains(command), "{command}");
    }
    assert!(stdout_of(&["completions", "zsh"]).starts_with("#compdef sprague"));
    assert!(stdout_of(&["completions", "fish"]).contains("complete -c sprague"));
    let man = stdout_of(&["man"]);
    assert!(man.contains(".TH sprague 1"), "{man}");
    assert!(man.contains("analyze"));
    let dir = tempfile::tempdir().unwrap();
    stdout_of(&["man", "--dir", dir.path().to_str().unwrap()]);
    for page in ["sprague.1", "sprague-analyze.1", "sprague-rulesets.1"] {
        assert!(dir.path().join(page).exists(), "{page}");
    }
    let out = sprague().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_graph_file_is_read_by_every_command_that_takes_a_ruleset() {
    // `count digraph:F` used to say a library user should call
    // Digraph::from_edge_list; now the file is read and the message is
    // about counting.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.txt");
    std::fs::write(&file, "a b\n").unwrap();
    let word = format!("digraph:{}", file.display());
    for args in [
        vec!["count", &word, "--heaps", "2", "--max", "1"],
        vec!["genus", &word, "--to", "3"],
    ] {
        let out = sprague().args(&args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(!err.contains("Digraph::"), "{err}");
        assert!(!err.contains("library"), "{err}");
    }
}

/// `batch --value` where a limit stops the value's search: that line is an
/// error and the run exits 3, rather than printing the outcome in the
/// value's column (a fresh tester's finding).
#[test]
fn batch_value_at_a_limit_is_an_error_not_the_outcome() {
    let out = sprague()
        .args(["batch", "--value", "--max-states", "1000"])
        .write_stdin("moore:2 5 6 7\nmoore:2 30 40 50\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "18", "{text}");
    assert!(lines[1].starts_with("error\t"), "{text}");
}
