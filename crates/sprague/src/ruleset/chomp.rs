//! Chomp (Gale 1974; Winning Ways, ch. 18): a bar of chocolate whose
//! bottom-left square is poisoned; a move takes a square and every square
//! above and to the right of it.
//!
//! Convention: the poisoned square may not be taken, and a player left
//! with only the poisoned square cannot move and loses (normal play). This
//! is the same game as "whoever takes the poisoned square loses", with the
//! losing move removed.
//!
//! A position is a Young diagram: rows from the bottom, each no longer than
//! the one below, written as their lengths (`5,3,2`: 5 squares at the
//! bottom, 3 above them, then 2) or as a rectangle `RxC` (`3x5` = `5,5,5`).
//! Squares are named `R.C`, row R from the bottom and column C from the
//! left, both from 1; `1.1` is the poisoned square. Taking `R.C` cuts every
//! row from R up to at most C - 1 squares. Values come from a search by
//! the definition over diagrams (keyed by their row lengths), with a table
//! shared by the positions of a run; every rectangle other than 1 x 1 is
//! an N-position by the strategy-stealing argument (Gale 1974), which the
//! values confirm.
//!
//! ```
//! use sprague::Position;
//! // 2 x 2: take 2.2, leaving an L of two arms of 1: a P-position.
//! let p: Position = "chomp 2x2".parse()?;
//! assert_ne!(p.grundy_value()?, 0);
//! let q: Position = "chomp 2,1".parse()?;
//! assert_eq!(q.grundy_value()?, 0);
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Mutex;

use rustc_hash::FxHashMap as HashMap;

use super::rules::{Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Place};

/// The most squares of a diagram.
const MAX_SQUARES: u64 = 1 << 20;

/// The most squares of a diagram the search takes (a chain of moves is at
/// most that deep).
const MAX_SEARCHED: u64 = 10_000;

/// One diagram: its row lengths from the bottom, non-increasing, no empty
/// row (the empty diagram has no rows).
pub type Rows = Vec<u32>;

/// The position of a `chomp` component: its diagrams, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChompPosition(pub Vec<Rows>);

crate::typed_position!(ChompPosition, {
    fn argument_count(&self) -> usize {
        self.0.len()
    }
});

/// The rules of `chomp` and the search's table of diagrams.
#[derive(Debug, Default)]
pub struct Chomp {
    table: Mutex<HashMap<Rows, u32>>,
}

/// The basis of a diagram's value.
const SEARCH_NOTE: &str = "Each Chomp diagram is a game of its own, worth the mex of the \
    values of the diagrams its moves leave, found by search over diagrams (their row \
    lengths); the poisoned square 1.1 may not be taken, so a player left with it alone \
    loses.";

/// Reads one diagram: `RxC` or row lengths `5,3,2`.
fn parse_rows(word: &str) -> Result<Rows, String> {
    let lower = word.to_ascii_lowercase();
    let rows: Rows = if let Some((r, c)) = lower.split_once('x') {
        let side = |t: &str| -> Result<u32, String> {
            match t.parse::<u64>() {
                Ok(n) => {
                    u32::try_from(n).map_err(|_| format!("{word}: at most {MAX_SQUARES} squares"))
                }
                Err(_) => Err(format!(
                    "`{word}` is not a rectangle RxC (rows x columns, e.g. 3x5)"
                )),
            }
        };
        let (r, c) = (side(r)?, side(c)?);
        if r == 0 || c == 0 {
            return Err(format!(
                "{word}: a rectangle has at least 1 row and 1 column"
            ));
        }
        if u64::from(r) * u64::from(c) > MAX_SQUARES {
            return Err(format!("{word}: at most {MAX_SQUARES} squares"));
        }
        vec![c; r as usize]
    } else {
        let mut rows = Vec::new();
        for (i, item) in word.split(',').enumerate() {
            let n: u32 = item.parse().map_err(|_| {
                format!(
                    "`{item}` in {word} is not a row length: a diagram is RxC or its row \
                     lengths from the bottom, e.g. 5,3,2"
                )
            })?;
            if let Some(&below) = rows.last() {
                if n > below {
                    return Err(format!(
                        "row {} of {word} ({n}) is longer than the row below it ({below}): \
                         rows go from the bottom, each no longer than the one below",
                        i + 1
                    ));
                }
            }
            rows.push(n);
        }
        rows.retain(|&n| n > 0);
        if rows.iter().map(|&n| u64::from(n)).sum::<u64>() > MAX_SQUARES {
            return Err(format!("{word}: at most {MAX_SQUARES} squares"));
        }
        rows
    };
    if rows.is_empty() {
        return Err(format!(
            "{word}: a diagram holds at least the poisoned square (1x1)"
        ));
    }
    Ok(rows)
}

fn write_rows(rows: &[u32], f: &mut dyn fmt::Write) -> fmt::Result {
    if rows.len() > 1 && rows.iter().all(|&n| n == rows[0]) {
        return write!(f, "{}x{}", rows.len(), rows[0]);
    }
    let text: Vec<String> = rows.iter().map(u32::to_string).collect();
    f.write_str(&text.join(","))
}

/// The diagram after taking square (`r`, `c`) (from 0).
fn after(rows: &[u32], r: usize, c: u32) -> Rows {
    let mut out: Rows = rows
        .iter()
        .enumerate()
        .map(|(i, &n)| if i >= r { n.min(c) } else { n })
        .collect();
    out.retain(|&n| n > 0);
    out
}

/// The squares a move may take, (row, column) from 0.
fn squares(rows: &[u32]) -> impl Iterator<Item = (usize, u32)> + '_ {
    rows.iter()
        .enumerate()
        .flat_map(|(r, &n)| (0..n).map(move |c| (r, c)))
        .filter(|&(r, c)| r > 0 || c > 0)
}

impl Chomp {
    /// The value of one diagram by search.
    fn value(&self, rows: &[u32], limits: &Limits) -> Result<u32, Error> {
        let squares: u64 = rows.iter().map(|&n| u64::from(n)).sum();
        if squares > MAX_SEARCHED {
            return Err(Error::Unsupported(format!(
                "a Chomp diagram of {squares} squares: the search takes diagrams of at most \
                 {MAX_SEARCHED} squares (its depth is their number)"
            )));
        }
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        let mut work = Work {
            done: 0,
            allowed: (limits.max_states as u64).saturating_mul(crate::DEFAULT_WORK_PER_STATE),
        };
        value_in(&mut table, rows, limits, &mut work)
    }

    fn total(&self, args: &ChompPosition, limits: &Limits) -> Result<u64, Error> {
        let mut g = 0;
        for rows in &args.0 {
            g ^= u64::from(self.value(rows, limits)?);
        }
        Ok(g)
    }
}

/// The options a search examined, weighted (one more for every
/// [`WEIGHT_UNIT`](crate::WEIGHT_UNIT) rows of the diagram left), and the
/// most it may examine: [`DEFAULT_WORK_PER_STATE`](crate::DEFAULT_WORK_PER_STATE)
/// a position of the state limit, as a search by the definition.
struct Work {
    done: u64,
    allowed: u64,
}

fn value_in(
    table: &mut HashMap<Rows, u32>,
    rows: &[u32],
    limits: &Limits,
    work: &mut Work,
) -> Result<u32, Error> {
    if let Some(&g) = table.get(rows) {
        return Ok(g);
    }
    crate::budget::check()?;
    if table.len() >= limits.max_states {
        return Err(Error::StateLimit {
            limit: limits.max_states,
        });
    }
    let mut seen = Vec::new();
    for (r, c) in squares(rows) {
        // A diagram with many squares has many options: the work, not
        // only the positions stored, bounds the time.
        work.done += 1 + (rows.len() / crate::WEIGHT_UNIT) as u64;
        if work.done > work.allowed {
            return Err(Error::WorkLimit {
                options: work.done,
                states: limits.max_states,
                per_state: crate::DEFAULT_WORK_PER_STATE,
            });
        }
        let g = value_in(table, &after(rows, r, c), limits, work)? as usize;
        if g >= seen.len() {
            seen.resize(g + 1, false);
        }
        seen[g] = true;
    }
    let g = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
    table.insert(rows.to_vec(), g);
    Ok(g)
}

fn pick(part: usize, r: usize, c: u32) -> Action {
    Action::Pick {
        part,
        at: r as u64,
        and: Some(u64::from(c)),
    }
}

impl Rules for Chomp {
    type Position = ChompPosition;

    fn canonical(&self) -> String {
        "chomp".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    /// Each diagram as its squares, the bottom row last and the poisoned
    /// square marked; a move is a click on a square. `None` when one is too
    /// large to draw.
    fn shape(&self, args: &ChompPosition) -> Option<crate::drawing::Shape> {
        use crate::drawing::{drawable, CellBoard, Piece, Shape};
        let boards = args.0.iter().map(|rows| {
            let h = rows.len();
            let w = rows.first().copied().unwrap_or(0) as usize;
            if !drawable(h as u64, w as u64) {
                return None;
            }
            // Drawn row d is row h - 1 - d from the bottom.
            Some(CellBoard::new(
                h,
                w,
                |d, c| match (h - 1 - d, c) {
                    (0, 0) => 'x',
                    (r, c) if c < rows[r] as usize => '.',
                    _ => '-',
                },
                |d, c| format!("{}.{}", h - d, c + 1),
            ))
        });
        Some(Shape::Cells {
            boards: boards.collect::<Option<_>>()?,
            piece: Piece::Bite,
        })
    }

    fn parse_position(&self, words: &[&str]) -> Result<ChompPosition, (usize, ArgumentError)> {
        let mut parts = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            parts.push(parse_rows(w).map_err(|e| (i, ArgumentError::BadShape(e.into())))?);
        }
        Ok(ChompPosition(parts))
    }

    fn write_argument(
        &self,
        args: &ChompPosition,
        index: usize,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        match args.0.get(index) {
            Some(rows) => write_rows(rows, f),
            None => Ok(()),
        }
    }

    fn argument_alone(&self, args: &ChompPosition, index: usize) -> Option<ChompPosition> {
        Some(ChompPosition(vec![args.0.get(index)?.clone()]))
    }

    fn valued(&self, args: &ChompPosition, limits: &Limits) -> Result<(u64, Basis), Error> {
        let g = self.total(args, limits)?;
        let positions = self.table.lock().map_or(0, |t| t.len()) as u64;
        Ok((g, Basis::Search { positions }))
    }

    fn closed_value(&self, _: &ChompPosition) -> Option<u64> {
        None
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &ChompPosition, _: &Limits) -> Result<bool, Error> {
        Ok(args.0.iter().any(|rows| squares(rows).next().is_some()))
    }

    fn moves(
        &self,
        args: &ChompPosition,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let total: u64 = args
            .0
            .iter()
            .map(|rows| rows.iter().map(|&n| u64::from(n)).sum::<u64>() - 1)
            .sum();
        super::reserve(out, total, limits)?;
        for (part, rows) in args.0.iter().enumerate() {
            out.extend(squares(rows).map(|(r, c)| pick(part, r, c)));
        }
        Ok(())
    }

    fn moves_to(
        &self,
        args: &ChompPosition,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        for (part, rows) in args.0.iter().enumerate() {
            let want = u64::from(self.value(rows, limits)?) ^ value ^ target;
            for (r, c) in squares(rows) {
                let g = u64::from(self.value(&after(rows, r, c), limits)?);
                if g == want && f(pick(part, r, c)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn check(
        &self,
        word: &str,
        args: &ChompPosition,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let forbidden = || IllegalMoveKind::Forbidden {
            ruleset: word.into(),
            rule: "take a square R.C of the diagram other than the poisoned square 1.1",
        };
        let Action::Pick {
            part,
            at,
            and: Some(c),
        } = *action
        else {
            return Err(forbidden());
        };
        let Some(rows) = args.0.get(part) else {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Part,
                index: part,
                count: args.0.len(),
            });
        };
        let inside = usize::try_from(at)
            .ok()
            .and_then(|r| rows.get(r))
            .is_some_and(|&n| c < u64::from(n));
        if inside && (at, c) != (0, 0) {
            Ok(())
        } else {
            Err(forbidden())
        }
    }

    fn apply(&self, args: &mut ChompPosition, action: &Action) {
        if let Action::Pick {
            part,
            at,
            and: Some(c),
        } = *action
        {
            if let Some(rows) = args.0.get_mut(part) {
                *rows = after(rows, at as usize, c as u32);
            }
        }
    }

    /// Diagrams of the poisoned square alone are nothing; the rest in
    /// order.
    fn canonicalize(&self, args: &mut ChompPosition) {
        args.0.retain(|rows| rows.as_slice() != [1]);
        args.0.sort();
    }

    /// The square taken, `R.C` (row from the bottom, column from the left).
    fn pick_names(&self, args: &ChompPosition, action: &Action) -> Option<super::PickNames> {
        let Action::Pick {
            part,
            at,
            and: Some(c),
        } = *action
        else {
            return None;
        };
        args.0.get(part)?;
        Some(super::PickNames::Taken {
            part,
            names: vec![format!("{}.{}", at + 1, c + 1)],
        })
    }

    fn write_move(
        &self,
        word: &str,
        args: &ChompPosition,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let (
            Action::Pick {
                part,
                at,
                and: Some(c),
            },
            Some(rows),
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
        let name = format!("{}.{}", at + 1, c + 1);
        let mut before = String::new();
        let _ = write_rows(rows, &mut before);
        let mut left = String::new();
        let _ = write_rows(&after(rows, *at as usize, *c as u32), &mut left);
        let one = args.0.len() == 1;
        let n = part + 1;
        match form {
            MoveForm::Listed if one => write!(f, "{word} take {name} (-> {left})"),
            MoveForm::Listed => write!(f, "{word} part {n}: take {name} (-> {left})"),
            MoveForm::Short if one => write!(f, "{name}"),
            MoveForm::Short => write!(f, "{n} {name}"),
            _ if one => write!(f, "take square {name} ({before} -> {left})"),
            _ => write!(f, "take square {name} of part {n} ({before} -> {left})"),
        }
    }

    fn named_move(&self, args: &ChompPosition, place: usize, name: &str) -> Option<Action> {
        args.0.get(place)?;
        let (r, c) = name.split_once('.')?;
        let (r, c): (u64, u64) = (r.parse().ok()?, c.parse().ok()?);
        Some(Action::Pick {
            part: place,
            at: r.checked_sub(1)?,
            and: Some(c.checked_sub(1)?),
        })
    }

    fn actions_between(&self, before: &ChompPosition, after_p: &ChompPosition) -> Vec<Action> {
        if before.0.len() != after_p.0.len() {
            return Vec::new();
        }
        let changed: Vec<usize> = (0..before.0.len())
            .filter(|&i| before.0[i] != after_p.0[i])
            .collect();
        let [i] = changed[..] else {
            return Vec::new();
        };
        squares(&before.0[i])
            .filter(|&(r, c)| after(&before.0[i], r, c) == after_p.0[i])
            .map(|(r, c)| pick(i, r, c))
            .collect()
    }

    fn value_note(&self, _: &str) -> String {
        SEARCH_NOTE.into()
    }

    fn move_summary(&self) -> Option<String> {
        Some(
            "take a square R.C (row from the bottom) and all above and right of it; never 1.1"
                .into(),
        )
    }
}

parse_without_parameter!(
    "chomp",
    "chomp takes no parameter: write the diagrams, e.g. chomp 3x5 4,2,1",
    Chomp::default()
);
