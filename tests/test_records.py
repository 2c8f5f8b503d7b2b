"""Two-slot records: a power cut at any byte of a write leaves the last good record."""
import pytest

from engine.records import Record, _wrap
from engine import save
from engine.match import Match
from engine.rules import preset
from fakestore import Tearing, newest, counted
from hal.memory_store import MemoryStore


def payloads():
    m = Match(preset("fan_tan"), 9)
    out = []
    for _ in range(4):
        m.game.play(m.game.legal_moves()[0])
        out.append(save.encode(m))
    return out


def test_read_returns_the_newest_write():
    flash = Tearing()
    rec = Record(flash, "game", 1)
    assert newest(rec) == (None, False)
    a, b, c, _ = payloads()
    for p in (a, b, c):
        assert rec.write(p)
        assert newest(rec) == (p, False)


def test_identical_writes_are_skipped():
    flash = Tearing()
    rec = Record(flash, "game", 1)
    n = counted(flash)
    a = payloads()[0]
    rec.write(a)
    rec.write(a)
    assert n["game"] == 1


def test_power_cut_at_every_byte_keeps_the_last_good_record():
    a, b, c, _ = payloads()
    for k in range(len(c) + 10):
        flash = Tearing()
        rec = Record(flash, "game", 1)
        rec.write(a)
        rec.write(b)
        flash.cut_at = k
        try:
            rec.write(c)
        except OSError:
            pass
        flash.cut_at = None
        got, _ = newest(rec)
        assert got in (b, c), k
        if got == b:
            # the game record loads, and the next write lands
            save.decode(got)
            assert rec.write(c) and newest(rec)[0] == c


def test_a_damaged_slot_is_reported_and_the_other_is_used():
    flash = Tearing()
    rec = Record(flash, "game", 1)
    a, b, _, _ = payloads()
    rec.write(a)
    rec.write(b)
    latest = max(flash.cells, key=lambda n: flash.cells[n][3])
    bad = bytearray(flash.cells[latest])
    bad[8] ^= 0x10
    flash.cells[latest] = bytes(bad)
    assert newest(rec) == (a, True)


def test_kinds_do_not_mix():
    flash = Tearing()
    Record(flash, "data", 1).write(b"game")
    assert newest(Record(flash, "data", 2))[0] is None


def test_a_slot_not_begun_with_r_is_no_record_even_with_a_good_crc():
    """The head's "R" marks a record of this format: a slot of another one (an "S", its CRC
    good over its own head) is not read as a record of ours (a mutant reading any first byte
    loaded it as the newest game), and a write goes around it."""
    from engine.crc import crc32, crc_bytes
    flash = Tearing()
    head = bytes((83, 1, 0, 9, 0, 4))
    flash.cells["game.0"] = head + b"game" + crc_bytes(crc32(b"game", crc32(head)))
    rec = Record(flash, "game", 1)
    assert newest(rec) == (None, True)
    flash.cells["game.1"] = _wrap(1, 1, b"ours")
    assert newest(rec) == (b"ours", True)


def test_sequence_numbers_wrap():
    flash = Tearing()
    flash.cells["x.0"] = _wrap(3, 0xFFFF, b"old")
    rec = Record(flash, "x", 3)
    assert rec.write(b"new")
    assert flash.cells["x.1"][2:4] == b"\x00\x00"
    assert newest(rec)[0] == b"new"
    assert rec.write(b"newer") and newest(rec)[0] == b"newer"
    flash.cells["x.0"] = _wrap(3, 0x00FF, b"old")       # the count carries into its high byte
    del flash.cells["x.1"]
    assert rec.write(b"new") and flash.cells["x.1"][2:4] == b"\x01\x00"
    # newer means 1 to 0x7FFF ahead, counted past the wrap: 1 is two writes after 0xFFFF
    flash.cells["x.0"], flash.cells["x.1"] = _wrap(3, 1, b"new"), _wrap(3, 0xFFFF, b"old")
    assert newest(rec)[0] == b"new"


@pytest.mark.parametrize("blank", (b"\xff", b"\x00"))
def test_a_blank_slot_beside_a_good_one_is_not_damage(blank):
    """Erased flash or a zero-filled file (a write the power cut never let land) is no record,
    not damage: the badge must not say the saved game was damaged."""
    store = MemoryStore()
    rec = Record(store, "game", 1)
    rec.write(b"older")
    rec.write(b"newer")
    store.cells["game.1"] = blank * 40
    assert newest(rec) == (b"older", False)


def test_a_cleared_record_reads_back_empty_not_damaged():
    """Clearing the saved game writes an empty payload: it reads back as that, newest, and no
    slot is called damaged (the badge would warn of a damaged game at every power-up)."""
    flash = Tearing()
    rec = Record(flash, "game", 1)
    a = payloads()[0]
    rec.write(a)
    assert rec.write(b"")
    assert rec.read_all() == ([b"", a], False)
    assert rec.write(a) and rec.read_all() == ([a, b""], False)


def test_a_record_of_256_bytes_keeps_its_length_s_high_byte():
    """A game record may be 256 bytes (engine.save's limit): its length needs both bytes."""
    flash = Tearing()
    rec = Record(flash, "game", 1)
    for size in (255, 256, 300):
        data = bytes(range(256)) * 2
        assert rec.write(data[:size])
        assert newest(rec) == (data[:size], False)


@pytest.mark.parametrize("size", (0, 256))
def test_the_first_write_ever_cut_off_at_any_byte_is_no_record_and_no_damage(size):
    """Nothing was kept before the first write: cut off after any byte (even the lone "R"), it
    reads as no record, not a damaged one, and the next write lands. Whatever the record's
    length: a 256-byte game record has a 1 in its length's high byte, which the check of the
    first write's head must not read (a mutant comparing the head's fifth byte passed)."""
    a = payloads()[0] if not size else bytes(range(256))
    for k in range(1, 10 + len(a)):
        flash = Tearing()
        rec = Record(flash, "game", 1)
        flash.cut_at = k
        with pytest.raises(OSError):
            rec.write(a)
        flash.cut_at = None
        assert newest(rec) == (None, False), k
        assert rec.write(a) and newest(rec) == (a, False)


def older_slot_failing(fail, names=("game.0",)):
    """A game Record on a MemoryStore whose save of each of `names` is fail(store, name, data),
    with `a` in game.0 (the older slot) and `b` in game.1; (rec, store, a, b, c), c to write."""
    class Failing(MemoryStore):
        def save(self, name, data):
            if name in names:
                return fail(self, name, data)
            return super().save(name, data)
    store = Failing()
    a, b, c, _ = payloads()
    MemoryStore.save(store, "game.0", _wrap(1, 1, a))
    MemoryStore.save(store, "game.1", _wrap(1, 2, b))
    return Record(store, "game", 1), store, a, b, c


def raising(*args):
    """A store save that raises OSError(*args) and keeps nothing."""
    def fail(store, name, data):
        raise OSError(*args)
    return fail


@pytest.mark.parametrize("errno", (28, 30, 5))
def test_a_full_or_read_only_store_says_so_and_leaves_the_newest_record_alone(errno):
    """A full (28), read-only (30) or failing (5, EIO) store refuses the older slot with the
    slot untouched: the other slot would fare no better (or its write would be the one a full
    store cuts off), so the write raises instead of risking the newest record there."""
    rec, store, a, b, c = older_slot_failing(raising(errno, "refused"))
    with pytest.raises(OSError):
        rec.write(c)
    assert newest(rec) == (b, False)


def test_a_save_that_says_false_leaves_the_newest_record_alone():
    """store.save's False (nothing kept) sent the write on to the other slot, over the newest
    record, as only a thing in the slot's way (EEXIST, EISDIR) may: a store that fails so, having
    spoilt the slot it was given, then spoilt the newest record too and lost both."""
    def spoil(store, name, data):
        store.cells[name] = bytes(data[:len(data) // 2])
        return False
    rec, store, a, b, c = older_slot_failing(spoil, ("game.0", "game.1"))
    assert rec.write(c) is False
    assert newest(rec)[0] == b


@pytest.mark.parametrize("errno", (17, 21))
def test_a_thing_in_the_older_slot_s_way_sends_the_write_to_the_other_slot(errno):
    """EEXIST (17) or EISDIR (21: a folder of the slot's name), with the slot untouched: the
    record goes to the newest slot, without a spare (mutants that took only one of the two
    errnos passed: the other then lost every write after it)."""
    rec, store, a, b, c = older_slot_failing(raising(errno, "in the way"))
    assert rec.write(c) is True
    assert newest(rec) == (c, False)
    assert store.load("game.0") == _wrap(1, 1, a)


def test_a_write_past_a_stuck_slot_numbered_ffff_wraps_to_0():
    """A thing in the way of the older slot, whose sequence number is 0xFFFF: the write goes
    to the other slot numbered one past it, 0 as the count wraps (a mutant writing 0x10000
    raised ValueError there: the record was not kept)."""
    rec, store, a, b, c = older_slot_failing(raising(17, "in the way"))
    store.cells["game.0"] = _wrap(1, 0xFFFF, a)
    store.cells["game.1"] = _wrap(1, 0, b)
    assert newest(rec) == (b, False)
    assert rec.write(c) is True
    assert store.load("game.1") == _wrap(1, 0, c)
    assert newest(rec) == (c, False)


def test_a_slot_in_the_way_that_lost_its_bytes_leaves_the_newest_record_alone():
    """EEXIST after the failed write took the older slot's bytes (a file store removes the
    old file before its rename): the newest slot is not written over, or the record would
    have no good slot left should that write fail too (a mutant without the check passed)."""
    def remove(store, name, data):
        store.cells.pop(name, None)
        raise OSError(17, "in the way")
    rec, store, a, b, c = older_slot_failing(remove)
    with pytest.raises(OSError):
        rec.write(c)
    assert store.load("game.1") == _wrap(1, 2, b)


def test_an_os_error_without_an_errno_is_raised_as_it_is():
    """An OSError with no args (no errno to say a thing is in the way) raises itself, which
    Saves catches, not an IndexError that would stop the badge."""
    rec, store, a, b, c = older_slot_failing(raising(), ("game.0", "game.1"))
    with pytest.raises(OSError):
        rec.write(c)
    assert newest(rec) == (b, False)
