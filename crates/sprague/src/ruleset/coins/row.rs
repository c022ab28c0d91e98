//! A row of coins (`CoinRow`): its heads as runs, the runs toggled by a
//! move, and the notation of a row and of a move's coins.

use std::fmt;

use super::rule::{self, Runs};
use crate::ruleset::ArgumentError;

/// The most coins a row written as `T` and `H` may hold.
pub const MAX_ROW_LETTERS: usize = 1 << 20;

/// The position of a coin row: its heads, as runs of coins, and the
/// number of coins when written as `T` and `H`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinRow {
    /// The heads, as inclusive runs, increasing and apart.
    pub heads: Runs,
    /// `Some(n)`: written as n letters (coins origin..origin + n);
    /// `None`: written as the numbers of the heads.
    pub letters: Option<u64>,
}

crate::typed_position!(CoinRow, {
    fn argument_count(&self) -> usize {
        usize::from(self.letters.is_some() || !self.heads.is_empty())
    }
});

/// Toggles the coins of `turn` in `heads` (both runs): their symmetric
/// difference.
pub fn toggle(heads: &[(u64, u64)], turn: &[(u64, u64)]) -> Runs {
    // Boundaries as half-open points; a point lies in an odd number of
    // runs exactly when it is a head after.
    let mut edges: Vec<u128> = Vec::with_capacity(2 * (heads.len() + turn.len()));
    for &(a, b) in heads.iter().chain(turn) {
        edges.push(u128::from(a));
        edges.push(u128::from(b) + 1);
    }
    edges.sort_unstable();
    let mut out: Runs = Vec::new();
    let mut i = 0;
    let mut inside = false;
    let mut start = 0u128;
    while i < edges.len() {
        let e = edges[i];
        let mut n = 0;
        while i < edges.len() && edges[i] == e {
            n += 1;
            i += 1;
        }
        if n % 2 == 1 {
            if inside {
                if let Some(last) = out.last_mut().filter(|l| u128::from(l.1) + 1 == start) {
                    last.1 = (e - 1) as u64;
                } else {
                    out.push((start as u64, (e - 1) as u64));
                }
            } else {
                start = e;
            }
            inside = !inside;
        }
    }
    out
}

/// Whether coin `x` is a head.
pub fn is_head(heads: &[(u64, u64)], x: u64) -> bool {
    let i = heads.partition_point(|&(_, b)| b < x);
    heads.get(i).is_some_and(|&(a, _)| a <= x)
}

/// Writes runs as a move's coins: `3.7`, `4-9`.
pub fn write_runs(runs: &[(u64, u64)], sep: &str, f: &mut dyn fmt::Write) -> fmt::Result {
    for (i, &(a, b)) in runs.iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        if a == b {
            write!(f, "{a}")?;
        } else if b == a + 1 {
            write!(f, "{a}{sep}{b}")?;
        } else {
            write!(f, "{a}-{b}")?;
        }
    }
    Ok(())
}

/// Reads a set of coins `3.7`, `4-9`, `2.5-8` as runs (sorted, merged);
/// `None` when it is not one or names a coin twice.
pub fn read_runs(text: &str) -> Option<Runs> {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for item in text.split('.') {
        let (a, b) = match item.split_once('-') {
            Some((a, b)) => (a.parse().ok()?, b.parse().ok()?),
            None => {
                let n = item.parse().ok()?;
                (n, n)
            }
        };
        if a > b {
            return None;
        }
        runs.push((a, b));
    }
    runs.sort_unstable();
    if runs.windows(2).any(|w| w[0].1 >= w[1].0) {
        return None;
    }
    Some(rule::runs_of_runs(&runs))
}

/// Reads a row's words: one word of `T` and `H`, or head numbers and runs.
pub(super) fn parse_row(words: &[&str], origin: u64) -> Result<CoinRow, (usize, ArgumentError)> {
    let bad = |i: usize, why: String| (i, ArgumentError::BadShape(why.into()));
    let is_letters =
        |w: &str| !w.is_empty() && w.bytes().all(|b| matches!(b, b'T' | b'H' | b't' | b'h'));
    if let [first, second, ..] = words {
        if is_letters(first) {
            return Err(bad(
                1,
                format!(
                    "a component is one row: `{second}` after the row `{first}` would be a \
                     second one; put '+' and the ruleset word before each further row"
                ),
            ));
        }
    }
    if let [w] = words {
        if is_letters(w) {
            if w.len() > MAX_ROW_LETTERS {
                return Err(bad(
                    0,
                    format!(
                        "a row written as letters holds at most {MAX_ROW_LETTERS} coins; \
                         write a long row as the numbers of its heads (runs a-b)"
                    ),
                ));
            }
            let heads: Vec<u64> = w
                .bytes()
                .enumerate()
                .filter(|(_, b)| b.eq_ignore_ascii_case(&b'H'))
                .map(|(i, _)| origin + i as u64)
                .collect();
            return Ok(CoinRow {
                heads: rule::runs_of(&heads),
                letters: Some(w.len() as u64),
            });
        }
    }
    let mut runs = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let run = match w.split_once('-') {
            Some((a, b)) => match (a.parse::<u64>(), b.parse::<u64>()) {
                (Ok(a), Ok(b)) if a <= b => (a, b),
                _ => {
                    return Err(bad(
                        i,
                        format!(
                            "`{w}` is not a run of heads a-b with a <= b (a row is T/H \
                             letters, such as THHTH, or the numbers of its heads)"
                        ),
                    ))
                }
            },
            None => match w.parse::<u64>() {
                Ok(n) => (n, n),
                Err(_) => {
                    return Err(bad(
                        i,
                        format!(
                            "`{w}` is neither a row of T and H nor the number of a head \
                             (a row is one word such as THHTH, or head numbers such as 2 3 5 \
                             or runs 4-9)"
                        ),
                    ))
                }
            },
        };
        runs.push(run);
    }
    let mut order: Vec<usize> = (0..runs.len()).collect();
    order.sort_by_key(|&i| runs[i]);
    for w in order.windows(2) {
        if runs[w[0]].1 >= runs[w[1]].0 {
            return Err(bad(
                w[1],
                format!(
                    "coin {} is named twice: each coin shows heads or tails once (where a \
                     problem lists a coin twice, two heads on one coin cancel: leave out a \
                     coin listed an even number of times, keep one listed an odd number)",
                    runs[w[1]].0.max(runs[w[0]].0)
                ),
            ));
        }
    }
    runs.sort_unstable();
    Ok(CoinRow {
        heads: rule::runs_of_runs(&runs),
        letters: None,
    })
}
