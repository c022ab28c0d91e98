//! Splitting move text into tokens (numbers, words, ruleset words,
//! punctuation), each with the column where it starts.

use super::MoveError;
use crate::Ruleset;

/// A token of move text, with the column (in characters, from 1) where it
/// starts.
#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) column: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    Num(u64),
    /// A word, lower-cased (`heap`, `take`, `c2`).
    Word(String),
    /// A ruleset word, as written (`nim`, `sub:1,3,4`).
    Ruleset(String),
    Colon,
    Arrow,
    Comma,
    Open,
    Close,
}

impl Tok {
    pub(super) fn show(&self) -> String {
        match self {
            Tok::Num(n) => n.to_string(),
            Tok::Word(w) | Tok::Ruleset(w) => w.clone(),
            Tok::Colon => ":".into(),
            Tok::Arrow => "->".into(),
            Tok::Comma => ",".into(),
            Tok::Open => "(".into(),
            Tok::Close => ")".into(),
        }
    }
}

pub(super) fn lex(text: &str) -> Result<Vec<Token>, MoveError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let syntax = |msg: String| Err(MoveError::Syntax(msg));
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let tok = if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            match digits.parse::<u64>() {
                Ok(n) => Tok::Num(n),
                Err(_) => {
                    return syntax(format!(
                        "{digits} (column {column}) is too large: the largest heap is \
                         18446744073709551615"
                    ))
                }
            }
        } else if c.is_alphabetic() {
            // A ruleset word runs to the next space (`sub:1,3,4`); any other
            // word is letters and digits (`heap`, `c2`).
            let mut end = i;
            while end < chars.len() && !chars[end].is_whitespace() && chars[end] != '(' {
                end += 1;
            }
            let run: String = chars[i..end].iter().collect();
            if Ruleset::parse(&run).is_ok() {
                i = end;
                Tok::Ruleset(run)
            } else {
                let start = i;
                while i < chars.len() && chars[i].is_alphanumeric() {
                    i += 1;
                }
                Tok::Word(chars[start..i].iter().collect::<String>().to_lowercase())
            }
        } else {
            i += 1;
            match c {
                ':' => Tok::Colon,
                '=' | '→' => Tok::Arrow,
                '-' if chars.get(i) == Some(&'>') => {
                    i += 1;
                    Tok::Arrow
                }
                '-' if chars.get(i).is_some_and(char::is_ascii_digit) => {
                    return syntax(format!(
                        "negative number at column {column}: heaps and amounts are 0 or more"
                    ))
                }
                ',' | ';' => Tok::Comma,
                '(' => Tok::Open,
                ')' => Tok::Close,
                '+' => {
                    return syntax(format!(
                        "'+' at column {column}: a move is made in one component; to type the \
                         whole position start with its ruleset, e.g. `nim 1 4 5 + nim 2`"
                    ))
                }
                _ => return syntax(format!("unexpected {c:?} at column {column}")),
            }
        };
        tokens.push(Token { tok, column });
    }
    Ok(tokens)
}
