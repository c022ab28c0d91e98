//! The memory budget of `sprague serve` as a whole (issue 53): the
//! requests in flight share `Settings::max_memory_total`, each request on
//! a worker reserving its own budget first. The server runs in-process, in
//! this test binary, which counts its allocations as the `sprague` binary
//! does (the library's counting allocator), so the budgets measure bytes.
//!
//! The 8-request load of the issue, with the server's resident memory
//! sampled, is `scripts/serve-memory-load.py` (against the release binary).

mod common;

use std::time::Duration;

use common::server::Server;
use serde_json::{json, Value};
use sprague_cli::web::{MemoryPlan, Settings};

#[global_allocator]
static ALLOCATOR: sprague::budget::CountingAllocator = sprague::budget::CountingAllocator;

const MIB: u64 = 1 << 20;

/// Settings whose budget leaves `left` bytes for the requests once a
/// cache of 224 MiB is taken (the process's guard, the whole budget, stays
/// far above what this test binary holds), with `workers` workers all
/// open to one client and each request's budget `request`.
fn settings(left: u64, workers: usize, request: Option<u64>) -> Settings {
    let mut s = Settings {
        max_cache: 224 << 20,
        max_memory_total: (224 << 20) + left,
        workers,
        client_workers: workers,
        fast_workers: 2,
        timeout: Duration::from_secs(60),
        ..Settings::default()
    };
    s.limits.max_memory = request;
    s
}

/// A misère search by the definitions (no quotient tried) that needs a
/// few MiB: `grundy 12 13 14` needs between 1 and 4 MiB, `grundy 24 25 26`
/// more than 32 MiB.
fn search(position: &str) -> Value {
    json!({"position": position, "misere": true, "limits": {"max_quotient_states": 0}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_cannot_reserve_its_memory_gets_503_busy_at_once() {
    // 32 MiB for the requests: 2 x 4 MiB for the fast path, 24 MiB for the
    // workers, room for two requests of 10 MiB on the three workers.
    let s = settings(32 * MIB, 3, Some(10 * MIB));
    let plan = MemoryPlan::of(&s).unwrap();
    assert_eq!((plan.fast_share, plan.workers), (4 * MIB, 24 * MIB));
    let server = Server::start(s);
    // A slow request (Officers to 20,000: seconds in a debug build, a
    // second or more in release) needs little memory, but on a worker it
    // holds its whole budget: the third of three at once finds none left.
    let slow = json!({"ruleset": "octal:0.6", "to": 20000});
    let third = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let t = std::time::Instant::now();
        let answer = server.post("sequence", &slow).await;
        (answer, t.elapsed())
    };
    let cheap = async {
        tokio::time::sleep(Duration::from_millis(700)).await;
        server
            .post("analyze", &json!({"position": "nim 3 4 5"}))
            .await
    };
    let ((s1, a1), (s2, a2), ((s3, a3), took), (s4, a4)) = tokio::join!(
        server.post("sequence", &slow),
        server.post("sequence", &slow),
        third,
        cheap
    );
    assert_eq!((s1, s2), (200, 200), "{a1} {a2}");
    assert_eq!(s3, 503, "{a3}");
    assert_eq!(a3["kind"], "busy", "{a3}");
    assert_eq!(a3["exit"], 3, "{a3}");
    let error = a3["error"].as_str().unwrap();
    assert!(
        error.contains("--max-memory-total") && error.contains("10 MiB"),
        "{error}"
    );
    // At once: not after the others are done.
    assert!(took < Duration::from_secs(1), "busy after {took:?}");
    // A cheap request computes within the fast path's share meanwhile.
    assert_eq!(s4, 200, "{a4}");
    assert_eq!(a4["outcome"], "N");
    // Once the two are done, their memory is free again.
    let (status, answer) = server.post("sequence", &slow).await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slice_past_its_memory_share_runs_again_on_a_worker_and_requests_keep_their_budget() {
    // 8 MiB for the requests: 2 x 1 MiB for the fast path, 6 MiB for the
    // workers, each request's budget 6 MiB. The fast slice is long enough
    // for any of these searches: only memory sends them to a worker.
    let mut s = settings(8 * MIB, 2, Some(6 * MIB));
    s.fast_time = Duration::from_secs(30);
    let plan = MemoryPlan::of(&s).unwrap();
    assert_eq!((plan.fast_share, plan.request), (MIB, 6 * MIB));
    let server = Server::start(s);
    // Needs more than the 1 MiB of a fast slice, less than 6 MiB: answered.
    let (status, answer) = server.post("analyze", &search("grundy 12 13 14")).await;
    assert_eq!(status, 200, "{answer}");
    let cli = common::sprague()
        .args([
            "analyze",
            "--misere",
            "--json",
            "--max-quotient-states",
            "0",
            "grundy 12 13 14",
        ])
        .output()
        .unwrap();
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(answer, cli);
    // So is a batch whose line needs as much (one line past a slice's share
    // is not a line error: the batch runs again on a worker).
    let (status, answer) = server
        .post(
            "batch",
            &json!({"positions": ["nim 1 2", "grundy 12 13 14"], "misere": true,
                    "limits": {"max_quotient_states": 0}}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["results"][1]["outcome"], cli["outcome"], "{answer}");
    // One that needs more than 6 MiB stops at its own budget, a limit
    // naming --max-memory.
    let (status, answer) = server.post("analyze", &search("grundy 24 25 26")).await;
    assert_eq!(status, 422, "{answer}");
    let error = answer["error"].as_str().unwrap();
    assert!(
        error.contains("budget of 6 MiB") && error.contains("--max-memory"),
        "{error}"
    );
    // The server answers afterwards.
    let (status, _) = server
        .post("analyze", &json!({"position": "nim 3 4 5"}))
        .await;
    assert_eq!(status, 200);
}

#[test]
fn flags_that_do_not_fit_the_budget_are_refused_naming_them() {
    let out = common::sprague()
        .args(["--max-memory", "2G", "serve", "--max-memory-total", "1G"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("--max-memory 2 GiB") && stderr.contains("--max-memory-total 1 GiB"),
        "{stderr}"
    );
    let out = common::sprague()
        .args([
            "serve",
            "--max-memory-total",
            "64M",
            "--max-cache",
            "100000000",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("--max-cache") && stderr.contains("--max-memory-total 64 MiB"),
        "{stderr}"
    );
}
