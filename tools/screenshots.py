"""Render the key screens of every board into docs/screens/ (python -m tools.screenshots).

Each board gets title, new game, table (start, mid-deal with a hint, an illegal attempt),
results, standings, settings, rules help and its button map, played through the simulator
with a fixed seed, so the pictures only change when the screens do. Mono boards are drawn
as their 1-bit panels show them. Prints the redraw cost after bot moves and the UI heap
estimate per layout; a full render also writes index.md with the memory budget and, unless
--out names another folder, copies its figures and every board's button table into README.md.
With --board only those boards are drawn, into build/screens/ unless --out says otherwise, and
no index.md is written, so a quick look never rewrites the docs. Every file, pictures and
pages, is written beside the old one and renamed over it (hal.desktop.replace_file): a full disk
leaves the old one whole and ends the run in one line.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from hal import BOARDS, profile                                               # noqa: E402
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT, _LONG_MS  # noqa: E402
from hal.desktop import cannot_write, make_folder, put                        # noqa: E402
from engine.rules import PRESETS                                              # noqa: E402
from engine import reasons as R                                               # noqa: E402
from simulator.core import Sim                                                # noqa: E402
from firmware.table import TableScreen                                        # noqa: E402
from firmware import heap, text, help_pages                                   # noqa: E402
from tools import bench                                                       # noqa: E402
from tools.args import whole, command, folder                                 # noqa: E402
from simulator.__main__ import MAX_SCALE                                      # noqa: E402


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
    help_pages.rules_page(app, "fan_tan", back=app.title)
    shot("help")
    help_pages.keys_page(app)
    shot("keys")
    # every other page too (New game was shown above), then the table again: what a whole
    # session leaves behind
    app.stats_screen()
    help_pages.about_page(app)
    for key in PRESETS:
        help_pages.rules_page(app, key, back=app.title)
    app.start_match()
    sim.settle()
    return shots, redraw, (table_heap, heap.estimate(app)), sim.hal.profile


def memory_notes(code, ui_heaps):
    """The memory section of index.md: the code's heap (tools.bench) and, per layout, code + UI."""
    KB = 1024.0
    total = (code["badge_code_heap_bytes_micropython"] + code["circuitpython_code_heap_bytes_micropython"]
             + code["library_code_heap_bytes_micropython"])
    lines = ["## Memory budget", "",
             "CircuitPython on an RP2040 has about 126-171 KB of heap free at boot. The code takes",
             "its share: a module imported from .mpy keeps its bytecode, functions and interned names",
             "in the heap. `python -m tools.bench` imports the badge's modules from .mpy on the",
             "official MicroPython and measures what they hold:", "",
             "- our modules that need no CircuitPython module (engine, hal buttons, store and board"
             " profile, firmware text, layouts, players, autosave): %.1f KB, of which the text of one"
             " language %.1f KB" % (code["badge_code_heap_bytes_micropython"] / KB,
                                    code["text_heap_bytes_micropython"] / KB),
             "- adafruit_display_text and adafruit_ticks: %.1f KB"
             % (code["library_code_heap_bytes_micropython"] / KB),
             "- our modules that need CircuitPython (code.py, hal.circuitpython, firmware app, font,"
             " table, screens, ui): %.1f KB, imported with stand-ins for CircuitPython's built-in"
             " modules, which are C and hold no heap (and the names the borrowed New game, results,"
             " standings, replay, Rules & help and Statistics screens leave: their code is held"
             " only while one is in front)"
             % (code["circuitpython_code_heap_bytes_micropython"] / KB),
             "- code in all: %.1f KB" % (total / KB), "",
             "From the `.py` sources, which CircuitPython compiles on the badge (`tools.flash` copies",
             "them, without their docstrings, unless `--mpy` compiles them with CircuitPython's own",
             "mpy-cross), the",
             "code holds %.1f KB: the compiler on the badge also keeps line numbers and the names of"
             % (code["source_code_heap_bytes_micropython"] / KB),
             "local variables.", "",
             "The UI heap is estimated by `firmware/heap.py` from the live displayio tree at the",
             "table (4 players, Fan Tan; the tests hold 7 players under 43 KB, 35 KB at 240x240): bitmaps at",
             "CircuitPython's `ceil(w*bpp/32)*4*h` bytes, one byte per tile, per-object overheads,",
             "the fonts' strip bitmaps and the engine's state (%d KB: a match, a bot of each level;"
             % (heap.ENGINE // 1024),
             "MicroPython measures it after a whole deal). Code and UI together, once every page has",
             "been shown, with the code from .mpy and from .py:", ""]
    for name in sorted(ui_heaps):
        lines.append("- %s: about %.0f KB (%.0f KB)" % (
            name, (total + ui_heaps[name]) / KB,
            (code["source_code_heap_bytes_micropython"] + ui_heaps[name]) / KB))
    lines.append("")
    return lines


# README.md's memory figures: (pattern in index.md, pattern in README.md whose groups 1 and 3
# surround the figure), each once; the UI rows, the totals and the spans follow
README_FIGURES = (
    (r"autosave\): ([\d.]+) KB, of which", r"(layouts, players, autosave\) \| )([\d.]+)( KB)"),
    (r"text of one language ([\d.]+) KB", r"(text of the player's language \| )([\d.]+)( KB)"),
    (r"adafruit_ticks: ([\d.]+) KB", r"(`adafruit_ticks` \| )([\d.]+)( KB)"),
    (r"screens, ui\): ([\d.]+) KB", r"(`screens`, `ui`\) \| )([\d.]+)( KB)"),
    (r"code holds ([\d.]+) KB", r"(code holds )([\d.]+)( KB from the sources)"),
)
UI_ROW = r"^%s, redraw after bot moves max ([\d.]+)%%.*?UI heap ~([\d.]+) KB"
README_UI_ROW = r"^(\| %s×%s [^|]*\| )≈ [\d.]+ KB \| [\d.]+ %%"
NO_UI_ROW = ("README.md has no row for %s×%s in 'The UI on the badge': add `| %s×%s (your board) | ≈ 0 KB | "
             "0 %% |` to its table, and make screenshots fills in the figures (docs/boards.md, step 3)")
SPAN = r"(%s from about )\d+ KB \(128×64\) and \d+ KB \(240×240\) to \d+ KB \(320×240\)"


def readme_figures(readme, index):
    """README.md with the memory figures of index.md copied in: its table of code and UI
    heaps and the totals per screen. Fails on a figure whose place README.md no longer has."""
    def put(pattern, new, text, flags=0):
        text, n = re.subn(pattern, new, text, flags=flags)
        if n != 1:
            raise SystemExit("README.md has %d places for the figure %r, not 1" % (n, pattern))
        return text

    one = index.replace("\n", " ")
    for where, place in README_FIGURES:
        figure = re.search(where, one).group(1)
        readme = put(place, lambda m: m.group(1) + figure + m.group(3), readme)
    for w, h in re.findall(r"^(\d+)x(\d+), redraw", index, re.M):
        redraw, kb = re.search(UI_ROW % (w + "x" + h), index, re.M).groups()
        if not re.search(README_UI_ROW % (w, h), readme, re.M):
            raise SystemExit(NO_UI_ROW % (w, h, w, h))
        readme = put(README_UI_ROW % (w, h), lambda m: "%s≈ %s KB | %s %%" % (m.group(1), kb, redraw),
                     readme, re.M)
    totals = dict((size, kb) for size, *kb in re.findall(
        r"^- (\d+x\d+): about (\d+) KB \((\d+) KB\)", index, re.M))
    for i, before in enumerate(("that is", "UI,")):
        figures = tuple(totals[size][i] for size in ("128x64", "240x240", "320x240"))
        readme = put(SPAN % before, lambda m: m.group(1) + "%s KB (128×64) and %s KB (240×240) to "
                     "%s KB (320×240)" % figures, readme)
    return readme


BUTTONS_START = "<!-- the buttons of every board: written by make screenshots -->"
BUTTONS_END = "<!-- end of the buttons -->"


def buttons_table():
    """Markdown: which key gives each of the game's buttons on every board, by the names the
    game's Buttons page uses, and how long a hold is."""
    rows = ["| board | ← → ↑ ↓ | OK | BACK | MENU | HINT |", "|---|---|---|---|---|---|"]
    words = text.rules_words()
    for board in BOARDS:
        p = profile(board)
        label = dict(zip([k[0] for k in p.KEYS], [help_pages.key_label(n, words) for n in p.LABELS]))
        ways = [[] for _ in range(8)]
        for pin, short, held in p.KEYS:
            ways[short].append(label[pin])
            if held is not None:
                ways[held].append("hold " + label[pin])
        for a, b, button in p.CHORDS:
            ways[button].append(label[a] + "+" + label[b])
        arrows = tuple(zip("←→↑↓", (LEFT, RIGHT, UP, DOWN)))
        moves = [arrow + " " + (", ".join(ways[b]) or "none") for arrow, b in arrows if ways[b] != [arrow]]
        own = [arrow for arrow, b in arrows if ways[b] == [arrow]]     # keys of their own
        if own:
            moves.append("the arrows" if len(own) == len(arrows) else " ".join(own) + " their own keys")
        if p.ENCODER:
            moves.append("the knob turns ← → (menus: ↓ ↑)")
        cells = ["; ".join(moves)]
        cells += [", ".join(ways[b]) or "none (BACK pauses)" for b in (OK, BACK, MENU)]
        cells.append(", ".join(ways[HINT]) or "in the pause menu")
        row = "| " + p.NAME + " | " + " | ".join(cells) + " |"
        if row not in rows:                 # the Picomo V3 and V2 share their keys
            rows.append(row)
    hold = "A hold is a press of %.1f s or more; L+R is both keys at once." % (_LONG_MS / 1000)
    return "\n".join(rows + ["", hold])


def readme_buttons(readme):
    """README.md with its table of every board's buttons as the profiles make it now."""
    a = readme.index(BUTTONS_START) + len(BUTTONS_START)
    b = readme.index(BUTTONS_END)
    return readme[:a] + "\n" + buttons_table() + "\n" + readme[b:]


# --scale: 1 to the simulator's MAX_SCALE (a 320x240 picture 3200 px wide); more ran out of
# memory in pygame with a traceback, or took gigabytes first
scale = whole(1, MAX_SCALE)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.screenshots", description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=folder,
                    help="folder for the pictures (default: docs/screens, or build/screens with --board)")
    ap.add_argument("--scale", type=scale, default=2,
                    help="pixels per screen pixel (default 2, at most %d)" % MAX_SCALE)
    ap.add_argument("--board", action="append", choices=BOARDS, metavar="BOARD",
                    help="only this board (repeatable; then no index.md is written): " + ", ".join(BOARDS))
    args = ap.parse_args(argv)
    docs = os.path.join(ROOT, "docs", "screens")
    out = args.out or (os.path.join(ROOT, "build", "screens") if args.board else docs)
    make_folder(ap, "--out", out)
    index = ["# Screens of every board", "",
             "Made by `python -m tools.screenshots` (seed 42, Fan Tan preset). Do not edit.", ""]
    ui_heaps = {}
    for board in dict.fromkeys(args.board or BOARDS):      # a board named twice is drawn once
        try:
            shots, (moves, worst, mean), (est, session), p = take(board, out, args.scale)
        except OSError as e:        # a full disk: no broken picture is left, and no traceback
            cannot_write(ap, e)
        ui_heaps["%dx%d" % (p.WIDTH, p.HEIGHT)] = session
        line = ("%s: %dx%d, redraw after bot moves max %.1f%% mean %.1f%% (%d moves); UI heap ~%.1f KB"
                " (~%.1f KB once every page has been shown)"
                % (board, p.WIDTH, p.HEIGHT, 100 * worst, 100 * mean, moves, est / 1024.0,
                   session / 1024.0))
        print(line)
        index += ["## " + p.NAME + " (`" + board + "`)", "", line.split(": ", 1)[1], ""]
        index += ["![%s](%s)" % (s, s) for s in shots] + [""]
    if args.board:
        return
    index = "\n".join(index + memory_notes(bench.measure_code_heap(), ui_heaps)) + "\n"
    writes = [(os.path.join(out, "index.md"), index)]
    if os.path.realpath(out) == os.path.realpath(docs):    # README.md's figures are this index's
        readme = os.path.join(ROOT, "README.md")
        with open(readme, encoding="utf-8") as f:
            writes.append((readme, readme_buttons(readme_figures(f.read(), index))))
    for path, new in writes:        # as the pictures: a full disk keeps the old file whole
        put(ap, path, new.encode("utf-8"))


if __name__ == "__main__":
    sys.exit(command(main, "tools.screenshots"))
