//! Plain-text layout: paragraphs wrapped at 78 columns, with formulas and
//! positions kept on one line.

use std::fmt;

/// Appends `text` wrapped at 78 columns (textwrap), each line indented by
/// `indent` (the first by `first`). A formula (`1 ⊕ 4 ⊕ 5 = 0`, `3 -> 1`)
/// is one unit: no break before or after an operator.
///
/// ```
/// let mut out = String::new();
/// sprague::explain::wrap(&mut out, "  why: ", "       ", "the new nim-sum is 5 ⊕ 4 ⊕ 1 = 0.");
/// assert_eq!(out, "  why: the new nim-sum is 5 ⊕ 4 ⊕ 1 = 0.\n");
/// ```
pub fn wrap(out: &mut String, first: &str, indent: &str, text: &str) {
    let mut glued = text.to_string();
    for op in ["⊕", "=", "->"] {
        glued = glued.replace(&format!(" {op} "), &format!("\u{a0}{op}\u{a0}"));
    }
    let options = textwrap::Options::new(78)
        .initial_indent(first)
        .subsequent_indent(indent)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    out.push_str(&textwrap::fill(&glued, options).replace('\u{a0}', " "));
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
