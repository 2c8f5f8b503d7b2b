"""The badge's code against CircuitPython's own API: mypy checks the badge's hal and firmware
modules with the `circuitpython-stubs` package, so a call that the desktop emulation (Blinka)
accepts but CircuitPython lacks (a misspelt keyword, a method CircuitPython has not got) fails
here, not on a badge. Values that pass through our own unannotated helpers are not followed."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

# `board` as the badge sees it: either kind of display (the boards' own stubs still name the
# CircuitPython 8 classes), and any pin by name (tests/test_hal_profiles.py checks the pins).
BOARD_PYI = """import busdisplay
import epaperdisplay
import microcontroller

class _Display(busdisplay.BusDisplay, epaperdisplay.EPaperDisplay): ...  # type: ignore[misc]

board_id: str
DISPLAY: _Display
def __getattr__(name: str) -> microcontroller.Pin: ...
"""
# MicroPython's gc (CPython's has no mem_free or mem_alloc)
GC_PYI = """def collect() -> None: ...
def enable() -> None: ...
def disable() -> None: ...
def mem_free() -> int: ...
def mem_alloc() -> int: ...
"""
# const as the portable modules' fallback defines it (the stubs' is generic)
MICROPYTHON_PYI = """from typing import Any
def const(x: Any) -> Any: ...
"""
# Our style, not the API: instance methods replaced (screens' on_button), untyped module
# dicts, a language module imported under one name in each branch (firmware/text.py).
QUIET = ("var-annotated", "method-assign", "no-redef")


def badge_files():
    """The hal and firmware modules that go onto the badge (the engine is plain Python, checked
    under MicroPython; hal/desktop.py is the simulator's)."""
    out = []
    for pkg in ("hal", "firmware"):
        for name in sorted(os.listdir(os.path.join(ROOT, pkg))):
            path = pkg + "/" + name
            if name.endswith(".py") and path != "hal/desktop.py":
                out.append(path)
    return out


# CircuitPython 9's stubs, installed beside the 10.3 ones by `make test` (Makefile: CP9)
CP9_STUBS = os.path.join(ROOT, "build", "circuitpython9-stubs")
OURS = ("board", "gc", "micropython")


def mypy(files, stubs, api=None):
    """mypy's report on files, with CircuitPython's stubs (the installed 10.3 ones, or those in
    the folder api), the badge's board, gc and const."""
    os.makedirs(stubs, exist_ok=True)
    if api:                # a <module>-stubs package is found on MYPYPATH as a plain package
        for name in os.listdir(api):
            if name.endswith("-stubs") and name[:-len("-stubs")] not in OURS:
                shutil.copytree(os.path.join(api, name), os.path.join(stubs, name[:-len("-stubs")]))
    for name, text in (("board.pyi", BOARD_PYI), ("gc.pyi", GC_PYI),
                       ("micropython.pyi", MICROPYTHON_PYI)):
        with open(os.path.join(stubs, name), "w") as f:
            f.write(text)
    # untyped code checked too; attributes that start as None (a screen, a match) not flagged
    args = [sys.executable, "-m", "mypy", "--cache-dir", os.path.join(ROOT, "build", "mypy_cache"),
            "--check-untyped-defs", "--no-strict-optional", "--ignore-missing-imports",
            "--follow-imports=silent", "--no-error-summary", "--hide-error-context"]
    args += ["--disable-error-code=" + code for code in QUIET]
    env = dict(os.environ, MYPYPATH=str(stubs))
    r = subprocess.run(args + list(files), cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=200)
    return r.returncode, r.stdout + r.stderr


@pytest.mark.parametrize("api", [None, CP9_STUBS], ids=["circuitpython10", "circuitpython9"])
def test_badge_code_uses_only_circuitpython_api(tmp_path, api):
    files = badge_files()
    assert "hal/circuitpython.py" in files and "firmware/app.py" in files
    if api:
        assert os.path.isdir(os.path.join(api, "displayio-stubs")), "run make test: " + api
    code, report = mypy(files, tmp_path, api)
    assert code == 0, report


PROBE = """import board
import displayio
import keypad
import pwmio


def draw():
    bmp = displayio.Bitmap(8, 8, 2)
    pal = displayio.Palette(2)
    pal.make_transparant(0)
    displayio.TileGrid(bmp, pixel_shader=pal, default_tyle=0)
    keypad.Keys((board.SW_A,), value_when_pressed=False, pul=True)
    pwmio.PWMOut(board.SPEAKER, freq=440)
    board.DISPLAY.refreshh()
"""


@pytest.mark.parametrize("api", [None, CP9_STUBS], ids=["circuitpython10", "circuitpython9"])
def test_the_check_catches_what_circuitpython_lacks(tmp_path, api):
    """Each line of the probe is something Blinka or a typo might let through."""
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    code, report = mypy([str(probe)], tmp_path / "stubs", api)
    assert code != 0
    for line, word in ((10, "make_transparant"), (11, "default_tyle"), (12, "pul"),
                       (13, "freq"), (14, "refreshh")):
        assert any(":%d:" % line in row and word in row for row in report.splitlines()), \
            (line, report)
