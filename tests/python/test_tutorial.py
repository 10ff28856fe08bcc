#!/usr/bin/env python3
"""The code of doc/tutorial.md compiles and runs: every ```c block is built
with warnings as errors and run, the ```python block runs with the package of python/ (and the library
given).

usage: test_tutorial.py TUTORIAL_MD SOURCE_ROOT LIBRAMI_SO INCLUDE_DIR... -- CC...
"""

import os
import re
import subprocess
import sys
import tempfile
import unittest

ARGS = sys.argv[1:]
SEP = ARGS.index('--')
TUTORIAL, ROOT, LIBRAMI = ARGS[:3]
INCLUDES, CC = ARGS[3:SEP], ARGS[SEP + 1:]

with open(TUTORIAL, encoding='utf-8') as f:
    TEXT = f.read()


def blocks(lang):
    return re.findall(r'^```%s\n(.*?)^```$' % lang, TEXT, re.M | re.S)


def build(src, tmp):
    name = re.match(r'/\* ([\w-]+)\.c', src).group(1)
    path = os.path.join(tmp, name + '.c')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(src)
    exe = os.path.join(tmp, name)
    cmd = CC + ['-std=c11', '-Wall', '-Wextra', '-Wpedantic', '-Werror']
    cmd += ['-I' + d for d in INCLUDES]
    cmd += [path, '-o', exe, LIBRAMI, '-Wl,-rpath,' + os.path.dirname(LIBRAMI)]
    subprocess.run(cmd, check=True)
    return name, exe


def run(cmd, stdin='', **kw):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=300, **kw)
    if p.returncode != 0:
        raise AssertionError('%s: exit %d\n%s%s' % (cmd, p.returncode, p.stdout, p.stderr))
    return p.stdout


class Tutorial(unittest.TestCase):
    def test_c_programs_compile_and_run(self):
        sources = blocks('c')
        self.assertEqual(len(sources), 2)
        with tempfile.TemporaryDirectory() as tmp:
            exes = dict(build(src, tmp) for src in sources)
            out = run([exes['tutorial-loop']], 'discard AS\ndraw\nmeld 2C 4C QC\nnonsense\n')
            self.assertIn('refused (move kind not allowed now): draw a card first', out)
            self.assertIn('refused (the cards do not form a valid meld): 2C 4C QC', out)
            self.assertIn('write a move such as', out)
            self.assertRegex(out, r'(?m)^round 2: points ')
            self.assertRegex(out, r'(?m)^winners \(bit mask\): [123]$')
            out = run([exes['tutorial-bot']])
            self.assertRegex(out, r'^after 10 rounds: my bot \d+ points, greedy bot \d+ points')

    def test_python_program_runs(self):
        (src,) = blocks('python')
        env = dict(os.environ, RAMI_LIB=LIBRAMI, PYTHONDONTWRITEBYTECODE='1',
                   PYTHONPATH=os.path.join(ROOT, 'python'))
        out = run([sys.executable, '-c', src], cwd=ROOT, env=env)
        self.assertIn('refused: RAMI_E_PHASE - draw a card first', out)
        self.assertRegex(out, r'(?m)^(went_out|stock_out|turn_limit) points \[')


if __name__ == '__main__':
    unittest.main(argv=sys.argv[:1], verbosity=2)
