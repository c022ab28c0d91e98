//! Nim-sequences of heap games: the Grundy values G(0), G(1), ... of a
//! single heap, by the plain method or the rare-value ("sparse space")
//! method, and their periods with the proof of Guy and Smith.
//!
//! # Storage
//! Values are stored as `u16`: **2 bytes per value** (a table to heap
//! 2·10^7 takes 40 MB). A value above 65,535 stops the computation with
//! [`Error::ValueOverflow`] instead of wrapping. Heaps are indexed by `u32`
//! internally, so a table holds fewer than 2^31 values. The rare-value
//! method adds 8 bytes per rare heap and a 32-row stamp table of
//! 4 bytes × 2^⌈log2(max value + 1)⌉ × 2 per row (256 KB for values below
//! 1,024); the plain method needs only the table and a 256 KB stamp array.
//!
//! # Methods
//! - [`Method::Plain`]: G(n) is the mex of the values of all options of
//!   heap n. The values are marked in a "stamp" array (for each value, the
//!   number of the last heap that reached it, so nothing is cleared between
//!   heaps). A code with two-heap splits costs O(n) per heap, O(N^2) in
//!   all; three-heap splits cost O(n^2) per heap.
//! - [`Method::Fast`]: the rare-value method (Winning Ways, ch. 4, "Sparse
//!   space spells speed"). A mask `m` splits values into *rare* ones (an
//!   even number of 1-bits in `v & m`, including 0) and *common* ones (odd).
//!   The nim-sum of two commons or two rares is rare, of a common and a
//!   rare is common. So the common values among the options of a split come
//!   only from pairs with a rare part: with R rare heaps that is O(R) work.
//!   G(n) is then the least common value `c` not reached, unless a rare
//!   value below `c` is not reached either. The rare values below `c` are
//!   confirmed by going through the splits in order of their smaller part
//!   until each has been seen (usually a few thousand splits); one never
//!   seen is missing, and G(n) is the least such. In the "domain" form of
//!   sparse space (all split amounts of one parity) the rare class of heap
//!   x also depends on the parity of x (Flammenkamp). The mask and form are
//!   chosen to make the rare heaps fewest, by one Walsh-Hadamard transform
//!   of the histogram of the values (with the heap parity as an extra bit),
//!   and chosen again each time the sequence doubles in length. Where the
//!   method does not pay (rare heaps more than an eighth of all, as in
//!   `0.007`; three-heap splits; unbounded removals) heaps are computed by
//!   the plain method, so both methods always give the same values.
//!
//! # Speed
//! - Heaps are computed in batches of 32: for a rare heap r, the partners
//!   of r in the 32 splits are 32 consecutive heaps, read with one
//!   contiguous load instead of 32 random reads.
//! - The confirmation tests 32 splits at a time (16 with AVX2) against a
//!   512-bit set of the values still needed, and the plain method does the
//!   same after stamping the first 4,096 splits; pairs with a rare part
//!   outside batches use AVX-512 or AVX2 gathers.
//! - The instruction set is detected at run time; every SIMD kernel has a
//!   scalar version, the reference the tests compare it with. Setting the
//!   environment variable `SPRAGUE_SIMD` to `scalar` or `avx2` caps the
//!   level (for benchmarks and checks).
//! - One thread: the work per heap depends on every earlier heap.
//!
//! ```
//! use sprague::sequence::{Method, NimSequence};
//! use sprague::takebreak::TakeBreakCode;
//! let kayles = TakeBreakCode::parse_octal("0.77").unwrap().move_set();
//! let mut seq = NimSequence::new("kayles", kayles);
//! seq.extend_to(20, Method::Fast)?;
//! assert_eq!(&seq.values()[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! # Ok::<(), sprague::Error>(())
//! ```

pub mod period;
mod rare;
mod simd;
pub mod store;
pub(crate) mod table;
mod triples;

use crate::takebreak::{largest_smaller_part, MoveSet};
use crate::Error;

pub use period::{Period, PeriodReport, Proof};
pub use store::{ResumeError, Store};

/// Bytes used to store one Grundy value in a nim-sequence table.
pub const BYTES_PER_VALUE: usize = std::mem::size_of::<u16>();

/// The most heaps a table can hold (heap indices are 31-bit internally).
pub const MAX_TABLE_LEN: u64 = 1 << 31;

/// Splits of each heap stamped before the plain method switches to the
/// bit test (measured best among 0, 256, 1024 and 4096 on 0.6 and 0.007).
const PLAIN_PRESTAMP: usize = 4096;

/// Number of distinct values a stamp array covers (all `u16` values).
const VALUES: usize = 1 << 16;

/// How to compute a nim-sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The rare-value method where it pays, the plain one elsewhere.
    #[default]
    Fast,
    /// The plain method: every option of every heap.
    Plain,
}

/// The nim-sequence of a heap game, computed so far: G(0), ..., G(len - 1).
///
/// Extending it is incremental: [`extend_to`](NimSequence::extend_to) goes
/// on from where the last call stopped, and a sequence can start from
/// values computed before ([`from_values`](NimSequence::from_values)), as
/// `sequence --resume` does.
pub struct NimSequence {
    name: String,
    moves: MoveSet,
    values: Vec<u16>,
    stamp: Box<[u32; VALUES]>,
    token: u32,
    rare: rare::RareState,
    /// Scratch list of the rare values still to be confirmed.
    need: Vec<u16>,
    /// Two-heap value sets for three-heap splits (fast method).
    triples: triples::PairSets,
}

impl NimSequence {
    /// An empty sequence for the game with these moves; `name` (the ruleset
    /// word) is used in error messages.
    pub fn new(name: &str, moves: MoveSet) -> NimSequence {
        let stamp: Box<[u32; VALUES]> = vec![0u32; VALUES]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the stamp array has VALUES entries"));
        NimSequence {
            rare: rare::RareState::new(&moves),
            name: name.to_string(),
            moves,
            values: Vec::new(),
            stamp,
            token: 0,
            need: Vec::new(),
            triples: triples::PairSets::default(),
        }
    }

    /// A sequence that starts from `values` = G(0), G(1), ... computed
    /// before (trusted, not checked).
    pub fn from_values(name: &str, moves: MoveSet, values: Vec<u16>) -> NimSequence {
        let mut seq = NimSequence::new(name, moves);
        seq.values = values;
        seq
    }

    /// The values computed so far, G(0) first.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The number of values computed so far.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether no value has been computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The moves of the game.
    pub fn moves(&self) -> &MoveSet {
        &self.moves
    }

    /// The ruleset word given at construction.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Takes the values out, leaving the sequence empty.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// Computes the values up to and including G(`last`) (nothing when they
    /// are known already).
    ///
    /// Time: see the module documentation; memory: 2 bytes per value.
    ///
    /// # Errors
    /// [`Error::ValueOverflow`] when a value exceeds 65,535 (the values
    /// before it are kept); [`Error::TableLimit`] when `last` is
    /// [`MAX_TABLE_LEN`] or more.
    pub fn extend_to(&mut self, last: u64, method: Method) -> Result<(), Error> {
        if last >= MAX_TABLE_LEN {
            return Err(Error::TableLimit {
                ruleset: self.name.clone(),
                heap: last,
                limit: MAX_TABLE_LEN,
                three_heap: false,
            });
        }
        let end = last as usize + 1;
        if end <= self.values.len() {
            return Ok(());
        }
        self.values.reserve(end - self.values.len());
        while self.values.len() < end {
            let n = self.values.len();
            if method == Method::Fast
                && n + rare::BATCH <= end
                && self.rare.batchable(n, &self.values)
            {
                if let Err(heap) = self.rare_batch(n) {
                    return Err(Error::ValueOverflow {
                        ruleset: self.name.clone(),
                        heap: heap as u64,
                    });
                }
                continue;
            }
            // A placeholder for G(n): SIMD gathers read 4 bytes at index n - 1.
            self.values.push(0);
            let g = match method {
                Method::Fast if self.rare.usable(n, &self.values[..n]) => self.rare_value(n),
                _ => self.plain_value(n, method),
            };
            match g {
                Some(g) => {
                    self.values[n] = g;
                    self.rare.push(n, g);
                }
                None => {
                    self.values.pop();
                    return Err(Error::ValueOverflow {
                        ruleset: self.name.clone(),
                        heap: n as u64,
                    });
                }
            }
        }
        Ok(())
    }

    fn next_token(&mut self) -> u32 {
        if self.token == u32::MAX {
            self.stamp.fill(0);
            self.token = 0;
        }
        self.token += 1;
        self.token
    }

    /// Stamps the values of the options that leave nothing or one heap.
    fn stamp_small_options(&mut self, n: usize, s: u32) {
        let g = &self.values[..n];
        let stamp = &mut *self.stamp;
        let n64 = n as u64;
        if self.moves.allows_take_all(n64) {
            stamp[0] = s;
        }
        for &(lo, hi) in &self.moves.take {
            if lo >= n64 {
                break;
            }
            for k in lo.max(1)..=hi.min(n64 - 1) {
                stamp[g[n - k as usize] as usize] = s;
            }
        }
    }

    /// G(n) by the plain method; `None` when it exceeds 65,535.
    fn plain_value(&mut self, n: usize, method: Method) -> Option<u16> {
        let s = self.next_token();
        self.stamp_small_options(n, s);
        // The bit test pays only where there are splits to test.
        if self.moves.split3.is_empty()
            && !self.moves.split2.is_empty()
            && n >= 64
            && simd::level() >= simd::Level::Avx2
        {
            if let Some(g) = self.plain_value_by_need(n, s) {
                return Some(g);
            }
        }
        let g = &self.values[..=n];
        let stamp = &mut *self.stamp;
        let n64 = n as u64;
        let unequal = self.moves.unequal;
        for &(lo, hi) in &self.moves.split2 {
            if lo + 2 > n64 {
                break;
            }
            for k in lo..=hi.min(n64 - 2) {
                stamp_pairs(g, n - k as usize, unequal, stamp, s);
            }
        }
        if method == Method::Fast
            && !self.moves.split3.is_empty()
            && self
                .triples
                .mark_three_heap_values(&self.moves, &g[..n], n, |v| {
                    stamp[v as usize] = s;
                })
        {
            return mex(stamp, s);
        }
        for &(lo, hi) in &self.moves.split3 {
            if lo + 3 > n64 {
                break;
            }
            for k in lo..=hi.min(n64 - 3) {
                let m = n - k as usize;
                for a in 1..=m / 3 {
                    let ga = g[a];
                    for b in a..=(m - a) / 2 {
                        stamp[(ga ^ g[b] ^ g[m - a - b]) as usize] = s;
                    }
                }
            }
        }
        mex(stamp, s)
    }

    /// G(n) by the plain method when it is below 512: the first splits are
    /// stamped, the others tested against the set of values below 512 not
    /// reached yet (32 splits at a time with AVX-512BW), and G(n) is the
    /// least value left.
    /// `None` when every value below 512 is reached.
    fn plain_value_by_need(&mut self, n: usize, s: u32) -> Option<u16> {
        // Stamp the first splits (where most values show up: stores beat
        // the bit test's slow path there), then test the rest.
        let pre = PLAIN_PRESTAMP;
        {
            let g = &self.values[..=n];
            let n64 = n as u64;
            for &(lo, hi) in &self.moves.split2 {
                if lo + 2 > n64 {
                    break;
                }
                for k in lo..=hi.min(n64 - 2) {
                    let m = n - k as usize;
                    let h = largest_smaller_part(m as u64, self.moves.unequal) as usize;
                    if h >= 1 {
                        stamp_pair_range(g, m, 1, h.min(pre), &mut self.stamp, s);
                    }
                }
            }
        }
        let mut need = std::mem::take(&mut self.need);
        need.clear();
        need.extend((0..simd::NEED_VALUES as u16).filter(|&v| self.stamp[v as usize] != s));
        let mut bits = simd::NeedBits::new(&need);
        self.need = need;
        let g = &self.values[..=n];
        let n64 = n as u64;
        for &(lo, hi) in &self.moves.split2 {
            if lo + 2 > n64 || bits.is_empty() {
                break;
            }
            for k in lo..=hi.min(n64 - 2) {
                let m = n - k as usize;
                let h = largest_smaller_part(m as u64, self.moves.unequal) as usize;
                if h > pre {
                    simd::drain_need(g, m, pre + 1, h, &mut bits);
                }
                if bits.is_empty() {
                    break;
                }
            }
        }
        bits.first()
    }
}

/// Stamps the values of all splits of a heap of `m` into two non-empty
/// heaps `a <= m - a` (`a < m - a` when `unequal`).
#[inline]
fn stamp_pairs(g: &[u16], m: usize, unequal: bool, stamp: &mut [u32; VALUES], s: u32) {
    let h = largest_smaller_part(m as u64, unequal) as usize;
    if h > 0 {
        stamp_pair_range(g, m, 1, h, stamp, s);
    }
}

/// Stamps the values G(a) ^ G(m - a) for `lo <= a <= hi` (with
/// `1 <= lo <= hi < m`).
#[inline]
fn stamp_pair_range(g: &[u16], m: usize, lo: usize, hi: usize, stamp: &mut [u32; VALUES], s: u32) {
    simd::stamp_pairs(g, m, lo, hi, stamp, s);
}

/// The scalar reference version of [`stamp_pair_range`].
#[inline]
fn stamp_pair_range_scalar(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    stamp: &mut [u32; VALUES],
    s: u32,
) {
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    for (x, y) in left.iter().zip(right.iter().rev()) {
        stamp[(x ^ y) as usize] = s;
    }
}

/// The least value not stamped with `s`, or `None` when all 65,536 are.
#[inline]
/// G(n) by the definition, from the values G(0), ..., G(n - 1) in
/// `values[..n]`: the mex of the values of all options of heap `n`. Meant
/// for checking values computed elsewhere (a file that `sequence --resume`
/// continues) at a few heaps.
///
/// Time O(n·k) for k amounts that split a heap in two, O(n²·k) for
/// three-heap splits; 8 KiB of scratch. `None` when `values` holds fewer
/// than `n` values or G(n) would exceed 65,535.
///
/// ```
/// use sprague::sequence::value_by_definition;
/// use sprague::takebreak::TakeBreakCode;
/// let kayles = TakeBreakCode::parse_octal("0.77").unwrap().move_set();
/// let g = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2];
/// assert_eq!(value_by_definition(&kayles, &g, 11), Some(6));
/// ```
pub fn value_by_definition(moves: &MoveSet, values: &[u16], n: usize) -> Option<u16> {
    let g = values.get(..n)?;
    let mut reached = vec![0u64; VALUES / 64];
    let mut reach = |v: u16| reached[v as usize / 64] |= 1 << (v % 64);
    let n64 = n as u64;
    if moves.allows_take_all(n64) {
        reach(0);
    }
    for &(lo, hi) in &moves.take {
        for k in lo.max(1)..=hi.min(n64.saturating_sub(1)) {
            reach(g[n - k as usize]);
        }
    }
    for &(lo, hi) in &moves.split2 {
        for k in lo..=hi.min(n64.saturating_sub(2)) {
            let m = n - k as usize;
            for a in 1..=largest_smaller_part(m as u64, moves.unequal) as usize {
                reach(g[a] ^ g[m - a]);
            }
        }
    }
    for &(lo, hi) in &moves.split3 {
        for k in lo..=hi.min(n64.saturating_sub(3)) {
            let m = n - k as usize;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    reach(g[a] ^ g[b] ^ g[m - a - b]);
                }
            }
        }
    }
    let (word, bits) = reached.iter().enumerate().find(|(_, &w)| w != u64::MAX)?;
    Some((word * 64 + bits.trailing_ones() as usize) as u16)
}

fn mex(stamp: &[u32; VALUES], s: u32) -> Option<u16> {
    stamp.iter().position(|&t| t != s).map(|v| v as u16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::takebreak::TakeBreakCode;

    #[test]
    fn value_by_definition_equals_the_engine() {
        for code in ["0.77", "0.6", "0.f", "8.1", "0.37", "4.07"] {
            let moves = TakeBreakCode::parse_hex(code).unwrap().move_set();
            let values = seq(code, 300, Method::Fast);
            for n in 0..=300 {
                assert_eq!(
                    value_by_definition(&moves, &values, n),
                    Some(values[n]),
                    "{code} heap {n}"
                );
            }
            assert_eq!(value_by_definition(&moves, &values[..10], 11), None);
        }
        let grundy = MoveSet::grundy();
        let mut s = NimSequence::new("grundy", grundy.clone());
        s.extend_to(300, Method::Fast).unwrap();
        for n in 0..=300 {
            assert_eq!(
                value_by_definition(&grundy, s.values(), n),
                Some(s.values()[n])
            );
        }
    }

    fn seq(code: &str, to: u64, method: Method) -> Vec<u16> {
        let moves = TakeBreakCode::parse_hex(code).unwrap().move_set();
        let mut s = NimSequence::new(code, moves);
        s.extend_to(to, method).unwrap();
        s.into_values()
    }

    /// G(n) straight from the definition, with options listed one by one.
    fn by_definition(code: &str, to: usize) -> Vec<u16> {
        let c = TakeBreakCode::parse_hex(code).unwrap();
        let mut g: Vec<u16> = Vec::new();
        for n in 0..=to {
            let mut seen = std::collections::BTreeSet::new();
            for k in 0..=n {
                let d = c.digit(k as u64);
                let r = n - k;
                if d & 1 != 0 && r == 0 && k > 0 {
                    seen.insert(0);
                }
                if d & 2 != 0 && r >= 1 && k > 0 {
                    seen.insert(g[r]);
                }
                if d & 4 != 0 {
                    for a in 1..r {
                        seen.insert(g[a] ^ g[r - a]);
                    }
                }
                if d & 8 != 0 {
                    for a in 1..r {
                        for b in 1..r - a {
                            seen.insert(g[a] ^ g[b] ^ g[r - a - b]);
                        }
                    }
                }
            }
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn known_sequences() {
        let kayles = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
        ];
        assert_eq!(seq("0.77", 20, Method::Plain), kayles);
        assert_eq!(seq("0.77", 20, Method::Fast), kayles);
        let mut grundy = NimSequence::new("grundy", MoveSet::grundy());
        grundy.extend_to(20, Method::Plain).unwrap();
        assert_eq!(
            &grundy.values()[1..],
            &[0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
    }

    #[test]
    fn engine_matches_the_definition() {
        for code in [
            "0.77", "0.07", "0.137", "4.07", "0.6", "0.16", "0.4", "0.007", "0.f", "8.1", "4.",
            "0.31", "0.3...", "0.14...", "0.",
        ] {
            let want = by_definition(code, 100);
            assert_eq!(seq(code, 100, Method::Plain), want, "{code} plain");
            assert_eq!(seq(code, 100, Method::Fast), want, "{code} fast");
        }
    }

    /// Every SIMD level computes the same values (the scalar one is the
    /// reference), by both methods, past the heaps where SIMD starts.
    #[test]
    fn every_simd_level_gives_the_same_values() {
        let codes = ["0.77", "0.6", "0.007", "4.07", "0.16", "0.354"];
        let run = |level| {
            simd::cap_level(level);
            let mut all = Vec::new();
            for code in codes {
                for method in [Method::Plain, Method::Fast] {
                    all.push(seq(code, 1500, method));
                }
                let mut g = NimSequence::new("grundy", MoveSet::grundy());
                g.extend_to(1500, method_for(code)).unwrap();
                all.push(g.into_values());
            }
            all
        };
        fn method_for(code: &str) -> Method {
            if code.len().is_multiple_of(2) {
                Method::Plain
            } else {
                Method::Fast
            }
        }
        let scalar = run(simd::Level::Scalar);
        let avx2 = run(simd::Level::Avx2);
        let avx512 = run(simd::Level::Avx512);
        assert!(scalar == avx2 && scalar == avx512);
        let want = by_definition("0.6", 150);
        assert_eq!(&scalar[3][..=150], &want[..]); // 0.6, plain
    }

    #[test]
    fn nim_as_a_code_is_nim() {
        let v = seq("0.3...", 300, Method::Plain);
        assert!(v.iter().enumerate().all(|(n, &g)| g as usize == n));
    }

    #[test]
    fn overflow_is_an_error_not_a_wrap() {
        // 0.3... is Nim: G(n) = n, which passes 65,535 at heap 65,536.
        let moves = TakeBreakCode::parse_octal("0.3...").unwrap().move_set();
        let mut s = NimSequence::from_values("nim-code", moves, (0..=65535u16).collect());
        assert_eq!(
            s.extend_to(65_536, Method::Fast),
            Err(Error::ValueOverflow {
                ruleset: "nim-code".into(),
                heap: 65_536
            })
        );
        assert_eq!(s.len(), 65_536);
    }
}
