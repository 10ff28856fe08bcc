#!/usr/bin/python3
"""load_bench.py - rami-server under load (a benchmark: figures, no pass/fail
on speed).

N tables, each with scripted players (one connection each, random legal
moves from the server's list) and bots, play for a bounded time. Reported:
moves per second (every move the server accepted: players' and bots'),
p50/p99 of a player's move round trip (move sent -> "ok" received), the
server's CPU time per 1000 moves, memory per table (growth of the server's
resident set / tables), and that nothing was lost or refused wrongly (every
acknowledged move is in the database at its seq; no move chosen from the
legal list was refused).

Usage: load_bench.py path/to/rami-server [--tables 200] [--seconds 30]
       [--humans 2] [--bots 2] [--bot-level greedy] [--bot-threads 1]
"""

import argparse
import asyncio
import os
import random
import sys
import time

import harness
from harness import Player, Server


def rss_kb(pid):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])
    return 0


def cpu_s(pid):
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float('nan')


async def bench(args):
    wd = harness.workdir('load')
    srv = Server(args.exe, wd, '--bot-delay-ms', '0', '--bot-threads', str(args.bot_threads),
                 '--max-tables', str(args.tables * 2 + 10),
                 '--max-connections', str(args.tables * args.humans + 100)).start()
    rng = random.Random(7)
    players = []
    try:
        await asyncio.sleep(0.2)
        rss0 = rss_kb(srv.pid())
        for _ in range(args.tables):
            table, seated = await harness.open_table(
                srv.url, rng, args.humans, args.bots, bot_level=args.bot_level,
                turn_seconds=0, ruleset={'match_rounds': 100})
            players += [Player(s, random.Random(rng.random()), timeout=120) for s in seated]
        await asyncio.sleep(0.5)
        rss1 = rss_kb(srv.pid())
        moves0, cpu0, client0, t0 = srv.health()['moves'], cpu_s(srv.pid()), time.process_time(), \
            time.monotonic()
        tasks = [asyncio.ensure_future(p.run()) for p in players]
        done, _ = await asyncio.wait(tasks, timeout=args.seconds)
        for p in players:
            p.stopped = True  # no new move after this
        elapsed = time.monotonic() - t0
        moves1, cpu1, client1 = srv.health()['moves'], cpu_s(srv.pid()), time.process_time()
        rss2 = rss_kb(srv.pid())
        while not all(t.done() for t in tasks):
            for t in tasks:
                t.cancel()  # again: asyncio.wait_for can swallow a cancellation
            await asyncio.wait(tasks, timeout=1)
        failed = [t for t in done if not t.cancelled() and t.exception()]
        for p in players:
            await p.seat.client.close()
    finally:
        srv.stop()
    lost = check_acks(srv, players)
    moves = moves1 - moves0
    lat = [x for p in players for x in p.latencies]
    refused = sum(len(p.errors) for p in players)
    print('load: %d tables (%d players + %d %s bots each), %.1f s, %d bot threads' % (
        args.tables, args.humans, args.bots, args.bot_level, elapsed, args.bot_threads))
    print('  moves accepted: %d = %.0f moves/s (players %d, bots and server %d)' % (
        moves, moves / elapsed, len(lat), moves - len(lat)))
    print('  player move round trip: p50 %.2f ms, p99 %.2f ms (%d moves)' % (
        1000 * percentile(lat, 0.5), 1000 * percentile(lat, 0.99), len(lat)))
    print('  server CPU: %.2f s = %.1f ms per 1000 moves; client CPU %.2f s' % (
        cpu1 - cpu0, (cpu1 - cpu0) * 1e6 / max(1, moves),
        client1 - client0))
    print('  server RSS: %d KiB idle, %d KiB with the tables, %d KiB at the end:'
          ' %.1f KiB per table (%.1f at the end)' % (
              rss0, rss1, rss2, (rss1 - rss0) / args.tables, (rss2 - rss0) / args.tables))
    print('  lost acknowledged moves: %d; refused moves from the legal list: %d; '
          'failed players: %d' % (lost, refused, len(failed)))
    return 1 if lost or refused or failed else 0


def check_acks(srv, players):
    con = srv.db_connect()
    lost = 0
    for p in players:
        for table, seq, seat, text in p.acks:
            row = con.execute('SELECT seat, text FROM events WHERE table_id = ? AND seq = ?',
                              (table, seq)).fetchone()
            lost += not row or tuple(row) != (seat, text)
    con.close()
    return lost


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('exe')
    ap.add_argument('--tables', type=int, default=int(os.environ.get('RAMI_LOAD_TABLES', 200)))
    ap.add_argument('--seconds', type=float,
                    default=float(os.environ.get('RAMI_LOAD_SECONDS', 30)))
    ap.add_argument('--humans', type=int, default=2)
    ap.add_argument('--bots', type=int, default=2)
    ap.add_argument('--bot-level', default='greedy')
    ap.add_argument('--bot-threads', type=int, default=1)
    args = ap.parse_args()
    args.exe = os.path.abspath(args.exe)
    return harness.run(bench(args))


if __name__ == '__main__':
    sys.exit(main())
