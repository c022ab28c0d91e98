//! The real `sprague` binary: analyze and batch, their output, JSON and exit
//! statuses (SPEC section 3).

use predicates::prelude::*;
use serde::Deserialize;

mod common;
use common::sprague;

/// The analyze JSON object, as a user's program would read it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Analysis {
    position: String,
    play: String,
    outcome: String,
    basis: String,
    value: Option<u64>,
    winning_moves: Vec<WinningMove>,
    truncated: bool,
    total_winning_moves: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WinningMove {
    #[serde(rename = "move")]
    mv: String,
    after: String,
    component: usize,
    ruleset: String,
    change: serde_json::Value,
}

fn analyze_json(args: &[&str]) -> Analysis {
    let text = common::stdout_of(&[&["analyze"], args, &["--json"]].concat());
    assert_eq!(text.lines().count(), 1, "exactly one JSON object: {text}");
    let analysis: Analysis = serde_json::from_str(&text).unwrap();
    for m in &analysis.winning_moves {
        // Each move names the component it changes and how.
        assert!(
            !m.ruleset.is_empty() && m.change.is_object() && m.component < 1 << 20,
            "{m:?}"
        );
    }
    analysis
}

#[test]
fn analyze_shows_the_nim_sum_outcome_and_winning_move() {
    sprague()
        .args(["analyze", "nim", "3", "4", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("3 ⊕ 4 ⊕ 5 = 2"))
        .stdout(predicate::str::contains("N (the player to move wins)"))
        .stdout(predicate::str::contains(
            "take 2 from heap 1 (3 -> 1), leaving nim 1 4 5",
        ));
}

#[test]
fn analyze_json_matches_the_spec_example() {
    let a = analyze_json(&["nim", "3", "4", "5"]);
    assert_eq!(a.position, "nim 3 4 5");
    assert_eq!(
        (a.play.as_str(), a.outcome.as_str(), a.value),
        ("normal", "N", Some(2))
    );
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].mv, "nim heap 1: 3 -> 1");
    assert_eq!(a.winning_moves[0].after, "nim 1 4 5");
    assert!(!a.truncated);
    assert_eq!(a.total_winning_moves, Some(1));
}

#[test]
fn words_or_one_quoted_string_mean_the_same() {
    let a = analyze_json(&["nim 3", "+", "sub:1-3 5"]);
    let b = analyze_json(&["nim", "3", "+", "sub:1-3", "5"]);
    assert_eq!(a.position, "nim 3 + sub:1-3 5");
    assert_eq!(a.position, b.position);
    assert_eq!(a.value, b.value);
}

#[test]
fn every_after_is_a_p_position() {
    let a = analyze_json(&["nim 3 4 5 6 + sub:1,3,4 20"]);
    assert_eq!(a.outcome, "N");
    assert!(!a.winning_moves.is_empty());
    for m in &a.winning_moves {
        let after = analyze_json(&[&m.after]);
        assert_eq!(after.outcome, "P", "{} -> {}", m.mv, m.after);
        assert!(after.winning_moves.is_empty());
        assert_eq!(after.value, Some(0));
    }
}

#[test]
fn max_moves_caps_the_list_and_says_so() {
    let a = analyze_json(&["nim 3 4 5 6", "--max-moves", "1"]);
    assert_eq!(a.winning_moves.len(), 1);
    assert!(a.truncated);
    sprague()
        .args(["analyze", "nim 3 4 5 6", "--max-moves", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "... and 1 more; --max-moves all lists them",
        ));
}

#[test]
fn misere_nim_is_decided_by_its_rule() {
    let a = analyze_json(&["nim 1 1 1", "--misere"]);
    assert_eq!(
        (a.play.as_str(), a.outcome.as_str(), a.value),
        ("misere", "P", None)
    );
    assert_eq!(a.basis, "misere-nim");
}

/// Every view of an analysis reports the basis the analyzer used: the
/// misère Nim rule for moore:1 (which is Nim), not a search.
#[test]
fn every_view_reports_the_basis_that_decided() {
    let a = analyze_json(&["--misere", "moore:1", "1", "1", "1"]);
    assert_eq!((a.basis.as_str(), a.outcome.as_str()), ("misere-nim", "P"));
    sprague()
        .args(["analyze", "--misere", "moore:1", "1", "1", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("basis:    the misère Nim rule"))
        .stdout(predicate::str::contains("search").not());
    sprague()
        .args(["analyze", "--misere", "--explain", "moore:1", "1", "1", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Misère Nim"))
        .stdout(predicate::str::contains("search").not());
    let cases = [
        (&["nim 3 4 5"][..], "bouton"),
        (&["nim 3 + moore:1 4"], "bouton"),
        (&["moore:2 1 2 3"], "moore"),
        (&["staircase 3 1 2"], "staircase"),
        (&["kayles 10"], "table"),
        (&["kayles 1000000000000"], "period"),
        (&["sub:1-3 100"], "period"),
        (&["kayles 3 + nim 4"], "sprague-grundy"),
        (&["kayles 3 4", "--misere"], "genus"),
        (&["kayles 8 7", "--misere"], "quotient"),
        (&["kayles 9 + dawson 3", "--misere"], "search"),
    ];
    for (args, basis) in cases {
        assert_eq!(analyze_json(args).basis, basis, "{args:?}");
    }
}

#[test]
fn bad_input_exits_2_naming_the_word_and_its_place() {
    let cases: &[(&[&str], &str)] = &[
        (&["nim", "3", "x"], "word 3 \"x\" (column 7)"),
        (&["nim", "-1"], "word 2 \"-1\""),
        (&["nim", "18446744073709551616"], "heap size too large"),
        (&["foo", "3"], "word 1 \"foo\" (column 1): unknown ruleset"),
        (&["nim", "3", "+"], "word 3 \"+\""),
        (&["nim 3 ++ nim 4"], "word 3 \"++\" (column 8, at \"+\")"),
        (&[""], "empty position"),
        (&["   "], "empty position"),
        (&["sub:0 3"], "may not contain 0"),
        (&["sub:3-1 3"], "range 3-1 is empty"),
        (&["sub: 3"], "subtraction set is empty"),
        // The argument to blame, not the ruleset word.
        (
            &["welter 3 5 3"],
            "word 4 \"3\" (column 12): a second coin on square 3",
        ),
        (
            &["turtles 0"],
            "word 2 \"0\" (column 9): coin 0 is not on the row",
        ),
        (
            &["mock 5 9223372036854775808"],
            "word 3 \"9223372036854775808\" (column 8): coin 9223372036854775808 is past",
        ),
        (
            &["turtles HHTH THH"],
            "word 3 \"THH\" (column 14): a component is one row",
        ),
    ];
    for (args, message) in cases {
        sprague()
            .arg("analyze")
            .args(*args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with("error: "))
            .stderr(predicate::str::contains(*message));
    }
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    sprague().arg("analyze").assert().code(2);
    sprague().arg("frobnicate").assert().code(2);
    sprague()
        .args(["analyze", "nim 3", "--max-moves", "x"])
        .assert()
        .code(2);
    sprague()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("analyze"));
    sprague().args(["analyze", "--help"]).assert().success();
}

#[test]
fn a_search_past_the_state_limit_exits_3_naming_the_flag() {
    sprague()
        .args([
            "analyze",
            "kayles 9 9 9 + dawson 9 9 9",
            "--misere",
            "--max-states",
            "50",
        ])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("state limit"))
        .stderr(predicate::str::contains("--max-states"));
}

#[test]
fn batch_reports_bad_lines_in_their_place_and_goes_on() {
    sprague()
        .arg("batch")
        .write_stdin("nim 3 4 5\nnim 3 x\n\n# a comment\nnim 1 2 3\nfoo 1\nnim 1 1 1\n")
        .assert()
        .code(2)
        .stdout(predicate::function(|out: &str| {
            let lines: Vec<&str> = out.lines().collect();
            lines.len() == 5
                && lines[0] == "N\tnim 1 4 5"
                && lines[1].starts_with("error\tword 3 \"x\"")
                && lines[2] == "P"
                && lines[3].starts_with("error\tword 1 \"foo\" (column 1): unknown ruleset")
                && lines[4] == "N\tnim 0 1 1"
        }))
        .stderr(predicate::str::contains("error: line 2: word 3 \"x\""))
        .stderr(predicate::str::contains("error: line 6: word 1 \"foo\""));
}

#[test]
fn batch_takes_trailing_comments_and_quits_quietly_on_a_closed_pipe() {
    sprague()
        .arg("batch")
        .write_stdin("nim 1 2 3 # a P-position\nnim 1 # N\n")
        .assert()
        .success()
        .stdout("P\nN\tnim 0\n");
}

#[test]
fn no_command_is_a_usage_error() {
    sprague()
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: a command is required"));
}

#[test]
fn batch_survives_invalid_utf8() {
    let mut input = b"nim 1\n".to_vec();
    input.extend_from_slice(&[0xff, 0xfe, b'\n']);
    input.extend_from_slice(b"nim 2 2\n");
    sprague()
        .arg("batch")
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("N\tnim 0\nerror\tthe line is not valid UTF-8\nP\n")
        .stderr(predicate::str::contains(
            "line 2: the line is not valid UTF-8",
        ));
}

#[test]
fn batch_json_gives_one_object_per_line() {
    let out = sprague()
        .args(["batch", "--json"])
        .write_stdin("nim 3 4 5\nnim 1 1\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    common::schema::check_output(&["batch", "--json"], &text);
    let lines: Vec<Analysis> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].winning_moves[0].after, "nim 1 4 5");
    assert_eq!(lines[1].outcome, "P");
}

/// The expected outcomes of the known-answer file of the library
/// (`position ; normal ; value ; misère`): position -> (normal, misère).
fn known_outcomes() -> std::collections::HashMap<String, (String, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../sprague/tests/data/known.txt"
    ))
    .unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            // The position may hold `;` (Hackenbush branches): the last
            // three fields are split off from the right.
            let mut f: Vec<&str> = l.rsplitn(4, ';').map(str::trim).collect();
            f.reverse();
            (f[0].to_string(), (f[1].to_string(), f[3].to_string()))
        })
        .collect()
}

/// Runs `sprague batch ARGS` over an examples file and checks each output
/// line's outcome against the known-answer file: every position of the
/// file must be there, with that convention's outcome given.
fn check_examples_file(name: &str, args: &[&str], misere: bool) {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let input = std::fs::read_to_string(&path).unwrap();
    let known = known_outcomes();
    let positions: Vec<&str> = input
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .collect();
    let out = sprague()
        .args(args)
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines.len(),
        positions.len(),
        "{name}: one output line per position"
    );
    let mut bad = Vec::new();
    for (position, line) in positions.iter().zip(&lines) {
        let (normal, mis) = known
            .get(*position)
            .unwrap_or_else(|| panic!("{name}: {position:?} is not in known.txt"));
        let expected = if misere { mis } else { normal };
        assert_ne!(
            expected, "-",
            "{name}: known.txt gives no outcome for {position:?}"
        );
        let got = line.split('\t').next().unwrap();
        if got != expected {
            bad.push(format!("{position}: {got} (expected {expected})"));
        }
    }
    assert!(bad.is_empty(), "{name}:\n{}", bad.join("\n"));
}

#[test]
fn batch_of_the_examples_file_gives_the_known_outcomes() {
    check_examples_file("positions.txt", &["batch"], false);
}

#[test]
fn batch_misere_of_the_misere_examples_gives_the_known_outcomes() {
    check_examples_file("misere.txt", &["batch", "--misere"], true);
}

#[test]
fn one_line_of_100000_heaps() {
    let heaps: Vec<String> = (0..100_000u64)
        .map(|i| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (i << 7)).to_string())
        .collect();
    let line = format!("nim {}\n", heaps.join(" "));
    let out = sprague().arg("batch").write_stdin(line).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let (outcome, after) = text.trim_end().split_once('\t').unwrap();
    assert_eq!(outcome, "N");
    let after_heaps: Vec<u64> = after
        .split(' ')
        .skip(1)
        .map(|h| h.parse().unwrap())
        .collect();
    assert_eq!(after_heaps.len(), 100_000);
    assert_eq!(after_heaps.iter().fold(0, |a, b| a ^ b), 0);
}

/// The table limit's message comes from the library in its own words; the
/// command line adds the flag that raises it (for a game that splits a
/// heap into three, a 500th of it).
#[test]
fn table_limit_names_the_flag_once() {
    let out = sprague()
        .args(["analyze", "hex:0.8 300", "--max-table", "100000"])
        .assert()
        .code(3)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(err.contains("past the table limit of 200 values"), "{err}");
    assert_eq!(err.matches("--max-table").count(), 2, "{err}");
    assert!(err.contains("such games get --max-table / 500"), "{err}");
}

#[test]
fn a_misspelt_ruleset_gets_a_suggestion() {
    for (typed, meant) in [
        ("Nim 3 4 5", "nim"),
        ("kayle 3", "kayles"),
        ("Wythof 3 5", "wythoff"),
    ] {
        sprague()
            .args(["analyze", typed])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "unknown ruleset (did you mean {meant}?)"
            )));
    }
}

#[test]
fn batch_echo_lines_up_with_the_input() {
    sprague()
        .args(["batch", "--echo"])
        .write_stdin("nim 3 4 5\n\nfoo 1\n# comment\nkayles 1000000000000000000\n")
        .assert()
        .code(2)
        .stdout(predicate::function(|out: &str| {
            let lines: Vec<&str> = out.lines().collect();
            lines.len() == 3
                && lines[0] == "nim 3 4 5\tN\tnim 1 4 5"
                && lines[1].starts_with("foo 1\terror\t")
                && lines[2].starts_with("kayles 1000000000000000000\tN\tkayles ")
        }));
}

#[test]
fn the_human_view_lists_a_few_moves_and_counts_the_rest() {
    let out = sprague()
        .args(["analyze", "kayles", "1000000000000000000"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let moves = text.lines().filter(|l| l.starts_with("  take")).count();
    assert_eq!(moves, 10, "{text}");
    assert!(text.contains("more; --max-moves all lists them"), "{text}");
    // At the cap of `--max-moves all` the hint does not send the reader
    // back to it.
    let capped = common::stdout_of(&["analyze", "kayles", "1000000000000", "--max-moves", "all"]);
    let last = capped.lines().last().unwrap();
    assert!(
        last.contains("--max-moves all lists at most 10000 for this game")
            && !last.contains("lists them"),
        "{last}"
    );
    // JSON lists as many by default, and all of them (up to the cap) with
    // --max-moves all.
    let v: serde_json::Value =
        serde_json::from_str(&common::stdout_of(&["analyze", "kayles", "1000", "--json"])).unwrap();
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 10);
    assert_eq!(v["truncated"], true);
    let total = v["total_winning_moves"].as_u64().unwrap();
    assert!(total > 10);
    let all = common::stdout_of(&["analyze", "kayles", "1000", "--json", "--max-moves", "all"]);
    let v: serde_json::Value = serde_json::from_str(&all).unwrap();
    assert_eq!(v["winning_moves"].as_array().unwrap().len() as u64, total);
    assert_eq!(v["truncated"], false);
    // The header's count and the line that says what was cut agree.
    let out = sprague()
        .args(["analyze", "grundy", "2000", "--max-moves", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let total: u64 = text
        .split("winning moves (")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        text.contains(&format!("... and {} more", total - 1)),
        "{text}"
    );
}

/// A heap past the table limit answers only from a proven period; the
/// search for one has its own limit, and past it the exit status is 3 with
/// a message naming --max-period-search (and --max-table when a table up
/// to the heap could hold it). A small limit keeps the debug test quick.
#[test]
fn a_period_search_past_its_limit_exits_3_naming_the_flag() {
    let stderr = |args: &[&str]| {
        let out = sprague().args(args).assert().code(3).get_output().clone();
        assert!(out.stdout.is_empty());
        String::from_utf8(out.stderr).unwrap()
    };
    // Officers (octal:0.6): no period known.
    let err = stderr(&[
        "analyze",
        "octal:0.6 18446744073709551615",
        "--max-period-search",
        "20000",
    ]);
    assert!(
        err.starts_with("error: octal:0.6 heap 18446744073709551615"),
        "{err}"
    );
    assert!(err.contains("only a proven period"), "{err}");
    assert!(err.contains("its limit of 20000"), "{err}");
    assert_eq!(err.matches("--max-period-search N").count(), 1, "{err}");
    // No table reaches 2^64 - 1: --max-table is not offered.
    assert!(!err.contains("--max-table"), "{err}");
    let err = stderr(&[
        "analyze",
        "octal:0.6 100000000",
        "--max-period-search",
        "20000",
    ]);
    assert!(err.contains("--max-period-search N"), "{err}");
    // The table that would hold the heap.
    assert!(err.contains("--max-table 100000001"), "{err}");
    // A game that splits a heap into three gets a 4th of the limit (the
    // work it counts grows with the values already).
    let err = stderr(&[
        "analyze",
        "hex:0.8 1000000000000",
        "--max-period-search",
        "1000000",
    ]);
    assert!(err.contains("its limit of 250000"), "{err}");
    assert!(err.contains("--max-period-search / 4"), "{err}");
    // batch takes the flag too, and goes on after the line.
    sprague()
        .args(["batch", "--max-period-search", "20000"])
        .write_stdin("octal:0.6 18446744073709551615\nnim 1\n")
        .assert()
        .code(3)
        .stdout(predicate::function(|out: &str| {
            let lines: Vec<&str> = out.lines().collect();
            lines.len() == 2
                && lines[0].starts_with("error\toctal:0.6 heap 18446744073709551615")
                && lines[0].contains("--max-period-search N")
                && lines[1] == "N\tnim 0"
        }))
        .stderr(predicate::str::contains("--max-period-search"));
}

/// A period proven within the search limit answers a heap far past the
/// table limit: Dawson's Kayles (period 34 from 53, proven from 1,025
/// values below 10) within a limit of 20,000 and a table limit of 2,000,
/// and octal:0.156 (period 349 from 3,479) with the default limits.
#[test]
fn a_period_found_within_the_search_limit_answers_a_huge_heap() {
    let a = analyze_json(&[
        "dawson 18446744073709551615",
        "--max-table",
        "2000",
        "--max-period-search",
        "20000",
    ]);
    assert_eq!(a.basis, "period");
    let p = 53 + (u64::MAX - 53) % 34;
    let small = analyze_json(&[&format!("dawson {p}")]);
    assert_eq!((a.value, a.outcome), (small.value, small.outcome));
    let a = analyze_json(&["octal:0.156 1000000000000000000"]);
    assert_eq!(a.basis, "period");
}

/// With the default limits, Officers stops at the period-search limit and
/// 0.16's period (149,459, proven from 524,289 values) answers; `period`
/// and `sequence`, with their larger default, prove octal:0.56's period
/// (144 from heap 326,640) and refuse `sequence octal:0.6 --to 10000000`
/// (one value past the default table) before writing anything; how long
/// it takes is measured in the closing note, not here. Run with
/// `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn heavy_default_period_search_limit() {
    sprague()
        .args(["analyze", "octal:0.6 18446744073709551615"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("--max-period-search"));
    let a = analyze_json(&["octal:0.16 1000000000000000000"]);
    assert_eq!((a.basis.as_str(), a.value), ("period", Some(5)));
    sprague()
        .args(["period", "octal:0.56", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            r#""preperiod":326640,"period":144,"proven":true"#,
        ));
    sprague()
        .args(["sequence", "octal:0.6", "--to", "10000000"])
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("--max-table 10000001"));
}

#[test]
fn help_works_as_a_command_and_keeps_bullets_apart() {
    sprague()
        .args(["help", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Usage: sprague help [OPTIONS] [COMMAND]",
        ));
    sprague()
        .args(["help", "analyze"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Usage: sprague analyze"));
    sprague()
        .args(["help", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no command \"nope\""));
    let period = sprague().args(["period", "--help"]).output().unwrap();
    let text = String::from_utf8(period.stdout).unwrap();
    assert!(
        text.lines().any(|l| l.starts_with("- sub:S")),
        "the sub:S bullet starts its own line:\n{text}"
    );
}

/// A code with unbounded removals that also splits heaps costs about the
/// cube of the heap: its table limit is a 2,500th of --max-table, refused
/// at once past it, naming the flag.
#[test]
fn unbounded_split_codes_have_a_smaller_table() {
    sprague()
        .args(["analyze", "octal:0.7... 1000000"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "past the table limit of 4000 values",
        ))
        .stderr(predicate::str::contains(
            "--max-table N (such games get --max-table / 2500",
        ));
}
