//! A row of cards from which a move takes L to R consecutive cards
//! (AtCoder ABC278 G, "Generalized Subtraction Game"; Kayles is the row
//! with L = 1, R = 2).
//!
//! **Notation.** `cards:L-R ROW ...` (`cards:K` takes exactly K). Each word
//! is one row of cards numbered from 1: `10` is the full row of 10 cards,
//! `10:5-7,9` the row of 10 with cards 5 to 7 and 9 already taken. A move
//! names the cards it takes, `take cards 5-7`; it must take between L and
//! R cards, all still in the row and next to each other (no gap between
//! them).
//!
//! **The theorem.** A run of `s` cards with no gap is the heap `s` of the
//! octal game whose digits 1 to L − 1 are 0 and L to R are 7 (take `k`
//! tokens, L ≤ k ≤ R, leaving none, one or two heaps: the cards left of
//! the taken ones and those right of them). A row is worth the nim-sum of
//! its runs' values, and rows are games of their own (the Sprague-Grundy
//! theorem). The values come from the octal game's nim-sequence, with its
//! period where the periodicity theorem of Guy and Smith (1956) proves one
//! (so rows of any length up to 2^64 − 1 are answered when it does).
//!
//! ```
//! use sprague::{Outcome, Play, Position};
//! // Taking 2 or 3 cards from a row of 10: the octal game 0.077.
//! let p: Position = "cards:2-3 10".parse()?;
//! assert_eq!(p.grundy_value()?, "octal:0.077 10".parse::<Position>()?.grundy_value()?);
//! // The row with cards 4 to 6 taken is two runs, of 3 and 4 cards.
//! let q: Position = "cards:2-3 10:4-6".parse()?;
//! let runs: Position = "octal:0.077 3 4".parse()?;
//! assert_eq!(q.grundy_value()?, runs.grundy_value()?);
//! assert_eq!(q.outcome(Play::Normal)?, runs.outcome(Play::Normal)?);
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use super::rules::{Pick, PickNames, Rules, Visit};
use super::{ArgumentError, MoveKind, Ruleset};
use crate::error::ParseErrorKind;
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Place};

/// The most cards one move may take (R): the octal code has R digits.
pub const MAX_TAKE: u64 = 1 << 16;

/// One row of cards: its length and the runs of cards already taken, as
/// inclusive `(first, last)` card numbers from 1, increasing and apart
/// (two runs of taken cards never touch: they are written as one).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    cards: u64,
    taken: Vec<(u64, u64)>,
}

impl Row {
    /// Reads `N` (a full row of N cards) or `N:A-B,C,...` (the row with
    /// those cards taken; in any order, each card at most once).
    ///
    /// # Errors
    /// Why the word is no row, in words.
    pub fn parse(word: &str) -> Result<Row, String> {
        let example = "write a row as its number of cards, 10, or with the cards taken, 10:4-6,9";
        let (n, list) = match word.split_once(':') {
            Some((n, l)) => (n, Some(l)),
            None => (word, None),
        };
        let cards: u64 = n.parse().map_err(|_| {
            format!("`{n}` in {word} is not a number of cards (0 to 2^64 - 1): {example}")
        })?;
        let mut taken = Vec::new();
        for item in list.into_iter().flat_map(|l| l.split(',')) {
            let card = |s: &str| -> Result<u64, String> {
                let c: u64 = s
                    .parse()
                    .map_err(|_| format!("`{s}` in {word} is not a card number: {example}"))?;
                if c == 0 || c > cards {
                    return Err(format!(
                        "card {c} in {word} is not in a row of {cards}: cards are numbered from 1 \
                         to {cards}"
                    ));
                }
                Ok(c)
            };
            let (a, b) = match item.split_once('-') {
                Some((a, b)) => (card(a)?, card(b)?),
                None => (card(item)?, card(item)?),
            };
            if a > b {
                return Err(format!(
                    "`{item}` in {word} runs backwards: write the first card first"
                ));
            }
            taken.push((a, b));
        }
        taken.sort_unstable();
        for w in taken.windows(2) {
            if w[1].0 <= w[0].1 {
                return Err(format!(
                    "card {} is taken twice in {word}: each card is listed at most once",
                    w[1].0
                ));
            }
        }
        Ok(Row::new(cards, taken))
    }

    /// The row of `cards` cards with the sorted, disjoint runs `taken`
    /// gone, runs that touch merged.
    fn new(cards: u64, taken: Vec<(u64, u64)>) -> Row {
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(taken.len());
        for (a, b) in taken {
            match merged.last_mut() {
                Some(last) if last.1.checked_add(1) == Some(a) => last.1 = b,
                _ => merged.push((a, b)),
            }
        }
        Row {
            cards,
            taken: merged,
        }
    }

    /// The runs of cards still in the row, as (first card, length).
    pub fn runs(&self) -> Vec<(u64, u64)> {
        let mut out = Vec::with_capacity(self.taken.len() + 1);
        // The first card after the last block taken (None past 2^64 - 1).
        let mut next = Some(1u64);
        for &(a, b) in &self.taken {
            if let Some(n) = next.filter(|&n| a > n) {
                out.push((n, a - n));
            }
            next = b.checked_add(1);
        }
        if let Some(n) = next.filter(|&n| self.cards >= n) {
            out.push((n, self.cards - n + 1));
        }
        out
    }

    /// Whether cards `a` to `b` are all still in the row.
    fn holds(&self, a: u64, b: u64) -> bool {
        a >= 1 && a <= b && b <= self.cards && self.taken.iter().all(|&(x, y)| y < a || x > b)
    }

    /// The row after cards `a` to `b` are taken.
    fn without(&self, a: u64, b: u64) -> Row {
        let mut taken = self.taken.clone();
        let at = taken.partition_point(|&(x, _)| x < a);
        taken.insert(at, (a, b));
        Row::new(self.cards, taken)
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.cards)?;
        for (i, &(a, b)) in self.taken.iter().enumerate() {
            f.write_str(if i == 0 { ":" } else { "," })?;
            if a == b {
                write!(f, "{a}")?;
            } else {
                write!(f, "{a}-{b}")?;
            }
        }
        Ok(())
    }
}

/// The position of a `cards` component: its rows, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rows(pub Vec<Row>);

crate::typed_position!(Rows, {
    fn argument_count(&self) -> usize {
        self.0.len()
    }
    fn size(&self) -> usize {
        self.0.iter().map(|r| r.taken.len() + 1).sum()
    }
});

fn take(part: usize, a: u64, b: u64) -> Action {
    Action::Pick {
        part,
        at: a,
        and: Some(b),
    }
}

/// The cards ruleset: take `least` to `most` consecutive cards, valued
/// through its octal game (kept with the ruleset, shared by its clones).
#[derive(Debug)]
pub struct Cards {
    least: u64,
    most: u64,
    octal: Ruleset,
}

impl Cards {
    /// Take `least` to `most` consecutive cards, 1 ≤ least ≤ most ≤
    /// [`MAX_TAKE`] (checked by [`parse`]).
    fn new(least: u64, most: u64) -> Result<Cards, ParseErrorKind> {
        let code: String = (1..=most)
            .map(|k| if k < least { '0' } else { '7' })
            .collect();
        Ok(Cards {
            least,
            most,
            octal: Ruleset::parse(&format!("octal:0.{code}")).map_err(|e| e.kind().clone())?,
        })
    }

    /// G(s) of the octal game: a run of `s` cards.
    fn g(&self, s: u64, limits: &Limits) -> Result<u64, Error> {
        if s < self.least {
            return Ok(0);
        }
        self.octal
            .heap_value(s, limits)
            .map_err(|e| e.naming(&format!("{} (a run of cards)", self.canonical())))
    }

    fn row_value(&self, row: &Row, limits: &Limits) -> Result<u64, Error> {
        let mut v = 0;
        for (_, s) in row.runs() {
            v ^= self.g(s, limits)?;
        }
        Ok(v)
    }

    fn basis(&self) -> Basis {
        Basis::Rule {
            word: "cards",
            name: "a run of s cards is the heap s of the octal game whose digits L to R are 7 \
                   (take L to R tokens, leaving none, one or two heaps); a row is the nim-sum \
                   of its runs (Sprague-Grundy; the octal game's period by Guy and Smith 1956)",
        }
    }

    /// The number of moves in a run of `s` cards: Σ over k of s − k + 1.
    fn run_moves(&self, s: u64) -> u64 {
        (self.least..=self.most.min(s)).fold(0u64, |t, k| t.saturating_add(s - k + 1))
    }
}

impl Rules for Cards {
    type Position = Rows;

    fn canonical(&self) -> String {
        if self.least == self.most {
            format!("cards:{}", self.least)
        } else {
            format!("cards:{}-{}", self.least, self.most)
        }
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<Rows, (usize, ArgumentError)> {
        let mut rows = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            rows.push(Row::parse(w).map_err(|e| (i, ArgumentError::BadShape(e.into())))?);
        }
        Ok(Rows(rows))
    }

    fn write_argument(&self, args: &Rows, index: usize, f: &mut dyn fmt::Write) -> fmt::Result {
        match args.0.get(index) {
            Some(row) => write!(f, "{row}"),
            None => Ok(()),
        }
    }

    fn argument_alone(&self, args: &Rows, index: usize) -> Option<Rows> {
        Some(Rows(vec![args.0.get(index)?.clone()]))
    }

    fn valued(&self, args: &Rows, limits: &Limits) -> Result<(u64, Basis), Error> {
        let mut v = 0;
        for row in &args.0 {
            v ^= self.row_value(row, limits)?;
        }
        Ok((v, self.basis()))
    }

    fn closed_value(&self, _: &Rows) -> Option<u64> {
        None
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &Rows, _: &Limits) -> Result<bool, Error> {
        Ok(args
            .0
            .iter()
            .any(|r| r.runs().iter().any(|&(_, s)| s >= self.least)))
    }

    /// Every move: in each run, every block of `least` to `most` cards.
    fn moves(&self, args: &Rows, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        let total = args.0.iter().fold(0u64, |t, r| {
            r.runs()
                .iter()
                .fold(t, |t, &(_, s)| t.saturating_add(self.run_moves(s)))
        });
        super::reserve(out, total, limits)?;
        for (part, row) in args.0.iter().enumerate() {
            for (first, s) in row.runs() {
                for i in 0..=s.saturating_sub(self.least) {
                    for k in self.least..=self.most.min(s - i) {
                        out.push(take(part, first + i, first + i + k - 1));
                    }
                }
            }
        }
        Ok(())
    }

    /// The blocks whose taking makes the value `target`: in a run of `s`
    /// taking `k` cards after the first `i` leaves `G(i) ⊕ G(s − k − i)`.
    /// O(s · (R − L + 1)) lookups a run, stopping when `f` breaks.
    ///
    /// # Errors
    /// [`Error::StateLimit`] past `limits.max_states` ×
    /// [`DEFAULT_WORK_PER_STATE`](crate::DEFAULT_WORK_PER_STATE) blocks
    /// looked at (an analysis keeps the value and outcome and marks the
    /// list cut short); the octal game's own limits on its values.
    fn moves_to(
        &self,
        args: &Rows,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        // Moves are looked at one by one, and the caller may stop early
        // (the first few winning moves of a long row); the looking is
        // bounded by the work a search may do.
        let allowed = (limits.max_states as u64).saturating_mul(crate::DEFAULT_WORK_PER_STATE);
        let mut looked = 0u64;
        for (part, row) in args.0.iter().enumerate() {
            for (first, s) in row.runs() {
                let want = self.g(s, limits)? ^ value ^ target;
                // By first card, then by size: a long row's first winning
                // moves come early whatever their size.
                for i in 0..=s.saturating_sub(self.least) {
                    for k in self.least..=self.most.min(s - i) {
                        looked += 1;
                        if looked.is_multiple_of(1 << 16) {
                            crate::budget::check()?;
                        }
                        if looked > allowed {
                            // The value and outcome stand; the list of
                            // moves is what the limit cut short.
                            return Err(Error::StateLimit {
                                limit: limits.max_states,
                            });
                        }
                        if self.g(i, limits)? ^ self.g(s - k - i, limits)? == want
                            && f(take(part, first + i, first + i + k - 1)).is_break()
                        {
                            return Ok(ControlFlow::Break(()));
                        }
                    }
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// A row with a run of at least L cards, then a block size and a place
    /// in one such run, each uniformly.
    fn random_move(
        &self,
        args: &Rows,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let runs: Vec<(usize, u64, u64)> = args
            .0
            .iter()
            .enumerate()
            .flat_map(|(p, r)| r.runs().into_iter().map(move |(a, s)| (p, a, s)))
            .filter(|&(_, _, s)| s >= self.least)
            .collect();
        if runs.is_empty() {
            return Ok(None);
        }
        let (part, first, s) = runs[pick(runs.len() as u64) as usize];
        let k = self.least + pick(self.most.min(s) - self.least + 1);
        let i = pick(s - k + 1);
        Ok(Some(take(part, first + i, first + i + k - 1)))
    }

    fn check(&self, word: &str, args: &Rows, action: &Action) -> Result<(), IllegalMoveKind> {
        let forbidden = |rule| IllegalMoveKind::Forbidden {
            ruleset: word.into(),
            rule,
        };
        let Action::Pick {
            part,
            at,
            and: Some(last),
        } = *action
        else {
            return Err(forbidden(
                "a move takes a block of cards, named by its first and last card (5-7)",
            ));
        };
        let Some(row) = args.0.get(part) else {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Part,
                index: part,
                count: args.0.len(),
            });
        };
        let count = last.checked_sub(at).map(|d| d.saturating_add(1));
        if !count.is_some_and(|k| (self.least..=self.most).contains(&k)) {
            return Err(forbidden(
                "a move takes from L to R cards next to each other (cards:L-R), or exactly K \
                 (cards:K)",
            ));
        }
        if !row.holds(at, last) {
            return Err(forbidden(
                "a move takes cards still in the row (numbered from 1 to its length), with no \
                 gap between them",
            ));
        }
        Ok(())
    }

    fn apply(&self, args: &mut Rows, action: &Action) {
        if let Action::Pick {
            part,
            at,
            and: Some(last),
        } = *action
        {
            if let Some(row) = args.0.get_mut(part) {
                *row = row.without(at, last);
            }
        }
    }

    fn canonicalize(&self, args: &mut Rows) {
        args.0.sort_unstable();
    }

    fn write_move(
        &self,
        word: &str,
        args: &Rows,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let (
            &Action::Pick {
                part,
                at,
                and: Some(last),
            },
            Some(row),
        ) = (
            action,
            args.0.get(match action {
                Action::Pick { part, .. } => *part,
                _ => usize::MAX,
            }),
        )
        else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let after = row.without(at, last);
        let cards = if at == last {
            format!("{at}")
        } else {
            format!("{at}-{last}")
        };
        let noun = if at == last { "card" } else { "cards" };
        let one = args.0.len() == 1;
        let n = part + 1;
        match form {
            MoveForm::Listed if one => write!(f, "{word} take {cards} (-> {after})"),
            MoveForm::Listed => write!(f, "{word} row {n}: take {cards} (-> {after})"),
            MoveForm::Short if one => write!(f, "{cards}"),
            MoveForm::Short => write!(f, "{n} {cards}"),
            _ if one => write!(f, "take {noun} {cards} ({row} -> {after})"),
            _ => write!(f, "take {noun} {cards} of row {n} ({row} -> {after})"),
        }
    }

    /// `5-7` or `5` (one card), in row `place`.
    fn named_move(&self, args: &Rows, place: usize, name: &str) -> Option<Action> {
        args.0.get(place)?;
        let (a, b) = match name.split_once('-') {
            Some((a, b)) => (a.parse().ok()?, b.parse().ok()?),
            None => {
                let a = name.parse().ok()?;
                (a, a)
            }
        };
        Some(take(place, a, b))
    }

    /// The block that turns `before` into `after`: one row loses one
    /// block of cards.
    fn actions_between(&self, before: &Rows, after: &Rows) -> Vec<Action> {
        if before.0.len() != after.0.len() {
            return Vec::new();
        }
        let changed: Vec<usize> = (0..before.0.len())
            .filter(|&i| before.0[i] != after.0[i])
            .collect();
        let [i] = changed[..] else {
            return Vec::new();
        };
        let (b, a) = (&before.0[i], &after.0[i]);
        if a.cards != b.cards {
            return Vec::new();
        }
        // The cards now taken that were not: the parts of `after`'s taken
        // runs that `before` had not taken, which must make one block (in
        // time linear in the runs, whatever the row's length).
        let mut gone: Vec<(u64, u64)> = Vec::new();
        for &(p, q) in &a.taken {
            let mut next = Some(p);
            for &(x, y) in b.taken.iter().filter(|&&(x, y)| y >= p && x <= q) {
                if let Some(n) = next.filter(|&n| x > n) {
                    gone.push((n, x - 1));
                }
                next = y.checked_add(1);
            }
            if let Some(n) = next.filter(|&n| n <= q) {
                gone.push((n, q));
            }
        }
        match gone[..] {
            [(x, y)] if b.without(x, y) == *a => vec![take(i, x, y)],
            _ => Vec::new(),
        }
    }

    fn pick_names(&self, _: &Rows, action: &Action) -> Option<PickNames> {
        match *action {
            Action::Pick {
                part,
                at,
                and: Some(last),
            } => Some(PickNames::Taken {
                part,
                names: vec![if at == last {
                    at.to_string()
                } else {
                    format!("{at}-{last}")
                }],
            }),
            _ => None,
        }
    }

    /// Each row's runs and the heaps of the octal game they are.
    fn value_steps(&self, args: &Rows) -> Vec<String> {
        let limits = Limits::default();
        args.0
            .iter()
            .map(|row| {
                let parts: Vec<String> = row
                    .runs()
                    .iter()
                    .map(|&(first, s)| {
                        let g = self
                            .g(s, &limits)
                            .map_or_else(|_| "?".to_string(), |g| g.to_string());
                        let cards = if s == 1 {
                            format!("card {first}")
                        } else {
                            format!("cards {first}-{}", first + s - 1)
                        };
                        format!("{cards} -> heap {s} (G = {g})")
                    })
                    .collect();
                if parts.is_empty() {
                    format!("{row}: no card left")
                } else {
                    format!("{row}: {}", parts.join(", "))
                }
            })
            .collect()
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A row of {word} is an octal game on its runs: a run of s cards with no gap is the \
             heap s of the game whose digits {} to {} are 7 (take that many tokens, leaving \
             none, one or two heaps: the cards left and right of the block taken), and a row is \
             worth the nim-sum of its runs' values.",
            self.least, self.most
        )
    }

    fn move_summary(&self) -> Option<String> {
        Some(format!(
            "take {} consecutive cards still in a row, named by the first and last (`5-7`, or \
             `2 5-7` in row 2)",
            if self.least == self.most {
                format!("exactly {}", self.least)
            } else {
                format!("{} to {}", self.least, self.most)
            }
        ))
    }
}

/// Parses `cards:L-R` or `cards:K`.
pub(crate) fn parse(
    _: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    let bad = |why: String| ParseErrorKind::BadRuleset(why);
    let Some(text) = param else {
        return Err(bad(
            "cards needs how many cards a move takes: cards:2-3 takes 2 or 3 consecutive cards, \
             cards:2 exactly 2"
                .into(),
        ));
    };
    let number = |s: &str| -> Result<u64, ParseErrorKind> {
        s.parse().map_err(|_| {
            bad(format!(
                "`{s}` in cards:{text} is not a number of cards: write cards:L-R (take L to R \
                 consecutive cards) or cards:K"
            ))
        })
    };
    let (least, most) = match text.split_once('-') {
        Some((l, r)) => (number(l)?, number(r)?),
        None => (number(text)?, number(text)?),
    };
    if least == 0 || least > most {
        return Err(bad(format!(
            "cards:{text}: a move takes L to R cards with 1 ≤ L ≤ R"
        )));
    }
    if most > MAX_TAKE {
        return Err(bad(format!(
            "cards:{text}: a move takes at most {MAX_TAKE} cards (R is the length of the octal \
             code the values come from)"
        )));
    }
    Ok(Box::new(Cards::new(least, most)?))
}
