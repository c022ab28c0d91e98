//! Where a packed run is kept when no `--output` is given (the checkpoint
//! folder), and the list of sparse values written beside a packed file.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use sprague::sequence::stream::Streamed;

use super::super::UsageError;

/// The environment variable that names the checkpoint folder's parent
/// (`--checkpoint-dir` overrides it).
pub const CACHE_ENV: &str = "SPRAGUE_CACHE_DIR";

/// The checkpoint folder: `DIR/sequence` for `--checkpoint-dir DIR`, else
/// for `$SPRAGUE_CACHE_DIR`, else for the platform's cache folder with
/// `sprague` under it (`~/.cache/sprague` on Linux). Created if missing.
///
/// # Errors
/// No folder is known (no flag, no variable, no cache folder for this
/// platform), or it cannot be created.
pub(super) fn folder(flag: Option<&Path>) -> Result<PathBuf> {
    let base = match flag {
        Some(dir) => dir.to_path_buf(),
        None => match std::env::var_os(CACHE_ENV).filter(|v| !v.is_empty()) {
            Some(dir) => PathBuf::from(dir),
            None => dirs::cache_dir()
                .map(|d| d.join("sprague"))
                .ok_or_else(|| {
                    UsageError(format!(
                        "--format packed without --output keeps the run in a checkpoint folder, \
                     and this system names no cache folder: give --checkpoint-dir DIR, \
                     set {CACHE_ENV}, or give --output FILE"
                    ))
                })?,
        },
    };
    let dir = base.join("sequence");
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot create the checkpoint folder {}", dir.display()))?;
    Ok(dir)
}

/// The packed file of `word`'s run in the checkpoint folder `dir`: the
/// word with every character but letters, digits, `.`, `-` and `_` made
/// `_`, then `.packed` (the file's header names the word itself, so two
/// words that look alike here are told apart when it is opened).
///
/// # Errors
/// A word with nothing left to name a file by.
pub(super) fn packed_path(dir: &Path, word: &str) -> Result<PathBuf> {
    let name: String = word
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.trim_matches(['.', '_']).is_empty() {
        return Err(UsageError(format!(
            "{word}: no file name can be made of this ruleset word: give --output FILE"
        ))
        .into());
    }
    Ok(dir.join(format!("{name}.packed")))
}

/// The path of the sparse-value list of the packed file `path`.
pub(super) fn sparse_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".sparse");
    PathBuf::from(s)
}

/// Writes the sparse values of the run, G(0..len) being known, beside
/// `path` (atomically: a temporary file renamed): two lines of `#`
/// comments (the game, the mask, the count), then `heap value` a line,
/// heap 0 first (its value 0 is always rare), increasing; a list to hold
/// against a published one (Flammenkamp's for Grundy's game).
///
/// # Errors
/// The file cannot be written.
pub(super) fn write_sparse(path: &Path, word: &str, s: &Streamed, len: u64) -> Result<()> {
    let target = sparse_path(path);
    let mut tmp = target.clone().into_os_string();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let (mask, domain) = s.mask();
    let count = s.rare_heaps().count() + 1;
    let mut text = format!(
        "# sparse (rare) values of {word} among heaps 0..{len}: mask {mask} ({} form), {count} heaps\n\
         # heap value\n0 0\n",
        if domain { "domain" } else { "range" }
    );
    for (h, v) in s.rare_heaps() {
        text.push_str(&format!("{h} {v}\n"));
    }
    let mut f = File::create(&tmp).with_context(|| format!("cannot write {}", tmp.display()))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, &target).with_context(|| format!("cannot write {}", target.display()))
}
