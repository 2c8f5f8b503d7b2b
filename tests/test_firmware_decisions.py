"""Every kind of decision a player meets, through the buttons (found by QA of the decisions
and the Hint)."""
from engine.match import Match
from engine.rules import PRESETS, preset
from firmware import text
from firmware.table import TableScreen
from simhelp import Sim, new_game


def test_a_forced_pass_as_the_deal_begins_is_told():
    """Fan Tan and Five or Nine: the player left of the dealer opens; without a 7 (a 5 or 9)
    the engine passes them before anyone moves, for a chip. That pass was never told: the
    screen counted it as seen, so the player only saw P2 open and a chip gone."""
    for key in ("fan_tan", "five_or_nine"):
        for board in ("pimoroni_picosystem", "adafruit_macropad_rp2040", "lilygo_t_display_rp2040"):
            deals = [d for d in range(1, 200) if Match(preset(key), d, 4).game.forced[0]][:3]
            assert deals            # deals where you (seat 1) are passed at once
            for deal in deals:
                sim = Sim(board, seed=deal)
                new_game(sim, PRESETS.index(key))     # the bots play up to your first decision
                t = sim.screen
                assert isinstance(t, TableScreen) and t.g.deal_number == deal and not t.g.over
                told = [m for m in sim.messages if text.t("no_move_s") in m or text.t("no_move") in m]
                assert len(told) == t.g.forced[0], (key, board, deal, t.g.forced[0], sim.messages)
