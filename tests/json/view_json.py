#!/usr/bin/env python3
"""Checks the JSON views of random positions with a real parser.

Usage: view_json.py VIEW-DUMP-PROGRAM [POSITIONS]

Runs the dump program into a scratch directory, then for every position:
each file is strict JSON (no NaN, no duplicate keys) with every field of
doc/record-format.md; a seat's view is the full view (viewer -1) without
the other hands and the stock; hands are sorted; no card is lost.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

CARD = re.compile(r'^(?:(?:[A2-9JQK]|10)[CDHS?]|JK)$')
PHASES = {'draw', 'play', 'round_over', 'match_over'}
REASONS = {'went_out', 'stock_out', 'turn_limit'}
OPTIONS = ['layoff_others', 'go_out_by_meld', 'keep_pickup', 'pickup_must_meld', 'joker_swap',
           'joker_replay', 'open_pure_run', 'joker_choice', 'open_turn_layoff',
           'no_joker_discard', 'no_joker_out', 'one_go_double', 'elimination', 'low_hand_zero',
           'set_swap_any']
RULESET_KEYS = ['players', 'decks', 'jokers', 'hand_size', 'opening_points', 'jokers_per_meld',
                'max_restocks', 'max_turns', 'joker_penalty', 'ace_penalty', 'options',
                'options_bits', 'match_rounds', 'match_target', 'unopened_penalty']
COMMON_KEYS = ['version', 'viewer', 'ruleset', 'round', 'turn', 'dealer', 'current', 'phase',
               'restocks', 'seats', 'melds', 'discard', 'stock_count', 'picked', 'moves',
               'result', 'match_winners']
HIDDEN_KEYS = ['hands', 'stock']


def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError('duplicate key in %r' % keys)
    return dict(pairs)


def reject_constant(name):
    raise ValueError('non-standard JSON constant ' + name)


def load(path):
    with open(path, encoding='ascii') as f:
        return json.loads(f.read(), object_pairs_hook=no_duplicates,
                          parse_constant=reject_constant)


def sort_key(card):
    if card == 'JK':
        return (9, 0)
    rank = {'A': 1, 'J': 11, 'Q': 12, 'K': 13}.get(card[:-1])
    return ('CDHS'.index(card[-1]), rank if rank else int(card[:-1]))


def check_cards(cards, where):
    assert isinstance(cards, list), where
    for c in cards:
        assert isinstance(c, str) and CARD.match(c), '%s: bad card %r' % (where, c)


def check_full(v, where):
    assert set(v) == set(COMMON_KEYS + HIDDEN_KEYS), '%s: keys %s' % (where, sorted(v))
    rs = v['ruleset']
    assert list(rs) == RULESET_KEYS, where
    bits = rs['options_bits']
    assert rs['options'] == [n for i, n in enumerate(OPTIONS) if bits >> i & 1], where
    players = rs['players']
    assert 2 <= players <= 6, where
    assert v['version'] == 1 and v['viewer'] == -1, where
    assert v['phase'] in PHASES, where
    assert 0 <= v['current'] < players and 0 <= v['dealer'] < players, where
    assert isinstance(v['round'], int) and v['round'] >= 1, where
    seats = v['seats']
    assert [s['seat'] for s in seats] == list(range(players)), where
    for s in seats:
        assert isinstance(s['opened'], bool) and isinstance(s['total'], int), where
        assert isinstance(s['eliminated'], bool), where
        assert not s['eliminated'] or s['hand_count'] == 0, where
    hands = v['hands']
    assert len(hands) == players, where
    for p, h in enumerate(hands):
        check_cards(h, where)
        assert h == sorted(h, key=sort_key), '%s: hand %d not sorted' % (where, p)
        assert seats[p]['hand_count'] == len(h), where
    check_cards(v['stock'], where)
    assert v['stock_count'] == len(v['stock']), where
    check_cards(v['discard'], where)
    table = 0
    for i, m in enumerate(v['melds']):
        assert m['index'] == i and 0 <= m['owner'] < players, where
        assert m['kind'] in ('set', 'run'), where
        check_cards(m['cards'], where)
        assert len(m['cards']) >= 3 and m['points'] > 0, where
        assert (m['joker_as'] is None) == ('JK' not in m['cards']), where
        table += len(m['cards'])
    pack = rs['decks'] * 52 + rs['jokers']
    held = sum(len(h) for h in hands) + len(v['stock']) + len(v['discard']) + table
    assert held == pack, '%s: %d cards, the pack has %d' % (where, held, pack)
    assert v['picked'] is None or (v['phase'] == 'play' and CARD.match(v['picked'])), where
    for m in v['moves']:
        assert 0 <= m['seat'] < players and isinstance(m['move'], str), where
        assert ('card' in m) == (m['move'] == 'take'), where
    over = v['phase'] in ('round_over', 'match_over')
    assert (v['result'] is not None) == over, where
    if over:
        r = v['result']
        assert r['reason'] in REASONS and r['winners'], where
        assert len(r['hand_value']) == players == len(r['points']), where
    assert (v['match_winners'] is not None) == (v['phase'] == 'match_over'), where


def check_seat(v, full, seat, where):
    assert set(v) == set(COMMON_KEYS + ['hand']), '%s: keys %s' % (where, sorted(v))
    assert v['viewer'] == seat, where
    assert v['hand'] == full['hands'][seat], where
    for k in COMMON_KEYS:
        if k != 'viewer':
            assert v[k] == full[k], '%s: %s differs from the full view' % (where, k)


def main():
    dump = sys.argv[1]
    positions = sys.argv[2] if len(sys.argv) > 2 else '300'
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([dump, tmp, positions], check=True)
        files = sorted(glob.glob(os.path.join(tmp, 'p*-all.json')))
        assert len(files) == int(positions), 'dump wrote %d positions' % len(files)
        views = 0
        for path in files:
            full = load(path)
            check_full(full, path)
            views += 1
            for seat in range(full['ruleset']['players']):
                seat_path = path.replace('-all.json', '-v%d.json' % seat)
                check_seat(load(seat_path), full, seat, seat_path)
                views += 1
    print('view_json: %d views of %s positions parsed and checked' % (views, positions))


if __name__ == '__main__':
    main()
