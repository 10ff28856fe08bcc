#!/usr/bin/env python3
"""Checks that librami.so (or librami-1.dll) exports exactly the functions
that rami.h declares with RAMI_API: no internal helper leaks, no public
function is missing.

usage: symbols.py LIBRARY.so HEADER.h [NM]
       symbols.py LIBRARY.dll HEADER.h OBJDUMP    (a Windows DLL's export table)
"""
import re
import subprocess
import sys


def header_functions(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    # RAMI_API <type> <name>(   -- the type may hold spaces, '*' and 'const'.
    pattern = re.compile(r"\bRAMI_API\s+[^;(#]*?\b(rami_\w+)\s*\(")
    return set(pattern.findall(text))


def exported_symbols(lib, nm):
    out = subprocess.run([nm, "-D", "--defined-only", lib], check=True,
                         capture_output=True, text=True).stdout
    names = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        kind, name = parts[-2], parts[-1]
        if kind == "A":  # the version node, e.g. RAMI_1.0
            continue
        name = name.split("@")[0]
        names[name] = kind
    return names


def dll_exports(lib, objdump):
    out = subprocess.run([objdump, "-p", lib], check=True, capture_output=True,
                         text=True).stdout
    names, in_table = {}, False
    for line in out.splitlines():
        if "[Ordinal/Name Pointer] Table" in line:
            in_table = True
        elif in_table and not line.strip():
            break
        elif in_table:
            names[line.split()[-1]] = "T"  # a DLL exports functions only here
    return names


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    lib, header = sys.argv[1], sys.argv[2]
    nm = sys.argv[3] if len(sys.argv) == 4 else "nm"
    declared = header_functions(header)
    exported = dll_exports(lib, nm) if lib.endswith(".dll") else exported_symbols(lib, nm)
    if not declared:
        print("no RAMI_API declaration found in " + header)
        return 1
    status = 0
    not_functions = sorted(n for n, k in exported.items() if k not in ("T", "t", "W", "i"))
    leaked = sorted(set(exported) - declared)
    missing = sorted(declared - set(exported))
    for name in leaked:
        print("exported but not declared with RAMI_API in rami.h: %s (%s)" % (name, exported[name]))
        status = 1
    for name in missing:
        print("declared with RAMI_API in rami.h but not exported: %s" % name)
        status = 1
    for name in not_functions:
        if name in declared:
            print("declared as a function but exported as type %s: %s" % (exported[name], name))
            status = 1
    print("%d functions declared, %d symbols exported" % (len(declared), len(exported)))
    return status


if __name__ == "__main__":
    sys.exit(main())
