//! The inner loop of the rare-value method, stamping the values of the
//! splits of one heap that have a rare part, in three versions chosen at
//! run time: AVX-512, AVX2 (gathers of the table at the rare positions)
//! and scalar, the reference the others are tested against.
//!
//! The SIMD kernels are for 2-byte values (`u16`, the common case); the
//! scalar ones are generic over the value width and are the only ones for
//! 4-byte values (a sequence with a value above 65,535), where a vector
//! holds half as many values and such games are rare.

mod drain;

#[cfg(target_arch = "x86_64")]
pub(super) use drain::{drain_bits_avx512, load_splits_32, reverse_words, SPLIT_OF_BYTE};
pub(super) use drain::{drain_need, drain_need_scalar};

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
    super::value::stamp_pair_range_scalar(g, m, lo, hi, stamp, s);
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
        super::value::stamp_pair_range_scalar(g, m, a, hi, stamp, s);
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
        super::value::stamp_pair_range_scalar(g, m, a, hi, stamp, s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::marks::NeedBits;

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
                |st| super::super::value::stamp_pair_range_scalar(&g, m, lo, hi, st, 7),
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
                |st| super::super::value::stamp_pair_range_scalar(&wide, m, lo, hi, st, 7),
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
