"""The 128x64 layout's numbers (keys: firmware/layouts.py)."""


def fields(w, h):
    return dict(font="5x8", tile_font="5x8", lh=8,
                tile=(8, 8), status_y=-1,
                opps=(0, -1, 0, 0, 1, 8, 1), rows=(8, 8),
                msg=(0, 55, 128, 1), hand=(0, 40, 16, 1), footer_y=-1,
                scale_title=1, menu_top=9)
