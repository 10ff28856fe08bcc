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
       [--humans 2] [--bots 2] [--bot-level greedy] [--bot-threads 1] [--procs 2]

The clients (Python) run in --procs processes; on a small machine they, not
the server, set the pace: compare the server's CPU time with the clients'.
"""

import argparse
import asyncio
import multiprocessing
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


async def client_run(url, ntables, args, seed, ready, go, results):
    """One client process: its share of the tables, played for the time."""
    rng = random.Random(seed)
    players = []
    for _ in range(ntables):
        table, seated = await harness.open_table(
            url, rng, args.humans, args.bots, bot_level=args.bot_level, turn_seconds=0,
            ruleset={'match_rounds': 100})
        players += [Player(s, random.Random(rng.random()), timeout=120) for s in seated]
    ready.set()
    while not go.is_set():
        await asyncio.sleep(0.005)
    cpu0 = time.process_time()
    tasks = [asyncio.ensure_future(p.run()) for p in players]
    done, _ = await asyncio.wait(tasks, timeout=args.seconds)
    for p in players:
        p.stopped = True  # no new move after this
    cpu = time.process_time() - cpu0
    while not all(t.done() for t in tasks):
        for t in tasks:
            t.cancel()  # again: asyncio.wait_for can swallow a cancellation
        await asyncio.wait(tasks, timeout=1)
    failed = sum(1 for t in done if not t.cancelled() and t.exception())
    for p in players:
        await p.seat.client.close()
    results.put({'latencies': [x for p in players for x in p.latencies],
                 'acks': [a for p in players for a in p.acks],
                 'refused': sum(len(p.errors) for p in players), 'failed': failed, 'cpu': cpu})


def client_main(*a):
    asyncio.run(client_run(*a))


def bench(args):
    wd = harness.workdir('load')
    # Every client comes from 127.0.0.1 and plays as fast as it can: no
    # limit per address or per connection (the server's throughput is measured).
    srv = Server(args.exe, wd, '--bot-delay-ms', '0', '--bot-threads', str(args.bot_threads),
                 '--rate-per-second', '0', '--max-waiting-per-address', '0',
                 '--max-tables', str(args.tables * 2 + 10),
                 '--max-connections', str(args.tables * args.humans + 100)).start()
    ctx = multiprocessing.get_context('fork')
    results, go = ctx.Queue(), ctx.Event()
    procs = []
    try:
        time.sleep(0.2)
        rss0 = rss_kb(srv.pid())
        for i in range(args.procs):
            share = args.tables // args.procs + (i < args.tables % args.procs)
            ready = ctx.Event()
            p = ctx.Process(target=client_main,
                            args=(srv.url, share, args, 7 + i, ready, go, results))
            p.start()
            procs.append((p, ready))
        for p, ready in procs:
            ready.wait(600)
        time.sleep(0.5)
        rss1 = rss_kb(srv.pid())
        moves0, cpu0, t0 = srv.health()['moves'], cpu_s(srv.pid()), time.monotonic()
        go.set()
        time.sleep(args.seconds)
        elapsed = time.monotonic() - t0
        moves1, cpu1, rss2 = srv.health()['moves'], cpu_s(srv.pid()), rss_kb(srv.pid())
        out = [results.get(timeout=600) for _ in procs]
        for p, _ in procs:
            p.join(60)
    finally:
        srv.stop()
    acks = [a for o in out for a in o['acks']]
    lost = check_acks(srv, acks)
    moves = moves1 - moves0
    lat = [x for o in out for x in o['latencies']]
    refused = sum(o['refused'] for o in out)
    failed = sum(o['failed'] for o in out)
    print('load: %d tables (%d players + %d %s bots each), %.1f s, %d bot threads, '
          '%d client processes' % (args.tables, args.humans, args.bots, args.bot_level, elapsed,
                                   args.bot_threads, args.procs))
    print('  moves accepted: %d = %.0f moves/s (players %d, bots and server %d)' % (
        moves, moves / elapsed, len(lat), moves - len(lat)))
    print('  player move round trip: p50 %.2f ms, p99 %.2f ms (%d moves)' % (
        1000 * percentile(lat, 0.5), 1000 * percentile(lat, 0.99), len(lat)))
    print('  server CPU: %.2f s = %.1f ms per 1000 moves; clients CPU %.2f s' % (
        cpu1 - cpu0, (cpu1 - cpu0) * 1e6 / max(1, moves), sum(o['cpu'] for o in out)))
    print('  server RSS: %d KiB idle, %d KiB with the tables, %d KiB at the end:'
          ' %.1f KiB per table (%.1f at the end)' % (
              rss0, rss1, rss2, (rss1 - rss0) / args.tables, (rss2 - rss0) / args.tables))
    print('  lost acknowledged moves: %d of %d; refused moves from the legal list: %d; '
          'failed players: %d' % (lost, len(acks), refused, failed))
    return 1 if lost or refused or failed else 0


def check_acks(srv, acks):
    con = srv.db_connect()
    lost = 0
    for table, seq, seat, text in acks:
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
    ap.add_argument('--procs', type=int, default=2, help='client processes')
    args = ap.parse_args()
    args.exe = os.path.abspath(args.exe)
    return bench(args)


if __name__ == '__main__':
    sys.exit(main())
