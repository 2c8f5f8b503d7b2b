"""Pajenicko PicoPad: 320x240 colour; the PicoSystem's d-pad and A B X Y, same pin names."""
from hal.pimoroni_picosystem import (PRESSED, KEYS, CHORDS, LABELS, ENCODER, AUDIO,  # noqa: F401
                                     AUDIO_ENABLE, BATTERY)

BOARD_ID = "pajenicko_picopad"
NAME = "PicoPad"
WIDTH = 320
HEIGHT = 240
MONO = False
EINK = False
BACKLIGHT = "LCD_BL"
LED = ("LED",)
LED_ON = False            # "LED1 inverted" (PicoLibSDK picopad_led.c)
BATTERY_DIVIDER = (3, 311)   # VSYS/3, a diode (0.311 V) below the cell (PicoLibSDK picopad_bat.c)
