"""The environments of rami.env: PettingZoo AEC semantics (turns, rewards,
terminations, dead steps), masks agreeing with the legal ids, a full random
episode per preset, the single-agent wrapper against bots."""

import pytest

np = pytest.importorskip('numpy')

import rami  # noqa: E402
from rami.env import RamiEnv, RamiSingleAgentEnv  # noqa: E402

PRESETS = ['51', '40', '51-house', '40-house', 'finnish']


def random_episode(env, seed):
    """Plays one episode with uniformly random legal actions, checking the
    AEC contract at every step; returns (steps, rewards summed per agent)."""
    env.reset(seed=seed)
    game = env.game
    total = {a: 0.0 for a in env.possible_agents}
    steps = 0
    removed = []
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        total[agent] += reward
        assert env.observation_space(agent).contains(obs), agent
        if termination or truncation:
            assert not obs['action_mask'].any()
            env.step(None)
            removed.append(agent)
            continue
        assert agent == env.possible_agents[game.current_player]
        mask = obs['action_mask']
        assert list(np.flatnonzero(mask)) == game.legal_actions()
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)['action_mask'].any()
        action = env.action_space(agent).sample(mask)
        env.step(action)
        steps += 1
    assert sorted(removed) == sorted(env.possible_agents) and env.agents == []
    return steps, total


@pytest.mark.parametrize('preset', PRESETS)
def test_a_full_random_episode_per_preset(preset):
    env = RamiEnv(preset, players=3)
    steps, total = random_episode(env, seed=11)
    game = env.game
    assert game.over and 0 < steps <= game.ruleset.max_game_length
    expected = game.returns('relative')
    assert [total[a] for a in env.possible_agents] == pytest.approx(expected)
    assert sum(total.values()) == pytest.approx(0.0)
    env.close()


def test_same_seed_same_episode_and_reward_kinds():
    env = RamiEnv('51', players=2, reward='win')
    a = random_episode(env, seed=5)
    b = random_episode(env, seed=5)
    assert a == b
    assert sorted(a[1].values()) in ([-1.0, 1.0], [0.0, 0.0])
    env = RamiEnv('51', players=2, reward='penalty')
    steps, total = random_episode(env, seed=5)
    assert (steps, [-p for p in env.game.round_result().points]) == \
        (a[0], [total[x] for x in env.possible_agents])


def test_observation_spaces_and_tensors():
    env = RamiEnv('finnish', players=4)
    env.reset(seed=2)
    rs = env.game.ruleset
    obs = env.observe('player_1')
    assert obs['observation'].dtype == np.float32
    assert obs['observation'].shape == (rs.information_state_tensor_size,)
    assert obs['action_mask'].shape == (rs.num_distinct_actions,)
    env = RamiEnv('finnish', players=4, observation='observation')
    env.reset(seed=2)
    assert env.observe('player_1')['observation'].shape == (rs.observation_tensor_size,)
    assert rs.observation_tensor_size < rs.information_state_tensor_size


def test_illegal_actions_raise_and_change_nothing():
    env = RamiEnv('51', players=2)
    env.reset(seed=3)
    before = env.game.save()
    illegal = int(np.flatnonzero(env.action_mask() == 0)[0])
    with pytest.raises(rami.RamiError):
        env.step(illegal)
    with pytest.raises(ValueError):
        env.step(None)
    assert env.game.save() == before and env.agent_selection == 'player_0'
    assert env._cumulative_rewards == {'player_0': 0.0, 'player_1': 0.0}


def test_a_refused_step_keeps_the_reward_not_yet_seen():
    # In a match episode the agent to move after round 1 holds that round's
    # reward until its last(); a refused step zeroed it before.
    env = RamiEnv('finnish', players=2, episode='match', match_rounds=2)
    env.reset(seed=8)
    rng = np.random.default_rng(1)
    while env.game.round == 1:
        env.step(int(rng.choice(np.flatnonzero(env.action_mask()))))
    reward = env.last()[1]
    assert reward != 0.0
    before = env.game.save()
    illegal = int(np.flatnonzero(env.action_mask() == 0)[0])
    for bad in (illegal, illegal + 0.5, 'x'):
        with pytest.raises((rami.RamiError, TypeError)):
            env.step(bad)
    assert env.last()[1] == reward and env.game.save() == before


def test_action_ids_are_integers():
    env = RamiEnv('51', players=2)
    env.reset(seed=3)
    legal = np.flatnonzero(env.action_mask())
    before = env.game.save()
    with pytest.raises(TypeError):
        env.step(float(legal[0]) + 0.5)  # was played as legal[0]
    assert env.game.save() == before
    env.step(np.int64(legal[0]))  # numpy integers are ids
    assert env.game.save() != before
    single = RamiSingleAgentEnv('51', players=2)
    single.reset(seed=3)
    with pytest.raises(TypeError):
        single.step(1.5)


@pytest.mark.parametrize('make', [RamiEnv, RamiSingleAgentEnv])
def test_max_steps_is_checked_when_the_environment_is_made(make):
    # A bad max_steps was taken, and broke the first step halfway: the game
    # had moved on, the environment not.
    for bad in ('10', [1], 1.5):
        with pytest.raises(TypeError):
            make('51', players=2, max_steps=bad)
    for bad in (0, -1):
        with pytest.raises(ValueError):
            make('51', players=2, max_steps=bad)
    assert make('51', players=2, max_steps=np.int32(5)).max_steps == 5


def test_match_episodes_reward_every_round():
    env = RamiEnv('finnish', players=2, episode='match', match_rounds=2)
    steps, total = random_episode(env, seed=8)
    game = env.game
    assert game.phase == rami.Phase.MATCH_OVER and game.round == 2
    assert [total[a] for a in env.possible_agents] == \
        pytest.approx(game.returns('relative', match=True))
    with pytest.raises(ValueError):
        RamiEnv('51', episode='match')


def test_truncation():
    env = RamiEnv('51', players=2, max_steps=10)
    steps, total = random_episode(env, seed=1)
    assert steps == 10 and total == {'player_0': 0.0, 'player_1': 0.0}


def test_single_agent_against_bots():
    env = RamiSingleAgentEnv('51', players=3, seat=1, opponents='random')
    obs, info = env.reset(seed=4)
    assert obs.shape == env.observation_space.shape and env.game.current_player == 1
    steps, reward, terminated = 0, 0.0, False
    while not terminated:
        action = env.action_space.sample(info['action_mask'])
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        steps += 1
        if not terminated:
            assert env.game.current_player == 1
            assert list(np.flatnonzero(info['action_mask'])) == env.game.legal_actions()
    assert reward == env.game.returns()[1] and 'round_result' in info
    with pytest.raises(RuntimeError):
        env.step(0)
    # A callable opponent: always the first legal id.
    env = RamiSingleAgentEnv('finnish', players=2, opponents=lambda g: g.legal_actions()[0])
    obs, info = env.reset(seed=1)
    assert env.game.current_player == 0


@pytest.mark.parametrize('make', [lambda **kw: RamiEnv('51', players=2, **kw),
                                  lambda **kw: RamiSingleAgentEnv('51', players=2, **kw)])
def test_both_environments_check_render_mode_and_the_game(make, capsys):
    # The same checks and errors in both (they share them): an unknown
    # render mode is refused; no game before reset() or after close() is a
    # RuntimeError, under python -O too; closing twice is harmless.
    with pytest.raises(ValueError, match='render_mode'):
        make(render_mode='bogus')
    env = make(render_mode='ansi')
    with pytest.raises(RuntimeError, match='reset'):
        env.game
    with pytest.raises(RuntimeError, match='reset'):
        env.render()
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text
    env.close()
    env.close()
    with pytest.raises(RuntimeError, match='reset'):
        env.game
    human = make(render_mode='human')
    human.reset(seed=2)
    assert human.render() is None and capsys.readouterr().out == text + '\n'
    human.close()
