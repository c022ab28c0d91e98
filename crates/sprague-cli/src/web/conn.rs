//! The connections of `sprague serve`: hyper's HTTP/1 server on each
//! accepted socket, with
//!
//! - a limit on open connections ([`Settings::max_connections`]): past it
//!   a new connection is answered 503 at once and closed, so idle sockets
//!   cannot use up the process's open files and make the server
//!   unreachable; and a share of them for each client, one IP address
//!   ([`Settings::client_connections`]), so that one client holding slow
//!   connections (slowloris) leaves the rest to the others (issue 62);
//! - hyper's header read timeout ([`Settings::read_timeout`]), which also
//!   closes a keep-alive connection idle for that long (hyper starts it
//!   when it waits for the next request's head);
//! - tower-http's body timeout (the same time between two pieces of a
//!   body), and the handler's bound on the whole body read (see
//!   [`super::api_request`]): a half-sent request is closed;
//! - graceful shutdown (hyper-util's): the requests in flight finish.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::sync::Semaphore;
use tower_http::timeout::RequestBodyTimeoutLayer;

use super::Settings;

/// The 503 `busy` answer (reason `connections`) to a connection refused
/// at once, with `error` naming the limit, closing the connection.
fn busy(error: &str) -> Vec<u8> {
    let body = serde_json::json!({
        "error": error, "kind": "busy", "reason": "connections", "exit": 3
    })
    .to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The open connections of each client, and its share.
struct Clients {
    open: Mutex<HashMap<IpAddr, usize>>,
    share: usize,
}

/// One open connection of a client, given back when dropped.
struct ClientSlot {
    clients: Arc<Clients>,
    ip: IpAddr,
}

impl Clients {
    /// A slot for `ip`, unless it holds its share already.
    fn take(self: &Arc<Clients>, ip: IpAddr) -> Option<ClientSlot> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let held = open.entry(ip).or_insert(0);
        if *held >= self.share {
            return None;
        }
        *held += 1;
        Some(ClientSlot {
            clients: Arc::clone(self),
            ip,
        })
    }
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut open = self.clients.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(held) = open.get_mut(&self.ip) {
            *held -= 1;
            if *held == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// How long the rest of the requests in flight may take once shutdown
/// starts.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(15);

/// Serves `router` on `listener` under `settings`' connection limits until
/// `shutdown` completes, then lets the requests in flight finish (for at
/// most 15 s).
///
/// # Errors
/// None so far: a failed accept (a connection reset before it was
/// accepted, or no file descriptor left) is waited out and retried.
pub(super) async fn serve(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    settings: &Settings,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(settings.max_connections.max(1)));
    let clients = Arc::new(Clients {
        open: Mutex::new(HashMap::new()),
        share: settings.client_connections.max(1),
    });
    let full = busy(&format!(
        "too many open connections to this server (sprague serve --max-connections {}); try \
         again",
        settings.max_connections.max(1)
    ));
    let share = busy(&format!(
        "too many open connections from this client (sprague serve --client-connections {}); \
         try again",
        settings.client_connections.max(1)
    ));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(settings.read_timeout)
        .keep_alive(true);
    let body_timeout = RequestBodyTimeoutLayer::new(settings.read_timeout);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    // EMFILE and the like: wait for connections to close.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(slot) = clients.take(peer.ip()) else {
            tokio::spawn(refuse(stream, share.clone()));
            continue;
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            tokio::spawn(refuse(stream, full.clone()));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = tower::ServiceBuilder::new()
            .layer(body_timeout.clone())
            .map_request(move |mut request: hyper::Request<_>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            })
            .service(router.clone());
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
            drop(slot);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
    Ok(())
}

/// Answers a connection past the limit with a 503 and closes it (within
/// a second: a client that does not read is not waited for).
async fn refuse(mut stream: tokio::net::TcpStream, answer: Vec<u8>) {
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(&answer).await?;
        stream.shutdown().await
    })
    .await;
}

/// The peer of a request, as [`serve`] records it (`None` for a request
/// that did not come through it, as in tests that call the router alone).
pub(super) fn peer(extensions: &axum::http::Extensions) -> Option<SocketAddr> {
    extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(address)| *address)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_busy_answer_has_its_length() {
        let answer = super::busy("too many");
        let text = std::str::from_utf8(&answer).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["exit"], 3);
        assert_eq!(v["kind"], "busy");
    }

    #[test]
    fn a_client_holds_at_most_its_share() {
        use std::sync::Arc;
        let clients = Arc::new(super::Clients {
            open: std::sync::Mutex::new(std::collections::HashMap::new()),
            share: 2,
        });
        let a: std::net::IpAddr = "127.0.0.2".parse().unwrap();
        let b: std::net::IpAddr = "127.0.0.3".parse().unwrap();
        let one = clients.take(a).unwrap();
        let _two = clients.take(a).unwrap();
        assert!(clients.take(a).is_none());
        assert!(clients.take(b).is_some());
        drop(one);
        assert!(clients.take(a).is_some());
    }
}
