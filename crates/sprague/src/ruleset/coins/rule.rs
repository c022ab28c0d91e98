//! The rule of a coin-turning game: which sets of coins a move may turn,
//! the value of a lone head on each coin (a closed form for the games of
//! Winning Ways, ch. 14, else the mex by the definition, tabled), the
//! nim-sum of the values of a run of coins, and every legal set of coins
//! whose values add up to a given nimber (how winning moves are found).
//!
//! A set of coins is written as runs: inclusive intervals `(from, to)`,
//! increasing and apart, so that a move turning a billion consecutive
//! coins (the Ruler game) costs what a move turning two does.

use std::ops::ControlFlow;
use std::sync::Mutex;

use crate::{Error, Limits};

use super::closed::{evil_below_parity, xor_below};
pub use super::closed::{gray, gray_inverse, odious, ruler};

/// Inclusive intervals of coins, increasing, not touching.
pub type Runs = Vec<(u64, u64)>;

/// Receives one legal set of coins; `Break` stops the enumeration.
pub(crate) type SetVisit<'a> = &'a mut dyn FnMut(Runs) -> ControlFlow<()>;

/// The most coins a rule given by its notation is valued on (its table).
pub const MAX_TABLED_COIN: u64 = 1 << 14;

/// The coin-turning games of Winning Ways (ch. 14) with closed forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Named {
    /// Turn one or two coins (coins from 1): a head on coin n is `*n`.
    Turtles,
    /// Turn exactly two coins (coins from 0): a head on coin n is `*n`.
    Twins,
    /// Turn one, two or three coins (coins from 0): a head on coin n is
    /// the n-th odious number (from the 0th, 1).
    MockTurtles,
    /// Turn any run of consecutive coins (coins from 1): a head on coin n
    /// is the largest power of 2 dividing n (the ruler function).
    Ruler,
    /// Turn a run of at least two consecutive coins (coins from 1): half
    /// the ruler function, rounded down.
    Rulerette,
}

/// A rule given by its notation `coins:SPEC`: how many coins a move turns
/// (`min..=max`, the rightmost among them), whether they must be
/// consecutive, how far left of the rightmost they may lie, and the number
/// of the leftmost coin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UserRule {
    /// The fewest coins a move turns (at least 1).
    pub min: u64,
    /// The most coins a move turns; `None` for any number.
    pub max: Option<u64>,
    /// The turned coins lie at most this far left of the rightmost.
    pub within: Option<u64>,
    /// The turned coins are consecutive.
    pub contiguous: bool,
    /// The number of the leftmost coin (0 or 1).
    pub origin: u64,
}

/// A rule and, for one given by its notation, its table of values.
#[derive(Debug)]
pub struct CoinRule {
    kind: Kind,
    table: Mutex<Table>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Named(Named),
    User(UserRule),
}

/// Values of a user rule for coins `origin..origin + g.len()`, and their
/// prefix nim-sums (`prefix[i]` = the nim-sum of the first `i` values).
#[derive(Debug, Default)]
struct Table {
    g: Vec<u64>,
    prefix: Vec<u64>,
}

/// Checks the time budget every 4,096 steps.
fn tick(n: u64) -> Result<(), Error> {
    if n & 4095 == 0 {
        crate::budget::check()
    } else {
        Ok(())
    }
}

impl Named {
    /// The number of the leftmost coin.
    pub fn origin(self) -> u64 {
        match self {
            Named::Twins | Named::MockTurtles => 0,
            _ => 1,
        }
    }

    /// The largest coin a head may stand on (its value fits in 64 bits).
    pub fn last_coin(self) -> u64 {
        match self {
            Named::MockTurtles => (1 << 63) - 1,
            _ => u64::MAX,
        }
    }

    /// The value of a head on coin `x` (at least the origin).
    pub fn value(self, x: u64) -> u64 {
        match self {
            Named::Turtles | Named::Twins => x,
            Named::MockTurtles => odious(x).unwrap_or(u64::MAX),
            Named::Ruler => ruler(x),
            Named::Rulerette => ruler(x) >> 1,
        }
    }

    /// The nim-sum of the values of coins `origin..n` (n from the origin
    /// to `last_coin()`; the coins before n, so never 2^64).
    fn prefix(self, n: u64) -> u64 {
        match self {
            Named::Turtles | Named::Twins => xor_below(n),
            Named::MockTurtles => (xor_below(n) << 1) ^ evil_below_parity(n),
            Named::Ruler => gray(n.saturating_sub(1)),
            Named::Rulerette => gray(n.saturating_sub(1)) >> 1,
        }
    }
}

impl CoinRule {
    /// A named game.
    pub fn named(game: Named) -> CoinRule {
        CoinRule {
            kind: Kind::Named(game),
            table: Mutex::new(Table::default()),
        }
    }

    /// A rule given by its notation.
    pub fn user(rule: UserRule) -> CoinRule {
        CoinRule {
            kind: Kind::User(rule),
            table: Mutex::new(Table::default()),
        }
    }

    /// The named game, if this is one.
    pub fn as_named(&self) -> Option<Named> {
        match self.kind {
            Kind::Named(n) => Some(n),
            Kind::User(_) => None,
        }
    }

    /// The rule given by notation, if this is one.
    pub fn as_user(&self) -> Option<UserRule> {
        match self.kind {
            Kind::User(u) => Some(u),
            Kind::Named(_) => None,
        }
    }

    /// The number of the leftmost coin.
    pub fn origin(&self) -> u64 {
        match self.kind {
            Kind::Named(n) => n.origin(),
            Kind::User(u) => u.origin,
        }
    }

    /// The largest coin a head may stand on.
    pub fn last_coin(&self) -> u64 {
        match self.kind {
            Kind::Named(n) => n.last_coin(),
            Kind::User(_) => u64::MAX,
        }
    }

    /// Whether values come from a closed form (any coin, no table).
    pub fn is_closed(&self) -> bool {
        matches!(self.kind, Kind::Named(_))
    }

    /// Whether the sorted, disjoint runs `set` make a legal move's coins
    /// (the rightmost is the coin turned from heads to tails; the caller
    /// checks it is a head).
    pub fn is_legal(&self, set: &[(u64, u64)]) -> bool {
        let origin = self.origin();
        let (Some(&(first, _)), Some(&(_, last))) = (set.first(), set.last()) else {
            return false;
        };
        if first < origin || set.iter().any(|&(a, b)| a > b) {
            return false;
        }
        if set.windows(2).any(|w| w[0].1.saturating_add(1) >= w[1].0) {
            return false;
        }
        let count: u128 = set.iter().map(|&(a, b)| u128::from(b - a) + 1).sum();
        let one_run = set.len() == 1;
        match self.kind {
            Kind::Named(Named::Turtles) => count <= 2,
            Kind::Named(Named::Twins) => count == 2,
            Kind::Named(Named::MockTurtles) => count <= 3,
            Kind::Named(Named::Ruler) => one_run,
            Kind::Named(Named::Rulerette) => one_run && count >= 2,
            Kind::User(u) => {
                count >= u128::from(u.min)
                    && u.max.is_none_or(|m| count <= u128::from(m))
                    && u.within.is_none_or(|d| last - first <= d)
                    && (!u.contiguous || one_run)
            }
        }
    }

    /// The value of a head on coin `x` (at least the origin, at most
    /// `last_coin`).
    ///
    /// # Errors
    /// For a rule given by notation, [`Error::TableLimit`] past
    /// [`MAX_TABLED_COIN`] or `limits.max_table`, and the time budget.
    pub fn value(&self, x: u64, limits: &Limits) -> Result<u64, Error> {
        match self.kind {
            Kind::Named(n) => Ok(n.value(x)),
            Kind::User(u) => {
                let i = self.grow(u, x, limits)?;
                let t = self.table.lock().unwrap_or_else(|e| e.into_inner());
                Ok(t.g[i])
            }
        }
    }

    /// The nim-sum of the values of coins `a..=b`.
    ///
    /// # Errors
    /// As [`CoinRule::value`].
    pub fn run_value(&self, a: u64, b: u64, limits: &Limits) -> Result<u64, Error> {
        match self.kind {
            // Coins a..=b are origin..b and coin b less origin..a: so
            // b = 2^64 - 1 needs no prefix up to 2^64.
            Kind::Named(n) => Ok(n.prefix(b) ^ n.value(b) ^ n.prefix(a)),
            Kind::User(u) => {
                let j = self.grow(u, b, limits)?;
                let i = (a - u.origin) as usize;
                let t = self.table.lock().unwrap_or_else(|e| e.into_inner());
                Ok(t.prefix[j + 1] ^ t.prefix[i])
            }
        }
    }

    /// Extends the table of a user rule to coin `x`; its index there.
    fn grow(&self, u: UserRule, x: u64, limits: &Limits) -> Result<usize, Error> {
        let i = x - u.origin;
        let cap = MAX_TABLED_COIN.min(limits.max_table);
        if i >= MAX_TABLED_COIN {
            // Not a limit a flag raises: say so rather than name --max-table.
            return Err(Error::Unsupported(format!(
                "a coin rule given by its notation is valued up to coin {} (a table of \
                 {MAX_TABLED_COIN} coins); coin {x} is past it",
                u.origin.saturating_add(MAX_TABLED_COIN - 1)
            )));
        }
        if i >= cap {
            return Err(Error::TableLimit {
                ruleset: "coins".into(),
                heap: x,
                limit: cap,
                divisor: 1,
            });
        }
        let i = i as usize;
        let mut t = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if t.prefix.is_empty() {
            t.prefix.push(0);
        }
        while t.g.len() <= i {
            crate::budget::check()?;
            let options = options_of(u, &t.g, &t.prefix, t.g.len());
            let g = crate::mex(options.iter().copied());
            let p = t.prefix[t.g.len()] ^ g;
            t.g.push(g);
            t.prefix.push(p);
        }
        Ok(i)
    }

    /// Every nimber `a` a move whose rightmost coin is `x` can change the
    /// value by (the nim-sum of the values of the coins it turns), each
    /// once, passed to `f` until it breaks.
    ///
    /// # Errors
    /// As [`CoinRule::value`].
    pub fn move_values(
        &self,
        x: u64,
        limits: &Limits,
        f: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Error> {
        let gx = self.value(x, limits)?;
        match self.kind {
            Kind::Named(Named::Turtles | Named::Twins | Named::Ruler) => {
                // a ranges over [2^t, 2^(t+1)) for each bit t of x (the
                // Gray code's partial sums for Ruler): the same set.
                let mut bits = x;
                if self.as_named() == Some(Named::Twins) && x == 0 {
                    return Ok(ControlFlow::Continue(()));
                }
                while bits != 0 {
                    let t = 63 - bits.leading_zeros();
                    bits &= !(1u64 << t);
                    let lo = 1u64 << t;
                    let hi = if t == 63 { u64::MAX } else { (lo << 1) - 1 };
                    let mut a = hi;
                    loop {
                        tick(a)?;
                        if f(a).is_break() {
                            return Ok(ControlFlow::Break(()));
                        }
                        if a == lo {
                            break;
                        }
                        a -= 1;
                    }
                }
                Ok(ControlFlow::Continue(()))
            }
            _ => {
                let mut seen = rustc_hash::FxHashSet::default();
                let mut out = ControlFlow::Continue(());
                self.options_from(x, limits, &mut |c| {
                    let a = gx ^ c;
                    if seen.insert(a) {
                        out = f(a);
                    }
                    out
                })?;
                Ok(out)
            }
        }
    }

    /// Whether some move whose rightmost coin is `x` changes the value by
    /// `a`.
    ///
    /// # Errors
    /// As [`CoinRule::value`].
    pub fn achieves(&self, x: u64, a: u64, limits: &Limits) -> Result<bool, Error> {
        let mut found = false;
        let _ = self.sets(x, a, limits, &mut |_| {
            found = true;
            ControlFlow::Break(())
        })?;
        Ok(found)
    }

    /// The nim-sums of the other coins of the moves whose rightmost coin
    /// is `x` (with repeats), for the rules without a direct formula.
    fn options_from(
        &self,
        x: u64,
        limits: &Limits,
        f: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        match self.kind {
            Kind::Named(Named::MockTurtles) => {
                // 0; one odious value below 2x; any evil value whose pair
                // of coins fits below x.
                if f(0).is_break() {
                    return Ok(());
                }
                for y in 0..x {
                    tick(y)?;
                    if f(odious(y).unwrap_or(0)).is_break() {
                        return Ok(());
                    }
                }
                if x >= 2 {
                    let top = 63 - (x - 1).leading_zeros();
                    let bound = 2u64 << top;
                    for u in 1..bound {
                        tick(u)?;
                        let c = (u << 1) | u64::from(u.count_ones() % 2 == 1);
                        if f(c).is_break() {
                            return Ok(());
                        }
                    }
                }
                Ok(())
            }
            Kind::Named(Named::Rulerette) => {
                let gx = gray(x);
                let mut m = 0;
                while m + 1 < x {
                    tick(m)?;
                    let c = ((gx ^ gray(m)) >> 1) ^ (ruler(x) >> 1);
                    if f(c).is_break() {
                        return Ok(());
                    }
                    m += 1;
                }
                Ok(())
            }
            Kind::Named(_) => Ok(()),
            Kind::User(u) => {
                let i = self.grow(u, x, limits)?;
                // The lock is released before `f` runs (it may value coins).
                let options = {
                    let t = self.table.lock().unwrap_or_else(|e| e.into_inner());
                    options_of(u, &t.g, &t.prefix, i)
                };
                for c in options {
                    if f(c).is_break() {
                        break;
                    }
                }
                Ok(())
            }
        }
    }

    /// Every legal set of coins whose rightmost is `x` and whose values'
    /// nim-sum is `a`, passed to `f` until it breaks.
    ///
    /// # Errors
    /// As [`CoinRule::value`]; [`Error::StateLimit`] when a rule given by
    /// notation needs more than `limits.max_states` steps to list them.
    pub fn sets(
        &self,
        x: u64,
        a: u64,
        limits: &Limits,
        f: SetVisit<'_>,
    ) -> Result<ControlFlow<()>, Error> {
        let gx = self.value(x, limits)?;
        let c = a ^ gx;
        let brk = ControlFlow::Break(());
        let cont = ControlFlow::Continue(());
        match self.kind {
            Kind::Named(Named::Turtles) => {
                if c == 0 {
                    return Ok(f(vec![(x, x)]));
                }
                Ok(if c >= 1 && c < x { f(pair(c, x)) } else { cont })
            }
            Kind::Named(Named::Twins) => Ok(if c < x { f(pair(c, x)) } else { cont }),
            Kind::Named(Named::Ruler) => {
                // coins y..=x: gray(x) ^ gray(y - 1) = a.
                let m = gray_inverse(gray(x) ^ a);
                Ok(if m < x { f(vec![(m + 1, x)]) } else { cont })
            }
            Kind::Named(Named::Rulerette) => {
                let mut ms = [
                    gray_inverse(gray(x) ^ (a << 1)),
                    gray_inverse(gray(x) ^ ((a << 1) | 1)),
                ];
                ms.sort_unstable();
                if a > u64::MAX >> 1 {
                    return Ok(cont);
                }
                for m in ms {
                    // m + 1 < x, without overflow when m is u64::MAX.
                    if m < x.saturating_sub(1) && f(vec![(m + 1, x)]).is_break() {
                        return Ok(brk);
                    }
                }
                Ok(cont)
            }
            Kind::Named(Named::MockTurtles) => mock_sets(x, c, f),
            Kind::User(u) => {
                let i = self.grow(u, x, limits)?;
                // A copy, so that the lock is released before `f` runs.
                let (g, prefix) = {
                    let t = self.table.lock().unwrap_or_else(|e| e.into_inner());
                    (t.g[..=i].to_vec(), t.prefix[..=i + 1].to_vec())
                };
                user_sets(u, &g, &prefix, i, c, limits, f)
            }
        }
    }
}

/// Two coins `w < x` as runs.
fn pair(w: u64, x: u64) -> Runs {
    if w + 1 == x {
        vec![(w, x)]
    } else {
        vec![(w, w), (x, x)]
    }
}

/// Runs of a sorted list of distinct coins.
pub fn runs_of(coins: &[u64]) -> Runs {
    let mut out: Runs = Vec::new();
    for &c in coins {
        match out.last_mut() {
            Some(last) if last.1 + 1 == c => last.1 = c,
            _ => out.push((c, c)),
        }
    }
    out
}

/// Mock Turtles: the sets {x}, {y, x}, {z, y, x} whose other coins' odious
/// values add up to `c`.
fn mock_sets(x: u64, c: u64, f: SetVisit<'_>) -> Result<ControlFlow<()>, Error> {
    let cont = ControlFlow::Continue(());
    if c == 0 {
        return Ok(f(vec![(x, x)]));
    }
    if c.count_ones() % 2 == 1 {
        let y = c >> 1;
        return Ok(if y < x && odious(y) == Some(c) {
            f(pair(y, x))
        } else {
            cont
        });
    }
    // Two coins z < y < x with y ^ z = u (their odious values' nim-sum is
    // 2u + parity(u) = c): y has u's top bit, z = y ^ u.
    let u = c >> 1;
    let h = 63 - u.leading_zeros();
    let step = 2u64 << h;
    let mut base = 0u64;
    loop {
        let start = base | (1 << h);
        if start >= x {
            break;
        }
        let end = (base | ((1 << h) - 1) | (1 << h)).min(x - 1);
        let mut y = start;
        loop {
            tick(y)?;
            let z = y ^ u;
            if f(runs_of(&[z, y, x])).is_break() {
                return Ok(ControlFlow::Break(()));
            }
            if y == end {
                break;
            }
            y += 1;
        }
        match base.checked_add(step) {
            Some(b) => base = b,
            None => break,
        }
    }
    Ok(cont)
}

/// The nim-sums of the other coins of every move whose rightmost coin is
/// the one at index `i` (values `g[..i]` known), with repeats, for a rule
/// given by notation: by the definition.
fn options_of(u: UserRule, g: &[u64], prefix: &[u64], i: usize) -> Vec<u64> {
    let lo = match u.within {
        Some(d) => i.saturating_sub(usize::try_from(d).unwrap_or(usize::MAX)),
        None => 0,
    };
    let min_others = (u.min - 1) as usize;
    if u.contiguous {
        // Runs lo..=i whose length (others + 1) is allowed.
        let mut out = Vec::new();
        for start in (lo..=i).rev() {
            let others = i - start;
            if others < min_others {
                continue;
            }
            if u.max.is_some_and(|m| others as u64 + 1 > m) {
                break;
            }
            out.push(prefix[i] ^ prefix[start]);
        }
        return out;
    }
    // Sets of `others` distinct coins among lo..i: the nim-sums reachable
    // with j coins, j < cap exact, j = cap meaning "cap or more" when the
    // number is unbounded.
    let window = i - lo;
    let (cap, open) = match u.max {
        Some(m) => (((m - 1) as usize).min(window), false),
        None => (min_others.min(window), true),
    };
    if min_others > window {
        return Vec::new();
    }
    let top = g[lo..i].iter().fold(0, |m, &v| m | v);
    let size = (top + 1).next_power_of_two() as usize;
    let mut reach = vec![vec![false; size]; cap + 1];
    reach[0][0] = true;
    for &v in &g[lo..i] {
        let v = v as usize;
        for j in (0..=cap).rev() {
            let (from, to) = if j == cap && open {
                (j, j)
            } else if j == 0 {
                continue;
            } else {
                (j - 1, j)
            };
            let mut add = Vec::new();
            for (s, &on) in reach[from].iter().enumerate() {
                if on && !reach[to][s ^ v] {
                    add.push(s ^ v);
                }
            }
            for s in add {
                reach[to][s] = true;
            }
            if j == cap && open && j > 0 {
                let mut add = Vec::new();
                for (s, &on) in reach[j - 1].iter().enumerate() {
                    if on && !reach[j][s ^ v] {
                        add.push(s ^ v);
                    }
                }
                for s in add {
                    reach[j][s] = true;
                }
            }
        }
    }
    let mut out = Vec::new();
    for row in reach.iter().skip(min_others) {
        out.extend(
            row.iter()
                .enumerate()
                .filter(|(_, &on)| on)
                .map(|(s, _)| s as u64),
        );
    }
    out
}

/// Every legal set of a rule given by notation with rightmost coin at
/// index `i` whose other coins' values add up to `c`, by the definition.
fn user_sets(
    u: UserRule,
    g: &[u64],
    prefix: &[u64],
    i: usize,
    c: u64,
    limits: &Limits,
    f: SetVisit<'_>,
) -> Result<ControlFlow<()>, Error> {
    let o = u.origin;
    let x = o + i as u64;
    let lo = match u.within {
        Some(d) => i.saturating_sub(usize::try_from(d).unwrap_or(usize::MAX)),
        None => 0,
    };
    let min_others = (u.min - 1) as usize;
    if u.contiguous {
        for start in (lo..=i).rev() {
            let others = i - start;
            if u.max.is_some_and(|m| others as u64 + 1 > m) {
                break;
            }
            if others >= min_others
                && prefix[i] ^ prefix[start] == c
                && f(vec![(o + start as u64, x)]).is_break()
            {
                return Ok(ControlFlow::Break(()));
            }
        }
        return Ok(ControlFlow::Continue(()));
    }
    let max_others = u.max.map_or(i - lo, |m| ((m - 1) as usize).min(i - lo));
    let mut chosen: Vec<usize> = Vec::new();
    let mut steps = 0usize;
    // Depth-first over the other coins in decreasing order.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        g: &[u64],
        lo: usize,
        below: usize,
        acc: u64,
        c: u64,
        min: usize,
        max: usize,
        chosen: &mut Vec<usize>,
        steps: &mut usize,
        limits: &Limits,
        emit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Error> {
        *steps += 1;
        if *steps > limits.max_states {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        if chosen.len() >= min && acc == c && emit(chosen).is_break() {
            return Ok(ControlFlow::Break(()));
        }
        if chosen.len() == max {
            return Ok(ControlFlow::Continue(()));
        }
        for k in (lo..below).rev() {
            chosen.push(k);
            let r = walk(
                g,
                lo,
                k,
                acc ^ g[k],
                c,
                min,
                max,
                chosen,
                steps,
                limits,
                emit,
            )?;
            chosen.pop();
            if r.is_break() {
                return Ok(r);
            }
        }
        Ok(ControlFlow::Continue(()))
    }
    walk(
        g,
        lo,
        i,
        0,
        c,
        min_others,
        max_others,
        &mut chosen,
        &mut steps,
        limits,
        &mut |ks| {
            let mut coins: Vec<u64> = ks.iter().map(|&k| o + k as u64).collect();
            coins.push(x);
            coins.sort_unstable();
            f(runs_of(&coins))
        },
    )
}

/// Merges sorted, disjoint runs that touch (`(1, 2), (3, 5)` into `(1, 5)`).
pub fn runs_of_runs(runs: &[(u64, u64)]) -> Runs {
    let mut out: Runs = Vec::with_capacity(runs.len());
    for &(a, b) in runs {
        match out.last_mut() {
            Some(last) if last.1.checked_add(1) == Some(a) => last.1 = b,
            _ => out.push((a, b)),
        }
    }
    out
}

/// About how many move values a coin has (which side of a product to
/// walk): its number for the games of Nim's kind.
pub(crate) fn move_value_estimate(rule: &CoinRule, x: u64) -> u128 {
    match rule.as_named() {
        Some(Named::MockTurtles) => (2u128 << (64 - x.leading_zeros())) + u128::from(x),
        Some(_) => u128::from(x),
        None => u128::from(x).saturating_mul(u128::from(x)),
    }
}
