"""Settings: language, sound, speed, Auto-play and light, from the title or the pause menu.
Borrowed by firmware.app (firmware.borrow): the badge holds this code only while the page is
in front, never at the table."""
from firmware import text
from firmware.text import t
from firmware.screens import ListScreen, later


def show(app, back=None):
    """The settings page; back: from the pause menu, to it (else to the title). Each change is
    saved as it is made (ListScreen)."""
    s = app.settings
    back = back or later(app.title, "settings")

    def cycle(key, n):
        def change(step):
            s[key] = (s[key] + step) % n
            if key == "lang":
                text.set_lang(s[key])
                if app.art is not None:        # J Q K, V D R, B D K
                    app.art.draw_ranks(range(10, 13))
            if key == "bright":
                app.bright()
        return change
    speeds = ("slow", "normal", "fast")
    items = [["language", lambda: text.LANGS[s["lang"]], cycle("lang", 3), None],
             ["speed", lambda: t(speeds[s["speed"]]), cycle("speed", 3), None],
             ["autoplay", lambda: t("on" if s["auto"] else "off"), cycle("auto", 2), None]]
    if app.hal.profile.AUDIO:                 # a board without a speaker has nothing to switch
        items.insert(1, ["sound", lambda: t("on" if s["sound"] else "off"), cycle("sound", 2), None])
    if app.hal.profile.BACKLIGHT:
        items.append(["brightness", lambda: str((s["bright"] + 1) * 20) + "%", cycle("bright", 5), None])
    screen = ListScreen(app, t("settings"), items, back=back)
    base = screen.on_button

    def on_button(b, now):
        lang = s["lang"]
        base(b, now)
        if s["lang"] != lang:      # rebuild in the new language (its line is the first)
            show(app, back)
    screen.on_button = on_button
    app.goto(screen)
