"""Shared helpers for the simulator/firmware tests: a scripted human that uses buttons only.
(conftest.py has made SDL headless.)"""
import gc
import sys
import types

from engine.rules import PRESETS
from simulator.core import Sim, message  # noqa: F401
from firmware.table import TableScreen
from firmware.screens import ListScreen, PageScreen  # noqa: F401
import firmware
from firmware import ui, text
import displayio

LAYOUT_BOARDS = ("pimoroni_picosystem", "pajenicko_picopad", "hack_club_sprig",
                 "adafruit_macropad_rp2040", "pimoroni_badger2040", "pimoroni_badger2350",
                 "lilygo_t_display_rp2040", "heiafr_picomo_v3", "tinycircuits_thumby_color")


def select_menu(sim, key_text):
    """Move the menu cursor to the line whose text contains key_text, with UP/DOWN only."""
    scr = sim.screen
    assert isinstance(scr, ListScreen)
    for _ in range(len(scr.items) + 1):
        if key_text in scr.item_text(scr.items[scr.sel]):
            return
        sim.press("DOWN")
    raise AssertionError("no menu line " + key_text)


def outlined(t):
    """The cards whose places table screen t's rows outline (the next cards), sorted."""
    bottom = 1 if t.g.rules.ace_high else 0
    return [s * 13 + r for s in range(4) for r in range(13)
            if t.rows[1 + (r - bottom) % 13, s] == ui.T_NEED + r]


def pick_preset(sim, preset_index):
    """From the title screen, open New game and set its rules to a preset, with buttons only."""
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Rules")
    for _ in range(len(PRESETS)):       # from wherever the saved settings left it
        if sim.app.settings["preset"] == preset_index:
            break
        sim.press("RIGHT")
    assert sim.app.settings["preset"] == preset_index


def set_line(sim, line, want, field):
    """On New game, RIGHT on `line` until the rule set's field reads `want`; the values seen."""
    select_menu(sim, line)
    seen = []
    for _ in range(8):
        value = getattr(sim.app.rules(), field)
        if value == want:
            return seen
        seen.append(value)
        sim.press("RIGHT")
    raise AssertionError("%s never %r: %r" % (line, want, seen))


def start_with(sim, key, line, want, field):
    """From the title, start a match of preset key with New game's `line` set so that the
    rule set's field reads `want` (set_line), with buttons only."""
    pick_preset(sim, PRESETS.index(key))
    set_line(sim, line, want, field)
    select_menu(sim, "Start")
    sim.press("OK")


def passed_by(sim, line):
    """Whether UP and DOWN, each all round the menu, pass `line` by (a line with nothing to
    do: it reads "-", or cannot change)."""
    scr = sim.screen
    for b in ("DOWN", "UP"):
        for _ in range(len(scr.items)):
            sim.press(b)
            if line in scr.item_text(scr.items[scr.sel]):
                return False
    return True


def line_value(sim, line):
    """What New game's line (the first whose text contains `line`) reads now. The cursor
    stays: a line that reads "-" cannot be selected."""
    scr = sim.screen
    for item in scr.items:
        if line in scr.item_text(item):
            return item[1]()
    raise AssertionError("no menu line " + line)


def start_in_words(sim):
    """From the title, New game and Start, as the current language names them."""
    select_menu(sim, text.t("new_game"))
    sim.press("OK")
    select_menu(sim, text.t("start"))
    sim.press("OK")


def quit_match(sim):
    """From the pause menu, Quit and confirm: back at the title, no match."""
    select_menu(sim, "Quit")
    sim.press("OK")
    select_menu(sim, "Yes")
    sim.press("OK")
    assert sim.app.match is None


def new_game(sim, preset_index, players=None):
    """From the title screen, set up and start a game with buttons only."""
    pick_preset(sim, preset_index)
    if players is not None:
        sim.press("DOWN")
        for _ in range(8):
            if sim.app.rules().players == players:
                break
            sim.press("RIGHT")
        assert sim.app.rules().players == players
    select_menu(sim, "Start")
    sim.press("OK")
    assert isinstance(sim.screen, TableScreen)


def play_out(g):
    """Every seat, the human's too, lays the engine's first legal move until the deal is over
    (the screen follows at the next tick)."""
    while not g.over:
        g.play(g.legal_moves()[0], g.turn)


def human_turn(sim, check):
    """One human decision through buttons: walk to the first card that looks playable, OK.

    check(sim, table) runs before the decision (assertions on what the screen shows)."""
    t = sim.screen
    check(sim, t)
    shown = shown_hand(t)
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
    for c, dim in shown_hand(t):
        if c == card:
            return dim
    return t.g.check(card, t.me) != 0


# ---- what the screen shows, read back from the display tree -------------------------
def labels(screen):
    """(label, x, y) of every visible label on the screen."""
    out = []
    _walk(screen.group, 0, 0, out)
    return out


def _walk(group, ox, oy, out):
    for item in group:
        if getattr(item, "hidden", False):
            continue
        if hasattr(item, "text") and hasattr(item, "bounding_box"):
            out.append((item, ox + item.x, oy + item.y))
        elif isinstance(item, displayio.Group):
            _walk(item, ox + item.x, oy + item.y, out)


def page_text(page):
    """All lines of a text page (what a reader could scroll through)."""
    return [x[0] for x in page.lines]


def shown_hand(t):
    """[(card, dimmed)] for the hand tiles on the table screen, read back from the TileGrid."""
    out = []
    for i in range(t.cap):
        col = i % t.hcols
        line = 2 * (i // t.hcols)
        grids = [g for g in (t.hand, t.hand_dim) if g[col, line] != ui.T_BLANK]
        if not grids:
            continue
        assert len(grids) == 1, "a card shown both bright and dimmed"
        dim = grids[0] is t.hand_dim
        other = t.hand if dim else t.hand_dim
        assert other[col, line + 1] == ui.T_BLANK, "a card's suit shown both bright and dimmed"
        base = grids[0][col, line] - ui._T_RANK
        red = base // 13
        s = grids[0][col, line + 1] - ui.T_SUIT
        assert (s in (1, 2)) == bool(red)
        out.append((s * 13 + base % 13, dim))
    return out


class Borrowed:
    """Whether borrowed firmware modules (firmware.borrow) are loaded or alive: made before the
    app, it unloads them as the badge starts (not imported), and counts a module's functions
    other tests or tools already hold as not the app's."""

    def __init__(self, monkeypatch, names):
        self.held = dict((name, self.code(name)) for name in names)
        for name in names:
            monkeypatch.delitem(sys.modules, "firmware." + name, raising=False)
            monkeypatch.delattr(firmware, name, raising=False)

    @staticmethod
    def code(name):
        """The module firmware.<name> and its functions that are alive (by id)."""
        gc.collect()
        return set(id(o) for o in gc.get_objects() if isinstance(o, (types.ModuleType, types.FunctionType))
                   and getattr(o, "__module__" if isinstance(o, types.FunctionType) else "__name__", "")
                   == "firmware." + name)

    def alive(self, name):
        return ("firmware." + name in sys.modules or hasattr(firmware, name)
                or self.code(name) - self.held[name])
