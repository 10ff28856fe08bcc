#!/bin/sh
# Builds rami.wasm with Debian's emscripten (the meson cross build of
# cross/wasm32-emscripten.txt in build-wasm/ at the top of the repository,
# or $RAMI_WASM_BUILD) and copies it next to rami.js, which makes this
# directory a complete npm package (npm install ./examples/js).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${RAMI_WASM_BUILD:-$root/build-wasm}
if ! command -v emcc >/dev/null 2>&1; then
    echo "build-wasm.sh: emcc not found; install emscripten (.ci/install-deps --web)" >&2
    exit 1
fi
if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" "$root" --cross-file "$root/cross/wasm32-emscripten.txt" >/dev/null
fi
meson compile -C "$build" >/dev/null
cp "$build/examples/js/rami.wasm" "$here/rami.wasm"
echo "build-wasm.sh: $here/rami.wasm ($(wc -c < "$here/rami.wasm") bytes)"
