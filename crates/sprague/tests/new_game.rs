//! The walk-through "How to add a game" of ARCHITECTURE.md, followed:
//! a new game written against the small core trait alone ([`Game`]: its
//! position type, its moves, applying one), analysed by the generic search
//! ([`Solver`]), then made a ruleset with one call ([`Ruleset::from_game`])
//! that sums with the built-in rulesets and is analysed like them.
//!
//! The game is subtract-a-power-of-two: one heap, a move takes 1, 2, 4, 8,
//! ... tokens. Powers of two are never multiples of 3 (2^k mod 3 is 1 or
//! 2), so from a multiple of 3 every move leaves a heap that is not one,
//! and from any other heap taking 1 or 2 reaches one: G(n) = n mod 3, which
//! the built-in `sub:pow2` knows too.

use sprague::ruleset::game::Played;
use sprague::{
    Analyzer, Component, Error, Game, Outcome, Play, Position, PositionData, Ruleset, Solver,
};

/// Subtract-a-power-of-two, as a move generator.
struct PowersOfTwo;

impl Game for PowersOfTwo {
    /// The heap.
    type Position = u64;
    /// The number of tokens taken.
    type Move = u64;

    fn moves(&self, &heap: &u64) -> Result<Vec<u64>, Error> {
        Ok((0..64)
            .map(|k| 1u64 << k)
            .take_while(|&s| s <= heap)
            .collect())
    }

    fn play(&self, &heap: &u64, &take: &u64) -> u64 {
        heap - take
    }
}

#[test]
fn the_generic_search_values_the_new_game_by_its_theorem() {
    let mut solver = Solver::new(PowersOfTwo);
    for n in 0..=200 {
        assert_eq!(solver.grundy_value(&n).unwrap(), n % 3, "heap {n}");
        let outcome = solver.outcome(&n, Play::Normal).unwrap();
        assert_eq!(outcome == Outcome::P, n % 3 == 0, "heap {n}");
    }
}

#[test]
fn the_new_game_as_a_ruleset_sums_with_the_built_in_ones() {
    let ours = Ruleset::from_game("pow2-sub", PowersOfTwo);
    let builtin: Ruleset = "sub:pow2".parse().unwrap();
    let analyzer = Analyzer::default();
    for n in 0..=40 {
        let heap = Component::with_args(ours.clone(), Played(n).into_args()).unwrap();
        let alone = Position::new(vec![heap.clone()]);
        assert_eq!(
            analyzer.grundy_value(&alone).unwrap(),
            builtin.heap_value(n, &Default::default()).unwrap(),
            "heap {n}"
        );
        // A sum with Nim: P exactly when the values cancel.
        let nim: Position = "nim 2".parse().unwrap();
        let mut parts = vec![heap];
        parts.extend(nim.components().iter().cloned());
        let sum = Position::new(parts);
        let a = analyzer.analyze(&sum, Play::Normal, None).unwrap();
        assert_eq!(a.outcome == Outcome::P, n % 3 == 2, "heap {n} + nim 2");
        for mv in &a.winning_moves {
            let after = sum.play(mv).unwrap();
            assert_eq!(analyzer.grundy_value(&after).unwrap(), 0, "{after}");
        }
    }
}
