//! `sprague serve`'s server, started in-process on a free loopback port.

use std::net::SocketAddr;

use sprague_cli::web::{self, Settings};

/// A running server; stopped (gracefully) when dropped.
pub struct Server {
    /// Its address.
    pub address: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Starts a server with `settings` on 127.0.0.1, port 0.
    pub fn start(settings: Settings) -> Server {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (ready, address) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("a free port");
                ready.send(listener.local_addr().unwrap()).unwrap();
                web::serve(listener, settings, async {
                    let _ = stopped.await;
                })
                .await
                .expect("the server runs");
            });
        });
        Server {
            address: address.recv().expect("the server's address"),
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// `http://127.0.0.1:PORT/` followed by `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}/{path}", self.address)
    }

    /// POSTs `body` to /api/`endpoint`: the status and the answer as JSON.
    pub async fn post(&self, endpoint: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let response = reqwest::Client::new()
            .post(self.url(&format!("api/{endpoint}")))
            .header("Content-Type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("the server answers");
        let status = response.status().as_u16();
        let text = response.text().await.expect("a body");
        let value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
        (status, value)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
