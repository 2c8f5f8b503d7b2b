"""Each rule book example, and each rule the issue lists, as a test."""
from itertools import permutations

import pytest

from engine.cards import card, FULL, SPADES, HEARTS, DIAMONDS, CLUBS, mask_value
from engine.rng import Rng
from engine.rules import (preset, PRESETS, Rules, FIELDS, SEVENS, FIVE_OR_NINE, ANY_RANK,
                          PLAY_OR_PAY, LEFT_OF_DEALER, SEVEN_OF_HEARTS, CARDS, VALUES, PIPS,
                          ZERO_SUM, CHIPS, RACE, override)
from engine.game import Game, PASS, LEAST, MOST, first_dealer, deal_hands
from engine.match import Match
from engine import reasons as R
from test_save import finish
from firmware.text_en import REASONS
from firmware.text import card_name as name     # English: no test here sets a language

A, K = 0, 12


def fitting(g):
    """Every card that fits the table now, whoever holds it."""
    return {card(s, r) for s in range(4) for r in range(13) if g.fits[s] >> r & 1}


def c(text):
    """'7S' -> card id."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return card("SHDC".index(text[-1]), ranks.index(text[:-1]))


def needs(g, s):
    """(low card, high card) that each end of row s takes next, -1 for none."""
    lo = hi = -1
    for r in range(13):
        if g.table[s] and g.fits[s] >> r & 1:
            if g._is_high(s, r):
                hi = card(s, r)
            else:
                lo = card(s, r)
    return lo, hi


def deal_where(rules, pred, players=None, limit=3000):
    for d in range(1, limit):
        g = Game(rules, d, players=players)
        if pred(g):
            return g
    raise AssertionError("no deal found")


def holds(g, p, cards):
    return all(g.hands[p * 4 + x // 13] >> (x % 13) & 1 for x in cards)


def random_play_until(rules, pred, players=None, deals=400):
    """Play random legal moves over many deals until pred(game) holds."""
    rng = Rng(7)
    for d in range(1, deals):
        g = Game(rules, d, players=players, chips=[50] * (players or rules.players))
        while not g.over:
            if pred(g):
                return g
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
    raise AssertionError("position not reached")


def play_out(g, rng):
    """Play random legal moves (from rng) until the deal is over."""
    while not g.over:
        moves = g.legal_moves()
        g.play(moves[rng.below(len(moves))])


def held_gates(g):
    """Who else holds the 6 or 8 of each unopened suit whose 7 the player to act holds: each
    holder once per 7."""
    p = g.turn
    suits = [s for s in range(4) if not g.table[s] and g.hands[p * 4 + s] >> 6 & 1]
    return [h for s in suits for h in sorted({g.holder(card(s, 5)), g.holder(card(s, 7))} - {p})]


def rigged(rules, fixed, players=None):
    """A deal before its first move where the player to act and those after hold the cards of
    fixed[0], fixed[1] … ("7S"), the other cards dealt round to the same counts: the deal the
    first player's view describes, loaded with these hands (Game.load, as a search does)."""
    n = players or rules.players
    g = deal_where(rules, lambda g: not any(g.forced), players)
    for p in range(n):
        g.chips[p] = 50
    hands = [0] * (n * 4)
    left = g.counts[:]
    for i, cards in enumerate(fixed):
        p = (g.turn + i) % n
        for x in cards:
            hands[p * 4 + c(x) // 13] |= 1 << (c(x) % 13)
            left[p] -= 1
    p = 0
    for x in range(52):
        if not any(hands[q * 4 + x // 13] >> (x % 13) & 1 for q in range(n)):
            while left[p] == 0:
                p += 1
            hands[p * 4 + x // 13] |= 1 << (x % 13)
            left[p] -= 1
    g.load(g.view(g.turn), hands)
    return g


def names(cards):
    return sorted(name(x) for x in cards)


# ---- rule book 000 (Fan Tan) -------------------------------------------------
def test_000_after_seven_of_spades_the_next_player_has_five_options():
    rules = preset("fan_tan")
    g = deal_where(rules, lambda g: holds(g, (g.dealer + 1) % 4, [c("7S")]))
    assert g.turn == (g.dealer + 1) % g.players      # the eldest hand opens
    assert g.play(c("7S")) == R.OK
    assert fitting(g) == {c("6S"), c("8S"), c("7H"), c("7D"), c("7C")}
    # Marie-Pierre lays 7D: Olivier has six possibilities.
    g2 = random_play_until(rules, lambda g: g.table[SPADES] == 1 << 6 and g.table[DIAMONDS] == 1 << 6
                           and not g.table[HEARTS] and not g.table[CLUBS])
    assert fitting(g2) == {c("6S"), c("8S"), c("6D"), c("8D"), c("7H"), c("7C")}


def test_000_six_of_spades_lets_the_five_follow():
    g = random_play_until(preset("fan_tan"), lambda g: g.table[SPADES] == 0b1100000)
    assert {c("5S"), c("8S")} <= fitting(g)


def test_000_the_worked_example_step_by_step():
    """Mélanie lays 7♠; Marie-Pierre has five options (6♠ 8♠ and three 7s) and lays 7♦;
    Olivier has six and lays 6♠, which lets Francis lay his 5♠, "sans quoi, il aurait été
    forcé de passer"."""
    francis = ["5S", "2H", "3H", "2D", "3D", "2C", "3C", "4C", "KS", "QS", "JS", "10S", "9S"]
    g = rigged(preset("fan_tan"), [["7S"], ["7D"], ["6S"], francis])
    melanie = g.turn
    assert g.play(c("7S")) == R.OK and g.holder(c("7S")) == -1       # on the table: nobody's
    assert names(fitting(g)) == ["6♠", "7♣", "7♥", "7♦", "8♠"]
    assert g.play(c("7D")) == R.OK
    assert names(fitting(g)) == ["6♠", "6♦", "7♣", "7♥", "8♠", "8♦"] and c("5S") not in fitting(g)
    assert g.play(c("6S")) == R.OK
    assert c("5S") in fitting(g) and g.turn == (melanie + 3) % 4
    assert g.legal_moves() == [c("5S"), PASS]           # his one card, or a paid pass
    # had Olivier laid the 8♦, Francis would have nothing that fits: the engine passes him
    g = rigged(preset("fan_tan"), [["7S"], ["7D"], ["8D"], francis])
    for x in ("7S", "7D"):
        assert g.play(c(x)) == R.OK
    chips, pot = g.chips[(melanie + 3) % 4], g.pot
    assert g.play(c("8D")) == R.OK
    assert g.forced[(melanie + 3) % 4] == 1 and g.last[(melanie + 3) % 4] == PASS
    assert g.chips[(melanie + 3) % 4] == chips - 1 and g.pot == pot + 1
    assert g.turn == melanie


def test_000_the_eldest_can_open_with_a_seven_only():
    """"Comme il est le premier à jouer, il n'a qu'une possibilité de jeu : il doit
    obligatoirement déposer sur la table un 7 retourné. Sinon, il passe": before the first
    card the four 7s alone fit; the eldest's 6, 8 and king wait for their 7, and the one other
    move is a pass (000's irregularity, paid)."""
    g = rigged(preset("fan_tan"), [["7S", "7H", "6S", "8H", "KD"]])
    assert g.turn == (g.dealer + 1) % 4 and not g.log
    assert names(fitting(g)) == ["7♠", "7♣", "7♥", "7♦"]
    assert g.legal_moves() == [c("7S"), c("7H"), PASS]
    assert [g.check(c(x)) for x in ("6S", "8H", "KD")] == [R.NEEDS_STARTER] * 3


def test_000_eldest_hand_without_a_seven_passes_and_pays_a_chip():
    rules = preset("fan_tan")

    def eldest_has_no_seven(m):
        g = m.game
        return not any(g.hands[((g.dealer + 1) % 4) * 4 + s] >> 6 & 1 for s in range(4))
    m = [m for m in (Match(rules, d) for d in range(1, 50)) if eldest_has_no_seven(m)][0]
    g = m.game
    eldest = (g.dealer + 1) % 4
    assert g.turn != eldest and g.passes[eldest] == 1 and g.last[eldest] == PASS
    assert g.void[eldest * 4] & (1 << 6)               # the pass proves: no 7s
    assert g.dealt == [13] * 4
    assert g.pot == 4 + sum(g.passes)                  # antes, then a chip per pass


def test_000_rows_run_ace_low_from_six_down_to_ace_and_eight_up_to_king():
    rules = preset("fan_tan")
    assert rules.bottom_top() == (A, K)
    g = random_play_until(rules, lambda g: g.low[HEARTS] == 1)   # 2H laid
    assert needs(g, HEARTS)[0] == c("AH")
    g = random_play_until(rules, lambda g: g.low[HEARTS] == A)
    assert needs(g, HEARTS)[0] == -1


def test_000_strategic_pass_costs_three_to_the_pot_and_three_to_the_6_and_8():
    rules = preset("fan_tan")
    g = random_play_until(rules, lambda g: g.table[SPADES] and len(held_gates(g)) >= 2)
    p = g.turn
    pot, gates = g.pass_cost()
    assert pot == 3
    assert sorted(h for h, _ in gates) == sorted(held_gates(g))
    assert all(x == 3 for _, x in gates)
    chips = g.chips[:]
    before_pot = g.pot
    assert g.play(PASS) == R.OK
    assert g.pot == before_pot + 3
    for h in set(h for h, _ in gates):
        paid = 3 * sum(1 for x, _ in gates if x == h)
        assert g.chips[h] == chips[h] + paid
    assert g.chips[p] == chips[p] - 3 - 3 * len(gates)


def test_000_a_player_holding_both_the_6_and_the_8_is_paid_once():
    """ "donner trois jetons aux joueurs qui détiennent le 6 et le 8": the players, so one who
    holds both is paid 3, not 6 (5 under 001's option). A table that sets the pot's price
    (rule pass_pot: 2, 9) pays the pot that, not 000's 3 (a mutant pricing every paid pass
    at 3 to the pot passed)."""
    for price, gate in ((3, 3), (3, 5), (2, 3), (9, 5)):
        g = rigged(preset("fan_tan").with_(pass_pot=price, gate_penalty=gate),   # 7♠ and its own gates
                   [["7H", "7S", "6S", "8S"], ["6H", "8H", "7D"]])
        p, q = g.turn, (g.turn + 1) % 4
        assert g.pass_cost() == (price, [(q, gate)]) and g.pass_total() == price + gate
        chips, pot = g.chips[:], g.pot
        assert g.play(PASS) == R.OK and g.turn == q
        assert g.chips[p] == chips[p] - price - gate and g.chips[q] == chips[q] + gate
        assert g.pot == pot + price and sum(g.chips) + g.pot == sum(chips) + pot


def test_a_paid_pass_is_allowed_by_what_the_passer_can_see_not_by_who_holds_the_gates():
    """Who holds the 6 and the 8 is hidden, and one holder of both is paid once, so the
    passer knows only bounds: the price runs from 3 + 3 to 3 + 3 + 3 (LEAST, MOST). A pass
    needs chips for the most, whoever holds them, so a player's choices never tell the hidden
    cards (a bot that saw only its view once chose a pass the deal then refused)."""
    both = [["7H", "7S", "6S", "8S"], ["6H", "8H", "7D"]]       # one opponent holds 6H and 8H
    apart = [["7H", "7S", "6S", "8S"], ["6H", "7D"], ["8H"]]    # two opponents do
    for fixed, paid in ((both, 3), (apart, 6)):
        for chips, allowed in ((8, False), (9, True)):
            g = rigged(preset("fan_tan"), fixed)
            p = g.turn
            g.chips[p] = chips
            assert (g.pass_total(p, LEAST), g.pass_total(p, MOST)) == (6, 9)
            assert (PASS in g.legal_moves()) == allowed, (fixed, chips)
            assert g.check(PASS) == (R.OK if allowed else R.NO_CHIPS)
            if allowed:
                pot = g.pot
                assert g.play(PASS) == R.OK
                assert g.chips[p] == chips - 3 - paid and g.pot == pot + 3
    # holding one gate card of a kept 7 leaves one holder to pay: the price is known
    g = rigged(preset("fan_tan"), [["7H", "6H"], ["8H"]])
    assert g.pass_total(g.turn, LEAST) == g.pass_total(g.turn, MOST) == g.pass_total(g.turn) == 6


def test_000_a_paid_pass_keeping_no_seven_costs_three_to_the_pot_alone():
    """Irregularity 2: passing when a card other than a 7 could be played costs 3 to the pot."""
    g = rigged(preset("fan_tan"), [["7S"], ["8S"], ["7C"], ["7H"]])
    assert g.play(c("7S")) == R.OK
    q = g.turn
    assert g.can_play() and g.pass_cost() == (3, []) and g.pass_total() == 3
    chips, pot = g.chips[:], g.pot
    assert g.play(PASS) == R.OK
    assert g.chips[q] == chips[q] - 3 and g.pot == pot + 3
    assert all(g.chips[x] == chips[x] for x in range(4) if x != q)


def test_001_strategic_pass_pays_five_to_each_gate_holder():
    rules = preset("fan_tan").with_(gate_penalty=5)
    g = random_play_until(rules, lambda g: g.table[SPADES] and held_gates(g))
    pot, gates = g.pass_cost()
    assert pot == 3 and sorted(h for h, _ in gates) == sorted(held_gates(g))
    assert all(x == 5 for _, x in gates)
    assert g.pass_total() == 3 + 5 * len(gates)


def test_000_eldest_passing_on_a_seven_pays_its_6_and_8_holders():
    g = random_play_until(preset("fan_tan"), lambda g: g.opened == 0 and held_gates(g))
    pot, gates = g.pass_cost()
    assert pot == 3 and sorted(h for h, _ in gates) == sorted(held_gates(g))


def test_in_five_or_nine_a_paid_pass_owes_gates_only_once_the_first_starter_fixed_the_rank():
    """The gate penalty is for holding a starter of a row not begun: while 5 or 9 may still
    open (no starter laid), no rank is the starter yet and a paid pass owes the pot alone; once
    a 5 fixed the rank, a held 5 makes its 4 and 6 gates (QA read the docstring both ways)."""
    rules = preset("fan_tan").with_(opening=FIVE_OR_NINE)
    g = random_play_until(rules, lambda g: g.start < 0 and g.check(PASS) == R.OK and g.can_play())
    assert g.pass_cost() == (3, [])
    g = random_play_until(rules, lambda g: g.start == 4 and g.check(PASS) == R.OK and g.can_play()
                          and any(not g.table[s] and g.hands[g.turn * 4 + s] >> 4 & 1 for s in range(4)))
    gates = g.pass_cost()[1]
    p = g.turn
    want = sorted(h for s in range(4) if not g.table[s] and g.hands[p * 4 + s] >> 4 & 1
                  for h in {g.holder(card(s, 3)), g.holder(card(s, 5))} - {p})
    assert want and sorted(h for h, _ in gates) == want


def test_a_strategic_pass_needs_the_chips():
    rules = preset("fan_tan")
    g = random_play_until(rules, lambda g: g.can_play() and g.check(PASS) == R.OK)
    g.chips[g.turn] = 2
    assert g.play(PASS) == R.NO_CHIPS


@pytest.mark.parametrize("rank", (4, 8))
def test_000_five_or_nine_first_starter_fixes_the_rank(rank):
    """"on a le choix de la commencer avec un 5 ou un 9 … il fixe la valeur": a first 9 as well
    as a first 5 makes the other suits wait for that rank, its own row growing both ways."""
    rules = preset("five_or_nine")
    g = random_play_until(rules, lambda g: g.opened == 0)
    assert fitting(g) == {card(s, r) for s in range(4) for r in (4, 8)}
    g = random_play_until(rules, lambda g: g.opened == 1 and g.start == rank)
    opened = [s for s in range(4) if g.table[s]][0]
    assert all(g.fits[s] == 1 << rank for s in range(4) if s != opened)
    assert g.fits[opened] == (1 << rank - 1) | (1 << rank + 1)


def test_000_the_eldest_lays_the_five_of_spades_and_the_other_suits_must_have_the_five():
    """000's example: « l'aîné dépose le 5 de pique … les trois autres Couleurs devront avoir
    le 5 »: the next player's 9 is refused, their 5 opens hearts."""
    g = rigged(preset("five_or_nine"), [["5S"], ["9H", "5H"]])
    assert g.turn == (g.dealer + 1) % 4
    assert g.play(c("9H"), (g.turn + 1) % 4) == R.NOT_YOUR_TURN
    assert g.play(c("5S")) == R.OK
    assert fitting(g) == {c("4S"), c("6S"), c("5H"), c("5D"), c("5C")}
    assert g.play(c("9H")) == R.NEEDS_STARTER
    assert g.play(c("5H")) == R.OK and g.start == 4


def test_000_five_or_nine_refuses_a_seven_as_starter():
    g = random_play_until(preset("five_or_nine"),
                          lambda g: g.opened == 0 and any(g.hands[g.turn * 4 + s] >> 6 & 1
                                                          for s in range(4)))
    s = [s for s in range(4) if g.hands[g.turn * 4 + s] >> 6 & 1][0]
    assert g.play(card(s, 6)) == R.NEEDS_STARTER


def test_000_coventry_ace_start_fixes_aces_for_every_suit():
    rules = preset("coventry")
    g = random_play_until(rules, lambda g: g.start == A)
    assert all(g.fits[s] == 1 for s in range(4) if not g.table[s])


def test_000_coventry_fourth_starter_earns_a_bonus_card_on_another_row():
    rules = preset("coventry")
    g = random_play_until(rules, lambda g: g.bonus >= 0)
    p = g.turn
    assert g.opened == 4
    bonus_suit = g.bonus
    moves = g.legal_moves()
    assert PASS in moves                                   # the bonus may be declined
    assert all(m // 13 != bonus_suit for m in moves if m != PASS)
    same = [card(bonus_suit, r) for r in range(13)
            if g.hands[p * 4 + bonus_suit] >> r & 1 and g.fits[bonus_suit] >> r & 1]
    for x in same:
        assert g.play(x) == R.BONUS_OTHER_ROW
    card_ = [m for m in moves if m != PASS][0]
    assert g.play(card_) == R.OK
    assert g.turn != p or g.over


def test_000_coventry_only_the_fourth_starter_earns_the_bonus():
    """"Le joueur qui joue la carte servant de point de départ à la quatrième séquence" plays
    again: once a deal, for that starter, not for every card laid after it."""
    rng = Rng(11)
    deals = 0
    for d in range(1, 40):
        g = Game(preset("coventry"), d, chips=[50] * 4)
        earned = 0
        while not g.over:
            moves = [m for m in g.legal_moves() if m != PASS] or [PASS]
            was = g.bonus
            g.play(moves[rng.below(len(moves))])
            if g.bonus >= 0 and was < 0:
                earned += 1
                assert g.opened == 4 and g.log[-1] == g.bonus * 13 + g.start
                assert g.table[g.bonus] == 1 << g.start        # its row holds the starter alone
        assert earned <= 1
        deals += earned
    assert deals


def test_000_coventry_a_deal_won_on_the_bonus_card_leaves_no_bonus_pending():
    """Deal 1329, cards laid at random: the winner's last card is the bonus card after the
    fourth starter. The deal is over, so no bonus is on (the final table outlines every row's
    next cards, the fourth starter's row too)."""
    g = Game(preset("coventry"), 1329)
    rng = Rng(1329)
    while not g.over:
        cards = [m for m in g.legal_moves() if m != PASS]
        pending = g.bonus
        g.play(cards[rng.below(len(cards))] if cards else PASS)
    assert pending >= 0 and g.log[-2] // 13 == pending     # won by the bonus card
    assert g.bonus == -1


def test_000_play_or_pay_the_first_card_is_any_card():
    """"Joue ou paie : au lieu de commencer une séquence avec un 7, on peut choisir n'importe
    quelle carte comme point de départ": before the first card every card fits, so the eldest
    is never passed and may lead any card of the hand (a 2 as well as a king)."""
    for d in range(1, 30):
        m = Match(preset("play_or_pay"), d)
        g = m.game
        assert fitting(g) == set(range(52)) and g.turn == (g.dealer + 1) % 4 and not g.passes[g.turn]
        assert g.legal_moves() == sorted(x for x in range(52) if holds(g, g.turn, [x])) + [PASS]


def test_000_play_or_pay_builds_up_circularly_and_finishes_a_suit_first():
    rules = preset("play_or_pay")
    g = random_play_until(rules, lambda g: g.current >= 0 and g.table[g.current] != FULL
                          and g.high[g.current] == K)
    s = g.current
    assert g.fits[s] == 1 << A                              # K is followed by A
    assert all(g.fits[t] == 0 for t in range(4) if t != s)
    other = [x for x in range(52) if x // 13 != s and g.hands[g.turn * 4 + x // 13] >> (x % 13) & 1]
    if other:
        assert g.play(other[0]) == R.FINISH_SUIT


def test_000_play_or_pay_thirteenth_card_starts_the_next_suit_with_any_card():
    rules = preset("play_or_pay")
    g = random_play_until(rules, lambda g: g.current >= 0 and
                          bin(g.table[g.current]).count("1") == 12 and g.can_play()
                          and g.counts[g.turn] > 1)
    p = g.turn
    assert g.play([x for x in g.legal_moves() if x != PASS][0]) == R.OK
    assert g.turn == p and g.current == -1
    assert all(g.fits[s] == FULL for s in range(4) if not g.table[s])
    # the "privilège" is a turn like any: declined only by a paid pass (free in Coventry's bonus)
    chips, pot = g.chips[p], g.pot
    assert g.pass_cost(p) == (rules.pass_pot, []) and g.play(PASS) == R.OK
    assert g.chips[p] == chips - rules.pass_pot and g.pot == pot + rules.pass_pot


def test_000_coventry_an_ace_row_runs_up_and_the_fourth_ace_s_layer_plays_again_if_able():
    """"Le joueur qui joue la carte servant de point de départ à la quatrième séquence a le
    privilège de jouer immédiatement une carte sur une des trois autres séquences, s'il peut
    le faire." After A♠ the spades run up only; the layer of the fourth ace plays again on
    another row, or the turn moves on when nothing of theirs fits there."""
    g = rigged(preset("coventry"), [["AS", "3S"], ["AH", "KS"], ["AD", "QS"], ["AC", "2S"]])
    assert g.play(c("AS")) == R.OK
    assert names(fitting(g)) == ["2♠", "A♣", "A♥", "A♦"]
    for x in ("AH", "AD"):
        assert g.play(c(x)) == R.OK
    last = g.turn
    assert g.play(c("AC")) == R.OK
    assert g.turn == last and g.bonus == 3 and g.last[last] == c("AC")
    assert g.legal_moves() == [c("2S"), PASS]            # not on the clubs just opened
    # declining the privilege is no pass: it costs nothing, and its price reads nothing
    assert g.pass_cost(last) == (0, []) and g.pass_total(last, LEAST) == g.pass_total(last, MOST) == 0
    assert g.play(c("2S")) == R.OK and g.bonus == -1 and g.turn != last
    g = rigged(preset("coventry"), [["AS", "2S"], ["AH", "KS"], ["AD", "QS"], ["AC", "5C", "6C"]])
    for x in ("AS", "AH", "AD"):
        assert g.play(c(x)) == R.OK
    last = g.turn
    assert g.play(c("AC")) == R.OK
    assert g.bonus == -1 and g.turn != last               # nothing of theirs fits elsewhere


def test_000_play_or_pay_from_the_eight_of_spades_only_upward_to_the_seven():
    """"si le point de départ est le 8 de pique, la seule possibilité … c'est de monter en
    déposant le 9 de pique … 8, 9, 10, V, D, R, A, 2, 3, 4, 5, 6 et 7. Le joueur qui dépose la
    treizième carte … a le privilège de commencer une nouvelle séquence"."""
    spades = ["9S", "10S", "JS", "QS", "KS", "AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    g = rigged(preset("play_or_pay"), [["8S", "5H"], spades[0::3] + ["4H"], spades[1::3] + ["3H"],
                                       spades[2::3] + ["2H"]])
    assert g.play(c("8S")) == R.OK
    assert fitting(g) == {c("9S")}
    assert g.check(c("4H")) == R.FINISH_SUIT
    laid = []
    while g.current == SPADES and g.table[SPADES] != FULL:
        x = g.legal_moves()[0]
        assert g.fits[SPADES] == 1 << (x % 13)           # one card fits: the next one up
        laid.append(name(x))
        assert g.play(x) == R.OK
    assert laid == ["9♠", "10♠", "J♠", "Q♠", "K♠", "A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"]
    assert g.current == -1 and g.last[g.turn] == c("7S")    # the 7♠'s layer starts the next suit
    assert all(g.fits[s] == FULL for s in (HEARTS, DIAMONDS, CLUBS))
    assert g.fits[SPADES] == 0      # the round is closed: not the 8♠ again (a mutant fitted it)


CHIP_GAMES = ("fan_tan", "five_or_nine", "coventry", "play_or_pay")


@pytest.mark.parametrize("key", CHIP_GAMES)
def test_000_losers_pay_a_chip_per_card_and_the_winner_takes_the_pot(key):
    """"Les autres joueurs déposent dans la cagnotte un jeton pour chaque carte qu'ils ont
    encore en main. Le gagnant s'empare de la cagnotte." One who has fewer chips than cards
    pays what they have. The variants end so too ("Le premier joueur à se défaire de toutes
    ses cartes gagne la partie et ramasse la cagnotte")."""
    rng = Rng(5)
    short = 0
    for d in range(1, 30):
        m = Match(preset(key), d)
        g = m.game
        if d % 3 == 0:
            m.chips[(g.dealer + 2) % 4] = 2           # short of chips, if holding more cards
        while not g.over:
            moves = [x for x in g.legal_moves() if x != PASS] or [PASS]
            g.play(moves[rng.below(len(moves))])
        before, pot, left, w = m.chips[:], g.pot, g.counts[:], g.winner
        delta = m.settle()
        paid = [min(left[p], before[p]) for p in range(4)]
        short += paid != left
        assert all(m.chips[p] == before[p] - paid[p] for p in range(4) if p != w)
        assert m.chips[w] == before[w] + pot + sum(paid) and g.pot == 0
        assert delta == [m.chips[p] - m.start_chips[p] for p in range(4)]
    assert short


def test_000_ceremony_deals_face_up_until_a_jack():
    """The match's first dealer is the one its own deal number's face-up cards give (the rules
    page shows those cards again from the deal number): over several deals the seats differ,
    so a dealer found from other cards shows (a mutant using the next deal number's passed
    deal 77 alone)."""
    dealer, shown = first_dealer(77, 4)
    assert shown[-1] % 13 == 10 and all(x % 13 != 10 for x in shown[:-1])
    assert dealer == (len(shown) - 1) % 4
    m = Match(preset("fan_tan"), 77, 4)
    assert m.dealer == dealer
    seats = [first_dealer(d, 5)[0] for d in range(1, 9)]
    assert [Match(preset("fan_tan"), d, 5).dealer for d in range(1, 9)] == seats
    assert len(set(seats)) > 2


def test_000_cut_leaves_at_least_five_cards_in_each_part():
    cuts = set()
    for d in range(3000):
        rng = Rng(d)
        deck = bytearray(range(52))
        rng.shuffle(deck)
        k = 5 + rng.below(43)
        cuts.add(k)
        if d < 100:
            hands = deal_hands(d, 4, 3, True)
            for i, x in enumerate(deck[k:] + deck[:k]):
                assert hands[((3 + 1 + i) % 4) * 4 + x // 13] >> (x % 13) & 1
    assert min(cuts) == 5 and max(cuts) == 47


def test_000_uneven_hands_ante_one_more_chip():
    m = Match(preset("fan_tan"), 3, 5)
    g = m.game
    assert sorted(g.dealt) == [10, 10, 10, 11, 11]
    assert [g.dealt[(g.dealer + 1 + i) % 5] for i in range(5)] == [11, 11, 10, 10, 10]
    assert g.pot == 5 + 3 + sum(g.passes)            # 1 each, 1 more from the three short hands
    for p in range(5):
        assert m.start_chips[p] - g.chips[p] == (2 if g.dealt[p] == 10 else 1) + g.passes[p]
    # the deal goes on: what each was dealt, and so each ante (the table's purse reads it),
    # stays as dealt while the hands shrink (a mutant keeping the live counts as `dealt` passed)
    dealt = g.dealt[:]
    for _ in range(12):
        g.play(g.legal_moves()[0])
    assert g.counts != dealt and g.dealt == dealt
    assert [g.ante(p) for p in range(5)] == [2 if dealt[p] == 10 else 1 for p in range(5)]


@pytest.mark.parametrize("key, stack", [("fan_tan", 50), ("five_or_nine", 50), ("coventry", 50),
                                        ("play_or_pay", 60)])
def test_chip_games_start_every_player_with_the_same_stack(key, stack):
    """Equal stacks to begin (docs/strength.md: the chip games start with 50 chips each, Play
    or Pay with 60, its biggest loser paying ~20 a deal)."""
    m = Match(preset(key), 1)
    assert m.start_chips == [stack] * m.players


@pytest.mark.parametrize("key, scoring, deals", [("fan_tan", CHIPS, 10), ("five_or_nine", CHIPS, 10),
                                                 ("coventry", CHIPS, 10), ("play_or_pay", CHIPS, 10),
                                                 ("sevens", ZERO_SUM, 4), ("domino", RACE, 0),
                                                 ("parliament", RACE, 0)])
def test_each_preset_s_match_length(key, scoring, deals):
    """The README's preset table: the chip games play 10 deals (unless someone is out of
    chips first), Sevens a zero-sum match of 4, Domino and Parliament a race to 100 with no
    deal limit."""
    r = preset(key)
    assert (r.scoring, r.deals) == (scoring, deals)
    assert r.scoring != RACE or r.target == 100


# ---- rule book 001 (Domino) ------------------------------------------------
def test_001_first_player_chooses_the_rank():
    rules = preset("domino")
    assert rules.opening == ANY_RANK and rules.opener == LEFT_OF_DEALER
    g = Game(rules, 11)
    assert fitting(g) == set(range(52))
    x = g.legal_moves()[3]
    assert g.play(x) == R.OK
    assert all(g.fits[s] == 1 << (x % 13) for s in range(4) if s != x // 13)


def test_001_match_to_100_losers_add_a_point_per_card_and_lowest_wins():
    rules = preset("domino")
    m = Match(rules, 5)
    rng = Rng(3)
    while True:
        g = m.game
        play_out(g, rng)
        counts = g.counts[:]
        before = m.scores[:]
        delta = m.settle()
        assert delta == [0 if p == g.winner else counts[p] for p in range(m.players)]
        assert [b + d for b, d in zip(before, delta)] == m.scores
        if m.over:
            break
        m.next_deal()
    assert max(m.scores) >= 100
    assert all(m.scores[p] == min(m.scores) for p in m.leaders())


@pytest.mark.parametrize("rules", [preset("sevens").with_(deals=1), preset("fan_tan").with_(deals=1),
                                   preset("domino").with_(scoring=ZERO_SUM, deals=1)])
def test_001_each_deal_a_game_ends_the_match_with_its_winner(rules):
    """001: "Chaque donne constitue une partie … Le jeu se termine simplement avec un gagnant et
    les autres joueurs perdants": a match of 1 deal (New game's Deals line) is over once its
    deal is settled, the deal's winner alone leads it, and no deal follows."""
    rng = Rng(6)
    for d in range(1, 20):
        m = Match(rules, d)
        g = m.game
        while not g.over:
            moves = [x for x in g.legal_moves() if x != PASS] or [PASS]
            g.play(moves[rng.below(len(moves))])
        assert not m.over
        m.settle()
        assert m.over and m.deals == 1 and m.leaders() == [g.winner]
        with pytest.raises(ValueError):
            m.next_deal()


# ---- rule book 002 (Sevens, German) ----------------------------------------
def test_002_seven_of_diamonds_opens_and_nothing_else():
    g = Game(preset("sevens"), 9)
    p = g.turn
    assert holds(g, p, [c("7D")])
    assert g.legal_moves() == [c("7D")]
    assert [g.can_play(q) for q in range(4)] == [q == p for q in range(4)]    # nobody else yet
    assert g.play(PASS) == R.MUST_PLAY
    assert g.play(c("7D"), (p + 1) % 4) == R.NOT_YOUR_TURN
    # "Quelquefois c'est le détenteur d'une certaine carte qui doit jouer en premier" (001):
    # the 7♦ first, even from a hand with another 7 that would start its row just as well
    g = deal_where(preset("sevens"), lambda g: holds(g, g.turn, [c("7D")]) and
                   any(holds(g, g.turn, [c(x)]) for x in ("7S", "7H", "7C")))
    other = [c(x) for x in ("7S", "7H", "7C") if holds(g, g.turn, [c(x)])]
    assert all(g.play(x) == R.OPENER_FIRST for x in other) and not g.log


def test_002_hearts_row_five_to_nine_takes_only_four_and_ten():
    g = random_play_until(preset("sevens"), lambda g: g.low[HEARTS] == 4 and g.high[HEARTS] == 8)
    assert g.fits[HEARTS] == (1 << 3) | (1 << 9)
    assert needs(g, HEARTS) == (c("4H"), c("10H"))
    # « Die 3♥ und der Bube ♥ müssen warten »: laid by whoever holds one, each is refused
    g = random_play_until(preset("sevens"), lambda g: g.low[HEARTS] == 4 and g.high[HEARTS] == 8
                          and g.hands[g.turn * 4 + HEARTS] & (1 << 2 | 1 << 10))
    waiting = [x for x in (c("3H"), c("JH")) if holds(g, g.turn, [x])]
    before = (g.table[:], g.hands[:], g.turn)
    assert [g.play(x) for x in waiting] == [R.NOT_AT_END] * len(waiting)
    assert (g.table[:], g.hands[:], g.turn) == before


def test_002_rows_run_two_to_ace_and_do_not_wrap():
    rules = preset("sevens")
    assert rules.bottom_top() == (1, A)
    g = random_play_until(rules, lambda g: g.high[SPADES] == K)
    assert needs(g, SPADES)[1] == c("AS")
    g = random_play_until(rules, lambda g: g.low[SPADES] == 1)
    assert needs(g, SPADES)[0] == -1 and not g.fits[SPADES] & (1 | 1 << K)  # nothing under the 2
    g = random_play_until(rules, lambda g: g.high[SPADES] == A and g.low[SPADES] > 1)
    assert g.fits[SPADES] == 1 << (g.low[SPADES] - 1) and needs(g, SPADES)[1] == -1  # nor over the A
    g = random_play_until(rules, lambda g: g.table[SPADES] == FULL)
    assert g.fits[SPADES] == 0 and g.low[SPADES] == 1 and g.high[SPADES] == A     # 2 … A: complete


def test_002_six_and_eight_wait_for_their_seven():
    g = random_play_until(preset("sevens"), lambda g: not g.table[CLUBS] and
                          g.hands[g.turn * 4 + CLUBS] & 0b10100000)
    x = card(CLUBS, 5) if g.hands[g.turn * 4 + CLUBS] & 0b100000 else card(CLUBS, 7)
    assert g.play(x) == R.NEEDS_STARTER


def test_002_a_card_off_the_ends_is_refused_with_a_reason():
    g = random_play_until(preset("sevens"), lambda g: any(
        g.table[s] and g.hands[g.turn * 4 + s] & ~g.fits[s] & FULL for s in range(4)))
    s = [s for s in range(4) if g.table[s] and g.hands[g.turn * 4 + s] & ~g.fits[s] & FULL][0]
    m = g.hands[g.turn * 4 + s] & ~g.fits[s]
    r = [r for r in range(13) if m >> r & 1][0]
    before = (g.table[:], g.hands[:], g.turn)
    assert g.play(card(s, r)) == R.NOT_AT_END
    assert (g.table[:], g.hands[:], g.turn) == before
    assert REASONS[R.NOT_AT_END][0] == "The card touches neither end of its row"


def test_eight_before_six_refuses_a_card_off_the_ends_as_off_the_ends():
    """With the 8 before the 6, only a 6 on a lone 7 is told to wait for the 8: any other card
    that touches neither end of its row gets the plain reason."""
    def off(g):
        return [card(s, r) for s in range(4) if g.table[s] for r in range(13)
                if (g.hands[g.turn * 4 + s] & ~g.fits[s]) >> r & 1
                and not (g.low[s] == g.high[s] == r + 1)]
    g = random_play_until(preset("sevens").with_(up_first=1), off)
    assert [g.check(x) for x in off(g)] == [R.NOT_AT_END] * len(off(g))
    # Sevens' ace is high: the ace of a row down to its 2 waits for the king, and is told it
    # touches neither end, not to wait for an 8 (a mutant asking only that the low end be the
    # card above passed: the 2 is above the ace)
    g = random_play_until(preset("sevens").with_(up_first=1), lambda g: any(
        g.low[s] == 1 and g.high[s] != K and holds(g, g.turn, [card(s, A)]) for s in range(4)))
    s = [s for s in range(4) if g.low[s] == 1 and g.high[s] != K and holds(g, g.turn, [card(s, A)])][0]
    assert g.check(card(s, A)) == R.NOT_AT_END


def test_000_play_or_pay_refuses_the_card_below_its_first_card_as_off_the_ends():
    """In Play or Pay a row only climbs: the 7 under a lone 8 touches no end it can take, and
    is told so, not told to wait for the 8 as "8 before 6" would (a mutant giving that reason
    whatever the rules passed)."""
    g = rigged(preset("play_or_pay"), [["8S", "5H"], ["7S", "9S", "4H"]])
    assert g.play(c("8S")) == R.OK
    assert g.check(c("7S")) == R.NOT_AT_END


def test_002_losers_holding_3_5_and_8_pay_the_winner_16():
    def dump_dead_ends(g):
        return max(g.legal_moves(), key=lambda x: (abs(x % 13 - 6), -x))
    rules = preset("sevens")
    for d in range(2300, 2400):
        m = Match(rules, d)
        g = m.game
        while not g.over:
            g.play(dump_dead_ends(g))
        if sorted(g.counts) == [0, 3, 5, 8]:
            delta = m.settle()
            assert delta[g.winner] == 16
            assert sorted(delta) == [-8, -5, -3, 16] and sum(delta) == 0
            return
    pytest.fail("no deal ended 3/5/8")


def test_002_a_player_passes_only_when_nothing_fits():
    """"Absichtliches Passen ist nicht erlaubt. Du passt nur, wenn keine Karte deiner Hand
    passt": a player who can lay a card may not pass; one who cannot is passed, and held
    nothing that fitted."""
    g = random_play_until(preset("sevens"), lambda g: g.table[DIAMONDS] and g.can_play())
    before = (g.table[:], g.hands[:], g.turn, g.passes[:])
    assert PASS not in g.legal_moves() and g.play(PASS) == R.MUST_PLAY
    assert (g.table[:], g.hands[:], g.turn, g.passes[:]) == before
    assert g.pass_cost() == (0, []) and g.pass_total(bound=MOST) == 0     # a points game: no chips
    rng = Rng(3)
    seen = 0
    for d in range(1, 40):
        g = Game(preset("sevens"), d)
        while not g.over:
            passes = g.passes[:]
            moves = g.legal_moves()
            assert g.play(moves[rng.below(len(moves))]) == R.OK
            for p in range(4):                        # passed by the engine after that card:
                if g.passes[p] > passes[p]:           # nothing of theirs fits the table it left
                    seen += 1
                    assert all(g.hands[p * 4 + s] & g.fits[s] == 0 for s in range(4)), (d, p)
        assert not any(g.can_play(p) for p in range(4))     # the deal is over: nobody plays on
    assert seen > 20


def test_002_any_seven_opens_its_row_at_any_time_in_any_order():
    """"Jede 7 darf jederzeit gelegt werden; es gibt keine Vorschrift, welche Farbe als
    Nächstes eröffnet werden muss": once the 7♦ lies, the 7 of every suit not begun fits
    whatever else lies, the player to act who holds one may lay it, and the other three suits
    open in every order."""
    rng = Rng(8)
    orders = set()
    for d in range(1, 60):
        g = Game(preset("sevens"), d)
        order = []
        while not g.over:
            for s in range(4):
                if g.log and not g.table[s]:
                    assert g.fits[s] == 1 << 6
                    assert card(s, 6) in g.legal_moves() or not holds(g, g.turn, [card(s, 6)])
            moves = g.legal_moves()
            x = moves[rng.below(len(moves))]
            if not g.table[x // 13]:
                order.append(x // 13)
            g.play(x)
        orders.add(tuple(order[1:]))
    assert {o for o in orders if len(o) == 3} == set(permutations((SPADES, HEARTS, CLUBS)))


def test_002_a_pass_ends_no_round_and_resets_nothing():
    """"Ein Passen beendet keine Runde und setzt nichts zurück; der nächste Spieler ist einfach
    an der Reihe": after each card the seats the engine passes for are the next ones in turn
    with nothing to lay, each passed once; the table is the one before with that card added,
    and the turn is the first seat after them, who has a card to lay."""
    rng = Rng(9)
    passed = 0
    for d in range(1, 40):
        g = Game(preset("sevens"), d)
        while not g.over:
            p, table, forced = g.turn, g.table[:], g.forced[:]
            moves = g.legal_moves()
            x = moves[rng.below(len(moves))]
            assert g.play(x) == R.OK
            table[x // 13] |= 1 << (x % 13)
            assert g.table == table
            if g.over:
                break
            skipped = [(p + 1 + i) % 4 for i in range((g.turn - p - 1) % 4)]
            assert [g.forced[q] - forced[q] for q in range(4)] == [int(q in skipped) for q in range(4)]
            assert not any(g.can_play(q) for q in skipped) and g.can_play()
            passed += len(skipped)
    assert passed > 50


def test_002_the_eight_of_clubs_leads_your_nine_ten_and_jack_and_your_six_holds_the_row():
    """002's tips: "Hältst du 9, 10 und Bube in Kreuz, erlaubt dir die 8♣, in den nächsten Zügen
    weiter anzulegen" and "Hältst du die 6 einer Reihe, kann in dieser Farbe niemand nach unten
    anlegen, bis du es zulässt": on the 7♣ alone the 9♣, 10♣ and J♣ touch no end; after the
    8♣ each fits in turn at its holder's next turns, while below the 7♣ nobody lays a card."""
    g = rigged(preset("sevens"), [["7D"], ["7C"], ["8C", "9C", "10C", "JC", "6C"]])
    me = (g.turn + 2) % 4
    assert g.play(c("7D")) == R.OK and g.play(c("7C")) == R.OK and g.turn == me
    assert [g.check(c(x)) for x in ("9C", "10C", "JC")] == [R.NOT_AT_END] * 3
    for x in ("8C", "9C", "10C", "JC"):
        assert g.turn == me and g.check(c(x)) == R.OK
        assert g.play(c(x)) == R.OK
        while g.turn != me and x != "JC":      # the row waits for me at both ends
            assert needs(g, CLUBS) == (c("6C"), c(x) + 1)
            g.play(g.legal_moves()[0])
    assert (g.low[CLUBS], g.high[CLUBS]) == (6, 10) and holds(g, me, [c("6C")])


def test_002_the_next_card_of_every_row_is_in_a_hand_so_someone_can_always_move():
    """"Weil alle 52 Karten in den Händen der Spieler sind … liegt die nächste Karte, die jede
    Reihe braucht, immer in irgendeiner Hand. Solange das Spiel läuft, kann mindestens ein
    Spieler ziehen": at every turn each card that fits is in a hand and the player to act has
    one to lay, until a winner. "Die vier Punktestände ergeben also immer zusammen null": the
    winner gets what the three losers pay."""
    rng = Rng(10)
    for d in range(1, 40):
        m = Match(preset("sevens"), d)
        g = m.game
        while not g.over:
            assert all(g.holder(x) >= 0 for x in fitting(g)) and g.can_play()
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
        delta = m.settle()
        assert sum(delta) == 0 and delta[g.winner] == sum(g.counts) > 0


def test_what_a_forced_pass_proved_is_kept_at_the_next_one():
    """A player passed by the engine holds none of the cards that fitted then, and still none
    of them at their next forced pass, when other cards fit: `void` gathers every pass's cards
    (the hidden cards the standings list and the bots rule out; a mutant keeping only the last
    pass's passed)."""
    rng = Rng(5)
    twice = 0
    for d in range(1, 30):
        g = Game(preset("sevens"), d)
        proved = [0] * 16
        while not g.over:
            forced = g.forced[:]
            moves = g.legal_moves()
            assert g.play(moves[rng.below(len(moves))]) == R.OK
            for p in range(4):
                if g.forced[p] > forced[p]:           # the table the passes saw: after that card
                    twice += forced[p] > 0
                    for s in range(4):
                        proved[p * 4 + s] |= g.fits[s]
            assert g.void == proved, d
    assert twice > 20


# ---- rule book 003 (Parliament) --------------------------------------------
def test_003_diamonds_seven_eight_with_nine_six_and_seven_of_clubs_all_play():
    """003's example: "À carreau, le sept et le huit sont posés. Vous tenez le neuf de carreau,
    le six de carreau et le sept de trèfle. Les trois sont jouables … le sept de trèfle ouvre
    une couleur pour tout le monde, alors que le six ou le neuf n'ouvrent qu'une carte": each
    of the three is legal, and after it the cards that newly fit are the 6♣ and 8♣ (a suit
    opened), or the one card past the 6♦ or the 9♦."""
    for x, opened in (("7C", ["6♣", "8♣"]), ("6D", ["5♦"]), ("9D", ["10♦"])):
        g = rigged(preset("parliament"), [["7D"], ["8D"], ["9D", "6D", "7C"]])
        assert g.play(c("7D")) == R.OK and g.play(c("8D")) == R.OK
        assert names(fitting(g)) == ["6♦", "7♠", "7♣", "7♥", "9♦"]
        assert {c("9D"), c("6D"), c("7C")} <= set(g.legal_moves())
        before = fitting(g)
        assert g.play(c(x)) == R.OK
        assert names(fitting(g) - before) == opened, x


@pytest.mark.parametrize("n", range(3, 8))
def test_003_at_four_the_deal_comes_out_even_at_any_other_number_not(n):
    """003: "À quatre la donne tombe juste ; à tout autre nombre non" and "Les mains seront
    inégales et ce n'est pas grave": 13 cards each at four; at 3, 5, 6 and 7 the seats dealt
    first (left of the dealer) hold one card more than the rest, and no one pays for it."""
    m = Match(preset("parliament"), 4, players=n)
    g = m.game
    dealt = [g.dealt[(g.dealer + 1 + i) % n] for i in range(n)]
    assert dealt == [52 // n + 1] * (52 % n) + [52 // n] * (n - 52 % n)
    assert (len(set(dealt)) == 1) == (n == 4)
    assert g.pot == 0 and m.scores == [0] * n


def test_003_parliament_table_of_three_to_seven_and_card_value_penalty():
    """"Celui qui détient le sept de carreau le pose au milieu", at every table size."""
    rules = preset("parliament")
    assert (rules.min_players, rules.max_players, rules.opener) == (3, 7, c("7D"))
    for n in range(3, 8):
        g = Game(rules, 4, players=n)
        assert sum(g.dealt) == 52 and max(g.dealt) - min(g.dealt) <= 1
        for d in range(1, 10):
            g = Game(rules, d, players=n)
            assert holds(g, g.turn, [c("7D")]) and g.legal_moves() == [c("7D")], (n, d)
    rv = rules.with_(penalty=VALUES)
    g = Game(rv, 4, players=3)
    rng = Rng(1)
    play_out(g, rng)
    pen = g.penalties()
    for p in range(3):
        want = sum((x % 13) + 1 for x in range(52) if holds(g, p, [x]))
        assert pen[p] == want


@pytest.mark.parametrize("penalty, face, kq5a", [(PIPS, 10, 26), (VALUES, None, 31)])
def test_pip_penalty_counts_the_faces_ten_and_values_their_rank(penalty, face, kq5a):
    """Sevens as many play it in Britain and at home: the cards left count their pips, A=1,
    2-10 at face value, J Q K 10 (the value penalty counts them 11, 12, 13: a mutant capping
    values at 10 as pips do passed, the one values deal above leaving no face)."""
    faces = 0
    for d in range(1, 20):
        g = Game(preset("parliament").with_(penalty=penalty), d, players=3)
        rng = Rng(d)
        play_out(g, rng)
        for p in range(3):
            held = [x % 13 + 1 for x in range(52) if holds(g, p, [x])]
            assert g.penalty(p) == sum(min(v, face or v) for v in held)
            faces += sum(v > 10 for v in held)
    assert faces, "a face left to count"
    g.hands[0:4] = [1 << 12 | 1 << 11 | 1 << 4 | 1, 0, 0, 0]     # K Q 5 A: 10 + 10 + 5 + 1, or 13 + 12 + 5 + 1
    assert g.penalty(0) == kq5a


def test_a_suit_s_cards_are_worth_their_values_a_one_to_king_thirteen():
    """engine.cards.mask_value counts A=1 ... K=13 unless told the most a card is worth (pips:
    10): a whole suit is 91, or 85 in pips."""
    assert mask_value(FULL) == 91 and mask_value(FULL, 10) == 85
    assert mask_value(1 << 12) == 13 and mask_value(1) == 1 and mask_value(0) == 0


def test_eight_before_six():
    """Sevens as Wikipedia and many homes play it: "no card may be played on a seven until the
    eight is also played". Below a lone 7 nothing fits (and the refusal says why), above it
    the 8; once the 8 is down, the 6 and the 9. A rule of 7s: other openings play as without
    it (their starters' neighbours are not a 6 and an 8, and the 8 could be the one below)."""
    rules = preset("sevens").with_(up_first=1)
    g = Game(rules, 3)
    assert g.play(c("7D")) == R.OK and g.fits[DIAMONDS] == 1 << 7
    g = random_play_until(rules, lambda g: g.low[HEARTS] == g.high[HEARTS] == 6 and holds(g, g.turn, [c("6H")]))
    assert g.check(c("6H")) == R.EIGHT_FIRST and c("6H") not in g.legal_moves()
    g = random_play_until(rules, lambda g: g.low[HEARTS] == 6 and g.high[HEARTS] == 7)
    assert g.fits[HEARTS] == 1 << 5 | 1 << 8
    for key in ("five_or_nine", "domino", "play_or_pay"):
        r = preset(key)
        rng = Rng(5)
        for d in range(1, 10):
            g, h = Game(r, d, chips=[50] * r.players), Game(r.with_(up_first=1), d, chips=[50] * r.players)
            while not g.over:       # the same moves, and the same reasons for every refusal
                assert g.legal_moves() == h.legal_moves()
                assert [g.check(x) for x in range(53)] == [h.check(x) for x in range(53)], (key, d)
                a = g.legal_moves()[rng.below(len(g.legal_moves()))]
                g.play(a)
                h.play(a)
    for key in ("sevens", "parliament", "fan_tan"):            # whole deals: never down from a lone 7
        r = preset(key).with_(up_first=1)
        rng = Rng(5)
        for d in range(1, 40):
            g = Game(r, d, chips=[50] * r.players)
            while not g.over:
                moves = g.legal_moves()
                a = moves[rng.below(len(moves))]
                s = a // 13
                if a != PASS and g.table[s] and g.low[s] == g.high[s]:
                    assert a % 13 == (g.high[s] + 1) % 13, (key, d, a)
                g.play(a)


# ---- the rest of the rules -----------------------------------------
@pytest.mark.parametrize("key,low,high", [("fan_tan", 3, 5), ("five_or_nine", 3, 5), ("coventry", 3, 5),
                                          ("play_or_pay", 3, 5), ("domino", 3, 6), ("sevens", 4, 4),
                                          ("parliament", 3, 7)])
def test_each_rule_book_s_table_size(key, low, high):
    """000: "de trois à cinq"; 001: "3 à 6 joueurs"; 002: "jeden der vier Spieler"; 003:
    "De trois à sept". Outside its range a rule set refuses to deal."""
    r = preset(key)
    assert (r.min_players, r.max_players) == (low, high)
    for n in (low - 1, high + 1):
        with pytest.raises(ValueError):
            Match(r, 1, players=n)
    assert Match(r, 1, players=low).players == low and Match(r, 1, players=high).players == high


def test_seven_of_hearts_opener():
    rules = preset("parliament").with_(opener=SEVEN_OF_HEARTS)
    g = Game(rules, 8)
    assert g.legal_moves() == [c("7H")]


def test_all_52_cards_dealt_one_at_a_time_left_of_dealer_first():
    for n in range(3, 8):
        hands = deal_hands(123, n, 0, False)
        deck = bytearray(range(52))
        Rng(123).shuffle(deck)
        for i, x in enumerate(deck):
            seat = (1 + i) % n
            assert hands[seat * 4 + x // 13] >> (x % 13) & 1


def test_dealer_moves_one_seat_each_deal():
    m = Match(preset("sevens"), 1)
    first = m.dealer
    g = m.game
    while not g.over:
        g.play(g.legal_moves()[0])
    m.settle()
    m.next_deal()
    assert m.dealer == (first + 1) % 4 and m.deal_number == 2
    # deal numbers run on past 16 bits (the save keeps them): deal 65535's next is 65536,
    # and the new deal is that one's cards (a mutant wrapping to deal 1 passed)
    m = Match(preset("sevens"), 65535)
    finish(m)
    m.next_deal()
    assert m.deal_number == m.game.deal_number == 65536
    assert m.game.hands == deal_hands(65536, 4, m.dealer, False)


@pytest.mark.parametrize("key", ("domino", "fan_tan", "five_or_nine"))
def test_001_the_winner_may_deal_the_next_deal(key):
    """001: "C'est éventuellement à lui de battre les cartes et de distribuer pour une nouvelle
    manche": with winner_deals, each deal's winner deals the next, so the seat on their left
    opens a free opening and is dealt first; the seats the dealer takes are the winners'."""
    rules = preset(key).with_(winner_deals=1, players=5, chips=80, deals=0)
    m = Match(rules, 3)
    rng = Rng(2)
    dealers = []
    for _ in range(6):
        g = m.game
        assert g.dealer == m.dealer and g.dealt[(m.dealer + 1) % 5] == 11      # 52 = 11+11+10+10+10
        if rules.opener == LEFT_OF_DEALER:
            assert g.turn == (m.dealer + 1) % 5 or g.forced[(m.dealer + 1) % 5]
        while not g.over:
            moves = [x for x in g.legal_moves() if x != PASS] or [PASS]
            g.play(moves[rng.below(len(moves))])
        m.settle()
        assert not m.over
        m.next_deal()
        assert m.dealer == g.winner
        dealers.append(m.dealer)
    assert len(dealers) >= 3 and len(set(dealers)) > 1 and dealers != [
        (dealers[0] + i) % 5 for i in range(len(dealers))]


@pytest.mark.parametrize("key", ("sevens", "fan_tan"))
def test_after_a_deal_its_winner_leads_on_the_match_s_own_totals(key):
    """The standings are the chips in a chip game (not what each won or paid since the start)
    and the scores otherwise; after one deal its winner leads, with the most in a zero-sum
    match as in a chip game (mutants ranking zero-sum by the fewest points, or standing chip
    games by their scores, passed)."""
    m = Match(preset(key), 4)
    finish(m)
    chips = preset(key).scoring == CHIPS
    assert m.standings() == (m.chips if chips else m.scores)
    assert m.leaders() == [m.game.winner]


def test_chips_match_ends_when_someone_is_out_or_after_n_deals():
    rules = preset("fan_tan").with_(chips=5, deals=0)
    m = Match(rules, 1)
    rng = Rng(5)
    for _ in range(100):
        g = m.game
        play_out(g, rng)
        m.settle()
        assert sum(m.chips) == 5 * m.players
        if m.over:
            break
        m.next_deal()
    assert m.over and min(m.chips) == 0      # ended by the stack that ran out, not by deals
    m2 = Match(preset("fan_tan").with_(deals=2), 1)
    for i in range(2):
        g = m2.game
        while not g.over:
            g.play(g.legal_moves()[0])
        m2.settle()
        if i == 0:
            assert not m2.over or min(m2.chips) == 0
            if not m2.over:
                m2.next_deal()
    assert m2.over


def test_a_match_is_over_only_once_a_deal_is_settled_and_then_deals_no_more():
    """A match with the last seat dealing first (no ceremony: seat 0 is dealt first and sits left
    of the dealer) is not over before or during its first deal, which settles once it is over,
    and once only; a chip left still plays on, an empty stack ends it (two emptied by one deal:
    both, as the standings' "out of chips" line names them; a mutant named the first only), and
    a match over deals no more."""
    m = Match(preset("fan_tan").with_(ceremony=0, deals=0), 4)
    assert m.dealer == 3 and not m.over
    g = m.game
    g.play(g.legal_moves()[0])
    assert not m.over
    with pytest.raises(ValueError):
        m.settle()                          # the deal is not over
    with pytest.raises(ValueError):
        m.next_deal()                       # nor dealt again before it is (a mutant allowed it)
    assert m.game is g and m.deal_number == 4
    delta = finish(m)
    chips = m.chips[:]
    assert m.settle() == delta and m.chips == chips and m.deals == 1     # scored once
    m.chips[:] = [1, 2, 3, sum(m.chips) - 6]
    assert m.enders() == [] and not m.over
    m.chips[0:2] = [0, 3]
    assert m.enders() == [0] and m.over
    m.chips[2] = 0
    assert m.enders() == [0, 2] and m.over
    with pytest.raises(ValueError):
        m.next_deal()
    sevens = Match(preset("sevens"), 4)
    finish(sevens)
    assert sevens.enders() == [] and not sevens.over        # only its 4 deals end it


@pytest.mark.parametrize("key", PRESETS)
def test_presets_are_valid_values_and_round_trip(key):
    r = preset(key)
    assert r.problem() is None
    assert Rules.decode(r.encode()) == r
    assert r.with_(players=r.min_players) != r or r.players == r.min_players


def test_every_rule_field_survives_encode_and_decode():
    """No preset sets the last fields (the winner dealing, 001), so a decode that dropped one
    would pass the presets' round trip while a saved match came back with another dealer."""
    r = preset("domino").with_(winner_deals=1, up_first=1, ace_high=1, penalty=PIPS, target=57)
    assert r.problem() is None
    back = Rules.decode(r.encode())
    assert back == r and back.winner_deals == 1


def test_invalid_rule_combinations_are_explained():
    assert "free opening" in Rules(opening=FIVE_OR_NINE).problem()
    assert "free opening" in Rules(opening=ANY_RANK).problem()     # the 7 of diamonds fixes the rank
    assert "chip" in Rules(strategic_pass=1).problem()
    assert "Coventry" in Rules(coventry=1).problem()
    for opening in (SEVENS, FIVE_OR_NINE, PLAY_OR_PAY):    # 000 gives the bonus to any-rank only
        assert "Coventry" in preset("coventry").with_(opening=opening).problem()
    assert "deals" in preset("domino").with_(scoring=ZERO_SUM).problem()   # it would never end
    assert "target" in preset("parliament").with_(target=9).problem()     # a race of at least 10
    assert preset("parliament").with_(target=10).problem() is None
    with pytest.raises(ValueError):
        Rules.decode(bytes([4, 3, 7, 1, 38]))
    with pytest.raises(ValueError):
        Rules(colour=1)
    # a field is a whole number (the save format holds one byte a field): 4.0 players is none
    assert Rules(players=4.0).problem() == "players out of range"
    assert Rules(target=99.5).problem() == "target out of range"


@pytest.mark.parametrize("rules, players, why", [
    (preset("fan_tan").with_(pass_pot=1), None, "costs 2 or more"),
    (preset("fan_tan").with_(coventry=1), None, "Coventry"),
    (preset("sevens"), 5, "players"),
])
def test_a_match_refuses_rules_no_deal_can_play_with_the_reason(rules, players, why):
    """The README's promise: a Match refuses what Rules.problem() names, with that reason (it
    checked only the table size, and a Coventry bonus on sevens openings played whole deals)."""
    with pytest.raises(ValueError, match=why):
        Match(rules, 1, players)


def test_seat_0_out_of_turn_is_refused():
    """Seat 0 (the badge's own player) acting on another's turn is refused like any seat, with
    the move the player to act could make (a mutant checking seats above 0 only passed)."""
    g = deal_where(preset("sevens"), lambda g: g.turn != 0)
    x = g.legal_moves()[0]
    before = (bytes(g.log), list(g.hands), g.turn)
    assert g.check(x, 0) == g.play(x, 0) == R.NOT_YOUR_TURN
    assert (bytes(g.log), list(g.hands), g.turn) == before
    assert g.play(x, g.turn) == R.OK


def test_what_is_not_a_card_is_refused_with_a_reason():
    g = Game(preset("sevens"), 3)
    before = (bytes(g.log), list(g.hands), g.turn)
    for action in ("7D", None, 6.0, [6], -1, 53):
        assert g.play(action) == R.NOT_A_CARD, action
    assert (bytes(g.log), list(g.hands), g.turn) == before


@pytest.mark.parametrize("key", ("sevens", "fan_tan", "coventry"))
def test_a_deal_over_refuses_every_action_and_changes_nothing(key):
    """Once a player is out the deal is over: a pass, a card still in a loser's hand or a card
    on the table is refused as "the deal is over", from the winner's seat or any other, and no
    chip, card or turn moves (a mutant that took the pass charged its chip, then found nobody
    to move)."""
    r = preset(key)
    g = Game(r, 7, chips=[50] * r.players)
    rng = Rng(7)
    play_out(g, rng)
    left = [x for x in range(52) if g.holder(x) >= 0][0]
    before = (bytes(g.log), g.hands[:], g.chips[:], g.pot, g.turn, g.passes[:], g.bonus)
    for action in (PASS, left, g.log[0]):
        for seat in (-1, g.winner, g.holder(left)):
            assert g.check(action, seat) == g.play(action, seat) == R.DEAL_OVER, (action, seat)
    assert (bytes(g.log), g.hands[:], g.chips[:], g.pot, g.turn, g.passes[:], g.bonus) == before
    assert g.legal_moves() == [] and not g.can_play()


def test_every_reason_has_a_text():
    codes = [getattr(R, k) for k in dir(R) if k.isupper()]
    assert sorted(codes) == list(range(len(REASONS)))


def test_each_reason_code_has_its_own_text():
    """The English text of a code says that refusal (the table shows it; tools.tournament names
    an illegal bot move with it), not its neighbour's."""
    words = {R.OK: "ok", R.NOT_YOUR_TURN: "not your turn", R.NOT_IN_HAND: "do not hold",
             R.NEEDS_STARTER: "starter", R.NOT_AT_END: "neither end", R.OPENER_FIRST: "opening card",
             R.FINISH_SUIT: "finish", R.MUST_PLAY: "cannot pass", R.NO_CHIPS: "chips",
             R.DEAL_OVER: "deal is over", R.BONUS_OTHER_ROW: "bonus", R.NOT_A_CARD: "not a card",
             R.EIGHT_FIRST: "the 8 goes before the 6"}
    assert sorted(words) == sorted(getattr(R, k) for k in dir(R) if k.isupper())
    for code, word in words.items():
        assert word in REASONS[code][0].lower(), (code, REASONS[code])


def test_card_names():
    assert name(c("10H")) == "10\u2665" and name(c("AS")) == "A\u2660"


@pytest.mark.parametrize("seat", range(4))
def test_001_reaching_the_race_target_exactly_ends_the_match(seat):
    """001: the match stops when a player "atteint 100 points": exactly 100 is enough (here in
    Parliament, 003, which races to 100 the same way), whoever reaches it, the last seat too
    (a mutant looking at every seat but the last passed)."""
    m = Match(preset("parliament"), 5)
    g = m.game
    while not g.over:
        g.play(g.legal_moves()[0])
    pen = g.penalties()
    assert pen[seat] or seat == g.winner
    m.scores[seat] = m.rules.target - pen[seat]
    m.settle()
    assert m.scores[seat] == m.rules.target
    assert m.over and m.enders() == [seat]


def test_the_holder_of_the_opening_card_cannot_pay_to_pass():
    """Sevens with chips and paid passes (New game reaches it) still opens with the 7D."""
    base = preset("sevens")
    over = override(base, {}, "scoring", CHIPS)
    over = override(base, over, "strategic_pass", 1)
    rules = base.with_(**over)
    assert rules.strategic_pass and rules.scoring == CHIPS and rules.opener != LEFT_OF_DEALER
    g = Game(rules, 9, chips=[20] * 4)
    assert g.check(PASS) == R.MUST_PLAY
    assert g.legal_moves() == [rules.opener]


def test_000_coventry_bonus_may_be_declined_without_paid_passes():
    rules = preset("coventry").with_(scoring=RACE, strategic_pass=0)
    assert rules.problem() is None
    g = random_play_until(rules, lambda g: g.bonus >= 0)
    p, starter, passes = g.turn, g.last[g.turn], g.passes[g.turn]
    assert PASS in g.legal_moves() and g.play(PASS) == R.OK
    # no pass: the player's last move is still the 4th starter (the table shows it, not "pass")
    assert g.passes[p] == passes and g.last[p] == starter == g.log[-2]


@pytest.mark.parametrize("start,inside,outside", [(0, 1, 12), (12, 11, 0)])
def test_000_a_row_started_at_its_end_has_no_gate_beyond_it(start, inside, outside):
    """Coventry opened on aces or on kings (ace low: the ends of a row): a paid pass keeping
    such a starter pays the holder of its one neighbour in the row (the 2, the queen), never
    the holder of the card across the end (the king, the ace)."""
    rules = preset("coventry")
    assert not rules.ace_high

    def kept(g):
        p = g.turn
        return [s for s in range(4) if not g.table[s] and g.hands[p * 4 + s] >> start & 1]

    def pos(g):
        if g.start != start or g.bonus >= 0 or g.check(PASS) != R.OK or not g.can_play():
            return False
        return any(g.holder(card(s, outside)) not in (g.turn, g.holder(card(s, inside)))
                   for s in kept(g))
    g = random_play_until(rules, pos, deals=3000)
    want = sorted({(g.holder(card(s, inside)), rules.gate_penalty) for s in kept(g)
                   if g.holder(card(s, inside)) not in (g.turn, -1)})
    assert sorted(g.pass_cost()[1]) == want


@pytest.mark.parametrize("opened, kept, gates", [
    (["KH", "KD", "KC"], ["KS", "AH"], ["QS", "AS"]),      # a king: the queen and the ace above it
    (["AS", "AD", "AC"], ["AH", "KS"], ["KH"]),            # the ace: its king alone, no 2 beyond
])
def test_ace_high_rows_pay_the_gates_on_either_side_of_the_starter(opened, kept, gates):
    """Coventry with the ace high (rows 2..A, as 002 has them): a paid pass keeping a king
    pays the holders of its queen and of its ace, one keeping an ace the holder of its king
    only, each seat once. The passer holds the other suit's ace (or king) next to the row, so
    a price that slid into the next suit (the A♥ past the K♠, the K♠ below the A♥) would
    leave a gate out (mutants counting ranks past 12 or below 0 passed)."""
    g = rigged(preset("coventry").with_(ace_high=1), [opened, kept] + [[x] for x in gates])
    assert g.play(c(opened[0])) == R.OK
    p = g.turn
    assert g.check(PASS) == R.OK and g.can_play() and g.bonus < 0
    want = [((p + 1 + i) % 4, 3) for i in range(len(gates))]
    assert g.pass_cost() == (3, want) and g.pass_total() == 3 + 3 * len(gates)
    assert g.pass_total(p, LEAST) == g.pass_total(p, MOST) - (len(gates) - 1) * 3


def test_a_paid_pass_counts_as_a_pass_not_a_forced_one():
    g = random_play_until(preset("fan_tan"), lambda g: g.can_play() and g.bonus < 0
                          and g.check(PASS) == R.OK and g.last[g.turn] != PASS)
    p = g.turn
    passes, forced = g.passes[p], g.forced[p]
    assert g.play(PASS) == R.OK
    assert g.passes[p] == passes + 1 and g.forced[p] == forced
    assert g.last[p] == PASS            # the table shows the pass, not the card before it


@pytest.mark.parametrize("key, ends", [("sevens", (1, 0)), ("parliament", (0, 12)), ("domino", (0, 12)),
                                       ("fan_tan", (0, 12))])
def test_a_completed_row_ends_at_its_bottom_and_top(key, ends):
    """Rows run 2..A where the ace is high (002: "Die 2 und das Ass sind die beiden Endpunkte"),
    A..K where it is low (001: "l'As étant la carte la plus basse"; 003: "jusqu'au roi ...
    jusqu'à l'as"; 000: "jusqu'au Roi à partir du 8 et ... jusqu'à l'As à partir du 6")."""
    rules = preset(key)
    assert rules.bottom_top() == ends and rules.ace_high == (ends == (1, 0))
    bottom, top = ends
    rng = Rng(3)
    for d in range(1, 40):
        g = Game(rules, d, chips=[50] * rules.players)
        while not g.over:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
            for s in range(4):
                if g.table[s] == FULL:
                    assert (g.low[s], g.high[s]) == (bottom, top), (d, s)


def test_chip_scoring_back_brings_the_presets_paid_pass_back():
    """New game: Fan Tan's scoring set to a race drops its paid pass; chips again bring it back."""
    base = preset("fan_tan")
    away = override(base, {}, "scoring", RACE)
    assert base.with_(**away).strategic_pass == 0
    back = override(base, away, "scoring", CHIPS)
    assert base.with_(**back) == base


def test_a_number_of_deals_chosen_on_new_game_stays_when_another_option_changes():
    """New game: only a change of scoring brings its own number of deals; Fan Tan's 20 deals
    picked stay 20 when the penalty or the opening changes afterwards."""
    base = preset("fan_tan")
    over = override(base, {}, "deals", 20)
    for field, value in (("penalty", VALUES), ("opening", FIVE_OR_NINE), ("ace_high", 1)):
        over = override(base, over, field, value)
        assert base.with_(**over).deals == 20, field


def test_coventry_s_opening_changed_to_sevens_drops_its_bonus():
    """New game: the bonus is an any-rank rule (000's Coventry variant), so a 7s opening chosen
    for the Coventry preset plays with no bonus rather than being refused; any rank again
    brings the preset's bonus back."""
    base = preset("coventry")
    over = override(base, {}, "opening", SEVENS)
    assert over is not None
    r = base.with_(**over)
    assert r.opening == SEVENS and r.coventry == 0 and r.problem() is None
    assert base.with_(**override(base, over, "opening", ANY_RANK)) == base


@pytest.mark.parametrize("key", PRESETS)
def test_a_race_chosen_on_new_game_runs_to_its_target(key):
    """Issue 2: "Match to 100: losers add 1 per card. The match ends when someone reaches 100".
    New game offers a race for every preset and sets where it ends (25, 50 or 100), but a race
    chosen for Sevens kept its 4 deals and one for the chip games their 10: Sevens' "race to
    100" always ended after 4 deals, nobody much past 15 points. The preset's scoring again
    brings its number of deals back."""
    base = preset(key)
    over = override(base, {"target": 25}, "scoring", RACE)
    r = base.with_(**over)
    assert r.scoring == RACE and r.deals == 0
    m = Match(r, 3)
    while True:
        g = m.game
        while not g.over:
            g.play(g.legal_moves()[0])
        m.settle()
        if m.over:
            break
        m.next_deal()
    assert max(m.scores) >= 25
    if base.scoring != RACE:
        assert base.with_(**override(base, over, "scoring", base.scoring)) == base.with_(target=25)


@pytest.mark.parametrize("key", ("domino", "parliament"))
def test_a_zero_sum_match_chosen_for_a_race_plays_sevens_four_deals(key):
    """New game: a race runs to its target with no count of deals; zero-sum scoring chosen
    instead needs one, and takes Sevens' 4."""
    base = preset(key)
    r = base.with_(**override(base, {}, "scoring", ZERO_SUM))
    assert r.scoring == ZERO_SUM and r.deals == preset("sevens").deals == 4
    assert r.problem() is None


@pytest.mark.parametrize("key", CHIP_GAMES)
def test_000_in_every_variant_a_player_who_cannot_play_pays_a_chip(key):
    """"Dans chacune de ces variantes, un joueur qui passe dépose un jeton": each forced pass
    puts one chip in the pot (all a player has left, if less); a card laid moves no chip."""
    rng = Rng(11)
    passes = 0
    for d in range(1, 30):
        g = Game(preset(key), d, chips=[50] * 4)
        while not g.over:
            chips, pot, forced = g.chips[:], g.pot, g.forced[:]
            moves = [x for x in g.legal_moves() if x != PASS] or [PASS]
            g.play(moves[rng.below(len(moves))])
            paid = [min(g.forced[p] - forced[p], chips[p]) for p in range(4)]
            passes += sum(g.forced) - sum(forced)
            assert [chips[p] - g.chips[p] for p in range(4)] == paid and g.pot == pot + sum(paid)
    assert passes > 100


def test_000_a_pass_costs_one_chip_to_whoever_cannot_play():
    """The price the table shows for a pass: a player with no legal card pays 1 chip (000's
    forced pass) and no gate, whoever asks."""
    g = random_play_until(preset("fan_tan"), lambda g: g.bonus < 0 and any(
        not g.can_play(p) for p in range(g.players) if p != g.turn))
    p = [p for p in range(g.players) if p != g.turn and not g.can_play(p)][0]
    assert g.pass_cost(p) == (1, []) and g.pass_total(p) == 1


def test_a_paid_pass_after_a_race_brings_the_chip_game_s_number_of_deals_back():
    """New game: a race ends at its target only; turning the paid pass on scores in chips
    again, and a chip match ends after the preset's deals (or when a player has no chips)."""
    for key in ("fan_tan", "sevens"):
        base = preset(key)
        race = override(base, {}, "scoring", RACE)
        chips = base.with_(**override(base, race, "strategic_pass", 1))
        assert chips.scoring == CHIPS and chips.deals == base.deals


@pytest.mark.parametrize("key", PRESETS)
def test_a_paid_pass_turned_on_in_any_preset_costs_000_s_prices(key):
    """New game has no line for the prices of a paid pass: turned on in any preset (Sevens and
    Parliament through chip scoring), it costs what 000's irregularities say, 3 chips to the pot
    and 3 to each holder of the neighbours (README: "3 as in 000")."""
    base = preset(key)
    over = override(base, override(base, {}, "scoring", CHIPS), "strategic_pass", 1)
    r = base.with_(**over)
    assert r.strategic_pass and r.problem() is None
    assert (r.pass_pot, r.gate_penalty) == (3, 3)


@pytest.mark.parametrize("key", PRESETS)
def test_only_000_s_games_deal_face_up_to_a_jack(key):
    """000's ceremony (a card face up to each until a Jack picks the first dealer, a cut each
    deal) is Fan Tan's and its variants'; the other rule books just deal, seat 0 first (the last
    seat deals), the deck as shuffled: 001 has it cut too ("après les avoir battues et fait
    couper"), which changes no odds (the README says so)."""
    r = preset(key)
    assert r.ceremony == (key in CHIP_GAMES)
    m = Match(r, 77)
    jack = first_dealer(77, m.players)[0]
    assert jack != m.players - 1            # deal 77 tells the two apart
    assert m.dealer == (jack if key in CHIP_GAMES else m.players - 1)
    cut = deal_hands(77, m.players, m.dealer, True)
    assert (m.game.hands == cut) == (key in CHIP_GAMES)


@pytest.mark.parametrize("key", PRESETS)
def test_every_preset_passes_the_deal_one_seat_on(key):
    """No rule book's preset has the winner deal (001 only says he may, "éventuellement"): the
    next deal is dealt by the seat left of the dealer."""
    m = Match(preset(key), 1)
    first = m.dealer
    finish(m)
    assert not m.over
    m.next_deal()
    assert m.dealer == (first + 1) % m.players


def test_003_losers_count_a_point_per_card_unless_values_are_chosen():
    """003: "un par carte, ou leur valeur si vous préférez une partie plus longue": Parliament's
    penalty is a point a card (card values are New game's choice)."""
    rules = preset("parliament")
    assert rules.penalty == CARDS
    rng = Rng(1)
    worth_more = 0
    for d in range(1, 10):
        g = Game(rules, d, players=3)
        play_out(g, rng)
        assert g.penalties() == [0 if p == g.winner else g.counts[p] for p in range(3)]
        worth_more += any(holds(g, p, [x]) for p in range(3) for x in range(52) if x % 13)
    assert worth_more                         # a card left whose value would count more than 1


def test_001_domino_has_no_coventry_bonus():
    """001's French Domino fixes the rank as Coventry does, but has no bonus card: whoever lays
    the 4th starter ends the turn there."""
    rules = preset("domino")
    assert rules.coventry == 0
    rng = Rng(4)
    fourth = 0
    for d in range(1, 30):
        g = Game(rules, d)
        while not g.over:
            opened = g.opened
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
            assert g.bonus < 0, d
            fourth += opened == 3 and g.opened == 4 and g.can_play((g.turn - 1) % g.players)
    assert fourth, "a 4th starter laid by one who could have laid more"


def test_an_unknown_preset_is_refused():
    with pytest.raises(ValueError):
        preset("hearts")


# Each field's (lowest, highest): a table of 3 to 7 (003: "De trois à sept"), on/off flags, the
# kinds of opening, scoring and penalty, a pass costing at most 9, and the numbers a save's byte
# holds with room to spare (a race of at least 10, stacks of at least 5).
BOUNDS = [("players", 3, 7), ("min_players", 3, 7), ("max_players", 3, 7), ("opening", 0, 3),
          ("ace_high", 0, 1), ("coventry", 0, 1), ("strategic_pass", 0, 1), ("pass_pot", 0, 9),
          ("gate_penalty", 0, 9), ("scoring", 0, 2), ("penalty", 0, 2), ("target", 10, 250),
          ("chips", 5, 250), ("deals", 0, 250), ("ceremony", 0, 1), ("up_first", 0, 1),
          ("winner_deals", 0, 1)]


@pytest.mark.parametrize("field, low, high", BOUNDS)
def test_each_rule_is_refused_just_outside_its_range(field, low, high):
    """Rules.problem: the lowest and highest values of a field are in range, one less or one
    more is not (nor is 255, the opener's LEFT_OF_DEALER, for any other field)."""
    out = field + " out of range"
    for v in (low, high):
        assert Rules().with_(**{field: v}).problem() != out, v
    for v in (low - 1, high + 1, 255):
        assert Rules().with_(**{field: v}).problem() == out, v


def test_the_opener_is_a_card_or_left_of_the_dealer():
    """The opener is a card id (0-51; a seven, says the next check) or LEFT_OF_DEALER (255);
    nothing between, nor below."""
    assert Rules(opener=51).problem() == "the opening card must be a seven"     # the K♣: a card
    assert Rules(opener=0).problem() == "the opening card must be a seven"
    assert Rules(opener=card(CLUBS, 6)).problem() is None
    assert Rules(opener=LEFT_OF_DEALER).problem() is None
    for v in (-1, 52, 254):
        assert Rules(opener=v).problem() == "opener out of range", v
    assert [f for f, _, _ in BOUNDS] == [f for f in FIELDS if f != "opener"]


def test_rules_differing_in_any_field_are_different_rules():
    """Two rule sets are equal only when every field is: a match saved with the winner dealing
    is not Sevens."""
    r = preset("sevens")
    assert r == preset("sevens") and r != r.values()
    for f in FIELDS:
        assert r.with_(**{f: getattr(r, f) + 1}) != r, f


def test_rules_from_a_later_version_keep_the_fields_this_one_knows():
    """Rules.decode reads the fields it knows (a later version appends its new ones; New game's
    prefs record may hold such a set): the extra bytes are left, not an error."""
    r = preset("fan_tan").with_(deals=20)
    assert Rules.decode(r.encode() + bytes([1, 2])) == r


@pytest.mark.parametrize("key", PRESETS)
def test_every_opening_can_be_chosen_on_new_game_for_every_preset(key):
    """New game's opening line: a free opening chosen where a card opens brings the player left
    of the dealer with it (the 7♦ would fix the rank), whatever the preset."""
    base = preset(key)
    for opening in (SEVENS, FIVE_OR_NINE, ANY_RANK, PLAY_OR_PAY):
        over = override(base, {}, "opening", opening)
        assert over is not None, opening
        r = base.with_(**over)
        assert r.opening == opening and r.problem() is None
        assert r.opener == LEFT_OF_DEALER or opening in (SEVENS, PLAY_OR_PAY)


def test_a_paid_pass_turned_off_keeps_the_chips_it_brought():
    """"The paid pass never brings the preset's scoring back": Domino with a paid pass scores in
    chips, and turning the pass off again keeps the chips rather than racing again."""
    base = preset("domino")
    over = override(base, {}, "strategic_pass", 1)
    assert base.with_(**over).scoring == CHIPS
    r = base.with_(**override(base, over, "strategic_pass", 0))
    assert r.scoring == CHIPS and not r.strategic_pass


@pytest.mark.parametrize("key", ("sevens", "domino", "parliament"))
def test_a_paid_pass_turned_on_changes_the_scoring_and_nothing_else(key):
    """New game: the paid pass needs chip scoring and brings it (with its number of deals), but
    no other rule: the dealing stays the rule book's (no 000 face-up Jack ceremony), so the
    first dealer and every rule the player did not touch stay as the preset has them."""
    base = preset(key)
    over = override(base, {}, "strategic_pass", 1)
    changed = {f for f in FIELDS if getattr(base.with_(**over), f) != getattr(base, f)}
    assert changed <= {"strategic_pass", "scoring", "deals"} and "strategic_pass" in changed
    assert base.with_(**over).scoring == CHIPS


@pytest.mark.parametrize("key", ("domino", "parliament"))
def test_chips_chosen_for_a_race_play_until_someone_is_out(key):
    """New game: chip scoring brings the preset's number of deals, and a race has none, so a
    chip match made from Domino or Parliament has no deal limit (only zero-sum takes Sevens' 4)."""
    base = preset(key)
    r = base.with_(**override(base, {}, "scoring", CHIPS))
    assert r.scoring == CHIPS and r.deals == 0 and r.problem() is None
