//! Misère play beyond Nim: genus, tame sums and misère quotients, each
//! checked against the generic search by the definitions (`Solver`).

use sprague::misere::{genus_table, Genus, Quotient, QuotientLimits, TameKind};
use sprague::{
    Analyzer, Basis, Component, Limits, Outcome, Play, Position, Ruleset, Solver, SumGame,
};

fn ruleset(word: &str) -> Ruleset {
    word.parse().unwrap()
}

/// A position of one component of `word` with `heaps`, plus a Nim
/// component with `extra` heaps (left out when empty).
fn with_nim(word: &str, heaps: &[u64], extra: &[u64]) -> Position {
    let mut components = vec![Component::new(ruleset(word), heaps.to_vec()).unwrap()];
    if !extra.is_empty() {
        components.push(Component::new(Ruleset::nim(), extra.to_vec()).unwrap());
    }
    Position::new(components)
}

/// The misère Grundy value of `position` by search: the one `m` for which
/// `position + *m` is a misère P-position (checked unique below `limit`).
fn searched_misere_value(
    solver: &mut Solver<SumGame>,
    word: &str,
    heaps: &[u64],
    twos: usize,
) -> u64 {
    let limit = 24;
    let mut found = None;
    for m in 0..limit {
        let mut extra = vec![2; twos];
        extra.push(m);
        let p = with_nim(word, heaps, &extra);
        if solver.outcome(&p, Play::Misere).unwrap() == Outcome::P {
            assert!(found.is_none(), "{word} {heaps:?} + {twos}·*2: two values");
            found = Some(m);
        }
    }
    found.unwrap_or_else(|| panic!("{word} {heaps:?} + {twos}·*2: no value below {limit}"))
}

/// Every heap's genus in the table up to `to`, checked entry by entry by
/// search: g by the Grundy value, γk for k up to the written length + 2 by
/// the misère values of the heap plus k copies of *2.
fn check_genus_by_search(word: &str, to: u64) -> Vec<String> {
    let r = ruleset(word);
    let table = genus_table(&r, to, &Limits::default()).unwrap();
    let mut solver = Solver::new(SumGame::default());
    let mut written = Vec::new();
    for h in &table.heaps {
        let p = with_nim(word, &[h.heap], &[]);
        assert_eq!(
            solver.grundy_value(&p).unwrap(),
            h.genus.normal(),
            "{word} {}",
            h.heap
        );
        for k in 0..h.genus.superscript().len() + 2 {
            let v = searched_misere_value(&mut solver, word, &[h.heap], k);
            assert_eq!(v, h.genus.gamma(k), "{word} {}: γ{k}", h.heap);
        }
        written.push(h.genus.to_string());
    }
    written
}

#[test]
fn nim_heaps_have_conways_genera() {
    let w: Vec<String> = (0..4).map(|n| Genus::nim(n).to_string()).collect();
    assert_eq!(w, ["0^120", "1^031", "2^20", "3^31"]);
    // And the table of the ruleset nim says the same, checked by search.
    assert_eq!(
        check_genus_by_search("nim", 5)[..4],
        ["0^120", "1^031", "2^20", "3^31"]
    );
}

#[test]
fn kayles_genus_to_12_checked_by_search() {
    let written = check_genus_by_search("kayles", 12);
    assert_eq!(written[5], "4^146");
}

/// About a minute in a debug build: `cargo test -- --ignored`.
#[test]
#[ignore]
fn kayles_genus_to_20_checked_by_search_slow() {
    let written = check_genus_by_search("kayles", 20);
    assert_eq!(
        written[..10],
        ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31", "2^20", "1^13", "4^046"]
    );
    let t = genus_table(&ruleset("kayles"), 20, &Limits::default()).unwrap();
    assert_eq!(t.first_wild(), Some(5));
}

#[test]
fn tame_game_genus_checked_by_search() {
    // sub:1,2 and octal:0.31 are tame at every heap computed; Dawson's
    // Kayles up to heap 9.
    for word in ["sub:1,2", "octal:0.31", "dawson"] {
        check_genus_by_search(word, 12);
    }
    let t = genus_table(&ruleset("sub:1,2"), 40, &Limits::default()).unwrap();
    assert_eq!(t.first_wild(), None);
    let t = genus_table(&ruleset("dawson"), 12, &Limits::default()).unwrap();
    assert_eq!(t.first_wild(), Some(10));
}

#[test]
fn genus_sum_rule_matches_the_recursion() {
    // A sum of tame genera by the rule equals the genus of the Nim
    // position computed from its options.
    assert_eq!(
        TameKind::sum([TameKind::Large(2), TameKind::Large(2)])
            .genus()
            .to_string(),
        "0^02"
    );
    assert_eq!(
        TameKind::sum([TameKind::Small(true), TameKind::Small(true)]).genus(),
        Genus::nim(0)
    );
    // *2 + *2 has options *2 + *1 (3^31) and *2 (2^20).
    let g = Genus::of_options(&[&Genus::nim(3), &Genus::nim(2)]);
    assert_eq!(g.to_string(), "0^02");
}

/// Every sum of up to `heaps` heaps of sizes `1..=max` of `word`, as a
/// list of heap lists (non-decreasing).
fn sums(max: u64, heaps: usize) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..heaps {
        let mut next = Vec::new();
        for s in &frontier {
            let from = s.last().copied().unwrap_or(1);
            for h in from..=max {
                let mut t: Vec<u64> = s.clone();
                t.push(h);
                next.push(t);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// The analyzer's misère answer against the search on every sum: outcome
/// and the complete list of winning moves; returns the bases used.
fn check_misere_against_search(word: &str, max: u64, heaps: usize) -> Vec<Basis> {
    let analyzer = Analyzer::default();
    let mut solver = Solver::new(SumGame::default());
    let mut bases = Vec::new();
    for s in sums(max, heaps) {
        let p = with_nim(word, &s, &[]);
        let a = analyzer.analyze(&p, Play::Misere, None).unwrap();
        let want = solver.outcome(&p, Play::Misere).unwrap();
        assert_eq!(a.outcome, want, "{p}");
        let mut got: Vec<String> = a
            .winning_moves
            .iter()
            .map(|m| p.play(m).unwrap().canonical_text())
            .collect();
        let mut expected: Vec<String> = solver
            .winning_moves(&p, Play::Misere)
            .unwrap()
            .iter()
            .map(|m| p.play(m).unwrap().canonical_text())
            .collect();
        got.sort();
        expected.sort();
        assert_eq!(got, expected, "{p}: winning moves ({})", a.basis);
        assert!(!a.truncated());
        if !bases.contains(&a.basis) {
            bases.push(a.basis);
        }
    }
    bases
}

trait CanonicalText {
    fn canonical_text(&self) -> String;
}

impl CanonicalText for Position {
    /// The position with each component's heaps sorted, empty heaps
    /// dropped: two moves to the same position compare equal.
    fn canonical_text(&self) -> String {
        self.components()
            .iter()
            .map(|c| {
                let mut h: Vec<u64> = c.heaps().iter().copied().filter(|&h| h > 0).collect();
                h.sort_unstable();
                format!("{} {h:?}", c.ruleset())
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

#[test]
fn tame_sums_agree_with_search() {
    let bases = check_misere_against_search("sub:1,2", 9, 4);
    assert_eq!(bases, [Basis::Genus]);
    let bases = check_misere_against_search("dawson", 9, 3);
    assert_eq!(bases, [Basis::Genus]);
}

#[test]
fn tame_sums_mixed_with_nim_agree_with_search() {
    let analyzer = Analyzer::default();
    let mut solver = Solver::new(SumGame::default());
    for a in 0..=7 {
        for b in 0..=7 {
            for n in 0..=4 {
                let p: Position = format!("sub:1,2 {a} {b} + nim {n} 2").parse().unwrap();
                let got = analyzer.analyze(&p, Play::Misere, None).unwrap();
                assert_eq!(got.basis, Basis::Genus);
                assert_eq!(
                    got.outcome,
                    solver.outcome(&p, Play::Misere).unwrap(),
                    "{p}"
                );
                let mut w: Vec<String> = got
                    .winning_moves
                    .iter()
                    .map(|m| p.play(m).unwrap().canonical_text())
                    .collect();
                let mut e: Vec<String> = solver
                    .winning_moves(&p, Play::Misere)
                    .unwrap()
                    .iter()
                    .map(|m| p.play(m).unwrap().canonical_text())
                    .collect();
                w.sort();
                e.sort();
                assert_eq!(w, e, "{p}");
            }
        }
    }
}

#[test]
fn quotient_orders_of_the_issue() {
    let q =
        |w: &str, n: u64| Quotient::compute(&ruleset(w), n, &QuotientLimits::default()).unwrap();
    assert_eq!(q("nim", 1).order(), 2);
    let nim3 = q("nim", 3);
    assert_eq!(nim3.order(), 6);
    assert_eq!(nim3.p_portion().len(), 2);
    assert_eq!(q("octal:0.75", 12).order(), 8);
    assert_eq!(q("kayles", 4).order(), 6);
    for (w, n) in [
        ("nim", 6),
        ("kayles", 8),
        ("dawson", 9),
        ("octal:0.75", 20),
        ("sub:1,2", 10),
    ] {
        let order = q(w, n).order();
        assert_eq!(order % 2, 0, "{w} to {n}: order {order} is odd");
    }
}

/// The analyzer's misère answer against the search on one sum: outcome and
/// the complete list of winning moves; returns the basis.
fn check_one(analyzer: &Analyzer, solver: &mut Solver<SumGame>, p: &Position) -> Basis {
    let a = analyzer.analyze(p, Play::Misere, None).unwrap();
    assert_eq!(a.outcome, solver.outcome(p, Play::Misere).unwrap(), "{p}");
    let mut got: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| p.play(m).unwrap().canonical_text())
        .collect();
    let mut expected: Vec<String> = solver
        .winning_moves(p, Play::Misere)
        .unwrap()
        .iter()
        .map(|m| p.play(m).unwrap().canonical_text())
        .collect();
    got.sort();
    expected.sort();
    assert_eq!(got, expected, "{p}: winning moves ({})", a.basis);
    a.basis
}

/// Every sum of up to three heaps up to `bound`, and `random` sums of four
/// or five heaps up to `bound` (seeded), against the search; every answer
/// must come from a quotient (or genus, where every heap is tame).
fn check_quotient_sums(word: &str, bound: u64, random: usize) {
    use rand::{Rng, SeedableRng};
    let analyzer = Analyzer::default();
    let mut solver = Solver::new(SumGame::default());
    let mut positions: Vec<Vec<u64>> = sums(bound, 3);
    let mut rng = rand::rngs::StdRng::seed_from_u64(14);
    for _ in 0..random {
        let k = rng.random_range(4..=5);
        positions.push((0..k).map(|_| rng.random_range(0..=bound)).collect());
    }
    let mut quotient = false;
    for s in positions {
        let p = with_nim(word, &s, &[]);
        let basis = check_one(&analyzer, &mut solver, &p);
        assert!(
            matches!(
                basis,
                Basis::Quotient { .. } | Basis::RefinedQuotient { .. } | Basis::Genus
            ),
            "{p}: {basis:?}"
        );
        quotient |= matches!(basis, Basis::Quotient { .. });
    }
    assert!(quotient, "{word}: no sum was decided in a quotient");
}

#[test]
fn kayles_quotient_sums_agree_with_search() {
    check_quotient_sums("kayles", 10, 15);
}

#[test]
fn dawson_quotient_sums_agree_with_search() {
    check_quotient_sums("dawson", 12, 15);
}

#[test]
fn octal_0_75_quotient_sums_agree_with_search() {
    check_quotient_sums("octal:0.75", 10, 15);
}

/// Every sum of up to five heaps up to each bound, against the search
/// (minutes in a debug build: `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn quotient_sums_of_five_heaps_agree_with_search_slow() {
    for (word, bound) in [("kayles", 12), ("dawson", 14), ("octal:0.75", 12)] {
        let analyzer = Analyzer::default();
        let mut solver = Solver::new(SumGame::default()).with_max_states(50_000_000);
        for s in sums(bound, 5) {
            let p = with_nim(word, &s, &[]);
            check_one(&analyzer, &mut solver, &p);
        }
    }
}

#[test]
fn split_classes_are_kept_apart() {
    // Kayles up to heap 8: heap 5 squared is the identity; heap 9 tells
    // 5 + 5 from nothing, so the quotient to heap 9 keeps them apart.
    let q = |n: u64| Quotient::compute(&ruleset("kayles"), n, &QuotientLimits::default()).unwrap();
    let k8 = q(8);
    assert_eq!(k8.element_of(&[5, 5]), Some(0));
    let k9 = q(9);
    assert_ne!(k9.element_of(&[5, 5]), Some(0));
    assert_eq!((k8.order(), k9.order(), q(12).order()), (12, 18, 24));
}

/// Dawson's Kayles splits a class at heap 25 (its quotient to heap 24 has
/// order 24; heap 25 tells apart sums that no smaller heap does), which the
/// refinement construction handles: sums with heap 25 or 26 agree with the
/// search, outcome and every winning move, and the orders are even.
#[test]
fn dawson_sums_past_the_split_at_25_agree_with_search() {
    let q = |n: u64| Quotient::compute(&ruleset("dawson"), n, &QuotientLimits::default()).unwrap();
    assert_eq!(q(24).order(), 24);
    let q26 = q(26);
    assert_eq!(q26.order() % 2, 0, "order {}", q26.order());
    assert!(q26.order() > 24);
    let analyzer = Analyzer::default();
    let mut solver = Solver::new(SumGame::default());
    let mut decided = 0;
    for big in [25, 26] {
        for s in sums(6, 2) {
            let mut heaps = vec![big];
            heaps.extend(s);
            let p = with_nim("dawson", &heaps, &[]);
            let basis = check_one(&analyzer, &mut solver, &p);
            decided += usize::from(matches!(
                basis,
                Basis::Quotient { .. } | Basis::RefinedQuotient { .. }
            ));
        }
    }
    for heaps in [[25, 21, 4], [26, 17, 9], [25, 25, 2]] {
        let p = with_nim("dawson", &heaps, &[]);
        let basis = check_one(&analyzer, &mut solver, &p);
        decided += usize::from(matches!(
            basis,
            Basis::Quotient { .. } | Basis::RefinedQuotient { .. }
        ));
    }
    assert!(decided > 40, "{decided} sums decided in a quotient");
}

/// Kayles sums with one heap from 29 to 45 (past the last class split the
/// quotient construction meets, at heap 28, where its order reaches 40)
/// and up to two heaps up to 4: the quotient's outcome and every winning
/// move against the search (a minute in a release build: `cargo test
/// --release -p sprague --test misere -- --ignored`).
#[test]
#[ignore]
fn kayles_sums_with_heaps_past_28_agree_with_search_slow() {
    let analyzer = Analyzer::default();
    let mut solver = Solver::new(SumGame::default()).with_max_states(50_000_000);
    let mut decided = 0;
    for big in 29..=45 {
        for s in sums(4, 2) {
            let mut heaps = vec![big];
            heaps.extend(s);
            let p = with_nim("kayles", &heaps, &[]);
            let basis = check_one(&analyzer, &mut solver, &p);
            decided += usize::from(matches!(
                basis,
                Basis::Quotient { .. } | Basis::RefinedQuotient { .. }
            ));
        }
    }
    assert!(decided > 100, "{decided} sums decided in a quotient");
}

/// Siegel: the misère quotient of Dawson's Kayles (0.07) to heap 30 has
/// order 360 (MisereSolver, `misere.jar 0.07 -maxheap 30`). About 40
/// seconds and 690 MB in a release build (`cargo test --release -p sprague
/// --test misere -- --ignored`), far more in a debug one.
#[test]
#[ignore]
fn dawson_quotient_to_30_has_order_360_slow() {
    let limits = QuotientLimits {
        max_states: 5_000_000,
        ..QuotientLimits::default()
    };
    let q = Quotient::compute(&ruleset("dawson"), 30, &limits).unwrap();
    assert_eq!(q.order(), 360);
    assert_eq!(q.order() % 2, 0);
    // The refined quotient (the small heaps' quotient refined by the large
    // ones) against this one, outcome and every winning move, on sums of
    // one or two heaps from 25 to 30 (past the split at 25) and up to four
    // heaps up to 24, the issue's example first.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(30);
    let mut cases: Vec<Vec<u64>> = vec![vec![5, 9, 17, 21, 30, 2]];
    for _ in 0..300 {
        let mut heaps: Vec<u64> = (0..rng.random_range(1..=2))
            .map(|_| rng.random_range(25..=30))
            .collect();
        heaps.extend((0..rng.random_range(1..=4)).map(|_| rng.random_range(0..=24)));
        cases.push(heaps);
    }
    let analyzer = Analyzer::default();
    let mut refined = 0;
    let mut stopped = Vec::new();
    for heaps in cases {
        let p = with_nim("dawson", &heaps, &[]);
        let a = match analyzer.analyze(&p, Play::Misere, None) {
            Ok(a) => a,
            // Sums with many heaps above 20 can pass every limit.
            Err(e @ sprague::Error::MisereLimit { .. }) => {
                stopped.push(format!("{p}: {e}"));
                continue;
            }
            Err(e) => panic!("{p}: {e}"),
        };
        refined += usize::from(matches!(a.basis, Basis::RefinedQuotient { .. }));
        let in_p = |hs: &[u64]| q.is_p(q.element_of(hs).unwrap());
        assert_eq!(a.outcome == Outcome::P, in_p(&heaps), "{p}");
        let in_p = |after: &Position| {
            let hs: Vec<u64> = after
                .components()
                .iter()
                .flat_map(|c| c.heaps().iter().copied())
                .collect();
            in_p(&hs)
        };
        let mut got: Vec<String> = a
            .winning_moves
            .iter()
            .map(|m| p.play(m).unwrap().canonical_text())
            .collect();
        let mut expected: Vec<String> = p
            .moves(&Limits::default())
            .unwrap()
            .iter()
            .map(|m| p.play(m).unwrap())
            .filter(|after| in_p(after))
            .map(|after| after.canonical_text())
            .collect();
        got.sort();
        got.dedup();
        expected.sort();
        expected.dedup();
        assert_eq!(got, expected, "{p}: winning moves ({})", a.basis);
    }
    assert!(
        refined > 50,
        "{refined} sums decided by the refined quotient"
    );
}

/// Octal 0.57 to heap 40 (issue 54's survey of the two-digit games): the
/// powers of heap 3 do not repeat within the default 12 copies, so the
/// construction stops; with cycles up to 32 it finds the quotient, order
/// 122 with a P-portion of 30, as MisereSolver finds, and every sum of up
/// to three heaps up to 12 is decided as the search decides it. About 30 s
/// of CPU in a release build (`cargo test --release -p sprague --test
/// misere -- --ignored`), far more in a debug one.
#[test]
#[ignore]
fn octal_0_57_quotient_to_40_needs_longer_cycles_slow() {
    let short = Quotient::compute(&ruleset("octal:0.57"), 40, &QuotientLimits::default());
    let err = short.unwrap_err().to_string();
    assert!(err.contains(sprague::misere::NO_REPEAT), "{err}");
    let longer = QuotientLimits {
        max_cycle: 32,
        ..QuotientLimits::default()
    };
    let q = Quotient::compute(&ruleset("octal:0.57"), 40, &longer).unwrap();
    assert_eq!((q.order(), q.p_portion().len()), (122, 30));
    let mut solver = Solver::new(SumGame::default());
    for s in sums(12, 3) {
        let p = with_nim("octal:0.57", &s, &[]);
        let searched = solver.outcome(&p, Play::Misere).unwrap() == Outcome::P;
        let e = q.element_of(&s).unwrap();
        assert_eq!(q.is_p(e), searched, "{p}");
    }
}

/// Where the powers of a heap do not repeat within the cycle bound, the
/// construction stops and says so, naming the bound it tried (octal 0.76:
/// heap 7's copies), never a guessed quotient.
#[test]
fn a_quotient_whose_powers_do_not_repeat_stops_naming_the_cycle_bound() {
    for cycle in [12, 16] {
        let limits = QuotientLimits {
            max_cycle: cycle,
            ..QuotientLimits::default()
        };
        let err = Quotient::compute(&ruleset("octal:0.76"), 12, &limits)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("1 to {cycle} {}", sprague::misere::NO_REPEAT)),
            "{err}"
        );
    }
}

#[test]
fn known_answer_lines_use_the_new_bases() {
    let analyzer = Analyzer::default();
    for (text, basis) in [
        ("dawson 9 8 7", "genus"),
        ("sub:1,2 100 7 + nim 5", "genus"),
        ("kayles 4 4 + nim 2", "genus"),
        ("kayles 8 8 7 6 5 + kayles 3", "quotient"),
        ("octal:0.75 12 7 + octal:0.75 2", "quotient"),
        ("kayles 12 9 5", "quotient"),
        ("dawson 12 12 3", "quotient"),
    ] {
        let p: Position = text.parse().unwrap();
        let a = analyzer.analyze(&p, Play::Misere, None).unwrap();
        assert_eq!(a.basis.word(), basis, "{text}");
    }
}

#[test]
fn tame_kinds_by_a_proven_period_match_the_table() {
    use sprague::misere::tame_kinds;
    for word in ["sub:1,2", "octal:0.31", "octal:0.12", "sub:1,3,4"] {
        let r = ruleset(word);
        let Some(by_period) = tame_kinds(&r, u64::MAX, &Limits::default()).unwrap() else {
            continue;
        };
        let period = by_period.period().expect("a period for a huge heap");
        let table = genus_table(&r, 2100, &Limits::default()).unwrap();
        for h in &table.heaps {
            assert!(h.tame, "{word} {}", h.heap);
            assert_eq!(
                by_period.kind(h.heap),
                h.genus.tame_kind(),
                "{word} {}",
                h.heap
            );
        }
        // A huge heap answers as the heap its period reduces it to.
        let huge = u64::MAX - 5;
        assert_eq!(by_period.kind(huge), by_period.kind(period.reduce(huge)));
    }
}

#[test]
fn huge_tame_heaps_are_decided_by_genus() {
    let analyzer = Analyzer::default();
    let mut solver = Solver::new(SumGame::default());
    // sub:1,2 has kinds of period 3: a huge heap plays as its residue.
    for (huge, small) in [(u64::MAX, 3), (u64::MAX - 1, 5), (1_000_000_000_000, 4)] {
        for extra in 0..4 {
            let big: Position = format!("sub:1,2 {huge} {extra} + nim 2 3").parse().unwrap();
            let little: Position = format!("sub:1,2 {small} {extra} + nim 2 3")
                .parse()
                .unwrap();
            let a = analyzer.analyze(&big, Play::Misere, None).unwrap();
            assert_eq!(a.basis, Basis::Genus);
            assert_eq!(
                a.outcome,
                solver.outcome(&little, Play::Misere).unwrap(),
                "{big}"
            );
            for m in &a.winning_moves {
                let after = big.play(m).unwrap();
                assert_eq!(
                    analyzer
                        .analyze(&after, Play::Misere, None)
                        .unwrap()
                        .outcome,
                    Outcome::P
                );
            }
        }
    }
}

#[test]
fn genus_theory_bounds_the_options_it_lists() {
    // sub:2-100000 has up to 99,999 options a heap; with --max-states 1000
    // the budget is 64,000 options, so the genus table stops early.
    let ruleset: sprague::Ruleset = "sub:2-100000".parse().unwrap();
    let limits = sprague::Limits {
        max_states: 1_000,
        ..sprague::Limits::default()
    };
    let r = sprague::misere::genus_table(&ruleset, 5_000, &limits);
    assert!(
        matches!(r, Err(sprague::Error::OptionLimit { limit: 64_000, .. })),
        "{r:?}"
    );
    assert!(r.unwrap_err().is_limit());
}

/// A quotient that stopped at a limit is tried again when a later analysis
/// in the same process (quotients are kept) allows more. It used to fail
/// again whatever the limits, until the process ended (a tester found it
/// in `serve`, whose requests may lower the limits).
#[test]
fn a_quotient_stopped_at_a_limit_is_tried_again_with_larger_limits() {
    // A game no other test here uses, so that nothing is kept for it yet.
    let p: Position = "octal:0.53 12 9 7".parse().unwrap();
    let small = Limits {
        max_states: 100,
        max_quotient_states: 10,
        ..sprague::Limits::default()
    };
    let e = Analyzer::new(small)
        .analyze(&p, Play::Misere, None)
        .unwrap_err();
    assert!(matches!(e, sprague::Error::MisereLimit { .. }), "{e}");
    let a = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
    assert!(matches!(a.basis, Basis::Quotient { .. }), "{:?}", a.basis);
}

/// The issue's example: Dawson's Kayles `5 9 17 21 30 + 2` is decided in
/// the quotient of the smaller heaps refined by the larger ones (its
/// quotient to heap 30, of order 360, costs forty seconds). The winning moves are those the
/// quotient to heap 30 gives (`dawson_quotient_to_30_has_order_360_slow`
/// compares the two on this sum and 300 others).
#[test]
fn a_dawson_sum_with_heap_30_is_decided_in_the_refined_quotient() {
    let p: Position = "dawson 5 9 17 21 30 + dawson 2".parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
    assert!(
        matches!(a.basis, Basis::RefinedQuotient { .. }),
        "{:?}",
        a.basis
    );
    assert_eq!(a.basis.word(), "quotient");
    assert_eq!(a.outcome, Outcome::N);
    let mut after: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| p.play(m).unwrap().canonical_text())
        .collect();
    after.sort();
    let mut expected: Vec<String> = [
        "dawson 5 9 17 19 30 + dawson 2",
        "dawson 5 9 17 2 17 30 + dawson 2",
        "dawson 5 9 17 7 12 30 + dawson 2",
        "dawson 5 9 17 9 10 30 + dawson 2",
        "dawson 5 9 17 21 2 26 + dawson 2",
        "dawson 5 9 17 21 9 19 + dawson 2",
    ]
    .iter()
    .map(|t| t.parse::<Position>().unwrap().canonical_text())
    .collect();
    expected.sort();
    assert_eq!(after, expected);
}

/// A quotient stopped by the tuples of one check and one stopped by the
/// work of all its steps say which (the message of `analyze`'s limit
/// named 600,000 tuples a check and then 12,000,000 tuples, a tester
/// found it contradictory).
#[test]
fn a_check_limit_says_whether_it_is_of_one_check_or_of_all() {
    let one = QuotientLimits {
        max_states: 100,
        ..QuotientLimits::default()
    };
    let e = Quotient::compute(&ruleset("dawson"), 26, &one).unwrap_err();
    assert!(
        matches!(
            e,
            sprague::Error::CheckLimit {
                limit: 100,
                in_all: false
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("100 tuples in one check"), "{e}");
    let all = QuotientLimits {
        max_work: 1000,
        ..QuotientLimits::default()
    };
    let e = Quotient::compute(&ruleset("dawson"), 26, &all).unwrap_err();
    assert!(
        matches!(
            e,
            sprague::Error::CheckLimit {
                limit: 1000,
                in_all: true
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("1000 tuples in all"), "{e}");
}

/// `--max-states` bounds the search only: a sum decided by a quotient
/// lists its winning moves whatever it is (listing the options of a heap
/// of 30 passed a state limit of 10, and the answer was the search's
/// limit error: a tester's finding).
#[test]
fn a_small_state_limit_does_not_stop_a_quotient_listing_its_moves() {
    let limits = Limits {
        max_states: 1,
        ..Limits::default()
    };
    for text in ["dawson 30 5 3", "kayles 3", "kayles 8 8 7 6 5 + kayles 3"] {
        let p: Position = text.parse().unwrap();
        let a = Analyzer::new(limits)
            .analyze(&p, Play::Misere, None)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(!a.basis.is_search(), "{text}: {:?}", a.basis);
        assert!(!a.winning_moves.is_empty(), "{text}");
    }
}

/// Heaps with no option still count against the quotient's option budget:
/// in `octal:.10110` no heap above 4 has a move, and a quotient to heap
/// 63,444,442,227,165 used to be counted heap by heap (the fuzzer found it
/// timing out). It stops at the budget now, and the analysis of the heap,
/// which has no move, is answered by the search.
#[test]
fn a_quotient_of_heaps_without_options_stops_at_its_budget() {
    let heap = 63_444_442_227_165;
    let limits = QuotientLimits {
        max_states: 1_000,
        ..QuotientLimits::default()
    };
    for bound in [heap, u64::MAX] {
        let e = Quotient::compute(&ruleset("octal:.10110"), bound, &limits).unwrap_err();
        assert!(
            matches!(e, sprague::Error::OptionLimit { limit: 2_000, .. }),
            "{e:?}"
        );
    }
    let small = Limits {
        max_states: 2_000,
        max_table: 500,
        ..Limits::default()
    };
    let position: Position = format!("octal:.10110 {heap}").parse().unwrap();
    let a = Analyzer::new(small)
        .analyze(&position, Play::Misere, Some(8))
        .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves.is_empty());
}
