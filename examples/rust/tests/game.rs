//! The crate against the library: whole rounds of every preset, refusals
//! that change nothing, records, notation, threads, bots.

use rami::{
    options, parse_cards, BotLevel, Card, EndReason, Game, MoveKind, Phase, Preset, ReturnKind,
    Ruleset,
};

const PRESETS: [Preset; 5] =
    [Preset::Rami51, Preset::Rami40, Preset::Rami51House, Preset::Rami40House, Preset::Finnish];

/// xorshift64: the tests' own randomness, the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays random legal moves until the round is over; returns the moves.
fn play_round(game: &mut Game, rng: &mut Rng) -> usize {
    let mut played = 0;
    while matches!(game.phase(), Phase::Draw | Phase::Play) {
        let moves = game.legal_moves().unwrap();
        assert!(!moves.is_empty(), "no legal move in {:?}", game);
        let m = moves[rng.below(moves.len())];
        let seat = game.current_player();
        game.check(seat, &m).unwrap();
        game.play(seat, &m).unwrap_or_else(|e| panic!("listed {} refused: {}", m, e));
        played += 1;
    }
    played
}

#[test]
fn presets_fill_the_1_0_layout() {
    // Field values from doc/rules.md §9: a layout that disagreed with the
    // library's would read other bytes.
    let r51 = Ruleset::preset(Preset::Rami51, 4).unwrap();
    assert_eq!((r51.players(), r51.opening_points(), r51.hand_size()), (4, 51, 13));
    let r40 = Ruleset::preset(Preset::Rami40, 2).unwrap();
    assert_eq!(r40.opening_points(), 40);
    assert!(Ruleset::preset(Preset::Finnish, 3).unwrap().has(options::SET_SWAP_ANY));
    assert!(!r51.has(options::SET_SWAP_ANY));
    let game = Game::new(&r51, 1).unwrap();
    assert_eq!(game.ruleset(), r51);
    assert_eq!(game.players(), 4);
    for seat in 0..4 {
        assert_eq!(game.hand(seat).unwrap().len(), 13, "dealt hand_size cards");
    }
    assert_eq!(Ruleset::preset(Preset::Rami51, 7).unwrap_err().name(), "RAMI_E_ARG");
    assert_eq!(Ruleset::preset(Preset::Rami51, 1).unwrap_err().name(), "RAMI_E_ARG");
}

#[test]
fn random_matches_of_every_preset() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for (i, preset) in PRESETS.iter().enumerate() {
        for players in 2..=4 {
            let mut rules = Ruleset::preset(*preset, players).unwrap();
            rules.set_match_rounds(2).set_match_target(0);
            let mut game = Game::new(&rules, 100 + i as u64 * 10 + u64::from(players)).unwrap();
            for round in 1..=2 {
                assert_eq!(game.round(), round);
                assert!(play_round(&mut game, &mut rng) > 0);
                let result = game.round_result().unwrap();
                assert_eq!(result.points.len(), players as usize);
                if result.reason == EndReason::WentOut {
                    assert_eq!(result.winners.len(), 1);
                    assert!(game.hand(result.winners[0]).unwrap().is_empty());
                }
                assert!(game.legal_moves().unwrap().is_empty());
                if round == 1 {
                    game.next_round().unwrap();
                }
            }
            assert_eq!(game.phase(), Phase::MatchOver);
            let scores = game.scores();
            let best = *scores.iter().min().unwrap();
            for w in game.match_winners().unwrap() {
                assert_eq!(scores[w], best);
            }
            assert_eq!(game.next_round().unwrap_err().name(), "RAMI_E_PHASE");
        }
    }
}

#[test]
fn refused_moves_change_nothing() {
    let rules = Ruleset::preset(Preset::Rami51, 2).unwrap();
    let mut game = Game::new(&rules, 7).unwrap();
    let seat = game.current_player();
    let other = 1 - seat;
    let before = game.save().unwrap();
    let card = game.hand(seat).unwrap()[0];
    let cases = [
        (seat, rami::Move::discard(card), "RAMI_E_PHASE"),
        (other, rami::Move::draw(), "RAMI_E_TURN"),
        (9, rami::Move::draw(), "RAMI_E_ARG"),
    ];
    for (who, m, name) in cases.iter() {
        let e = game.play(*who, m).unwrap_err();
        assert_eq!(e.name(), *name, "{}", e);
        assert_eq!(game.save().unwrap(), before);
    }
    game.play(seat, &rami::Move::draw()).unwrap();
    let before = game.save().unwrap();
    let hand = game.hand(seat).unwrap();
    let meld: rami::Move = format!("meld {} {} {}", hand[0], hand[1], hand[2]).parse().unwrap();
    if let Err(e) = game.check(seat, &meld) {
        let refused = game.play(seat, &meld).unwrap_err();
        assert_eq!(refused, e);
        assert!(!refused.reason().is_empty(), "a refusal names the rule: {:?}", refused);
        assert!(refused.to_string().starts_with(refused.name()));
    }
    let absent = (1..=13)
        .flat_map(|r| (0..4).map(move |s| Card::new(r, s).unwrap()))
        .find(|c| !hand.contains(c))
        .unwrap();
    let e = game.play(seat, &rami::Move::discard(absent)).unwrap_err();
    assert_eq!(e.name(), "RAMI_E_NOT_IN_HAND");
    assert!(e.reason().contains(&absent.to_string()), "{}", e);
    assert_eq!(game.save().unwrap(), before);
    assert_eq!(game.undo(seat).unwrap_err().name(), "RAMI_E_UNDO");
}

#[test]
fn records_load_and_damaged_ones_are_refused() {
    let rules = Ruleset::preset(Preset::Finnish, 3).unwrap();
    let mut game = Game::new(&rules, 11).unwrap();
    let mut rng = Rng(5);
    for _ in 0..40 {
        let moves = game.legal_moves().unwrap();
        if moves.is_empty() {
            break;
        }
        let seat = game.current_player();
        game.play(seat, &moves[rng.below(moves.len())]).unwrap();
    }
    let record = game.save().unwrap();
    let loaded = Game::load(&record).unwrap();
    assert_eq!(loaded.save().unwrap(), record);
    assert_eq!(loaded.legal_moves().unwrap(), game.legal_moves().unwrap());
    assert_eq!(loaded.view_json(None).unwrap(), game.view_json(None).unwrap());
    for bad in [&record[..record.len() / 2], "", "rami", "\u{0}\u{1}garbage"] {
        let e = Game::load(bad).unwrap_err();
        assert!(matches!(e.name(), "RAMI_E_PARSE" | "RAMI_E_CORRUPT"), "{}", e);
    }
    // A card of the record changed: caught by the replay, not a crash.
    let mut edited = 0;
    for (from, to) in [("7S", "7H"), ("KD", "KC"), ("draw", "take")] {
        if let Some(at) = record.rfind(from) {
            let text = format!("{}{}{}", &record[..at], to, &record[at + from.len()..]);
            if let Err(e) = Game::load(&text) {
                assert!(matches!(e.name(), "RAMI_E_PARSE" | "RAMI_E_CORRUPT"), "{}", e);
                edited += 1;
            }
        }
    }
    assert!(edited > 0);
}

#[test]
fn cards_and_moves_in_notation() {
    let seven: Card = "7S".parse().unwrap();
    assert_eq!((seven.rank(), seven.suit(), seven.is_joker()), (Some(7), Some(3), false));
    assert_eq!(seven.to_string(), "7S");
    assert_eq!(" 10h ".parse::<Card>().unwrap().to_string(), "10H");
    assert_eq!("*".parse::<Card>().unwrap(), Card::JOKER);
    assert_eq!(Card::JOKER.rank(), None);
    assert_eq!(Card::new(14, 0), None);
    assert_eq!(Card::new(1, 4), None);
    assert_eq!(Card::from_code(seven.code()), Some(seven));
    assert_eq!(Card::from_code(0), None);
    for bad in ["", "11S", "7X", "7S 8S", "7S\u{0}"] {
        assert_eq!(bad.parse::<Card>().unwrap_err().name(), "RAMI_E_PARSE", "{:?}", bad);
    }
    assert_eq!(parse_cards("7S, 8S JK").unwrap().len(), 3);
    assert!(parse_cards("7S 8Q").is_err());

    let m: rami::Move = "MELD jk 7s 8s high".parse().unwrap();
    assert_eq!(m.kind(), Some(MoveKind::Meld));
    assert_eq!(m.cards(), vec![Card::JOKER, "7S".parse().unwrap(), "8S".parse().unwrap()]);
    assert_eq!(m.to_string(), "meld JK 7S 8S high");
    let lay: rami::Move = "lay 9S on 2".parse().unwrap();
    assert_eq!((lay.kind(), lay.target()), (Some(MoveKind::LayOff), Some(1)));
    assert_eq!(rami::Move::draw().to_string(), "draw");
    assert_eq!(rami::Move::discard(seven).to_string(), "discard 7S");
    for bad in ["", "fly", "meld", "lay 9S", "discard 7S 8S", "draw\u{0}"] {
        assert_eq!(bad.parse::<rami::Move>().unwrap_err().name(), "RAMI_E_PARSE", "{:?}", bad);
    }
}

#[test]
fn bad_rulesets_are_refused_with_a_reason() {
    let mut rules = Ruleset::preset(Preset::Rami51, 2).unwrap();
    rules.set_hand_size(0);
    let e = Game::new(&rules, 1).unwrap_err();
    assert_eq!(e.name(), "RAMI_E_RULESET");
    assert!(!e.reason().is_empty());
    let mut rules = Ruleset::preset(Preset::Rami51, 2).unwrap();
    rules.set_decks(0).set_jokers(0);
    assert_eq!(rules.check().unwrap_err().name(), "RAMI_E_RULESET");
    let mut rules = Ruleset::preset(Preset::Rami51, 2).unwrap();
    rules.set_options(u32::MAX);
    assert!(Game::new(&rules, 1).is_err());
}

#[test]
fn clones_are_independent() {
    let rules = Ruleset::preset(Preset::Rami40, 3).unwrap();
    let game = Game::new(&rules, 3).unwrap();
    let mut copy = game.clone();
    let seat = copy.current_player();
    copy.play(seat, &rami::Move::draw()).unwrap();
    assert_eq!(game.phase(), Phase::Draw);
    assert_eq!(copy.phase(), Phase::Play);
    assert_eq!(copy.hand(seat).unwrap().len(), game.hand(seat).unwrap().len() + 1);
}

#[test]
fn threads_read_one_game_and_own_others() {
    let rules = Ruleset::preset(Preset::Rami51, 4).unwrap();
    let shared = Game::new(&rules, 21).unwrap();
    let expected = shared.legal_moves().unwrap();
    std::thread::scope(|s| {
        for t in 0..4u64 {
            let shared = &shared;
            let expected = &expected;
            s.spawn(move || {
                for _ in 0..50 {
                    assert_eq!(&shared.legal_moves().unwrap(), expected);
                    shared.view_json(Some(0)).unwrap();
                }
                let mut own = Game::new(&Ruleset::preset(Preset::Finnish, 2).unwrap(), t).unwrap();
                play_round(&mut own, &mut Rng(t + 1));
            });
        }
    });
    let moved = std::thread::spawn(move || shared.round()).join().unwrap();
    assert_eq!(moved, 1);
}

#[test]
fn bots_and_hints_choose_legal_moves() {
    let rules = Ruleset::preset(Preset::Rami51, 2).unwrap();
    let mut game = Game::new(&rules, 5).unwrap();
    for step in 0..30u64 {
        if !matches!(game.phase(), Phase::Draw | Phase::Play) {
            break;
        }
        let seat = game.current_player();
        let level = if seat == 0 { BotLevel::Greedy } else { BotLevel::Random };
        let m = game.bot_move(level, step).unwrap();
        assert_eq!(game.bot_move(level, step).unwrap(), m, "the same seed, the same move");
        let (hint, why) = game.hint().unwrap();
        game.check(seat, &hint).unwrap();
        assert!(why.starts_with(&hint.to_string()), "{:?} for {}", why, hint);
        game.play(seat, &m).unwrap();
    }
}

#[test]
fn views_show_a_seat_what_it_may_know() {
    let rules = Ruleset::preset(Preset::Rami51, 2).unwrap();
    let game = Game::new(&rules, 9).unwrap();
    let all = game.view_json(None).unwrap();
    let seat0 = game.view_json(Some(0)).unwrap();
    assert!(seat0.starts_with('{') && seat0.trim_end().ends_with('}'), "{}", seat0);
    assert_ne!(all, seat0);
    assert!(seat0.len() < all.len(), "seat 1's cards are a count for seat 0");
    let public = game.public_view_json().unwrap();
    assert!(public.contains("\"viewer\":-2") && !public.contains("\"hand\""), "{}", public);
    assert!(public.len() < seat0.len(), "no hand at all");
    assert_eq!(game.view_json(Some(2)).unwrap_err().name(), "RAMI_E_ARG");
    assert_eq!(game.hand(2).unwrap_err().name(), "RAMI_E_ARG");
    assert_eq!(game.has_opened(usize::MAX).unwrap_err().name(), "RAMI_E_ARG");
    // A seat beyond c_int is refused, not taken for RAMI_VIEWER_ALL (-1):
    // that would show every hand.
    assert_eq!(game.view_json(Some(usize::MAX)).unwrap_err().name(), "RAMI_E_ARG");
    assert_eq!(game.view_json(Some(1 << 40)).unwrap_err().name(), "RAMI_E_ARG");
    assert!(rami::version().starts_with("1."));
}

#[test]
fn actions_masks_tensors_and_returns() {
    for (preset, players) in [(Preset::Rami51, 2), (Preset::Finnish, 3), (Preset::Rami40House, 4)] {
        let mut rules = Ruleset::preset(preset, players).unwrap();
        rules.set_match_rounds(1).set_match_target(0);
        let n = rules.num_distinct_actions() as usize;
        assert!(n > 1000);
        let mut game = Game::new(&rules, 77).unwrap();
        let mut rng = Rng(u64::from(players));
        let (mut mask, mut obs, mut info) = (
            vec![9u8; n + 3],
            vec![0f32; rules.observation_tensor_size()],
            vec![0f32; rules.information_state_tensor_size()],
        );
        let mut steps = 0u32;
        while matches!(game.phase(), Phase::Draw | Phase::Play) {
            let ids = game.legal_actions().unwrap();
            let mut from_moves: Vec<u32> =
                game.legal_moves().unwrap().iter().map(|m| rules.action_of(m).unwrap()).collect();
            from_moves.sort_unstable();
            assert_eq!(ids, from_moves, "one id per listed move");
            game.legal_actions_mask_into(&mut mask).unwrap();
            assert_eq!(&mask[n..], &[9, 9, 9], "nothing written beyond N");
            assert_eq!(mask[..n].iter().filter(|&&b| b == 1).count(), ids.len());
            assert!(ids.iter().all(|&a| mask[a as usize] == 1));
            let seat = game.current_player();
            game.observation_tensor_into(seat, &mut obs).unwrap();
            game.information_state_tensor_into(seat, &mut info).unwrap();
            assert!(obs.iter().chain(info.iter()).all(|x| x.is_finite()));
            let a = ids[rng.below(ids.len())];
            assert_eq!(rules.action_of(&rules.move_of(a).unwrap()).unwrap(), a);
            if let Some(illegal) = (0..n as u32).find(|&i| mask[i as usize] == 0) {
                let before = game.save().unwrap();
                assert!(game.play_action(seat, illegal).is_err());
                assert_eq!(game.save().unwrap(), before);
            }
            game.play_action(seat, a).unwrap();
            steps += 1;
        }
        if let Some(most) = rules.max_game_length() {
            assert!(steps <= most);
        }
        for kind in [ReturnKind::Relative, ReturnKind::Win] {
            let r = game.returns(kind, false).unwrap();
            assert_eq!(r.len(), players as usize);
            assert!(r.iter().sum::<f64>().abs() < 1e-9, "{:?} is zero-sum: {:?}", kind, r);
        }
        assert!(game.returns(ReturnKind::Penalty, true).unwrap().iter().all(|&x| x <= 0.0));
        assert_eq!(game.legal_actions().unwrap(), Vec::<u32>::new());
    }
    let rules = Ruleset::preset(Preset::Rami51, 2).unwrap();
    let game = Game::new(&rules, 1).unwrap();
    assert_eq!(game.returns(ReturnKind::Win, false).unwrap_err().name(), "RAMI_E_PHASE");
    let mut short = vec![0u8; 10];
    assert_eq!(game.legal_actions_mask_into(&mut short).unwrap_err().name(), "RAMI_E_BUFFER");
    assert_eq!(short, vec![0u8; 10]);
    assert_eq!(game.observation_tensor(2).unwrap_err().name(), "RAMI_E_ARG");
    assert_eq!(rules.move_of(u32::MAX).unwrap_err().name(), "RAMI_E_ARG");
    assert_eq!(game.legal_actions_mask().unwrap().len(), 6650);
}
