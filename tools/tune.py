"""Tune Hard's Sevens card weights on the win rate itself (SPSA over duplicate deals).

    python -m tools.tune --iterations 80 --deals 500 --sign-seed 7 --deal-seed 1000

tools.distill fits the weights to playout results one decision at a time; this tool
then moves them to win more whole deals. Each iteration draws a random sign for every
weight, plays `--deals` duplicate deals (one player in each seat in turn, no search:
the best card by the weights) once with the weights nudged by +step and once by -step,
against 3 Easy and against 3 Medium, and moves every weight along the measured
difference (simultaneous perturbation stochastic approximation). Both sides of an
iteration play the same deals with the same opponents' seeds, so luck mostly cancels.
It prints the average of the second half of the iterates as the tuple to paste into
engine/bots.py (the NEAR slot, and control, which never varies in Sevens, are kept from the
start weights).

Runs on CPython only (it is a tool, not badge code).
"""
import argparse
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import bots            # noqa: E402
from engine.levels import LEVELS   # noqa: E402
from engine.rules import preset    # noqa: E402
from tools.tournament import deal_number, seat_won, paste_line   # noqa: E402
from tools.args import add_preset, deal_count, hundredfold, numbers, add_workers, worker_pool, command   # noqa: E402

# One step of each feature's weight (mine, others, chain, danger, starter, reach, end,
# control): 10 for counts, 40 for yes/no features; control never varies in Sevens.
SCALE = (10, 10, 40, 10, 40, 10, 40, 0)
GAIN = 5.0          # step size, in SCALE units per unit of win-rate difference
PROBE = 0.3         # the +-nudge, in SCALE units
CLIP = 0.3          # the largest move of one weight in one iteration, in SCALE units


class Weighted:
    """A seat that lays the best card by weights w, without searching (Hard, when its
    best card stands clear); it answers to a tournament's bot.choose(view, seed)."""

    def __init__(self, w):
        self.w = w
        self.bot = bots.Bot(bots.EASY)       # only for the view's legal moves

    def choose(self, view, seed=0):
        return bots.order_moves(view, self.bot.legal_moves(view), 0, False, self.w)[0]


def wins(args):
    """Worker: wins of weights w in every seat of deals [lo, hi) against one level."""
    key, w, level, seed, lo, hi = args
    rules = preset(key)
    player = Weighted(w)
    opponent = bots.Bot(LEVELS.index(level))
    return sum(seat_won(rules, deal_number(seed, i), me, player, opponent)
               for i in range(lo, hi) for me in range(rules.players))


def to_weights(theta, near):
    """Integer weights (and NEAR) from the tuner's scaled coordinates (a weight it never
    varies, SCALE 0, is its own coordinate)."""
    return tuple([int(round(theta[i] * (SCALE[i % 8] or 1))) for i in range(24)] + [near])


def tune(key, start, iterations, deals, sign_seed, deal_seed, workers=1, log=print):
    """The tuned weights (see the module doc)."""
    theta = [start[i] / (SCALE[i % 8] or 1) for i in range(24)]     # control kept as it starts
    near = start[bots.NEAR_AT]
    rnd = random.Random(sign_seed)
    history = []
    games = deals * preset(key).players              # per side and level: every seat
    half = max(1, deals // 2)
    pool = worker_pool(workers) if workers > 1 else None
    try:
        for k in range(iterations):
            gain = GAIN * (11.0 / (k + 11)) ** 0.602
            probe = PROBE / (k + 1) ** 0.101
            sign = [rnd.choice((-1, 1)) if SCALE[i % 8] else 0 for i in range(24)]
            jobs = []
            for d in (1, -1):
                w = to_weights([theta[i] + d * probe * sign[i] for i in range(24)], near)
                for level in ("easy", "medium"):
                    for lo in range(0, deals, half):
                        jobs.append((key, w, level, deal_seed + k, lo, min(deals, lo + half)))
            r = pool.map(wins, jobs) if pool else [wins(j) for j in jobs]
            n = len(r) // 2
            diff = (sum(r[:n]) - sum(r[n:])) / games     # the + side's win-rate gain, both levels summed
            for i in range(24):
                if sign[i]:
                    step = gain * diff / (2 * probe * sign[i])
                    theta[i] += max(-CLIP, min(CLIP, step))
            history.append(theta[:])
            log("%d: %+.4f" % (k, diff))
    finally:
        if pool:
            pool.terminate()      # on Ctrl+C too: no worker left behind, no traceback from the pool
    tail = history[len(history) // 2:] or [theta]
    return to_weights([sum(t[i] for t in tail) / len(tail) for i in range(24)], near)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.tune", description=__doc__.split("\n")[0])
    add_preset(ap)
    ap.add_argument("--iterations", type=hundredfold(80), default=80, help="SPSA steps (default %(default)s)")
    ap.add_argument("--deals", type=deal_count, default=500,
                    help="duplicate deals per side and level (default %(default)s)")
    ap.add_argument("--sign-seed", type=int, default=7,
                    help="picks each iteration's random signs of the nudges (default %(default)s)")
    ap.add_argument("--deal-seed", type=int, default=1000,
                    help="picks the deals: iteration K plays those of seed DEAL_SEED+K (default %(default)s)")
    ap.add_argument("--start", type=numbers(25, least=None),
                    help="25 comma-separated weights, the last NEAR (default: the shipped ones)")
    add_workers(ap)
    a = ap.parse_args(argv)
    start = tuple(a.start) if a.start else bots.weights(bots.HARD, preset(a.preset))
    w = tune(a.preset, start, a.iterations, a.deals, a.sign_seed, a.deal_seed, a.workers)
    print("--start " + ",".join(str(x) for x in w))      # the next round's start, in any preset
    print(paste_line(a.preset, w))
    return w


if __name__ == "__main__":
    sys.exit(command(main, "tools.tune"))
