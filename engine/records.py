"""Records on flash that survive a power cut: two slots that alternate.

Each slot holds b"R", the record's kind, a 16-bit sequence number, the payload's
length, the payload and a CRC-32. A write goes to the older slot, so a write cut
off half-way leaves the newer one intact; reading takes the newest valid slot.
A `store` is anything with load(name) -> bytes or None and save(name, data) -> bool.
"""
from engine.crc import crc32, crc_bytes


def _wrap(kind, seq, payload):
    head = bytes((82, kind, seq >> 8, seq & 0xFF, len(payload) >> 8, len(payload) & 0xFF))
    return head + payload + crc_bytes(crc32(payload, crc32(head)))


def _unwrap(kind, data):
    """(seq, payload) of a valid slot, or None."""
    if not data or len(data) < 10 or data[0] != 82 or data[1] != kind:
        return None
    size = (data[4] << 8) | data[5]
    if len(data) < size + 10:
        return None
    if bytes(data[6 + size:10 + size]) != crc_bytes(crc32(data[6:6 + size], crc32(data[0:6]))):
        return None
    return (data[2] << 8) | data[3], bytes(data[6:6 + size])


def _newest(slots):
    """Index of the newest valid slot, or -1. Sequence numbers are 16-bit and wrap: a comes
    after b when (a - b) & 0xFFFF is between 1 and 0x7FFF."""
    newest = -1
    for i in range(2):
        s = slots[i]
        if s is not None and (newest < 0 or 0 < ((s[0] - slots[newest][0]) & 0xFFFF) < 0x8000):
            newest = i
    return newest


class Record:
    """One kind of record (the game, or the prefs: settings and statistics) in two slots of a store."""

    def __init__(self, store, name, kind):
        self.store = store
        self.names = (name + ".0", name + ".1")
        self.kind = kind

    def read_all(self):
        """The good payloads, newest first (so a caller that cannot use the newest can
        fall back to the other), and whether a slot was damaged: (payloads, damaged). The
        first write ever, cut off, is no damage: nothing was kept before it."""
        raw = [self.store.load(n) for n in self.names]
        slots = [_unwrap(self.kind, d) for d in raw]
        used = [bool(d) and d[0] != 0 and d[0] != 255 for d in raw]   # not blank flash
        damaged = (used[0] and slots[0] is None) or (used[1] and slots[1] is None)
        newest = _newest(slots)
        if newest < 0:
            # the head of a first write (sequence 1) beside a blank slot: the first write ever
            first = used[0] and not used[1] and _wrap(self.kind, 1, b"").startswith(bytes(raw[0][:4]))
            return [], damaged and not first
        other = slots[1 - newest]
        return [slots[newest][1]] + ([other[1]] if other is not None else []), damaged

    def write(self, payload):
        """Store payload in the older slot; skipped when the newest already holds it.
        If the older slot cannot be written (a file in the way), the other one is: the
        record is still kept, without a spare. Returns True if it is safely stored."""
        raw = [self.store.load(n) for n in self.names]
        slots = [_unwrap(self.kind, d) for d in raw]
        newest = _newest(slots)
        if newest >= 0 and slots[newest][1] == payload:
            return True
        seq = (slots[newest][0] + 1) & 0xFFFF if newest >= 0 else 1
        target = 1 - newest if newest >= 0 else 0
        data = _wrap(self.kind, seq, payload)
        try:        # a save that says False kept nothing: the newest slot is left alone, as on a full flash
            return bool(self.store.save(self.names[target], data))
        except OSError as e:
            # only a thing in the slot's way (EEXIST, EISDIR: a folder of that name) moves the
            # write to the newest slot; a full, read-only or failing flash (ENOSPC, EROFS, EIO)
            # would fail there too, and a store that removes the old file first loses it
            if not (e.args and e.args[0] in (17, 21)) or self.store.load(self.names[target]) != raw[target]:
                raise
        stuck = slots[target]       # the written slot stays just newer than the stuck one
        if stuck is not None:       # (counting on, it would wrap past it in 32,768 writes)
            data = _wrap(self.kind, (stuck[0] + 1) & 0xFFFF, payload)
        return bool(self.store.save(self.names[1 - target], data))
