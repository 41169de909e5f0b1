#!/usr/bin/env python3
# No function in src/ is over LIMIT lines unless tests/layering/long_functions.txt names it with a
# reason (issue 25 item 7: split where the split has a name). Usage: function_length.py SRC [LIMIT]
# [ALLOWED]; exits 1 naming each longer function and each allowance that is no longer needed.
import re
import sys
from pathlib import Path

# A definition at namespace scope (Google style, as clang-format writes it here): its header starts
# in column 0, ends with "{" after the parameter list, and its body closes with "}" in column 0.
HEADER_END = re.compile(r"\)\s*(const\s*)?(noexcept\s*)?(override\s*)?(->\s*[^{;]+)?\{\s*$")
NOT_FUNCTIONS = ("//", "#", "namespace", "}", "struct ", "class ", "enum ", "union ", "using ",
                 "template <", "static_assert", "extern ")


def functions(path):
    """Yields (first line, line count, name) for each namespace-scope function body."""
    lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line or line[0].isspace() or line.startswith(NOT_FUNCTIONS) or "(" not in line:
            i += 1
            continue
        if "=" in line.split("(", 1)[0]:  # a variable initialised by a call or a lambda
            i += 1
            continue
        end = i
        while end < len(lines) and end < i + 8:
            if HEADER_END.search(lines[end]):
                break
            if lines[end].rstrip().endswith((";", "}")):
                end = len(lines)
                break
            end += 1
        if end >= len(lines) or end >= i + 8:
            i += 1
            continue
        close = end + 1
        while close < len(lines) and lines[close] != "}":
            close += 1
        name = line.split("(", 1)[0].split()[-1] if line.split("(", 1)[0].split() else line
        yield i + 1, close - i + 1, name
        i = close + 1


def main():
    if len(sys.argv) < 2:
        print("usage: function_length.py SRC [LIMIT] [ALLOWED]", file=sys.stderr)
        return 2
    src = Path(sys.argv[1])
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 80
    allowed = {}
    if len(sys.argv) > 3:
        for row in Path(sys.argv[3]).read_text(encoding="utf-8").splitlines():
            if row.strip() and not row.startswith("#"):
                key, _, reason = row.partition(" -- ")
                if not reason.strip():
                    print(f"{sys.argv[3]}: '{row}' gives no reason", file=sys.stderr)
                    return 1
                allowed[key.strip()] = reason.strip()
    files = sorted(p for p in src.rglob("*") if p.suffix in (".cpp", ".hpp", ".h"))
    if not files:
        print(f"no source files under {src}", file=sys.stderr)
        return 1
    long, used, count = [], set(), 0
    for path in files:
        rel = path.relative_to(src).as_posix()
        for first, length, name in functions(path):
            count += 1
            if length <= limit:
                continue
            key = f"{rel} {name}"
            if key in allowed:
                used.add(key)
            else:
                long.append(f"{rel}:{first}: {name} is {length} lines (limit {limit})")
    stale = [f"{k} is allowed but no longer over {limit} lines" for k in allowed if k not in used]
    for message in long + stale:
        print(message, file=sys.stderr)
    if long or stale:
        return 1
    print(f"function length: {count} functions, none over {limit} lines but the "
          f"{len(used)} allowed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
