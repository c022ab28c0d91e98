//! Node Kayles on interval graphs (`intervals:`; AtCoder ABC206 F): the
//! window table against a plain search over sets of intervals, with every
//! winning move leading to a P-position; contest-sized sets against the
//! contest editorial's recursion on coordinates written here; the notation
//! read back; bad input named.

mod common;

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use sprague::{movetext, Analyzer, Outcome, Play, Position};

/// Closed intervals `[l, r]` as written `l-r`, or half-open `[l, r + 1)`
/// as `l..r+1` (the two notations mean the same set of integers).
fn notation(spans: &[(u64, u64)], half_open: bool) -> String {
    let items: Vec<String> = spans
        .iter()
        .map(|&(l, r)| {
            if half_open {
                format!("{l}..{}", r + 1)
            } else {
                format!("{l}-{r}")
            }
        })
        .collect();
    format!("intervals:{}", items.join(","))
}

/// The plain search over the set of intervals still there (a bit mask):
/// the mex of the values of what each move leaves.
fn plain(spans: &[(u64, u64)], mask: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&g) = memo.get(&mask) {
        return g;
    }
    let values: Vec<u64> = (0..spans.len())
        .filter(|&i| mask & 1 << i != 0)
        .map(|i| plain(spans, after(spans, mask, i), memo))
        .collect();
    let g = (0..).find(|g| !values.contains(g)).unwrap();
    memo.insert(mask, g);
    g
}

/// The mask left by taking interval `i`: it and every interval meeting it
/// go.
fn after(spans: &[(u64, u64)], mask: u32, i: usize) -> u32 {
    let (a, b) = spans[i];
    (0..spans.len())
        .filter(|&j| {
            let (c, d) = spans[j];
            mask & 1 << j != 0 && (d < a || c > b)
        })
        .fold(0, |m, j| m | 1 << j)
}

/// `~` and the vertices (1-based) not in `mask`.
fn gone(n: usize, mask: u32) -> String {
    let names: Vec<String> = (0..n)
        .filter(|&j| mask & 1 << j == 0)
        .map(|j| (j + 1).to_string())
        .collect();
    if names.is_empty() {
        String::new()
    } else {
        format!("~{}", names.join(","))
    }
}

/// One set of intervals with some gone, beside a Nim heap or not: the
/// value, the outcome and every winning move against the plain search.
fn check(spans: &[(u64, u64)], mask: u32, heap: Option<u64>, half_open: bool) {
    let n = spans.len();
    let graph = notation(spans, half_open);
    let nim = heap.map_or(String::new(), |h| format!(" + nim {h}"));
    let t = format!("nodekayles {graph}{}{nim}", gone(n, mask));
    let p: Position = t.parse().unwrap();
    assert_eq!(p.to_string(), t);
    let mut memo = HashMap::new();
    let value = plain(spans, mask, &mut memo);
    let h = heap.unwrap_or(0);
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert_eq!(a.outcome == Outcome::P, value == h, "{t}");
    if heap.is_none() {
        assert_eq!(a.value, Some(value), "{t}");
    }
    let mut want: Vec<String> = (0..n)
        .filter(|&i| mask & 1 << i != 0)
        .map(|i| after(spans, mask, i))
        .filter(|&m| plain(spans, m, &mut memo) == h)
        .map(|m| format!("nodekayles {graph}{}{nim}", gone(n, m)))
        .collect();
    if value < h {
        want.push(format!("nodekayles {graph}{} + nim {value}", gone(n, mask)));
    }
    want.sort();
    assert_eq!(common::afters(&p, &a.winning_moves), want, "{t}");
    for m in &a.winning_moves {
        let next = p.play(m).unwrap();
        assert_eq!(next.grundy_value().unwrap(), 0, "{t} -> {next}");
        let read = movetext::parse(&p, &movetext::write(&p, m)).unwrap();
        assert_eq!(p.play(&read).unwrap(), next, "{t}");
    }
}

fn random_spans(rng: &mut impl Rng, n: usize, width: u64, longest: u64) -> Vec<(u64, u64)> {
    (0..n)
        .map(|_| {
            let l = rng.random_range(0..width);
            (l, l + rng.random_range(0..longest))
        })
        .collect()
}

/// 1,500 random sets of 1 to 10 intervals (some gone, some beside a Nim
/// heap, both notations): value, outcome and every winning move agree with
/// the plain search.
#[test]
fn the_window_table_agrees_with_plain_search() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(206);
    for case in 0..1_500 {
        let n = rng.random_range(1..=10);
        let spans = random_spans(&mut rng, n, 14, 5);
        let full = (1u32 << n) - 1;
        let mask = if case % 3 == 0 {
            full & rng.random::<u32>()
        } else {
            full
        };
        let heap = (case % 4 == 1).then(|| rng.random_range(0..5));
        check(&spans, mask, heap, case % 2 == 0);
    }
}

/// Misère play (searched): the outcome and every winning move agree with
/// a plain misère search and with the generic search.
#[test]
fn misere_play_agrees_with_plain_search() {
    fn wins(spans: &[(u64, u64)], mask: u32, memo: &mut HashMap<u32, bool>) -> bool {
        if let Some(&w) = memo.get(&mask) {
            return w;
        }
        // Misère: a player with no move wins.
        let w = mask == 0
            || (0..spans.len())
                .filter(|&i| mask & 1 << i != 0)
                .any(|i| !wins(spans, after(spans, mask, i), memo));
        memo.insert(mask, w);
        w
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(2062);
    for _ in 0..150 {
        let n = rng.random_range(1..=8);
        let spans = random_spans(&mut rng, n, 12, 4);
        let full = (1u32 << n) - 1;
        let graph = notation(&spans, true);
        let t = format!("nodekayles {graph}");
        let p: Position = t.parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
        let mut memo = HashMap::new();
        assert_eq!(
            a.outcome == Outcome::N,
            wins(&spans, full, &mut memo),
            "{t}"
        );
        let mut want: Vec<String> = (0..n)
            .map(|i| after(&spans, full, i))
            .filter(|&m| !wins(&spans, m, &mut memo))
            .map(|m| format!("nodekayles {graph}{}", gone(n, m)))
            .collect();
        want.sort();
        assert_eq!(common::afters(&p, &a.winning_moves), want, "{t}");
        let mut solver = sprague::Solver::new(sprague::SumGame::new(sprague::Limits::default()));
        assert_eq!(
            common::searched_afters(&mut solver, &p, Play::Misere),
            want,
            "{t}"
        );
    }
}

/// Endpoints at 0 and 2^64 − 1 (a half-open interval cannot reach
/// 2^64 − 1; a closed one can).
#[test]
fn endpoints_at_the_edges_of_u64() {
    let top = u64::MAX;
    let spans = [(0, 0), (0, 1), (top - 1, top), (top, top), (1, top - 1)];
    check(&spans, 0b11111, None, false);
    check(&spans, 0b11111, Some(2), false);
    let p: Position = format!("nodekayles intervals:{}..{top}", top - 1)
        .parse()
        .unwrap();
    assert_eq!(p.grundy_value().unwrap(), 1);
}

/// The ABC206 F editorial's recursion, written on coordinates: g(l, r) for
/// the half-open window [l, r) of 1..=100 is the mex over the intervals
/// [a, b) inside it of g(l, a) xor g(b, r).
fn editorial(intervals: &[(u64, u64)]) -> u64 {
    let mut g = vec![vec![0u64; 102]; 102];
    for len in 1..=100usize {
        for l in 1..=101 - len {
            let r = l + len;
            let mut seen = [false; 128];
            for &(a, b) in intervals {
                let (a, b) = (a as usize, b as usize);
                if l <= a && b <= r {
                    seen[(g[l][a] ^ g[b][r]) as usize] = true;
                }
            }
            g[l][r] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    g[1][101]
}

/// The contest's size: 20 cases of 100 half-open intervals in [1, 100],
/// each outcome the editorial's, each winning move to a P-position.
#[test]
fn the_contest_size_agrees_with_the_editorial() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2061);
    for case in 0..20 {
        let intervals: Vec<(u64, u64)> = (0..100)
            .map(|_| {
                let l = rng.random_range(1..100u64);
                let r = rng.random_range(l + 1..=100);
                (l, r)
            })
            .collect();
        let items: Vec<String> = intervals
            .iter()
            .map(|&(l, r)| format!("{l}..{r}"))
            .collect();
        let p: Position = format!("nodekayles intervals:{}", items.join(","))
            .parse()
            .unwrap();
        let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        let want = editorial(&intervals);
        assert_eq!(a.value, Some(want), "case {case}");
        assert_eq!(a.outcome == Outcome::N, want != 0, "case {case}");
        for m in &a.winning_moves {
            assert_eq!(p.play(m).unwrap().grundy_value().unwrap(), 0);
        }
    }
}

/// Bad intervals are refused with the interval named.
#[test]
fn bad_intervals_are_named() {
    for (text, says) in [
        ("nodekayles intervals:3..3", "is empty"),
        ("nodekayles intervals:4-3", "is empty"),
        ("nodekayles intervals:1..x", "`x` is not an endpoint"),
        ("nodekayles intervals:1..2,5", "`5` (interval 2)"),
        ("nodekayles intervals:", "the intervals are missing"),
        (
            "nodekayles intervals:1..18446744073709551616",
            "is not an endpoint",
        ),
        ("nodekayles intervals:1..3~4", "`4` after `~`"),
    ] {
        let e = text.parse::<Position>().unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}

/// A set whose window table would pass the state limit is refused by that
/// limit, not searched.
#[test]
fn a_table_past_the_state_limit_is_refused() {
    let items: Vec<String> = (0..3_000u64)
        .map(|i| format!("{}-{}", 2 * i, 2 * i + 4))
        .collect();
    let p: Position = format!("nodekayles intervals:{}", items.join(","))
        .parse()
        .unwrap();
    let limits = sprague::Limits {
        max_states: 100_000,
        ..sprague::Limits::default()
    };
    let e = Analyzer::new(limits)
        .analyze(&p, Play::Normal, None)
        .unwrap_err();
    assert!(matches!(e, sprague::Error::StateLimit { .. }), "{e}");
}
