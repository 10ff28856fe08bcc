#!/bin/sh
# The whole test suite (README's second command): the native build's
# `meson test` (the library's suites, the programs, the Python package, the
# C++ header, the Rust crate, the C# binding, the server, the oracle, the fuzz corpora) and the WebAssembly build's (the
# JavaScript module, the npm package, the page in headless Chromium alone
# and against the native rami-server). Existing build directories are
# reused; new ones are set up. A suite whose tool is missing is skipped by
# meson (`.ci/install-deps --test` installs them all). About 5 minutes on 2
# cores from scratch.
set -eu
cd "$(dirname "$0")/.."
[ -d build ] || meson setup build
meson test -C build --print-errorlogs
if command -v emcc > /dev/null && command -v npm > /dev/null; then
    [ -d examples/web/node_modules ] ||
        PUPPETEER_SKIP_DOWNLOAD=1 npm ci --prefix examples/web --no-audit --no-fund
    [ -d build-wasm ] || meson setup build-wasm --cross-file cross/wasm32-emscripten.txt
    meson test -C build-wasm --print-errorlogs
else
    echo "tests/all.sh: emscripten or npm missing, the WebAssembly suites skipped" \
         "(.ci/install-deps --test installs them)" >&2
fi
