"""Drawing helpers: fonts, colour themes, text labels and the card tile sheet.

Cards are tiles in one displayio.TileGrid sheet (rank tiles and suit tiles), so a move
changes one tile, and displayio refreshes only that small area. A dimmed card is the same tile
drawn through the dim palette: the sheet holds each card once.
"""
import displayio
from adafruit_display_text import bitmap_label

from engine.portable import const
from engine.cards import SUIT_SYMBOLS
from firmware.font import Font
from firmware.text import rank

FONT_DIR = "/firmware/fonts"
_fonts = {}

# Palette slots, text colours and tiles are const(): the code takes their numbers, and the
# ones only this module uses (an underscore) leave no name on the badge.

# palette slots of the card sheet
BG = const(0)
_FACE = const(1)
_FACE_DIM = const(2)
INK = const(3)
_RED = const(4)
_INK_DIM = const(5)
_RED_DIM = const(6)
_NEED = const(7)
_SLOT = const(8)
CURSOR = const(9)
HINT = const(10)
_EDGE = const(11)         # a card's outline: the face's colour, except dimmed in mono
_N_COLOURS = const(12)

_COLOUR = (0x0B4F26, 0xF4F4EC, 0x7C8A80, 0x000000, 0xD01818, 0x2E3430, 0x6A1A1A,
           0xFFD21F, 0x17693A, 0xFFD21F, 0x20D0FF, 0xF4F4EC)
# what the dim palette shows for _FACE, INK, _RED and the edge (colour; mono dims the edge to _INK_DIM)
_DIMMED = ((_FACE, _FACE_DIM), (INK, _INK_DIM), (_RED, _RED_DIM), (_EDGE, _FACE_DIM))

# text colours
TEXT = const(0)
WARN = const(1)
ACCENT = const(2)
MUTED = const(3)
_TEXT_COLOUR = (0xFFFFFF, 0xFFB0A8, 0xFFD21F, 0xA8C8B0)   # WARN: 5.6:1 on BG, 4.8 to protans

# tile indexes in the sheet
T_BLANK = const(0)
T_SLOT = const(1)
_T_RANK = const(2)        # + red * 13 + rank
T_NEED = const(28)       # + rank
T_SUIT = const(41)       # + suit
T_SUIT_DONE = const(45)  # + suit
_N_TILES = const(49)

# sounds: Hz, ms of each note (App.sound plays them where the board has a speaker and Sound is on)
CLICK = (880, 15)                           # a button
YOUR_TURN = (1320, 30, 1760, 40)            # your decision begins
ILLEGAL = (220, 90)                         # that card cannot be laid
DEAL_WON = (523, 70, 659, 70, 784, 120)     # you went out first
DEAL_LOST = (392, 90, 330, 140)


def font(name, keep=True):
    """A strip font from the fonts folder (firmware/font.py), loaded once; with keep=False,
    one only borrowed (freed with its user unless labels already hold it)."""
    f = _fonts.get(name)
    if f is None:
        f = Font(FONT_DIR + "/" + name + ".bin")
        if keep:
            _fonts[name] = f
    return f


class Theme:
    """Colours for a colour screen, a mono OLED (light on dark) or e-ink (dark on light)."""

    def __init__(self, mono=False, paper=False):
        self.mono = mono
        if not mono:
            self.colours = _COLOUR
            self.text = _TEXT_COLOUR
            return
        dark, light = (0xFFFFFF, 0x000000) if paper else (0x000000, 0xFFFFFF)
        # mono: normal cards are filled, dimmed cards hollow (outlined from 12 px wide tiles)
        self.colours = (dark, light, dark, dark, dark, light, light, light, dark, light, light,
                        light)
        self.text = (light, light, light, light)

    def colour(self, which):
        return self.text[which]


def label(text, font_name, x, y, colour, anchor=(0, 0), scale=1, line_spacing=1.25):
    """A bitmap_label placed by its anchor point (default: top-left corner)."""
    return bitmap_label.Label(font(font_name), text=text, color=colour, scale=scale,
                              anchor_point=anchor, anchored_position=(x, y),
                              line_spacing=line_spacing)


def blank(group):
    """Empty every label in group, a screen that was left: its text bitmaps are freed at the
    next collection, though the screen's own code, which left it, still holds its labels."""
    for item in group:
        if isinstance(item, bitmap_label.Label):
            item.text = ""
        elif isinstance(item, displayio.Group):
            blank(item)


def lines_fit(font_name, top, bottom, lh):
    """How many lines, lh apart from y = top, fit above y = bottom: a label draws its glyph
    cells `descent` rows below its y (bitmap_label), so the last one needs that too."""
    f = font(font_name)
    return max(1, (bottom - top - f.descent - f.height) // lh + 1)


def text_width(text, font_name):
    """Width in pixels of one line of text (the fonts are fixed-width; the tests check that
    every character the game shows is in every font)."""
    return len(text) * font(font_name).width


def wrap(text, font_name, width):
    """Split text into lines no wider than width (words kept whole, a "label:" with the word
    after it, a French " !" or " ?" and a signed number ("Passer -6…-9", "solde -18") with the
    word before it, a lone suit too, and no line starting or ending with a "·"). Where "label: value" (not
    parts joined by "·") is too wide for one line, a label of two to four words (a key's name)
    keeps its line, and the value starts the next ("Top right:" / "hint", not "Top" / "right:
    hint"); a sentence with a colon wraps as any other. A one-word label's value wraps under
    it, indented ("You: 13 cards," / "  net -113")."""
    out = []
    indent = ""
    while len(indent) < len(text) and text[len(indent)] == " ":
        indent += " "
    head = text.split(": ")[0]
    if "\u00b7" not in text and 0 < head.strip().count(" ") < 4 and \
            text_width(text, font_name) > width >= text_width(head + ":", font_name):
        return [head + ":"] + wrap(indent + text[len(head) + 2:], font_name, width)
    # a one-word label's value wraps under it, indented, not as a line of its own in the labels'
    # column ("Vous: 0 carte," / "  solde +62", an arrow key's "couleur/ligne" / "  suivante"):
    # head is now what a next line starts with (no new name: the badge interns each)
    head = indent + ("  " if text.count(": ") == 1 and " " not in head.strip() and "\u00b7" not in text else "")
    words = []
    for word in text[len(indent):].split(" "):
        if words and (words[-1][-1:] == ":" and text_width(words[-1] + " " + word, font_name) <= width
                      or word in ("!", "?")         # French "Gagné !" keeps its "!"
                      or word[:1] in "+-" and word[1:2].isdigit()       # a price keeps its name
                      or "\u2660" <= word <= "\u2667"):         # a row's suit its word ("pas sur \u2663")
            words[-1] += " " + word
        else:
            words.append(word)
    cur = ""
    for word in words:
        trial = (indent + word) if not cur else cur + " " + word
        if text_width(trial, font_name) <= width or not cur:
            cur = trial
        else:       # a "·" between two parts is dropped where the line breaks
            out.append(cur[:-2] if cur[-2:] == " \u00b7" else cur)
            cur = "" if word == "\u00b7" else head + word
    if cur:
        out.append(cur)
    return out


class CardArt:
    """The tile sheet: rank and suit tiles in every state, drawn once from the font, and two
    palettes: the sheet's colours, and the dim one (transparent background, so a dim grid
    lies over a grid of bright cards)."""

    def __init__(self, tile_w, tile_h, font_name, theme):
        self.tw = tile_w
        self.th = tile_h
        self.theme = theme
        pal = displayio.Palette(_N_COLOURS)
        dim = displayio.Palette(_N_COLOURS)
        for i in range(_N_COLOURS):
            pal[i] = dim[i] = theme.colours[i]
        for i, to in _DIMMED:
            dim[i] = theme.colours[_INK_DIM if theme.mono and i == _EDGE else to]
        dim.make_transparent(BG)
        self.palette = pal
        self.dim_palette = dim
        # the tiles side by side: a row of a narrow tile stacked alone would be padded to
        # whole 32-bit words (a 20-pixel tile at 4 bits per pixel wastes a sixth)
        bmp = displayio.Bitmap(tile_w * _N_TILES, tile_h, _N_COLOURS)
        self.sheet = bmp
        # the sheet is drawn once: a tile font that no label uses (320x240's 9x15, 264x176's 7x13)
        # is freed after
        f = font(font_name, False)
        self._ascent = f.ascent
        self._font_h = f.height
        self._draw_tile(f, T_SLOT, _SLOT, None, 0)
        # the next rank's outline, only where a digit fits inside it with a pixel to spare;
        # on smaller tiles the rank stands bare in the accent colour
        g = f.get_glyph(ord("8"))
        a, b = _ink(g)
        top, bottom = _ink(g, True)
        self._need_frame = _NEED if tile_h - 4 >= bottom - top and tile_w - 6 >= b - a else -1
        self._font_name = font_name
        self.draw_ranks(range(13), f)
        for s in range(4):
            ink = _RED if s in (1, 2) else INK
            self._draw_tile(f, T_SUIT + s, _FACE, SUIT_SYMBOLS[s], ink, bottom=True)
            # a completed suit: the accent tile, or inverted on mono (where _NEED is _FACE)
            face, ink = (_SLOT, _NEED) if theme.mono else (_NEED, ink)
            self._draw_tile(f, T_SUIT_DONE + s, face, SUIT_SYMBOLS[s], ink, bottom=True)

    def draw_ranks(self, ranks, f=None):
        """Draw these ranks' tiles in the language's letters: all of them at first, the
        picture cards again after a switch of language (the sheet stays where it is)."""
        f = f or font(self._font_name, False)
        for r in ranks:
            for red in (0, 1):
                self._draw_tile(f, _T_RANK + red * 13 + r, _FACE, rank(r), _RED if red else INK)
            self._draw_tile(f, T_NEED + r, _SLOT, rank(r), _NEED, frame=self._need_frame)

    def _draw_tile(self, f, index, face, text, ink, frame=-1, bottom=False):
        bmp = self.sheet
        tw = self.tw
        th = self.th
        x0 = index * tw
        top = 0 if bottom else 1
        end = th - 1 if bottom else th
        if self.theme.mono:
            if tw < 12:
                frame = -1           # too small for outlines: filled = card, bare glyph = dimmed
            elif face == _FACE:
                frame = _EDGE         # unseen on a card, the outline of a dimmed (hollow) one
            elif face == _SLOT and frame < 0 and text is not None:
                frame = _INK_DIM      # a next rank without the accent outline keeps a plain one
        for y in range(top, end):
            for x in range(x0 + 1, x0 + tw - 1):
                bmp[x, y] = face
        # a mono card's rank has no outline below: its suit's top row is the one line between
        # them, and the rank a row lower in the row it frees stands clear of the outline and of
        # the cursor's inner ring above it (on the Badger a 6 opened into the ring, and a hollow
        # J's bar ran into its outline)
        low = 1 if frame == _EDGE and not bottom else 0
        if frame >= 0:
            for x in range(x0 + 1, x0 + tw - 1):
                bmp[x, top] = frame
                if not low:
                    bmp[x, end - 1] = frame
            for y in range(top, end):
                bmp[x0 + 1, y] = frame
                bmp[x0 + tw - 2, y] = frame
        if text is None:                   # the empty slot's dot
            bmp[x0 + tw // 2, th // 2] = _NEED if self.theme.mono else _FACE_DIM
            return
        glyphs = [f.get_glyph(ord(ch)) for ch in text]
        inks = [_ink(g) for g in glyphs]
        width = 0
        first = last = -1                  # the ink's columns, glyphs at their advance
        for i in range(len(glyphs)):
            g = glyphs[i]
            a, b = inks[i]
            if b:
                if first < 0:
                    first = width + g.dx + a
                last = width + g.dx + b
            width += g.shift_x
        # a pixel clear of the outline, if any, and on a card of the cursor's black inner ring
        # (frame: a 10 touching it read "1C" beside a thick bar, a dimmed one 1.8:1 against it)
        room = tw - 6 if frame >= 0 or face == _FACE and tw >= 14 else tw - 2
        # too wide ("10" on a small tile): pack the glyphs' ink one pixel apart and crop
        # the first glyph's sides (the 1's flag and foot), keeping at least 2 columns of it
        tight = width > room and len(glyphs) > 1
        if tight:
            width = len(glyphs) - 1
            for a, b in inks:
                width += b - a
            a, b = inks[0]
            crop = max(0, min(width - room, b - a - 2))
            inks[0] = (a + crop // 2, b - (crop - crop // 2))
            width -= crop
            if width > room and frame >= 0 and not self.theme.mono:
                # still touching the outline ("10" on the T-Display's 12 px tiles read "|iO|"):
                # bare in the accent colour, as every next rank on smaller tiles
                return self._draw_tile(f, index, face, text, ink, -1, bottom)
            x = (tw - width) // 2
        else:                              # centre the ink, not the cells' spacing column
            x = (tw - (last - first)) // 2 - first
        fh = self._font_h
        base = top + low + (end - top - fh) // 2   # top of the font's cell, centred
        for i in range(len(glyphs)):
            g = glyphs[i]
            a, b = inks[i] if tight else (0, g.width)
            left = x - a if tight else x + g.dx
            gtop = base + self._ascent - g.dy - g.height
            cell = g.tile_index * g.width       # its cell in the font's strip
            for gy in range(g.height):
                py = gtop + gy
                if py < top or py >= end:
                    continue
                for gx in range(a, b):
                    px = left + gx
                    if px < 1 or px >= tw - 1:
                        continue
                    if g.bitmap[cell + gx, gy]:
                        bmp[x0 + px, py] = ink
            x += b - a + 1 if tight else g.shift_x

    def grid(self, cols, rows, x=0, y=0, dim=False):
        """A TileGrid over the sheet, all blank (transparent, through the dim palette)."""
        return displayio.TileGrid(self.sheet, pixel_shader=self.dim_palette if dim else self.palette,
                                  width=cols, height=rows,
                                  tile_width=self.tw, tile_height=self.th, default_tile=T_BLANK,
                                  x=x, y=y)

    def frame(self, w, h, colour_index, dashed=False):
        """An outline TileGrid of w x h pixels (cursor, hint), transparent inside: 2 pixels
        thick, the inner one black on colour screens, 1 on tiles under 14 pixels, where it keeps
        to the tile's blank margin (a thicker one ate the glyphs of the MacroPad's 8 pixel cards
        and the T-Display's 10)."""
        bmp = displayio.Bitmap(w, h, 3)
        pal = displayio.Palette(3)
        pal[0] = 0
        pal.make_transparent(0)
        pal[1] = self.theme.colours[colour_index]
        mono = self.theme.mono
        pal[2] = self.theme.colours[colour_index if mono else INK]
        k = 2 if w >= 14 or mono and w >= 12 else 1
        # on colour screens the inner ring is black: on a white card a yellow or cyan ring alone
        # is a change of hue only, lost in glare and to red-green colour blindness. On mono it is
        # the ring's colour, or the paper's on a filled card (TableView.update): a ring that
        # touched a filled card looked one pixel wider, not framed
        for x in range(w):
            if not dashed or x & 2:
                for i in range(k):
                    bmp[x, i] = bmp[x, h - 1 - i] = 2 if i else 1
        for y in range(h):
            if not dashed or y & 2 and not mono:
                for i in range(k):
                    bmp[i, y] = bmp[w - 1 - i, y] = 2 if i else 1
        return displayio.TileGrid(bmp, pixel_shader=pal)


def _ink(g, rows=False):
    """The first and one past the last column (or row) of glyph g's bitmap with ink."""
    n, m = (g.height, g.width) if rows else (g.width, g.height)
    bmp = g.bitmap
    x0 = g.tile_index * g.width         # its cell in the font's strip
    a = n
    b = 0
    for i in range(n):
        for j in range(m):
            if bmp[x0 + j, i] if rows else bmp[x0 + i, j]:
                if i < a:
                    a = i
                b = i + 1
                break
    return (a, b) if b else (0, 0)


def rank_tile(card):
    s = card // 13
    red = 1 if s in (1, 2) else 0
    return _T_RANK + red * 13 + card % 13
