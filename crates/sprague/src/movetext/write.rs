//! Moves written back for people: the short form that [`parse`](fn@super::parse)
//! reads back ([`write`](fn@write)), and a move in words ([`describe`]).

use crate::{Move, MoveForm, MoveText, Position};

/// The canonical short text of a move, which [`parse`](fn@super::parse) reads
/// back to the same move in `position`, the position it is played in:
/// `2 3` (take 3 from heap 2), `2 -> 3 5` (a split), `1:3 2:5` (Moore),
/// `2 3` (carry 3 coins from step 2), prefixed by `c2 ` in a sum.
///
/// ```
/// use sprague::{movetext, Play, Position};
/// let p: Position = "nim 3 + sub:1,3,4 5".parse()?;
/// let moves = p.winning_moves(Play::Normal)?;
/// let texts: Vec<String> = moves.iter().map(|mv| movetext::write(&p, mv)).collect();
/// assert!(texts.iter().all(|t| t.starts_with('c')));
/// for (mv, text) in moves.iter().zip(&texts) {
///     assert_eq!(&movetext::parse(&p, text)?, mv);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(position: &Position, mv: &Move) -> String {
    text(position, mv, MoveForm::Short).to_string()
}

/// A move in words, for people: `take 2 from heap 1 (3 -> 1)`,
/// `take 2 from heap 1 (10 -> 3 and 5)`, `split heap 1 (7 -> 2 and 5)`,
/// `carry 2 coins from step 2 (3 -> 1) to step 1`; in a sum prefixed by the
/// component, `in c2 (sub:1,3,4): ...`. `position` is the position the
/// move is played in.
pub fn describe(position: &Position, mv: &Move) -> String {
    text(position, mv, MoveForm::Words).to_string()
}

/// `mv` in `position`, written in `form`.
pub fn text<'a>(position: &'a Position, mv: &'a Move, form: MoveForm) -> MoveText<'a> {
    MoveText { mv, position, form }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movetext::parse;
    use crate::Position;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn writing_and_describing() {
        let p = pos("nim 3 4 + moore:2 3 4 + staircase 0 2");
        let mv = parse(&p, "c2 1:1 2:2").unwrap();
        assert_eq!(write(&p, &mv), "c2 1:1 2:2");
        assert_eq!(
            describe(&p, &mv),
            "in c2 (moore:2): take 1 from heap 1 (3 -> 2) and 2 from heap 2 (4 -> 2)"
        );
        let mv = parse(&p, "c3 2 1").unwrap();
        assert_eq!(write(&p, &mv), "c3 2 1");
        assert_eq!(
            describe(&p, &mv),
            "in c3 (staircase): carry 1 coin from step 2 (2 -> 1) to step 1"
        );
        let mv = parse(&p, "c1 2 -> 0").unwrap();
        assert_eq!(write(&p, &mv), "c1 2 4");
        assert_eq!(
            describe(&p, &mv),
            "in c1 (nim): take 4 from heap 2 (4 -> 0)"
        );
    }
}
