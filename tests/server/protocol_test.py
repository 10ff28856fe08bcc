#!/usr/bin/python3
"""protocol_test.py - every message kind and every error of doc/protocol.md
against a real rami-server on 127.0.0.1.

Each refused request must get its documented error code and change nothing:
the stored tables, seats and event log (snapshot()) and the seat's view are
compared before and after. Usage: protocol_test.py path/to/rami-server
"""

import asyncio
import json
import os
import re
import sys
import time
import traceback

import harness
from harness import Client, Seat, Server, snapshot

EXE = harness.exe_from_argv()
TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def check(cond, what):
    if not cond:
        raise AssertionError(what)


async def drain(c, wait=0.05):
    """The pushes received so far (after a short wait for stragglers)."""
    await asyncio.sleep(wait)
    out = []
    while not c.pushes.empty():
        m = c.pushes.get_nowait()
        if m is None:  # closed
            c.pushes.put_nowait(None)
            break
        out.append(m)
    return out


async def push_of(c, type_, pred=lambda m: True, timeout=10):
    """The next push of a type that satisfies pred; others are skipped."""
    deadline = time.monotonic() + timeout
    while True:
        m = await c.next_push(max(0.01, deadline - time.monotonic()))
        if m['type'] == type_ and pred(m):
            return m


async def view_of(seat):
    """The seat's view now, through a resume (which only re-attaches)."""
    await seat.resume()
    m = await push_of(seat.client, 'state',
                      lambda m: m['table'] == seat.table and m.get('reason') == 'resume')
    return m['view']


async def connect(srv, **kw):
    return await Client(srv.url, **kw).connect()


async def game(srv, humans=2, bots=0, **create):
    """A started table: one connection per human seat. Returns the seats."""
    c0 = await connect(srv)
    r = await c0.request('create', seats=humans + bots, bots=bots, **create)
    seats = [await c0.join(r['table'], name='p0')]
    for i in range(1, humans):
        c = await connect(srv)
        seats.append(await c.join(r['table'], name='p%d' % i))
    for s in seats:
        await push_of(s.client, 'state', lambda m: m['table'] == s.table)
        await drain(s.client)
    return seats


async def refused(srv, seat_for_view, send, code, status=None):
    """send() must be refused with code (and library status) and change
    nothing: stored state, counters and the seat's view."""
    before = snapshot(srv)
    view_before = await view_of(seat_for_view) if seat_for_view else None
    reply = await send()
    check(reply['type'] == 'error', 'expected error %s, got %s' % (code, reply))
    check(reply['code'] == code, 'expected %s, got %s' % (code, reply))
    check(isinstance(reply['message'], str) and reply['message'], 'no message: %s' % reply)
    if status is not None:
        check(reply.get('status') == status, 'expected status %d: %s' % (status, reply))
        check(reply.get('status_name', '').startswith('RAMI_E_'), 'status_name: %s' % reply)
        check(reply.get('reason'), 'no reason: %s' % reply)
    after = snapshot(srv)
    for k in ('tables', 'seats', 'events', 'moves', 'counts'):
        check(before[k] == after[k], '%s changed by a refused request (%s)' % (k, code))
    if seat_for_view:
        check(await view_of(seat_for_view) == view_before, 'view changed (%s)' % code)
    return reply


async def play_until(seat, pred, limit=400):
    """Plays the seat's first legal move until pred(moves) gives a move."""
    for _ in range(limit):
        view = await view_of(seat)
        if view['phase'] in ('round_over', 'match_over'):
            return None
        if view['current'] != seat.seat:
            await asyncio.sleep(0.01)
            continue
        moves = await seat.moves()
        want = pred(moves)
        if want:
            return want
        await seat.move(moves[-1] if view['phase'] == 'play' else 'draw')
    return None


# --------------------------------------------------------------------------
# Message kinds
# --------------------------------------------------------------------------

@test
async def hello_and_ids(srv):
    c = await connect(srv)
    r = await c.request('hello')
    check(r['type'] == 'ok' and r['re'] == 'hello' and r['protocol'] == 1, r)
    check(r['limits']['max_message'] == 16384, r)
    r = await c.request('hello')  # integer ids are echoed
    check(r['id'] == c._next_id - 1, r)
    await c.close()


@test
async def string_ids_echoed(srv):
    c = await connect(srv)
    await c.ws.send(json.dumps({'type': 'hello', 'id': 'x"y'}))
    # no future waits for a string id: it arrives as a push
    m = await c.next_push(5)
    check(m['type'] == 'ok' and m['id'] == 'x"y', m)
    await c.close()


@test
async def create_join_start(srv):
    c = await connect(srv)
    r = await c.request('create', preset='finnish', seats=3, bots=1, bot_level='random',
                        turn_seconds=0, options={'layoff_others': False},
                        ruleset={'match_rounds': 2, 'opening_points': 40})
    check(re.fullmatch('[0-9a-f]{16}', r['table']), r)
    info = r['info']
    check(info['status'] == 'waiting' and info['version'] == 1, info)
    check([s['kind'] for s in info['seats']] == ['open', 'open', 'bot'], info)
    s0 = await c.join(r['table'], name='ann')
    check(s0.seat == 0 and re.fullmatch('[0-9a-f]{32}', s0.token), s0.token)
    p = await push_of(c, 'table')
    check(p['view'] if 'view' in p else True, p)
    check(p['info']['seats'][0]['name'] == 'ann' and p['info']['seats'][0]['connected'], p)
    c2 = await connect(srv)
    s1 = await c2.join(r['table'], name='bob')
    check(s1.seat == 1, s1.seat)
    for cl, seat in ((c, 0), (c2, 1)):
        st = await push_of(cl, 'state')
        v = st['view']
        check(st['info']['status'] == 'playing' and v['viewer'] == seat, st)
        check(v['ruleset']['hand_size'] == 10 and v['ruleset']['opening_points'] == 40, v)
        check('layoff_others' not in v['ruleset']['options'], v['ruleset'])
        check(v['ruleset']['match_rounds'] == 2 and 'hands' not in v and 'stock' not in v, v)
    await c.close()
    await c2.close()


@test
async def start_fills_with_bots(srv):
    c = await connect(srv)
    r = await c.request('create', seats=3, bots=0, turn_seconds=0)
    s = await c.join(r['table'])
    r2 = await s.request('start')
    check(r2['type'] == 'ok', r2)
    st = await push_of(c, 'state')
    check([x['kind'] for x in st['info']['seats']] == ['human', 'bot', 'bot'], st['info'])
    await refused(srv, s, lambda: s.request('start', check=False), 'not_waiting')
    await c.close()


@test
async def move_events_and_privacy_of_draws(srv):
    s0, s1 = await game(srv, turn_seconds=0)
    view = await view_of(s0)
    check(view['current'] == 0 and view['phase'] == 'draw', view)
    moves = await s0.moves()
    check('draw' in moves and all(isinstance(m, str) for m in moves), moves)
    r = await s0.move('draw')
    check(r['type'] == 'ok' and r['seq'] > 0, r)
    seq = r['seq']
    e0 = await push_of(s0.client, 'event')
    e1 = await push_of(s1.client, 'event')
    for e, viewer in ((e0, 0), (e1, 1)):
        check(e['actor'] == 0 and e['move'] == 'draw' and e['by'] == 'player', e)
        check(e['seq'] == seq and 'card' not in e and e['view']['viewer'] == viewer, e)
    check(len(e0['view']['hand']) == 14 and len(e1['view']['hand']) == 13, 'hand sizes')
    # the drawn card is in seat 0's hand and nowhere in seat 1's message
    v0 = await view_of(s0)
    check(v0['hand'] == e0['view']['hand'], 'view after the event')
    await s0.move('discard ' + v0['hand'][0])
    await drain(s0.client)
    await drain(s1.client)
    # a take is public: everyone sees the card
    r = await s1.move('take', check=False)
    if r['type'] == 'ok':
        e = await push_of(s0.client, 'event', lambda m: m['move'] == 'take')
        check(e['card'] == v0['hand'][0] and e['actor'] == 1, e)
    else:
        check(r['code'] == 'illegal_move' and r['status'] == -18, r)  # the rules forbid it
    for s in (s0, s1):
        await s.client.close()


@test
async def illegal_moves_change_nothing(srv):
    s0, s1 = await game(srv, turn_seconds=0)
    await refused(srv, s1, lambda: s1.move('draw', check=False), 'illegal_move', -6)
    await refused(srv, s0, lambda: s0.move('discard KH', check=False), 'illegal_move', -7)
    await refused(srv, s0, lambda: s0.move('meld 2C 3C 4C', check=False), 'illegal_move', -7)
    await s0.move('draw')
    hand = (await view_of(s0))['hand']
    missing = next(c for c in ('AS', 'KS', 'QS', 'JS', '10S', '9S') if c not in hand)
    await refused(srv, s0, lambda: s0.move('discard ' + missing, check=False),
                  'illegal_move', -8)
    await refused(srv, s0, lambda: s0.move('draw', check=False), 'illegal_move', -7)
    await refused(srv, s0, lambda: s0.move('lay %s on 7' % hand[0], check=False),
                  'illegal_move')
    await refused(srv, s0, lambda: s0.move('fly away', check=False), 'bad_move', -4)
    await refused(srv, s0, lambda: s0.request('move', check=False), 'bad_request')
    await refused(srv, s0, lambda: s0.request('move', move=7, check=False), 'bad_request')
    await refused(srv, s0, lambda: s0.move('x' * 200, check=False), 'bad_request')
    # Out of turn: the library's RAMI_E_TURN, and whose turn it is.
    for request in ('moves', 'undo'):
        r = await refused(srv, s1, lambda: s1.request(request, check=False), 'illegal_move', -6)
        check(r['reason'] == "it is seat 0's turn", r)
    await refused(srv, s0, lambda: s0.request('undo', check=False), 'illegal_move', -19)
    for s in (s0, s1):
        await s.client.close()


@test
async def check_and_hint(srv):
    s0, s1 = await game(srv, turn_seconds=0)
    r = await s0.request('check', move='draw')
    check(r['type'] == 'ok' and r['seq'] > 0, r)
    await refused(srv, s0, lambda: s0.request('check', move='discard KH', check=False),
                  'illegal_move', -7)
    await refused(srv, s1, lambda: s1.request('check', move='draw', check=False),
                  'illegal_move', -6)
    await refused(srv, s0, lambda: s0.request('check', move='jump', check=False), 'bad_move', -4)
    r = await refused(srv, s1, lambda: s1.request('hint', check=False), 'illegal_move', -6)
    check(r['reason'] == "it is seat 0's turn", r)
    before = snapshot(srv, s0.table)
    r = await s0.request('hint')
    check(r['move'] in await s0.moves() and r['reason'] and r['seq'] == before['tables'][0][1], r)
    check(snapshot(srv, s0.table) == before, 'a hint changes nothing')
    # One hint at a time per connection: the second of two sent at once is
    # busy while the first is worked out. A hint can finish before the
    # second request is read (both then answer ok), so bursts are sent until
    # one shows the busy answer; every answer is ok or busy.
    busy = False
    for _ in range(20):
        a, b = await asyncio.gather(s0.request('hint', check=False),
                                    s0.request('hint', check=False))
        for x in (a, b):
            check(x['type'] == 'ok' or x.get('code') == 'busy', (a, b))
        check('ok' in (a['type'], b['type']), (a, b))
        if 'error' in (a['type'], b['type']):
            busy = True
            break
    check(busy, 'no burst of two hints saw the busy answer')
    await s0.move('draw')
    r = await s0.request('hint')
    check(r['move'] in await s0.moves(), r)
    for s in (s0, s1):
        await s.client.close()


@test
async def undo_takes_back_a_meld(srv):
    for attempt in range(6):
        (s0,) = await game(srv, humans=1, bots=1, turn_seconds=0,
                            ruleset={'opening_points': 0}, bot_level='random')
        meld = await play_until(s0, lambda ms: next((m for m in ms if m.startswith('meld')), None))
        if meld is None:
            await s0.client.close()
            continue
        before = await view_of(s0)
        r = await s0.move(meld)
        check(r['type'] == 'ok', r)
        after = await view_of(s0)
        check(len(after['hand']) < len(before['hand']) and after['melds'], 'meld played')
        r = await s0.request('undo')
        e = await push_of(s0.client, 'event', lambda m: m['move'] == 'undo')
        check(e['seq'] == r['seq'], e)
        back = await view_of(s0)
        check(back['hand'] == before['hand'] and back['melds'] == before['melds'], 'undo')
        await s0.client.close()
        return
    raise AssertionError('no meld came up in 6 games')


@test
async def tokens(srv):
    s0, s1 = await game(srv, turn_seconds=0)
    other = await game(srv, turn_seconds=0)
    for kind in ('resume', 'moves', 'move', 'undo', 'leave', 'start'):
        extra = {'move': 'draw'} if kind == 'move' else {}
        base = {'table': s0.table, 'seat': 0}
        cases = [
            ({}, 'bad_token'),
            ({'token': 'f' * 31}, 'bad_token'),
            ({'token': 'F' * 32}, 'bad_token'),
            ({'token': 7}, 'bad_token'),
            ({'token': '0' * 32}, 'bad_token'),
            ({'token': other[0].token}, 'bad_token'),
            ({'token': s1.token}, 'not_your_seat'),
        ]
        for fields, code in cases:
            msg = dict(base, **fields, **extra)
            await refused(srv, s0, lambda: s1.client.request(kind, check=False, **msg), code)
    await refused(srv, s0, lambda: s0.client.request('moves', check=False, table=s0.table,
                                                     token=s0.token), 'bad_request')
    await refused(srv, s0, lambda: s0.client.request('moves', check=False, table=s0.table,
                                                     seat=5, token=s0.token), 'bad_request')
    await refused(srv, s0, lambda: s0.client.request('moves', check=False, table='0' * 16,
                                                     seat=0, token=s0.token), 'unknown_table')
    await refused(srv, s0, lambda: s0.client.request('moves', check=False, table='xyz',
                                                     seat=0, token=s0.token), 'unknown_table')
    await refused(srv, s0, lambda: s0.client.request('moves', check=False, seat=0,
                                                     token=s0.token), 'bad_request')
    for s in (s0, s1, *other):
        await s.client.close()


@test
async def join_errors(srv):
    c = await connect(srv)
    r = await c.request('create', seats=2, bots=1, turn_seconds=0)
    t = r['table']
    await refused(srv, None, lambda: c.request('join', check=False, table='1' * 16),
                  'unknown_table')
    await refused(srv, None, lambda: c.request('join', check=False), 'bad_request')
    await refused(srv, None, lambda: c.request('join', check=False, table=t, seat=1),
                  'seat_taken')
    await refused(srv, None, lambda: c.request('join', check=False, table=t, seat=2),
                  'bad_request')
    await refused(srv, None, lambda: c.request('join', check=False, table=t, seat=-1),
                  'bad_request')
    await refused(srv, None, lambda: c.request('join', check=False, table=t, name='a\nb'),
                  'bad_request')
    await refused(srv, None, lambda: c.request('join', check=False, table=t, name='n' * 33),
                  'bad_request')
    s = await c.join(t, name='ann')
    await refused(srv, s, lambda: c.request('join', check=False, table=t), 'table_full')
    await c.close()


@test
async def create_errors(srv):
    c = await connect(srv)
    cases = [
        ({'preset': '52'}, 'bad_request'),
        ({'preset': 51}, 'bad_request'),
        ({'seats': 7}, 'bad_request'),
        ({'seats': 1}, 'bad_request'),
        ({'seats': 'two'}, 'bad_request'),
        ({'seats': 2, 'bots': 2}, 'bad_request'),
        ({'bot_level': 'genius'}, 'bad_request'),
        ({'turn_seconds': -1}, 'bad_request'),
        ({'turn_seconds': 99999}, 'bad_request'),
        ({'options': {'flying_jokers': True}}, 'bad_request'),
        ({'options': {'joker_swap': 1}}, 'bad_request'),
        ({'options': []}, 'bad_request'),
        ({'ruleset': {'players': 3}}, 'bad_request'),
        ({'ruleset': {'hand_size': 300}}, 'bad_request'),
        ({'ruleset': {'hand_size': 0}}, 'bad_ruleset'),
        ({'ruleset': {'decks': 9}}, 'bad_ruleset'),
        ({'ruleset': {'max_turns': 0}}, 'bad_ruleset'),
        ({'ruleset': {'match_rounds': 500}}, 'bad_ruleset'),
    ]
    for fields, code in cases:
        await refused(srv, None, lambda: c.request('create', check=False, **fields), code)
    r = await c.request('create', ruleset={'match_target': 200})
    check(r['type'] == 'ok', r)
    await c.close()


@test
async def malformed_messages(srv):
    s0, s1 = await game(srv, turn_seconds=0)
    c = s0.client

    async def raw(data):
        await c.send_raw(data)
        return await push_of(c, 'error')

    await refused(srv, s0, lambda: raw('{"type": "hello"'), 'bad_json')
    await refused(srv, s0, lambda: raw('not json at all'), 'bad_json')
    await refused(srv, s0, lambda: raw('{"type":"hello","type":"move"}'), 'bad_json')
    await refused(srv, s0, lambda: raw('"\\u0000"'), 'bad_json')
    await refused(srv, s0, lambda: raw('[1, 2, 3]'), 'bad_request')
    await refused(srv, s0, lambda: raw('{"id": 5}'), 'bad_request')
    await refused(srv, s0, lambda: raw('{"type": 5}'), 'bad_request')
    r = await refused(srv, s0, lambda: raw('{"type": "fly", "id": 9}'), 'unknown_type')
    check(r['id'] == 9 and r['re'] is None, r)
    await refused(srv, s0, lambda: raw('{"type": "hello", "id": {}}'), 'bad_request')
    await refused(srv, s0, lambda: raw(b'\x00\x01binary'), 'bad_request')
    await refused(srv, s0, lambda: raw(b'\xff\xfe'.decode('latin-1')), 'bad_json')
    await refused(srv, s0, lambda: raw('[' * 5000 + ']' * 5000), 'bad_json')
    big = json.dumps({'type': 'move', 'move': 'draw', 'pad': 'x' * 20000, **s0.fields()})
    await refused(srv, s0, lambda: raw(big), 'too_large')
    huge = 'y' * (2 << 20)
    await refused(srv, s0, lambda: raw(huge), 'too_large')
    r = await c.request('hello')  # the connection still works
    check(r['type'] == 'ok', r)
    for s in (s0, s1):
        await s.client.close()


@test
async def resume_and_detach(srv):
    s0, s1 = await game(srv, turn_seconds=0)
    c2 = await connect(srv)
    s0b = Seat(c2, s0.table, 0, s0.token)
    r = await s0b.resume()
    check(r['type'] == 'ok', r)
    st = await push_of(c2, 'state')
    check(st['view']['viewer'] == 0 and st['reason'] == 'resume', st)
    d = await push_of(s0.client, 'detached')
    check(d['seat'] == 0 and d['table'] == s0.table, d)
    await s0b.move('draw')
    e = await push_of(c2, 'event')
    check(e['move'] == 'draw', e)
    for c in (s0.client, s1.client, c2):
        await c.close()


@test
async def leave_waiting_and_playing(srv):
    c = await connect(srv)
    r = await c.request('create', seats=3, bots=1, turn_seconds=0)
    s = await c.join(r['table'])
    r2 = await s.request('leave')
    check(r2['type'] == 'ok', r2)
    await refused(srv, None, lambda: s.request('resume', check=False), 'bad_token')
    s = await c.join(r['table'], seat=0)
    c2 = await connect(srv)
    s2 = await c2.join(r['table'])
    await push_of(c, 'state')
    await s2.request('leave')
    t = await push_of(c, 'table', lambda m: m['info']['seats'][1]['left'])
    check(t['info']['seats'][1]['kind'] == 'bot' and t['info']['status'] == 'playing', t)
    await s.request('leave')
    con = srv.db_connect()
    status = con.execute('SELECT status FROM tables WHERE id = ?', (s.table,)).fetchone()[0]
    con.close()
    check(status == 3, 'abandoned when every player has left: %s' % status)
    await refused(srv, None, lambda: c.request('join', check=False, table=s.table),
                  'table_over')
    await c.close()
    await c2.close()


@test
async def bots_rounds_and_match_end(srv):
    c = await connect(srv)
    r = await c.request('create', seats=3, bots=2, bot_level='greedy', turn_seconds=0,
                        ruleset={'match_rounds': 2})
    s = await c.join(r['table'])
    rounds = set()
    while True:
        m = await c.next_push(30)
        if m.get('view'):
            rounds.add(m['view']['round'])
        if m['info']['status'] == 'over':
            break
        v = m.get('view')
        if m['type'] in ('state', 'event') and v and v['current'] == 0 and \
                v['phase'] in ('draw', 'play') and c.pushes.empty():
            moves = await s.moves()
            await s.move(moves[-1])
    check(rounds == {1, 2}, rounds)
    check(m['view']['match_winners'], m['view'])
    await refused(srv, None, lambda: s.move('draw', check=False), 'table_over')
    await refused(srv, None, lambda: s.request('moves', check=False), 'table_over')
    await c.close()


CODES = {'bad_json', 'bad_request', 'unknown_type', 'too_large', 'unknown_table', 'bad_token',
         'not_your_seat', 'seat_taken', 'table_full', 'table_over', 'not_started',
         'not_waiting', 'timed_out', 'illegal_move', 'bad_move', 'bad_ruleset', 'busy',
         'too_many_tables', 'too_many_connections', 'too_many_seats', 'server_error',
         'too_many_waiting', 'rate_limited', 'too_many_watchers', 'not_watching'}


@test
async def hostile_mix(srv):
    """Random messages built from valid and invalid pieces: every reply is
    ok or a documented error, and the server stays up and consistent."""
    s0, s1 = await game(srv, turn_seconds=0)
    c = await connect(srv)
    rng = __import__('random').Random(5)
    values = [None, True, False, 0, 1, -1, 6, 2 ** 63 - 1, -2 ** 63, 1.5, '', 'x' * 300,
              '\u00e9\u2603', [], {}, [1, [2]], {'a': {'b': []}}, s0.table, s0.token,
              s1.token, '0' * 32, '0' * 16, 'draw', 'take', 'discard KH', 'meld JK JK JK',
              'lay 7S on 99', 'swap JK on 1', 'finnish', 'strong',
              {'joker_swap': False}, {'hand_size': 1}, {'decks': 0, 'jokers': 0}]
    types = ['hello', 'create', 'join', 'resume', 'move', 'undo', 'moves', 'leave',
             'start', 'check', 'watch', 'unwatch', 'nope', '']
    fields = ['table', 'seat', 'token', 'move', 'name', 'preset', 'seats', 'bots',
              'bot_level', 'turn_seconds', 'options', 'ruleset']
    counts = {}
    for _ in range(1500):
        msg = {f: rng.choice(values) for f in rng.sample(fields, rng.randint(0, 6))}
        if rng.random() < 0.5:
            msg.update(table=s0.table, seat=rng.randint(-1, 2), token=rng.choice(
                [s0.token, s1.token, '1' * 32]))
        r = await c.request(rng.choice(types), check=False, **msg)
        check(r['type'] in ('ok', 'error'), r)
        if r['type'] == 'error':
            check(r['code'] in CODES and r['message'], r)
        counts[r.get('code', 'ok')] = counts.get(r.get('code', 'ok'), 0) + 1
    check(srv.health()['status'] == 'ok', 'alive')
    con = srv.db_connect()
    for table, version in con.execute('SELECT id, version FROM tables'):
        n = con.execute('SELECT count(*), min(seq), max(seq) FROM events WHERE table_id = ?',
                        (table,)).fetchone()
        check(tuple(n) == (version, 1, version), 'event log of %s: %s' % (table, tuple(n)))
    con.close()
    check(len(counts) > 8, counts)
    for cl in (c, s0.client, s1.client):
        await cl.close()


@test
async def http_health_and_pages(srv):
    st, ctype, body = srv.http('/health')
    h = json.loads(body)
    check(st == 200 and ctype.startswith('application/json') and h['status'] == 'ok', h)
    st, ctype, body = srv.http('/')
    check(st == 200 and b'rami-server' in body, body)
    st, _, _ = srv.http('/nothing-here')
    check(st == 404, st)


# --------------------------------------------------------------------------
# Servers with other settings
# --------------------------------------------------------------------------

async def limits_connections(exe, wd):
    srv = Server(exe, wd, '--max-connections', '3', '--bot-delay-ms', '0').start()
    try:
        cs = [await connect(srv) for _ in range(3)]
        extra = await connect(srv)
        m = await extra.next_push(5)
        check(m['type'] == 'error' and m['code'] == 'too_many_connections', m)
        await asyncio.wait_for(extra.closed.wait(), 5)
        r = await cs[0].request('hello')
        check(r['type'] == 'ok', r)
        for c in cs:
            await c.close()
    finally:
        srv.stop()


async def limits_tables_and_seats(exe, wd):
    srv = Server(exe, wd, '--max-tables', '9', '--bot-delay-ms', '0').start()
    try:
        c = await connect(srv)
        tables = [(await c.request('create', seats=2, bots=1))['table'] for _ in range(9)]
        await refused(srv, None, lambda: c.request('create', check=False), 'too_many_tables')
        for t in tables[:8]:
            await c.join(t)
        c2 = await connect(srv)
        r = await c2.request('create', seats=2, check=False)
        check(r['code'] == 'too_many_tables', r)
        await refused(srv, None, lambda: c.request('join', check=False, table=tables[8]),
                      'too_many_seats')
        await c.close()
        await c2.close()
    finally:
        srv.stop()


async def limits_per_client(exe, wd):
    """--rate-per-second and --rate-burst: a connection's requests beyond
    its credit are refused (rate_limited, with retry_ms, the request named)
    and not read; the credit comes back with time, and each connection has
    its own. --max-waiting-per-address: a create from an address with that
    many waiting tables is refused (too_many_waiting), from any of its
    connections, until one of them starts."""
    srv = Server(exe, wd, '--rate-per-second', '5', '--rate-burst', '4',
                 '--max-waiting-per-address', '2', '--bot-delay-ms', '0').start()
    try:
        c = await connect(srv)
        r = await c.request('hello', retry=False)
        check(r['limits']['rate_per_second'] == 5 and r['limits']['rate_burst'] == 4 and
              r['limits']['max_waiting_per_address'] == 2, r)
        for _ in range(3):
            check((await c.request('hello', retry=False))['type'] == 'ok', 'within the burst')
        before = snapshot(srv)
        r = await c.request('create', seats=2, check=False, retry=False)
        check(r['code'] == 'rate_limited' and r['re'] == 'create' and r['id'] > 0, r)
        check(1 <= r['retry_ms'] <= 200, r)
        await c.send_raw('not json')  # not even parsed for what it is: no id to name
        m = await push_of(c, 'error', timeout=5)
        check(m['code'] == 'rate_limited' and m['id'] is None and m['re'] is None, m)
        after = snapshot(srv)
        check(before['tables'] == after['tables'], 'a refused create made a table')
        c2 = await connect(srv)
        check((await c2.request('hello', retry=False))['type'] == 'ok', 'its own credit')
        await asyncio.sleep(r['retry_ms'] / 1000 + 0.25)
        check((await c.request('hello', retry=False))['type'] == 'ok', 'credit again')
        t0 = time.monotonic()
        for _ in range(8):  # the client waits out each refusal
            await c.request('hello')
        check(time.monotonic() - t0 >= 0.8, 'eight requests at five a second')

        tables = [(await c.request('create', seats=2))['table'] for _ in range(2)]
        await refused(srv, None, lambda: c.request('create', seats=2, check=False),
                      'too_many_waiting')
        await refused(srv, None, lambda: c2.request('create', seats=2, check=False),
                      'too_many_waiting')
        for _ in range(2):  # both seats: the table starts
            await c.join(tables[0])
        await push_of(c, 'state', lambda m: m['table'] == tables[0])
        check((await c2.request('create', seats=2))['type'] == 'ok', 'room again')
        await c.close()
        await c2.close()
    finally:
        srv.stop()


async def watchers(exe, wd):
    """watch: a connection without a seat gets every push of a table with
    the public view (no hand, no stock, seat null) until unwatch; the
    errors; a watched table counts against the connection's 8 entries; a
    table unloaded while watched lets its watchers go."""
    srv = Server(exe, wd, '--bot-delay-ms', '0', '--linger-seconds', '1').start()
    try:
        s0, s1 = await game(srv, turn_seconds=0)
        w = await connect(srv)
        r = await w.request('watch', table=s0.table)
        check(r['table'] == s0.table and r['info']['status'] == 'playing', r)
        m = await push_of(w, 'state', lambda m: m['table'] == s0.table)
        check(m['seat'] is None and m['reason'] == 'watch', m)
        v = m['view']
        check(v['viewer'] == -2 and not {'hand', 'hands', 'stock'} & set(v), sorted(v))
        check(v['phase'] == 'draw' and [s['hand_count'] for s in v['seats']] == [13, 13],
              v['seats'])
        check((await w.request('watch', table=s0.table))['type'] == 'ok', 'again: no change')
        await push_of(w, 'state')
        mover = s0 if v['current'] == 0 else s1
        await mover.move('draw')
        e = await push_of(w, 'event', lambda m: m['table'] == s0.table)
        check(e['seat'] is None and e['move'] == 'draw' and 'card' not in e, e)
        check('hand' not in e['view'] and e['view']['seats'][mover.seat]['hand_count'] == 14, e)
        check(srv.health()['status'] == 'ok', 'alive')
        await refused(srv, None, lambda: w.request('unwatch', check=False, table='0' * 16),
                      'unknown_table')
        r = await w.request('unwatch', table=s0.table)
        check(r['type'] == 'ok', r)
        await drain(w)
        hand = (await view_of(mover))['hand']
        await mover.move('discard ' + hand[0])
        check(not [p for p in await drain(w, 0.3) if p.get('table') == s0.table],
              'no push after unwatch')
        await refused(srv, None, lambda: w.request('unwatch', check=False, table=s0.table),
                      'not_watching')
        # A watched table takes one of the connection's 8 entries.
        tables = [(await w.request('create', seats=2))['table'] for _ in range(9)]
        for t in tables[:8]:
            check((await w.request('watch', table=t))['type'] == 'ok', t)
        await refused(srv, None, lambda: w.request('watch', check=False, table=tables[8]),
                      'too_many_seats')
        # The last player leaves: the table is abandoned, then unloaded
        # (--linger-seconds 1) while w still watches it.
        solo = (await game(srv, humans=1, bots=1, turn_seconds=0))[0]
        check((await w.request('unwatch', table=tables[0]))['type'] == 'ok', 'a free entry')
        check((await w.request('watch', table=solo.table))['type'] == 'ok', 'watch')
        # The terminal client follows the table too, until its match ends.
        cli = await asyncio.create_subprocess_exec(
            sys.executable, harness.rami_client.__file__, '--url', srv.url, 'watch', solo.table,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        first = await asyncio.wait_for(cli.stdout.readline(), 10)
        check(first.decode().startswith('watching table ' + solo.table), first)
        await solo.request('leave')
        out = (await asyncio.wait_for(cli.stdout.read(), 10)).decode()
        check(await cli.wait() == 0 and 'seat 0: ' in out and 'your hand' not in out, out)
        m = await push_of(w, 'table', lambda m: m['table'] == solo.table and
                          m['info']['status'] == 'abandoned')
        deadline = time.monotonic() + 10
        while (await w.request('unwatch', check=False, table=solo.table)).get('code') != \
                'unknown_table':
            check(time.monotonic() < deadline, 'the table was not unloaded')
            await w.request('watch', table=solo.table)
            await asyncio.sleep(0.3)
        check((await w.request('watch', table=tables[1]))['type'] == 'ok', 'still served')
        # A closed connection stops watching; the table plays on.
        await w.close()
        await asyncio.sleep(0.2)
        check(srv.health()['status'] == 'ok', 'alive')
        for s in (s0, s1):
            await s.client.close()
    finally:
        srv.stop()


async def turn_timer(exe, wd):
    srv = Server(exe, wd, '--bot-delay-ms', '1500').start()
    try:
        s0, s1 = await game(srv, turn_seconds=1)
        m = await push_of(s0.client, 'table', lambda m: m.get('reason') == 'timeout', 10)
        check(m['info']['timer_seat'] == 0, m)
        await refused(srv, s0, lambda: s0.move('draw', check=False), 'timed_out')
        e = await push_of(s0.client, 'event', timeout=10)
        check(e['by'] == 'timer' and e['actor'] == 0, e)
        while True:
            e = await push_of(s1.client, 'event', timeout=15)
            if e['actor'] == 0:
                check(e['by'] == 'timer', e)
            if e['view']['current'] == 1 or e['view']['phase'] in ('round_over', 'match_over'):
                break
        # The greedy bot may go out in that turn (a deal of a CI run did:
        # four melds and a discard); otherwise the next turn is seat 1's.
        if e['view']['phase'] not in ('round_over', 'match_over'):
            r = await s1.move('draw')
            check(r['type'] == 'ok', r)
        for s in (s0, s1):
            await s.client.close()
    finally:
        srv.stop()


async def waiting_tables_expire(exe, wd):
    """--wait-seconds: a table nobody started is closed (abandoned, stored,
    the seats told) and no longer counts against --max-tables; a started
    one is not."""
    srv = Server(exe, wd, '--wait-seconds', '3', '--max-tables', '2',
                 '--bot-delay-ms', '0').start()
    try:
        c = await connect(srv)
        waiting = await c.join((await c.request('create', seats=2))['table'])
        playing = await c.join((await c.request('create', seats=2, bots=1,
                                                turn_seconds=0))['table'])
        await push_of(c, 'state', lambda m: m['table'] == playing.table)
        await refused(srv, None, lambda: c.request('create', check=False), 'too_many_tables')
        m = await push_of(c, 'table', lambda m: m.get('reason') == 'expired', 10)
        check(m['table'] == waiting.table and m['info']['status'] == 'abandoned', m)
        con = srv.db_connect()

        def stored(table):
            status = con.execute('SELECT status FROM tables WHERE id = ?', (table,)).fetchone()[0]
            kinds = [row[0] for row in con.execute(
                'SELECT kind FROM events WHERE table_id = ? ORDER BY seq', (table,))]
            return status, kinds

        status, kinds = stored(waiting.table)
        check(status == 3 and kinds[-1] == 'expire', (status, kinds))
        # The started table was not closed (it plays on, or its bot went out).
        status, kinds = stored(playing.table)
        check(status in (1, 2) and 'expire' not in kinds, (status, kinds))
        con.close()
        await refused(srv, None, lambda: c.request('join', check=False, table=waiting.table),
                      'table_over')
        r = await c.request('create', seats=2)  # room again
        check(r['type'] == 'ok', r)
        await c.close()
    finally:
        srv.stop()


async def failed_commits(exe, wd):
    srv = Server(exe, wd, '--fail-commit-every', '2', '--bot-delay-ms', '0').start()
    try:
        c = await connect(srv)
        r = await c.request('create', seats=2, check=False)   # commit 1: ok
        check(r['type'] == 'ok', r)
        t = r['table']
        r = await c.request('create', seats=2, check=False)   # commit 2: fails
        check(r['type'] == 'error' and r['code'] == 'server_error', r)
        check(srv.health()['tables']['waiting'] == 1, srv.health())
        s0 = await c.join(t)                                   # commit 3: ok
        c2 = await connect(srv)
        r = await c2.request('join', table=t, check=False)    # commit 4: fails
        check(r['code'] == 'server_error', r)
        snap = snapshot(srv, t)
        check(snap['tables'][0][2] == 0 and [x[2] for x in snap['seats']] == [1, 0], snap)
        s1 = await c2.join(t)                                  # commit 5: ok, starts
        await push_of(c, 'state')
        before = snapshot(srv, t)
        r = await s0.move('draw', check=False)                 # commit 6: fails
        check(r['code'] == 'server_error', r)
        check(snapshot(srv, t)['tables'] == before['tables'], 'stored state changed')
        st = await push_of(c, 'state', lambda m: m.get('reason') == 'restored')
        check(st['view']['phase'] == 'draw' and len(st['view']['hand']) == 13, st)
        r = await s0.move('draw')                              # commit 7: ok
        check(r['type'] == 'ok', r)
        for cl in (c, c2):
            await cl.close()
        del s1
    finally:
        srv.stop()


async def persistence_and_web_root(exe, wd):
    web = os.path.join(wd, 'web')
    os.makedirs(web)
    with open(os.path.join(web, 'index.html'), 'w') as f:
        f.write('<p>page</p>')
    with open(os.path.join(web, 'mod.wasm'), 'wb') as f:
        f.write(b'\0asm')
    srv = Server(exe, wd, '--web-root', web, '--bot-delay-ms', '0').start()
    try:
        st, ctype, body = srv.http('/')
        check(st == 200 and body == b'<p>page</p>' and ctype.startswith('text/html'), ctype)
        st, ctype, body = srv.http('/mod.wasm')
        check(st == 200 and ctype == 'application/wasm', ctype)
        check(srv.http('/health')[0] == 200, 'health with a web root')
        s0, s1 = await game(srv, turn_seconds=0)
        await s0.move('draw')
        v = await view_of(s0)
        for s in (s0, s1):
            await s.client.close()
        srv.stop()
        srv.start()
        c = await connect(srv)
        s = Seat(c, s0.table, 0, s0.token)
        check(await view_of(s) == v, 'the view after a restart')
        await c.close()
    finally:
        srv.stop()


async def strong_bots(exe, wd):
    srv = Server(exe, wd, '--bot-delay-ms', '0', '--bot-max-ms', '20', '--bot-threads',
                 '2').start()
    try:
        (s0,) = await game(srv, humans=1, bots=2, bot_level='strong', turn_seconds=0)
        c = s0.client
        bot_moves = 0
        await s0.move('draw')
        await s0.move('discard ' + (await view_of(s0))['hand'][0])
        while bot_moves < 6:
            m = await c.next_push(60)
            if m['type'] == 'event' and m['by'] == 'bot':
                bot_moves += 1
            v = m.get('view')
            if v and v['phase'] in ('round_over', 'match_over'):
                check(bot_moves > 0, m)  # a bot went out (it does happen)
                break
            if v and v['current'] == 0 and v['phase'] in ('draw', 'play') and \
                    c.pushes.empty():
                await s0.move('draw' if v['phase'] == 'draw' else 'discard ' + v['hand'][0])
        await c.close()
    finally:
        srv.stop()


SPECIAL = [strong_bots, limits_connections, limits_tables_and_seats, limits_per_client,
           watchers, turn_timer,
           waiting_tables_expire, failed_commits, persistence_and_web_root]


async def main():
    wd = harness.workdir('protocol')
    # No rate limit here: hostile_mix alone sends 1,500 requests (at the
    # default 50 a second, 30 s of waiting). limits_per_client tests the
    # limit; the privacy and fault tests play under the defaults.
    srv = Server(EXE, wd, '--bot-delay-ms', '0', '--rate-per-second', '0').start()
    failures = 0
    try:
        for fn in TESTS:
            failures += await run_one(fn.__name__, lambda: fn(srv))
    finally:
        srv.stop()
    for fn in SPECIAL:
        sub = os.path.join(wd, fn.__name__)
        os.makedirs(sub)
        failures += await run_one(fn.__name__, lambda: fn(EXE, sub))
    print('%d of %d protocol tests failed' % (failures, len(TESTS) + len(SPECIAL)))
    if failures:
        print(srv.log())
    return 1 if failures else 0


async def run_one(name, thunk):
    t0 = time.monotonic()
    try:
        await asyncio.wait_for(thunk(), 120)
        print('ok   %-32s %.2fs' % (name, time.monotonic() - t0))
        return 0
    except Exception:
        print('FAIL %s' % name)
        traceback.print_exc()
        return 1


if __name__ == '__main__':
    sys.exit(harness.run(main()))
