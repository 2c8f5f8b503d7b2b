"""The 160x128 layout's numbers (keys: firmware/layouts.py)."""


def fields(w, h):
    return dict(font="5x8", tile_font="5x8", lh=9,
                tile=(10, 9), status_y=0,
                opps=(0, 10, 3, 53, 1, 9, 2), rows=(10, 29),
                msg=(2, 67, 156, 1), hand=(0, 78, 16, 2), footer_y=-1, ledger=(2, 156),
                scale_title=2, menu_top=22)
