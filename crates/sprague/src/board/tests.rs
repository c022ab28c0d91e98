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
    assert_eq!(shape("euclid 7 3"), Shape::Text);
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
    let p: Position = "euclid 7 3".parse().unwrap();
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
