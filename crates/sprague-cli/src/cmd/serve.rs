//! `sprague serve`: a local web page and JSON API over the same library
//! and the same JSON as the commands' `--json` (the server is
//! [`crate::web`]).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use anyhow::{Context, Result};

use super::LimitArgs;
use crate::exit::Exit;
use crate::web::{self, Settings};

/// Serve a web page to analyse positions, play against the computer and
/// plot nim-sequences, and a JSON API that answers with the fields of the
/// commands' `--json`.
///
/// Listens on 127.0.0.1 (this machine only) unless --bind says otherwise,
/// prints the address, and runs until Ctrl-C. The page and its script are
/// built into the program; nothing is read from disk, and `digraph:FILE`
/// words are refused (write a graph's edges inline).
///
/// API (POST, JSON bodies with Content-Type: application/json): /api/analyze, /api/batch, /api/sequence,
/// /api/sequence/plot (SVG), /api/table, /api/count, /api/nimber,
/// /api/play, /api/hint, /api/help, /api/board, /api/rulesets, /api/genus,
/// /api/quotient. Every request is held to the limits
/// below (a request's `limits` object may lower them, never raise them), to
/// --timeout, --max-body and --max-answer. A request computes first on the
/// fast path (--fast-workers at once, for --fast-time); one that needs
/// longer is stopped and run again on one of --workers, of which one client
/// (one IP address) holds at most --client-workers; the rest wait their
/// turn within their time budget, so cheap requests never wait behind
/// expensive ones. Every computation stops at its time budget. At most
/// --max-connections are open; an idle or half-sent one is closed after
/// --read-timeout. Errors are
/// `{"error": "...", "kind": "...", "exit": N}` with N the exit status
/// the command would give: 400 for bad input (2), 422 for a limit (3), 413
/// for a body too large, 415 for a body not sent as JSON, 404 for an
/// unknown path, 503 when the time budget runs out.
///
/// Memory: the server has one budget, --max-memory-total, shared by the
/// misère-quotient cache (--max-cache), the fast path (a small share a
/// slice; a request that needs more is run again on a worker) and the
/// requests on the workers, each of which reserves its whole budget
/// (the global --max-memory, by default half of what the workers share)
/// before it computes; when that is not free it is answered 503 `busy` at
/// once.
///
/// Example: `sprague serve --port 8080`, then open http://127.0.0.1:8080/.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on; 0 picks a free port (the address printed on
    /// start says which).
    #[arg(long, value_name = "P", default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. The default, 127.0.0.1, is reachable from
    /// this machine only; 0.0.0.0 opens the server to the network.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// Open the page in the default web browser once the server listens
    /// (with xdg-open on Linux, open on macOS); when no browser can be
    /// started, a line on stderr says so and gives the address to open by
    /// hand, and the server goes on.
    #[arg(long)]
    pub open: bool,
    /// The most seconds one request may take, waiting for a worker
    /// included (answered 503 past it).
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub timeout: f64,
    /// How many requests compute at once past their fast slice (default:
    /// the number of CPUs).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// How many of the workers one client (one IP address) may hold at
    /// once (default: half of them, rounded up).
    #[arg(long, value_name = "N")]
    pub client_workers: Option<usize>,
    /// How many requests compute their fast slice at once (default: the
    /// number of CPUs).
    #[arg(long, value_name = "N")]
    pub fast_workers: Option<usize>,
    /// The seconds of the fast path: a request still computing past them
    /// is run again on a worker.
    #[arg(long, value_name = "SECS", default_value_t = 0.1)]
    pub fast_time: f64,
    /// The largest answer, in bytes (answered 422 past it).
    #[arg(long, value_name = "BYTES", default_value_t = web::DEFAULT_MAX_ANSWER)]
    pub max_answer: usize,
    /// The most open connections; past it a new one is answered 503 and
    /// closed.
    #[arg(long, value_name = "N", default_value_t = web::DEFAULT_MAX_CONNECTIONS)]
    pub max_connections: usize,
    /// The most open connections of one client (one IP address); past it
    /// a new one of that client is answered 503 and closed, so that one
    /// client cannot hold every connection (default: a quarter of
    /// --max-connections).
    #[arg(long, value_name = "N")]
    pub client_connections: Option<usize>,
    /// The most seconds to send a request (its head, and its body), and to
    /// keep an idle connection open.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub read_timeout: f64,
    /// The most bytes of misère quotients kept between requests (the
    /// least recently used are dropped past it).
    #[arg(long, value_name = "BYTES", default_value_t = web::DEFAULT_MAX_CACHE)]
    pub max_cache: usize,
    /// The memory budget of the whole server, in bytes or with a unit
    /// (1536M, 2G), shared by the requests in flight and the cache of
    /// misère quotients; each request's own budget (`sprague --max-memory
    /// SIZE serve`) is reserved from it. Default: 1536M (1.5 GiB), or
    /// half the machine's memory when that is less.
    #[arg(long, value_name = "SIZE", value_parser = super::parse_size)]
    pub max_memory_total: Option<u64>,
    /// The largest request body, in bytes (answered 413 past it).
    #[arg(long, value_name = "BYTES", default_value_t = web::DEFAULT_MAX_BODY)]
    pub max_body: usize,
    /// The most values /api/sequence and its plot give for one request.
    #[arg(long, value_name = "N", default_value_t = web::DEFAULT_MAX_VALUES)]
    pub max_values: u64,
    /// The most cells of a /api/table grid.
    #[arg(long, value_name = "N", default_value_t = web::DEFAULT_MAX_CELLS)]
    pub max_cells: u64,
    /// The most work of one /api/count (as `count --max-work`).
    #[arg(long, value_name = "N", default_value_t = sprague::count::DEFAULT_MAX_WORK)]
    pub max_work: u64,
    /// The most bits of one exact /api/count (as `count --max-bits`).
    #[arg(long, value_name = "N", default_value_t = sprague::count::DEFAULT_MAX_BITS)]
    pub max_bits: u64,
    /// The largest order of one /api/quotient (as `quotient --max-order`).
    #[arg(long, value_name = "Q", default_value_t = sprague::misere::DEFAULT_MAX_ORDER)]
    pub max_order: usize,
    /// The work limits of every request, as for `analyze`.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// The default of `--max-memory-total`: 1.5 GiB
/// ([`web::DEFAULT_MAX_MEMORY_TOTAL`]), or half the machine's memory when
/// that is less.
pub fn default_memory_total() -> u64 {
    web::DEFAULT_MAX_MEMORY_TOTAL.min(super::default_memory_budget())
}

/// Runs `serve` until Ctrl-C; `max_memory` is each request's memory budget
/// when `--max-memory` was given (by default a share of the server's,
/// `--max-memory-total`).
pub fn run(args: Args, max_memory: Option<u64>) -> Result<Exit> {
    for (flag, value) in [
        ("--timeout", args.timeout),
        ("--fast-time", args.fast_time),
        ("--read-timeout", args.read_timeout),
    ] {
        if !(value.is_finite() && value > 0.0 && value < 1e9) {
            return Err(super::UsageError(format!(
                "{flag} {value}: expected a positive number of seconds"
            ))
            .into());
        }
    }
    let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
    let workers = args.workers.unwrap_or(cpus).max(1);
    let mut limits = args.limits.limits();
    limits.max_memory = max_memory;
    let settings = Settings {
        limits,
        max_cells: args.max_cells,
        max_work: args.max_work,
        max_bits: args.max_bits,
        max_values: args.max_values,
        max_order: args.max_order,
        max_body: args.max_body,
        timeout: Duration::from_secs_f64(args.timeout),
        workers,
        client_workers: args.client_workers.unwrap_or(workers.div_ceil(2)),
        fast_workers: args.fast_workers.unwrap_or(cpus).max(1),
        fast_time: Duration::from_secs_f64(args.fast_time),
        max_answer: args.max_answer,
        max_connections: args.max_connections.max(1),
        client_connections: args
            .client_connections
            .unwrap_or(args.max_connections / 4)
            .max(1),
        read_timeout: Duration::from_secs_f64(args.read_timeout),
        max_cache: args.max_cache,
        max_memory_total: args.max_memory_total.unwrap_or_else(default_memory_total),
        loopback_only: args.bind.is_loopback(),
    };
    web::MemoryPlan::of(&settings).map_err(super::UsageError)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let address = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .with_context(|| format!("cannot listen on {address}"))?;
        let bound = listener.local_addr()?;
        let url = format!("http://{bound}/");
        println!("sprague serve: listening on {url} (Ctrl-C stops)");
        if args.open {
            open_browser(&url);
        }
        web::serve(listener, settings, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("the server stopped")?;
        println!("sprague serve: stopped");
        Ok(Exit::Success)
    })
}

/// Asks the system to open `url` in the default browser: `xdg-open` (on
/// the PATH) on Linux and other Unixes, `open` on macOS, `explorer` on
/// Windows. When it cannot be started, or (except on Windows, whose
/// `explorer` exits with 1 even when it opens the page) exits with a
/// failure, as `xdg-open` does on a machine without a browser, one line on
/// stderr says so and gives the address to open by hand. The server goes
/// on either way: the opener is waited for on a thread of its own.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let failed = move |url: &str, why: String| {
        eprintln!(
            "sprague serve: no browser was opened ({why}); open {url} by hand (the server is running)"
        );
    };
    let child = std::process::Command::new(program)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match child {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            failed(url, format!("{program} was not found on the PATH"))
        }
        Err(e) => failed(url, format!("{program} could not be started: {e}")),
        Ok(mut child) => {
            let url = url.to_string();
            std::thread::spawn(move || match child.wait() {
                Ok(status) if status.success() || cfg!(windows) => {}
                Ok(status) => match status.code() {
                    Some(code) => failed(&url, format!("{program} exited with status {code}")),
                    None => failed(&url, format!("{program} was stopped by a signal")),
                },
                Err(e) => failed(&url, format!("waiting for {program} failed: {e}")),
            });
        }
    }
}
