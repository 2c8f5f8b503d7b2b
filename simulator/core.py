"""Run the app headless or in a window: the pieces `python -m simulator` and tests share."""
import os

from hal.desktop import DesktopHal
from simulator.boards import reachable
from hal.buttons import NAMES, TURN, OK as BTN_OK, BACK as BTN_BACK, MENU as BTN_MENU
from firmware.app import App
from engine.game import PASS
from engine.reasons import OK
from firmware import ui, text
from firmware.screens import READ_MS
from firmware.table import TableScreen

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONT_DIR = os.path.join(ROOT, "firmware", "fonts")
STEP_MS = 50
MAX_WAIT_MS = 3600 * 1000      # WAIT:ms, an hour at most
SETTLE_LIMIT_MS = 3600 * 1000


# a script's buttons: hal.buttons.NAMES, then a knob's turns (TURN clockwise, TURN + 1 back)
SCRIPT_NAMES = NAMES[:TURN] + ("TURN", "TURN_BACK")


def by_name(name):
    """The logical button called name (one of SCRIPT_NAMES)."""
    if name in SCRIPT_NAMES:
        return SCRIPT_NAMES.index(name)
    raise ValueError("unknown button: " + str(name))


def bot_to_move(screen):
    """At the table with a bot to move, the deal's log length (the bot's move grows it); else None."""
    if isinstance(screen, TableScreen) and screen.g.turn != screen.me:
        return len(screen.g.log)
    return None


def shot_path(tok, shot_dir=None):
    """Where a script's @name.png token saves its picture: in shot_dir unless the name is
    absolute."""
    path = tok.strip()[1:]
    return os.path.join(shot_dir, path) if shot_dir and not os.path.isabs(path) else path


def bad_token(tokens, profile=None):
    """What is wrong with the first token of a button script that is not a button (one the
    board `profile` gives, if one is given), WAIT:ms or @file.png, or None."""
    have = reachable(profile) + [bool(profile.ENCODER)] * 2 if profile else [True] * len(SCRIPT_NAMES)
    for tok in tokens:
        tok = tok.strip()
        wait = tok[5:] if tok.upper().startswith("WAIT:") else None
        if tok == "@":
            return "@ needs a file name in the script: @name.png"
        if tok and tok[0] != "@" and tok.upper() not in SCRIPT_NAMES and not (wait and wait.isascii() and wait.isdigit()):
            return "not a button, WAIT:ms or @file.png in the script: %s (the buttons: %s)" % (
                tok, ", ".join(SCRIPT_NAMES))
        if wait and int(wait) > MAX_WAIT_MS:
            return "%s: at most WAIT:%d (an hour of the badge's time) in the script" % (tok, MAX_WAIT_MS)
        if tok[:1] == "@" and not tok.lower().endswith(".png"):
            return "%s: a picture is a PNG, named .png (@name.png)" % tok
        if tok.upper() in SCRIPT_NAMES and not have[by_name(tok.upper())]:
            return "the %s has no %s in the script: its keys give %s" % (
                profile.NAME, tok.upper(), ", ".join(n for n, h in zip(SCRIPT_NAMES, have) if h))
    return None


def message(screen):
    """The table's message line as shown, or None on other screens (the badge keeps no copy)."""
    labels = getattr(screen, "msg_labels", None)
    return None if labels is None else " ".join([lb.text for lb in labels]).strip()


class Sim:
    """An app on a headless desktop HAL with a virtual clock."""

    def __init__(self, board="pimoroni_picosystem", seed=None, data_dir=None, headless=True,
                 battery=None):
        if headless:                # (the window's beeps use the desktop's sound: no driver set)
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
            os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")    # SIGTERM ends a script (timeout, CI)
        text.set_lang(0)
        ui._fonts.clear()
        self.hal = DesktopHal(board, headless=headless, data_dir=data_dir, battery=battery)
        ui.FONT_DIR = FONT_DIR       # the repository's fonts, not the badge's /firmware/fonts
        self.app = App(self.hal)
        if seed is not None:
            self.app.settings["deal"] = seed
        self.redraw_after_bot = []   # pixels redrawn after each bot move
        self.measure = False
        self.messages = []           # every table message shown, in order (for tests)

    @property
    def screen(self):
        return self.app.screen

    def tick(self, ms=STEP_MS):
        """Let virtual time pass, one step."""
        self.hal.clock += ms
        app = self.app
        screen = app.screen
        before = bot_to_move(screen)
        if self.measure and before is not None:
            self.hal.display.refresh()       # flush earlier changes: measure this step alone
        app.step(self.hal.clock, self.hal.poll())
        m = message(app.screen)
        if m and (not self.messages or self.messages[-1] != m):
            self.messages.append(m)
        if self.measure and app.screen is screen and before is not None and len(screen.g.log) != before:
            self.hal.display.refresh()
            self.redraw_after_bot.append(self.hal.display.last_redraw)
        if self.hal.profile.EINK:
            app.render(self.hal.clock)   # e-ink: when the panel refreshes is part of the game

    def settle(self, limit_ms=SETTLE_LIMIT_MS):
        """Run until the app waits for a human (bots done, animations over)."""
        start = self.hal.clock
        while self.app.busy() and self.hal.clock - start < limit_ms:
            self.tick()
        self.tick()

    def press(self, name_or_button, settle=True):
        """A button, as a player presses it: OK (BACK, MENU) on a page once the page takes it
        (READ_MS)."""
        b = by_name(name_or_button) if isinstance(name_or_button, str) else name_or_button
        waits = b in (BTN_OK, BTN_BACK, BTN_MENU)
        while waits and self.hal.clock - getattr(self.app.screen, "since", -READ_MS) <= READ_MS:
            self.tick()
        self.hal.inject(b)
        self.tick()
        if settle:
            self.settle()

    def legal_index(self):
        """At the table: the first item the engine allows (a card, or the explicit pass)."""
        t = self.app.screen
        for i in range(len(t.items)):
            if t.items[i] == PASS or t.g.check(t.items[i], t.me) == OK:
                return i
        raise AssertionError("no legal action")

    def play_legal(self, settle=True):
        """One human decision through buttons: walk the cursor to the first legal action,
        then OK (settle=False: the bots have not moved yet)."""
        i = self.legal_index()
        while self.app.screen.cursor != i:
            self.press("RIGHT")
        self.ok(settle)

    def ok(self, settle=True):
        """OK at the table. On e-ink, OK on a stale panel only shows the selection: OK again."""
        self.press("OK", settle)
        if str(getattr(self.app.screen, "notice", None)).endswith(text.ok("ok_again")):
            self.press("OK", settle)

    def redraw_summary(self):
        """(moves, max, mean): shares of the screen's pixels redrawn after each bot move."""
        px = self.redraw_after_bot
        full = float(self.hal.profile.WIDTH * self.hal.profile.HEIGHT)
        if not px:
            return 0, 0.0, 0.0
        return len(px), max(px) / full, sum(px) / len(px) / full

    def render(self):
        self.hal.display.refresh()

    def shot(self, path, scale=1):
        self.render()
        self.hal.screenshot(path, scale)

    def run_script(self, tokens, shot_dir=None, shot_scale=1):
        """Tokens: button names, WAIT:ms, or @name.png (save a screenshot here, at
        shot_scale). A token that is none of these is refused before any is played."""
        bad = bad_token(tokens, self.hal.profile)
        if bad is not None:
            raise ValueError(bad)
        for tok in tokens:
            tok = tok.strip()
            if not tok:
                continue
            if tok.startswith("@"):
                self.shot(shot_path(tok, shot_dir), shot_scale)
            elif tok.upper().startswith("WAIT:"):
                ms = int(tok[5:])
                end = self.hal.clock + ms
                while self.hal.clock < end:
                    self.tick()
            else:
                self.press(tok.upper())
