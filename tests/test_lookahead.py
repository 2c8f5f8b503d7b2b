"""The one-step search measurement: its estimator, honest worlds, and the command line."""
import json

from engine import bots
from engine.game import Game
from engine.match import Match
from engine.rules import preset, SEVEN_OF_DIAMONDS
from tools import lookahead as L
from test_bots import _swap_hidden


def test_gains_pick_on_one_half_and_score_on_the_other():
    wins = [[10, 10], [14, 9], [9, 15]]        # Hard's card first; per card: even, odd worlds
    per_t, upper = L.gains(wins, 0, 20, (0, 4, 8))
    # each half picks the card that leads there (card 1, then card 2); the other half
    # scores it one win below Hard's card
    assert per_t == [-0.05, -0.05, 0.0]
    assert upper == (24 - 20) / 40
    per_t, upper = L.gains([[3, 3], [3, 3]], 1, 10, (0,))
    assert per_t == [0.0] and upper == 0.0    # a tie never replaces Hard's card


def _positions():
    """Hard's decisions (seat 0, a choice of cards) paired with the same view over
    swapped hidden cards."""
    rules = preset("sevens")
    medium = bots.Bot(bots.MEDIUM)
    for number in range(1, 40):
        m = Match(rules, number, 4)
        g = m.game
        while not g.over:
            if g.turn == 0 and len(g.legal_moves()) > 1 and len(g.log) > 8:
                other = _swap_hidden(g, 0, m.start_chips)
                if other is not None:
                    yield g, other
                    break
            g.play(medium.choose(g.view(g.turn)))


def _wins(g, true_hands, level):
    rules = g.rules
    view = g.view(0)
    return L.card_wins(g, view, g.legal_moves(), 6, true_hands, bots.Bot(bots.HARD),
                       Game(rules, 1, players=4), bots.Bot(bots.HARD, 0), bots.Bot(level), 99)


def test_honest_worlds_do_not_see_the_hidden_cards():
    seen = 0
    differ = 0
    for g, other in _positions():
        for level in (bots.EASY, bots.MEDIUM):
            assert _wins(g, False, level) == _wins(other, False, level)
        differ += _wins(g, True, bots.EASY) != _wins(other, True, bots.EASY)
        seen += 1
        if seen == 6:
            break
    assert seen == 6
    assert differ          # the true hands do change the playouts: the check can fail


def test_cli_prints_every_lead_and_a_json_line(capsys):
    L.main(["--opponent", "medium", "--deals", "1", "--worlds", "4", "--leads", "0,2", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    res = json.loads(out[-1])
    assert res["games"] == 4 and res["worlds"] == 4 and not res["true_hands"]
    assert set(res["gain"]) == {"0", "2"}
    for mean, lo, hi in res["gain"].values():
        assert lo <= mean <= hi
    up, lo, hi = res["upper"]
    assert res["decisions_per_game"] > 0 and 0 <= up and lo <= up <= hi
    assert sum("lead >=" in line for line in out) == 2


def test_workers_give_the_same_result():
    a = L.lookahead("sevens", "easy", 2, 4, True, (0,), 3, 1)
    assert a == L.lookahead("sevens", "easy", 2, 4, True, (0,), 3, 2)


def test_odd_worlds_are_refused():
    try:
        L.main(["--worlds", "5"])
    except SystemExit as e:
        assert "even" in str(e)
    else:
        raise AssertionError("odd --worlds accepted")


def test_an_illegal_bot_move_stops_the_playout_with_a_message():
    class Stubborn:
        """Always lays the 7 of diamonds, which is on the table after the first ply."""
        level = bots.MEDIUM

        def choose(self, view, seed=0):
            return SEVEN_OF_DIAMONDS

    g = Match(preset("sevens"), 5, 4).game
    assert g.legal_moves() == [SEVEN_OF_DIAMONDS]
    g.play(SEVEN_OF_DIAMONDS)
    try:
        L.playout(g, g.turn, Stubborn(), Stubborn(), None)
    except RuntimeError as e:
        assert "illegal" in str(e)
    else:
        raise AssertionError("an illegal move went unnoticed")
