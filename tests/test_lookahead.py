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


def test_each_half_of_the_worlds_is_scored_on_its_own():
    """Even worlds count in a card's first column and odd ones in its second: with 6 worlds
    each column holds at most 3 wins, and the odd worlds do win somewhere."""
    odd = 0
    seen = 0
    for g, other in _positions():
        for w in _wins(g, True, bots.EASY) + _wins(g, False, bots.MEDIUM):
            assert 0 <= w[0] <= 3 and 0 <= w[1] <= 3, w
            odd += w[1]
        seen += 1
        if seen == 4:
            break
    assert odd > 0


def test_only_decisions_with_a_choice_are_played_out(monkeypatch):
    """A forced move (a single legal action) is no decision: nothing is played out for it and
    it is not counted in decisions_per_game."""
    calls = []
    real = L.card_wins

    def counted(g, view, moves, *rest):
        calls.append(len(moves))
        return real(g, view, moves, *rest)
    monkeypatch.setattr(L, "card_wins", counted)
    games = L.run_deals(("sevens", bots.EASY, 2, True, (0,), 1, 0, 2))
    assert calls and min(calls) > 1
    assert sum(r[1] for r in games) == len(calls)


def test_worlds_against_easy_are_uniform_and_against_medium_inferred():
    """Against Easy, whose plays tell nothing, the worlds are drawn uniformly (consistent with
    the passes); against Medium by Hard's own inference from the play so far."""
    class Sampler(bots.Bot):
        def __init__(self):
            super().__init__(bots.HARD)
            self.drawn = []
            self.inferring = False

        def _sample1(self):
            if not self.inferring:          # not one of _sample's proposals
                self.drawn.append("uniform")
            return super()._sample1()

        def _sample(self):
            self.drawn.append("inferred")
            self.inferring = True
            try:
                return super()._sample()
            finally:
                self.inferring = False
    g = next(_positions())[0]
    for level, how in ((bots.EASY, "uniform"), (bots.MEDIUM, "inferred")):
        sampler = Sampler()
        L.card_wins(g, g.view(0), g.legal_moves(), 4, False, sampler, Game(g.rules, 1, players=4),
                    bots.Bot(bots.HARD, 0), bots.Bot(level), 99)
        assert sampler.drawn == [how] * 4, level
