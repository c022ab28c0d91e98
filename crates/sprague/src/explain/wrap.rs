//! Plain-text layout: paragraphs wrapped at 78 columns, with formulas and
//! positions kept on one line.

use std::fmt;

/// Appends `text` wrapped at 78 columns, each line indented by `indent`
/// (the first by `first`).
pub(super) fn wrap(out: &mut String, first: &str, indent: &str, text: &str) {
    // A formula (`1 ⊕ 4 ⊕ 5 = 0`, `3 -> 1`) is one unit: no break before or
    // after an operator.
    let operator = |w: &str| matches!(w, "⊕" | "=" | "->");
    let mut units: Vec<String> = Vec::new();
    let mut after_operator = false;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match units.last_mut() {
            Some(unit) if operator(word) || after_operator => {
                unit.push('\u{a0}');
                unit.push_str(word);
            }
            _ => units.push(word.to_string()),
        }
        after_operator = operator(word);
    }
    let mut line = first.to_string();
    let mut empty = true;
    for unit in &units {
        if !empty && line.chars().count() + 1 + unit.chars().count() > 78 {
            out.push_str(&line.replace('\u{a0}', " "));
            out.push('\n');
            line = indent.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(unit);
        empty = false;
    }
    out.push_str(&line.replace('\u{a0}', " "));
    out.push('\n');
}

/// `text` with its spaces made unbreakable, so that [`wrap`] keeps it on
/// one line (a position's notation).
pub(super) fn unbroken(text: &impl fmt::Display) -> String {
    text.to_string().replace(' ', "\u{a0}")
}

pub(super) fn para(out: &mut String, text: &str) {
    out.push('\n');
    wrap(out, "", "", text);
}
