"""The 320x240 layout's numbers (keys: firmware/layouts.py)."""


def fields(w, h):
    return dict(font="7x13", tile_font="9x15", lh=14,
                tile=(20, 16), status_y=1,
                opps=(0, 17, 3, 106, 2, 26, 2), rows=(20, 72),
                msg=(4, 142, 312, 1), hand=(0, 160, 16, 2), footer_y=225,
                scale_title=3, menu_top=44)
