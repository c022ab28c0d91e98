//! Files written whole or not at all: through a temporary file in the
//! target's folder, renamed over the target once complete (issue 62: a
//! PNG on a full disk left an 8 KB truncated file). A failed write leaves
//! nothing under the final name and is an error naming the file and the
//! system's reason (exit status 2).

use std::path::Path;

use anyhow::Result;

use crate::exit::UsageError;

/// Writes `path` by calling `write` with the path of a temporary file in
/// the same folder (with the same extension, for writers that choose a
/// format by it), then renaming that file to `path`.
///
/// # Errors
/// A [`UsageError`] "cannot write PATH: reason" when the temporary file
/// cannot be made (a missing or read-only folder), when `write` fails, or
/// when the rename does; the temporary file is removed then.
pub fn write_atomically(path: &Path, write: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    let shown = path.display();
    let cannot = |why: String| UsageError(format!("cannot write {shown}: {why}"));
    if path.is_dir() {
        return Err(cannot("it is a directory".into()).into());
    }
    if path.metadata().is_ok_and(|m| !m.is_file()) {
        // A device or a pipe (`/dev/stdout`): written in place, never
        // renamed over.
        return write(path).map_err(|e| cannot(format!("{e:#}")).into());
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let suffix = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let mut builder = tempfile::Builder::new();
    builder.prefix(".sprague-").suffix(&suffix);
    #[cfg(unix)]
    {
        // The mode a new file gets (0644, as `--output` and the man
        // pages), or the one of the file replaced; not the temporary
        // file's 0600.
        use std::os::unix::fs::PermissionsExt;
        let mode = path
            .metadata()
            .map_or(0o644, |m| m.permissions().mode() & 0o7777);
        builder.permissions(std::fs::Permissions::from_mode(mode));
    }
    let temp = builder
        .tempfile_in(folder)
        .map_err(|e| cannot(system_words(&e)))?;
    write(temp.path()).map_err(|e| cannot(format!("{e:#}")))?;
    temp.as_file()
        .sync_all()
        .map_err(|e| cannot(e.to_string()))?;
    temp.persist(path)
        .map_err(|e| cannot(e.error.to_string()))?;
    Ok(())
}

/// The system's reason of a failure to make a temporary file, without the
/// temporary file's own name (which the user never chose).
pub fn system_words(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.split_once(" at path ") {
        Some((why, _)) => why.to_string(),
        None => text,
    }
}

/// [`write_atomically`] with the bytes to write.
///
/// # Errors
/// As for [`write_atomically`].
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<()> {
    write_atomically(path, |temp| Ok(std::fs::write(temp, bytes)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.svg");
        write_bytes(&path, b"<svg/>").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"<svg/>");
        let e = write_atomically(&path, |_| Err(anyhow::anyhow!("no room"))).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("cannot write {}: no room", path.display())
        );
        // The old file stands, and no temporary file is left.
        assert_eq!(std::fs::read(&path).unwrap(), b"<svg/>");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let missing = dir.path().join("no/such/folder/x.png");
        let e = write_bytes(&missing, b"x").unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("cannot write {}: ", missing.display())),
            "{e}"
        );
    }
}
