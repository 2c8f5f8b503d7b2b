"""Autosave through the real app: resume, damaged records, power cuts, flash writes per deal."""
import gc
import os
import weakref
import random
import shutil

import pytest

from conftest import ROOT
from simhelp import (Sim, message, TableScreen, ListScreen, PageScreen, new_game, human_turn, select_menu, page_text,
                     pick_preset, set_line, quit_match, play_out)
from engine import save
from engine.match import Match
from engine.rules import PRESETS, RACE, SEVEN_OF_HEARTS, PLAY_OR_PAY, preset
from engine.stats import Stats
from engine.records import Record
from firmware import autosave, text
from firmware.screens import READ_MS
from firmware.autosave import Saves, _GAME_KIND as GAME_KIND
from hal.stores import NvmStore
from hal.file_store import FileStore
from hal.memory_store import MemoryStore
from fakestore import Tearing, newest, FlashNvm, journal_heads, counted
from test_save import finish


def nothing(sim, t):
    pass


def play_decisions(sim, n):
    for _ in range(n):
        if not isinstance(sim.screen, TableScreen) or sim.screen.g.over:
            return
        human_turn(sim, nothing)


def started(data_dir, preset="fan_tan", moves=3, seed=77):
    sim = Sim(seed=seed, data_dir=str(data_dir))
    new_game(sim, PRESETS.index(preset))
    play_decisions(sim, moves)
    return sim


def dealt_out(sim):
    """The deal on screen played to its end (each first legal move) and settled: its game."""
    g = sim.screen.g
    play_out(g)
    sim.settle()
    return g


def replayed(sim):
    """The replay of the last finished deal, opened from the menu on screen and stepped to its end."""
    select_menu(sim, "Replay")
    sim.press("OK")
    r = sim.screen
    for _ in range(len(r.log)):
        sim.press("RIGHT")
    return r


def sim_on(store, board="pimoroni_picosystem"):
    """A fresh app powering up on a store (as after a reset)."""
    sim = Sim(board)
    sim.app.saves = Saves(store)
    sim.app.power_up()
    return sim


# ---- resume --------------------------------------------------------------------------
def test_restart_resumes_the_same_deal_turn_and_scores(tmp_path):
    sim = started(tmp_path, moves=4)
    t = sim.screen
    log = bytes(t.g.log)
    chips = list(sim.app.match.chips)
    sim2 = Sim(data_dir=str(tmp_path))
    sim2.settle()
    t2 = sim2.screen
    assert isinstance(t2, TableScreen)
    assert bytes(t2.g.log) == log
    assert t2.g.turn == t.g.turn == 0
    assert list(sim2.app.match.chips) == chips and t2.g.pot == t.g.pot
    assert sim2.app.settings["deal"] == sim.app.settings["deal"]


def test_resume_on_results_and_standings(tmp_path):
    """A power cut on the results or the standings (also after BACK from the standings to the
    results) comes back to that page, the deal counted once."""
    sim = started(tmp_path, "parliament", moves=0, seed=30)
    dealt_out(sim)
    assert isinstance(sim.screen, PageScreen)          # results
    results = page_text(sim.screen)
    again = Sim(data_dir=str(tmp_path))
    assert page_text(again.screen) == results
    sim.press("OK")                                     # standings
    standings = page_text(sim.screen)
    again = Sim(data_dir=str(tmp_path))
    assert page_text(again.screen) == standings
    sim.press("BACK")                                   # back to the results: comes back there
    assert page_text(sim.screen) == results == page_text(Sim(data_dir=str(tmp_path)).screen)
    sim.press("OK")
    again = Sim(data_dir=str(tmp_path))
    assert page_text(again.screen) == standings
    assert again.app.stats.deals == 1                   # counted once, not again on resume
    again.press("OK")                                   # the next deal
    assert isinstance(again.screen, TableScreen)
    assert again.app.stats.deals == 1


def test_the_deal_after_a_power_cut_on_the_results_plays_as_without_it(tmp_path):
    """The bots are seeded from the match's first deal: resumed on the first deal's results,
    they were seeded from the deal before it, so the next deal played out otherwise than the
    same match played without the power cut (the bots' moves are not saved, only replayed)."""
    logs = []
    for cut in (False, True):
        folder = tmp_path / ("cut" if cut else "kept")
        folder.mkdir()
        sim = started(folder, moves=0, seed=30)
        while isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
            human_turn(sim, nothing)
        sim.settle()
        assert isinstance(sim.screen, PageScreen) and sim.app.match.deals == 1     # results
        if cut:
            sim = Sim(data_dir=str(folder))
            assert isinstance(sim.screen, PageScreen) and sim.app.match.deals == 1
        sim.press("OK")                                 # standings
        sim.press("OK")                                 # the next deal
        t = sim.screen
        assert isinstance(t, TableScreen) and t.g.deal_number == 31
        while sim.screen is t and not t.g.over:
            human_turn(sim, nothing)
        logs.append(bytes(t.g.log))
    assert len(logs[0]) > 20 and logs[1] == logs[0]


@pytest.mark.parametrize("preset_key", ["sevens", "fan_tan"])
def test_a_power_cut_in_a_new_deal_before_your_first_decision_comes_back_at_its_table(tmp_path, preset_key):
    """OK on the standings deals the next deal; the bots play up to your first decision. Power
    lost then came back on the last deal's standings (the new deal was not written until your
    first decision), not at the table you left, as docs/saving.md promises."""
    sim = started(tmp_path, preset_key, moves=0, seed=30)
    while isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
        human_turn(sim, nothing)
    sim.settle()
    sim.press("OK")                                     # standings
    sim.press("OK")                                     # the next deal, up to your decision
    t = sim.screen
    assert isinstance(t, TableScreen) and t.my_turn() and sim.app.match.deals == 1
    again = Sim(data_dir=str(tmp_path))
    again.settle()
    t2 = again.screen
    assert isinstance(t2, TableScreen), page_text(t2)
    assert (t2.g.deal_number, bytes(t2.g.log), list(t2.g.hands), t2.cursor) == \
        (t.g.deal_number, bytes(t.g.log), list(t.g.hands), t.cursor)
    assert list(again.app.match.chips) == list(sim.app.match.chips) and t2.g.pot == t.g.pot
    assert again.app.stats.deals == 1                   # the first deal counted once


# ---- damaged records -------------------------------------------------------------------
def _flip(b):
    b = bytearray(b)
    b[len(b) // 2] ^= 0x10
    return bytes(b)


def _old_version(path):
    """A well-wrapped record whose engine record says another version."""
    store = MemoryStore()
    for n in ("game.0", "game.1"):
        p = os.path.join(path, n)
        if os.path.exists(p):
            store.cells[n] = open(p, "rb").read()
    payload = newest(Record(store, "game", GAME_KIND))[0]
    bad = bytearray(payload)
    bad[10 + 2] = 0          # engine.save's version byte
    return bytes(bad)


CORRUPTIONS = ("truncate", "bitflip", "garbage", "old_version", "empty")


@pytest.mark.parametrize("how", CORRUPTIONS)
def test_damaged_game_files_start_clean_with_a_notice(tmp_path, how):
    sim = started(tmp_path, moves=3)
    sim.app.stats.add_deal("fan_tan", 0, True, 0)     # something worth keeping
    sim.app.save_prefs()
    names = [n for n in ("game.0", "game.1") if (tmp_path / n).exists()]
    assert names
    if how == "old_version":     # good records (CRC and all) of an older save format
        old = _old_version(str(tmp_path))
        Record(FileStore(str(tmp_path)), "game", GAME_KIND).write(old)
        Record(FileStore(str(tmp_path)), "game", GAME_KIND).write(old + b"\x00")
        names = []
    rnd = random.Random(how)
    for n in names:
        p = tmp_path / n
        data = p.read_bytes()
        if how == "truncate":
            p.write_bytes(data[:len(data) // 2])
        elif how == "bitflip":
            p.write_bytes(_flip(data))
        elif how == "garbage":
            p.write_bytes(bytes(rnd.randrange(256) for _ in range(len(data))))
        elif how == "empty":
            p.write_bytes(b"")
    sim2 = Sim(data_dir=str(tmp_path))
    scr = sim2.screen
    assert isinstance(scr, PageScreen)
    assert "Saved game was damaged: new game" in " ".join(page_text(scr))
    assert sim2.app.stats.deals == 1                   # statistics kept
    sim2.press("OK")
    assert isinstance(sim2.screen, ListScreen) and sim2.app.match is None
    new_game(sim2, PRESETS.index("sevens"))
    play_decisions(sim2, 2)
    assert len(sim2.screen.g.log) >= 2
    # and the new game is what the next power-up finds
    assert isinstance(Sim(data_dir=str(tmp_path)).screen, TableScreen)


def test_a_damaged_game_is_said_once_not_at_every_power_up(tmp_path):
    """docs/saving.md: with a damaged game record the badge "starts clean and says so". The
    notice came back at every power-up after it had been read (the damaged slots stayed on the
    flash until a match was started), as if the save were damaged anew each time."""
    started(tmp_path, moves=3)
    for n in ("game.0", "game.1"):
        if (tmp_path / n).exists():
            (tmp_path / n).write_bytes(b"garbage")
    sim = Sim(data_dir=str(tmp_path))
    assert "Saved game was damaged: new game" in " ".join(page_text(sim.screen))
    sim.press("OK")
    assert isinstance(sim.screen, ListScreen) and sim.app.match is None
    again = Sim(data_dir=str(tmp_path))
    assert isinstance(again.screen, ListScreen), " ".join(page_text(again.screen))
    assert again.app.match is None


def test_power_up_s_code_is_held_only_while_its_notice_is_in_front(tmp_path, monkeypatch):
    """Power-up's reading of the records is borrowed (firmware/power_up.py): after damaged
    prefs its notice holds it, OK resumes the match the game record kept, and then none of its
    code is alive; a power-up with nothing to say lets go of it before the first frame."""
    from simhelp import Borrowed
    started(tmp_path, moves=3)
    (tmp_path / "prefs.0").write_bytes(b"garbage")
    (tmp_path / "prefs.1").write_bytes(b"garbage")
    alive = Borrowed(monkeypatch, ("power_up",)).alive
    sim = Sim(data_dir=str(tmp_path))
    assert "damaged" in " ".join(page_text(sim.screen)) and alive("power_up")
    sim.press("OK")
    assert isinstance(sim.screen, TableScreen) and len(sim.screen.g.log) >= 3
    assert not alive("power_up")
    again = Sim(data_dir=str(tmp_path))
    assert isinstance(again.screen, TableScreen) and not alive("power_up")


def test_an_unreadable_save_file_is_said_and_never_written_over(tmp_path, monkeypatch):
    """A slot file that cannot be read (an I/O error, not a missing file) read as no record:
    the badge came up blank without a word, and its first write went over the saved game and
    settings, which were whole on the flash."""
    import hal.file_store
    sim = started(tmp_path, moves=3)
    kept = {n: (tmp_path / n).read_bytes() for n in os.listdir(tmp_path)}
    real_open = open

    def unreadable(path, mode="r", *a, **k):
        if "r" in mode:
            raise OSError(5, "Input/output error")
        return real_open(path, mode, *a, **k)
    monkeypatch.setattr(hal.file_store, "open", unreadable, raising=False)
    again = Sim(data_dir=str(tmp_path))
    assert isinstance(again.screen, PageScreen), "nothing said"
    again.press("OK")
    new_game(again, PRESETS.index("sevens"))
    play_decisions(again, 1)
    assert {n: (tmp_path / n).read_bytes() for n in os.listdir(tmp_path)} == kept
    monkeypatch.undo()
    back = Sim(data_dir=str(tmp_path))
    back.settle()
    assert bytes(back.screen.g.log) == bytes(sim.screen.g.log)


def failing_reads(monkeypatch, times, prefix=""):
    """hal.file_store's reads of files whose name starts with `prefix` raise EIO, the first
    `times` of them (a glitch as the badge powers up); the list of the paths that failed."""
    import hal.file_store
    real_open = open
    failed = []

    def glitch(path, mode="r", *a, **k):
        if "r" in mode and os.path.basename(path).startswith(prefix) and len(failed) < times:
            failed.append(path)
            raise OSError(5, "Input/output error")
        return real_open(path, mode, *a, **k)
    monkeypatch.setattr(hal.file_store, "open", glitch, raising=False)
    return failed


def test_a_read_that_fails_once_at_power_up_keeps_the_settings_and_statistics(tmp_path, monkeypatch):
    """An I/O error on the first read only (a glitch as the badge powers up) is read again:
    it said "settings damaged", reset them, and wrote the reset over the whole ones."""
    sim = started(tmp_path, moves=3)
    sim.app.settings["sound"] = 0
    sim.app.settings["speed"] = 2
    sim.app.save_prefs()
    kept = {n: (tmp_path / n).read_bytes() for n in os.listdir(tmp_path)}
    failed = failing_reads(monkeypatch, 1)
    again = Sim(data_dir=str(tmp_path))
    assert failed and isinstance(again.screen, TableScreen), "a notice, not the game"
    assert (again.app.settings["sound"], again.app.settings["speed"]) == (0, 2)
    assert again.app.stats.encode() == sim.app.stats.encode()
    assert {n: (tmp_path / n).read_bytes() for n in os.listdir(tmp_path)} == kept


def test_reads_that_fail_a_while_at_power_up_never_write_the_reset_over_the_records(tmp_path, monkeypatch):
    """Reads that fail twice (the retry too) and then work: the badge said "settings damaged"
    and wrote the reset at once, over the settings and statistics that were whole on the flash,
    and the next power-up found the reset, not them. Now nothing is written over a record it
    could not read: "Cannot save" is said, and the next power-up finds them."""
    sim = started(tmp_path, moves=3)
    sim.app.settings["speed"] = 2
    sim.app.stats.add_deal("fan_tan", 0, True, 0)
    sim.app.save_prefs()
    failed = failing_reads(monkeypatch, 2)
    again = Sim(data_dir=str(tmp_path))
    assert len(failed) == 2 and "were damaged: reset" in " ".join(page_text(again.screen))
    again.press("OK")                           # the game, read well, comes back
    assert isinstance(again.screen, TableScreen)
    while not again.screen.my_turn():
        again.tick()
    assert message(again.screen) == text.t("not_saved")
    again.play_legal()
    back = Sim(data_dir=str(tmp_path))
    assert back.app.settings["speed"] == 2 and back.app.stats.deals == 1
    assert isinstance(back.screen, TableScreen) and len(back.screen.g.log) > len(sim.screen.g.log)


def test_notice_is_translated(tmp_path):
    sim = started(tmp_path, moves=1)
    sim.app.settings["lang"] = 1
    sim.app.save_prefs()
    for n in ("game.0", "game.1"):
        if (tmp_path / n).exists():
            (tmp_path / n).write_bytes(b"\x42" * 40)
    try:
        sim2 = Sim(data_dir=str(tmp_path))
        assert "Partie enregistrée endommagée" in " ".join(page_text(sim2.screen))
    finally:
        text.set_lang(0)


def test_a_deleted_slot_falls_back_to_the_previous_decision(tmp_path):
    sim = started(tmp_path, moves=3)
    store = FileStore(str(tmp_path))
    rec = Record(store, "game", GAME_KIND)
    latest = rec.read_all()[0][0]
    for n in ("game.0", "game.1"):
        if store.load(n) is not None and latest in store.load(n):
            os.remove(str(tmp_path / n))
    sim2 = Sim(data_dir=str(tmp_path))
    sim2.settle()
    t = sim2.screen
    assert isinstance(t, TableScreen)                  # no notice: the older record is good
    assert len(t.g.log) < len(sim.screen.g.log)
    play_decisions(sim2, 1)


def test_every_truncation_of_a_payload_under_a_good_crc_is_refused():
    """A payload cut short but under a good CRC (no store writes one): a game record is refused
    at every length, and prefs load only whole up to their statistics (the replay after them,
    cut, is dropped): autosave's parsers refuse short payloads by the reads past their end."""
    sim = Sim(seed=5)
    new_game(sim, PRESETS.index("fan_tan"))
    play_decisions(sim, 4)
    sim.app.last_deal = save.encode(sim.app.match, 0)
    sim.app.save_prefs()
    game = sim.app.saves.game.read_all()[0][0]
    prefs = sim.app.saves.prefs.read_all()[0][0]

    def key(loaded):
        if loaded[0] is None:
            return loaded
        settings, seats, stats, counted, rules, replay = loaded[0]
        return settings, bytes(seats), stats.encode(), counted, rules, replay, loaded[1]

    whole = key(Saves(sim.app.saves.store).load_prefs())
    assert whole[5] == sim.app.last_deal
    for k in range(len(game)):
        saves = Saves(MemoryStore())
        saves.game.write(game[:k])
        assert saves.load_game() == (None, k > 0), k
    stats_end = len(prefs) - len(sim.app.last_deal)
    for k in range(len(prefs)):
        saves = Saves(MemoryStore())
        saves.prefs.write(prefs[:k])
        assert key(saves.load_prefs()) == (whole[:5] + (b"", False) if k >= stats_end else (None, True)), k


@pytest.mark.parametrize("slot", ("0", "1"))
def test_an_emptied_slot_beside_a_missing_one_is_damage(slot):
    """A zero-length slot (no store writes one) is a record lost, whichever slot it is: with
    the other slot missing, the game and the prefs are said damaged, not taken for a new badge."""
    for name in ("game", "prefs"):
        s = MemoryStore()
        s.cells[name + "." + slot] = b""
        saves = Saves(s)
        assert (saves.load_game() if name == "game" else saves.load_prefs()) == (None, True), name


def test_damaged_prefs_reset_settings_but_keep_the_game(tmp_path):
    sim = started(tmp_path, moves=2)
    for n in ("prefs.0", "prefs.1"):
        if (tmp_path / n).exists():
            (tmp_path / n).write_bytes(_flip((tmp_path / n).read_bytes()))
    sim2 = Sim(data_dir=str(tmp_path))
    assert "Saved settings and statistics were damaged" in " ".join(page_text(sim2.screen))
    sim2.press("OK")
    assert isinstance(sim2.screen, TableScreen)
    assert bytes(sim2.screen.g.log) == bytes(sim.screen.g.log)[:len(sim2.screen.g.log)]


def test_prefs_only_a_newer_firmware_reads_are_said_reset_once(tmp_path):
    """A badge put back on an older firmware: whole prefs of a version it cannot read reset the
    settings and statistics with the notice, as damaged ones do, and the reset is kept: the
    next power-up goes straight back to the game, saying nothing."""
    sim = started(tmp_path, moves=2)
    saves = Saves(FileStore(str(tmp_path)))
    newer = bytearray(saves.prefs.read_all()[0][0])
    newer[0] = 6
    assert saves.prefs.write(bytes(newer)) and saves.prefs.write(bytes(newer) + b"\x00")   # both slots
    sim2 = Sim(data_dir=str(tmp_path))
    assert "Saved settings and statistics were damaged" in " ".join(page_text(sim2.screen))
    sim2.press("OK")
    assert isinstance(sim2.screen, TableScreen)
    sim3 = Sim(data_dir=str(tmp_path))
    assert isinstance(sim3.screen, TableScreen)
    assert bytes(sim3.screen.g.log) == bytes(sim.screen.g.log)[:len(sim3.screen.g.log)]


def test_damaged_prefs_beside_a_deal_s_results_keep_its_replay_over_the_next_power_cut(tmp_path):
    """The prefs reset at power-up keep the replay of the deal settled on flash: the next deal's
    game record no longer holds it, so a power cut there must still find it in the prefs."""
    sim = started(tmp_path, "sevens", moves=0, seed=5)
    g = dealt_out(sim)
    final = list(g.table)
    assert isinstance(sim.screen, PageScreen)           # the results, saved as the screen
    for n in ("prefs.0", "prefs.1"):
        if (tmp_path / n).exists():
            (tmp_path / n).write_bytes(_flip((tmp_path / n).read_bytes()))
    sim2 = Sim(data_dir=str(tmp_path))
    assert "Saved settings and statistics were damaged" in " ".join(page_text(sim2.screen))
    for _ in range(3):                      # the notice, the results, the standings
        sim2.settle()
        sim2.press("OK")
    assert isinstance(sim2.screen, TableScreen) and sim2.screen.g.deal_number == g.deal_number + 1
    cut = Sim(data_dir=str(tmp_path))       # a power cut in the next deal
    assert isinstance(cut.screen, TableScreen)
    cut.press("MENU")
    r = replayed(cut)
    assert list(r.g.table) == final and r.g.over


def test_every_bit_flip_and_truncation_of_a_real_record_is_refused():
    sim = Sim(seed=5)
    new_game(sim, PRESETS.index("fan_tan"))
    play_decisions(sim, 4)
    store = sim.app.saves.store
    name = [n for n in ("game.0", "game.1") if n in store.cells][-1]
    good = store.cells[name]
    for k in range(len(good)):
        for bit in range(8):
            bad = bytearray(good)
            bad[k] ^= 1 << bit
            s = MemoryStore()
            s.cells["game.0"] = bytes(bad)
            saved, damaged = Saves(s).load_game()
            assert saved is None and damaged, (k, bit)
    for k in range(len(good)):
        s = MemoryStore()
        s.cells["game.0"] = good[:k]
        saved, damaged = Saves(s).load_game()
        assert saved is None
    rnd = random.Random(1)
    for _ in range(300):
        s = MemoryStore()
        s.cells["game.0"] = bytes(rnd.randrange(256) for _ in range(rnd.randrange(600)))
        s.cells["prefs.1"] = bytes(rnd.randrange(256) for _ in range(rnd.randrange(300)))
        assert Saves(s).load_game()[0] is None
        Saves(s).load_prefs()        # never raises


# ---- power cuts ---------------------------------------------------------------------------
def test_power_cut_at_every_byte_of_an_autosave_leaves_a_loadable_game():
    flash = Tearing()
    sim = Sim(seed=11)
    sim.app.saves = Saves(flash)
    new_game(sim, PRESETS.index("fan_tan"))
    play_decisions(sim, 2)
    before = dict(flash.cells)
    log_before = bytes(sim.app.saves.load_game()[0].match.game.log)
    human_turn(sim, nothing)                 # the real app writes the decision
    after = dict(flash.cells)
    log_after = bytes(sim.app.saves.load_game()[0].match.game.log)
    assert log_after != log_before
    written = [n for n in after if after[n] != before.get(n)]
    assert len(written) == 1
    size = len(after[written[0]])
    # the app's own autosave of the position now, cut at every byte of the slot it writes
    app = sim.app
    log_now = bytes(app.match.game.log)
    flash.cells = dict(before)
    app.save_game(autosave.TABLE, 0)
    size = len(flash.cells[written[0]])
    for k in range(size + 1):
        flash.cells = dict(before)
        flash.cut_at = k
        assert app.save_game(autosave.TABLE, 0) is False   # lost, but nothing raises
        flash.cut_at = None
        store = MemoryStore()
        store.cells = dict(flash.cells)
        saved, damaged = Saves(store).load_game()
        # torn: the previous record; all bytes down (cut just after the last): the new one
        assert bytes(saved.match.game.log) == (log_now if k == size else log_before), k
        if k % 16 == 0 or k == size:      # and the whole app powers up on it, and plays on
            back = sim_on(store)
            back.settle()
            assert isinstance(back.screen, TableScreen), k
            assert bytes(back.screen.g.log).startswith(log_before)
            play_decisions(back, 1)


def test_power_cut_during_the_statistics_write_never_loses_them():
    flash = Tearing()
    sim = Sim(seed=30)
    sim.app.saves = Saves(flash)
    sim.app.stats.add_deal("sevens", 1, True, 0)
    sim.app.save_prefs()
    before = dict(flash.cells)
    sim.app.stats.add_deal("sevens", 1, False, 7)
    flash.cells = dict(before)
    sim.app.save_prefs()
    size = max(len(v) for v in flash.cells.values())
    for k in range(size + 1):
        flash.cells = dict(before)
        flash.cut_at = k
        sim.app.save_prefs()
        flash.cut_at = None
        store = MemoryStore()
        store.cells = dict(flash.cells)
        prefs, damaged = Saves(store).load_prefs()
        assert prefs is not None and prefs[2].deals == (2 if k == size else 1), k


# ---- the simulator from the command line ---------------------------------------------------
def test_headless_simulator_resumes_the_identical_screen(tmp_path):
    from test_sim_cli import run_sim
    from PIL import Image, ImageChops
    data = str(tmp_path / "data")
    a, b = tmp_path / "before.png", tmp_path / "after.png"
    r = run_sim("--headless", "--seed", "77", "--data-dir", data,
                "--keys", "OK,OK,HINT,OK,HINT,OK,HINT,OK,LEFT,HINT,OK", "--screenshot", str(a))
    assert r.returncode == 0, r.stderr
    r = run_sim("--headless", "--data-dir", data, "--screenshot", str(b))
    assert r.returncode == 0, r.stderr
    ia, ib = Image.open(a).convert("RGB"), Image.open(b).convert("RGB")
    assert ia.size == ib.size
    assert ImageChops.difference(ia, ib).getbbox() is None


def test_headless_simulator_plays_after_garbage(tmp_path):
    from test_sim_cli import run_sim
    data = tmp_path / "data"
    r = run_sim("--headless", "--seed", "3", "--data-dir", str(data), "--keys", "OK,OK,HINT,OK")
    assert r.returncode == 0, r.stderr
    for n in ("game.0", "game.1", "prefs.0", "prefs.1"):
        if (data / n).exists():
            (data / n).write_bytes(os.urandom(100))
    shot = tmp_path / "notice.png"
    r = run_sim("--headless", "--data-dir", str(data), "--keys", "@" + str(shot) + ",OK,OK,OK,HINT,OK")
    assert r.returncode == 0, r.stderr
    sim = Sim(data_dir=str(data))
    sim.settle()
    assert isinstance(sim.screen, TableScreen) and len(sim.screen.g.log) >= 1


# ---- settings, statistics, replay ------------------------------------------------------------
def test_settings_and_statistics_survive_a_restart(tmp_path):
    sim = Sim(data_dir=str(tmp_path))
    select_menu(sim, "Settings")
    sim.press("OK")
    select_menu(sim, "Sound")
    sim.press("RIGHT")                   # sound off
    select_menu(sim, "Speed")
    sim.press("RIGHT")                   # fast
    sim.press("BACK")
    new_game(sim, PRESETS.index("parliament"))
    dealt_out(sim)
    sim2 = Sim(data_dir=str(tmp_path))
    assert sim2.app.settings["sound"] == 0 and sim2.app.settings["speed"] == 2
    assert sim2.app.settings["preset"] == PRESETS.index("parliament")
    assert sim2.app.stats.deals == 1
    assert sim2.app.stats.played[sim2.app.stats.slot("parliament", 0)] == 1
    sim2.app.stats_screen()
    page = page_text(sim2.screen)
    assert "Deals: 1 " in page[0] and page[page.index("Parliament") + 1].startswith("  Easy: ")


def test_the_backlight_comes_up_at_the_brightness_set(tmp_path):
    """A badge turned down to 40% comes back on at 40% after a restart, not at full light
    until Settings is opened again (and its title offers no replay: no deal was finished)."""
    sim = Sim(data_dir=str(tmp_path))
    select_menu(sim, "Settings")
    sim.press("OK")
    select_menu(sim, "Light")
    for _ in range(3):
        sim.press("LEFT")                   # 100% -> 40%
    assert sim.app.settings["bright"] == 1 and sim.app.hal.brightness == pytest.approx(0.4)
    sim2 = Sim(data_dir=str(tmp_path))
    assert sim2.app.hal.brightness == pytest.approx(0.4)
    assert isinstance(sim2.screen, ListScreen)      # the title: no deal finished, nothing to replay
    assert not [i for i in sim2.screen.items if "Replay" in sim2.screen.item_text(i)]


def test_a_deal_against_one_hard_bot_counts_at_hard(tmp_path):
    """A match is as hard as its hardest bot: Easy bots and a Hard P4 (the last seat of four)
    count the deal in the statistics at Hard, before and after a restart, and the bots come
    back as they were set."""
    sim = Sim(data_dir=str(tmp_path))
    pick_preset(sim, PRESETS.index("sevens"))
    assert sim.app.rules().players == 4
    select_menu(sim, "P4")
    sim.press("RIGHT")
    sim.press("RIGHT")
    assert bytes(sim.app.seat_levels[1:4]) == bytes((0, 0, 2))
    select_menu(sim, "Start")
    sim.press("OK")
    dealt_out(sim)
    hard = Stats.slot("sevens", 2)
    assert sim.app.stats.played[hard] == 1 and sim.app.stats.deals == 1
    again = Sim(data_dir=str(tmp_path))
    assert again.app.stats.played[hard] == 1
    assert bytes(again.app.seat_levels[1:4]) == bytes((0, 0, 2))     # New game's bots as set


def test_a_deal_against_easy_bots_set_after_hard_ones_counts_at_easy(tmp_path):
    """Bots set to Hard, then each of the three bots of a Sevens match set back to Easy: the
    human's seat and the seats nobody plays still read Hard, and the deal counts at Easy, the
    level of the bots that played it."""
    sim = Sim(data_dir=str(tmp_path))
    pick_preset(sim, PRESETS.index("sevens"))
    assert sim.app.rules().players == 4
    select_menu(sim, "Bots")
    while sim.app.seat_levels[1] != 2:
        sim.press("RIGHT")
    for seat in ("P2", "P3", "P4"):
        select_menu(sim, seat)
        sim.press("RIGHT")                      # Hard -> Easy
    assert bytes(sim.app.seat_levels) == bytes((2, 0, 0, 0, 2, 2, 2))
    select_menu(sim, "Start")
    sim.press("OK")
    dealt_out(sim)
    easy = Stats.slot("sevens", 0)
    assert sim.app.stats.played[easy] == 1 and sim.app.stats.deals == 1
    assert Sim(data_dir=str(tmp_path)).app.stats.played[easy] == 1


def test_a_setting_or_a_new_game_choice_survives_a_power_cut_before_you_leave_its_page(tmp_path):
    """Nothing lost when the battery dies: a language changed in Settings, or a rule set and
    table size chosen on New game, came back as they were before if the power went before
    you left the page (the settings were written only on leaving, the choices only at Start)."""
    sim = Sim(data_dir=str(tmp_path))
    select_menu(sim, "Settings")
    sim.press("OK")
    select_menu(sim, "Language")
    sim.press("RIGHT")                   # French; the power goes here
    lang = sim.app.settings["lang"]
    assert lang != 0
    sim2 = Sim(data_dir=str(tmp_path))
    assert sim2.app.settings["lang"] == lang
    sim2.app.settings["lang"] = 0
    text.set_lang(0)
    sim2.app.save_prefs()
    sim3 = Sim(data_dir=str(tmp_path))
    try:
        sim3.app.title()
        pick_preset(sim3, PRESETS.index("domino"))
        sim3.press("DOWN")
        sim3.press("RIGHT")              # 4 players to 5; the power goes here
        players = sim3.app.settings["players"]
        sim4 = Sim(data_dir=str(tmp_path))
        assert sim4.app.settings["preset"] == PRESETS.index("domino")
        assert sim4.app.settings["players"] == players == 5
        select_menu(sim3, "Deal #")
        for b in ("OK", "UP", "RIGHT", "UP", "OK"):     # typed digit by digit: 00001 -> 11001
            sim3.press(b)
        assert sim3.app.settings["deal"] == 11001       # the power goes here
        assert Sim(data_dir=str(tmp_path)).app.settings["deal"] == 11001
    finally:
        text.set_lang(0)


def test_statistics_reset_needs_a_confirmation(tmp_path):
    sim = Sim(data_dir=str(tmp_path))
    sim.app.stats.add_deal("sevens", 0, True, 3)
    sim.app.save_prefs()
    select_menu(sim, "Statistics")
    sim.press("OK")
    assert "Deals: 1" in " ".join(page_text(sim.screen))
    sim.press("OK")                                  # asks
    assert isinstance(sim.screen, ListScreen) and sim.screen.title == "Reset stats?"
    sim.press("OK")                                  # "No" is selected first
    assert sim.app.stats.deals == 1
    sim.press("OK")
    sim.press("DOWN")
    sim.press("OK")                                  # "Yes, reset"
    assert sim.app.stats.deals == 0
    assert "Deals: 0" in " ".join(page_text(sim.screen))
    assert Sim(data_dir=str(tmp_path)).app.stats.deals == 0


def test_replay_steps_through_the_last_deal(tmp_path):
    sim = started(tmp_path, "parliament", moves=0, seed=30)
    g = dealt_out(sim)
    final = list(g.table)
    sim.press("OK")
    sim.press("OK")                         # standings -> next deal
    assert isinstance(sim.screen, TableScreen)
    cut = Sim(data_dir=str(tmp_path))       # a power cut in the next deal: the replay is kept
    assert isinstance(cut.screen, TableScreen)
    cut.press("MENU")
    select_menu(cut, "Replay")
    sim.press("MENU")
    select_menu(sim, "Replay")
    sim.press("OK")
    r = sim.screen
    assert r.pos == 0 and not any(r.g.table)
    for _ in range(len(r.log)):
        sim.press("RIGHT")
    assert list(r.g.table) == final and r.g.over
    assert "Replay" in message(r)
    sim.press("LEFT")
    assert r.pos == len(r.log) - 1
    sim.press("BACK")
    assert sim.screen.title == "Paused"
    # the finished deal's record is kept: after the match, the title offers it too,
    # and after a power cut as well (a quit mid-deal kept no record: the replay was lost)
    select_menu(sim, "Quit match")
    sim.press("OK")
    sim.press("DOWN")
    sim.press("OK")                         # "Yes, quit"
    assert sim.app.match is None
    for again in (sim, Sim(data_dir=str(tmp_path))):
        assert "Replay last deal" in [again.screen.item_text(i) for i in again.screen.items]
        r = replayed(again)
        assert list(r.g.table) == final and r.g.over
        again.press("BACK")
        assert again.app.match is None and again.screen.items[0][0] == "new_game"
        assert again.screen.items[again.screen.sel][0] == "replay"      # back on its line


# ---- flash wear ----------------------------------------------------------------------------
def test_writes_per_deal_through_the_real_app():
    sim = Sim(seed=21)
    new_game(sim, PRESETS.index("sevens"))
    n = counted(sim.app.saves.game.store)
    decisions = 0
    while isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
        human_turn(sim, nothing)
        decisions += 1
    sim.settle()
    sim.press("OK")                         # results -> standings
    writes = n["game"] + n["prefs"]
    print("decisions %d, writes %d" % (decisions, writes))
    assert decisions >= 5
    # one per human decision, the statistics and the results screen, the standings screen
    assert writes <= decisions + 3
    # identical writes are skipped
    sim.app.save_game(autosave.STANDINGS)
    sim.app.save_prefs()
    assert n["game"] + n["prefs"] == writes


def test_the_writes_of_starting_and_quitting_are_those_docs_saving_md_gives():
    """docs/saving.md counts the writes a match's start and quit add. Start writes the settings
    (the next deal number) and the game; a quit writes the game record, and the settings only
    where they changed: a quit in the first deal found the next deal number already kept by
    Start (the doc said two writes), one after a later deal was dealt writes that deal's
    number. A start beside a finished match's record clears it first (docs/saving.md)."""
    import re
    with open(os.path.join(ROOT, "docs", "saving.md"), encoding="utf-8") as f:
        doc = " ".join(f.read().split())
    words = {"one": 1, "two": 2, "three": 3}
    said = re.search(r"Starting a match adds (\w+) \(.*?; (\w+) after a finished match.*?\), "
                     r"quitting (\w+) or (\w+) \(", doc)
    assert said, "docs/saving.md no longer counts the writes of a start and a quit"
    start, after_match, quit_first, quit_later = (words[w] for w in said.groups())
    sim = Sim(seed=21)
    n = counted(sim.app.saves.game.store)

    def writes():
        w = n["game"] + n["prefs"]
        n["game"] = n["prefs"] = 0
        return w
    new_game(sim, PRESETS.index("sevens"))
    assert writes() == start
    play_decisions(sim, 2)
    writes()
    sim.press("MENU")
    quit_match(sim)                         # in the match's first deal
    assert writes() == quit_first
    new_game(sim, PRESETS.index("sevens"))
    assert writes() == start                # the quit cleared the game record: nothing to clear
    sim.app.stats.streak = 2                # deals won in a row, kept: the quit ends them
    sim.app.save_prefs()
    writes()
    sim.press("MENU")
    quit_match(sim)
    assert writes() == quit_later
    new_game(sim, PRESETS.index("sevens"))
    assert writes() == start
    dealt_out(sim)
    sim.press("OK")
    sim.press("OK")                         # the next deal
    assert isinstance(sim.screen, TableScreen)
    play_decisions(sim, 1)
    writes()
    sim.press("MENU")
    quit_match(sim)                         # in a later deal
    assert writes() == quit_later
    assert quit_first < quit_later
    new_game(sim, PRESETS.index("sevens"))
    while sim.app.match is not None:        # the whole match: its last deal's record stays on flash
        dealt_out(sim)
        sim.press("OK")
        sim.press("OK")
    sim.press("BACK")                       # New game, offered at the match's end: the title
    writes()
    new_game(sim, PRESETS.index("sevens"))
    assert writes() == after_match


def test_the_badge_nvm_is_erased_about_once_in_two_deals():
    """Through the real app on CircuitPython's nvm (FlashNvm behaves as its RP2040 code): a
    deal's dozen saves go into erased flash, so the sector, which every erase puts at risk,
    is rewritten rarely; the game read back from the nvm is the one on the table."""
    nvm = FlashNvm()
    sim = Sim(seed=21)
    sim.app.saves = Saves(NvmStore(nvm))
    n = counted(sim.app.saves.game.store)
    new_game(sim, PRESETS.index("sevens"))
    for deal in range(3):
        while isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
            human_turn(sim, nothing)
        sim.settle()
        sim.press("OK")                     # results -> standings
        if deal < 2:
            sim.press("OK")                 # the next deal
    writes = n["game"] + n["prefs"]
    assert writes >= 30 and nvm.erases <= 2, (writes, nvm.erases)
    kept, damaged = Saves(NvmStore(nvm)).load_game()
    assert not damaged and bytes(kept.match.game.log) == bytes(sim.app.match.game.log)


@pytest.mark.parametrize("entry", [0, 1, 3])
def test_a_journal_damaged_in_the_middle_says_what_was_lost(entry):
    """A bit rotted in the head of an nvm journal's entry, with later saves after it: those
    are lost. The badge says it went back to the last good save, or, with nothing before the
    damage, that the game and the settings are gone (it came back on an older deal, or a
    blank title with reset statistics, without a word). The next save heals the journal.
    Damage just after the first save (the game's) loses the settings too: saying their reset
    alone hid that the game came back 36 actions earlier (hand mutation of power_up: r41)."""
    nvm = FlashNvm()
    sim = Sim(seed=21)
    sim.app.saves = Saves(NvmStore(nvm))
    new_game(sim, PRESETS.index("sevens"))
    play_decisions(sim, 8)
    nvm.mem[journal_heads(nvm)[entry] + 2] ^= 4
    again = sim_on(NvmStore(nvm))
    said = " ".join(page_text(again.screen))
    if entry:
        assert "back to the last good one" in said and "damaged: new game" not in said, said
        assert ("settings and statistics were damaged" in said) == (entry == 1), said
    else:
        assert "Saved game was damaged" in said and "settings and statistics were damaged" in said
        assert "back to the last good one" not in said, said        # there is none to go back to
    again.press("OK")
    if entry:
        play_decisions(again, 1)
    else:
        new_game(again, PRESETS.index("sevens"))
    healed = sim_on(NvmStore(nvm))
    assert isinstance(healed.screen, TableScreen), " ".join(page_text(healed.screen))


# ---- a flash that keeps nothing, slots that cannot be used ----------------------------------
class FullStore(MemoryStore):
    """Flash that is full (or read-only): every write fails."""

    def save(self, name, data):
        raise OSError(28, "No space left on device")


def test_a_full_flash_is_said_at_the_table_and_the_game_goes_on():
    sim = Sim("pimoroni_badger2040", seed=5, battery=40)
    sim.app.saves = Saves(FullStore())
    new_game(sim, PRESETS.index("sevens"))
    assert sim.app.unsaved
    warned = lambda: [m for m in sim.messages if "save" in m]  # noqa: E731
    play_decisions(sim, 3)
    assert warned() == ["Cannot save: power-off loses this game"]   # once, not every turn
    sim.hal.charge = 8
    sim.tick(61000)
    sim.play_legal()
    assert "Battery 8%: game not saved!" in warned()
    assert not [m for m in sim.messages if m.endswith("your game is saved")]
    assert isinstance(sim.screen, TableScreen) and len(sim.screen.g.log) > 2
    store = sim.app.saves = Saves(MemoryStore())    # room again: the game is kept at once, and
    play_decisions(sim, 1)                          # the settings and statistics with it, as
    assert not sim.app.unsaved                      # their last write failed
    assert store.load_prefs()[0] is not None and store.load_game()[0] is not None
    n = counted(store.game.store)
    play_decisions(sim, 1)
    assert n == {"game": 1, "prefs": 0}             # then the game alone again


def test_a_low_battery_on_a_full_flash_is_said_and_then_that_the_game_is_not_saved():
    """The battery's notice takes the decision the not-saved notice would have taken; that
    one comes at the next decision, and once: the battery notice did not mark it said."""
    sim = Sim("pimoroni_badger2040", seed=5, battery=8)
    sim.app.saves = Saves(FullStore())
    new_game(sim, PRESETS.index("sevens"))
    assert sim.app.unsaved
    play_decisions(sim, 3)
    assert [m for m in sim.messages if "save" in m] == ["Battery 8%: game not saved!",
                                                        "Cannot save: power-off loses this game"]


class FailingFrom(FileStore):
    """A folder whose writes fail from when `failing` is set: flash that fills up (28), or turns
    read-only (30), at a chosen moment; `only` limits it to one record's slots, `once` until
    another record is written."""

    def __init__(self, folder, errno=28, only="", once=False):
        super().__init__(folder)
        self.failing, self.errno, self.only, self.once = False, errno, only, once

    def save(self, name, data):
        if self.failing and name.startswith(self.only):
            raise OSError(self.errno, "No space left on device")
        self.failing = self.failing and not self.once      # another record's write lands
        return super().save(name, data)


def a_deal_whose_end_fails(tmp_path, **failing):
    """A Sevens deal played to its results on a store (FailingFrom) that starts failing as
    the app settles the deal (its statistics, its results)."""
    return a_deal_played_to_its_end_failing(Sim(seed=5, data_dir=str(tmp_path)), FailingFrom(str(tmp_path), **failing))


def a_deal_played_to_its_end_failing(sim, store):
    """A Sevens deal played to its results on store, whose writes fail (store.failing) from
    the moment the app settles the deal."""
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    settle = sim.app.deal_over

    def deal_over():
        store.failing = True
        settle()
    sim.app.deal_over = deal_over
    g = sim.screen.g
    while not g.over:
        play_decisions(sim, 1)
    sim.settle()
    return sim, store


@pytest.mark.parametrize("errno", (28, 30))
def test_a_flash_that_fails_as_a_deal_ends_is_said_as_the_next_deal_begins(tmp_path, errno):
    """The deal's last writes (statistics, results) fail: the warning was said on a table the
    results replaced, and never again, so a whole deal was lost at power-off unannounced."""
    sim, store = a_deal_whose_end_fails(tmp_path, errno=errno)
    sim.press("OK")                          # results -> standings
    sim.press("OK")                          # the next deal
    while not sim.screen.my_turn():
        sim.tick()
    assert message(sim.screen) == "Cannot save: power-off loses this game"


class FlakyGames(MemoryStore):
    """A memory store whose game writes fail as a full flash's do while `failing` is set."""

    def __init__(self, failing):
        super().__init__()
        self.failing = failing

    def save(self, name, data):
        if self.failing and name.startswith("game"):
            raise OSError(28, "No space left on device")
        return super().save(name, data)


def test_a_flash_that_fails_again_after_working_is_said_again():
    """A game write fails (said), the next lands, a later one fails: that was not said, as
    the warning was still marked given, so the game was lost at power-off unannounced."""
    store = FlakyGames(failing=False)
    sim = Sim(seed=5)
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("fan_tan"))
    play_decisions(sim, 1)
    said = []
    for failing in (True, False, True):
        store.failing = failing
        human_turn(sim, nothing)                # its write fails, or lands
        assert isinstance(sim.screen, TableScreen) and sim.screen.my_turn()
        assert sim.app.unsaved == (1 if failing else 0)
        said.append(message(sim.screen) == text.t("not_saved"))     # as the next decision begins
    assert said == [True, False, True]


def test_a_flash_that_fails_in_the_next_match_after_quitting_is_said_again():
    """Game writes fail (said), the flash works again as you quit (the game is cleared), and the
    next match's writes fail too: that is said again, not taken as the warning already given."""
    store = FlakyGames(failing=True)
    sim = Sim(seed=5)
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("fan_tan"))
    while not sim.screen.my_turn():
        sim.tick()
    assert message(sim.screen) == text.t("not_saved")
    store.failing = False
    sim.press("MENU")
    quit_match(sim)
    assert store.load("game.0") is not None or store.load("game.1") is not None
    store.failing = True
    new_game(sim, PRESETS.index("fan_tan"))
    while not sim.screen.my_turn():
        sim.tick()
    assert message(sim.screen) == text.t("not_saved")


def test_a_game_that_cannot_be_saved_is_said_once_though_the_statistics_are():
    """Every game write fails while the prefs' land (the statistics at the deal's end): "Cannot
    save" is said once, at the first decision, not again in the next deal as though a write
    that landed had saved the game."""
    store = FlakyGames(failing=True)
    sim = Sim(seed=5)
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("fan_tan"))
    prefs = store.load("prefs.0") or store.load("prefs.1")
    for _ in range(400):
        m = sim.app.match
        if m.deals == 1 and isinstance(sim.screen, TableScreen) and sim.screen.my_turn():
            break                               # the second deal's first decision
        if isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
            play_decisions(sim, 1)
        else:
            sim.settle()
            sim.press("OK")                     # results, standings, the next deal
    assert sim.app.match.deals == 1 and sim.app.unsaved == 1
    assert (store.load("prefs.0") or store.load("prefs.1")) != prefs     # the statistics landed
    assert sim.messages.count(text.t("not_saved")) == 1


@pytest.mark.parametrize("once", (True, False))
def test_a_deal_whose_statistics_failed_to_save_is_counted_at_power_up(tmp_path, once):
    """The statistics write at a deal's end fails once and the results write after it lands;
    the power goes on the results: at power-up the deal is counted, once. Also when every
    write of the statistics failed (once=False): then only the game record on the results,
    beside the prefs of before the deal, says the deal is to count."""
    sim, store = a_deal_whose_end_fails(tmp_path, only="prefs", once=once)
    assert isinstance(sim.screen, PageScreen) and store.failing != once and sim.app.stats.deals == 1
    assert bool(sim.app.unsaved) != once
    again = Sim(data_dir=str(tmp_path))
    assert again.app.stats.deals == 1 and isinstance(again.screen, PageScreen)
    third = Sim(data_dir=str(tmp_path))
    assert third.app.stats.deals == 1


def test_statistics_whose_write_failed_are_written_with_the_next_game_record(tmp_path):
    """The statistics write at a deal's end fails once; the flash works again for the results,
    the standings and the next deal's table. The prefs were retried only with your decisions,
    so a power cut as the next deal was dealt (its game record no longer on the results) lost
    the deal from the statistics and the replay, and the table said "Cannot save" though the
    flash had worked since."""
    sim, store = a_deal_whose_end_fails(tmp_path, only="prefs", once=True)
    final = list(sim.app.match.game.table)
    assert not sim.app.unsaved                  # written again with the results
    sim.press("OK")                             # results -> standings
    sim.press("OK")                             # the next deal
    assert isinstance(sim.screen, TableScreen) and sim.screen.my_turn()
    assert message(sim.screen) != text.t("not_saved")
    again = Sim(data_dir=str(tmp_path))
    assert again.app.stats.deals == 1
    again.press("MENU")
    assert list(replayed(again).g.table) == final


@pytest.mark.parametrize("once", (True, False))
def test_a_deal_whose_statistics_failed_to_save_is_the_replay_after_power_up(tmp_path, once):
    """The prefs on flash, from before the deal, hold no replay of it: the game record on its
    results does, and the replay offered after a power cut there is that deal (once=False:
    every write of the prefs failed, so the prefs on flash still say the deal before)."""
    sim, store = a_deal_whose_end_fails(tmp_path, only="prefs", once=once)
    final = list(sim.app.match.game.table)
    again = Sim(data_dir=str(tmp_path))
    assert isinstance(again.screen, PageScreen)
    again.settle()
    again.press("OK")                       # results -> standings
    again.press("OK")                       # the next deal
    assert isinstance(again.screen, TableScreen)
    again.press("MENU")
    r = replayed(again)
    assert list(r.g.table) == final and r.g.over


class Snapshots(MemoryStore):
    """A store that keeps what it held after each write: a power cut just after any of them."""

    def __init__(self):
        super().__init__()
        self.after = []

    def save(self, name, data):
        ok = super().save(name, data)
        self.after.append(dict(self.cells))
        return ok


class FullThenSnapshots(Snapshots):
    """Snapshots of a flash that is full (every write fails) while `failing` is set, or for
    its next `fails` writes, then works again."""

    failing = False
    fails = 0

    def save(self, name, data):
        if self.failing or self.fails:
            self.fails = max(0, self.fails - 1)
            raise OSError(28, "No space left on device")
        return super().save(name, data)


def test_a_deal_whose_end_failed_is_counted_at_every_cut_as_the_flash_works_again():
    """Every write fails as a Sevens deal ends (its statistics, results and standings), and
    the flash works again as the next deal is dealt: the statistics were retried only after
    that deal's game record, so a power cut between the two came back at the new deal with the
    deal before counted nowhere (the saving fuzz's failure windows)."""
    sim, store = a_deal_played_to_its_end_failing(Sim(seed=5), FullThenSnapshots())
    first = sim.app.match.deal_number
    sim.press("OK")                             # results -> standings, not written either
    store.failing = False
    n = len(store.after)
    sim.press("OK")                             # the next deal
    assert sim.app.stats.deals == 1 and not sim.app.unsaved and len(store.after) > n
    for cells in store.after[n:]:               # a power cut after each write that landed
        cut = MemoryStore()
        cut.cells = dict(cells)
        again = sim_on(cut)
        again.settle()
        assert again.app.stats.deals == 1 and again.app.match.deal_number in (first, first + 1)


def test_statistics_land_after_a_failed_game_record_as_soon_as_the_flash_works_again():
    """Your decisions' writes fail in a Sevens deal, and as it ends its statistics, and the
    results' write (the statistics retried before the game record, and the record); the flash
    works again just after: the statistics retried after the record land at once, so a power
    cut on the results keeps the deal counted as played (not its table from before, to play
    again), and it is not counted again when that table is played out."""
    store = FullThenSnapshots()
    sim = Sim(seed=5)
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    g = sim.screen.g
    while not g.over:
        store.fails = 4                         # the decision's, then the deal's end's if it ends it
        play_decisions(sim, 1)
        sim.settle()
        store.fails = 0 if store.fails == 3 else store.fails
    assert isinstance(sim.screen, PageScreen) and store.fails == 0
    assert sim.app.unsaved == 1                 # the game record's write failed, not the statistics'
    cut = MemoryStore()
    cut.cells = dict(store.cells)
    again = sim_on(cut)
    again.settle()
    assert again.app.stats.deals == 1 and isinstance(again.screen, TableScreen)
    dealt_out(again)
    assert again.app.stats.deals == 1


def test_the_prefs_are_not_written_again_while_only_the_game_s_writes_fail():
    """Every game write fails, the prefs' land: they are retried around the game record only
    while their own last write failed, so the next deal's table (its deal number) writes no
    prefs (the statistics and its deal number landed as the deal before ended)."""
    store = FlakyGames(failing=True)
    sim = Sim(seed=5)
    saves = sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    g = sim.screen.g
    while not g.over:
        play_decisions(sim, 1)
    sim.settle()
    sim.press("OK")                             # results -> standings
    assert sim.app.unsaved == 1
    n = counted(saves.prefs.store)
    sim.press("OK")                             # the next deal
    play_decisions(sim, 2)
    assert sim.app.match.deals == 1 and sim.app.unsaved == 1 and n["prefs"] == 0 < n["game"]


def a_finished_match():
    """A Sevens match played to its end (on a Snapshots store), on the title screen."""
    sim = Sim(seed=5)
    store = sim.app.saves.store = Snapshots()
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    play_to_the_title(sim)
    return sim, store


def play_to_the_title(sim):
    """Play the match on to its end, through its results and standings, to New game and
    BACK from it to the title."""
    for _ in range(400):
        if sim.app.match is None:
            break
        if isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
            play_decisions(sim, 1)
        else:
            sim.settle()
            sim.press("OK")                 # results, standings, the next deal or New game
    assert sim.app.match is None and sim.app.stats.matches == 1
    assert sim.screen.title == "New game"
    sim.press("BACK")


def test_a_match_over_or_quit_leaves_no_bot_in_memory():
    """Once a match ends or is quit, its bots are garbage: they stayed, each with the last view
    it was given and its search's game (8 KB, 17 KB with Hard bots, held at the title; found
    by a soak on MicroPython)."""
    for quit in (True, False):
        sim = Sim(seed=5)
        new_game(sim, PRESETS.index("sevens"))
        bots = []
        for _ in range(400):
            if sim.app.match is None:
                break
            if isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
                bots += [weakref.ref(b) for b in sim.app.bots if b is not None]
                if quit:
                    sim.press("MENU")
                    quit_match(sim)
                    continue
                play_decisions(sim, 1)
            else:
                sim.settle()
                sim.press("OK")
        gc.collect()
        assert isinstance(sim.screen, ListScreen) and bots
        assert [b for b in bots if b() is not None] == [], quit


def test_a_match_played_to_its_end_counts_as_won_only_when_you_lead(tmp_path):
    """The statistics page's "Won" counts a match you end among its leaders, and keeps it
    over a power cut (seed 5 wins its match, seed 7 does not)."""
    for seed in (5, 7):
        sim = Sim(seed=seed, data_dir=str(tmp_path / str(seed)))
        new_game(sim, PRESETS.index("sevens"))
        won = None
        for _ in range(400):
            m = sim.app.match
            if m is None:
                break
            if m.over:
                won = sim.app.human in m.leaders()
            if isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
                play_decisions(sim, 1)
            else:
                sim.settle()
                sim.press("OK")
        assert won is not None and sim.app.match is None
        for app in (sim, Sim(data_dir=str(tmp_path / str(seed)))):
            app.app.stats_screen()
            assert "Matches: 1 \u00b7 Won: %d" % won in page_text(app.screen), page_text(app.screen)


def counts(stats):
    return stats.deals, stats.matches


def test_a_power_cut_as_a_new_match_starts_counts_nothing_twice():
    """Start writes the new game and the prefs ("nothing counted yet"); power lost between the
    two left the prefs beside the finished match, which was counted again at power-up."""
    sim, store = a_finished_match()
    before = counts(sim.app.stats)
    writes = len(store.after)
    new_game(sim, PRESETS.index("sevens"))
    for cells in store.after[writes - 1:]:          # before Start, and after each of its writes
        cut = MemoryStore()
        cut.cells = dict(cells)
        assert counts(sim_on(cut).app.stats) == before


def test_a_power_cut_as_a_match_starts_on_the_deal_last_counted_loses_nothing():
    """New game's Deal # set back to the last deal counted, to play it again: a power cut
    between Start's two writes left the prefs' "last counted" beside the new match of that
    number, so its deal went uncounted when it ended (found by a power-cut fuzz)."""
    sim, store = a_finished_match()
    before = counts(sim.app.stats)
    last = sim.app.counted
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Deal #")
    sim.press("LEFT")
    assert sim.app.settings["deal"] == last
    writes = len(store.after)
    select_menu(sim, "Start")
    sim.press("OK")
    assert sim.app.match.deal_number == last
    resumed = 0
    for cells in store.after[writes - 1:]:          # before Start, and after each of its writes
        cut = MemoryStore()
        cut.cells = dict(cells)
        again = sim_on(cut)
        assert counts(again.app.stats) == before
        if again.app.match is None:
            continue                                # at the title: no match began
        resumed += 1
        while isinstance(again.screen, TableScreen) and not again.screen.g.over:
            play_decisions(again, 1)
        again.settle()
        assert again.app.stats.deals == before[0] + 1
    assert resumed >= 1         # Start's last write, its game record (the prefs written before it)


def test_a_power_cut_as_a_match_starts_on_an_earlier_deal_number_counts_its_deal():
    """New game's Deal # set below the deal last counted: a power cut after any of Start's writes,
    and the new match's deal must still count as it ends (a deal number is no order: only the
    very deal counted is skipped; Start wrote the game before the prefs, which left "last
    counted", a later deal, beside the new match)."""
    sim, store = a_finished_match()
    before = counts(sim.app.stats)
    last = sim.app.counted
    assert last > 2
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Deal #")
    while sim.app.settings["deal"] != 2:
        sim.press("LEFT")
    writes = len(store.after)
    select_menu(sim, "Start")
    sim.press("OK")
    assert sim.app.match.deal_number == 2
    resumed = 0
    for cells in store.after[writes:]:              # after each of Start's writes
        cut = MemoryStore()
        cut.cells = dict(cells)
        again = sim_on(cut)
        assert counts(again.app.stats) == before
        if again.app.match is None:
            continue
        resumed += 1
        while isinstance(again.screen, TableScreen) and not again.screen.g.over:
            play_decisions(again, 1)
        again.settle()
        assert again.app.stats.deals == before[0] + 1
    assert resumed == 1         # Start's last write, its game record (the clear and the prefs first)


def test_a_power_cut_after_quitting_deals_no_deal_seen_again():
    """Quit in the second deal of a match, then a power cut after either of Quit's writes:
    the next match deals the third, not again the second you had seen (Quit wrote only the
    game record, not the next deal's number, found by a power-cut fuzz; then it cleared the
    game before it wrote that number, found by a QA of cuts after every write)."""
    sim = Sim(seed=5)
    store = Snapshots()
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    first = sim.app.match.deal_number
    while isinstance(sim.screen, TableScreen):
        play_decisions(sim, 1)
        sim.settle()
    sim.press("OK")
    sim.press("OK")                                 # the next deal
    assert sim.app.match.deal_number == first + 1
    sim.press("MENU")
    writes = len(store.after)
    quit_match(sim)
    assert len(store.after) - writes == 2
    for cells in store.after[writes:]:
        cut = MemoryStore()
        cut.cells = dict(cells)
        back = sim_on(cut)
        back.settle()
        if back.app.match is not None:              # the quit did not land: the deal resumes
            assert back.app.match.deal_number == first + 1
            back.press("MENU")
            quit_match(back)
        new_game(back, PRESETS.index("sevens"))
        assert back.app.match.deal_number == first + 2


def test_quitting_ends_the_wins_in_a_row(tmp_path):
    """A deal quit counts nowhere, but it is not won: quitting a deal about to be lost kept the
    streak going (found by a QA of the statistics). The best streak stays. The question says
    so while there is a streak to end, and only then: not for a best streak alone."""
    def asked():
        """The Quit question, from the table, and back to the table."""
        sim.press("MENU")
        select_menu(sim, "Quit")
        sim.press("OK")
        title = sim.screen.title
        sim.press("BACK")
        sim.press("BACK")
        return title

    sim = started(tmp_path, moves=1)
    sim.app.stats.best = 3
    assert asked() == "Quit match?"
    sim.app.stats.streak = 3
    assert asked() == "Quit? Win streak ends"
    sim.press("MENU")
    quit_match(sim)
    for stats in (sim.app.stats, Sim(data_dir=str(tmp_path)).app.stats):
        assert (stats.streak, stats.best, stats.deals) == (0, 3, 0)


def test_a_match_is_quit_between_deals_from_the_results_or_the_standings(tmp_path):
    """Between deals the pause menu was out of reach: a player who wanted to stop had to deal
    the next deal and quit it, which ended the wins in a row. BACK or MENU on the results and
    MENU on the standings pause; Resume comes back to that page; the question and the quit
    keep the streak (no deal is given up), and the settled deal stays counted."""
    sim = started(tmp_path, "sevens", moves=0, seed=30)
    while isinstance(sim.screen, TableScreen) and not sim.screen.g.over:
        human_turn(sim, nothing)
    sim.settle()
    results = page_text(sim.screen)
    assert results[-1] == "A: continue  B: pause"      # the way out said, by the keys' letters
    assert sim.app.match.deals == 1 and sim.app.stats.deals == 1
    sim.app.stats.streak = 3

    def paused(key):
        sim.press(key)
        menu = sim.screen
        assert isinstance(menu, ListScreen) and menu.title == "Paused"
        return [item[0] for item in menu.items]
    for key in ("BACK", "MENU"):
        assert paused(key) == ["resume", "replay", "help", "settings", "quit"]   # no hint, no standings
        select_menu(sim, "Resume")
        sim.press("OK")
        assert page_text(sim.screen) == results
    sim.press("OK")                                     # the standings
    standings = page_text(sim.screen)
    assert paused("MENU")[0] == "resume"
    assert page_text(Sim(data_dir=str(tmp_path)).screen) == standings   # a power cut: that page
    sim.press("BACK")
    assert page_text(sim.screen) == standings
    sim.press("BACK")                                   # BACK: the results, as before
    assert page_text(sim.screen) == results
    paused("BACK")
    select_menu(sim, "Quit")
    sim.press("OK")
    assert sim.screen.title == "Quit match?"            # not "Win streak ends": none does
    select_menu(sim, "Yes")
    sim.press("OK")
    assert sim.app.match is None and sim.screen.title.startswith("Fan Tan")
    for app in (sim.app, Sim(data_dir=str(tmp_path)).app):
        assert (app.stats.streak, app.stats.deals, app.stats.matches, app.match) == (3, 1, 0, None)


def test_between_deals_the_pause_menu_s_pages_come_back_to_it_and_it_to_that_page(tmp_path):
    """Between deals (the results, the standings) the pause menu's Replay, Rules & help,
    Settings and Quit's No come back to it, and its Resume then to the page it was opened on,
    not to the table of a deal that is over; a language chosen in Settings is the page's on
    Resume. A power cut in the question comes back to that page, the deal won counted once and
    its run of wins kept, and the quit keeps it too. Keys a page gives nothing to do (UP on its
    first line, HINT) leave it in front."""
    sim = Sim(seed=12, data_dir=str(tmp_path))
    new_game(sim, PRESETS.index("sevens"))
    play_out(sim.screen.g)              # deal 12, every seat's first legal move: you win
    sim.settle()
    stats = sim.app.stats
    assert (stats.streak, stats.deals) == (1, 1) and sim.screen.title == text.t("results")
    sim.tick(READ_MS + 100)                 # (read: OK or BACK would act now)
    for key in ("UP", "LEFT", "HINT"):
        page = sim.screen
        sim.press(key)
        assert sim.screen is page, key
    pages = {"results": page_text(sim.screen)}
    sim.press("OK")
    pages["standings"] = page_text(sim.screen)
    sim.press("BACK")
    for at in ("results", "standings"):
        for line in ("Replay", "Rules & help", "Settings", "Quit"):
            sim.press("MENU")
            select_menu(sim, line)
            sim.press("OK")
            assert getattr(sim.screen, "title", None) != text.t("paused"), line
            if line == "Settings":
                sim.press("RIGHT")                  # the language: French
            sim.press("BACK")
            assert sim.screen.title == text.t("paused"), line
            select_menu(sim, text.t("resume"))
            sim.press("OK")
            assert sim.screen.title == text.t(at), line
            if line == "Settings":                  # the page in French, then English again
                assert sim.screen.title != at.capitalize()
                sim.press("MENU")
                select_menu(sim, text.t("settings"))
                sim.press("OK")
                sim.press("RIGHT")
                sim.press("RIGHT")
                sim.press("BACK")
                sim.press("BACK")
            assert page_text(sim.screen) == pages[at], line
        if at == "results":
            sim.press("OK")
    sim.press("MENU")
    select_menu(sim, "Quit")
    sim.press("OK")
    assert sim.screen.title == "Quit match?"        # not "Win streak ends": none does
    again = Sim(data_dir=str(tmp_path))             # a power cut: the standings, nothing counted again
    assert page_text(again.screen) == pages["standings"]
    assert (again.app.stats.streak, again.app.stats.deals) == (1, 1)
    select_menu(sim, "Yes")
    sim.press("OK")
    for app in (sim.app, Sim(data_dir=str(tmp_path)).app):
        assert (app.stats.streak, app.stats.deals, app.stats.matches, app.match) == (1, 1, 0, None)


def test_a_deal_number_typed_digit_by_digit_is_kept_at_each_digit(tmp_path):
    """New game's Deal #, one digit at a time (OK, then UP/DOWN): each change is saved, as every
    choice on New game is, so a power cut keeps the number shown (it was written only once the
    player left the digits)."""
    sim = Sim(data_dir=str(tmp_path))
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Deal #")
    sim.press("OK")
    sim.press("UP")
    sim.press("UP")
    shown = sim.app.settings["deal"]
    assert sim.screen.items[sim.screen.sel][1]().startswith("[2]")
    assert Sim(data_dir=str(tmp_path)).app.settings["deal"] == shown


def test_statistics_reset_beside_a_finished_deal_do_not_count_it():
    """Damaged prefs are reset, with a notice: the deal settled on flash before the damage is
    not counted into the fresh statistics (they read one deal and one match). The reset is
    written at once, with that deal's replay: the next power-up says nothing and offers it."""
    sim, store = a_finished_match()
    cut = MemoryStore()
    cut.cells = dict(store.after[-1])
    for name in ("prefs.0", "prefs.1"):
        cut.cells[name] = b"R" + bytes(20)
    again = sim_on(cut)
    assert "settings and statistics were damaged" in " ".join(page_text(again.screen))
    again.press("OK")
    assert counts(again.app.stats) == (0, 0)
    later = sim_on(cut)
    assert isinstance(later.screen, ListScreen) and "replay" in [i[0] for i in later.screen.items]
    assert counts(later.app.stats) == (0, 0)


def test_a_slot_that_cannot_be_written_leaves_the_other_one(tmp_path):
    sim = started(tmp_path, moves=2)
    seq = lambda n: (tmp_path / n).read_bytes()[2:4]  # noqa: E731  (a slot's sequence number)
    older = min(("game.0", "game.1"), key=seq)
    os.remove(tmp_path / older)
    os.mkdir(tmp_path / older)                  # a folder in the way of the older slot
    play_decisions(sim, 2)
    assert not sim.app.unsaved
    back = Sim(data_dir=str(tmp_path))
    back.settle()
    assert isinstance(back.screen, TableScreen)
    assert bytes(back.screen.g.log) == bytes(sim.screen.g.log)
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]


def test_a_newest_record_that_cannot_be_loaded_falls_back_to_the_older(tmp_path):
    sim = started(tmp_path, moves=2)
    log = bytes(sim.app.saves.load_game()[0].match.game.log)
    prefs = sim.app.saves.load_prefs()[0]
    store = FileStore(str(tmp_path))
    Record(store, "game", GAME_KIND).write(b"\x02" + bytes(40))   # good CRC, no game in it
    Record(store, "prefs", autosave._PREFS_KIND).write(b"\x09")
    saved, damaged = Saves(store).load_game()
    assert bytes(saved.match.game.log) == log and not damaged
    assert Saves(store).load_prefs()[0][0] == prefs[0]
    assert isinstance(Sim(data_dir=str(tmp_path)).screen, TableScreen)


class TearingGame(Tearing):
    """Cuts only the game record's writes (the settings written just before land)."""

    def save(self, name, data):
        if name.startswith("prefs"):
            return MemoryStore.save(self, name, data)
        return super().save(name, data)


def test_a_torn_first_write_after_quitting_is_no_damage():
    flash = TearingGame()
    sim = Sim(seed=12)
    sim.app.saves = Saves(flash)
    new_game(sim, PRESETS.index("sevens"))
    play_decisions(sim, 1)
    sim.app.quit_match()                        # the record now says: no match
    sim.press("OK")                             # New game: its first write is cut off
    select_menu(sim, "Start")
    flash.cut_at = 9
    sim.press("OK")
    flash.cut_at = None
    assert Saves(flash).load_game() == (None, False)
    back = sim_on(flash)
    assert isinstance(back.screen, ListScreen)  # the title, without a notice


@pytest.mark.parametrize("first", ["prefs", "game"])
def test_a_torn_first_write_on_a_new_badge_is_no_damage(first):
    """Blank flash, and the very first write (a Settings change, or Start of the first match)
    cut off at every byte: nothing had been kept, so the badge comes up at the title without
    "damaged" (found by QA: it said the settings, or the game, were damaged)."""
    data = None
    for cut_at in range(1, 40):
        flash = TearingGame() if first == "game" else Tearing()
        sim = Sim(seed=5)
        sim.app.saves = Saves(flash)
        if first == "game":
            pick_preset(sim, PRESETS.index("sevens"))
            select_menu(sim, "Start")
        else:
            select_menu(sim, "Settings")
            sim.press("OK")
            select_menu(sim, "Speed")
        flash.cut_at = cut_at
        sim.press("OK" if first == "game" else "RIGHT")
        flash.cut_at = None
        data = flash.cells[first + ".0"]
        assert not flash.load(first + ".1")
        assert Record(flash, first, GAME_KIND if first == "game" else autosave._PREFS_KIND).read_all() == ([], False)
        back = sim_on(flash)
        assert isinstance(back.screen, ListScreen) and back.screen.title.startswith("Fan Tan"), cut_at
    assert len(data) == 39                          # every cut short of the whole record
    flash.cells[first + ".0"] = b"R" + bytes(38)    # not a first write: damage, said
    assert Record(flash, first, GAME_KIND if first == "game" else autosave._PREFS_KIND).read_all()[1]


def test_a_game_that_cannot_be_saved_is_said_though_the_settings_were(tmp_path):
    """Start writes the game, then the prefs: the game's failed write was forgotten as the
    prefs' landed, and the low-battery notice said "your game is saved" (found by QA)."""
    class GameFails(MemoryStore):
        def save(self, name, data):
            if name.startswith("game"):
                raise OSError(28, "No space left on device")
            return super().save(name, data)
    sim = Sim("lilygo_t_display_rp2040", seed=5, battery=8)
    sim.app.saves = Saves(GameFails())
    new_game(sim, PRESETS.index("sevens"))
    sim.settle()
    assert sim.app.unsaved and sim.messages[0] == text.t("battery_unsaved") % 8


def test_settings_reset_beside_a_deal_in_play_count_that_deal_as_it_ends():
    """Damaged prefs are reset with a notice; the deal being played on flash is counted when it
    ends (only a deal settled before the damage is left out: it was never counted)."""
    sim = Sim(seed=5)
    store = MemoryStore()
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    play_decisions(sim, 3)
    cut = MemoryStore()
    cut.cells = dict(store.cells)
    for name in ("prefs.0", "prefs.1"):
        cut.cells[name] = b"R" + bytes(30)
    back = sim_on(cut)
    assert "settings and statistics were damaged" in " ".join(page_text(back.screen))
    back.press("OK")
    t = back.screen
    while isinstance(back.screen, TableScreen) and back.screen is t and not t.g.over:
        back.play_legal()
    back.settle()
    assert counts(back.app.stats) == (1, 0)


def test_the_cursor_of_an_eighteen_card_hand_survives_a_power_cut(tmp_path):
    """Header 2 keeps cursors up to 31 (header 1 kept 15: kind * 16 + cursor, still read)."""
    from engine.match import Match
    from engine.rules import preset
    from engine import save
    saves = Saves(FileStore(str(tmp_path)))
    m = Match(preset("domino"), 6, 3)
    assert saves.save_game(m, autosave.TABLE, 17, PRESETS.index("domino"), 0, bytes(7))
    assert saves.load_game()[0].cursor == 17
    old = bytearray(newest(saves.game)[0])
    old[0] = 1
    old[10:] = save.encode(m, autosave.TABLE * 16 + 12)
    saves.game.write(bytes(old))
    got = saves.load_game()[0]
    assert (got.kind, got.cursor) == (autosave.TABLE, 12)


def test_a_newer_record_that_cannot_be_loaded_beside_no_match_is_damage(tmp_path):
    sim = started(tmp_path, moves=1)
    sim.app.quit_match()                        # one slot: no match
    store = FileStore(str(tmp_path))
    Record(store, "game", GAME_KIND).write(b"\x09" + bytes(40))   # newer, good CRC, unloadable
    assert Saves(store).load_game() == (None, True)
    assert "Saved game was damaged: new game" in " ".join(
        page_text(Sim(data_dir=str(tmp_path)).screen))


def test_a_match_resumed_after_a_power_cut_still_moves_the_next_match_on(tmp_path):
    sim = started(tmp_path, moves=0)
    while isinstance(sim.screen, TableScreen):  # the match's first deal, to its results
        sim.play_legal()
    sim.press("OK")
    sim.press("OK")                             # the second deal begins
    play_decisions(sim, 1)
    dealt = sim.app.match.deal_number
    back = Sim(data_dir=str(tmp_path))          # the prefs on flash still say this deal is next
    back.settle()
    back.app.quit_match()
    new_game(back, PRESETS.index("fan_tan"))
    assert back.app.match.deal_number == dealt + 1


def test_after_deal_99999_the_next_match_starts_at_deal_1_and_the_prefs_load(tmp_path):
    """Deal numbers run 1 to 99999: a match started at 99999 left deal 100000 for the next,
    and prefs saying so are refused at power-up, so the settings and statistics were lost
    ("damaged: reset") after a power cut."""
    sim = Sim(data_dir=str(tmp_path))
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Deal #")
    sim.press("LEFT")                           # 1 -> 99999
    assert sim.app.settings["deal"] == 99999
    select_menu(sim, "Start")
    sim.press("OK")
    assert sim.app.match.deal_number == 99999 and sim.app.settings["deal"] == 1
    t = sim.screen
    while sim.screen is t and not t.g.over:     # the deal to its results: it is counted
        sim.play_legal()
    sim.settle()
    assert isinstance(sim.screen, PageScreen) and sim.app.stats.deals == 1
    back = Sim(data_dir=str(tmp_path))          # the power goes on the results
    assert "damaged" not in " ".join(page_text(back.screen))
    assert back.app.stats.deals == 1 and back.app.settings["preset"] == PRESETS.index("sevens")
    assert Saves(FileStore(str(tmp_path))).load_prefs()[0][0]["deal"] == 1
    back.app.quit_match()
    new_game(back, PRESETS.index("sevens"))
    assert back.app.match.deal_number == 1


def test_new_game_s_options_survive_a_power_cut(tmp_path):
    """Rule options set on New game (play or pay, the 7 of hearts opens, a race to 50) come
    back after a power cut on that page, as the rule set and table size do; the preset's own
    values are not pinned (another preset's lines are that preset's)."""
    sim = Sim(data_dir=str(tmp_path))
    pick_preset(sim, PRESETS.index("sevens"))
    set_line(sim, "Opening", PLAY_OR_PAY, "opening")
    set_line(sim, "Opens", SEVEN_OF_HEARTS, "opener")
    set_line(sim, "Scoring", RACE, "scoring")
    set_line(sim, "Ends at", 50, "target")      # the power goes here
    want = sim.app.rules()
    assert (want.opening, want.opener, want.scoring, want.target, want.deals) == \
        (PLAY_OR_PAY, SEVEN_OF_HEARTS, RACE, 50, 0)
    sim2 = Sim(data_dir=str(tmp_path))
    assert sim2.app.rules() == want
    select_menu(sim2, "New game")
    sim2.press("OK")
    select_menu(sim2, "Start")
    sim2.press("OK")
    assert sim2.app.match.rules == want
    assert sim2.app.rules_over == {"opening": PLAY_OR_PAY, "opener": SEVEN_OF_HEARTS, "scoring": RACE,
                                   "target": 50, "deals": 0}


def test_prefs_written_before_new_game_kept_its_options_still_load(tmp_path):
    """A version 1 prefs record (no rule set) loads: settings, seats and statistics as they
    were, New game at the preset's rules."""
    stats = Stats()
    stats.deals = 5
    payload = bytearray((1, 0, 1, 1, 2, PRESETS.index("fan_tan"), 4, 1))
    payload += bytes((0, 0, 0, 12)) + bytes((0, 1, 2, 0, 0, 0, 0)) + bytes((0, 0, 0, 7))
    payload += stats.encode()
    store = FileStore(str(tmp_path))
    Record(store, "prefs", autosave._PREFS_KIND).write(bytes(payload))
    (settings, seats, got, counted, rules, replay), damaged = Saves(store).load_prefs()
    assert settings == _prefs(preset=PRESETS.index("fan_tan"))
    assert (bytes(seats), got.deals, counted, rules, damaged) == (bytes((0, 1, 2, 0, 0, 0, 0)), 5, 7, b"", False)
    assert replay == b""
    sim = Sim(data_dir=str(tmp_path))
    assert sim.app.stats.deals == 5 and sim.app.rules() == preset("fan_tan")


def test_prefs_of_version_2_keep_new_game_s_options_and_statistics(tmp_path):
    """A version 2 prefs record (New game's rule set; no replay, no opener, no Auto-play) loads
    with its options and statistics: the rule set is read where version 2 put it."""
    stats = Stats()
    stats.deals = 5
    want = preset("sevens").with_(opening=PLAY_OR_PAY)
    rules = want.encode()
    payload = bytearray((2, 0, 1, 1, 2, PRESETS.index("sevens"), 4, 1))
    payload += bytes((0, 0, 0, 12)) + bytes((0, 1, 2, 0, 0, 0, 0)) + bytes((0, 0, 0, 7))
    payload += bytes((len(rules),)) + rules + stats.encode()
    store = FileStore(str(tmp_path))
    Record(store, "prefs", autosave._PREFS_KIND).write(bytes(payload))
    (settings, seats, got, counted, kept, replay), damaged = Saves(store).load_prefs()
    assert settings == _prefs(preset=PRESETS.index("sevens"))
    assert (got.deals, counted, kept, replay, damaged) == (5, 7, rules, b"", False)
    sim = Sim(data_dir=str(tmp_path))
    assert sim.app.stats.deals == 5 and sim.app.rules() == want


def test_a_rule_set_in_the_prefs_that_no_longer_loads_leaves_new_game_at_its_preset(tmp_path):
    """New game's rule set as the prefs keep it, in bytes this firmware refuses (a later
    firmware's, or a hacker's): the badge starts, its settings and statistics kept, New game
    at the preset's rules."""
    stats = Stats()
    stats.deals = 3
    saves = Saves(FileStore(str(tmp_path)))
    assert saves.save_prefs(_prefs(preset=PRESETS.index("domino")), bytes(7), stats, 0, b"\xff\xff\xff")
    sim = Sim(data_dir=str(tmp_path))
    assert isinstance(sim.screen, ListScreen) and sim.app.stats.deals == 3
    assert sim.app.rules() == preset("domino").with_(players=4)


def test_a_replay_that_no_longer_loads_leaves_the_settings_and_statistics():
    """The prefs carry the last finished deal (version 3); bytes of it that engine.save
    refuses drop the replay only."""
    stats = Stats()
    stats.deals = 4
    m = Match(preset("sevens"), 3)
    finish(m)
    good = save.encode(m, autosave.RESULTS * autosave.SCREEN)
    for replay, kept in ((good, good), (b"\x07" + good[1:], b""), (good[:20], b""), (good[:1], b"")):
        saves = Saves(MemoryStore())
        assert saves.save_prefs(_prefs(), bytes(7), stats, 3, b"", replay)
        (settings, seats, got, counted, rules, back), damaged = saves.load_prefs()
        assert (settings, got.deals, counted, back, damaged) == (_prefs(), 4, 3, kept, False)


def test_the_opener_picked_on_new_game_is_kept_and_checked():
    """Version 4 prefs keep the opener picked on New game (a seven, 255 the player left of the
    dealer, NO_PICK none, 254 on flash); a byte no menu can make falls back to the older record,
    and a version 3 record loads with no pick (and version 4 or 3 with Auto-play off)."""
    from engine.rules import SEVEN_OF_CLUBS, LEFT_OF_DEALER
    saves = Saves(MemoryStore())
    for pick in (SEVEN_OF_CLUBS, LEFT_OF_DEALER, autosave.NO_PICK):
        assert saves.save_prefs(_prefs(opener=pick), bytes(7), Stats(), 0, preset("sevens").encode())
        assert saves.load_prefs()[0][0] == _prefs(opener=pick)
    opener_at = 1 + len(autosave.SETTINGS) + 4 + 7 + 4 + 1 + len(preset("sevens").encode())
    assert saves.prefs.read_all()[0][0][opener_at] == 254       # no pick: the byte badges hold
    for bad in (5, 58):                         # 58 % 13 == 6, but no card
        assert saves.save_prefs(_prefs(), bytes(7), Stats(), 0, preset("sevens").encode())
        assert saves.save_prefs(_prefs(opener=bad, deal=13), bytes(7), Stats(), 0, preset("sevens").encode())
        assert saves.load_prefs()[0][0] == _prefs()                 # the older slot
    assert saves.save_prefs(_prefs(opener=SEVEN_OF_CLUBS, auto=1), bytes(7), Stats(), 0, preset("sevens").encode())
    v4 = bytearray(saves.prefs.read_all()[0][0])       # as version 4 wrote it: no Auto-play byte
    v4[0] = 4
    del v4[len(autosave.SETTINGS)]
    saves.prefs.write(bytes(v4))
    assert saves.load_prefs()[0][0] == _prefs(opener=SEVEN_OF_CLUBS)
    v3 = v4                                     # and as version 3 wrote it:
    rules = preset("sevens").encode()
    at = len(autosave.SETTINGS) + 4 + 7 + 4 + 1 + len(rules)
    v3[0] = 3
    del v3[at]                                  # no opener byte before the statistics
    saves.prefs.write(bytes(v3))
    assert saves.load_prefs()[0][0] == _prefs(opener=autosave.NO_PICK)


def _prefs(**kw):
    s = {"lang": 0, "sound": 1, "speed": 1, "bright": 2, "preset": 0, "players": 4, "level": 1,
         "deal": 12, "opener": autosave.NO_PICK, "auto": 0}
    s.update(kw)
    return s


@pytest.mark.parametrize("bad", ({"lang": 3}, {"sound": 2}, {"speed": 3}, {"bright": 5}, {"preset": len(PRESETS)},
                                 {"level": 3}, {"auto": 2}, {"deal": 100000}, {"deal": 0}, {"players": 2},
                                 {"players": 8}, {"deal": 2 ** 24 + 12}))
def test_settings_out_of_range_are_refused(bad):
    """A record whose check passes but whose settings no menu can make falls back to the older."""
    saves = Saves(MemoryStore())
    assert saves.save_prefs(_prefs(), bytes(7), Stats(), 0)
    assert saves.load_prefs()[0] is not None
    assert saves.save_prefs(_prefs(**bad), bytes(7), Stats(), 0)
    got, damaged = saves.load_prefs()
    assert got[0] == _prefs()


def test_settings_at_the_ends_of_their_ranges_load():
    """The last deal number (99999) and the smallest and largest tables (3 and 7 players) are
    settings a menu makes: kept, not refused as out of range."""
    saves = Saves(MemoryStore())
    for edge in ({"deal": 99999}, {"deal": 1}, {"players": 3}, {"players": 7}):
        assert saves.save_prefs(_prefs(**edge), bytes(7), Stats(), 0)
        got, damaged = saves.load_prefs()
        assert got[0] == _prefs(**edge) and not damaged


def test_a_seat_level_past_hard_in_the_prefs_is_refused():
    """A bot level no menu can make (3) in the prefs' seats falls back to the older record,
    as a setting out of range does."""
    saves = Saves(MemoryStore())
    assert saves.save_prefs(_prefs(), bytes((0, 1, 2, 2, 1, 0, 0)), Stats(), 0)
    assert saves.save_prefs(_prefs(deal=13), bytes((0, 1, 2, 3, 1, 0, 0)), Stats(), 0)
    got, damaged = saves.load_prefs()
    assert got[0] == _prefs() and bytes(got[1]) == bytes((0, 1, 2, 2, 1, 0, 0))


def test_a_prefs_record_of_an_unknown_version_is_refused():
    """Prefs whose version byte no firmware wrote (6, after this firmware's 5, or 0, before
    the first) are not read in a layout they may not have: the older record loads."""
    saves = Saves(MemoryStore())
    assert saves.save_prefs(_prefs(), bytes(7), Stats(), 0)
    newer = bytearray(saves.prefs.read_all()[0][0])
    newer[0] = 6
    newer[len(autosave.SETTINGS) + 4] = 13              # deal 13: a record that differs
    assert saves.prefs.write(bytes(newer))
    assert saves.load_prefs()[0][0] == _prefs()
    v1 = bytes((1, 0, 1, 1, 2, 0, 4, 1)) + bytes((0, 0, 0, 12)) + bytes(7) + bytes(4) + Stats().encode()
    assert saves.prefs.write(v1) and saves.load_prefs()[0][0] == _prefs()
    assert saves.prefs.write(b"\x00" + v1[1:11] + b"\x0d" + v1[12:])     # version 0, deal 13
    assert saves.load_prefs()[0][0] == _prefs()


def test_a_cursor_past_the_screen_byte_s_field_stays_on_its_screen():
    """The cursor shares the screen byte with the screen (kind * 32 + cursor): a cursor past 31
    is kept as 31, never carried into the next screen's kind."""
    saves = Saves(MemoryStore())
    assert saves.save_game(Match(preset("sevens"), 3), autosave.TABLE, 40, 0, 1, bytes(7))
    kept, damaged = saves.load_game()
    assert (kept.kind, kept.cursor, damaged) == (autosave.TABLE, 31, False)


def test_a_game_saved_under_header_2_comes_back_at_its_screen_and_cursor():
    """Records already on badges hold the screen byte as kind * 32 + cursor (header 2): one
    saved on a results page with the cursor on 3 reopens there, cursor 3."""
    saves = Saves(MemoryStore())
    m = Match(preset("domino"), 6, 3)
    finish(m)
    payload = bytes((2, 2, 0)) + bytes(7) + save.encode(m, 1 * 32 + 3)
    saves.game.write(payload)
    got, damaged = saves.load_game()
    assert (got.kind, got.cursor, damaged) == (autosave.RESULTS, 3, False)


def test_a_game_record_s_header_at_the_ends_of_its_ranges():
    """A game at the last preset, hard, with every seat hard loads; one whose preset index is
    past the last (no rule set of the menu's) is refused: the older record loads."""
    saves = Saves(MemoryStore())
    m = Match(preset("sevens"), 3)
    last = len(PRESETS) - 1
    assert saves.save_game(m, autosave.TABLE, 0, last, 2, bytes((2,) * 7))
    kept, damaged = saves.load_game()
    assert (kept.preset, kept.level, bytes(kept.seats), damaged) == (last, 2, bytes((2,) * 7), False)
    assert saves.save_game(m, autosave.TABLE, 1, len(PRESETS), 1, bytes(7))
    kept, damaged = saves.load_game()
    assert (kept.preset, kept.cursor) == (last, 0)


def test_a_level_past_hard_is_refused():
    saves = Saves(MemoryStore())
    m = Match(preset("sevens"), 3)
    assert saves.save_game(m, autosave.TABLE, 0, 0, 3, bytes(7))
    assert saves.load_game() == (None, True)


def test_a_bot_level_past_hard_in_the_game_s_seats_is_refused():
    """A seat's bot level no menu makes (3: there is no such bot to play it) is refused as the
    match's level is, rather than a badge that fails at power-up."""
    saves = Saves(MemoryStore())
    m = Match(preset("sevens"), 3)
    assert saves.save_game(m, autosave.TABLE, 0, 0, 2, bytes((0, 1, 2, 3, 0, 0, 0)))
    assert saves.load_game() == (None, True)


def test_a_screen_past_the_last_kind_is_refused():
    """A screen byte past FINISHED's (4 * 32: a screen no firmware saved) is refused, not
    taken for the table of a deal already settled."""
    saves = Saves(MemoryStore())
    m = Match(preset("domino"), 6, 3)
    finish(m)
    saves.game.write(bytes((2, 2, 0)) + bytes(7) + save.encode(m, (autosave.FINISHED + 1) * 32))
    assert saves.load_game() == (None, True)


@pytest.mark.parametrize("head", (0, 3))
def test_a_game_record_of_an_unknown_header_is_refused(head):
    """A game record whose header byte no firmware wrote (0, before the first; 3, after this
    firmware's 2) is not read in a layout it may not have: the older record loads."""
    saves = Saves(MemoryStore())
    m = Match(preset("sevens"), 3)
    assert saves.save_game(m, autosave.TABLE, 2, 0, 1, bytes(7))
    saves.game.write(bytes((head, 0, 1)) + bytes(7) + save.encode(m, autosave.TABLE * 32 + 5))
    kept, damaged = saves.load_game()
    assert (kept.kind, kept.cursor) == (autosave.TABLE, 2)


def test_a_results_page_of_an_unsettled_deal_is_refused():
    saves = Saves(MemoryStore())
    m = Match(preset("sevens"), 3)
    assert saves.save_game(m, autosave.RESULTS, 0, 0, 1, bytes(7))
    assert saves.load_game() == (None, True)


def test_an_older_record_on_the_results_page_comes_back_there():
    """A game saved on a results page by firmware of the header-1 records (16 cursor places to a
    screen) reopens that page."""
    saves = Saves(MemoryStore())
    m = Match(preset("domino"), 6, 3)
    finish(m)
    payload = bytes((1, 2, 0)) + bytes(7) + save.encode(m, autosave.RESULTS * 16 + 3)
    saves.game.write(payload)
    got = saves.load_game()[0]
    assert (got.kind, got.cursor) == (autosave.RESULTS, 3)


def test_a_badge_updated_mid_match_keeps_its_game_settings_statistics_and_replay(tmp_path):
    """tests/saves_v1: a data folder the firmware before "8 before 6" wrote (engine.save version
    1, 16 rule bytes; made with 55920df: Parliament, one deal settled, three decisions into deal
    10). The updated firmware resumes that table, with the statistics and the replay, and saves
    on in the version of now (3)."""
    for name in os.listdir(os.path.join(ROOT, "tests", "saves_v1")):
        shutil.copy(os.path.join(ROOT, "tests", "saves_v1", name), str(tmp_path))
    sim = Sim(data_dir=str(tmp_path))
    sim.settle()
    g = sim.screen.g
    assert isinstance(sim.screen, TableScreen) and g.deal_number == 10
    assert bytes(g.log).hex() == "2013142112152d2e2f" and sim.app.match.scores == [3, 0, 1, 1]
    assert sim.app.stats.deals == 1 and sim.app.last_deal and not g.rules.up_first
    assert sim.app.settings["opener"] == autosave.NO_PICK       # prefs version 3: none picked
    play_decisions(sim, 1)
    log = bytes(sim.screen.g.log)
    assert len(log) > 9 and Saves(FileStore(str(tmp_path))).load_game()[0].record[2] == 3
    back = Sim(data_dir=str(tmp_path))
    back.settle()
    assert bytes(back.screen.g.log) == log


@pytest.mark.parametrize("once", (True, False))
def test_a_match_over_whose_last_statistics_failed_still_moves_the_next_match_on(tmp_path, once):
    """The statistics write as a match's last deal ends fails once (a full flash, or no heap
    for the nvm's rewrite) and the game's writes after it land, up to the finished match: at
    power-up the deal is counted, but the next New game dealt that same deal again, as the
    finished match's resume returned before it moved the next deal number on. A deal number
    chosen on New game after the match is still kept. once=False: every prefs write fails
    from the last deal's end on, so the prefs on flash say the deal before is next but one."""
    data = tmp_path / "a"
    sim = Sim(seed=5, data_dir=str(data))
    store = FailingFrom(str(data), only="prefs", once=once)
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    settle = sim.app.deal_over

    def deal_over():
        store.failing = sim.app.match.deals == sim.app.match.rules.deals - 1   # the last deal
        settle()
    sim.app.deal_over = deal_over
    play_to_the_title(sim)
    last = sim.app.counted
    shutil.copytree(str(data), str(tmp_path / "b"))
    back = Sim(data_dir=str(tmp_path / "b"))    # power-up at the title: the last deal counted
    assert back.app.stats.deals == 4 and back.app.stats.matches == 1
    new_game(back, PRESETS.index("sevens"))
    assert back.app.match.deal_number == last + 1
    store.failing = False                       # (the flash works again)
    select_menu(sim, "New game")                # the first badge: a deal number chosen
    sim.press("OK")
    select_menu(sim, "Deal #")
    sim.press("RIGHT")
    chosen = sim.app.settings["deal"]
    assert chosen != last + 1
    assert Sim(data_dir=str(data)).app.settings["deal"] == chosen     # kept at power-up


def test_a_game_record_that_could_not_be_read_is_not_written_but_the_settings_are(tmp_path, monkeypatch):
    """The game record's reads fail twice at power-up, then work: "Saved game was damaged" is
    said, and a new match writes nothing over the game kept on flash (it comes back at the next
    power-up), while the settings, read well, are still written (mutants that kept the wrong
    record from being written passed)."""
    sim = started(tmp_path, moves=3)
    log = bytes(sim.app.saves.load_game()[0].match.game.log)
    failed = failing_reads(monkeypatch, 2, "game")
    again = Sim(data_dir=str(tmp_path))
    assert len(failed) == 2 and text.t("game_damaged") in " ".join(page_text(again.screen))
    again.press("OK")
    again.app.settings["speed"] = 2
    assert again.app.save_prefs()
    again.app.start_match()
    while not again.screen.my_turn():
        again.tick()
    again.play_legal()
    assert again.app.unsaved == 1
    back = Sim(data_dir=str(tmp_path))
    assert back.app.settings["speed"] == 2
    assert isinstance(back.screen, TableScreen) and bytes(back.app.saves.load_game()[0].match.game.log) == log


def test_a_read_that_fails_once_at_power_up_leaves_the_records_written(tmp_path, monkeypatch):
    """One read that fails, its retry working: no notice, and both records are written as ever
    (a mutant that stopped a record's writes at the first failed read passed)."""
    started(tmp_path, moves=3)
    failed = failing_reads(monkeypatch, 1)
    again = Sim(data_dir=str(tmp_path))
    assert len(failed) == 1 and isinstance(again.screen, TableScreen)
    again.app.settings["speed"] = 2
    assert again.app.save_prefs()
    while not again.screen.my_turn():
        again.tick()
    played = len(again.screen.g.log)
    again.play_legal()
    assert not again.app.unsaved
    back = Sim(data_dir=str(tmp_path))
    assert back.app.settings["speed"] == 2 and len(back.screen.g.log) > played


def match_played_then_writes_fail(tmp_path, only="game"):
    """A Sevens match played to the title on a data folder whose writes of record `only` then
    fail: the Sim and the folder."""
    data = tmp_path / "a"
    sim = Sim(seed=5, data_dir=str(data))
    store = FailingFrom(str(data), only=only)
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    play_to_the_title(sim)
    store.failing = True
    return sim, data


def test_a_new_match_whose_first_game_write_fails_does_not_count_the_last_match_again(tmp_path):
    """New game after a finished match: its first game write fails once (a full flash, an I/O
    error) while the prefs write after it lands. The prefs said "none counted" beside the
    finished match still on flash, so a power cut then counted its last deal and the match a
    second time. Found by playing under MicroPython and CPython alike with failing writes."""
    sim, data = match_played_then_writes_fail(tmp_path)
    deals = sim.app.stats.deals
    new_game(sim, PRESETS.index("sevens"))
    assert sim.app.unsaved & 1
    back = Sim(data_dir=str(data))              # the power cut
    assert (back.app.stats.deals, back.app.stats.matches) == (deals, 1)


def test_the_last_counted_deal_dealt_anew_while_the_game_cannot_be_written_is_not_counted_again(tmp_path):
    """New game on the deal number last counted: the game record is cleared before the prefs
    say "none counted". While the game's writes fail (a full flash), that clear failed but the
    prefs were written, beside the finished match still on flash: counted again at power-up."""
    sim, data = match_played_then_writes_fail(tmp_path)
    deals = sim.app.stats.deals
    sim.app.settings["deal"] = sim.app.counted      # as typed on New game's Deal #
    new_game(sim, PRESETS.index("sevens"))
    assert sim.app.match.deal_number == sim.app.settings["deal"] - 1 and sim.app.unsaved & 1
    back = Sim(data_dir=str(data))              # the power cut
    assert (back.app.stats.deals, back.app.stats.matches) == (deals, 1)


class FailsOnce(Snapshots):
    """Snapshots whose next write of one record (fail: "game" or "prefs") fails, once."""

    fail = None

    def save(self, name, data):
        if self.fail and name.startswith(self.fail):
            self.fail = None
            raise OSError(28, "No space left on device")
        return super().save(name, data)


def deal_last_counted_chosen(store):
    """A Sevens match played to the title on `store`, then New game with its Deal # set back to
    the deal last counted: the Sim."""
    sim = Sim(seed=5)
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    play_to_the_title(sim)
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Deal #")
    sim.press("LEFT")
    return sim


def cuts_count_the_deal_once(snapshots, before):
    """A power cut at each of `snapshots` (the store's cells after a write): the statistics
    come back as `before` (deals, matches), and a match resumed and played to its end counts
    its deal once, also after another power cut."""
    for cells in snapshots:
        cut = MemoryStore()
        cut.cells = dict(cells)
        back = sim_on(cut)
        back.settle()
        assert counts(back.app.stats) == before
        if back.app.match is None:
            continue                                # at the title: no match began
        play_out(back.screen.g)
        back.settle()
        assert back.app.stats.deals == before[0] + 1
        assert sim_on(cut).app.stats.deals == before[0] + 1


@pytest.mark.parametrize("fails", ["game", "prefs"])
def test_the_last_counted_deal_dealt_anew_is_counted_once_though_a_write_of_start_fails(fails):
    """New game's Deal # set back to the last deal counted: Start clears the old game, writes
    "none counted", then the new game. When the clear or that prefs write failed once, the new
    game was written all the same, beside the prefs still saying its deal was counted: a power
    cut before the prefs' next write, and the deal played to its end went uncounted. Found by a
    systematic search: each write of a session failed in turn, the power cut after each later
    write."""
    store = FailsOnce()
    sim = deal_last_counted_chosen(store)
    before = counts(sim.app.stats)
    assert sim.app.settings["deal"] == sim.app.counted
    writes = len(store.after)
    store.fail = fails
    select_menu(sim, "Start")
    sim.press("OK")
    play_decisions(sim, 1)
    assert store.fail is None and not sim.app.unsaved and len(store.after) > writes + 2
    cuts_count_the_deal_once(store.after[writes - 1:], before)    # before Start, and after each write since


def test_the_last_counted_deal_dealt_anew_while_the_settings_cannot_be_written_is_not_lost(tmp_path):
    """The same while every prefs write fails: the new game was written beside "counted", so
    after a power cut its deal, played to its end, went uncounted, and a deal's results on flash
    beside that prefs record were not counted at power-up either. Now the new game is not written
    until the prefs land: "Cannot save" is said, as for any write that fails."""
    sim, data = match_played_then_writes_fail(tmp_path, "prefs")
    before = counts(sim.app.stats)
    sim.app.settings["deal"] = sim.app.counted      # as typed on New game's Deal #
    new_game(sim, PRESETS.index("sevens"))
    while not sim.screen.my_turn():
        sim.tick()
    assert sim.app.unsaved and message(sim.screen) == text.t("not_saved")
    dealt_out(sim)                                  # to its results, in memory only
    back = Sim(data_dir=str(data))                  # the power cut
    back.settle()
    assert counts(back.app.stats) == before
    if back.app.match is not None:
        if isinstance(back.screen, TableScreen):
            play_out(back.screen.g)
            back.settle()
        assert back.app.stats.deals == before[0] + 1


class FailingGames(Snapshots):
    """Snapshots whose game writes (and clears) fail while `failing` is set."""

    failing = False

    def save(self, name, data):
        if self.failing and name.startswith("game"):
            raise OSError(28, "No space left on device")
        return super().save(name, data)


def match_played_on_failing_games():
    """A Sevens match played to the title on FailingGames (not failing yet): the Sim, the store
    and the statistics' (deals, matches)."""
    sim = Sim(seed=5)
    store = FailingGames()
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    play_to_the_title(sim)
    return sim, store, counts(sim.app.stats)


def test_the_last_counted_deal_dealt_anew_again_after_quitting_it_unsaved_is_counted_once():
    """The deal last counted, dealt anew while the game's writes fail: neither its clear nor the
    prefs land, nor Quit's, nor those of New game's choices; the flash still says that deal is
    counted. Dealt anew once more as the writes work again, the new game landed before the
    prefs saying "none counted" (the app had set its own count to none at the first Start): a
    power cut between the two, and that deal played to its end went uncounted."""
    sim, store, before = match_played_on_failing_games()
    last = sim.app.counted
    store.failing = True
    for again in range(2):
        pick_preset(sim, PRESETS.index("sevens"))
        select_menu(sim, "Deal #")
        while sim.app.settings["deal"] != last:
            sim.press("LEFT")
        writes = len(store.after)
        select_menu(sim, "Start")
        store.failing = not again                   # New game's own prefs writes failing too
        sim.press("OK")
        assert sim.app.match.deal_number == last
        if again:
            break
        sim.press("MENU")
        quit_match(sim)
    assert not sim.app.unsaved and len(store.after) > writes
    cuts_count_the_deal_once(store.after[writes - 1:], before)    # before Start, and after each of its writes


def test_a_deal_dealt_anew_whose_settings_land_after_start_is_not_taken_for_saved_before_its_game():
    """The deal last counted dealt anew, the prefs write of Start failing once: the old game was
    cleared, the new one not written. A Settings change then wrote the prefs, and the clear
    before them marked the game record kept: with no game on flash (a power cut comes back at
    the title), the app took the game for saved (a low-battery notice then says "your game is
    saved", and "Cannot save" is said again though nothing was saved in between)."""
    store = FailsOnce()
    sim = deal_last_counted_chosen(store)
    store.fail = "prefs"
    select_menu(sim, "Start")
    sim.press("OK")
    assert store.fail is None and sim.app.unsaved == 3
    sim.press("MENU")
    select_menu(sim, "Settings")
    sim.press("OK")
    select_menu(sim, "Speed")
    sim.press("RIGHT")
    cut = MemoryStore()
    cut.cells = dict(store.after[-1])
    assert sim_on(cut).app.match is None            # no game on flash yet: power-off loses it
    assert sim.app.unsaved == 1
    sim.press("BACK")
    select_menu(sim, "Resume")
    sim.press("OK")
    play_decisions(sim, 1)
    assert not sim.app.unsaved


def test_a_deal_dealt_anew_writes_only_its_game_at_each_decision_once_start_s_writes_land():
    """Once the deal last counted, dealt anew, has cleared the old game and written the prefs,
    each decision writes the game record alone, as in any match (not the clear and the prefs
    again, three writes a decision, a power cut between them losing the match)."""
    store = Snapshots()
    sim = deal_last_counted_chosen(store)
    select_menu(sim, "Start")
    sim.press("OK")
    play_decisions(sim, 1)
    writes = len(store.after)
    play_decisions(sim, 2)
    assert len(store.after) == writes + 2


@pytest.mark.parametrize("how", ["settings", "quit", "deal end"])
def test_a_new_match_whose_game_cannot_be_written_never_counts_the_last_match_again(how):
    """New game after a finished match while the game's writes fail: Start leaves the prefs
    alone, but a Settings change in the pause menu, Quit, or the statistics at the deal's end
    wrote "none counted" (or the new deal's number) beside the finished match still on flash,
    which a power cut then counted a second time. Now the prefs say that match's deal counted
    until its game record is cleared (found by the regression round on the redeal fix)."""
    sim, store, before = match_played_on_failing_games()
    store.failing = True
    new_game(sim, PRESETS.index("sevens"))
    writes = len(store.after)
    if how == "deal end":
        dealt_out(sim)
        assert sim.app.stats.deals == before[0] + 1
    else:
        sim.press("MENU")
        if how == "settings":
            select_menu(sim, "Settings")
            sim.press("OK")
            select_menu(sim, "Speed")
            sim.press("RIGHT")
        else:
            quit_match(sim)
    assert len(store.after) > writes                # the prefs landed
    for cells in store.after[writes - 1:]:          # a power cut after each write since Start
        cut = MemoryStore()
        cut.cells = dict(cells)
        got = counts(sim_on(cut).app.stats)
        assert got == before or how == "deal end" and got == (before[0] + 1, before[1])


def test_a_deal_counted_in_a_match_quit_unsaved_does_not_stand_for_the_finished_match_on_flash():
    """New game after a finished match while the game's writes fail: a deal of it is counted
    (the prefs say the finished match's deal counted, its record not cleared), the match quit
    and another started. The deal the prefs must keep saying counted is still the finished
    match's (on flash), not the quit match's last, or a power cut counts the finished one again."""
    sim, store, before = match_played_on_failing_games()
    store.failing = True
    new_game(sim, PRESETS.index("sevens"))
    dealt_out(sim)
    sim.press("OK")                                 # results, then standings
    sim.settle()
    sim.press("OK")                                 # the next deal
    sim.settle()
    assert sim.app.match is not None and sim.app.stats.deals == before[0] + 1
    sim.press("MENU")
    quit_match(sim)
    writes = len(store.after)
    new_game(sim, PRESETS.index("sevens"))
    assert len(store.after) > writes
    for cells in store.after[writes - 1:]:
        cut = MemoryStore()
        cut.cells = dict(cells)
        assert counts(sim_on(cut).app.stats) == (before[0] + 1, before[1])


@pytest.mark.parametrize("when", ["at the standings", "mid-deal", "after a power cut at the standings",
                                  "after a power cut mid-deal"])
def test_a_match_whose_game_writes_fail_counts_no_deal_twice_after_a_power_cut(when):
    """Game writes failing mid-match (a full flash) from the next deal's table on, or from a
    decision of a deal: the next deal's end wrote the prefs saying it counted beside the older
    deal's record still on flash, so a power cut came back at that deal and counted it a second
    time (its statistics in the prefs already). Now the stale record is cleared before those
    prefs; where it cannot be, they wait (the deal played again after the power cut counts once)."""
    sim = Sim(seed=5)
    store = FailingGames()
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    if when.endswith("mid-deal"):
        play_decisions(sim, 1)
        store.failing = True
        if when.startswith("after"):
            sim = sim_on(store)                     # resumed at its table, the writes failing since
            sim.settle()
    dealt_out(sim)
    sim.press("OK")                                 # the standings
    sim.settle()
    store.failing = True
    if when == "after a power cut at the standings":
        sim = sim_on(store)                         # resumed there, the writes failing since
        sim.settle()
    sim.press("OK")                                 # the next deal's table
    sim.settle()
    writes = len(store.after)
    dealt_out(sim)
    assert sim.app.stats.deals == 2 and sim.app.match is not None and not sim.app.match.over
    for cells in store.after[writes - 1:]:          # a power cut after each write since
        cut = MemoryStore()
        cut.cells = dict(cells)
        back = sim_on(cut)
        back.settle()
        if isinstance(back.screen, TableScreen):    # a deal in play on flash, played to its end
            play_out(back.screen.g)
            back.settle()
        assert back.app.stats.deals <= 2, counts(back.app.stats)


def test_a_deal_of_a_match_started_beside_a_match_quit_unsaved_is_kept():
    """A match quit before any deal counted, its game record not cleared (the game's writes
    failing), then another started: that record is not an earlier deal of the new match, so
    the statistics of the new match's deal land beside it (not held back, lost at a power cut)."""
    sim = Sim(seed=5)
    store = FailingGames()
    sim.app.saves = Saves(store)
    new_game(sim, PRESETS.index("sevens"))
    play_decisions(sim, 1)
    store.failing = True
    sim.press("MENU")
    quit_match(sim)
    new_game(sim, PRESETS.index("sevens"))
    dealt_out(sim)
    assert sim.app.stats.deals == 1
    cut = MemoryStore()
    cut.cells = dict(store.after[-1])
    assert sim_on(cut).app.stats.deals == 1
