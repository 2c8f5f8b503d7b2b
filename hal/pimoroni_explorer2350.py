"""Pimoroni Explorer (RP2350): 320x240 colour, six keys beside the screen and BOOT (the user key,
board.SW_USER) beside RESET (pimoroni/explorer README), all active low.

Pimoroni's examples move up with X and down with Y and choose with A (examples/main.py, their
menu), and move left with C and right with Z (maze, sketchy_sketch): A B C down the left side
and X Y Z down the right (no source found here states it outright).
B: BACK. BOOT: HINT, hold: MENU.
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
AUDIO = "AUDIO"           # PWM through an amplifier that AMP_EN turns on (high: explorer.py),
                          # which plays at a 20% volume (duty 0.2**4 of 50%): 50% is louder
AUDIO_ENABLE = "AMP_EN"
BATTERY = None            # no battery sense pin (CircuitPython's pins.c)
BATTERY_DIVIDER = None
BACKLIGHT = "LCD_BL"      # board.c drives it with PWM: display.brightness dims it
LED = ()                  # GP25 is not connected ("Pin 25 is NC": arduino-pico's variant, from
LED_ON = True             # the schematic); CircuitPython names it "LED?"
