"""How long the badge takes to start, measured on the official MicroPython build.

    python -m tools.bench_start           # prints the dict measure() returns, as JSON

The badge's code.py runs as on the badge, from the files tools.flash puts there (the bundle:
docstrings stripped, the real adafruit_display_text), with tests/mpapp's stand-ins for
CircuitPython's board, displayio, fontio, keypad, supervisor and bitmaptools (and MORE_STAND_INS),
imported before the clock starts as the badge's are C, and the nvm as a bytearray, until the
display is first asked to refresh. Twice: on a fresh badge (the title), and with a game in
progress to resume (SAVE_SCRIPT's nvm after a real deal: Parliament, 7 players, Hard bots, its
second deal late; the prefs hold the first deal for the replay); each from .mpy (tools.flash
--mpy: mpy-cross -O3) and from the .py sources the badge compiles as it imports them. Each start
is run REPEATS times in one MicroPython (its modules dropped in between) and the fastest counts,
as the reference loop: this WebAssembly build speeds up as it warms.

measure() returns, per case (title or resume, mpy or py):
  start_<case>_ref_loop_ratio: from code.py's first line to the first refresh, over the
      reference loop (tools.bench.REF_LOOP) timed in the same run, less what the stand-ins'
      pixel and tile subscripts cost over C's (counted in a run of their own);
  start_<case>_ms_rp2040_estimate: that times tools.bench.RP2040_REF_LOOP_MS;
  start_<case>_parts: the same ratio split (PARTS): importing (and compiling) the modules,
      reading the fonts, drawing the card sheet, reading the records (the nvm journal's scan
      and the CRCs), decoding the saves (engine.save.decode: the game, and the replay the
      prefs hold), building the screen (with the collection before it), the first frame
      (App.step: at a resume, the bot whose turn it is starts thinking), and the rest (the
      HAL, the app's own set-up);
  start_<case>_standins_ref_loop_ratio: the whole as measured, the stand-ins' cost in it.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.bench import REF_LOOP, RP2040_REF_LOOP_MS, micropython_mpy_cross, write_files   # noqa: E402
from tools.selftest import run_micropython    # noqa: E402
from tools.args import command                 # noqa: E402

BOARD = "pajenicko_picopad"     # 320x240: the largest fonts and card tiles, the slowest start
REPEATS = 5
PARTS = ("imports", "fonts", "cards", "records", "decode", "screen", "frame", "rest")

# CPython (-S, tests/mpapp's stand-ins): the nvm after a real match, played through the
# buttons (tests/mpapp/play.py), at the human's last decision but one of its second deal
SAVE_SCRIPT = """
import sys
sys.path.insert(0, %(root)r + "/tests/mpapp")
sys.path.insert(0, %(root)r)
import play
import microcontroller
from hal.buttons import OK
from engine.rules import PRESETS
from firmware.table import TableScreen
from firmware.text import t
play.start(%(board)r, %(root)r + "/firmware/fonts")
app = play.app
app.settings["preset"] = PRESETS.index("parliament")
app.settings["players"] = 7
for i in range(7):
    app.seat_levels[i] = 2
play.choose(t("new_game"))
play.press(OK)
while play.my_turn() and not app.screen.g.over:
    play.play()
while not isinstance(app.screen, TableScreen):     # the results, the standings: the next deal
    play.press(OK)
kept = None
while play.my_turn() and not app.screen.g.over:
    kept = (bytes(microcontroller.nvm[0:4096]), len(app.screen.g.log), app.match.deal_number)
    play.play()
print(kept[1], kept[2])
print(kept[0].hex())
"""


def saved_nvm():
    """(nvm bytes, moves in the saved deal's log): a game in progress, as SAVE_SCRIPT leaves it
    (played on a PicoSystem, whose keys play.py presses; the records hold no board's data)."""
    out = subprocess.run([sys.executable, "-S", "-c", SAVE_SCRIPT % {"root": ROOT, "board": "pimoroni_picosystem"}],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    if out.returncode:
        raise SystemExit("the saved game for the start-up bench failed:\n" + out.stderr[-3000:])
    lines = out.stdout.split()
    return bytes.fromhex(lines[-1]), int(lines[-3])


def build(where, mpy_cross=None):
    """The bundle tools.flash copies (docstrings stripped; compiled by mpy_cross, if given, as
    --mpy does, code.py staying source) into the folder where."""
    from tools import bundle
    dest = os.path.join(ROOT, where)
    shutil.rmtree(dest, ignore_errors=True)
    write_files(bundle.build(), dest, mpy_cross)


SCRIPT = REF_LOOP + """
import gc, sys, time, json, builtins
WHERE = %(where)r
sys.path[0:0] = [WHERE, WHERE + "/lib", "/tests/mpapp", "/build/start_stand_ins"]
# (CircuitPython's modules are C, in the firmware: imported here before the clock starts)
import board, displayio, fontio, keypad, microcontroller, supervisor, bitmaptools, analogio, digitalio
NVM = bytes.fromhex(%(nvm)r)
PARTS = %(parts)r


class Drawn(Exception):
    pass


class Display:
    width = %(w)d
    height = %(h)d
    root_group = None
    auto_refresh = True
    brightness = 1.0
    time_to_refresh = 0

    def refresh(self):
        leave()
        raise Drawn()


board.board_id = %(board)r
board.DISPLAY = Display()
for pin in %(pins)r:
    setattr(board, pin, pin)
with open(WHERE + "/code.py") as f:
    CODE = f.read()
_import = builtins.__import__
spent = {}
stack = []
last = [0]


def enter(part):
    now = time.ticks_us()
    spent[stack[-1]] += time.ticks_diff(now, last[0])
    stack.append(part)
    last[0] = now


def leave():
    now = time.ticks_us()
    spent[stack.pop()] += time.ticks_diff(now, last[0])
    last[0] = now


def timed(part, fn):
    def run(*args, **kw):
        enter(part)
        try:
            return fn(*args, **kw)
        finally:
            leave()
    return run


def imported(name, *args):
    enter("imports")
    try:
        return _import(name, *args)
    finally:
        leave()
        m = sys.modules.get("hal.stores")
        if m is not None and not hasattr(m.NvmStore, "timed"):
            m.NvmStore.timed = True
            m.NvmStore._scan = timed("records", m.NvmStore._scan)


class Keys(keypad.Keys):
    def __init__(self, *args, **kw):
        # Hal() makes its keys once code.py has imported Hal and App: time their parts now
        super().__init__(*args, **kw)
        ui = sys.modules["firmware.ui"]
        ui.Font = timed("fonts", ui.Font)
        ui.CardArt = timed("cards", ui.CardArt)
        save = sys.modules["engine.save"]
        save.decode = timed("decode", save.decode)
        Saves = sys.modules["firmware.autosave"].Saves
        Saves.load_prefs = timed("records", Saves.load_prefs)
        Saves.load_game = timed("records", Saves.load_game)
        App = sys.modules["firmware.app"].App
        App.goto = timed("screen", App.goto)
        App.step = timed("frame", App.step)


keypad.Keys = Keys
before = list(sys.modules)
runs = []
shown = []      # the screen in front at each first refresh


def start():
    for name in list(sys.modules):
        if name not in before:
            del sys.modules[name]
    microcontroller.nvm = bytearray(NVM)      # read by C, as the badge's flash (the stand-in's is Python)
    supervisor.now = 0
    for part in PARTS:
        spent[part] = 0
    stack[:] = ["rest"]
    last[0] = time.ticks_us()
    t = last[0]
    builtins.__import__ = imported
    try:
        enter("imports")
        code = compile(CODE, "code.py", "exec")      # the badge compiles code.py
        leave()
        g = {"__name__": "__main__"}
        exec(code, g)
        raise SystemExit("code.py ended without a refresh")
    except Drawn:
        shown.append(type(g["app"].screen).__name__)
    finally:
        builtins.__import__ = _import
    total = time.ticks_diff(time.ticks_us(), t)
    runs.append([total] + [spent[part] for part in PARTS])


refs = []


def time_ref(n=5):     # n loops in one reading: this build's clock counts whole milliseconds
    t = time.ticks_us()
    for i in range(n):
        ref_loop()
    refs.append(time.ticks_diff(time.ticks_us(), t) / n)


# The stand-ins' pixels and tiles are Python methods; on the badge a subscript is C. Count
# them per part (a run of its own, untimed), and time one of each against a tuple made and
# read by C (what bitmap[x, y] costs the badge: the tuple, then C) in the same loop.
counts = dict((part, [0, 0]) for part in PARTS)


def counted(base):
    # base with its subscripts counted per part (MicroPython's super() takes no mixin)
    class Counted(base):
        def __setitem__(self, xy, v):
            counts[stack[-1]][0] += 1
            base.__setitem__(self, xy, v)

        def __getitem__(self, xy):
            counts[stack[-1]][1] += 1
            return base.__getitem__(self, xy)
    return Counted


def per_access(n=20000):
    b = displayio.Bitmap(16, 4, 2)
    ba = bytearray(16)
    t0 = time.ticks_us()
    for i in range(n):
        b[i & 15, 3] = 1
    t1 = time.ticks_us()
    for i in range(n):
        ba[len((i & 15, 3))] = 1
    t2 = time.ticks_us()
    v = 0
    for i in range(n):
        v += b[i & 15, 3]
    t3 = time.ticks_us()
    for i in range(n):
        v += ba[len((i & 15, 3))]
    t4 = time.ticks_us()
    return [time.ticks_diff(t1, t0), time.ticks_diff(t2, t1), time.ticks_diff(t3, t2), time.ticks_diff(t4, t3)]


N_ACCESS = 20000
access = []
""" + "".join("#--\ngc.collect()\ntime_ref()\naccess.append(per_access(N_ACCESS))\n#--\ngc.collect()\nstart()\n"
              for _ in range(REPEATS)) + """#--
gc.collect()
time_ref()
displayio.Bitmap = counted(displayio.Bitmap)
displayio.TileGrid = counted(displayio.TileGrid)
start()
del runs[-1]
print(json.dumps({"ref_us": min(refs), "runs": runs, "counts": [counts[part] for part in PARTS],
                  "access_us": [min([a[i] for a in access]) / N_ACCESS for i in range(4)], "shown": shown}))
"""


# the badge's C modules tests/mpapp leaves out, which the HAL uses at power-up: the battery's
# ADC (the title shows its charge) and the your-turn LED
MORE_STAND_INS = {
    "analogio": "class AnalogIn:\n    value = 26000\n\n    def __init__(self, pin):\n        pass\n",
    "digitalio": ("class DigitalInOut:\n    value = False\n\n    def __init__(self, pin):\n        pass\n\n"
                  "    def switch_to_output(self, value=False):\n        self.value = value\n"),
}


def pins(board):
    """The pin names a board's profile reads (board.<name>), set on the stand-in board."""
    from hal import profile
    p = profile(board)
    names = [k[0] for k in p.KEYS]
    return names + [n for n in (p.ENCODER or ()) + (p.BATTERY, p.AUDIO, p.AUDIO_ENABLE) + tuple(p.LED) if n]


def time_start(where, board, nvm):
    """What SCRIPT prints for code.py on MicroPython from the bundle in where, on board, with
    nvm (4 KB) as the badge's: the reference loop's µs, the runs' µs ([total] + per part), the
    stand-ins' subscripts per part ([sets, gets]) and their µs against C's (access_us)."""
    from hal import profile
    p = profile(board)
    src = SCRIPT % {"where": "/" + where, "nvm": nvm.hex(), "parts": PARTS, "w": p.WIDTH,
                    "h": p.HEIGHT, "board": board, "pins": pins(board)}
    more = os.path.join(ROOT, "build", "start_stand_ins")
    os.makedirs(more, exist_ok=True)
    for name in MORE_STAND_INS:
        with open(os.path.join(more, name + ".py"), "w") as f:
            f.write(MORE_STAND_INS[name])
    # (the fonts at /firmware/fonts, where the badge has them: the bundle's are the same files)
    out = run_micropython(src, copies=(where, "tests/mpapp", "build/start_stand_ins", "firmware/fonts"),
                          exts=(".bin",))
    if out.returncode:
        raise SystemExit("MicroPython start-up benchmark failed:\n" + out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def figures(name, said):
    """The keys of one case from its fastest run, each part less what the stand-ins' Python
    subscripts cost over C's (a part never below 0): the ratio, the estimate and the parts."""
    ref = said["ref_us"]
    run = min(said["runs"])
    set_us, set_c, get_us, get_c = said["access_us"]
    parts = [max(0, us - sets * (set_us - set_c) - gets * (get_us - get_c))
             for us, (sets, gets) in zip(run[1:], said["counts"])]
    ratio = sum(parts) / ref
    return {
        "start_%s_ref_loop_ratio" % name: round(ratio, 2),
        "start_%s_ms_rp2040_estimate" % name: round(ratio * RP2040_REF_LOOP_MS),
        "start_%s_parts" % name: dict((part, round(us / ref, 2)) for part, us in zip(PARTS, parts)),
        "start_%s_standins_ref_loop_ratio" % name: round(run[0] / ref, 2),
    }


def measure(board=BOARD):
    blank = b"\xff" * 4096
    nvm, _ = saved_nvm()
    result = {}
    for kind, mpy_cross in (("mpy", micropython_mpy_cross()), ("py", None)):
        where = "build/start_" + kind
        build(where, mpy_cross)
        for case, data in (("title", blank), ("resume", nvm)):
            result.update(figures("%s_%s" % (case, kind), time_start(where, board, data)))
    return result


def boards():
    """The boards whose first frame is refreshed at once (an e-ink panel waits for it to settle)."""
    from hal import BOARDS, profile
    return [b for b in BOARDS if not profile(b).EINK]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench_start", description=__doc__.split("\n")[0],
                                 epilog="Prints measure()'s keys as one JSON line.")
    ap.add_argument("--board", default=BOARD, choices=boards(),
                    help="the board id (default %(default)s; e-ink boards refresh only once settled)")
    args = ap.parse_args(argv)
    print(json.dumps(measure(args.board), sort_keys=True))


if __name__ == "__main__":
    sys.exit(command(main, "tools.bench_start"))
