"""`pip install` of the package into a fresh virtual environment, then a
game played by `python -c` outside the repository: what a user does first.

The source tree is copied (without build directories) so that the build
leaves nothing in the checkout. Skipped when meson-python, pip or venv is
missing (Debian: python3-mesonpy python3-pip python3-venv patchelf);
.ci/install-deps installs them, so CI always runs it."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

PLAY = '''
import rami
print("librami", rami.version(), "from", rami.library_path())
with rami.Game("51", players=2, seed=3) as g:
    while not g.over:
        g.play(g.bot_move("greedy", seed=g.turn))
    r = g.round_result()
    print(r.reason, r.points, g.returns())
'''


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, **kw)
    assert p.returncode == 0, f'{cmd}: exit {p.returncode}\n{p.stdout}\n{p.stderr}'
    return p.stdout


def test_pip_install_into_a_venv_and_play(tmp_path):
    for module in ('mesonpy', 'pip', 'venv', 'ensurepip'):
        try:
            __import__(module)
        except ImportError:
            pytest.skip(f'{module} is not installed for {sys.executable}')
    src = tmp_path / 'src'
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        'build*', '.git', '.mesonpy*', '__pycache__', '*.pyc'))
    venv = tmp_path / 'venv'
    # --system-site-packages: Debian's meson-python (and numpy) are visible;
    # --no-index: nothing is downloaded.
    run([sys.executable, '-m', 'venv', '--system-site-packages', str(venv)])
    python = str(venv / 'bin' / 'python')
    run([python, '-m', 'pip', 'install', '--no-build-isolation', '--no-index', str(src)],
        cwd=tmp_path)
    elsewhere = tmp_path / 'elsewhere'
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ('RAMI_LIB', 'PYTHONPATH')}
    out = run([python, '-c', PLAY], cwd=elsewhere, env=env)
    assert 'librami' in out and str(venv) in out
    assert any(out.splitlines()[1].startswith(r) for r in ('went_out', 'stock_out', 'turn_limit'))

    # The installed package loads only its own library and says what to do
    # when it is gone.
    site = run([python, '-c', 'import rami, os; print(os.path.dirname(rami.__file__))'],
               cwd=elsewhere, env=env).strip()
    os.remove(os.path.join(site, 'librami.so'))
    p = subprocess.run([python, '-c', 'import rami; rami.Game()'], cwd=elsewhere, env=env,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode != 0
    assert 'RamiLibraryError' in p.stderr and 'pip install' in p.stderr, p.stderr
