"""tools.distill: the regression that gives Hard its card weights, and the weights' use."""
import random

from engine import bots
from engine.rules import preset
from tools import distill
from test_bots import play_deal


def _positions(key, deals=6):
    """(view, legal moves) at every decision of a few Medium deals."""
    rules = preset(key)
    out = []
    for number in range(1, deals + 1):
        play_deal(rules, rules.players, number, [bots.MEDIUM],
                  check=lambda g, v, a: out.append((v, g.legal_moves())))
    return out


def test_card_score_is_the_weighted_sum_of_the_features():
    for key in ("sevens", "five_or_nine", "play_or_pay"):
        for v, moves in _positions(key):
            ph = bots.phase(v.hand)
            for c in moves:
                if c == bots.PASS:
                    continue
                f = distill.features(v, c)
                for w in (bots.MEDIUM_WEIGHTS, bots.SEVENS_WEIGHTS):
                    assert bots.card_score(v, c, w) == sum(
                        w[ph * distill.NF + j] * f[j] for j in range(distill.NF))


def test_fit_recovers_planted_weights():
    rnd = random.Random(4)
    true = [rnd.randint(-60, 60) for _ in range(3 * distill.NF)]
    rows = []
    for _ in range(900):
        ph = rnd.randrange(3)
        feats = [[rnd.randint(0, 6) for _ in range(distill.NF)] for _ in range(rnd.randint(2, 4))]
        wins = [16 * (0.5 + sum(true[ph * distill.NF + j] * f[j] for j in range(distill.NF)) / 1000)
                for f in feats]
        rows.append((ph, feats, wins))
    assert distill.fit(rows, 16) == true
    assert distill.regret(rows, true, 16) == 0


def test_distill_runs_on_real_deals():
    for player in ("medium", "hard"):
        w = distill.main(["--deals", "3", "--rollouts", "2", "--player", player])
        assert len(w) == 3 * distill.NF and all(isinstance(x, int) for x in w)


def test_hard_plays_by_the_learned_weights_only_where_they_were_learned():
    assert bots.weights(bots.HARD, preset("sevens")) is bots.SEVENS_WEIGHTS
    assert bots.weights(bots.MEDIUM, preset("sevens")) is bots.MEDIUM_WEIGHTS
    for key in ("fan_tan", "domino", "five_or_nine", "coventry", "play_or_pay"):
        assert bots.weights(bots.HARD, preset(key)) is bots.MEDIUM_WEIGHTS


def test_hard_plays_the_learned_top_card_when_it_stands_clear():
    """Through the real path (Bot.start): where the learned weights put one card
    further than NEAR ahead of the rest, Hard plays it without searching, and there
    are such positions where Medium plays another card."""
    w = bots.SEVENS_WEIGHTS
    differ = 0
    for v, moves in _positions("sevens", 12):
        if len(moves) < 2:
            continue
        order, scores = bots.order_moves(v, moves, 0, True, w)
        if scores[1] >= scores[0] - w[bots.NEAR_AT]:
            continue
        b = bots.Bot(bots.HARD)
        b.start(v, 3)
        assert b.done and b.choice == order[0]
        differ += bots.choose(v, 0, bots.MEDIUM) != order[0]
    assert differ >= 5


def test_solve_pivots_past_a_zero_on_the_diagonal():
    """Gauss-Jordan with partial pivoting: a zero where the pivot would be is swapped with a row
    below, not taken for a feature that never varies."""
    assert distill.solve([[0.0, 1.0], [1.0, 0.0]], [2.0, 3.0]) == [3.0, 2.0]
    a = [[0.0, 2.0, 0.0], [2.0, 0.0, 0.0], [0.0, 0.0, 0.0]]      # the third feature never varies
    assert distill.solve(a, [4.0, 6.0, 0.0]) == [3.0, 2.0, 0.0]


def test_distill_plays_the_deals_it_is_asked_for(capsys):
    """--deals 3 is three deals per opponent level, not a whole chunk of 25."""
    rows = distill.decisions(("sevens", "easy", "medium", 2, 99, 0, 3))
    distill.main(["--deals", "3", "--opponents", "easy", "--rollouts", "2"])
    out = capsys.readouterr().out
    assert out.startswith("%d decisions;" % len(rows))
    pasted = {}
    exec(out.splitlines()[-1], pasted)          # pastes into engine/bots.py as it is (it ended "NEAR)")
    assert len(pasted["SEVENS_WEIGHTS"]) == len(bots.SEVENS_WEIGHTS)


def test_a_preset_with_paid_passes_learns_nothing_from_its_passes(capsys):
    """Where a player may pay to pass while able (Fan Tan's chips), a decision that offers the
    pass is left out: the pass is no card, and card_score has no features for it."""
    w = distill.main(["--preset", "fan_tan", "--deals", "2", "--rollouts", "1", "--opponents", "easy"])
    assert len(w) == 3 * distill.NF
    # Hard plays Fan Tan by Medium's weights: no FAN_TAN_WEIGHTS to paste where bots.py has no place
    assert capsys.readouterr().out.splitlines()[-1].startswith("(nothing to paste: Hard plays by Medium's")


def test_the_player_sits_in_each_seat_in_turn(monkeypatch):
    """Deal i's decisions are seat i % players's: over 4 deals of Sevens, every seat's."""
    seats = set()
    real = distill.rollout

    def rollout(g, me, *rest):
        seats.add(me)
        return real(g, me, *rest)
    monkeypatch.setattr(distill, "rollout", rollout)
    distill.decisions(("sevens", "easy", "medium", 1, 99, 0, 4))
    assert seats == {0, 1, 2, 3}
