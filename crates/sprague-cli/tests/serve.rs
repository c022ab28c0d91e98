//! The JSON API of `sprague serve` over loopback: a server started
//! in-process on a free port, asked with reqwest. Answers are compared
//! with what the `sprague` binary prints for the same input with `--json`,
//! and the limits, malformed input, unknown paths and a slow request beside
//! fast ones are checked.

mod common;

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use common::server::Server;
use common::{cli_error, sprague};
use serde_json::{json, Value};
use sprague_cli::web::Settings;

/// Posts `body` to `endpoint` and checks the status and that the JSON
/// `error` names `needle`.
async fn expect_error(server: &Server, endpoint: &str, body: &Value, status: u16, needle: &str) {
    let (got, answer) = server.post(endpoint, body).await;
    assert_eq!(got, status, "{endpoint}: {answer}");
    let error = answer["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error: {answer}"));
    assert!(
        error.contains(needle),
        "{endpoint}: {needle:?} not in {answer}"
    );
}

async fn post_bytes(server: &Server, endpoint: &str, body: Vec<u8>) -> (u16, Value) {
    let response = reqwest::Client::new()
        .post(server.url(&format!("api/{endpoint}")))
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    let text = response.text().await.expect("a body");
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (status, value)
}

/// The JSON the `sprague` binary prints for `args`, one value per line.
fn cli_json(args: &[&str], stdin: &str) -> Vec<Value> {
    let out = sprague().args(args).write_stdin(stdin).output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}")))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_carry_the_fields_of_the_cli_json() {
    let server = Server::start(Settings::default());
    for (position, misere) in [
        ("nim 3 4 5", false),
        ("kayles 10 + nim 3 + sub:1,3,4 20", false),
        ("nim 1 1 1", true),
        ("wythoff 3 5 + moore:2 1 2 3", false),
        ("digraph:a>b,b>c,a>c a b", false),
        ("nim 1 2 3", false),
    ] {
        let (status, answer) = server
            .post("analyze", &json!({"position": position, "misere": misere}))
            .await;
        assert_eq!(status, 200, "{position}: {answer}");
        let mut args = vec!["analyze", position, "--json"];
        if misere {
            args.push("--misere");
        }
        assert_eq!(answer, cli_json(&args, "")[0], "{position}");
    }
    // explain adds the teaching view and leaves the rest as it was.
    let (_, mut answer) = server
        .post(
            "analyze",
            &json!({"position": "nim 3 4 5", "explain": true}),
        )
        .await;
    let explain = sprague()
        .args(["analyze", "nim 3 4 5", "--explain"])
        .output()
        .unwrap()
        .stdout;
    assert_eq!(
        answer["explain"],
        Value::from(String::from_utf8(explain).unwrap())
    );
    assert_eq!(answer["binary"]["nim_sum_binary"], "010");
    assert_eq!(answer["binary"]["rows"][0]["binary"], "011");
    // The basis and the winning moves in words, as the human view of
    // `analyze` writes them.
    let human = sprague()
        .args(["analyze", "nim 3 4 5"])
        .output()
        .unwrap()
        .stdout;
    let human = String::from_utf8(human).unwrap();
    let basis = answer["basis_words"].as_str().unwrap();
    assert!(
        human.contains(&format!("basis:    {basis}\n")),
        "{basis}: {human}"
    );
    assert_eq!(
        answer["winning_moves_words"],
        json!(["take 2 from heap 1 (3 -> 1)"])
    );
    assert!(
        human.contains("  take 2 from heap 1 (3 -> 1), leaving nim 1 4 5\n"),
        "{human}"
    );
    let object = answer.as_object_mut().unwrap();
    for extra in [
        "explain",
        "binary",
        "summary",
        "basis_words",
        "winning_moves_words",
    ] {
        object.remove(extra);
    }
    assert_eq!(answer, cli_json(&["analyze", "nim 3 4 5", "--json"], "")[0]);

    // batch: one object per position, a bad one in its place.
    let positions = ["nim 3 4 5", "nim 3 x", "kayles 7 + dawson 9", "nim 1 2 3"];
    let (status, answer) = server.post("batch", &json!({"positions": positions})).await;
    assert_eq!(status, 200);
    // The API lists every winning move (capped where lists are
    // astronomically long), as `--max-moves all` does.
    let cli = cli_json(
        &["batch", "--json", "--max-moves", "all"],
        &positions.join("\n"),
    );
    assert_eq!(answer["results"], Value::from(cli));
    // A value no theorem needs is left out within a small budget, as by
    // `batch --json` (it used to be searched in full); `value` asks for it.
    let positions = ["geography grid:6x6@1", "nim 1 2"];
    let (status, answer) = server.post("batch", &json!({"positions": positions})).await;
    assert_eq!(status, 200);
    let cli = cli_json(
        &["batch", "--json", "--max-moves", "all"],
        &positions.join("\n"),
    );
    assert_eq!(answer["results"], Value::from(cli));
    assert_eq!(answer["results"][0]["value_unknown"], "budget");
    // A position past the fast path's time is run again on a worker, not
    // answered with a line error (tester finding: `/api/batch` gave up
    // after 0.1 s).
    let slow = Server::start(Settings {
        fast_time: std::time::Duration::from_millis(1),
        ..Settings::default()
    });
    let positions = ["nim 3", "cram 4x5"];
    let (status, answer) = slow.post("batch", &json!({"positions": positions})).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["results"][1]["outcome"].is_string(), "{answer}");
    drop(slow);
    let positions = ["geography grid:3x3@2"];
    let (_, answer) = server
        .post("batch", &json!({"positions": positions, "value": true}))
        .await;
    assert_eq!(answer["results"][0]["value"], 1);

    let cases: [(&str, Value, Vec<&str>); 6] = [
        (
            "sequence",
            json!({"ruleset": "kayles", "to": 300}),
            vec!["sequence", "kayles", "--to", "300", "--format", "json"],
        ),
        (
            "sequence",
            json!({"ruleset": "digraph:a>b,b>c"}),
            vec!["sequence", "digraph:a>b,b>c", "--format", "json"],
        ),
        (
            "table",
            json!({"ruleset": "wythoff", "to": 10, "outcome": true}),
            vec![
                "table",
                "wythoff",
                "--to",
                "10",
                "--outcome",
                "--format",
                "json",
            ],
        ),
        (
            "count",
            json!({"ruleset": "kayles", "heaps": 3, "max": 20, "unordered": true}),
            vec![
                "count",
                "kayles",
                "--heaps",
                "3",
                "--max",
                "20",
                "--unordered",
                "--json",
            ],
        ),
        (
            "count",
            json!({"ruleset": "kayles", "primes": 50, "heaps_up_to": 4, "distinct": true,
                   "unordered": true, "modulo": 998244353}),
            vec![
                "count",
                "kayles",
                "--primes",
                "50",
                "--heaps-up-to",
                "4",
                "--distinct",
                "--unordered",
                "--modulo",
                "998244353",
                "--json",
            ],
        ),
        (
            "nimber",
            json!({"expr": "5 * 7 + inv 3"}),
            vec!["nimber", "5 * 7 + inv 3", "--json"],
        ),
    ];
    for (endpoint, body, args) in cases {
        let (status, answer) = server.post(endpoint, &body).await;
        assert_eq!(status, 200, "{endpoint} {body}: {answer}");
        assert_eq!(answer, cli_json(&args, "")[0], "{endpoint} {body}");
    }
    let (_, kayles) = server
        .post("sequence", &json!({"ruleset": "kayles", "to": 300}))
        .await;
    assert_eq!(
        (kayles["preperiod"].as_u64(), kayles["period"].as_u64()),
        (Some(71), Some(12))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_plot_is_the_cli_svg() {
    let server = Server::start(Settings::default());
    let response = reqwest::Client::new()
        .post(server.url("api/sequence/plot"))
        .header("Content-Type", "application/json")
        .body(json!({"ruleset": "kayles", "to": 200}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    let svg = response.text().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.svg");
    sprague()
        .args(["sequence", "kayles", "--to", "200", "--plot"])
        .arg(&file)
        .assert()
        .success();
    assert_eq!(svg, std::fs::read_to_string(&file).unwrap());
    assert!(svg.contains("period 12 from n0 = 71, proven"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_400_naming_what_is_wrong() {
    let server = Server::start(Settings::default());
    // The position's error is the command line's, word for word.
    let (status, answer) = server
        .post("analyze", &json!({"position": "nim 3 x"}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(answer["kind"], "bad-input");
    assert_eq!(answer["exit"], 2);
    assert_eq!(
        answer["error"],
        Value::from(cli_error(&["analyze", "nim 3 x"]).0)
    );
    // Malformed JSON, a missing field, a misspelt one, the wrong type.
    for (body, says) in [
        (&b"{\"position\": "[..], "EOF while parsing"),
        (b"not json", "expected ident"),
        (b"{}", "missing field `position`"),
        (
            b"{\"position\": \"nim 1\", \"misre\": true}",
            "unknown field `misre`",
        ),
        (b"{\"position\": 5}", "invalid type"),
        (b"\xff\xfe", "expected value"),
    ] {
        let (status, answer) = post_bytes(&server, "analyze", body.to_vec()).await;
        assert_eq!(status, 400, "{}", String::from_utf8_lossy(body));
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.starts_with("the request body is not the JSON this endpoint reads"),
            "{error}"
        );
        assert!(error.contains(says), "{error}");
    }
    // max_moves takes "all" as the command line does; value is for normal
    // play only, as `--value --misere` is refused.
    let (status, all) = server
        .post(
            "analyze",
            &json!({"position": "nim 3 4 5", "max_moves": "all"}),
        )
        .await;
    assert_eq!(status, 200, "{all}");
    for (body, says) in [
        (
            json!({"position": "nim 3 4 5", "max_moves": -1}),
            "max_moves is a whole number or \"all\"",
        ),
        (
            json!({"position": "nim 3", "misere": true, "value": true}),
            "\"value\" is for normal play",
        ),
    ] {
        let (status, answer) = server.post("analyze", &body).await;
        assert_eq!(status, 400, "{answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(says), "{error}");
    }
    // JSON that is not an object is named, not the Rust type serde wanted.
    for (body, kind) in [
        (&b"[]"[..], "an array"),
        (b"[1, 2]", "an array"),
        (b"\"nim 3\"", "a string"),
        (b"null", "null"),
    ] {
        let (status, answer) = post_bytes(&server, "analyze", body.to_vec()).await;
        assert_eq!(status, 400, "{}", String::from_utf8_lossy(body));
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.starts_with(&format!(
                "the request body is {kind}; it must be a JSON object"
            )),
            "{error}"
        );
        assert!(!error.contains("Request"), "{error}");
    }
    // The server reads no files.
    expect_error(
        &server,
        "analyze",
        &json!({"position": "digraph:/etc/passwd root"}),
        400,
        "reads no graph files",
    )
    .await;
    let (status, _) = server
        .post("sequence", &json!({"ruleset": "digraph:Cargo.toml"}))
        .await;
    assert_eq!(status, 400);
    // A ruleset, an expression, a move.
    let (status, answer) = server
        .post("table", &json!({"ruleset": "octal:0.9z", "to": 3}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["error"],
        Value::from(cli_error(&["table", "octal:0.9z", "--to", "3"]).0)
    );
    let (status, answer) = server.post("nimber", &json!({"expr": "5 * * 7"})).await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["error"],
        Value::from(cli_error(&["nimber", "5 * * 7"]).0)
    );
    let (status, answer) = server
        .post("play", &json!({"position": "nim 3 4 5", "move": "1 9"}))
        .await;
    assert_eq!(status, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("illegal move"),
        "{answer}"
    );
    let (status, answer) = server
        .post(
            "count",
            &json!({"ruleset": "kayles", "heaps": 2, "max": 5, "misere": true}),
        )
        .await;
    assert_eq!(status, 400, "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_are_held_to_the_server_limits() {
    let settings = Settings {
        limits: sprague::Limits {
            max_states: 100,
            ..sprague::Limits::default()
        },
        max_values: 1000,
        max_cells: 400,
        ..Settings::default()
    };
    let server = Server::start(settings);
    // The state limit: the CLI's message, exit status 3, HTTP 422; a
    // request cannot raise the limit past the server's. (A sum of two
    // rulesets has no misère quotient: it is searched.)
    let (cli, code) = cli_error(&[
        "analyze",
        "--misere",
        "kayles 8 9 10 + dawson 5",
        "--max-states",
        "100",
    ]);
    assert_eq!(code, 3);
    for limits in [json!({}), json!({"max_states": 1_000_000_000u64})] {
        let body =
            json!({"position": "kayles 8 9 10 + dawson 5", "misere": true, "limits": limits});
        let (status, answer) = server.post("analyze", &body).await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["kind"], "limit");
        assert_eq!(answer["exit"], 3);
        assert_eq!(answer["error"], Value::from(cli.clone()));
    }
    // A request may lower the quotient's limit: then both limits stop it,
    // as on the command line. (Quotients are kept for the rest of the
    // process: a game no other test here uses.)
    let (cli, code) = cli_error(&[
        "analyze",
        "--misere",
        "octal:0.26 12 9 7",
        "--max-states",
        "100",
        "--max-quotient-states",
        "10",
    ]);
    assert_eq!(code, 3);
    let body = json!({"position": "octal:0.26 12 9 7", "misere": true,
        "limits": {"max_quotient_states": 10}});
    let (status, answer) = server.post("analyze", &body).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["error"], Value::from(cli), "{answer}");
    // A request may lower a limit.
    let (status, _) = server
        .post(
            "analyze",
            &json!({"position": "nim 3 4 5", "limits": {"max_states": 10}}),
        )
        .await;
    assert_eq!(status, 200);
    expect_error(
        &server,
        "sequence",
        &json!({"ruleset": "octal:0.6", "to": 500, "limits": {"max_table": 100}}),
        422,
        "--max-table",
    )
    .await;
    // The server's own caps on answers.
    expect_error(
        &server,
        "sequence",
        &json!({"ruleset": "kayles", "to": 1000}),
        422,
        "at most 1000 values",
    )
    .await;
    expect_error(
        &server,
        "table",
        &json!({"ruleset": "wythoff", "to": 30, "limits": {"max_cells": 1_000_000}}),
        422,
        "--max-cells",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_past_the_size_limit_get_413() {
    let server = Server::start(Settings {
        max_body: 1000,
        ..Settings::default()
    });
    let big = json!({"position": format!("nim {}", "1 ".repeat(1000))});
    let (status, answer) = server.post("analyze", &big).await;
    assert_eq!(status, 413);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("larger than 1000 bytes"),
        "{answer}"
    );
    let (status, _) = server
        .post("analyze", &json!({"position": "nim 1 2"}))
        .await;
    assert_eq!(status, 200);
}

/// Sends `request` as it is (no URL normalisation) and returns the status
/// line and the body.
fn raw(server: &Server, request: &str) -> (String, String) {
    let mut stream = std::net::TcpStream::connect(server.address).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer.lines().next().unwrap_or("").to_string();
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_paths_get_404_and_files_stay_inside() {
    let server = Server::start(Settings::default());
    let client = reqwest::Client::new();
    let page = client.get(server.url("")).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert!(page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("default-src 'self'"));
    assert!(page
        .text()
        .await
        .unwrap()
        .contains("<script src=\"/app.js\""));
    for path in ["app.js", "style.css"] {
        assert_eq!(
            client
                .get(server.url(path))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16(),
            200
        );
    }
    let missing = client.get(server.url("nope.html")).send().await.unwrap();
    assert_eq!(missing.status().as_u16(), 404);
    // A path that is not there is the client's error (exit 2), not a
    // fault of sprague (exit 1), as a fresh tester noticed.
    let body: Value = missing.json().await.unwrap();
    assert_eq!(
        (body["kind"].as_str(), body["exit"].as_u64()),
        (Some("not-found"), Some(2))
    );
    expect_error(&server, "nope", &json!({}), 404, "/api/analyze").await;
    let (_, answer) = server.post("nope", &json!({})).await;
    assert_eq!(answer["exit"], 2, "{answer}");
    for path in [
        "/../Cargo.toml",
        "/..%2fCargo.toml",
        "/%2e%2e/%2e%2e/Cargo.toml",
        "/src/web/mod.rs",
        "/assets/app.js",
        "//etc/passwd",
    ] {
        let (status, body) = raw(
            &server,
            &format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
        );
        assert!(
            status.contains(" 404 ") || status.contains(" 400 "),
            "{path}: {status}"
        );
        assert!(
            !body.contains("[package]") && !body.contains("root:"),
            "{path}: {body}"
        );
    }
    // JSON only, so that other sites' pages cannot post to it.
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let mut request = client
            .post(server.url("api/analyze"))
            .body(r#"{"position":"nim 1"}"#);
        if let Some(t) = content_type {
            request = request.header("Content-Type", t);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status().as_u16(), 415, "{content_type:?}");
    }
    let response = client
        .post(server.url("api/analyze"))
        .header("Content-Type", "Application/JSON; charset=utf-8")
        .body(r#"{"position":"nim 1"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    // The API is POST only.
    let get = client.get(server.url("api/analyze")).send().await.unwrap();
    assert_eq!(get.status().as_u16(), 405);
    assert_eq!(get.headers()["allow"], "POST");
    // Its answer is JSON like every other error.
    let body: Value = get.json().await.unwrap();
    assert_eq!(body["kind"], "method-not-allowed", "{body}");
    assert!(body["error"].as_str().unwrap().contains("POST"), "{body}");
    let post = client.post(server.url("")).send().await.unwrap();
    assert_eq!(post.status().as_u16(), 405);
    assert_eq!(post.headers()["allow"], "GET");
}

/// `sequence octal:0.6 --to 20000` takes seconds in a debug build (a
/// second or more even in release): a slow request.
fn slow() -> Value {
    json!({"ruleset": "octal:0.6", "to": 20000})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_request_does_not_hold_up_fast_ones() {
    let server = Server::start(Settings {
        workers: 2,
        timeout: Duration::from_secs(120),
        ..Settings::default()
    });
    let start = Instant::now();
    let slow_body = slow();
    let slow_request = async {
        let answer = server.post("sequence", &slow_body).await;
        (answer, start.elapsed())
    };
    let fast = async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let mut slowest = Duration::ZERO;
        for _ in 0..10 {
            let t = Instant::now();
            let (status, _) = server
                .post("analyze", &json!({"position": "nim 3 4 5 + kayles 20"}))
                .await;
            assert_eq!(status, 200);
            slowest = slowest.max(t.elapsed());
        }
        (slowest, start.elapsed())
    };
    let (((status, _), slow_done), (slowest, fast_done)) = tokio::join!(slow_request, fast);
    assert_eq!(status, 200);
    assert!(
        fast_done < slow_done,
        "the fast requests ({fast_done:?}) finished before the slow one ({slow_done:?})"
    );
    assert!(
        slowest < Duration::from_secs(2),
        "a fast request took {slowest:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_past_its_time_budget_gets_503_and_stops() {
    let server = Server::start(Settings {
        workers: 1,
        timeout: Duration::from_millis(400),
        ..Settings::default()
    });
    let search = json!({"position": "dawson 5 9 17 21 30 + dawson 2", "misere": true});
    let many: Vec<&str> = vec!["dawson 5 9 17 21 30 + dawson 2"; 50];
    // Officers to 60,000 takes half a minute in a debug build.
    let table = json!({"ruleset": "octal:0.6", "to": 60000});
    for (endpoint, body) in [
        ("analyze", search),
        ("sequence", table),
        ("batch", json!({"positions": many, "misere": true})),
    ] {
        let t = Instant::now();
        let (status, answer) = server.post(endpoint, &body).await;
        assert_eq!(status, 503, "{endpoint}: {answer}");
        assert!(
            t.elapsed() < Duration::from_secs(3),
            "{endpoint}: {:?}",
            t.elapsed()
        );
        // SPEC: a request past its budget is 503 `busy`; the reason says
        // it was the time budget.
        assert_eq!(answer["kind"], "busy");
        assert_eq!(answer["reason"], "timeout");
        assert_eq!(answer["exit"], 3);
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.contains("time budget of 0.4 s") && error.contains("--timeout"),
            "{error}"
        );
        // The work stopped with its budget: the one worker is free again
        // once the step under way ends (4,096 heaps of a table, a fraction
        // of a second), long before the work would have ended.
        let t = Instant::now();
        loop {
            let (status, answer) = server.post("analyze", &json!({"position": "nim 1"})).await;
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
    // Two at once on one worker: the second waits, and its budget runs
    // out while the first holds the worker.
    let first_body = json!({"position": "dawson 5 9 17 21 30 + dawson 2", "misere": true});
    let first = server.post("analyze", &first_body);
    let second = async {
        tokio::time::sleep(Duration::from_millis(50)).await;
        server
            .post(
                "analyze",
                &json!({"position": "dawson 5 9 17 21 30 + dawson 3", "misere": true}),
            )
            .await
    };
    let ((s1, _), (s2, a2)) = tokio::join!(first, second);
    assert_eq!((s1, s2), (503, 503), "{a2}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_is_won_by_following_hints() {
    let server = Server::start(Settings::default());
    for misere in [false, true] {
        let mut position = "nim 2 5 7 + kayles 6".to_string();
        let mut turns = 0;
        loop {
            let (status, hint) = server
                .post("hint", &json!({"position": position, "misere": misere}))
                .await;
            assert_eq!(status, 200, "{hint}");
            assert_eq!(hint["outcome"], "N", "{hint}");
            let text = hint["move"]["text"].as_str().unwrap().to_string();
            assert!(!hint["move"]["why"].as_str().unwrap().is_empty());
            let (status, turn) = server
                .post(
                    "play",
                    &json!({"position": position, "misere": misere, "move": text, "seed": 7}),
                )
                .await;
            assert_eq!(status, 200, "{turn}");
            assert_eq!(turn["you"]["after"], hint["move"]["after"]);
            // The position after your winning move is a P-position.
            let (_, after) = server
                .post(
                    "analyze",
                    &json!({"position": turn["you"]["after"], "misere": misere}),
                )
                .await;
            assert_eq!(after["outcome"], "P");
            position = turn["position"].as_str().unwrap().to_string();
            if !turn["winner"].is_null() {
                assert_eq!(turn["winner"], "you", "{turn}");
                break;
            }
            assert_eq!(turn["computer"]["winning"], false, "{turn}");
            turns += 1;
            assert!(turns < 50);
        }
    }
    // The computer moving first from an N-position wins, and says why.
    let (status, turn) = server
        .post("play", &json!({"position": "nim 3 4 5", "seed": 1}))
        .await;
    assert_eq!(status, 200);
    assert!(turn["you"].is_null());
    assert_eq!(turn["computer"]["winning"], true);
    assert_eq!(turn["position"], "nim 1 4 5");
    assert!(turn["computer"]["why"]
        .as_str()
        .unwrap()
        .contains("nim-sum"));
    assert!(turn["computer"]["explain"]
        .as_str()
        .unwrap()
        .contains("Bouton"));
    let (_, help) = server
        .post("help", &json!({"position": "nim 3 + kayles 4"}))
        .await;
    assert!(help["help"].as_str().unwrap().contains("c2"), "{help}");
}

/// The binary prints its address, answers, and stops cleanly (exit 0) on
/// Ctrl-C (SIGINT).
#[cfg(unix)]
#[test]
fn the_binary_prints_its_address_and_stops_on_ctrl_c() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sprague"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // A failed assertion must not leave the server running (the test
    // harness would wait for it).
    struct KillOnPanic(u32);
    impl Drop for KillOnPanic {
        fn drop(&mut self) {
            if std::thread::panicking() {
                let _ = Command::new("kill").arg(self.0.to_string()).status();
            }
        }
    }
    let _guard = KillOnPanic(child.id());
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let address = common::spawned::listening_address(&lines.next().unwrap().unwrap());
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    let body = r#"{"position":"nim 1 2 3"}"#;
    write!(
        stream,
        "POST /api/analyze HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"outcome\":\"P\""), "{answer}");
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert_eq!(exit.code(), Some(0), "{exit}");
    assert_eq!(lines.next().unwrap().unwrap(), "sprague serve: stopped");
}

/// A page of another site whose name was made to point at 127.0.0.1 (DNS
/// rebinding) sends its own name as `Host`: a server on loopback refuses
/// it, and answers the loopback names; bound elsewhere it answers any name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_loopback_server_answers_only_loopback_names() {
    let get = |server: &Server, host: String| {
        let url = server.url("");
        async move {
            reqwest::Client::new()
                .get(url)
                .header("Host", host)
                .send()
                .await
                .expect("the server answers")
        }
    };
    let server = Server::start(Settings::default());
    let port = server.address.port();
    let refused = get(&server, format!("rebound.example:{port}")).await;
    assert_eq!(refused.status().as_u16(), 403);
    let body: Value = refused.json().await.unwrap();
    assert!(
        body["error"].as_str().unwrap().contains("rebound.example"),
        "{body}"
    );
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "[::1]".to_string(),
    ] {
        assert_eq!(
            get(&server, host.clone()).await.status().as_u16(),
            200,
            "{host}"
        );
    }
    let open = Server::start(Settings {
        loopback_only: false,
        ..Settings::default()
    });
    let answered = get(&open, "sprague.example".to_string()).await;
    assert_eq!(answered.status().as_u16(), 200);
}

/// `--open` where no browser can be started (no `xdg-open` on the PATH, or
/// one that fails as it does on a machine without a browser) says so on
/// stderr with the address to open by hand, and the server goes on.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn open_without_a_browser_says_so_and_serves_on() {
    use std::io::BufRead;
    use std::os::unix::fs::PermissionsExt;
    use std::process::{Command, Stdio};
    let empty = tempfile::tempdir().unwrap();
    let failing = tempfile::tempdir().unwrap();
    // xdg-open's status when no method is available to open the page.
    let opener = failing.path().join("xdg-open");
    std::fs::write(&opener, "#!/bin/sh\nexit 3\n").unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    for (path, why) in [
        (empty.path(), "xdg-open was not found on the PATH"),
        (failing.path(), "xdg-open exited with status 3"),
    ] {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("sprague"))
            .args(["serve", "--port", "0", "--open"])
            .env("PATH", path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        struct Kill(std::process::Child);
        impl Drop for Kill {
            fn drop(&mut self) {
                let _ = self.0.kill();
                let _ = self.0.wait();
            }
        }
        let stdout = child.stdout.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        let child = Kill(child);
        let first = std::io::BufReader::new(stdout)
            .lines()
            .next()
            .unwrap()
            .unwrap();
        let url = first
            .strip_prefix("sprague serve: listening on ")
            .and_then(|rest| rest.split_once(' '))
            .map(|(url, _)| url.to_string())
            .unwrap_or_else(|| panic!("no address in {first:?}"));
        let line = std::io::BufReader::new(stderr)
            .lines()
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(
            line,
            format!(
                "sprague serve: no browser was opened ({why}); open {url} by hand (the server \
                 is running)"
            )
        );
        // The server still answers.
        let address = url.trim_start_matches("http://").trim_end_matches('/');
        let mut stream = std::net::TcpStream::connect(address).unwrap();
        write!(
            stream,
            "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        drop(child);
    }
}
