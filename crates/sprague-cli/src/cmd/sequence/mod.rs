//! `sprague sequence RULESET --to N`: the nim-sequence G(0..=N) of a heap
//! game, in one of four formats, optionally into a file that an interrupted
//! run can resume.

use std::fs::OpenOptions;
use std::io::{self, BufReader, BufWriter, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use indicatif::ProgressBar;
use sprague::ruleset::rule::{search_period, PeriodClaim};
use sprague::sequence::{store, Method, NimSequence, ResumeError, Store, Table, MAX_TABLE_LEN};
use sprague::Ruleset;

use super::{LibError, UsageError};
use crate::exit::Exit;
use crate::plot;

mod args;
mod checksum;
mod family;
pub mod packed;
mod resume;
mod source;
mod stats;

pub use args::{Args, Format, MethodArg};
use resume::read_existing;
pub use resume::{parse_existing, Resumed};
use source::Source;
use stats::Stats;

/// Values computed and written per step (the file is flushed after each),
/// at least: see [`chunk`].
const CHUNK: u64 = 1 << 12;

/// The values computed and written in the first step of a run to heap
/// `to`: about a 256th of the run, a power of two from [`CHUNK`] to 2^18
/// (2^18 values of Grundy's game take about a quarter of a second); later
/// steps double while they are quick ([`QUICK_STEP`]).
fn chunk(to: u64) -> u64 {
    (to / 256).next_power_of_two().clamp(CHUNK, 1 << 18)
}

/// A step that took less than this doubles the next one (up to
/// [`MAX_STEP`] values): each step starts the engine's threads afresh,
/// which on a busy machine can cost milliseconds (issue 42).
const QUICK_STEP: Duration = Duration::from_millis(100);

/// The most values computed and written per step.
const MAX_STEP: u64 = 1 << 20;

/// Writes values in one format, a chunk at a time.
struct Emitter {
    format: Format,
    word: String,
    to: u64,
    /// Width of the heap-number column of the table.
    n_width: usize,
    /// Width of a value in the table.
    v_width: usize,
}

impl Emitter {
    fn new(format: Format, word: &str, to: u64, wide: bool) -> Emitter {
        let digits = to.max(1).ilog10() as usize + 1;
        Emitter {
            format,
            word: word.to_string(),
            to,
            n_width: digits.max(3),
            v_width: if wide { digits.max(5) } else { 5 },
        }
    }

    /// The text before the first value.
    fn header(&self) -> String {
        match self.format {
            // Packed runs go to `packed::run`, never through an emitter.
            Format::Raw | Format::Packed => String::new(),
            Format::Csv => "n,g\n".to_string(),
            Format::Json => json_prefix(&self.word),
            Format::Table => {
                let mut s = format!(
                    "{}: Grundy values G(n) for n = 0..={} (row r: n = r + 0 .. r + 9)\n",
                    self.word, self.to
                );
                s.push_str(&" ".repeat(self.n_width + 1));
                for i in 0..10 {
                    s.push_str(&format!(" {:>w$}", format!("+{i}"), w = self.v_width));
                }
                s.push('\n');
                s
            }
        }
    }

    /// The text for G(n) = v.
    fn value(&self, out: &mut Vec<u8>, n: u64, v: u64) {
        let mut nb = itoa::Buffer::new();
        let mut vb = itoa::Buffer::new();
        match self.format {
            Format::Raw | Format::Packed => {
                out.extend_from_slice(vb.format(v).as_bytes());
                out.push(b'\n');
            }
            Format::Csv => {
                out.extend_from_slice(nb.format(n).as_bytes());
                out.push(b',');
                out.extend_from_slice(vb.format(v).as_bytes());
                out.push(b'\n');
            }
            Format::Json => {
                if n > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(vb.format(v).as_bytes());
            }
            Format::Table => {
                // Right-aligned in their widths (as `{:>w$}`, without the
                // formatting machinery: a table of 2^30 values is written
                // as fast as the values come).
                let pad = |out: &mut Vec<u8>, text: &str, width: usize| {
                    out.resize(out.len() + width.saturating_sub(text.len()), b' ');
                    out.extend_from_slice(text.as_bytes());
                };
                if n.is_multiple_of(10) {
                    pad(out, nb.format(n), self.n_width);
                    out.push(b':');
                }
                out.push(b' ');
                pad(out, vb.format(v), self.v_width);
                if n % 10 == 9 || n == self.to {
                    out.push(b'\n');
                }
            }
        }
    }

    /// The text after the last value: for JSON, the proven preperiod and
    /// period (`(n0, p)`, null when none is proven).
    fn footer(&self, period: Option<(u64, u64)>) -> String {
        match (self.format, period) {
            (Format::Json, Some((n0, p))) => format!("],\"preperiod\":{n0},\"period\":{p}}}\n"),
            (Format::Json, None) => "],\"preperiod\":null,\"period\":null}\n".to_string(),
            _ => String::new(),
        }
    }
}

fn json_prefix(word: &str) -> String {
    let name = serde_json::to_string(word).unwrap_or_else(|_| "\"\"".into());
    format!("{{\"ruleset\":{name},\"values\":[")
}

/// The most values `--plot` draws (they are kept, 8 bytes each).
pub const PLOT_LIMIT: u64 = 50_000_000;

/// Runs `sequence`.
pub fn run(args: Args) -> Result<Exit> {
    // A run that fails before writing anything leaves no file it created.
    let fresh = args.output.as_ref().filter(|p| !p.exists()).cloned();
    let result = run_to(args);
    if let (Err(_), Some(path)) = (&result, &fresh) {
        if std::fs::metadata(path).is_ok_and(|m| m.len() == 0) {
            let _ = std::fs::remove_file(path);
        }
    }
    result
}

/// Every node of a graph with its Grundy value, in the order the graph
/// names them: `node: value` lines, `node,g` csv, or one JSON object.
fn node_values(
    ruleset: &Ruleset,
    values: &[(String, u64)],
    format: Format,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        Format::Csv => {
            writeln!(out, "node,g")?;
            for (node, g) in values {
                writeln!(out, "{node},{g}")?;
            }
        }
        Format::Json => {
            let nodes: Vec<serde_json::Value> = values
                .iter()
                .map(|(node, g)| serde_json::json!({"node": node, "value": g}))
                .collect();
            let object = serde_json::json!({"ruleset": ruleset.word(), "nodes": nodes});
            writeln!(out, "{object}")?;
        }
        Format::Raw => {
            for (_, g) in values {
                writeln!(out, "{g}")?;
            }
        }
        Format::Table | Format::Packed => {
            for (node, g) in values {
                writeln!(out, "{node}: {g}")?;
            }
        }
    }
    out.flush()
}

/// `run`, writing where `args` say.
/// What [`check`] found `args` ask for: the values of a heap game up to
/// `to`, or a graph's node values.
enum Wanted {
    /// G(0..=to) of a heap game.
    Heaps(Ruleset, u64),
    /// Every node of a graph with its value.
    Nodes(Ruleset, Vec<(String, u64)>),
}

/// Reads the ruleset of `args` and refuses, before any work, what cannot
/// be done: no `--to`, a table past what tables hold, a table limit that no
/// period can get past, a plot too large.
fn check(args: &Args) -> Result<Wanted> {
    let ruleset: Ruleset = super::ruleset_from_word(&args.ruleset)?;
    if let Some(values) = ruleset.rules().argument_values() {
        return Ok(Wanted::Nodes(ruleset, values));
    }
    if ruleset.rules().node_name(0).is_some() {
        // A graph of nodes without a value table: it has cycles.
        return Err(UsageError(format!(
            "sequence {}: the graph has cycles, so some nodes have no Grundy value (a token \
             there can move forever: its generalized value is ∞(K)); `sprague analyze` a node \
             for its value and outcome (P, N or D)",
            ruleset.word()
        ))
        .into());
    }
    let Some(to) = args.to else {
        return Err(UsageError(format!(
            "sequence {} needs --to N (the last heap size to print)",
            ruleset.word()
        ))
        .into());
    };
    if let Some(path) = &args.plot {
        plot::check_target(path)?;
        if to >= PLOT_LIMIT {
            return Err(UsageError(format!(
                "--plot draws at most {PLOT_LIMIT} values (heaps up to {}), not --to {}",
                PLOT_LIMIT - 1,
                to
            ))
            .into());
        }
    }
    let closed = ruleset.closed_heap_value(0).is_some();
    // A packed run keeps no table in memory: no table limit applies.
    if args.format == Some(Format::Packed) {
        return Ok(Wanted::Heaps(ruleset, to));
    }
    if !closed && to >= MAX_TABLE_LEN {
        return Err(UsageError(format!(
            "--to {}: tables hold at most {MAX_TABLE_LEN} values (heaps up to {})",
            to,
            MAX_TABLE_LEN - 1
        ))
        .into());
    }
    // One limit policy with analyze: past the table limit only a proven
    // period gives values; where no periodicity theorem applies that is
    // certain to fail, so it is refused before any work.
    let limits = args.limits.limits();
    if let (false, Some(moves)) = (closed, ruleset.move_set()) {
        let limit = store::table_limit(moves, &limits);
        if to >= limit && !moves.periodicity_theorem_applies() {
            return Err(LibError(sprague::Error::TableLimit {
                ruleset: ruleset.word().to_string(),
                heap: to,
                limit,
                divisor: store::table_divisor(moves),
            })
            .into());
        }
    }
    // A rule keeps its own table: past the table limit only its proven
    // period gives values, so the period is looked for first (values that
    // the run needs anyway) and a run that cannot finish writes nothing.
    if let (false, Some(own)) = (closed, ruleset.own_sequence()) {
        let limit = limits.max_table.min(MAX_TABLE_LEN);
        if to >= limit {
            let proven = own.theorem_applies()
                && matches!(
                    search_period(own, limit - 1, &limits)
                        .map_err(LibError)?
                        .claim,
                    PeriodClaim::Proven(_)
                );
            if !proven {
                return Err(LibError(sprague::Error::TableLimit {
                    ruleset: ruleset.word().to_string(),
                    heap: to,
                    limit,
                    divisor: 1,
                })
                .into());
            }
        }
    }
    Ok(Wanted::Heaps(ruleset, to))
}

/// The values of `source` from heap `next` to `to`, written by `emitter`
/// to `out` a chunk at a time (and kept in `drawn` for a plot), then the
/// footer. On a limit the values before it are written first.
#[allow(clippy::too_many_arguments)]
fn write_values(
    source: &mut Source,
    emitter: &Emitter,
    out: &mut dyn Write,
    mut next: u64,
    to: u64,
    limits: &sprague::Limits,
    drawn: &mut Option<Vec<u64>>,
    bar: &ProgressBar,
    cannot_write: &dyn Fn() -> String,
    mut sums: Option<&mut checksum::Writer>,
) -> Result<()> {
    source.reserve(to, limits);
    let mut buf = Vec::with_capacity(1 << 20);
    let mut failure = None;
    let mut step = chunk(to);
    while next <= to {
        let last = next.saturating_add(step - 1).min(to);
        let started = Instant::now();
        if let Err(e) = source.extend_to(last, limits) {
            failure = Some(e);
        }
        if started.elapsed() < QUICK_STEP && step < MAX_STEP {
            step *= 2;
        }
        let last = last.min(source.available().saturating_sub(1));
        buf.clear();
        for n in next..=last {
            let v = source.get(n);
            emitter.value(&mut buf, n, v);
            if let Some(d) = drawn {
                d.push(v);
            }
            if let Some(s) = sums.as_deref_mut() {
                s.push(v);
            }
        }
        if next <= last {
            out.write_all(&buf)
                .and_then(|()| out.flush())
                .with_context(cannot_write)?;
            // A block's checksum only once its values are in the file.
            if let Some(s) = sums.as_deref_mut() {
                s.flush().with_context(cannot_write)?;
            }
        }
        if let Some(e) = failure {
            bar.abandon();
            return Err(LibError(e).into());
        }
        bar.set_position(last + 1);
        if last == u64::MAX {
            break;
        }
        next = last + 1;
    }
    // The store looks for a period only at heaps 1,024, 2,048, ...; the
    // values are checked once more at their end (O(N) time, no memory), so
    // that the JSON names the period they prove (Kayles' from its first
    // 157, octal:0.45's from 1,038), as the plot marks it and `period
    // --limit` finds it.
    let period = source.period_in_values();
    out.write_all(emitter.footer(period).as_bytes())
        .and_then(|()| out.flush())
        .with_context(cannot_write)?;
    if let Some(s) = sums {
        s.finish().with_context(cannot_write)?;
    }
    bar.finish_and_clear();
    Ok(())
}

/// A sequence computed in memory, as the web API answers it.
#[derive(Debug)]
pub struct InMemory {
    /// The text `sequence --format json` prints for the same arguments
    /// (one line): `{"ruleset", "values", "preperiod", "period"}`, or for
    /// a graph `{"ruleset", "nodes"}`.
    pub json: Vec<u8>,
    /// The scatter plot of the values (`--plot FILE.svg`), when asked for
    /// (`None` for a graph).
    pub svg: Option<String>,
}

/// Computes what `args` ask for in memory, through the same checks,
/// emitter and plotter as `sequence --format json --plot FILE.svg`: the
/// JSON text, and the SVG plot when `svg` is set. `--output`, `--resume`,
/// `--format` and `--plot` of `args` are not looked at.
///
/// # Errors
/// As `sequence`: a bad ruleset, no `--to`, a limit.
pub fn in_memory(args: &Args, svg: bool) -> Result<InMemory> {
    let args = Args {
        format: Some(Format::Json),
        output: None,
        resume: false,
        plot: svg.then(|| PathBuf::from("plot.svg")),
        stats: false,
        max_states: args.max_states,
        stop_after: None,
        checkpoint_dir: None,
        check_prefix: None,
        check_random: None,
        seed: 1,
        packed_low: None,
        packed_window: None,
        packed_block_log: None,
        packed_checkpoint: None,
        ruleset: args.ruleset.clone(),
        to: args.to,
        method: args.method,
        limits: super::TableArgs {
            max_table: args.limits.max_table,
            max_period_search: args.limits.max_period_search,
            threads: args.limits.threads,
        },
    };
    let mut json = Vec::new();
    let (ruleset, to) = match check(&args)? {
        Wanted::Nodes(ruleset, values) => {
            node_values(&ruleset, &values, Format::Json, &mut json)?;
            return Ok(InMemory { json, svg: None });
        }
        Wanted::Heaps(ruleset, to) => (ruleset, to),
    };
    let closed = ruleset.closed_heap_value(0).is_some();
    let emitter = Emitter::new(Format::Json, ruleset.word(), to, closed);
    let mut source = Source::new(
        &ruleset,
        Method::from(args.method),
        Table::default(),
        args.limits.threads(),
    )?;
    source
        .period_first(to, &args.limits.limits())
        .map_err(LibError)?;
    let mut drawn = svg.then(Vec::new);
    json.extend_from_slice(emitter.header().as_bytes());
    write_values(
        &mut source,
        &emitter,
        &mut json,
        0,
        to,
        &args.limits.limits(),
        &mut drawn,
        &ProgressBar::hidden(),
        &|| "cannot write to memory".to_string(),
        None,
    )?;
    let svg = match drawn {
        Some(values) => Some(plot::sequence_svg(&plot::SequencePlot {
            ruleset: ruleset.word(),
            values: &values,
            period: source.period_in_values(),
            proven: true,
        })?),
        None => None,
    };
    Ok(InMemory { json, svg })
}

fn run_to(args: Args) -> Result<Exit> {
    if family::is_family(&args.ruleset) {
        return family::run(&args);
    }
    let began = Instant::now();
    let (ruleset, to) = match check(&args)? {
        Wanted::Nodes(ruleset, values) => {
            if args.format == Some(Format::Packed) {
                return Err(UsageError(format!(
                    "--format packed is for the nim-sequences of heap games, not the nodes of {}",
                    ruleset.word()
                ))
                .into());
            }
            let mut out = BufWriter::new(io::stdout().lock());
            node_values(
                &ruleset,
                &values,
                args.format.unwrap_or(Format::Table),
                &mut out,
            )?;
            if args.stats {
                eprint!(
                    "{}",
                    stats::nodes_text(ruleset.word(), &values, began.elapsed().as_secs_f64())
                );
            }
            return Ok(Exit::Success);
        }
        Wanted::Heaps(ruleset, to) => (ruleset, to),
    };
    if args.format == Some(Format::Packed) {
        let defaults = sprague::sequence::stream::StreamConfig::default();
        let knobs = packed::Knobs {
            config: sprague::sequence::stream::StreamConfig {
                low: args.packed_low.unwrap_or(defaults.low),
                window: args.packed_window.unwrap_or(defaults.window),
            },
            block_log: args.packed_block_log.unwrap_or(packed::BLOCK_LOG),
            checkpoint: args
                .packed_checkpoint
                .map_or(packed::CHECKPOINT, std::time::Duration::from_secs),
        };
        if args.check_prefix.is_some() || args.check_random.is_some() {
            return packed::check(&args, &ruleset);
        }
        return packed::run(&args, &ruleset, to, knobs);
    }
    if args.stop_after.is_some()
        || args.check_prefix.is_some()
        || args.check_random.is_some()
        || args.checkpoint_dir.is_some()
    {
        return Err(UsageError(
            "--stop-after, --checkpoint-dir, --check-prefix and --check-random are for \
             --format packed"
                .into(),
        )
        .into());
    }
    let method = Method::from(args.method);
    // With only --plot, the picture is the output.
    let print = args.plot.is_none() || args.format.is_some() || args.output.is_some();
    let format = args.format.unwrap_or(Format::Table);
    let closed = ruleset.closed_heap_value(0).is_some();
    let limits = args.limits.limits();
    let emitter = Emitter::new(format, ruleset.word(), to, closed);
    // Where the values go; a file is cut to what it keeps only once its
    // values are accepted (a refused file is left as it was).
    enum Destination {
        Nowhere,
        Stdout,
        File(std::fs::File, u64),
    }
    let (destination_file, start): (Destination, Resumed) = match &args.output {
        None if !print => (Destination::Nowhere, Resumed::none()),
        None => (Destination::Stdout, Resumed::none()),
        Some(path) => {
            if path.is_dir() {
                return Err(UsageError(format!(
                    "--output {}: is a directory, not a file",
                    path.display()
                ))
                .into());
            }
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
                .with_context(|| format!("cannot open {}", path.display()))?;
            let start = if args.resume {
                let reader = BufReader::with_capacity(1 << 16, &mut file);
                read_existing(reader, &emitter).map_err(|e| match e.downcast::<UsageError>() {
                    Ok(usage) => UsageError(format!("{}: {}", path.display(), usage.0)).into(),
                    Err(e) => e.context(format!("cannot read {}", path.display())),
                })?
            } else {
                Resumed::none()
            };
            if start.values.len() as u64 > to.saturating_add(1) {
                return Err(UsageError(format!(
                    "{} already holds G(0..={}), past --to {}",
                    path.display(),
                    start.values.len() - 1,
                    to
                ))
                .into());
            }
            // Only values their checksums vouch for (or computed again).
            let regular = file.metadata().is_ok_and(|m| m.is_file());
            let start = if args.resume && regular {
                let recompute =
                    |saved: &Table| first_difference(&ruleset, method, saved, &args, &limits);
                checksum::vouch(path, &emitter, &ruleset, start, &recompute)?
            } else {
                start
            };
            let keep = start.keep;
            (Destination::File(file, keep), start)
        }
    };
    let destination = match &args.output {
        Some(path) => path.display().to_string(),
        None => "standard output".to_string(),
    };
    let cannot_write = || format!("cannot write {destination}");
    let resumed_len = start.values.len() as u64;
    // The checksum file of a regular output file, from the values kept.
    let mut sums = match &args.output {
        Some(path) if std::fs::metadata(path).is_ok_and(|m| m.is_file()) => Some((
            checksum::sidecar_path(path),
            checksum::Writer::new(ruleset.word(), format, &start.values),
        )),
        _ => None,
    };
    let mut drawn: Option<Vec<u64>> = args.plot.as_ref().map(|_| start.values.values().to_vec());
    let mut source =
        Source::new(&ruleset, method, start.values, args.limits.threads()).map_err(|e| {
            match (e.downcast::<UsageError>(), &args.output) {
                // A refused file: say which.
                (Ok(u), Some(path)) => UsageError(format!("{}: {}", path.display(), u.0)).into(),
                (Ok(u), None) => u.into(),
                (Err(e), _) => e,
            }
        })?;
    // Before the file is cut or anything written.
    source.period_first(to, &limits).map_err(LibError)?;
    let mut out: Box<dyn Write> = match destination_file {
        Destination::Nowhere => Box::new(io::sink()),
        Destination::Stdout => Box::new(BufWriter::new(io::stdout().lock())),
        Destination::File(mut file, keep) => {
            // Only a regular file is cut to the values kept (a device such
            // as /dev/null cannot be, and need not be).
            let regular = file.metadata().is_ok_and(|m| m.is_file());
            if regular {
                file.set_len(keep)
                    .and_then(|()| file.seek(SeekFrom::End(0)).map(drop))
                    .with_context(cannot_write)?;
            }
            Box::new(BufWriter::with_capacity(1 << 16, file))
        }
    };
    if !start.has_header {
        out.write_all(emitter.header().as_bytes())
            .with_context(cannot_write)?;
    }
    if let Some((path, w)) = &mut sums {
        w.open(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }

    let bar = progress_bar(to);
    let began = Instant::now();
    write_values(
        &mut source,
        &emitter,
        &mut out,
        resumed_len,
        to,
        &limits,
        &mut drawn,
        &bar,
        &cannot_write,
        sums.as_mut().map(|(_, w)| w),
    )?;
    if let (Some(path), Some(values)) = (&args.plot, &drawn) {
        plot::plot_sequence(
            path,
            &plot::SequencePlot {
                ruleset: ruleset.word(),
                values,
                period: source.period_in_values(),
                proven: true,
            },
        )?;
    }
    if args.stats {
        let stats = Stats {
            word: ruleset.word(),
            from: resumed_len,
            to,
            seconds: began.elapsed().as_secs_f64(),
            threads: args.limits.threads().min(2),
        };
        eprint!("{}", stats.text(&source));
    }
    Ok(Exit::Success)
}

/// The first of G(0..len) where `saved` differs from the values computed
/// afresh, as (heap, saved value, computed value): the check of a file
/// without a checksum file.
fn first_difference(
    ruleset: &Ruleset,
    method: Method,
    saved: &Table,
    args: &Args,
    limits: &sprague::Limits,
) -> Result<Option<(u64, u64, u64)>> {
    let len = saved.len() as u64;
    let mut fresh = Source::new(ruleset, method, Table::default(), args.limits.threads())?;
    fresh.extend_to(len - 1, limits).map_err(LibError)?;
    let saved = saved.values();
    Ok((0..len)
        .map(|n| (n, saved.value(n as usize), fresh.get(n)))
        .find(|(_, s, w)| s != w))
}

/// A progress bar on stderr for runs long enough to want one, hidden when
/// stderr is not a terminal.
fn progress_bar(to: u64) -> ProgressBar {
    super::progress_bar(
        to >= 4 * CHUNK,
        to.saturating_add(1),
        "{bar:40} {human_pos}/{human_len} values, {rate}, eta {eta}",
    )
}

#[cfg(test)]
mod tests;
