"""Make the badge's bitmap fonts: small BDF subsets of the X11 "misc-fixed" fonts, and the
strip fonts the badge reads (firmware/font.py).

The source is Debian's `xfonts-base` package (public domain fonts, see
firmware/fonts/LICENSE). Run on a machine with it installed
(`apt-get install xfonts-base`), or point --src at an unpacked copy:

    python -m tools.make_font [--src /usr/share/fonts/X11/misc] [--out firmware/fonts]

It keeps ASCII, the accented letters French and German need, the card suits and a few
signs, so each font stays a few kilobytes, and writes <size>.bdf and <size>.bin. The BDF is
the readable source; `python -m tools.make_font --strips` remakes the .bin files from it.
The output is deterministic.
"""
import argparse
import gzip
import io
import os
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:        # run as a script: firmware.font's MAGIC, hal.desktop's writes
    sys.path.insert(0, ROOT)

SIZES = ("5x8", "6x10", "7x13", "9x15")

# ASCII, then French/German letters, then suits and signs.
EXTRA = ("àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆß«»°·…–—’‘“”„€×"
         "\u2660\u2665\u2666\u2663\u2190\u2191\u2192\u2193\u25b6\u25c0\u25b2\u25bc\u2022\u2713")
CHARSET = "".join([chr(c) for c in range(32, 127)]) + EXTRA


def load_pcf(path):
    """A gzipped PCF font (X11's) with CHARSET's glyphs loaded, read from memory (no temporary
    file left behind). ValueError for a file that holds no PCF font, or a damaged one."""
    import displayio
    from adafruit_bitmap_font.pcf import PCF
    with gzip.open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x01fcp":
        raise ValueError("no PCF font inside")
    try:
        font = PCF(io.BytesIO(data), displayio.Bitmap)
        font.load_glyphs(CHARSET)
    except (KeyError, IndexError, RuntimeError, EOFError, struct.error) as e:
        raise ValueError("a damaged PCF font (%s: %s)" % (type(e).__name__, e)) from None
    return font


class Drawn:
    """A glyph drawn here, for a sign a source font lacks (filled triangles, a tick)."""

    def __init__(self, code, bw, bh, by):
        h = max(5, (bh + by) - 2) | 1          # odd height, about the cap height
        w = h // 2 + 1
        rows = []
        for y in range(h):
            d = min(y, h - 1 - y) + 1          # 1 .. w .. 1
            if code == 0x25B6:
                rows.append([1 if x < d else 0 for x in range(w)])
            elif code == 0x25C0:
                rows.append([1 if x >= w - d else 0 for x in range(w)])
            else:                               # tick
                rows.append([1 if (x == w - 1 - (y * (w - 1)) // (h - 1)) else 0 for x in range(w)])
        self.width = w
        self.height = h
        self.dx = (bw - w) // 2
        self.dy = 1
        self.shift_x = bw
        self.bitmap = _Rows(rows)


class _Rows:
    def __init__(self, rows):
        self.rows = rows

    def __getitem__(self, xy):
        return self.rows[xy[1]][xy[0]]


DRAWN = (0x25B6, 0x25C0, 0x2713)

# glyphs redrawn over the source's, as BDF rows: 5x8's period is a 3x3 cross, and "6.4" read
# as "6+4" on the MacroPad; here it is a 2x2 dot on the baseline. 9x15's club had a spade's
# pointed top (PicoPad, uGame: both black, told apart by shape alone): three round lobes. 6x10's
# diamond was a spade's tall point less its foot (T-Display, Badger): a squat rhombus. 5x8's
# club was a circled cross, "\u2295" to a Sprig player: a round top, two lobes and a stem.
FIXED = {("5x8", 0x2E): ["00", "00", "00", "00", "00", "60", "60", "00"],
         ("5x8", 0x2663): ["00", "70", "70", "F8", "A8", "20", "70", "00"],
         ("9x15", 0x2663): ["0000", "1C00", "3E00", "3E00", "1C00", "6B00", "FF80", "FF80",
                            "6B00", "0800", "0800", "3E00", "0000", "0000", "0000"],
         ("6x10", 0x2666): ["00", "00", "20", "70", "F8", "70", "20", "00", "00", "00"]}


def to_bdf(font, name, chars):
    font.load_glyphs(chars)
    bw, bh, bx, by = font.get_bounding_box()
    glyphs = []
    for ch in chars:
        g = font.get_glyph(ord(ch))
        if g is None and ord(ch) in DRAWN:
            g = Drawn(ord(ch), bw, bh, by)
        if g is not None:
            glyphs.append((ord(ch), g))
    glyphs.sort(key=lambda t: t[0])
    out = ["STARTFONT 2.1",
           "FONT -Misc-Fixed-Medium-R-Normal--%s-subset" % name,
           "SIZE %d 75 75" % bh,
           "FONTBOUNDINGBOX %d %d %d %d" % (bw, bh, bx, by),
           "STARTPROPERTIES 4",
           "FONT_ASCENT %d" % (bh + by),
           "FONT_DESCENT %d" % (-by),
           "DEFAULT_CHAR 63",
           'COPYRIGHT "Public domain font (X11 misc-fixed, Debian xfonts-base)"',
           "ENDPROPERTIES",
           "CHARS %d" % len(glyphs)]
    for code, g in glyphs:
        out.append("STARTCHAR U+%04X" % code)
        out.append("ENCODING %d" % code)
        out.append("SWIDTH %d 0" % (g.shift_x * 1000 // bw))
        out.append("DWIDTH %d 0" % g.shift_x)
        out.append("BBX %d %d %d %d" % (g.width, g.height, g.dx, g.dy))
        out.append("BITMAP")
        nbytes = (g.width + 7) // 8
        if (name, code) in FIXED:
            out.extend(FIXED[name, code])
            out.append("ENDCHAR")
            continue
        for y in range(g.height):
            row = 0
            for x in range(g.width):
                if g.bitmap[x, y]:
                    row |= 1 << (nbytes * 8 - 1 - x)
            out.append("%0*X" % (nbytes * 2, row))
        out.append("ENDCHAR")
    out.append("ENDFONT")
    have = set([code for code, g in glyphs])
    missing = [c for c in chars if ord(c) not in have]
    return "\n".join(out) + "\n", missing


def load_bdf(path):
    """A BDF font (adafruit_bitmap_font) with every glyph loaded."""
    import displayio
    from adafruit_bitmap_font.bdf import BDF
    font = BDF(open(path, "rb"), displayio.Bitmap)
    font.load_glyphs(CHARSET)
    return font


def to_strip(font):
    """The strip font (firmware/font.py's layout) of a loaded font: each glyph drawn in a
    full cell at its place from the baseline. A glyph that leaves the cell is an error."""
    from firmware.font import MAGIC
    w, h, bx, by = font.get_bounding_box()
    ascent = h + by
    glyphs = sorted((ord(ch), font.get_glyph(ord(ch))) for ch in CHARSET
                    if font.get_glyph(ord(ch)) is not None)
    n = len(glyphs)
    stride = (n * w + 7) // 8
    rows = [bytearray(stride) for _ in range(h)]
    for i, (code, g) in enumerate(glyphs):
        for y in range(g.height):
            for x in range(g.width):
                if g.bitmap[x, y]:
                    cx = g.dx - bx + x
                    cy = ascent - g.height - g.dy + y
                    if not (0 <= cx < w and 0 <= cy < h):
                        raise ValueError("U+%04X leaves its %dx%d cell" % (code, w, h))
                    px = i * w + cx
                    rows[cy][px // 8] |= 0x80 >> (px % 8)
    head = MAGIC + bytes((w, h, ascent, -by, n >> 8, n & 0xFF))
    return head + b"".join(bytes((c >> 8, c & 0xFF)) for c, g in glyphs) + b"".join(rows)


def strips(folder):
    """Every size's strip font, (size, bytes), from its .bdf in folder: all made before any is
    written. ValueError naming a .bdf that is damaged or cut short."""
    out = []
    for size in SIZES:
        path = os.path.join(folder, size + ".bdf")
        try:
            with open(path, "rb") as f:
                if not f.read().rstrip().endswith(b"ENDFONT"):
                    raise ValueError("cut short: no ENDFONT line")
            out.append((size, to_strip(load_bdf(path))))
        except (ValueError, TypeError, IndexError, KeyError, RuntimeError) as e:   # the reader's
            raise ValueError("%s: a damaged BDF font (%s)" % (path, e)) from None
    return out


def write_strips(ap, folder):
    """<size>.bin from <size>.bdf, for every size (each renamed over the old one once whole: a
    full disk keeps the old one)."""
    from hal.desktop import put
    try:
        made = strips(folder)
    except ValueError as e:
        ap.error("%s: run without --strips to make it again" % e)
    for size, data in made:
        put(ap, os.path.join(folder, size + ".bin"), data)
        print(size, "strip:", len(data), "bytes")


SRC = "/usr/share/fonts/X11/misc"       # Debian's xfonts-base


def main(argv=None):
    # the docstring's whole first sentence (its first line stopped mid-sentence)
    ap = argparse.ArgumentParser(prog="python -m tools.make_font", description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", default=SRC, metavar="DIR",
                    help="folder of the misc-fixed .pcf.gz fonts (default: %(default)s, from xfonts-base)")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "firmware", "fonts"),
                    metavar="DIR", help="folder for the .bdf and .bin files (default: this checkout's firmware/fonts)")
    ap.add_argument("--strips", action="store_true", help="only remake the .bin files from the .bdf")
    args = ap.parse_args(argv)
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        ap.error("--out %s: a file is there, not a folder" % args.out)
    need = [os.path.join(args.out, s + ".bdf") for s in SIZES] if args.strips else \
        [os.path.join(args.src, s + ".pcf.gz") for s in SIZES]
    lack = [f for f in need if not os.path.exists(f)]
    if lack:                # before any font is written: never half a set
        ap.error("missing %s: %s" % (", ".join(lack), "run without --strips to make them" if args.strips else
                                     "apt-get install xfonts-base" if args.src == SRC else "not in --src"))
    if args.strips:         # (the folder holds the .bdf files)
        write_strips(ap, args.out)
        return
    fonts = []
    for path in need:       # all read before any is written
        try:
            fonts.append(load_pcf(path))
        except (OSError, EOFError, ValueError, zlib.error) as e:     # gzip's own errors, and ours
            ap.error("%s: %s: X11's fonts are gzipped PCF files" % (path, e))
    from hal.desktop import make_folder, put
    make_folder(ap, "--out", args.out)
    for size, font in zip(SIZES, fonts):
        text, missing = to_bdf(font, size, CHARSET)
        put(ap, os.path.join(args.out, size + ".bdf"), text.encode("ascii"))
        print(size, "glyphs:", len(CHARSET) - len(missing), "missing:", "".join(missing) or "-")
    write_strips(ap, args.out)


if __name__ == "__main__":
    main()
