#!/usr/bin/env python3
"""Tests of examples/python/rami.py against the built shared library.

usage: test_binding.py RAMI_PY_DIR LAYOUT_EXE RAMI_H   (RAMI_LIB in the env)
"""

import json
import re
import subprocess
import sys
import unittest

sys.path.insert(0, sys.argv[1])
import rami  # noqa: E402

LAYOUT_EXE, RAMI_H = sys.argv[2], sys.argv[3]

# Seat 0 holds a double 7S for an invalid set, an opening (KC KD KH + 8S 9S
# 10S = 57) and no ace of spades; the stock is drawn from its end.
HANDS = [['7S', '7S', '7H', '8S', '9S', '10S', 'KD', 'KC', 'KH', '2C', '3D', '4H', '5S'],
         ['AC', '2C', '3C', '4D', '5D', '6D', 'QS', 'QH', 'QD', '9C', '9D', '2H', 'JK']]
STOCK = ['5C', '6C', '7C', '8C']
DISCARD = ['JD']


def dealt_game():
    return rami.Game.from_deal(HANDS, STOCK, DISCARD, rules=rami.ruleset('51', 2))


def play_to_end(game, levels=(rami.STRONG, rami.GREEDY), seed=1):
    moves = []
    while not game.over:
        seat = game.current_player
        move = game.bot_move(levels[seat % len(levels)], seed=seed + len(moves))
        assert move in game.legal_moves(), move
        game.play(move)
        moves.append(move)
    return moves


class Layout(unittest.TestCase):
    def test_structs_match_the_c_compiler(self):
        layout = json.loads(subprocess.check_output([LAYOUT_EXE]))
        self.assertEqual(set(layout), set(rami.STRUCTS))
        for name, cls in rami.STRUCTS.items():
            c = layout[name]
            self.assertEqual(rami.ctypes.sizeof(cls), c.pop('sizeof'), name)
            fields = [f[0] for f in cls._fields_]
            self.assertEqual(fields, list(c), name + ': field order')
            for field, offset in c.items():
                self.assertEqual(getattr(cls, field).offset, offset, name + '.' + field)

    def test_status_names_match_the_header(self):
        with open(RAMI_H, encoding='utf-8') as f:
            text = f.read()
        found = {int(v): n for n, v in re.findall(r'X\((RAMI_\w+), (-?\d+),', text)}
        self.assertEqual(found, rami.STATUS_NAMES)
        self.assertEqual(rami.strerror(rami.RAMI_E_UNDO), 'nothing to take back')

    def test_version(self):
        self.assertRegex(rami.version(), r'^\d+\.\d+\.\d+$')


class Play(unittest.TestCase):
    def test_bots_play_a_round_to_the_end(self):
        g = rami.Game(preset='51', players=2, seed=7)
        moves = play_to_end(g)
        self.assertTrue(g.over)
        self.assertGreater(len(moves), 4)
        result = g.round_result()
        self.assertIn(result['reason'], ('went_out', 'stock_out', 'turn_limit'))
        self.assertTrue(result['winners'])
        self.assertEqual(g.scores(), result['points'])
        if result['reason'] == 'went_out':
            self.assertIn(0, result['points'])
        self.assertEqual(g.legal_moves(), [])
        with self.assertRaises(rami.RamiError) as e:
            g.bot_move()
        self.assertEqual(e.exception.name, 'RAMI_E_PHASE')

    def test_a_match_of_two_rounds(self):
        g = rami.Game.new('40', 3, seed=11, match_rounds=2)
        play_to_end(g)
        first = g.round_result()['points']
        self.assertEqual(g.phase, 'round_over')
        g.next_round()
        self.assertEqual(g.round, 2)
        play_to_end(g)
        self.assertEqual(g.phase, 'match_over')
        self.assertEqual(g.scores(), [a + b for a, b in
                                      zip(first, g.round_result()['points'])])
        low = min(g.scores())
        self.assertEqual(g.match_winners(), [s for s, t in enumerate(g.scores()) if t == low])

    def test_a_meld_and_its_undo(self):
        g = dealt_game()
        g.play('draw')
        self.assertEqual(g.hand()[1], '8C')  # the stock's last card came in
        before = g.save()
        g.play('meld KH KC KD')
        self.assertEqual(g.melds(), [{'kind': 'set', 'cards': ['KC', 'KD', 'KH'],
                                      'points': 30, 'joker_as': None, 'owner': 0}])
        g.undo()
        self.assertEqual(g.save(), before)
        self.assertEqual(g.melds(), [])

    def test_hint_is_legal(self):
        g = dealt_game()
        move, why = g.hint()
        self.assertIn(move, g.legal_moves())
        self.assertTrue(why)

    def test_clone_is_independent(self):
        g = dealt_game()
        c = g.clone()
        self.assertEqual(c, g)
        c.play('draw')
        self.assertNotEqual(c, g)
        self.assertEqual(g.phase, 'draw')


class Illegal(unittest.TestCase):
    def assert_refused(self, game, move, name, reason, player=None):
        before = (game.save(), game.view())
        with self.assertRaises(rami.RamiError) as e:
            game.play(move, player)
        self.assertEqual(e.exception.name, name)
        self.assertEqual(e.exception.status, getattr(rami, name))
        self.assertIn(reason, e.exception.reason)
        self.assertEqual((game.save(), game.view()), before, move + ' changed the game')
        with self.assertRaises(rami.RamiError):
            game.check(move, player)
        self.assertFalse(game.is_legal(move, player))

    def test_refused_moves_raise_with_status_and_reason(self):
        g = dealt_game()
        self.assert_refused(g, 'draw', 'RAMI_E_TURN', "seat 0's turn", player=1)
        self.assert_refused(g, 'discard 5S', 'RAMI_E_PHASE', 'draw a card first')
        g.play('draw')
        self.assert_refused(g, 'meld 7S 7S 7H', 'RAMI_E_MELD',
                            'a set cannot hold two cards of one suit')
        self.assert_refused(g, 'discard AS', 'RAMI_E_NOT_IN_HAND', 'AS')
        self.assert_refused(g, 'lay 5S on 1', 'RAMI_E_NOT_OPENED', '51')
        self.assert_refused(g, 'draw', 'RAMI_E_PHASE', '')

    def test_other_errors(self):
        g = dealt_game()
        with self.assertRaises(rami.RamiError) as e:
            g.undo()
        self.assertEqual(e.exception.name, 'RAMI_E_UNDO')
        with self.assertRaises(rami.RamiError) as e:
            g.play('dance a jig')
        self.assertEqual(e.exception.name, 'RAMI_E_PARSE')
        with self.assertRaises(rami.RamiError) as e:
            rami.ruleset('51', 7)
        self.assertEqual(e.exception.name, 'RAMI_E_ARG')
        with self.assertRaises(rami.RamiError) as e:
            rami.ruleset('51', 2, hand_size=40)
        self.assertEqual(e.exception.name, 'RAMI_E_RULESET')
        self.assertTrue(e.exception.reason)
        with self.assertRaises(rami.RamiError) as e:
            rami.meld_check(['7S', '7S', '7H'])
        self.assertEqual(e.exception.name, 'RAMI_E_MELD')
        self.assertEqual(rami.meld_check(['JK', '7S', '8S'])['joker_as'], '6S')


class SaveLoad(unittest.TestCase):
    def test_round_trip_mid_game_and_after(self):
        g = rami.Game(preset='finnish', players=3, seed=99)
        for _ in range(20):
            g.play(g.bot_move(rami.GREEDY))
        text = g.save()
        self.assertTrue(text.startswith('rami-record'))
        h = rami.Game.load(text)
        self.assertEqual(h, g)
        self.assertEqual(h.legal_moves(), g.legal_moves())
        self.assertEqual(h.hand(0), g.hand(0))
        # Both copies go on identically, future shuffles included.
        play_to_end(g, seed=5)
        play_to_end(h, seed=5)
        self.assertEqual(h, g)
        self.assertEqual(rami.Game.load(g.save()), g)

    def test_damaged_records_raise(self):
        with self.assertRaises(rami.RamiError) as e:
            rami.Game.load('not a record')
        self.assertEqual(e.exception.name, 'RAMI_E_PARSE')
        g = dealt_game()
        g.play('draw')
        g.play('discard 2C')
        text = g.save().replace('discard 2C', 'discard AS')
        with self.assertRaises(rami.RamiError) as e:
            rami.Game.load(text)
        self.assertIn(e.exception.name, ('RAMI_E_PARSE', 'RAMI_E_CORRUPT'))

    def test_view_hides_other_hands(self):
        g = dealt_game()
        view = g.view(0)
        self.assertEqual(view['hand'], g.hand(0))
        self.assertNotIn('JK', json.dumps(view['hand']))
        self.assertEqual(g.view()['stock_count'], len(STOCK))


if __name__ == '__main__':
    unittest.main(argv=sys.argv[:1], verbosity=2)
