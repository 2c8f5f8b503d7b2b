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
    index = read(os.path.join(SCREENS, "index.md"))
    readme = read(os.path.join(ROOT, "README.md"))
    by_size = {}
    for w, h, redraw, kb in re.findall(r"^(\d+)x(\d+), redraw after bot moves max ([\d.]+)% .*?"
                                       r"UI heap ~([\d.]+) KB", index, re.M):
        by_size[w + "x" + h] = (kb, redraw)
    rows = re.findall(r"^\| (\d+)×(\d+) [^|]*\| ≈ ([\d.]+) KB \| ([\d.]+) %", readme, re.M)
    assert len(rows) == 7
    for w, h, kb, redraw in rows:
        assert by_size[w + "x" + h] == (kb, redraw), (w, h)
    code = re.search(r"autosave\): ([\d.]+) KB, of which the text of one language ([\d.]+) KB", index)
    assert re.search(r"autosave\) \| %s KB \|" % re.escape(code.group(1)), readme)
    assert "| %s KB (all three languages" % code.group(2) in readme
    libs = re.search(r"adafruit_display_text and adafruit_ticks: ([\d.]+) KB", index).group(1)
    assert "`adafruit_ticks` | %s KB" % libs in readme
    cp = re.search(r"screens, ui\): ([\d.]+) KB", index).group(1)
    assert "`screens`, `ui`) | %s KB |" % cp in readme
    totals = re.findall(r"^- (\d+x\d+): about (\d+) KB \((\d+) KB\)", index, re.M)
    spans = re.findall(r"from about (\d+) KB \(128×64\) and (\d+) KB \(240×240\) to (\d+) KB \(320×240\)",
                       readme.replace("\n", " "))
    for i, path in enumerate((".mpy", ".py")):
        total = dict((size, kb[i]) for size, *kb in totals)
        assert spans[i] == (total["128x64"], total["240x240"], total["320x240"]), path
    source = re.search(r"code holds ([\d.]+) KB", index.replace("\n", " ")).group(1)
    assert "code holds %s KB from the sources" % source in readme.replace("\n", " ")
