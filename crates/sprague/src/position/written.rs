//! A move written for the position it is played in ([`Move::display`],
//! [`MoveText`]): moves are vocabulary, and a position writes them.

use std::fmt;

use crate::{Move, MoveForm, Position};

impl Move {
    /// The move as `analyze` prints it, played in `position` (the position
    /// it was listed for or parsed in): `nim heap 1: 3 -> 1`, prefixed by
    /// `component 2: ` when `position` has several components.
    ///
    /// A move that does not belong to `position` (its component is
    /// missing) is written with the component's number only.
    pub fn display<'a>(&'a self, position: &'a Position) -> MoveText<'a> {
        MoveText {
            mv: self,
            position,
            form: MoveForm::Listed,
        }
    }
}

/// A move written in one of its [`MoveForm`]s, for the position it is
/// played in; made by [`Move::display`],
/// [`movetext::write`](crate::movetext::write) and
/// [`movetext::describe`](crate::movetext::describe).
#[derive(Clone, Copy, Debug)]
pub struct MoveText<'a> {
    pub(crate) mv: &'a Move,
    pub(crate) position: &'a Position,
    pub(crate) form: MoveForm,
}

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let components = self.position.components();
        let in_sum = components.len() > 1;
        let number = self.mv.component + 1;
        let Some(c) = components.get(self.mv.component) else {
            return write!(f, "component {number}: (no such component)");
        };
        match (self.form, in_sum) {
            (MoveForm::Listed, true) => write!(f, "component {number}: ")?,
            (MoveForm::Short, true) => write!(f, "c{number} ")?,
            (MoveForm::Words, true) => write!(f, "in c{number} ({}): ", c.ruleset())?,
            _ => {}
        }
        c.ruleset()
            .rules()
            .write_move(c.ruleset().word(), c.args(), &self.mv.action, self.form, f)
    }
}
