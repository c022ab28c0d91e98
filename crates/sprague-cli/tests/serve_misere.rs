//! `/api/genus` and `/api/quotient` of `sprague serve` over loopback: the
//! answers are what `sprague genus --json` and `sprague quotient --json`
//! print, errors are the command's (exit status and message), and the
//! server's limits (states, order, heaps a request, time budget) hold.

mod common;

use std::time::{Duration, Instant};

use common::server::Server;
use common::{cli_error, sprague};
use serde_json::{json, Value};
use sprague_cli::web::Settings;

/// What the binary prints for `args` as JSON.
fn cli_json(args: &[&str]) -> Value {
    let out = sprague().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_are_the_cli_json() {
    let server = Server::start(Settings::default());
    for (ruleset, to) in [
        ("kayles", 20),
        ("dawson", 14),
        ("nim", 9),
        ("sub:1,2", 12),
        ("octal:0.75", 16),
    ] {
        let to_text = to.to_string();
        let (status, answer) = server
            .post("genus", &json!({"ruleset": ruleset, "to": to}))
            .await;
        assert_eq!(status, 200, "genus {ruleset}: {answer}");
        assert_eq!(
            answer,
            cli_json(&["genus", ruleset, "--to", &to_text, "--json"]),
            "genus {ruleset} --to {to}"
        );
        let (status, answer) = server
            .post("quotient", &json!({"ruleset": ruleset, "to": to}))
            .await;
        assert_eq!(status, 200, "quotient {ruleset}: {answer}");
        assert_eq!(
            answer,
            cli_json(&["quotient", ruleset, "--to", &to_text, "--json"]),
            "quotient {ruleset} --to {to}"
        );
    }
    // Published values: Kayles turns wild at heap 5 (Winning Ways, ch.
    // 13), and its quotient to heap 8 has order 12 (Plambeck & Siegel
    // 2008, the quotient of Kayles up to heap 8).
    let (_, kayles) = server
        .post("genus", &json!({"ruleset": "kayles", "to": 12}))
        .await;
    assert_eq!(kayles["first_wild"], 5);
    assert_eq!(kayles["heaps"][5]["genus"], "4^146");
    let (_, kayles) = server
        .post("quotient", &json!({"ruleset": "kayles", "to": 8}))
        .await;
    assert_eq!(kayles["order"], 12);
    assert_eq!(kayles["p_portion"], json!(["a", "ac", "b^2"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_400_with_the_commands_message() {
    let server = Server::start(Settings::default());
    for endpoint in ["genus", "quotient"] {
        // Not a heap game, a bad ruleset word: the command's words.
        for ruleset in ["wythoff", "octal:0.9z", "kayles 3"] {
            let (status, answer) = server
                .post(endpoint, &json!({"ruleset": ruleset, "to": 5}))
                .await;
            assert_eq!(status, 400, "{endpoint} {ruleset}: {answer}");
            assert_eq!(answer["kind"], "bad-input");
            assert_eq!(answer["exit"], 2);
            let (cli, code) = cli_error(&[endpoint, ruleset, "--to", "5"]);
            assert_eq!(code, 2);
            assert_eq!(answer["error"], Value::from(cli), "{endpoint} {ruleset}");
        }
        // A missing field, a misspelt one, a negative heap, a graph file.
        for (body, says) in [
            (json!({"ruleset": "kayles"}), "missing field `to`"),
            (
                json!({"ruleset": "kayles", "to": 3, "limit": {}}),
                "unknown field `limit`",
            ),
            (json!({"ruleset": "kayles", "to": -1}), "invalid value"),
            (
                json!({"ruleset": "digraph:/etc/passwd", "to": 3}),
                "reads no graph files",
            ),
        ] {
            let (status, answer) = server.post(endpoint, &body).await;
            assert_eq!(status, 400, "{endpoint} {body}: {answer}");
            let error = answer["error"].as_str().unwrap();
            assert!(error.contains(says), "{endpoint} {body}: {error}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_are_held_to_the_server_limits() {
    let server = Server::start(Settings {
        limits: sprague::Limits {
            max_states: 100,
            ..sprague::Limits::default()
        },
        max_order: 4,
        ..Settings::default()
    });
    // The state limit of genus: the command's message, 422, exit 3; a
    // request cannot raise it past the server's.
    let (cli, code) = cli_error(&["genus", "kayles", "--to", "40", "--max-states", "100"]);
    assert_eq!(code, 3);
    for limits in [json!({}), json!({"max_states": 1_000_000_000u64})] {
        let body = json!({"ruleset": "kayles", "to": 40, "limits": limits});
        let (status, answer) = server.post("genus", &body).await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["kind"], "limit");
        assert_eq!(answer["exit"], 3);
        assert_eq!(answer["error"], Value::from(cli.clone()));
    }
    // The order limit of quotient, likewise.
    let (cli, code) = cli_error(&["quotient", "kayles", "--to", "8", "--max-order", "4"]);
    assert_eq!(code, 3);
    for limits in [json!({}), json!({"max_order": 1_000_000})] {
        let body = json!({"ruleset": "kayles", "to": 8, "limits": limits});
        let (status, answer) = server.post("quotient", &body).await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["error"], Value::from(cli.clone()));
    }
    // A request may lower a limit: the state limit of the quotient's
    // proof checks.
    let (cli, code) = cli_error(&["quotient", "nim", "--to", "3", "--max-states", "2"]);
    assert_eq!(code, 3, "{cli}");
    let unlimited = Server::start(Settings::default());
    let body = json!({"ruleset": "nim", "to": 3, "limits": {"max_states": 2}});
    let (status, answer) = unlimited.post("quotient", &body).await;
    assert_eq!((status, &answer["error"]), (422, &Value::from(cli)));
    // One entry a heap: `to` is held to the server's values a request.
    let server = Server::start(Settings {
        max_values: 1000,
        ..Settings::default()
    });
    for endpoint in ["genus", "quotient"] {
        let (status, answer) = server
            .post(endpoint, &json!({"ruleset": "sub:1", "to": 1000}))
            .await;
        assert_eq!(status, 422, "{answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.contains("at most 1000 heaps") && error.contains("--max-values"),
            "{error}"
        );
        let (status, _) = server
            .post(endpoint, &json!({"ruleset": "sub:1", "to": 999}))
            .await;
        assert_eq!(status, 200);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computation_past_its_time_budget_gets_503_and_stops() {
    let server = Server::start(Settings {
        workers: 1,
        timeout: Duration::from_millis(400),
        ..Settings::default()
    });
    // Each takes many seconds (minutes in a debug build).
    for (endpoint, body) in [
        ("genus", json!({"ruleset": "kayles", "to": 45})),
        ("quotient", json!({"ruleset": "dawson", "to": 30})),
    ] {
        let t = Instant::now();
        let (status, answer) = server.post(endpoint, &body).await;
        assert_eq!(status, 503, "{endpoint}: {answer}");
        assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
        // SPEC: a request past its budget is 503 `busy`; the reason says
        // it was the time budget.
        assert_eq!(answer["kind"], "busy");
        assert_eq!(answer["reason"], "timeout");
        assert_eq!(answer["exit"], 3);
        // The computation stopped with its budget: the one worker is free
        // again soon after.
        let t = Instant::now();
        loop {
            let (status, answer) = server
                .post("genus", &json!({"ruleset": "nim", "to": 3}))
                .await;
            if status == 200 {
                break;
            }
            assert_eq!(answer["kind"], "busy");
            assert!(
                t.elapsed() < Duration::from_secs(8),
                "{endpoint}: still busy after {:?}",
                t.elapsed()
            );
        }
    }
}
