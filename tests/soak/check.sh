#!/bin/sh
# Runs the hash soak for N lookups and compares every line with a recorded baseline.
# usage: check.sh SOAK_BINARY N BASELINE
set -e
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$1" --lookups "$2" > "$out"
if diff -u "$3" "$out"; then
  echo "hash soak: $(grep -vc '^#' "$out") lines identical to $3"
else
  echo "hash soak: lines differ from $3 (see above)"
  exit 1
fi
