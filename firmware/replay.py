"""The replay: the last finished deal again, one action at a time, from the title or the pause
menu. Borrowed by firmware.app (firmware.borrow): the badge holds this code only while the replay
is in front, not at the table."""
from engine.game import PASS

from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU
from firmware import ui
from firmware.screens import Screen
from firmware.table import TableView
from firmware.text import t, ok, seat, says, card_name


class ReplayScreen(TableView):
    """The last finished deal again, from its log: RIGHT, DOWN or OK one action on, LEFT or UP
    one back, BACK or MENU (or OK at the end) leaves. Forced passes happen by themselves: yours
    are told after the action they follow."""

    FOOTER = ("keys_replay", BACK, "keys_back")

    def __init__(self, app, record, back):
        from engine import save
        m, screen = save.decode(record)
        log = bytes(m.game.log)
        if m.result is not None:              # the scores as they stood when the deal began
            for p in range(m.players):
                m.scores[p] -= m.result[p]
            m.result = None
        m.resume(b"")
        super().__init__(app, dealing=False, match=m)
        self.log = log
        self.back_fn = back
        self.pos = 0
        self.forced = self.g.forced[self.me]    # yours before the first action

    def build(self):
        super().build()
        self._caption()

    my_turn = Screen.my_turn          # nothing to decide (busy and tick: Screen's, none either)

    def update(self, now):
        super().update(now)
        self.cursor_tg.hidden = True          # nothing to pick: only watch

    def _caption(self):
        where = str(self.pos) + "/" + str(len(self.log))
        you = " " + says(self.me, self.me, "pass") if self.forced else ""    # as the table's "No move"
        short = None
        if self.g.over:                         # the end: who won, and how to leave (short: no count)
            short = says(self.g.winner, self.me, "wins") + " \u00b7 " + ok("ok_continue")
            what = " " + short
        elif not self.pos:                      # before the first action: your pass, the keys (no footer)
            what = you
            if not self.footer:
                keys = " \u00b7 " + self._printed(t("keys_replay"))
                h = self.app.key_name(BACK)
                short = keys                    # where all do not fit: the keys (MacroPad), or
                if h:                           # your pass and the key that leaves, alone
                    leave = t("keys_back") % h
                    short = you + " \u00b7 " + leave
                    keys += "  " + leave
                what += keys
                short = None if self._fits(where + what) else where + short
        else:
            if self.log[self.pos - 1] == PASS:       # (a declined Coventry bonus is no pass)
                what = " " + (seat(self.last_seat, self.me) + ": " + t("no_bonus") if self.declined
                              else says(self.last_seat, self.me, "pass"))
            else:
                what = " " + seat(self.last_seat, self.me) + " " + card_name(self.log[self.pos - 1])
            if you:                             # your forced pass after that action
                what += " \u00b7" + you
                if not self._fits(where + what):
                    short = where + you
        self.say(t("replay_s") + " " + where + what, short or where + what, ui.ACCENT)

    def _go(self, pos):
        m = self.m
        m.resume(self.log[:max(0, pos - 1)])
        self.last_seat = m.game.turn
        self.declined = m.game.bonus >= 0   # a pass now declines the Coventry bonus
        self.forced = m.game.forced[self.me]
        if pos:
            m.resume(self.log[:pos])
            self.forced = m.game.forced[self.me] - self.forced     # yours after this action
        self.g = m.game
        self.pos = pos
        self.update(0)
        self._caption()

    def on_button(self, b, now):
        if b in (BACK, MENU) or (b == OK and self.pos >= len(self.log)):
            self.back_fn()
        elif b in (RIGHT, OK, DOWN) and self.pos < len(self.log):
            self._go(self.pos + 1)
        elif b in (LEFT, UP) and self.pos > 0:
            self._go(self.pos - 1)
