//! The packed file and its state file.
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

use std::fs::{File, OpenOptions};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use sprague::sequence::stream::ValueStore;

use super::super::UsageError;

/// The first 16 bytes of a packed file.
pub const MAGIC: &[u8; 16] = b"SPRAGUE-PACKED\0\x01";
/// The first 4 bytes of a block.
const BLOCK_MAGIC: &[u8; 4] = b"BLK1";
/// Bytes of a block before its values.
const BLOCK_HEAD: usize = 20;
/// log2 of the values a block holds, by default.
pub const BLOCK_LOG: u32 = 20;

/// The state file next to a packed file.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct State {
    pub(super) format: String,
    pub(super) ruleset: String,
    /// Values the file held, synced, when this was written.
    pub(super) values: u64,
    /// The mask of the rare values and its form.
    pub(super) mask: u16,
    pub(super) domain: bool,
    /// Seconds spent computing, over all sessions.
    pub(super) compute_seconds: f64,
    /// The largest value and the number of rare heaps from 1 on.
    pub(super) max_value: u64,
    pub(super) rare_heaps: u64,
}

pub(super) const STATE_FORMAT: &str = "sprague-packed-state-1";

/// The path of the state file of `path`.
fn state_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".state");
    PathBuf::from(s)
}

/// A packed file open for reading and appending: the library's store.
pub(super) struct Packed {
    file: File,
    path: PathBuf,
    log: u32,
    /// Offsets of the complete blocks on disk, and the end of the last.
    offsets: Vec<u64>,
    pub(super) end: u64,
    /// Values in the complete blocks on disk.
    pub(super) on_disk: u64,
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
pub(super) fn damaged(path: &Path, what: String) -> anyhow::Error {
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
    pub(super) fn create(path: &Path, word: &str, log: u32) -> Result<Packed> {
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
    pub(super) fn open(path: &Path, word: &str, write: bool) -> Result<(Packed, Option<String>)> {
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
    pub(super) fn len(&self) -> u64 {
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
    pub(super) fn finish(&mut self) -> Result<()> {
        if !self.tail.is_empty() {
            let tail = std::mem::take(&mut self.tail);
            self.write_block(&tail)?;
            // A partial block is the last: it cannot be read as a complete
            // one (nothing reads after the end).
        }
        self.sync()
    }

    pub(super) fn sync(&self) -> Result<()> {
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
pub(super) fn write_state(path: &Path, state: &State) -> Result<()> {
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
pub(super) fn read_state(path: &Path, word: &str) -> Result<Option<State>> {
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
