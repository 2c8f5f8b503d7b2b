"""The desktop HAL for the simulator: Blinka displayio drawn with pygame, keyboard as buttons.

Not for the badge (imports pygame). `DesktopHal(board_id, headless=True)` renders off-screen;
the simulator drives its clock and feeds buttons. Each refresh records how many pixels
displayio had to redraw (`last_redraw`), from displayio's own dirty areas.
"""
import importlib.util
import io
import inspect
import os
import re
import time
import weakref

# Before pygame and Blinka load, for whatever uses this HAL (the simulator, the tools, the tests):
# no pygame greeting, and Blinka's board-free chip, so that it does not warn that this computer
# is "not fully supported" (nothing here uses its pins).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BLINKA_FORCECHIP", "OS_AGNOSTIC")

import bitmaptools                          # noqa: E402
import numpy as np                          # noqa: E402
import pygame                               # noqa: E402
import displayio                            # noqa: E402
from displayio import _tilegrid             # noqa: E402
import busdisplay                           # noqa: E402
from blinka_displayio_pygamedisplay import PyGameDisplay   # noqa: E402

from firmware import text                   # noqa: E402
from hal import profile as _profile         # noqa: E402
from hal.file_store import FileStore        # noqa: E402
from hal.memory_store import MemoryStore    # noqa: E402
from hal.buttons import Buttons, NAMES, COUNT, UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT   # noqa: E402

# Blinka starts a thread at import that would refresh the displays by itself; the app refreshes
# once the screen has settled (and the tests decide when), so stop it, and no second thread
# competes with the game, or a test, for the interpreter.
displayio._stop_background()

# keyboard keys for a board key, by the logical button of its short press
_KEYS_FOR = {UP: "up", DOWN: "down", LEFT: "left", RIGHT: "right", OK: "z",
             BACK: "x", MENU: "m", HINT: "h"}
_SPARE = ("space", "c", "v", "b", "n", "1", "2", "3", "4", "5", "6", "7", "8", "9")
ENCODER_KEYS = (",", ".")


def keyboard_map(profile):
    """[(keyboard key name, board key index)] for a board profile."""
    used = set()
    out = []
    for i in range(len(profile.KEYS)):
        want = _KEYS_FOR[profile.KEYS[i][1]]
        if want in used:
            for want in _SPARE:
                if want not in used:
                    break
        used.add(want)
        out.append((want, i))
    return out


def describe(profile):
    """The board map in pin names and logical buttons, for the simulator's panel (the badge's
    Buttons page names keys as printed, in the player's language)."""
    lines = []
    for pin, short, long_button in profile.KEYS:
        text = pin + ": " + NAMES[short]
        if long_button is not None:
            text += ", hold: " + NAMES[long_button]
        lines.append(text)
    for a, b, button in profile.CHORDS:
        lines.append(a + "+" + b + ": " + NAMES[button])
    if profile.ENCODER:
        lines.append("encoder: LEFT/RIGHT")
    return lines


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
    """The names `import board` has on that board (board_stub); None where it is unknown."""
    stub = board_stub(board_id)
    if stub is None:
        return None
    return set(re.findall(r"^(?:def )?([A-Z_][A-Z0-9_]*)\s*[:(]", stub, re.M))


def given(profile):
    """The button numbers a profile's keys (pressed and held) and chords give."""
    return ([k[1] for k in profile.KEYS] + [k[2] for k in profile.KEYS if k[2] is not None]
            + [c[2] for c in profile.CHORDS])


def reachable(profile):
    """The logical buttons a board's keys, chords and encoder can give (a list of bools)."""
    have = [False] * COUNT
    for button in given(profile):
        if button in range(COUNT):
            have[button] = True
    if profile.ENCODER:
        have[LEFT] = have[RIGHT] = True
    return have


def shape_problems(profile):
    """What in a profile is not of the shape docs/boards.md gives, in words: the other checks
    read KEYS, CHORDS, LED, ENCODER and make_display by it."""
    out = []
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
    if isinstance(profile.ENCODER, tuple) and len(profile.ENCODER) != 2:
        out.append("ENCODER is %r: give its two pins, A and B, e.g. (\"GP4\", \"GP5\")" % (profile.ENCODER,))
    for name in ("WIDTH", "HEIGHT"):
        if not isinstance(getattr(profile, name), int):
            out.append("%s is %r: give the screen's pixels as a whole number" % (name, getattr(profile, name)))
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
    odd = [b for b in given(profile) if b not in range(COUNT)]
    if odd:
        out.append("no button %s: use hal.buttons' UP ... HINT" % ", ".join(str(b) for b in odd))
    if bool(profile.BATTERY) != (profile.BATTERY_DIVIDER is not None):
        out.append("BATTERY and BATTERY_DIVIDER go together: a pin and its (ratio, millivolts)")
    have = reachable(profile)
    needed = range(COUNT) if len(profile.KEYS) > 2 else (LEFT, RIGHT, OK, BACK, DOWN)
    lacking = [NAMES[b] for b in needed if not have[b]]
    if lacking:
        out.append("no key, held key or chord gives " + ", ".join(lacking))
    have = board_pins(board_id)
    if have is not None:
        out += pin_problems(profile, have)
    return out


_slow_blit = bitmaptools.blit
_glyph_pixels = weakref.WeakKeyDictionary()     # font strip -> {cell: its pixels}; dies with it


def _fast_blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None,
               skip_source_index=None, skip_dest_index=None):
    """bitmaptools.blit for glyph-sized areas (a cell of a font's strip): their pixels are read
    once and cached.

    Blinka's blit reads every source pixel through Python on every label change; fonts never
    change, so the simulator keeps each cell's pixel list (same result, faster)."""
    if x2 is None:
        x2 = source.width
    if y2 is None:
        y2 = source.height
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    if skip_dest_index is not None or x2 - x1 > 40 or y2 - y1 > 40:
        return _slow_blit(dest, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2,
                          skip_source_index=skip_source_index, skip_dest_index=skip_dest_index)
    cells = _glyph_pixels.get(source)
    if cells is None:
        cells = _glyph_pixels[source] = {}
    key = (x1, y1, x2, y2, skip_source_index)
    px = cells.get(key)
    if px is None:
        px = cells[key] = []
        for sy in range(y1, y2):
            for sx in range(x1, x2):
                v = source[sx, sy]
                if v != skip_source_index:
                    px.append((sx - x1, sy - y1, v))
    w = dest.width
    h = dest.height
    for sx, sy, v in px:
        dx = x + sx
        dy = y + sy
        if 0 <= dx < w and 0 <= dy < h:
            dest[dx, dy] = v


bitmaptools.blit = _fast_blit

_slow_fill = _tilegrid._fill_pixels


def _fast_fill(buffer, mask, colors, opaque, geometry, tilegrid, bitmap):
    """Blinka's pixel loop for a paletted TileGrid (displayio._tilegrid._fill_pixels), done on
    whole arrays: the same formulas, so the same pixels, mask bits and coverage (tests compare
    the two), in a few numpy steps instead of a Python step per pixel (button mashing on the
    Badger, 690 full e-ink refreshes, went from 80 s to 17 s). Small areas keep the loop."""
    start, x_stride, y_stride, x_shift, y_shift, start_x, end_x, start_y, end_y = geometry
    if (end_x - start_x) * (end_y - start_y) < 256:
        return _slow_fill(buffer, mask, colors, opaque, geometry, tilegrid, bitmap)
    g = tilegrid
    ys = np.arange(start_y, end_y)
    xs = np.arange(start_x, end_x)
    offs = ((start + (ys - start_y + y_shift) * y_stride)[:, None]
            + ((xs - start_x + x_shift) * x_stride)[None, :]).ravel()
    bits = np.frombuffer(mask, np.uint32)
    free = (bits[offs >> 5] >> (offs & 31).astype(np.uint32)) & 1 == 0
    ly = ys // g._absolute_transform.scale
    lx = xs // g._absolute_transform.scale
    tiles = np.asarray(memoryview(g._tiles)).astype(np.int64)
    tile = tiles[(((ly // g._tile_height + g._top_left_y) % g._height_in_tiles) * g._width_in_tiles)[:, None]
                 + ((lx // g._tile_width + g._top_left_x) % g._width_in_tiles)[None, :]]
    across = g._bitmap_width_in_tiles
    tx = ((tile % across) * g._tile_width + (lx % g._tile_width)[None, :]).ravel()
    ty = ((tile // across) * g._tile_height + (ly % g._tile_height)[:, None]).ravel()
    inside = (tx < bitmap._bmp_width) & (ty < bitmap._bmp_height)
    tx = tx[inside]
    ty = ty[inside]
    words = bitmap._data
    pixel = np.zeros(len(offs), np.int64)
    if bitmap._bits_per_value == 8:
        data = np.frombuffer(memoryview(words).cast("B"), np.uint8)
        pixel[inside] = data[ty * (bitmap._stride * words.itemsize) + tx]
    else:
        data = np.frombuffer(words, "u%d" % words.itemsize).astype(np.int64)
        shift = 32 - ((tx & bitmap._x_mask) + 1) * bitmap._bits_per_value
        pixel[inside] = (data[ty * bitmap._stride + (tx >> bitmap._x_shift)] >> shift) & bitmap._bitmask
    shown = np.frombuffer(bytes(opaque), np.uint8).astype(bool)[pixel]
    put = free & shown
    at = offs[put]
    np.frombuffer(buffer, np.uint16)[at] = np.array(colors, np.int64)[pixel[put]]
    done = np.zeros(len(bits) * 32, np.uint8)
    done[at] = 1
    bits |= np.packbits(done, bitorder="little").view(np.uint32)
    return not (free & ~shown).any()


_tilegrid._fill_pixels = _fast_fill


class SimDisplay(PyGameDisplay):
    """A PyGameDisplay that draws into an off-screen surface and measures redraws."""

    def __init__(self, width, height, **kwargs):
        self.last_redraw = 0
        super().__init__(width=width, height=height, auto_refresh=False, **kwargs)

    def _initialize(self, init_sequence):
        pygame.display.init()     # only the display: the mixer starts with the first beep (tone)
        self._pygame_screen = pygame.Surface((self.width, self.height))

    def _get_refresh_areas(self):
        areas = busdisplay.BusDisplay._get_refresh_areas(self)
        mask = np.zeros((self.height, self.width), dtype=bool)
        for a in areas:      # pixels covered by at least one dirty area
            mask[max(a.y1, 0):max(0, min(a.y2, self.height)), max(a.x1, 0):max(0, min(a.x2, self.width))] = True
        self.last_redraw = int(mask.sum())
        return areas

    def _refresh_display(self):
        busdisplay.BusDisplay._refresh_display(self)
        self._last_refresh = time.monotonic()
        self._refresh_pending = False

    def _refresh_area(self, area):
        """Draw one dirty area (PyGameDisplay's version assumes whole words of pixels)."""
        from displayio._area import Area
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        w = clipped.width()
        h = clipped.height()
        words = (w * h + 1) // 2
        buffer = memoryview(bytearray(words * 4))
        mask = memoryview(bytearray(((w * h) // 32 + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        arr = np.frombuffer(bytes(buffer[:w * h * 2]), dtype=np.dtype(np.uint16).newbyteorder("S"))
        rgb = np.empty((w * h, 3), dtype=np.uint8)
        rgb[:, 0] = ((arr >> 11) & 0x1F) * 255 // 31
        rgb[:, 1] = ((arr >> 5) & 0x3F) * 255 // 63
        rgb[:, 2] = (arr & 0x1F) * 255 // 31
        surf = pygame.image.frombuffer(rgb.tobytes(), (w, h), "RGB")
        self._pygame_screen.blit(surf, (clipped.x1, clipped.y1))
        return True

    def _release(self):
        pass

    def surface(self):
        return self._pygame_screen


def save_png(surf, path):
    """Write surf to path as a PNG. pygame's own save says nothing when a write fails (a full
    disk left an empty picture); here it raises OSError and leaves no broken file behind."""
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "png")
    try:
        with open(path, "wb") as f:
            f.write(buf.getvalue())
    except OSError as e:
        if os.path.isfile(path):
            os.remove(path)
        e.filename = path
        raise


def cannot_write(ap, e):
    """A picture save_png could not write (a missing folder, a full disk): one line, status 1."""
    ap.exit(1, "%s: error: cannot write %s: %s\n" % (ap.prog, e.filename, e.strerror or e))


class DesktopHal:
    """The HAL the simulator gives the app."""

    def __init__(self, board_id="pimoroni_picosystem", headless=True, data_dir=None, battery=None):
        self.profile = p = _profile(board_id)
        self.charge = battery      # a simulated battery charge (0..100), or None: no reading
        self.headless = headless
        displayio.release_displays()     # one simulated badge at a time
        self.display = SimDisplay(p.WIDTH, p.HEIGHT)
        self.buttons = Buttons(p.KEYS, p.CHORDS)
        self.clock = 0             # virtual ms (headless); real ms otherwise
        self._t0 = time.monotonic()
        self.queue = []
        self.brightness = 1.0
        self.lit = False           # the your-turn LED, where the board has one
        self.tones = []            # (Hz, ms) of the last beeps, where the board has a speaker
        # the simulated flash: files in data_dir (kept between runs), else memory only
        if data_dir:
            os.makedirs(data_dir, exist_ok=True)
        self.store = FileStore(data_dir) if data_dir else MemoryStore()
        self.keymap = {}
        for name, i in keyboard_map(p):
            self.keymap[pygame.key.key_code(name)] = i
        self.enc = {}
        if p.ENCODER:
            self.enc = {pygame.key.key_code(ENCODER_KEYS[0]): LEFT,
                        pygame.key.key_code(ENCODER_KEYS[1]): RIGHT}
        self.held = set()

    def collect(self):
        """CPython frees a screen by reference counting; a full gc.collect() is slow here."""

    def memory(self):
        """The desktop has no badge heap to report."""
        return None

    def runtime(self):
        import sys
        return "simulator, Python %d.%d" % sys.version_info[:2]

    # clock
    def ticks_ms(self):
        if self.headless:
            return self.clock
        return int((time.monotonic() - self._t0) * 1000)

    # input
    def inject(self, button):
        """Press a logical button (scripts and tests)."""
        self.queue.append(button)

    def key_event(self, event):
        """Feed a pygame KEYDOWN/KEYUP event through the board's raw keys."""
        now = self.ticks_ms()
        if event.key in self.enc and event.type == pygame.KEYDOWN:
            self.queue.append(self.enc[event.key])
        i = self.keymap.get(event.key)
        if i is None:
            return
        if event.type == pygame.KEYDOWN:
            self.held.add(i)
            self.buttons.press(i, now)
        elif event.type == pygame.KEYUP:
            self.held.discard(i)
            self.buttons.release(i, now)

    def poll(self):
        self.buttons.tick(self.ticks_ms())
        out = self.queue + self.buttons.take()
        self.queue = []
        return out

    # display
    def refresh(self):
        self.display.refresh()
        return True

    def set_brightness(self, level):
        self.brightness = level

    def screenshot(self, path, scale=1):
        """Save the screen as PNG; mono boards are shown as their 1-bit panel would."""
        save_png(self.image(scale), path)

    def image(self, scale=1):
        surf = self.display.surface().copy()
        if self.profile.MONO:
            arr = pygame.surfarray.pixels3d(surf)
            lum = arr[:, :, 0] * 0.299 + arr[:, :, 1] * 0.587 + arr[:, :, 2] * 0.114
            on = lum > 127
            light = (235, 235, 225) if self.profile.EINK else (255, 255, 255)
            dark = (30, 30, 30) if self.profile.EINK else (0, 0, 0)
            for c in range(3):
                plane = arr[:, :, c]
                plane[on] = light[c]
                plane[~on] = dark[c]
            del arr
        if scale != 1:
            surf = pygame.transform.scale(surf, (surf.get_width() * scale, surf.get_height() * scale))
        return surf

    # sound
    def tone(self, frequency, ms):
        """Where the board has a speaker: noted in `tones` (the last 32, for tests) and, in a
        window, played as a square wave for ms, which waits like the badge's PWM beep."""
        if not self.profile.AUDIO:
            return
        self.tones.append((frequency, ms))
        del self.tones[:-32]
        if self.headless:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 1)
            rate, _, channels = pygame.mixer.get_init()
            half = max(1, rate // (2 * frequency))
            wave = ((np.arange(rate * ms // 1000) // half) % 2 * 6000 - 3000).astype(np.int16)
            pygame.mixer.Sound(buffer=np.repeat(wave, channels).tobytes()).play()
            pygame.time.wait(ms)
        except pygame.error:
            pass                   # no audio device: silent, as a board without a speaker

    # light
    def light(self, on):
        """The your-turn LED; the window draws it beside the board's buttons."""
        self.lit = bool(on) and bool(self.profile.LED)

    def battery(self):
        """The simulated charge (--battery), where the board has a battery pin to read."""
        return self.charge if self.profile.BATTERY else None
