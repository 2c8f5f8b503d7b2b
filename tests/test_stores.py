"""Storage backends under the two-slot records."""
import os
import random

import pytest

from engine.records import Record
from fakestore import newest, FlashNvm, journal_heads, counted
from hal.stores import NvmStore, StoreFull, REGION, NAMES, _entry_head
from hal.file_store import FileStore


def test_nvm_store_keeps_each_record_apart():
    nvm = bytearray(b"\xff" * 4096)         # erased flash reads 0xFF
    store = NvmStore(nvm)
    game = Record(store, "game", 1)
    prefs = Record(store, "prefs", 2)
    assert newest(game) == (None, False) and newest(prefs) == (None, False)
    game.write(b"a game")
    prefs.write(b"settings")
    game.write(b"a later game")
    assert newest(game)[0] == b"a later game" and newest(prefs)[0] == b"settings"
    again = NvmStore(nvm)                    # after a restart, from the journal
    assert newest(Record(again, "game", 1))[0] == b"a later game"
    # damaged game entries do not touch the statistics and settings
    for said in (b"a game", b"a later game"):
        at = bytes(nvm).index(said)
        nvm[at] ^= 0x55
    again = NvmStore(nvm)
    assert newest(Record(again, "game", 1)) == (None, True)
    assert newest(Record(again, "prefs", 2))[0] == b"settings"


def payloads(step):
    """What a game and a prefs record hold after `step` writes (alternating, growing)."""
    return [b"game %d " % i * (1 + i % 9) for i in range(0, step + 1, 2)], \
        [b"prefs %d " % i * 12 for i in range(1, step + 1, 2)]


def write(store, step):
    """Write number `step` of a long run: the game record on even steps, prefs on odd."""
    games, prefs = payloads(step)
    if step % 2:
        Record(store, "prefs", 2).write(prefs[-1])
    else:
        Record(store, "game", 1).write(games[-1])


def test_nvm_saves_append_and_erase_the_sector_rarely():
    """CircuitPython erases the nvm's sector for any write over programmed bytes: saves go
    into erased flash, and the sector is rewritten once in dozens of saves (it was every
    save, 14 a deal: the flash wore 25 times faster)."""
    nvm = FlashNvm()
    store = NvmStore(nvm)
    for step in range(200):
        write(store, step)
        games, prefs = payloads(step)
        again = NvmStore(nvm)
        assert newest(Record(again, "game", 1))[0] == games[-1]
        assert newest(Record(again, "prefs", 2))[0] == (prefs[-1] if prefs else None)
    assert nvm.erases <= 200 // 15, nvm.erases


@pytest.mark.parametrize("torn", (None, 1, 2))
def test_power_lost_at_any_step_of_an_nvm_save_loses_at_most_that_save(torn):
    """Cut the power at every step (an erase or a page programmed) of each of 80 saves, the
    page being programmed then landing whole or (torn) with some of its bits: the badge comes
    back with every record as it was before that save or after it, except while the sector
    is erased and programmed back, which happens once in many saves, and even then most cuts
    keep every record (docs/saving.md); and saves go on."""
    import random
    risky = set()
    window = lost = 0           # cuts between an erase and the end of its program back; of them, losses
    for step in range(80):
        nvm = FlashNvm()
        store = NvmStore(nvm)
        for s in range(step):
            write(store, s)
        before = bytes(nvm.mem)
        for cut in range(40):
            nvm.mem[:] = before
            nvm.torn = random.Random(torn * 1000 + step * 40 + cut) if torn else None
            nvm.steps, nvm.cut_after, erases = 0, cut, nvm.erases
            store = NvmStore(nvm)
            try:
                write(store, step)
                done = True
            except OSError:
                done = False
            nvm.cut_after = None
            window += nvm.erases > erases and not done
            again = NvmStore(nvm)
            games, prefs = payloads(step)
            game = newest(Record(again, "game", 1))[0]
            pref = newest(Record(again, "prefs", 2))[0]
            old_games, old_prefs = payloads(step - 1) if step else ([None], [None])
            ok_games = {games[-1], old_games[-1] if old_games else None}
            ok_prefs = {prefs[-1] if prefs else None, old_prefs[-1] if old_prefs else None}
            if not (game in ok_games and pref in ok_prefs):
                assert nvm.erases > erases, (step, cut)      # lost only inside an erase
                risky.add(step)
                lost += 1
            for more in (1, 2):                              # power back: saves go on
                write(again, step + more)
                assert newest(Record(NvmStore(nvm), "game" if (step + more) % 2 == 0 else "prefs",
                                     1 if (step + more) % 2 == 0 else 2))[0] == \
                    payloads(step + more)[(step + more) % 2][-1], (step, cut, more)
            if done:
                break
    assert len(risky) <= 80 // 15, sorted(risky)
    assert 0 < lost and 2 * lost < window, (lost, window)


def full_journal():
    """An nvm whose journal is full, and the write step that rewrites it (with a 4 KB buffer)."""
    nvm = FlashNvm()
    store = NvmStore(nvm)
    step = 0
    while nvm.erases == 0:
        kept = bytes(nvm.mem)
        write(store, step)
        step += 1
    nvm.mem[:] = kept
    return nvm, step - 1


def test_no_heap_to_rewrite_the_journal_is_a_failed_save_not_a_crash(monkeypatch):
    """The rewrite of a full journal needs a 4 KB buffer: without the heap for it the save
    fails as on a full flash (StoreFull is an OSError, which the app reports), and nothing in
    the nvm changes."""
    import hal.stores
    nvm, step = full_journal()
    kept = bytes(nvm.mem)

    def no_heap(n):
        raise MemoryError
    monkeypatch.setattr(hal.stores, "bytearray", no_heap, raising=False)
    with pytest.raises(StoreFull):
        write(NvmStore(nvm), step)
    assert bytes(nvm.mem) == kept


def test_an_nvm_of_an_earlier_version_is_read_and_then_journaled():
    """Badges flashed before the journal kept each name in a fixed 512-byte region: their
    records are read as they are (a prefs record with its replay passes 255 bytes: the length's
    high byte counts), and the first save rewrites them as a journal."""
    from engine.records import _wrap
    nvm = FlashNvm()
    prefs = b"old prefs".ljust(256, b".")
    old = {0: _wrap(1, 4, b"old game"), 2: _wrap(2, 256, prefs)}
    for i, rec in old.items():
        nvm.mem[i * REGION:i * REGION + len(rec)] = rec
    store = NvmStore(nvm)
    assert store.load("game.0") == old[0] and store.load("prefs.0") == old[2]     # not a byte more
    assert newest(Record(store, "game", 1))[0] == b"old game"
    assert newest(Record(store, "prefs", 2))[0] == prefs
    Record(store, "game", 1).write(b"new game")
    again = NvmStore(nvm)
    assert bytes(nvm.mem[:4]) == NvmStore.MAGIC
    assert newest(Record(again, "game", 1))[0] == b"new game"
    assert newest(Record(again, "prefs", 2))[0] == prefs


def test_an_nvm_that_is_not_a_journal_of_ours_is_taken_as_blank():
    """FTJ1, a development build's journal, had heads without a check on the length (the
    index, its complement, 16 bits of length), and another program may leave its own bytes
    (zeros, here): neither is misread as today's journal nor said to be damaged saves, and
    the first save starts the journal anew."""
    from engine.records import _wrap
    nvm = FlashNvm()
    at = 4
    nvm.mem[0:4] = b"FTJ1"
    for k, rec in ((0, _wrap(1, 4, b"old game")), (2, _wrap(2, 7, b"old prefs"))):
        entry = bytes((k, k ^ 0xFF, len(rec) >> 8, len(rec) & 0xFF)) + rec
        nvm.mem[at:at + len(entry)] = entry
        at += len(entry)
    zeros = FlashNvm()
    zeros.mem[:] = bytes(len(zeros.mem))
    bare = FlashNvm()               # FTJ1 and no entry yet: erased flash after its MAGIC
    bare.mem[0:4] = b"FTJ1"
    for nvm in (nvm, zeros, bare):
        store = NvmStore(nvm)
        assert newest(Record(store, "game", 1)) == (None, False) and not store.damaged
        Record(store, "game", 1).write(b"new game")
        again = NvmStore(nvm)
        assert newest(Record(again, "game", 1))[0] == b"new game" and not again.damaged
        assert bytes(nvm.mem[:4]) == NvmStore.MAGIC and nvm.erases == 1


def journal(steps=30):
    """An nvm with a journal of `steps` saves (game and prefs in turn), no rewrite yet."""
    nvm = FlashNvm()
    store = NvmStore(nvm)
    for step in range(steps):
        write(store, step)
    assert nvm.erases == 0
    return nvm


def test_a_damaged_journal_says_so_and_never_writes_over_what_it_cannot_read():
    """A bit flipped in an entry's head (flash that rots, a hacker's write): the entries
    before it are read, `damaged` says the ones after it are lost (the app says so), the next
    save rewrites the sector (never appends over written flash), and every save after reads
    back. A flipped bit in the MAGIC loses nothing, and nothing is said. (One flipped length
    made the scan take a data byte 0xFF for erased flash: each later save erased the sector,
    and read back stale.)"""
    games, prefs = payloads(29)
    heads = journal_heads(journal())
    for head, byte in [(0, j) for j in range(4)] + [(h, h + j) for h in heads[:-1] for j in range(4)]:
        for bit in range(8):
            nvm = journal()
            after = bytes(nvm.mem[(head + 3) // 256 * 256 + 256:])     # past the head's pages
            nvm.mem[byte] ^= 1 << bit
            store = NvmStore(nvm)
            game, prefs_now = newest(Record(store, "game", 1)), newest(Record(store, "prefs", 2))
            if byte < 4:                # a damaged MAGIC: every entry is read all the same
                assert game[0] == games[-1] and prefs_now[0] == prefs[-1] and not store.damaged
            else:                       # with nothing after the head's page: as if torn
                assert store.damaged == bool(after.strip(b"\xff")), (byte, bit)
            erases = nvm.erases
            for step in range(30, 36):
                write(store, step)
                again = NvmStore(nvm)
                assert newest(Record(again, "game" if step % 2 == 0 else "prefs", 2 - (step + 1) % 2)
                              )[0] == payloads(step)[step % 2][-1], (byte, bit, step)
            assert not again.damaged and nvm.erases - erases <= 1, (byte, bit)


@pytest.mark.parametrize("head", (253, 254, 255))
def test_a_head_torn_across_two_flash_pages_is_a_power_cut_not_damage(head):
    """A head that starts at the end of one page and ends in the next (with 1, 2 or 3 of its
    4 bytes in the first): a cut while the second page is programmed tears it, and nothing is
    written after that page, so no damage is said (a check on the head's first page alone
    said so every time)."""
    for seed in range(20):
        nvm = FlashNvm()
        store = NvmStore(nvm)
        store.save("game.0", bytes([82]) + bytes(head - 9))     # entry 4..head-1: the next head at `head`
        nvm.steps, nvm.torn, nvm.cut_after = 0, random.Random(seed), 1    # page 1 lands torn
        with pytest.raises(OSError):
            store.save("prefs.0", bytes([82]) + bytes(99))
        nvm.cut_after = None
        again = NvmStore(nvm)
        again.load("game.0")
        # the head torn (the journal ends there), or, with 3 of its bytes on the first page,
        # landed whole by chance (it goes on after the entry, whose CRC refuses its torn data)
        assert not again.damaged and (again.end == head or head == 253 and again.end == head + 4 + 100), seed


def test_flash_written_after_the_journal_is_never_written_over():
    """Bytes programmed past the journal's end (another program, a hacker): the journal is read,
    the loss is said, and the next save rewrites the sector rather than append over them."""
    nvm = journal(12)
    end = journal_heads(nvm)[-1] + 300
    nvm.mem[end + 700] = 0x00
    store = NvmStore(nvm)
    assert newest(Record(store, "game", 1))[0] == payloads(11)[0][-1] and store.damaged
    write(store, 12)
    assert nvm.erases == 1 and nvm.mem[end + 700] == 0xFF and not NvmStore(nvm).damaged


def test_a_length_that_reads_too_long_is_damage_not_a_store_that_never_saves_again():
    """A head whose length reads past what a save writes (512 bytes): the rewrite copied it and
    grew past the nvm's 4 KB, and every save after failed."""
    nvm = journal(12)
    nvm.mem[4 + 2] = 0xF0               # the first entry's length, its check byte to match
    nvm.mem[4 + 3] = 0x0F
    nvm.mem[4] = 0 | 3 << 2             # 0x3F0 = 1008 bytes: too long for a record
    nvm.mem[5] = nvm.mem[4] ^ 0xFF
    store = NvmStore(nvm)
    assert newest(Record(store, "game", 1)) == (None, False) and store.damaged
    for step in range(12, 16):
        write(store, step)
    again = NvmStore(nvm)
    assert newest(Record(again, "game", 1))[0] == payloads(15)[0][-1] and not again.damaged


@pytest.mark.parametrize("past", (None, 1, 4))
def test_a_head_whose_length_runs_past_the_nvm_s_end_ends_the_journal(past):
    """A head at the journal's end in the last page, its length (within a record's 512 bytes)
    running past the nvm's end (flash rot, a hacker's write), by far (None) or only 1 to 4 bytes
    (its data would end where the head's 4 bytes are not counted): the journal ends before it,
    and the game record is still the last one saved, not damaged."""
    nvm = FlashNvm()
    store = NvmStore(nvm)
    step = 0
    while store.end < len(nvm) - 200:       # saves until the journal reaches the last page
        write(store, step)
        step += 1
    assert nvm.erases == 0
    n = REGION if past is None else len(nvm) - store.end - 4 + past     # game.0's length
    nvm.mem[store.end:store.end + 4] = _entry_head(0, n)
    again = NvmStore(nvm)
    assert newest(Record(again, "game", 1)) == (payloads(step - 1)[0][-1], False) and not again.damaged


def test_an_entry_in_the_nvm_s_last_four_bytes_is_read():
    """A journal that fills the nvm to its last 4 bytes takes one more entry there, an empty
    record (a head and no data), and reads it back after a restart."""
    nvm = FlashNvm()
    store = NvmStore(nvm)
    for i in range(8):                      # 4 + 8 * (4 + 507): the journal ends 4 bytes short
        store.save(("game.0", "game.1")[i % 2], b"g" * 507)
    assert store.end == len(nvm) - 4
    store.save("prefs.0", b"")
    assert nvm.erases == 0
    again = NvmStore(nvm)
    assert again.load("prefs.0") == b"" and again.load("game.1") == b"g" * 507


class ReadFails(FlashNvm):
    """An nvm whose next `fail` reads raise (an I/O error, as a store that raises on read)."""

    fail = 0

    def __getitem__(self, k):
        if self.fail:
            self.fail -= 1
            raise OSError(5, "Input/output error")
        return self.mem[k]


def test_a_read_that_fails_is_neither_taken_for_a_blank_nvm_nor_written_over():
    """A read that raises while the journal is scanned left the scan's half-filled index
    behind: every later load read "no record" (the game gone without a word), and the next save
    rewrote the sector from that index, erasing every record it held."""
    nvm = ReadFails()
    store = NvmStore(nvm)
    Record(store, "game", 1).write(b"a game")
    Record(store, "prefs", 2).write(b"settings")
    store = NvmStore(nvm)                       # power-up
    nvm.fail = 1
    with pytest.raises(OSError):
        store.load("prefs.0")
    assert newest(Record(store, "game", 1))[0] == b"a game"       # read again, not "none"
    Record(store, "prefs", 2).write(b"reset")
    assert newest(Record(NvmStore(nvm), "game", 1))[0] == b"a game"


def test_the_smallest_nvm_taken_holds_every_record_at_its_longest():
    """NvmStore takes an nvm only where a rewrite of all four slots at REGION bytes fits: at
    that size they are saved, rewritten and read back; one byte less is refused."""
    size = 4 + len(NAMES) * (4 + REGION)       # not a whole number of 256-byte pages
    nvm = FlashNvm(size)                    # a write of another length is refused, as on a badge
    store = NvmStore(nvm)
    for k, name in enumerate(NAMES):
        assert store.save(name, bytes((k + 1,)) * REGION)
    assert store.save("game.0", b"\x09" * REGION)         # the journal is full: a rewrite
    again = NvmStore(nvm)
    assert [again.load(name) for name in NAMES] == [b"\x09" * REGION] + [bytes((k,)) * REGION for k in (2, 3, 4)]
    assert nvm.erases == 1 and len(nvm) == size
    with pytest.raises(StoreFull):
        NvmStore(bytearray(b"\xff" * (size - 1)))


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


def test_a_padded_slot_file_reads_its_record_without_filling_the_heap(tmp_path):
    """A slot file padded far past its record (FAT damage, a file dropped on the drive) was read
    whole: on the badge a MemoryError at every power-up. The record is read; the rest is not
    (QA)."""
    store = FileStore(str(tmp_path))
    rec = Record(store, "game", 1)
    rec.write(b"kept")
    with open(tmp_path / "game.0", "ab") as f:
        f.write(bytes(200 * 1024))
    assert len(store.load("game.0")) == 1024
    assert newest(Record(FileStore(str(tmp_path)), "game", 1))[0] == b"kept"


def _os_renaming(rename):
    """os as hal.file_store sees it, with its rename replaced."""
    class Os:
        def __getattr__(self, name):
            return getattr(os, name)
    fake = Os()
    fake.rename = rename
    return fake


@pytest.mark.parametrize("errno", (28, 5))
def test_a_file_write_that_fails_after_removing_the_old_file_keeps_the_other_slot(tmp_path, monkeypatch, errno):
    """A write that fails once the slot's old file is removed (the rename after it refused: a
    full littlefs commits a rename like a write; or an I/O error, which is no full flash)
    loses that slot; the record's fallback then wrote the other slot the same way (at once, or
    at the next write), and lost it too: the newest record, gone, and nothing said at the
    next power-up."""
    import hal.file_store

    def rename(a, b):
        raise OSError(errno, os.strerror(errno))
    rec = Record(FileStore(str(tmp_path)), "game", 1)
    rec.write(b"older")
    rec.write(b"newest")
    monkeypatch.setattr(hal.file_store, "os", _os_renaming(rename))
    for payload in (b"not kept", b"not kept either"):
        try:
            rec.write(payload)
        except OSError:
            pass
    monkeypatch.undo()
    assert newest(Record(FileStore(str(tmp_path)), "game", 1))[0] in (b"newest", b"not kept", b"not kept either")


def test_a_file_store_replaces_a_slot_where_rename_does_not_replace(tmp_path, monkeypatch):
    """Where os.rename refuses an existing target (FAT's may: micropython#2598), the old slot
    file is removed first: the third write, into the first slot again, lands."""
    import hal.file_store

    def rename(a, b):
        if os.path.exists(b):
            raise OSError(17, "File exists")
        os.rename(a, b)
    monkeypatch.setattr(hal.file_store, "os", _os_renaming(rename))
    rec = Record(FileStore(str(tmp_path)), "game", 1)
    for payload in (b"one", b"two", b"three"):
        assert rec.write(payload)
    assert newest(Record(FileStore(str(tmp_path)), "game", 1)) == (b"three", False)


def saves_in(monkeypatch, folder):
    """open_store()'s FileStore("/saves") made in folder instead: a test writes no /saves."""
    import hal.file_store
    monkeypatch.setattr(hal.file_store, "FileStore", lambda _: FileStore(folder))


def test_memory_store_and_open_store(monkeypatch, tmp_path):
    import sys
    import types
    from hal.memory_store import MemoryStore
    from hal.stores import open_store
    rec = Record(MemoryStore(), "prefs", 2)
    rec.write(b"x")
    assert newest(rec) == (b"x", False)
    mc = types.ModuleType("microcontroller")
    mc.nvm = bytearray(4096)
    monkeypatch.setitem(sys.modules, "microcontroller", mc)
    saves_in(monkeypatch, str(tmp_path / "s"))
    assert isinstance(open_store(), NvmStore)     # CircuitPython
    monkeypatch.setitem(sys.modules, "microcontroller", None)
    assert isinstance(open_store(), FileStore)    # MicroPython


@pytest.mark.parametrize("kind", ["memory", "file"])
def test_a_saved_record_keeps_its_bytes_when_the_caller_reuses_its_buffer(kind, tmp_path):
    """A store keeps a copy, as flash does: a bytearray saved, then changed by its caller (a
    buffer built again for the next record), still loads as it was when saved."""
    from hal.memory_store import MemoryStore
    store = MemoryStore() if kind == "memory" else FileStore(str(tmp_path))
    buf = bytearray(b"deal 7")
    assert store.save("game.0", buf)
    buf[5] = ord("8")
    assert store.load("game.0") == b"deal 7"


def test_a_slot_that_reads_but_cannot_be_written_never_comes_back_as_the_newest():
    """One slot of a record keeps an old record and refuses writes (a folder in the way of
    its file): every write goes to the other slot, which must stay the newer one however
    many writes follow (its sequence number used to run on and wrap past the stuck one's)."""
    from hal.memory_store import MemoryStore

    class Stuck(MemoryStore):
        def save(self, name, data):
            if name == "game.0" and name in self.cells:
                raise OSError(21, "Is a directory")
            return super().save(name, data)
    store = Stuck()
    rec = Record(store, "game", 1)
    rec.write(b"old game")                   # game.0, which then sticks
    for i in range(32800):
        assert rec.write(b"game %d" % i)
        if i > 32700:                        # where the old numbering wrapped past it
            assert newest(rec) == (b"game %d" % i, False), i


@pytest.mark.parametrize("name,kind", (("game", 1), ("prefs", 2)))
def test_the_first_save_on_a_blank_nvm_reads_back_at_once(name, kind):
    store = NvmStore(bytearray(b"\xff" * 4096))
    rec = Record(store, name, kind)
    n = counted(store)
    assert rec.write(b"first")
    assert newest(rec) == (b"first", False)
    assert rec.write(b"first") and n[name] == 1          # the same again is skipped


def test_a_rewritten_journal_keeps_one_entry_per_record():
    nvm = FlashNvm()
    store = NvmStore(nvm)
    step = 0
    while nvm.erases == 0:
        name, kind = ("game", 1) if step % 2 == 0 else ("prefs", 2)
        Record(store, name, kind).write(b"%s %d " % (name.encode(), step) * 20)
        step += 1
    assert len(journal_heads(nvm)) == 4       # game.0, game.1, prefs.0, prefs.1


def test_an_entry_that_just_fits_is_appended_without_an_erase():
    nvm = FlashNvm()
    store = NvmStore(nvm)
    while len(nvm) - store.end - 4 > 512:
        store.save("prefs.0", b"x" * 500)
    room = len(nvm) - store.end - 4
    assert 0 < room <= 512
    store.save("game.1", b"y" * room)       # ends exactly at the end of the sector
    assert nvm.erases == 0 and store.load("game.1") == b"y" * room
    again = NvmStore(nvm)                   # after a restart, read from the entries' heads
    assert again.load("prefs.0") == b"x" * 500 and again.load("game.1") == b"y" * room


def test_a_record_as_long_as_the_nvm_takes_reads_back_after_a_restart():
    """REGION bytes is the longest record NvmStore.save takes; its head, read back from the
    journal, is not taken for a length past the longest."""
    nvm = FlashNvm()
    assert NvmStore(nvm).save("prefs.1", b"z" * REGION)
    assert NvmStore(nvm).load("prefs.1") == b"z" * REGION


def test_the_first_save_on_a_blank_nvm_programs_only_its_own_page():
    """A blank nvm (all 0xFF) starts its journal in place: the first save programs the one page
    it fills, not the whole sector rewritten (16 page programs)."""
    nvm = FlashNvm()
    assert NvmStore(nvm).save("game.0", b"first")
    assert (nvm.steps, nvm.erases) == (1, 0)


def test_a_rewrite_short_of_heap_collects_the_garbage_and_saves(monkeypatch):
    """The 4 KB buffer of a journal's rewrite may fail only because the heap holds garbage (a
    fragmented heap mid-match): the store collects it and tries once more, and the save lands
    in the slot it was meant for (the older), rather than over the record's spare."""
    import gc
    import hal.stores
    nvm, step = full_journal()
    nvm.erases = 0
    tries = []
    collected = []

    def fragmented(n):
        tries.append(n)
        if not collected:           # room only once the garbage is collected
            raise MemoryError
        return bytearray(n)
    monkeypatch.setattr(hal.stores, "bytearray", fragmented, raising=False)
    monkeypatch.setattr(gc, "collect", lambda: collected.append(len(tries)))
    write(NvmStore(nvm), step)
    monkeypatch.undo()
    assert len(tries) == 2 and collected == [1] and nvm.erases == 1
    games, prefs = payloads(step)
    again = NvmStore(nvm)
    assert Record(again, "prefs", 2).read_all() == (prefs[-1:-3:-1], False)
    assert Record(again, "game", 1).read_all() == (games[-1:-3:-1], False)     # the spare kept too


def test_a_journal_damaged_at_both_ends_still_says_what_was_lost():
    """A MAGIC with a flipped bit is read past: then a head damaged further on, with entries
    written after it, is still said (the entries after it are lost), as it is under a whole MAGIC."""
    nvm = journal()
    heads = journal_heads(nvm)
    nvm.mem[1] ^= 0x04                      # "FTJ2" no more
    nvm.mem[heads[3] + 2] ^= 0x10           # the fourth entry's length, no longer its check's
    store = NvmStore(nvm)
    assert newest(Record(store, "game", 1))[0] is not None and store.damaged


def test_another_program_s_bytes_beginning_with_r_are_not_taken_for_records():
    """The layout before the journal is told by a record's first two bytes (b"R" and a kind
    below 16): another program's bytes beginning with b"R" and a larger byte are taken as a blank
    nvm, not as damaged saves said at every power-up."""
    nvm = FlashNvm()
    nvm.mem[:] = b"R\x10" + bytes(len(nvm.mem) - 2)
    store = NvmStore(nvm)
    assert newest(Record(store, "game", 1)) == (None, False) and not store.damaged
    assert newest(Record(store, "prefs", 2)) == (None, False)


@pytest.mark.parametrize("nvm", (bytearray(b"\xff" * 1024), None, "absent"))
def test_an_nvm_too_small_for_the_records_keeps_them_in_files(monkeypatch, tmp_path, nvm):
    """A CircuitPython board whose nvm cannot hold every record at its longest, or a build
    without one (microcontroller.nvm is None, or no nvm in microcontroller at all), keeps them
    in files instead: the badge starts, and saves."""
    import sys
    import types
    from hal.stores import open_store
    mc = types.ModuleType("microcontroller")
    if nvm != "absent":
        mc.nvm = nvm
    monkeypatch.setitem(sys.modules, "microcontroller", mc)
    saves_in(monkeypatch, str(tmp_path / "s"))
    store = open_store()
    assert isinstance(store, FileStore)
    assert Record(store, "game", 1).write(b"kept") and newest(Record(store, "game", 1)) == (b"kept", False)


def newest_beside_a_folder(tmp_path):
    """A game Record on a FileStore whose first slot is a folder: "first", then "newest"
    written, both to the other slot."""
    os.mkdir(str(tmp_path / "game.0"))
    rec = Record(FileStore(str(tmp_path)), "game", 1)
    assert rec.write(b"first") and rec.write(b"newest")
    return rec


def _failing_but_at_folders(error):
    """A rename that raises `error`, but onto a folder as the system's does (EISDIR: the
    record's write moves to the other slot)."""
    def rename(a, b):
        if os.path.isdir(b):
            os.rename(a, b)
        raise error
    return rename


def test_a_slot_written_alone_beside_a_folder_survives_a_power_cut_between_remove_and_rename(tmp_path, monkeypatch):
    """A folder in one slot's way: every write goes to the other slot, the record's only copy.
    Power lost after save() removed that slot's file and before the rename left the record
    whole in the .tmp only: it read as no record at all (no game, and nothing said)."""
    import hal.file_store
    rec = newest_beside_a_folder(tmp_path)

    monkeypatch.setattr(hal.file_store, "os", _os_renaming(_failing_but_at_folders(OSError(5, "power cut"))))
    monkeypatch.setattr(os, "remove", lambda p, real=os.remove: None if p.endswith(".tmp") else real(p))
    try:
        rec.write(b"cut")
    except OSError:
        pass
    monkeypatch.undo()
    assert newest(Record(FileStore(str(tmp_path)), "game", 1))[0] in (b"newest", b"cut")


@pytest.mark.parametrize("errno", (28, 5))
def test_a_slot_written_alone_beside_a_folder_keeps_its_record_when_its_rename_fails(tmp_path, monkeypatch, errno):
    """A folder in one slot's way: every write goes to the other slot, the record's only copy.
    A rename refused after save() removed that slot's old file (a full littlefs, an I/O error)
    took the .tmp away too, and the game with it (found by the MicroPython saving fuzz). The
    .tmp stays, read in the missing slot's place."""
    import hal.file_store
    rec = newest_beside_a_folder(tmp_path)

    monkeypatch.setattr(hal.file_store, "os", _os_renaming(_failing_but_at_folders(OSError(errno, os.strerror(errno)))))
    with pytest.raises(OSError):
        rec.write(b"refused")
    monkeypatch.undo()
    assert newest(Record(FileStore(str(tmp_path)), "game", 1))[0] in (b"newest", b"refused")
    assert not os.path.exists(str(tmp_path / "game.0.tmp"))    # the folder's slot leaves none


def test_a_record_left_in_its_tmp_by_a_power_cut_outlives_the_next_write_failing(tmp_path, monkeypatch):
    """Power lost between save()'s remove and rename leaves the slot's record in its .tmp (read
    in its place); with a folder in the other slot's way it is the only copy. The next write of
    that slot opened the .tmp anew first, and a write failing there lost the game (found by the
    MicroPython saving fuzz). The .tmp goes into place before it is written."""
    rec = newest_beside_a_folder(tmp_path)
    os.rename(str(tmp_path / "game.1"), str(tmp_path / "game.1.tmp"))     # the cut
    assert newest(Record(FileStore(str(tmp_path)), "game", 1))[0] == b"newest"
    no_room_for(monkeypatch, "game.1.tmp")
    with pytest.raises(OSError):
        rec.write(b"refused")
    monkeypatch.undo()
    assert newest(Record(FileStore(str(tmp_path)), "game", 1))[0] == b"newest"


def no_room_for(monkeypatch, name):
    """hal.file_store's writes of file `name` open (emptying it), then find no room."""
    import hal.file_store
    real_open = open

    def failing_open(path, mode="r"):
        if "w" in mode and path.endswith(name):
            real_open(path, mode).close()
            raise OSError(28, "No space left on device")
        return real_open(path, mode)
    monkeypatch.setattr(hal.file_store, "open", failing_open, raising=False)


def test_a_tmp_beside_a_folder_in_a_slot_s_way_is_no_record(tmp_path):
    """A folder in a slot's way: that slot's writes never land, but a power cut in one leaves its
    .tmp behind. Read in the slot's place, it resumed a game the next failed write there took
    away again (found by the MicroPython saving fuzz, both slots' ways blocked)."""
    os.mkdir(str(tmp_path / "game.0"))
    store = FileStore(str(tmp_path))
    with open(str(tmp_path / "game.0.tmp"), "wb") as f:
        f.write(b"left by a cut")
    assert store.load("game.0") is None


@pytest.mark.parametrize("name", ["game", "prefs"])
def test_a_file_store_s_first_write_cut_before_its_first_byte_is_no_damage(tmp_path, name):
    """Power lost just after save() created a slot's .tmp, before any byte reached it, on the
    very first write of that record (Start of a badge's first match, its first Settings change):
    the empty .tmp was read in the missing slot's place, an empty slot file is damage, and the
    badge said the game, or the settings and statistics, were damaged. Nothing had been kept."""
    from simhelp import Sim, ListScreen
    open(str(tmp_path / (name + ".0.tmp")), "wb").close()
    back = Sim(data_dir=str(tmp_path))
    assert isinstance(back.screen, ListScreen) and back.screen.title.startswith("Fan Tan")
    store = FileStore(str(tmp_path))
    assert store.load(name + ".0") is None
    open(str(tmp_path / (name + ".0")), "wb").close()       # an empty slot file itself: damage
    assert store.load(name + ".0") == b""


class _PowerCut(BaseException):
    """The power going off: nothing after it runs (no except clause of the app's catches it)."""


@pytest.mark.parametrize("name, keys", [("game", ("OK", "OK")), ("prefs", ("DOWN", "OK", "RIGHT"))])
def test_a_file_store_s_first_write_cut_twice_is_no_damage(tmp_path, monkeypatch, name, keys):
    """The empty .tmp of a first write cut before its first byte (as above): the next write of
    that slot (Start again, the Settings change again) moved it into the slot's place before
    writing the .tmp anew, and a power cut there (found by killing the simulator) left an empty
    slot file, read as damage: "Saved game was damaged" or "Saved settings and statistics were
    damaged" on a badge that had never kept either."""
    import hal.file_store
    from simhelp import Sim, ListScreen
    open(str(tmp_path / (name + ".0.tmp")), "wb").close()
    sim = Sim(data_dir=str(tmp_path))
    real_open = open

    def cut(path, mode="r"):
        if "w" in mode:
            raise _PowerCut()
        return real_open(path, mode)
    monkeypatch.setattr(hal.file_store, "open", cut, raising=False)
    with pytest.raises(_PowerCut):
        for key in keys:
            sim.press(key)
    monkeypatch.undo()
    back = Sim(data_dir=str(tmp_path))
    assert isinstance(back.screen, ListScreen) and back.screen.title.startswith("Fan Tan")


def test_a_torn_tmp_beside_its_slot_file_is_not_read(tmp_path, monkeypatch):
    """Power lost while save() wrote a slot's .tmp, its old file still there: the slot is that
    file, not the torn .tmp (read first, it took the slot for damaged); nor does the next write
    there, failing for want of room, put the torn .tmp in its place (a mutant moving a .tmp into
    place whether or not its slot file was there passed: the slot read as damaged)."""
    from engine.records import _wrap
    for cut in range(1, 13):
        folder = str(tmp_path / str(cut))
        os.mkdir(folder)
        rec = Record(FileStore(folder), "game", 1)
        assert rec.write(b"one") and rec.write(b"two")
        with open(folder + "/game.0", "rb") as f:
            whole = f.read()
        with open(folder + "/game.0.tmp", "wb") as f:
            f.write(_wrap(1, 3, b"three")[:cut])    # the third write, into game.0, cut off
        assert newest(Record(FileStore(folder), "game", 1)) == (b"two", False), cut
        assert FileStore(folder).load("game.0") == whole
        with monkeypatch.context() as m:
            no_room_for(m, "game.0.tmp")
            with pytest.raises(OSError):
                Record(FileStore(folder), "game", 1).write(b"three")
        assert newest(Record(FileStore(folder), "game", 1)) == (b"two", False), cut
        assert FileStore(folder).load("game.0") == whole


def test_a_store_whose_folder_cannot_be_made_opens_and_its_saves_say_they_failed(tmp_path):
    """A folder that cannot be made (a read-only flash, a parent missing) is passed over like one
    already there (MicroPython says both with OSError): no crash at power-up; the store reads no
    records, and a save there raises rather than keep nothing quietly."""
    folder = str(tmp_path / "missing" / "saves")
    store = FileStore(folder)
    assert store.load("game.0") is None
    with pytest.raises(OSError):
        store.save("game.0", b"nowhere")
    assert not os.path.exists(folder)


def test_a_slot_that_cannot_be_read_is_damage_not_a_blank_slot_to_write_over(tmp_path):
    """Only a missing slot (ENOENT) or a folder in its way (EISDIR) is no record: a slot the
    system refuses to read (here a link to itself, ELOOP) raises, and a write there is refused
    too, so what may still be read later is not written over."""
    os.symlink("game.0", str(tmp_path / "game.0"))
    store = FileStore(str(tmp_path))
    with pytest.raises(OSError):
        store.load("game.0")
    with pytest.raises(OSError):
        Record(store, "game", 1).write(b"over it")
    assert os.path.islink(str(tmp_path / "game.0"))


def test_a_save_refused_for_want_of_room_says_so_not_what_its_clean_up_found(tmp_path, monkeypatch):
    """A .tmp that could not even be made (a full flash, ENOSPC) leaves none for save() to
    remove: the error raised is the write's, which engine.records reads to choose the other
    slot or not, not the clean-up's ENOENT."""
    import hal.file_store
    store = FileStore(str(tmp_path))
    real_open = open

    def full_open(path, mode="r"):
        if "w" in mode:
            raise OSError(28, "No space left on device")
        return real_open(path, mode)
    monkeypatch.setattr(hal.file_store, "open", full_open, raising=False)
    with pytest.raises(OSError) as e:
        store.save("game.0", b"no room")
    assert e.value.args[0] == 28
    assert os.listdir(str(tmp_path)) == []


def test_flash_written_anywhere_after_the_journal_s_pages_is_seen():
    """One byte programmed anywhere past the page of the journal's end, a page's first byte or
    its last, even the nvm's last: the journal says it is damaged (the erased-flash check reads
    every byte of every page, not one short, nor skipping one between pages)."""
    nvm = journal(12)
    end = NvmStore(nvm)
    end.load("game.0")
    before = bytes(nvm.mem)
    for at in range(end.end // 256 * 256 + 256, len(nvm)):
        nvm.mem[:] = before
        nvm.mem[at] = 0x00
        store = NvmStore(nvm)
        assert newest(Record(store, "game", 1))[0] == payloads(11)[0][-1] and store.damaged, at


@pytest.mark.parametrize("torn", (0, 1, 3, "page"))
def test_a_byte_programmed_where_the_next_entry_goes_makes_the_next_save_a_rewrite(torn):
    """A head torn after its first byte (or a byte programmed anywhere up to the end of that
    page): the journal ends before it and the next save rewrites the sector, one entry per
    record, rather than append over programmed flash."""
    nvm = journal(12)
    end = NvmStore(nvm)
    end.load("game.0")
    at = end.end // 256 * 256 + 255 if torn == "page" else end.end + torn
    nvm.mem[at] = 0x12
    store = NvmStore(nvm)
    assert not store.damaged
    write(store, 12)
    assert nvm.erases == 1 and len(journal_heads(nvm)) == 4
    again = NvmStore(nvm)
    assert newest(Record(again, "game", 1))[0] == payloads(12)[0][-1] and not again.damaged


def test_a_damaged_head_in_a_page_s_last_four_bytes_with_entries_after_it_is_said():
    """A head that fills the last 4 bytes of a page, damaged, with entries written in the next
    page: the entries after it are lost, and the store says so (the next page is the first one
    a torn head would have left erased)."""
    nvm = FlashNvm()
    store = NvmStore(nvm)
    store.save("game.0", bytes([82]) + bytes(243))          # entry 4..251: the next head at 252
    store.save("prefs.0", bytes([82]) + bytes(99))          # its data in the next page
    assert journal_heads(nvm) == [4, 252]
    nvm.mem[253] ^= 0x01                                    # the head's check no longer matches
    again = NvmStore(nvm)
    assert again.load("game.0") == bytes([82]) + bytes(243) and again.load("prefs.0") is None
    assert again.damaged


def test_the_journal_s_bytes_are_those_badges_already_hold():
    """The nvm's layout is what flashed badges hold: a journal written by hand (MAGIC, then each
    entry's head: the name's index in game.0, game.1, prefs.0, prefs.1 and the length's high
    bits, the length's low byte, each with its complement) and the regions of the version
    before (game.0, game.1, prefs.0, prefs.1, 512 bytes each) read back by name."""
    nvm = FlashNvm()
    at = 4
    nvm.mem[0:4] = b"FTJ2"
    for k, data in ((3, b"prefs one"), (1, b"game one"), (2, b"x" * 300)):
        entry = bytes((k | len(data) >> 8 << 2, (k | len(data) >> 8 << 2) ^ 0xFF,
                       len(data) & 0xFF, (len(data) & 0xFF) ^ 0xFF)) + data
        nvm.mem[at:at + len(entry)] = entry
        at += len(entry)
    store = NvmStore(nvm)
    assert [store.load(name) for name in ("game.0", "game.1", "prefs.0", "prefs.1")] == [
        None, b"game one", b"x" * 300, b"prefs one"]
    from engine.records import _wrap
    old = FlashNvm()
    recs = [_wrap(1 + j // 2, 1 + j, b"slot %d" % j) for j in range(4)]
    for j, rec in enumerate(recs):
        old.mem[j * 512:j * 512 + len(rec)] = rec         # by hand, as REGION may not change
    store = NvmStore(old)
    assert [store.load(name) for name in ("game.0", "game.1", "prefs.0", "prefs.1")] == recs


def test_an_old_region_cut_after_its_head_is_read_as_512_bytes_at_most():
    """A region of the layout before the journal whose write was cut after the record's first
    4 bytes reads its length as 0xFFFF (erased flash): it is read as its 512 bytes, not the rest
    of the nvm, and the first save journals the records beside it (a head for 65,545 bytes
    made every save raise)."""
    from engine.records import _wrap
    nvm = FlashNvm()
    game = _wrap(1, 4, b"old game")
    nvm.mem[0:len(game)] = game
    nvm.mem[2 * REGION:2 * REGION + 4] = b"R\x02\x00\x07"          # prefs.0, cut after its seq
    store = NvmStore(nvm)
    assert len(store.load("prefs.0")) == REGION
    assert newest(Record(store, "prefs", 2)) == (None, True)       # a save was lost: said
    assert Record(store, "game", 1).write(b"new game")
    again = NvmStore(nvm)
    assert newest(Record(again, "game", 1)) == (b"new game", False) and not again.damaged


def test_a_region_of_the_old_layout_not_begun_with_r_is_no_record():
    """In the layout before the journal a region is a record only where it begins with b"R":
    another program's bytes in one slot's region are no record there, not a lost save said at
    every power-up, and the record is read from its other slot."""
    from engine.records import _wrap
    nvm = FlashNvm()
    game = _wrap(1, 4, b"old game")
    nvm.mem[0:len(game)] = game
    nvm.mem[REGION:REGION + 16] = bytes(range(1, 17))               # game.1: not ours
    store = NvmStore(nvm)
    assert store.load("game.1") is None
    assert newest(Record(store, "game", 1)) == (b"old game", False)


def test_a_badge_without_nvm_keeps_its_records_in_the_saves_folder(monkeypatch):
    """open_store() as the badge HAL calls it: where there is no nvm, the records go into
    /saves on the board's flash (docs/saving.md)."""
    import sys
    import types
    import hal.file_store
    from hal.stores import open_store
    made = []
    monkeypatch.setattr(hal.file_store.os, "mkdir", made.append)
    mc = types.ModuleType("microcontroller")
    mc.nvm = None
    monkeypatch.setitem(sys.modules, "microcontroller", mc)
    store = open_store()
    assert isinstance(store, FileStore) and store.folder == "/saves" and made == ["/saves"]
