#!/usr/bin/python3
"""privacy_test.py - no client ever receives another seat's hidden cards.

Many matches with bots and scripted players run on a server started with
--audit, which stores the full state (the library's view for viewer -1) of
every version of every table; a spectator connection watches each table
from its creation. Afterwards every message each player's and each
spectator's connection received is checked against that stored state at
the message's version:

  - every view must be exactly the seat's own view: the full state with
    the other hands and the stock taken out (doc/record-format.md, Views);
    a spectator's, the full state with every hand and the stock taken out;
  - the raw bytes must not name any card that only the other hands or the
    stock hold at that moment (a card with no copy the seat may see; for a
    spectator, every hand is another's);
  - an event for another seat's draw from the stock carries no card.

Usage: privacy_test.py path/to/rami-server [tables]   (default 16, or
RAMI_SERVER_PRIVACY_TABLES)
"""

import asyncio
import collections
import json
import os
import random
import re
import sys

import harness
from harness import Player, Server

EXE = harness.exe_from_argv()
TABLES = int(sys.argv[2]) if len(sys.argv) > 2 else \
    int(os.environ.get('RAMI_SERVER_PRIVACY_TABLES', '16'))
PRESETS = ['51', '40', '51_house', '40_house', 'finnish']
CARD = re.compile(harness.CARD_RE)


def seat_view(full, seat):
    """What the library shows seat `seat` (None: a spectator, the public
    view), from the full view."""
    v = dict(full)
    v['viewer'] = -2 if seat is None else seat
    if seat is not None:
        v['hand'] = full['hands'][seat]
    del v['hands'], v['stock']
    return v


def hidden_only(full, seat):
    """Faces held only where seat cannot look: other hands and the stock,
    with no copy anywhere in the seat's own view."""
    hidden = collections.Counter(full['stock'])
    for s, hand in enumerate(full['hands']):
        if s != seat:
            hidden.update(hand)
    visible = set(CARD.findall(json.dumps(seat_view(full, seat))))
    return {c for c in hidden if c not in visible}


def load_audit(server):
    con = server.db_connect()
    audit = {(t, s): json.loads(v) for t, s, v in con.execute(
        'SELECT table_id, seq, view FROM audit')}
    versions = dict(con.execute('SELECT id, version FROM tables'))
    con.close()
    return audit, versions


def check_message(text, seat, table, audit, stats):
    m = json.loads(text)
    seq = m.get('seq', (m.get('info') or {}).get('version'))
    if m.get('table', table) != table or seq is None:
        stats['without state'] += 1
        return
    full = audit[(table, seq)]
    if m.get('view') is not None:
        if m['view'] != seat_view(full, seat):
            raise AssertionError('table %s seq %d: seat %s got a view that is not its own'
                                 % (table, seq, seat))
        stats['views equal'] += 1
    leaked = hidden_only(full, seat) & set(CARD.findall(text))
    if leaked:
        raise AssertionError('table %s seq %d: seat %s received hidden cards %s'
                             % (table, seq, seat, sorted(leaked)))
    stats['messages checked'] += 1
    stats['hidden faces checked'] += len(hidden_only(full, seat))
    if m['type'] == 'event' and m['actor'] != seat and m['move'] == 'draw' and 'card' in m:
        raise AssertionError('a draw from the stock shows its card to seat %s' % seat)


async def play_all(server, rng):
    """The players, and (connection, table) for each table's spectator."""
    players, watchers = [], []
    for i in range(TABLES):
        seats = rng.randint(2, 4)
        humans = rng.randint(1, min(2, seats))
        bots = seats - humans
        table, seated = await harness.open_table(
            server.url, rng, humans, bots, record=True, preset=rng.choice(PRESETS),
            bot_level=rng.choice(['random', 'greedy']), turn_seconds=0,
            ruleset={'match_rounds': 2, 'max_turns': 40})
        players += [Player(s, random.Random(rng.random()), undo_rate=0.2, record=True)
                    for s in seated]
        watcher = await harness.Client(server.url, record=True).connect()
        r = await watcher.request('watch', table=table)
        assert r['type'] == 'ok' and r['table'] == table, r
        watchers.append((watcher, table))
    await asyncio.wait_for(asyncio.gather(*(p.run() for p in players)), 600)
    for p in players:
        p.received.extend(p.seat.client.received)
        await p.seat.client.close()
    await asyncio.sleep(0.2)  # the last pushes to the spectators
    for w, _ in watchers:
        await w.close()
    return players, watchers


async def main():
    wd = harness.workdir('privacy')
    server = Server(EXE, wd, '--audit', '--bot-delay-ms', '0').start()
    rng = random.Random(20251101)
    try:
        players, watchers = await play_all(server, rng)
    finally:
        server.stop()
    audit, versions = load_audit(server)
    for table, version in versions.items():
        seqs = sorted(s for t, s in audit if t == table)
        assert seqs == list(range(1, version + 1)), 'audit of %s has gaps' % table
    stats = collections.Counter()
    seen = set()
    for p in players:
        key = (p.seat.table, p.seat.seat)
        assert key not in seen
        seen.add(key)
        for text in p.received:
            check_message(text, p.seat.seat, p.seat.table, audit, stats)
    for w, table in watchers:
        views = stats['views equal']
        for text in w.received:
            check_message(text, None, table, audit, stats)
        assert stats['views equal'] > views, 'the spectator of %s saw the game' % table
        stats['spectator messages'] += len(w.received)
    moves = sum(1 for (t, s), v in audit.items() if v['moves'])
    print('privacy: %d tables, %d players, %d stored versions; %s' % (
        len(versions), len(players), len(audit),
        ', '.join('%s %d' % kv for kv in sorted(stats.items()))))
    assert stats['views equal'] > 0 and moves > 0
    assert all(v == 'over' for v in (p.status for p in players)), 'every match ended'
    return 0


if __name__ == '__main__':
    sys.exit(harness.run(main()))
