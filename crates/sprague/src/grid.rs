//! The table of all two-number positions: the Grundy value (or only the
//! outcome) of the component `R a b` for every `0 <= a, b <= N`, the table
//! the textbooks advise drawing by hand to find a pattern (`sprague table`).
//!
//! It works for every ruleset whose components take two numbers: the
//! whole-component rulesets (Wythoff's game: one pair; Moore's Nim_k: two
//! heaps; staircase Nim: coins on two steps) and two heaps of any heap game
//! (`sub:1,3,4 a b`, `kayles a b`), whose values are G(a) ⊕ G(b) by the
//! Sprague-Grundy theorem.
//!
//! A [`Grid`] holds (N + 1)² cells of 8 bytes; [`Grid::compute`] refuses
//! more than `max_cells` before any work ([`Error::GridLimit`]).
//!
//! ```
//! use sprague::grid::Grid;
//! use sprague::{Limits, Outcome, Play, Ruleset};
//! let wythoff: Ruleset = "wythoff".parse()?;
//! let grid = Grid::compute(&wythoff, 10, Play::Normal, true, &Limits::default(), 1_000)?;
//! assert_eq!(grid.value(1, 2), Some(0));
//! assert_eq!(grid.value(2, 2), Some(1));
//! assert_eq!(grid.outcome(3, 5), Outcome::P);
//! let p: Vec<(u64, u64)> = grid.p_positions().collect();
//! assert_eq!(p.len(), 9); // (0,0) (1,2) (2,1) (3,5) (5,3) (4,7) (7,4) (6,10) (10,6)
//! # Ok::<(), sprague::Error>(())
//! ```

use crate::{Analyzer, Error, Limits, Outcome, Play, Position, Solver, SumGame};
use crate::{Component, Ruleset};

/// The values or outcomes of every position `R a b`, `0 <= a, b <= to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    ruleset: Ruleset,
    to: u64,
    play: Play,
    cells: Cells,
}

/// The cells, row `a` after row `a - 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cells {
    /// Grundy values (normal play).
    Values(Vec<u64>),
    /// Outcomes only (`--outcome`, and misère play, which has no values).
    Outcomes(Vec<Outcome>),
}

/// The default most cells a grid may hold: 4,000,000 (every `N` up to
/// 1,999; 32 MB of values).
pub const DEFAULT_MAX_CELLS: u64 = 4_000_000;

impl Grid {
    /// The number of cells of a grid to `to`: (to + 1)² (at most
    /// `u128::MAX`).
    pub fn cell_count(to: u64) -> u128 {
        (u128::from(to) + 1).saturating_pow(2)
    }

    /// The grid of `ruleset` for `0 <= a, b <= to` under `play`: the Grundy
    /// value of each cell when `values` is true (normal play only), else
    /// its outcome.
    ///
    /// How each cell is found, cheapest first: a heap game's nim-sequence
    /// G(0..=to), computed once (G(a) ⊕ G(b)); a theorem for a lone
    /// component's outcome when only outcomes are asked (Wythoff's theorem
    /// and its misère form, Moore's theorem), which needs no table; the
    /// ruleset's own values (Wythoff's table of every pair, computed once
    /// for the largest; the closed forms of Moore's Nim_k and staircase
    /// Nim); misère Nim by its rule; anything else under misère play by one
    /// search by the definition shared by all cells (its transposition
    /// table serves them all).
    ///
    /// Time: (to + 1)² cells, each O(1) from those tables; the tables'
    /// own costs (the nim-sequence to `to`, Wythoff's (to + 1)² pairs).
    /// Memory: 8 bytes a cell.
    ///
    /// # Errors
    /// [`Error::GridLimit`] when the grid would hold more than `max_cells`
    /// cells (checked first) or its memory cannot be had;
    /// [`Error::Unsupported`] when the ruleset's components do not take two
    /// numbers (a graph's take node names, Hackenbush's pictures), or
    /// values are asked under misère play; the limit errors of the tables
    /// and the search (`limits`).
    pub fn compute(
        ruleset: &Ruleset,
        to: u64,
        play: Play,
        values: bool,
        limits: &Limits,
        max_cells: u64,
    ) -> Result<Grid, Error> {
        let cells = Grid::cell_count(to);
        if cells > u128::from(max_cells) {
            return Err(Error::GridLimit {
                to,
                cells,
                limit: max_cells,
            });
        }
        if values && play == Play::Misere {
            return Err(Error::Unsupported(
                "misère play has no Grundy values: a table under misère play shows outcomes only"
                    .into(),
            ));
        }
        if ruleset.has_named_arguments() {
            return Err(Error::Unsupported(format!(
                "{} cannot be tabled: its arguments are written as words (a graph's nodes, \
                 pictures), not as the numbers 0..=N of a table's axes",
                ruleset.word()
            )));
        }
        ruleset
            .check_arguments(&vec![to, to].into())
            .map_err(|why| {
                let word = ruleset.word();
                Error::Unsupported(match why.index() {
                    // A pair of numbers, but not every pair is a position.
                    Some(_) => format!(
                        "{word} cannot be tabled: its table would hold cells such as \
                         `{word} {to} {to}` that are not positions ({why})"
                    ),
                    None => format!(
                        "{word} cannot be tabled: its components do not take two numbers ({why})"
                    ),
                })
            })?;
        let side = to as usize + 1;
        let too_big = || Error::GridLimit {
            to,
            cells,
            limit: max_cells,
        };
        let heap_values = match (play, ruleset.is_heap_game()) {
            (Play::Normal, true) => {
                // The largest heap first: a table that cannot be had is
                // refused before any work.
                ruleset.heap_value(to, limits)?;
                let g = (0..=to)
                    .map(|n| ruleset.heap_value(n, limits))
                    .collect::<Result<Vec<u64>, Error>>()?;
                Some(g)
            }
            _ => None,
        };
        let value_of = |a: u64, b: u64| -> Result<u64, Error> {
            match &heap_values {
                Some(g) => Ok(g[a as usize] ^ g[b as usize]),
                None => Ok(ruleset.valued(&vec![a, b].into(), limits)?.0),
            }
        };
        let mut grid = Grid {
            ruleset: ruleset.clone(),
            to,
            play,
            cells: Cells::Outcomes(Vec::new()),
        };
        if values {
            // The largest pair first: a ruleset's own table is then built
            // once, at its full size.
            value_of(to, to)?;
            let mut v = Vec::new();
            v.try_reserve_exact(side * side).map_err(|_| too_big())?;
            for a in 0..=to {
                for b in 0..=to {
                    v.push(value_of(a, b)?);
                }
            }
            grid.cells = Cells::Values(v);
            return Ok(grid);
        }
        let mut solver = None;
        let analyzer = Analyzer::new(*limits);
        let mut o = Vec::new();
        o.try_reserve_exact(side * side).map_err(|_| too_big())?;
        for a in 0..=to {
            for b in 0..=to {
                let args = [a, b];
                let outcome = if heap_values.is_some() {
                    Outcome::from_next_player_wins(value_of(a, b)? != 0)
                } else if let Some((outcome, _)) = ruleset.lone_outcome(&args.to_vec().into(), play)
                {
                    outcome
                } else if play == Play::Normal {
                    Outcome::from_next_player_wins(value_of(a, b)? != 0)
                } else {
                    let position = Position::new(vec![component(ruleset, &args)?]);
                    if ruleset.is_nim() {
                        analyzer.analyze(&position, play, Some(0))?.outcome
                    } else {
                        solver
                            .get_or_insert_with(|| {
                                Solver::new(SumGame::new(*limits))
                                    .with_max_states(limits.max_states)
                            })
                            .outcome(&position, play)?
                    }
                };
                o.push(outcome);
            }
        }
        grid.cells = Cells::Outcomes(o);
        Ok(grid)
    }

    /// The ruleset tabled.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The largest number of each axis (the grid is `0..=to` squared).
    pub fn to(&self) -> u64 {
        self.to
    }

    /// The play convention of the outcomes.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Whether the cells hold Grundy values (else outcomes only).
    pub fn has_values(&self) -> bool {
        matches!(self.cells, Cells::Values(_))
    }

    fn index(&self, a: u64, b: u64) -> usize {
        assert!(
            a <= self.to && b <= self.to,
            "cell ({a}, {b}) is outside the grid"
        );
        a as usize * (self.to as usize + 1) + b as usize
    }

    /// The Grundy value of `R a b`, when the grid holds values.
    ///
    /// # Panics
    /// When `a` or `b` is past [`to`](Grid::to).
    pub fn value(&self, a: u64, b: u64) -> Option<u64> {
        let i = self.index(a, b);
        match &self.cells {
            Cells::Values(v) => Some(v[i]),
            Cells::Outcomes(_) => None,
        }
    }

    /// The outcome of `R a b` under [`play`](Grid::play).
    ///
    /// # Panics
    /// When `a` or `b` is past [`to`](Grid::to).
    pub fn outcome(&self, a: u64, b: u64) -> Outcome {
        let i = self.index(a, b);
        match &self.cells {
            Cells::Values(v) => Outcome::from_next_player_wins(v[i] != 0),
            Cells::Outcomes(o) => o[i],
        }
    }

    /// The P-positions `(a, b)`, row by row.
    pub fn p_positions(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let to = self.to;
        (0..=to)
            .flat_map(move |a| (0..=to).map(move |b| (a, b)))
            .filter(|&(a, b)| self.outcome(a, b) == Outcome::P)
    }
}

/// The component `R a b`.
fn component(ruleset: &Ruleset, args: &[u64]) -> Result<Component, Error> {
    Ok(Component::new(ruleset.clone(), args.to_vec())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(word: &str, to: u64, play: Play, values: bool) -> Grid {
        let r: Ruleset = word.parse().unwrap();
        Grid::compute(&r, to, play, values, &Limits::default(), DEFAULT_MAX_CELLS).unwrap()
    }

    /// Every cell against the analysis of the position `R a b` itself.
    #[test]
    fn cells_agree_with_the_analyzer() {
        for word in [
            "wythoff",
            "moore:2",
            "staircase",
            "nim",
            "sub:1,3,4",
            "kayles",
            "sub:squares",
        ] {
            for play in [Play::Normal, Play::Misere] {
                let g = grid(word, 9, play, false);
                let v = (play == Play::Normal).then(|| grid(word, 9, play, true));
                for a in 0..=9 {
                    for b in 0..=9 {
                        let p: Position = format!("{word} {a} {b}").parse().unwrap();
                        let want = Analyzer::default().analyze(&p, play, Some(0)).unwrap();
                        assert_eq!(g.outcome(a, b), want.outcome, "{word} {a} {b} {play:?}");
                        if let Some(v) = &v {
                            assert_eq!(v.value(a, b), want.value, "{word} {a} {b}");
                            assert_eq!(v.outcome(a, b), want.outcome);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn limits_and_misuse_are_errors() {
        let r: Ruleset = "nim".parse().unwrap();
        let l = Limits::default();
        assert_eq!(
            Grid::compute(&r, 1000, Play::Normal, true, &l, 1_000_000),
            Err(Error::GridLimit {
                to: 1000,
                cells: 1_002_001,
                limit: 1_000_000
            })
        );
        let e = Grid::compute(&r, u64::MAX, Play::Normal, true, &l, u64::MAX).unwrap_err();
        assert!(e.to_string().contains("holds 2^128 cells"), "{e}");
        assert!(matches!(
            Grid::compute(&r, 3, Play::Misere, true, &l, 100),
            Err(Error::Unsupported(_))
        ));
    }
}
