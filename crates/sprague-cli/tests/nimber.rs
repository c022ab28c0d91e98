//! `sprague nimber`: the real binary, driven with assert_cmd.

use predicates::prelude::*;

mod common;
use common::sprague;

fn nimber(args: &[&str]) -> String {
    common::stdout_of(&[&["nimber"], args].concat())
}

#[test]
fn must_show_values() {
    let five: Vec<String> = (0..=8).map(|b| nimber(&[&format!("5 * {b}")])).collect();
    assert_eq!(five.concat(), "0\n5\n10\n15\n2\n7\n8\n13\n3\n");
    assert_eq!(nimber(&["3141 * 5926"]), "14994\n");
    assert_eq!(
        nimber(&["18446744073709551615 * 18446744073709551615"]),
        "11290409524105353207\n"
    );
    let eight: Vec<String> = (1..=16)
        .map(|b| nimber(&["8", "*", &b.to_string()]))
        .collect();
    assert_eq!(
        eight
            .concat()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        "8 12 4 11 3 7 15 13 5 1 9 6 14 10 2 128"
    );
    let inv: Vec<String> = (1..=16).map(|b| nimber(&["inv", &b.to_string()])).collect();
    assert_eq!(
        inv.concat()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        "1 3 2 15 12 9 11 10 6 8 7 5 14 13 4 170"
    );
}

#[test]
fn words_or_one_string() {
    assert_eq!(nimber(&["sqrt", "(", "24", ")", "+", "1"]), "17\n");
    assert_eq!(nimber(&["sqrt (24) + 1"]), "17\n");
    assert_eq!(nimber(&["7", "^", "-1", "*", "7"]), "1\n");
    assert_eq!(nimber(&["0xff / 0xff"]), "1\n");
}

#[test]
fn bad_expressions_exit_2_with_the_token() {
    let cases = [
        (
            "inv 0",
            "error: token \"inv\" (column 1): the operand of `inv` is 0, which has no inverse",
        ),
        (
            "3 / 0",
            "error: token \"/\" (column 3): division by 0 (the divisor is 0, which has no inverse)",
        ),
        (
            "1 + 18446744073709551616",
            "error: token \"18446744073709551616\" (column 5): too large",
        ),
        (
            "2 * (3 +",
            "error: at the end (column 9): the expression ends too early",
        ),
        (
            "2 ^ 2 ^ 2",
            "error: token \"^\" (column 7): chained `^` is ambiguous",
        ),
        ("foo", "error: token \"foo\" (column 1): unknown word"),
    ];
    for (expr, message) in cases {
        sprague()
            .args(["nimber", expr])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(message))
            .stderr(predicate::str::contains("panicked").not());
    }
    sprague().arg("nimber").assert().code(2);
}

#[test]
fn batch_library_checker_format() {
    sprague()
        .args(["nimber", "--batch"])
        .write_stdin("4\n5 8\n3141 5926\n18446744073709551615 18446744073709551615\n0 7\n")
        .assert()
        .success()
        .stdout("3\n14994\n11290409524105353207\n0\n")
        .stderr("");
}

#[test]
fn batch_bad_lines_exit_2_and_name_the_line() {
    sprague()
        .args(["nimber", "--batch"])
        .write_stdin("3\n2 2\n2 -1\n3 3\n")
        .assert()
        .code(2)
        .stdout("3\n2\n")
        .stderr(predicate::str::starts_with(
            "error: line 3: word 2 \"-1\": nimbers are not negative",
        ));
    sprague()
        .args(["nimber", "--batch"])
        .write_stdin("2\n2 2\n")
        .assert()
        .code(2)
        .stdout("3\n")
        .stderr("error: the input ends after 1 pair, but the count T on line 1 is 2\n");
    sprague()
        .args(["nimber", "--batch"])
        .write_stdin("two\n")
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "error: line 1: the first line must be the number of pairs T",
        ));
}

#[test]
fn batch_agrees_with_the_expression_command() {
    // Deterministic pseudo-random pairs, dense and sparse.
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let pairs: Vec<(u64, u64)> = (0..20).map(|i| (next() >> (i % 5 * 13), next())).collect();
    let input = format!(
        "{}\n{}",
        pairs.len(),
        pairs
            .iter()
            .map(|(a, b)| format!("{a} {b}\n"))
            .collect::<String>()
    );
    let out = sprague()
        .args(["nimber", "--batch"])
        .write_stdin(input)
        .assert()
        .success();
    let lines: Vec<String> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    for ((a, b), line) in pairs.iter().zip(&lines) {
        assert_eq!(nimber(&[&format!("{a} * {b}")]).trim(), line);
    }
    assert_eq!(lines.len(), pairs.len());
}

#[test]
fn a_very_long_bad_expression_is_an_error_not_a_panic() {
    let text = format!("{}x", "1 + ".repeat(17_000));
    sprague()
        .args(["nimber", &text])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 68001"));
}

/// `^` is the nim-power, which C, Rust and Python readers take for XOR: the
/// answer stands, and a note on stderr says what `^` is and how to write
/// the nim-sum; `xor` and `⊕` are the nim-sum.
#[test]
fn caret_is_the_nim_power_and_says_so() {
    sprague()
        .args(["nimber", "2 ^ 10 + 1"])
        .assert()
        .success()
        .stdout("3\n")
        .stderr(predicate::str::contains("`^` is the nim-power"))
        .stderr(predicate::str::contains("write `+`, `xor` or `⊕`"));
    for text in ["2 xor 10", "2 ⊕ 10", "2 + 10"] {
        sprague()
            .args(["nimber", text])
            .assert()
            .success()
            .stdout("8\n")
            .stderr("");
    }
    sprague()
        .args(["nimber", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("NOT XOR"));
}
