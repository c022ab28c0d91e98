//! Treblecross (Winning Ways, ch. 4): a strip of squares; a move puts an X
//! on an empty square; whoever first makes three X in a row wins.
//!
//! **Notation.** `treblecross ..X.....` is a strip of 8 squares, numbered
//! from 1 at the left, with an X on square 3: each word is one strip,
//! written with `.` for an empty square and `X` (or `x`) for a cross, at
//! least 3 squares long (a shorter strip can never hold three in a row).
//! An empty strip may be written as its length, `treblecross 2000`, and a
//! long one as `N:A,B,...`, its length and the squares of its crosses
//! (`treblecross 2000:5,900`); strips longer than 40 squares are written
//! that way. Several strips in one component are played together: the
//! first three in a row on any of them wins. A strip that already holds
//! three in a row is refused (that game is over).
//!
//! **The reduction.** Call a square *safe* when no X stands within two
//! squares of it.
//!
//! - When two X stand at most two squares apart (`XX` or `X.X`), the
//!   player to move makes three in a row at once (on a strip of 3 or more
//!   squares the square that completes them is always there and empty), and
//!   that is the only way to win: any other move leaves the same chance to
//!   the opponent. The position is an N-position whose winning moves are
//!   those squares.
//! - Otherwise a cross on an unsafe square makes such a pair, and the
//!   opponent wins at once: nobody plays there, and the player left
//!   without a safe square loses. A cross on a safe square kills the
//!   squares within two of it. So the safe squares fall into runs, and a
//!   run of `s` safe squares is the heap `s + 2` of the octal game 0.007:
//!   a cross on the j-th square of the run (from 1) leaves runs of
//!   `max(j - 3, 0)` and `max(s - j - 2, 0)` safe squares, heaps `j - 1`
//!   and `s - j`, which is 0.007's move (remove three tokens from a heap of
//!   `s + 2`, leaving up to two heaps; heaps 0, 1 and 2 have no move and
//!   count for nothing). The runs are where they are: before the first X,
//!   squares 1 to `c - 3`; between crosses on `c < d`, squares `c + 3` to
//!   `d - 3` (`d - c - 5` of them); after the last X on `c` of a strip of
//!   `n`, squares `c + 3` to `n` (`n - c - 2`); an empty strip of `n` is
//!   one run of `n`, the heap `n + 2`. The component is worth the nim-sum
//!   of `G(s + 2)` over its runs, `G` the nim-sequence of 0.007, which is
//!   also its value beside other games (a player with no safe move must
//!   give the opponent three in a row, or has no move at all).
//!
//! `tests/boards.rs` checks all of this against a search over the board
//! itself: every strip of 3 to 14 squares (outcome and every winning
//! move), two strips together, and a strip beside a Nim heap (the value).
//!
//! Positions with a pair have no Grundy value to add to other games
//! (making three in a row ends the whole game): a lone component is
//! answered by the rule above; in a sum with other components such a
//! strip is refused with [`Error::Unsupported`]. Misère play ("whoever
//! makes three in a row loses") is searched on the board.
//!
//! ```
//! use sprague::{Outcome, Play, Position};
//! // An empty strip of 6 is the heap 8 of 0.007, worth 0: a P-position.
//! let p: Position = "treblecross 6".parse()?;
//! assert_eq!(p.outcome(Play::Normal)?, Outcome::P);
//! assert_eq!(p.grundy_value()?, "octal:0.007 8".parse::<Position>()?.grundy_value()?);
//! // Two crosses two apart: the X between them wins.
//! let q: Position = "treblecross ..X.X..".parse()?;
//! assert_eq!(q.outcome(Play::Normal)?, Outcome::N);
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use super::rules::{Pick, PickNames, Rules, Visit};
use super::{ArgumentError, MoveKind, Ruleset};
use crate::error::ParseErrorKind;
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Outcome, Place, Play};

mod strip;
pub use strip::Strip;

/// The basis of a strip's value: the runs of safe squares as heaps of
/// octal 0.007.
pub const TREBLECROSS: Basis = Basis::Rule {
    word: "treblecross",
    name: "Treblecross is octal 0.007 on the safe squares (Winning Ways, ch. 4): a run of s \
           squares with no X within two of them is the heap s + 2",
};

/// The basis of a position where two crosses stand at most two apart.
pub const TREBLECROSS_WIN: Basis = Basis::Rule {
    word: "treblecross",
    name: "two X at most two squares apart: the player to move makes three in a row at once",
};

/// The basis of a position that holds three in a row (after a move).
pub const TREBLECROSS_OVER: Basis = Basis::Rule {
    word: "treblecross",
    name: "three X in a row stand: the game is over, won by the player who made them",
};

/// The longest strip: its heap `n + 2` of 0.007 must fit in 64 bits.
pub const MAX_SQUARES: u64 = u64::MAX - 2;

/// Strips longer than this are written `N:A,B,...` rather than square by
/// square (the most squares the page draws).
pub const MAX_SPELLED: u64 = 40;

/// The position of a `treblecross` component: its strips, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strips(pub Vec<Strip>);

crate::typed_position!(Strips, {
    fn argument_count(&self) -> usize {
        self.0.len()
    }
    fn size(&self) -> usize {
        self.0.iter().map(|s| s.crosses.len() + 1).sum()
    }
});

/// Where a position stands before its value: three in a row already, a
/// pair the player to move completes, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Over,
    Pair,
    Quiet,
}

fn state(strips: &Strips) -> State {
    if strips.0.iter().any(|s| s.three_in_a_row().is_some()) {
        State::Over
    } else if strips.0.iter().any(|s| !s.completions().is_empty()) {
        State::Pair
    } else {
        State::Quiet
    }
}

fn put(part: usize, square: u64) -> Action {
    Action::Pick {
        part,
        at: square,
        and: None,
    }
}

/// Treblecross as a ruleset, valued through the nim-sequence of octal
/// 0.007 (kept with the ruleset, shared by its clones).
#[derive(Debug)]
pub struct Treblecross {
    octal: Ruleset,
}

impl Treblecross {
    /// Treblecross, with its own table of 0.007.
    pub fn new() -> Treblecross {
        Treblecross {
            octal: Ruleset::parse("octal:0.007").unwrap_or_else(|_| Ruleset::nim()),
        }
    }

    /// G(heap) of octal 0.007; heaps 0 to 2 are 0.
    fn g(&self, heap: u64, limits: &Limits) -> Result<u64, Error> {
        if heap < 3 {
            return Ok(0);
        }
        self.octal.heap_value(heap, limits)
    }

    /// The value of a position without a pair: the nim-sum of `G(s + 2)`
    /// over its runs of safe squares.
    fn quiet_value(&self, strips: &Strips, limits: &Limits) -> Result<u64, Error> {
        let mut v = 0;
        for strip in &strips.0 {
            for (_, s) in strip.safe_runs() {
                v ^= self.g(s + 2, limits)?;
            }
        }
        Ok(v)
    }

    fn not_valued(strips: &Strips, state: State) -> Error {
        let written: Vec<String> = strips.0.iter().map(ToString::to_string).collect();
        let what = match state {
            State::Over => "holds three X in a row: the game is over",
            _ => {
                "has two X at most two squares apart: the player to move makes three in a row at \
                 once, which ends the whole game"
            }
        };
        Error::Unsupported(format!(
            "treblecross {} {what}, so it has no Grundy value to add to other games (analyze it \
             alone)",
            written.join(" ")
        ))
    }
}

impl Default for Treblecross {
    fn default() -> Treblecross {
        Treblecross::new()
    }
}

impl Rules for Treblecross {
    type Position = Strips;

    fn canonical(&self) -> String {
        "treblecross".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<Strips, (usize, ArgumentError)> {
        let mut strips = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            strips.push(Strip::parse(w).map_err(|e| (i, ArgumentError::BadShape(e.into())))?);
        }
        Ok(Strips(strips))
    }

    fn write_argument(&self, args: &Strips, index: usize, f: &mut dyn fmt::Write) -> fmt::Result {
        match args.0.get(index) {
            Some(strip) => write!(f, "{strip}"),
            None => Ok(()),
        }
    }

    /// The strips are not games of their own: three in a row on one ends
    /// the game on all.
    fn split(&self, _: &Strips) -> Option<Vec<Strips>> {
        None
    }

    fn valued(&self, args: &Strips, limits: &Limits) -> Result<(u64, Basis), Error> {
        match state(args) {
            State::Quiet => Ok((self.quiet_value(args, limits)?, TREBLECROSS)),
            other => Err(Self::not_valued(args, other)),
        }
    }

    fn closed_value(&self, _: &Strips) -> Option<u64> {
        None
    }

    /// A pair: the player to move wins by completing it; three in a row:
    /// the game is over (normal play).
    fn lone_outcome(&self, args: &Strips, play: Play) -> Option<(Outcome, Basis)> {
        if play == Play::Misere {
            return None;
        }
        match state(args) {
            State::Over => Some((Outcome::P, TREBLECROSS_OVER)),
            State::Pair => Some((Outcome::N, TREBLECROSS_WIN)),
            State::Quiet => None,
        }
    }

    /// The squares that make three in a row, strip by strip.
    fn lone_winning_moves(
        &self,
        args: &Strips,
        play: Play,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        match (play, state(args)) {
            (Play::Normal, State::Pair) => {
                for (part, strip) in args.0.iter().enumerate() {
                    for square in strip.completions() {
                        if f(put(part, square)).is_break() {
                            return Ok(ControlFlow::Break(()));
                        }
                    }
                }
                Ok(ControlFlow::Continue(()))
            }
            (Play::Normal, State::Over) => Ok(ControlFlow::Continue(())),
            _ => {
                let v = self.quiet_value(args, limits)?;
                self.moves_to(args, v, 0, limits, f)
            }
        }
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &Strips, _: &Limits) -> Result<bool, Error> {
        Ok(
            state(args) != State::Over
                && args.0.iter().any(|s| s.crosses.len() as u64 != s.squares),
        )
    }

    /// Every empty square of every strip (none once three in a row stand).
    fn moves(&self, args: &Strips, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        if state(args) == State::Over {
            return Ok(());
        }
        let total = args.0.iter().fold(0u64, |t, s| {
            t.saturating_add(s.squares - s.crosses.len() as u64)
        });
        super::reserve(out, total, limits)?;
        for (part, strip) in args.0.iter().enumerate() {
            out.extend(
                (1..=strip.squares)
                    .filter(|&q| strip.crosses.binary_search(&q).is_err())
                    .map(|q| put(part, q)),
            );
        }
        Ok(())
    }

    /// The crosses on safe squares that make the value `target`: in a run
    /// of `s` safe squares the j-th leaves `G(j - 1) ⊕ G(s - j)`. O(squares)
    /// lookups. A position with a pair has no value and no such moves.
    fn moves_to(
        &self,
        args: &Strips,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        if state(args) != State::Quiet {
            return Ok(ControlFlow::Continue(()));
        }
        for (part, strip) in args.0.iter().enumerate() {
            for (first, s) in strip.safe_runs() {
                let want = self.g(s + 2, limits)? ^ value ^ target;
                for j in 1..=s {
                    if self.g(j - 1, limits)? ^ self.g(s - j, limits)? == want
                        && f(put(part, first + j - 1)).is_break()
                    {
                        return Ok(ControlFlow::Break(()));
                    }
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn random_move(
        &self,
        args: &Strips,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        if state(args) == State::Over {
            return Ok(None);
        }
        let open: Vec<usize> = (0..args.0.len())
            .filter(|&i| args.0[i].crosses.len() as u64 != args.0[i].squares)
            .collect();
        if open.is_empty() {
            return Ok(None);
        }
        let part = open[pick(open.len() as u64) as usize];
        let strip = &args.0[part];
        // The nth empty square: n plus the crosses at or before it.
        let mut square = pick(strip.squares - strip.crosses.len() as u64) + 1;
        for &c in &strip.crosses {
            if c <= square {
                square += 1;
            }
        }
        Ok(Some(put(part, square)))
    }

    fn check(&self, word: &str, args: &Strips, action: &Action) -> Result<(), IllegalMoveKind> {
        let forbidden = |rule| IllegalMoveKind::Forbidden {
            ruleset: word.into(),
            rule,
        };
        let Action::Pick {
            part,
            at,
            and: None,
        } = *action
        else {
            return Err(forbidden(
                "a move puts an X on one empty square, named by its number (from 1)",
            ));
        };
        let Some(strip) = args.0.get(part) else {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Part,
                index: part,
                count: args.0.len(),
            });
        };
        if state(args) == State::Over {
            return Err(forbidden(
                "three X in a row stand: the game is over, no move is left",
            ));
        }
        if at == 0 || at > strip.squares {
            Err(forbidden(
                "there is no such square: the squares of a strip are numbered from 1 to its \
                 length",
            ))
        } else if !strip.is_empty_square(at) {
            Err(forbidden(
                "an X goes on an empty square: that one holds an X",
            ))
        } else {
            Ok(())
        }
    }

    fn apply(&self, args: &mut Strips, action: &Action) {
        if let Action::Pick { part, at, .. } = *action {
            if let Some(strip) = args.0.get_mut(part) {
                *strip = strip.with_cross(at);
            }
        }
    }

    /// The strips in order (a strip's mirror image plays the same, but is
    /// kept as written).
    fn canonicalize(&self, args: &mut Strips) {
        args.0
            .sort_unstable_by(|a, b| (a.squares, &a.crosses).cmp(&(b.squares, &b.crosses)));
    }

    fn write_move(
        &self,
        word: &str,
        args: &Strips,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let (
            Action::Pick {
                part,
                at,
                and: None,
            },
            Some(strip),
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
        let after = strip.with_cross(*at);
        let one = args.0.len() == 1;
        let n = part + 1;
        match form {
            MoveForm::Listed if one => write!(f, "{word} {at} (-> {after})"),
            MoveForm::Listed => write!(f, "{word} strip {n}: {at} (-> {after})"),
            MoveForm::Short if one => write!(f, "{at}"),
            MoveForm::Short => write!(f, "{n} {at}"),
            _ => {
                write!(f, "put X on square {at}")?;
                if !one {
                    write!(f, " of strip {n}")?;
                }
                write!(f, " ({strip} -> {after}")?;
                if after.three_in_a_row().is_some() {
                    f.write_str(", three in a row")?;
                }
                f.write_str(")")
            }
        }
    }

    fn named_move(&self, args: &Strips, place: usize, name: &str) -> Option<Action> {
        args.0.get(place)?;
        let square = name.strip_prefix(['X', 'x']).unwrap_or(name).parse().ok()?;
        Some(put(place, square))
    }

    /// The cross that turns `before` into `after`: one strip gains one X.
    fn actions_between(&self, before: &Strips, after: &Strips) -> Vec<Action> {
        if before.0.len() != after.0.len() {
            return Vec::new();
        }
        let changed: Vec<usize> = (0..before.0.len())
            .filter(|&i| before.0[i] != after.0[i])
            .collect();
        let [i] = changed[..] else {
            return Vec::new();
        };
        let (b, a) = (&before.0[i], &after.0[i]);
        let added: Vec<u64> = a
            .crosses
            .iter()
            .copied()
            .filter(|c| b.crosses.binary_search(c).is_err())
            .collect();
        match added[..] {
            [square] if a.squares == b.squares && a.crosses.len() == b.crosses.len() + 1 => {
                vec![put(i, square)]
            }
            _ => Vec::new(),
        }
    }

    fn pick_names(&self, _: &Strips, action: &Action) -> Option<PickNames> {
        match *action {
            Action::Pick { part, at, .. } => Some(PickNames::Taken {
                part,
                names: vec![at.to_string()],
            }),
            _ => None,
        }
    }

    /// Each strip's runs of safe squares and the heaps of 0.007 they are.
    fn value_steps(&self, args: &Strips) -> Vec<String> {
        let limits = Limits::default();
        args.0
            .iter()
            .map(|strip| {
                let runs = strip.safe_runs();
                if !strip.completions().is_empty() {
                    return format!(
                        "{strip}: two X at most two apart; an X on square {} makes three in a \
                         row",
                        strip.completions()[0]
                    );
                }
                if runs.is_empty() {
                    return format!(
                        "{strip}: no safe square (every empty square is within two of an X)"
                    );
                }
                let parts: Vec<String> = runs
                    .iter()
                    .map(|&(first, s)| {
                        let g = self
                            .g(s + 2, &limits)
                            .map_or_else(|_| "?".to_string(), |g| g.to_string());
                        let squares = if s == 1 {
                            format!("square {first}")
                        } else {
                            format!("squares {first}-{}", first + s - 1)
                        };
                        format!("{squares} -> heap {} (G = {g})", s + 2)
                    })
                    .collect();
                format!("{strip}: safe {}", parts.join(", "))
            })
            .collect()
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A {word} strip is octal 0.007 on its safe squares (Winning Ways, ch. 4): an X within \
             two squares of another gives the opponent three in a row, so nobody plays there; a \
             run of s squares with no X within two of them is the heap s + 2 of 0.007 (an empty \
             strip of n squares is the heap n + 2), and the strips are worth the nim-sum of \
             those heaps' values."
        )
    }

    fn move_summary(&self) -> Option<String> {
        Some(
            "put an X on an empty square, named by its number from 1 (`4`, or `2 4` in strip 2)"
                .into(),
        )
    }
}

/// Parses `treblecross` (no parameter).
pub(crate) fn parse(
    _: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    super::no_parameter(
        param,
        "treblecross takes no parameter: write each strip, e.g. treblecross ..X.....",
    )?;
    Ok(Box::new(Treblecross::new()))
}
