"""Menus and text pages: the screens that are lists of lines."""
import displayio

from hal.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, MENU
from firmware import ui
from firmware.text import t

READ_MS = 600       # OK counts this long after a page appears, or a turn after a hurry: time to see it


def later(fn, *args):
    """fn(*args), to be called later: what a menu line or a page's OK or BACK does."""
    return lambda: fn(*args)


class Screen:
    """Base: a group, buttons in, timers ticking, `busy` while it needs no input."""

    TURNS = (DOWN, UP)      # a knob's turn (clockwise, back): down and up the lines (the table: the cards)

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def tick(self, *now):
        """Nothing to do: build(), on_button(b, now), tick(now) and panel_refreshed() (E-ink:
        the panel now shows this screen) of a screen that needs none."""

    build = on_button = panel_refreshed = tick

    def busy(self):
        """False: busy() (no input needed now) and my_turn() (the human must decide here: the
        board's LED is lit) of a screen that is neither."""
        return False

    my_turn = busy

    def panel_due(self, settled):
        """E-ink: refresh the panel now? Once the screen has settled (the table, which moves by
        itself, has its own)."""
        return settled


class ListScreen(Screen):
    """A title and lines to pick from; LEFT/RIGHT change a line's value.

    items: list of [key_or_text, value_fn or None, change_fn(step) or None, ok_fn or None].
    """

    def __init__(self, app, title, items, back=None, sel=0):
        super().__init__(app)
        self.title = title
        self.items = items
        self.back_fn = back
        self.sel = sel
        self.top = 0
        self.rows = []

    def build(self):
        app = self.app
        L = app.layout
        th = app.theme
        self.visible = ui.lines_fit(L.font, L.menu_top, L.h, L.lh)
        scale = 2 if L.scale_title > 1 else 1
        room = 8 if len(self.items) > self.visible else 2   # the scroll mark, if lines hide
        if (L.w + ui.text_width(self.title, L.font) * scale) // 2 + room >= L.w:
            scale = 1                   # a long title in small letters: the scroll mark fits
        self.group.append(ui.label(self.title, L.font, L.w // 2, 1, th.colour(ui.ACCENT),
                                   anchor=(0.5, 0), scale=scale))
        self.top = max(0, min(self.sel - 2, len(self.items) - self.visible))   # sel in view
        for i in range(min(self.visible, len(self.items))):
            y = L.menu_top + i * L.lh
            name = ui.label(" ", L.font, 2, y, th.colour(ui.TEXT))
            value = ui.label(" ", L.font, L.w - 2, y, th.colour(ui.ACCENT), anchor=(1, 0))
            self.group.append(name)
            self.group.append(value)
            self.rows.append((name, value))
        wide = (L.w + ui.text_width(self.title, L.font) * scale) // 2   # the title's right end
        self.more = _more_label(self.group, L, th) if wide + 8 < L.w else None
        self.show()

    def item_text(self, item):
        k = item[0]
        try:
            return t(k)
        except KeyError:
            return k

    def show(self):
        n = len(self.items)
        if self.sel < self.top:
            self.top = self.sel
        if self.sel >= self.top + self.visible:
            self.top = self.sel - self.visible + 1
        th = self.app.theme
        for i in range(len(self.rows)):
            name, value = self.rows[i]
            j = self.top + i
            item = self.items[j]
            mark = "\u25b6" if j == self.sel else " "
            if j == self.sel and not th.mono:
                name.color = th.colour(ui.ACCENT)
            else:
                name.color = th.colour(ui.TEXT)
            label = mark + self.item_text(item)
            v = item[1]() if item[1] else ""
            if item[2] and j == self.sel:
                v = "\u25c0 " + v + " \u25b6"
            f = self.app.layout.font
            room = self.app.layout.w - 8 - ui.text_width(v, f)   # a gap between the two
            if ui.text_width(label, f) > room and v:
                v = v.replace("\u25c0 ", "\u25c0").replace(" \u25b6", "\u25b6")   # arrows closer
                room = self.app.layout.w - 8 - ui.text_width(v, f)
                while len(label) > 2 and ui.text_width(label, f) > room:
                    label = label[:-1]                      # then the name gives way
            _set(name, label)
            _set(value, v if v else " ")
        if self.more:                  # where the title leaves room for it
            while n > 1 and not self._live(n - 1):
                n -= 1                 # (no \u25bc for lines below that UP/DOWN pass by)
            _set(self.more, _more_mark(self.top, self.visible, n))
        self.app.changed()

    def _live(self, i):
        """Whether line i does something: not a "-", nor Sevens' 4 players (UP/DOWN pass it by)."""
        it = self.items[i]
        return (it[2] or it[3]) and not (it[1] and it[1]() == "-")

    def on_button(self, b, now):
        n = len(self.items)
        item = self.items[self.sel]
        step = 0
        if b in (UP, DOWN):
            for _ in range(n):
                self.sel = (self.sel + (1 if b == DOWN else -1)) % n
                if self._live(self.sel):
                    break
        elif b in (LEFT, RIGHT) and item[2]:
            step = 1 if b == RIGHT else -1
        elif b == OK or b == RIGHT and item[3]:     # RIGHT opens a line as LEFT goes back (two keys)
            if item[3]:
                item[3]()
                return
            step = 1
        elif b in (BACK, MENU, LEFT) and self.back_fn:      # (a line with a value took LEFT above)
            self.back_fn()
            return
        if step and item[2]:    # the line's value stepped: saved at once (settings, New game's
            item[2](step)       # choices), so a power cut loses none of it
            self.app.save_prefs()
        self.show()


def page_width(L):
    """How wide a page's lines may be on layout L (PageScreen wraps them to it)."""
    return L.w - 10


def page_rows(L):
    """How many of a page's lines layout L shows at once, under its title."""
    return ui.lines_fit(L.font, L.lh + 1, L.h, L.lh)


class PageScreen(Screen):
    """A title and text lines, wrapped and scrolled with UP/DOWN (or LEFT/RIGHT)."""

    def __init__(self, app, title, lines, ok=None, back=None, menu=None):
        super().__init__(app)
        self.title = title
        self.src = lines   # (text, colour slot)
        self.ok_fn = ok
        self.back_fn = back or ok
        self.menu = menu or self.back_fn     # MENU: as BACK, or the pause menu between deals
        self.top = 0
        self.since = app.now

    def build(self):
        app = self.app
        L = app.layout
        th = app.theme
        self.group.append(ui.label(self.title, L.font, L.w // 2, 0, th.colour(ui.ACCENT),
                                   anchor=(0.5, 0)))
        self.lines = []
        width = page_width(L)
        for text, colour in self.src:
            for part in ui.wrap(text, L.font, width) or [" "]:
                self.lines.append((part, colour))
        top = L.lh + 1
        self.visible = page_rows(L)
        self.slots = []
        for i in range(min(self.visible, len(self.lines))):
            lb = ui.label(" ", L.font, 2, top + i * L.lh, th.colour(ui.TEXT))
            self.group.append(lb)
            self.slots.append(lb)
        self.more = _more_label(self.group, L, th)
        self.show()

    def show(self):
        th = self.app.theme
        for i in range(len(self.slots)):
            j = self.top + i
            text, colour = self.lines[j] if j < len(self.lines) else (" ", ui.TEXT)
            self.slots[i].color = th.colour(colour)
            _set(self.slots[i], text)
        _set(self.more, _more_mark(self.top, self.visible, len(self.lines)))
        self.app.changed()

    def on_button(self, b, now):
        last = max(0, len(self.lines) - self.visible)
        if b in (DOWN, RIGHT) and self.top < last:
            self.top += 1
        elif b in (UP, LEFT) and self.top > 0:
            self.top -= 1
        else:               # (a key that moves nothing leaves an e-ink panel settling)
            # not an OK (nor a MENU: it pauses) pressed to hurry the bots as the deal ended, nor
            # one on e-ink before the panel shows the page (it may rest past READ_MS)
            fn = self.ok_fn if b == OK else self.menu if b == MENU else self.back_fn if b == BACK else None
            if fn and now - self.since > READ_MS and not self.app.stale():
                fn()
            return
        self.show()

    def panel_refreshed(self):
        """E-ink: READ_MS counts from when the panel first shows the page, a second after it is
        made (not again from a scroll's refresh: the page was seen, BACK then did nothing)."""
        self.since = self.app.now
        self.panel_refreshed = self.tick        # (tick does nothing)


def _more_label(group, L, th):
    """The top right corner's mark of lines out of view (see _more_mark)."""
    lb = ui.label(" ", L.font, L.w - 1, 0, th.colour(ui.ACCENT), anchor=(1, 0))
    group.append(lb)
    return lb


def _more_mark(top, visible, n):
    """\u25bc while lines lie below the view, else \u25b2 while some lie above it."""
    return "\u25bc" if top + visible < n else "\u25b2" if top else " "


def _set(lb, text):
    if lb.text != text:
        lb.text = text
