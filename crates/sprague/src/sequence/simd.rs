//! The inner loop of the rare-value method, stamping the values of the
//! splits of one heap that have a rare part, in three versions chosen at
//! run time: AVX-512, AVX2 (gathers of the table at the rare positions)
//! and scalar, the reference the others are tested against.
//!
//! The SIMD kernels are for 2-byte values (`u16`, the common case); the
//! scalar ones are generic over the value width and are the only ones for
//! 4-byte values (a sequence with a value above 65,535), where a vector
//! holds half as many values and such games are rare.

use super::value::{Stamp, Value, NARROW_VALUES as VALUES};

/// The instruction sets the kernels may use, detected once. The variable
/// `SPRAGUE_SIMD` (`scalar`, `avx2` or `avx512`) caps them, for benchmarks
/// and for checking the scalar path on a machine with AVX-512.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Level {
    Scalar = 0,
    Avx2 = 1,
    Avx512 = 2,
}

/// The SIMD level in use: the best the CPU has, capped by `SPRAGUE_SIMD`
/// and by [`cap_level`].
pub(super) fn level() -> Level {
    let cap = match CAP.load(std::sync::atomic::Ordering::Relaxed) {
        0 => Level::Scalar,
        1 => Level::Avx2,
        _ => Level::Avx512,
    };
    detected().min(cap)
}

/// The best level the CPU has, capped by `SPRAGUE_SIMD` only (what a
/// kernel may rely on whatever [`cap_level`] says meanwhile).
pub(super) fn detected() -> Level {
    static DETECTED: std::sync::OnceLock<Level> = std::sync::OnceLock::new();
    *DETECTED.get_or_init(|| {
        #[allow(unused_mut)]
        let mut detected = Level::Scalar;
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
            {
                detected = Level::Avx512;
            } else if std::arch::is_x86_feature_detected!("avx2") {
                detected = Level::Avx2;
            }
        }
        let cap = match std::env::var("SPRAGUE_SIMD").as_deref() {
            Ok("scalar") => Level::Scalar,
            Ok("avx2") => Level::Avx2,
            _ => Level::Avx512,
        };
        detected.min(cap)
    })
}

static CAP: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(2);

/// Held by tests that cap the SIMD level and by those that need it
/// uncapped while they run.
#[cfg(test)]
pub(super) static LEVEL_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Caps the SIMD level for this process (tests compare every level; all
/// levels compute the same values, so a change while another thread
/// computes changes only its speed).
#[cfg(test)]
pub(super) fn cap_level(level: Level) {
    CAP.store(level as u8, std::sync::atomic::Ordering::Relaxed);
}

/// For each rare heap `h = heaps[i]` with value `vals[i]` (and
/// `1 <= h < m`), marks the value `vals[i] ^ g[m - h]` in `stamp` with `s`.
///
/// Requires `g.len() > m` for the SIMD versions (they read two values at
/// a time); shorter tables take the scalar path.
#[inline]
pub(super) fn stamp_rare(
    g: &[u16],
    m: usize,
    heaps: &[u32],
    vals: &[u32],
    stamp: &mut [u32; VALUES],
    s: u32,
) {
    let len = heaps.len().min(vals.len());
    let (heaps, vals) = (&heaps[..len], &vals[..len]);
    #[cfg(target_arch = "x86_64")]
    {
        // The SIMD versions clamp each index m - h to at most m - 1, so a
        // 4-byte read at 2 * (m - h) stays inside g when g.len() > m; m
        // must also fit an i32 index.
        let in_bounds = g.len() > m && m >= 1 && m < i32::MAX as usize;
        let level = level();
        if in_bounds && len >= 16 && level == Level::Avx512 {
            // SAFETY: the CPU has AVX-512F (detected in `level`) and every
            // gather address is inside `g` (checked above).
            unsafe { stamp_rare_avx512(g, m, heaps, vals, stamp, s) };
            return;
        }
        if in_bounds && len >= 8 && level >= Level::Avx2 {
            // SAFETY: the CPU has AVX2 and every gather address is inside `g`.
            unsafe { stamp_rare_avx2(g, m, heaps, vals, stamp, s) };
            return;
        }
    }
    stamp_rare_scalar(g, m, heaps, vals, stamp, s);
}

/// The scalar reference version of [`stamp_rare`], for both widths (the
/// only version for `u32`).
pub(super) fn stamp_rare_scalar<V: Value>(
    g: &[V],
    m: usize,
    heaps: &[u32],
    vals: &[u32],
    stamp: &mut V::Stamp,
    s: u32,
) {
    for (&h, &v) in heaps.iter().zip(vals) {
        stamp.set(g[m - h as usize] ^ V::from_index(v as usize), s);
    }
}

/// # Safety
/// The CPU must support AVX-512F; `1 <= m < i32::MAX` and `g.len() > m`.
/// (Heaps outside `1..m` are clamped, not trusted.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn stamp_rare_avx512(
    g: &[u16],
    m: usize,
    heaps: &[u32],
    vals: &[u32],
    stamp: &mut [u32; VALUES],
    s: u32,
) {
    use std::arch::x86_64::*;
    let len = heaps.len();
    let chunks = len / 16;
    let mv = _mm512_set1_epi32(m as i32);
    let top = _mm512_set1_epi32(m as i32 - 1);
    let low = _mm512_set1_epi32(0xFFFF);
    let base = g.as_ptr() as *const i32;
    let mut lanes = [0u32; 16];
    for c in 0..chunks {
        // SAFETY: c * 16 + 16 <= len = heaps.len() = vals.len(), so both
        // unaligned 64-byte loads stay inside the slices.
        let (h, v) = unsafe {
            (
                _mm512_loadu_si512(heaps.as_ptr().add(c * 16) as *const __m512i),
                _mm512_loadu_si512(vals.as_ptr().add(c * 16) as *const __m512i),
            )
        };
        // Clamped (unsigned) to m - 1: for valid heaps a no-op.
        let idx = _mm512_min_epu32(_mm512_sub_epi32(mv, h), top);
        // SAFETY: each index is at most m - 1, so the 4 bytes read at
        // g + 2 * idx are elements idx and idx + 1 <= m < g.len().
        let got = unsafe { _mm512_i32gather_epi32::<2>(idx, base) };
        let x = _mm512_and_si512(_mm512_xor_si512(got, v), low);
        // A scatter would do the stores below, but it is slower than
        // plain stores on the machines measured (AMD Zen 4).
        // SAFETY: `lanes` is 64 bytes, the size of one __m512i.
        unsafe { _mm512_storeu_si512(lanes.as_mut_ptr() as *mut __m512i, x) };
        for &x in &lanes {
            stamp[(x & 0xFFFF) as usize] = s;
        }
    }
    let done = chunks * 16;
    stamp_rare_scalar(g, m, &heaps[done..], &vals[done..], stamp, s);
}

/// # Safety
/// The CPU must support AVX2; `1 <= m < i32::MAX` and `g.len() > m`.
/// (Heaps outside `1..m` are clamped, not trusted.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn stamp_rare_avx2(
    g: &[u16],
    m: usize,
    heaps: &[u32],
    vals: &[u32],
    stamp: &mut [u32; VALUES],
    s: u32,
) {
    use std::arch::x86_64::*;
    let len = heaps.len();
    let chunks = len / 8;
    let mv = _mm256_set1_epi32(m as i32);
    let top = _mm256_set1_epi32(m as i32 - 1);
    let low = _mm256_set1_epi32(0xFFFF);
    let base = g.as_ptr() as *const i32;
    let mut lanes = [0u32; 8];
    for c in 0..chunks {
        // SAFETY: c * 8 + 8 <= len, so both 32-byte loads stay inside the
        // slices.
        let (h, v) = unsafe {
            (
                _mm256_loadu_si256(heaps.as_ptr().add(c * 8) as *const __m256i),
                _mm256_loadu_si256(vals.as_ptr().add(c * 8) as *const __m256i),
            )
        };
        let idx = _mm256_min_epu32(_mm256_sub_epi32(mv, h), top);
        // SAFETY: as in the AVX-512 version, each index is at most m - 1,
        // so each 4-byte read covers elements idx, idx + 1 <= m < g.len().
        let got = unsafe { _mm256_i32gather_epi32::<2>(base, idx) };
        let x = _mm256_and_si256(_mm256_xor_si256(got, v), low);
        // SAFETY: `lanes` is 32 bytes, the size of one __m256i.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, x) };
        for &x in &lanes {
            stamp[(x & 0xFFFF) as usize] = s;
        }
    }
    let done = chunks * 8;
    stamp_rare_scalar(g, m, &heaps[done..], &vals[done..], stamp, s);
}

/// Stamps the values G(a) ^ G(m - a) for `lo <= a <= hi` (`1 <= lo`,
/// `2 * hi <= m < g.len()`): the inner loop of the plain method. The
/// AVX-512BW version forms 32 values at a time from two contiguous loads
/// (one reversed), the AVX2 one 16; the scalar one is the reference.
#[inline]
pub(super) fn stamp_pairs(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    stamp: &mut [u32; VALUES],
    s: u32,
) {
    #[cfg(target_arch = "x86_64")]
    {
        if hi >= lo + 32 && m < g.len() && 2 * hi <= m && lo >= 1 && level() == Level::Avx512 {
            // SAFETY: AVX-512BW is present (`level`); bounds checked above.
            unsafe { stamp_pairs_avx512(g, m, lo, hi, stamp, s) };
            return;
        }
        if hi >= lo + 16 && m < g.len() && 2 * hi <= m && lo >= 1 && level() == Level::Avx2 {
            // SAFETY: AVX2 is present (`level`); bounds checked above.
            unsafe { stamp_pairs_avx2(g, m, lo, hi, stamp, s) };
            return;
        }
    }
    super::stamp_pair_range_scalar(g, m, lo, hi, stamp, s);
}

/// [`stamp_pairs`] with AVX2: 16 values at a time from two contiguous
/// loads (one reversed), then stored one by one (twice the speed of the
/// scalar loop on 0.007, measured on AMD Zen 3).
///
/// # Safety
/// The CPU must support AVX2; `1 <= lo`, `2 * hi <= m` and `m < g.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn stamp_pairs_avx2(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    stamp: &mut [u32; VALUES],
    s: u32,
) {
    use std::arch::x86_64::*;
    let mut lanes = [0u16; 16];
    let mut a = lo;
    while a + 15 <= hi {
        // SAFETY: as in `drain_need_avx2`: elements a..=a+15 and
        // m-a-15..=m-a are inside g.
        let (left, right) = unsafe {
            (
                _mm256_loadu_si256(g.as_ptr().add(a) as *const __m256i),
                _mm256_loadu_si256(g.as_ptr().add(m - a - 15) as *const __m256i),
            )
        };
        let x = _mm256_xor_si256(left, reverse_words(right));
        // SAFETY: `lanes` is 32 bytes, one __m256i.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, x) };
        for &v in &lanes {
            stamp[v as usize] = s;
        }
        a += 16;
    }
    if a <= hi {
        super::stamp_pair_range_scalar(g, m, a, hi, stamp, s);
    }
}

/// # Safety
/// The CPU must support AVX-512F and AVX-512BW; `1 <= lo`, `2 * hi <= m`
/// and `m < g.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn stamp_pairs_avx512(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    stamp: &mut [u32; VALUES],
    s: u32,
) {
    use std::arch::x86_64::*;
    let rev = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31,
    );
    let mut lanes = [0u16; 32];
    let mut a = lo;
    while a + 31 <= hi {
        // SAFETY: as in `drain_need_avx512`: elements a..=a+31 and
        // m-a-31..=m-a are inside g.
        let (left, right) = unsafe {
            (
                _mm512_loadu_si512(g.as_ptr().add(a) as *const __m512i),
                _mm512_loadu_si512(g.as_ptr().add(m - a - 31) as *const __m512i),
            )
        };
        let x = _mm512_xor_si512(left, _mm512_permutexvar_epi16(rev, right));
        // SAFETY: `lanes` is 64 bytes, one __m512i.
        unsafe { _mm512_storeu_si512(lanes.as_mut_ptr() as *mut __m512i, x) };
        for &v in &lanes {
            stamp[v as usize] = s;
        }
        a += 32;
    }
    if a <= hi {
        super::stamp_pair_range_scalar(g, m, a, hi, stamp, s);
    }
}

/// Values below this can be confirmed by [`drain_need`]'s bit test.
pub(super) const NEED_VALUES: usize = 512;

/// A set of values below [`NEED_VALUES`] still to be seen, as 512 bits
/// (bit `v & 63` of word `v >> 6`; in memory order these are also the 32
/// 16-bit words the AVX-512 version looks bits up in).
pub(super) struct NeedBits {
    words: [u64; 8],
    count: usize,
}

impl NeedBits {
    /// The set of `values` (those below [`NEED_VALUES`]).
    pub(super) fn new(values: impl IntoIterator<Item = usize>) -> NeedBits {
        let mut bits = NeedBits {
            words: [0; 8],
            count: 0,
        };
        for v in values {
            if v < NEED_VALUES && !bits.contains(v) {
                bits.words[v >> 6] |= 1 << (v & 63);
                bits.count += 1;
            }
        }
        bits
    }

    /// The set whose 512 bits are `words` (value `v` is bit `v % 64` of
    /// word `v / 64`).
    pub(super) fn from_words(words: [u64; 8]) -> NeedBits {
        let count = words.iter().map(|w| w.count_ones() as usize).sum();
        NeedBits { words, count }
    }

    /// Whether every value still needed is below `bound` (below 512).
    pub(super) fn below(&self, bound: usize) -> bool {
        let (w, b) = (bound / 64, bound % 64);
        self.words[w] >> b == 0 && self.words[w + 1..].iter().all(|&x| x == 0)
    }

    /// The 512 bits (value `v` is bit `v % 64` of word `v / 64`).
    pub(super) fn words(&self) -> [u64; 8] {
        self.words
    }

    /// Whether `v` is still needed.
    pub(super) fn contains(&self, v: usize) -> bool {
        v < NEED_VALUES && self.words[(v >> 6) & 7] >> (v & 63) & 1 == 1
    }

    /// The number of values still needed.
    pub(super) fn len(&self) -> usize {
        self.count
    }

    /// Whether every value has been seen.
    pub(super) fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The least value still needed.
    pub(super) fn first(&self) -> Option<usize> {
        let w = self.words.iter().position(|&w| w != 0)?;
        Some(w << 6 | self.words[w].trailing_zeros() as usize)
    }

    /// Marks `v` seen.
    #[inline]
    fn take(&mut self, v: usize) {
        if self.contains(v) {
            self.words[(v >> 6) & 7] &= !(1 << (v & 63));
            self.count -= 1;
        }
    }
}

/// Marks seen, in `need`, each value G(a) ^ G(m - a) for `lo <= a <= hi`
/// (`1 <= lo`, `hi < m`, `2 * hi <= m`), going up in `a`, and stops as soon
/// as nothing is needed any more. The AVX-512BW version tests 32 splits at a
/// time against the bits, the AVX2 ones 32 as bytes (when every value needed
/// is below 255) or 16; the scalar one is the reference.
pub(super) fn drain_need(g: &[u16], m: usize, lo: usize, hi: usize, need: &mut NeedBits) {
    #[cfg(target_arch = "x86_64")]
    {
        if m < g.len() && 2 * hi <= m && lo >= 1 && level() == Level::Avx512 {
            // SAFETY: AVX-512BW (and so AVX-512F) is present; the bounds
            // were checked above.
            unsafe { drain_need_avx512(g, m, lo, hi, need) };
            return;
        }
        if m < g.len() && 2 * hi <= m && lo >= 1 && level() == Level::Avx2 {
            if need.below(255) {
                // SAFETY: AVX2 is present; the bounds were checked above.
                unsafe { drain_need_avx2_bytes(g, m, lo, hi, need) };
            } else {
                // Values from 255 on are needed: by bytes, every split of
                // such a value would be looked at in full (0.007 ran 4
                // times slower).
                // SAFETY: AVX2 is present; the bounds were checked above.
                unsafe { drain_need_avx2(g, m, lo, hi, need) };
            }
            return;
        }
    }
    drain_need_scalar(g, m, lo, hi, need);
}

/// The 32 splits `(a + i, m - a - i)`, `i < 32`, of a heap of `m`, as
/// four vectors of 16 values: the smaller parts `a..a + 16` and
/// `a + 16..a + 32`, and the larger parts `m - a - 15..=m - a` and
/// `m - a - 31..=m - a - 16`, each in memory order (reverse them to pair
/// them lane by lane with the smaller parts).
///
/// # Safety
/// The CPU must support AVX2, and the elements `a..=a + 31` and
/// `m - a - 31..=m - a` must lie inside `g`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn load_splits_32(
    g: &[u16],
    m: usize,
    a: usize,
) -> (
    std::arch::x86_64::__m256i,
    std::arch::x86_64::__m256i,
    std::arch::x86_64::__m256i,
    std::arch::x86_64::__m256i,
) {
    use std::arch::x86_64::*;
    debug_assert!(a + 31 < g.len() && a + 31 <= m && m - a < g.len());
    // SAFETY: the caller keeps both runs of 32 elements inside `g`.
    unsafe {
        (
            _mm256_loadu_si256(g.as_ptr().add(a) as *const __m256i),
            _mm256_loadu_si256(g.as_ptr().add(a + 16) as *const __m256i),
            _mm256_loadu_si256(g.as_ptr().add(m - a - 15) as *const __m256i),
            _mm256_loadu_si256(g.as_ptr().add(m - a - 31) as *const __m256i),
        )
    }
}

/// The 16 words of `v` in reverse order.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn reverse_words(v: std::arch::x86_64::__m256i) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::*;
    // Reverses the 8 words of each 128-bit half; a lane swap finishes the
    // reversal of 16 words.
    let rev = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7,
        4, 5, 2, 3, 0, 1,
    );
    _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(v, rev))
}

/// # Safety
/// The CPU must support AVX2; `1 <= lo`, `2 * hi <= m` and `m < g.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn drain_need_avx2(g: &[u16], m: usize, lo: usize, hi: usize, need: &mut NeedBits) {
    use std::arch::x86_64::*;
    let max = _mm256_set1_epi32(NEED_VALUES as i32 - 1);
    let thirty_one = _mm256_set1_epi32(31);
    // The 512 bits as 16 words of 32 bits, in two tables of 8, kept and
    // updated in registers.
    let tables = |w: &[u64; 8]| {
        (
            _mm256_set_epi64x(w[3] as i64, w[2] as i64, w[1] as i64, w[0] as i64),
            _mm256_set_epi64x(w[7] as i64, w[6] as i64, w[5] as i64, w[4] as i64),
        )
    };
    let (mut t_lo, mut t_hi) = tables(&need.words);
    let iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    // Lanes whose bit is set, as an 8-bit mask, for 8 values in u32 lanes.
    let hits8 = |v: __m256i, t_lo: __m256i, t_hi: __m256i| -> i32 {
        let in_range = _mm256_xor_si256(_mm256_cmpgt_epi32(v, max), _mm256_set1_epi32(-1));
        let word_index = _mm256_srli_epi32::<5>(v);
        let a = _mm256_permutevar8x32_epi32(t_lo, word_index);
        let b = _mm256_permutevar8x32_epi32(t_hi, word_index);
        // Bit 3 of the word index chooses the table (moved to the sign bit).
        let choose = _mm256_slli_epi32::<28>(word_index);
        let word = _mm256_castps_si256(_mm256_blendv_ps(
            _mm256_castsi256_ps(a),
            _mm256_castsi256_ps(b),
            _mm256_castsi256_ps(choose),
        ));
        // Move the value's bit to the sign bit.
        let bit = _mm256_sllv_epi32(
            word,
            _mm256_sub_epi32(thirty_one, _mm256_and_si256(v, thirty_one)),
        );
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(bit, in_range)))
    };
    let mut lanes = [0u16; 16];
    let mut a = lo;
    while a + 15 <= hi {
        // SAFETY: elements a..=a+15 lie in 1..=hi < m < g.len(); elements
        // m-a-15..=m-a lie in m-hi..=m-1 (as a + 15 <= hi), inside g.
        let (left, right) = unsafe {
            (
                _mm256_loadu_si256(g.as_ptr().add(a) as *const __m256i),
                _mm256_loadu_si256(g.as_ptr().add(m - a - 15) as *const __m256i),
            )
        };
        let right = reverse_words(right);
        // Lane i: G(a + i) ^ G(m - a - i).
        let x = _mm256_xor_si256(left, right);
        let lo8 = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(x));
        let hi8 = _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(x));
        let hits = hits8(lo8, t_lo, t_hi) as u32 | (hits8(hi8, t_lo, t_hi) as u32) << 8;
        if hits != 0 {
            // SAFETY: `lanes` is 32 bytes, one __m256i.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, x) };
            let mut rest = hits;
            while rest != 0 {
                // Clear the value's bit in the tables, in registers.
                let v = lanes[rest.trailing_zeros() as usize];
                let w = (v >> 5) as i32;
                let clear = _mm256_and_si256(
                    _mm256_cmpeq_epi32(iota, _mm256_set1_epi32(w & 7)),
                    _mm256_set1_epi32((1u32 << (v & 31)) as i32),
                );
                if w < 8 {
                    t_lo = _mm256_andnot_si256(clear, t_lo);
                } else {
                    t_hi = _mm256_andnot_si256(clear, t_hi);
                }
                rest &= rest - 1;
            }
            let any = _mm256_or_si256(t_lo, t_hi);
            if _mm256_testz_si256(any, any) == 1 {
                break;
            }
        }
        a += 16;
    }
    // SAFETY: `words` is 64 bytes, two __m256i.
    unsafe {
        _mm256_storeu_si256(need.words.as_mut_ptr() as *mut __m256i, t_lo);
        _mm256_storeu_si256(need.words.as_mut_ptr().add(4) as *mut __m256i, t_hi);
    }
    need.count = need.words.iter().map(|w| w.count_ones() as usize).sum();
    if a <= hi && !need.is_empty() {
        drain_need_scalar(g, m, a, hi, need);
    }
}

/// [`drain_need`] by bytes: 32 splits at a time, each value saturated to a
/// byte and looked up in a 256-bit set by two byte shuffles (about twice
/// the speed of [`drain_need_avx2`] when values from 255 on are few). Byte 255 stands for every value from
/// 255 on: it is in the set while any such value is needed, and a split
/// that hits it is looked at in full.
///
/// # Safety
/// The CPU must support AVX2; `1 <= lo`, `2 * hi <= m` and `m < g.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn drain_need_avx2_bytes(g: &[u16], m: usize, lo: usize, hi: usize, need: &mut NeedBits) {
    use std::arch::x86_64::*;
    let cap = _mm256_set1_epi16(255);
    let low5 = _mm256_set1_epi8(0x1f);
    let low3 = _mm256_set1_epi8(7);
    let sixteen = _mm256_set1_epi8(0x10);
    let bit_of = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
        1, 2, 4, 8, 16, 32, 64, -128,
    );
    // The values needed from 255 on, counted; byte 255 stands for them.
    let w = &need.words;
    let mut high = (w[3] >> 63) as usize
        + w[4..]
            .iter()
            .map(|x| x.count_ones() as usize)
            .sum::<usize>();
    // The set's 32 bytes (values 0..255, and 255 for the rest), each half
    // in both 128-bit lanes for the byte shuffles.
    let mut set = [0u8; 32];
    for (bytes, word) in set.chunks_exact_mut(8).zip(&w[..4]) {
        bytes.copy_from_slice(&word.to_le_bytes());
    }
    set[31] = (set[31] & 0x7f) | if high > 0 { 0x80 } else { 0 };
    let tables = |set: &[u8; 32]| {
        // SAFETY: `set` is 32 bytes; each load reads 16 of them.
        unsafe {
            (
                _mm256_broadcastsi128_si256(_mm_loadu_si128(set.as_ptr() as *const __m128i)),
                _mm256_broadcastsi128_si256(
                    _mm_loadu_si128(set.as_ptr().add(16) as *const __m128i),
                ),
            )
        }
    };
    let (mut t_lo, mut t_hi) = tables(&set);
    let mut bytes = [0u8; 32];
    let mut a = lo;
    while a + 31 <= hi {
        // SAFETY: elements a..=a+31 lie in 1..=hi < m < g.len(); elements
        // m-a-31..=m-a lie in m-hi..=m-1 (as a + 31 <= hi), inside g.
        let (l0, l1, r0, r1) = unsafe { load_splits_32(g, m, a) };
        // Split a + i: G(a + i) ^ G(m - a - i), at most 255.
        let x0 = _mm256_min_epu16(_mm256_xor_si256(l0, reverse_words(r0)), cap);
        let x1 = _mm256_min_epu16(_mm256_xor_si256(l1, reverse_words(r1)), cap);
        // Byte j holds split a + SPLIT_OF_BYTE[j] (the pack interleaves
        // the 128-bit halves).
        let v = _mm256_packus_epi16(x0, x1);
        let index = _mm256_and_si256(_mm256_srli_epi16::<3>(v), low5);
        let from_lo = _mm256_shuffle_epi8(t_lo, index);
        let from_hi = _mm256_shuffle_epi8(t_hi, index);
        let upper = _mm256_cmpeq_epi8(_mm256_and_si256(index, sixteen), sixteen);
        let byte = _mm256_blendv_epi8(from_lo, from_hi, upper);
        let bit = _mm256_shuffle_epi8(bit_of, _mm256_and_si256(v, low3));
        let miss = _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), _mm256_setzero_si256());
        let hits = !(_mm256_movemask_epi8(miss) as u32);
        if hits != 0 {
            // SAFETY: `bytes` is 32 bytes, one __m256i.
            unsafe { _mm256_storeu_si256(bytes.as_mut_ptr() as *mut __m256i, v) };
            let mut rest = hits;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let b = bytes[j] as usize;
                if b < 255 {
                    set[b >> 3] &= !(1 << (b & 7));
                    need.take(b);
                } else {
                    // 255 or more: the split's value in full.
                    let i = a + SPLIT_OF_BYTE[j];
                    let x = usize::from(g[i] ^ g[m - i]);
                    if need.contains(x) {
                        need.take(x);
                        high -= 1;
                        if high == 0 {
                            set[31] &= 0x7f;
                        }
                    }
                }
            }
            if need.is_empty() {
                return;
            }
            (t_lo, t_hi) = tables(&set);
        }
        a += 32;
    }
    if a <= hi {
        drain_need_scalar(g, m, a, hi, need);
    }
}

/// The split (offset from `a`) whose value byte `j` of the packed vector of
/// [`drain_need_avx2_bytes`] holds.
#[cfg(target_arch = "x86_64")]
pub(super) const SPLIT_OF_BYTE: [usize; 32] = {
    let mut t = [0; 32];
    let mut j = 0;
    while j < 32 {
        // Bytes 0..8: x0 words 0..8; 8..16: x1 words 0..8; 16..24: x0
        // words 8..16; 24..32: x1 words 8..16.
        t[j] = match j / 8 {
            0 => j,
            1 => 16 + (j - 8),
            2 => 8 + (j - 16),
            _ => 24 + (j - 24),
        };
        j += 1;
    }
    t
};

/// The scalar reference version of [`drain_need`], for both widths (the
/// only version for `u32`).
pub(super) fn drain_need_scalar<V: Value>(
    g: &[V],
    m: usize,
    lo: usize,
    hi: usize,
    need: &mut NeedBits,
) {
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        let v = (x ^ y).index();
        if v < NEED_VALUES && need.words[v >> 6] >> (v & 63) & 1 != 0 {
            need.take(v);
            if need.is_empty() {
                return;
            }
        }
    }
}

/// # Safety
/// The CPU must support AVX-512F and AVX-512BW; `1 <= lo`, `2 * hi <= m`
/// and `m < g.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn drain_need_avx512(g: &[u16], m: usize, lo: usize, hi: usize, need: &mut NeedBits) {
    // SAFETY: as required of this function.
    let a = unsafe { drain_bits_avx512::<1>(g, m, lo, hi, &mut need.words) };
    need.count = need.words.iter().map(|w| w.count_ones() as usize).sum();
    if a <= hi && !need.is_empty() {
        drain_need_scalar(g, m, a, hi, need);
    }
}

/// Clears, in `words` (`8 * R` words: the values below `512 * R` still
/// needed, `R` of 1 or 2), the value of each split `(a, m - a)` from `a = lo`, 32 at a
/// time, while 32 remain up to `hi` and something is needed; returns the
/// first `a` not looked at. Each value is looked up by one word permute
/// over the set held in `R` registers (two tables for `R = 2`); a value
/// found costs a branch or two.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512BW; `1 <= lo`, `2 * hi <= m`
/// and `m < g.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn drain_bits_avx512<const R: usize>(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    words: &mut [u64],
) -> usize {
    use std::arch::x86_64::*;
    const { assert!(R == 1 || R == 2) };
    assert_eq!(words.len(), 8 * R);
    // Lane i takes element 31 - i: reverses 32 words.
    let rev = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31,
    );
    let limit = _mm512_set1_epi16((512 * R) as i16);
    let fifteen = _mm512_set1_epi16(15);
    let one = _mm512_set1_epi16(1);
    let p = words.as_ptr() as *const __m512i;
    // SAFETY: `words` is R times 64 bytes, R __m512i: values 0..512 and
    // 512..1024. The bits then stay in registers, updated there (no
    // store-forwarding stall).
    let mut low = unsafe { _mm512_loadu_si512(p) };
    let mut high = if R == 2 {
        // SAFETY: as above.
        unsafe { _mm512_loadu_si512(p.add(1)) }
    } else {
        _mm512_setzero_si512()
    };
    let mut lanes = [0u16; 32];
    let mut a = lo;
    while a + 31 <= hi {
        // SAFETY: elements a..=a+31 lie in 1..=hi < m < g.len(); elements
        // m-a-31..=m-a lie in m-hi..=m-1 (as a + 31 <= hi), inside g.
        let (left, right) = unsafe {
            (
                _mm512_loadu_si512(g.as_ptr().add(a) as *const __m512i),
                _mm512_loadu_si512(g.as_ptr().add(m - a - 31) as *const __m512i),
            )
        };
        // Lane i: G(a + i) ^ G(m - a - i).
        let x = _mm512_xor_si512(left, _mm512_permutexvar_epi16(rev, right));
        let in_range = _mm512_cmplt_epu16_mask(x, limit);
        // Word x >> 4 of the set (of 64 for R = 2: the index's low 6 bits
        // choose it).
        let index = _mm512_srli_epi16::<4>(x);
        let word = if R == 2 {
            _mm512_permutex2var_epi16(low, index, high)
        } else {
            _mm512_permutexvar_epi16(index, low)
        };
        let bit = _mm512_and_si512(_mm512_srlv_epi16(word, _mm512_and_si512(x, fifteen)), one);
        let hits = _mm512_test_epi16_mask(bit, bit) & in_range;
        if hits != 0 {
            // SAFETY: `lanes` is 64 bytes, one __m512i.
            unsafe { _mm512_storeu_si512(lanes.as_mut_ptr() as *mut __m512i, x) };
            let mut rest = hits;
            while rest != 0 {
                // Clear the value's bit in its register (hit lanes are
                // below 512 * R).
                let v = lanes[rest.trailing_zeros() as usize];
                let clear =
                    _mm512_maskz_set1_epi16(1 << ((v >> 4) & 31), (1u16 << (v & 15)) as i16);
                if R == 2 && v >= 512 {
                    high = _mm512_andnot_si512(clear, high);
                } else {
                    low = _mm512_andnot_si512(clear, low);
                }
                rest &= rest - 1;
            }
            let left = _mm512_or_si512(low, high);
            if _mm512_test_epi64_mask(left, left) == 0 {
                break;
            }
        }
        a += 32;
    }
    let p = words.as_mut_ptr() as *mut __m512i;
    // SAFETY: as above.
    unsafe {
        _mm512_storeu_si512(p, low);
        if R == 2 {
            _mm512_storeu_si512(p.add(1), high);
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(f: impl Fn(&mut [u32; VALUES]), marked: &mut Vec<usize>) {
        let mut stamp: Box<[u32; VALUES]> =
            vec![0u32; VALUES].into_boxed_slice().try_into().unwrap();
        f(&mut stamp);
        marked.clear();
        marked.extend((0..VALUES).filter(|&v| stamp[v] == 7));
    }

    /// As `run`, with the stamp array of 4-byte values.
    fn run_wide(f: impl Fn(&mut [u32]), marked: &mut Vec<usize>) {
        let mut stamp = vec![0u32; 2 * VALUES];
        f(&mut stamp);
        marked.clear();
        marked.extend((0..stamp.len()).filter(|&v| stamp[v] == 7));
    }

    #[test]
    fn pair_stamping_matches_the_scalar_one() {
        let mut x = 0x2545_F491u32;
        let g: Vec<u16> = (0..3000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x as u16
            })
            .collect();
        for (m, lo, hi) in [(2999, 1, 1499), (100, 1, 50), (2000, 40, 100), (70, 2, 35)] {
            let (mut want, mut got) = (Vec::new(), Vec::new());
            run(
                |st| super::super::stamp_pair_range_scalar(&g, m, lo, hi, st, 7),
                &mut want,
            );
            run(|st| stamp_pairs(&g, m, lo, hi, st, 7), &mut got);
            assert_eq!(want, got, "m={m} lo={lo} hi={hi}");
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: feature checked; 1 <= lo, 2 * hi <= m < g.len().
                run(
                    |st| unsafe { stamp_pairs_avx2(&g, m, lo, hi, st, 7) },
                    &mut got,
                );
                assert_eq!(want, got, "avx2 m={m} lo={lo} hi={hi}");
            }
            let wide: Vec<u32> = g.iter().map(|&v| u32::from(v)).collect();
            run_wide(
                |st| super::super::stamp_pair_range_scalar(&wide, m, lo, hi, st, 7),
                &mut got,
            );
            assert_eq!(want, got, "u32 m={m} lo={lo} hi={hi}");
        }
    }

    #[test]
    fn need_bit_test_matches_the_scalar_one() {
        let mut x = 0x1234_5678u32;
        let g: Vec<u16> = (0..3000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                // Mostly small values, some past 32,767 (negative as i16:
                // the byte version must not take them for 0).
                if x.is_multiple_of(97) {
                    (40_000 + x % 1000) as u16
                } else {
                    (x % 700) as u16
                }
            })
            .collect();
        let cases = [
            (2999, 1, 1499),
            (100, 1, 50),
            (64, 3, 31),
            (2000, 40, 41),
            (900, 1, 450),
        ];
        // Needs below 255 take the byte version.
        for ((m, lo, hi), bound) in cases
            .into_iter()
            .flat_map(|c| [(c, 512), (c, 255), (c, 40)])
        {
            for stride in [1usize, 7, 31] {
                let needed: Vec<u16> = (0..bound).step_by(stride).map(|v| v as u16).collect();
                let needed = || needed.iter().map(|&v| v as usize);
                let mut want = NeedBits::new(needed());
                drain_need_scalar(&g, m, lo, hi, &mut want);
                let mut got = NeedBits::new(needed());
                drain_need(&g, m, lo, hi, &mut got);
                // The wide (u32) scalar version, the only one for 4-byte
                // values, on the same values.
                let wide: Vec<u32> = g.iter().map(|&v| u32::from(v)).collect();
                let mut got_wide = NeedBits::new(needed());
                drain_need_scalar(&wide, m, lo, hi, &mut got_wide);
                assert_eq!(want.words, got_wide.words, "u32 m={m} lo={lo} hi={hi}");
                // Both stop once nothing is needed; otherwise the same values remain.
                assert_eq!(want.is_empty(), got.is_empty());
                assert_eq!(
                    want.words, got.words,
                    "m={m} lo={lo} hi={hi} stride={stride}"
                );
            }
        }
    }

    #[test]
    fn simd_versions_match_the_scalar_one() {
        // A pseudo-random table with values up to 65,535.
        let mut x = 0x9E37_79B9u32;
        let g: Vec<u16> = (0..5000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x as u16
            })
            .collect();
        let m = 4999;
        for len in [0usize, 3, 8, 15, 16, 17, 40, 1000] {
            let heaps: Vec<u32> = (0..len as u32)
                .map(|i| 1 + (i * 37) % (m as u32 - 1))
                .collect();
            let vals: Vec<u32> = heaps.iter().map(|&h| g[h as usize] as u32).collect();
            let (mut want, mut got) = (Vec::new(), Vec::new());
            run(
                |st| stamp_rare_scalar(&g, m, &heaps, &vals, st, 7),
                &mut want,
            );
            run(|st| stamp_rare(&g, m, &heaps, &vals, st, 7), &mut got);
            assert_eq!(want, got, "dispatch, {len} heaps");
            let wide: Vec<u32> = g.iter().map(|&v| u32::from(v)).collect();
            run_wide(
                |st| stamp_rare_scalar(&wide, m, &heaps, &vals, st, 7),
                &mut got,
            );
            assert_eq!(want, got, "u32, {len} heaps");
            #[cfg(target_arch = "x86_64")]
            {
                if std::arch::is_x86_feature_detected!("avx512f") {
                    // SAFETY: feature checked; 1 <= m < i32::MAX and g.len() > m.
                    run(
                        |st| unsafe { stamp_rare_avx512(&g, m, &heaps, &vals, st, 7) },
                        &mut got,
                    );
                    assert_eq!(want, got, "avx512, {len} heaps");
                }
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: as above.
                    run(
                        |st| unsafe { stamp_rare_avx2(&g, m, &heaps, &vals, st, 7) },
                        &mut got,
                    );
                    assert_eq!(want, got, "avx2, {len} heaps");
                }
            }
        }
    }
}
