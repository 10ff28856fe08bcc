#!/usr/bin/env python3
"""Prints the functions rami.wasm exports, comma-separated with emscripten's
leading underscore: every RAMI_API function of rami.h (so a function added
to the header is exported without touching the build), the rami_js_*
helpers of rami-js.c, malloc and free."""
import re
import sys

names = []
for path in sys.argv[1:]:
    with open(path, encoding='utf-8') as f:
        text = f.read()
    names += re.findall(r'^(?:RAMI_API|RAMI_JS_EXPORT)\b[^(;]*?\b(rami_\w+)\s*\(', text, re.M)
print(','.join('_' + n for n in sorted(set(names)) + ['malloc', 'free']), end='')
