#!/usr/bin/env python3
"""Runs the shell sessions shown in README.md and docs/*.md and compares their output.

A session is a fenced block whose lines start with `$ `; each command's expected output is the
lines up to the next `$ ` line. Each command's standard output comes first, then its standard error. `...` in the expected output stands for any number of lines, and
a trailing ` ...` on a line for any rest of that line. Commands run in order in one bash shell,
in a scratch folder that links the repository's examples/ and tests/, with `texsim` meaning the
binary under test. A block preceded by `<!-- docs-examples: skip (reason) -->` is not run (its
output depends on the machine, e.g. absolute paths or timings); a session whose commands need a
tool that is not installed (ptxas, ocloc, ...) is skipped with a visible message.
usage: examples_check.py TEXSIM SOURCE_DIR
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARK = "@@texsim-docs-example@@"


def sessions(path):
    """Yields (first_line, [(command, [expected lines])]) for each session block of a file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i, skip_next = 0, False
    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("<!-- docs-examples: skip"):
            skip_next = True
        elif line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            body = lines[i + 1 : j]
            if body and body[0].startswith("$ ") and not skip_next:
                cmds = []
                for b in body:
                    if b.startswith("$ "):
                        cmds.append((b[2:], []))
                    elif cmds:
                        cmds[-1][1].append(b)
                yield i + 1, cmds
            skip_next = False
            i = j
        elif line.strip():
            skip_next = skip_next and line.strip().startswith("<!--")
        i += 1


def line_matches(pattern, line):
    """` ... ` inside a line (or ` ...` at its end) matches any text; the rest is literal."""
    if " ..." not in pattern:
        return pattern == line
    parts = re.split(r" \.\.\.(?= |$)", pattern)
    rx = ".*".join(re.escape(p) for p in parts)
    return re.fullmatch(rx, line) is not None


def matches(expected, actual):
    """Expected lines with `...` wildcards (whole lines, or a line's tail) against actual."""
    memo = {}

    def go(e, a):
        if (e, a) in memo:
            return memo[(e, a)]
        if e == len(expected):
            r = a == len(actual)
        elif expected[e].strip() == "...":
            r = any(go(e + 1, k) for k in range(a, len(actual) + 1))
        elif a == len(actual):
            r = False
        else:
            ok = line_matches(expected[e], actual[a])
            r = ok and go(e + 1, a + 1)
        memo[(e, a)] = r
        return r

    return go(0, 0)


def missing_tool(cmds, src):
    for c, _ in cmds:
        first = c.split()[0] if c.split() else ""
        m = re.match(r"^(?:[A-Za-z_][A-Za-z0-9_]*=\S+\s+)*(\S+)", c)
        tool = m.group(1) if m else first
        if tool in ("texsim", "echo", "cat", "cd", "ls"):
            continue
        if "/" in tool:
            if not os.path.exists(os.path.join(src, tool)):
                return tool
        elif shutil.which(tool) is None:
            return tool
    return None


def main():
    binary, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    docs = [os.path.join(src, "README.md")] + sorted(
        os.path.join(src, "docs", f) for f in os.listdir(os.path.join(src, "docs")) if f.endswith(".md"))
    failed = checked = skipped = 0
    for doc in docs:
        rel = os.path.relpath(doc, src)
        for line, cmds in sessions(doc):
            tool = missing_tool(cmds, src)
            if tool:
                print(f"SKIPPED: {rel}:{line}: {tool} not installed")
                skipped += 1
                continue
            with tempfile.TemporaryDirectory() as scratch:
                for d in ("examples", "tests", "build", "docs"):
                    if os.path.exists(os.path.join(src, d)):
                        os.symlink(os.path.join(src, d), os.path.join(scratch, d))
                script = [f'texsim() {{ "{binary}" "$@"; }}', "export -f texsim"]
                for c, _ in cmds:
                    script += ["__rc=$?", f"echo '{MARK}'", "(exit $__rc)", f"{{ {c}\n}} 2>.stderr",
                               "__rc=$?", "cat .stderr", "(exit $__rc)"]
                env = dict(os.environ, NO_COLOR="1", COLUMNS="100")
                out = subprocess.run(["bash", "-c", "\n".join(script)], cwd=scratch, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     timeout=120).stdout.decode("utf-8", "replace")
            parts = out.split(MARK + "\n")[1:]
            for k, (c, expected) in enumerate(cmds):
                actual = parts[k].rstrip("\n").split("\n") if k < len(parts) else []
                if actual == [""]:
                    actual = []
                while expected and expected[-1] == "":
                    expected = expected[:-1]
                checked += 1
                if not matches(expected, actual):
                    failed += 1
                    print(f"FAIL: {rel}:{line}: $ {c}")
                    for d in difflib.unified_diff(expected, actual, "documented", "actual",
                                                  lineterm="", n=1):
                        print("    " + repr(d)[1:-1] if d[:1] in "+-" else "    " + d)
    print(f"docs examples: {checked} commands checked, {failed} differ, {skipped} sessions skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
