#!/usr/bin/env python3
"""play.py - two librami bots play a round (or a match) through rami.py.

    RAMI_LIB=build/lib/librami.so python3 examples/python/play.py --seed 7
    python3 examples/python/play.py --levels 2 1 --rounds 3 --quiet
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rami  # noqa: E402


def play_round(game, levels, seed, quiet):
    """Plays until the round is over, printing each move."""
    decision = 0
    while not game.over:
        seat = game.current_player
        decision += 1
        move = game.bot_move(levels[seat], seed=seed + decision)
        game.play(move)
        if not quiet:
            print('seat %d: %s' % (seat, move))


def print_round(game):
    result = game.round_result()
    print('round %d over (%s): points %s, totals %s, winners %s' % (
        game.round, result['reason'].replace('_', ' '), result['points'], game.scores(),
        result['winners']))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--preset', default='51', choices=sorted(rami.PRESETS))
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--levels', type=int, nargs=2, default=[rami.STRONG, rami.GREEDY],
                    metavar=('SEAT0', 'SEAT1'), help='bot levels: 0 random, 1 greedy, 2 strong')
    ap.add_argument('--rounds', type=int, default=1, help='rounds in the match')
    ap.add_argument('--quiet', action='store_true', help='print only the results')
    args = ap.parse_args()

    rules = rami.ruleset(args.preset, 2, match_rounds=args.rounds)
    game = rami.Game(seed=args.seed, rules=rules)
    print('librami %s, preset %s, seed %d, bots %s' % (rami.version(), args.preset, args.seed,
                                                       args.levels))
    while True:
        play_round(game, args.levels, args.seed, args.quiet)
        print_round(game)
        if game.phase == 'match_over':
            break
        game.next_round()
    print('match over: totals %s, winners %s' % (game.scores(), game.match_winners()))
    return 0


if __name__ == '__main__':
    sys.exit(main())
