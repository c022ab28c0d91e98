//! `sequence RULESET --to N --format packed --output FILE [--resume]`: very
//! long nim-sequences (Grundy's game to 2^35) in a compact file, computed
//! in bounded memory by `sprague::sequence::stream`, checkpointed so that
//! `--resume` goes on after any interruption (SIGKILL included).
//!
//! # The file
//! A header, then blocks of 2^20 values (all full but the last):
//!
//! ```text
//! header: "SPRAGUE-PACKED\0\x01" (16 bytes), u32 log2 of the values a block,
//!         u32 length of the ruleset word, the word (UTF-8), u32 CRC-32 of
//!         all the header's bytes before it
//! block:  "BLK1", u64 first heap, u32 values (1..=2^20), u32 exceptions E,
//!         one byte a value (255: see the exceptions), E times (u32 index in
//!         the block, u16 value) for the values of 255 and more, u32 CRC-32
//!         of all the block's bytes before it
//! ```
//!
//! All numbers little-endian. A byte a value and 6 more for each value of
//! 255 or more (Grundy's game: about 1.0001 bytes a value). Each block
//! says where it belongs and checks itself, so a resume refuses a file of
//! another game or format, a block out of place or a flipped byte (naming
//! the block, its heaps and its byte offset), and drops only a torn last
//! block (what a kill in the middle of a write leaves).
//!
//! Next to it, `FILE.state` (JSON, written to `FILE.state.tmp` and renamed
//! after the file is synced, every 30 s and at the end): the values the
//! file holds for sure, the mask of the rare values, and the compute time
//! of all sessions. The file alone suffices to resume; the state adds the
//! time and saves a second pass for the mask.

use std::fs::{File, OpenOptions};
use std::io::{IsTerminal, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use sprague::sequence::stream::{
    value_by_definition_from, StreamConfig, StreamError, Streamed, ValueStore, MIN_START,
};
use sprague::sequence::{Method, NimSequence};
use sprague::Ruleset;

use super::stats::peak_memory_line;
use super::{Args, LibError, UsageError};
use crate::exit::Exit;

/// The first 16 bytes of a packed file.
pub const MAGIC: &[u8; 16] = b"SPRAGUE-PACKED\0\x01";
/// The first 4 bytes of a block.
const BLOCK_MAGIC: &[u8; 4] = b"BLK1";
/// Bytes of a block before its values.
const BLOCK_HEAD: usize = 20;
/// log2 of the values a block holds, by default.
pub const BLOCK_LOG: u32 = 20;
/// Seconds between checkpoints (the file synced, the state written).
const CHECKPOINT: Duration = Duration::from_secs(30);
/// Values computed per step of the run (progress and checkpoints).
const STEP: u64 = 1 << 22;

/// The state file next to a packed file.
#[derive(Debug, Serialize, Deserialize)]
struct State {
    format: String,
    ruleset: String,
    /// Values the file held, synced, when this was written.
    values: u64,
    /// The mask of the rare values and its form.
    mask: u16,
    domain: bool,
    /// Seconds spent computing, over all sessions.
    compute_seconds: f64,
    /// The largest value and the number of rare heaps from 1 on.
    max_value: u64,
    rare_heaps: u64,
}

const STATE_FORMAT: &str = "sprague-packed-state-1";

/// The path of the state file of `path`.
fn state_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".state");
    PathBuf::from(s)
}

/// A packed file open for reading and appending: the library's store.
struct Packed {
    file: File,
    path: PathBuf,
    log: u32,
    /// Offsets of the complete blocks on disk, and the end of the last.
    offsets: Vec<u64>,
    end: u64,
    /// Values in the complete blocks on disk.
    on_disk: u64,
    /// The values after them, not yet a whole block (written as the last,
    /// partial block only when the run ends).
    tail: Vec<u16>,
    /// Decoded blocks lately read: (block, values).
    cache: Vec<(usize, Vec<u16>)>,
    scratch: Vec<u8>,
    /// Whether the file is to be cut at `end` before the next write.
    cut_pending: bool,
}

/// A refusal of the file: what is wrong, and where.
fn damaged(path: &Path, what: String) -> anyhow::Error {
    UsageError(format!("{}: {what}", path.display())).into()
}

impl Packed {
    fn block_len(&self) -> usize {
        1 << self.log
    }

    /// The header's bytes for `word`.
    fn header(word: &str, log: u32) -> Vec<u8> {
        let mut h = MAGIC.to_vec();
        h.extend_from_slice(&log.to_le_bytes());
        h.extend_from_slice(&(word.len() as u32).to_le_bytes());
        h.extend_from_slice(word.as_bytes());
        let crc = crc32fast::hash(&h);
        h.extend_from_slice(&crc.to_le_bytes());
        h
    }

    /// A new file (any old content is cut away) for `word`.
    fn create(path: &Path, word: &str, log: u32) -> Result<Packed> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        let header = Packed::header(word, log);
        file.write_all_at(&header, 0)
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(Packed {
            file,
            path: path.to_path_buf(),
            log,
            offsets: Vec::new(),
            end: header.len() as u64,
            on_disk: 0,
            tail: Vec::new(),
            cache: Vec::new(),
            scratch: Vec::new(),
            cut_pending: false,
        })
    }

    /// Opens an existing file of `word`'s values: checks the header and
    /// every block's place and size, and the last block's checksum (the
    /// others are checked as they are read); a torn last block is dropped,
    /// a last partial block becomes the tail. Returns the file and a note
    /// on what was dropped.
    fn open(path: &Path, word: &str, write: bool) -> Result<(Packed, Option<String>)> {
        let file = OpenOptions::new()
            .read(true)
            .write(write)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        let size = file
            .metadata()
            .with_context(|| format!("cannot read {}", path.display()))?
            .len();
        let mut head = vec![0u8; 24];
        if size < 24 || file.read_exact_at(&mut head, 0).is_err() || &head[..16] != MAGIC {
            return Err(damaged(
                path,
                "is not a packed sequence file (it does not start with the bytes \
                 SPRAGUE-PACKED of --format packed)"
                    .into(),
            ));
        }
        let log = u32::from_le_bytes(head[16..20].try_into().unwrap_or_default());
        let wlen = u32::from_le_bytes(head[20..24].try_into().unwrap_or_default()) as u64;
        if !(8..=24).contains(&log) || wlen > 4096 || 28 + wlen > size {
            return Err(damaged(
                path,
                "has a damaged header (block size or ruleset word out of range)".into(),
            ));
        }
        let mut rest = vec![0u8; wlen as usize + 4];
        file.read_exact_at(&mut rest, 24)
            .with_context(|| format!("cannot read {}", path.display()))?;
        head.extend_from_slice(&rest[..wlen as usize]);
        let crc = u32::from_le_bytes(rest[wlen as usize..].try_into().unwrap_or_default());
        if crc32fast::hash(&head) != crc {
            return Err(damaged(
                path,
                "has a damaged header (its checksum does not match)".into(),
            ));
        }
        let saved = String::from_utf8_lossy(&head[24..]).into_owned();
        if saved != word {
            return Err(damaged(
                path,
                format!("holds the values of {saved}, not of {word}"),
            ));
        }
        let mut p = Packed {
            file,
            path: path.to_path_buf(),
            log,
            offsets: Vec::new(),
            end: 28 + wlen,
            on_disk: 0,
            tail: Vec::new(),
            cache: Vec::new(),
            scratch: Vec::new(),
            cut_pending: false,
        };
        let block = p.block_len() as u64;
        let mut note = None;
        loop {
            let at = p.end;
            if at == size {
                break;
            }
            let index = p.offsets.len();
            let mut bh = [0u8; BLOCK_HEAD];
            let from = p.on_disk;
            let torn = |what: &str| {
                format!(
                    "dropped a torn last block (block {index}, heaps from {from}, byte {at}: {what}); \
                     its values are computed again"
                )
            };
            if size - at < BLOCK_HEAD as u64 {
                note = Some(torn("cut in its header"));
                break;
            }
            p.file
                .read_exact_at(&mut bh, at)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let first = u64::from_le_bytes(bh[4..12].try_into().unwrap_or_default());
            let count = u32::from_le_bytes(bh[12..16].try_into().unwrap_or_default()) as u64;
            let exceptions = u32::from_le_bytes(bh[16..20].try_into().unwrap_or_default()) as u64;
            let len = BLOCK_HEAD as u64 + count + 6 * exceptions + 4;
            let sane = &bh[..4] == BLOCK_MAGIC
                && first == p.on_disk
                && (1..=block).contains(&count)
                && exceptions <= count;
            if !sane {
                if at + len >= size || &bh[..4] != BLOCK_MAGIC && bh.iter().all(|&b| b == 0) {
                    // Zeros or a header cut short at the end: a torn write.
                    if bh.iter().all(|&b| b == 0) && at + (BLOCK_HEAD as u64) < size {
                        let rest_zero = p.all_zero(at, size)?;
                        if !rest_zero {
                            return Err(damaged(path, format!(
                                "block {index} (byte {at}) is not a block of values (the file is damaged there)"
                            )));
                        }
                    }
                    note = Some(torn("not a whole block header"));
                    break;
                }
                return Err(damaged(
                    path,
                    format!(
                        "block {index} (byte {at}) is not the block of heaps from {} \
                         (the file is damaged there)",
                        p.on_disk
                    ),
                ));
            }
            if at + len > size {
                note = Some(torn("cut short"));
                break;
            }
            let last = at + len == size;
            if last || count < block {
                // The last block is checked here; a partial one must be last.
                let values = match p.decode_at(at, len as usize, index) {
                    Ok(v) => v,
                    Err(e) if last => {
                        note = Some(torn(&format!("{e:#}")));
                        break;
                    }
                    Err(e) => return Err(e),
                };
                if count < block {
                    if !last {
                        return Err(damaged(
                            path,
                            format!(
                                "block {index} (byte {at}) holds {count} values, not {block}, \
                                 yet is not the last (the file is damaged there)"
                            ),
                        ));
                    }
                    p.tail = values;
                    break;
                }
            }
            p.offsets.push(at);
            p.end = at + len;
            p.on_disk += count;
        }
        // What was dropped (and the partial block, kept as the tail) is cut
        // only when the first block is written: a resume that fails first
        // leaves the file as it was.
        p.cut_pending = write;
        Ok((p, note))
    }

    /// Whether the bytes of the file from `at` to `size` are all zero.
    fn all_zero(&self, mut at: u64, size: u64) -> Result<bool> {
        let mut buf = vec![0u8; 1 << 16];
        while at < size {
            let n = ((size - at) as usize).min(buf.len());
            self.file
                .read_exact_at(&mut buf[..n], at)
                .with_context(|| format!("cannot read {}", self.path.display()))?;
            if buf[..n].iter().any(|&b| b != 0) {
                return Ok(false);
            }
            at += n as u64;
        }
        Ok(true)
    }

    /// Reads and checks the block `index` at `at`, `len` bytes, and returns
    /// its values.
    fn decode_at(&mut self, at: u64, len: usize, index: usize) -> Result<Vec<u16>> {
        let path = self.path.clone();
        self.scratch.resize(len, 0);
        self.file
            .read_exact_at(&mut self.scratch, at)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let b = &self.scratch;
        let crc = u32::from_le_bytes(b[len - 4..].try_into().unwrap_or_default());
        let first = u64::from_le_bytes(b[4..12].try_into().unwrap_or_default());
        let count = u32::from_le_bytes(b[12..16].try_into().unwrap_or_default()) as usize;
        if crc32fast::hash(&b[..len - 4]) != crc {
            return Err(damaged(
                &path,
                format!(
                    "block {index} (heaps {first}..={}, byte {at}) fails its checksum: \
                     the file is damaged there",
                    first + count as u64 - 1
                ),
            ));
        }
        let exceptions = u32::from_le_bytes(b[16..20].try_into().unwrap_or_default()) as usize;
        let bytes = &b[BLOCK_HEAD..BLOCK_HEAD + count];
        let mut values: Vec<u16> = bytes.iter().map(|&x| u16::from(x)).collect();
        let ex = &b[BLOCK_HEAD + count..BLOCK_HEAD + count + 6 * exceptions];
        let mut seen = 0;
        for e in ex.chunks_exact(6) {
            let i = u32::from_le_bytes(e[..4].try_into().unwrap_or_default()) as usize;
            let v = u16::from_le_bytes(e[4..].try_into().unwrap_or_default());
            if i >= count || bytes[i] != 255 || v < 255 {
                return Err(damaged(
                    &path,
                    format!("block {index} (byte {at}) has a bad exception entry"),
                ));
            }
            values[i] = v;
            seen += 1;
        }
        if seen != bytes.iter().filter(|&&x| x == 255).count() {
            return Err(damaged(
                &path,
                format!("block {index} (byte {at}) misses exception entries"),
            ));
        }
        Ok(values)
    }

    /// The values of complete block `index` (cached).
    fn block(&mut self, index: usize) -> Result<&[u16]> {
        if let Some(pos) = self.cache.iter().position(|(i, _)| *i == index) {
            let entry = self.cache.remove(pos);
            self.cache.push(entry);
        } else {
            let at = self.offsets[index];
            let next = self.offsets.get(index + 1).copied().unwrap_or(self.end);
            let values = self.decode_at(at, (next - at) as usize, index)?;
            if self.cache.len() >= 4 {
                self.cache.remove(0);
            }
            self.cache.push((index, values));
        }
        Ok(self.cache.last().map(|(_, v)| v.as_slice()).unwrap_or(&[]))
    }

    /// Values held: on disk and in the tail.
    fn len(&self) -> u64 {
        self.on_disk + self.tail.len() as u64
    }

    /// Writes a block of `values` (full, or the last) at the end.
    fn write_block(&mut self, values: &[u16]) -> Result<()> {
        let mut b = Vec::with_capacity(BLOCK_HEAD + values.len() + 64);
        b.extend_from_slice(BLOCK_MAGIC);
        b.extend_from_slice(&self.on_disk.to_le_bytes());
        b.extend_from_slice(&(values.len() as u32).to_le_bytes());
        let exceptions: Vec<(u32, u16)> = values
            .iter()
            .enumerate()
            .filter(|(_, &v)| v >= 255)
            .map(|(i, &v)| (i as u32, v))
            .collect();
        b.extend_from_slice(&(exceptions.len() as u32).to_le_bytes());
        b.extend(values.iter().map(|&v| v.min(255) as u8));
        for (i, v) in exceptions {
            b.extend_from_slice(&i.to_le_bytes());
            b.extend_from_slice(&v.to_le_bytes());
        }
        let crc = crc32fast::hash(&b);
        b.extend_from_slice(&crc.to_le_bytes());
        if self.cut_pending {
            self.file
                .set_len(self.end)
                .with_context(|| format!("cannot write {}", self.path.display()))?;
            self.cut_pending = false;
        }
        self.file
            .write_all_at(&b, self.end)
            .with_context(|| format!("cannot write {}", self.path.display()))?;
        self.offsets.push(self.end);
        self.end += b.len() as u64;
        self.on_disk += values.len() as u64;
        Ok(())
    }

    /// Writes the tail as the last, partial block (the end of a run).
    fn finish(&mut self) -> Result<()> {
        if !self.tail.is_empty() {
            let tail = std::mem::take(&mut self.tail);
            self.write_block(&tail)?;
            // A partial block is the last: it cannot be read as a complete
            // one (nothing reads after the end).
        }
        self.sync()
    }

    fn sync(&self) -> Result<()> {
        self.file
            .sync_data()
            .with_context(|| format!("cannot sync {}", self.path.display()))
    }
}

impl ValueStore for Packed {
    type Error = anyhow::Error;

    fn read(&mut self, start: u64, out: &mut [u16]) -> Result<()> {
        let mut x = start;
        let mut i = 0;
        let block = self.block_len() as u64;
        while i < out.len() {
            if x >= self.on_disk {
                let from = (x - self.on_disk) as usize;
                let n = out.len() - i;
                let src = self
                    .tail
                    .get(from..from + n)
                    .context("internal error: a read past the values computed")?;
                out[i..].copy_from_slice(src);
                return Ok(());
            }
            let b = (x / block) as usize;
            let within = (x % block) as usize;
            let values = self.block(b)?;
            let n = (values.len() - within).min(out.len() - i);
            out[i..i + n].copy_from_slice(&values[within..within + n]);
            i += n;
            x += n as u64;
        }
        Ok(())
    }

    fn append(&mut self, values: &[u16]) -> Result<()> {
        let block = self.block_len();
        let mut values = values;
        while !values.is_empty() {
            let n = (block - self.tail.len()).min(values.len());
            self.tail.extend_from_slice(&values[..n]);
            values = &values[n..];
            if self.tail.len() == block {
                let tail = std::mem::take(&mut self.tail);
                self.write_block(&tail)?;
                self.tail = tail;
                self.tail.clear();
            }
        }
        Ok(())
    }
}

/// Writes `state` next to `path`, atomically (a temporary file renamed).
fn write_state(path: &Path, state: &State) -> Result<()> {
    let target = state_path(path);
    let mut tmp = target.clone().into_os_string();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let text = serde_json::to_string_pretty(state)? + "\n";
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    File::open(&tmp)
        .and_then(|f| f.sync_all())
        .with_context(|| format!("cannot sync {}", tmp.display()))?;
    std::fs::rename(&tmp, &target).with_context(|| format!("cannot write {}", target.display()))
}

/// Reads the state file of `path`, if any.
fn read_state(path: &Path, word: &str) -> Result<Option<State>> {
    let sp = state_path(path);
    let text = match std::fs::read_to_string(&sp) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", sp.display())),
    };
    let state: State = serde_json::from_str(&text).map_err(|e| {
        UsageError(format!(
            "{}: is not the state file of a packed run ({e})",
            sp.display()
        ))
    })?;
    if state.format != STATE_FORMAT || state.ruleset != word {
        return Err(UsageError(format!(
            "{}: is the state of a run of {} (format {}), not of {word}",
            sp.display(),
            state.ruleset,
            state.format
        ))
        .into());
    }
    Ok(Some(state))
}

/// The sizes a packed run keeps in memory and writes: the library's
/// windows and the block size (hidden flags, for tests).
pub(super) struct Knobs {
    pub config: StreamConfig,
    pub block_log: u32,
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
    let Some(path) = args.output.as_deref() else {
        return Err(
            UsageError("--format packed writes a file: give it with --output FILE".into()).into(),
        );
    };
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
    let word = ruleset.word();
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
    if exists && !args.resume {
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
    // The first values in memory (the window of the stream needs them).
    let first = end.min(MIN_START.max(config.low as u64).max(config.window as u64));
    if store.len() < first {
        let have = store.len();
        let mut saved = vec![0u16; have as usize];
        store.read(0, &mut saved)?;
        let mut seq = NimSequence::from_values(word, moves.clone(), saved.iter().copied())
            .map_err(LibError)?;
        seq.set_threads(threads);
        seq.reserve(first - 1);
        seq.extend_to(first - 1, Method::Fast).map_err(LibError)?;
        if seq.bytes_per_value() != 2 {
            return Err(LibError(sprague::Error::Unsupported(format!(
                "{word}: --format packed keeps values up to 65535"
            )))
            .into());
        }
        let values: Vec<u16> = seq.values().iter().map(|v| v as u16).collect();
        store.append(&values[have as usize..])?;
    }
    let mut streamed = if store.len() >= end {
        None
    } else if resumed_at >= first {
        let hint = state.as_ref().map(|s| (s.mask, s.domain));
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
    compute += session.elapsed().as_secs_f64();
    let bar = super::super::progress_bar(
        true,
        end,
        "{bar:40} {human_pos}/{human_len} values, {rate}, eta {eta}",
    );
    bar.set_position(store.len());
    bar.reset_eta();
    let log = !std::io::stderr().is_terminal();
    let stop_at = args.stop_after.map(|s| session + Duration::from_secs(s));
    let mut last_checkpoint = Instant::now();
    let mut step_start = (Instant::now(), store.len());
    let rate_from = (Instant::now(), store.len());
    let mut stopped = false;
    if let Some(s) = streamed.as_mut() {
        while s.len() < end {
            let t = Instant::now();
            let target = (s.len() + STEP).min(end);
            let result = s.extend(target, &mut store);
            compute += t.elapsed().as_secs_f64();
            if let Err(e) = result {
                // Keep what was computed.
                let _ = store.sync();
                bar.abandon();
                return Err(stream_error(e));
            }
            bar.set_position(s.len());
            let now = Instant::now();
            let out_of_time = stop_at.is_some_and(|at| now >= at);
            if now - last_checkpoint >= CHECKPOINT || s.len() >= end || out_of_time {
                store.sync()?;
                write_state(path, &state_of(word, s, store.on_disk, compute))?;
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
    }
    bar.finish_and_clear();
    if stopped {
        eprintln!(
            "{}: stopped after --stop-after {} s at {} values; continue with --resume",
            path.display(),
            args.stop_after.unwrap_or(0),
            store.len()
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

/// Reads G(`start`..`start + out.len()`) from the packed file at `path`
/// of `word`'s values (checking each block read): for checks of a run.
///
/// # Errors
/// A file that is not `word`'s packed file, damaged, or too short.
pub fn read_values(path: &Path, word: &str, start: u64, out: &mut [u16]) -> Result<u64> {
    let (mut p, _) = Packed::open(path, word, false)?;
    if start + out.len() as u64 > p.len() {
        return Err(UsageError(format!(
            "{} holds {} values, not up to heap {}",
            path.display(),
            p.len(),
            start + out.len() as u64 - 1
        ))
        .into());
    }
    p.read(start, out)?;
    Ok(p.len())
}

/// Runs `sequence --format packed --check-prefix N / --check-random K`:
/// checks the file (read only; a run may be writing it) and prints one
/// line a check.
pub(super) fn check(args: &Args, ruleset: &Ruleset) -> Result<Exit> {
    let Some(path) = args.output.as_deref() else {
        return Err(
            UsageError("--check-prefix and --check-random read --output FILE".into()).into(),
        );
    };
    let word = ruleset.word();
    let moves = super::super::engine_moves(ruleset, "sequence --format packed")?.clone();
    let (mut store, note) = Packed::open(path, word, false)?;
    if let Some(note) = note {
        eprintln!("{}: {note}", path.display());
    }
    let len = store.len();
    writeln!(
        std::io::stdout(),
        "{}: {len} values of {word}",
        path.display()
    )?;
    let mut all_agree = true;
    if let Some(n) = args.check_prefix {
        if n >= len {
            return Err(UsageError(format!(
                "--check-prefix {n}: {} holds G(0..={})",
                path.display(),
                len.saturating_sub(1)
            ))
            .into());
        }
        let began = Instant::now();
        let mut seq = NimSequence::new(word, moves.clone());
        seq.set_threads(args.limits.threads());
        seq.reserve(n);
        seq.extend_to(n, Method::Fast).map_err(LibError)?;
        let computed = began.elapsed().as_secs_f64();
        let values = seq.values();
        let mut chunk = vec![0u16; 1 << 20];
        let mut x = 0u64;
        let mut first_difference = None;
        while x <= n && first_difference.is_none() {
            let c = (n + 1 - x).min(chunk.len() as u64) as usize;
            store.read(x, &mut chunk[..c])?;
            first_difference = (0..c)
                .find(|&i| u64::from(chunk[i]) != values.value(x as usize + i))
                .map(|i| (x + i as u64, chunk[i], values.value(x as usize + i)));
            x += c as u64;
        }
        match first_difference {
            None => {
                let threads = args.limits.threads().min(2);
                writeln!(
                    std::io::stdout(),
                    "prefix: G(0..={n}) of the file equal the in-memory engine's \
                     (computed in {computed:.1} s, {threads} thread{})",
                    if threads == 1 { "" } else { "s" }
                )?;
            }
            Some((h, file, engine)) => {
                all_agree = false;
                writeln!(
                    std::io::stdout(),
                    "prefix: DIFFERS at heap {h}: the file has {file}, the engine {engine}"
                )?;
            }
        }
    }
    if let Some(k) = args.check_random {
        let mut state = args.seed;
        let mut next = || {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut heaps: Vec<u64> = (0..k).map(|_| next() % len).collect();
        heaps.push(len - 1);
        for n in heaps {
            let began = Instant::now();
            let mut one = [0u16];
            store.read(n, &mut one)?;
            let by_definition =
                value_by_definition_from(&moves, n, &mut store).map_err(stream_error)?;
            let agree = by_definition == u64::from(one[0]);
            all_agree &= agree;
            writeln!(
                std::io::stdout(),
                "heap {n}: file {}, definition {by_definition}: {} ({:.1} s)",
                one[0],
                if agree { "ok" } else { "DIFFERS" },
                began.elapsed().as_secs_f64()
            )?;
        }
    }
    Ok(if all_agree {
        Exit::Success
    } else {
        Exit::Other
    })
}
