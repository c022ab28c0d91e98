//! `sprague genus`, `sprague quotient` and the misère bases of `analyze`
//! (`genus`, `quotient`): output, JSON, exit statuses, and every winning
//! move leading to a P-position.

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{sprague, stdout_of};

fn json(args: &[&str]) -> Value {
    // Checked against its schema too.
    serde_json::from_str(&common::stdout_of(args)).unwrap()
}

#[test]
fn genus_of_nim_heaps() {
    let v = json(&["genus", "nim", "--to", "3", "--json"]);
    let written: Vec<&str> = v["heaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["genus"].as_str().unwrap())
        .collect();
    assert_eq!(written, ["0^120", "1^031", "2^20", "3^31"]);
    assert_eq!(v["heaps"][0]["misere"], serde_json::json!([1, 2, 0]));
    assert_eq!(v["first_wild"], Value::Null);
}

#[test]
fn genus_says_where_kayles_turns_wild() {
    sprague()
        .args(["genus", "kayles", "--to", "6"])
        .assert()
        .success()
        .stdout(predicate::str::contains("5     4^146  wild"))
        .stdout(predicate::str::ends_with(
            "tame up to heap 4; first wild heap: 5\n",
        ));
}

#[test]
fn genus_and_quotient_refuse_a_game_that_is_not_a_heap_game() {
    for cmd in ["genus", "quotient"] {
        sprague()
            .args([cmd, "wythoff", "--to", "3"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("wythoff is not a heap game"));
    }
    sprague()
        .args(["genus", "kayle", "--to", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("kayles"));
}

#[test]
fn genus_stops_at_its_state_limit() {
    sprague()
        .args(["genus", "kayles", "--to", "20", "--max-states", "10"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("--max-states"));
}

#[test]
fn quotient_of_misere_nim_and_of_0_75() {
    let v = json(&["quotient", "nim", "--to", "3", "--json"]);
    assert_eq!(v["order"], 6);
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(v["relations"], serde_json::json!(["a^2 = 1", "b^3 = b"]));
    assert_eq!(v["pretend"], serde_json::json!(["1", "a", "b", "ab"]));
    assert_eq!(
        json(&["quotient", "nim", "--to", "1", "--json"])["order"],
        2
    );
    assert_eq!(
        json(&["quotient", "octal:0.75", "--to", "30", "--json"])["order"],
        8
    );
    assert_eq!(
        json(&["quotient", "kayles", "--to", "4", "--json"])["order"],
        6
    );
}

#[test]
fn quotient_order_limit_names_the_flag() {
    sprague()
        .args(["quotient", "kayles", "--to", "8", "--max-order", "6"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("--max-order"));
}

#[test]
fn quotient_keeps_apart_what_a_later_heap_splits() {
    // Kayles: 5 + 5 is the identity up to heap 8, not from heap 9 on.
    assert_eq!(
        json(&["quotient", "kayles", "--to", "8", "--json"])["order"],
        12
    );
    assert_eq!(
        json(&["quotient", "kayles", "--to", "9", "--json"])["order"],
        18
    );
}

#[test]
fn quotient_check_limit_names_the_flag() {
    sprague()
        .args(["quotient", "kayles", "--to", "9", "--max-states", "20"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("--max-states"));
}

/// `analyze --misere` tries the quotient within --max-quotient-states and
/// searches within --max-states: the two are separate (a raised
/// --max-states once raised the quotient's budget too, and a lowered one
/// switched the quotient off), and where both stop the error names both.
#[test]
fn quotient_and_search_have_their_own_limits() {
    let position = [
        "analyze",
        "kayles 12 9 7",
        "--misere",
        "--max-states",
        "100",
    ];
    let v = json(&[&position[..], &["--json"]].concat());
    assert_eq!(v["basis"], "quotient", "{v}");
    sprague()
        .args(position)
        .args(["--max-quotient-states", "10"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "the misère quotient stopped at its limit of 10 tuples a check (kayles: the misère \
             quotient would list more than 20 options to reach every heap up to 12), and the \
             search needs to store more than 100 positions",
        ))
        .stderr(predicate::str::contains(
            "raise --max-quotient-states N for the quotient",
        ))
        .stderr(predicate::str::contains("or --max-states N for the search"));
}

/// A limit of one is written in the singular (it said "more than 1
/// positions").
#[test]
fn a_limit_of_one_is_singular() {
    sprague()
        .args([
            "analyze",
            "kayles 9 8 7",
            "--misere",
            "--max-states",
            "1",
            "--max-quotient-states",
            "0",
        ])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "more than 1 position (the state limit)",
        ));
    sprague()
        .args(["quotient", "dawson", "--to", "30", "--max-order", "1"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "more than 1 element (the order limit)",
        ));
}

/// A quotient keeps every option of every heap (memory grows with the
/// square of `--to`): a huge `--to` stops at once, before storing any,
/// naming the flag; and a negative one is a bad value of `--to`.
#[test]
fn quotient_option_budget_stops_a_huge_bound_early() {
    sprague()
        .args(["quotient", "octal:0.75", "--to", "100000000000"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "the misère quotient would list more than 4000000 options",
        ))
        .stderr(predicate::str::contains(
            "--max-states N (the budget is 2 options a state)",
        ));
    for command in ["quotient", "genus"] {
        sprague()
            .args([command, "kayles", "--to", "-1"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "invalid value '-1' for '--to <N>'",
            ))
            .stderr(predicate::str::contains("-- -1").not());
    }
}

/// `analyze --misere` takes the quotient basis for 0.75 past heap 1,000
/// (there was a fixed bound of 1,000): only the budget bounds it.
#[test]
fn analyze_uses_the_quotient_of_0_75_past_heap_1000() {
    let v = json(&["analyze", "octal:0.75 1200 5", "--misere", "--json"]);
    assert_eq!(v["basis"], "quotient", "{v}");
}

/// Every `after` of a misère analysis is a misère P-position, and the basis
/// is the one expected.
fn check_misere(position: &str, basis: &str) {
    let v = json(&["analyze", position, "--misere", "--json"]);
    assert_eq!(v["basis"], basis, "{position}");
    for m in v["winning_moves"].as_array().unwrap() {
        let after = m["after"].as_str().unwrap();
        let a = json(&["analyze", after, "--misere", "--json"]);
        assert_eq!(a["outcome"], "P", "{position} -> {after}");
    }
}

#[test]
fn misere_bases_genus_and_quotient() {
    check_misere("sub:1,2 100 7 + nim 5", "genus");
    check_misere("dawson 9 8 7", "genus");
    check_misere("kayles 8 8 7 6 5 + kayles 3", "quotient");
    check_misere("octal:0.75 40 17 9 3", "quotient");
    // A wild sum of two rulesets is still searched.
    check_misere("kayles 9 + dawson 3", "search");
}

#[test]
fn a_hundred_kayles_heaps_in_the_quotient() {
    let heaps: Vec<String> = (0..100).map(|i| ((i * 7) % 9).to_string()).collect();
    let position = format!("kayles {}", heaps.join(" "));
    let v = json(&[
        "analyze",
        &position,
        "--misere",
        "--json",
        "--max-moves",
        "all",
    ]);
    assert_eq!(v["basis"], "quotient");
    assert!(v["truncated"] == false);
}

#[test]
fn explain_names_the_quotient_and_the_genera() {
    sprague()
        .args(["analyze", "--explain", "octal:0.75 5 9 3", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains("order 8"))
        .stdout(predicate::str::contains("The product is ab^2."));
    sprague()
        .args(["analyze", "--explain", "sub:1,2 7 4 + nim 2", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains("c2 heap 1 (nim 2): 2^20"));
}

#[test]
fn verify_says_it_checks_genus_and_quotients_under_misere_play() {
    // The header named a closed form, and --help said only Nim has one.
    let out = common::stdout_of(&[
        "verify",
        "kayles",
        "--misere",
        "--heaps",
        "3",
        "--max-heap",
        "6",
    ]);
    assert!(
        out.starts_with(
            "verify kayles (misère play): genus theory (tame heaps) and misère quotients \
             against search by definition\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("decided by: genus theory (tame heaps) 156, misère quotients 244\n"),
        "{out}"
    );
    assert!(out.ends_with("disagreements: 0\n"), "{out}");
    assert!(!out.contains("closed form"), "{out}");
    let out = common::stdout_of(&["verify", "nim", "--misere", "--heaps", "2"]);
    assert!(
        out.starts_with("verify nim (misère play): the misère Nim rule against search"),
        "{out}"
    );
    let help = common::stdout_of(&["verify", "--help"]);
    assert!(!help.contains("only Nim"), "{help}");
    assert!(help.contains("misère quotients"), "{help}");
}

/// A quotient is the same in every run (issue 54): its JSON (order,
/// presentation, P-portion, pretending function) from two processes, each
/// with its own hash seeds, is byte-identical, for quotients of a few
/// elements to 24 (Dawson's Kayles to heap 18).
#[test]
fn a_quotient_is_the_same_in_two_runs() {
    for (word, to) in [
        ("kayles", "20"),
        ("dawson", "18"),
        ("octal:0.15", "30"),
        ("octal:0.75", "30"),
    ] {
        let run = || stdout_of(&["quotient", word, "--to", to, "--json"]);
        let first = run();
        assert!(first.len() > 20, "{word}");
        assert!(first == run(), "{word} --to {to}: two runs differ");
    }
}

#[test]
fn a_quotient_whose_powers_do_not_repeat_names_max_cycle() {
    // octal:0.76's heap 7: its copies do not repeat within 12 (nor 16).
    sprague()
        .args(["quotient", "octal:0.76", "--to", "12"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("1 to 12 copies of it do not repeat").and(
                predicate::str::contains("a longer cycle may find it: --max-cycle L (now 12"),
            ),
        );
    sprague()
        .args(["quotient", "octal:0.76", "--to", "12", "--max-cycle", "16"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("1 to 16 copies").and(predicate::str::contains("(now 16")),
        );
    for bad in ["1", "257", "x"] {
        sprague()
            .args(["quotient", "kayles", "--to", "5", "--max-cycle", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--max-cycle"));
    }
}
