//! Moves of games on graphs and boards (Node Kayles, Arc Kayles, Cram,
//! Chomp, Geography): what the move takes, named as the ruleset names it.
//!
//! | text | meaning |
//! |---|---|
//! | `5` | vertex 5 (Node Kayles), the token to vertex 5 (Geography) |
//! | `3-7` | the edge 3-7 (Arc Kayles) |
//! | `1.2-1.3`, `1.2` | the domino on cells 1.2 and 1.3 (Cram); cell 1.2 (Chomp) |
//! | `2 5`, `part 2: 5` | the same in the second graph or board of the component |
//!
//! The listed form (`nodekayles part 1: take 5`) reads back too, with or
//! without the ruleset word; filler words (`take`, `vertex`, `edge`,
//! `cell`, `domino`, `to`) are skipped.

use super::MoveError;
use crate::{IllegalMoveKind, Move, Place, Position};

/// Whether the word after a ruleset word writes a graph or a board (so
/// the text is a position, not a move): it holds `:`, `~`, `/` or `,`, or
/// it is a size `RxC`.
pub(super) fn is_position_word(word: &str) -> bool {
    if word.contains([':', '~', '/', ',', '@']) {
        return true;
    }
    let lower = word.to_ascii_lowercase();
    matches!(lower.split_once('x'), Some((r, c)) if !r.is_empty() && !c.is_empty()
        && r.bytes().all(|b| b.is_ascii_digit()) && c.bytes().all(|b| b.is_ascii_digit()))
}

/// Reads a move in component `index` of `position` from `words` (the text
/// after the component, split at spaces).
pub(super) fn read(position: &Position, index: usize, words: &[&str]) -> Result<Move, MoveError> {
    let component = &position.components()[index];
    let rules = component.ruleset().rules();
    let filler = [
        "part", ":", "take", "takes", "vertex", "edge", "cell", "domino", "to", "move", "token",
        "place", "chomp", "at", "turn", "coins", "strip",
    ];
    let items = super::move_words(component, words, &filler);
    let count = component.argument_count();
    let (part, name) = match items.as_slice() {
        [name] if count == 1 => (0, *name),
        [p, name] => {
            let n = p.parse::<u64>().map_err(|_| expected(count))?;
            if n == 0 || n > count as u64 {
                return Err(MoveError::Illegal(
                    IllegalMoveKind::NoSuchNumbered {
                        place: Place::Part,
                        number: n,
                        count,
                        within: component.to_string(),
                    }
                    .into(),
                ));
            }
            (n as usize - 1, *name)
        }
        _ => return Err(expected(count)),
    };
    let Some(action) = rules.named_move(component.args(), part, name) else {
        let mut text = String::new();
        let _ = rules.write_argument(component.args(), part, &mut text);
        let what = rules
            .move_summary()
            .unwrap_or_else(|| "a vertex, an edge or a cell".into());
        return Err(MoveError::Syntax(format!(
            "`{name}` names no move in {text} (a move here: {what})"
        )));
    };
    super::checked(position, index, action)
}

fn expected(count: usize) -> MoveError {
    let part = if count == 1 {
        "in a component of one graph, board or row, just the name"
    } else {
        "begin with the number of the graph, board or row, `2 5`"
    };
    MoveError::Syntax(format!(
        "a move names what it takes: a vertex `5`, an edge or a domino `3-7` or `1.2-1.3`, a \
         cell `1.2` ({part})"
    ))
}
