"""Shared by the virtual-badge tests (test_flash, test_vbadge): the repo root, the skip
marker for a missing MicroPython WebAssembly build, and mpremote on a badge's port."""
import subprocess
import sys
from pathlib import Path

import pytest

from tools.vbadge import WASM

ROOT = Path(__file__).resolve().parent.parent   # conftest.py has put it on sys.path

needs_vbadge = pytest.mark.skipif(not WASM.exists(),
                                  reason="MicroPython WebAssembly build not installed (npm install)")


def mpremote(port, *args, timeout=120):
    return subprocess.run([sys.executable, "-m", "mpremote", "connect", port, *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)
