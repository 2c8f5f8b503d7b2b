"""A torn-write store for power-cut tests. Engine and hal only: no pygame, no simulator."""
from hal.memory_store import MemoryStore


class Tearing(MemoryStore):
    """A store that behaves like flash cut off mid-write: after `cut_at` bytes of a
    write, the rest of that write never lands (the slot keeps a torn mix), and with the
    power gone no later write lands either, until cut_at is None again."""

    def __init__(self):
        super().__init__()
        self.cut_at = None

    @property
    def cut_at(self):
        return self._cut_at

    @cut_at.setter
    def cut_at(self, k):
        self._cut_at = k
        self.dead = False

    def save(self, name, data):
        if self.cut_at is None:
            return super().save(name, data)
        if not self.dead:
            old = self.cells.get(name, b"")
            k = self.cut_at
            self.cells[name] = bytes(data[:k]) + old[k:len(data)]
            self.dead = True
        raise OSError("power cut")


def counted(store):
    """{"game": n, "prefs": n}: the writes that reach store from now on, by record (a Record
    skips a payload its newest slot holds): what the flash-wear tests count."""
    n = {"game": 0, "prefs": 0}
    save = store.save

    def counting(name, data):
        n[name.split(".")[0]] += 1
        return save(name, data)
    store.save = counting
    return n


def newest(rec):
    """(the newest good payload or None, damaged) of an engine.records.Record."""
    payloads, damaged = rec.read_all()
    return (payloads[0] if payloads else None), damaged


class FlashNvm:
    """CircuitPython's nvm on an RP2040 (ports/raspberrypi/common-hal/nvm/ByteArray.c): a
    write over bytes that all read 0xFF programs them, page by page; a write over anything
    else erases the whole sector and programs it back, page by page. Power goes after
    `cut_after` steps (an erase or a page program): later steps never land, OSError; with
    `torn`, the page programmed at that moment keeps some of its bits erased."""

    PAGE = 256

    def __init__(self, size=4096):
        self.mem = bytearray(b"\xff" * size)
        self.erases = 0
        self.steps = 0
        self.cut_after = None
        self.torn = None        # a random.Random: the page being programmed at the cut lands in part

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, k):
        return self.mem[k]

    def _step(self, page=None, values=b""):
        if self.cut_after is not None and self.steps >= self.cut_after:
            if self.torn and page is not None:      # some of its bits programmed, not all
                for i in range(len(values)):
                    self.mem[page + i] = values[i] | (self.torn.getrandbits(8) & ~values[i] & 0xFF)
            raise OSError("power cut")
        self.steps += 1

    def __setitem__(self, k, values):
        start, stop = k.start or 0, k.stop
        values = bytes(values)
        if len(values) != stop - start:         # as CircuitPython's nvm binding says
            raise ValueError("Slice and value different lengths.")
        if self.mem[start:stop] == b"\xff" * (stop - start):
            page = start - start % self.PAGE
            while page < stop:
                a, b = max(page, start), min(page + self.PAGE, stop)
                self._step(a, values[a - start:b - start])
                self.mem[a:b] = values[a - start:b - start]
                page += self.PAGE
            return
        image = bytearray(self.mem)
        image[start:stop] = values
        self._step()
        self.mem[:] = b"\xff" * len(self.mem)
        self.erases += 1
        for page in range(0, len(self.mem), self.PAGE):
            self._step(page, image[page:page + self.PAGE])
            self.mem[page:page + self.PAGE] = image[page:page + self.PAGE]


def journal_heads(nvm):
    """Where each entry's head is in a FlashNvm's journal (hal.stores.NvmStore)."""
    heads, i = [], 4
    while nvm.mem[i] != 0xFF:
        heads.append(i)
        i += 4 + (nvm.mem[i] >> 2 << 8 | nvm.mem[i + 2])
    return heads
