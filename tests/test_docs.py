"""The docs say what the code does: docs/screens/ is what `make screenshots` makes now, and
the README's memory figures are the index's."""
import os
import re

from PIL import Image, ImageChops

from conftest import ROOT

SCREENS = os.path.join(ROOT, "docs", "screens")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_the_screens_and_their_index_are_what_make_screenshots_makes_now(tmp_path):
    from tools import screenshots
    screenshots.main(["--out", str(tmp_path)])
    assert read(tmp_path / "index.md") == read(os.path.join(SCREENS, "index.md")), \
        "docs/screens/index.md is stale: run make screenshots"
    made = sorted(n for n in os.listdir(tmp_path) if n.endswith(".png"))
    assert made == sorted(n for n in os.listdir(SCREENS) if n.endswith(".png"))
    for name in made:
        new = Image.open(tmp_path / name).convert("RGB")
        old = Image.open(os.path.join(SCREENS, name)).convert("RGB")
        assert new.size == old.size and ImageChops.difference(new, old).getbbox() is None, \
            name + " is stale: run make screenshots"


def test_the_readme_memory_figures_are_the_index_s():
    from tools.screenshots import readme_figures
    readme = read(os.path.join(ROOT, "README.md"))
    assert readme_figures(readme, read(os.path.join(SCREENS, "index.md"))) == readme, \
        "README.md's memory figures are not docs/screens/index.md's: run make screenshots"


def test_the_readme_gives_every_board_s_buttons_as_the_profiles_do():
    """The README's table of keys is what make screenshots writes from the board profiles now,
    and it names a way to each of the game's buttons (or says there is none)."""
    from tools.screenshots import readme_buttons, buttons_table
    readme = read(os.path.join(ROOT, "README.md"))
    assert readme_buttons(readme) == readme, "README.md's buttons table is stale: run make screenshots"
    rows = [r.split(" | ") for r in buttons_table().splitlines() if r.startswith("| ") and "---" not in r][1:]
    import hal      # a row per board name: the Picomo V3 and V2 share one
    names = set(hal.profile(b).NAME for b in hal.BOARDS)
    assert len(rows) == len(names) and all(len(r) == 6 and all(c.strip() for c in r) for r in rows), rows
    assert "| T-Display RP2040 | ← L; → R; ↑ none; ↓ L+R | hold R | hold L |" in readme
    # every arrow said: the Badger's ↑ and ↓ keys tap UP and DOWN (held, MENU and HINT)
    assert "| Badger 2040 | ← A; → C; ↑ ↓ their own keys | B | hold B | hold ↑ | hold ↓ |" in readme


def test_make_screenshots_writes_every_memory_figure_into_the_readme():
    from tools.screenshots import readme_figures
    readme = read(os.path.join(ROOT, "README.md"))
    index = re.sub(r"\d+\.\d KB", "99.9 KB", read(os.path.join(SCREENS, "index.md")))
    index = re.sub(r"(about )\d+ KB \(\d+ KB\)", r"\g<1>999 KB (999 KB)", index)
    index = re.sub(r"max [\d.]+%", "max 99.9%", index)
    new = readme_figures(readme, index)
    changed = sum(a != b for a, b in zip(readme.splitlines(), new.splitlines()))
    sizes = len(set(re.findall(r"^(\d+x\d+), redraw", index, re.M)))
    assert changed == sizes + 4 + 3, changed       # the UI rows (a size each), the code rows, the two spans' lines
    assert new.count("999 KB") == 6 and readme_figures(new, index) == new


def test_a_memory_figure_whose_place_the_readme_lost_stops_make_screenshots():
    """readme_figures writes each figure into exactly one place: where README.md no longer has
    it (a sentence reworded), or has it twice (a paragraph pasted again, one copy of which would
    go stale), it fails rather than leave a stale figure."""
    import pytest
    from tools.screenshots import readme_figures
    readme = read(os.path.join(ROOT, "README.md"))
    index = read(os.path.join(SCREENS, "index.md"))
    assert readme.count("code holds ") == 1
    with pytest.raises(SystemExit, match="0 places"):
        readme_figures(readme.replace("code holds ", "code keeps "), index)
    sentence = re.search(r"code holds [\d.]+ KB from the sources", readme).group(0)
    with pytest.raises(SystemExit, match="2 places"):
        readme_figures(readme + "\n" + sentence + "\n", index)


def test_a_screen_size_without_its_readme_row_says_how_to_add_it():
    """A board with a new screen size (docs/boards.md, step 3) needs its row in the README's 'The
    UI on the badge' table: make screenshots says so, with the row to add."""
    import pytest
    from tools.screenshots import readme_figures
    readme = read(os.path.join(ROOT, "README.md"))
    row = re.search(r"^\| 160×128 \(Sprig\) .*\n", readme, re.M).group(0)
    with pytest.raises(SystemExit, match=r"no row for 160×128 in 'The UI on the badge': add "
                                         r"`\| 160×128 \(your board\) \| ≈ 0 KB \| 0 % \|`"):
        readme_figures(readme.replace(row, ""), read(os.path.join(SCREENS, "index.md")))


def test_the_session_figure_is_taken_once_every_page_has_been_shown(monkeypatch, tmp_path):
    """The README's "once every page has been shown" heap: whatever a page leaves behind (here a
    font of its own, which stays loaded: firmware/ui.py) must be in it. Each page the walk
    should show keeps a stand-in font, and all of them are counted in the figure."""
    import displayio
    from firmware import heap, ui, help_pages
    from firmware.app import App
    from engine.rules import PRESETS
    from tools import screenshots
    seen = []

    class KeptFont:
        bitmap = displayio.Bitmap(64, 8, 2)
        codes = "x"

    def keeping(tag, show):
        def page(app, *a, **k):
            show(app, *a, **k)
            seen.append(app)
            monkeypatch.setitem(ui._fonts, "kept-" + tag(*a), KeptFont())
        return page

    monkeypatch.setattr(App, "new_game", keeping(lambda *a: "new", App.new_game))
    monkeypatch.setattr(App, "stats_screen", keeping(lambda: "stats", App.stats_screen))
    monkeypatch.setattr(help_pages, "about_page", keeping(lambda: "about", help_pages.about_page))
    monkeypatch.setattr(help_pages, "rules_page", keeping(lambda key, *a: key, help_pages.rules_page))
    session = screenshots.take("adafruit_macropad_rp2040", str(tmp_path), 1)[2][1]
    kept = sorted(n for n in ui._fonts if n.startswith("kept-"))
    assert kept == sorted(["kept-new", "kept-stats", "kept-about"] + ["kept-" + k for k in PRESETS])
    for name in kept:
        del ui._fonts[name]
    one = 2 * heap.OBJ + heap.bitmap_bytes(KeptFont.bitmap) + len(KeptFont.codes)
    assert session - heap.estimate(seen[-1]) == len(kept) * one


def _named(names):
    """The board ids a README list names ("PicoSystem, PicoPad, Badger", "… and the T-Display"),
    each by its NAME or a word of it (a word two boards share names both, "Badger", as does its
    plural, "Badgers")."""
    import hal
    found = set()
    for name in re.split(r",\s+(?:the )?|\s+and\s+(?:the )?", " ".join(names.split())):
        ids = set(b for b in hal.BOARDS if name in hal.profile(b).NAME or name.endswith("s")
                  and name[:-1] in hal.profile(b).NAME)
        assert ids, "no board is called %r" % name
        found |= ids
    return found


def _listed(readme, before):
    """The boards the README lists in the parentheses after `before`."""
    return _named(re.search(re.escape(before) + r"([^)]*)\)", readme).group(1))


def test_the_readme_s_lists_of_boards_by_what_they_have_are_the_profiles():
    """Every README list of the boards that have something (the keys line, the opponents'
    ledger under the hand, a speaker, a battery, a 1:2 divider, an LED lit by a low pin, each
    screen size's row in the memory table) names exactly the boards whose profile and layout have it: a board added
    (docs/boards.md, step 3) without its name there fails here."""
    import hal
    from firmware.layouts import for_size
    readme = read(os.path.join(ROOT, "README.md"))
    p = dict((b, hal.profile(b)) for b in hal.BOARDS)
    layout = dict((b, for_size(p[b].WIDTH, p[b].HEIGHT)) for b in hal.BOARDS)
    have = {
        "where the panel has room (": set(b for b in p if layout[b].footer_y >= 0),
        "Where their labels have no room for more (": set(b for b in p if layout[b].ledger),
        "boards with a PWM speaker: ": set(b for b in p if p[b].AUDIO),
        "Where the board reads its battery (": set(b for b in p if p[b].BATTERY),
    }
    for before, boards in have.items():
        assert _listed(readme, before) == boards, before
    low = re.search(r"or low on the (.*?), whose LEDs are wired active low", readme, re.S).group(1)
    assert _named(low) == set(b for b in p if p[b].LED and not p[b].LED_ON)
    halves = re.search(r"reads it \(1:3; 1:2 on the ([^;]*);", readme).group(1)
    assert _named(halves) == set(b for b in p if p[b].BATTERY_DIVIDER and p[b].BATTERY_DIVIDER[0] == 2)
    rows = re.findall(r"^\| (\d+)×(\d+) ?(mono|e-ink)? \(([^)]*)\) \| ≈", readme, re.M)
    assert sorted(b for *_, names in rows for b in _named(names)) == sorted(p), rows
    for w, h, kind, names in rows:
        for b in _named(names):
            assert (p[b].WIDTH, p[b].HEIGHT) == (int(w), int(h)), (b, w, h)
            assert kind == ("e-ink" if p[b].EINK else "mono" if p[b].MONO else ""), (b, kind)


def test_the_readme_names_the_colour_boards_whose_next_ranks_stand_bare():
    """"on the Sprig's … small tiles they stand bare" in the accent colour: the colour boards
    whose tiles have no room for the next rank's outline (ui.CardArt), and only those."""
    import hal
    from simulator.core import Sim
    readme = read(os.path.join(ROOT, "README.md"))
    said = re.search(r"\(on the (.*?) small tiles they stand bare", readme, re.S).group(1)
    bare = set()
    for b in hal.BOARDS:
        if not hal.profile(b).MONO:
            sim = Sim(b, seed=1)
            sim.press("OK")
            sim.app.start_match()
            sim.settle()
            if sim.app.art._need_frame == -1:
                bare.add(b)
    assert _named(said.replace("'s", "")) == bare


def _readme_paragraph(readme, head):
    """The README's paragraph that begins with the bold `head` ("**How the heap is read.**"),
    up to the next bold paragraph head or heading."""
    m = re.search(r"^\*\*" + re.escape(head) + r"\.?\*\*(.*?)(?=^\*\*|^#)", readme, re.M | re.S)
    assert m, "the README has no paragraph " + head
    return " ".join(m.group(1).split())


def test_the_readme_paragraph_the_guides_send_you_to_for_the_interned_names_holds_them():
    """docs/boards.md (step 3) and docs/options.md (step 5) send whoever adds a board or an option
    to the README's sentence of interned names, which tests/test_budgets.py fails on until it is
    rewritten. boards.md named "The code on the badge", a paragraph that does not hold it."""
    readme = read(os.path.join(ROOT, "README.md"))
    boards = " ".join(read(os.path.join(ROOT, "docs", "boards.md")).split())
    options = " ".join(read(os.path.join(ROOT, "docs", "options.md")).split())
    heads = [re.search(r'the names the code interns, in the README\'s "([^"]+)"', boards).group(1),
             re.search(r'in "([^"]+)" the names the code interns', options).group(1)]
    for head in heads:
        said = _readme_paragraph(readme, head)
        assert "The code from `.mpy` interns" in said and "places" in said, head


def test_the_readme_layout_names_every_tool():
    """Each module of tools/ (but its shared argument types) is named in the README's Layout, so
    a hacker reading it finds the bots' lab and the benchmarks (it named five of fourteen)."""
    readme = read(os.path.join(ROOT, "README.md"))
    layout = readme[readme.index("## Layout"):]
    tools = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tools"))
                   if f.endswith(".py") and f not in ("__init__.py", "args.py"))
    assert len(tools) >= 14
    missing = [m for m in tools if "`%s`" % m not in layout]
    assert not missing, "README.md's Layout does not name tools: %s" % missing
