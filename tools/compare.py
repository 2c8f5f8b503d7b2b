"""Paired comparison of Hard at two work budgets, on the same deals.

    python -m tools.compare --preset sevens --opponent easy --budgets 0,500 --deals 1000 --seed 1 --workers 2 --json

Hard plays every seat of every deal (as in tools.tournament) once at each budget,
against the same opponents with the same seeds, so the two sides differ only by Hard's
own decisions. Budget 0 is Hard's best-scored card with no search. The difference
of the win rates comes with a 95% interval over deals; pairing makes it several
times narrower than the difference of two tournaments' intervals.

With --json the last line is a JSON object:
{"preset", "opponent", "deals", "budgets", "win_rates": [a, b], "diff", "ci95": [lo, hi]}
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import bots            # noqa: E402
from engine.levels import LEVELS   # noqa: E402
from engine.rules import preset    # noqa: E402
from tools.tournament import deal_number, seat_won, spans, interval, map_chunks   # noqa: E402
from tools.args import add_preset, deal_count, numbers, MAX_BUDGET, add_workers, add_seed, command   # noqa: E402


def run_deals(args):
    """Worker: for each deal in [lo, hi), Hard's wins over every seat at each budget."""
    key, opponent, budgets, seed, lo, hi = args
    rules = preset(key)
    sides = [(bots.Bot(bots.HARD, b), bots.Bot(opponent)) for b in budgets]
    return [[sum(seat_won(rules, deal_number(seed, i), me, hard, other)
                 for me in range(rules.players)) for hard, other in sides]
            for i in range(lo, hi)]


def compare(key, opponent, budgets, deals, seed=1, workers=1):
    """The result dict (see the module doc)."""
    opp = LEVELS.index(opponent)
    n = preset(key).players
    chunks = [(key, opp, budgets, seed, lo, hi) for lo, hi in spans(deals, workers, 25)]
    records = map_chunks(run_deals, chunks, workers)
    mean, half = interval([(b - a) / n for a, b in records])
    return {
        "preset": key, "opponent": opponent, "deals": deals, "budgets": list(budgets),
        "win_rates": [round(sum(r[k] for r in records) / (n * deals), 4) for k in range(2)],
        "diff": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)],
    }


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.compare", description=__doc__.split("\n")[0])
    add_preset(ap)
    ap.add_argument("--opponent", default="easy", choices=LEVELS,
                    help="the level in every other seat (default %(default)s)")
    ap.add_argument("--budgets", type=numbers(2, most=MAX_BUDGET), default=[0, bots.HARD_BUDGET],
                    help="two of Hard's work budgets in plies, A,B (0: no search; at most %d, 100 times "
                         "the badge's, as each decision takes that much longer; default %d,%d)"
                         % (MAX_BUDGET, 0, bots.HARD_BUDGET))
    ap.add_argument("--deals", type=deal_count, default=200,
                    help="deals, each played once per seat at each budget (at least 2; default %(default)s)")
    add_seed(ap)
    add_workers(ap)
    ap.add_argument("--json", action="store_true", help="end with a JSON line")
    a = ap.parse_args(argv)
    budgets = a.budgets
    if a.deals < 2:
        ap.error("argument --deals: at least 2 deals for an interval")
    res = compare(a.preset, a.opponent, budgets, a.deals, a.seed, a.workers)
    print("%s, Hard against %s, %d deals: budget %d wins %.1f%%, budget %d wins %.1f%%" % (
        res["preset"], res["opponent"], res["deals"], budgets[0], 100 * res["win_rates"][0],
        budgets[1], 100 * res["win_rates"][1]))
    print("B - A: %+.2f points, 95%% interval [%+.2f, %+.2f]" % (
        100 * res["diff"], 100 * res["ci95"][0], 100 * res["ci95"][1]))
    if a.json:
        print(json.dumps(res, sort_keys=True))
    return res


if __name__ == "__main__":
    sys.exit(command(main, "tools.compare"))
