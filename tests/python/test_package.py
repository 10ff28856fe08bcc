"""The Python package rami (python/rami) against the built library: struct
layouts, errors, cards and moves, the game, integer actions, returns."""

import dataclasses
import json
import os
import re
import subprocess

import pytest

import rami
from rami import _lib

# Seat 0 holds a double 7S for an invalid set, an opening (KC KD KH + 8S 9S
# 10S = 57) and no ace of spades; the stock is drawn from its end.
HANDS = [['7S', '7S', '7H', '8S', '9S', '10S', 'KD', 'KC', 'KH', '2C', '3D', '4H', '5S'],
         ['AC', '2C', '3C', '4D', '5D', '6D', 'QS', 'QH', 'QD', '9C', '9D', '2H', 'JK']]
STOCK = ['5C', '6C', '7C', '8C']
DISCARD = ['JD']


def dealt_game():
    return rami.Game.from_deal(HANDS, STOCK, DISCARD, ruleset=rami.Ruleset('51', 2))


def play_to_end(game, levels=('strong', 'greedy'), seed=1):
    moves = []
    while not game.over:
        move = game.bot_move(levels[game.current_player % len(levels)], seed=seed + len(moves),
                             playouts=200)
        assert move in game.legal_moves(), move
        game.play(move)
        moves.append(move)
    return moves


# ---- the mirror of rami.h ----

def test_structs_match_the_c_compiler():
    exe = os.environ.get('RAMI_LAYOUT_EXE')
    if not exe:
        pytest.skip('RAMI_LAYOUT_EXE not set (meson test sets it)')
    layout = json.loads(subprocess.check_output([exe]))
    assert set(layout) == set(_lib.STRUCTS)
    for name, cls in _lib.STRUCTS.items():
        c = layout[name]
        assert rami._lib.ctypes.sizeof(cls) == c.pop('sizeof'), name
        assert [f[0] for f in cls._fields_] == list(c), name + ': field order'
        for field, offset in c.items():
            assert getattr(cls, field).offset == offset, name + '.' + field


def header_text():
    with open(os.path.join(os.path.dirname(_lib.__file__), '..', '..', 'include', 'rami.h'),
              encoding='utf-8') as f:
        return f.read()


def test_status_names_and_functions_match_the_header():
    text = header_text()
    found = {int(v): n for n, v in re.findall(r'X\((RAMI_\w+), (-?\d+),', text)}
    assert found == rami.STATUS_NAMES
    declared = set(re.findall(r'RAMI_API [^;(]*?\b(rami_\w+)\(', text))
    assert declared == set(_lib.SIGNATURES)
    assert rami.strerror(-19) == 'nothing to take back'
    assert re.match(r'^\d+\.\d+\.\d+$', rami.version())


def test_library_error_says_what_to_do(monkeypatch, tmp_path):
    monkeypatch.setattr(_lib, '_loaded', None)
    monkeypatch.setenv('RAMI_LIB', str(tmp_path / 'librami.so'))
    monkeypatch.setattr(_lib, '_candidates', lambda: [(str(tmp_path / 'librami.so'), 'RAMI_LIB',
                                                      False)])
    with pytest.raises(rami.RamiLibraryError) as e:
        rami.Game()
    assert 'RAMI_LIB' in str(e.value) and 'pip install' in str(e.value)
    assert isinstance(e.value, OSError)


# ---- cards and moves ----

def test_cards_print_in_the_notation():
    assert str(rami.Card('10♥')) == '10H'
    assert rami.Card('7s') is rami.Card(0x37) is rami.Card.make(7, rami.Suit.SPADES)
    assert rami.Card('JK') is rami.JOKER and rami.JOKER.is_joker
    assert (rami.Card('QD').rank, rami.Card('QD').suit) == (12, rami.Suit.DIAMONDS)
    assert [str(c) for c in rami.cards('AS, 2S 3S')] == ['AS', '2S', '3S']
    assert sorted(rami.cards('JK 2S AC')) == rami.cards('AC 2S JK')
    with pytest.raises(rami.ParseError):
        rami.Card('1X')
    with pytest.raises(rami.ArgumentError):
        rami.Card(0x3E)
    with pytest.raises(AttributeError):
        rami.Card('7S').code = 3


def test_moves_print_and_compare():
    m = rami.Move('meld 7s 8s, 9s')
    assert str(m) == 'meld 7S 8S 9S' and m == rami.Move.meld('7S', '8S', '9S')
    assert repr(rami.Move.lay('JK', 1, rami.Side.HIGH)) == "Move('lay JK on 2 high')"
    assert rami.Move.draw().kind == rami.MoveKind.DRAW and str(rami.Move.take()) == 'take'
    assert {rami.Move('discard KH'), rami.Move.discard('KH')} == {rami.Move('discard KH')}
    with pytest.raises(rami.ParseError):
        rami.Move('dance a jig')


# ---- rulesets ----

def test_rulesets():
    rs = rami.Ruleset('finnish', players=3, opening_points=15)
    assert (rs.players, rs.hand_size, rs.opening_points) == (3, 10, 15)
    assert rs.has(rami.Option.JOKER_SWAP) and not rs.has(rami.Option.OPEN_TURN_LAYOFF)
    assert rs.replace(opening_points=30) == rami.Ruleset('finnish', 3)
    with pytest.raises(rami.RulesetError) as e:
        rami.Ruleset('51', 2, hand_size=40)
    assert 'hand_size' in e.value.reason
    with pytest.raises(rami.ArgumentError):
        rami.Ruleset('51', 7)
    with pytest.raises(rami.RulesetError):
        rami.Ruleset('52')
    with pytest.raises(TypeError):
        rami.Ruleset('51', 2, colour='red')
    with pytest.raises(AttributeError):
        rs.players = 4


# ---- the game ----

def test_bots_play_a_round_to_the_end():
    with rami.Game('51', players=2, seed=7) as g:
        moves = play_to_end(g)
        assert g.over and len(moves) > 4
        result = g.round_result()
        assert result.reason in ('went_out', 'stock_out', 'turn_limit') and result.winners
        assert g.scores() == result.points
        assert g.legal_moves() == [] and g.legal_actions() == []
        with pytest.raises(rami.PhaseError):
            g.bot_move()
    with pytest.raises(rami.ArgumentError):
        g.phase  # closed


def test_a_match_of_two_rounds():
    g = rami.Game('40', 3, seed=11, match_rounds=2)
    play_to_end(g)
    first = g.round_result().points
    assert g.phase == rami.Phase.ROUND_OVER
    g.next_round()
    assert g.round == 2
    play_to_end(g)
    assert g.phase == rami.Phase.MATCH_OVER
    assert g.scores() == [a + b for a, b in zip(first, g.round_result().points)]
    low = min(g.scores())
    assert g.match_winners() == [s for s, t in enumerate(g.scores()) if t == low]


def test_a_meld_and_its_undo():
    g = dealt_game()
    g.play('draw')
    assert g.hand()[1] == rami.Card('8C')  # the stock's last card came in
    before = g.save()
    g.play(rami.Move.meld('KH', 'KC', 'KD'))
    [meld] = g.melds()
    assert (meld.kind, str(meld), meld.points, meld.owner) == ('set', 'KC KD KH', 30, 0)
    g.undo()
    assert g.save() == before and g.melds() == []
    with pytest.raises(rami.UndoError):
        g.undo()


def test_refused_moves_raise_their_class_with_the_reason():
    g = dealt_game()
    cases = [('draw', 1, rami.NotYourTurnError, "seat 0's turn"),
             ('discard 5S', None, rami.PhaseError, 'draw a card first')]
    after_draw = [('meld 7S 7S 7H', None, rami.InvalidMeldError,
                   'a set cannot hold two cards of one suit'),
                  ('discard AS', None, rami.NotInHandError, 'AS'),
                  ('lay 5S on 1', None, rami.NotOpenedError, '51'),
                  ('draw', None, rami.PhaseError, '')]
    for stage, cases_of_stage in enumerate((cases, after_draw)):
        if stage == 1:
            g.play('draw')
        for move, player, cls, reason in cases_of_stage:
            before = (g.save(), g.view())
            with pytest.raises(cls) as e:
                g.play(move, player)
            assert isinstance(e.value, rami.IllegalMoveError)
            assert e.value.status == cls.status and e.value.name == rami.STATUS_NAMES[cls.status]
            assert reason in e.value.reason
            assert (g.save(), g.view()) == before, move
            with pytest.raises(cls):
                g.check(move, player)
            assert not g.is_legal(move, player)


def test_hint_clone_determinize():
    g = dealt_game()
    move, why = g.hint()
    assert move in g.legal_moves() and why
    quick, why = g.hint(time_ms=20, playouts=50)
    assert quick in g.legal_moves() and why.startswith(str(quick))
    c = g.clone()
    assert c == g
    c.play('draw')
    assert c != g and g.phase == rami.Phase.DRAW
    d = g.determinize(0, 5)
    assert d.hand(0) == g.hand(0) and d.stock_count == g.stock_count


def test_save_load_round_trip():
    g = rami.Game('finnish', players=3, seed=99)
    for _ in range(20):
        g.play(g.bot_move('greedy'))
    h = rami.Game.load(g.save())
    assert h == g and h.legal_moves() == g.legal_moves()
    play_to_end(g, seed=5)
    play_to_end(h, seed=5)
    assert h == g
    with pytest.raises(rami.ParseError):
        rami.Game.load('not a record')
    g = dealt_game()
    g.play('draw')
    g.play('discard 2C')
    with pytest.raises((rami.ParseError, rami.CorruptRecordError)):
        rami.Game.load(g.save().replace('discard 2C', 'discard AS'))


def test_view_hides_other_hands():
    g = dealt_game()
    view = g.view(0)
    assert view['hand'] == [str(c) for c in g.hand(0)]
    assert 'JK' not in json.dumps(view['hand'])
    assert g.view()['stock_count'] == len(STOCK)
    public = g.view(-2)  # a spectator: every seat's view less its own hand
    assert public['viewer'] == -2
    assert not {'hand', 'hands', 'stock'} & set(public)
    assert public['seats'] == g.view()['seats']


def test_meld_check_and_solver():
    assert str(rami.meld_check(rami.cards('JK 7S 8S')).joker_as) == '6S'
    with pytest.raises(rami.InvalidMeldError):
        rami.meld_check(['7S', '7S', '7H'])
    sol = rami.solve_hand(rami.cards('7S 8S 9S KH KD KC 2C'))
    assert (sol.points, sol.penalty, [str(c) for c in sol.left]) == (54, 2, ['2C'])


# ---- integer actions and returns ----

def test_actions_agree_with_moves():
    np = pytest.importorskip('numpy')
    g = rami.Game('51', players=3, seed=4)
    n = g.num_distinct_actions
    assert n == rami.Ruleset('51', 3).num_distinct_actions == 6650
    mask = np.zeros(n, dtype=np.int8)
    steps = 0
    while not g.over:
        moves, ids = g.legal_moves(), g.legal_actions()
        assert ids == sorted(g.move_to_action(m) for m in moves)
        assert [g.action_to_move(a) for a in ids] == sorted(moves, key=g.move_to_action)
        g.legal_actions_mask(mask)
        assert list(np.flatnonzero(mask)) == ids
        g.play_action(ids[steps % len(ids)])
        steps += 1
    assert steps <= g.ruleset.max_game_length
    assert g.legal_actions_mask().sum() == 0
    pen, rel, win = g.returns('penalty'), g.returns(), g.returns('win')
    assert pen == [-p for p in g.round_result().points]
    assert abs(sum(rel)) < 1e-9 and abs(sum(win)) < 1e-9
    with pytest.raises(rami.PhaseError):
        g.returns(match=True)
    with pytest.raises(rami.ArgumentError):
        g.returns('score')


def test_bad_action_ids_change_nothing():
    g = rami.Game('51', players=2, seed=4)
    before = g.save()
    for bad in (6650, 2**32 - 1, 197 + 3 * 583 + 6 * 4 + 3):  # out of range, a hole
        with pytest.raises(rami.ArgumentError):
            g.play_action(bad)
    with pytest.raises(rami.PhaseError) as e:
        g.play_action(6649)  # discard JK before drawing
    assert 'draw a card first' in e.value.reason
    with pytest.raises(rami.NotYourTurnError):
        g.play_action(0, player=1)
    assert g.save() == before
    with pytest.raises(rami.ArgumentError):
        g.legal_actions_mask(__import__('numpy').zeros(10, dtype=__import__('numpy').int8))


# ---- the 1.0 queries: turn state, hand sizes, discard pile, history, refusals ----

def state(g):
    return (g.save(), g.view(), g.turn_info(), g.history())


def test_turn_info_follows_the_opening_and_undo():
    g = dealt_game()
    t = g.turn_info()
    assert (t.player, t.phase, t.points_laid, t.opening_points, t.picked) == \
        (0, rami.Phase.DRAW, 0, 51, None)
    g.play('draw')
    g.play('meld KC KD KH')
    t = g.turn_info()
    assert (t.points_laid, t.melds_laid, t.undo_count, t.opened) == (30, 1, 1, False)
    assert g.undo_count() == 1
    g.play('meld 8S 9S 10S')
    t = g.turn_info()
    assert (t.points_laid, t.melds_laid, t.opened, t.opened_this_turn) == (57, 2, True, True)
    assert g.undo_count() == 2
    g.undo()
    assert g.turn_info().points_laid == 30 and g.undo_count() == 1
    g.play('meld 8S 9S 10S')
    g.play('discard 2C')
    assert g.undo_count() == 0
    g.play('take')  # seat 1 takes the 2C
    t = g.turn_info()
    assert (t.player, t.picked, t.undo_count, t.opened) == (1, rami.Card('2C'), 0, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.player = 0  # type: ignore[misc]


def test_hand_count_and_discard_pile():
    g = dealt_game()
    assert [g.hand_count(s) for s in (0, 1)] == [13, 13]
    assert g.discard_pile() == [rami.Card('JD')]
    g.play('draw')
    g.play('discard 2C')
    assert [g.hand_count(s) for s in (0, 1)] == [13, 13]
    assert g.discard_pile() == rami.cards('JD 2C') and g.discard_top == rami.Card('2C')
    g.play('take')
    assert g.hand_count(1) == 14 and g.discard_pile() == [rami.Card('JD')]
    before = state(g)
    for bad in (-1, 2, 6):
        with pytest.raises(rami.ArgumentError):
            g.hand_count(bad)
    assert state(g) == before


def test_history_as_each_seat_may_know_it():
    g = dealt_game()
    g.play('draw')
    g.play('meld KC KD KH')
    g.play('meld 8S 9S 10S')
    g.play('discard 2C')
    g.play('draw', 1)
    g.play('discard 9C', 1)
    K = rami.EventKind
    full = g.history()
    assert [(e.kind, e.seat, e.turn) for e in full] == [
        (K.DRAW, 0, 1), (K.MELD, 0, 1), (K.MELD, 0, 1), (K.OPENED, 0, 1), (K.DISCARD, 0, 1),
        (K.DRAW, 1, 2), (K.DISCARD, 1, 2)]
    assert [e.move for e in full] == [
        rami.Move.draw(), rami.Move.meld('KC', 'KD', 'KH'), rami.Move.meld('8S', '9S', '10S'),
        None, rami.Move.discard('2C'), rami.Move.draw(), rami.Move.discard('9C')]
    assert (full[1].target, full[1].points, full[2].target, full[2].points) == (0, 30, 1, 27)
    assert full[3].points == 57
    assert full[0].cards == (rami.Card('8C'),) and full[5].cards == (rami.Card('7C'),)
    # A draw from the stock shows its card only to the seat that drew it.
    seat0, seat1 = g.history(0), g.history(1)
    assert seat0[0] == full[0] and seat0[5].cards == () and seat0[5].move == rami.Move.draw()
    assert seat1[0].cards == () and seat1[5] == full[5]
    assert seat0[1:5] == full[1:5] == seat1[1:5]
    public = g.history(-2)  # a spectator: no card drawn from the stock
    assert public[0].cards == () and public[5].cards == () and public[1:5] == full[1:5]
    before = state(g)
    for bad in (-3, 2, 7):
        with pytest.raises(rami.ArgumentError):
            g.history(bad)
    assert state(g) == before


def test_undone_plays_are_not_history_and_a_round_ends_in_it():
    g = dealt_game()
    g.play('draw')
    g.play('meld KC KD KH')
    g.undo()
    assert [e.kind for e in g.history()] == [rami.EventKind.DRAW]
    g = rami.Game('51', players=3, seed=21)
    played = play_to_end(g, levels=('greedy',))
    events = g.history()
    assert [e.move for e in events if e.move is not None] == played
    end = events[-1]
    assert end.kind == rami.EventKind.ROUND_END and end.end_reason == g.round_result().reason
    assert sum(e.kind == rami.EventKind.ROUND_END for e in events) == 1
    for seat in range(3):  # what a seat may know: its own draws, nobody else's
        for e, mine in zip(events, g.history(seat)):
            assert mine.kind == e.kind and mine.move == e.move
            if e.kind == rami.EventKind.DRAW and e.seat != seat:
                assert mine.cards == ()
            else:
                assert mine.cards == e.cards


def test_refusals_are_structured_and_change_nothing():
    g = dealt_game()
    with pytest.raises(rami.NotYourTurnError) as e:
        g.play('draw', 1)
    r = e.value.refusal
    assert (r.status, r.name, r.seat, r.cards, r.target) == (-6, 'RAMI_E_TURN', 0, (), None)
    g.play('draw')
    g.play('meld KC KD KH')
    cases = [('discard 2C', rami.OpeningError, ('2C',)),
             ('discard AS', rami.NotInHandError, ('AS',)),
             ('meld 7S 7S 7H', rami.InvalidMeldError, ('7S', '7S', '7H')),
             ('lay 5S on 1', rami.NotOpenedError, ('5S',))]
    for move, cls, cards in cases:
        before = state(g)
        for call in (g.play, g.check):
            with pytest.raises(cls) as e:
                call(move)
            r = e.value.refusal
            assert isinstance(r, rami.Refusal), move
            assert (r.status, r.name) == (cls.status, e.value.name)
            assert r.cards == tuple(rami.cards(' '.join(cards))), move
            assert (r.seat, r.points_needed, r.phase) == (0, 51, rami.Phase.PLAY)
            assert state(g) == before, move
    with pytest.raises(rami.OpeningError) as e:
        g.play('discard 2C')
    assert (e.value.refusal.points_laid, e.value.refusal.points_needed) == (30, 51)
    assert '30 of 51' in e.value.reason
    with pytest.raises(rami.NotOpenedError) as e:
        g.check('lay 5S on 1')
    assert e.value.refusal.target == 0
    # The same refusal through the integer actions.
    before = state(g)
    with pytest.raises(rami.OpeningError) as e:
        g.play_action(g.move_to_action('discard 2C'))
    assert e.value.refusal.cards == (rami.Card('2C'),) and state(g) == before
    assert g.check('meld 8S 9S 10S') is None
    # Errors that are not refusals carry none.
    with pytest.raises(rami.ParseError) as e:
        g.play('meld XX')
    assert e.value.refusal is None
    with pytest.raises(rami.UndoError) as e:
        rami.Game('51', 2, seed=1).undo()
    assert e.value.refusal is None


def test_version_number():
    major, minor, patch = map(int, rami.version().split('.'))
    assert rami.version_number() == major * 10000 + minor * 100 + patch >= 10000


# ---- issue 11's house rules, reachable from Python ----

def test_house_rule_fields_are_checked_by_the_library():
    rs = rami.Ruleset('51', 3, unopened_penalty=100,
                      options=rami.Option.ONE_GO_DOUBLE | rami.Option.NO_JOKER_OUT)
    assert rs.unopened_penalty == 100 and rs.has(rami.Option.NO_JOKER_OUT)
    assert rami.Ruleset('finnish', 2).has(rami.Option.SET_SWAP_ANY)
    assert not rami.Ruleset('51', 2).has(rami.Option.SET_SWAP_ANY)
    with pytest.raises(rami.RulesetError) as e:
        rami.Ruleset('51', 2, unopened_penalty=10000)
    assert 'unopened_penalty' in e.value.reason
    with pytest.raises(rami.RulesetError) as e:
        rami.Ruleset('51', 2, options=rami.Option.ELIMINATION)
    assert 'match_target' in e.value.reason


def test_no_joker_discard_refuses_with_its_own_class():
    hands = [['JK', '2C', '5D', '9H', 'KS', '3S', '7C', '10D', 'QH', '4H', '6S', '8D', 'AC'],
             ['2D', '4C', '6H', '8S', '10C', 'QD', '3H', '5S', '7D', '9C', 'JH', 'KC', 'AD']]
    rs = rami.Ruleset('51', 2, options=rami.Ruleset('51', 2).options
                      | rami.Option.NO_JOKER_DISCARD)
    g = rami.Game.from_deal(hands, ['5C', '6C'], ['JD'], ruleset=rs)
    g.play('draw')
    before = (g.save(), g.view(), g.turn_info())
    assert rami.Move.parse('discard JK') not in g.legal_moves()
    with pytest.raises(rami.JokerDiscardError) as e:
        g.play('discard JK')
    assert e.value.refusal is not None and e.value.refusal.status == rami.JokerDiscardError.status
    assert [str(c) for c in e.value.refusal.cards] == ['JK']
    assert (g.save(), g.view(), g.turn_info()) == before
    g.play('discard AC')  # a natural goes


def test_an_elimination_match_plays_on_without_the_eliminated():
    rs = rami.Ruleset('51', 3, match_target=60,
                      options=rami.Ruleset('51', 3).options | rami.Option.ELIMINATION)
    g = rami.Game(rs, seed=3)
    out_seen = False
    for _ in range(60):
        play_to_end(g, levels=('greedy',))
        if g.phase == rami.Phase.MATCH_OVER:
            break
        g.next_round()
        out = [s for s in range(3) if not g.in_match(s)]
        for s in out:  # dealt nothing, never to play
            out_seen = True
            assert g.hand_count(s) == 0 and g.current_player != s
            assert g.scores()[s] >= 60
    assert g.phase == rami.Phase.MATCH_OVER and out_seen
    left = [s for s in range(3) if g.in_match(s)]
    assert len(left) <= 1 or set(g.match_winners()) <= set(left)
    assert g.match_winners() and all(g.scores()[w] < 60 or len(left) == 0
                                     for w in g.match_winners())


# ---- arguments: what ctypes would have wrapped or refused in its own way ----

def test_integers_that_do_not_fit_are_refused_not_wrapped():
    import numpy as np
    g = rami.Game('51', players=2, seed=4)
    before = g.save()
    first = g.legal_actions()[0]
    # Each of these wrapped to a valid value before: seat 0, action `first`,
    # seed 2**64 - 1, a 13-card hand, 2 players, meld 2.
    with pytest.raises(rami.ArgumentError):
        g.hand(2**32)
    for call in (g.has_opened, g.hand_count, g.in_match, g.history, g.view,
                 g.observation_tensor):
        with pytest.raises(rami.ArgumentError):
            call(2**32)
    with pytest.raises(rami.ArgumentError):
        g.play_action(2**32 + first)
    with pytest.raises(rami.ArgumentError):
        g.play(g.legal_moves()[0], player=2**32)
    with pytest.raises(rami.ArgumentError):
        g.determinize(0, -1)
    with pytest.raises(rami.ArgumentError):
        rami.Game('51', seed=-1)
    with pytest.raises(rami.ArgumentError):
        rami.Ruleset('51', 2, hand_size=256 + 13)
    with pytest.raises(rami.ArgumentError):
        rami.Ruleset('51', 2**32 + 2)
    with pytest.raises(rami.ArgumentError):
        rami.Move.lay('7H', 256 + 2)
    with pytest.raises(rami.ArgumentError):
        rami.Move(rami.MoveKind.MELD, ['AS'] * 14)
    # A budget of -1 playouts was 2**32 - 1 of them: a call that never ends.
    with pytest.raises(rami.ArgumentError):
        g.bot_move('strong', playouts=-1)
    with pytest.raises(rami.ArgumentError):
        g.hint(time_ms=2**32)
    with pytest.raises(rami.ArgumentError):
        g.bot_move('wizard')
    assert g.save() == before
    # Not integers at all: TypeError, not ctypes.ArgumentError or AttributeError.
    for call in (lambda: g.hand('0'), lambda: g.play_action(1.0), lambda: g.view(None),
                 lambda: rami.Ruleset('51', 2, hand_size=13.9), lambda: rami.Card(1.5),
                 lambda: g.observation_tensor(0, out=5),
                 lambda: g.legal_actions_mask(out=[0] * g.num_distinct_actions),
                 lambda: g.bot_move(seed='1')):
        with pytest.raises(TypeError):
            call()
    assert g.save() == before
    # numpy integers are integers; a budget of None is the default, as before.
    assert g.hand(np.int64(1)) == g.hand(1)
    assert g.hint(time_ms=None, playouts=None) == g.hint()
    assert g.bot_move('strong', playouts=None, seed=3) == g.bot_move('strong', seed=3)
    assert rami.Ruleset('51', np.uint8(3)).players == 3


def test_deals_that_do_not_fit_the_struct_are_refused():
    with pytest.raises(rami.ArgumentError):  # an IndexError of ctypes before
        rami.Game.from_deal(HANDS + [['AS']] * 5, STOCK, DISCARD)
    with pytest.raises(rami.ArgumentError):
        rami.Game.from_deal([HANDS[0] * 3, HANDS[1]], STOCK, DISCARD)
    with pytest.raises(rami.ArgumentError):
        rami.Game.from_deal(HANDS, ['AS'] * 169, DISCARD)
    with pytest.raises(rami.ArgumentError):
        rami.Game.from_deal(HANDS, STOCK, DISCARD, dealer=256 + 1)


def test_meld_check_and_solver_take_any_ruleset_form():
    assert rami.meld_check(['7S', '8S', '9S'], '40') == rami.meld_check(['7S', '8S', '9S'])
    assert rami.solve_hand(HANDS[0], 'finnish').points == \
        rami.solve_hand(HANDS[0], rami.Ruleset('finnish')).points
    with pytest.raises(ValueError):
        rami.solve_hand(HANDS[0], object())


JUNK = [None, -1, -2**63, 2**63, 2**64, 10**30, 0, 1, 3, 53, 255, 256, -65536, 1.5,
        float('nan'), float('inf'), '', 'x', 'AS', '\x00', b'AS', [], [1, 2], ['AS'], {},
        object(), True, 'draw', 'meld AS KS', 'relative']
CALLS = ['hand', 'has_opened', 'hand_count', 'history', 'in_match', 'check', 'is_legal',
         'play', 'undo', 'play_action', 'action_to_move', 'move_to_action',
         'observation_tensor', 'information_state_tensor', 'returns', 'view', 'bot_move',
         'hint', 'determinize', 'legal_actions_mask', 'next_round']


def test_any_argument_raises_a_python_error_and_changes_nothing():
    """Random calls with random arguments on random positions: each works
    or raises a RamiError, TypeError or ValueError, and a call that raises
    leaves the game as it was."""
    import random
    rng = random.Random(5)
    for _ in range(30):
        g = rami.Game(rng.choice(['51', '40', 'finnish']), players=rng.randint(2, 4),
                      seed=rng.randint(0, 999))
        for _ in range(rng.randint(0, 200)):
            if g.over:
                break
            g.play(rng.choice(g.legal_moves()))
        for _ in range(40):
            name = rng.choice(CALLS)
            args = [rng.choice(JUNK + [rng.randint(-2**70, 2**70)])
                    for _ in range(rng.randint(0, 3))]
            if name in ('bot_move', 'hint') and any(
                    isinstance(a, int) and 2000 < a < 2**32 for a in args):
                continue  # a huge budget is allowed, and slow
            before = g.save()
            try:
                getattr(g, name)(*args)
            except (rami.RamiError, TypeError, ValueError):
                assert g.save() == before, (name, args)


def test_threads_sharing_a_game_take_turns():
    """Two threads playing one Game and a third reading it: each call runs
    whole (the Game's lock), so nothing is corrupted and the game stays one
    the library can save and replay. Without the lock this corrupted the
    heap (glibc aborted the process) within a few games."""
    import random
    import threading
    for seed in range(4):
        g = rami.Game('51', players=4, seed=seed)
        failures = []

        def player(rng):
            for _ in range(150):
                try:
                    moves = g.legal_moves()
                    if moves:
                        g.play(rng.choice(moves))
                except rami.IllegalMoveError:
                    pass  # the other thread moved first
                except Exception as e:  # pragma: no cover - the failure itself
                    failures.append(e)

        def reader():
            for _ in range(50):
                try:
                    g.view(0), g.save(), g.history(), g.legal_actions(), g.clone().close()
                except Exception as e:  # pragma: no cover
                    failures.append(e)

        threads = [threading.Thread(target=player, args=(random.Random(seed + k),))
                   for k in range(2)] + [threading.Thread(target=reader)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert failures == []
        assert rami.Game.load(g.save()) == g


def test_constructors_with_any_argument_raise_a_python_error():
    """Random arguments for every constructor and module function: a result
    or a RamiError, TypeError or ValueError; and a Game whose __init__
    failed is collected without an 'Exception ignored' report."""
    import random
    import sys
    junk = [None, -1, 0, 1, 2, 7, 2**32, -2**70, 1.5, '', 'x', '51', 'AS', 'draw',
            'meld 7S 8S 9S', b'51', b'\xff', [], [['AS']], [['AS'] * 40], ['AS'] * 200, {},
            object(), rami.Ruleset('51'), rami.Card('AS'), rami.Move.draw()]
    calls = [rami.Game, rami.Game.load, rami.Game.from_deal, rami.Ruleset, rami.Move, rami.Card,
             rami.cards, rami.meld_check, rami.solve_hand, rami.Move.meld, rami.Move.lay,
             rami.Move.swap, rami.Move.discard, rami.Card.make, rami.Ruleset('51').replace,
             rami.Ruleset('51').move_to_action, rami.Ruleset('51').action_to_move]
    rng = random.Random(4)
    unraisable = []
    hook, sys.unraisablehook = sys.unraisablehook, unraisable.append
    try:
        for _ in range(3000):
            fn = rng.choice(calls)
            try:
                out = fn(*[rng.choice(junk) for _ in range(rng.randint(0, 4))])
                if isinstance(out, rami.Game):
                    out.close()
            except (rami.RamiError, TypeError, ValueError):
                pass
    finally:
        sys.unraisablehook = hook
    assert unraisable == []


def test_copies_and_pickles_are_independent_games():
    """copy.copy shared the handle, and the two Games freed it twice (glibc
    aborted: 'double free or corruption'); deepcopy and pickle failed."""
    import copy
    import gc
    import pickle
    g = rami.Game('51', players=3, seed=12)
    for _ in range(20):
        g.play(g.bot_move('greedy'))
    for c in (copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g)),
              copy.deepcopy({'game': g})['game']):
        assert c == g and c.handle != g.handle
        before = g.save()
        c.play(c.legal_moves()[0])
        assert g.save() == before  # independent
        del c
        gc.collect()
    assert g.legal_moves()  # still alive


def test_value_types_copy_and_pickle():
    """Rulesets and moves (and the events that hold them) failed to copy
    or pickle: their immutability refused the attributes being restored."""
    import copy
    import pickle
    g = rami.Game('51', players=2, seed=1)
    g.play('draw')
    values = [rami.Ruleset('finnish', 3, opening_points=15), rami.Move('lay 7S on 2 high'),
              rami.Move.meld('7S', '8S', '9S'), g.history()[0], rami.Card('JK'),
              rami.meld_check(['7S', '8S', '9S']), g.turn_info()]
    for v in values:
        for again in (copy.copy(v), copy.deepcopy(v), pickle.loads(pickle.dumps(v))):
            assert again == v and type(again) is type(v), v
