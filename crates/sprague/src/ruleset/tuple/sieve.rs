//! The P-positions of a line rule up to a bound, by a sieve over the
//! lines of its moves instead of a search over options.
//!
//! A *line rule* is a `tuple:` rule whose every option takes the same
//! amount k >= 1 of one bound variable from a fixed set of heaps and
//! leaves the others as they are (`(a-k,b,c)`, `(a-k,b-k,c)`,
//! `(a-k,b-k,c-k)`; conditions only such as `k>0` that hold for every
//! k >= 1), in the heaps' order or, under `perm:`, in every order. Each
//! option is a *direction* D, the set of heaps it takes from, and the
//! options of x are the tuples x - k·D for k >= 1 with no heap below 0:
//! the points before x on the line through x in direction D. So x is a
//! P-position exactly when no P-position lies before it on any of its
//! lines (a P-position has no P-position among its options; an
//! N-position has one). Tuples are taken in lexicographic order, which
//! puts every option of a tuple before it; for each direction a bit per
//! line says whether a P-position has been found on it. Project Euler 260
//! (three-heap Wythoff, `perm:(a-k,b,c),(a-k,b-k,c),(a-k,b-k,c-k)`) is
//! one.
//!
//! A line of direction D is named by the heaps outside D and the
//! differences of the heaps of D from the first of them: (n + 1)^(d - |D|)
//! · (2n + 1)^(|D| - 1) lines for heaps up to n, O(n^(d-1)) bits, not one
//! bit per tuple. Under `perm:` only sorted tuples x_1 <= ... <= x_d are
//! visited (an option of a sorted tuple, sorted, is at most it heap by
//! heap, so it comes first), and each P-position found marks the lines of
//! its every order.

use super::parser::{Body, Expr, TupleRule};
use crate::error::CountLimitKind;
use crate::Error;

/// The directions of a line rule and how to name their lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineSieve {
    /// The number of heaps.
    arity: usize,
    /// Whether the options are played in every order of the heaps.
    perm: bool,
    /// Each direction as a bit mask of the heaps it takes from (closed
    /// under reordering for `perm:` rules), without repeats.
    directions: Vec<u32>,
}

/// The tuples visited between checks of the deadline and memory budget.
const CHECK_EVERY: u64 = 1 << 20;

impl LineSieve {
    /// The sieve of `rule`, when it is a line rule (see the [module
    /// documentation](self)): tuple options only, each of one bound
    /// variable k written `h-k` at some heaps and the heap itself at the
    /// others, with conditions on k alone that hold for every k >= 1; not
    /// `last:` or `once:`. `None` otherwise. O(options · heaps · (heaps! under `perm:`)).
    pub fn of(rule: &TupleRule) -> Option<LineSieve> {
        let d = rule.arity?;
        if rule.last || rule.once || rule.options.is_empty() {
            return None;
        }
        let mut masks = Vec::new();
        for opt in &rule.options {
            let Body::Tuple(parts) = &opt.body else {
                return None;
            };
            if opt.bound.len() != 1
                || !opt
                    .conds
                    .iter()
                    .all(|c| super::project::every_positive(c, 0))
            {
                return None;
            }
            let mut mask = 0u32;
            for (j, part) in parts.iter().enumerate() {
                match part {
                    Expr::Heap(h) if *h == j => {}
                    Expr::Sub(h, b) if **h == Expr::Heap(j) && **b == Expr::Bound(0) => {
                        mask |= 1 << j;
                    }
                    _ => return None,
                }
            }
            if mask == 0 {
                return None;
            }
            masks.push(mask);
        }
        let mut directions: Vec<u32> = if rule.perm {
            // Every set of heaps as large as one of the option's.
            let sizes: Vec<u32> = masks.iter().map(|m| m.count_ones()).collect();
            (1u32..1 << d)
                .filter(|m| sizes.contains(&m.count_ones()))
                .collect()
        } else {
            masks
        };
        directions.sort_unstable();
        directions.dedup();
        Some(LineSieve {
            arity: d,
            perm: rule.perm,
            directions,
        })
    }

    /// The number of heaps of a position.
    pub fn heaps(&self) -> usize {
        self.arity
    }

    /// Whether the options are played in every order of the heaps
    /// (`perm:`): only sorted P-positions are then listed.
    pub fn is_perm(&self) -> bool {
        self.perm
    }

    /// The directions, each a bit mask of the heaps its options take from
    /// (heap `a` is bit 0).
    pub fn directions(&self) -> &[u32] {
        &self.directions
    }

    /// The steps [`LineSieve::p_positions`] takes for heaps up to `n`:
    /// one a tuple visited ((n + 1)^d tuples, or the C(n + d, d) sorted
    /// ones under `perm:`; each looks up one bit a direction) and one a
    /// word of 64 lines of the tables; `None` past 2^128 - 1.
    pub fn work(&self, n: u64) -> Option<u128> {
        let d = self.arity;
        let side = u128::from(n) + 1;
        let tuples = if self.perm {
            // C(n + d, d), the sorted tuples of d heaps up to n.
            (1..=d as u128).try_fold(1u128, |c, i| Some(c.checked_mul(side + i - 1)? / i))
        } else {
            (0..d).try_fold(1u128, |c, _| c.checked_mul(side))
        }?;
        let words = self.directions.iter().try_fold(0u128, |w, &mask| {
            w.checked_add(self.lines(mask, n)?.div_ceil(64))
        })?;
        tuples.checked_add(words)
    }

    /// The lines of direction `mask` for heaps up to `n`.
    fn lines(&self, mask: u32, n: u64) -> Option<u128> {
        let side = u128::from(n) + 1;
        let first = mask.trailing_zeros() as usize;
        (0..self.arity)
            .filter(|&j| j != first)
            .try_fold(1u128, |size, j| {
                size.checked_mul(if mask >> j & 1 == 1 {
                    2 * side - 1
                } else {
                    side
                })
            })
    }

    /// Calls `f` with every P-position whose heaps are all at most `n`, in
    /// lexicographic order; only the sorted ones (x_1 <= ... <= x_d) for a
    /// `perm:` rule, whose other P-positions are their reorderings.
    /// `ruleset` is the word, for errors.
    ///
    /// Work: [`LineSieve::work`] steps, each of O(directions), plus,
    /// under `perm:`, d! · directions for each P-position found; memory:
    /// one bit per line, O(directions · (2n + 1)^(d - 1)) bits.
    ///
    /// # Errors
    /// [`Error::CountLimit`] (of [`CountLimitKind::Work`]) when the steps
    /// pass `max_work`, before any work; [`Error::MemoryLimit`] when the
    /// tables cannot be had or pass a memory budget, or
    /// [`Error::TimeLimit`] past a deadline ([`crate::budget`]).
    pub fn p_positions(
        &self,
        ruleset: &str,
        n: u64,
        max_work: u64,
        f: &mut dyn FnMut(&[u64]),
    ) -> Result<(), Error> {
        let d = self.arity;
        match self.work(n) {
            Some(work) if work <= u128::from(max_work) => {}
            needed => {
                return Err(Error::CountLimit {
                    ruleset: ruleset.to_string(),
                    kind: CountLimitKind::Work,
                    needed: needed.unwrap_or(u128::MAX),
                    limit: max_work,
                })
            }
        }
        let side = n + 1;
        let wide = 2 * side - 1;
        let mut lines: Vec<Line> = Vec::with_capacity(self.directions.len());
        for &mask in &self.directions {
            let first = mask.trailing_zeros() as usize;
            let mut strides = vec![0u64; d];
            let mut size = 1u64;
            for (j, stride) in strides.iter_mut().enumerate() {
                if j == first {
                    continue;
                }
                *stride = size;
                size *= if mask >> j & 1 == 1 { wide } else { side };
            }
            let words = size.div_ceil(64) as usize;
            let mut table: Vec<u64> = Vec::new();
            table
                .try_reserve_exact(words)
                .map_err(|_| Error::MemoryLimit {
                    limit: crate::budget::process_memory_limit()
                        .unwrap_or((words as u64).saturating_mul(8)),
                })?;
            table.resize(words, 0);
            lines.push(Line {
                mask,
                first,
                strides,
                table,
            });
        }
        crate::budget::check()?;
        let perms = if self.perm {
            super::eval::permutations(d)
        } else {
            Vec::new()
        };
        let mut x = vec![0u64; d];
        let mut other = vec![0u64; d];
        let mut visited = 0u64;
        loop {
            if lines.iter().all(|l| !l.get(&x, n)) {
                f(&x);
                if self.perm {
                    for p in &perms {
                        for (i, &j) in p.iter().enumerate() {
                            other[i] = x[j];
                        }
                        for l in &mut lines {
                            l.set(&other, n);
                        }
                    }
                } else {
                    for l in &mut lines {
                        l.set(&x, n);
                    }
                }
            }
            visited += 1;
            if visited.is_multiple_of(CHECK_EVERY) {
                crate::budget::check()?;
            }
            // The next tuple in lexicographic order (sorted under perm:).
            let Some(i) = (0..d).rev().find(|&i| x[i] < n) else {
                return Ok(());
            };
            x[i] += 1;
            let reset = if self.perm { x[i] } else { 0 };
            for v in &mut x[i + 1..] {
                *v = reset;
            }
        }
    }
}

/// The lines of one direction: which hold a P-position found so far.
struct Line {
    mask: u32,
    /// The first heap of the direction, whose value the others are taken
    /// relative to.
    first: usize,
    strides: Vec<u64>,
    table: Vec<u64>,
}

impl Line {
    /// The index of the line through `x`.
    fn index(&self, x: &[u64], n: u64) -> usize {
        let base = x[self.first];
        let mut at = 0u64;
        for (j, &v) in x.iter().enumerate() {
            if j == self.first {
                continue;
            }
            let digit = if self.mask >> j & 1 == 1 {
                v + n - base
            } else {
                v
            };
            at += digit * self.strides[j];
        }
        at as usize
    }

    fn get(&self, x: &[u64], n: u64) -> bool {
        let i = self.index(x, n);
        self.table[i / 64] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, x: &[u64], n: u64) {
        let i = self.index(x, n);
        self.table[i / 64] |= 1 << (i % 64);
    }
}
