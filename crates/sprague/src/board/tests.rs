//! Every click of a drawing plays a legal move, and every legal move of a
//! drawn component has a click where the drawing says.

use std::collections::HashSet;

use super::*;
use crate::{movetext, Position};

/// Checks that each click's text reads back as a legal move whose
/// position is the one its target draws, and that every legal move has a
/// click.
fn check_all(text: &str) -> Vec<Board> {
    let p: Position = text.parse().unwrap();
    let boards = boards(&p);
    let mut clicked = HashSet::new();
    for b in &boards {
        assert!(!b.typed_only, "{text}: component {} is drawn", b.component);
        for c in &b.clicks {
            let mv =
                movetext::parse(&p, &c.text).unwrap_or_else(|e| panic!("{text}: {}: {e}", c.text));
            let after = p.play(&mv).unwrap();
            let drawn = &after.components()[b.component];
            match (&b.shape, &c.target) {
                (Shape::Heaps { .. }, Target::Token { heap, index }) => {
                    assert_eq!(drawn.heaps()[*heap], *index, "{text}: {}", c.text);
                }
                (Shape::PinRows { rows }, Target::Run { row, start, len }) => {
                    let n = rows[*row];
                    let mut left: Vec<u64> = [*start, n - start - len]
                        .into_iter()
                        .filter(|&x| x > 0)
                        .collect();
                    left.sort_unstable();
                    let heaps = drawn.heaps();
                    assert!(
                        heaps[*row..*row + left.len()] == left[..] || left.is_empty(),
                        "{text}: {} leaves {left:?} ({after})",
                        c.text
                    );
                }
                (Shape::Grid { .. }, Target::Cell { a, b }) => {
                    assert_eq!(drawn.heaps(), &[*a, *b][..]);
                }
                (shape, target) if is_piece(shape) => check_piece(text, shape, target),
                (Shape::Hackenbush { .. }, Target::Edge { .. })
                | (Shape::Graph { .. }, Target::Slide { .. })
                // Moves made on no drawing (Moore's moves of two heaps).
                | (_, Target::List) => {}
                (shape, target) => panic!("{text}: {target:?} on {shape:?}"),
            }
            clicked.insert(mv);
        }
    }
    let all: HashSet<_> = p
        .moves(&crate::Limits::default())
        .unwrap()
        .into_iter()
        .collect();
    assert_eq!(clicked, all, "{text}: every legal move has a click");
    boards
}

#[test]
fn heaps_rows_grids_pictures_and_graphs() {
    for text in [
        "nim 3 4 5",
        "kayles 7",
        "kayles 7 3 + nim 2",
        "dawson 6",
        "octal:0.137 5",
        "grundy 7",
        "sub:1,3,4 9",
        "staircase 2 5 3",
        "moore:2 1 2 3",
        "wythoff 3 5",
        "hackenbush 0-1,1-2,2-0,1-3",
        "digraph:a>b,b>c,a>c c a",
        "divisor 12",
    ] {
        check_all(text);
    }
}

#[test]
fn kayles_knocks_one_or_two_adjacent_pins() {
    let b = &check_all("kayles 7")[0];
    let runs: HashSet<_> = b.clicks.iter().map(|c| c.target.clone()).collect();
    // 7 single pins and 6 pairs, nothing else.
    assert_eq!(runs.len(), 13);
    for start in 0..7 {
        assert!(runs.contains(&Target::Run {
            row: 0,
            start,
            len: 1
        }));
    }
    for start in 0..6 {
        assert!(runs.contains(&Target::Run {
            row: 0,
            start,
            len: 2
        }));
    }
}

#[test]
fn shapes_by_kind() {
    let shape = |t: &str| boards(&t.parse().unwrap())[0].shape.clone();
    assert_eq!(
        shape("nim 3"),
        Shape::Heaps {
            heaps: vec![3],
            unit: "heap"
        }
    );
    assert_eq!(
        shape("staircase 1 2"),
        Shape::Heaps {
            heaps: vec![1, 2],
            unit: "step"
        }
    );
    assert_eq!(shape("grundy 5"), Shape::PinRows { rows: vec![5] });
    assert_eq!(shape("wythoff 2 7"), Shape::Grid { queen: [2, 7] });
    assert_eq!(
        shape("euclid 7 3"),
        Shape::Heaps {
            heaps: vec![7, 3],
            unit: "heap"
        }
    );
    // A graph too large to draw.
    assert_eq!(shape("nodekayles path:60"), Shape::Text);
    // Nim's moves are all made on its tokens.
    let b = &boards(&"nim 3 4".parse().unwrap())[0];
    assert!(b.clicks.iter().all(|c| c.target != Target::List));
}

#[test]
fn large_components_are_typed() {
    let b = &boards(&"nim 1000000 + kayles 5".parse().unwrap());
    assert!(b[0].typed_only && b[0].clicks.is_empty());
    assert!(!b[1].typed_only && !b[1].clicks.is_empty());
}

#[test]
fn other_rulesets_list_their_moves() {
    let p: Position = "nodekayles path:60".parse().unwrap();
    let b = &boards(&p)[0];
    assert!(b.clicks.iter().all(|c| c.target == Target::List));
    assert_eq!(
        b.clicks.len(),
        p.moves(&crate::Limits::default()).unwrap().len()
    );
}

#[test]
fn huge_positions_are_drawn_without_their_moves() {
    for text in [
        "euclid 1000000000000000000 3",
        "fibnim 1000000000000000000 999999999999999999",
        "divisor 9223372036854775807",
        "fraction:2 1000000000000",
        "corners 1000000000,999999999 3,5",
        "wythoff 1000000 5",
        "staircase 1000000 3",
    ] {
        let b = &boards(&text.parse().unwrap())[0];
        assert!(b.typed_only && b.clicks.is_empty(), "{text}");
    }
}

fn is_piece(shape: &Shape) -> bool {
    matches!(
        shape,
        Shape::Network { .. }
            | Shape::Cells { .. }
            | Shape::Coins { .. }
            | Shape::Strip { .. }
            | Shape::Limited { .. }
            | Shape::Checkers { .. }
    )
}

/// A click on a graph, a board, coins or a strip is where the drawing
/// allows that move: a vertex in play, an edge between two, a domino on
/// two adjacent empty cells, a square of chocolate, a set of coins whose
/// last shows heads, a coin slid to a lower empty square, a take within
/// the bound.
fn check_piece(text: &str, shape: &Shape, target: &Target) {
    let cell = |boards: &[CellBoard], part: usize, [r, c]: [u32; 2]| {
        boards[part].cells[r as usize].as_bytes()[c as usize]
    };
    match (shape, target) {
        (Shape::Network { parts }, Target::Vertex { part, vertex }) => {
            let g = &parts[*part];
            assert!(!g.gone.contains(vertex), "{text}: {vertex} is gone");
            if let Some(t) = g.token {
                let (a, b) = (t.min(*vertex), t.max(*vertex));
                assert!(g.edges.contains(&[a, b]), "{text}: {vertex} is a neighbour");
            }
        }
        (Shape::Network { parts }, Target::Link { part, ends }) => {
            let g = &parts[*part];
            assert!(g.edges.contains(ends), "{text}: {ends:?} is an edge");
            assert!(ends.iter().all(|v| !g.gone.contains(v)), "{text}");
        }
        (
            Shape::Cells {
                boards,
                piece: Piece::Domino,
            },
            Target::Domino { part, cells },
        ) => {
            let [[r1, c1], [r2, c2]] = *cells;
            assert_eq!(r1.abs_diff(r2) + c1.abs_diff(c2), 1, "{text}: adjacent");
            for c in cells {
                assert_eq!(cell(boards, *part, *c), b'.', "{text}: {c:?} is empty");
            }
        }
        (
            Shape::Cells {
                boards,
                piece: Piece::Bite,
            },
            Target::Square { part, row, col },
        ) => assert_eq!(cell(boards, *part, [*row, *col]), b'.', "{text}"),
        (Shape::Coins { heads, .. }, Target::Turn { at, coins }) => {
            assert!(heads.contains(at), "{text}: {at:?} shows heads");
            assert_eq!(coins.last(), Some(at));
        }
        (Shape::Strip { coins, .. }, Target::Slide { token, to }) => {
            assert!(*to < coins[*token] && !coins.contains(to), "{text}");
        }
        (Shape::Checkers { width, rows }, Target::Checker { row, from, to }) => {
            // A checker of the row slides toward the other, not past it.
            let [a, b] = rows[*row];
            let other = if *from == a { b } else { a };
            assert!(*from == a || *from == b, "{text}: a checker on {from}");
            assert!((1..=*width).contains(to), "{text}: {to} on the board");
            assert!(
                from.abs_diff(*to) < from.abs_diff(other) && (to > from) == (other > *from),
                "{text}: {from} -> {to} toward {other}"
            );
        }
        (Shape::Limited { heap, most }, Target::Token { heap: 0, index }) => {
            assert!(index < heap && heap - index <= *most, "{text}");
        }
        (shape, target) => panic!("{text}: {target:?} on {shape:?}"),
    }
}

#[test]
fn graphs_boards_coins_and_strips() {
    for text in [
        "nodekayles grid:2x3 path:5",
        "nodekayles petersen~1 cycle:5 complete:4",
        "nodekayles a-b,b-x,x-a,x-d",
        // Vertices named like the word `c` (component) are clicks too.
        "nodekayles a-b,b-c,c-a,c-d",
        "arckayles a-c,c-component",
        "arckayles grid:2x3 cycle:6",
        "arckayles path:7~4",
        "geography grid:3x3@5",
        "geography petersen~1,2@3 path:4@2",
        "cram 3x3",
        "cram ..#./..../....",
        "cram 2x2 1x5",
        "chomp 3x4",
        "chomp 5,3,2 2x2",
        "turtles THHTH",
        "mock 0 1 2 5",
        "ruler 1 4-6",
        "twins HTHHT",
        "coins:1-3,c THTHH",
        "welter 1 4 7",
        "welter 0 2 3 9",
        "fibnim 10 9",
        "fibnim 12 3",
        "euclid 7 3",
        "euclid 12 5",
        "northcott:8 1,5 7,2",
        "northcott:3 1,3 2,1",
    ] {
        let boards = check_all(text);
        for b in &boards {
            assert!(is_piece(&b.shape) || text.starts_with("euclid"), "{text}");
            assert!(b.clicks.iter().all(|c| c.target != Target::List), "{text}");
        }
    }
}

#[test]
fn coin_grids_turn_rectangles() {
    for text in [
        "corners 2,3 1,1",
        "product:ruler*ruler 2,2 3,1",
        "product:turtles*mock 1,2",
        "corners THT HHT",
    ] {
        let boards = check_all(text);
        assert!(
            matches!(boards[0].shape, Shape::Coins { grid: true, .. }),
            "{text}"
        );
    }
}

#[test]
fn layouts_place_grids_on_their_grid() {
    let p: Position = "nodekayles grid:2x3".parse().unwrap();
    let Shape::Network { parts } = &boards(&p)[0].shape else {
        panic!("a network");
    };
    let at = &parts[0].at;
    // Vertices 1-3 on one row, 4-6 below, columns aligned.
    assert!(at[0][1] == at[2][1] && at[3][1] > at[0][1] && at[0][0] == at[3][0]);
    assert_eq!(parts[0].edges.len(), 7);
}

#[test]
fn oversized_graphs_and_boards_are_not_drawn() {
    for text in [
        "nodekayles path:100",
        "cram 50x2",
        "chomp 1x100",
        "ruler 1000000",
    ] {
        let b = &boards(&text.parse().unwrap())[0];
        assert_eq!(b.shape, Shape::Text, "{text}");
    }
}

/// Every small position of each drawn game: its clicks are exactly its
/// legal moves, each where the drawing allows it.
#[test]
fn every_small_position_of_the_drawn_games() {
    let mut texts = Vec::new();
    // Chomp: every diagram of at most 3 rows of at most 4.
    for a in 1..=4 {
        for b in 0..=a {
            for c in 0..=b {
                let rows: Vec<String> = [a, b, c]
                    .iter()
                    .filter(|&&x| x > 0)
                    .map(|x| x.to_string())
                    .collect();
                texts.push(format!("chomp {}", rows.join(",")));
            }
        }
    }
    // Cram: every filling of a 2 x 3 board.
    for mask in 0..64u32 {
        let cell = |i: u32| if mask >> i & 1 == 1 { '#' } else { '.' };
        let row = |r: u32| (0..3).map(|c| cell(r * 3 + c)).collect::<String>();
        texts.push(format!("cram {}/{}", row(0), row(1)));
    }
    // Coins: every row of 5 for each named rule.
    for word in [
        "turtles",
        "twins",
        "mock",
        "ruler",
        "rulerette",
        "coins:2-3,w3",
    ] {
        for mask in 1..32u32 {
            let row: String = (0..5)
                .map(|i| if mask >> i & 1 == 1 { 'H' } else { 'T' })
                .collect();
            texts.push(format!("{word} {row}"));
        }
    }
    // Node and Arc Kayles, Geography on small graphs, some vertices gone.
    for graph in ["path:5", "cycle:5", "grid:2x3", "complete:4"] {
        for gone in ["", "~1", "~2,3"] {
            texts.push(format!("nodekayles {graph}{gone}"));
            texts.push(format!("arckayles {graph}{gone}"));
        }
        texts.push(format!("geography {graph}@4"));
        texts.push(format!("geography {graph}~1@4"));
        texts.push(format!("geography {graph}~1,4@2"));
    }
    // Welter, Fibonacci Nim, Euclid.
    for a in 0..6u64 {
        for b in a + 1..7 {
            texts.push(format!("welter {a} {b}"));
            texts.push(format!("fibnim {b} {a}"));
            texts.push(format!("euclid {b} {}", a + 1));
        }
    }
    for text in &texts {
        check_all(text);
    }
    assert!(texts.len() > 300);
}
