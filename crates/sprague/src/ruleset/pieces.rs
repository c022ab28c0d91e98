//! A row of pieces that move left without jumping (the "pieces on a line"
//! problems, solved as staircase Nim): pieces on distinct squares of a line numbered 1, 2, 3, ... from
//! the left; a move slides one piece left by one or more squares, onto an
//! empty square, never onto or past the piece to its left, nor past
//! square 1.
//!
//! **Notation.** `pieces 3 7 8 12` is pieces on squares 3, 7, 8 and 12
//! (from 1, left to right: the squares must increase). A move names the
//! square a piece leaves and the one it reaches, `9-6`.
//!
//! **The reduction**: staircase Nim on the gaps. Let the gaps be the empty
//! squares before each piece: before the first, `p₁ - 1`; between
//! neighbours, `pᵢ - pᵢ₋₁ - 1`. Moving piece i left by k takes k from its
//! own gap and adds k to the gap of the piece to its right (the last
//! piece's k go nowhere). Number the gaps from the right, the last piece's
//! gap step 1: that is staircase Nim with coins carried one step down. So
//! the row is worth the nim-sum of the gaps on the odd steps, the gaps
//! before the last piece, the third from last, ... (in pairs from the
//! right: the empty squares inside each pair); with an odd number of
//! pieces the first piece's gap, to the left end, counts too. Reading the
//! gaps left to right instead gives the wrong pairs: that is why this
//! board exists.
//!
//! **Winning moves**: those of staircase Nim, written as moves on the
//! board: a piece on an odd step moved left to make its gap `g ⊕ s`, or a
//! piece on an even step moved left to raise the odd step to its right to
//! `g ⊕ s` (s the nim-sum); at most one per piece, O(pieces) to list.
//!
//! The variant with a coin that leaves the board at the left end (the gold
//! coin game) is not here.
//!
//! ```
//! use sprague::Position;
//! let p: Position = "pieces 3 7 8 12".parse()?;
//! // Gaps from the right: 3 (8..12), 0 (7..8), 3 (3..7), 2 (before 3):
//! // odd steps 3 and 3.
//! assert_eq!(p.grundy_value()?, 3 ^ 3);
//! assert_eq!(
//!     p.grundy_value()?,
//!     "staircase 3 0 3 2".parse::<Position>()?.grundy_value()?
//! );
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use super::rules::{Pick, PickNames, Rules, Visit};
use super::{staircase, ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Place};

/// The basis of a row's value: staircase Nim on its gaps.
pub const PIECES: Basis = Basis::Rule {
    word: "pieces",
    name: "a row of pieces moving left is staircase Nim on its gaps, read from the right: the \
           nim-sum of the empty squares before the last piece, the third from \
           last, ...",
};

/// The position of a `pieces` component: the squares (from 1, increasing)
/// of its pieces. It is written as one argument, its squares in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row(pub Vec<u64>);

crate::typed_position!(Row, {
    /// One argument, the row (none when it holds no piece): a move names
    /// no part.
    fn argument_count(&self) -> usize {
        usize::from(!self.0.is_empty())
    }
    fn size(&self) -> usize {
        self.0.len()
    }
});

/// The gaps of a row as the coins of staircase Nim: `steps[k]` is the gap
/// (empty squares) before the (k + 1)-th piece from the right.
///
/// ```
/// use sprague::ruleset::pieces::steps;
/// assert_eq!(steps(&[3, 7, 8, 12]), vec![3, 0, 3, 2]);
/// ```
pub fn steps(squares: &[u64]) -> Vec<u64> {
    (0..squares.len())
        .rev()
        .map(|i| squares[i] - if i == 0 { 0 } else { squares[i - 1] } - 1)
        .collect()
}

/// The Grundy value of a row: staircase Nim's value of its [`steps`].
/// O(pieces).
pub fn value(squares: &[u64]) -> u64 {
    staircase::value(&steps(squares))
}

/// Reads the squares of a row, naming the word to blame.
fn parse_squares(words: &[&str]) -> Result<Vec<u64>, (usize, String)> {
    let mut squares: Vec<u64> = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
            return Err((
                i,
                format!(
                    "`{w}` is not a square: write the squares of the pieces as whole numbers \
                     from 1, left to right (pieces 3 7 8 12)"
                ),
            ));
        }
        let Ok(s) = w.parse::<u64>() else {
            return Err((
                i,
                format!("square {w} is past the last square, 18446744073709551615 (2^64 - 1)"),
            ));
        };
        if s == 0 {
            return Err((i, "square 0: the squares are numbered from 1".into()));
        }
        match squares.last() {
            Some(&last) if last == s => {
                return Err((
                    i,
                    format!("a second piece on square {s}: a square holds at most one piece"),
                ))
            }
            Some(&last) if last > s => {
                return Err((
                    i,
                    format!(
                        "square {s} comes after square {last}: write the squares left to right, \
                         increasing"
                    ),
                ))
            }
            _ => squares.push(s),
        }
    }
    Ok(squares)
}

fn slide(from: u64, to: u64) -> Action {
    Action::Pick {
        part: 0,
        at: from,
        and: Some(to),
    }
}

/// The row after the piece on `from` moves to `to`.
fn slid(row: &[u64], from: u64, to: u64) -> Vec<u64> {
    row.iter()
        .map(|&p| if p == from { to } else { p })
        .collect()
}

fn write_row(row: &[u64], f: &mut dyn fmt::Write) -> fmt::Result {
    for (i, p) in row.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{p}")?;
    }
    Ok(())
}

/// The row of pieces as a ruleset (`pieces`).
#[derive(Debug)]
pub struct Pieces;

impl Rules for Pieces {
    type Position = Row;

    fn canonical(&self) -> String {
        "pieces".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<Row, (usize, ArgumentError)> {
        parse_squares(words)
            .map(Row)
            .map_err(|(i, why)| (i, ArgumentError::BadShape(why.into())))
    }

    fn write_argument(&self, args: &Row, index: usize, f: &mut dyn fmt::Write) -> fmt::Result {
        if index == 0 {
            write_row(&args.0, f)?;
        }
        Ok(())
    }

    fn valued(&self, args: &Row, _: &Limits) -> Result<(u64, Basis), Error> {
        Ok((value(&args.0), PIECES))
    }

    fn closed_value(&self, args: &Row) -> Option<u64> {
        Some(value(&args.0))
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn has_moves(&self, args: &Row, _: &Limits) -> Result<bool, Error> {
        Ok(steps(&args.0).iter().any(|&g| g > 0))
    }

    fn moves(&self, args: &Row, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        let row = &args.0;
        let total = row.last().map_or(0, |&p| p - row.len() as u64);
        super::reserve(out, total, limits)?;
        for (i, &p) in row.iter().enumerate() {
            let floor = if i == 0 { 0 } else { row[i - 1] };
            out.extend((floor + 1..p).rev().map(|to| slide(p, to)));
        }
        Ok(())
    }

    /// Staircase Nim's moves to the value `target`, each written as the
    /// piece that makes it.
    fn moves_to(
        &self,
        args: &Row,
        value: u64,
        target: u64,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let row = &args.0;
        let n = row.len();
        let flow = staircase::moves_to_value(&steps(row), value ^ target, &mut |action| {
            let Action::Stair { step, coins, .. } = action else {
                return ControlFlow::Continue(());
            };
            let p = row[n - 1 - step];
            f(slide(p, p - coins))
        });
        Ok(flow)
    }

    fn random_move(&self, args: &Row, _: &Limits, pick: Pick<'_>) -> Result<Option<Action>, Error> {
        let row = &args.0;
        let movable: Vec<usize> = (0..row.len())
            .filter(|&i| row[i] - if i == 0 { 0 } else { row[i - 1] } > 1)
            .collect();
        if movable.is_empty() {
            return Ok(None);
        }
        let i = movable[pick(movable.len() as u64) as usize];
        let floor = if i == 0 { 0 } else { row[i - 1] };
        let gap = row[i] - floor - 1;
        Ok(Some(slide(row[i], row[i] - 1 - pick(gap))))
    }

    fn check(&self, word: &str, args: &Row, action: &Action) -> Result<(), IllegalMoveKind> {
        let forbidden = |rule| IllegalMoveKind::Forbidden {
            ruleset: word.into(),
            rule,
        };
        let Action::Pick {
            part,
            at: from,
            and: Some(to),
        } = *action
        else {
            return Err(forbidden(
                "a move slides one piece left: FROM-TO, the squares it leaves and reaches",
            ));
        };
        if part != 0 || args.0.is_empty() {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Part,
                index: part,
                count: usize::from(!args.0.is_empty()),
            });
        }
        let Ok(i) = args.0.binary_search(&from) else {
            return Err(forbidden(
                "a move starts from a square where a piece stands",
            ));
        };
        let floor = if i == 0 { 0 } else { args.0[i - 1] };
        if to >= from {
            Err(forbidden(
                "a piece moves left, to a lower square, by at least one",
            ))
        } else if to == 0 {
            Err(forbidden(
                "a piece stays on the board: the squares are numbered from 1",
            ))
        } else if to <= floor {
            Err(forbidden(
                "a piece may not land on nor jump over the piece to its left",
            ))
        } else {
            Ok(())
        }
    }

    fn apply(&self, args: &mut Row, action: &Action) {
        if let Action::Pick {
            at, and: Some(to), ..
        } = *action
        {
            args.0 = slid(&args.0, at, to);
        }
    }

    fn canonicalize(&self, _: &mut Row) {}

    fn write_move(
        &self,
        word: &str,
        args: &Row,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Action::Pick {
            at: from,
            and: Some(to),
            ..
        } = *action
        else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let after = slid(&args.0, from, to);
        match form {
            MoveForm::Listed => {
                write!(f, "{word} {from}-{to} (-> ")?;
                write_row(&after, f)?;
                f.write_str(")")
            }
            MoveForm::Short => write!(f, "{from}-{to}"),
            _ => {
                write!(f, "move the piece on {from} to {to} (")?;
                write_row(&args.0, f)?;
                f.write_str(" -> ")?;
                write_row(&after, f)?;
                f.write_str(")")
            }
        }
    }

    fn named_move(&self, args: &Row, place: usize, name: &str) -> Option<Action> {
        if place != 0 || args.0.is_empty() {
            return None;
        }
        let (from, to) = name.split_once('-')?;
        Some(slide(from.parse().ok()?, to.parse().ok()?))
    }

    /// The slide that turns `before` into `after`: one piece changes
    /// square.
    fn actions_between(&self, before: &Row, after: &Row) -> Vec<Action> {
        if before.0.len() != after.0.len() {
            return Vec::new();
        }
        let changed: Vec<usize> = (0..before.0.len())
            .filter(|&i| before.0[i] != after.0[i])
            .collect();
        match changed[..] {
            [i] => vec![slide(before.0[i], after.0[i])],
            _ => Vec::new(),
        }
    }

    fn pick_names(&self, _: &Row, action: &Action) -> Option<PickNames> {
        match *action {
            Action::Pick {
                at, and: Some(to), ..
            } => Some(PickNames::Taken {
                part: 0,
                names: vec![at.to_string(), to.to_string()],
            }),
            _ => None,
        }
    }

    fn value_steps(&self, args: &Row) -> Vec<String> {
        let steps = steps(&args.0);
        if steps.is_empty() {
            return Vec::new();
        }
        let odd: Vec<String> = steps.iter().step_by(2).map(u64::to_string).collect();
        vec![format!(
            "gaps from the right (staircase steps 1, 2, ...): {}; odd steps {}",
            steps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            odd.join(" ⊕ ")
        )]
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A {word} row is staircase Nim on its gaps read from the right: it is worth the nim-sum of the empty squares before the last piece, the third \
             from last, and so on."
        )
    }

    fn move_summary(&self) -> Option<String> {
        Some(
            "slide a piece left, FROM-TO by squares (from 1), never onto or past the piece to its \
             left"
                .into(),
        )
    }
}

parse_without_parameter!(
    "pieces",
    "pieces takes no parameter: write the squares of the pieces, e.g. pieces 3 7 8 12",
    Pieces
);
