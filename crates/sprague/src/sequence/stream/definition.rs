//! One value by the definition, from the values of a store: for checks
//! of long runs.

use super::*;

/// G(`n`) by the definition, the mex over every option of heap `n`, with
/// G(0..n) read from `store` a chunk at a time (both ends of the splits at
/// once): for checking a long run's values at a few heaps without the
/// table in memory. For games the stream applies to ([`Streamed::applies`]).
///
/// Time O(n·k) reads for k split amounts (Grundy's game: n/2 splits, the
/// whole table read once); memory: two chunks of 2^18 values and 8 KiB.
///
/// # Errors
/// [`Error::Unsupported`] for another game; the store's errors.
pub fn value_by_definition_from<S: ValueStore>(
    moves: &MoveSet,
    n: u64,
    store: &mut S,
) -> Result<u64, StreamError<S::Error>> {
    if !Streamed::applies(moves) {
        return Err(StreamError::Engine(Error::Unsupported(
            "a value by the definition from a store needs a game the stream applies to".into(),
        )));
    }
    let mut reached = vec![0u64; (1 << 16) / 64 + 1];
    let mut reach = |v: u16| reached[v as usize >> 6] |= 1 << (v & 63);
    if moves.allows_take_all(n) {
        reach(0);
    }
    let mut one = [0u16];
    for &(lo, hi) in &moves.take {
        if lo >= n {
            break;
        }
        for k in lo.max(1)..=hi.min(n - 1) {
            store.read(n - k, &mut one).map_err(StreamError::Store)?;
            reach(one[0]);
        }
    }
    let mut left = vec![0u16; CHUNK];
    let mut right = vec![0u16; CHUNK];
    for &(lo, hi) in &moves.split2 {
        for k in lo..=hi {
            if n < k + 2 {
                break;
            }
            let m = n - k;
            let h = largest_smaller_part(m, moves.unequal);
            let mut a = 1u64;
            while a <= h {
                let c = (h - a + 1).min(CHUNK as u64) as usize;
                store.read(a, &mut left[..c]).map_err(StreamError::Store)?;
                store
                    .read(m - a - c as u64 + 1, &mut right[..c])
                    .map_err(StreamError::Store)?;
                for i in 0..c {
                    reach(left[i] ^ right[c - 1 - i]);
                }
                a += c as u64;
            }
        }
    }
    let (w, bits) = reached
        .iter()
        .enumerate()
        .find(|(_, &w)| w != u64::MAX)
        .map_or((reached.len(), 0), |(w, &b)| (w, b));
    Ok((w * 64 + bits.trailing_ones() as usize) as u64)
}
