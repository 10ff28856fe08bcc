// online-client.test.mjs - RemoteTable (online.js) against a scripted
// server: a fake WebSocket answers its requests. No browser, no wasm: what
// the client does with the protocol's replies, here rate_limited
// (doc/protocol.md, "Limits"): it waits retry_ms and sends the request
// again; any other error still reaches the caller.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { RemoteTable } from '../online.js';

/** A WebSocket whose server is script(request) -> reply (or null). */
class FakeSocket {
  static script = () => null;
  static last = null;

  constructor(url) {
    this.url = url;
    this.sent = [];
    FakeSocket.last = this;
    setTimeout(() => this.onopen?.(), 0);
  }

  send(text) {
    const msg = JSON.parse(text);
    this.sent.push({ msg, at: performance.now() });
    const reply = FakeSocket.script(msg, this);
    if (reply) setTimeout(() => this.onmessage?.({ data: JSON.stringify({ re: msg.type, id: msg.id, ...reply }) }), 0);
  }

  close() {
    this.onclose?.();
  }
}
globalThis.WebSocket = FakeSocket;

const seat = { table: '0123456789abcdef', seat: 0, token: 'f'.repeat(32) };

test('a rate_limited request is sent again after retry_ms', async () => {
  let refusals = 2;
  FakeSocket.script = (msg) =>
    refusals-- > 0
      ? { type: 'error', code: 'rate_limited', message: 'more than 50 requests a second', retry_ms: 40 }
      : { type: 'ok', table: seat.table, seat: 0 };
  const table = new RemoteTable(null, { url: 'ws://127.0.0.1:1/ws', resume: seat });
  await table.start();
  const sent = FakeSocket.last.sent;
  assert.deepEqual(sent.map((s) => s.msg.type), ['resume', 'resume', 'resume']);
  assert.deepEqual(sent[2].msg.token, seat.token);
  for (let i = 1; i < sent.length; i++) assert.ok(sent[i].at - sent[i - 1].at >= 35, 'waited retry_ms');
  assert.notEqual(sent[0].msg.id, sent[1].msg.id, 'each try is a request of its own');
  table.stop();
});

test('any other error reaches the caller', async () => {
  FakeSocket.script = () => ({ type: 'error', code: 'bad_token', message: 'the token is not this seat\'s' });
  const table = new RemoteTable(null, { url: 'ws://127.0.0.1:1/ws', resume: seat });
  await assert.rejects(table.start(), /bad_token/);
  assert.equal(FakeSocket.last.sent.length, 1);
  table.stop();
});
