"""The virtual badge: a real MicroPython behind a pseudo-terminal, for testing the flashing path.

    python -m tools.vbadge --flash-dir DIR [--quota BYTES] [--readonly] [--heapsize BYTES]

The first line printed is the device path of the pseudo-terminal (e.g. ``/dev/pts/3``); point
mpremote or ``python -m tools.flash --port`` at it. The badge runs until it is killed (or Ctrl-C).

What sits behind the terminal is the official MicroPython WebAssembly build (npm
``@micropython/micropython-webassembly-pyscript``) run by Node through ``tools/vbadge.mjs``:

- it speaks the friendly REPL and the raw REPL; Ctrl-D on an empty line soft-resets it (a fresh
  interpreter, the same flash, ``boot.py`` run again; ``main.py``/``code.py`` are never run);
- it speaks raw-paste mode, with a board's flow control (a 128-byte window), as mpremote uses it
  on MicroPython and CircuitPython boards (plain raw mode works too);
- its filesystem is the host folder DIR, so files outlive a reset or a restart, file errors carry
  MicroPython's errno numbers, ``--quota`` caps the space (``os.statvfs`` reports it, writes past
  it fail with ENOSPC) and ``--readonly`` makes writes fail with EROFS like a CIRCUITPY drive that a
  computer has mounted; a rename over an existing file fails with EEXIST, as FAT's does (a
  CIRCUITPY drive; MicroPython's littlefs would replace the file), so what works here works on both;
- it names itself ``vbadge with WebAssembly`` in ``os.uname().machine`` and in its banner.

It is not a model of a real RP2040: no ``machine`` module, no display or buttons, a long-running
program cannot be interrupted with Ctrl-C (the interpreter runs on Node's only thread), and the
heap starts at 256 KB but the WebAssembly build grows it on demand, unlike a board's. There is no real hardware in CI; this is how the hardware path is tested.

Tests use :class:`VBadge`::

    with VBadge(flash_dir) as badge:
        subprocess.run(["mpremote", "connect", badge.port, "resume", "fs", "ls"])
"""

from __future__ import annotations

import argparse
import errno
import os
import selectors
import shutil
import signal
import subprocess
import sys
import termios
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.args import folder   # noqa: E402

HELPER = ROOT / "tools" / "vbadge.mjs"
WASM = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
OUT_LIMIT = 1 << 16  # bytes kept for the terminal while nobody reads it; older output is dropped
MIN_HEAP = 1024      # --heapsize floor; the WebAssembly build fails below about 80 bytes
MAX_HEAP = 1 << 30   # --heapsize ceiling; from 2**31 - 1 the WebAssembly build dies at start with Node's stack trace


def node_command(flash_dir, quota=0, readonly=False, heapsize=None):
    node = shutil.which("node")
    if node is None:
        raise SystemExit("vbadge: Node.js is not installed (it runs the MicroPython WebAssembly build)")
    if not WASM.exists():
        raise SystemExit("vbadge: the MicroPython WebAssembly build is missing; run `npm install`")
    return [node, str(HELPER)] + flash_options(flash_dir, quota, readonly, heapsize)


def flash_options(flash_dir, quota=0, readonly=False, heapsize=None):
    """The command-line options that describe a virtual badge's flash."""
    opts = ["--flash-dir", str(flash_dir)]
    if quota:
        opts += ["--quota", str(int(quota))]
    if readonly:
        opts.append("--readonly")
    if heapsize:
        opts += ["--heapsize", str(int(heapsize))]
    return opts


def serve(flash_dir, quota=0, readonly=False, heapsize=None, announce=print):
    """Open a pty, start the interpreter, and relay bytes until the interpreter exits."""
    cmd = node_command(flash_dir, quota, readonly, heapsize)
    master, slave = os.openpty()
    tty.setraw(slave, termios.TCSANOW)
    # Keep our own handle on the slave side open, so the pty survives clients coming and going.
    port = os.ttyname(slave)
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    os.set_blocking(master, False)
    sel = selectors.DefaultSelector()
    sel.register(master, selectors.EVENT_READ, "pty")
    sel.register(proc.stdout, selectors.EVENT_READ, "node")
    pending = bytearray()   # interpreter output not yet taken by the pty
    try:
        # Announce the port once the interpreter is up (its banner is the first thing it says).
        ready = selectors.DefaultSelector()
        ready.register(proc.stdout, selectors.EVENT_READ)
        if not ready.select(timeout=60):
            raise SystemExit("vbadge: the MicroPython interpreter did not start")
        first = os.read(proc.stdout.fileno(), 65536)
        if not first:
            raise SystemExit("vbadge: the MicroPython interpreter exited at start")
        pending += first
        announce(port)
        while True:
            for key, _ in sel.select(timeout=0.05 if pending else None):
                if key.data == "pty":
                    try:
                        data = os.read(master, 4096)
                    except OSError as e:
                        if e.errno in (errno.EAGAIN, errno.EIO):
                            continue
                        raise
                    if data:
                        proc.stdin.write(data)
                        proc.stdin.flush()
                else:
                    data = os.read(proc.stdout.fileno(), 65536)
                    if not data:
                        return proc.wait()
                    pending += data
            if pending:
                try:
                    n = os.write(master, pending)
                    del pending[:n]
                except OSError as e:
                    if e.errno not in (errno.EAGAIN, errno.EIO):
                        raise
                if len(pending) > OUT_LIMIT:
                    del pending[:-OUT_LIMIT]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
        os.close(slave)


class VBadge:
    """A virtual badge in a child process, for tests: ``port`` is its pty; ``stop()`` ends it."""

    def __init__(self, flash_dir, quota=0, readonly=False, heapsize=None, timeout=60.0):
        self.flash_dir = Path(flash_dir)
        self.flash_dir.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "tools.vbadge"] + flash_options(
            self.flash_dir, quota, readonly, heapsize)
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     start_new_session=True)
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        line = b""
        deadline = time.monotonic() + timeout
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not sel.select(left):
                self.stop()
                raise RuntimeError("vbadge did not announce its port in time")
            chunk = os.read(self.proc.stdout.fileno(), 1)
            if not chunk:
                err = self.proc.stderr.read().decode(errors="replace")
                self.stop()
                raise RuntimeError("vbadge exited at start: " + err)
            line += chunk
        self.port = line.decode().strip()

    def stop(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        for f in (self.proc.stdout, self.proc.stderr):
            if f:
                f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.vbadge", description=__doc__.split("\n\n")[0])
    ap.add_argument("--flash-dir", required=True, type=folder, metavar="DIR", help="host folder used as the badge's flash")
    ap.add_argument("--quota", type=int, default=0, metavar="BYTES", help="size of the flash in bytes (default: 16 MB)")
    ap.add_argument("--readonly", action="store_true", help="refuse writes with EROFS")
    ap.add_argument("--heapsize", type=int, default=None, metavar="BYTES",
                    help="MicroPython heap to start with, in bytes, %d to %d (default 256 KB; "
                    "it grows on demand)" % (MIN_HEAP, MAX_HEAP))
    args = ap.parse_args(argv)
    args.flash_dir = Path(args.flash_dir)
    if args.heapsize is not None and args.heapsize < MIN_HEAP:
        ap.error("--heapsize must be at least %d bytes" % MIN_HEAP)
    if args.heapsize is not None and args.heapsize > MAX_HEAP:
        ap.error("--heapsize must be at most %d bytes (1 GB; a badge has 264 KB of RAM)" % MAX_HEAP)
    if args.quota < 0:
        ap.error("--quota: the flash's size in bytes, or 0 for 16 MB")
    try:
        args.flash_dir.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        ap.error("--flash-dir %s is a file, not a folder" % args.flash_dir)
    except OSError as e:
        ap.error("cannot make the --flash-dir folder %s: %s" % (args.flash_dir, e.strerror))
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))

    def announce(port):
        print(port, flush=True)

    try:
        return serve(args.flash_dir, args.quota, args.readonly, args.heapsize, announce)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
