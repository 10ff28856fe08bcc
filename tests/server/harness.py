"""harness.py - what the rami-server tests share: starting, stopping and
killing a server on 127.0.0.1, reading its database, and the client of
examples/server/rami_client.py.

A test exits 77 (meson's SKIP) when Python's websockets package is missing.
"""

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'examples', 'server'))

try:
    import websockets  # noqa: F401  (rami_client needs it)
except ImportError:
    print('SKIP: Python websockets package missing (Debian: python3-websockets)')
    sys.exit(77)

import rami_client  # noqa: E402
from rami_client import Client, Seat, ServerError  # noqa: E402,F401

CARD_RE = r'(?<![0-9A-Za-z?])(?:10|[2-9AJQK])[CDHS](?![0-9A-Za-z])|(?<![0-9A-Za-z])JK(?![0-9A-Za-z])'


class Server:
    """A rami-server process. The port is chosen by the kernel the first
    time and kept for restarts, so clients reconnect to the same address."""

    def __init__(self, exe, workdir, *args, db=None):
        self.exe = exe
        self.workdir = workdir
        self.db = db or os.path.join(workdir, 'rami.db')
        self.args = list(args)
        self.port = 0
        self.proc = None
        self.log_path = os.path.join(workdir, 'server.log')
        self.starts = 0

    def start(self, timeout=20.0):
        log = open(self.log_path, 'a')
        log.write('---- start %d\n' % self.starts)
        log.flush()
        cmd = [self.exe, '--port', str(self.port), '--db', self.db] + self.args
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, text=True)
        log.close()
        deadline = time.monotonic() + timeout
        line = self.proc.stdout.readline()
        if 'listening on http://' not in line or time.monotonic() > deadline:
            self.proc.kill()
            raise RuntimeError('server did not start: %r\n%s' % (line, self.log()))
        self.port = int(line.split('http://127.0.0.1:')[1].split('/')[0])
        self.starts += 1
        return self

    @property
    def url(self):
        return 'ws://127.0.0.1:%d/ws' % self.port

    def http(self, path):
        try:
            with urllib.request.urlopen('http://127.0.0.1:%d%s' % (self.port, path),
                                        timeout=10) as r:
                return r.status, r.headers.get('Content-Type'), r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers.get('Content-Type'), e.read()

    def health(self):
        return json.loads(self.http('/health')[2])

    def stop(self):
        """SIGTERM; the exit status must be 0 (under ASan: no leak)."""
        if self.proc is None:
            return 0
        self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
            raise RuntimeError('server did not stop on SIGTERM\n' + self.log())
        self.proc.stdout.close()
        self.proc = None
        if rc != 0:
            raise RuntimeError('server exited with %d\n%s' % (rc, self.log()))
        return rc

    def kill(self):
        """SIGKILL: no chance to finish anything."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.proc.stdout.close()
        self.proc = None

    def log(self):
        try:
            with open(self.log_path) as f:
                return f.read()[-6000:]
        except OSError:
            return ''

    def pid(self):
        return self.proc.pid

    def db_connect(self):
        con = sqlite3.connect('file:%s?mode=ro' % self.db, uri=True, timeout=10)
        con.row_factory = sqlite3.Row
        return con


def snapshot(server, table=None):
    """The stored state: table rows, seat rows and the event count; and the
    server's counters that a refused request must not move."""
    con = server.db_connect()
    try:
        where, args = ('WHERE id = ?', (table,)) if table else ('', ())
        tables = [tuple(r) for r in con.execute(
            'SELECT id, version, status, record FROM tables %s ORDER BY id' % where, args)]
        where, args = ('WHERE table_id = ?', (table,)) if table else ('', ())
        seats = [tuple(r) for r in con.execute(
            'SELECT table_id, seat, kind, left_, name, token_hash FROM seats %s'
            ' ORDER BY table_id, seat' % where, args)]
        events = con.execute('SELECT count(*) FROM events %s' % where, args).fetchone()[0]
    finally:
        con.close()
    h = server.health()
    return {'tables': tables, 'seats': seats, 'events': events, 'moves': h['moves'],
            'counts': h['tables']}


def workdir(name):
    base = os.environ.get('MESON_BUILD_ROOT') or tempfile.gettempdir()
    return tempfile.mkdtemp(prefix='rami-server-%s-' % name, dir=base)


def exe_from_argv():
    if len(sys.argv) < 2:
        print('usage: %s path/to/rami-server [options]' % sys.argv[0], file=sys.stderr)
        sys.exit(2)
    return os.path.abspath(sys.argv[1])


def run(coro):
    return asyncio.run(coro)


# --------------------------------------------------------------------------
# A scripted player
# --------------------------------------------------------------------------

def choose(moves, phase, rng):
    """A random legal move from the server's list, leaning towards melds
    and lay-offs so that rounds end. Nothing here knows the rules."""
    if phase == 'draw':
        return 'take' if 'take' in moves and rng.random() < 0.25 else 'draw'
    discards = [m for m in moves if m.startswith('discard')]
    others = [m for m in moves if not m.startswith('discard')]
    if others and (not discards or rng.random() < 0.6):
        return rng.choice(others)
    return rng.choice(discards or moves)


class Player:
    """Plays one seat with random legal moves until the match is over.

    Acts only on the newest view, and only once the push that follows its
    last acknowledged move has arrived, so it never sends a stale move.
    With reconnect=True it survives a dropped connection (a killed server):
    it connects again, resumes the seat with its token and goes on.
    Records acks (table, seq, seat, move) and events (table, seq, actor,
    move, by) for the checks of the tests."""

    def __init__(self, seat, rng, url=None, reconnect=False, undo_rate=0.0, timeout=60.0,
                 record=False):
        self.seat = seat
        self.rng = rng
        self.url = url
        self.reconnect = reconnect
        self.undo_rate = undo_rate
        self.timeout = timeout
        self.record = record
        self.view = None
        self.seq = 0
        self.min_seq = 0
        self.status = None
        self.acks = []
        self.events = []
        self.errors = []
        self.latencies = []
        self.reconnects = 0
        self.received = []  # (raw text) of every connection, when record
        self.stopped = False  # set to stop acting (benchmarks)

    async def run(self):
        while self.status not in ('over', 'abandoned') and not self.stopped:
            try:
                await self._loop()
            except (ConnectionError, websockets.ConnectionClosed, OSError):
                if not self.reconnect:
                    raise
                await self._reconnect()

    async def _reconnect(self, deadline=60.0):
        end = time.monotonic() + deadline
        old = self.seat.client
        if old.record:
            self.received.extend(old.received)
            old.received = []
        while time.monotonic() < end:
            try:
                c = await Client(self.url, record=self.record, timeout=10).connect()
                self.seat = Seat(c, self.seat.table, self.seat.seat, self.seat.token)
                await self.seat.resume()
                self.reconnects += 1
                self.min_seq = 0
                return
            except rami_client.ServerError as e:
                if e.code != 'unknown_table':
                    raise
                # The match ended (stored) just before a SIGKILL cut the
                # connection, so the final push never came; a restarted
                # server loads only tables still in play. The fault test's
                # audit of the database still checks every acknowledged move.
                self.status = 'over'
                return
            except (ConnectionError, websockets.ConnectionClosed, OSError,
                    websockets.InvalidHandshake, asyncio.TimeoutError):
                await asyncio.sleep(0.05)
        raise RuntimeError('could not reconnect in %.0f s' % deadline)

    def _take(self, m):
        if m.get('table') != self.seat.table:
            return
        if m['type'] == 'event':
            self.events.append((m['table'], m['seq'], m['actor'], m['move'], m['by']))
        if m.get('seq', -1) >= self.seq:
            self.seq = m['seq']
            if m.get('view'):
                self.view = m['view']
            self.status = m['info']['status']

    async def _loop(self):
        c = self.seat.client
        while self.status not in ('over', 'abandoned'):
            m = await c.next_push(self.timeout)
            self._take(m)
            v = self.view
            if self.stopped:
                return
            if (c.pushes.empty() and v and self.status == 'playing' and self.seq >= self.min_seq
                    and v['current'] == self.seat.seat and v['phase'] in ('draw', 'play')):
                await self._act(v)

    async def _act(self, v):
        moves = await self.seat.moves()
        text = choose(moves, v['phase'], self.rng)
        t0 = time.monotonic()
        r = await self.seat.move(text, check=False)
        self.latencies.append(time.monotonic() - t0)
        if r['type'] != 'ok':
            self.errors.append((text, r))
            return
        self.acks.append((self.seat.table, r['seq'], self.seat.seat, text))
        self.min_seq = r['seq']
        if text.startswith(('meld', 'lay', 'swap')) and self.rng.random() < self.undo_rate:
            r = await self.seat.request('undo', check=False)
            if r['type'] == 'ok':
                self.acks.append((self.seat.table, r['seq'], self.seat.seat, 'undo'))
                self.min_seq = r['seq']
            else:
                self.errors.append(('undo', r))


async def open_table(url, rng, humans, bots, record=False, **create):
    """Creates a table and seats `humans` players, one connection each."""
    c0 = await Client(url, record=record).connect()
    r = await c0.request('create', seats=humans + bots, bots=bots, **create)
    seats = []
    for i in range(humans):
        c = c0 if i == 0 else await Client(url, record=record).connect()
        seats.append(await c.join(r['table'], name='p%d' % i))
    return r['table'], seats
