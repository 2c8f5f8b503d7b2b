"""Adafruit MacroPad RP2040: 128x64 mono OLED, 12 keys, a rotary encoder that scrolls the hand.

Keys (3 columns x 4 rows):   1 MENU   2 UP     3 HINT
                             4 LEFT   5 OK     6 RIGHT
                             7 BACK   8 DOWN   9 -
                            10 -     11 -     12 -
"""
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT

BOARD_ID = "adafruit_macropad_rp2040"
NAME = "MacroPad"
WIDTH = 128
HEIGHT = 64
MONO = True
EINK = False
PRESSED = False
KEYS = (
    ("KEY2", UP, None), ("KEY8", DOWN, None),
    ("KEY4", LEFT, None), ("KEY6", RIGHT, None),
    ("KEY5", OK, None), ("KEY7", BACK, None),
    ("KEY3", HINT, None), ("KEY1", MENU, None),
    ("ENCODER_SWITCH", OK, None),
)
CHORDS = ()
LABELS = ("Up", "Down", "Left", "Right", "Middle", "Row 3 left", "Top right", "Top left", "Knob")
ENCODER = ("ENCODER_A", "ENCODER_B")
AUDIO = "SPEAKER"
AUDIO_ENABLE = "SPEAKER_ENABLE"
BATTERY = None
BATTERY_DIVIDER = None
BACKLIGHT = None
LED = ("LED",)
LED_ON = True
