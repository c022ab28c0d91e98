//! Moves of Green Hackenbush: which edge of which picture is cut.
//!
//! | text | meaning |
//! |---|---|
//! | `1 3`, `picture 1 edge 3`, `picture 1: cut edge 3` | cut edge 3 of picture 1 (the 3rd `e` of its string notation) |
//! | `1 2-5`, `picture 1 cut 2-5` | cut the edge between vertices 2 and 5 of an edge-list picture |
//! | `cut 3`, `edge 3`, `3` | in a component of one picture |
//!
//! The listed form `hackenbush picture 1: cut edge 3` reads back too, with
//! or without the ruleset word.

use super::{illegal, MoveError};
use crate::{IllegalMoveKind, Move, Place, Position};

/// Reads a cut in component `index` of `position` from `words` (the text
/// after the component, split at spaces).
pub(super) fn read(position: &Position, index: usize, words: &[&str]) -> Result<Move, MoveError> {
    let component = &position.components()[index];
    let rules = component.ruleset().rules();
    // Numbers and edge names, with the filler words dropped.
    let filler = ["picture", "p", ":", "cut", "edge", "e"];
    let items = super::move_words(component, words, &filler);
    let count = component.argument_count();
    let (picture, edge) = match items.as_slice() {
        [edge] if count == 1 => (0, *edge),
        [p, edge] => {
            let n = p.parse::<u64>().map_err(|_| expected())?;
            if n == 0 || n > count as u64 {
                return illegal(IllegalMoveKind::NoSuchNumbered {
                    place: Place::Picture,
                    number: n,
                    count,
                    within: component.to_string(),
                });
            }
            (n as usize - 1, *edge)
        }
        _ => return Err(expected()),
    };
    let Some(action) = rules.named_move(component.args(), picture, edge) else {
        let mut text = String::new();
        let _ = rules.write_argument(component.args(), picture, &mut text);
        return Err(MoveError::Syntax(format!(
            "picture {} ({text}) has no edge {edge}: name an edge by its number (the k-th e, \
             from 1) or, in an edge list, as u-v",
            picture + 1
        )));
    };
    super::checked(position, index, action)
}

fn expected() -> MoveError {
    MoveError::Syntax(
        "a cut is `1 3` (edge 3 of picture 1), `1 2-5` (the edge 2-5 of an edge-list \
         picture), or `cut 3` in a component of one picture"
            .into(),
    )
}
