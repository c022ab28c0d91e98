//! Green Hackenbush: the values of Winning Ways' pictures, both notations,
//! and every value, outcome and winning cut against a search by the
//! definitions over which edges remain, on random small graphs with loops,
//! repeated edges and several ground contacts.

mod common;

use proptest::prelude::*;
use sprague::ruleset::hackenbush::picture::{Notation, Picture};
use sprague::{movetext, Analyzer, Error, Game, Limits, Outcome, Play, Position, Solver};

fn value(text: &str) -> u64 {
    let p: Position = format!("hackenbush {text}").parse().unwrap();
    p.grundy_value().unwrap()
}

#[test]
fn published_values() {
    assert_eq!(value("eeeeeee"), 7);
    assert_eq!(value("e(ee(e;e);e(eee;ee);e(ee;e))"), 5);
    // The girl of Winning Ways, chapter 7.
    assert_eq!(
        value("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))"),
        2
    );
    assert_eq!(value(":Ae:A"), 1);
    assert_eq!(value(":Aeee:A"), 1);
    assert_eq!(value(":Aeeee:A"), 0);
    assert_eq!(value(":Aee:A"), 0);
    assert_eq!(value("(ee;e)"), 3);
    assert_eq!(value("0"), 0);
}

#[test]
fn both_notations_agree() {
    let pairs = [
        ("eee", "0-1,1-2,2-3"),
        (":Aeee:A", "0-1,1-2,2-0"),
        ("e(ee;e)", "0-1,1-2,2-3,1-4"),
        (":Ae:A", "0-0"),
        ("(e;e)", "0-1,0-1"),
        ("e(:Ae:A;ee)", "0-1,1-1,1-2,2-3"),
    ];
    for (string, list) in pairs {
        assert_eq!(value(string), value(list), "{string} / {list}");
    }
}

#[test]
fn printing_then_parsing_gives_the_position_back() {
    for text in [
        "hackenbush e(ee;e) eee",
        "hackenbush e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))",
        "hackenbush 0-1,1-2,2-0,1-3 + nim 3",
        "hackenbush :Ae:A (ee;e) 0",
    ] {
        let p: Position = text.parse().unwrap();
        let printed = p.to_string();
        let q: Position = printed.parse().unwrap();
        assert_eq!(q.to_string(), printed, "{text}");
        assert_eq!(
            q.grundy_value().unwrap(),
            p.grundy_value().unwrap(),
            "{text}"
        );
    }
}

#[test]
fn bad_pictures_say_where() {
    let err = "hackenbush e(eb;e)"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("`b` is not a green edge"), "{err}");
    let err = "hackenbush e(ee"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("`(` without its `)`"), "{err}");
    let err = "hackenbush 0-1,2-3"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("edge 2-3 does not reach the ground"), "{err}");
    let err = "hackenbush 0-1,1-x"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("`1-x` is not an edge"), "{err}");
}

#[test]
fn a_stalk_of_a_million_edges_needs_no_recursion() {
    let stalk = "e".repeat(1_000_000);
    assert_eq!(value(&stalk), 1_000_000);
    // Beside a Nim heap of 5, the one winning move cuts the stalk down to
    // 5 edges (the heap cannot grow to 1,000,000).
    let q: Position = format!("hackenbush {stalk} + nim 5").parse().unwrap();
    let moves = q.winning_moves(Play::Normal).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(
        moves[0].display(&q).to_string(),
        "component 1: hackenbush picture 1: cut edge 6"
    );
    assert_eq!(
        q.play(&moves[0]).unwrap().to_string(),
        "hackenbush eeeee + nim 5"
    );
}

/// 10^5 nested parentheses (issue 18) are read, printed, valued and cut in
/// a test thread's small stack: nothing recurses on the depth.
#[test]
fn ten_to_the_five_nested_parentheses_need_no_recursion() {
    let n = 100_000;
    // Branches nested n deep: a stalk of n + 1 edges.
    let nested = format!("{}e{}", "e(".repeat(n), ")".repeat(n));
    let picture = Picture::parse(&nested).unwrap();
    assert_eq!(picture.edge_count(), n + 1);
    let printed = picture.to_string();
    assert_eq!(Picture::parse(&printed).unwrap().to_string(), printed);
    assert_eq!(value(&nested), n as u64 + 1);
    assert_eq!(value(&printed), n as u64 + 1);
    let edges = picture.with_notation(Notation::EdgeList).to_string();
    assert_eq!(value(&edges), n as u64 + 1);
    // Bare parentheses around one edge.
    let parens = format!("{}e{}", "(".repeat(n), ")".repeat(n));
    let picture = Picture::parse(&parens).unwrap();
    assert_eq!(Picture::parse(&picture.to_string()).unwrap(), picture);
    assert_eq!(value(&parens), 1);
    // Unbalanced at that depth: an error, not an overflow.
    assert!(Picture::parse(&format!("{}e", "(".repeat(n))).is_err());
    assert!(Picture::parse(&format!("e{}", ")".repeat(n))).is_err());
}

/// The game of a picture by the definition: a position is the set of edges
/// left (a bit mask); a cut removes one edge and every edge no longer
/// connected to the ground.
struct Edges {
    edges: Vec<(u32, u32)>,
    vertices: u32,
}

impl Edges {
    fn grounded(&self, mask: u32) -> u32 {
        let mut reached = 1u64; // vertex 0
        loop {
            let before = reached;
            for (i, &(u, v)) in self.edges.iter().enumerate() {
                if mask >> i & 1 == 1 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                    reached |= 1 << u | 1 << v;
                }
            }
            if reached == before {
                break;
            }
        }
        let mut kept = 0;
        for (i, &(u, _)) in self.edges.iter().enumerate() {
            if mask >> i & 1 == 1 && reached >> u & 1 == 1 {
                kept |= 1 << i;
            }
        }
        let _ = self.vertices;
        kept
    }
}

impl Game for Edges {
    type Position = u32;
    type Move = usize;
    fn moves(&self, &mask: &u32) -> Result<Vec<usize>, Error> {
        Ok((0..self.edges.len())
            .filter(|&i| mask >> i & 1 == 1)
            .collect())
    }
    fn play(&self, &mask: &u32, &cut: &usize) -> u32 {
        self.grounded(mask & !(1 << cut))
    }
}

/// A random picture: up to 8 edges among up to 6 vertices, loops and
/// repeated edges allowed, kept only if every edge reaches the ground.
fn picture() -> impl Strategy<Value = Vec<(u32, u32)>> {
    prop::collection::vec((0u32..6, 0u32..6), 0..=8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn values_and_winning_cuts_agree_with_search(edges in picture(), heap in 0u64..5, misere: bool) {
        let game = Edges { edges: edges.clone(), vertices: 6 };
        let all = (1u32 << edges.len()) - 1;
        prop_assume!(game.grounded(all) == all);
        let list: Vec<String> = edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
        let word = if list.is_empty() { "0".to_string() } else { list.join(",") };
        let text = format!("hackenbush {word} + nim {heap}");
        let p: Position = text.parse().unwrap();
        let play = if misere { Play::Misere } else { Play::Normal };
        // The picture's value against the search over edge sets.
        let mut search = Solver::new(Edges { edges: edges.clone(), vertices: 6 });
        let g = search.grundy_value(&all).unwrap();
        let c = &p.components()[0];
        prop_assert_eq!(c.ruleset().rules().valued(c.args(), &Limits::default()).unwrap().0, g, "{}", text);
        // The same graph in string notation has the same value.
        let string = Picture::parse(&word).unwrap().with_notation(Notation::String).to_string();
        prop_assert_eq!(value(&string), g, "{} as {}", word, string);
        let a = Analyzer::default().analyze(&p, play, None).unwrap();
        if play == Play::Normal {
            prop_assert_eq!(a.value, Some(g ^ heap));
            prop_assert_eq!(a.outcome == Outcome::P, g == heap);
        }
        // Every winning cut against the generic search of the sum.
        let mut solver = Solver::new(sprague::SumGame::new(Limits::default()));
        prop_assert_eq!(a.outcome, solver.outcome(&p, play).unwrap(), "{}", text);
        let listed = common::afters(&p, &a.winning_moves);
        let searched = common::searched_afters(&mut solver, &p, play);
        prop_assert_eq!(&listed, &searched, "{}", text);
        for m in &a.winning_moves {
            let after = p.play(m).unwrap();
            prop_assert_eq!(solver.outcome(&after, play).unwrap(), Outcome::P);
            // The move's text reads back to the same move.
            let short = movetext::write(&p, m);
            prop_assert_eq!(&movetext::parse(&p, &short).unwrap(), m, "{}", short);
        }
        if play == Play::Normal && !edges.is_empty() {
            prop_assert_eq!(a.component_bases[0].word(), "hackenbush");
        }
        // The same in string notation: every winning cut found, each read
        // back from its text.
        let q: Position = format!("hackenbush {string} + nim {heap}").parse().unwrap();
        let b = Analyzer::default().analyze(&q, play, None).unwrap();
        prop_assert_eq!(b.outcome, a.outcome);
        let mut solver = Solver::new(sprague::SumGame::new(Limits::default()));
        let listed = common::afters(&q, &b.winning_moves);
        let searched = common::searched_afters(&mut solver, &q, play);
        prop_assert_eq!(&listed, &searched, "{}", string);
        for m in &b.winning_moves {
            for text in [movetext::write(&q, m), m.display(&q).to_string(), q.play(m).unwrap().to_string()] {
                let read = movetext::parse(&q, &text).unwrap();
                prop_assert_eq!(q.play(&read).unwrap(), q.play(m).unwrap(), "{}", text);
            }
        }
    }
}

/// Misère play of stalks goes by the misère Nim rule on their lengths, with
/// every winning cut; checked against the search on all sums of up to three
/// stalks of up to 4 edges, in both notations, and instant for long ones.
#[test]
fn misere_stalks_are_misere_nim() {
    let stalk = |n: usize, list: bool| -> String {
        match (n, list) {
            (0, _) => "0".into(),
            (_, false) => "e".repeat(n),
            (_, true) => (0..n)
                .map(|i| format!("{i}-{}", i + 1))
                .collect::<Vec<_>>()
                .join(","),
        }
    };
    let mut solver = Solver::new(sprague::SumGame::new(Limits::default()));
    for a in 0..=4 {
        for b in 0..=4 {
            for c in 0..=2 {
                for list in [false, true] {
                    let text = format!(
                        "hackenbush {} {} {}",
                        stalk(a, list),
                        stalk(b, !list),
                        stalk(c, list)
                    );
                    let p: Position = text.parse().unwrap();
                    let an = Analyzer::default().analyze(&p, Play::Misere, None).unwrap();
                    assert_eq!(an.basis.word(), "misere-nim", "{text}");
                    assert_eq!(
                        an.outcome,
                        solver.outcome(&p, Play::Misere).unwrap(),
                        "{text}"
                    );
                    assert_eq!(
                        common::afters(&p, &an.winning_moves),
                        common::searched_afters(&mut solver, &p, Play::Misere),
                        "{text}"
                    );
                }
            }
        }
    }
    let long: Position = format!("hackenbush {} ee", "e".repeat(100_000))
        .parse()
        .unwrap();
    let an = Analyzer::default()
        .analyze(&long, Play::Misere, None)
        .unwrap();
    assert_eq!(an.outcome, Outcome::N);
    assert_eq!(
        common::afters(&long, &an.winning_moves),
        ["hackenbush ee ee".to_string()]
    );
}

/// A picture file (issue 53): the same picture as its edge list, with
/// the same value; after any cuts the word written names the file and the
/// cuts at the boundary of what stands, reads back to the same picture, and
/// every winning cut is found by the search and leads to a P-position.
mod files {
    use super::*;
    use sprague::ruleset::hackenbush::define_file;

    fn file_text(edges: &[(u32, u32)]) -> String {
        let mut text = String::from("# a random picture\n");
        for (i, (u, v)) in edges.iter().enumerate() {
            // Both edge forms, and names that are not all numbers.
            let name = |x: u32| {
                if x == 0 {
                    "0".to_string()
                } else {
                    format!("v{x}")
                }
            };
            if i % 2 == 0 {
                text += &format!("{} {}   # edge {}\n", name(*u), name(*v), i + 1);
            } else {
                text += &format!("{}-{}\n\n", name(*u), name(*v));
            }
        }
        text
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn a_file_is_its_edge_list(edges in picture(), cuts in prop::collection::vec(0usize..8, 0..4), heap in 0u64..4) {
            let game = Edges { edges: edges.clone(), vertices: 6 };
            let all = (1u32 << edges.len()) - 1;
            prop_assume!(!edges.is_empty() && game.grounded(all) == all);
            // One path, defined afresh for each case (cases run in turn).
            let path = "prop-picture.txt";
            define_file(path, &file_text(&edges)).unwrap();
            let list: Vec<String> = edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
            let mut by_list = Picture::parse(&list.join(",")).unwrap();
            let mut by_file = Picture::parse(&format!("file:{path}")).unwrap();
            for cut in cuts {
                if by_list.edge_count() == 0 {
                    break;
                }
                let cut = cut % by_list.edge_count();
                by_list = by_list.cut(cut);
                by_file = by_file.cut(cut);
                // The word written reads back to the same picture.
                let word = by_file.to_string();
                prop_assert!(word.starts_with(&format!("file:{path}")), "{}", word);
                prop_assert_eq!(&Picture::parse(&word).unwrap(), &by_file, "{}", word);
            }
            prop_assert_eq!(by_file.edge_count(), by_list.edge_count());
            let p: Position = format!("hackenbush {by_file} + nim {heap}").parse().unwrap();
            let q: Position = format!("hackenbush {by_list} + nim {heap}").parse().unwrap();
            prop_assert_eq!(p.grundy_value().unwrap(), q.grundy_value().unwrap(), "{}", p);
            let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
            let mut solver = Solver::new(sprague::SumGame::new(Limits::default()));
            prop_assert_eq!(a.outcome, solver.outcome(&p, Play::Normal).unwrap(), "{}", p);
            prop_assert_eq!(common::afters(&p, &a.winning_moves), common::searched_afters(&mut solver, &p, Play::Normal), "{}", p);
            for m in &a.winning_moves {
                let after = p.play(m).unwrap();
                prop_assert_eq!(after.grundy_value().unwrap(), 0, "{} -> {}", p, after);
                // The move's text and the position after it read back.
                for text in [movetext::write(&p, m), m.display(&p).to_string(), after.to_string()] {
                    let read = movetext::parse(&p, &text).unwrap();
                    prop_assert_eq!(p.play(&read).unwrap(), after.clone(), "{}", text);
                }
            }
        }
    }

    /// A stalk of 10^5 edges from a file: cut near the ground, the word
    /// after the move is the file and one cut, not 10^5 edges.
    #[test]
    fn a_big_file_stays_a_short_word() {
        let mut text = String::from("0 1\n");
        for v in 1..100_000 {
            text += &format!("{v} {}\n", v + 1);
        }
        define_file("stalk-1e5.txt", &text).unwrap();
        let p: Position = "hackenbush file:stalk-1e5.txt + nim 3".parse().unwrap();
        assert_eq!(p.grundy_value().unwrap(), 100_000 ^ 3);
        let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        assert_eq!(a.winning_moves.len(), 1);
        let after = p.play(&a.winning_moves[0]).unwrap();
        assert_eq!(after.to_string(), "hackenbush file:stalk-1e5.txt~4 + nim 3");
        assert_eq!(after.grundy_value().unwrap(), 0);
        // Named by the file's numbering and names.
        let m = movetext::write(&p, &a.winning_moves[0]);
        assert!(m.contains('4'), "{m}");
        let alone: Position = "hackenbush file:stalk-1e5.txt".parse().unwrap();
        let by_name = movetext::parse(&alone, "4-5").unwrap();
        let by_number = movetext::parse(&alone, "1 5").unwrap();
        assert_eq!(
            alone.play(&by_name).unwrap().to_string(),
            "hackenbush file:stalk-1e5.txt~5"
        );
        assert_eq!(by_name, by_number);
        // A second cut above the first is gone with it: one cut written.
        let q: Position = "hackenbush file:stalk-1e5.txt~9,4".parse().unwrap();
        assert_eq!(q.to_string(), "hackenbush file:stalk-1e5.txt~4");
    }

    /// A move's change names the edge by the file's numbering (from 0),
    /// as the move text does, whatever was cut before (tester finding).
    #[test]
    fn the_change_of_a_cut_names_the_files_edge() {
        define_file("change-e12.txt", "0 1\n1 2\n0 1\n").unwrap();
        let p: Position = "hackenbush file:change-e12.txt~1".parse().unwrap();
        let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
        let m = &a.winning_moves[0];
        assert!(
            movetext::write(&p, m).contains('3'),
            "{}",
            movetext::write(&p, m)
        );
        assert!(matches!(
            sprague::MoveChange::of(&p, m),
            sprague::MoveChange::Cut {
                picture: 0,
                edge: 2
            }
        ));
    }

    #[test]
    fn the_ground_may_be_named() {
        define_file("rooted-at-1.txt", "1 2\n2 3\n1 4\n").unwrap();
        // A stalk of 2 and a stalk of 1 on the ground 1: 2 ⊕ 1 = 3.
        let p: Position = "hackenbush file:rooted-at-1.txt@1".parse().unwrap();
        assert_eq!(p.grundy_value().unwrap(), 3);
        let q: Position = "hackenbush file:rooted-at-1.txt~3@1".parse().unwrap();
        assert_eq!(q.grundy_value().unwrap(), 2);
        assert_eq!(q.to_string(), "hackenbush file:rooted-at-1.txt~3@1");
    }

    #[test]
    fn bad_words_and_files_say_what_and_where() {
        define_file("bad-words.txt", "0 a\na b\nc d\n").unwrap();
        let err = |text: &str| text.parse::<Position>().unwrap_err().to_string();
        let e = err("hackenbush file:bad-words.txt");
        assert!(
            e.contains("line 3") && e.contains("does not reach the ground"),
            "{e}"
        );
        let e = err("hackenbush file:bad-words.txt~4");
        assert!(
            e.contains("`4` is not an edge") && e.contains("1 to 3"),
            "{e}"
        );
        let e = err("hackenbush file:bad-words.txt~x");
        assert!(e.contains("`x` is not an edge"), "{e}");
        let e = err("hackenbush file:bad-words.txt@z");
        assert!(e.contains("vertex `z`, is not in"), "{e}");
        let e = err("hackenbush file:bad-words.txt@0~1");
        assert!(
            e.contains("write the edges cut first, then the ground"),
            "{e}"
        );
        let e = err("hackenbush file:never-read.txt");
        assert!(e.contains("has not been read"), "{e}");
        assert!(!e.contains("green edge"), "{e}");
        // With a cut, what does not reach the ground may fall.
        let p: Position = "hackenbush file:bad-words.txt~2".parse().unwrap();
        assert_eq!(p.grundy_value().unwrap(), 1);
        let e = define_file("t", "0 a\nb\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1), "{e}");
    }
}
