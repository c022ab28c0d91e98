//! One strip of Treblecross ([`Strip`]): its squares and crosses, its
//! notation (`..X..`, or counts past [`MAX_SPELLED`] squares), and the
//! runs of safe squares its value is the octal 0.007 value of.

use super::*;

/// One strip: its number of squares and the squares (from 1, increasing)
/// of its crosses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strip {
    pub(super) squares: u64,
    pub(super) crosses: Vec<u64>,
}

impl Strip {
    /// A strip of `squares` squares with crosses on `crosses`.
    ///
    /// # Errors
    /// Why they make no strip, in words: fewer than 3 or more than
    /// [`MAX_SQUARES`] squares, a cross on square 0 or past the end, crosses
    /// out of order or repeated, or three in a row.
    pub fn new(squares: u64, crosses: Vec<u64>) -> Result<Strip, String> {
        if squares < 3 {
            return Err(format!(
                "a strip of {squares} squares can never hold three in a row: a strip has at \
                 least 3 squares"
            ));
        }
        if squares > MAX_SQUARES {
            return Err(format!(
                "a strip of {squares} squares is the heap {squares} + 2 of octal 0.007, past \
                 2^64 - 1: a strip has at most {MAX_SQUARES} squares"
            ));
        }
        for (i, &c) in crosses.iter().enumerate() {
            if c == 0 {
                return Err("square 0: the squares of a strip are numbered from 1".into());
            }
            if c > squares {
                return Err(format!(
                    "square {c} is past the end of a strip of {squares} squares"
                ));
            }
            if i > 0 && crosses[i - 1] == c {
                return Err(format!("square {c} is given twice"));
            }
            if i > 0 && crosses[i - 1] > c {
                return Err(format!(
                    "square {c} comes after square {}: write the crosses in increasing order",
                    crosses[i - 1]
                ));
            }
        }
        let strip = Strip { squares, crosses };
        if let Some(c) = strip.three_in_a_row() {
            return Err(format!(
                "squares {c} to {} already hold three X in a row: that game is over",
                c + 2
            ));
        }
        Ok(strip)
    }

    /// The empty strip of `squares` squares (at least 3).
    ///
    /// # Errors
    /// As for [`Strip::new`].
    pub fn empty(squares: u64) -> Result<Strip, String> {
        Strip::new(squares, Vec::new())
    }

    /// Reads one word: `..X..`, a length `N`, or `N:A,B,...`.
    ///
    /// ```
    /// use sprague::ruleset::treblecross::Strip;
    /// let s = Strip::parse("..X.....")?;
    /// assert_eq!((s.squares(), s.crosses()), (8, &[3][..]));
    /// assert_eq!(Strip::parse("8:3")?, s);
    /// assert!(Strip::parse("..O..").is_err());
    /// # Ok::<(), String>(())
    /// ```
    ///
    /// # Errors
    /// What is wrong with the word, in words.
    pub fn parse(word: &str) -> Result<Strip, String> {
        let number = |text: &str, what: &str| -> Result<u64, String> {
            if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!(
                    "`{word}` is not a strip: {what} `{text}` is not a whole number (write a \
                     strip as ..X.. with . an empty square and X a cross, as its length, or as \
                     N:A,B with the squares of its crosses)"
                ));
            }
            text.parse::<u64>()
                .map_err(|_| format!("{what} {text} in `{word}` is past 2^64 - 1"))
        };
        if word.bytes().next().is_some_and(|b| b.is_ascii_digit()) {
            let (length, crosses) = match word.split_once(':') {
                Some((n, list)) => (n, Some(list)),
                None => (word, None),
            };
            let squares = number(length, "the length")?;
            let crosses = match crosses {
                None => Vec::new(),
                Some(list) => list
                    .split(',')
                    .map(|c| number(c, "the square"))
                    .collect::<Result<Vec<u64>, String>>()?,
            };
            return Strip::new(squares, crosses).map_err(|e| format!("`{word}`: {e}"));
        }
        let mut crosses = Vec::new();
        let mut squares = 0u64;
        for (i, ch) in word.chars().enumerate() {
            match ch {
                '.' => {}
                'X' | 'x' => crosses.push(i as u64 + 1),
                other => {
                    return Err(format!(
                        "`{word}` is not a strip: `{other}` (character {}) is neither `.` (an \
                         empty square) nor `X` (a cross)",
                        i + 1
                    ))
                }
            }
            squares += 1;
        }
        Strip::new(squares, crosses).map_err(|e| format!("`{word}`: {e}"))
    }

    /// The number of squares.
    pub fn squares(&self) -> u64 {
        self.squares
    }

    /// The squares of the crosses, from 1, increasing.
    pub fn crosses(&self) -> &[u64] {
        &self.crosses
    }

    /// Whether square `square` (from 1) is on the strip and empty.
    pub fn is_empty_square(&self, square: u64) -> bool {
        (1..=self.squares).contains(&square) && self.crosses.binary_search(&square).is_err()
    }

    /// The first square of three crosses in a row, if any.
    pub fn three_in_a_row(&self) -> Option<u64> {
        self.crosses
            .windows(3)
            .find(|w| w[2] - w[0] == 2)
            .map(|w| w[0])
    }

    /// The empty squares where a cross makes three in a row, increasing:
    /// next to a pair `XX`, between the crosses of `X.X`. O(crosses).
    ///
    /// ```
    /// use sprague::ruleset::treblecross::Strip;
    /// assert_eq!(Strip::parse(".XX..X.X")?.completions(), vec![1, 4, 7]);
    /// assert!(Strip::parse("X..X")?.completions().is_empty());
    /// # Ok::<(), String>(())
    /// ```
    pub fn completions(&self) -> Vec<u64> {
        let mut out = Vec::new();
        for w in self.crosses.windows(2) {
            let (a, b) = (w[0], w[1]);
            match b - a {
                1 => {
                    out.extend((a > 1).then(|| a - 1));
                    out.extend((b < self.squares).then(|| b + 1));
                }
                2 => out.push(a + 1),
                _ => {}
            }
        }
        out.retain(|&s| self.is_empty_square(s));
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The runs of safe squares (no cross within two), as (first square,
    /// length), left to right. O(crosses).
    ///
    /// ```
    /// use sprague::ruleset::treblecross::Strip;
    /// // ..X..... : squares 1 and 2 and 4 and 5 are killed; 6 to 8 are safe.
    /// assert_eq!(Strip::parse("..X.....")?.safe_runs(), vec![(6, 3)]);
    /// assert_eq!(Strip::parse("X.....X")?.safe_runs(), vec![(4, 1)]);
    /// assert_eq!(Strip::parse("7")?.safe_runs(), vec![(1, 7)]);
    /// # Ok::<(), String>(())
    /// ```
    pub fn safe_runs(&self) -> Vec<(u64, u64)> {
        let mut runs = Vec::new();
        // In u128: a cross near 2^64 - 1 has no squares 3 beyond it.
        let mut start: u128 = 1;
        for &c in &self.crosses {
            let end = u128::from(c).saturating_sub(3);
            if c >= 3 && end >= start {
                runs.push((start as u64, (end - start + 1) as u64));
            }
            start = u128::from(c) + 3;
        }
        let last = u128::from(self.squares);
        if start <= last {
            runs.push((start as u64, (last - start + 1) as u64));
        }
        runs
    }

    /// The strip with a cross on `square` too (an empty square of it).
    pub(super) fn with_cross(&self, square: u64) -> Strip {
        let mut crosses = self.crosses.clone();
        let at = crosses.partition_point(|&c| c < square);
        crosses.insert(at, square);
        Strip {
            squares: self.squares,
            crosses,
        }
    }
}

impl fmt::Display for Strip {
    /// Square by square (`..X..`) up to [`MAX_SPELLED`] squares, else
    /// `N` or `N:A,B,...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.squares <= MAX_SPELLED {
            for s in 1..=self.squares {
                let cross = self.crosses.binary_search(&s).is_ok();
                f.write_str(if cross { "X" } else { "." })?;
            }
            return Ok(());
        }
        write!(f, "{}", self.squares)?;
        for (i, c) in self.crosses.iter().enumerate() {
            write!(f, "{}{c}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}
