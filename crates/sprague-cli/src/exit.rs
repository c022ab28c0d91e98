//! Exit statuses (SPEC section 3) and the mapping from errors to them.

use std::fmt;
use std::process;

/// The process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: success.
    Success = 0,
    /// 1: anything else (I/O failure, internal error).
    Other = 1,
    /// 2: bad input or usage, or an environment error (a file or
    /// directory that cannot be read or written, a full disk).
    BadInput = 2,
    /// 3: a resource limit was hit (search states, heap size).
    Limit = 3,
}

impl Exit {
    /// Ends the process with this status.
    pub fn exit(self) -> ! {
        process::exit(self as i32)
    }
}

/// The exit status for an error that ended a command: 2 for bad input or an
/// environment error ([`is_environment`]), 3 for a resource limit, 1
/// otherwise (a fault of sprague).
pub fn classify(e: &anyhow::Error) -> Exit {
    for cause in e.chain() {
        if let Some(err) = cause.downcast_ref::<sprague::Error>() {
            return exit_for(err);
        }
        if let Some(LibError(err)) = cause.downcast_ref::<LibError>() {
            return exit_for(err);
        }
        if cause.downcast_ref::<sprague::ParseError>().is_some() {
            return Exit::BadInput;
        }
        if cause.downcast_ref::<TooLarge>().is_some() {
            return Exit::Limit;
        }
        if cause.downcast_ref::<UsageError>().is_some() {
            return Exit::BadInput;
        }
    }
    if is_environment(e) {
        return Exit::BadInput;
    }
    Exit::Other
}

/// Whether the error is a write to a closed pipe (also through the JSON
/// writer, whose errors wrap the I/O error).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    use std::io::ErrorKind::BrokenPipe;
    let json_pipe = |j: &serde_json::Error| j.io_error_kind() == Some(BrokenPipe);
    e.chain().any(|cause| {
        if let Some(io) = cause.downcast_ref::<std::io::Error>() {
            return io.kind() == BrokenPipe
                || io
                    .get_ref()
                    .and_then(|inner| inner.downcast_ref::<serde_json::Error>())
                    .is_some_and(json_pipe);
        }
        cause
            .downcast_ref::<serde_json::Error>()
            .is_some_and(json_pipe)
    })
}

/// Whether the error is one of the environment: a file or directory that
/// cannot be read or written (missing, not allowed, a full disk). Exit
/// status 2, as for bad input: not a fault of sprague.
pub fn is_environment(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some()
            || cause
                .downcast_ref::<serde_json::Error>()
                .is_some_and(|j| j.is_io())
    })
}

/// The exit status for a library error: 3 for a limit, 2 for bad input
/// (including [`sprague::Error::Unsupported`]), 1 for anything else, such as
/// [`sprague::Error::Internal`].
pub fn exit_for(err: &sprague::Error) -> Exit {
    if err.is_limit() {
        Exit::Limit
    } else if err.is_bad_input() {
        Exit::BadInput
    } else {
        Exit::Other
    }
}

/// Whether `e` is a bare failure to write (the disk full, a write of
/// nothing) with no context naming what was written: such an error comes
/// from standard output, which the front end writes without naming.
pub fn is_unnamed_write_error(e: &anyhow::Error) -> bool {
    use std::io::ErrorKind::{StorageFull, WriteZero};
    let io = e.downcast_ref::<std::io::Error>().or_else(|| {
        e.downcast_ref::<serde_json::Error>()
            .and_then(|j| std::error::Error::source(j))
            .and_then(|s| s.downcast_ref::<std::io::Error>())
    });
    // Unnamed: what is shown is the system's words alone (no context).
    let shown = e.to_string();
    io.is_some_and(|io| {
        (matches!(io.kind(), StorageFull | WriteZero) || io.raw_os_error() == Some(28))
            && (shown == io.to_string() || e.downcast_ref::<serde_json::Error>().is_some())
    })
}

/// Input larger than sprague reads (exit status 3, as for the other
/// resource limits): a graph file over [`MAX_GRAPH_FILE`](crate::cmd::MAX_GRAPH_FILE) bytes.
#[derive(Debug)]
pub struct TooLarge(pub String);

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TooLarge {}

/// Bad usage found after argument parsing (exit status 2).
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A library error, with a hint naming the flag that raises the limit it hit.
#[derive(Debug)]
pub struct LibError(pub sprague::Error);

impl fmt::Display for LibError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        match &self.0 {
            sprague::Error::StateLimit { .. } => f.write_str(
                "; raise the limit with --max-states N (memory grows with it: a few hundred \
                 bytes a state)",
            ),
            sprague::Error::WorkLimit { .. } => {
                f.write_str("; raise --max-states N: the work a search may do grows with it")
            }
            sprague::Error::MisereLimit { .. } => f.write_str(
                "; raise --max-quotient-states N for the quotient (time and memory grow with \
                 it: about 100 bytes a tuple) or --max-states N for the search (a few hundred \
                 bytes a state)",
            ),
            sprague::Error::CheckLimit { .. } => f.write_str(
                "; raise the limit with --max-states N (time and memory grow with it: about 100 \
                 bytes a tuple)",
            ),
            sprague::Error::TableLimit { limit, .. }
                if *limit >= sprague::sequence::MAX_TABLE_LEN =>
            {
                f.write_str(" (the most a table holds: no flag raises it)")
            }
            sprague::Error::TableLimit { divisor, .. } if *divisor > 1 => write!(
                f,
                "; raise the limit with --max-table N (such games get --max-table / {divisor}; \
                 memory grows with it, by 2 bytes a value, 4 once one passes 65535)"
            ),
            sprague::Error::TableLimit { .. } => f.write_str(
                "; raise the limit with --max-table N (memory grows with it, by 2 bytes a \
                 value, 4 once one passes 65535)",
            ),
            sprague::Error::TableWorkLimit { .. } => f.write_str(
                "; raise the limit with --max-table-work N (time grows with it: about 1 ns a \
                 unit in a release build)",
            ),
            sprague::Error::RuleWorkLimit { .. } => {
                f.write_str("; raise the limit with --max-table-work N (time grows with it)")
            }
            sprague::Error::ValueTooLarge { .. } => f.write_str(" (no flag raises it)"),
            sprague::Error::OrderLimit { .. } => f.write_str(
                "; raise the limit with --max-order Q (time and memory grow with the square of it)",
            ),
            sprague::Error::ComponentTableLimit { .. } => f.write_str(
                "; raise the limit with --max-table N (memory grows with it, by 5 bytes a value)",
            ),
            sprague::Error::PeriodSearchLimit {
                heap,
                divisor,
                table_divisor,
                ..
            } => {
                f.write_str("; search further with --max-period-search N")?;
                if *divisor > 1 {
                    write!(f, " (such games get --max-period-search / {divisor})")?;
                }
                if *heap < sprague::sequence::MAX_TABLE_LEN {
                    // The flag that computes the table up to the heap.
                    match (heap + 1).checked_mul(*table_divisor) {
                        Some(n) => write!(
                            f,
                            ", or compute the table up to the heap with --max-table {n}"
                        )?,
                        None => {
                            f.write_str(", or compute the table up to the heap with --max-table N")?
                        }
                    }
                }
                f.write_str(
                    " (time grows with it; a game with no known period, such as octal:0.6, \
                     may have none to find)",
                )
            }
            sprague::Error::GridLimit { .. } => f.write_str(
                "; raise the limit with --max-cells N (memory grows with it, by 8 bytes a cell)",
            ),
            sprague::Error::CountLimit {
                kind: sprague::count::CountLimitKind::Bits,
                ..
            } => f.write_str(
                "; raise the limit with --max-bits N (a count of ordered tuples modulo Q, \
                 --modulo Q, needs no exact numbers)",
            ),
            sprague::Error::CountLimit { .. } => {
                f.write_str("; raise the limit with --max-work N (time grows with it)")
            }
            sprague::Error::CutLimit { .. } => f.write_str(
                "; raise the limit with --max-states N (the budget is 64 steps a state)",
            ),
            sprague::Error::OptionLimit { per_state, .. } => write!(
                f,
                "; raise the limit with --max-states N (the budget is {per_state} options a state)"
            ),
            sprague::Error::MemoryLimit { .. } => f.write_str(
                "; raise it with --max-memory SIZE (such as 8G; the default is half the \
                 machine's memory, at most 4G), or lower the limit that lets the work grow \
                 (--max-states, --max-table, --max-quotient-states, --to)",
            ),
            // The state limit bounds the moves listed too: at 0 it allows
            // none, and it is the limit to name (issue 62).
            sprague::Error::TooManyMoves { limit: 0, .. } => f.write_str(
                "; --max-states 0 lets no position be stored nor any move be listed: raise \
                 it with --max-states N",
            ),
            sprague::Error::TooManyMoves { .. } => {
                f.write_str("; list fewer with --max-moves N (or raise --max-states N)")
            }
            _ => Ok(()),
        }
    }
}

impl std::error::Error for LibError {}

impl From<sprague::Error> for LibError {
    fn from(e: sprague::Error) -> LibError {
        LibError(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_match_the_spec() {
        assert_eq!(Exit::Success as i32, 0);
        assert_eq!(Exit::Other as i32, 1);
        assert_eq!(Exit::BadInput as i32, 2);
        assert_eq!(Exit::Limit as i32, 3);
    }

    #[test]
    fn errors_map_to_codes() {
        let parse: anyhow::Error = "nim x".parse::<sprague::Position>().unwrap_err().into();
        assert_eq!(classify(&parse), Exit::BadInput);
        // The environment's faults are not sprague's.
        let io: anyhow::Error = std::io::Error::other("disk").into();
        assert_eq!(classify(&io), Exit::BadInput);
        let full = std::io::Error::from_raw_os_error(28);
        let full: anyhow::Error = anyhow::Error::from(full).context("cannot write out.txt");
        assert_eq!(classify(&full), Exit::BadInput);
        let internal: anyhow::Error = anyhow::anyhow!("a thread of the table stopped");
        assert_eq!(classify(&internal), Exit::Other);
        let limit: anyhow::Error = sprague::Error::StateLimit { limit: 10 }.into();
        assert_eq!(classify(&limit), Exit::Limit);
        let wrapped: anyhow::Error = LibError(sprague::Error::StateLimit { limit: 10 }).into();
        assert_eq!(classify(&wrapped), Exit::Limit);
    }

    #[test]
    fn internal_faults_exit_1_and_bad_requests_exit_2() {
        let internal = sprague::Error::Internal("search ended without an outcome".into());
        assert_eq!(exit_for(&internal), Exit::Other);
        let internal: anyhow::Error = LibError(internal).into();
        assert_eq!(classify(&internal), Exit::Other);
        let unsupported = sprague::Error::Unsupported("no misère closed form".into());
        assert_eq!(exit_for(&unsupported), Exit::BadInput);
        let p: sprague::Position = "nim 3".parse().unwrap();
        let q: sprague::Position = "nim 5".parse().unwrap();
        let m = &q.moves(&sprague::Limits::default()).unwrap()[0];
        let illegal = p.play(m).unwrap_err();
        assert!(matches!(illegal, sprague::Error::IllegalMove(_)));
        assert_eq!(exit_for(&illegal), Exit::BadInput);
    }
}
