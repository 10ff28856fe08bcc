#!/bin/sh
# Instructions per self-play action, per rami_game_legal_moves call, per
# rami_meld_check call, per rami_solve_hand call and per rami_game_view_json
# and rami_game_save call (the text writers), counted by callgrind:
# stable on a noisy machine, so a change can be compared with the one
# before it. Each figure is the difference between a run of 2N and a run
# of N operations, which cancels the setup cost. Then the instructions of
# each legal-move call over the positions of N self-play actions (a
# profile dump after every call): their p50/p90/p99/max and mean.
#   tests/bench/callgrind.sh [BUILD_DIR]     (default: build)
# One to two minutes here (most of it the per-call dumps; 25 s of CPU).
# Last, the calls by kind (rami-instr kinds), with how many cost more
# than 4 x the median.
set -eu
build=${1:-build}
exe="$build/tests/bench/rami-instr"
[ -x "$exe" ] || { echo "build $exe first (meson compile -C $build)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is needed" >&2; exit 2; }
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$exe" "$1" "$2" 2>&1 |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for what in selfplay:20000:action legal:20000:call meld:200000:call solve:20000:call \
    view:2000:call save:2000:call; do
    name=${what%%:*}
    rest=${what#*:}
    n=${rest%%:*}
    unit=${rest#*:}
    a=$(count "$name" "$n")
    b=$(count "$name" $((2 * n)))
    echo "$name: $(( (b - a) / n )) instructions per $unit"
done

# One dump per rami_game_legal_moves call of 20,000 self-play actions.
n=20000
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
valgrind --tool=callgrind --collect-atstart=no --toggle-collect=rami_game_legal_moves \
    --dump-after=rami_game_legal_moves --combine-dumps=yes --dump-line=no \
    --callgrind-out-file="$tmp/cg" "$exe" selfplay "$n" >/dev/null 2>&1
sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$tmp/cg" | head -n "$n" >"$tmp/calls"
sort -n "$tmp/calls" |
    awk '{ v[NR] = $1; s += $1 }
         END { printf "legal per call over %d self-play positions: p50 %d, p90 %d, p99 %d, max %d, mean %d; p99/p50 %.1f\n",
                      NR, v[int(NR * 0.50)], v[int(NR * 0.90)], v[int(NR * 0.99)], v[NR], s / NR,
                      v[int(NR * 0.99)] / v[int(NR * 0.50)] }'

# The same calls by kind (rami-instr kinds: the same games, natively):
# how many of each kind, their median and p99, and how many cost more
# than 4 x the median of all calls (the target's line).
"$exe" kinds "$n" >"$tmp/kinds"
p50=$(sort -n "$tmp/calls" | awk '{ v[NR] = $1 } END { print v[int(NR * 0.50)] }')
paste -d ' ' "$tmp/calls" "$tmp/kinds" | sort -k2,2 -k1,1n |
    awk -v line=$((4 * p50)) '
        function out() { if (n) printf "  %-10s %5d calls, p50 %6d, p99 %6d, max %6d; %5d above %d\n",
                                       k, n, v[int(n * 0.50) + 1], v[int(n * 0.99) + 1], v[n], over, line }
        $2 != k { out(); k = $2; n = 0; over = 0 }
        { v[++n] = $1; over += $1 > line }
        END { out() }'
