"""tools.distill: the regression that gives Hard its card weights, and the weights' use."""
import random

import pytest

from engine import bots
from engine.game import Game, PASS
from engine.match import Match
from engine.rng import Rng
from engine.rules import preset
from tools import distill
from test_bots import play_deal, playout_draws


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
    a = [[2.0, 0.0, 1.0], [0.0, 0.0, 0.0], [1.0, 0.0, 2.0]]      # the second one, with a third after it
    assert distill.solve(a, [4.0, 0.0, 5.0]) == pytest.approx([1.0, 0.0, 2.0])


def test_distill_plays_the_deals_it_is_asked_for(capsys):
    """--deals 3 is three deals per opponent level, not a whole chunk of 25."""
    rows = distill.decisions(("sevens", "easy", "medium", 2, 99, 0, 3))
    distill.main(["--deals", "3", "--opponents", "easy", "--rollouts", "2"])
    out = capsys.readouterr().out
    assert out.startswith("%d decisions;" % len(rows))
    pasted = {}
    exec(out.splitlines()[-1], pasted)          # pastes into engine/bots.py as it is (it ended "NEAR)")
    assert len(pasted["SEVENS_WEIGHTS"]) == len(bots.SEVENS_WEIGHTS)


def test_a_preset_with_paid_passes_learns_from_its_cards_not_its_passes(capsys, monkeypatch):
    """Where a player may pay to pass while able (Fan Tan's chips), almost every decision offers
    the pass as well as its cards: the cards are played out and learned from, the pass left out
    (it is no card, and card_score has no features for it). Leaving out the whole decision gave
    Fan Tan, and every chip game, 0 decisions and weights of all zeros."""
    laid = []
    real = distill.features

    def features(view, c):
        laid.append(c)
        return real(view, c)
    monkeypatch.setattr(distill, "features", features)
    rows = distill.decisions(("fan_tan", "easy", "medium", 1, 99, 0, 4))
    assert len(rows) > 4 and PASS not in laid and len(laid) == sum(len(f) for _, f, _ in rows)
    assert all(len(f) == len(wins) > 1 for _, f, wins in rows)
    w = distill.main(["--preset", "fan_tan", "--deals", "2", "--rollouts", "1", "--opponents", "easy"])
    assert len(w) == 3 * distill.NF
    out = capsys.readouterr().out.splitlines()
    assert int(out[0].split()[0]) == len(distill.decisions(("fan_tan", "easy", "medium", 1, 99, 0, 2))) > 0
    # Hard plays Fan Tan by Medium's weights: no FAN_TAN_WEIGHTS to paste where bots.py has no place
    assert out[-1].startswith("(nothing to paste: Hard plays by Medium's")


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


def _rollout_bot(rules):
    bot = bots.Bot(bots.HARD)
    bot._tables(rules)
    bot.prng.seed(7)
    return bot


def test_a_playout_wins_for_the_seat_that_goes_out_first_only():
    """Against fast-policy opponents every seat plays the same policy and draws, so the same
    playout is won by exactly one of the four seats it is counted for."""
    rules = preset("sevens")
    won = []
    for me in range(4):
        g = Match(rules, 5, 4).game
        won.append(distill.rollout(g, me, False, _rollout_bot(rules), Rng(3)))
    assert sorted(won) == [0, 0, 0, 1]


def test_random_opponents_play_at_random_and_the_player_by_the_fast_policy():
    """With random opponents (Easy) only the player's moves come from the fast policy;
    otherwise (Medium) every seat's do."""
    class Counting(bots.Bot):
        def __init__(self):
            super().__init__(bots.HARD)
            self.seats = set()

        def fast_move(self, g):
            self.seats.add(g.turn)
            return super().fast_move(g)
    rules = preset("sevens")
    for random_opponents, seats in ((True, {2}), (False, {0, 1, 2, 3})):
        bot = Counting()
        bot._tables(rules)
        distill.rollout(Match(rules, 5, 4).game, 2, random_opponents, bot, Rng(3))
        assert bot.seats == seats, random_opponents


def test_the_playouts_opponents_are_of_the_deal_s_level(monkeypatch):
    """Easy opponents play at random in the playouts too; Medium ones by the fast policy."""
    flags = {}
    real = distill.rollout

    def rollout(g, me, random_opponents, *rest):
        flags.setdefault(level, set()).add(random_opponents)
        return real(g, me, random_opponents, *rest)
    monkeypatch.setattr(distill, "rollout", rollout)
    for level in ("easy", "medium"):
        distill.decisions(("sevens", level, "medium", 1, 99, 0, 1))
    assert flags == {"easy": {True}, "medium": {False}}


def _recorded(monkeypatch, opponents, player, rollouts, key="sevens", seed=1):
    """decisions() over deal 0 of `seed` (the player in seat 0), with each playout's first card and result, and every
    move of the real games: (game, seat, view, legal moves, move)."""
    played = []
    moves = []
    scratch = []
    real_rollout, real_lay = distill.rollout, distill.lay

    def rollout(g, me, *rest):
        scratch.append(g)
        card = g.log[-1]
        won = real_rollout(g, me, *rest)
        assert g.over                   # a playout plays the deal to its end
        played.append((card, won))
        return won

    def lay(g, a):
        if not any(g is s for s in scratch):
            moves.append((g, g.turn, g.view(g.turn), g.legal_moves(), a))
        return real_lay(g, a)
    monkeypatch.setattr(distill, "rollout", rollout)
    monkeypatch.setattr(distill, "lay", lay)
    rows = distill.decisions((key, opponents, player, rollouts, seed, 0, 1))
    return rows, played, moves


def test_each_card_s_wins_are_its_own_playouts(monkeypatch):
    """A decision's wins are, card by card in the order of its features, the playouts that
    began with that card; only the player's decisions with a choice are rows; the cards'
    playouts differ (each one draws its own numbers)."""
    rows, played, moves = _recorded(monkeypatch, "easy", "medium", 3)
    mine = [m for m in moves if m[1] == 0 and len(m[3]) > 1 and bots.PASS not in m[3]]
    assert len(rows) == len(mine) > 3
    k = 0
    for (ph, feats, wins), (g, p, view, legal, a) in zip(rows, mine):
        assert ph == bots.phase(view.hand) and feats == [distill.features(view, c) for c in legal]
        for c, w in zip(legal, wins):
            assert [card for card, _ in played[k:k + 3]] == [c] * 3
            assert w == sum(won for _, won in played[k:k + 3])
            k += 3
    assert k == len(played)
    assert any(0 < w < 3 for _, _, wins in rows for w in wins)
    assert any(len(set(wins)) > 1 for _, _, wins in rows)


def test_the_player_makes_medium_s_or_hard_s_move_and_medium_opponents_medium_s(monkeypatch):
    """In the real games the player (seat 0 in deal 0) plays Medium's move, or with --player hard
    the best card by Hard's weights (with no search: against Easy here Hard's search would play
    another card once); Medium opponents play Medium's move."""
    medium = bots.Bot(bots.MEDIUM)
    w = bots.weights(bots.HARD, preset("sevens"))
    for opponents, player in (("medium", "medium"), ("medium", "hard"), ("easy", "medium"), ("easy", "hard")):
        _, _, moves = _recorded(monkeypatch, opponents, player, 1)
        hard_differs = 0
        for g, p, view, legal, a in moves:
            if p == 0 and player == "hard":
                assert a == bots.order_moves(view, legal, 0, False, w)[0]
                hard_differs += a != medium.choose(view)
            elif p == 0 or opponents == "medium":
                assert a == medium.choose(view), (opponents, player, p)
        assert player != "hard" or hard_differs


def test_with_player_hard_the_player_pays_to_pass_only_where_hard_would(monkeypatch):
    """Where a pass costs chips (Coventry), --player hard's move is Hard's with no search, the
    pass at its price: it scored the pass as free, and paid to pass where Hard lays a card."""
    hard = bots.Bot(bots.HARD, 0)
    for opponents in ("easy", "medium"):
        _, _, moves = _recorded(monkeypatch, opponents, "hard", 1, "coventry", 3)
        mine = [(view, legal, a) for g, p, view, legal, a in moves if p == 0]
        assert mine and all(a == hard.choose(view) for view, legal, a in mine), opponents
        assert any(bots.order_moves(view, legal, 0, False, bots.MEDIUM_WEIGHTS)[0] != a for view, legal, a in mine)


def test_regret_is_the_mean_win_rate_given_up_per_decision():
    """Per decision: the best card's playout win rate less that of the card the weights rank
    first; averaged over the decisions."""
    w = [1] + [0] * (3 * distill.NF - 1)                    # "mine" alone, at every phase
    one = [0] * distill.NF
    two = [2] + [0] * (distill.NF - 1)
    rows = [(0, [one, two], [6, 2]),                       # picks the second card: 4 of 8 wins fewer
            (2, [two, one], [5, 1])]                        # picks the best card
    assert distill.regret(rows, w, 8) == 0.25


def test_a_run_with_no_decision_prints_its_zeros(capsys):
    """Seed 16's first deal gives the player in seat 0 no choice of cards against Easy: the run
    ends with 0 decisions, no regret and zero weights, not a division by zero."""
    assert distill.decisions(("sevens", "easy", "medium", 1, 16, 0, 1)) == []
    w = distill.main(["--seed", "16", "--deals", "1", "--opponents", "easy", "--rollouts", "1"])
    assert w == [0] * (3 * distill.NF)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "0 decisions; regret per decision: Medium 0.0000, learned 0.0000"


def test_solve_pivots_on_the_largest_magnitude_and_keeps_a_small_real_variance():
    """A negative entry is a pivot as good as a positive one, and a small but nonzero one is
    no feature that never varies."""
    assert distill.solve([[0.0, 1.0], [-2.0, 0.0]], [2.0, 6.0]) == [-3.0, 2.0]
    x = distill.solve([[1e-4, 1e-4], [1e-4, 2.0]], [0.1 + 1e-4, 2.1])      # a rare feature worth 1000
    assert x == pytest.approx([1000.0, 1.0], rel=1e-6)
    # a row already used as a pivot is not one again, however large its entry in a later column
    assert distill.solve([[1.0, 3.0], [3.0, 10.0]], [4.0, 13.0]) == pytest.approx([1.0, 1.0])


def test_the_command_line_fits_each_level_s_deals_with_its_own_seed(capsys):
    """main() plays --deals per opponent level, the first with --seed and the next with
    --seed + 1, by Medium's moves by default, and prints the decisions, both regrets, each
    phase's weights and the tuple to paste, NEAR as shipped."""
    w = distill.main(["--deals", "2", "--opponents", "easy,medium", "--rollouts", "3"])
    rows = (distill.decisions(("sevens", "easy", "medium", 3, 99, 0, 2))
            + distill.decisions(("sevens", "medium", "medium", 3, 100, 0, 2)))
    assert w == distill.fit(rows, 3)
    out = capsys.readouterr().out.splitlines()
    medium, learned = distill.regret(rows, bots.MEDIUM_WEIGHTS, 3), distill.regret(rows, w, 3)
    assert medium != learned
    assert out[0] == "%d decisions; regret per decision: Medium %.4f, learned %.4f" % (len(rows), medium, learned)
    for ph, name in enumerate(("3 cards or fewer", "4 to 6", "7 or more")):       # bots.phase's rows
        weights = " ".join("%s=%d" % (f, w[ph * distill.NF + j]) for j, f in enumerate(distill.FEATURES))
        assert out[1 + ph] == "  %-16s %s" % (name, weights)
    pasted = {}
    exec(out[-1], pasted)
    assert pasted["SEVENS_WEIGHTS"] == tuple(w) + (bots.SEVENS_WEIGHTS[bots.NEAR_AT],)


def test_a_deal_s_decisions_do_not_depend_on_the_deals_before_it():
    """Each deal seeds its Easy opponents' draws from its number: a chunk's rows are those of
    its deals played one by one."""
    chunk = distill.decisions(("sevens", "easy", "medium", 1, 1, 0, 3))
    assert chunk == [r for i in range(3) for r in distill.decisions(("sevens", "easy", "medium", 1, 1, i, i + 1))]


def test_the_command_line_plays_hard_s_moves_with_player_hard(capsys):
    """--player hard fits the positions Hard's weights lead to, and the first line still gives
    Medium's regret on them (here not that of the weights Hard ships with)."""
    w = distill.main(["--deals", "3", "--player", "hard", "--rollouts", "3"])
    rows = (distill.decisions(("sevens", "easy", "hard", 3, 99, 0, 3))
            + distill.decisions(("sevens", "medium", "hard", 3, 100, 0, 3)))
    assert w == distill.fit(rows, 3)
    medium = distill.regret(rows, bots.MEDIUM_WEIGHTS, 3)
    assert medium != distill.regret(rows, bots.SEVENS_WEIGHTS, 3)
    assert capsys.readouterr().out.splitlines()[0] == "%d decisions; regret per decision: Medium %.4f, learned %.4f" % (
        len(rows), medium, distill.regret(rows, w, 3))


def test_random_opponents_in_a_playout_may_lay_any_legal_card_the_last_too():
    """Easy opponents in a playout draw from all their legal cards: over a few playouts they lay
    the last of them as well as others."""
    rules = preset("sevens")
    drawn = playout_draws(lambda g, rng: distill.rollout(g, 0, True, _rollout_bot(rules), rng))
    assert -1 in drawn and min(drawn) < -1


def test_the_playouts_play_the_fast_policy_of_the_deal_s_rules(monkeypatch):
    """Each playout is the fast policy's game under the deal's rules (which way its rows run):
    replayed from the same position and random numbers by a bot set up for those rules, it
    ends the same."""
    checked = []
    real = distill.rollout

    def rollout(g, me, random_opponents, bot, rng):
        again = Game(g.rules, 1, players=g.players)
        again.load(g.view(me), g.hands[:])
        ref = _rollout_bot(g.rules)
        ref.prng.hi, ref.prng.lo = bot.prng.hi, bot.prng.lo
        won = real(g, me, random_opponents, bot, rng)
        assert real(again, me, random_opponents, ref, ref.prng) == won and again.hands == g.hands
        checked.append(won)
        return won
    monkeypatch.setattr(distill, "rollout", rollout)
    for key in ("sevens", "play_or_pay", "domino"):         # aces high; all round; aces low
        distill.decisions((key, "medium", "medium", 1, 99, 0, 2))
    assert len(checked) > 10


def test_the_positions_do_not_depend_on_the_rollouts():
    """The real deals are played the same whatever --rollouts: the playouts draw their own
    random numbers, not the Easy opponents' of the real game."""
    def positions(rollouts):
        return [(ph, feats) for ph, feats, _ in distill.decisions(("sevens", "easy", "medium", rollouts, 1, 0, 3))]
    assert positions(1) == positions(3)


def test_the_command_line_plays_the_preset_asked_for(capsys):
    """--preset domino plays Domino's deals (which has no paid pass, so every decision with a
    choice counts); Hard plays Domino by Medium's weights: nothing to paste."""
    w = distill.main(["--preset", "domino", "--deals", "2", "--opponents", "easy", "--rollouts", "1"])
    rows = distill.decisions(("domino", "easy", "medium", 1, 99, 0, 2))
    assert rows != distill.decisions(("sevens", "easy", "medium", 1, 99, 0, 2))
    assert w == distill.fit(rows, 1)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("%d decisions;" % len(rows))
    assert out[-1].startswith("(nothing to paste: Hard plays by Medium's weights in domino")
