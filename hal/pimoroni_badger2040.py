"""Pimoroni Badger 2040: 296x128 e-ink (about 1 s a refresh), A B C and up/down (active high).

Hold B for BACK, hold UP for MENU, hold DOWN for HINT.
"""
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT

BOARD_ID = "pimoroni_badger2040"
NAME = "Badger 2040"
WIDTH = 296
HEIGHT = 128
MONO = True
EINK = True
PRESSED = True
KEYS = (
    ("SW_UP", UP, MENU), ("SW_DOWN", DOWN, HINT),
    ("SW_A", LEFT, None), ("SW_C", RIGHT, None),
    ("SW_B", OK, BACK),
)
CHORDS = ()
LABELS = ("Up", "Down", "A", "C", "B")
ENCODER = None
AUDIO = None
AUDIO_ENABLE = None
BATTERY = "VBAT_SENSE"
BATTERY_DIVIDER = (3, 0)
BACKLIGHT = None
LED = ("USER_LED",)
LED_ON = True
