//! librami for Rust: the rules of Rami (Rami 51, Rami 40, Finnish rami and
//! their house rules) through the C library's API, with Rust's types.
//!
//! Every rule is the C library's: this crate converts values and errors and
//! owns the game handle, nothing more. A refused move is an [`Error`] with
//! the library's status and its English reason, and changes nothing.
//!
//! ```no_run
//! use rami::{Game, Preset, Ruleset};
//!
//! let rules = Ruleset::preset(Preset::Rami51, 2)?;
//! let mut game = Game::new(&rules, 42)?;
//! let moves = game.legal_moves()?;
//! game.play(game.current_player(), &moves[0])?;
//! println!("{}", game.hand(0)?.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "));
//! # Ok::<(), rami::Error>(())
//! ```
//!
//! The library is found at build time from `RAMI_LIB_DIR`, else the
//! repository's `build/lib` (the README's build), else `pkg-config rami`
//! (see `build.rs`).

mod card;
mod error;
pub mod ffi;
mod game;
mod learning;
mod moves;
mod ruleset;
mod text;

pub use card::{parse_cards, Card};
pub use error::{Error, Result};
pub use game::{BotLevel, EndReason, Game, Phase, RoundResult, TableMeld};
pub use learning::{Action, ReturnKind};
pub use moves::{Move, MoveKind};
pub use ruleset::{options, MeldKind, Preset, Ruleset};

/// The library's version, such as "1.0.0".
pub fn version() -> String {
    // SAFETY: rami_version returns a static NUL-terminated string.
    unsafe { text::static_str(ffi::rami_version()) }.to_string()
}
