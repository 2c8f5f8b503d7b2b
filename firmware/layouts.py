"""Where everything goes, for each screen size. Plain numbers: one table per layout.

Keys: font/tile_font (firmware/fonts/<name>.bin), lh (line height), tile (w, h) of a rank or
suit tile, status_y, opps (x, y, cols, cell_w, lines per cell, cell_h, max rows: more opponents
use twice the columns at half the width, in a compact form), rows (x, y),
msg (x, y, w, lines), hand (x, y, cols, lines), footer_y (-1: none), scale_title, menu_top
(a menu's first line), ledger (x, w: the opponents' standings on the free lines under the
hand, where their labels have no room for them).
"""


from firmware import borrow


class Layout:
    ledger = None

    def __init__(self, name, **kw):
        self.name = name
        for k in kw:
            setattr(self, k, kw[k])


def for_size(w, h):
    """The layout for a screen of w x h pixels (the nearest one that fits). Each size's numbers
    are a module of their own (firmware/layout_128x64.py, …), borrowed: the badge keeps the
    one Layout it uses, not the code of every size."""
    if w >= 320 and h >= 240:
        name = "320x240"
    elif w >= 296 and h >= 128 and w > 2 * h:
        name = "296x128"
    elif w >= 240 and h >= 200:
        name = "240x240"
    elif w >= 264 and h >= 176:
        name = "264x176"
    elif w >= 240 and h >= 128:
        name = "240x135"
    elif w >= 160 and h >= 128:
        name = "160x128"
    elif h >= 128:
        name = "128x128"
    else:
        name = "128x64"
    return Layout(name, w=w, h=h, **borrow("layout_" + name).fields(w, h))
