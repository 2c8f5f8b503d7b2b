"""The statistics page, from the title menu, and its reset. Borrowed by firmware.app
(firmware.borrow): the badge holds this code only while the page is in front."""
from engine.rules import PRESETS
from engine.stats import Stats
from engine.levels import LEVELS

from firmware import ui, text
from firmware.text import t
from firmware.screens import PageScreen, later


def lines(st):
    """Statistics st as the page's lines: the deals' totals (the runs of wins and the average
    penalty are of deals, so they follow them: under the matches' line they read as matches'),
    the matches', then wins per rule set and level played."""
    avg = st.average_penalty()
    w = text.rules_words().WORDS        # this page's words, borrowed with it
    out = [(t("deals") + ": " + str(st.deals) + " \u00b7 " + w["deals_won"] + ": "
            + str(sum(st.wins)), ui.TEXT),
           (w["streak"] + ": " + str(st.streak), ui.TEXT),     # two lines: "Beste / Serie" broke apart
           (w["best"] + ": " + str(st.best), ui.TEXT),
           # no average of no deals; below 2, French takes the singular ("1,5 carte") as for 0
           (w["avg_pen"] + ": " + (str(avg // 10) + w["point"] + str(avg % 10) + " "
                                   + t("cards0" if avg < 20 else "cards") if st.deals else "-"), ui.TEXT),
           (w["matches"] + ": " + str(st.matches) + " \u00b7 " + w["deals_won"] + ": "
            + str(st.match_wins), ui.TEXT)]
    head = False
    for key in PRESETS:      # each rule set played, then its levels under it
        title = text.preset_title(key)
        for level in range(len(LEVELS)):
            i = Stats.slot(key, level)
            if not st.played[i]:
                continue
            if not head:
                out.append((w["wins_per"], ui.ACCENT))
                head = True
            if title:
                out.append((title, ui.TEXT))
                title = None
            out.append(("  " + t(LEVELS[level]) + ": " + str(st.wins[i]) + "/"
                        + str(st.played[i]), ui.TEXT))
    out.append((text.ok("ok_reset"), ui.MUTED))
    return out


def show(app):
    """The page; OK asks before it resets the statistics (and saves them at once)."""
    def reset():
        app.stats.reset()
        app.save_prefs()
        show(app)
    app.goto(PageScreen(app, t("stats"), lines(app.stats),
                        ok=later(app.confirm, "reset_q", "yes_reset", reset, later(show, app)),
                        back=later(app.title, "stats")))
