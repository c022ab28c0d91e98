//! The three text forms of the moves of the standard kinds
//! ([`write_action`]), the default of
//! [`Rules::write_move`](crate::ruleset::Rules::write_move): rulesets
//! write their moves here, below the move reader
//! ([`movetext`](crate::movetext)), which hands it on.

use std::fmt;

use crate::illegal::join;
use crate::{Action, MoveForm, Parts};

/// The three forms of the moves every ruleset of the standard kinds makes
/// (a heap replaced by parts, several heaps reduced, coins carried down a
/// staircase), for a component of the ruleset named `word`: the default
/// of [`Rules::write_move`](crate::ruleset::Rules::write_move).
///
/// # Errors
/// Only those of the formatter.
pub fn write_action(
    word: &str,
    action: &Action,
    form: MoveForm,
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    let left = |parts: &Parts| match parts.listed() {
        Some([]) => "nothing".to_string(),
        Some(many) => join(many, " and "),
        None => parts.to_string(),
    };
    match action {
        Action::Heap {
            heap,
            from,
            removed,
            parts,
        } => {
            let heap = heap + 1;
            match form {
                MoveForm::Listed => {
                    write!(f, "{word} heap {heap}: {from} -> {parts}")?;
                    // One heap left says how many went; otherwise say it (a
                    // pure split, as in Grundy's game, removes nothing).
                    if parts.count() != 1 && *removed > 0 {
                        write!(f, " (removed {removed})")?;
                    }
                    Ok(())
                }
                MoveForm::Short if parts.count() <= 1 && *removed >= 1 => {
                    write!(f, "{heap} {removed}")
                }
                MoveForm::Short => {
                    write!(f, "{heap} ->")?;
                    for &p in parts.sizes() {
                        for _ in 0..parts.copies() {
                            write!(f, " {p}")?;
                        }
                    }
                    Ok(())
                }
                MoveForm::Words if *removed == 0 => {
                    write!(f, "split heap {heap} ({from} -> {})", left(parts))
                }
                MoveForm::Words => write!(
                    f,
                    "take {removed} from heap {heap} ({from} -> {})",
                    left(parts)
                ),
            }
        }
        Action::Heaps { changes } => match form {
            MoveForm::Listed => {
                let heaps: Vec<String> = changes.iter().map(|c| (c.heap + 1).to_string()).collect();
                let sizes: Vec<String> = changes
                    .iter()
                    .map(|c| format!("{} -> {}", c.from, c.to))
                    .collect();
                let noun = if changes.len() == 1 { "heap" } else { "heaps" };
                write!(
                    f,
                    "{word} {noun} {}: {}",
                    heaps.join(", "),
                    sizes.join(", ")
                )
            }
            MoveForm::Short => {
                for (i, c) in changes.iter().enumerate() {
                    if i > 0 {
                        f.write_char(' ')?;
                    }
                    write!(f, "{}:{}", c.heap + 1, c.from - c.to)?;
                }
                Ok(())
            }
            MoveForm::Words => {
                let what: Vec<String> = changes
                    .iter()
                    .map(|c| {
                        format!(
                            "{} from heap {} ({} -> {})",
                            c.from - c.to,
                            c.heap + 1,
                            c.from,
                            c.to
                        )
                    })
                    .collect();
                write!(f, "take {}", what.join(" and "))
            }
        },
        // Rulesets with tokens write their own node names; this is the
        // numbered form.
        Action::Token { token, from, to } => match form {
            MoveForm::Listed => write!(f, "{word} token {}: {from} -> {to}", token + 1),
            MoveForm::Short => write!(f, "{} {to}", token + 1),
            MoveForm::Words => write!(f, "move token {} from {from} to {to}", token + 1),
        },
        // Hackenbush writes its own edge names; this is the numbered form.
        Action::Cut { part, edge, .. } => match form {
            MoveForm::Listed => write!(f, "{word} picture {}: cut edge {}", part + 1, edge + 1),
            MoveForm::Short => write!(f, "{} {}", part + 1, edge + 1),
            MoveForm::Words => write!(f, "cut edge {} of picture {}", edge + 1, part + 1),
        },
        // Games on graphs and boards write their own names; this is the
        // numbered form.
        Action::Pick { part, at, and } => {
            let and = and.map(|b| format!("-{b}")).unwrap_or_default();
            match form {
                MoveForm::Listed => write!(f, "{word} part {}: take {at}{and}", part + 1),
                MoveForm::Short => write!(f, "{} {at}{and}", part + 1),
                MoveForm::Words => write!(f, "take {at}{and} of part {}", part + 1),
            }
        }
        // Coin games write their own moves; this is the plain form.
        Action::Turn { coins, across, .. } => {
            let side = |runs: &[(u64, u64)]| {
                runs.iter()
                    .map(|&(a, b)| {
                        if a == b {
                            a.to_string()
                        } else {
                            format!("{a}-{b}")
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(".")
            };
            let mut name = side(coins);
            if !across.is_empty() {
                name = format!("{name}x{}", side(across));
            }
            match form {
                MoveForm::Listed => write!(f, "{word} turn {name}"),
                MoveForm::Short => write!(f, "{name}"),
                MoveForm::Words => write!(f, "turn coins {name}"),
            }
        }
        // A game in code writes the position a move leaves; this is the
        // numbered form.
        Action::Listed { index } => match form {
            MoveForm::Listed => write!(f, "{word} move {}", index + 1),
            MoveForm::Short => write!(f, "{}", index + 1),
            MoveForm::Words => write!(f, "move {}", index + 1),
        },
        Action::Stair { step, from, coins } => {
            let noun = if *coins == 1 { "coin" } else { "coins" };
            let number = step + 1;
            let to = from - coins;
            match form {
                MoveForm::Listed if *step == 0 => write!(
                    f,
                    "{word} step {number}: {from} -> {to} ({coins} {noun} to the ground)"
                ),
                MoveForm::Listed => write!(
                    f,
                    "{word} step {number}: {from} -> {to} ({coins} {noun} down to step {step})"
                ),
                MoveForm::Short => write!(f, "{number} {coins}"),
                MoveForm::Words if *step == 0 => write!(
                    f,
                    "carry {coins} {noun} from step {number} ({from} -> {to}) to the ground"
                ),
                MoveForm::Words => write!(
                    f,
                    "carry {coins} {noun} from step {number} ({from} -> {to}) to step {step}"
                ),
            }
        }
    }
}
