"""HEIA-FR Picomo V2: the V3's screen, keys, LED and buzzer under the same pin names."""
from hal.heiafr_picomo_v3 import (NAME, WIDTH, HEIGHT, MONO, EINK, PRESSED, KEYS,  # noqa: F401
                                  CHORDS, LABELS, ENCODER, AUDIO, AUDIO_ENABLE, BATTERY,
                                  BATTERY_DIVIDER, BACKLIGHT, LED, LED_ON)

BOARD_ID = "heiafr_picomo_v2"
