#!/usr/bin/env bash
# How many vendor-corpus dumps (tests/vendor/visa/run_corpus.sh's cache) texsim can run as whole
# kernels: a dump counts when `texsim run` reports no error[VISA-UNSUPPORTED] (every instruction
# is a modelled row or a generic instruction docs/kernels.md lists). Also the mnemonics that stop
# the others, by the number of dumps they stop.
# usage: kernel-coverage.sh TEXSIM CORPUS_WORKDIR (the folder holding index and cache/)
set -u
texsim=$1 work=$2
scene=$(mktemp --suffix=.json)
trap 'rm -f "$scene"' EXIT
echo '{"texsim": 1, "isa": "visa"}' > "$scene"
total=0 runnable=0
declare -A stops
while read -r key dev _; do
  plat=$(tr '[:lower:]' '[:upper:]' <<< "$dev")
  for f in "$work/cache/$key"/*.visaasm; do
    [ -f "$f" ] || continue
    total=$((total + 1))
    out=$("$texsim" run -q --platform "$plat" "$f" --scene "$scene" 2>&1)
    if ! grep -q 'error\[VISA-UNSUPPORTED\]' <<< "$out"; then
      runnable=$((runnable + 1))
    else
      for m in $(grep 'error\[VISA-UNSUPPORTED\]' <<< "$out" | sed -nE \
                   -e 's/.*at line [0-9]+ \(([^)]*)\).*/\1/p' \
                   -e "s/.*: '([a-z0-9_]+)' is not modelled and cannot run.*/\\1(operands)/p" |
                 tr -d ',' | tr ' ' '\n' | sort -u); do
        stops[$m]=$((${stops[$m]:-0} + 1))
      done
    fi
  done
done < "$work/index"
echo "whole-kernel coverage: $runnable of $total dumps have every instruction modelled"
for m in "${!stops[@]}"; do echo "${stops[$m]} $m"; done | sort -rn
