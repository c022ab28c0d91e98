//! The JSON of `analyze` and `batch` against its schema
//! (docs/schema/analysis.schema.json): every kind of move, its structured
//! fields checked against the position after it, the same fields for every
//! ruleset of a kind, and answers that grow with what they list, not with
//! the square of the position.

use serde_json::Value;

mod common;
use common::{schema, sprague, stdout_of};

/// `analyze POSITION --json --max-moves all` (checked against the schema
/// by `stdout_of`).
fn analyze_all(position: &str, misere: bool) -> Value {
    let mut args = vec!["analyze", position, "--json", "--max-moves", "all"];
    if misere {
        args.push("--misere");
    }
    serde_json::from_str(&stdout_of(&args)).unwrap()
}

/// The components of a position's text.
fn components(position: &str) -> Vec<Vec<String>> {
    position
        .split(" + ")
        .map(|c| c.split(' ').map(str::to_string).collect())
        .collect()
}

/// Checks that each move's `change` says what its `after` shows: the
/// component played in changed as the fields say, the others did not.
fn check_changes(v: &Value) {
    let before = components(v["position"].as_str().unwrap());
    for m in v["winning_moves"].as_array().unwrap() {
        let after = components(m["after"].as_str().unwrap());
        let i = m["component"].as_u64().unwrap() as usize;
        assert_eq!(before.len(), after.len(), "{m}");
        for (j, (b, a)) in before.iter().zip(&after).enumerate() {
            if j != i {
                assert_eq!(b, a, "component {j} changed by {m}");
            }
        }
        let (b, a) = (&before[i], &after[i]);
        assert_eq!(m["ruleset"], b[0], "{m}");
        let num = |x: &Value| x.as_u64().unwrap();
        let change = &m["change"];
        match change["kind"].as_str().unwrap() {
            "heap" => {
                let h = num(&change["heap"]) as usize;
                assert_eq!(b[1 + h], change["before"].as_u64().unwrap().to_string());
                let parts: Vec<u64> = change["parts"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(num)
                    .collect();
                // The heap is replaced in place by its parts.
                let mut expected: Vec<String> = b[..1 + h].to_vec();
                expected.extend(parts.iter().map(u64::to_string));
                expected.extend(b[2 + h..].iter().cloned());
                assert_eq!(a, &expected, "{m}");
                let total: u64 = parts.iter().sum();
                assert_eq!(
                    num(&change["before"]),
                    total + num(&change["removed"]),
                    "{m}"
                );
            }
            "heaps" => {
                let mut expected = b.clone();
                for c in change["changes"].as_array().unwrap() {
                    let h = num(&c["heap"]) as usize;
                    assert_eq!(b[1 + h], num(&c["before"]).to_string(), "{m}");
                    assert!(num(&c["after"]) < num(&c["before"]), "{m}");
                    expected[1 + h] = num(&c["after"]).to_string();
                }
                assert_eq!(a, &expected, "{m}");
            }
            "stair" => {
                let s = num(&change["step"]) as usize;
                assert_eq!(b[1 + s], num(&change["before"]).to_string(), "{m}");
                assert_eq!(a[1 + s], num(&change["after"]).to_string(), "{m}");
                assert_eq!(
                    num(&change["before"]) - num(&change["coins"]),
                    num(&change["after"])
                );
            }
            "token" => {
                let t = num(&change["token"]) as usize;
                assert_eq!(b[1 + t], change["before"].as_str().unwrap(), "{m}");
                assert!(a[1..].contains(&change["after"].as_str().unwrap().to_string()));
            }
            "cut" => {
                let p = num(&change["picture"]) as usize;
                assert!(p + 1 < b.len(), "{m}");
                assert!(m["move"]
                    .as_str()
                    .unwrap()
                    .contains(&format!("cut edge {}", num(&change["edge"]) + 1)));
            }
            "turn" => {
                // The runs are the move's own name (`3.7`, `1.3x2.5`).
                let runs = |k: &str| -> Vec<String> {
                    change[k]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|r| {
                            let (x, y) = (num(&r[0]), num(&r[1]));
                            assert!(x <= y, "{m}");
                            match y - x {
                                0 => x.to_string(),
                                1 => format!("{x}.{y}"),
                                _ => format!("{x}-{y}"),
                            }
                        })
                        .collect()
                };
                let mut name = runs("coins").join(".");
                let across = runs("across");
                if !across.is_empty() {
                    name = format!("{name}x{}", across.join("."));
                }
                let text = m["move"].as_str().unwrap();
                assert!(text.contains(&format!("turn {name} ")), "{name}: {m}");
            }
            other => panic!("unexpected kind {other}: {m}"),
        }
        // The position after is a P-position.
        let misere = v["play"] == "misere";
        assert_eq!(
            analyze_all(m["after"].as_str().unwrap(), misere)["outcome"],
            "P",
            "{m}"
        );
    }
}

#[test]
fn every_kind_of_move_has_its_fields_and_they_say_what_changed() {
    // (position, the kind of its moves): every ruleset of a kind gives the
    // same fields.
    let cases = [
        ("nim 3 4 5 6", "heap"),
        ("sub:1,3,4 20 7", "heap"),
        ("sub:1-3 9 + nim 2", "heap"),
        ("kayles 10 4", "heap"),
        ("rule:n-1,equal(n,4) 12 2", "heap"),
        ("dawson 9 6", "heap"),
        ("octal:0.137 12 4", "heap"),
        ("hex:0.8 9", "heap"),
        ("grundy 11 3", "heap"),
        ("sub:squares 10 3", "heap"),
        ("moore:2 3 4 5", "heaps"),
        ("moore:3 6 1 5 2", "heaps"),
        ("wythoff 4 9", "heaps"),
        ("staircase 3 4 5", "stair"),
        ("digraph:a>b,b>c,a>c c a", "token"),
        ("hackenbush eee", "cut"),
        ("hackenbush 0-1,1-2,1-3 + nim 2", "cut"),
        ("turtles THHTH", "turn"),
        ("ruler 3 5-9 12", "turn"),
        ("corners THT HHT TTH", "turn"),
        ("product:ruler*mock 5,3 2-3,1-2 + nim 1", "turn"),
    ];
    for (position, kind) in cases {
        let v = analyze_all(position, false);
        assert_eq!(v["outcome"], "N", "{position}");
        let moves = v["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{position}");
        for m in moves {
            let c = m["component"].as_u64().unwrap() as usize;
            if position.split(" + ").nth(c).unwrap().starts_with("nim") && kind != "heap" {
                continue;
            }
            assert_eq!(m["change"]["kind"], kind, "{position}: {m}");
        }
        check_changes(&v);
    }
    // Misère play: the same fields.
    for position in ["nim 1 1 1 2", "kayles 8 8 7 6", "dawson 9 8 7"] {
        let v = analyze_all(position, true);
        check_changes(&v);
    }
}

#[test]
fn a_game_of_every_kind_is_valid_in_batch_and_a_bad_line_too() {
    let input = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/positions.txt"),
    )
    .unwrap()
        + "nim 3 x\nwythoff 3 5\nhackenbush ee\nstaircase 1 2 3\n";
    for max in ["1", "all"] {
        let out = sprague()
            .args(["batch", "--json", "--max-moves", max])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.lines().count() > 20);
        schema::check_output(&["batch", "--json"], &text);
        assert!(text.contains(r#""error":"#));
    }
}

#[test]
fn the_schema_refuses_what_it_should() {
    // The schema is not vacuous: a move without its change, or a change of
    // no known kind, is refused.
    let good: Value =
        serde_json::from_str(&stdout_of(&["analyze", "nim 3 4 5", "--json"])).unwrap();
    let v = schema::validator("analysis.schema.json");
    assert!(v.is_valid(&good));
    let mut bad = good.clone();
    bad["winning_moves"][0]
        .as_object_mut()
        .unwrap()
        .remove("change");
    assert!(!v.is_valid(&bad));
    let mut bad = good.clone();
    bad["winning_moves"][0]["change"]["kind"] = "teleport".into();
    assert!(!v.is_valid(&bad));
    // D (a draw) is an outcome since games with cycles; X is none.
    let mut bad = good;
    bad["outcome"] = "X".into();
    assert!(!v.is_valid(&bad));
}

/// Issue 43, finding 1: a 40,001-heap position whose every heap is a
/// winning move. Its answer used to repeat the position after each move
/// (over 3 GB); now `after` is null past 2,000 bytes, so the answer is the
/// position plus a bounded size a listed move.
#[test]
fn a_huge_position_is_not_repeated_after_each_move() {
    let heaps = 40_001;
    let line = format!("nim {}\n", vec!["1"; heaps].join(" "));
    for max in ["1", "all"] {
        let out = sprague()
            .args(["batch", "--json", "--max-moves", max])
            .write_stdin(line.clone())
            .output()
            .unwrap();
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        let moves = v["winning_moves"].as_array().unwrap();
        let listed = if max == "1" { 1 } else { heaps };
        assert_eq!(moves.len(), listed);
        assert!(moves.iter().all(|m| m["after"].is_null()));
        // The position once, then at most 200 bytes a listed move.
        assert!(
            out.stdout.len() <= line.len() + 200 * listed + 200,
            "{} bytes for {listed} moves",
            out.stdout.len()
        );
        assert_eq!(moves[0]["change"]["parts"], serde_json::json!([0]));
    }
    // A position of 2,000 bytes or less keeps its `after`.
    let v: Value = serde_json::from_str(&stdout_of(&["analyze", "nim 1 1 1", "--json"])).unwrap();
    assert_eq!(v["winning_moves"][0]["after"], "nim 0 1 1");
}
