//! Outcome classes and play conventions.

use std::fmt;

/// The outcome class of a position: who wins with perfect play.
///
/// The standard names of Winning Ways, ch. 2: a position is an *N-position*
/// when the Next player (the one to move) wins, a *P-position* when the
/// Previous player (the one who just moved) wins.
///
/// ```
/// use sprague::Outcome;
/// assert_eq!(Outcome::N.to_string(), "N");
/// assert_eq!(Outcome::from_next_player_wins(false), Outcome::P);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player who just moved wins: every move leads to an N-position
    /// (or there is no move, under normal play).
    P,
    /// The player to move wins: some move leads to a P-position.
    N,
    /// A draw: neither player can force a win, and play goes on forever
    /// (only in games whose positions can recur, [`loopy`](crate::loopy);
    /// Smith 1966, Fraenkel's D-positions).
    D,
}

impl Outcome {
    /// `N` when the player to move wins, `P` otherwise.
    pub const fn from_next_player_wins(next_wins: bool) -> Outcome {
        if next_wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// Whether the player to move wins (`N`).
    pub const fn next_player_wins(self) -> bool {
        matches!(self, Outcome::N)
    }

    /// The outcome class in words, for people: "the player to move wins" or
    /// "the player to move loses".
    pub const fn describe(self) -> &'static str {
        match self {
            Outcome::N => "the player to move wins",
            Outcome::P => "the player to move loses",
            Outcome::D => "a draw: neither player can force a win; play goes on forever",
        }
    }
}

impl fmt::Display for Outcome {
    /// `P`, `N` or `D`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

/// The play convention: who wins when no move is left.
///
/// ```
/// use sprague::Play;
/// assert_eq!(Play::default(), Play::Normal);
/// assert_eq!(Play::Misere.to_string(), "misère");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Play {
    /// Normal play: the player who cannot move loses (so the last mover wins).
    #[default]
    Normal,
    /// Misère play: the player who makes the last move loses.
    Misere,
}

impl Play {
    /// The outcome of a terminal position (one without moves): `P` under
    /// normal play, `N` under misère play.
    pub const fn terminal_outcome(self) -> Outcome {
        match self {
            Play::Normal => Outcome::P,
            Play::Misere => Outcome::N,
        }
    }

    /// The JSON and plain-text name: `normal` or `misere`.
    pub const fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

impl fmt::Display for Play {
    /// `normal` or `misère`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Play::Normal => "normal",
            Play::Misere => "misère",
        })
    }
}
