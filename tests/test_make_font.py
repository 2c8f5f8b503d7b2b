"""tools.make_font's command line: which fonts it needs before it writes any, and the strips it
remakes; the signs it draws and the glyphs it cannot place. (Its other glyph work is tested with
the layouts, in test_firmware_layout.py.)"""
import gzip
import os
import shutil
import struct

import pytest

from simulator.core import FONT_DIR
from tools import make_font


def _bdfs(folder, sizes=make_font.SIZES):
    os.makedirs(str(folder), exist_ok=True)
    for size in sizes:
        shutil.copy(os.path.join(FONT_DIR, size + ".bdf"), str(folder))


def _refused(capsys, argv):
    """main's usage error: exit status 2 and its message."""
    with pytest.raises(SystemExit) as e:
        make_font.main(argv)
    assert e.value.code == 2
    return capsys.readouterr().err.splitlines()[-1]


def test_strips_are_remade_from_the_bdf_sources_byte_for_byte(tmp_path, capsys):
    """--strips writes every size's .bin from its .bdf: the files the badge ships."""
    _bdfs(tmp_path)
    make_font.main(["--strips", "--out", str(tmp_path)])
    for size in make_font.SIZES:
        with open(str(tmp_path / (size + ".bin")), "rb") as f, \
                open(os.path.join(FONT_DIR, size + ".bin"), "rb") as shipped:
            assert f.read() == shipped.read(), size
    said = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in said] == list(make_font.SIZES)
    assert said[0] == "5x8 strip: %d bytes" % os.path.getsize(str(tmp_path / "5x8.bin"))


def test_a_missing_bdf_stops_the_strips_before_any_is_written(tmp_path, capsys):
    """Never half a set: one .bdf lacking, no .bin is written, and the message names it and
    says how to make it."""
    _bdfs(tmp_path, make_font.SIZES[:-1])
    err = _refused(capsys, ["--strips", "--out", str(tmp_path)])
    assert err.endswith("missing %s: run without --strips to make them" % (tmp_path / "9x15.bdf"))
    assert not [n for n in os.listdir(str(tmp_path)) if n.endswith(".bin")]


def test_missing_source_fonts_are_named_with_the_way_to_get_them(tmp_path, capsys, monkeypatch):
    """Without the X11 fonts nothing is made, not even the --out folder: the default source
    folder asks for Debian's package, another --src says they are not there."""
    out = tmp_path / "out"
    src = tmp_path / "src"
    src.mkdir()
    (src / "6x10.pcf.gz").write_bytes(b"")
    err = _refused(capsys, ["--src", str(src), "--out", str(out)])
    lack = [str(src / (s + ".pcf.gz")) for s in make_font.SIZES if s != "6x10"]
    assert err.endswith("missing %s: not in --src" % ", ".join(lack))
    monkeypatch.setattr(make_font, "SRC", str(tmp_path / "misc"))     # a machine without them
    err = _refused(capsys, ["--out", str(out)])
    assert err.endswith(".pcf.gz: apt-get install xfonts-base")
    assert not out.exists()


def test_an_out_path_that_is_a_file_is_refused(tmp_path, capsys):
    """--out naming a file: refused by name, the file left as it was."""
    path = tmp_path / "fonts"
    path.write_bytes(b"mine")
    err = _refused(capsys, ["--strips", "--out", str(path)])
    assert err.endswith("--out %s: a file is there, not a folder" % path)
    assert path.read_bytes() == b"mine"


def _source(size, lacks=(), glyphs=None):
    """The size's shipped BDF as make_font's source font (as it reads X11's), without `lacks`
    and with `glyphs` ({code: glyph}) in place of its own."""
    bdf = make_font.load_bdf(os.path.join(FONT_DIR, size + ".bdf"))

    class Source:
        def load_glyphs(self, chars):
            pass

        def get_bounding_box(self):
            return bdf.get_bounding_box()

        def get_glyph(self, code):
            if glyphs and code in glyphs:
                return glyphs[code]
            return None if chr(code) in lacks else bdf.get_glyph(code)
    return Source()


@pytest.mark.parametrize("size, lacks", [(size, "") for size in make_font.SIZES] + [
    ("6x10", "\u25b6"), ("6x10", "\u25c0"), ("6x10", "\u2713"), ("5x8", "\u2713"), ("7x13", "\u2713")])
def test_the_bdf_sources_are_what_make_font_writes_of_their_glyphs(size, lacks):
    """tools.make_font writes each glyph's rows as it reads them: fed the BDF's own glyphs (as it
    is fed X11's), it writes the same BDF, pixel for pixel. X11's misc-fixed has no ▶ ◀ (the
    new-game arrows) at 6x10 and no ✓ but at 9x15: the signs make_font draws for a font without
    them are the shipped fonts' too, so remaking the fonts from X11 changes none of them."""
    text, missing = make_font.to_bdf(_source(size, lacks), size, make_font.CHARSET)
    with open(os.path.join(FONT_DIR, size + ".bdf")) as f:
        assert text == f.read() and missing == []


def test_a_letter_the_source_lacks_is_named_and_left_out():
    """A letter the source font lacks is not drawn (only the signs are): it is named as
    missing, and the BDF counts and holds only the glyphs it has."""
    text, missing = make_font.to_bdf(_source("6x10", lacks="\u00ff\u2713"), "6x10", make_font.CHARSET)
    assert missing == ["\u00ff"]
    assert "CHARS %d\n" % (len(make_font.CHARSET) - 1) in text and text.count("STARTCHAR") == len(make_font.CHARSET) - 1
    assert "ENCODING 255\n" not in text and "ENCODING 10003\n" in text


@pytest.mark.parametrize("dx, dy", [(1, 0), (-1, 0), (0, -1), (0, 1)])
def test_a_glyph_that_leaves_its_cell_is_refused(dx, dy):
    """The strip gives each glyph a cell of the font's bounding box: a glyph placed a pixel
    beyond it on any side would be drawn into its neighbour's, so to_strip refuses it by name."""
    import types
    bdf = make_font.load_bdf(os.path.join(FONT_DIR, "5x8.bdf"))
    ch = "_" if dy < 0 else "#"          # "#" touches its cell's top and both sides, "_" its bottom
    g = bdf.get_glyph(ord(ch))
    moved = types.SimpleNamespace(bitmap=g.bitmap, width=g.width, height=g.height, dx=g.dx + dx, dy=g.dy + dy)
    with pytest.raises(ValueError, match="U\\+%04X leaves its 5x8 cell" % ord(ch)):
        make_font.to_strip(_source("5x8", glyphs={ord(ch): moved}))


@pytest.mark.parametrize("size, code", sorted(make_font.FIXED))
def test_a_redrawn_glyph_is_written_as_redrawn_whatever_the_source_draws(size, code):
    """X11's 5x8 period is a 3x3 cross ("6.4" read "6+4"), and three suits read as others: the
    redrawn rows replace whatever the source font draws there (here its "+" or "#")."""
    src = _source(size)
    plus = src.get_glyph(ord("+" if code == 0x2E else "#"))
    text, missing = make_font.to_bdf(_source(size, glyphs={code: plus}), size, make_font.CHARSET)
    block = text.split("STARTCHAR U+%04X\n" % code)[1].split("ENDCHAR")[0].splitlines()
    assert block[block.index("BITMAP") + 1:] == make_font.FIXED[size, code] and not missing


def _pcf(font, lacks=""):
    """A font (make_font.CHARSET's glyphs but those in `lacks`) as an X11 PCF file's bytes, as
    bdftopcf writes misc-fixed: big-endian, most significant bit first, rows padded to 4 bytes.
    Only the tables adafruit_bitmap_font's reader uses: accelerators, metrics, bitmaps and
    encodings."""
    msb = 0xC                                   # byte and bit: most significant first
    bw, bh, bx, by = font.get_bounding_box()
    glyphs = [(ord(c), font.get_glyph(ord(c))) for c in make_font.CHARSET if c not in lacks]
    glyphs = sorted((c, g) for c, g in glyphs if g is not None)

    def metrics(lsb, rsb, width, ascent, descent):
        return struct.pack(">5hH", lsb, rsb, width, ascent, descent, 0)
    accel = struct.pack("<I", msb) + struct.pack(">8B3I", 1, 1, 1, 1, 1, 0, 0, 0, bh + by, -by, 0) \
        + metrics(bx, bx + bw, bw, bh + by, -by) * 2
    rows = []
    offsets = []
    for c, g in glyphs:
        offsets.append(sum(len(r) for r in rows))
        for y in range(g.height):
            bits = sum(1 << (31 - x) for x in range(g.width) if g.bitmap[x, y])
            rows.append(struct.pack(">I", bits))
    data = b"".join(rows)
    bitmaps = struct.pack("<I", msb | 2) + struct.pack(">I", len(glyphs)) \
        + b"".join(struct.pack(">I", o) for o in offsets) + struct.pack(">4I", 0, 0, len(data), 0) + data
    per_glyph = b"".join(metrics(g.dx, g.dx + g.width, g.shift_x, g.height + g.dy, -g.dy) for c, g in glyphs)
    metric = struct.pack("<I", msb) + struct.pack(">I", len(glyphs)) + per_glyph
    index = [0xFFFF] * (256 * 0x28)
    for i, (c, g) in enumerate(glyphs):
        index[c] = i
    encodings = struct.pack("<I", msb) + struct.pack(">5h", 0, 255, 0, 0x27, ord("?")) \
        + struct.pack(">%dH" % len(index), *index)
    tables = [(1 << 1, msb, accel), (1 << 2, msb, metric), (1 << 3, msb | 2, bitmaps), (1 << 5, msb, encodings)]
    out = b"\x01fcp" + struct.pack("<I", len(tables))
    at = len(out) + 16 * len(tables)
    for kind, fmt, body in tables:
        out += struct.pack("<4I", kind, fmt, len(body), at)
        at += len(body)
    return out + b"".join(body for _, _, body in tables)


def test_fonts_made_from_x11_s_files_are_the_shipped_ones(tmp_path, capsys):
    """The whole run on X11's gzipped PCF files (here written from the shipped fonts' glyphs, less
    the signs X11 lacks: CI has no xfonts-base): every size's .bdf and .bin come out as shipped,
    the signs drawn, in a new --out folder, and each size's glyph count is said."""
    out = tmp_path / "new" / "fonts"
    make_font.main(["--src", str(_x11(tmp_path / "misc")), "--out", str(out)])
    for name in sorted(os.listdir(FONT_DIR)):
        if name.endswith((".bdf", ".bin")):
            with open(os.path.join(FONT_DIR, name), "rb") as shipped:
                assert (out / name).read_bytes() == shipped.read(), name
    said = capsys.readouterr().out.splitlines()
    assert said[0] == "5x8 glyphs: %d missing: -" % len(make_font.CHARSET)
    assert [line.split()[0] for line in said] == list(make_font.SIZES) * 2


# the signs X11's misc-fixed lacks, which make_font draws (see the test of the BDF sources above)
X11_LACKS = {"5x8": "\u2713", "6x10": "\u25b6\u25c0\u2713", "7x13": "\u2713", "9x15": ""}


def _x11(folder):
    """X11's source fonts in folder, as xfonts-base holds them: each shipped BDF as a gzipped PCF,
    without the signs X11 lacks."""
    folder.mkdir(exist_ok=True)
    for size in make_font.SIZES:
        font = make_font.load_bdf(os.path.join(FONT_DIR, size + ".bdf"))
        with gzip.open(str(folder / (size + ".pcf.gz")), "wb") as f:
            f.write(_pcf(font, X11_LACKS[size]))
    return folder


@pytest.mark.parametrize("damage, says", [
    ("not gzip", "Not a gzipped file (b'no')"), ("a BDF", "no PCF font inside"),
    ("cut short", "a damaged PCF font ("), ("damaged inside", "Error -3 while decompressing data: ")])
def test_a_source_font_that_is_no_pcf_is_refused_before_any_font_is_written(tmp_path, capsys, damage, says):
    """A .pcf.gz that is not gzip, damaged gzip, gzip of another font, or a PCF cut short: named
    in one line, and nothing is written, not even the --out folder (the last size's failed
    half-way through the set, with a traceback)."""
    src = _x11(tmp_path / "misc")
    bad = src / "9x15.pcf.gz"
    if damage == "not gzip":
        bad.write_bytes(b"nonsense")
    elif damage == "damaged inside":            # the deflate stream itself, not only its check
        data = bytearray(bad.read_bytes())
        data[40] ^= 0xFF
        bad.write_bytes(bytes(data))
    else:
        with gzip.open(str(bad), "rb") as f:
            data = f.read()
        with gzip.open(str(bad), "wb") as f:
            f.write(b"STARTFONT 2.1\n" if damage == "a BDF" else data[:3000])
    out = tmp_path / "out"
    err = _refused(capsys, ["--src", str(src), "--out", str(out)])
    assert err.startswith("python -m tools.make_font: error: %s: %s" % (bad, says)), err
    assert err.endswith(": X11's fonts are gzipped PCF files") and not out.exists()


@pytest.mark.parametrize("damage, says", [
    ("not a BDF", "a damaged BDF font (Unsupported file version)"),
    ("a glyph's size cut", "a damaged BDF font (not enough values to unpack"),
    ("cut after its header", "a damaged BDF font (cut short: no ENDFONT line)"),    # a strip of no glyphs
    ("cut in a glyph", "a damaged BDF font (cut short: no ENDFONT line)"),
])
def test_a_damaged_bdf_stops_the_strips_before_any_is_written(tmp_path, capsys, damage, says):
    """--strips read each .bdf as it wrote the .bin before it: a damaged 7x13.bdf gave a
    traceback after 5x8.bin and 6x10.bin were rewritten, and one cut short after its header a
    .bin of no glyphs, without a word. Now it is named in one line, and no .bin is written."""
    _bdfs(tmp_path)
    bad = tmp_path / "7x13.bdf"
    whole = bad.read_bytes()
    bad.write_bytes({"not a BDF": b"garbage\nENDFONT\n", "a glyph's size cut": whole.replace(b"BBX 7 13", b"BBX 7"),
                     "cut after its header": whole[:300], "cut in a glyph": whole[:3000]}[damage])
    err = _refused(capsys, ["--strips", "--out", str(tmp_path)])
    assert err.startswith("python -m tools.make_font: error: %s: %s" % (bad, says)), err
    assert err.endswith(": run without --strips to make it again"), err
    assert not [n for n in os.listdir(str(tmp_path)) if n.endswith(".bin")]


@pytest.mark.parametrize("strips", [True, False])
def test_fonts_a_full_disk_cannot_write_keep_the_old_ones(tmp_path, capsys, strips):
    """The .bdf and .bin files were written over the old ones (by default the checkout's
    firmware/fonts): a full disk left the badge's fonts cut short, with a traceback. Each is
    written beside the old one and renamed over it once whole, and the tool names the file it
    could not write."""
    from conftest import full_disk_here
    src = _x11(tmp_path / "misc")
    out = tmp_path / "fonts"
    _bdfs(out)
    for size in make_font.SIZES:
        (out / (size + ".bin")).write_bytes(b"the old strip")
    old = sorted((f.name, f.read_bytes()) for f in out.iterdir())
    with full_disk_here(64), pytest.raises(SystemExit) as e:
        make_font.main(["--strips", "--out", str(out)] if strips else ["--src", str(src), "--out", str(out)])
    assert e.value.code == 1
    assert capsys.readouterr().err == "python -m tools.make_font: error: cannot write %s: File too large\n" % (
        out / ("5x8.bin" if strips else "5x8.bdf"))
    assert sorted((f.name, f.read_bytes()) for f in out.iterdir()) == old


def test_an_out_folder_make_font_cannot_make_is_one_line(tmp_path, capsys):
    (tmp_path / "file").write_bytes(b"")
    out = tmp_path / "file" / "fonts"
    err = _refused(capsys, ["--src", str(_x11(tmp_path / "misc")), "--out", str(out)])
    assert err.endswith("cannot make the --out folder %s: Not a directory" % out), err


def test_make_font_also_runs_as_a_script(tmp_path):
    """`python tools/make_font.py --strips` stopped with "No module named 'firmware'", where the
    other tools run as scripts (test_tool_args only asks each for its --help)."""
    import subprocess
    import sys
    from conftest import ROOT
    _bdfs(tmp_path)
    r = subprocess.run([sys.executable, os.path.join("tools", "make_font.py"), "--strips", "--out", str(tmp_path)],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert (tmp_path / "9x15.bin").read_bytes() == open(os.path.join(FONT_DIR, "9x15.bin"), "rb").read()
