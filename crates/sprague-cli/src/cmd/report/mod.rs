//! How an analysis is shown: the JSON object of SPEC section 3 and the human
//! view.

mod loopy;

use std::fmt::Write as _;
use std::io::{self, Write};

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use sprague::{
    movetext, Analysis, Basis, Component, Limits, Move, MoveChange, MoveKind, Outcome, Play,
    Position,
};

/// The JSON object of `analyze --json` (SPEC section 3) for an analysis of
/// a position: the one builder of that object, used by `analyze --json`,
/// `batch --json` and the web API (`sprague serve`). It serializes
/// streaming: each move is made as it is written, so a huge list needs no
/// more memory than one position.
///
/// Fields: `position`, `play` (`normal`/`misere`), `outcome` (`P`/`N`),
/// `basis` (what decided it: `bouton`, `misere-nim`, `moore`, `staircase`,
/// `period`, `table`, `sprague-grundy`, `search`), `value` (number or
/// null), `winning_moves` (each a [`MoveJson`]), and two of ours:
/// `truncated` (the list was cut at `--max-moves`) and
/// `total_winning_moves` (number or null when not known). The shape is
/// docs/schema/analysis.schema.json.
///
/// Size: each listed move costs at most [`MAX_AFTER`] bytes of `after` and
/// a few dozen bytes of fields, so an object is at most its position plus
/// that much a listed move (a 40,001-heap position does not repeat itself
/// after each of its moves).
#[derive(Clone, Copy, Debug)]
pub struct AnalysisJson<'a> {
    /// The position analysed.
    pub position: &'a Position,
    /// Its analysis.
    pub analysis: &'a Analysis,
}

impl Serialize for AnalysisJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (position, analysis) = (self.position, self.analysis);
        let text = position.to_string();
        let mut map = s.serialize_map(Some(8))?;
        map.serialize_entry("position", &text)?;
        map.serialize_entry("play", analysis.play.name())?;
        map.serialize_entry("outcome", &analysis.outcome.to_string())?;
        map.serialize_entry("basis", analysis.basis.word())?;
        map.serialize_entry("value", &analysis.value)?;
        let moves = WinningMoves {
            position,
            moves: &analysis.winning_moves,
            write_after: text.len() <= MAX_AFTER,
        };
        map.serialize_entry("winning_moves", &moves)?;
        map.serialize_entry("truncated", &analysis.truncated())?;
        map.serialize_entry("total_winning_moves", &analysis.total_winning_moves())?;
        if let Some(why) = value_unknown(analysis) {
            map.serialize_entry("value_unknown", why)?;
        }
        if let Some(loopy) = &analysis.loopy {
            loopy::serialize_loopy(&mut map, position, loopy, text.len() <= MAX_AFTER)?;
        }
        if let Some(r) = analysis.remoteness {
            map.serialize_entry("remoteness", &r)?;
        }
        map.end()
    }
}

/// Why `value` is null under normal play when a theorem decided the
/// outcome without it: `budget` (its search stopped at the small budget of
/// a value not asked for; `--value` searches within `--max-states`),
/// `limit` (a limit stopped it) or `not-asked`. `None` when the value is
/// known, under misère play, and for a draw.
fn value_unknown(analysis: &Analysis) -> Option<&'static str> {
    if analysis.value.is_some() || analysis.play == Play::Misere || analysis.loopy.is_some() {
        return None;
    }
    Some(match (&analysis.value_limit, analysis.value_budget) {
        (Some(_), _) => "limit",
        (None, Some(_)) => "budget",
        (None, None) => "not-asked",
    })
}

/// The longest position (its text, in bytes) whose whole position after
/// each winning move JSON writes (`after`); past it `after` is null and the
/// move's fields say what changed. The human view's limit too.
pub const MAX_AFTER: usize = 2_000;

/// The `winning_moves` list, each move made as it is written.
pub(super) struct WinningMoves<'a> {
    pub(super) position: &'a Position,
    pub(super) moves: &'a [Move],
    pub(super) write_after: bool,
}

impl Serialize for WinningMoves<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.moves.len()))?;
        for m in self.moves {
            // The position after may be longer than the one before (a heap
            // split into K equal heaps): it is written within the bound too.
            let after = if self.write_after {
                let after = self.position.play(m).map_err(serde::ser::Error::custom)?;
                Some(after.to_string()).filter(|t| t.len() <= MAX_AFTER)
            } else {
                None
            };
            seq.serialize_element(&MoveJson::new(self.position, m, after))?;
        }
        seq.end()
    }
}

/// One move in JSON: its text (`move`), the whole position after it
/// (`after`, or null past [`MAX_AFTER`]), the component it is played in
/// (`component`, from 0, and that component's `ruleset` word) and what it
/// changes there (`change`, a [`MoveChange`]). Numbered from 0, as in the
/// library's fields (the text numbers from 1).
#[derive(Debug, Serialize)]
pub struct MoveJson {
    /// The move as `analyze` lists it.
    pub r#move: String,
    /// The whole position after the move, or `None` past [`MAX_AFTER`].
    pub after: Option<String>,
    /// The index of the component played in, from 0.
    pub component: usize,
    /// That component's ruleset word, as written.
    pub ruleset: String,
    /// What the move changes in that component.
    pub change: MoveChange,
}

impl MoveJson {
    /// The JSON of `mv`, a move of `position`, with `after` as given.
    pub fn new(position: &Position, mv: &Move, after: Option<String>) -> MoveJson {
        let component = position.components().get(mv.component());
        MoveJson {
            r#move: mv.display(position).to_string(),
            after,
            component: mv.component(),
            ruleset: component.map_or_else(String::new, |c| c.ruleset().word().to_string()),
            change: MoveChange::new(component, mv.action()),
        }
    }
}

/// Writes [`AnalysisJson`] of `analysis` of `position` on one line.
pub fn write_json(
    out: &mut impl Write,
    position: &Position,
    analysis: &Analysis,
) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &AnalysisJson { position, analysis })
        .map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// At most this many terms of a nim-sum are written out.
const MAX_TERMS: usize = 16;
/// Positions with more heaps than this are not repeated after each move.
const MAX_HEAPS_SHOWN: usize = 64;

/// The longest position text (in bytes) the human view writes after each
/// winning move: JSON's limit.
const MAX_POSITION_SHOWN: usize = MAX_AFTER;

/// `a ⊕ b ⊕ c`, eliding the middle of long sums.
fn xor_terms(values: &[u64]) -> String {
    let shown: Vec<String> = if values.len() <= MAX_TERMS {
        values.iter().map(u64::to_string).collect()
    } else {
        let mut v: Vec<String> = values[..MAX_TERMS - 2].iter().map(u64::to_string).collect();
        v.push(format!("… ({} terms) …", values.len()));
        v.push(values[values.len() - 1].to_string());
        v
    };
    if shown.is_empty() {
        "0".to_string()
    } else {
        shown.join(" ⊕ ")
    }
}

/// How a component's Grundy value comes about, in a few words, by the
/// basis that decided it: the nim-sum of its heaps, of its odd steps, or of
/// its heaps' values; `None` when it was searched for or given by Moore's
/// theorem.
fn value_detail(c: &Component, basis: Basis, limits: &Limits) -> Option<String> {
    Some(match basis {
        Basis::Bouton => xor_terms(c.heaps()),
        Basis::Staircase if c.ruleset().word() == "staircase:floor" => {
            // Stair 1 is the floor: the even stairs count.
            let even: Vec<u64> = c.heaps().iter().skip(1).step_by(2).copied().collect();
            format!("even stairs {}", xor_terms(&even))
        }
        Basis::Staircase => {
            let odd: Vec<u64> = c.heaps().iter().step_by(2).copied().collect();
            format!("odd steps {}", xor_terms(&odd))
        }
        Basis::Search { .. } => return None,
        // At most K non-empty heaps of Nim_k: worth their sum (every
        // smaller heap list is an option); otherwise a P-position by
        // Moore's theorem, said below.
        Basis::Moore => {
            let MoveKind::Heaps { max: k } = c.ruleset().move_kind() else {
                return None;
            };
            let live: Vec<String> = c
                .heaps()
                .iter()
                .filter(|&&h| h > 0)
                .map(u64::to_string)
                .collect();
            if live.is_empty() || live.len() as u64 > k {
                return None;
            }
            match live.len() {
                1 => "a lone heap is a Nim heap, worth its size".to_string(),
                n if n <= MAX_TERMS => format!(
                    "at most {k} non-empty heaps are worth their sum, {}",
                    live.join(" + ")
                ),
                _ => format!("at most {k} non-empty heaps are worth their sum"),
            }
        }
        _ if c.argument_count() == 0 => "no heaps".into(),
        // Tokens on nodes, pictures: each a game of its own.
        _ if c.ruleset().has_named_arguments() && c.argument_count() <= MAX_TERMS => {
            let noun = match c.ruleset().move_kind() {
                MoveKind::Token => "tokens",
                MoveKind::Cut => "pictures",
                // Graphs and boards; a Geography component is a sum of
                // tokens, each on its own graph.
                MoveKind::Pick if c.ruleset().word() == "geography" => "tokens",
                _ => "parts",
            };
            let rules = c.ruleset().rules();
            let values: Option<Vec<u64>> = (0..c.argument_count())
                .map(|j| {
                    let alone = rules.argument_alone(c.args(), j)?;
                    rules.valued(&alone, limits).ok().map(|v| v.0)
                })
                .collect();
            match values {
                Some(values) if values.len() > 1 => format!("{noun} {}", xor_terms(&values)),
                _ => return None,
            }
        }
        // G(20) = 2; G(3) ⊕ G(5) = 1 ⊕ 4 = 5.
        _ if c.ruleset().is_heap_game() && c.heaps().len() <= MAX_TERMS => {
            let terms: Vec<String> = c.heaps().iter().map(|&h| format!("G({h})")).collect();
            let values: Option<Vec<u64>> = c
                .heaps()
                .iter()
                .map(|&h| c.ruleset().heap_value(h, limits).ok())
                .collect();
            match values {
                Some(values) if values.len() > 1 => {
                    format!("{} = {}", terms.join(" ⊕ "), xor_terms(&values))
                }
                _ => terms.join(" ⊕ "),
            }
        }
        _ if c.ruleset().is_heap_game() => "the nim-sum of its heaps' values".into(),
        // A whole component (a Wythoff pair): its value as such; a theorem
        // that gives every value (Euclid's game, Welter's function) says so.
        Basis::Theorem { .. } => match c.ruleset().closed_component_value(c.args()) {
            Some(v) if v != 0 => "by the ruleset's closed form".into(),
            _ => "a P-position".into(),
        },
        Basis::Table => "from a table of its values".into(),
        _ => return None,
    })
}

/// The misère Nim rule that decided the outcome, in words.
fn misere_nim_rule(position: &Position) -> String {
    let heaps: Vec<u64> = position
        .components()
        .iter()
        .flat_map(|c| c.heaps().iter().copied())
        .collect();
    if heaps.iter().all(|&h| h <= 1) {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        format!(
            "no heap above 1, so count the 1-heaps: {ones} ({}); an odd count loses for the player to move",
            if ones % 2 == 1 { "odd" } else { "even" }
        )
    } else {
        let s = heaps.iter().fold(0, |a, b| a ^ b);
        format!(
            "a heap above 1, so as in normal play: nim-sum {} = {s}",
            xor_terms(&heaps)
        )
    }
}

/// The human view of an analysis.
pub fn human(position: &Position, analysis: &Analysis, limits: &Limits) -> String {
    if let Some(loopy) = &analysis.loopy {
        return loopy::human(position, analysis, loopy);
    }
    let mut out = String::new();
    let _ = writeln!(out, "position: {position}");
    let _ = writeln!(out, "play:     {}", analysis.play);
    let _ = writeln!(out, "basis:    {}", basis_words(analysis.basis));
    if let Some(value) = analysis.value {
        if analysis.basis == Basis::Bouton {
            let heaps: Vec<u64> = position
                .components()
                .iter()
                .flat_map(|c| c.heaps().iter().copied())
                .collect();
            let _ = writeln!(out, "nim-sum:  {} = {value}", xor_terms(&heaps));
        } else {
            for ((c, v), &basis) in position
                .components()
                .iter()
                .zip(&analysis.component_values)
                .zip(&analysis.component_bases)
            {
                let _ = match value_detail(c, basis, limits) {
                    Some(detail) if detail != v.to_string() => {
                        writeln!(out, "  {c}: {detail} = {v}")
                    }
                    Some(_) => writeln!(out, "  {c}: {v}"),
                    None if basis == Basis::Moore => {
                        writeln!(out, "  {c}: {v} (by Moore's theorem)")
                    }
                    None if !basis.is_search() => writeln!(out, "  {c}: {v}"),
                    // Only Moore's theorem, among the rulesets of several
                    // heaps changed at once, gives the P-positions alone.
                    None if !matches!(c.ruleset().move_kind(), MoveKind::Heaps { .. })
                        || c.ruleset()
                            .rules()
                            .lone_outcome(c.args(), sprague::Play::Normal)
                            .is_none_or(|(_, b)| b != Basis::Moore) =>
                    {
                        writeln!(out, "  {c}: {v} (by search)")
                    }
                    None => writeln!(
                        out,
                        "  {c}: {v} (by search; Moore's theorem gives only the P-positions)"
                    ),
                };
            }
            if position.components().len() > 1 {
                let _ = writeln!(
                    out,
                    "nim-sum:  {} = {value}",
                    xor_terms(&analysis.component_values)
                );
            }
        }
        let _ = writeln!(out, "value:    {value} (Grundy value, normal play)");
    } else if analysis.play == Play::Misere {
        if analysis.basis == Basis::MisereNim {
            let _ = writeln!(out, "rule:     misère Nim: {}", misere_nim_rule(position));
        }
    } else {
        // A theorem decided the outcome without the value.
        let why = match (&analysis.value_limit, analysis.value_budget) {
            (Some(e), _) => format!("{}", super::LibError(e.clone())),
            (None, Some(budget)) => format!(
                "not computed: its search stopped at {budget} positions, the budget of a value \
                 not asked for; --value searches within --max-states"
            ),
            (None, None) => "not computed".to_string(),
        };
        let _ = writeln!(out, "value:    unknown, the outcome needs no value ({why})");
    }
    let _ = writeln!(
        out,
        "outcome:  {} ({})",
        analysis.outcome,
        analysis.outcome.describe()
    );
    match analysis.outcome {
        Outcome::P => {
            let _ = writeln!(
                out,
                "winning moves: none (every move leads to an N-position)"
            );
        }
        Outcome::N if analysis.winning_moves.is_empty() && !analysis.truncated() => {
            let _ = writeln!(
                out,
                "winning moves: none needed (no move is left, and under misère play the player who cannot move wins)"
            );
        }
        Outcome::N => {
            let count = match (analysis.total_winning_moves(), analysis.truncated()) {
                (Some(total), _) => total.to_string(),
                (None, true) if !analysis.unsearched().is_empty() => format!(
                    "{} found; the list may be incomplete",
                    analysis.winning_moves.len()
                ),
                (None, true) => format!("{} shown, more exist", analysis.winning_moves.len()),
                (None, false) => analysis.winning_moves.len().to_string(),
            };
            let _ = writeln!(out, "winning moves ({count}):");
            let listed = analysis.winning_moves.len() as u64;
            // The position after each move, when it is short enough to read
            // (few heaps; no huge Hackenbush picture).
            let show_after = position.heap_count() <= MAX_HEAPS_SHOWN
                && position.to_string().len() <= MAX_POSITION_SHOWN;
            for mv in &analysis.winning_moves {
                let _ = write!(out, "  {}", movetext::describe(position, mv));
                if show_after {
                    // (A split into many equal heaps makes it longer.)
                    if let Ok(after) = position.play(mv) {
                        let text = after.to_string();
                        if after.heap_count() <= MAX_HEAPS_SHOWN && text.len() <= MAX_POSITION_SHOWN
                        {
                            let _ = write!(out, ", leaving {text}");
                        }
                    }
                }
                out.push('\n');
            }
            for &i in analysis.unsearched() {
                let _ = writeln!(
                    out,
                    "  (the moves in component {} ({}) may be listed only in part: finding \
                     them all needs a search past the limits; raise --max-states to include them)",
                    i + 1,
                    position.components()[i]
                );
            }
            if analysis.truncated() && analysis.unsearched().is_empty() {
                let more = match analysis.total_winning_moves() {
                    Some(total) => format!("and {} more", total.saturating_sub(listed)),
                    None => "and more".to_string(),
                };
                // `--max-moves all` stops at the cap where lists can be
                // astronomically long: it cannot be what lists the rest.
                let how = if listed >= super::DEFAULT_MOVE_CAP as u64 {
                    format!(
                        "--max-moves all lists at most {} for this game; --max-moves N lists \
                         the first N",
                        super::DEFAULT_MOVE_CAP
                    )
                } else {
                    "--max-moves all lists them, --max-moves N the first N".to_string()
                };
                let _ = writeln!(out, "  ... {more}; {how}");
            }
        }
        Outcome::D => {}
    }
    loopy::write_remoteness(&mut out, analysis);
    out
}

/// What decided an analysis, in words for the human view (JSON gives the
/// basis's word).
pub(crate) fn basis_words(basis: Basis) -> String {
    match basis {
        Basis::Bouton => "Bouton's theorem (a sum of Nim heaps is worth their nim-sum)".into(),
        Basis::MisereNim => {
            "the misère Nim rule (play as in normal play until every heap would be 0 or 1, \
             then leave an odd number of 1-heaps)"
                .into()
        }
        Basis::Moore => {
            "Moore's theorem for Nim_k (count the 1s in each binary column modulo k + 1)".into()
        }
        Basis::Staircase => "the staircase reduction (Nim on the odd-numbered steps)".into(),
        Basis::Period => "a proven period of the nim-sequence".into(),
        Basis::ArithmeticPeriod => "a proven arithmetic period of the nim-sequence (G(n + p) = \
                                    G(n) + s from the preperiod on; see `period`)"
            .into(),
        Basis::Table => "a computed table of Grundy values".into(),
        Basis::Theorem { name, .. } | Basis::Rule { name, .. } => name.into(),
        Basis::SpragueGrundy => {
            "the Sprague-Grundy theorem (a sum is worth the nim-sum of its components' values)"
                .into()
        }
        Basis::Genus => "the tame-sum theorem of genus theory (every heap is tame: misère Nim \
                         on the genus values)"
            .into(),
        Basis::Quotient { bound, order } => format!(
            "the misère quotient of heaps 0..={bound} (order {order}: the product of the \
             heaps' elements is in the P-portion exactly for P-positions)"
        ),
        Basis::RefinedQuotient {
            bound,
            order,
            parts,
        } => format!(
            "the misère quotient of heaps 0..={bound} refined by the larger heaps ({} sum{} of \
             heaps above {bound} that play can reach: whether each, plus the smaller heaps, is a \
             P-position depends only on the smaller heaps' element in a monoid of order {order})",
            parts - 1,
            if parts == 2 { "" } else { "s" }
        ),
        Basis::Search { positions } => format!(
            "a search by the definitions ({positions} position{} stored)",
            if positions == 1 { "" } else { "s" }
        ),
        _ => basis.word().into(),
    }
}
