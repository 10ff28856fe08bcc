//! For learning agents: integer actions, legal-action masks, observation
//! tensors and returns (doc/actions.md, doc/observations.md). The `_into`
//! forms write into the caller's buffers, so that a training loop
//! allocates nothing per step.

use std::os::raw::c_int;

use crate::error::{Error, Result};
use crate::ffi;
use crate::game::{seat_arg, Game};
use crate::moves::Move;
use crate::ruleset::Ruleset;
use crate::text::listed;

/// rami_game_observation_tensor and rami_game_information_state_tensor.
type TensorFn = unsafe extern "C" fn(*const ffi::RamiGame, c_int, *mut f32, usize) -> c_int;

/// A move's fixed id under its ruleset (`rami_action`): 0..N, N being
/// [`Ruleset::num_distinct_actions`].
pub type Action = u32;

/// What [`Game::returns`] computes (doc/actions.md, "Returns").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReturnKind {
    /// Minus the points scored: 0 is best.
    Penalty,
    /// The mean points of the other seats minus one's own (zero-sum).
    Relative,
    /// Winners share +1, the other seats share -1 (zero-sum).
    Win,
}

impl Ruleset {
    /// N, the size of the action space (6,650 for Rami 51 with 2 players).
    pub fn num_distinct_actions(&self) -> u32 {
        // SAFETY: a valid rami_ruleset (0 if the library refuses it).
        unsafe { ffi::rami_num_distinct_actions(self.raw()) }
    }

    /// The most actions one round can take; `None` without a turn cap.
    pub fn max_game_length(&self) -> Option<u32> {
        // SAFETY: as num_distinct_actions.
        match unsafe { ffi::rami_max_game_length(self.raw()) } {
            0 => None,
            n => Some(n),
        }
    }

    /// Floats of [`Game::observation_tensor`].
    pub fn observation_tensor_size(&self) -> usize {
        // SAFETY: as num_distinct_actions.
        unsafe { ffi::rami_observation_tensor_size(self.raw()) as usize }
    }

    /// Floats of [`Game::information_state_tensor`].
    pub fn information_state_tensor_size(&self) -> usize {
        // SAFETY: as num_distinct_actions.
        unsafe { ffi::rami_information_state_tensor_size(self.raw()) as usize }
    }

    /// The id of `m` (legality is the game's business).
    pub fn action_of(&self, m: &Move) -> Result<Action> {
        let mut a = 0;
        // SAFETY: m is a rami_move; a is writable.
        Error::check(unsafe { ffi::rami_move_to_action(self.raw(), m.raw(), &mut a) })?;
        Ok(a)
    }

    /// The move of id `a`, in canonical form.
    pub fn move_of(&self, a: Action) -> Result<Move> {
        let mut raw = ffi::RamiMove::default();
        // SAFETY: raw is a rami_move.
        Error::check(unsafe { ffi::rami_action_to_move(self.raw(), a, &mut raw) })?;
        Ok(Move::from_raw(raw))
    }
}

impl Game {
    /// The ids of the legal moves, ascending.
    pub fn legal_actions(&self) -> Result<Vec<Action>> {
        // SAFETY: listed passes a buffer of cap ids.
        listed(256, |buf, cap, n| unsafe { ffi::rami_game_legal_actions(self.ptr(), buf, cap, n) })
    }

    /// Writes the legal-action mask (1 for a legal id) into `mask`, which
    /// must hold at least N bytes (`RAMI_E_BUFFER` otherwise, nothing
    /// written); the rest of `mask` is left alone.
    pub fn legal_actions_mask_into(&self, mask: &mut [u8]) -> Result<()> {
        let mut n = 0usize;
        // SAFETY: mask holds mask.len() bytes.
        Error::check(unsafe {
            ffi::rami_game_legal_actions_mask(self.ptr(), mask.as_mut_ptr(), mask.len(), &mut n)
        })?;
        Ok(())
    }

    /// The legal-action mask, N bytes.
    pub fn legal_actions_mask(&self) -> Result<Vec<u8>> {
        let mut mask = vec![0; self.ruleset().num_distinct_actions() as usize];
        self.legal_actions_mask_into(&mut mask)?;
        Ok(mask)
    }

    /// Plays the move of id `a` for `seat`; a refusal changes nothing and
    /// carries the reason, as [`Game::play`].
    pub fn play_action(&mut self, seat: usize, a: Action) -> Result<()> {
        // SAFETY: exclusive use.
        let rc = unsafe { ffi::rami_game_play_action(self.raw_mut(), seat_arg(seat), a) };
        if rc == 0 {
            return Ok(());
        }
        match self.ruleset().move_of(a) {
            Ok(m) => self.refusal(rc, seat, &m),
            Err(_) => Error::check(rc).map(|_| ()),
        }
    }

    /// The observation tensor of `viewer` into `buf` (at least
    /// [`Ruleset::observation_tensor_size`] floats).
    pub fn observation_tensor_into(&self, viewer: usize, buf: &mut [f32]) -> Result<()> {
        self.tensor_into(ffi::rami_game_observation_tensor, viewer, buf)
    }

    /// One of the two tensor functions, into the caller's floats.
    fn tensor_into(&self, tensor: TensorFn, viewer: usize, buf: &mut [f32]) -> Result<()> {
        // SAFETY: buf holds buf.len() floats; tensor writes at most that.
        Error::check(unsafe { tensor(self.ptr(), seat_arg(viewer), buf.as_mut_ptr(), buf.len()) })?;
        Ok(())
    }

    /// What `viewer` may know now, as floats (doc/observations.md).
    pub fn observation_tensor(&self, viewer: usize) -> Result<Vec<f32>> {
        let mut buf = vec![0.0; self.ruleset().observation_tensor_size()];
        self.observation_tensor_into(viewer, &mut buf)?;
        Ok(buf)
    }

    /// The information-state tensor of `viewer` into `buf` (at least
    /// [`Ruleset::information_state_tensor_size`] floats).
    pub fn information_state_tensor_into(&self, viewer: usize, buf: &mut [f32]) -> Result<()> {
        self.tensor_into(ffi::rami_game_information_state_tensor, viewer, buf)
    }

    /// The observation and what `viewer` saw happen this round.
    pub fn information_state_tensor(&self, viewer: usize) -> Result<Vec<f32>> {
        let mut buf = vec![0.0; self.ruleset().information_state_tensor_size()];
        self.information_state_tensor_into(viewer, &mut buf)?;
        Ok(buf)
    }

    /// Each seat's return for the round just finished or, with
    /// `of_match`, for the match (`RAMI_E_PHASE` before that end).
    pub fn returns(&self, kind: ReturnKind, of_match: bool) -> Result<Vec<f64>> {
        let mut k = match kind {
            ReturnKind::Penalty => ffi::RAMI_RETURN_PENALTY,
            ReturnKind::Relative => ffi::RAMI_RETURN_RELATIVE,
            ReturnKind::Win => ffi::RAMI_RETURN_WIN,
        };
        if of_match {
            k |= ffi::RAMI_RETURN_MATCH;
        }
        let mut out = vec![0.0; self.players()];
        // SAFETY: out holds players() entries.
        Error::check(unsafe {
            ffi::rami_game_returns(self.ptr(), k, out.as_mut_ptr(), out.len())
        })?;
        Ok(out)
    }
}
