"""TinyCircuits Thumby Color: 128x128 colour, d-pad, A B, two bumpers and MENU (active low).

The PicoSystem's scheme: A is OK, B is BACK; MENU is MENU, and either bumper is HINT. Pins and
wiring from TinyCircuits' own engine (TinyCircuits-Tiny-Game-Engine, src/io/engine_io_rp3.c:
keys pulled up, pressed when low) and CircuitPython's board.c (a 128x128 GC9107, rotation 0).
"""
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT

BOARD_ID = "tinycircuits_thumby_color"
NAME = "Thumby Color"
WIDTH = 128
HEIGHT = 128
MONO = False
EINK = False
PRESSED = False
KEYS = (
    ("BUTTON_UP", UP, None), ("BUTTON_DOWN", DOWN, None),
    ("BUTTON_LEFT", LEFT, None), ("BUTTON_RIGHT", RIGHT, None),
    ("BUTTON_A", OK, None), ("BUTTON_B", BACK, None),
    ("BUTTON_MENU", MENU, None),
    ("BUTTON_BUMPER_LEFT", HINT, None), ("BUTTON_BUMPER_RIGHT", HINT, None),
)
CHORDS = ()
LABELS = ("Up", "Down", "Left", "Right", "A", "B", "Menu", "LB", "RB")   # the engine's names
ENCODER = None
AUDIO = "SPEAKER"
AUDIO_ENABLE = "SPEAKER_ENABLE"   # the amplifier, on while high (engine_audio.c)
BATTERY = "VOLTAGE_MONITOR"
BATTERY_DIVIDER = (2, 0)  # the engine's battery_voltage is twice the pin's (engine_io_module.c)
# board.LCD_BACKLIGHT, GPIO7 (the engine's engine_io_rp3.h): board.c drives it with PWM
# (display.brightness); the stubs list it unmapped, without its GPIO. The first CircuitPython build
# put it on GPIO20 (SPEAKER_ENABLE's pin) and the screen's reset on GPIO11 (LED_R's), fixed once
# its author had the schematics: on that build the game would be silent.
BACKLIGHT = "LCD_BACKLIGHT"
LED = ("LED_G",)          # the RGB LED's green: your turn
LED_ON = False            # lit by a low pin (engine_io_rp3.c sets level 1 - colour)
