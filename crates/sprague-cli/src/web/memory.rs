//! The memory budget of `sprague serve` as a whole
//! ([`Settings::max_memory_total`]), shared by the requests in flight.
//!
//! The budget is cut into three parts:
//!
//! - the misère-quotient cache, kept between requests
//!   ([`Settings::max_cache`]);
//! - the fast path: each of its [`Settings::fast_workers`] slices computes
//!   within a small share ([`MemoryPlan::fast_share`]); a request that
//!   needs more is stopped and run again on a worker, as one that needs
//!   longer is;
//! - the workers: a request on a worker first reserves its whole budget
//!   ([`MemoryPlan::request`], `--max-memory`) from what is left
//!   ([`MemoryPlan::workers`]); when that is not free, it is answered 503
//!   `busy` at once, and its worker is given back.
//!
//! Every computation is held to its share or its reservation by the
//! library's memory budget ([`sprague::budget::with_memory_limit`], the
//! bytes the request's thread holds, counted by the counting allocator of
//! the `sprague` binary), so the bytes held by the requests in flight, with
//! the cache, stay within the server's budget (each computation may pass
//! its own by what it allocates between two checks, a few megabytes).

use super::Settings;

/// The default memory budget of the whole server: 1.5 GiB (or half the
/// machine's memory, when that is less).
pub const DEFAULT_MAX_MEMORY_TOTAL: u64 = 3 << 29;

/// The most memory one fast slice may hold: 64 MiB (less when the budget is
/// small: the fast path takes at most a quarter of what the cache leaves).
pub const FAST_SHARE: u64 = 64 << 20;

/// How the server's memory budget is shared, from its [`Settings`]
/// ([`MemoryPlan::of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryPlan {
    /// The server's whole budget, in bytes.
    pub total: u64,
    /// The bytes kept for the misère-quotient cache.
    pub cache: u64,
    /// The bytes one fast slice may hold (the fast path holds this many
    /// times [`Settings::fast_workers`]).
    pub fast_share: u64,
    /// The bytes the requests on the workers share.
    pub workers: u64,
    /// The bytes one request on a worker reserves and may hold: its
    /// `--max-memory`, by default half of [`MemoryPlan::workers`].
    pub request: u64,
}

impl MemoryPlan {
    /// The plan of `settings`: the whole budget
    /// ([`Settings::max_memory_total`]) less the cache less the fast path,
    /// for the workers, each request reserving its `--max-memory`
    /// ([`sprague::Limits::max_memory`]; half of what the workers share
    /// when it is not set).
    ///
    /// # Errors
    /// A message naming the flags when they do not fit: a cache not smaller
    /// than the budget, or a request's budget larger than what the workers
    /// share.
    pub fn of(settings: &Settings) -> Result<MemoryPlan, String> {
        const MIB: u64 = 1 << 20;
        let total = settings.max_memory_total;
        let cache = settings.max_cache as u64;
        let Some(left) = total.checked_sub(cache).filter(|left| *left >= 4 * MIB) else {
            return Err(format!(
                "--max-memory-total {} leaves less than 4 MiB for the requests once the \
                 misère-quotient cache (--max-cache {}) is taken from it: raise \
                 --max-memory-total or lower --max-cache",
                sprague::budget::human_bytes(total),
                sprague::budget::human_bytes(cache)
            ));
        };
        let fast_workers = settings.fast_workers.max(1) as u64;
        let fast_share = (left / 4 / fast_workers).clamp(1, FAST_SHARE);
        let workers = left - fast_share * fast_workers;
        let request = settings.limits.max_memory.unwrap_or(workers / 2).max(1);
        if request > workers {
            return Err(format!(
                "--max-memory {} (the budget of each request) is more than the {} the \
                 requests on the workers share (--max-memory-total {}, less the misère-quotient \
                 cache's --max-cache {} and {} for the fast path): lower --max-memory or \
                 raise --max-memory-total",
                sprague::budget::human_bytes(request),
                sprague::budget::human_bytes(workers),
                sprague::budget::human_bytes(total),
                sprague::budget::human_bytes(cache),
                sprague::budget::human_bytes(fast_share * fast_workers),
            ));
        }
        Ok(MemoryPlan {
            total,
            cache,
            fast_share: fast_share.min(request),
            workers,
            request,
        })
    }

    /// The plan of `settings`, or, when they do not fit, the nearest plan
    /// that keeps the whole budget: a request's budget is cut to what the
    /// workers share, and a cache as large as the budget leaves 4 MiB for
    /// the requests (the server of the command line refuses such flags
    /// first, with [`MemoryPlan::of`]'s message).
    pub fn fitted(settings: &Settings) -> MemoryPlan {
        MemoryPlan::of(settings).unwrap_or_else(|_| {
            let total = settings.max_memory_total.max(8 << 20);
            let cache = (settings.max_cache as u64).min(total - (4 << 20));
            let mut fitted = settings.clone();
            fitted.max_memory_total = total;
            fitted.max_cache = cache as usize;
            fitted.limits.max_memory = None;
            let plan = MemoryPlan::of(&fitted).expect("4 MiB are left for the requests");
            let request = settings
                .limits
                .max_memory
                .map_or(plan.request, |asked| asked.clamp(1, plan.workers));
            MemoryPlan {
                request,
                fast_share: plan.fast_share.min(request),
                ..plan
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;

    fn settings(total: u64, cache: u64, fast_workers: usize, request: Option<u64>) -> Settings {
        let mut s = Settings {
            max_memory_total: total,
            max_cache: cache as usize,
            fast_workers,
            ..Settings::default()
        };
        s.limits.max_memory = request;
        s
    }

    #[test]
    fn the_parts_add_up_to_the_budget() {
        for (total, cache, fast, request) in [
            (1536 * MIB, 256 * MIB, 2, None),
            (1536 * MIB, 256 * MIB, 64, None),
            (64 * MIB, 8 * MIB, 2, Some(16 * MIB)),
            (8 * MIB, 4 * MIB, 3, None),
        ] {
            let plan = MemoryPlan::of(&settings(total, cache, fast, request)).unwrap();
            assert!(
                plan.cache + plan.fast_share * fast as u64 + plan.workers <= total,
                "{plan:?}"
            );
            assert!(plan.request <= plan.workers, "{plan:?}");
            assert!(plan.fast_share <= plan.request, "{plan:?}");
            assert!(
                plan.fast_share * fast as u64 <= (total - cache) / 4,
                "{plan:?}"
            );
            if let Some(asked) = request {
                assert_eq!(plan.request, asked);
            }
        }
        // The defaults: two requests at their whole budget at once.
        let plan = MemoryPlan::of(&settings(1536 * MIB, 256 * MIB, 2, None)).unwrap();
        assert_eq!(plan.fast_share, 64 * MIB);
        assert_eq!(plan.workers, 1152 * MIB);
        assert_eq!(plan.request, 576 * MIB);
    }

    #[test]
    fn flags_that_do_not_fit_are_named() {
        let e = MemoryPlan::of(&settings(256 * MIB, 256 * MIB, 2, None)).unwrap_err();
        assert!(
            e.contains("--max-memory-total 256 MiB") && e.contains("--max-cache 256 MiB"),
            "{e}"
        );
        let e = MemoryPlan::of(&settings(1 << 30, 256 * MIB, 2, Some(4 << 30))).unwrap_err();
        assert!(
            e.contains("--max-memory 4 GiB") && e.contains("--max-memory-total 1 GiB"),
            "{e}"
        );
        // Fitted, the budget is kept.
        let plan = MemoryPlan::fitted(&settings(1 << 30, 256 * MIB, 2, Some(4 << 30)));
        assert_eq!(plan.request, plan.workers);
        let plan = MemoryPlan::fitted(&settings(256 * MIB, 256 * MIB, 2, None));
        assert!(plan.cache + plan.workers + 2 * plan.fast_share <= 256 * MIB);
    }
}
