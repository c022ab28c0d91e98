//! The JSON API of `sprague serve`, as a plain function from an endpoint
//! and a request body to an answer ([`answer`]): no sockets, no async.
//!
//! Every endpoint reads one JSON object (unknown fields are refused, so a
//! misspelt field is an error, not a silent default), builds the
//! arguments of the command it stands for, and answers with the JSON that
//! command's `--json` prints, built by the same function. The limits of a
//! request (its optional `limits` object: `max_states`, `max_table`,
//! `max_period_search`, `max_table_work`, `max_quotient_states`, `max_cells`, `max_work`,
//! `max_bits`, `max_order`) are capped at the server's [`Settings`].

use std::io::Write as _;
use std::time::Instant;

use serde::Deserialize;
use serde_json::{json, Value};
use sprague::explain::Explanation;
use sprague::movetext::{self, MoveError};
use sprague::session::{Hint, Player, Session, SessionError};
use sprague::{Analyzer, Play, Position, PositionParser};

use super::Settings;
use crate::cmd::{self, LibError, LimitArgs, MaxMoves, TableArgs, UsageError};
use crate::exit::{classify, Exit};

mod misere;
mod play;
mod tables;

/// The API's endpoints: `/api/NAME`, all POST.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// `analyze --json` of a position (`explain: true` adds the
    /// `--explain` view).
    Analyze,
    /// `batch --json` of a list of positions.
    Batch,
    /// `sequence --format json`.
    Sequence,
    /// The scatter plot of `sequence --plot FILE.svg`, as SVG.
    SequencePlot,
    /// `table --format json`.
    Table,
    /// `count --json`.
    Count,
    /// `nimber --json`.
    Nimber,
    /// One turn of a game against the computer: the person's move (if
    /// any) and the computer's reply.
    Play,
    /// A winning move for the player to move, and why.
    Hint,
    /// The move syntax of the rulesets in a position (`help` in `play`).
    Help,
    /// The drawing of each component of a position and the move each click
    /// on it makes ([`sprague::board`]), with the position's outcome and
    /// value (for the page's chart of a game).
    Board,
    /// `rulesets --json`: every ruleset with its rule and an example.
    Rulesets,
    /// `genus --json`: the genus of each heap of a heap game.
    Genus,
    /// `quotient --json`: the misère quotient of a heap game's heaps.
    Quotient,
}

impl Endpoint {
    /// Whether the server first tries this endpoint's requests on the
    /// connection's own task with no time for a search (closed forms,
    /// nimbers, help): those whose every long computation checks the
    /// library's deadlines ([`sprague::budget`]). A count, a table, a
    /// sequence, a plot, a genus or a quotient always goes to the pools.
    pub fn closed_forms_first(self) -> bool {
        matches!(
            self,
            Endpoint::Analyze
                | Endpoint::Batch
                | Endpoint::Nimber
                | Endpoint::Hint
                | Endpoint::Help
                | Endpoint::Board
                | Endpoint::Rulesets
                | Endpoint::Play
        )
    }

    /// Every endpoint.
    pub const ALL: [Endpoint; 14] = [
        Endpoint::Analyze,
        Endpoint::Batch,
        Endpoint::Sequence,
        Endpoint::SequencePlot,
        Endpoint::Table,
        Endpoint::Count,
        Endpoint::Nimber,
        Endpoint::Play,
        Endpoint::Hint,
        Endpoint::Help,
        Endpoint::Board,
        Endpoint::Rulesets,
        Endpoint::Genus,
        Endpoint::Quotient,
    ];

    /// The path after `/api/`.
    pub fn name(self) -> &'static str {
        match self {
            Endpoint::Analyze => "analyze",
            Endpoint::Batch => "batch",
            Endpoint::Sequence => "sequence",
            Endpoint::SequencePlot => "sequence/plot",
            Endpoint::Table => "table",
            Endpoint::Count => "count",
            Endpoint::Nimber => "nimber",
            Endpoint::Play => "play",
            Endpoint::Hint => "hint",
            Endpoint::Help => "help",
            Endpoint::Board => "board",
            Endpoint::Rulesets => "rulesets",
            Endpoint::Genus => "genus",
            Endpoint::Quotient => "quotient",
        }
    }

    /// The endpoint at `/api/NAME`.
    pub fn from_name(name: &str) -> Option<Endpoint> {
        Endpoint::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// An HTTP answer: status, content type and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status: 200, or 400 (bad input), 422 (a limit), 500.
    pub status: u16,
    /// `application/json`, or `image/svg+xml` for a plot.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Answer {
    /// A 200 JSON answer, written within the server's bound on answers
    /// ([`Settings::max_answer`]) and the time budget (see [`Capped`]).
    ///
    /// # Errors
    /// [`cmd::TooLarge`] past the bound, [`sprague::Error::TimeLimit`] past
    /// the deadline.
    fn json(value: &impl serde::Serialize, s: &Settings) -> anyhow::Result<Answer> {
        let mut out = Capped::new(s.max_answer);
        let written = serde_json::to_writer(&mut out, value);
        out.finish(written.map_err(anyhow::Error::from))?;
        Ok(Answer::json_bytes(out.bytes))
    }

    /// A 200 answer of JSON already written.
    fn json_bytes(body: Vec<u8>) -> Answer {
        Answer {
            status: 200,
            content_type: "application/json",
            body,
        }
    }

    /// An error answer: `{"error": message, "kind": kind, "exit": exit}`,
    /// with `exit` the status the command line would exit with.
    pub fn error(status: u16, kind: &str, exit: u8, message: &str) -> Answer {
        let body = json!({"error": message, "kind": kind, "exit": exit});
        Answer {
            status,
            content_type: "application/json",
            body: body.to_string().into_bytes(),
        }
    }

    /// A 503 `busy` answer (SPEC: a request past its budget), with the
    /// `reason`: `timeout` (the time budget, `--timeout`), `memory` (the
    /// server's memory budget), `workers` (no worker free within the
    /// budget) or `connections` (too many open).
    pub fn busy(reason: &str, message: &str) -> Answer {
        let body = json!({"error": message, "kind": "busy", "reason": reason, "exit": 3});
        Answer {
            status: 503,
            content_type: "application/json",
            body: body.to_string().into_bytes(),
        }
    }

    /// The answer for an error of a command, classified as the command
    /// line classifies it (exit status 2 → 400, 3 → 422, else 500).
    fn failure(e: &anyhow::Error) -> Answer {
        let message = format!("{e:#}");
        match classify(e) {
            Exit::BadInput => Answer::error(400, "bad-input", 2, &message),
            Exit::Limit => Answer::error(422, "limit", 3, &message),
            _ => Answer::error(500, "internal", 1, &message),
        }
    }
}

/// The bytes of an answer as it is written: refused past `cap` bytes, and
/// past the deadline of the time budget (checked every 64 KiB), so that an
/// answer too large to send, or no longer waited for, stops being built.
struct Capped {
    bytes: Vec<u8>,
    cap: usize,
    /// The length at the last check of the deadline.
    checked: usize,
    /// Why writing stopped.
    stopped: Option<anyhow::Error>,
}

impl Capped {
    fn new(cap: usize) -> Capped {
        Capped {
            bytes: Vec::new(),
            cap,
            checked: 0,
            stopped: None,
        }
    }

    /// The outcome of writing: the reason writing stopped, if it did, else
    /// `written`.
    fn finish(&mut self, written: anyhow::Result<()>) -> anyhow::Result<()> {
        match self.stopped.take() {
            Some(e) => Err(e),
            None => written,
        }
    }
}

impl std::io::Write for Capped {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        if self.stopped.is_some() {
            return Err(std::io::Error::other("the answer was stopped"));
        }
        if self.bytes.len() + data.len() > self.cap {
            self.stopped = Some(
                cmd::TooLarge(format!(
                    "the answer would be larger than {} bytes, the most this server sends \
                     (sprague serve --max-answer BYTES); ask for less (max_moves, fewer \
                     positions or values)",
                    self.cap
                ))
                .into(),
            );
            return Err(std::io::Error::other("the answer is too large"));
        }
        self.bytes.extend_from_slice(data);
        if self.bytes.len() - self.checked >= 1 << 16 {
            self.checked = self.bytes.len();
            if let Err(e) = sprague::budget::check_deadline() {
                self.stopped = Some(LibError(e).into());
                return Err(std::io::Error::other("out of time"));
            }
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Why [`attempt`] stopped a computation without an answer of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Its deadline passed.
    Time,
    /// It needed more memory than a budget of `limit` bytes; `answer` is
    /// the 422 the request gets when it is not run again with more.
    Memory {
        /// The budget it passed, in bytes.
        limit: u64,
        /// Its answer as a limit error.
        answer: Answer,
    },
}

thread_local! {
    /// Whether this thread computes a fast slice, where passing the memory
    /// budget stops a whole batch (to run it again with more), not one
    /// line.
    static FAST_SLICE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// [`answer`], stopped at `deadline` (through [`sprague::budget`]):
/// [`Stopped::Time`] when it was, for the server to run it again with more
/// time, or to answer 503; [`Stopped::Memory`] when it passed its memory
/// budget ([`sprague::Limits::max_memory`] of `settings`). `fast` says
/// whether this is a fast slice, which a batch stops as a whole when one
/// line passes the budget.
///
/// # Errors
/// [`Stopped`] past the deadline or the memory budget.
pub fn attempt(
    endpoint: Endpoint,
    body: &[u8],
    settings: &Settings,
    deadline: Instant,
    fast: bool,
) -> Result<Answer, Stopped> {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            FAST_SLICE.with(|f| f.set(self.0));
        }
    }
    let _restore = Restore(FAST_SLICE.with(|f| f.replace(fast)));
    match sprague::budget::with_deadline(deadline, || budgeted(endpoint, body, settings)) {
        Ok(answer) => Ok(answer),
        Err(e) if out_of_time(&e) => Err(Stopped::Time),
        Err(e) => match memory_limit(&e) {
            Some(limit) => Err(Stopped::Memory {
                limit,
                answer: Answer::failure(&e),
            }),
            None => Ok(Answer::failure(&e)),
        },
    }
}

/// The answer to a request stopped by a memory budget of `limit` bytes:
/// its limit error, or, when the budget was the whole server's (the
/// process's guard, [`Settings::max_memory_total`], not the request's
/// own), 503 `busy`.
pub fn memory_answer(limit: u64, answer: Answer, settings: &Settings) -> Answer {
    let server = sprague::budget::process_memory_limit() == Some(limit)
        && settings.limits.max_memory != Some(limit);
    if server {
        Answer::busy("memory", &busy_message(settings))
    } else {
        answer
    }
}

/// The message of a request refused because the server's memory budget is
/// taken.
pub fn busy_message(settings: &Settings) -> String {
    format!(
        "the server's memory budget of {} (sprague serve --max-memory-total SIZE) is held by \
         the requests in flight, and this one needs up to {} (sprague --max-memory SIZE \
         serve); try again",
        sprague::budget::human_bytes(settings.max_memory_total),
        sprague::budget::human_bytes(settings.limits.max_memory.unwrap_or(0))
    )
}

/// The budget of the library's [`sprague::Error::MemoryLimit`] in `e`, if
/// that is what `e` is.
fn memory_limit(e: &anyhow::Error) -> Option<u64> {
    e.chain().find_map(|cause| {
        match cause
            .downcast_ref::<sprague::Error>()
            .or_else(|| cause.downcast_ref::<LibError>().map(|LibError(e)| e))
        {
            Some(sprague::Error::MemoryLimit { limit }) => Some(*limit),
            _ => None,
        }
    })
}

/// Answers one request to `endpoint` with `body`, within `settings`.
/// Never panics on any body: a body that is not the endpoint's JSON object
/// is a 400 naming what is wrong.
pub fn answer(endpoint: Endpoint, body: &[u8], settings: &Settings) -> Answer {
    answer_until(endpoint, body, settings, None)
}

/// [`answer`], stopping the work at `deadline` (through
/// [`sprague::budget`]: searches, nim-sequence tables, and the positions of
/// a batch) with a 503 `busy` answer (reason `timeout`), so that work nobody waits for any
/// more frees its worker.
pub fn answer_until(
    endpoint: Endpoint,
    body: &[u8],
    settings: &Settings,
    deadline: Option<Instant>,
) -> Answer {
    match deadline {
        Some(deadline) => match attempt(endpoint, body, settings, deadline, false) {
            Ok(answer) => answer,
            Err(Stopped::Time) => Answer::busy("timeout", &timeout_message(settings)),
            Err(Stopped::Memory { limit, answer }) => memory_answer(limit, answer, settings),
        },
        None => budgeted(endpoint, body, settings).unwrap_or_else(|e| Answer::failure(&e)),
    }
}

/// The message of a request past its time budget.
pub fn timeout_message(settings: &Settings) -> String {
    format!(
        "the answer took longer than the time budget of {} s a request (sprague serve \
         --timeout SECS); lower the work limits or ask for less",
        settings.timeout.as_secs_f64()
    )
}

/// Whether `e` is the library's [`sprague::Error::TimeLimit`].
fn out_of_time(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<sprague::Error>(),
            Some(sprague::Error::TimeLimit)
        ) || matches!(
            cause.downcast_ref::<LibError>(),
            Some(LibError(sprague::Error::TimeLimit))
        )
    })
}

/// [`dispatch`] within the memory budget of a request.
fn budgeted(endpoint: Endpoint, body: &[u8], s: &Settings) -> anyhow::Result<Answer> {
    s.limits.within_memory(|| dispatch(endpoint, body, s))
}

fn dispatch(endpoint: Endpoint, body: &[u8], s: &Settings) -> anyhow::Result<Answer> {
    match endpoint {
        Endpoint::Analyze => parse(body).and_then(|r| analyze(r, s)),
        Endpoint::Batch => parse(body).and_then(|r| batch(r, s)),
        Endpoint::Sequence => parse(body).and_then(|r| tables::sequence(r, s, false)),
        Endpoint::SequencePlot => parse(body).and_then(|r| tables::sequence(r, s, true)),
        Endpoint::Table => parse(body).and_then(|r| tables::table(r, s)),
        Endpoint::Count => parse(body).and_then(|r| tables::count(r, s)),
        Endpoint::Nimber => parse(body).and_then(|r| tables::nimber(r, s)),
        Endpoint::Play => parse(body).and_then(|r| play::play(r, s)),
        Endpoint::Hint => parse(body).and_then(|r| play::hint(r, s)),
        Endpoint::Help => parse(body).and_then(|r| play::help(r, s)),
        Endpoint::Board => parse(body).and_then(|r| play::board(r, s)),
        Endpoint::Rulesets => parse(body).and_then(|r| rulesets(r, s)),
        Endpoint::Genus => parse(body).and_then(|r| misere::genus(r, s)),
        Endpoint::Quotient => parse(body).and_then(|r| misere::quotient(r, s)),
    }
}

/// Reads a request object, refusing malformed JSON with the reason.
fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> anyhow::Result<T> {
    // Well-formed JSON of another kind than an object is named as such
    // (serde would name the Rust type it expected).
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(body) {
        let kind = match value {
            serde_json::Value::Object(_) => None,
            serde_json::Value::Array(_) => Some("an array"),
            serde_json::Value::String(_) => Some("a string"),
            serde_json::Value::Number(_) => Some("a number"),
            serde_json::Value::Bool(_) => Some("true or false"),
            serde_json::Value::Null => Some("null"),
        };
        if let Some(kind) = kind {
            return Err(UsageError(format!(
                "the request body is {kind}; it must be a JSON object of the endpoint's \
                 fields, such as {{\"position\": \"nim 3 4 5\"}} for /api/analyze"
            ))
            .into());
        }
    }
    serde_json::from_slice(body).map_err(|e| {
        UsageError(format!(
            "the request body is not the JSON this endpoint reads: {e}"
        ))
        .into()
    })
}

/// A request's own lower limits (any may be left out).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsRequest {
    max_states: Option<usize>,
    max_table: Option<u64>,
    max_period_search: Option<u64>,
    max_table_work: Option<u64>,
    max_quotient_states: Option<usize>,
    max_cells: Option<u64>,
    max_work: Option<u64>,
    max_bits: Option<u64>,
    /// The largest order of a misère quotient (`/api/quotient`).
    max_order: Option<usize>,
}

/// `asked`, capped at the server's `allowed`.
fn cap<T: Ord + Copy>(asked: Option<T>, allowed: T) -> T {
    asked.map_or(allowed, |a| a.min(allowed))
}

impl LimitsRequest {
    fn limit_args(&self, s: &Settings) -> LimitArgs {
        LimitArgs {
            max_states: cap(self.max_states, s.limits.max_states),
            max_table: cap(self.max_table, s.limits.max_table),
            max_period_search: cap(self.max_period_search, s.limits.max_period_search),
            max_table_work: cap(self.max_table_work, s.limits.max_table_work),
            max_quotient_states: cap(self.max_quotient_states, s.limits.max_quotient_states),
        }
    }

    fn table_args(&self, s: &Settings) -> TableArgs {
        let l = self.limit_args(s);
        TableArgs {
            max_table: l.max_table,
            max_period_search: l.max_period_search,
            // Requests run side by side on the server's workers.
            threads: Some(1),
        }
    }
}

/// Refuses a position or ruleset text the server does not read: one that
/// names a graph file.
fn words(text: &str) -> anyhow::Result<Vec<String>> {
    cmd::refuse_graph_files(text)?;
    Ok(vec![text.to_string()])
}

fn play_of(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

// ---------------------------------------------------------------------------
// analyze, batch

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyzeRequest {
    position: String,
    #[serde(default)]
    misere: bool,
    /// Add the `--explain` view: `explain` (its text), `summary`, and
    /// `binary` (the rows in binary with their nim-sum) where it has one.
    #[serde(default)]
    explain: bool,
    /// Search the Grundy value even where a theorem needs none (`analyze
    /// --value`), within the limits.
    #[serde(default)]
    value: bool,
    #[serde(default, deserialize_with = "max_moves_field")]
    max_moves: Option<usize>,
    #[serde(default)]
    limits: LimitsRequest,
}

/// `max_moves` as a number, or `"all"` as on the command line (every
/// winning move, capped where lists are astronomically long: the same as
/// leaving it out).
fn max_moves_field<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    // The command line's reading of `--max-moves`, for a number or a word.
    let text = match Value::deserialize(d)? {
        Value::Null => return Ok(None),
        Value::String(w) => w,
        other => other.to_string(),
    };
    match text.parse::<MaxMoves>() {
        Ok(MaxMoves::At(n)) => Ok(Some(n)),
        Ok(MaxMoves::All) => Ok(None),
        Err(_) => Err(serde::de::Error::custom(format!(
            "max_moves is a whole number or \"all\", not {text}"
        ))),
    }
}

fn analyze_args(
    position: &str,
    misere: bool,
    max_moves: Option<usize>,
    limits: &LimitsRequest,
    s: &Settings,
) -> anyhow::Result<cmd::analyze::Args> {
    Ok(cmd::analyze::Args {
        position: words(position)?,
        misere,
        json: true,
        explain: false,
        // The page lists every winning move (capped where lists can be
        // astronomically long); the command line's default is shorter.
        max_moves: Some(max_moves.map_or(MaxMoves::All, MaxMoves::At)),
        remoteness: false,
        value: false,
        limits: limits.limit_args(s),
    })
}

/// The binary rows of an explanation, for the page's nim-sum in binary.
fn explain_fields(e: &Explanation) -> Value {
    let binary = e.table().map(|t| {
        let widest = t.rows().iter().map(|r| r.value).max().unwrap_or(0);
        let width = (u64::BITS - widest.leading_zeros()).max(1) as usize;
        let rows: Vec<Value> = t
            .rows()
            .iter()
            .map(|r| json!({"label": r.label, "value": r.value, "binary": format!("{:0width$b}", r.value)}))
            .collect();
        json!({"rows": rows, "nim_sum": t.nim_sum(), "nim_sum_binary": format!("{:0width$b}", t.nim_sum())})
    });
    json!({"explain": e.to_string(), "summary": e.summary(), "binary": binary})
}

fn analyze(r: AnalyzeRequest, s: &Settings) -> anyhow::Result<Answer> {
    misere_value(r.misere, r.value)?;
    let mut args = analyze_args(&r.position, r.misere, r.max_moves, &r.limits, s)?;
    args.value = r.value;
    let (position, analysis) = cmd::analyze::analyze(&args)?;
    let json = cmd::report::AnalysisJson {
        position: &position,
        analysis: &analysis,
    };
    if !r.explain {
        return Answer::json(&json, s);
    }
    // The analysis's object with the explanation's fields after its own,
    // written within the bound as one.
    let mut out = Capped::new(s.max_answer);
    let written = serde_json::to_writer(&mut out, &json);
    out.finish(written.map_err(anyhow::Error::from))?;
    // From the same analysis: the search is not done a second time.
    let explanation =
        sprague::explain::explain_analysis(&position, &analysis, &args.limits.limits())
            .map_err(LibError)?;
    let mut extra = explain_fields(&explanation);
    if let Value::Object(map) = &mut extra {
        // As the human view of `analyze` words them.
        map.insert(
            "basis_words".into(),
            cmd::report::basis_words(analysis.basis).into(),
        );
        let words: Vec<String> = analysis
            .winning_moves
            .iter()
            .map(|m| movetext::describe(&position, m))
            .collect();
        map.insert("winning_moves_words".into(), words.into());
    }
    if let (Some(b'}'), Value::Object(extra)) = (out.bytes.last(), &extra) {
        if !extra.is_empty() {
            out.bytes.pop();
            for (key, value) in extra {
                let written = out
                    .write_all(b",")
                    .map_err(anyhow::Error::from)
                    .and_then(|()| Ok(serde_json::to_writer(&mut out, key)?))
                    .and_then(|()| Ok(out.write_all(b":")?))
                    .and_then(|()| Ok(serde_json::to_writer(&mut out, value)?));
                out.finish(written)?;
            }
            let written = out.write_all(b"}").map_err(anyhow::Error::from);
            out.finish(written)?;
        }
    }
    Ok(Answer::json_bytes(out.bytes))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchRequest {
    positions: Vec<String>,
    #[serde(default)]
    misere: bool,
    /// Search each Grundy value even where a theorem needs none (`batch
    /// --value`); without it a value is reported where it is cheap.
    #[serde(default)]
    value: bool,
    #[serde(default, deserialize_with = "max_moves_field")]
    max_moves: Option<usize>,
    #[serde(default)]
    limits: LimitsRequest,
}

/// `value` with `misere` is refused, as the command line refuses
/// `--value --misere`: a misère position has no Grundy value to add up.
fn misere_value(misere: bool, value: bool) -> anyhow::Result<()> {
    if misere && value {
        return Err(UsageError(
            "\"value\" is for normal play: a misère position has no Grundy value to add up \
             (leave out \"misere\" or \"value\")"
                .into(),
        )
        .into());
    }
    Ok(())
}

fn batch(r: BatchRequest, s: &Settings) -> anyhow::Result<Answer> {
    misere_value(r.misere, r.value)?;
    let analyzer = Analyzer::new(r.limits.limit_args(s).limits()).with_total_count(false);
    // As `batch --json`: the value where it is cheap, or searched on request.
    let analyzer = if r.value {
        analyzer.with_value(true)
    } else {
        analyzer
    };
    let mut parser = PositionParser::new();
    let play = play_of(r.misere);
    // Each result is written as soon as it is known, within the bound on
    // answers: a batch cannot hold a second copy of its answer.
    let mut out = Capped::new(s.max_answer);
    let written = out
        .write_all(br#"{"results":["#)
        .map_err(anyhow::Error::from);
    out.finish(written)?;
    for (i, text) in r.positions.iter().enumerate() {
        sprague::budget::check_deadline().map_err(LibError)?;
        let max_moves = |p: &Position| cmd::default_max_moves(p, r.max_moves);
        let text = text.trim();
        let mut written = if i > 0 {
            out.write_all(b",").map_err(anyhow::Error::from)
        } else {
            Ok(())
        };
        if written.is_ok() {
            let line =
                cmd::batch::analyze_line(&mut parser, &analyzer, text, play, max_moves, false);
            // A line stopped by the request's time budget is not its answer:
            // the whole request stops, for the server to run it again with
            // more time (or answer 503).
            // So is a line past the memory share of a fast slice: the
            // request runs again on a worker, with its whole budget.
            if let Err(failure) = &line {
                sprague::budget::check().map_err(LibError)?;
                if let Some(limit) = failure.memory_limit {
                    if FAST_SLICE.with(std::cell::Cell::get) {
                        return Err(LibError(sprague::Error::MemoryLimit { limit }).into());
                    }
                }
            }
            written = match line {
                Ok((position, analysis)) => serde_json::to_writer(
                    &mut out,
                    &cmd::report::AnalysisJson {
                        position: &position,
                        analysis: &analysis,
                    },
                ),
                Err(failure) => serde_json::to_writer(
                    &mut out,
                    &cmd::batch::LineError {
                        line: i + 1,
                        error: &failure.error,
                    },
                ),
            }
            .map_err(anyhow::Error::from);
        }
        out.finish(written)?;
    }
    let written = out.write_all(b"]}").map_err(anyhow::Error::from);
    out.finish(written)?;
    Ok(Answer::json_bytes(out.bytes))
}

/// The request of `/api/rulesets`: an empty object.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesetsRequest {}

fn rulesets(_: RulesetsRequest, s: &Settings) -> anyhow::Result<Answer> {
    Answer::json(&cmd::rulesets::json(), s)
}
