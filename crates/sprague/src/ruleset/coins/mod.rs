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

pub mod grid;
pub mod product;
pub mod rule;

use std::fmt;
use std::ops::ControlFlow;

use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::error::ParseErrorKind;
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm};
pub use rule::{CoinRule, Named, Runs, UserRule};

/// The most coins a row written as `T` and `H` may hold.
pub const MAX_ROW_LETTERS: usize = 1 << 20;

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

/// The position of a coin row: its heads, as runs of coins, and the
/// number of coins when written as `T` and `H`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinRow {
    /// The heads, as inclusive runs, increasing and apart.
    pub heads: Runs,
    /// `Some(n)`: written as n letters (coins origin..origin + n);
    /// `None`: written as the numbers of the heads.
    pub letters: Option<u64>,
}

impl crate::PositionData for CoinRow {
    fn into_args(self) -> crate::Args {
        crate::Args::from_typed(self)
    }
    fn from_args(args: &crate::Args) -> Option<&Self> {
        args.typed::<Self>()
    }
    fn from_args_mut(args: &mut crate::Args) -> Option<&mut Self> {
        crate::args_typed_mut::<Self>(args)
    }
    fn argument_count(&self) -> usize {
        usize::from(self.letters.is_some() || !self.heads.is_empty())
    }
}

/// The rules of one coin-turning game on a row.
#[derive(Debug)]
pub struct Coins {
    rule: CoinRule,
    canonical: String,
}

/// Toggles the coins of `turn` in `heads` (both runs): their symmetric
/// difference.
pub fn toggle(heads: &[(u64, u64)], turn: &[(u64, u64)]) -> Runs {
    // Boundaries as half-open points; a point lies in an odd number of
    // runs exactly when it is a head after.
    let mut edges: Vec<u128> = Vec::with_capacity(2 * (heads.len() + turn.len()));
    for &(a, b) in heads.iter().chain(turn) {
        edges.push(u128::from(a));
        edges.push(u128::from(b) + 1);
    }
    edges.sort_unstable();
    let mut out: Runs = Vec::new();
    let mut i = 0;
    let mut inside = false;
    let mut start = 0u128;
    while i < edges.len() {
        let e = edges[i];
        let mut n = 0;
        while i < edges.len() && edges[i] == e {
            n += 1;
            i += 1;
        }
        if n % 2 == 1 {
            if inside {
                if let Some(last) = out.last_mut().filter(|l| u128::from(l.1) + 1 == start) {
                    last.1 = (e - 1) as u64;
                } else {
                    out.push((start as u64, (e - 1) as u64));
                }
            } else {
                start = e;
            }
            inside = !inside;
        }
    }
    out
}

/// Whether coin `x` is a head.
pub fn is_head(heads: &[(u64, u64)], x: u64) -> bool {
    let i = heads.partition_point(|&(_, b)| b < x);
    heads.get(i).is_some_and(|&(a, _)| a <= x)
}

/// Writes runs as a move's coins: `3.7`, `4-9`.
pub fn write_runs(runs: &[(u64, u64)], sep: &str, f: &mut dyn fmt::Write) -> fmt::Result {
    for (i, &(a, b)) in runs.iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        if a == b {
            write!(f, "{a}")?;
        } else if b == a + 1 {
            write!(f, "{a}{sep}{b}")?;
        } else {
            write!(f, "{a}-{b}")?;
        }
    }
    Ok(())
}

/// Reads a set of coins `3.7`, `4-9`, `2.5-8` as runs (sorted, merged);
/// `None` when it is not one or names a coin twice.
pub fn read_runs(text: &str) -> Option<Runs> {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for item in text.split('.') {
        let (a, b) = match item.split_once('-') {
            Some((a, b)) => (a.parse().ok()?, b.parse().ok()?),
            None => {
                let n = item.parse().ok()?;
                (n, n)
            }
        };
        if a > b {
            return None;
        }
        runs.push((a, b));
    }
    runs.sort_unstable();
    if runs.windows(2).any(|w| w[0].1 >= w[1].0) {
        return None;
    }
    Some(rule::runs_of_runs(&runs))
}

/// Reads a row's words: one word of `T` and `H`, or head numbers and runs.
fn parse_row(words: &[&str], origin: u64) -> Result<CoinRow, (usize, ArgumentError)> {
    let bad = |i: usize, why: String| (i, ArgumentError::BadShape(why.into()));
    let is_letters =
        |w: &str| !w.is_empty() && w.bytes().all(|b| matches!(b, b'T' | b'H' | b't' | b'h'));
    if let [first, second, ..] = words {
        if is_letters(first) {
            return Err(bad(
                1,
                format!(
                    "a component is one row: `{second}` after the row `{first}` would be a \
                     second one; put '+' and the ruleset word before each further row"
                ),
            ));
        }
    }
    if let [w] = words {
        if is_letters(w) {
            if w.len() > MAX_ROW_LETTERS {
                return Err(bad(
                    0,
                    format!(
                        "a row written as letters holds at most {MAX_ROW_LETTERS} coins; \
                         write a long row as the numbers of its heads (runs a-b)"
                    ),
                ));
            }
            let heads: Vec<u64> = w
                .bytes()
                .enumerate()
                .filter(|(_, b)| b.eq_ignore_ascii_case(&b'H'))
                .map(|(i, _)| origin + i as u64)
                .collect();
            return Ok(CoinRow {
                heads: rule::runs_of(&heads),
                letters: Some(w.len() as u64),
            });
        }
    }
    let mut runs = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let run = match w.split_once('-') {
            Some((a, b)) => match (a.parse::<u64>(), b.parse::<u64>()) {
                (Ok(a), Ok(b)) if a <= b => (a, b),
                _ => {
                    return Err(bad(
                        i,
                        format!(
                            "`{w}` is not a run of heads a-b with a <= b (a row is T/H \
                             letters, such as THHTH, or the numbers of its heads)"
                        ),
                    ))
                }
            },
            None => match w.parse::<u64>() {
                Ok(n) => (n, n),
                Err(_) => {
                    return Err(bad(
                        i,
                        format!(
                            "`{w}` is neither a row of T and H nor the number of a head \
                             (a row is one word such as THHTH, or head numbers such as 2 3 5 \
                             or runs 4-9)"
                        ),
                    ))
                }
            },
        };
        runs.push(run);
    }
    let mut order: Vec<usize> = (0..runs.len()).collect();
    order.sort_by_key(|&i| runs[i]);
    for w in order.windows(2) {
        if runs[w[0]].1 >= runs[w[1]].0 {
            return Err(bad(
                w[1],
                format!(
                    "coin {} is named twice: each coin shows heads or tails once (where a \
                     problem lists a coin twice, two heads on one coin cancel: leave out a \
                     coin listed an even number of times, keep one listed an odd number)",
                    runs[w[1]].0.max(runs[w[0]].0)
                ),
            ));
        }
    }
    runs.sort_unstable();
    Ok(CoinRow {
        heads: rule::runs_of_runs(&runs),
        letters: None,
    })
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
            return crate::movetext::write_action(word, action, form, f);
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

/// Reads a user rule's specification `1-3,c,w4,from0`.
pub fn parse_spec(spec: &str) -> Result<UserRule, String> {
    let mut items = spec.split(',');
    let count = items.next().unwrap_or("");
    let how = "a coin rule is coins:N, coins:A-B, coins:A-any or coins:any (how many coins a \
               move turns), \
               then options c (consecutive), wD (within distance D of the rightmost), from0 \
               (coins numbered from 0): coins:1-3,c,w4";
    let num = |t: &str| -> Result<u64, String> {
        t.parse::<u64>()
            .map_err(|_| format!("`{t}` in coins:{spec} is not a number: {how}"))
    };
    let (min, max) = if count == "any" {
        (1, None)
    } else if let Some(a) = count.strip_suffix("-any") {
        (num(a)?, None)
    } else if let Some((a, b)) = count.split_once('-') {
        (num(a)?, Some(num(b)?))
    } else {
        let n = num(count)?;
        (n, Some(n))
    };
    if min == 0 || max.is_some_and(|m| m < min) {
        return Err(format!(
            "coins:{spec}: a move turns at least 1 coin, and the most is at least the fewest"
        ));
    }
    let mut rule = UserRule {
        min,
        max,
        within: None,
        contiguous: false,
        origin: 1,
    };
    for item in items {
        match item {
            "c" | "consecutive" | "contiguous" => rule.contiguous = true,
            "from0" => rule.origin = 0,
            "from1" => rule.origin = 1,
            _ => match item.strip_prefix('w') {
                Some(d) => rule.within = Some(num(d)?),
                None => return Err(format!("`{item}` in coins:{spec} is no option: {how}")),
            },
        }
    }
    if let Some(d) = rule.within {
        if min > d.saturating_add(1) {
            return Err(format!(
                "coins:{spec}: {min} coins never fit within distance {d} of the rightmost"
            ));
        }
    }
    Ok(rule)
}

/// The canonical notation of a user rule.
pub fn spec_text(u: &UserRule) -> String {
    let mut s = match u.max {
        None if u.min == 1 => "coins:any".to_string(),
        None => format!("coins:{}-any", u.min),
        Some(m) if m == u.min => format!("coins:{m}"),
        Some(m) => format!("coins:{}-{m}", u.min),
    };
    if u.contiguous {
        s.push_str(",c");
    }
    if let Some(d) = u.within {
        s.push_str(&format!(",w{d}"));
    }
    if u.origin == 0 {
        s.push_str(",from0");
    }
    s
}

/// Reads the rule of a coin game word: `turtles`, `twins`, `mock`,
/// `ruler`, `rulerette`, or `coins:SPEC`.
pub fn rule_of(word: &str) -> Result<(CoinRule, String), String> {
    let named = |n: Named, w: &str| Ok((CoinRule::named(n), w.to_string()));
    match word {
        "turtles" => named(Named::Turtles, "turtles"),
        "twins" => named(Named::Twins, "twins"),
        "mock" | "mockturtles" => named(Named::MockTurtles, "mock"),
        "ruler" => named(Named::Ruler, "ruler"),
        "rulerette" => named(Named::Rulerette, "rulerette"),
        _ => match word.strip_prefix("coins:") {
            Some(spec) => {
                let u = parse_spec(spec)?;
                let text = spec_text(&u);
                Ok((CoinRule::user(u), text))
            }
            None => Err(format!(
                "`{word}` is no coin game: turtles, twins, mock, ruler, rulerette or coins:SPEC"
            )),
        },
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
