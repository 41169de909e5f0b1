#!/usr/bin/env bash
# CLI transcript golden (issue 31): runs every "$ " command of a transcript file with `texsim`
# bound to the binary under test, and compares what it prints (stdout and stderr together) and
# its exit status with the transcript. Commands run in a scratch folder where examples/ and
# tests/ of the source tree are reachable by those names, so messages name stable paths.
# usage: transcript.sh TEXSIM TRANSCRIPT WORKDIR [--update]
set -u
bin=$1 file=$2 work=$3 update=${4:-}
src=$(cd "$(dirname "$0")/../../.." && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
ln -s "$src/examples" examples
ln -s "$src/tests" tests
texsim() { "$bin" "$@"; }
export -f texsim
export bin
actual=$(mktemp)
in_output=0  # between a command and its "[exit N]": recorded output, replaced by this run's
while IFS= read -r line || [ -n "$line" ]; do
  if [ "$in_output" = 1 ]; then
    if [[ $line == '[exit '*']' ]]; then in_output=0; continue; fi
    # A transcript written by hand has no output yet: the next command or comment ends it.
    [[ $line == '$ '* || $line == '# '* ]] || continue
    in_output=0
  fi
  case "$line" in
    '$ '*)
      printf '%s\n' "$line" >> "$actual"
      out=$(bash -c "${line#\$ }" 2>&1 </dev/null)
      rc=$?
      [ -n "$out" ] && printf '%s\n' "$out" >> "$actual"
      printf '[exit %d]\n' "$rc" >> "$actual"
      in_output=1
      ;;
    *)
      printf '%s\n' "$line" >> "$actual"
      ;;
  esac
done < "$file"
if [ "$update" = "--update" ]; then
  cp "$actual" "$file"
  echo "transcript: rewrote $file"
  exit 0
fi
if diff -u "$file" "$actual"; then
  echo "transcript: $(grep -c '^\$ ' "$file") commands as recorded ($file)"
  exit 0
fi
echo "transcript: differs from $file (rerun with --update after checking the diff)"
exit 1
