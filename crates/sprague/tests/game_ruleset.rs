//! A game given in code as a ruleset (`Ruleset::from_game`): valued,
//! analysed, summed with built-in rulesets and played through the one
//! search engine, with every winning move checked against the `Solver`.

use sprague::ruleset::game::Played;
use sprague::{
    movetext, Analyzer, Component, Error, Game, Limits, Outcome, Play, Position, PositionData,
    Ruleset, Solver, SumGame,
};

/// Fibonacci Nim: a heap and the most the next move may take (the first
/// move may take all but one); taking k lets the next player take 2k.
struct FibonacciNim;

impl Game for FibonacciNim {
    type Position = (u64, u64);
    type Move = u64;
    fn moves(&self, &(n, m): &(u64, u64)) -> Result<Vec<u64>, Error> {
        Ok((1..=m.min(n)).collect())
    }
    fn play(&self, &(n, _): &(u64, u64), &k: &u64) -> (u64, u64) {
        (n - k, (2 * k).min(n - k))
    }
}

/// Whinihan (1963): (n, m), n > 0, is a P-position exactly when the
/// smallest term of the Zeckendorf representation of n is above m.
fn is_p(n: u64, m: u64) -> bool {
    if n == 0 {
        return true;
    }
    let mut fibs = vec![1u64, 2];
    while *fibs.last().unwrap() <= n {
        let k = fibs.len();
        fibs.push(fibs[k - 1] + fibs[k - 2]);
    }
    let (mut rest, mut last) = (n, 0);
    for &f in fibs.iter().rev() {
        if f <= rest {
            rest -= f;
            last = f;
        }
    }
    last > m
}

fn heap(ruleset: &Ruleset, n: u64, m: u64) -> Component {
    Component::with_args(ruleset.clone(), Played((n, m)).into_args()).unwrap()
}

#[test]
fn fibonacci_nim_as_a_ruleset_agrees_with_zeckendorf_and_the_solver() {
    let fib = Ruleset::from_game("fibnim", FibonacciNim);
    let analyzer = Analyzer::default();
    for n in 0..=40 {
        for m in 1..n.max(2) {
            let p = Position::new(vec![heap(&fib, n, m)]);
            let a = analyzer.analyze(&p, Play::Normal, None).unwrap();
            assert_eq!(a.outcome == Outcome::P, is_p(n, m), "({n}, {m})");
            for mv in &a.winning_moves {
                let after = p.play(mv).unwrap();
                let c = &after.components()[0];
                let &Played((n2, m2)) = Played::from_args(c.args()).unwrap();
                assert!(is_p(n2, m2), "({n}, {m}) -> ({n2}, {m2})");
            }
            let all_p = p
                .moves(&Limits::default())
                .unwrap()
                .into_iter()
                .filter(|mv| {
                    let after = p.play(mv).unwrap();
                    let &Played((n2, m2)) =
                        Played::from_args(after.components()[0].args()).unwrap();
                    is_p(n2, m2)
                })
                .count();
            assert_eq!(a.winning_moves.len(), all_p, "({n}, {m})");
        }
    }
}

#[test]
fn a_game_in_code_sums_with_nim_and_plays_under_misere_play() {
    let fib = Ruleset::from_game("fibnim", FibonacciNim);
    let nim: Position = "nim 3".parse().unwrap();
    let p = Position::new(vec![heap(&fib, 10, 9), nim.components()[0].clone()]);
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    let mut solver = Solver::new(SumGame::new(Limits::default()));
    assert_eq!(a.value, Some(solver.grundy_value(&p).unwrap()));
    for mv in &a.winning_moves {
        let after = p.play(mv).unwrap();
        assert_eq!(solver.outcome(&after, Play::Normal).unwrap(), Outcome::P);
        // Each winning move reads back from its text.
        let text = movetext::write(&p, mv);
        assert_eq!(&movetext::parse(&p, &text).unwrap(), mv, "{text}");
    }
    let m = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
    assert_eq!(m.outcome, solver.outcome(&p, Play::Misere).unwrap());
    assert!(p.to_string().starts_with("fibnim (10, 9) + nim 3"));
    // The move help shows the game's moves by number, each legal.
    let help = movetext::help(&p);
    assert!(help.contains("fibnim (a game given in code"), "{help}");
    assert!(movetext::parse(&p, "c1 move 1").is_ok());
    // A move past the game's list is refused, naming it.
    let err = movetext::parse(&p, "c1 move 99").unwrap_err().to_string();
    assert!(err.contains("no move 99"), "{err}");
}
