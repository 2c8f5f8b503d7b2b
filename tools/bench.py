"""Benchmarks: `python -m tools.bench [--json]`. Not a test: it prints measurements.

Times on this machine are noisy, so every MicroPython time is also given as a
ratio to a fixed reference loop measured in the same run. The README explains
how the ratio estimates the time on an RP2040.
"""
import argparse
import json
import sys
import time

from tools.selftest import ROOT, run_micropython

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

MPY_SCRIPT = REF_LOOP + """
import gc, time, json
gc.collect()
base = gc.mem_alloc()
""" + RANDOM_DEAL + """
from engine.match import Match
m = Match(RULES, 1)
gc.collect()
retained = gc.mem_alloc() - base
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
print(json.dumps({"retained": retained, "alloc": alloc, "ref_us": best_ref,
                  "deal_us": best_deal, "deals": n, "total_ms": total_ms}))
"""


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
    out = run_micropython(MPY_SCRIPT)
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
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    args = ap.parse_args(argv)
    sys.path.insert(0, ROOT)
    result = measure_engine()
    from tools import bench_bots
    result.update(bench_bots.measure())
    result["hard_decision_ms_rp2040_estimate"] = round(
        result["hard_decision_ref_loop_ratio"] * RP2040_REF_LOOP_MS, 1)
    for k in sorted(result):
        print("%-45s %s" % (k, result[k]))
    if args.json:
        print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
