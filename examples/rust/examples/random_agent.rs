//! A uniformly random agent through the learning interface, as a training
//! loop would drive it: each step writes the acting seat's
//! information-state tensor and the legal-action mask into reused
//! buffers, picks a legal id and plays it. Prints steps per second of CPU
//! time (compare examples/python/bench_env.py).
//!
//!     cargo run --release --example random_agent [SECONDS]

use std::time::Instant;

use rami::{Game, Phase, Preset, Ruleset};

fn main() -> Result<(), rami::Error> {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let rules = Ruleset::preset(Preset::Rami51, 2)?;
    let mut mask = vec![0u8; rules.num_distinct_actions() as usize];
    let mut tensor = vec![0f32; rules.information_state_tensor_size()];
    let mut legal = Vec::with_capacity(256);
    let (mut steps, mut rounds, mut state) = (0u64, 0u64, 0x9E37_79B9_7F4A_7C15u64);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        let mut game = Game::new(&rules, rounds)?;
        while matches!(game.phase(), Phase::Draw | Phase::Play) {
            let seat = game.current_player();
            game.information_state_tensor_into(seat, &mut tensor)?;
            game.legal_actions_mask_into(&mut mask)?;
            legal.clear();
            legal.extend((0..mask.len() as u32).filter(|&a| mask[a as usize] == 1));
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            game.play_action(seat, legal[(state % legal.len() as u64) as usize])?;
            steps += 1;
        }
        rounds += 1;
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "librami {}, Rami 51, 2 players: {:.0} steps/s, {:.1} rounds/s (wall time, one thread; \
         tensor of {} floats, {} actions)",
        rami::version(),
        steps as f64 / elapsed,
        rounds as f64 / elapsed,
        tensor.len(),
        mask.len()
    );
    Ok(())
}
