//! Exit statuses (SPEC section 3) and the mapping from errors to them.

use std::process;

/// The process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: success.
    Success = 0,
    /// 1: anything else (I/O failure, internal error).
    Other = 1,
    /// 2: bad input or usage.
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

/// The exit status for an error that ended a command: 2 for bad input, 3 for
/// a resource limit, 1 otherwise.
pub fn classify(e: &anyhow::Error) -> Exit {
    for cause in e.chain() {
        if let Some(err) = cause.downcast_ref::<sprague::Error>() {
            return exit_for(err);
        }
        if let Some(err) = cause.downcast_ref::<crate::cmd::LibError>() {
            return exit_for(&err.0);
        }
        if cause.downcast_ref::<sprague::ParseError>().is_some() {
            return Exit::BadInput;
        }
        if cause.downcast_ref::<crate::cmd::UsageError>().is_some() {
            return Exit::BadInput;
        }
    }
    Exit::Other
}

/// The exit status for a library error.
pub fn exit_for(err: &sprague::Error) -> Exit {
    if err.is_limit() {
        Exit::Limit
    } else if err.is_bad_input() {
        Exit::BadInput
    } else {
        Exit::Other
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
        let io: anyhow::Error = std::io::Error::other("disk").into();
        assert_eq!(classify(&io), Exit::Other);
        let limit: anyhow::Error = sprague::Error::StateLimit { limit: 10 }.into();
        assert_eq!(classify(&limit), Exit::Limit);
        let wrapped: anyhow::Error =
            crate::cmd::LibError(sprague::Error::StateLimit { limit: 10 }).into();
        assert_eq!(classify(&wrapped), Exit::Limit);
    }
}
