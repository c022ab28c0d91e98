//! What the nim-sequence kernels mark and read, below the [`Value`](super::value::Value)
//! trait that names them: the sets of values a heap still needs ([`Need`]
//! for the plain method's bit test, [`NeedBits`] for the SIMD test of the
//! rare-value method), the far pairs of a batch ([`FarPairs`]) and how much
//! of them a batch may leave unmarked ([`Partial`]). Nothing here depends
//! on the kernels, so every kernel and the trait can name these.

use std::ops::Range;

/// Heaps computed together by the rare-value method (`Core::rare_batch`).
pub(super) const BATCH: usize = 32;

/// The plain method's bit test covers the values below this.
pub(super) const NEED_VALUES: usize = 1024;

/// A set of values below [`NEED_VALUES`] still to be seen: bit `v % 64` of
/// word `v / 64` (so, in memory, bit `v % 8` of byte `v / 8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Need {
    pub(super) words: [u64; NEED_VALUES / 64],
    pub(super) count: u32,
}

impl Need {
    /// The set whose bits are `words`.
    pub(super) fn from_words(words: [u64; NEED_VALUES / 64]) -> Need {
        let count = words.iter().map(|w| w.count_ones()).sum();
        Need { words, count }
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

    /// The largest value still needed.
    pub(super) fn last(&self) -> Option<usize> {
        let w = self.words.iter().rposition(|&w| w != 0)?;
        Some(w << 6 | (63 - self.words[w].leading_zeros() as usize))
    }

    /// Whether `v` is still needed.
    #[inline]
    pub(super) fn contains(&self, v: usize) -> bool {
        v < NEED_VALUES && self.words[v >> 6] >> (v & 63) & 1 == 1
    }

    /// Marks `v` seen.
    #[inline]
    pub(super) fn take(&mut self, v: usize) {
        if self.contains(v) {
            self.words[v >> 6] &= !(1 << (v & 63));
            self.count -= 1;
        }
    }

    /// Keeps only the values needed in `other` too.
    pub(super) fn intersect(&mut self, other: &Need) {
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w &= o;
        }
        *self = Need::from_words(self.words);
    }
}

/// Values below this can be confirmed by [`drain_need`](super::simd::drain_need)'s bit test.
pub(super) const NEED_BITS_VALUES: usize = 512;

/// A set of values below [`NEED_BITS_VALUES`] still to be seen, as 512 bits
/// (bit `v & 63` of word `v >> 6`; in memory order these are also the 32
/// 16-bit words the AVX-512 version looks bits up in).
pub(super) struct NeedBits {
    pub(super) words: [u64; 8],
    pub(super) count: usize,
}

impl NeedBits {
    /// The set of `values` (those below [`NEED_BITS_VALUES`]).
    pub(super) fn new(values: impl IntoIterator<Item = usize>) -> NeedBits {
        let mut bits = NeedBits {
            words: [0; 8],
            count: 0,
        };
        for v in values {
            if v < NEED_BITS_VALUES && !bits.contains(v) {
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
        v < NEED_BITS_VALUES && self.words[(v >> 6) & 7] >> (v & 63) & 1 == 1
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
    pub(super) fn take(&mut self, v: usize) {
        if self.contains(v) {
            self.words[(v >> 6) & 7] &= !(1 << (v & 63));
            self.count -= 1;
        }
    }
}

/// How much of the far pairs' values a batch may leave unmarked (see
/// [`far_regs_bound`](super::far::far_regs_bound)): the heaps whose least common value not reached is
/// not below the bound are computed from scratch, and where they pass one
/// in 1,024 the next level is used, down to [`Partial::Off`] for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Partial {
    /// Every value is marked.
    Off,
    /// With rows of 512 values, the values below 256.
    Below256,
    /// With rows of 256 or 512 values, those below [`PARTIAL_LOW`](super::far::PARTIAL_LOW) (the
    /// level a run starts with).
    Below192,
}

impl Partial {
    /// The level after this one has missed too often.
    pub(super) fn next(self) -> Partial {
        match self {
            Partial::Below192 => Partial::Below256,
            Partial::Below256 | Partial::Off => Partial::Off,
        }
    }
}

/// The far pairs of the batch at `n0` to mark: for each split amount `k`,
/// the pairs `(h, n0 + j - k - h)` whose first part `h` is a rare heap of
/// `heaps` (values `vals`), or any heap `a` of a range of small parts (see
/// [`RareState::small_end`](super::rare::RareState::small_end)), with `BATCH - k <= h < n0 - k`, so that the other parts
/// of the batch's heaps are the 32 consecutive heaps from `n0 - k - h`,
/// below the batch.
pub(crate) struct FarPairs<'a, V> {
    pub(in crate::sequence) g: &'a [V],
    pub(in crate::sequence) n0: usize,
    pub(in crate::sequence) heaps: &'a [u32],
    pub(in crate::sequence) vals: &'a [u32],
    pub(in crate::sequence) unequal: bool,
    /// For each split amount: `k`, the range of indices of `heaps`, and the
    /// range of small parts, each restricted to `BATCH - k .. n0 - k`.
    pub(in crate::sequence) per_k: Vec<(usize, Range<usize>, Range<usize>)>,
    /// Whether the values from 256 on may be left unmarked once values
    /// reach 256, so that rows would hold 512 values (not from 512 on:
    /// see [`super::far::far_regs_bound`]); false unless set.
    pub(in crate::sequence) partial: Partial,
}

impl<'a, V> FarPairs<'a, V> {
    /// The far pairs of the batch at `n0` with a rare part among `heaps`
    /// (increasing, values `vals`) or a small part in `smalls`.
    pub(in crate::sequence) fn new(
        g: &'a [V],
        n0: usize,
        heaps: &'a [u32],
        vals: &'a [u32],
        smalls: Range<usize>,
        split_ks: &[usize],
        unequal: bool,
    ) -> FarPairs<'a, V> {
        let per_k = split_ks
            .iter()
            .map(|&k| {
                let (from, to) = (BATCH - k, n0 - k);
                let lo = heaps.partition_point(|&h| (h as usize) < from);
                let hi = heaps.partition_point(|&h| (h as usize) < to);
                let a = smalls.start.max(from);
                (k, lo..hi.max(lo), a..smalls.end.min(to).max(a))
            })
            .collect();
        FarPairs {
            g,
            n0,
            heaps,
            vals,
            unequal,
            per_k,
            partial: Partial::Off,
        }
    }

    /// For each split amount `k`: the top `n0 - k` (the other parts of a
    /// pair with first part `h` are the 32 heaps from `top - h`), and the
    /// rare heaps, their values and the range of small parts to mark.
    pub(in crate::sequence) fn tops(
        &self,
    ) -> impl Iterator<Item = (usize, &[u32], &[u32], Range<usize>)> {
        self.per_k.iter().map(|(k, rare, small)| {
            (
                self.n0 - k,
                &self.heaps[rare.clone()],
                &self.vals[rare.clone()],
                small.clone(),
            )
        })
    }

    /// The number of marks: 32 per pair.
    pub(super) fn marks(&self) -> usize {
        self.per_k
            .iter()
            .map(|(_, rare, small)| rare.len() + small.len())
            .sum::<usize>()
            * BATCH
    }
}
