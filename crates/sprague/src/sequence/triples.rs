//! Three-heap splits by sets of two-heap values: for each heap size s, the
//! set P(s) of the values G(a) ^ G(s - a) of its splits into two non-empty
//! heaps, as a bit set. The values of the splits of m tokens into three
//! non-empty heaps are then the sets P(m - c) with every bit index XORed by
//! G(c), for c = 1 ..= m / 3 (c the smallest part), so a heap costs
//! O(m · w) word operations for w words per set instead of O(m²) triples.
//!
//! XORing a bit index by x moves its word by x / 64 and its place in the
//! word by x % 64. The first is a whole-word move done as each set is ORed
//! in (four words at a time, vector operations); the second is done once a
//! heap for each of the 64 groups of sets sharing x % 64. With two threads
//! each takes half of a heap's sets into groups of its own (work-stealing:
//! when the other thread is busy, the first does both halves).
//!
//! Used by the fast method; the plain method keeps the triple loop as the
//! reference.

use super::value::Value;
use crate::takebreak::MoveSet;

/// The most memory the sets may take; past it the triple loop is used.
const MAX_BYTES: usize = 1 << 30;

/// P(0), P(1), ..., P(count - 1), each `words` 64-bit words.
pub(super) struct PairSets<V: Value> {
    words: usize,
    sets: Vec<u64>,
    count: usize,
    /// The largest of the values scanned so far, G(0..scanned).
    max: V,
    scanned: usize,
    scratch: Vec<u64>,
    /// The pairs of the heap being marked, as (set index, G(c)).
    work: Vec<(usize, usize)>,
    /// Per thread, 64 groups of `words` words (see [`accumulate`]).
    acc: [Vec<u64>; 2],
}

impl<V: Value> Default for PairSets<V> {
    fn default() -> PairSets<V> {
        PairSets {
            words: 0,
            sets: Vec::new(),
            count: 0,
            max: V::default(),
            scanned: 0,
            scratch: Vec::new(),
            work: Vec::new(),
            acc: [Vec::new(), Vec::new()],
        }
    }
}

impl<V: Value> PairSets<V> {
    /// Calls `mark` with the values of every three-heap split of heap `n`
    /// allowed by `moves`, given G(0..n) in `g`. `false` (nothing marked) when the sets would take more than
    /// [`MAX_BYTES`].
    pub(super) fn mark_three_heap_values(
        &mut self,
        moves: &MoveSet,
        g: &[V],
        n: usize,
        threads: usize,
        mut mark: impl FnMut(V),
    ) -> bool {
        for &v in &g[self.scanned..n] {
            self.max = self.max.max(v);
        }
        self.scanned = self.scanned.max(n);
        let words = (self.max.index() + 1).next_power_of_two().div_ceil(64);
        if n.saturating_mul(words).saturating_mul(8) > MAX_BYTES {
            return false;
        }
        if words != self.words {
            self.words = words;
            self.sets.clear();
            self.count = 0;
        }
        // P(s) for s < n: needs G(1..s).
        while self.count < n {
            let s = self.count;
            let start = self.sets.len();
            self.sets.resize(start + words, 0);
            let set = &mut self.sets[start..];
            for a in 1..=s / 2 {
                let v = (g[a] ^ g[s - a]).index();
                set[v / 64] |= 1 << (v % 64);
            }
            self.count += 1;
        }
        // The (c, m - c) pairs of every three-heap split, as (set index,
        // G(c)).
        let mut work: Vec<(usize, usize)> = std::mem::take(&mut self.work);
        work.clear();
        let n64 = n as u64;
        for &(lo, hi) in &moves.split3 {
            if lo + 3 > n64 {
                break;
            }
            for k in lo..=hi.min(n64 - 3) {
                let m = n - k as usize;
                work.extend(
                    g.iter()
                        .enumerate()
                        .take(m / 3 + 1)
                        .skip(1)
                        .map(|(c, &gc)| (m - c, gc.index())),
                );
            }
        }
        let sets = &self.sets;
        let [first, second] = &mut self.acc;
        let words_done = work.len().saturating_mul(words);
        if threads > 1
            && words_done >= second_thread_words()
            && rayon::current_thread_index().is_some()
        {
            // On a pool's thread: the other thread takes half when it is
            // free, else this one does both (so a busy machine costs
            // little).
            let (a, b) = work.split_at(work.len() / 2);
            rayon::join(
                || accumulate(sets, words, a, first),
                || accumulate(sets, words, b, second),
            );
            #[cfg(test)]
            SHARED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            for (x, y) in first.iter_mut().zip(second.iter()) {
                *x |= *y;
            }
        } else {
            accumulate(sets, words, &work, first);
        }
        self.work = work;
        // Each group's bit indices XORed by its low six bits, once.
        let scratch = &mut self.scratch;
        scratch.clear();
        scratch.resize(words, 0);
        for (low, group) in first.chunks_exact_mut(words).enumerate() {
            xor_bit_indices_of_words(group, low as u32);
            for (out, &bits) in scratch.iter_mut().zip(group.iter()) {
                *out |= bits;
            }
        }
        for (w, &bits) in scratch.iter().enumerate() {
            let mut rest = bits;
            while rest != 0 {
                mark(V::from_index(w * 64 + rest.trailing_zeros() as usize));
                rest &= rest - 1;
            }
        }
        true
    }
}

/// Word-operations of a heap's three-heap splits past which they are
/// offered to a second thread (some tens of microseconds of work: waking a
/// thread costs a few). Tests lower it so that small heaps take the path.
fn second_thread_words() -> usize {
    if cfg!(test) {
        1 << 8
    } else {
        1 << 16
    }
}

/// Heaps whose three-heap splits were offered to a second thread (to check
/// that tests reach the path).
#[cfg(test)]
pub(super) static SHARED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Sets `acc` (64 groups of `words` words) to the union of the sets
/// `P(s)` of `work`'s pairs `(s, x)` with their word indices XORed by
/// `x / 64`, in group `x % 64`: XORing a bit index by `x` is XORing its word
/// index by `x / 64` (a whole-word move) and its place in the word by
/// `x % 64` (left to the caller, once a group).
fn accumulate(sets: &[u64], words: usize, work: &[(usize, usize)], acc: &mut Vec<u64>) {
    acc.clear();
    acc.resize(64 * words, 0);
    for &(s, x) in work {
        let set = &sets[s * words..(s + 1) * words];
        let group = &mut acc[(x % 64) * words..(x % 64 + 1) * words];
        or_words_xored(group, set, x / 64);
    }
}

/// `dst[w] |= src[w ^ high]` for every word `w` (`dst` and `src` of the same
/// power-of-two length, `high` below it), in runs of four words that the
/// compiler turns into vector operations.
fn or_words_xored(dst: &mut [u64], src: &[u64], high: usize) {
    if dst.len() < 4 {
        for (w, d) in dst.iter_mut().enumerate() {
            *d |= src[w ^ high];
        }
        return;
    }
    let far = high >> 2;
    match high & 3 {
        0 => or_runs_xored::<0>(dst, src, far),
        1 => or_runs_xored::<1>(dst, src, far),
        2 => or_runs_xored::<2>(dst, src, far),
        _ => or_runs_xored::<3>(dst, src, far),
    }
}

/// [`or_words_xored`] for `high = 4 * far + LANES`: run `k` of `dst` takes
/// run `k ^ far` of `src`, its words in the order `l ^ LANES`.
fn or_runs_xored<const LANES: usize>(dst: &mut [u64], src: &[u64], far: usize) {
    for (k, d) in dst.chunks_exact_mut(4).enumerate() {
        let s = &src[(k ^ far) * 4..][..4];
        for (l, d) in d.iter_mut().enumerate() {
            *d |= s[l ^ LANES];
        }
    }
}

/// Moves bit `i` of each word of `words` to bit `i ^ x` (for `x < 64`):
/// one swap of adjacent blocks of 2^j bits for each bit j of x, one stage
/// at a time over all the words (so the stages run as vector operations).
fn xor_bit_indices_of_words(words: &mut [u64], x: u32) {
    for (j, &mask) in SWAP_MASKS.iter().enumerate() {
        if x >> j & 1 == 1 {
            let shift = 1 << j;
            for bits in words.iter_mut() {
                *bits = (*bits >> shift) & mask | (*bits & mask) << shift;
            }
        }
    }
}

/// The masks of the swap stages of [`xor_bit_indices_of_words`]: stage `j`
/// swaps adjacent blocks of 2^j bits.
const SWAP_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_bit_indices_moves_each_bit() {
        for x in 0..64u32 {
            for i in 0..64u32 {
                let mut words = [1u64 << i, 0, 1 << (63 - i)];
                xor_bit_indices_of_words(&mut words, x);
                assert_eq!(
                    words,
                    [1 << (i ^ x), 0, 1 << ((63 - i) ^ x)],
                    "bit {i} xor {x}"
                );
            }
        }
    }

    #[test]
    fn words_are_moved_by_xor_of_their_index() {
        for len in [1usize, 2, 4, 8, 32] {
            let src: Vec<u64> = (0..len as u64).map(|w| w * 0x1234_5678 + 1).collect();
            for high in 0..len {
                let mut dst: Vec<u64> = (0..len as u64).map(|w| 1 << (w % 64)).collect();
                let want: Vec<u64> = (0..len).map(|w| dst[w] | src[w ^ high]).collect();
                or_words_xored(&mut dst, &src, high);
                assert_eq!(dst, want, "{len} words, high {high}");
            }
        }
    }

    #[test]
    fn two_threads_give_the_values_of_one() {
        use crate::sequence::{Method, NimSequence};
        use crate::takebreak::TakeBreakCode;
        use std::sync::atomic::Ordering;
        // Values below 64 (one word), and values growing with the heap
        // (hex:0.9, many words, every word move and bit move).
        for (code, last) in [
            ("0.8", 1_500u64),
            ("0.9", 1_500),
            ("0.c", 1_200),
            ("0.f8", 900),
        ] {
            let moves = TakeBreakCode::parse_hex(code).unwrap().move_set();
            let run = |threads: usize, step: u64| {
                let mut s = NimSequence::new(code, moves.clone());
                s.set_threads(threads);
                let mut to = 0;
                while to < last {
                    to = (to + step).min(last);
                    s.extend_to(to, Method::Fast).unwrap();
                }
                s.into_values()
            };
            let plain = {
                let mut s = NimSequence::new(code, moves.clone());
                s.extend_to(last, Method::Plain).unwrap();
                s.into_values()
            };
            assert_eq!(run(1, last), plain, "hex:{code}, one thread");
            for step in [last, 333] {
                let before = SHARED.load(Ordering::Relaxed);
                assert_eq!(
                    run(2, step),
                    plain,
                    "hex:{code}, two threads, steps of {step}"
                );
                let shared = SHARED.load(Ordering::Relaxed) - before;
                assert!(shared > 100, "hex:{code}: {shared} heaps shared");
            }
        }
    }
}
