#!/bin/sh
# Every C and C++ source that git tracks is as .clang-format lays it out,
# checked with Debian 12's clang-format 14 (other versions lay some lines
# out differently, so they are not asked).
#   tests/format.sh [SOURCE_ROOT]      (default: .)
# Exit 77 (meson: skipped) without clang-format 14. Outside a git checkout,
# the C and C++ files of the source folders.
set -eu
root=${1:-.}
command -v clang-format >/dev/null 2>&1 || { echo "clang-format not found: skipped"; exit 77; }
version=$(clang-format --version)
case $version in
*"version 14."*) ;;
*) echo "$version: not clang-format 14: skipped"; exit 77 ;;
esac
cd "$root"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    files=$(git ls-files -- '*.c' '*.h' '*.cpp' '*.hpp' ':!:**/node_modules/**')
else # a tree without git: the source folders, not what a build or npm put there
    files=$(find include lib tests examples python -path '*/node_modules' -prune -o \
        \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp' \) -print | sort)
fi
count=$(printf '%s\n' "$files" | wc -l)
# shellcheck disable=SC2086 # one word a file: the tracked paths hold no spaces
if ! clang-format --dry-run -Werror $files; then
    echo "not as .clang-format lays them out (clang-format -i FILE mends them): the files above"
    exit 1
fi
echo "$count sources as .clang-format lays them out"
