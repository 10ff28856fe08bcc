"""Environments for learning agents, in the shape of PettingZoo's AEC API
(:class:`RamiEnv`) and of a Gymnasium single-agent environment against
librami's bots (:class:`RamiSingleAgentEnv`). Neither library is needed:
the spaces come from :mod:`rami.spaces`; NumPy is.

Actions are the integer ids of doc/actions.md; observations are the
library's tensors (doc/observations.md), computed from what the observing
seat may know; rewards are the per-seat returns of doc/actions.md
('relative' by default: the mean of the other seats' penalty points minus
one's own, zero-sum), given when a round ends.

A full random episode::

    env = RamiEnv('51', players=2)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            env.action_space(agent).sample(obs['action_mask'])
        env.step(action)
"""

from __future__ import annotations

import os
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

import numpy as np

from ._args import U32, integer
from .game import RETURN_KINDS, BotLevel, Game, Phase
from .moves import Move
from .rules import Ruleset, RulesetLike, as_ruleset
from .spaces import Box, Dict as DictSpace, Discrete

OBSERVATIONS = ('information_state', 'observation')


def _max_steps(value: Optional[int]) -> Optional[int]:
    """None (no limit) or a positive number of steps, checked when the
    environment is made rather than by the step it would break."""
    return None if value is None else integer(value, 'max_steps', (1, 2**63 - 1))


def _fresh_seed() -> int:
    return int.from_bytes(os.urandom(8), 'little')


class _Core:
    """What both environments share: the ruleset, the game and the tensors."""

    def __init__(self, ruleset: RulesetLike, players: int, reward: str, observation: str,
                 fields: Dict[str, Any]) -> None:
        if reward not in RETURN_KINDS:
            raise ValueError(f'reward is one of {", ".join(RETURN_KINDS)}')
        if observation not in OBSERVATIONS:
            raise ValueError(f'observation is one of {", ".join(OBSERVATIONS)}')
        self.ruleset: Ruleset = as_ruleset(ruleset, players, **fields)
        self.reward_kind = reward
        self.observation_kind = observation
        self.num_actions = self.ruleset.num_distinct_actions
        self.tensor_size = (self.ruleset.information_state_tensor_size
                            if observation == 'information_state'
                            else self.ruleset.observation_tensor_size)
        self.game: Optional[Game] = None

    def live(self) -> Game:
        """The game being played; RuntimeError before reset() and after close()."""
        if self.game is None:
            raise RuntimeError('no game: call reset() first')
        return self.game

    def new_game(self, seed: Optional[int]) -> Game:
        if self.game is not None:
            self.game.close()
        self.game = Game(self.ruleset, seed=_fresh_seed() if seed is None else seed)
        return self.game

    def tensor(self, seat: int) -> np.ndarray:
        game = self.live()
        out = np.empty(self.tensor_size, dtype=np.float32)
        if self.observation_kind == 'information_state':
            return game.information_state_tensor(seat, out)
        return game.observation_tensor(seat, out)

    def mask(self, seat: int) -> np.ndarray:
        """The legal ids of seat if it is to move, else all zeros."""
        game = self.live()
        if game.phase >= Phase.ROUND_OVER or game.current_player != seat:
            return np.zeros(self.num_actions, dtype=np.int8)
        return game.legal_actions_mask()

    def observation_space(self) -> Box:
        # Counts, flags and point totals: all >= 0 (doc/observations.md).
        return Box(0.0, np.inf, (self.tensor_size,), np.float32)


class _Env:
    """What both environments do alike: the render modes, the underlying
    game, rendering and closing."""

    metadata: Dict[str, Any] = {'render_modes': ['human', 'ansi']}

    def __init__(self, core: _Core, render_mode: Optional[str]) -> None:
        if render_mode is not None and render_mode not in self.metadata['render_modes']:
            raise ValueError(f'render_mode is one of {self.metadata["render_modes"]}')
        self._core = core
        self.render_mode = render_mode

    @property
    def game(self) -> Game:
        """The underlying game (read it, do not play on it); RuntimeError
        before reset() and after close()."""
        return self._core.live()

    def render(self) -> Optional[str]:
        """The table as text: printed (None returned) in 'human' mode,
        returned otherwise."""
        text = _render(self.game)
        if self.render_mode == 'human':
            print(text)
            return None
        return text

    def close(self) -> None:
        """Frees the game; closing again does nothing."""
        if self._core.game is not None:
            self._core.game.close()
            self._core.game = None


class RamiEnv(_Env):
    """Rami as a PettingZoo AEC environment: agents 'player_0'.. take turns;
    ``step(action)`` plays the action id of ``agent_selection``; ``last()``
    gives its observation, reward since its last step, termination,
    truncation and info. An episode is one round (``episode='match'``: the
    whole match of ``match_rounds`` rounds, rewarded round by round).
    ``max_steps`` truncates episodes (the turn cap of the rules already
    ends every round)."""

    metadata = {'name': 'rami_v0', 'render_modes': ['human', 'ansi'],
                'is_parallelizable': False}

    def __init__(self, ruleset: RulesetLike = '51', players: int = 2, *,
                 reward: str = 'relative', observation: str = 'information_state',
                 episode: str = 'round', max_steps: Optional[int] = None,
                 render_mode: Optional[str] = None, **fields: Any) -> None:
        super().__init__(_Core(ruleset, players, reward, observation, fields), render_mode)
        if episode not in ('round', 'match'):
            raise ValueError("episode is 'round' or 'match'")
        if episode == 'match' and not self._core.ruleset.match_rounds:
            raise ValueError("episode='match' needs a ruleset with match_rounds")
        self.episode = episode
        self.max_steps = _max_steps(max_steps)
        n = self._core.ruleset.players
        self.possible_agents: List[str] = [f'player_{i}' for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._action_space = Discrete(self._core.num_actions)
        self._observation_space = DictSpace({
            'observation': self._core.observation_space(),
            'action_mask': Box(0, 1, (self._core.num_actions,), np.int8)})
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]
        self._skip_agent_selection: Optional[str] = None
        self._steps = 0

    # ---- spaces ----

    def action_space(self, agent: str) -> Discrete:
        return self._action_space

    def observation_space(self, agent: str) -> DictSpace:
        return self._observation_space

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> 'RamiEnv':
        return self

    # ---- the cycle ----

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Deals a new game (seed: the library's deal seed; None: random)."""
        if seed is not None:
            self._action_space.seed(seed)
        game = self._core.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._steps = 0
        self.agent_selection = self.possible_agents[game.current_player]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return {'observation': self._core.tensor(self.agent_name_mapping[agent]),
                'action_mask': self.action_mask(agent)}

    def action_mask(self, agent: Optional[str] = None) -> np.ndarray:
        """The agent's legal ids; all zeros when it is not its turn or its
        episode has ended."""
        agent = agent or self.agent_selection
        if self.terminations.get(agent, True) or self.truncations.get(agent, True):
            return np.zeros(self._core.num_actions, dtype=np.int8)
        return self._core.mask(self.agent_name_mapping[agent])

    def last(self, observe: bool = True) -> Tuple[Optional[Dict[str, np.ndarray]], float, bool,
                                                    bool, Dict[str, Any]]:
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f'{agent} is to move: None is only for finished agents')
        game = self.game
        # An illegal id (or not an id) raises here, and changes nothing.
        game.play_action(integer(action, 'action', U32))
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        self._steps += 1
        if game.over:
            self._round_over(game)
        if self.max_steps is not None and self._steps >= self.max_steps and \
                not any(self.terminations.values()):
            for a in self.agents:
                self.truncations[a] = True
        if not game.over:
            self.agent_selection = self.possible_agents[game.current_player]
        self._accumulate_rewards()
        if self.render_mode == 'human':
            self.render()

    def _round_over(self, game: Game) -> None:
        match_over = game.phase == Phase.MATCH_OVER
        linear = self.reward_kind != 'win'
        if self.episode == 'round' or linear or match_over:
            scope_match = self.episode == 'match' and not linear
            returns = game.returns(self.reward_kind, match=scope_match)
            for a in self.agents:
                self.rewards[a] = returns[self.agent_name_mapping[a]]
        result = game.round_result()
        for a in self.agents:
            self.infos[a] = {'round': game.round, 'round_result': result,
                             'scores': game.scores()}
        if self.episode == 'match' and not match_over:
            game.next_round()
            return
        for a in self.agents:
            self.terminations[a] = True

    @property
    def reward_kind(self) -> str:
        return self._core.reward_kind

    def _accumulate_rewards(self) -> None:
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r

    def _was_dead_step(self, action: Optional[int]) -> None:
        if action is not None:
            raise ValueError('when an agent is done, the only valid action is None')
        agent = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards,
                  self.infos):
            del d[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        for a in self.rewards:
            self.rewards[a] = 0.0


Opponent = Union[str, int, BotLevel, Callable[[Game], Union[Move, int]]]


class RamiSingleAgentEnv(_Env):
    """One seat of Rami against librami's bots, with Gymnasium's API:
    ``reset(seed) -> (obs, info)``, ``step(action) -> (obs, reward,
    terminated, truncated, info)``. ``info['action_mask']`` holds the legal
    ids (as in Gymnasium's masked environments). ``opponents`` is a bot
    level ('random', 'greedy', 'strong') or a function of the Game that
    returns a Move or an id; one for all or a list per other seat."""

    def __init__(self, ruleset: RulesetLike = '51', players: int = 2, *, seat: int = 0,
                 opponents: Union[Opponent, List[Opponent]] = 'greedy',
                 reward: str = 'relative', observation: str = 'information_state',
                 max_steps: Optional[int] = None, render_mode: Optional[str] = None,
                 **fields: Any) -> None:
        super().__init__(_Core(ruleset, players, reward, observation, fields), render_mode)
        n = self._core.ruleset.players
        if not 0 <= seat < n:
            raise ValueError(f'seat is 0..{n - 1}')
        self.seat = seat
        others = opponents if isinstance(opponents, list) else [opponents] * (n - 1)
        if len(others) != n - 1:
            raise ValueError(f'{n - 1} opponents needed')
        self._opponents: Dict[int, Opponent] = dict(zip([s for s in range(n) if s != seat],
                                                         others))
        self.max_steps = _max_steps(max_steps)
        self.action_space = Discrete(self._core.num_actions)
        self.observation_space = self._core.observation_space()
        self._bot_seed = 0
        self._steps = 0

    @property
    def unwrapped(self) -> 'RamiSingleAgentEnv':
        return self

    def reset(self, seed: Optional[int] = None,
              options: Optional[dict] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        if seed is not None:
            self.action_space.seed(seed)
        game = self._core.new_game(seed)
        self._bot_seed = game.seed
        self._steps = 0
        self._opponents_play(game)
        return self._core.tensor(self.seat), self._info(game)

    def step(self, action: int) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        game = self.game
        if game.over:
            raise RuntimeError('the episode is over: call reset()')
        game.play_action(integer(action, 'action', U32), self.seat)
        self._steps += 1
        self._opponents_play(game)
        terminated = game.over
        reward = game.returns(self._core.reward_kind)[self.seat] if terminated else 0.0
        truncated = (not terminated and self.max_steps is not None and
                     self._steps >= self.max_steps)
        if self.render_mode == 'human':
            self.render()
        return self._core.tensor(self.seat), reward, terminated, truncated, self._info(game)

    def _opponents_play(self, game: Game) -> None:
        while not game.over and game.current_player != self.seat:
            who = self._opponents[game.current_player]
            self._bot_seed += 1
            if callable(who):
                choice = who(game)
                if isinstance(choice, Move):
                    game.play(choice)
                else:
                    game.play_action(integer(choice, "the opponent's action", U32))
            else:
                game.play(game.bot_move(who, seed=self._bot_seed))

    def _info(self, game: Game) -> Dict[str, Any]:
        info: Dict[str, Any] = {'action_mask': self._core.mask(self.seat)}
        if game.over:
            info['round_result'] = game.round_result()
        return info



def _render(game: Game) -> str:
    """A few lines of text: whose turn, the hands' sizes, the table."""
    lines = [repr(game)]
    for seat in range(game.players):
        lines.append(f'  seat {seat}: {" ".join(str(c) for c in game.hand(seat))}')
    for i, meld in enumerate(game.melds()):
        lines.append(f'  meld {i + 1} (seat {meld.owner}): {meld}')
    top = game.discard_top
    lines.append(f'  stock {game.stock_count}, discard {game.discard_count}'
                 f'{" top " + str(top) if top else ""}')
    return '\n'.join(lines)
