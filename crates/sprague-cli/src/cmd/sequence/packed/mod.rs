//! `sequence RULESET --to N --format packed --output FILE [--resume]`: very
//! long nim-sequences (Grundy's game to 2^35) in a compact file, computed
//! in bounded memory by `sprague::sequence::stream`, checkpointed so that
//! `--resume` goes on after any interruption (SIGKILL included).
//!
//! The file's layout and its checks are in `file.rs`, the read-only checks
//! of `--check-prefix` and `--check-random` in `check.rs`.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use anyhow::Result;
use sprague::sequence::stream::{StreamConfig, StreamError, Streamed, ValueStore, MIN_START};
use sprague::sequence::{Method, NimSequence};
use sprague::Ruleset;

use super::stats::peak_memory_line;
use super::{Args, LibError, UsageError};
use crate::exit::Exit;

mod check;
mod checkpoint;
mod file;

pub(super) use check::check;
pub use checkpoint::CACHE_ENV;
use file::{damaged, read_state, write_state, Packed, State, STATE_FORMAT};
pub use file::{read_values, BLOCK_LOG, MAGIC};

/// Seconds between checkpoints (the file synced, the state written).
pub(super) const CHECKPOINT: Duration = Duration::from_secs(30);
/// The most values computed per step of the run (progress and checkpoints).
const STEP: u64 = 1 << 22;

/// The number of values of the next step: doubled while a step takes less
/// than a quarter of a second, halved when one takes more than a second,
/// so that a checkpoint is never more than about a second late on a slow
/// machine (or a debug build), whatever [`STEP`] is.
struct Steps {
    size: u64,
}

impl Steps {
    fn new() -> Self {
        Steps { size: 1 << 12 }
    }

    /// Records that the last step took `took`.
    fn took(&mut self, took: Duration) {
        if took < Duration::from_millis(250) {
            self.size = (self.size * 2).min(STEP);
        } else if took > Duration::from_secs(1) {
            self.size = (self.size / 2).max(1 << 10);
        }
    }
}
/// The sizes a packed run keeps in memory and writes: the library's
/// windows and the block size (hidden flags, for tests).
pub(super) struct Knobs {
    pub config: StreamConfig,
    pub block_log: u32,
    /// The time between checkpoints ([`CHECKPOINT`] but in tests).
    pub checkpoint: Duration,
}

fn stream_error(e: StreamError<anyhow::Error>) -> anyhow::Error {
    match e {
        StreamError::Store(e) => e,
        StreamError::Engine(e) => LibError(e).into(),
    }
}

fn duration(seconds: f64) -> String {
    let s = seconds.max(0.0) as u64;
    if s >= 3600 {
        format!("{}h {:02}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m {:02}s", s / 60, s % 60)
    } else {
        format!("{:.1}s", seconds)
    }
}

/// Runs `sequence --format packed`.
pub(super) fn run(args: &Args, ruleset: &Ruleset, to: u64, knobs: Knobs) -> Result<Exit> {
    let word = ruleset.word();
    // Without --output the run is kept in the checkpoint folder, found
    // again by the next run of the same game (an implied --resume).
    let (path, resume) = match args.output.as_deref() {
        Some(path) => (path.to_path_buf(), args.resume),
        None => {
            let dir = checkpoint::folder(args.checkpoint_dir.as_deref())?;
            let path = checkpoint::packed_path(&dir, word)?;
            eprintln!(
                "packed: checkpoint folder {} (the values in {})",
                dir.display(),
                path.display()
            );
            (path, true)
        }
    };
    let path = path.as_path();
    if path.is_dir() {
        return Err(UsageError(format!(
            "--output {}: is a directory, not a file",
            path.display()
        ))
        .into());
    }
    if args.plot.is_some() {
        return Err(UsageError(
            "--plot is not made with --format packed (the values stay on disk)".into(),
        )
        .into());
    }
    // G(0..=to) is `to + 1` values, a count that must fit in 64 bits.
    let Some(end) = to.checked_add(1) else {
        return Err(UsageError(format!(
            "--to {to}: a packed file holds at most {} values (heaps up to {})",
            u64::MAX,
            u64::MAX - 1
        ))
        .into());
    };
    let moves = super::super::engine_moves(ruleset, "sequence --format packed")?.clone();
    if !Streamed::applies(&moves) {
        return Err(UsageError(format!(
            "--format packed computes games where the rare-value method applies (two-heap \
             splits, none into three, bounded removals); {word} is not one: use another format"
        ))
        .into());
    }
    if Method::from(args.method) != Method::Fast {
        return Err(UsageError("--format packed uses --method fast only".into()).into());
    }
    let config = knobs.config;
    let exists = std::fs::metadata(path).is_ok_and(|m| m.len() > 0);
    if exists && !resume {
        return Err(UsageError(format!(
            "{} already exists: add --resume to continue the run it holds, or remove it \
             (a packed file is not overwritten)",
            path.display()
        ))
        .into());
    }
    let (mut store, state) = if exists {
        let (store, note) = Packed::open(path, word, true)?;
        if let Some(note) = note {
            eprintln!("{}: {note}", path.display());
        }
        let state = read_state(path, word)?;
        if let Some(s) = &state {
            if s.values > store.len() {
                return Err(damaged(
                    path,
                    format!(
                        "holds {} values, but its state file recorded {} synced: \
                         values were lost (the file was cut or replaced)",
                        store.len(),
                        s.values
                    ),
                ));
            }
        }
        (store, state)
    } else {
        (Packed::create(path, word, knobs.block_log)?, None)
    };
    if store.len() > to.saturating_add(1) {
        return Err(UsageError(format!(
            "{} already holds G(0..={}), past --to {to}",
            path.display(),
            store.len() - 1
        ))
        .into());
    }
    let mut compute = state.as_ref().map_or(0.0, |s| s.compute_seconds);
    let session = Instant::now();
    let resumed_at = store.len();
    let threads = args.limits.threads();
    if resumed_at >= end {
        eprintln!(
            "{}: already holds G(0..={to}): nothing to compute",
            path.display()
        );
    } else if resumed_at > 0 {
        eprintln!(
            "{}: resuming from heap {resumed_at}: G(0..{resumed_at}) read back, the header and \
             every block's place and CRC-32 checked{}",
            path.display(),
            match &state {
                Some(s) => format!(
                    " ({} values at the last checkpoint, {} of compute before)",
                    s.values,
                    duration(s.compute_seconds)
                ),
                None => String::new(),
            }
        );
    }
    let bar = super::super::progress_bar(
        true,
        end,
        "{bar:40} {human_pos}/{human_len} values, {rate}, eta {eta}, {msg}",
    );
    bar.set_position(store.len());
    bar.reset_eta();
    // The first values in memory (the window of the stream needs them),
    // computed in steps and checkpointed like the rest (issue 62: a run
    // killed before G(2^27) kept nothing).
    let first = end.min(MIN_START.max(config.low as u64).max(config.window as u64));
    let stop_at = args.stop_after.map(|s| session + Duration::from_secs(s));
    let mut last_checkpoint = Instant::now();
    let mut stopped = false;
    let mut prefix_seconds = 0.0;
    if store.len() < first {
        let have = store.len();
        let mut saved = vec![0u16; have as usize];
        store.read(0, &mut saved)?;
        let mut seq = NimSequence::from_values(word, moves.clone(), saved.iter().copied())
            .map_err(LibError)?;
        drop(saved);
        seq.set_threads(threads);
        seq.reserve(first - 1);
        let mut max_value = seq.values().iter().max().unwrap_or(0);
        // Steps of STEP values, or four for a small window (tests).
        let prefix_step = STEP.min(first.div_ceil(4).max(MIN_START));
        while store.len() < first {
            let t = Instant::now();
            let target = (store.len() + prefix_step).min(first);
            seq.extend_to(target - 1, Method::Fast).map_err(LibError)?;
            compute += t.elapsed().as_secs_f64();
            prefix_seconds += t.elapsed().as_secs_f64();
            let mut chunk = Vec::with_capacity((target - store.len()) as usize);
            for heap in store.len()..target {
                let v = seq.get(heap).unwrap_or(0);
                let Ok(v16) = u16::try_from(v) else {
                    return Err(LibError(sprague::Error::Unsupported(format!(
                        "{word}: --format packed keeps values up to 65535; G({heap}) = {v}"
                    )))
                    .into());
                };
                max_value = max_value.max(v);
                chunk.push(v16);
            }
            store.append(&chunk)?;
            bar.set_position(store.len());
            let now = Instant::now();
            let out_of_time = stop_at.is_some_and(|at| now >= at);
            if now - last_checkpoint >= knobs.checkpoint || out_of_time {
                store.sync()?;
                write_state(
                    path,
                    &State {
                        format: STATE_FORMAT.into(),
                        ruleset: word.into(),
                        values: store.on_disk,
                        mask: 0,
                        domain: false,
                        compute_seconds: compute,
                        max_value,
                        rare_heaps: 0,
                    },
                )?;
                last_checkpoint = now;
            }
            if out_of_time && store.len() < end {
                stopped = true;
                break;
            }
        }
    }
    let mut streamed = if store.len() >= end || stopped {
        None
    } else if resumed_at >= first {
        // The mask of a state written while the first values were computed
        // is not known yet: no hint then.
        let hint = state
            .as_ref()
            .filter(|s| s.values >= first)
            .map(|s| (s.mask, s.domain));
        let len = store.len();
        Some(
            Streamed::resume(word, moves.clone(), len, config, hint, &mut store)
                .map_err(stream_error)?,
        )
    } else {
        let mut prefix = vec![0u16; store.len() as usize];
        store.read(0, &mut prefix)?;
        Some(Streamed::start(word, moves.clone(), &prefix, config).map_err(LibError)?)
    };
    compute += session.elapsed().as_secs_f64() - prefix_seconds;
    let log = !std::io::stderr().is_terminal();
    let mut step_start = (Instant::now(), store.len());
    let rate_from = (Instant::now(), store.len());
    if let Some(s) = streamed.as_mut() {
        let mut steps = Steps::new();
        while s.len() < end {
            let t = Instant::now();
            let target = (s.len() + steps.size).min(end);
            let result = s.extend(target, &mut store);
            steps.took(t.elapsed());
            compute += t.elapsed().as_secs_f64();
            if let Err(e) = result {
                // Keep what was computed.
                let _ = store.sync();
                bar.abandon();
                return Err(stream_error(e));
            }
            bar.set_position(s.len());
            bar.set_message(format!(
                "largest value {}, {} sparse heaps",
                s.max_value(),
                s.rare_heaps().count() + 1
            ));
            let now = Instant::now();
            let out_of_time = stop_at.is_some_and(|at| now >= at);
            if now - last_checkpoint >= knobs.checkpoint || s.len() >= end || out_of_time {
                store.sync()?;
                write_state(path, &state_of(word, s, store.on_disk, compute))?;
                checkpoint::write_sparse(path, word, s, s.len())?;
                last_checkpoint = now;
                if log {
                    let done = s.len() - rate_from.1;
                    let secs = (now - rate_from.0).as_secs_f64().max(1e-9);
                    let rate = done as f64 / secs;
                    let recent = (s.len() - step_start.1) as f64
                        / (now - step_start.0).as_secs_f64().max(1e-9);
                    step_start = (now, s.len());
                    let eta = (end - s.len()) as f64 / recent.max(1.0);
                    eprintln!(
                        "packed: {} of {} values ({:.2}%), {:.3} M/s this session ({:.3} M/s lately), \
                         eta {}, compute {} in all (CPU {} this session), largest value {}, \
                         {} rare heaps, {:.0} MiB peak",
                        s.len(),
                        end,
                        100.0 * s.len() as f64 / end as f64,
                        rate / 1e6,
                        recent / 1e6,
                        duration(eta),
                        duration(compute),
                        duration(cpu_seconds()),
                        s.max_value(),
                        s.rare_heaps().count(),
                        peak_kib() as f64 / 1024.0
                    );
                }
            }
            if out_of_time && s.len() < end {
                stopped = true;
                break;
            }
        }
    }
    if !stopped {
        store.finish()?;
    }
    let (max, rare, mask) = match &streamed {
        Some(s) => (s.max_value(), s.rare_heaps().count() as u64, s.mask()),
        None => (0, 0, (0, false)),
    };
    if let Some(s) = &streamed {
        write_state(path, &state_of(word, s, store.len(), compute))?;
        checkpoint::write_sparse(path, word, s, store.len())?;
    }
    bar.finish_and_clear();
    if stopped {
        eprintln!(
            "{}: stopped after --stop-after {} s at {} values; continue with {}",
            path.display(),
            args.stop_after.unwrap_or(0),
            store.len(),
            if args.output.is_some() {
                "--resume"
            } else {
                "the same command"
            }
        );
    }
    if args.stats {
        let mut text = format!(
            "stats: {word}: {} values in {} ({} values computed this session in {:.1} s); \
             compute time of all sessions {:.1} s\n",
            store.len(),
            path.display(),
            store.len() - resumed_at,
            session.elapsed().as_secs_f64(),
            compute
        );
        if streamed.is_some() {
            text.push_str(&format!(
                "stats: largest value {max}; {rare} rare heaps from heap 1 on, mask {} ({} form)\n",
                mask.0,
                if mask.1 { "domain" } else { "range" }
            ));
        }
        if let Some(s) = &streamed {
            let st = s.stats();
            text.push_str(&format!(
                "stats: read back {} values, {} heaps from scratch, {} mask passes, deepest split {}\n",
                st.store_values, st.scratch_heaps, st.mask_passes, st.deepest_split
            ));
        }
        text.push_str(&format!(
            "stats: file {} bytes ({:.4} bytes a value)\n",
            store.end,
            store.end as f64 / store.len().max(1) as f64
        ));
        text.push_str(&peak_memory_line());
        eprint!("{text}");
    }
    Ok(Exit::Success)
}

fn state_of(word: &str, s: &Streamed, synced: u64, compute: f64) -> State {
    let (mask, domain) = s.mask();
    State {
        format: STATE_FORMAT.into(),
        ruleset: word.into(),
        values: synced,
        mask,
        domain,
        compute_seconds: compute,
        max_value: s.max_value(),
        rare_heaps: s.rare_heaps().count() as u64,
    }
}

/// The CPU time of this process in seconds (0 where the system does not
/// tell): the first field of `/proc/self/schedstat`, nanoseconds on a CPU.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 / 1e9)
}

/// The peak resident memory in KiB (0 where the system does not tell).
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}
