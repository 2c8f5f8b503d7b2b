"""Every word the screens show, in English, French and German.

`set_lang(i)` loads one language's words (firmware/text_en.py, text_fr.py, text_de.py), so
the badge keeps only that language's strings in RAM, also after a switch; `t(key)` gives a text in it and
`reason(code, short)` the engine's refusal reasons. Keep each text free of glyphs the fonts
lack (tests check every font).
"""
from engine.rules import LEFT_OF_DEALER, SEVENS, ANY_RANK, PLAY_OR_PAY, RACE, CHIPS
from engine.cards import RANKS, SUIT_SYMBOLS
from engine.levels import LEVELS
from firmware import borrow

LANGS = ("English", "Français", "Deutsch")
lang = 0
words = None     # the current language's module, loaded on first use

# The d-pad's keys are shown as the arrows printed on them (profiles name them in words).
ARROWS = {"Up": "\u2191", "Down": "\u2193", "Left": "\u2190", "Right": "\u2192"}

# Unlabelled keys are named by where they are (or by the word on them, or their maker's name for
# them: the Explorer's BOOT, the Badger 2350's Home, the Thumby Color's Menu): profiles use these
# English names, and the rules modules' PLACES translate them in this order (the Buttons page's
# words).
PLACES = ("Middle", "Top left", "Top right", "Row 3 left", "Knob", "Boot", "Home", "Menu")
ok_key = "OK"       # the OK key as printed on the board, where it bears a letter ("A"): App sets it
ok_held = None      # where no key is OK at a tap, the letter whose hold is (the T-Display's R)


def set_lang(i):
    """Make language i (an index into LANGS) the one every text comes in. Its module is
    borrowed, so the language it replaces is freed (the badge holds one language's words)."""
    global lang, words
    words = None
    words = borrow("text_" + ("fr" if i == 1 else "de" if i == 2 else "en"))
    lang = i


def _words():
    if words is None:
        set_lang(lang)
    return words


def t(key):
    return _words().T[key]


def ok(key):
    """Text `key` with OK named as the board's key is printed: "A: continue", "B play", or
    held: "hold R: continue"."""
    return t(key).replace("OK", t("hold_ok") % ok_held if ok_held else ok_key)


def rank(r):
    """Rank index r as the language's cards print it (J Q K, V D R, B D K)."""
    return t("faces")[r - 10] if r > 9 else RANKS[r]


def card_name(c):
    """Card c in the language's letters, for example "D\u2665" in French."""
    return rank(c % 13) + SUIT_SYMBOLS[c // 13]


def seat(p, me):
    """A player's name on screen: You for the human, P1 … P7 for the bots."""
    return t("you") if p == me else "P" + str(p + 1)


def says(p, me, verb):
    """Player p does `verb` ("pass", "wins"), as a sentence in the current language: "You
    pass", "P3 passe", "Gagné !" (each language's "you_" form agrees)."""
    return t("you_" + verb) if p == me else seat(p, me) + " " + t(verb)


def match_winners(won, me):
    """Who won the match, as a sentence: you, a bot, or the seats that share the win."""
    if won == [me]:
        return t("match_won")
    names = ", ".join([seat(p, me) for p in won])
    return t("match_wins" if len(won) == 1 else "match_tie") % names


def counted(n, one, zero, many):
    """n and its noun, agreeing: the word keyed one after 1, many after more, and zero after 0,
    as each language says ("0 cards", "0 carte")."""
    return str(n) + " " + t(one if n == 1 else zero if n == 0 else many)


def cards(n):
    return counted(n, "card", "cards0", "cards")


def reason(code, short=False):
    return _words().REASONS[code][1 if short else 0]


def preset_title(key):
    return _words().PRESET_TITLES[key]


# The rule options (engine.rules fields, each also the word of its line) the new-game screen
# sets, and the rules page of a game in progress shows.
OPTIONS = ("players", "opening", "opener", "ace_high", "up_first", "coventry", "scoring", "target", "deals",
           "chips", "penalty", "strategic_pass", "gate_penalty", "winner_deals")


def option_text(key, r):
    """Rule set r's value of option `key` (one of OPTIONS), in words; "-" where it means nothing
    under r's other rules (such a line cannot be changed)."""
    v = getattr(r, key)
    if key == "opening":                    # by engine.rules opening, scoring, penalty
        return t(("sevens", "five_nine", "any_rank", "play_or_pay")[v])
    if key == "scoring":
        return t(("zero_sum", "race", "in_chips")[v])      # a race's end: the next line, "Ends at"
    if key == "penalty":
        return t(("cards", "values", "pips")[v])
    if (key == "ace_high" and r.opening == PLAY_OR_PAY          # its rows go round the corner
            or key == "up_first" and r.opening != SEVENS              # the 8 and the 6 of a 7
            or key == "opener" and r.opening not in (SEVENS, PLAY_OR_PAY)   # a free opening
            or key == "coventry" and r.opening != ANY_RANK
            or key == "target" and r.scoring != RACE
            or key == "deals" and r.scoring == RACE         # a race runs to its target
            or key == "winner_deals" and r.deals == 1       # no next deal
            or key == "chips" and r.scoring != CHIPS
            or key == "gate_penalty" and (not r.strategic_pass or r.opening == PLAY_OR_PAY)   # one end
            # a paid pass these chips and seats cannot have (engine.rules: a save's log bound)
            or key == "strategic_pass" and r.with_(strategic_pass=1, scoring=CHIPS).problem()):
        return "-"
    if key == "opener":
        return t("left_of_d") if v == LEFT_OF_DEALER else card_name(v)
    if key in ("ace_high", "up_first", "coventry", "strategic_pass", "winner_deals"):
        return t("on" if v else "off")
    return str(v) if v or key != "deals" else t("no_limit")


def deals_text(n):
    """n deals in words: "10 deals", "1 deal", "0 deals" (a race not yet past its first deal)."""
    return counted(n, "deal", "deals0", "deals_n")


def levels_text(seats, n, mixed=None):
    """The difficulty of seats 1 … n-1: one word when they agree, else `mixed`, or without
    it each seat's ("P2: Hard, P3: Easy", which wraps between seats)."""
    words = [t(LEVELS[seats[p]]) for p in range(1, n)]
    if words.count(words[0]) == len(words):
        return words[0]
    return mixed or ", ".join([seat(p, -1) + ": " + words[p - 1] for p in range(1, n)])


def rules_words(kind="rules"):
    """The words of the borrowed pages in the current language, borrowed so they are freed with
    the page that uses them: the rules pages' sentences and those of Rules & help's other pages
    and Statistics (firmware/rules_en.py, rules_fr.py, rules_de.py), or with kind "options",
    what New game's lines do (firmware/options_en.py, ...)."""
    return borrow(kind + "_" + ("en", "fr", "de")[lang])
