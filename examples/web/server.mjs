#!/usr/bin/env node
// server.mjs - a tiny static file server for the page, on 127.0.0.1 only.
// It serves the examples/ directory (the page is /web/, the JavaScript
// module /js/), with the right type for .wasm and no caching.
//
//   node examples/web/server.mjs [--port 8051] [--root DIR] [--map /url=FILE ...]
//
// --map serves one URL path from another file (the tests serve the build
// directory's fresh rami.wasm as /js/rami.wasm). Port 0 picks a free port.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

const DEFAULT_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Starts the server; resolves to {server, port, url} once it listens. */
export function startServer({ root = DEFAULT_ROOT, port = 8051, map = {}, log = false } = {}) {
  root = resolve(root);
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      return send(res, 400, 'bad request');
    }
    if (path === '/') {
      res.writeHead(302, { Location: '/web/' });
      return res.end();
    }
    let file = map[path] ?? join(root, normalize(path));
    if (!map[path] && file !== root && !file.startsWith(root + sep)) return send(res, 403, 'forbidden');
    let st = stat(file);
    if (st?.isDirectory()) {
      if (!path.endsWith('/')) {
        res.writeHead(301, { Location: `${path}/` });
        return res.end();
      }
      file = join(file, 'index.html');
      st = stat(file);
    }
    if (!st?.isFile()) return send(res, 404, 'not found');
    if (log) console.log(req.method, path);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': st.size,
      'Cache-Control': 'no-cache',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const actual = server.address().port;
      ok({ server, port: actual, url: `http://127.0.0.1:${actual}/web/` });
    });
  });
}

function stat(file) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

function send(res, code, text) {
  res.writeHead(code, { 'Content-Type': 'text/plain' });
  res.end(text);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opts = { map: {} };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--port') opts.port = Number(args[++i]);
    else if (a === '--root') opts.root = args[++i];
    else if (a === '--map') {
      const [url, file] = args[++i].split('=');
      opts.map[url] = resolve(file);
    } else if (a === '--log') opts.log = true;
    else {
      console.error('usage: server.mjs [--port N] [--root DIR] [--map /url=FILE] [--log]');
      process.exit(2);
    }
  }
  let started;
  try {
    started = await startServer(opts);
  } catch (e) {
    if (e.code !== 'EADDRINUSE' || opts.port !== undefined) throw e;
    started = await startServer({ ...opts, port: 0 }); // 8051 is taken: any free port
  }
  console.log(`Rami is served at ${started.url}  (Ctrl-C stops the server)`);
}
