"""Pimoroni Badger 2350: 264x176 e-ink (about 1 s a refresh, 3 s apart), the Badger 2040's
A B C and up/down plus HOME (all active low), four rear LEDs.

The Badger 2040's keys: hold B for BACK, hold UP for MENU, hold DOWN for HINT; HOME is MENU at
a tap.
"""
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT

BOARD_ID = "pimoroni_badger2350"
NAME = "Badger 2350"
WIDTH = 264               # 264x176 at rotation 270 (CircuitPython's board.c)
HEIGHT = 176
MONO = True               # four greys, drawn as the Badger 2040's black and white
EINK = True
PRESSED = False           # pulled up, read low when pressed (board.c; Pimoroni's hardware_test.py)
KEYS = (
    ("SW_UP", UP, MENU), ("SW_DOWN", DOWN, HINT),
    ("SW_A", LEFT, None), ("SW_C", RIGHT, None),
    ("SW_B", OK, BACK), ("SW_HOME", MENU, None),    # HOME quits an app in Pimoroni's firmware
)
CHORDS = ()
LABELS = ("Up", "Down", "A", "C", "B", "Home")
ENCODER = None
AUDIO = None
AUDIO_ENABLE = None
BATTERY = "VBAT_SENSE"
BATTERY_DIVIDER = (2, 0)  # VBAT/2 (Pimoroni's badgeware badge.py and hardware_test.py)
BACKLIGHT = None
LED = ("LED0", "LED1", "LED2", "LED3")  # the case lights on the back, lit high (badge.py)
LED_ON = True
