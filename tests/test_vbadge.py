"""The virtual badge behaves like a MicroPython board on a serial port (tools/vbadge.py)."""
import os
import stat
import time

import pytest

from tools.vbadge import VBadge
from vbadgehelp import mpremote, needs_vbadge

pytestmark = needs_vbadge

serial = pytest.importorskip("serial")


class Term:
    """A raw serial session with the badge."""

    def __init__(self, port):
        self.s = serial.Serial(port, timeout=0.1)

    def read_until(self, ending, timeout=10):
        data = b""
        deadline = time.monotonic() + timeout
        while not data.endswith(ending):
            if time.monotonic() > deadline:
                raise AssertionError("timeout waiting for %r; got %r" % (ending, data))
            data += self.s.read(1)
        return data

    def write(self, data):
        self.s.write(data)

    def raw(self):
        self.write(b"\r\x03\r\x01")
        self.read_until(b"raw REPL; CTRL-B to exit\r\n>")

    def exec(self, code):
        self.write(code.encode() + b"\x04")
        assert self.read_until(b"OK", timeout=10).endswith(b"OK")
        out = self.read_until(b"\x04")[:-1]
        err = self.read_until(b"\x04")[:-1]
        self.read_until(b">")
        return out.decode(), err.decode()

    def soft_reset(self):
        """Ctrl-D in the raw REPL: a fresh interpreter, back at the raw prompt."""
        self.write(b"\x04")
        self.read_until(b"soft reboot\r\n")
        self.read_until(b"raw REPL; CTRL-B to exit\r\n>")

    def close(self):
        self.s.close()


# e(f, *a): what f(*a) returns, or "E<errno>" for the OSError it raises
ERRNO_OF = ("import os\n"
            "def e(f, *a):\n"
            "    try:\n        return f(*a)\n    except OSError as x:\n        return 'E%d' % x.args[0]\n")


def on_badge(port, code):
    """(out, err) of code run in the badge's raw REPL."""
    t = Term(port)
    try:
        t.raw()
        return t.exec(code)
    finally:
        t.close()


@pytest.fixture
def badge(tmp_path):
    b = VBadge(tmp_path / "flash")
    yield b
    b.stop()


def test_first_line_is_the_pty_and_the_repl_names_the_board(badge):
    assert stat.S_ISCHR(os.stat(badge.port).st_mode)
    t = Term(badge.port)
    try:
        start = b""
        while True:                     # the start-up banner, kept for the first to connect
            chunk = t.s.read(256)
            if not chunk:
                break
            start += chunk
        assert b"vbadge with WebAssembly" in start and start.endswith(b">>> "), start
        t.write(b"\x02")                # Ctrl-B: the friendly REPL prints its banner
        banner = t.read_until(b">>> ")
        assert b"vbadge" in banner and b"MicroPython" in banner
        t.write(b"6*7\r")
        assert b"42" in t.read_until(b">>> ")
    finally:
        t.close()


def raw_paste(t, code):
    """Run code in raw-paste mode as mpremote does (after the badge's "R\\x01" and its window,
    no more than a window's bytes until it frees another); (out, err)."""
    t.write(b"\x05A\x01")
    assert t.s.read(2) == b"R\x01"
    window = int.from_bytes(t.s.read(2), "little")
    assert window == 128
    room = window
    data = code.encode()
    while data:
        while room == 0 or t.s.in_waiting:
            got = t.s.read(1)
            assert got == b"\x01", got
            room += window
        n = min(room, len(data))
        t.write(data[:n])
        data, room = data[n:], room - n
    t.write(b"\x04")
    tail = t.read_until(b"\x04")                 # the end acknowledged (after the windows freed)
    assert tail.strip(b"\x01") == b"\x04", tail
    out = t.read_until(b"\x04")[:-1]
    err = t.read_until(b"\x04")[:-1]
    assert t.read_until(b">") == b">"
    return out.decode(), err.decode()


def test_raw_paste_runs_code_with_a_board_s_flow_control_and_reports_micropython(badge):
    """mpremote (and tools.flash through it) sends code in raw-paste mode where the board offers
    it, as MicroPython and CircuitPython boards do; the badge declined it, so the tests ran only
    the plain raw mode's path, 256 bytes each 10 ms."""
    t = Term(badge.port)
    try:
        t.raw()
        out, err = raw_paste(t, "import sys, os\nprint(sys.implementation.name, os.uname().machine)")
        assert (out.strip(), err) == ("micropython vbadge with WebAssembly", "")
        big = "x = %r\nprint(len(x))\n" % ("y" * 5000)         # many windows
        assert raw_paste(t, big) == ("5000\r\n", "")
        out, err = raw_paste(t, "print(1)\nraise OSError(28)")       # its error, as the raw REPL's
        assert out == "1\r\n" and "OSError: 28" in err, err
        assert raw_paste(t, "") == ("", "")
        out, err = t.exec("print(6 * 7)")                       # plain raw mode still works
        assert (out.strip(), err) == ("42", "")
    finally:
        t.close()


def test_a_ctrl_c_in_raw_paste_abandons_the_code(badge):
    t = Term(badge.port)
    try:
        t.raw()
        t.write(b"\x05A\x01")
        assert t.s.read(5) == b"R\x01\x80\x00\x01"
        t.write(b"print('never')\x03")
        assert t.read_until(b">") == b"\x04\x04KeyboardInterrupt: \r\n\x04>"
        assert raw_paste(t, "print(7)") == ("7\r\n", "")
    finally:
        t.close()
    assert badge.proc.poll() is None


@pytest.mark.parametrize("typed", [b"\x05x", b"\x05Ax", b"\x05\x05"])
def test_a_ctrl_e_in_the_raw_repl_that_asks_no_raw_paste_is_typed_as_it_is(badge, typed):
    """A Ctrl-E at the start of a raw REPL line followed by anything but "A\x01" (a Ctrl-E to
    paste, out of friendly-REPL habit, on a badge a flash left in its raw REPL) was held back
    and fed again forever: Node died of "Maximum call stack size exceeded". Like a board, it
    takes the bytes as the line's, which Ctrl-C clears."""
    t = Term(badge.port)
    try:
        t.raw()
        t.write(typed + b"\x03")
        out, err = t.exec("print(6 * 7)")
        assert (out.strip(), err) == ("42", "")
    finally:
        t.close()
    assert badge.proc.poll() is None


def test_soft_reset_gives_a_fresh_interpreter_with_the_same_flash(badge):
    t = Term(badge.port)
    try:
        t.raw()
        t.exec("x = 1\nf = open('/keep.txt', 'w')\nf.write('kept')\nf.close()")
        t.soft_reset()
        out, err = t.exec("print('x' in globals(), open('/keep.txt').read())")
        assert out.strip() == "False kept"
    finally:
        t.close()
    assert (badge.flash_dir / "keep.txt").read_text() == "kept"


def test_file_errors_carry_micropython_errno(badge):
    out, _ = on_badge(badge.port, ERRNO_OF +
                      "os.mkdir('/d')\n"
                      "open('/a', 'w').close()\n"
                      "open('/b', 'w').close()\n"
                      "print(e(os.stat, '/missing'), e(open, '/no/such', 'w'), e(os.mkdir, '/d'), e(open, '/d'),"
                      " e(os.rename, '/a', '/b'), e(os.rename, '/a', '/d'), e(os.rename, '/a', '/c'))")
    # a rename never replaces (FAT's, a CircuitPython drive's): tools.flash and the file
    # store remove the old file first, which littlefs (where rename replaces) takes too
    assert out.split() == ["E2", "E2", "E17", "E21", "E17", "E17", "None"]


def test_files_read_write_and_seek_as_on_a_board(badge):
    """A program's files on the badge behave as on a board, with MicroPython's errno numbers:
    every open mode, reading by lines and into a buffer, seeking from either end, folders and
    the current folder. Where a board's littlefs and a CircuitPython drive's FAT differ, it
    refuses as the stricter does (a folder removed as a file, a file as a folder), so what the
    flashing tests pass here is not kinder than a board."""
    out, err = on_badge(
        badge.port, ERRNO_OF +
        "def text(p):\n    with open(p) as f:\n        return f.read()\n"
        "open('/f', 'w').write('ab')\n"
        "f = open('/f', 'a'); f.write('cd'); n = f.tell(); f.close()\n"
        "f = open('/f', 'a+'); f.write('e'); f.seek(0)\n"
        "print(f.read(), n, f.tell()); f.close()\n"
        "f = open('/f', 'r+'); f.write('X'); f.close()\n"
        "print(text('/f'), e(open, '/f', 'x'), e(open('/f').write, 'y'))\n"
        "f = open('/g', 'x'); f.write('new'); f.close()\n"
        "f = open('/g', 'w+'); f.write('one\\ntwo\\nthree'); f.seek(0)\n"
        "print(repr(f.readline()), list(f), f.tell()); f.close()\n"
        "f = open('/f', 'rb'); b = bytearray(3)\n"
        "print(f.readinto(b), bytes(b), f.seek(-2, 2), f.read(), f.seek(1), f.seek(1, 1), f.read(9),"
        " e(f.seek, -9, 1)); f.close()\n"
        "os.mkdir('/d'); os.chdir('/d'); open('x', 'w').close()\n"
        "print(os.getcwd(), os.listdir(), os.stat('x')[6], os.stat('/d')[6], e(os.chdir, '/f'))\n"
        "os.chdir('/'); open('/c', 'w').close()\n"
        "print(os.listdir(), e(os.listdir, '/f'), e(os.remove, '/d'), e(os.rmdir, '/f'))\n")
    assert err == ""
    assert out.split("\r\n")[:-1] == [
        "abcde 4 5",
        "Xbcde E17 E9",
        "'one\\n' ['two\\n', 'three'] 13",
        "3 b'Xbc' 3 b'de' 1 2 b'cde' E22",
        "/d ['x'] 0 0 E20",
        "['c', 'd', 'f', 'g'] E20 E21 E20"], out


def test_mpremote_copies_lists_and_reads_files(badge, tmp_path):
    src = tmp_path / "hello.py"
    src.write_text("print('hello from the flash')\n")
    assert mpremote(badge.port, "fs", "cp", str(src), ":hello.py").returncode == 0
    assert (badge.flash_dir / "hello.py").read_text() == src.read_text()
    r = mpremote(badge.port, "resume", "fs", "ls")
    assert "hello.py" in r.stdout
    r = mpremote(badge.port, "resume", "exec", "import hello")
    assert r.stdout.strip() == "hello from the flash"
    r = mpremote(badge.port, "resume", "fs", "cat", ":missing.txt")
    assert r.returncode != 0 and "No such file" in (r.stdout + r.stderr)


def test_files_outlive_a_restart(tmp_path):
    flash = tmp_path / "flash"
    with VBadge(flash) as b:
        assert mpremote(b.port, "exec", "open('/note.txt', 'w').write('still here')").returncode == 0
    with VBadge(flash) as b:
        r = mpremote(b.port, "exec", "print(open('/note.txt').read())")
        assert r.stdout.strip() == "still here"


def test_quota_shows_in_statvfs_and_a_full_flash_says_enospc(tmp_path):
    """--quota is the flash's size in whole 4 KB blocks (littlefs's on rp2), files in folders
    take their blocks too, and a write past the last block fails with ENOSPC, keeping what fitted.
    A flash already fuller than its quota has no room, not a negative amount."""
    flash = tmp_path / "flash"
    (flash / "d").mkdir(parents=True)
    (flash / "d" / "old").write_bytes(bytes(5000))              # 2 blocks, in a folder
    with VBadge(flash, quota=64 * 1024 + 1000) as b:
        t = Term(b.port)
        try:
            t.raw()
            out, _ = t.exec("import os\ns = os.statvfs('/')\nprint(s[0], s[2], s[4])")
            assert out.split() == ["4096", "16", "14"]
            out, err = t.exec("f = open('/big', 'wb')\nfor i in range(20):\n    f.write(bytes(4096))\n")
            assert "OSError" in err and "28" in err
            out, _ = t.exec("f.close()\nprint(os.statvfs('/')[4], os.stat('/big')[6])")
            assert out.split() == ["0", str(14 * 4096)]
        finally:
            t.close()
    with VBadge(flash, quota=8192) as b:
        r = mpremote(b.port, "exec", "import os; print(os.statvfs('/')[3:5])")
        assert r.stdout.strip() == "(0, 0)"


def test_readonly_flash_says_erofs(tmp_path):
    """--readonly refuses every change with EROFS, as a CIRCUITPY drive a computer has mounted:
    no file written, made, removed or renamed, no folder made or removed."""
    flash = tmp_path / "flash"
    (flash / "d").mkdir(parents=True)
    (flash / "a").write_text("kept")
    with VBadge(flash, readonly=True) as b:
        r = mpremote(b.port, "exec", "open('/x', 'w')")
        assert r.returncode != 0 and ("EROFS" in r.stdout + r.stderr or "30" in r.stdout + r.stderr)
        r = mpremote(b.port, "exec", ERRNO_OF +
                     "print(e(os.mkdir, '/n'), e(os.rmdir, '/d'), e(os.remove, '/a'), e(os.rename, '/a', '/b'),"
                     " e(open, '/a', 'a'), open('/a').read())")
        assert r.stdout.split() == ["E30"] * 5 + ["kept"], r.stdout + r.stderr
    assert sorted(os.listdir(flash)) == ["a", "d"] and (flash / "a").read_text() == "kept"


def test_boot_py_runs_at_every_start_and_a_failing_one_is_said(tmp_path):
    """Like a board, the badge runs boot.py from its flash when it starts and at every soft
    reset; a boot.py that fails (this project's, on a board without its modules) is printed
    as "boot.py: ..." and the REPL still answers."""
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "boot.py").write_text("open('/boots', 'a').write('x')\n")
    with VBadge(flash) as b:
        t = Term(b.port)
        try:
            t.raw()
            t.soft_reset()
            out, _ = t.exec("print(open('/boots').read())")
            assert out.strip() == "xx"
        finally:
            t.close()
    (flash / "boot.py").write_text("raise ValueError('no storage here')\n")
    with VBadge(flash) as b:
        t = Term(b.port)
        try:
            start = t.read_until(b">>> ")
            assert b"boot.py: " in start and b"ValueError: no storage here\r\n" in start, start
            t.write(b"6*7\r")
            assert b"42" in t.read_until(b">>> ")
        finally:
            t.close()


def test_the_smallest_heap_allowed_starts_a_badge(tmp_path):
    """--heapsize MIN_HEAP is the floor, not below it: the badge starts and runs code."""
    from tools.vbadge import MIN_HEAP
    with VBadge(tmp_path / "flash", heapsize=MIN_HEAP) as b:
        assert mpremote(b.port, "exec", "print(6 * 7)").stdout.strip() == "42"


def test_the_flash_options_reach_the_interpreter_as_given():
    """flash_options is what both VBadge and the command line hand tools/vbadge.mjs: every
    option given is passed on (the heap size cannot be seen from inside: the WebAssembly heap
    grows on demand), none that is not."""
    from tools.vbadge import flash_options
    assert flash_options("/f") == ["--flash-dir", "/f"]
    assert flash_options("/f", quota=65536, readonly=True, heapsize=2048) == [
        "--flash-dir", "/f", "--quota", "65536", "--readonly", "--heapsize", "2048"]


def test_ctrl_c_ends_the_badge_quietly_and_a_slow_start_is_said(tmp_path):
    """Ctrl+C in the badge's terminal (SIGINT) ends it with status 0 and no traceback, its
    interpreter with it; a badge that does not announce its port in time is stopped and said."""
    import signal
    # started as from a terminal where Ctrl+C works: a test run in the background (CI's shell)
    # passes SIGINT on ignored, which a child keeps; a handler of ours is reset to the default
    was = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        b = VBadge(tmp_path / "flash")
    finally:
        signal.signal(signal.SIGINT, was)
    os.kill(b.proc.pid, signal.SIGINT)
    assert b.proc.wait(10) == 0
    assert b.proc.stderr.read() == b""
    b.stop()
    with pytest.raises(RuntimeError, match="did not announce its port in time"):
        VBadge(tmp_path / "slow", timeout=0.01)
    # and the slow one is not left running with its flash open
    for entry in os.listdir("/proc"):
        try:
            with open("/proc/%s/cmdline" % entry, "rb") as f:
                assert str(tmp_path / "slow").encode() not in f.read(), entry
        except OSError:
            continue


def test_a_badge_nobody_reads_keeps_only_its_newest_output(badge):
    """Output the terminal does not take is held up to OUT_LIMIT bytes, the oldest dropped: a
    program printing 2 MB to a terminal nobody reads leaves its end (and the prompt) to read, not
    the 2 MB kept in the badge's memory."""
    t = Term(badge.port)
    try:
        t.raw()
        t.write(b"for i in range(2000): print('y' * 1000, end='')\n"    # in pieces, as
                b"print('end')\nopen('/done', 'w').close()\x04")           # a board's heap allows
        deadline = time.monotonic() + 60
        while not (badge.flash_dir / "done").exists():     # printed in full, not yet read
            assert time.monotonic() < deadline, "the print never finished"
            time.sleep(0.1)
        out = b""
        while not out.endswith(b"\x04\x04>"):                # what is left, in big reads
            assert time.monotonic() < deadline, len(out)
            out += t.s.read(65536)
        assert b"yend\r\n\x04" in out and len(out) < 1000000, len(out)
    finally:
        t.close()


def interpreter(b):
    """The pid of badge b's interpreter: its one child process (Linux /proc)."""
    pid = b.proc.pid
    node = [int(c) for c in open("/proc/%d/task/%d/children" % (pid, pid)).read().split()]
    assert len(node) == 1
    return node[0]


def test_a_badge_told_to_stop_ends_quietly_and_its_interpreter_with_it(tmp_path):
    """SIGTERM to the badge alone (a `kill` from a shell, not its whole process group) ends it
    with status 0, and its interpreter is gone by then, not left running with the flash open."""
    import signal
    b = VBadge(tmp_path / "flash")
    try:
        node = interpreter(b)
        os.kill(b.proc.pid, signal.SIGTERM)
        assert b.proc.wait(10) == 0
        assert b.proc.stderr.read() == b""
        with pytest.raises(ProcessLookupError):
            os.kill(node, 0)
    finally:
        b.stop()


def test_a_badge_whose_interpreter_dies_ends_with_it(tmp_path):
    """The interpreter killed (Node out of memory, say): the badge ends with its status rather
    than go on serving a terminal nobody answers."""
    import signal
    b = VBadge(tmp_path / "flash")
    try:
        os.kill(interpreter(b), signal.SIGKILL)
        assert b.proc.wait(10) == -signal.SIGKILL & 0xFF
    finally:
        b.stop()


def test_an_interpreter_that_dies_at_start_is_said(tmp_path):
    """Node ending before the MicroPython banner (here refusing its flash folder, a file) is one
    line, not a badge waiting on a silent terminal."""
    from tools.vbadge import serve
    (tmp_path / "flash").write_text("a file")
    with pytest.raises(SystemExit, match="^vbadge: the MicroPython interpreter exited at start$"):
        serve(tmp_path / "flash", announce=lambda port: None)


def test_a_client_that_sets_nothing_gets_the_repl_s_own_bytes(badge):
    """The terminal is raw from the start: a client that sets no terminal mode (`cat` and
    `echo` from a shell) gets the badge's bytes as they are, and the badge never hears its own
    output echoed back as typing."""
    fd = os.open(badge.port, os.O_RDWR | os.O_NOCTTY)
    try:
        os.write(fd, b"print(6*7)\r")
        got = b""
        deadline = time.monotonic() + 10
        while not got.endswith(b"42\r\n>>> "):
            assert time.monotonic() < deadline, got
            got += os.read(fd, 4096)
        assert got.endswith(b"for more information.\r\n>>> print(6*7)\r\n42\r\n>>> "), got
    finally:
        os.close(fd)


def test_the_largest_heap_allowed_starts_a_badge(tmp_path):
    """--heapsize MAX_HEAP is the ceiling, not above it: the badge starts and runs code."""
    from tools.vbadge import MAX_HEAP
    with VBadge(tmp_path / "flash", heapsize=MAX_HEAP) as b:
        assert mpremote(b.port, "exec", "print(6 * 7)").stdout.strip() == "42"


def test_a_flash_folder_whose_parents_are_missing_is_made_with_them(tmp_path):
    """--flash-dir (and VBadge's folder) may name a folder several levels down that is not there
    yet: it is made with its parents, as `mkdir -p` would; a badge stopped leaves no pipe open."""
    import signal
    import subprocess
    import sys
    from vbadgehelp import ROOT
    with VBadge(tmp_path / "new" / "flash") as b:
        assert stat.S_ISCHR(os.stat(b.port).st_mode)
    assert b.proc.stdout.closed and b.proc.stderr.closed
    cli = subprocess.Popen([sys.executable, "-m", "tools.vbadge", "--flash-dir",
                            str(tmp_path / "cli" / "flash")], cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        port = cli.stdout.readline().decode().strip()
        assert port and stat.S_ISCHR(os.stat(port).st_mode), cli.stderr.read()
        assert (tmp_path / "cli" / "flash").is_dir()
    finally:
        os.killpg(cli.pid, signal.SIGTERM)
        cli.wait(10)
        cli.stdout.close()
        cli.stderr.close()
