#!/usr/bin/python3
"""rami_client.py - a small client of rami-server (doc/protocol.md).

As a program, it plays Rami in a terminal against people and bots on a
server:

    rami_client.py create --seats 3 --bots 1        # a table; prints its id
    rami_client.py join TABLE --name ann            # take a seat
    rami_client.py resume TABLE SEAT TOKEN          # come back after a drop
    rami_client.py create --bots 1 --auto           # let the client play
    rami_client.py watch TABLE                      # follow a table, no seat

Type moves in the library's notation (draw, take, meld 7S 8S 9S, lay 9S on 2,
swap 6S on 2, discard KH), or: moves, undo, leave, quit.

As a module (the server's tests use it), Client speaks the protocol:

    c = Client(url); await c.connect()
    r = await c.request('create', seats=2, bots=1)
    s = await c.join(r['table'], name='ann')      # a Seat: table, seat, token
    await s.move('draw')

It needs Python's websockets package (Debian: python3-websockets). No rule
of the game is decided here: legality, scores and views come from the
server, which asks librami.
"""

import argparse
import asyncio
import json
import random
import sys
import time

import websockets

DEFAULT_URL = 'ws://127.0.0.1:8080/ws'


class ServerError(Exception):
    """An error reply: code (doc/protocol.md), message and the whole reply."""

    def __init__(self, reply):
        super().__init__('%s: %s%s' % (reply.get('code'), reply.get('message'),
                                       ' (%s)' % reply['reason'] if reply.get('reason') else ''))
        self.code = reply.get('code')
        self.reply = reply


class Client:
    """One WebSocket connection. Replies are matched to requests by id;
    pushes (state, event, table, detached) queue up in self.pushes.
    With record=True every received text is kept in self.received."""

    def __init__(self, url=DEFAULT_URL, record=False, timeout=30.0):
        self.url = url
        self.record = record
        self.timeout = timeout
        self.received = []
        self.pushes = asyncio.Queue()
        self.ws = None
        self._next_id = 1
        self._waiting = {}
        self._reader = None
        self.closed = asyncio.Event()

    async def connect(self):
        self.ws = await websockets.connect(self.url, max_size=8 << 20, ping_interval=None,
                                           open_timeout=self.timeout)
        self._reader = asyncio.ensure_future(self._read())
        return self

    async def close(self):
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            try:
                await self._reader
            except Exception:  # a closed connection is what we asked for
                pass

    async def _read(self):
        try:
            async for text in self.ws:
                if self.record:
                    self.received.append(text)
                msg = json.loads(text)
                fut = self._waiting.pop(msg.get('id'), None) if 'id' in msg else None
                if fut is not None and not fut.done():
                    fut.set_result(msg)
                else:
                    self.pushes.put_nowait(msg)
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed.set()
            self.pushes.put_nowait(None)  # wakes next_push
            for fut in self._waiting.values():
                if not fut.done():
                    fut.set_exception(ConnectionError('connection closed'))
            self._waiting.clear()

    async def send_raw(self, data):
        """Sends text or bytes as they are (tests of bad input)."""
        await self.ws.send(data)

    async def request(self, type_, check=True, retry=True, **fields):
        """Sends {"type": type_, "id": n, **fields}; returns the reply.
        An error reply raises ServerError unless check is False. With
        retry, a rate_limited refusal is waited out (its retry_ms) and the
        request sent again, for up to the client's timeout."""
        deadline = time.monotonic() + self.timeout
        while True:
            reply = await self._send(type_, fields)
            if not (retry and reply.get('code') == 'rate_limited' and
                    time.monotonic() < deadline):
                break
            await asyncio.sleep(reply.get('retry_ms', 100) / 1000)
        if check and reply.get('type') == 'error':
            raise ServerError(reply)
        return reply

    async def _send(self, type_, fields):
        rid = self._next_id
        self._next_id += 1
        fut = asyncio.get_running_loop().create_future()
        self._waiting[rid] = fut
        try:
            await self.ws.send(json.dumps(dict(fields, type=type_, id=rid)))
            reply = await asyncio.wait_for(fut, self.timeout)
        finally:
            self._waiting.pop(rid, None)
            if not fut.done():
                fut.cancel()
            elif not fut.cancelled():
                fut.exception()  # seen: no "never retrieved" warning
        return reply

    async def next_push(self, timeout=None):
        """The next push; ConnectionError once the connection has closed
        and every push received before has been taken."""
        msg = await asyncio.wait_for(self.pushes.get(), timeout or self.timeout)
        if msg is None:
            self.pushes.put_nowait(None)
            raise ConnectionError('connection closed')
        return msg

    async def join(self, table, name=None, seat=None):
        fields = {'table': table}
        if name is not None:
            fields['name'] = name
        if seat is not None:
            fields['seat'] = seat
        r = await self.request('join', **fields)
        return Seat(self, r['table'], r['seat'], r['token'])


class Seat:
    """A seat at a table: the requests that act for it carry its token."""

    def __init__(self, client, table, seat, token):
        self.client, self.table, self.seat, self.token = client, table, seat, token

    def fields(self):
        return {'table': self.table, 'seat': self.seat, 'token': self.token}

    async def request(self, type_, check=True, **fields):
        return await self.client.request(type_, check=check, **dict(self.fields(), **fields))

    async def move(self, text, check=True):
        return await self.request('move', check=check, move=text)

    async def moves(self):
        return (await self.request('moves'))['moves']

    async def resume(self):
        return await self.request('resume')


# --------------------------------------------------------------------------
# Terminal play
# --------------------------------------------------------------------------

def show(view, seat):
    """Prints a seat's view (seat None: a spectator's, which holds no
    hand): the server's JSON, nothing computed here."""
    if not view:
        return
    print('-- round %d, turn %d, %s; seat %d to move' % (view['round'], view['turn'],
                                                       view['phase'], view['current']))
    for s in view['seats']:
        print('   seat %d: %2d cards, %s, total %d%s' % (
            s['seat'], s['hand_count'], 'opened' if s['opened'] else 'not opened', s['total'],
            '  (you)' if s['seat'] == seat else ''))
    for m in view['melds']:
        print('   meld %d (seat %d): %s' % (m['index'] + 1, m['owner'], ' '.join(m['cards'])))
    print('   discard: %s   stock: %d' % (view['discard'][-1] if view['discard'] else '-',
                                          view['stock_count']))
    if 'hand' in view:
        print('   your hand: %s' % ' '.join(view['hand']))
    if view.get('result'):
        print('   round over (%s): points %s' % (view['result']['reason'],
                                                view['result']['points']))
    if view.get('match_winners') is not None:
        print('   match over: winners %s' % view['match_winners'])


async def read_line(prompt):
    return await asyncio.get_running_loop().run_in_executor(None, lambda: input(prompt))


async def my_turn(seat, view, auto, rng):
    """One action of ours; False when the player wants to stop."""
    if auto:
        moves = await seat.moves()
        choice = rng.choice(moves)
        print('>> %s' % choice)
        await seat.move(choice, check=False)
        return True
    line = (await read_line('your move> ')).strip()
    if line in ('quit', 'exit'):
        return False
    try:
        if line == 'moves':
            print('   ' + ', '.join(await seat.moves()))
        elif line in ('undo', 'leave'):
            await seat.request(line)
            return line != 'leave'
        elif line:
            await seat.move(line)
    except ServerError as e:
        print('   refused: %s' % e)
    return True


def show_event(msg):
    print('   seat %d (%s): %s%s' % (msg['actor'], msg['by'], msg['move'],
                                   ' ' + msg['card'] if 'card' in msg else ''))


def finished(msg):
    return msg.get('info', {}).get('status') in ('over', 'abandoned')


async def watch(client, table):
    """Follows a table as a spectator until its match ends: every move, and
    the table as every seat sees it."""
    await client.request('watch', table=table)
    print('watching table %s' % table)
    while True:
        msg = await client.next_push(timeout=3600)
        if msg.get('table') != table:
            continue
        if msg['type'] == 'event':
            show_event(msg)
        if msg.get('view') and (msg['type'] == 'state' or client.pushes.empty()):
            show(msg['view'], None)
        if finished(msg):
            return


async def play(client, seat, auto):
    rng = random.Random()
    view = None
    while True:
        while view is None or not client.pushes.empty():
            msg = await client.next_push(timeout=3600)
            if msg['type'] == 'event':
                show_event(msg)
            if msg.get('view'):
                view = msg['view']
            if msg['type'] == 'detached':
                print('this seat was resumed elsewhere')
                return
            if finished(msg):
                show(view, seat.seat)
                return
        show(view, seat.seat)
        if view['current'] == seat.seat and view['phase'] in ('draw', 'play'):
            if not await my_turn(seat, view, auto, rng):
                return
        view = None


async def main_async(args):
    client = await Client(args.url).connect()
    if args.command == 'watch':
        await watch(client, args.table)
        await client.close()
        return
    if args.command == 'create':
        r = await client.request('create', preset=args.preset, seats=args.seats, bots=args.bots,
                                 bot_level=args.level, turn_seconds=args.turn_seconds)
        print('table %s: others join with: rami_client.py join %s' % (r['table'], r['table']))
        seat = await client.join(r['table'], name=args.name)
    elif args.command == 'join':
        seat = await client.join(args.table, name=args.name, seat=args.seat)
    else:
        seat = Seat(client, args.table, args.seat, args.token)
        await seat.resume()
    print('you are seat %d; your token (keep it to resume): %s' % (seat.seat, seat.token))
    await play(client, seat, args.auto)
    await client.close()


def main():
    p = argparse.ArgumentParser(description='Play Rami on a rami-server.')
    p.add_argument('--url', default=DEFAULT_URL)
    p.add_argument('--auto', action='store_true', help='play random legal moves')
    p.add_argument('--name', default='player')
    sub = p.add_subparsers(dest='command', required=True)
    c = sub.add_parser('create')
    c.add_argument('--preset', default='51')
    c.add_argument('--seats', type=int, default=2)
    c.add_argument('--bots', type=int, default=1)
    c.add_argument('--level', default='greedy')
    c.add_argument('--turn-seconds', type=int, default=120)
    j = sub.add_parser('join')
    j.add_argument('table')
    j.add_argument('--seat', type=int)
    r = sub.add_parser('resume')
    r.add_argument('table')
    r.add_argument('seat', type=int)
    r.add_argument('token')
    w = sub.add_parser('watch', help='follow a table as a spectator (no seat)')
    w.add_argument('table')
    args = p.parse_args()
    try:
        asyncio.run(main_async(args))
    except (ServerError, OSError) as e:
        print('rami_client: %s' % e, file=sys.stderr)
        return 1
    except (KeyboardInterrupt, EOFError):
        pass
    return 0


if __name__ == '__main__':
    sys.exit(main())
