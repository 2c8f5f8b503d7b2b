"""Duplicate tournaments between bot levels.

    python -m tools.tournament --preset sevens --seats hard,easy,easy,easy --deals 2000 --seed 1 --json
    python -m tools.tournament --preset sevens --rule up_first=1 --seats medium,easy   # a New game option
    python -m tools.tournament --preset fan_tan --players 5 --seats hard,medium --budget 0 --workers 2

--rule FIELD=VALUE (repeatable) changes the preset's rules (penalty=PIPS, scoring=RACE, ...);
--players sets the table size; --budget is Hard's work budget in plies (0: no search);
--workers spreads the deals over processes without changing the result.

Each deal is replayed once per seat with the lineup rotated one seat each time, so
every level plays every hand from every seat and the luck of the cards cancels.
Results are aggregated by level name (three Easy seats make one "easy" row). A
win is going out first. The 95% interval is a normal interval over deals (each
deal's rotations together form one observation, so their correlation is counted).

With --json the last line is a JSON object:
{"preset", "rules", "players", "deals", "games", "seats", "results": {label: {"win_rate",
"ci95": [lo, hi], "avg_penalty", "avg_score", "games"}}}
where "games" is deals x players (a game is one rotation of a deal) and a level's "games"
counts every seat it held in every game (the table's seat-games), and "rules" the
--rule changes to the preset (engine.rules FIELDS: the New game options and more).
Per seat-game, "avg_penalty" is what the cards left cost (cards, or their values or pips
under --rule penalty=...; lower is better) and "avg_score" what the preset's scoring gave:
points won (zero-sum), penalty points (a race: lower is better) or chips won.
"""
import argparse
import json
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import bots                             # noqa: E402
from engine.levels import LEVELS                    # noqa: E402
from engine.match import Match                      # noqa: E402
from engine import rules as engine_rules            # noqa: E402
from engine.rules import preset, override, FIELDS   # noqa: E402
from firmware.text import OPTIONS, option_text      # noqa: E402
from tools.args import (  # noqa: E402
    add_preset, deal_count, budget, MAX_BUDGET, add_workers, add_seed, worker_pool, command)
from engine import reasons                          # noqa: E402
from firmware.text_en import REASONS                # noqa: E402


def paste_line(key, w, tail=""):
    """What tune and distill print to paste into engine/bots.py: SEVENS_WEIGHTS where preset
    key's Hard plays by them, else why there is nothing to paste (it printed DOMINO_WEIGHTS,
    which bots.py has no place for: QA)."""
    if bots.weights(bots.HARD, preset(key)) is bots.SEVENS_WEIGHTS:
        return "SEVENS_WEIGHTS = (" + ", ".join(str(x) for x in w) + tail + ")"
    return "(nothing to paste: Hard plays by Medium's weights in %s, bots.weights)" % key


def deal_number(seed, i):
    """The deal number of the i-th deal of a tournament (below 2**30)."""
    return (seed * 1000003 + i * 7 + 1) & 0x3FFFFFFF


def bot_seed(number, ply, seat):
    """The seed a bot gets for one decision."""
    return (number * 131 + ply * 17 + seat) & 0x3FFFFFFF


def lay(g, action):
    """Play a bot's action; an illegal one raises (g.play alone would change nothing,
    and the deal would never end)."""
    why = g.play(action)
    if why != reasons.OK:
        raise RuntimeError("bot played an illegal action: %s (%s)" % (action, REASONS[why][0]))


def play_deal(rules, players, number, lineup, cache):
    """Play one deal; lineup[p] is seat p's level. Returns (winner, penalties, deltas)."""
    m = Match(rules, number, players)
    g = m.game
    while not g.over:
        p = g.turn
        lay(g, cache[p][lineup[p]].choose(g.view(p), bot_seed(number, len(g.log), p)))
    delta = m.settle()
    return g.winner, g.penalties(), delta


def seat_won(rules, number, me, player, opponent):
    """One deal with `player` in seat `me` and `opponent` in every other seat (anything
    with choose(view, seed)); True if `me` goes out first."""
    seats = {"me": player, "other": opponent}
    lineup = ["me" if p == me else "other" for p in range(rules.players)]
    return play_deal(rules, rules.players, number, lineup, [seats] * rules.players)[0] == me


def spans(deals, workers, most):
    """The deals cut into [lo, hi) chunks of at most `most`, about 4 per worker."""
    step = max(1, min(most, deals // max(1, workers * 4)))
    return [(lo, min(deals, lo + step)) for lo in range(0, deals, step)]


def run_deals(args):
    """Worker: play deals [lo, hi). Returns one record per deal:
    a list per level index of [appearances, wins, penalty, score]."""
    key, over, players, levels, seed, lo, hi, budget = args
    rules = preset(key).with_(**over)
    cache = [[bots.Bot(lv, budget) for lv in range(3)] for _ in range(players)]
    out = []
    for i in range(lo, hi):
        number = deal_number(seed, i)
        rec = [[0, 0, 0, 0] for _ in range(3)]
        for k in range(players):
            lineup = [levels[(p - k) % players] for p in range(players)]
            winner, pen, delta = play_deal(rules, players, number, lineup, cache)
            for p in range(players):
                r = rec[lineup[p]]
                r[0] += 1
                r[1] += 1 if winner == p else 0
                r[2] += pen[p]
                r[3] += delta[p]
        out.append(rec)
    return out


def interval(xs):
    """The mean of xs and the half-width of its normal 95% interval."""
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / max(1, len(xs) - 1)
    return mean, 1.96 * math.sqrt(var / len(xs))


def map_chunks(work, chunks, workers):
    """Every record of work(chunk) over the chunks, in order, on `workers` processes."""
    chunks = list(chunks)
    workers = min(workers, len(chunks))         # never a process with nothing to do
    if workers <= 1:
        return [r for c in chunks for r in work(c)]
    with worker_pool(workers) as processes:
        return [r for part in processes.imap(work, chunks) for r in part]


def summarize(records, names):
    """Per level: win rate, a 95% interval over deals, average penalty and score."""
    results = {}
    for lv in range(3):
        fr = [r[lv][1] / r[lv][0] for r in records if r[lv][0]]
        if not fr:
            continue
        games = sum(r[lv][0] for r in records)
        wins = sum(r[lv][1] for r in records)
        rate = wins / games
        half = interval(fr)[1] if len(fr) > 1 else 1.0
        results[names[lv]] = {
            "win_rate": round(rate, 4),
            "ci95": [round(max(0.0, rate - half), 4), round(min(1.0, rate + half), 4)],
            "avg_penalty": round(sum(r[lv][2] for r in records) / games, 3),
            "avg_score": round(sum(r[lv][3] for r in records) / games, 3),
            "games": games,
        }
    return results


# values by their names in engine.rules, per field (README's rule options)
NAMES = {"opening": ("SEVENS", "FIVE_OR_NINE", "ANY_RANK", "PLAY_OR_PAY"),
         "opener": ("LEFT_OF_DEALER", "SEVEN_OF_DIAMONDS", "SEVEN_OF_HEARTS", "SEVEN_OF_SPADES",
                    "SEVEN_OF_CLUBS"),
         "scoring": ("ZERO_SUM", "RACE", "CHIPS"),
         "penalty": ("CARDS", "VALUES", "PIPS")}


MATCH_ONLY = ("target", "deals", "winner_deals")     # rules of a match's length or its next dealer


def changed(changes):
    """The rule changes as text: " field=value" each, a value by its name where it has one."""
    out = ""
    for field, value in sorted(changes.items()):
        name = [n for n in NAMES.get(field, ()) if getattr(engine_rules, n) == value]
        out += " %s=%s" % (field, name[0] if name else value)
    return out


def table_rules(key, changes=None):
    """The preset with the changes (field: value, in order) made as New game makes them
    (engine.rules.override: a free opening brings the player left of the dealer, a race drops
    the deal count): (rules, every field now unlike the preset's). ValueError if a change
    cannot be played, or means nothing under the other rules (New game's "-")."""
    base = preset(key)
    over = {}
    changes = changes or {}
    for field in changes:
        trial = override(base, over, field, changes[field])
        if trial is None:
            why = base.with_(**dict(over, **{field: changes[field]})).problem()
            raise ValueError("%s with%s: %s" % (key, changed({field: changes[field]}), why))
        over = trial
    over = {f: v for f, v in over.items() if v != getattr(base, f)}   # a pair forced back as it was
    rules = base.with_(**over)
    for field in changes:
        if field in MATCH_ONLY and field in over:
            raise ValueError("%s with%s: a tournament plays single deals, and this changes only a match" % (
                key, changed({field: changes[field]})))
        if field in OPTIONS and option_text(field, rules) == "-":
            raise ValueError("%s with%s: no effect under its other rules (New game shows it as -)" % (
                key, changed({field: changes[field]})))
    return rules, over


def lineup(key, seats, players=None, changes=None):
    """The table size and every seat's level index; ValueError if the seats do not fit."""
    rules = table_rules(key, changes)[0]
    levels = [LEVELS.index(s.strip().lower()) for s in seats]
    lo, hi = rules.min_players, rules.max_players
    sizes = "%d players" % lo if lo == hi else "%d to %d players" % (lo, hi)
    if players is None:
        if len(levels) > hi:            # (the preset's own count is nothing the user asked for)
            raise ValueError("%d seats: %s is for %s" % (len(levels), key, sizes))
        players = len(levels) if lo <= len(levels) else rules.players
    if not lo <= players <= hi:
        raise ValueError("%s is for %s, not %d" % (key, sizes, players))
    if len(levels) > players:
        raise ValueError("%d seats for %d players (%s is for %s)" % (len(levels), players, key, sizes))
    return players, levels + levels[-1:] * (players - len(levels))


def tournament(key, seats, deals, seed=1, workers=1, players=None, budget=bots.HARD_BUDGET,
               changes=None):
    """Run a duplicate tournament; returns the result dict (see module doc). `changes`
    (field: value) change the preset's rules."""
    over = table_rules(key, changes)[1]      # made once: the workers apply it as it is
    players, levels = lineup(key, seats, players, changes)
    chunks = [(key, over, players, levels, seed, lo, hi, budget) for lo, hi in spans(deals, workers, 50)]
    records = map_chunks(run_deals, chunks, workers)
    return {
        "preset": key, "rules": over, "players": players, "deals": deals,
        "games": deals * players,
        "seats": [LEVELS[lv] for lv in levels],
        "results": summarize(records, LEVELS),
    }


def table(res):
    """The results as text: a game is one rotation of a deal; a level's seat-games count
    every seat it held in every game (its "games" in the JSON)."""
    lines = ["%s%s, %d players, seats %s: %d deal%s x %d rotations = %d games, %d seat-games" % (
        res["preset"], changed(res["rules"]), res["players"], ",".join(res["seats"]), res["deals"],
        "" if res["deals"] == 1 else "s", res["players"], res["games"], res["games"] * res["players"]),
        "%-8s %10s %9s  %-17s %11s %9s" % ("level", "seat-games", "win rate", "95% interval",
                                            "avg penalty", "avg score"),
        "fair share: %.1f%%" % (100.0 / res["players"])]
    for name in LEVELS:
        r = res["results"].get(name)
        if r:
            lines.insert(-1, "%-8s %10d %8.1f%%  [%5.1f%%, %5.1f%%] %11.2f %9.2f" % (
                name, r["games"], 100 * r["win_rate"], 100 * r["ci95"][0], 100 * r["ci95"][1],
                r["avg_penalty"], r["avg_score"]))
    return "\n".join(lines)


def level_names(text, levels=LEVELS, why=""):
    """An argparse type: comma-separated level names, each one of levels (why says why only those)."""
    names = [s.strip().lower() for s in text.split(",")]
    for s in names:
        if s not in levels:
            raise argparse.ArgumentTypeError("%s in %r: the levels are %s%s" % (
                "empty seat" if not s else "level %r" % s if s in LEVELS else "unknown level %r" % s,
                text, ", ".join(levels), why))
    return names


def rule_change(text):
    """An argparse type: FIELD=VALUE, a rule field (engine.rules FIELDS) and a whole number or,
    for the fields in NAMES, a name (penalty=PIPS)."""
    field, eq, value = text.partition("=")
    field = field.strip()
    if field not in FIELDS or field == "players":
        raise argparse.ArgumentTypeError("%r: the fields are %s (use --players for the table size)" % (
            text, ", ".join(f for f in FIELDS if f != "players")))
    value = value.strip()
    names = NAMES.get(field, ())
    if value.upper() in names:
        return field, getattr(engine_rules, value.upper())
    try:
        return field, int(value)
    except ValueError:
        raise argparse.ArgumentTypeError("%r: %s needs a whole number%s" % (
            text, field, " or one of " + ", ".join(names) if names else ""))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.tournament",
                                 description="Duplicate tournament between bot levels.")
    add_preset(ap)
    ap.add_argument("--seats", type=level_names, default="hard,easy,easy,easy",
                    help="comma-separated levels (easy, medium, hard), one per seat; "
                         "the last one fills any remaining seats (default %(default)s)")
    ap.add_argument("--deals", type=deal_count, default=200,
                    help="deals, each played once per seat with the lineup rotated (default %(default)s)")
    add_seed(ap)
    ap.add_argument("--players", type=int,
                    help="table size (default: one per seat if the preset allows, else its usual size)")
    add_workers(ap)
    ap.add_argument("--budget", type=budget, default=bots.HARD_BUDGET,
                    help="Hard's work budget in plies (default: the badge's setting, %d; 0: Hard's "
                         "best-scored card with no search; at most %d, 100 times the badge's, as "
                         "each decision takes that much longer)" % (bots.HARD_BUDGET, MAX_BUDGET))
    ap.add_argument("--rule", type=rule_change, action="append", default=[], metavar="FIELD=VALUE",
                    help="change one of the preset's rules, e.g. up_first=1 or penalty=PIPS (repeatable)")
    ap.add_argument("--json", action="store_true", help="end with a JSON line")
    args = ap.parse_args(argv)
    changes = dict(args.rule)
    try:
        lineup(args.preset, args.seats, args.players, changes)
    except ValueError as e:
        ap.error(str(e))
    if len(set(args.seats)) == 1:       # the same level in every seat: 1/players by symmetry
        one = args.seats[0]
        other = "medium" if one == "easy" else "easy"      # a lineup the tool takes
        ap.error("argument --seats: every seat plays %s; name a level for the others too (%s,%s: %s "
                 "against %s)" % (one, one, other, one.capitalize(), other.capitalize()))
    res = tournament(args.preset, args.seats, args.deals, args.seed,
                     args.workers, args.players, args.budget, changes)
    print(table(res))
    if args.json:
        print(json.dumps(res, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(command(main, "tools.tournament"))
