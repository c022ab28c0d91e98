//! Shared pieces of the rulesets whose move lowers one number of a
//! component that is one game (Euclid's game, Fibonacci Nim, Welter's
//! game): such a move is written as a heap move ([`Action::Heap`]:
//! `heap 2: 10 -> 4`), read and written by the existing move text.

use crate::{Action, IllegalMoveKind, Parts, Place};

/// The number `index` of `args` lowered from `from` to `to` by `action`,
/// after checking that it is a one-number move of `args`.
///
/// # Errors
/// A move of another kind, a number the component does not have or does
/// not hold, or one that does not get smaller.
pub(crate) fn lowered(
    word: &str,
    args: &[u64],
    action: &Action,
) -> Result<(usize, u64, u64), IllegalMoveKind> {
    let Action::Heap {
        heap,
        from,
        removed,
        parts,
    } = action
    else {
        return Err(IllegalMoveKind::Forbidden {
            ruleset: word.into(),
            rule: "a move lowers one number of the position",
        });
    };
    let has = super::check_place(args, Place::Heap, *heap, *from)?;
    let to = match parts.listed() {
        Some([]) => 0,
        Some([one]) => *one,
        _ => u64::MAX,
    };
    if *removed == 0 || to >= has || removed.checked_add(to) != Some(has) {
        return Err(IllegalMoveKind::NotAllowed {
            ruleset: word.into(),
            heap: *heap,
            from: *from,
            parts: *parts,
        });
    }
    Ok((*heap, has, to))
}

/// The action lowering number `index` (holding `from`) to `to`.
pub(crate) fn lower(index: usize, from: u64, to: u64) -> Action {
    Action::Heap {
        heap: index,
        from,
        removed: from - to,
        parts: Parts::one(to),
    }
}

/// Plays a move that [`lowered`] accepted: the number it names becomes
/// what the move leaves (a move of another kind changes nothing).
pub(crate) fn apply_lowering(args: &mut [u64], action: &Action) {
    if let Action::Heap {
        heap,
        from,
        removed,
        ..
    } = action
    {
        args[*heap] = from - removed;
    }
}
