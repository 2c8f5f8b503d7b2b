"""The command-line tools refuse bad arguments with one argparse line (exit 2), no traceback."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT, full_disk, full_disk_here


def run(tool, *args, **popen):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for quiet in ("PYGAME_HIDE_SUPPORT_PROMPT", "BLINKA_FORCECHIP"):   # as a shell has them: the
        env.pop(quiet, None)         # simulator package sets them in this process for its imports
    return subprocess.run([sys.executable, "-m", "tools." + tool, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, **popen)


def refused(tool, *args):
    """The error line of a refused command line."""
    r = run(tool, *args)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith("usage: python -m tools." + tool), r.stderr
    line = r.stderr.strip().splitlines()[-1]
    assert line.startswith("python -m tools.%s: error: " % tool), r.stderr
    return line


@pytest.mark.parametrize("seats, what", [("easy,foo", "unknown level 'foo'"), ("", "empty seat"),
                                         (",,", "empty seat")])
def test_tournament_names_the_levels_for_a_bad_seat(seats, what):
    line = refused("tournament", "--deals", "2", "--seats", seats)
    assert "argument --seats: " + what in line and "easy, medium, hard" in line


@pytest.mark.parametrize("option, value", [("--deals", "0"), ("--deals", "-3"),
                                           ("--workers", "-2"), ("--workers", "0")])
def test_tournament_counts_must_be_positive(option, value):
    line = refused("tournament", option, value)
    assert "argument %s: must be at least 1, not %s" % (option, value) in line


def test_tournament_budget_0_is_hard_without_search_and_below_is_refused(monkeypatch):
    """As in tools.compare, budget 0 is Hard's best-scored card with no search: no playout runs
    (budget 1 plays some)."""
    from engine import bots
    from tools import tournament as T
    assert "argument --budget: must be 0 or more, not -5" in refused("tournament", "--budget", "-5")
    played = []
    real = bots.Bot._playout

    def playout(self, g):
        played.append(1)
        return real(self, g)
    monkeypatch.setattr(bots.Bot, "_playout", playout)
    res = T.tournament("sevens", ["hard", "easy"], 2, seed=3, budget=0)
    assert res["results"]["hard"]["games"] == 8 and not played
    T.tournament("sevens", ["hard", "easy"], 2, seed=3, budget=1)
    assert played


@pytest.mark.parametrize("tool, args, message", [
    ("tournament", ["--budget", "50001"], "argument --budget: at most 50000 plies (100 times the badge's 500), "
                                          "not 50001"),
    ("tournament", ["--budget", "10" * 10], "argument --budget: at most 50000 plies"),
    ("compare", ["--budgets", "0,50001"], "argument --budgets: '0,50001': give 2 comma-separated whole "
                                          "numbers, each 0 or more and 50000 or less"),
])
def test_a_budget_past_100_times_the_badge_s_is_refused(tool, args, message):
    """QA: --budget 1010101010 was taken, and each of Hard's decisions then searched for hours."""
    assert message in refused(tool, *args)


@pytest.mark.parametrize("tool, option, most", [("distill", "--rollouts", 3200), ("tune", "--iterations", 8000),
                                                ("lookahead", "--worlds", 10000)])
def test_work_past_100_times_a_tool_s_default_is_refused(tool, option, most):
    """As --budget: --rollouts, --iterations and --worlds took any size, so a mistyped 10**10
    would run on for days without a word; now up to 100 times the default, past what
    docs/strength.md's research used."""
    for value in (str(most + 1), "1" + "0" * 10):
        assert "argument %s: at most %d (100 times the default %d), not %s" % (
            option, most, most // 100, value) in refused(tool, option, value)


@pytest.mark.parametrize("tool, value", [("tournament", "1" + "0" * 20), ("tournament", "1000001"),
                                         ("compare", "1000001"), ("distill", "1000001"),
                                         ("lookahead", "1000001"), ("tune", "1000001")])
def test_more_than_a_million_deals_are_refused(tool, value):
    """QA: tools.tournament --deals 100000000000000000000 listed its chunks of deals first, and
    filled the memory without a word (compare, distill, lookahead and tune alike)."""
    assert "argument --deals: at most 1000000, not %s" % value in refused(tool, "--deals", value)


def test_the_largest_budget_still_plays(capsys):
    from tools import tournament
    tournament.main(["--deals", "1", "--seats", "hard,easy", "--budget", "50000", "--json"])
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["results"]["hard"]["games"] == 4


@pytest.mark.parametrize("args, message", [
    (["--players", "3"], "sevens is for 4 players, not 3"),
    (["--preset", "fan_tan", "--players", "6"], "fan_tan is for 3 to 5 players, not 6"),
    (["--preset", "fan_tan", "--players", "2", "--seats", "hard,easy"], "fan_tan is for 3 to 5 players, not 2"),
    (["--preset", "fan_tan", "--players", "3", "--seats", "hard,easy,easy,easy"],
     "4 seats for 3 players (fan_tan is for 3 to 5 players)"),
    # QA: without --players it said "6 seats for 4 players", the preset's own count
    (["--preset", "fan_tan", "--seats", "hard,easy,easy,easy,easy,easy"],
     "6 seats: fan_tan is for 3 to 5 players"),
])
def test_tournament_table_size_errors_are_usage_errors(args, message):
    assert refused("tournament", *args).endswith(message)


def test_tournament_header_counts_what_the_table_counts(capsys):
    from tools import tournament
    tournament.main(["--deals", "1", "--budget", "50", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    res = json.loads(out[-1])
    assert res["deals"] == 1 and res["games"] == 4
    assert out[0].endswith(": 1 deal x 4 rotations = 4 games, 16 seat-games")
    assert out[1].split()[:2] == ["level", "seat-games"]
    assert sum(int(line.split()[1]) for line in out[2:-2]) == 16 == sum(
        r["games"] for r in res["results"].values())


def test_tournament_refuses_one_level_in_every_seat():
    """--seats hard gave Hard in all four seats: 25% by symmetry, whatever Hard's strength."""
    line = refused("tournament", "--seats", "hard")
    assert line.endswith("every seat plays hard; name a level for the others too (hard,easy: Hard against Easy)")


@pytest.mark.parametrize("tool, args, message", [
    ("compare", ["--budgets", "a,b"],
     "argument --budgets: 'a,b': give 2 comma-separated whole numbers, each 0 or more"),
    ("compare", ["--budgets", "5"], "argument --budgets: '5': give 2 comma-separated whole numbers"),
    ("compare", ["--budgets", "0,1,2"], "argument --budgets: '0,1,2': give 2 comma-separated whole numbers"),
    ("compare", ["--deals", "1"], "argument --deals: at least 2 deals for an interval"),
    ("compare", ["--workers", "0"], "argument --workers: must be at least 1, not 0"),
    ("tune", ["--preset", "nosuch"], "argument --preset: invalid choice: 'nosuch'"),
    ("tune", ["--deals", "0"], "argument --deals: must be at least 1, not 0"),
    ("tune", ["--iterations", "0"], "argument --iterations: must be at least 1, not 0"),
    ("tune", ["--start", "1,2"], "argument --start: '1,2': give 25 comma-separated whole numbers"),
    ("distill", ["--preset", "nosuch"], "argument --preset: invalid choice: 'nosuch'"),
    ("distill", ["--rollouts", "0"], "argument --rollouts: must be at least 1, not 0"),
    # the message listed hard, which distill refuses
    ("distill", ["--opponents", "easy,nosuch"],
     "argument --opponents: unknown level 'nosuch' in 'easy,nosuch': the levels are easy, medium ("),
    ("distill", ["--deals", "0"], "argument --deals: must be at least 1, not 0"),
    # QA: Hard opponents were taken, and played as Medium (the same weights as --opponents medium)
    ("distill", ["--opponents", "easy,hard", "--deals", "1", "--rollouts", "1"],
     "argument --opponents: level 'hard' in 'easy,hard': the levels are easy, medium "
     "(the playouts have no Hard opponents)"),
    ("lookahead", ["--workers", "0"], "argument --workers: must be at least 1, not 0"),
    ("lookahead", ["--leads", "x"], "argument --leads: 'x': give one or more comma-separated whole numbers"),
    ("lookahead", ["--leads", "0,,4"], "argument --leads: '0,,4': give one or more comma-separated whole numbers"),
    ("lookahead", ["--leads", "0,-4"], "argument --leads: '0,-4': give one or more comma-separated whole numbers, "
                                       "each 0 or more"),
    ("lookahead", ["--worlds", "3"], "argument --worlds: an even number, 2 or more"),
    ("lookahead", ["--worlds", "0"], "argument --worlds: must be at least 2, not 0"),
    # Hard opponents would search in every playout of every world
    ("lookahead", ["--opponent", "hard"], "argument --opponent: invalid choice: 'hard'"),
    # a pool of that many processes, even for one chunk of deals (QA)
    ("tune", ["--workers", "100000"],
     "argument --workers: at most %d (four per core here)" % (4 * (os.cpu_count() or 1))),
    ("tournament", ["--workers", "100000"], "argument --workers: at most"),
    # argparse's own words named the type's function: "invalid deal_count value: 'x'"
    ("tournament", ["--deals", "x"], "argument --deals: give a whole number, not 'x'"),
    ("compare", ["--workers", "2.5"], "argument --workers: give a whole number, not '2.5'"),
])
def test_the_research_tools_refuse_bad_arguments_in_one_line(tool, args, message):
    """compare, tune, distill and lookahead took these with a traceback (a division by zero for
    no deals), or ran on: distill's unknown opponent played as Medium and printed zero weights."""
    assert message in refused(tool, *args)


@pytest.mark.parametrize("args, message", [
    (["--board", "bogus"], "argument --board: invalid choice: 'bogus'"),
    (["--board", "hack_club_sprig", "--scale", "0"], "argument --scale: must be at least 1, not 0"),
    # QA: pygame ran out of memory with a traceback (or took gigabytes first); the simulator's cap
    (["--board", "hack_club_sprig", "--scale", "1000"], "argument --scale: at most 10, not 1000"),
])
def test_screenshots_refuse_a_bad_board_or_scale_before_making_the_folder(tmp_path, args, message):
    out = tmp_path / "shots"
    assert message in refused("screenshots", "--out", str(out), *args)
    assert not out.exists()


def test_screenshots_refuse_an_out_folder_they_cannot_make(tmp_path):
    (tmp_path / "file").write_text("")
    out = tmp_path / "file" / "shots"
    line = refused("screenshots", "--out", str(out), "--board", "hack_club_sprig")
    assert line.endswith("cannot make the --out folder %s: Not a directory" % out)
    # it said "cannot make the --out folder FILE: File exists", as if the folder were there
    line = refused("screenshots", "--out", str(tmp_path / "file"), "--board", "hack_club_sprig")
    assert line.endswith("--out %s: a file is there, not a folder" % (tmp_path / "file"))


def test_screenshots_that_cannot_be_written_are_one_line(tmp_path):
    """A picture the tool cannot write (here a folder is in its place; a full disk alike) ends
    the run with one line naming it, status 1, instead of a traceback or a broken picture."""
    (tmp_path / "hack_club_sprig-title.png").mkdir()
    r = run("screenshots", "--out", str(tmp_path), "--board", "hack_club_sprig")
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip() == ("python -m tools.screenshots: error: cannot write %s: Is a directory"
                                % (tmp_path / "hack_club_sprig-title.png"))


def test_screenshots_refuse_an_empty_out_instead_of_the_docs():
    """--out "" (an unset shell variable) drew into docs/screens, as no --out does; --out " " is
    no folder either."""
    for out in ("", " "):
        assert refused("screenshots", "--out", out).endswith("--out: give a folder"), out


def test_a_screenshot_that_cannot_be_written_keeps_the_old_picture(tmp_path):
    """The picture was written over the old one: a write that failed (a full disk) lost it. It
    is written under a temporary name beside it, renamed over it once whole."""
    old = tmp_path / "hack_club_sprig-title.png"
    old.write_bytes(b"the old picture")
    r = run("screenshots", "--out", str(tmp_path), "--board", "hack_club_sprig", "--scale", "1",
            preexec_fn=full_disk)
    assert r.returncode == 1 and r.stderr.strip().endswith("cannot write %s: File too large" % old), r.stderr
    assert old.read_bytes() == b"the old picture" and os.listdir(tmp_path) == [old.name]
    r = run("screenshots", "--out", str(tmp_path), "--board", "hack_club_sprig", "--scale", "1")
    assert r.returncode == 0, r.stderr
    assert old.read_bytes().startswith(b"\x89PNG") and not [n for n in os.listdir(tmp_path) if ".tmp" in n]


def test_screenshots_into_docs_screens_rewrite_the_readme_however_named(tmp_path, monkeypatch):
    """The docstring says README.md is rewritten unless --out names another folder, but any --out,
    docs/screens too (make screenshots ARGS=...), left README.md's figures behind the index.md
    it wrote there, which test_docs then refused."""
    from collections import defaultdict
    from tools import screenshots, bench
    monkeypatch.setattr(screenshots, "ROOT", str(tmp_path))
    monkeypatch.setattr(screenshots, "BOARDS", ("hack_club_sprig",))
    monkeypatch.setattr(bench, "measure_code_heap", lambda: defaultdict(lambda: 1024))
    monkeypatch.setattr(screenshots, "readme_figures", lambda readme, index: readme)
    readme = tmp_path / "README.md"
    before = "%s\n%s\n" % (screenshots.BUTTONS_START, screenshots.BUTTONS_END)
    readme.write_text(before)
    screenshots.main(["--out", str(tmp_path / "elsewhere"), "--scale", "1"])
    assert (tmp_path / "elsewhere" / "index.md").exists() and readme.read_text() == before
    screenshots.main(["--out", str(tmp_path / "docs" / ".." / "docs" / "screens") + os.sep, "--scale", "1"])
    assert (tmp_path / "docs" / "screens" / "index.md").exists()
    assert readme.read_text() == screenshots.readme_buttons(before) != before


@pytest.mark.parametrize("room, failed", [(64, "docs/screens/index.md"), (8000, "README.md")])
def test_a_docs_page_the_screenshots_cannot_write_keeps_the_old_one(tmp_path, monkeypatch, capsys, room, failed):
    """index.md and README.md were written straight over the old ones, not as the pictures are:
    a full disk left them cut short. Here the disk fills after the pictures, as the pages are
    written: 64 bytes stop index.md, 8000 README.md (index.md, about 3 KB, fits)."""
    import contextlib
    from collections import defaultdict
    from tools import screenshots, bench
    monkeypatch.setattr(screenshots, "ROOT", str(tmp_path))
    monkeypatch.setattr(screenshots, "BOARDS", ("hack_club_sprig",))
    monkeypatch.setattr(screenshots, "readme_figures", lambda readme, index: readme)
    docs = tmp_path / "docs" / "screens"
    docs.mkdir(parents=True)
    pages = {"docs/screens/index.md": "the old index\n", "README.md": "%s\n%s\n%s" % (
        screenshots.BUTTONS_START, screenshots.BUTTONS_END, "the old readme\n" * 1000)}
    for name, old in pages.items():
        (tmp_path / name).write_text(old)
    with contextlib.ExitStack() as disk:
        def measured_and_the_disk_full():
            disk.enter_context(full_disk_here(room))
            return defaultdict(lambda: 1024)
        monkeypatch.setattr(bench, "measure_code_heap", measured_and_the_disk_full)
        with pytest.raises(SystemExit) as e:
            screenshots.main(["--scale", "1"])
    assert e.value.code == 1
    assert capsys.readouterr().err == "python -m tools.screenshots: error: cannot write %s: File too large\n" % (
        tmp_path / failed)
    assert (tmp_path / failed).read_text() == pages[failed]                 # the old page, whole
    assert (tmp_path / "README.md").read_text() == pages["README.md"]       # written after index.md
    if failed == "README.md":
        assert (docs / "index.md").read_text().startswith("# Screens of every board")
    assert not [n for n in os.listdir(tmp_path) + os.listdir(docs) if ".tmp" in n]


def test_screenshots_of_some_boards_never_rewrite_the_docs_index(tmp_path, monkeypatch):
    from tools import screenshots, bench
    monkeypatch.setattr(screenshots, "ROOT", str(tmp_path))
    monkeypatch.setattr(bench, "measure_code_heap", lambda: pytest.fail("index.md measured"))
    drawn = []
    monkeypatch.setattr(screenshots, "take", lambda board, *a, f=screenshots.take: drawn.append(board) or f(board, *a))
    screenshots.main(["--board", "adafruit_macropad_rp2040", "--scale", "1", "--board", "adafruit_macropad_rp2040"])
    assert drawn == ["adafruit_macropad_rp2040"]        # named twice, drawn once (QA)
    made = os.listdir(tmp_path / "build" / "screens")
    assert "adafruit_macropad_rp2040-table.png" in made and "index.md" not in made
    assert not (tmp_path / "docs").exists()


@pytest.mark.parametrize("deals", ["abc", "1,x", "-1", "1073741824"])
def test_selftest_refuses_what_is_not_a_deal_number(deals):
    assert "argument --deals: " in refused("selftest", "--deals", deals)


def test_selftest_plays_the_deals_it_is_given():
    r = run("selftest", "--deals", "1,2")
    assert r.returncode == 0 and r.stdout.startswith("selftest: "), r.stderr


def test_selftest_takes_deal_numbers_from_0_to_2_30_less_1():
    r = run("selftest", "--deals", "0,1073741823")
    assert r.returncode == 0 and r.stdout.startswith("selftest: "), r.stderr


def test_vbadge_refuses_a_file_as_its_flash(tmp_path):
    (tmp_path / "file").write_text("")
    line = refused("vbadge", "--flash-dir", str(tmp_path / "file"))
    assert line.endswith("--flash-dir %s is a file, not a folder" % (tmp_path / "file"))


@pytest.mark.parametrize("args, message", [
    (["--src", "{tmp}/typo"], "missing {tmp}/typo/5x8.pcf.gz"),        # not "apt-get install" for a typo
    (["--strips", "--out", "{tmp}/empty"], "5x8.bdf"),                  # FileNotFoundError's traceback
    (["--out", "{tmp}/file"], "--out {tmp}/file: a file is there, not a folder"),   # FileExistsError
])
def test_make_font_refuses_what_it_cannot_make_fonts_from_before_writing_any(tmp_path, args, message):
    (tmp_path / "file").write_text("")
    line = refused("make_font", *[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert message.replace("{tmp}", str(tmp_path)) in line, line
    assert not (tmp_path / "empty").exists()


def test_vbadge_refuses_a_negative_flash_size(tmp_path):
    """--quota -5 meant the unlimited 16 MB without a word."""
    for bad in ("-5", "-1"):
        line = refused("vbadge", "--flash-dir", str(tmp_path / "flash"), "--quota", bad)
        assert line.endswith("--quota: the flash's size in bytes, or 0 for 16 MB")


def test_vbadge_help_names_its_values_as_docs_flashing_does():
    """QA: --help showed FLASH_DIR, QUOTA and HEAPSIZE where docs/flashing.md writes
    `--flash-dir DIR` and `--quota BYTES`."""
    usage = " ".join(run("vbadge", "--help").stdout.split())
    for shown in ("--flash-dir DIR", "[--quota BYTES]", "[--heapsize BYTES]"):
        assert shown in usage, usage
    docs = open(os.path.join(ROOT, "docs", "flashing.md")).read()
    assert "--flash-dir DIR" in docs and "--quota BYTES" in docs


def test_vbadge_refuses_an_empty_flash_dir_instead_of_the_folder_it_runs_in():
    """QA: --flash-dir "" (an unset shell variable) made the folder it ran in, this checkout, the
    badge's flash: tools.flash then overwrote engine/, hal/ and firmware/ with their copies
    without docstrings (and --mpy would remove the sources)."""
    assert refused("vbadge", "--flash-dir", "").endswith("--flash-dir: give a folder")


def test_selftest_under_micropython_without_node_says_so():
    """No node on PATH gave FileNotFoundError's traceback."""
    env = dict(os.environ, PATH="")
    r = subprocess.run([sys.executable, "-m", "tools.selftest", "--runtime", "micropython"], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith("Node.js is not installed"), r.stderr


def test_vbadge_without_node_or_its_micropython_says_so(tmp_path, monkeypatch):
    """No node on PATH, or no npm install yet: the virtual badge says which, in one line, before
    any terminal is opened."""
    env = dict(os.environ, PATH="")
    r = subprocess.run([sys.executable, "-m", "tools.vbadge", "--flash-dir", str(tmp_path / "f")], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (1, "")
    assert r.stderr == "vbadge: Node.js is not installed (it runs the MicroPython WebAssembly build)\n", r.stderr
    from tools import vbadge
    monkeypatch.setattr(vbadge, "WASM", tmp_path / "micropython.mjs")
    with pytest.raises(SystemExit, match="^vbadge: the MicroPython WebAssembly build is missing; run `npm install`$"):
        vbadge.node_command(tmp_path / "f")


def test_vbadge_refuses_a_heap_too_small_to_start(tmp_path):
    for bad in ("10", "1023"):                  # one byte under the floor too
        line = refused("vbadge", "--flash-dir", str(tmp_path / "flash"), "--heapsize", bad)
        assert line.endswith("--heapsize must be at least 1024 bytes")
    assert not (tmp_path / "flash").exists()


def test_vbadge_refuses_a_heap_the_webassembly_build_cannot_start_with(tmp_path):
    """QA: --heapsize 4294967296 printed Node's "RuntimeError: memory access out of bounds" stack
    trace before "the MicroPython interpreter exited at start" (2147483647 too)."""
    for bad in ("4294967296", "1073741825"):    # one byte over the ceiling too
        line = refused("vbadge", "--flash-dir", str(tmp_path / "flash"), "--heapsize", bad)
        assert line.endswith("--heapsize must be at most 1073741824 bytes (1 GB; a badge has 264 KB of RAM)")
    assert not (tmp_path / "flash").exists()


TOOLS = ("bench", "bench_bots", "bench_start", "bundle", "compare", "distill", "flash", "lookahead", "make_font",
         "screenshots", "selftest", "tournament", "tune", "vbadge")


def test_every_tool_has_a_main_and_answers_help_with_how_to_run_it():
    """--help names the command as it is typed, first (screenshots printed pygame's greeting
    and Blinka's warning before it), and does no work (bench_bots ran the whole benchmark)."""
    tools = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tools"))
                   if f.endswith(".py") and "\ndef main(" in open(os.path.join(ROOT, "tools", f)).read())
    assert tools == sorted(TOOLS)
    for tool in TOOLS:
        r = run(tool, "--help")
        assert r.returncode == 0 and r.stdout.startswith("usage: python -m tools." + tool), (tool, r.stdout)
        assert "{" not in r.stdout.splitlines()[-1], (tool, r.stdout)      # no JSON: nothing ran


@pytest.mark.parametrize("tool", TOOLS)
def test_every_tool_also_runs_as_a_script(tool):
    """A hacker types `python tools/bench.py`: five tools stopped with "No module named 'tools'"
    (or 'hal'), where `python -m tools.bench` worked."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, os.path.join("tools", tool + ".py"), "--help"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("usage: python -m tools." + tool), (r.stdout, r.stderr)


class _Parsed(Exception):
    pass


@pytest.mark.parametrize("module", ["tools." + t for t in TOOLS] + ["simulator.__main__"])
def test_every_option_with_a_default_says_it_in_its_help(module, monkeypatch):
    """QA: tools.tournament --help gave no default for --deals (200), --seats or --preset, where
    tools.compare and the others said theirs. The parser main() builds is caught at parse_args."""
    import argparse
    import importlib
    made = []

    def caught(ap, *args, **kwargs):
        made.append(ap)
        raise _Parsed
    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", caught)
    with pytest.raises(_Parsed):
        importlib.import_module(module).main([])
    silent = [a.option_strings[-1] for a in made[0]._actions
              if a.default not in (None, False, [], argparse.SUPPRESS) and "default" not in (a.help or "")]
    assert silent == []


def test_tournament_help_gives_the_deals_default():
    r = run("tournament", "--help")
    assert "rotated (default 200)" in " ".join(r.stdout.split()), r.stdout


def make(*args):
    """`make args` in the checkout, as its own make (make test runs this one inside)."""
    env = dict((k, v) for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS"))
    return subprocess.run(["make", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def make_n(target, *args):
    """The commands `make target args` would run."""
    r = make("-n", "-o", "deps", target, *args)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


@pytest.mark.parametrize("target", ["screenshots", "bench"])
def test_make_passes_args_to_screenshots_and_bench_as_to_sim(target):
    """The README teaches make sim ARGS=...: make screenshots ARGS="--board ugame22" dropped
    them and rewrote every board's pictures in docs/ (QA)."""
    lines = make_n(target, "ARGS=--board ugame22")
    assert [x for x in lines if "-m tools.%s " % target in x and x.endswith(" --board ugame22")], lines


@pytest.mark.parametrize("args", [[], ["ARGS=--json"], ["ARGS=--json --json"]])
def test_make_bench_asks_for_the_json_line_once(args):
    """QA: make bench ARGS=--json ran tools.bench --json --json."""
    [line] = [x for x in make_n("bench", *args) if "-m tools.bench" in x]
    assert line.split().count("--json") == 1, line


def _workers(pid):
    """The pool processes tool `pid` spawned (Linux /proc), with whether each ignores SIGINT."""
    found = {}
    for entry in os.listdir("/proc"):
        try:
            with open("/proc/%s/status" % entry) as f:
                status = dict(line.split(":", 1) for line in f.read().splitlines() if ":" in line)
            with open("/proc/%s/cmdline" % entry, "rb") as f:
                spawned = b"spawn_main" in f.read()
        except (OSError, ValueError):
            continue
        if spawned and status.get("PPid", "").strip() == str(pid):
            found[int(entry)] = bool(int(status["SigIgn"], 16) & (1 << (signal.SIGINT - 1)))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("tool, args", [
    ("tournament", ["--deals", "2000", "--seats", "hard,easy"]),
    ("compare", ["--deals", "2000"]),
    ("lookahead", ["--deals", "2000"]),
    ("distill", ["--deals", "2000"]),
    ("tune", ["--deals", "2000"]),
])
def test_ctrl_c_ends_a_tool_and_its_workers_in_one_line(tool, args):
    """QA: Ctrl+C in a long tournament printed a traceback, and with --workers one more from
    each worker (the terminal sends it to the whole process group). Now the tool says it in
    one line, status 130, as tools.flash and the simulator do, and its workers end with it."""
    # as from a terminal: a job started in the background of a script (CI's) inherits SIGINT
    # ignored, and then Python never turns Ctrl+C into KeyboardInterrupt at all
    p = subprocess.Popen([sys.executable, "-m", "tools." + tool, *args, "--workers", "2"], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        for _ in range(600):                # until both workers run, and leave Ctrl+C to the tool
            workers = _workers(p.pid)
            if len(workers) == 2 and all(workers.values()) or p.poll() is not None:
                break
            time.sleep(0.1)
        assert len(workers) == 2 and all(workers.values()), workers
        os.killpg(p.pid, signal.SIGINT)     # as the terminal's Ctrl+C
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 130 and err == "python -m tools.%s: interrupted\n" % tool, err
    for _ in range(300):
        if not any(os.path.exists("/proc/%d" % w) for w in workers):
            break
        time.sleep(0.1)
    assert not any(os.path.exists("/proc/%d" % w) for w in workers)


def test_ctrl_c_ends_the_selftest_in_one_line():
    """QA: Ctrl+C in python -m tools.selftest (a long --deals list, or the MicroPython run) printed
    a KeyboardInterrupt traceback: it was the one tool the README names not run by command(), and
    its CPython run went through exec(), after which CPython ends by SIGINT, not with status 130."""
    deals = ",".join(str(n) for n in range(1, 20001))           # minutes of deals: still running
    p = subprocess.Popen([sys.executable, "-m", "tools.selftest", "--deals", deals], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        time.sleep(2)
        os.killpg(p.pid, signal.SIGINT)     # as the terminal's Ctrl+C
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 130 and err == "python -m tools.selftest: interrupted\n", err


def test_flash_refuses_an_empty_port_instead_of_finding_a_board():
    """QA: --port "" (an unset shell variable, --port "$PORT") went looking for a board and
    flashed the one it found, as the simulator's --data-dir "" no longer plays on your saves."""
    assert refused("flash", "--port", "").endswith(
        "--port: give the badge's port (.venv/bin/mpremote devs lists them), or leave the option out")


@pytest.mark.parametrize("tool, args", [
    ("compare", ["--deals", "2", "--budgets", "0,0"]),
    ("lookahead", ["--deals", "1", "--worlds", "2"]),
    ("distill", ["--deals", "1", "--rollouts", "1", "--opponents", "easy"]),
    ("tune", ["--iterations", "1", "--deals", "1"]),
])
def test_a_research_tool_that_ran_to_its_end_exits_0(tool, args):
    """QA: these return their result from main() for the tests, and the command exited with
    it: status 1, and the result (compare's dict, tune's weights) printed on stderr."""
    r = run(tool, *args)
    assert r.returncode == 0 and r.stderr == "", (r.returncode, r.stderr)
    assert r.stdout


def test_a_tool_ends_with_the_whole_number_its_main_returns():
    """tools.args.command, which every research tool and the selftest end by: a main returning a
    whole number ends with it as the status (the selftest's failed MicroPython run: its status,
    where a command ending 0 would tell a script all went well), anything else with 0."""
    from tools.args import command
    assert command(lambda: 3, "tools.selftest") == 3
    assert command(lambda: {"results": {}}, "tools.compare") == 0


def test_make_alone_lists_every_target_with_what_it_does():
    """A badge hacker's first `make` (or `make help`): each target the Makefile offers, one line
    each, and nothing installed by asking."""
    with open(os.path.join(ROOT, "Makefile")) as f:
        phony = [line.split()[1:] for line in f if line.startswith(".PHONY:")][0]
    for args in ([], ["help"]):
        r = make(*args)
        listed = dict(line.split("\t") for line in r.stdout.splitlines())
        assert r.returncode == 0 and sorted(listed) == sorted(phony), r.stdout
        assert all(listed.values())
