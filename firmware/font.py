"""The game's bitmap fonts: every glyph of a font in one strip bitmap.

A font file (firmware/fonts/<name>.bin, made from <name>.bdf by `python -m tools.make_font
--strips`) holds a fixed cell size, the code points it covers, sorted, and their pixels: one
1-bit cell per glyph, side by side. Labels (`adafruit_display_text.bitmap_label`) draw a glyph
from the strip by its tile index, as they do CircuitPython's built-in font. One bitmap instead of
a bitmap per glyph, and no BDF parser, leave the badge about 15 KB more heap.

File layout: b"FT1", cell width, cell height, ascent, descent, glyph count (2 bytes, big-endian),
the code points (2 bytes each, big-endian), then the strip's rows, each ceil(count * width / 8)
bytes, most significant bit first.
"""
import displayio
from fontio import Glyph

MAGIC = b"FT1"


class Font:
    """A strip font: get_bounding_box() and get_glyph(code), as bitmap_label expects."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        if data[:3] != MAGIC:
            raise ValueError("not a strip font: " + path)
        w, h, self.ascent, self.descent = data[3], data[4], data[5], data[6]
        n = (data[7] << 8) | data[8]
        self.width = w
        self.height = h
        self.count = n
        self.codes = data[9:9 + 2 * n]
        bmp = displayio.Bitmap(n * w, h, 2)
        stride = (n * w + 7) // 8
        at = 9 + 2 * n
        for y in range(h):
            row = at + y * stride
            for i in range(stride):
                byte = data[row + i]
                if byte:
                    for bit in range(8):
                        if byte & (0x80 >> bit):
                            bmp[i * 8 + bit, y] = 1
        self.bitmap = bmp

    def get_bounding_box(self):
        return self.width, self.height, 0, -self.descent

    def get_glyph(self, code):
        """The glyph of code point `code` (a cell of the strip, found by halving), or None."""
        codes = self.codes
        lo = 0
        hi = self.count
        while lo < hi:
            mid = (lo + hi) // 2
            c = (codes[2 * mid] << 8) | codes[2 * mid + 1]
            if c == code:
                w = self.width
                return Glyph(self.bitmap, mid, w, self.height, 0, -self.descent, w, 0)
            if c < code:
                lo = mid + 1
            else:
                hi = mid
        return None
