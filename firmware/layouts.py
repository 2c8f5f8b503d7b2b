"""Where everything goes, for each screen size. Plain numbers: one table per layout.

Keys: font/tile_font (firmware/fonts/<name>.bin), lh (line height), tile (w, h) of a rank or
suit tile, status_y, opps (x, y, cols, cell_w, lines per cell, cell_h, max rows: more opponents
use twice the columns at half the width, in a compact form), rows (x, y),
msg (x, y, w, lines), hand (x, y, cols, lines), footer_y (-1: none), scale_title,
ledger (x, w: the opponents' standings on the free lines under the hand, where their labels
have no room for them).
"""


class Layout:
    ledger = None

    def __init__(self, name, **kw):
        self.name = name
        for k in kw:
            setattr(self, k, kw[k])


def for_size(w, h):
    """The layout for a screen of w x h pixels (the nearest one that fits)."""
    if w >= 320 and h >= 240:
        return Layout("320x240", w=w, h=h, font="7x13", tile_font="9x15", lh=14, mono_hint=False,
                      tile=(20, 16), status_y=1,
                      opps=(0, 17, 3, 106, 2, 26, 2), rows=(10, 72),
                      msg=(4, 142, 312, 1), hand=(0, 160, 16, 2), footer_y=225,
                      scale_title=3, menu_top=44)
    if w >= 296 and h >= 128 and w > 2 * h:
        return Layout("296x128", w=w, h=h, font="6x10", tile_font="6x10", lh=11, mono_hint=True,
                      tile=(12, 11), status_y=0,
                      opps=(172, 13, 1, 124, 1, 11, 4), rows=(0, 13),
                      msg=(2, 62, 292, 1), hand=(4, 75, 24, 1), footer_y=-1, ledger=(2, 292),
                      scale_title=2, menu_top=26)
    if w >= 240 and h >= 200:
        dy = max(0, h - 240) // 3     # a taller panel (240x280): the table lower, the keys below
        return Layout("240x240", w=w, h=h, font="7x13", tile_font="7x13", lh=14, mono_hint=False,
                      tile=(16, 14), status_y=1,
                      opps=(0, 17, 3, 80, 2, 26, 2), rows=(8, 72 + dy),
                      msg=(4, 133 + dy, 232, 2), hand=(8, 164 + dy, 14, 2),
                      footer_y=h - 16 if h >= 260 else -1,
                      scale_title=3, menu_top=44)
    if w >= 240 and h >= 128:
        return Layout("240x135", w=w, h=h, font="6x10", tile_font="6x10", lh=11, mono_hint=False,
                      tile=(12, 11), status_y=0,
                      opps=(170, 13, 1, 70, 1, 11, 4), rows=(0, 13),
                      msg=(2, 62, 236, 1), hand=(0, 76, 20, 1), footer_y=-1,
                      ledger=(2, 236),
                      scale_title=2, menu_top=26)
    if w >= 160 and h >= 128:
        return Layout("160x128", w=w, h=h, font="5x8", tile_font="5x8", lh=9, mono_hint=False,
                      tile=(10, 9), status_y=0,
                      opps=(0, 10, 3, 53, 1, 9, 2), rows=(10, 29),
                      msg=(2, 67, 156, 1), hand=(0, 78, 16, 2), footer_y=-1, ledger=(2, 156),
                      scale_title=2, menu_top=22)
    return Layout("128x64", w=w, h=h, font="5x8", tile_font="5x8", lh=8, mono_hint=True,
                  tile=(8, 8), status_y=-1,
                  opps=(0, -1, 0, 0, 1, 8, 1), rows=(8, 8),
                  msg=(0, 55, 128, 1), hand=(0, 40, 16, 1), footer_y=-1,
                  scale_title=1, menu_top=9)
