//! Illegal moves come back typed: the same [`IllegalMoveKind`] from
//! `Position::play`, from `movetext::parse` in each move form, and from a
//! session, matched on the kind rather than the message.

use sprague::movetext::{self, MoveError};
use sprague::session::{Player, Session, SessionError};
use sprague::{Error, IllegalMove, IllegalMoveKind as K, Limits, Move, Place, Play, Position};

fn position(text: &str) -> Position {
    text.parse().unwrap()
}

/// The typed reason `text` is not a legal move in `at`.
fn typed(at: &str, text: &str) -> IllegalMove {
    match movetext::parse(&position(at), text) {
        Err(MoveError::Illegal(e)) => e,
        other => panic!("{at}: {text:?} gave {other:?}"),
    }
}

/// The typed reason the first move of `from` cannot be played in `at`.
fn played(from: &str, at: &str) -> IllegalMove {
    let mv: Move = position(from).moves(&Limits::default()).unwrap()[0].clone();
    match position(at).play(&mv) {
        Err(Error::IllegalMove(e)) => e,
        other => panic!("{from} move in {at} gave {other:?}"),
    }
}

#[test]
fn position_play_gives_the_kind() {
    let e = played("nim 0 + nim 1", "nim 1");
    assert!(matches!(
        e.kind(),
        K::NoSuch {
            place: Place::Component,
            index: 1,
            count: 1
        }
    ));
    assert_eq!(
        e.to_string(),
        "there is no component 2 (the position has 1)"
    );
    // A move is plain data, judged by the rules of the position it is
    // played in: taking a whole heap of 3 is a move of sub:3, not of Kayles.
    assert!(matches!(
        played("sub:3 3", "kayles 3").kind(),
        K::NotAllowed { ruleset, heap: 0, from: 3, .. } if ruleset == "kayles"
    ));
    assert!(matches!(
        played("grundy 5", "grundy 4").kind(),
        K::HoldsOther {
            place: Place::Heap,
            index: 0,
            has: 4,
            claimed: 5
        }
    ));
    assert!(matches!(
        played("nim 0 3", "nim 2").kind(),
        K::NoSuch {
            place: Place::Heap,
            index: 1,
            count: 1
        }
    ));
    assert!(matches!(
        played("moore:2 0 0 3", "moore:2 1 1").kind(),
        K::NoSuch {
            place: Place::Heap,
            index: 2,
            count: 2
        }
    ));
    assert!(matches!(
        played("moore:2 5", "moore:2 4").kind(),
        K::HoldsOther {
            place: Place::Heap,
            has: 4,
            claimed: 5,
            ..
        }
    ));
    assert!(matches!(
        played("staircase 0 3", "staircase 2").kind(),
        K::NoSuch {
            place: Place::Step,
            index: 1,
            count: 1
        }
    ));
    assert!(matches!(
        played("staircase 3", "staircase 2").kind(),
        K::HoldsOther {
            place: Place::Step,
            index: 0,
            has: 2,
            claimed: 3
        }
    ));
}

#[test]
fn each_move_form_gives_the_kind() {
    // The short form: no such heap, too many taken, taking nothing.
    assert!(matches!(
        typed("nim 3 4", "3 1").kind(),
        K::NoSuchNumbered {
            place: Place::Heap,
            number: 3,
            count: 2,
            ..
        }
    ));
    assert!(matches!(
        typed("nim 3 4", "1 5").kind(),
        K::TakeTooMany {
            place: Place::Heap,
            number: 1,
            has: 3,
            take: 5
        }
    ));
    assert!(matches!(
        typed("nim 3 4", "1 0").kind(),
        K::TakeZero { number: 1 }
    ));
    // The rules forbid it: the note lists the heap's moves.
    let e = typed("sub:1,3,4 5", "1 2");
    assert!(matches!(
        e.kind(),
        K::NotAllowed { heap: 0, from: 5, ruleset, .. } if ruleset == "sub:1,3,4"
    ));
    assert!(e
        .note()
        .is_some_and(|n| n.starts_with("the moves of heap 1")));
    // The arrow form.
    assert!(matches!(
        typed("nim 3", "1 -> 3").kind(),
        K::Unchanged {
            place: Place::Heap,
            number: 1
        }
    ));
    assert!(matches!(
        typed("nim 3", "1 -> 4").kind(),
        K::CannotLeave { has: 3, sizes, .. } if sizes == &[4]
    ));
    assert!(matches!(
        typed("kayles 9", "1 -> 1 2 1 1").kind(),
        K::TooManyParts { count: 4 }
    ));
    // Four equal heaps are a move of rule:equal(n,4) only.
    assert!(matches!(
        typed("kayles 9", "1 -> 1 1 1 1").kind(),
        K::NotAllowed { .. }
    ));
    // The words form.
    assert!(matches!(
        typed("nim 3 4", "take 9 from heap 2").kind(),
        K::TakeTooMany {
            number: 2,
            has: 4,
            take: 9,
            ..
        }
    ));
    // Components: a number past the sum, another ruleset.
    assert!(matches!(
        typed("nim 3 + kayles 4", "c3 1 1").kind(),
        K::NoSuchNumbered {
            place: Place::Component,
            number: 3,
            count: 2,
            ..
        }
    ));
    assert!(matches!(
        typed("nim 3 + kayles 4", "c2 nim 1 1").kind(),
        K::WrongRuleset { component: 1, .. }
    ));
    // Moore's Nim_k: too many heaps at once.
    assert!(matches!(
        typed("moore:2 3 3 3", "1 1 2 1 3 1").kind(),
        K::TooManyHeaps {
            max: 2,
            count: 3,
            ..
        }
    ));
    // Staircase Nim.
    assert!(matches!(
        typed("staircase 3 1", "2 5").kind(),
        K::TakeTooMany {
            place: Place::Step,
            number: 2,
            has: 1,
            take: 5
        }
    ));
    assert!(matches!(
        typed("staircase 3 1", "2 0").kind(),
        K::TakeAtLeastOne {
            place: Place::Step,
            number: 2
        }
    ));
    // The universal form: the whole position after the move.
    assert!(matches!(
        typed("nim 3 4", "nim 3 4").kind(),
        K::NoChange { .. }
    ));
    assert!(matches!(
        typed("nim 3 4", "nim 3 5").kind(),
        K::Unreachable { .. }
    ));
    assert!(matches!(
        typed("moore:2 3 4", "moore:2 3 5").kind(),
        K::Grows {
            heap: 1,
            from: 4,
            to: 5
        }
    ));
    assert!(matches!(
        typed("nim 3 + nim 4", "nim 2 + nim 2").kind(),
        K::SeveralComponents { components } if components == &[0, 1]
    ));
    assert!(matches!(
        typed("staircase 3 1", "staircase 2 2 1").kind(),
        K::PlaceCount {
            place: Place::Step,
            count: 2,
            typed: 3,
            ..
        }
    ));
    assert!(matches!(
        typed("staircase 3 1 0", "staircase 3 0 1").kind(),
        K::NotACarry
    ));
}

#[test]
fn a_session_refuses_with_the_kind() {
    let p = position("nim 3");
    let mut game = Session::new(p.clone(), Play::Normal, Player::Human, 1, Limits::default());
    let mv: Move = position("nim 5").moves(&Limits::default()).unwrap()[0].clone();
    match game.human_move(mv) {
        Err(SessionError::Illegal(e)) => assert!(matches!(
            e.kind(),
            K::HoldsOther {
                has: 3,
                claimed: 5,
                ..
            }
        )),
        other => panic!("{other:?}"),
    }
    assert_eq!(game.position(), &p);
}
