"""Pimoroni PicoSystem: 240x240 colour, d-pad and A B X Y (active low)."""
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT

BOARD_ID = "pimoroni_picosystem"
NAME = "PicoSystem"
WIDTH = 240
HEIGHT = 240
MONO = False
EINK = False
PRESSED = False  # pin value when pressed
KEYS = (
    ("SW_UP", UP, None), ("SW_DOWN", DOWN, None),
    ("SW_LEFT", LEFT, None), ("SW_RIGHT", RIGHT, None),
    ("SW_A", OK, None), ("SW_B", BACK, None),
    ("SW_X", HINT, None), ("SW_Y", MENU, None),
)
CHORDS = ()
LABELS = ("Up", "Down", "Left", "Right", "A", "B", "X", "Y")
ENCODER = None
AUDIO = "AUDIO"
AUDIO_ENABLE = None
BATTERY = "BAT_SENSE"
BATTERY_DIVIDER = (3, 0)
BACKLIGHT = "BACKLIGHT"
LED = ("LED_G",)          # the RGB LED's green: your turn
LED_ON = True
