//! The position parser: what parses prints back and parses to the same
//! printed text; then an analysis with small limits, whose every listed
//! winning move leads to a P-position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::{Analyzer, Limits, Outcome, Play, Position};

/// Limits small enough for an input to take well under a second under
/// the fuzzer's instrumentation (a misère analysis of a take-and-break heap
/// near 1,658 builds its genus table in 0.5 s in a release build, 16 s
/// instrumented).
fn small_limits() -> Limits {
    Limits {
        max_states: 2_000,
        max_table: 500,
        max_period_search: 20_000,
        max_quotient_states: 2_000,
        ..Default::default()
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    let printed = position.to_string();
    let again: Position = printed
        .parse()
        .unwrap_or_else(|e| panic!("{printed:?} (printed from {text:?}) does not parse: {e}"));
    assert_eq!(
        again.to_string(),
        printed,
        "printed form of {text:?} is not stable"
    );

    let analyzer = Analyzer::new(small_limits());
    for play in [Play::Normal, Play::Misere] {
        let Ok(analysis) = analyzer.analyze(&position, play, Some(8)) else {
            continue;
        };
        if analysis.outcome == Outcome::P {
            assert!(
                analysis.winning_moves.is_empty(),
                "{printed} ({play:?}): a P-position with winning moves"
            );
        }
        for mv in &analysis.winning_moves {
            let after = position
                .play(mv)
                .unwrap_or_else(|e| panic!("{printed} ({play:?}): winning move not playable: {e}"));
            if let Ok(a) = analyzer.analyze(&after, play, Some(0)) {
                assert_eq!(
                    a.outcome,
                    Outcome::P,
                    "{printed} ({play:?}): the winning move {} leads to {after}, an N-position",
                    mv.display(&position)
                );
            }
        }
    }
});
