//! One module per subcommand, each with its `Args` and `run()`, and the
//! pieces they share: reading a position from the command line, reporting an
//! analysis as text or JSON, and turning library errors into messages that
//! name the flag to change.

pub mod analyze;
pub use crate::atomic;
pub mod batch;
pub mod count;
pub mod genus;
mod graph_files;
pub mod nimber;
pub mod period;
pub mod play;
pub mod quotient;
pub mod report;
pub mod rulesets;
pub mod sequence;
pub mod serve;

pub mod table;
pub mod verify;

use clap::Args as ClapArgs;
use sprague::{Limits, Position, PositionParser, Ruleset};

pub use crate::exit::{LibError, TooLarge, UsageError};
pub use graph_files::{
    define_graph_files, max_graph_file, refuse_graph_files, set_max_graph_file, MAX_GRAPH_FILE,
};
use graph_files::{graph_file, read_graph};

/// The longest line `batch` and `play` read: 16 MiB (a Hackenbush picture
/// of a million edges is about 4 MB). A longer line is answered with an
/// error without being held in memory.
pub const MAX_LINE: usize = 16 << 20;

/// Reads one line of `input` (through its `\n`) into `line`, holding at most
/// `max` bytes of it: `None` at the end of the input, else whether the line
/// fitted (a longer line is read to its end, its bytes past `max` dropped).
///
/// # Errors
/// A failed read.
pub fn read_line_bounded(
    input: &mut impl std::io::BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    line.clear();
    let mut any = false;
    let mut fits = true;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(fits));
        }
        any = true;
        let (n, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        let content = if done { n - 1 } else { n };
        let room = (max + 1).saturating_sub(line.len());
        line.extend_from_slice(&buf[..content.min(room)]);
        if line.len() > max {
            fits = false;
            line.truncate(max);
        }
        if done {
            line.push(b'\n');
        }
        input.consume(n);
        if done {
            return Ok(Some(fits));
        }
    }
}

/// The memory budget of this run in bytes (`--max-memory`), set once by
/// `main` before any command runs.
static MEMORY_BUDGET: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// Sets the memory budget of this run (`--max-memory`); the first call
/// wins.
pub fn set_memory_budget(bytes: u64) {
    let _ = MEMORY_BUDGET.set(bytes);
}

/// The memory budget of this run: `--max-memory`, else
/// [`default_memory_budget`].
pub fn memory_budget() -> u64 {
    *MEMORY_BUDGET.get_or_init(default_memory_budget)
}

/// The default of `--max-memory`: half the machine's memory (MemTotal of
/// /proc/meminfo), at most [`sprague::budget::DEFAULT_MAX_MEMORY`] (4 GiB);
/// 4 GiB where the machine's memory cannot be read.
pub fn default_memory_budget() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        });
    match total {
        Some(bytes) if bytes > 0 => (bytes / 2).min(sprague::budget::DEFAULT_MAX_MEMORY),
        _ => sprague::budget::DEFAULT_MAX_MEMORY,
    }
}

/// Parses a size in bytes: a whole number, optionally followed by `K`,
/// `M`, `G` or `T` (powers of 1024; `KiB`, `MB`, `g` and the like are read
/// the same), such as `512M`, `4G`, `1073741824`. At least 1 MiB.
///
/// # Errors
/// The text that is not such a size, and why.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bytes = parse_bytes(text)?;
    if bytes < 1 << 20 {
        return Err(format!(
            "{text:?} is less than 1M, too little memory for any computation"
        ));
    }
    Ok(bytes)
}

/// A number of bytes as [`parse_size`] reads it, with no least value (a
/// cap on a file's size, `--max-graph-file 100K`).
///
/// # Errors
/// A sentence naming what is wrong with `text`.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(format!(
            "expected a size in bytes such as 512M, 4G or 1073741824, not {text:?}"
        ));
    }
    let number: u64 = t[..digits]
        .parse()
        .map_err(|_| format!("{text:?} is too large a size"))?;
    let unit = t[digits..].trim().to_ascii_lowercase();
    let shift = match unit.as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => {
            return Err(format!(
            "unknown unit {:?} in {text:?}: use K, M, G or T (powers of 1024), as in 512M or 4G",
            &t[digits..]
        ))
        }
    };
    number
        .checked_mul(1u64 << shift)
        .ok_or_else(|| format!("{text:?} is too large a size"))
}

/// Flags that set resource limits, shared by the commands that analyse.
#[derive(Debug, Clone, ClapArgs)]
pub struct LimitArgs {
    /// The most positions a search may store before giving up (exit status 3).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_states)]
    pub max_states: usize,
    /// The longest table of nim-values computed for one ruleset, in heap
    /// sizes (a 500th of it for games that split a heap into three, a 10th
    /// for sub:squares, a 100th for sub:primes).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_table)]
    pub max_table: u64,
    /// The most work spent looking for a period of a nim-sequence to answer
    /// a heap past --max-table, which only a proven period can answer:
    /// heaps computed × (largest Grundy value + 1), a 4th of it for games
    /// that split a heap into three (exit status 3 beyond it). The default
    /// proves octal:0.16's period (149,459, from 524,289 values) and gives
    /// up on octal:0.6 (Officers, no period known) within a second.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_period_search)]
    pub max_period_search: u64,
    /// The most work a nim-sequence table below --max-table may take to
    /// answer a heap, counted as the options the engine's method examines
    /// (a 4th of it for games that split a heap into three; about 1 ns
    /// an option). Refused as soon as the work projected to the heap by
    /// the method in use passes it (exit status 3): octal:0.007
    /// 9999999 (hours) in under a second, while octal:0.3... 9999999 (Nim,
    /// 0.3 s) and sub:primes 100000 (0.7 s) are computed.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_table_work)]
    pub max_table_work: u64,
    /// The most tuples one proof check of a misère quotient may explore
    /// when the quotient of a misère sum's heaps is built before the sum
    /// is searched (twenty times that in all; the game's options kept
    /// count two a tuple; 0 never tries it). Past it the sum is searched
    /// within --max-states. The default takes a few seconds at most.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_quotient_states)]
    pub max_quotient_states: usize,
}

/// The limits of the commands that compute nim-sequence tables (`sequence`,
/// `period`): the same flags as `analyze`, and the same table limit; the
/// period search, their main job, has a larger default (2^27 rather than
/// 2^24: [`sprague::TABLE_MAX_PERIOD_SEARCH`]).
#[derive(Debug, clap::Args)]
pub struct TableArgs {
    /// The longest table of nim-values computed, in heap sizes (a 500th of
    /// it for games that split a heap into three, a 10th for sub:squares, a
    /// 100th for sub:primes); past it only a proven period gives values
    /// (exit status 3 when none is found).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_table)]
    pub max_table: u64,
    /// The most work spent looking for a period: heaps computed × (largest
    /// Grundy value + 1), a count that does not depend on the machine, a
    /// 4th of it for games that split a heap into three. The default (2^27,
    /// eight times analyze's) proves octal:0.56's period (144, from heap
    /// 326,640: its table to heap 1,048,576 is 68 M) in about half a second,
    /// and stops octal:0.6 (Officers, no period known) near heap 440,000
    /// and hex:0.8 near heap 10,000 within a second or two.
    #[arg(long, value_name = "N", default_value_t = sprague::TABLE_MAX_PERIOD_SEARCH)]
    pub max_period_search: u64,
    /// Threads used for the nim-sequence (by the rare-value method, the
    /// plain method's bit test and three-heap splits), 1 to 1024 (default:
    /// the machine's cores; at most 2 are used). The values are the same
    /// with any number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
}

impl TableArgs {
    /// The threads to use: `--threads`, else the machine's cores.
    pub fn threads(&self) -> usize {
        match self.threads {
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// The library limits these flags ask for.
    pub fn limits(&self) -> Limits {
        Limits {
            max_table: self.max_table,
            max_period_search: self.max_period_search,
            // The table is these commands' job: they show its progress and
            // stop at --max-table.
            max_table_work: u64::MAX,
            max_memory: Some(memory_budget()),
            ..Limits::default()
        }
    }
}

impl LimitArgs {
    /// The library limits these flags ask for.
    pub fn limits(&self) -> Limits {
        Limits {
            max_states: self.max_states,
            max_table: self.max_table,
            max_period_search: self.max_period_search,
            max_table_work: self.max_table_work,
            max_quotient_states: self.max_quotient_states,
            max_memory: Some(memory_budget()),
        }
    }
}

/// The most winning moves listed by default for positions whose lists can be
/// astronomically long.
pub const DEFAULT_MOVE_CAP: usize = 10_000;

/// The default of `--max-moves` for `position`: all winning moves when
/// their number is bounded by the heaps (Nim, staircase, subtraction
/// games); at most [`DEFAULT_MOVE_CAP`] when a component is `moore:K` with
/// K >= 2 or a take-and-break game, whose huge heaps can have more winning
/// moves than could ever be printed.
pub fn default_max_moves(position: &Position, asked: Option<usize>) -> Option<usize> {
    if asked.is_some() {
        return asked;
    }
    let bounded = position
        .components()
        .iter()
        .all(|c| c.ruleset().few_winning_moves());
    (!bounded).then_some(DEFAULT_MOVE_CAP)
}

/// The winning moves `analyze` lists unless `--max-moves` says otherwise,
/// in the human view, `--explain` and `--json` alike; the rest are counted
/// (`total_winning_moves`) and summed up in one line. It keeps JSON within
/// a small multiple of the human view.
pub const HUMAN_MOVE_LIST: usize = 10;

/// The value of `--max-moves`: a number, or `all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaxMoves {
    /// List at most this many.
    At(usize),
    /// List them all (at most [`DEFAULT_MOVE_CAP`] where lists can be
    /// astronomically long).
    All,
}

impl std::str::FromStr for MaxMoves {
    type Err = String;
    fn from_str(s: &str) -> Result<MaxMoves, String> {
        if s == "all" {
            return Ok(MaxMoves::All);
        }
        s.parse()
            .map(MaxMoves::At)
            .map_err(|_| format!("expected a whole number or `all`, not {s:?}"))
    }
}

/// How many winning moves to list for `position`: what `--max-moves` asked
/// for (`all`: every one, capped as [`default_max_moves`] says), else
/// `default`.
pub fn moves_to_list(
    position: &Position,
    asked: Option<MaxMoves>,
    default: usize,
) -> Option<usize> {
    match asked {
        Some(MaxMoves::At(n)) => Some(n),
        Some(MaxMoves::All) => default_max_moves(position, None),
        None => Some(default),
    }
}

/// The moves the nim-sequence engine needs for `ruleset`, or a usage error
/// saying that `command` needs a heap game.
pub fn engine_moves<'a>(
    ruleset: &'a sprague::Ruleset,
    command: &str,
) -> Result<&'a sprague::takebreak::MoveSet, UsageError> {
    ruleset.move_set().ok_or_else(|| {
        if !ruleset.is_heap_game() {
            return UsageError(format!(
                "{} has no nim-sequence: {command} needs a heap game whose values come from a \
                 table (a subtraction set, an octal or hexadecimal code, Grundy's game)",
                ruleset.word()
            ));
        }
        UsageError(format!(
            "{word}'s values come from its own theorem or search, not from a nim-sequence \
             table, which {command} needs (a subtraction set, an octal or hexadecimal code, \
             Grundy's game); `sprague sequence {word} --to N` prints its values",
            word = ruleset.word()
        ))
    })
}

/// Parses a position given on the command line as separate words or as one
/// quoted string (or a mix): the words are joined by spaces, so word numbers
/// in error messages count across all of them. Graph files named by
/// `digraph:FILE` are read first.
pub fn position_from_words(words: &[String]) -> anyhow::Result<Position> {
    let text = words.join(" ");
    if text.contains('\0') {
        return Err(
            UsageError("the position holds a NUL character, which no position has".into()).into(),
        );
    }
    let mut parser = PositionParser::new();
    define_graph_files(&mut parser, &text)?;
    Ok(parser.parse(&text)?)
}

/// Parses a ruleset word given on the command line, reading its graph file
/// for `digraph:FILE`.
pub fn ruleset_from_word(word: &str) -> anyhow::Result<Ruleset> {
    if let Some(path) = graph_file(word) {
        return read_graph(word, path);
    }
    Ok(word.parse()?)
}

/// A progress bar of `len` steps on stderr, drawn with `template`, when
/// `show` holds and stderr is a terminal; a hidden one otherwise (so that a
/// command calls the same methods either way).
pub(crate) fn progress_bar(show: bool, len: u64, template: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !show || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    // `{rate}`: whole steps a second ("412,336/s"; indicatif's `per_sec`
    // prints four decimals).
    let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
        let _ = write!(w, "{}/s", indicatif::HumanCount(state.per_sec() as u64));
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(template)
            .map(|style| style.with_key("rate", rate))
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// Runs `work` with a progress bar on stderr, when stderr is a terminal,
/// for the long computations of the library that report their progress
/// ([`sprague::progress`]: the search by the definitions, nim-sequence
/// tables). The bar appears only once a computation has run for
/// [`sprague::progress::REPORT_EVERY`], and is cleared when `work` ends
/// (before the command prints its answer).
pub(crate) fn with_progress<T>(work: impl FnOnce() -> T) -> T {
    use sprague::progress::Progress;
    use std::cell::RefCell;
    use std::io::IsTerminal;
    use std::rc::Rc;
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let slot: Rc<RefCell<Option<indicatif::ProgressBar>>> = Rc::default();
    let shown = Rc::clone(&slot);
    let report = move |p: &Progress| {
        let mut slot = shown.borrow_mut();
        let bar = slot.get_or_insert_with(|| {
            progress_bar(true, 1000, "{spinner} {msg} [{bar:20}] {elapsed}")
        });
        let (permille, message) = match *p {
            Progress::Search {
                stored,
                max_states,
                work,
                max_work,
            } => {
                let share = |n: u64, of: u64| n.saturating_mul(1000) / of.max(1);
                (
                    share(stored, max_states).max(share(work, max_work)),
                    format!(
                        "searching: {} of {} positions, work {} of {}",
                        indicatif::HumanCount(stored),
                        indicatif::HumanCount(max_states),
                        indicatif::HumanCount(work),
                        indicatif::HumanCount(max_work)
                    ),
                )
            }
            Progress::Table { heap, target } => (
                heap.saturating_mul(1000) / target.max(1),
                format!(
                    "nim-sequence: heap {} of {}",
                    indicatif::HumanCount(heap),
                    indicatif::HumanCount(target)
                ),
            ),
        };
        bar.set_message(message);
        bar.set_position(permille.min(1000));
    };
    let out = sprague::progress::with_progress(report, work);
    if let Some(bar) = slot.borrow_mut().take() {
        bar.finish_and_clear();
    }
    out
}
