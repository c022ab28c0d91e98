//! Products of two coin-turning games on a grid (Winning Ways, ch. 14;
//! Conway, On Numbers and Games, ch. 6): a move turns every coin (r, c)
//! with r in a set of rows legal in the first game and c in a set of
//! columns legal in the second, the coin at the largest row and column
//! going from heads to tails. Lenstra's Tartan theorem: a head on (r, c)
//! is worth the nim-product g1(r) ⊗ g2(c), and a grid the nim-sum of its
//! heads.
//!
//! `corners` is Turning Corners: Twins × Twins (coins from 0), a move turns
//! the four corners of a rectangle, a head on (r, c) is worth r ⊗ c.
//! `product:A*B` is any two coin games (`product:ruler*ruler`,
//! `product:turtles*mock`, `product:coins:1-3,c*twins`).
//!
//! A grid is written as rows of `T` and `H` (`corners THT HHT TTH`, the
//! first row being row 0 or 1 as the first game numbers its coins) or as
//! the heads' coordinates `r,c` (`corners 1000000000,999999999`) and
//! blocks of heads `a-b,c-d`, kept as blocks ([`super::grid`]) so
//! that a move turning a huge rectangle (Ruler x Ruler) is applied and
//! written in a few words. A move is named by its rows and columns,
//! `1.3x2.5`: the coins (1, 2), (1, 5), (3, 2), (3, 5).
//!
//! Winning moves: a move from head (x, y) changes the value by a ⊗ b, a a
//! move value of the first game at x and b of the second at y; the move
//! values of the smaller side are walked and b = d ⊗ a⁻¹ tested on the
//! other (the nimber field's inverse), heads worth more than the target
//! first (where the Tartan theorem promises a move). For Turning Corners
//! on 10^9 x 10^9 grids a move is found after a few tests (about a
//! quarter of the move values of a large coin succeed).
//!
//! ```
//! use sprague::Position;
//! // A head on (2, 3) of Turning Corners is worth 2 ⊗ 3 = 1.
//! let p: Position = "corners 2,3".parse()?;
//! assert_eq!(p.grundy_value()?, 1);
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use super::grid::{self, Block};
pub use super::grid::{CoinGrid, MAX_GRID_LETTERS};
use super::rule::{move_value_estimate, CoinRule, Runs};
use super::{read_runs, rule_of, write_runs};
use crate::error::ParseErrorKind;
use crate::ruleset::rules::{Pick, Rules, Visit};
use crate::ruleset::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Nimber};

/// The most blocks (runs of rows times runs of columns) one move on a grid
/// may turn, so that the grid after it can be written: a move of the
/// named games turns at most 3 x 3, whatever its number of coins.
pub const MAX_TURNED_BLOCKS: u128 = 1 << 16;

/// The basis of a grid's value: Lenstra's Tartan theorem.
pub const TARTAN: Basis = Basis::Rule {
    word: "tartan",
    name: "the Tartan theorem (Lenstra; Winning Ways, ch. 14): a head on (r, c) of a product \
           of coin games is worth the nim-product of its coins' values, a grid the nim-sum \
           of its heads",
};

/// The rules of a product of two coin games.
#[derive(Debug)]
pub struct Product {
    rows: CoinRule,
    cols: CoinRule,
    canonical: String,
}

fn turn(rows: Runs, cols: Runs) -> Action {
    Action::Turn {
        part: 0,
        coins: rows,
        across: cols,
    }
}

/// How many blocks a move turning `rows` x `cols` adds to a grid.
fn blocks(rows: &[(u64, u64)], cols: &[(u64, u64)]) -> u128 {
    rows.len() as u128 * cols.len() as u128
}

impl Product {
    /// The product of `rows` (the first game, along a column) and `cols`.
    pub fn new(rows: CoinRule, cols: CoinRule, canonical: String) -> Product {
        Product {
            rows,
            cols,
            canonical,
        }
    }

    /// The value of a head on (x, y): g1(x) ⊗ g2(y).
    pub fn head_value(&self, x: u64, y: u64, limits: &Limits) -> Result<u64, Error> {
        let a = self.rows.value(x, limits)?;
        let b = self.cols.value(y, limits)?;
        Ok((Nimber(a) * Nimber(b)).0)
    }

    /// The value of a block of heads: the nim-product of the nim-sums of
    /// its rows' and its columns' values (the nim-product distributes over
    /// the nim-sum).
    fn block_value(&self, b: &Block, limits: &Limits) -> Result<u64, Error> {
        let a = self.rows.run_value(b.rows.0, b.rows.1, limits)?;
        let c = self.cols.run_value(b.cols.0, b.cols.1, limits)?;
        Ok((Nimber(a) * Nimber(c)).0)
    }

    fn total(&self, grid: &CoinGrid, limits: &Limits) -> Result<u64, Error> {
        let mut g = 0;
        for b in &grid.heads {
            g ^= self.block_value(b, limits)?;
        }
        Ok(g)
    }

    fn write_grid(&self, grid: &CoinGrid, f: &mut dyn fmt::Write) -> fmt::Result {
        match grid.letters {
            Some(size) => {
                let origin = (self.rows.origin(), self.cols.origin());
                grid::write_letters(&grid.heads, origin, size, f)
            }
            None => grid::write_heads(&grid.heads, f),
        }
    }

    /// Every move from head (x, y) changing the value by `d`, until `f`
    /// breaks; `work` counts the move values tested.
    fn moves_from(
        &self,
        x: u64,
        y: u64,
        d: u64,
        limits: &Limits,
        work: &mut usize,
        f: &mut dyn FnMut(Action) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Error> {
        let rows_first = move_value_estimate(&self.rows, x) <= move_value_estimate(&self.cols, y);
        let (walk, wx, other, oy) = if rows_first {
            (&self.rows, x, &self.cols, y)
        } else {
            (&self.cols, y, &self.rows, x)
        };
        // The coin's own value first (the other coins turned on its side
        // worth 0, as when it is turned alone): a lone head's winning
        // moves are found there at once, where the walk below might reach
        // them last (it runs from the largest move value down).
        let own = walk.value(wx, limits)?;
        if own != 0 && walk.achieves(wx, own, limits)? {
            let b = (Nimber(d) * Nimber(own).inv().unwrap_or(Nimber(0))).0;
            if pairs(walk, wx, own, other, oy, b, rows_first, limits, &mut *f)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        let mut err = None;
        let mut out = ControlFlow::Continue(());
        let _ = walk.move_values(wx, limits, &mut |a| {
            if a == own {
                return ControlFlow::Continue(());
            }
            *work += 1;
            if *work > limits.max_states {
                err = Some(Error::StateLimit {
                    limit: limits.max_states,
                });
                return ControlFlow::Break(());
            }
            let Some(inv) = Nimber(a).inv() else {
                return ControlFlow::Continue(());
            };
            let b = (Nimber(d) * inv).0;
            let r = pairs(walk, wx, a, other, oy, b, rows_first, limits, &mut *f);
            match r {
                Ok(c) => {
                    out = c;
                    c
                }
                Err(e) => {
                    err = Some(e);
                    ControlFlow::Break(())
                }
            }
        })?;
        match err {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }
}

/// Every move turning a set of `walk`'s coins (rightmost `wx`) worth `a`
/// by a set of `other`'s coins (rightmost `oy`) worth `b`, until `f`
/// breaks; `rows_first` says which game is the rows'.
#[allow(clippy::too_many_arguments)]
fn pairs(
    walk: &CoinRule,
    wx: u64,
    a: u64,
    other: &CoinRule,
    oy: u64,
    b: u64,
    rows_first: bool,
    limits: &Limits,
    f: &mut dyn FnMut(Action) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    if !other.achieves(oy, b, limits)? {
        return Ok(ControlFlow::Continue(()));
    }
    let mut firsts = Vec::new();
    let _ = walk.sets(wx, a, limits, &mut |s| {
        firsts.push(s);
        ControlFlow::Continue(())
    })?;
    for s1 in firsts {
        let mut inner_err = None;
        let r = other.sets(oy, b, limits, &mut |s2| {
            if blocks(&s1, &s2) > MAX_TURNED_BLOCKS {
                inner_err = Some(Error::Unsupported(format!(
                    "a winning move turns {} runs of coins by {}; a move on a grid may turn \
                     at most {MAX_TURNED_BLOCKS} blocks of coins (so that the grid after it \
                     can be written)",
                    s1.len(),
                    s2.len()
                )));
                return ControlFlow::Break(());
            }
            let action = if rows_first {
                turn(s1.clone(), s2)
            } else {
                turn(s2, s1.clone())
            };
            f(action)
        })?;
        if let Some(e) = inner_err {
            return Err(e);
        }
        if r.is_break() {
            return Ok(r);
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// The most heads `moves_to` orders by promise (heads worth more than
/// the target first); past it heads are taken in turn.
const ORDERED_HEADS: u128 = 1 << 16;

/// Every head of canonical `heads`, row by row, until `f` breaks or fails.
fn each_head(
    heads: &[Block],
    f: &mut dyn FnMut(u64, u64) -> Result<ControlFlow<()>, Error>,
) -> Result<ControlFlow<()>, Error> {
    for b in heads {
        let r = b.each(&mut |x, y| match f(x, y) {
            Ok(ControlFlow::Continue(())) => ControlFlow::Continue(()),
            Ok(ControlFlow::Break(())) => ControlFlow::Break(None),
            Err(e) => ControlFlow::Break(Some(e)),
        });
        match r {
            ControlFlow::Break(Some(e)) => return Err(e),
            ControlFlow::Break(None) => return Ok(ControlFlow::Break(())),
            ControlFlow::Continue(()) => {}
        }
    }
    Ok(ControlFlow::Continue(()))
}

impl Rules for Product {
    type Position = CoinGrid;

    fn canonical(&self) -> String {
        self.canonical.clone()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    /// The grid of coins, heads and tails; `None` when too large to draw.
    fn shape(&self, args: &CoinGrid) -> Option<crate::drawing::Shape> {
        let first = [self.rows.origin(), self.cols.origin()];
        let size = match args.letters {
            Some((r, c)) => [r, c],
            None => {
                let top = |f: fn(&Block) -> u64, o: u64| {
                    args.heads
                        .iter()
                        .map(f)
                        .max()
                        .map_or(1, |m| m.max(o) - o + 1)
                };
                [top(|b| b.rows.1, first[0]), top(|b| b.cols.1, first[1])]
            }
        };
        if !crate::drawing::drawable(size[0], size[1]) {
            return None;
        }
        let mut heads = Vec::new();
        for b in &args.heads {
            for r in b.rows.0..=b.rows.1 {
                for c in b.cols.0..=b.cols.1 {
                    heads.push([r, c]);
                }
            }
        }
        heads.sort_unstable();
        Some(crate::drawing::Shape::Coins {
            grid: true,
            first,
            size,
            heads,
        })
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<CoinGrid, (usize, ArgumentError)> {
        grid::parse_grid(words, self.rows.origin(), self.cols.origin())
    }

    fn write_argument(&self, args: &CoinGrid, index: usize, f: &mut dyn fmt::Write) -> fmt::Result {
        if index == 0 {
            self.write_grid(args, f)
        } else {
            Ok(())
        }
    }

    /// The row or grid is one argument: itself.
    fn argument_alone(&self, args: &CoinGrid, index: usize) -> Option<CoinGrid> {
        (index == 0).then(|| args.clone())
    }

    fn check_arguments(&self, args: &CoinGrid) -> Result<(), ArgumentError> {
        let (o1, o2) = (self.rows.origin(), self.cols.origin());
        let (l1, l2) = (self.rows.last_coin(), self.cols.last_coin());
        for b in &args.heads {
            let off = if b.rows.0 < o1 || b.cols.0 < o2 {
                Some((b.rows.0, b.cols.0))
            } else if b.rows.1 > l1 || b.cols.1 > l2 {
                Some((b.rows.1, b.cols.1))
            } else {
                None
            };
            if let Some((x, y)) = off {
                return Err(ArgumentError::BadShape(
                    format!(
                        "the head {x},{y} is off the grid: rows are numbered from {o1}, columns \
                         from {o2}, and a coin's value must fit in 64 bits"
                    )
                    .into(),
                ));
            }
        }
        Ok(())
    }

    fn valued(&self, args: &CoinGrid, limits: &Limits) -> Result<(u64, Basis), Error> {
        Ok((self.total(args, limits)?, TARTAN))
    }

    fn closed_value(&self, args: &CoinGrid) -> Option<u64> {
        if self.rows.is_closed() && self.cols.is_closed() {
            self.total(args, &Limits::default()).ok()
        } else {
            None
        }
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    /// A coin further from the origin has every kind of move a nearer one
    /// has (more coins below it), so a block has a move when its largest
    /// corner has one.
    fn has_moves(&self, args: &CoinGrid, limits: &Limits) -> Result<bool, Error> {
        for b in &args.heads {
            let (x, y) = (b.rows.1, b.cols.1);
            let mut one = false;
            let mut two = false;
            let _ = self.rows.move_values(x, limits, &mut |_| {
                one = true;
                ControlFlow::Break(())
            })?;
            let _ = self.cols.move_values(y, limits, &mut |_| {
                two = true;
                ControlFlow::Break(())
            })?;
            if one && two {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn moves(&self, args: &CoinGrid, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        let limit = Error::StateLimit {
            limit: limits.max_states,
        };
        if grid::head_count(&args.heads) > limits.max_states as u128 {
            return Err(limit);
        }
        let _ = each_head(&args.heads, &mut |x, y| {
            let mut firsts = Vec::new();
            let mut seconds = Vec::new();
            for (rule, z, sets) in [(&self.rows, x, &mut firsts), (&self.cols, y, &mut seconds)] {
                let mut values = Vec::new();
                let _ = rule.move_values(z, limits, &mut |a| {
                    values.push(a);
                    if values.len() > limits.max_states {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })?;
                for a in values {
                    let _ = rule.sets(z, a, limits, &mut |s| {
                        sets.push(s);
                        ControlFlow::Continue(())
                    })?;
                    if sets.len() > limits.max_states {
                        return Err(limit.clone());
                    }
                }
            }
            if (firsts.len() as u128) * (seconds.len() as u128) + out.len() as u128
                > limits.max_states as u128
            {
                return Err(limit.clone());
            }
            for s1 in &firsts {
                for s2 in &seconds {
                    out.push(turn(s1.clone(), s2.clone()));
                }
            }
            Ok(ControlFlow::Continue(()))
        })?;
        Ok(())
    }

    fn moves_to(
        &self,
        args: &CoinGrid,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let d = value ^ target;
        if d == 0 {
            return Ok(ControlFlow::Continue(()));
        }
        let mut work = 0usize;
        let heads = grid::head_count(&args.heads);
        if heads > ORDERED_HEADS {
            // Too many heads to order: each in turn, every one counted
            // against the state limit.
            return each_head(&args.heads, &mut |x, y| {
                work += 1;
                if work > limits.max_states {
                    return Err(Error::StateLimit {
                        limit: limits.max_states,
                    });
                }
                if work & 4095 == 0 {
                    crate::budget::check()?;
                }
                self.moves_from(x, y, d, limits, &mut work, f)
            });
        }
        // Heads worth h with h ^ d < h first: the Tartan theorem's mex
        // promises each of them a move.
        let mut order: Vec<(bool, u64, u64)> = Vec::with_capacity(heads as usize);
        let _ = each_head(&args.heads, &mut |x, y| {
            let h = self.head_value(x, y, limits)?;
            order.push(((h ^ d) >= h, x, y));
            Ok(ControlFlow::Continue(()))
        })?;
        order.sort_unstable();
        for (_, x, y) in order {
            if self.moves_from(x, y, d, limits, &mut work, f)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn random_move(
        &self,
        args: &CoinGrid,
        limits: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let n = args.heads.len() as u64;
        if n == 0 {
            return Ok(None);
        }
        let start = pick(n) as usize;
        for k in 0..args.heads.len() {
            // A random head of a block, then a random move value of each
            // of its coins.
            let b = args.heads[(start + k) % args.heads.len()];
            let x = b.rows.0 + pick((b.rows.1 - b.rows.0).saturating_add(1));
            let y = b.cols.0 + pick((b.cols.1 - b.cols.0).saturating_add(1));
            let mut sets = [None, None];
            for (i, (rule, z)) in [(&self.rows, x), (&self.cols, y)].into_iter().enumerate() {
                let mut values = Vec::new();
                let _ = rule.move_values(z, limits, &mut |a| {
                    values.push(a);
                    if values.len() >= 4096 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })?;
                if values.is_empty() {
                    break;
                }
                let a = values[pick(values.len() as u64) as usize];
                let _ = rule.sets(z, a, limits, &mut |s| {
                    sets[i] = Some(s);
                    ControlFlow::Break(())
                })?;
            }
            if let [Some(s1), Some(s2)] = sets {
                if blocks(&s1, &s2) <= MAX_TURNED_BLOCKS {
                    return Ok(Some(turn(s1, s2)));
                }
            }
        }
        let mut all = Vec::new();
        self.moves(args, limits, &mut all)?;
        Ok(all.into_iter().next())
    }

    fn check(&self, word: &str, args: &CoinGrid, action: &Action) -> Result<(), IllegalMoveKind> {
        let forbidden = |rule: &'static str| IllegalMoveKind::Forbidden {
            ruleset: word.into(),
            rule,
        };
        let Action::Turn {
            part: 0,
            coins,
            across,
        } = action
        else {
            return Err(forbidden("a move turns coins of the grid"));
        };
        if !self.rows.is_legal(coins) || !self.cols.is_legal(across) {
            return Err(forbidden(
                "turn every coin at a legal set of rows of the first game and a legal set of \
                 columns of the second",
            ));
        }
        if blocks(coins, across) > MAX_TURNED_BLOCKS {
            return Err(forbidden(
                "turn at most 65536 blocks of coins at once (runs of rows times runs of \
                 columns)",
            ));
        }
        let x = coins.last().map_or(0, |r| r.1);
        let y = across.last().map_or(0, |r| r.1);
        if !grid::is_head(&args.heads, x, y) {
            return Err(forbidden(
                "the coin at the largest row and column turned must show heads",
            ));
        }
        Ok(())
    }

    /// Complexity: the sweep of [`grid::xor_blocks`] over the grid's blocks
    /// and the move's, whatever the number of coins turned.
    fn apply(&self, args: &mut CoinGrid, action: &Action) {
        if let Action::Turn { coins, across, .. } = action {
            args.heads = grid::turn_blocks(&args.heads, coins, across);
        }
    }

    fn canonicalize(&self, args: &mut CoinGrid) {
        args.letters = None;
    }

    fn write_move(
        &self,
        word: &str,
        args: &CoinGrid,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Action::Turn { coins, across, .. } = action else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let mut name = String::new();
        let _ = write_runs(coins, ".", &mut name);
        name.push('x');
        let _ = write_runs(across, ".", &mut name);
        let mut after = args.clone();
        self.apply(&mut after, action);
        let mut left = String::new();
        let _ = self.write_grid(&after, &mut left);
        if left.is_empty() {
            left = "no heads".into();
        }
        // As for rows: a long grid is not written again after each move.
        let long = left.len() > super::MAX_ROW_IN_MOVE;
        match form {
            MoveForm::Listed if long => write!(f, "{word} turn {name}"),
            MoveForm::Listed => write!(f, "{word} turn {name} (-> {left})"),
            MoveForm::Short => write!(f, "{name}"),
            _ => {
                let mut rows = String::new();
                let _ = write_runs(coins, ", ", &mut rows);
                let mut cols = String::new();
                let _ = write_runs(across, ", ", &mut cols);
                write!(f, "turn the coins at rows {rows} and columns {cols}")?;
                if long {
                    Ok(())
                } else {
                    write!(f, " (-> {left})")
                }
            }
        }
    }

    fn named_move(&self, _: &CoinGrid, place: usize, name: &str) -> Option<Action> {
        if place != 0 {
            return None;
        }
        let (r, c) = name.split_once(['x', 'X'])?;
        Some(turn(read_runs(r)?, read_runs(c)?))
    }

    fn actions_between(&self, before: &CoinGrid, after: &CoinGrid) -> Vec<Action> {
        match grid::product_difference(&before.heads, &after.heads) {
            Some((rows, cols)) => vec![turn(rows, cols)],
            None => Vec::new(),
        }
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A grid of {word} (turn every coin at a legal set of rows of the first game and of \
             columns of the second, the one at the largest row and column from heads to tails) \
             is worth the nim-sum of its heads, and by Lenstra's Tartan theorem a head on \
             (r, c) is worth the nim-product of the values of coin r in the first game and \
             coin c in the second."
        )
    }

    fn value_steps(&self, args: &CoinGrid) -> Vec<String> {
        let limits = Limits::default();
        let mut steps = Vec::new();
        // A few heads one by one; blocks of many as blocks.
        let mut cells = Vec::new();
        let blocks: &[Block] = if grid::head_count(&args.heads) <= 16 {
            for b in &args.heads {
                let _ = b.each(&mut |x, y| {
                    cells.push(Block::cell(x, y));
                    ControlFlow::<()>::Continue(())
                });
            }
            &cells
        } else {
            &args.heads
        };
        for (k, b) in blocks.iter().enumerate() {
            if k == 16 {
                steps.push("...".into());
                break;
            }
            let (Ok(a), Ok(c)) = (
                self.rows.run_value(b.rows.0, b.rows.1, &limits),
                self.cols.run_value(b.cols.0, b.cols.1, &limits),
            ) else {
                break;
            };
            let h = (Nimber(a) * Nimber(c)).0;
            if b.count() == 1 {
                let (x, y) = (b.rows.0, b.cols.0);
                steps.push(format!("head on ({x}, {y}): nim-product {a} ⊗ {c} = {h}"));
            } else {
                let mut rows = String::new();
                let _ = write_runs(&[b.rows], "-", &mut rows);
                let mut cols = String::new();
                let _ = write_runs(&[b.cols], "-", &mut cols);
                steps.push(format!(
                    "heads on rows {rows} by columns {cols}: the nim-sum of the rows' values \
                     {a} ⊗ the nim-sum of the columns' values {c} = {h} (the nim-product \
                     distributes over the nim-sum)"
                ));
            }
        }
        if let Ok(g) = self.total(args, &limits) {
            steps.push(format!("nim-sum of the heads: *{g}"));
        }
        steps
    }

    fn move_summary(&self) -> Option<String> {
        Some(
            "turn the coins at legal rows x legal columns, the largest a head; name them 1.3x2.5"
                .into(),
        )
    }
}

/// Parses `corners` (Twins x Twins) or `product:A*B`.
pub(crate) fn parse(
    _: &str,
    name: &str,
    param: Option<&str>,
) -> Result<Box<dyn crate::ruleset::DynRules>, ParseErrorKind> {
    if name == "corners" {
        crate::ruleset::no_parameter(
            param,
            "corners takes no parameter (it is product:twins*twins)",
        )?;
        return Ok(Box::new(Product::new(
            CoinRule::named(super::Named::Twins),
            CoinRule::named(super::Named::Twins),
            "corners".into(),
        )));
    }
    let Some(param) = param else {
        return Err(ParseErrorKind::BadRuleset(
            "product needs its two games: product:A*B, such as product:ruler*ruler".into(),
        ));
    };
    let Some((a, b)) = param.split_once('*') else {
        return Err(ParseErrorKind::BadRuleset(format!(
            "product:{param}: write the two coin games joined by *, such as product:ruler*ruler"
        )));
    };
    let (ra, ta) = rule_of(a).map_err(ParseErrorKind::BadRuleset)?;
    let (rb, tb) = rule_of(b).map_err(ParseErrorKind::BadRuleset)?;
    Ok(Box::new(Product::new(ra, rb, format!("product:{ta}*{tb}"))))
}
