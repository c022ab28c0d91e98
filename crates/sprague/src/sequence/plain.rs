//! The bit test of the plain method for games whose splits leave two heaps
//! (such as Treblecross, `0.007`, where the rare-value method does not
//! pay), and its split between two threads.
//!
//! G(n) is the mex of the values of all options of heap n. The values
//! below [`NEED_VALUES`] not reached yet are kept as a set of bits
//! ([`Need`]): the first [`PRESTAMP`] splits of each amount are stamped
//! (where most values show up: stores beat the test's slow path there),
//! the other splits are tested against the set, 32 at a time with AVX2
//! ([`drain`]), and G(n) is the least value left. When every value below
//! [`NEED_VALUES`] is reached the heap is stamped in full instead.
//!
//! Two threads ([`plain_heaps`]): the splits of each amount are cut into a
//! lower and an upper [`Piece`]; each thread stamps the first splits of its
//! piece in a stamp array of its own and tests the rest, so each finds the
//! values its piece does not reach. A value is missed by the heap only when
//! it is missed by both pieces: the heap's set is the intersection of the
//! two, and G(n) its least value, the same value, byte for byte, as one
//! thread finds.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::marks::{Need, NeedBits, NEED_VALUES};
use super::threads::{next_post, wait_for, Gone, Watch};
use super::value::{Stamp, Value};
use super::{simd, Core, Method};
use crate::takebreak::largest_smaller_part;

/// Splits of each amount (of each piece) stamped before the bit test
/// (measured on 0.007 to 10^5 with AVX2 among 1,024 to 32,768: 8,192 and
/// 16,384 best). Tests take fewer, to reach the bit test on short tables
/// (the values do not depend on it).
const PRESTAMP: usize = if cfg!(test) { 64 } else { 8192 };

/// Heaps below this are computed by one thread (their splits take less
/// time than handing half of them over). Tests share smaller heaps.
pub(super) const THREADS_FROM: usize = if cfg!(test) { 512 } else { 4096 };

/// The values below [`NEED_VALUES`] (and below the stamp's length) not
/// marked with `s` in `stamp`.
fn unreached<V: Value>(stamp: &V::Stamp, s: u32) -> Need {
    let mut words = [0u64; NEED_VALUES / 64];
    for v in 0..NEED_VALUES.min(stamp.len()) {
        words[v >> 6] |= u64::from(stamp.get(v) != s) << (v & 63);
    }
    Need::from_words(words)
}

/// Marks seen, in `need`, each value G(a) ^ G(m - a) for `lo <= a <= hi`
/// (`1 <= lo`, `2 * hi <= m < g.len()`), and stops as soon as nothing is
/// needed. `bound` is a power of two above every value of `g[..m]` (so
/// above every split's value). With AVX-512 (the kernel of
/// [`simd::drain_need`] while every value needed is below 512, else
/// `drain_avx512`) or AVX2; the scalar version is the reference.
pub(super) fn drain(g: &[u16], m: usize, lo: usize, hi: usize, need: &mut Need, bound: usize) {
    if lo > hi || need.is_empty() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let level = simd::level();
        if m < g.len() && 2 * hi <= m && lo >= 1 {
            if level == simd::Level::Avx512 && need.last().is_some_and(|v| v < 512) {
                let mut bits = NeedBits::from_words(need.words[..8].try_into().unwrap());
                simd::drain_need(g, m, lo, hi, &mut bits);
                let mut words = [0u64; NEED_VALUES / 64];
                words[..8].copy_from_slice(&bits.words());
                *need = Need::from_words(words);
                return;
            }
            if level == simd::Level::Avx512 {
                // SAFETY: AVX-512F and BW are present (`level`); the bounds
                // were checked above.
                unsafe { drain_avx512(g, m, lo, hi, need) };
                return;
            }
            if level >= simd::Level::Avx2 {
                // SAFETY: AVX2 is present (`level`); the bounds were checked
                // above.
                unsafe { drain_avx2(g, m, lo, hi, need, bound) };
                return;
            }
        }
    }
    drain_scalar(g, m, lo, hi, need);
}

/// The scalar reference version of [`drain`], for both widths (the only
/// one for `u32`).
pub(super) fn drain_scalar<V: Value>(g: &[V], m: usize, lo: usize, hi: usize, need: &mut Need) {
    if lo > hi {
        return;
    }
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        let v = (x ^ y).index();
        if need.contains(v) {
            need.take(v);
            if need.is_empty() {
                return;
            }
        }
    }
}

/// [`drain`] with AVX-512 for needed values up to 1,023
/// ([`simd::drain_bits_avx512`] with the set in two registers; the AVX2
/// kernel needs 8 byte shuffles for values from 512 on, and builds its
/// tables again after each value found: measured on Treblecross, 0.007,
/// whose values reach 805).
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512BW; `1 <= lo`, `2 * hi <= m`
/// and `m < g.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn drain_avx512(g: &[u16], m: usize, lo: usize, hi: usize, need: &mut Need) {
    const { assert!(NEED_VALUES == 1024) };
    // SAFETY: as required of this function.
    let a = unsafe { simd::drain_bits_avx512::<2>(g, m, lo, hi, &mut need.words) };
    *need = Need::from_words(need.words);
    if a <= hi && !need.is_empty() {
        drain_scalar(g, m, a, hi, need);
    }
}

/// [`drain`] with AVX2: chooses the kernel by the largest value needed
/// (`T` tables of 128 values) and whether a split's value can lie past
/// the tables.
///
/// # Safety
/// The CPU must support AVX2; `1 <= lo`, `2 * hi <= m` and `m < g.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn drain_avx2(g: &[u16], m: usize, lo: usize, hi: usize, need: &mut Need, bound: usize) {
    let Some(last) = need.last() else { return };
    let tables = (last / 128 + 1).next_power_of_two();
    let checked = bound > 128 * tables;
    // SAFETY (all arms): as required of this function.
    unsafe {
        match (tables, checked) {
            (1, false) => drain_avx2_tables::<1, false>(g, m, lo, hi, need),
            (1, true) => drain_avx2_tables::<1, true>(g, m, lo, hi, need),
            (2, false) => drain_avx2_tables::<2, false>(g, m, lo, hi, need),
            (2, true) => drain_avx2_tables::<2, true>(g, m, lo, hi, need),
            (4, false) => drain_avx2_tables::<4, false>(g, m, lo, hi, need),
            (4, true) => drain_avx2_tables::<4, true>(g, m, lo, hi, need),
            (_, false) => drain_avx2_tables::<8, false>(g, m, lo, hi, need),
            (_, true) => drain_avx2_tables::<8, true>(g, m, lo, hi, need),
        }
    }
}

/// The AVX2 kernel of [`drain`] for needed values below `128 * T`: 32
/// splits at a time, each value `v` looked up as bit `v % 8` of byte
/// `v / 8` of the set by byte shuffles, one per 16 bytes of the set (the
/// tables hold the differences of consecutive 16-byte pieces, and the
/// index drops by 16 for each, so that only the piece the byte lies in
/// remains). `CHECKED`: values from `128 * T` on may occur, and are
/// masked (else they never do).
///
/// # Safety
/// The CPU must support AVX2; `1 <= lo`, `2 * hi <= m` and `m < g.len()`;
/// every value needed is below `128 * T`, and so is every split's value
/// unless `CHECKED`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn drain_avx2_tables<const T: usize, const CHECKED: bool>(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    need: &mut Need,
) {
    use std::arch::x86_64::*;
    let seven = _mm256_set1_epi16(7);
    let sixteen = _mm256_set1_epi8(16);
    let past = _mm256_set1_epi16(16 * T as i16 - 1);
    let top_bit = _mm256_set1_epi16(0x80);
    let bit_of = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
        1, 2, 4, 8, 16, 32, 64, -128,
    );
    // Table j: bytes 16j .. 16j + 16 of the set XOR the 16 before, in both
    // 128-bit lanes.
    let tables = |need: &Need| -> [__m256i; T] {
        let p = need.words.as_ptr() as *const __m128i;
        let mut t = [_mm256_setzero_si256(); T];
        let mut before = _mm_setzero_si128();
        for (j, table) in t.iter_mut().enumerate() {
            // SAFETY: T <= 8 pieces of 16 bytes lie in the 128 bytes of
            // `words`.
            let piece = unsafe { _mm_loadu_si128(p.add(j)) };
            *table = _mm256_broadcastsi128_si256(_mm_xor_si128(piece, before));
            before = piece;
        }
        t
    };
    let mut t = tables(need);
    let mut a = lo;
    while a + 31 <= hi {
        // SAFETY: elements a..=a+31 lie in 1..=hi < m < g.len(); elements
        // m-a-31..=m-a lie in m-hi..=m-1 (as a + 31 <= hi), inside g.
        let (l0, l1, r0, r1) = unsafe { simd::load_splits_32(g, m, a) };
        // Split a + i: G(a + i) ^ G(m - a - i).
        let x0 = _mm256_xor_si256(l0, simd::reverse_words(r0));
        let x1 = _mm256_xor_si256(l1, simd::reverse_words(r1));
        let (i0, i1) = (_mm256_srli_epi16::<3>(x0), _mm256_srli_epi16::<3>(x1));
        let (mut b0, mut b1) = (_mm256_and_si256(x0, seven), _mm256_and_si256(x1, seven));
        if CHECKED {
            // Bit 7 of the bit index makes the bit 0 (past the tables).
            b0 = _mm256_or_si256(b0, _mm256_and_si256(_mm256_cmpgt_epi16(i0, past), top_bit));
            b1 = _mm256_or_si256(b1, _mm256_and_si256(_mm256_cmpgt_epi16(i1, past), top_bit));
        }
        // Byte j holds split a + SPLIT_OF_BYTE[j] (the packs interleave
        // the 128-bit halves). Indices are below 16 * T <= 128 unless past.
        let mut index = _mm256_packus_epi16(i0, i1);
        let bit = _mm256_shuffle_epi8(bit_of, _mm256_packus_epi16(b0, b1));
        let mut byte = _mm256_shuffle_epi8(t[0], index);
        for table in &t[1..] {
            // Bytes of earlier pieces go negative (bit 7: the shuffle
            // gives 0); the XOR of the differences leaves the own piece.
            index = _mm256_sub_epi8(index, sixteen);
            byte = _mm256_xor_si256(byte, _mm256_shuffle_epi8(*table, index));
        }
        let miss = _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), _mm256_setzero_si256());
        let hits = !(_mm256_movemask_epi8(miss) as u32);
        if hits != 0 {
            let mut rest = hits;
            while rest != 0 {
                let i = a + simd::SPLIT_OF_BYTE[rest.trailing_zeros() as usize];
                rest &= rest - 1;
                need.take(usize::from(g[i] ^ g[m - i]));
            }
            if need.is_empty() {
                return;
            }
            t = tables(need);
        }
        a += 32;
    }
    drain_scalar(g, m, a, hi, need);
}

/// The splits of a heap a thread takes: for each amount, those whose
/// smaller part is in the lower or the upper half of its range, or all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    All,
    Lower,
    Upper,
}

impl Piece {
    /// The smaller parts `lo..=hi` of this piece among `1..=h`.
    fn range(self, h: usize) -> (usize, usize) {
        let mid = h / 2;
        match self {
            Piece::All => (1, h),
            Piece::Lower => (1, mid),
            Piece::Upper => (mid + 1, h),
        }
    }
}

/// The two-heap splits of a game, as the plain method reads them.
pub(super) struct Splits<'a> {
    pub(super) split2: &'a [(u64, u64)],
    pub(super) unequal: bool,
}

impl Splits<'_> {
    /// Calls `f(m, lo, hi)` for each amount that splits heap `n`, with the
    /// smaller parts `lo..=hi` of `piece` (maybe empty: `lo > hi`).
    fn each(&self, n: usize, piece: Piece, mut f: impl FnMut(usize, usize, usize)) {
        let n64 = n as u64;
        for &(lo, hi) in self.split2 {
            if lo + 2 > n64 {
                break;
            }
            for k in lo..=hi.min(n64 - 2) {
                let m = n - k as usize;
                let h = largest_smaller_part(m as u64, self.unequal) as usize;
                let (a, b) = piece.range(h);
                f(m, a, b);
            }
        }
    }

    /// The values below [`NEED_VALUES`] that neither the splits of heap `n`
    /// in `piece` nor the values marked `s` in `stamp` reach: stamps the
    /// first [`PRESTAMP`] splits of the piece for each amount (with `s`),
    /// then tests the rest. `g` holds G(0..n) and one more entry; `bound`
    /// is a power of two above each of G(0..n).
    pub(super) fn need<V: Value>(
        &self,
        g: &[V],
        n: usize,
        piece: Piece,
        stamp: &mut V::Stamp,
        s: u32,
        bound: usize,
    ) -> Need {
        let g = &g[..=n];
        self.each(n, piece, |m, lo, hi| {
            if lo <= hi {
                V::stamp_pairs(g, m, lo, hi.min(lo + PRESTAMP - 1), stamp, s);
            }
        });
        let mut need = unreached::<V>(stamp, s);
        self.each(n, piece, |m, lo, hi| {
            V::drain_plain(g, m, lo + PRESTAMP, hi, &mut need, bound);
        });
        need
    }
}

/// What the two threads share: the heap posted (its number plus 1) with
/// its bound, which thread took the upper piece, and the second thread's
/// set when it did.
struct Shared {
    posted: AtomicUsize,
    bound: AtomicUsize,
    /// The last job claimed, by either thread.
    claimed: AtomicUsize,
    /// The last job the second thread finished, its set in `words`.
    done: AtomicUsize,
    words: [AtomicU64; NEED_VALUES / 64],
    stop: AtomicBool,
    /// Set when the second thread has ended (normally or by a panic).
    gone: AtomicBool,
}

#[cfg(test)]
thread_local! {
    /// Heaps computed with both threads by sequences this thread extended
    /// (to check that tests reach them; per thread, so that tests running
    /// side by side do not count each other's).
    pub(super) static SHARED_HEAPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Computes heaps from `values.len()` on by the plain method with two
/// threads, while the plain method's bit test is the way (the rare-value
/// method not [`usable`](super::rare::RareState::usable)) and below `end`
/// (at least one heap: the caller found the first). `values` must have
/// room for `end` values. `Err(heap)` when a value overflows.
pub(super) fn plain_heaps<V: Value>(
    core: &mut Core<V>,
    values: &mut Vec<V>,
    end: usize,
    method: Method,
) -> Result<(), usize> {
    assert!(values.capacity() >= end, "room for the table is reserved");
    let split2 = core.moves.split2.clone();
    let splits = Splits {
        split2: &split2,
        unequal: core.moves.unequal,
    };
    let shared = Shared {
        posted: AtomicUsize::new(0),
        bound: AtomicUsize::new(0),
        claimed: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        words: Default::default(),
        stop: AtomicBool::new(false),
        gone: AtomicBool::new(false),
    };
    let table = Table(values.as_ptr());
    std::thread::scope(|scope| {
        let (shared_ref, splits_ref) = (&shared, &splits);
        let helper = scope.spawn(move || help::<V>(shared_ref, splits_ref, table));
        let wake = || helper.thread().unpark();
        let result = drive(core, values, end, method, &shared, &splits, &wake);
        shared.stop.store(true, Ordering::Release);
        wake();
        // The scope waits for the second thread (idle: every job it took
        // is finished) before `values` is used again.
        result
    })
}

/// The table's first value, read by the second thread.
#[derive(Clone, Copy)]
struct Table<V>(*const V);

// SAFETY: the second thread reads through the pointer only the values
// below a heap posted, while the first one leaves them as they are and
// the table does not move (room reserved; see `drive`).
unsafe impl<V: Send> Send for Table<V> {}

/// The second thread: takes the upper piece of each heap posted, unless
/// the first thread took it, until told to stop.
fn help<V: Value>(shared: &Shared, splits: &Splits, table: Table<V>) {
    let _gone = Gone(&shared.gone);
    let mut stamp = V::new_stamp(V::default());
    let mut token = 0u32;
    let mut seen = 0;
    loop {
        let Some(job) = next_post(&shared.posted, &shared.stop, seen) else {
            return;
        };
        seen = job;
        if shared.claimed.fetch_max(job, Ordering::AcqRel) >= job {
            continue; // the first thread took it
        }
        // Claimed: the first thread waits for it and posts nothing new, so
        // the bound is this job's.
        let n = job - 1;
        let bound = shared.bound.load(Ordering::Acquire);
        V::fit_stamp(&mut stamp, V::from_index(bound - 1));
        if token == u32::MAX {
            stamp.clear();
            token = 0;
        }
        token += 1;
        // SAFETY: see `Table`: values 0..=n are in place (the entry at n
        // is the placeholder, not read) and unchanged until `done`.
        let g = unsafe { std::slice::from_raw_parts(table.0, n + 1) };
        let need = splits.need(g, n, Piece::Upper, &mut stamp, token, bound);
        for (w, &x) in shared.words.iter().zip(&need.words) {
            w.store(x, Ordering::Relaxed);
        }
        shared.done.store(job, Ordering::Release);
    }
}

/// The first thread: each heap's lower piece (and the upper one when the
/// second thread has not begun it), the intersection and G(n).
fn drive<V: Value>(
    core: &mut Core<V>,
    values: &mut Vec<V>,
    end: usize,
    method: Method,
    shared: &Shared,
    splits: &Splits,
    wake: &dyn Fn(),
) -> Result<(), usize> {
    let mut watch = std::mem::take(&mut core.watch);
    let result = drive_heaps(core, values, end, method, shared, splits, wake, &mut watch);
    core.watch = watch;
    result
}

/// [`drive`]'s loop, with the sequence's [`Watch`] lent to it.
#[allow(clippy::too_many_arguments)]
fn drive_heaps<V: Value>(
    core: &mut Core<V>,
    values: &mut Vec<V>,
    end: usize,
    method: Method,
    shared: &Shared,
    splits: &Splits,
    wake: &dyn Fn(),
    watch: &mut Watch,
) -> Result<(), usize> {
    while values.len() < end {
        let n = values.len();
        if method == Method::Fast && core.rare.usable(n, values) {
            return Ok(());
        }
        watch.tick(n, true);
        if watch.solo(n) {
            // One thread is faster: the caller goes on alone.
            return Ok(());
        }
        // A placeholder for G(n), as in `Core::extend_values`; from here
        // until the second thread is done, the table is only read.
        values.push(V::default());
        let g = {
            let s = core.next_token();
            core.stamp_small_options(&values[..=n], n, s);
            let bound = core.bound();
            let job = n + 1;
            shared.bound.store(bound, Ordering::Release);
            shared.posted.store(job, Ordering::Release);
            wake();
            let g = &values[..=n];
            let mut need = splits.need(g, n, Piece::Lower, &mut core.stamp, s, bound);
            if shared.claimed.fetch_max(job, Ordering::AcqRel) < job {
                // Not begun: this thread goes on with the upper piece.
                splits.each(n, Piece::Upper, |m, lo, hi| {
                    V::drain_plain(g, m, lo, hi, &mut need, bound);
                });
            } else {
                wait_for(|| {
                    shared.done.load(Ordering::Acquire) == job
                        || shared.gone.load(Ordering::Acquire)
                });
                assert_eq!(
                    shared.done.load(Ordering::Acquire),
                    job,
                    "the second thread of the plain method stopped"
                );
                let words = std::array::from_fn(|i| shared.words[i].load(Ordering::Relaxed));
                need.intersect(&Need::from_words(words));
                #[cfg(test)]
                SHARED_HEAPS.set(SHARED_HEAPS.get() + 1);
            }
            match need.first() {
                Some(v) => Some(V::from_index(v)),
                None => core.plain_value_full(g, n, s, method),
            }
        };
        match g {
            Some(g) => core.record(values, n, g),
            None => {
                values.pop();
                return Err(n);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pseudo-random table: mostly values below `small`, some up to
    /// 65,535 when `wild`.
    fn table(len: usize, small: u32, wild: bool, seed: u32) -> Vec<u16> {
        let mut x = seed;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                if wild && x.is_multiple_of(97) {
                    (40_000 + x % 1000) as u16
                } else {
                    (x % small) as u16
                }
            })
            .collect()
    }

    #[test]
    fn the_bit_test_matches_the_scalar_one() {
        let cases = [
            (2999, 1, 1499),
            (100, 1, 50),
            (64, 3, 31),
            (2000, 40, 41),
            (900, 1, 450),
            (2999, 700, 1400),
        ];
        for (small, wild) in [
            (1000, false),
            (1000, true),
            (300, false),
            (200, false),
            (100, false),
            (100, true),
        ] {
            let g = table(3000, small, wild, 0x1234_5678 ^ small);
            let max = g.iter().copied().max().unwrap_or(0);
            let bound = (usize::from(max) + 1).next_power_of_two();
            for (m, lo, hi) in cases {
                for (top, stride) in [(1024, 1), (1024, 7), (512, 3), (256, 1), (100, 5)] {
                    let mut words = [0u64; NEED_VALUES / 64];
                    for v in (0..top).step_by(stride) {
                        words[v >> 6] |= 1 << (v & 63);
                    }
                    let mut want = Need::from_words(words);
                    drain_scalar(&g, m, lo, hi, &mut want);
                    let mut got = Need::from_words(words);
                    drain(&g, m, lo, hi, &mut got, bound);
                    assert_eq!(got, want, "m={m} lo={lo} hi={hi} top={top} small={small}");
                    #[cfg(target_arch = "x86_64")]
                    if std::arch::is_x86_feature_detected!("avx2") {
                        let mut got = Need::from_words(words);
                        // SAFETY: feature checked; 1 <= lo, 2 * hi <= m < g.len().
                        unsafe { drain_avx2(&g, m, lo, hi, &mut got, bound) };
                        assert_eq!(got, want, "avx2 m={m} lo={lo} hi={hi} top={top}");
                    }
                    #[cfg(target_arch = "x86_64")]
                    if std::arch::is_x86_feature_detected!("avx512f")
                        && std::arch::is_x86_feature_detected!("avx512bw")
                    {
                        let mut got = Need::from_words(words);
                        // SAFETY: features checked; 1 <= lo, 2 * hi <= m < g.len().
                        unsafe { drain_avx512(&g, m, lo, hi, &mut got) };
                        assert_eq!(got, want, "avx512 m={m} lo={lo} hi={hi} top={top}");
                    }
                    let wide: Vec<u32> = g.iter().map(|&v| u32::from(v)).collect();
                    let mut got = Need::from_words(words);
                    drain_scalar(&wide, m, lo, hi, &mut got);
                    assert_eq!(got, want, "u32 m={m} lo={lo} hi={hi}");
                }
            }
        }
    }

    /// The values of `moves` to `last` by `method` with `threads` threads,
    /// extended in steps of `step` heaps, and the heaps the two threads
    /// shared meanwhile.
    fn values(
        moves: &crate::takebreak::MoveSet,
        method: Method,
        last: u64,
        threads: usize,
        step: u64,
    ) -> (Vec<u64>, usize) {
        let before = SHARED_HEAPS.get();
        let mut s = super::super::NimSequence::new("test", moves.clone());
        s.set_threads(threads);
        let mut at = 0;
        while at < last {
            at = (at + step).min(last);
            s.extend_to(at, method).unwrap();
        }
        (s.into_values(), SHARED_HEAPS.get() - before)
    }

    #[test]
    fn two_threads_give_the_values_of_one_byte_for_byte() {
        use crate::takebreak::{MoveSet, TakeBreakCode};
        let octal = |code| TakeBreakCode::parse_octal(code).unwrap().move_set();
        // 0.007 by the fast method (the rare-value one does not pay: the
        // plain one, values past 255 from heap 1,000 or so); the others by
        // the plain method, with small values (0.77 below 16, 0.6 below
        // 256) and unequal splits (Grundy's game).
        let games = [
            ("0.007", octal("0.007"), Method::Fast, 6_000),
            ("0.6", octal("0.6"), Method::Plain, 5_000),
            ("0.77", octal("0.77"), Method::Plain, 3_000),
            ("0.354", octal("0.354"), Method::Plain, 4_000),
            ("grundy", MoveSet::grundy(), Method::Plain, 4_000),
            (
                "4.4",
                TakeBreakCode::parse_hex("4.4").unwrap().move_set(),
                Method::Plain,
                3_000,
            ),
        ];
        // Whether the second thread takes a heap's piece in time depends on
        // the machine (with other tests running, a fast build may do every
        // piece of a small game on the first thread): the shared heaps are
        // counted over all games and steps.
        let mut shared_in_all = 0;
        for (name, moves, method, last) in games {
            let (one, shared) = values(&moves, method, last, 1, last);
            assert_eq!(shared, 0);
            assert_eq!(one, values(&moves, Method::Plain, last, 1, 1_000).0);
            for step in [last, 1_234, 777] {
                let (two, shared) = values(&moves, method, last, 2, step);
                assert!(two == one, "{name}, steps of {step}");
                shared_in_all += shared;
            }
        }
        assert!(shared_in_all > 0, "no heap shared");
    }

    #[test]
    fn pieces_cover_the_range_once() {
        for h in [0usize, 1, 2, 3, 10, 4097] {
            let (a, b) = Piece::Lower.range(h);
            let (c, d) = Piece::Upper.range(h);
            assert_eq!((a, d), Piece::All.range(h));
            assert_eq!(b + 1, c, "h={h}");
        }
    }
}
