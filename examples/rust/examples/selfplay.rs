//! A round of 2-player Rami 51 between the strong bot and greedy, each
//! move printed in notation with the seat that made it, then the score.
//!
//!     cargo run --example selfplay [SEED]

use rami::{BotLevel, Game, Phase, Preset, Ruleset};

fn main() -> Result<(), rami::Error> {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let rules = Ruleset::preset(Preset::Rami51, 2)?;
    let mut game = Game::new(&rules, seed)?;
    let levels = [BotLevel::Strong, BotLevel::Greedy];
    println!("librami {}, Rami 51, seed {}: seat 0 strong, seat 1 greedy", rami::version(), seed);
    let mut step = 0u64;
    while matches!(game.phase(), Phase::Draw | Phase::Play) {
        let seat = game.current_player();
        let m = game.bot_move(levels[seat], seed ^ step)?;
        game.play(seat, &m)?;
        println!("seat {}: {}", seat, m);
        step += 1;
    }
    let result = game.round_result()?;
    println!("{:?}: winners {:?}, points {:?}", result.reason, result.winners, result.points);
    Ok(())
}
