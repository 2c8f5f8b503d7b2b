"""The 240x240 layout's numbers (keys: firmware/layouts.py)."""


def fields(w, h):
    dy = max(0, h - 240) // 3     # a taller panel (240x280): the table lower, the keys below
    return dict(font="7x13", tile_font="7x13", lh=14,
                tile=(16, 14), status_y=1,
                opps=(0, 17, 3, 80, 2, 26, 2), rows=(8, 72 + dy),
                msg=(4, 133 + dy, 232, 2), hand=(8, 164 + dy, 14, 2),
                footer_y=h - 16,
                scale_title=3, menu_top=44)
