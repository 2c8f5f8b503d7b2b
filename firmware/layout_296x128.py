"""The 296x128 layout's numbers (keys: firmware/layouts.py)."""


def fields(w, h):
    return dict(font="6x10", tile_font="6x10", lh=11,
                tile=(12, 11), status_y=0,
                opps=(172, 13, 1, 124, 1, 11, 4), rows=(0, 13),
                msg=(2, 62, 292, 1), hand=(4, 75, 24, 1), footer_y=-1, ledger=(2, 292),
                scale_title=2, menu_top=26)
