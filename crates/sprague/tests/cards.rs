//! Rows of cards (`cards:L-R`; AtCoder ABC278 G): values, outcomes and
//! every winning move against a plain search over the cards still there;
//! a whole game at the contest's size won against random replies; rows at
//! 2^64 − 1; the notation and the move text read back; bad input named.

mod common;

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use sprague::{movetext, Analyzer, Outcome, Play, Position};

/// A row of `n` cards (at most 16) as the bit mask of the cards there
/// (bit c − 1 for card c).
fn row_text(n: u64, mask: u32) -> String {
    // The taken cards as runs (`4-6`), as sprague writes them.
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for c in (1..=n).filter(|&c| mask & 1 << (c - 1) == 0) {
        match runs.last_mut() {
            Some(last) if last.1 + 1 == c => last.1 = c,
            _ => runs.push((c, c)),
        }
    }
    let taken: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    if taken.is_empty() {
        n.to_string()
    } else {
        format!("{n}:{}", taken.join(","))
    }
}

/// Every move from a mask: (first card, last card, mask after).
fn options(n: u64, mask: u32, least: u64, most: u64) -> Vec<(u64, u64, u32)> {
    let mut out = Vec::new();
    for a in 1..=n {
        for k in least..=most {
            let b = a + k - 1;
            if b > n {
                break;
            }
            let block = (a..=b).fold(0u32, |m, c| m | 1 << (c - 1));
            if mask & block == block {
                out.push((a, b, mask & !block));
            }
        }
    }
    out
}

/// The plain search: the mex of the options' values.
fn plain(n: u64, mask: u32, least: u64, most: u64, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&g) = memo.get(&mask) {
        return g;
    }
    let values: Vec<u64> = options(n, mask, least, most)
        .into_iter()
        .map(|(_, _, m)| plain(n, m, least, most, memo))
        .collect();
    let g = (0..).find(|g| !values.contains(g)).unwrap();
    memo.insert(mask, g);
    g
}

/// 1,200 random rows (1 to 14 cards, some taken, L ≤ R ≤ 5), alone or
/// beside a Nim heap: the value, the outcome and every winning move agree
/// with the plain search, each winning move leads to a P-position and its
/// text reads back.
#[test]
fn rows_agree_with_plain_search() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(278);
    for case in 0..1_200 {
        let least = rng.random_range(1..=4u64);
        let most = rng.random_range(least..=5);
        let n = rng.random_range(1..=14u64);
        let full = (1u32 << n) - 1;
        let mask = if case % 3 == 0 {
            full & rng.random::<u32>()
        } else {
            full
        };
        let word = if least == most {
            format!("cards:{least}")
        } else {
            format!("cards:{least}-{most}")
        };
        let heap = (case % 4 == 1).then(|| rng.random_range(0..4u64));
        let nim = heap.map_or(String::new(), |h| format!(" + nim {h}"));
        let t = format!("{word} {}{nim}", row_text(n, mask));
        let p: Position = t.parse().unwrap();
        assert_eq!(p.to_string(), t);
        let mut memo = HashMap::new();
        let value = plain(n, mask, least, most, &mut memo);
        let h = heap.unwrap_or(0);
        let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        assert_eq!(a.value, Some(value ^ h), "{t}");
        assert_eq!(a.outcome == Outcome::P, value == h, "{t}");
        let mut want: Vec<String> = options(n, mask, least, most)
            .into_iter()
            .filter(|&(_, _, m)| plain(n, m, least, most, &mut memo) == h)
            .map(|(_, _, m)| format!("{word} {}{nim}", row_text(n, m)))
            .collect();
        if value < h {
            want.push(format!("{word} {} + nim {value}", row_text(n, mask)));
        }
        want.sort();
        assert_eq!(common::afters(&p, &a.winning_moves), want, "{t}");
        for m in &a.winning_moves {
            let next = p.play(m).unwrap();
            assert_eq!(next.grundy_value().unwrap(), 0, "{t} -> {next}");
            let read = movetext::parse(&p, &movetext::write(&p, m)).unwrap();
            assert_eq!(p.play(&read).unwrap(), next, "{t}");
        }
    }
}

/// Misère play (searched) agrees with the plain search's misère outcome.
#[test]
fn misere_rows_agree_with_plain_search() {
    fn wins(n: u64, mask: u32, l: u64, r: u64, memo: &mut HashMap<u32, bool>) -> bool {
        if let Some(&w) = memo.get(&mask) {
            return w;
        }
        // Misère: a player with no move wins.
        let opts = options(n, mask, l, r);
        let w = opts.is_empty() || opts.iter().any(|&(_, _, m)| !wins(n, m, l, r, memo));
        memo.insert(mask, w);
        w
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(2781);
    for _ in 0..200 {
        let least = rng.random_range(1..=3u64);
        let most = rng.random_range(least..=4);
        let n = rng.random_range(1..=12u64);
        let mask = ((1u32 << n) - 1) & rng.random::<u32>();
        let t = format!("cards:{least}-{most} {}", row_text(n, mask));
        let p: Position = t.parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
        let mut memo = HashMap::new();
        let to_move_wins = wins(n, mask, least, most, &mut memo);
        assert_eq!(a.outcome == Outcome::N, to_move_wins, "{t}");
        let mut want: Vec<String> = options(n, mask, least, most)
            .into_iter()
            .filter(|&(_, _, m)| !wins(n, m, least, most, &mut memo))
            .map(|(_, _, m)| format!("cards:{least}-{most} {}", row_text(n, m)))
            .collect();
        want.sort();
        assert_eq!(common::afters(&p, &a.winning_moves), want, "{t}");
        let mut solver = sprague::Solver::new(sprague::SumGame::new(sprague::Limits::default()));
        assert_eq!(
            common::searched_afters(&mut solver, &p, Play::Misere),
            want,
            "{t}"
        );
    }
}

/// G(s) of taking exactly k cards, by its recursion on run lengths (the
/// hard case of ABC278 G, L = R).
fn exact_values(n: usize, k: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for s in k..=n {
        let mut seen = vec![false; s + 2];
        for i in 0..=s - k {
            let v = (g[i] ^ g[s - k - i]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        g[s] = seen.iter().position(|&x| !x).unwrap() as u64;
    }
    g
}

/// The contest: N = 2,000 cards, one move takes exactly L (the case the
/// symmetry strategy does not settle). For six L the value of the full row
/// is the recursion's; then whoever wins plays sprague's first winning
/// move against random replies to the end and makes the last move.
#[test]
fn a_game_at_the_contest_size_is_won() {
    let n = 2_000usize;
    let mut rng = rand::rngs::StdRng::seed_from_u64(2782);
    for k in [1usize, 2, 7, 100, 999, 1_000] {
        let g = exact_values(n, k);
        let mut p: Position = format!("cards:{k} {n}").parse().unwrap();
        assert_eq!(p.grundy_value().unwrap(), g[n], "L = R = {k}");
        let analyzer = Analyzer::default().with_total_count(false);
        // sprague plays whenever it stands on an N-position.
        let mut sprague_to_move = g[n] != 0;
        let mut last_mover_is_sprague = None;
        loop {
            let a = analyzer.analyze(&p, Play::Normal, Some(1)).unwrap();
            let next = if sprague_to_move {
                assert_eq!(a.outcome, Outcome::N, "{p}");
                p.play(&a.winning_moves[0]).unwrap()
            } else {
                assert_eq!(a.outcome, Outcome::P, "{p}");
                let moves = p.moves(&sprague::Limits::default()).unwrap();
                if moves.is_empty() {
                    break;
                }
                p.play(&moves[rng.random_range(0..moves.len())]).unwrap()
            };
            last_mover_is_sprague = Some(sprague_to_move);
            sprague_to_move = !sprague_to_move;
            p = next;
            if p.moves(&sprague::Limits::default()).unwrap().is_empty() {
                break;
            }
        }
        if g[n] != 0 {
            assert_eq!(last_mover_is_sprague, Some(true), "L = {k}");
        }
    }
}

/// Rows up to 2^64 − 1 cards: taking 1 or 2 is Kayles, whose period
/// answers any length; a row's last card is 2^64 − 1.
#[test]
fn rows_at_the_top_of_u64() {
    let top = u64::MAX;
    let p: Position = format!("cards:1-2 {top}").parse().unwrap();
    let kayles: Position = format!("kayles {top}").parse().unwrap();
    assert_eq!(p.grundy_value().unwrap(), kayles.grundy_value().unwrap());
    let q: Position = format!("cards:1-2 {top}:{top},1-2").parse().unwrap();
    assert_eq!(q.to_string(), format!("cards:1-2 {top}:1-2,{top}"));
    let runs: Position = format!("kayles {}", top - 3).parse().unwrap();
    assert_eq!(q.grundy_value().unwrap(), runs.grundy_value().unwrap());
    let a = Analyzer::default()
        .analyze(&q, Play::Normal, Some(3))
        .unwrap();
    for m in &a.winning_moves {
        assert_eq!(q.play(m).unwrap().grundy_value().unwrap(), 0);
    }
}

/// Move text names the cards; illegal moves and bad rows are refused.
#[test]
fn moves_name_the_cards_and_bad_input_is_named() {
    let p: Position = "cards:2-3 10:4-6".parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    let texts: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| movetext::describe(&p, m))
        .collect();
    assert_eq!(
        texts,
        [
            "take cards 7-8 (10:4-6 -> 10:4-8)",
            "take cards 9-10 (10:4-6 -> 10:4-6,9-10)"
        ]
    );
    for bad in ["5", "3-5", "9-11", "3-4", "1-4"] {
        let e = movetext::parse(&p, bad);
        assert!(e.is_err(), "{bad} was taken");
    }
    for (text, says) in [
        ("cards 7", "cards needs how many"),
        ("cards:0 7", "1 ≤ L ≤ R"),
        ("cards:3-2 7", "1 ≤ L ≤ R"),
        ("cards:1-65537 7", "at most 65536"),
        ("cards:2 7:8", "card 8 in 7:8 is not in a row of 7"),
        ("cards:2 7:3-5,4", "card 4 is taken twice"),
        ("cards:2 7:5-3", "runs backwards"),
        ("cards:2 x", "`x` in x is not a number of cards"),
    ] {
        let e = text.parse::<Position>().unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}

/// A row whose octal game's table passes a limit is refused naming the
/// cards word, in a message as short as the input: the code of
/// `cards:1-5000` has 5,000 digits and is not quoted.
#[test]
fn a_limit_names_the_cards_word_in_a_short_message() {
    let p: Position = "cards:1-5000 5000".parse().unwrap();
    let e = Analyzer::default()
        .analyze(&p, Play::Normal, Some(1))
        .unwrap_err();
    assert!(e.is_limit(), "{e}");
    let text = e.to_string();
    assert!(text.contains("cards:1-5000"), "{text}");
    assert!(text.len() < 1_000, "{} bytes: {text}", text.len());
}

/// A move typed as the whole position it leaves is read as the cards
/// taken, in time linear in the runs (a row of 2^64 − 1 cards too).
#[test]
fn a_move_typed_as_the_position_it_leaves() {
    let p: Position = "cards:2-3 10:4-6".parse().unwrap();
    let m = movetext::parse(&p, "cards:2-3 10:4-8").unwrap();
    assert_eq!(
        movetext::describe(&p, &m),
        "take cards 7-8 (10:4-6 -> 10:4-8)"
    );
    assert!(movetext::parse(&p, "cards:2-3 10:1-9").is_err());
    assert!(movetext::parse(&p, "cards:2-3 10:4-6,8").is_err());
    let top = u64::MAX;
    let big: Position = format!("cards:1-2 {top}:1-2").parse().unwrap();
    let m = movetext::parse(&big, &format!("cards:1-2 {top}:1-2,{}-{top}", top - 1)).unwrap();
    assert_eq!(
        movetext::describe(&big, &m),
        format!(
            "take cards {}-{top} ({top}:1-2 -> {top}:1-2,{}-{top})",
            top - 1,
            top - 1
        )
    );
}

/// A move in a row that is not there names rows among what it may be
/// (it said "no graph or board 2" of a one-row position).
#[test]
fn a_move_in_a_missing_row_names_rows() {
    let p: Position = "cards:1-2 10".parse().unwrap();
    let e = match movetext::parse(&p, "2 3") {
        Ok(m) => p.play(&m).unwrap_err().to_string(),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("graph, board or row 2"), "{e}");
}
