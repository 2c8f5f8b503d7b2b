"""DESIGN.md's portable subset, checked in the source of every .py file the badge gets
(tools.bundle.project_files): the MicroPython runs catch only the lines they execute."""
import ast
import os

import pytest

from tools.bundle import project_files

FILES = sorted((dev, str(host)) for dev, host in project_files().items() if dev.endswith(".py"))
# modules MicroPython/CircuitPython lack, or that differ there (random: the engine has its own)
BANNED = ("dataclasses", "enum", "typing", "functools", "itertools", "abc", "random", "pygame")
MISSING = ("ljust", "rjust", "zfill", "bit_length", "bit_count")   # str and int methods they lack
CLOCKS = ("time", "supervisor")
RULE_CLASSES = ("Rules", "Game", "Match")


def tree(host):
    with open(host, encoding="utf-8") as f:
        return ast.parse(f.read(), host)


def imported(node):
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""]
    return []


def problems(dev, t):
    """What in module dev (its device path) leaves the portable subset."""
    out = []
    for node in ast.walk(t):
        where = "%s:%d " % (dev, getattr(node, "lineno", 0))
        for name in imported(node):
            top = name.split(".")[0]
            if top in BANNED:
                out.append(where + "imports " + name)
            if top in CLOCKS and not dev.startswith("/hal/"):
                out.append(where + "reads a clock outside the HAL: " + name)
            if dev.startswith("/engine/") and top not in ("engine", "micropython", "gc"):
                out.append(where + "the engine imports " + name)
        if isinstance(node, ast.JoinedStr):
            out.append(where + "f-string")
        elif isinstance(node, ast.Attribute) and node.attr in MISSING:
            out.append(where + "." + node.attr)
        elif isinstance(node, ast.Slice) and node.step is not None:
            out.append(where + "slice with a step")
        elif isinstance(node, ast.Raise) and node.cause is not None:
            out.append(where + "exception chaining")
        elif isinstance(node, ast.Name) and node.id == "__slots__":
            out.append(where + "__slots__")
        elif isinstance(node, ast.Constant) and type(node.value) is int and abs(node.value) >= 1 << 30:
            out.append(where + "a big int (%d): it lives on the heap" % node.value)
        elif isinstance(node, ast.ClassDef) and any(getattr(b, "id", "") in RULE_CLASSES for b in node.bases):
            out.append(where + "a variant as a subclass: rule options are data")
        elif isinstance(node, ast.FunctionDef) and node.name == "__init__":
            out += [where + x for x in _self_before_super(node)]
    return out


def _self_before_super(init):
    """Attributes set on self before super().__init__() (lost under a native base class)."""
    out = []
    for stmt in init.body:
        for node in ast.walk(stmt):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "__init__" and isinstance(node.func.value, ast.Call)
                    and getattr(node.func.value.func, "id", "") == "super"):
                return out
        for node in ast.walk(stmt):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                    and getattr(node.value, "id", "") == "self":
                out.append("self.%s set before super().__init__()" % node.attr)
    return []               # no super().__init__() call: nothing to come first


@pytest.mark.parametrize("dev,host", FILES, ids=[d for d, h in FILES])
def test_every_badge_module_stays_in_the_portable_subset(dev, host):
    assert problems(dev, tree(host)) == []


def test_the_check_sees_what_it_is_for():
    """Each rule fires on a line that breaks it (the test cannot pass by checking nothing)."""
    bad = '''
import itertools
from time import monotonic
s = f"{x:>4}" + x.ljust(3) + x[::2]
n = (1).bit_length() + 1073741824
class A(B):
    __slots__ = ()
    def __init__(self):
        self.a = 1
        super().__init__()
class Sevens(Rules):
    pass
try:
    pass
except OSError as e:
    raise ValueError("no") from e
'''
    said = " | ".join(problems("/engine/x.py", ast.parse(bad)))
    for what in ("imports itertools", "reads a clock outside the HAL", "the engine imports time",
                 "f-string", ".ljust", "slice with a step", ".bit_length", "a big int", "__slots__",
                 "self.a set before super", "exception chaining", "rule options are data"):
        assert what in said, (what, said)
    assert len(FILES) > 50 and any(d.startswith("/engine/") for d, h in FILES)
    assert any(d == "/hal/stores.py" for d, h in FILES) and not any(d.endswith("desktop.py") for d, h in FILES)
    assert os.path.exists(dict(FILES)["/code.py"])


# DESIGN.md: dependencies point one way (firmware -> hal, engine; simulator -> firmware, hal)
MAY_IMPORT = {"engine": (), "hal": (), "firmware": ("hal", "engine"),
              "simulator": ("firmware", "hal", "engine")}


def one_way_problems(package, source):
    """The project's packages a module of `package` imports against the one-way rule."""
    out = []
    for node in ast.walk(ast.parse(source)):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
        for name in names:
            top = name.split(".")[0]
            if top in ("engine", "hal", "firmware", "simulator", "tools", "tests") and \
                    top != package and top not in MAY_IMPORT[package]:
                out.append("imports " + name)
    return out


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_dependencies_point_one_way(package):
    """hal/desktop.py imported firmware.text for its profile checks, which now live in
    simulator/boards.py (review)."""
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), package)
    wrong = []
    for name in sorted(os.listdir(root)):
        if name.endswith(".py"):
            with open(os.path.join(root, name), encoding="utf-8") as f:
                wrong += [package + "/" + name + " " + w for w in one_way_problems(package, f.read())]
    assert wrong == []
    assert one_way_problems("hal", "def f():\n    from firmware import text\n") == ["imports firmware"]
