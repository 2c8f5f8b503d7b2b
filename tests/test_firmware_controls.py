"""The controls and the flow a player relies on, through the simulator's buttons: statistics of
a lost match, a resume on the results page, the cursor, the hint and the pass, fast-forward, suits
by UP and DOWN, the replay's end and hand, aces high in the hand, LEFT and BACK in menus, the simulator's
keyboard. Each was found unchecked by a pass of hand mutations, and fails under its mutation."""
import shutil

import pygame
import pytest

import hal
from simhelp import (Sim, play_out, quit_match, message, select_menu, new_game, pick_preset, TableScreen, PageScreen,
                     ListScreen, page_text, shown_hand, line_value)
from engine.game import PASS
from firmware.text import card_name
from engine.rules import PRESETS
from engine import reasons as R
from firmware import text, ui
from firmware.table import DELAYS, sorted_hand
from hal.buttons import RIGHT, HINT, TURN, OK as hal_OK
from hal.desktop import keyboard_map, ENCODER_KEYS


def _play_to_deal_end(sim):
    """Every seat (the human too) lays the engine's first legal move until the deal is over,
    then the results page shows."""
    g = sim.screen.g
    play_out(g)
    sim.settle()
    assert isinstance(sim.screen, PageScreen)


def _next_deal(preset="parliament", seed=30, board="pimoroni_picosystem", auto=0):
    """A match whose first deal was played out (_play_to_deal_end), at its second deal's table:
    the first is the replay's."""
    sim = Sim(board, seed=seed)
    sim.app.settings["auto"] = auto
    new_game(sim, PRESETS.index(preset))
    _play_to_deal_end(sim)
    sim.press("OK")
    sim.press("OK")
    return sim


def _paused_replay(sim):
    """The pause menu's replay of the last deal, opened: its screen."""
    sim.press("MENU")
    select_menu(sim, "Replay")
    sim.press("OK")
    return sim.screen


# ---- statistics: a lost match is not a won one ------------------------------------------
@pytest.mark.parametrize("won", [True, False])
def test_a_lost_match_counts_as_played_not_won(won):
    """A race that ends counts one match in the statistics, and a win only if you lead it."""
    sim = Sim(seed=30)
    new_game(sim, PRESETS.index("parliament"))
    m = sim.app.match
    m.scores[1] = 104                        # P2 passes the target as this deal ends
    if won:
        m.scores[2] = m.scores[3] = 50       # a deal adds at most 13 points: you lead
    else:
        m.scores[0] = 50                     # you trail whoever else
    _play_to_deal_end(sim)
    assert m.over and (0 in m.leaders()) == won
    st = sim.app.stats
    assert st.matches == 1 and st.match_wins == int(won)
    sim.app.stats_screen()
    assert page_text(sim.screen)[4] == "Matches: 1 \u00b7 Won: %d" % int(won)


# ---- resume on the results page: the next deal is the one never interrupted -------------
def test_after_a_power_cut_on_the_results_the_bots_play_the_next_deal_as_without_it(tmp_path):
    """The bots' seeds come from the match's first deal: resumed on the results page (the deal
    settled), the next deal goes exactly as it would have without the power cut."""
    a = Sim(seed=30, data_dir=str(tmp_path / "a"))
    new_game(a, PRESETS.index("parliament"))
    _play_to_deal_end(a)
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    b = Sim(data_dir=str(tmp_path / "b"))            # power cut on the results page
    assert page_text(b.screen) == page_text(a.screen)
    logs = []
    for sim in (a, b):
        sim.press("OK")                              # standings
        sim.press("OK")                              # the next deal
        t = sim.screen
        assert isinstance(t, TableScreen) and t.g.deal_number == 31
        for _ in range(6):                           # the same buttons in both
            if t.g.over:
                break
            sim.play_legal()
        logs.append(bytes(t.g.log))
    assert logs[0] == logs[1] and len(logs[0]) > 6


# ---- the cursor as your decision begins: nearest playable card, right first ---------------
def test_the_cursor_moves_to_the_nearest_playable_card_the_right_one_first():
    """As your decision begins the cursor leaves a card you cannot lay for the nearest one you
    can, and of two as near, the one to its right."""
    ties = 0
    for seed in (1, 2, 3, 4, 5, 6):
        sim = Sim(seed=seed)
        new_game(sim, PRESETS.index("sevens"))
        t = sim.screen
        g = t.g
        while isinstance(sim.screen, TableScreen) and not g.over:
            sim.play_legal(settle=False)
            before = t.cursor                        # where OK left it, in the smaller hand
            sim.settle()
            if not t.my_turn():
                continue
            cards = sorted_hand(g, t.me)
            before = min(before, len(t.items) - 1)
            ok = [j for j in range(len(cards)) if g.check(cards[j], t.me) == R.OK]
            if not ok or before in ok:
                continue
            d = min(abs(j - before) for j in ok)
            if before + d in ok and before - d in ok:
                ties += 1
            assert t.cursor == (before + d if before + d in ok else before - d), (seed, before, ok)
    assert ties >= 1                                 # the right-first case was met


def test_the_cursor_stays_framed_on_the_last_card_after_you_lay_the_last_one():
    """Laying the rightmost card of your hand leaves the cursor on the new last card, framed
    while the bots play (it pointed past the hand's end, and the frame vanished)."""
    for seed in range(1, 20):                   # a turn where your last card may be laid
        sim = Sim(seed=seed)
        new_game(sim, PRESETS.index("sevens"))
        t = sim.screen
        g = t.g
        while not g.over:
            cards = sorted_hand(g, t.me)
            if len(cards) > 1 and g.check(cards[-1], t.me) == R.OK:
                break
            sim.play_legal()
        if not g.over:
            break
    assert not g.over
    while t.cursor != len(cards) - 1:
        sim.press("RIGHT")
    sim.ok(settle=False)
    assert cards[-1] in g.log and not t.my_turn()
    assert t.cursor == len(cards) - 2 and not t.cursor_tg.hidden


# ---- the hint and the pass --------------------------------------------------------------
def test_on_the_pass_the_message_says_its_price_even_after_a_hint_for_a_card():
    """A hint for a card is said while you look around the cards, but with the cursor on the
    pass the line says what the pass costs (what OK would do), and the hint comes back after."""
    for seed in range(1, 40):
        sim = Sim(seed=seed)
        new_game(sim, PRESETS.index("fan_tan"))
        t = sim.screen
        if PASS not in t.items:
            continue
        sim.press("HINT")
        if t.hint_card == PASS:
            continue
        break
    else:
        raise AssertionError("no seed with a card hinted beside a pass")
    hinted = message(t)
    assert hinted == "Hint: " + card_name(t.hint_card)
    while t.items[t.cursor] != PASS:
        sim.press("LEFT")
    assert message(t) == "\u25b6" + t._pass_text(), message(t)
    assert t.cursor_tg.hidden                   # the pass has no card to frame: the line marks it
    sim.press("RIGHT")
    assert message(t) == hinted


# ---- fast-forward lasts until your turn -------------------------------------------------
def test_a_press_hurries_the_bots_only_until_your_next_turn():
    """A button while the bots play hurries them; once your turn comes they play at the speed
    set again: the press is not remembered for the rest of the deal."""
    sim = Sim(seed=3)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    g = t.g
    sim.press("OK", settle=False)
    assert not t.my_turn()
    sim.press("RIGHT", settle=False)                 # hurry
    sim.settle()
    assert t.my_turn()
    sim.play_legal(settle=False)
    moved = []                                       # when each bot move was made
    n = len(g.log)                                   # a bot's move is logged: the deal's log grows
    while not t.my_turn() and not g.over:
        sim.tick()
        if len(g.log) != n:
            n = len(g.log)
            moved.append(sim.hal.clock)
    assert len(moved) >= 2
    gaps = [b - a for a, b in zip(moved, moved[1:])]
    assert min(gaps) >= DELAYS[sim.app.settings["speed"]], gaps


def test_a_press_hurries_the_bot_whose_wait_is_already_running():
    """At slow speed a bot waits 900 ms before its move; a key pressed 60 ms into that wait
    ends it: the move comes as soon as the bot has decided (it came 900 ms after yours: QA)."""
    sim = Sim(seed=3)
    sim.app.settings["speed"] = 0
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    sim.settle()
    n = len(t.g.log)
    sim.play_legal(settle=False)
    played = sim.hal.clock
    while sim.hal.clock - played < 60:
        sim.tick()
    assert not t.my_turn() and len(t.g.log) == n + 1
    sim.press("RIGHT", settle=False)                # hurry
    while len(t.g.log) == n + 1:
        sim.tick()
    assert sim.hal.clock - played < DELAYS[0] / 3, sim.hal.clock - played


# ---- DOWN and UP move by suit ----------------------------------------------------------
def test_down_jumps_to_the_next_suit_and_up_to_the_previous_one():
    """At the table DOWN puts the cursor on the first card of the next suit (after the last
    suit, the first card), UP on the first card of the suit before, from any card of a suit."""
    sim = Sim(seed=3)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    cards = sorted_hand(t.g, t.me)
    suits = [c // 13 for c in cards]
    assert len(set(suits)) >= 3
    firsts = [i for i in range(len(cards)) if i == 0 or suits[i] != suits[i - 1]]
    while t.cursor != 0:
        sim.press("LEFT")
    seen = []
    for _ in range(len(firsts)):
        sim.press("DOWN")
        seen.append(t.cursor)
    assert seen == firsts[1:] + [0]
    sim.press("UP")
    assert t.cursor == firsts[-1]
    sim.press("UP")
    assert t.cursor == firsts[-2]
    # from inside a suit too: past that suit's own first card to the first of the suit before
    k = [k for k in range(1, len(firsts))
         if firsts[k] + 1 < len(cards) and suits[firsts[k] + 1] == suits[firsts[k]]][0]
    while t.cursor != firsts[k] + 1:
        sim.press("RIGHT")
    sim.press("UP")
    assert t.cursor == firsts[k - 1]


def test_up_lands_on_a_lone_card_of_the_suit_before():
    """Sevens, deal 4: your hand holds a suit of one card between two longer ones; UP from the
    first card after it goes to that lone card, not to the suit before it."""
    sim = Sim(seed=4)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    suits = [c // 13 for c in sorted_hand(t.g, t.me)]
    assert suits[8] != suits[9] != suits[10]             # the 10th card is alone in its suit
    while t.cursor != 10:
        sim.press("RIGHT")
    sim.press("UP")
    assert t.cursor == 9


def test_up_and_down_from_the_first_suit_and_from_the_pass():
    """Fan Tan, deal 2: your hand ends in a lone card of its suit, then the pass. UP from the
    third card of the first suit goes round to that lone card (not to the hand's first card,
    nor to the suit before it); DOWN on the pass goes to the first card as after the last
    suit, and UP there to the first card of a suit (both read the card past the hand's end)."""
    sim = Sim(seed=2)
    new_game(sim, PRESETS.index("fan_tan"))
    t = sim.screen
    cards = sorted_hand(t.g, t.me)
    suits = [c // 13 for c in cards]
    assert suits[:3] == [suits[0]] * 3 and suits[-2] != suits[-1] and t.items == cards + [PASS]
    while t.cursor != 2:
        sim.press("RIGHT")
    sim.press("UP")
    assert t.cursor == len(cards) - 1
    for key in ("DOWN", "UP"):
        while t.cursor != len(cards):
            sim.press("LEFT")
        sim.press(key)
        if key == "DOWN":
            assert t.cursor == 0
        else:
            assert t.cursor < len(cards) and (t.cursor == 0 or suits[t.cursor - 1] != suits[t.cursor]), t.cursor


def test_up_and_down_on_the_pass_go_to_your_last_card():
    """Fan Tan, deal 4, late: you hold one card and may pay to pass. On the pass UP and DOWN
    put the cursor on that card, as from the pass of a longer hand (a mutant left it on the pass)."""
    sim = Sim(seed=4)
    new_game(sim, PRESETS.index("fan_tan"))
    t = sim.screen
    while not (t.my_turn() and len(t.items) == 2):
        assert not t.g.over
        sim.play_legal()
    assert t.items[1] == PASS
    for key in ("DOWN", "UP"):
        while t.cursor != 1:
            sim.press("RIGHT")
        sim.press(key)
        assert t.cursor == 0, key


# ---- the deal's animation: a card at a time -------------------------------------------
def _dealing():
    """Sevens, deal 2 (you hold the 7\u2666), started through New game: its table as the deal's
    animation begins."""
    sim = Sim(seed=2)
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Start")
    sim.press("OK", settle=False)
    t = sim.screen
    assert isinstance(t, TableScreen) and t.dealing
    return sim, t


def test_the_deal_shows_your_cards_one_at_a_time():
    """As a deal begins your hand fills in one card per step of the animation (at the speed
    set), not two, under a blank message line, the frame on a card already dealt; with the last
    card your decision begins (Sevens, deal 2: you open)."""
    from firmware.table import DEAL_STEP
    sim, t = _dealing()
    step = DEAL_STEP[sim.app.settings["speed"]]
    sim.tick(step)
    counts = []
    for _ in range(5):
        counts.append(len(shown_hand(t)))
        assert message(t) == ""                 # nobody thinks yet: the cards are still coming
        assert t.cursor < counts[-1]            # the frame on a card dealt, not on a place to come
        sim.tick(step)
    assert counts == list(range(counts[0], counts[0] + 5)) and counts[0] < 13
    while len(shown_hand(t)) < t.g.counts[t.me]:
        sim.tick(step)
    assert t.my_turn() and message(t) == text.t("your_turn")     # with the last card, not a step after


# ---- the replay: OK at its end leaves --------------------------------------------------
def test_ok_at_the_end_of_the_replay_goes_back():
    """RIGHT steps the replay to its end; OK there leaves it, back to the pause menu."""
    sim = _next_deal()
    r = _paused_replay(sim)
    for _ in range(len(r.log)):
        sim.press("OK")                              # OK steps on too
    assert r.pos == len(r.log) and sim.screen is r
    sim.press("OK")
    assert isinstance(sim.screen, ListScreen) and sim.screen.title == "Paused"


def test_back_at_the_replay_s_start_stays_there_and_menu_leaves_it():
    """LEFT or UP before the first action stays at 0 (a step back from 0 to "-1" showed the
    deal's last actions but one), and MENU leaves as BACK does, from any step (hand
    mutations: neither was checked)."""
    sim = _next_deal()
    r = _paused_replay(sim)
    start = message(r)
    for key in ("LEFT", "UP"):
        sim.press(key)
        assert r.pos == 0 and message(r) == start and r.g.counts == [13] * 4, message(r)
    sim.press("RIGHT")
    sim.press("MENU")
    assert isinstance(sim.screen, ListScreen) and sim.screen.title == "Paused"


@pytest.mark.parametrize("lang", range(3))
@pytest.mark.parametrize("board", ["pajenicko_picopad", "adafruit_macropad_rp2040"])
def test_the_replay_says_how_to_step_through_it(board, lang):
    """The replay waits for keys: before its first action it says which step on and back
    (whole, on the MacroPad's one line too), and where the layout has a footer it names those
    keys, not the table's "A: play  \u2190 \u2192: pick" (found by QA: nothing said how to move on, and
    the footer offered to play) and the key that leaves (BACK, as printed), and the message
    line does not say them again (it wrapped "\u2192 weiter \u2190" / "zur\u00fcck" above the
    footer: QA). At the end, who won and that OK leaves,
    on the MacroPad's line too (without the step count there: "You win! \u00b7 OK: continue")."""
    sim = _next_deal(board=board)
    text.set_lang(lang)
    try:
        sim.app.replay(sim.app.title)
        r = sim.screen
        keys = text.t("keys_replay")
        assert keys.startswith("\u2192 ") and " \u2190 " in keys
        shown = message(r)
        where = "0/%d" % len(r.log)
        if r.footer is not None:        # and the key that leaves, as printed ("B: exit")
            assert r.footer.text == keys + "  " + text.t("keys_back") % "B", r.footer.text
            assert r.pos == 0 and shown == text.t("replay_s") + " " + where, shown
        else:
            where += " \u00b7 " + keys
            assert r.pos == 0 and shown in (text.t("replay_s") + " " + where, where), shown
        sim.press("RIGHT")
        assert r.pos == 1 and keys not in message(r)
        while r.pos < len(r.log):
            sim.press("RIGHT")
        # the end says who won and how to leave (it said the last card and nothing more: QA)
        shown = message(r)
        assert text.says(r.g.winner, r.me, "wins") in shown, shown
        assert shown.endswith(" \u00b7 " + text.ok("ok_continue")), shown
        sim.press("LEFT")
        sim.press("BACK")                   # the footer's key leaves from anywhere
        assert sim.screen is not r and sim.screen.title.startswith(text.t("title"))
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("lang", range(3))
@pytest.mark.parametrize("board", ["pimoroni_picosystem", "pimoroni_badger2040", "adafruit_macropad_rp2040"])
def test_the_replay_tells_your_forced_passes(board, lang):
    """Your forced passes are no step of the replay, but each step after which you had to
    pass says so, as the table said "No move: you pass" (the replay said nothing of them: the
    turn went past you unexplained, a chip lost in a chip game: QA); so does the start, where
    Fan Tan's deal 1 passes you before its first card (on the MacroPad's one line the keys go
    first there). Stepping back says each again; no other step says it."""
    sim = _next_deal("fan_tan", seed=1, board=board)
    text.set_lang(lang)
    try:
        sim.app.replay(sim.app.title)
        r = sim.screen
        you = text.says(r.me, r.me, "pass")
        assert r.g.forced[r.me] and r.pos == 0         # passed before the first card
        said = [message(r)]
        assert you in said[0] or board == "adafruit_macropad_rp2040" and said[0].endswith(text.t("keys_replay"))
        told = 0
        was = r.g.forced[r.me]
        while r.pos < len(r.log):
            sim.press("RIGHT")
            said.append(message(r))
            if r.g.forced[r.me] > was:
                assert said[-1].endswith(" \u00b7 " + you) or said[-1].endswith(" " + you), said[-1]
                told += 1
            elif r.last_seat != r.me:       # (your own paid pass says it too)
                assert you not in said[-1], said[-1]
            was = r.g.forced[r.me]
        assert told >= 2
        while r.pos:
            sim.press("LEFT")
            assert message(r) == said[r.pos]
    finally:
        text.set_lang(0)


def test_the_replay_keeps_your_forced_pass_where_the_step_does_not_fit():
    """On the MacroPad's one line in French, "28/49 P4 10\u2665 \u00b7 Vous passez" is too long
    (whole, it was cut to "... \u00b7 Vous"; the test above never reaches it): the step's count
    and your pass stay, whole on the line; the rows show the card."""
    sim = _next_deal("fan_tan", seed=9, board="adafruit_macropad_rp2040")
    text.set_lang(1)
    try:
        sim.app.replay(sim.app.title)
        r = sim.screen
        for _ in range(28):
            sim.press("RIGHT")
        assert r.log[27] % 13 == 9                      # a 10 (the widest card name)
        assert message(r) == "28/%d %s" % (len(r.log), text.says(r.me, r.me, "pass"))
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("preset,seed,auto", [("parliament", 32, 1), ("fan_tan", 30, 0)])
def test_the_replay_draws_your_hand_as_a_bot_s_turn_does(preset, seed, auto):
    """The replay only watches: at your turns too the hand is dimmed by what fits the table
    and offers no pass, with Auto-play on or off (706f883 drew it as your live turn: dimmed
    by what was legal, with a pass to pick; no test saw it). Parliament's opening 7\u2666 makes
    the other 7s fit but not legal; Fan Tan's turns without a card offer the pass."""
    sim = _next_deal(preset, seed, auto=auto)
    sim.app.replay(sim.app.title)
    r = sim.screen
    differ = 0
    while True:
        g = r.g
        hand = sorted_hand(g, r.me)
        fits = [(c, not g.fits[c // 13] >> c % 13 & 1) for c in hand]
        assert PASS not in r.items and r.cursor_tg.hidden
        assert shown_hand(r) == fits
        if g.turn == r.me and not g.over:   # where your live turn would draw it otherwise
            differ += g.check(PASS, r.me) == 0 or fits != [(c, g.check(c, r.me) != 0) for c in hand]
        if r.pos == len(r.log):
            break
        sim.press("RIGHT")
    assert differ


def test_each_replay_step_lays_its_card_on_the_rows_and_back_takes_it_up():
    """The replay draws the table as it stood after each action, and the scores as they stood
    when the deal began: RIGHT (or DOWN) shows the card laid on its row and who laid it, LEFT
    (or UP) takes it away again, and the hand has no cursor nor the LED lit at your turns
    (nothing to pick)."""
    sim = _next_deal()
    assert sim.app.match.scores != [0, 0, 0, 0]
    r = _paused_replay(sim)
    said = [r.status_r.text] + [l2.text for p, l1, l2, width in r.opp_labels]
    assert said == ["You 0 pt/100"] + ["13 \u00b7 0 pt"] * 3, said       # nobody had scored yet
    bottom = 1 if r.g.rules.ace_high else 0

    def laid():
        return sorted(s * 13 + (c - 1 + bottom) % 13 for s in range(4) for c in range(1, 14)
                      if ui._T_RANK <= r.rows[c, s] < ui.T_NEED)
    assert laid() == [] and r.cursor_tg.hidden
    owner = dict((c, p) for p in range(r.g.players) for c in sorted_hand(r.g, p))     # as dealt
    while r.log[r.pos] == PASS:
        sim.press("RIGHT")
    card = r.log[r.pos]
    sim.press("RIGHT")
    assert card in laid() and r.cursor_tg.hidden
    sim.press("LEFT")
    assert card not in laid()
    sim.press("DOWN")
    assert card in laid()
    sim.press("UP")
    assert card not in laid()
    while r.pos < len(r.log):
        sim.press("RIGHT")
        assert sim.hal.lit is False                 # your turns in it are no decision of yours
        card = r.log[r.pos - 1]
        if card != PASS and not r.g.over:           # who laid it, as they were dealt it
            assert text.seat(owner[card], r.me) + " " + card_name(card) in message(r), message(r)
    assert laid() == sorted(c for c in r.log if c != PASS)


def test_the_pause_menu_replays_only_a_deal_of_this_match():
    """After a match is quit, the next match's pause menu offers no replay until one of its
    own deals has ended (found by QA: a Coventry match replayed a Parliament deal); the title
    still offers the last deal."""
    sim = _next_deal()                               # its pause menu offers the first deal
    sim.press("MENU")
    assert "replay" in [i[0] for i in sim.screen.items]
    quit_match(sim)
    assert "replay" in [i[0] for i in sim.screen.items]          # the title
    new_game(sim, PRESETS.index("coventry"))
    sim.press("MENU")
    assert "replay" not in [i[0] for i in sim.screen.items]


@pytest.mark.parametrize("board,name,pause", [("pajenicko_picopad", "A", "  B: pause"),
                                              ("pimoroni_badger2040", "B", "  hold B: pause"),
                                              ("hack_club_sprig", "L", "  K: pause"), ("heiafr_picomo_v3", "OK", ""),
                                              ("adafruit_macropad_rp2040", "OK", ""),
                                              ("lilygo_t_display_rp2040", "hold R", "  hold L: pause")])
def test_pages_name_the_ok_key_as_the_board_prints_it(board, name, pause):
    """"A: continue" on a badge whose OK key reads A, as the table's footer and the Buttons
    page name it (found by QA: "A play" beside "OK: continue"); "OK" where the key bears no
    letter (the Picomo's middle key, the MacroPad's); "hold R" where no key is OK at a tap but
    a held letter is (the T-Display's pages said "OK", which no key or page named: QA), in the
    player's language. The results name BACK too, which pauses there, where a letter names it."""
    sim = Sim(board, seed=30)
    new_game(sim, PRESETS.index("parliament"))
    _play_to_deal_end(sim)
    assert page_text(sim.screen)[-1] == name + ": continue" + pause
    sim.press("OK")
    assert page_text(sim.screen)[-1] == name + ": next deal"
    if board == "lilygo_t_display_rp2040":
        try:
            for lang, said in ((1, "maintenir R: continuer"), (2, "R halten: weiter")):
                text.set_lang(lang)
                assert text.ok("ok_continue") == said
        finally:
            text.set_lang(0)


def test_the_results_say_the_pause_key_on_a_line_of_its_own_where_both_do_not_fit():
    """In French on the T-Display "maintenir R: continuer  maintenir L: pause" wrapped as
    "maintenir R:" over "continuer  maintenir L: pause", which reads as two other keys (r57):
    where the line does not fit whole, the pause key gets a line of its own."""
    sim = Sim("lilygo_t_display_rp2040", seed=30)
    new_game(sim, PRESETS.index("parliament"))
    try:
        text.set_lang(1)
        _play_to_deal_end(sim)
        assert page_text(sim.screen)[-2:] == ["maintenir R: continuer", "maintenir L: pause"]
    finally:
        text.set_lang(0)


# ---- ace high: the ace at the end of its suit in the hand -------------------------------
def test_with_aces_high_the_hand_shows_each_ace_after_the_king():
    """Sevens plays aces high: the hand on screen runs 2 … K, A in each suit."""
    sim = Sim(seed=9)                                # you hold all four aces
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    assert t.g.rules.ace_high
    shown = [c for c, _ in shown_hand(t)]
    aces = 0
    for s in range(4):
        row = [c % 13 for c in shown if c // 13 == s]
        assert row == sorted(row, key=lambda r: (r - 1) % 13), (s, row)
        aces += 0 in row and len(row) > 1
    assert aces                                      # an ace beside other cards of its suit


# ---- menus and pages: LEFT and BACK go back -----------------------------------------
def _goes_back(key, line, before=None):
    """`key` on the title's `line` menu goes back to the title, and on the pause menu back to
    the table; before(sim), if given, runs on the first menu first."""
    sim = Sim()
    select_menu(sim, line)
    sim.press("OK")
    assert sim.screen.title == line
    if before:
        before(sim)
    sim.press(key)
    assert sim.screen.title.startswith(text.t("title"))
    new_game(sim, 0)
    sim.press("MENU")
    assert sim.screen.title == "Paused"
    sim.press(key)
    assert isinstance(sim.screen, TableScreen)


def test_left_on_a_menu_line_without_a_value_goes_back():
    """README: "On a menu line without a value, LEFT goes back like BACK"; on a line with a
    value it changes the value. HINT (no meaning on a menu) does not go back."""
    def hint(sim):
        sim.press("HINT")                   # a key that means nothing on a menu does nothing
        assert sim.screen.title == "Rules & help"
    _goes_back("LEFT", "Rules & help", hint)


def test_menu_on_a_menu_goes_back_as_back_does():
    """MENU on a menu that has somewhere to go back to goes there, as BACK does: Settings back
    to the title, and the pause menu MENU opened back to the table."""
    _goes_back("MENU", "Settings")


def test_back_to_a_menu_comes_back_on_the_line_it_left():
    """BACK from Settings, Statistics, Rules & help or the replay puts the title's cursor on
    that line, as Rules & help does for its own lines (it went to the top: found by QA); the
    pause menu's lines likewise."""
    sim = Sim()
    for line in ("Settings", "Statistics", "Rules & help", "Settings"):
        select_menu(sim, line)
        sim.press("OK")
        assert not sim.screen.title.startswith(text.t("title"))
        sim.press("BACK")
        title = sim.screen
        assert title.title.startswith(text.t("title"))
        assert title.item_text(title.items[title.sel]) == line, line
    new_game(sim, 0)                # and the pause menu, back from its lines
    sim.press("MENU")
    for line in ("Standings", "Rules", "Settings", "Quit match"):
        select_menu(sim, line)
        sim.press("OK")
        assert sim.screen.title != "Paused"
        sim.press("BACK")                        # (on Quit match?, BACK is No)
        menu = sim.screen
        assert menu.title == "Paused" and line in menu.item_text(menu.items[menu.sel]), line
    assert sim.app.match is not None


def test_back_on_a_page_with_only_ok_does_what_ok_does():
    """The Keys, The table and About pages have OK only: BACK leaves them too (as OK does),
    never a dead key. On the results BACK pauses (test_autosave's quit between deals)."""
    sim = Sim(seed=30)
    select_menu(sim, "Rules & help")
    sim.press("OK")
    for line in (text.t("table"), text.t("keys"), text.t("about"), text.t("options")):
        select_menu(sim, line)
        at = sim.screen.sel
        sim.press("OK")
        assert isinstance(sim.screen, PageScreen)
        sim.press("BACK")
        assert sim.screen.title == "Rules & help" and sim.screen.sel == at, line


# ---- the simulator's keyboard -------------------------------------------------------
@pytest.mark.parametrize("board", sorted(hal.BOARDS))
def test_every_board_key_has_a_keyboard_key_of_its_own(board):
    """Two board keys that give the same button (the MacroPad's middle key and knob switch, both
    OK) get two keyboard keys: each board key can be pressed in the simulator's window."""
    p = hal.profile(board)
    keys = keyboard_map(p)
    assert sorted(i for _, i in keys) == list(range(len(p.KEYS)))
    assert len(set(name for name, _ in keys)) == len(keys), keys


def _board_key(sim):
    """key(i, down): the board's i-th key (in its profile's KEYS) pressed or let go, through the
    simulator's keyboard (hal.buttons reads it as on the badge)."""
    codes = dict((i, pygame.key.key_code(name)) for name, i in keyboard_map(sim.hal.profile))

    def key(i, down):
        sim.hal.key_event(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=codes[i]))
    return key


def _through_keys(sim):
    """sim.press by the board's own keys, as in the window: a tap, a hold of 0.6 s or a chord
    (the layout boards' deals inject the buttons, so a board of a known size had none played)."""
    p = sim.hal.profile
    key = _board_key(sim)

    def press(button):
        pins = [k[0] for k in p.KEYS]
        taps = [i for i in range(len(pins)) if p.KEYS[i][1] == button]
        holds = [i for i in range(len(pins)) if p.KEYS[i][2] == button]
        chords = [(pins.index(a), pins.index(b)) for a, b, c in p.CHORDS if c == button]
        down = taps[:1] or holds[:1] or list(chords[0])
        for i in down:
            key(i, True)
        while not taps and holds and sim.hal.clock - sim.hal.buttons.since[down[0]] < 600:
            sim.tick()
        for i in down:
            key(i, False)
    sim.hal.inject = press


@pytest.mark.parametrize("board", sorted(hal.BOARDS))
def test_a_whole_deal_is_played_through_each_board_s_own_keys(board):
    """New game, a deal of Fan Tan with a hint asked for, its results and the next deal, each
    button pressed on the key (or hold, or chord) the board's profile gives it."""
    sim = Sim(board, seed=23)
    _through_keys(sim)
    new_game(sim, PRESETS.index("fan_tan"))
    t = sim.screen
    p = sim.hal.profile
    hint = HINT in [k[1] for k in p.KEYS] + [k[2] for k in p.KEYS] + [c[2] for c in p.CHORDS]
    while not t.g.over:
        assert sim.screen is t and t.my_turn(), sim.screen
        if hint:                    # (the T-Display has none: its pause menu offers it)
            sim.press("HINT")
            assert t.hint_card in t.items, board
            hint = False
        sim.play_legal()
    titles = []
    while not isinstance(sim.screen, TableScreen) or sim.screen is t:     # the next deal, by OK
        titles.append(getattr(sim.screen, "title", None))
        sim.press("OK")
        assert len(titles) < 5, titles
    assert text.t("results") in titles, titles


def test_an_encoder_key_steps_once_per_press_not_again_on_release():
    """In the window the MacroPad's knob is two keys: a press and its release are one step."""
    sim = Sim("adafruit_macropad_rp2040")
    for name, button in zip(ENCODER_KEYS, (TURN + 1, TURN)):
        key = pygame.key.key_code(name)
        sim.hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=key))
        sim.hal.key_event(pygame.event.Event(pygame.KEYUP, key=key))
        assert sim.hal.poll() == [button]


def test_the_knob_steps_through_menu_lines_and_pages_and_picks_cards_at_the_table():
    """The MacroPad's knob turned clockwise: the next line of a menu (it opened New game after
    two clicks from the title, and changed Settings' values instead of going down them), a
    page's next line, the next card at the table, and while a digit of the deal number is typed,
    that digit up; anticlockwise the other way."""
    sim = Sim("adafruit_macropad_rp2040", seed=3)
    title = sim.screen
    sim.press(TURN)
    sim.press(TURN)
    assert sim.screen is title and title.sel == 2          # New game, Settings, Statistics
    sim.press(TURN + 1)
    assert sim.screen is title and title.sel == 1
    sim.press("OK")                                        # Settings
    settings = sim.screen
    before = dict(sim.app.settings)
    sim.press(TURN)
    assert settings.sel == 1 and sim.app.settings == before     # a line down, no value changed
    sim.press("BACK")
    select_menu(sim, "Rules")
    sim.press("OK")
    sim.press("OK")                                        # the first page of Rules & help
    page = sim.screen
    assert isinstance(page, PageScreen) and page.top == 0
    sim.press(TURN)
    assert page.top == 1
    sim = Sim("adafruit_macropad_rp2040", seed=3)
    sim.app.settings["deal"] = 12345
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Deal #")
    sim.press("OK")                         # typing its digits: clockwise raises one, as a knob does
    sim.press(TURN)
    assert line_value(sim, "Deal #") == "[2]2345"
    sim.press(TURN + 1)
    sim.press(TURN + 1)
    assert line_value(sim, "Deal #") == "[0]2345"
    sim.press("OK")                         # done typing: the knob goes down the lines again
    sim.press(TURN + 1)
    assert line_value(sim, "Deal #") == "2345" and sim.screen.sel < len(sim.screen.items) - 7
    sim.press("BACK")
    new_game(sim, PRESETS.index("fan_tan"))
    t = sim.screen
    while not t.my_turn():
        sim.tick()
    at = t.cursor
    sim.press(TURN)
    assert t.cursor == (at + 1) % len(t.items)
    sim.press(TURN + 1)
    assert t.cursor == at


def test_ok_pressed_to_hurry_the_bots_does_not_play_your_card_the_moment_your_turn_begins():
    """PicoSystem, Parliament: press OK every 150 ms while the bots play, to hurry them as the
    Buttons page says ("any key"). No card of yours is laid by an OK that lands within 300 ms of
    your decision beginning: one laid the card under the cursor before you saw your turn."""
    sim = Sim("pimoroni_picosystem", seed=707)
    new_game(sim, PRESETS.index("parliament"))
    t = sim.screen
    began = None
    blind = []
    was_mine = t.my_turn()          # a decision already open when the presses start did not just begin
    for k in range(1, 3000):
        if t.g.over or not isinstance(sim.screen, TableScreen):
            break
        if k % 3 == 0:
            n = len(t.g.log)
            mine = t.my_turn()
            sim.hal.inject(hal_OK)
            sim.tick()
            if mine and began is not None and len(t.g.log) > n and sim.hal.clock - began <= 300:
                blind.append(sim.hal.clock - began)
        else:
            sim.tick()
        mine = t.my_turn()
        if mine and not was_mine:
            began = sim.hal.clock
        was_mine = mine
    assert not blind, "cards laid by a hurrying OK, ms into the decision: %r" % blind


def test_ok_pressed_to_skip_the_deal_does_not_play_your_first_card():
    """Sevens, deal 2: you hold the 7\u2666 and open. OK skips the deal's animation; a second
    OK at once (the same impatient presses) lays nothing for READ_MS, as after a hurry of the
    bots, so your first card is not laid before you saw your hand; then OK plays."""
    from firmware.screens import READ_MS
    sim, t = _dealing()
    assert t.g.turn == t.me
    sim.hal.inject(hal_OK)                  # skips the deal
    sim.tick(10)
    assert not t.dealing
    skipped = sim.hal.clock
    while sim.hal.clock - skipped < READ_MS - 50:
        sim.hal.inject(hal_OK)
        sim.tick(50)
        assert t.g.counts[t.me] == 13 and not t.g.log, sim.hal.clock - skipped
    sim.tick(100)
    sim.press("OK")
    assert t.g.counts[t.me] == 12 and t.g.log[0] == t.g.rules.opener


def test_a_page_takes_ok_only_once_read_ms_has_passed():
    """A page counts OK once READ_MS has passed since it appeared (as New game after a match's
    end counts it): an OK at READ_MS still does nothing; the next moment it goes back."""
    from firmware.screens import READ_MS
    sim = Sim()
    select_menu(sim, "Rules & help")
    sim.press("OK")
    select_menu(sim, text.t("table"))
    sim.press("OK")
    page = sim.screen
    assert isinstance(page, PageScreen) and sim.hal.clock - page.since < READ_MS
    sim.hal.inject(hal_OK)
    sim.tick(page.since + READ_MS - sim.hal.clock)
    assert sim.screen is page
    sim.hal.inject(hal_OK)
    sim.tick(1)
    menu = sim.screen
    assert isinstance(menu, ListScreen) and menu.item_text(menu.items[menu.sel]) == text.t("table")


def _near_the_end(sim):
    """Sevens by buttons until, on your turn, a bot holds one card: your move, then the bots
    may end the deal."""
    t = sim.screen
    while True:
        assert isinstance(sim.screen, TableScreen) and not t.g.over
        if t.my_turn() and min(t.g.counts[p] for p in range(1, t.g.players)) <= 1:
            return t
        if t.my_turn():
            sim.play_legal()
        else:
            sim.settle()


def _hurry_with_ok(sim, ms, period=150):
    """OK every period ms (the Buttons page: any key speeds up the bots); what was on screen
    and from when: [(ms, screen)]."""
    seen = []
    t0 = sim.hal.clock
    while sim.hal.clock - t0 < ms:
        if (sim.hal.clock - t0) % period == 0:
            sim.hal.inject(hal_OK)
        sim.tick(10)
        s = sim.screen
        if not seen or seen[-1][1] is not s:
            seen.append((sim.hal.clock - t0, s))
    return seen


def test_ok_pressed_to_hurry_the_bots_does_not_flick_past_the_deals_results():
    """Found by play-testing. PicoSystem, Sevens, deal 1603: after your move the bots end the deal; you press OK every
    150 ms to hurry them. The Results page and then the Standings were each shown for 150 ms
    and the next deal began: who won, and what you paid, flew past unread. Each page stays
    until an OK comes at least 0.6 s after it appeared (as OK lays no card for 0.6 s after a
    hurry)."""
    sim = Sim("pimoroni_picosystem", seed=1603)
    new_game(sim, PRESETS.index("sevens"))
    _near_the_end(sim)
    sim.press("OK", settle=False)                 # your own move, on purpose
    seen = _hurry_with_ok(sim, 4000)
    pages = [(ms, s) for ms, s in seen if isinstance(s, PageScreen)]
    assert pages, "the deal did not end"
    shown = []
    for i, (ms, s) in enumerate(seen):
        if isinstance(s, PageScreen):
            end = seen[i + 1][0] if i + 1 < len(seen) else None
            shown.append((s.title, None if end is None else end - ms))
    short = [(title, ms) for title, ms in shown if ms is not None and ms < 600]
    assert not short, "pages dismissed by the hurrying OKs, ms on screen: %r" % short


def test_the_finished_deal_rests_on_the_table_until_ok_or_briefly_after_a_hurry():
    """The table rests on a finished deal (the last card laid, the winner said) for 1.5 s before
    its results, or until OK; only 0.3 s when a key hurried the bots to its end."""
    sim = Sim(seed=100)
    new_game(sim, PRESETS.index("sevens"))
    g = sim.screen.g
    play_out(g)
    sim.tick()
    sim.tick()                                    # the end drawn, then its jingle
    assert isinstance(sim.screen, TableScreen)
    sim.press("OK", settle=False)
    sim.tick()
    assert isinstance(sim.screen, PageScreen) and sim.screen.title == text.t("results")
    sim = Sim(seed=1603)                          # after your move the bots end the deal
    new_game(sim, PRESETS.index("sevens"))
    t = _near_the_end(sim)
    sim.press("OK", settle=False)
    sim.press("RIGHT", settle=False)              # hurry them
    while not t.g.over:
        sim.tick()
    ended = sim.hal.clock
    while sim.screen is t:
        sim.tick()
    assert sim.hal.clock - ended <= 400


@pytest.mark.parametrize("key", ["MENU", "BACK"])
def test_a_menu_pressed_as_the_deal_ends_does_not_skip_its_results(key):
    """Found by play-testing (MacroPad): MENU pauses while the bots play; pressed as the last
    card landed, it went from the Results page straight on to the Standings, as BACK and MENU
    there do what OK does. Like OK, they count 0.6 s after the page appears."""
    from hal.buttons import BACK, MENU
    sim = Sim("adafruit_macropad_rp2040", seed=100)
    new_game(sim, PRESETS.index("sevens"))
    _play_to_deal_end(sim)
    results = sim.screen
    assert results.title == text.t("results")
    sim.hal.inject(MENU if key == "MENU" else BACK)
    sim.tick()
    assert sim.screen is results
    sim.press(key)                                # later, it pauses (the way to quit between deals)
    assert sim.screen.title == text.t("paused")


def test_ok_pressed_to_hurry_the_bots_does_not_start_a_new_match_past_the_match_result():
    """uGame 22, Sevens (4 deals), deal 1706 is the match's last: OK every 200 ms to hurry the
    bots went Results (250 ms), 'P4 wins the match' (250 ms), the title, New game, and a new
    match's first deal, in 1.3 s. The match's result stays until an OK comes at least 0.6 s
    after it appeared."""
    sim = Sim("ugame22", seed=1703)
    new_game(sim, PRESETS.index("sevens"))
    standings = 0
    while standings < 3:                          # deals 1-3 by buttons
        s = sim.screen
        if isinstance(s, PageScreen):
            for _ in range(20):                   # a second to read it
                sim.tick()
            sim.press("OK")
            if s.title == text.t("standings") and sim.screen is not s:
                standings += 1
        elif s.g.over or not s.my_turn():
            sim.settle()
        else:
            sim.play_legal()
    sim.settle()
    _near_the_end(sim)
    sim.press("OK", settle=False)
    seen = _hurry_with_ok(sim, 4000, period=200)
    at = [i for i, (ms, s) in enumerate(seen) if isinstance(s, PageScreen)
          and any(text.t("match_over") in x[0] for x in s.lines)]
    assert at, "the match did not end: %r" % [type(s).__name__ for ms, s in seen]
    i = at[0]
    assert i + 1 == len(seen) or seen[i + 1][0] - seen[i][0] >= 600, \
        "the match's result shown %d ms, then: %r" % (
            seen[i + 1][0] - seen[i][0], [type(s).__name__ for ms, s in seen[i + 1:]])


def test_right_opens_a_menu_line_without_a_value_as_left_goes_back():
    """Two-key boards (the T-Display: L and R, OK is a held R): a play-tester tapped R on the
    title and nothing happened. RIGHT on a line without a value opens it, as LEFT goes back."""
    sim = Sim("lilygo_t_display_rp2040", seed=3)
    title = sim.screen
    select_menu(sim, "New game")
    sim.press("RIGHT")
    assert isinstance(sim.screen, ListScreen) and sim.screen is not title
    assert sim.screen.title == text.t("new_game")
    sim.press("LEFT")                   # the Start line has no value: back to the title
    assert sim.screen.title != text.t("new_game")


def test_ok_on_a_menu_line_with_a_value_steps_it_as_right_does():
    """OK on a line with a value and nothing to open steps the value on, as RIGHT does, and
    LEFT steps it back."""
    sim = Sim(seed=3)
    pick_preset(sim, PRESETS.index("parliament"))
    select_menu(sim, "Players")
    players = sim.app.rules().players
    sim.press("OK")
    assert sim.app.rules().players == players + 1 and sim.screen.title == text.t("new_game")
    sim.press("LEFT")
    assert sim.app.rules().players == players


def test_on_e_ink_a_page_takes_ok_only_once_the_panel_has_shown_it():
    """The Badger's panel shows a page about a second after it is made (it settles, then
    refreshes), so a page that took OK 0.6 s after it was made could still go by unseen under
    OKs that hurried the bots: the 0.6 s count from the refresh that shows it."""
    sim = Sim("pimoroni_badger2040", seed=1603)
    new_game(sim, PRESETS.index("sevens"))
    _near_the_end(sim)
    shown = {}
    real = sim.hal.refresh

    def refresh():
        shown.setdefault(sim.screen, sim.hal.clock)
        return real()
    sim.hal.refresh = refresh
    sim.press("OK", settle=False)
    seen = _hurry_with_ok(sim, 6000)
    t0 = sim.hal.clock - 6000
    pages = [(ms, s) for ms, s in seen if isinstance(s, PageScreen)]
    assert pages, "the deal did not end"
    for i, (ms, s) in enumerate(seen[:-1]):
        if isinstance(s, PageScreen):
            assert s in shown, "a page left before the panel showed it: %s" % s.title
            assert seen[i + 1][0] + t0 - shown[s] >= 600, (s.title, seen[i + 1][0] + t0 - shown[s])


def test_a_race_s_penalty_points_read_without_a_plus_at_the_table():
    """Domino is a race to 100 penalty points: after a deal the table says them as the
    standings do, "You 3 pt/100" and "13 \u00b7 3 pt", never "+3", which reads as a gain."""
    sim = _next_deal("domino", seed=30)
    t = sim.screen
    scores = sim.app.match.scores
    assert isinstance(t, TableScreen) and any(scores) and t.g.rules.target == 100
    said = t.status_r.text            # (with your dealer's mark where you deal: "You D 3 pt/100")
    assert said.endswith(" %d pt/100" % scores[t.me]) and "+" not in said, said
    for p, l1, l2, width in t.opp_labels:
        assert l2.text.endswith(" %d pt" % scores[p]) and "+" not in l2.text, l2.text


def test_a_race_s_results_say_each_player_s_penalty_points_and_only_the_losers_cards():
    """Domino is a race: its results say what each player's cards cost as penalty points, "= 3
    pt" (a plus read as a gain), each loser's cards on a line of their own, and no line of
    cards under the winner, who has none."""
    sim = Sim(seed=30)
    new_game(sim, PRESETS.index("domino"))
    _play_to_deal_end(sim)
    m = sim.app.match
    g = m.game
    lines = page_text(sim.screen)
    said = [x for x in lines if x.startswith(("You:", "P2:", "P3:", "P4:"))]
    assert len(said) == 4 and all("+" not in x for x in said), said
    assert [x for x in said if x.endswith(" = 0 pt")] == [said[g.winner]], said
    cards = [x for x in lines if x.startswith("  ")]
    assert len(cards) == 3 and all(x.strip() for x in cards), lines
    assert not lines[lines.index(said[g.winner]) + 1].startswith("  ")


def test_the_standings_mark_no_leader_while_all_stand_level():
    """Before anyone has scored, everyone leads: the paused standings mark nobody with \u25c0 and
    have no "\u25c0 leads" line; nor "OK: next deal", the deal being played (OK goes back)."""
    sim = Sim(seed=30)
    new_game(sim, PRESETS.index("parliament"))
    sim.press("MENU")
    select_menu(sim, "Standings")
    sim.press("OK")
    lines = page_text(sim.screen)
    assert sim.screen.title == text.t("standings") and lines[0].startswith("You")
    assert not [x for x in lines if "\u25c0" in x], lines
    assert text.ok("next_deal") not in lines and lines[-1] != text.ok("ok_new"), lines


def test_back_at_the_table_pauses_as_menu_does():
    """On your turn BACK opens the pause menu, as MENU does (boards whose MENU is a chord:
    BACK is the key at hand), and BACK there resumes the table."""
    sim = Sim(seed=30)
    new_game(sim, PRESETS.index("parliament"))
    t = sim.screen
    while not t.my_turn():
        sim.tick()
    sim.press("BACK")
    assert isinstance(sim.screen, ListScreen) and sim.screen.title == "Paused"
    sim.press("BACK")
    assert isinstance(sim.screen, TableScreen) and sim.screen.my_turn()


# ---- the T-Display's two keys, pressed as a player does (held, chorded) ------------------
def _before_your_turn(started, seed):
    """A deal started(seed) again, not yet dealt, and the clock at which your first decision
    begins in it (found by a first run: the same seed plays the same)."""
    sim = started(seed)
    while not sim.screen.my_turn():
        sim.tick()
    return started(seed), sim.hal.clock


def _sevens_started_with_a_tap(seed):
    """T-Display, Sevens: New game and Start by taps of R, the deal not yet dealt."""
    sim = Sim("lilygo_t_display_rp2040", seed=seed)
    sim.press("RIGHT")
    sim.press("RIGHT", settle=False)
    assert isinstance(sim.screen, TableScreen) and sim.screen.dealing
    return sim


@pytest.mark.parametrize("seed,after", [(2, "the deal"), (3, "a bot's move")])
def test_a_hold_of_r_begun_before_your_turn_lays_no_card(seed, after):
    """T-Display: OK is R held 0.6 s, so it fires 0.6 s after R went down. R held from 0.3 s
    before your decision began (after the deal, or a bot's move: pressed to hurry them, as any
    key does) laid the card under the cursor 0.3 s into your turn, before you saw it; the
    other boards' OK hurries the bots as it goes down, and then lays nothing for READ_MS. A hold
    begun before your turn lays nothing; one begun in it plays."""
    from firmware.screens import READ_MS
    sim, began = _before_your_turn(_sevens_started_with_a_tap, seed)
    t = sim.screen
    down, up = _held_across_your_turn(sim, began, "R", 300, READ_MS)
    assert t.my_turn() and t.g.counts[t.me] == 13, (after, t.g.log)     # no card of yours laid
    n = len(t.g.log)
    down("R")
    held = sim.hal.clock
    while len(t.g.log) == n and sim.hal.clock - held < 2 * READ_MS:
        sim.tick()
    up("R")
    assert t.g.counts[t.me] == 12 and sim.hal.clock - held >= READ_MS, after


def test_l_held_and_r_tapped_again_steps_down_again():
    """T-Display: L+R (both keys down) is DOWN, the next menu line. Holding L and tapping R
    for each line, a play-tester's way down a menu, went one line, then read the next taps of R
    as RIGHT: on the title it opened Settings, then changed the language. While L is held from
    a chord, each R is the chord again (held from a long press, L still makes none)."""
    sim = Sim("lilygo_t_display_rp2040", seed=3)
    down, up = _raw_keys(sim)
    title = sim.screen
    down("L")
    for line in (1, 2, 3):
        down("R")
        up("R")
        assert sim.screen is title and title.sel == line
    up("L")
    sim.tick(1000)
    assert sim.screen is title and title.sel == 3 and sim.app.settings["lang"] == 0


def test_r_held_into_a_new_screen_and_l_tapped_is_l_not_the_chord():
    """T-Display: R held 0.6 s is OK, which opens New game from the title (the new screen clears
    the keys); L tapped with R still down is LEFT there (on Start, a line without a value: back to
    the title), not L+R (DOWN): R was spent on its hold, and the clear must not make it a chord
    key again (a clear that marked every held key as cleared turned the tap into DOWN, the cursor
    a line down on Rules)."""
    from hal.buttons import _LONG_MS
    sim = Sim("lilygo_t_display_rp2040", seed=3)
    down, up = _raw_keys(sim)
    title = sim.screen
    down("R")
    while sim.screen is title:
        sim.tick()
    assert sim.screen.title == text.t("new_game") and sim.hal.clock >= _LONG_MS
    assert sim.screen.sel == 0
    down("L")
    up("L")
    up("R")
    sim.tick(1000)
    assert sim.screen.title == title.title and sim.app.match is None


@pytest.mark.parametrize("board", ("adafruit_macropad_rp2040", "pimoroni_picosystem"))
def test_a_direction_held_on_one_screen_does_not_repeat_onto_the_next(board):
    """A held direction repeats (after 0.4 s), and RIGHT opens a menu line without a value: the
    MacroPad's → key (the PicoSystem's) pressed for half a second on the title opened New game,
    and its repeat opened Start, a match nobody chose. A held key repeats on the screen where it
    went down only; on that screen it goes on repeating (New game's values)."""
    sim = Sim(board, seed=3)
    key = pygame.key.key_code(dict((i, name) for name, i in keyboard_map(sim.hal.profile))[
        [k[1] for k in sim.hal.profile.KEYS].index(RIGHT)])
    sim.hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=key))
    for _ in range(20):                 # a second, polled as the badge does
        sim.tick()
    sim.hal.key_event(pygame.event.Event(pygame.KEYUP, key=key))
    sim.settle()
    assert sim.app.match is None and sim.screen.title == text.t("new_game")
    select_menu(sim, "Deal #")
    deal = sim.app.settings["deal"]
    sim.hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=key))
    for _ in range(20):
        sim.tick()
    sim.hal.key_event(pygame.event.Event(pygame.KEYUP, key=key))
    assert sim.app.settings["deal"] > deal + 2         # repeats, on the screen it went down on


@pytest.mark.parametrize("board", ("adafruit_macropad_rp2040", "pimoroni_picosystem"))
def test_a_held_directions_repeat_read_with_a_press_that_opens_a_screen_stays_off_it(board):
    """DOWN held to run down the title and OK pressed as DOWN's next repeat fell due, read in
    the same poll (the badge polls every 20 ms, DOWN repeats every 0.12 s): the repeat went
    after OK, to the screen OK opened, and Settings opened with its cursor a line down (found
    by a raw-key fuzz). A repeat waits for a poll without other buttons (fails before)."""
    from hal.buttons import DOWN, _REPEAT_DELAY_MS
    sim = Sim(board, seed=3)
    p = sim.hal.profile
    names = dict((i, name) for name, i in keyboard_map(p))
    code = dict((b, pygame.key.key_code(names[[k[1] for k in p.KEYS].index(b)])) for b in (DOWN, hal_OK))
    sim.hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=code[DOWN]))
    sim.tick(20)                        # the title's cursor on Settings
    while sim.hal.clock < _REPEAT_DELAY_MS - 20:
        sim.tick(20)
    sim.hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=code[hal_OK]))
    sim.tick(20)                        # OK and DOWN's first repeat, read together
    assert sim.screen.title == text.t("settings") and sim.screen.sel == 0


# ---- keys that fire as they are let go (a hold means something else) ----------------------
def _raw_keys(sim):
    """Press(label)/release(label) a board's keys by the names its Buttons page gives them,
    through the simulator's keyboard (hal.buttons, as on the badge); the app then polls them
    one step on (or ms on: press(label, ms))."""
    key = _board_key(sim)
    labels = sim.hal.profile.LABELS

    def by_label(down, name, *ms):
        key(labels.index(name), down)
        sim.tick(*ms)
    return (lambda name, *ms: by_label(True, name, *ms)), (lambda name, *ms: by_label(False, name, *ms))


def _held_across_your_turn(sim, began, key, before_ms, into_ms):
    """Key (by label) pressed before_ms before your decision begins (at began) and let go
    into_ms into it; the raw keys' down and up, for more."""
    down, up = _raw_keys(sim)
    while sim.hal.clock < began - before_ms:
        sim.tick()
    down(key)
    while sim.hal.clock < began + into_ms:
        sim.tick()
    up(key)
    return down, up


def _badger_sevens(seed):
    """Badger, Sevens, started (by logical buttons) and not yet dealt."""
    sim = Sim("pimoroni_badger2040", seed=seed)
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Start")
    sim.press("OK", settle=False)
    assert isinstance(sim.screen, TableScreen) and sim.screen.dealing
    return sim


@pytest.mark.parametrize("seed,after", [(2, "the deal"), (3, "a bot's move")])
@pytest.mark.parametrize("up_ms", [250, 450])
def test_b_pressed_before_your_turn_and_let_go_in_it_lays_no_card_on_the_badger(seed, after, up_ms):
    """Badger: B is OK tapped and BACK held, so its OK fires as B is let go. B pressed 0.1 s
    before your decision began (to hurry the deal or the bots, as any key does) and let go
    0.45 s into it, as the turn's refresh had just begun (the panel takes a second), laid the
    card under the cursor unseen: only an OK on a panel not yet refreshed asked to confirm.
    A key still down as the decision begins says nothing more (as on a new screen); a tap of B
    after it plays."""
    from firmware.screens import READ_MS
    sim, began = _before_your_turn(_badger_sevens, seed)
    t = sim.screen
    down, up = _held_across_your_turn(sim, began, "B", 100, up_ms)
    assert isinstance(sim.screen, TableScreen) and t.my_turn(), after
    assert t.g.counts[t.me] == 13, (after, up_ms, list(t.g.log))        # no card of yours laid
    while sim.hal.clock < began + READ_MS + 100:
        sim.tick()
    down("B")
    up("B")
    assert t.g.counts[t.me] == 12, after


@pytest.mark.parametrize("board,seed", [("lilygo_t_display_rp2040", 1), ("lilygo_t_display_rp2040", 3),
                                        ("pimoroni_badger2040", 2), ("pimoroni_badger2040", 3)])
def test_a_press_begun_before_your_decision_lays_nothing_however_late_it_is_read(board, seed):
    """Where OK fires late (the T-Display's R held 0.6 s, the Badger's B as it is let go), a
    press begun before your decision lays no card. A decision's first READ_MS taking no OK
    missed one begun 50 ms before it and read 0.62 s into it, past them, on a slow loop (a
    bot's move or a render between two polls): the card under the cursor, unseen. A key held
    as the decision begins says nothing more; pressed again, it plays."""
    sim, began = _before_your_turn(_sevens_started_with_a_tap if board.startswith("lilygo") else _badger_sevens, seed)
    t = sim.screen
    down, up = _raw_keys(sim)
    key = sim.hal.profile.LABELS[-1]        # R, B: the key whose OK fires late
    while sim.hal.clock < began - 50:
        sim.tick()
    down(key)                               # (polled at began, as the decision begins)
    assert sim.hal.clock == began and t.my_turn()
    while sim.hal.clock < began + 500:
        sim.tick()
    if key == "B":
        up(key, 120)                        # let go, and read 0.12 s on
    else:
        sim.tick(120)                       # the hold read 0.12 s on
        up(key)
    assert t.g.counts[t.me] == 13 and t.my_turn(), list(t.g.log)       # no card of yours laid
    down(key)
    while key == "R" and t.g.counts[t.me] == 13 and sim.hal.clock < began + 3000:
        sim.tick()                          # R held for OK (B tapped)
    up(key)
    assert t.g.counts[t.me] == 12
