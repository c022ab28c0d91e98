//! `sprague serve` started as a user starts it (the binary, on a free
//! loopback port), and clients that send from chosen loopback addresses:
//! for the tests of load, fairness and hostile traffic.

use std::io::BufRead;
use std::net::IpAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The binary, serving on a free loopback port; killed when dropped.
pub struct Spawned {
    pub child: Child,
    pub address: String,
}

impl Spawned {
    pub fn start(args: &[&str]) -> Spawned {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("sprague"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let address = listening_address(&lines.next().unwrap().unwrap());
        Spawned { child, address }
    }

    /// A line of /proc/PID/status, in kB.
    pub fn status_kb(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("no {field} in /proc/PID/status"))
    }

    /// CPU time used so far, in clock ticks (user + system).
    pub fn cpu_ticks(&self) -> u64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap();
        let after = stat.rsplit_once(')').unwrap().1;
        let fields: Vec<&str> = after.split_whitespace().collect();
        // utime and stime are fields 14 and 15: 12 and 13 after the name.
        fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
    }

    /// Open file descriptors.
    pub fn open_files(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id()))
            .unwrap()
            .count()
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}/{path}", self.address)
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client sending from `from` (any 127.x.y.z is this machine: each is a
/// client of its own for the server's shares).
pub fn client(from: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(from.parse::<IpAddr>().unwrap())
        .timeout(Duration::from_secs(120))
        .build()
        .unwrap()
}

/// POSTs `body` to /api/`endpoint`: the status (0 when the request
/// failed), the time taken, and the body.
pub async fn post(
    client: &reqwest::Client,
    base: &str,
    endpoint: &str,
    body: &Value,
) -> (u16, Duration, String) {
    let t = Instant::now();
    let sent = client
        .post(format!("{base}api/{endpoint}"))
        .header("Content-Type", "application/json")
        .body(body.to_string())
        .send()
        .await;
    match sent {
        Ok(r) => {
            let status = r.status().as_u16();
            let text = r.text().await.unwrap_or_default();
            (status, t.elapsed(), text)
        }
        Err(e) => (0, t.elapsed(), e.to_string()),
    }
}

/// The address (`127.0.0.1:PORT`) in the server's first line,
/// `sprague serve: listening on http://ADDRESS/`.
pub fn listening_address(first: &str) -> String {
    first
        .strip_prefix("sprague serve: listening on http://")
        .and_then(|rest| rest.split_once('/'))
        .map(|(address, _)| address.to_string())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
}

/// A runtime of two threads for the clients of a test.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}
