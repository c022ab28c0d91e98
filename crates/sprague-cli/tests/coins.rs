//! Coin-turning games on the command line: huge grids whose winning moves
//! turn rectangles of 10^17 coins, their JSON (`turn` changes, checked
//! against the schema), the grid after such a move read back as a
//! P-position, and `verify`'s answer.

use serde_json::Value;

mod common;
use common::{sprague, stdout_of};

/// `analyze --json` of `position`, listing `moves` moves.
fn analyze(position: &str, moves: &str) -> Value {
    serde_json::from_str(&stdout_of(&[
        "analyze",
        position,
        "--json",
        "--max-moves",
        moves,
    ]))
    .unwrap()
}

#[test]
fn ruler_squared_on_a_billion_grid_lists_moves_turning_rectangles() {
    let v = analyze("product:ruler*ruler 1000000000,999999999", "5");
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    let mut huge = 0;
    for m in moves {
        let change = &m["change"];
        assert_eq!(change["kind"], "turn", "{m}");
        let span = |k: &str| {
            let r = &change[k][0];
            r[1].as_u64().unwrap() - r[0].as_u64().unwrap() + 1
        };
        if u128::from(span("coins")) * u128::from(span("across")) > 1 << 40 {
            huge += 1;
        }
        // The position after it is written in blocks, read back, and is
        // a P-position.
        let after = m["after"].as_str().unwrap();
        assert!(after.len() < 120, "{after}");
        assert_eq!(analyze(after, "1")["outcome"], "P", "{m}");
    }
    assert!(huge > 0, "{v}");
}

#[test]
fn verify_says_what_a_coin_position_is() {
    let out = sprague().args(["verify", "turtles"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("rows or grids of coins"), "{err}");
    assert!(!err.contains("graphs or boards"), "{err}");
    let out = sprague().args(["verify", "nodekayles"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("graphs or boards"));
}
