"""E-ink at the game table (issue 4): one refresh after the bots, at most one per human turn,
and OK on a stale panel shows the selection before playing it. Colour boards are unchanged."""
import pytest

from simhelp import Sim, message, new_game, TableScreen
from engine.rules import PRESETS
from engine.game import PASS
from engine import reasons as R
from firmware import text
from firmware.app import _EINK_SETTLE_MS
from firmware.table import sorted_hand, card_name
from hal.desktop import EINK_REST_MS

PAUSE_MS = _EINK_SETTLE_MS + 200      # the player stops and looks


def refresh_log(sim):
    """Record each panel refresh that happened: True when OK asked for it, False when automatic."""
    events = []
    real = sim.hal.refresh

    def refresh():
        asked = bool(getattr(sim.app.screen, "asked", False))
        done = real()
        if done:
            events.append(asked)
        return done
    sim.hal.refresh = refresh
    return events


def panel_log(sim, what, rest_ms=0):
    """Record what() at each panel refresh; with rest_ms the panel rests that long between
    refreshes (as hal.circuitpython's while time_to_refresh > 0). Returns (records, last):
    last[0] is the clock at the latest refresh."""
    shown = []
    last = [-10 ** 6]
    real = sim.hal.refresh

    def refresh():
        if sim.hal.clock - last[0] < rest_ms:
            return False
        last[0] = sim.hal.clock
        shown.append(what())
        return real()
    sim.hal.refresh = refresh
    return shown, last


def read_and_play(sim, last):
    """The player reads the panel (1.3 s after its latest refresh, last[0] from panel_log), then
    lays the first legal card, or confirms a paid pass the table asks again for."""
    t = sim.screen
    while sim.app.stale() or sim.hal.clock - last[0] < 1300:
        sim.tick()
    if message(t).endswith(text.ok("ok_again")):
        press(sim, "OK")
    else:
        while t.cursor != sim.legal_index():
            press(sim, "RIGHT")
        press(sim, "OK")


def wait(sim, ms):
    end = sim.hal.clock + ms
    while sim.hal.clock < end:
        sim.tick()              # on e-ink each tick also renders, as App.run does


def press(sim, name):
    sim.press(name, settle=False)


def bots_then_settle(sim):
    """Run the bots (or the deal animation) until the human decides or the deal ends, then pause."""
    for _ in range(20000):
        if not sim.app.busy() or sim.screen.g.over:
            break
        sim.tick()
    wait(sim, PAUSE_MS)


def table_at_first_decision(board, seed):
    sim = Sim(board, seed=seed)
    new_game(sim, PRESETS.index("parliament"))
    events = refresh_log(sim)
    bots_then_settle(sim)
    t = sim.screen
    assert t.my_turn() and len(t.items) >= 3
    return sim, t, events


# each e-ink panel: (board, its rest between refreshes in ms: CircuitPython's seconds_per_frame)
PANELS = tuple((b, EINK_REST_MS[b]) for b in ("pimoroni_badger2040", "pimoroni_badger2350"))


@pytest.mark.parametrize("board", [b for b, _ in PANELS])
@pytest.mark.parametrize("auto", (0, 1))
def test_eink_whole_deal_refreshes_once_after_the_bots_and_at_most_once_per_turn(auto, board):
    """(With Auto-play on, the cards it lays go with the bots' run: no refresh of their own.)"""
    sim = Sim(board, seed=11)
    sim.app.settings["auto"] = auto
    new_game(sim, PRESETS.index("parliament"))
    events = refresh_log(sim)
    t = sim.screen
    g = t.g
    after_bots = []          # automatic refreshes for each bot run (or the deal), until settled
    per_turn = []            # automatic refreshes during each human turn
    asked = 0
    while True:
        start = len(events)
        bots_then_settle(sim)
        after_bots.append(events[start:].count(False))
        if g.over:
            break
        start = len(events)
        moves = len(g.log)
        assert not auto or len(g.legal_moves()) > 1
        # look around: right, pause, left, pause, then to a legal action with a pause each step
        for name in ("RIGHT", "LEFT"):
            press(sim, name)
            wait(sim, PAUSE_MS)
        target = sim.legal_index()
        while t.cursor != target:
            press(sim, "RIGHT")
            wait(sim, PAUSE_MS)
        press(sim, "OK")
        if len(g.log) == moves:              # the panel was stale: shown now, not played
            assert message(t).endswith(text.ok("ok_again"))
            assert events[-1] is True and not sim.app.dirty
            asked += 1
            press(sim, "OK")
        assert len(g.log) > moves
        per_turn.append(events[start:].count(False))
    assert isinstance(sim.screen, TableScreen) and len(per_turn) >= 5
    assert after_bots == [1] * len(after_bots)           # exactly one after each bot run
    assert max(per_turn) <= 1
    assert asked >= 1                                    # the long walks left the panel stale
    assert len(events) == sum(after_bots) + sum(per_turn) + asked


def test_eink_ok_on_a_stale_panel_shows_the_selection_first():
    sim, t, events = table_at_first_decision("pimoroni_badger2040", 11)
    g = t.g
    app = sim.app
    target = sim.legal_index()
    first = "LEFT" if (t.cursor + 1) % len(t.items) == target else "RIGHT"
    before = len(events)
    press(sim, first)
    wait(sim, PAUSE_MS)
    assert len(events) == before + 1                  # the turn's one automatic refresh
    while t.cursor != target:
        press(sim, "RIGHT")
    wait(sim, PAUSE_MS)
    assert len(events) == before + 1 and app.dirty     # settled again: stale, no refresh
    hand = sorted_hand(g, t.me)
    rows = list(g.table)
    moves = len(g.log)
    press(sim, "OK")
    assert sorted_hand(g, t.me) == hand and list(g.table) == rows and len(g.log) == moves
    assert len(events) == before + 2 and events[-1] is True and not app.dirty
    action = t.items[target]                              # named, a pass with its cost
    what = t._pass_text() if action == PASS else card_name(action)
    assert message(t) == "\u25b6" + what + " \u00b7 " + text.ok("ok_again")
    press(sim, "OK")
    assert len(g.log) == moves + 1 and g.log[-1] == action
    if action != PASS:
        assert action not in sorted_hand(g, t.me)


def test_eink_a_key_pressed_before_the_turns_refresh_is_shown_by_that_refresh():
    """A key pressed as your decision begins, before the panel has settled: the turn's one
    automatic refresh shows it, so a key after it waits for OK as after any shown input."""
    sim = Sim("pimoroni_badger2040", seed=11)
    new_game(sim, PRESETS.index("parliament"))      # your decision has just begun
    events = refresh_log(sim)
    assert sim.screen.my_turn() and sim.app.dirty
    press(sim, "RIGHT")
    wait(sim, PAUSE_MS)
    assert events == [False] and not sim.app.dirty
    press(sim, "RIGHT")
    wait(sim, PAUSE_MS)
    assert events == [False] and sim.app.dirty


def test_eink_ok_that_only_shows_the_selection_leaves_the_turn_s_refresh_for_your_keys():
    """OK on a panel still stale as your decision begins only shows the selection (its own
    refresh, asked for): it is no input of yours, so a key after it still gets the turn's one
    automatic refresh, as a key pressed first would."""
    sim = Sim("pimoroni_badger2040", seed=11)
    new_game(sim, PRESETS.index("parliament"))      # your decision has just begun
    events = refresh_log(sim)
    t = sim.screen
    moves = len(t.g.log)
    assert t.my_turn() and sim.app.dirty
    press(sim, "OK")
    assert len(t.g.log) == moves and message(t).endswith(text.ok("ok_again"))
    assert events == [True] and not sim.app.dirty
    press(sim, "RIGHT")
    wait(sim, PAUSE_MS)
    assert events == [True, False] and not sim.app.dirty


@pytest.mark.parametrize("settled", [True, False])
def test_eink_illegal_card_shows_the_reason_at_once(settled):
    """Also on a stale panel: a card the deal refuses is not first shown to be confirmed
    ("OK again"), which cost a refresh and a press before the reason (found by QA)."""
    sim, t, events = table_at_first_decision("pimoroni_badger2040", 11)
    g = t.g
    bad = [i for i in range(len(t.items)) if t.items[i] != PASS and g.check(t.items[i], t.me) != R.OK]
    assert bad
    while t.cursor != bad[0]:
        press(sim, "RIGHT")
    if settled:
        wait(sim, PAUSE_MS)
    assert sim.app.dirty != settled
    before = len(events)
    moves = len(g.log)
    press(sim, "OK")
    why = g.check(t.items[bad[0]], t.me)
    assert len(g.log) == moves and message(t) == text.reason(why)
    assert len(events) == before + 1 and not sim.app.dirty


def test_eink_a_key_after_a_refused_card_moves_on_while_the_panel_rests():
    """The refusal is said at once, but the Badger's panel rests 2 s between refreshes: a key
    pressed before it shows the reason still moves the cursor (only the app's own warnings,
    "Cannot save", hold a key until the panel shows them), not a press lost."""
    sim, t, events = table_at_first_decision("pimoroni_badger2040", 11)
    g = t.g
    bad = [i for i in range(len(t.items)) if t.items[i] != PASS and g.check(t.items[i], t.me) != R.OK]
    while t.cursor != bad[0]:
        press(sim, "RIGHT")
    wait(sim, PAUSE_MS)
    sim.hal.refresh = lambda: False             # resting, as hal.circuitpython's time_to_refresh
    press(sim, "OK")
    why = g.check(t.items[bad[0]], t.me)
    assert message(t) == text.reason(why) and sim.app.stale()
    press(sim, "RIGHT")
    assert t.cursor == (bad[0] + 1) % len(t.items) and message(t) != text.reason(why)


def test_colour_board_ok_plays_at_once_after_pauses():
    sim, t, events = table_at_first_decision("pimoroni_picosystem", 11)
    g = t.g
    target = sim.legal_index()
    for name in ("RIGHT", "LEFT", "RIGHT", "LEFT"):
        press(sim, name)
        wait(sim, PAUSE_MS)
    while t.cursor != target:
        press(sim, "RIGHT")
    moves = len(g.log)
    press(sim, "OK")
    assert len(g.log) == moves + 1 and not message(t).endswith(text.ok("ok_again"))
    assert events.count(True) == 0


def test_eink_a_hint_asked_after_the_turns_refresh_shows_at_once():
    # HINT is a question: its answer is shown at once, as an illegal card's reason is, even
    # after the one automatic refresh the turn gets after your input (found by a QA run)
    sim, t, events = table_at_first_decision("pimoroni_badger2040", 11)
    press(sim, "RIGHT")
    wait(sim, PAUSE_MS)
    before = len(events)
    assert before >= 1 and not sim.app.dirty          # the turn's one refresh after input
    press(sim, "HINT")
    for _ in range(20000):
        if not sim.app.busy():
            break
        sim.tick()
    wait(sim, PAUSE_MS)
    assert t.hint_card >= 0 and t.items[t.cursor] == t.hint_card
    assert len(events) == before + 1 and not sim.app.dirty    # the panel shows the hint
    wait(sim, 3 * PAUSE_MS)
    assert len(events) == before + 1                           # and nothing more


def test_eink_panel_tells_a_forced_pass_at_the_next_decision():
    """Badger, Domino, deal 303: after your first card the bots play and the engine passes you
    (you hold none of the cards that fit). The notice was said only while the bots played, when
    the panel does not refresh: the player never learned they were passed. It is shown at once."""
    sim = Sim("pimoroni_badger2040", seed=303)
    new_game(sim, PRESETS.index("domino"))
    shown = panel_log(sim, lambda: message(sim.screen))[0]
    t = sim.screen
    me = t.me
    for _ in range(40):
        if t.g.over:
            break
        wait(sim, PAUSE_MS + 900)
        forced = t.g.forced[me]
        sim.play_legal()                 # OK (and OK again on a stale panel)
        sim.settle()
        wait(sim, PAUSE_MS + 900)
        if t.g.forced[me] > forced and t.my_turn():
            break
    else:
        raise AssertionError("no forced pass of yours met")
    assert t.my_turn()
    told = [m for m in shown if m and (text.t("no_move_s") in m or text.t("no_move") in m)]
    assert told, "the panel never said you were passed; it showed: %r" % shown[-4:]


@pytest.mark.parametrize("key", ["RIGHT", "OK", "HINT"])
@pytest.mark.parametrize("level", [None, 8])
@pytest.mark.parametrize("rest_ms", [0, 2000])
def test_eink_a_save_or_battery_warning_reaches_the_panel_before_a_key_clears_it(level, rest_ms, key):
    """The warnings said as your decision begins ("Cannot save: power-off loses this game", the
    low battery) waited for the panel's settled refresh, 0.4 s on; a key pressed as the LED lit
    (moving the cursor clears a notice) took them away before the panel ever showed them, and
    each is said once: the player was never told their game is not being saved. The Badger's
    panel also rests 2 s between refreshes (CircuitPython's seconds_per_frame for it), and the
    bots may take less: a key pressed meanwhile keeps the notice until the panel has shown it
    (OK and HINT too: their "OK again to confirm" and "Hint…" said over it lost it the same
    way)."""
    from firmware.autosave import Saves
    from hal.memory_store import MemoryStore

    class FillsUp(MemoryStore):
        full = False

        def save(self, name, data):
            if self.full:
                raise OSError(28, "No space left on device")
            return super().save(name, data)
    sim = Sim("pimoroni_badger2040", seed=5, battery=level and 50)
    store = sim.app.saves = Saves(FillsUp())
    shown, last = panel_log(sim, lambda: message(sim.screen), rest_ms)
    sim.app.settings["speed"] = 2               # fast bots: done before the panel may refresh
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    wait(sim, 2 * rest_ms + PAUSE_MS)
    store.store.full = True
    sim.hal.charge = level
    sim.app.battery_at = 0
    press(sim, "RIGHT")
    wait(sim, PAUSE_MS)                         # the panel shows your selection
    target = sim.legal_index()
    while t.cursor != target:
        press(sim, "RIGHT")
    wait(sim, PAUSE_MS)
    moves = len(t.g.log)
    for _ in range(3):                          # its save fails; the bots play
        press(sim, "OK")                        # (OK again, once the panel shows it)
        if len(t.g.log) > moves:
            break
        wait(sim, rest_ms + PAUSE_MS)
    assert len(t.g.log) > moves
    last[0] = sim.hal.clock - PAUSE_MS          # as if the panel had shown your card just before
    while not t.my_turn():
        sim.tick()
    assert sim.hal.clock - last[0] < rest_ms or not rest_ms
    press(sim, key)                             # at once, as the LED lights (OK: "OK again")
    wait(sim, rest_ms + PAUSE_MS)
    warning = text.t("battery_unsaved") % level if level else text.t("not_saved")
    assert warning in shown, "the panel showed: %r" % shown


@pytest.mark.parametrize("key", ["OK", "BACK", "MENU"])
def test_eink_a_page_the_resting_panel_has_not_shown_yet_takes_no_ok(key):
    """A page takes OK, BACK and MENU only READ_MS after the panel shows it (panel_refreshed),
    so the presses that hurried the deal's end do not flick past who won. The Badger's panel
    rests 2 s between refreshes (CircuitPython's seconds_per_frame for it): a results page made
    soon after a refresh waited for the panel past READ_MS, and a key then left it unseen."""
    from firmware.screens import READ_MS
    sim = Sim("pimoroni_badger2040", seed=5)
    sim.app.settings["speed"] = 2
    new_game(sim, PRESETS.index("sevens"))
    shown = panel_log(sim, lambda: sim.screen, 2000)[0]
    for _ in range(200):
        if not isinstance(sim.screen, TableScreen):
            break
        wait(sim, 2000 + PAUSE_MS)           # the panel shows the table: your turn
        if sim.screen.my_turn():
            sim.play_legal()
    page = sim.screen
    assert page.title == text.t("results")  # made 0.9 s after the panel showed your last card:
    wait(sim, READ_MS + 100)                # the panel rests a while yet
    assert page not in shown
    press(sim, key)
    assert sim.screen is page, "%s left a page the panel never showed" % key
    wait(sim, 2000)
    assert page in shown
    press(sim, key)
    assert sim.screen is not page


def test_eink_page_keys_that_move_nothing_let_the_panel_settle():
    """Presses that scroll nothing (or an OK the page refuses) do not mark the panel dirty: a
    player mashing keys on a page the panel has not shown yet still gets it shown."""
    from firmware.screens import PageScreen
    sim = Sim("pimoroni_badger2040", seed=5)
    sim.app.goto(PageScreen(sim.app, "T", [("one line", 0)], ok=lambda: None))
    wait(sim, 2000)
    assert not sim.app.stale()
    for name in ("UP", "DOWN", "LEFT", "RIGHT", "OK"):
        press(sim, name)
        assert not sim.app.stale(), name


def test_eink_a_scrolled_page_takes_back_as_soon_as_the_panel_shows_the_scroll():
    """READ_MS (OK, BACK and MENU wait that long after the panel shows a page, so presses that
    hurried the deal do not flick past it) started again at every refresh, a scroll's too: BACK
    pressed half a second after the panel showed the next lines of the rules did nothing."""
    from firmware.screens import PageScreen, READ_MS
    from hal.buttons import BACK
    sim = Sim("pimoroni_badger2040", seed=5)
    sim.app.help_menu()
    sim.press("OK")                             # the first rule set's page
    page = sim.screen
    assert isinstance(page, PageScreen) and len(page.lines) > page.visible
    wait(sim, 2000)
    press(sim, "DOWN")
    assert page.top == 1
    while sim.app.stale():                      # the panel shows the page scrolled
        sim.tick()
    sim.tick(READ_MS // 2)
    sim.hal.inject(BACK)
    sim.tick()
    assert sim.screen is not page, "BACK left the page only READ_MS after its scroll showed"


def test_eink_a_page_takes_no_back_until_read_ms_after_the_panel_first_shows_it():
    """READ_MS counts from the refresh that shows the page, not from when it was made (the
    panel shows it a second later): BACK pressed as the panel first shows it is held (a
    mutant counting from the page's making passed)."""
    from firmware.screens import PageScreen, READ_MS
    from hal.buttons import BACK
    sim = Sim("pimoroni_badger2040", seed=5)
    sim.app.help_menu()
    sim.press("OK", settle=False)               # the first rule set's page
    page = sim.screen
    assert isinstance(page, PageScreen)
    while sim.app.stale():                      # until the panel shows it
        sim.tick()
    wait(sim, READ_MS - (sim.hal.clock - sim.app.last_change) + 50)     # READ_MS after its making
    assert sim.app.screen is page
    sim.hal.inject(BACK)
    sim.tick()
    assert sim.screen is page, "BACK left the page as the panel first showed it"
    wait(sim, READ_MS)
    sim.hal.inject(BACK)
    sim.tick()
    assert sim.screen is not page


def test_eink_panel_shows_each_paid_pass_as_it_is_paid():
    """Badger, Fan Tan, bots that pay to pass whenever it pays the gates (and you too): each
    paid pass, a bot's or yours, is shown at once with where its chips went, as the forced
    pass's notice is. The panel refreshed only as your decision began, so a bot's paid pass
    with other moves after it was never shown (your chips rose by its gate penalty
    unexplained), nor your own pass's split."""
    from test_firmware_deals import gate_passing_table
    sim = gate_passing_table("pimoroni_badger2040", 8)
    t = sim.screen
    g = t.g
    shown = panel_log(sim, lambda: (len(g.log), message(t)))[0]     # (moves so far, message)
    mine = 0
    while not g.over and len(g.log) < 24:
        wait(sim, PAUSE_MS)
        if PASS in t.items and g.pass_cost(t.me)[1]:
            while t.items[t.cursor] != PASS:
                sim.press("RIGHT")
            mine += 1
            sim.ok()
        else:
            sim.play_legal()
    paid = [i + 1 for i in range(len(g.log)) if g.log[i] == PASS]
    assert len(paid) >= 4 and mine, (paid, mine)
    told = [n for n, m in shown if "Pot+" in m]
    assert all(n in told for n in paid), (paid, shown)


def test_eink_panel_shows_a_bot_s_coventry_bonus_and_its_declining_it():
    """Badger, Coventry, deal 4: P2 lays the 4th starter, may lay a bonus card and declines it.
    "P2: Bonus card" and "P2: no bonus" were said while the bots played, when the panel does
    not refresh: the first was hidden by the bot's next action, the second by the next bot's
    move, so the panel never said why P2 moved twice or passed up its bonus."""
    sim = Sim("pimoroni_badger2040", seed=4)
    new_game(sim, PRESETS.index("coventry"))
    t = sim.screen
    g = t.g
    shown = panel_log(sim, lambda: message(t))[0]
    while not g.over:
        wait(sim, PAUSE_MS)
        sim.play_legal()
    said = [m for m in sim.messages if m.endswith((": " + text.t("coventry"), ": " + text.t("no_bonus")))]
    assert said == ["P2: " + text.t("coventry"), "P2: " + text.t("no_bonus")], said
    assert all(m in shown for m in said), (said, shown)


@pytest.mark.parametrize("board, rest_ms", PANELS)
def test_eink_each_notice_said_while_the_bots_play_waits_for_the_resting_panel(board, rest_ms):
    """The Badger's panel rests 2 s between refreshes, 3 s on the 2350 (CircuitPython's
    seconds_per_frame for each), but a notice said while the bots play held them only 1.2 s: a bot's paid pass with
    your forced pass 1.2 s after it, or a second bot's paid pass, came before the panel could
    refresh again, and the first was never shown (Fan Tan, bots that pay to pass, a player who
    presses only once the panel shows the table, five deals: 3, 13 and 17 of 92 paid passes
    and 0, 3 and 12 of 45 forced passes lost at slow, normal and fast; here your forced pass
    after P4's paid pass). The bots now wait until the panel shows it."""
    from test_firmware_deals import gate_passing_table
    sim = gate_passing_table(board, 3)
    t = sim.screen
    g = t.g
    shown, last = panel_log(sim, lambda: (len(g.log), message(t)), rest_ms)   # (moves so far, message)
    said = []
    while not g.over:
        if t.my_turn():
            read_and_play(sim, last)
        sim.tick()
        m = message(t)
        if ("Pot+" in m or text.t("no_move_s") in m) and (len(g.log), m) not in said:
            said.append((len(g.log), m))
    assert len(said) >= 8, said
    assert [s for s in said if s not in shown] == [], shown


@pytest.mark.parametrize("board, rest_ms", PANELS)
def test_eink_bots_you_hurried_leave_the_panel_alone_until_your_turn(board, rest_ms):
    """A key that hurries the bots skips the notices said while they play (a bot's paid pass,
    your forced pass), but the refresh each asked for stayed asked: the resting panel refreshed
    once it could, while the bots still played, showing "Thinking…" and the table half-way: a
    2 s flash that told nothing, and your turn then showed 1.9 s after it began, not 0.4 s, as
    the panel rested (Fan Tan, bots that pay to pass, a key pressed after each of your moves:
    5 such refreshes in 20 deals, 2 in seed 16). A notice the next move replaces now takes its
    refresh with it."""
    from test_firmware_deals import gate_passing_table
    sim = gate_passing_table(board, 16)
    t = sim.screen
    g = t.g
    shown, last = panel_log(sim, lambda: (t.my_turn() or g.over, len(g.log), message(t)), rest_ms)
    hurried = 0
    while not g.over:
        if t.my_turn():             # then hurries the bots
            read_and_play(sim, last)
            if not t.my_turn() and not g.over:
                hurried += 1
                wait(sim, 100)
                press(sim, "UP")
        sim.tick()
    assert hurried >= 8
    assert [s for s in shown if not s[0] and s[2] == text.t("thinking") + "\u2026"] == [], shown


@pytest.mark.parametrize("board, rest_ms", PANELS)
def test_eink_the_deal_s_end_reaches_the_resting_panel_before_the_results(board, rest_ms):
    """The finished table ("P3 wins", and "B: continue" where the keys line is) is on the panel
    before the results replace it: the results waited 1.5 s, not for the panel, and at the
    Badger 2350's 3 s rest the end never showed in 6 deals of 8 (the panel went from your last
    decision to the results)."""
    for seed in (1, 2, 3):
        sim = Sim(board, seed=seed)
        new_game(sim, PRESETS.index("fan_tan"), players=3)
        t = sim.screen
        shown, last = panel_log(sim, lambda: (sim.screen is t and t.g.over, message(t)), rest_ms)
        while sim.screen is t:
            if t.my_turn():
                read_and_play(sim, last)
            else:
                sim.tick()
        ends = [said for over, said in shown if over]
        won = text.says(t.g.winner, t.me, "wins")       # (the table left has let go of its text)
        assert ends and ends[-1] == won, (seed, shown[-2:])     # who won, as it stays
        assert sim.screen.title == text.t("results")
