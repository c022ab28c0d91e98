//! Reading the tokens of a move against the position it is played in: the
//! component, then the items (a heap or step and what happens to it) in the
//! syntax of the ruleset's kind of move.

use super::build::{build, Effect, Item};
use super::lex::{Tok, Token};
use super::{illegal, MoveError};
use crate::{Component, IllegalMoveKind, Move, MoveKind, Place, Position, Ruleset};

struct Reader<'a> {
    position: &'a Position,
    tokens: Vec<Token>,
    at: usize,
}

/// Reads the tokens of a move in `position`.
pub(super) fn read(position: &Position, tokens: Vec<Token>) -> Result<Move, MoveError> {
    Reader {
        position,
        tokens,
        at: 0,
    }
    .read()
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
        } else if place == 0 {
            // `1 3 0`: a stray number read as a place.
            return Err(self.expected(&format!(
                "the end of the move or a {noun} number from 1 (there is no {noun} 0)"
            )));
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

#[cfg(test)]
mod tests {
    use crate::movetext::parse;
    use crate::Position;

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
}
