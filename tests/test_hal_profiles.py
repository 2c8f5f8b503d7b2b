"""Board profiles: every pin a profile names exists on that board (circuitpython-stubs)."""
import ast
import importlib.util
import os
import re

import pytest

import hal
from hal import buttons as B
from simulator.boards import board_gpio, board_pins, pins_used_twice, profile_pins, profile_problems
from hal.buttons import Buttons, UP, DOWN, LEFT, RIGHT, OK, BACK, MENU

from conftest import ROOT

SIZES = {
    "pimoroni_picosystem": (240, 240), "pajenicko_picopad": (320, 240), "ugame22": (320, 240),
    "hack_club_sprig": (160, 128), "adafruit_macropad_rp2040": (128, 64),
    "pimoroni_badger2040": (296, 128), "pimoroni_badger2040w": (296, 128),
    "pimoroni_badger2350": (264, 176),
    "lilygo_t_display_rp2040": (240, 135),
    "heiafr_picomo_v3": (240, 280), "heiafr_picomo_v2": (240, 280),
    "pimoroni_explorer2350": (320, 240),
    "tinycircuits_thumby_color": (128, 128),
}


@pytest.mark.parametrize("board_id", hal.BOARDS)
def test_profile_pins_exist_in_circuitpython_stubs(board_id):
    assert importlib.util.find_spec("board_definitions"), "circuitpython-stubs is not installed"
    assert board_pins(board_id), ("circuitpython-stubs has no board %r: the id must be "
                                  "CircuitPython's board.board_id (circuitpython.org)" % board_id)
    assert profile_problems(hal.profile(board_id), board_id) == []


def test_a_profile_that_does_not_fit_its_board_is_named(monkeypatch, tmp_path):
    """What the simulator refuses to start with (docs/boards.md), in words."""
    p = hal.profile("pimoroni_picosystem")
    monkeypatch.setattr(p, "KEYS", p.KEYS + (("GP177", OK, None),))
    assert profile_problems(p, "pimoroni_picosystem") == [
        "%d LABELS for %d KEYS" % (len(p.LABELS), len(p.KEYS)), "the board has no pin GP177"]
    keys = [k for k in p.KEYS[:-1] if k[1] not in (B.HINT, BACK)]
    monkeypatch.setattr(p, "KEYS", tuple(keys + [(keys[0][0], 9, None)]))
    monkeypatch.setattr(p, "LABELS", ("A",) * len(p.KEYS))
    monkeypatch.setattr(p, "WIDTH", 96)
    assert profile_problems(p, "pimoroni_picosystem") == [
        "a 96x240 screen is smaller than the smallest layout, 128x64",
        "KEYS name pin %s twice" % keys[0][0], "no button 9: use hal.buttons' UP ... HINT",
        "no key, held key or chord gives BACK, HINT"]
    monkeypatch.undo()
    made = tmp_path / "profile.py"           # a make_display with a typo in a pin's name
    made.write_text("def make_display(board):  # not board.DISPLAY: it plugs on\n"
                    "    return board.LCD_DC, board.SPI(), board.GP1G, board.board_id\n")
    scope = {}
    exec(compile(made.read_text(), str(made), "exec"), scope)
    monkeypatch.setattr(p, "make_display", scope["make_display"], raising=False)
    assert profile_problems(p, "pimoroni_picosystem") == ["the board has no pin GP1G"]
    monkeypatch.undo()
    monkeypatch.setattr(p, "BATTERY_DIVIDER", None)
    assert profile_problems(p, "pimoroni_picosystem")[-1].startswith("BATTERY and BATTERY_DIVIDER")
    monkeypatch.delattr(p, "LED")
    assert profile_problems(p, "pimoroni_picosystem") == ["no LED"]
    monkeypatch.undo()
    sprig = hal.profile("hack_club_sprig")
    assert profile_problems(sprig, "raspberry_pi_pico") == [
        "BOARD_ID is 'hack_club_sprig'", "the board has no pin " + ", ".join(
            x for x in profile_pins(sprig) if x not in board_pins("raspberry_pi_pico")),
        "the board has no DISPLAY: its profile needs a make_display(board)"]


@pytest.mark.parametrize("board_id", hal.BOARDS)
def test_profile_shape(board_id):
    p = hal.profile(board_id)
    assert (p.WIDTH, p.HEIGHT) == SIZES[board_id]
    from firmware import text       # a key's name is a printed letter, an arrow or a known place
    for label in p.LABELS:
        assert len(label) <= 2 or label in text.ARROWS or label in text.PLACES, \
            "%s: label %r is neither 2 characters, an arrow nor a place in firmware/text.py" % (
                board_id, label)
    from hal.desktop import describe
    assert describe(p)


def test_unknown_board():
    with pytest.raises(ValueError):
        hal.profile("nope")


def test_direct_key_fires_on_press_and_repeats():
    b = Buttons((("L", LEFT, None), ("A", OK, None)))
    b.press(0, 1000)
    assert b.take() == [LEFT]
    b.tick(1000 + B._REPEAT_DELAY_MS - 1)
    idle = b.take()
    assert idle == [] and b.take() is idle          # an idle poll makes no new list (garbage)
    b.tick(1000 + B._REPEAT_DELAY_MS)
    b.tick(1000 + B._REPEAT_DELAY_MS + B._REPEAT_MS)
    assert b.take() == [LEFT, LEFT]
    b.release(0, 2000)
    b.tick(3000)
    assert b.take() == []
    b.press(1, 3000)
    b.tick(9000)          # OK does not repeat
    assert b.take() == [OK]


def test_a_held_direction_repeats_once_per_repeat_time_not_at_every_poll():
    """The badge polls every ~20 ms: between two repeats those polls fire nothing (a held
    RIGHT once ran along the hand at the frame rate if the next repeat was not moved on)."""
    b = Buttons((("R", RIGHT, None),))
    b.press(0, 0)
    for now in range(0, B._REPEAT_DELAY_MS + 3 * B._REPEAT_MS, 20):
        b.tick(now)
    b.tick(B._REPEAT_DELAY_MS + 3 * B._REPEAT_MS)
    assert b.take() == [RIGHT] * 5      # the press, then at 400, 520, 640 and 760 ms


def test_a_release_without_a_press_fires_nothing():
    """A second up for one down (a bounce, a key up whose down came before power-up) is no
    second OK: only a short press ends in its button."""
    b = Buttons((("A", OK, BACK),))
    b.release(0, 0)
    assert b.take() == []
    b.press(0, 100)
    b.release(0, 200)
    b.release(0, 210)
    assert b.take() == [OK]


def test_long_press_and_short_press():
    b = Buttons((("B", OK, BACK),))
    b.press(0, 0)
    assert b.take() == []
    b.release(0, 100)
    assert b.take() == [OK]
    b.press(0, 1000)
    b.tick(1000 + B._LONG_MS)
    assert b.take() == [BACK]
    b.release(0, 5000)
    assert b.take() == []


@pytest.mark.parametrize("first", (0, 1))
def test_chord(first):
    """L and R together are DOWN, whichever of them goes down first."""
    b = Buttons((("L", LEFT, BACK), ("R", RIGHT, OK)), (("L", "R", DOWN),))
    b.press(first, 0)
    b.press(1 - first, 50)
    assert b.take() == [DOWN]
    b.release(first, 100)
    b.release(1 - first, 120)
    b.tick(2000)
    assert b.take() == []
    b.press(1, 3000)
    b.release(1, 3100)
    assert b.take() == [RIGHT]


def test_a_long_press_is_timed_from_its_own_press_not_the_first():
    """Late in a session (the clock far past LONG_MS) a tap stays a tap: only holding the key
    LONG_MS from when it went down makes the long press."""
    b = Buttons((("B", OK, BACK),))
    b.press(0, 10000)
    b.tick(10000 + B._LONG_MS - 1)
    assert b.take() == []
    b.release(0, 10000 + B._LONG_MS - 1)
    assert b.take() == [OK]
    b.press(0, 20000)
    b.tick(20000 + B._LONG_MS)
    assert b.take() == [BACK]


def test_a_chord_on_a_key_the_board_lacks_is_named():
    with pytest.raises(ValueError, match="chord key not in keys: Z"):
        Buttons((("A", OK, None), ("B", BACK, None)), (("A", "Z", DOWN),))


def test_the_buttons_load_without_micropythons_const(monkeypatch):
    """Where no micropython module is found (a desktop Python without the shim), hal.buttons'
    own const() gives the same numbers."""
    import sys
    monkeypatch.setitem(sys.modules, "micropython", None)        # its import raises ImportError
    spec = importlib.util.spec_from_file_location("buttons_plain", os.path.join(ROOT, "hal", "buttons.py"))
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    names = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "MENU", "HINT", "_REPEAT_DELAY_MS",
             "_REPEAT_MS", "_LONG_MS")
    assert [getattr(plain, n) for n in names] == [getattr(B, n) for n in names]
    assert [getattr(plain, n) for n in B.NAMES] == list(range(8))


def test_by_name():
    from simulator.core import by_name
    assert [by_name(n) for n in B.NAMES] == list(range(8))
    with pytest.raises(ValueError):
        by_name("FIRE")


@pytest.mark.parametrize("doc", ("README.md", "docs/flashing.md"))
def test_the_board_tables_list_every_board(doc):
    """docs/boards.md's step 3: a board is in the README's and the flashing guide's tables."""
    with open(os.path.join(ROOT, doc), encoding="utf-8") as f:
        rows = [line for line in f if line.startswith("|")]
    for board_id in hal.BOARDS:
        assert any("`%s`" % board_id in row for row in rows), (doc, board_id)


@pytest.mark.parametrize("doc", ("README.md", "docs/flashing.md"))
def test_the_board_tables_mark_the_boards_circuitpython_9_lacks(doc):
    """docs/boards.md's step 1: a board that CircuitPython 9 does not know (no folder of its id
    in 9.2.9's stubs) needs 10, which its rows in both tables say ("CircuitPython 10+"); a board
    9 knows is not sent to 10. Nothing checked it: a new RP2350 board could be listed without."""
    known = os.path.join(ROOT, "build", "circuitpython9-stubs", "board_definitions")
    assert os.path.isdir(known), "CircuitPython 9's stubs are not installed in build/: run make test"
    with open(os.path.join(ROOT, doc), encoding="utf-8") as f:
        rows = [line for line in f if line.startswith("| ") and "`" in line]
    seen = set()
    for row in rows:
        for board_id in re.findall(r"`([a-z0-9_]+)`", row):
            if board_id in hal.BOARDS:
                needs_10 = not os.path.isdir(os.path.join(known, board_id))
                assert ("CircuitPython 10+" in row) == needs_10, (doc, board_id, needs_10, row)
                seen.add(board_id)
    assert seen == set(hal.BOARDS), (doc, set(hal.BOARDS) - seen)


def test_a_key_spent_on_its_long_press_makes_no_chord():
    b = Buttons((("L", LEFT, BACK), ("R", RIGHT, OK)), (("L", "R", DOWN),))
    b.press(0, 0)
    b.tick(B._LONG_MS)
    assert b.take() == [BACK]
    b.press(1, B._LONG_MS + 100)                 # L still held, already spent
    b.release(1, B._LONG_MS + 200)
    assert b.take() == [RIGHT]


@pytest.mark.parametrize("direction", (UP, DOWN, LEFT, RIGHT))
def test_every_direction_repeats(direction):
    b = Buttons((("K", direction, None),))
    b.press(0, 0)
    b.tick(B._REPEAT_DELAY_MS)
    assert b.take() == [direction, direction]


def test_a_repeated_key_down_neither_fires_again_nor_restarts_the_long_press():
    """A second down without an up (a key repeat from the desktop, a bounce)."""
    b = Buttons((("A", OK, BACK), ("L", LEFT, None)))
    b.press(0, 0)
    b.press(0, 300)
    b.tick(B._LONG_MS)
    assert b.take() == [BACK]
    b.press(1, 1000)
    b.press(1, 1010)
    assert b.take() == [LEFT]


def test_a_key_held_past_its_long_press_makes_it_once():
    """The badge polls a held key every ~20 ms: the long press fires once, not at each poll
    after LONG_MS; nor does a chord held that long add its keys' long presses."""
    b = Buttons((("L", LEFT, BACK), ("R", RIGHT, OK)), (("L", "R", DOWN),))
    b.press(0, 0)
    for now in range(0, 3 * B._LONG_MS, 20):
        b.tick(now)
    b.release(0, 3 * B._LONG_MS)
    assert b.take() == [BACK]
    b.press(0, 10000)
    b.press(1, 10010)
    for now in range(10000, 10000 + 3 * B._LONG_MS, 20):
        b.tick(now)
    assert b.take() == [DOWN]


def test_a_key_only_in_a_chord_waits_for_its_partner():
    """A key with no held button but in a chord fires on release (docs/boards.md), so it can
    still make the chord when the other key goes down."""
    b = Buttons((("L", LEFT, None), ("R", RIGHT, None)), (("L", "R", DOWN),))
    b.press(0, 0)
    assert b.take() == []
    b.press(1, 50)
    b.release(0, 100)
    b.release(1, 120)
    assert b.take() == [DOWN]
    b.press(0, 1000)
    b.release(0, 1100)
    assert b.take() == [LEFT]


def test_a_key_only_in_a_chord_held_long_is_still_its_tap():
    """A key in a chord but without a held button (a profile may give one: docs/boards.md) held
    past LONG_MS has no long press to fire: nothing while held (no None among the buttons, which
    the app cannot read), its tap as it is let go."""
    b = Buttons((("L", LEFT, None), ("R", RIGHT, None)), (("L", "R", DOWN),))
    b.press(0, 0)
    for now in range(0, 3 * B._LONG_MS, 20):
        b.tick(now)
    assert b.take() == []
    b.release(0, 3 * B._LONG_MS)
    assert b.take() == [LEFT]


def test_a_key_down_with_two_partners_held_makes_one_chord():
    """C goes down while both its chord partners are held: one chord, not one per partner."""
    b = Buttons((("L", LEFT, BACK), ("C", OK, None), ("R", RIGHT, MENU)),
                (("L", "C", DOWN), ("C", "R", UP)))
    b.press(0, 0)
    b.press(2, 10)
    b.press(1, 20)
    assert b.take() == [DOWN]
    for i in range(3):
        b.release(i, 100)
    assert b.take() == [RIGHT]          # R made no chord: its release is its short press


def test_a_late_poll_does_not_make_a_burst_of_repeats():
    """A held direction repeats REPEAT_MS after the last repeat fired, not after when it was
    due: a slow frame (an e-ink refresh, a bot thinking) is not made up by a run of repeats."""
    b = Buttons((("R", RIGHT, None),))
    b.press(0, 0)
    b.tick(B._REPEAT_DELAY_MS + 5 * B._REPEAT_MS)      # the first poll for a while
    assert b.take() == [RIGHT, RIGHT]
    b.tick(B._REPEAT_DELAY_MS + 5 * B._REPEAT_MS + 20)   # the next frame
    assert b.take() == []


@pytest.mark.parametrize("board_id", hal.BOARDS)
def test_a_key_named_for_a_direction_or_a_printed_letter_is_that_key(board_id):
    """CircuitPython names these boards' key pins after the key (SW_UP, BUTTON_X): a pin named
    for a direction gives that direction, and a key labelled with a letter is the pin of that
    letter, so two keys' pins swapped in a profile are caught without the board. A key on a pin
    not named for a key (GP5 under a screen that plugs on, SW0, BUTTON1) has no name to check,
    nor a key named for its place (the Thumby Color's shoulder key BUTTON_BUMPER_LEFT is HINT):
    docs/boards.md, LABELS."""
    from firmware import text
    p = hal.profile(board_id)
    directions = {"UP": UP, "DOWN": DOWN, "LEFT": LEFT, "RIGHT": RIGHT}
    for (pin, short, _), label in zip(p.KEYS, p.LABELS):
        word = pin.rsplit("_", 1)[-1]
        if word in directions and pin.count("_") == 1:
            assert short == directions[word], (board_id, pin, B.NAMES[short])
        if label not in text.ARROWS and label not in text.PLACES and "_" in pin and len(word) <= 2:
            assert word == label.upper(), (board_id, pin, label)


@pytest.mark.parametrize("board_id", [b for b in hal.BOARDS if hal.profile(b).BATTERY])
def test_the_battery_pin_is_one_the_adc_reads(board_id):
    """analogio reads only the RP2040's ADC inputs, GPIO26 to GPIO29 (every board here is
    CircuitPython's raspberrypi port); the stubs give each pin's GPIO."""
    gpio = board_gpio(board_id)
    assert gpio, "circuitpython-stubs is not installed"
    pin = hal.profile(board_id).BATTERY
    assert 26 <= gpio[pin] <= 29, "%s: BATTERY %s is GPIO%d, not an ADC input" % (board_id, pin, gpio[pin])


def _doc_row(path, field):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return [line for line in f if line.startswith("| `%s`" % field)][0]


def _boards_named(word):
    found = [b for b in hal.BOARDS if word in hal.profile(b).NAME]
    assert found, word
    return found


def test_dividers_and_active_low_leds_are_those_docs_boards_md_gives():
    """docs/boards.md states each maker's battery divider and which boards' LEDs are wired
    active low; the profiles agree with it."""
    row = _doc_row("docs/boards.md", "BATTERY_DIVIDER")
    # each divider's boards as a list: "on the PicoSystem and Badger", "on the A, B and C"
    stated = re.findall(r"`(\(\d+, \d+\))` on the ([\w\- ,]+?)(?=, `|, from|;|\.)", row)
    dividers = set(hal.profile(b).BATTERY_DIVIDER for b in hal.BOARDS if hal.profile(b).BATTERY)
    assert len(stated) == len(dividers), stated         # each divider stated once
    told = {}
    for value, names in stated:
        for name in re.split(r", | and ", names):
            for board_id in _boards_named(name.strip()):
                told[board_id] = ast.literal_eval(value)
    assert sorted(told) == sorted(b for b in hal.BOARDS if hal.profile(b).BATTERY)
    assert dict((b, hal.profile(b).BATTERY_DIVIDER) for b in told) == told
    low = re.search(r"active low \(([^)]*)\)", _doc_row("docs/boards.md", "LED_ON")).group(1)
    low = set(b for name in low.split(", ") for b in _boards_named(name))
    assert low and dict((b, hal.profile(b).LED_ON) for b in hal.BOARDS) == dict(
        (b, b not in low) for b in hal.BOARDS)


def test_each_board_lights_the_led_the_readme_names():
    """The README's board table names each board's your-turn LED pin (or none)."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        rows = [line.split(" | ") for line in f if line.startswith("| ") and "`" in line]
    seen = set()
    for cells in rows:
        if len(cells) != 4:
            continue
        for board_id in re.findall(r"`([a-z0-9_]+)`", cells[1]):
            led = cells[3].strip(" |\n")
            want = () if led == "none" else tuple(re.findall(r"`([A-Z0-9_]+)`", led))
            assert hal.profile(board_id).LED == want, (board_id, led)
            seen.add(board_id)
    assert seen == set(hal.BOARDS)


def test_a_typo_in_any_pin_or_a_battery_half_given_is_named(monkeypatch):
    """profile_problems checks every pin a profile names (LED and encoder pins too), the
    smallest screen's height, and a divider without its battery pin."""
    p = hal.profile("adafruit_macropad_rp2040")
    assert profile_problems(p, "adafruit_macropad_rp2040") == []
    monkeypatch.setattr(p, "LED", ("LED_X",))
    monkeypatch.setattr(p, "ENCODER", ("ENCODER_A", "ENCODER_C"))
    monkeypatch.setattr(p, "AUDIO_ENABLE", "SPEAKER_ON")
    assert profile_problems(p, "adafruit_macropad_rp2040") == ["the board has no pin SPEAKER_ON, ENCODER_C, LED_X"]
    monkeypatch.undo()
    monkeypatch.setattr(p, "HEIGHT", 63)
    monkeypatch.setattr(p, "BATTERY_DIVIDER", (2, 0))
    assert profile_problems(p, "adafruit_macropad_rp2040") == [
        "a 128x63 screen is smaller than the smallest layout, 128x64",
        "BATTERY and BATTERY_DIVIDER go together: a pin and its (ratio, millivolts)"]
    from hal.desktop import describe
    assert describe(p)[-1] == "encoder: card or line"


def test_without_circuitpython_stubs_no_pin_is_checked_and_the_note_says_so(monkeypatch):
    """Where board_definitions cannot be found, the stubs are not installed: the pins go
    unchecked (no board's pins, no GPIO numbers) rather than all refused."""
    from simulator.boards import stubs_installed
    real = importlib.util.find_spec
    assert stubs_installed()
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "board_definitions" else real(name, *a))
    assert not stubs_installed()
    assert board_pins("pimoroni_picosystem") is None and board_gpio("pimoroni_picosystem") == {}
    assert profile_problems(hal.profile("pimoroni_picosystem"), "pimoroni_picosystem") == []
    monkeypatch.undo()
    assert board_pins("no_such_board") is None and board_gpio("no_such_board") == {}   # a board they lack


def test_a_profile_without_its_board_id_or_a_two_key_board_without_down_is_named(monkeypatch):
    """BOARD_ID is a field like the others; two keys must give DOWN too (the chord on the
    LilyGO), not only LEFT, RIGHT, OK and BACK."""
    p = hal.profile("lilygo_t_display_rp2040")
    monkeypatch.delattr(p, "BOARD_ID")
    assert profile_problems(p, "lilygo_t_display_rp2040") == ["no BOARD_ID"]
    monkeypatch.undo()
    monkeypatch.setattr(p, "CHORDS", ())
    assert profile_problems(p, "lilygo_t_display_rp2040") == ["no key, held key or chord gives DOWN"]


def test_each_field_docs_boards_md_lists_is_named_when_a_profile_lacks_it(monkeypatch):
    """A profile written to an older docs/boards.md (without LED_ON, say) is told the fields it
    lacks by name, all of them in one line, before any check reads one into an AttributeError."""
    with open(os.path.join(ROOT, "docs", "boards.md"), encoding="utf-8") as f:
        table = f.read().split("| field | meaning |", 1)[1].split("\n\n", 1)[0]
    fields = re.findall(r"`([A-Z_]+)`", "".join(line.split(" | ")[0] for line in table.splitlines()))
    assert len(fields) == 18 and fields[-1] == "LED_ON", fields
    p = hal.profile("pimoroni_picosystem")
    for field in fields:
        monkeypatch.delattr(p, field)
        assert profile_problems(p, "pimoroni_picosystem") == ["no " + field]
        monkeypatch.undo()
    for field in fields:
        monkeypatch.delattr(p, field)
    assert profile_problems(p, "pimoroni_picosystem") == ["no " + ", ".join(fields)]


def test_an_encoder_alone_gives_left_and_right():
    """A knob turns both ways: the script's LEFT and RIGHT are reachable by it alone."""
    from types import SimpleNamespace
    from simulator.boards import reachable
    knob = SimpleNamespace(KEYS=(), CHORDS=(), ENCODER=("ENCODER_A", "ENCODER_B"))
    assert [b for b, have in enumerate(reachable(knob)) if have] == [LEFT, RIGHT]


def test_a_pin_given_two_jobs_is_named(monkeypatch, tmp_path):
    """docs/boards.md: the simulator checks that no pin is named twice. A key's pin that is also
    the LED, the backlight or one of make_display's pins is claimed twice on the badge too
    (keypad.Keys then raises 'GP16 in use'), so it is named like two keys on one pin."""
    p = hal.profile("pimoroni_picosystem")
    key = p.KEYS[0][0]
    monkeypatch.setattr(p, "LED", (key,))
    assert any(key in line and "twice" in line for line in profile_problems(p, "pimoroni_picosystem"))
    monkeypatch.undo()
    monkeypatch.setattr(p, "BACKLIGHT", key)
    assert any(key in line and "twice" in line for line in profile_problems(p, "pimoroni_picosystem"))
    monkeypatch.undo()
    made = tmp_path / "profile.py"
    made.write_text("def make_display(board):\n    return board.SPI(), board.%s\n" % key)
    scope = {}
    exec(compile(made.read_text(), str(made), "exec"), scope)
    monkeypatch.setattr(p, "make_display", scope["make_display"], raising=False)
    assert any(key in line and "twice" in line for line in profile_problems(p, "pimoroni_picosystem"))


def test_two_names_of_one_pin_are_named_as_one_pin(monkeypatch):
    """CircuitPython gives a pin several names (GP26, A0; GP25, LED): two jobs on one pin under
    two names is the same clash, and the stubs' `# GPIOn` notes tell (found by QA: passed)."""
    p = hal.profile("hack_club_sprig")
    monkeypatch.setattr(p, "KEYS", (("GP26", UP, None),) + p.KEYS[1:-1] + (("A0", MENU, None),))
    assert "GP26 (a key) and A0 (a key) are one pin, GPIO26: give each its own pin" in profile_problems(
        p, "hack_club_sprig")
    monkeypatch.undo()
    monkeypatch.setattr(p, "LED", ("LED",))
    monkeypatch.setattr(p, "BACKLIGHT", "GP25")
    assert profile_problems(p, "hack_club_sprig") == [
        "GP25 (BACKLIGHT) and LED (LED) are one pin, GPIO25: give each its own pin"]
    monkeypatch.undo()                              # a key twice on one name is said once in it
    monkeypatch.setattr(p, "KEYS", (("GP26", UP, None),) * 2 + p.KEYS[2:-1] + (("A0", MENU, None),))
    assert "GP26 (a key) and A0 (a key) are one pin, GPIO26: give each its own pin" in profile_problems(
        p, "hack_club_sprig")
    monkeypatch.undo()                              # the backlight may be a display pin, by any name
    monkeypatch.setattr(p, "make_display", lambda board: board.LCD_BL, raising=False)
    assert pins_used_twice(p, {"GP17": 17, "LCD_BL": 17}) == []


def test_an_encoder_without_two_pins_or_a_size_in_words_is_named_not_a_traceback(monkeypatch):
    """hal.circuitpython reads ENCODER[1], and the layouts compare WIDTH and HEIGHT with numbers."""
    p = hal.profile("adafruit_macropad_rp2040")
    monkeypatch.setattr(p, "ENCODER", ("ENCODER_A",))
    assert profile_problems(p, "adafruit_macropad_rp2040") == [
        "ENCODER is ('ENCODER_A',): give its two pins, A and B, e.g. (\"GP4\", \"GP5\")"]
    monkeypatch.undo()
    monkeypatch.setattr(p, "WIDTH", "128")
    assert profile_problems(p, "adafruit_macropad_rp2040") == [
        "WIDTH is '128': give the screen's pixels as a whole number"]
    monkeypatch.undo()
    monkeypatch.setattr(p, "ENCODER", "ENCODER_A")         # one line, with its example, not two
    assert profile_problems(p, "adafruit_macropad_rp2040") == [
        "ENCODER is 'ENCODER_A': give a tuple of pin names, e.g. (\"GP4\", \"GP5\")"]


def test_a_chord_or_a_key_of_the_wrong_shape_is_named_not_a_traceback(monkeypatch):
    """A chord on a pin that is no key, and a key without its held button, are what the
    simulator names in words (docs/boards.md), not a ValueError or IndexError as it starts."""
    p = hal.profile("lilygo_t_display_rp2040")
    monkeypatch.setattr(p, "CHORDS", (("BUTTON_L", "GP1", DOWN),))
    assert any("GP1" in line for line in profile_problems(p, "lilygo_t_display_rp2040"))
    monkeypatch.undo()
    monkeypatch.setattr(p, "KEYS", (("BUTTON_L", LEFT), ("BUTTON_R", RIGHT, OK)))
    assert profile_problems(p, "lilygo_t_display_rp2040")


def defined_in_a_file(tmp_path, source):
    """The functions source defines, compiled from a file of its own (the profile checks read
    a make_display's source back from its file)."""
    made = tmp_path / "profile.py"
    made.write_text(source)
    scope = {}
    exec(compile(source, str(made), "exec"), scope)
    return scope


def test_a_pin_only_in_a_comment_of_make_display_is_not_one_it_reads(monkeypatch, tmp_path):
    """A pin make_display no longer reads, left in a comment, is no pin the board must have."""
    p = hal.profile("hack_club_sprig")
    scope = defined_in_a_file(tmp_path, "def make_display(board):\n    # was board.GP99 on the first wiring\n"
                                        "    return board.DISPLAY\n")
    monkeypatch.setattr(p, "make_display", scope["make_display"], raising=False)
    assert "DISPLAY" in profile_pins(p) and "GP99" not in profile_pins(p)


def test_a_display_without_its_board_a_long_label_or_a_pin_string_is_named(monkeypatch, tmp_path):
    """make_display(board) is never called before the badge, which would raise TypeError; a label
    is at most 2 characters unless an arrow or a place; LED and ENCODER are tuples of pins, and
    ("GP7") is a string; board.DISPLAY in a make_display needs a board that has one."""
    p = hal.profile("hack_club_sprig")
    scope = defined_in_a_file(tmp_path, "def make_display():\n    return None\n\n\ndef shown(board):\n"
                                        "    return board.DISPLAY\n")
    monkeypatch.setattr(p, "make_display", scope["make_display"], raising=False)
    assert profile_problems(p, "hack_club_sprig") == ["make_display takes the board: def make_display(board)"]
    monkeypatch.setattr(p, "make_display", scope["shown"])
    assert [line for line in profile_problems(p, "raspberry_pi_pico") if "DISPLAY" in line] == [
        "the board has no DISPLAY: make_display must build one (see 'A screen that plugs on')"]   # not a pin too
    scope = defined_in_a_file(tmp_path, "def make_display(board):\n    return board.SPI()\n")
    monkeypatch.setattr(p, "make_display", scope["make_display"])     # one it builds: taken there
    assert [line for line in profile_problems(p, "raspberry_pi_pico") if "DISPLAY" in line] == []
    monkeypatch.undo()
    monkeypatch.setattr(p, "LABELS", ("Btn",) + p.LABELS[1:])
    assert profile_problems(p, "hack_club_sprig")[0].startswith("LABELS 'Btn': at most 2 characters")
    monkeypatch.undo()
    monkeypatch.setattr(p, "LED", p.LED[0] if p.LED else "GP28")
    assert profile_problems(p, "hack_club_sprig")[0].startswith("LED is '")


@pytest.mark.parametrize("field, value, said", [
    ("CHORDS", 5, "CHORDS is 5: give a tuple"),
    ("LED", 5, "LED is 5: give a tuple"),
    ("LABELS", 5, "LABELS is 5: give a tuple"),
    ("KEYS", 5, "KEYS is 5: give a tuple"),
    ("LABELS", ("A", 5), "LABELS has 5: each label is a string"),
    ("ENCODER", 5, "ENCODER is 5: give its two pins"),
    ("LED", (5,), "pins are named by strings (\"GP5\"), not 5"),
    ("KEYS", ((["SW_A"], OK, None),), "pins are named by strings (\"GP5\"), not ['SW_A']"),
    ("HEIGHT", 10 ** 9, "HEIGHT is 1000000000: a badge's screen is at most 4096 pixels a side"),
    ("WIDTH", 4097, "WIDTH is 4097: a badge's screen is at most 4096 pixels a side"),
    ("WIDTH", 240.0, "WIDTH is 240.0: give the screen's pixels as a whole number"),
    ("WIDTH", 127, "a 127x240 screen is smaller than the smallest layout, 128x64"),
    ("AUDIO", 5, "AUDIO is 5: give a pin name"),
    ("BATTERY", 5, "BATTERY is 5: give a pin name"),
    ("PRESSED", 2, "PRESSED is 2: give True or False"),
    ("MONO", "yes", "MONO is 'yes': give True or False"),
    ("LED_ON", 5, "LED_ON is 5: give True or False"),
    ("NAME", 5, "NAME is 5: give the name the game shows"),
    ("BATTERY_DIVIDER", 3, "BATTERY_DIVIDER is 3: give (ratio, millivolts)"),
    ("BATTERY_DIVIDER", ("3", 0), "BATTERY_DIVIDER is ('3', 0): give (ratio, millivolts)"),
    ("BATTERY_DIVIDER", (3,), "BATTERY_DIVIDER is (3,): give (ratio, millivolts)"),
    ("BATTERY_DIVIDER", (3, 0, 5), "BATTERY_DIVIDER is (3, 0, 5): give (ratio, millivolts)"),
    ("LED", "GP28", "LED is 'GP28': give a tuple of pin names, e.g. (\"GP7\",)"),
    ("KEYS", "SW_A", "KEYS is 'SW_A': give a tuple, e.g. ()"),
    ("CHORDS", "SW_A", "CHORDS is 'SW_A': give a tuple, e.g. ()"),
    ("CHORDS", (("SW_UP", "SW_DOWN"),), "CHORDS has ('SW_UP', 'SW_DOWN'): each chord is (pin a, pin b, button)"),
    ("LABELS", ("Up", "Down", "Left", "Right", "A", "B", "X", "Y", "Z"), "9 LABELS for 8 KEYS"),
    ("EINK", 1, "EINK is 1: give True or False"),
    ("AUDIO_ENABLE", 5, "AUDIO_ENABLE is 5: give a pin name"),
    ("KEYS", (5,), "KEYS has 5: each key is (pin, button, held button or None)"),
    ("KEYS", (("SW_A", OK, BACK, "A"),), "KEYS has ('SW_A', %d, %d, 'A'): each key is (pin, button, held" % (
        OK, BACK)),
    ("KEYS", (("SW_A", 8, None),), "no button 8: use hal.buttons' UP ... HINT"),
    ("CHORDS", (("SW_A", "SW_B", -1),), "no button -1: use hal.buttons' UP ... HINT"),
])
def test_a_field_of_the_wrong_type_is_named_not_a_traceback(monkeypatch, field, value, said):
    """QA: CHORDS = 5, LED = 5 or LABELS = 5 stopped the simulator with a TypeError traceback,
    HEIGHT = 10**9 with pygame's "Out of memory", and AUDIO = 5, PRESSED = 2, NAME = 5 ... ran
    on without a word, for the badge to fail on as the game starts."""
    p = hal.profile("pimoroni_picosystem")
    monkeypatch.setattr(p, field, value)
    problems = profile_problems(p, "pimoroni_picosystem")
    assert any(line.startswith(said) for line in problems), problems


def test_a_screen_of_the_largest_side_and_labels_of_two_characters_are_taken(monkeypatch):
    """The limits themselves pass: a side of MAX_SIDE pixels, a label of 2 characters (what
    is printed on a key, "F1"), and a divider's ratio that is not whole (10k over 4.7k: 3.13)."""
    from simulator.boards import MAX_SIDE
    p = hal.profile("pimoroni_picosystem")
    monkeypatch.setattr(p, "BATTERY_DIVIDER", (3.13, 0))
    monkeypatch.setattr(p, "WIDTH", MAX_SIDE)
    monkeypatch.setattr(p, "HEIGHT", MAX_SIDE)
    monkeypatch.setattr(p, "LABELS", ("Up", "Down", "Left", "Right", "F1", "F2", "X", "Y"))
    assert profile_problems(p, "pimoroni_picosystem") == []


def test_a_board_of_three_keys_must_reach_all_eight_buttons(monkeypatch):
    """Only a two-key board may do without UP, MENU and HINT (docs/boards.md): the T-Display
    with a third key is held to all eight."""
    p = hal.profile("lilygo_t_display_rp2040")
    monkeypatch.setattr(p, "KEYS", p.KEYS + (("GP0", BACK, None),))
    monkeypatch.setattr(p, "LABELS", p.LABELS + ("M",))
    assert "no key, held key or chord gives UP, MENU, HINT" in profile_problems(p, "lilygo_t_display_rp2040")


def test_a_led_given_as_a_string_does_not_hide_keys_of_the_wrong_type(monkeypatch):
    """LED = "GP28" (said later, with its example) and KEYS = 5 at once: KEYS is named, not
    walked into a TypeError traceback."""
    p = hal.profile("pimoroni_picosystem")
    monkeypatch.setattr(p, "LED", "GP28")
    monkeypatch.setattr(p, "KEYS", 5)
    assert profile_problems(p, "pimoroni_picosystem") == ["KEYS is 5: give a tuple, e.g. ()"]


def test_a_key_held_as_the_buttons_are_cleared_says_nothing_more_but_still_makes_a_chord():
    """clear(), for a new screen or your decision: a key down then is neither let go (its short
    press) nor held (its long press) nor repeated there; with a key pressed after, it still
    makes a chord; pressed again, it fires."""
    b = Buttons((("L", LEFT, BACK), ("R", RIGHT, OK), ("D", DOWN, None)), (("L", "R", UP),))
    b.press(0, 0)
    b.press(2, 0)
    assert b.take() == [DOWN]
    b.clear()
    b.tick(3 * B._LONG_MS)
    b.release(0, 3 * B._LONG_MS)
    assert b.take() == []               # neither BACK (held) nor LEFT (let go), nor DOWN again
    b.press(1, 2000)
    b.clear()
    b.release(1, 2100)
    b.press(0, 2200)
    b.release(0, 2300)
    assert b.take() == [LEFT]
    b.press(0, 3000)
    b.clear()
    b.press(1, 3100)
    b.release(1, 3200)
    assert b.take() == [UP]             # L held across the clear, R pressed after it: L+R
