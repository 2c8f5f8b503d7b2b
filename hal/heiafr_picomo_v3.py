"""HEIA-FR Picomo V3: 240x280 colour, a d-pad with a middle key and two top keys (active low),
an RGB LED and a PWM buzzer.

Middle: OK, top left: BACK, top right: HINT (hold: MENU). No backlight pin; the battery pin's
divider is not documented, so the title shows no charge.
"""
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT

BOARD_ID = "heiafr_picomo_v3"
NAME = "Picomo"
WIDTH = 240
HEIGHT = 280
MONO = False
EINK = False
PRESSED = False
KEYS = (
    ("SW_UP", UP, None), ("SW_DOWN", DOWN, None),
    ("SW_LEFT", LEFT, None), ("SW_RIGHT", RIGHT, None),
    ("SW_MID", OK, None), ("SW_TOPL", BACK, None),
    ("SW_TOPR", HINT, MENU),
)
CHORDS = ()
LABELS = ("Up", "Down", "Left", "Right", "Middle", "Top left", "Top right")
ENCODER = None
AUDIO = "BUZZER"
AUDIO_ENABLE = None
BATTERY = None
BATTERY_DIVIDER = None
BACKLIGHT = None
LED = ("LED_G",)          # the RGB LED's green: your turn
LED_ON = False            # LEDs, keys and buzzer are active low (heia-picomo hardware README)
