#!/bin/sh
# No function of lib/ above cyclomatic complexity 20 (issue 16), measured by
# pmccabe (Debian package pmccabe). Both of its counts must stay within the
# limit: the modified one (a switch is one decision) and the traditional
# one (every case is a decision); && and || count as decisions in both.
#   tests/complexity.sh [SOURCE_ROOT] [LIMIT]      (defaults: . and 20)
# Exit 77 (meson: skipped) when pmccabe is missing.
set -eu
root=${1:-.}
limit=${2:-20}
command -v pmccabe >/dev/null 2>&1 || { echo "pmccabe not found: skipped"; exit 77; }
report=$(pmccabe "$root"/lib/*.c "$root"/lib/*.h)
max=$(printf '%s\n' "$report" |
    awk '{ if ($1 > m) m = $1; if ($2 > m) m = $2 } END { print m + 0 }')
echo "largest cyclomatic complexity in lib/: $max (limit $limit)"
over=$(printf '%s\n' "$report" | awk -v limit="$limit" '$1 > limit || $2 > limit')
if [ -n "$over" ]; then
    echo "above the limit (modified, traditional, statements, line, lines, function):"
    printf '%s\n' "$over"
    exit 1
fi
