#!/bin/sh
# Builds rami.wasm (emscripten, meson cross build in build-wasm/) and serves
# the page on 127.0.0.1, offline: open the address it prints.
#   examples/web/serve.sh [--port N]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
"$here/../js/build-wasm.sh"
exec node "$here/server.mjs" "$@"
