"""pytest setup for the tests of the Python package (python/rami): they
import the package from the source tree and load the library named by
RAMI_LIB (meson test sets both, see meson.build here)."""

import os
import sys

ROOT = os.environ.get('RAMI_SOURCE_ROOT') or os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'python'))
