//! Interval graphs, `intervals:1..3,2..5,4-6`: one vertex for each interval
//! of integers, two vertices joined when their intervals share an integer.
//! `L..R` is the half-open interval `[L, R)` (as AtCoder writes them),
//! `L-R` the closed one `[L, R]`; the vertices are named `1, 2, ...` in the
//! order written, so the same interval may be written twice.
//!
//! **Node Kayles on an interval graph** is a take-and-break game on the
//! line. Taking the interval `[a, b]` removes it and every interval that
//! meets it, so what is left is the intervals lying wholly left of `a` and
//! those wholly right of `b`, two games that never meet again. Every
//! position reached from a set `S` of intervals is therefore the part of
//! `S` inside a window `[x, y)` of the line, `x` zero or one past an
//! interval's right end and `y` an interval's left end or past every
//! interval, and
//!
//! G(x, y) = mex { G(x, a) ⊕ G(b + 1, y) : [a, b] in S, x ≤ a, b < y }.
//!
//! [`node_kayles`] fills that table: at most (n + 1)² windows for n
//! intervals, each scanning the intervals that start inside it, so
//! O(n³) time at worst and O(n²) memory, against the exponential search of
//! a general graph. (Arc Kayles has no such structure: taking an edge
//! removes two intervals and keeps those that met them.)

use std::sync::Arc;

use super::{Graph, Shape, MAX_STEP_EDGES, MAX_VERTICES};
use crate::{Error, Limits};

/// The work [`node_kayles`] may do for each state `limits.max_states`
/// allows: one unit an interval looked at in a window.
pub const WORK_PER_STATE: u64 = 64;

/// Reads the list after `intervals:` (`text` is the whole word, for
/// messages): intervals separated by `,`, each `L..R` (half-open, `L < R`)
/// or `L-R` (closed, `L ≤ R`), endpoints integers from 0 to 2^64 − 1.
///
/// # Errors
/// An interval that cannot be read or is empty, more than
/// [`MAX_VERTICES`] intervals, or more than [`MAX_STEP_EDGES`] pairs of
/// intervals that meet (counted before any edge is stored).
pub(super) fn parse(text: &str, list: &str) -> Result<Graph, String> {
    let example = "e.g. intervals:1..3,2..5 (half-open) or intervals:1-2,2-4 (closed)";
    if list.is_empty() {
        return Err(format!("{text}: the intervals are missing ({example})"));
    }
    let mut spans: Vec<(u64, u64)> = Vec::new();
    for (i, item) in list.split(',').enumerate() {
        if i >= MAX_VERTICES {
            return Err(format!("{text}: at most {MAX_VERTICES} intervals"));
        }
        let number = |s: &str| -> Result<u64, String> {
            s.parse::<u64>().map_err(|_| {
                format!(
                    "`{item}` (interval {}) in {text}: `{s}` is not an endpoint (a whole number \
                     from 0 to 18446744073709551615; {example})",
                    i + 1
                )
            })
        };
        let span = if let Some((l, r)) = item.split_once("..") {
            let (l, r) = (number(l)?, number(r)?);
            if l >= r {
                return Err(format!(
                    "`{item}` (interval {}) in {text} is empty: a half-open interval L..R needs \
                     L < R",
                    i + 1
                ));
            }
            (l, r - 1)
        } else if let Some((l, r)) = item.split_once('-') {
            let (l, r) = (number(l)?, number(r)?);
            if l > r {
                return Err(format!(
                    "`{item}` (interval {}) in {text} is empty: a closed interval L-R needs L ≤ R",
                    i + 1
                ));
            }
            (l, r)
        } else {
            return Err(format!(
                "`{item}` (interval {}) in {text} is not an interval L..R or L-R ({example})",
                i + 1
            ));
        };
        spans.push(span);
    }
    // Sweep by left end: an interval meets the earlier-starting ones whose
    // right end reaches it. Count the edges before storing any.
    let mut order: Vec<u32> = (0..spans.len() as u32).collect();
    order.sort_unstable_by_key(|&v| spans[v as usize]);
    let meets = |f: &mut dyn FnMut(u32, u32)| {
        let mut open: Vec<u32> = Vec::new();
        for &v in &order {
            let (l, _) = spans[v as usize];
            open.retain(|&u| spans[u as usize].1 >= l);
            for &u in &open {
                f(u, v);
            }
            open.push(v);
        }
    };
    let mut edges = 0usize;
    meets(&mut |_, _| edges += 1);
    if edges > MAX_STEP_EDGES {
        return Err(format!(
            "{text}: {edges} pairs of intervals meet, more than the {MAX_STEP_EDGES} edges a \
             graph may have"
        ));
    }
    let names = (1..=spans.len()).map(|i| i.to_string().into()).collect();
    let mut g = Graph::build(text, Shape::Graph, names);
    meets(&mut |u, v| g.add_edge(u, v));
    g.intervals = Some(Arc::from(spans));
    Ok(g.finish())
}

/// Grundy values of Node Kayles on the intervals `spans` (closed, `[l, r]`),
/// all of them at once: the value of the whole set and, for each interval,
/// the value of what taking it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeKaylesValues {
    /// The value of the whole set.
    pub value: u64,
    /// `after[i]`: the value left by taking `spans[i]`.
    pub after: Vec<u64>,
}

/// Node Kayles on the set of closed intervals `spans` by the window table
/// of the module's doc: its value and what each move leaves.
///
/// Time O(n³) at worst for n intervals (about n³/6 steps when they are
/// spread out), memory (n + 1)² values.
///
/// # Errors
/// [`Error::StateLimit`] when the table would hold more windows than
/// `limits.max_states`; [`Error::WorkLimit`] past [`WORK_PER_STATE`] units
/// a state of it; [`Error::TimeLimit`] (or another budget error) when the
/// run's budget stops it.
pub fn node_kayles(spans: &[(u64, u64)], limits: &Limits) -> Result<NodeKaylesValues, Error> {
    let mut by_left: Vec<(u64, u64)> = spans.to_vec();
    by_left.sort_unstable();
    // Window lower ends x (inclusive) and upper ends y (exclusive), as
    // u128 so that b + 1 and "past everything" fit.
    let mut xs: Vec<u128> = std::iter::once(0)
        .chain(by_left.iter().map(|&(_, b)| u128::from(b) + 1))
        .collect();
    let mut ys: Vec<u128> = by_left
        .iter()
        .map(|&(a, _)| u128::from(a))
        .chain(std::iter::once(u128::MAX))
        .collect();
    xs.sort_unstable();
    xs.dedup();
    ys.sort_unstable();
    ys.dedup();
    let windows = xs.len().saturating_mul(ys.len());
    if windows > limits.max_states {
        return Err(Error::StateLimit {
            limit: limits.max_states,
        });
    }
    let allowed = (limits.max_states as u64).saturating_mul(WORK_PER_STATE);
    let mut work = 0u64;
    let at_x = |x: u128| xs.binary_search(&x).unwrap_or_else(|i| i);
    let at_y = |y: u128| ys.binary_search(&y).unwrap_or_else(|i| i);
    // g[i * |ys| + j] = G(xs[i], ys[j]); filled x descending, y ascending,
    // so that G(x, a) (same x, smaller y) and G(b + 1, y) (larger x) are
    // known when G(x, y) needs them.
    let width = ys.len();
    // Each interval's window ends: y = a for the window left of it, x = b + 1
    // for the window right of it.
    let y_of: Vec<usize> = by_left.iter().map(|&(a, _)| at_y(u128::from(a))).collect();
    let x_of: Vec<usize> = by_left
        .iter()
        .map(|&(_, b)| at_x(u128::from(b) + 1))
        .collect();
    let mut g = vec![0u32; windows];
    let mut seen: Vec<bool> = Vec::new();
    for i in (0..xs.len()).rev() {
        let x = xs[i];
        let first = by_left.partition_point(|&(a, _)| u128::from(a) < x);
        crate::budget::check()?;
        for j in 0..width {
            let y = ys[j];
            seen.clear();
            for (k, &(a, b)) in by_left.iter().enumerate().skip(first) {
                if u128::from(a) >= y {
                    break;
                }
                work += 1;
                if u128::from(b) >= y {
                    continue;
                }
                let left = g[i * width + y_of[k]];
                let right = g[x_of[k] * width + j];
                let v = (left ^ right) as usize;
                if v >= seen.len() {
                    seen.resize(v + 1, false);
                }
                seen[v] = true;
            }
            if work > allowed {
                return Err(Error::WorkLimit {
                    options: work,
                    states: limits.max_states,
                    per_state: WORK_PER_STATE,
                });
            }
            g[i * width + j] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        }
    }
    let whole = |x: u128, y: u128| u64::from(g[at_x(x) * width + at_y(y)]);
    let after = spans
        .iter()
        .map(|&(a, b)| whole(0, u128::from(a)) ^ whole(u128::from(b) + 1, u128::MAX))
        .collect();
    Ok(NodeKaylesValues {
        value: whole(0, u128::MAX),
        after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Node Kayles by the definition on a few intervals (bit masks).
    fn searched(spans: &[(u64, u64)]) -> u64 {
        fn g(spans: &[(u64, u64)], mask: u32, memo: &mut Vec<Option<u64>>) -> u64 {
            if let Some(v) = memo[mask as usize] {
                return v;
            }
            let mut seen = [false; 16];
            for i in 0..spans.len() {
                if mask & 1 << i == 0 {
                    continue;
                }
                let (a, b) = spans[i];
                let mut m = mask;
                for (j, &(c, d)) in spans.iter().enumerate() {
                    if c <= b && a <= d {
                        m &= !(1 << j);
                    }
                }
                seen[g(spans, m, memo) as usize] = true;
            }
            let v = seen.iter().position(|&s| !s).unwrap() as u64;
            memo[mask as usize] = Some(v);
            v
        }
        let mut memo = vec![None; 1 << spans.len()];
        g(spans, (1u32 << spans.len()) - 1, &mut memo)
    }

    #[test]
    fn the_window_table_agrees_with_the_definition() {
        let mut seed = 7u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..400 {
            let n = 1 + next(9) as usize;
            let spans: Vec<(u64, u64)> = (0..n)
                .map(|_| {
                    let a = next(12);
                    (a, a + next(4))
                })
                .collect();
            let got = node_kayles(&spans, &Limits::default()).unwrap();
            assert_eq!(got.value, searched(&spans), "{spans:?}");
            for (i, &(a, b)) in spans.iter().enumerate() {
                let rest: Vec<(u64, u64)> = spans
                    .iter()
                    .copied()
                    .filter(|&(c, d)| !(c <= b && a <= d))
                    .collect();
                assert_eq!(got.after[i], searched(&rest), "{spans:?} taking {i}");
            }
        }
    }

    #[test]
    fn endpoints_at_the_top_of_u64() {
        let top = u64::MAX;
        let spans = [(top, top), (top - 1, top), (0, 0)];
        let got = node_kayles(&spans, &Limits::default()).unwrap();
        assert_eq!(got.value, searched(&spans));
    }
}
