//! The table work limit (`Limits::max_table_work`): a nim-sequence table
//! below the table limit is refused as soon as its values show that the
//! heap asked needs more work than the limit, and never refused when the
//! work it needs is within it. Also the weight of large positions in the
//! search's work limit, and the progress reports of the search.

use std::cell::RefCell;
use std::rc::Rc;

use proptest::prelude::*;
use sprague::progress::{self, Progress};
use sprague::sequence::{Method, NimSequence, Store};
use sprague::takebreak::TakeBreakCode;
use sprague::{Analyzer, Error, Game, Limits, Play, Position, Solver, SumGame};

fn limits(max_table_work: u64) -> Limits {
    Limits {
        max_table_work,
        ..Limits::default()
    }
}

fn store(code: &str) -> Store {
    let moves = TakeBreakCode::parse_octal(code).unwrap().move_set();
    Store::new(code, moves, Method::Fast)
}

/// The values of `code` up to `last`, by the plain method.
fn values(code: &str, last: u64) -> Vec<u64> {
    let moves = TakeBreakCode::parse_octal(code).unwrap().move_set();
    let mut seq = NimSequence::new(code, moves);
    seq.extend_to(last, Method::Plain).unwrap();
    (0..=last).map(|n| seq.get(n).unwrap()).collect()
}

#[test]
fn a_table_of_hours_is_refused_within_its_first_values() {
    // octal:0.007's plain method examines (n - 3) / 2 splits at heap n:
    // heap 9,999,999 would take hours. With a limit of 10^9 options the
    // table to the next look for a period passes it near heap 2^15.
    let p: Position = "octal:0.007 9999999".parse().unwrap();
    let err = Analyzer::new(limits(1_000_000_000))
        .analyze(&p, Play::Normal, Some(1))
        .unwrap_err();
    let Error::TableWorkLimit {
        heap,
        computed,
        through,
        projected,
        limit,
        theorem,
        ..
    } = err.clone()
    else {
        panic!("expected the table work limit, got {err:?}");
    };
    assert_eq!((heap, limit), (9_999_999, 1_000_000_000));
    assert!(theorem, "0.007 is an octal game of finite removals");
    assert!(projected > limit && computed < 100_000, "{err}");
    // The projection runs to the next look for a period, past the table,
    // and is at most the plain method's count of every split to there:
    // Σ (n - 3) / 2 for n up to `through` (the rare-value method may
    // still pay below heap 65,536, and is counted as if it did).
    assert!(through > computed && through < heap, "{err}");
    let to = through as f64;
    let plain = (to - 3.0) * (to - 3.0) / 4.0;
    assert!(
        projected as f64 <= plain * 1.05,
        "{projected} against {plain}"
    );
    assert!(err.is_limit());
    let text = err.to_string();
    assert!(
        text.contains("past the table work limit of 1000000000"),
        "{text}"
    );
    assert!(text.contains("unless a period is proven before"), "{text}");
}

/// Issue 53: a limit that refused what takes no time. Nim as an octal
/// code (`0.3...`, counted windows: a few steps a heap), the primes
/// (about n / ln n options a heap) and a game with a proven period far
/// out are answered at the default limits; a rule's memoised search is
/// held to the limit too (it once ran for minutes under no limit).
#[test]
fn what_takes_no_time_is_answered_at_the_defaults() {
    for (text, value) in [
        ("octal:0.3... 1000000", Some(1_000_000)),
        ("octal:0.3... 9999999", Some(9_999_999)),
        ("sub:primes 100000", None),
        ("sub:squares 1000000", None),
        ("kayles 9999999", None),
        ("octal:0.15 9999999", None),
    ] {
        let p: Position = text.parse().unwrap();
        let a = Analyzer::default()
            .analyze(&p, Play::Normal, Some(1))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        if let Some(v) = value {
            assert_eq!(a.value, Some(v), "{text}");
        }
    }
    // (`rule:0..n-1,split(n)` is Lasker's Nim, `octal:4.3...`, answered by
    // its arithmetic period; this one cannot take a heap away whole.)
    let p: Position = "rule:1..n-1,split(n) 100000".parse().unwrap();
    let err = Analyzer::new(limits(50_000_000))
        .analyze(&p, Play::Normal, Some(1))
        .unwrap_err();
    assert!(matches!(err, Error::RuleWorkLimit { .. }), "{err}");
}

#[test]
fn kayles_far_out_is_answered_by_its_period_within_the_default() {
    let p: Position = "kayles 9999999999 + octal:0.16 999999".parse().unwrap();
    let a = Analyzer::default()
        .analyze(&p, Play::Normal, Some(1))
        .unwrap();
    assert!(a.value.is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Either the value comes back (and it is the plain table's), or the
    /// limit is refused, for a work the method in use projects past it;
    /// and a limit above the whole plain table's options never refuses.
    #[test]
    fn refused_only_when_the_projected_work_passes_the_limit(
        code in prop::sample::select(vec!["0.007", "0.6", "0.137", "4.7", "0.33", "0.3..."]),
        heap in 0u64..3000,
        limit in 0u64..2_000_000,
    ) {
        let mut s = store(code);
        let table = values(code, heap);
        match s.ensure(heap, &limits(limit)) {
            Ok(()) => prop_assert_eq!(s.get(heap), Some(table[heap as usize])),
            Err(Error::TableWorkLimit { computed, projected, .. }) => {
                prop_assert!(computed <= heap);
                prop_assert!(projected > limit);
            }
            Err(e) => prop_assert!(false, "unexpected error {}", e),
        }
        // Every option of every heap (n / 2 splits per split amount, n
        // removals) is more than any method examines.
        let all = (heap + 1) * (heap + 1) * 2 + 8192;
        if all <= limit {
            let mut fresh = store(code);
            prop_assert!(fresh.ensure(heap, &limits(limit)).is_ok());
        }
    }
}

#[test]
fn large_positions_weigh_more_in_the_work_limit() {
    let game = SumGame::default();
    let small: Position = "nim 1 2 3 4 5 6 7".parse().unwrap();
    let sixteen: Position = "nim 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"
        .parse()
        .unwrap();
    assert_eq!(game.weight(&small), 1);
    assert_eq!(game.weight(&sixteen), 3);
    // A Hackenbush tree of 300 edges (a stalk) weighs 1 + 300 / 8.
    let stalk: Position = format!("hackenbush {}", "e".repeat(300)).parse().unwrap();
    assert_eq!(game.weight(&stalk), 38);
    // Node Kayles counts the vertices in play.
    let path: Position = "nodekayles path:40".parse().unwrap();
    assert_eq!(game.weight(&path), 6);
}

#[test]
fn a_misere_search_of_a_large_picture_stops_at_the_weighted_work_limit() {
    // A tree of 48 edges: every option weighs 1 + (edges left) / 8, so the
    // work allowed (5,000 positions × 8 options) runs out after far fewer
    // than 40,000 options, before the state limit.
    let edges: Vec<String> = (1..=48).map(|i| format!("{}-{i}", (i - 1) / 3)).collect();
    let p: Position = format!("hackenbush {}", edges.join(",")).parse().unwrap();
    let mut solver = Solver::new(SumGame::default()).with_max_states(5_000);
    let err = solver.outcome(&p, Play::Misere).unwrap_err();
    assert!(
        matches!(
            err,
            Error::WorkLimit {
                options: 40_000,
                states: 5_000,
                per_state: 8
            }
        ),
        "{err:?}"
    );
    assert!(solver.stored_states() < 5_000);
    assert!(
        err.to_string()
            .contains("an option counts once more for every 8"),
        "{err}"
    );
}

/// A one-heap game that takes 1 or 2 tokens, slowly: a search of it runs
/// long enough to be reported.
struct Slow;

impl Game for Slow {
    type Position = u64;
    type Move = u64;
    fn moves(&self, &heap: &u64) -> Result<Vec<u64>, Error> {
        std::thread::sleep(std::time::Duration::from_millis(2));
        Ok((1..=2).filter(|&t| t <= heap).collect())
    }
    fn play(&self, &heap: &u64, &take: &u64) -> u64 {
        heap - take
    }
}

#[test]
fn the_search_reports_its_progress_toward_its_limits() {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let log = Rc::clone(&seen);
    let value = progress::with_progress(
        move |p: &Progress| log.borrow_mut().push(*p),
        || Solver::new(Slow).with_max_states(1_000).grundy_value(&150),
    );
    assert_eq!(value, Ok(0));
    let seen = seen.borrow();
    assert!(!seen.is_empty(), "150 positions at 2 ms each take 0.3 s");
    for p in seen.iter() {
        let Progress::Search {
            stored,
            max_states,
            work,
            max_work,
        } = *p
        else {
            panic!("{p:?}");
        };
        assert_eq!((max_states, max_work), (1_000, 8_000));
        assert!(stored <= 151 && work <= 2 * 151);
    }
}
