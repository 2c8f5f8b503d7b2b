"""The badge HAL against stand-ins for board, keypad, supervisor (no hardware here)."""
import importlib
import importlib.util
import os
import re
import runpy
import subprocess
import sys
import types

import pytest

import hal
from conftest import ROOT
from hal.buttons import UP, RIGHT, OK, BACK, TURN, _LONG_MS as LONG_MS


def _stand_in(name):
    """A module of tests/mpapp, the stand-ins the MicroPython drive uses, under its own name."""
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpapp", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


KEYPAD = _stand_in("keypad")
FakeKeys = KEYPAD.Keys


class FakeDisplay:
    width = 296
    height = 128
    auto_refresh = True

    def __init__(self, eink):
        if eink:                        # only epaperdisplay has it (circuitpython-stubs): an
            self.time_to_refresh = 0.0  # LCD's BusDisplay or FramebufferDisplay has none
        self.refreshed = 0
        self.brightness = 1.0

    def refresh(self):
        self.refreshed += 1

    def __setattr__(self, name, value):
        if name == "auto_refresh" and hasattr(self, "time_to_refresh"):
            raise AttributeError(name)  # an EPaperDisplay has no auto_refresh (circuitpython-stubs)
        super().__setattr__(name, value)


def install_badge(monkeypatch, board_id):
    """Put stand-ins for board, keypad, supervisor and microcontroller (a blank nvm) in
    sys.modules; returns the clock."""
    clock = [0]
    board = types.ModuleType("board")
    board.board_id = board_id
    if board_id in hal.BOARDS:
        p = hal.profile(board_id)
        for pin in [k[0] for k in p.KEYS] + list(p.ENCODER or ()) + list(p.LED) + \
                [x for x in (p.AUDIO, p.AUDIO_ENABLE, p.BATTERY) if x]:
            setattr(board, pin, "pin:" + pin)
        if hasattr(p, "make_display"):      # a screen that plugs on: its buses are the badge's
            monkeypatch.setattr(p, "make_display", lambda b: FakeDisplay(p.EINK))
        else:
            board.DISPLAY = FakeDisplay(p.EINK)
    keypad = KEYPAD
    supervisor = types.ModuleType("supervisor")
    supervisor.ticks_ms = lambda: clock[0]
    microcontroller = types.ModuleType("microcontroller")      # saves stay in the test
    microcontroller.nvm = bytearray(b"\xff" * 4096)
    for name, mod in (("board", board), ("keypad", keypad), ("supervisor", supervisor),
                      ("microcontroller", microcontroller)):
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.delitem(sys.modules, "hal.circuitpython", raising=False)
    return clock


@pytest.fixture
def badge(monkeypatch):
    def make(board_id):
        clock = install_badge(monkeypatch, board_id)
        cp = importlib.import_module("hal.circuitpython")
        return cp.Hal(board_id), clock
    return make


def test_picosystem_keys_map_to_buttons(badge):
    h, clock = badge("pimoroni_picosystem")
    keys = FakeKeys.last
    assert keys.pins[0] == "pin:SW_UP" and keys.value_when_pressed is False
    assert keys.pull is True        # the keys' pull resistors: no external ones on these boards
    assert h.display.auto_refresh is False
    keys.events.queue += [(0, True), (0, False), (4, True)]
    assert h.poll() == [UP, OK]
    assert h.battery() is None      # no analogio here: no reading, and no error


@pytest.mark.parametrize("start", (0, (1 << 29) - LONG_MS // 2))
def test_badger_long_press_and_eink_refresh(monkeypatch, start):
    """A key held LONG_MS is its long press, also across supervisor.ticks_ms()'s wrap at 2**29
    (it gave the short press's OK instead of BACK)."""
    clock = install_badge(monkeypatch, "pimoroni_badger2040")
    clock[0] = start
    h = importlib.import_module("hal.circuitpython").Hal("pimoroni_badger2040")
    keys = FakeKeys.last
    assert keys.value_when_pressed is True       # Badger's buttons pull up when pressed
    keys.events.queue.append((4, True))          # SW_B
    assert h.poll() == []
    clock[0] = (start + LONG_MS + 1) % (1 << 29)
    assert h.poll() == [BACK]
    h.display.time_to_refresh = 0.5
    assert h.refresh() is False and h.display.refreshed == 0
    h.display.time_to_refresh = 0
    assert h.refresh() is True and h.display.refreshed == 1

    def too_soon():
        raise RuntimeError("Refresh too soon")
    h.display.refresh = too_soon                 # the panel's own minimum wait: tried again later
    assert h.refresh() is False


def test_an_lcd_refreshes_without_asking_for_rest(badge):
    """An LCD (BusDisplay) has no time_to_refresh: the HAL must not read it there."""
    h, clock = badge("pimoroni_picosystem")
    assert not hasattr(h.display, "time_to_refresh")
    assert h.refresh() is True and h.display.refreshed == 1


def test_lilygo_chord(badge):
    h, clock = badge("lilygo_t_display_rp2040")
    keys = FakeKeys.last
    keys.events.queue += [(0, True), (1, True), (0, False), (1, False)]
    assert h.poll() == [hal.buttons.DOWN]


def refusing(error):
    """A CircuitPython constructor that refuses its pins with `error` (in use, not on this board)."""
    def made(*pins, **options):
        raise error("pin refused: %r" % (pins,))
    return made


def module_refusing(monkeypatch, name, constructor, error):
    """Module `name` missing (ImportError), or there with a `constructor` refusing its pins."""
    module = types.ModuleType(name)
    setattr(module, constructor, refusing(error))
    monkeypatch.setitem(sys.modules, name, None if error is ImportError else module)


def test_tone_is_silent_without_a_speaker(badge, pwm):
    h, clock = badge("ugame22")
    h.tone(440, 10)          # no AUDIO pin: nothing to do, no error
    assert pwm.made == []    # pwmio is there on every board: no note is made on no pin


@pytest.mark.parametrize("error", (ValueError, RuntimeError))
def test_a_speaker_pin_that_cannot_play_leaves_the_game_silent(badge, pwm, monkeypatch, error):
    """PWMOut refuses the speaker pin (ValueError: its PWM slice in use at another frequency;
    RuntimeError): the note is not played, and the game goes on."""
    monkeypatch.setattr(sys.modules["pwmio"], "PWMOut", refusing(error))
    h, clock = badge("pimoroni_picosystem")
    h.tone(880, 20)
    h.tone(880, 20)


class FakeDigitalInOut:
    made = []
    in_use = ()

    def __init__(self, pin):
        if pin in FakeDigitalInOut.in_use:
            raise ValueError(pin + " in use")
        self.pin = pin
        self.value = None
        self.output = False
        FakeDigitalInOut.made.append(self)

    def switch_to_output(self, value=False):
        self.value = value
        self.output = True
        self.first = value

    def deinit(self):
        self.value = "released"


def stand_in(monkeypatch, name, cls, attr):
    """CircuitPython's C module `name`, played by a module whose `attr` is cls; cls.made is
    what the test's HAL made of it, from none."""
    mod = types.ModuleType(name)
    setattr(mod, attr, cls)
    monkeypatch.setitem(sys.modules, name, mod)
    cls.made = []
    return cls


@pytest.fixture
def digitalio(monkeypatch):
    stand_in(monkeypatch, "digitalio", FakeDigitalInOut, "DigitalInOut")
    FakeDigitalInOut.in_use = ()
    return FakeDigitalInOut


def test_led_lights_the_profile_pins(badge, digitalio):
    h, clock = badge("pimoroni_picosystem")
    h.light(True)
    assert [(io.pin, io.value) for io in digitalio.made] == [("pin:LED_G", True)]
    assert digitalio.made[0].output         # driven: an input pin would light nothing
    h.light(False)
    h.light(True)
    h.light(False)
    assert [(io.pin, io.value) for io in digitalio.made] == [("pin:LED_G", False)]   # claimed once


def test_every_led_of_the_profile_is_lit_together(badge, digitalio):
    """The Badger 2350's four rear LEDs are its your-turn light: all four go on and off
    together, not the first alone."""
    h, clock = badge("pimoroni_badger2350")
    h.light(True)
    assert [(io.pin, io.value) for io in digitalio.made] == [
        ("pin:LED0", True), ("pin:LED1", True), ("pin:LED2", True), ("pin:LED3", True)]
    h.light(False)
    assert [io.value for io in digitalio.made] == [False] * 4


def test_an_active_low_led_is_lit_by_a_low_pin(badge, digitalio):
    """The Picomo's and PicoPad's LEDs light when their pin is low (LED_ON = False): dark at
    first, lit on your turn."""
    for board_id in ("heiafr_picomo_v3", "heiafr_picomo_v2", "pajenicko_picopad"):
        digitalio.made = []
        h, clock = badge(board_id)
        h.light(False)
        assert [io.value for io in digitalio.made] == [True], board_id       # pin high: dark
        assert [io.first for io in digitalio.made] == [True], board_id       # and dark from the start
        h.light(True)
        assert [io.value for io in digitalio.made] == [False], board_id


@pytest.mark.parametrize("error", (ValueError, RuntimeError, AttributeError))
def test_an_led_pin_that_cannot_be_driven_leaves_no_light(badge, digitalio, monkeypatch, error):
    """DigitalInOut refuses the LED's pin (in use, a pin the board lacks, another failure):
    the badge has no your-turn light, and no error."""
    monkeypatch.setattr(sys.modules["digitalio"], "DigitalInOut", refusing(error))
    h, clock = badge("pimoroni_picosystem")
    h.light(True)
    h.light(False)


def test_led_pin_in_use_or_missing_leaves_no_light(badge, digitalio):
    digitalio.in_use = ("pin:USER_LED",)
    h, clock = badge("pimoroni_badger2040")
    h.light(True)                    # another program holds the pin: no light, no error
    h.light(False)
    assert digitalio.made == []
    h, clock = badge("ugame22")      # no LED at all
    h.light(True)
    assert digitalio.made == []


class FakePWMOut:
    made = []

    def __init__(self, pin, frequency, duty_cycle):
        self.pin, self.frequency, self.duty_cycle = pin, frequency, duty_cycle
        self.released = False
        FakePWMOut.made.append(self)

    def deinit(self):
        self.released = True


@pytest.fixture
def pwm(monkeypatch):
    """CircuitPython's pwmio, played by FakePWMOut: the notes it made."""
    return stand_in(monkeypatch, "pwmio", FakePWMOut, "PWMOut")


def nap_with(monkeypatch, sleep):
    """The HAL's nap (time.sleep) as `sleep`, through a stand-in time module for the HAL's import
    only: the real time.sleep is also called by displayio's background thread, which would then
    spin and fill what `sleep` records without end."""
    time = types.ModuleType("time")
    time.sleep = sleep
    monkeypatch.setitem(sys.modules, "time", time)


def test_tone_beeps_through_pwm_and_enables_the_amplifier(badge, digitalio, pwm, monkeypatch):
    """The MacroPad: its speaker pin at the note's pitch, half duty, for the note's length,
    with the amplifier enabled meanwhile; every pin released after, note by note."""
    slept = []
    amp = []                # the amplifier's pin while the note sounds
    nap_with(monkeypatch, lambda s: (slept.append(s), amp.append(digitalio.made[-1].value)))
    h, clock = badge("adafruit_macropad_rp2040")
    h.tone(1320, 30)
    h.tone(1760, 40)
    assert [(x.pin, x.frequency, x.duty_cycle, x.released) for x in FakePWMOut.made] == [
        ("pin:SPEAKER", 1320, 0x8000, True), ("pin:SPEAKER", 1760, 0x8000, True)]
    assert slept == [0.03, 0.04] and amp == [True, True]
    assert [(io.pin, io.value) for io in digitalio.made] == [("pin:SPEAKER_ENABLE", "released")] * 2


@pytest.mark.parametrize("error", (ValueError, RuntimeError))
def test_a_refused_note_releases_the_amplifier_pin(badge, digitalio, pwm, monkeypatch, error):
    """The MacroPad: PWMOut refuses the speaker pin after the amplifier pin was claimed. That pin
    is released all the same (else the next note's claim of it fails and every later beep is
    silent): once the speaker pin is free again, the next note plays."""
    nap_with(monkeypatch, lambda s: None)
    h, clock = badge("adafruit_macropad_rp2040")
    monkeypatch.setattr(sys.modules["pwmio"], "PWMOut", refusing(error))
    h.tone(880, 20)
    assert [(io.pin, io.value) for io in digitalio.made] == [("pin:SPEAKER_ENABLE", "released")]
    digitalio.in_use = tuple(io.pin for io in digitalio.made if io.value != "released")
    monkeypatch.setattr(sys.modules["pwmio"], "PWMOut", FakePWMOut)
    h.tone(880, 20)
    assert [(x.pin, x.released) for x in FakePWMOut.made] == [("pin:SPEAKER", True)]


def test_tone_without_an_amplifier_pin_beeps_through_pwm_alone(badge, digitalio, pwm, monkeypatch):
    """The PicoSystem: a speaker pin (AUDIO) and no amplifier to enable (AUDIO_ENABLE None):
    the note plays and its pin is released, and no digital pin is claimed."""
    slept = []
    nap_with(monkeypatch, slept.append)
    h, clock = badge("pimoroni_picosystem")
    assert h.profile.AUDIO and h.profile.AUDIO_ENABLE is None
    h.tone(880, 20)
    assert [(x.pin, x.frequency, x.released) for x in FakePWMOut.made] == [("pin:AUDIO", 880, True)]
    assert slept == [0.02] and digitalio.made == []


@pytest.mark.parametrize("board_id,pin", [("pimoroni_picosystem", "AUDIO"),
                                           ("adafruit_macropad_rp2040", "SPEAKER_ENABLE")])
def test_a_speaker_pin_the_board_lacks_leaves_the_game_silent(badge, digitalio, pwm, monkeypatch,
                                                              board_id, pin):
    """A profile's AUDIO or AUDIO_ENABLE pin missing from board (a build without it, a typo the
    stubs could not check): no note, as a missing LED pin leaves no light; it raised
    AttributeError at the first click, out of App.run."""
    nap_with(monkeypatch, lambda s: None)
    h, clock = badge(board_id)
    monkeypatch.delattr(sys.modules["board"], pin)
    h.tone(880, 20)
    assert [x.released for x in FakePWMOut.made] == []
    assert [io.value for io in digitalio.made] == []


class FakeAnalogIn:
    """The battery pin, behind a board's divider as its maker's code reads it (and a diode)."""
    volts = 3.7
    ratio, drop = 3, 0.0

    def __init__(self, pin):
        self.pin = pin

    @property
    def value(self):
        return int((FakeAnalogIn.volts - FakeAnalogIn.drop) / FakeAnalogIn.ratio / 3.3 * 65535)


def cell_at(monkeypatch, volts, ratio, drop):
    """analogio with a cell of volts on the battery pin, behind a divider of ratio and a diode's
    drop (volts)."""
    analogio = types.ModuleType("analogio")
    analogio.AnalogIn = FakeAnalogIn
    monkeypatch.setitem(sys.modules, "analogio", analogio)
    monkeypatch.setattr(FakeAnalogIn, "volts", volts)
    monkeypatch.setattr(FakeAnalogIn, "ratio", ratio)
    monkeypatch.setattr(FakeAnalogIn, "drop", drop)


@pytest.mark.parametrize("board_id,ratio,drop", [
    ("pimoroni_badger2040", 3, 0.0), ("pimoroni_picosystem", 3, 0.0),
    ("lilygo_t_display_rp2040", 2, 0.0), ("pajenicko_picopad", 3, 0.311)])
@pytest.mark.parametrize("volts,charge", [(4.3, 100), (4.2, 99), (3.75, 49), (3.3, 0), (3.0, 0)])
def test_battery_charge_from_the_divided_voltage(badge, monkeypatch, board_id, ratio, drop, volts,
                                                 charge):
    """The T-Display's 1:2 divider read as 1:3 showed 100% down to 3.3 V; the PicoPad's diode
    left out showed 65% when full."""
    cell_at(monkeypatch, volts, ratio, drop)
    h, clock = badge(board_id)
    assert h._battery.pin == "pin:" + hal.profile(board_id).BATTERY
    assert abs(h.battery() - charge) <= 1


@pytest.mark.parametrize("volts,charge", [(3.0, 0), (3.3, 0), (4.3, 100), (4.5, 100)])
def test_the_battery_charge_stops_at_empty_and_full(badge, monkeypatch, volts, charge):
    """Past 3.3 V and 4.2 V the charge reads 0% and 100% exactly (not -3% or 111%)."""
    cell_at(monkeypatch, volts, 3, 0.0)
    h, clock = badge("pimoroni_badger2040")
    assert h.battery() == charge


@pytest.mark.parametrize("drop", (0, 311))
def test_a_divider_of_a_ratio_not_whole_reads_a_whole_percent(badge, monkeypatch, drop):
    """BATTERY_DIVIDER's ratio may be a fraction, as the simulator's check allows (10k over 4.7k
    divides by 3.13): the charge is still a whole percent, shown "49%" on the title, not "49.0%"."""
    cell_at(monkeypatch, 3.75, 3.13, drop / 1000)
    monkeypatch.setattr(hal.profile("pimoroni_badger2040"), "BATTERY_DIVIDER", (3.13, drop))
    h, clock = badge("pimoroni_badger2040")
    level = h.battery()
    assert type(level) is int and abs(level - 49) <= 1, level


@pytest.mark.parametrize("error", (ImportError, ValueError, AttributeError, NotImplementedError,
                                   RuntimeError))
def test_a_knob_that_cannot_be_read_leaves_the_keys(badge, monkeypatch, error):
    """rotaryio missing, or refusing the encoder's pins (in use, not a pair its PIO reads, not
    on this board): the MacroPad plays with its keys alone."""
    module_refusing(monkeypatch, "rotaryio", "IncrementalEncoder", error)
    h, clock = badge("adafruit_macropad_rp2040")
    assert h._encoder is None
    FakeKeys.last.events.queue += [([k[1] for k in h.profile.KEYS].index(RIGHT), True)]
    assert h.poll() == [RIGHT]


@pytest.mark.parametrize("error", (ImportError, ValueError, AttributeError, NotImplementedError,
                                   RuntimeError))
def test_a_battery_pin_that_cannot_be_read_leaves_no_charge(badge, monkeypatch, error):
    """analogio missing, or refusing the battery's pin: the badge shows no charge, and starts."""
    module_refusing(monkeypatch, "analogio", "AnalogIn", error)
    h, clock = badge("pimoroni_badger2040")
    assert h.battery() is None


def test_a_board_without_a_battery_pin_reads_none_where_analogio_exists(badge, monkeypatch):
    """analogio is there on every board: only a profile's BATTERY pin is read (the uGame 22 has
    none)."""
    cell_at(monkeypatch, 3.7, 3, 0.0)          # analogio there, but the board has no battery pin
    h, clock = badge("ugame22")
    assert h.battery() is None


def test_the_battery_reads_the_adc_s_full_scale_as_3300_mv(badge, monkeypatch):
    """AnalogIn.value runs 0..65535 for 0..3.3 V: 22024 behind the Badger's 1:3 divider is
    3327 mV, 3% (read as 65536 steps it was 3326 mV, 2%), and 65535 is full."""
    analogio = types.ModuleType("analogio")
    reading = [22024]
    analogio.AnalogIn = lambda pin: types.SimpleNamespace(value=reading[0])
    monkeypatch.setitem(sys.modules, "analogio", analogio)
    h, clock = badge("pimoroni_badger2040")
    assert h.battery() == 3
    h._battery.value = 65535
    assert h.battery() == 100


def test_the_clock_takes_any_step_short_of_a_whole_wrap_as_time_gone_by(badge):
    """supervisor.ticks_ms() wraps at 2**29 ms: a step of up to 2**29 - 1 ms between two
    readings (the clock read one millisecond short of where it was) is that long, not a step
    counted modulo a smaller wrap."""
    h, clock = badge("pimoroni_picosystem")
    clock[0] = 10
    start = h.ticks_ms()
    clock[0] = 9
    assert h.ticks_ms() - start == (1 << 29) - 1


def test_the_macropad_knob_turned_clockwise_is_a_turn_forward(badge, monkeypatch):
    """rotaryio counts the MacroPad's knob down as it turns clockwise (adafruit_macropad reads
    -position): clockwise is TURN (the next card, the next menu line), anticlockwise TURN + 1."""
    knob = types.SimpleNamespace(position=7)
    rotaryio = types.ModuleType("rotaryio")
    pins = []
    rotaryio.IncrementalEncoder = lambda a, b: (pins.append((a, b)), knob)[1]
    monkeypatch.setitem(sys.modules, "rotaryio", rotaryio)
    h, clock = badge("adafruit_macropad_rp2040")
    assert pins == [("pin:ENCODER_A", "pin:ENCODER_B")]
    knob.position -= 2                      # two detents clockwise
    assert h.poll() == [TURN, TURN]
    knob.position += 1
    assert h.poll() == [TURN + 1]
    assert h.poll() == []                   # the knob still: nothing more
    knob.position += 3
    assert h.poll() == [TURN + 1] * 3 and h.poll() == []


def test_the_backlight_is_set_to_the_level_asked(badge):
    h, clock = badge("pimoroni_picosystem")
    h.set_brightness(0.25)
    assert h.display.brightness == 0.25


def test_a_board_without_a_knob_reads_none_where_rotaryio_exists(badge, monkeypatch):
    """On CircuitPython rotaryio is there on every board: only a profile's ENCODER pins make
    a knob (the PicoSystem has none; its poll is its keys alone)."""
    rotaryio = types.ModuleType("rotaryio")
    rotaryio.IncrementalEncoder = lambda a, b: types.SimpleNamespace(position=0)
    monkeypatch.setitem(sys.modules, "rotaryio", rotaryio)
    h, clock = badge("pimoroni_picosystem")
    assert h._encoder is None
    FakeKeys.last.events.queue += [(0, True)]
    assert h.poll() == [UP]


def test_the_free_heap_is_read_after_a_collection(badge, monkeypatch):
    """About's "Free memory": what a collection leaves free, not what the last screen left."""
    import gc
    collected = []
    monkeypatch.setattr(gc, "collect", lambda: collected.append(1))
    monkeypatch.setattr(gc, "mem_free", lambda: (150 if collected else 100) * 1024, raising=False)
    monkeypatch.setattr(gc, "mem_alloc", lambda: (20 if collected else 70) * 1024, raising=False)
    h, clock = badge("pimoroni_picosystem")
    assert h.memory() == (150 * 1024, 170 * 1024)
    h.collect()                 # between screens: a collection, now
    assert len(collected) == 2


def test_a_display_without_adjustable_brightness_is_left_alone(badge):
    """CircuitPython raises RuntimeError("Brightness not adjustable") for a display with no
    backlight control: a profile that names a BACKLIGHT there must not crash the game."""
    h, clock = badge("pimoroni_picosystem")

    class Fixed:
        @property
        def brightness(self):
            return 1.0

        @brightness.setter
        def brightness(self, level):
            raise RuntimeError("Brightness not adjustable")
    h.display = Fixed()
    h.set_brightness(0.1)


# ---- code.py, the badge's entry point ---------------------------------------------------
CODE_PY = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "code.py")


class Started(Exception):
    pass


def run_code_py(capsys):
    runpy.run_path(CODE_PY, run_name="__main__")
    return capsys.readouterr().out


def start_app(monkeypatch, capsys, board_id):
    """Run code.py on the stand-in badge until the app starts; the app."""
    install_badge(monkeypatch, board_id)
    from firmware import ui
    from firmware.app import App
    monkeypatch.setattr(ui, "FONT_DIR", os.path.join(os.path.dirname(CODE_PY), "fonts"))
    started = []

    def run(app):
        started.append(app)
        raise Started()
    monkeypatch.setattr(App, "run", run)
    try:
        out = run_code_py(capsys)
    except Started:
        out = None
    assert out is None, "code.py did not start the app; it printed: " + out
    return started[0]


@pytest.mark.parametrize("board_id", hal.BOARDS)
def test_code_py_starts_the_real_app_on_a_badge(monkeypatch, capsys, board_id):
    assert start_app(monkeypatch, capsys, board_id).hal.profile is hal.profile(board_id)


def test_code_py_says_the_game_is_starting_while_the_console_is_on_the_screen(monkeypatch, capsys):
    """CircuitPython's console stays on a colour screen until the HAL turns the auto-refresh off,
    and the game's first frame comes up to 1.7 s after code.py starts (README): code.py says on it
    that the game is starting, before its imports, so the player sees more than "code.py output:"."""
    said = []

    class Console(FakeDisplay):
        @property
        def auto_refresh(self):
            return not said

        @auto_refresh.setter
        def auto_refresh(self, on):
            said.append(capsys.readouterr().out)       # what the screen shows as it stops
    monkeypatch.setitem(globals(), "FakeDisplay", Console)     # the badge start_app installs
    start_app(monkeypatch, capsys, "pimoroni_picosystem")
    assert said == ["Starting Fan Tan...\n"], said


def test_code_py_starts_the_app_where_the_profile_makes_the_screen(monkeypatch, capsys):
    """A profile with make_display (docs/boards.md): the stand-in badge has no board.DISPLAY, and
    the tests never call the profile's own make_display, which needs the badge's buses."""
    p = hal.profile("pimoroni_picosystem")
    monkeypatch.setattr(p, "make_display", lambda board: board.SPI(), raising=False)
    app = start_app(monkeypatch, capsys, "pimoroni_picosystem")
    assert not hasattr(sys.modules["board"], "DISPLAY") and isinstance(app.hal.display, FakeDisplay)


def test_code_py_names_the_boards_it_knows(monkeypatch, capsys):
    install_badge(monkeypatch, "no_such_board")
    out = run_code_py(capsys)
    assert "no profile for board 'no_such_board'" in out and "pimoroni_badger2040" in out


def test_code_py_says_when_a_profile_does_not_fit_the_board(monkeypatch, capsys):
    """A board without board.DISPLAY (its screen plugs on) or without a pin the profile names."""
    install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.delattr(sys.modules["board"], "DISPLAY")
    out = run_code_py(capsys)
    assert "hal/pimoroni_picosystem.py does not fit this board" in out, out
    assert "DISPLAY" in out and "docs/boards.md" in out


def test_code_py_says_when_a_profile_s_display_set_up_raises_type_error(monkeypatch, capsys):
    """A make_display written for another board's buses (a pin where a bus goes, a missing
    argument) raises TypeError in CircuitPython's displayio: the player sees the profile named
    with docs/boards.md, not a traceback on the serial console."""
    install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.delattr(sys.modules["board"], "DISPLAY")

    def wrong_bus(board):
        raise TypeError("clock must be of type Pin")
    monkeypatch.setattr(hal.profile("pimoroni_picosystem"), "make_display", wrong_bus, raising=False)
    out = run_code_py(capsys)
    assert "hal/pimoroni_picosystem.py does not fit this board" in out, out
    assert "clock must be of type Pin" in out and "docs/boards.md" in out


@pytest.mark.parametrize("field", ("LED_ON", "BATTERY_DIVIDER"))
def test_code_py_names_a_field_a_profile_of_older_docs_lacks(monkeypatch, capsys, field):
    """LED_ON and BATTERY_DIVIDER came later: a profile without one is named as the game starts,
    not an AttributeError the first time the LED or the battery is read."""
    from firmware.app import App
    install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.delattr(hal.profile("pimoroni_picosystem"), field)
    monkeypatch.setattr(App, "run", lambda app: pytest.fail("the game started"))
    out = run_code_py(capsys)
    assert "does not fit this board" in out and field in out, out


@pytest.mark.parametrize("divider", (None, 3))
def test_code_py_names_a_battery_pin_without_its_divider(monkeypatch, capsys, divider):
    """A profile with a BATTERY pin and BATTERY_DIVIDER left None (copied from a board without a
    battery, as docs/boards.md gives it) or not a pair: code.py names it as the game starts; the
    title's battery reading raised TypeError, a traceback on the console."""
    from firmware import ui
    from firmware.app import App
    cell_at(monkeypatch, 3.7, 3, 0.0)
    install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.setattr(ui, "FONT_DIR", os.path.join(os.path.dirname(CODE_PY), "fonts"))
    monkeypatch.setattr(hal.profile("pimoroni_picosystem"), "BATTERY_DIVIDER", divider)
    monkeypatch.setattr(App, "run", lambda app: pytest.fail("the game started"))
    out = run_code_py(capsys)
    assert "does not fit this board" in out and "BATTERY_DIVIDER" in out, out


def test_a_profile_may_make_a_screen_that_plugs_on(monkeypatch):
    """A board whose screen is an add-on has no board.DISPLAY: its profile's make_display(board)
    builds it (docs/boards.md)."""
    install_badge(monkeypatch, "pimoroni_picosystem")
    board = sys.modules["board"]
    monkeypatch.delattr(board, "DISPLAY")
    made = FakeDisplay(False)
    monkeypatch.setattr(hal.profile("pimoroni_picosystem"), "make_display",
                        lambda b: made if b is board else None, raising=False)
    h = importlib.import_module("hal.circuitpython").Hal("pimoroni_picosystem")
    assert h.display is made and made.auto_refresh is False


def test_code_py_on_a_board_module_without_a_board_id(monkeypatch, capsys):
    """A board module without board_id (another port's, an old build): no profile is found for
    '?', and code.py says which boards it knows, not an AttributeError."""
    install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.delattr(sys.modules["board"], "board_id")
    out = run_code_py(capsys)
    assert "no profile for board '?'" in out and "pimoroni_picosystem" in out, out


def test_code_py_outside_circuitpython(monkeypatch, capsys):
    """On MicroPython or a computer (import board fails) code.py says what to do instead: the
    flashing guide, or the simulator (helper r36: it named neither)."""
    monkeypatch.setitem(sys.modules, "board", None)       # import board fails, as on MicroPython
    out = run_code_py(capsys)
    assert "needs CircuitPython" in out and "docs/flashing.md" in out and "make sim" in out, out
    assert os.path.exists(os.path.join(os.path.dirname(os.path.dirname(CODE_PY)), "docs", "flashing.md"))


def test_code_py_without_its_hal_folder(monkeypatch, capsys):
    """code.py with no hal/ beside it (run as a file on a computer, which puts firmware/ first on
    the path, or a badge whose hal/ is gone) says where hal/ belongs and what to run, not a
    ModuleNotFoundError traceback."""
    install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.setitem(sys.modules, "hal", None)         # import hal fails
    out = run_code_py(capsys)
    assert "hal/ folder is not beside code.py" in out and "tools.flash" in out and "make sim" in out, out
    r = subprocess.run([sys.executable, CODE_PY], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "make sim" in r.stdout, r.stdout         # hal's message, or without Blinka board's


def test_code_py_missing_library(monkeypatch, capsys):
    install_badge(monkeypatch, "pimoroni_picosystem")
    for name in list(sys.modules):
        if name.startswith("firmware") or name.startswith("adafruit_display_text"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "adafruit_display_text", None)
    out = run_code_py(capsys)
    assert "missing a library" in out and "tools.flash" in out


def test_code_py_out_of_memory_at_start(monkeypatch, capsys):
    """Too little heap for the app: a clear message with the free heap, not a traceback."""
    import gc
    install_badge(monkeypatch, "pimoroni_picosystem")
    from firmware.app import App

    def no_room(self, hal):
        raise MemoryError()
    monkeypatch.setattr(App, "__init__", no_room)
    monkeypatch.setattr(gc, "mem_free", lambda: 47 * 1024, raising=False)     # KB of 1024 B: not "48 KB"
    out = run_code_py(capsys)
    assert "ran out of memory starting (47 KB free)" in out and "README" in out
    assert "tools.flash --mpy" in out                     # hal/__init__.py: the badge runs sources
    monkeypatch.setattr(hal, "__file__", "/hal/__init__.mpy")
    out = run_code_py(capsys)
    assert "(47 KB free): see 'The code on the badge' in the README." in out


def test_code_py_measures_the_free_heap_once_the_app_is_let_go_and_collected(monkeypatch, capsys):
    """Out of memory while playing: code.py drops the app (its screens, its match) and collects
    the garbage before it reads the free heap, so the message says what is really left, not
    what the crash left."""
    import gc
    install_badge(monkeypatch, "pimoroni_picosystem")
    from firmware import ui
    from firmware.app import App
    monkeypatch.setattr(ui, "FONT_DIR", os.path.join(os.path.dirname(CODE_PY), "fonts"))

    def run(app):
        raise MemoryError()
    monkeypatch.setattr(App, "run", run)
    held = []           # at each collection: does code.py still hold the app?

    def collect():
        caller = sys._getframe(1)
        if caller.f_code.co_name == "out_of_memory":
            held.append(caller.f_globals.get("app") is not None)
    monkeypatch.setattr(gc, "collect", collect)
    monkeypatch.setattr(gc, "mem_free", lambda: (40 if held else 5) * 1024, raising=False)
    out = run_code_py(capsys)
    assert "ran out of memory while playing (40 KB free)" in out and held == [False], (out, held)


def test_code_py_out_of_memory_while_playing(monkeypatch, capsys):
    """The heap runs out mid-game: the message says the game is saved and how to go on."""
    import gc
    install_badge(monkeypatch, "pimoroni_picosystem")
    from firmware import ui
    from firmware.app import App
    monkeypatch.setattr(ui, "FONT_DIR", os.path.join(os.path.dirname(CODE_PY), "fonts"))

    def run(app):
        raise MemoryError()
    monkeypatch.setattr(App, "run", run)
    monkeypatch.setattr(gc, "mem_free", lambda: 5 * 1024, raising=False)
    out = run_code_py(capsys)
    assert "ran out of memory while playing (5 KB free)" in out and "saved" in out


def test_about_page_shows_board_firmware_and_free_heap(monkeypatch):
    """Rules & help > About on the badge: the board, its CircuitPython and the heap left,
    reached through the menus with the badge HAL."""
    import gc
    from firmware import ui, text
    from firmware.app import App
    from hal.buttons import DOWN
    install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.setattr(ui, "FONT_DIR", os.path.join(os.path.dirname(CODE_PY), "fonts"))
    monkeypatch.setattr(gc, "mem_free", lambda: 150 * 1024, raising=False)
    monkeypatch.setattr(gc, "mem_alloc", lambda: 20 * 1024, raising=False)
    cp = importlib.import_module("hal.circuitpython")
    app = App(cp.Hal("pimoroni_picosystem"))
    text.set_lang(0)
    impl = types.SimpleNamespace(name="circuitpython", version=(9, 2, 1, ""),
                                 cache_tag=sys.implementation.cache_tag)
    monkeypatch.setattr(sys, "implementation", impl)
    for want in ("help", "about"):
        while app.screen.item_text(app.screen.items[app.screen.sel]) != text.t(want):
            app.step(0, [DOWN])
        app.step(0, [OK])
    lines = [line for line, colour in app.screen.lines]
    assert lines == ["Fan Tan", "PicoSystem", "pimoroni_picosystem", "CircuitPython 9.2.1 .py",
                     "Free memory: 150 of 170 KB"]
    monkeypatch.setattr(hal, "__file__", "/hal/__init__.mpy")     # flashed with tools.flash --mpy
    assert app.hal.runtime() == "CircuitPython 9.2.1 .mpy"


@pytest.mark.parametrize("lead", (4000, 4300, 4600, 5000))
def test_the_clock_runs_on_across_the_wrap_of_supervisor_ticks(monkeypatch, lead):
    """CircuitPython's supervisor.ticks_ms() wraps at 2**29 ms, first about 65 s after power-on.
    The badge HAL's clock runs on across it, so a deal goes on: the bots keep playing and a
    held key still counts as held (the app and the buttons compare deadlines)."""
    from firmware import ui, text
    from firmware.app import App
    from firmware.table import TableScreen
    clock = install_badge(monkeypatch, "pimoroni_picosystem")
    wrap = 1 << 29
    clock[0] = wrap - lead                           # the deal starts seconds before the wrap
    monkeypatch.setattr(ui, "FONT_DIR", os.path.join(os.path.dirname(CODE_PY), "fonts"))
    cp = importlib.import_module("hal.circuitpython")
    h = cp.Hal("pimoroni_picosystem")
    app = App(h)
    text.set_lang(0)
    app.settings["deal"] = 5
    app.start_match()
    keys = FakeKeys.last
    ok = [k[1] for k in h.profile.KEYS].index(OK)
    moves_after_wrap = 0
    for step in range(4000):                         # up to 200 s in steps of 50 ms
        clock[0] = (clock[0] + 50) % wrap
        scr = app.screen
        if isinstance(scr, TableScreen) and scr.g.over:
            break
        if step % 4 == 0 and scr.g.turn == scr.me:
            keys.events.queue += [(ok, True), (ok, False)]
        before = len(scr.g.log)
        app.step(h.ticks_ms(), h.poll())
        if clock[0] < wrap // 2:
            moves_after_wrap += len(scr.g.log) - before
    assert app.screen.g.over and moves_after_wrap > 20
    assert lead < h.ticks_ms() < 200000              # counted from the start, past the wrap


class Stop(Exception):
    pass


def test_the_badge_loop_naps_while_nothing_moves(monkeypatch):
    """App.run, the badge's main loop: on a still menu each turn of the loop ends in a 20 ms nap
    (the processor waits for interrupts); while the bots play or cards are dealt it never naps,
    and a whole deal played through the keys still ends."""
    from firmware import ui, text
    from firmware.app import App
    from firmware.table import TableScreen
    clock = install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.setattr(ui, "FONT_DIR", os.path.join(os.path.dirname(CODE_PY), "fonts"))
    h = importlib.import_module("hal.circuitpython").Hal("pimoroni_picosystem")
    app = App(h)
    app.settings["sound"] = 0       # a beep's note is a nap too
    text.set_lang(0)
    keys = FakeKeys.last
    ok = [k[1] for k in h.profile.KEYS].index(OK)
    loops = []                      # per turn of the loop: did it nap?
    busy_naps = []
    poll = h.poll

    def one_turn(last):
        clock[0] += 1                # a turn of the loop takes a millisecond
        if len(loops) == last:
            raise Stop()
        scr = app.screen
        if isinstance(scr, TableScreen):
            if scr.g.over:
                raise Stop()
            if scr.my_turn() and len(loops) % 10 == 0:      # the player takes a moment
                keys.events.queue += [(ok, True), (ok, False)]
        loops.append(False)
        return poll()

    def nap(seconds):
        assert seconds == 0.02
        clock[0] += 20
        loops[-1] = True
        busy_naps.append(app.busy())
    monkeypatch.setattr(h, "nap", nap)

    monkeypatch.setattr(h, "poll", lambda: one_turn(200))
    with pytest.raises(Stop):
        app.run()                                   # the title screen, untouched
    assert loops[0] is False and all(loops[1:])     # it drew the screen once, then napped

    app.settings["deal"] = 5
    app.start_match()
    del loops[:]
    monkeypatch.setattr(h, "poll", lambda: one_turn(-1))
    with pytest.raises(Stop):
        app.run()
    assert app.screen.g.over and len(app.screen.g.log) > 40
    assert not any(busy_naps)                       # never while bots or the deal moved
    assert loops.count(False) > 1000 and loops.count(True) > 50    # it naps as you decide


def test_code_py_counts_the_free_heap_in_kilobytes_of_1024_bytes(monkeypatch, capsys):
    """The message gives the free heap as the About page does (KB of 1024 bytes)."""
    import gc
    install_badge(monkeypatch, "pimoroni_picosystem")
    from firmware.app import App

    def no_room(self, hal):
        raise MemoryError()
    monkeypatch.setattr(App, "__init__", no_room)
    monkeypatch.setattr(gc, "mem_free", lambda: 150 * 1024 + 1023, raising=False)
    assert "ran out of memory starting (150 KB free)" in run_code_py(capsys)


# ---- boot.py: CIRCUITPY writable by the game unless the drive button is held --------------------
BOOT_PY = os.path.join(os.path.dirname(CODE_PY), "boot.py")


class FakeButtonPin(FakeDigitalInOut):
    """A button pin read as an input: held, it reads the profile's PRESSED level; let go, it
    reads what its pull resistor gives (nothing else: a floating pin is an error here)."""
    held = False
    pressed = False

    def __init__(self, pin):
        super().__init__(pin)
        self.pull = None
        self.direction = None

    @property
    def value(self):
        if self.direction != "in":      # an output reads the level it drives: not the button's
            return None
        if FakeButtonPin.held:
            return FakeButtonPin.pressed
        return {"up": True, "down": False}[self.pull]

    @value.setter
    def value(self, v):
        pass

    def deinit(self):
        self.pull = "released"


def run_boot_py(monkeypatch, capsys):
    """boot.py run as at power-up, with a stand-in storage module: its remounts, and what it
    printed."""
    remounts = []
    storage = types.ModuleType("storage")
    storage.remount = lambda path, readonly=False: remounts.append((path, readonly))
    monkeypatch.setitem(sys.modules, "storage", storage)
    runpy.run_path(BOOT_PY, run_name="__main__")
    return remounts, capsys.readouterr().out


@pytest.mark.parametrize("held", (False, True))
@pytest.mark.parametrize("board_id", ("pimoroni_picosystem", "pimoroni_badger2040"))
def test_boot_py_gives_circuitpy_to_the_game_unless_the_drive_button_is_held(
        monkeypatch, capsys, digitalio, board_id, held):
    """An active-low button (PicoSystem) and an active-high one (Badger): let go, the drive is
    remounted writable by code; held at reset, it stays the computer's. The pin is released."""
    install_badge(monkeypatch, board_id)
    module = sys.modules["digitalio"]           # the digitalio fixture's stand-in, for inputs
    module.DigitalInOut = FakeButtonPin
    module.Direction = types.SimpleNamespace(INPUT="in", OUTPUT="out")
    module.Pull = types.SimpleNamespace(UP="up", DOWN="down")
    monkeypatch.setattr(FakeButtonPin, "held", held)
    monkeypatch.setattr(FakeButtonPin, "pressed", hal.profile(board_id).PRESSED)
    remounts, out = run_boot_py(monkeypatch, capsys)
    assert remounts == ([] if held else [("/", False)]), out
    assert ("writable by the computer" in out) == held and ("writable by code" in out) == (not held)
    assert "SW_B" in out and "True" not in out and "False" not in out     # the button by its pin
    assert [io.pull for io in digitalio.made] == ["released"]


def test_boot_py_reads_each_board_s_back_key_as_its_drive_button(monkeypatch):
    """The drive button boot.py reads is the board's BACK key (its short or long press), at the
    level the profile gives for a pressed key, on every board the game knows: a wrong pin or
    level made the drive the game's (or the computer's) on a reset with nothing held."""
    monkeypatch.setitem(sys.modules, "storage", None)       # off the badge: boot.py does nothing
    table = runpy.run_path(BOOT_PY, run_name="__main__")["DRIVE_BUTTON"]
    assert sorted(table) == sorted(hal.BOARDS)
    for board_id in hal.BOARDS:
        p = hal.profile(board_id)
        back = [k[0] for k in p.KEYS if BACK in k[1:]]
        assert table[board_id] == (back[0], p.PRESSED) and len(back) == 1, board_id


def test_the_readme_names_each_board_s_drive_button_as_boot_py_reads_it():
    """The README's "BACK button (hold at power-up for the drive)" column names the key boot.py
    reads, by its label or its pin (KEY7 on the MacroPad): a player holds what it says when the
    drive must go back to the computer, so a profile's BACK moved must move it too."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    part = readme[readme.index("## Put it on your badge"):readme.index("## Layout")]
    rows = [r.split(" | ") for r in part.splitlines() if r.startswith("| ") and "`" in r]
    seen = []
    for row in rows:
        for board_id in re.findall(r"`(\w+)`", row[1]):
            p = hal.profile(board_id)
            i = [BACK in k[1:] for k in p.KEYS].index(True)
            assert row[2].split(" (")[0] in (p.LABELS[i], p.KEYS[i][0]), (board_id, row[2])
            seen.append(board_id)
    assert sorted(seen) == sorted(hal.BOARDS)


def test_boot_py_on_a_board_module_without_a_board_id(monkeypatch, capsys, digitalio):
    """A board module without board_id: boot.py takes it for a board it does not know (no
    traceback at power-up) and leaves the drive to the computer."""
    install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.delattr(sys.modules["board"], "board_id")
    remounts, out = run_boot_py(monkeypatch, capsys)
    assert remounts == [] and digitalio.made == [] and "unknown board" in out, out


def test_boot_py_leaves_circuitpy_alone_on_a_board_it_does_not_know(monkeypatch, capsys, digitalio):
    """A board boot.py's table lacks: no button is read and the drive stays the computer's,
    as on a fresh board, and boot.py says so (no traceback at power-up)."""
    install_badge(monkeypatch, "some_other_board")
    remounts, out = run_boot_py(monkeypatch, capsys)
    assert remounts == [] and digitalio.made == []
    assert "unknown board" in out and "writable by code" not in out, out


def test_code_py_says_when_a_key_pin_is_already_in_use(monkeypatch, capsys):
    """A key on a pin make_display (or the backlight) took: CircuitPython's keypad raises
    ValueError('... in use'); code.py names the profile and docs/boards.md, as for a pin the
    board lacks, instead of a traceback."""
    install_badge(monkeypatch, "pimoroni_picosystem")

    def in_use(*args, **kwargs):
        raise ValueError("SW_UP in use")
    monkeypatch.setattr(KEYPAD, "Keys", in_use)
    out = run_code_py(capsys)
    assert "hal/pimoroni_picosystem.py does not fit this board" in out and "in use" in out, out


def test_the_deal_s_jingle_plays_once_your_last_card_is_drawn(monkeypatch, pwm):
    """App.run on the badge: a note is a nap, so the jingle played in the step your last card
    ended the deal held that card off the screen for 275 ms (the click and three notes). Now the
    screen shows the card first, and the jingle follows; other keys wait for their click only."""
    from firmware import ui, text
    from firmware.app import App
    from firmware.table import TableScreen
    clock = install_badge(monkeypatch, "pimoroni_picosystem")
    monkeypatch.setattr(ui, "FONT_DIR", os.path.join(os.path.dirname(CODE_PY), "fonts"))
    h = importlib.import_module("hal.circuitpython").Hal("pimoroni_picosystem")
    app = App(h)
    text.set_lang(0)
    app.settings["deal"] = 7                # deal 7: you go out first, laying your first legal card
    app.start_match()
    keys = FakeKeys.last
    pins = [k[1] for k in h.profile.KEYS]
    pressed = []                            # (when, the key)
    lags = []                               # per key: how long until the screen was refreshed
    events = []                             # "shown over" at the refresh of the deal's end, notes
    nap_with(monkeypatch, lambda s: (clock.__setitem__(0, clock[0] + int(s * 1000)),
                                     events.append(pwm.made[-1].frequency) if pwm.made and s != 0.02 else None))
    refresh = h.refresh

    def shown():
        if pressed:
            lags.append(clock[0] - pressed.pop()[0])
        if app.screen.g.over and "shown over" not in events:
            events.append("shown over")
        return refresh()

    def one_turn():
        clock[0] += 1
        scr = app.screen
        if not isinstance(scr, TableScreen) or scr.g.over and scr.over_at > 0:
            raise Stop()
        if scr.my_turn() and not pressed and clock[0] % 200 == 0:
            i = next(i for i in range(len(scr.items)) if scr.g.check(scr.items[i], scr.me) == 0)
            b = OK if scr.cursor == i else RIGHT
            keys.events.queue += [(pins.index(b), True), (pins.index(b), False)]
            pressed.append((clock[0], b))
        return poll()
    poll = h.poll
    monkeypatch.setattr(h, "refresh", shown)
    monkeypatch.setattr(h, "poll", one_turn)
    with pytest.raises(Stop):
        app.run()
    assert app.screen.g.over and app.screen.g.winner == app.human
    assert max(lags) == ui.CLICK[1], lags
    jingle = [ui.DEAL_WON[i] for i in range(0, len(ui.DEAL_WON), 2)]
    assert events[events.index("shown over"):] == ["shown over"] + jingle, events
