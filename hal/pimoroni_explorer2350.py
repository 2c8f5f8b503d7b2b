"""Pimoroni Explorer (RP2350): 320x240 colour, A B C left of the screen and X Y Z right of it,
top to bottom, and BOOT (the user key, board.SW_USER) on the edge (all active low).

X, Y move up and down and A chooses, as in Pimoroni's own menu (examples/main.py); C and Z
move left and right, as in their maze and sketch examples. B: BACK. BOOT: HINT, hold: MENU.
"""
from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT

BOARD_ID = "pimoroni_explorer2350"
NAME = "Explorer"
WIDTH = 320               # board.c: 320x240, rotation 0 (landscape through MADCTL)
HEIGHT = 240
MONO = False
EINK = False
PRESSED = False           # "The buttons are Active Low" (pimoroni/explorer docs/reference.md)
KEYS = (
    ("SW_X", UP, None), ("SW_Y", DOWN, None),
    ("SW_C", LEFT, None), ("SW_Z", RIGHT, None),
    ("SW_A", OK, None), ("SW_B", BACK, None),
    ("SW_USER", HINT, MENU),
)
CHORDS = ()
LABELS = ("X", "Y", "C", "Z", "A", "B", "Boot")
ENCODER = None
AUDIO = "AUDIO"           # PWM through an amplifier that AMP_EN turns on (high: explorer.py)
AUDIO_ENABLE = "AMP_EN"
BATTERY = None            # no battery sense pin (CircuitPython's pins.c)
BATTERY_DIVIDER = None
BACKLIGHT = "LCD_BL"      # board.c drives it with PWM: display.brightness dims it
LED = ()                  # GP25 is not connected ("Pin 25 is NC": arduino-pico's variant, from
LED_ON = True             # the schematic); CircuitPython names it "LED?"
