"""Stand-in for CircuitPython's bitmaptools, which the real adafruit_display_text's bitmap_label
draws with (C on the badge): nothing drawn."""


def blit(dest, source, x, y, **kw):
    pass


def replace_color(bitmap, old, new):
    pass
