"""Rules & help: the menu, a page per rule set (and the rules of the match being played), how
to read the table, this board's keys, and About. Borrowed by firmware.app (firmware.borrow):
the badge holds this code only while one of these pages is in front."""
from engine.rules import PRESETS, preset, LEFT_OF_DEALER, SEVENS, PLAY_OR_PAY, RACE, CHIPS, CARDS
from hal.buttons import UP, OK, HINT

from firmware import ui, text
from firmware.text import t
from firmware.screens import ListScreen, PageScreen, later, page_width


def menu(app, sel=0):
    """The rule sets, New game's options, the table, the keys and About; back from a page, on
    the line it came from."""
    items = [[text.preset_title(k), None, None, later(rules_page, app, k, later(menu, app, i))]
             for i, k in enumerate(PRESETS)]
    items.append(["options", None, None, later(options_page, app)])
    items.append(["table", None, None, later(table_page, app)])
    items.append(["keys", None, None, later(keys_page, app)])
    items.append(["about", None, None, later(about_page, app)])
    app.goto(ListScreen(app, t("help"), items, back=later(app.title, "help"), sel=sel))


def rules_page(app, key, back, r=None, extra=(), tail=(), w=None):
    """Preset key's page: its rules (or rule set r, the preset with options applied) in
    sentences, any extra lines, how long a match runs, then any tail lines (w: the page's
    words, text.rules_words(), where the caller has them)."""
    r = r or preset(key)
    w = w or text.rules_words()
    lines = [(x, ui.TEXT) for x in rules(r, w)] + list(extra)
    lines.append((w.WORDS["match"] + ": " + match_text(r), ui.TEXT))
    app.goto(PageScreen(app, text.preset_title(key), lines + list(tail), ok=back, back=back))


def rules(r, w=None):
    """Rule set r as sentences, one per rule, for its rules page: what its fields say (the
    sentences, text.rules_words() unless the page has them, are dropped after, so they hold no heap
    while the game runs)."""
    w = w or text.rules_words()
    say = w.WORDS
    n = r.min_players
    out = [say["players"] % (str(n) if n == r.max_players else "%d-%d" % (n, r.max_players)),
           say["left_starts"] if r.opener == LEFT_OF_DEALER else say["opens"] % text.card_name(r.opener),
           w.OPENING[r.opening]]
    if r.opening != PLAY_OR_PAY:             # its rows go round the corner
        out.append(say["ace_high" if r.ace_high else "ace_low"])
    if r.up_first and r.opening == SEVENS:
        out.append(say["up_first"])
    if r.coventry:
        out.append(say["coventry"])
    out.append(say["must_chip" if r.scoring == CHIPS else "must"])
    if r.strategic_pass:
        said = say["strategic"] % r.pass_pot
        if r.gate_penalty and r.opening != PLAY_OR_PAY:     # rows with two ends: their neighbours
            said += say["gates"] % r.gate_penalty
            if r.opening != SEVENS:                         # once a 5, 9 or any rank is fixed
                said += say["gates_fixed"]
        out.append(said + ".")
    out.append(w.SCORING[r.scoring] % say[("per_value", "per_pip")[r.penalty - 1] if r.penalty else
                                          "chip_per_card" if r.scoring == CHIPS else "per_card"])
    if r.ceremony:
        out.append(say["ceremony"])
    out.append(say["winner_deals" if r.winner_deals and text.option_text("winner_deals", r) != "-" else "dealer"])
    return out


def match_text(r):
    """When a match under rule set r ends, in words ("10 deals, or until a player has no chips
    (20 chips each)", "until 100 points (about 45 deals)")."""
    parts = []
    if r.deals:
        parts.append(text.deals_text(r.deals))
    if r.scoring == RACE:       # about how many deals that takes, if fewer than the match's limit:
        # with Medium bots, 100 points at a point a card took ~45 deals, at card values or pips
        # ~6 (25 points: 1.5 at values, 1.75 at pips; rounded to the nearest deal)
        n = max(1, r.target * 9 // 20 if r.penalty == CARDS else (r.target + 8) // 16)
        about = t("about_n") % text.deals_text(n) if n < r.deals or not r.deals else ""
        parts.append(t("to_target") % r.target + about)
    if r.scoring == CHIPS and r.deals != 1:         # one deal ends the match either way
        parts.append(t("until_broke"))
    out = t("or_sep").join(parts)
    return out + " (" + t("chips_each") % r.chips + ")" if r.scoring == CHIPS else out


def game_rules_page(app, back):
    """From the pause menu (back: to it): the rules the match is played by (its options applied), with
    the options, bots and length, then this board's keys (the Buttons page is out of reach
    during a match)."""
    r = app.match.rules
    w = text.rules_words()              # the page's words, borrowed once for all of it
    lines = [(w.WORDS["this_game"], ui.ACCENT)]
    for k in text.OPTIONS:
        v = text.option_text(k, r)
        # "-": an option that means nothing under these rules; the match line says the rest
        if v != "-" and k not in ("target", "deals", "chips"):
            lines.append((t(k) + ": " + v, ui.TEXT))
    lines.append((t("difficulty") + ": " + text.levels_text(app.match_seats, r.players), ui.TEXT))
    if r.ceremony:
        lines.append((first_jack(app.match, app.human, w.WORDS), ui.TEXT))
    at_table = r.with_(min_players=r.players, max_players=r.players)    # "5 players."
    rules_page(app, PRESETS[app.match_preset], back, at_table, lines,
               [(t("keys"), ui.ACCENT)] + key_lines(app, w), w)


def first_jack(m, me, words):
    """Who was dealt the first Jack face up, so dealt first: "First Jack: P3 (J♣, card 5)". The
    deal the match began with is found again (a match read back from flash keeps no ceremony)."""
    from engine.game import first_dealer
    first = m.deal_number - m.deals + (m.result is not None)   # a settled deal is still counted
    seat, shown = first_dealer(first, m.players)
    return "%s: %s (%s, %s %d)" % (words["first_jack"], text.seat(seat, me), text.card_name(shown[-1]),
                                   words["card"], len(shown))


def options_page(app):
    """What each of New game's lines does, in its order (where a beginner first meets "8 before
    6" or a paid pass)."""
    say = text.rules_words("options").NEW_GAME
    lines = []
    for k in ("preset", "players", "difficulty") + text.OPTIONS[1:] + ("deal_no",):
        lines.append((t(k).strip(), ui.ACCENT))
        lines.append(("  " + say[k], ui.TEXT))      # indented: mono screens have no accent colour
    app.goto(PageScreen(app, t("options"), lines, ok=later(menu, app, len(PRESETS))))


def table_page(app):
    """How to read the table: what its marks and frames mean."""
    app.goto(PageScreen(app, t("table"), [(x, ui.TEXT) for x in text.rules_words().TABLE],
                        ok=later(menu, app, len(PRESETS) + 1)))


def keys_page(app):
    """What each of this board's keys does, by the name printed on it."""
    lines = [(app.hal.profile.NAME, ui.ACCENT)] + key_lines(app, text.rules_words())
    app.goto(PageScreen(app, t("keys"), lines, ok=later(menu, app, len(PRESETS) + 2)))


def key_lines(app, words):
    """The board's keys and what each does; "(OK)" on the one the pages call OK where no
    key reads OK ("Middle (OK): play/choose")."""
    p = app.hal.profile
    w = words.WORDS                     # text.rules_words(), borrowed by the page
    label = {}
    for key, name in zip(p.KEYS, p.LABELS):
        label[key[0]] = key_label(name, words)
    tag = " (OK)" if text.ok_key == "OK" and "OK" not in p.LABELS and not text.ok_held else ""

    def does(b):
        return (tag if b == OK else "") + ": " + words.BUTTONS[b]
    lines = []
    if "Middle" in p.LABELS and "Up" in p.LABELS:       # blank keys round a middle one: where the arrows are
        lines.append(("\u2191\u2193\u2190\u2192: " + w["around"], ui.TEXT))
    font = app.layout.font
    for pin, short, held in p.KEYS:
        line = label[pin] + does(short)
        if held is not None:
            hold = w["hold"] + does(held)
            if ui.text_width(line + ", " + hold, font) > page_width(app.layout):
                lines.append((line + ",", ui.TEXT))         # what holding it does, on a line of its own
                line = "  " + hold
            else:
                line += ", " + hold
        lines.append((line, ui.TEXT))
    for a, b, button in p.CHORDS:
        lines.append((label[a] + "+" + label[b] + does(button), ui.TEXT))
    if p.ENCODER:
        lines.append((w["knob"], ui.TEXT))
    gives = [k[1] for k in p.KEYS] + [k[2] for k in p.KEYS] + [c[2] for c in p.CHORDS]
    if HINT not in gives:
        lines.append((w["hint_in_pause"], ui.TEXT))
    if UP not in gives:                 # the T-Display: DOWN goes round to the top
        lines.append((w["menus_wrap"], ui.TEXT))
    lines += [(w["hurry"], ui.MUTED), (w["auto"], ui.MUTED)]
    return lines


def key_label(label, words):
    """A key as the Buttons page names it: its arrow, its place in the page's words (text.rules_words()),
    or the letter printed on it."""
    if label in text.ARROWS:
        return text.ARROWS[label]
    return words.PLACES[text.PLACES.index(label)] if label in text.PLACES else label


def about_page(app):
    """For bug reports: the board, the firmware it runs and the heap left on the badge."""
    p = app.hal.profile
    lines = [(t("title"), ui.ACCENT), (p.NAME, ui.TEXT), (p.BOARD_ID, ui.MUTED),
             (app.hal.runtime(), ui.TEXT)]
    mem = app.hal.memory()
    if mem is not None:
        lines.append((text.rules_words().WORDS["memory_free"] % (mem[0] // 1024, mem[1] // 1024), ui.TEXT))
    app.goto(PageScreen(app, t("about"), lines, ok=later(menu, app, len(PRESETS) + 3)))
