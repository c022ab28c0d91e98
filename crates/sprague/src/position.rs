//! Positions: disjunctive sums of components, their notation (SPEC section
//! 1), and playing moves on them.

use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::args::Args;
use crate::error::ParseErrorKind;
use crate::{Action, Error, IllegalMoveKind, Limits, Move, ParseError, Place, Play, Ruleset};

/// One component of a position: a ruleset and its arguments (heap sizes, or
/// coins on steps for staircase Nim).
///
/// Built by parsing a position or with the checked [`Component::new`], so
/// that every component satisfies its ruleset's invariants (a staircase
/// holds at most 2^64 - 1 coins in all) and prints as text that parses back
/// to it.
///
/// ```
/// use sprague::{Component, Ruleset};
/// let c = Component::new(Ruleset::nim(), vec![3, 4, 5])?;
/// assert_eq!(c.to_string(), "nim 3 4 5");
/// let stairs = "staircase".parse::<Ruleset>()?;
/// assert!(Component::new(stairs, vec![u64::MAX, 1]).is_err());
/// # Ok::<(), sprague::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Component {
    ruleset: Ruleset,
    args: Args,
}

impl Component {
    /// A component of `ruleset` with the given arguments (heap sizes, or
    /// the coins on each step of a staircase), checked as the position
    /// parser checks them.
    ///
    /// # Errors
    /// A [`ParseError`] of kind
    /// [`BadArguments`](crate::ParseErrorKind::BadArguments) when the
    /// ruleset cannot take these arguments (a staircase holding more than
    /// 2^64 - 1 coins in all, which a move could gather on one step).
    pub fn new(ruleset: Ruleset, heaps: Vec<u64>) -> Result<Component, ParseError> {
        Component::with_args(ruleset, Args::from(heaps))
    }

    /// A component of `ruleset` at the position `args`, of the ruleset's own
    /// position type ([`Rules::Position`](crate::Rules::Position)), checked
    /// as the position parser checks it.
    ///
    /// # Errors
    /// A [`ParseError`] of kind
    /// [`BadArguments`](crate::ParseErrorKind::BadArguments) when `args` is
    /// not a position of this ruleset (of another type, or breaking its
    /// invariants).
    pub fn with_args(ruleset: Ruleset, args: Args) -> Result<Component, ParseError> {
        if !ruleset.rules().accepts(&args) {
            return Err(ParseError::new(ParseErrorKind::BadArguments(
                crate::ArgumentError::OtherGame,
            )));
        }
        ruleset
            .check_arguments(&args)
            .map_err(|why| ParseError::new(ParseErrorKind::BadArguments(why)))?;
        Ok(Component { ruleset, args })
    }

    /// A component whose arguments are known to satisfy the ruleset's
    /// invariants (parsed, or reached by a legal move from such a one).
    pub(crate) fn unchecked(ruleset: Ruleset, heaps: Vec<u64>) -> Component {
        Component {
            ruleset,
            args: Args::from(heaps),
        }
    }

    /// A component at a position known to be of the ruleset's type.
    pub(crate) fn unchecked_args(ruleset: Ruleset, args: Args) -> Component {
        Component { ruleset, args }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The position, of the ruleset's own type, type-erased.
    pub fn args(&self) -> &Args {
        &self.args
    }

    /// The heap sizes (the numbers of a ruleset whose position is
    /// [`Numbers`](crate::Numbers): heaps, coins on steps, a pair, the nodes
    /// tokens stand on), in the order given; empty for a position of a
    /// type of its own (Hackenbush pictures: see [`Component::args`]).
    pub fn heaps(&self) -> &[u64] {
        self.args.numbers_or_empty()
    }

    /// The number of arguments (heaps, tokens, pictures).
    pub fn argument_count(&self) -> usize {
        self.ruleset.rules().argument_count(&self.args)
    }
}

impl fmt::Display for Component {
    /// The ruleset word followed by the heap sizes, separated by single
    /// spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ruleset.word())?;
        if let (Some(numbers), false) = (self.args.numbers(), self.ruleset.has_named_arguments()) {
            let mut buf = itoa::Buffer::new();
            for &h in numbers {
                f.write_str(" ")?;
                f.write_str(buf.format(h))?;
            }
            return Ok(());
        }
        self.ruleset.rules().write_position(&self.args, f)
    }
}

/// A position: a disjunctive sum of components (Winning Ways, ch. 2; Conway,
/// On Numbers and Games, ch. 11). A move is made in exactly one component.
///
/// Parsed from and printed in the notation of SPEC section 1: components
/// joined by `+`, each a ruleset word followed by heap sizes from 0 to
/// 2^64 - 1. Printing normalises spacing and keeps ruleset words as
/// written, so printing and parsing again gives the same position.
///
/// The empty position (no components) is a P-position under normal play;
/// it is written as a component with no heaps, e.g. `nim`, or built with
/// [`Position::default`].
///
/// ```
/// use sprague::{Position, Outcome, Play};
/// let p: Position = "nim 3   4 5 +sub:1,2 10".parse()?;
/// assert_eq!(p.to_string(), "nim 3 4 5 + sub:1,2 10");
/// assert_eq!("nim 1 2 3".parse::<Position>()?.outcome(Play::Normal)?, Outcome::P);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    components: Vec<Component>,
}

impl Position {
    /// A position made of the given components.
    pub fn new(components: Vec<Component>) -> Position {
        Position { components }
    }

    /// A one-component Nim position with the given heap sizes.
    ///
    /// ```
    /// assert_eq!(sprague::Position::nim(&[3, 4, 5]).to_string(), "nim 3 4 5");
    /// ```
    pub fn nim(heaps: &[u64]) -> Position {
        Position::new(vec![Component::unchecked(Ruleset::nim(), heaps.to_vec())])
    }

    /// The components, in the order given.
    pub fn components(&self) -> &[Component] {
        &self.components
    }

    /// Whether the position has no component at all.
    pub fn is_empty(&self) -> bool {
        self.components.is_empty()
    }

    /// The total number of heaps (arguments) over all components.
    pub fn heap_count(&self) -> usize {
        self.components.iter().map(Component::argument_count).sum()
    }

    /// Every legal move, component by component, heap by heap.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when a heap has more options than
    /// `limits.max_states` (for example a Nim heap of 10^12).
    pub fn moves(&self, limits: &Limits) -> Result<Vec<Move>, Error> {
        let mut moves = Vec::new();
        let mut actions = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            actions.clear();
            c.ruleset.component_moves(&c.args, limits, &mut actions)?;
            moves.extend(actions.drain(..).map(|action| self.make_move(i, action)));
        }
        Ok(moves)
    }

    /// Whether any move is left (the game is over when none is), decided
    /// without listing the moves where the rules make it plain (a Nim heap
    /// above 0); cheap for huge heaps.
    ///
    /// ```
    /// use sprague::{Limits, Position};
    /// let limits = Limits::default();
    /// assert!(!"nim 0 0 + sub:3,4 2".parse::<Position>()?.has_moves(&limits)?);
    /// assert!("nim 0 18446744073709551615".parse::<Position>()?.has_moves(&limits)?);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    ///
    /// # Errors
    /// Errors of a ruleset's tables other than the state limit (a component
    /// with too many moves to list has moves).
    pub fn has_moves(&self, limits: &Limits) -> Result<bool, Error> {
        for c in &self.components {
            if c.ruleset.component_has_moves(&c.args, limits)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A move in component `component` of this position.
    pub(crate) fn make_move(&self, component: usize, action: Action) -> Move {
        Move { component, action }
    }

    /// The position after `mv`, which is checked to be legal here.
    ///
    /// Components and heaps keep their places: a heap taken to nothing stays
    /// as 0, a heap that splits is replaced in place by its parts in
    /// increasing order.
    ///
    /// # Errors
    /// [`Error::IllegalMove`] saying why, when the move does not fit this
    /// position or its ruleset forbids it.
    pub fn play(&self, mv: &Move) -> Result<Position, Error> {
        let Some(c) = self.components.get(mv.component) else {
            return Err(Error::IllegalMove(
                IllegalMoveKind::NoSuch {
                    place: Place::Component,
                    index: mv.component,
                    count: self.components.len(),
                }
                .into(),
            ));
        };
        c.ruleset
            .check(&c.args, &mv.action)
            .map_err(|kind| Error::IllegalMove(kind.into()))?;
        Ok(self.play_unchecked(mv))
    }

    /// The position after a move known to be legal here.
    pub(crate) fn play_unchecked(&self, mv: &Move) -> Position {
        let mut after = self.clone();
        let c = &mut after.components[mv.component];
        c.ruleset.apply(&mut c.args, &mv.action);
        after
    }

    /// A representative of the positions with the same game tree, for
    /// search keys: heaps of heap games sorted and without zeros, components
    /// without heaps dropped.
    pub(crate) fn canonical(&self) -> Position {
        let mut components: Vec<Component> = self
            .components
            .iter()
            .map(|c| {
                let mut args = c.args.clone();
                c.ruleset.canonicalize(&mut args);
                Component::unchecked_args(c.ruleset.clone(), args)
            })
            .filter(|c| c.argument_count() > 0)
            .collect();
        // Numbers in order; typed positions by a fixed hash (equal ones
        // side by side: the order only makes equal sums equal keys).
        let typed_key = |c: &Component| {
            if c.args.numbers().is_some() {
                return 0;
            }
            let mut h = rustc_hash::FxHasher::default();
            c.args.hash(&mut h);
            h.finish()
        };
        components.sort_by(|a, b| {
            (a.ruleset.word(), a.heaps(), typed_key(a)).cmp(&(
                b.ruleset.word(),
                b.heaps(),
                typed_key(b),
            ))
        });
        Position { components }
    }

    /// The Grundy value under normal play, with default [`Limits`].
    ///
    /// # Errors
    /// As for [`Analyzer::analyze`](crate::Analyzer::analyze).
    pub fn grundy_value(&self) -> Result<u64, Error> {
        crate::Analyzer::default().grundy_value(self)
    }

    /// The outcome class under `play`, with default [`Limits`].
    ///
    /// # Errors
    /// As for [`Analyzer::analyze`](crate::Analyzer::analyze).
    pub fn outcome(&self, play: Play) -> Result<crate::Outcome, Error> {
        Ok(crate::Analyzer::default()
            .analyze(self, play, Some(0))?
            .outcome)
    }

    /// All winning moves under `play`, with default [`Limits`]: every move to
    /// a P-position. Empty for a P-position.
    ///
    /// # Errors
    /// As for [`Analyzer::analyze`](crate::Analyzer::analyze).
    pub fn winning_moves(&self, play: Play) -> Result<Vec<Move>, Error> {
        Ok(crate::Analyzer::default()
            .analyze(self, play, None)?
            .winning_moves)
    }
}

impl fmt::Display for Position {
    /// The normalised notation: components joined by ` + `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.components.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Position, ParseError> {
        PositionParser::new().parse(text)
    }
}

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
        assert_eq!(
            (e.word(), e.kind()),
            (
                Some("foo"),
                &ParseErrorKind::UnknownRuleset { did_you_mean: None }
            )
        );

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
