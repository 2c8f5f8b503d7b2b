"""Where records live: one backend per runtime, all with load(name) and save(name, data).

- NvmStore: CircuitPython's `microcontroller.nvm` (4 KB). Each name owns a fixed
  512-byte region and a save is one slice assignment, so one flash erase per write.
- FileStore: a folder (MicroPython's flash, or the simulator's --data-dir). A save
  writes a temporary file and renames it over the old one.
- MemoryStore: a dict (the simulator without a data folder, and tests).
`open_store()` picks the badge's backend: nvm where the runtime has it, else files.
Records (engine.records) wrap their payload with a length and a CRC, so a torn or
erased region reads back as "no record", never as garbage.
"""
import os

REGION = 512
NAMES = ("game.0", "game.1", "prefs.0", "prefs.1")


class StoreFull(OSError):
    """The record does not fit where it must go."""


class NvmStore:
    """Records in a bytearray-like non-volatile memory, a fixed region per name."""

    def __init__(self, nvm, names=NAMES):
        self.nvm = nvm
        self.names = names
        if len(nvm) < REGION * len(names):
            raise StoreFull("nvm too small: %d bytes" % len(nvm))

    def _at(self, name):
        return self.names.index(name) * REGION

    def load(self, name):
        at = self._at(name)
        return bytes(self.nvm[at:at + REGION])

    def save(self, name, data):
        if len(data) > REGION:
            raise StoreFull("record too big for nvm")
        at = self._at(name)
        self.nvm[at:at + len(data)] = data
        return True


class FileStore:
    """Records as files in a folder; a write replaces the file only when complete."""

    def __init__(self, folder):
        self.folder = folder.rstrip("/")
        try:
            os.mkdir(self.folder)
        except OSError:
            pass                # already there (or read-only: save() will say so)

    def _path(self, name):
        return self.folder + "/" + name

    def load(self, name):
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def save(self, name, data):
        path = self._path(name)
        tmp = path + ".tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(data)
            try:
                os.remove(path)     # MicroPython's rename does not replace
            except OSError:
                pass
            os.rename(tmp, path)
        except OSError:
            try:
                os.remove(tmp)      # a failed write leaves no copy taking room
            except OSError:
                pass
            raise
        return True


class MemoryStore:
    """Records in a dict: nothing survives the process (tests, a simulator without --data-dir)."""

    def __init__(self):
        self.cells = {}

    def load(self, name):
        return self.cells.get(name)

    def save(self, name, data):
        self.cells[name] = bytes(data)
        return True


def open_store(folder="/saves"):
    """CircuitPython: NvmStore(microcontroller.nvm); MicroPython (no nvm): FileStore(folder)."""
    try:
        import microcontroller
        nvm = microcontroller.nvm
        if nvm is not None:
            return NvmStore(nvm)
    except (ImportError, AttributeError, StoreFull):
        pass
    return FileStore(folder)
