//! `sprague play` driven through pipes, as a person or a script would: a
//! player who follows the hints wins from N-positions, the computer wins
//! from P-positions whatever the player does, and bad input, undo at the
//! start and the end of input are handled without a panic.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use assert_cmd::cargo::cargo_bin;
use predicates::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sprague::{movetext, Limits, Outcome, Play, Position};

/// A game of `sprague play` in progress, read line by line.
struct Game {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

/// How a game ended.
#[derive(Debug, PartialEq, Eq)]
enum End {
    YouWin,
    ComputerWins,
}

impl Game {
    fn start(args: &[&str]) -> Game {
        let mut child = Command::new(cargo_bin("sprague"))
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Game {
            stdin: child.stdin.take(),
            child,
            lines,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, text: &str) {
        self.transcript.push(format!(">>> {text}"));
        if let Some(stdin) = &mut self.stdin {
            // The game may have ended and closed its input: that is fine.
            let _ = writeln!(stdin, "{text}");
            let _ = stdin.flush();
        }
    }

    /// The next line of output; `None` at the end of output.
    fn line(&mut self) -> Option<String> {
        match self.lines.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => panic!("no output:\n{}", self.transcript()),
        }
    }

    /// Reads lines until one satisfies `pred`, and returns it.
    fn until(&mut self, pred: impl Fn(&str) -> bool) -> String {
        loop {
            match self.line() {
                Some(line) if pred(&line) => return line,
                Some(_) => {}
                None => panic!("output ended early:\n{}", self.transcript()),
            }
        }
    }

    fn transcript(&self) -> String {
        self.transcript.join("\n")
    }

    /// Closes the input and waits for a clean exit.
    fn finish(mut self) -> String {
        self.stdin = None;
        while self.line().is_some() {}
        let status = self.child.wait().unwrap();
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            std::io::Read::read_to_string(&mut e, &mut err).unwrap();
        }
        assert!(
            status.success() && err.is_empty(),
            "{status}: {err}\n{}",
            self.transcript()
        );
        self.transcript()
    }
}

fn end_of(line: &str) -> Option<End> {
    match line {
        "you win" => Some(End::YouWin),
        "computer wins" => Some(End::ComputerWins),
        _ => None,
    }
}

/// Asks for a hint and reads up to it: the current position and the hint's
/// move text (`None` for `hint: none`), or how the game ended.
fn ask_hint(game: &mut Game) -> Result<(Position, Option<String>), End> {
    game.send("hint");
    let mut position = None;
    loop {
        let line = game.until(|l| {
            l.starts_with("position: ") || l.starts_with("hint: ") || end_of(l).is_some()
        });
        if let Some(end) = end_of(&line) {
            return Err(end);
        }
        if let Some(p) = line.strip_prefix("position: ") {
            position = Some(p.parse::<Position>().unwrap());
            continue;
        }
        let hint = line.strip_prefix("hint: ").unwrap();
        let position = position.expect("a position line before the hint");
        return Ok((position, (hint != "none").then(|| hint.to_string())));
    }
}

/// Sends a move and checks that it was accepted.
fn play_move(game: &mut Game, text: &str) {
    game.send(text);
    // Skip what is left of the hint (indented lines).
    let reply = game.until(|l| !l.starts_with("position: ") && !l.starts_with(' '));
    assert!(
        reply.starts_with("you: "),
        "move {text:?} refused: {reply}\n{}",
        game.transcript()
    );
}

/// Plays a whole game following every hint from `position` (an
/// N-position for the player moving first, or a P-position when the
/// computer moves first), and checks that the player wins. The first
/// argument list is passed to `sprague play` after the position.
fn assert_hints_win(position: &str, args: &[&str]) {
    let misere = args.contains(&"--misere");
    let play = if misere { Play::Misere } else { Play::Normal };
    let p: Position = position.parse().unwrap();
    let expected = if args.windows(2).any(|w| w == ["--first", "computer"]) {
        Outcome::P
    } else {
        Outcome::N
    };
    assert_eq!(p.outcome(play).unwrap(), expected, "{position}");
    for seed in ["1", "2", "3"] {
        let mut all = vec![position, "--seed", seed];
        all.extend_from_slice(args);
        let mut game = Game::start(&all);
        let mut moves = 0;
        let end = loop {
            match ask_hint(&mut game) {
                Err(end) => break end,
                Ok((_, None)) => panic!("no winning move:\n{}", game.transcript()),
                Ok((_, Some(text))) => {
                    play_move(&mut game, &text);
                    moves += 1;
                    assert!(moves < 500, "{}", game.transcript());
                }
            }
        };
        assert_eq!(end, End::YouWin, "{}", game.transcript());
        game.finish();
    }
}

#[test]
fn a_player_who_follows_the_hints_wins_nim() {
    assert_hints_win("nim 3 4 5", &[]);
    assert_hints_win("nim 7 9 12 15", &[]);
}

#[test]
fn a_player_who_follows_the_hints_wins_a_subtraction_game() {
    assert_hints_win("sub:1,3,4 10 12", &[]);
}

#[test]
fn a_player_who_follows_the_hints_wins_take_and_break_games() {
    assert_hints_win("kayles 10", &[]);
    assert_hints_win("dawson 9 + grundy 9", &[]);
    assert_hints_win("octal:4.07 11", &[]);
    assert_hints_win("kayles 5 + kayles 2", &["--misere"]);
}

#[test]
fn a_player_who_follows_the_hints_wins_a_sum() {
    assert_hints_win("nim 3 5 + sub:1,3,4 9 + staircase 2 1 3", &[]);
}

#[test]
fn a_player_who_follows_the_hints_wins_other_rulesets_and_misere_play() {
    assert_hints_win("moore:2 3 5 6", &[]);
    assert_hints_win("nim 3 4 5", &["--misere"]);
    assert_hints_win("nim 1 5 1", &["--misere"]);
    assert_hints_win("nim 1 1", &["--misere"]);
    assert_hints_win("sub:1,3,4 7 + nim 2", &["--misere"]);
    assert_hints_win("nim 1 2 3", &["--first", "computer"]);
}

/// Plays from `position` with uniformly random legal moves, typed in a
/// random one of the three forms (short, as analyze prints, the whole
/// position), and returns how the game ended.
fn random_player(position: &str, args: &[&str], seed: u64) -> End {
    let mut rng = StdRng::seed_from_u64(seed);
    let seed = seed.to_string();
    let mut all = vec![position, "--seed", &seed];
    all.extend_from_slice(args);
    let mut game = Game::start(&all);
    loop {
        let (now, _) = match ask_hint(&mut game) {
            Err(end) => {
                game.finish();
                return end;
            }
            Ok(state) => state,
        };
        let moves = now.moves(&Limits::default()).unwrap();
        let mv = &moves[rng.random_range(0..moves.len())];
        let text = match rng.random_range(0..3) {
            0 => movetext::write(&now, mv),
            1 => mv.display(&now).to_string(),
            _ => now.play(mv).unwrap().to_string(),
        };
        play_move(&mut game, &text);
    }
}

#[test]
fn from_p_positions_the_computer_always_wins() {
    let cases: &[(&str, &[&str])] = &[
        ("nim 1 2 3", &[]),
        ("nim 2 5 7", &[]),
        ("sub:1,3,4 7 + nim 1 + sub:1,3,4 10", &[]),
        ("staircase 3 1 3", &[]),
        ("moore:2 1 2 3 3", &[]),
        ("kayles 4 4", &[]),
        ("grundy 7 + kayles 3 3", &[]),
        ("nim 1 1 1", &["--misere"]),
        ("nim 3 4 5", &["--first", "computer"]),
    ];
    let mut games = 0;
    for (position, args) in cases {
        let play = if args.contains(&"--misere") {
            Play::Misere
        } else {
            Play::Normal
        };
        let p: Position = position.parse().unwrap();
        let first_computer = args.contains(&"computer");
        assert_eq!(
            p.outcome(play).unwrap(),
            if first_computer {
                Outcome::N
            } else {
                Outcome::P
            },
            "{position}"
        );
        for seed in 0..8 {
            assert_eq!(
                random_player(position, args, 100 + seed),
                End::ComputerWins,
                "{position} seed {seed}"
            );
            games += 1;
        }
    }
    assert!(games >= 50);
}

mod common;
use common::sprague;

/// Runs `sprague play ARGS` with `input` on stdin; returns stdout after a
/// clean exit (status 0, nothing on stderr).
fn script(args: &[&str], input: impl Into<Vec<u8>>) -> String {
    let out = sprague()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success() && stderr.is_empty(),
        "{stderr}\n{stdout}"
    );
    stdout
}

fn positions(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.strip_prefix("position: "))
        .collect()
}

#[test]
fn bad_input_is_refused_and_leaves_the_game_as_it_was() {
    let mut input: Vec<u8> = b"undo\n\
        \n\
        banana\n\
        1 4\n\
        4 1\n\
        1 0\n\
        1 -> 3\n\
        -1 2\n\
        1 99999999999999999999\n\
        nim 1 1 1\n\
        nim 3 4 x\n\
        sub:1,2 1 4 5\n\
        heap\n\
        take 2\n\
        c2 1 1\n\
        step 1 1\n\
        \xe2\x8a\x95 \xc3\xa9\n"
        .to_vec();
    input.extend_from_slice(&[0xff, 0xfe, b'1', b'\n']);
    input.extend_from_slice(&vec![b'9'; 100_000]);
    input.extend_from_slice(b"\n1 2 3 4 5 6 7 8 9\n");
    let out = script(&["nim 3 4 5", "--seed", "1"], input);
    assert_eq!(positions(&out), ["nim 3 4 5"], "{out}");
    for want in [
        "nothing to undo: you have not moved yet",
        "not a move: expected a heap number",
        "illegal move: heap 1 has only 3 tokens: you cannot take 4",
        "illegal move: there is no heap 4",
        "illegal move: taking 0 from heap 1 leaves it as it is",
        "illegal move: that leaves heap 1 as it is",
        "not a move: negative number",
        "too large",
        "illegal move: no move leads from nim 3 4 5 to nim 1 1 1",
        "not a position: word 4 \"x\"",
        "illegal move: component 1 is nim, not sub:1,2",
        "expected the heap's number after `heap`",
        "say which heap to take from",
        "illegal move: there is no component 2",
        "nim has heaps, not steps",
        "unexpected '⊕' at column 1",
        "unexpected '�' at column 1",
        "end of input: the game stops here, unfinished",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
    assert!(!out.contains("you win") && !out.contains("computer wins"));
}

/// Issue 64: a move typed as the whole position it reaches, with the heaps
/// or the components in another order, is that move.
#[test]
fn a_whole_position_in_any_order_is_the_move_that_reaches_it() {
    let out = script(&["kayles 5 1 5", "--seed", "1"], "kayles 1 5 3\n");
    assert!(!out.contains("illegal"), "{out}");
    assert_eq!(
        &positions(&out)[..2],
        ["kayles 5 1 5", "kayles 3 1 5"],
        "{out}"
    );
    let out = script(&["nim 3 + kayles 4", "--seed", "1"], "kayles 2 + nim 3\n");
    assert!(!out.contains("illegal"), "{out}");
    assert_eq!(
        &positions(&out)[..2],
        ["nim 3 + kayles 4", "nim 3 + kayles 2"],
        "{out}"
    );
    // A position no one move reaches, in any order, is still refused.
    let out = script(&["kayles 5 1 5", "--seed", "1"], "kayles 1 1 5 5\n");
    assert!(out.contains("illegal move"), "{out}");
    assert_eq!(positions(&out), ["kayles 5 1 5"], "{out}");
}

#[test]
fn end_of_input_mid_game_exits_cleanly() {
    let out = script(&["nim 3 4 5", "--seed", "9"], "1 2\n");
    let pos = positions(&out);
    assert_eq!(&pos[..2], ["nim 3 4 5", "nim 1 4 5"]);
    assert_eq!(pos.len(), 3, "the computer replied: {out}");
    assert!(out.ends_with("end of input: the game stops here, unfinished\n"));
    // No final newline, and no input at all.
    script(&["nim 3 4 5"], "1 2");
    script(&["nim 3 4 5"], "");
    let out = script(&["nim 3 4 5"], "quit\n1 2\n");
    assert!(
        out.ends_with("quit: the game stops here, unfinished\n"),
        "{out}"
    );
}

#[test]
fn undo_takes_back_the_pair_and_play_goes_on() {
    let out = script(&["nim 3 4 5", "--seed", "4"], "2 1\nundo\nundo\n1 2\n");
    let pos = positions(&out);
    assert_eq!(pos[0], "nim 3 4 5");
    assert_eq!(pos[1], "nim 3 3 5");
    assert_eq!(pos[3], "nim 3 4 5", "after undo: {out}");
    assert_eq!(pos[4], "nim 1 4 5");
    assert!(out.contains("undone: computer: "));
    assert!(out.contains("nothing to undo: you have not moved yet"));
}

#[test]
fn every_move_prints_the_position_and_the_end_names_the_winner() {
    // Normal play: taking the last token wins.
    let out = script(&["nim 2", "--seed", "0"], "1 2\n");
    assert_eq!(positions(&out), ["nim 2", "nim 0"]);
    assert!(
        out.ends_with("no move is left: you made the last move\nyou win\n"),
        "{out}"
    );
    // Misère play: taking the last token loses.
    let out = script(&["nim 2", "--misere", "--seed", "0"], "1 2\n");
    assert!(
        out.ends_with("which loses under misère play\ncomputer wins\n"),
        "{out}"
    );
    // The computer moves first and wins; no input is read.
    let out = script(&["nim 5", "--first", "computer"], "");
    assert_eq!(positions(&out), ["nim 5", "nim 0"]);
    assert!(out.ends_with("computer wins\n"));
    // Nothing to move from the start.
    let out = script(&["nim 0"], "");
    assert!(out.ends_with("no move is possible from the start\ncomputer wins\n"));
}

#[test]
fn without_a_seed_one_is_printed_and_replays_the_game() {
    let input = "1 1\n2 1\n3 1\n";
    let out = script(&["nim 4 5 6 7"], input);
    let seed = out
        .lines()
        .find_map(|l| l.strip_prefix("seed: "))
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let again = script(&["nim 4 5 6 7", "--seed", &seed], input);
    assert_eq!(out, again);
}

#[test]
fn help_shows_the_syntax_of_the_rulesets_in_play() {
    let out = script(
        &["nim 3 + moore:2 1 2 + staircase 1 2"],
        "help\nc3 2 -> 0\n",
    );
    assert!(out.contains("moore:2 (take from 1 to 2 heaps at once)"));
    assert!(out.contains("c2 1:1 2:1          take 1 from heap 1 and 1 from heap 2"));
    assert!(out.contains("staircase (coins on steps"));
    assert!(out.contains("In a sum, begin the move with the component (`c2` or `component 2:`)"));
    assert!(out.contains("Commands: hint"));
    assert!(out.contains("you: in c3 (staircase): carry 2 coins from step 2 (2 -> 0) to step 1"));
    assert!(
        out.contains("position: nim 3 + moore:2 1 2 + staircase 3 0"),
        "{out}"
    );
}

#[test]
fn help_gives_moves_the_ruleset_allows() {
    // Kayles takes one or two pins: `2 3` was the example, and was refused.
    let out = script(&["kayles 7 4", "--seed", "1"], "help\n1 2\n");
    assert!(!out.contains("    2 3 "), "{out}");
    assert!(
        out.contains("    1 2                 take 2 from heap 1 (also `heap 1 take 2`,"),
        "{out}"
    );
    assert!(
        out.contains("    1 -> 1 5            leave heaps of 1 and 5"),
        "{out}"
    );
    // The example, typed, is played.
    assert!(out.contains("you: take 2 from heap 1 (7 -> 5)"), "{out}");
}

#[test]
fn why_explains_the_computers_last_move() {
    let out = script(&["nim 3 4 5", "--seed", "1"], "why\n1 3\n1 1\nwhy\n");
    assert!(
        out.contains("why: the computer has not moved yet\n"),
        "{out}"
    );
    assert!(!out.contains("not a move"), "{out}");
    // The computer answered 1 3 (nim 0 4 5) with 3 1 (nim 0 4 4).
    assert!(
        out.contains(
            "why: the computer's move, take 1 from heap 3 (5 -> 4), left nim 0 4 4, a\n     \
             P-position: you, to move, have no winning move.\n"
        ),
        "{out}"
    );
    // The nim-sum before and after, as --explain and the page say them.
    assert!(out.contains("  why: the nim-sum is 1 (001)"), "{out}");
    assert!(out.contains("is 0 ⊕ 4 ⊕ 4 = 0."), "{out}");
    assert!(out.contains("as `sprague analyze --explain` shows it:\n\nposition: nim 0 4 5\n"));
    assert!(out.contains("  nim-sum  1  001\n"), "{out}");
    // After an emptied heap, the refusal says it is empty.
    assert!(
        out.contains("illegal move: heap 1 is empty: there is nothing to take from it\n"),
        "{out}"
    );
    assert!(!out.contains("only 0 tokens"), "{out}");
    // A P-position: the computer had no winning move.
    let out = script(&["nim 3 4 5", "--seed", "1"], "1 2\nwhy\n");
    assert!(
        out.contains("It had\n     no winning move: nim 1 4 5 is a P-position"),
        "{out}"
    );
}

#[test]
fn bad_positions_and_limits_exit_with_their_statuses() {
    sprague()
        .args(["play", "nim", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: word 2 \"x\""));
    sprague()
        .args([
            "play",
            "kayles 9 9 + dawson 9 9",
            "--misere",
            "--max-states",
            "50",
        ])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("--max-states"));
    sprague()
        .args(["play", "nim 3", "--first", "nobody"])
        .assert()
        .code(2);
}

/// The terminal: a prompt, colour, and a game typed key by key.
#[cfg(unix)]
#[test]
fn a_game_in_a_terminal() {
    let bin = cargo_bin("sprague");
    let mut cmd = Command::new(bin);
    cmd.args(["play", "nim", "3", "4", "5", "--seed", "1"]);
    cmd.env_remove("NO_COLOR");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).unwrap();
    p.exp_string("your move> ").unwrap();
    p.send_line("hint").unwrap();
    p.exp_string("hint: 1 2").unwrap();
    p.exp_string("your move> ").unwrap();
    p.send_line("1 5").unwrap();
    // Refusals are coloured (yellow) on a terminal.
    p.exp_string("\u{1b}[33millegal move: heap 1 has only 3 tokens")
        .unwrap();
    p.exp_string("your move> ").unwrap();
    p.send_line("1 2").unwrap();
    p.exp_string("you: take 2 from heap 1 (3 -> 1)").unwrap();
    p.exp_string("computer: ").unwrap();
    p.exp_string("your move> ").unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("nim 3 4 5").unwrap();
    p.exp_string("your move> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("quit: the game stops here, unfinished")
        .unwrap();
    p.exp_eof().unwrap();
}

/// The hint's "why" is wrapped by words but never inside a formula: each
/// `a ⊕ b = c` stays on one line.
#[test]
fn hint_wraps_without_breaking_a_formula() {
    for start in [
        "nim 7 4 1",
        "nim 3 4 5",
        "nim 12 9 7 3 1",
        "kayles 7 + nim 3",
    ] {
        let out = script(&[start, "--first", "human"], "hint\n");
        for line in out.lines() {
            let trimmed = line.trim_end();
            assert!(
                !trimmed.ends_with('⊕') && !trimmed.ends_with('='),
                "a formula is broken at the end of {trimmed:?}\n{out}"
            );
            let first = line.trim_start();
            assert!(
                !first.starts_with("⊕ ") && !first.starts_with("= "),
                "a formula is broken at the start of {first:?}\n{out}"
            );
        }
    }
}
