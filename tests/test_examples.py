"""The examples beside the engine's code (its modules' docstrings, run as doctests) and the
README's Engine example run as written, and say what they show."""
import doctest
import importlib
import os
import re

import pytest

from conftest import ROOT

# every engine module whose docstring shows its use
WITH_EXAMPLES = ("engine.cards", "engine.rng", "engine.rules", "engine.game", "engine.match",
                 "engine.save", "engine.bots")


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_a_module_s_examples_run_as_written(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted and not result.failed, result


def test_the_readme_s_engine_example_plays_a_deal_and_settles_it():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    example = [b for b in blocks if "Match(" in b]
    assert len(example) == 1, blocks
    scope = {}
    exec(example[0], scope)
    m, g = scope["m"], scope["g"]
    assert g.over and m.deals == 1 and sum(m.chips) == 4 * 50      # a chip game: nothing lost
