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


def test_make_screenshots_writes_every_memory_figure_into_the_readme():
    from tools.screenshots import readme_figures
    readme = read(os.path.join(ROOT, "README.md"))
    index = re.sub(r"\d+\.\d KB", "99.9 KB", read(os.path.join(SCREENS, "index.md")))
    index = re.sub(r"(about )\d+ KB \(\d+ KB\)", r"\g<1>999 KB (999 KB)", index)
    index = re.sub(r"max [\d.]+%", "max 99.9%", index)
    new = readme_figures(readme, index)
    changed = sum(a != b for a, b in zip(readme.splitlines(), new.splitlines()))
    assert changed == 7 + 4 + 3, changed       # the UI rows, the code rows, the two spans' lines
    assert new.count("999 KB") == 6 and readme_figures(new, index) == new
