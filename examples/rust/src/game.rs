//! The game handle: a match in play, owned by a `Game`.

use std::fmt;
use std::os::raw::{c_char, c_int};
use std::ptr::NonNull;

use crate::card::Card;
use crate::error::{status, Error, Result};
use crate::ffi;
use crate::moves::Move;
use crate::ruleset::{MeldKind, Ruleset};
use crate::text::{from_buf, listed, sized_text, WHY_CAP};

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The seat to move draws.
    Draw,
    /// The seat to move melds, lays off, swaps and discards.
    Play,
    /// The round is scored; [`Game::next_round`] deals the next.
    RoundOver,
    /// The match is over.
    MatchOver,
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    WentOut,
    StockOut,
    TurnLimit,
}

/// The score of a finished round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundResult {
    pub reason: EndReason,
    /// The seats that won the round.
    pub winners: Vec<usize>,
    /// The penalty value of each seat's hand.
    pub hand_value: Vec<u16>,
    /// The points each seat scored this round.
    pub points: Vec<i16>,
}

/// A meld on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableMeld {
    /// The seat that laid it.
    pub owner: usize,
    pub kind: MeldKind,
    /// In table order: runs low to high, a joker in its place.
    pub cards: Vec<Card>,
    /// Its value when it was laid.
    pub points: u16,
}

/// The bots of the library (doc/bots.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotLevel {
    Random = 0,
    Greedy = 1,
    Strong = 2,
}

/// A match of Rami: the library's handle, freed on drop.
///
/// `Game` is `Send` and `Sync`: the library lets a handle move between
/// threads, and lets any number of threads read one handle at once; the
/// methods that change it take `&mut self`.
pub struct Game {
    raw: NonNull<ffi::RamiGame>,
}

// SAFETY: rami.h: a handle may be used from any thread, one at a time
// (the &mut methods), and its const functions (every &self method here)
// may run concurrently with each other.
unsafe impl Send for Game {}
unsafe impl Sync for Game {}

/// A seat as the C calls take it; a seat beyond `c_int` becomes `c_int::MAX`,
/// which the library refuses as RAMI_E_ARG like any other bad seat. (Not -1:
/// a view takes -1 for RAMI_VIEWER_ALL, every hand shown.)
pub(crate) fn seat_arg(seat: usize) -> c_int {
    c_int::try_from(seat).unwrap_or(c_int::MAX)
}

fn seats_of(mask: c_int) -> Vec<usize> {
    (0..ffi::RAMI_MAX_PLAYERS).filter(|s| mask & (1 << s) != 0).collect()
}

impl Game {
    fn from_out(rc: c_int, out: *mut ffi::RamiGame) -> Result<Game> {
        Error::check(rc)?;
        NonNull::new(out).map(|raw| Game { raw }).ok_or_else(|| Error::new(status::INTERNAL))
    }

    pub(crate) fn ptr(&self) -> *const ffi::RamiGame {
        self.raw.as_ptr()
    }

    /// A match under `rules`, round 1 dealt from `seed` (the same seed
    /// deals the same cards everywhere). `RAMI_E_RULESET` with the reason
    /// for rules the library refuses.
    pub fn new(rules: &Ruleset, seed: u64) -> Result<Game> {
        let mut out = std::ptr::null_mut();
        // SAFETY: rules is a valid rami_ruleset; out receives a handle.
        let rc = unsafe { ffi::rami_game_new(rules.raw(), seed, &mut out) };
        if rc == ffi::RAMI_E_RULESET {
            rules.check()?; // the refusal with its reason
        }
        Game::from_out(rc, out)
    }

    /// The game a record of [`Game::save`] describes, every move replayed
    /// and checked. `RAMI_E_PARSE` or `RAMI_E_CORRUPT` for damaged text.
    pub fn load(record: &str) -> Result<Game> {
        let mut out = std::ptr::null_mut();
        // SAFETY: the text and its length; it need not be NUL-terminated.
        let rc = unsafe {
            ffi::rami_game_load(record.as_ptr() as *const c_char, record.len(), &mut out)
        };
        Game::from_out(rc, out)
    }

    /// An independent copy (`RAMI_E_NOMEM` if it cannot be allocated).
    pub fn try_clone(&self) -> Result<Game> {
        let mut out = std::ptr::null_mut();
        // SAFETY: self is a live handle; out receives a new one.
        let rc = unsafe { ffi::rami_game_clone(self.ptr(), &mut out) };
        Game::from_out(rc, out)
    }

    /// The rules the match is played under.
    pub fn ruleset(&self) -> Ruleset {
        let mut raw = ffi::RamiRuleset::default();
        // SAFETY: raw is a rami_ruleset of the size passed.
        let rc = unsafe {
            ffi::rami_game_ruleset_sized(self.ptr(), &mut raw, std::mem::size_of_val(&raw))
        };
        debug_assert_eq!(rc, 0);
        Ruleset::from_raw(raw)
    }

    pub fn players(&self) -> usize {
        self.ruleset().players().into()
    }

    pub fn phase(&self) -> Phase {
        // SAFETY: a live handle (so never RAMI_E_ARG).
        match unsafe { ffi::rami_game_phase(self.ptr()) } {
            ffi::RAMI_PHASE_DRAW => Phase::Draw,
            ffi::RAMI_PHASE_PLAY => Phase::Play,
            ffi::RAMI_PHASE_ROUND_OVER => Phase::RoundOver,
            _ => Phase::MatchOver,
        }
    }

    /// The seat to move.
    pub fn current_player(&self) -> usize {
        // SAFETY: a live handle: a seat, never negative.
        unsafe { ffi::rami_game_current_player(self.ptr()) as usize }
    }

    /// The seat that dealt this round.
    pub fn dealer(&self) -> usize {
        // SAFETY: as current_player.
        unsafe { ffi::rami_game_dealer(self.ptr()) as usize }
    }

    /// The round, from 1.
    pub fn round(&self) -> u32 {
        // SAFETY: a live handle.
        unsafe { ffi::rami_game_round(self.ptr()) as u32 }
    }

    /// Turns begun this round.
    pub fn turn(&self) -> u32 {
        // SAFETY: a live handle.
        unsafe { ffi::rami_game_turn(self.ptr()) as u32 }
    }

    /// A seat's hand, sorted by suit and rank, jokers last. The program
    /// decides who may see it; [`Game::view_json`] shows a seat only what
    /// it may know.
    pub fn hand(&self, seat: usize) -> Result<Vec<Card>> {
        let mut buf = [0u8; ffi::RAMI_MAX_HAND];
        let mut n = 0usize;
        // SAFETY: buf holds RAMI_MAX_HAND cards, which always suffice.
        Error::check(unsafe {
            ffi::rami_game_hand(self.ptr(), seat_arg(seat), buf.as_mut_ptr(), buf.len(), &mut n)
        })?;
        Ok(Card::from_codes(&buf[..n]))
    }

    /// Whether the seat has opened (laid its first melds) this round.
    pub fn has_opened(&self, seat: usize) -> Result<bool> {
        // SAFETY: a live handle; the library checks the seat.
        Error::check(unsafe { ffi::rami_game_has_opened(self.ptr(), seat_arg(seat)) })
            .map(|v| v == 1)
    }

    /// Cards left in the stock.
    pub fn stock_count(&self) -> usize {
        // SAFETY: a live handle.
        unsafe { ffi::rami_game_stock_count(self.ptr()) }
    }

    /// The top of the discard pile.
    pub fn discard_top(&self) -> Option<Card> {
        // SAFETY: a live handle.
        Card::from_code(unsafe { ffi::rami_game_discard_top(self.ptr()) })
    }

    /// The melds on the table, in the order they were laid (lay-offs and
    /// swaps name them by this index).
    pub fn melds(&self) -> Vec<TableMeld> {
        // SAFETY: a live handle.
        let n = unsafe { ffi::rami_game_meld_count(self.ptr()) };
        (0..n).filter_map(|i| self.meld(i)).collect()
    }

    fn meld(&self, index: usize) -> Option<TableMeld> {
        let mut owner: c_int = 0;
        let mut info = ffi::RamiMeldInfo::default();
        // SAFETY: index < the meld count; owner and info are writable.
        let rc = unsafe { ffi::rami_game_meld(self.ptr(), index, &mut owner, &mut info) };
        if rc != 0 {
            return None;
        }
        let n = usize::from(info.count).min(ffi::RAMI_MAX_MELD);
        Some(TableMeld {
            owner: owner as usize,
            kind: if info.kind == ffi::RAMI_MELD_SET { MeldKind::Set } else { MeldKind::Run },
            cards: Card::from_codes(&info.cards[..n]),
            points: info.points,
        })
    }

    /// Every legal move of the seat to move, in the library's order;
    /// empty once the round is over.
    pub fn legal_moves(&self) -> Result<Vec<Move>> {
        // SAFETY: listed passes a buffer of cap moves.
        let raw = listed(256, |buf, cap, n| unsafe {
            ffi::rami_game_legal_moves(self.ptr(), buf, cap, n)
        })?;
        Ok(raw.into_iter().map(Move::from_raw).collect())
    }

    /// Whether `seat` may make `m` now: `Ok`, or the status with the
    /// library's reason naming the cards and the rule.
    pub fn check(&self, seat: usize, m: &Move) -> Result<()> {
        let mut why = [0u8; WHY_CAP];
        // SAFETY: why holds WHY_CAP bytes; m is a rami_move.
        let rc = unsafe {
            ffi::rami_game_check(
                self.ptr(),
                seat_arg(seat),
                m.raw(),
                why.as_mut_ptr() as *mut c_char,
                WHY_CAP,
            )
        };
        if rc == 0 {
            Ok(())
        } else {
            Err(Error::with_reason(rc, from_buf(&why)))
        }
    }

    /// Plays `m` for `seat`. A refused move changes nothing; the error
    /// carries the reason [`Game::check`] gives.
    pub fn play(&mut self, seat: usize, m: &Move) -> Result<()> {
        // SAFETY: exclusive use (&mut self); m is a rami_move.
        let rc = unsafe { ffi::rami_game_play(self.raw.as_ptr(), seat_arg(seat), m.raw()) };
        self.refusal(rc, seat, m)
    }

    /// `Ok` for RAMI_OK, else the error of a play that was refused (and so
    /// changed nothing), with the reason the check of the same move gives.
    pub(crate) fn refusal(&self, rc: c_int, seat: usize, m: &Move) -> Result<()> {
        if rc == 0 {
            return Ok(());
        }
        match self.check(seat, m) {
            Err(e) if e.code() == rc => Err(e),
            _ => Err(Error::new(rc)),
        }
    }

    pub(crate) fn raw_mut(&mut self) -> *mut ffi::RamiGame {
        self.raw.as_ptr()
    }

    /// Takes back the seat's last meld, lay-off or swap of this turn.
    pub fn undo(&mut self, seat: usize) -> Result<()> {
        // SAFETY: exclusive use.
        Error::check(unsafe { ffi::rami_game_undo(self.raw.as_ptr(), seat_arg(seat)) })?;
        Ok(())
    }

    /// How the round ended (`RAMI_E_PHASE` while it is played).
    pub fn round_result(&self) -> Result<RoundResult> {
        let mut r = ffi::RamiRoundResult::default();
        // SAFETY: r is a rami_round_result.
        Error::check(unsafe { ffi::rami_game_round_result(self.ptr(), &mut r) })?;
        let players = self.players();
        Ok(RoundResult {
            reason: match r.reason {
                ffi::RAMI_END_WENT_OUT => EndReason::WentOut,
                ffi::RAMI_END_STOCK_OUT => EndReason::StockOut,
                _ => EndReason::TurnLimit,
            },
            winners: seats_of(r.winners.into()),
            hand_value: r.hand_value[..players].to_vec(),
            points: r.points[..players].to_vec(),
        })
    }

    /// Each seat's match total.
    pub fn scores(&self) -> Vec<i32> {
        let mut totals = [0i32; ffi::RAMI_MAX_PLAYERS];
        // SAFETY: totals holds RAMI_MAX_PLAYERS entries.
        unsafe { ffi::rami_game_scores(self.ptr(), totals.as_mut_ptr(), totals.len()) };
        totals[..self.players()].to_vec()
    }

    /// Deals the next round after one is over (`RAMI_E_PHASE` otherwise).
    pub fn next_round(&mut self) -> Result<()> {
        // SAFETY: exclusive use.
        Error::check(unsafe { ffi::rami_game_next_round(self.raw.as_ptr()) })?;
        Ok(())
    }

    /// The seats with the lowest total once the match is over.
    pub fn match_winners(&self) -> Result<Vec<usize>> {
        // SAFETY: a live handle.
        Error::check(unsafe { ffi::rami_game_match_winners(self.ptr()) }).map(seats_of)
    }

    /// The record of the match (doc/record-format.md), for [`Game::load`].
    pub fn save(&self) -> Result<String> {
        // SAFETY: buf holds cap bytes, or is NULL with cap 0.
        sized_text(|buf, cap, len| unsafe { ffi::rami_game_save(self.ptr(), buf, cap, len) })
    }

    /// The state as JSON as `viewer` may know it (other hands as counts);
    /// `None` shows everything.
    pub fn view_json(&self, viewer: Option<usize>) -> Result<String> {
        self.view_of(viewer.map_or(ffi::RAMI_VIEWER_ALL, seat_arg))
    }

    fn view_of(&self, viewer: c_int) -> Result<String> {
        // SAFETY: as save.
        sized_text(|buf, cap, len| unsafe {
            ffi::rami_game_view_json(self.ptr(), viewer, buf, cap, len)
        })
    }

    /// The state as JSON as every seat knows it, no hand at all: a
    /// spectator's view (`RAMI_VIEWER_PUBLIC`).
    pub fn public_view_json(&self) -> Result<String> {
        self.view_of(ffi::RAMI_VIEWER_PUBLIC)
    }

    /// The move a bot of `level` chooses for the seat to move, using only
    /// what that seat may know; the same seed gives the same move.
    pub fn bot_move(&self, level: BotLevel, seed: u64) -> Result<Move> {
        let mut opt = ffi::RamiBotOptions::default();
        // SAFETY: opt is a rami_bot_options of the size passed.
        Error::check(unsafe {
            ffi::rami_bot_options_init_sized(&mut opt, std::mem::size_of_val(&opt), level as i32)
        })?;
        opt.seed = seed;
        let mut out = ffi::RamiMove::default();
        // SAFETY: opt and out are valid.
        Error::check(unsafe { ffi::rami_bot_choose(self.ptr(), &opt, &mut out) })?;
        Ok(Move::from_raw(out))
    }

    /// A suggested move for the seat to move and a sentence saying why.
    pub fn hint(&self) -> Result<(Move, String)> {
        let mut out = ffi::RamiMove::default();
        let mut why = [0u8; WHY_CAP];
        // SAFETY: out is a rami_move; why holds WHY_CAP bytes.
        let rc = unsafe {
            ffi::rami_game_hint(self.ptr(), &mut out, why.as_mut_ptr() as *mut c_char, WHY_CAP)
        };
        if rc != 0 {
            return Err(Error::with_reason(rc, from_buf(&why)));
        }
        Ok((Move::from_raw(out), from_buf(&why)))
    }
}

impl Clone for Game {
    /// Panics only if the copy cannot be allocated, as `Vec` does;
    /// [`Game::try_clone`] returns that error instead.
    fn clone(&self) -> Game {
        self.try_clone().expect("librami could not allocate a game")
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        // SAFETY: the handle is ours and freed once.
        unsafe { ffi::rami_game_free(self.raw.as_ptr()) }
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("round", &self.round())
            .field("turn", &self.turn())
            .field("phase", &self.phase())
            .field("current_player", &self.current_player())
            .finish()
    }
}
