#!/usr/bin/python3
"""fault_test.py - kill -9 loses no accepted move.

Scripted players and bots play many matches while the server is killed
with SIGKILL at random moments and started again on the same database and
port. The players reconnect and resume their seats with their tokens. When
every match is over, the test checks, in the database the server kept:

  - every move a player had an "ok" for is stored at its seq, as sent;
  - every event a player saw (its own moves, the others', the bots') is
    stored at its seq, the same move by the same seat;
  - each table's event log runs 1..version without a gap, the table is
    over, and the moves of its last round in the log are exactly the
    moves of its saved-game record (what the library replays on load).

Usage: fault_test.py path/to/rami-server [tables] [kills]
(defaults 12 and 25, or RAMI_SERVER_FAULT_TABLES / RAMI_SERVER_FAULT_KILLS)
"""

import asyncio
import os
import random
import sys
import time

import harness
from harness import Player, Server

EXE = harness.exe_from_argv()
TABLES = int(sys.argv[2]) if len(sys.argv) > 2 else \
    int(os.environ.get('RAMI_SERVER_FAULT_TABLES', '12'))
KILLS = int(sys.argv[3]) if len(sys.argv) > 3 else \
    int(os.environ.get('RAMI_SERVER_FAULT_KILLS', '25'))


async def killer(server, players, rng, stats):
    """Kills and restarts the server until KILLS kills or every match ends."""
    while stats['kills'] < KILLS and not all(p.status == 'over' for p in players):
        await asyncio.sleep(rng.uniform(0.05, 0.6))
        if all(p.status == 'over' for p in players):
            break
        server.kill()
        stats['kills'] += 1
        await asyncio.sleep(rng.uniform(0.0, 0.3))
        t0 = time.monotonic()
        await asyncio.get_running_loop().run_in_executor(None, server.start)
        stats['restart_s'] = max(stats.get('restart_s', 0), time.monotonic() - t0)


def record_moves(record):
    """The move lines of a saved-game record (after 'round R' and, from
    record version 2 on, 'dealer D'; before 'end')."""
    lines = record.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('round ')) + 1
    if lines[start].startswith('dealer '):
        start += 1
    return lines[start:lines.index('end')]


def check_store(server, players):
    con = server.db_connect()
    events = {(t, s): (seat, kind, text, by, rnd) for t, s, seat, kind, text, by, rnd in
              con.execute('SELECT table_id, seq, seat, kind, text, by, round FROM events')}
    tables = list(con.execute('SELECT id, version, status, record FROM tables'))
    con.close()
    for table, version, status, record in tables:
        seqs = sorted(s for t, s in events if t == table)
        assert seqs == list(range(1, version + 1)), 'table %s: event log has gaps' % table
        assert status == 2, 'table %s did not finish (status %d)' % (table, status)
        last = max(events[(table, s)][4] for s in seqs)
        log = []
        for s in seqs:
            seat, kind, text, by, rnd = events[(table, s)]
            if rnd == last and kind == 'move':
                log.append(text)
            elif rnd == last and kind == 'undo':
                log.pop()
        assert log == record_moves(record), 'table %s: log and record disagree' % table
    acks = events_seen = 0
    for p in players:
        for table, seq, seat, text in p.acks:
            got = events.get((table, seq))
            assert got and got[0] == seat and got[2] == text, \
                'acknowledged move lost: %s seq %d seat %d %r, stored %r' % (
                    table, seq, seat, text, got)
            acks += 1
        for table, seq, actor, text, by in p.events:
            got = events.get((table, seq))
            assert got and (got[0], got[2], got[3]) == (actor, text, by), \
                'announced move lost: %s seq %d %r, stored %r' % (table, seq, text, got)
            events_seen += 1
    return len(tables), acks, events_seen


async def main():
    wd = harness.workdir('fault')
    server = Server(EXE, wd, '--bot-delay-ms', '15').start()
    rng = random.Random(19)
    players = []
    stats = {'kills': 0}
    try:
        for _ in range(TABLES):
            table, seated = await harness.open_table(
                server.url, rng, 2, rng.randint(0, 2), bot_level='greedy', turn_seconds=0,
                ruleset={'match_rounds': 3, 'max_turns': 60})
            players += [Player(s, random.Random(rng.random()), url=server.url, reconnect=True,
                               undo_rate=0.1, timeout=30) for s in seated]
        t0 = time.monotonic()
        await asyncio.wait_for(asyncio.gather(killer(server, players, rng, stats),
                                              *(p.run() for p in players)), 900)
        elapsed = time.monotonic() - t0
        for p in players:
            await p.seat.client.close()
    finally:
        server.stop()
    tables, acks, seen = check_store(server, players)
    refused = sum(len(p.errors) for p in players)
    print('fault: %d SIGKILLs in %.1f s (slowest restart %.2f s), %d tables finished, '
          '%d acknowledged moves and %d announced events all stored, %d reconnects, '
          '%d refused moves' % (stats['kills'], elapsed, stats.get('restart_s', 0), tables, acks,
                                seen, sum(p.reconnects for p in players), refused))
    assert stats['kills'] >= min(KILLS, 3), 'too few kills happened during play'
    return 0


if __name__ == '__main__':
    sys.exit(harness.run(main()))
