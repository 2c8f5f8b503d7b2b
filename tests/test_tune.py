"""tools.tune: SPSA on the win rate, checked on a planted objective and on real deals."""
from engine import bots
from tools import tune


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


def test_tune_runs_on_real_deals():
    w = tune.main(["--iterations", "2", "--deals", "2"])
    assert len(w) == 25 and all(isinstance(x, int) for x in w)


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
