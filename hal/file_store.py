"""Records as files (hal.stores' load and save): MicroPython's flash, which has no nvm, and the
simulator's --data-dir. Not in hal.stores, so a CircuitPython badge, which saves in its nvm,
does not hold this code."""
import os


class FileStore:
    """Records as files in a folder; a write replaces the file only when complete."""

    damaged = False     # only a journal (NvmStore) can lose records beside the slots'

    def __init__(self, folder):
        self.folder = folder.rstrip("/")
        try:
            os.mkdir(self.folder)
        except OSError:
            pass                # already there (or read-only: save() will say so)

    def _path(self, name):
        return self.folder + "/" + name

    def load(self, name):
        # a slot file missing beside its .tmp: power lost between save()'s remove and rename,
        # the .tmp whole (a torn one, written before the remove, its record's CRC refuses; an
        # empty one, cut before its first byte, is no record: a slot's first write cut off is
        # no damage, and an empty slot file is)
        for tmp in ("", ".tmp"):
            try:
                with open(self._path(name) + tmp, "rb") as f:
                    data = f.read(1024)     # twice the nvm's largest record: a padded file fills no heap
                if data or not tmp:
                    return data
            except OSError as e:
                if not (e.args and e.args[0] in (2, 21)):   # ENOENT, EISDIR: no record there
                    raise           # unreadable: damage to say, not a blank slot to write over
                if e.args[0] == 21:
                    return None     # a folder's slot: its writes never land, nor does its .tmp
        return None

    def save(self, name, data):
        path = self._path(name)
        tmp = path + ".tmp"
        try:
            os.stat(path)
        except OSError:             # a record a cut left in the .tmp (load): into place before
            try:                    # the .tmp is written anew; an empty one is no record, and in
                if os.stat(tmp)[6]:     # place a cut would leave it as an empty slot file: damage
                    os.rename(tmp, path)
            except OSError:
                pass
        gone = False
        try:
            with open(tmp, "wb") as f:
                f.write(data)
            try:
                os.remove(path)     # FAT's rename may refuse to replace (micropython#2598)
                gone = True
            except OSError:
                pass
            os.rename(tmp, path)
        except OSError:
            if not gone:            # the old file gone, the .tmp is the slot's record (load)
                try:
                    os.remove(tmp)      # a failed write leaves no copy taking room
                except OSError:
                    pass
            raise
        return True
