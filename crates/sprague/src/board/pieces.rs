//! The drawings of games played on graphs, boards of cells, coins and
//! strips ([`Shape::Network`], [`Shape::Cells`], [`Shape::Coins`],
//! [`Shape::Strip`], [`Shape::Limited`]): their parts, the layout of a
//! graph, and where each move of theirs is made.

use serde::Serialize;

use super::{Shape, Target, MAX_DRAWN, MAX_LISTED};
use crate::ruleset::undirected::{Graph, Part};
use crate::Action;

/// One undirected graph of a [`Shape::Network`] as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NetworkShape {
    /// The vertices' names, numbered from 0.
    pub names: Vec<String>,
    /// Where each vertex is drawn, in pixels from the top left (a grid
    /// family on its grid, a path along a line, anything else on circles).
    pub at: Vec<[u32; 2]>,
    /// The edges `[u, v]` (u < v) by vertex number.
    pub edges: Vec<[u32; 2]>,
    /// The vertices gone (taken, or visited in Geography), increasing.
    pub gone: Vec<u32>,
    /// The vertex the token stands on (Geography), if any.
    pub token: Option<u32>,
}

/// What a move places on a [`Shape::Cells`] board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// A domino on two adjacent empty cells (Cram): [`Target::Domino`].
    Domino,
    /// A bite: a square and every square above and to its right goes
    /// (Chomp): [`Target::Square`].
    Bite,
}

/// One board of a [`Shape::Cells`] as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellBoard {
    /// The rows as drawn, the top row first, one character per cell:
    /// `.` a square in play (an empty cell of Cram, a square of
    /// chocolate), `#` a filled cell of Cram, `-` no square (eaten),
    /// `x` the poisoned square of Chomp.
    pub cells: Vec<String>,
    /// The name of each cell as move text writes it (`R.C`), rows as
    /// drawn.
    pub names: Vec<Vec<String>>,
}

impl CellBoard {
    /// A board of `rows` by `cols` whose cell (r, c), counted as drawn,
    /// is `cell(r, c)` and named `name(r, c)`.
    pub(crate) fn new(
        rows: usize,
        cols: usize,
        cell: impl Fn(usize, usize) -> char,
        name: impl Fn(usize, usize) -> String,
    ) -> CellBoard {
        CellBoard {
            cells: (0..rows)
                .map(|r| (0..cols).map(|c| cell(r, c)).collect())
                .collect(),
            names: (0..rows)
                .map(|r| (0..cols).map(|c| name(r, c)).collect())
                .collect(),
        }
    }
}

/// Whether a board of `rows` by `cols` cells is small enough to draw.
pub(crate) fn drawable(rows: u64, cols: u64) -> bool {
    rows <= MAX_DRAWN && cols <= MAX_DRAWN && rows * cols <= MAX_LISTED as u64
}

/// The drawing of `part` (a graph and its vertices in play), with a token
/// on `token`; `None` for a graph of more than [`MAX_DRAWN`] vertices.
pub(crate) fn network(part: &Part, token: Option<u32>) -> Option<NetworkShape> {
    let g = &part.graph;
    let n = g.len();
    if n as u64 > MAX_DRAWN {
        return None;
    }
    let n32 = n as u32;
    Some(NetworkShape {
        names: (0..n32).map(|v| g.name(v).to_string()).collect(),
        at: layout(g),
        edges: (0..n32)
            .flat_map(|u| {
                g.neighbours(u)
                    .iter()
                    .filter(move |&&v| v > u)
                    .map(move |&v| [u, v])
            })
            .collect(),
        gone: (0..n32).filter(|&v| !part.alive.has(v)).collect(),
        token,
    })
}

/// Space between neighbouring vertices, and the margin, in pixels.
const STEP: f64 = 64.0;
const MARGIN: f64 = 30.0;

/// Where the vertices of `g` are drawn: `grid:RxC` on its grid, `path:N`
/// along rows of at most 8 (a snake), the Petersen graph as its two
/// pentagons, any other graph in the order of its vertices on a circle.
fn layout(g: &Graph) -> Vec<[u32; 2]> {
    let n = g.len();
    let (family, param) = g.notation().split_once(':').unwrap_or((g.notation(), ""));
    let px = |x: f64, y: f64| [(MARGIN + x).round() as u32, (MARGIN + y).round() as u32];
    let circle = |i: usize, count: usize, radius: f64, centre: f64| {
        let a = std::f64::consts::TAU * i as f64 / count.max(1) as f64;
        px(centre + radius * a.sin(), centre - radius * a.cos())
    };
    match family {
        "grid" => {
            let cols = param
                .split_once('x')
                .and_then(|(_, c)| c.parse::<usize>().ok())
                .unwrap_or(1)
                .max(1);
            (0..n)
                .map(|v| px((v % cols) as f64 * STEP, (v / cols) as f64 * STEP))
                .collect()
        }
        "path" => (0..n)
            .map(|v| {
                let (row, k) = (v / 8, v % 8);
                let col = if row % 2 == 0 { k } else { 7 - k };
                px(col as f64 * STEP, row as f64 * STEP)
            })
            .collect(),
        "petersen" if n == 10 => (0..n)
            .map(|v| {
                let (radius, i) = if v < 5 { (2.0, v) } else { (1.0, v - 5) };
                circle(i, 5, radius * STEP, 2.0 * STEP)
            })
            .collect(),
        _ => {
            // The circle whose chords between neighbours are one step.
            let radius = if n < 2 {
                0.0
            } else {
                (STEP / (2.0 * (std::f64::consts::PI / n as f64).sin())).max(STEP / 2.0)
            };
            (0..n).map(|i| circle(i, n, radius, radius)).collect()
        }
    }
}

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
