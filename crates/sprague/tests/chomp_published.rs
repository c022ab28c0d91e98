//! Chomp against published results, every winning move checked.
//!
//! Convention (as in the sources below): a position is the row lengths from
//! the bottom, non-increasing, the poisoned square at the bottom left; it
//! may never be taken, so the player left with it alone loses.
//!
//! - Three-rowed Chomp, (p, q, r) with p >= q >= r: A. E. Brouwer's Chomp
//!   page (www.win.tue.nl/~aeb/games/chomp.html), quoted in OEIS A147983's
//!   comments: r = 0: the P-positions are p = q + 1; r = 1: only (3,1,1)
//!   and (2,2,1); r = 2: p = q + 2; r = 3: (6,3,3), (7,4,3), (5,5,3);
//!   r = 4: (8,4,4), (9,5,4), (10,6,4), (7,7,4); r = 5: (10,5,5), (9,6,5)
//!   and (a+11, a+7, 5) for a >= 0. (Zeilberger, "Three-rowed CHOMP", Adv.
//!   Appl. Math. 26 (2001), and Brouwer, Horváth, Molnár-Sáska and Szabó,
//!   "On three-rowed Chomp", Integers 5 (2005), G07, prove such families.)
//!   A move never lengthens a row, so every option of such a position is
//!   one too: the set of winning moves is known exactly, and compared.
//! - Four-rowed Chomp: OEIS A395126's comment lists the first ten
//!   P-positions (a,b,c,d) in lexicographic order: (1,0,0,0), (2,1,0,0),
//!   (2,2,1,0), (2,2,2,1), (3,1,1,0), (3,2,0,0), (3,3,1,1), (4,1,1,1),
//!   (4,2,2,0), (4,3,0,0).
//! - Square n x n: the unique winning move takes the square diagonal to the
//!   corner (2.2), leaving an L of two equal arms (Gale 1974; Winning Ways,
//!   ch. 18). 2 x n: the unique winning move takes the top right square,
//!   leaving rows n and n - 1.

use sprague::{Analyzer, Outcome, Play, Position, PositionParser};

/// The diagram's text: row lengths from the bottom, empty rows left out.
fn text(rows: &[u32]) -> String {
    let rows: Vec<String> = rows
        .iter()
        .filter(|&&n| n > 0)
        .map(u32::to_string)
        .collect();
    format!("chomp {}", rows.join(","))
}

/// Brouwer's P-positions of three-rowed Chomp with third row r <= 5.
fn brouwer_p(p: u32, q: u32, r: u32) -> bool {
    match r {
        0 => p == q + 1,
        1 => matches!((p, q), (3, 1) | (2, 2)),
        2 => p == q + 2,
        3 => matches!((p, q), (6, 3) | (7, 4) | (5, 5)),
        4 => matches!((p, q), (8, 4) | (9, 5) | (10, 6) | (7, 7)),
        5 => matches!((p, q), (10, 5) | (9, 6)) || (p >= 11 && p == q + 4),
        _ => unreachable!("r <= 5"),
    }
}

/// The diagrams one move leaves, with the move's row and column (from 0).
fn options(rows: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for (r, &n) in rows.iter().enumerate() {
        for c in 0..n {
            if (r, c) == (0, 0) {
                continue;
            }
            let mut o = rows.to_vec();
            for row in o.iter_mut().skip(r) {
                *row = (*row).min(c);
            }
            out.push(o);
        }
    }
    out
}

/// The positions the listed winning moves of `rows` leave, sorted.
fn winning_afters(parser: &mut PositionParser, rows: &[u32]) -> (Outcome, Vec<String>) {
    let p: Position = parser.parse(&text(rows)).unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    let mut after: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| p.play(m).unwrap().to_string())
        .collect();
    after.sort();
    (a.outcome, after)
}

#[test]
fn three_rowed_chomp_is_brouwers_table_with_every_winning_move() {
    let mut parser = PositionParser::new();
    let mut checked = 0;
    for r in 0..=5u32 {
        for q in r.max(1)..=40 {
            for p in q..=40 {
                let rows = [p, q, r];
                let want_p = brouwer_p(p, q, r);
                let (outcome, got) = winning_afters(&mut parser, &rows);
                assert_eq!(outcome == Outcome::P, want_p, "{}", text(&rows));
                // Every option's third row is at most r: the table says
                // which options are P-positions.
                let mut want: Vec<String> = options(&rows)
                    .into_iter()
                    .filter(|o| {
                        let o3 = [o[0], o[1], o[2]];
                        brouwer_p(o3[0], o3[1], o3[2])
                    })
                    .map(|o| parser.parse(&text(&o)).unwrap().to_string())
                    .collect();
                want.sort();
                want.dedup();
                assert_eq!(got, want, "{}", text(&rows));
                checked += 1;
            }
        }
    }
    assert!(checked > 4000, "{checked}");
}

#[test]
fn four_rowed_chomp_begins_as_oeis_a395126_says() {
    let mut parser = PositionParser::new();
    let mut found = Vec::new();
    // Every (a,b,c,d) with (a,b,c) up to (4,3,0) in lexicographic order.
    for a in 1..=4u32 {
        for b in 0..=a {
            for c in 0..=b {
                if (a, b, c) > (4, 3, 0) {
                    continue;
                }
                for d in 0..=c {
                    let rows = [a, b, c, d];
                    let (outcome, after) = winning_afters(&mut parser, &rows);
                    if outcome == Outcome::P {
                        found.push((a, b, c, d));
                        assert!(after.is_empty());
                    }
                    // Each winning move leaves a P-position.
                    for t in after {
                        let (o, _) = winning_afters(&mut parser, &parse_rows(&t));
                        assert_eq!(o, Outcome::P, "{} -> {t}", text(&rows));
                    }
                }
            }
        }
    }
    assert_eq!(
        found,
        [
            (1, 0, 0, 0),
            (2, 1, 0, 0),
            (2, 2, 1, 0),
            (2, 2, 2, 1),
            (3, 1, 1, 0),
            (3, 2, 0, 0),
            (3, 3, 1, 1),
            (4, 1, 1, 1),
            (4, 2, 2, 0),
            (4, 3, 0, 0),
        ]
    );
}

fn parse_rows(t: &str) -> Vec<u32> {
    let body = t.strip_prefix("chomp ").unwrap();
    if let Some((r, c)) = body.split_once('x') {
        return vec![c.parse().unwrap(); r.parse().unwrap()];
    }
    body.split(',').map(|n| n.parse().unwrap()).collect()
}

#[test]
fn squares_and_two_rowed_rectangles_have_one_winning_move() {
    let mut parser = PositionParser::new();
    for n in 2..=7u32 {
        // n x n: take 2.2, leaving an L of two arms of n - 1.
        let (outcome, after) = winning_afters(&mut parser, &vec![n; n as usize]);
        assert_eq!(outcome, Outcome::N);
        let mut l = vec![1u32; n as usize];
        l[0] = n;
        assert_eq!(
            after,
            [parser.parse(&text(&l)).unwrap().to_string()],
            "{n} x {n}"
        );
    }
    for n in 2..=12u32 {
        // 2 x n: take the top right square, leaving n, n - 1.
        let (outcome, after) = winning_afters(&mut parser, &[n, n]);
        assert_eq!(outcome, Outcome::N);
        assert_eq!(after, [text(&[n, n - 1])], "2 x {n}");
    }
}
