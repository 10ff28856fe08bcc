#!/usr/bin/env bash
# ABI check of the shared library against the committed dump librami.abi.
#
#   tests/abi/check.sh BUILD_DIR            compare; fails on any ABI change
#                                           that is not an addition
#   tests/abi/check.sh BUILD_DIR --update   rewrite librami.abi from BUILD_DIR
#
# Only types reachable from the public headers count (abidw --headers-dir
# include/ and BUILD_DIR/include/ for rami-version.h, --drop-private-types).
# New functions and new enumerators pass (with a note to refresh the dump);
# a removed or changed function, a changed struct layout or enum value, or a
# new soname fails. Rule (meson.build): an incompatible change needs a new
# soversion, and the dump is regenerated in the same commit (doc/reliability.md).
# Needs abigail-tools (abidw, abidiff) and a build with debug info
# (buildtype debug or debugoptimized, the default).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:?usage: tests/abi/check.sh BUILD_DIR [--update]}
mode=${2:-check}
dump="$here/librami.abi"

lib=$(find "$build/lib" -maxdepth 1 -name 'librami.so.*.*.*' -type f | head -n 1)
[ -n "$lib" ] || { echo "abi: no librami.so.X.Y.Z under $build/lib" >&2; exit 1; }

# One set of options for the committed dump and the fresh one, so that the
# two compare field by field and hold no machine-specific paths.
abi_dump() {
    abidw --headers-dir "$root/include" --headers-dir "$build/include" \
        --drop-private-types --drop-undefined-syms --no-corpus-path --no-comp-dir-path \
        --no-show-locs --type-id-style hash --out-file "$2" "$1"
}

if [ "$mode" = "--update" ]; then
    abi_dump "$lib" "$dump"
    echo "abi: wrote $dump from $lib"
    exit 0
fi

fresh=$(mktemp)
report=$(mktemp)
trap 'rm -f "$fresh" "$report"' EXIT
abi_dump "$lib" "$fresh"

# abidiff's status is a bit field: 1 error, 2 usage error, 4 ABI change,
# 8 incompatible ABI change.
set +e
abidiff "$dump" "$fresh" > "$report"
rc=$?
set -e
if [ "$rc" -eq 0 ]; then
    echo "abi: no change against tests/abi/librami.abi"
    exit 0
fi
if [ $((rc & 3)) -ne 0 ] || [ $((rc & 8)) -ne 0 ]; then
    cat "$report"
    echo "abi: FAILED (abidiff status $rc): incompatible change or tool error" >&2
    exit 1
fi
# A change: acceptable only if nothing is left once additions are ignored.
set +e
abidiff --no-added-syms "$dump" "$fresh" > /dev/null
rc2=$?
set -e
cat "$report"
if [ "$rc2" -ne 0 ]; then
    echo "abi: FAILED: the ABI changed beyond additions (see above)" >&2
    exit 1
fi
echo "abi: additions only; refresh the dump: tests/abi/check.sh $build --update"
