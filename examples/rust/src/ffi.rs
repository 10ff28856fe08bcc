//! The declarations of `rami.h` this crate calls, as they are in C.
//!
//! Public so that a program can reach a function the safe API does not
//! wrap; every call is `unsafe` and follows the contract written in
//! `rami.h`. The structs mirror the header's 1.0 layouts; the tests of
//! this crate compare their sizes with what the library reports.

use std::os::raw::{c_char, c_int};

/// A card code (`rami_card`).
pub type RamiCard = u8;

/// The opaque game handle (`rami_game`).
#[repr(C)]
pub struct RamiGame {
    _private: [u8; 0],
}

/// `rami_ruleset`, 1.0 layout (28 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RamiRuleset {
    pub struct_size: u32,
    pub players: u8,
    pub decks: u8,
    pub jokers: u8,
    pub hand_size: u8,
    pub opening_points: u16,
    pub jokers_per_meld: u8,
    pub max_restocks: u8,
    pub max_turns: u16,
    pub joker_penalty: u8,
    pub ace_penalty: u8,
    pub options: u32,
    pub match_rounds: u16,
    pub match_target: u16,
    pub unopened_penalty: u16,
    pub reserved: [u8; 2],
}

pub const RAMI_MAX_MELD: usize = 13;
pub const RAMI_MAX_HAND: usize = 32;
pub const RAMI_MAX_PLAYERS: usize = 6;
pub const RAMI_NO_CARD: RamiCard = 0;
pub const RAMI_JOKER: RamiCard = 0x50;

/// `RAMI_E_RULESET`: the status of a ruleset the library refuses.
pub const RAMI_E_RULESET: c_int = -5;

/// The viewers beside the seats (rami_game_view_json, rami_game_history).
pub const RAMI_VIEWER_ALL: c_int = -1;
pub const RAMI_VIEWER_PUBLIC: c_int = -2;

/// `rami_phase`.
pub const RAMI_PHASE_DRAW: i32 = 0;
pub const RAMI_PHASE_PLAY: i32 = 1;
pub const RAMI_PHASE_ROUND_OVER: i32 = 2;

/// `rami_end_reason`.
pub const RAMI_END_WENT_OUT: u8 = 1;
pub const RAMI_END_STOCK_OUT: u8 = 2;

/// `rami_meld_kind`.
pub const RAMI_MELD_SET: u8 = 1;

/// `rami_return_kind`, and the bit that scores the match.
pub const RAMI_RETURN_PENALTY: c_int = 0;
pub const RAMI_RETURN_RELATIVE: c_int = 1;
pub const RAMI_RETURN_WIN: c_int = 2;
pub const RAMI_RETURN_MATCH: c_int = 0x10;

/// `rami_move_kind`.
pub const RAMI_MOVE_DRAW_STOCK: u8 = 1;
pub const RAMI_MOVE_DRAW_DISCARD: u8 = 2;
pub const RAMI_MOVE_MELD: u8 = 3;
pub const RAMI_MOVE_LAYOFF: u8 = 4;
pub const RAMI_MOVE_SWAP: u8 = 5;
pub const RAMI_MOVE_DISCARD: u8 = 6;

/// `rami_move` (17 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RamiMove {
    pub kind: u8,
    pub count: u8,
    pub target: u8,
    pub side: u8,
    pub cards: [RamiCard; RAMI_MAX_MELD],
}

/// `rami_meld_info`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct RamiMeldInfo {
    pub kind: u8,
    pub count: u8,
    pub points: u16,
    pub cards: [RamiCard; RAMI_MAX_MELD],
    pub joker_as: RamiCard,
}

/// `rami_round_result`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct RamiRoundResult {
    pub reason: u8,
    pub winners: u8,
    pub hand_value: [u16; RAMI_MAX_PLAYERS],
    pub points: [i16; RAMI_MAX_PLAYERS],
}

/// `rami_bot_options`, 1.0 layout (24 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct RamiBotOptions {
    pub struct_size: u32,
    pub level: u8,
    pub reserved: [u8; 3],
    pub seed: u64,
    pub playouts: u32,
    pub time_ms: u32,
}

extern "C" {
    pub fn rami_strerror(status: c_int) -> *const c_char;
    pub fn rami_status_name(status: c_int) -> *const c_char;
    pub fn rami_version() -> *const c_char;

    pub fn rami_card_make(rank: c_int, suit: c_int) -> RamiCard;
    pub fn rami_card_rank(c: RamiCard) -> c_int;
    pub fn rami_card_suit(c: RamiCard) -> c_int;
    pub fn rami_card_parse(text: *const c_char, out: *mut RamiCard) -> c_int;
    pub fn rami_card_format(c: RamiCard, buf: *mut c_char, cap: usize) -> c_int;
    pub fn rami_cards_parse(
        text: *const c_char,
        out: *mut RamiCard,
        cap: usize,
        count: *mut usize,
    ) -> c_int;

    pub fn rami_ruleset_init_sized(
        rs: *mut RamiRuleset,
        size: usize,
        preset: c_int,
        players: u32,
    ) -> c_int;
    pub fn rami_ruleset_check(rs: *const RamiRuleset, why: *mut c_char, why_cap: usize) -> c_int;
    pub fn rami_meld_check(
        rs: *const RamiRuleset,
        cards: *const RamiCard,
        n: usize,
        info: *mut RamiMeldInfo,
    ) -> c_int;

    pub fn rami_game_new(rs: *const RamiRuleset, seed: u64, out: *mut *mut RamiGame) -> c_int;
    pub fn rami_game_clone(g: *const RamiGame, out: *mut *mut RamiGame) -> c_int;
    pub fn rami_game_free(g: *mut RamiGame);
    pub fn rami_game_phase(g: *const RamiGame) -> c_int;
    pub fn rami_game_current_player(g: *const RamiGame) -> c_int;
    pub fn rami_game_dealer(g: *const RamiGame) -> c_int;
    pub fn rami_game_round(g: *const RamiGame) -> c_int;
    pub fn rami_game_turn(g: *const RamiGame) -> c_int;
    pub fn rami_game_hand(
        g: *const RamiGame,
        player: c_int,
        buf: *mut RamiCard,
        cap: usize,
        count: *mut usize,
    ) -> c_int;
    pub fn rami_game_stock_count(g: *const RamiGame) -> usize;
    pub fn rami_game_discard_top(g: *const RamiGame) -> RamiCard;
    pub fn rami_game_has_opened(g: *const RamiGame, player: c_int) -> c_int;
    pub fn rami_game_meld_count(g: *const RamiGame) -> usize;
    pub fn rami_game_meld(
        g: *const RamiGame,
        index: usize,
        owner: *mut c_int,
        info: *mut RamiMeldInfo,
    ) -> c_int;
    pub fn rami_game_round_result(g: *const RamiGame, out: *mut RamiRoundResult) -> c_int;
    pub fn rami_game_scores(g: *const RamiGame, totals: *mut i32, cap: usize) -> c_int;
    pub fn rami_game_next_round(g: *mut RamiGame) -> c_int;
    pub fn rami_game_match_winners(g: *const RamiGame) -> c_int;
    pub fn rami_game_ruleset_sized(g: *const RamiGame, out: *mut RamiRuleset, size: usize)
        -> c_int;

    pub fn rami_game_legal_moves(
        g: *const RamiGame,
        buf: *mut RamiMove,
        cap: usize,
        count: *mut usize,
    ) -> c_int;
    pub fn rami_game_check(
        g: *const RamiGame,
        player: c_int,
        m: *const RamiMove,
        why: *mut c_char,
        why_cap: usize,
    ) -> c_int;
    pub fn rami_game_play(g: *mut RamiGame, player: c_int, m: *const RamiMove) -> c_int;
    pub fn rami_game_undo(g: *mut RamiGame, player: c_int) -> c_int;

    pub fn rami_move_parse(text: *const c_char, out: *mut RamiMove) -> c_int;
    pub fn rami_move_format(m: *const RamiMove, buf: *mut c_char, cap: usize) -> c_int;
    pub fn rami_game_save(
        g: *const RamiGame,
        buf: *mut c_char,
        cap: usize,
        len: *mut usize,
    ) -> c_int;
    pub fn rami_game_load(text: *const c_char, len: usize, out: *mut *mut RamiGame) -> c_int;
    pub fn rami_game_view_json(
        g: *const RamiGame,
        viewer: c_int,
        buf: *mut c_char,
        cap: usize,
        len: *mut usize,
    ) -> c_int;

    pub fn rami_num_distinct_actions(rs: *const RamiRuleset) -> u32;
    pub fn rami_max_game_length(rs: *const RamiRuleset) -> u32;
    pub fn rami_move_to_action(rs: *const RamiRuleset, m: *const RamiMove, out: *mut u32) -> c_int;
    pub fn rami_action_to_move(rs: *const RamiRuleset, a: u32, out: *mut RamiMove) -> c_int;
    pub fn rami_game_legal_actions(
        g: *const RamiGame,
        buf: *mut u32,
        cap: usize,
        count: *mut usize,
    ) -> c_int;
    pub fn rami_game_legal_actions_mask(
        g: *const RamiGame,
        mask: *mut u8,
        cap: usize,
        count: *mut usize,
    ) -> c_int;
    pub fn rami_game_play_action(g: *mut RamiGame, player: c_int, a: u32) -> c_int;
    pub fn rami_game_returns(g: *const RamiGame, kind: c_int, out: *mut f64, cap: usize) -> c_int;
    pub fn rami_observation_tensor_size(rs: *const RamiRuleset) -> u32;
    pub fn rami_information_state_tensor_size(rs: *const RamiRuleset) -> u32;
    pub fn rami_game_observation_tensor(
        g: *const RamiGame,
        viewer: c_int,
        buf: *mut f32,
        cap: usize,
    ) -> c_int;
    pub fn rami_game_information_state_tensor(
        g: *const RamiGame,
        viewer: c_int,
        buf: *mut f32,
        cap: usize,
    ) -> c_int;

    pub fn rami_bot_options_init_sized(
        opt: *mut RamiBotOptions,
        size: usize,
        level: c_int,
    ) -> c_int;
    pub fn rami_bot_choose(
        g: *const RamiGame,
        opt: *const RamiBotOptions,
        out: *mut RamiMove,
    ) -> c_int;
    pub fn rami_game_hint(
        g: *const RamiGame,
        out: *mut RamiMove,
        why: *mut c_char,
        why_cap: usize,
    ) -> c_int;
}
