//! The test of the values a heap still needs ([`NeedBits`]) against the
//! splits of the heap, 32 at a time: AVX-512BW (a bit lookup), AVX2 (as
//! bytes while every value needed is below 255, else as words) and the
//! scalar reference the others are tested against.

use super::level;
#[cfg(target_arch = "x86_64")]
use super::Level;
use crate::sequence::marks::{NeedBits, NEED_BITS_VALUES};
use crate::sequence::value::Value;

/// Marks seen, in `need`, each value G(a) ^ G(m - a) for `lo <= a <= hi`
/// (`1 <= lo`, `hi < m`, `2 * hi <= m`), going up in `a`, and stops as soon
/// as nothing is needed any more. The AVX-512BW version tests 32 splits at a
/// time against the bits, the AVX2 ones 32 as bytes (when every value needed
/// is below 255) or 16; the scalar one is the reference.
pub(in crate::sequence) fn drain_need(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    need: &mut NeedBits,
) {
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
pub(in crate::sequence) unsafe fn load_splits_32(
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
pub(in crate::sequence) fn reverse_words(
    v: std::arch::x86_64::__m256i,
) -> std::arch::x86_64::__m256i {
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
    let max = _mm256_set1_epi32(NEED_BITS_VALUES as i32 - 1);
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
pub(in crate::sequence) const SPLIT_OF_BYTE: [usize; 32] = {
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
pub(in crate::sequence) fn drain_need_scalar<V: Value>(
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
        if v < NEED_BITS_VALUES && need.words[v >> 6] >> (v & 63) & 1 != 0 {
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
pub(in crate::sequence) unsafe fn drain_bits_avx512<const R: usize>(
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
