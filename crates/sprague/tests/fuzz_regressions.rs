//! Faults found by the fuzz targets in `fuzz/` (scripts/fuzz.sh), each kept
//! as the smallest input that showed it.

use sprague::{Analyzer, Limits, Outcome, Play, Position};

fn small_limits() -> Limits {
    Limits {
        max_states: 2_000,
        max_table: 2_000,
        max_period_search: 20_000,
        max_table_work: 1_000_000,
        max_quotient_states: 2_000,
        max_memory: None,
    }
}

/// A table limit whose square root is below 64 made the Wythoff table's
/// size a `clamp(64, 44)`, which panics (found by the `position` target;
/// `sprague analyze --max-table 1000 "wythoff 2 4"` exited 101).
#[test]
fn wythoff_under_a_small_table_limit() {
    let p: Position = "wythoff 2 4".parse().unwrap();
    for max_table in [0, 1, 4, 1_000, 2_000, 4_095, 4_096] {
        let limits = Limits {
            max_table,
            ..small_limits()
        };
        match Analyzer::new(limits).analyze(&p, Play::Normal, None) {
            Ok(a) => assert_eq!(a.outcome, Outcome::N),
            Err(e) => assert!(e.is_limit(), "max_table {max_table}: {e}"),
        }
    }
    let p: Position = "wythoff 2 4 + nim 1".parse().unwrap();
    let a = Analyzer::new(small_limits())
        .analyze(&p, Play::Normal, None)
        .unwrap();
    for mv in &a.winning_moves {
        let after = p.play(mv).unwrap();
        let b = Analyzer::new(small_limits())
            .analyze(&after, Play::Normal, Some(0))
            .unwrap();
        assert_eq!(b.outcome, Outcome::P, "{after}");
    }
}
