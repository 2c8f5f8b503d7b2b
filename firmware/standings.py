"""The deal's results and the match's standings, between deals (and Standings from the pause
menu). Borrowed by firmware.app (firmware.borrow): the badge holds this code only while one of
these pages is in front, not while the table is."""
from engine.rules import CHIPS, RACE, ZERO_SUM
from hal.buttons import BACK

from firmware import ui, text
from firmware.text import t
from firmware.screens import PageScreen, later, page_rows, page_width
from firmware.table import TableScreen, sorted_hand, card_name, signed
from firmware.autosave import TABLE, RESULTS, STANDINGS, FINISHED


def results(app, delta):
    """The deal's results page: each player's cards (revealed) and what each won or paid.
    Saved as the screen to come back to (also from the standings, by BACK; a write the
    record skips when it is already so)."""
    m = app.match
    g = m.game
    lines = [(text.says(g.winner, app.human, "wins"), ui.ACCENT)]
    # chips: what a player won or paid in all (antes, passes, the pot), not the cards' price
    # a race: penalty points ("= 3 pt"), which a sign would read as a gain; zero-sum "= -3 pt"
    r = m.rules.scoring
    sep = t("net") if r == CHIPS else " = "
    for p in range(g.players):
        n = g.counts[p]
        lines.append((text.seat(p, app.human) + ": " + text.cards(n) + sep
                      + (str(delta[p]) if r == RACE else signed(delta[p])) + ("" if r == CHIPS else t("pt")),
                      ui.TEXT))
        cards = sorted_hand(g, p)
        if cards:
            lines.append(("  " + " ".join([card_name(c) for c in cards]), ui.MUTED))
    if r == CHIPS:          # what the net is made of (a beginner read "4 cards, net -11" as wrong)
        lines.append((t("net_is"), ui.MUTED))
    lines.append((t("deal_no") + str(g.deal_number), ui.MUTED))
    words = text.ok("ok_continue")     # (a name the code has: none more interned from .py)
    lines.append((words, ui.MUTED))
    h = app.key_name(BACK)          # "A: continue  B: pause", where a letter names BACK: on a
    if h:                           # line of its own where both do not fit (a wrap read "hold R:"
        h = t("keys_pause") % h     # apart from "continue")
        if ui.text_width(words + "  " + h, app.layout.font) <= page_width(app.layout):
            lines[-1] = (words + "  " + h, ui.MUTED)
        else:
            lines.append((h, ui.MUTED))
    app.save_game(RESULTS)
    # BACK and MENU pause (as at the table): the way to quit between deals; Resume rebuilds
    # the page through the app (not this module's function: the badge frees it under the menu)
    app.goto(PageScreen(app, t("results"), lines, ok=later(standings, app),
                        back=later(app.pause, None, later(app.results, delta))))


def standings_lines(app):
    """The standings page's lines: the match's end first (who won, why), each player's total,
    the pot mid-deal, how far the match is, and what OK does."""
    m = app.match
    tot = m.standings()
    leaders = m.leaders()
    lines = []
    if m.over:                      # who won first: in view on the MacroPad's five lines too
        # why it ended: who reached the points target or ran out of chips, else its deals
        hit = m.enders()
        why = t("after_deals") % text.deals_text(m.deals)
        if hit:
            why = (t("reached") % m.rules.target if m.rules.scoring == RACE else t("broke")) + \
                ", ".join([text.seat(p, app.human) for p in hit])
        lines = [(t("match_over"), ui.ACCENT), (text.match_winners(leaders, app.human), ui.ACCENT),
                 (why, ui.TEXT)]
    r = m.rules.scoring             # as at the table: chips "$19", points "+3 pt", a race's "42 pt"
    marked = len(leaders) < m.players                   # not while all stand level
    for p in range(m.players):
        mark = " \u25c0" if p in leaders and marked else ""
        value = "$" + str(tot[p]) if r == CHIPS else (signed(tot[p]) if r == ZERO_SUM else str(tot[p])) + t("pt")
        deals = " " + t("dealer") if p == m.dealer and m.result is None else ""    # this deal's, as at the table
        lines.append((text.seat(p, app.human) + deals + ": " + value + mark, ui.TEXT))
    if r == CHIPS and m.result is None:     # mid-deal: the pot's chips too, "Pot: $5" (they add up)
        lines.append((t("pot") + ": $" + str(m.game.pot), ui.TEXT))
    if marked:
        lines.append((t("leads"), ui.MUTED))
    n = m.rules.deals               # how far the match is ("Deal #" is the deal's number, not this),
    if n != 1 and (not m.over or m.enders()):   # a race's too (unless its end said "After 10 deals")
        lines.append((t("after_deals") % (str(m.deals) + "/" + text.deals_text(n) if n else
                                          text.deals_text(m.deals)), ui.MUTED))
    if m.over:
        lines.append((text.ok("ok_new"), ui.MUTED))
    elif m.result is not None:
        lines.append((text.ok("next_deal"), ui.MUTED))
    if marked and len(lines) == page_rows(app.layout) + 1:
        lines.remove((t("leads"), ui.MUTED))        # then the page ends in view (MacroPad)
    return lines


def standings(app, back=None):
    """The standings page, saved as the screen to come back to; OK deals the next deal or, at
    the match's end, opens New game. From the pause menu (back): what the forced passes proved
    too, and OK or BACK return there."""
    m = app.match
    if back is not None:        # from the pause menu: what the forced passes proved, the
        g = m.game              # hidden cards each opponent cannot hold
        mine = g.hand(app.human)
        told = []
        for p in range(g.players):
            if p == app.human:
                continue
            cards = sorted_hand(g, p, [g.void[p * 4 + s] & ~g.table[s] & ~mine[s] for s in range(4)])
            if cards:       # the cards on a line of their own, indented, as the results list them
                told.append((text.seat(p, app.human) + " " + t("none_of") + ":", ui.TEXT))
                told.append(("  " + " ".join([card_name(c) for c in cards]), ui.TEXT))
        if told:
            told.insert(0, (t("told"), ui.ACCENT))
        app.goto(PageScreen(app, t("standings"), standings_lines(app) + told, ok=back, back=back))
        return
    app.save_game(STANDINGS)

    def go_on():
        if m.over:
            app.save_game(FINISHED)
            app.match = None       # and its bots, as quit_match drops them
            app.bots = []
            app.new_game(app.now)     # a rematch is OK on Start; BACK there: the title
        else:
            m.next_deal()
            app.deal_on()
            app.save_game(TABLE)   # a power cut before your first decision: this table
            app.goto(TableScreen(app))
    app.goto(PageScreen(app, t("standings"), standings_lines(app), ok=go_on,
                        back=later(results, app, m.result), menu=later(app.pause, None, app.standings)))
