//! A game between a person and a perfect computer: the position, whose turn
//! it is, the moves so far (for undo), hints, and the computer's choice.
//! No I/O: the `sprague play` command reads and prints.
//!
//! The computer plays a winning move whenever one exists (picked among the
//! winning moves with the seeded generator), and otherwise a legal move
//! picked with the same generator, so a game is replayed exactly by the
//! same seed and the same moves. Under misère play the last mover loses.
//!
//! ```
//! use sprague::session::{Player, Session};
//! use sprague::{Limits, Play};
//!
//! let mut game = Session::new("nim 3 4 5".parse()?, Play::Normal, Player::Human, 7, Limits::default());
//! let hint = game.hint()?;
//! assert_eq!(hint.winning_move().map(|r| r.text.as_str()), Some("1 2"));
//! let mv = game.parse_move("1 2")?;
//! game.human_move(mv)?;
//! assert_eq!(game.position().to_string(), "nim 1 4 5");
//! let reply = game.computer_move()?;
//! assert!(!reply.winning); // nim 1 4 5 is a P-position: no winning move
//! game.undo()?; // takes back the pair
//! assert_eq!(game.position().to_string(), "nim 3 4 5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::explain::{explain, MoveReason};
use crate::movetext::{self, MoveError};
use crate::{Analyzer, Error, IllegalMove, Limits, Move, Outcome, Play, Position};

/// One side of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The person at the keyboard.
    Human,
    /// The program.
    Computer,
}

impl Player {
    /// The other side.
    pub fn other(self) -> Player {
        match self {
            Player::Human => Player::Computer,
            Player::Computer => Player::Human,
        }
    }
}

impl fmt::Display for Player {
    /// `you` or `computer`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Human => "you",
            Player::Computer => "computer",
        })
    }
}

/// A move made in the game: who made it, the move, and the position it was
/// made in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The position before the move.
    pub before: Position,
}

/// The computer's move and whether it was a winning one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerMove {
    /// The move played.
    pub mv: Move,
    /// Whether it leads to a P-position (false when the computer had no
    /// winning move and picked a legal one at random).
    pub winning: bool,
}

/// A hint for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// A winning move: its text, words, the P-position it leads to and why
    /// it wins ([`MoveReason`]).
    Winning {
        /// The move and why it wins.
        reason: MoveReason,
        /// The number of winning moves, when known.
        total: Option<u64>,
    },
    /// A P-position: there is no winning move.
    Lost {
        /// Why every move loses.
        why: String,
    },
    /// A drawn position (a game with cycles): no move wins, and the
    /// position's moves that keep the draw are in `why`.
    Drawn {
        /// Why no move wins, and how to keep the draw.
        why: String,
    },
}

impl Hint {
    /// The outcome class of the position: N when there is a winning move.
    pub fn outcome(&self) -> Outcome {
        match self {
            Hint::Winning { .. } => Outcome::N,
            Hint::Lost { .. } => Outcome::P,
            Hint::Drawn { .. } => Outcome::D,
        }
    }

    /// The winning move, when there is one.
    pub fn winning_move(&self) -> Option<&MoveReason> {
        match self {
            Hint::Winning { reason, .. } => Some(reason),
            Hint::Lost { .. } | Hint::Drawn { .. } => None,
        }
    }

    /// Why the move wins, or why there is no winning move.
    pub fn why(&self) -> &str {
        match self {
            Hint::Winning { reason, .. } => &reason.why,
            Hint::Lost { why } | Hint::Drawn { why } => why,
        }
    }
}

/// Why there is nothing to undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NothingToUndo {
    /// The human has not moved yet.
    NoMoveYet,
}

impl fmt::Display for NothingToUndo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NothingToUndo::NoMoveYet => f.write_str("you have not moved yet"),
        }
    }
}

/// Why a request to the game was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SessionError {
    /// The human tried to move on the computer's turn, or the other way.
    NotYourTurn,
    /// The game is over.
    GameOver,
    /// The move is not legal here: why, typed.
    Illegal(IllegalMove),
    /// Nothing to take back, and why.
    NothingToUndo(NothingToUndo),
    /// The analysis the computer needs passed a limit.
    Analysis(Error),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::NotYourTurn => f.write_str("it is not your turn"),
            SessionError::GameOver => f.write_str("the game is over"),
            SessionError::Illegal(why) => write!(f, "illegal move: {why}"),
            SessionError::NothingToUndo(why) => write!(f, "nothing to undo: {why}"),
            SessionError::Analysis(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SessionError {}

impl From<Error> for SessionError {
    fn from(e: Error) -> SessionError {
        SessionError::Analysis(e)
    }
}

/// At most this many winning moves are considered for the computer's
/// random choice (a Moore's Nim_k position may have astronomically many).
const WINNING_CHOICES: usize = 64;

/// A game of a person against the computer: see the [module](self)
/// documentation.
#[derive(Clone, Debug)]
pub struct Session {
    position: Position,
    play: Play,
    first: Player,
    to_move: Player,
    history: Vec<Turn>,
    seed: u64,
    rng: StdRng,
    analyzer: Analyzer,
}

impl Session {
    /// A new game from `position` under `play`, with `first` to move; the
    /// computer's random choices come from `seed`; analyses stay within
    /// `limits`.
    pub fn new(
        position: Position,
        play: Play,
        first: Player,
        seed: u64,
        limits: Limits,
    ) -> Session {
        Session {
            position,
            play,
            first,
            to_move: first,
            history: Vec::new(),
            seed,
            rng: StdRng::seed_from_u64(seed),
            analyzer: Analyzer::new(limits).with_total_count(false),
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The play convention.
    pub fn play_convention(&self) -> Play {
        self.play
    }

    /// Who moved first.
    pub fn first(&self) -> Player {
        self.first
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The seed of the computer's random choices.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The moves made so far, oldest first.
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// The winner, once no move is left: under normal play the player who
    /// cannot move loses, under misère play that player wins (the other one
    /// made the last move). `None` while the game goes on.
    ///
    /// # Errors
    /// A ruleset table's limit error (see [`Position::has_moves`]).
    pub fn winner(&self) -> Result<Option<Player>, Error> {
        if self.position.has_moves(self.analyzer.limits())? {
            return Ok(None);
        }
        Ok(Some(match self.play {
            Play::Normal => self.to_move.other(),
            Play::Misere => self.to_move,
        }))
    }

    /// Reads a move typed by the human in the position now (see
    /// [`movetext::parse`]).
    ///
    /// # Errors
    /// The [`MoveError`] saying why the text is not a legal move here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        movetext::parse(&self.position, text)
    }

    fn check_turn(&self, player: Player) -> Result<(), SessionError> {
        if self.winner()?.is_some() {
            return Err(SessionError::GameOver);
        }
        if self.to_move != player {
            return Err(SessionError::NotYourTurn);
        }
        Ok(())
    }

    fn make(&mut self, player: Player, mv: Move) -> Result<(), SessionError> {
        let after = self.position.play(&mv).map_err(|e| match e {
            Error::IllegalMove(why) => SessionError::Illegal(why),
            other => SessionError::Analysis(other),
        })?;
        let before = std::mem::replace(&mut self.position, after);
        self.history.push(Turn { player, mv, before });
        self.to_move = player.other();
        Ok(())
    }

    /// Plays the human's move.
    ///
    /// # Errors
    /// [`SessionError::NotYourTurn`], [`SessionError::GameOver`], or
    /// [`SessionError::Illegal`] when the move does not fit the position;
    /// the game is then unchanged.
    pub fn human_move(&mut self, mv: Move) -> Result<(), SessionError> {
        self.check_turn(Player::Human)?;
        self.make(Player::Human, mv)
    }

    /// Whether the position now is a draw with best play (a game with
    /// cycles): the computer agrees to a draw offered then, and only then.
    ///
    /// # Errors
    /// A limit error from the analysis.
    pub fn is_drawn(&self) -> Result<bool, Error> {
        let a = self.analyzer.analyze(&self.position, self.play, Some(0))?;
        Ok(a.outcome == Outcome::D)
    }

    /// The computer's move in a game with cycles, by remoteness (Smith
    /// 1966): in an N-position the winning move whose P-position is nearest
    /// the end (it wins fast); in a draw a move that keeps it (chosen with
    /// the seed); in a P-position the move whose N-position is farthest
    /// from the end (it loses slowly). Where a remoteness passes the
    /// limits, the first winning move or a move chosen with the seed.
    fn loopy_choice(&mut self, analysis: &crate::Analysis) -> Result<(Move, bool), Error> {
        let remoteness = |mv: &Move| -> Option<u64> {
            let after = self.position.play(mv).ok()?;
            self.analyzer.remoteness(&after).ok().flatten()
        };
        match analysis.outcome {
            Outcome::N => {
                let best = analysis
                    .winning_moves
                    .iter()
                    .min_by_key(|m| remoteness(m).unwrap_or(u64::MAX))
                    .cloned();
                match best {
                    Some(mv) => Ok((mv, true)),
                    None => Ok((self.random_move()?, false)),
                }
            }
            Outcome::D => {
                let drawing = analysis
                    .loopy
                    .as_ref()
                    .map_or(&[][..], |l| &l.drawing_moves[..]);
                if drawing.is_empty() {
                    return Ok((self.random_move()?, false));
                }
                let i = self.rng.random_range(0..drawing.len());
                Ok((drawing[i].clone(), false))
            }
            Outcome::P => {
                let moves = self.position.moves(self.analyzer.limits())?;
                if moves.is_empty() || moves.len() > WINNING_CHOICES {
                    return Ok((self.random_move()?, false));
                }
                let best = moves
                    .iter()
                    .max_by_key(|m| remoteness(m).map_or(0, |r| r + 1))
                    .cloned();
                match best {
                    Some(mv) => Ok((mv, false)),
                    None => Ok((self.random_move()?, false)),
                }
            }
        }
    }

    /// Chooses and plays the computer's move: a winning move when there is
    /// one (picked among at most 64 of them), else a random legal move. In
    /// a game with cycles it goes by remoteness: the winning move that wins
    /// fastest, a move that keeps a draw, or the losing move that loses
    /// slowest.
    ///
    /// # Errors
    /// [`SessionError::NotYourTurn`] on the human's turn,
    /// [`SessionError::GameOver`], or [`SessionError::Analysis`] when the
    /// analysis passes a limit.
    pub fn computer_move(&mut self) -> Result<ComputerMove, SessionError> {
        self.check_turn(Player::Computer)?;
        let analysis = self
            .analyzer
            .analyze(&self.position, self.play, Some(WINNING_CHOICES))?;
        let (mv, winning) = if analysis.loopy.is_some() {
            self.loopy_choice(&analysis)?
        } else if analysis.winning_moves.is_empty() {
            (self.random_move()?, false)
        } else {
            let i = self.rng.random_range(0..analysis.winning_moves.len());
            (analysis.winning_moves[i].clone(), true)
        };
        self.make(Player::Computer, mv.clone())?;
        Ok(ComputerMove { mv, winning })
    }

    /// A legal move picked at random: uniformly among all moves when they
    /// can be listed, else a component, a heap and one of its options.
    fn random_move(&mut self) -> Result<Move, Error> {
        let limits = *self.analyzer.limits();
        match self.position.moves(&limits) {
            Ok(moves) if !moves.is_empty() => {
                let i = self.rng.random_range(0..moves.len());
                return Ok(moves[i].clone());
            }
            Ok(_) => return Err(Error::Internal("no move is left in this position".into())),
            Err(Error::StateLimit { .. }) => {}
            Err(e) => return Err(e),
        }
        let count = self.position.components().len();
        let start = self.rng.random_range(0..count);
        let mut last = None;
        for n in 0..count {
            let i = (start + n) % count;
            let c = &self.position.components()[i];
            let rng = &mut self.rng;
            match c
                .ruleset()
                .random_action(c.args(), &limits, &mut |n| rng.random_range(0..n))
            {
                Ok(Some(action)) => return Ok(self.position.make_move(i, action)),
                Ok(None) => {}
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or_else(|| Error::Internal("no move is left in this position".into())))
    }

    /// A winning move for the player to move, if there is one, with why it
    /// wins; or why there is none.
    ///
    /// # Errors
    /// A limit error from the analysis; [`Error::StateLimit`] too when the
    /// position is an N-position whose winning moves could not be listed
    /// within the limits.
    pub fn hint(&self) -> Result<Hint, Error> {
        let e = explain(&self.position, self.play, &self.analyzer, Some(1))?;
        match (e.moves().first(), e.outcome()) {
            (Some(r), _) => Ok(Hint::Winning {
                reason: r.clone(),
                total: e.total_moves(),
            }),
            (None, Outcome::P) => Ok(Hint::Lost {
                why: format!(
                    "{} is a P-position ({}): every move leads to a position where your \
                     opponent has a winning move. Make a small move and hope for a mistake.",
                    self.position,
                    e.summary()
                ),
            }),
            (None, Outcome::D) => {
                let keep = match e.method() {
                    crate::explain::Method::Smith { drawing, .. } => drawing
                        .first()
                        .map(|(text, words)| format!(" Type {text} ({words}) to keep it.")),
                    _ => None,
                };
                Ok(Hint::Drawn {
                    why: format!(
                        "{} is a draw ({}): no move wins, and a move that keeps the draw \
                         stops your opponent from winning.{}",
                        self.position,
                        e.summary(),
                        keep.unwrap_or_default()
                    ),
                })
            }
            (None, Outcome::N) => Err(Error::StateLimit {
                limit: self.analyzer.limits().max_states,
            }),
        }
    }

    /// Takes back the last pair of moves: the computer's reply and the
    /// human's move before it (or the human's last move alone, when the
    /// computer has not replied), so that it is the human's turn in the
    /// position before their move. Returns the moves taken back, latest
    /// first.
    ///
    /// # Errors
    /// [`SessionError::NothingToUndo`] when the human has not moved yet;
    /// [`SessionError::NotYourTurn`] on the computer's turn. The game is
    /// then unchanged.
    pub fn undo(&mut self) -> Result<Vec<Turn>, SessionError> {
        if !self.history.iter().any(|t| t.player == Player::Human) {
            return Err(SessionError::NothingToUndo(NothingToUndo::NoMoveYet));
        }
        if self.to_move != Player::Human && self.winner()?.is_none() {
            return Err(SessionError::NotYourTurn);
        }
        let mut undone = Vec::new();
        while let Some(turn) = self.history.pop() {
            let human = turn.player == Player::Human;
            self.position = turn.before.clone();
            undone.push(turn);
            if human {
                break;
            }
        }
        self.to_move = Player::Human;
        Ok(undone)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str, play: Play, first: Player, seed: u64) -> Session {
        Session::new(text.parse().unwrap(), play, first, seed, Limits::default())
    }

    #[test]
    fn turns_alternate_and_are_enforced() {
        let mut g = game("nim 3 4 5", Play::Normal, Player::Computer, 1);
        let mv = g.parse_move("1 1").unwrap();
        assert_eq!(g.human_move(mv), Err(SessionError::NotYourTurn));
        let reply = g.computer_move().unwrap();
        assert!(reply.winning);
        assert_eq!(g.position().to_string(), "nim 1 4 5");
        assert_eq!(g.to_move(), Player::Human);
        assert_eq!(g.computer_move(), Err(SessionError::NotYourTurn));
    }

    #[test]
    fn undo_takes_back_a_pair_and_refuses_at_the_start() {
        let mut g = game("nim 3 4 5", Play::Normal, Player::Computer, 1);
        assert!(matches!(g.undo(), Err(SessionError::NothingToUndo(_))));
        g.computer_move().unwrap();
        // Only the computer has moved: nothing of the human's to take back.
        assert!(matches!(g.undo(), Err(SessionError::NothingToUndo(_))));
        assert_eq!(g.position().to_string(), "nim 1 4 5");
        g.human_move(g.parse_move("3 5").unwrap()).unwrap();
        g.computer_move().unwrap();
        let undone = g.undo().unwrap();
        assert_eq!(undone.len(), 2);
        assert_eq!(undone[0].player, Player::Computer);
        assert_eq!(g.position().to_string(), "nim 1 4 5");
        assert_eq!(g.history().len(), 1);
        assert_eq!(g.to_move(), Player::Human);
    }

    #[test]
    fn the_last_mover_wins_or_loses_by_the_convention() {
        let mut g = game("nim 2", Play::Normal, Player::Human, 0);
        g.human_move(g.parse_move("1 2").unwrap()).unwrap();
        assert_eq!(g.winner().unwrap(), Some(Player::Human));
        assert_eq!(g.computer_move(), Err(SessionError::GameOver));
        let mut g = game("nim 2", Play::Misere, Player::Human, 0);
        g.human_move(g.parse_move("1 2").unwrap()).unwrap();
        assert_eq!(g.winner().unwrap(), Some(Player::Computer));
        // No move at the start: normal play, the player to move loses.
        assert_eq!(
            game("nim 0", Play::Normal, Player::Human, 0)
                .winner()
                .unwrap(),
            Some(Player::Computer)
        );
        assert_eq!(
            game("nim 0", Play::Misere, Player::Human, 0)
                .winner()
                .unwrap(),
            Some(Player::Human)
        );
    }

    #[test]
    fn the_seed_decides_the_computers_random_moves() {
        let replay = |seed| {
            let mut g = game(
                "nim 5 5 + sub:1,3,4 7",
                Play::Normal,
                Player::Computer,
                seed,
            );
            g.computer_move().unwrap();
            g.position().to_string()
        };
        assert_eq!(replay(3), replay(3));
        let all: std::collections::HashSet<String> = (0..40).map(replay).collect();
        assert!(all.len() > 3, "{all:?}");
    }

    #[test]
    fn the_computer_moves_in_huge_p_positions_without_listing_moves() {
        let big = "nim 18446744073709551615 18446744073709551615 + sub:1-1000 1001";
        let mut g = game(big, Play::Normal, Player::Computer, 5);
        let reply = g.computer_move().unwrap();
        assert!(!reply.winning, "a P-position");
        assert!(g.position().to_string() != big);
        let mut g = game(
            "moore:2 1000000000000 1000000000000 1000000000000",
            Play::Normal,
            Player::Computer,
            5,
        );
        assert!(!g.computer_move().unwrap().winning);
    }

    #[test]
    fn hints_name_a_winning_move_or_say_why_there_is_none() {
        let g = game("nim 3 4 5", Play::Normal, Player::Human, 0);
        let h = g.hint().unwrap();
        let Hint::Winning { reason, total } = &h else {
            panic!("{h:?}");
        };
        assert_eq!((reason.text.as_str(), *total), ("1 2", Some(1)));
        assert_eq!(h.outcome(), Outcome::N);
        assert!(h.why().contains("1 ⊕ 4 ⊕ 5 = 0"));
        let g = game("nim 1 2 3", Play::Normal, Player::Human, 0);
        let h = g.hint().unwrap();
        assert!(h.winning_move().is_none());
        assert_eq!(h.outcome(), Outcome::P);
        assert!(
            h.why().contains("the nim-sum is 1 ⊕ 2 ⊕ 3 = 0"),
            "{}",
            h.why()
        );
    }
}
