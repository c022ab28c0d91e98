//! Northcott's game (Winning Ways, ch. 2 "Northcott's Game"; Berlekamp,
//! Conway & Guy): a board of rows, each of `W` squares numbered 1 to `W`,
//! each row holding two checkers; a move slides one checker along its row,
//! toward the other or away from it, as far as the player likes, never
//! jumping over the other checker nor leaving the board.
//!
//! **Convention.** Winning Ways gives each player a colour (White moves
//! the white checkers, Black the black ones) and lets a checker retreat,
//! away from the other. sprague plays impartial games, where the player to
//! move may slide *either* checker; there retreats cannot stay: a row on a
//! board of 3 or more squares always has a retreat, so no position would
//! be the end of the game and every position would be drawn (the loopy
//! solver confirms it on all small boards: `tests/northcott.rs`). Retreats
//! never matter in Winning Ways' game either: the opponent answers one by
//! advancing as far, so the coloured game is Nim on the gaps. So here a
//! move slides a checker *toward* the other, any number of squares, and a
//! row is a Nim heap of its gap: the number of empty squares between its
//! checkers. The board is Nim on the gaps (Bouton's theorem), the theorem
//! of the coloured game.
//!
//! **Notation.** `northcott:W` names a board of width `W` (2 to 2^64 - 1);
//! each row is written `A,B`, the squares (from 1) of its first (white) and
//! second (black) checkers: `northcott:8 1,5 7,2` is two rows of 8, with
//! gaps 3 and 4. A move names the square a checker leaves and the one it
//! reaches, `1-4` (row 1) or `2 7-4` (row 2 of several).
//!
//! **Winning moves**: from a board of nim-sum `s` of its gaps, the winning
//! moves are those of a row of gap `g` with `g ⊕ s < g` to gap `g ⊕ s`, by
//! either checker: two per such row, O(rows) to list.
//!
//! ```
//! use sprague::Position;
//! let p: Position = "northcott:8 1,5 7,2".parse()?;
//! assert_eq!(p.grundy_value()?, 3 ^ 4);
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::error::ParseErrorKind;
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Outcome, Place, Play};

/// The basis of a Northcott board's value.
pub const NORTHCOTT: Basis = Basis::Theorem {
    word: "northcott",
    name: "Northcott's game is Nim on the gaps (Winning Ways, ch. 2): each row is worth the \
           number of empty squares between its checkers",
};

/// The basis of a lone board's outcome under misère play.
pub const NORTHCOTT_MISERE: Basis = Basis::Theorem {
    word: "northcott",
    name: "Northcott's game is Nim on the gaps (Winning Ways, ch. 2), under misère play by \
           misère Nim's rule (Bouton 1901): the nim-sum of the gaps decides while a gap is 2 or \
           more; once none is, an odd number of gaps of 1 loses for the player to move",
};

/// Whether Nim heaps `gaps` are a P-position under misère play (Bouton).
fn misere_p(gaps: impl Iterator<Item = u64> + Clone) -> bool {
    if gaps.clone().all(|g| g <= 1) {
        gaps.filter(|&g| g == 1).count() % 2 == 1
    } else {
        gaps.fold(0, |s, g| s ^ g) == 0
    }
}

/// One row: the squares (from 1) of its first and second checkers.
pub type Row = (u64, u64);

/// The position of a `northcott:W` component: its rows, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NorthcottPosition(pub Vec<Row>);

crate::typed_position!(NorthcottPosition, {
    fn argument_count(&self) -> usize {
        self.0.len()
    }
});

/// The gap of a row: the empty squares between its checkers.
///
/// ```
/// assert_eq!(sprague::ruleset::northcott::gap((1, 5)), 3);
/// assert_eq!(sprague::ruleset::northcott::gap((3, 2)), 0);
/// ```
pub fn gap((a, b): Row) -> u64 {
    a.abs_diff(b) - 1
}

/// The value of a board: the nim-sum of its gaps. O(rows).
pub fn value(rows: &[Row]) -> u64 {
    rows.iter().fold(0, |s, &r| s ^ gap(r))
}

/// Northcott's game on a board of `width` squares a row.
#[derive(Debug)]
pub struct Northcott {
    width: u64,
}

impl Northcott {
    /// The board of `width` squares a row (at least 2).
    pub fn new(width: u64) -> Northcott {
        Northcott { width }
    }

    /// How many moves the checker on `p` has toward the other on `q`: the
    /// gap.
    fn move_count(&self, p: u64, q: u64) -> u64 {
        gap((p, q))
    }

    /// The squares the checker on `p` may reach toward `q`, nearest first.
    fn reach(p: u64, q: u64) -> impl Iterator<Item = u64> {
        let (lo, hi) = (p.min(q) + 1, p.max(q) - 1);
        let toward_up = p < q;
        (0..gap((p, q))).map(move |k| if toward_up { lo + k } else { hi - k })
    }

    /// The square the checker on `p` reaches to leave gap `g < gap` to
    /// `q`.
    fn square_for_gap(p: u64, q: u64, g: u64) -> Option<u64> {
        if g >= gap((p, q)) {
            return None;
        }
        Some(if p < q { q - g - 1 } else { q + g + 1 })
    }

    fn parse_row(&self, word: &str) -> Result<Row, String> {
        let form = || {
            format!(
                "`{word}` is not a row: write the squares of its two checkers, from 1, as A,B \
                 (e.g. 1,5)"
            )
        };
        let (a, b) = word.split_once(',').ok_or_else(form)?;
        let square = |s: &str| -> Result<u64, String> {
            let n: u64 = s.parse().map_err(|_| form())?;
            if n == 0 || n > self.width {
                return Err(format!(
                    "square {n} in row {word} is off the board: squares are 1 to {}",
                    self.width
                ));
            }
            Ok(n)
        };
        let (a, b) = (square(a)?, square(b)?);
        if a == b {
            return Err(format!(
                "row {word} puts both checkers on square {a}: they stand on different squares"
            ));
        }
        Ok((a, b))
    }
}

fn slide(part: usize, from: u64, to: u64) -> Action {
    Action::Pick {
        part,
        at: from,
        and: Some(to),
    }
}

/// The row after sliding the checker on `from` to `to`.
fn slid((a, b): Row, from: u64, to: u64) -> Row {
    if a == from {
        (to, b)
    } else {
        (a, to)
    }
}

impl Rules for Northcott {
    type Position = NorthcottPosition;

    fn canonical(&self) -> String {
        format!("northcott:{}", self.width)
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<NorthcottPosition, (usize, ArgumentError)> {
        let mut rows = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            rows.push(
                self.parse_row(w)
                    .map_err(|e| (i, ArgumentError::BadShape(e.into())))?,
            );
        }
        Ok(NorthcottPosition(rows))
    }

    fn write_argument(
        &self,
        args: &NorthcottPosition,
        index: usize,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        match args.0.get(index) {
            Some((a, b)) => write!(f, "{a},{b}"),
            None => Ok(()),
        }
    }

    fn argument_alone(&self, args: &NorthcottPosition, index: usize) -> Option<NorthcottPosition> {
        Some(NorthcottPosition(vec![*args.0.get(index)?]))
    }

    fn valued(&self, args: &NorthcottPosition, _: &Limits) -> Result<(u64, Basis), Error> {
        Ok((value(&args.0), NORTHCOTT))
    }

    fn closed_value(&self, args: &NorthcottPosition) -> Option<u64> {
        Some(value(&args.0))
    }

    /// Misère play of a lone board: misère Nim on the gaps.
    fn lone_outcome(&self, args: &NorthcottPosition, play: Play) -> Option<(Outcome, Basis)> {
        (play == Play::Misere).then(|| {
            let p = misere_p(args.0.iter().map(|&r| gap(r)));
            (Outcome::from_next_player_wins(!p), NORTHCOTT_MISERE)
        })
    }

    /// Under misère play, the moves of a row to gap `g ⊕ s`, 0 or 1 that
    /// leave a misère P-position (a P-position with a gap of 2 or more has
    /// nim-sum 0, one without has its gaps 0 and 1): all of them.
    fn lone_winning_moves(
        &self,
        args: &NorthcottPosition,
        play: Play,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        if play == Play::Normal {
            let v = value(&args.0);
            return self.moves_to(args, v, 0, limits, f);
        }
        let s = value(&args.0);
        for (part, &(a, b)) in args.0.iter().enumerate() {
            let g = gap((a, b));
            let mut targets = vec![g ^ s, 0, 1];
            targets.sort_unstable();
            targets.dedup();
            for t in targets.into_iter().filter(|&t| t < g) {
                let after = args
                    .0
                    .iter()
                    .enumerate()
                    .map(|(j, &r)| if j == part { t } else { gap(r) });
                if !misere_p(after) {
                    continue;
                }
                for (p, q) in [(a, b), (b, a)] {
                    if let Some(to) = Self::square_for_gap(p, q, t) {
                        if f(slide(part, p, to)).is_break() {
                            return Ok(ControlFlow::Break(()));
                        }
                    }
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn count_winning_moves(&self, args: &NorthcottPosition) -> Option<u64> {
        let s = value(&args.0);
        if s == 0 {
            return Some(0);
        }
        let mut n = 0u64;
        for &(a, b) in &args.0 {
            let g = gap((a, b)) ^ s;
            n += u64::from(Self::square_for_gap(a, b, g).is_some());
            n += u64::from(Self::square_for_gap(b, a, g).is_some());
        }
        Some(n)
    }

    fn has_moves(&self, args: &NorthcottPosition, _: &Limits) -> Result<bool, Error> {
        Ok(args
            .0
            .iter()
            .any(|&(a, b)| self.move_count(a, b) > 0 || self.move_count(b, a) > 0))
    }

    fn moves(
        &self,
        args: &NorthcottPosition,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let total = args.0.iter().fold(0u64, |t, &(a, b)| {
            t.saturating_add(self.move_count(a, b))
                .saturating_add(self.move_count(b, a))
        });
        super::reserve(out, total, limits)?;
        for (part, &(a, b)) in args.0.iter().enumerate() {
            for (p, q) in [(a, b), (b, a)] {
                out.extend(Self::reach(p, q).map(|t| slide(part, p, t)));
            }
        }
        Ok(())
    }

    /// Every move of a row to the gap that makes the value `target`, row
    /// by row, by the first checker then the second.
    fn moves_to(
        &self,
        args: &NorthcottPosition,
        value: u64,
        target: u64,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        for (part, &(a, b)) in args.0.iter().enumerate() {
            let want = gap((a, b)) ^ value ^ target;
            if want == gap((a, b)) {
                continue;
            }
            for (p, q) in [(a, b), (b, a)] {
                if let Some(to) = Self::square_for_gap(p, q, want) {
                    if f(slide(part, p, to)).is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn random_move(
        &self,
        args: &NorthcottPosition,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let movable: Vec<(usize, u64, u64)> = args
            .0
            .iter()
            .enumerate()
            .flat_map(|(i, &(a, b))| [(i, a, b), (i, b, a)])
            .filter(|&(_, p, q)| self.move_count(p, q) > 0)
            .collect();
        if movable.is_empty() {
            return Ok(None);
        }
        let (part, p, q) = movable[pick(movable.len() as u64) as usize];
        let k = pick(self.move_count(p, q));
        let to = if p < q { p + 1 + k } else { p - 1 - k };
        Ok(Some(slide(part, p, to)))
    }

    fn check(
        &self,
        word: &str,
        args: &NorthcottPosition,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
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
                "a move slides one checker along its row: FROM-TO, the squares it leaves and reaches",
            ));
        };
        let Some(&(a, b)) = args.0.get(part) else {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Part,
                index: part,
                count: args.0.len(),
            });
        };
        let q = if from == a {
            b
        } else if from == b {
            a
        } else {
            return Err(forbidden(
                "a move starts from a square where a checker stands",
            ));
        };
        if to == from {
            Err(forbidden("a checker moves at least one square"))
        } else if to.min(from) < q && q < to.max(from) || to == q {
            Err(forbidden(
                "a checker may not jump over the other checker nor land on it",
            ))
        } else if from.abs_diff(q) < to.abs_diff(q) {
            Err(forbidden(
                "a checker slides toward the other: in the impartial game moving away is left \
                 out (either player could retreat forever; Winning Ways' retreats never help)",
            ))
        } else {
            Ok(())
        }
    }

    fn shape(&self, args: &NorthcottPosition) -> Option<crate::drawing::Shape> {
        Some(crate::drawing::Shape::Checkers {
            width: self.width,
            rows: args.0.iter().map(|&(a, b)| [a, b]).collect(),
        })
    }

    fn apply(&self, args: &mut NorthcottPosition, action: &Action) {
        if let Action::Pick {
            part,
            at,
            and: Some(to),
        } = *action
        {
            if let Some(row) = args.0.get_mut(part) {
                *row = slid(*row, at, to);
            }
        }
    }

    /// Each row as the row of the same gap with its first checker on
    /// square 1 (a row is a Nim heap of its gap), the rows sorted.
    fn canonicalize(&self, args: &mut NorthcottPosition) {
        for row in &mut args.0 {
            *row = (1, gap(*row) + 2);
        }
        args.0.sort_unstable();
    }

    fn write_move(
        &self,
        word: &str,
        args: &NorthcottPosition,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let (
            Action::Pick {
                part,
                at: from,
                and: Some(to),
            },
            Some(&row),
        ) = (
            action,
            args.0.get(match action {
                Action::Pick { part, .. } => *part,
                _ => usize::MAX,
            }),
        )
        else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let after = slid(row, *from, *to);
        let (before, left) = (
            format!("{},{}", row.0, row.1),
            format!("{},{}", after.0, after.1),
        );
        let one = args.0.len() == 1;
        let n = part + 1;
        let which = if *from == row.0 { "first" } else { "second" };
        match form {
            MoveForm::Listed if one => write!(f, "{word} {from}-{to} (-> {left})"),
            MoveForm::Listed => write!(f, "{word} row {n}: {from}-{to} (-> {left})"),
            MoveForm::Short if one => write!(f, "{from}-{to}"),
            MoveForm::Short => write!(f, "{n} {from}-{to}"),
            _ => {
                write!(f, "slide the {which} checker from square {from} to {to}")?;
                if !one {
                    write!(f, ", in row {n}")?;
                }
                write!(
                    f,
                    " ({before} -> {left}, gap {} -> {})",
                    gap(row),
                    gap(after)
                )
            }
        }
    }

    fn named_move(&self, args: &NorthcottPosition, place: usize, name: &str) -> Option<Action> {
        args.0.get(place)?;
        let (from, to) = name.split_once('-')?;
        Some(slide(place, from.parse().ok()?, to.parse().ok()?))
    }

    fn actions_between(
        &self,
        before: &NorthcottPosition,
        after: &NorthcottPosition,
    ) -> Vec<Action> {
        if before.0.len() != after.0.len() {
            return Vec::new();
        }
        let changed: Vec<usize> = (0..before.0.len())
            .filter(|&i| before.0[i] != after.0[i])
            .collect();
        let [i] = changed[..] else {
            return Vec::new();
        };
        let ((a, b), (c, d)) = (before.0[i], after.0[i]);
        match (a == c, b == d) {
            (true, false) => vec![slide(i, b, d)],
            (false, true) => vec![slide(i, a, c)],
            _ => Vec::new(),
        }
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A {word} board is Nim on the gaps (Winning Ways, ch. 2): each row is worth the number \
             of empty squares between its two checkers, which a move toward the other checker \
             lowers like a Nim move."
        )
    }

    fn move_summary(&self) -> Option<String> {
        Some(
            "slide a checker along its row toward the other, FROM-TO by squares, never over it"
                .into(),
        )
    }
}

/// Parses `northcott:W`, W the width of the board (at least 2).
pub(crate) fn parse(
    _: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    let bad = |why: String| ParseErrorKind::BadRuleset(why);
    let Some(text) = param else {
        return Err(bad(
            "northcott needs W, the width of the board: northcott:8 1,5 7,2 is two rows of 8 \
             squares"
                .into(),
        ));
    };
    let width: u64 = text.parse().map_err(|_| {
        bad(format!(
            "{text:?} in northcott:W is not a whole number from 2 to 2^64 - 1"
        ))
    })?;
    if width < 2 {
        return Err(bad(format!(
            "northcott:{width} has no room for two checkers: W is at least 2"
        )));
    }
    Ok(Box::new(Northcott::new(width)))
}
