//! Arithmetic periods through the real binary (issue 63): `period`
//! reports preperiod, period and saltus for Lasker's Nim and the split
//! into three in both spellings; `analyze` and `batch` answer their far
//! heaps by the arithmetic period (basis `arithmetic-period`); a value past
//! 2^64 - 1 is refused with its exact value (exit 3).

use serde_json::Value;

mod common;
use common::{cli_error, stdout_of};

fn json(args: &[&str]) -> Value {
    serde_json::from_str(stdout_of(args).trim()).unwrap()
}

#[test]
fn period_reports_the_saltus() {
    for (word, want) in [
        ("octal:4.3...", (1, 4, 4)),
        ("rule:0..n-1,split(n)", (1, 4, 4)),
        ("hex:8.3...", (1, 8, 8)),
        ("rule:0..n-1,split3(n)", (1, 8, 8)),
    ] {
        let v = json(&["period", word, "--json"]);
        assert_eq!(v["proven"], true, "{word}: {v}");
        let got = (
            v["preperiod"].as_u64().unwrap(),
            v["period"].as_u64().unwrap(),
            v["saltus"].as_u64().unwrap(),
        );
        assert_eq!(got, want, "{word}");
        let text = stdout_of(&["period", word]);
        let (n0, p, s) = want;
        assert!(
            text.contains(&format!(
                "preperiod:  {n0}\nperiod:     {p}\nsaltus:     {s} "
            )) && text.contains("proven:     yes"),
            "{word}:\n{text}"
        );
    }
    // An ordinary period keeps its JSON as it was: no saltus field.
    let v = json(&["period", "kayles", "--json"]);
    assert!(v.get("saltus").is_none(), "{v}");
}

#[test]
fn far_heaps_are_answered_by_the_arithmetic_period() {
    for (position, value) in [
        ("octal:4.3... 2147483647", "2147483648"),
        ("rule:0..n-1,split(n) 1000000000", "999999999"),
        ("octal:4.3... 1000000000000000003", "1000000000000000004"),
        ("hex:8.3... 9223372036854775815", "9223372036854775816"),
        ("rule:0..n-1,split3(n) 1000000000", "999999999"),
    ] {
        let v = json(&["analyze", position, "--json"]);
        assert_eq!(v["basis"], "arithmetic-period", "{position}: {v}");
        assert_eq!(v["value"].to_string(), value, "{position}");
        let text = stdout_of(&["analyze", position]);
        assert!(text.contains("a proven arithmetic period"), "{text}");
    }
}

#[test]
fn a_value_past_two_to_the_64_is_refused_with_its_value() {
    for word in ["octal:4.3...", "hex:8.3...", "rule:0..n-1,split(n)"] {
        let (err, code) = cli_error(&["analyze", &format!("{word} 18446744073709551615")]);
        assert_eq!(code, 3, "{word}: {err}");
        assert!(err.contains("18446744073709551616"), "{word}: {err}");
    }
}

/// Every row of the table of arithmetic periods in the guide
/// (docs/src/commands/period.md) is what `period` proves.
#[test]
fn guide_table_of_arithmetic_periods() {
    let page =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/src/commands/period.md");
    let text = std::fs::read_to_string(page).unwrap();
    let table = text
        .split("## Arithmetic periods")
        .nth(1)
        .expect("the section");
    let mut rows = 0;
    for line in table
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains('`'))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let code = cells[2].trim_matches('`');
        let want: Vec<u64> = cells[3..6].iter().map(|c| c.parse().unwrap()).collect();
        let v = json(&["period", code, "--json"]);
        assert_eq!(v["proven"], true, "{code}: {v}");
        let got = vec![
            v["preperiod"].as_u64().unwrap(),
            v["period"].as_u64().unwrap(),
            v["saltus"].as_u64().unwrap(),
        ];
        assert_eq!(got, want, "{code}");
        rows += 1;
    }
    assert!(rows >= 20, "{rows} rows");
}

/// A finite hexadecimal code whose values show an arithmetic period that
/// nothing here proves (Howse & Nowakowski's kind): reported as apparent,
/// checked to the limit, not proven, with no period claimed.
#[test]
fn an_unproven_arithmetic_period_is_only_apparent() {
    let v = json(&["period", "hex:0.8f", "--limit", "3000", "--json"]);
    assert_eq!(v["proven"], false, "{v}");
    assert!(v["period"].is_null() && v["saltus"].is_null(), "{v}");
    assert_eq!(v["apparent"]["saltus"], 4, "{v}");
    assert_eq!(v["apparent"]["period"], 7, "{v}");
    let text = stdout_of(&["period", "hex:0.8f", "--limit", "3000"]);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("saltus 4") && words.contains("apparent, checked to heap 3000, not proven"),
        "{text}"
    );
    assert!(text.contains("proven:     no"), "{text}");
}
