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
//! leaves may be typed in any order.
//!
//! A trailing note in parentheses, as `analyze` prints after some moves,
//! is ignored.
//!
//! ```
//! use sprague::{movetext, Position};
//! let p: Position = "nim 3 4 5".parse()?;
//! let mv = movetext::parse(&p, "1 2")?;
//! assert_eq!(mv.to_string(), "nim heap 1: 3 -> 1");
//! assert_eq!(movetext::parse(&p, "heap 1 -> 1")?, mv);
//! assert_eq!(movetext::parse(&p, "nim 1 4 5")?, mv);
//! assert_eq!(movetext::write(&mv), "1 2");
//! assert_eq!(movetext::describe(&mv), "take 2 from heap 1 (3 -> 1)");
//! let err = movetext::parse(&p, "1 4").unwrap_err();
//! assert_eq!(err.to_string(), "illegal move: heap 1 has only 3 tokens: you cannot take 4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::fmt::Write as _;

use crate::illegal::join;
use crate::{
    Action, Component, Error, HeapChange, HeapMove, IllegalMove, IllegalMoveKind, Limits, Move,
    MoveKind, ParseError, Parts, Place, Position, PositionParser, Ruleset,
};

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

/// The canonical short text of a move, which [`parse`] reads back to the same
/// move in the position it was made in: `2 3` (take 3 from heap 2),
/// `2 -> 3 5` (a split), `1:3 2:5` (Moore), `2 3` (carry 3 coins from step
/// 2), prefixed by `c2 ` in a sum.
///
/// ```
/// use sprague::{movetext, Play, Position};
/// let p: Position = "nim 3 + sub:1,3,4 5".parse()?;
/// let moves = p.winning_moves(Play::Normal)?;
/// let texts: Vec<String> = moves.iter().map(movetext::write).collect();
/// assert!(texts.iter().all(|t| t.starts_with('c')));
/// for (mv, text) in moves.iter().zip(&texts) {
///     assert_eq!(&movetext::parse(&p, text)?, mv);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(mv: &Move) -> String {
    let mut out = String::new();
    if mv.is_in_sum() {
        let _ = write!(out, "c{} ", mv.component() + 1);
    }
    match mv.action() {
        Action::Heap {
            heap,
            removed,
            parts,
            ..
        } => {
            if parts.as_slice().len() <= 1 && *removed >= 1 {
                let _ = write!(out, "{} {removed}", heap + 1);
            } else {
                let _ = write!(out, "{} ->", heap + 1);
                for p in parts.as_slice() {
                    let _ = write!(out, " {p}");
                }
            }
        }
        Action::Heaps { changes } => {
            for (i, c) in changes.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{}:{}", c.heap + 1, c.from - c.to);
            }
        }
        Action::Stair { step, coins, .. } => {
            let _ = write!(out, "{} {coins}", step + 1);
        }
    }
    out
}

/// A move in words, for people: `take 2 from heap 1 (3 -> 1)`,
/// `take 2 from heap 1 (10 -> 3 and 5)`, `split heap 1 (7 -> 2 and 5)`,
/// `carry 2 coins from step 2 (3 -> 1) to step 1`; in a sum prefixed by the
/// component, `in c2 (sub:1,3,4): ...`.
pub fn describe(mv: &Move) -> String {
    let mut out = String::new();
    if mv.is_in_sum() {
        let _ = write!(out, "in c{} ({}): ", mv.component() + 1, mv.ruleset());
    }
    let left = |parts: &Parts| match parts.as_slice() {
        [] => "nothing".to_string(),
        many => join(many, " and "),
    };
    match mv.action() {
        Action::Heap {
            heap,
            from,
            removed,
            parts,
        } => {
            if *removed == 0 {
                let _ = write!(out, "split heap {} ({from} -> {})", heap + 1, left(parts));
            } else {
                let _ = write!(
                    out,
                    "take {removed} from heap {} ({from} -> {})",
                    heap + 1,
                    left(parts)
                );
            }
        }
        Action::Heaps { changes } => {
            let what: Vec<String> = changes
                .iter()
                .map(|c| {
                    format!(
                        "{} from heap {} ({} -> {})",
                        c.from - c.to,
                        c.heap + 1,
                        c.from,
                        c.to
                    )
                })
                .collect();
            let _ = write!(out, "take {}", what.join(" and "));
        }
        Action::Stair { step, from, coins } => {
            let noun = if *coins == 1 { "coin" } else { "coins" };
            let to = if *step == 0 {
                "the ground".to_string()
            } else {
                format!("step {step}")
            };
            let _ = write!(
                out,
                "carry {coins} {noun} from step {} ({from} -> {}) to {to}",
                step + 1,
                from - coins
            );
        }
    }
    out
}

/// Reads the move `text` in `position`: one of the syntaxes of the module
/// documentation, or the whole position the move leads to.
///
/// The move returned is legal in `position` (checked by
/// [`Position::play`]) and equal to the one [`Position::moves`] lists.
/// Reading never lists all moves, so it costs the same for heaps of any
/// size.
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
    if looks_like_position(text) {
        return parse_position_form(position, text);
    }
    let tokens = lex(text)?;
    Reader {
        position,
        tokens,
        at: 0,
    }
    .read()
}

/// Whether `text` is written as a position: it starts with a ruleset word
/// that is not followed by `heap`, `heaps` or `step` (which would make it a
/// move as `analyze` prints it, `nim heap 1: 3 -> 1`).
fn looks_like_position(text: &str) -> bool {
    let mut words = text.split(|c: char| c.is_whitespace() || c == '+');
    let first = words.by_ref().find(|w| !w.is_empty()).unwrap_or("");
    if Ruleset::parse(first).is_err() {
        return false;
    }
    let second = words.find(|w| !w.is_empty()).unwrap_or("");
    let second = second.split(':').next().unwrap_or("").to_ascii_lowercase();
    !matches!(second.as_str(), "heap" | "heaps" | "step" | "h" | "s")
}

/// A token of move text, with the column (in characters, from 1) where it
/// starts.
#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    column: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
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
    fn show(&self) -> String {
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

fn lex(text: &str) -> Result<Vec<Token>, MoveError> {
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

/// What a move does to one heap or step, as typed.
#[derive(Clone, Debug)]
enum Effect {
    /// Take (or carry) this many; the rest stays one heap.
    Take(u64),
    /// Leave these heaps (or coins).
    Leave(Vec<u64>),
    /// Take this many and leave these.
    TakeLeave(u64, Vec<u64>),
    /// The heap has this many now and becomes these (as `analyze` prints).
    FromTo(u64, Vec<u64>),
}

/// One heap or step named by the move (numbered from 1) and what happens to
/// it.
#[derive(Clone, Debug)]
struct Item {
    place: u64,
    effect: Effect,
}

struct Reader<'a> {
    position: &'a Position,
    tokens: Vec<Token>,
    at: usize,
}

const TAKE_WORDS: &[&str] = &["take", "remove", "carry", "move", "takes", "removes"];
const LEAVE_WORDS: &[&str] = &["leave", "leaves", "leaving", "to"];
const NOUNS: &[&str] = &["token", "tokens", "coin", "coins"];

/// The nouns for heaps or steps of a kind, singular and plural.
fn place_nouns(kind: MoveKind) -> (&'static str, &'static str) {
    match kind {
        MoveKind::Stair => ("step", "steps"),
        _ => ("heap", "heaps"),
    }
}

impl Reader<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.at).map(|t| &t.tok)
    }

    fn is_word(&self, words: &[&str]) -> bool {
        matches!(self.peek(), Some(Tok::Word(w)) if words.contains(&w.as_str()))
    }

    fn eat_word(&mut self, words: &[&str]) -> bool {
        let yes = self.is_word(words);
        if yes {
            self.at += 1;
        }
        yes
    }

    fn eat(&mut self, tok: &Tok) -> bool {
        let yes = self.peek() == Some(tok);
        if yes {
            self.at += 1;
        }
        yes
    }

    /// A description of the token at the cursor, for messages.
    fn here(&self) -> String {
        match self.tokens.get(self.at) {
            Some(t) => format!("`{}` at column {}", t.tok.show(), t.column),
            None => "the end".to_string(),
        }
    }

    fn expected(&self, what: &str) -> MoveError {
        MoveError::Syntax(format!("expected {what}, found {}", self.here()))
    }

    fn number(&mut self, what: &str) -> Result<u64, MoveError> {
        match self.peek() {
            Some(Tok::Num(n)) => {
                let n = *n;
                self.at += 1;
                Ok(n)
            }
            _ => Err(self.expected(what)),
        }
    }

    /// A word like `c2` or `h3`: a letter in `letters` followed by a number.
    fn eat_short_place(&mut self, letters: &[char]) -> Option<u64> {
        let Some(Tok::Word(w)) = self.peek() else {
            return None;
        };
        let mut chars = w.chars();
        let first = chars.next()?;
        let rest = chars.as_str();
        if !letters.contains(&first) || rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let n = rest.parse().ok()?;
        self.at += 1;
        Some(n)
    }

    fn read(mut self) -> Result<Move, MoveError> {
        let position = self.position;
        let count = position.components().len();
        let listing = component_listing(position);
        // The component.
        let named = if let Some(n) = self.eat_short_place(&['c']) {
            Some(n)
        } else if self.is_word(&["c", "component"]) {
            self.at += 1;
            Some(self.number("the component's number after `component`")?)
        } else {
            None
        };
        if named.is_some() {
            self.eat(&Tok::Colon);
        }
        let index = match named {
            Some(n) if n >= 1 && n <= count as u64 => n as usize - 1,
            Some(n) => {
                return illegal(IllegalMoveKind::NoSuchNumbered {
                    place: Place::Component,
                    number: n,
                    count,
                    within: listing,
                })
            }
            None if count == 1 => 0,
            None if count == 0 => return illegal(IllegalMoveKind::EmptyPosition),
            None => {
                return Err(MoveError::Syntax(format!(
                    "this position is a sum of {count} components: begin the move with the \
                     component, e.g. `c2 1 3` ({listing})"
                )))
            }
        };
        let component = &position.components()[index];
        let ruleset = component.ruleset();
        if let Some(Tok::Ruleset(word)) = self.peek() {
            let said = Ruleset::parse(word).map_err(MoveError::Position)?;
            if &said != ruleset {
                return illegal(IllegalMoveKind::WrongRuleset {
                    component: index,
                    is: ruleset.word().into(),
                    claimed: word.clone(),
                });
            }
            self.at += 1;
        }
        let kind = ruleset.move_kind();
        let items = self.body(kind, component)?;
        if items.len() > 1 && !matches!(kind, MoveKind::Heaps { .. }) {
            return Err(MoveError::Syntax(format!(
                "a move of {} changes one {}",
                ruleset,
                place_nouns(kind).0
            )));
        }
        // A note in parentheses at the end, as `analyze` prints.
        if self.eat(&Tok::Open) {
            while self.at < self.tokens.len() && self.peek() != Some(&Tok::Close) {
                self.at += 1;
            }
            if !self.eat(&Tok::Close) {
                return Err(MoveError::Syntax(
                    "a note opened with '(' is not closed".into(),
                ));
            }
        }
        if self.at < self.tokens.len() {
            return Err(MoveError::Syntax(format!(
                "unexpected {} after the move",
                self.here()
            )));
        }
        build(position, index, kind, &items)
    }

    /// The items of the move, by kind.
    fn body(&mut self, kind: MoveKind, component: &Component) -> Result<Vec<Item>, MoveError> {
        let (noun, nouns) = place_nouns(kind);
        // A move written for the other kind of place.
        let wrong: &[&str] = if kind == MoveKind::Stair {
            &["heap", "heaps", "pile"]
        } else {
            &["step", "steps"]
        };
        if self.is_word(wrong) {
            return Err(MoveError::Syntax(format!(
                "{} has {nouns}, not {}: e.g. `{noun} 2 take 3`",
                component.ruleset(),
                if kind == MoveKind::Stair {
                    "heaps"
                } else {
                    "steps"
                }
            )));
        }
        if self.is_word(&[nouns]) {
            return self.plural_display(nouns);
        }
        match kind {
            MoveKind::Heaps { .. } => {
                let mut items = vec![self.item(kind, component, false)?];
                loop {
                    let comma = self.eat(&Tok::Comma) || self.eat_word(&["and"]);
                    match self.peek() {
                        None | Some(Tok::Open) if !comma => break,
                        _ => items.push(self.item(kind, component, false)?),
                    }
                }
                Ok(items)
            }
            MoveKind::Stair => Ok(vec![self.item(kind, component, false)?]),
            _ => Ok(vec![self.item(kind, component, true)?]),
        }
    }

    /// `heaps 1, 2: 3 -> 0, 5 -> 1`, as `analyze` prints a Moore move.
    fn plural_display(&mut self, nouns: &str) -> Result<Vec<Item>, MoveError> {
        self.at += 1;
        let mut places = vec![self.number(&format!("a number after `{nouns}`"))?];
        while self.eat(&Tok::Comma) {
            places.push(self.number(&format!("a number in the list of {nouns}"))?);
        }
        if !self.eat(&Tok::Colon) {
            return Err(self.expected(&format!("':' after the {nouns}")));
        }
        let mut items = Vec::new();
        for (i, &place) in places.iter().enumerate() {
            if i > 0 && !self.eat(&Tok::Comma) {
                return Err(self.expected("',' between the changes"));
            }
            let from = self.number("a size (as in `3 -> 0`)")?;
            if !self.eat(&Tok::Arrow) {
                return Err(self.expected("'->'"));
            }
            let to = self.number("the size left")?;
            items.push(Item {
                place,
                effect: Effect::FromTo(from, vec![to]),
            });
        }
        Ok(items)
    }

    /// One item: a heap or step and what happens to it. `multi`: whether it
    /// may leave several heaps.
    fn item(
        &mut self,
        kind: MoveKind,
        component: &Component,
        multi: bool,
    ) -> Result<Item, MoveError> {
        let (noun, _) = place_nouns(kind);
        let letter = noun.chars().next().unwrap_or('h');
        // `take 3 [coins] [from heap 2] [leave 1]`
        if self.eat_word(TAKE_WORDS) {
            let taken = self.number("how many to take after `take`")?;
            self.eat_word(NOUNS);
            let place = if self.eat_word(&["from"]) {
                self.place(noun, letter)?
            } else if component.heaps().len() == 1 {
                1
            } else {
                return Err(MoveError::Syntax(format!(
                    "say which {noun} to take from: `take {taken} from {noun} 2`"
                )));
            };
            let effect = match self.leave_part(multi)? {
                Some(left) => Effect::TakeLeave(taken, left),
                None => Effect::Take(taken),
            };
            return Ok(Item { place, effect });
        }
        let place = self.place(noun, letter)?;
        let colon = self.eat(&Tok::Colon);
        let effect = if let Some(Tok::Num(n)) = self.peek() {
            let n = *n;
            self.at += 1;
            if self.eat(&Tok::Arrow) {
                Effect::FromTo(n, self.sizes(multi)?)
            } else {
                self.eat_word(NOUNS);
                Effect::Take(n)
            }
        } else if self.eat_word(TAKE_WORDS) {
            let taken = self.number("how many to take")?;
            self.eat_word(NOUNS);
            match self.leave_part(multi)? {
                Some(left) => Effect::TakeLeave(taken, left),
                None => Effect::Take(taken),
            }
        } else if let Some(left) = self.leave_part(multi)? {
            Effect::Leave(left)
        } else {
            let after = if colon { "':'" } else { "the number" };
            return Err(self.expected(&format!(
                "how many to take (`{place} 3`) or what to leave (`{place} -> 1`) after {noun} \
                 {place} and {after}"
            )));
        };
        Ok(Item { place, effect })
    }

    /// `heap 2`, `h2` or `2`.
    fn place(&mut self, noun: &str, letter: char) -> Result<u64, MoveError> {
        if let Some(n) = self.eat_short_place(&[letter]) {
            return Ok(n);
        }
        let said = self.eat_word(&[noun, &letter.to_string(), "pile"]);
        match self.peek() {
            Some(Tok::Num(n)) => {
                let n = *n;
                self.at += 1;
                Ok(n)
            }
            _ if said => Err(self.expected(&format!("the {noun}'s number after `{noun}`"))),
            _ => Err(self.expected(&format!(
                "a {noun} number, as in `2 3` (take 3 from {noun} 2)"
            ))),
        }
    }

    /// `leave 3 5`, `-> 3 5`, `= 1`, or nothing.
    fn leave_part(&mut self, multi: bool) -> Result<Option<Vec<u64>>, MoveError> {
        if self.eat(&Tok::Arrow) || self.eat_word(LEAVE_WORDS) {
            Ok(Some(self.sizes(multi)?))
        } else {
            Ok(None)
        }
    }

    /// One size, or (when `multi`) one or more separated by spaces, commas
    /// or `and`.
    fn sizes(&mut self, multi: bool) -> Result<Vec<u64>, MoveError> {
        let mut sizes = vec![self.number("the size to leave")?];
        self.eat_word(NOUNS);
        if multi {
            loop {
                let save = self.at;
                let sep = self.eat(&Tok::Comma) || self.eat_word(&["and"]);
                match self.peek() {
                    Some(Tok::Num(n)) => {
                        sizes.push(*n);
                        self.at += 1;
                    }
                    _ if sep => return Err(self.expected("a size")),
                    _ => {
                        self.at = save;
                        break;
                    }
                }
            }
        }
        Ok(sizes)
    }
}

/// `c1 = nim 3 4, c2 = sub:1,3,4 5`.
fn component_listing(position: &Position) -> String {
    position
        .components()
        .iter()
        .enumerate()
        .map(|(i, c)| format!("c{} = {c}", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

fn illegal<T>(kind: IllegalMoveKind) -> Result<T, MoveError> {
    Err(MoveError::Illegal(kind.into()))
}

/// The parts that leave `sizes` (zeros dropped): one candidate, or two when
/// nothing is left (a heap taken to 0 may stay as 0, as in Nim, or vanish,
/// as in take-and-break games; the rules accept one of them).
fn candidate_parts(sizes: &[u64]) -> Result<Vec<Parts>, MoveError> {
    let left: Vec<u64> = sizes.iter().copied().filter(|&s| s > 0).collect();
    if left.is_empty() {
        return Ok(vec![Parts::one(0), Parts::NONE]);
    }
    match Parts::new(&left) {
        Some(p) => Ok(vec![p]),
        None => illegal(IllegalMoveKind::TooManyParts { count: left.len() }),
    }
}

/// Builds the move the items describe in component `index`, checked by
/// [`Position::play`].
fn build(
    position: &Position,
    index: usize,
    kind: MoveKind,
    items: &[Item],
) -> Result<Move, MoveError> {
    let component = &position.components()[index];
    let heaps = component.heaps();
    let place = if kind == MoveKind::Stair {
        Place::Step
    } else {
        Place::Heap
    };
    let size = |item: &Item| -> Result<(usize, u64), MoveError> {
        let n = item.place;
        if n == 0 || n > heaps.len() as u64 {
            return illegal(IllegalMoveKind::NoSuchNumbered {
                place,
                number: n,
                count: heaps.len(),
                within: component.to_string(),
            });
        }
        Ok((n as usize - 1, heaps[n as usize - 1]))
    };
    // The sizes left, from any effect, checked against the heap.
    let left = |item: &Item, h: u64| -> Result<Vec<u64>, MoveError> {
        let n = item.place;
        let sum = |sizes: &[u64]| sizes.iter().try_fold(0u64, |a, &b| a.checked_add(b));
        match &item.effect {
            Effect::Take(0) | Effect::TakeLeave(0, _) if kind != MoveKind::Heap => {
                illegal(IllegalMoveKind::TakeAtLeastOne { place, number: n })
            }
            Effect::Take(0) => illegal(IllegalMoveKind::TakeZero { number: n }),
            Effect::Take(t) if *t > h => illegal(IllegalMoveKind::TakeTooMany {
                place,
                number: n,
                has: h,
                take: *t,
            }),
            Effect::Take(t) => Ok(vec![h - t]),
            Effect::FromTo(f, _) if *f != h => illegal(IllegalMoveKind::TypedOther {
                place,
                number: n,
                has: h,
                claimed: *f,
            }),
            Effect::Leave(sizes) | Effect::FromTo(_, sizes) => match sum(sizes) {
                Some(s) if s <= h => Ok(sizes.clone()),
                _ => illegal(IllegalMoveKind::CannotLeave {
                    place,
                    number: n,
                    has: h,
                    sizes: sizes.clone(),
                }),
            },
            Effect::TakeLeave(t, sizes) => match sum(sizes).and_then(|s| s.checked_add(*t)) {
                Some(total) if total == h => Ok(sizes.clone()),
                _ => illegal(IllegalMoveKind::DoesNotAddUp {
                    place,
                    number: n,
                    has: h,
                    taken: *t,
                    sizes: sizes.clone(),
                }),
            },
        }
    };
    let unchanged = |n: u64| illegal(IllegalMoveKind::Unchanged { place, number: n });
    let actions: Vec<Action> = match kind {
        MoveKind::Heaps { .. } => {
            let mut changes = Vec::new();
            for item in items {
                let (i, h) = size(item)?;
                let to = left(item, h)?[0];
                if to == h {
                    return unchanged(item.place);
                }
                changes.push(HeapChange {
                    heap: i,
                    from: h,
                    to,
                });
            }
            changes.sort_by_key(|c| c.heap);
            vec![Action::Heaps { changes }]
        }
        MoveKind::Stair => {
            let item = &items[0];
            let (step, from) = size(item)?;
            let to = left(item, from)?[0];
            if to == from {
                return unchanged(item.place);
            }
            vec![Action::Stair {
                step,
                from,
                coins: from - to,
            }]
        }
        _ => {
            let item = &items[0];
            let (heap, from) = size(item)?;
            let sizes = left(item, from)?;
            let total: u64 = sizes.iter().sum();
            if sizes.iter().filter(|&&s| s > 0).count() == 1 && total == from {
                return unchanged(item.place);
            }
            candidate_parts(&sizes)?
                .into_iter()
                .map(|parts| Action::Heap {
                    heap,
                    from,
                    removed: from - total,
                    parts,
                })
                .collect()
        }
    };
    first_legal(position, index, actions)
}

/// The first of `actions` that is legal in component `index`; when none is,
/// the reason the first one is not, with the legal moves of its heap when
/// they are few.
fn first_legal(position: &Position, index: usize, actions: Vec<Action>) -> Result<Move, MoveError> {
    let mut first_error = None;
    let mut heap_named = None;
    for action in actions {
        if let Action::Heap { heap, from, .. } = action {
            heap_named = Some((heap, from));
        }
        let mv = position.make_move(index, action);
        match position.play(&mv) {
            Ok(_) => return Ok(mv),
            Err(Error::IllegalMove(e)) => {
                first_error.get_or_insert(e);
            }
            // `play` fails with nothing but an illegal move.
            Err(_) => {}
        }
    }
    let why = first_error.unwrap_or_else(|| IllegalMoveKind::NoMoveFits.into());
    let note = heap_named.and_then(|(heap, from)| heap_options_note(position, index, heap, from));
    Err(MoveError::Illegal(why.with_note(note)))
}

/// `the moves of heap 2 are `2 1`, `2 3`` when a heap has at most a dozen
/// options, `heap 2 has no move` when it has none, else nothing.
fn heap_options_note(position: &Position, index: usize, heap: usize, from: u64) -> Option<String> {
    let ruleset = position.components()[index].ruleset();
    let limits = Limits {
        max_states: 64,
        ..Limits::default()
    };
    let mut options: Vec<HeapMove> = Vec::new();
    if ruleset.heap_options(from, &limits, &mut options).is_err() {
        return None;
    }
    if options.is_empty() {
        return Some(format!("heap {} has no move", heap + 1));
    }
    if options.len() > 12 {
        return None;
    }
    let texts: Vec<String> = options
        .iter()
        .map(|m| {
            let mv = position.make_move(
                index,
                Action::Heap {
                    heap,
                    from,
                    removed: m.removed,
                    parts: m.parts,
                },
            );
            format!("`{}`", write(&mv))
        })
        .collect();
    Some(format!(
        "the moves of heap {} are {}",
        heap + 1,
        texts.join(", ")
    ))
}

/// The universal form: the whole position the move leads to.
fn parse_position_form(position: &Position, text: &str) -> Result<Move, MoveError> {
    let after = PositionParser::new()
        .parse(text)
        .map_err(MoveError::Position)?;
    let (now, then) = (position.components(), after.components());
    if now.len() != then.len() {
        return illegal(IllegalMoveKind::ComponentCount {
            after: after.to_string(),
            count: then.len(),
            position: position.to_string(),
            expected: now.len(),
        });
    }
    let mut changed = Vec::new();
    for (i, (a, b)) in now.iter().zip(then).enumerate() {
        if a.ruleset() != b.ruleset() {
            return illegal(IllegalMoveKind::WrongRuleset {
                component: i,
                is: a.ruleset().word().into(),
                claimed: b.ruleset().word().into(),
            });
        }
        if a.heaps() != b.heaps() {
            changed.push(i);
        }
    }
    let index = match changed.as_slice() {
        [] => {
            return illegal(IllegalMoveKind::NoChange {
                after: after.to_string(),
            })
        }
        [i] => *i,
        many => {
            return illegal(IllegalMoveKind::SeveralComponents {
                components: many.to_vec(),
            })
        }
    };
    let (before, left) = (now[index].heaps(), then[index].heaps());
    let kind = now[index].ruleset().move_kind();
    let actions = match kind {
        MoveKind::Heaps { .. } | MoveKind::Stair => {
            if before.len() != left.len() {
                return illegal(IllegalMoveKind::PlaceCount {
                    ruleset: now[index].ruleset().word().into(),
                    place: if kind == MoveKind::Stair {
                        Place::Step
                    } else {
                        Place::Heap
                    },
                    count: before.len(),
                    after: after.to_string(),
                    typed: left.len(),
                });
            }
            let diff: Vec<usize> = (0..before.len())
                .filter(|&i| before[i] != left[i])
                .collect();
            structural_action(kind, before, left, &diff)?
        }
        _ => split_candidates(before, left)?,
    };
    if actions.is_empty() {
        return illegal(IllegalMoveKind::Unreachable {
            position: position.to_string(),
            after: after.to_string(),
        });
    }
    let mv = first_legal(position, index, actions)?;
    Ok(mv)
}

/// The move of a Moore or staircase component from `before` to `left`, which
/// differ at `diff`.
fn structural_action(
    kind: MoveKind,
    before: &[u64],
    left: &[u64],
    diff: &[usize],
) -> Result<Vec<Action>, MoveError> {
    if let Some(&i) = diff.iter().find(|&&i| left[i] > before[i]) {
        if kind != MoveKind::Stair {
            return illegal(IllegalMoveKind::Grows {
                heap: i,
                from: before[i],
                to: left[i],
            });
        }
    }
    Ok(match kind {
        MoveKind::Stair => {
            let carried = |i: usize| before[i].checked_sub(left[i]).filter(|&c| c > 0);
            let bad = || illegal(IllegalMoveKind::NotACarry);
            match *diff {
                [0] => match carried(0) {
                    Some(coins) => vec![Action::Stair {
                        step: 0,
                        from: before[0],
                        coins,
                    }],
                    None => return bad(),
                },
                [below, step] if step == below + 1 => match carried(step) {
                    Some(coins) if left[below].checked_sub(before[below]) == Some(coins) => {
                        vec![Action::Stair {
                            step,
                            from: before[step],
                            coins,
                        }]
                    }
                    _ => return bad(),
                },
                _ => return bad(),
            }
        }
        _ => vec![Action::Heaps {
            changes: diff
                .iter()
                .map(|&i| HeapChange {
                    heap: i,
                    from: before[i],
                    to: left[i],
                })
                .collect(),
        }],
    })
}

/// The heap moves that turn `before` into `left`: one heap replaced, in
/// place, by one to three heaps (in any order).
fn split_candidates(before: &[u64], left: &[u64]) -> Result<Vec<Action>, MoveError> {
    if left.len() < before.len() {
        return illegal(IllegalMoveKind::HeapRemoved);
    }
    let k = left.len() - before.len() + 1;
    // Candidates whose parts are typed in increasing order (exactly as the
    // move leaves them) come first.
    let mut unordered = Vec::new();
    if k > 3 {
        return illegal(IllegalMoveKind::TooManyNewHeaps { count: k - 1 });
    }
    let mut actions = Vec::new();
    for i in 0..before.len() {
        if before[..i] != left[..i] || before[i + 1..] != left[i + k..] {
            continue;
        }
        let from = before[i];
        let sizes = &left[i..i + k];
        if k > 1 && sizes.contains(&0) {
            continue;
        }
        let Some(total) = sizes.iter().try_fold(0u64, |a, &b| a.checked_add(b)) else {
            continue;
        };
        if total > from || (k == 1 && total == from) {
            continue;
        }
        let ordered = sizes.windows(2).all(|w| w[0] <= w[1]);
        for parts in candidate_parts(sizes)? {
            let action = Action::Heap {
                heap: i,
                from,
                removed: from - total,
                parts,
            };
            if ordered {
                actions.push(action);
            } else {
                unordered.push(action);
            }
        }
    }
    actions.append(&mut unordered);
    Ok(actions)
}

/// The move syntax for the rulesets of `position`, one section per kind of
/// move, with examples; for a sum, how to name the component; and the
/// universal form with a real example. Plain text, lines of at most 78
/// characters.
pub fn help(position: &Position) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Moves (heaps and steps are numbered from 1, left to right, as the position\nstands now):"
    );
    let words_of = |kind: MoveKind| -> Vec<&str> {
        let mut words: Vec<&str> = Vec::new();
        for c in position.components() {
            if c.ruleset().move_kind() == kind && !words.contains(&c.ruleset().word()) {
                words.push(c.ruleset().word());
            }
        }
        words
    };
    let heap_words = words_of(MoveKind::Heap);
    if !heap_words.is_empty() {
        let splits = position
            .components()
            .iter()
            .any(|c| c.ruleset().move_kind() == MoveKind::Heap && splits_heaps(c.ruleset()));
        let _ = writeln!(out, "\n  {}:", heap_words.join(", "));
        let _ = writeln!(
            out,
            "    2 3                 take 3 from heap 2 (also `heap 2 take 3`,\n                        `take 3 from heap 2`)"
        );
        let _ = writeln!(
            out,
            "    2 -> 1              leave 1 in heap 2 (also `2 = 1`, `heap 2 leave 1`)"
        );
        if splits {
            let _ = writeln!(
                out,
                "    2 -> 3 5            leave heaps of 3 and 5 in place of heap 2 (any order)"
            );
            let _ = writeln!(
                out,
                "    2 take 2 leave 3 5  which heap, how many taken, the sizes left (must add up)"
            );
        }
    }
    let mut moore_words = Vec::new();
    for c in position.components() {
        if let MoveKind::Heaps { max } = c.ruleset().move_kind() {
            if !moore_words.iter().any(|(w, _)| *w == c.ruleset().word()) {
                let rule = c
                    .ruleset()
                    .rules()
                    .move_summary()
                    .unwrap_or_else(|| format!("take from 1 to {max} heaps at once"));
                moore_words.push((c.ruleset().word(), rule));
            }
        }
    }
    for (word, rule) in moore_words {
        let _ = writeln!(out, "\n  {word} ({rule}):");
        let _ = writeln!(
            out,
            "    1:3 2:3             take 3 from heap 1 and 3 from heap 2"
        );
        let _ = writeln!(
            out,
            "    1->0 2->1           leave 0 in heap 1 and 1 in heap 2"
        );
        let _ = writeln!(out, "    2 3                 take 3 from heap 2 only");
    }
    let stair_words = words_of(MoveKind::Stair);
    if !stair_words.is_empty() {
        let _ = writeln!(
            out,
            "\n  {} (coins on steps 1, 2, ...; step 1 is next to the ground):",
            stair_words.join(", ")
        );
        let _ = writeln!(
            out,
            "    2 3                 carry 3 coins from step 2 down to step 1 (also\n                        `step 2 take 3`); from step 1 they leave the game"
        );
        let _ = writeln!(
            out,
            "    2 -> 1              leave 1 coin on step 2, carrying the rest down"
        );
    }
    if position.components().len() > 1 {
        let _ = writeln!(
            out,
            "\n  In a sum, begin the move with the component: `c2 1 3`. The components:"
        );
        for (i, c) in position.components().iter().enumerate() {
            let _ = writeln!(out, "    c{} = {c}", i + 1);
        }
    }
    let _ = writeln!(
        out,
        "\n  Any move may also be typed as the whole position it leads to."
    );
    if let Some(after) = example_after(position) {
        let _ = writeln!(out, "  For example:\n    {after}");
    }
    out
}

/// Whether a heap game ever splits a heap or removes nothing (checked on the
/// options of heaps up to 12).
fn splits_heaps(ruleset: &Ruleset) -> bool {
    let mut options = Vec::new();
    (0..=12).any(|h| {
        options.clear();
        ruleset
            .heap_options(h, &Limits::default(), &mut options)
            .is_ok()
            && options
                .iter()
                .any(|m| m.parts.as_slice().len() > 1 || m.removed == 0)
    })
}

/// The position after some legal move, for an example.
fn example_after(position: &Position) -> Option<Position> {
    let limits = Limits::default();
    for (i, c) in position.components().iter().enumerate() {
        if let Ok(Some(action)) = c
            .ruleset()
            .random_action(c.heaps(), &limits, &mut |n| n - 1)
        {
            return position.play(&position.make_move(i, action)).ok();
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    fn parsed(p: &str, text: &str) -> String {
        let p = pos(p);
        match parse(&p, text) {
            Ok(mv) => p.play(&mv).unwrap().to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn heap_game_forms() {
        for text in [
            "1 2",
            "1:2",
            "1: 2",
            "heap 1 take 2",
            "h1 2",
            "HEAP 1 TAKE 2 tokens",
            "take 2 from heap 1",
            "take 2 from 1",
            "1 -> 1",
            "1->1",
            "1 = 1",
            "1 → 1",
            "heap 1 leave 1",
            "1 take 2 leave 1",
            "heap 1: 3 -> 1",
            "nim heap 1: 3 -> 1",
            "nim 1 4 5",
        ] {
            assert_eq!(parsed("nim 3 4 5", text), "nim 1 4 5", "{text}");
        }
        assert_eq!(parsed("nim 3 4 5", "3 -> 0"), "nim 3 4 0");
        assert_eq!(parsed("nim 3 4 5", "3 5"), "nim 3 4 0");
        assert_eq!(parsed("nim 7", "take 3"), "nim 4");
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
            (
                "nim 3 4 5",
                "1 -> 4",
                "heap 1 has only 3 tokens: it cannot leave 4",
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
                "nim 2 + nim 3",
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

    #[test]
    fn sums_name_the_component() {
        let p = "nim 3 4 + sub:1,3,4 5";
        assert_eq!(parsed(p, "c2 1 3"), "nim 3 4 + sub:1,3,4 2");
        assert_eq!(parsed(p, "c 2 1 3"), "nim 3 4 + sub:1,3,4 2");
        assert_eq!(parsed(p, "component 2: 1 3"), "nim 3 4 + sub:1,3,4 2");
        assert_eq!(
            parsed(p, "component 2: sub:1,3,4 heap 1: 5 -> 2"),
            "nim 3 4 + sub:1,3,4 2"
        );
        assert_eq!(parsed(p, "c1 2 -> 0"), "nim 3 0 + sub:1,3,4 5");
        assert_eq!(parsed(p, "nim 3 4 + sub:1,3,4 1"), "nim 3 4 + sub:1,3,4 1");
        assert!(parsed(p, "c2 1 2").contains("sub:1,3,4 does not allow"));
    }

    #[test]
    fn moore_forms() {
        let p = "moore:2 3 4 5";
        for text in [
            "1:3 2:1",
            "1:3, 2:1",
            "1:3 and 2:1",
            "1->0 2->3",
            "2:1 1:3",
            "heap 1 take 3, heap 2 take 1",
            "heaps 1, 2: 3 -> 0, 4 -> 3",
            "moore:2 heaps 1, 2: 3 -> 0, 4 -> 3",
            "moore:2 0 3 5",
        ] {
            assert_eq!(parsed(p, text), "moore:2 0 3 5", "{text}");
        }
        assert_eq!(parsed(p, "2 3"), "moore:2 3 1 5");
        assert_eq!(parsed(p, "heap 2: 4 -> 1"), "moore:2 3 1 5");
    }

    #[test]
    fn staircase_forms() {
        let p = "staircase 3 1 2";
        for text in [
            "3 1",
            "step 3 take 1",
            "s3 1",
            "carry 1 coin from step 3",
            "3 -> 1",
            "step 3: 2 -> 1",
            "staircase step 3: 2 -> 1 (1 coin down to step 2)",
            "staircase 3 2 1",
        ] {
            assert_eq!(parsed(p, text), "staircase 3 2 1", "{text}");
        }
        assert_eq!(parsed(p, "1 3"), "staircase 0 1 2");
        assert_eq!(parsed(p, "staircase 0 1 2"), "staircase 0 1 2");
    }

    #[test]
    fn writing_and_describing() {
        let p = pos("nim 3 4 + moore:2 3 4 + staircase 0 2");
        let mv = parse(&p, "c2 1:1 2:2").unwrap();
        assert_eq!(write(&mv), "c2 1:1 2:2");
        assert_eq!(
            describe(&mv),
            "in c2 (moore:2): take 1 from heap 1 (3 -> 2) and 2 from heap 2 (4 -> 2)"
        );
        let mv = parse(&p, "c3 2 1").unwrap();
        assert_eq!(write(&mv), "c3 2 1");
        assert_eq!(
            describe(&mv),
            "in c3 (staircase): carry 1 coin from step 2 (2 -> 1) to step 1"
        );
        let mv = parse(&p, "c1 2 -> 0").unwrap();
        assert_eq!(write(&mv), "c1 2 4");
        assert_eq!(describe(&mv), "in c1 (nim): take 4 from heap 2 (4 -> 0)");
    }

    fn heap(heap: usize, from: u64, removed: u64, parts: &[u64]) -> Action {
        Action::Heap {
            heap,
            from,
            removed,
            parts: Parts::new(parts).unwrap(),
        }
    }

    #[test]
    fn splits_are_found_in_place_in_any_order() {
        // No ruleset of this branch splits heaps; the candidates are what a
        // take-and-break ruleset's `Position::play` then checks.
        assert_eq!(
            split_candidates(&[4, 10, 6], &[4, 5, 3, 6]).unwrap(),
            vec![heap(1, 10, 2, &[3, 5])]
        );
        assert_eq!(
            split_candidates(&[7], &[2, 5]).unwrap(),
            vec![heap(0, 7, 0, &[2, 5])]
        );
        assert_eq!(
            split_candidates(&[9], &[1, 2, 3]).unwrap(),
            vec![heap(0, 9, 3, &[1, 2, 3])]
        );
        assert_eq!(
            split_candidates(&[8, 7], &[8, 5, 2]).unwrap(),
            vec![heap(1, 7, 0, &[2, 5])]
        );
        // Taken to nothing: staying as 0 (Nim) or vanishing.
        assert_eq!(
            split_candidates(&[3, 4], &[0, 4]).unwrap(),
            vec![heap(0, 3, 3, &[0]), heap(0, 3, 3, &[])]
        );
        assert!(split_candidates(&[3], &[3]).unwrap().is_empty());
        assert!(split_candidates(&[3], &[1, 3]).unwrap().is_empty());
        assert!(split_candidates(&[3], &[0, 3]).unwrap().is_empty());
        assert!(split_candidates(&[3, 3], &[3]).is_err());
        assert!(split_candidates(&[9], &[1, 1, 1, 1]).is_err());
    }

    #[test]
    fn help_covers_the_kinds_in_play() {
        let h = help(&pos("nim 3 4"));
        assert!(h.contains("2 3 ") && h.contains("2 -> 1"));
        assert!(!h.contains("2 -> 3 5"), "Nim does not split: {h}");
        assert!(!h.contains("In a sum"));
        assert!(h.contains("For example:\n    nim 3 0\n"), "{h}");
        let h = help(&pos("nim 3 + moore:2 1 2 + staircase 1 2"));
        assert!(h.contains("moore:2 (take from 1 to 2 heaps at once)"));
        assert!(h.contains("staircase (coins on steps"));
        assert!(h.contains("`c2 1 3`"));
        assert!(h.contains("    c1 = nim 3\n    c2 = moore:2 1 2\n    c3 = staircase 1 2\n"));
        assert!(
            h.contains("For example:\n    nim 0 + moore:2 1 2 + staircase 1 2\n"),
            "{h}"
        );
        assert!(h.lines().all(|l| l.chars().count() <= 80), "{h}");
    }
}
