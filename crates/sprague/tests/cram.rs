//! Cram on boards: the strips (Dawson's Kayles), the symmetry strategy on
//! boards with both sides even, boards read and printed back, and every
//! value and winning move against a plain search over which cells are
//! empty, on random small boards with filled cells, beside a Nim heap.

mod common;

use std::collections::HashMap;

use proptest::prelude::*;
use sprague::{movetext, Analyzer, Outcome, Play, Position};

/// Dawson's Kayles (octal 0.07), heaps 0..=20 (Winning Ways, ch. 4).
const DAWSON: [u64; 21] = [
    0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
];

fn value(text: &str) -> u64 {
    let p: Position = text.parse().unwrap();
    p.grundy_value().unwrap()
}

/// The plain search: empty cells as a bit mask of a `rows` x `cols` board.
fn plain(rows: usize, cols: usize, empty: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&g) = memo.get(&empty) {
        return g;
    }
    let values: Vec<u64> = options(rows, cols, empty)
        .into_iter()
        .map(|o| plain(rows, cols, o, memo))
        .collect();
    let g = (0..).find(|g| !values.contains(g)).unwrap();
    memo.insert(empty, g);
    g
}

fn options(rows: usize, cols: usize, empty: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let v = r * cols + c;
            let pairs = [(c + 1 < cols, v + 1), (r + 1 < rows, v + cols)];
            for (ok, w) in pairs {
                if ok && empty >> v & 1 == 1 && empty >> w & 1 == 1 {
                    out.push(empty & !(1 << v | 1 << w));
                }
            }
        }
    }
    out
}

fn rows_text(rows: usize, cols: usize, empty: u32) -> String {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if empty >> (r * cols + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn strips_are_dawsons_kayles() {
    for (n, &g) in DAWSON.iter().enumerate().skip(1) {
        assert_eq!(value(&format!("cram 1x{n}")), g, "1 x {n}");
        assert_eq!(value(&format!("cram {n}x1")), g, "{n} x 1");
    }
    let p: Position = "cram 1x300".parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert_eq!(a.component_bases[0].word(), "octal");
}

#[test]
fn boards_with_both_sides_even_are_p_positions() {
    // The second player answers each domino with its image under the
    // half turn (Winning Ways, ch. 8).
    for (r, c) in [(2, 2), (2, 4), (2, 6), (4, 4), (2, 8)] {
        assert_eq!(value(&format!("cram {r}x{c}")), 0, "{r} x {c}");
    }
    // 2 x n with n odd: the first player takes the middle column and
    // mirrors, so never 0.
    for n in [1, 3, 5, 7, 9] {
        assert_ne!(value(&format!("cram 2x{n}")), 0, "2 x {n}");
    }
}

#[test]
fn boards_print_back_and_moves_name_cells() {
    let p: Position = "cram 3x3 + nim 2".parse().unwrap();
    assert_eq!(p.to_string(), "cram 3x3 + nim 2");
    let m = movetext::parse(&p, "c1 2.2-2.3").unwrap();
    let after = p.play(&m).unwrap();
    assert_eq!(after.to_string(), "cram .../.##/... + nim 2");
    let q: Position = after.to_string().parse().unwrap();
    assert_eq!(q, after);
    for (text, says) in [
        ("cram 3y3", "is not a size RxC"),
        ("cram ../...", "row 2 of ../... has 3 cells"),
        ("cram ..x/...", "holds `x`"),
    ] {
        let err = text.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
    let err = movetext::parse(&p, "c1 1.1-2.2").unwrap_err().to_string();
    assert!(err.contains("illegal"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn values_and_winning_moves_agree_with_plain_search(
        rows in 1usize..=3, cols in 1usize..=4, filled: u32, heap in 0u64..4,
    ) {
        let n = rows * cols;
        let empty = ((1u32 << n) - 1) & !(filled & 0b1010_0101_0011);
        let mut memo = HashMap::new();
        let g = plain(rows, cols, empty, &mut memo);
        let board = rows_text(rows, cols, empty);
        // A lone `#` is no board: it is a comment in line-oriented input
        // (`sprague::comment`), and refused by name.
        prop_assume!(board != "#");
        let text = format!("cram {board} + nim {heap}");
        let p: Position = text.parse().unwrap();
        prop_assert_eq!(p.to_string(), text.clone());
        let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        prop_assert_eq!(a.value, Some(g ^ heap), "{}", text);
        prop_assert_eq!(a.outcome == Outcome::P, g == heap);
        let mut want: Vec<String> = options(rows, cols, empty)
            .into_iter()
            .filter(|&o| plain(rows, cols, o, &mut memo) == heap)
            .map(|o| format!("cram {} + nim {heap}", rows_text(rows, cols, o)))
            .collect();
        if g < heap {
            want.push(format!("cram {board} + nim {g}"));
        }
        want.sort();
        prop_assert_eq!(&common::afters(&p, &a.winning_moves), &want, "{}", text);
        for m in &a.winning_moves {
            let after = p.play(m).unwrap();
            prop_assert_eq!(after.grundy_value().unwrap(), 0);
            for t in [movetext::write(&p, m), m.display(&p).to_string(), after.to_string()] {
                let read = movetext::parse(&p, &t).unwrap();
                prop_assert_eq!(p.play(&read).unwrap(), after.clone(), "{}", t);
            }
        }
    }
}

/// Misère play is the generic search's; every winning move agrees with it.
#[test]
fn misere_play_agrees_with_the_generic_search() {
    for text in [
        "cram 2x3",
        "cram 3x3 + nim 1",
        "cram ..#/... + nim 2",
        "cram 1x6 2x2",
    ] {
        let p: Position = text.parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
        let mut solver = sprague::Solver::new(sprague::SumGame::new(sprague::Limits::default()));
        assert_eq!(
            a.outcome,
            solver.outcome(&p, Play::Misere).unwrap(),
            "{text}"
        );
        let listed = common::afters(&p, &a.winning_moves);
        assert_eq!(
            listed,
            common::searched_afters(&mut solver, &p, Play::Misere),
            "{text}"
        );
    }
}

/// The published nimbers of empty boards (crates/sprague/tests/data/
/// cram_beling.txt: Beling's igsolve table, the smaller boards first
/// computed by Lemoine and Viennot's Glop) with at most `cells` cells.
fn check_published(cells: u64) -> usize {
    let data = include_str!("data/cram_beling.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let v: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        let (rows, cols, nimber) = (v[0], v[1], v[2]);
        if rows * cols > cells {
            continue;
        }
        assert_eq!(
            value(&format!("cram {rows}x{cols}")),
            nimber,
            "{rows} x {cols}"
        );
        assert_eq!(
            value(&format!("cram {cols}x{rows}")),
            nimber,
            "{cols} x {rows}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn published_nimbers_of_boards_up_to_25_cells() {
    assert_eq!(check_published(25), 4);
}

#[test]
#[ignore = "boards of 26 to 36 cells: minutes in debug; cargo test --release -p sprague --test cram -- --ignored"]
fn published_nimbers_of_boards_up_to_36_cells() {
    assert_eq!(check_published(36), 10);
}
