"""Every screen on every layout, in every language: no text clipped, nothing overlapping."""
import os

import pytest

import hal

from simhelp import Sim, play_out, LAYOUT_BOARDS, PageScreen, labels, new_game, page_text
from engine.rules import PRESETS
from firmware import text, ui, layouts, help_pages
from firmware import text_en, text_fr, text_de, rules_en, rules_fr, rules_de
from firmware.table import TableView
from simulator.core import FONT_DIR
from firmware.font import Font
from hal.buttons import RIGHT, OK


LANGUAGES = (text_en, text_fr, text_de)     # in text.LANGS order
RULES_WORDS = (rules_en, rules_fr, rules_de)


def boxes(sim):
    """(name, x, y, w, h) of every visible label and card grid on screen."""
    out = []
    for lb, x, y in labels(sim.screen):
        if not lb.text.strip():
            continue
        bx, by, bw, bh = lb.bounding_box
        s = lb.scale
        by += lb.font.descent      # where the glyph cells are drawn: that far below the box
        out.append(("label " + repr(lb.text), x + bx * s, y + by * s, bw * s, bh * s))
    scr = sim.screen
    if isinstance(scr, TableView):            # the table, played or replayed
        for name, tg in (("rows", scr.rows), ("hand", scr.hand)):
            out.append((name, tg.x, tg.y, tg.width * tg.tile_width, tg.height * tg.tile_height))
    return out


def check_screen(sim, where):
    W = sim.hal.profile.WIDTH
    H = sim.hal.profile.HEIGHT
    items = boxes(sim)
    for name, x, y, w, h in items:
        assert x >= 0 and y >= 0 and x + w <= W and y + h <= H, (where, name, (x, y, w, h))
    for i in range(len(items)):
        a = items[i]
        for b in items[i + 1:]:
            overlap = (a[1] < b[1] + b[3] and b[1] < a[1] + a[3] and
                       a[2] < b[2] + b[4] and b[2] < a[2] + a[4])
            assert not overlap, (where, a, b)
    if isinstance(sim.screen, TableView):     # opponents side by side stay 4 px apart
        opps = [o[1] for o in sim.screen.opp_labels]
        row = sorted([(y, x + lb.bounding_box[0], lb) for lb, x, y in labels(sim.screen)
                      if lb in opps and lb.text.strip()], key=lambda r: (r[0], r[1]))
        for a, b in zip(row, row[1:]):
            if a[0] == b[0]:
                end = a[1] + a[2].bounding_box[2]
                assert b[1] - end >= 4, (where, a[2].text, b[2].text)


def visit_all(sim, where):
    app = sim.app
    checked = [0]

    def chk(tag):
        check_screen(sim, where + " " + tag)
        checked[0] += 1

    app.title()
    chk("title")
    app.new_game()
    scr = app.screen
    for i in range(len(scr.items)):
        scr.sel = i
        scr.show()
        chk("new game line %d" % i)
    for p in range(len(PRESETS)):
        app.settings["preset"] = p
        for i in range(len(scr.items)):
            scr.sel = i
            scr.show()
            chk("new game preset %d line %d" % (p, i))
    app.settings["preset"] = 0
    app.settings_screen()
    for i in range(len(app.screen.items)):
        app.screen.sel = i
        app.screen.show()
        chk("settings %d" % i)
    app.stats_screen()
    chk("stats")
    app.help_menu()
    chk("help")
    for k in PRESETS:
        help_pages.rules_page(app, k, back=app.title)
        page = app.screen
        while True:
            chk("rules " + k)
            if page.top + page.visible >= len(page.lines):
                break
            page.top += 1
            page.show()
    help_pages.keys_page(app)
    chk("keys")
    sim.hal.memory = lambda: (163840, 175104)     # as the badge HAL reports its heap
    help_pages.about_page(app)
    chk("about")
    # the table, with 7 players where the preset allows, then every message
    for preset_key, players in (("parliament", 7), ("fan_tan", 5), ("sevens", 4)):
        app.settings["preset"] = PRESETS.index(preset_key)
        app.settings["players"] = players
        app.start_match()
        t = app.screen
        sim.settle()
        chk("table " + preset_key)
        for code in range(1, len(text_en.REASONS)):     # every refusal, up to "8 before 6"
            t.say(text.reason(code), text.reason(code, True), ui.WARN)
            chk("reason %d" % code)
        t.say(text.t("no_move"), text.t("no_move_s"), ui.ACCENT)
        chk("no move")
        t.say(text.t("battery_low") % 10, text.t("battery_low_s") % 10, ui.WARN)
        chk("battery low")
        t.notice = None
        t.update(0)
        chk("table idle")
        assert t.my_turn()
        app.stats.streak = 1 if preset_key == "sevens" else 0     # the last asks of the streak it ends
        app.pause()                           # with the hint, on your turn
        chk("pause on your turn")
        app.screen.sel = len(app.screen.items) - 1     # Quit: it asks first
        app.screen.on_button(OK, 0)
        assert app.screen.title == text.t("quit_sq" if app.stats.streak else "quit_q")
        chk("quit question")
        app.resume_table()
        t = app.screen
        # play the deal out by the rules, then results and standings
        g = t.g
        play_out(g)
        t.update(0)
        chk("deal over")
        app.deal_over()
        page = app.screen
        assert isinstance(page, PageScreen)
        chk("results")
        app.standings(back=app.title)
        chk("standings")
        app.pause(None, app.standings)          # between deals
        chk("pause between deals")
        app.standings(back=app.pause)          # with what the passes told, from the pause menu
        chk("standings paused")
        app.game_rules_page(app.pause)
        chk("rules of this game")
    # the replay of the last deal, the statistics reset question, the damaged-save notice
    app.replay(app.pause)
    chk("replay")
    for _ in range(6):
        app.screen.on_button(RIGHT, 0)
        chk("replay step")
    app.stats.add_deal("five_or_nine", 1, True, 5)
    app.stats_screen()
    chk("stats with wins")
    app.screen.on_button(OK, 0)
    chk("reset question")
    cells = app.saves.store.cells
    for n in ("game.0", "game.1", "prefs.0", "prefs.1"):
        cells[n] = b"garbage" * 6
    app.power_up()
    assert isinstance(app.screen, PageScreen)
    chk("damaged notice")
    return checked[0]


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_no_clipping_no_overlap_every_language(board):
    sim = Sim(board, seed=9)
    try:
        for lang in range(3):
            text.set_lang(lang)
            sim.app.settings["lang"] = lang
            assert visit_all(sim, "%s lang %d" % (board, lang)) > 40
    finally:
        text.set_lang(0)


def second_line_gaps(t):
    """(pixels between, left text, right text) of the opponents' second lines side by side."""
    l2s = [o[2] for o in t.opp_labels if o[2] is not None]
    row = sorted([(y, x + lb.bounding_box[0], lb) for lb, x, y in labels(t) if lb in l2s and lb.text.strip()],
                 key=lambda r: (r[0], r[1]))
    return [(b[1] - (a[1] + a[2].bounding_box[2]), a[2].text, b[2].text)
            for a, b in zip(row, row[1:]) if a[0] == b[0]]


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_opponents_long_second_lines_stand_further_apart_than_their_words(board):
    """ "11 cartes 0 pt" has only spaces between its words: side by side, at a space and a pixel
    apart, a 320 px board's French or German row read as one line ("9 Karten 0 Pkt 9 Karten 0
    Pkt 7 Karten 0 Pkt", uGame 22, found playing Domino): such a line keeps a character more
    clear of the next. Six deals of Domino with four bots, every move, in every language (by
    the sixth, scores of 10 or more made the English "11 cards 10 pt" run on too)."""
    sim = Sim(board, seed=3)
    app = sim.app
    fw = ui.font(app.layout.font).width
    seen = 0
    try:
        for lang in range(3):
            text.set_lang(lang)
            app.settings["lang"] = lang
            app.settings["preset"] = PRESETS.index("domino")
            app.settings["players"] = 5
            app.start_match()
            for deal in range(6):
                sim.settle()
                t = app.screen
                if t.opp_labels[0][2] is None:
                    return                  # one-line labels: nothing side by side below
                g = t.g
                while not g.over:
                    for gap, a, b in second_line_gaps(t):
                        seen += 1
                        if "\u00b7" not in a:     # words a space apart
                            assert gap >= fw + 4, (board, lang, deal, a, b, gap)
                    g.play(g.legal_moves()[0], g.turn)
                    t.update(sim.hal.clock)
                sim.settle()
                while not isinstance(app.screen, TableView) or app.screen.g is g:
                    sim.press("OK")     # the results, the standings, the next deal
    finally:
        text.set_lang(0)
    assert seen


def all_texts():
    """Every text the firmware shows, in every language."""
    out = list(text.LANGS)
    out.extend(text.ARROWS.values())
    for words in LANGUAGES:
        for table in (words.T, words.PRESET_TITLES):
            out.extend(table.values())
        for forms in words.REASONS:
            out.extend(forms)
    for words in RULES_WORDS:
        out.extend(list(words.WORDS.values()) + list(words.OPENING + words.SCORING + words.TABLE))
        out.extend(words.BUTTONS)
        out.extend(words.PLACES)
        out.extend([p + ": " + b for p in words.PLACES for b in words.BUTTONS])   # Buttons page
    return out


def test_every_language_has_every_text():
    """The language modules say the same things: the same keys, and one entry per button,
    place and engine reason."""
    en = text_en
    for words in LANGUAGES:
        for name in ("T", "PRESET_TITLES"):
            assert set(getattr(words, name)) == set(getattr(en, name)), (words.__name__, name)
        assert len(words.REASONS) == len(en.REASONS) and all(len(f) == 2 for f in words.REASONS)
    for words in RULES_WORDS:           # the borrowed pages' words: rules sentences, the Buttons page's
        assert set(words.WORDS) == set(rules_en.WORDS) and len(words.OPENING) == 4
        assert len(words.BUTTONS) == 8 and len(words.PLACES) == len(text.PLACES)
        assert len(words.SCORING) == 3 and all("%s" in x for x in words.SCORING)
    assert all(isinstance(v, str) and v for v in all_texts())


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_your_turn_with_a_pass_price_fits_the_message_line_in_every_language(fonts, board):
    """The table falls back to these short forms where the long ones do not fit; they must
    fit, or the price of the pass is what gets cut (the MacroPad lost it in French and German).
    A range ("-12..21": who holds the gate cards decides) comes only once a starting rank is
    fixed; before that, or in Play or Pay, a pass has no gates to pay."""
    L = layouts.for_size(hal.profile(board).WIDTH, hal.profile(board).HEIGHT)
    for lang in range(len(LANGUAGES)):
        text.set_lang(lang)
        try:
            price = " \u00b7 " + text.t("pass_cost") + " -9"
            kept = " \u00b7 " + text.t("pass_cost") + " -12\u2026-21"    # three starters kept
            for said in (text.t("your_turn") + kept, text.t("any_suit") + price,
                         text.t("pick_rank") + price, text.t("open_5_9") + price,
                         text.t("bonus_s") % "\u2666" + " \u00b7 " + text.t("pass_cost")):
                assert len(ui.wrap(said, L.font, L.msg[2])) <= L.msg[3], (board, said)
        finally:
            text.set_lang(0)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_a_wrapped_text_never_runs_past_its_page(fonts, board):
    """ui.wrap keeps "label: value" together only where the pair fits: every line of every text
    fits a page's width, unless a single word is wider than it, and none starts or ends with the
    "·" between two parts."""
    L = layouts.for_size(hal.profile(board).WIDTH, hal.profile(board).HEIGHT)
    width = L.w - 10                                  # a PageScreen's text width
    for said in all_texts():
        lines = ui.wrap(said, L.font, width)
        for line in lines:
            assert ui.text_width(line, L.font) <= width or " " not in line.strip(), (board, line)
            assert "\u00b7" not in (line.strip()[:1], line[-1:]), (board, line)
            assert line.strip()[:1] not in ("!", "?"), (board, line)     # French " !" stays on
        head = said.split(": ")[0] + ":"         # a key's name on the Buttons page stays whole
        if ("\u00b7" not in said and ": " in said and ui.text_width(head, L.font) <= width
                and head.count(" ") < 4):
            assert lines[0].startswith(head), (board, said, lines)
    lines = ui.wrap("Wins in a row: 0 \u00b7 Best: 1", L.font, width)  # two parts: as any other
    assert lines == ["Wins in a row: 0 \u00b7 Best: 1"] or lines[0] != "Wins in a row:", lines
    said = "Vous gagnez la partie"                       # where a French " !" or " ?" would break off
    for mark in (" !", " ?"):
        assert ui.wrap(said + mark, L.font, ui.text_width(said, L.font)) == ["Vous gagnez la", "partie" + mark]
    said = "You may also pass when able: 3 chips to the pot."     # a sentence, not a key's name
    if ui.text_width(said, L.font) > width >= ui.text_width("You may also pass when able: 3", L.font):
        assert ui.wrap(said, L.font, width)[0].startswith("You may also pass when able: 3")


@pytest.fixture
def fonts(monkeypatch):
    """The repo's fonts, as the simulator loads them (the badge's path is /firmware/fonts)."""
    monkeypatch.setattr(ui, "FONT_DIR", FONT_DIR)
    monkeypatch.setattr(ui, "_fonts", {})


@pytest.mark.parametrize("scale", (1, 2))
def test_labels_draw_their_glyphs_a_descent_below_their_box(fonts, scale):
    """What boxes() and ui.lines_fit rely on: bitmap_label draws a line's glyph cells
    `descent` rows below its bounding box, descenders in the cell's last row."""
    for name in ("5x8", "6x10", "7x13", "9x15"):
        lb = ui.label("Mgy", name, 0, 20, 1, scale=scale)
        tg = lb._tilegrid
        ink = [lb.y + (tg.y + y + 1) * scale - 1 for y in range(tg.bitmap.height)
               if any(tg.bitmap[x, y] for x in range(tg.bitmap.width))]
        top = lb.y + (lb.bounding_box[1] + ui.font(name).descent) * scale
        assert top == 20 + ui.font(name).descent * scale and top < ink[0], name
        assert ink[-1] == top + ui.font(name).height * scale - 1, name


def test_fonts_have_every_glyph_the_texts_use(fonts):
    from firmware.table import card_name
    chars = set("".join(all_texts()))
    for c in range(52):
        chars |= set(card_name(c))
    chars |= set("0123456789+-=$:#!\u25b6\u25c0\u25bc\u2026\u00b7[]%/ ")
    for name in ("5x8", "6x10", "7x13", "9x15"):
        f = ui.font(name)
        missing = [ch for ch in sorted(chars) if f.get_glyph(ord(ch)) is None]
        assert not missing, (name, missing)


def bdf_pixels(g):
    """A BDF glyph's lit pixels, from its baseline: (x, y up)."""
    return set((g.dx + x, g.height + g.dy - 1 - y) for y in range(g.height)
               for x in range(g.width) if g.bitmap[x, y])


def strip_pixel(g, x, y):
    """Pixel (x, y) of strip font glyph g, in its cell of the font's strip."""
    return g.bitmap[g.tile_index * g.width + x, y]


def strip_pixels(s):
    """A strip font glyph's lit pixels, as bdf_pixels counts them."""
    return set((x, s.height + s.dy - 1 - y) for y in range(s.height) for x in range(s.width)
               if strip_pixel(s, x, y))


def test_font_has_suits_and_accents(fonts):
    f = ui.font("7x13")
    for ch in "\u2660\u2665\u2666\u2663\u00e9\u00e8\u00ea\u00e0\u00e7\u00f4\u00fb\u00f9\u00ef\u00fc\u00f6\u00e4\u00df\u00c9\u00c4\u00d6\u00dc":
        assert f.get_glyph(ord(ch)) is not None, ch


def test_strip_fonts_are_made_from_the_bdf_sources():
    """firmware/fonts/<size>.bin is what tools.make_font makes of <size>.bdf: remake and compare,
    and every glyph of the strip has the BDF glyph's pixels at the same place from the baseline."""
    from tools import make_font
    from firmware.font import Font
    for size in make_font.SIZES:
        bdf = make_font.load_bdf(os.path.join(FONT_DIR, size + ".bdf"))
        path = os.path.join(FONT_DIR, size + ".bin")
        with open(path, "rb") as f:
            assert f.read() == make_font.to_strip(bdf), size + ": python -m tools.make_font --strips"
        strip = Font(path)
        w, h, bx, by = bdf.get_bounding_box()
        assert strip.get_bounding_box() == (w, h, 0, by) and (strip.ascent, strip.descent) == (h + by, -by)
        for ch in make_font.CHARSET:
            g = bdf.get_glyph(ord(ch))
            s = strip.get_glyph(ord(ch))
            assert (g is None) == (s is None), (size, ch)
            if g is None:
                continue
            assert strip_pixels(s) == bdf_pixels(g), (size, ch)
        assert strip.get_glyph(0x4E00) is None


def test_every_layout_is_chosen_by_size():
    assert layouts.for_size(240, 240).name == "240x240"
    assert layouts.for_size(320, 240).name == "320x240"
    assert layouts.for_size(160, 128).name == "160x128"
    assert layouts.for_size(128, 64).name == "128x64"
    assert layouts.for_size(296, 128).name == "296x128"
    assert layouts.for_size(240, 135).name == "240x135"
    assert layouts.for_size(128, 128).name == "128x128"
    assert layouts.for_size(264, 176).name == "264x176"
    # sizes between: the largest layout no wider than the screen (a wide 250x122 e-ink is not
    # the Badger's 296x128)
    assert layouts.for_size(250, 122).name == "128x64"
    assert layouts.for_size(300, 100).name == "128x64" and layouts.for_size(200, 100).name == "128x64"
    assert layouts.for_size(240, 200).name == "240x240" and layouts.for_size(240, 199).name == "240x135"
    assert layouts.for_size(240, 128).name == "240x135" and layouts.for_size(300, 200).name == "240x240"
    assert layouts.for_size(300, 150).name == "240x135" and layouts.for_size(300, 149).name == "296x128"
    assert layouts.for_size(400, 300).name == "320x240"
    assert layouts.for_size(280, 199).name == "264x176" and layouts.for_size(300, 176).name == "264x176"
    for w in range(128, 420, 6):
        for h in range(64, 320, 6):
            assert int(layouts.for_size(w, h).name.split("x")[0]) <= w, (w, h)


def test_a_screen_a_pixel_short_of_a_layout_gets_the_next_smaller_one():
    """Each layout needs its whole width and height: a screen one pixel narrower or shorter
    than a size's threshold gets the next layout down, never one that overflows it."""
    smaller = {(319, 240): "240x240", (320, 239): "240x240", (295, 128): "240x135",
               (296, 127): "128x64", (239, 200): "160x128", (239, 128): "160x128",
               (240, 127): "128x64", (159, 128): "128x128", (160, 127): "128x64",
               (128, 127): "128x64", (263, 176): "240x135", (264, 175): "240x135"}
    for (w, h), name in smaller.items():
        assert layouts.for_size(w, h).name == name, (w, h)


def at(art, tile, x, y):
    """The palette slot at (x, y) of a sheet tile (the sheet holds its tiles side by side)."""
    return art.sheet[tile * art.tw + x, y]


def ink_columns(art, tile, inks, framed):
    """Which columns of a sheet tile hold glyph ink (the outline, if any, left out)."""
    tw, th = art.tw, art.th
    lo, hi = (2, tw - 2) if framed else (1, tw - 1)
    rows = range(2, th - 1) if framed else range(th)
    return "".join("#" if any(at(art, tile, x, y) in inks for y in rows) else "."
                   for x in range(lo, hi))


def outlined(art, tile):
    """Whether a sheet tile has the next rank's outline (an accent top row and left column)."""
    return (all(at(art, tile, x, 1) == ui._NEED for x in range(1, art.tw - 1)) and
            all(at(art, tile, 1, y) == ui._NEED for y in range(1, art.th)))


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_the_next_rank_reads_on_every_tile(fonts, board):
    """A rank that can be laid next is outlined only where its glyph fits inside the outline
    with a clear pixel left and right and above or below; on smaller tiles it stands bare
    (no outline of another colour either), whole, in the accent colour. Either way no glyph
    pixel is lost, in every language's letters (the picture cards are drawn again on a switch)."""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    tw, th = L.tile
    art = ui.CardArt(tw, th, L.tile_font, ui.Theme(mono=p.MONO, paper=p.EINK))
    font = ui.font(L.tile_font)
    try:
        for lang in range(len(text.LANGS)):
            text.set_lang(lang)
            art.draw_ranks(range(10, 13))
            for r in range(13):
                if text.rank(r) in ("10", "Q"):                 # two glyphs, Q's tail
                    continue
                tile = ui.T_NEED + r
                g = font.get_glyph(ord(text.rank(r)))
                ink = [(x, y) for y in range(th) for x in range(tw)
                       if at(art, tile, x, y) == ui._NEED]
                if outlined(art, tile):
                    ink = [(x, y) for x, y in ink if 1 < x < tw - 2 and 1 < y < th - 1]
                    xs = [x for x, y in ink]
                    ys = [y for x, y in ink]
                    assert min(xs) > 2 and max(xs) < tw - 3, (board, r, "touches the outline's side")
                    assert min(ys) > 2 or max(ys) < th - 2, (board, r, "fills the outline's height")
                else:                                   # bare: the slot and the accent ink alone
                    assert {at(art, tile, x, y) for y in range(th) for x in range(tw)} <= \
                        {ui.BG, ui._SLOT, ui._NEED}, (board, r)
                whole = sum(1 for y in range(g.height) for x in range(g.width) if strip_pixel(g, x, y))
                assert len(ink) == whole, (board, text.rank(r))
    finally:
        text.set_lang(0)
    assert outlined(art, ui.T_NEED) == (tw >= 12), board    # outlined from 12 px wide tiles


def test_the_next_rank_is_outlined_from_the_tile_its_8_fits_with_a_pixel_each_side(fonts):
    """The outline needs the "8"'s ink and a clear pixel on each side inside it: 5x8's 4-pixel
    8 is outlined on a 10-pixel tile, and stands bare on a 9-pixel one, where it would touch
    the outline's side; a tile 4 rows taller than the 8 is outlined too, 3 is not."""
    for tw, th, framed in ((10, 12, True), (9, 12, False), (10, 10, True), (10, 9, False)):
        art = ui.CardArt(tw, th, "5x8", ui.Theme())
        assert outlined(art, ui.T_NEED + 7) == framed, (tw, th)


@pytest.mark.parametrize("mono", (False, True))
def test_a_tile_font_too_big_for_its_tiles_is_cropped_inside_each_card(fonts, mono):
    """A layout whose tile font is taller and wider than its tiles (a badge hacker's new
    screen) still draws each glyph inside its card: the column each side and the row a
    card's two tiles keep clear (above the rank, below the suit) stay background, so no ink
    lands in the gap between two cards or spills into the next tile of the sheet."""
    for tw, th in ((8, 8), (10, 9)):
        art = ui.CardArt(tw, th, "9x15", ui.Theme(mono=mono))
        for tile in range(ui.T_SLOT, ui.T_SUIT_DONE + 4):
            clear = th - 1 if tile >= ui.T_SUIT else 0
            assert [at(art, tile, x, clear) for x in range(tw)] == [ui.BG] * tw, (tw, th, tile)
            for y in range(th):
                assert at(art, tile, 0, y) == at(art, tile, tw - 1, y) == ui.BG, (tw, th, tile, y)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_a_cards_glyphs_stand_centred_clear_of_its_edges(fonts, board):
    """On a card the rank and the suit have face on both sides where there is room (on the
    MacroPad's 8 px tiles the ink once began at the face's first column, where black merged
    into the border and a 3 read as a backwards z), centred to a pixel."""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    art = ui.CardArt(L.tile[0], L.tile[1], L.tile_font, ui.Theme(mono=p.MONO, paper=p.EINK))
    edged = p.MONO and L.tile[0] >= 12
    for tile in [ui._T_RANK + r for r in range(13) if r != 9] + [ui.T_SUIT + s for s in range(4)]:
        cols = ink_columns(art, tile, (ui.INK, ui._RED), edged)
        left = len(cols) - len(cols.lstrip("."))
        right = len(cols) - len(cols.rstrip("."))
        room = left + right                 # a 5 px suit on a 6 px face has one spare column
        assert min(left, right) >= min(1, room // 2) and abs(left - right) <= 1, \
            (board, tile, cols)


@pytest.mark.parametrize("size,code", [("5x8", 0x2E), ("9x15", 0x2663), ("6x10", 0x2666), ("5x8", 0x2663)])
def test_redrawn_glyphs_stay_so_when_the_fonts_are_remade(size, code):
    """Glyphs drawn over X11's: 5x8's period is a 2x2 dot, not a 3x3 cross ("6.4" read as
    "6+4" on the MacroPad); 9x15's and 5x8's clubs have a round top, not a spade's point (5x8's
    was a circled cross on the Sprig); 6x10's diamond is
    a squat rhombus, not a spade's tall point. The fonts hold them, and tools.make_font draws
    them so over the source's."""
    from tools import make_font
    bdf = make_font.load_bdf(os.path.join(FONT_DIR, size + ".bdf"))
    g = bdf.get_glyph(code)
    ink = [(x, y) for y in range(g.height) for x in range(g.width) if g.bitmap[x, y]]
    rows = make_font.FIXED[size, code]
    assert len(ink) == sum(bin(int(r, 16)).count("1") for r in rows), ink
    if code == 0x2E:
        assert len(ink) == 4 and len(set(x for x, y in ink)) == 2, ink
    else:                   # the spade's top row of ink is one pixel wide; this glyph's is not
        spade = bdf.get_glyph(0x2660)
        top = [y for y in range(spade.height) if any(spade.bitmap[x, y] for x in range(spade.width))][0]
        assert sum(spade.bitmap[x, top] for x in range(spade.width)) == 1
        mine = min(y for x, y in ink)
        assert code == 0x2666 or sum(1 for x, y in ink if y == mine) == 3        # a round lobe
        assert code == 0x2663 or max(y for x, y in ink) - mine == 4                # squat: 5 rows

    class Source:           # the source font, as adafruit_bitmap_font reads the X11 one
        def load_glyphs(self, chars):
            pass

        def get_bounding_box(self):
            return bdf.get_bounding_box()

        def get_glyph(self, c):         # X11's glyph was another: any will do
            return bdf.get_glyph(0x2660 if code != 0x2660 else 0x2665) if c == code else None
    text, missing = make_font.to_bdf(Source(), size, chr(code))
    assert "BITMAP\n" + "\n".join(rows) + "\nENDCHAR" in text


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_the_cursor_and_hint_frames_leave_every_card_glyph_whole(fonts, board):
    """The frames lie over a card of the hand (its rank tile above its suit tile): none of
    their pixels may fall on a glyph's (on the MacroPad's 8 pixel cards a 2 pixel frame did,
    and a dimmed card under the cursor could not be read). On a mono screen the hint's dashes
    stay above and below a card's face: beside it, they made its edge ragged (MacroPad)."""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    tw, th = L.tile
    art = ui.CardArt(tw, th, L.tile_font, ui.Theme(mono=p.MONO, paper=p.EINK))
    for dashed in (False, True):
        bmp = art.frame(tw, 2 * th, ui.CURSOR, dashed).bitmap
        drawn = [(x, y) for y in range(2 * th) for x in range(tw) if bmp[x, y]]
        for rank in range(26):
            for suit in range(4):
                for x, y in drawn:
                    tile = ui._T_RANK + rank if y < th else ui.T_SUIT + suit
                    under = at(art, tile, x, y % th)
                    assert under not in (ui.INK, ui._RED), (board, rank, suit, x, y)
                    face = [at(art, tile, i, y % th) == ui._FACE for i in range(tw)]
                    assert not (p.MONO and dashed and any(face) and under != ui._FACE), \
                        (board, rank, suit, x, y)


def contrast(a, b):
    """WCAG 2's contrast ratio of two 0xRRGGBB colours (1 to 21)."""
    def luminance(c):
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
               for v in ((c >> 16 & 255) / 255, (c >> 8 & 255) / 255, (c & 255) / 255)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    dark, light = sorted((luminance(a), luminance(b)))
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("board", [b for b in LAYOUT_BOARDS if not hal.profile(b).MONO])
def test_the_cursors_inner_ring_stands_clear_of_every_glyph_of_its_card(fonts, board):
    """On a colour screen each card pixel beside the cursor's black inner ring (where it has
    one) differs from it by 3:1 or more, bright cards and dimmed: on the 240x240 and 320x240
    the 10's glyphs touched the ring, the 0 of a black 10 made one thick bar with it (1:1),
    a dimmed red 10 stood 1.8:1 against it."""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    tw, th = L.tile
    art = ui.CardArt(tw, th, L.tile_font, ui.Theme())
    frame = art.frame(tw, 2 * th, ui.CURSOR)
    bmp = frame.bitmap
    ink = frame.pixel_shader[2]
    ring = [(x, y) for y in range(2 * th) for x in range(tw) if bmp[x, y] == 2]
    beside = set((x + dx, y + dy) for x, y in ring for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                 if 0 <= x + dx < tw and 0 <= y + dy < 2 * th and not bmp[x + dx, y + dy])
    for dim in (False, True):
        pal = art.dim_palette if dim else art.palette
        for rank in range(26):
            for suit in range(4):
                for x, y in beside:
                    tile = ui._T_RANK + rank if y < th else ui.T_SUIT + suit
                    ratio = contrast(ink, pal[at(art, tile, x, y % th)])
                    assert ratio >= 3, (board, dim, rank, suit, x, y, round(ratio, 2))


@pytest.mark.parametrize("board", [b for b in LAYOUT_BOARDS if hal.profile(b).MONO and
                                   layouts.for_size(hal.profile(b).WIDTH, hal.profile(b).HEIGHT).tile[0] >= 12])
def test_a_mono_cards_glyphs_stand_a_pixel_clear_of_the_cursor_and_the_hint(fonts, board):
    """On a 1-bit panel a glyph touches a line when one of its pixels is beside a pixel of the
    line of the same colour: under the cursor or the hint, filled or hollow, no rank or suit
    does. On the Badger the cursor's paper inner ring ran into the top of a filled card's
    rank (its 6 opened into the ring) and the top of a hollow one ran into its outline.
    The 10 is let off left and right: a 1 and a 0 of 2 and 5 pixels with a column between
    fill the 8 inside a 12 px card's outline. (The MacroPad's 8 px cards have no room at all:
    their 1 pixel frame lies on the tile's margin, beside the face a 5x8 glyph fills.)"""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    tw, th = L.tile
    theme = ui.Theme(mono=True, paper=p.EINK)
    art = ui.CardArt(tw, th, L.tile_font, theme)
    for colour, dashed in ((ui.CURSOR, False), (ui.HINT, True)):
        frame = art.frame(tw, 2 * th, colour, dashed)
        for dim in (False, True):
            pal = art.dim_palette if dim else art.palette
            ring = list(frame.pixel_shader)
            if not dashed:          # the cursor's inner ring: the paper's on a filled card (TableView)
                ring[2] = theme.colours[ui.CURSOR if dim else ui.INK]
            for rank in range(26):
                for suit in range(4):
                    for y in range(2 * th):
                        for x in range(tw):
                            tile = ui._T_RANK + rank if y < th else ui.T_SUIT + suit
                            if at(art, tile, x, y % th) not in (ui.INK, ui._RED) or frame.bitmap[x, y]:
                                continue
                            ink = pal[at(art, tile, x, y % th)]
                            sides = ((0, 1), (0, -1)) if rank % 13 == 9 and y < th else \
                                ((0, 1), (0, -1), (1, 0), (-1, 0))
                            for dx, dy in sides:
                                line = frame.bitmap[x + dx, y + dy]
                                assert not (line and ring[line] == ink), \
                                    (board, colour, dim, rank, suit, x, y, dx, dy)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_states_that_colour_tells_are_told_without_it(fonts, board):
    """For red-green colour blindness, glare and mono panels: a colour screen's 2 pixel cursor
    and hint have a black inner ring (a yellow or cyan ring alone on a white card is a change
    of hue only), and a mono screen's completed suit has a tile of its own (its NEED is FACE:
    the two tiles were the same pixels). The hint's ring is dashed, the cursor's whole."""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    tw, th = L.tile
    theme = ui.Theme(mono=p.MONO, paper=p.EINK)
    art = ui.CardArt(tw, th, L.tile_font, theme)
    for dashed in (False, True):
        tg = art.frame(tw, 2 * th, ui.HINT, dashed)
        outer, inner = tg.bitmap[2, 0], tg.bitmap[2, 1]       # on a dash, when dashed
        assert (0 in [tg.bitmap[x, 0] for x in range(tw)]) == dashed, board   # the hint's gaps
        assert tg.pixel_shader[outer] == theme.colours[ui.HINT] and outer != 0, board
        if tw >= 14:        # 2 pixels thick
            assert inner != 0 and tg.pixel_shader[inner] == theme.colours[ui.HINT if p.MONO else ui.INK]
    for s in range(4):
        done = [theme.colours[at(art, ui.T_SUIT_DONE + s, x, y)] for y in range(th) for x in range(tw)]
        plain = [theme.colours[at(art, ui.T_SUIT + s, x, y)] for y in range(th) for x in range(tw)]
        assert done != plain, (board, s)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_every_rank_and_suit_is_drawn_whole_on_its_card(fonts, board):
    """No row of a card's glyphs is lost, the Q's tail included (on the MacroPad's and the
    Thumby's 8-row tiles a rank centred a row lower lost its last row, and the Q read as an O),
    in every language's letters; and the suit leaves its tile's last row clear, the gap to the
    card below. (The "10", packed to fit, has a test of its own.)"""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    tw, th = L.tile
    art = ui.CardArt(tw, th, L.tile_font, ui.Theme(mono=p.MONO, paper=p.EINK))
    font = ui.font(L.tile_font)

    def whole(ch):
        g = font.get_glyph(ord(ch))
        return sum(1 for y in range(g.height) for x in range(g.width) if strip_pixel(g, x, y))

    def drawn(tile, ink):
        return sum(1 for y in range(th) for x in range(tw) if at(art, tile, x, y) == ink)
    try:
        for lang in range(len(text.LANGS)):
            text.set_lang(lang)
            art.draw_ranks(range(10, 13))
            for r in range(13):
                if text.rank(r) != "10":
                    assert drawn(ui._T_RANK + r, ui.INK) == whole(text.rank(r)), (board, text.rank(r))
    finally:
        text.set_lang(0)
    for s in range(4):
        ink = ui._RED if s in (1, 2) else ui.INK
        assert drawn(ui.T_SUIT + s, ink) == whole(ui.SUIT_SYMBOLS[s]), (board, s)
        assert [at(art, ui.T_SUIT + s, x, th - 1) for x in range(tw)] == [ui.BG] * tw, (board, s)


def test_a_colour_cursor_is_2_pixels_thick_from_14_pixel_tiles(fonts):
    """The cursor's black inner ring starts at 14 pixel wide tiles, as ui.CardArt.frame says (no
    shipped colour board has them: a badge hacker's layout would): 13 pixels keep a 1 pixel ring."""
    for tw, thick in ((13, False), (14, True)):
        art = ui.CardArt(tw, 12, "6x10", ui.Theme())
        tg = art.frame(tw, 24, ui.CURSOR)
        assert (tg.bitmap[tw // 2, 1] != 0) == thick, tw


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_ten_reads_as_one_and_zero_on_every_tile(fonts, board):
    """The "10" is the only two-glyph rank: on every tile it is a 1, a clear column, a 0,
    each at least 2 pixels wide. As the next rank it is outlined only with a clear column
    inside the outline each side: where it has none (the T-Display's 12 px tiles, where the
    outline touched the 1's flag and the 0, and read "|iO|"), it stands bare, as every next
    rank on smaller tiles. (On mono the outline is what marks a next rank: it stays.)"""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    art = ui.CardArt(L.tile[0], L.tile[1], L.tile_font, ui.Theme(mono=p.MONO, paper=p.EINK))
    edged = p.MONO and L.tile[0] >= 12       # mono cards have an outline, seen when dimmed
    tiles = ((ui._T_RANK + 9, (ui.INK,), edged), (ui._T_RANK + 13 + 9, (ui._RED,), edged),
             (ui.T_NEED + 9, (ui._NEED,), outlined(art, ui.T_NEED + 9)))
    for tile, inks, framed in tiles:
        cols = ink_columns(art, tile, inks, framed)
        glyphs = [run for run in cols.strip(".").split(".") if run]
        assert len(glyphs) == 2 and min(len(g) for g in glyphs) >= 2, (tile, cols)
        if tile == ui.T_NEED + 9 and framed and not p.MONO:
            assert cols[0] == cols[-1] == ".", (board, cols)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_an_empty_place_is_a_dot_and_a_dimmed_mono_card_keeps_its_outline(fonts, board):
    """A row's empty place is its colour with a dot in the middle that shows (on mono the dimmed
    face's colour is the background's: the dot is lit instead), and no outline (mono outlines
    only a next rank drawn without the accent's). On mono tiles of 12 pixels and more a card's
    outline is the face's colour, seen only when dimmed: there the hollow card's edge is lit."""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    tw, th = L.tile
    art = ui.CardArt(tw, th, L.tile_font, ui.Theme(mono=p.MONO, paper=p.EINK))
    pal = art.palette
    dot = at(art, ui.T_SLOT, tw // 2, th // 2)
    assert pal[dot] != pal[ui._SLOT], board
    assert [(x, y) for y in range(1, th) for x in range(1, tw - 1)
            if at(art, ui.T_SLOT, x, y) != ui._SLOT] == [(tw // 2, th // 2)], board
    if p.MONO and tw >= 12:
        dim = art.dim_palette
        assert at(art, ui._T_RANK, 1, th // 2) == ui._EDGE and pal[ui._EDGE] == pal[ui._FACE]
        assert dim[ui._EDGE] == dim[ui.INK] != dim[ui._FACE], board


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_the_screen_shows_each_card_of_the_hand_bright_or_dimmed(board):
    """The sheet holds each card once; a card you may not lay is drawn through the dim palette.
    On screen, each card of the hand has exactly the pixels of its tile in the bright or in the
    dim colours (but where the cursor's or the hint's frame lies over it), and some cards are
    each."""
    sim = Sim(board)
    select_and_deal(sim)
    t = sim.screen
    art = sim.app.art
    tw, th = art.tw, art.th
    sim.render()
    surf = sim.hal.display.surface()
    framed = (t.cursor, t.items.index(t.hint_card) if t.hint_card in t.items else -1)
    seen = set()
    for i in range(t.cap):
        col, line = i % t.hcols, 2 * (i // t.hcols)
        card = [g for g in (t.hand, t.hand_dim) if g[col, line] != ui.T_BLANK]
        if not card:
            continue
        dim = card[0] is t.hand_dim
        seen.add(dim)
        palette = art.dim_palette if dim else art.palette
        face = {}
        for y in range(2 * th):
            for x in range(tw):
                if t.offset + i in framed and not (1 < x < tw - 2 and 1 < y < 2 * th - 2):
                    continue
                index = at(art, card[0][col, line + y // th], x, y % th)
                want = art.theme.colours[ui.BG] if index == ui.BG and dim else palette[index]
                got = surf.get_at((t.hand.x + col * tw + x, t.hand.y + line * th + y))
                assert all(abs(a - b) <= 8 for a, b in
                           zip(got[:3], ((want >> 16) & 255, (want >> 8) & 255, want & 255))), \
                    (board, i, dim, x, y)
                if index == ui._FACE:            # the card's face, around its glyphs
                    face[want] = face.get(want, 0) + 1
        # the face, dimmed or not, as a player sees it
        assert list(face) == [art.theme.colours[ui._FACE_DIM if dim else ui._FACE]], (board, i, dim)
    assert seen == set([False, True]), board


def select_and_deal(sim):
    """A new Fan Tan game, at the human's first decision."""
    new_game(sim, 1)
    sim.settle()
    while not sim.screen.my_turn():
        sim.tick(500)


def font_reads(monkeypatch):
    """As on a badge that just started, no font loaded: the list of font files read from now."""
    monkeypatch.setattr(ui, "_fonts", {})
    read = []

    class Counted(Font):
        def __init__(self, path):
            read.append(os.path.basename(path))
            super().__init__(path)
    monkeypatch.setattr(ui, "Font", Counted)
    return read


@pytest.mark.parametrize("board, tile_font, text_font", (("pajenicko_picopad", "9x15", "7x13"),
                                                       ("pimoroni_badger2350", "7x13", "6x10")))
def test_a_tile_font_no_label_uses_is_freed_once_the_sheet_is_drawn(monkeypatch, board, tile_font,
                                                                    text_font):
    """The 320x240 layout draws its cards from 9x15 and its text in 7x13 (264x176: 7x13 and
    6x10): at the table only the text's font stays loaded (the sheet's tiles already hold the
    card glyphs). The sheet reads the tile font from flash once: a second copy alongside the
    first doubled its heap."""
    read = font_reads(monkeypatch)
    sim = Sim(board)
    select_and_deal(sim)
    assert read.count(tile_font + ".bin") == 1, read
    assert sim.app.layout.tile_font == tile_font and sim.app.art.sheet is not None
    assert tile_font not in ui._fonts and text_font in ui._fonts
    assert not [v for v in vars(sim.app.art).values() if isinstance(v, Font)]


@pytest.mark.parametrize("board", ("pimoroni_picosystem", "pajenicko_picopad", "pimoroni_badger2350"))
def test_a_game_resumed_at_power_up_reads_each_font_once(board, monkeypatch, tmp_path):
    """At power-up with a game in progress the table is the first screen: the card sheet
    borrowed the labels' font before any label had loaded it, and the labels then read and
    decoded the same file again (every layout but 320x240's and 264x176's draws its cards in its text's font;
    75 ms or so of a resume's second on a badge, tools.bench_start). Those read their card font once too."""
    sim = Sim(board, data_dir=str(tmp_path))
    select_and_deal(sim)
    read = font_reads(monkeypatch)
    back = Sim(board, data_dir=str(tmp_path))          # a power cut: the table comes back
    assert isinstance(back.screen, TableView)
    assert sorted(read) == sorted(set(read)) == sorted({back.app.layout.font + ".bin",
                                                        back.app.layout.tile_font + ".bin"}), read


def test_a_key_name_exactly_as_wide_as_the_line_keeps_its_line(fonts):
    """ui.wrap's "label: value" rule holds where "Top right:" fills the width to the pixel:
    the name keeps its line and the value starts the next, rather than "Top" / "right: OK"
    (or, indented, "  Top right" / "  key: OK"). Where the whole line fits to the pixel, it
    stays one line."""
    for name in ("5x8", "6x10", "7x13"):
        assert ui.wrap("Top right: OK", name, ui.text_width("Top right: OK", name)) == ["Top right: OK"]
        width = ui.text_width("Top right:", name)
        assert ui.wrap("Top right: OK", name, width) == ["Top right:", "OK"], name
        assert ui.wrap("  Top right: OK", name, width + ui.text_width("  ", name)) == \
            ["  Top right:", "  OK"], name
        # an indented name of three words: its words are counted, not the indent's spaces
        width = ui.text_width("  Top right key:", name)
        assert ui.wrap("  Top right key: OK", name, width) == ["  Top right key:", "  OK"], name


def test_paper_is_dark_ink_on_white_and_an_oled_light_on_black(fonts):
    """The e-ink theme is the mono one inverted: a white background, black cards' faces and
    text; a mono OLED lights its cards and text on black. The card sheet's palette holds
    every colour of its theme (an OLED's outlined 12 pixel cards have a lit edge, not black)."""
    oled, paper = ui.Theme(mono=True), ui.Theme(mono=True, paper=True)
    assert (oled.colours[ui.BG], paper.colours[ui.BG]) == (0x000000, 0xFFFFFF)
    assert oled.colours[ui._FACE] == 0xFFFFFF and paper.colours[ui._FACE] == 0x000000
    assert oled.colour(ui.TEXT) == 0xFFFFFF and paper.colour(ui.TEXT) == 0x000000
    for theme in (oled, paper, ui.Theme()):
        pal = ui.CardArt(12, 11, "6x10", theme).palette
        assert [pal[i] for i in range(len(theme.colours))] == list(theme.colours)


def test_lines_fit_counts_every_line_whose_glyph_cells_end_above_the_bottom(fonts):
    """ui.lines_fit: n lines lh apart from top fit when the last one's glyph cells (drawn
    `descent` rows below its y, `height` tall) end at bottom or above; one more would not."""
    for name, lh in (("5x8", 8), ("6x10", 11), ("7x13", 14), ("9x15", 16)):
        f = ui.font(name)
        for bottom in range(20, 120):
            n = ui.lines_fit(name, 10, bottom, lh)
            last, more = (10 + (k - 1) * lh + f.descent + f.height for k in (n, n + 1))
            assert n == 1 or last <= bottom, (name, bottom, n)
            assert more > bottom, (name, bottom, n)


def test_a_screen_too_short_for_one_whole_line_still_shows_one(fonts):
    """ui.lines_fit never counts 0 lines: where not even one line's glyph cells end above the
    bottom, a menu or a page still shows its first line (with none it showed only its title)."""
    for name, lh in (("5x8", 8), ("6x10", 11), ("7x13", 14), ("9x15", 16)):
        assert ui.lines_fit(name, 10, 10, lh) == 1, name


def test_a_price_keeps_its_name_where_a_line_breaks(fonts):
    """A signed number stays with the word before it: the MacroPad's French results read
    "Vous: 3 cartes, solde" / "-18", and the table's help "affichée Passer" / "-6…-9" (QA);
    (the net goes under the player's name, indented: test_a_label_s_value_wraps_under_it)."""
    w = ui.text_width("Vous: 3 cartes, solde", "5x8")
    assert ui.wrap("Vous: 3 cartes, solde -18", "5x8", w) == ["Vous: 3 cartes,", "  solde -18"]
    w = ui.text_width("une passe affichée Passer", "5x8")
    assert ui.wrap("une passe affichée Passer -6…-9 coûte", "5x8", w) == ["une passe affichée", "Passer -6…-9 coûte"]
    assert ui.wrap("P3 +17 pt", "5x8", ui.text_width("P3 +17", "5x8") - 1) == ["P3 +17", "pt"]


@pytest.mark.parametrize("board", ("adafruit_macropad_rp2040", "tinycircuits_thumby_color"))
def test_a_label_s_value_wraps_under_it(board):
    """Where "label: value" wraps, the rest of the value goes under it, indented, not in the
    labels' column as a line of its own: on 128 px in French the results read "Vous: 0 carte,"
    over "solde +22" (the net of a row of its own, below the player names), and the Buttons
    page "\u2191: couleur/ligne" over "pr\u00e9c\u00e9dente" (the direction apart from its key)."""
    sim = Sim(board, seed=9)
    app = sim.app
    new_game(sim, PRESETS.index("fan_tan"), 5)
    play_out(app.screen.g)
    try:
        text.set_lang(1)
        app.settings["lang"] = 1
        while not isinstance(app.screen, PageScreen):
            sim.press("OK")
        lines = page_text(app.screen)
        assert app.screen.title == text.t("results")
        nets = [line for line in lines if "solde" in line]
        assert len(nets) == 5 and any(line.startswith("  solde") for line in nets), lines
        assert all(line.startswith(("Vous:", "P", "  ")) for line in nets), lines
        help_pages.keys_page(app)
        lines = page_text(app.screen)
        for word in ("pr\u00e9c\u00e9dente", "suivante"):
            said = [line for line in lines if word in line]
            assert said and all(":" in line or line.startswith("  ") for line in said), (word, lines)
    finally:
        text.set_lang(0)


def test_a_lone_suit_keeps_its_word_where_a_line_breaks(fonts):
    """Coventry's French bonus line broke "…pas sur" / "\u2663 \u00b7 Passer" on the PicoSystem:
    the row's suit, any of the four, goes with the word before it (QA)."""
    w = ui.text_width("Bonus: une carte de plus, pas sur", "5x8")
    for suit in "\u2660\u2665\u2666\u2663":
        said = "Bonus: une carte de plus, pas sur " + suit + " \u00b7 Passer"
        assert ui.wrap(said, "5x8", w) == ["Bonus: une carte de plus, pas", "sur " + suit + " \u00b7 Passer"]


def test_a_wrapped_line_neither_starts_with_a_dot_nor_follows_an_empty_one(fonts):
    """A "\u00b7" between two parts goes where the line breaks: no line starts (or ends) with
    it; a word wider than the page stands on its own line, with no empty line before it (a long
    German or French word on 128x64)."""
    w = ui.text_width("aaaa bbbb", "6x10")
    assert ui.wrap("aaaa bbbb \u00b7 cccc", "6x10", w) == ["aaaa bbbb", "cccc"]
    assert ui.wrap("Zusammenstellung", "6x10", w) == ["Zusammenstellung"]
    assert ui.wrap("ab Zusammenstellung cd", "6x10", w) == ["ab", "Zusammenstellung", "cd"]


def test_a_dot_where_the_last_line_breaks_leaves_no_empty_line(fonts):
    """A "\u00b7" that ends the text where the line breaks is dropped with the break: no empty
    last line is left on the page."""
    w = ui.text_width("aaaa bbbb", "6x10")
    assert ui.wrap("aaaa bbbb \u00b7", "6x10", w) == ["aaaa bbbb"]


def test_an_indented_line_wraps_under_its_indent(fonts):
    """A line indented under its heading (the cards a player held, a key's hint) keeps its
    indent on every line it wraps to."""
    for name in ("5x8", "6x10"):
        w = ui.text_width("  10\u2660 J\u2660", name)
        assert ui.wrap("  10\u2660 J\u2660 Q\u2660 K\u2660", name, w) == \
            ["  10\u2660 J\u2660", "  Q\u2660 K\u2660"], name


def test_a_colon_in_a_sentence_of_five_words_wraps_as_any_other(fonts):
    """A "label:" keeps its own line only for a key's name of two to four words: before a colon
    after five words, the line breaks where the words fill it, as in a sentence."""
    width = ui.text_width("One two three four five:", "6x10")
    assert ui.wrap("One two three four: five six", "6x10", ui.text_width("One two three four:", "6x10")) == \
        ["One two three four:", "five six"]
    assert ui.wrap("One two three four five: six seven", "6x10", width) == \
        ["One two three four", "five: six seven"]


def test_a_label_and_its_value_that_fill_the_line_to_the_pixel_stay_together(fonts):
    """Between parts joined by a "\u00b7", "Key: value" stays one word where it is exactly as wide
    as the line: "ab" / "Key: value", not "ab \u00b7 Key:" / "value"."""
    for name in ("5x8", "6x10", "7x13"):
        width = ui.text_width("Key: value", name)
        assert ui.wrap("ab \u00b7 Key: value", name, width) == ["ab", "Key: value"], name


@pytest.mark.parametrize("board", ("pimoroni_picosystem", "pajenicko_picopad"))
def test_hearts_and_diamonds_are_red_spades_and_clubs_black(fonts, board):
    """The suit tiles' ink, and the rank tile a card of each suit uses."""
    p = hal.profile(board)
    L = layouts.for_size(p.WIDTH, p.HEIGHT)
    art = ui.CardArt(L.tile[0], L.tile[1], L.tile_font, ui.Theme())
    for s in range(4):
        red = s in (1, 2)
        inks = set(at(art, ui.T_SUIT + s, x, y) for x in range(art.tw) for y in range(art.th))
        assert (ui._RED in inks, ui.INK in inks) == (red, not red), (board, s)
        for r in (0, 9, 12):
            tile = ui.rank_tile(s * 13 + r)
            inks = set(at(art, tile, x, y) for x in range(art.tw) for y in range(art.th))
            assert (ui._RED in inks, ui.INK in inks) == (red, not red), (board, s, r)


def test_a_line_is_as_wide_as_its_characters_spaces_too(fonts):
    """The fonts are fixed-width: text_width counts every character, a padding space too."""
    for name in ("5x8", "6x10", "7x13", "9x15"):
        w = ui.font(name).width
        assert ui.text_width("ab  ", name) == 4 * w == ui.text_width("  ab", name), name
        assert ui.text_width("", name) == 0


def test_the_hand_has_as_many_columns_as_the_screen_has_room_for():
    """Every layout's hand row fits its screen's width and leaves no room for one more card
    (a column short, the MacroPad scrolled a 16-card hand)."""
    for w, h in ((128, 64), (160, 128), (240, 135), (240, 240), (240, 280), (296, 128), (320, 240)):
        L = layouts.for_size(w, h)
        x, _, cols, _ = L.hand
        assert x + cols * L.tile[0] <= w < x + (cols + 1) * L.tile[0], (L.name, L.hand)


def test_the_rows_stand_centred_where_the_opponents_are_above_them():
    """Where no opponent stands beside the rows (all but the T-Display's and the Badger's
    layouts), their 14 tiles stand centred on the screen, to a pixel: the PicoPad's stood
    10 px from its left edge and 30 from its right."""
    for w, h in ((128, 64), (160, 128), (240, 135), (240, 240), (240, 280), (296, 128), (320, 240)):
        L = layouts.for_size(w, h)
        if L.opps[0]:                   # the opponents' column, right of the rows
            continue
        left = L.rows[0]
        assert abs(left - (w - left - 14 * L.tile[0])) <= 1, (L.name, L.rows)


def test_a_strip_whose_rows_end_inside_a_byte_reads_back_whole(tmp_path):
    """The shipped strips hold 160 glyphs, whole bytes per row at every width; a font of other
    counts ends each row inside a byte, and its rows are ceil(count * width / 8) bytes long: each
    glyph reads back from the strip with the BDF glyph's pixels."""
    from tools import make_font
    bdf = make_font.load_bdf(os.path.join(FONT_DIR, "5x8.bdf"))

    # three glyphs of 5 px: 15 bits, two bytes a row; five: 25 bits, one bit into a fourth byte
    for chars in ("AMW", "ABMWZ"):
        class Few:
            def get_bounding_box(self):
                return bdf.get_bounding_box()

            def get_glyph(self, code):
                return bdf.get_glyph(code) if chr(code) in chars else None
        path = str(tmp_path / "few.bin")
        with open(path, "wb") as f:
            f.write(make_font.to_strip(Few()))
        strip = Font(path)
        assert strip.count == len(chars) and strip.get_glyph(ord("C")) is None
        for ch in chars:
            g = bdf.get_glyph(ord(ch))
            s = strip.get_glyph(ord(ch))
            assert strip_pixels(s) == bdf_pixels(g), (chars, ch)


def test_a_file_that_is_not_a_strip_font_is_refused(tmp_path):
    """A BDF (or an older .bin) where a strip belongs: named, not read as pixels."""
    path = str(tmp_path / "5x8.bin")
    with open(os.path.join(FONT_DIR, "5x8.bdf"), "rb") as f, open(path, "wb") as out:
        out.write(f.read())
    with pytest.raises(ValueError, match="not a strip font"):
        Font(path)


def test_a_strip_of_more_than_255_glyphs_reads_its_two_byte_count(tmp_path):
    """The glyph count is two bytes, big-endian: a strip of 300 glyphs (3x2 cells, code points
    U+0100 on) keeps each glyph's code point and cell, and 2 bytes a code point (what
    firmware/heap.py counts of a font)."""
    from firmware.font import MAGIC
    n, w, h = 300, 3, 2
    stride = (n * w + 7) // 8
    rows = [bytearray(stride) for _ in range(h)]
    for i in range(0, n, 3):            # every third glyph: its top left pixel
        rows[0][i * w // 8] |= 0x80 >> (i * w % 8)
    data = (MAGIC + bytes((w, h, 2, 0, n >> 8, n & 0xFF))
            + b"".join(bytes((c >> 8, c & 0xFF)) for c in range(0x100, 0x100 + n)) + b"".join(rows))
    path = str(tmp_path / "many.bin")
    with open(path, "wb") as f:
        f.write(data)
    strip = Font(path)
    assert strip.count == n and len(strip.codes) == 2 * n
    from firmware import heap                 # one bit a pixel: 900 pixels, 29 words a row
    assert heap.bitmap_bytes(strip.bitmap) == 29 * 4 * h + heap.OBJ
    for i in (0, 1, 255, 256, 297, 299):
        g = strip.get_glyph(0x100 + i)
        assert g.tile_index == i and strip.bitmap[i * w, 0] == (i % 3 == 0), i
    assert strip.get_glyph(0x100 + n) is None and strip.get_glyph(0xFF) is None


def test_drawn_triangles_point_right_and_left_as_mirror_images():
    """A source font without the ▶ and ◀ signs gets them drawn: filled triangles, each the
    other's mirror image, a pixel wide at their tips and their full width in the middle."""
    from tools import make_font
    for bw, bh, by in ((5, 8, -1), (6, 10, -2), (7, 13, -2), (9, 15, -3)):
        right = make_font.Drawn(0x25B6, bw, bh, by)
        left = make_font.Drawn(0x25C0, bw, bh, by)
        w, h = right.width, right.height
        assert (left.width, left.height) == (w, h)
        for y in range(h):
            row = [right.bitmap[x, y] for x in range(w)]
            assert [left.bitmap[x, y] for x in range(w)] == row[::-1], (bw, y)
        assert sum(right.bitmap[x, 0] for x in range(w)) == 1
        assert sum(left.bitmap[x, h // 2] for x in range(w)) == w


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_a_new_game_line_keeps_its_whole_name_with_every_value(board):
    """On the new-game screen a wide value may pull its arrows closer, but the line's name
    stays whole for every value of every option, in every language (the MacroPad cut the
    German "Eröffnung" to "Eröffnu" beside "◀spielen/zahlen▶")."""
    sim = Sim(board, seed=9)
    app = sim.app
    try:
        for lang in range(3):
            text.set_lang(lang)
            for p in range(len(PRESETS)):
                app.settings["preset"] = p
                app.rules_over = {}
                app.new_game()
                scr = app.screen
                for i in range(len(scr.items)):
                    item = scr.items[i]
                    scr.sel = i
                    for _ in range(5 if item[2] and item[0] != "preset" else 1):
                        scr.show()
                        name, value = scr.rows[i - scr.top]
                        assert name.text == "\u25b6" + scr.item_text(item), (lang, name.text, value.text)
                        if item[2] and item[0] != "preset":
                            item[2](1)
    finally:
        text.set_lang(0)


def test_on_e_ink_the_cursor_frames_a_filled_card_with_a_gap():
    """On mono a card you can lay is filled with ink, and the cursor's ring touched it: the card
    looked one pixel wider, not framed, and at a free opening (every card filled) a player could
    not tell which was selected. On the Badger's 12-pixel tiles the cursor is two rings: ink
    outside, then paper on a filled card (a gap) or ink on a hollow one (a thicker outline)."""
    sim = Sim("pimoroni_badger2040", seed=5)
    new_game(sim, PRESETS.index("sevens"))
    sim.settle()
    t = sim.screen
    ink, paper = [sim.app.theme.colours[c] for c in (ui.CURSOR, ui.INK)]
    seen = set()
    for i in range(len(t.items) - 1):
        t.cursor = i
        t.update(sim.hal.clock)
        sim.render()
        surf = sim.hal.display.surface()
        fr = t.cursor_tg
        filled = t.g.check(t.items[i], t.me) == 0
        seen.add(filled)
        mid = fr.y + t.app.art.th
        outer, inner = [surf.get_at((fr.x + dx, mid))[:3] for dx in (0, 1)]
        rgb = [((c >> 16) & 255, (c >> 8) & 255, c & 255) for c in (ink, paper)]
        assert outer == rgb[0] and inner == rgb[1 if filled else 0], (i, filled, outer, inner)
    assert seen == {True, False}


def test_the_marks_of_cards_out_of_the_hand_s_window_end_above_the_hand():
    """128x64 with 3 players: the ← and → beside the hand (cards out of its window) sat a
    font height above it, so their cells' descent ran a pixel into the hand's first line
    (found by a play-test: check_screen failed on every such table)."""
    sim = Sim("adafruit_macropad_rp2040", seed=5)
    new_game(sim, PRESETS.index("fan_tan"), players=3)
    t = sim.screen
    while not (t.my_turn() and len(t.items) > t.cap):
        sim.tick()
    for mark in t.more[::-1]:                       # →, then ← with the cursor on the last card
        while not mark.text.strip():
            sim.press("LEFT")
        check_screen(sim, "hand window " + mark.text)


def test_the_marks_of_cards_out_of_the_hand_s_window_sit_right_above_it():
    """The ← and → cells end where the hand begins, a descent higher than a font height, not
    further up, away from the cards they point along (mutants raising them more passed)."""
    sim = Sim("adafruit_macropad_rp2040", seed=5)
    new_game(sim, PRESETS.index("fan_tan"), players=3)
    t = sim.screen
    f = ui.font(sim.app.layout.font)
    for mark in t.more:
        assert mark.anchored_position[1] + f.height + f.descent == t.hand.y, (mark.anchored_position, t.hand.y)
