//! The drawing of an undirected graph of a game played on one (Node
//! Kayles, Arc Kayles, Geography): its vertices laid out in the plane.

use crate::drawing::{NetworkShape, MAX_DRAWN};
use crate::ruleset::undirected::{Graph, Part};

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
