"""LilyGO T-Display RP2040: 240x135 colour, only two buttons (active low).

L: LEFT, R: RIGHT, hold R: OK, hold L: BACK, L+R together: DOWN (next menu line).
There is no UP, MENU or HINT: menus wrap around and BACK leaves the table.
"""
from hal.buttons import DOWN, LEFT, RIGHT, OK, BACK

BOARD_ID = "lilygo_t_display_rp2040"
NAME = "T-Display RP2040"
WIDTH = 240
HEIGHT = 135
MONO = False
EINK = False
PRESSED = False
KEYS = (
    ("BUTTON_L", LEFT, BACK), ("BUTTON_R", RIGHT, OK),
)
CHORDS = (("BUTTON_L", "BUTTON_R", DOWN),)
LABELS = ("L", "R")
ENCODER = None
AUDIO = None
AUDIO_ENABLE = None
BATTERY = "VOLTAGE_MONITOR"
BATTERY_DIVIDER = (2, 0)  # 1:2, as LilyGO's own firmware reads it
BACKLIGHT = "LCD_BACKLIGHT"
LED = ("LED",)
LED_ON = True
