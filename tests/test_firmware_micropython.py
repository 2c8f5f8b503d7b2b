"""The badge firmware played through its buttons on the official MicroPython, as on CPython.

tests/mpapp/drive.py runs the real hal.circuitpython.Hal, firmware.app.App and the engine
with stand-ins for the badge's own modules, so a construct MicroPython and CircuitPython lack
(bytes.ljust, str.zfill, int.bit_length, ...) anywhere the firmware goes stops the run.
"""
import ast
import difflib
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from engine.rules import PRESETS
from firmware.text import LANGS
from tools.selftest import run_micropython

DRIVE = os.path.join(ROOT, "tests", "mpapp", "drive.py")
BOARDS = ("pimoroni_picosystem", "adafruit_macropad_rp2040")    # 240x240 colour, 128x64 mono


def summary(lines):
    """The driver's closing lines ("played: [...]"), as values."""
    out = {}
    for line in lines[-5:-1]:
        key, _, value = line.partition(": ")
        out[key] = ast.literal_eval(value)
    return out


@pytest.mark.parametrize("board", BOARDS)
def test_the_firmware_shows_the_same_screens_on_micropython_as_on_cpython(board):
    # -S: no site-packages, so the badge modules without a stand-in (pwmio, digitalio,
    # analogio, rotaryio) are missing on both runtimes, and Blinka's are not found instead
    cpython = subprocess.Popen([sys.executable, "-S", DRIVE, ROOT, board], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with open(DRIVE) as f:
        mp = run_micropython(f.read(), timeout=200, args=("/", board), exts=(".bin",),
                             copies=("engine", "hal", "firmware", "tests/mpapp"))
    cp_out, cp_err = cpython.communicate(timeout=200)
    assert cpython.returncode == 0, "the drive failed on CPython:\n" + cp_err
    assert mp.returncode == 0, "the drive failed on MicroPython:\n" + mp.stderr
    cp_lines = cp_out.splitlines()
    mp_lines = mp.stdout.splitlines()
    assert cp_lines[0].startswith("runtime: cpython ")
    assert mp_lines[0].startswith("runtime: MicroPython ")
    diff = list(difflib.unified_diff(cp_lines[1:], mp_lines[1:], "cpython", "micropython",
                                     n=1, lineterm=""))
    assert not diff, "MicroPython showed other screens:\n" + "\n".join(diff[:30])
    assert mp_lines[-1] == "done"
    got = summary(mp_lines)
    missing = "".join([chr(c) for c in got["missing glyphs"]])
    assert not missing, "the fonts lack " + missing
    assert got["languages"] == list(range(len(LANGS)))
    assert sorted(set(got["played"])) == [(k, k % len(LANGS)) for k in range(len(PRESETS))]
    assert got["resumed the same table"] is True


SAVEFUZZ = os.path.join(ROOT, "tests", "mpapp", "savefuzz.py")


@pytest.mark.parametrize("mode", ("nvm", "file"))
def test_saving_through_failing_writes_power_cuts_and_damage_is_the_same_on_micropython(mode):
    """The saving paths (firmware.autosave, engine.records, hal.stores' NvmStore, hal.file_store)
    under failures: OSError numbers, partial writes, torn pages and files, failing reads and
    damaged bytes (tests/mpapp/savefuzz.py). MicroPython takes every step as CPython does, down
    to the store's bytes, and no power-up loses what was reported saved."""
    args = ("adafruit_macropad_rp2040", mode, "7", "250")
    cpython = subprocess.Popen([sys.executable, "-S", SAVEFUZZ, ROOT] + list(args), cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with open(SAVEFUZZ) as f:
        mp = run_micropython(f.read(), timeout=200, args=("/",) + args, exts=(".bin",),
                             copies=("engine", "hal", "firmware", "tests/mpapp"))
    cp_out, cp_err = cpython.communicate(timeout=200)
    assert cpython.returncode == 0, "the fuzz failed on CPython:\n" + cp_err[-3000:]
    assert mp.returncode == 0, "the fuzz failed on MicroPython:\n" + mp.stderr[-3000:]
    cp_lines, mp_lines = cp_out.splitlines(), mp.stdout.splitlines()
    diff = list(difflib.unified_diff(cp_lines[1:], mp_lines[1:], "cpython", "micropython",
                                     n=1, lineterm=""))
    assert not diff, "MicroPython saved otherwise:\n" + "\n".join(diff[:30])
    assert mp_lines[-1] == "done"
    lost = [line for line in cp_lines if line.startswith(("  LOST", "  GARBAGE"))]
    assert not lost, "\n".join(lost)
    counts = dict((line.rsplit(" ", 1)[0][6:], int(line.rsplit(" ", 1)[1]))
                  for line in cp_lines if line.startswith("count "))
    for kind in ("errno 28", "errno 30", "errno 5", "errno 17", "errno 21", "read fail", "flip",
                 "truncate", "power-up ok"):
        assert counts.get(kind), (kind, counts)     # every kind of fault came up
    assert counts.get("cut mid-save", 0) + counts.get("cut mid-save torn", 0), counts


@pytest.mark.parametrize("mode", ("nvm", "file"))
def test_thirty_more_seeds_of_the_saving_fuzz_lose_nothing_on_cpython(mode):
    """The saving fuzz on CPython alone, seeds 11 to 40 (MicroPython's steps are compared with
    CPython's on seed 7 above): no power-up loses what was reported saved, and none after damage
    resumes a match never held or statistics counting more deals than were settled."""
    bad = []
    for first in range(11, 41, 6):
        runs = [subprocess.Popen([sys.executable, "-S", SAVEFUZZ, ROOT, "adafruit_macropad_rp2040", mode,
                                  str(seed), "250"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True) for seed in range(first, first + 6)]
        for seed, run in zip(range(first, first + 6), runs):
            out, err = run.communicate(timeout=120)
            assert run.returncode == 0, "seed %d failed:\n%s" % (seed, err[-3000:])
            assert out.endswith("done\n"), seed
            bad += ["seed %d: %s" % (seed, line) for line in out.splitlines()
                    if line.startswith(("  LOST", "  GARBAGE"))]
    assert not bad, "\n".join(bad)
