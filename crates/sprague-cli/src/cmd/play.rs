//! `sprague play POSITION`: a person against the perfect computer, in a
//! terminal or through a pipe.

use std::io::{self, IsTerminal, Write};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Result;
use sprague::explain::Explanation;
use sprague::movetext::{self, MoveError};
use sprague::session::{Hint, Player, Session, SessionError};
use sprague::{Analyzer, Limits, Move, Outcome, Play, Position};

use super::{position_from_words, LibError, LimitArgs};
use crate::exit::Exit;

/// Play a position against the computer, which plays perfectly: a winning
/// move whenever there is one, else a random legal move.
///
/// Type moves in the short form of each ruleset (`1 2` takes 2 from heap 1;
/// type `help` in the game for all forms) or as the whole position they
/// lead to (`nim 1 4 5`). Commands: `help`, `hint` (a winning move and why
/// it wins), `why` (why the computer made its last move, with the
/// `analyze --explain` view of the position it moved in), `undo` (take
/// back your last move and the reply), `quit`.
/// After every move the position is printed as `position: ...`; the game
/// ends with `you win` or `computer wins`. A game that can go on forever (a
/// `digraph:` board with cycles) also ends in a draw: by agreement (type
/// `draw`; the computer agrees when neither side can force a win) or at
/// the move limit (`--move-limit`), and the computer plays by remoteness:
/// it wins as fast and loses as slowly as it can. Works the same with moves piped
/// into standard input; the end of input ends the game (exit status 0).
///
/// Example: `sprague play nim 3 4 5`, `echo "1 2" | sprague play nim 3 4 5`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The starting position, as separate words or one quoted string
    /// (`nim 3 4 5`, `"nim 3 + sub:1,3,4 10"`).
    #[arg(required = true, value_name = "POSITION")]
    pub position: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Human)]
    pub first: First,
    /// Seed of the computer's random choices (default: chosen and printed,
    /// so that a game can be replayed).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// In a game that can go on forever (a graph with cycles), the number
    /// of moves (both sides together) after which the game ends in a draw.
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub move_limit: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// You.
    Human,
    /// The computer.
    Computer,
}

/// A seed from the clock and the process id, when none is given.
fn fresh_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // SplitMix64's finaliser spreads nearby clock readings apart.
    let mut z = nanos ^ (u64::from(std::process::id()) << 32);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % 1_000_000_000
}

/// How text is shown: with colour and a prompt only on a terminal.
struct Style {
    colour: bool,
    prompt: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// Runs `play`.
pub fn run(args: Args) -> Result<Exit> {
    let position = position_from_words(&args.position)?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let limits = args.limits.limits();
    // Fail at once, before the game starts, if the position is beyond the
    // limits.
    let start = Analyzer::new(limits)
        .with_total_count(false)
        .analyze(&position, play, Some(1))
        .map_err(LibError)?;
    // Play can go on forever only from a position that reaches a cycle,
    // and then from every position after it.
    let endless = start.loopy.is_some();
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let first = match args.first {
        First::Human => Player::Human,
        First::Computer => Player::Computer,
    };
    let mut game = Session::new(position, play, first, seed, limits);
    let stdout = io::stdout();
    let style = Style {
        colour: stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        prompt: stdout.is_terminal() && io::stdin().is_terminal(),
    };
    let mut out = stdout.lock();
    let mut input = io::stdin().lock();
    let rule = match play {
        Play::Normal => "normal play: whoever makes the last move wins",
        Play::Misere => "misère play: whoever makes the last move loses",
    };
    writeln!(out, "sprague play: {} ({rule})", game.position())?;
    writeln!(out, "seed: {seed} (replay with --seed {seed})")?;
    writeln!(
        out,
        "Type a move (`help` shows how), or `hint`, `why`, `undo`, `quit`."
    )?;
    if endless {
        writeln!(
            out,
            "This game can go on forever: type `draw` to offer a draw; after {} moves it \
             ends in a draw.",
            args.move_limit
        )?;
    }
    show_position(&mut out, &style, &game)?;
    let mut line = Vec::new();
    loop {
        if let Some(winner) = game.winner().map_err(LibError)? {
            announce(&mut out, &style, &game, winner)?;
            return Ok(Exit::Success);
        }
        if endless && game.history().len() >= args.move_limit {
            writeln!(
                out,
                "move limit: {} moves have been played, and the game ends here",
                args.move_limit
            )?;
            writeln!(out, "{}", style.paint("1", "draw"))?;
            out.flush()?;
            return Ok(Exit::Success);
        }
        if game.to_move() == Player::Computer {
            let before = game.position().clone();
            let reply = game.computer_move().map_err(|e| match e {
                SessionError::Analysis(e) => anyhow::Error::from(LibError(e)),
                other => anyhow::Error::msg(other.to_string()),
            })?;
            writeln!(out, "computer: {}", movetext::describe(&before, &reply.mv))?;
            show_position(&mut out, &style, &game)?;
            continue;
        }
        if style.prompt {
            write!(out, "{}", style.paint("1", "your move> "))?;
        }
        out.flush()?;
        let Some(fits) = super::read_line_bounded(&mut input, &mut line, super::MAX_LINE)? else {
            if style.prompt {
                writeln!(out)?;
            }
            writeln!(out, "end of input: the game stops here, unfinished")?;
            out.flush()?;
            return Ok(Exit::Success);
        };
        if !fits {
            writeln!(
                out,
                "that line is longer than {} bytes: not a move; type `help` for the move syntax",
                super::MAX_LINE
            )?;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" | "h" => {
                write!(out, "{}", movetext::help(game.position()))?;
                writeln!(
                    out,
                    "\nCommands: hint (a winning move and why it wins), why (why the computer\n\
                     made its last move), undo (take back your last move and the reply), quit."
                )?;
                if endless {
                    writeln!(
                        out,
                        "draw: offer a draw (the computer agrees when neither side can force a win)."
                    )?;
                }
            }
            "hint" => match game.hint() {
                Ok(Hint::Winning { reason, total }) => {
                    writeln!(out, "hint: {}", reason.text)?;
                    let count = match total {
                        Some(1) => " (the only winning move)".to_string(),
                        Some(n) => format!(" (one of {n} winning moves)"),
                        None => String::new(),
                    };
                    writeln!(
                        out,
                        "  {}, leaving {}{count}",
                        reason.description, reason.after
                    )?;
                    write!(out, "{}", wrap("  why: ", "       ", &reason.why))?;
                }
                Ok(hint) => {
                    writeln!(out, "hint: none")?;
                    write!(out, "{}", wrap("  why: ", "       ", hint.why()))?;
                }
                Err(e) => writeln!(out, "no hint: {}", LibError(e))?,
            },
            "why" => match game
                .history()
                .iter()
                .rev()
                .find(|t| t.player == Player::Computer)
            {
                None => writeln!(out, "why: the computer has not moved yet")?,
                Some(turn) => match computer_move_reasons(&turn.before, play, &limits, &turn.mv) {
                    Ok((why, explanation)) => {
                        write!(
                            out,
                            "{}",
                            why_text(
                                &turn.before,
                                &turn.mv,
                                why.as_deref(),
                                explanation.outcome()
                            )
                        )?;
                        writeln!(
                                out,
                                "\nThe position it moved in, as `sprague analyze --explain` shows it:\n"
                            )?;
                        write!(out, "{explanation}")?;
                    }
                    Err(e) => writeln!(out, "no explanation: {}", LibError(e))?,
                },
            },
            "undo" => match game.undo() {
                Ok(undone) => {
                    let what: Vec<String> = undone
                        .iter()
                        .map(|t| format!("{}: {}", t.player, movetext::describe(&t.before, &t.mv)))
                        .collect();
                    writeln!(out, "undone: {}", what.join("; "))?;
                    show_position(&mut out, &style, &game)?;
                }
                Err(e) => writeln!(out, "{}", style.paint("33", &e.to_string()))?,
            },
            "draw" if endless => {
                if game.is_drawn().map_err(LibError)? {
                    writeln!(
                        out,
                        "the computer agrees: {} is a draw, neither side can force a win",
                        game.position()
                    )?;
                    writeln!(out, "{}", style.paint("1", "draw agreed"))?;
                    out.flush()?;
                    return Ok(Exit::Success);
                }
                writeln!(
                    out,
                    "the computer declines: {} is not a draw (type `hint`, or play on)",
                    game.position()
                )?;
            }
            "quit" | "exit" | "q" | "resign" => {
                writeln!(out, "quit: the game stops here, unfinished")?;
                out.flush()?;
                return Ok(Exit::Success);
            }
            _ => match game.parse_move(text) {
                Ok(mv) => {
                    let description = movetext::describe(game.position(), &mv);
                    match game.human_move(mv) {
                        Ok(()) => {
                            writeln!(out, "you: {description}")?;
                            show_position(&mut out, &style, &game)?;
                        }
                        Err(e) => writeln!(out, "{}", style.paint("33", &e.to_string()))?,
                    }
                }
                Err(e) => {
                    let hint = match e {
                        MoveError::Syntax(_) | MoveError::Empty => {
                            " (type `help` for the move syntax)"
                        }
                        _ => "",
                    };
                    writeln!(out, "{}{hint}", style.paint("33", &e.to_string()))?
                }
            },
        }
    }
}

/// Why the computer played `mv` in `before` under `play`: the reason it
/// wins (the library's [`sprague::explain::why`], `None` for a move picked
/// at random in a P-position), and the `--explain` view of `before`. The
/// web page's game explains the computer's move with the same two.
///
/// # Errors
/// A limit error from the analyses.
pub fn computer_move_reasons(
    before: &Position,
    play: Play,
    limits: &Limits,
    mv: &Move,
) -> Result<(Option<String>, Explanation), sprague::Error> {
    let analyzer = Analyzer::new(*limits);
    let why = sprague::explain::why(before, play, &analyzer, mv)?;
    let explanation =
        sprague::explain::explain(before, play, &analyzer, Some(super::HUMAN_MOVE_LIST))?;
    Ok((why, explanation))
}

/// The answer to `why`: the computer's last move, what it left, and why it
/// wins, or that it had no winning move.
fn why_text(before: &Position, mv: &Move, why: Option<&str>, outcome: Outcome) -> String {
    // Positions are kept on one line.
    let unbroken = |p: &Position| p.to_string().replace(' ', "\u{a0}");
    let described = movetext::describe(before, mv);
    let after = before
        .play(mv)
        .map_or_else(|_| String::new(), |p| unbroken(&p));
    let before = unbroken(before);
    match why {
        Some(why) => {
            let mut s = wrap(
                "why: ",
                "     ",
                &format!(
                    "the computer's move, {described}, left {after}, a P-position: you, to \
                     move, have no winning move."
                ),
            );
            s += &wrap("  why: ", "       ", why);
            s
        }
        None if outcome == Outcome::D => wrap(
            "why: ",
            "     ",
            &format!(
                "the computer's move, {described}, left {after}. It had no winning move: \
                 {before} is a draw (no move wins), so it played a move that keeps the draw."
            ),
        ),
        None => wrap(
            "why: ",
            "     ",
            &format!(
                "the computer's move, {described}, left {after}. It had no winning move: \
                 {before} is a P-position (every move from it leaves the other player a \
                 winning move), so it played a legal move chosen with the seed."
            ),
        ),
    }
}

/// `text` wrapped as `--explain` wraps it (78 columns, formulas whole),
/// the first line starting with `first` and the others with `indent`.
fn wrap(first: &str, indent: &str, text: &str) -> String {
    let mut out = String::new();
    sprague::explain::wrap(&mut out, first, indent, text);
    out
}

fn show_position(out: &mut impl Write, style: &Style, game: &Session) -> io::Result<()> {
    writeln!(out, "{} {}", style.paint("1", "position:"), game.position())
}

fn announce(out: &mut impl Write, style: &Style, game: &Session, winner: Player) -> io::Result<()> {
    let last = game.history().last().map(|t| t.player);
    let why = match (game.play_convention(), last) {
        (Play::Normal, Some(p)) => format!("no move is left: {p} made the last move"),
        (Play::Misere, Some(p)) => {
            format!("no move is left: {p} made the last move, which loses under misère play")
        }
        (_, None) => "no move is possible from the start".to_string(),
    };
    writeln!(out, "{why}")?;
    let (text, code) = match winner {
        Player::Human => ("you win", "32;1"),
        Player::Computer => ("computer wins", "31;1"),
    };
    writeln!(out, "{}", style.paint(code, text))?;
    out.flush()
}
