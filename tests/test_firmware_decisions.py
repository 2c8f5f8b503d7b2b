"""Every kind of decision a player meets, through the buttons (found by QA of the decisions
and the Hint)."""
import pytest

from engine.match import Match
from engine.rules import PRESETS, preset
from firmware import text, ui
from firmware.table import DELAYS, TableScreen, sorted_hand
from simhelp import Sim, message, new_game, pick_preset, select_menu, shown_hand


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
                # with its price: a chip each, which your purse shows gone
                assert all(m.endswith(" -1") for m in told), told
                ante = 2 if t.g.dealt[0] < max(t.g.dealt) else 1
                assert t.g.chips[0] == t.m.start_chips[0] - ante - len(told)


@pytest.mark.parametrize("chips", (0, 1))
def test_a_forced_pass_is_told_with_the_chip_it_took(chips):
    """Fan Tan: a forced pass pays the pot a chip, but a player with none left pays nothing,
    and the notice says no price ("No move: you pass", not "... -1"). With one chip left the
    pot takes it, and the notice read no price either (it looked at the chips after the pass)."""
    for seed in range(1, 40):
        sim = Sim("pimoroni_picosystem", seed=seed)
        new_game(sim, PRESETS.index("fan_tan"))
        t = sim.screen
        g = t.g
        if g.forced[0]:
            continue                # passed before your first decision, with chips
        g.chips[0] = t.purse = chips    # as after paying all (but one) earlier in the deal
        seen = len(sim.messages)
        while not g.over and not g.forced[0] and g.chips[0] == chips:
            sim.play_legal()
        if g.forced[0] and g.chips[0] == 0:
            told = [m for m in sim.messages[seen:] if text.t("no_move_s") in m]
            assert told == [text.t("no_move") + (" -1" if chips else "")], told
            return
    pytest.fail("no deal with a forced pass of yours found")


def fan_tan_deal_13_begun_with(chips):
    """Fan Tan: deal 12 played out, then deal 13 dealt to you with that many chips (its ante
    still to pay); the sim and how many messages were said before deal 13."""
    sim = Sim(seed=12)
    new_game(sim, PRESETS.index("fan_tan"))
    g = sim.screen.g
    while not g.over:                           # deal 12, played out
        g.play(g.legal_moves()[0], g.turn)
    sim.settle()
    sim.app.match.chips[0] = chips              # as if it had left you so many
    seen = len(sim.messages)
    sim.press("OK")                             # the results, then the standings: deal 13
    sim.press("OK")
    return sim, seen


def test_a_forced_pass_as_a_deal_begins_after_the_ante_took_your_last_chip_is_told_free():
    """Fan Tan, deal 13 begun with one chip: the ante takes it, so the forced passes before
    your first decision pay nothing, and are told without a price (your chips are counted
    after the ante, not before it)."""
    sim, seen = fan_tan_deal_13_begun_with(1)
    t = sim.screen
    assert isinstance(t, TableScreen) and t.g.forced[0] and t.g.chips[0] == 0
    told = [m for m in sim.messages[seen:] if text.t("no_move_s") in m]
    assert told and all(m == text.t("no_move") for m in told), told


def test_a_forced_pass_as_a_deal_begins_that_takes_your_last_chip_is_told_with_it():
    """Fan Tan, deal 13 begun with two chips: the ante takes one and the forced pass as the deal
    begins the other, so it is told with its price (your chips are counted from the ante, not
    from after that pass, which left none); the next one, with no chip, free."""
    sim, seen = fan_tan_deal_13_begun_with(2)
    t = sim.screen
    assert isinstance(t, TableScreen) and t.g.forced[0] == 2 and t.g.chips[0] == 0
    told = [m for m in sim.messages[seen:] if text.t("no_move_s") in m]
    assert told == [text.t("no_move") + " -1", text.t("no_move")], told


def test_a_forced_pass_after_a_two_chip_ante_took_your_one_chip_is_told_free():
    """Fan Tan, three players: dealt a card fewer you ante two chips, and with one left the ante
    takes it and leaves none, not minus one; so the forced pass as the next deal begins pays
    nothing and is told without a price (your chips after the ante are never below none)."""
    sim = Sim(seed=3)
    new_game(sim, PRESETS.index("fan_tan"), players=3)
    g = sim.screen.g
    while not g.over:                           # deal 3, played out
        g.play(g.legal_moves()[0], g.turn)
    sim.settle()
    sim.app.match.chips[0] = 1                  # as if it had left you one chip
    seen = len(sim.messages)
    sim.press("OK")                             # the results, then the standings: deal 4
    sim.press("OK")
    t = sim.screen
    assert isinstance(t, TableScreen) and t.g.deal_number == 4
    assert t.g.ante(0) == 2 and t.g.forced[0] and t.g.chips[0] == 0
    told = [m for m in sim.messages[seen:] if text.t("no_move_s") in m]
    assert told and all(m == text.t("no_move") for m in told), told


def _hard_hints_a_pass(key):
    """A real match of preset key where Hard, on seat 1's view, would pass while able to play
    (Play or Pay: a paid pass; Coventry: declining the bonus card)."""
    from engine import bots
    from engine.game import PASS
    from engine.rng import Rng
    rng = Rng(5)
    for d in range(1, 300):
        m = Match(preset(key), d, 4)
        g = m.game
        while not g.over:
            if g.turn == 0 and g.can_play(0) and g.check(PASS, 0) == 0:
                seed = ((d & 0xFFFF) * 7919 + d * 131 + len(g.log)) & 0x3FFFFFFF
                if bots.choose(g.view(0), seed, bots.HARD) == PASS:
                    return m
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
    raise AssertionError("no position where Hard passes")


def test_a_hinted_pass_shows_whether_the_pass_is_selected(tmp_path):
    """A pass has no frame: the message says "\u25b6Pass -3" while it is selected. A hinted pass
    put the cursor on it and said "Hint: Pass -3", and said the same with the cursor on a card,
    so nothing on the screen told the player whether OK would pass or lay that card."""
    from engine.game import PASS
    from firmware.autosave import Saves, TABLE
    from hal.file_store import FileStore
    from simhelp import message
    for key in ("play_or_pay", "coventry"):
        m = _hard_hints_a_pass(key)
        for board in ("pimoroni_picosystem", "adafruit_macropad_rp2040"):
            folder = tmp_path / (key + board)
            Saves(FileStore(str(folder))).save_game(m, TABLE, 0, PRESETS.index(key), 2, [2] * 7)
            sim = Sim(board, data_dir=str(folder))
            sim.press("HINT")
            t = sim.screen
            assert t.hint_card == PASS and t.items[t.cursor] == PASS, (key, board)
            on_pass = message(t)
            assert text.t("hint") in on_pass, on_pass                 # the hint is said
            sim.press("LEFT")                                         # the cursor on a card
            assert t.items[t.cursor] != PASS
            assert message(t) != on_pass, (key, board, on_pass)


def auto_play_on(sim):
    """From a menu with a Settings line (the title's, the pause menu's): Settings' Auto-play
    turned on, with buttons only (it stays on the Settings page)."""
    select_menu(sim, "Settings")
    sim.press("OK")
    select_menu(sim, "Auto-play")
    sim.press("RIGHT")


@pytest.mark.parametrize("board", ("pimoroni_picosystem", "adafruit_macropad_rp2040", "pimoroni_badger2040"))
def test_auto_play_lays_your_only_card_and_leaves_you_every_choice(tmp_path, board):
    """Settings' Auto-play (off at first, saved at once) lays your one legal card at the bots'
    pace and says which, with no your-turn chime; every decision left to you has a choice."""
    sim = Sim(board, seed=5, data_dir=str(tmp_path))
    assert sim.app.settings["auto"] == 0
    auto_play_on(sim)
    assert sim.screen.items[sim.screen.sel][1]() == "on"
    assert Sim(board, data_dir=str(tmp_path / "..")).app.settings["auto"] == 0
    assert Sim(board, data_dir=str(tmp_path)).app.settings["auto"] == 1
    sim.press("BACK")
    chimes = []
    tone = sim.hal.tone
    sim.hal.tone = lambda f, ms: (chimes.append(f) if f == ui.YOUR_TURN[0] else None, tone(f, ms))
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    g = t.g
    asked = 0
    while not g.over:
        assert t.my_turn() and len(g.legal_moves()) > 1
        sim.play_legal()
        asked += 1
    said = [m for m in sim.messages if m.startswith("Auto-play: ")]
    assert said and len(said) + asked == g.dealt[0] - g.counts[0], (said, asked)
    assert len(chimes) == asked
    played = set(sorted_hand(Match(preset("sevens"), g.deal_number, 4).game, 0)) - set(sorted_hand(g, 0))
    assert set(said) <= set("Auto-play: " + text.card_name(c) for c in played)


def _at_an_auto_play_turn(key="sevens", seed=5, card=-1):
    """A deal with Auto-play on (Sevens, 5), played on to the first turn it will play for you
    (that lays `card`, where given)."""
    sim = Sim(seed=seed)
    sim.app.settings["auto"] = 1
    new_game(sim, PRESETS.index(key))
    t = sim.screen
    g = t.g
    while t.lone() < 0 or card >= 0 and t.lone() != card:
        if t.my_turn():
            sim.play_legal(settle=False)
        sim.tick()
    return sim, t, g


@pytest.mark.parametrize("key,seed,card", [("sevens", 5, -1), ("parliament", 8, 0)])
def test_a_key_on_a_turn_auto_play_lays_hurries_as_on_the_bots_turns(key, seed, card):
    """The card Auto-play is about to lay is framed, the only one bright, and named (the A\u2660
    too, card 0). The turn is not
    yours to decide: LEFT/RIGHT move nothing, they hurry the bots, and the
    hurry lasts through the card Auto-play lays, which is saved at once (a power cut replays
    nothing)."""
    sim, t, g = _at_an_auto_play_turn(key, seed, card)
    cursor, card, n = t.cursor, t.lone(), len(g.log)
    assert t.items[cursor] == card and [c for c, dim in shown_hand(t) if not dim] == [card]
    assert message(t) == "Auto-play: " + text.card_name(card)      # said before it is laid
    sim.press("RIGHT", settle=False)
    assert (t.cursor, t.fast) == (cursor, True)
    while g.turn == t.me:
        sim.tick()
    assert g.log[n] == card and t.fast
    assert sim.app.saves.load_game()[0].match.game.log == g.log     # saved as your decisions are


def test_the_pause_menu_offers_a_hint_only_on_a_turn_you_decide():
    """On a turn Auto-play lays your one card there is nothing to hint: the pause menu has no
    Hint line then (it had, and the hint named the card Auto-play was laying anyway). On each
    turn you decide it is there."""
    sim = Sim(seed=5)
    sim.app.settings["auto"] = 1
    new_game(sim, PRESETS.index("sevens"))
    seen = {}
    while isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
        t = sim.screen
        if t.g.turn == t.me and len(t.g.log) not in seen:
            decide = seen[len(t.g.log)] = t.my_turn()
            sim.press("MENU", settle=False)
            assert sim.screen.title == text.t("paused")
            lines = [sim.screen.item_text(i) for i in sim.screen.items]
            assert (text.t("hint") in lines) == decide, (decide, lines)
            sim.press("BACK", settle=False)         # the table again, as it was
            if decide:
                sim.play_legal(settle=False)
        sim.tick()
    assert set(seen.values()) == {True, False}, seen


def test_the_card_auto_play_lays_leaves_the_hand_and_lands_on_its_row_at_once():
    """Auto-play waits the bots' pace before it lays your one card; the table then shows it on
    its row and out of your hand in the same moment, not only once the next bot has moved; the
    next move ends its message."""
    sim, t, g = _at_an_auto_play_turn()
    card, n, since = t.lone(), len(g.log), sim.hal.clock
    assert card in [c for c, dim in shown_hand(t)]
    while len(g.log) == n:
        sim.tick()
    assert sim.hal.clock - since >= DELAYS[sim.app.settings["speed"]]     # at the bots' pace
    assert g.log[n] == card and len(g.log) == n + 1       # no bot has moved yet
    assert card not in [c for c, dim in shown_hand(t)]
    bottom = 1 if g.rules.ace_high else 0
    assert t.rows[1 + (card % 13 - bottom) % 13, card // 13] == ui.rank_tile(card)
    assert message(t) == "Auto-play: " + text.card_name(card)
    while len(g.log) == n + 1:
        sim.tick()
    assert message(t) != "Auto-play: " + text.card_name(card)       # said until the next move


def test_auto_play_s_opening_card_waits_the_bots_pace_after_the_deal():
    """Where you open with your one legal card (Sevens: the 7\u2666) and Auto-play is on, the
    deal's animation ends and the card is laid at the bots' pace after it, not the moment the
    last card lands."""
    for seed in range(1, 40):
        sim = Sim(seed=seed)
        sim.app.settings["auto"] = 1
        pick_preset(sim, PRESETS.index("sevens"))
        select_menu(sim, "Start")
        sim.press("OK", settle=False)
        t = sim.screen
        if t.g.turn == t.me and len(t.g.legal_moves()) == 1:
            break
    else:
        raise AssertionError("no seed where you open")
    g = t.g
    card = g.legal_moves()[0]
    assert t.dealing and not g.log
    while t.dealing:
        sim.tick()
    dealt = sim.hal.clock
    while not g.log:
        sim.tick()
    assert g.log[0] == card and sim.hal.clock - dealt >= DELAYS[sim.app.settings["speed"]]


def _auto_play_keeps_your_turn(key):
    """A real match of preset key without paid passes (so a turn with one card to lay is one
    Auto-play lays), at seat 0's turn: its one legal card is a suit's 13th, and its layer starts
    the next suit (Play or Pay); and the same match one move earlier, a bot's move that was
    the only one it had (so the simulator's bot makes it too)."""
    from engine import save
    from engine.rng import Rng
    rules = preset(key).with_(strategic_pass=0)
    rng = Rng(3)
    for d in range(1, 400):
        m = Match(rules, d, 4)
        g = m.game
        before = None
        while not g.over:
            moves = g.legal_moves()
            if g.turn == 0 and len(moves) == 1 and before is not None:
                after = save.decode(save.encode(m))[0].game
                after.play(moves[0])
                if not after.over and after.turn == 0 and after.table[moves[0] // 13] == 0x1FFF:
                    return m, save.decode(before)[0]
            before = save.encode(m) if g.turn != 0 and len(moves) == 1 else None
            g.play(moves[rng.below(len(moves))])
    raise AssertionError("no such position")


def test_after_auto_play_lays_a_suit_s_13th_card_the_table_says_you_start_the_next(tmp_path):
    """Play or Pay without paid passes: Auto-play lays your one card, the suit's 13th, and the
    next decision is yours, to start any suit. The message line kept "Auto-play: K\u2666" (it said
    the card laid until a bot moved, and no bot moves before you), where a card you lay
    yourself is followed by "Start any suit"."""
    from firmware.autosave import Saves, TABLE
    from hal.file_store import FileStore
    m = _auto_play_keeps_your_turn("play_or_pay")[0]
    Saves(FileStore(str(tmp_path))).save_game(m, TABLE, 0, PRESETS.index("play_or_pay"), 0, [0] * 7)
    sim = Sim(data_dir=str(tmp_path))
    sim.press("MENU")                   # Auto-play on, from the pause menu's Settings
    auto_play_on(sim)
    sim.press("BACK")
    select_menu(sim, "Resume")
    n = len(sim.app.match.game.log)
    sim.press("OK")                     # Auto-play lays the card, at the bots' pace
    t = sim.screen
    g = t.g
    assert t.my_turn() and g.current < 0 and len(g.log) == n + 1 and g.table[g.log[n] // 13] == 0x1FFF
    assert message(t) == text.t("any_suit"), message(t)


def test_an_ok_that_hurried_auto_play_does_not_lay_the_card_of_the_decision_after_it(tmp_path):
    """After a hurry, OK lays nothing for READ_MS of your turn (an OK pressed to hurry must not
    also lay the card under the cursor before you see it). Auto-play's 13th card of a suit in
    Play or Pay leaves the next decision with you, with no bot move between: that turn began
    without the wait, so a second OK of the hurry laid a card at once."""
    from firmware.autosave import Saves, TABLE
    from firmware.screens import READ_MS
    from hal.file_store import FileStore
    m = _auto_play_keeps_your_turn("play_or_pay")[1]     # the bot's move before it
    Saves(FileStore(str(tmp_path))).save_game(m, TABLE, 0, PRESETS.index("play_or_pay"), 0, [0] * 7)
    sim = Sim(data_dir=str(tmp_path))
    sim.app.settings["auto"] = 1        # (Settings' Auto-play: the test above goes there)
    t = sim.screen
    g = t.g
    n = len(g.log) + 1
    while len(g.log) < n:               # the bot's move; then Auto-play waits the bots' pace
        sim.tick()
    assert g.turn == t.me and t.lone() >= 0
    sim.press("OK", settle=False)       # hurries Auto-play's card: its wait ends at once
    assert t.fast
    while len(g.log) == n:
        sim.tick()
    assert t.my_turn()
    sim.press("OK", settle=False)       # the hurry's second OK, as the decision begins
    assert len(g.log) == n + 1, "an OK of the hurry laid a card"
    sim.hal.clock += READ_MS
    sim.press("OK", settle=False)       # once the decision has been seen, OK lays the card
    assert len(g.log) == n + 2
