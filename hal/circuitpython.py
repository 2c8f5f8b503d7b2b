"""The badge HAL on CircuitPython: board.DISPLAY (or the profile's make_display),
keypad.Keys, rotaryio, PWM tones, the LED, battery, nvm.

    import board
    from hal.circuitpython import Hal
    hal = Hal(board.board_id)
"""
import gc

import board
import keypad
import supervisor

from hal import profile as _profile, from_mpy
from hal.buttons import Buttons, TURN


class Hal:
    """Everything the app may touch on a real badge."""

    def __init__(self, board_id):
        self.profile = p = _profile(board_id)
        make = getattr(p, "make_display", None)     # a screen that plugs on (docs/boards.md)
        self.display = make(board) if make else board.DISPLAY
        try:
            self.display.auto_refresh = False
        except AttributeError:
            pass
        pins = [getattr(board, k[0]) for k in p.KEYS]
        self._keys = keypad.Keys(pins, value_when_pressed=p.PRESSED, pull=True)
        self._event = keypad.Event()
        self.buttons = Buttons(p.KEYS, p.CHORDS)
        self._encoder = None
        self._enc_last = 0
        if p.ENCODER:
            try:
                import rotaryio
                self._encoder = rotaryio.IncrementalEncoder(
                    getattr(board, p.ENCODER[0]), getattr(board, p.ENCODER[1]))
                self._enc_last = -self._encoder.position
            except (ImportError, ValueError, AttributeError, NotImplementedError, RuntimeError):
                self._encoder = None
        self._battery = None
        if p.BATTERY:
            try:        # read now: a pin without its (ratio, millivolts), missing or None as
                ratio, drop = p.BATTERY_DIVIDER     # on a board without a battery, is named by
            except (TypeError, ValueError):         # code.py, not a traceback at the title
                raise ValueError("BATTERY %s needs BATTERY_DIVIDER = (ratio, millivolts), not %r"
                                 % (p.BATTERY, p.BATTERY_DIVIDER))
            try:
                import analogio
                self._battery = analogio.AnalogIn(getattr(board, p.BATTERY))
            except (ImportError, ValueError, AttributeError, NotImplementedError, RuntimeError):
                self._battery = None
        self._leds = None
        p.LED_ON            # read now: a profile without it (written to older docs) is named by
        #                     code.py, not a crash in play
        self._store = None
        self._tick = supervisor.ticks_ms()
        self._ms = 0

    def collect(self):
        """Free what the last screen held, now (the badge's heap is small)."""
        gc.collect()

    def memory(self):
        """(free, total) bytes of heap, once collected."""
        gc.collect()
        free = gc.mem_free()
        return free, free + gc.mem_alloc()

    def runtime(self):
        """The firmware's name and version, and whether the game runs from .mpy files or from
        .py sources the badge compiled (7 KB more heap), e.g. "CircuitPython 9.2.1 .mpy"."""
        import sys
        impl = sys.implementation
        name = {"circuitpython": "CircuitPython", "micropython": "MicroPython"}.get(impl.name, impl.name)
        return "%s %s %s" % (name,
                             ".".join([str(n) for n in impl.version[:3]]),
                             ".mpy" if from_mpy() else ".py")

    # clock
    def ticks_ms(self):
        """Milliseconds since the HAL started, never wrapping: the app and the buttons compare
        deadlines, which supervisor's wrapping clock would leave in the future for ever."""
        t = supervisor.ticks_ms()       # it wraps at 2**29 ms, on purpose first about a minute after power-on
        self._ms += (t - self._tick) & 0x1FFFFFFF
        self._tick = t
        return self._ms

    def nap(self, seconds):
        """Sleep: CircuitPython's sleep waits for interrupts (WFI on the RP2040), and keypad
        and rotaryio go on counting meanwhile."""
        import time
        time.sleep(seconds)

    # input
    def poll(self):
        """Logical buttons pressed since the last poll, oldest first."""
        now = self.ticks_ms()
        ev = self._event
        while self._keys.events.get_into(ev):
            if ev.pressed:
                self.buttons.press(ev.key_number, now)
            else:
                self.buttons.release(ev.key_number, now)
        self.buttons.tick(now)
        if self._encoder is not None:      # its count falls as the knob turns clockwise (as
            pos = -self._encoder.position   # adafruit_macropad reads it): clockwise is TURN
            while pos > self._enc_last:
                self.buttons.out.append(TURN)
                self._enc_last += 1
            while pos < self._enc_last:
                self.buttons.out.append(TURN + 1)
                self._enc_last -= 1
        return self.buttons.take()

    # display
    def refresh(self):
        """Show what changed. On e-ink, returns False while the panel needs rest."""
        d = self.display
        if self.profile.EINK and d.time_to_refresh > 0:
            return False
        try:
            d.refresh()
        except RuntimeError:        # e-ink refreshed too soon: the app tries again
            return False
        return True

    def set_brightness(self, level):
        """level 0.0..1.0, where the board has a backlight."""
        try:
            self.display.brightness = level
        except (AttributeError, NotImplementedError, ValueError, RuntimeError):
            pass        # RuntimeError: "Brightness not adjustable" on a display without one

    # sound
    def tone(self, frequency, ms):
        """A short beep through PWM; silent without a speaker."""
        if not self.profile.AUDIO:
            return
        try:
            import pwmio
            enable = None
            try:
                if self.profile.AUDIO_ENABLE:
                    import digitalio
                    enable = digitalio.DigitalInOut(getattr(board, self.profile.AUDIO_ENABLE))
                    enable.switch_to_output(value=True)
                pwm = pwmio.PWMOut(getattr(board, self.profile.AUDIO), frequency=frequency,
                                   duty_cycle=0x8000)
                self.nap(ms / 1000)
                pwm.deinit()
            finally:
                if enable is not None:
                    enable.deinit()
        except (ImportError, ValueError, AttributeError, RuntimeError):    # a pin lacking: silent
            pass

    # light
    def light(self, on):
        """The your-turn light: the profile's LED pins, lit together (at LED_ON: active low on
        some boards). A pin that is missing or in use leaves the board without a light."""
        leds = self._leds
        if leds is None:
            leds = self._leds = []
            try:
                import digitalio
                for name in self.profile.LED:
                    io = digitalio.DigitalInOut(getattr(board, name))
                    io.switch_to_output(value=not self.profile.LED_ON)
                    leds.append(io)
            except (ImportError, ValueError, AttributeError, RuntimeError):
                pass
        for io in leds:
            io.value = on == self.profile.LED_ON

    # power
    def battery(self):
        """Battery charge 0..100, or None where the board cannot tell."""
        if self._battery is None:
            return None
        ratio, drop = self.profile.BATTERY_DIVIDER     # the pin sees (cell - drop) / ratio
        mv = self._battery.value * 3300 * ratio // 65535 + drop      # small ints for a whole ratio
        return max(0, min(100, int(mv - 3300) // 9))    # 3.3 V empty, 4.2 V full; int(): a ratio may be 3.13

    # storage: the two-slot records live in microcontroller.nvm (hal.stores)
    @property
    def store(self):
        if self._store is None:
            from hal.stores import open_store
            self._store = open_store()
        return self._store
