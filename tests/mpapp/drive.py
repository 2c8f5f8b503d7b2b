"""Play the badge firmware through its buttons and print every screen's texts.

    drive.py ROOT BOARD_ID      (ROOT: the repo, "/" on MicroPython)

With play.py's stand-ins and steps, the route: title, every help page, statistics and settings
in each language; a match of every preset (two deals, each preset in a language in turn, with
the pause menu, standings, this game's rules, settings, a hint and the replay); then a power
cut at your turn. tests/test_firmware_micropython.py runs it on MicroPython and on CPython and
compares the outputs.
"""
import sys

ROOT = sys.argv[1].rstrip("/")
BOARD = sys.argv[2]
sys.path.insert(0, ROOT + "/tests/mpapp")
sys.path.insert(0, ROOT or "/")

import play                                         # noqa: E402  (the stand-ins first)
from adafruit_display_text import bitmap_label      # noqa: E402
from hal.buttons import BACK                        # noqa: E402
from engine.levels import LEVELS                    # noqa: E402
from engine.rules import PRESETS                    # noqa: E402
from firmware import text                           # noqa: E402
from firmware.text import t                         # noqa: E402

DEALS = 2

play.start(BOARD, ROOT + "/firmware/fonts")
print("runtime:", play.runtime)
shown = [None]
langs = []


def dump(why):
    """Print the screen's texts when they changed."""
    line = play.screen()
    if line != shown[0]:
        print("[" + why + "] " + line)
        shown[0] = line
        if text.lang not in langs:
            langs.append(text.lang)


play.seen = dump
dump("start")
play.tour()
for k in range(len(PRESETS)):         # the bots at difficulty k % 3 steps up
    play.set_language(k % len(text.LANGS))
    play.play_match(k, k % len(LEVELS), DEALS)
play.choose(t("stats"))
play.press(BACK)
play.power_cut()
print("languages:", sorted(langs))
print("played:", sorted(play.played))
print("missing glyphs:", sorted(set([ord(ch) for ch in bitmap_label.MISSING])))
print("done")
