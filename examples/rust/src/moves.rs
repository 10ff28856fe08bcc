//! Moves, read and written in the library's notation.

use std::fmt;
use std::os::raw::c_char;
use std::str::FromStr;

use crate::card::Card;
use crate::error::{Error, Result};
use crate::ffi;
use crate::text::{c_string, from_buf};

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Draw the top card of the stock ("draw").
    DrawStock,
    /// Take the top of the discard pile ("take").
    DrawDiscard,
    /// Lay a meld from the hand ("meld 7S 8S 9S").
    Meld,
    /// Add a card to a table meld ("lay 9S on 2").
    LayOff,
    /// Retrieve a table meld's joker with the card it stands for ("swap 6S on 2").
    Swap,
    /// End the turn with a card ("discard KH").
    Discard,
}

/// One move, as the library lists, checks and plays it. Parse one from
/// notation (`"meld 7S 8S 9S".parse()`); `Display` writes it back.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    raw: ffi::RamiMove,
}

impl Move {
    /// "draw".
    pub fn draw() -> Move {
        Move { raw: ffi::RamiMove { kind: ffi::RAMI_MOVE_DRAW_STOCK, ..Default::default() } }
    }

    /// "discard" of `card`.
    pub fn discard(card: Card) -> Move {
        let mut raw =
            ffi::RamiMove { kind: ffi::RAMI_MOVE_DISCARD, count: 1, ..Default::default() };
        raw.cards[0] = card.code();
        Move { raw }
    }

    /// What the move does; `None` for a move the library would refuse as
    /// malformed.
    pub fn kind(&self) -> Option<MoveKind> {
        Some(match self.raw.kind {
            ffi::RAMI_MOVE_DRAW_STOCK => MoveKind::DrawStock,
            ffi::RAMI_MOVE_DRAW_DISCARD => MoveKind::DrawDiscard,
            ffi::RAMI_MOVE_MELD => MoveKind::Meld,
            ffi::RAMI_MOVE_LAYOFF => MoveKind::LayOff,
            ffi::RAMI_MOVE_SWAP => MoveKind::Swap,
            ffi::RAMI_MOVE_DISCARD => MoveKind::Discard,
            _ => return None,
        })
    }

    /// The cards the move uses from the hand.
    pub fn cards(&self) -> Vec<Card> {
        let n = usize::from(self.raw.count).min(ffi::RAMI_MAX_MELD);
        Card::from_codes(&self.raw.cards[..n])
    }

    /// The table meld (0-based) a lay-off or swap is played on.
    pub fn target(&self) -> Option<usize> {
        match self.kind() {
            Some(MoveKind::LayOff) | Some(MoveKind::Swap) => Some(self.raw.target.into()),
            _ => None,
        }
    }

    pub(crate) fn raw(&self) -> &ffi::RamiMove {
        &self.raw
    }

    pub(crate) fn from_raw(raw: ffi::RamiMove) -> Move {
        Move { raw }
    }
}

impl FromStr for Move {
    type Err = Error;

    /// "draw", "take", "meld 7S 8S 9S", "meld JK 7S 8S high", "lay 9S on 2",
    /// "swap 6S on 2", "discard KH" (meld numbers from 1). Anything else is
    /// `RAMI_E_PARSE`.
    fn from_str(text: &str) -> Result<Move> {
        let text = c_string(text)?;
        let mut raw = ffi::RamiMove::default();
        // SAFETY: text is NUL-terminated; raw is a rami_move.
        Error::check(unsafe { ffi::rami_move_parse(text.as_ptr(), &mut raw) })?;
        Ok(Move { raw })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 96];
        // SAFETY: buf holds 96 bytes; 80 always suffice.
        let rc =
            unsafe { ffi::rami_move_format(&self.raw, buf.as_mut_ptr() as *mut c_char, buf.len()) };
        if rc != 0 {
            return write!(f, "<malformed move>");
        }
        f.write_str(&from_buf(&buf))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({})", self)
    }
}
