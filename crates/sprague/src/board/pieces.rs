//! The drawings of games played on graphs, boards of cells, coins and
//! strips ([`Shape::Network`], [`Shape::Cells`], [`Shape::Coins`],
//! [`Shape::Strip`], [`Shape::Limited`]): their parts, the layout of a
//! graph, and where each move of theirs is made.

use super::{Piece, Shape, Target};
use crate::Action;

/// Where `action` is made on one of the shapes of this module; `None` for
/// a shape or action of another kind.
pub(crate) fn targets(shape: &Shape, action: &Action) -> Option<Vec<Target>> {
    let t = match (shape, action) {
        (Shape::Network { .. }, &Action::Pick { part, at, and }) => match and {
            None => Target::Vertex {
                part,
                vertex: at as u32,
            },
            Some(b) => Target::Link {
                part,
                ends: [at as u32, b as u32],
            },
        },
        (
            Shape::Cells {
                boards,
                piece: Piece::Domino,
            },
            &Action::Pick {
                part,
                at,
                and: Some(b),
            },
        ) => {
            let cols = boards.get(part)?.cells.first()?.chars().count() as u64;
            let cell = |v: u64| [(v / cols) as u32, (v % cols) as u32];
            Target::Domino {
                part,
                cells: [cell(at), cell(b)],
            }
        }
        (
            Shape::Cells {
                boards,
                piece: Piece::Bite,
            },
            &Action::Pick {
                part,
                at,
                and: Some(col),
            },
        ) => {
            // Chomp counts rows from the bottom; the drawing from the top.
            let rows = boards.get(part)?.cells.len() as u64;
            Target::Square {
                part,
                row: (rows - 1 - at) as u32,
                col: col as u32,
            }
        }
        (Shape::Coins { grid, .. }, Action::Turn { coins, across, .. }) => {
            let each = |runs: &[(u64, u64)]| -> Vec<u64> {
                runs.iter().flat_map(|&(a, b)| a..=b).collect::<Vec<_>>()
            };
            let cols = each(if *grid { across } else { coins });
            let rows = if *grid { each(coins) } else { vec![0] };
            let turned: Vec<[u64; 2]> = rows
                .iter()
                .flat_map(|&r| cols.iter().map(move |&c| [r, c]))
                .collect();
            Target::Turn {
                at: *turned.last()?,
                coins: turned,
            }
        }
        (
            Shape::Strip { .. },
            &Action::Heap {
                heap,
                from,
                removed,
                ..
            },
        ) => Target::Slide {
            token: heap,
            to: from - removed,
        },
        (
            Shape::Checkers { .. },
            &Action::Pick {
                part,
                at,
                and: Some(to),
            },
        ) => Target::Checker {
            row: part,
            from: at,
            to,
        },
        (Shape::Limited { .. }, &Action::Heap { from, removed, .. }) => Target::Token {
            heap: 0,
            index: from - removed,
        },
        _ => return None,
    };
    Some(vec![t])
}
