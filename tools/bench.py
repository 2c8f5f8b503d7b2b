"""Benchmarks: `python -m tools.bench [--json]`. Not a test: it prints measurements.

Times on this machine are noisy, so every MicroPython time is also given as a
ratio to a fixed reference loop measured in the same run. The README explains
how the ratio estimates the time on an RP2040.
"""
import argparse
import json
import os
import re
import shutil
import sys
import time
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.selftest import run_micropython    # noqa: E402
from tools.args import command                 # noqa: E402

# The reference loop: plain small-int bytecode, the kind the engine runs.
REF_LOOP = """
def ref_loop():
    x = 0
    for i in range(20000):
        x = (x * 3 + i) & 0xFFFF
    return x
"""
# Estimated time of ref_loop() on an RP2040 at 125 MHz (see README, "Speed on the badge").
RP2040_REF_LOOP_MS = 100.0

RANDOM_DEAL = """
from engine.rng import Rng
from engine.rules import preset
from engine.game import Game
RULES = preset("sevens")

def random_deal(d, rng):
    g = Game(RULES, d)
    while not g.winner >= 0:
        m = g.legal_moves()
        g.play(m[rng.below(len(m))])
    return g
"""

# A "#--" line returns to the top level (tools/mpy_run.mjs): only there does gc.collect() free
# what is garbage, so each heap reading starts a part of its own.
MPY_SCRIPT = REF_LOOP + """
import gc, time, json
#--
gc.collect()
base = gc.mem_alloc()
#--
""" + RANDOM_DEAL + """
from engine.match import Match
m = Match(RULES, 1)
#--
gc.collect()
retained = gc.mem_alloc() - base
#--
rng = Rng(1)
random_deal(1, rng)
gc.collect()
gc.disable()
a = gc.mem_alloc()
random_deal(2, rng)
alloc = gc.mem_alloc() - a
gc.enable()
best_ref = 1e9
best_deal = 1e9
n = 0
t_all = time.ticks_ms()
for k in range(5):
    t = time.ticks_us(); ref_loop(); best_ref = min(best_ref, time.ticks_diff(time.ticks_us(), t))
    for j in range(10):
        t = time.ticks_us(); random_deal(100 + n, rng); n += 1
        best_deal = min(best_deal, time.ticks_diff(time.ticks_us(), t))
total_ms = time.ticks_diff(time.ticks_ms(), t_all)
#--
from engine import save
from engine.records import Record
from hal.memory_store import MemoryStore
class Counted(MemoryStore):     # the writes that reach the store (a Record skips a payload it holds)
    writes = 0
    def save(self, name, data):
        self.writes += 1
        return MemoryStore.save(self, name, data)
store = Counted()
rec = Record(store, "game", 1)
g = m.game
saves = 0
t = time.ticks_us()
while not g.over:
    g.play(g.legal_moves()[0])
    rec.write(save.encode(m))
    saves += 1
saves_us = time.ticks_diff(time.ticks_us(), t)
print(json.dumps({"retained": retained, "alloc": alloc, "ref_us": best_ref, "saves_us": saves_us,
                  "saves": saves, "writes": store.writes, "deal_us": best_deal, "deals": n,
                  "total_ms": total_ms}))
"""


ENGINE_STATE_SCRIPT = """
import gc, json
from engine.rules import preset
from engine.match import Match
from engine import bots
#--
gc.collect()
base = gc.mem_alloc()
#--
m = Match(preset(%r).with_(players=%d), 5, %d)
for level in (bots.EASY, bots.MEDIUM, bots.HARD):
    bots.bot(level)
g = m.game
while not g.over:
    g.play(bots.choose(g.view(g.turn), len(g.log)))
#--
gc.collect()
print(json.dumps(gc.mem_alloc() - base))
"""
# a table of 4 (the presets' usual) and the largest, 7 in Parliament
ENGINE_STATE_TABLES = (("fan_tan", 4), ("parliament", 7))


ENGINE_SOURCES = "build/engine_py"


def engine_sources():
    """The engine and hal sources as tools.flash copies them (no docstrings: its examples are
    not on the badge) in ENGINE_SOURCES; the lines a script starts with to import them."""
    from tools import bundle
    dest = os.path.join(ROOT, ENGINE_SOURCES)
    shutil.rmtree(dest, ignore_errors=True)
    files = {}
    for package in ("engine", "hal"):
        for name in sorted(os.listdir(os.path.join(ROOT, package))):
            if name.endswith(".py"):
                files["/%s/%s" % (package, name)] = bundle.stripped(Path(ROOT, package, name))
    write_files(files, dest)
    return "import sys\nsys.path.insert(0, '/%s')\n" % ENGINE_SOURCES


def measure_engine_state():
    """Heap the engine's state holds on MicroPython once a deal has been played out by Hard:
    the Match, its Game and log, and a shared bot of each level with its scratch Game and
    buffers (firmware/heap.py's ENGINE stands for it). The most over ENGINE_STATE_TABLES."""
    most = 0
    start = engine_sources()
    for key, players in ENGINE_STATE_TABLES:
        out = run_micropython(start + ENGINE_STATE_SCRIPT % (key, players, players), copies=(ENGINE_SOURCES,))
        if out.returncode:
            raise SystemExit("MicroPython engine-state benchmark failed:\n" + out.stderr)
        most = max(most, json.loads(out.stdout.strip().splitlines()[-1]))
    return {"engine_state_bytes_micropython": most}


def cpython_deals_per_s(seconds=1.0):
    ns = {}
    exec(RANDOM_DEAL, ns)
    rng = ns["Rng"](1)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        ns["random_deal"](n, rng)
        n += 1
    return n / (time.perf_counter() - t0)


def measure_engine():
    out = run_micropython(engine_sources() + MPY_SCRIPT, copies=(ENGINE_SOURCES,))
    if out.returncode:
        raise SystemExit("MicroPython benchmark failed:\n" + out.stderr)
    mp = json.loads(out.stdout.strip().splitlines()[-1])
    ratio = mp["deal_us"] / mp["ref_us"]
    return {
        "random_deals_per_s_cpython": round(cpython_deals_per_s(), 1),
        "random_deals_per_s_micropython": round(mp["deals"] * 1000.0 / max(1, mp["total_ms"]), 1),
        "engine_retained_bytes_micropython": mp["retained"],
        "random_deal_alloc_bytes_micropython": mp["alloc"],
        "ref_loop_ratio_micropython": round(ratio, 3),
        "random_deal_ms_rp2040_estimate": round(ratio * RP2040_REF_LOOP_MS, 1),
        # the autosave after a move (encode, read both slots, write), on average over a deal
        "autosave_ms_rp2040_estimate": round(
            mp["saves_us"] / mp["saves"] / mp["ref_us"] * RP2040_REF_LOOP_MS, 1),
    }


# The badge's own modules that need CircuitPython's displayio, board or keypad. firmware.code
# is the badge's code.py: it stays source and is compiled on the badge.
CIRCUITPYTHON_MODULES = ("firmware.app", "firmware.code", "firmware.font", "firmware.screens",
                         "firmware.table", "firmware.ui", "hal.circuitpython")
# pages borrowed while they are in front (firmware.borrow), then dropped: what they leave is
# the names they interned, which MicroPython keeps, counted with our CircuitPython modules
PAGE_MODULES = ("firmware.help_pages", "firmware.new_game", "firmware.power_up", "firmware.replay",
                "firmware.settings_page", "firmware.standings", "firmware.stats_page")
LANGUAGE_MODULES = ("firmware.text_en", "firmware.text_fr", "firmware.text_de")
TEXT_NEEDS = ["engine.rules", "engine.cards", "engine.levels", "firmware"]   # imported before the text alone
# loaded only while a page that needs them is written (firmware.text.rules_words), then dropped
RULES_MODULES = ("firmware.rules_en", "firmware.rules_fr", "firmware.rules_de",
                 "firmware.options_en", "firmware.options_fr", "firmware.options_de")

# CircuitPython's built-in modules are C and hold no heap. Importing the modules above on
# MicroPython needs only these names; the stand-ins are imported before the measuring starts.
# board_id "none" makes code.py stop at "no profile for board" instead of starting the app.
STAND_INS = {
    "board": "board_id = 'none'\n",
    "displayio": "class Bitmap: pass\nclass Group: pass\nclass Palette: pass\nclass TileGrid: pass\n",
    "fontio": "class Glyph: pass\n",
    "keypad": "class Keys: pass\nclass Event: pass\n",
    "supervisor": "def ticks_ms(): return 0\n",
}

CODE_HEAP_START = """
import gc, json, sys
sys.path.insert(0, "/%s/stand_ins")
sys.path.insert(0, "/%s")
for name in %r:
    __import__(name)
held = []
"""
# then, per group of modules: import them (a part), collect and read the heap (a part), and
# print the interned names (qstrs) for code_heaps
CODE_HEAP_READ = """#--
gc.collect()
held.append(gc.mem_alloc())
#--
import micropython
micropython.qstr_info()
"""
CODE_HEAP_GROUP = """for name in %r:
    __import__(name)
"""
CODE_HEAP_BORROW = """for name in %r:
    sys.modules["firmware"].borrow(name.split(".")[1])
#--
gc.collect()
"""
# (a collection of its own first: MicroPython's collector takes any word on the stack for a
# pointer, and one left there by the borrow kept the pages alive through the next collection)
CODE_HEAP_LANG = """sys.modules["firmware.text"].set_lang(%d)
sys.modules["firmware.text"].t("title")
"""
CODE_HEAP_END = """print(json.dumps([b - a for a, b in zip(held, held[1:])]))
"""


def code_heap_script(groups, lang, where="build/mpy"):
    """MicroPython source that prints the heap each group of modules holds, imported in turn
    (from the folder where) after CircuitPython's stand-ins, with the text in language lang."""
    src = CODE_HEAP_START % (where, where, list(STAND_INS)) + CODE_HEAP_READ
    for group in groups:
        src += (CODE_HEAP_BORROW if group[0] in PAGE_MODULES else CODE_HEAP_GROUP) % (group,)
        if "firmware.text" in group:
            src += CODE_HEAP_LANG % lang
        src += CODE_HEAP_READ
    return src + CODE_HEAP_END


QSTR_INFO = re.compile(r"qstr pool: n_pool=\d+, n_qstr=(\d+), n_str_data_bytes=(\d+), "
                       r"n_total_bytes=(\d+)")
QSTR_ENTRY = 7      # a qstr's place in its pool on a 32-bit port: hash (2), length (1), pointer (4)


def code_heaps(groups, lang, where):
    """The heap each group holds (code_heap_script), without the slack of MicroPython's pools
    of interned names: a pool doubles when full, so a few new names can cost a whole new pool
    (up to 9 KB here) and nothing in another import order, as on the badge, whose runtime
    interns names of its own first. Each group's share of the pools' growth is replaced by
    what its new names take, their entries and characters. Also the names all the groups
    interned: (heaps, names)."""
    out = run_micropython(code_heap_script(groups, lang, where), copies=(where,))
    if out.returncode:
        raise SystemExit("MicroPython code-heap benchmark failed:\n" + out.stderr)
    heaps = json.loads(out.stdout.strip().splitlines()[-1])
    pools = [[int(x) for x in m.groups()] for m in QSTR_INFO.finditer(out.stdout)]
    if len(pools) != len(heaps) + 1:
        raise SystemExit("MicroPython printed %d qstr_info lines for %d reads" % (len(pools), len(heaps) + 1))
    return ([heap - (b[2] - a[2]) + (b[1] - a[1]) + (b[0] - a[0]) * QSTR_ENTRY
             for heap, a, b in zip(heaps, pools, pools[1:])], pools[-1][0] - pools[0][0])


def text_heap(lang):
    """The heap firmware.text holds with language lang (after the engine modules it imports),
    from .mpy in build/mpy, as code_heaps counts it."""
    return code_heaps([TEXT_NEEDS, ["firmware.text"]], lang, "build/mpy")[0][1]


BADGE_IMPORTS = """
import sys, json
sys.path.insert(0, %r)
import firmware.app, firmware.players, engine.bots, engine.view
__import__(%r)
print(json.dumps(dict((m, sys.modules[m].__file__) for m in sys.modules
                      if m.split(".")[0] in ("engine", "firmware", "hal")
                      or m.startswith("adafruit_"))))
"""


def badge_modules():
    """{name: source} of what the badge holds once a game runs (bots included), in three groups:
    (portable, CircuitPython-only, libraries). The app's imports are found by importing it on
    CPython, with the largest board profile (and what it imports); the entry path is added by
    name: code.py, hal.circuitpython and its nvm store."""
    import subprocess
    out = subprocess.run([sys.executable, "-c", BADGE_IMPORTS % (ROOT, largest_profile())],
                         capture_output=True, text=True, check=True)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    entry = ("firmware.code", "hal.circuitpython", "hal.stores")
    for name in LANGUAGE_MODULES + RULES_MODULES + PAGE_MODULES + entry:
        found[name] = os.path.join(ROOT, name.replace(".", "/") + ".py")
    groups = ({}, {}, {})
    for name in sorted(found):
        g = 2 if name.startswith("adafruit_") else 1 if name in CIRCUITPYTHON_MODULES + PAGE_MODULES else 0
        groups[g][name] = found[name]
    return groups


PROFILE_HEAP = """import gc, micropython
import hal.buttons
gc.collect()
held = gc.mem_alloc()
micropython.qstr_info()
__import__("hal." + %r)
gc.collect()
print("held", gc.mem_alloc() - held)
micropython.qstr_info()
"""


def largest_profile():
    """The board profile module the badge holds the most of: the one that interns the most names
    on MicroPython, then holds the most heap (as code_heaps counts it), each imported on its own
    after hal.buttons (a profile that imports another, as the PicoPad's, holds both)."""
    import hal
    held = []
    for board in hal.BOARDS:
        out = run_micropython(PROFILE_HEAP % board, copies=("hal",))
        pools = [[int(x) for x in m.groups()] for m in QSTR_INFO.finditer(out.stdout)]
        if out.returncode or len(pools) != 2:
            raise SystemExit("MicroPython could not import hal.%s:\n%s" % (board, out.stderr))
        (n0, s0, t0), (n1, s1, t1) = pools
        heap = int(re.search(r"held (\d+)", out.stdout).group(1)) - (t1 - t0) + (s1 - s0)
        held.append((n1 - n0, heap + (n1 - n0) * QSTR_ENTRY, "hal." + board))
    return max(held)[2]


def write_modules(modules, dest, mpy_cross=None):
    """Write {name: source} into dest as name/with/slashes.py, as tools.bundle puts them on the
    badge (tools.bundle.stripped), or compiled to .mpy by mpy_cross with tools.bundle.compile_mpy."""
    from tools import bundle
    files = {}
    for name in modules:
        src = modules[name]
        path = "/" + name.replace(".", "/") + ("/__init__" if src.endswith("__init__.py") else "")
        files[path + ".py"] = bundle.stripped(Path(src))
    write_files(files, dest, mpy_cross)


def write_files(files, dest, mpy_cross=None):
    """Write {"/path": bytes} (a bundle's files) under dest, compiled to .mpy by mpy_cross if
    given, as tools.flash --mpy does (tools.bundle.compile_mpy)."""
    from tools import bundle
    if mpy_cross is not None:
        files = bundle.compile_mpy(files, mpy_cross)
    for path in files:
        out = dest + path
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(files[path])


def micropython_mpy_cross():
    """The mpy-cross that compiles for the npm MicroPython (the .mpy version it reads, asked of it)."""
    from tools import bundle, selftest
    out = selftest.run_micropython("import sys\nprint(sys.implementation._mpy)\n", copies=())
    if out.returncode:
        raise SystemExit("MicroPython did not start:\n" + out.stderr)
    return bundle.micropython_mpy_cross(bundle.mpy_version_of(int(out.stdout.split()[-1])))


def measure_code_heap():
    """Heap that the badge's code holds, on MicroPython, imported as tools.flash copies it.

    From .mpy (tools.flash --mpy), in parts: text, firmware.text with one language (the
    largest), as the badge loads only the player's (after the engine modules it names, which
    the other parts count); then, imported in turn: every module of ours that needs no
    CircuitPython module, the adafruit_* libraries, and our CircuitPython-only modules (with
    stand-ins for CircuitPython's built-in modules, which are C and hold no heap), with what the
    borrowed pages (PAGE_MODULES) leave once dropped. From .py, the sum of those parts: what
    CircuitPython holds when the badge compiles the sources (tools.flash without CircuitPython's
    own mpy-cross). And the names each way interns in all."""
    import shutil

    portable, circuitpython, libraries = badge_modules()
    modules = dict(portable, **dict(circuitpython, **libraries))
    ours = [n for n in portable if n not in LANGUAGE_MODULES + RULES_MODULES] + ["firmware.text"]
    groups = [ours, sorted(libraries), sorted(n for n in circuitpython if n not in PAGE_MODULES),
              list(PAGE_MODULES)]
    heaps, names = {}, {}
    for where, mpy_cross in (("build/mpy", micropython_mpy_cross()), ("build/py", None)):
        dest = os.path.join(ROOT, where)
        shutil.rmtree(dest, ignore_errors=True)
        os.makedirs(os.path.join(dest, "stand_ins"))
        for name in STAND_INS:
            with open(os.path.join(dest, "stand_ins", name + ".py"), "w") as f:
                f.write(STAND_INS[name])
        write_modules(modules, dest, mpy_cross)
        heaps[where], names[where] = code_heaps(groups, 0, where)
    text = max(text_heap(lang) for lang in range(3))
    code, library, circuitpython, pages = heaps["build/mpy"]
    return {
        "text_heap_bytes_micropython": text,
        "badge_code_heap_bytes_micropython": code,
        "circuitpython_code_heap_bytes_micropython": circuitpython + pages,
        "library_code_heap_bytes_micropython": library,
        "source_code_heap_bytes_micropython": sum(heaps["build/py"]),
        "code_names_micropython": names["build/mpy"],
        "source_code_names_micropython": names["build/py"],
    }


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__)
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    args = ap.parse_args(argv)
    result = measure_engine()
    result.update(measure_engine_state())
    result.update(measure_code_heap())
    from tools import bench_bots, bench_start
    result.update(bench_bots.measure())
    result.update(bench_start.measure())
    result["hard_decision_ms_rp2040_estimate"] = round(
        result["hard_decision_ref_loop_ratio"] * RP2040_REF_LOOP_MS, 1)
    for k in sorted(result):
        print("%-45s %s" % (k, result[k]))
    if args.json:
        print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(command(main, "tools.bench"))
