//! A game with cycles given in code (`Ruleset::from_game`): the search for
//! Grundy values stops at the first repeated position (`Error::Cycle`)
//! and the analyzer answers with generalized values, alone and in sums,
//! checked against a brute force over the whole sum graph.

use std::collections::HashMap;

use sprague::ruleset::game::Played;
use sprague::{
    Analyzer, Component, Error, Game, Outcome, Play, Position, PositionData, Ruleset, Solver,
};

/// A token on the numbers 0..n: from k > 0 it moves to 2k mod n, and to
/// k + 3 mod n when k is not a multiple of 5; 0 is the end.
#[derive(Clone, Copy)]
struct Ring(u32);

impl Game for Ring {
    type Position = u32;
    type Move = u32;
    fn moves(&self, &k: &u32) -> Result<Vec<u32>, Error> {
        if k == 0 {
            return Ok(vec![]);
        }
        let mut m = vec![(2 * k) % self.0];
        if k % 5 != 0 {
            m.push((k + 3) % self.0);
        }
        m.dedup();
        Ok(m)
    }
    fn play(&self, _: &u32, &to: &u32) -> u32 {
        to
    }
}

fn token(r: &Ruleset, k: u32) -> Component {
    Component::with_args(r.clone(), Played(k).into_args()).unwrap()
}

/// Outcomes of the sum of a token of `ring` and a nim heap, by iterating
/// the definitions to a fixed point over every (token, heap) pair.
fn brute(ring: Ring, heap: u32) -> HashMap<(u32, u32), Outcome> {
    let mut o: HashMap<(u32, u32), Outcome> = HashMap::new();
    let opts = |(k, h): (u32, u32)| -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = ring
            .moves(&k)
            .unwrap()
            .into_iter()
            .map(|t| (t, h))
            .collect();
        v.extend((0..h).map(|x| (k, x)));
        v
    };
    loop {
        let mut changed = false;
        for k in 0..ring.0 {
            for h in 0..=heap {
                if o.contains_key(&(k, h)) {
                    continue;
                }
                let os = opts((k, h));
                let new = if os.iter().any(|p| o.get(p) == Some(&Outcome::P)) {
                    Outcome::N
                } else if os.iter().all(|p| o.get(p) == Some(&Outcome::N)) {
                    Outcome::P
                } else {
                    continue;
                };
                o.insert((k, h), new);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for k in 0..ring.0 {
        for h in 0..=heap {
            o.entry((k, h)).or_insert(Outcome::D);
        }
    }
    o
}

#[test]
fn a_three_node_cycle_is_found_at_once() {
    // A plain 3-cycle 0 → 1 → 2 → 0: a draw from anywhere.
    struct Three;
    impl Game for Three {
        type Position = u8;
        type Move = u8;
        fn moves(&self, &k: &u8) -> Result<Vec<u8>, Error> {
            Ok(vec![(k + 1) % 3])
        }
        fn play(&self, _: &u8, &to: &u8) -> u8 {
            to
        }
    }
    let mut solver = Solver::new(Three);
    assert_eq!(solver.grundy_value(&0), Err(Error::Cycle));
    let r = Ruleset::from_game("three", Three);
    let p = Position::new(vec![
        Component::with_args(r, Played(0u8).into_args()).unwrap()
    ]);
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    assert_eq!(a.outcome, Outcome::D);
    assert_eq!(a.loopy.unwrap().drawing_moves.len(), 1);
}

#[test]
fn a_ring_alone_and_beside_nim_3_against_brute_force() {
    let mut seen = std::collections::HashSet::new();
    for n in [7u32, 10, 16, 25] {
        let ring = Ring(n);
        let r = Ruleset::from_game("ring", ring);
        let nim: Position = "nim 3".parse().unwrap();
        let table = brute(ring, 3);
        for k in 0..n {
            for heap in [0u32, 3] {
                let mut comps = vec![token(&r, k)];
                if heap == 3 {
                    comps.push(nim.components()[0].clone());
                }
                let p = Position::new(comps);
                let a = Analyzer::default()
                    .with_remoteness(heap == 0)
                    .analyze(&p, Play::Normal, None)
                    .unwrap();
                assert_eq!(a.outcome, table[&(k, heap)], "ring {n} at {k}, heap {heap}");
                seen.insert(a.outcome);
                // Every winning move leads to a P-position, every drawing
                // move to a D-position, and there are as many as the brute
                // force finds.
                let after_class = |mv: &sprague::Move| {
                    let q = p.play(mv).unwrap();
                    let text = q.to_string();
                    let h = if heap == 3 {
                        text.rsplit(' ').next().unwrap().parse::<u32>().unwrap()
                    } else {
                        0
                    };
                    let args = q.components()[0].args();
                    let t = Played::<u32>::from_args(args).unwrap().0;
                    table[&(t, h)]
                };
                for mv in &a.winning_moves {
                    assert_eq!(after_class(mv), Outcome::P);
                }
                let mut want_win = 0;
                let mut want_draw = 0;
                let mut opts: Vec<(u32, u32)> = ring
                    .moves(&k)
                    .unwrap()
                    .into_iter()
                    .map(|t| (t, heap))
                    .collect();
                opts.extend((0..heap).map(|x| (k, x)));
                for o in opts {
                    match table[&o] {
                        Outcome::P => want_win += 1,
                        Outcome::D => want_draw += 1,
                        Outcome::N => {}
                    }
                }
                assert_eq!(
                    a.winning_moves.len(),
                    want_win,
                    "ring {n} at {k}, heap {heap}"
                );
                let drawing = a
                    .loopy
                    .as_ref()
                    .map_or(Vec::new(), |l| l.drawing_moves.clone());
                for mv in &drawing {
                    assert_eq!(after_class(mv), Outcome::D);
                }
                if a.outcome == Outcome::D {
                    assert_eq!(drawing.len(), want_draw, "ring {n} at {k}, heap {heap}");
                }
                if heap == 0 {
                    assert_eq!(a.remoteness.unwrap().is_none(), a.outcome == Outcome::D);
                }
            }
        }
    }
    // The rings have P-, N- and D-positions.
    assert_eq!(seen.len(), 3, "{seen:?}");
}
