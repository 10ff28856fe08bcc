#!/usr/bin/env python3
"""train_agent.py - three small agents against librami's random bot.

    python3 examples/python/train_agent.py [--episodes 200] [--preset finnish]

- random: a uniformly random legal action;
- tidy: greedy over one feature, the penalty of the hand left: it plays
  every meld, lay-off or swap it may, draws from the stock, and discards
  the card whose loss leaves the smallest penalty (the library's solver
  judges the hand; no rule is written here);
- linear: a softmax policy over six features of each legal action, trained
  with REINFORCE on the zero-sum 'relative' return (doc/actions.md).

Each agent plays seat 0 of a two-player game through RamiSingleAgentEnv;
the evaluation prints the mean return and the share of rounds won over the
same deals for every agent.
"""

import argparse
import os
import sys
import time

try:
    import rami
except ImportError:  # the source tree, package not installed
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                    'python'))
    import rami
import numpy as np
from rami.env import RamiSingleAgentEnv

TABLE = (rami.MoveKind.MELD, rami.MoveKind.LAYOFF, rami.MoveKind.SWAP)


def penalty_after(game, seat, card):
    """The least penalty of the hand without one copy of card (solver)."""
    hand = game.hand(seat)
    hand.remove(card)
    return rami.solve_hand(hand, game.ruleset, 'min_penalty').penalty


def features(game, seat, action):
    """Six numbers describing one legal action of seat."""
    move = game.action_to_move(action)
    f = np.zeros(6)
    f[0] = move.kind == rami.MoveKind.TAKE
    f[1] = move.kind in TABLE
    f[2] = move.kind in TABLE and len(move.cards) >= 3
    if move.kind == rami.MoveKind.DISCARD:
        f[3] = 1.0
        f[4] = penalty_after(game, seat, move.cards[0]) / 100.0
        f[5] = move.cards[0].is_joker
    return f


class RandomAgent:
    name = 'random'

    def __init__(self, rng):
        self.rng = rng

    def act(self, env, mask):
        return int(self.rng.choice(np.flatnonzero(mask)))


class TidyAgent:
    name = 'tidy'

    def act(self, env, mask):
        game, seat = env.game, env.seat
        ids = [int(a) for a in np.flatnonzero(mask)]
        moves = {a: game.action_to_move(a) for a in ids}
        for a in ids:
            if moves[a].kind in TABLE:
                return a
        if game.phase == rami.Phase.DRAW:
            return next(a for a in ids if moves[a].kind == rami.MoveKind.DRAW)
        return min(ids, key=lambda a: penalty_after(game, seat, moves[a].cards[0]))


class LinearAgent:
    name = 'linear'

    def __init__(self, rng, lr=0.05):
        self.rng, self.lr = rng, lr
        self.w = np.zeros(6)
        self.trace = []

    def act(self, env, mask, learn=False):
        ids = [int(a) for a in np.flatnonzero(mask)]
        x = np.array([features(env.game, env.seat, a) for a in ids])
        logits = x @ self.w
        p = np.exp(logits - logits.max())
        p /= p.sum()
        k = int(self.rng.choice(len(ids), p=p)) if learn else int(np.argmax(p))
        if learn:
            self.trace.append(x[k] - p @ x)  # gradient of log pi(a)
        return ids[k]

    def update(self, ret, baseline):
        for g in self.trace:
            self.w += self.lr * (ret - baseline) / 100.0 * g
        self.trace = []


def play(env, agent, seed, learn=False):
    obs, info = env.reset(seed=seed)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        if learn:
            action = agent.act(env, info['action_mask'], learn=True)
        else:
            action = agent.act(env, info['action_mask'])
        obs, reward, terminated, truncated, info = env.step(action)
    return reward, 0 in env.game.round_result().winners


def evaluate(env, agent, seeds):
    results = [play(env, agent, s) for s in seeds]
    returns = [r for r, _ in results]
    wins = sum(w for _, w in results)
    return float(np.mean(returns)), wins / len(seeds)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--preset', default='finnish', choices=sorted(rami.PRESET_NAMES))
    ap.add_argument('--episodes', type=int, default=200, help='rounds per evaluation')
    ap.add_argument('--train', type=int, default=300, help='training rounds of linear')
    ap.add_argument('--seed', type=int, default=1)
    args = ap.parse_args()

    env = RamiSingleAgentEnv(args.preset, players=2, opponents='random')
    rng = np.random.default_rng(args.seed)
    linear = LinearAgent(rng)
    t0 = time.time()
    baseline = 0.0
    for episode in range(args.train):
        ret, _ = play(env, linear, seed=10**6 + episode, learn=True)
        linear.update(ret, baseline)
        baseline += 0.05 * (ret - baseline)
    print(f'trained linear for {args.train} rounds in {time.time() - t0:.1f} s; weights '
          f'take {linear.w[0]:+.2f} table {linear.w[1]:+.2f} meld {linear.w[2]:+.2f} '
          f'discard {linear.w[3]:+.2f} penalty-left {linear.w[4]:+.2f} '
          f'joker {linear.w[5]:+.2f}')

    seeds = [args.seed * 7919 + i for i in range(args.episodes)]
    print(f'{args.episodes} rounds of {args.preset}, 2 players, seat 0 against the random bot '
          f'(same deals for every agent):')
    for agent in (RandomAgent(np.random.default_rng(args.seed)), TidyAgent(), linear):
        t0 = time.time()
        mean, won = evaluate(env, agent, seeds)
        print(f'  {agent.name:7s} mean return {mean:+8.1f}   rounds won {100 * won:5.1f} %'
              f'   ({time.time() - t0:.1f} s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
