"""Stand-in for CircuitPython's displayio: the classes the firmware and the real
adafruit_display_text use, with their keyword-only arguments and the range checks a badge
makes, and nothing drawn (tools.bench_start times the badge's start-up with them)."""


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self._items = []
        self._scale = scale     # as the C type keeps it: a label's own scale property is not called
        self.x = x
        self.y = y
        self.hidden = False

    def append(self, item):
        self._items.append(item)

    def insert(self, i, item):
        self._items.insert(i, item)

    def pop(self, i=-1):
        return self._items.pop(i)

    def remove(self, item):
        self._items.remove(item)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, n):
        self._scale = n


class Bitmap:
    def __init__(self, width, height, value_count):
        if not 0 < value_count <= 256:
            raise ValueError("value_count must be in 1..256 (a byte per pixel here)")
        self.width = width
        self.height = height
        self._n = value_count
        self._px = bytearray(width * height)

    def _at(self, xy):
        x, y = xy
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of bounds")
        return y * self.width + x

    def __setitem__(self, xy, v):
        if not 0 <= v < self._n:
            raise ValueError("pixel value out of range")
        self._px[self._at(xy)] = v

    def __getitem__(self, xy):
        return self._px[self._at(xy)]

    def fill(self, v):
        if not 0 <= v < self._n:
            raise ValueError("pixel value out of range")
        self._px[0:len(self._px)] = bytes([v]) * len(self._px)


class Palette:
    def __init__(self, color_count):
        self._c = [0] * color_count

    def __setitem__(self, i, c):
        if not isinstance(c, int) or not 0 <= c <= 0xFFFFFF:
            raise TypeError("colour must be an int 0..0xFFFFFF")
        self._c[i] = c

    def __getitem__(self, i):
        return self._c[i]

    def __len__(self):
        return len(self._c)

    def make_transparent(self, i):
        if not 0 <= i < len(self._c):
            raise IndexError("palette index out of range")

    make_opaque = make_transparent

    def is_transparent(self, i):
        return False


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        tw = tile_width or bitmap.width
        th = tile_height or bitmap.height
        if bitmap.width % tw or bitmap.height % th:
            raise ValueError("tile size must divide the bitmap's")
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tw
        self.tile_height = th
        self._count = (bitmap.width // tw) * (bitmap.height // th)
        self._tiles = bytearray(width * height)
        for i in range(width * height):
            self._tiles[i] = default_tile
        self.x = x
        self.y = y
        self.hidden = False

    def _at(self, xy):
        x, y = xy
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("tile index out of bounds")
        return y * self.width + x

    def __setitem__(self, xy, v):
        if not 0 <= v < min(self._count, 256):
            raise ValueError("tile value out of bounds")
        self._tiles[self._at(xy)] = v

    def __getitem__(self, xy):
        return self._tiles[self._at(xy)]
