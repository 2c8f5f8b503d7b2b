"""Title, new game, settings, statistics, help; save/resume; e-ink refresh; heap."""
import re

import pytest

import hal

from simhelp import (Sim, play_out, quit_match, message, select_menu, passed_by, new_game, pick_preset, LAYOUT_BOARDS,
                     TableScreen, PageScreen, ListScreen, labels, page_text, start_in_words, set_line, line_value,
                     start_with, Borrowed)
from engine.game import PASS
from hal.buttons import OK, UP, DOWN, LEFT
from firmware.text import card_name
from engine.rules import PRESETS, CARDS, VALUES, PIPS, ZERO_SUM, RACE, CHIPS, SEVEN_OF_DIAMONDS, SEVEN_OF_HEARTS, preset
from engine import reasons as R, bots
from firmware import text, heap, ui, help_pages
from firmware.screens import later
from firmware.standings import standings_lines
from fakestore import newest


def test_title_lists_and_quit_ends_the_match():
    """The title never shows during a match (power-up goes to the table, Quit ends the match),
    so it has no Continue line."""
    sim = Sim()
    names = [sim.screen.item_text(i) for i in sim.screen.items]
    assert names == ["New game", "Settings", "Statistics", "Rules & help"]
    marked = []                              # UP from the first line: round to the last, then up
    for _ in range(2):
        sim.press("UP")
        marked += [lb.text for lb, x, y in labels(sim.screen) if lb.text.startswith("\u25b6")]
    assert marked == ["\u25b6Rules & help", "\u25b6Statistics"]
    new_game(sim, 0)
    sim.press("MENU")
    assert isinstance(sim.screen, ListScreen)
    select_menu(sim, "Quit")
    sim.press("OK")                          # it asks, "No" selected
    assert sim.screen.title == "Quit match?" and sim.app.match is not None
    sim.press("OK")
    select_menu(sim, "Quit")
    sim.press("OK")
    sim.press("DOWN")
    sim.press("OK")                          # "Yes, quit"
    assert sim.app.match is None
    new_game(sim, 1)
    sim.settle()
    for _ in range(5):
        sim.press("RIGHT")
    cursor = sim.screen.cursor
    sim.press("BACK")
    select_menu(sim, "Resume")
    sim.press("OK")
    assert isinstance(sim.screen, TableScreen)
    assert sim.screen.cursor == cursor            # where you left it


def test_only_the_marked_menu_line_is_in_the_accent_colour():
    """A colour screen draws the marked line in the accent colour and every other in the text
    colour: the line the cursor left goes back to the text colour."""
    sim = Sim("pimoroni_picosystem")
    scr = sim.screen
    th = sim.app.theme
    for _ in range(len(scr.items)):
        sim.press("DOWN")
        colours = [name.color for name, value in scr.rows]
        want = [th.colour(ui.ACCENT if scr.top + i == scr.sel else ui.TEXT) for i in range(len(scr.rows))]
        assert colours == want, scr.sel


def test_new_game_options_players_and_deal_number_typed_in():
    sim = Sim(seed=1)
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Rules")
    for _ in range(PRESETS.index("parliament")):
        sim.press("RIGHT")
    sim.press("DOWN")                       # players
    for _ in range(3):
        sim.press("RIGHT")
    assert sim.app.rules().players == 7
    select_menu(sim, "Ace high")
    sim.press("RIGHT")
    assert sim.app.rules().ace_high == 1
    select_menu(sim, "Deal #")
    sim.press("OK")                         # edit the digits: 00001 -> 01234
    sim.press("RIGHT")
    sim.press("UP")
    sim.press("RIGHT")
    sim.press("UP")
    sim.press("UP")
    sim.press("RIGHT")
    for _ in range(3):
        sim.press("UP")
    sim.press("RIGHT")
    for _ in range(3):
        sim.press("UP")
    sim.press("OK")
    assert sim.app.settings["deal"] == 1234
    select_menu(sim, "Start")
    sim.press("OK")
    g = sim.screen.g
    assert g.deal_number == 1234 and g.players == 7 and g.rules.ace_high == 1
    assert len(sim.screen.opp_labels) == 6


def test_an_opener_picked_under_one_rule_set_does_not_come_back_under_the_next():
    """Another rule set forgets the opener picked: its 7s opening, taken away and back, is
    opened as the rule set opens it (the Sevens pick came back in Fan Tan: hand mutation)."""
    sim = Sim(seed=1)
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Opens")
    sim.press("RIGHT")
    assert sim.app.rules().opener != preset("sevens").opener
    select_menu(sim, "Rules")
    sim.press("RIGHT")
    assert sim.app.settings["preset"] == PRESETS.index("fan_tan")
    select_menu(sim, "Opening")
    sim.press("RIGHT")
    sim.press("LEFT")
    r = sim.app.rules()
    assert (r.opening, r.opener) == (preset("fan_tan").opening, preset("fan_tan").opener), (r.opening, r.opener)


def test_a_deal_digit_skips_the_number_that_deals_nothing():
    """00000 is no deal: a digit that would make it goes on past its 0, so the T-Display,
    whose only way to change a digit is DOWN (L+R), can take 00001 to 00009 (it stayed at
    00001), and UP on the 9 of 90000 gives 10000, not 00001 (a digit away from the cursor); 00002 down is
    00001, which deals."""
    sim = Sim("lilygo_t_display_rp2040", seed=1)
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Deal #")
    sim.press("OK")
    sim.press("LEFT")                       # the last digit
    sim.press("DOWN")
    assert line_value(sim, "Deal #") == "0000[9]"
    sim.press("DOWN")
    assert sim.app.settings["deal"] == 8
    sim.app.settings["deal"] = 90000
    sim.press("RIGHT")                      # the first digit
    sim.press("UP")
    assert line_value(sim, "Deal #") == "[1]0000"
    sim.app.settings["deal"] = 2
    sim.press("LEFT")                       # the last digit again: 2 down is 1, a deal as any other
    sim.press("DOWN")
    assert line_value(sim, "Deal #") == "0000[1]"


def test_scoring_option_offers_only_matches_that_end():
    """Domino has no deal limit: zero-sum points, which only a number of deals ends, come
    with 4 (they were left out, so a zero-sum game for 5 to 7 players could not be chosen)."""
    sim = Sim(seed=1)
    pick_preset(sim, PRESETS.index("domino"))
    select_menu(sim, "Scoring")
    seen = set()
    for _ in range(4):
        sim.press("RIGHT")
        seen.add(sim.app.rules().scoring)
        if sim.app.rules().scoring == RACE:         # where it ends: the next line says
            assert sim.screen.items[sim.screen.sel][1]() == "low score"
            assert sim.screen.items[sim.screen.sel + 1][1]() == "100"
        else:
            assert sim.app.rules().deals == (4 if sim.app.rules().scoring == ZERO_SUM else 0)
    assert seen == {ZERO_SUM, RACE, CHIPS}


def test_new_game_sets_every_rule_option_the_rule_books_play():
    """Rule book 001's 7 of hearts opener and 5 chips to the 6/8 holders, the Coventry bonus
    outside its preset, the starting chips and the number of deals: each a New game line, and
    the match is played by them."""
    sim = Sim(seed=2)
    pick_preset(sim, PRESETS.index("sevens"))
    assert line_value(sim, "Opens") == "7\u2666"
    assert line_value(sim, "Opening") == "sevens"
    set_line(sim, "Opens", SEVEN_OF_HEARTS, "opener")
    assert line_value(sim, "Opens") == "7\u2665"
    assert line_value(sim, "Bonus card") == "-"            # only any-rank openings have it
    set_line(sim, "Deals", 1, "deals")
    assert line_value(sim, "Winner deals") == "-"          # one deal: no next deal to deal
    set_line(sim, "Deals", 10, "deals")
    assert line_value(sim, "Winner deals") == "off"
    select_menu(sim, "Start")
    sim.press("OK")
    m = sim.app.match
    assert m.rules.opener == SEVEN_OF_HEARTS and m.rules.deals == 10
    sim.settle()
    assert m.game.log[0] == SEVEN_OF_HEARTS                 # the first card laid

    sim = Sim(seed=2)
    pick_preset(sim, PRESETS.index("fan_tan"))
    assert line_value(sim, "To neighbours") == "3"
    set_line(sim, "To neighbours", 5, "gate_penalty")
    set_line(sim, "Chips", 30, "chips")
    set_line(sim, "Deals", 0, "deals")
    assert line_value(sim, "Deals") == "no limit"
    assert line_value(sim, "Winner deals") == "off"        # no limit: a next deal to deal
    select_menu(sim, "Start")
    sim.press("OK")
    r = sim.app.match.rules
    assert (r.gate_penalty, r.chips, r.deals) == (5, 30, 0)
    assert "until a player has no chips (30 chips each)" in help_pages.match_text(r)

    sim = Sim(seed=2)
    start_with(sim, "domino", "Bonus card", 1, "coventry")
    assert sim.app.match.rules.coventry == 1


def test_new_game_s_lines_step_through_their_values_in_order():
    """RIGHT steps a New game line to its next value in the order the rule books list them
    (Scoring: zero-sum, race, chips), and an off/on line turns on (Winner deals)."""
    sim = Sim(seed=2)
    pick_preset(sim, PRESETS.index("sevens"))
    assert set_line(sim, "Winner deals", 1, "winner_deals") == [0]
    assert line_value(sim, "Winner deals") == "on"
    assert set_line(sim, "Scoring", CHIPS, "scoring") == [ZERO_SUM, RACE]


def test_an_option_that_means_nothing_reads_dash_and_an_opening_brings_what_it_needs():
    """Coventry's bonus needs any-rank openings: choosing 5 or 9 there turns it off (and the
    player left of the dealer opens), and its line reads "-" and is passed by; back on any
    rank the preset's bonus returns. A race runs to its target, so its Deals line reads "-"."""
    sim = Sim(seed=2)
    pick_preset(sim, PRESETS.index("coventry"))
    assert line_value(sim, "Bonus card") == "on" and line_value(sim, "Opens") == "-"
    set_line(sim, "Opening", 1, "opening")                 # 5 or 9
    assert not sim.app.rules().coventry and line_value(sim, "Bonus card") == "-"
    assert passed_by(sim, "Bonus card") and not sim.app.rules().coventry
    set_line(sim, "Opening", 2, "opening")                 # any rank again
    assert sim.app.rules().coventry == 1
    set_line(sim, "Scoring", RACE, "scoring")
    assert line_value(sim, "Deals") == "-" and line_value(sim, "Chips") == "-"
    assert line_value(sim, "To neighbours") == "-"           # a paid pass is a chip-game rule
    set_line(sim, "Scoring", CHIPS, "scoring")
    assert sim.app.rules().deals == 10 and line_value(sim, "Chips") == "50"
    set_line(sim, "Deals", 20, "deals")
    set_line(sim, "Ace high", 1, "ace_high")               # another change keeps the deals
    assert sim.app.rules().deals == 20
    select_menu(sim, "Start")
    sim.press("OK")
    sim.press("MENU")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    lines = page_text(sim.screen)
    assert "Bonus card: on" in lines and "To neighbours: 3" in lines
    assert "Match: 20 deals, or until a player has no chips (50 chips each)" in " ".join(" ".join(lines).split())
    assert not [x for x in lines if x.startswith(("Deals:", "Chips:"))]     # the match line says so
    assert not [x for x in lines if x.endswith(": -")]       # only what this game plays by


def test_new_game_s_lines_read_each_value_in_words_or_a_dash_where_it_means_nothing():
    """Sevens is scored in points over 4 deals: its Ends at and Chips lines read "-" (only a race
    runs to a target, only a chip game has a stake), not "100" and "50"; Five or Nine's opening
    reads "5 or 9", not "any" (mutants of each passed: no test read them)."""
    sim = Sim(seed=2)
    pick_preset(sim, PRESETS.index("sevens"))
    assert [line_value(sim, x) for x in ("Scoring", "Deals", "Ends at", "Chips")] == ["points", "4", "-", "-"]
    sim.app.title()
    pick_preset(sim, PRESETS.index("five_or_nine"))
    assert line_value(sim, "Opening") == "5 or 9" and line_value(sim, "Deals") == "10"
    set_line(sim, "Scoring", RACE, "scoring")
    assert line_value(sim, "Deals") == "-" and line_value(sim, "Ends at") == "100"


def test_every_preset_can_start_and_shows_its_rules_page():
    sim = Sim()
    for k in PRESETS:
        help_pages.rules_page(sim.app, k, back=sim.app.title)
        assert isinstance(sim.screen, PageScreen)
        assert len(" ".join(page_text(sim.screen))) > 40


PLAY_OR_PAY_OPENING = preset("play_or_pay").opening


def rules_pages():
    """Each preset's page of Rules & help, as its lines, opened through the menu."""
    sim = Sim()
    select_menu(sim, "Rules & help")
    sim.press("OK")
    pages = {}
    for k in PRESETS:
        select_menu(sim, text.preset_title(k))
        sim.press("OK")
        pages[k] = page_text(sim.screen)
        sim.press("BACK")
    return pages


def test_a_rules_page_says_what_its_rule_set_does():
    """Rules & help writes each page from the rule set: who opens, what a pass costs, how a
    deal is scored and how long the match runs (rule books 000-003)."""
    pages = {k: " ".join(lines) for k, lines in rules_pages().items()}
    assert "The 7\u2666 opens." in pages["sevens"] and "pay the winner 1 point per card" in pages["sevens"]
    assert "Match: 4 deals" in pages["sevens"]
    assert "fixes the rank that starts every suit" in pages["coventry"]
    assert "fourth starter" in pages["coventry"] and "fourth" not in pages["domino"]
    for k in ("fan_tan", "five_or_nine", "coventry", "play_or_pay"):
        assert "pass and pay a chip to the pot" in pages[k] and "takes the pot" in pages[k], k
        assert "pay the winner 1 chip per card left" in pages[k] or "values" in pages[k], k  # chips, to whom
    assert "each holder" in pages["fan_tan"] and "each holder" not in pages["play_or_pay"]
    assert "with chips for the most it can cost" in pages["fan_tan"]   # else it is refused
    fixed = "once the starting rank is fixed"      # no gates before (engine.game.pass_cost)
    assert fixed in pages["five_or_nine"] and fixed in pages["coventry"] and fixed not in pages["fan_tan"]
    assert "Lowest total wins" in pages["parliament"] and "chip" not in pages["parliament"]
    # the match's own rules (found by QA: only the README said them)
    for k in PRESETS:
        assert "The dealer moves one seat left each deal; leaders tied at the end share the win." in pages[k]
        assert ("first Jack" in pages[k]) == (preset(k).ceremony == 1) == (preset(k).scoring == CHIPS), k
    assert "pay the winner 1 chip per card left, or what they have." in pages["fan_tan"]
    # "8 before 6" only where it is on, and only where rows start at a 7
    up = text.rules_words().WORDS["up_first"]
    for k in PRESETS:
        assert not preset(k).up_first and up not in pages[k], k
    assert up in help_pages.rules(preset("fan_tan").with_(up_first=1))
    assert up not in help_pages.rules(preset("five_or_nine").with_(up_first=1))
    # how many may sit down: one number where the rule set fixes it, else the range
    assert pages["sevens"].startswith("4 players. ") and pages["parliament"].startswith("3-7 players. ")
    assert help_pages.rules(preset("fan_tan").with_(max_players=4))[0] == "3-4 players."
    # Play or Pay's rows go round the corner: no ace is high or low there
    for k in PRESETS:
        said = ("Ace is high (above the K)." in pages[k]) + ("Ace is low (below the 2)." in pages[k])
        assert said == (preset(k).opening != PLAY_OR_PAY_OPENING), k


def paused_rules_page(sim):
    """Start the match set up on New game, pause it and open this game's rules: its text."""
    select_menu(sim, "Start")
    sim.press("OK")
    sim.press("MENU")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    return " ".join(page_text(sim.screen))


def test_the_paused_rules_page_follows_the_options_chosen():
    """A Fan Tan match without paid passes does not tell the player they may pass."""
    for paid in (0, 1):
        sim = Sim(seed=4)
        pick_preset(sim, PRESETS.index("fan_tan"))
        select_menu(sim, "Paid pass")
        if sim.app.rules().strategic_pass != paid:
            sim.press("RIGHT")
        assert sim.app.rules().strategic_pass == paid
        page = paused_rules_page(sim)
        assert ("pass when able" in page) == bool(paid) and ("Paid pass: " + ("off", "on")[paid]) in page


def test_the_paused_rules_page_of_a_one_deal_match_names_no_next_dealer():
    """Winner deals set on, then Deals set to 1 (the Winner deals line then reads "-": no next
    deal): the match's rules page does not say the winner deals the next deal."""
    sim = Sim(seed=4)
    pick_preset(sim, PRESETS.index("sevens"))
    set_line(sim, "Winner deals", 1, "winner_deals")
    set_line(sim, "Deals", 1, "deals")
    assert sim.app.rules().winner_deals and line_value(sim, "Winner deals") == "-"
    page = paused_rules_page(sim)
    assert "winner deals the next" not in page and "share the win" in page, page


def test_settings_language_switches_every_screen():
    sim = Sim()
    try:
        select_menu(sim, "Settings")
        sim.press("OK")
        select_menu(sim, "Language")
        sim.press("RIGHT")
        assert text.lang == 1
        assert sim.screen.title == "Réglages"
        sim.press("RIGHT")
        assert sim.screen.title == "Einstellungen"
        sim.press("BACK")
        assert sim.screen.item_text(sim.screen.items[0]) == "Neue Partie"
    finally:
        text.set_lang(0)


def test_settings_sound_speed_brightness():
    sim = Sim("pimoroni_picosystem")
    select_menu(sim, "Settings")
    sim.press("OK")
    select_menu(sim, "Sound")
    sim.press("RIGHT")                      # sound off
    assert sim.app.settings["sound"] == 0
    select_menu(sim, "Speed")
    sim.press("RIGHT")
    assert sim.app.settings["speed"] == 2
    select_menu(sim, "Light")
    assert line_value(sim, "Light") == "100%"
    sim.press("LEFT")
    assert sim.hal.brightness == pytest.approx(0.8) and line_value(sim, "Light") == "80%"
    sim.press("RIGHT")
    sim.press("RIGHT")                      # 100% goes round to the dimmest, 20%, not to 40%
    assert sim.hal.brightness == pytest.approx(0.2) and line_value(sim, "Light") == "20%"
    # no brightness line where the board has no backlight, no sound where it has no speaker
    sim2 = Sim("ugame22")
    sim2.app.settings_screen()
    names = [sim2.screen.item_text(i) for i in sim2.screen.items]
    assert not [x for x in names if x.startswith(("Light", "Sound"))], names


def test_statistics_count_deals_under_each_rule_set_and_level():
    """A deal counts once, and the page shows each rule set played with its levels under it."""
    sim = Sim(seed=30)
    sim.app.stats.add_deal("sevens", 2, True, 0)
    new_game(sim, PRESETS.index("parliament"))
    t = sim.screen
    g = t.g
    play_out(g)
    sim.settle()
    sim.press("OK")
    assert sim.app.stats.deals == 2
    sim.app.stats_screen()
    page = page_text(sim.screen)
    assert page[0].startswith("Deals: 2 ")
    won = str(int(g.winner == t.me))
    at = page.index("Deals won/played")
    assert page[at + 1:at + 5] == ["Sevens", "  Hard: 1/1", "Parliament", "  Easy: " + won + "/1"], page


def test_the_statistics_page_reads_matches_won_and_each_rule_set_once():
    """Matches played and won side by side ("Matches: 2 \u00b7 Won: 1"), after the deals' lines:
    the runs of wins and the average penalty, which count deals, follow the deals' line (under
    the matches' they read as runs of matches won: QA). A rule set played at two levels is
    titled once, its levels under it."""
    sim = Sim(seed=30)
    st = sim.app.stats
    for level, won in ((2, True), (0, True), (2, False)):     # a run of 2, then none
        st.add_deal("sevens", level, won, 0 if won else 4)
    st.add_match(True)
    st.add_match(False)
    sim.app.title()
    select_menu(sim, "Statistics")
    sim.press("OK")
    page = page_text(sim.screen)
    assert page[:5] == ["Deals: 3 \u00b7 Won: 2", "Wins in a row: 0", "Best run: 2", "Avg penalty: 1.3 cards",
                        "Matches: 2 \u00b7 Won: 1"], page
    at = page.index("Deals won/played")
    assert page[at + 1:at + 4] == ["Sevens", "  Easy: 1/1", "  Hard: 1/2"], page
    assert page.count("Sevens") == 1
    colours = [c for _, c in sim.screen.lines]          # the wins' heading stands out, alone
    assert colours[at] == ui.ACCENT and colours[:at] + colours[at + 1:at + 4] == [ui.TEXT] * (at + 3)
    assert colours[-1] == ui.MUTED                      # and what OK does is muted, as on the other pages


def test_no_average_penalty_is_made_up_before_a_deal_is_played():
    """Player review: a fresh badge's Statistics read "Avg penalty: 0.0 cards", a perfect
    average of no deals at all. Before the first deal it reads "-", as a New game line that
    means nothing does; the first deal brings the number (after a reset, "-" again)."""
    sim = Sim(seed=30)
    sim.settle()
    select_menu(sim, "Statistics")
    sim.press("OK")
    assert "Avg penalty: -" in page_text(sim.screen), page_text(sim.screen)
    sim.press("BACK")
    sim.app.stats.add_deal("sevens", 0, True, 0)
    select_menu(sim, "Statistics")
    sim.press("OK")
    assert "Avg penalty: 0.0 cards" in page_text(sim.screen)      # a won deal: no card left


def test_the_statistics_reset_is_saved_at_once_and_back_returns_to_their_title_line(tmp_path):
    """Statistics: OK, then "Yes, reset" empties them and saves that at once (the badge off and
    on still reads none), the page comes back empty; BACK goes to the title on Statistics."""
    sim = Sim(seed=30, data_dir=str(tmp_path))
    sim.app.stats.add_deal("sevens", 2, True, 0)
    sim.app.save_prefs()
    select_menu(sim, "Statistics")
    sim.press("OK")
    sim.press("OK")                                   # reset? No is selected
    sim.press("DOWN")
    sim.press("OK")
    assert sim.app.stats.deals == 0 and page_text(sim.screen)[0].startswith("Deals: 0 ")
    assert Sim(data_dir=str(tmp_path)).app.stats.deals == 0      # the badge off and on
    sim.press("BACK")
    assert sim.screen.item_text(sim.screen.items[sim.screen.sel]) == "Statistics"


@pytest.mark.parametrize("avg, words", ((13, ("1.3 cards", "1,3 carte", "1,3 Karten")),
                                        (19, ("1.9 cards", "1,9 carte", "1,9 Karten")),
                                        (20, ("2.0 cards", "2,0 cartes", "2,0 Karten"))))
def test_the_average_penalty_takes_each_language_s_plural(avg, words):
    """Player review: French read "Pénalité moy. : 1,0 cartes"; French takes the singular below 2
    (as "0 carte"), up to 1,9, English and German the plural."""
    from firmware import stats_page
    from engine.stats import Stats
    st = Stats()
    for deal in range(10):          # avg cards left over 10 deals: avg tenths a deal
        st.add_deal("sevens", 0, False, avg if deal == 0 else 0)
    try:
        for lang in range(3):
            text.set_lang(lang)
            line = stats_page.lines(st)[3][0]
            assert line.endswith(": " + words[lang]), line
    finally:
        text.set_lang(0)


def test_a_page_scrolls_to_its_last_line_and_no_further():
    """MacroPad: DOWN (or RIGHT) scrolls a long rules page until its last line shows at the
    bottom, and more presses leave it there (no blank row below, and the mark says lines lie
    above)."""
    sim = Sim("adafruit_macropad_rp2040")
    sim.app.title()
    select_menu(sim, "Rules & help")
    sim.press("OK")
    sim.press("OK")                                 # the first rule set's page
    page = sim.screen
    assert isinstance(page, PageScreen) and len(page.lines) > page.visible
    sim.press("RIGHT")
    assert page.top == 1
    for _ in range(len(page.lines) + 3):
        sim.press("DOWN")
    assert sim.screen is page and page.top == len(page.lines) - page.visible      # still on it
    assert page.slots[-1].text == page.lines[-1][0] and page.more.text == "\u25b2"


def test_up_scrolls_a_page_back_a_line_at_a_time_to_its_first():
    """MacroPad: after DOWN, UP (and LEFT) scroll a rules page back one line per press until
    its first line shows at the top again, and no further (the mark then says lines lie below)."""
    sim = Sim("adafruit_macropad_rp2040")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    sim.press("OK")
    page = sim.screen
    assert isinstance(page, PageScreen) and len(page.lines) > page.visible + 2
    for _ in range(3):
        sim.press("DOWN")
    tops = []
    for key in ("UP", "LEFT", "UP", "UP"):
        sim.press(key)
        tops.append(page.top)
    assert tops == [2, 1, 0, 0] and sim.screen is page
    assert page.slots[0].text == page.lines[0][0] and page.more.text == "\u25bc"


def test_back_on_a_long_menu_shows_two_lines_above_the_one_it_came_from():
    """MacroPad: back from About, the last line of Rules & help, the menu scrolls so that the
    line is marked with two lines of context above it."""
    sim = Sim("adafruit_macropad_rp2040")
    sim.app.title()
    select_menu(sim, "Rules & help")
    sim.press("OK")
    select_menu(sim, "About")
    at = sim.screen.sel
    sim.press("OK")
    sim.press("OK")
    menu = sim.screen
    assert isinstance(menu, ListScreen) and menu.sel == at and len(menu.items) > menu.visible
    assert menu.top == min(at - 2, len(menu.items) - menu.visible)
    select_menu(sim, text.preset_title(PRESETS[3]))
    sim.press("OK")
    sim.press("OK")
    assert sim.screen.sel == 3 and sim.screen.top == 1


def test_a_deal_against_mixed_bots_counts_under_the_hardest():
    """P2 Easy and P3 Hard (New game's seat lines): the deal counts under Hard, the strongest
    opponent at the table, on the statistics page."""
    from engine.stats import Stats
    sim = Sim(seed=30)
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "P3")
    sim.press("RIGHT")
    sim.press("RIGHT")
    assert [line_value(sim, "P2"), line_value(sim, "P3"), line_value(sim, "P4")] == ["Easy", "Hard", "Easy"]
    select_menu(sim, "Start")
    sim.press("OK")
    g = sim.screen.g
    play_out(g)
    sim.settle()
    st = sim.app.stats
    assert st.deals == 1 and st.played[Stats.slot("sevens", 2)] == 1, list(st.played)


def test_the_average_penalty_is_in_cards_left_whatever_the_game_scores():
    """A deal scored in card values (a New game option) adds the cards the player had left to
    the statistics, not their values: an average over Sevens, Fan Tan's chips and a values game
    would mix units. The page says "cards"."""
    sim = Sim(seed=31)
    start_with(sim, "parliament", "Penalty", VALUES, "penalty")
    g = sim.screen.g
    while not g.over:
        g.play(g.legal_moves()[-1], g.turn)
    sim.settle()
    me = sim.app.human
    assert g.winner != me and g.penalties()[me] > g.counts[me] > 0
    st = sim.app.stats
    assert st.deals == 1 and st.penalty == g.counts[me]
    sim.app.stats_screen()
    avg = st.average_penalty()
    assert "Avg penalty: %d.%d cards" % (avg // 10, avg % 10) in page_text(sim.screen)
    st.deals, st.penalty = 4, 57                # 14.25 cards a deal: tenths, rounded
    sim.app.stats_screen()
    assert "Avg penalty: 14.3 cards" in page_text(sim.screen)
    assert page_text(sim.screen)[-1] == text.ok("ok_reset")      # what OK does here, last


@pytest.mark.parametrize("lang", range(3))
def test_a_wrapped_line_keeps_each_label_with_its_value(lang):
    """On 128x64 the statistics wrap, between "label: value" pairs and never inside one (but
    for the average penalty's label, above its "3,5 Karten"), and the "·" between two pairs
    goes where the line breaks."""
    sim = Sim("adafruit_macropad_rp2040", seed=30)
    st = sim.app.stats
    st.deals, st.matches, st.match_wins, st.streak, st.best, st.penalty = 1234, 56, 7, 3, 12, 4321
    st.played[0], st.wins[0] = 1234, 567
    text.set_lang(lang)
    try:
        sim.app.stats_screen()
        lines = page_text(sim.screen)
        cards = text.t("cards")
    finally:
        text.set_lang(0)
    assert lang == 0 or len(lines) > len(sim.screen.src)  # French and German wrap
    avg = st.average_penalty()                           # a decimal comma in French and German
    said = "%d%s%d %s" % (avg // 10, ",." [lang == 0], avg % 10, cards)
    # the average with its unit: after its label, or under it where the two do not fit
    # ("Strafe im Schnitt:" / "3,5 Karten"); any other label stays with its number
    joined = " ".join(lines)
    assert ": " + said in joined, lines
    for i, line in enumerate(lines):
        assert not line.endswith(":") or lines[i + 1:i + 2] == [said], lines
        assert not re.match(r"^[\d.]+$", line), lines
        assert "\u00b7" not in (line[:1], line[-1:]), lines     # a break drops the separator
        assert ui.text_width(line, sim.app.layout.font) <= sim.app.layout.w - 10, line


@pytest.mark.parametrize("to", ["pause", "results"])
def test_a_screen_left_lets_go_of_its_text_before_the_next_is_built(monkeypatch, to):
    """A screen change (App.goto) frees the old screen's text before it builds the new one:
    the old screen cannot be collected yet, as its own code called goto (the table's on_button
    pauses, its tick ends the deal) and still runs, so its labels are emptied. At 320x240 the
    table's labels' bitmaps hold 4.6 KB of its 10, which the heap held twice as pages were built."""
    import gc
    import weakref
    from firmware import screens
    sim = Sim("pajenicko_picopad", seed=3)
    new_game(sim, PRESETS.index("fan_tan"))
    sim.settle()
    old = weakref.ref(sim.screen)
    held = [weakref.ref(lb.bitmap) for lb, x, y in labels(sim.screen) if lb.bitmap is not None]
    seen = []
    kind = screens.ListScreen if to == "pause" else screens.PageScreen
    build = kind.build

    def spy(self):
        gc.collect()
        seen.append((old() is not None, len(held), sum(b() is not None for b in held)))
        build(self)
    monkeypatch.setattr(kind, "build", spy)
    if to == "pause":
        sim.press("MENU")
    else:
        play_out(sim.screen.g)
        sim.settle()
    assert seen[:1] == [(True, len(held), 0)] and len(held) > 5, seen
    assert sim.screen.title == text.t("paused" if to == "pause" else "results")


def test_borrowed_screens_are_freed_once_left(monkeypatch):
    """New game, the results and standings, the replay, Settings, Rules & help and Statistics
    are borrowed (firmware.borrow), as is power-up's reading of the records: each works through
    the keys (a match started, a deal's end to the next deal, the deal replayed, the language
    changed and changed back, statistics reset after the question), and once left its module is
    neither loaded nor alive: at the table none of their code is, and back at the title none of
    it is, so the badge holds their code only while one is in front (power-up's, while it runs)."""
    names = ("help_pages", "new_game", "power_up", "replay", "settings_page", "standings", "stats_page")
    alive = Borrowed(monkeypatch, names).alive
    sim = Sim("pimoroni_picosystem", seed=3)
    assert sim.screen.title.startswith(text.t("title")) and not alive("power_up")
    sim.app.stats.add_deal("sevens", 2, True, 0)
    select_menu(sim, "Settings")
    sim.press("OK")
    assert sim.screen.title == text.t("settings") and alive("settings_page")
    for key in ("RIGHT", "LEFT"):               # French and back: the page is built anew each time
        sim.press(key)
        assert sim.screen.title == text.t("settings") and alive("settings_page")
    assert text.t("settings") == "Settings"
    sim.press("BACK")
    assert not alive("settings_page")
    select_menu(sim, "New game")
    sim.press("OK")
    assert sim.screen.title == text.t("new_game") and alive("new_game")    # (the check sees it)
    sim.press("BACK")
    new_game(sim, PRESETS.index("fan_tan"))         # a match of more than one deal
    assert not alive("new_game")
    play_out(sim.screen.g)
    sim.settle()
    assert sim.screen.title == text.t("results") and alive("standings")
    sim.press("OK")
    assert sim.screen.title == text.t("standings")
    sim.press("OK")
    assert isinstance(sim.screen, TableScreen) and not alive("standings")
    sim.press("MENU")
    select_menu(sim, "Standings")
    sim.press("OK")
    assert sim.screen.title == text.t("standings")     # (a page whose keys call none of its code)
    sim.press("OK")
    assert sim.screen.title == text.t("paused") and not alive("standings")
    select_menu(sim, "Replay")
    sim.press("OK")
    assert sim.screen.log and alive("replay")
    for _ in range(3):
        sim.press("RIGHT")
    assert sim.screen.pos == 3
    sim.press("BACK")
    assert sim.screen.title == text.t("paused") and not alive("replay")
    select_menu(sim, "Settings")
    sim.press("OK")
    assert sim.screen.title == text.t("settings") and alive("settings_page")
    sim.press("BACK")
    assert sim.screen.title == text.t("paused") and not alive("settings_page")
    sim.press("BACK")
    assert isinstance(sim.screen, TableScreen) and not [n for n in names if alive(n)]
    sim.press("MENU")
    select_menu(sim, "Rules & help")        # the rules of this match, from the pause menu
    sim.press("OK")
    assert sim.screen.title == text.preset_title("fan_tan") and "This game" in page_text(sim.screen)
    sim.press("OK")
    assert sim.screen.title == text.t("paused") and not alive("help_pages")
    quit_match(sim)
    select_menu(sim, "Rules & help")
    sim.press("OK")
    for line in [text.preset_title(k) for k in PRESETS] + ["The table", "Buttons", "About"]:
        select_menu(sim, line)
        sim.press("OK")
        assert isinstance(sim.screen, PageScreen) and len(page_text(sim.screen)) > 2, line
        sim.press("OK")
    sim.press("BACK")
    select_menu(sim, "Statistics")
    sim.press("OK")
    assert "Deals: 2 \u00b7 Won: " in " ".join(page_text(sim.screen))     # (the one played too)
    sim.press("OK")
    select_menu(sim, "Yes, reset")
    sim.press("OK")
    assert sim.app.stats.deals == 0 and sim.screen.title == text.t("stats")
    sim.press("BACK")
    assert sim.screen.title.startswith("Fan Tan")
    for name in names:
        assert not alive(name), name


def test_the_results_code_is_not_held_under_the_pause_menu_between_deals(monkeypatch):
    """Between deals BACK on the results pauses, and the pause menu's Resume comes back to
    them: it held the results' own function, so the standings module (borrowed: held only while
    its pages are in front) stayed alive under the pause menu and beside Rules & help's page and
    its words (a peak the badge had not met). Resume rebuilds the page through the app, which
    borrows the module again."""
    names = ("help_pages", "standings")
    alive = Borrowed(monkeypatch, names).alive
    sim = Sim("pimoroni_picosystem", seed=3)
    new_game(sim, PRESETS.index("fan_tan"))
    play_out(sim.screen.g)
    sim.settle()
    results = page_text(sim.screen)
    assert sim.screen.title == text.t("results") and alive("standings")
    sim.press("BACK")
    assert sim.screen.title == text.t("paused") and not alive("standings")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    assert "This game" in page_text(sim.screen) and not alive("standings")
    sim.press("OK")
    assert sim.screen.title == text.t("paused") and not [n for n in names if alive(n)]
    sim.press("BACK")                                   # Resume: the results again
    assert page_text(sim.screen) == results and alive("standings")
    sim.press("OK")
    sim.press("MENU")                                   # from the standings too
    assert sim.screen.title == text.t("paused") and not alive("standings")
    sim.press("BACK")
    assert sim.screen.title == text.t("standings") and alive("standings")


@pytest.mark.parametrize("lang", range(3))
def test_rules_and_help_explain_the_table_and_come_back_to_their_line(lang):
    """Rules & help > The table says what the marks mean in the player's language (the dealer's
    mark as the table shows it); OK on a page returns to that page's line of the menu."""
    sim = Sim("pimoroni_picosystem", seed=3)
    text.set_lang(lang)
    try:
        sim.app.title()
        select_menu(sim, text.t("help"))
        sim.press("OK")
        pages = []
        for line in (text.t("table"), text.t("keys"), text.t("about"), text.t("options")):
            select_menu(sim, line)
            at = sim.screen.sel
            sim.press("OK")
            pages.append(" ".join(page_text(sim.screen)))
            sim.press("OK")
            assert sim.screen.title == text.t("help") and sim.screen.sel == at, line
        assert [i[0] for i in sim.screen.items[len(PRESETS):]] == ["options", "table", "keys", "about"]
        assert pages[0] == " ".join(text.rules_words().TABLE)
        # New game's options, each line by its name and what it does, in New game's order
        sim.app.title()
        select_menu(sim, text.t("new_game"))
        sim.press("OK")
        names = [sim.screen.item_text(i).strip() for i in sim.screen.items[1:] if not i[0].startswith("P")]
        said = text.rules_words("options").NEW_GAME
        want = " ".join(n + " " + said[k] for n, k in zip(names, said))
        assert pages[3].split() == want.split() and len(names) == len(said), (pages[3], want)
        assert " %s " % text.t("dealer") in pages[0] and "\u25b6" in pages[0] and "2!" in pages[0]
        # Deal # says how to type it, by the keys' actions as the Buttons page names them
        # (QA found no word of it: the T-Display's L+R changes a digit)
        deal_no = said["deal_no"]
        for b in (UP, LEFT):            # "previous suit/line" -> "suit/line"
            keys = [w for w in text.rules_words().BUTTONS[b].split() if "/" in w][0]
            assert keys in deal_no and keys in pages[1], (keys, deal_no)
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("lang", range(3))
def test_keys_page_names_every_key_as_printed_and_says_what_it_does(lang):
    """Rules & help > Buttons, through the menus, on every board: one line per key, by the
    letter or arrow printed on it or its place, with its action (and long press) in the player's
    language. Where a key's line is too wide, what holding it does goes on a line of its own
    ("Top right: hint," / "hold: pause/back"), not the key's name alone above both, and no
    line starts or ends with the "/" between two actions ("Farbe/Zeile"). Where the pages say
    "OK" and no key reads OK, the key that is OK says so: "Middle (OK): play/choose" (a
    play-test found no key called OK on the MacroPad, whose pages say "OK: continue"); on the
    T-Display, whose pages say "hold R", no key says "(OK)"."""
    from firmware.screens import page_width
    try:
        for board in hal.BOARDS:
            sim = Sim(board)
            text.set_lang(lang)
            sim.app.settings["lang"] = lang
            sim.app.title()
            select_menu(sim, text.t("help"))
            sim.press("OK")
            select_menu(sim, text.t("keys"))
            sim.press("OK")
            assert sim.screen.title == text.t("keys")
            lines = page_text(sim.screen)          # as wrapped on this screen
            shown = " ".join(" ".join(lines).split())
            assert not [x for x in lines if x.endswith("/") or x.lstrip().startswith("/")], lines
            p = sim.hal.profile
            assert lines[0] == p.NAME
            ok = " (OK)" if board == "adafruit_macropad_rp2040" or board.startswith("heiafr_picomo") else ""
            assert (ok != "") == (text.ok("ok_continue") == text.t("ok_continue")), board

            def does(b):
                return (ok if b == OK else "") + ": " + words.BUTTONS[b]
            words = text.rules_words()
            for (pin, short, held), name in zip(p.KEYS, p.LABELS):
                want = help_pages.key_label(name, words) + does(short)
                if held is not None:
                    want += ", " + words.WORDS["hold"] + does(held)
                assert want in shown, (board, want, lines)
                tap = help_pages.key_label(name, words) + does(short) + ("," if held is not None else "")
                if ui.text_width(tap, sim.app.layout.font) <= page_width(sim.app.layout):
                    assert any(x.startswith(tap) for x in lines), (board, tap, lines)
                assert pin == name or pin + ":" not in shown       # no pin names for players
            assert (text.rules_words().WORDS["knob"] in shown) == bool(p.ENCODER)
            # no key bears its arrow round the MacroPad's and the Picomo's middle key (a beginner
            # could not find the MacroPad's UP): a line says where they are, before the keys
            around = "\u2191\u2193\u2190\u2192: " + text.rules_words().WORDS["around"]
            blank = board == "adafruit_macropad_rp2040" or board.startswith("heiafr_picomo")
            assert shown.startswith(p.NAME + " " + around) if blank else around not in shown, (board, lines)
            words = text.rules_words().WORDS
            assert shown.endswith(words["hurry"] + " " + words["auto"])
    finally:
        text.set_lang(0)


def test_game_record_restores_the_same_screen(tmp_path):
    """A match rebuilt from its compact record (engine.save through the autosave) looks the same."""
    sim = Sim(seed=77)
    new_game(sim, PRESETS.index("fan_tan"))
    t = sim.screen
    for _ in range(3):
        for i in range(len(t.items)):
            if t.items[i] < 52 and t.g.check(t.items[i], 0) == R.OK:
                while t.cursor != i:
                    sim.press("RIGHT")
                break
        sim.press("OK")
    payload = newest(sim.app.saves.game)[0]
    assert len(payload) <= 256 + 10
    sim.app.resume_table()
    sim.settle()
    a = tmp_path / "a.png"
    sim.shot(str(a))
    sim2 = Sim(seed=77)
    sim2.app.saves = sim.app.saves
    sim2.app.power_up()
    sim2.app.resume_table()
    sim2.settle()
    b = tmp_path / "b.png"
    sim2.shot(str(b))
    assert a.read_bytes() == b.read_bytes()


def test_eink_refreshes_only_when_settled():
    sim = Sim("pimoroni_badger2040", seed=5)
    app = sim.app
    refreshes = []
    sim.hal.refresh = lambda: refreshes.append(sim.hal.clock) or True
    new_game(sim, PRESETS.index("parliament"))
    # the bots' run and the deal animation happen without a panel refresh
    for _ in range(200):
        sim.tick()
        app.render(sim.hal.clock)
        if not app.busy():
            break
    assert not app.busy()
    during = len(refreshes)
    assert during <= 1
    sim.press("RIGHT", settle=False)
    sim.press("RIGHT", settle=False)
    app.render(sim.hal.clock)                   # too soon after a press
    assert len(refreshes) == during
    sim.tick(500)
    app.render(sim.hal.clock)
    assert len(refreshes) == during + 1        # one refresh once the screen settled


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_heap_estimate_within_budget(board):
    sim = Sim(board, seed=3)
    sim.app.settings["preset"] = PRESETS.index("parliament")
    sim.app.settings["players"] = 7
    sim.app.start_match()
    sim.settle()
    est = heap.estimate(sim.app)       # the code takes ~109 KB of the 126-171 KB free (README)
    assert est < 43 * 1024, est
    if board == "pimoroni_picosystem":
        assert est < 35 * 1024


def test_a_new_sim_is_a_badge_that_just_started_without_an_earlier_board_s_fonts():
    """heap.estimate counts the fonts loaded: a Sim holds only its own board's, not those an
    earlier Sim (test) loaded on another board."""
    Sim("lilygo_t_display_rp2040").settle()
    assert "6x10" in ui._fonts
    sim = Sim("pimoroni_picosystem")
    sim.settle()
    assert sorted(ui._fonts) == ["7x13"]


def test_the_bots_of_a_level_think_with_one_engine_bot_and_so_does_the_hint(tmp_path):
    """A Parliament of seven with Hard and Medium seats, started through the keys: the seats
    of each level share one engine Bot (six Hard seats held six searches' buffers and scratch
    games, 31.0 KB on MicroPython, one 7.5 KB), after a power cut too, and HINT thinks with the
    Hard seats' Bot on your turn (what HINT starts), then the bots play on."""
    sim = Sim(seed=2, data_dir=str(tmp_path))
    pick_preset(sim, PRESETS.index("parliament"))
    sim.press("DOWN")
    while sim.app.rules().players != 7:
        sim.press("RIGHT")
    select_menu(sim, "Bots")
    while list(sim.app.seat_levels[1:7]) != [2] * 6:
        sim.press("RIGHT")
    select_menu(sim, "P3")
    sim.press("LEFT")                       # P3 Medium
    select_menu(sim, "Start")
    sim.press("OK")

    def shared(app):
        hard = set(id(b.bot) for b in app.bots[1:] if b.bot.level == 2)
        return (len(app.bots) == 7 and app.bots[0] is None and len(hard) == 1
                and app.bots[2].bot.level == 1), hard
    assert shared(sim.app)[0]
    sim.settle()
    t = sim.screen
    assert t.my_turn()
    sim.app.screen.start_hint()
    assert id(t.hinting.bot) in shared(sim.app)[1]
    sim.settle()
    assert t.hint_card in t.items
    moves = len(t.g.log)
    sim.press("OK")
    sim.settle()
    assert len(t.g.log) > moves + 1         # yours, then the bots'
    again = Sim(data_dir=str(tmp_path))
    assert isinstance(again.screen, TableScreen) and shared(again.app)[0]


def test_difficulty_per_seat():
    sim = Sim(seed=2)
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Bots")
    sim.press("RIGHT")                      # all Medium
    assert list(sim.app.seat_levels[1:4]) == [1, 1, 1]
    assert line_value(sim, "Bots") == "Medium"  # one word while they agree
    select_menu(sim, "P3")
    sim.press("RIGHT")                      # P3 Hard
    assert line_value(sim, "Bots") == "mixed"
    assert passed_by(sim, "P7")             # beyond 4 players: "-", nothing to change
    assert line_value(sim, "P7") == "-" and sim.app.seat_levels[6] == 1
    select_menu(sim, "Start")
    sim.press("OK")
    assert [b.bot.level for b in sim.app.bots[1:]] == [1, 2, 1]
    sim.press("MENU")
    select_menu(sim, "Rules")               # the game's rules page names each seat's level
    sim.press("OK")
    assert "Bots: P2: Medium, P3: Hard, P4: Medium" in " ".join(page_text(sim.screen))


def test_bots_line_steps_from_the_level_it_shows():
    """Every seat set to Hard on its own line: Bots reads "Hard", and LEFT there is Medium,
    RIGHT Easy (not a step from the level Bots last had itself, which left "Hard" on LEFT)."""
    sim = Sim(seed=2)
    select_menu(sim, "New game")
    sim.press("OK")
    for seat in ("P2", "P3", "P4"):
        select_menu(sim, seat)
        sim.press("LEFT")                   # Easy -> Hard
    assert line_value(sim, "Bots") == "Hard"
    select_menu(sim, "Bots")
    sim.press("LEFT")
    assert line_value(sim, "Bots") == "Medium"
    sim.press("RIGHT")
    sim.press("RIGHT")
    assert line_value(sim, "Bots") == "Easy"


@pytest.mark.parametrize("board", ["pimoroni_picosystem", "adafruit_macropad_rp2040"])
def test_battery_shown_on_title_where_known(board):
    """The charge sits in the bottom right corner, whole: its glyphs' last row on the screen."""
    sim = Sim(board)
    sim.hal.battery = lambda: 73
    sim.app.title()
    shown = [(lb, x, y) for lb, x, y in labels(sim.screen) if lb.text == "73%"]
    assert len(shown) == 1
    lb, x, y = shown[0]
    bx, by, bw, bh = lb.bounding_box
    bottom = y + by + lb.font.descent + bh          # where bitmap_label draws the glyph cells
    assert sim.hal.profile.HEIGHT - 3 <= bottom <= sim.hal.profile.HEIGHT, (board, bottom)
    assert x + bx + bw <= sim.hal.profile.WIDTH


def test_led_is_lit_exactly_while_you_decide():
    sim = Sim("pimoroni_picosystem", seed=5)
    assert sim.hal.lit is False                       # the title
    seen = []
    real_tick = sim.tick

    def tick(*ms):
        real_tick(*ms)
        scr = sim.screen
        seen.append((sim.hal.lit, isinstance(scr, TableScreen) and scr.my_turn()))
    sim.tick = tick
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    paused = False
    while not t.g.over:
        if not t.my_turn():
            sim.settle()
            continue
        assert sim.hal.lit
        if not paused:                                # the pause menu: no decision, no light
            sim.press("MENU")
            assert not isinstance(sim.screen, TableScreen) and sim.hal.lit is False
            sim.press("BACK")
            t = sim.screen
            assert t.my_turn() and sim.hal.lit
            paused = True
        sim.play_legal()
    sim.settle()
    assert sim.hal.lit is False
    assert all(lit == mine for lit, mine in seen)
    assert (True, True) in seen and (False, False) in seen
    # a board without an LED never lights one
    sim2 = Sim("ugame22", seed=5)
    new_game(sim2, PRESETS.index("sevens"))
    assert sim2.screen.my_turn() and sim2.hal.lit is False


def test_backlight_dims_then_goes_out_when_idle_and_the_waking_press_only_wakes():
    from firmware.app import IDLE_MS, IDLE_LEVEL
    assert IDLE_LEVEL == (0.1, 0) and IDLE_MS == (60000, 300000)
    sim = Sim("pimoroni_picosystem", seed=5)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    assert t.my_turn()
    full = sim.hal.brightness
    start = sim.hal.clock
    while sim.hal.clock - start < IDLE_MS[0] - 2000:
        sim.tick(1000)
    assert sim.hal.brightness == full
    sim.tick(3000)
    assert sim.hal.brightness == 0.1
    while sim.hal.clock - start < IDLE_MS[1] - 2000:
        sim.tick(1000)
    assert sim.hal.brightness == 0.1
    sim.tick(3000)
    assert sim.hal.brightness == 0                   # five minutes: out
    cursor = t.cursor
    sim.press("RIGHT")                       # wakes the screen, moves nothing
    assert sim.hal.brightness == full and t.cursor == cursor and sim.screen is t
    sim.press("RIGHT")
    assert t.cursor != cursor
    sim.tick(IDLE_MS[0] + 1000)              # and it dims again from the start
    assert sim.hal.brightness == 0.1
    sim.press("RIGHT")
    assert sim.hal.brightness == full
    # while the bots play the screen stays lit, however long since the last press
    sim.play_legal(settle=False)
    assert sim.app.busy()
    sim.app.last_input = sim.hal.clock - IDLE_MS[1] - 1
    sim.tick()
    assert sim.app.busy() and not sim.app.dimmed and sim.hal.brightness == full
    sim.settle()                             # your turn again: idle for long, so it dims
    assert t.my_turn() and sim.app.dimmed == 2 and sim.hal.brightness == 0    # idle 5 min: out
    # no backlight, no dimming, and no press is swallowed
    sim2 = Sim("adafruit_macropad_rp2040", seed=5)
    new_game(sim2, PRESETS.index("sevens"))
    sim2.tick(IDLE_MS[1] + 1000)
    assert not sim2.app.dimmed
    cursor = sim2.screen.cursor
    sim2.press("RIGHT")
    assert sim2.screen.cursor != cursor


def test_the_backlight_dims_at_exactly_its_idle_time_and_stays_out_after():
    """No button for IDLE_MS[0] dims the backlight (not a millisecond later), IDLE_MS[1] puts it
    out, and the screen then stays out and the game goes on, however long it waits (a step
    once out looked for a third idle time that does not exist)."""
    from firmware.app import IDLE_MS, IDLE_LEVEL
    sim = Sim("pimoroni_picosystem", seed=5)
    new_game(sim, PRESETS.index("sevens"))
    assert sim.screen.my_turn()
    full = sim.hal.brightness
    for n in range(2):
        due = sim.app.last_input + IDLE_MS[n]
        sim.tick(due - 1 - sim.hal.clock)
        assert sim.app.dimmed == n and sim.hal.brightness == (IDLE_LEVEL[n - 1] if n else full)
        sim.tick(1)                                     # exactly IDLE_MS[n] without a press
        assert sim.app.dimmed == n + 1 and sim.hal.brightness == IDLE_LEVEL[n]
    for _ in range(3):
        sim.tick(IDLE_MS[1])
        assert sim.app.dimmed == 2 and sim.hal.brightness == 0
    sim.press("RIGHT")
    assert sim.app.dimmed == 0 and sim.hal.brightness == full


def played_deal(board, key, lang, move=lambda g: g.legal_moves()[0]):
    """A match of preset key on board, in language lang, its first deal played to its end
    with move(game) for everyone, up to the results."""
    sim = Sim(board, seed=4)
    new_game(sim, PRESETS.index(key))
    text.set_lang(lang)
    g = sim.screen.g
    while not g.over:
        assert g.play(move(g), g.turn) == 0
    sim.settle()
    return sim


def open_replay(sim):
    """From a deal's results: on to the next deal, then the last deal's replay from the pause menu."""
    sim.press("OK")                       # standings
    sim.press("OK")                       # next deal
    sim.press("MENU")
    select_menu(sim, text.t("replay"))
    sim.press("OK")
    return sim.screen


def replay_captions(sim):
    """The replay opened from a deal's results (open_replay), stepped through to the end: the
    message line after each action."""
    open_replay(sim)
    captions = []
    for _ in range(len(sim.screen.log)):
        sim.press("RIGHT")
        captions.append(message(sim.screen))
    return captions


WINNER_LINES = (("You win!", "Gagné !", "Gewonnen!"), ("P%d wins", "P%d gagne", "P%d gewinnt"))
YOU_PASS = ("You pass", "Vous passez", "Du passt")


@pytest.mark.parametrize("lang", range(3))
def test_winner_and_your_pass_read_as_sentences_in_every_language(lang):
    """The results page names the winner with a verb that agrees ("Gagné !", not "Vous gagne"),
    and the replay says "Vous passez" for your own pass."""
    seen = set()
    try:
        for seed in range(60):
            sim = Sim(seed=seed)
            new_game(sim, PRESETS.index("fan_tan"))
            text.set_lang(lang)
            sim.app.settings["lang"] = lang
            t = sim.screen
            assert t.items[-1] == PASS            # Fan Tan: a strategic pass is always offered
            while t.cursor != len(t.items) - 1:
                sim.press("RIGHT")
            sim.ok()
            g = t.g
            play_out(g)
            sim.settle()                          # the table shows the winner, then the results
            assert sim.screen.title == text.t("results")
            w = g.winner
            mine = w == sim.app.human
            want = WINNER_LINES[0][lang] if mine else WINNER_LINES[1][lang] % (w + 1)
            assert page_text(sim.screen)[0] == want
            # the winner's line: no cards left, and the noun agrees ("0 carte" in French)
            left = ("0 cards", "0 carte", "0 Karten")[lang]
            assert [x for x in page_text(sim.screen) if x.startswith(text.seat(w, sim.app.human) + ": ")][0] \
                .startswith(text.seat(w, sim.app.human) + ": " + left + ", "), page_text(sim.screen)
            if mine in seen:
                continue
            seen.add(mine)
            captions = replay_captions(sim)
            assert any(c.endswith(YOU_PASS[lang]) for c in captions), captions[:6]
            if len(seen) == 2:
                break
        assert seen == {True, False}
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("board", ("pimoroni_picosystem", "adafruit_macropad_rp2040"))
def test_a_pip_penalty_is_offered_and_said(board):
    """Penalty: cards, values, pips (J Q K count 10, as Sevens is often scored): each language's
    value ("J/Q/K=10": "pips", "têtes", "Augen" misled) fits New game's line, and the rules page
    and the New game options page say how the cards count."""
    said = {0: "their cards' values (A=1, J/Q/K=10)", 1: "la valeur de leurs cartes (A=1, V/D/R=10)",
            2: "die Werte ihrer Karten (A=1, B/D/K=10)"}
    try:
        for lang in (0, 1, 2):
            sim = Sim(board, seed=3)
            pick_preset(sim, PRESETS.index("parliament"))
            sim.app.settings["lang"] = lang
            text.set_lang(lang)
            sim.screen.show()
            assert set_line(sim, text.t("penalty"), PIPS, "penalty") == [CARDS, VALUES]
            assert line_value(sim, text.t("penalty")) == text.t("pips")
            sim.render()
            w = sim.hal.profile.WIDTH
            for lb, x, y in labels(sim.screen):
                assert 0 <= x + lb.bounding_box[0] and x + lb.bounding_box[0] + lb.bounding_box[2] <= w, lb.text
            select_menu(sim, text.t("start"))
            sim.press("OK")
            sim.press("MENU")                       # the rules of the match in play
            select_menu(sim, text.t("help"))
            sim.press("OK")
            page = " ".join(page_text(sim.screen))
            assert said[lang] in page and text.t("penalty") + ": " + text.t("pips") in page, page
            # the value is one word: no line break splits it ("V D / R=10" did on the MacroPad)
            sim.app.title()
            select_menu(sim, text.t("help"))
            sim.press("OK")
            select_menu(sim, text.t("options"))
            sim.press("OK")
            assert [ln for ln in page_text(sim.screen) if text.t("pips") in ln], page_text(sim.screen)
    finally:
        text.set_lang(0)


def test_this_games_rules_say_who_was_dealt_the_first_jack(tmp_path):
    """Fan Tan deals face up until a Jack picks the first dealer (rule book 000): the pause
    menu's rules page says who got it, which card and how many went before, during the first
    deal, after a power cut and in the next deal (the match read back keeps no ceremony)."""
    from engine.game import first_dealer

    def said(sim):
        sim.press("MENU")
        select_menu(sim, "Rules & help")
        sim.press("OK")
        lines = [x for x in page_text(sim.screen) if x.startswith("First Jack: ")]
        sim.press("OK")
        select_menu(sim, "Resume")
        sim.press("OK")
        return lines

    sim = Sim(seed=41, data_dir=str(tmp_path))
    new_game(sim, PRESETS.index("fan_tan"))
    m = sim.app.match
    seat, shown = first_dealer(41, 4)
    assert m.dealer == seat and shown[-1] % 13 == 10
    want = ["First Jack: %s (%s, card %d)" % ("You" if seat == 0 else "P%d" % (seat + 1),
                                             card_name(shown[-1]), len(shown))]
    sim.settle()
    assert said(sim) == want
    again = Sim(data_dir=str(tmp_path))                 # the badge off and on
    again.settle()
    assert said(again) == want
    g = again.screen.g
    play_out(g)
    again.settle()
    while not isinstance(again.screen, TableScreen):    # results, standings, the next deal
        again.press("OK")
    again.settle()
    assert again.app.match.deal_number == 42 and said(again) == want


def test_the_first_jack_is_still_the_same_once_the_deal_is_settled():
    """Between a settled deal and the next (the results on the screen, or a save read back
    there) the match has counted the deal but not yet dealt again: the first Jack it names is
    still the one that picked the first dealer, not the deal before it."""
    from engine.game import first_dealer
    from engine.match import Match
    words = text.rules_words().WORDS
    m = Match(preset("fan_tan"), deal_number=41)
    before = help_pages.first_jack(m, 0, words)
    seat, shown = first_dealer(41, 4)
    assert before == "First Jack: %s (%s, card %d)" % ("You" if seat == 0 else "P%d" % (seat + 1),
                                                       card_name(shown[-1]), len(shown))
    play_out(m.game)
    m.settle()
    assert m.deals == 1 and m.deal_number == 41
    assert help_pages.first_jack(m, 0, words) == before
    m.next_deal()
    assert help_pages.first_jack(m, 0, words) == before


def test_rules_page_from_the_pause_menu_shows_the_options_of_this_game():
    """Set rules and a bot away from the defaults on the new-game screen; mid-game, MENU >
    Rules & help shows the preset's page, the options this game is played with and its bots."""
    sim = Sim(seed=3)
    pick_preset(sim, PRESETS.index("parliament"))
    assert sim.app.rules().penalty == CARDS and not sim.app.rules().ace_high
    select_menu(sim, "Penalty")
    sim.press("RIGHT")
    select_menu(sim, "Ace high")
    sim.press("RIGHT")
    select_menu(sim, "P3")
    sim.press("RIGHT")                        # P3 one level up from Easy
    select_menu(sim, "Start")
    sim.press("OK")
    assert isinstance(sim.screen, TableScreen)
    r = sim.app.match.rules
    assert r.penalty == VALUES and r.ace_high
    sim.press("MENU")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    lines = page_text(sim.screen)
    assert sim.screen.title == "Parliament"
    assert "This game" in lines
    assert "Penalty: values" in lines and "Ace high: on" in lines and "Players: 4" in lines
    assert "Bots: P2: Easy, P3: Medium, P4: Easy" in " ".join(lines)
    assert "Match: until 100 points" in " ".join(lines)
    # and how it scores them: by the cards' values (a mutant saying "1 point per card" passed)
    assert "the others score their cards' values (A=1, K=13)." in " ".join(lines)
    assert not [x for x in lines if x.startswith("Ends at:")]     # said once, by the match line
    assert not [x for x in lines if x.startswith("First Jack")]   # no ceremony in Parliament
    assert lines[0] == "4 players."                  # as at this table (Parliament: 3-7)
    # then this board's keys: the Buttons page is out of reach in a match (a play-test)
    keys = lines.index("Buttons")
    assert keys > lines.index("This game") and lines[keys + 1].startswith("\u2191: previous suit")
    sim.press("OK")
    assert sim.screen.title == "Paused"         # on the line it came from
    assert sim.screen.items[sim.screen.sel][0] == "help" and sim.screen.sel > 0
    # from the title's Rules & help, the page is the preset's alone
    quit_match(sim)
    select_menu(sim, "Rules & help")
    sim.press("OK")
    select_menu(sim, "Parliament")
    sim.press("OK")
    assert sim.screen.title == "Parliament" and "This game" not in page_text(sim.screen)
    sim.press("BACK")                       # back on the line it came from
    assert sim.screen.item_text(sim.screen.items[sim.screen.sel]) == "Parliament"
    select_menu(sim, "About")
    sim.press("OK")
    sim.press("OK")
    assert sim.screen.item_text(sim.screen.items[sim.screen.sel]) == "About"
    assert sim.screen.top == 0                # the whole menu fits: none of it scrolled away


def test_the_about_page_in_the_simulator_names_the_board_and_its_python():
    """About, in the simulator: the board's name and id, then the runtime as "simulator, Python
    3.x" (a bug report tells the simulator from a badge by it), and no heap line: the desktop
    has no badge heap."""
    import sys
    sim = Sim("pimoroni_picosystem")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    select_menu(sim, "About")
    sim.press("OK")
    assert [line[0] for line in sim.screen.lines] == [
        "Fan Tan", "PicoSystem", "pimoroni_picosystem", "simulator, Python %d.%d" % sys.version_info[:2]]


def test_the_about_page_on_a_badge_gives_its_heap_in_kib():
    """About, on a badge: the heap's free and total bytes (as the badge HAL reports them, from
    gc) in KB of 1024 bytes, both of them, as CircuitPython and the memory budgets count them (a
    total counted in thousands read "160 of 175 KB")."""
    sim = Sim("pimoroni_picosystem")
    sim.hal.memory = lambda: (163840, 175104)     # as the badge HAL reports its heap
    select_menu(sim, "Rules & help")
    sim.press("OK")
    select_menu(sim, "About")
    sim.press("OK")
    assert sim.screen.lines[-1][0] == "Free memory: 160 of 171 KB"


def test_match_length_in_words_for_every_preset():
    """Each preset's match end, as the rules page of a game in progress says it. A race says
    about how many deals it lasts (found by QA: a Parliament match to 100 took 65 deals and
    nothing warned of it; with Medium bots 100 points at a card each take 40-54 deals, at card
    values or pips 3-10: tools' measure, 20 matches each), in every language."""
    from firmware.help_pages import match_text
    from engine.rules import preset, CHIPS, VALUES, PIPS
    want = {"sevens": "4 deals", "domino": "until 100 points (about 45 deals)",
            "parliament": "until 100 points (about 45 deals)",
            "fan_tan": "10 deals, or until a player has no chips (50 chips each)",
            "play_or_pay": "10 deals, or until a player has no chips (60 chips each)"}
    for key in PRESETS:
        said = match_text(preset(key))
        assert said and said == want.get(key, said), (key, said)
        if preset(key).scoring == CHIPS:
            assert said == want.get(key, want["fan_tan"]), key
    p = preset("parliament")
    assert match_text(p.with_(target=25)) == "until 25 points (about 11 deals)"
    assert match_text(p.with_(penalty=VALUES)) == "until 100 points (about 6 deals)"
    # 25 points at pips: 1.75-1.78 deals with Medium bots (60 matches each of Parliament and
    # Domino); it read "about 1 deal" while the estimate rounded down
    assert match_text(p.with_(penalty=PIPS, target=25)) == "until 25 points (about 2 deals)"
    assert match_text(p.with_(penalty=PIPS, target=50)) == "until 50 points (about 3 deals)"
    assert match_text(p.with_(deals=20)) == "20 deals, or until 100 points"          # the limit comes first
    assert match_text(p.with_(deals=20, target=25)) == "20 deals, or until 25 points (about 11 deals)"
    assert match_text(p.with_(deals=1, target=25, penalty=PIPS)) == "1 deal, or until 25 points"   # not fewer
    assert match_text(p.with_(deals=11, target=25)) == "11 deals, or until 25 points"   # nor as many
    # a chip match of one deal: that deal ends it, whoever is left with chips
    assert match_text(preset("fan_tan").with_(deals=1)) == "1 deal (50 chips each)"
    try:
        for lang, said in ((1, "jusqu'à 50 points (environ 22 donnes)"), (2, "bis 50 Punkte (etwa 22 Runden)")):
            text.set_lang(lang)
            assert match_text(p.with_(target=50)) == said
    finally:
        text.set_lang(0)


def test_the_numbers_the_help_pages_write_out_are_the_engines():
    """The rules and table pages spell some of the engine's numbers out, in each language: a
    card's value (A=1, K=13; J/Q/K=10 in pips, on New game options' page too), the ante of a
    short hand (2), and the paid pass priced "-6…-9" while who holds the 6 and 8 of your one 7
    is hidden. Each is what the engine does: a change of rule that left a page telling the old
    number fails here."""
    from engine.game import Game, LEAST, MOST
    from engine.match import Match
    game = Game(preset("parliament"))
    for p in range(game.players):           # a hand of one ace, or one king
        game.hands[p * 4:p * 4 + 4] = [0, 0, 0, 0]
    game.hands[0] = 1
    game.hands[4] = 1 << 12
    worth = {}
    for unit in (VALUES, PIPS):
        game.rules = preset("parliament").with_(penalty=unit)
        worth[unit] = (game.penalty(0), game.penalty(1))
    assert worth == {VALUES: (1, 13), PIPS: (1, 10)}
    short = Game(preset("fan_tan").with_(players=3))        # 52 cards to 3: 18, 17 and 17
    assert sorted(short.ante(p) for p in range(3)) == [1, 2, 2]
    # Fan Tan's first player holding one 7 without its 6 or 8: the price the table shows
    fan_tan = preset("fan_tan")
    for n in range(1, 200):
        g = Match(fan_tan, deal_number=n).game
        me = g.turn
        sevens = [s for s in range(4) if g.hands[me * 4 + s] >> 6 & 1]
        if len(sevens) == 1 and not g.hands[me * 4 + sevens[0]] & (1 << 5 | 1 << 7):
            break
    price = (g.pass_total(me, LEAST), g.pass_total(me, MOST))
    assert price == (6, 9)
    try:
        for lang in range(3):
            text.set_lang(lang)
            w = text.rules_words()
            faces = text.t("faces")
            assert "(A=1, %s=13)" % faces[2] in w.WORDS["per_value"], lang
            assert "(A=1, %s/%s/%s=10)" % tuple(faces) in w.WORDS["per_pip"], lang
            line = text.rules_words("options").NEW_GAME["penalty"]      # New game options' page
            assert "(A=1, %s=13)" % faces[2] in line and "%s/%s/%s=10" % tuple(faces) in line, lang
            assert re.findall(r"\d+", w.SCORING[CHIPS].replace("%s", "")) == ["2"], lang
            shown = " -%d\u2026-%d " % price          # "Pass -6…-9 costs 6 to 9 chips"
            assert shown in w.TABLE[-1], lang
            assert re.findall(r"\d+", w.TABLE[-1].split(shown)[1])[:2] == ["%d" % x for x in price], lang
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("board", ("adafruit_macropad_rp2040", "pimoroni_picosystem"))
def test_the_hint_stays_said_while_you_look_around(board):
    """After HINT the message line names the hinted card until you play: on the MacroPad its
    dashes are a few pixels, and moving the cursor away took the words with them."""
    sim = Sim(board, seed=3)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    sim.press("HINT")
    hinted = t.hint_card
    said = message(t)
    assert said == "Hint: " + card_name(hinted) and t.items[t.cursor] == hinted
    sim.press("RIGHT")
    assert t.items[t.cursor] != hinted and message(t) == said and not t.hint_tg.hidden
    sim.press("LEFT")
    sim.press("OK", settle=False)
    assert hinted not in t.items and t.hint_card == -1 and not message(t).startswith("Hint")


def test_a_key_pressed_while_the_hint_thinks_stops_it():
    """HINT starts a search of a few frames, said as "Hint\u2026" meanwhile; a key pressed before
    its answer stops it: the cursor stays where that key put it, with no hint framed or said
    afterwards."""
    for seed in range(1, 20):
        sim = Sim("pimoroni_picosystem", seed=seed)
        new_game(sim, PRESETS.index("sevens"))
        t = sim.screen
        sim.press("HINT", settle=False)
        if t.hinting is not None:
            break
    else:
        raise AssertionError("no hint that takes more than a frame")
    assert message(t) == text.t("hint") + "\u2026"      # thinking, said as such meanwhile
    sim.press("RIGHT", settle=False)
    cursor = t.cursor
    assert t.hinting is None
    for _ in range(200):
        sim.tick()
    assert t.hint_card == -1 and t.hint_tg.hidden and t.cursor == cursor
    assert not message(t).startswith(text.t("hint")), message(t)


def test_a_hint_survives_a_look_at_the_pause_menu():
    """Player review: after HINT, a look at the standings (what passes tell) and Resume left the
    cursor on the hinted card but dropped its frame and words: the search was to wait again.
    The next turn has no hint of its own."""
    sim = Sim("pimoroni_picosystem", seed=3)
    new_game(sim, PRESETS.index("sevens"))
    sim.press("HINT")
    hinted = sim.screen.hint_card
    sim.press("RIGHT")                  # look elsewhere first: the hint's words stay
    said = message(sim.screen)
    sim.press("MENU")
    select_menu(sim, "Standings")
    sim.press("OK")
    sim.press("BACK")
    select_menu(sim, "Resume")
    sim.press("OK")
    t = sim.screen
    assert isinstance(t, TableScreen) and t.hint_card == hinted and not t.hint_tg.hidden
    assert message(t) == said == "Hint: " + card_name(hinted) and t.items[t.cursor] != hinted
    sim.press("LEFT")
    sim.press("OK")
    for _ in range(100):
        if t.my_turn():
            break
        sim.tick(200)
    assert t.my_turn() and not t.g.over
    sim.press("MENU")
    select_menu(sim, "Resume")
    sim.press("OK")
    assert sim.screen.hint_card == -1 and sim.screen.hint_tg.hidden


def test_the_pause_menu_asks_for_a_hint_on_your_turn():
    """The T-Display has no HINT button: on your turn its pause menu (hold L) offers the hint,
    the same advice the HINT button gives, framed on the table. Not while the bots play."""
    sim = Sim("lilygo_t_display_rp2040", seed=3)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    assert t.my_turn()
    sim.press("HINT")
    by_button = t.hint_card
    g = t.g                                   # Hard's choice, from your view alone
    seed = ((g.deal_number & 0xFFFF) * 7919 + g.deal_number * 131 + len(g.log)) & 0x3FFFFFFF
    assert by_button == bots.choose(g.view(t.me), seed, bots.HARD)
    t.hint_card = -1
    sim.press("BACK")
    select_menu(sim, "Hint")
    sim.press("OK")
    t = sim.screen
    assert isinstance(t, TableScreen) and t.my_turn()
    assert t.hint_card == by_button and t.g.check(t.hint_card, t.me) == R.OK
    assert not t.hint_tg.hidden
    for i in range(len(t.items)):            # lay a card, and pause before the bots answer
        if t.items[i] != PASS and t.g.check(t.items[i], t.me) == R.OK:
            break
    while t.cursor != i:
        sim.press("RIGHT")
    sim.press("OK", settle=False)
    assert not t.g.over and t.g.turn != t.me
    sim.press("BACK", settle=False)
    names = [sim.screen.item_text(x) for x in sim.screen.items]
    assert "Resume" in names and "Hint" not in names


@pytest.mark.parametrize("board,says", [("lilygo_t_display_rp2040", True), ("pimoroni_picosystem", False),
                                        ("pimoroni_badger2040", False)])
def test_the_keys_page_says_where_the_hint_is_without_a_hint_key(board, says):
    """And, without an UP key (the T-Display), that menus go round (found by QA: getting
    back to Start took 21 presses of a chord nobody knew went round)."""
    sim = Sim(board)
    help_pages.keys_page(sim.app)
    shown = " ".join(page_text(sim.screen))
    assert ("Hint: in the pause menu, on your turn" in shown) == says
    assert ("After the last line, menus go round to the first" in shown) == says
    menu = ListScreen(sim.app, "t", [["a", None, None, None], ["b", None, None, None]])
    sim.app.goto(menu)
    sim.press("DOWN")
    sim.press("DOWN")
    assert menu.sel == 0                      # as it says


@pytest.mark.parametrize("board", sorted(hal.BOARDS))
def test_the_title_shows_the_chord_that_moves_down_its_lines(board):
    """The T-Display's title: its lines below New game are reached with L+R only (it has no UP
    or DOWN key), and no screen said so before the Buttons page, itself one of those lines: a
    newcomer tapping R opened New game and started. The title shows "L+R: ↓" bottom left,
    where the board's DOWN is a chord (no other board's title shows one)."""
    sim = Sim(board)
    shown = [lb.text for lb, x, y in labels(sim.screen)]
    chord = [c for c in sim.hal.profile.CHORDS if c[2] == DOWN]
    assert ("L+R: \u2193" in shown) == (board == "lilygo_t_display_rp2040") == bool(chord), shown


def test_a_chord_that_gives_hint_or_up_is_where_the_keys_page_says_they_are(monkeypatch):
    """A board whose chord gives HINT (or UP) has it: the Buttons page sends no one to the pause
    menu for the hint, nor says menus go round, and names the chord instead."""
    from hal.buttons import HINT
    sim = Sim("lilygo_t_display_rp2040")
    p = sim.hal.profile
    words = text.rules_words()
    for button, unsaid in ((HINT, "hint_in_pause"), (UP, "menus_wrap")):
        monkeypatch.setattr(p, "CHORDS", (("BUTTON_L", "BUTTON_R", button),))
        shown = [x for x, c in help_pages.key_lines(sim.app, words)]
        assert words.WORDS[unsaid] not in shown and "L+R: " + words.BUTTONS[button] in " ".join(shown), shown


def test_the_keys_page_says_the_keys_go_round_the_middle_only_where_they_are_arrows(monkeypatch):
    """"↑↓←→: the keys around the middle one" is the MacroPad's and the Picomo's, whose
    Middle key has arrow keys round it: a board with a Middle key among lettered ones has no such line."""
    sim = Sim("adafruit_macropad_rp2040")
    words = text.rules_words()
    around = "↑↓←→: " + words.WORDS["around"]
    assert around in [x for x, c in help_pages.key_lines(sim.app, words)]
    p = sim.hal.profile
    monkeypatch.setattr(p, "LABELS", ("W", "S", "A", "D") + p.LABELS[4:])
    assert around not in [x for x, c in help_pages.key_lines(sim.app, words)]


def test_the_keys_page_names_each_chord_and_what_it_does():
    """The T-Display's L+R: a chord is a key of its own on the Buttons page."""
    sim = Sim("lilygo_t_display_rp2040")
    help_pages.keys_page(sim.app)
    p = sim.hal.profile
    shown = " ".join(" ".join(page_text(sim.screen)).split())
    assert p.CHORDS
    for a, b, button in p.CHORDS:
        words = text.rules_words()
        names = [help_pages.key_label(p.LABELS[[k[0] for k in p.KEYS].index(pin)], words) for pin in (a, b)]
        assert names[0] + "+" + names[1] + ": " + words.BUTTONS[button] in shown, shown


def test_rules_and_help_opens_on_its_first_line():
    """And BACK from it lands on the title's Rules & help line, where the player left (a mutant
    going back to the title's first line passed)."""
    sim = Sim()
    select_menu(sim, "Rules & help")
    sim.press("OK")
    assert sim.screen.title == text.t("help") and sim.screen.sel == 0
    assert sim.screen.item_text(sim.screen.items[0]) == text.preset_title(PRESETS[0])
    sim.press("BACK")
    assert sim.screen.items[sim.screen.sel][0] == "help" and sim.screen.sel > 0


@pytest.mark.parametrize("lang,places", [
    (0, ("Middle", "Top left", "Top right", "Row 3 left", "Knob press")),
    (1, ("Milieu", "En haut \u00e0 gauche", "En haut \u00e0 droite", "Rang\u00e9e 3 \u00e0 gauche", "Appui molette")),
    (2, ("Mitte", "Oben links", "Oben rechts", "Reihe 3 links", "Drehknopf dr\u00fccken"))])
def test_the_keys_page_names_unlabelled_keys_by_their_place_in_the_players_language(lang, places):
    """The MacroPad's blank keys (and its knob's press) are named by where they are, each in
    the page's language: never the profile's English name in a French or German page."""
    sim = Sim("adafruit_macropad_rp2040")
    try:
        text.set_lang(lang)
        help_pages.keys_page(sim.app)
        shown = " ".join(" ".join(page_text(sim.screen)).split())
        for place in places:
            assert place + " (OK): " in shown or place + ": " in shown, (place, shown)
        if lang:
            assert "Top left" not in shown and "Middle" not in shown, shown
    finally:
        text.set_lang(0)


def test_a_key_printed_ok_is_called_ok_once_on_the_keys_page(monkeypatch):
    """A board whose OK key bears "OK", as the pages call it, reads "OK: play/choose" on the
    Buttons page: "(OK)" is only for a key that does not read OK (a mutant writing "OK (OK)"
    passed: no board shipped has such a key)."""
    import hal.pimoroni_picosystem as board
    monkeypatch.setattr(board, "LABELS", ("Up", "Down", "Left", "Right", "OK", "B", "X", "Y"))
    sim = Sim("pimoroni_picosystem")
    help_pages.keys_page(sim.app)
    shown = page_text(sim.screen)
    assert "OK: " + text.rules_words().BUTTONS[OK] in shown and "(OK)" not in " ".join(shown), shown


@pytest.mark.parametrize("board", ("pimoroni_badger2040", "pimoroni_picosystem"))
def test_the_options_page_indents_what_each_line_does_under_its_name(board):
    """Rules & help > New game's options: each line's name, then what it does, indented to its
    last wrapped line. On the Badger's black and white, where a name has no colour of its own,
    the indent is all that tells the names from what they do (a mutant dropping it passed)."""
    sim = Sim(board)
    help_pages.options_page(sim.app)
    lines = sim.screen.lines
    names = [x for x, c in lines if not x.startswith("  ")]
    assert names == [text.t(k) for k in ("preset", "players", "difficulty") + text.OPTIONS[1:] + ("deal_no",)]
    assert all((c == ui.ACCENT) == (x in names) for x, c in lines), lines


KEY_LINES = {
    "pimoroni_badger2040": (
        ("\u2191: previous suit/line, hold: pause/back", "A: previous card/value", "B: play/choose, hold: back/pause"),
        ("\u2191: couleur/ligne pr\u00e9c\u00e9dente, appui long: pause/retour",
         "A: carte/valeur pr\u00e9c\u00e9dente"),
        ("\u2191: vorige Farbe/Zeile, halten: Pause/zur\u00fcck", "B: spielen/w\u00e4hlen, halten: zur\u00fcck/Pause")),
    "adafruit_macropad_rp2040": (
        ("\u2190: previous card/value", "Middle (OK): play/choose", "Top left: pause/back", "Top right: hint",
         "Row 3 left: back/pause", "Knob press (OK): play/choose"),
        ("Milieu (OK): jouer/choisir", "En haut \u00e0 gauche: pause/retour", "En haut \u00e0 droite: conseil",
         "Rang\u00e9e 3 \u00e0 gauche: retour/pause", "Appui molette (OK): jouer/choisir"),
        ("Mitte (OK): spielen/w\u00e4hlen", "Oben links: Pause/zur\u00fcck", "Oben rechts: Tipp",
         "Reihe 3 links: zur\u00fcck/Pause", "Drehknopf dr\u00fccken (OK): spielen/w\u00e4hlen")),
}


@pytest.mark.parametrize("board", sorted(KEY_LINES))
def test_the_keys_page_names_each_key_by_its_arrow_or_its_own_place(board):
    """Rules & help > Buttons, written out: the Badger's up key is "\u2191" (the arrow on it, not
    the profile's "Up"), and each of the MacroPad's blank keys is named by its own place, in each
    language ("Milieu (OK): jouer/choisir", not another key's place). A player finds the key
    the page means by these names alone."""
    try:
        for lang in range(3):
            sim = Sim(board)
            text.set_lang(lang)
            help_pages.keys_page(sim.app)
            shown = " ".join(" ".join(page_text(sim.screen)).split())
            for want in KEY_LINES[board][lang]:
                assert want in shown, (lang, want, shown)
            assert "Up:" not in shown and "Left:" not in shown, shown
    finally:
        text.set_lang(0)


def test_the_replay_tells_a_declined_spade_bonus_as_no_bonus_too():
    """Coventry, a bonus in spades (suit 0) declined: the replay says "P4: no bonus" there
    too, in each language ("P4 : sans bonus" reads as no pass either), not "P4 pass" (the
    bonus suit is a number from 0, and spades is 0)."""
    try:
        for lang, said in enumerate(("no bonus", "sans bonus", "kein Bonus")):
            sim = Sim("pimoroni_picosystem", seed=13)
            new_game(sim, PRESETS.index("coventry"))
            text.set_lang(lang)
            g = sim.screen.g
            declined = []
            while not g.over:
                if g.bonus >= 0:
                    declined.append((len(g.log), g.turn, g.bonus))
                    assert g.play(PASS, g.turn) == 0
                else:
                    assert g.play(g.legal_moves()[0], g.turn) == 0
            sim.settle()
            assert [b for _, _, b in declined] == [0], declined       # seed 13: one bonus, in spades
            captions = replay_captions(sim)
            at, p, _ = declined[0]
            assert captions[at].endswith(text.seat(p, sim.app.human) + ": " + said), captions[at]
    finally:
        text.set_lang(0)


def test_a_key_line_exactly_as_wide_as_the_page_keeps_its_hold_on_it(monkeypatch):
    """The Badger's UP: "<tap>, hold: <action>" stays one line while it fits the page, to the
    last pixel; a pixel less and the hold goes on a line of its own."""
    sim = Sim("pimoroni_badger2040")
    words = text.rules_words()
    hold = words.WORDS["hold"]
    monkeypatch.setattr(help_pages, "page_width", lambda layout: 10 ** 6)
    whole = [x for x, c in help_pages.key_lines(sim.app, words) if ", " + hold in x][0]
    width = ui.text_width(whole, sim.app.layout.font)
    monkeypatch.setattr(help_pages, "page_width", lambda layout: width)
    assert whole in [x for x, c in help_pages.key_lines(sim.app, words)]
    monkeypatch.setattr(help_pages, "page_width", lambda layout: width - 1)
    lines = [x for x, c in help_pages.key_lines(sim.app, words)]
    assert whole not in lines and whole.split(", " + hold)[0] + "," in lines
    assert "  " + hold + whole.split(", " + hold)[1] in lines


@pytest.mark.parametrize("lang,faces", [(0, "JQK"), (1, "VDR"), (2, "BDK")])
def test_picture_cards_are_named_in_the_players_language_and_the_10_in_digits(lang, faces):
    from engine.cards import SUIT_SYMBOLS
    try:
        text.set_lang(lang)
        assert [card_name(c) for c in range(8, 13)] == [r + SUIT_SYMBOLS[0] for r in ["9", "10"] + list(faces)]
        assert card_name(13 + 10) == faces[0] + SUIT_SYMBOLS[1]
    finally:
        text.set_lang(0)


def test_a_low_battery_is_told_at_the_table_once_at_10_and_once_at_5_percent():
    """Where the board reads its battery, the table says so as the charge falls to 10% and to
    5%, once each (read as your decision begins, at most once a minute), and the game goes
    on; the title shows the charge."""
    sim = Sim("pimoroni_badger2040", seed=5, battery=40)
    assert "40%" in [lb.text for lb, _, _ in labels(sim.screen)]
    new_game(sim, PRESETS.index("sevens"))
    told = lambda: [m for m in sim.messages if m.startswith("Battery")]  # noqa: E731
    said = ["Battery 9%: your game is saved", "Battery 4%: your game is saved",
            "Battery 10%: your game is saved", "Battery 5%: your game is saved"]
    for charge, expect in ((40, []), (9, said[:1]), (7, said[:1]), (4, said[:2]), (2, said[:2]),
                           (80, said[:2]), (10, said[:3]), (10, said[:3]),      # at exactly 10%: once
                           (5, said), (5, said)):                # and at exactly 5%
        sim.hal.charge = charge
        sim.tick(61000)                   # at most once a minute, as a decision begins
        sim.play_legal()
        assert told() == expect, charge
    assert isinstance(sim.screen, TableScreen)


def test_a_warning_on_a_mono_screen_is_drawn_in_its_ink():
    """A warning (a low battery, a card refused, a save that failed) is told in the warning
    colour: on a mono screen, which has no colours, that is the ink of all its text (black on
    the Badger's paper), not the paper, where the warning was blank."""
    sim = Sim("pimoroni_badger2040", seed=5, battery=40)
    new_game(sim, PRESETS.index("sevens"))
    sim.hal.charge = 9
    sim.tick(61000)                   # read as your decision begins
    sim.play_legal()
    shown = [lb for lb in sim.screen.msg_labels if lb.text.startswith("Battery")]
    ink = sim.app.theme.colour(ui.TEXT)
    assert shown and ink == 0x000000, [lb.text for lb in sim.screen.msg_labels]
    assert [lb.color for lb in shown] == [ink] * len(shown)


def test_a_battery_reading_that_wavers_about_10_percent_says_it_once():
    """A battery's reading wanders by a few percent: after "Battery 9%", a reading of 15% and then
    8% says nothing more; only a charge past 20% (not 20% itself) makes the next fall to 10%
    said again."""
    sim = Sim("pimoroni_badger2040", seed=5, battery=40)
    new_game(sim, PRESETS.index("sevens"))
    told = lambda: [m for m in sim.messages if m.startswith("Battery")]  # noqa: E731
    for charge, expect in ((9, 1), (15, 1), (8, 1), (20, 1), (9, 1), (21, 1), (9, 2)):
        sim.hal.charge = charge
        sim.tick(61000)
        sim.play_legal()
        assert len(told()) == expect, charge
    assert told() == ["Battery 9%: your game is saved"] * 2


def test_a_battery_read_at_most_once_a_minute_says_a_fall_past_both_marks_once():
    """The charge is read as your decision begins, at most once a minute: a fall to 4% within
    the minute of the last reading waits for the first decision after it; a fall from 40%
    straight to 4% is said once (both marks passed), not again at 3%."""
    sim = Sim("pimoroni_badger2040", seed=5, battery=40)
    new_game(sim, PRESETS.index("sevens"))          # read at 40% as the first decision began
    sim.hal.charge = 4
    sim.play_legal()                                # the next decision, within the minute
    assert not [m for m in sim.messages if m.startswith("Battery")]
    for charge in (4, 3):
        sim.hal.charge = charge
        sim.tick(61000)
        sim.play_legal()
        assert [m for m in sim.messages if m.startswith("Battery")] == ["Battery 4%: your game is saved"], charge


def test_the_battery_is_read_again_exactly_a_minute_after_its_last_reading():
    """At most once a minute (_BATTERY_MS) means once that minute is up: a decision beginning
    exactly a minute after the last reading reads the charge again and says it ran low; one a
    millisecond sooner does not read it."""
    from firmware.app import _BATTERY_MS

    def run(offset=None):
        sim = Sim("pimoroni_picosystem", seed=5, battery=40)
        reads = []
        battery = sim.hal.battery

        def read():
            reads.append(sim.hal.clock)
            return battery()
        sim.hal.battery = read
        new_game(sim, PRESETS.index("sevens"))
        assert sim.screen.my_turn() and isinstance(sim.screen, TableScreen)
        first = reads[-1]                       # as your first decision began
        if offset is not None:                  # wait so the next decision begins at first + a
            sim.tick(20000)                     # minute + offset (a press halfway: no dimming)
            sim.press("LEFT")
            sim.press("RIGHT")
            sim.tick(first + _BATTERY_MS + offset - delta - sim.hal.clock)
        sim.hal.charge = 9
        start = sim.hal.clock
        sim.play_legal(settle=False)
        while not sim.screen.my_turn():
            sim.tick()
        return sim, reads, first, sim.hal.clock - start

    sim, reads, first, delta = run()
    assert 0 < delta < _BATTERY_MS - 20000 and reads[-1] == first     # within the minute: not read
    for offset, again in ((-1, False), (0, True)):
        sim, reads, first, _ = run(offset)
        assert sim.hal.clock == first + _BATTERY_MS + offset
        assert (reads[-1] == sim.hal.clock) == again, offset
        assert ("Battery 9%: your game is saved" in sim.messages) == again, offset


def test_the_battery_notice_stays_off_where_the_board_reads_no_battery():
    sim = Sim("pimoroni_picosystem", seed=5)
    new_game(sim, PRESETS.index("sevens"))
    sim.tick(61000)
    sim.play_legal()
    assert sim.app.battery_at > 61000         # it read the battery: there is none
    assert not [m for m in sim.messages if m.startswith("Battery")]


def test_sounds_your_turn_an_illegal_card_and_the_deal_s_end():
    """With a speaker and Sound on: a chime when your decision begins (not again after the
    pause menu), a low buzz for a card that cannot be laid, a jingle up or down at the end."""
    from firmware import ui
    sim = Sim("pimoroni_picosystem", seed=9)
    notes = lambda seq: [(s[i], s[i + 1]) for s in seq for i in range(0, len(s), 2)]  # noqa: E731
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    assert sim.hal.tones[-2:] == notes([ui.YOUR_TURN])
    sim.press("MENU")
    select_menu(sim, "Resume")
    sim.hal.tones.clear()
    sim.press("OK")
    t = sim.screen
    assert sim.hal.tones == notes([ui.CLICK])               # the click, no second chime
    bad = [i for i in range(len(t.items)) if t.items[i] != PASS and t.g.check(t.items[i], t.me)]
    assert bad
    while t.cursor != bad[0]:
        sim.press("RIGHT")
    sim.hal.tones.clear()
    sim.press("OK")
    assert sim.hal.tones == notes([ui.CLICK, ui.ILLEGAL])
    while not t.g.over:
        sim.hal.tones.clear()
        sim.play_legal()
        if not t.g.over:
            assert sim.hal.tones[-2:] == notes([ui.YOUR_TURN])
    end = ui.DEAL_WON if t.g.winner == t.me else ui.DEAL_LOST
    assert sim.hal.tones[-len(end) // 2:] == notes([end])


def test_the_same_deal_dealt_again_after_a_quit_chimes_as_your_decision_begins(tmp_path):
    """Sevens, deal 2: you hold the 7\u2666, so your first decision begins before any move. Quit
    and deal 2 again from New game: the chime was silent (it was keyed by the deal's number and
    moves so far, the same as the quit match's first decision)."""
    from firmware import ui
    sim = Sim("pimoroni_picosystem", seed=2, data_dir=str(tmp_path))
    new_game(sim, PRESETS.index("sevens"))
    assert sim.screen.my_turn() and not sim.screen.g.log
    assert sim.hal.tones[-2:] == [(1320, 30), (1760, 40)]
    sim.press("MENU")
    quit_match(sim)
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Deal #")
    while sim.app.settings["deal"] != 2:
        sim.press("LEFT")
    select_menu(sim, "Start")
    sim.hal.tones.clear()
    sim.press("OK")
    assert sim.screen.my_turn() and not sim.screen.g.log
    assert sim.hal.tones[-2:] == [(ui.YOUR_TURN[0], ui.YOUR_TURN[1]), (ui.YOUR_TURN[2], ui.YOUR_TURN[3])]


def test_an_ok_pressed_as_the_last_card_lands_still_ends_the_deal_with_its_jingle():
    """Deal 1: a bot goes out. An OK pressed to hurry the bots, read in the poll after its last
    card (before the table had drawn the end), skipped the jingle and the end's wait: the results
    came with no sound. It skips the wait only once the end is shown and the jingle played."""
    sim = Sim("pimoroni_picosystem", seed=1)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    while not t.g.over:
        if t.my_turn():
            sim.play_legal(settle=False)
        else:
            sim.tick()
    assert t.g.winner != t.me
    sim.hal.tones.clear()
    sim.hal.inject(OK)
    sim.tick()
    sim.tick()
    assert sim.screen is t and sim.hal.tones[-2:] == [(392, 90), (330, 140)]    # ui.DEAL_LOST
    sim.press("OK")                         # now OK skips the wait, as before
    assert sim.screen is not t


@pytest.mark.parametrize("board,sound", [("pimoroni_picosystem", 0), ("pimoroni_badger2040", 1)])
def test_no_sound_when_it_is_off_or_the_board_has_no_speaker(board, sound):
    sim = Sim(board, seed=9)
    sim.app.settings["sound"] = sound
    new_game(sim, PRESETS.index("sevens"))
    for _ in range(3):
        sim.play_legal()
    assert sim.hal.tones == []


def test_the_paused_standings_show_what_the_forced_passes_proved():
    """Once an opponent has had to pass, the standings page of the pause menu lists the
    hidden cards each such opponent cannot hold (none of them in their hand, nor in yours, nor
    on the table: those you know where they are); not before, and never for you."""
    sim = Sim("pimoroni_picosystem", seed=1)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    g = t.g

    def standings():
        """The pause menu's standings page, its lines."""
        sim.press("MENU")
        select_menu(sim, "Standings")
        sim.press("OK")
        return page_text(sim.screen)
    assert "What passes tell" not in standings()
    sim.press("OK")
    select_menu(sim, "Resume")
    sim.press("OK")
    while not any(g.forced[p] and any(g.void[p * 4 + s] & g.hand(t.me)[s] for s in range(4))
                  for p in range(g.players) if p != t.me):     # a pass proved a card you hold
        assert not g.over
        sim.play_legal()
    shown = standings()
    assert "What passes tell" in shown
    # the cards under their seat, indented (a wrapped list read as a new seat's line: QA)
    assert all(shown[i + 1].startswith("  ") for i in range(len(shown)) if shown[i].endswith(" has none of:"))
    said = " ".join(shown)
    told = dict((int(p) - 1, cards.split()) for p, cards in
                re.findall(r"P(\d) has none of: (.+?)(?= P\d |$)", said))
    assert told, said
    names = dict((card_name(c), c) for c in range(52))
    for p in told:
        assert g.forced[p] and p != t.me
        for n in told[p]:
            c = names[n]
            assert not g.hands[p * 4 + c // 13] >> (c % 13) & 1      # the truth agrees
            assert g.void[p * 4 + c // 13] >> (c % 13) & 1
            assert not (g.hands[t.me * 4 + c // 13] | g.table[c // 13]) >> (c % 13) & 1
    sim.press("OK")
    assert isinstance(sim.screen, ListScreen)                      # back to the pause menu
    select_menu(sim, "Resume")
    sim.press("OK")
    while not g.forced[t.me]:                       # your own pass tells you nothing new
        assert not g.over
        sim.play_legal()
    shown = standings()
    assert "What passes tell" in shown
    assert not [x for x in shown if x.startswith(text.seat(t.me, t.me) + " ")]


@pytest.mark.parametrize("lang,said", [(0, "Deal #11"), (1, "Donne n° 11"), (2, "Runde Nr. 11")])
def test_the_table_names_the_deal_as_the_results_do(lang, said):
    """One way to write a deal's number in each language (the table said "Donne #11")."""
    sim = Sim("hack_club_sprig", seed=11)
    text.set_lang(lang)
    try:
        start_in_words(sim)
        sim.settle()
        assert sim.screen.status_l.text == said == text.t("deal_no") + "11"
    finally:
        text.set_lang(0)


def test_settings_can_be_changed_during_a_match_from_the_pause_menu(tmp_path):
    """MENU > Settings: the speed and language change, BACK returns to the pause menu (in the
    new language) and the match goes on where it was, its picture cards in French letters
    (V D R); the settings are kept."""
    sim = Sim(data_dir=str(tmp_path), seed=6)
    new_game(sim, PRESETS.index("fan_tan"))
    g = sim.screen.g
    played = len(g.log)
    art = sim.app.art
    faces = [ui._T_RANK + r for r in (9, 10, 11, 12, 22, 23, 24)] + [ui.T_NEED + 12]

    def tiles(a):
        return [[a.sheet[i * a.tw + x, y] for x in range(a.tw) for y in range(a.th)] for i in faces]
    english = tiles(art)
    sim.press("MENU")
    try:
        select_menu(sim, "Settings")
        sim.press("OK")
        select_menu(sim, "Speed")
        sim.press("RIGHT")
        select_menu(sim, "Language")
        sim.press("RIGHT")                       # French: the page is rebuilt in it
        assert sim.screen.title == "Réglages"
        sim.press("BACK")
        assert sim.screen.title == text.t("paused") == "Pause"
        select_menu(sim, text.t("resume"))
        sim.press("OK")
        assert isinstance(sim.screen, TableScreen) and sim.screen.g is g and len(g.log) == played
        fresh = ui.CardArt(art.tw, art.th, sim.app.layout.tile_font, sim.app.theme)    # drawn in French
        assert sim.app.art is art and tiles(art) == tiles(fresh)
        assert [a == b for a, b in zip(tiles(art), english)] == [True] + [False] * 3 + [True] + [False] * 3
        again = Sim(data_dir=str(tmp_path)).app.settings
        assert again["lang"] == 1 and again["speed"] != Sim(data_dir=str(tmp_path / "new")).app.settings["speed"]
    finally:
        text.set_lang(0)


def test_a_menu_taller_than_the_screen_marks_the_lines_out_of_view():
    """On 128x64 Rules & help has more lines than fit: \u25bc while some are below, \u25b2 once
    the last is in view; a menu that fits shows neither."""
    sim = Sim("adafruit_macropad_rp2040")
    assert sim.screen.more.text == " " or len(sim.screen.items) > sim.screen.visible
    select_menu(sim, "Rules & help")
    sim.press("OK")
    scr = sim.screen
    assert len(scr.items) > scr.visible and scr.more.text == "\u25bc"
    assert "\u25bc" in [lb.text for lb, x, y in labels(scr)]        # drawn, in the screen's group
    for _ in range(len(scr.items) - 1):
        sim.press("DOWN")
    assert scr.sel == len(scr.items) - 1 and scr.more.text == "\u25b2"
    big = Sim("pimoroni_picosystem")
    assert len(big.screen.items) <= big.screen.visible and big.screen.more.text == " "


def test_the_marked_line_of_a_tall_menu_stays_in_view_both_ways():
    """MacroPad's Rules & help: DOWN to the last line and UP back to the first, the marked
    line is on screen after every press (UP scrolled the view back only once past the top)."""
    sim = Sim("adafruit_macropad_rp2040")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    scr = sim.screen
    assert len(scr.items) > scr.visible
    n = len(scr.items) - 1
    for key in ["DOWN"] * n + ["UP"] * n:
        sim.press(key)
        marked = [lb.text for lb, x, y in labels(scr) if lb.text.startswith("\u25b6")]
        assert marked == ["\u25b6" + scr.item_text(scr.items[scr.sel])], (key, scr.sel, marked)
    assert scr.sel == 0 and scr.top == 0


def test_a_paid_pass_and_chip_scoring_change_together_on_the_new_game_screen():
    """A paid pass is a chip-game rule: scoring a Fan Tan in points turns it off, and turning
    it on again scores in chips (the screen silently refused both)."""
    sim = Sim()
    pick_preset(sim, PRESETS.index("fan_tan"))
    r = sim.app.rules()
    assert r.scoring == CHIPS and r.strategic_pass
    select_menu(sim, "Scoring")
    sim.press("RIGHT")
    r = sim.app.rules()
    assert r.scoring != CHIPS and not r.strategic_pass and r.problem() is None
    select_menu(sim, "Paid pass")
    sim.press("RIGHT")
    r = sim.app.rules()
    assert r.scoring == CHIPS and r.strategic_pass and r.problem() is None
    select_menu(sim, "Scoring")
    for _ in range(3):                       # round the values, back to chips
        sim.press("RIGHT")
    assert sim.app.rules().scoring == CHIPS and sim.app.rules().strategic_pass   # as Fan Tan has it
    select_menu(sim, "Start")
    sim.press("OK")
    assert isinstance(sim.screen, TableScreen) and sim.app.match.rules == r


def test_a_race_can_be_set_shorter_on_the_new_game_screen():
    """Domino races to 100 (about 60 deals at one point a card); "Ends at" sets 25 or 50,
    and only where the scoring is a race."""
    sim = Sim()
    pick_preset(sim, PRESETS.index("domino"))
    select_menu(sim, "Ends at")
    assert sim.screen.item_text(sim.screen.items[sim.screen.sel]) == "Ends at"
    sim.press("LEFT")
    assert sim.app.rules().target == 50
    assert sim.screen.items[sim.screen.sel][1]() == "50"       # the menu says where it ends
    select_menu(sim, "Start")
    sim.press("OK")
    assert sim.app.match.rules.target == 50
    other = Sim()
    pick_preset(other, PRESETS.index("fan_tan"))
    before = other.app.rules()
    assert line_value(other, "Ends at") == "-" and passed_by(other, "Ends at")
    assert other.app.rules() == before


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_every_menu_taller_than_its_screen_has_its_scroll_mark(board):
    """In every language, a menu with lines out of view shows ▼ (a long title is drawn small
    to leave it room: French "Nouvelle partie" on the Sprig had none)."""
    try:
        for lang in range(3):
            sim = Sim(board)
            sim.app.settings["lang"] = lang
            text.set_lang(lang)
            for screen in (sim.app.new_game, sim.app.help_menu, sim.app.settings_screen):
                screen()
                scr = sim.screen
                if len(scr.items) > scr.visible:
                    assert scr.more is not None and scr.more.text == "\u25bc", (board, lang, scr.title)
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_a_menu_title_of_any_length_gives_way_to_its_scroll_mark(board):
    """Whatever a menu's title (a translation), on a menu taller than the screen: the \u25bc is
    dropped only when even the title's small letters leave it no room (a big title is drawn
    small first), and where it is drawn a pixel at least parts it from the title."""
    sim = Sim(board)
    w = sim.app.layout.w
    items = [["L%d" % i, None, None, later(int)] for i in range(40)]
    for n in range(1, w // ui.text_width("M", sim.app.layout.font) + 1):
        scr = ListScreen(sim.app, "M" * n, items)
        sim.app.goto(scr)
        title = scr.group[0]
        end = title.x + title.bounding_box[2] * title.scale       # the title's right end
        assert len(items) > scr.visible
        if scr.more is None:
            assert title.scale == 1, (n, end)
        else:
            assert scr.more.text == "\u25bc" and scr.more.x > end, (n, end, scr.more.x)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_a_menu_whose_lines_all_show_draws_its_title_big_wherever_it_fits(board):
    """With no line out of view there is no scroll mark to leave room for: the title is drawn
    big (where the layout has big titles) as long as it fits with a pixel to spare each side,
    as the Thumby Color's "Fan Tan" on the title screen and "Rules & help" are."""
    sim = Sim(board)
    L = sim.app.layout
    fw = ui.text_width("M", L.font)
    items = [["L1", None, None, later(int)], ["L2", None, None, later(int)]]
    for n in range(1, L.w // fw + 1):
        scr = ListScreen(sim.app, "M" * n, items)
        sim.app.goto(scr)
        title = scr.group[0]
        big = L.scale_title > 1 and (L.w + 2 * n * fw) // 2 + 2 < L.w   # its right end 3 px in
        assert title.scale == (2 if big else 1), (n, title.scale)
        if big:
            assert title.x >= 1 and title.x + title.bounding_box[2] * 2 <= L.w - 1, n
    if board == "tinycircuits_thumby_color":
        for screen in (sim.app.title, sim.app.help_menu):
            screen()
            assert sim.screen.group[0].scale == 2, sim.screen.title


def test_a_menu_line_gives_its_name_all_the_room_its_value_leaves():
    """A line with no value may run to the screen's edge; next to a value too wide for both,
    the name gives way down to the cursor and its first letter, no further."""
    sim = Sim("pimoroni_picosystem")
    L = sim.app.layout
    fw = ui.text_width("M", L.font)
    name = "N" * ((L.w - 2) // fw - 1)          # with the cursor mark: to the right edge
    scr = ListScreen(sim.app, "t", [[name, None, None, later(int)],
                                    ["Abc", lambda: "V" * (L.w // fw), None, later(int)]])
    sim.app.goto(scr)
    assert 2 + ui.text_width(scr.rows[0][0].text, L.font) <= L.w
    assert scr.rows[0][0].text == "\u25b6" + name
    assert scr.rows[1][0].text == " A"


def test_a_menu_line_s_name_stays_clear_of_its_value_on_every_screen():
    """However long a name and its value, the name ends at least 4 pixels before the value
    begins (it gives way where they would come closer), on every layout's width and font."""
    from firmware.layouts import for_size
    sim = Sim()
    for w, h in ((128, 64), (160, 128), (240, 135), (240, 240), (296, 128), (320, 240)):
        L = sim.app.layout = for_size(w, h)
        fw = ui.text_width("M", L.font)
        for m in range(1, 4):
            items = [["N" * n, lambda m=m: "V" * m, None, later(int)] for n in range(1, w // fw)]
            scr = ListScreen(sim.app, "t", items, sel=len(items) - 1)
            sim.app.goto(scr)
            for i in range(len(items)):
                scr.sel = i
                scr.show()
                row = scr.sel - scr.top
                name, value = scr.rows[row]
                gap = (w - 2 - ui.text_width(value.text, L.font)) - (2 + ui.text_width(name.text, L.font))
                assert gap >= 4, (w, m, name.text, value.text)


def test_a_name_that_fills_the_line_to_the_gap_leaves_its_value_s_arrows_spaced():
    """On 128x64, a marked line whose name and "\u25c0 3 \u25b6" leave exactly the gap between
    them keeps the arrows a space from the value; they close up only for a name one letter longer."""
    sim = Sim("adafruit_macropad_rp2040")
    L = sim.app.layout
    fw = ui.text_width("M", L.font)
    n = (L.w - 8) // fw - len("\u25c0 3 \u25b6") - 1            # the cursor mark, then the name
    assert ui.text_width("\u25b6" + "N" * n + "\u25c0 3 \u25b6", L.font) == L.w - 8
    for name, value in (("N" * n, "\u25c0 3 \u25b6"), ("N" * (n + 1), "\u25c03\u25b6")):
        scr = ListScreen(sim.app, "t", [[name, lambda: "3", lambda step: None, None]])
        sim.app.goto(scr)
        assert (scr.rows[0][0].text, scr.rows[0][1].text) == ("\u25b6" + name, value)


def test_an_empty_line_of_a_page_stays_a_blank_row():
    """A page keeps an empty text line as a blank row between its neighbours (wrapped, it is
    no line at all)."""
    sim = Sim()
    sim.app.goto(PageScreen(sim.app, "t", [("a", ui.TEXT), ("", ui.TEXT), ("b", ui.TEXT)]))
    assert [lb.text for lb in sim.screen.slots] == ["a", " ", "b"]


def test_down_past_a_tall_menu_s_last_row_scrolls_it_one_line():
    """MacroPad's Rules & help: DOWN from the last row in view brings in the next line alone,
    marked on the bottom row, and the view moves no further."""
    sim = Sim("adafruit_macropad_rp2040")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    scr = sim.screen
    assert len(scr.items) > scr.visible
    for _ in range(scr.visible):
        sim.press("DOWN")
    assert scr.sel == scr.visible and scr.top == 1
    assert scr.rows[-1][0].text == "\u25b6" + scr.item_text(scr.items[scr.sel])


@pytest.mark.parametrize("w, h", ((128, 64), (160, 128), (240, 135), (240, 240), (296, 128), (320, 240)))
def test_a_long_page_fills_a_screen_of_any_height_to_its_last_whole_row(w, h):
    """A screen a few pixels taller or shorter than a board's (a new board): a page shows as
    many rows as fit whole under its title, the last one's glyphs above the bottom edge."""
    from firmware.layouts import for_size
    sim = Sim()
    for tall in range(h, h + 20):
        L = sim.app.layout = for_size(w, tall)
        f = ui.font(L.font)
        sim.app.goto(PageScreen(sim.app, "t", [("x", ui.TEXT)] * 60))
        y = sim.screen.slots[-1].anchored_position[1]
        assert y + f.descent + f.height <= tall < y + L.lh + f.descent + f.height, (tall, y)


def test_a_free_opening_in_sevens_is_made_by_the_player_left_of_the_dealer():
    """Sevens' 7♦ would fix any opening to the 7s: choosing 5 or 9, or any rank, lets the
    player left of the dealer open instead (it played exactly as Sevens), and the 7s bring
    the 7♦ back. In Play or Pay, whose rows go round the corner, the ace line says "-"."""
    from engine.rules import SEVENS, FIVE_OR_NINE, ANY_RANK, PLAY_OR_PAY, LEFT_OF_DEALER
    sim = Sim()
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Opening")
    seen = []
    for _ in range(4):
        sim.press("RIGHT")
        r = sim.app.rules()
        assert r.problem() is None
        seen.append((r.opening, r.opener))
    seven = preset("sevens").opener
    assert seen == [(FIVE_OR_NINE, LEFT_OF_DEALER), (ANY_RANK, LEFT_OF_DEALER),
                    (PLAY_OR_PAY, seven), (SEVENS, seven)]
    sim.press("BACK")
    pick_preset(sim, PRESETS.index("play_or_pay"))
    assert line_value(sim, "Ace high") == "-"


def test_the_match_s_winners_are_you_a_bot_or_a_shared_win_in_every_language():
    """The standings' last line at a match's end (text.match_winners): "You win" only when
    you alone lead; a bot alone by its name; two or more leaders share the win, you among
    them or not."""
    said = (("You win the match!", "P3 wins the match", "Shared win: You, P3", "Shared win: P2, P3"),
            ("Vous gagnez la partie !", "P3 gagne la partie", "Ex aequo: Vous, P3", "Ex aequo: P2, P3"))
    try:
        for lang in range(2):
            text.set_lang(lang)
            assert [text.match_winners(won, 0) for won in ([0], [2], [0, 2], [1, 2])] == list(said[lang])
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("lang", range(3))
def test_a_panel_with_room_names_the_keys_under_the_table(lang):
    """The Picomo's 240x280 panel has room under the hand for a line naming the keys, and so
    has the PicoSystem's 240x240 under two lines of a 3-player hand (a play-test found its
    bottom 48 pixels empty and no key named at the table). 320x240 has too: there OK is the
    letter printed on the key (found by QA: "OK play" on a PicoPad, whose OK key reads A).
    Where HINT's key bears a letter the line names it too ("X: hint": the play-test found
    nothing at the table said a hint was there), in every language, inside the panel; the
    Picomo's HINT is a key known by its place, which the Buttons page names instead. The
    T-Display's 240x135 has a line under its ledger: there OK is a hold of R (QA: nothing at
    its table said how to play). Where left and right are lettered keys (the T-Display's L R,
    the Explorer's C Z, the Badger 2350's A C), the line names those letters, not arrows the
    board does not have. Where no letter is HINT's, the line names the key that pauses, whose
    menu has the hint, the rules and the standings ("hold L: pause": nothing at the T-Display's
    table said how to reach them; in French and German, where the whole line does not fit, the
    pause is named and "L R: pick" is left out, the keys a player tries first); the Picomo's is
    a place too."""
    for board, footer, hint, pick in (("heiafr_picomo_v3", "OK", None, None),
                                      ("pimoroni_picosystem", "A", ("keys_hint", "X", False), None),
                                      ("pajenicko_picopad", "A", ("keys_hint", "X", False), None),
                                      ("ugame22", "O", ("keys_hint", "Z", False), None),
                                      ("lilygo_t_display_rp2040", "hold R", ("keys_pause", "L", True), "L R"),
                                      ("pimoroni_explorer2350", "A", ("keys_pause", "B", False), "C Z"),
                                      ("pimoroni_badger2350", "B", ("keys_pause", "B", True), "A C")):
        sim = Sim(board, seed=1)
        new_game(sim, PRESETS.index("fan_tan"), players=3)
        text.set_lang(lang)
        try:
            sim.press("MENU")
            sim.press("BACK")                   # the table again, in that language
            t = sim.screen
            shown = [(lb.text, x, y) for lb, x, y in labels(t) if lb is t.footer]
            words = (footer if footer != "hold R" else text.t("hold_ok") % "R") + text.t("keys_table")[2:]
            if pick:                            # left and right as their keys are printed
                words = words.replace("\u2190 \u2192", pick)
            if hint:
                key, letter, held = hint
                more = words + "  " + text.t(key) % (text.t("hold_ok") % letter if held else letter)
                fits = ui.text_width(more, sim.app.layout.font) <= sim.hal.profile.WIDTH - 2
                assert fits or lang and held, (board, more)     # only a hold's words may not fit
                if not fits:                    # then OK's and the pause's only: both fit
                    more = words.split("  ")[0] + more[len(words):]
                    assert ui.text_width(more, sim.app.layout.font) <= sim.hal.profile.WIDTH - 2
                words = more
            assert shown and shown[0][0] == words, shown
            assert t.hand.y + t.hand.height * t.hand.tile_height <= shown[0][2] < sim.hal.profile.HEIGHT
            left, width = shown[0][1], t.footer.bounding_box[2]
            assert 0 <= left and left + width <= sim.hal.profile.WIDTH, (board, lang, left, width)
        finally:
            text.set_lang(0)


@pytest.mark.parametrize("board, ok_key", (("pimoroni_picosystem", "A"), ("lilygo_t_display_rp2040", "R")))
def test_at_a_deal_s_end_the_keys_line_says_ok_goes_on(board, ok_key):
    """Once the deal is over nothing is played or picked: the keys line says what OK does then
    ("A: continue", "hold R: continue"), as the replay's end does, until the results."""
    sim = Sim(board, seed=2)
    new_game(sim, PRESETS.index("fan_tan"), players=3)
    t = sim.screen
    assert "pick" in t.footer.text
    play_out(t.g)
    sim.tick()                                  # the end drawn
    assert t.g.over and sim.screen is t and not t.footer.hidden
    key = ok_key if ok_key == "A" else text.t("hold_ok") % ok_key
    assert t.footer.text == text.t("ok_continue").replace("OK", key)
    sim.press("OK")
    assert sim.screen is not t and "Results" in sim.screen.title


def test_the_t_display_keys_line_gives_way_to_a_third_ledger_line():
    """On the T-Display the opponents' ledger sits above the keys line. Seven players late in a
    Parliament race ("P7 D 104 pt 10\u2665") need a third ledger line: it takes the keys line's
    place, which comes back once two lines hold them again. The ledger's lines stand the
    layout's line height apart, as these sums count them (not the label's own 1.25 lines)."""
    sim = Sim("lilygo_t_display_rp2040", seed=4)
    new_game(sim, PRESETS.index("parliament"), players=7)
    t = sim.screen
    lh, cells = sim.app.layout.lh, ui.font(sim.app.layout.font).height
    assert not t.footer.hidden and t.ledger.text.count("\n") == 1
    bottom = t.ledger.anchored_position[1] + 2 * lh
    assert bottom <= t.footer.anchored_position[1]          # two lines: both in view, apart
    assert t.ledger.bounding_box[3] == cells + lh           # the second line lh below the first
    m = sim.app.match
    for p in range(1, 7):
        m.scores[p] = 104
    t.update(0)
    assert t.ledger.text.count("\n") == 2 and t.footer.hidden
    assert t.ledger.bounding_box[3] == cells + 2 * lh
    for p in range(1, 7):
        m.scores[p] = 4
    t.update(0)
    assert t.ledger.text.count("\n") == 1 and not t.footer.hidden


def test_a_hint_is_searched_for_only_on_your_own_turn():
    """HINT while the bots play, or once the deal is over, starts no search (it hurries the
    bots, or waits for OK); on your turn the stepped search ends in a card you may lay."""
    sim = Sim("pimoroni_picosystem", seed=3)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    assert t.g.turn == t.me
    sim.press("OK", settle=False)               # your card: the bots' turn
    assert t.g.turn != t.me
    sim.press("HINT", settle=False)
    assert sim.screen is t and t.hinting is None
    sim.settle()
    assert t.g.turn == t.me
    sim.press("HINT")
    assert t.g.check(t.hint_card, t.me) == R.OK
    while t.g.counts[t.me] > 1 and not t.g.over:
        sim.play_legal()
    while not t.g.over:                         # the last card, or the bots going out
        sim.press("OK", settle=False)
        sim.tick()
    sim.press("HINT", settle=False)
    assert sim.screen is t and t.hinting is None


def test_the_heap_estimate_counts_a_grid_s_every_tile_its_palette_s_colours_and_font_code_points():
    """A TileGrid keeps a byte per tile (3 x 2 tiles: 6), a Palette 4 bytes a colour (4
    colours: 16), and a loaded font its strip and 2 bytes per code point."""
    import displayio
    sim = Sim("pimoroni_picosystem", seed=3)
    bmp = displayio.Bitmap(12, 8, 4)
    grid = displayio.TileGrid(bmp, pixel_shader=displayio.Palette(4), width=3, height=2,
                              tile_width=4, tile_height=4)
    assert heap.tree_bytes(grid, set()) == heap.OBJ + 6 + heap.bitmap_bytes(bmp) + heap.OBJ + 4 * 4
    fonts = list(ui._fonts.values())
    assert fonts and sim.app is not None
    assert heap.font_bytes() == sum(2 * heap.OBJ + heap.bitmap_bytes(f.bitmap) + 2 * f.count for f in fonts)


def test_the_heap_estimate_counts_whole_words_label_text_and_the_engine_once():
    """firmware/heap.py as CircuitPython sizes things: a bitmap row is whole 32-bit words (33
    pixels at 1 bit take 2 words), a label its text too, a bitmap two grids share once, and the
    engine's state only while a match is on."""
    import displayio
    sim = Sim("pimoroni_picosystem", seed=3)           # at the title (its fonts for the label)
    assert heap.bitmap_bytes(displayio.Bitmap(33, 5, 2)) == 2 * 4 * 5 + heap.OBJ
    assert heap.bitmap_bytes(displayio.Bitmap(8, 5, 16)) == 4 * 5 + heap.OBJ      # 4 bits a pixel
    lb = ui.label("abcdefgh", "5x8", 0, 0, 0xFFFFFF)
    seen = set([id(lb)])
    parts = sum(heap.tree_bytes(child, seen) for child in lb)
    assert heap.tree_bytes(lb, set()) == (heap.OBJ + heap.GROUP_CHILD * len(lb) + parts
                                          + heap.LABEL + len("abcdefgh"))
    bmp = displayio.Bitmap(40, 4, 2)
    pal = displayio.Palette(2)
    two = displayio.Group()
    for x in (0, 40):
        two.append(displayio.TileGrid(bmp, pixel_shader=pal, x=x))
    one_grid = heap.OBJ + 1
    assert heap.tree_bytes(two, set()) == (heap.OBJ + 2 * heap.GROUP_CHILD + 2 * one_grid
                                           + heap.bitmap_bytes(bmp) + heap.OBJ + 4 * 2)
    assert heap.estimate(sim.app) == heap.estimate(sim.app, engine=False)       # the title: no match
    sim.app.start_match()
    sim.settle()
    assert heap.estimate(sim.app) - heap.estimate(sim.app, engine=False) == heap.ENGINE
    # at the table the card sheet is in the display tree: counted there, not again
    assert heap.estimate(sim.app, engine=False) == heap.tree_bytes(sim.app.root, set()) + heap.font_bytes()
    # the pause menu: the sheet is kept for the table but drawn nowhere, so counted on its own
    sim.press("MENU")
    assert not isinstance(sim.screen, TableScreen) and sim.app.art.sheet is not None
    assert heap.estimate(sim.app, engine=False) == (heap.tree_bytes(sim.app.root, set()) + heap.font_bytes()
                                                    + heap.bitmap_bytes(sim.app.art.sheet))


@pytest.mark.parametrize("lang", range(3))
def test_the_table_page_calls_the_paid_pass_as_the_new_game_screen_does(lang):
    """Rules & help > The table explains "Pass -6…-9" with the name the new-game option gives a
    paid pass (the French page said "un passage payant" beside the option "Passe payante"), in
    a sentence: "Pass -6…-9:" as a key's name wrapped onto a line of its own."""
    Sim("adafruit_macropad_rp2040")             # its fonts, for the 128 px line below
    text.set_lang(lang)
    try:
        said = text.rules_words().TABLE[-1].lower()
        assert text.t("pass_cost").lower() + " -6…-9 " in said, said
        assert text.t("strategic_pass").lower() in said, said
        assert not ui.wrap(text.rules_words().TABLE[-1], "5x8", 128)[0].endswith(":")
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_the_table_shows_each_opponent_s_chips_as_the_table_page_says(board):
    """Rules & help > The table says where each opponent's chips ($) or points (pt) are: beside
    them, under your hand, or on the smallest screen in Standings. The page said "beside each
    player (or under your hand, on small screens)" while a 4-player chip game on the MacroPad
    showed "2:12 8♥" per opponent and their chips only in Standings."""
    sim = Sim(board, seed=5)
    new_game(sim, PRESETS.index("fan_tan"), players=4)
    sim.settle()
    shown = " ".join([lb.text for lb, x, y in labels(sim.screen)])
    m = sim.app.match
    missing = [p for p in range(1, m.players) if "$" + str(m.chips[p]) not in shown]
    assert missing == [] or sim.app.layout.name == "128x64", (missing, shown)    # any board it fits
    if missing:
        for lang in range(3):
            text.set_lang(lang)
            try:
                assert text.t("standings").lower() in text.rules_words().TABLE[3].lower(), lang
            finally:
                text.set_lang(0)
        standings = " ".join([line for line, colour in standings_lines(sim.app)])
        for p in missing:
            assert "$" + str(m.chips[p]) in standings, (p, standings)
        # yours are on the message line, and each label is "seat:cards last" as the page's
        # example reads it (QA: a newcomer could not read "3:13 -")
        assert "$" + str(m.chips[0]) in message(sim.screen), message(sim.screen)
        for p, l1, l2, width in sim.screen.opp_labels:
            assert re.match("%d[:\u25b6][0-9]+!?( |$)" % (p + 1), l1.text), l1.text
        for lang in range(3):
            text.set_lang(lang)
            try:
                assert " 2:12 7\u2665 " in text.rules_words().TABLE[3], lang
            finally:
                text.set_lang(0)


@pytest.mark.parametrize("board", ("adafruit_macropad_rp2040", "pimoroni_badger2040"))
def test_the_dealer_is_marked_once_beside_their_label_or_under_the_hand(board):
    """Three players: the MacroPad's one-line labels have room for the dealer's D beside its
    seat; where lines under the hand list each one's chips and the dealer (Badger), the labels
    do not say them again."""
    sim = Sim(board, seed=5)
    new_game(sim, PRESETS.index("fan_tan"), players=3)
    t = sim.screen
    said = [l1.text for p, l1, l2, width in t.opp_labels] + ([t.ledger.text] if t.ledger else [])
    assert " ".join(said).split().count("D") == 1 and sim.app.match.dealer != t.me, said
    assert not any("$" in x for x in said[:2]) and ("$" in said[-1]) == (t.ledger is not None), said


def test_a_new_game_line_with_nothing_to_choose_is_passed_by():
    """"-" on the new-game screen means the option does not apply (aces in Play or Pay, whose
    rows go round the corner, and the neighbours' part of its paid pass, each row having one
    end; the race target outside a race; a seat nobody plays). UP and DOWN pass such a line
    by, so no key changes it. QA scrolled through a dozen of them in
    Sevens. Where the preset sets the count (Sevens: 4), the Players line says it and is
    passed by too; Fan Tan's takes LEFT and RIGHT."""
    sim = Sim(seed=3)
    pick_preset(sim, PRESETS.index("play_or_pay"))
    before = (sim.app.rules(), list(sim.app.seat_levels))
    for name in ("Ace high", "Ends at", "To neighbours", "P5"):
        assert line_value(sim, name) == "-" and passed_by(sim, name), name
    assert (sim.app.rules(), list(sim.app.seat_levels)) == before
    select_menu(sim, "Opens")                   # the line above Ace high: it shows "-"
    scr = sim.screen
    name, value = scr.rows[scr.sel - scr.top + 1]
    assert "Ace high" in name.text and value.text == "-"
    select_menu(sim, "P3")                      # a seat that plays still has its arrows
    sim.press("RIGHT")
    assert scr.rows[scr.sel - scr.top][1].text.startswith("\u25c0")
    select_menu(sim, "Start")
    sim.press("OK")
    assert not sim.app.match.rules.ace_high
    for key, fixed in (("sevens", True), ("fan_tan", False)):
        sim = Sim()
        pick_preset(sim, PRESETS.index(key))
        assert passed_by(sim, "Players") == fixed, key
        assert line_value(sim, "Players") == "4"
    sim.press("RIGHT")                          # Fan Tan, on its Players line: 3 to 7
    assert sim.app.rules().players == 5
    assert sim.screen.rows[sim.screen.sel - sim.screen.top][1].text == "\u25c0 5 \u25b6"


@pytest.mark.parametrize("board", ("adafruit_macropad_rp2040", "lilygo_t_display_rp2040"))
def test_no_more_lines_mark_for_lines_passed_by(board):
    """The \u25bc in New game's corner says lines lie below that DOWN reaches. In Sevens the
    last it reaches is P4: P5-P7 below read "-" and are passed by, so at P4 no \u25bc is
    left pointing at them (QA). In Fan Tan with 5 players it points at P5 from P4."""
    for key, players in (("sevens", 4), ("fan_tan", 5)):
        sim = Sim(board)
        pick_preset(sim, PRESETS.index(key))
        if players == 5:
            set_line(sim, "Players", players, "players")
        select_menu(sim, "Bots")
        scr = sim.screen
        assert scr.more.text == "\u25bc"
        select_menu(sim, "P4")
        assert scr.top + scr.visible < len(scr.items)               # lines below, out of view
        assert scr.more.text == ("\u25b2" if players == 4 else "\u25bc"), key
        sim.press("DOWN")
        if players == 5:
            assert scr.items[scr.sel][0] == "P5" and scr.more.text == "\u25b2"
            sim.press("DOWN")
        assert scr.items[scr.sel][0] == "start"


@pytest.mark.parametrize("key", ["sevens", "domino", "parliament"])
def test_turning_a_paid_pass_off_keeps_the_chip_scoring_you_chose(key):
    """In a preset scored in points or a race, a player who sets Scoring: chips, a number of
    deals and a paid pass, then turns the paid pass off, still plays for chips: chips without
    a paid pass is a rule set. The screen put the preset's scoring back (Sevens: points, 4
    deals; Domino: race to 100), silently undoing two lines the player had set. Found by QA
    of the new options."""
    sim = Sim()
    pick_preset(sim, PRESETS.index(key))
    set_line(sim, "Scoring", CHIPS, "scoring")
    select_menu(sim, "Deals")
    sim.press("RIGHT")
    deals = sim.app.rules().deals
    select_menu(sim, "Paid pass")
    sim.press("RIGHT")
    assert sim.app.rules().strategic_pass
    sim.press("RIGHT")
    r = sim.app.rules()
    assert not r.strategic_pass
    assert (r.scoring, r.deals) == (CHIPS, deals)


def test_the_paid_pass_line_changes_no_other_line_when_it_cannot_turn_on():
    """Domino in chips with 80 each cannot have a paid pass (its 6 seats would give more
    strategic passes than a save holds): RIGHT on "Paid pass: off" turned the scoring back
    to a race to 100 instead, the paid pass still off."""
    sim = Sim()
    pick_preset(sim, PRESETS.index("domino"))
    set_line(sim, "Scoring", CHIPS, "scoring")
    set_line(sim, "Chips", 80, "chips")
    before = sim.app.rules()
    assert line_value(sim, "Paid pass") == "-"             # nothing to choose: passed by
    assert passed_by(sim, "Paid pass")
    assert sim.app.rules() == before


def test_the_seven_picked_comes_back_after_a_free_opening(tmp_path):
    """Opens 7♥, then Opening through 5 or 9 (the player left of the dealer opens there) and
    back to 7s: Opens is the 7♥ again, also after a power cut between two detours or in the
    middle of one (the prefs keep the pick: the rule set then holds the forced "left of the
    dealer"); a preset change forgets it."""
    from engine.rules import SEVENS, FIVE_OR_NINE, LEFT_OF_DEALER, SEVEN_OF_CLUBS

    def detour(sim):
        seen = set_line(sim, "Opening", FIVE_OR_NINE, "opening")
        assert line_value(sim, "Opens") == text.option_text("opener", sim.app.rules())
        assert sim.app.rules().opener == LEFT_OF_DEALER
        set_line(sim, "Opening", SEVENS, "opening")
        return seen

    sim = Sim(seed=4, data_dir=str(tmp_path))
    pick_preset(sim, PRESETS.index("sevens"))
    set_line(sim, "Opens", SEVEN_OF_HEARTS, "opener")
    detour(sim)
    assert sim.app.rules().opener == SEVEN_OF_HEARTS and line_value(sim, "Opens") == "7\u2665"
    sim2 = Sim(seed=4, data_dir=str(tmp_path))          # the badge off and on again
    select_menu(sim2, "New game")
    sim2.press("OK")
    assert sim2.app.rules().opener == SEVEN_OF_HEARTS
    detour(sim2)
    assert sim2.app.rules().opener == SEVEN_OF_HEARTS
    select_menu(sim2, "Rules")
    sim2.press("RIGHT")
    sim2.press("LEFT")
    assert sim2.app.settings["preset"] == PRESETS.index("sevens")
    detour(sim2)
    assert sim2.app.rules().opener == SEVEN_OF_DIAMONDS
    # off and on in the middle of the detour: the pick comes back, and the left of the dealer
    # the free opening forced is not taken for one (QA got "left of D", then the 7♦)
    for pick in (None, SEVEN_OF_CLUBS):
        if pick is not None:
            set_line(sim2, "Opens", pick, "opener")
        set_line(sim2, "Opening", FIVE_OR_NINE, "opening")
        sim3 = Sim(seed=4, data_dir=str(tmp_path))
        select_menu(sim3, "New game")
        sim3.press("OK")
        assert sim3.app.rules().opening == FIVE_OR_NINE
        set_line(sim3, "Opening", SEVENS, "opening")
        assert sim3.app.rules().opener == (pick or SEVEN_OF_DIAMONDS)
        sim2 = sim3


def test_the_left_of_the_dealer_picked_comes_back_after_a_free_opening():
    """Opens "left of the dealer", picked on a preset whose 7s opening starts with the 7♦:
    after a detour through 5 or 9 it is still the pick (it was taken for no pick, and the
    7♦ came back)."""
    from engine.rules import SEVENS, FIVE_OR_NINE, LEFT_OF_DEALER
    sim = Sim(seed=4)
    pick_preset(sim, PRESETS.index("sevens"))
    assert sim.app.rules().opener == SEVEN_OF_DIAMONDS
    set_line(sim, "Opens", LEFT_OF_DEALER, "opener")
    set_line(sim, "Opening", FIVE_OR_NINE, "opening")
    set_line(sim, "Opening", SEVENS, "opening")
    assert sim.app.rules().opener == LEFT_OF_DEALER
    assert line_value(sim, "Opens") == text.option_text("opener", sim.app.rules())


def test_any_seven_can_open():
    """Tables start with the 7♦ or the 7♥, and some with the 7♠ (Taiwan, China) or the 7♣
    (Finland): Opens offers each, the match opens with it, and its rules page says so."""
    sim = Sim(seed=4)
    pick_preset(sim, PRESETS.index("sevens"))
    assert set_line(sim, "Opens", 45, "opener") == [SEVEN_OF_DIAMONDS, SEVEN_OF_HEARTS, 6]
    assert line_value(sim, "Opens") == "7\u2663"
    select_menu(sim, "Start")
    sim.press("OK")
    sim.settle()
    g = sim.screen.g
    assert g.log[0] == 45 if g.log else g.legal_moves() == [45]     # the 7♣ first, whoever holds it
    sim.press("MENU")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    assert "The 7\u2663 opens." in " ".join(page_text(sim.screen))


def test_the_opener_you_chose_stays_when_the_opening_changes_to_one_it_fits():
    """Sevens with the 7♥ opening, switched to Play or Pay (where a set card starts its suit
    too): the 7♥ still opens. The screen put the preset's 7♦ back, unseen unless the player
    looked at the Opens line again. Found by QA of the new options."""
    sim = Sim()
    pick_preset(sim, PRESETS.index("sevens"))
    select_menu(sim, "Opens")
    sim.press("RIGHT")
    assert sim.app.rules().opener == SEVEN_OF_HEARTS
    select_menu(sim, "Opening")
    sim.press("LEFT")                       # sevens -> play/pay
    r = sim.app.rules()
    assert r.opening == preset("play_or_pay").opening and r.opener == SEVEN_OF_HEARTS
    sim.press("RIGHT")                      # and back
    assert sim.app.rules().opener == SEVEN_OF_HEARTS


def test_a_dealer_s_pass_too_wide_for_its_label_reads_as_a_dash():
    """Picomo, Play or Pay, 5 players: the dealer P2 passed. "P2 D pass" fits its label in
    English, but French "P2 Dn passe" and German "P2 G passt" did not, and the pass went
    unsaid (QA): there it reads "P2 Dn -", as the smallest labels write a pass."""
    try:
        for lang, dealer_label, pass_word in ((0, " P2 D pass", "pass"), (1, " P2 Dn -", "passe"),
                                              (2, " P2 G -", "passt")):
            sim = Sim("heiafr_picomo_v3", seed=5)
            sim.app.settings["deal"] = 4242
            new_game(sim, PRESETS.index("play_or_pay"), players=5)
            text.set_lang(lang)
            sim.press("MENU")
            sim.press("BACK")                   # the table again, in that language
            t = sim.screen
            shown = dict((p, l1.text) for p, l1, l2, w in t.opp_labels)
            assert t.g.dealer == 1 and t.g.last[1] == PASS
            assert shown[1] == dealer_label and shown[2] == " P3 " + pass_word, shown
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("board", ("pimoroni_picosystem", "adafruit_macropad_rp2040"))
def test_replay_tells_a_declined_coventry_bonus_as_no_pass(board):
    """Coventry: declining the bonus card is no pass (the table keeps the starter as that
    player's move), so the replay says "P3: no bonus", in words that fit every language."""
    try:
        for lang in range(3):
            declined = []

            def decline(g):
                if g.bonus < 0:
                    return g.legal_moves()[0]
                declined.append((len(g.log), g.turn))
                return PASS
            sim = played_deal(board, "coventry", lang, decline)
            assert declined
            captions = replay_captions(sim)
            for at, p in declined:
                want = text.seat(p, sim.app.human) + ": " + text.t("no_bonus")
                assert captions[at].endswith(want), (captions[at], want)
            passes = [i for i, c in enumerate(captions) if c.endswith(text.says(1, 0, "pass"))]
            assert not set(at for at, _ in declined) & set(passes)
    finally:
        text.set_lang(0)


@pytest.mark.parametrize("board", LAYOUT_BOARDS + ("ugame22",))
def test_the_replay_names_the_key_that_leaves_it_from_its_start(board):
    """Before the replay's first step its keys line, or on boards without one the message line,
    names the key that leaves ("B: exit", "hold L: exit" on the T-Display, "hold B" on the
    Badger): a letter for BACK, or one held for it. Where the arrows and the exit do not both
    fit the message line, the exit is said alone. That key leaves at once. The message line
    names the keys that step as printed where they bear letters: "C next A previous" on the
    Badger, whose keys bear no arrows (it said "\u2192 next \u2190 previous": QA)."""
    try:
        for lang in range(3):
            sim = played_deal(board, "sevens", lang)
            replay = open_replay(sim)
            h = sim.app.key_name(hal.buttons.BACK)
            if board in ("pimoroni_badger2040", "lilygo_t_display_rp2040", "hack_club_sprig"):
                assert h, board
            said = replay.footer.text if replay.footer else message(replay)
            if h:
                assert said.endswith(text.t("keys_back") % h), said
            keys = text.t("keys_replay")
            if not replay.footer:                # the keys that step, by the letters printed on them
                p = hal.profile(board)
                for i in range(len(p.KEYS)):
                    b = p.KEYS[i][1]
                    if b in (hal.buttons.LEFT, hal.buttons.RIGHT) and p.LABELS[i] not in text.ARROWS:
                        keys = keys.replace("\u2190" if b == hal.buttons.LEFT else "\u2192", p.LABELS[i])
                if board == "pimoroni_badger2040":
                    assert keys == ("C next A previous", "C avance A recule", "C vor A zur\u00fcck")[lang]
                assert keys in said or "\u2190" not in said and "\u2192" not in said, said
            if not replay.footer and keys not in said:     # only where both do not fit
                both = said.replace(" \u00b7 ", " \u00b7 " + keys + "  ")
                L = sim.app.layout
                assert h and len(ui.wrap(both, L.font, L.msg[2])) > len(replay.msg_labels), said
            sim.press("BACK")
            assert sim.screen is not replay
    finally:
        text.set_lang(0)


def test_each_rules_page_gives_its_table_sizes_openings_and_ace():
    """What a player learns first from Rules & help: how many may play, how rows start and
    where the ace goes, as each preset has them (mutants giving fan tan "3-4 players", play or
    pay an any-rank opening, or every ace the other end passed)."""
    pages = rules_pages()
    sizes = {"sevens": "4 players.", "fan_tan": "3-5 players.", "domino": "3-6 players.",
             "parliament": "3-7 players.", "five_or_nine": "3-5 players.", "coventry": "3-5 players.",
             "play_or_pay": "3-5 players."}
    starts = ("Each suit starts with its 7", "The first card is a 5 or a 9", "The first card, of any rank",
              "One suit at a time")
    for k in PRESETS:
        r = preset(k)
        assert pages[k][0] == sizes[k], k
        said = [s for s in starts if s in " ".join(pages[k])]
        assert said == [starts[r.opening]], (k, said)
        if r.opening != PLAY_OR_PAY_OPENING:
            assert ("Ace is high (above the K)." if r.ace_high else "Ace is low (below the 2).") in pages[k], k
    assert "Ace is high (above the K)." in pages["sevens"] and "Ace is low (below the 2)." in pages["parliament"]


def test_the_paused_rules_page_prices_the_paid_pass_and_the_neighbours_apart():
    """A Fan Tan match with To neighbours at 5: the pass still costs its 3 chips to the pot and
    each neighbour is paid 5 (mutants writing one price for the other passed: the presets have
    both at 3)."""
    sim = Sim(seed=4)
    start_with(sim, "fan_tan", "To neighbours", 5, "gate_penalty")
    r = sim.app.match.rules
    assert (r.pass_pot, r.gate_penalty) == (3, 5)
    sim.press("MENU")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    assert ("You may also pass when able, with chips for the most it can cost: 3 chips to the pot, and for "
            "each starter you keep, 5 to each holder of a card next to it.") in " ".join(page_text(sim.screen))
    # with To neighbours at 0 no neighbour is paid: the sentence does not name them (a mutant saying
    # "0 to each holder" passed)
    free = [x for x in help_pages.rules(preset("fan_tan").with_(gate_penalty=0)) if "pass when able" in x]
    assert free == ["You may also pass when able, with chips for the most it can cost: 3 chips to the pot."]


@pytest.mark.parametrize("scoring", (ZERO_SUM, RACE))
def test_fan_tan_scored_in_points_still_deals_for_the_first_jack_and_no_pass_costs_a_chip(scoring):
    """Fan Tan with Scoring set to points (a count of deals, or a race to a low score) still deals
    face up until a Jack picks the first dealer, and its paused rules page says so and who got it;
    a pass costs nothing there, and the page says no chip (mutants telling the first Jack only in
    chip games, or a chip to the pot outside a race, passed)."""
    words = text.rules_words().WORDS
    sim = Sim(seed=4)
    start_with(sim, "fan_tan", "Scoring", scoring, "scoring")
    r = sim.app.match.rules
    assert r.scoring == scoring and r.ceremony and not r.strategic_pass
    sim.press("MENU")
    select_menu(sim, "Rules & help")
    sim.press("OK")
    page = " ".join(page_text(sim.screen))
    assert words["ceremony"] in page and "First Jack: " in page, page
    assert words["must"] in page and "chip" not in page, page


def test_a_short_race_is_about_one_deal_never_none():
    """A race to 5 at card values: its page says about 1 deal, not "about 0 deals" (a mutant
    dropping the floor of 1 passed)."""
    r = preset("parliament").with_(penalty=VALUES, target=5)
    assert help_pages.match_text(r) == "until 5 points (about 1 deal)"


def test_a_flat_battery_reads_0_percent_on_the_title():
    """A board that reads its battery as empty says "0%" in the corner, not nothing (a
    reading of 0 is a reading)."""
    sim = Sim("pimoroni_picosystem")
    sim.hal.battery = lambda: 0
    sim.app.title()
    assert [lb.text for lb, x, y in labels(sim.screen) if lb.text.endswith("%")] == ["0%"]


def test_the_deal_number_steps_round_from_99999_to_1_and_back():
    """LEFT and RIGHT on Deal # step the number, round the five digits: RIGHT on 99999 deals
    00001, LEFT there 99999 again (no 100000 nor 0)."""
    sim = Sim(seed=1)
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Deal #")
    sim.app.settings["deal"] = 99999
    sim.press("RIGHT")
    assert sim.app.settings["deal"] == 1 and line_value(sim, "Deal #") == "1"
    sim.press("LEFT")
    assert sim.app.settings["deal"] == 99999


def test_the_deal_digit_cursor_goes_round_all_five_digits_and_back_leaves_them():
    """Typing a deal number: RIGHT walks the cursor over all five digits and round to the
    first, LEFT from the first to the last; BACK (as OK) leaves the digits, on the New game
    screen, with the number typed kept."""
    sim = Sim(seed=1)
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Deal #")
    sim.press("OK")
    seen = []
    for _ in range(5):
        seen.append(line_value(sim, "Deal #"))
        sim.press("RIGHT")
    assert seen == ["[0]0001", "0[0]001", "00[0]01", "000[0]1", "0000[1]"], seen
    assert line_value(sim, "Deal #") == "[0]0001"
    sim.press("LEFT")
    assert line_value(sim, "Deal #") == "0000[1]"
    sim.press("UP")
    assert sim.app.settings["deal"] == 2
    scr = sim.screen
    sim.press("BACK")
    assert sim.screen is scr and line_value(sim, "Deal #") == "2"
    sim.press("UP")                         # the menu again: UP leaves the line
    assert sim.app.settings["deal"] == 2 and "Deal #" not in scr.item_text(scr.items[scr.sel])


@pytest.mark.parametrize("players", (7, 3))
def test_a_player_count_from_flash_that_the_preset_cannot_seat_falls_back_on_its_own(tmp_path, players):
    """Prefs written by another version may hold a count its presets seated and this one's do
    not (Sevens for 7, or for 3): New game then shows the count the preset seats, and Start
    deals it (the count was used as read: an unplayable rule set; a mutant kept only the upper
    bound, and dealt Sevens to 3)."""
    from engine.stats import Stats
    sim = Sim(data_dir=str(tmp_path))
    s = dict(sim.app.settings, preset=PRESETS.index("sevens"), players=players)
    assert sim.app.saves.save_prefs(s, bytearray(7), Stats(), 0)
    again = Sim(data_dir=str(tmp_path))
    assert again.app.settings["players"] == players
    r = again.app.rules()
    assert r.problem() is None and r.players == 4
    select_menu(again, "New game")
    again.press("OK")
    assert line_value(again, "Players") == "4"
    select_menu(again, "Start")
    again.press("OK")
    assert isinstance(again.screen, TableScreen) and again.screen.g.players == 4


def test_the_players_line_goes_round_its_preset_s_counts_both_ways():
    """Parliament seats 3 to 7: LEFT from 3 goes round to 7, RIGHT from 7 round to 3."""
    sim = Sim(seed=1)
    pick_preset(sim, PRESETS.index("parliament"))
    select_menu(sim, "Players")
    while sim.app.rules().players != 3:
        sim.press("LEFT")
    sim.press("LEFT")
    assert sim.app.rules().players == 7 and line_value(sim, "Players") == "7"
    sim.press("RIGHT")
    assert sim.app.rules().players == 3


def test_right_on_start_just_after_a_match_ends_starts_nothing_as_ok_does():
    """New game from a match's end: RIGHT opens Start as OK does (the T-Display's R), so for
    READ_MS it starts no new match either: a press that hurried the last deal is no choice."""
    from firmware.screens import READ_MS
    from simulator.core import STEP_MS
    sim = Sim("lilygo_t_display_rp2040", seed=3)
    sim.app.new_game(sim.app.now)           # as the standings of a finished match go on
    scr = sim.screen
    assert scr.item_text(scr.items[scr.sel]).startswith("Start")
    since = sim.app.now
    sim.press("RIGHT")
    assert sim.screen is scr and sim.app.match is None
    sim.tick(since + READ_MS - STEP_MS - sim.hal.clock)
    sim.press("RIGHT", settle=False)        # handled READ_MS after: still as a page, refused
    assert sim.app.now == since + READ_MS and sim.screen is scr and sim.app.match is None
    sim.press("RIGHT")
    assert isinstance(sim.screen, TableScreen)


def test_right_on_another_line_just_after_a_match_ends_changes_it_at_once():
    """The wait after a match's end guards Start alone: RIGHT on Players changes the count at
    once, as LEFT does (it was ignored there too for READ_MS)."""
    from firmware.screens import READ_MS
    sim = Sim(seed=3)
    pick_preset(sim, PRESETS.index("parliament"))
    sim.app.new_game(sim.app.now)           # as the standings of a finished match go on
    scr = sim.screen
    since = sim.app.now
    n = sim.app.rules().players
    sim.press("DOWN")
    sim.press("DOWN")
    assert scr.item_text(scr.items[scr.sel]).startswith("Players")
    sim.press("RIGHT")
    assert sim.app.now - since < READ_MS and sim.app.rules().players == (n + 1 if n < 7 else 3)
    sim.press("LEFT")
    assert sim.app.rules().players == n and sim.screen is scr and sim.app.match is None


def test_a_match_dealt_as_deal_99999_makes_the_next_new_game_deal_00001():
    """Deal # goes round: LEFT from 1 deals 99999, and the next new game offers 1 (the
    number after the last one dealt, round the five digits; not 100000)."""
    sim = Sim(seed=1)
    select_menu(sim, "New game")
    sim.press("OK")
    select_menu(sim, "Deal #")
    while sim.app.settings["deal"] != 1:
        sim.press("RIGHT")
    sim.press("LEFT")
    assert line_value(sim, "Deal #") == "99999"
    select_menu(sim, "Start")
    sim.press("OK")
    assert sim.screen.g.deal_number == 99999
    sim.press("MENU")
    quit_match(sim)
    select_menu(sim, "New game")
    sim.press("OK")
    assert line_value(sim, "Deal #") == "1"


def test_the_pause_menu_offers_no_hint_on_a_turn_auto_play_lays_for_you():
    """With Auto-play on, a turn with one card you can lay is no decision: MENU pressed before
    Auto-play lays it pauses with no Hint line (there is nothing to hint), and Resume lays it."""
    sim = Sim(seed=4)
    sim.app.settings["auto"] = 1
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    for _ in range(5000):
        if t.lone() >= 0 or t.g.over:
            break
        if t.my_turn():
            sim.play_legal(settle=False)
        else:
            sim.tick()
    card = t.lone()
    assert card >= 0 and t.g.legal_moves() == [card]
    sim.press("MENU", settle=False)
    assert sim.screen.title == "Paused" and "hint" not in [i[0] for i in sim.screen.items]
    sim.press("OK")                             # Resume: Auto-play lays it
    assert card in sim.app.match.game.log


def test_ok_pressed_as_the_deal_ends_does_not_skip_its_end_and_jingle():
    """OK pressed the moment the last card is drawn (say, still hurrying the bots) counts only
    once the end is shown and its jingle played: the table then still shows who won for the
    hurried end's 0.3 s, not the results at once without a note (a mutation review's gap)."""
    sim = Sim("pimoroni_picosystem", seed=9)
    new_game(sim, PRESETS.index("sevens"))
    t = sim.screen
    g = t.g
    while not (g.over and t.over_at == 0):
        if t.my_turn():
            sim.play_legal(settle=False)
        else:
            sim.tick()
    sim.hal.tones.clear()
    sim.hal.inject(OK)                      # the step after the end is drawn
    sim.tick()
    end = ui.DEAL_WON if g.winner == t.me else ui.DEAL_LOST
    assert sim.screen is t and t.over_at > 0
    assert sim.hal.tones[-len(end) // 2:] == [(end[i], end[i + 1]) for i in range(0, len(end), 2)]
