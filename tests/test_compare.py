"""The paired comparison tool, and Hard at budget 0 (its best-scored move, no search)."""
import json

from engine import bots
from engine.match import Match
from engine.rules import preset
from tools import compare as C
from tools.tournament import deal_number, seat_won


def test_the_same_budget_on_both_sides_differs_by_nothing():
    res = C.compare("sevens", "easy", [60, 60], 6, seed=4)
    assert res["win_rates"][0] == res["win_rates"][1]
    assert res["diff"] == 0 and res["ci95"] == [0, 0]


def test_budget_zero_plays_the_best_scored_move_where_hard_would_search():
    rules = preset("sevens")
    searched = 0
    for number in range(12):
        g = Match(rules, number, 4).game
        while not g.over:
            v = g.view(g.turn)
            hard = bots.Bot(bots.HARD)
            hard.start(v, number)
            if not hard.done:
                searched += 1
                best = bots.order_moves(v, g.legal_moves(), 0, False, bots.weights(bots.HARD, rules))[0]
                assert bots.Bot(bots.HARD, 0).choose(v, number) == best
            g.play(bots.Bot(bots.MEDIUM).choose(v, number))
    assert searched >= 10


def test_cli_prints_both_sides_and_a_json_line(capsys):
    C.main(["--preset", "fan_tan", "--opponent", "medium", "--budgets", "0,60", "--deals", "4",
            "--seed", "2", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    res = json.loads(out[-1])
    assert res["preset"] == "fan_tan" and res["budgets"] == [0, 60] and res["deals"] == 4
    lo, hi = res["ci95"]
    assert lo <= res["diff"] <= hi
    assert abs(res["diff"] - (res["win_rates"][1] - res["win_rates"][0])) < 1e-3
    assert "B - A" in out[-2]


def test_workers_give_the_same_result():
    assert C.compare("sevens", "medium", [0, 60], 4, 3, 1) == C.compare("sevens", "medium", [0, 60], 4, 3, 2)


def test_the_difference_is_b_minus_a_where_the_budgets_differ():
    """Seed 5's four deals: Hard without search (budget 0) wins more than at budget 60 against
    Medium, so the difference B - A is negative, and the interval is about it."""
    res = C.compare("fan_tan", "medium", [0, 60], 4, seed=5)
    a, b = res["win_rates"]
    assert a != b and res["diff"] == round(b - a, 4)
    lo, hi = res["ci95"]                 # the deals differ by more or less: a spread both ways
    assert lo < res["diff"] < hi and abs((hi - res["diff"]) - (res["diff"] - lo)) < 1e-3


def test_hard_plays_every_seat_so_the_same_bot_everywhere_wins_its_share():
    """Against Hard at its own budget every seat holds the same bot: each deal is won by one
    seat, and Hard, playing each seat in turn, wins exactly 1 in 4. The command line takes Hard
    opponents too (tools.lookahead refuses them: its playouts would search in every world)."""
    res = C.main(["--preset", "fan_tan", "--opponent", "hard", "--budgets", "%d,%d" % ((bots.HARD_BUDGET,) * 2),
                  "--deals", "3", "--seed", "1"])
    assert res["opponent"] == "hard" and res["win_rates"] == [0.25, 0.25]


def test_each_deal_of_a_chunk_is_a_deal_of_its_own():
    """A worker's records are those of its deals one by one (not its first deal over and over)."""
    chunk = C.run_deals(("fan_tan", bots.MEDIUM, [0, 60], 5, 0, 4))
    assert chunk == [r for i in range(4) for r in C.run_deals(("fan_tan", bots.MEDIUM, [0, 60], 5, i, i + 1))]
    assert len(set(map(tuple, chunk))) > 1


def test_the_interval_is_the_95_percent_one_over_the_deals_differences():
    """ci95 is the mean of the per-deal differences of Hard's win rate, B - A, plus or minus
    tools.tournament's normal 95% half-width over those deals."""
    from tools.tournament import interval
    res = C.compare("fan_tan", "medium", [0, 60], 4, seed=5)
    mean, half = interval([(b - a) / 4 for a, b in C.run_deals(("fan_tan", bots.MEDIUM, [0, 60], 5, 0, 4))])
    assert half > 0 and res["ci95"] == [round(mean - half, 4), round(mean + half, 4)]


def test_the_command_line_compares_what_its_options_say(capsys):
    """main() compares its preset, opponent, budgets, deals and seed (by default Sevens, Easy,
    0 against the badge's budget, seed 1), and its two text lines say what the JSON line says;
    the JSON line comes with --json only."""
    res = C.main(["--deals", "12", "--json"])
    assert res == C.compare("sevens", "easy", [0, bots.HARD_BUDGET], 12, 1)
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == json.dumps(res, sort_keys=True)
    assert out[0] == "sevens, Hard against easy, 12 deals: budget 0 wins %.1f%%, budget %d wins %.1f%%" % (
        100 * res["win_rates"][0], bots.HARD_BUDGET, 100 * res["win_rates"][1])
    assert out[1] == "B - A: %+.2f points, 95%% interval [%+.2f, %+.2f]" % (
        100 * res["diff"], 100 * res["ci95"][0], 100 * res["ci95"][1])
    assert res["win_rates"][0] != res["win_rates"][1] and res["diff"]
    res = C.main(["--preset", "fan_tan", "--deals", "4", "--seed", "3", "--opponent", "medium", "--budgets", "0,60"])
    assert res == C.compare("fan_tan", "medium", [0, 60], 4, 3) != C.compare("fan_tan", "medium", [0, 60], 4, 1)
    out = capsys.readouterr().out.splitlines()        # without --json, the two text lines alone
    assert len(out) == 2 and out[1].startswith("B - A: "), out
    # A is the first budget given, even where it is the larger
    assert C.main(["--preset", "fan_tan", "--deals", "4", "--seed", "3", "--opponent", "medium", "--budgets",
                   "60,0"]) == C.compare("fan_tan", "medium", [60, 0], 4, 3) != res


def test_each_side_is_hard_at_its_own_budget_on_the_tournament_s_deals():
    """A worker's record per deal: Hard's wins over the four seats of deal_number(seed, i), the
    deal tools.tournament plays for that seed, first at budget A and then at budget B."""
    rules = preset("fan_tan")
    records = C.run_deals(("fan_tan", bots.MEDIUM, [0, 60], 5, 0, 4))
    assert records == [
        [sum(seat_won(rules, deal_number(5, i), me, bots.Bot(bots.HARD, b), bots.Bot(bots.MEDIUM)) for me in range(4))
         for b in (0, 60)] for i in range(4)]
    assert any(a != b for a, b in records)          # the two budgets' wins differ on some deal
