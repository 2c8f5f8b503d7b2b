"""Device budgets of the Hard bot, measured on the official MicroPython build.

    python -m tools.bench_bots            # prints the dict measure() returns, as JSON

measure() returns:
  hard_decision_ms_micropython: {"median", "max"} over a fixed set of positions (each
      the fastest of three runs, as the reference loop): from each start, the first
      real decision and the next one after it where Hard searches;
  hard_decision_peak_alloc_bytes_micropython: the most bytes one Hard decision
      allocates (gc disabled, so garbage counts too; the bot and its scratch game
      already exist, as on the badge);
  hint_peak_alloc_bytes_micropython: the same for a hint where no seat is Hard, whose Hard
      bot is then made afresh each time it is asked (firmware.players.hint_search): its
      scratch game and buffers too (beside a Hard seat it thinks with that seat's Bot);
  hard_decision_ref_loop_ratio: the slowest decision's time / the reference loop's
      time, both measured in the same MicroPython run (the README's RP2040 estimate);
  hard_decision_median_ref_loop_ratio: the same for the median position;
  hard_decision_searched_ms_micropython: median over the positions where Hard
      searched (elsewhere its best-scored card stood clear and it answered at once);
  hard_step_ref_loop_ratio: the longest single step of a Hard decision (the work the badge
      does between two frames, firmware.players.WORK_PER_FRAME plies) / the reference loop
      (per position the fastest of three runs, as for the decisions);
  hard_decision_steps_most: the most steps one of those decisions took (work, not time);
  hard_budget_plies: the work budget (engine.bots.HARD_BUDGET) these figures are for.

The reference loop is tools.bench.REF_LOOP, timed in the same run.
"""
import argparse
import json
import os
import sys
from statistics import median

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.bench import REF_LOOP               # noqa: E402
from tools.selftest import run_micropython    # noqa: E402
from tools.args import command                 # noqa: E402

# Positions: (preset, players, deal number, plies to play first with the simple policy).
POSITIONS = (
    ("sevens", 4, 11, 0), ("sevens", 4, 12, 6), ("sevens", 4, 13, 14), ("sevens", 4, 14, 24),
    ("fan_tan", 4, 21, 4), ("fan_tan", 5, 22, 12), ("domino", 3, 31, 0), ("domino", 6, 32, 9),
    ("parliament", 7, 41, 10), ("five_or_nine", 4, 51, 0), ("coventry", 4, 61, 4),
    ("play_or_pay", 4, 71, 5), ("parliament", 3, 42, 20), ("sevens", 4, 15, 35),
    ("play_or_pay", 5, 3, 0),       # the slowest kind a scan of every preset and size found
)

SCRIPT = REF_LOOP + """
import gc, time, json
from engine.rules import preset
from engine.match import Match
from engine import bots
from engine.selftest import first_legal

POSITIONS = %r
WORK_PER_FRAME = %d

def now():
    return time.ticks_us()

def positions(b):
    out = []
    for key, n, d, plies in POSITIONS:
        m = Match(preset(key), d, n)
        g = m.game
        while len(g.log) < plies and not g.over:
            g.play(first_legal(g))
        # move on to a real Hard decision (more than one legal move)
        while not g.over and len(g.legal_moves()) < 2:
            g.play(g.legal_moves()[0])
        if not g.over:
            out.append(g.view(g.turn))
            g.play(first_legal(g))
        # and on to the next decision where Hard searches: the costly kind
        while not g.over:
            if len(g.legal_moves()) > 1:
                v = g.view(g.turn)
                b.start(v, 1)
                if not b.done:
                    out.append(v)
                    break
            g.play(first_legal(g))
    return out

b = bots.Bot(bots.HARD)
views = positions(b)
for v in views:          # warm up: scratch game and buffers exist, as on the badge
    b.choose(v, 1)
ref = []
best = [None] * len(views)
step_best = [None] * len(views)     # per position: the longest step of its fastest run
steps = [0] * len(views)            # per position: the steps its decision took
searched = [False] * len(views)


def peak_alloc(bot):    # the most one decision allocates; bot() gives the bot that decides
    most = 0
    for i in range(len(views)):
        gc.collect()
        gc.disable()
        a = gc.mem_alloc()
        bot().choose(views[i], 7 + i)
        most = max(most, gc.mem_alloc() - a)
        gc.enable()
    return most


alloc = peak_alloc(lambda: b)
hint = peak_alloc(lambda: bots.Bot(bots.HARD))      # with no Hard seat the hint makes its bot afresh


def time_ref():
    for _ in range(3):   # five loops a time: this build's clock ticks in whole ms
        t = now()
        for _ in range(5):
            ref_loop()
        ref.append(time.ticks_diff(now(), t) // 5)


def time_steps(i):     # position i in the badge's steps: the longest wait between two frames
    if i < len(views):
        b.start(views[i], 7 + i)
        done = False
        most = n = 0
        while not done:
            t = now()
            done = b.step(WORK_PER_FRAME)
            most = max(most, time.ticks_diff(now(), t))
            n += 1
        if step_best[i] is None or most < step_best[i]:
            step_best[i] = most
        steps[i] = n


def time_choice(i):     # position i once; the fastest counts: a shared machine only adds time
    if i < len(views):
        t = now()
        b.choose(views[i], 7 + i)
        d = time.ticks_diff(now(), t)
        if best[i] is None or d < best[i]:
            best[i] = d
        searched[i] = b.rounds > 0
"""
# Each timing runs at the start of a top-level part (tools/mpy_run.mjs), after a collection
# that really frees: inside one part this build never frees, it grows its heap, and a decision
# that happened to grow it read up to twice as slow.
REPEATS = 3             # timings per position; the fastest counts
TIME_REF = "#--\ngc.collect()\ntime_ref()\n"
TIME_CHOICE = "#--\ngc.collect()\ntime_choice(%d)\n"
TIME_STEPS = "#--\ngc.collect()\ntime_steps(%d)\n"
REPORT = """#--
ms = sorted(best)
searched = sorted([best[i] for i in range(len(views)) if searched[i]])
print(json.dumps({"ref_us": min(ref), "ms": ms, "searched": searched, "alloc": alloc, "hint": hint,
                  "step_us": max(step_best), "steps": max(steps), "budget": bots.HARD_BUDGET,
                  "positions": len(views)}))
"""


def script():
    """The MicroPython source: set up, time the reference loop, each position REPEATS times,
    the reference loop again (the WebAssembly engine speeds up as it warms), report."""
    from firmware.players import WORK_PER_FRAME
    timings = "".join(TIME_CHOICE % i for _ in range(REPEATS) for i in range(2 * len(POSITIONS)))
    steps = "".join(TIME_STEPS % i for _ in range(REPEATS) for i in range(2 * len(POSITIONS)))
    return SCRIPT % (POSITIONS, WORK_PER_FRAME) + TIME_REF + timings + steps + TIME_REF + REPORT


def measure():
    """Run the Hard decisions under MicroPython; returns the bench keys (see module doc)."""
    out = run_micropython(script())
    if out.returncode:
        raise SystemExit("MicroPython Hard-decision benchmark failed:\n" + out.stderr)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    ms = [t / 1000.0 for t in data["ms"]]
    mid = median(ms)
    ref = data["ref_us"] / 1000.0
    sm = [t / 1000.0 for t in data["searched"]]
    return {
        "hard_decision_ms_micropython": {"median": round(mid, 2), "max": round(ms[-1], 2)},
        "hard_decision_peak_alloc_bytes_micropython": data["alloc"],
        "hint_peak_alloc_bytes_micropython": data["hint"],
        # the slowest decision: the README turns this into the RP2040 estimate
        "hard_decision_ref_loop_ratio": round(ms[-1] / ref, 3),
        "hard_decision_median_ref_loop_ratio": round(mid / ref, 3),
        "hard_decision_searched_ms_micropython": {
            "median": round(median(sm), 2) if sm else 0, "count": len(sm)},
        "hard_step_ref_loop_ratio": round(data["step_us"] / 1000.0 / ref, 3),
        "hard_decision_steps_most": data["steps"],
        "hard_budget_plies": data["budget"],
    }


def main(argv=None):
    argparse.ArgumentParser(prog="python -m tools.bench_bots", description=__doc__.split("\n")[0],
                            epilog="Prints measure()'s keys as one JSON line.").parse_args(argv)
    print(json.dumps(measure(), sort_keys=True))


if __name__ == "__main__":
    sys.exit(command(main, "tools.bench_bots"))
