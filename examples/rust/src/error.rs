//! The library's status codes as one error type.

use std::fmt;
use std::os::raw::c_int;

use crate::ffi;
use crate::text::static_str;

/// A result whose error is the library's status.
pub type Result<T> = std::result::Result<T, Error>;

/// The `RAMI_E_*` codes this crate tests for itself (the rest arrive from
/// the library and are named by it: [`Error::name`]).
pub mod status {
    use std::os::raw::c_int;
    pub const BUFFER: c_int = -3;
    pub const PARSE: c_int = -4;
    pub const INTERNAL: c_int = -21;
}

/// A status other than `RAMI_OK`, with the library's reason when it gave
/// one (a refused move, a refused ruleset, a hint that failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    code: i32,
    reason: String,
}

impl Error {
    pub(crate) fn new(code: c_int) -> Error {
        Error { code, reason: String::new() }
    }

    pub(crate) fn with_reason(code: c_int, reason: String) -> Error {
        Error { code, reason }
    }

    /// `Ok(status)` for a status of 0 or more (some calls return a count
    /// or a flag), else the error.
    pub(crate) fn check(rc: c_int) -> Result<c_int> {
        if rc >= 0 {
            Ok(rc)
        } else {
            Err(Error::new(rc))
        }
    }

    /// The status: `RAMI_E_MELD` is -9 (rami.h lists them all).
    pub fn code(&self) -> i32 {
        self.code
    }

    /// The status's name, such as "RAMI_E_MELD".
    pub fn name(&self) -> &'static str {
        // SAFETY: rami_status_name returns a static string for any code.
        unsafe { static_str(ffi::rami_status_name(self.code)) }
    }

    /// The library's sentence for the status, such as "the cards do not
    /// form a valid meld".
    pub fn message(&self) -> &'static str {
        // SAFETY: rami_strerror returns a static string for any code.
        unsafe { static_str(ffi::rami_strerror(self.code)) }
    }

    /// The precise reason naming the cards and the rule, where the call
    /// gives one (empty otherwise).
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.reason.is_empty() {
            write!(f, "{}: {}", self.name(), self.message())
        } else {
            write!(f, "{}: {}", self.name(), self.reason)
        }
    }
}

impl std::error::Error for Error {}
