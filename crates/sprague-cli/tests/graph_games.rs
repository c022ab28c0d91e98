//! The games on graphs and boards from the command line (issue 35): a lone
//! Geography token answered at once by its theorem, its Grundy value
//! searched only within a small budget unless asked for; sums that need
//! the value stopped by the limit with exit status 3.

mod common;
use common::sprague;
use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The positions each listed winning move leaves (`leaving ...`).
fn leaving(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            l.split_once(", leaving ")
                .map(|(_, p)| p.trim().to_string())
        })
        .collect()
}

#[test]
fn a_lone_token_on_a_6_by_6_grid_is_answered_without_its_value() {
    // Was a search of 2,000,000 positions (31 s in a debug build) for a
    // value the theorem does not need.
    let (code, out, err) = run(&["analyze", "geography grid:6x6@1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome:  N"), "{out}");
    assert!(
        out.contains("value:    unknown, the outcome needs no value (not computed: its search stopped at 10000 positions"),
        "{out}"
    );
    assert!(out.contains("--value searches within --max-states"), "{out}");
    let after = leaving(&out);
    assert_eq!(after, ["geography grid:6x6~1@2", "geography grid:6x6~1@7"]);
    for p in after {
        let (code, out, _) = run(&["analyze", &p]);
        assert_eq!(code, 0);
        assert!(out.contains("outcome:  P"), "{p}: {out}");
    }
    // The JSON says why the value is null.
    let (code, out, _) = run(&["analyze", "geography grid:6x6@1", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    common::schema::check("analysis.schema.json", &v);
    assert_eq!(v["value"], Value::Null);
    assert_eq!(v["value_unknown"], "budget");
    // A small value is still found within the budget.
    let (_, out, _) = run(&["analyze", "geography grid:3x3@2", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], 1);
    assert_eq!(v.get("value_unknown"), None);
}

#[test]
fn a_value_asked_for_or_needed_by_a_sum_is_searched_within_the_limit() {
    for args in [
        &["analyze", "geography grid:6x6@1", "--value", "--max-states", "20000"][..],
        &["analyze", "geography grid:6x6@1 + nim 1", "--max-states", "20000"][..],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 3, "{args:?}: {out}{err}");
        assert!(err.contains("--max-states"), "{err}");
        assert!(out.is_empty(), "{out}");
    }
    // Asked for and found.
    let (code, out, err) = run(&["analyze", "geography grid:3x4@1", "--value"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:    "), "{out}");
    assert!(!out.contains("unknown"), "{out}");
}
