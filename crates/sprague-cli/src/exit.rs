//! Exit statuses (SPEC section 3) and the mapping from errors to them.

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
        if let Some(crate::cmd::LibError(err)) = cause.downcast_ref::<crate::cmd::LibError>() {
            return exit_for(err);
        }
        if cause.downcast_ref::<sprague::ParseError>().is_some() {
            return Exit::BadInput;
        }
        if cause.downcast_ref::<crate::cmd::TooLarge>().is_some() {
            return Exit::Limit;
        }
        if cause.downcast_ref::<crate::cmd::UsageError>().is_some() {
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
        let wrapped: anyhow::Error =
            crate::cmd::LibError(sprague::Error::StateLimit { limit: 10 }).into();
        assert_eq!(classify(&wrapped), Exit::Limit);
    }

    #[test]
    fn internal_faults_exit_1_and_bad_requests_exit_2() {
        let internal = sprague::Error::Internal("search ended without an outcome".into());
        assert_eq!(exit_for(&internal), Exit::Other);
        let internal: anyhow::Error = crate::cmd::LibError(internal).into();
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
