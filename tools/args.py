"""argparse types the tools share: counts and lists of whole numbers, refused in one line;
and how a tool ends on Ctrl+C, its worker processes too."""
import argparse
import os
import sys

from engine.bots import HARD_BUDGET
from engine.rules import PRESETS

# The most plies --budget takes: 100 times the badge's HARD_BUDGET, past the largest searches the
# research tried (about eighty times, docs/strength.md). A decision at the maximum takes about
# 100 times as long as on the badge's setting; a bigger number ran for days with no error.
MAX_BUDGET = 100 * HARD_BUDGET

# The most deals --deals takes: 500 times the 2000 of docs/strength.md's measurements, about ten
# hours of a Sevens tournament on one worker. The tools list their chunks of deals before playing
# them, so 10**20 deals filled the memory first (and past 2**30 the deal numbers come round again).
MAX_DEALS = 1000000


def folder(text):
    """A folder's path, not blank: an unset shell variable ("") would name the folder the tool
    runs in, or its default (the player's saves, the docs, the checkout a flash overwrites)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a folder")
    return text


def whole(least, most=None, why=""):
    """An argparse type: a whole number from `least` to `most` (no bound where None); `why`
    follows the bound in the message, e.g. " (four per core here)"."""
    def parse(text):
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("give a whole number, not %r" % text)
        if n < least:
            bound = "must be 0 or more" if least == 0 else "must be at least %d" % least
            raise argparse.ArgumentTypeError("%s, not %d" % (bound, n))
        if most is not None and n > most:
            raise argparse.ArgumentTypeError("at most %d%s, not %d" % (most, why, n))
        return n
    return parse


positive = whole(1)
deal_count = whole(1, MAX_DEALS)        # --deals


def hundredfold(default, least=1):
    """An argparse type for a tool's work per decision or per run (--rollouts, --worlds,
    --iterations): a whole number from `least` to 100 times its default, as --budget is bounded
    (past what the research used; a mistyped 10**10 would run on for days without a word)."""
    return whole(least, 100 * default, " (100 times the default %d)" % default)


budget = whole(0, MAX_BUDGET, " plies (100 times the badge's %d)" % HARD_BUDGET)     # Hard's --budget
workers = whole(1, 4 * (os.cpu_count() or 1), " (four per core here)")      # --workers: processes


def numbers(count=None, least=0, most=None):
    """Comma-separated ints, `count` of them (any number if None), each from `least` to
    `most` (no bound where None)."""
    def parse(text):
        try:
            ns = [int(x) for x in text.split(",")]
        except ValueError:
            ns = []
        if (not ns or count is not None and len(ns) != count
                or least is not None and min(ns) < least or most is not None and max(ns) > most):
            bound = ("" if least is None else ", each %d or more" % least) + (
                "" if most is None else " and %d or less" % most)
            raise argparse.ArgumentTypeError("%r: give %s comma-separated whole numbers%s" % (
                text, count or "one or more", bound))
        return ns
    return parse


def add_preset(ap):
    """The research tools' --preset option."""
    ap.add_argument("--preset", default="sevens", choices=PRESETS,
                    help="the rule set the deals are played by (default %(default)s)")


def add_workers(ap):
    """The research tools' --workers option."""
    ap.add_argument("--workers", type=workers, default=1,
                    help="processes to share the deals (default %(default)s; the result does not change)")


def add_seed(ap):
    """The --seed option of the tools that play the same deals for the same seed."""
    ap.add_argument("--seed", type=int, default=1,
                    help="picks the deals: the same seed plays the same deals (default %(default)s)")


def worker_pool(workers):
    """A pool of `workers` processes that leave Ctrl+C to the tool: the terminal sends it to
    every process, and each worker printed its own traceback."""
    import multiprocessing
    return multiprocessing.get_context("spawn").Pool(workers, initializer=_leave_ctrl_c)


def _leave_ctrl_c():
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def command(main, name):
    """Run tool `name`'s main() as a command: its exit status where it returns an int, else 0
    (compare, tune and friends return their results, for the tests: sys.exit printed them and
    gave status 1), and on Ctrl+C one line and status 130 (as tools.flash and the simulator
    end), not a traceback."""
    try:
        status = main()
    except KeyboardInterrupt:
        sys.stderr.write("python -m %s: interrupted\n" % name)
        return 130
    return status if isinstance(status, int) else 0
