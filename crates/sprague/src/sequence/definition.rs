//! A value by the definition (the mex over every option), the reference
//! that checks values computed elsewhere.

use crate::takebreak::{largest_smaller_part, MoveSet};

/// G(n) by the definition, from the values G(0), ..., G(n - 1) in
/// `values[..n]` (of any unsigned type): the mex of the values of all
/// options of heap `n`. Meant for checking values computed elsewhere (a
/// file that `sequence --resume` continues) at a few heaps.
///
/// Time O(n·k) for k amounts that split a heap in two, O(n²·k) for
/// three-heap splits. Scratch: one bit per value below the smaller of the
/// number of options and the least power of two above every value of
/// `values[..n]` (the mex is at most either). `None` when `values` holds
/// fewer than `n` values.
///
/// ```
/// use sprague::sequence::value_by_definition;
/// use sprague::takebreak::TakeBreakCode;
/// let kayles = TakeBreakCode::parse_octal("0.77").unwrap().move_set();
/// let g: [u16; 11] = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2];
/// assert_eq!(value_by_definition(&kayles, &g, 11), Some(6));
/// ```
pub fn value_by_definition<V: Copy + Into<u64>>(
    moves: &MoveSet,
    values: &[V],
    n: usize,
) -> Option<u64> {
    let g = values.get(..n)?;
    let n64 = n as u64;
    // The mex is at most the number of options...
    let mut options: u64 = 1;
    if let Some(set) = moves.named {
        options = options.saturating_add(set.count_up_to(n64, u64::MAX));
    }
    for &(lo, hi) in &moves.take {
        let hi = hi.min(n64.saturating_sub(1));
        options = options.saturating_add(hi.saturating_sub(lo.max(1)) + 1);
    }
    for &(lo, hi) in &moves.split2 {
        for k in lo..=hi.min(n64.saturating_sub(2)) {
            let h = largest_smaller_part(n64 - k, moves.unequal);
            options = options.saturating_add(h);
        }
    }
    for &(lo, hi) in &moves.split3 {
        for k in lo..=hi.min(n64.saturating_sub(3)) {
            let m = n64 - k;
            options = options.saturating_add((m / 3).saturating_mul(m / 2));
        }
    }
    // ... and at most the least power of two above every value.
    let max = g.iter().map(|&v| v.into()).max().unwrap_or(0);
    let bound = max
        .checked_add(1)
        .and_then(u64::checked_next_power_of_two)
        .unwrap_or(u64::MAX)
        .min(options);
    let len = usize::try_from(bound).ok()?.saturating_add(1);
    let mut reached = vec![0u64; len.div_ceil(64)];
    let mut reach = |v: u64| {
        if v < len as u64 {
            reached[v as usize / 64] |= 1 << (v % 64);
        }
    };
    let value = |i: usize| -> u64 { g[i].into() };
    if moves.allows_take_all(n64) {
        reach(0);
    }
    for &(lo, hi) in &moves.take {
        for k in lo.max(1)..=hi.min(n64.saturating_sub(1)) {
            reach(value(n - k as usize));
        }
    }
    if let Some(set) = moves.named {
        let _ = set.for_each_up_to(n64.saturating_sub(1), &mut |k| {
            reach(value(n - k as usize));
            std::ops::ControlFlow::Continue(())
        });
    }
    for &(lo, hi) in &moves.split2 {
        for k in lo..=hi.min(n64.saturating_sub(2)) {
            let m = n - k as usize;
            for a in 1..=largest_smaller_part(m as u64, moves.unequal) as usize {
                reach(value(a) ^ value(m - a));
            }
        }
    }
    for &(lo, hi) in &moves.split3 {
        for k in lo..=hi.min(n64.saturating_sub(3)) {
            let m = n - k as usize;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    reach(value(a) ^ value(b) ^ value(m - a - b));
                }
            }
        }
    }
    // Bit `len - 1` (the bound) is never reached by all smaller values
    // too: at most `options` values are reached, all below the power of two.
    let (word, bits) = reached.iter().enumerate().find(|(_, &w)| w != u64::MAX)?;
    Some((word * 64 + bits.trailing_ones() as usize) as u64)
}
