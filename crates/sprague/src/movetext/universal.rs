//! The universal form: a move typed as the whole position it leads to,
//! matched against the position it is played in.

use super::build::{candidate_parts, first_legal};
use super::{illegal, MoveError};
use crate::{
    Action, HeapChange, IllegalMoveKind, Limits, Move, MoveKind, Place, Position, PositionParser,
};

/// The universal form: the whole position the move leads to, with its
/// heaps and components in place or in any other order.
pub(super) fn parse_position_form(position: &Position, text: &str) -> Result<Move, MoveError> {
    let mut parser = PositionParser::new();
    // The rulesets in play, so that a graph read from a file is known.
    for c in position.components() {
        parser.define(c.ruleset().clone());
    }
    let after = parser.parse(text).map_err(MoveError::Position)?;
    match in_place(position, &after) {
        // The position itself in another order: no move, said as such
        // (not as heaps or components that all change).
        Err(MoveError::Illegal(_)) if after.canonical() == position.canonical() => {
            illegal(IllegalMoveKind::NoChange {
                after: after.to_string(),
            })
        }
        Err(MoveError::Illegal(why)) => {
            same_game_move(position, &after).ok_or(MoveError::Illegal(why))
        }
        read => read,
    }
}

/// The most moves of a component listed to read a position typed in
/// another order (each is played and put in canonical form): a heap of
/// Nim up to 100,000, a board of any size the page draws.
const MAX_LISTED: usize = 100_000;

/// A legal move of `position` that leads to a position with the same
/// canonical form as `after` (heaps of heap games as a multiset, zeros
/// dropped, components in any order): `kayles 1 5 3` typed in
/// `kayles 5 1 5`. Only the moves of the one component that differs are
/// listed; `None` when no single component differs, when it has more
/// than [`MAX_LISTED`] moves, or when no move fits.
fn same_game_move(position: &Position, after: &Position) -> Option<Move> {
    let target = after.canonical();
    let one = |c: &crate::Component| Position::new(vec![c.clone()]).canonical();
    // The components of `position` whose canonical form is not among
    // `after`'s (each of `after`'s matched at most once).
    let mut unmatched: Vec<Position> = after.components().iter().map(one).collect();
    let mut changed = Vec::new();
    for (i, c) in position.components().iter().enumerate() {
        let mine = one(c);
        match unmatched.iter().position(|p| *p == mine) {
            Some(j) => {
                unmatched.swap_remove(j);
            }
            None => changed.push(i),
        }
    }
    let [index] = changed[..] else {
        return None;
    };
    if let Some(mv) = heaps_rewritten(position, index, unmatched.first(), &target) {
        return Some(mv);
    }
    let c = &position.components()[index];
    let listed = Limits {
        max_states: MAX_LISTED,
        ..Limits::default()
    };
    let mut actions = Vec::new();
    c.ruleset()
        .component_moves(c.args(), &listed, &mut actions)
        .ok()?;
    actions
        .into_iter()
        .map(|action| position.make_move(index, action))
        .find(|mv| position.play_unchecked(mv).canonical() == target)
}

/// The move of component `index` to `after` (the one component of the
/// typed position no component of `position` matches, `None` when it has
/// none), found without listing moves: where the two differ, as multisets
/// of their non-empty heaps, by one heap of `position` replaced with the
/// others (none: it is taken to nothing), that heap is rewritten in place
/// and read as [`in_place`] reads it. Heaps of any size cost the same
/// (`nim 3` typed in `nim 18446744073709551615 3`). The move is returned
/// only if it is legal there and leads to `target`'s canonical form.
fn heaps_rewritten(
    position: &Position,
    index: usize,
    after: Option<&Position>,
    target: &Position,
) -> Option<Move> {
    let c = &position.components()[index];
    let before = c.heaps();
    let left: Vec<u64> = match after {
        Some(a) => a.components().first()?.heaps().to_vec(),
        None => Vec::new(),
    };
    let mut added: Vec<u64> = left.into_iter().filter(|&h| h > 0).collect();
    let mut removed = Vec::new();
    for &h in before.iter().filter(|&&h| h > 0) {
        match added.iter().position(|&a| a == h) {
            Some(j) => {
                added.swap_remove(j);
            }
            None => removed.push(h),
        }
    }
    let [r] = removed[..] else {
        return None;
    };
    let i = before.iter().position(|&h| h == r)?;
    let mut heaps = before[..i].to_vec();
    if added.is_empty() {
        heaps.push(0);
    } else {
        heaps.extend(&added);
    }
    heaps.extend(&before[i + 1..]);
    let mut components = position.components().to_vec();
    components[index] = crate::Component::new(c.ruleset().clone(), heaps).ok()?;
    let mv = in_place(position, &Position::new(components)).ok()?;
    (position.play_unchecked(&mv).canonical() == *target).then_some(mv)
}

/// The move to `after` with its heaps and components in place.
fn in_place(position: &Position, after: &Position) -> Result<Move, MoveError> {
    let (now, then) = (position.components(), after.components());
    if now.len() != then.len() {
        return illegal(IllegalMoveKind::ComponentCount {
            after: after.to_string(),
            count: then.len(),
            position: position.to_string(),
            expected: now.len(),
        });
    }
    let mut changed = Vec::new();
    for (i, (a, b)) in now.iter().zip(then).enumerate() {
        if a.ruleset() != b.ruleset() {
            return illegal(IllegalMoveKind::WrongRuleset {
                component: i,
                is: a.ruleset().word().into(),
                claimed: b.ruleset().word().into(),
            });
        }
        if a.args() != b.args() {
            changed.push(i);
        }
    }
    let index = match changed.as_slice() {
        [] => {
            return illegal(IllegalMoveKind::NoChange {
                after: after.to_string(),
            })
        }
        [i] => *i,
        many => {
            return illegal(IllegalMoveKind::SeveralComponents {
                components: many.to_vec(),
            })
        }
    };
    let (before, left) = (now[index].heaps(), then[index].heaps());
    let kind = now[index].ruleset().move_kind();
    // A ruleset that knows its moves between two positions says so first
    // (Fibonacci Nim's move changes both its numbers); the kind of move
    // decides for the others.
    let own = now[index]
        .ruleset()
        .rules()
        .actions_between(now[index].args(), then[index].args());
    let actions = match kind {
        _ if !own.is_empty() => own,
        MoveKind::Heaps { .. } | MoveKind::Stair | MoveKind::Token => {
            if before.len() != left.len() {
                return illegal(IllegalMoveKind::PlaceCount {
                    ruleset: now[index].ruleset().word().into(),
                    place: match kind {
                        MoveKind::Stair => Place::Step,
                        MoveKind::Token => Place::Token,
                        _ => Place::Heap,
                    },
                    count: before.len(),
                    after: after.to_string(),
                    typed: left.len(),
                });
            }
            let diff: Vec<usize> = (0..before.len())
                .filter(|&i| before[i] != left[i])
                .collect();
            structural_action(kind, before, left, &diff)?
        }
        MoveKind::Cut | MoveKind::Pick => own,
        _ => split_candidates(before, left)?,
    };
    if actions.is_empty() {
        return illegal(IllegalMoveKind::Unreachable {
            position: position.to_string(),
            after: after.to_string(),
        });
    }
    let mv = first_legal(position, index, actions)?;
    Ok(mv)
}

/// The move of a Moore or staircase component from `before` to `left`, which
/// differ at `diff`.
fn structural_action(
    kind: MoveKind,
    before: &[u64],
    left: &[u64],
    diff: &[usize],
) -> Result<Vec<Action>, MoveError> {
    if let Some(&i) = diff.iter().find(|&&i| left[i] > before[i]) {
        if !matches!(kind, MoveKind::Stair | MoveKind::Token) {
            return illegal(IllegalMoveKind::Grows {
                heap: i,
                from: before[i],
                to: left[i],
            });
        }
    }
    Ok(match kind {
        // One token moved; the rules check the edge.
        MoveKind::Token => match *diff {
            [token] => vec![Action::Token {
                token,
                from: before[token],
                to: left[token],
            }],
            // Several tokens moved: no move reaches that.
            _ => Vec::new(),
        },
        MoveKind::Stair => {
            let carried = |i: usize| before[i].checked_sub(left[i]).filter(|&c| c > 0);
            let bad = || illegal(IllegalMoveKind::NotACarry);
            match *diff {
                [0] => match carried(0) {
                    Some(coins) => vec![Action::Stair {
                        step: 0,
                        from: before[0],
                        coins,
                    }],
                    None => return bad(),
                },
                [below, step] if step == below + 1 => match carried(step) {
                    Some(coins) if left[below].checked_sub(before[below]) == Some(coins) => {
                        vec![Action::Stair {
                            step,
                            from: before[step],
                            coins,
                        }]
                    }
                    _ => return bad(),
                },
                _ => return bad(),
            }
        }
        _ => vec![Action::Heaps {
            changes: diff
                .iter()
                .map(|&i| HeapChange {
                    heap: i,
                    from: before[i],
                    to: left[i],
                })
                .collect(),
        }],
    })
}

/// The heap moves that turn `before` into `left`: one heap replaced, in
/// place, by one to three heaps (in any order), or by K >= 4 equal heaps.
fn split_candidates(before: &[u64], left: &[u64]) -> Result<Vec<Action>, MoveError> {
    if left.len() < before.len() {
        return illegal(IllegalMoveKind::HeapRemoved);
    }
    let k = left.len() - before.len() + 1;
    // Candidates whose parts are typed in increasing order (exactly as the
    // move leaves them) come first.
    let mut unordered = Vec::new();
    let mut actions = Vec::new();
    for i in 0..before.len() {
        if before[..i] != left[..i] || before[i + 1..] != left[i + k..] {
            continue;
        }
        let from = before[i];
        let sizes = &left[i..i + k];
        if k > 1 && sizes.contains(&0) {
            continue;
        }
        // Four or more heaps only as K equal heaps (`rule:equal(n,K)`).
        if k > 3 && sizes.iter().any(|&h| h != sizes[0]) {
            continue;
        }
        let Some(total) = sizes.iter().try_fold(0u64, |a, &b| a.checked_add(b)) else {
            continue;
        };
        if total > from || (k == 1 && total == from) {
            continue;
        }
        let ordered = sizes.windows(2).all(|w| w[0] <= w[1]);
        for parts in candidate_parts(sizes)? {
            let action = Action::Heap {
                heap: i,
                from,
                removed: from - total,
                parts,
            };
            if ordered {
                actions.push(action);
            } else {
                unordered.push(action);
            }
        }
    }
    actions.append(&mut unordered);
    if k > 3 && actions.is_empty() {
        return illegal(IllegalMoveKind::TooManyNewHeaps { count: k - 1 });
    }
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Parts;

    fn heap(heap: usize, from: u64, removed: u64, parts: &[u64]) -> Action {
        Action::Heap {
            heap,
            from,
            removed,
            parts: Parts::new(parts).unwrap(),
        }
    }

    #[test]
    fn splits_are_found_in_place_in_any_order() {
        // No ruleset of this branch splits heaps; the candidates are what a
        // take-and-break ruleset's `Position::play` then checks.
        assert_eq!(
            split_candidates(&[4, 10, 6], &[4, 5, 3, 6]).unwrap(),
            vec![heap(1, 10, 2, &[3, 5])]
        );
        assert_eq!(
            split_candidates(&[7], &[2, 5]).unwrap(),
            vec![heap(0, 7, 0, &[2, 5])]
        );
        assert_eq!(
            split_candidates(&[9], &[1, 2, 3]).unwrap(),
            vec![heap(0, 9, 3, &[1, 2, 3])]
        );
        assert_eq!(
            split_candidates(&[8, 7], &[8, 5, 2]).unwrap(),
            vec![heap(1, 7, 0, &[2, 5])]
        );
        // Taken to nothing: staying as 0 (Nim) or vanishing.
        assert_eq!(
            split_candidates(&[3, 4], &[0, 4]).unwrap(),
            vec![heap(0, 3, 3, &[0]), heap(0, 3, 3, &[])]
        );
        assert!(split_candidates(&[3], &[3]).unwrap().is_empty());
        assert!(split_candidates(&[3], &[1, 3]).unwrap().is_empty());
        assert!(split_candidates(&[3], &[0, 3]).unwrap().is_empty());
        assert!(split_candidates(&[3, 3], &[3]).is_err());
        assert!(split_candidates(&[9], &[1, 2, 1, 1]).is_err());
        // Four or more equal heaps: a split into K equal heaps.
        assert_eq!(
            split_candidates(&[9], &[1, 1, 1, 1]).unwrap(),
            vec![Action::Heap {
                heap: 0,
                from: 9,
                removed: 5,
                parts: Parts::equal(1, 4),
            }]
        );
    }
}
