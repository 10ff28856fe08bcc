#!/usr/bin/env python3
"""The layering of lib/ (doc/architecture.md), checked.

The layer table is the ```layers block of doc/architecture.md: one line a
layer, bottom first: its name, its header, then its .c files in order.
This script fails when
  - a file of lib/ is missing from the table (or listed but absent),
  - lib/meson.build does not list the .c files in the table's order,
  - a file includes a header of a higher layer (a header may include only
    headers of lower layers), or any file of lib/ includes rami-private.h
    (the umbrella for tests),
  - a .c file calls a function of a file that comes after it in the table
    (a higher layer, or later in its own layer), or a header's inline
    function calls a function of a higher layer.
Both graphs are then acyclic. Calls are found by name: every function with
external linkage is named rami_* (public) or rami__* (internal).

    tests/layers.py [SOURCE_ROOT]
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
lib = os.path.join(root, "lib")
UMBRELLA = "rami-private.h"
PUBLIC = {"rami.h", "rami-version.h"}
problems = []


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def strip_strings(text):
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def layer_table():
    doc = read(os.path.join(root, "doc", "architecture.md"))
    block = re.search(r"```layers\n(.*?)```", doc, re.S)
    if not block:
        sys.exit("doc/architecture.md has no ```layers block")
    layers = []
    for line in block.group(1).splitlines():
        words = line.split()
        if words:
            layers.append((words[0], words[1], words[2:]))
    return layers


layers = layer_table()
rank = {}  # file -> (layer index, position in the whole order)
order = 0
for index, (name, header, sources) in enumerate(layers):
    for f in [header] + sources:
        if f in rank:
            problems.append(f"{f} is listed twice")
        rank[f] = (index, order)
        order += 1

present = {f for f in os.listdir(lib) if f.endswith((".c", ".h"))}
for f in sorted(present - set(rank) - {UMBRELLA}):
    problems.append(f"lib/{f} is in no layer of doc/architecture.md")
for f in sorted(set(rank) - present):
    problems.append(f"{f} is listed in doc/architecture.md but not in lib/")

# lib/meson.build builds the same files in the same order.
meson = re.sub(r"#[^\n]*", "", read(os.path.join(lib, "meson.build")))
built = re.findall(r"'([\w.-]+\.c)'", meson.split("rami_sources = files(")[1].split(")")[0])
listed = [f for _, _, sources in layers for f in sources]
if built != listed:
    problems.append("lib/meson.build does not list the .c files in the order of the layer table")

raw = {f: strip_comments(read(os.path.join(lib, f))) for f in present}
texts = {f: strip_strings(text) for f, text in raw.items()}

# Includes.
include_edges = 0
for f, text in sorted(raw.items()):
    for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
        if inc in PUBLIC:
            continue
        include_edges += 1
        if inc == UMBRELLA:
            if f != UMBRELLA:
                problems.append(f"lib/{f} includes {UMBRELLA} (for tests only)")
            continue
        if f == UMBRELLA or f not in rank or inc not in rank:
            continue
        mine, theirs = rank[f][0], rank[inc][0]
        if f.endswith(".h") and theirs >= mine:
            problems.append(f"lib/{f} includes {inc}: a header includes only lower layers")
        elif theirs > mine:
            problems.append(f"lib/{f} includes {inc}, which is in a higher layer")

# Which file defines each function with external linkage.
DEF = re.compile(r"^(?!static\b)[A-Za-z_][\w \t\*]*?\b(rami_\w+)\s*\([^;{]*\)\s*\{", re.M)
defined = {}
for f, text in texts.items():
    if f.endswith(".c"):
        for m in DEF.finditer(text):
            defined[m.group(1)] = f


def inline_bodies(text):
    """The bodies of the static inline functions of a header."""
    bodies = []
    for m in re.finditer(r"static\s+inline\b[^;{]*\{", text):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        bodies.append(text[m.end():i])
    return "\n".join(bodies)


call_edges = set()
for f, text in sorted(texts.items()):
    if f == UMBRELLA or f not in rank:
        continue
    body = inline_bodies(text) if f.endswith(".h") else DEF.sub("", text)
    for name in set(re.findall(r"\b(rami_\w+)\s*\(", body)):
        callee = defined.get(name)
        if callee is None or callee == f:
            continue
        call_edges.add((f, callee))
        (my_layer, my_order), (their_layer, their_order) = rank[f], rank[callee]
        if f.endswith(".h"):
            bad = their_layer > my_layer
        else:
            bad = their_order > my_order
        if bad:
            problems.append(f"lib/{f} calls {name} of {callee}, which comes after it")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"layers: {len(rank)} files in {len(layers)} layers; {include_edges} includes and "
      f"{len(call_edges)} cross-file calls all point down the table (no cycle)")
