"""Hack Club Sprig: 160x128 colour, W A S D and I J K L (active low)."""
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT

BOARD_ID = "hack_club_sprig"
NAME = "Sprig"
WIDTH = 160
HEIGHT = 128
MONO = False
EINK = False
PRESSED = False
KEYS = (
    ("BUTTON_W", UP, None), ("BUTTON_S", DOWN, None),
    ("BUTTON_A", LEFT, None), ("BUTTON_D", RIGHT, None),
    ("BUTTON_L", OK, None), ("BUTTON_K", BACK, None),
    ("BUTTON_I", HINT, None), ("BUTTON_J", MENU, None),
)
CHORDS = ()
LABELS = ("W", "S", "A", "D", "L", "K", "I", "J")
ENCODER = None
AUDIO = None  # I2S amplifier, not PWM: no tones
AUDIO_ENABLE = None
BATTERY = None
BATTERY_DIVIDER = None
BACKLIGHT = "GP17"        # board.c drives it with PWM: display.brightness dims it
LED = ("BLUE_LED",)
LED_ON = True
