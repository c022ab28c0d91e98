//! The far pairs of a batch of the rare-value method (see `rare::stamp_far`,
//! the reference): the pairs whose other part lies below the batch, marked
//! for all 32 heaps at once, with AVX-512 in registers
//! ([`stamp_far_regs`]) or with AVX2 by byte stores ([`stamp_far_bytes`]).

use super::marks::{FarPairs, Partial, BATCH};
use super::simd::{detected, level, Level};

/// The largest value span (a power of two) [`stamp_far_bytes`] handles: 32
/// rows of it as bytes take 32 KB, and a byte's index fits 15 bits.
pub(super) const FAR_SPAN_MAX: usize = 1024;

/// Rare heaps ahead whose 32 partners [`stamp_far_bytes`] prefetches (the
/// table below a batch is mostly out of the first-level cache).
const FAR_AHEAD: usize = 8;

/// An index no row of [`stamp_far_bytes`]'s scratch reaches (rows end at
/// `32 * FAR_SPAN_MAX`): the byte for a split a heap may not make.
const FAR_NOWHERE: u16 = u16::MAX;

/// The scratch of [`stamp_far_bytes`], one per thread: 32 rows of a byte
/// per value (row `j` at `j * span`), all zero between calls; `dirty` is
/// set while marks may be left in it (a panic between marking and
/// gathering), so the next call clears it first.
struct FarScratch {
    bytes: Box<[u8; 1 << 16]>,
    dirty: bool,
}

thread_local! {
    static FAR_SCRATCH: std::cell::RefCell<Option<FarScratch>> =
        const { std::cell::RefCell::new(None) };
}

/// Whether [`stamp_far_bytes`] applies to values below `span` on this CPU.
pub(super) fn far_bytes_usable(span: usize) -> bool {
    span.is_power_of_two()
        && (64..=FAR_SPAN_MAX).contains(&span)
        && cfg!(target_arch = "x86_64")
        && level() >= Level::Avx2
}

/// The far pairs of a batch (see `rare::stamp_far`, the reference, which
/// marks the same bits): the value of each pair of `far` ORed into row `j`
/// (the batch's heap `n0 + j`) of `rows` (`BATCH` rows of `words` words,
/// values below `span`).
///
/// Each first part's 32 marks are formed by two vector operations and
/// written as 32 plain byte stores into a scratch of a byte per value (no
/// read-modify-write of bits), then gathered into bits 32 values at a time.
/// Requires [`far_bytes_usable`]`(span)`, `words * 64 >= span`, values
/// below `span` (larger ones are masked, so marked wrongly but safely) and
/// `g` holding the other parts (it panics otherwise).
pub(super) fn stamp_far_bytes(
    far: &FarPairs<'_, u16>,
    span: usize,
    rows: &mut [u64],
    words: usize,
) {
    check_args(span, FAR_SPAN_MAX, Level::Avx2, rows, words);
    FAR_SCRATCH.with(|cell| {
        let mut cell = cell.borrow_mut();
        let scratch = cell.get_or_insert_with(|| FarScratch {
            bytes: vec![0u8; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("the scratch has 2^16 bytes")),
            dirty: false,
        });
        if scratch.dirty {
            scratch.bytes.fill(0);
        }
        scratch.dirty = true;
        #[cfg(target_arch = "x86_64")]
        for (top, heaps, vals, small) in far.tops() {
            let bytes = &mut scratch.bytes;
            // SAFETY: AVX2 is present (asserted).
            unsafe { mark_far_avx2(far.g, top, heaps, vals, small, far.unequal, span, bytes) };
        }
        #[cfg(target_arch = "x86_64")]
        // SAFETY: AVX2 is present; the rows are checked above.
        unsafe {
            gather_far_avx2(&mut scratch.bytes, span, rows, words)
        };
        scratch.dirty = false;
    });
}

/// Asserts what both kernels need: values below `span`, a power of two
/// from 64 to `max`; a CPU with `level` (the CPU's, not [`level()`]: a test
/// may cap that meanwhile); and `BATCH` rows of `words` words for them.
fn check_args(span: usize, max: usize, level: Level, rows: &[u64], words: usize) {
    assert!(
        span.is_power_of_two()
            && (64..=max).contains(&span)
            && detected() >= level
            && words * 64 >= span
            && rows.len() >= BATCH * words
    );
}

/// Pair `i` of the far pairs at `top` (see [`mark_far_avx2`]): the rare
/// heaps `heaps` (values `vals`), then the small parts from `small_from`
/// (values from `g`), as the first part and its value. For a rare heap it
/// prefetches the partners of the one [`FAR_AHEAD`] on (the table below a
/// batch is mostly out of the first-level cache; the small parts'
/// partners are consecutive).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn far_pair(
    g: &[u16],
    top: usize,
    heaps: &[u32],
    vals: &[u32],
    small_from: usize,
    i: usize,
) -> (usize, u16) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    let rare = heaps.len().min(vals.len());
    if i < rare {
        if let Some(&ahead) = heaps.get(i + FAR_AHEAD) {
            let p = g.as_ptr().wrapping_add(top.wrapping_sub(ahead as usize)) as *const i8;
            // SAFETY: a prefetch never faults, wherever it points.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(p);
                _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(2 * BATCH - 2));
            }
        }
        (heaps[i] as usize, vals[i] as u16)
    } else {
        let a = small_from + i - rare;
        (a, g[a])
    }
}

/// Marks, in `bytes`, byte `j * span + (v ^ g[top - h + j])` (masked to the
/// span) for each rare heap `h = heaps[i]` of value `v = vals[i]` and each
/// small part `h` in `smalls` (of value `v = g[h]`), but not split
/// `j = 2h - top` when `unequal`.
///
/// # Safety
/// The CPU must support AVX2; `span <= FAR_SPAN_MAX` (a power of two).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
unsafe fn mark_far_avx2(
    g: &[u16],
    top: usize,
    heaps: &[u32],
    vals: &[u32],
    smalls: std::ops::Range<usize>,
    unequal: bool,
    span: usize,
    bytes: &mut [u8; 1 << 16],
) {
    use std::arch::x86_64::*;
    debug_assert!(span.is_power_of_two() && span <= FAR_SPAN_MAX);
    let limit = _mm256_set1_epi16((span - 1) as i16);
    // Row j starts at j * span (at most 31 * 1024: fits an i16).
    let row_lo = _mm256_mullo_epi16(
        _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
        _mm256_set1_epi16(span as i16),
    );
    let row_hi = _mm256_add_epi16(row_lo, _mm256_set1_epi16((16 * span) as i16));
    // Lane i of `first` stands for split i, of `second` for split 16 + i.
    let first = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    let second = _mm256_add_epi16(first, _mm256_set1_epi16(16));
    let nowhere = _mm256_set1_epi16(FAR_NOWHERE as i16);
    let rare = heaps.len().min(vals.len());
    for i in 0..rare + smalls.len() {
        let (h, v) = far_pair(g, top, heaps, vals, smalls.start, i);
        let base = top - h;
        let partners = &g[base..base + BATCH];
        let v = _mm256_set1_epi16(v as i16);
        // SAFETY: `partners` is 32 values, two 32-byte loads.
        let (x0, x1) = unsafe {
            (
                _mm256_loadu_si256(partners.as_ptr() as *const __m256i),
                _mm256_loadu_si256(partners.as_ptr().add(16) as *const __m256i),
            )
        };
        let mut v0 = _mm256_add_epi16(_mm256_and_si256(_mm256_xor_si256(x0, v), limit), row_lo);
        let mut v1 = _mm256_add_epi16(_mm256_and_si256(_mm256_xor_si256(x1, v), limit), row_hi);
        if unequal {
            // Heap top + j with top + j = 2h may not split into h and h:
            // its byte goes nowhere.
            let skip = _mm256_set1_epi16((2 * h).wrapping_sub(top).min(BATCH) as i16);
            v0 = _mm256_blendv_epi8(v0, nowhere, _mm256_cmpeq_epi16(first, skip));
            v1 = _mm256_blendv_epi8(v1, nowhere, _mm256_cmpeq_epi16(second, skip));
        }
        // The 32 byte indices, taken from the registers one by one (by way
        // of memory it ran slower).
        for half in [
            _mm256_castsi256_si128(v0),
            _mm256_extracti128_si256::<1>(v0),
            _mm256_castsi256_si128(v1),
            _mm256_extracti128_si256::<1>(v1),
        ] {
            bytes[_mm_extract_epi16::<0>(half) as u16 as usize] = 0x80;
            bytes[_mm_extract_epi16::<1>(half) as u16 as usize] = 0x80;
            bytes[_mm_extract_epi16::<2>(half) as u16 as usize] = 0x80;
            bytes[_mm_extract_epi16::<3>(half) as u16 as usize] = 0x80;
            bytes[_mm_extract_epi16::<4>(half) as u16 as usize] = 0x80;
            bytes[_mm_extract_epi16::<5>(half) as u16 as usize] = 0x80;
            bytes[_mm_extract_epi16::<6>(half) as u16 as usize] = 0x80;
            bytes[_mm_extract_epi16::<7>(half) as u16 as usize] = 0x80;
        }
    }
}

/// ORs the marks of `bytes` (rows of `span` bytes, see [`mark_far_avx2`])
/// into `rows` (`BATCH` rows of `words` words) and clears them.
///
/// # Safety
/// The CPU must support AVX2; `span` a power of two from 64 to
/// `FAR_SPAN_MAX`, `words * 64 >= span`, `rows.len() >= BATCH * words`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn gather_far_avx2(bytes: &mut [u8; 1 << 16], span: usize, rows: &mut [u64], words: usize) {
    use std::arch::x86_64::*;
    let zero = _mm256_setzero_si256();
    for j in 0..BATCH {
        let row = &mut bytes[j * span..(j + 1) * span];
        for (w, chunk) in row.chunks_exact_mut(64).enumerate() {
            // SAFETY: `chunk` is 64 bytes, two 32-byte loads and stores.
            let bits = unsafe {
                let p = chunk.as_mut_ptr() as *mut __m256i;
                let lo = _mm256_movemask_epi8(_mm256_loadu_si256(p)) as u32;
                let hi = _mm256_movemask_epi8(_mm256_loadu_si256(p.add(1))) as u32;
                _mm256_storeu_si256(p, zero);
                _mm256_storeu_si256(p.add(1), zero);
                u64::from(lo) | u64::from(hi) << 32
            };
            rows[j * words + w] |= bits;
        }
    }
}

/// The most values [`stamp_far_regs`] marks: 32 rows of 8 words of 32
/// bits, held in 16 vector registers.
pub(super) const FAR_REGS_VALUES: usize = 256;

/// The first bound of partial marks ([`Partial::Below192`]): 12 of the 16
/// registers of [`stamp_far_regs`], for a fifth fewer operations a mark.
/// Grundy's game (issue 55): of the last 10^6 heaps below 2^24, 99.987%
/// have a value below 192 (99.83% below 160, 84% below 128); one thread to
/// 2^24 took 12.9 s of CPU against 14.8 s with 256.
pub(super) const PARTIAL_LOW: usize = 192;

/// Whether [`stamp_far_regs`] applies to a batch whose values are below
/// `span` on this CPU, and below which value it marks: every value when
/// `span <= 256`; with [`Partial::Below192`], the values below 192 when
/// `span` is 256 or 512; with [`Partial::Below256`] (or `Below192` where
/// tests lowered the cap), the values below 256 when `span` is 512 (tests
/// lower that 256 with [`cap_partial`], and 192 is then not used).
pub(super) fn far_regs_bound(span: usize, partial: Partial) -> Option<usize> {
    let usable = cfg!(target_arch = "x86_64") && level() >= Level::Avx512;
    let cap = partial_cap();
    let low = partial == Partial::Below192 && cap == FAR_REGS_VALUES;
    match span {
        _ if !usable || !span.is_power_of_two() || span < 64 => None,
        _ if low && (span == 256 || span == 512) => Some(PARTIAL_LOW),
        _ if partial != Partial::Off && span == 2 * cap => Some(cap),
        _ if span <= FAR_REGS_VALUES => Some(span),
        _ => None,
    }
}

/// The bound of partial marks ([`far_regs_bound`]).
fn partial_cap() -> usize {
    #[cfg(test)]
    return PARTIAL_CAP.load(std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(test))]
    FAR_REGS_VALUES
}

#[cfg(test)]
static PARTIAL_CAP: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(FAR_REGS_VALUES);

/// Lowers the bound of partial marks for this process to `cap` (64 or
/// 128; 256 restores it), so that tests reach heaps whose values are not
/// marked with small games. Every bound computes the same values.
#[cfg(test)]
pub(super) fn cap_partial(cap: usize) {
    assert!([64, 128, FAR_REGS_VALUES].contains(&cap));
    PARTIAL_CAP.store(cap, std::sync::atomic::Ordering::Relaxed);
}

/// The far pairs of a batch, like [`stamp_far_bytes`], but only the
/// values below `bound` (from [`far_regs_bound`]`(span, partial)`, which
/// must be `Some(bound)`), each ORed into row `j` of `rows` (`BATCH` rows
/// of `words` words, `words * 64 >= bound`).
///
/// No memory is written per mark: the rows are kept in 16 AVX-512
/// registers, a register per 32 values of 16 rows, and each mark of 16
/// rows at once costs a compare and a masked OR per register. That is 1.25
/// vector operations a mark at 256 values, against a store a mark (the
/// limit of [`stamp_far_bytes`]); fewer at smaller bounds.
pub(super) fn stamp_far_regs(
    far: &FarPairs<'_, u16>,
    bound: usize,
    rows: &mut [u64],
    words: usize,
) {
    // 192 is the one bound that is not a power of two.
    check_args(
        bound.next_power_of_two(),
        FAR_REGS_VALUES,
        Level::Avx512,
        rows,
        words,
    );
    #[cfg(target_arch = "x86_64")]
    {
        let mut acc = [[0u32; 16]; 2 * FAR_REGS_VALUES / 32];
        for (top, heaps, vals, small) in far.tops() {
            let (g, unequal) = (far.g, far.unequal);
            // SAFETY: AVX-512F is present (asserted); `g` holds the
            // partners (`FarPairs`).
            unsafe {
                match bound {
                    64 => mark_far_avx512::<2>(g, top, heaps, vals, small, unequal, &mut acc),
                    128 => mark_far_avx512::<4>(g, top, heaps, vals, small, unequal, &mut acc),
                    PARTIAL_LOW => {
                        mark_far_avx512::<6>(g, top, heaps, vals, small, unequal, &mut acc)
                    }
                    _ => mark_far_avx512::<8>(g, top, heaps, vals, small, unequal, &mut acc),
                }
            }
        }
        // Word w of half h, lane i: bits 32w .. 32w + 31 of row 16h + i.
        let count = bound / 32;
        for j in 0..BATCH {
            let (half, lane) = (j / 16, j % 16);
            for q in 0..count / 2 {
                let lo = acc[half * count + 2 * q][lane];
                let hi = acc[half * count + 2 * q + 1][lane];
                rows[j * words + q] |= u64::from(lo) | u64::from(hi) << 32;
            }
        }
    }
}

/// Marks, in `acc`, the values below `32 * W` of the far pairs at `top`
/// (see [`mark_far_avx2`]): bit `x & 31` of `acc[h * W + (x >> 5)][i]`
/// for value `x` of row `16h + i`. `acc` is read first and written back.
///
/// # Safety
/// The CPU must support AVX-512F. (`g` must hold `top - h .. top - h + 32`
/// for every rare heap `h` and small part of `smalls`; it panics
/// otherwise.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn mark_far_avx512<const W: usize>(
    g: &[u16],
    top: usize,
    heaps: &[u32],
    vals: &[u32],
    smalls: std::ops::Range<usize>,
    unequal: bool,
    acc: &mut [[u32; 16]; 2 * FAR_REGS_VALUES / 32],
) {
    use std::arch::x86_64::*;
    let one = _mm512_set1_epi32(1);
    // A value no word holds: the mark of a split a heap may not make.
    let nowhere = _mm512_set1_epi32(-1);
    let mut reg = [[_mm512_setzero_si512(); W]; 2];
    for (half, words) in reg.iter_mut().enumerate() {
        for (w, r) in words.iter_mut().enumerate() {
            // SAFETY: each row of `acc` is 64 bytes, one __m512i.
            *r = unsafe { _mm512_loadu_si512(acc[half * W + w].as_ptr() as *const __m512i) };
        }
    }
    let rare = heaps.len().min(vals.len());
    for i in 0..rare + smalls.len() {
        let (h, v) = far_pair(g, top, heaps, vals, smalls.start, i);
        let partners = &g[top - h..top - h + BATCH];
        let v = _mm512_set1_epi32(v as i32);
        // SAFETY: `partners` is 32 values, two 32-byte loads.
        let (x0, x1) = unsafe {
            (
                _mm512_cvtepu16_epi32(_mm256_loadu_si256(partners.as_ptr() as *const __m256i)),
                _mm512_cvtepu16_epi32(_mm256_loadu_si256(
                    partners.as_ptr().add(16) as *const __m256i
                )),
            )
        };
        let mut x = [_mm512_xor_si512(x0, v), _mm512_xor_si512(x1, v)];
        // Heap top + j with top + j = 2h may not split into h and h.
        let skip = (2 * h).wrapping_sub(top);
        if unequal && skip < BATCH {
            let lane = 1u16 << (skip % 16);
            x[skip / 16] = _mm512_mask_mov_epi32(x[skip / 16], lane, nowhere);
        }
        for (words, &x) in reg.iter_mut().zip(&x) {
            let bit = _mm512_rolv_epi32(one, x);
            let word = _mm512_srli_epi32::<5>(x);
            for (w, r) in words.iter_mut().enumerate() {
                let here = _mm512_cmpeq_epi32_mask(word, _mm512_set1_epi32(w as i32));
                *r = _mm512_mask_or_epi32(*r, here, *r, bit);
            }
        }
    }
    for (half, words) in reg.iter().enumerate() {
        for (w, r) in words.iter().enumerate() {
            // SAFETY: as above.
            unsafe { _mm512_storeu_si512(acc[half * W + w].as_mut_ptr() as *mut __m512i, *r) };
        }
    }
}
