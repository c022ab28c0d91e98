//! Named subtraction sets through the real binary: `sequence sub:squares`
//! against the published values, `period`'s honesty about infinite sets,
//! the table limit, `verify`, `analyze --explain` and `play`.

use predicates::prelude::*;

mod common;
use common::{sprague, stdout_of};

/// OEIS A014586, subtract-a-square, G(0..=30) (from
/// ../shared/data/subtract_a_square.txt).
const A014586_TO_30: [u64; 31] = [
    0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 3,
];

#[test]
fn sequence_of_squares_matches_a014586_and_a030193() {
    let raw = stdout_of(&["sequence", "sub:squares", "--to", "30", "--format", "raw"]);
    let got: Vec<u64> = raw.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(got, A014586_TO_30);
    // The P-positions (value 0), OEIS A030193: 0, 2, 5, 7, 10, ...
    let p: Vec<usize> = (0..got.len()).filter(|&n| got[n] == 0).collect();
    assert_eq!(p, [0, 2, 5, 7, 10, 12, 15, 17, 20, 22]);
    // JSON claims no period.
    let json = stdout_of(&["sequence", "sub:squares", "--to", "30", "--format", "json"]);
    assert!(
        json.ends_with(",3],\"preperiod\":null,\"period\":null}\n"),
        "{json}"
    );
}

#[test]
fn period_claims_nothing_for_an_infinite_set() {
    for set in ["squares", "primes", "pow2", "fib"] {
        let word = format!("sub:{set}");
        let json = stdout_of(&["period", &word, "--json"]);
        assert_eq!(
            json,
            format!(
                "{{\"ruleset\":\"{word}\",\"preperiod\":null,\"period\":null,\"proven\":false,\"checked_to\":0}}\n"
            )
        );
        let human = stdout_of(&["period", &word]);
        assert!(human.contains("its subtraction set is infinite"), "{human}");
        assert!(human.contains("proven:     no"), "{human}");
    }
}

/// Past the set's share of --max-table: exit 3 naming the flag, at once.
#[test]
fn tables_past_the_limit_are_refused_naming_the_flag() {
    sprague()
        .args(["sequence", "sub:primes", "--to", "1000000"])
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains(
            "past the table limit of 1000000 values",
        ))
        .stderr(predicate::str::contains(
            "--max-table N (such games get --max-table / 10;",
        ));
    sprague()
        .args(["analyze", "sub:squares 18446744073709551615"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "past the table limit of 10000000 values",
        ))
        .stderr(predicate::str::contains("--max-table"));
    // Raised, it computes.
    let out = stdout_of(&[
        "sequence",
        "sub:primes",
        "--to",
        "1000",
        "--max-table",
        "1000100",
        "--format",
        "raw",
    ]);
    assert_eq!(out.lines().count(), 1001);
}

#[test]
fn analyze_explain_verify_and_play_work_as_for_finite_sets() {
    let json = stdout_of(&["analyze", "sub:squares 29 + sub:primes 10", "--json"]);
    assert_eq!(
        json.trim(),
        r#"{"position":"sub:squares 29 + sub:primes 10","play":"normal","outcome":"N","basis":"sprague-grundy","value":5,"winning_moves":[{"move":"component 1: sub:squares heap 1: 29 -> 20","after":"sub:squares 20 + sub:primes 10","component":0,"ruleset":"sub:squares","change":{"kind":"heap","heap":0,"before":29,"removed":9,"parts":[20]}}],"truncated":false,"total_winning_moves":1}"#
    );
    let explain = stdout_of(&["analyze", "sub:fib 21", "--explain"]);
    assert!(
        explain.contains("the Fibonacci numbers 1, 2, 3, 5, 8, ... (an infinite set, so no period"),
        "{explain}"
    );
    for set in ["squares", "primes", "pow2", "fib"] {
        sprague()
            .args([
                "verify",
                &format!("sub:{set}"),
                "--max-heap",
                "8",
                "--heaps",
                "3",
            ])
            .assert()
            .success()
            .stdout(predicate::str::contains("disagreements: 0"));
    }
    sprague()
        .args(["play", "sub:squares 29", "--seed", "3"])
        .write_stdin("hint\n1 4\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("hint: 1 9"))
        .stdout(predicate::str::contains("position: sub:squares 25"))
        .stdout(predicate::str::contains(
            "computer: take 25 from heap 1 (25 -> 0)",
        ))
        .stdout(predicate::str::contains("computer wins"));
    // A move of an amount outside the set is refused, and the game goes on.
    sprague()
        .args(["play", "sub:primes 20", "--seed", "1"])
        .write_stdin("1 4\n1 3\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("position: sub:primes 17"));
}

#[test]
fn misspelt_sets_get_a_hint() {
    sprague()
        .args(["analyze", "sub:squars 4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean sub:squares?"));
}
