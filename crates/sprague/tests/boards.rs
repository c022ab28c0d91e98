//! Boards written as people draw them (issue 61): Treblecross strips
//! (`treblecross ..X..`) and rows of pieces moving left (`pieces 3 7 8`),
//! each against a plain search written here over the board itself, never
//! through the reduction the ruleset uses:
//!
//! - Treblecross: every strip of 3 to 14 squares (outcome and the set of
//!   winning moves), every pair of strips of 3 to 10 squares in all, and
//!   every strip of up to 14 squares beside a Nim heap, which pins down
//!   the value (the sum is a P-position exactly when the heap equals it);
//!   the search plays the game itself: a move puts an X on any empty
//!   square, three in a row wins at once.
//! - Pieces: every row on squares 1 to 14 (outcome, Grundy value, the set
//!   of winning moves), the search sliding pieces by the rule.

use std::collections::{BTreeSet, HashMap};

use sprague::{movetext, Analyzer, Limits, Outcome, Play, Position};

fn analyzer() -> Analyzer {
    Analyzer::new(Limits::default())
}

// ---------------------------------------------------------------- Treblecross

/// Whether a strip (bit i = square i + 1) holds three X in a row.
fn three(mask: u32) -> bool {
    mask & (mask >> 1) & (mask >> 2) != 0
}

fn strip_text(len: u32, mask: u32) -> String {
    (0..len)
        .map(|i| if mask >> i & 1 == 1 { 'X' } else { '.' })
        .collect()
}

/// The game by its rules: strips of `lens` squares and a Nim heap; a move
/// puts an X on an empty square (three in a row wins at once) or takes
/// from the heap; a player without a move loses.
struct Treble {
    lens: Vec<u32>,
    memo: HashMap<(Vec<u32>, u64), bool>,
}

impl Treble {
    fn new(lens: Vec<u32>) -> Treble {
        Treble {
            lens,
            memo: HashMap::new(),
        }
    }

    /// The moves from `masks`, `heap`: each with whether it makes three in
    /// a row, and the position it leaves.
    fn moves(&self, masks: &[u32], heap: u64) -> Vec<(bool, Vec<u32>, u64)> {
        let mut out = Vec::new();
        for (i, &m) in masks.iter().enumerate() {
            for q in 0..self.lens[i] {
                if m >> q & 1 == 0 {
                    let mut after = masks.to_vec();
                    after[i] = m | 1 << q;
                    out.push((three(after[i]), after, heap));
                }
            }
        }
        for h in 0..heap {
            out.push((false, masks.to_vec(), h));
        }
        out
    }

    /// Whether the player to move wins (no strip holds three in a row).
    fn wins(&mut self, masks: &[u32], heap: u64) -> bool {
        if let Some(&w) = self.memo.get(&(masks.to_vec(), heap)) {
            return w;
        }
        let mut w = false;
        for (made, after, h) in self.moves(masks, heap) {
            if made || !self.wins(&after, h) {
                w = true;
                break;
            }
        }
        self.memo.insert((masks.to_vec(), heap), w);
        w
    }

    /// The positions the winning moves leave, written as the library
    /// writes them.
    fn winning(&mut self, masks: &[u32], heap: u64, with_heap: bool) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for (made, after, h) in self.moves(masks, heap) {
            if made || !self.wins(&after, h) {
                out.insert(self.text(&after, h, with_heap));
            }
        }
        out
    }

    fn text(&self, masks: &[u32], heap: u64, with_heap: bool) -> String {
        let strips: Vec<String> = masks
            .iter()
            .zip(&self.lens)
            .map(|(&m, &l)| strip_text(l, m))
            .collect();
        let mut t = format!("treblecross {}", strips.join(" "));
        if with_heap {
            t += &format!(" + nim {heap}");
        }
        t
    }
}

/// The library's outcome and the positions its winning moves leave.
fn library(p: &Position) -> (Outcome, BTreeSet<String>, Option<u64>) {
    let a = analyzer().analyze(p, Play::Normal, None).unwrap();
    let after = a
        .winning_moves
        .iter()
        .map(|m| p.play(m).unwrap().to_string())
        .collect();
    (a.outcome, after, a.value)
}

fn outcome(wins: bool) -> Outcome {
    if wins {
        Outcome::N
    } else {
        Outcome::P
    }
}

#[test]
fn treblecross_every_strip_of_3_to_14_squares_against_the_board_search() {
    let mut checked = 0u64;
    let mut refused = 0u64;
    for len in 3..=14u32 {
        let mut game = Treble::new(vec![len]);
        for mask in 0..1u32 << len {
            let text = game.text(&[mask], 0, false);
            if three(mask) {
                // The game is over: refused, naming the three.
                let err = text.parse::<Position>().unwrap_err().to_string();
                assert!(err.contains("three X in a row"), "{text}: {err}");
                refused += 1;
                continue;
            }
            let p: Position = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
            let (got, moves, _) = library(&p);
            let wins = game.wins(&[mask], 0);
            assert_eq!(got, outcome(wins), "{text}");
            assert_eq!(moves, game.winning(&[mask], 0, false), "{text}");
            // Every winning move is written on the board.
            for m in analyzer()
                .analyze(&p, Play::Normal, None)
                .unwrap()
                .winning_moves
            {
                let words = movetext::describe(&p, &m);
                assert!(words.starts_with("put X on square "), "{words}");
                assert_eq!(movetext::parse(&p, &movetext::write(&p, &m)).unwrap(), m);
            }
            checked += 1;
        }
    }
    assert_eq!(checked + refused, (3..=14).map(|l| 1u64 << l).sum::<u64>());
    eprintln!("{checked} strips checked, {refused} with three in a row refused");
    assert!(checked > 10_000);
}

#[test]
fn treblecross_two_strips_are_played_together() {
    let mut checked = 0;
    for a in 3..=5u32 {
        for b in a..=(10 - a) {
            let mut game = Treble::new(vec![a, b]);
            for ma in 0..1u32 << a {
                for mb in 0..1u32 << b {
                    if three(ma) || three(mb) {
                        continue;
                    }
                    let text = game.text(&[ma, mb], 0, false);
                    let p: Position = text.parse().unwrap();
                    let (got, moves, _) = library(&p);
                    assert_eq!(got, outcome(game.wins(&[ma, mb], 0)), "{text}");
                    assert_eq!(moves, game.winning(&[ma, mb], 0, false), "{text}");
                    checked += 1;
                }
            }
        }
    }
    eprintln!("{checked} pairs of strips checked");
    assert!(checked > 1000);
}

#[test]
fn treblecross_value_is_the_heap_it_balances() {
    let mut checked = 0;
    for len in 3..=14u32 {
        let mut game = Treble::new(vec![len]);
        for mask in 0..1u32 << len {
            if three(mask) {
                continue;
            }
            let text = game.text(&[mask], 0, false);
            let p: Position = text.parse().unwrap();
            let a = analyzer().analyze(&p, Play::Normal, None).unwrap();
            let Some(v) = a.value else {
                // A pair: no value; the player to move completes it.
                assert_eq!(a.outcome, Outcome::N, "{text}");
                assert!(!p.to_string().is_empty());
                continue;
            };
            for heap in 0..=v + 2 {
                // The sum with a Nim heap is a P-position exactly at the
                // value, by the board search.
                assert_eq!(game.wins(&[mask], heap), heap != v, "{text} + nim {heap}");
                let sum: Position = game.text(&[mask], heap, true).parse().unwrap();
                let (got, moves, _) = library(&sum);
                assert_eq!(got, outcome(heap != v), "{sum}");
                let want: BTreeSet<String> = game
                    .winning(&[mask], heap, true)
                    .into_iter()
                    .map(|t| t.parse::<Position>().unwrap().to_string())
                    .collect();
                assert_eq!(moves, want, "{sum}");
            }
            checked += 1;
        }
    }
    eprintln!("{checked} strips without a pair checked beside heaps 0 to value + 2");
    assert!(checked > 100);
}

#[test]
fn treblecross_empty_strip_of_n_is_the_heap_n_plus_2() {
    for n in 3..=300u64 {
        let strip: Position = format!("treblecross {n}").parse().unwrap();
        let heap: Position = format!("octal:0.007 {}", n + 2).parse().unwrap();
        assert_eq!(strip.grundy_value().unwrap(), heap.grundy_value().unwrap());
    }
    // Written as dots or as a length, the same strip.
    let dots: Position = format!("treblecross {}", ".".repeat(50)).parse().unwrap();
    assert_eq!(dots, "treblecross 50".parse().unwrap());
    assert_eq!(dots.to_string(), "treblecross 50");
    let long: Position = "treblecross 50:3,30".parse().unwrap();
    assert_eq!(long.to_string(), "treblecross 50:3,30");
}

#[test]
fn treblecross_bad_strips_are_named() {
    for (text, says) in [
        ("treblecross ..O..", "`O` (character 3)"),
        ("treblecross ..", "at least 3 squares"),
        ("treblecross 2", "at least 3 squares"),
        ("treblecross .XXX.", "three X in a row"),
        ("treblecross 10:5,3", "comes after square 5"),
        ("treblecross 10:3,3", "square 3 is given twice"),
        ("treblecross 10:0", "square 0"),
        ("treblecross 10:11", "past the end"),
        ("treblecross 18446744073709551616", "past 2^64 - 1"),
        (
            "treblecross 18446744073709551615",
            "at most 18446744073709551613 squares",
        ),
        ("treblecross 10:a", "not a whole number"),
    ] {
        let err = text.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
}

// --------------------------------------------------------------------- Pieces

/// The row game on squares 1..=14 (bit i = square i + 1): Grundy values
/// by the definition, the moves by the rule.
struct Row {
    grundy: Vec<u8>,
}

fn row_moves(mask: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut floor = 0; // the first square a piece may reach (bit index)
    for p in 0..32 {
        if mask >> p & 1 == 1 {
            for to in floor..p {
                out.push(mask & !(1 << p) | 1 << to);
            }
            floor = p + 1;
        }
    }
    out
}

impl Row {
    fn new(squares: u32) -> Row {
        let mut grundy = vec![0u8; 1 << squares];
        // A move lowers a piece, so the mask decreases: fill in order.
        for mask in 0..1u32 << squares {
            let seen: BTreeSet<u8> = row_moves(mask)
                .into_iter()
                .map(|m| grundy[m as usize])
                .collect();
            grundy[mask as usize] = (0..).find(|g| !seen.contains(g)).unwrap();
        }
        Row { grundy }
    }
}

fn row_text(mask: u32) -> String {
    let squares: Vec<String> = (0..32)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| (i + 1).to_string())
        .collect();
    format!("pieces {}", squares.join(" "))
}

#[test]
fn pieces_every_row_on_14_squares_against_the_board_search() {
    let row = Row::new(14);
    for mask in 1..1u32 << 14 {
        let text = row_text(mask);
        let p: Position = text.parse().unwrap();
        let (got, moves, value) = library(&p);
        let g = row.grundy[mask as usize];
        assert_eq!(value, Some(u64::from(g)), "{text}");
        assert_eq!(got, outcome(g != 0), "{text}");
        let want: BTreeSet<String> = row_moves(mask)
            .into_iter()
            .filter(|&m| row.grundy[m as usize] == 0)
            .map(row_text)
            .collect();
        assert_eq!(moves, want, "{text}");
        for m in analyzer()
            .analyze(&p, Play::Normal, None)
            .unwrap()
            .winning_moves
        {
            let words = movetext::describe(&p, &m);
            assert!(words.starts_with("move the piece on "), "{words}");
            assert_eq!(movetext::parse(&p, &movetext::write(&p, &m)).unwrap(), m);
        }
        // Every legal move of the board is a move of the ruleset.
        let listed: BTreeSet<String> = p
            .moves(&Limits::default())
            .unwrap()
            .iter()
            .map(|m| p.play(m).unwrap().to_string())
            .collect();
        let by_rule: BTreeSet<String> = row_moves(mask).into_iter().map(row_text).collect();
        assert_eq!(listed, by_rule, "{text}");
    }
}

#[test]
fn pieces_bad_rows_are_named_and_big_squares_are_exact() {
    for (text, says) in [
        ("pieces 3 7 7", "a second piece on square 7"),
        ("pieces 8 7", "square 7 comes after square 8"),
        ("pieces 0 3", "square 0"),
        ("pieces 3 x", "`x` is not a square"),
        ("pieces 18446744073709551616", "past the last square"),
    ] {
        let err = text.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
    // The last square of all: gaps 2 and 2^64 - 5, odd step the latter.
    let p: Position = "pieces 3 18446744073709551615".parse().unwrap();
    assert_eq!(p.grundy_value().unwrap(), u64::MAX - 4);
    let (o, moves, _) = library(&p);
    assert_eq!(o, Outcome::N);
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec!["pieces 3 4".to_string()]
    );
}

#[test]
fn every_move_reads_back_in_each_written_form() {
    for text in [
        "treblecross .X....X..",
        "treblecross X.... ..X.. 45:3",
        "treblecross ..X..... + pieces 2 5 6 + nim 1",
        "pieces 2 7 9 12",
    ] {
        let p: Position = text.parse().unwrap();
        for mv in p.moves(&Limits::default()).unwrap() {
            let after = p.play(&mv).unwrap();
            let short = movetext::write(&p, &mv);
            assert_eq!(movetext::parse(&p, &short), Ok(mv.clone()), "{p} / {short}");
            let long = mv.display(&p).to_string();
            assert_eq!(movetext::parse(&p, &long), Ok(mv.clone()), "{p} / {long}");
            let whole = after.to_string();
            let read = movetext::parse(&p, &whole).unwrap_or_else(|e| panic!("{p} / {whole}: {e}"));
            assert_eq!(p.play(&read).unwrap(), after, "{p} / {whole}");
        }
    }
}
