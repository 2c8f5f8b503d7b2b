"""A torn-write store for power-cut tests. Engine and hal only: no pygame, no simulator."""
from hal.stores import MemoryStore


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


def newest(rec):
    """(the newest good payload or None, damaged) of an engine.records.Record."""
    payloads, damaged = rec.read_all()
    return (payloads[0] if payloads else None), damaged
