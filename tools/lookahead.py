"""What one step of search could still add to Hard's card choice, measured offline.

    python -m tools.lookahead --opponent easy --deals 150 --worlds 200 --seed 1 --workers 2 --json

Hard with no search (its best-scored card, budget 0) plays every seat of every deal
against opponents of one level, as in tools.tournament. At each of its decisions with
a choice, every legal card is played out in the same `--worlds` deals of the hidden
cards, with the same random numbers: honest deals drawn from Hard's view (uniform
and consistent with the passes against Easy, whose plays tell nothing more; by Hard's
own history inference against Medium), or with --true-hands the real hands (a
cheating diagnostic). In the playouts the opponents play their level (Easy a random
card, Medium its own choice) and Hard its own policy.

Half the worlds pick a card, the other half score it against Hard's card, and then
the other way round. A card replaces Hard's only if it leads by at least T wins on
the picking half, for each T in --leads. Summed over a game's decisions, that is what
a search with worlds/2 deals per card would add, in win-rate points per game (95%
interval over games). "upper" is the most any card gains over all the worlds, with its
interval over games; noise only inflates it, so no one-step search can expect more.

With --json the last line is a JSON object:
{"preset", "opponent", "deals", "worlds", "true_hands", "games", "win_rate",
"decisions_per_game", "gain": {T: [mean, lo, hi]}, "upper": [mean, lo, hi]}
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
from engine.game import Game       # noqa: E402
from engine.match import Match     # noqa: E402
from engine.rng import Rng         # noqa: E402
from engine.rules import preset    # noqa: E402
from tools.tournament import deal_number, bot_seed, lay, spans, interval, map_chunks   # noqa: E402
from tools.args import add_preset, deal_count, hundredfold, numbers, add_workers, add_seed, command   # noqa: E402

LEADS = (0, 4, 8, 16)


def playout(g, me, hard, other, rng):
    """Play g to its end; 1 if `me` goes out first. Easy opponents draw from rng."""
    while g.winner < 0:
        p = g.turn
        if p == me:
            lay(g, hard.choose(g.view(p)))
        elif other.level == bots.EASY:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
        else:
            lay(g, other.choose(g.view(p)))
    return 1 if g.winner == me else 0


def card_wins(g, view, moves, worlds, true_hands, sampler, scratch, hard, other, number):
    """Per legal card, its wins on the even and on the odd worlds."""
    me = view.me
    if not true_hands:
        sampler._scratch(view)
        sampler.view = view
        sampler._prepare()
        sampler.rng.seed(bot_seed(number, len(g.log), me))
    rng = Rng(1)
    wins = [[0, 0] for _ in moves]
    for k in range(worlds):
        if true_hands:
            hands = g.hands
        else:
            if other.level == bots.EASY:
                sampler._sample1()
            else:
                sampler._sample()
            hands = sampler.hands          # Game.load copies the masks
        for j in range(len(moves)):
            scratch.load(view, hands)
            scratch.play(moves[j])
            rng.seed(bot_seed(number, len(g.log) * 1009 + k, me))
            wins[j][k & 1] += playout(scratch, me, hard, other, rng)
    return wins


def gains(wins, mine, half, leads):
    """(gain per lead T, upper): the picking-half / scoring-half gain over card `mine`.
    A card must lead `mine` by at least T wins (and at least 1: a tie never replaces it)."""
    out = []
    for t in leads:
        x = 0
        for pick, score in ((0, 1), (1, 0)):
            best = mine
            for j in range(len(wins)):
                if wins[j][pick] - wins[mine][pick] >= max(t, 1) and wins[j][pick] > wins[best][pick]:
                    best = j
            x += (wins[best][score] - wins[mine][score]) / half / 2
        out.append(x)
    tot = [w[0] + w[1] for w in wins]
    return out, (max(tot) - tot[mine]) / (2 * half)


def run_deals(args):
    """Worker: one record per game (deal and Hard's seat): [won, decisions, upper, gain per T]."""
    key, opponent, worlds, true_hands, leads, seed, lo, hi = args
    rules = preset(key)
    hard = bots.Bot(bots.HARD, 0)
    other = bots.Bot(opponent)
    sampler = bots.Bot(bots.HARD)
    scratch = Game(rules, 1, players=rules.players)
    out = []
    for i in range(lo, hi):
        number = deal_number(seed, i)
        for me in range(rules.players):
            g = Match(rules, number, rules.players).game
            rec = [0, 0, 0.0] + [0.0] * len(leads)
            while not g.over:
                p = g.turn
                view = g.view(p)
                if p != me:
                    lay(g, other.choose(view, bot_seed(number, len(g.log), p)))
                    continue
                mine = hard.choose(view)
                moves = g.legal_moves()
                if len(moves) > 1:
                    wins = card_wins(g, view, moves, worlds, true_hands, sampler, scratch,
                                     hard, other, number)
                    per_t, upper = gains(wins, moves.index(mine), worlds // 2, leads)
                    rec[1] += 1
                    rec[2] += upper
                    for t in range(len(leads)):
                        rec[3 + t] += per_t[t]
                lay(g, mine)
            rec[0] = 1 if g.winner == me else 0
            out.append(rec)
    return out


def lookahead(key, opponent, deals, worlds, true_hands=False, leads=LEADS, seed=1, workers=1):
    """The result dict (see the module doc); worlds is even."""
    opp = LEVELS.index(opponent)
    chunks = [(key, opp, worlds, true_hands, leads, seed, lo, hi)
              for lo, hi in spans(deals, workers, 5)]
    games = map_chunks(run_deals, chunks, workers)
    n = len(games)

    def points(col):
        mean, half = interval([r[col] for r in games])
        return [round(100 * mean, 2), round(100 * (mean - half), 2), round(100 * (mean + half), 2)]

    gain = {str(leads[t]): points(3 + t) for t in range(len(leads))}
    return {
        "preset": key, "opponent": opponent, "deals": deals, "worlds": worlds,
        "true_hands": true_hands, "games": n,
        "win_rate": round(sum(r[0] for r in games) / n, 4),
        "decisions_per_game": round(sum(r[1] for r in games) / n, 2),
        "gain": gain, "upper": points(2),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.lookahead", description=__doc__.split("\n")[0])
    add_preset(ap)
    ap.add_argument("--opponent", default="easy", choices=LEVELS[:2],
                    help="the level in every other seat (default %(default)s)")
    ap.add_argument("--deals", type=deal_count, default=20,
                    help="deals, each played once per seat (default %(default)s)")
    ap.add_argument("--worlds", type=hundredfold(100, 2), default=100,
                    help="hidden deals per decision, an even number (default %(default)s)")
    ap.add_argument("--true-hands", action="store_true", help="play out the real hands (cheating)")
    ap.add_argument("--leads", type=numbers(), default=list(LEADS),
                    help="wins a card must lead Hard's by on the picking half, comma-separated (default %s)"
                         % ",".join(str(t) for t in LEADS))
    add_seed(ap)
    add_workers(ap)
    ap.add_argument("--json", action="store_true", help="end with a JSON line")
    a = ap.parse_args(argv)
    if a.worlds % 2:
        ap.error("argument --worlds: an even number, 2 or more")
    leads = tuple(a.leads)
    res = lookahead(a.preset, a.opponent, a.deals, a.worlds, a.true_hands, leads, a.seed, a.workers)
    print("%s, Hard (no search) against %s, %d games: wins %.1f%%, %.2f decisions with a choice per game" % (
        res["preset"], res["opponent"], res["games"], 100 * res["win_rate"], res["decisions_per_game"]))
    kind = ("true hand" if a.true_hands else "honest deal") + ("s" if a.worlds > 2 else "")
    for t in leads:
        m, lo, hi = res["gain"][str(t)]
        print("one step of search, %d %s per card, lead >= %d: %+.2f points per game [%+.2f, %+.2f]" % (
            a.worlds // 2, kind, t, m, lo, hi))
    print("upper bound (best card over all %d worlds, inflated by noise): %+.2f points [%+.2f, %+.2f]" % (
        (a.worlds,) + tuple(res["upper"])))
    if a.json:
        print(json.dumps(res, sort_keys=True))
    return res


if __name__ == "__main__":
    sys.exit(command(main, "tools.lookahead"))
