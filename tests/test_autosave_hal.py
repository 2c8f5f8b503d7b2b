"""The badge HAL keeps the records in microcontroller.nvm (stand-ins, no hardware)."""
import sys
import types

from test_hal_circuitpython import badge  # noqa: F401  (the fixture)
from hal.stores import NvmStore
from engine.records import Record


def test_records_live_in_nvm(badge, monkeypatch):  # noqa: F811
    h, clock = badge("pimoroni_picosystem")
    mc = types.ModuleType("microcontroller")
    mc.nvm = bytearray(b"\xff" * 4096)
    monkeypatch.setitem(sys.modules, "microcontroller", mc)
    assert isinstance(h.store, NvmStore) and h.store is h.store
    Record(h.store, "game", 1).write(b"deal")
    assert b"deal" in bytes(mc.nvm[:512])
