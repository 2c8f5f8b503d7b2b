"""An estimate of the heap the UI holds on the badge, from the live displayio tree.

CircuitPython sizes (shared-module/displayio): a Bitmap's buffer is ceil(w*bpp/32)*4*h
bytes; a TileGrid keeps one byte per tile; each object has a header. The numbers below are
conservative per-object overheads, not measurements. Used by tools/screenshots and tests;
not imported on the badge.
"""
import displayio

OBJ = 48            # any small heap object: header + fields
GROUP_CHILD = 8     # a Group's list slot
LABEL = 220         # a bitmap_label.Label's own fields (text, font, anchors, ...)
# the engine's state: a Match, its Game and log, a bot of each level with its scratch Game
# (tools.bench measures it: engine_state_bytes_micropython)
ENGINE = 11 * 1024


def bitmap_bytes(bmp):
    bpp = getattr(bmp, "_bits_per_value", None) or getattr(bmp, "bits_per_value", 8)
    return ((bmp.width * bpp + 31) // 32) * 4 * bmp.height + OBJ


def tree_bytes(item, seen):
    if id(item) in seen:
        return 0
    seen.add(id(item))
    total = 0
    if isinstance(item, displayio.Group):
        total += OBJ + GROUP_CHILD * len(item)
        for child in item:
            total += tree_bytes(child, seen)
        if hasattr(item, "bitmap") and hasattr(item, "text"):      # a bitmap_label
            total += LABEL + len(item.text)
        return total
    if isinstance(item, displayio.TileGrid):
        total += OBJ + item.width * item.height
        bmp = item.bitmap
        if id(bmp) not in seen:
            seen.add(id(bmp))
            total += bitmap_bytes(bmp)
        pal = item.pixel_shader
        if id(pal) not in seen:
            seen.add(id(pal))
            total += OBJ + 4 * (len(pal) if hasattr(pal, "__len__") else 2)
    return total


def font_bytes():
    """The loaded fonts: each a strip bitmap and its code points (firmware/font.py); their
    glyphs are made as labels draw them and are garbage after."""
    from firmware import ui
    total = 0
    for name in ui._fonts:
        f = ui._fonts[name]
        total += OBJ + bitmap_bytes(f.bitmap) + OBJ + len(f.codes)
    return total


def estimate(app, engine=True):
    """Bytes the UI (display tree, card sheet, fonts) and the engine state hold now."""
    total = tree_bytes(app.root, set())
    if app.art is not None and app.art.sheet is not None:
        total += 0 if _in_tree(app.root, app.art.sheet) else bitmap_bytes(app.art.sheet)
    total += font_bytes()
    if engine and app.match is not None:
        total += ENGINE
    return total


def _in_tree(group, bmp):
    for item in group:
        if isinstance(item, displayio.Group):
            if _in_tree(item, bmp):
                return True
        elif isinstance(item, displayio.TileGrid) and item.bitmap is bmp:
            return True
    return False
