//! A load test of `sprague serve` on loopback: 50 concurrent clients for
//! 30 s of mixed requests (the page, analyses, a batch, a sequence, a
//! table, a count, a nimber, game turns and hints), requiring zero errors,
//! and printing throughput and latency percentiles. Ignored by default;
//! run it in release mode:
//!
//! ```text
//! cargo test --release -p sprague-cli --test serve_load -- --ignored --nocapture
//! ```
//!
//! `SPRAGUE_LOAD_SECONDS` and `SPRAGUE_LOAD_CLIENTS` change the duration
//! and the number of clients.

mod common;

use std::time::{Duration, Instant};

use common::server::Server;
use serde_json::{json, Value};
use sprague_cli::web::Settings;

/// The mix: (endpoint, body); `None` is a GET of the page.
fn mix() -> Vec<(Option<&'static str>, Value)> {
    vec![
        (None, Value::Null),
        (Some("analyze"), json!({"position": "nim 3 4 5"})),
        (
            Some("analyze"),
            json!({"position": "nim 3 4 5 + kayles 40", "explain": true}),
        ),
        (
            Some("analyze"),
            json!({"position": "nim 1 1 2 3", "misere": true}),
        ),
        (
            Some("analyze"),
            json!({"position": "wythoff 30 49 + octal:0.137 60"}),
        ),
        (
            Some("analyze"),
            json!({"position": "moore:2 5 6 7 + staircase 3 1 4"}),
        ),
        (
            Some("batch"),
            json!({"positions": ["nim 1 2 3", "kayles 10", "dawson 33 + nim 2", "sub:1,3,4 100", "grundy 30"]}),
        ),
        (Some("sequence"), json!({"ruleset": "kayles", "to": 500})),
        (
            Some("sequence/plot"),
            json!({"ruleset": "dawson", "to": 300}),
        ),
        (Some("table"), json!({"ruleset": "wythoff", "to": 30})),
        (
            Some("count"),
            json!({"ruleset": "kayles", "heaps": 3, "max": 50, "unordered": true}),
        ),
        (
            Some("nimber"),
            json!({"expr": "inv 123456789 * 987654321 + sqrt 7"}),
        ),
        (
            Some("play"),
            json!({"position": "nim 3 5 6 + kayles 9", "move": "c1 1 1", "seed": 3}),
        ),
        (Some("hint"), json!({"position": "nim 3 5 6 + kayles 9"})),
    ]
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore = "a 30-second load test: run with --release -- --ignored"]
fn fifty_clients_for_thirty_seconds() {
    let seconds = env_or("SPRAGUE_LOAD_SECONDS", 30);
    let clients = env_or("SPRAGUE_LOAD_CLIENTS", 50) as usize;
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let server = Server::start(Settings {
        workers,
        ..Settings::default()
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let base = server.url("");
    let (latencies, errors) = runtime.block_on(async move {
        let client = reqwest::Client::new();
        let end = Instant::now() + Duration::from_secs(seconds);
        let mut tasks = Vec::new();
        for c in 0..clients {
            let client = client.clone();
            let base = base.clone();
            tasks.push(tokio::spawn(async move {
                let mix = mix();
                let mut latencies = Vec::new();
                let mut errors = Vec::new();
                let mut i = c;
                while Instant::now() < end {
                    let (endpoint, body) = &mix[i % mix.len()];
                    i += 1;
                    let t = Instant::now();
                    let request = match endpoint {
                        None => client.get(&base),
                        Some(name) => client
                            .post(format!("{base}api/{name}"))
                            .header("Content-Type", "application/json")
                            .body(body.to_string()),
                    };
                    match request.send().await {
                        Ok(response) => {
                            let status = response.status();
                            match response.bytes().await {
                                Ok(bytes) if status.is_success() && !bytes.is_empty() => {
                                    latencies.push(t.elapsed())
                                }
                                Ok(bytes) => errors.push(format!(
                                    "{endpoint:?}: {status}: {}",
                                    String::from_utf8_lossy(&bytes)
                                )),
                                Err(e) => errors.push(format!("{endpoint:?}: body: {e}")),
                            }
                        }
                        Err(e) => errors.push(format!("{endpoint:?}: {e}")),
                    }
                }
                (latencies, errors)
            }));
        }
        let mut all = Vec::new();
        let mut errors = Vec::new();
        for task in tasks {
            let (l, e) = task.await.unwrap();
            all.extend(l);
            errors.extend(e);
        }
        (all, errors)
    });
    let mut latencies = latencies;
    latencies.sort();
    let n = latencies.len();
    let at = |q: f64| latencies[((n as f64 * q) as usize).min(n - 1)];
    println!(
        "serve_load: {clients} clients, {seconds} s, {workers} workers: {n} requests, {} errors, \
         {:.0} requests/s, latency p50 {:?}, p99 {:?}, max {:?}",
        errors.len(),
        n as f64 / seconds as f64,
        at(0.50),
        at(0.99),
        latencies[n - 1]
    );
    assert!(
        errors.is_empty(),
        "{} errors, e.g. {:?}",
        errors.len(),
        &errors[..errors.len().min(5)]
    );
}
