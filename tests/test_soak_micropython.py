"""A long play session on the official MicroPython keeps no more heap than it started with.

tests/mpapp/play.py plays the firmware from .mpy files, as the badge runs it (docstrings out,
mpy-cross -O3, as tools.bench builds build/mpy): four matches (Sevens, Parliament, Coventry,
Play or Pay, in each language and difficulty), three times over from the same deal number,
27 deals, with the pause menu and the replay (after a tour of the help pages, statistics
and settings, which first interns their names), then a power cut. A match is a part of the
script ("#--"), and the heap is read at the title after each, collected at the top of the
next part: only there does this build's gc.collect() free (tools/mpy_run.mjs). The same match
in the third round must hold what it held in the first, but for the names interned in between
(MicroPython keeps those), and for what its collector keeps by mistake: it takes any word that
looks like a pointer for one, so a dead object or two may stay at one reading or another.
That noise moves with any change of the code, so the rounds are compared by the least growth
of the four matches: a leak raises them all, 18 deals' worth. Bytes only: no time is measured.
"""
import ast
import os
import shutil

import pytest

from conftest import ROOT
from tools.bench import QSTR_INFO, micropython_mpy_cross, write_modules
from tools.selftest import run_micropython

BOARD = "adafruit_macropad_rp2040"
# (preset, language, difficulty steps up, deals): the steps come round to the same difficulty,
# so every round plays the same matches as the first
ROUND = [(0, 0, 1, 3), (3, 1, 1, 2), (5, 2, 1, 2), (6, 0, 0, 2)]
PLAN = ROUND * 3
SLACK = 256         # bytes: a list or dict a step larger after another deal, not a leak
# bytes: more, at any one reading, than the collector's mistakes. It was 4 KB until a change
# that only moved objects about (the results page's keys line built with an empty string
# added or not, the same text) made one reading, and all after it, hold 7 KB more: a dead
# object kept for good by a word that looked like a pointer to it; a leak raises them all
NOISE = 8192
BUILD = "build/soak"
# (a number, not a new string in each part: MicroPython interns the strings a script holds)
READ = """#--
gc.collect()
print("CP", %d, gc.mem_alloc())
micropython.qstr_info()
"""


def build():
    """engine, hal, firmware and tests/mpapp (at the top) as .mpy files in BUILD."""
    modules = {}
    for folder in ("engine", "hal", "firmware", "tests/mpapp"):
        top = os.path.join(ROOT, "tests", "mpapp") if folder == "tests/mpapp" else ROOT
        for base, dirs, names in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in names:
                if name.endswith(".py") and name not in ("drive.py", "savefuzz.py"):
                    rel = os.path.relpath(os.path.join(base, name), top)[:-3].replace(os.sep, ".")
                    modules[rel[:-9] if rel.endswith(".__init__") else rel] = os.path.join(base, name)
    dest = os.path.join(ROOT, BUILD)
    shutil.rmtree(dest, ignore_errors=True)
    write_modules(modules, dest, micropython_mpy_cross())


def script():
    src = ("import gc, micropython, sys\nsys.path.insert(0, '/%s')\nimport play\n"
           "play.start(%r, '/firmware/fonts')\nplay.tour()\n" % (BUILD, BOARD))
    for n, (k, lang, harder, deals) in enumerate(PLAN):
        if n % len(ROUND) == 0:     # each round the same deals, as typing the deal number would
            src += "#--\nplay.app.settings['deal'] = 1\n"
        src += ("#--\nplay.set_language(%d)\nplay.play_match(%d, %d, %d)\nprint('played', play.played)\n"
                "play.played = []\n" % (lang, k, harder, deals)) + READ % n
    # the power cut, and the title again once the resumed match is quit
    return src + "#--\nplay.power_cut()\nplay.quit_match()\n" + READ % len(PLAN)


@pytest.fixture(scope="module")
def session():
    build()
    out = run_micropython(script(), timeout=300, copies=(BUILD, "firmware/fonts"), exts=(".bin",))
    assert out.returncode == 0, out.stderr[-3000:]
    lines = out.stdout.splitlines()
    pools = [[int(x) for x in m.groups()] for m in QSTR_INFO.finditer(out.stdout)]
    reads = [line.split()[1:] for line in lines if line.startswith("CP ")]
    assert len(reads) == len(pools) == len(PLAN) + 1, out.stdout[-3000:]
    # after match n (len(PLAN): the power cut): (heap held beyond the pool of
    # interned names, names interned)
    heap = dict((int(n), (int(alloc) - pool[2], pool[0])) for (n, alloc), pool in zip(reads, pools))
    return heap, lines


def test_every_match_is_played_to_the_title(session):
    heap, lines = session
    played = [ast.literal_eval(line[7:]) for line in lines if line.startswith("played ")]
    assert [set(p) for p in played] == [{(k, lang)} for k, lang, _, _ in PLAN]
    assert "resumed the same table: True" in lines


def test_the_last_round_of_matches_keeps_no_more_heap_than_the_first(session):
    heap, lines = session
    last = len(PLAN) - len(ROUND)
    growth = [heap[last + n][0] - heap[n][0] for n in range(len(ROUND))]
    assert min(growth) <= SLACK and max(growth) <= NOISE, (
        "the title holds more heap after the last round than after the first (bytes, beyond "
        "interned names, per match): %r" % growth)


def test_later_rounds_intern_no_new_names(session):
    """Names interned once a deal (a string built and interned, an attribute name made up)
    would grow MicroPython's pool for good."""
    heap, lines = session
    counts = [heap[n][1] for n in range(len(ROUND), len(PLAN))]
    assert len(set(counts)) == 1, counts


def test_a_power_cut_leaves_no_second_app_in_the_heap(session):
    """The app made anew at power-up holds no more than the one it replaced did at the title
    after the last match: resuming keeps no second copy of the match, its log or the replay.
    (play.power_up empties the old app first, as a power cut wipes the badge's heap.)"""
    heap, lines = session
    assert heap[len(PLAN)][0] - heap[len(PLAN) - 1][0] <= NOISE, heap
