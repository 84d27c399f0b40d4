#!/usr/bin/env bash
# Makes Sudoku puzzles with 10^5 to 10^6 solutions, the instances on which
# docs/exactcover.md compares dlx count with Knuth's SSXCC (the Sudoku
# family): for each seed, "sudoku generate" makes a puzzle with one
# solution, then givens are taken away in an order drawn from the seed, a
# given being kept back when taking it away would give more than 10^6
# solutions, until the count is at least 10^5. One line per puzzle on
# standard output: the puzzle and its number of solutions.
#
#   scripts/sudoku-family.sh SIZE SEED...     (SIZE: 3x3 for 9x9, 4x4 for 16x16)
#
# exactcover/testdata/sudoku_family.txt holds the ones measured there:
#   scripts/sudoku-family.sh 3x3 1 2 3 4; scripts/sudoku-family.sh 4x4 1 2 3
# and "dlx gen sudoku PUZZLE" turns one into an exact cover problem.
set -eu
D=$(mktemp -d); trap 'rm -rf "$D"' EXIT
if [ -z "${SUDOKU:-}" ]; then go build -o "$D/sudoku" ./cmd/sudoku; SUDOKU=$D/sudoku; fi
size=$1; shift
lo=100000 hi=1000000
for seed in "$@"; do
  p=$("$SUDOKU" generate -seed "$seed" -size "$size" 2>/dev/null)
  n=${#p}
  # The cells with a given, in an order drawn from the seed.
  cells=$(for ((i = 0; i < n; i++)); do [ "${p:i:1}" != . ] && echo "$i"; done |
    awk -v s="$seed" 'BEGIN { srand(s) } { print rand(), $1 }' | sort -n | cut -d' ' -f2)
  count=1
  for i in $cells; do
    q=${p:0:i}.${p:i+1}
    c=$("$SUDOKU" count -limit $((hi + 1)) "$q" 2>/dev/null)
    case $c in *+) continue ;; esac
    p=$q count=$c
    [ "$count" -ge $lo ] && break
  done
  if [ "$count" -lt $lo ]; then
    echo "sudoku-family.sh: seed $seed: no puzzle with $lo to $hi solutions ($count)" >&2
    exit 1
  fi
  echo "$p $count"
done
