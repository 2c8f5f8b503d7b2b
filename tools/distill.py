"""Learn Hard's card weights (engine.bots.SEVENS_WEIGHTS) from playouts with the true hands.

    python -m tools.distill --deals 3000 --opponents easy,medium --rollouts 32 --workers 2

A player sits in each seat in turn against opponents of one level; it plays Medium's
move, or with --player hard Hard's with no search, by its current weights (a second
round of the same regression, on the positions the learned weights lead to). At each
of its decisions with a choice of cards, every legal card is played out `--rollouts`
times from the true deal (a pass it could pay for, or a bonus it could decline, is no
card): the player goes on with the fast policy, Easy opponents play at random and
Medium ones with the fast policy. The hidden hands are the real ones, so over many
decisions they are samples of what the player cannot see; regressing the win rate of
each card (less the decision's mean) on the card's features (engine.bots.card_score
with one weight set to 1) gives, per phase of the hand, weights that estimate how much
a feature adds to the chance of going out first, in 1/1000ths of a win. The tool
prints the weights as the tuple to paste into engine/bots.py.

Runs on CPython only (it is a tool, not badge code).
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import bots              # noqa: E402
from engine.levels import LEVELS     # noqa: E402
from engine.game import Game, PASS   # noqa: E402
from engine.match import Match       # noqa: E402
from engine.rng import Rng           # noqa: E402
from engine.rules import preset      # noqa: E402
from tools.tournament import deal_number, lay, map_chunks, level_names, paste_line   # noqa: E402
from tools.args import add_preset, deal_count, hundredfold, add_workers, command   # noqa: E402

FEATURES = ("mine", "others", "chain", "danger", "starter", "reach", "end", "control")
NF = len(FEATURES)
UNITS = [tuple([1 if i == j else 0 for i in range(NF)] * 3) for j in range(NF)]


def features(view, c):
    """Card c's feature vector, read through card_score with one weight at a time."""
    return [bots.card_score(view, c, u) for u in UNITS]


def rollout(g, me, random_opponents, bot, rng):
    """Play g to its end; 1 if `me` goes out first."""
    while g.winner < 0:
        if g.turn != me and random_opponents:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
        else:
            lay(g, bot.fast_move(g))
    return 1 if g.winner == me else 0


def decisions(args):
    """Worker: the (phase, features per card, wins per card) of deals [lo, hi)."""
    key, opponents, player, rollouts, seed, lo, hi = args
    rules = preset(key)
    bot = bots.Bot(bots.HARD)
    scratch = Game(rules, 1, players=rules.players)
    bot._tables(rules)
    rng = Rng(1)
    medium = bots.Bot(bots.MEDIUM)
    hard = bots.Bot(bots.HARD, 0)       # Hard with no search: its best-scored move, a paid pass at its price
    easy = opponents == "easy"
    out = []
    for i in range(lo, hi):
        number = deal_number(seed, i)
        me = i % rules.players
        g = Match(rules, number, rules.players).game
        rng.seed(number)
        while not g.over:
            p = g.turn
            view = g.view(p)
            moves = g.legal_moves()
            cards = [a for a in moves if a != PASS]     # a paid pass or a declined bonus: no card
            if p == me and len(cards) > 1:
                wins = []
                for a in cards:
                    won = 0
                    for k in range(rollouts):
                        scratch.load(view, g.hands[:])
                        scratch.play(a)
                        bot.prng.seed((number * 7919 + len(g.log) * 131 + k) & 0x3FFFFFFF)
                        won += rollout(scratch, me, easy, bot, bot.prng)
                    wins.append(won)
                out.append((bots.phase(view.hand), [features(view, a) for a in cards], wins))
            if p != me and easy:
                a = moves[rng.below(len(moves))]
            elif p == me and player == "hard":
                a = hard.choose(view)
            else:
                a = medium.choose(view)
            lay(g, a)
    return out


def solve(a, b):
    """x with a x = b (Gauss-Jordan, partial pivoting); zero for a feature that never varies."""
    n = len(b)
    m = [a[i][:] + [b[i]] for i in range(n)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-9:
            continue
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-9 else 0.0 for i in range(n)]


def fit(rows, rollouts):
    """Least squares per phase of (win rate - decision mean) on (features - decision mean)."""
    weights = []
    for ph in range(3):
        a = [[0.0] * NF for _ in range(NF)]
        b = [0.0] * NF
        for p, feats, wins in rows:
            if p != ph:
                continue
            n = len(wins)
            mf = [sum(f[j] for f in feats) / n for j in range(NF)]
            mw = sum(wins) / n
            for f, w in zip(feats, wins):
                x = [f[j] - mf[j] for j in range(NF)]
                y = (w - mw) / rollouts
                for i in range(NF):
                    b[i] += x[i] * y
                    for j in range(NF):
                        a[i][j] += x[i] * x[j]
        weights.extend(round(1000 * w) for w in solve(a, b))
    return weights


def regret(rows, w, rollouts):
    """Mean win rate given up per decision against the best card's playouts."""
    total = 0.0
    for p, feats, wins in rows:
        scores = [sum(w[p * NF + j] * f[j] for j in range(NF)) for f in feats]
        total += (max(wins) - wins[scores.index(max(scores))]) / rollouts
    return total / max(1, len(rows))


def opponent_levels(text):
    """An argparse type: comma-separated opponent levels, easy or medium."""
    return level_names(text, LEVELS[:2], " (the playouts have no Hard opponents)")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.distill", description=__doc__.split("\n")[0])
    add_preset(ap)
    ap.add_argument("--deals", type=deal_count, default=3000, help="deals per opponent level (default %(default)s)")
    ap.add_argument("--opponents", type=opponent_levels, default="easy,medium",
                    help="comma-separated opponent levels, easy or medium, each played in turn (default %(default)s)")
    ap.add_argument("--player", default="medium", choices=("medium", "hard"),
                    help="whose move the player makes: Medium's, or Hard's by its current weights "
                         "(default %(default)s)")
    ap.add_argument("--rollouts", type=hundredfold(32), default=32,
                    help="playouts of each legal card at each decision (default %(default)s)")
    ap.add_argument("--seed", type=int, default=99,
                    help="picks the deals, the next seed for each further level (default %(default)s)")
    add_workers(ap)
    a = ap.parse_args(argv)
    chunks = []
    for k, level in enumerate(a.opponents):
        for lo in range(0, a.deals, 25):
            chunks.append((a.preset, level, a.player, a.rollouts, a.seed + k, lo,
                           min(a.deals, lo + 25)))
    rows = map_chunks(decisions, chunks, a.workers)
    w = fit(rows, a.rollouts)
    print("%d decisions; regret per decision: Medium %.4f, learned %.4f" % (
        len(rows), regret(rows, bots.MEDIUM_WEIGHTS, a.rollouts), regret(rows, w, a.rollouts)))
    for ph, name in enumerate(("3 cards or fewer", "4 to 6", "7 or more")):
        print("  %-16s " % name
              + " ".join("%s=%d" % (FEATURES[j], w[ph * NF + j]) for j in range(NF)))
    print(paste_line(a.preset, w, ", %d" % bots.SEVENS_WEIGHTS[bots.NEAR_AT]))   # NEAR as shipped: not learned
    return w


if __name__ == "__main__":
    sys.exit(command(main, "tools.distill"))
