//! The checksum file of a `sequence --output FILE` run in a text format
//! (`FILE.crc`), so that `--resume` never goes on from values that were
//! changed after sprague wrote them: a value changed by hand, by a disk or
//! by another program would make every value computed after it wrong.
//!
//! The checksum file is text:
//!
//! ```text
//! sprague sequence checksums 1
//! ruleset "octal:0.6"
//! format raw
//! 0..=4095 8c2f1a3e
//! 4096..=8191 0b61c7d2
//! 8192..=8200 5e0f9a11
//! ```
//!
//! a header, then one line a block of [`BLOCK`] values (the last block of a
//! finished run may be shorter): the heaps it covers and the CRC-32 of
//! their values, each as 8 little-endian bytes. Lines are written after
//! the values they cover are in the output file, so a run killed between
//! the two leaves values without a line, never a line without its values;
//! on `--resume` the values a line covers are checked against it and the
//! values past the last line (at most a block and a chunk) are computed
//! again.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use sprague::sequence::Table;

use super::{Emitter, Format, Resumed};
use crate::cmd::UsageError;

/// Values a checksum line covers: 4,096 (the checksum file is about 0.5%
/// of a raw file's size).
pub const BLOCK: u64 = 4096;

/// The first line of a checksum file.
const MAGIC: &str = "sprague sequence checksums 1";

/// The checksum file of the output `path`: `path` with `.crc` added.
pub fn sidecar_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".crc");
    PathBuf::from(name)
}

/// The format's name as `--format` spells it.
fn format_name(format: Format) -> &'static str {
    match format {
        Format::Table => "table",
        Format::Raw => "raw",
        Format::Csv => "csv",
        Format::Json => "json",
        Format::Packed => "packed",
    }
}

/// The header of the checksum file of `word`'s values in `format`.
fn header(word: &str, format: Format) -> String {
    let name = serde_json::to_string(word).unwrap_or_else(|_| "\"\"".into());
    format!("{MAGIC}\nruleset {name}\nformat {}\n", format_name(format))
}

/// One line: the heaps `first..=last` and their CRC-32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first heap covered.
    pub first: u64,
    /// The last heap covered.
    pub last: u64,
    /// The CRC-32 of G(first..=last), each as 8 little-endian bytes.
    pub crc: u32,
}

/// The CRC-32 of `values`, each as 8 little-endian bytes.
fn crc_of(values: impl Iterator<Item = u64>) -> u32 {
    let mut h = crc32fast::Hasher::new();
    for v in values {
        h.update(&v.to_le_bytes());
    }
    h.finalize()
}

/// Reads the checksum file at `path` for `word`'s values in `format`:
/// `Ok(None)` when there is none.
///
/// # Errors
/// Why the file is not the checksum file of such values (its line named);
/// a torn last line (a run killed while writing it) is not an error: it
/// is dropped.
pub fn read(path: &Path, word: &str, format: Format) -> Result<Option<Vec<Line>>, String> {
    let text = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(format!(
                "cannot read its checksum file {}: {e}",
                path.display()
            ))
        }
    };
    let shown = path.display();
    let want = header(word, format);
    if !text.starts_with(want.as_bytes()) {
        let first: Vec<&[u8]> = text.split(|&b| b == b'\n').take(3).collect();
        return Err(format!(
            "its checksum file {shown} is not the checksum file of {word}'s values in the {} \
             format (it starts {:?})",
            format_name(format),
            String::from_utf8_lossy(&first.join(&b'\n'))
        ));
    }
    let mut lines = Vec::new();
    let mut next = 0u64;
    let body = &text[want.len()..];
    let head_lines = want.lines().count();
    for (i, line) in body.split_inclusive(|&b| b == b'\n').enumerate() {
        let Some(line) = line.strip_suffix(b"\n") else {
            // Torn by a kill: its values are checked by computing them.
            break;
        };
        let line_no = head_lines + i + 1;
        let parsed = std::str::from_utf8(line).ok().and_then(|l| {
            let (range, crc) = l.split_once(' ')?;
            let (first, last) = range.split_once("..=")?;
            let crc = (crc.len() == 8)
                .then(|| u32::from_str_radix(crc, 16).ok())
                .flatten()?;
            Some(Line {
                first: first.parse().ok()?,
                last: last.parse().ok()?,
                crc,
            })
        });
        match parsed {
            Some(l) if l.first == next && l.last >= l.first && l.last - l.first < BLOCK => {
                next = l.last + 1;
                lines.push(l);
            }
            _ => {
                return Err(format!(
                    "line {line_no} of its checksum file {shown} ({:?}) is not the checksum of \
                     heaps {next}..=N that sprague writes",
                    String::from_utf8_lossy(&line[..line.len().min(60)])
                ))
            }
        }
    }
    Ok(Some(lines))
}

/// Where a file's values and their checksum disagree.
#[derive(Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The line of the checksum file (its index among the checksum lines).
    pub index: usize,
    /// The heaps that line covers.
    pub line: Line,
}

/// Checks `values` against `lines`: how many values the lines cover and
/// vouch for (the values past them are to be computed again), or the first
/// line whose values differ.
pub fn verify(values: &Table, lines: &[Line]) -> Result<u64, Mismatch> {
    let values = values.values();
    let len = values.len() as u64;
    let mut good = 0;
    for (index, line) in lines.iter().enumerate() {
        if line.last >= len {
            // The file lost values the checksum file saw: the rest is
            // computed again.
            break;
        }
        let crc = crc_of((line.first..=line.last).map(|n| values.value(n as usize)));
        if crc != line.crc {
            return Err(Mismatch { index, line: *line });
        }
        good = line.last + 1;
    }
    Ok(good)
}

/// Writes the checksum file as the values are written.
pub struct Writer {
    /// The checksum file, once opened ([`Writer::open`]).
    file: Option<File>,
    hasher: crc32fast::Hasher,
    /// The first heap of the block being hashed.
    first: u64,
    /// The next heap to hash.
    next: u64,
    /// Lines not yet written.
    pending: String,
}

impl Writer {
    /// The checksums of `word`'s values in `format`, starting with the
    /// lines of `values` (the values the output file keeps); the next value
    /// pushed is G(values.len()). Nothing is written before
    /// [`Writer::open`].
    pub fn new(word: &str, format: Format, values: &Table) -> Writer {
        let mut w = Writer {
            file: None,
            hasher: crc32fast::Hasher::new(),
            first: 0,
            next: 0,
            pending: header(word, format),
        };
        let values = values.values();
        for i in 0..values.len() {
            w.push(values.value(i));
        }
        w
    }

    /// Creates (or empties) the checksum file at `path` and writes the
    /// lines so far.
    ///
    /// # Errors
    /// A file that cannot be created or written.
    pub fn open(&mut self, path: &Path) -> io::Result<()> {
        self.file = Some(File::create(path)?);
        self.flush()
    }

    /// Adds the next value, G(next).
    pub fn push(&mut self, v: u64) {
        self.hasher.update(&v.to_le_bytes());
        self.next += 1;
        if self.next - self.first == BLOCK {
            self.end_block();
        }
    }

    fn end_block(&mut self) {
        let crc = std::mem::take(&mut self.hasher).finalize();
        self.pending
            .push_str(&format!("{}..={} {crc:08x}\n", self.first, self.next - 1));
        self.first = self.next;
    }

    /// Writes the lines of the blocks completed: call it after the values
    /// are written to the output file and flushed.
    ///
    /// # Errors
    /// A failed write.
    pub fn flush(&mut self) -> io::Result<()> {
        let Some(file) = &mut self.file else {
            return Ok(());
        };
        if !self.pending.is_empty() {
            file.write_all(self.pending.as_bytes())?;
            self.pending.clear();
        }
        file.flush()
    }

    /// Ends the run: a line for the last, shorter block, written.
    ///
    /// # Errors
    /// A failed write.
    pub fn finish(&mut self) -> io::Result<()> {
        if self.next > self.first {
            self.end_block();
        }
        self.flush()
    }
}

/// The most values of a file without a checksum file (one written before
/// checksum files, or whose `.crc` was removed) that `--resume` checks by
/// computing them all again: 1,048,576 (well under a second for most
/// games). A longer one is refused with advice.
pub const UNCHECKED_RECOMPUTED: u64 = 1 << 20;

/// Where heaps `first..=last` are in a file written by `emitter`: its lines,
/// or for json its bytes.
fn place(emitter: &Emitter, values: &Table, first: u64, last: u64) -> String {
    let lines = |a: u64, b: u64| {
        if a == b {
            format!("line {a}")
        } else {
            format!("lines {a}..={b}")
        }
    };
    match emitter.format {
        Format::Raw => lines(first + 1, last + 1),
        Format::Csv => lines(first + 2, last + 2),
        Format::Table => {
            let head = emitter.header().lines().count() as u64;
            lines(head + first / 10 + 1, head + last / 10 + 1)
        }
        Format::Json | Format::Packed => format!(
            "bytes {}..{}",
            offset(emitter, values, first),
            offset(emitter, values, last + 1)
        ),
    }
}

/// The length of the header and the text of G(0..n) as `emitter` writes
/// them.
fn offset(emitter: &Emitter, values: &Table, n: u64) -> u64 {
    let values = values.values();
    let mut total = emitter.header().len() as u64;
    let mut buf = Vec::with_capacity(64);
    for i in 0..n.min(values.len() as u64) {
        buf.clear();
        emitter.value(&mut buf, i, values.value(i as usize));
        total += buf.len() as u64;
    }
    total
}

/// Computes a file's values again: the first heap whose value differs, as
/// (heap, the file's value, the ruleset's).
pub(super) type Recompute<'a> = dyn Fn(&Table) -> anyhow::Result<Option<(u64, u64, u64)>> + 'a;

/// What `--resume` may go on from: the values of `start` (read from the
/// output file `path`) that their checksum file vouches for, the rest
/// (values past its last line, written by a run killed before it wrote
/// their line) dropped to be computed again. A file without a checksum
/// file is checked by computing its values again when it holds at most
/// [`UNCHECKED_RECOMPUTED`] of them.
///
/// # Errors
/// A [`UsageError`] naming the block (its heaps and where they are in the
/// file) whose values do not match their checksum, the heap whose value
/// differs from the one computed, or why a file cannot be checked.
pub(super) fn vouch(
    path: &Path,
    emitter: &Emitter,
    ruleset: &sprague::Ruleset,
    mut start: Resumed,
    check: &Recompute<'_>,
) -> anyhow::Result<Resumed> {
    let len = start.values.len() as u64;
    if len == 0 {
        return Ok(start);
    }
    let sums = sidecar_path(path);
    let (shown, sums_shown) = (path.display(), sums.display());
    let refuse = |why: String| UsageError(format!("{shown}: cannot resume: {why}"));
    let word = ruleset.word();
    match read(&sums, word, emitter.format).map_err(refuse)? {
        Some(lines) => {
            let good = verify(&start.values, &lines).map_err(|m| {
                refuse(format!(
                    "the values of heaps {}..={} ({} of the file) do not match their checksum \
                     (line {} of {sums_shown}): the file was changed after sprague wrote it, \
                     and every value computed after a wrong one would be wrong too; restore \
                     the file, or remove it and {sums_shown} to compute the values again",
                    m.line.first,
                    m.line.last,
                    place(emitter, &start.values, m.line.first, m.line.last),
                    m.index + header(word, emitter.format).lines().count() + 1,
                ))
            })?;
            if good < len {
                start.keep = offset(emitter, &start.values, good);
                match &mut start.values {
                    Table::Narrow(v) => v.truncate(good as usize),
                    Table::Wide(v) => v.truncate(good as usize),
                }
            }
            Ok(start)
        }
        None if len <= UNCHECKED_RECOMPUTED => match check(&start.values)? {
            None => Ok(start),
            Some((heap, saved, want)) => Err(refuse(format!(
                "the file does not hold the values of {word}: it has G({heap}) = {saved} \
                 ({} of the file), but {word} has G({heap}) = {want} (its values were computed \
                 again, as it has no checksum file {sums_shown}); remove the file to compute \
                 the values again",
                place(emitter, &start.values, heap, heap)
            ))
            .into()),
        },
        None => Err(refuse(format!(
            "the file has no checksum file {sums_shown} (it was written by a sprague older \
             than the checksum files, or {sums_shown} was removed), and its {len} values are \
             more than sprague checks by computing them again ({UNCHECKED_RECOMPUTED}): a \
             value changed in it would make every value computed after it wrong. Remove the \
             file to compute the values again (with their checksums), or check it with \
             sprague sequence {word} --to {} --format raw and compare",
            len - 1
        ))
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(values: &[u64]) -> Table {
        let mut t = Table::default();
        for &v in values {
            t.push(v).unwrap();
        }
        t
    }

    #[test]
    fn written_lines_verify_and_a_changed_value_is_found_in_its_block() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v.crc");
        let values: Vec<u64> = (0..10_000u64).map(|n| n % 7 + n / 3000).collect();
        let mut w = Writer::new("kayles", Format::Raw, &table(&values[..5000]));
        w.open(&path).unwrap();
        for &v in &values[5000..] {
            w.push(v);
        }
        w.finish().unwrap();
        let lines = read(&path, "kayles", Format::Raw).unwrap().unwrap();
        assert_eq!(lines.len(), 3);
        assert_eq!((lines[2].first, lines[2].last), (8192, 9999));
        assert_eq!(verify(&table(&values), &lines), Ok(10_000));
        // Fewer values than the lines cover: the lines of what is there.
        assert_eq!(verify(&table(&values[..9000]), &lines), Ok(8192));
        let mut changed = values.clone();
        changed[5000] += 1;
        let m = verify(&table(&changed), &lines).unwrap_err();
        assert_eq!((m.index, m.line.first, m.line.last), (1, 4096, 8191));
        // Another ruleset's or format's checksum file is refused.
        assert!(read(&path, "dawson", Format::Raw).is_err());
        assert!(read(&path, "kayles", Format::Csv).is_err());
        assert_eq!(
            read(&dir.path().join("none"), "kayles", Format::Raw),
            Ok(None)
        );
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_a_bad_one_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v.crc");
        let mut text = header("kayles", Format::Raw);
        text.push_str("0..=4095 0000abcd\n4096..=81");
        std::fs::write(&path, &text).unwrap();
        assert_eq!(
            read(&path, "kayles", Format::Raw).unwrap().unwrap().len(),
            1
        );
        text.push_str("91 zz\n");
        std::fs::write(&path, &text).unwrap();
        let e = read(&path, "kayles", Format::Raw).unwrap_err();
        assert!(e.contains("line 5"), "{e}");
    }
}
