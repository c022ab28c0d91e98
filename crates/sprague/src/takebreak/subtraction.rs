//! Finite subtraction sets (`1,3,4`, `1-3`, `2,5-7`): the amounts a move
//! of a subtraction game may remove, read by the nim-sequence engine. The
//! ruleset that plays them is
//! [`ruleset::subtraction`](crate::ruleset::subtraction).

use super::named::NamedSet;
use crate::error::ParseErrorKind;
use crate::moves::{HeapMove, Parts};

/// A finite subtraction set, written as a comma-separated list of amounts
/// and ranges: `1,3,4`, `1-3` (= 1,2,3), `2,5-7`.
///
/// Stored as sorted, disjoint, non-adjacent inclusive ranges, so large ranges
/// cost no memory.
///
/// ```
/// use sprague::SubtractionSet;
/// let s = SubtractionSet::parse("5-7,1,2").unwrap();
/// assert_eq!(s.to_string(), "1,2,5-7");
/// assert!(s.contains(6) && !s.contains(3));
/// assert_eq!(s.max(), 7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    pub(crate) ranges: Vec<(u64, u64)>,
}

impl SubtractionSet {
    /// Parses the set part of `sub:S` (the text after the colon).
    ///
    /// # Errors
    /// An empty set, an amount of 0, a range whose bounds are reversed, or
    /// something that is not a number, each with a message naming it.
    pub fn parse(text: &str) -> Result<SubtractionSet, ParseErrorKind> {
        let bad = |why: String| ParseErrorKind::BadRuleset(why);
        if text.is_empty() {
            return Err(bad(
                "the subtraction set is empty: write the amounts that may be removed, \
                 e.g. sub:1,3,4 or sub:1-3"
                    .into(),
            ));
        }
        // A word where a number belongs may be a misspelt named set.
        let named_hint = |s: &str| -> String {
            if !s.bytes().any(|b| b.is_ascii_alphabetic()) {
                return String::new();
            }
            if NamedSet::from_name(s).is_some() {
                return format!("; the named set sub:{s} stands alone, without amounts");
            }
            match crate::error::nearest(&format!("sub:{text}"), NamedSet::WORDS.into_iter()) {
                Some(near) => format!("; did you mean {near}?"),
                None => "; the named sets are sub:squares, sub:primes, sub:pow2 and sub:fib, \
                         each alone"
                    .to_string(),
            }
        };
        let number = |s: &str| -> Result<u64, ParseErrorKind> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(format!(
                    "{s:?} in the subtraction set is not an amount (a whole number from 1 up){}",
                    named_hint(s)
                )));
            }
            let n: u64 = s.parse().map_err(|_| {
                bad(format!(
                    "amount {s} in the subtraction set is larger than 2^64 - 1"
                ))
            })?;
            if n == 0 {
                return Err(bad(
                    "the subtraction set may not contain 0: every move removes at least 1 token"
                        .into(),
                ));
            }
            Ok(n)
        };
        let mut ranges = Vec::new();
        for item in text.split(',') {
            // A leading '-' is a sign, not a range: name the whole item.
            if item.starts_with('-') {
                return Err(bad(format!(
                    "{item:?} in the subtraction set is not an amount (a whole number from 1 up)"
                )));
            }
            let (lo, hi) = match item.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => {
                    let n = number(item)?;
                    (n, n)
                }
            };
            if lo > hi {
                return Err(bad(format!(
                    "the range {item} is empty: write the smaller amount first ({hi}-{lo})"
                )));
            }
            ranges.push((lo, hi));
        }
        ranges.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Ok(SubtractionSet { ranges: merged })
    }

    /// The bounds `(a, b)` when the set is one range `a..=b` (bounded Nim is
    /// `a = 1`), which has a closed form ([`range_value`](crate::ruleset::subtraction::range_value)).
    pub fn as_range(&self) -> Option<(u64, u64)> {
        match self.ranges.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Whether `s` tokens may be removed.
    pub fn contains(&self, s: u64) -> bool {
        self.ranges.iter().any(|&(lo, hi)| lo <= s && s <= hi)
    }

    /// The amounts as sorted, disjoint, non-adjacent inclusive ranges.
    pub fn ranges(&self) -> &[(u64, u64)] {
        &self.ranges
    }

    /// The largest amount in the set.
    pub fn max(&self) -> u64 {
        self.ranges.last().map_or(0, |r| r.1)
    }

    /// The number of amounts in the set.
    pub fn len(&self) -> u64 {
        self.ranges.iter().map(|&(lo, hi)| hi - lo + 1).sum()
    }

    /// Always false: a subtraction set holds at least one amount.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The amounts in increasing order.
    pub fn amounts(&self) -> impl Iterator<Item = u64> + '_ {
        self.ranges.iter().flat_map(|&(lo, hi)| lo..=hi)
    }

    /// The number of amounts `s <= heap` (the number of options of a heap of
    /// size `heap`), counted range by range without listing them.
    ///
    /// ```
    /// let s = sprague::SubtractionSet::parse("1,3,4").unwrap();
    /// assert_eq!((s.count_up_to(0), s.count_up_to(3), s.count_up_to(9)), (0, 2, 3));
    /// ```
    pub fn count_up_to(&self, heap: u64) -> u64 {
        self.ranges
            .iter()
            .take_while(|&&(lo, _)| lo <= heap)
            .map(|&(lo, hi)| hi.min(heap) - lo + 1)
            .sum()
    }

    /// The `n`-th amount (from 0) in increasing order, if there are more than
    /// `n`; O(number of ranges).
    pub(crate) fn nth(&self, mut n: u64) -> Option<u64> {
        for &(lo, hi) in &self.ranges {
            let len = hi - lo + 1;
            if n < len {
                return Some(lo + n);
            }
            n -= len;
        }
        None
    }

    /// The smallest amount in the set.
    pub fn min(&self) -> u64 {
        self.ranges.first().map_or(0, |r| r.0)
    }

    /// The options of a heap of size `heap`: one per amount `s <= heap`, in
    /// increasing order of `s`.
    pub(crate) fn options(&self, heap: u64, out: &mut Vec<HeapMove>) {
        out.extend(self.amounts().take_while(|&s| s <= heap).map(|s| HeapMove {
            removed: s,
            parts: Parts::one(heap - s),
        }));
    }
}

impl std::fmt::Display for SubtractionSet {
    /// The set in canonical form: sorted, with runs of three or more written
    /// as ranges.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, &(lo, hi)) in self.ranges.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match hi - lo {
                0 => write!(f, "{lo}")?,
                1 => write!(f, "{lo},{hi}")?,
                _ => write!(f, "{lo}-{hi}")?,
            }
        }
        Ok(())
    }
}
