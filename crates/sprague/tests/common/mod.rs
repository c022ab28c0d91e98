//! Helpers shared by the tests that compare an analysis with the generic
//! search.

use sprague::{Move, Play, Position, Solver, SumGame};

/// The positions `moves` lead to from `p`, printed and sorted: two lists
/// of winning moves agree when they lead to the same positions.
pub fn afters(p: &Position, moves: &[Move]) -> Vec<String> {
    let mut after: Vec<String> = moves
        .iter()
        .map(|m| p.play(m).unwrap().to_string())
        .collect();
    after.sort();
    after
}

/// The positions after every winning move the generic search finds from
/// `p` under `play`, printed and sorted.
pub fn searched_afters(solver: &mut Solver<SumGame>, p: &Position, play: Play) -> Vec<String> {
    afters(p, &solver.winning_moves(p, play).unwrap())
}
