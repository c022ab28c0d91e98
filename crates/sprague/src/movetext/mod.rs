//! Move text: reading a move typed by a person, relative to the position it
//! is played in, and writing moves back in the same short form (as chess
//! programs do with SAN).
//!
//! The syntax depends on the kind of move a ruleset has
//! ([`MoveKind`]), never on its name, so every ruleset of a kind reads the
//! same way. Heaps and steps are numbered from 1, left to right, in the
//! position as it is now (after a heap splits, the heaps to its right move
//! up). Words are case-insensitive; `=` and `→` mean the same as `->`.
//!
//! **Heap games** ([`MoveKind::Heap`]: Nim, subtraction games, take-and-break
//! games):
//!
//! | text | meaning |
//! |---|---|
//! | `2 3`, `2:3`, `heap 2 take 3`, `take 3 from heap 2` | take 3 from heap 2; the rest stays one heap |
//! | `2 -> 1`, `2 = 1`, `heap 2 leave 1` | leave 1 token in heap 2 (`2 -> 0`: leave nothing) |
//! | `2 -> 3 5`, `heap 2 leave 5 3` | leave heaps of 3 and 5 in place of heap 2 (any order) |
//! | `heap 2 take 2 leave 3 5`, `2 take 2 leave 3 5` | all three said: which heap, how many taken, the sizes left (must add up) |
//! | `heap 2: 10 -> 3, 5` | as `analyze` prints it: heap 2, which has 10 tokens, becomes 3 and 5 |
//!
//! **Moore's Nim_k** ([`MoveKind::Heaps`]): one item per heap, `1:3 2:5`
//! (take 3 from heap 1 and 5 from heap 2), `1->0 2->1` (what is left), or
//! `2 3` for one heap; also `heaps 1, 2: 3 -> 0, 5 -> 1` as `analyze`
//! prints it.
//!
//! **Staircase Nim** ([`MoveKind::Stair`]): `2 3`, `step 2 take 3`,
//! `carry 3 from step 2` (carry 3 coins from step 2 down to step 1; from
//! step 1 they leave the game), `2 -> 1` (leave 1 coin on step 2), and
//! `step 2: 4 -> 1` as `analyze` prints it.
//!
//! **Sums**: in a position of several components the move starts with the
//! component, `c2 1 3` or `component 2: 1 3` (components numbered from 1).
//!
//! **The universal form**: any move may be typed as the whole position it
//! leads to, in the notation of positions (`nim 1 4 5`); the heaps a split
//! leaves may be typed in any order. So may the heaps and the components
//! of the whole position, and a heap taken to nothing may be left out:
//! what is typed is then compared with each move's result by their
//! canonical forms (`kayles 1 5 3` in `kayles 5 1 5`).
//!
//! A trailing note in parentheses, as `analyze` prints after some moves,
//! is ignored.
//!
//! ```
//! use sprague::{movetext, Position};
//! let p: Position = "nim 3 4 5".parse()?;
//! let mv = movetext::parse(&p, "1 2")?;
//! assert_eq!(mv.display(&p).to_string(), "nim heap 1: 3 -> 1");
//! assert_eq!(movetext::parse(&p, "heap 1 -> 1")?, mv);
//! assert_eq!(movetext::parse(&p, "nim 1 4 5")?, mv);
//! assert_eq!(movetext::write(&p, &mv), "1 2");
//! assert_eq!(movetext::describe(&p, &mv), "take 2 from heap 1 (3 -> 1)");
//! let err = movetext::parse(&p, "1 4").unwrap_err();
//! assert_eq!(err.to_string(), "illegal move: heap 1 has only 3 tokens: you cannot take 4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`MoveKind`]: crate::MoveKind
//! [`MoveKind::Heap`]: crate::MoveKind::Heap
//! [`MoveKind::Heaps`]: crate::MoveKind::Heaps
//! [`MoveKind::Stair`]: crate::MoveKind::Stair

mod build;
mod cut;
mod help;
mod lex;
mod parse;
mod pick;
mod token;
mod universal;
mod write;

use std::fmt;

use crate::{IllegalMove, IllegalMoveKind, Move, MoveKind, ParseError, Position, Ruleset};

pub use crate::ruleset::write_action;
pub use help::help;
pub use write::{describe, text, write};

/// Why a text is not a move in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// Nothing was typed.
    Empty,
    /// The text is not a move in any of the syntaxes; the message says what
    /// was expected, and where.
    Syntax(String),
    /// The text starts like a whole position (the universal form) but is not
    /// one.
    Position(ParseError),
    /// A well-formed move that does not fit the position (no such heap, too
    /// few tokens) or that the rules forbid: why, typed.
    Illegal(IllegalMove),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty => f.write_str("no move given"),
            MoveError::Syntax(why) => write!(f, "not a move: {why}"),
            MoveError::Position(e) => write!(f, "not a position: {e}"),
            MoveError::Illegal(why) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Reads the move `text` in `position`: one of the syntaxes of the module
/// documentation, or the whole position the move leads to.
///
/// The move returned is legal in `position` (checked by
/// [`Position::play`]) and equal to the one [`Position::moves`] lists.
/// Reading never lists all moves, so it costs the same for heaps of any
/// size, except for a whole position typed in another order than the
/// move leaves it: then the moves of the one component that differs are
/// listed (up to 100,000 of them) and compared by canonical form.
///
/// # Errors
/// [`MoveError`] saying why the text is not a legal move here: not a move
/// at all (with what was expected), a position that does not parse, or a
/// move that does not fit or that the rules forbid (with the reason, and
/// for a heap with few options, its legal moves).
pub fn parse(position: &Position, text: &str) -> Result<Move, MoveError> {
    if text.trim().is_empty() {
        return Err(MoveError::Empty);
    }
    if looks_like_position(position, text) {
        return universal::parse_position_form(position, text);
    }
    if let Some((index, kind, words)) = own_syntax_move(position, text) {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let read = match kind {
            MoveKind::Cut => cut::read(position, index, &words),
            MoveKind::Listed => read_listed(position, index, &words),
            MoveKind::Pick => pick::read(position, index, &words),
            _ => token::read(position, index, &words),
        };
        // A board written square by square (`treblecross ..X..`,
        // `pieces 2 7 9`) names no move: it may be the position a move
        // leads to.
        if kind == MoveKind::Pick && read.is_err() {
            if let Ok(mv) = universal::parse_position_form(position, text) {
                return Ok(mv);
            }
        }
        return read;
    }
    let tokens = lex::lex(text)?;
    parse::read(position, tokens)
}

/// Whether `text` is written as a position: it starts with a ruleset word
/// (a known one, or the word of a component of `position`) that is not
/// followed by `heap`, `heaps`, `step` or `token` (which would make it a
/// move as `analyze` prints it, `nim heap 1: 3 -> 1`).
fn looks_like_position(position: &Position, text: &str) -> bool {
    let mut words = text.split(|c: char| c.is_whitespace() || c == '+');
    let first = words.by_ref().find(|w| !w.is_empty()).unwrap_or("");
    let in_position = position
        .components()
        .iter()
        .find(|c| c.ruleset().word() == first);
    if in_position.is_none() && Ruleset::parse(first).is_err() {
        return false;
    }
    let raw = words.find(|w| !w.is_empty()).unwrap_or("");
    let second = raw.split(':').next().unwrap_or("").to_ascii_lowercase();
    match in_position.map(|c| c.ruleset().move_kind()) {
        // Node names may be any word: only `token` starts a move.
        Some(MoveKind::Token) => return second != "token",
        Some(MoveKind::Cut) => return second != "picture",
        // A graph or a board is written with `:`, `~`, `/`, `,` or as a
        // size `RxC`; a move names a vertex `5`, an edge or a domino
        // `3-7`, a cell `1.2`; and a move is never a sum.
        Some(MoveKind::Pick) => return pick::is_position_word(raw) || text.contains('+'),
        _ => {}
    }
    !matches!(
        second.as_str(),
        "heap" | "heaps" | "step" | "h" | "s" | "token" | "t"
    )
}

/// When `text` is a move in a component of a token game or of Hackenbush
/// (after an optional `c2`/`component 2` prefix, or in a position of one
/// component): that component, its kind of move, and the words of the
/// move, with `->` and `→` made words of their own, and a `:` ending a word
/// (node names hold no `:`). Ruleset words are kept whole.
fn own_syntax_move(position: &Position, text: &str) -> Option<(usize, MoveKind, Vec<String>)> {
    let mut split: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        if position
            .components()
            .iter()
            .any(|c| c.ruleset().word() == word)
        {
            split.push(word.into());
            continue;
        }
        let spaced = word.replace("->", " -> ").replace('→', " → ");
        for w in spaced.split_whitespace() {
            match w.strip_suffix(':') {
                Some(head) if !head.is_empty() => split.extend([head.into(), ":".into()]),
                _ => split.push(w.into()),
            }
        }
    }
    let words: Vec<&str> = split.iter().map(String::as_str).collect();
    let lower = |i: usize| words.get(i).map(|w| w.to_ascii_lowercase());
    let (index, rest) = match lower(0).as_deref() {
        // `c` alone may be a vertex's name (`nodekayles a-b,b-c`).
        Some("c" | "component") if words.get(1).is_some_and(|w| w.parse::<usize>().is_ok()) => {
            (words.get(1)?.parse::<usize>().ok()?.checked_sub(1)?, 2)
        }
        Some(w) if w.starts_with('c') && w[1..].parse::<usize>().is_ok() => {
            (w[1..].parse::<usize>().ok()?.checked_sub(1)?, 1)
        }
        _ if position.components().len() == 1 => (0, 0),
        _ => return None,
    };
    let kind = position.components().get(index)?.ruleset().move_kind();
    if !matches!(
        kind,
        MoveKind::Token | MoveKind::Cut | MoveKind::Listed | MoveKind::Pick
    ) {
        return None;
    }
    let rest = if words.get(rest) == Some(&":") && rest > 0 {
        rest + 1
    } else {
        rest
    };
    Some((
        index,
        kind,
        words[rest..].iter().map(|w| w.to_string()).collect(),
    ))
}

/// A move of a game given in code, by its number in the game's list:
/// `3`, `move 3` (the listed form `WORD move 3` reads back too).
fn read_listed(position: &Position, index: usize, words: &[&str]) -> Result<Move, MoveError> {
    let word = position.components()[index].ruleset().word();
    let number = match words {
        [w, m, n] if *w == word && m.eq_ignore_ascii_case("move") => n,
        [m, n] if m.eq_ignore_ascii_case("move") => n,
        [n] => n,
        _ => "",
    };
    let Some(number) = number.parse::<usize>().ok().filter(|&n| n > 0) else {
        return Err(MoveError::Syntax(
            "a move of a game given in code is its number in the game's list of moves:              `3` or `move 3`"
                .into(),
        ));
    };
    checked(position, index, crate::Action::Listed { index: number - 1 })
}

/// The move `action` in component `index` of `position`, checked legal
/// there (the rules' reason when it is not).
fn checked(position: &Position, index: usize, action: crate::Action) -> Result<Move, MoveError> {
    let mv = position.make_move(index, action);
    position.play(&mv).map_err(|e| match e {
        crate::Error::IllegalMove(e) => MoveError::Illegal(e),
        other => MoveError::Syntax(other.to_string()),
    })?;
    Ok(mv)
}

fn illegal<T>(kind: IllegalMoveKind) -> Result<T, MoveError> {
    Err(MoveError::Illegal(kind.into()))
}

/// The words of a move in `component` that say something: `words` without
/// the ruleset word in front, a note in parentheses at the end, or the
/// `filler` words (compared in lower case).
fn move_words<'a>(
    component: &crate::Component,
    mut words: &[&'a str],
    filler: &[&str],
) -> Vec<&'a str> {
    if words.first() == Some(&component.ruleset().word()) {
        words = &words[1..];
    }
    if let Some(at) = words.iter().position(|w| w.starts_with('(')) {
        words = &words[..at];
    }
    words
        .iter()
        .filter(|w| !filler.contains(&w.to_ascii_lowercase().as_str()))
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn refusals_say_why() {
        let cases = [
            (
                "nim 3 4 5",
                "1 4",
                "heap 1 has only 3 tokens: you cannot take 4",
            ),
            (
                "nim 3 4 5",
                "4 1",
                "there is no heap 4: nim 3 4 5 has heaps 1 to 3",
            ),
            (
                "nim 3 4 5",
                "1 0",
                "taking 0 from heap 1 leaves it as it is",
            ),
            ("nim 3 4 5", "1 -> 3", "that leaves heap 1 as it is"),
            ("wythoff 3 5", "1 3 0", "there is no heap 0"),
            (
                "nim 3 4 5",
                "1 -> 4",
                "heap 1 has only 3 tokens: it cannot leave 4",
            ),
            (
                "nim 0 4 5",
                "1 1",
                "illegal move: heap 1 is empty: there is nothing to take from it",
            ),
            ("nim 0 4 5", "1 -> 1", "heap 1 is empty: it cannot leave 1"),
            (
                "staircase 0 2",
                "1 1",
                "step 1 is empty: there is nothing to take from it",
            ),
            ("nim 3 4 5", "heap 1: 4 -> 1", "heap 1 has 3 tokens, not 4"),
            ("nim 3 4 5", "1 -> 1 1", "nim does not allow"),
            ("nim 3 4 5", "1 take 1 leave 1", "does not add up to 3"),
            ("nim 3 4 5", "1", "expected how many to take"),
            (
                "nim 3 4 5",
                "x",
                "expected a heap number, as in `2 3` (take 3 from heap 2), found `x`",
            ),
            (
                "nim 3 4 5",
                "1 2 3",
                "unexpected `3` at column 5 after the move",
            ),
            ("nim 3 4 5", "1 -2", "negative number at column 3"),
            ("nim 3 4 5", "1 99999999999999999999", "too large"),
            ("nim 3 4 5", "1 2 ?", "unexpected '?' at column 5"),
            ("nim 3 4 5", "step 1 take 2", "nim has heaps, not steps"),
            ("nim 3 4 5", "nim 1 4", "never removes a heap"),
            (
                "nim 3 4 5",
                "nim 1 4 4",
                "no move leads from nim 3 4 5 to nim 1 4 4",
            ),
            ("nim 3 4 5", "nim 3 4 5", "is the position as it is"),
            ("nim 3 4 5", "nim 4 4 5", "no move leads"),
            (
                "nim 3 4 5",
                "sub:1,2 1 4 5",
                "component 1 is nim, not sub:1,2",
            ),
            ("nim 3 4 5", "nim 1 x", "not a position: word 3"),
            (
                "sub:1,3,4 5 6",
                "1 2",
                "the moves of heap 1 are `1 1`, `1 3`, `1 4`",
            ),
            ("sub:3 2", "1 1", "heap 1 has no move"),
            (
                "nim 3 + nim 4",
                "1 1",
                "sum of 2 components: begin the move with the component",
            ),
            ("nim 3 + nim 4", "c3 1 1", "there is no component 3"),
            (
                "nim 3 + nim 4",
                "nim 2 + nim 2",
                "components 1, 2 all change",
            ),
            ("nim 3 + nim 4", "1 1 + 1", "'+' at column 5"),
            ("nim 3 + nim 4", "c2 1 1 (note", "not closed"),
            (
                "moore:2 3 4 5",
                "1:1 2:1 3:1",
                "at most 2 heaps at once, not 3",
            ),
            ("moore:2 3 4 5", "1:1 1:2", "heap 1 is named twice"),
            ("moore:2 3 4 5", "moore:2 3 5 5", "heap 2 grows"),
            (
                "staircase 3 1 2",
                "2 2",
                "step 2 has only 1 coin: you cannot take 2",
            ),
            (
                "staircase 3 1 2",
                "heap 1 1",
                "staircase has steps, not heaps",
            ),
            (
                "staircase 3 1 2",
                "staircase 3 0 3",
                "carries coins from one step",
            ),
            (
                "staircase 3 1 2",
                "staircase 2 1 3",
                "carries coins from one step",
            ),
            (
                "staircase 3 1 2",
                "staircase 3 1 1",
                "carries coins from one step",
            ),
            (
                "nim 3 4 5",
                "heaps 1, 2: 3 -> 1, 4 -> 1",
                "changes one heap",
            ),
            ("", "1 1", "empty"),
        ];
        for (p, text, want) in cases {
            let p = if p.is_empty() {
                Position::default()
            } else {
                pos(p)
            };
            let got = parse(&p, text).unwrap_err().to_string();
            assert!(got.contains(want), "{p} / {text}: {got}");
        }
        assert_eq!(parse(&pos("nim 3"), "  "), Err(MoveError::Empty));
    }
}
