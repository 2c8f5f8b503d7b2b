"""The desktop HAL for the simulator: Blinka displayio drawn with pygame, keyboard as buttons.

Not for the badge (imports pygame). `DesktopHal(board_id, headless=True)` renders off-screen;
the simulator drives its clock and feeds buttons. Each refresh records how many pixels
displayio had to redraw (`last_redraw`), from displayio's own dirty areas.
"""
import io
import os
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

from hal import profile as _profile         # noqa: E402
from hal.file_store import FileStore        # noqa: E402
from hal.memory_store import MemoryStore    # noqa: E402
from hal.buttons import Buttons, NAMES, UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT, TURN   # noqa: E402

# Blinka starts a thread at import that would refresh the displays by itself; the app refreshes
# once the screen has settled (and the tests decide when), so stop it, and no second thread
# competes with the game, or a test, for the interpreter.
displayio._stop_background()

# keyboard keys for a board key, by the logical button of its short press
_KEYS_FOR = {UP: "up", DOWN: "down", LEFT: "left", RIGHT: "right", OK: "z",
             BACK: "x", MENU: "m", HINT: "h"}
_SPARE = ("space", "c", "v", "b", "n", "1", "2", "3", "4", "5", "6", "7", "8", "9")
ENCODER_KEYS = (",", ".")
# an e-ink panel's rest between refreshes, ms: CircuitPython's seconds_per_frame for the board
EINK_REST_MS = {"pimoroni_badger2040": 2000, "pimoroni_badger2040w": 2000, "pimoroni_badger2350": 3000}


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
        lines.append("encoder: card or line")
    return lines


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
    """Write surf to path as a PNG, as replace_file writes. pygame's own save says nothing when
    a write fails (a full disk left an empty picture)."""
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "png")
    replace_file(path, buf.getvalue())


def replace_file(path, data):
    """Write the bytes `data` to path under a temporary name in its folder, renamed over it once
    whole: a write that fails (a full disk) raises OSError naming path, and the old file, if
    any, stays as it was."""
    tmp = path + ".tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.remove(tmp)
        except OSError:
            pass
        e.filename = path
        raise


def cannot_write(ap, e):
    """A file replace_file could not write (a missing folder, a full disk): one line, status 1."""
    ap.exit(1, "%s: error: cannot write %s: %s\n" % (ap.prog, e.filename, e.strerror or e))


def put(ap, path, data):
    """replace_file, or end the tool with cannot_write's one line."""
    try:
        replace_file(path, data)
    except OSError as e:
        cannot_write(ap, e)


def make_folder(ap, option, path):
    """Make the folder an option names (and its parents), or end the tool with one line: a file
    in its place, or a folder it cannot make."""
    if os.path.exists(path) and not os.path.isdir(path):
        ap.error("%s %s: a file is there, not a folder" % (option, path))
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        ap.error("cannot make the %s folder %s: %s" % (option, path, e.strerror or e))


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
            self.enc = {pygame.key.key_code(ENCODER_KEYS[0]): TURN + 1,
                        pygame.key.key_code(ENCODER_KEYS[1]): TURN}
        self.held = set()
        self.refreshed = None      # when the panel last refreshed (the window's e-ink rests)

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
        """Show what changed. In the window an e-ink panel rests between refreshes (False until
        then), as hal.circuitpython's while time_to_refresh > 0; headless it refreshes at once
        (the tests model the rest where it matters)."""
        now = self.ticks_ms()
        rest = EINK_REST_MS.get(self.profile.BOARD_ID, 2000) if self.profile.EINK and not self.headless else 0
        if self.refreshed is not None and now - self.refreshed < rest:
            return False
        self.refreshed = now
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
