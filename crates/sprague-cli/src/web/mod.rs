//! The server of `sprague serve`: the page (embedded assets, [`assets`])
//! and the JSON API ([`api`]) over HTTP with axum.
//!
//! Each API request is answered by [`api::answer`], a plain function of
//! the endpoint and the body bytes (no sockets, so tests and the fuzz
//! target call it directly). A request a closed form may answer is first
//! tried on the connection's own task with no time for a search (answered
//! there without waiting for any slot, or passed on). Then the server runs
//! it on tokio's blocking pool, never on the event loop: first on the fast
//! path for a short slice, then,
//! if it needs longer, on one of the workers, a client holding at most its
//! share of them (`web/pool.rs`). The time budget of [`Settings::timeout`]
//! includes the waits; a request past it is answered 503, and its
//! computation is stopped by the same deadline ([`sprague::budget`]:
//! searches, nim-sequence tables, genus and quotient computations check it,
//! and so does the writing of the answer), so no computation outlives its
//! budget by more than the time between two checks. Connections are limited in number and closed
//! when idle or half-sent (`web/conn.rs`); the misère-quotient cache is bounded
//! in bytes ([`Settings::max_cache`]). The server has one memory budget
//! ([`Settings::max_memory_total`]) shared by the cache and the requests in
//! flight (`web/memory.rs`): a fast slice computes within a small share of
//! it, a request on a worker reserves its whole `--max-memory` first, or is
//! answered 503 `busy` at once when the other requests hold too much.

pub mod api;
pub mod assets;
mod conn;
mod memory;
mod pool;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, FromRequest, Path, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

pub use api::{answer, answer_until, Answer, Endpoint};
pub use memory::{MemoryPlan, DEFAULT_MAX_MEMORY_TOTAL, FAST_SHARE};

/// The default largest request body: 1 MiB.
pub const DEFAULT_MAX_BODY: usize = 1 << 20;

/// The default most values a sequence request gives: 1,000,000 (about 7 MB
/// of JSON).
pub const DEFAULT_MAX_VALUES: u64 = 1_000_000;

/// The default largest answer: 64 MiB.
pub const DEFAULT_MAX_ANSWER: usize = 64 << 20;

/// The default most open connections: 256.
pub const DEFAULT_MAX_CONNECTIONS: usize = 256;

/// The default most bytes of the misère-quotient cache: 256 MiB.
pub const DEFAULT_MAX_CACHE: usize = sprague::misere::DEFAULT_CACHE_BYTES;

/// The default most cells of a table request: 1,000,000 (a 1000 × 1000
/// grid).
pub const DEFAULT_MAX_CELLS: u64 = 1_000_000;

/// What the server allows one request.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The library's work limits; a request may lower them, never raise
    /// them.
    pub limits: sprague::Limits,
    /// The most cells of a table grid.
    pub max_cells: u64,
    /// The most work of a count.
    pub max_work: u64,
    /// The most bits of an exact count.
    pub max_bits: u64,
    /// The most values of a sequence request.
    pub max_values: u64,
    /// The largest order of a misère quotient (`/api/quotient`).
    pub max_order: usize,
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The time budget of one request, the wait for a worker included.
    pub timeout: Duration,
    /// How many requests compute at once past their fast slice.
    pub workers: usize,
    /// How many of the workers one client (one IP address) may hold at
    /// once; at least 1, at most `workers`.
    pub client_workers: usize,
    /// How many requests compute their first slice at once (the fast
    /// path, apart from the workers).
    pub fast_workers: usize,
    /// The slice of the fast path: a request still computing past it is
    /// stopped and run again on a worker.
    pub fast_time: Duration,
    /// The largest answer, in bytes (422 past it).
    pub max_answer: usize,
    /// The most open connections; past it a new one is answered 503.
    pub max_connections: usize,
    /// The most open connections of one client (one IP address); past it
    /// a new one of that client is answered 503.
    pub client_connections: usize,
    /// The most time to send a request's head, between two pieces of its
    /// body, and the whole body; and the most a kept-alive connection
    /// stays idle. The connection is closed past it.
    pub read_timeout: Duration,
    /// The most bytes the misère-quotient cache keeps (set for the whole
    /// process by [`serve`], with [`sprague::misere::set_cache_limit`]).
    pub max_cache: usize,
    /// The memory budget of the whole server, in bytes: the cache, the
    /// fast path and the requests on the workers share it ([`MemoryPlan`];
    /// a request's own budget is `limits.max_memory`, by default half of
    /// what the workers share).
    pub max_memory_total: u64,
    /// Whether only requests for a loopback name (`localhost`,
    /// `127.0.0.1`, `[::1]`) are answered: true for a server bound to a
    /// loopback address, so that a page of another site whose name was made
    /// to point at this machine (DNS rebinding) cannot use it.
    pub loopback_only: bool,
}

impl Default for Settings {
    /// The limits of the command line, a 10 s budget, two workers of which
    /// a client holds one, a fast path of two for 0.1 s, answers up to 64
    /// MiB, 256 connections, a 10 s read timeout, a 256 MiB cache, a
    /// memory budget of 1.5 GiB for the whole server.
    fn default() -> Settings {
        Settings {
            limits: sprague::Limits::default(),
            max_cells: DEFAULT_MAX_CELLS,
            max_work: sprague::count::DEFAULT_MAX_WORK,
            max_bits: sprague::count::DEFAULT_MAX_BITS,
            max_values: DEFAULT_MAX_VALUES,
            max_order: sprague::misere::DEFAULT_MAX_ORDER,
            max_body: DEFAULT_MAX_BODY,
            timeout: Duration::from_secs(10),
            workers: 2,
            client_workers: 1,
            fast_workers: 2,
            fast_time: Duration::from_millis(100),
            max_answer: DEFAULT_MAX_ANSWER,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            client_connections: DEFAULT_MAX_CONNECTIONS / 4,
            read_timeout: Duration::from_secs(10),
            max_cache: DEFAULT_MAX_CACHE,
            max_memory_total: DEFAULT_MAX_MEMORY_TOTAL,
            loopback_only: true,
        }
    }
}

/// The server's shared state.
struct Shared {
    /// The settings, with each request's memory budget set
    /// ([`MemoryPlan::request`]).
    settings: Arc<Settings>,
    /// The same, with the memory budget of a fast slice
    /// ([`MemoryPlan::fast_share`]).
    fast_settings: Arc<Settings>,
    pools: pool::Pools,
}

/// The whole application: the page, its assets, the API, and JSON 404s.
/// Requests are held to the memory plan of `settings`
/// ([`MemoryPlan::fitted`]).
pub fn router(mut settings: Settings) -> Router {
    let max_body = settings.max_body;
    let loopback_only = settings.loopback_only;
    let plan = MemoryPlan::fitted(&settings);
    settings.limits.max_memory = Some(plan.request);
    let mut fast_settings = settings.clone();
    fast_settings.limits.max_memory = Some(plan.fast_share);
    let shared = Arc::new(Shared {
        pools: pool::Pools::new(&settings),
        settings: Arc::new(settings),
        fast_settings: Arc::new(fast_settings),
    });
    Router::new()
        .route(
            "/api/{*endpoint}",
            post(api_request).fallback(|| async { wrong_method("POST") }),
        )
        .route(
            "/",
            get(|| async { asset("index.html") }).fallback(|| async { wrong_method("GET") }),
        )
        .route(
            "/{file}",
            get(|Path(file): Path<String>| async move { asset(&file) })
                .fallback(|| async { wrong_method("GET") }),
        )
        .fallback(|uri: Uri| async move {
            error_response(
                StatusCode::NOT_FOUND,
                "not-found",
                2,
                &format!("no page or API endpoint {}", uri.path()),
            )
        })
        .layer(DefaultBodyLimit::max(max_body))
        // No page of another site may show this one in a frame (and so
        // make its buttons be clicked unseen).
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("frame-ancestors 'none'"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(axum::middleware::from_fn(
            move |request: axum::extract::Request, next: axum::middleware::Next| async move {
                match refused_host(loopback_only, request.headers(), request.uri()) {
                    Some(refusal) => refusal,
                    None => next.run(request).await,
                }
            },
        ))
        .with_state(shared)
}

/// A 405 naming the one method a path takes (the API's endpoints take
/// POST with a JSON body; the page and its files, GET), as JSON like every
/// other error.
fn wrong_method(allowed: &'static str) -> Response {
    let mut response = error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        "method-not-allowed",
        2,
        &format!(
            "this path takes {allowed} only{}",
            if allowed == "POST" {
                " with a JSON body of the endpoint's fields, such as \
                 {\"position\": \"nim 3 4 5\"} for /api/analyze (the endpoints and their \
                 fields: docs/src/web.md)"
            } else {
                ""
            }
        ),
    );
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allowed));
    response
}

/// A 403 for a request whose `Host` is not a loopback name when the server
/// answers only those (see [`Settings::loopback_only`]), or whose target
/// in absolute form names another host; a 400 for a request with two
/// `Host` headers (RFC 9112: a server must refuse it); `None` to go on. A
/// request without `Host` (HTTP/1.0) goes on.
fn refused_host(
    loopback_only: bool,
    headers: &axum::http::HeaderMap,
    uri: &axum::http::Uri,
) -> Option<Response> {
    if headers.get_all(header::HOST).iter().count() > 1 {
        return Some(error_response(
            StatusCode::BAD_REQUEST,
            "bad-input",
            2,
            "the request has more than one Host header",
        ));
    }
    if !loopback_only {
        return None;
    }
    let refuse = |name: &[u8]| {
        Some(error_response(
            StatusCode::FORBIDDEN,
            "forbidden-host",
            2,
            &format!(
                "this server answers requests for localhost, 127.0.0.1 or [::1] only, not for \
                 {:?} (serve with --bind ADDR to be reached by other names)",
                String::from_utf8_lossy(name)
            ),
        ))
    };
    // A target in absolute form (`POST http://name/api/...`) names the
    // host too.
    if let Some(authority) = uri.authority() {
        if !is_loopback_name(authority.as_str()) {
            return refuse(authority.as_str().as_bytes());
        }
    }
    let host = headers.get(header::HOST)?;
    if is_loopback_name(host.to_str().unwrap_or("")) {
        return None;
    }
    refuse(host.as_bytes())
}

/// Whether a `Host` header value (a name, with or without a port) names
/// this machine's loopback interface.
fn is_loopback_name(host: &str) -> bool {
    // A name or an address and an optional port of digits, nothing else
    // (RFC 9110's Host: uri-host [":" port]; issue 62: `[::1]evil.example`
    // was taken for `[::1]`).
    let (name, port) = match host.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((address, rest)) => (&host[..address.len() + 2], rest),
            None => return false,
        },
        None => match host.split_once(':') {
            Some((name, _)) => (name, &host[name.len()..]),
            None => (host, ""),
        },
    };
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| (1..=5).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
    if !port_ok {
        return false;
    }
    let name = name.to_ascii_lowercase();
    name == "localhost"
        || name == "[::1]"
        || name
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Serves [`router`] on `listener` until `shutdown` completes, then
/// finishes the requests in flight (for at most 15 s), within the
/// connection limits of `settings` (`web/conn.rs`). Sets the bound of the
/// misère-quotient cache to [`Settings::max_cache`] for the whole process,
/// and the process's memory budget
/// ([`sprague::budget::set_process_memory_limit`]) to
/// [`Settings::max_memory_total`], a last guard behind the shares of the
/// requests.
///
/// # Errors
/// A failure of the listener.
pub async fn serve(
    listener: tokio::net::TcpListener,
    settings: Settings,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    sprague::misere::set_cache_limit(settings.max_cache);
    sprague::budget::set_process_memory_limit(Some(MemoryPlan::fitted(&settings).total));
    let app = router(settings.clone());
    conn::serve(listener, app, &settings, shutdown).await
}

/// One embedded file, or a 404.
fn asset(name: &str) -> Response {
    match assets::get(name) {
        Some((content_type, bytes)) => {
            let mut response = Response::new(Body::from(bytes));
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
            headers.insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(
                    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; \
                     frame-ancestors 'none'",
                ),
            );
            headers.insert(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            );
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response
        }
        None => error_response(
            StatusCode::NOT_FOUND,
            "not-found",
            2,
            &format!("no page or API endpoint /{name}"),
        ),
    }
}

/// Answers one API request: [`answer`] on the blocking pool, first on the
/// fast path, then on a worker (`web/pool.rs`), within the time budget.
async fn api_request(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    request: axum::extract::Request,
) -> Response {
    let Some(endpoint) = Endpoint::from_name(&name) else {
        return error_response(
            StatusCode::NOT_FOUND,
            "not-found",
            2,
            &format!(
                "no API endpoint /api/{name}; the endpoints are {}",
                Endpoint::ALL
                    .iter()
                    .map(|e| format!("/api/{}", e.name()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    };
    // JSON only: a web page elsewhere cannot send that to this server
    // without the browser asking first (a CORS preflight, which this
    // server does not grant), so other sites cannot make it work.
    let json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
    if !json {
        return error_response(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad-input",
            2,
            "the request body must be JSON, sent with Content-Type: application/json",
        );
    }
    let settings = Arc::clone(&shared.settings);
    let client = conn::peer(request.extensions()).map(|a| a.ip());
    // The whole body within the read timeout: a half-sent request does not
    // hold its connection (tower-http's body timeout bounds the time
    // between two pieces, this the sum).
    let read = tokio::time::timeout(settings.read_timeout, Bytes::from_request(request, &())).await;
    let body = match read {
        Ok(Ok(body)) => body,
        Ok(Err(rejection)) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return error_response(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too-large",
                3,
                &format!(
                    "the request body is larger than {} bytes, the most this server reads \
                     (sprague serve --max-body BYTES)",
                    settings.max_body
                ),
            );
        }
        Ok(Err(rejection)) => {
            return closing(error_response(
                rejection.status(),
                "bad-input",
                2,
                &format!("cannot read the request body: {}", rejection.body_text()),
            ));
        }
        Err(_) => {
            return closing(error_response(
                StatusCode::REQUEST_TIMEOUT,
                "timeout",
                2,
                &format!(
                    "the request body was not sent within {} s (sprague serve --read-timeout SECS)",
                    settings.read_timeout.as_secs_f64()
                ),
            ));
        }
    };
    compute(&shared, endpoint, body, client).await
}

/// The same answer, closing its connection.
fn closing(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// The answer to `body` at `endpoint` for `client`: the fast slice, then a
/// worker for the rest of the budget.
async fn compute(
    shared: &Arc<Shared>,
    endpoint: Endpoint,
    body: Bytes,
    client: Option<std::net::IpAddr>,
) -> Response {
    let settings = Arc::clone(&shared.settings);
    let budget = settings.timeout;
    let start = tokio::time::Instant::now();
    let deadline = start + budget;
    let too_slow = |what: &str| {
        Answer::busy(
            "workers",
            &format!(
                "{what} the time budget of {} s a request (sprague serve --timeout SECS); \
                 lower the work limits or ask for less",
                budget.as_secs_f64()
            ),
        )
        .into_response()
    };
    // Closed forms on the connection's own task, before any slot: an
    // attempt with no time for a search, whose first budget check stops
    // it (issue 62: a 40,001-heap Nim position waited behind expensive
    // searches for a fast slot, and got 503).
    if endpoint.closed_forms_first() {
        // Within the request's whole budget: what needs no search is
        // bounded by the body and answer sizes (a 40,001-heap Nim lists
        // its 40,001 winning moves in 0.1 s).
        let settings = Arc::clone(&shared.fast_settings);
        let until = deadline.into_std();
        let attempt = tokio::task::block_in_place(|| {
            sprague::budget::without_search(|| {
                api::attempt(endpoint, &body, &settings, until, true)
            })
        });
        if let Ok(Ok(answer)) = attempt {
            return answer.into_response();
        }
    }
    // The fast path.
    let permit = match tokio::time::timeout_at(deadline, shared.pools.fast()).await {
        Ok(Ok(permit)) => permit,
        Ok(Err(pool::Closed::Stopping)) => {
            return too_slow("the server is stopping: no worker within")
        }
        Err(_) => return too_slow("every worker stayed busy for"),
    };
    let slice_end = (tokio::time::Instant::now() + settings.fast_time).min(deadline);
    let last = slice_end >= deadline;
    let attempt = {
        let (settings, body) = (Arc::clone(&shared.fast_settings), body.clone());
        let until = slice_end.into_std();
        tokio::task::spawn_blocking(move || {
            let attempt = api::attempt(endpoint, &body, &settings, until, true);
            drop(permit);
            attempt
        })
    };
    // The fast slice ends at its deadline, a moment after it: it is waited
    // for until the whole budget's end (a computation that overran its
    // slice is answered 503 then, and keeps its fast permit until it
    // stops). A slice stopped by its deadline, or by its share of memory
    // when a request may hold more, is run again on a worker.
    let fast_share = shared.fast_settings.limits.max_memory;
    match tokio::time::timeout_at(deadline, attempt).await {
        Ok(Ok(Ok(answer))) => return answer.into_response(),
        Ok(Ok(Err(api::Stopped::Memory { limit, .. })))
            if Some(limit) == fast_share
                && fast_share < settings.limits.max_memory
                && tokio::time::Instant::now() < deadline => {}
        Ok(Ok(Err(api::Stopped::Time))) if !last && tokio::time::Instant::now() < deadline => {}
        Ok(Ok(Err(api::Stopped::Memory { limit, answer }))) => {
            return api::memory_answer(limit, answer, &settings).into_response()
        }
        Ok(Ok(Err(api::Stopped::Time))) | Err(_) => {
            return Answer::busy("timeout", &api::timeout_message(&settings)).into_response()
        }
        Ok(Err(_)) => return internal(),
    }
    // A worker, within the client's share.
    let mut worker = match tokio::time::timeout_at(deadline, shared.pools.worker(client)).await {
        Ok(Ok(worker)) => worker,
        Ok(Err(pool::Closed::Stopping)) => {
            return too_slow("the server is stopping: no worker within")
        }
        Err(_) => {
            return too_slow(&format!(
                "every worker (or this client's share of {} of the {}: sprague serve \
                 --client-workers N) stayed busy for",
                settings.client_workers.clamp(1, settings.workers.max(1)),
                settings.workers.max(1)
            ))
        }
    };
    // Its memory, at once or not at all.
    if shared.pools.reserve(&mut worker).is_err() {
        drop(worker);
        return Answer::busy("memory", &api::busy_message(&settings)).into_response();
    }
    let until = deadline.into_std();
    let task = {
        let settings = Arc::clone(&settings);
        tokio::task::spawn_blocking(move || {
            let answer = api::attempt(endpoint, &body, &settings, until, false);
            drop(worker);
            answer
        })
    };
    // The computation stops at the same deadline (every search checks it),
    // so it gives its worker back at most a moment after this answer.
    match tokio::time::timeout_at(deadline, task).await {
        Ok(Ok(Ok(answer))) => answer.into_response(),
        Ok(Ok(Err(api::Stopped::Memory { limit, answer }))) => {
            api::memory_answer(limit, answer, &settings).into_response()
        }
        Ok(Ok(Err(api::Stopped::Time))) | Err(_) => {
            Answer::busy("timeout", &api::timeout_message(&settings)).into_response()
        }
        Ok(Err(_)) => internal(),
    }
}

/// The answer to a computation that panicked.
fn internal() -> Response {
    error_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        1,
        "the computation failed unexpectedly (a bug in sprague: please report it)",
    )
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = Response::new(Body::from(self.body));
        *response.status_mut() = status;
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(self.content_type),
        );
        response
    }
}

/// A JSON error answer.
fn error_response(status: StatusCode, kind: &str, exit: u8, message: &str) -> Response {
    Answer::error(status.as_u16(), kind, exit, message).into_response()
}

#[cfg(test)]
mod tests {
    use super::is_loopback_name;

    /// Two Host headers are refused (400), and a target in absolute form
    /// naming another host is refused as its Host would be (issue 62).
    #[test]
    fn duplicate_hosts_and_absolute_targets() {
        use axum::http::{header::HOST, HeaderMap, HeaderValue, Uri};
        let status = |hosts: &[&'static str], uri: &str| {
            let mut headers = HeaderMap::new();
            for h in hosts {
                headers.append(HOST, HeaderValue::from_static(h));
            }
            let uri: Uri = uri.parse().unwrap();
            super::refused_host(true, &headers, &uri).map(|r| r.status().as_u16())
        };
        assert_eq!(status(&["localhost"], "/api/nimber"), None);
        assert_eq!(
            status(&["localhost", "evil.example"], "/api/nimber"),
            Some(400)
        );
        assert_eq!(
            status(&["evil.example", "localhost"], "/api/nimber"),
            Some(400)
        );
        assert_eq!(
            status(&["localhost"], "http://evil.example/api/nimber"),
            Some(403)
        );
        assert_eq!(
            status(&["localhost"], "http://localhost:8080/api/nimber"),
            None
        );
    }

    #[test]
    fn loopback_names() {
        for host in [
            "localhost",
            "LOCALHOST:8080",
            "127.0.0.1",
            "127.0.0.1:3000",
            "127.1.2.3:1",
            "[::1]",
            "[::1]:8080",
        ] {
            assert!(is_loopback_name(host), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:80",
            "localhost.evil.example",
            "10.0.0.1:80",
            "[::2]:80",
            "",
            "127.0.0.1.evil:80",
            "[::1]evil.example",
            "[::1]evil.example:80",
            "localhost:80x",
            "user@localhost",
            "localhost:",
            "localhost/x",
        ] {
            assert!(!is_loopback_name(host), "{host}");
        }
    }
}
