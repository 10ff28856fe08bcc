#!/usr/bin/env python3
"""bench_env.py - steps per second of a uniformly random agent through the
environments of rami.env (the figure of doc/performance.md).

    python3 examples/python/bench_env.py [--seconds 10] [--preset 51] [--players 2]

Every step reads the acting agent's observation (the information-state
tensor) and action mask, samples a legal id and plays it; rounds are
dealt anew as they end. Prints the median of five runs.
"""

import argparse
import os
import statistics
import sys
import time

try:
    import rami
except ImportError:  # the source tree, package not installed
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                    'python'))
    import rami
from rami.env import RamiEnv


def run(env, seconds, seed):
    """Steps and rounds per second of CPU time (the machine may be shared)."""
    steps = 0
    episodes = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        env.reset(seed=seed + episodes)
        episodes += 1
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(env.action_space(agent).sample(obs['action_mask']))
            steps += 1
    elapsed = time.process_time() - t0
    return steps / elapsed, episodes / elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--preset', default='51', choices=sorted(rami.PRESET_NAMES))
    ap.add_argument('--players', type=int, default=2)
    ap.add_argument('--seconds', type=float, default=10.0, help='CPU seconds in all (five runs)')
    ap.add_argument('--observation', default='information_state',
                    choices=['information_state', 'observation'])
    args = ap.parse_args()
    env = RamiEnv(args.preset, args.players, observation=args.observation)
    runs = [run(env, args.seconds / 5, seed=1000 * i) for i in range(5)]
    steps = statistics.median(r[0] for r in runs)
    episodes = statistics.median(r[1] for r in runs)
    print(f'librami {rami.version()}, preset {args.preset}, {args.players} players, '
          f'{args.observation} tensor of {env.observation_space("player_0")["observation"].shape[0]}'
          f' floats, {env.action_space("player_0").n} actions')
    print(f'random agent through RamiEnv: {steps:,.0f} steps/s, {episodes:,.1f} rounds/s of CPU '
          f'(median of 5 runs; spread {min(r[0] for r in runs):,.0f}..'
          f'{max(r[0] for r in runs):,.0f} steps/s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
