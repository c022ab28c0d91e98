//! Northcott's game through the real binary (`rulesets`, `analyze` of a
//! board 2^64 - 1 wide, sums with Nim, JSON, `play`), and the commands a
//! fresh user found saying untrue things of issue 37's games: `period` and
//! `count` of subtraction sets whose period a closed form gives, `period`
//! and `count` of rulesets valued by their own theorem, and what `verify`
//! says it checked.

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
fn northcott_is_listed_and_answered_at_any_width() {
    assert!(stdout_of(&["rulesets"]).contains("northcott:W"));
    let w = "northcott:18446744073709551615 1,18446744073709551615 5,100000000000000";
    let out = stdout_of(&["analyze", w, "--json"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["basis"], "northcott");
    // Gaps 2^64 - 3 and 10^14 - 6: two winning moves, both in row 1.
    assert_eq!(json["total_winning_moves"], 2);
    for m in json["winning_moves"].as_array().unwrap() {
        let after = m["after"].as_str().unwrap();
        let again: serde_json::Value =
            serde_json::from_str(&stdout_of(&["analyze", after, "--json"])).unwrap();
        assert_eq!(again["outcome"], "P", "{after}");
    }
    let sum = stdout_of(&["analyze", "northcott:8 1,5 7,2 + nim 7", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&sum).unwrap();
    assert_eq!(json["value"], 0, "{sum}");
    assert_eq!(json["outcome"], "P");
    let explained = stdout_of(&["analyze", "northcott:8 1,5 7,2", "--explain"]);
    assert!(explained.contains("Nim on the gaps"), "{explained}");
}

#[test]
fn northcott_plays_and_names_bad_moves() {
    let out = sprague()
        .args([
            "play",
            "northcott:8 1,5 7,2",
            "--seed",
            "1",
            "--first",
            "human",
        ])
        .write_stdin("hint\n2 2-8\n1 5-7\n2 7-6\nquit\n")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("hint: 2 7-6"), "{text}");
    assert!(
        text.contains("never jumps over") || text.contains("jump over"),
        "{text}"
    );
    assert!(text.contains("moving away is left out"), "{text}");
    assert!(
        text.contains("you: slide the first checker from square 7 to 6"),
        "{text}"
    );
}

#[test]
fn period_gives_the_closed_form_past_two_to_the_64() {
    let out = stdout_of(&["period", "sub:5,18446744073709551610"]);
    assert!(out.contains("period:     18446744073709551615"), "{out}");
    assert!(out.contains("proven:     yes"), "{out}");
    let out = stdout_of(&["period", "sub:1,2,18446744073709551615", "--json"]);
    // The exact number (a JSON reader without big numbers sees a float).
    assert!(out.contains(r#""period":18446744073709551616,"#), "{out}");
    assert!(out.contains(r#""proven":true"#), "{out}");
}

#[test]
fn count_uses_the_closed_period() {
    // Values 0, 1, 2 repeat to heap 10^12 (K = 10^12 is not a multiple of
    // 3): 333333333334 zeros and ones, 333333333333 twos.
    let out = stdout_of(&[
        "count",
        "sub:1,2,1000000000000",
        "--heaps",
        "2",
        "--max",
        "1000000000000",
    ]);
    let (a, b) = (333_333_333_334u128, 333_333_333_333u128);
    assert_eq!(out.trim(), (2 * a * a + b * b).to_string());
}

#[test]
fn theorem_rulesets_say_what_is_true_of_their_sequences() {
    for word in ["divisor", "fraction:3"] {
        let out = stdout_of(&["period", word]);
        assert!(out.contains("period:     none: "), "{out}");
        assert!(out.contains("unbounded"), "{out}");
        let seq = stdout_of(&["sequence", word, "--to", "12", "--format", "raw"]);
        assert!(!seq.trim().is_empty());
        // Counted heap by heap from the values `sequence` prints.
        let g: Vec<u64> = seq.split_whitespace().map(|v| v.parse().unwrap()).collect();
        let p = (0..g.len())
            .flat_map(|i| (0..g.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| g[i] == g[j])
            .count();
        let counted = stdout_of(&["count", word, "--heaps", "2", "--max", "12"]);
        assert_eq!(counted.trim(), p.to_string(), "{word}");
    }
    let out = sprague().args(["period", "divide:2,3"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("sprague sequence divide:2,3 --to N"), "{err}");
}

#[test]
fn verify_says_what_it_checked() {
    let out = stdout_of(&["verify", "sub:1,2,999"]);
    assert!(out.contains("size at most 1999"), "{out}");
    assert!(
        out.contains("the period 1000 + the largest amount 999"),
        "{out}"
    );
    let out = stdout_of(&["verify", "sub:1,2,1000000000"]);
    assert!(out.contains("range: heaps up to 7 only"), "{out}");
    let out = stdout_of(&["verify", "fibnim"]);
    assert!(!out.contains("heaps"), "{out}");
    assert!(
        out.contains("every legal position of fibnim written with at most 4 numbers"),
        "{out}"
    );
    // Wythoff's positions are pairs: not "at most 4 heaps" (a tester's
    // finding); Moore's Nim takes any number of heaps.
    let out = stdout_of(&["verify", "wythoff"]);
    assert!(
        out.contains("every legal position of wythoff written with"),
        "{out}"
    );
    let out = stdout_of(&["verify", "moore:2"]);
    assert!(
        out.contains("every position of moore:2 with at most 4 heaps"),
        "{out}"
    );
}
