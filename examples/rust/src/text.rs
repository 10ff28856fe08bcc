//! Strings across the C boundary: static messages, reason buffers, and the
//! texts whose length the library reports first (save, view).

use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_int};

use crate::error::{status, Error, Result};

/// Bytes enough for any reason the library writes (it truncates).
pub(crate) const WHY_CAP: usize = 256;

/// A static string of the library (a status name or message).
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string that lives forever.
pub(crate) unsafe fn static_str(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "";
    }
    CStr::from_ptr(p).to_str().unwrap_or("")
}

/// The text of a NUL-terminated buffer the library wrote.
pub(crate) fn from_buf(buf: &[u8]) -> String {
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    String::from_utf8_lossy(&buf[..end]).into_owned()
}

/// `text` for a C call; an interior NUL cannot be what the caller meant,
/// so it is a parse error, as any other unreadable text.
pub(crate) fn c_string(text: &str) -> Result<CString> {
    CString::new(text).map_err(|_| Error::new(status::PARSE))
}

/// A list the library writes as (buf, cap, &count): asked for with room for
/// `first` entries (enough for nearly every position), and again at the
/// size the first call reported when that was too few.
pub(crate) fn listed<T: Clone + Default>(
    first: usize,
    mut write: impl FnMut(*mut T, usize, *mut usize) -> c_int,
) -> Result<Vec<T>> {
    let mut buf = vec![T::default(); first];
    let mut n = 0usize;
    loop {
        match write(buf.as_mut_ptr(), buf.len(), &mut n) {
            0 => break,
            status::BUFFER if n > buf.len() => buf.resize(n, T::default()),
            rc => return Err(Error::new(rc)),
        }
    }
    buf.truncate(n);
    Ok(buf)
}

/// Calls `write(buf, cap, &len)` once to learn the length, then again into
/// a buffer of that length: the pattern of rami_game_save and
/// rami_game_view_json.
pub(crate) fn sized_text(
    mut write: impl FnMut(*mut c_char, usize, *mut usize) -> c_int,
) -> Result<String> {
    let mut len = 0usize;
    let rc = write(std::ptr::null_mut(), 0, &mut len);
    if rc != 0 && rc != status::BUFFER {
        return Err(Error::new(rc));
    }
    let mut buf = vec![0u8; len + 1];
    Error::check(write(buf.as_mut_ptr() as *mut c_char, buf.len(), &mut len))?;
    buf.truncate(len);
    String::from_utf8(buf).map_err(|_| Error::new(status::INTERNAL))
}
