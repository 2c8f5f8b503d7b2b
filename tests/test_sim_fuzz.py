"""Button mashing: 5,000 random presses per layout never raise, and the game stays sound; the
same through every board's own keys (held, chorded, overlapping), which also keep the rules of
when a key may act; and mashing with power cuts loses nothing."""
import random

import pygame
import pytest

from hal import BOARDS

from simhelp import Sim, LAYOUT_BOARDS, TableScreen, PageScreen, shown_hand
from engine.rules import CHIPS, PRESETS
from engine.cards import popcount
from engine import reasons as R
from engine import save
from firmware import text, ui
from firmware.screens import READ_MS
from hal.buttons import OK, TURN

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


def mash(sim, rnd, knob=False):
    """One random press (MENU less often, so deals get played), or with knob a turn of the knob
    too (TURN, TURN + 1) where the board has one, a random wait, and the checks."""
    b = rnd.randrange(TURN + 2 if knob and sim.hal.profile.ENCODER else TURN)
    if b == 6 and rnd.random() < 0.7:
        b = 4
    sim.hal.inject(b)
    sim.tick(rnd.choice((0, 10, 50, 120, 400)))
    check_invariants(sim)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_button_mashing(board):
    rnd = random.Random(board)
    sim = Sim(board, seed=rnd.randrange(1, 9999))
    sim.app.settings["auto"] = LAYOUT_BOARDS.index(board) % 2     # Auto-play on half the boards
    deals_seen = set()
    at_table = 0
    try:
        for i in range(PRESSES):
            mash(sim, rnd, knob=True)
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


@pytest.mark.parametrize("board", ["pimoroni_picosystem", "adafruit_macropad_rp2040"])
def test_mashing_at_a_table_of_hard_bots(board):
    """Seven seats of Hard bots (Parliament): keys land while a bot searches and while a hint
    does (the mashing above plays Easy bots, whose move takes no search), and the game stays
    sound through them."""
    rnd = random.Random("hard " + board)
    sim = Sim(board, seed=rnd.randrange(1, 9999))
    sim.app.settings["preset"] = PRESETS.index("parliament")
    sim.app.settings["players"] = 7
    sim.app.seat_levels[:] = bytearray([2] * 7)
    bot = hint = 0                  # presses while a bot's search, or a hint's, runs
    try:
        for i in range(1500):
            scr = sim.screen
            if isinstance(scr, TableScreen):
                bot += scr.bot is not None
                hint += scr.hinting is not None
            mash(sim, rnd)
    finally:
        text.set_lang(0)
    assert bot > 100 and hint, (bot, hint)


@pytest.mark.parametrize("board", BOARDS)
def test_mashing_the_boards_own_keys(board):
    """Every board's keys mashed as a player's fingers do: keys held down together, let go in any
    order, held past a long press, a chord's two keys, the knob turned between. Through the
    board's own key handling (hal.buttons, as the badge's) the game never raises and stays sound,
    and the mashing gave every logical button the board's keys, long presses and chords give."""
    rnd = random.Random("raw " + board)
    sim = Sim(board, seed=rnd.randrange(1, 9999))
    hal = sim.hal
    gave = set()
    poll = hal.poll

    def seen():
        out = poll()
        gave.update(out)
        return out
    hal.poll = seen
    keys = sorted(hal.keymap) + sorted(hal.enc)
    down = []
    try:
        for _ in range(800):
            if down and rnd.random() < 0.5:
                key, kind = down.pop(rnd.randrange(len(down))), pygame.KEYUP
            else:
                key, kind = rnd.choice(keys), pygame.KEYDOWN
                if key in hal.keymap and key not in down:
                    down.append(key)
            hal.key_event(pygame.event.Event(kind, key=key))
            sim.tick(rnd.choice((0, 10, 50, 120, 400, 700)))
            check_invariants(sim)
        sim.render()
    finally:
        text.set_lang(0)
    p = hal.profile
    want = {k[1] for k in p.KEYS} | {k[2] for k in p.KEYS} | {c[2] for c in p.CHORDS}
    assert want - {None} <= gave, sorted(want - gave)


@pytest.mark.parametrize("board", BOARDS)
def test_raw_keys_at_uneven_polls_keep_the_timing_rules(board):
    """The raw mashing above checks that the game stays sound; this one, through every
    board's keys with holds, chords and polls 10 to 150 ms apart over whole deals and menus,
    checks when keys may act: a card is laid only by an OK key pressed after the decision
    began; a held direction repeats only on the screen it went down on, and in a decision
    only if it went down in it; a page takes no OK or BACK in its first READ_MS; two chorded
    keys make their chord unless the one held first fired its long press. It found a repeat
    read in the same poll as a press that opened a screen going on to that screen."""
    rnd = random.Random("timing " + board)
    sim = Sim(board, seed=rnd.randrange(1, 9999))
    app, hal = sim.app, sim.hal
    b, p = hal.buttons, hal.profile
    n = len(p.KEYS)
    code = dict((i, c) for c, i in hal.keymap.items())
    oks = [i for i in range(n) if OK in p.KEYS[i][1:]]
    pressed = {}            # key: (event count when it went down, the screen then)
    at = {"events": 0, "decision": None, "began": 0}
    given = []              # per button of the last poll: (key, pressed[key]) if a repeat
    fired_long = set()
    poll, tick, sound = hal.poll, b.tick, app.sound

    def ticked(now):
        given[:] = [None] * len(b.out)
        rep, spent = list(b.next_repeat), list(b.spent)
        tick(now)
        given.extend((i, pressed[i]) if b.spent[i] == spent[i] else None
                     for i in range(n) if b.spent[i] != spent[i] or b.next_repeat[i] != rep[i])

    def polled():
        knob = len(hal.queue)   # (the simulator's knob goes first, the badge's after tick())
        out = poll()
        given[:0] = [None] * knob
        if app.dimmed and out:      # (a press that wakes the screen does nothing else)
            del given[0]
        fired_long.update(i for i in range(n) if b.down[i] and p.KEYS[i][2] in out)
        return out

    def sounded(notes):
        if notes is ui.CLICK and given:
            repeat = given.pop(0)
            if repeat:
                i, (when, screen) = repeat
                assert app.screen is screen, (p.LABELS[i], "repeated onto a new screen")
                t = app.screen
                assert not (isinstance(t, TableScreen) and t.my_turn() and when < at["began"]), p.LABELS[i]
        sound(notes)
    b.tick, hal.poll, app.sound = ticked, polled, sounded
    try:
        for _ in range(1500):
            down = sorted(hal.held)
            if down and rnd.random() < 0.45:
                i = rnd.choice(down)
                fired_long.discard(i)
                at["events"] += 1
                hal.key_event(pygame.event.Event(pygame.KEYUP, key=code[i]))
            else:
                i = rnd.choice(oks * 3 + list(range(n)))
                chord = [c for j, c in b.partner[i] if j in hal.held and j not in fired_long][:1]
                if i not in hal.held:
                    at["events"] += 1
                    hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=code[i]))
                    pressed[i] = (at["events"], app.screen)
                    assert not b.partner[i] or b.out == chord, (p.LABELS[i], b.out, chord)
            for _ in range(rnd.choice((1, 1, 1, 2, 3, 6, 10))):
                scr = app.screen
                mine = scr.g.log[:] if isinstance(scr, TableScreen) and scr.my_turn() else None
                ms = rnd.randint(10, 150)
                young = isinstance(scr, PageScreen) and hal.clock + ms - scr.since <= READ_MS
                sim.tick(ms)
                assert not (young and app.screen is not scr), "a page took a key in its first READ_MS"
                if mine is not None and len(scr.g.log) > len(mine):
                    assert any(pressed.get(i, (-1,))[0] > at["began"] for i in oks), \
                        "a card laid by a press begun before the decision"
                t = app.screen
                if isinstance(t, TableScreen) and t.my_turn():
                    decision = (t.g, t.g.deal_number, len(t.g.log))
                    if decision != at["decision"]:
                        at["decision"], at["began"] = decision, at["events"]
                check_invariants(sim)
    finally:
        text.set_lang(0)


def decided(match, me):
    """The deal's log, and how much of it runs to your last decision (replayed from its record)."""
    m = save.decode(save.encode(match))[0]
    log = bytes(m.game.log)
    mine = 0
    for k in range(len(log)):
        m.resume(log[:k])
        if m.game.turn == me:
            mine = k + 1
    return log, mine


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_power_cuts_while_mashing_lose_no_decision_and_no_match(board, tmp_path):
    """Button mashing with the power cut now and then (a new app on the same save folder): a
    running match always comes back, and a cut mid-deal comes back to that deal with every
    decision you made in it (the bots' moves after your last one may be made again)."""
    rnd = random.Random("cut " + board)
    sim = Sim(board, seed=rnd.randrange(1, 9999), data_dir=str(tmp_path))
    sim.app.settings["auto"] = LAYOUT_BOARDS.index(board) % 2
    mid_deal = 0
    try:
        for i in range(PRESSES // 3):
            mash(sim, rnd)
            if rnd.random() > 0.01:
                continue
            m, scr = sim.app.match, sim.screen
            running = m is not None and not m.over
            kept = None
            if running and isinstance(scr, TableScreen) and not scr.g.over:
                kept = (m.game.deal_number, decided(m, scr.me))
            sim = Sim(board, data_dir=str(tmp_path))
            back = sim.app.match
            assert back is not None or not running, (i, type(scr).__name__)
            if kept:
                deal, (log, mine) = kept
                resumed = bytes(back.game.log)
                assert back.game.deal_number == deal and log.startswith(resumed), i
                assert len(resumed) >= mine, (i, len(resumed), mine)
                mid_deal += 1
    finally:
        text.set_lang(0)
    assert mid_deal >= 5, mid_deal
