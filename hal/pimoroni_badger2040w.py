"""Pimoroni Badger 2040 W: the Badger 2040's 296x128 e-ink, keys and LED pin on a Pico W.

Only the battery pin differs (VOLTAGE_MONITOR, GP29 as on a Pico W). Hold B for BACK, hold UP
for MENU, hold DOWN for HINT.
"""
from hal.pimoroni_badger2040 import (WIDTH, HEIGHT, MONO, EINK, PRESSED, KEYS,  # noqa: F401
                                     CHORDS, LABELS, ENCODER, AUDIO, AUDIO_ENABLE, BACKLIGHT, LED,
                                     LED_ON)

BOARD_ID = "pimoroni_badger2040w"
NAME = "Badger 2040 W"
BATTERY = "VOLTAGE_MONITOR"
BATTERY_DIVIDER = (3, 0)  # VSYS/3 as on a Pico W (any diode before it: not confirmed)
