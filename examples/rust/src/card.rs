//! Cards: a byte code, read and written in the library's notation.

use std::fmt;
use std::os::raw::c_char;
use std::str::FromStr;

use crate::error::{status, Error, Result};
use crate::ffi;
use crate::text::{c_string, from_buf};

/// One card: a natural (rank 1..13, suit 0..3: clubs, diamonds, hearts,
/// spades) or the joker. Written "7S", "10H", "AC", "JK".
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Card(u8);

impl Card {
    /// The joker.
    pub const JOKER: Card = Card(ffi::RAMI_JOKER);

    /// The natural of rank 1..=13 and suit 0..=3, `None` for anything else.
    pub fn new(rank: u8, suit: u8) -> Option<Card> {
        if suit > 3 {
            return None;
        }
        // SAFETY: a plain function of two integers.
        let c = unsafe { ffi::rami_card_make(rank.into(), suit.into()) };
        if c == ffi::RAMI_NO_CARD {
            None
        } else {
            Some(Card(c))
        }
    }

    /// The card of a library code (`rami_card`), `None` if it is no card.
    pub fn from_code(code: u8) -> Option<Card> {
        let card = Card(code);
        if code == ffi::RAMI_JOKER || card.rank().is_some() && card.suit().is_some() {
            Some(card)
        } else {
            None
        }
    }

    /// The library's code of the card.
    pub fn code(self) -> u8 {
        self.0
    }

    /// 1 (ace) to 13 (king); `None` for the joker.
    pub fn rank(self) -> Option<u8> {
        // SAFETY: defined for every byte.
        let r = unsafe { ffi::rami_card_rank(self.0) };
        if (1..=13).contains(&r) {
            Some(r as u8)
        } else {
            None
        }
    }

    /// 0..=3 (clubs, diamonds, hearts, spades); `None` for the joker.
    pub fn suit(self) -> Option<u8> {
        // SAFETY: defined for every byte.
        let s = unsafe { ffi::rami_card_suit(self.0) };
        if (0..=3).contains(&s) {
            Some(s as u8)
        } else {
            None
        }
    }

    pub fn is_joker(self) -> bool {
        self.0 == ffi::RAMI_JOKER
    }

    /// Cards from codes the library wrote (all valid by its contract).
    pub(crate) fn from_codes(codes: &[u8]) -> Vec<Card> {
        codes.iter().map(|&c| Card(c)).collect()
    }
}

impl FromStr for Card {
    type Err = Error;

    /// "7S", "10h", "AC", "JK" or "*", and the suit symbols; surrounding
    /// spaces are allowed. Anything else is `RAMI_E_PARSE`.
    fn from_str(text: &str) -> Result<Card> {
        let text = c_string(text)?;
        let mut out = 0u8;
        // SAFETY: text is NUL-terminated; out is one writable byte.
        Error::check(unsafe { ffi::rami_card_parse(text.as_ptr(), &mut out) })?;
        Ok(Card(out))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 8];
        // SAFETY: buf holds 8 bytes; the library writes at most 4.
        let rc = unsafe { ffi::rami_card_format(self.0, buf.as_mut_ptr() as *mut c_char, 8) };
        if rc != 0 {
            return Err(fmt::Error);
        }
        f.write_str(&from_buf(&buf))
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Card({})", self)
    }
}

/// A list of cards separated by spaces or commas: "7S 8S 9S", "JK, QH".
pub fn parse_cards(text: &str) -> Result<Vec<Card>> {
    let c_text = c_string(text)?;
    let mut count = 0usize;
    // SAFETY: a NULL buffer with cap 0 only counts.
    let rc = unsafe { ffi::rami_cards_parse(c_text.as_ptr(), std::ptr::null_mut(), 0, &mut count) };
    if rc != 0 && rc != status::BUFFER {
        return Err(Error::new(rc));
    }
    let mut codes = vec![0u8; count];
    // SAFETY: codes holds count bytes.
    Error::check(unsafe {
        ffi::rami_cards_parse(c_text.as_ptr(), codes.as_mut_ptr(), codes.len(), &mut count)
    })?;
    Ok(Card::from_codes(&codes[..count]))
}
