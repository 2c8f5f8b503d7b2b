"""Shared helpers for the simulator/firmware tests: a scripted human that uses buttons only."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.rules import PRESETS  # noqa: E402
from simulator.core import Sim  # noqa: E402
from firmware.table import TableScreen  # noqa: E402
from firmware.screens import ListScreen, PageScreen  # noqa: E402

LAYOUT_BOARDS = ("pimoroni_picosystem", "pajenicko_picopad", "hack_club_sprig",
                 "adafruit_macropad_rp2040", "pimoroni_badger2040", "lilygo_t_display_rp2040")


def select_menu(sim, key_text):
    """Move the menu cursor to the line whose text contains key_text, with UP/DOWN only."""
    scr = sim.screen
    assert isinstance(scr, ListScreen)
    for _ in range(len(scr.items) + 1):
        if key_text in scr.item_text(scr.items[scr.sel]):
            return
        sim.press("DOWN")
    raise AssertionError("no menu line " + key_text)


def new_game(sim, preset_index, players=None):
    """From the title screen, set up and start a game with buttons only."""
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Rules")
    for _ in range(len(PRESETS)):       # from wherever the saved settings left it
        if sim.app.settings["preset"] == preset_index:
            break
        sim.press("RIGHT")
    assert sim.app.settings["preset"] == preset_index
    if players is not None:
        sim.press("DOWN")
        for _ in range(8):
            if sim.app.rules().players == players:
                break
            sim.press("RIGHT")
    select_menu(sim, "Start")
    sim.press("OK")
    assert isinstance(sim.screen, TableScreen)


def human_turn(sim, check):
    """One human decision through buttons: walk to the first card that looks playable, OK.

    check(sim, table) runs before the decision (assertions on what the screen shows)."""
    t = sim.screen
    check(sim, t)
    shown = t.shown_hand()
    items = t.items
    target = None
    for i in range(len(items)):
        if items[i] < 52 and not _screen_dim(t, items[i]):
            target = i
            break
    if target is None:
        target = len(items) - 1          # the explicit pass
    n = len(items)
    steps = (target - t.cursor) % n
    for _ in range(steps):
        sim.press("RIGHT")
    assert t.cursor == target
    sim.ok()
    return shown


def _screen_dim(t, card):
    # scroll-aware: look the card up on screen by moving nothing; cards off-window use the rule
    for c, dim in t.shown_hand():
        if c == card:
            return dim
    return t.g.check(card, t.me) != 0
