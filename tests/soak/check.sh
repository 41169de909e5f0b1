#!/bin/sh
# Runs the hash soak for N lookups and compares every line with a recorded baseline.
# usage: check.sh SOAK_BINARY N BASELINE
# Every line, the lavapipe profile's included, must be the same in Release and sanitized builds:
# the profile's arithmetic on values that may be NaN is explicit (decision P11).
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
