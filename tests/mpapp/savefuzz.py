"""Play the badge firmware through its buttons while its store fails, on MicroPython and CPython.

    savefuzz.py ROOT BOARD MODE SEED STEPS      (MODE: nvm, or file: hal.file_store on a folder
                                                 of its own with MicroPython's errno numbers)

With play.py's stand-ins, at each step a decision (or OK, or New game) with, drawn from SEED:
writes raising OSError 28, 30, 5, 17 or 21, writes landing in part, power cuts mid-save (the
page or file being written torn or not), clean power cuts, reads failing at power-up, a bit
flipped or the records truncated, a folder in a slot's way. A power cut is a new HAL and app on
the same bytes: the match and the statistics they resume must be ones held since the last
state reported saved, else a "LOST:" line; after damage, any match held before (or none) with
statistics counting no more deals and matches than were settled, else "GARBAGE:". One line a
step, with a CRC of the store's bytes: tests/test_firmware_micropython.py compares the runtimes.
"""
import sys

ROOT = sys.argv[1].rstrip("/")
BOARD = sys.argv[2]
MODE = sys.argv[3]
SEED = int(sys.argv[4])
STEPS = int(sys.argv[5])
sys.path.insert(0, ROOT + "/tests/mpapp")
sys.path.insert(0, ROOT or "/")

import play                                         # noqa: E402
from hal.buttons import OK                          # noqa: E402
from hal.stores import NvmStore                     # noqa: E402
from hal import file_store                          # noqa: E402
from firmware.app import App                        # noqa: E402
from firmware.table import TableScreen              # noqa: E402
from firmware.screens import ListScreen             # noqa: E402
from engine.crc import crc32                        # noqa: E402
from engine.stats import Stats                      # noqa: E402
from firmware.text import t                         # noqa: E402


class Rng:
    def __init__(self, s):
        self.s = s & 0x7FFFFFFF

    def next(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


rng = Rng(SEED)
COUNT = {}


def count(k):
    COUNT[k] = COUNT.get(k, 0) + 1


class Faults:
    fail = 0            # errno of the injected failure
    fail_n = 0          # write steps still to fail
    partial = False     # the failing step lands in part first
    cut = -1            # write steps before the power goes (-1: no cut)
    torn = False        # the step at the cut lands in part
    dead = False        # the power is gone: nothing lands
    read_fail = 0       # reads still to fail
    cut_hit = False
    erase_at_cut = False


F = Faults()


def gate():
    """Before a write step lands: raise (nothing lands), or True: land part of it, then raise."""
    if F.dead:
        raise OSError(5)
    if F.cut == 0:
        F.dead = True
        F.cut_hit = True
        count("cut mid-save" + (" torn" if F.torn else ""))
        if F.torn:
            return True
        raise OSError(5)
    if F.cut > 0:
        F.cut -= 1
    if F.fail_n:
        F.fail_n -= 1
        count("errno %d%s" % (F.fail, " partial" if F.partial else ""))
        if F.partial:
            return True
        raise OSError(F.fail)
    return False


def gate_read():
    if F.read_fail:
        F.read_fail -= 1
        count("read fail")
        raise OSError(5)


# ---- the nvm: a flash sector (erase-before-rewrite, page programs) -------------------------------
class Nvm:
    PAGE = 256

    def __init__(self, n=4096):
        self.mem = bytearray(b"\xff" * n)
        self.erasing = False

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, i):
        gate_read()
        return self.mem[i]

    def _program(self, at, values):
        if gate():                      # some bits programmed, not all
            for j in range(len(values)):
                self.mem[at + j] = values[j] | (rng.next(256) & ~values[j] & 0xFF)
            raise OSError(5 if F.dead else F.fail)
        self.mem[at:at + len(values)] = values

    def __setitem__(self, i, values):
        start, stop, _ = i.indices(len(self.mem))
        values = bytes(values)
        if len(values) != stop - start:
            raise ValueError("Slice and value different lengths.")
        if self.mem[start:stop] == b"\xff" * (stop - start):
            page = start - start % self.PAGE
            while page < stop:
                a, b = max(page, start), min(page + self.PAGE, stop)
                self._program(a, values[a - start:b - start])
                page += self.PAGE
            return
        image = bytearray(self.mem)
        image[start:stop] = values
        gate()
        self.mem[:] = b"\xff" * len(self.mem)
        count("erase")
        self.erasing = True
        for page in range(0, len(self.mem), self.PAGE):
            self._program(page, image[page:page + self.PAGE])
        self.erasing = False

    def image(self):
        return bytes(self.mem)


# ---- a folder: files, folders, and the steps of a file write -------------------------------------
class FakeFile:
    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = path
        self.mode = mode

    def __enter__(self):
        return self

    def __exit__(self, a, b, c):
        return False

    def read(self, n=-1):
        gate_read()
        d = self.fs.files[self.path]
        return d[:n] if n >= 0 else d

    def write(self, data):
        data = bytes(data)
        if gate():
            self.fs.files[self.path] = self.fs.files[self.path] + data[:rng.next(len(data) + 1)]
            raise OSError(5 if F.dead else F.fail)
        self.fs.files[self.path] = self.fs.files[self.path] + data
        return len(data)


class FakeFs:
    """os for hal.file_store, with MicroPython's errno numbers (ENOENT 2, EEXIST 17, EISDIR 21)."""

    def __init__(self):
        self.files = {}
        self.dirs = []

    def open(self, path, mode="r"):
        if path in self.dirs:
            raise OSError(21)
        if "w" in mode:
            if gate():
                self.files[path] = b""
                raise OSError(5 if F.dead else F.fail)
            self.files[path] = b""
        else:
            gate_read()
            if path not in self.files:
                raise OSError(2)
        return FakeFile(self, path, mode)

    def stat(self, path):
        """MicroPython's tuple: the mode, then the size at [6]."""
        if path not in self.dirs and path not in self.files:
            raise OSError(2)
        return (0x4000 if path in self.dirs else 0x8000, 0, 0, 0, 0, 0, len(self.files.get(path, b"")), 0, 0, 0)

    def mkdir(self, path):
        if path in self.dirs or path in self.files:
            raise OSError(17)
        self.dirs.append(path)

    def remove(self, path):
        if path in self.dirs:
            raise OSError(21)
        if gate():
            pass
        if path not in self.files:
            raise OSError(2)
        del self.files[path]

    def rename(self, a, b):
        if gate():          # a rename lands whole or not at all
            raise OSError(5 if F.dead else F.fail)
        if a not in self.files:
            raise OSError(2)
        if b in self.dirs:
            raise OSError(21)
        self.files[b] = self.files.pop(a)

    def image(self):
        out = b""
        for k in sorted(self.files):
            out += k.encode() + b"=" + self.files[k] + b";"
        return out + ",".join(sorted(self.dirs)).encode()


if MODE == "nvm":
    DEV = Nvm()
else:
    DEV = FakeFs()
    file_store.os = DEV
    file_store.open = DEV.open


def make_store():
    return NvmStore(DEV) if MODE == "nvm" else file_store.FileStore("/saves")


def hexs(b):
    return "".join(["%02x" % x for x in b])


def state():
    m = play.app.match
    if m is None:
        return "none"
    return "%d/%d %s %s %s" % (m.deal_number, m.deals, hexs(m.game.log), m.chips, m.scores)


def pstate():
    return hexs(play.app.stats.encode())


history = ["none"]
phistory = [hexs(Stats().encode())]
ok = [0, 0]
loose = [False]
settled = {}            # every settled deal's state held (a match's last one marked 2): a bound
notices = []


def held(s):
    """Mark a state held in the heap that settles a deal (and a match)."""
    m = play.app.match
    if m is not None and m.result is not None:
        settled[s] = 2 if m.over else 1


def counted_at_most_once():
    """The statistics count no more deals (matches) than were ever settled: after damage they
    may pair an older record's count with deals played since, never count one twice."""
    st = play.app.stats
    return st.deals <= len(settled) and st.matches <= len([1 for v in settled.values() if v == 2])


def note():
    """Record the state where the app waits, and whether its records were reported saved."""
    s, p = state(), pstate()
    held(s)
    history.append(s)
    phistory.append(p)
    saves = play.app.saves
    if not play.app.unsaved & 1 and saves.game not in saves.unread:
        ok[0] = len(history) - 1
    if not play.app.unsaved & 2 and saves.prefs not in saves.unread:
        ok[1] = len(phistory) - 1


def is_title():
    scr = play.app.screen
    return isinstance(scr, ListScreen) and scr.items and scr.items[0][0] == "new_game"


def settle():
    """Wait at the table for the human (the bots' moves replay)."""
    if isinstance(play.app.screen, TableScreen):
        play.my_turn()


def power_up(why, lenient=False):
    """Cut the power: a new HAL and app on the same store bytes. The resumed match and statistics
    must be ones seen since the last reported save (any seen at all, or none, after damage)."""
    erasing = MODE == "nvm" and DEV.erasing
    if MODE == "nvm":
        DEV.erasing = False
    F.dead = False
    F.cut = -1
    F.fail_n = 0
    app = play.app
    if app is not None:
        history.append(state())         # what the app held at the cut: a save may have landed
        phistory.append(pstate())
        for name in list(app.__dict__):
            setattr(app, name, None)
    play.hal = play.Badge(play.P.BOARD_ID)
    play.hal._store = make_store()
    play.app = App(play.hal)
    F.read_fail = 0
    shown = play.screen()
    notice = type(play.app.screen).__name__ == "PageScreen" and play.app.match is None
    if notice:
        count("notice")
        play.press(OK)
    settle()
    s, p = state(), pstate()
    held(s)
    unread = len(play.app.saves.unread)
    want_g = history[ok[0]:]
    want_p = phistory[ok[1]:]
    good = s in want_g and (p in want_p or loose[0])
    verdict = "ok"
    if not good:
        if lenient or erasing:
            older = (s in history or s == "none") and (p in phistory or counted_at_most_once())
            verdict = ("lost (damage)" if lenient else "lost (in an erase)") if older else "GARBAGE"
            if not older:
                print("  GARBAGE: got", s[:80], p, s in history, p in phistory)
        else:
            verdict = "LOST"
            if MODE == "file":
                for k in sorted(DEV.files):
                    print("  file", k, len(DEV.files[k]), hexs(DEV.files[k][:6]))
                print("  dirs", DEV.dirs)
            count("LOST")
            print("  LOST: got", s[:60], "wanted one of", [x[:60] for x in want_g][-3:],
                  s in want_g, p in want_p, p, want_p[-2:], ok, len(phistory),
                  [i for i in range(len(phistory)) if phistory[i] == p][-3:])
    # statistics reset in the heap while their record could not be read: the flash's, with a
    # deal settled since counted at a later power-up, were never in the heap to compare with
    loose[0] = play.app.saves.prefs in play.app.saves.unread
    count("power-up " + verdict)
    print("power-up [%s] %s unread=%d notice=%s screen=%s" % (why, verdict, unread, bool(notice), shown[:100]))
    history.append(s)
    phistory.append(p)
    if not unread and not lenient:
        ok[0] = len(history) - 1
        ok[1] = len(phistory) - 1


def damage(kind):
    if MODE == "nvm":
        mem = DEV.mem
        end = len(mem)
        while end > 0 and mem[end - 1] == 255:
            end -= 1
        if end == 0:
            return
        at = rng.next(end)
        if kind == "flip":
            mem[at] ^= 1 << rng.next(8)
        else:                       # the journal's tail erased
            for j in range(at, end):
                mem[j] = 255
    else:
        names = sorted(DEV.files)
        if not names:
            return
        name = names[rng.next(len(names))]
        d = bytearray(DEV.files[name])
        if not d:
            return
        if kind == "flip":
            at = rng.next(len(d))
            d[at] ^= 1 << rng.next(8)
        else:
            d = d[:rng.next(len(d))]
        DEV.files[name] = bytes(d)
    count(kind)


def advance():
    """One step: a decision at the table, or OK on any other screen, or a new game at the title."""
    app = play.app
    scr = app.screen
    if is_title():
        play.choose(t("new_game"))
        play.press(OK)
        return "new game"
    if isinstance(scr, TableScreen):
        play.my_turn()
        if play.app.screen.g.over:
            play.press(OK)
            return "over"
        play.play()
        return "play"
    play.press(OK)
    return "ok"


play.start(BOARD, ROOT + "/firmware/fonts")
print("runtime:", play.runtime)
power_up("first")
ERRNOS = (28, 30, 5, 17, 21)
for step in range(STEPS):
    settle()
    note()
    r = rng.next(100)
    act = "-"
    cut_after = False
    lenient = False
    if play.app.screen.__class__ is TableScreen and not play.app.screen.g.over:
        if r < 15:
            F.fail = ERRNOS[rng.next(len(ERRNOS))]
            F.fail_n = 1 + rng.next(3)
            F.partial = False
            act = "errno %d x%d" % (F.fail, F.fail_n)
        elif r < 22:
            F.fail = (28, 5)[rng.next(2)]
            F.fail_n = 1
            F.partial = True
            act = "partial %d" % F.fail
        elif r < 32:
            F.cut = rng.next(10)
            F.torn = bool(rng.next(2))
            F.cut_hit = False
            cut_after = True
            act = "cut mid-save after %d%s" % (F.cut, " torn" if F.torn else "")
    elif r < 10:
        F.fail = ERRNOS[rng.next(len(ERRNOS))]
        F.fail_n = 1 + rng.next(2)
        F.partial = False
        act = "errno %d x%d" % (F.fail, F.fail_n)
    if 32 <= r < 40:
        power_up("clean cut")
        continue
    if 40 <= r < 45:
        F.read_fail = 1 + rng.next(4)
        power_up("read fail x%d" % F.read_fail, True)
        continue
    if 45 <= r < 50 or 50 <= r < 53:
        kind = "flip" if r < 50 else "truncate"
        damage(kind)
        power_up(kind, True)
        continue
    if MODE == "file" and 53 <= r < 55:
        name = "/saves/game.%d" % rng.next(2)
        if name not in DEV.dirs:
            DEV.files.pop(name, None)
            DEV.dirs.append(name)
            count("folder in a slot's way")
            power_up("folder in the way", True)
            continue
    did = advance()
    F.fail_n = 0
    F.partial = False
    if cut_after:
        F.cut = -1
        if F.cut_hit:
            power_up("cut mid-save")
            continue
        F.dead = False
    if MODE == "file" and DEV.dirs and rng.next(8) == 0:
        DEV.dirs.pop()
    app = play.app
    assert app.screen is not None
    print("%d %s %s unsaved=%d ok=%s state=%s store=%04x%04x"
          % ((step, act, did, app.unsaved, ok, state()[:40]) + crc32(DEV.image())))
settle()
note()
power_up("last")
for k in sorted(COUNT):
    print("count", k, COUNT[k])
print("done")
