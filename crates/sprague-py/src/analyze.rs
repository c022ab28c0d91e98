//! What the CLI's `analyze`, `analyze --explain`, `play` and `verify` answer,
//! for positions written as the CLI reads them (`"nim 3 4 5 + kayles 7"`).

use pyo3::prelude::*;

use sprague::{Analyzer, Limits, Play, Position, PositionParser};

use crate::errors;
use crate::movefields::{Change, ChangeDict};

/// The most winning moves listed by default for positions whose lists can
/// be astronomically long (as the CLI's JSON does).
const DEFAULT_MOVE_CAP: usize = 10_000;

/// The library limits asked for by the keyword arguments.
pub fn limits(
    max_states: usize,
    max_table: u64,
    max_table_work: u64,
    max_period_search: u64,
) -> Limits {
    Limits {
        max_states,
        max_table,
        max_table_work,
        max_period_search,
        ..Limits::default()
    }
}

/// The play convention.
pub fn play_of(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

/// Parses a position as the CLI does, reading the graph file of each
/// `digraph:FILE` word first (the library reads no files).
pub fn parse_position(text: &str) -> PyResult<Position> {
    let mut parser = PositionParser::new();
    if text.contains("digraph:") {
        for word in text.split(|c: char| c.is_whitespace() || c == '+') {
            if graph_file(word).is_some() && !parser.is_defined(word) {
                parser.define(ruleset_of(word)?);
            }
        }
    }
    parser.parse(text).map_err(errors::parse)
}

/// Parses a ruleset word as the CLI does, reading the graph file of
/// `digraph:FILE`.
pub fn ruleset_of(word: &str) -> PyResult<sprague::Ruleset> {
    let Some(path) = graph_file(word) else {
        return word.parse().map_err(errors::parse);
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| errors::input(format!("{word}: cannot read the graph file {path}: {e}")))?;
    sprague::ruleset::digraph::from_file_text(word, &text)
        .map_err(|e| errors::input(format!("{word}: in the graph file {path}: {e}")))
}

/// The file a `digraph:FILE` word names (a source without `>` or `,`;
/// with them the edges are inline).
fn graph_file(word: &str) -> Option<&str> {
    word.strip_prefix("digraph:")
        .filter(|source| !source.is_empty() && !source.contains(['>', ',']))
}

/// The longest position (its text, in bytes) whose whole position after
/// each move is kept (`after`); past it `after` is `None`, as in the CLI's
/// JSON, and `change` says what the move does.
const MAX_AFTER: usize = 2_000;

/// One winning move: the move as the CLI's JSON writes it, the position it
/// leaves, and what it changes (the fields of the CLI's JSON).
#[pyclass(frozen, module = "sprague")]
#[derive(Clone)]
pub struct WinningMove {
    /// The move in words, e.g. `"nim heap 1: 3 -> 1"`.
    #[pyo3(get, name = "move")]
    mv: String,
    /// The position after the move, e.g. `"nim 1 4 5"`; `None` when the
    /// position is written in more than 2,000 bytes.
    #[pyo3(get)]
    after: Option<String>,
    /// The index of the component played in, from 0.
    #[pyo3(get)]
    component: usize,
    /// That component's ruleset word, as written.
    #[pyo3(get)]
    ruleset: String,
    change: Change,
}

#[pymethods]
impl WinningMove {
    /// What the move changes in its component: a dict with `kind` (`heap`,
    /// `heaps`, `stair`, `token`, `cut`, `listed`) and that kind's fields,
    /// as in the CLI's JSON (see the guide's JSON chapter).
    #[getter]
    fn change<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        self.change.to_dict(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "WinningMove(move={:?}, after={})",
            self.mv,
            self.after
                .as_ref()
                .map_or("None".to_string(), |a| format!("{a:?}"))
        )
    }

    /// Pickles as its fields.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (
            String,
            Option<String>,
            usize,
            String,
            Bound<'py, pyo3::types::PyDict>,
        ),
    )> {
        let m = slf.get();
        Ok((
            slf.get_type().getattr("_from_fields")?,
            (
                m.mv.clone(),
                m.after.clone(),
                m.component,
                m.ruleset.clone(),
                m.change.to_dict(slf.py())?,
            ),
        ))
    }

    /// A move from its fields (what unpickling calls).
    #[staticmethod]
    fn _from_fields(
        r#move: String,
        after: Option<String>,
        component: usize,
        ruleset: String,
        change: &Bound<'_, pyo3::types::PyDict>,
    ) -> PyResult<WinningMove> {
        Ok(WinningMove {
            mv: r#move,
            after,
            component,
            ruleset,
            change: Change::from_dict(change)?,
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<WinningMove>().is_ok_and(|o| {
            let o = o.get();
            o.mv == self.mv && o.after == self.after && o.change == self.change
        })
    }
}

/// The analysis of a position: the fields of the CLI's `analyze --json`.
///
/// Picklable (it is rebuilt by analysing its position again with the same
/// play and move limit), so a pool of processes can hand analyses back.
#[pyclass(frozen, module = "sprague")]
pub struct Analysis {
    /// The position, as sprague writes it.
    #[pyo3(get)]
    position: String,
    /// `"normal"` or `"misere"`.
    #[pyo3(get)]
    play: String,
    /// `"P"` (the player to move loses), `"N"` (the player to move wins)
    /// or, for a game that can be played forever, `"D"` (a draw).
    #[pyo3(get)]
    outcome: String,
    /// What decided it: `bouton`, `misere-nim`, `moore`, `staircase`,
    /// `period`, `table`, `sprague-grundy`, `search`, or a ruleset's own
    /// theorem.
    #[pyo3(get)]
    basis: String,
    /// The Grundy value (normal play), or `None` when the outcome needed no
    /// value (misère play, a theorem on the outcome alone).
    #[pyo3(get)]
    value: Option<u64>,
    /// Every winning move (at most `max_moves`), each with `move`,
    /// `after`, `component`, `ruleset` and `change`.
    #[pyo3(get)]
    winning_moves: Vec<WinningMove>,
    /// Whether the list was cut at `max_moves`.
    #[pyo3(get)]
    truncated: bool,
    /// How many winning moves there are in all, when known.
    #[pyo3(get)]
    total_winning_moves: Option<u64>,
    /// For a position that can be played forever (a game with draws), its
    /// generalized Sprague-Grundy value (Smith 1966) as the CLI writes it
    /// (`"3"`, `"∞(0,2)"`, `"∞(∅)"`); `None` for other positions.
    #[pyo3(get)]
    generalized_value: Option<String>,
    /// For a position that can be played forever, each component's
    /// generalized value, in order; `None` for other positions.
    #[pyo3(get)]
    component_values: Option<Vec<String>>,
    /// For a drawn position (`outcome == "D"`), the moves that keep the
    /// draw (every other move loses), at most `max_moves`; each like a
    /// winning move. Empty otherwise.
    #[pyo3(get)]
    drawing_moves: Vec<WinningMove>,
    /// Whether `drawing_moves` was cut at `max_moves`.
    #[pyo3(get)]
    drawing_truncated: bool,
    /// The `max_moves` it was made with (for pickling).
    max_moves: Option<usize>,
    /// Whether the value was asked for (`value=True`, for pickling).
    value_asked: bool,
}

#[pymethods]
impl Analysis {
    fn __repr__(&self) -> String {
        format!(
            "Analysis(position={:?}, play={:?}, outcome={:?}, basis={:?}, value={}, \
             winning_moves=[{}], truncated={}, total_winning_moves={})",
            self.position,
            self.play,
            self.outcome,
            self.basis,
            self.value.map_or("None".into(), |v| v.to_string()),
            self.winning_moves
                .iter()
                .map(WinningMove::__repr__)
                .collect::<Vec<_>>()
                .join(", "),
            if self.truncated { "True" } else { "False" },
            self.total_winning_moves
                .map_or("None".into(), |v| v.to_string()),
        )
    }

    /// The analysis as a notebook shows it: a small HTML table of the
    /// outcome, value and basis, and the winning moves listed.
    fn _repr_html_(&self) -> String {
        use crate::movefields::html_escape as e;
        let mut html = format!(
            "<table class=\"sprague-analysis\"><tr><th>position</th><td><code>{}</code></td></tr>\
             <tr><th>play</th><td>{}</td></tr><tr><th>outcome</th><td>{}</td></tr>\
             <tr><th>value</th><td>{}</td></tr><tr><th>basis</th><td>{}</td></tr></table>",
            e(&self.position),
            e(&self.play),
            e(&self.outcome),
            match (&self.generalized_value, self.value) {
                (Some(g), _) => e(g),
                (None, Some(v)) => v.to_string(),
                (None, None) => "&mdash;".to_string(),
            },
            e(&self.basis),
        );
        if self.winning_moves.is_empty() {
            html.push_str("<p>winning moves: none</p>");
        } else {
            let count = match (self.total_winning_moves, self.truncated) {
                (Some(t), _) => t.to_string(),
                (None, true) => format!("{}+", self.winning_moves.len()),
                (None, false) => self.winning_moves.len().to_string(),
            };
            html.push_str(&format!("<p>winning moves ({count}):</p><ol>"));
            for m in &self.winning_moves {
                match &m.after {
                    Some(a) => html.push_str(&format!(
                        "<li>{}, leaving <code>{}</code></li>",
                        e(&m.mv),
                        e(a)
                    )),
                    None => html.push_str(&format!("<li>{}</li>", e(&m.mv))),
                }
            }
            html.push_str("</ol>");
            if self.truncated {
                html.push_str("<p>(the list is cut short: <code>max_moves</code> lists more)</p>");
            }
        }
        if !self.drawing_moves.is_empty() {
            html.push_str("<p>moves that keep the draw:</p><ol>");
            for m in &self.drawing_moves {
                html.push_str(&format!("<li>{}</li>", e(&m.mv)));
            }
            html.push_str("</ol>");
        }
        html
    }

    /// Pickles as the call that makes it again: `analyze(position,
    /// misere, max_moves=..., value=...)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let f = py.import("sprague")?.getattr("_analysis_from")?;
        let args = (
            self.position.clone(),
            self.play == "misere",
            self.max_moves,
            self.value_asked,
        )
            .into_pyobject(py)?
            .into_any();
        Ok((f, args))
    }
}

/// Analyses a position as `sprague analyze POSITION --json` does: its
/// outcome (`"P"` or `"N"`), Grundy value, what decided it, and every
/// winning move with the position it leaves.
///
/// `position` is written as on the command line (`"nim 3 4 5"`,
/// `"kayles 10 + nim 3"`); `misere=True` for misère play. `max_moves`
/// lists at most that many winning moves (default: all, at most 10,000
/// for moore:K with K >= 2 and take-and-break games). `value=True`
/// searches the Grundy value even where a theorem needs none (a lone
/// `geography` token; as `analyze --value`), within `max_states`. The
/// limits are the
/// CLI's `--max-states`, `--max-table`, `--max-period-search` and
/// `--max-quotient-states`.
///
/// Raises `InputError` (a `ValueError`) for a bad position, `LimitError`
/// when a limit is reached. The computation runs without the GIL.
///
/// >>> a = analyze("nim 3 4 5")
/// >>> a.outcome, a.value, a.winning_moves[0].after
/// ('N', 2, 'nim 1 4 5')
#[pyfunction]
#[pyo3(signature = (position, misere=false, *, max_moves=None, value=false,
    max_states=Limits::default().max_states, max_table=Limits::default().max_table,
    max_table_work=Limits::default().max_table_work,
    max_period_search=Limits::default().max_period_search,
    max_quotient_states=Limits::default().max_quotient_states))]
#[allow(clippy::too_many_arguments)]
pub fn analyze(
    py: Python<'_>,
    position: &str,
    misere: bool,
    max_moves: Option<usize>,
    value: bool,
    max_states: usize,
    max_table: u64,
    max_table_work: u64,
    max_period_search: u64,
    max_quotient_states: usize,
) -> PyResult<Analysis> {
    let position = parse_position(position)?;
    let play = play_of(misere);
    let limits = Limits {
        max_quotient_states,
        ..limits(max_states, max_table, max_table_work, max_period_search)
    };
    let asked = max_moves;
    let max_moves = max_moves.or_else(|| {
        let bounded = position
            .components()
            .iter()
            .all(|c| c.ruleset().few_winning_moves());
        (!bounded).then_some(DEFAULT_MOVE_CAP)
    });
    py.allow_threads(|| {
        let analyzer = Analyzer::new(limits);
        let analyzer = if value {
            analyzer.with_value(true)
        } else {
            analyzer
        };
        let analysis = analyzer.analyze(&position, play, max_moves)?;
        let keep_after = position.to_string().len() <= MAX_AFTER;
        let fields = |m: &sprague::Move| {
            let component = position.components().get(m.component());
            let ruleset = component.map(|c| c.ruleset());
            Ok(WinningMove {
                mv: m.display(&position).to_string(),
                // Bounded by the position after (a split into many
                // equal heaps is longer than the heap it splits).
                after: if keep_after {
                    Some(position.play(m)?.to_string()).filter(|t| t.len() <= MAX_AFTER)
                } else {
                    None
                },
                component: m.component(),
                ruleset: ruleset.map_or_else(String::new, |r| r.word().to_string()),
                change: Change::new(component, m.action()),
            })
        };
        let winning_moves = analysis
            .winning_moves
            .iter()
            .map(fields)
            .collect::<Result<Vec<_>, sprague::Error>>()?;
        let loopy = analysis.loopy.as_deref();
        let drawing_moves = loopy
            .map(|l| l.drawing_moves.iter().map(fields).collect())
            .transpose()?
            .unwrap_or_default();
        Ok(Analysis {
            position: position.to_string(),
            play: analysis.play.name().to_string(),
            outcome: analysis.outcome.to_string(),
            basis: analysis.basis.word().to_string(),
            value: analysis.value,
            truncated: analysis.truncated(),
            total_winning_moves: analysis.total_winning_moves(),
            winning_moves,
            generalized_value: loopy.map(|l| l.value.to_string()),
            component_values: loopy
                .map(|l| l.component_values.iter().map(ToString::to_string).collect()),
            drawing_moves,
            drawing_truncated: loopy.is_some_and(|l| l.drawing_cut),
            max_moves: asked,
            value_asked: value,
        })
    })
    .map_err(errors::lib)
}

/// The teaching view of `sprague analyze POSITION --explain`, as text: the
/// heaps in binary with their nim-sum (Nim), the all-ones rule (misère
/// Nim), which steps count (staircase Nim), or each component's Grundy
/// value, and why each winning move (the first `max_moves`, default 10)
/// works. Errors as for `analyze`.
#[pyfunction]
#[pyo3(signature = (position, misere=false, *, max_moves=10,
    max_states=Limits::default().max_states, max_table=Limits::default().max_table,
    max_table_work=Limits::default().max_table_work,
    max_period_search=Limits::default().max_period_search,
    max_quotient_states=Limits::default().max_quotient_states))]
#[allow(clippy::too_many_arguments)]
pub fn explain(
    py: Python<'_>,
    position: &str,
    misere: bool,
    max_moves: Option<usize>,
    max_states: usize,
    max_table: u64,
    max_table_work: u64,
    max_period_search: u64,
    max_quotient_states: usize,
) -> PyResult<String> {
    let position = parse_position(position)?;
    let analyzer = Analyzer::new(Limits {
        max_quotient_states,
        ..limits(max_states, max_table, max_table_work, max_period_search)
    });
    py.allow_threads(|| {
        sprague::explain::explain(&position, play_of(misere), &analyzer, max_moves)
            .map(|e| e.to_string())
    })
    .map_err(errors::lib)
}

/// Plays a move typed as in `sprague play` (`"1 2"` takes 2 tokens from
/// heap 1, `"heap 1 -> 1"` leaves 1 in it, or the whole position after it,
/// `"nim 1 4 5"`) and
/// returns the position after it. An illegal or unreadable move raises
/// `InputError` saying why.
///
/// >>> play("nim 3 4 5", "1 2")
/// 'nim 1 4 5'
#[pyfunction]
#[pyo3(name = "play")]
pub fn play_move(position: &str, r#move: &str) -> PyResult<String> {
    let position = parse_position(position)?;
    let mv =
        sprague::movetext::parse(&position, r#move).map_err(|e| errors::input(e.to_string()))?;
    let after = position.play(&mv).map_err(errors::lib)?;
    Ok(after.to_string())
}

/// The result of `verify`: how many positions were checked, how many
/// disagreed, and the first disagreements (position and what differed).
#[pyclass(frozen, module = "sprague")]
pub struct VerifyReport {
    /// The number of positions checked.
    #[pyo3(get)]
    checked: u64,
    /// The number of positions where the closed form and the search
    /// disagreed (0 when all is well).
    #[pyo3(get)]
    disagreements: u64,
    /// The first disagreements (at most 20): `(position, what differed)`.
    #[pyo3(get)]
    examples: Vec<(String, String)>,
}

#[pymethods]
impl VerifyReport {
    /// Pickles as its fields.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (u64, u64, Vec<(String, String)>))> {
        let r = slf.get();
        Ok((
            slf.get_type().getattr("_from_fields")?,
            (r.checked, r.disagreements, r.examples.clone()),
        ))
    }

    /// A report from its fields (what unpickling calls).
    #[staticmethod]
    fn _from_fields(
        checked: u64,
        disagreements: u64,
        examples: Vec<(String, String)>,
    ) -> VerifyReport {
        VerifyReport {
            checked,
            disagreements,
            examples,
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<VerifyReport>().is_ok_and(|o| {
            let o = o.get();
            (o.checked, o.disagreements, &o.examples)
                == (self.checked, self.disagreements, &self.examples)
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "VerifyReport(checked={}, disagreements={}, examples={:?})",
            self.checked, self.disagreements, self.examples
        )
    }
}

/// Cross-checks a ruleset's closed form against a plain search by the
/// definitions, as `sprague verify RULESET` does: every position of one
/// component with at most `heaps` heaps of size at most `max_heap`, heaps in
/// every order; outcome, Grundy value and the complete list of winning
/// moves. Runs without the GIL.
///
/// >>> verify("moore:2", heaps=3, max_heap=4).disagreements
/// 0
#[pyfunction]
#[pyo3(signature = (ruleset, misere=false, *, max_heap=7, heaps=4,
    max_states=Limits::default().max_states, max_table=Limits::default().max_table,
    max_table_work=Limits::default().max_table_work,
    max_period_search=Limits::default().max_period_search))]
#[allow(clippy::too_many_arguments)]
pub fn verify(
    py: Python<'_>,
    ruleset: &str,
    misere: bool,
    max_heap: u64,
    heaps: usize,
    max_states: usize,
    max_table: u64,
    max_table_work: u64,
    max_period_search: u64,
) -> PyResult<VerifyReport> {
    let ruleset = ruleset_of(ruleset)?;
    let positions = (0..=heaps as u32).try_fold(0u64, |acc, h| {
        acc.checked_add(max_heap.checked_add(1)?.checked_pow(h)?)
    });
    if positions.is_none_or(|n| n > 100_000_000) {
        return Err(errors::input(format!(
            "heaps={heaps} with max_heap={max_heap} means more than 100,000,000 positions; \
             lower one of them"
        )));
    }
    let limits = limits(max_states, max_table, max_table_work, max_period_search);
    let report = py
        .allow_threads(|| sprague::verify(&ruleset, play_of(misere), heaps, max_heap, limits))
        .map_err(errors::lib)?;
    if report.checked == 0 {
        return Err(errors::input(format!(
            "no position of {} has at most {heaps} heaps of size at most {max_heap}: nothing \
             was checked (a ruleset whose components take a fixed number of heaps needs heaps \
             at least that many)",
            ruleset.word()
        )));
    }
    Ok(VerifyReport {
        checked: report.checked,
        disagreements: report.disagreements,
        examples: report
            .examples
            .iter()
            .map(|(p, what)| (p.to_string(), what.clone()))
            .collect(),
    })
}
