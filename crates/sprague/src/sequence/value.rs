//! The width of stored Grundy values: the engine is generic over [`Value`]
//! (`u16`, the common case, with the SIMD kernels; `u32` once a value
//! passes 65,535, scalar), and [`Values`] is the public view of a table of
//! either width.

use std::fmt::Debug;
use std::ops::{BitAnd, BitXor};

use super::marks::{FarPairs, Need, NeedBits, Partial};

/// Number of distinct values a narrow stamp array covers (all `u16` values).
pub(super) const NARROW_VALUES: usize = 1 << 16;

/// The rare-value method is used only while the largest value is below
/// this: choosing a mask costs a Walsh-Hadamard transform over all values
/// below the next power of two (2^20 values: 8 MB of scratch).
pub(super) const RARE_MAX_VALUE: usize = 1 << 20;

/// A stored Grundy value: `u16` (2 bytes per value, SIMD kernels) or `u32`
/// (4 bytes, scalar kernels). Crate-private: the public API speaks `u64`
/// and [`Values`].
pub(crate) trait Value:
    Copy
    + Ord
    + Default
    + Debug
    + BitXor<Output = Self>
    + BitAnd<Output = Self>
    + Into<u64>
    + Send
    + Sync
    + 'static
{
    /// The stamp array of the plain and rare-value methods: for each value,
    /// the token of the last heap that reached it.
    type Stamp: Stamp<Self> + Send + ?Sized;

    /// The largest value this width holds, as an index.
    const MAX_INDEX: usize;
    /// `i` as a value; `i` must fit (checked in debug builds).
    fn from_index(i: usize) -> Self;
    /// The value as an index.
    fn index(self) -> usize;
    /// The number of 1-bits.
    fn count_ones(self) -> u32;
    /// A zeroed stamp array for values up to `max`.
    fn new_stamp(max: Self) -> Box<Self::Stamp>;
    /// Grows `stamp` (when needed) to cover every option value of a heap
    /// whose parts have values at most `max`, and the mex of such options.
    fn fit_stamp(stamp: &mut Box<Self::Stamp>, max: Self);
    /// [`simd::stamp_pairs`] for this width.
    fn stamp_pairs(g: &[Self], m: usize, lo: usize, hi: usize, stamp: &mut Self::Stamp, s: u32);
    /// [`simd::stamp_rare`] for this width.
    fn stamp_rare(
        g: &[Self],
        m: usize,
        heaps: &[u32],
        vals: &[u32],
        stamp: &mut Self::Stamp,
        s: u32,
    );
    /// [`simd::drain_need`] for this width.
    fn drain_need(g: &[Self], m: usize, lo: usize, hi: usize, need: &mut NeedBits);
    /// [`plain::drain`] for this width.
    fn drain_plain(g: &[Self], m: usize, lo: usize, hi: usize, need: &mut Need, bound: usize);
    /// Whether the plain method should confirm small values by the bit test
    /// of [`drain_plain`](Value::drain_plain) (only where it is SIMD).
    fn need_test_pays() -> bool;
    /// [`far::stamp_far_regs`] for this width, when it applies to values
    /// below `span` (with `partial`, see [`far::far_regs_bound`]): the
    /// value from which marks may be missing (`usize::MAX`: none); `None`
    /// (nothing marked) when it does not apply.
    fn stamp_far_regs(
        far: &FarPairs<'_, Self>,
        span: usize,
        partial: Partial,
        rows: &mut [u64],
        words: usize,
    ) -> Option<usize>;
    /// [`far::stamp_far_bytes`] for this width, when it applies to values
    /// below `span`; `false` (nothing marked) when it does not.
    fn stamp_far_bytes(
        far: &FarPairs<'_, Self>,
        span: usize,
        rows: &mut [u64],
        words: usize,
    ) -> bool;
}

/// A stamp array indexed by values of type `V`.
pub(crate) trait Stamp<V> {
    /// Marks `v` with token `s`.
    fn set(&mut self, v: V, s: u32);
    /// The token of value `i`.
    fn get(&self, i: usize) -> u32;
    /// The number of values covered.
    fn len(&self) -> usize;
    /// The least value not marked with `s`.
    fn first_not(&self, s: u32) -> Option<usize>;
    /// Clears every mark.
    fn clear(&mut self);
}

impl Stamp<u16> for [u32; NARROW_VALUES] {
    #[inline(always)]
    fn set(&mut self, v: u16, s: u32) {
        self[v as usize] = s;
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u32 {
        self[i]
    }
    #[inline(always)]
    fn len(&self) -> usize {
        NARROW_VALUES
    }
    #[inline]
    fn first_not(&self, s: u32) -> Option<usize> {
        self.iter().position(|&t| t != s)
    }
    fn clear(&mut self) {
        self.fill(0);
    }
}

impl Stamp<u32> for [u32] {
    #[inline(always)]
    fn set(&mut self, v: u32, s: u32) {
        self[v as usize] = s;
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u32 {
        self[i]
    }
    #[inline(always)]
    fn len(&self) -> usize {
        <[u32]>::len(self)
    }
    #[inline]
    fn first_not(&self, s: u32) -> Option<usize> {
        self.iter().position(|&t| t != s)
    }
    fn clear(&mut self) {
        self.fill(0);
    }
}

/// Stamps the values G(a) ^ G(m - a) for `lo <= a <= hi` (with
/// `1 <= lo <= hi < m`).
#[inline]
pub(super) fn stamp_pair_range<V: Value>(
    g: &[V],
    m: usize,
    lo: usize,
    hi: usize,
    stamp: &mut V::Stamp,
    s: u32,
) {
    V::stamp_pairs(g, m, lo, hi, stamp, s);
}

/// The scalar reference version of [`stamp_pair_range`], for both widths.
#[inline]
pub(super) fn stamp_pair_range_scalar<V: Value>(
    g: &[V],
    m: usize,
    lo: usize,
    hi: usize,
    stamp: &mut V::Stamp,
    s: u32,
) {
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        stamp.set(x ^ y, s);
    }
}

/// The least value not stamped with `s`, or `None` when every value the
/// stamp covers is (for `u16`: all 65,536, so G(n) needs 32 bits).
#[inline]
pub(super) fn mex<V: Value>(stamp: &V::Stamp, s: u32) -> Option<V> {
    stamp.first_not(s).map(V::from_index)
}

/// A read-only view of the values of a nim-sequence, G(0) first, in the
/// width they are stored in: 2 bytes per value while every value is at most
/// 65,535 (the common case), 4 bytes once one is larger. Read values as
/// `u64` with [`get`](Values::get), [`value`](Values::value) or
/// [`iter`](Values::iter); two views are equal when they hold the same
/// values, whatever their widths.
#[derive(Clone, Copy, Debug)]
pub enum Values<'a> {
    /// Every value fits 16 bits.
    Narrow(&'a [u16]),
    /// Values stored in 32 bits.
    Wide(&'a [u32]),
}

impl<'a> Values<'a> {
    /// The number of values.
    pub fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(`i`), or `None` when `i` is not below [`len`](Values::len).
    #[inline]
    pub fn get(&self, i: usize) -> Option<u64> {
        match self {
            Values::Narrow(v) => v.get(i).map(|&x| x.into()),
            Values::Wide(v) => v.get(i).map(|&x| x.into()),
        }
    }

    /// G(`i`).
    ///
    /// # Panics
    /// When `i` is not below [`len`](Values::len), as slice indexing does.
    #[inline]
    pub fn value(&self, i: usize) -> u64 {
        match self {
            Values::Narrow(v) => v[i].into(),
            Values::Wide(v) => v[i].into(),
        }
    }

    /// The first `len` values.
    ///
    /// # Panics
    /// When `len` is more than [`len`](Values::len).
    pub fn prefix(&self, len: usize) -> Values<'a> {
        match *self {
            Values::Narrow(v) => Values::Narrow(&v[..len]),
            Values::Wide(v) => Values::Wide(&v[..len]),
        }
    }

    /// The values in order, as `u64`.
    pub fn iter(&self) -> impl Iterator<Item = u64> + 'a {
        let (narrow, wide): (&'a [u16], &'a [u32]) = match *self {
            Values::Narrow(v) => (v, &[]),
            Values::Wide(v) => (&[], v),
        };
        narrow
            .iter()
            .map(|&x| u64::from(x))
            .chain(wide.iter().map(|&x| u64::from(x)))
    }

    /// The values as a vector of `u64` (8 bytes each).
    pub fn to_vec(&self) -> Vec<u64> {
        self.iter().collect()
    }

    /// The bytes each value takes: 2 or 4.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Values::Narrow(_) => 2,
            Values::Wide(_) => 4,
        }
    }
}

impl PartialEq for Values<'_> {
    fn eq(&self, other: &Values<'_>) -> bool {
        match (self, other) {
            (Values::Narrow(a), Values::Narrow(b)) => a == b,
            (Values::Wide(a), Values::Wide(b)) => a == b,
            _ => self.len() == other.len() && self.iter().eq(other.iter()),
        }
    }
}

impl Eq for Values<'_> {}

impl<'a> From<&'a [u16]> for Values<'a> {
    fn from(v: &'a [u16]) -> Values<'a> {
        Values::Narrow(v)
    }
}

impl<'a> From<&'a [u32]> for Values<'a> {
    fn from(v: &'a [u32]) -> Values<'a> {
        Values::Wide(v)
    }
}

impl<'a> From<&'a Vec<u16>> for Values<'a> {
    fn from(v: &'a Vec<u16>) -> Values<'a> {
        Values::Narrow(v)
    }
}

impl<'a> From<&'a Vec<u32>> for Values<'a> {
    fn from(v: &'a Vec<u32>) -> Values<'a> {
        Values::Wide(v)
    }
}

/// A table of Grundy values G(0), G(1), ... in one of the two widths of
/// [`NimSequence`](super::NimSequence) (see the module documentation), as a reader of a saved
/// table builds it ([`Table::push`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Table {
    /// Every value fits 16 bits: 2 bytes a value.
    Narrow(Vec<u16>),
    /// Some value does not: 4 bytes a value.
    Wide(Vec<u32>),
}

impl Default for Table {
    fn default() -> Table {
        Table::Narrow(Vec::new())
    }
}

impl Table {
    /// Appends `v`, widening the table (one copy) at the first value above
    /// 65,535.
    ///
    /// # Errors
    /// `Err(v)` when `v` is above [`MAX_VALUE`](super::MAX_VALUE) (no table holds it); the
    /// table is unchanged.
    pub fn push(&mut self, v: u64) -> Result<(), u64> {
        match self {
            Table::Narrow(t) => match u16::try_from(v) {
                Ok(x) => t.push(x),
                Err(_) => {
                    let x = u32::try_from(v).map_err(|_| v)?;
                    let mut wide: Vec<u32> = t.iter().map(|&x| u32::from(x)).collect();
                    wide.push(x);
                    *self = Table::Wide(wide);
                }
            },
            Table::Wide(t) => t.push(u32::try_from(v).map_err(|_| v)?),
        }
        Ok(())
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.values().len()
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values, to read.
    pub fn values(&self) -> Values<'_> {
        match self {
            Table::Narrow(t) => Values::Narrow(t),
            Table::Wide(t) => Values::Wide(t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_of_both_widths_compare_by_value() {
        let narrow = [0u16, 1, 2, 65535];
        let wide = [0u32, 1, 2, 65535];
        assert_eq!(Values::from(&narrow[..]), Values::from(&wide[..]));
        assert_ne!(Values::from(&narrow[..3]), Values::from(&wide[..]));
        let w = Values::from(&wide[..]);
        assert_eq!(w.to_vec(), vec![0, 1, 2, 65535]);
        assert_eq!((w.get(3), w.get(4), w.value(1)), (Some(65535), None, 1));
        assert_eq!(w.prefix(2).to_vec(), vec![0, 1]);
    }
}
