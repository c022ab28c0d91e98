//! The misère-quotient cache is bounded in bytes: past its bound the
//! least recently used quotients are dropped, and the answers stay the
//! same (a dropped quotient is computed again). A test file of its own:
//! the bound is set for the whole process.

use sprague::misere::{cache_bytes, set_cache_limit};
use sprague::{Analyzer, Play, Position};

#[test]
fn the_cache_stays_under_its_bound_and_answers_do_not_change() {
    // Octal games with misère quotients of a few elements to a few dozen.
    let positions = [
        "kayles 12 9 7",
        "dawson 12 9 7",
        "octal:0.26 12 9 7",
        "octal:0.75 12 9 7",
        "octal:0.31 12 9 7",
        "octal:0.52 12 9 7",
        "octal:0.06 12 9 7",
        "octal:0.71 12 9 7",
    ];
    let analyze = |text: &str| {
        let p: Position = text.parse().unwrap();
        Analyzer::default()
            .analyze(&p, Play::Misere, None)
            .map(|a| (a.outcome, a.winning_moves.len()))
            .map_err(|e| e.to_string())
    };
    let unbounded: Vec<_> = positions.iter().map(|p| analyze(p)).collect();
    let all = cache_bytes();
    assert!(all > 0, "quotients are kept");
    let bound = all / 3;
    set_cache_limit(bound);
    assert!(cache_bytes() <= bound, "{} > {bound}", cache_bytes());
    for _ in 0..2 {
        let bounded: Vec<_> = positions.iter().map(|p| analyze(p)).collect();
        assert_eq!(bounded, unbounded);
        assert!(cache_bytes() <= bound, "{} > {bound}", cache_bytes());
    }
    set_cache_limit(0);
    assert_eq!(cache_bytes(), 0);
    let none: Vec<_> = positions.iter().map(|p| analyze(p)).collect();
    assert_eq!(none, unbounded);
    assert_eq!(cache_bytes(), 0, "a bound of 0 keeps nothing");
}
