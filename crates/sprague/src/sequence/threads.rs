//! Two threads for the rare-value method: a pipeline over batches. (The
//! plain method's two threads are in `plain.rs`; they share [`Watch`] and
//! [`wait_for`].)
//!
//! About half of a batch's work is marking the pairs with a rare part
//! whose other parts lie below the batch ([`rare::stamp_far`]); the rest
//! (the near pairs, the confirmation of rare values, heap by heap) depends
//! on the values of the batch itself. For the batch of heaps
//! `n1 .. n1 + 32`, a rare heap `h >= 64` has its 32 partners
//! `n1 - k - h ..` below `n1 - 32`, so those pairs can be marked while the
//! batch before it is still being computed. So while this thread finishes
//! batch `B`, the second one marks the far pairs of batch `B + 1` with the
//! rare heaps from 64 to the end of the list as it stood when `B` began, in
//! [`PARTS`] parts (ranges of the list), each into lanes of its own, and
//! in one more part the pairs with a small part from 64 on, when they are
//! marked (`RareState::small_end`). This thread then marks the few pairs
//! left (rare heaps and small parts below 64, rare heaps found during `B`)
//! and finishes `B + 1`, a heap's row being the union of the parts' rows. The marks are a set, so the values are the same, byte
//! for byte, whatever the split of the work.
//!
//! The threads meet once a batch, through counters they spin on (a batch
//! is tens of microseconds: a sleeping hand-off would cost as much). A
//! part not begun when this thread needs it is done by this thread; on a
//! busy machine, where waiting for a part in progress costs more than it
//! saves, this thread works alone for a while ([`Watch`]).
//!
//! Memory safety: the table is read by the second thread only below the
//! batch being computed, and written by this one only from it on, through
//! `Vec::push` and `Vec::pop` on room reserved in advance (so it never
//! moves, and no `&mut` to the part being read is made); the rare-heap list
//! likewise, with room for a batch's rare heaps reserved before each job.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::rare::{lane_width, stamp_far, FarPairs, Lanes, BATCH};
use super::value::Value;
use super::Core;

/// Rare heaps below this are stamped by the thread that finishes the batch
/// (their partners may lie in the batch before).
const FAR_FROM: u32 = 2 * BATCH as u32;

/// A job is done in this many parts, each a range of the rare heaps marked
/// in lanes of its own, claimed by whichever thread comes first: the
/// thread that needs the batch does the parts nobody has begun rather than
/// wait (on a busy machine the second thread may not be running at all).
const PARTS: usize = 4;

/// The parts of a job and one more: the pairs with a small part from
/// [`FAR_FROM`] to the job's `smalls_to`.
const TASKS: usize = PARTS + 1;

/// One batch's far pairs: the table `values[..len]` and the rare heaps
/// `heaps[..count]` (with their values), each read through a pointer that
/// stays valid while any part of the job runs.
#[derive(Clone, Copy)]
struct Job<V> {
    seq: usize,
    n0: usize,
    slot: usize,
    width: usize,
    values: *const V,
    len: usize,
    heaps: *const u32,
    vals: *const u32,
    count: usize,
    /// The end of the small parts marked (see `RareState::small_end`).
    smalls_to: usize,
}

// SAFETY: the pointers are read only while a part of the job runs, and the
// thread that posts a job neither frees nor moves what they point to, nor
// writes the parts read, until every part is finished (see the module
// documentation).
unsafe impl<V: Send> Send for Job<V> {}

/// What the two threads share.
struct Shared<V> {
    job: Mutex<Option<Job<V>>>,
    /// The number of the last job posted.
    posted: AtomicUsize,
    /// The job's number times 256 plus its parts claimed, and finished.
    claimed: AtomicUsize,
    finished: AtomicUsize,
    stop: AtomicBool,
    /// Set when the second thread has ended (normally or by a panic).
    gone: AtomicBool,
    /// The parts of the two batches in flight, each a whole batch's lanes.
    lanes: [[Mutex<Lanes>; TASKS]; 2],
    split_ks: Vec<usize>,
    unequal: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Spins until `ready` holds (yielding the processor after a while).
pub(super) fn wait_for(ready: impl Fn() -> bool) {
    let mut spins = 0u32;
    while !ready() {
        if spins < 1 << 12 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::yield_now();
        }
    }
}

impl<V: Value> Shared<V> {
    /// Claims a part of job `seq` not begun yet.
    fn claim(&self, seq: usize) -> Option<usize> {
        let mut now = self.claimed.load(Ordering::Acquire);
        loop {
            if now >> 8 != seq || now & 0xff >= TASKS {
                return None;
            }
            match self.claimed.compare_exchange_weak(
                now,
                now + 1,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => return Some(now & 0xff),
                Err(seen) => now = seen,
            }
        }
    }

    /// Does part `part` of `job` (claimed).
    fn run(&self, job: &Job<V>, part: usize) {
        if part == PARTS && job.smalls_to <= FAR_FROM as usize {
            // No small parts marked ahead: nothing to do, and the batch's
            // finish leaves these lanes out.
            self.finished.fetch_add(1, Ordering::AcqRel);
            return;
        }
        let mut lanes = lock(&self.lanes[job.slot][part]);
        lanes.begin(job.width);
        // SAFETY: see `Job`: the posting thread keeps these `len` values
        // and `count` rare heaps in place and unchanged until every part
        // is finished, and this one is not yet.
        let (g, heaps, vals) = unsafe {
            (
                std::slice::from_raw_parts(job.values, job.len),
                std::slice::from_raw_parts(job.heaps, job.count),
                std::slice::from_raw_parts(job.vals, job.count),
            )
        };
        let far = if part < PARTS {
            let (from, to) = (job.count * part / PARTS, job.count * (part + 1) / PARTS);
            let (heaps, vals) = (&heaps[from..to], &vals[from..to]);
            FarPairs::new(g, job.n0, heaps, vals, 0..0, &self.split_ks, self.unequal)
        } else {
            let smalls = FAR_FROM as usize..job.smalls_to;
            FarPairs::new(g, job.n0, &[], &[], smalls, &self.split_ks, self.unequal)
        };
        stamp_far(&mut lanes, &far);
        drop(lanes);
        self.finished.fetch_add(1, Ordering::AcqRel);
    }

    /// Does the parts of `job` nobody has begun, then waits for the others;
    /// the time spent waiting (not working).
    fn complete(&self, job: &Job<V>) -> Duration {
        while let Some(part) = self.claim(job.seq) {
            self.run(job, part);
        }
        let all = job.seq << 8 | TASKS;
        let start = Instant::now();
        wait_for(|| {
            self.finished.load(Ordering::Acquire) == all || self.gone.load(Ordering::Acquire)
        });
        assert_eq!(
            self.finished.load(Ordering::Acquire),
            all,
            "the second thread of the rare-value method stopped"
        );
        start.elapsed()
    }
}

/// Computes batches of the rare-value method from `values.len()` on with
/// two threads, for as long as [`RareState::batchable`] allows and the
/// batches fit below `end` (at least one batch: the caller found the
/// first batchable). `values` must have room for `end` values.
/// `Err(heap)` when a value overflows.
///
/// [`RareState::batchable`]: super::rare::RareState::batchable
pub(super) fn rare_batches<V: Value>(
    core: &mut Core<V>,
    values: &mut Vec<V>,
    end: usize,
) -> Result<(), usize> {
    assert!(values.capacity() >= end, "room for the table is reserved");
    let (split_ks, unequal) = core.rare.splits();
    let shared = Shared {
        job: Mutex::new(None),
        posted: AtomicUsize::new(0),
        claimed: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        gone: AtomicBool::new(false),
        lanes: Default::default(),
        split_ks: split_ks.to_vec(),
        unequal,
    };
    std::thread::scope(|scope| {
        let helper = scope.spawn(|| help(&shared));
        let wake = || helper.thread().unpark();
        let result = drive(core, values, end, &shared, &wake);
        shared.stop.store(true, Ordering::Release);
        wake();
        // The scope waits for the second thread's part in flight (which
        // reads only what is left as it was) before `values` is used again.
        result
    })
}

/// Sets its flag when dropped: the second thread's sign that it has ended
/// (normally or by a panic), so that the first never waits for it in vain.
pub(super) struct Gone<'a>(pub(super) &'a AtomicBool);

impl Drop for Gone<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

/// The second thread's wait for work: spins a while, then sleeps until
/// woken (a busy machine needs the processor for the first thread), until
/// `posted` moves past `seen` or `stop` is set. The new post, or `None`
/// when told to stop with nothing new.
pub(super) fn next_post(posted: &AtomicUsize, stop: &AtomicBool, seen: usize) -> Option<usize> {
    let mut spins = 0u32;
    while posted.load(Ordering::Acquire) == seen && !stop.load(Ordering::Acquire) {
        if spins < 1 << 14 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::park_timeout(Duration::from_millis(10));
        }
    }
    let now = posted.load(Ordering::Acquire);
    (now != seen).then_some(now)
}

/// The second thread: does parts of the jobs posted until told to stop.
fn help<V: Value>(shared: &Shared<V>) {
    let _gone = Gone(&shared.gone);
    let mut seen = 0;
    loop {
        let Some(posted) = next_post(&shared.posted, &shared.stop, seen) else {
            return;
        };
        seen = posted;
        // The job and its number are read together: a part is claimed only
        // while that job is the current one.
        let Some(job) = *lock(&shared.job) else {
            continue;
        };
        while let Some(part) = shared.claim(job.seq) {
            shared.run(&job, part);
        }
    }
}

/// Batches finished with parts marked ahead (to check that tests reach
/// the pipeline).
#[cfg(test)]
static PIPELINED: AtomicUsize = AtomicUsize::new(0);

/// Batches between looks at the time spent waiting.
const WATCH_BATCHES: usize = 64;
/// Batches done by one thread when the second one did not pay.
const SOLO_BATCHES: usize = 2048;

/// Watches whether the second thread pays: on a busy machine it may be
/// off the processor while this thread waits for its part, and then one
/// thread alone is faster. When this thread waited more than a quarter of
/// the time of the last `every` steps (batches, heaps), or did more than
/// half of the second thread's parts itself (not begun when it needed
/// them), it computes the heaps of the next `solo_for` alone, then tries
/// two again.
pub(super) struct Watch {
    since: Instant,
    /// Time spent waiting for the second thread since the last look.
    pub(super) waited: Duration,
    /// Parts of the second thread's done by this one since the last look.
    pub(super) taken_back: usize,
    steps: usize,
    solo_until: usize,
    every: usize,
    solo_for: usize,
}

impl Watch {
    /// Looks every `every` steps; `solo_for` heaps alone when waiting did
    /// not pay.
    pub(super) fn new(every: usize, solo_for: usize) -> Watch {
        Watch {
            since: Instant::now(),
            waited: Duration::ZERO,
            taken_back: 0,
            steps: 0,
            solo_until: 0,
            every,
            solo_for,
        }
    }

    /// Counts the step that begins at heap `n`.
    pub(super) fn tick(&mut self, n: usize) {
        self.steps += 1;
        if self.steps == self.every {
            if self.waited * 4 > self.since.elapsed() || 2 * self.taken_back > self.every {
                self.solo_until = n + self.solo_for;
            }
            *self = Watch {
                solo_until: self.solo_until,
                ..Watch::new(self.every, self.solo_for)
            };
        }
    }

    /// Whether the step at heap `n` is done by this thread alone (never
    /// in tests, which run side by side and must check both threads).
    pub(super) fn solo(&self, n: usize) -> bool {
        !cfg!(test) && n < self.solo_until
    }
}

/// This thread's part: finishes each batch and posts the next one's far
/// pairs.
fn drive<V: Value>(
    core: &mut Core<V>,
    values: &mut Vec<V>,
    end: usize,
    shared: &Shared<V>,
    wake: &dyn Fn(),
) -> Result<(), usize> {
    // The job posted for the batch about to be computed, with the rare
    // heaps it took (list indices `from..to`).
    let mut pending: Option<(Job<V>, usize, usize)> = None;
    let mut seq = 0;
    let mut watch = Watch::new(WATCH_BATCHES, SOLO_BATCHES * BATCH);
    // This thread's lanes: the far pairs left to it and the near pairs.
    let mut lanes = Lanes::default();
    loop {
        let n0 = values.len();
        if let Some((job, _, _)) = &pending {
            watch.waited += shared.complete(job);
        }
        watch.tick(n0);
        if n0 + BATCH > end || !core.rare.batchable(n0, values) {
            return Ok(());
        }
        let slot = (n0 / BATCH) % 2;
        let width = lane_width(core.rare.max_value().index());
        // Post the next batch's far pairs when it keeps this mask.
        let next = n0 + BATCH;
        let mut posting = None;
        if next + BATCH <= end.min(core.rare.next_choice()) && !watch.solo(n0) {
            // A batch adds at most BATCH rare heaps: the list stays put.
            core.rare.reserve(BATCH);
            let (heaps, vals) = core.rare.rare_heaps();
            let from = heaps.partition_point(|&h| h < FAR_FROM);
            let to = heaps.len();
            seq += 1;
            let job = Job {
                seq,
                n0: next,
                slot: 1 - slot,
                width,
                values: values.as_ptr(),
                len: n0,
                heaps: heaps[from..].as_ptr(),
                vals: vals[from..].as_ptr(),
                count: to - from,
                smalls_to: core.rare.small_end(next),
            };
            *lock(&shared.job) = Some(job);
            shared.finished.store(seq << 8, Ordering::Release);
            shared.claimed.store(seq << 8, Ordering::Release);
            shared.posted.store(seq, Ordering::Release);
            wake();
            posting = Some((job, from, to));
        }
        let usable = match pending {
            Some((job, from, to)) if job.n0 == n0 && job.width == width => {
                Some((from, to, job.smalls_to))
            }
            _ => None,
        };
        let Some((from, to, smalls_to)) = usable else {
            // Nothing usable was marked ahead: the batch by this thread.
            core.rare_batch(values, n0)?;
            pending = posting;
            continue;
        };
        let parts = shared.lanes[slot].each_ref().map(lock);
        let more = parts.each_ref().map(|l| &**l);
        let more = if smalls_to <= FAR_FROM as usize {
            &more[..PARTS]
        } else {
            &more[..]
        };
        // The rest of the far pairs: rare heaps below FAR_FROM and those
        // found since the job was posted, and small parts below FAR_FROM.
        lanes.begin(width);
        let (heaps, vals) = core.rare.rare_heaps();
        let (split_ks, unequal) = (&shared.split_ks[..], shared.unequal);
        let g = &values[..n0];
        let low = FarPairs::new(
            g,
            n0,
            &heaps[..from],
            &vals[..from],
            0..0,
            split_ks,
            unequal,
        );
        stamp_far(&mut lanes, &low);
        let smalls = 0..smalls_to.min(FAR_FROM as usize);
        let new = FarPairs::new(g, n0, &heaps[to..], &vals[to..], smalls, split_ks, unequal);
        stamp_far(&mut lanes, &new);
        let result = core.finish_batch(values, n0, &mut lanes, more, smalls_to);
        drop(parts);
        #[cfg(test)]
        PIPELINED.fetch_add(1, Ordering::Relaxed);
        result?;
        pending = posting;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use crate::sequence::{Method, NimSequence};
    use crate::takebreak::{MoveSet, TakeBreakCode};

    /// The values of `moves` to `last` with `threads` threads, extended in
    /// steps of `step` heaps (each step starts the pipeline afresh), as the
    /// bytes of the table.
    fn values(moves: &MoveSet, last: u64, threads: usize, step: u64) -> (Vec<u64>, usize) {
        let mut s = NimSequence::new("test", moves.clone());
        s.set_threads(threads);
        let mut at = 0;
        while at < last {
            at = (at + step).min(last);
            s.extend_to(at, Method::Fast).unwrap();
        }
        (s.values().to_vec(), s.bytes_per_value())
    }

    #[test]
    fn two_threads_give_the_values_of_one_byte_for_byte() {
        let octal = |code| TakeBreakCode::parse_octal(code).unwrap().move_set();
        let games = [
            ("0.6", octal("0.6"), 60_000),
            ("0.354", octal("0.354"), 40_000),
            ("grundy", MoveSet::grundy(), 30_000),
            ("0.007", octal("0.007"), 8_000),
            ("0.16", octal("0.16"), 30_000),
            (
                "4.4",
                TakeBreakCode::parse_hex("4.4").unwrap().move_set(),
                20_000,
            ),
        ];
        for (name, moves, last) in games {
            let one = values(&moves, last, 1, last);
            for step in [last, 4_096, 999] {
                let before = super::PIPELINED.load(Ordering::Relaxed);
                assert_eq!(
                    values(&moves, last, 2, step),
                    one,
                    "{name}, steps of {step}"
                );
                if name != "0.007" {
                    // 0.007 has too many rare heaps for the method.
                    let pipelined = super::PIPELINED.load(Ordering::Relaxed) - before;
                    assert!(pipelined > 50, "{name}: {pipelined} batches pipelined");
                }
            }
        }
    }

    #[test]
    fn two_threads_carry_on_past_65535() {
        // Nim as a code: values pass 16 bits and the table widens.
        let nim = TakeBreakCode::parse_octal("0.3...").unwrap().move_set();
        let mut s = NimSequence::from_values("nim", nim, 0..65_000u64).unwrap();
        s.set_threads(2);
        s.extend_to(70_000, Method::Fast).unwrap();
        assert_eq!(s.values().to_vec(), (0..=70_000).collect::<Vec<u64>>());
    }
}
