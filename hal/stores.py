"""Where records live: one backend per runtime, all with load(name) and save(name, data).

- NvmStore: CircuitPython's `microcontroller.nvm` (4 KB, one flash sector). A save
  appends to a journal in erased flash, which CircuitPython programs without erasing;
  only when the journal is full is the sector erased and rewritten with the newest
  record of each name (see NvmStore).
- hal.file_store.FileStore: a folder (MicroPython's flash, or the simulator's --data-dir),
  imported only where there is no nvm, so a CircuitPython badge does not hold its code.
- hal.memory_store.MemoryStore, a dict, for the simulator without a data folder and tests,
  is not here: the badge never uses it.
`open_store()` picks the badge's backend: nvm where the runtime has it, else files.
Records (engine.records) wrap their payload with a length and a CRC, so a torn or
erased region reads back as "no record", never as garbage.
"""

REGION = 512
PAGE = 256      # the RP2040's flash page: CircuitPython programs the nvm a page at a time
NAMES = ("game.0", "game.1", "prefs.0", "prefs.1")


class StoreFull(OSError):
    """The record does not fit where it must go."""


class NvmStore:
    """Records in a non-volatile memory that is one flash sector (CircuitPython's nvm).

    Writing bytes that are all 0xFF (erased) only programs them; writing over anything
    else makes CircuitPython erase the whole sector and program it back, and power lost
    in between blanks every record. So saves append to a journal: MAGIC, then entries up
    to erased flash, each a head of two bytes and their complements (the name's index and
    the length's high bits, the length's low byte) and the data. When the next entry does
    not fit, the sector is rewritten once with the newest entry of each name: one erase per
    some 40 saves instead of one per save. A power cut can leave an entry torn: with its
    head whole, its data is kept (the record's CRC refuses it) and saves go on after it;
    with its head torn, the journal ends before it and the next save rewrites the sector.
    A journal that ends on a damaged head with written flash after the head's page (where a
    torn head leaves none) sets `damaged`: the entries before the damage are read, and the
    next save rewrites the sector. A damaged MAGIC is read past and rewritten by the next
    save; an nvm that holds neither (another program's bytes, or FTJ1, a development build's
    journal, whose heads had no check on the length) is taken as blank. An nvm in the layout
    of earlier versions (a 512-byte region per name) is read as it is and rewritten as a
    journal by the first save."""

    MAGIC = b"FTJ2"

    def __init__(self, nvm):
        self.nvm = nvm
        if len(nvm) < 4 + len(NAMES) * (4 + REGION):   # a rewrite of every slot at its largest
            raise StoreFull("nvm too small: %d bytes" % len(nvm))
        self.at = None          # per name, (start, length) of its newest entry, or None
        self.end = 0            # where the next entry goes
        self.clean = False      # the journal is whole and everything after end is erased
        self.damaged = False    # the journal ended on something that is not erased flash

    def _erased(self, i):
        """Whether the nvm from i to its end reads 0xFF, as erased flash does (a page at a time:
        one slice and min() in C, not a Python step per byte)."""
        nvm = self.nvm
        n = len(nvm)
        while i < n:
            if min(nvm[i:min(i + PAGE, n)]) != 255:
                return False
            i += PAGE
        return True

    def _scan(self):
        nvm = self.nvm
        size = len(nvm)
        at = [None] * len(NAMES)  # type: list  # (start, length) or None
        magic = bytes(nvm[0:4])
        i = 4
        if magic != self.MAGIC and (nvm[0] == 82 and nvm[1] < 16 or magic == b"\xff" * 4):
            i = 0
            for j in range(len(at)):                # the region layout, or a blank nvm
                r = nvm[j * REGION:j * REGION + 6]
                if r[0] == 82:                      # a record's first byte, b"R"
                    at[j] = (j * REGION, min(REGION, 10 + (r[4] << 8 | r[5])))
        else:                   # a journal (its MAGIC damaged or not): entries while heads hold
            while i + 4 <= size:
                a, c = nvm[i], nvm[i + 2]
                k, n = a & 3, a >> 2 << 8 | c       # k names one of the 4 NAMES; an `a` over 15
                if (nvm[i + 1] != a ^ 255 or nvm[i + 3] != c ^ 255   # is a length over REGION
                        or n > REGION or i + 4 + n > size):
                    break
                at[k] = (i + 4, n)
                i += 4 + n
        self.end = i            # appends go on where erased flash begins, if it does here
        # A journal of ours (its MAGIC, or an entry read) that ends on a head with flash written
        # after the head's page is damaged: a head torn by a power cut leaves those pages erased.
        self.damaged = (magic == self.MAGIC or i > 4) and not self._erased((i + 3) // PAGE * PAGE + PAGE)
        # appends only after a whole journal, under a whole MAGIC (a blank nvm starts one; a
        # region of the old layout, begun with R, is not erased)
        self.clean = (magic == self.MAGIC or i == 0) and self._erased(i)
        self.at = at            # only a whole scan: a read that raised is tried again

    def load(self, name):
        if self.at is None:
            self._scan()
        at = self.at[NAMES.index(name)]
        return None if at is None else bytes(self.nvm[at[0]:at[0] + at[1]])

    def save(self, name, data):
        if len(data) > REGION:
            raise StoreFull("record too big for nvm")
        if self.at is None:
            self._scan()
        k = NAMES.index(name)
        nvm = self.nvm
        head = self.MAGIC if self.end == 0 else b""     # a blank nvm starts a journal
        entry = head + _entry_head(k, len(data)) + data
        if self.clean and self.end + len(entry) <= len(nvm):
            nvm[self.end:self.end + len(entry)] = entry      # erased flash: no erase
            self.at[k] = (self.end + len(head) + 4, len(data))
            self.end += len(entry)
            return True
        try:
            image = bytearray(len(nvm))                 # the journal anew: one erase
        except MemoryError:
            import gc
            gc.collect()
            try:
                image = bytearray(len(nvm))
            except MemoryError:
                raise StoreFull("no memory to rewrite the nvm")
        ff = b"\xff" * 256
        for i in range(0, len(nvm), 256):
            image[i:i + 256] = ff[:len(nvm) - i]
        image[0:4] = self.MAGIC
        end = 4
        for j in range(len(NAMES)):
            at = self.at[j]
            if at is not None and j != k:
                image[end:end + 4] = _entry_head(j, at[1])
                image[end + 4:end + 4 + at[1]] = nvm[at[0]:at[0] + at[1]]
                end += 4 + at[1]
        image[end:end + len(entry) - len(head)] = entry[len(head):]
        nvm[0:len(nvm)] = image
        self.at = None          # read back from the journal as written
        return True


def _entry_head(k, n):
    """An entry's head (NvmStore): name index k and length n, each byte with its complement."""
    a = k | (n >> 8) << 2
    return bytes((a, a ^ 0xFF, n & 0xFF, (n & 0xFF) ^ 0xFF))


def open_store():
    """CircuitPython: NvmStore(microcontroller.nvm); MicroPython (no nvm): FileStore("/saves")."""
    try:
        import microcontroller
        nvm = microcontroller.nvm
        if nvm is not None:
            return NvmStore(nvm)
    except (ImportError, AttributeError, StoreFull):
        pass
    from hal.file_store import FileStore     # not held where nvm is: every badge
    return FileStore("/saves")
