//! Turning the items read into a move that [`Position::play`] accepts, and
//! saying why when none fits (with the legal moves of a heap that has few).

use super::write::write;
use super::{illegal, MoveError};
use crate::{
    Action, Error, HeapChange, HeapMove, IllegalMoveKind, Limits, Move, MoveKind, Parts, Place,
    Position,
};

/// What a move does to one heap or step, as typed.
#[derive(Clone, Debug)]
pub(super) enum Effect {
    /// Take (or carry) this many; the rest stays one heap.
    Take(u64),
    /// Leave these heaps (or coins).
    Leave(Vec<u64>),
    /// Take this many and leave these.
    TakeLeave(u64, Vec<u64>),
    /// The heap has this many now and becomes these (as `analyze` prints).
    FromTo(u64, Vec<u64>),
}

/// One heap or step named by the move (numbered from 1) and what happens to
/// it.
#[derive(Clone, Debug)]
pub(super) struct Item {
    pub(super) place: u64,
    pub(super) effect: Effect,
}

/// The parts that leave `sizes` (zeros dropped): one candidate, or two when
/// nothing is left (a heap taken to 0 may stay as 0, as in Nim, or vanish,
/// as in take-and-break games; the rules accept one of them).
pub(super) fn candidate_parts(sizes: &[u64]) -> Result<Vec<Parts>, MoveError> {
    let left: Vec<u64> = sizes.iter().copied().filter(|&s| s > 0).collect();
    if left.is_empty() {
        return Ok(vec![Parts::one(0), Parts::NONE]);
    }
    match Parts::new(&left) {
        Some(p) => Ok(vec![p]),
        // Four or more heaps only as K equal heaps (`rule:equal(n,K)`).
        None if left.iter().all(|&s| s == left[0]) => {
            Ok(vec![Parts::equal(left[0], left.len() as u64)])
        }
        None => illegal(IllegalMoveKind::TooManyParts { count: left.len() }),
    }
}

/// Builds the move the items describe in component `index`, checked by
/// [`Position::play`].
pub(super) fn build(
    position: &Position,
    index: usize,
    kind: MoveKind,
    items: &[Item],
) -> Result<Move, MoveError> {
    let component = &position.components()[index];
    let heaps = component.heaps();
    let grows = component
        .ruleset()
        .heap_rules()
        .is_some_and(|r| r.may_add_tokens());
    let place = if kind == MoveKind::Stair {
        Place::Step
    } else {
        Place::Heap
    };
    let size = |item: &Item| -> Result<(usize, u64), MoveError> {
        let n = item.place;
        if n == 0 || n > heaps.len() as u64 {
            return illegal(IllegalMoveKind::NoSuchNumbered {
                place,
                number: n,
                count: heaps.len(),
                within: component.to_string(),
            });
        }
        Ok((n as usize - 1, heaps[n as usize - 1]))
    };
    // The sizes left, from any effect, checked against the heap.
    let left = |item: &Item, h: u64| -> Result<Vec<u64>, MoveError> {
        let n = item.place;
        let sum = |sizes: &[u64]| sizes.iter().try_fold(0u64, |a, &b| a.checked_add(b));
        match &item.effect {
            Effect::Take(0) | Effect::TakeLeave(0, _) if kind != MoveKind::Heap => {
                illegal(IllegalMoveKind::TakeAtLeastOne { place, number: n })
            }
            Effect::Take(0) => illegal(IllegalMoveKind::TakeZero { number: n }),
            Effect::Take(t) if *t > h => illegal(IllegalMoveKind::TakeTooMany {
                place,
                number: n,
                has: h,
                take: *t,
            }),
            Effect::Take(t) => Ok(vec![h - t]),
            Effect::FromTo(f, _) if *f != h => illegal(IllegalMoveKind::TypedOther {
                place,
                number: n,
                has: h,
                claimed: *f,
            }),
            Effect::Leave(sizes) | Effect::FromTo(_, sizes) => match sum(sizes) {
                Some(s) if s <= h => Ok(sizes.clone()),
                // Heaps that each shrink may hold more in all where the
                // rules say so (a `rule:` turning 2x into three heaps of
                // x); the rules judge the move.
                _ if grows && sizes.iter().all(|&s| s < h) => Ok(sizes.clone()),
                _ => illegal(IllegalMoveKind::CannotLeave {
                    place,
                    number: n,
                    has: h,
                    sizes: sizes.clone(),
                }),
            },
            Effect::TakeLeave(t, sizes) => match sum(sizes).and_then(|s| s.checked_add(*t)) {
                Some(total) if total == h => Ok(sizes.clone()),
                _ => illegal(IllegalMoveKind::DoesNotAddUp {
                    place,
                    number: n,
                    has: h,
                    taken: *t,
                    sizes: sizes.clone(),
                }),
            },
        }
    };
    let unchanged = |n: u64| illegal(IllegalMoveKind::Unchanged { place, number: n });
    let actions: Vec<Action> = match kind {
        MoveKind::Heaps { .. } => {
            let mut changes = Vec::new();
            for item in items {
                let (i, h) = size(item)?;
                let to = left(item, h)?[0];
                if to == h {
                    return unchanged(item.place);
                }
                changes.push(HeapChange {
                    heap: i,
                    from: h,
                    to,
                });
            }
            changes.sort_by_key(|c| c.heap);
            vec![Action::Heaps { changes }]
        }
        MoveKind::Stair => {
            let item = &items[0];
            let (step, from) = size(item)?;
            let to = left(item, from)?[0];
            if to == from {
                return unchanged(item.place);
            }
            vec![Action::Stair {
                step,
                from,
                coins: from - to,
            }]
        }
        _ => {
            let item = &items[0];
            let (heap, from) = size(item)?;
            let sizes = left(item, from)?;
            let total = sizes.iter().fold(0u64, |a, &s| a.saturating_add(s));
            if sizes.iter().filter(|&&s| s > 0).count() == 1 && total == from {
                return unchanged(item.place);
            }
            candidate_parts(&sizes)?
                .into_iter()
                .map(|parts| Action::Heap {
                    heap,
                    from,
                    // More tokens left than the heap held (a rule whose
                    // heaps each shrink): nothing removed, the rules judge.
                    removed: from.saturating_sub(total),
                    parts,
                })
                .collect()
        }
    };
    first_legal(position, index, actions)
}

/// The first of `actions` that is legal in component `index`; when none is,
/// the reason the first one is not, with the legal moves of its heap when
/// they are few.
pub(super) fn first_legal(
    position: &Position,
    index: usize,
    actions: Vec<Action>,
) -> Result<Move, MoveError> {
    let mut first_error = None;
    let mut heap_named = None;
    for action in actions {
        if let Action::Heap { heap, from, .. } = action {
            heap_named = Some((heap, from));
        }
        let mv = position.make_move(index, action);
        match position.play(&mv) {
            Ok(_) => return Ok(mv),
            Err(Error::IllegalMove(e)) => {
                first_error.get_or_insert(e);
            }
            // `play` fails with nothing but an illegal move.
            Err(_) => {}
        }
    }
    let why = first_error.unwrap_or_else(|| IllegalMoveKind::NoMoveFits.into());
    let note = heap_named.and_then(|(heap, from)| heap_options_note(position, index, heap, from));
    Err(MoveError::Illegal(why.with_note(note)))
}

/// `the moves of heap 2 are `2 1`, `2 3`` when a heap has at most a dozen
/// options, `heap 2 has no move` when it has none, else nothing.
fn heap_options_note(position: &Position, index: usize, heap: usize, from: u64) -> Option<String> {
    let ruleset = position.components()[index].ruleset();
    let limits = Limits {
        max_states: 64,
        ..Limits::default()
    };
    let mut options: Vec<HeapMove> = Vec::new();
    if ruleset.heap_options(from, &limits, &mut options).is_err() {
        return None;
    }
    if options.is_empty() {
        return Some(format!("heap {} has no move", heap + 1));
    }
    if options.len() > 12 {
        return None;
    }
    let texts: Vec<String> = options
        .iter()
        .map(|m| {
            let mv = position.make_move(
                index,
                Action::Heap {
                    heap,
                    from,
                    removed: m.removed,
                    parts: m.parts,
                },
            );
            format!("`{}`", write(position, &mv))
        })
        .collect();
    Some(format!(
        "the moves of heap {} are {}",
        heap + 1,
        texts.join(", ")
    ))
}
