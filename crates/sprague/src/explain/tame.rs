//! Misère play of a sum of tame heaps (genus theory) and of a sum decided
//! in a misère quotient.

use super::{all_heaps, Method};
use crate::analysis::quotient_limits;
use crate::misere::{self, Genus, TameKind};
use crate::wrap::{para, unbroken, wrap};
use crate::{Error, Limits, Position};

/// One heap's line: its label (`c1 heap 2 (kayles 5)`) and what it counts
/// as (its genus, or its element of the quotient).
pub(super) type Line = (String, String);

/// The label of heap `j` of component `i` of `position`.
fn label(position: &Position, i: usize, j: usize, h: u64) -> String {
    let c = &position.components()[i];
    if position.components().len() > 1 {
        format!("c{} heap {} ({} {h})", i + 1, j + 1, c.ruleset())
    } else {
        format!("heap {} ({h})", j + 1)
    }
}

/// Each heap of `position` with its genus (every heap tame), and whether
/// one counts as a heap above 1.
///
/// # Errors
/// The errors of the genus computation.
pub(super) fn genus_lines(
    position: &Position,
    limits: &Limits,
) -> Result<(Vec<Line>, bool), Error> {
    let mut lines = Vec::new();
    let mut large = false;
    for (i, c) in position.components().iter().enumerate() {
        let max = c.heaps().iter().copied().max().unwrap_or(0);
        let kinds = if c.ruleset().is_nim() {
            None
        } else {
            misere::tame_kinds(c.ruleset(), max, limits)?
        };
        for (j, &h) in c.heaps().iter().enumerate() {
            let genus = match &kinds {
                Some(k) => k.kind(h).map_or_else(|| Genus::nim(h), TameKind::genus),
                None => Genus::nim(h),
            };
            large |= matches!(genus.tame_kind(), Some(TameKind::Large(_)));
            lines.push((label(position, i, j, h), genus.to_string()));
        }
    }
    Ok((lines, large))
}

/// The genus part of the teaching view.
pub(super) fn write_genus(out: &mut String, lines: &[Line], large: bool, verdict: &str) {
    para(
        out,
        "Misère play of tame heaps (genus theory: Conway, On Numbers and Games, ch. 12; \
         Winning Ways, ch. 13). A heap's genus g^γ0γ1... gives its Grundy value g and the \
         misère values γk of the heap plus k copies of *2. Every heap here is tame: its \
         genus is that of a Nim position, and so is every position that can follow. A sum \
         of tame games plays misère Nim on the values g: 0^120 counts as a heap of 0, \
         1^031 as a heap of 1, and g^(g, g⊕2) as a heap above 1 worth g.",
    );
    out.push('\n');
    for (l, g) in lines {
        wrap(out, &format!("  {l}: "), "      ", g);
    }
    let text = if !large {
        format!(
            "No heap counts as a heap above 1: the all-ones endgame of misère Nim, won by \
             leaving an odd number of heaps worth 1. This is {verdict}."
        )
    } else {
        format!(
            "A heap counts as a heap above 1, so play as in normal Nim on the values g \
             (keep the nim-sum at 0, and leave an odd number of 1s when the last large \
             heap goes). This is {verdict}."
        )
    };
    para(out, &text);
}

/// Why a winning move of a tame sum wins.
pub(super) fn genus_reason(after: &Position) -> String {
    format!(
        "it leaves {}, a P-position of misère Nim on the genus values.",
        unbroken(after)
    )
}

/// Each heap of `position` with its element of the quotient, and the
/// product with whether it is in the P-portion.
///
/// # Errors
/// The errors of the quotient computation.
pub(super) fn quotient_lines(
    position: &Position,
    bound: u64,
    limits: &Limits,
) -> Result<(Vec<Line>, String, String), Error> {
    let Some(first) = position.components().first() else {
        return Ok((Vec::new(), "1".into(), String::new()));
    };
    let q = misere::quotient::cached(first.ruleset(), bound, &quotient_limits(limits))?;
    let mut lines = Vec::new();
    let mut heaps = Vec::new();
    for (i, c) in position.components().iter().enumerate() {
        for (j, &h) in c.heaps().iter().enumerate() {
            lines.push((label(position, i, j, h), q.pretend_word(h)));
            heaps.push(h);
        }
    }
    let product = q
        .element_of(&heaps)
        .map(|e| q.element_word(e))
        .unwrap_or_default();
    let summary = format!(
        "the misère quotient of {} on heaps 0..={} has order {}, generators {}, relations {}, \
         and P-portion {{{}}}",
        first.ruleset(),
        q.bound(),
        q.order(),
        q.generators()
            .iter()
            .map(|(n, h)| format!("{n} = heap {h}"))
            .collect::<Vec<_>>()
            .join(", "),
        q.relations().join(", "),
        q.p_portion().join(", ")
    );
    Ok((lines, product, summary))
}

/// The quotient part of the teaching view.
pub(super) fn write_quotient(
    out: &mut String,
    lines: &[Line],
    product: &str,
    summary: &str,
    verdict: &str,
) {
    para(
        out,
        "Misère play decided in a misère quotient (Plambeck & Siegel 2008). Sums of heaps \
         that no other sum tells apart (adding any sum to each gives the same misère \
         outcome) form one element of a commutative monoid; each heap pretends to be its \
         element, a sum is worth the product of its heaps' elements, and it is a \
         P-position exactly when that product lies in the P-portion.",
    );
    para(out, &format!("Here {summary}."));
    out.push('\n');
    for (l, e) in lines {
        wrap(out, &format!("  {l}: "), "      ", e);
    }
    para(
        out,
        &format!("The product is {product}. This is {verdict}."),
    );
}

/// Why a winning move decided in a quotient wins.
pub(super) fn quotient_reason(after: &Position) -> String {
    format!(
        "it leaves {}, whose product of elements lies in the P-portion.",
        unbroken(after)
    )
}

/// The method of a sum decided in the misère quotient of heaps
/// `0..=bound` refined by its larger heaps (computed again, as the
/// analysis did).
///
/// # Errors
/// The errors of the computation.
pub(super) fn refined_method(
    position: &Position,
    bound: u64,
    limits: &Limits,
) -> Result<Method, Error> {
    let heaps = all_heaps(position);
    let Some(first) = position.components().first() else {
        return Err(Error::Internal("a refined quotient of no heaps".into()));
    };
    let (large, small): (Vec<u64>, Vec<u64>) = heaps.iter().partition(|&&h| h > bound);
    let l = misere::quotient::LargeHeaps::compute(
        first.ruleset(),
        Some(bound),
        &heaps,
        &quotient_limits(limits),
    )?;
    let (part, _) = l
        .split(&heaps)
        .ok_or_else(|| Error::Internal("a sum past its refined quotient".into()))?;
    let summary = format!(
        "the heaps up to {bound} are the small heaps; play reaches {} sum{} of heaps above {bound} \
         from {}, and the monoid of the small heaps that tells all of them apart has order {}",
        l.parts() - 1,
        if l.parts() == 2 { "" } else { "s" },
        words(&large),
        l.order()
    );
    Ok(Method::RefinedQuotient {
        bound,
        large: words(&large),
        small: match small.len() {
            0 => "there is no small heap".into(),
            1 => format!("the small heap is {}", small[0]),
            _ => format!("the small heaps are {}", words(&small)),
        },
        summary,
        p_count: (l.p_count(part), l.order()),
        is_p: l.is_p(&heaps).unwrap_or(false),
    })
}

/// The refined quotient part of the teaching view.
pub(super) fn write_refined(
    out: &mut String,
    large: &str,
    small: &str,
    summary: &str,
    (p_count, order): (usize, usize),
    is_p: bool,
    verdict: &str,
) {
    para(
        out,
        "Misère play decided in a misère quotient refined by the large heaps (the \
         construction of Plambeck & Siegel 2008 applied to sums of small heaps). The heaps \
         above a bound are kept whole, as the large part; for each large part that play can \
         reach, whether it plus the small heaps is a P-position depends only on the small \
         heaps' element in a commutative monoid (sums of small heaps that no large part tells \
         apart are one element), and each such monoid is proven as a quotient is.",
    );
    para(out, &format!("Here {summary}."));
    para(
        out,
        &format!(
            "The large part is {large} and {small}. With {large}, {p_count} of the {order} \
             elements {} a P-position, and the small heaps' element {} one of them. This is \
             {verdict}.",
            if p_count == 1 { "makes" } else { "make" },
            if is_p { "is" } else { "is not" }
        ),
    );
}

/// Why a winning move decided in a refined quotient (small heaps up to
/// `bound`) wins.
pub(super) fn refined_reason(after: &Position, bound: u64) -> String {
    let mut heaps = all_heaps(after);
    heaps.retain(|&h| h > 0);
    let (large, small): (Vec<u64>, Vec<u64>) = heaps.iter().partition(|&&h| h > bound);
    let small = match small.len() {
        0 => String::new(),
        1 => format!("the small heap {} makes", small[0]),
        _ => format!("the small heaps {} make", words(&small)),
    };
    match (large.is_empty(), small.is_empty()) {
        (true, _) => format!(
            "it leaves {}, with no heap above {bound}: {small} a P-position.",
            unbroken(after)
        ),
        (false, true) => format!(
            "it leaves {}: the large part {} alone is a P-position.",
            unbroken(after),
            words(&large)
        ),
        (false, false) => format!(
            "it leaves {}: with the large part {}, {small} a P-position.",
            unbroken(after),
            words(&large)
        ),
    }
}

/// Heap sizes joined by ` + `.
fn words(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}
