//! Chomp: rectangles are N-positions (Gale's strategy stealing), the
//! 2 x n and L-shaped P-positions, and every value and winning move against
//! a plain search over sets of squares on every diagram inside 4 x 4,
//! beside a Nim heap.

mod common;

use std::collections::HashMap;

use sprague::{movetext, Analyzer, Outcome, Play, Position};

fn value(text: &str) -> u64 {
    let p: Position = text.parse().unwrap();
    p.grundy_value().unwrap()
}

/// The plain search: the squares left as a set of (row, column), with the
/// poisoned square (0, 0) never taken.
fn plain(cells: &[(u32, u32)], memo: &mut HashMap<Vec<(u32, u32)>, u64>) -> u64 {
    if let Some(&g) = memo.get(cells) {
        return g;
    }
    let values: Vec<u64> = options(cells).iter().map(|o| plain(o, memo)).collect();
    let g = (0..).find(|g| !values.contains(g)).unwrap();
    memo.insert(cells.to_vec(), g);
    g
}

fn options(cells: &[(u32, u32)]) -> Vec<Vec<(u32, u32)>> {
    cells
        .iter()
        .filter(|&&s| s != (0, 0))
        .map(|&(r, c)| {
            cells
                .iter()
                .copied()
                .filter(|&(a, b)| !(a >= r && b >= c))
                .collect()
        })
        .collect()
}

fn cells_of(rows: &[u32]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (r, &n) in rows.iter().enumerate() {
        for c in 0..n {
            out.push((r as u32, c));
        }
    }
    out
}

fn rows_of(cells: &[(u32, u32)]) -> Vec<u32> {
    let mut rows: Vec<u32> = Vec::new();
    for &(r, _) in cells {
        if rows.len() <= r as usize {
            rows.resize(r as usize + 1, 0);
        }
        rows[r as usize] += 1;
    }
    rows
}

fn text(rows: &[u32]) -> String {
    if rows.len() > 1 && rows.iter().all(|&n| n == rows[0]) {
        return format!("{}x{}", rows.len(), rows[0]);
    }
    rows.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn rectangles_are_n_positions_and_ls_balance() {
    for r in 1..=4 {
        for c in 1..=6 {
            let g = value(&format!("chomp {r}x{c}"));
            assert_eq!(g == 0, r == 1 && c == 1, "{r} x {c}");
        }
    }
    // Two arms of equal length on the poisoned square: a P-position (the
    // second player mirrors).
    for n in 1..=8 {
        let mut rows = vec![1u32; n];
        rows[0] = n as u32;
        assert_eq!(value(&format!("chomp {}", text(&rows))), 0, "L of {n}");
    }
    // 2 x n less one square is a P-position.
    for n in 2..=8 {
        assert_eq!(value(&format!("chomp {n},{}", n - 1)), 0, "{n},{}", n - 1);
    }
}

#[test]
fn every_diagram_in_4_by_4_against_plain_search() {
    let mut memo = HashMap::new();
    let mut diagrams = Vec::new();
    for a in 1..=4u32 {
        for b in 0..=a {
            for c in 0..=b {
                for d in 0..=c {
                    let rows: Vec<u32> = [a, b, c, d].into_iter().filter(|&n| n > 0).collect();
                    diagrams.push(rows);
                }
            }
        }
    }
    for rows in &diagrams {
        for heap in 0..3u64 {
            let cells = cells_of(rows);
            let g = plain(&cells, &mut memo);
            let t = format!("chomp {} + nim {heap}", text(rows));
            let p: Position = t.parse().unwrap();
            assert_eq!(p.to_string(), t);
            let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
            assert_eq!(a.value, Some(g ^ heap), "{t}");
            assert_eq!(a.outcome == Outcome::P, g == heap, "{t}");
            let mut want: Vec<String> = options(&cells)
                .into_iter()
                .filter(|o| plain(o, &mut memo) == heap)
                .map(|o| format!("chomp {} + nim {heap}", text(&rows_of(&o))))
                .collect();
            if g < heap {
                want.push(format!("chomp {} + nim {g}", text(rows)));
            }
            want.sort();
            assert_eq!(common::afters(&p, &a.winning_moves), want, "{t}");
            for m in &a.winning_moves {
                let after = p.play(m).unwrap();
                assert_eq!(after.grundy_value().unwrap(), 0);
                for s in [
                    movetext::write(&p, m),
                    m.display(&p).to_string(),
                    after.to_string(),
                ] {
                    let read = movetext::parse(&p, &s).unwrap();
                    assert_eq!(p.play(&read).unwrap(), after, "{s}");
                }
            }
        }
    }
}

#[test]
fn bad_diagrams_and_moves_say_what_is_wrong() {
    for (t, says) in [
        ("chomp 2,3", "longer than the row below"),
        ("chomp 3y4", "is not a row length"),
        ("chomp 3x", "is not a rectangle"),
        ("chomp 0", "at least the poisoned square"),
    ] {
        let err = t.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{t}: {err}");
    }
    let p: Position = "chomp 3x3".parse().unwrap();
    for bad in ["1.1", "4.1", "1.4"] {
        let err = movetext::parse(&p, bad).unwrap_err().to_string();
        assert!(err.contains("illegal"), "{bad}: {err}");
    }
}

/// Misère play is the generic search's; every winning move agrees with it.
#[test]
fn misere_play_agrees_with_the_generic_search() {
    for t in ["chomp 3x3", "chomp 4,2,1 + nim 1", "chomp 2x3 2,1"] {
        let p: Position = t.parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
        let mut solver = sprague::Solver::new(sprague::SumGame::new(sprague::Limits::default()));
        assert_eq!(a.outcome, solver.outcome(&p, Play::Misere).unwrap(), "{t}");
        let listed = common::afters(&p, &a.winning_moves);
        assert_eq!(
            listed,
            common::searched_afters(&mut solver, &p, Play::Misere),
            "{t}"
        );
    }
}

/// A diagram with many squares has many options a position: the search
/// stops at the work its state limit allows, not only at the positions it
/// stores (20 x 20 ran for hours under the default state limit).
#[test]
fn a_large_board_stops_at_the_work_its_state_limit_allows() {
    let p: sprague::Position = "chomp 20x20".parse().unwrap();
    let limits = sprague::Limits {
        max_states: 1_000,
        ..sprague::Limits::default()
    };
    let e = sprague::Analyzer::new(limits)
        .analyze(&p, sprague::Play::Normal, Some(0))
        .unwrap_err();
    assert!(
        matches!(e, sprague::Error::WorkLimit { states: 1_000, .. }),
        "{e:?}"
    );
}

/// A rectangle too large to hold is called too large, not "not a
/// rectangle".
#[test]
fn a_huge_rectangle_is_too_large_not_malformed() {
    let e = "chomp 3x18446744073709551615"
        .parse::<sprague::Position>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("at most"), "{e}");
    let e = "chomp 3xq"
        .parse::<sprague::Position>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("is not a rectangle"), "{e}");
}
