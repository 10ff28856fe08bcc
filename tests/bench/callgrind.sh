#!/bin/sh
# Instructions per self-play action and per rami_game_legal_moves call,
# counted by callgrind: stable on a noisy machine, so a change can be
# compared with the one before it. Each figure is the difference between a
# run of 2N and a run of N operations, which cancels the setup cost.
#   tests/bench/callgrind.sh [BUILD_DIR]     (default: build)
set -eu
build=${1:-build}
exe="$build/tests/bench/rami-instr"
[ -x "$exe" ] || { echo "build $exe first (meson compile -C $build)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is needed" >&2; exit 2; }
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$exe" "$1" "$2" 2>&1 |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for what in selfplay:20000 legal:20000; do
    name=${what%%:*}
    n=${what#*:}
    a=$(count "$name" "$n")
    b=$(count "$name" $((2 * n)))
    echo "$name: $(( (b - a) / n )) instructions per $( [ "$name" = legal ] && echo call || echo action)"
done
