#!/usr/bin/env bash
# Docs agree with the program (issue 15 item 10): every option a --help names is in docs/cli.md and
# every option docs/cli.md names is in some --help; relative links in README.md and docs/*.md
# resolve inside the repository; every document a diagnostic cites is listed in docs/specs.md.
# usage: docs_check.sh TEXSIM SOURCE_DIR
set -u
BIN=$1 ROOT=$2
fail=0
say() { echo "FAIL: $*"; fail=1; }

help_opts=$(for c in "" demo check asm disasm run render describe sample describe-state place; do
  "$BIN" $c --help 2>/dev/null; done | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
doc_opts=$(grep -oE -- '--[a-z][a-z0-9-]*' "$ROOT/docs/cli.md" | sort -u)
for o in $help_opts; do grep -qxF -- "$o" <<<"$doc_opts" || say "$o is in --help but not in docs/cli.md"; done
for o in $doc_opts; do grep -qxF -- "$o" <<<"$help_opts" || say "$o is in docs/cli.md but in no --help"; done

for md in "$ROOT/README.md" "$ROOT"/docs/*.md; do
  dir=$(dirname "$md")
  grep -q '\.\./shared' "$md" && say "$(basename "$md") points outside the repository (../shared)"
  # Markdown links [text](target): relative targets must exist.
  while IFS= read -r target; do
    t=${target%%#*}
    [[ -z $t || $t == http* || $t == mailto:* ]] && continue
    [[ -e $dir/$t ]] || say "$(basename "$md"): link '$target' does not resolve"
  done < <(grep -oE '\]\([^)]+\)' "$md" | sed -E 's/^\]\((.*)\)$/\1/')
done

# Cited documents: the first name ending in .md inside a string literal that follows a rule.
while IFS= read -r doc; do
  grep -qF "\`$doc" "$ROOT/docs/specs.md" || say "a diagnostic cites '$doc', which docs/specs.md does not list"
done < <(grep -rhoE '"(research/|visa )?[A-Za-z0-9_-]+\.md' "$ROOT/src" | tr -d '"' | sort -u)

if ((fail)); then exit 1; fi
echo "docs consistent: $(wc -w <<<"$help_opts") options, links and citations checked"
