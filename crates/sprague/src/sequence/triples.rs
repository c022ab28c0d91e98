//! Three-heap splits by sets of two-heap values: for each heap size s, the
//! set P(s) of the values G(a) ^ G(s - a) of its splits into two non-empty
//! heaps, as a bit set. The values of the splits of m tokens into three
//! non-empty heaps are then the sets P(m - c) with every bit index XORed by
//! G(c), for c = 1 ..= m / 3 (c the smallest part), so a heap costs
//! O(m · w) word operations for w words per set instead of O(m²) triples.
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
        let scratch = &mut self.scratch;
        scratch.clear();
        scratch.resize(words, 0);
        let n64 = n as u64;
        for &(lo, hi) in &moves.split3 {
            if lo + 3 > n64 {
                break;
            }
            for k in lo..=hi.min(n64 - 3) {
                let m = n - k as usize;
                for (c, &gc) in g.iter().enumerate().take(m / 3 + 1).skip(1) {
                    let s = m - c;
                    let set = &self.sets[s * words..(s + 1) * words];
                    let x = gc.index();
                    let (high, low) = (x / 64, (x % 64) as u32);
                    for (w, &bits) in set.iter().enumerate() {
                        if bits != 0 {
                            scratch[w ^ high] |= xor_bit_indices(bits, low);
                        }
                    }
                }
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

/// The word whose bit `i ^ x` is bit `i` of `bits` (for `x < 64`): one
/// swap of adjacent blocks of 2^j bits for each bit j of x.
fn xor_bit_indices(mut bits: u64, x: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (j, &mask) in MASKS.iter().enumerate() {
        if x >> j & 1 == 1 {
            let shift = 1 << j;
            bits = (bits >> shift) & mask | (bits & mask) << shift;
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_bit_indices_moves_each_bit() {
        for x in 0..64u32 {
            for i in 0..64u32 {
                assert_eq!(xor_bit_indices(1 << i, x), 1 << (i ^ x), "bit {i} xor {x}");
            }
        }
    }
}
