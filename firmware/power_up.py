"""Power-up: read the prefs and the game record, then show where the player was. Borrowed by
firmware.app (firmware.borrow): the badge holds this code only while it runs, or while a notice
of damaged records it shows is in front, never at the table."""
from engine.rules import PRESETS, FIELDS, Rules, preset

from firmware import ui, text
from firmware.text import t
from firmware.screens import PageScreen, later
from firmware.table import TableScreen
from firmware.autosave import RESULTS, STANDINGS, FINISHED


def show(app):
    """Damaged records start clean with a notice; nothing here raises."""
    notices = []
    prefs, damaged = app.saves.load_prefs()
    if prefs is not None:
        settings, seats, stats, counted, rules, replay = prefs
        for k in settings:
            app.settings[k] = settings[k]
        try:                # New game's options: the fields where the rule set kept differs
            if rules:       # from its preset (none from an older or unreadable record)
                r = Rules.decode(rules)
                base = preset(PRESETS[app.settings["preset"]])
                app.rules_over = {f: getattr(r, f) for f in FIELDS[3:] if getattr(r, f) != getattr(base, f)}
        except ValueError:
            pass
        app.seat_levels = seats
        app.stats = stats
        app.counted = counted
        app.last_deal = replay or None
        app.bright()
    elif damaged:
        notices.append("prefs_damaged")
    text.set_lang(app.settings["lang"])
    saved, damaged = app.saves.load_game()
    if saved is None and damaged:
        notices.insert(0, "game_damaged")
        app.saves.clear_game()     # said once: the next power-up finds no match, not the damage
    elif prefs is None and saved is not None and saved.match.result is not None:
        # statistics reset: not the deal settled on flash (one in play counts as it ends)
        app.counted = saved.match.deal_number
        app.last_deal = saved.record
    if "prefs_damaged" in notices:
        app.save_prefs()       # the reset kept, so it is not said again at every power-up
    if app.saves.store.damaged and (not notices or saved is not None):    # older records (nvm journal):
        notices.append("saves_older")       # the game kept is an older save, beside a reset too
    if notices:
        back = app.title
        if saved is not None:
            back = later(_resume, app, saved)
        lines = [(t(k), ui.WARN) for k in notices] + [(text.ok("ok_continue"), ui.MUTED)]
        app.goto(PageScreen(app, t("title"), lines, ok=back))
        return
    if saved is None:
        app.title()
        return
    _resume(app, saved)


def _resume(app, saved):
    """The match saved, where it was: its table, results or standings (a finished one counted)."""
    m = saved.match
    app.match = m
    app.on_flash = m.deal_number
    app.match_preset = saved.preset
    app.match_level = saved.level
    app.match_seats = saved.seats
    if m.result is not None:
        app.last_deal = saved.record
        if app.counted != m.deal_number:   # prefs from before the deal ended: its next deal
            app.deal_on()                  # number too (a finished match's, then kept here)
        app._count_deal()
    if saved.kind == FINISHED:
        app.match = None
        app.title()
        return
    app.deal_on()                          # the prefs on flash may be a deal behind
    first = m.deal_number - m.deals + (1 if m.result is not None else 0)
    app._make_bots(first)
    if saved.kind == RESULTS:
        app.results(m.result)
    elif saved.kind == STANDINGS:
        app.standings()
    else:
        app.goto(TableScreen(app, dealing=False, cursor=saved.cursor))
