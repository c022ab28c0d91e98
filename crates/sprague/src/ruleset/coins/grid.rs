//! The position of a grid of coins (a product of two coin-turning games):
//! its heads as blocks, rectangles of rows `a..=b` by columns `c..=d`, so
//! that a move turning a billion by a billion coins (Ruler x Ruler turns
//! a rectangle) is applied and written in a few words.
//!
//! A set of heads has one canonical form: its bands, the maximal runs of
//! consecutive rows whose heads lie in the same columns, each band cut into
//! its runs of columns; blocks in increasing order. Turning the coins of
//! some blocks is the symmetric difference, computed by a sweep over the
//! rows where a block starts or ends (each coin is a head when an odd
//! number of blocks cover it): O(k log k) for k blocks in distinct rows,
//! O(k · w) when bands hold w runs of columns.
//!
//! A grid is written as its heads, `r,c`, or blocks of heads, `a-b,c-d`
//! (`a-b,c` and `r,c-d` for one column or one row), the notation of a
//! row's runs `9-12` on each coordinate.

use std::fmt;

use super::{toggle, Runs};
use crate::ruleset::ArgumentError;

/// The most cells a grid written as rows of letters may hold.
pub const MAX_GRID_LETTERS: u64 = 1 << 20;

/// Rows `rows.0..=rows.1` by columns `cols.0..=cols.1`, every coin in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block {
    /// The first and last row (inclusive).
    pub rows: (u64, u64),
    /// The first and last column (inclusive).
    pub cols: (u64, u64),
}

impl Block {
    /// The block of one coin (r, c).
    pub fn cell(r: u64, c: u64) -> Block {
        Block {
            rows: (r, r),
            cols: (c, c),
        }
    }

    /// How many coins it holds (at most 2^128 - 2^65 + 1).
    pub fn count(&self) -> u128 {
        (u128::from(self.rows.1 - self.rows.0) + 1) * (u128::from(self.cols.1 - self.cols.0) + 1)
    }

    /// Whether it holds coin (r, c).
    pub fn contains(&self, r: u64, c: u64) -> bool {
        self.rows.0 <= r && r <= self.rows.1 && self.cols.0 <= c && c <= self.cols.1
    }

    /// Whether it shares a coin with `other`.
    pub fn meets(&self, other: &Block) -> bool {
        self.rows.0 <= other.rows.1
            && other.rows.0 <= self.rows.1
            && self.cols.0 <= other.cols.1
            && other.cols.0 <= self.cols.1
    }

    /// Every coin, row by row, until `f` breaks.
    pub fn each<B>(
        &self,
        f: &mut dyn FnMut(u64, u64) -> std::ops::ControlFlow<B>,
    ) -> std::ops::ControlFlow<B> {
        let mut r = self.rows.0;
        loop {
            let mut c = self.cols.0;
            loop {
                f(r, c)?;
                if c == self.cols.1 {
                    break;
                }
                c += 1;
            }
            if r == self.rows.1 {
                return std::ops::ControlFlow::Continue(());
            }
            r += 1;
        }
    }
}

/// The heads of a grid in canonical form (see the module's text), and its
/// size when written as rows of letters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinGrid {
    /// The heads, as blocks in canonical form, increasing.
    pub heads: Vec<Block>,
    /// `Some((rows, columns))` when written as rows of `T` and `H`.
    pub letters: Option<(u64, u64)>,
}

crate::typed_position!(CoinGrid, {
    fn argument_count(&self) -> usize {
        usize::from(self.letters.is_some() || !self.heads.is_empty())
    }
});

/// The coins covered by an odd number of `blocks`, in canonical form.
///
/// Complexity: a sweep over the 2k rows where the k blocks start or end,
/// each costing the runs of columns open there (O(k log k) when few blocks
/// share rows).
pub fn xor_blocks(blocks: &[Block]) -> Vec<Block> {
    let mut events: Vec<(u128, (u64, u64))> = Vec::with_capacity(2 * blocks.len());
    for b in blocks {
        events.push((u128::from(b.rows.0), b.cols));
        events.push((u128::from(b.rows.1) + 1, b.cols));
    }
    events.sort_unstable();
    let mut active: Runs = Vec::new();
    let mut bands: Vec<(u64, u64, Runs)> = Vec::new();
    let mut batch: Runs = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let row = events[i].0;
        batch.clear();
        while i < events.len() && events[i].0 == row {
            batch.push(events[i].1);
            i += 1;
        }
        active = toggle(&active, &batch);
        // A band open here ends before the next event (there is one:
        // every block that opens closes).
        if active.is_empty() || i == events.len() {
            continue;
        }
        let (from, to) = (row as u64, (events[i].0 - 1) as u64);
        match bands.last_mut() {
            Some(last) if u128::from(last.1) + 1 == row && last.2 == active => last.1 = to,
            _ => bands.push((from, to, active.clone())),
        }
    }
    bands
        .into_iter()
        .flat_map(|(a, b, runs)| {
            runs.into_iter()
                .map(move |cols| Block { rows: (a, b), cols })
        })
        .collect()
}

/// How many heads `heads` holds.
pub fn head_count(heads: &[Block]) -> u128 {
    heads.iter().map(Block::count).sum()
}

/// The blocks of canonical `heads` in the band holding row `r` (empty when
/// no head is on row `r`).
pub fn band_of(heads: &[Block], r: u64) -> &[Block] {
    // Bands are disjoint and increasing, so their last rows increase too.
    let i = heads.partition_point(|b| b.rows.1 < r);
    let j = i + heads[i..].partition_point(|b| b.rows.0 <= r);
    &heads[i..j]
}

/// Whether (r, c) is a head of canonical `heads`.
pub fn is_head(heads: &[Block], r: u64, c: u64) -> bool {
    let band = band_of(heads, r);
    let k = band.partition_point(|b| b.cols.1 < c);
    band.get(k).is_some_and(|b| b.cols.0 <= c)
}

/// The blocks of a move turning every coin at `rows` by `cols` (runs).
pub fn blocks_of(rows: &[(u64, u64)], cols: &[(u64, u64)]) -> Vec<Block> {
    rows.iter()
        .flat_map(|&r| cols.iter().map(move |&c| Block { rows: r, cols: c }))
        .collect()
}

/// Turns the coins of `rows` x `cols` in canonical `heads`.
pub fn turn_blocks(heads: &[Block], rows: &[(u64, u64)], cols: &[(u64, u64)]) -> Vec<Block> {
    let mut all = heads.to_vec();
    all.extend(blocks_of(rows, cols));
    xor_blocks(&all)
}

/// When the coins where canonical `a` and `b` differ are every coin at a
/// set of rows by a set of columns: those rows and columns (runs).
pub fn product_difference(a: &[Block], b: &[Block]) -> Option<(Runs, Runs)> {
    let mut all = a.to_vec();
    all.extend_from_slice(b);
    let diff = xor_blocks(&all);
    let first = diff.first()?;
    // Every band must hold the same columns; bands with the same columns
    // are never adjacent in canonical form, so the rows are the bands.
    let first_band = band_of(&diff, first.rows.0);
    let cols: Runs = first_band.iter().map(|b| b.cols).collect();
    let mut rows: Runs = Vec::new();
    let mut i = 0;
    while i < diff.len() {
        let band = band_of(&diff, diff[i].rows.0);
        if band.len() != cols.len() || band.iter().zip(&cols).any(|(b, c)| b.cols != *c) {
            return None;
        }
        rows.push(band[0].rows);
        i += band.len();
    }
    Some((rows, cols))
}

/// Writes one coordinate, `n` or `a-b`.
fn write_span(f: &mut dyn fmt::Write, (a, b): (u64, u64)) -> fmt::Result {
    if a == b {
        write!(f, "{a}")
    } else {
        write!(f, "{a}-{b}")
    }
}

/// Writes heads as `r,c` and blocks as `a-b,c-d`, apart by spaces.
pub fn write_heads(heads: &[Block], f: &mut dyn fmt::Write) -> fmt::Result {
    for (i, b) in heads.iter().enumerate() {
        if i > 0 {
            f.write_char(' ')?;
        }
        write_span(f, b.rows)?;
        f.write_char(',')?;
        write_span(f, b.cols)?;
    }
    Ok(())
}

/// Writes `rows` x `cols` letters from (o1, o2): `H` for a head.
pub fn write_letters(
    heads: &[Block],
    (o1, o2): (u64, u64),
    (rows, cols): (u64, u64),
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    for i in 0..rows {
        if i > 0 {
            f.write_char(' ')?;
        }
        let band = band_of(heads, o1 + i);
        let mut k = 0;
        for j in 0..cols {
            let c = o2 + j;
            while k < band.len() && band[k].cols.1 < c {
                k += 1;
            }
            let head = band.get(k).is_some_and(|b| b.cols.0 <= c);
            f.write_char(if head { 'H' } else { 'T' })?;
        }
    }
    Ok(())
}

/// Reads one coordinate, `n` or `a-b` with a <= b.
fn read_span(text: &str) -> Option<(u64, u64)> {
    match text.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (a.parse().ok()?, b.parse().ok()?);
            (a <= b).then_some((a, b))
        }
        None => text.parse().ok().map(|n| (n, n)),
    }
}

/// Reads a head `r,c` or a block `a-b,c-d`.
pub fn read_block(word: &str) -> Option<Block> {
    let (r, c) = word.split_once(',')?;
    Some(Block {
        rows: read_span(r)?,
        cols: read_span(c)?,
    })
}

/// The first pair of `blocks` (their indices, the later second) sharing a
/// coin, and that coin.
pub fn first_overlap(blocks: &[Block]) -> Option<(usize, (u64, u64))> {
    let mut order: Vec<usize> = (0..blocks.len()).collect();
    order.sort_by_key(|&i| blocks[i]);
    let mut best: Option<(usize, (u64, u64))> = None;
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if blocks[j].rows.0 > blocks[i].rows.1 {
                break;
            }
            if blocks[i].meets(&blocks[j]) {
                let coin = (
                    blocks[i].rows.0.max(blocks[j].rows.0),
                    blocks[i].cols.0.max(blocks[j].cols.0),
                );
                let later = i.max(j);
                if best.is_none_or(|(b, _)| later < b) {
                    best = Some((later, coin));
                }
            }
        }
    }
    best
}

pub(super) fn parse_grid(
    words: &[&str],
    o1: u64,
    o2: u64,
) -> Result<CoinGrid, (usize, ArgumentError)> {
    let bad = |i: usize, why: String| (i, ArgumentError::BadShape(why.into()));
    let letters = |w: &str| !w.is_empty() && w.bytes().all(|b| b"THth".contains(&b));
    if !words.is_empty() && words.iter().all(|w| letters(w)) {
        let width = words[0].len() as u64;
        if width * words.len() as u64 > MAX_GRID_LETTERS {
            return Err(bad(
                0,
                format!(
                    "a grid written as letters holds at most {MAX_GRID_LETTERS} coins; write a \
                     large grid as the coordinates r,c of its heads"
                ),
            ));
        }
        let mut heads = Vec::new();
        for (i, w) in words.iter().enumerate() {
            if w.len() as u64 != width {
                return Err(bad(
                    i,
                    format!(
                        "row {} has {} coins, row 1 has {width}: every row of a grid is as \
                         long",
                        i + 1,
                        w.len()
                    ),
                ));
            }
            for (j, b) in w.bytes().enumerate() {
                if b.eq_ignore_ascii_case(&b'H') {
                    heads.push(Block::cell(o1 + i as u64, o2 + j as u64));
                }
            }
        }
        return Ok(CoinGrid {
            heads: xor_blocks(&heads),
            letters: Some((words.len() as u64, width)),
        });
    }
    let mut heads = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        match read_block(w) {
            Some(b) => heads.push(b),
            None => {
                return Err(bad(
                    i,
                    format!(
                        "`{w}` is neither a row of T and H nor a head r,c or a block of heads \
                         a-b,c-d (a grid is rows such as THT HHT, or its heads such as 3,5 \
                         10,2 1-4,7-9, with a <= b and c <= d)"
                    ),
                ))
            }
        }
    }
    let xor = xor_blocks(&heads);
    if head_count(&xor) != head_count(&heads) {
        if let Some((i, (r, c))) = first_overlap(&heads) {
            return Err(bad(i, format!("the head {r},{c} is named twice")));
        }
    }
    Ok(CoinGrid {
        heads: xor,
        letters: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cells(blocks: &[Block], n: u64) -> Vec<Vec<bool>> {
        let mut g = vec![vec![false; n as usize]; n as usize];
        for b in blocks {
            for r in b.rows.0..=b.rows.1 {
                for c in b.cols.0..=b.cols.1 {
                    g[r as usize][c as usize] ^= true;
                }
            }
        }
        g
    }

    fn block() -> impl Strategy<Value = Block> {
        (0u64..8, 0u64..8, 0u64..8, 0u64..8).prop_map(|(a, b, c, d)| Block {
            rows: (a.min(b), a.max(b)),
            cols: (c.min(d), c.max(d)),
        })
    }

    proptest! {
        /// The sweep's canonical form holds exactly the coins covered an
        /// odd number of times, and is the same whatever blocks gave it.
        #[test]
        fn xor_is_the_coins_covered_an_odd_number_of_times(
            blocks in proptest::collection::vec(block(), 0..8),
        ) {
            let x = xor_blocks(&blocks);
            prop_assert_eq!(cells(&x, 8), cells(&blocks, 8));
            // Canonical: the cells one by one give the same blocks.
            let mut singles = Vec::new();
            for (r, row) in cells(&blocks, 8).iter().enumerate() {
                for (c, &on) in row.iter().enumerate() {
                    if on {
                        singles.push(Block::cell(r as u64, c as u64));
                    }
                }
            }
            prop_assert_eq!(&xor_blocks(&singles), &x);
            for r in 0..8 {
                for c in 0..8 {
                    prop_assert_eq!(is_head(&x, r, c), cells(&blocks, 8)[r as usize][c as usize]);
                }
            }
        }
    }

    #[test]
    fn a_huge_rectangle_less_its_corner_is_two_blocks() {
        let heads = vec![Block::cell(1_000_000_000, 999_999_999)];
        let after = turn_blocks(&heads, &[(5, 1_000_000_000)], &[(7, 999_999_999)]);
        let mut text = String::new();
        write_heads(&after, &mut text).unwrap();
        assert_eq!(text, "5-999999999,7-999999999 1000000000,7-999999998");
        assert_eq!(
            product_difference(&heads, &after),
            Some((vec![(5, 1_000_000_000)], vec![(7, 999_999_999)]))
        );
        assert_eq!(head_count(&after), 999_999_996u128 * 999_999_993 - 1);
    }

    #[test]
    fn blocks_at_the_edge_of_u64() {
        let m = u64::MAX;
        let after = turn_blocks(&[], &[(m - 1, m)], &[(0, m)]);
        assert_eq!(
            after,
            vec![Block {
                rows: (m - 1, m),
                cols: (0, m)
            }]
        );
        assert!(is_head(&after, m, m));
        assert!(turn_blocks(&after, &[(m - 1, m)], &[(0, m)]).is_empty());
    }
}
