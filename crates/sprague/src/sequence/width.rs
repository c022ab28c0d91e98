//! The two widths of stored values, `u16` and `u32`, as [`Value`]s: each
//! names the kernels its tables are computed with (the SIMD ones of
//! `simd`, `far` and `plain` for `u16`, the scalar references for `u32`).
//! Kept apart from the trait so that the kernels, which are generic over
//! it, sit below both.

use super::far;
use super::marks::{FarPairs, Need, NeedBits, Partial};
use super::plain;
use super::simd;
use super::value::{Value, NARROW_VALUES, RARE_MAX_VALUE};

impl Value for u16 {
    type Stamp = [u32; NARROW_VALUES];
    const MAX_INDEX: usize = NARROW_VALUES - 1;

    #[inline(always)]
    fn from_index(i: usize) -> u16 {
        debug_assert!(i < NARROW_VALUES);
        i as u16
    }
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u16::count_ones(self)
    }
    fn new_stamp(_max: u16) -> Box<[u32; NARROW_VALUES]> {
        vec![0u32; NARROW_VALUES]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the stamp array has NARROW_VALUES entries"))
    }
    #[inline(always)]
    fn fit_stamp(_stamp: &mut Box<[u32; NARROW_VALUES]>, _max: u16) {
        // All 65,536 values are covered: a mex of 65,536 is `None`, and the
        // sequence widens.
    }
    #[inline]
    fn stamp_pairs(g: &[u16], m: usize, lo: usize, hi: usize, stamp: &mut Self::Stamp, s: u32) {
        simd::stamp_pairs(g, m, lo, hi, stamp, s);
    }
    #[inline]
    fn stamp_rare(
        g: &[u16],
        m: usize,
        heaps: &[u32],
        vals: &[u32],
        stamp: &mut Self::Stamp,
        s: u32,
    ) {
        simd::stamp_rare(g, m, heaps, vals, stamp, s);
    }
    #[inline]
    fn drain_need(g: &[u16], m: usize, lo: usize, hi: usize, need: &mut NeedBits) {
        simd::drain_need(g, m, lo, hi, need);
    }
    #[inline]
    fn drain_plain(g: &[u16], m: usize, lo: usize, hi: usize, need: &mut Need, bound: usize) {
        plain::drain(g, m, lo, hi, need, bound);
    }
    #[inline]
    fn need_test_pays() -> bool {
        simd::level() >= simd::Level::Avx2
    }
    fn stamp_far_regs(
        far: &FarPairs<'_, u16>,
        span: usize,
        partial: Partial,
        rows: &mut [u64],
        words: usize,
    ) -> Option<usize> {
        let bound = far::far_regs_bound(span, partial)?;
        far::stamp_far_regs(far, bound, rows, words);
        // Below `span`, every value.
        Some(if bound >= span { usize::MAX } else { bound })
    }
    fn stamp_far_bytes(
        far: &FarPairs<'_, u16>,
        span: usize,
        rows: &mut [u64],
        words: usize,
    ) -> bool {
        if !far::far_bytes_usable(span) {
            return false;
        }
        far::stamp_far_bytes(far, span, rows, words);
        true
    }
}

/// The wide width: values up to `u32::MAX`, 4 bytes each, scalar kernels
/// (a SIMD version would read half as many values per vector; the games
/// whose values pass 65,535 are rare and mostly Nim-like, where the take
/// moves, not the split kernels, dominate).
impl Value for u32 {
    type Stamp = [u32];
    const MAX_INDEX: usize = u32::MAX as usize;

    #[inline(always)]
    fn from_index(i: usize) -> u32 {
        debug_assert!(i <= u32::MAX as usize);
        i as u32
    }
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u32::count_ones(self)
    }
    fn new_stamp(max: u32) -> Box<[u32]> {
        vec![0u32; wide_stamp_len(max)].into_boxed_slice()
    }
    fn fit_stamp(stamp: &mut Box<[u32]>, max: u32) {
        let want = wide_stamp_len(max);
        if stamp.len() < want {
            // Marks of earlier heaps need not be kept: every heap starts
            // with a new token, and 0 is never one.
            *stamp = vec![0u32; want].into_boxed_slice();
        }
    }
    fn stamp_pairs(g: &[u32], m: usize, lo: usize, hi: usize, stamp: &mut [u32], s: u32) {
        super::value::stamp_pair_range_scalar(g, m, lo, hi, stamp, s);
    }
    fn stamp_rare(g: &[u32], m: usize, heaps: &[u32], vals: &[u32], stamp: &mut [u32], s: u32) {
        simd::stamp_rare_scalar(g, m, heaps, vals, stamp, s);
    }
    fn drain_need(g: &[u32], m: usize, lo: usize, hi: usize, need: &mut NeedBits) {
        simd::drain_need_scalar(g, m, lo, hi, need);
    }
    fn drain_plain(g: &[u32], m: usize, lo: usize, hi: usize, need: &mut Need, _bound: usize) {
        plain::drain_scalar(g, m, lo, hi, need);
    }
    fn need_test_pays() -> bool {
        false
    }
    fn stamp_far_regs(
        _far: &FarPairs<'_, u32>,
        _span: usize,
        _partial: Partial,
        _rows: &mut [u64],
        _words: usize,
    ) -> Option<usize> {
        None
    }
    fn stamp_far_bytes(
        _far: &FarPairs<'_, u32>,
        _span: usize,
        _rows: &mut [u64],
        _words: usize,
    ) -> bool {
        false
    }
}

/// The stamp length for values up to `max`: with P the least power of two
/// above `max`, every option value (a nim-sum of values below P) is below
/// P, so the mex is at most P; the rare-value method also looks for the
/// least *common* value, which is below P + (its mask, below P), hence
/// P + min(P, [`RARE_MAX_VALUE`]) entries (capped at 2^32, all `u32`
/// values).
fn wide_stamp_len(max: u32) -> usize {
    let p = (max as usize + 1).next_power_of_two().max(NARROW_VALUES);
    (p + p.min(RARE_MAX_VALUE)).min(1 << 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wide_stamp_covers_options_and_the_least_common_value() {
        assert_eq!(wide_stamp_len(70_000), 2 * (1 << 17));
        assert_eq!(wide_stamp_len(5_000_000), (1 << 23) + (1 << 20));
        assert_eq!(wide_stamp_len(u32::MAX), 1 << 32);
    }
}
