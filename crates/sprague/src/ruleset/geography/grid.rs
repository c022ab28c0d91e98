//! Geography on a whole rectangular grid, by its closed form at any size,
//! and tokens on grids too large to hold as a graph (more than
//! [`MAX_VERTICES`] cells, up to 2^64 − 1).
//!
//! On the R × C grid with no vertex visited (cells numbered row by row
//! from 1; cell (r, c) from 0 is vertex r·C + c + 1), the theorem of
//! Fraenkel, Scheinerman and Ullman reads:
//! - **a path** (R = 1 or C = 1): a move sends the token one way, and
//!   every later move goes on the same way; the player to move wins by
//!   going towards an end an odd number of steps away, and only so;
//! - **R, C ≥ 2 and R·C even**: the grid has a Hamiltonian cycle, so a
//!   perfect matching, and every vertex is in every maximum matching: the
//!   player to move wins; and every move wins: for a neighbour u (of the
//!   other colour), the grid less the token's cell and u has a perfect
//!   matching (removing two cells of opposite colours from a Hamiltonian
//!   cycle leaves two paths of an even number of cells each: Gomory's
//!   argument), which is a maximum matching of the grid less the token's
//!   cell that misses u;
//! - **R·C odd** (both odd, at least 3): colour (r + c) even is the
//!   majority. Removing one majority cell leaves a grid with a perfect
//!   matching (the same argument on a Hamiltonian path), so a maximum
//!   matching misses each majority cell: a token there loses. A minority
//!   cell is in every maximum matching (a matching of (RC − 1)/2 edges
//!   covers the whole minority), so a token there wins, and every move
//!   wins: for a neighbour u (majority), a perfect matching of the grid
//!   less u, less the edge at the token, is a maximum matching of the grid
//!   less the token that misses u.
//!
//! Each case is checked against the matching algorithm on every cell of
//! every grid up to 8 × 8 in this module's tests.

use std::fmt;

use super::super::undirected::MAX_VERTICES;

/// Where the token on the whole `rows` × `cols` grid at `cell` (from 0,
/// row by row) can move to a P-position: `None` when the player to move
/// loses, else the cells of the winning moves (every neighbour, or on a
/// path the ends' directions an odd number of steps away). O(1).
pub(super) fn whole_grid(rows: u64, cols: u64, cell: u64) -> Option<Vec<u64>> {
    let (r, c) = (cell / cols, cell % cols);
    let neighbours = neighbours(rows, cols, cell);
    if rows == 1 || cols == 1 {
        // Steps to each end along the path, and the neighbour that way.
        let (i, n) = if rows == 1 { (c, cols) } else { (r, rows) };
        let step = if rows == 1 { 1 } else { cols };
        let mut wins = Vec::new();
        if i % 2 == 1 {
            wins.push(cell - step);
        }
        if (n - 1 - i) % 2 == 1 {
            wins.push(cell + step);
        }
        return (!wins.is_empty()).then_some(wins);
    }
    let odd = rows % 2 == 1 && cols % 2 == 1;
    if odd && (r + c) % 2 == 0 {
        return None;
    }
    Some(neighbours)
}

/// The cells next to `cell` on the `rows` × `cols` grid, in increasing
/// order.
fn neighbours(rows: u64, cols: u64, cell: u64) -> Vec<u64> {
    let (r, c) = (cell / cols, cell % cols);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - cols);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < cols {
        out.push(cell + 1);
    }
    if r + 1 < rows {
        out.push(cell + cols);
    }
    out
}

/// A token on a grid of more than [`MAX_VERTICES`] cells
/// (`grid:RxC[~visited]@v`, R·C up to 2^64 − 1): too large to hold as a
/// graph, answered by the whole grid's closed form (this module's doc)
/// while no cell is visited. Cells are numbered from 0 here and named
/// from 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LargeGrid {
    /// Rows and columns.
    pub rows: u64,
    /// Columns.
    pub cols: u64,
    /// The cells visited, in increasing order.
    pub visited: Vec<u64>,
    /// The token's cell.
    pub at: u64,
}

impl LargeGrid {
    /// Reads `grid:RxC[~visited]@v` when R·C is more than
    /// [`MAX_VERTICES`] (else `None`: the grid is held as a graph).
    ///
    /// # Errors
    /// A cell that is not on the grid, visited twice, or the token's.
    pub(super) fn parse(word: &str) -> Option<Result<LargeGrid, String>> {
        let (graph, at) = word.rsplit_once('@')?;
        let (base, gone) = match graph.split_once('~') {
            Some((b, g)) => (b, Some(g)),
            None => (graph, None),
        };
        let (r, c) = base.strip_prefix("grid:")?.split_once('x')?;
        let (rows, cols) = (r.parse::<u64>().ok()?, c.parse::<u64>().ok()?);
        if rows == 0 || cols == 0 {
            return Some(Err(format!(
                "{base} has no cells: a grid has at least 1 row and 1 column"
            )));
        }
        let Some(cells) = rows.checked_mul(cols) else {
            return Some(Err(format!(
                "{base} has more than 2^64 - 1 cells, the most a grid may have"
            )));
        };
        if cells <= MAX_VERTICES as u64 {
            return None;
        }
        let cell = |name: &str, what: &str| -> Result<u64, String> {
            match name.parse::<u64>() {
                Ok(v) if (1..=cells).contains(&v) => Ok(v - 1),
                _ => Err(format!(
                    "{what} `{name}` in {word} is not a vertex of {base} (1 to {cells})"
                )),
            }
        };
        let parsed = (|| {
            let at = cell(at, "the token's vertex")?;
            let mut visited = Vec::new();
            for name in gone.into_iter().flat_map(|g| g.split(',')) {
                visited.push(cell(name, "the visited vertex")?);
            }
            visited.sort_unstable();
            if visited.windows(2).any(|w| w[0] == w[1]) {
                return Err(format!("a vertex is visited twice in {word}"));
            }
            if visited.binary_search(&at).is_ok() {
                return Err(format!(
                    "the token's vertex {} in {word} is among the visited vertices after `~`",
                    at + 1
                ));
            }
            Ok(LargeGrid {
                rows,
                cols,
                visited,
                at,
            })
        })();
        Some(parsed)
    }

    /// The cells the token may move to.
    pub(super) fn moves(&self) -> Vec<u64> {
        let mut out = neighbours(self.rows, self.cols, self.at);
        out.retain(|u| self.visited.binary_search(u).is_err());
        out
    }

    /// The token after moving to `u`.
    pub(super) fn after(&self, u: u64) -> LargeGrid {
        let mut visited = self.visited.clone();
        if let Err(i) = visited.binary_search(&self.at) {
            visited.insert(i, self.at);
        }
        LargeGrid {
            visited,
            at: u,
            ..*self
        }
    }

    /// The winning moves by the closed form (`None` for a P-position), or
    /// `Err(())` once a cell is visited (no closed form is known then).
    pub(super) fn answer(&self) -> Result<Option<Vec<u64>>, ()> {
        if self.visited.is_empty() {
            Ok(whole_grid(self.rows, self.cols, self.at))
        } else {
            Err(())
        }
    }
}

impl LargeGrid {
    /// Why a token on this grid with a cell visited is not answered.
    pub(super) fn no_closed_form(&self) -> crate::Error {
        crate::Error::Unsupported(format!(
            "geography {self}: a grid of more than {MAX_VERTICES} cells is answered only by its \
             closed form, which holds while no vertex is visited; with vertices visited, a grid \
             of at most {MAX_VERTICES} cells is searched"
        ))
    }
}

impl fmt::Display for LargeGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "grid:{}x{}", self.rows, self.cols)?;
        for (i, v) in self.visited.iter().enumerate() {
            write!(f, "{}{}", if i == 0 { "~" } else { "," }, v + 1)?;
        }
        write!(f, "@{}", self.at + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::undirected::Part;
    use super::super::matching::{bipartite_answer, Local};
    use super::*;

    /// The closed form against the matching algorithm on every cell of
    /// every grid up to 8 x 8 (paths, even and odd grids).
    #[test]
    fn the_closed_form_is_the_matching_algorithm() {
        for rows in 1..=8u64 {
            for cols in 1..=8u64 {
                let part = Part::parse(&format!("grid:{rows}x{cols}"), false).unwrap();
                for cell in 0..rows * cols {
                    let local = Local::of(&part, &part.alive, cell as u32);
                    let side = local.side.as_ref().unwrap();
                    let want = bipartite_answer(&local, side).map(|w| {
                        let mut w: Vec<u64> = w
                            .iter()
                            .map(|&u| u64::from(local.verts[u as usize]))
                            .collect();
                        w.sort_unstable();
                        w
                    });
                    let got = whole_grid(rows, cols, cell);
                    assert_eq!(got, want, "{rows}x{cols} cell {cell}");
                    // Each winning move leaves a P-position, and each other
                    // move an N-position.
                    let mut after = part.alive.clone();
                    after.clear(cell as u32);
                    for u in neighbours(rows, cols, cell) {
                        let local = Local::of(&part, &after, u as u32);
                        let side = local.side.as_ref().unwrap();
                        let p = bipartite_answer(&local, side).is_none();
                        let wins = got.as_ref().is_some_and(|w| w.contains(&u));
                        assert_eq!(p, wins, "{rows}x{cols} cell {cell} to {u}");
                    }
                }
            }
        }
    }
}
