//! Cross-checking closed forms against the search by definition.

use crate::{
    Analyzer, Basis, Component, Error, Limits, Outcome, Play, Position, Ruleset, Solver, SumGame,
};

/// What [`verify`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VerifyReport {
    /// The number of positions checked.
    pub checked: u64,
    /// The number of positions where the closed form and the search
    /// disagreed.
    pub disagreements: u64,
    /// The first disagreements found (at most 20), each a position and what
    /// differed.
    pub examples: Vec<(Position, String)>,
    /// What decided the positions checked, by the basis's word
    /// ([`Basis::word`]), in the order first met: the first basis met of
    /// each word and how many positions it (or another of the same word,
    /// such as a quotient of other heaps) decided. Under misère play this
    /// says which of genus and misère quotients was checked.
    pub bases: Vec<(Basis, u64)>,
}

impl VerifyReport {
    /// Counts one more position decided on `basis`.
    fn count_basis(&mut self, basis: Basis) {
        match self
            .bases
            .iter_mut()
            .find(|(b, _)| b.word() == basis.word())
        {
            Some((_, n)) => *n += 1,
            None => self.bases.push((basis, 1)),
        }
    }
}

/// Checks the analysis of `ruleset` (its closed form or fast algorithm, as
/// used by [`Analyzer`]) against the generic [`Solver`] on every position of
/// one component with at most `max_heaps` heaps of size at most `max_heap`,
/// heaps in every order: `sum over h <= max_heaps of (max_heap + 1)^h`
/// positions.
///
/// For each position it compares the outcome class, the Grundy value (under
/// normal play, when the closed form gives one), and the complete list of
/// winning moves, as the set of positions they lead to.
///
/// Under misère play what is checked is what [`Analyzer`] decides without
/// a search: the misère Nim rule, Wythoff's misère closed form, and for
/// heap games genus theory (sums of tame heaps) and misère quotients
/// (Kayles, Dawson's Kayles, `octal:0.75`, `sub:1,2`, Grundy's game...);
/// [`VerifyReport::bases`] says which decided how many positions.
///
/// # Errors
/// [`Error::Unsupported`] for misère play of a ruleset whose misère play
/// is always searched (there would be nothing to check); limit errors
/// when the search needs more than `limits` allow.
///
/// ```
/// use sprague::{verify, Limits, Play};
/// let report = verify(&"moore:2".parse()?, Play::Normal, 3, 4, Limits::default())?;
/// assert_eq!(report.checked, 1 + 5 + 25 + 125);
/// assert_eq!(report.disagreements, 0);
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn verify(
    ruleset: &Ruleset,
    play: Play,
    max_heaps: usize,
    max_heap: u64,
    limits: Limits,
) -> Result<VerifyReport, Error> {
    verify_with_progress(ruleset, play, max_heaps, max_heap, limits, &mut |_| {})
}

/// As [`verify`], calling `progress` with the number of heap sequences
/// enumerated so far (out of [`verify_positions`]`(max_heaps, max_heap)`;
/// a sequence the ruleset refuses as a component counts too) every 1,024
/// sequences and once at the end.
///
/// # Errors
/// As for [`verify`].
pub fn verify_with_progress(
    ruleset: &Ruleset,
    play: Play,
    max_heaps: usize,
    max_heap: u64,
    limits: Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<VerifyReport, Error> {
    let analyzer = Analyzer::new(limits);
    // The analyzer says what decides misère play of this ruleset: where it
    // is a search there is no closed form to check against the search.
    // (Two arguments of 2, or of 0 where the ruleset has no argument 2,
    // as a small graph has no node numbered 2; 1 and 2 where arguments
    // must differ, as the coins of Welter's game.)
    let probe = Component::new(ruleset.clone(), vec![2, 2])
        .or_else(|_| Component::new(ruleset.clone(), vec![0, 0]))
        .or_else(|_| Component::new(ruleset.clone(), vec![1, 2]))?;
    let probe = Position::new(vec![probe]);
    if play == Play::Misere && analyzer.analyze(&probe, play, Some(0))?.basis.is_search() {
        return Err(Error::Unsupported(format!(
            "{} has no misère closed form to verify (misère play of it is always searched)",
            ruleset.word()
        )));
    }
    let mut solver = Solver::new(SumGame::new(limits)).with_max_states(limits.max_states);
    let mut report = VerifyReport {
        checked: 0,
        disagreements: 0,
        examples: Vec::new(),
        bases: Vec::new(),
    };
    let mut heaps: Vec<u64> = Vec::new();
    let mut enumerated: u64 = 0;
    loop {
        enumerated += 1;
        if enumerated.is_multiple_of(1024) {
            progress(enumerated);
        }
        if let Ok(component) = Component::new(ruleset.clone(), heaps.clone()) {
            let position = Position::new(vec![component]);
            report.checked += 1;
            let (basis, differs) = compare(&analyzer, &mut solver, &position, play)?;
            report.count_basis(basis);
            if let Some(what) = differs {
                report.disagreements += 1;
                if report.examples.len() < 20 {
                    report.examples.push((position, what));
                }
            }
        }
        if !next_heaps(&mut heaps, max_heaps, max_heap) {
            break;
        }
    }
    progress(enumerated);
    Ok(report)
}

/// The number of heap sequences [`verify`] enumerates: `sum over h <=
/// max_heaps of (max_heap + 1)^h`, or `None` past `u64::MAX`.
///
/// ```
/// assert_eq!(sprague::verify_positions(3, 4), Some(1 + 5 + 25 + 125));
/// assert_eq!(sprague::verify_positions(64, u64::MAX), None);
/// ```
pub fn verify_positions(max_heaps: usize, max_heap: u64) -> Option<u64> {
    (0..=u32::try_from(max_heaps).ok()?).try_fold(0u64, |acc, h| {
        acc.checked_add(max_heap.checked_add(1)?.checked_pow(h)?)
    })
}

/// Steps `heaps` to the next sequence (shorter before longer, then
/// odometer order); false after the last.
fn next_heaps(heaps: &mut Vec<u64>, max_heaps: usize, max_heap: u64) -> bool {
    for h in heaps.iter_mut() {
        if *h < max_heap {
            *h += 1;
            return true;
        }
        *h = 0;
    }
    if heaps.len() < max_heaps {
        heaps.push(0);
        return true;
    }
    false
}

/// What decided the analysis of `position`, and what differs between the
/// analysis and the search, if anything.
fn compare(
    analyzer: &Analyzer,
    solver: &mut Solver<SumGame>,
    position: &Position,
    play: Play,
) -> Result<(Basis, Option<String>), Error> {
    let analysis = analyzer.analyze(position, play, None)?;
    Ok((
        analysis.basis,
        differences(&analysis, solver, position, play)?,
    ))
}

/// What differs between `analysis` and the search of `position`, if
/// anything.
fn differences(
    analysis: &crate::Analysis,
    solver: &mut Solver<SumGame>,
    position: &Position,
    play: Play,
) -> Result<Option<String>, Error> {
    let outcome = solver.outcome(position, play)?;
    if analysis.outcome != outcome {
        return Ok(Some(format!(
            "outcome {} by the closed form, {outcome} by search",
            analysis.outcome
        )));
    }
    if let (Play::Normal, Some(v)) = (play, analysis.value) {
        let searched = solver.grundy_value(position)?;
        if v != searched {
            return Ok(Some(format!(
                "Grundy value {v} by the closed form, {searched} by search"
            )));
        }
    }
    let mut listed: Vec<String> = Vec::new();
    for m in &analysis.winning_moves {
        let after = position.play(m).map_err(|e| {
            Error::Internal(format!(
                "the closed form listed {}: {e}",
                m.display(position)
            ))
        })?;
        listed.push(after.to_string());
    }
    let mut searched: Vec<String> = solver
        .winning_moves(position, play)?
        .iter()
        .map(|m| {
            position.play(m).map(|p| p.to_string()).map_err(|e| {
                Error::Internal(format!("the search listed {}: {e}", m.display(position)))
            })
        })
        .collect::<Result<_, _>>()?;
    listed.sort();
    searched.sort();
    if listed != searched || (outcome == Outcome::P && !listed.is_empty()) {
        return Ok(Some(format!(
            "winning moves lead to [{}] by the closed form, [{}] by search",
            listed.join("; "),
            searched.join("; ")
        )));
    }
    Ok(None)
}
