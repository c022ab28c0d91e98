//! The notation of positions (SPEC section 1): words joined by `+`, read
//! by [`PositionParser`], with errors naming the word and its column.

use std::collections::HashMap;

use super::{Component, Position};
use crate::error::ParseErrorKind;
use crate::{ParseError, Ruleset};
/// The most rulesets a [`PositionParser`] keeps (with their tables).
const MAX_CACHED_RULESETS: usize = 32;

/// A parser for positions that keeps the rulesets it has seen (the last 32
/// or fewer), so that many positions naming the same ruleset (a batch file)
/// share one [`Ruleset`] and the tables computed for it.
///
/// ```
/// let mut parser = sprague::PositionParser::new();
/// let a = parser.parse("sub:1,3,4 20")?;
/// let b = parser.parse("sub:1,3,4 7 + nim 2")?;
/// assert_eq!(b.components().len(), 2);
/// # Ok::<(), sprague::ParseError>(())
/// ```
#[derive(Default)]
pub struct PositionParser {
    rulesets: HashMap<String, Ruleset>,
    /// Rulesets given by the caller ([`PositionParser::define`]), never
    /// dropped.
    defined: HashMap<Box<str>, Ruleset>,
    /// The ruleset parsed last, checked before the map (batch files tend to
    /// repeat one ruleset).
    last: Option<(Box<str>, Ruleset)>,
}

/// A piece of the input: a word, or the part of a word on one side of a
/// `+` (a `+` is always a piece of its own), with the number of the word
/// it belongs to and its column, both from 1.
#[derive(Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    /// The whole whitespace-separated word the piece belongs to.
    whole: &'a str,
    number: usize,
    column: usize,
}

impl Word<'_> {
    fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError::at_piece(kind, self.whole, self.text, self.number, self.column)
    }
}

/// Whitespace as the notation knows it: Unicode white space, ASCII included.
#[inline(always)]
fn is_space(ch: char) -> bool {
    ch.is_whitespace()
}

/// The pieces of `text`: words split at whitespace, each further split
/// around `+`. Works on bytes, decoding characters only outside ASCII, since
/// batch throughput depends on it.
struct Words<'a> {
    text: &'a str,
    at: usize,
    column: usize,
    number: usize,
    /// Where the current whitespace-separated word ends (byte offset), and
    /// the word itself.
    word_end: usize,
    whole: &'a str,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Words<'a> {
        Words {
            text,
            at: 0,
            column: 0,
            number: 0,
            word_end: 0,
            whole: "",
        }
    }

    /// The character starting at byte `at` and its length in bytes.
    #[inline(always)]
    fn char_at(&self, at: usize) -> (char, usize) {
        let b = self.text.as_bytes()[at];
        if b.is_ascii() {
            return (char::from(b), 1);
        }
        let ch = self.text[at..].chars().next().unwrap_or(' ');
        (ch, ch.len_utf8())
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = Word<'a>;

    fn next(&mut self) -> Option<Word<'a>> {
        let bytes = self.text.as_bytes();
        let len = bytes.len();
        if self.at >= self.word_end {
            // Skip whitespace to the next word and find where it ends.
            loop {
                if self.at >= len {
                    return None;
                }
                let (ch, n) = self.char_at(self.at);
                if !is_space(ch) {
                    break;
                }
                self.at += n;
                self.column += 1;
            }
            // Find the end of the word; note whether it is pure ASCII
            // without a `+` (the common case: then the word is one piece
            // and its columns are its bytes).
            let mut end = self.at;
            let mut simple = true;
            while end < len {
                let b = bytes[end];
                if b.is_ascii_alphanumeric() || (b.is_ascii_punctuation() && b != b'+') {
                    end += 1;
                    continue;
                }
                if b == b'+' {
                    simple = false;
                    end += 1;
                    continue;
                }
                let (ch, n) = self.char_at(end);
                if is_space(ch) {
                    break;
                }
                simple = false;
                end += n;
            }
            self.word_end = end;
            self.whole = &self.text[self.at..end];
            self.number += 1;
            if simple {
                let start = self.at;
                let column = self.column + 1;
                self.column += end - start;
                self.at = end;
                return Some(Word {
                    text: self.whole,
                    whole: self.whole,
                    number: self.number,
                    column,
                });
            }
        }
        let start = self.at;
        let column = self.column + 1;
        if bytes[start] == b'+' {
            self.at += 1;
            self.column += 1;
        } else if ["rule:", "tuple:"]
            .iter()
            .any(|p| self.text[start..self.word_end].starts_with(p))
        {
            // A rule holds no `+`: the whole word goes to the rule's
            // parser, whose error names the `+` and its column.
            self.column += self.text[start..self.word_end].chars().count();
            self.at = self.word_end;
        } else {
            while self.at < self.word_end && bytes[self.at] != b'+' {
                let b = bytes[self.at];
                self.at += if b.is_ascii() {
                    1
                } else {
                    self.char_at(self.at).1
                };
                self.column += 1;
            }
        }
        Some(Word {
            text: &self.text[start..self.at],
            whole: self.whole,
            number: self.number,
            column,
        })
    }
}

/// Parses a heap size: a whole number from 0 to 2^64 - 1.
fn heap_size(word: &Word<'_>) -> Result<u64, ParseError> {
    let bytes = word.text.as_bytes();
    // Up to 19 digits cannot overflow: no checks needed.
    if !bytes.is_empty() && bytes.len() <= 19 {
        let mut n: u64 = 0;
        let mut ok = true;
        for &b in bytes {
            let d = b.wrapping_sub(b'0');
            ok &= d <= 9;
            n = n.wrapping_mul(10).wrapping_add(u64::from(d));
        }
        if ok {
            return Ok(n);
        }
    }
    let mut n: u64 = 0;
    let mut digits = true;
    for &b in bytes {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            digits = false;
            break;
        }
        match n.checked_mul(10).and_then(|n| n.checked_add(u64::from(d))) {
            Some(m) => n = m,
            None => return Err(word.error(ParseErrorKind::HeapTooLarge)),
        }
    }
    if digits && !bytes.is_empty() {
        return Ok(n);
    }
    let kind = match bytes {
        [b'-', rest @ ..] if !rest.is_empty() && rest.iter().all(u8::is_ascii_digit) => {
            ParseErrorKind::NegativeHeap
        }
        _ if Ruleset::parse_kind(word.text).is_ok() => ParseErrorKind::MissingPlus,
        _ => ParseErrorKind::NotAHeapSize,
    };
    Err(word.error(kind))
}

impl PositionParser {
    /// A parser with no rulesets seen yet.
    pub fn new() -> PositionParser {
        PositionParser::default()
    }

    /// Parses one position.
    ///
    /// # Errors
    /// A [`ParseError`] naming the first offending word and its place: an
    /// empty text, a `+` without a component on each side, an unknown or
    /// malformed ruleset word, or an argument that is not a heap size.
    pub fn parse(&mut self, text: &str) -> Result<Position, ParseError> {
        let mut components: Vec<Component> = Vec::new();
        let mut expect_component = true;
        let mut last_plus = None;
        let mut ruleset_word: Option<Word<'_>> = None;
        // The argument words of a component whose arguments are not plain
        // numbers, read by its ruleset once the component ends.
        let mut named: Vec<Word<'_>> = Vec::new();
        let read_named = |c: Option<&mut Component>, named: &mut Vec<Word<'_>>| {
            let Some(c) = c else { return Ok(()) };
            if !c.ruleset.has_named_arguments() {
                return Ok(());
            }
            let texts: Vec<&str> = named.iter().map(|w| w.text).collect();
            c.args = c
                .ruleset
                .rules()
                .parse_position(&texts)
                .map_err(|(i, why)| {
                    let at = named.get(i).or(named.first());
                    let kind = ParseErrorKind::BadArguments(why);
                    match at {
                        Some(w) => w.error(kind),
                        None => ParseError::new(kind),
                    }
                })?;
            named.clear();
            Ok::<(), ParseError>(())
        };
        let check = |c: Option<&Component>, word: &Option<Word<'_>>| -> Result<(), ParseError> {
            match (c, word) {
                (Some(c), Some(word)) => c.ruleset.check_arguments(&c.args).map_err(|why| {
                    // The argument to blame is found again only on error,
                    // so that checking costs nothing per argument.
                    let blamed = why
                        .index()
                        .and_then(|i| {
                            Words::new(text)
                                .skip_while(|w| (w.number, w.column) != (word.number, word.column))
                                .nth(i + 1)
                        })
                        .unwrap_or(*word);
                    blamed.error(ParseErrorKind::BadArguments(why))
                }),
                _ => Ok(()),
            }
        };
        for word in Words::new(text) {
            if word.text == "+" {
                if expect_component {
                    return Err(word.error(ParseErrorKind::DanglingPlus));
                }
                read_named(components.last_mut(), &mut named)?;
                check(components.last(), &ruleset_word)?;
                expect_component = true;
                last_plus = Some(word);
            } else if expect_component {
                let ruleset = self.ruleset(&word)?;
                components.push(Component::unchecked(ruleset, Vec::new()));
                expect_component = false;
                ruleset_word = Some(word);
            } else if let Some(c) = components.last_mut() {
                match c.args.numbers_mut() {
                    Some(numbers) if !c.ruleset.has_named_arguments() => {
                        numbers.push(heap_size(&word)?);
                    }
                    _ => named.push(word),
                }
            }
        }
        if components.is_empty() {
            return Err(ParseError::new(ParseErrorKind::Empty));
        }
        if let (true, Some(plus)) = (expect_component, last_plus) {
            return Err(plus.error(ParseErrorKind::DanglingPlus));
        }
        read_named(components.last_mut(), &mut named)?;
        check(components.last(), &ruleset_word)?;
        Ok(Position { components })
    }

    /// Makes `ruleset` the meaning of its word in every position this
    /// parser reads, kept for the parser's life: how a caller that read a
    /// graph file gives `digraph:FILE` its graph (the library reads no
    /// files), and how a session reads positions typed against its own.
    ///
    /// ```
    /// use sprague::{PositionParser, ruleset::digraph};
    /// let graph = digraph::from_file_text("digraph:g.txt", "a b\nb c\n")?;
    /// let mut parser = PositionParser::new();
    /// parser.define(graph);
    /// let p = parser.parse("digraph:g.txt a b")?;
    /// assert_eq!(p.grundy_value()?, 1); // G(a) = 0, G(b) = 1
    /// assert_eq!(p.to_string(), "digraph:g.txt a b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn define(&mut self, ruleset: Ruleset) {
        self.defined.insert(ruleset.word().into(), ruleset);
    }

    /// Whether `word` was given a ruleset by [`PositionParser::define`].
    pub fn is_defined(&self, word: &str) -> bool {
        self.defined.contains_key(word)
    }

    fn ruleset(&mut self, word: &Word<'_>) -> Result<Ruleset, ParseError> {
        if !self.defined.is_empty() {
            if let Some(r) = self.defined.get(word.text) {
                return Ok(r.clone());
            }
        }
        if let Some((last, r)) = &self.last {
            if **last == *word.text {
                return Ok(r.clone());
            }
        }
        if let Some(r) = self.rulesets.get(word.text) {
            self.last = Some((word.text.into(), r.clone()));
            return Ok(r.clone());
        }
        if self.rulesets.len() >= MAX_CACHED_RULESETS {
            // Bound the memory held by tables of rulesets seen long ago.
            self.rulesets.clear();
        }
        let r = Ruleset::parse_kind(word.text).map_err(|kind| word.error(kind))?;
        self.rulesets.insert(word.text.to_string(), r.clone());
        self.last = Some((word.text.into(), r.clone()));
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        text.parse::<Position>().unwrap_err()
    }

    #[test]
    fn words_and_plus() {
        let p: Position = "nim 3+nim 4 ".parse().unwrap();
        assert_eq!(p.to_string(), "nim 3 + nim 4");
        let p: Position = "  nim\t3  4 ".parse().unwrap();
        assert_eq!(p.to_string(), "nim 3 4");
        assert_eq!("nim".parse::<Position>().unwrap().heap_count(), 0);
        assert_eq!("nim 007".parse::<Position>().unwrap().to_string(), "nim 7");
    }

    #[test]
    fn bad_input_names_the_word_and_its_place() {
        let e = err("nim 3 x");
        assert_eq!(
            (e.word(), e.word_number(), e.column()),
            (Some("x"), Some(3), Some(7))
        );
        assert_eq!(e.kind(), &ParseErrorKind::NotAHeapSize);

        let e = err("nim -1");
        assert_eq!(
            (e.word(), e.kind()),
            (Some("-1"), &ParseErrorKind::NegativeHeap)
        );

        let e = err("nim 18446744073709551616");
        assert_eq!(e.kind(), &ParseErrorKind::HeapTooLarge);
        assert_eq!(e.word(), Some("18446744073709551616"));
        assert_eq!(
            "nim 18446744073709551615"
                .parse::<Position>()
                .unwrap()
                .to_string(),
            "nim 18446744073709551615"
        );

        let e = err("foo 3");
        assert_eq!(e.word(), Some("foo"));
        assert!(matches!(
            e.kind(),
            ParseErrorKind::UnknownRuleset {
                did_you_mean: None,
                ..
            }
        ));

        let e = err("nim 3 +");
        assert_eq!(
            (e.word(), e.word_number(), e.column()),
            (Some("+"), Some(3), Some(7))
        );
        assert_eq!(e.kind(), &ParseErrorKind::DanglingPlus);

        let e = err("nim 3 ++ nim 4");
        assert_eq!(
            (e.word(), e.word_number(), e.column()),
            (Some("++"), Some(3), Some(8))
        );
        assert!(e
            .to_string()
            .starts_with("word 3 \"++\" (column 8, at \"+\"): "));
        let e = err("nim +3");
        assert_eq!((e.word(), e.word_number()), (Some("+3"), Some(2)));
        let e = err(&format!("nim {}", "\0".repeat(1_000_000)));
        assert!(e.to_string().len() < 300, "long words are shortened");
        let p: Position = "nim\u{b}3\u{a0}4".parse().unwrap();
        assert_eq!(p.to_string(), "nim 3 4");

        let e = err("+ nim 3");
        assert_eq!(
            (e.word_number(), e.kind()),
            (Some(1), &ParseErrorKind::DanglingPlus)
        );

        assert_eq!(err("").kind(), &ParseErrorKind::Empty);
        assert_eq!(err(" \t ").kind(), &ParseErrorKind::Empty);

        let e = err("nim 3 nim 4");
        assert_eq!(
            (e.word(), e.kind()),
            (Some("nim"), &ParseErrorKind::MissingPlus)
        );

        let e = err("nim 3 4.5");
        assert_eq!(e.kind(), &ParseErrorKind::NotAHeapSize);
        let e = err("nim ３");
        assert_eq!(e.kind(), &ParseErrorKind::NotAHeapSize);
    }

    #[test]
    fn columns_count_characters() {
        let e = err("nim ⊕ x");
        assert_eq!((e.word(), e.column()), (Some("⊕"), Some(5)));
        let e = err("nim 1 é");
        assert_eq!(e.column(), Some(7));
    }
}
