//! Arithmetic periodicity (issue 63): Lasker's Nim (`octal:4.3...`,
//! `rule:0..n-1,split(n)`) and Nim with a split into three (`hex:8.3...`,
//! `rule:0..n-1,split3(n)`) are answered at any heap by their proven
//! arithmetic periods, G(n + 4) = G(n) + 4 and G(n + 8) = G(n) + 8 from
//! heap 1 on: the values equal the plain table to a few thousand, the far
//! heaps equal the closed forms, every winning move listed there leads to
//! a P-position, and a value past 2^64 - 1 is refused with its exact
//! value, never wrapped.

use proptest::prelude::*;
use sprague::sequence::{Method, NimSequence, Store};
use sprague::takebreak::TakeBreakCode;
use sprague::{Analyzer, Basis, Error, Limits, Play, Position};

/// Lasker's Nim by its closed form (Winning Ways, ch. 4): n for n = 1, 2
/// (mod 4), n + 1 for 3, n - 1 for 0 (and G(0) = 0); exact as a `u128`.
fn lasker(n: u64) -> u128 {
    let n = u128::from(n);
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// Nim with a split into three: n, except 8k + 7 -> 8k + 8 and
/// 8k + 8 -> 8k + 7.
fn split3(n: u64) -> u128 {
    let n = u128::from(n);
    match n % 8 {
        0 if n > 0 => n - 1,
        7 => n + 1,
        _ => n,
    }
}

const LASKER: [&str; 2] = ["octal:4.3...", "rule:0..n-1,split(n)"];
const SPLIT3: [&str; 2] = ["hex:8.3...", "rule:0..n-1,split3(n)"];

/// The plain table of a code, by the plain O(n^2) (O(n^3) for three
/// heaps) method.
fn plain(code: &str, hex: bool, to: u64) -> Vec<u64> {
    let code = if hex {
        TakeBreakCode::parse_hex(code)
    } else {
        TakeBreakCode::parse_octal(code)
    };
    let mut seq = NimSequence::new("plain", code.unwrap().move_set());
    seq.extend_to(to, Method::Plain).unwrap();
    seq.values().to_vec()
}

fn analyze(text: &str) -> Result<sprague::Analysis, Error> {
    let p: Position = text.parse().unwrap();
    Analyzer::default().analyze(&p, Play::Normal, Some(20))
}

/// The store proves the arithmetic period from its short table, and the
/// formula then gives every value to 4,000 (Lasker) and 1,200 (three
/// heaps) as the plain table does.
#[test]
fn the_formula_equals_the_plain_table() {
    for (code, hex, to, want) in [
        ("4.3...", false, 4000u64, (1, 4, 4)),
        ("8.3...", true, 1200, (1, 8, 8)),
    ] {
        let table = plain(code, hex, to);
        let moves = if hex {
            TakeBreakCode::parse_hex(code)
        } else {
            TakeBreakCode::parse_octal(code)
        }
        .unwrap()
        .move_set();
        let mut store = Store::new(code, moves, Method::Fast);
        store.ensure(u64::MAX - 1, &Limits::default()).unwrap();
        let (p, proof) = store.arithmetic().expect("an arithmetic period is proven");
        assert_eq!((p.preperiod, p.period, p.saltus), want, "{code}");
        assert!(store.len() <= 512 && proof.checked_to < 512, "{code}");
        for (n, &g) in table.iter().enumerate() {
            assert_eq!(store.get(n as u64), Some(g), "{code} G({n})");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Both spellings of both games, at random heaps to a few thousand:
    /// the analyzer's value is the closed form's (which the plain table
    /// equals, above), from the arithmetic period past the table.
    #[test]
    fn both_spellings_follow_the_formula(n in 0u64..5000) {
        for word in LASKER {
            let a = analyze(&format!("{word} {n}")).unwrap();
            prop_assert_eq!(a.value.map(u128::from), Some(lasker(n)), "{} {}", word, n);
            let basis = if n < 512 { Basis::Table } else { Basis::ArithmeticPeriod };
            prop_assert_eq!(a.basis, basis);
        }
        for word in SPLIT3 {
            let a = analyze(&format!("{word} {n}")).unwrap();
            prop_assert_eq!(a.value.map(u128::from), Some(split3(n)), "{} {}", word, n);
        }
    }
}

/// The table the plain method computes equals the closed forms the tests
/// use (so the tests above compare with the game, not with themselves).
#[test]
fn the_closed_forms_are_the_games() {
    for (n, &g) in plain("4.3...", false, 3000).iter().enumerate() {
        assert_eq!(u128::from(g), lasker(n as u64), "Lasker G({n})");
    }
    for (n, &g) in plain("8.3...", true, 600).iter().enumerate() {
        assert_eq!(u128::from(g), split3(n as u64), "three-way G({n})");
    }
}

const FAR: [u64; 5] = [
    (1 << 31) - 1,
    1_000_000_000,
    1_000_000_000_000_000_003,
    (1 << 63) + 7,
    u64::MAX - 1,
];

/// The far heaps, alone and in sums, in both spellings: the value is the
/// closed form's, the basis the arithmetic period, and every winning move
/// listed leads to a position of value 0.
#[test]
fn far_heaps_are_answered_and_their_moves_win() {
    for (words, form) in [(LASKER, lasker as fn(u64) -> u128), (SPLIT3, split3)] {
        for word in words {
            for &n in &FAR {
                for text in [format!("{word} {n}"), format!("{word} {n} 77 + nim 5")] {
                    let a = analyze(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    let want = if text.contains("nim 5") {
                        form(n) ^ form(77) ^ 5
                    } else {
                        form(n)
                    };
                    assert_eq!(a.value.map(u128::from), Some(want), "{text}");
                    if !text.contains('+') {
                        assert_eq!(a.basis, Basis::ArithmeticPeriod, "{text}");
                    }
                    let p: Position = text.parse().unwrap();
                    assert!(!a.winning_moves.is_empty() || want == 0, "{text}");
                    for mv in &a.winning_moves {
                        let after = p.play(mv).unwrap();
                        let b = Analyzer::default()
                            .analyze(&after, Play::Normal, Some(0))
                            .unwrap_or_else(|e| panic!("{after}: {e}"));
                        assert_eq!(b.value, Some(0), "{text}: {after}");
                    }
                }
            }
        }
    }
}

/// Heap 2^64 - 1 is worth 2^64 in both games: refused with that exact
/// value, never wrapped; a sum that holds it is refused too.
#[test]
fn a_value_past_two_to_the_64_is_refused_exactly() {
    for word in LASKER.into_iter().chain(SPLIT3) {
        for text in [
            format!("{word} {}", u64::MAX),
            format!("{word} 3 {}", u64::MAX),
        ] {
            match analyze(&text) {
                Err(Error::ValueTooLarge { value, .. }) => {
                    assert_eq!(value, 1u128 << 64, "{text}")
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}
