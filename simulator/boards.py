"""A board profile checked against its board, in words (docs/boards.md): what the simulator
says before it opens a new board, which the badge would only find out as the game starts.
The pins come from circuitpython-stubs' board definitions (make sim and make test install them)."""
import importlib.util
import inspect
import os
import re

from firmware import text
from hal.buttons import NAMES, LEFT, RIGHT, OK, BACK, DOWN


MAX_SIDE = 4096        # pixels: no badge screen comes near (the largest profile is 320x240)
# the plain fields' kinds: which fields, the test a value passes, and what to give instead
KINDS = (
    (("AUDIO", "AUDIO_ENABLE", "BATTERY", "BACKLIGHT"), lambda v: v is None or isinstance(v, str),
     'a pin name ("GP5") or None'),
    (("MONO", "EINK", "PRESSED", "LED_ON"), lambda v: isinstance(v, bool), "True or False"),
    (("NAME",), lambda v: isinstance(v, str), "the name the game shows, as a string"),
    (("BATTERY_DIVIDER",), lambda v: v is None or isinstance(v, tuple) and len(v) == 2
     and all(isinstance(x, (int, float)) for x in v), "(ratio, millivolts), e.g. (3, 0), or None"),
)
FIELDS = ("BOARD_ID", "NAME", "WIDTH", "HEIGHT", "MONO", "EINK", "PRESSED", "KEYS", "CHORDS",
          "LABELS", "ENCODER", "AUDIO", "AUDIO_ENABLE", "BATTERY", "BATTERY_DIVIDER", "BACKLIGHT",
          "LED", "LED_ON")


def display_pins(profile):
    """The `board.X` names its make_display reads from the board, each once ([] without one)."""
    make = getattr(profile, "make_display", None)
    if make is None:
        return []
    code = re.sub(r"#.*", "", inspect.getsource(make))       # pins are upper case: not board_id
    return list(dict.fromkeys(re.findall(r"\bboard\.([A-Z_][A-Z0-9_]*)", code)))


def pin_jobs(profile):
    """(pin, its job) for each pin a profile gives a job: the keys, AUDIO, AUDIO_ENABLE, BATTERY,
    BACKLIGHT, make_display's `board.X`, the encoder and the LEDs (a chord only reads two keys)."""
    jobs = [(k[0], "a key") for k in profile.KEYS]
    for name in ("AUDIO", "AUDIO_ENABLE", "BATTERY", "BACKLIGHT"):
        if getattr(profile, name):
            jobs.append((getattr(profile, name), name))
    jobs += [(pin, "make_display") for pin in display_pins(profile)]
    return (jobs + [(pin, "ENCODER") for pin in profile.ENCODER or ()]
            + [(pin, "LED") for pin in profile.LED])


def profile_pins(profile):
    """Every pin name a profile uses, each once, its make_display's `board.X` included (a chord's
    pins are keys')."""
    return list(dict.fromkeys(pin for pin, _ in pin_jobs(profile)))


def pins_used_twice(profile, gpio=None):
    """'pin X is used twice, by ...' for each pin given two jobs, which the badge refuses ('X in
    use') once the first has it; with gpio ({name: GPIO number}, board_gpio) also two names of
    one pin (A0 and GP26). Two keys on one name are KEYS' own problem, and the backlight may be
    one of make_display's pins (it hands it to the display: backlight_pin=board.X)."""
    gpio = gpio or {}
    jobs = {}
    for pin, job in pin_jobs(profile):
        its = jobs.setdefault(gpio.get(pin, pin), [])
        if (pin, job) not in its:
            its.append((pin, job))
    out = []
    for its in jobs.values():
        if any(job == "BACKLIGHT" for _, job in its):
            its = [it for it in its if it[1] != "make_display"]
        names = list(dict.fromkeys(pin for pin, _ in its))
        kinds = list(dict.fromkeys(job for _, job in its))
        if len(names) > 1:
            out.append("%s are one pin, GPIO%d: give each its own pin" % (
                " and ".join("%s (%s)" % it for it in its), gpio[names[0]]))
        elif len(kinds) > 1:
            out.append("pin %s is used twice, by %s: give each its own pin" % (names[0], " and ".join(kinds)))
    return out


def stubs_installed():
    """Whether circuitpython-stubs, which holds every board's pins, is installed (make sim and
    make test install it)."""
    return importlib.util.find_spec("board_definitions") is not None


def board_stub(board_id):
    """circuitpython-stubs' definition of that board's `board` module, as text; None where the
    stubs are not installed (make test installs them) or do not know the board."""
    spec = importlib.util.find_spec("board_definitions")
    if spec is None:
        return None
    path = os.path.join(list(spec.submodule_search_locations)[0], board_id, "__init__.pyi")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def board_gpio(board_id):
    """{pin name: GPIO number} from circuitpython-stubs' board definition (its `# GPIOn` notes;
    two names of one pin share a number); {} where it is unknown (board_stub)."""
    return dict((name, int(n)) for name, n in re.findall(
        r"^([A-Z_][A-Z0-9_]*): microcontroller\.Pin\s*#\s*GPIO(\d+)\s*$", board_stub(board_id) or "", re.M))


def board_pins(board_id):
    """The names `import board` has on that board (board_stub); None where it is unknown. Its
    `# Unmapped:` notes count too: names the board has whose GPIO the stubs could not resolve
    (the Thumby Color's LCD_BACKLIGHT)."""
    stub = board_stub(board_id)
    if stub is None:
        return None
    return set(re.findall(r"^(?:def )?([A-Z_][A-Z0-9_]*)\s*[:(]", stub, re.M)
               + re.findall(r"^#\s*\{ MP_ROM_QSTR\(MP_QSTR_([A-Z_][A-Z0-9_]*)\)", stub, re.M))


def given(profile):
    """The button numbers a profile's keys (pressed and held) and chords give."""
    return ([k[1] for k in profile.KEYS] + [k[2] for k in profile.KEYS if k[2] is not None]
            + [c[2] for c in profile.CHORDS])


def reachable(profile):
    """The logical buttons a board's keys, chords and encoder can give (a list of bools)."""
    have = [False] * len(NAMES)
    for button in given(profile):
        if button in range(len(NAMES)):
            have[button] = True
    if profile.ENCODER:
        have[LEFT] = have[RIGHT] = True
    return have


def shape_problems(profile):
    """What in a profile is not of the shape docs/boards.md gives, in words: the other checks
    read KEYS, CHORDS, LED, ENCODER and make_display by it."""
    out = []
    for name in ("KEYS", "CHORDS", "LABELS", "LED"):       # the checks below walk them
        if not isinstance(getattr(profile, name), (tuple, list)) and not (
                name == "LED" and isinstance(profile.LED, str)):     # said below, with an example
            out.append("%s is %r: give a tuple, e.g. ()" % (name, getattr(profile, name)))
    if out:
        return out
    odd = [label for label in profile.LABELS if not isinstance(label, str)]
    if odd:
        out.append("LABELS has %s: each label is a string" % ", ".join(repr(label) for label in odd))
    for names, fits, want in KINDS:
        for name in names:
            if not fits(getattr(profile, name)):
                out.append("%s is %r: give %s" % (name, getattr(profile, name), want))
    for key in profile.KEYS:
        if not isinstance(key, tuple) or len(key) != 3:
            out.append("KEYS has %r: each key is (pin, button, held button or None)" % (key,))
    keys = [k[0] for k in profile.KEYS if isinstance(k, tuple)]
    for chord in profile.CHORDS:
        if not isinstance(chord, tuple) or len(chord) != 3:
            out.append("CHORDS has %r: each chord is (pin a, pin b, button)" % (chord,))
        else:
            out += ["CHORDS name %s, which is not in KEYS" % pin for pin in chord[:2] if pin not in keys]
    for name, example in (("LED", '("GP7",)'), ("ENCODER", '("GP4", "GP5")')):
        if isinstance(getattr(profile, name), str):
            out.append("%s is %r: give a tuple of pin names, e.g. %s" % (name, getattr(profile, name), example))
    if profile.ENCODER is not None and not isinstance(profile.ENCODER, (tuple, str)):
        out.append("ENCODER is %r: give its two pins, A and B, e.g. (\"GP4\", \"GP5\"), or None" % (profile.ENCODER,))
    elif isinstance(profile.ENCODER, tuple) and len(profile.ENCODER) != 2:
        out.append("ENCODER is %r: give its two pins, A and B, e.g. (\"GP4\", \"GP5\")" % (profile.ENCODER,))
    for name in ("WIDTH", "HEIGHT"):
        if not isinstance(getattr(profile, name), int):
            out.append("%s is %r: give the screen's pixels as a whole number" % (name, getattr(profile, name)))
        elif getattr(profile, name) > MAX_SIDE:     # pygame ran out of memory with a traceback
            out.append("%s is %d: a badge's screen is at most %d pixels a side"
                       % (name, getattr(profile, name), MAX_SIDE))
    pins = ([k[0] for k in profile.KEYS if isinstance(k, tuple) and k]
            + [p for c in profile.CHORDS if isinstance(c, tuple) for p in c[:2]]
            + [p for name in ("LED", "ENCODER") if isinstance(getattr(profile, name), tuple)
               for p in getattr(profile, name)])
    odd = [p for p in pins if not isinstance(p, str)]
    if odd:
        out.append("pins are named by strings (\"GP5\"), not %s" % ", ".join(repr(p) for p in odd))
    make = getattr(profile, "make_display", None)
    if make is not None and len(inspect.signature(make).parameters) != 1:
        out.append("make_display takes the board: def make_display(board)")
    return out


def label_problems(profile):
    """LABELS that are neither at most 2 characters, an arrow's name nor a place in firmware/text.py."""
    wrong = [label for label in profile.LABELS
             if len(label) > 2 and label not in text.ARROWS and label not in text.PLACES]
    if not wrong:
        return []
    return ["LABELS %s: at most 2 characters (what is printed on the key), Up, Down, Left, Right, "
            "or a place from PLACES in firmware/text.py" % ", ".join(repr(label) for label in wrong)]


def pin_problems(profile, have):
    """The pins a profile names that the board (`have`, board_pins) lacks, its DISPLAY included."""
    out = []
    unknown = [pin for pin in profile_pins(profile) if pin not in have]
    pins = [pin for pin in unknown if pin != "DISPLAY"]
    if pins:
        out.append("the board has no pin " + ", ".join(pins))
    if "DISPLAY" in unknown:            # make_display returns board.DISPLAY, copied from a board that has one
        out.append("the board has no DISPLAY: make_display must build one (see 'A screen that plugs on')")
    elif "DISPLAY" not in have and not hasattr(profile, "make_display"):
        out.append("the board has no DISPLAY: its profile needs a make_display(board)")
    return out


def profile_problems(profile, board_id):
    """What keeps a board profile from fitting its board, in words (docs/boards.md); [] if
    nothing does. The badge would only find out as the game starts."""
    missing = [f for f in FIELDS if not hasattr(profile, f)]
    if missing:
        return ["no " + ", ".join(missing)]
    out = shape_problems(profile)
    if out:
        return out
    if profile.BOARD_ID != board_id:
        out.append("BOARD_ID is %r" % profile.BOARD_ID)
    if len(profile.LABELS) != len(profile.KEYS):
        out.append("%d LABELS for %d KEYS" % (len(profile.LABELS), len(profile.KEYS)))
    out += label_problems(profile)
    if profile.WIDTH < 128 or profile.HEIGHT < 64:
        out.append("a %dx%d screen is smaller than the smallest layout, 128x64"
                   % (profile.WIDTH, profile.HEIGHT))
    keys = [k[0] for k in profile.KEYS]
    twice = sorted(set(k for k in keys if keys.count(k) > 1))
    if twice:
        out.append("KEYS name pin %s twice" % ", ".join(twice))
    out += pins_used_twice(profile, board_gpio(board_id))
    odd = [b for b in given(profile) if b not in range(len(NAMES))]
    if odd:
        out.append("no button %s: use hal.buttons' UP ... HINT" % ", ".join(str(b) for b in odd))
    if bool(profile.BATTERY) != (profile.BATTERY_DIVIDER is not None):
        out.append("BATTERY and BATTERY_DIVIDER go together: a pin and its (ratio, millivolts)")
    have = reachable(profile)
    needed = range(len(NAMES)) if len(profile.KEYS) > 2 else (LEFT, RIGHT, OK, BACK, DOWN)
    lacking = [NAMES[b] for b in needed if not have[b]]
    if lacking:
        out.append("no key, held key or chord gives " + ", ".join(lacking))
    have = board_pins(board_id)
    if have is not None:
        out += pin_problems(profile, have)
    return out
