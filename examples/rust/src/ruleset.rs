//! Rulesets: the presets of doc/rules.md, adjusted field by field.

use std::os::raw::c_char;

use crate::error::{Error, Result};
use crate::ffi;
use crate::text::{from_buf, WHY_CAP};

/// The variants the library ships (doc/rules.md §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Rami51 = 0,
    Rami40 = 1,
    Rami51House = 2,
    Rami40House = 3,
    Finnish = 4,
}

/// Kinds of melds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    Set,
    Run,
}

/// The `RAMI_OPT_*` bits of [`Ruleset::options`].
pub mod options {
    pub const LAYOFF_OTHERS: u32 = 1 << 0;
    pub const GO_OUT_BY_MELD: u32 = 1 << 1;
    pub const KEEP_PICKUP: u32 = 1 << 2;
    pub const PICKUP_MUST_MELD: u32 = 1 << 3;
    pub const JOKER_SWAP: u32 = 1 << 4;
    pub const JOKER_REPLAY: u32 = 1 << 5;
    pub const OPEN_PURE_RUN: u32 = 1 << 6;
    pub const JOKER_CHOICE: u32 = 1 << 7;
    pub const OPEN_TURN_LAYOFF: u32 = 1 << 8;
    pub const NO_JOKER_DISCARD: u32 = 1 << 9;
    pub const NO_JOKER_OUT: u32 = 1 << 10;
    pub const ONE_GO_DOUBLE: u32 = 1 << 11;
    pub const ELIMINATION: u32 = 1 << 12;
    pub const LOW_HAND_ZERO: u32 = 1 << 13;
    pub const SET_SWAP_ANY: u32 = 1 << 14;
}

/// The rules of a match: start from a [`Preset`], change fields, and let
/// [`Game::new`](crate::Game::new) (or [`Ruleset::check`]) judge them.
/// The fields are those of `rami_ruleset` in rami.h.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    raw: ffi::RamiRuleset,
}

macro_rules! fields {
    ($($(#[$doc:meta])* $name:ident, $set:ident: $ty:ty;)*) => {
        impl Ruleset {
            $(
                $(#[$doc])*
                pub fn $name(&self) -> $ty {
                    self.raw.$name
                }
                pub fn $set(&mut self, value: $ty) -> &mut Ruleset {
                    self.raw.$name = value;
                    self
                }
            )*
        }
    };
}

fields! {
    /// Seats: 2..=6.
    players, set_players: u8;
    /// Standard 52-card decks in the pack.
    decks, set_decks: u8;
    /// Jokers in the pack.
    jokers, set_jokers: u8;
    /// Cards dealt to each player.
    hand_size, set_hand_size: u8;
    /// The least value of a first lay-down; 0 for none.
    opening_points, set_opening_points: u16;
    /// Jokers one meld may hold.
    jokers_per_meld, set_jokers_per_meld: u8;
    /// Times the discard pile may become the stock; 255 for no limit.
    max_restocks, set_max_restocks: u8;
    /// A round ends after this many turns; 0 for no cap.
    max_turns, set_max_turns: u16;
    /// Points of a joker left in hand.
    joker_penalty, set_joker_penalty: u8;
    /// Points of an ace left in hand.
    ace_penalty, set_ace_penalty: u8;
    /// [`options`] bits.
    options, set_options: u32;
    /// The match ends after this many rounds; 0 for off.
    match_rounds, set_match_rounds: u16;
    /// The match ends when a total reaches this; 0 for off.
    match_target, set_match_target: u16;
    /// Points of a seat that has not opened when another goes out; 0 for
    /// its hand value.
    unopened_penalty, set_unopened_penalty: u16;
}

impl Ruleset {
    /// A preset for 2..=6 players. `RAMI_E_ARG` for another count.
    pub fn preset(preset: Preset, players: u32) -> Result<Ruleset> {
        let mut raw = ffi::RamiRuleset::default();
        // SAFETY: raw is a rami_ruleset of the size passed.
        Error::check(unsafe {
            ffi::rami_ruleset_init_sized(
                &mut raw,
                std::mem::size_of::<ffi::RamiRuleset>(),
                preset as i32,
                players,
            )
        })?;
        Ok(Ruleset { raw })
    }

    /// Whether the rules make a playable game: `RAMI_E_RULESET` with the
    /// reason if not.
    pub fn check(&self) -> Result<()> {
        let mut why = [0u8; WHY_CAP];
        // SAFETY: why holds WHY_CAP bytes.
        let rc =
            unsafe { ffi::rami_ruleset_check(&self.raw, why.as_mut_ptr() as *mut c_char, WHY_CAP) };
        if rc == 0 {
            Ok(())
        } else {
            Err(Error::with_reason(rc, from_buf(&why)))
        }
    }

    /// Whether every bit of `option` is set.
    pub fn has(&self, option: u32) -> bool {
        self.raw.options & option == option
    }

    pub(crate) fn raw(&self) -> &ffi::RamiRuleset {
        &self.raw
    }

    pub(crate) fn from_raw(raw: ffi::RamiRuleset) -> Ruleset {
        Ruleset { raw }
    }
}
