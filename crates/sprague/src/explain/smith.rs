//! Games with draws (Smith 1966; Fraenkel & Yesha 1986): each component's
//! generalized Sprague-Grundy value, the rule for their sum, and for each
//! winning move the values it leaves; for a draw, the moves that keep it.

use super::table::prefix;
use crate::loopy::GenValue;
use crate::wrap::{para, unbroken, wrap};
use crate::{Error, Position};

/// `a ⊕ b ⊕ c`, or `0` for no terms.
fn xor_text(values: &[u64]) -> String {
    if values.is_empty() {
        return "0".to_string();
    }
    let terms: Vec<String> = values.iter().map(u64::to_string).collect();
    terms.join(" ⊕ ")
}

/// `∞(K ⊕ x)` written out: the set K with each element XORed with `x`.
fn shifted(k: &[u64], x: u64) -> GenValue {
    let mut set: Vec<u64> = k.iter().map(|v| v ^ x).collect();
    set.sort_unstable();
    GenValue::Infinite(set)
}

/// The rule of Smith's theorem that decides a sum worth `values`, in a
/// sentence.
pub(super) fn rule(values: &[GenValue]) -> String {
    let numbers: Vec<u64> = values.iter().filter_map(GenValue::finite).collect();
    let x = numbers.iter().fold(0, |a, b| a ^ b);
    let infinite: Vec<&GenValue> = values.iter().filter(|v| v.is_infinite()).collect();
    let several = values.len() > 1;
    match infinite.as_slice() {
        [] if several => format!(
            "Every component is worth a number (in each, whoever is winning can force \
             the play to end), so the sum is worth their nim-sum {} = {x}, as in the \
             Sprague-Grundy theorem; it is a P-position exactly when that is 0.",
            xor_text(&numbers)
        ),
        [] => format!(
            "The position is worth the number {x}: whoever is winning can force the \
             play to end, and it behaves as a nimber of that size; it is a P-position \
             exactly when that is 0."
        ),
        [GenValue::Infinite(k)] => {
            let k_value = GenValue::Infinite(k.clone());
            let lead = if several {
                let others = match numbers.as_slice() {
                    [one] => format!("the other is worth {one}"),
                    _ => format!("the others' nim-sum is {} = {x}", xor_text(&numbers)),
                };
                format!(
                    "One component is worth {k_value} and {others}, so the sum is worth \
                     ∞(K ⊕ {x}) = {}.",
                    shifted(k, x)
                )
            } else {
                format!("The position is worth {k_value}.")
            };
            let verdict = match (k.binary_search(&x).is_ok(), several) {
                (true, true) => format!(
                    "{x} is in K, so the player to move wins by taking that component \
                     to a position worth {x}: the sum is then worth numbers with \
                     nim-sum 0, a P-position"
                ),
                (true, false) => "0 is in K, so the player to move wins by moving to \
                                  a position worth 0, a P-position"
                    .to_string(),
                (false, true) => format!(
                    "{x} is not in K, so no move leads to a P-position, and the player \
                     to move can keep the play going forever: a draw"
                ),
                (false, false) => "0 is not in K, so no move leads to a P-position, and \
                                   the player to move can keep the play going forever: \
                                   a draw"
                    .to_string(),
            };
            format!(
                "{lead} A position worth ∞(K) is won for the player to move exactly \
                 when 0 is in K, and drawn otherwise. Here {verdict}."
            )
        }
        _ => format!(
            "{} components are worth ∞, so the sum is worth ∞(∅): whatever one player \
             does in one of them, the other can keep playing in another, and the game \
             is a draw.",
            infinite.len()
        ),
    }
}

/// The generalized-value part of the teaching view: one line per
/// component with its value, then the rule that decides the sum.
pub(super) fn write(
    out: &mut String,
    position: &Position,
    values: &[GenValue],
    drawing: &[(String, String)],
    drawing_cut: bool,
    verdict: &str,
) {
    para(
        out,
        "Smith's generalized Sprague-Grundy values (Smith 1966; Fraenkel & Yesha \
         1986): a position is worth a number when whoever is winning can force the \
         play to end, and ∞(K) when the play can go on forever, K the numbers among \
         the values of its options.",
    );
    out.push('\n');
    for (i, (c, v)) in position.components().iter().zip(values).enumerate() {
        let label = if position.components().len() > 1 {
            prefix(position, i).trim_end().to_string()
        } else {
            unbroken(c)
        };
        wrap(out, "  ", "      ", &format!("{label}: {v}"));
    }
    para(out, &format!("{} This is {verdict}.", rule(values)));
    if !drawing.is_empty() {
        para(
            out,
            &format!(
                "moves that keep the draw (every other move loses){}:",
                if drawing_cut { ", the first ones" } else { "" }
            ),
        );
        for (text, description) in drawing {
            wrap(out, &format!("  {text}: "), "      ", description);
        }
    }
}

/// The generalized values of `position`'s components.
pub(super) fn values(position: &Position, limits: &crate::Limits) -> Result<Vec<GenValue>, Error> {
    position
        .components()
        .iter()
        .map(|c| c.ruleset().rules().generalized_value(c.args(), limits))
        .collect()
}

/// Why a winning move, leading to `after`, wins.
pub(super) fn reason(after: &Position, limits: &crate::Limits) -> Result<String, Error> {
    let values = values(after, limits)?;
    let numbers: Vec<u64> = values.iter().filter_map(GenValue::finite).collect();
    Ok(if numbers.len() == values.len() {
        format!(
            "it leaves {}, whose components are all worth numbers with nim-sum {} = 0, \
             a P-position.",
            unbroken(after),
            xor_text(&numbers)
        )
    } else {
        // Cannot happen for a winning move (Smith's rule), but say what
        // the values are rather than claim a reason.
        let shown: Vec<String> = values.iter().map(GenValue::to_string).collect();
        format!(
            "it leaves {}, worth {}, a P-position.",
            unbroken(after),
            shown.join(" + ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_names_each_case() {
        let inf = |k: &[u64]| GenValue::Infinite(k.to_vec());
        assert!(rule(&[GenValue::Finite(1), GenValue::Finite(1)]).contains("1 ⊕ 1 = 0"));
        let won = rule(&[inf(&[0, 2]), GenValue::Finite(2)]);
        assert!(won.contains("∞(0,2)") && won.contains("∞(0,2)") && won.contains("2 is in K"));
        let drawn = rule(&[inf(&[0]), GenValue::Finite(3)]);
        assert!(
            drawn.contains("∞(3)") && drawn.contains("a draw"),
            "{drawn}"
        );
        assert!(rule(&[inf(&[0]), inf(&[1])]).contains("2 components are worth ∞"));
    }
}
