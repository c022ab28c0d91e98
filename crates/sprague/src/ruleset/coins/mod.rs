//! Coin-turning games (Winning Ways, ch. 14; Conway, On Numbers and Games,
//! ch. 6): a row of coins shows heads (`H`) and tails (`T`); a move turns
//! over a set of coins the rule allows, the rightmost of them going from
//! heads to tails. A row is worth the nim-sum of its heads, each head
//! being the game of that coin alone (the coin-by-coin nim-sum), whose
//! value is the mex of the nim-sums of the other coins of its moves.
//!
//! | word | move | coins from | a head on coin n is worth |
//! |---|---|---|---|
//! | `turtles` | one or two coins | 1 | n (Turning Turtles is Nim) |
//! | `twins` | exactly two coins | 0 | n |
//! | `mock` | one, two or three coins | 0 | the n-th odious number |
//! | `ruler` | a run of consecutive coins | 1 | the largest power of 2 dividing n |
//! | `rulerette` | a run of at least two | 1 | half of that, rounded down |
//! | `coins:SPEC` | a rule in the notation below | 1 (`from0`: 0) | the mex, by the definition |
//!
//! `coins:SPEC` is a count of coins turned (`2`, `1-3`, `2-any`, or `any`), then options after commas: `c` (the coins are consecutive),
//! `wD` (every coin turned lies at most D left of the rightmost), `from0`
//! (coins numbered from 0). `coins:1-2` is Turning Turtles, `coins:any,c`
//! the Ruler game, `coins:1-3,from0` Mock Turtles.
//!
//! A row is written as its coins (`THHTH`, the leftmost coin first) or as
//! the numbers of its heads, where `a-b` stands for every coin from a to b
//! (`ruler 5 9-12`). A move names the coins it turns, `3.7` (coins 3 and
//! 7) or `4-9` (coins 4 to 9).
//!
//! Products of two coin-turning games on a grid are in [`product`].
//!
//! ```
//! use sprague::Position;
//! // Turning Turtles: heads on coins 2, 3, 5 are Nim heaps 2, 3, 5.
//! let p: Position = "turtles THHTH".parse()?;
//! assert_eq!(p.grundy_value()?, 2 ^ 3 ^ 5);
//! // Mock Turtles: coins 0, 1, 2 are worth 1, 2, 4.
//! let q: Position = "mock 0 1 2".parse()?;
//! assert_eq!(q.grundy_value()?, 7);
//! # Ok::<(), sprague::Error>(())
//! ```

mod closed;
pub mod grid;
pub mod product;
mod row;
pub mod rule;
mod spec;

use std::fmt;
use std::ops::ControlFlow;

use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::error::ParseErrorKind;
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm};
use row::parse_row;
pub use row::{is_head, read_runs, toggle, write_runs, CoinRow, MAX_ROW_LETTERS};
pub use rule::{CoinRule, Named, Runs, UserRule};
pub use spec::{parse_spec, rule_of, spec_text};

/// The basis of a row of a named game: the coin-by-coin nim-sum of closed
/// forms.
pub const COIN_SUM: Basis = Basis::Rule {
    word: "coins",
    name: "the coin-by-coin nim-sum: a row of coins is worth the nim-sum of its heads, \
           each worth its closed form (Winning Ways, ch. 14)",
};

/// The basis of a row of a rule given by its notation: the coin-by-coin
/// nim-sum of values by the definition.
pub const COIN_MEX: Basis = Basis::Rule {
    word: "coins-mex",
    name: "the coin-by-coin nim-sum, each head worth the mex of the nim-sums of the other \
           coins its moves turn (by the definition, tabled)",
};

/// The rules of one coin-turning game on a row.
#[derive(Debug)]
pub struct Coins {
    rule: CoinRule,
    canonical: String,
}

impl Coins {
    /// The rules of a game on a row.
    pub fn new(rule: CoinRule, canonical: String) -> Coins {
        Coins { rule, canonical }
    }

    /// The rule of the game.
    pub fn rule(&self) -> &CoinRule {
        &self.rule
    }

    fn total(&self, row: &CoinRow, limits: &Limits) -> Result<u64, Error> {
        let mut g = 0;
        for &(a, b) in &row.heads {
            g ^= self.rule.run_value(a, b, limits)?;
        }
        Ok(g)
    }

    fn basis(&self) -> Basis {
        if self.rule.is_closed() {
            COIN_SUM
        } else {
            COIN_MEX
        }
    }

    /// Every head whose number has bit `h` set, in increasing order, until
    /// `f` breaks: O(the heads visited + the blocks of 2^h numbers
    /// skipped between runs).
    fn each_head_with_bit(
        row: &CoinRow,
        h: u32,
        f: &mut dyn FnMut(u64) -> Result<ControlFlow<()>, Error>,
    ) -> Result<ControlFlow<()>, Error> {
        let bit = 1u64 << h;
        for &(a, b) in &row.heads {
            // The least number >= a with bit h set.
            let mut x = if a & bit != 0 {
                a
            } else {
                (a & !(bit - 1)) | bit
            };
            while x <= b && x >= a {
                if f(x)?.is_break() {
                    return Ok(ControlFlow::Break(()));
                }
                if x == b {
                    break;
                }
                x = if (x + 1) & bit != 0 {
                    x + 1
                } else {
                    // Past a block of numbers with bit h: the next block.
                    match (x + 1).checked_add(bit) {
                        Some(y) => y,
                        None => break,
                    }
                };
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Every head from coin `low` on, in increasing order, until `f`
    /// breaks.
    fn each_head_from(
        row: &CoinRow,
        low: u64,
        f: &mut dyn FnMut(u64) -> Result<ControlFlow<()>, Error>,
    ) -> Result<ControlFlow<()>, Error> {
        for &(a, b) in &row.heads {
            if b < low {
                continue;
            }
            let mut x = a.max(low);
            loop {
                if f(x)?.is_break() {
                    return Ok(ControlFlow::Break(()));
                }
                if x == b {
                    break;
                }
                x += 1;
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Every head, in increasing order, until `f` breaks.
    fn each_head(
        row: &CoinRow,
        f: &mut dyn FnMut(u64) -> Result<ControlFlow<()>, Error>,
    ) -> Result<ControlFlow<()>, Error> {
        Coins::each_head_from(row, 0, f)
    }

    fn write_row(&self, row: &CoinRow, f: &mut dyn fmt::Write) -> fmt::Result {
        match row.letters {
            Some(n) => {
                let o = self.rule.origin();
                for i in 0..n {
                    f.write_char(if is_head(&row.heads, o + i) { 'H' } else { 'T' })?;
                }
                Ok(())
            }
            None => {
                for (i, &(a, b)) in row.heads.iter().enumerate() {
                    if i > 0 {
                        f.write_char(' ')?;
                    }
                    match b - a {
                        0 => write!(f, "{a}")?,
                        1 => write!(f, "{a} {b}")?,
                        _ => write!(f, "{a}-{b}")?,
                    }
                }
                Ok(())
            }
        }
    }

    fn rule_text(&self) -> &'static str {
        match self.rule.as_named() {
            Some(Named::Turtles) => "turn one or two coins",
            Some(Named::Twins) => "turn exactly two coins",
            Some(Named::MockTurtles) => "turn one, two or three coins",
            Some(Named::Ruler) => "turn a run of consecutive coins",
            Some(Named::Rulerette) => "turn a run of at least two consecutive coins",
            None => "turn a set of coins the rule allows",
        }
    }
}

/// Turns a legal set into the action that turns it.
fn turn(coins: Runs) -> Action {
    Action::Turn {
        part: 0,
        coins,
        across: Vec::new(),
    }
}

impl Rules for Coins {
    type Position = CoinRow;

    fn canonical(&self) -> String {
        self.canonical.clone()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    /// The row of coins, heads and tails; `None` past
    /// [`MAX_DRAWN`](crate::drawing::MAX_DRAWN) coins.
    fn shape(&self, args: &CoinRow) -> Option<crate::drawing::Shape> {
        let first = self.rule.origin();
        let last = args.heads.last().map_or(first, |&(_, b)| b.max(first));
        let width = match args.letters {
            Some(n) => n,
            None => last - first + 1,
        };
        if width > crate::drawing::MAX_DRAWN {
            return None;
        }
        Some(crate::drawing::Shape::Coins {
            grid: false,
            first: [0, first],
            size: [1, width],
            heads: args
                .heads
                .iter()
                .flat_map(|&(a, b)| (a..=b).map(|c| [0, c]))
                .collect(),
        })
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<CoinRow, (usize, ArgumentError)> {
        let row = parse_row(words, self.rule.origin())?;
        // A coin off the row is blamed on the word that names it.
        self.check_arguments(&row).map_err(|why| {
            let (o, last) = (self.rule.origin(), self.rule.last_coin());
            let off = |w: &str| {
                let (a, b) = w.split_once('-').unwrap_or((w, w));
                matches!(a.parse::<u64>(), Ok(a) if a < o)
                    || matches!(b.parse::<u64>(), Ok(b) if b > last)
            };
            (words.iter().position(|w| off(w)).unwrap_or(0), why)
        })?;
        Ok(row)
    }

    fn write_argument(&self, args: &CoinRow, index: usize, f: &mut dyn fmt::Write) -> fmt::Result {
        if index == 0 {
            self.write_row(args, f)
        } else {
            Ok(())
        }
    }

    /// The row or grid is one argument: itself.
    fn argument_alone(&self, args: &CoinRow, index: usize) -> Option<CoinRow> {
        (index == 0).then(|| args.clone())
    }

    fn check_arguments(&self, args: &CoinRow) -> Result<(), ArgumentError> {
        let (o, last) = (self.rule.origin(), self.rule.last_coin());
        if let Some(&(a, _)) = args.heads.first() {
            if a < o {
                return Err(ArgumentError::BadShape(
                    format!(
                        "coin {a} is not on the row: the coins of {} are numbered from {o}",
                        self.canonical
                    )
                    .into(),
                ));
            }
        }
        if let Some(&(_, b)) = args.heads.last() {
            if b > last {
                return Err(ArgumentError::BadShape(
                    format!("coin {b} is past the last coin {last} whose value fits in 64 bits")
                        .into(),
                ));
            }
        }
        Ok(())
    }

    fn valued(&self, args: &CoinRow, limits: &Limits) -> Result<(u64, Basis), Error> {
        Ok((self.total(args, limits)?, self.basis()))
    }

    fn closed_value(&self, args: &CoinRow) -> Option<u64> {
        if self.rule.is_closed() {
            self.total(args, &Limits::default()).ok()
        } else {
            None
        }
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &CoinRow, limits: &Limits) -> Result<bool, Error> {
        let mut any = false;
        let _ = Coins::each_head(args, &mut |x| {
            let _ = self.rule.move_values(x, limits, &mut |_| {
                any = true;
                ControlFlow::Break(())
            })?;
            Ok(if any {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            })
        })?;
        Ok(any)
    }

    fn moves(&self, args: &CoinRow, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        let limit = Error::StateLimit {
            limit: limits.max_states,
        };
        let _ = Coins::each_head(args, &mut |x| {
            let mut values = Vec::new();
            let _ = self.rule.move_values(x, limits, &mut |a| {
                values.push(a);
                if values.len() > limits.max_states {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
            for a in values {
                let mut over = false;
                let _ = self.rule.sets(x, a, limits, &mut |s| {
                    if out.len() >= limits.max_states || out.try_reserve(1).is_err() {
                        over = true;
                        return ControlFlow::Break(());
                    }
                    out.push(turn(s));
                    ControlFlow::Continue(())
                })?;
                if over {
                    return Err(limit.clone());
                }
            }
            Ok(ControlFlow::Continue(()))
        })?;
        Ok(())
    }

    fn moves_to(
        &self,
        args: &CoinRow,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let d = value ^ target;
        if d == 0 {
            return Ok(ControlFlow::Continue(()));
        }
        let top = 63 - d.leading_zeros();
        let mut visit = |x: u64| self.rule.sets(x, d, limits, &mut |s| f(turn(s)));
        // Which heads have a move changing the value by d, so that a run
        // of up to 2^64 heads is never walked head by head (each rule's
        // `sets` says why):
        match self.rule.as_named() {
            // Turning Turtles and Twins (x ^ d < x) and the Ruler game
            // (a run y..=x with gray(x) ^ gray(y - 1) = d, so y - 1 < x
            // exactly when x has d's highest bit): the heads holding d's
            // highest bit, each with a move.
            Some(Named::Turtles | Named::Twins | Named::Ruler) => {
                Coins::each_head_with_bit(args, top, &mut visit)
            }
            // Rulerette: gray(x) ^ gray(m) is 2d or 2d + 1, whose highest
            // bit is one above d's; every head holding it has a move.
            Some(Named::Rulerette) if top < 63 => {
                Coins::each_head_with_bit(args, top + 1, &mut visit)
            }
            Some(Named::Rulerette) => Ok(ControlFlow::Continue(())),
            // Mock Turtles, a head x worth odious(x) = 2x + (x evil): for
            // an evil d the other coins' sum is odious, one coin
            // y = (d >> 1) ^ x below x, so x holds the highest bit of
            // d >> 1; for an odious d it is 0 (x = d >> 1) or evil, two
            // coins whose numbers differ by (d >> 1) ^ x, which needs x
            // at least 2^(the highest bit of d >> 1): skip the heads below.
            Some(Named::MockTurtles) => {
                let k = d >> 1;
                if d.count_ones().is_multiple_of(2) {
                    Coins::each_head_with_bit(args, 63 - k.leading_zeros(), &mut visit)
                } else {
                    // k itself (a lone coin) is at least `low` too.
                    let low = if k == 0 {
                        0
                    } else {
                        1u64 << (63 - k.leading_zeros())
                    };
                    Coins::each_head_from(args, low, &mut visit)
                }
            }
            None => Coins::each_head(args, &mut visit),
        }
    }

    fn random_move(
        &self,
        args: &CoinRow,
        limits: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let count: u128 = args.heads.iter().map(|&(a, b)| u128::from(b - a) + 1).sum();
        if count == 0 {
            return Ok(None);
        }
        // A random head (the heads are at most 2^64 - 1 coins), then a
        // random one of its first move values.
        let mut k = u128::from(pick(u64::try_from(count).unwrap_or(u64::MAX)));
        let mut x = 0;
        for &(a, b) in &args.heads {
            let n = u128::from(b - a) + 1;
            if k < n {
                x = a + k as u64;
                break;
            }
            k -= n;
        }
        let mut values = Vec::new();
        let _ = self.rule.move_values(x, limits, &mut |a| {
            values.push(a);
            if values.len() >= 4096 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        if values.is_empty() {
            // This head has no move: the first move of any head.
            let mut first = None;
            self.moves_first(args, limits, &mut first)?;
            return Ok(first);
        }
        let a = values[pick(values.len() as u64) as usize];
        let mut chosen = None;
        let _ = self.rule.sets(x, a, limits, &mut |s| {
            chosen = Some(turn(s));
            ControlFlow::Break(())
        })?;
        Ok(chosen)
    }

    fn check(&self, word: &str, args: &CoinRow, action: &Action) -> Result<(), IllegalMoveKind> {
        let forbidden = |rule: &'static str| IllegalMoveKind::Forbidden {
            ruleset: word.into(),
            rule,
        };
        let Action::Turn {
            part: 0,
            coins,
            across,
        } = action
        else {
            return Err(forbidden("a move turns coins of the row"));
        };
        if !across.is_empty() {
            return Err(forbidden("a row's move turns coins of one row"));
        }
        if !self.rule.is_legal(coins) {
            return Err(forbidden(match self.rule.as_named() {
                Some(Named::Turtles) => "turn one or two coins",
                Some(Named::Twins) => "turn exactly two coins",
                Some(Named::MockTurtles) => "turn one, two or three coins",
                Some(Named::Ruler) => "turn a run of consecutive coins",
                Some(Named::Rulerette) => "turn a run of at least two consecutive coins",
                None => "turn a set of coins the rule allows (see the ruleset's notation)",
            }));
        }
        let x = coins.last().map_or(0, |r| r.1);
        if !is_head(&args.heads, x) {
            return Err(forbidden(
                "the rightmost coin turned must show heads (it goes to tails)",
            ));
        }
        if let Some(n) = args.letters {
            if x >= self.rule.origin() + n {
                return Err(forbidden("turn coins of the row"));
            }
        }
        Ok(())
    }

    fn apply(&self, args: &mut CoinRow, action: &Action) {
        if let Action::Turn { coins, .. } = action {
            args.heads = toggle(&args.heads, coins);
        }
    }

    fn canonicalize(&self, args: &mut CoinRow) {
        args.letters = None;
    }

    /// Moves on rows whose text (before and after) is longer than
    /// `MAX_ROW_IN_MOVE` bytes name only the coins turned.
    fn write_move(
        &self,
        word: &str,
        args: &CoinRow,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Action::Turn { coins, .. } = action else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let mut name = String::new();
        let _ = write_runs(coins, ".", &mut name);
        let mut after = args.clone();
        self.apply(&mut after, action);
        let mut left = String::new();
        let _ = self.write_row(&after, &mut left);
        if left.is_empty() {
            left = "no heads".into();
        }
        let mut before = String::new();
        let _ = self.write_row(args, &mut before);
        // A long row is not written again after each move (a list of
        // moves would grow with the square of the row): the position a
        // move leaves is given beside it where it is short enough.
        let long = before.len() + left.len() > MAX_ROW_IN_MOVE;
        match form {
            MoveForm::Listed if long => write!(f, "{word} turn {name}"),
            MoveForm::Listed => write!(f, "{word} turn {name} (-> {left})"),
            MoveForm::Short => write!(f, "{name}"),
            _ if long => write!(f, "turn coins {name}"),
            _ => write!(f, "turn coins {name} ({before} -> {left})"),
        }
    }

    fn named_move(&self, args: &CoinRow, place: usize, name: &str) -> Option<Action> {
        if place != 0 {
            return None;
        }
        let _ = args;
        Some(turn(read_runs(name)?))
    }

    fn actions_between(&self, before: &CoinRow, after: &CoinRow) -> Vec<Action> {
        let turned = toggle(&before.heads, &after.heads);
        if turned.is_empty() {
            return Vec::new();
        }
        vec![turn(turned)]
    }

    fn value_note(&self, word: &str) -> String {
        let head = match self.rule.as_named() {
            Some(Named::Turtles) | Some(Named::Twins) => {
                "a head on coin n is worth *n (Nim in disguise)".to_string()
            }
            Some(Named::MockTurtles) => {
                "a head on coin n is worth the n-th odious number (1, 2, 4, 7, 8, 11, ...: an \
                 odd number of ones in binary)"
                    .to_string()
            }
            Some(Named::Ruler) => {
                "a head on coin n is worth the ruler function of n, the largest power of 2 \
                 dividing n"
                    .to_string()
            }
            Some(Named::Rulerette) => {
                "a head on coin n is worth half the ruler function of n, rounded down".to_string()
            }
            None => "a head is worth the mex of the nim-sums of the other coins its moves may \
                     turn, computed by the definition"
                .to_string(),
        };
        format!(
            "A row of {word} ({}, the rightmost from heads to tails) is worth the nim-sum of its \
             heads, each head a game of its own (coin-by-coin nim-sum): {head}.",
            self.rule_text()
        )
    }

    fn value_steps(&self, args: &CoinRow) -> Vec<String> {
        let limits = Limits::default();
        let mut steps = Vec::new();
        let mut shown = 0;
        let _ = Coins::each_head(args, &mut |x| {
            if shown == 16 {
                steps.push("...".into());
                return Ok(ControlFlow::Break(()));
            }
            shown += 1;
            let g = self.rule.value(x, &limits)?;
            steps.push(format!("head on coin {x}: *{g}"));
            Ok(ControlFlow::Continue(()))
        });
        if let Ok(g) = self.total(args, &limits) {
            steps.push(format!("nim-sum of the heads: *{g}"));
        }
        steps
    }

    fn move_summary(&self) -> Option<String> {
        Some(format!(
            "{}, the rightmost a head; name them 3.7 or 4-9",
            self.rule_text()
        ))
    }
}

impl Coins {
    /// The first move of any head, into `first`.
    fn moves_first(
        &self,
        args: &CoinRow,
        limits: &Limits,
        first: &mut Option<Action>,
    ) -> Result<(), Error> {
        let _ = Coins::each_head(args, &mut |x| {
            let mut a0 = None;
            let _ = self.rule.move_values(x, limits, &mut |a| {
                a0 = Some(a);
                ControlFlow::Break(())
            })?;
            if let Some(a) = a0 {
                let _ = self.rule.sets(x, a, limits, &mut |s| {
                    *first = Some(turn(s));
                    ControlFlow::Break(())
                })?;
                return Ok(ControlFlow::Break(()));
            }
            Ok(ControlFlow::Continue(()))
        })?;
        Ok(())
    }
}

/// Parses a row game's word (`turtles`, `coins:1-3,c`, ...).
pub(crate) fn parse(
    word: &str,
    name: &str,
    param: Option<&str>,
) -> Result<Box<dyn crate::ruleset::DynRules>, ParseErrorKind> {
    let whole = match param {
        Some(p) => format!("{name}:{p}"),
        None => name.to_string(),
    };
    let _ = word;
    if name != "coins" {
        super::no_parameter(
            param,
            "the named coin games take no parameter: a rule of your own is coins:SPEC",
        )?;
    }
    let (rule, canonical) = rule_of(&whole).map_err(ParseErrorKind::BadRuleset)?;
    Ok(Box::new(Coins::new(rule, canonical)))
}

/// The most bytes of a row's text, before and after, that a move's text
/// repeats.
pub(crate) const MAX_ROW_IN_MOVE: usize = 160;

#[cfg(test)]
mod tests {
    use super::*;

    fn heads_with_bit(row: &CoinRow, h: u32) -> Vec<u64> {
        let mut out = Vec::new();
        let _ = Coins::each_head_with_bit(row, h, &mut |x| {
            out.push(x);
            Ok(ControlFlow::Continue(()))
        });
        out
    }

    #[test]
    fn heads_with_a_bit_are_the_heads_filtered() {
        let rows = [
            vec![(0, 40)],
            vec![(3, 5), (7, 7), (9, 33), (60, 70)],
            vec![(1, 1), (2, 2), (16, 31)],
        ];
        for runs in rows {
            let row = CoinRow {
                heads: runs.into_iter().collect(),
                letters: None,
            };
            for h in 0..7 {
                let mut plain = Vec::new();
                let _ = Coins::each_head(&row, &mut |x| {
                    if x & (1 << h) != 0 {
                        plain.push(x);
                    }
                    Ok(ControlFlow::Continue(()))
                });
                assert_eq!(heads_with_bit(&row, h), plain, "{row:?} bit {h}");
            }
        }
        // At the top of u64: no overflow, the last head included.
        let row = CoinRow {
            heads: [(u64::MAX - 5, u64::MAX)].into_iter().collect(),
            letters: None,
        };
        assert_eq!(
            heads_with_bit(&row, 1),
            [u64::MAX - 5, u64::MAX - 4, u64::MAX - 1, u64::MAX]
        );
        assert_eq!(heads_with_bit(&row, 63).len(), 6);
    }
}
