"""The one-step search measurement: its estimator, honest worlds, and the command line."""
import json

import pytest

from engine import bots
from engine.game import Game
from engine.match import Match
from engine.rng import Rng
from engine.rules import preset, SEVEN_OF_DIAMONDS
from tools import lookahead as L
from tools.tournament import deal_number, interval, seat_won
from test_bots import _swap_hidden, playout_draws


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
    assert sum(" 2 honest deals per card, lead >= " in line for line in out) == 2     # worlds/2, not true hands
    games = L.run_deals(("sevens", bots.MEDIUM, 4, False, (0, 2), 1, 0, 1))        # against Medium, as asked
    assert res["win_rate"] == round(sum(r[0] for r in games) / 4, 4)
    assert res["decisions_per_game"] == round(sum(r[1] for r in games) / 4, 2)


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
    assert calls and min(calls) > 1 and 2 in calls      # a choice of two cards is a decision too
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


def test_a_playout_wins_for_the_seat_that_goes_out_first_only():
    """With the same bot in every seat the playout is the same game whoever `me` is, and it
    is won by exactly one of the four seats."""
    won = [L.playout(Match(preset("sevens"), 5, 4).game, me, bots.Bot(bots.MEDIUM), bots.Bot(bots.MEDIUM),
                     Rng(3)) for me in range(4)]
    assert sorted(won) == [0, 0, 0, 1]


def test_a_playout_gives_hard_its_seat_and_the_opponents_theirs():
    """Hard chooses in its own seat only; Medium opponents choose in every other seat, and
    Easy ones draw a random card instead of choosing."""
    class Counting(bots.Bot):
        def __init__(self, *level):
            super().__init__(*level)
            self.seats = set()

        def choose(self, view, seed=0):
            self.seats.add(view.me)
            return super().choose(view, seed)
    for level, theirs in ((bots.MEDIUM, {0, 1, 3}), (bots.EASY, set())):
        hard, other = Counting(bots.HARD, 0), Counting(level)
        L.playout(Match(preset("sevens"), 5, 4).game, 2, hard, other, Rng(3))
        assert hard.seats == {2} and other.seats == theirs, level


def test_the_same_decision_draws_the_same_worlds_and_each_world_its_own_numbers():
    """card_wins seeds the sampler from the decision, so a second call with the same sampler
    draws the same worlds; each world's playout draws its own random numbers, so even over
    the true hands a card wins some of its worlds and loses others."""
    between = 0
    for g, _ in list(_positions())[:4]:
        sampler = bots.Bot(bots.HARD)
        again = [L.card_wins(g, g.view(0), g.legal_moves(), 6, False, sampler, Game(g.rules, 1, players=4),
                             bots.Bot(bots.HARD, 0), bots.Bot(bots.EASY), 99) for _ in range(2)]
        assert again[0] == again[1]
        between += sum(0 < w[0] < 3 or 0 < w[1] < 3 for w in _wins(g, True, bots.EASY))
    assert between


def test_the_picking_half_takes_the_card_that_leads_most_and_the_first_of_a_tie():
    """On each half the replacing card is the one that wins most there (not merely the last
    that leads Hard's); of two that tie, the first in legal order, as a search's own max."""
    per_t, _ = L.gains([[0, 0], [9, 1], [5, 3]], 0, 10, (0,))
    assert per_t == [pytest.approx((1 + 5) / 20)]        # card 1 on the even half, card 2 on the odd
    per_t, _ = L.gains([[0, 0], [5, 1], [5, 3]], 0, 10, (0,))
    assert per_t == [pytest.approx((1 + 5) / 20)]        # card 1 of the even half's tie
    per_t, _ = L.gains([[0, 0], [5, 1], [7, 3]], 0, 10, (4,))
    assert per_t == [pytest.approx(3 / 20)]              # card 2 leads Hard's by 4, if card 1 by only 2


def test_hard_s_card_need_not_be_the_first_legal_one():
    """Hard's card is whichever its policy picks: it stays where no card leads it (not the first
    legal card in its place), the first legal card replaces it where that one leads, and the
    upper bound is measured from Hard's card too."""
    per_t, upper = L.gains([[9, 2], [5, 5], [2, 2]], 1, 10, (0,))
    # the even half picks card 0 (9 wins to Hard's 5), which the odd half scores 3 below Hard's;
    # on the odd half nothing leads Hard's card
    assert per_t == [pytest.approx(-3 / 20)]
    assert upper == pytest.approx((11 - 10) / 20)


def test_each_game_sums_its_decisions_measured_against_hard_s_own_card(monkeypatch):
    """A game's record: won, its decisions with a choice, and the sums over them of the upper
    bound and the gain per T, each decision's measured against the card Hard (no search)
    plays there, on halves of worlds/2 worlds; the game is Hard's of tools.compare at budget 0."""
    seen = []
    real_card_wins, real_gains = L.card_wins, L.gains

    def card_wins(g, view, moves, worlds, *rest):
        seen.append([g, view, moves, worlds])
        return real_card_wins(g, view, moves, worlds, *rest)

    def gains(wins, mine, half, leads):
        out = real_gains(wins, mine, half, leads)
        seen[-1] += [mine, half, out]
        return out
    monkeypatch.setattr(L, "card_wins", card_wins)
    monkeypatch.setattr(L, "gains", gains)
    games = L.run_deals(("sevens", bots.EASY, 4, True, (0, 2), 3, 0, 2))
    hard = bots.Bot(bots.HARD, 0)
    for g, view, moves, worlds, mine, half, _ in seen:
        assert moves[mine] == hard.choose(view) and half == worlds // 2
    assert any(s[4] for s in seen)                       # Hard's card is not always the first
    assert any(rec[2] for rec in games) and any(rec[3] for rec in games)
    played = []                                          # each game's decisions, in order
    for s in seen:
        if not played or played[-1][0][0] is not s[0]:
            played.append([])
        played[-1].append(s)
    assert [len(d) for d in played] == [rec[1] for rec in games if rec[1]]
    for rec, d in zip([rec for rec in games if rec[1]], played):
        assert rec[2] == sum(s[6][1] for s in d)
        assert rec[3:] == [sum(s[6][0][t] for s in d) for t in range(2)]
    rules = preset("sevens")
    assert [rec[0] for rec in games] == [seat_won(rules, deal_number(3, i), me, hard, bots.Bot(bots.EASY))
                                         for i in range(2) for me in range(4)]


def test_the_result_summarizes_the_games(capsys):
    """win_rate and decisions_per_game are per game (deals x seats), and each of gain's Ts and
    upper is its own column's mean with its 95% interval over games, in points."""
    games = L.run_deals(("sevens", bots.EASY, 8, True, (0, 2), 3, 0, 2))
    res = L.lookahead("sevens", "easy", 2, 8, True, (0, 2), 3)

    def points(col):
        mean, half = interval([r[col] for r in games])
        return [round(100 * mean, 2), round(100 * (mean - half), 2), round(100 * (mean + half), 2)]
    assert res["deals"] == 2 and res["games"] == 8 and res["worlds"] == 8 and res["true_hands"] is True
    assert res["win_rate"] == round(sum(r[0] for r in games) / 8, 4)
    assert res["decisions_per_game"] == round(sum(r[1] for r in games) / 8, 2)
    assert res["gain"] == {"0": points(3), "2": points(4)} and res["gain"]["0"] != res["gain"]["2"]
    assert res["upper"] == points(2) and res["upper"][2] > res["upper"][0]


def test_the_command_line_measures_what_its_options_say(capsys):
    """main() passes its options on (by default every T of LEADS, and honest deals only without
    --true-hands), says how many worlds each half has per card, and prints the opponent by name,
    the win rate in percent and the upper bound over all the worlds."""
    res = L.main(["--deals", "1", "--worlds", "2", "--true-hands", "--seed", "3", "--json"])
    assert res == L.lookahead("sevens", "easy", 1, 2, True, L.LEADS, 3)
    honest = L.lookahead("sevens", "easy", 1, 2, False, L.LEADS, 3)
    assert (res["gain"], res["upper"]) != (honest["gain"], honest["upper"])     # the playouts, not the flag
    assert res != L.lookahead("sevens", "easy", 1, 2, True, L.LEADS, 1)
    assert list(res["gain"]) == ["0", "4", "8", "16"]
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("sevens, Hard (no search) against easy, 4 games: wins %.1f%%, %.2f decisions with a choice "
                      "per game" % (100 * res["win_rate"], res["decisions_per_game"]))
    m, lo, hi = res["gain"]["0"]
    assert out[1] == "one step of search, 1 true hand per card, lead >= 0: %+.2f points per game [%+.2f, %+.2f]" % (
        m, lo, hi)
    assert out[5] == ("upper bound (best card over all 2 worlds, inflated by noise): %+.2f points [%+.2f, %+.2f]"
                      % tuple(res["upper"]))


def test_each_card_s_wins_are_its_own_playouts_won_by_hard_s_seat(monkeypatch):
    """World by world, every legal card (the first too) is played out once, and a win is a playout
    that Hard's own seat goes out first in: card j's wins are its playouts' on each half (the even
    worlds, the odd ones). The cards of a world are played out with the same random numbers (the
    Easy opponents' draws), so they differ by the card alone; each world has numbers of its own."""
    played = []
    real = L.playout

    def playout(g, me, hard, other, rng):
        card = g.log[-1]
        numbers = (rng.hi, rng.lo)
        won = real(g, me, hard, other, rng)
        played.append((card, won, g.winner, numbers))
        return won
    monkeypatch.setattr(L, "playout", playout)
    for g, _ in list(_positions())[:6]:
        del played[:]
        moves = g.legal_moves()
        n = len(moves)
        wins = _wins(g, True, bots.EASY)
        assert [card for card, _, _, _ in played] == moves * 6
        assert all(won == (winner == 0) for _, won, winner, _ in played)
        assert wins == [[sum(played[k * n + j][1] for k in range(half, 6, 2)) for half in (0, 1)]
                        for j in range(n)]
        worlds = [set(numbers for _, _, _, numbers in played[k * n:(k + 1) * n]) for k in range(6)]
        assert all(len(w) == 1 for w in worlds) and len(set.union(*worlds)) == 6
    assert any(won for _, won, _, _ in played) and not all(won for _, won, _, _ in played)


def test_easy_opponents_in_a_playout_may_lay_any_legal_card_the_last_too():
    """Easy draws its card from all its legal ones: over a few playouts it lays the last of
    them as well as others."""
    drawn = playout_draws(lambda g, rng: L.playout(g, 0, bots.Bot(bots.HARD, 0), bots.Bot(bots.EASY), rng))
    assert -1 in drawn and min(drawn) < -1


@pytest.mark.parametrize("key, level", [("fan_tan", bots.EASY), ("sevens", bots.MEDIUM)])
def test_hard_s_games_are_those_of_the_preset_against_the_level_asked_for(key, level):
    """Each game (deal and seat) is Hard's with no search in the preset's deal against the
    opponent level asked for, as tools.compare plays it at budget 0: the same result, and as many
    decisions with a choice as Hard meets there."""
    rules_bot = bots.Bot(bots.MEDIUM)           # only lists the legal moves

    class Counting(bots.Bot):
        def choose(self, view, seed=0):
            self.choices += len(rules_bot.legal_moves(view)) > 1
            return super().choose(view, seed)
    rules = preset(key)
    played = []
    for i in range(2):
        for me in range(4):
            hard = Counting(bots.HARD, 0)
            hard.choices = 0
            won = seat_won(rules, deal_number(3, i), me, hard, bots.Bot(level))
            played.append([won, hard.choices])
    assert [r[:2] for r in L.run_deals((key, level, 2, True, (0,), 3, 0, 2))] == played


def test_the_command_line_plays_the_preset_asked_for(capsys):
    """--preset is played; without --json the output ends with the upper bound, no JSON line."""
    res = L.main(["--preset", "fan_tan", "--deals", "1", "--worlds", "2", "--true-hands", "--leads", "0"])
    assert res == L.lookahead("fan_tan", "easy", 1, 2, True, (0,), 1) and res["preset"] == "fan_tan"
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and out[-1].startswith("upper bound (best card over all 2 worlds")
