//! Two threads for the rare-value method: a pipeline over batches. (The
//! plain method's two threads are in `plain.rs`; they share [`Watch`] and
//! [`wait_for`].)
//!
//! About half of a batch's work is marking the pairs with a rare part
//! whose other parts lie well below the batch ([`rare::stamp_far`]); the
//! rest (the near pairs, the confirmation of rare values, heap by heap)
//! depends on the values of the batch itself. For the batch of heaps
//! `n1 .. n1 + 32`, a rare heap `h >= 96` ([`FAR_FROM`]) has its 32
//! partners `n1 - k - h ..` below `n1 - 64`, so those pairs can be marked
//! while the two batches before it are still being computed. So when this
//! thread begins batch `B`, it posts the far pairs of batch `B + 2`
//! ([`AHEAD`]) as a *job*: the rare heaps from 96 to the end of the list as
//! it stood then, in [`PARTS`] parts (ranges of the list), each into lanes
//! of its own, and in one more part the pairs with a small part from 96
//! on, when they are marked (`RareState::small_end`). It then completes
//! the job of `B`, posted when `B - 2` began: it does the parts of it
//! nobody has begun and, while the second thread ends the one in hand,
//! parts of the later jobs. Three jobs are in flight at a time and the
//! second thread takes the parts of the oldest first, so it always has
//! work, and uneven batches even out. This thread then marks the few
//! pairs left (rare heaps and small parts below 96, rare heaps found since
//! the job was posted) and finishes the batch, a heap's row being the
//! union of the parts' rows. The marks are a set, so the values are the
//! same, byte for byte, whatever the split of the work.
//!
//! The threads meet once a batch, through counters they spin on (a batch
//! is tens of microseconds: a sleeping hand-off would cost as much). On a
//! busy machine, where waiting for a part in progress costs more than it
//! saves, this thread works alone while that is faster ([`Watch`]).
//!
//! Memory safety: the table is read by the second thread only below the
//! batch being computed, and written by this one only from it on, through
//! `Vec::push` and `Vec::pop` on room reserved in advance (so it never
//! moves, and no `&mut` to the part being read is made); the rare-heap list
//! likewise: a job is posted only while the list has room, without moving,
//! for the rare heaps of the batches computed while it is in flight (when
//! it has not, the jobs in flight are completed first and room made).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::marks::{FarPairs, Partial, BATCH};
use super::rare::{lane_width, stamp_far, Lanes};
use super::value::Value;
use super::Core;

/// Jobs are posted this many batches ahead (one ahead left the second
/// thread idle while this one did the parts left to it: 10-20% slower on
/// Grundy's game, 0.6 and 0.354).
const AHEAD: usize = 2;

/// Slots for jobs in flight: the batch being computed and those ahead.
const SLOTS: usize = AHEAD + 1;

/// Rare heaps below this are stamped by the thread that finishes the batch
/// (their partners may lie in the batch being computed when the job is
/// posted, or after it).
const FAR_FROM: u32 = ((AHEAD + 1) * BATCH) as u32;

/// A job is done in this many parts, each a range of the rare heaps marked
/// in lanes of its own, claimed by whichever thread comes first: the
/// thread that needs the batch does the parts nobody has begun rather than
/// wait (on a busy machine the second thread may not be running at all).
/// Each part's lanes cost a gather and a merge: 1 to 3 parts ran alike on
/// Grundy's game, 4 and 8 slower.
const PARTS: usize = 2;

/// The parts of a job and one more: the pairs with a small part from
/// [`FAR_FROM`] to the job's `smalls_to`.
const TASKS: usize = PARTS + 1;

/// One batch's far pairs: the table `values[..len]` and the rare heaps
/// `heaps[..count]` (with their values), each read through a pointer that
/// stays valid while any part of the job runs. Job `seq` lives in slot
/// `seq % SLOTS` (its lanes, its counters).
#[derive(Clone, Copy)]
struct Job<V> {
    seq: usize,
    n0: usize,
    width: usize,
    values: *const V,
    len: usize,
    heaps: *const u32,
    vals: *const u32,
    count: usize,
    /// The end of the small parts marked (see `RareState::small_end`).
    smalls_to: usize,
    /// Whether values from 256 on may be left unmarked (`FarPairs::partial`).
    partial: Partial,
}

// SAFETY: the pointers are read only while a part of the job runs, and the
// thread that posts a job neither frees nor moves what they point to, nor
// writes the parts read, until every part is finished (see the module
// documentation).
unsafe impl<V: Send> Send for Job<V> {}

impl<V> Job<V> {
    fn slot(&self) -> usize {
        self.seq % SLOTS
    }
}

/// What the two threads share.
struct Shared<V> {
    /// The jobs in flight, by slot.
    jobs: [Mutex<Option<Job<V>>>; SLOTS],
    /// The number of the last job posted.
    posted: AtomicUsize,
    /// By slot: the job's number times 256 plus its parts claimed, and
    /// finished.
    claimed: [AtomicUsize; SLOTS],
    finished: [AtomicUsize; SLOTS],
    stop: AtomicBool,
    /// Set when the second thread has ended (normally or by a panic).
    gone: AtomicBool,
    /// The parts of the jobs in flight, by slot, each a whole batch's lanes.
    lanes: [[Mutex<Lanes>; TASKS]; SLOTS],
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
        let claimed = &self.claimed[seq % SLOTS];
        let mut now = claimed.load(Ordering::Acquire);
        loop {
            if now >> 8 != seq || now & 0xff >= TASKS {
                return None;
            }
            match claimed.compare_exchange_weak(now, now + 1, Ordering::AcqRel, Ordering::Acquire) {
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
            self.finished[job.slot()].fetch_add(1, Ordering::AcqRel);
            return;
        }
        let mut lanes = lock(&self.lanes[job.slot()][part]);
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
        let far = FarPairs {
            partial: job.partial,
            ..far
        };
        stamp_far(&mut lanes, &far);
        drop(lanes);
        self.finished[job.slot()].fetch_add(1, Ordering::AcqRel);
    }

    /// Does the parts of `job` nobody has begun, then waits for the others,
    /// meanwhile doing parts of the jobs `later` nobody has begun (work the
    /// second thread would do next).
    fn complete<'j>(&self, job: &Job<V>, later: impl Iterator<Item = &'j Job<V>> + Clone)
    where
        V: 'j,
    {
        while let Some(part) = self.claim(job.seq) {
            self.run(job, part);
        }
        let all = job.seq << 8 | TASKS;
        let finished = &self.finished[job.slot()];
        loop {
            if finished.load(Ordering::Acquire) == all {
                break;
            }
            let next = later
                .clone()
                .find_map(|l| self.claim(l.seq).map(|part| (l, part)));
            if let Some((l, part)) = next {
                self.run(l, part);
                continue;
            }
            wait_for(|| {
                finished.load(Ordering::Acquire) == all || self.gone.load(Ordering::Acquire)
            });
            break;
        }
        assert_eq!(
            finished.load(Ordering::Acquire),
            all,
            "the second thread of the rare-value method stopped"
        );
    }
}

/// Computes batches of the rare-value method from `values.len()` on with
/// two threads, for as long as [`RareState::batchable`] allows, the
/// batches fit below `end` and two threads are faster than one (the
/// sequence's [`Watch`]; at least one batch: the caller found the first
/// batchable). `values` must have room for `end` values.
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
        jobs: Default::default(),
        posted: AtomicUsize::new(0),
        claimed: Default::default(),
        finished: Default::default(),
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

/// The second thread: does parts of the jobs posted, the older job's
/// first, until told to stop.
fn help<V: Value>(shared: &Shared<V>) {
    let _gone = Gone(&shared.gone);
    loop {
        let latest = shared.posted.load(Ordering::Acquire);
        let mut worked = false;
        for back in (0..SLOTS).rev() {
            let seq = latest.wrapping_sub(back);
            // A job is read with its number: a part is claimed only while
            // that job is still the one in its slot (`claim` checks).
            let Some(job) = *lock(&shared.jobs[seq % SLOTS]) else {
                continue;
            };
            if job.seq != seq {
                continue;
            }
            while let Some(part) = shared.claim(seq) {
                shared.run(&job, part);
                worked = true;
            }
        }
        if !worked && next_post(&shared.posted, &shared.stop, latest).is_none() {
            return;
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Batches finished with parts marked ahead by sequences this thread
    /// extended (to check that tests reach the pipeline; per thread, as
    /// tests run side by side).
    static PIPELINED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How long a measured stretch lasts: long enough to span several of the
/// scheduler's time slices (a few milliseconds each: on a busy machine a
/// thread is off the processor for some of them), short enough to follow
/// a load that comes and goes.
const WINDOW: Duration = Duration::from_millis(100);
/// Stretches run the way that was faster between two trials of the other
/// way: after this many stretches the faster way, one stretch tries the
/// other, then one more runs the faster way before deciding. A trial of
/// the slower way loses what it is slower by, in one stretch of
/// `TRIAL_EVERY + 2` (two threads twice as slow as one on a busy machine:
/// half a stretch in 12, 4%).
const TRIAL_EVERY: u32 = 10;

/// Decides, stretch by stretch, whether the second thread pays (Issue 42:
/// with a CPU-bound process on the other core, the second thread is often
/// off the processor while this one waits for its part, and two threads
/// took twice as long as one). The work a second is measured
/// over stretches of [`WINDOW`]: the faster way (one thread or two) is
/// kept, and every [`TRIAL_EVERY`] stretches or so one stretch tries the
/// other way, so a change of load is followed within about a second.
/// Kept by the sequence across calls (extending in steps keeps what was
/// learnt). The values never depend on it: both ways give the same bytes.
#[derive(Clone, Debug, Default)]
pub(super) struct Watch {
    /// When the stretch in hand began.
    since: Option<Instant>,
    /// The heap of the last step counted.
    last: usize,
    /// The work of the stretch in hand: heaps, or for the plain method
    /// (whose heap `n` tests about `n` splits) the sum of their sizes.
    work: f64,
    /// Whether the stretch in hand runs on one thread.
    solo_now: bool,
    /// The faster way found: one thread.
    solo_best: bool,
    /// Whether a trial has decided the way once.
    decided: bool,
    /// Stretches run the faster way since the last trial.
    run: u32,
    /// Work a second in the last stretch run the faster way.
    before: f64,
    /// Work a second in a trial of the other way just ended, waiting for
    /// the stretch after it.
    trial: Option<f64>,
}

impl Watch {
    /// Counts the step (a heap or a batch) that begins at heap `n`: ends
    /// the stretch in hand when it has lasted [`WINDOW`], and chooses the
    /// way of the next.
    /// `by_size`: the steps since the last are the plain method's, whose
    /// heap `n` costs about `n` (else heaps cost alike).
    pub(super) fn tick(&mut self, n: usize, by_size: bool) {
        self.tick_at(n, by_size, Instant::now());
    }

    /// [`tick`](Watch::tick) at the time `now`.
    ///
    /// Speed is work a second, the plain method's heaps weighed by their
    /// size; a trial is compared with the mean of the stretches on either
    /// side of it, run the faster way, which cancels what still changes
    /// steadily.
    fn tick_at(&mut self, n: usize, by_size: bool, now: Instant) {
        let from = std::mem::replace(&mut self.last, n);
        let Some(since) = self.since else {
            self.since = Some(now);
            return;
        };
        let heaps = n.saturating_sub(from) as f64;
        self.work += if by_size {
            // The sizes from `from` to `n`.
            heaps * (n + from) as f64 / 2.0
        } else {
            heaps
        };
        let took = now.duration_since(since);
        if took < WINDOW {
            return;
        }
        self.since = Some(now);
        let rate = std::mem::take(&mut self.work) / took.as_secs_f64();
        if self.solo_now != self.solo_best {
            // A trial ended: one stretch the faster way, then decide.
            self.trial = Some(rate);
            self.solo_now = self.solo_best;
            return;
        }
        self.run += 1;
        match self.trial.take() {
            Some(trial) => {
                self.decided = true;
                self.run = 0;
                if trial > (self.before + rate) / 2.0 {
                    self.solo_best = !self.solo_best;
                    self.before = trial;
                } else {
                    self.before = rate;
                }
            }
            None => self.before = rate,
        }
        self.solo_now = if self.run >= TRIAL_EVERY || !self.decided {
            !self.solo_best
        } else {
            self.solo_best
        };
    }

    /// Whether the step at heap `n` is done by this thread alone (never
    /// in tests, which run side by side and must check both threads).
    pub(super) fn solo(&self, _n: usize) -> bool {
        !cfg!(test) && self.solo_now
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
    let mut watch = std::mem::take(&mut core.watch);
    let result = drive_batches(core, values, end, shared, wake, &mut watch);
    core.watch = watch;
    result
}

/// [`drive`]'s loop, with the sequence's [`Watch`] lent to it.
fn drive_batches<V: Value>(
    core: &mut Core<V>,
    values: &mut Vec<V>,
    end: usize,
    shared: &Shared<V>,
    wake: &dyn Fn(),
    watch: &mut Watch,
) -> Result<(), usize> {
    // The jobs posted for the batches about to be computed, in order, each
    // with the rare heaps it took (list indices `from..to`).
    let mut pending: VecDeque<(Job<V>, usize, usize)> = VecDeque::with_capacity(SLOTS);
    let mut seq = 0;
    // This thread's lanes: the far pairs left to it and the near pairs.
    let mut lanes = Lanes::default();
    loop {
        let n0 = values.len();
        watch.tick(n0, false);
        // When one thread is faster, the caller goes on alone once the
        // jobs in flight are done (none is posted from now on).
        let alone = watch.solo(n0) && pending.is_empty();
        if alone || n0 + BATCH > end || !core.rare.batchable(n0, values) {
            for (job, _, _) in &pending {
                shared.complete(job, std::iter::empty());
            }
            return Ok(());
        }
        let width = lane_width(core.rare.max_value().index());
        // Post the far pairs of the batch AHEAD batches on when it keeps
        // this mask, before this batch's job is completed: the second
        // thread goes on with the jobs ahead while this one does the rest
        // of this batch.
        let ahead = n0 + AHEAD * BATCH;
        if ahead + BATCH <= end.min(core.rare.next_choice()) && !watch.solo(n0) {
            // The list must not move while the job is in flight, through
            // the AHEAD batches computed before it is completed.
            if !core.rare.has_room(AHEAD * BATCH) {
                for (job, _, _) in &pending {
                    shared.complete(job, std::iter::empty());
                }
                core.rare.reserve(4 * BATCH);
            }
            let (heaps, vals) = core.rare.rare_heaps();
            let from = heaps.partition_point(|&h| h < FAR_FROM);
            let to = heaps.len();
            seq += 1;
            let job = Job {
                seq,
                n0: ahead,
                width,
                values: values.as_ptr(),
                len: n0,
                heaps: heaps[from..].as_ptr(),
                vals: vals[from..].as_ptr(),
                count: to - from,
                smalls_to: core.rare.small_end(ahead),
                partial: core.rare.partial_far(),
            };
            // The slot's job before (seq - SLOTS) is completed: every
            // job posted before this batch's is.
            *lock(&shared.jobs[job.slot()]) = Some(job);
            shared.finished[job.slot()].store(seq << 8, Ordering::Release);
            shared.claimed[job.slot()].store(seq << 8, Ordering::Release);
            shared.posted.store(seq, Ordering::Release);
            wake();
            pending.push_back((job, from, to));
        }
        // This batch's job, if one was posted.
        let mine = match pending.front() {
            Some((job, _, _)) if job.n0 == n0 => pending.pop_front(),
            _ => None,
        };
        if let Some((job, _, _)) = &mine {
            // Completing twice (above, for room) only finds it done.
            shared.complete(job, pending.iter().map(|(l, _, _)| l));
        }
        let usable = match mine {
            Some((job, from, to)) if job.width == width => {
                Some((job.slot(), from, to, job.smalls_to))
            }
            _ => None,
        };
        let Some((slot, from, to, smalls_to)) = usable else {
            // Nothing usable was marked ahead: the batch by this thread.
            core.rare_batch(values, n0)?;
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
        let partial = core.rare.partial_far();
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
        stamp_far(&mut lanes, &FarPairs { partial, ..low });
        let smalls = 0..smalls_to.min(FAR_FROM as usize);
        let new = FarPairs::new(g, n0, &heaps[to..], &vals[to..], smalls, split_ks, unequal);
        stamp_far(&mut lanes, &FarPairs { partial, ..new });
        let result = core.finish_batch(values, n0, &mut lanes, more, smalls_to);
        drop(parts);
        #[cfg(test)]
        PIPELINED.set(PIPELINED.get() + 1);
        result?;
    }
}

#[cfg(test)]
mod tests {

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
                let before = super::PIPELINED.get();
                assert_eq!(
                    values(&moves, last, 2, step),
                    one,
                    "{name}, steps of {step}"
                );
                if name != "0.007" {
                    // 0.007 has too many rare heaps for the method.
                    let pipelined = super::PIPELINED.get() - before;
                    assert!(pipelined > 50, "{name}: {pipelined} batches pipelined");
                }
            }
        }
    }

    /// Runs `watch` for `stretches` stretches from heap `at.1`, at
    /// `rates(n)` = `[two threads, one]` heaps a second from heap `n`; the
    /// stretches run on one thread.
    fn stretches(
        watch: &mut super::Watch,
        at: &mut (std::time::Instant, usize),
        stretches: usize,
        by_size: bool,
        rates: impl Fn(usize) -> [f64; 2],
    ) -> usize {
        let mut solo = 0;
        for _ in 0..stretches {
            solo += usize::from(watch.solo_now);
            // A step a millisecond.
            for _ in 0..super::WINDOW.as_millis() {
                let [two, one] = rates(at.1);
                let rate = if watch.solo_now { one } else { two };
                at.0 += std::time::Duration::from_millis(1);
                at.1 += (rate / 1000.0) as usize;
                watch.tick_at(at.1, by_size, at.0);
            }
        }
        solo
    }

    /// Stretches in `count` that a watch which has decided runs as trials
    /// at most: one in `TRIAL_EVERY + 2`, and one begun.
    fn trials(count: usize) -> usize {
        count / (super::TRIAL_EVERY as usize + 2) + 1
    }

    #[test]
    fn the_watch_keeps_the_faster_way_and_follows_a_change_of_load() {
        let mut watch = super::Watch::default();
        let mut at = (std::time::Instant::now(), 0);
        watch.tick_at(at.1, false, at.0);
        // Two threads twice as slow as one (the other core busy): after
        // the first trial, one stretch in TRIAL_EVERY + 2 runs on two.
        stretches(&mut watch, &mut at, 3, false, |_| [1e6, 2e6]);
        let solo = stretches(&mut watch, &mut at, 240, false, |_| [1e6, 2e6]);
        assert!(solo >= 240 - trials(240), "{solo} of 240 stretches alone");
        // The load goes: two threads faster; within two trials they run.
        let every = super::TRIAL_EVERY as usize + 2;
        stretches(&mut watch, &mut at, 2 * every, false, |_| [3e6, 2e6]);
        let solo = stretches(&mut watch, &mut at, 240, false, |_| [3e6, 2e6]);
        assert!(solo <= trials(240), "{solo} of 240 stretches alone");
    }

    #[test]
    fn the_watch_is_not_misled_by_heaps_growing_dearer() {
        // The plain method: a heap's cost grows with the heap, so a later
        // stretch computes fewer heaps whichever way it runs. One thread
        // 1.2 times faster must still be found, and two threads when they
        // are.
        for (ratio, alone) in [(1.2, true), (1.0 / 1.2, false)] {
            let mut watch = super::Watch::default();
            let mut at = (std::time::Instant::now(), 4096);
            watch.tick_at(at.1, true, at.0);
            let rates = |n: usize| {
                let two = 4e8 / n as f64;
                [two, two * ratio]
            };
            stretches(&mut watch, &mut at, 3, true, rates);
            let solo = stretches(&mut watch, &mut at, 120, true, rates);
            if alone {
                assert!(solo >= 120 - trials(120), "{solo} of 120 alone");
            } else {
                assert!(solo <= trials(120), "{solo} of 120 alone");
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
