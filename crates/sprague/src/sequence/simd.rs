//! The inner loop of the rare-value method, stamping the values of the
//! splits of one heap that have a rare part, in three versions chosen at
//! run time: AVX-512, AVX2 (gathers of the table at the rare positions)
//! and scalar, the reference the others are tested against.

use super::VALUES;

/// For each rare heap `h = heaps[i]` with value `vals[i]` (and
/// `1 <= h < m`), marks the value `vals[i] ^ g[m - h]` in `stamp` with `s`.
///
/// Requires `g.len() > m` (the SIMD versions read two values at a time);
/// shorter tables take the scalar path.
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
        if in_bounds && len >= 16 && std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F (checked above) and every gather
            // address is inside `g` (checked above).
            unsafe { stamp_rare_avx512(g, m, heaps, vals, stamp, s) };
            return;
        }
        if in_bounds && len >= 8 && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 and every gather address is inside `g`.
            unsafe { stamp_rare_avx2(g, m, heaps, vals, stamp, s) };
            return;
        }
    }
    stamp_rare_scalar(g, m, heaps, vals, stamp, s);
}

/// The scalar reference version of [`stamp_rare`].
pub(super) fn stamp_rare_scalar(
    g: &[u16],
    m: usize,
    heaps: &[u32],
    vals: &[u32],
    stamp: &mut [u32; VALUES],
    s: u32,
) {
    for (&h, &v) in heaps.iter().zip(vals) {
        let x = (g[m - h as usize] as u32 ^ v) & 0xFFFF;
        stamp[x as usize] = s;
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
    let sv = _mm512_set1_epi32(s as i32);
    let base = g.as_ptr() as *const i32;
    let out = stamp.as_mut_ptr() as *mut i32;
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
        // SAFETY: every lane of x is below 0x10000 = VALUES, so each 4-byte
        // store lands inside `stamp`.
        unsafe { _mm512_i32scatter_epi32::<4>(out, x, sv) };
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
