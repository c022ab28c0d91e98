//! The server of `sprague serve`: the page (embedded assets, [`assets`])
//! and the JSON API ([`api`]) over HTTP with axum.
//!
//! Each API request is answered by [`api::answer`], a plain function of
//! the endpoint and the body bytes (no sockets, so tests and the fuzz
//! target call it directly). The server runs it on tokio's blocking pool
//! behind a semaphore of [`Settings::workers`] permits, under a time budget
//! of [`Settings::timeout`] that includes the wait for a permit: a slow or
//! huge request holds one worker, never the event loop, so other requests
//! are still read and answered. A request past its budget is answered 503,
//! and its computation is stopped by the same deadline
//! ([`sprague::budget`]: searches and nim-sequence tables check it, and a
//! batch between positions); work the budget does not reach (a grid, a
//! count) runs on to the end of its work limits. A computation keeps its
//! permit until it ends, so no more than `workers` ever run at once.

pub mod api;
pub mod assets;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::Semaphore;

pub use api::{answer, answer_until, Answer, Endpoint};

/// The default largest request body: 1 MiB.
pub const DEFAULT_MAX_BODY: usize = 1 << 20;

/// The default most values a sequence request gives: 1,000,000 (about 7 MB
/// of JSON).
pub const DEFAULT_MAX_VALUES: u64 = 1_000_000;

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
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The time budget of one request, the wait for a worker included.
    pub timeout: Duration,
    /// How many requests compute at once.
    pub workers: usize,
    /// Whether only requests for a loopback name (`localhost`,
    /// `127.0.0.1`, `[::1]`) are answered: true for a server bound to a
    /// loopback address, so that a page of another site whose name was made
    /// to point at this machine (DNS rebinding) cannot use it.
    pub loopback_only: bool,
}

impl Default for Settings {
    /// The limits of the command line, and a 10 s budget, two workers.
    fn default() -> Settings {
        Settings {
            limits: sprague::Limits::default(),
            max_cells: DEFAULT_MAX_CELLS,
            max_work: sprague::count::DEFAULT_MAX_WORK,
            max_bits: sprague::count::DEFAULT_MAX_BITS,
            max_values: DEFAULT_MAX_VALUES,
            max_body: DEFAULT_MAX_BODY,
            timeout: Duration::from_secs(10),
            workers: 2,
            loopback_only: true,
        }
    }
}

/// The server's shared state.
struct Shared {
    settings: Arc<Settings>,
    permits: Arc<Semaphore>,
}

/// The whole application: the page, its assets, the API, and JSON 404s.
pub fn router(settings: Settings) -> Router {
    let max_body = settings.max_body;
    let loopback_only = settings.loopback_only;
    let shared = Arc::new(Shared {
        permits: Arc::new(Semaphore::new(settings.workers.max(1))),
        settings: Arc::new(settings),
    });
    Router::new()
        .route("/api/{*endpoint}", post(api_request))
        .route("/", get(|| async { asset("index.html") }))
        .route(
            "/{file}",
            get(|Path(file): Path<String>| async move { asset(&file) }),
        )
        .fallback(|uri: Uri| async move {
            error_response(
                StatusCode::NOT_FOUND,
                "not-found",
                1,
                &format!("no page or API endpoint {}", uri.path()),
            )
        })
        .layer(DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::from_fn(
            move |request: axum::extract::Request, next: axum::middleware::Next| async move {
                match refused_host(loopback_only, request.headers()) {
                    Some(refusal) => refusal,
                    None => next.run(request).await,
                }
            },
        ))
        .with_state(shared)
}

/// A 403 for a request whose `Host` is not a loopback name when the server
/// answers only those (see [`Settings::loopback_only`]); `None` to go on.
/// A request without `Host` (HTTP/1.0) goes on.
fn refused_host(loopback_only: bool, headers: &axum::http::HeaderMap) -> Option<Response> {
    if !loopback_only {
        return None;
    }
    let host = headers.get(header::HOST)?;
    let text = host.to_str().unwrap_or("");
    if is_loopback_name(text) {
        return None;
    }
    Some(error_response(
        StatusCode::FORBIDDEN,
        "forbidden-host",
        2,
        &format!(
            "this server answers requests for localhost, 127.0.0.1 or [::1] only, not for {:?} \
             (serve with --bind ADDR to be reached by other names)",
            String::from_utf8_lossy(host.as_bytes())
        ),
    ))
}

/// Whether a `Host` header value (a name, with or without a port) names
/// this machine's loopback interface.
fn is_loopback_name(host: &str) -> bool {
    let name = if host.starts_with('[') {
        // [v6]:port
        host.split_inclusive(']').next().unwrap_or(host)
    } else {
        host.rsplit_once(':').map_or(host, |(name, _)| name)
    };
    let name = name.to_ascii_lowercase();
    name == "localhost"
        || name == "[::1]"
        || name
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Serves [`router`] on `listener` until `shutdown` completes, then
/// finishes the requests in flight.
///
/// # Errors
/// A failure of the listener.
pub async fn serve(
    listener: tokio::net::TcpListener,
    settings: Settings,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(settings))
        .with_graceful_shutdown(shutdown)
        .await
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
                    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'",
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
            1,
            &format!("no page or API endpoint /{name}"),
        ),
    }
}

/// Answers one API request: [`answer`] on the blocking pool, behind the
/// permits, within the time budget.
async fn api_request(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    headers: axum::http::HeaderMap,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Response {
    let Some(endpoint) = Endpoint::from_name(&name) else {
        return error_response(
            StatusCode::NOT_FOUND,
            "not-found",
            1,
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
    let json = headers
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
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
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
        Err(rejection) => {
            return error_response(
                rejection.status(),
                "bad-input",
                2,
                &format!("cannot read the request body: {}", rejection.body_text()),
            );
        }
    };
    let budget = settings.timeout;
    let deadline = tokio::time::Instant::now() + budget;
    let too_slow = |what: &str| {
        error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            "timeout",
            3,
            &format!(
                "{what} the time budget of {} s a request (sprague serve --timeout SECS); \
                 lower the work limits or ask for less",
                budget.as_secs_f64()
            ),
        )
    };
    let permit = match tokio::time::timeout_at(
        deadline,
        Arc::clone(&shared.permits).acquire_owned(),
    )
    .await
    {
        Ok(Ok(permit)) => permit,
        Ok(Err(_)) => return too_slow("the server is stopping: no worker within"),
        Err(_) => return too_slow("every worker stayed busy for"),
    };
    let until = deadline.into_std();
    let task = tokio::task::spawn_blocking(move || {
        let answer = api::answer_until(endpoint, &body, &settings, Some(until));
        drop(permit);
        answer
    });
    match tokio::time::timeout_at(deadline, task).await {
        Ok(Ok(answer)) => answer.into_response(),
        Ok(Err(_)) => error_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            1,
            "the computation failed unexpectedly (a bug in sprague: please report it)",
        ),
        Err(_) => Answer::error(503, "timeout", 3, &api::timeout_message(&shared.settings))
            .into_response(),
    }
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
        ] {
            assert!(!is_loopback_name(host), "{host}");
        }
    }
}
