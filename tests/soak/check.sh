#!/bin/sh
# Runs the hash soak for N lookups and compares every line with a recorded baseline.
# usage: check.sh SOAK_BINARY N BASELINE [--skip-lavapipe]
# --skip-lavapipe (sanitized builds): leave out the lavapipe profile's lines, whose results for
# some integer-format lanes depend on the optimisation level (a float-to-integer conversion of a
# non-finite value in sample_lavapipe.cpp's path; reported in issue 16's hand-in).
set -e
out=$(mktemp)
base=$(mktemp)
trap 'rm -f "$out" "$base"' EXIT
"$1" --lookups "$2" > "$out"
cp "$3" "$base"
if [ "$4" = "--skip-lavapipe" ]; then
  grep -v ' lavapipe ' "$out" > "$out.f" && mv "$out.f" "$out"
  grep -v ' lavapipe ' "$3" > "$base"
  echo "hash soak: lavapipe-profile lines left out in this (sanitized) build"
fi
if diff -u "$base" "$out"; then
  echo "hash soak: $(grep -vc '^#' "$out") lines identical to $3"
else
  echo "hash soak: lines differ from $3 (see above)"
  exit 1
fi
