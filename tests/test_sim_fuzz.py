"""Button mashing: 5,000 random presses per layout never raise, and the game stays sound."""
import random

import pytest

from simhelp import Sim, LAYOUT_BOARDS, TableScreen, shown_hand
from engine.rules import CHIPS
from engine.cards import popcount
from engine import reasons as R
from firmware import text

PRESSES = 5000


def check_invariants(sim):
    scr = sim.screen
    if not isinstance(scr, TableScreen):
        return
    g = scr.g
    m = sim.app.match
    held = 0
    for p in range(g.players):
        h = g.hand(p)
        for s in range(4):
            assert not h[s] & g.table[s]
        held += g.counts[p]
    assert held + sum(popcount(x) for x in g.table) == 52
    assert 0 <= g.turn < g.players
    if m.rules.scoring == CHIPS and m.result is None:
        assert sum(g.chips) + g.pot == sum(m.start_chips)
        assert min(g.chips) >= 0
    if not g.over and g.turn == scr.me and not scr.dealing and scr.items:
        for card, dim in shown_hand(scr):
            assert dim == (g.check(card, scr.me) != R.OK)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_button_mashing(board):
    rnd = random.Random(board)
    sim = Sim(board, seed=rnd.randrange(1, 9999))
    sim.app.settings["auto"] = LAYOUT_BOARDS.index(board) % 2     # Auto-play on half the boards
    deals_seen = set()
    at_table = 0
    try:
        for i in range(PRESSES):
            b = rnd.randrange(8)
            if b == 6 and rnd.random() < 0.7:   # MENU less often, so deals get played
                b = 4
            sim.hal.inject(b)
            sim.tick(rnd.choice((0, 10, 50, 120, 400)))
            check_invariants(sim)
            if isinstance(sim.screen, TableScreen):
                at_table += 1
                deals_seen.add((id(sim.app.match), sim.screen.g.deal_number))
            if i % 500 == 0:
                sim.render()
        sim.render()
    finally:
        text.set_lang(0)
    assert deals_seen, "the mashing never reached the table"
    assert at_table > PRESSES // 5, at_table
