"""Property tests over random deals of every preset and table size."""
from hypothesis import given, settings, strategies as st

from engine.rng import Rng
from engine.rules import (PRESETS, preset, VALUES, Rules, LEFT_OF_DEALER, SEVEN_OF_DIAMONDS,
                          SEVEN_OF_HEARTS, SEVEN_OF_SPADES, SEVEN_OF_CLUBS)
from engine import bots
from engine.game import Game, PASS
from engine.match import Match
from engine import reasons as R
from firmware.text_en import REASONS
from portable_checks import play_deal, check_invariants


@st.composite
def tables(draw):
    key = draw(st.sampled_from(PRESETS))
    rules = preset(key)
    if draw(st.booleans()):
        rules = rules.with_(penalty=VALUES)
    if draw(st.booleans()) and key != "sevens":
        rules = rules.with_(ace_high=1)
    players = draw(st.integers(rules.min_players, rules.max_players))
    return rules, players


@settings(max_examples=300, deadline=None)
@given(tables(), st.integers(0, 2 ** 30 - 1), st.integers(0, 2 ** 16))
def test_random_deals_keep_every_invariant(table, deal_number, seed):
    """Cards conserved, passes forced or paid, deals end, zero-sum, replay exact."""
    rules, players = table
    play_deal(rules, deal_number, players, Rng(seed))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["fan_tan", "five_or_nine", "coventry", "play_or_pay"]),
       st.integers(0, 10 ** 6), st.integers(0, 2 ** 16))
def test_strategic_passers_always_pay_and_deals_still_end(key, deal_number, seed):
    """A table that passes whenever it may: every such pass costs chips, and the deal ends."""
    rules = preset(key)
    m = Match(rules, deal_number)
    g = m.game
    total = sum(m.start_chips)
    rng = Rng(seed)
    while not g.over:
        moves = g.legal_moves()
        if PASS in moves and rng.below(4):
            p = g.turn
            before = g.chips[p]
            free = g.bonus >= 0
            assert g.play(PASS) == R.OK
            assert free or g.chips[p] < before
        else:
            assert g.play(moves[rng.below(len(moves))]) == R.OK
        check_invariants(g, total)
    assert sum(m.settle()) == 0


@settings(max_examples=200, deadline=None)
@given(tables(), st.integers(0, 10 ** 6), st.integers(0, 200))
def test_any_illegal_action_changes_nothing(table, deal_number, action):
    rules, players = table
    g = Game(rules, deal_number, players=players)
    rng = Rng(deal_number)
    for _ in range(rng.below(30)):
        if g.over:
            break
        moves = g.legal_moves()
        g.play(moves[rng.below(len(moves))])
    state = (g.hands[:], g.table[:], g.fits[:], g.turn, bytes(g.log), g.chips[:], g.pot)
    why = g.check(action)
    if why != R.OK:
        assert g.play(action) == why
        assert (g.hands[:], g.table[:], g.fits[:], g.turn, bytes(g.log), g.chips[:], g.pot) == state
        assert REASONS[why][0]
    else:
        assert action in g.legal_moves()


@st.composite
def any_rules(draw):
    """A rule set from every option, drawn so that the rules it needs come with it."""
    pick = lambda *v: draw(st.sampled_from(v))          # noqa: E731
    opening = pick(0, 1, 2, 3)
    scoring = pick(0, 1, 2)
    strategic = scoring == 2 and pick(0, 1)
    return Rules(min_players=3, max_players=7, players=pick(3, 4, 5, 6, 7), opening=opening,
                 opener=pick(LEFT_OF_DEALER, SEVEN_OF_DIAMONDS, SEVEN_OF_HEARTS, SEVEN_OF_SPADES,
                             SEVEN_OF_CLUBS) if opening == 0
                 else LEFT_OF_DEALER, ace_high=pick(0, 1), coventry=opening == 2 and pick(0, 1),
                 strategic_pass=int(strategic), pass_pot=pick(2, 3, 9) if strategic else pick(0, 3),
                 gate_penalty=pick(0, 3, 5, 9), scoring=scoring, penalty=pick(0, 1, 2),
                 target=pick(10, 25, 100), chips=pick(5, 8, 20) if strategic else pick(5, 60),
                 deals=pick(1, 3) if scoring == 0 else pick(0, 1, 3), ceremony=pick(0, 1),
                 up_first=pick(0, 1))


@settings(max_examples=200, deadline=None)
@given(any_rules(), st.integers(1, 10 ** 6), st.lists(st.integers(0, 2), min_size=7, max_size=7))
def test_bots_play_whole_matches_of_any_rule_set_legally(rules, number, levels):
    """Any rule set the options allow, a match to its end (or 12 deals) with bots of mixed
    levels: the moves a bot works out from its view are the deal's, and so is its choice, with
    however few chips are left (a paid pass once priced from hidden cards broke this)."""
    assert rules.problem() is None, rules.problem()
    m = Match(rules, number, rules.players)
    seats = [bots.Bot(levels[p], 40) for p in range(rules.players)]
    for _ in range(12):
        g = m.game
        total = sum(g.chips) + g.pot
        while not g.over:
            p = g.turn
            v = g.view(p)
            assert seats[p].legal_moves(v) == g.legal_moves(), g.chips
            a = seats[p].choose(v, len(g.log))
            assert a in g.legal_moves(), (a, g.legal_moves(), g.chips)
            assert g.play(a) == R.OK
            check_invariants(g, total)
        m.settle()
        if m.over:
            return
        m.next_deal()


def test_each_refusal_has_a_code_of_its_own_and_words_in_every_language():
    """The text modules' REASONS are read by code (text.reason): two refusals sharing a code,
    or a code past a table's end, would show the wrong words or none."""
    from firmware import text_en, text_fr, text_de
    codes = dict((k, getattr(R, k)) for k in dir(R) if k.isupper())
    assert sorted(codes.values()) == list(range(len(codes))), codes
    for words in (text_en, text_fr, text_de):
        assert len(words.REASONS) == len(codes), words.__name__
    g = Game(preset("fan_tan"), 1)
    p = g.turn
    card = [c for c in range(52) if not g.hands[p * 4 + c // 13] & (1 << c % 13)][0]
    assert REASONS[g.check(card)][0] == "You do not hold that card"
    assert REASONS[g.check(card, (p + 1) % g.players)][0] == "It is not your turn"
    assert REASONS[g.check(60)][0] == "That is not a card"
    from firmware import text             # the table says the sentence, or its short form where it fits
    text.set_lang(0)
    assert (text.reason(R.NOT_IN_HAND), text.reason(R.NOT_IN_HAND, True)) == ("You do not hold that card", "Not in hand")
