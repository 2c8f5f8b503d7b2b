"""The 264x176 layout's numbers (keys: firmware/layouts.py)."""


def fields(w, h):
    return dict(font="6x10", tile_font="7x13", lh=11,
                tile=(14, 16), status_y=0,
                opps=(196, 13, 1, 68, 1, 11, 6), rows=(0, 13),
                msg=(2, 80, 260, 1), hand=(6, 94, 18, 1), footer_y=h - 13,
                ledger=(2, 260),
                scale_title=2, menu_top=26)
