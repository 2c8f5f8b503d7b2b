"""Stand-in for CircuitPython's microcontroller: a blank 4 KB nvm that outlives the app.

The badge's nvm is flash, outside the heap; a bytearray here is on it, and MicroPython's
collector reads every word of it as a possible pointer, so the saved records could keep a
dead app alive by chance. The bytes are kept inverted, so no record reads as an address."""


class _Nvm:
    def __init__(self, n):
        self._b = bytearray(n)          # 0x00 stored: 0xFF read, as erased flash

    def __len__(self):
        return len(self._b)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return bytes([x ^ 255 for x in self._b[i]])
        return self._b[i] ^ 255

    def __setitem__(self, i, data):
        if isinstance(i, slice):
            self._b[i] = bytes([x ^ 255 for x in data])
        else:
            self._b[i] = data ^ 255


nvm = _Nvm(4096)
