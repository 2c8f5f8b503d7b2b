"""Storage backends under the two-slot records."""
import os

import pytest

from engine.records import Record
from fakestore import newest
from hal.stores import NvmStore, FileStore, StoreFull, REGION


def test_nvm_store_keeps_each_record_in_its_own_region():
    nvm = bytearray(b"\xff" * 4096)         # erased flash reads 0xFF
    store = NvmStore(nvm)
    game = Record(store, "game", 1)
    prefs = Record(store, "prefs", 2)
    assert newest(game) == (None, False) and newest(prefs) == (None, False)
    game.write(b"a game")
    prefs.write(b"settings")
    game.write(b"a later game")
    assert newest(game)[0] == b"a later game" and newest(prefs)[0] == b"settings"
    # a damaged game region does not touch the statistics and settings
    nvm[8] ^= 0x55
    nvm[REGION + 8] ^= 0x55
    assert newest(game) == (None, True)
    assert newest(prefs)[0] == b"settings"


def test_nvm_store_refuses_what_does_not_fit():
    with pytest.raises(StoreFull):
        NvmStore(bytearray(1024))
    with pytest.raises(StoreFull):
        NvmStore(bytearray(4096)).save("game.0", bytes(REGION + 1))


def test_file_store_replaces_whole_files(tmp_path):
    store = FileStore(str(tmp_path / "data"))
    rec = Record(store, "game", 1)
    rec.write(b"one")
    rec.write(b"two")
    assert newest(rec)[0] == b"two"
    assert sorted(os.listdir(tmp_path / "data")) == ["game.0", "game.1"]
    again = Record(FileStore(str(tmp_path / "data")), "game", 1)
    assert newest(again)[0] == b"two"


def test_memory_store_and_open_store(monkeypatch, tmp_path):
    import sys
    import types
    from hal.stores import MemoryStore, open_store
    rec = Record(MemoryStore(), "prefs", 2)
    rec.write(b"x")
    assert newest(rec) == (b"x", False)
    mc = types.ModuleType("microcontroller")
    mc.nvm = bytearray(4096)
    monkeypatch.setitem(sys.modules, "microcontroller", mc)
    assert isinstance(open_store(str(tmp_path / "s")), NvmStore)     # CircuitPython
    monkeypatch.setitem(sys.modules, "microcontroller", None)
    assert isinstance(open_store(str(tmp_path / "s")), FileStore)    # MicroPython
