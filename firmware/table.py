"""The game table: four rows, your hand, the opponents, the messages."""
from engine.portable import const
from engine.cards import FULL, popcount, lowest, SUIT_SYMBOLS
from engine.game import PASS, LEAST, MOST
from engine.rules import CHIPS, RACE, PLAY_OR_PAY, FIVE_OR_NINE, ANY_RANK

from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT
from firmware import ui
from firmware import players
from firmware.screens import Screen, _set, READ_MS
from firmware.text import t, ok, reason, seat, says, card_name, cards as n_cards

DELAYS = (900, 450, 150)      # ms between bot moves: slow, normal, fast
DEAL_STEP = (60, 30, 10)      # ms per card of the deal animation
_NOTICE_MS = const(1200)
_END_MS = const(1500)


def sorted_hand(g, p, masks=None):
    """Player p's cards (or the cards of four suit masks), by suit then along the row (ace
    last when aces are high)."""
    bottom = 1 if g.rules.ace_high else 0
    out = []
    h = masks or g.hand(p)
    for s in range(4):
        m = h[s]
        for i in range(13):
            r = (bottom + i) % 13
            if m >> r & 1:
                out.append(s * 13 + r)
    return out


def signed(n):
    return ("+" + str(n)) if n > 0 else str(n)


class TableView(Screen):
    """The table drawn from a match: rows, the human's hand (seat app.human), the others."""

    # the keys, under the hand where the layout has room: the words, and a key named after
    # them where it bears a letter ("X: hint")
    FOOTER = ("keys_table", HINT, "keys_hint")
    TURNS = (RIGHT, LEFT)

    def __init__(self, app, dealing=True, cursor=0, aimed=-1, match=None):
        super().__init__(app)
        self.m = match or app.match
        self.g = self.m.game
        self.me = app.human
        self.cursor = cursor
        self.offset = 0
        self.items = []
        self.hint_card = -1
        self.next_at = 0
        self.fast = False
        self.notice_until = 0
        self.bot = None
        self.over_at = -1
        self.notice = None
        self.seen_forced = 0 if dealing else self.g.forced[self.me]   # a new deal: none told yet
        self.dealing = dealing
        self.dealt = 0 if dealing else 99
        self.deal_next = 0
        self.shadow_rows = None
        self.shadow_hand = None
        self.shadow_dim = None
        self.hinting = None
        self.aimed = aimed          # the log length when the cursor last moved to a playable card

    # ---- building --------------------------------------------------------------
    def build(self):
        app = self.app
        L = app.layout
        th = app.theme
        tw, tht = L.tile
        art = app.art
        if art is None:             # the card sheet: made once, the app keeps it, after the labels'
            ui.font(L.font)         # font, which it borrows where they share one (else read twice)
            art = app.art = ui.CardArt(tw, tht, L.tile_font, th)
        g = self.g
        grp = self.group
        self.status_l = self.status_r = None
        if L.status_y >= 0:
            self.status_l = ui.label(" ", L.font, 2, L.status_y, th.colour(ui.TEXT))
            self.status_r = ui.label(" ", L.font, L.w - 2, L.status_y, th.colour(ui.ACCENT),
                                     anchor=(1, 0))
            grp.append(self.status_l)
            grp.append(self.status_r)
        self.opp_labels = []
        ox, oy, cols, cw, lines, ch, max_rows = L.opps
        margin = 2                    # each side: columns stay 4 px apart
        gap = 0
        if not cols:                  # one row, a column per opponent, 4 px apart
            cols = g.players - 1
            gap = 4
            cw = (L.w + gap) // cols
            margin = 0
        elif g.players - 1 > cols * max_rows:
            cols *= 2
            cw //= 2
        i = 0
        for p in range(g.players):
            if p == self.me:
                continue
            x = ox + (i % cols) * cw + margin
            y = oy + (i // cols) * ch
            l1 = ui.label(" ", L.font, x, y, th.colour(ui.TEXT))
            grp.append(l1)
            l2 = None
            if lines == 2:
                l2 = ui.label(" ", L.font, x, y + L.lh - 1, th.colour(ui.TEXT))
                grp.append(l2)
            self.opp_labels.append((p, l1, l2, cw - 2 * margin - gap))
            i += 1
        self.opp_level = self._opp_level(self.opp_labels[0][3])
        rx, ry = L.rows
        self.rows = art.grid(14, 4, rx, ry)
        grp.append(self.rows)
        mx, my, _, mlines = L.msg
        self.msg_labels = []
        for i in range(mlines):
            lb = ui.label(" ", L.font, mx, my + i * L.lh, th.colour(ui.TEXT))
            grp.append(lb)
            self.msg_labels.append(lb)
        hx, hy, hcols, hlines = L.hand
        most = -(-52 // g.players)            # the most cards a hand holds
        hlines = min(hlines, -(-most // hcols))
        self.hcols = hcols
        self.cap = hcols * hlines
        self.hand = art.grid(hcols, 2 * hlines, hx, hy)
        self.hand_dim = art.grid(hcols, 2 * hlines, hx, hy, dim=True)     # the dimmed cards
        grp.append(self.hand)
        self.more = None            # marks of cards out of the window (128x64, 3 players)
        if most > self.cap:
            f = ui.font(L.font)         # its cell, descent too, ends above the hand
            y = hy - f.height - f.descent
            self.more = (ui.label(" ", L.font, 0, y, th.colour(ui.ACCENT)),
                         ui.label(" ", L.font, L.w - 1, y, th.colour(ui.ACCENT), anchor=(1, 0)))
            grp.append(self.more[0])
            grp.append(self.more[1])
        grp.append(self.hand_dim)
        self.shadow_rows = bytearray(b"\xff" * (14 * 4))
        self.shadow_hand = bytearray(b"\xff" * (hcols * 2 * hlines))
        self.shadow_dim = bytearray(b"\xff" * (hcols * 2 * hlines))
        self.cursor_tg = art.frame(tw, 2 * tht, ui.CURSOR)
        self.hint_tg = art.frame(tw, 2 * tht, ui.HINT, dashed=True)
        self.hint_tg.hidden = True
        grp.append(self.hint_tg)
        grp.append(self.cursor_tg)
        self.footer = None
        if L.footer_y >= 0:                   # "OK play  ← → pick": "A play" where A is printed
            key, b, say = self.FOOTER
            words = self._printed(ok(key))
            h = self.app.key_name(b)
            if not h and b == HINT:           # no letter for HINT: the key that pauses (its menu hints)
                b, say = BACK, "keys_pause"
                h = self.app.key_name(b)
            if h:
                more = words + "  " + t(say) % h
                if ui.text_width(more, L.font) > L.w - 2:     # then without "L R: pick", the keys
                    more = words.split("  ")[0] + "  " + t(say) % h     # a player tries first
                if ui.text_width(more, L.font) <= L.w - 2:    # "  X: hint" too, where it fits
                    words = more
            self.footer = ui.label(words, L.font, L.w // 2, L.footer_y,
                                   th.colour(ui.MUTED), anchor=(0.5, 0))
            grp.append(self.footer)
        self.ledger = None                    # one label, a line per row of entries
        y = hy + 2 * tht * hlines + 2         # the free lines under the hand
        if L.ledger and y + L.lh <= L.h:
            self.ledger = ui.label(" ", L.font, L.ledger[0], y, th.colour(ui.TEXT),
                                   line_spacing=L.lh / ui.font(L.font).height)
            grp.append(self.ledger)
        self.update(0)

    # ---- state -> screen ---------------------------------------------------------
    def my_turn(self):
        g = self.g
        return not g.over and g.turn == self.me and not self.dealing

    def lone(self):
        """The card Auto-play is about to lay for you (TableScreen), else -1."""
        return -1

    def update(self, now):
        g = self.g
        me = self.me
        th = self.app.theme
        cards = sorted_hand(g, me)
        items = cards[:]
        lone = self.lone()
        mine = self.my_turn() or lone >= 0          # (a card Auto-play lays: shown as yours)
        if mine and g.check(PASS, me) == 0:         # (a turn is never one with no card to lay)
            items.append(PASS)
        self.items = items
        if self.cursor >= len(items):
            self.cursor = max(0, len(items) - 1)
        if mine and self.aimed != len(g.log):     # your decision begins: OK plays at once
            self.aimed = len(g.log)
            self.cursor = _playable_near(g, me, cards, self.cursor)
        # rows
        bottom = 1 if g.rules.ace_high else 0
        for s in range(4):
            tab = g.table[s]
            self._tile(self.rows, 0, s, (ui.T_SUIT_DONE if tab == FULL else ui.T_SUIT) + s)
            fits = g.fits[s]
            if g.opener >= 0:               # the opening card first: only its place is open (play or pay's too)
                fits &= (1 << g.opener % 13) if s == g.opener // 13 else 0
            elif not tab and popcount(fits) > 2 or s == g.bonus:   # the bonus card goes elsewhere
                fits = 0
            for r in range(13):
                col = 1 + (r - bottom) % 13
                if tab >> r & 1:
                    tile = ui.rank_tile(s * 13 + r)
                elif fits >> r & 1:
                    tile = ui.T_NEED + r
                else:
                    tile = ui.T_SLOT
                self._tile(self.rows, col, s, tile)
        # hand
        if self.cursor < self.offset:
            self.offset = self.cursor
        if self.cursor >= self.offset + self.cap:
            self.offset = self.cursor - self.cap + 1
        if self.offset > max(0, len(cards) - self.cap):
            self.offset = max(0, len(cards) - self.cap)
        if self.more:
            _set(self.more[0], "\u2190" if self.offset else " ")     # more cards: arrows, as the keys
            _set(self.more[1], "\u2192" if self.offset + self.cap < len(cards) else " ")
        for i in range(self.cap):
            j = self.offset + i
            col = i % self.hcols
            line = 2 * (i // self.hcols)
            top = bot = ui.T_BLANK
            dim = False
            if j < len(cards) and j < self.dealt:
                c = cards[j]
                if mine:
                    dim = g.check(c, me) != 0
                else:       # what would fit now (unchanged by the deal's end: small redraws)
                    dim = not (g.fits[c // 13] >> (c % 13) & 1)
                top = ui.rank_tile(c)
                bot = ui.T_SUIT + c // 13
            if j == self.cursor and th.mono:    # inner ring: the paper's on a filled card, else the ring's
                self.cursor_tg.pixel_shader[2] = th.colours[ui.CURSOR if dim else ui.INK]
            shown, other = (self.hand_dim, self.hand) if dim else (self.hand, self.hand_dim)
            self._tile(other, col, line, ui.T_BLANK)
            self._tile(other, col, line + 1, ui.T_BLANK)
            self._tile(shown, col, line, top)
            self._tile(shown, col, line + 1, bot)
        self._place_frame(self.cursor_tg, self.cursor if self.cursor < len(cards) else -1)
        hint_at = cards.index(self.hint_card) if self.hint_card in cards else -1
        self._place_frame(self.hint_tg, hint_at)
        # status and opponents
        self._status()
        form = 2                # two-line labels: "7 cards $19" where every one fits, else "7 \u00b7 $19",
        font = self.app.layout.font     # else "13 -1 Pkt" (German points on 240 px, found by QA),
        # else "13 +1500" (a long zero-sum match). The long form's words are a space apart: it
        # keeps a character free, or side by side "9 Karten 0 Pkt 9 Karten 0 Pkt" read as one line
        for p, l1, l2, width in self.opp_labels:
            while form >= 0 and (l2 is None or ui.text_width(self._cards(p, form), font)
                                 + (ui.font(font).width if form == 2 else 0) > width):
                form -= 1
        for p, l1, l2, width in self.opp_labels:
            self._opp(p, l1, l2, width, form)
        if self.ledger is not None:
            self._ledger()
        # message
        if self.notice is None:
            if g.over:
                self._msg(says(g.winner, self.me, "wins"), None, ui.ACCENT)
            elif lone >= 0:                     # Auto-play lays your one card: said from the start
                self._msg(auto_said(lone), None, ui.TEXT)
            elif mine:
                turn = t("your_turn")
                if g.rules.opening == PLAY_OR_PAY and g.current < 0 and g.opener < 0:
                    turn = t("any_suit")                # you start a new suit (again, after a 13th; not the set 7)
                elif g.start < 0 and g.opener < 0 and g.rules.opening in (FIVE_OR_NINE, ANY_RANK):
                    turn = t("open_5_9" if g.rules.opening == FIVE_OR_NINE else "pick_rank")
                on_pass = self.cursor < len(items) and items[self.cursor] == PASS
                if self.hint_card in items and (self.hint_card == PASS or not on_pass):
                    # said while you look around; a hinted pass you are on reads as the pass does
                    self._msg(("\u25b6" if on_pass else "") + t("hint") + ": " + self._action_text(self.hint_card),
                              None, ui.ACCENT)
                elif on_pass:
                    self._msg("\u25b6" + self._pass_text(), None, ui.ACCENT)
                elif g.bonus >= 0:              # Coventry: one more card on another row, or pass
                    row = SUIT_SYMBOLS[g.bonus]         # the row just laid on ("another row" said not which)
                    self._msg(t("bonus_play") % row + " \u00b7 " + self._pass_text(),
                              t("bonus_s") % row + " \u00b7 " + self._pass_text(), ui.ACCENT)
                elif PASS in items:
                    price = " \u00b7 " + self._pass_text()
                    if self.status_l is None:   # no status line: what you hold too, where it fits
                        self._msg(turn + " " + self._standing(me) + price, turn + price, ui.TEXT)
                    else:
                        self._msg(turn + price, turn, ui.TEXT)
                elif self.status_l is None:     # no status line: your chips or score here
                    yours = self._standing(me) if g.rules.scoring == CHIPS else self._purse_text()
                    self._msg(turn + " \u00b7 " + yours, turn, ui.TEXT)
                else:
                    self._msg(turn, None, ui.TEXT)
            elif self.dealing:
                self._msg(" ", None, ui.TEXT)
            elif self.status_l is None:
                # no status line (128x64): while the bots play, the pot and your standing show here
                self._msg(self._purse_text(), None, ui.MUTED)
            else:
                # the same words for every bot: the turn marker says who (small redraws)
                self._msg(t("thinking") + "\u2026", None, ui.MUTED)
        self.app.changed()

    def _tile(self, grid, x, y, value):
        """Set a tile only when it changes (a bytearray shadow: no allocation per call)."""
        sh = (self.shadow_rows if grid is self.rows else self.shadow_hand if grid is self.hand
              else self.shadow_dim)
        i = y * grid.width + x
        if sh[i] != value:
            sh[i] = value
            grid[x, y] = value

    def _place_frame(self, frame, index):
        j = index - self.offset
        if index < 0 or j < 0 or j >= self.cap:
            if not frame.hidden:
                frame.hidden = True
            return
        L = self.app.layout
        hx, hy = L.hand[0], L.hand[1]
        tw, th = L.tile
        x = hx + (j % self.hcols) * tw
        y = hy + 2 * (j // self.hcols) * th
        if frame.x != x:
            frame.x = x
        if frame.y != y:
            frame.y = y
        if frame.hidden:
            frame.hidden = False

    def _standing(self, p):
        r = self.g.rules
        if r.scoring == CHIPS:
            return "$" + str(self.m.chips[p])
        s = self.m.scores[p]           # points: "7 cards +3 pt", not a bare "+3" or "0"
        return (str(s) if r.scoring == RACE else signed(s)) + t("pt")

    def _purse_text(self):
        """Pot and your chips, or your score, and the dealer's mark if you deal: the status line's
        right end, or where there is none (128x64) the message line's while the bots play."""
        me = self.me
        you = t("you") + (" " + t("dealer") + " " if self.g.dealer == me else " ")      # and whether you deal
        if self.g.rules.scoring == CHIPS:
            return t("pot") + " " + str(self.g.pot) + " \u00b7 " + you + self._standing(me)
        return you + self._standing(me)

    def _status(self):
        if self.status_l is None:
            return
        g = self.g
        L = self.app.layout
        me = self.me
        label = t("deal_no")            # "Donne n° ", shortened to "n° " where it is in the way
        n = str(g.deal_number)
        arrow = ""
        if g.rules.opening == PLAY_OR_PAY and g.current >= 0 and g.fits[g.current]:
            arrow = " \u2192" + card_name(g.current * 13 + lowest(g.fits[g.current]))
        lefts = [label + n + arrow, label[label.rfind(" ", 0, -1) + 1:] + n + arrow, arrow.strip() or " "]
        right = self._purse_text()          # "Pot 6 · You $48", whose chips they are said
        if g.rules.scoring == RACE:
            right += "/" + str(g.rules.target)      # "You 12 pt/100"
        # where the two ends would meet (Sprig: "Donne n° 142 →10♠"): the deal's number gives way
        # before the pot (results and replay say it), then the pot, then all but yours
        for right in (right, right.split(" \u00b7 ")[-1], self._standing(me), " "):
            for left in lefts:
                if ui.text_width(left + " " + right, L.font) <= L.w - 4:
                    break
            else:
                continue
            break
        _set(self.status_l, left)
        _set(self.status_r, right)

    def _left(self, p):
        """Player p's cards left: "7", or "2!" close to going out (the winner has none)."""
        n = self.g.counts[p]
        return str(n) + ("!" if 0 < n <= 2 else "")

    def _cards(self, p, form):
        """Player p's cards left and standing, for a two-line label: form 2 "7 cards $19", "2 cards!
        +3 pt" close to going out; 1, where some label lacks the room, "7 \u00b7 $19", "2! \u00b7 +3 pt";
        0 "13 -1 Pkt"; -1 "13 +1500", the unit given way to the points (signed: zero-sum)."""
        cnt = self._left(p)
        if form == 2:
            return n_cards(self.g.counts[p]) + cnt.lstrip("0123456789") + " " + self._standing(p)
        words = cnt + (" \u00b7 " if form > 0 else " ") + self._standing(p)
        return words.replace(t("pt"), "") if form < 0 else words

    def _opp(self, p, l1, l2, width, form):
        """An opponent's label: name, cards left, dealer, standing and what they did last
        (the card they laid or "pass"), as much as the width holds (two-line labels: each in
        the long form, or each in the short)."""
        g = self.g
        L = self.app.layout
        th = self.app.theme
        mark = "\u25b6" if g.turn == p and not g.over else " "
        name = mark + "P" + str(p + 1)
        dealer = " " + t("dealer") if g.dealer == p else ""
        act = self._last_text(p)
        cnt = self._left(p)
        warn = cnt[-1] == "!"
        if l2 is not None:
            if g.last[p] == PASS and ui.text_width(name + dealer + act, L.font) > width:
                act = " -"                             # "P2 Dn -": a pass as a dash where "passe" is too wide
            _set(l1, _fit([name + dealer, act], L.font, width))
            words = self._cards(p, form)
            _set(l2, words if form == 2 else _fit([cnt, words[len(cnt):]], L.font, width))
        else:
            level = self.opp_level
            if level:       # "7:13", "7\u25b613" on turn; "7-13" after a pass where no action fits
                name = str(p + 1) + ("\u25b6" if mark != " " else "-" if level == 3 and g.last[p] == PASS else ":")
            else:
                name += " "
            if level == 3:                             # no room for the last action
                act = ""
                if ui.text_width(name + cnt, L.font) > width:
                    cnt = str(g.counts[p])             # "5:2", not "2!": the seat matters more
                if ui.text_width(name + cnt, L.font) > width:
                    name = "\u25b6" if mark != " " else ""
            elif level == 2 and g.last[p] == PASS:
                act = " -"
            head = name + cnt
            room = width - ui.text_width(head + act + " ", L.font)   # extras leave a space free
            extras = ""                                # the ledger shows them, where there is one
            if self.ledger is None:
                extras = _fit(["", dealer, " " + self._standing(p)], L.font, room)
            _set(l1, head + extras + act)
        lb = l1 if l2 is None else l2                  # the line with the count: WARN at 2!
        colour = th.colour(ui.WARN if warn else ui.TEXT)
        if lb.color != colour:
            lb.color = colour

    def _last_text(self, p):
        """What player p did last: " 7\u2666", " pass", or "" before their first turn."""
        act = self.g.last[p]
        return "" if act < 0 else " " + (t("pass") if act == PASS else card_name(act))

    def _ledger(self):
        """Each opponent's standing and the dealer, packed onto the ledger's lines, with what
        they did last where their labels have no room for it: "P3 D $19 7\u2663"."""
        g = self.g
        L = self.app.layout
        text = ""
        line = ""
        for p in range(g.players):
            if p == self.me:
                continue
            entry = seat(p, self.me) + (" " + t("dealer") + " " if g.dealer == p else " ") + self._standing(p)
            if self.opp_level == 3:
                entry += self._last_text(p)
            if line and ui.text_width(line + "  " + entry, L.font) > L.ledger[1]:
                text += line + "\n"
                line = entry
            else:
                line = line + "  " + entry if line else entry
        _set(self.ledger, text + line)
        if self.footer:                 # a third line (7 players in a race) takes the keys' place
            self.footer.hidden = self.ledger.anchored_position[1] + (text.count("\n") + 1) * L.lh > L.footer_y

    def _opp_level(self, width):
        """How much a one-line opponent label can say, judged on the widest case so that
        every opponent reads the same way: 0 "P7 13 pass", 1 "7:13 pass", 2 "7:13 -" (a pass
        as a dash), 3 "7:13" (or "13" where even that is too wide)."""
        f = self.app.layout.font
        n = self.g.players
        cnt = str(-(-52 // n))                  # the most cards a hand starts with, or "2!"
        if len(cnt) < 2:
            cnt = "2!"
        short = ui.text_width(str(n) + "\u25b6" + cnt, f)
        card = ui.text_width(" 10\u2665", f)
        act = max(ui.text_width(" " + t("pass"), f), card)
        forms = ((ui.text_width("\u25b6P" + str(n) + " " + cnt, f), act), (short, act), (short, card))
        for level in range(3):
            if forms[level][0] + forms[level][1] <= width:
                return level
        return 3

    def _action_text(self, a):
        """Action a in words: the card's name, or the pass with its price."""
        return self._pass_text() if a == PASS else card_name(a)

    def _pass_text(self):
        """"Pass -3", or "Pass -6…-9" while who holds the gate cards decides the price (it read
        "-6..9", minus 6 to plus 9: QA)."""
        lo = self.g.pass_total(self.me, LEAST)
        hi = self.g.pass_total(self.me, MOST)
        return t("pass_cost") + (" -" + ("" if lo == hi else str(lo) + "\u2026-") + str(hi) if hi else "")

    def _msg(self, text, short, colour):
        L = self.app.layout
        th = self.app.theme
        lines = ui.wrap(text, L.font, L.msg[2])
        if len(lines) > len(self.msg_labels) and short:
            lines = ui.wrap(short, L.font, L.msg[2])
        lines = lines[:len(self.msg_labels)]
        for i in range(len(self.msg_labels)):
            lb = self.msg_labels[i]
            _set(lb, lines[i] if i < len(lines) else " ")
            c = th.colour(colour)
            if lb.color != c:
                lb.color = c

    def _printed(self, text):
        """text with the arrows ← → named as the board's keys are printed where they bear letters:
        "A C: pick" on the Badger 2350, "C next" in the replay."""
        for b, arrow in ((LEFT, "\u2190"), (RIGHT, "\u2192")):
            text = text.replace(arrow, self.app.letters.get(b, arrow))
        return text

    def _fits(self, text):
        """Whether text fits the message lines whole (else _msg says the short form)."""
        L = self.app.layout
        return len(ui.wrap(text, L.font, L.msg[2])) <= len(self.msg_labels)

    def say(self, text, short=None, colour=ui.TEXT):
        """Show a message until the next move: `notice` holds it (None: the table says its own;
        at your turn, after notice_until where that is set again after saying)."""
        self.notice = text
        self.notice_until = 0
        self._msg(text, short, colour)
        self.app.changed()


class TableScreen(TableView):
    """One deal at the table, played: the human's buttons, the bots' turns, the deal's end."""

    def __init__(self, app, dealing=True, cursor=0, aimed=-1, hint=-1, told=(-1, 0)):
        super().__init__(app, dealing, cursor, aimed)
        self.hint_card = hint           # a hint asked before a pause shows after it
        self.shown_turn = -1            # e-ink: the decision (moves so far) the panel has shown
        self.turn_refreshed = False     # e-ink: this decision's one refresh after your input is used
        self.touched = False            # you changed the screen in this decision
        self.asked = False              # OK asked to see the panel now (2: the app's warning)
        self.calm = 0                   # until then OK plays nothing: it was hurrying the bots
        self.lone_at = -1               # lone(): the log's length it was worked out at, and its card
        self.lone_card = -1
        # your chips before the forced passes not yet told: a new deal's, those left after the ante
        self.purse = max(0, self.m.start_chips[self.me] - self.g.ante(self.me)) if dealing else self.g.chips[self.me]
        if told[0] >= 0:    # back from a pause: your forced pass still waiting behind a bot's paid pass too
            self.seen_forced, self.purse = told

    # ---- the e-ink panel (App.render asks; other screens refresh freely) --------------
    def panel_due(self, settled):
        """Refresh the panel now? At once when OK asked; otherwise once settled and the bots
        are done: once for each new decision (after the bots, the deal, your bonus card),
        then once more after your input in it; once at the deal's end."""
        if self.asked:
            return True
        if not settled:
            return False
        g = self.g
        if g.over:
            return True
        if self.busy():
            return False
        return self.shown_turn != len(g.log) or not self.turn_refreshed

    def panel_refreshed(self):
        """The panel shows the table: count the refresh against this decision."""
        n = len(self.g.log)
        if self.shown_turn != n:
            self.shown_turn = n
            self.turn_refreshed = self.touched   # it already showed your input
        elif not self.asked:
            self.turn_refreshed = True
        self.asked = False

    # ---- time and buttons ---------------------------------------------------------
    def my_turn(self):
        """Your decision: not a turn whose one legal card Auto-play lays for you."""
        return TableView.my_turn(self) and self.lone() < 0

    def lone(self):
        """Your one legal card, on your turn with Auto-play on (a turn always has a card);
        else -1."""
        if not (self.app.settings["auto"] and TableView.my_turn(self)):
            return -1
        n = len(self.g.log)
        if self.lone_at != n:           # once per turn: the idle loop asks every 20 ms
            moves = self.g.legal_moves()
            self.lone_at, self.lone_card = n, moves[0] if len(moves) == 1 else -1
        return self.lone_card

    def busy(self):
        return not self.my_turn() or self.hinting is not None

    def tick(self, now):
        g = self.g
        if self.hinting is not None:            # (your turn still: any key ends the search)
            c = self.hinting.step()             # a step of the hint's search
            if c is not None:
                self.hinting = None             # a legal move: one of the items
                self.hint_card = c
                self.cursor = self.items.index(c)
                self.asked = True               # e-ink: an answer you asked for shows at once
                self.notice = None
                self.update(now)
            return
        speed = self.app.settings["speed"]
        if self.dealing:
            if self.deal_next == 0:
                self.deal_next = now
            while now >= self.deal_next and self.dealing:
                self.dealt += 1
                self.deal_next += DEAL_STEP[speed]
                if self.dealt >= g.counts[self.me]:
                    self.dealing = False
                    self.dealt = 99
                    self.next_at = now + DELAYS[speed]
            self.update(now)
            return
        if g.over:                  # the end drawn (App.run renders after this step), then
            if self.over_at < 0:    # the jingle: its notes nap, and held the last card off the screen
                self.notice = None
                self.over_at = 0
                if self.footer:     # nothing to play or pick now: the keys line says what OK does
                    _set(self.footer, ok("ok_continue"))
                self.update(now)
            elif not self.over_at:
                self.app.sound(ui.DEAL_WON if g.winner == self.me else ui.DEAL_LOST)
                self.over_at = now + (300 if self.fast else _END_MS)
            elif now >= self.over_at and not self.app.stale():     # (e-ink: once the panel shows it)
                self.app.deal_over()
            return
        # a notice told its time, and on e-ink shown (the panel rests 2-3 s between refreshes)
        held = (now < self.notice_until or self.asked and self.app.stale()) and not self.fast
        if g.turn == self.me:
            card = self.lone()
            if card < 0:
                self.fast = False
                if 0 < self.notice_until <= now and not self.app.hal.profile.EINK:
                    self.notice_until = 0       # a bot's paid pass, told its time: now the words of
                    self.notice = None          # your turn ("Open a 5 or 9", the bonus, the pass's price;
                    self.update(now)            # e-ink keeps it: a refresh of its own would spend your input's)
            elif now >= self.next_at and not held:     # Auto-play: as the bots, said until theirs
                g.play(card, self.me)
                self._played(now)
                if g.turn != self.me:       # (still yours, a 13th card's layer: the table says so)
                    self.say(auto_said(card))
                self._moved(now)
                self.update(now)
            return
        if held:
            return
        if g.forced[self.me] > self.seen_forced:     # your forced pass, told after a bot's paid pass
            self._moved(now)
            self.update(now)
            return
        if self.bot is None:
            self.bot = self.app.bots[g.turn]
            self.bot.start(g, g.turn)
            self.next_at = max(self.next_at, now + (0 if self.fast else DELAYS[speed]))
        action = self.bot.step()
        if action is None or now < self.next_at:
            return
        self.bot = None
        p = g.turn
        cost = g.pass_cost(p) if action == PASS else None
        declined = cost and g.bonus >= 0
        if g.play(action, p) != 0:          # a bot's mistake must not stop the deal: say so, play on
            action = g.legal_moves()[0]
            print("P%d: bot move refused, plays %d" % (p + 1, action))
            g.play(action, p)
            cost = None
        self.notice = None
        self.asked = False              # e-ink: a notice hurried past unseen asks no refresh now
        self.next_at = now + (0 if self.fast else DELAYS[speed])
        self._paid(cost, now, p)        # a bot's paid pass (a forced pass of yours after it is told next)
        # its Coventry bonus, as yours is said: "P3: Bonus card" while it may lay one more card,
        # "P3: no bonus" as it declines (the replay's words; its starter stays its last move)
        what = t("coventry") if g.bonus >= 0 and g.turn == p else t("no_bonus") if declined else ""
        if what:
            self._tell(seat(p, self.me) + ": " + what, None, now)
        self._moved(now)
        self.update(now)

    def _moved(self, now):
        """After a move: the engine passes a player who cannot move, so tell the human it
        happened; and if you hurried the move (a bot's, Auto-play's) and the decision is now
        yours, OK may still be that hurry: it lays nothing for READ_MS."""
        g = self.g
        if self.fast and g.turn == self.me:
            self.calm = now + READ_MS
        n = g.forced[self.me] - self.seen_forced
        if n > 0 and now < self.notice_until and not self.fast:
            return          # a bot's paid pass is being said: yours after it (tick)
        if n > 0:           # chips: each such pass paid the pot one (none once you have none)
            paid = g.chips[self.me] or self.purse       # your last chip, paid now, too
            cost = " -" + str(n) if g.rules.scoring == CHIPS and paid else ""
            self._tell(t("no_move") + cost, t("no_move_s") + cost, now)
        self.seen_forced = g.forced[self.me]
        self.purse = g.chips[self.me]

    def on_button(self, b, now):
        g = self.g
        if self.dealing:
            self.dealing = False
            self.dealt = 99
            self.calm = now + READ_MS       # a hurry too
            self.update(now)
            return
        if b in (MENU, BACK) and not g.over:
            self.app.pause()
            return
        if g.over:
            if b == OK and self.over_at > 0:    # not before the end is shown and its jingle played
                self.over_at = now
            return
        self.hinting = None         # any button stops a hint search
        if not self.my_turn():
            self.fast = True        # any other button fast-forwards the bots (and Auto-play),
            self.notice_until = 0   # the wait already running too
            self.next_at = now
            return
        if self.asked == 2 and self.app.stale():   # e-ink: a warning the panel has not shown
            return                                  # yet goes first; the key waits for it
        n = len(self.items)                     # your hand: one card at least
        if b != OK:
            self.touched = True
        if b == LEFT:
            self.cursor = (self.cursor - 1) % n
        elif b == RIGHT:
            self.cursor = (self.cursor + 1) % n
        elif b in (UP, DOWN):
            self.cursor = _suit_jump(sorted_hand(g, self.me), self.cursor, 1 if b == DOWN else -1)
        elif b == HINT:
            self.start_hint()
            return
        elif b == OK:
            if now < self.calm:
                return
            action = self.items[self.cursor]
            why = g.check(action, self.me)
            if why == 0 and self.app.stale():   # e-ink: show the selection before playing it,
                what = "\u25b6" + self._action_text(action)    # named (a pass has no frame),
                self.say(what + " \u00b7 " + ok("ok_again"), ok("ok_again"), ui.ACCENT)   # its cost
                self.asked = True
                return
            cost = g.pass_cost(self.me) if action == PASS else None
            why = why or g.play(action, self.me)        # a refusal is told at once, e-ink too
            if why != 0:
                self.app.sound(ui.ILLEGAL)
                self.say(reason(why), reason(why, True), ui.WARN)
                self.asked = True           # e-ink: show why at once
                return
            self._played(now)
            self._moved(now)
            self._paid(cost, now, self.me)
        if b != OK:
            self.notice = None
        self.update(now)

    def _played(self, now):
        """After your card or pass: saved, and the bots' pause before the next move."""
        self.touched = False
        self.hint_card = -1
        self.notice = None
        self.next_at = now + (0 if self.fast else DELAYS[self.app.settings["speed"]])
        self.app.after_decision(self.cursor)

    def _paid(self, cost, now, p):
        """Say what player p's paid pass cost and who got it: "You pass -12: Pot+3 · P2+3 · P3+6",
        a bot's "P3 pass -9: Pot+3 · You+3 · P2+3" (short: "Pot+3 P2+3 P3+6", a bot's "P3 -9: Pot+3
        …" where it fits; where even that does not, "You pass -33": never a payee cut off), from
        its price as the pass began (cost: pass_cost's, None for a card)."""
        if not cost or not (cost[0] or cost[1]):
            return
        pot, gates = cost
        owed = [0] * self.g.players
        for q, chips in gates:
            owed[q] += chips
        parts = [t("pot") + "+" + str(pot)]
        for q in range(len(owed)):
            if owed[q]:
                parts.append(seat(q, self.me) + "+" + str(owed[q]))
        price = " -" + str(pot + sum(owed)) + ": "
        short = " ".join(parts)
        if not self._fits(short):       # (four payees on one line of 25)
            short = says(p, self.me, "pass") + price[:-2]
        elif p != self.me:      # a bot's names who paid where that fits ("P3 -9: Pot+3 You+3 P2+3")
            who = seat(p, self.me) + price + short
            if self._fits(who):
                short = who
        self._tell(says(p, self.me, "pass") + price + " \u00b7 ".join(parts), short, now)

    def _tell(self, text, short, now):
        """A notice of what a move did (a pass, a bonus): it holds the bots _NOTICE_MS, and on
        e-ink until the panel has shown it, or the next move would hide it."""
        self.say(text, short, ui.ACCENT)
        self.notice_until = now + _NOTICE_MS
        self.asked = True

    def start_hint(self):
        """Ask Hard for your move: it thinks in steps (tick), so the screen never freezes."""
        self.hinting = players.hint_search(self.g, self.me, self.app.bots)
        self.say(t("hint") + "\u2026", None, ui.ACCENT)


def auto_said(card):
    """What the table says of a card Auto-play lays: "Auto-play: 8♣"."""
    return t("autoplay") + ": " + card_name(card)


def _playable_near(g, me, cards, cursor):
    """The cursor on a card that player me can lay now: where it is if it can, else the
    nearest such card (to the right first)."""
    n = len(cards)
    for d in range(n + 1):          # from the pass (at n) as far as the first card
        for j in (cursor + d, cursor - d):
            if 0 <= j < n and g.check(cards[j], me) == 0:
                return j                # (found: a turn always has a card to lay)


def _suit_jump(cards, cursor, step):
    if cursor >= len(cards):
        cursor = len(cards) - 1
    s = cards[cursor] // 13
    if step > 0:
        for i in range(cursor + 1, len(cards)):
            if cards[i] // 13 != s:
                return i
        return 0
    # to the first card of the previous suit
    i = cursor
    while i > 0 and cards[i - 1] // 13 == s:
        i -= 1
    if i == 0:
        i = len(cards) - 1
    else:
        i -= 1
    s = cards[i] // 13
    while i > 0 and cards[i - 1] // 13 == s:
        i -= 1
    return i


def _fit(parts, font_name, width):
    """Join parts in order while the text fits width (the first part always)."""
    out = parts[0]
    for p in parts[1:]:
        if p and ui.text_width(out + p, font_name) <= width:
            out += p
    return out
