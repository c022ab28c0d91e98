//! Northcott's game (`northcott:W`) against plain searches written here
//! from the rules alone, on every position of one and two rows of boards
//! 2 to 6 squares wide:
//!
//! - the ruleset (a checker slides toward the other) against the `Solver`:
//!   values, every move, and the complete list of winning moves;
//! - Winning Ways' coloured game (White slides the first checker of a row,
//!   Black the second, toward or away from the other) by the
//!   `LoopySolver`, the turn part of the position: never drawn, a
//!   P-position exactly when the nim-sum of the gaps is 0, every move the
//!   theorem names winning; so the theorem the ruleset uses is that game's;
//! - the impartial game with retreats (either player slides either checker
//!   either way), which is why the ruleset leaves retreats out: on a board
//!   of 3 or more squares every position is drawn.
//!
//! Then boards up to 2^64 - 1 squares wide, answered by the theorem.

use std::collections::BTreeSet;

use proptest::prelude::*;
use sprague::loopy::LoopySolver;
use sprague::{Analyzer, Error, Game, Limits, Outcome, Play, Position, Solver};

type Row = (u64, u64);

fn gap((a, b): Row) -> u64 {
    a.abs_diff(b) - 1
}

/// Every row of two checkers on distinct squares 1..=w.
fn rows(w: u64) -> Vec<Row> {
    let mut out = Vec::new();
    for a in 1..=w {
        for b in 1..=w {
            if a != b {
                out.push((a, b));
            }
        }
    }
    out
}

/// Every board of one and two rows of width `w`.
fn boards(w: u64) -> Vec<Vec<Row>> {
    let one = rows(w);
    let mut out: Vec<Vec<Row>> = one.iter().map(|&r| vec![r]).collect();
    for &r in &one {
        for &s in &one {
            out.push(vec![r, s]);
        }
    }
    out
}

/// The squares the checker on `p` may reach, the other on `q`: toward it,
/// and with `away`, away from it too.
fn reach(w: u64, p: u64, q: u64, away: bool) -> Vec<u64> {
    let (lo, hi) = if p < q { (1, q - 1) } else { (q + 1, w) };
    (lo..=hi)
        .filter(|&t| t != p && (away || t.abs_diff(q) < p.abs_diff(q)))
        .collect()
}

fn text(w: u64, board: &[Row]) -> String {
    let rows: Vec<String> = board.iter().map(|(a, b)| format!("{a},{b}")).collect();
    format!("northcott:{w} {}", rows.join(" "))
}

/// The ruleset's game, from the rules: a move slides either checker of a
/// row toward the other.
struct Toward(u64);

impl Game for Toward {
    type Position = Vec<Row>;
    type Move = Vec<Row>;
    fn moves(&self, board: &Vec<Row>) -> Result<Vec<Vec<Row>>, Error> {
        let mut out = Vec::new();
        for (i, &(a, b)) in board.iter().enumerate() {
            for t in reach(self.0, a, b, false) {
                let mut next = board.clone();
                next[i] = (t, b);
                out.push(next);
            }
            for t in reach(self.0, b, a, false) {
                let mut next = board.clone();
                next[i] = (a, t);
                out.push(next);
            }
        }
        Ok(out)
    }
    fn play(&self, _: &Vec<Row>, next: &Vec<Row>) -> Vec<Row> {
        next.clone()
    }
}

/// Winning Ways' game: the side to move (`true` for White) slides one of
/// its own checkers (White the first of each row, Black the second),
/// toward or away from the other. With `either`, the side to move may
/// slide either checker (the impartial game with retreats); the turn part
/// then only alternates.
struct Coloured {
    width: u64,
    either: bool,
}

impl Game for Coloured {
    type Position = (Vec<Row>, bool);
    type Move = (Vec<Row>, bool);
    fn moves(&self, (board, white): &(Vec<Row>, bool)) -> Result<Vec<Self::Move>, Error> {
        let mut out = Vec::new();
        for (i, &(a, b)) in board.iter().enumerate() {
            if *white || self.either {
                for t in reach(self.width, a, b, true) {
                    let mut next = board.clone();
                    next[i] = (t, b);
                    out.push((next, !white));
                }
            }
            if !*white || self.either {
                for t in reach(self.width, b, a, true) {
                    let mut next = board.clone();
                    next[i] = (a, t);
                    out.push((next, !white));
                }
            }
        }
        Ok(out)
    }
    fn play(&self, _: &Self::Position, next: &Self::Move) -> Self::Position {
        next.clone()
    }
}

#[test]
fn the_ruleset_agrees_with_search_on_small_boards() {
    let analyzer = Analyzer::default();
    let mut checked = 0;
    for w in 2..=6 {
        let mut solver = Solver::new(Toward(w));
        for board in boards(w) {
            let position: Position = text(w, &board).parse().unwrap();
            let g = solver.grundy_value(&board).unwrap();
            assert_eq!(g, board.iter().fold(0, |s, &r| s ^ gap(r)), "{board:?}");
            let a = analyzer.analyze(&position, Play::Normal, None).unwrap();
            assert_eq!(a.value, Some(g), "{position}");
            assert_eq!(a.outcome == Outcome::P, g == 0, "{position}");
            // Every move, as the boards it leaves.
            let after = |mv: &sprague::Move| position.play(mv).unwrap().to_string();
            let listed: BTreeSet<String> = position
                .moves(&Limits::default())
                .unwrap()
                .iter()
                .map(after)
                .collect();
            let options = Toward(w).moves(&board).unwrap();
            let expected: BTreeSet<String> = options.iter().map(|b| text(w, b)).collect();
            assert_eq!(listed, expected, "{position}");
            // Every winning move, and only those.
            let winning: BTreeSet<String> = a.winning_moves.iter().map(after).collect();
            let mut to_p = BTreeSet::new();
            for b in &options {
                if solver.grundy_value(b).unwrap() == 0 {
                    to_p.insert(text(w, b));
                }
            }
            assert_eq!(winning, to_p, "{position}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn misere_play_agrees_with_search_on_small_boards() {
    let analyzer = Analyzer::default();
    for w in 2..=6 {
        let mut solver = Solver::new(Toward(w));
        for board in boards(w) {
            let position: Position = text(w, &board).parse().unwrap();
            let outcome = solver.outcome(&board, Play::Misere).unwrap();
            let a = analyzer.analyze(&position, Play::Misere, None).unwrap();
            assert_eq!(a.outcome, outcome, "{position}");
            let after = |mv: &sprague::Move| position.play(mv).unwrap().to_string();
            let winning: BTreeSet<String> = a.winning_moves.iter().map(after).collect();
            let mut to_p = BTreeSet::new();
            for b in Toward(w).moves(&board).unwrap() {
                if solver.outcome(&b, Play::Misere).unwrap() == Outcome::P {
                    to_p.insert(text(w, &b));
                }
            }
            assert_eq!(winning, to_p, "{position}");
        }
    }
}

#[test]
fn winning_ways_coloured_game_is_nim_on_the_gaps() {
    for w in 2..=6 {
        let mut solver = LoopySolver::new(Coloured {
            width: w,
            either: false,
        });
        for board in boards(w) {
            let s = board.iter().fold(0, |s, &r| s ^ gap(r));
            for white in [true, false] {
                let p = (board.clone(), white);
                let outcome = solver.outcome(&p).unwrap();
                assert_ne!(outcome, Outcome::D, "{board:?} white to move {white}");
                // Two rows: P exactly when their gaps are equal, so a row
                // plays as its gap whatever its squares.
                assert_eq!(outcome == Outcome::P, s == 0, "{board:?} {white}");
                // The moves the theorem gives (the mover's checker toward
                // the other, to gap g ⊕ s) all lead to P-positions.
                for (i, &(a, b)) in board.iter().enumerate() {
                    let want = gap((a, b)) ^ s;
                    if s == 0 || want >= gap((a, b)) {
                        continue;
                    }
                    let mut next = board.clone();
                    next[i] = if white {
                        (if a < b { b - want - 1 } else { b + want + 1 }, b)
                    } else {
                        (a, if b < a { a - want - 1 } else { a + want + 1 })
                    };
                    assert_eq!(
                        solver.outcome(&(next.clone(), !white)).unwrap(),
                        Outcome::P,
                        "{board:?} -> {next:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn with_retreats_by_either_player_every_position_is_drawn() {
    for w in 3..=5 {
        let mut solver = LoopySolver::new(Coloured {
            width: w,
            either: true,
        });
        for board in boards(w) {
            assert_eq!(
                solver.outcome(&(board.clone(), true)).unwrap(),
                Outcome::D,
                "{board:?}"
            );
        }
    }
}

#[test]
fn positions_print_back_and_bad_rows_are_named() {
    let p: Position = "northcott:8 1,5 7,2".parse().unwrap();
    assert_eq!(p.to_string(), "northcott:8 1,5 7,2");
    for (text, says) in [
        ("northcott 1,2", "needs W"),
        ("northcott:1 1,2", "at least 2"),
        ("northcott:5 1,7", "off the board"),
        ("northcott:5 3,3", "different squares"),
        ("northcott:5 3", "A,B"),
        ("northcott:x 1,2", "whole number"),
    ] {
        let err = text.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Boards up to 2^64 - 1 squares: the theorem's value, two winning
    /// moves per row whose gap the nim-sum lowers, each to a P-position.
    #[test]
    fn huge_boards(w in 2u64.., raw in proptest::collection::vec((any::<u64>(), any::<u64>()), 1..5)) {
        let board: Vec<Row> = raw
            .iter()
            .map(|&(a, b)| {
                let a = a % w + 1;
                let b = b % w + 1;
                if a != b { (a, b) } else if a > 1 { (a, 1) } else { (1, 2) }
            })
            .collect();
        let position: Position = text(w, &board).parse().unwrap();
        let analyzer = Analyzer::default();
        let a = analyzer.analyze(&position, Play::Normal, None).unwrap();
        let s = board.iter().fold(0, |s, &r| s ^ gap(r));
        prop_assert_eq!(a.value, Some(s));
        let expected = board.iter().filter(|&&r| gap(r) ^ s < gap(r)).count() * 2;
        prop_assert_eq!(a.winning_moves.len(), expected);
        for m in &a.winning_moves {
            let after = position.play(m).unwrap();
            let b = analyzer.analyze(&after, Play::Normal, Some(0)).unwrap();
            prop_assert_eq!(b.outcome, Outcome::P);
        }
    }
}
