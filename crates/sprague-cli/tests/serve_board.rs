//! `/api/board` and `/api/rulesets` of `sprague serve` over loopback: every
//! click of a drawing is a move `/api/play` accepts, the outcome and value
//! are those of `analyze --json`, the list of rulesets is `rulesets
//! --json`, and `"reply": false` plays one side's move without the
//! computer.

mod common;

use common::server::Server;
use common::sprague;
use serde_json::{json, Value};
use sprague_cli::web::Settings;

fn cli_json(args: &[&str]) -> Value {
    let out = sprague().args(args).output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_click_is_a_move_play_accepts() {
    let server = Server::start(Settings::default());
    let position = "kayles 5 + hackenbush 0-1,1-2 + wythoff 2 3 + digraph:a>b,b>c a";
    let (status, board) = server.post("board", &json!({ "position": position })).await;
    assert_eq!(status, 200, "{board}");
    let cli = cli_json(&["analyze", position, "--json"]);
    for field in ["position", "play", "outcome", "value", "basis"] {
        assert_eq!(board[field], cli[field], "{field}");
    }
    let kinds: Vec<&str> = board["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["shape"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["pin_rows", "hackenbush", "grid", "graph"]);
    let mut clicks = 0;
    for b in board["boards"].as_array().unwrap() {
        assert_eq!(b["typed_only"], false);
        for click in b["clicks"].as_array().unwrap() {
            let text = click["text"].as_str().unwrap();
            let (status, turn) = server
                .post(
                    "play",
                    &json!({"position": position, "move": text, "reply": false}),
                )
                .await;
            assert_eq!(status, 200, "{text}: {turn}");
            assert!(turn["computer"].is_null(), "no reply: {turn}");
            assert_eq!(turn["you"]["description"], click["label"], "{text}");
            clicks += 1;
        }
    }
    // Kayles 5: 5 single pins and 4 pairs; the stalk: 2 edges; Wythoff
    // (2, 3): 2 + 3 + 2 cells; the token on a: 1 edge.
    assert_eq!(clicks, 9 + 2 + 7 + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_sides_moves_and_the_winner() {
    let server = Server::start(Settings::default());
    // The last pin: whoever knocks it down wins (normal play), and loses
    // in misère play.
    for (misere, winner) in [(false, "you"), (true, "computer")] {
        let (status, turn) = server
            .post(
                "play",
                &json!({"position": "kayles 1", "move": "1 1", "reply": false, "misere": misere}),
            )
            .await;
        assert_eq!(status, 200, "{turn}");
        assert_eq!(turn["winner"], winner);
        assert_eq!(turn["boards"][0]["clicks"], json!([]));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rulesets_are_those_of_the_command() {
    let server = Server::start(Settings::default());
    let (status, answer) = server.post("rulesets", &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(answer, cli_json(&["rulesets", "--json"]));
    let (status, answer) = server.post("rulesets", &json!({"x": 1})).await;
    assert_eq!(status, 400, "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_position_is_named() {
    let server = Server::start(Settings::default());
    let (status, answer) = server
        .post("board", &json!({"position": "kayles 3 x"}))
        .await;
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("\"x\""),
        "{answer}"
    );
}

/// The drawings of graphs, boards, coins and strips over the API: each
/// click's move text plays through /api/play, described as its label.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_click_of_graphs_boards_coins_and_strips_plays() {
    let server = Server::start(Settings::default());
    let expect = [
        ("nodekayles path:4 cycle:4", "network", 8),
        ("arckayles grid:2x2", "network", 4),
        ("geography grid:2x3@2", "network", 3),
        ("cram ..#/...", "cells", 5),
        ("chomp 2,1", "cells", 2),
        ("turtles THH", "coins", 5),
        ("corners 2,2", "coins", 4),
        ("welter 1 3", "strip", 3),
        ("fibnim 5 2", "limited", 2),
        ("euclid 7 3", "heaps", 2),
    ];
    for (position, kind, moves) in expect {
        let (status, board) = server.post("board", &json!({ "position": position })).await;
        assert_eq!(status, 200, "{board}");
        let b = &board["boards"][0];
        assert_eq!(b["shape"]["kind"], kind, "{position}");
        let clicks = b["clicks"].as_array().unwrap();
        assert_eq!(clicks.len(), moves, "{position}: {b}");
        for click in clicks {
            assert_ne!(click["on"], "list", "{position}: {click}");
            let text = click["text"].as_str().unwrap();
            let (status, turn) = server
                .post(
                    "play",
                    &json!({"position": position, "move": text, "reply": false}),
                )
                .await;
            assert_eq!(status, 200, "{position}: {text}: {turn}");
            assert_eq!(turn["you"]["description"], click["label"], "{text}");
        }
    }
}

/// Issue 64: a drawing comes with the rules of its rulesets only, once
/// each, as `rulesets --json` words them; a hint names every winning move
/// as the drawing's clicks write it, and each leads to a P-position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_has_its_own_rules_and_the_hint_every_winning_click() {
    let server = Server::start(Settings::default());
    let registry = cli_json(&["rulesets", "--json"]);
    let entry = |notation: &str| {
        registry["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["notation"] == notation)
            .unwrap()
            .clone()
    };
    let position = "cram 2x3 + kayles 4 + cram 1x2";
    for endpoint in ["board", "play"] {
        let mut body = json!({ "position": position });
        if endpoint == "play" {
            body["move"] = json!("c2 1 1");
            body["reply"] = json!(false);
        }
        let (status, answer) = server.post(endpoint, &body).await;
        assert_eq!(status, 200, "{answer}");
        let rules = answer["rules"].as_array().unwrap();
        let words: Vec<&str> = rules
            .iter()
            .map(|r| r["ruleset"].as_str().unwrap())
            .collect();
        assert_eq!(words, ["cram", "kayles"], "{endpoint}");
        let kayles = entry("octal:CODE, hex:CODE, kayles, dawson");
        for (rule, want) in rules.iter().zip([entry("cram"), kayles]) {
            for field in ["notation", "rule", "theorem"] {
                assert_eq!(rule[field], want[field], "{endpoint} {field}");
            }
        }
    }
    let (_, board) = server
        .post("board", &json!({ "position": "cram 3x4" }))
        .await;
    let clicks: Vec<&str> = board["boards"][0]["clicks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    let (status, hint) = server
        .post("hint", &json!({ "position": "cram 3x4" }))
        .await;
    assert_eq!(status, 200, "{hint}");
    let winning: Vec<&str> = hint["winning"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let cli = cli_json(&["analyze", "cram 3x4", "--json", "--max-moves", "all"]);
    assert_eq!(
        winning.len(),
        cli["winning_moves"].as_array().unwrap().len()
    );
    assert!(winning.contains(&hint["move"]["text"].as_str().unwrap()));
    for text in &winning {
        assert!(clicks.contains(text), "{text} is a click of the drawing");
        let (_, turn) = server
            .post(
                "play",
                &json!({"position": "cram 3x4", "move": text, "reply": false}),
            )
            .await;
        let (_, after) = server
            .post("board", &json!({ "position": turn["position"] }))
            .await;
        assert_eq!(after["outcome"], "P", "{text}");
    }
    // A P-position: no winning move to mark.
    let (_, hint) = server.post("hint", &json!({ "position": "nim 1 1" })).await;
    assert_eq!(hint["winning"], json!([]));
}
