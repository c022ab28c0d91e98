//! Take-and-break games: octal and hexadecimal codes (Winning Ways, ch. 4)
//! and Grundy's game, described as the move sets the nim-sequence engine
//! in [`crate::sequence`] computes with.
//!
//! A code `d0.d1d2d3...` says, digit by digit, what may remain after
//! removing `k` tokens from one heap: in digit `dk`, bit 1 allows leaving
//! nothing (the heap had exactly `k` tokens), bit 2 one non-empty heap,
//! bit 4 two non-empty heaps and, in hexadecimal codes only, bit 8 three
//! non-empty heaps. `d0` covers removing nothing, so it may only hold the
//! splitting bits 4 and 8 (`4.07`: a heap may also be split in two without
//! taking anything).
//!
//! As an extension of the Winning Ways notation, a code may end in `...`:
//! its last digit then repeats for ever (`0.3...` is Nim written as a
//! code, `0.1...`-style codes allow removing arbitrarily many tokens). Such
//! codes have *unbounded removals*; no periodicity theorem covers them and
//! they are computed by the plain method only.

use std::fmt;

use crate::error::ParseErrorKind;
pub mod named;
pub mod subtraction;

use named::NamedSet;
use subtraction::SubtractionSet;

/// A take-and-break code, octal or hexadecimal, as in `0.77` (Kayles),
/// `0.07` (Dawson's Kayles), `4.07` or `0.8` (hexadecimal: split a heap of
/// at least 4 into three after removing one token).
///
/// Two codes are equal when they describe the same game: trailing zero
/// digits and the base they were written in do not matter (`octal:0.6` and
/// `hex:0.60` are one game).
///
/// ```
/// use sprague::takebreak::TakeBreakCode;
/// let kayles = TakeBreakCode::parse_octal("0.77")?;
/// assert_eq!(kayles.digit(1), 7);
/// assert_eq!(kayles.max_removal(), Some(2));
/// assert_eq!(kayles.to_string(), "0.77");
/// assert_eq!(TakeBreakCode::parse_octal(".770")?, kayles);
/// assert!(TakeBreakCode::parse_octal("0.8").is_err()); // 8 is not an octal digit
/// assert!(TakeBreakCode::parse_hex("0.8").is_ok());
/// # Ok::<(), sprague::ParseErrorKind>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreakCode {
    /// `digits[k]` is digit `dk`; no trailing zeros unless `repeat`.
    digits: Vec<u8>,
    /// Whether the last digit repeats for ever.
    repeat: bool,
}

impl TakeBreakCode {
    /// Parses an octal code (digits 0-7): the text after `octal:`.
    ///
    /// # Errors
    /// [`ParseErrorKind::BadRuleset`] naming the problem: no point, a digit
    /// that is not octal, a digit before the point other than 0 or 4.
    pub fn parse_octal(text: &str) -> Result<TakeBreakCode, ParseErrorKind> {
        Self::parse(text, 8)
    }

    /// Parses a hexadecimal code (digits 0-9, a-f): the text after `hex:`.
    ///
    /// # Errors
    /// As for [`parse_octal`](TakeBreakCode::parse_octal); the digit before
    /// the point may be 0, 4, 8 or c.
    pub fn parse_hex(text: &str) -> Result<TakeBreakCode, ParseErrorKind> {
        Self::parse(text, 16)
    }

    fn parse(text: &str, base: u32) -> Result<TakeBreakCode, ParseErrorKind> {
        let kind = if base == 8 { "octal" } else { "hexadecimal" };
        let bad = |why: String| ParseErrorKind::BadRuleset(why);
        let (body, repeat) = match text.strip_suffix("...") {
            Some(body) => (body, true),
            None => (text, false),
        };
        let Some((before, after)) = body.split_once('.') else {
            return Err(bad(format!(
                "the {kind} code {text:?} has no point: write it as in Winning Ways, \
                 e.g. 0.77 (Kayles) or 4.07"
            )));
        };
        let digit = |c: char| -> Result<u8, ParseErrorKind> {
            c.to_digit(base).map(|d| d as u8).ok_or_else(|| {
                bad(format!(
                    "{c:?} in the code {text:?} is not {} digit (0-{})",
                    if base == 8 {
                        "an octal"
                    } else {
                        "a hexadecimal"
                    },
                    if base == 8 { "7" } else { "9, a-f" }
                ))
            })
        };
        let d0 = match before {
            "" => 0,
            _ if before.chars().count() == 1 => digit(before.chars().next().unwrap_or('0'))?,
            _ => {
                return Err(bad(format!(
                    "the code {text:?} has more than one digit before the point"
                )))
            }
        };
        if d0 & 3 != 0 {
            return Err(bad(format!(
                "the digit before the point in {text:?} says what may remain after removing \
                 no tokens, so it can only allow splitting: 0 or 4{}",
                if base == 16 { ", 8 or c" } else { "" }
            )));
        }
        let mut digits = vec![d0];
        for c in after.chars() {
            digits.push(digit(c)?);
        }
        if repeat {
            if digits.len() < 2 || digits[digits.len() - 1] == 0 {
                return Err(bad(format!(
                    "in {text:?} the digit before \"...\" repeats for ever, so it must be \
                     a nonzero digit after the point"
                )));
            }
        } else {
            while digits.len() > 1 && digits[digits.len() - 1] == 0 {
                digits.pop();
            }
        }
        Ok(TakeBreakCode { digits, repeat })
    }

    /// Digit `dk`: what may remain after removing `k` tokens (0 past the end
    /// of a finite code, the repeated digit past the end of a repeating one).
    pub fn digit(&self, k: u64) -> u8 {
        match usize::try_from(k).ok().and_then(|k| self.digits.get(k)) {
            Some(&d) => d,
            None if self.repeat => self.digits[self.digits.len() - 1],
            None => 0,
        }
    }

    /// Whether the last digit repeats for ever (the code was written with
    /// `...`), so that arbitrarily many tokens may be removed.
    pub fn is_repeating(&self) -> bool {
        self.repeat
    }

    /// The most tokens a move may remove (the index of the last nonzero
    /// digit; 0 for a code with only `d0`), or `None` when removals are
    /// unbounded (a repeating code).
    pub fn max_removal(&self) -> Option<u64> {
        (!self.repeat).then(|| self.digits.len() as u64 - 1)
    }

    /// Whether some move leaves three heaps (a hexadecimal digit with bit 8).
    pub fn has_three_way_splits(&self) -> bool {
        self.digits.iter().any(|d| d & 8 != 0)
    }

    /// The moves of the game as the nim-sequence engine takes them.
    pub fn move_set(&self) -> MoveSet {
        let mut set = MoveSet::default();
        let last = self.digits.len() as u64 - 1;
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            let hi = if self.repeat && k == last {
                u64::MAX
            } else {
                k
            };
            let range = (k, hi);
            if d & 1 != 0 {
                push_range(&mut set.take_all, range);
            }
            if d & 2 != 0 {
                push_range(&mut set.take, range);
            }
            if d & 4 != 0 {
                push_range(&mut set.split2, range);
            }
            if d & 8 != 0 {
                push_range(&mut set.split3, range);
            }
        }
        set
    }
}

impl fmt::Display for TakeBreakCode {
    /// The code in canonical form: `d0.d1d2...` with digits 0-9 and a-f,
    /// followed by `...` when the last digit repeats.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex = |d: u8| char::from_digit(d as u32, 16).unwrap_or('?');
        write!(f, "{}.", hex(self.digits[0]))?;
        for &d in &self.digits[1..] {
            write!(f, "{}", hex(d))?;
        }
        if self.repeat {
            f.write_str("...")?;
        }
        Ok(())
    }
}

/// Appends an inclusive range, merging it with the last one when adjacent.
fn push_range(ranges: &mut Vec<(u64, u64)>, (lo, hi): (u64, u64)) {
    match ranges.last_mut() {
        Some(last) if last.1.checked_add(1) == Some(lo) => last.1 = hi,
        _ => ranges.push((lo, hi)),
    }
}

/// The moves of a heap game in the shape the nim-sequence engine uses: for
/// each kind of move, the amounts `k` that may be removed, as sorted,
/// disjoint inclusive ranges (`u64::MAX` as the upper end means unbounded).
///
/// - `take_all`: a heap of exactly `k` tokens may be taken away whole;
/// - `take`: `k` tokens may be removed from a larger heap, leaving one heap;
/// - `split2`: `k` tokens may be removed and the rest split into two
///   non-empty heaps (`k = 0`: a pure split); with `unequal`, the two heaps
///   must differ in size (Grundy's game);
/// - `split3`: the same with three non-empty heaps (hexadecimal codes);
/// - `named`: an infinite subtraction set ([`NamedSet`], `sub:squares`):
///   every `k` in it may be removed, leaving one heap or nothing. A move
///   set with one has no other moves ([`MoveSet::named`]); its removals are
///   unbounded, so no periodicity theorem applies.
///
/// ```
/// use sprague::takebreak::MoveSet;
/// let grundy = MoveSet::grundy();
/// assert_eq!(grundy.max_removal(), Some(0));
/// assert!(!grundy.periodicity_theorem_applies());
/// let sub = MoveSet::subtraction(&sprague::SubtractionSet::parse("1-3").unwrap());
/// assert!(sub.periodicity_theorem_applies());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveSet {
    pub(crate) take_all: Vec<(u64, u64)>,
    pub(crate) take: Vec<(u64, u64)>,
    pub(crate) split2: Vec<(u64, u64)>,
    pub(crate) split3: Vec<(u64, u64)>,
    pub(crate) unequal: bool,
    pub(crate) named: Option<NamedSet>,
}

impl MoveSet {
    /// Grundy's game: split one heap into two non-empty heaps of different
    /// sizes (Winning Ways, ch. 4).
    pub fn grundy() -> MoveSet {
        MoveSet {
            split2: vec![(0, 0)],
            unequal: true,
            ..MoveSet::default()
        }
    }

    /// The subtraction game `sub:S`: remove exactly `s` tokens, `s` in S,
    /// leaving one heap or nothing (every digit `k` in S is 3).
    pub fn subtraction(set: &SubtractionSet) -> MoveSet {
        let ranges = set.ranges().to_vec();
        MoveSet {
            take_all: ranges.clone(),
            take: ranges,
            ..MoveSet::default()
        }
    }

    /// The subtraction game whose set is the infinite `set` (`sub:squares`,
    /// `sub:primes`, `sub:pow2`, `sub:fib`): remove exactly `k` tokens, `k`
    /// in the set, leaving one heap or nothing.
    ///
    /// ```
    /// use sprague::ruleset::named::NamedSet;
    /// use sprague::takebreak::MoveSet;
    /// let squares = MoveSet::named(NamedSet::Squares);
    /// assert!(squares.allows_take(9) && !squares.allows_take(8));
    /// assert_eq!(squares.max_removal(), None);
    /// assert!(!squares.periodicity_theorem_applies());
    /// ```
    pub fn named(set: NamedSet) -> MoveSet {
        MoveSet {
            named: Some(set),
            ..MoveSet::default()
        }
    }

    /// The infinite subtraction set of a named set's game, if this is one.
    pub fn named_set(&self) -> Option<NamedSet> {
        self.named
    }

    /// The most tokens one move removes, or `None` when unbounded.
    pub fn max_removal(&self) -> Option<u64> {
        if self.named.is_some() {
            return None;
        }
        let max = [&self.take_all, &self.take, &self.split2, &self.split3]
            .iter()
            .filter_map(|r| r.last().map(|&(_, hi)| hi))
            .max()
            .unwrap_or(0);
        (max != u64::MAX).then_some(max)
    }

    /// The most heaps one move leaves in place of one heap (1, 2 or 3).
    pub fn max_parts(&self) -> u32 {
        if !self.split3.is_empty() {
            3
        } else if !self.split2.is_empty() {
            2
        } else {
            1
        }
    }

    /// Whether the periodicity theorem of Guy and Smith (1956) applies: the
    /// removals are bounded and a split may leave any two (or three)
    /// non-empty heaps. It does not apply to Grundy's game (the parts must
    /// differ) nor to codes with unbounded removals.
    pub fn periodicity_theorem_applies(&self) -> bool {
        !self.unequal && self.max_removal().is_some()
    }

    /// Whether taking the whole heap is allowed exactly where leaving one
    /// non-empty heap is (as in subtraction games): a move of k tokens
    /// then reaches heap 0 from heap k as it reaches heap n - k from heap
    /// n, so that the periodicity window can start at the preperiod itself
    /// instead of at `max(preperiod, 1)`. Both ways round: a whole-heap
    /// move with no one-heap move beside it (`octal:.101`, whose heaps 1
    /// and 3 may only be taken whole) makes heap t unlike heap t + p, and
    /// a window from 0 would prove a false period.
    pub(crate) fn zero_heap_is_free(&self) -> bool {
        let within = |k: (u64, u64), ranges: &[(u64, u64)]| {
            ranges.iter().any(|&(a, b)| a <= k.0 && k.1 <= b)
        };
        self.split2.is_empty()
            && self.split3.is_empty()
            && self.take.iter().all(|&r| within(r, &self.take_all))
            && self.take_all.iter().all(|&r| within(r, &self.take))
    }
}

/// The largest smaller part `a` of a split of `m` tokens into two heaps
/// `a <= m - a` (`a < m - a` when `unequal`, as in Grundy's game): the
/// splits are `a` in `1..=largest_smaller_part(m, unequal)`.
pub(crate) const fn largest_smaller_part(m: u64, unequal: bool) -> u64 {
    if unequal {
        m.saturating_sub(1) / 2
    } else {
        m / 2
    }
}

fn in_ranges(ranges: &[(u64, u64)], k: u64) -> bool {
    ranges.iter().any(|&(lo, hi)| lo <= k && k <= hi)
}

impl MoveSet {
    /// Whether a heap of exactly `k` tokens may be taken away whole.
    pub fn allows_take_all(&self, k: u64) -> bool {
        k >= 1 && (in_ranges(&self.take_all, k) || self.named.is_some_and(|s| s.contains(k)))
    }
    /// Whether `k` tokens may be removed leaving one non-empty heap.
    pub fn allows_take(&self, k: u64) -> bool {
        k >= 1 && (in_ranges(&self.take, k) || self.named.is_some_and(|s| s.contains(k)))
    }
    /// Whether `k` tokens may be removed leaving two non-empty heaps.
    pub fn allows_split2(&self, k: u64) -> bool {
        in_ranges(&self.split2, k)
    }
    /// Whether `k` tokens may be removed leaving three non-empty heaps.
    pub fn allows_split3(&self, k: u64) -> bool {
        in_ranges(&self.split3, k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_parse_with_winning_ways_semantics() {
        let c = TakeBreakCode::parse_octal("4.07").unwrap();
        assert_eq!(
            (c.digit(0), c.digit(1), c.digit(2), c.digit(3)),
            (4, 0, 7, 0)
        );
        let m = c.move_set();
        assert_eq!(m.split2, vec![(0, 0), (2, 2)]);
        assert_eq!(m.take, vec![(2, 2)]);
        assert_eq!(m.take_all, vec![(2, 2)]);
        let h = TakeBreakCode::parse_hex("0.f").unwrap();
        assert!(h.has_three_way_splits());
        assert_eq!(h.to_string(), "0.f");
        let r = TakeBreakCode::parse_octal("0.13...").unwrap();
        assert_eq!(r.digit(1_000_000), 3);
        assert_eq!(r.max_removal(), None);
        assert_eq!(r.move_set().take, vec![(2, u64::MAX)]);
        assert!(!r.move_set().periodicity_theorem_applies());
        assert_eq!(
            TakeBreakCode::parse_octal("0.").unwrap().max_removal(),
            Some(0)
        );
    }

    #[test]
    fn bad_codes_say_why() {
        for bad in [
            "077", "0.78", "1.07", "2.1", "0.7...0", "0.0...", "44.1", "0.7x",
        ] {
            let e = TakeBreakCode::parse_octal(bad).unwrap_err();
            assert!(matches!(e, ParseErrorKind::BadRuleset(_)), "{bad}: {e:?}");
        }
        assert!(TakeBreakCode::parse_hex("c.1").is_ok());
        assert!(TakeBreakCode::parse_hex("3.1").is_err());
    }
}
