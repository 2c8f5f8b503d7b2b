"""Hardware abstraction: logical buttons, board profiles, display, storage, clock, sound.

Import a board profile with `hal.profile(board_id)`; the badge HAL is `hal.circuitpython`,
the simulator's is `hal.desktop`.
"""

BOARDS = (
    "pimoroni_picosystem", "pajenicko_picopad", "ugame22", "hack_club_sprig",
    "adafruit_macropad_rp2040", "pimoroni_badger2040", "pimoroni_badger2040w",
    "pimoroni_badger2350", "lilygo_t_display_rp2040", "heiafr_picomo_v3", "heiafr_picomo_v2",
    "pimoroni_explorer2350", "tinycircuits_thumby_color",
)


def profile(board_id):
    """The profile module of a board id (see BOARDS)."""
    if board_id not in BOARDS:
        raise ValueError("unknown board: " + str(board_id))
    return __import__("hal." + board_id, None, None, [board_id])


def from_mpy():
    """True when the game's code was flashed compiled (.mpy): the badge then did not compile
    the sources itself, which leaves about 7 KB more heap."""
    return __file__.endswith(".mpy")
