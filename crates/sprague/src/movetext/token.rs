//! Moves of token games (`digraph`): which token goes to which node.
//!
//! | text | meaning |
//! |---|---|
//! | `1 b`, `1 -> b`, `token 1 to b` | token 1 slides to node b |
//! | `a -> b`, `from a to b` | the first token standing on a slides to b |
//! | `token 1: a -> b` | as `analyze` prints it (with or without the ruleset word) |
//!
//! A leading number is a token number (tokens are numbered from 1 as the
//! component lists them); node names are case-sensitive, the other words
//! are not.

use super::{illegal, MoveError};
use crate::{Action, Component, IllegalMoveKind, Move, Place, Position};

/// Reads a token move in component `index` of `position` from `words` (the
/// text after the component, split at spaces).
pub(super) fn read(
    position: &Position,
    index: usize,
    mut words: &[&str],
) -> Result<Move, MoveError> {
    let component = &position.components()[index];
    if let Some(first) = words.first() {
        if *first == component.ruleset().word() {
            words = &words[1..];
        }
    }
    // A note in parentheses at the end is ignored.
    if let Some(at) = words.iter().position(|w| w.starts_with('(')) {
        words = &words[..at];
    }
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let is =
        |i: usize, options: &[&str]| lower.get(i).is_some_and(|w| options.contains(&w.as_str()));
    let arrow = ["->", "to", "=", "→"];
    let (token, from, to) = match words.len() {
        // token T [:] U -> V
        _ if is(0, &["token", "t"]) => {
            let t = token_number(component, words.get(1).copied())?;
            let rest = &words[2..];
            let rest = if rest.first() == Some(&":") {
                &rest[1..]
            } else {
                rest
            };
            match rest {
                [v] => (t, None, *v),
                [a, v] if arrow.contains(&a.to_ascii_lowercase().as_str()) => (t, None, *v),
                [u, a, v] if arrow.contains(&a.to_ascii_lowercase().as_str()) => (t, Some(*u), *v),
                _ => return Err(expected()),
            }
        }
        // from U to V
        4 if is(0, &["from"]) && is(2, &arrow) => {
            (first_on(component, words[1])?, Some(words[1]), words[3])
        }
        2 if words[0].parse::<u64>().is_ok() => {
            (token_number(component, Some(words[0]))?, None, words[1])
        }
        3 if is(1, &arrow) && words[0].parse::<u64>().is_ok() => {
            (token_number(component, Some(words[0]))?, None, words[2])
        }
        // U -> V
        3 if is(1, &arrow) => (first_on(component, words[0])?, Some(words[0]), words[2]),
        _ => return Err(expected()),
    };
    let rules = component.ruleset().rules();
    let node = |name: &str| {
        rules
            .parse_argument(name)
            .map_err(|e| MoveError::Syntax(e.to_string()))
    };
    let at = component.heaps()[token];
    if let Some(u) = from {
        let u = node(u)?;
        if u != at {
            let mut is = String::new();
            let mut claimed = String::new();
            let _ = rules.write_number(at, &mut is);
            let _ = rules.write_number(u, &mut claimed);
            return illegal(IllegalMoveKind::TokenElsewhere { token, is, claimed });
        }
    }
    let to = node(to)?;
    super::checked(
        position,
        index,
        Action::Token {
            token,
            from: at,
            to,
        },
    )
}

fn expected() -> MoveError {
    MoveError::Syntax(
        "a token move is `1 b` (token 1 to node b), `1 -> b`, `a -> b` (the first token on a \
         to b) or `token 1: a -> b`"
            .into(),
    )
}

/// The index of the token numbered `word` (from 1).
fn token_number(component: &Component, word: Option<&str>) -> Result<usize, MoveError> {
    let count = component.heaps().len();
    let Some(n) = word.and_then(|w| w.trim_end_matches(':').parse::<u64>().ok()) else {
        return Err(MoveError::Syntax(format!(
            "expected a token number (1 to {count}) after `token`"
        )));
    };
    if n == 0 || n > count as u64 {
        return illegal(IllegalMoveKind::NoSuchNumbered {
            place: Place::Token,
            number: n,
            count,
            within: component.to_string(),
        });
    }
    Ok(n as usize - 1)
}

/// The first token standing on the node named `name`.
fn first_on(component: &Component, name: &str) -> Result<usize, MoveError> {
    let rules = component.ruleset().rules();
    let u = rules
        .parse_argument(name)
        .map_err(|e| MoveError::Syntax(e.to_string()))?;
    match component.heaps().iter().position(|&t| t == u) {
        Some(i) => Ok(i),
        None => Err(MoveError::Syntax(format!(
            "no token stands on {name} in {component}"
        ))),
    }
}
