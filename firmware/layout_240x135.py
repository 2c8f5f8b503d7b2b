"""The 240x135 layout's numbers (keys: firmware/layouts.py)."""


def fields(w, h):
    return dict(font="6x10", tile_font="6x10", lh=11,
                tile=(12, 11), status_y=0,
                opps=(170, 13, 1, 70, 1, 11, 4), rows=(0, 13),
                msg=(2, 62, 236, 1), hand=(0, 76, 20, 1), footer_y=h - 13,
                ledger=(2, 236),
                scale_title=2, menu_top=26)
