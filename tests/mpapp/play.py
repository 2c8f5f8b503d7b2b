"""The badge firmware played through its buttons: what drive.py and the heap soak
(tests/test_soak_micropython.py) share, on MicroPython and CPython.

The real hal.circuitpython.Hal, firmware.app.App and engine run; this folder's modules stand
in for the badge's board, keypad, supervisor, microcontroller, displayio, fontio and
adafruit_display_text. start() makes the HAL and the app; the steps below press their keys
and read `app`, and call `seen(why)` after each press (drive.py prints the screen there).
"""
import board            # (the stand-ins first)
import keypad
import supervisor
import displayio
from hal import profile
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT, NAMES
from hal.circuitpython import Hal
from engine.game import PASS
from firmware.app import App
from firmware.table import TableScreen
from firmware.screens import READ_MS
from firmware import text, ui
from firmware.text import t

P = None
hal = None
app = None
runtime = None
played = []             # (preset, language) of each deal played to its end


def seen(why):
    """After each press: nothing here (drive.py puts its own)."""


class Display:
    """board.DISPLAY: what the HAL and the app set and call."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.time_to_refresh = 0

    def refresh(self):
        pass


class Badge(Hal):
    """The badge's HAL, all but its heap figures."""

    def memory(self):
        """Fixed figures: CPython's gc has no mem_free, and the heap differs by runtime."""
        return 100 * 1024, 200 * 1024


def start(board_id, fonts):
    """The board's display and keys, then the HAL and the app, as at power-up."""
    global P, runtime
    P = profile(board_id)
    ui.FONT_DIR = fonts
    board.board_id = board_id
    board.DISPLAY = Display(P.WIDTH, P.HEIGHT)
    for key in P.KEYS:
        setattr(board, key[0], key[0])
    power_up()
    runtime = hal.runtime()


def power_up():
    """A new HAL and app, as the badge makes at power-up. The old app is emptied first, as a
    power cut wipes the heap: a stale word MicroPython's collector takes for a pointer to it
    then keeps only its shell (it kept 20 KB, and passed or failed with the code's layout),
    while whatever a module still holds of it (a screen, its bitmaps) is still counted."""
    global hal, app
    if app is not None:
        for name in list(app.__dict__):
            setattr(app, name, None)
    hal = Badge(P.BOARD_ID)
    app = App(hal)


def texts(group, out):
    for item in group:
        if isinstance(item, displayio.Group):
            texts(item, out)
        elif hasattr(item, "text") and item.text.strip():
            out.append(item.text.replace(runtime, "<runtime>"))
    return out


def screen():
    """The screen's type and texts, in one line."""
    return type(app.screen).__name__ + ": " + " | ".join(texts(app.root, []))


def tick(ms=50):
    """One turn of App.run's loop, ms later."""
    supervisor.now += ms
    now = hal.ticks_ms()
    app.step(now, hal.poll())
    app.render(now)


def press(button):
    """Press and release the key of `button`, then let the app settle (OK on a page once the
    page takes it, READ_MS after it appeared, as a player reads it first; BACK and MENU too)."""
    while button in (OK, BACK, MENU) and hal.ticks_ms() - getattr(app.screen, "since", -READ_MS) <= READ_MS:
        tick()
    i = [k[1] for k in P.KEYS].index(button)
    keypad.Keys.last.events.queue.append((i, True))
    tick()
    keypad.Keys.last.events.queue.append((i, False))
    tick()
    for _ in range(20000):
        if not app.busy():
            break
        tick()
    seen(NAMES[button])


def choose(word):
    """Move a menu's selection to the line that reads `word`, and press OK."""
    scr = app.screen
    for _ in range(len(scr.items)):
        if scr.item_text(scr.items[scr.sel]) == word:
            press(OK)
            return
        press(DOWN)
    raise AssertionError("no menu line " + word)


def to_the_end(button, most):
    """Press button until the screen stops changing (at most `most` times), then leave."""
    for _ in range(most):
        before = screen()
        press(button)
        if screen() == before:
            break
    press(BACK)


def read_page():
    """Scroll a page to its end and leave it."""
    to_the_end(DOWN, 40)


def set_language(lang):
    """From the title, through the settings."""
    choose(t("settings"))
    while app.settings["lang"] != lang:
        press(RIGHT)
    press(BACK)


def tour():
    """From the title, in each language: every help page, statistics, and each setting moved
    and moved back, then the next language."""
    for _ in range(len(text.LANGS)):
        choose(t("help"))
        for _ in range(len(app.screen.items)):
            press(OK)
            read_page()
            press(DOWN)
        press(BACK)
        choose(t("stats"))
        press(BACK)
        choose(t("settings"))
        press(RIGHT)                    # the next language
        for _ in range(len(app.screen.items) - 1):
            press(DOWN)
            press(RIGHT)
            press(LEFT)
        press(BACK)


def my_turn():
    """Wait for the human's decision (or the deal's end); False once off the table."""
    for _ in range(20000):
        scr = app.screen
        if not isinstance(scr, TableScreen):
            return False
        if not scr.busy() and (scr.g.over or scr.my_turn()):
            return True
        tick()
    raise AssertionError("the table never waited for the human")


def play():
    """Lay the card under the cursor, moving right until it is one that may be laid."""
    scr = app.screen
    g = scr.g
    for _ in range(len(scr.items) + 1):
        item = scr.items[scr.cursor]
        if item == PASS or g.check(item, scr.me) == 0:
            press(OK)
            return
        press(RIGHT)
    raise AssertionError("no card to lay")


def pause_menu():
    press(MENU)
    for word in (t("standings"), t("help")):
        choose(word)
        read_page()
    choose(t("settings"))
    press(DOWN)
    press(RIGHT)                    # the sound, or the speed
    press(BACK)
    choose(t("resume"))
    press(HINT)


def quit_match():
    press(MENU)
    choose(t("quit"))
    choose(t("yes_quit"))


def play_match(k, harder, deals):
    """From the title: a match of preset k, the bots' difficulty `harder` steps up (it wraps),
    for `deals` deals (or fewer, if it ends sooner); quit it and watch its last deal again."""
    choose(t("new_game"))
    press(DOWN)
    while app.settings["preset"] != k:
        press(RIGHT)
    while app.screen.items[app.screen.sel][0] != "difficulty":     # (DOWN passes Sevens' 4 players by)
        press(DOWN)
    for _ in range(harder):
        press(RIGHT)
    while app.screen.sel:
        press(UP)
    press(OK)                       # start
    paused = False
    for deal in range(deals):
        while my_turn() and not app.screen.g.over:
            if not paused:
                pause_menu()
                paused = True
            play()
        played.append((k, text.lang))
        for _ in range(4):          # the deal's end, its results, the standings
            press(OK)
            if isinstance(app.screen, TableScreen) or app.match is None:
                break
        if not isinstance(app.screen, TableScreen):
            break
    if isinstance(app.screen, TableScreen):
        quit_match()
    choose(t("replay"))
    to_the_end(RIGHT, 200)


def power_cut():
    """Start a match, decide three times, and cut the power at your next turn: a new HAL and
    app on the same nvm show the same table."""
    choose(t("new_game"))
    press(OK)
    for _ in range(3):
        my_turn()
        play()
    my_turn()
    seen("your turn")
    before = (app.match.deal_number, bytes(app.match.game.log), screen())
    power_up()
    seen("power-up")
    my_turn()
    seen("settled")
    after = (app.match.deal_number, bytes(app.match.game.log), screen())
    print("resumed the same table:", before == after)
