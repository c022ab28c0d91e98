//! Coin-turning games and their products against a plain search by the
//! definition: every row of up to 10 coins, every grid of up to 3 x 4
//! (4 x 4 for Turning Corners; all products on 4 x 4 behind `--ignored`),
//! every winning move leading to a P-position and none missing; Mock
//! Turtles and Ruler against their closed forms (to 3,000 here, to 10^5
//! with `cargo test --release -p sprague --test coins -- --ignored`).

use proptest::prelude::*;
use sprague::{Play, Position};

/// A rule as the search sees it: which sets of coins (indices from 0 in
/// the row, the largest the head turned) a move may turn.
#[derive(Clone, Copy, Debug)]
struct Rule {
    word: &'static str,
    /// The number of the leftmost coin (the row's letters start there).
    #[allow(dead_code)]
    origin: u64,
    min: u32,
    max: u32,
    within: Option<u32>,
    contiguous: bool,
}

const fn rule(word: &'static str, origin: u64, min: u32, max: u32) -> Rule {
    Rule {
        word,
        origin,
        min,
        max,
        within: None,
        contiguous: false,
    }
}

const NAMED: [Rule; 5] = [
    rule("turtles", 1, 1, 2),
    rule("twins", 0, 2, 2),
    rule("mock", 0, 1, 3),
    Rule {
        contiguous: true,
        ..rule("ruler", 1, 1, u32::MAX)
    },
    Rule {
        contiguous: true,
        ..rule("rulerette", 1, 2, u32::MAX)
    },
];

/// Rules in the notation `coins:SPEC`, with what the search reads.
const USER: [Rule; 6] = [
    rule("coins:1-3,from0", 0, 1, 3),
    rule("coins:2-3", 1, 2, 3),
    Rule {
        within: Some(2),
        ..rule("coins:1-3,w2", 1, 1, 3)
    },
    Rule {
        contiguous: true,
        within: Some(3),
        ..rule("coins:2-3,c,w3", 1, 2, 3)
    },
    rule("coins:any", 1, 1, u32::MAX),
    Rule {
        within: Some(3),
        ..rule("coins:3-any,w3,from0", 0, 3, u32::MAX)
    },
];

impl Rule {
    /// Whether the coins of `set` (a bit mask of indices) make a legal
    /// move: by the rule's words alone.
    fn legal(&self, set: u32) -> bool {
        if set == 0 {
            return false;
        }
        let n = set.count_ones();
        let top = 31 - set.leading_zeros();
        let low = set.trailing_zeros();
        n >= self.min
            && n <= self.max
            && self.within.is_none_or(|d| top - low <= d)
            && (!self.contiguous || top - low + 1 == n)
    }

    /// Every legal set of coins among `n`, by its top coin.
    fn sets(&self, n: u32) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new(); n as usize];
        for set in 1u32..(1 << n) {
            if self.legal(set) {
                out[(31 - set.leading_zeros()) as usize].push(set);
            }
        }
        out
    }
}

fn mex(seen: &[bool]) -> u32 {
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// Grundy values of every row of `n` coins (bit i = coin origin + i).
fn search_rows(r: &Rule, n: u32) -> Vec<u32> {
    let sets = r.sets(n);
    let mut g = vec![0u32; 1 << n];
    for mask in 1usize..(1 << n) {
        let mut seen = vec![false; 64];
        for x in 0..n {
            if mask >> x & 1 == 1 {
                for &s in &sets[x as usize] {
                    let v = g[mask ^ s as usize] as usize;
                    if v >= seen.len() {
                        seen.resize(v + 1, false);
                    }
                    seen[v] = true;
                }
            }
        }
        g[mask] = mex(&seen);
    }
    g
}

fn row_text(r: &Rule, n: u32, mask: usize) -> String {
    let letters: String = (0..n)
        .map(|i| if mask >> i & 1 == 1 { 'H' } else { 'T' })
        .collect();
    format!("{} {letters}", r.word)
}

fn mask_of_row(text: &str) -> usize {
    let letters = text.split_whitespace().nth(1).unwrap_or("");
    letters
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'H')
        .map(|(i, _)| 1 << i)
        .sum()
}

/// Every row of `n` coins: the value, and the winning moves: each leads
/// to a P-position, and there are as many as the search finds.
fn check_rows(r: &Rule, n: u32) {
    let g = search_rows(r, n);
    let sets = r.sets(n);
    for mask in 0..(1usize << n) {
        let text = row_text(r, n, mask);
        let p: Position = text.parse().unwrap();
        assert_eq!(p.grundy_value().unwrap(), u64::from(g[mask]), "{text}");
        let moves = p.winning_moves(Play::Normal).unwrap();
        for m in &moves {
            let after = p.play(m).unwrap();
            assert_eq!(g[mask_of_row(&after.to_string())], 0, "{text}: {after}");
        }
        let expected = (0..n)
            .filter(|x| mask >> x & 1 == 1)
            .flat_map(|x| sets[x as usize].iter())
            .filter(|&&s| g[mask ^ s as usize] == 0)
            .count();
        assert_eq!(moves.len(), expected, "{text}");
    }
}

#[test]
fn named_rows_against_search() {
    for r in &NAMED {
        check_rows(r, 9);
    }
}

#[test]
fn user_rules_against_search() {
    for r in &USER {
        check_rows(r, 9);
    }
}

#[test]
fn user_rules_agree_with_the_named_games() {
    for (a, b) in [
        ("coins:1-2", "turtles"),
        ("coins:any,c", "ruler"),
        ("coins:2-any,c", "rulerette"),
    ] {
        for heads in ["1 4 7", "2 3 5 8 13", "6 7 8 9 10 11 12"] {
            let p: Position = format!("{a} {heads}").parse().unwrap();
            let q: Position = format!("{b} {heads}").parse().unwrap();
            assert_eq!(p.grundy_value().unwrap(), q.grundy_value().unwrap());
        }
    }
    for heads in ["0 4 7", "2 3 5 8 13", "0 1 2 3"] {
        let p: Position = format!("coins:1-3,from0 {heads}").parse().unwrap();
        let q: Position = format!("mock {heads}").parse().unwrap();
        assert_eq!(p.grundy_value().unwrap(), q.grundy_value().unwrap());
    }
}

/// Grundy values of every grid of `rows` x `cols` of the product of `a`
/// and `b` (bit r * cols + c = coin (a.origin + r, b.origin + c)).
fn search_grid(a: &Rule, b: &Rule, rows: u32, cols: u32) -> Vec<u32> {
    let (sa, sb) = (a.sets(rows), b.sets(cols));
    let cells = rows * cols;
    let expand = |s1: u32, s2: u32| -> usize {
        let mut m = 0usize;
        for r in 0..rows {
            for c in 0..cols {
                if s1 >> r & 1 == 1 && s2 >> c & 1 == 1 {
                    m |= 1 << (r * cols + c);
                }
            }
        }
        m
    };
    let mut g = vec![0u32; 1 << cells];
    for mask in 1usize..(1 << cells) {
        let mut seen = vec![false; 64];
        for x in 0..rows {
            for y in 0..cols {
                if mask >> (x * cols + y) & 1 == 0 {
                    continue;
                }
                for &s1 in &sa[x as usize] {
                    for &s2 in &sb[y as usize] {
                        let v = g[mask ^ expand(s1, s2)] as usize;
                        if v >= seen.len() {
                            seen.resize(v + 1, false);
                        }
                        seen[v] = true;
                    }
                }
            }
        }
        g[mask] = mex(&seen);
    }
    g
}

fn grid_text(word: &str, rows: u32, cols: u32, mask: usize) -> String {
    let mut text = word.to_string();
    for r in 0..rows {
        text.push(' ');
        for c in 0..cols {
            text.push(if mask >> (r * cols + c) & 1 == 1 {
                'H'
            } else {
                'T'
            });
        }
    }
    text
}

fn mask_of_grid(text: &str, cols: u32) -> usize {
    let mut m = 0;
    for (r, w) in text.split_whitespace().skip(1).enumerate() {
        for (c, b) in w.bytes().enumerate() {
            if b == b'H' {
                m |= 1 << (r as u32 * cols + c as u32);
            }
        }
    }
    m
}

/// Every grid: the value (the Tartan theorem) against the search, and
/// every winning move to a P-position, all of them.
fn check_grid(word: &str, a: &Rule, b: &Rule, rows: u32, cols: u32, moves_every: usize) {
    let g = search_grid(a, b, rows, cols);
    for mask in 0..(1usize << (rows * cols)) {
        let text = grid_text(word, rows, cols, mask);
        let p: Position = text.parse().unwrap();
        assert_eq!(p.grundy_value().unwrap(), u64::from(g[mask]), "{text}");
        if mask % moves_every != 0 {
            continue;
        }
        let moves = p.winning_moves(Play::Normal).unwrap();
        assert_eq!(moves.is_empty(), g[mask] == 0, "{text}");
        for m in &moves {
            let after = p.play(m).unwrap();
            assert_eq!(
                g[mask_of_grid(&after.to_string(), cols)],
                0,
                "{text}: {after}"
            );
        }
    }
}

#[test]
fn turning_corners_on_every_grid_up_to_4x4() {
    let twins = NAMED[1];
    check_grid("corners", &twins, &twins, 4, 4, 7);
}

#[test]
fn products_on_every_grid_up_to_2x4_and_4x2() {
    for a in &NAMED {
        for b in &NAMED {
            let word = format!("product:{}*{}", a.word, b.word);
            check_grid(&word, a, b, 2, 4, 1);
            check_grid(&word, a, b, 4, 2, 1);
        }
    }
    let user = USER[2];
    check_grid("product:coins:1-3,w2*ruler", &user, &NAMED[3], 3, 3, 1);
}

#[test]
#[ignore = "every product of two named games on every grid up to 4 x 4: minutes in debug"]
fn products_on_every_grid_up_to_4x4() {
    for a in &NAMED {
        for b in &NAMED {
            let word = format!("product:{}*{}", a.word, b.word);
            check_grid(&word, a, b, 4, 4, 5);
        }
    }
}

/// Mock Turtles by the definition, coin by coin: a lone head on coin x
/// has the options 0, g(y) and g(y) ^ g(z) for z < y < x.
fn mock_by_definition(n: usize) -> Vec<u64> {
    let size = (4 * n).next_power_of_two();
    let mut reach = vec![false; size];
    reach[0] = true;
    let mut g = Vec::with_capacity(n);
    let mut first_zero = 0;
    for x in 0..n {
        while reach[first_zero] {
            first_zero += 1;
        }
        let v = first_zero as u64;
        g.push(v);
        // New options for the coins after x: v itself, v ^ g(y).
        let olds: Vec<u64> = g[..x].to_vec();
        reach[v as usize] = true;
        for w in olds {
            reach[(v ^ w) as usize] = true;
        }
    }
    g
}

/// The Ruler game by the definition: a lone head on coin x has the
/// options the nim-sums of the runs y..x-1, 1 <= y <= x.
fn ruler_by_definition(n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    let mut prefix = vec![0u64; n + 2];
    for x in 1..=n {
        let mut seen = vec![false; 2 * n + 2];
        for y in 1..=x {
            seen[(prefix[x] ^ prefix[y]) as usize] = true;
        }
        g[x] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
        prefix[x + 1] = prefix[x] ^ g[x];
    }
    g
}

fn check_closed_forms(n: usize) {
    let mock = mock_by_definition(n);
    for (x, &v) in mock.iter().enumerate() {
        assert_eq!(
            v,
            sprague::ruleset::coins::rule::odious(x as u64).unwrap(),
            "coin {x}"
        );
    }
    let ruler = ruler_by_definition(n);
    for (x, &v) in ruler.iter().enumerate().skip(1) {
        assert_eq!(
            v,
            sprague::ruleset::coins::rule::ruler(x as u64),
            "coin {x}"
        );
    }
    // And through the position, for a sample.
    for x in (0..n as u64).step_by(97) {
        let p: Position = format!("mock {x}").parse().unwrap();
        assert_eq!(p.grundy_value().unwrap(), mock[x as usize]);
        if x > 0 {
            let p: Position = format!("ruler {x}").parse().unwrap();
            assert_eq!(p.grundy_value().unwrap(), ruler[x as usize]);
        }
    }
}

#[test]
fn mock_turtles_and_ruler_closed_forms_to_3000() {
    check_closed_forms(3000);
}

#[test]
#[ignore = "to 10^5 by the definition: run in release"]
fn mock_turtles_and_ruler_closed_forms_to_100000() {
    check_closed_forms(100_000);
}

#[test]
fn turning_corners_on_huge_grids_has_a_winning_move() {
    let p: Position = "corners 1000000000,999999999 3,5 123456789,987654321"
        .parse()
        .unwrap();
    assert_ne!(p.grundy_value().unwrap(), 0);
    let moves = p.winning_moves(Play::Normal).unwrap();
    assert!(!moves.is_empty());
    for m in moves.iter().take(20) {
        assert_eq!(p.play(m).unwrap().grundy_value().unwrap(), 0);
    }
}

/// Ruler x Ruler on a 10^9 x 10^9 grid: a winning move turns a
/// rectangle of about 3 x 10^17 coins, applied and written as blocks; the
/// grid after it is a P-position, and from it no move wins.
#[test]
fn ruler_products_turn_huge_rectangles() {
    let p: Position = "product:ruler*ruler 1000000000,999999999".parse().unwrap();
    let a = sprague::Analyzer::new(sprague::Limits::default()).with_total_count(false);
    let moves = a.analyze(&p, Play::Normal, Some(5)).unwrap().winning_moves;
    assert!(!moves.is_empty());
    for m in &moves {
        let after = p.play(m).unwrap();
        assert_eq!(after.grundy_value().unwrap(), 0, "{}", m.display(&p));
        // Written in blocks, and read back to the same position.
        let text = after.to_string();
        assert!(text.len() < 200, "{text}");
        let again: Position = text.parse().unwrap();
        assert_eq!(again, after);
        assert_eq!(again.grundy_value().unwrap(), 0);
    }
    let first = moves[0].display(&p).to_string();
    assert!(first.contains("x"), "{first}");
}

/// Blocks of heads are worth what their coins are one by one.
#[test]
fn blocks_of_heads_are_worth_their_coins() {
    for word in [
        "corners",
        "product:ruler*mock",
        "product:coins:1-3,w2*turtles",
    ] {
        let p: Position = format!("{word} 2-4,1-3 5,2-3").parse().unwrap();
        let mut coins = Vec::new();
        for r in 2..=4 {
            for c in 1..=3 {
                coins.push(format!("{r},{c}"));
            }
        }
        coins.push("5,2".into());
        coins.push("5,3".into());
        let q: Position = format!("{word} {}", coins.join(" ")).parse().unwrap();
        assert_eq!(p, q, "{word}");
        assert_eq!(p.grundy_value().unwrap(), q.grundy_value().unwrap());
    }
    let e = "corners 1-3,1-3 2,2".parse::<Position>().unwrap_err();
    assert!(e.to_string().contains("2,2 is named twice"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Products of every pair of named games with heads up to 2^40
    /// (2^12 for Mock Turtles and Rulerette, whose move values are walked
    /// one by one): the first winning moves all lead to P-positions,
    /// whatever number of coins they turn, and are written so that they
    /// read back.
    #[test]
    fn huge_products_winning_moves_lead_to_p(
        a in 0usize..5,
        b in 0usize..5,
        heads in proptest::collection::btree_set((2u64..(1 << 40), 2u64..(1 << 40)), 1..4),
    ) {
        let word = format!("product:{}*{}", NAMED[a].word, NAMED[b].word);
        let bound = |g: usize| if g == 2 || g == 4 { 1 << 12 } else { 1 << 40 };
        let text: Vec<String> = heads
            .iter()
            .map(|(r, c)| (2 + r % bound(a), 2 + c % bound(b)))
            .collect::<std::collections::BTreeSet<_>>()
            .iter()
            .map(|(r, c)| format!("{r},{c}"))
            .collect();
        let p: Position = format!("{word} {}", text.join(" ")).parse().unwrap();
        let g = p.grundy_value().unwrap();
        let limits = sprague::Limits { max_states: 20_000, ..sprague::Limits::default() };
        let analyzer = sprague::Analyzer::new(limits).with_total_count(false);
        let analysis = analyzer.analyze(&p, Play::Normal, Some(3)).unwrap();
        // A lone head's moves are found at once; with more heads the walk
        // over move values may stop at the state limit (the list is then
        // marked truncated).
        if text.len() == 1 || !analysis.truncated() {
            prop_assert_eq!(analysis.winning_moves.is_empty(), g == 0, "{}", p);
        }
        for m in &analysis.winning_moves {
            let after = p.play(m).unwrap();
            prop_assert_eq!(after.grundy_value().unwrap(), 0);
            let back: Position = after.to_string().parse().unwrap();
            prop_assert_eq!(back, after);
        }
    }

    /// Rows with heads anywhere in u64: every winning move is legal and
    /// leads to a P-position.
    #[test]
    fn huge_rows_winning_moves_lead_to_p(
        game in 0usize..5,
        heads in proptest::collection::btree_set(1u64..(1 << 62), 1..5),
    ) {
        let word = NAMED[game].word;
        let text: Vec<String> = heads.iter().map(u64::to_string).collect();
        let p: Position = format!("{word} {}", text.join(" ")).parse().unwrap();
        let a = sprague::Analyzer::new(sprague::Limits::default()).with_total_count(false);
        let moves = a.analyze(&p, Play::Normal, Some(5)).unwrap().winning_moves;
        prop_assert_eq!(moves.is_empty(), p.grundy_value().unwrap() == 0);
        for m in moves.iter().take(5) {
            let after = p.play(m).unwrap();
            prop_assert_eq!(after.grundy_value().unwrap(), 0);
        }
    }

    /// Turning Corners and Turtles x Ruler with heads up to 10^9: the
    /// first winning moves lead to P-positions.
    #[test]
    fn huge_grids_winning_moves_lead_to_p(
        product in 0usize..2,
        heads in proptest::collection::btree_set((1u64..1_000_000_000, 1u64..1_000_000_000), 1..4),
    ) {
        let word = ["corners", "product:turtles*ruler"][product];
        let text: Vec<String> = heads.iter().map(|(r, c)| format!("{r},{c}")).collect();
        let p: Position = format!("{word} {}", text.join(" ")).parse().unwrap();
        let g = p.grundy_value().unwrap();
        prop_assert_ne!(g, 0);
        let a = sprague::Analyzer::new(sprague::Limits::default());
        let analysis = a.with_total_count(false).analyze(&p, Play::Normal, Some(3)).unwrap();
        prop_assert!(!analysis.winning_moves.is_empty());
        for m in &analysis.winning_moves {
            prop_assert_eq!(p.play(m).unwrap().grundy_value().unwrap(), 0);
        }
    }
}

/// The value of a head on coin `x` of a named game, by its definition's
/// closed form written out here (u128, so nothing wraps).
fn head_value(word: &str, x: u64) -> u128 {
    let x = u128::from(x);
    match word {
        "turtles" | "twins" => x,
        "mock" => 2 * x + u128::from(x.count_ones() % 2 == 0),
        "ruler" => x & x.wrapping_neg(),
        "rulerette" => (x & x.wrapping_neg()) >> 1,
        _ => unreachable!(),
    }
}

/// Heads at the top of each named game's coins (2^64 - 1; 2^63 - 1 for
/// Mock Turtles, whose values pass 2^64 above it): the value is the
/// nim-sum of the heads' closed forms, and every winning move leads to a
/// P-position (valued again here head by head). Coin 2^64 - 1 was
/// dropped by every coin game before (issue 61).
#[test]
fn heads_at_the_top_coin() {
    for (word, top) in [
        ("turtles", u64::MAX),
        ("twins", u64::MAX),
        ("ruler", u64::MAX),
        ("rulerette", u64::MAX),
        ("mock", (1 << 63) - 1),
    ] {
        for heads in [
            vec![top],
            vec![top - 1, top],
            vec![1, top],
            vec![top - 3, top - 2, top - 1, top],
            vec![2, 3, top - 5, top],
        ] {
            let text: Vec<String> = heads.iter().map(u64::to_string).collect();
            let text = format!("{word} {}", text.join(" "));
            let p: Position = text.parse().unwrap();
            let expected = heads.iter().fold(0, |g, &x| g ^ head_value(word, x));
            assert_eq!(u128::from(p.grundy_value().unwrap()), expected, "{text}");
            let a = sprague::Analyzer::new(sprague::Limits::default());
            let moves = a.analyze(&p, Play::Normal, Some(50)).unwrap().winning_moves;
            assert_eq!(moves.is_empty(), expected == 0, "{text}");
            for m in &moves {
                let after = p.play(m).unwrap();
                assert_eq!(after.grundy_value().unwrap(), 0, "{text}: {after}");
            }
        }
        // The whole range as one run, and its last four coins.
        let first = if matches!(word, "twins" | "mock") {
            0
        } else {
            1
        };
        for (a, b) in [(first, top), (top - 3, top)] {
            let p: Position = format!("{word} {a}-{b}").parse().unwrap();
            let expected = if b - a < 64 {
                (a..=b).fold(0, |g, x| g ^ head_value(word, x))
            } else {
                u128::from(p.grundy_value().unwrap())
            };
            assert_eq!(
                u128::from(p.grundy_value().unwrap()),
                expected,
                "{word} {a}-{b}"
            );
        }
    }
}

/// The value of a run of heads a..=b by its closed form, against the
/// nim-sum of its coins one by one, for runs ending at the top.
#[test]
fn runs_at_the_top_against_their_coins() {
    for (word, top) in [
        ("turtles", u64::MAX),
        ("ruler", u64::MAX),
        ("rulerette", u64::MAX),
        ("twins", u64::MAX),
        ("mock", (1 << 63) - 1),
    ] {
        for len in [1u64, 2, 3, 4, 5, 17, 64, 1000] {
            for end in [top, top - 1, top - 7] {
                let a = end - (len - 1);
                let p: Position = format!("{word} {a}-{end}").parse().unwrap();
                let expected = (a..=end).fold(0, |g, x| g ^ head_value(word, x));
                assert_eq!(
                    u128::from(p.grundy_value().unwrap()),
                    expected,
                    "{word} {a}-{end}"
                );
            }
        }
    }
}

/// A run of every coin of each named game (the largest legal range) is
/// valued and its first winning moves found at once: the heads that can
/// move are found without walking 2^64 coins one by one (issue 61; a
/// walk would run for centuries, so this test finishing is the check).
#[test]
fn the_largest_range_of_each_coin_game_answers_at_once() {
    for text in [
        "ruler 1-18446744073709551615",
        "rulerette 1-18446744073709551615",
        "turtles 1-18446744073709551614",
        "twins 1-18446744073709551615",
        "mock 0-9223372036854775806",
        "mock 5-9223372036854775807",
        "ruler 4294967295-12884901887",
        "rulerette 7-18446744073709551615",
    ] {
        let p: Position = text.parse().unwrap();
        let a = sprague::Analyzer::new(sprague::Limits::default()).with_total_count(false);
        let analysis = a.analyze(&p, Play::Normal, Some(10)).unwrap();
        assert_eq!(
            analysis.winning_moves.is_empty(),
            p.grundy_value().unwrap() == 0,
            "{text}"
        );
        for m in &analysis.winning_moves {
            assert_eq!(
                p.play(m).unwrap().grundy_value().unwrap(),
                0,
                "{text}: {m:?}"
            );
        }
    }
}

/// A coin listed twice (as some problems list the heads) is refused, and
/// the message says how to fold repeats: two heads on one coin cancel
/// (issue 53).
#[test]
fn a_coin_listed_twice_says_how_to_fold_repeats() {
    for text in ["mock 3 3", "turtles 5 2 5", "ruler 4-9 7"] {
        let e = text.parse::<Position>().unwrap_err().to_string();
        assert!(e.contains("is named twice"), "{text}: {e}");
        assert!(e.contains("two heads on one coin cancel"), "{text}: {e}");
    }
}
