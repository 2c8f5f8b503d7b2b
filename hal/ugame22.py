"""uGame 22: 320x240 colour, d-pad, O, X and Z (active low). Hold Z for MENU."""
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT

BOARD_ID = "ugame22"
NAME = "uGame 22"
WIDTH = 320
HEIGHT = 240
MONO = False
EINK = False
PRESSED = False
KEYS = (
    ("BUTTON_UP", UP, None), ("BUTTON_DOWN", DOWN, None),
    ("BUTTON_LEFT", LEFT, None), ("BUTTON_RIGHT", RIGHT, None),
    ("BUTTON_O", OK, None), ("BUTTON_X", BACK, None),
    ("BUTTON_Z", HINT, MENU),
)
CHORDS = ()
LABELS = ("Up", "Down", "Left", "Right", "O", "X", "Z")
ENCODER = None
AUDIO = None  # I2S amplifier, not PWM: no tones
AUDIO_ENABLE = None
BATTERY = None
BATTERY_DIVIDER = None
BACKLIGHT = None
LED = ()
LED_ON = True
