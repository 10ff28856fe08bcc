#!/usr/bin/env python3
"""Keeps the status table of doc/api.md ("Statuses per function") in step
with rami.h: one row per RAMI_API function and no other, only statuses of
RAMI_STATUS_LIST, every RAMI_E_* status that a function's comment in rami.h
names is in its row, and every status of the list but RAMI_OK appears in
some row.

usage: status_table.py include/rami.h doc/api.md
"""
import re
import sys


def header(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    statuses = re.findall(r"X\((RAMI_(?:OK|E_\w+)),", text)
    # Each declaration with its own comment: the block right above it, or,
    # for a declaration right under another, that one's (a group).
    functions = {}
    comment = ""
    pos = 0
    decl = re.compile(r"^RAMI_API\b[^;(]*?\b(rami_\w+)\s*\(", re.M)
    for m in decl.finditer(text):
        between = text[pos:m.start()].strip()
        if between.endswith("*/"):
            comment = re.sub(r'"[^"]*"', "", between[between.rfind("/*"):])
        elif between:
            comment = ""
        functions[m.group(1)] = set(re.findall(r"\bRAMI_E_\w+", comment))
        pos = text.index(";", m.end()) + 1
    return statuses, functions


def table(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"<!-- status-table: begin -->(.*?)<!-- status-table: end -->", text, re.S)
    if not m:
        sys.exit("doc/api.md: no status table between the markers")
    rows = {}
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or not cells[0].startswith("`rami_"):
            continue
        name = cells[0].strip("`")
        if name in rows:
            sys.exit("doc/api.md: %s has two rows" % name)
        rows[name] = set(re.findall(r"\bRAMI_(?:OK|E_\w+)\b", cells[1]))
    return rows


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    statuses, functions = header(sys.argv[1])
    rows = table(sys.argv[2])
    problems = []
    for name in sorted(set(functions) - set(rows)):
        problems.append("%s is declared in rami.h but has no row" % name)
    for name in sorted(set(rows) - set(functions)):
        problems.append("%s has a row but is not declared in rami.h" % name)
    for name, named in sorted(rows.items()):
        for st in sorted(named - set(statuses)):
            problems.append("%s: %s is not a status of RAMI_STATUS_LIST" % (name, st))
        for st in sorted(functions.get(name, set()) - named - {"RAMI_E_"}):
            if st in statuses:
                problems.append("%s: rami.h names %s, its row does not" % (name, st))
    used = set().union(*rows.values()) if rows else set()
    for st in statuses:
        if st != "RAMI_OK" and st not in used:
            problems.append("%s is returned by no function of the table" % st)
    for p in problems:
        print(p)
    print("%d functions, %d statuses, %d problems" % (len(functions), len(statuses), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
