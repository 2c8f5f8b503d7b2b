"""New game: the rule set, its options, the bots and the deal's number, then Start. Borrowed by
firmware.app (firmware.borrow): the badge holds this code only while the screen is in front, and
not through a match."""
from engine import rules as R       # the option values: R.SEVENS, R.CARDS...
from engine.rules import PRESETS, preset, override
from engine.levels import LEVELS
from hal.buttons import UP, DOWN, RIGHT, OK, BACK

from firmware import text
from firmware.text import t
from firmware.screens import ListScreen, READ_MS
from firmware.autosave import NO_PICK


def show(app, since=None):
    """New game, on Start. From a match's end (since: then), OK starts nothing for READ_MS,
    as on its pages, so the presses that hurried its last deal do not start the next match."""
    s = app.settings
    digit = [-1]        # the deal number's digit being typed (-1: none)

    def change_preset(step):
        s["preset"] = (s["preset"] + step) % len(PRESETS)
        app.rules_over = {}
        s["opener"] = NO_PICK
        s["players"] = fixed()

    def fixed():
        """Where the preset sets the count (Sevens: 4), the Players line only says it (UP
        and DOWN pass it by). The count kept within the preset's."""
        r = preset(PRESETS[s["preset"]])
        players[2] = change_players if r.min_players < r.max_players else None
        return max(r.min_players, min(r.max_players, s["players"]))

    def change_players(step):
        r = preset(PRESETS[s["preset"]])
        n = s["players"] + step
        if n > r.max_players:
            n = r.min_players
        if n < r.min_players:
            n = r.max_players
        s["players"] = n

    def change_level(step):         # a step from what Bots shows (P2's level when the seats
        s["level"] = (app.seat_levels[1] + step) % len(LEVELS)      # agree), not the one it last set
        for i in range(7):
            app.seat_levels[i] = s["level"]

    def seat_line(seat):
        def value():
            if seat >= app.rules().players:
                return "-"
            return t(LEVELS[app.seat_levels[seat]])

        def change(step):           # not on a "-" line (a seat nobody plays)
            app.seat_levels[seat] = (app.seat_levels[seat] + step) % len(LEVELS)
        return ["P" + str(seat + 1), value, change, None]

    def line(field, values=(0, 1)):
        """A rule option's line: its value in words (off or on, unless values says);
        LEFT/RIGHT the next value that can be played with the others (engine.rules.override).
        The opener picked comes back with a 7s opening after a free one made the player left
        of the dealer open."""
        def change(step):
            cur = getattr(app.rules(), field)
            i = values.index(cur) if cur in values else 0
            base = preset(PRESETS[s["preset"]]).with_(players=s["players"])
            for k in range(1, len(values) + 1):
                trial = override(base, app.rules_over, field, values[(i + step * k) % len(values)])
                if trial is not None:
                    if field == "opener":
                        s["opener"] = trial[field]
                    elif field == "opening" and s["opener"] != NO_PICK:
                        trial = override(base, trial, "opener", s["opener"]) or trial
                    app.rules_over = trial
                    return
        return [field, lambda: text.option_text(field, app.rules()), change, None]

    def deal_text():
        n = s["deal"]
        if digit[0] < 0:
            return str(n)
        digits = str(100000 + n)[1:]
        i = digit[0]
        return digits[:i] + "[" + digits[i] + "]" + digits[i + 1:]

    def change_deal(step):
        if digit[0] < 0:
            s["deal"] = (s["deal"] - 1 + step) % 99999 + 1
        else:
            digit[0] = (digit[0] + step) % 5

    def edit_deal():
        digit[0] = 0                # (OK again leaves: on_button below)
        screen.TURNS = (UP, DOWN)   # a knob raises the digit as it turns clockwise
        screen.show()

    players = ["players", lambda: str(app.rules().players), change_players, None]
    items = [
        ["start", None, None, app.start_match],
        ["preset", lambda: text.preset_title(PRESETS[s["preset"]]), change_preset, None],
        players,
        ["difficulty", lambda: text.levels_text(app.seat_levels, app.rules().players, t("mixed")),
         change_level, None],
        line("opening", (R.SEVENS, R.FIVE_OR_NINE, R.ANY_RANK, R.PLAY_OR_PAY)),
        line("opener", (R.LEFT_OF_DEALER, R.SEVEN_OF_DIAMONDS, R.SEVEN_OF_HEARTS,
                        R.SEVEN_OF_SPADES, R.SEVEN_OF_CLUBS)),
        line("ace_high"),
        line("up_first"),
        line("coventry"),
        line("scoring", (R.ZERO_SUM, R.RACE, R.CHIPS)),
        line("target", (25, 50, 100)),           # shorter races too
        line("deals", (1, 4, 10, 20, 0)),       # 1: each deal a game, as 001 allows
        line("chips", (20, 30, 50, 60, 80)),
        line("penalty", (R.CARDS, R.VALUES, R.PIPS)),
        line("strategic_pass"),
        line("gate_penalty", (3, 5)),            # 3 as in rule book 000, 5 as in 001
        line("winner_deals"),                   # 001: the winner may deal the next deal
        ["deal_no", deal_text, change_deal, edit_deal],
    ]
    deal_row = len(items) - 1
    fixed()
    for seat in range(1, 7):          # one difficulty per seat, below the start line
        items.append(seat_line(seat))
    screen = ListScreen(app, t("new_game"), items, back=app.title)
    base_button = screen.on_button

    def on_button(b, now):
        if b in (OK, RIGHT) and not screen.sel and since is not None and now - since <= READ_MS:
            return                  # (Start alone: RIGHT starts as OK does; elsewhere it changes)
        # while a digit of the deal number is selected, UP/DOWN change it
        if digit[0] >= 0 and screen.sel == deal_row:
            if b in (UP, DOWN):
                i = 4 - digit[0]
                d = (s["deal"] // (10 ** i)) % 10
                nd = (d + (1 if b == UP else -1)) % 10
                s["deal"] = s["deal"] + (nd - d) * (10 ** i)
                if s["deal"] < 1:       # 00000 deals nothing: the digit skips its 0 (with
                    s["deal"] = (1 if b == UP else 9) * 10 ** i     # only DOWN, 1 goes on to 9)
                app.save_prefs()        # each digit typed, kept as any choice here is
                screen.show()
                return
            if b in (OK, BACK):
                digit[0] = -1
                screen.TURNS = (DOWN, UP)
                screen.show()
                return
        base_button(b, now)
    screen.on_button = on_button
    app.goto(screen)
