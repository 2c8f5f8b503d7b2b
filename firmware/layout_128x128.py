"""The 128x128 layout's numbers (keys: firmware/layouts.py)."""


def fields(w, h):
    return dict(font="5x8", tile_font="5x8", lh=9,
                tile=(9, 8), status_y=0,
                opps=(0, 9, 2, 64, 1, 9, 3), rows=(1, 37),
                msg=(1, 70, 126, 1), hand=(1, 79, 14, 2), footer_y=-1, ledger=(1, 126),
                scale_title=2, menu_top=22)
