"""tools.tune: SPSA on the win rate, checked on a planted objective and on real deals."""
import pytest

from engine import bots
from engine.levels import LEVELS
from engine.rules import preset
from tools import tune, tournament
from tools.args import numbers


def _distance(w, target):
    return sum(((w[i] - target[i]) / tune.SCALE[i % 8]) ** 2
               for i in range(24) if tune.SCALE[i % 8])


def test_tune_climbs_to_a_planted_optimum(monkeypatch):
    """With a win rate that peaks at known weights, the tuned weights end near them."""
    target = bots.SEVENS_WEIGHTS

    def planted(job):
        key, w, level, seed, lo, hi = job
        rate = 0.5 - 0.01 * _distance(w, target)
        return (hi - lo) * 4 * rate

    monkeypatch.setattr(tune, "wins", planted)
    start = list(target)
    for i in (0, 4, 9, 12, 21):
        start[i] += 2 * tune.SCALE[i % 8]
    w = tune.tune("sevens", tuple(start), 60, 10, 3, 1000, log=lambda s: None)
    assert _distance(w, target) < _distance(start, target) / 4
    assert w[bots.NEAR_AT] == target[bots.NEAR_AT]


@pytest.mark.parametrize("key", ["sevens", "domino"])
def test_tune_runs_on_real_deals_and_prints_the_next_round_s_start(key, capsys):
    """Every preset's weights come out as the next round's --start (a review found Domino's
    thrown away once only Sevens' got a line to paste into engine/bots.py)."""
    w = tune.main(["--preset", key, "--iterations", "2", "--deals", "2"])
    assert len(w) == 25 and all(isinstance(x, int) for x in w)
    out = capsys.readouterr().out.splitlines()
    assert numbers(25, least=None)(out[-2][len("--start "):]) == list(w)
    assert out[-1].startswith("SEVENS_WEIGHTS = (" if key == "sevens" else "(nothing to paste")


def test_tuned_seat_plays_as_hard_does_in_the_tournament(monkeypatch):
    """With no search (NEAR below every gap), Hard in tools.tournament wins exactly the
    games the tuner's player wins with the same weights: the tuner measures Hard."""
    from engine.rules import preset
    from tools import tournament
    rules = preset("sevens")
    w = bots.SEVENS_WEIGHTS[:bots.NEAR_AT] + (-1,)
    monkeypatch.setattr(bots, "SEVENS_WEIGHTS", w)
    cache = [[bots.Bot(lv) for lv in range(3)] for _ in range(4)]
    for lv in (bots.EASY, bots.MEDIUM):
        opponent = bots.Bot(lv)
        for i in range(8):
            number = tournament.deal_number(3, i)
            for me in range(4):
                lineup = [bots.HARD if p == me else lv for p in range(4)]
                winner = tournament.play_deal(rules, 4, number, lineup, cache)[0]
                assert tournament.seat_won(rules, number, me, tune.Weighted(w), opponent) == (winner == me)


def test_both_sides_of_an_iteration_play_the_same_deals_and_each_iteration_new_ones(monkeypatch):
    """Per iteration: the + and the - weights play the same deal spans, with the same seed,
    against each level; the spans cover --deals; the next iteration draws other deals."""
    jobs = []

    def record(job):
        jobs.append(job)
        return 0
    monkeypatch.setattr(tune, "wins", record)
    tune.tune("sevens", bots.SEVENS_WEIGHTS, 3, 5, 3, 1000, log=lambda s: None)
    seeds = sorted(set(j[3] for j in jobs))
    assert len(seeds) == 3
    for seed in seeds:
        mine = [j for j in jobs if j[3] == seed]
        plus, minus = mine[:len(mine) // 2], mine[len(mine) // 2:]
        assert [(j[2], j[4], j[5]) for j in plus] == [(j[2], j[4], j[5]) for j in minus]
        assert plus[0][1] != minus[0][1]
        for level in ("easy", "medium"):
            spans = sorted((j[4], j[5]) for j in plus if j[2] == level)
            assert sum(hi - lo for lo, hi in spans) == 5 and spans[0][0] == 0 and spans[-1][1] == 5


def test_the_result_averages_the_second_half_of_the_iterates(monkeypatch):
    """Only the last of 4 iterations finds the + side better (a large difference: every weight
    moves its clipped step). The result is the mean of iterates 3 and 4: half that step."""
    firsts = {}

    def last_only(job):
        key, w, level, seed, lo, hi = job
        side = firsts.setdefault(seed, w)       # the + side plays first
        return 4 * (hi - lo) if seed == 1003 and w == side else 0
    monkeypatch.setattr(tune, "wins", last_only)
    start = bots.SEVENS_WEIGHTS
    w = tune.tune("sevens", start, 4, 2, 3, 1000, log=lambda s: None)
    for i in range(24):
        if tune.SCALE[i % 8] == 40:
            assert abs(w[i] - start[i]) == 40 * tune.CLIP / 2, i


def test_a_weight_the_tuner_never_varies_keeps_its_start_value():
    """Control has no step (SCALE 0: it never varies in Sevens) but does in Five or Nine, where
    Hard plays by Medium's weights with control 1: the tuner played and printed control 0."""
    start = bots.weights(bots.HARD, preset("five_or_nine"))
    w = tune.tune("five_or_nine", start, 2, 3, 7, 1000, log=lambda s: None)
    assert [w[i] for i in range(24) if not tune.SCALE[i % 8]] == [1, 1, 1]
    assert w != start                   # the other weights did move: the run measured something


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_weighted_seat_is_counted_in_every_seat_of_every_deal(level):
    """A worker's wins are the player's over each deal of its span, sitting in each seat in turn,
    against the level asked for (the tuner plays 3 Easy and 3 Medium)."""
    rules = preset("sevens")
    w = bots.SEVENS_WEIGHTS
    wins = tune.wins(("sevens", w, level, 3, 1, 4))
    each = [[tournament.seat_won(rules, tournament.deal_number(3, i), me, tune.Weighted(w),
                                 bots.Bot(LEVELS.index(level))) for me in range(4)] for i in range(1, 4)]
    assert wins == sum(map(sum, each))
    assert sum(each[0]) != wins and sum(row[0] for row in each) != wins


def test_the_sign_seed_picks_the_nudges(monkeypatch):
    """The same --sign-seed nudges the weights the same ways, another seed other ways."""
    def plus_weights(sign_seed):
        jobs = []

        def record(job):
            jobs.append(job)
            return 0
        monkeypatch.setattr(tune, "wins", record)
        tune.tune("sevens", bots.SEVENS_WEIGHTS, 1, 1, sign_seed, 1000, log=lambda s: None)
        return jobs[0][1]
    assert plus_weights(3) == plus_weights(3) != plus_weights(4)


def test_the_nudge_shrinks_as_the_iterations_go(monkeypatch):
    """SPSA's nudge at iteration k is PROBE / (k + 1) ** 0.101 scaled units either side: the +
    and the - weights of a 40-unit feature lie 2 * 40 * that apart (give or take rounding)."""
    apart = {}

    def record(job):
        key, w, level, seed, lo, hi = job
        apart.setdefault(seed, []).append(w[4])             # starter, 40 units a step
        return 0                                            # no difference: nothing moves
    monkeypatch.setattr(tune, "wins", record)
    tune.tune("sevens", bots.SEVENS_WEIGHTS, 12, 2, 3, 1000, log=lambda s: None)
    for k in (0, 11):
        sides = apart[1000 + k]
        expected = 2 * 40 * tune.PROBE / (k + 1) ** 0.101
        assert abs(abs(sides[0] - sides[-1]) - expected) <= 1, (k, sides)


def test_each_iteration_logs_the_plus_side_s_win_rate_gain(monkeypatch):
    """The log line is 'K: +D', D the + side's wins less the - side's per game, both levels."""
    firsts = {}

    def plus_wins_one(job):
        key, w, level, seed, lo, hi = job
        side = firsts.setdefault(seed, w)       # the + side plays first
        return 1 if w == side and level == "easy" and lo == 0 else 0
    monkeypatch.setattr(tune, "wins", plus_wins_one)
    lines = []
    tune.tune("sevens", bots.SEVENS_WEIGHTS, 2, 2, 3, 1000, log=lines.append)
    assert lines == ["0: +0.1250", "1: +0.1250"]          # one win more in 2 deals x 4 seats


def test_the_command_line_tunes_what_its_options_say(capsys):
    """main() runs tune() on its preset, start and seeds; without them, on the preset's Hard
    weights with sign seed 7 and deal seed 1000."""
    assert tune.main(["--preset", "five_or_nine", "--iterations", "2", "--deals", "3"]) == tune.tune(
        "five_or_nine", bots.MEDIUM_WEIGHTS, 2, 3, 7, 1000, log=lambda s: None)
    start = list(bots.SEVENS_WEIGHTS)
    start[0] += 40
    w = tune.main(["--iterations", "2", "--deals", "3", "--sign-seed", "1", "--deal-seed", "5",
                   "--start", ",".join(str(x) for x in start)])
    assert w == tune.tune("sevens", tuple(start), 2, 3, 1, 5, log=lambda s: None)
    assert w != tune.tune("sevens", tuple(start), 2, 3, 5, 1, log=lambda s: None)
    assert w != tune.tune("sevens", bots.SEVENS_WEIGHTS, 2, 3, 1, 5, log=lambda s: None)
