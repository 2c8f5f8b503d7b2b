"""The app: settings, the screen in front, the match, and the main loop.

    app = App(hal)        # hal: hal.circuitpython.Hal or hal.desktop.DesktopHal
    app.run()             # forever on the badge; the simulator calls app.step() itself
"""

import displayio

from engine.portable import const
from engine.rules import PRESETS, preset
from engine.match import Match
from engine.stats import Stats
from engine import save
from engine.cards import SUIT_SYMBOLS
from hal.buttons import DOWN, OK, TURN

from firmware import ui, layouts, text, borrow
from firmware.text import t
from firmware.screens import ListScreen, later
from firmware.table import TableScreen
from firmware import players
from firmware import autosave
from firmware.autosave import TABLE, RESULTS, SCREEN, NO_PICK

_EINK_SETTLE_MS = const(400)
IDLE_MS = (60000, 300000)   # no button for this long while the game waits: the backlight
IDLE_LEVEL = (0.1, 0)       # dims to this, then goes out, until a press (which only wakes it)
_BATTERY_MS = const(60000)      # the table reads the battery as your decision begins, at most this often
BATTERY_LOW = (10, 5)   # a notice at the table as the charge falls to each of these (%)


def _line(items, key):
    """Index of the menu line whose key is `key` (0 if none: the first line)."""
    for i in range(len(items)):
        if items[i][0] == key:
            return i
    return 0


class App:
    def __init__(self, hal):
        self.hal = hal
        p = hal.profile
        d = hal.display
        self.layout = layouts.for_size(d.width, d.height)
        letters = {}
        held = {}
        for i in range(len(p.KEYS)):        # OK and HINT as printed on their keys: "A", "X"
            name = p.LABELS[i]
            if name not in text.ARROWS and name not in text.PLACES:
                letters.setdefault(p.KEYS[i][1], name)
                held.setdefault(p.KEYS[i][2], name)     # a letter held for OK, BACK: "hold R"
        text.ok_key = letters.get(OK, "OK")
        text.ok_held = None if OK in letters else held.get(OK)
        self.letters = letters              # (the table's footer names HINT's, BACK's where they fit)
        self.held = held
        self.theme = ui.Theme(mono=p.MONO, paper=p.EINK)
        # the table colour: one 32x32 tile repeated (about 0.2 KB: 128 bytes of bitmap and a byte
        # per tile, where 8x8 tiles took 1.2 KB at 320x240)
        self.root = displayio.Group()
        bmp = displayio.Bitmap(32, 32, 1)
        pal = displayio.Palette(1)
        pal[0] = self.theme.colours[ui.BG]
        self.root.append(displayio.TileGrid(bmp, pixel_shader=pal, width=(d.width + 31) // 32,
                                            height=(d.height + 31) // 32, tile_width=32, tile_height=32))
        d.root_group = self.root
        self.settings = {"lang": 0, "sound": 1, "speed": 1, "bright": 4, "auto": 0,
                         "preset": 0, "players": 4, "level": 0, "deal": 1, "opener": NO_PICK}
        self.seat_levels = bytearray(7)     # a difficulty per seat (seat 0 is the human)
        self.rules_over = {}
        self.stats = Stats()
        self.counted = 0                    # the deal last added to the statistics
        self.uncleared = 0                  # a deal counted whose game record a new match must clear
        self.on_flash = 0                   # the deal of the running match's game record last written
        self.human = 0
        self.match = None
        self.match_preset = 0               # the running match's preset and level (statistics)
        self.match_level = 0
        self.match_seats = bytearray(7)     # its bots' levels
        self.last_deal = None               # engine.save record of the last finished deal (replay)
        self.bots = []
        self.screen = None
        self.art = None
        self.dirty = True
        self.last_change = 0
        self.now = 0
        self.lit = None                     # the your-turn LED as last set
        self.last_input = 0                 # when a button was last pressed (ms)
        self.dimmed = 0                     # the backlight is down for idleness: 1 dim, 2 out
        self.battery_at = 0                 # when the table next reads the battery (ms)
        self.chimed_deal = -1               # the decision YOUR_TURN last sounded for:
        self.chimed_at = -1                 # deal number and moves so far
        self.battery_told = 0               # how many of BATTERY_LOW the player was told of
        self.saves = autosave.Saves(hal.store)
        self.unsaved = 0                    # the last write of the game (1), the prefs (2) failed
        self.told_unsaved = False           # ... and the table said so
        self.paused_at = (0, -1, -1, (-1, 0))   # when paused: the table's cursor, aim, hint, passes told
        self.power_up()

    # ---- plumbing ---------------------------------------------------------------
    def goto(self, screen):
        while len(self.root) > 1:
            ui.blank(self.root.pop())   # its text freed before the next screen is built
        self.screen = None
        self.hal.buttons.clear()     # a key held on the old screen does not repeat on this one
        self.hal.collect()      # free the old screen's bitmaps now
        self.screen = screen
        screen.build()
        self.root.append(screen.group)
        self.changed()

    def changed(self):
        self.dirty = True
        self.last_change = self.now

    def step(self, now, buttons=()):
        """Handle buttons and timers at time now (ms); returns True if the screen changed."""
        self.now = now
        if buttons:
            self.last_input = now
            if self.dimmed:              # the press that wakes the screen does nothing else
                self.dimmed = 0
                self.bright()
                buttons = buttons[1:]
        for b in buttons:
            self.sound(ui.CLICK)
            if b >= TURN:           # a knob: what its turn does here
                b = self.screen.TURNS[b - TURN]
            self.screen.on_button(b, now)
        self.screen.tick(now)
        lit = self.screen.my_turn()         # (only the table's can be)
        if lit:
            g = self.screen.g
            if g.deal_number != self.chimed_deal or len(g.log) != self.chimed_at:
                self.chimed_deal = g.deal_number        # once per decision, not again after
                self.chimed_at = len(g.log)             # the pause menu
                self.sound(ui.YOUR_TURN)
                self._notice(now)
                self.hal.buttons.clear()    # a key still down (it hurried) does nothing more: no
                                            # OK fired late lays a card unseen (B let go, R held)
        if lit != self.lit:
            self.lit = lit
            self.hal.light(lit)
        n = self.dimmed
        if (n < 2 and self.hal.profile.BACKLIGHT and now - self.last_input >= IDLE_MS[n]
                and not self.busy()):
            self.dimmed = n + 1
            self.hal.set_brightness(IDLE_LEVEL[n])
        return self.dirty

    def sound(self, notes):
        """Play notes (Hz, ms, Hz, ms, ...), if Sound is on (boards without a speaker stay
        silent)."""
        if self.settings["sound"]:
            for i in range(0, len(notes), 2):
                self.hal.tone(notes[i], notes[i + 1])

    def _notice(self, now):
        """As your decision begins (with its first e-ink refresh), say once at 10% and once at
        5% that the battery runs low, reading it at most every _BATTERY_MS (the game is saved at
        every decision, so a dead battery loses nothing, unless saving fails, and then it says
        that); else say once (until saving works again) that the game is not saved: then the
        table is in front and stays (a failed write at a deal's end was said on a table the
        results replaced, and never again)."""
        screen = self.screen
        level = None
        if now >= self.battery_at:
            self.battery_at = now + _BATTERY_MS
            level = self.hal.battery()
        if level is not None and level > 2 * BATTERY_LOW[0]:
            self.battery_told = 0               # charged again: tell again when it runs low
        n = self.battery_told
        if level is not None and n < len(BATTERY_LOW) and level <= BATTERY_LOW[n]:
            while n < len(BATTERY_LOW) and level <= BATTERY_LOW[n]:
                n += 1
            self.battery_told = n
            key = "battery_unsaved" if self.unsaved else "battery_low"
            screen.say(t(key) % level, t("battery_low_s") % level, ui.WARN)
        elif self.unsaved and not self.told_unsaved:
            self.told_unsaved = True
            screen.say(t("not_saved"), t("not_saved_s"), ui.WARN)
        else:
            return
        screen.asked = 2       # e-ink: shown now, and kept over a key until the panel shows it

    def bright(self):
        """The backlight as the settings say, where the board has one."""
        if self.hal.profile.BACKLIGHT:
            self.hal.set_brightness((self.settings["bright"] + 1) / 5)

    def busy(self):
        """True while the app moves on by itself (bots, animations): no input needed."""
        return self.screen.busy()

    def render(self, now):
        """Refresh the display if needed. E-ink refreshes only when the screen says so
        (Screen.panel_due: once settled; the game table is stricter)."""
        if not self.dirty:
            return False
        eink = self.hal.profile.EINK
        if eink and not self.screen.panel_due(now - self.last_change >= _EINK_SETTLE_MS):
            return False
        if self.hal.refresh():
            self.dirty = False
            if eink:
                self.screen.panel_refreshed()
            return True
        return False

    def stale(self):
        """E-ink: the panel does not show the screen as it is now."""
        return self.hal.profile.EINK and self.dirty

    def run(self):
        """The badge's main loop. When nothing was drawn and no bot or animation moves, it
        naps 20 ms, as long as keypad takes to scan the keys (the battery lasts longer)."""
        hal = self.hal
        while True:
            now = hal.ticks_ms()
            self.step(now, hal.poll())
            if not (self.render(now) or self.busy()):
                hal.nap(0.02)      # seconds (a constant float: a nap allocates nothing)

    # ---- screens ------------------------------------------------------------------
    def title(self, key=None):
        """The title menu; back from the line whose key is `key`, on that line."""
        items = [["new_game", None, None, self.new_game],
                 ["settings", None, None, self.settings_screen],
                 ["stats", None, None, self.stats_screen],
                 ["help", None, None, self.help_menu]]
        if self.last_deal is not None:
            items.insert(1, ["replay", None, None, later(self.replay, later(self.title, "replay"))])
        screen = ListScreen(self, t("title") + " " + SUIT_SYMBOLS, items, sel=_line(items, key))
        self.goto(screen)
        L = self.layout
        f = ui.font(L.font)
        y = L.h - f.height - f.descent
        level = self.hal.battery()
        if level is not None:         # battery where the board can tell, bottom right
            screen.group.append(ui.label(str(level) + "%", L.font, L.w - 2, y,
                                         self.theme.colour(ui.MUTED), anchor=(1, 0)))
        p = self.hal.profile
        for a, b, button in p.CHORDS:   # bottom left, the chord that is DOWN ("L+R: ↓"): else no
            if button == DOWN:          # screen before the Buttons page, which needs it, told it
                keys = [k[0] for k in p.KEYS]
                screen.group.append(ui.label(p.LABELS[keys.index(a)] + "+" + p.LABELS[keys.index(b)] + ": "
                                             + text.ARROWS["Down"], L.font, 2, y, self.theme.colour(ui.MUTED)))

    def rules(self):
        """The rule set the new-game screen describes."""
        r = preset(PRESETS[self.settings["preset"]])
        fields = {"players": self.settings["players"]}
        for k in self.rules_over:
            fields[k] = self.rules_over[k]
        r2 = r.with_(**fields)
        if r2.problem() is None:
            return r2
        return r.with_(players=max(r.min_players, min(r.max_players, self.settings["players"])))

    def new_game(self, since=None):
        """New game (firmware/new_game.py, borrowed: held only while in front); since: from a
        match's end, then."""
        borrow("new_game").show(self, since)

    def start_match(self):
        r = self.rules()
        n = self.settings["deal"]
        # the finished deal last counted may be on flash: "none counted" must not land beside it
        # (counted twice at power-up), nor "counted" beside a new game of its number (uncounted):
        # save_prefs clears it first, and save_game writes no game till those prefs land; still
        # so when it was pending as a match was quit (counted is none now, not the flash's)
        self.uncleared = self.uncleared or self.counted
        self.match = Match(r, deal_number=n)
        self.chimed_deal = -1       # its first decision chimes, the same deal dealt again too
        self.deal_on()
        self.match_preset = self.settings["preset"]
        self.match_seats = bytearray(self.seat_levels)
        self.match_level = max(self.match_seats[1:r.players])
        self.counted = 0
        self.on_flash = 0
        self._make_bots(n)
        self._kept(self.save_game(TABLE) and self.save_prefs(), 2)
        self.goto(TableScreen(self))

    def deal_on(self):
        """The next match starts after the deal now dealt, so it never deals its cards again."""
        self.settings["deal"] = self.match.deal_number % 99999 + 1

    def resume_table(self):
        self.goto(TableScreen(self, False, *self.paused_at))   # the cursor (and hint) as you left them

    def pause(self, key=None, resume=None):
        """The pause menu; back from the line whose key is `key`, on that line; resume: the page
        it returns to between deals (the results or standings), else the table."""
        s = self.screen
        if isinstance(s, TableScreen):      # (and your forced passes told: one may wait to be)
            self.paused_at = (s.cursor, s.aimed, s.hint_card, (s.seen_forced, s.purse))
        resume = resume or self.resume_table
        m = self.match

        def back(key):
            return later(self.pause, key, resume)
        # a deal given up ends a run of wins (the question says so); none is between deals
        streak = self.stats.streak and m.result is None
        items = [["resume", None, None, resume],
                 ["help", None, None, later(self.game_rules_page, back("help"))],
                 ["settings", None, None, later(self.settings_screen, back("settings"))],
                 ["quit", None, None, later(self.confirm, "quit_sq" if streak else "quit_q", "yes_quit",
                                            self.quit_match, back("quit"))]]
        if m.result is None:        # (between deals the standings are one OK away)
            items.insert(1, ["standings", None, None, later(self.standings, back("standings"))])
        if self.last_deal is not None and m.deals:     # a deal of this match, not another's
            items.insert(-3, ["replay", None, None, later(self.replay, back("replay"))])
        g = m.game
        # the only way to a hint on boards without HINT; none on a turn Auto-play lays your one card
        if g.turn == self.human and not g.over and not (self.settings["auto"] and len(g.legal_moves()) == 1):
            items.insert(1, ["hint", None, None, self.hint_from_menu])
        self.goto(ListScreen(self, t("paused"), items, back=resume, sel=_line(items, key)))

    def hint_from_menu(self):
        self.resume_table()
        self.screen.start_hint()

    def quit_match(self):
        if self.match.result is None:   # a deal given up is not won: no run of wins kept by
            self.stats.streak = 0       # quitting (between deals none is given up)
        self.match = None       # no match runs now: its bots go with it (each level's keeps the
        self.bots = []          # last view it was given and its search's game, held at the title)
        # the next deal number (and the streak) first: a power cut before the game is cleared
        # resumes the match, its streak ended as the player chose, and never deals it again
        self.save_prefs()
        self._kept(self.saves.clear_game(), 1)
        self.title()

    def after_decision(self, cursor):
        """Save after each of the human's decisions. The bots' moves are not written: they
        replay the same way from the log (their seeds come from the position), so flash
        wears once per decision."""
        self.save_game(TABLE, cursor)

    def deal_over(self):
        m = self.match
        delta = m.settle()
        self.last_deal = save.encode(m, RESULTS * SCREEN)     # fits: Rules.problem bounds the log
        self._count_deal()                     # statistics and replay first, then the game's screen
        self.results(delta)

    def _count_deal(self):
        """Add the settled deal (and at its end the match) to the statistics, once: not twice
        after a power cut just here, and at power-up if their write had failed."""
        m = self.match
        if self.counted == m.deal_number:
            return
        # the game's writes failing since an earlier deal of this match: that record, on flash,
        # beside prefs counting this deal counts its deal again at power-up (or this one again,
        # played anew, beside prefs saying that one counted): it is cleared first, or they wait
        if self.on_flash and self.on_flash != m.deal_number:
            self.uncleared = -1             # (none else: the new match's first record landed)
        me = self.human
        g = m.game
        self.stats.add_deal(PRESETS[self.match_preset], self.match_level, g.winner == me,
                            g.counts[me])
        if m.over:
            self.stats.add_match(me in m.leaders())
        self.counted = m.deal_number
        self.save_prefs()

    def results(self, delta):
        """The deal's results page (firmware/standings.py, borrowed: held only while in front)."""
        borrow("standings").results(self, delta)

    def standings(self, back=None):
        """The match's standings (firmware/standings.py); back: from the pause menu, to it."""
        borrow("standings").standings(self, back)

    def settings_screen(self, back=None):
        """Settings (firmware/settings_page.py, borrowed: held only while in front); back: from
        the pause menu, to it."""
        borrow("settings_page").show(self, back)

    def stats_screen(self):
        """The statistics page (firmware/stats_page.py, borrowed: held only while in front)."""
        borrow("stats_page").show(self)

    def confirm(self, title, line, action, back):
        """Do something that cannot be undone only after a second, explicit choice: the page
        asks its title (a text key), and the line under No (selected) says and does it."""
        self.goto(ListScreen(self, t(title), [["no", None, None, back],
                                              [line, None, None, action]], back=back))

    def help_menu(self):
        """Rules & help (firmware/help_pages.py, borrowed: held only while its pages are in
        front)."""
        borrow("help_pages").menu(self)

    def game_rules_page(self, back):
        """From the pause menu (back: to it): the rules of the match being played
        (firmware/help_pages.py)."""
        borrow("help_pages").game_rules_page(self, back)

    # ---- autosave and resume (firmware.autosave) ---------------------------------------
    def power_up(self):
        """Read the prefs and the game record, then show where the player was
        (firmware/power_up.py, borrowed: held only while it runs or its notice is in front)."""
        borrow("power_up").show(self)

    def _make_bots(self, start):
        self.bots = players.seat_bots(self.match_seats[:self.match.players], start, self.human)

    def save_game(self, kind, cursor=0):
        """Write the game record (skipped by the record when nothing changed), and the prefs
        before and after it while their last write failed: the statistics of the deal before are
        in them, and a game record that moves on to the next deal no longer counts that deal at power-up."""
        if self.match is None:
            return False
        # the prefs first: the next deal's game record landing before them took the deal they
        # count off the flash (a cut between lost it); while uncleared, no game record without them
        if (self.uncleared or self.unsaved & 2) and not self.save_prefs() and self.uncleared:
            return self._kept(False, 1)
        ok = self._kept(self.saves.save_game(self.match, kind, cursor, self.match_preset,
                                             self.match_level, self.match_seats), 1)
        if ok:
            self.on_flash = self.match.deal_number
        if self.unsaved & 2:
            self.save_prefs()
        return ok

    def save_prefs(self):
        """Write the prefs; while an older game record must go first (uncleared), it is cleared
        first, and where it cannot be the prefs still land saying its deal counted (a finished
        match's), or wait (-1: a deal of this match, replayed after a cut); tried with each write."""
        clear = not self.uncleared or self.saves.clear_game()
        if not clear and self.uncleared < 0:        # (_count_deal) none fits beside that record
            return self._kept(False, 2)
        ok = self._kept(self.saves.save_prefs(self.settings, self.seat_levels, self.stats,
                                              self.counted if clear else self.uncleared, self.rules().encode(),
                                              self.last_deal or b"") and clear, 2)
        if ok:
            self.uncleared = 0
        return ok

    def _kept(self, ok, record):
        """Note whether a write of the game (record 1) or the prefs (2) reached the flash (a
        full or read-only store keeps nothing): while either's last failed, the table says so
        as your next decision begins, and the low-battery notice says the game is not saved."""
        self.unsaved = self.unsaved & ~record | (0 if ok else record)
        if not self.unsaved:
            self.told_unsaved = False
        return ok

    def key_name(self, b):
        """Button b as printed on its key ("X"), or held ("hold L"); None where no letter says it."""
        h = self.letters.get(b)
        return h or (t("hold_ok") % self.held[b] if b in self.held else None)

    def replay(self, back):
        """Watch the last finished deal again, one action at a time (firmware/replay.py, borrowed:
        held only while in front)."""
        self.goto(borrow("replay").ReplayScreen(self, self.last_deal, back))
