//! Who computes when, in `sprague serve`: a fast path for cheap requests
//! and fair shares of the workers for expensive ones.
//!
//! A request of an endpoint that may be answered by a closed form
//! ([`Endpoint::closed_forms_first`](super::api::Endpoint::closed_forms_first))
//! is first tried on the connection's own task with no time for a search:
//! closed forms, nimbers and help are answered there without any permit,
//! so they never wait behind searches (issue 62). Every other request, and
//! one that needs a search, then runs on the fast path: one of
//! [`Settings::fast_workers`] permits, for at most
//! [`Settings::fast_time`]. Closed forms, nimbers, small tables and
//! searches of a few thousand positions end there. A request still
//! computing at the end of its slice is stopped (through
//! [`sprague::budget`], which every search checks) and run again on a
//! worker: one of [`Settings::workers`] permits, of which one client (one
//! IP address) holds at most [`Settings::client_workers`], for the rest of
//! its time budget. So cheap requests never queue behind expensive ones,
//! and one client cannot hold every worker.
//!
//! The price: an expensive request computes its first slice twice
//! (0.1 s by default, against a budget of 10 s).
//!
//! Memory is shared the same way (`web/memory.rs`): a fast slice computes
//! within a small share, and a request on a worker first reserves its whole
//! memory budget from the workers' part of the server's
//! ([`Pools::reserve`]); when that is not free it is answered 503 `busy`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::memory::MemoryPlan;
use super::Settings;

/// The permits of the fast path, the workers, and each client's share.
pub(super) struct Pools {
    fast: Arc<Semaphore>,
    workers: Arc<Semaphore>,
    client_workers: usize,
    clients: Arc<Mutex<HashMap<IpAddr, Arc<Semaphore>>>>,
    /// The workers' part of the memory budget, in KiB.
    memory: Arc<Semaphore>,
    /// What one request on a worker reserves of it, in KiB.
    reservation: u32,
}

/// Why no permit was had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Closed {
    /// The server is stopping.
    Stopping,
}

/// A worker held for one request: the client's share, the worker, and
/// (once [`Pools::reserve`] had it) the request's memory; given back when
/// dropped, the memory first (fields are dropped in order), so that the
/// request next in line for the worker finds it free.
pub(super) struct Worker {
    memory: Option<OwnedSemaphorePermit>,
    _worker: OwnedSemaphorePermit,
    _client: Option<ClientShare>,
}

/// The workers' memory was taken by the requests on them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct NoMemory;

/// One of a client's shares of the workers.
struct ClientShare {
    permit: Option<OwnedSemaphorePermit>,
    ip: IpAddr,
    semaphore: Arc<Semaphore>,
    clients: Arc<Mutex<HashMap<IpAddr, Arc<Semaphore>>>>,
}

impl Drop for ClientShare {
    fn drop(&mut self) {
        drop(self.permit.take());
        // The client's entry goes when nobody holds or waits for it (the
        // map's reference and this one are the only ones left).
        if let Ok(mut clients) = self.clients.lock() {
            if Arc::strong_count(&self.semaphore) == 2 {
                clients.remove(&self.ip);
            }
        }
    }
}

impl Pools {
    /// The pools of `settings`, within its memory plan.
    pub(super) fn new(settings: &Settings) -> Pools {
        let plan = MemoryPlan::fitted(settings);
        let kib = |bytes: u64| bytes.div_ceil(1024);
        let memory = usize::try_from(kib(plan.workers))
            .unwrap_or(usize::MAX)
            .min(Semaphore::MAX_PERMITS);
        let reservation = u32::try_from(kib(plan.request).min(memory as u64)).unwrap_or(u32::MAX);
        Pools {
            memory: Arc::new(Semaphore::new(memory)),
            reservation,
            fast: Arc::new(Semaphore::new(settings.fast_workers.max(1))),
            workers: Arc::new(Semaphore::new(settings.workers.max(1))),
            client_workers: settings.client_workers.clamp(1, settings.workers.max(1)),
            clients: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// A permit of the fast path, once one is free.
    pub(super) async fn fast(&self) -> Result<OwnedSemaphorePermit, Closed> {
        Arc::clone(&self.fast)
            .acquire_owned()
            .await
            .map_err(|_| Closed::Stopping)
    }

    /// A worker for a request of `client` (`None`: a client not known,
    /// held to no share), once the client holds fewer than its share and a
    /// worker is free. The client waits for its share first, so it has at
    /// most that many requests in the queue of the workers (which serves
    /// in order).
    pub(super) async fn worker(&self, client: Option<IpAddr>) -> Result<Worker, Closed> {
        let share = match client {
            None => None,
            Some(ip) => {
                let semaphore = {
                    let mut clients = self.clients.lock().map_err(|_| Closed::Stopping)?;
                    Arc::clone(
                        clients
                            .entry(ip)
                            .or_insert_with(|| Arc::new(Semaphore::new(self.client_workers))),
                    )
                };
                let mut share = ClientShare {
                    permit: None,
                    ip,
                    semaphore: Arc::clone(&semaphore),
                    clients: Arc::clone(&self.clients),
                };
                share.permit = Some(
                    semaphore
                        .acquire_owned()
                        .await
                        .map_err(|_| Closed::Stopping)?,
                );
                Some(share)
            }
        };
        let worker = Arc::clone(&self.workers)
            .acquire_owned()
            .await
            .map_err(|_| Closed::Stopping)?;
        Ok(Worker {
            _worker: worker,
            _client: share,
            memory: None,
        })
    }

    /// Reserves a request's memory budget for `worker` from the workers'
    /// part of the server's, at once or not at all: [`NoMemory`] when the
    /// requests on the other workers hold too much of it.
    pub(super) fn reserve(&self, worker: &mut Worker) -> Result<(), NoMemory> {
        if worker.memory.is_none() {
            let permit = Arc::clone(&self.memory)
                .try_acquire_many_owned(self.reservation)
                .map_err(|_| NoMemory)?;
            worker.memory = Some(permit);
        }
        Ok(())
    }

    /// How many clients hold or wait for a worker (for tests).
    #[cfg(test)]
    fn clients(&self) -> usize {
        self.clients.lock().map_or(0, |c| c.len())
    }
}

impl Worker {
    /// Whether this worker is counted against a client's share.
    #[cfg(test)]
    fn shared(&self) -> bool {
        self._client.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_request_on_a_worker_reserves_its_memory_or_is_refused() {
        let mut settings = Settings {
            workers: 3,
            client_workers: 3,
            max_memory_total: 64 << 20,
            max_cache: 0,
            ..Settings::default()
        };
        // Room for two requests of 20 MiB on the workers' 48 MiB.
        settings.limits.max_memory = Some(20 << 20);
        let pools = Pools::new(&settings);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let mut first = pools.worker(Some(a)).await.unwrap();
        let mut second = pools.worker(Some(a)).await.unwrap();
        let mut third = pools.worker(Some(a)).await.unwrap();
        assert_eq!(pools.reserve(&mut first), Ok(()));
        assert_eq!(pools.reserve(&mut second), Ok(()));
        assert_eq!(pools.reserve(&mut third), Err(NoMemory));
        drop(first);
        assert_eq!(pools.reserve(&mut third), Ok(()), "given back when done");
        drop((second, third));
    }

    fn pools(workers: usize, client_workers: usize) -> Pools {
        Pools::new(&Settings {
            workers,
            client_workers,
            ..Settings::default()
        })
    }

    #[tokio::test]
    async fn one_client_holds_at_most_its_share() {
        let pools = pools(2, 1);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let first = pools.worker(Some(a)).await.unwrap();
        assert!(first.shared());
        // A's second request waits while its first runs...
        let second = tokio::time::timeout(Duration::from_millis(50), pools.worker(Some(a))).await;
        assert!(second.is_err(), "a client past its share waits");
        // ...but B gets the other worker at once.
        let other = tokio::time::timeout(Duration::from_millis(50), pools.worker(Some(b)))
            .await
            .expect("another client is served");
        assert_eq!(pools.clients(), 2);
        drop(first);
        let second = tokio::time::timeout(Duration::from_millis(50), pools.worker(Some(a)))
            .await
            .expect("a's share is free again");
        drop(second);
        drop(other.unwrap());
        assert_eq!(pools.clients(), 0, "no client is kept once done");
    }

    #[tokio::test]
    async fn the_share_is_at_least_one_and_at_most_all() {
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let one = pools(1, 0);
        let w = one.worker(Some(a)).await.unwrap();
        drop(w);
        let two = pools(2, 9);
        let w1 = two.worker(Some(a)).await.unwrap();
        let w2 = tokio::time::timeout(Duration::from_millis(50), two.worker(Some(a)))
            .await
            .expect("a share of 9 is capped at the 2 workers");
        drop((w1, w2));
    }
}
