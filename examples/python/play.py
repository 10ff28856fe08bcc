#!/usr/bin/env python3
"""play.py - librami bots play a round (or a match) through the rami package.

    python3 examples/python/play.py --seed 7
    python3 examples/python/play.py --levels strong greedy --rounds 3 --quiet

Uses the installed package (doc/python.md); inside the source tree it falls
back to python/ and a build directory's library.
"""

import argparse
import os
import sys

try:
    import rami
except ImportError:  # the source tree, package not installed
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                    'python'))
    import rami


def play_round(game, levels, seed, quiet):
    """Plays until the round is over, printing each move."""
    decision = 0
    while not game.over:
        seat = game.current_player
        decision += 1
        move = game.bot_move(levels[seat % len(levels)], seed=seed + decision)
        game.play(move)
        if not quiet:
            print(f'seat {seat}: {move}')


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--preset', default='51', choices=sorted(rami.PRESET_NAMES))
    ap.add_argument('--players', type=int, default=2)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--levels', nargs='+', default=['strong', 'greedy'],
                    choices=['random', 'greedy', 'strong'],
                    help='bot level per seat (repeated over the seats)')
    ap.add_argument('--rounds', type=int, default=1, help='rounds in the match')
    ap.add_argument('--quiet', action='store_true', help='print only the results')
    args = ap.parse_args()

    game = rami.Game(args.preset, args.players, seed=args.seed, match_rounds=args.rounds)
    print(f'librami {rami.version()}, preset {args.preset}, seed {args.seed}, '
          f'bots {args.levels}')
    while True:
        play_round(game, args.levels, args.seed, args.quiet)
        result = game.round_result()
        print(f'round {game.round} over ({result.reason.replace("_", " ")}): points '
              f'{result.points}, totals {game.scores()}, winners {result.winners}')
        if game.phase == rami.Phase.MATCH_OVER:
            break
        game.next_round()
    print(f'match over: totals {game.scores()}, winners {game.match_winners()}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
