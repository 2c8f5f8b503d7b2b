"""Count of Coventry: the table tells you when laying the 4th starter earned a bonus card."""
from engine.game import PASS
from engine.match import Match
from engine.rng import Rng
from engine.rules import PRESETS, preset
from firmware.autosave import Saves, TABLE
from firmware.table import TableScreen
from firmware import text, ui
from hal.file_store import FileStore
from simhelp import LAYOUT_BOARDS, Sim, message, new_game, outlined


def bonus_for_seat_0(suit=None):
    """A real Coventry match where seat 0 has just laid the 4th starter (of `suit`'s row, if
    given) and may play again."""
    rng = Rng(4)
    for d in range(1, 400):
        m = Match(preset("coventry"), d, 4)
        g = m.game
        while not g.over:
            if g.bonus >= 0 and g.turn == 0 and suit in (None, g.bonus):
                return m
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
    raise AssertionError("no bonus position")


def test_bonus_card_is_announced_and_can_be_declined(tmp_path):
    m = bonus_for_seat_0()
    for board in LAYOUT_BOARDS:
        folder = tmp_path / board
        Saves(FileStore(str(folder))).save_game(m, TABLE, 0, PRESETS.index("coventry"), 1, [1] * 7)
        sim = Sim(board, data_dir=str(folder))
        t = sim.screen
        assert isinstance(t, TableScreen) and t.g.bonus >= 0 and t.g.turn == 0
        msg = message(t)      # where the card cannot go (the row just laid on), and that declining is free
        assert msg.replace(" \u00b7", "") in [text.t(said) % "\u2660\u2665\u2666\u2663"[t.g.bonus] + " "
                                              + text.t("pass_cost") for said in ("bonus_play", "bonus_s")], (board, msg)
        row = t.rows                # the bonus suit's row shows no next rank to lay
        assert all(row[c, t.g.bonus] < ui.T_NEED or row[c, t.g.bonus] >= ui.T_NEED + 13
                   for c in range(1, 14)), board
        assert PASS in t.items
        bonus_suit = t.g.bonus
        assert all(c == PASS or c // 13 != bonus_suit for c in t.items if t.g.check(c, 0) == 0)
    # declining costs nothing and hands the turn on
    chips = list(sim.app.match.chips)
    while t.items[t.cursor] != PASS:
        sim.press("RIGHT")
    n = len(t.g.log)
    sim.press("OK", settle=False)
    assert t.g.bonus < 0 and t.g.log[n] == PASS and t.g.turn != 0
    assert sim.app.match.chips[0] == chips[0]
    assert "Pot+" not in message(t) and "-0" not in message(t), message(t)    # not told as a paid pass
    assert t.g.last[0] == t.g.log[n - 1]          # the starter you laid, not a pass


def test_the_bonus_card_is_announced_whichever_row_was_laid_on_last(tmp_path):
    """The bonus message comes for every suit's row, spades (suit 0) too."""
    for suit in range(4):
        m = bonus_for_seat_0(suit)
        folder = tmp_path / str(suit)
        Saves(FileStore(str(folder))).save_game(m, TABLE, 0, PRESETS.index("coventry"), 1, [1] * 7)
        sim = Sim(data_dir=str(folder))
        t = sim.screen
        assert isinstance(t, TableScreen) and t.g.bonus == suit and t.g.turn == 0
        row = "\u2660\u2665\u2666\u2663"[suit]
        said = message(t)
        assert said.startswith((text.t("bonus_play") % row, text.t("bonus_s") % row)), (suit, said)


def _a_deal_you_open(key, board="pimoroni_picosystem"):
    """The table of the first deal (seeds 1-39) in which you lay the first card."""
    for seed in range(1, 40):
        sim = Sim(board, seed=seed)
        new_game(sim, PRESETS.index(key))
        if not sim.screen.g.log:
            break
    return sim, sim.screen


def test_before_the_opening_card_only_its_place_is_outlined():
    """Sevens: the 7\u2666 opens, so the rows outline its place alone, not every 7; once you
    lay it, the other places open (the other 7s, the 6\u2666 and 8\u2666, as the bots lay on)."""
    for board in LAYOUT_BOARDS:
        sim, t = _a_deal_you_open("sevens", board)     # you hold the 7 of diamonds
        g = t.g
        assert not g.log and g.turn == t.me, board
        assert outlined(t) == [g.rules.opener], board
        for _ in range(2):                        # the cursor starts on the one card you may lay
            if not g.log:
                sim.press("OK")
        assert g.log[0] == g.rules.opener and len(outlined(t)) >= 4, (board, outlined(t))


def test_before_the_first_card_each_row_outlines_what_may_open_it():
    """Domino: the first card may be any card, so before it the empty rows outline nothing
    (not all 52 places); once it is laid, its row outlines the ranks beside it. Five or Nine:
    each empty row outlines its 5 and its 9, the two cards that may open it."""
    sim, t = _a_deal_you_open("domino")
    g = t.g
    assert not g.log and g.turn == t.me
    needs = [(c, s) for s in range(4) for c in range(1, 14)
             if ui.T_NEED <= t.rows[c, s] < ui.T_NEED + 13]
    assert needs == []
    sim.press("OK")
    first = g.log[0]
    assert any(ui.T_NEED <= t.rows[c, first // 13] < ui.T_NEED + 13 for c in range(1, 14))

    sim = Sim(seed=3)                             # you open: nothing laid yet
    new_game(sim, PRESETS.index("five_or_nine"))
    t = sim.screen
    g = t.g
    assert not g.log and not g.rules.ace_high
    assert outlined(t) == [s * 13 + r for s in range(4) for r in (4, 8)]


def test_a_bot_s_bonus_card_is_told_and_so_is_its_declining_it():
    """Coventry: a bot that lays the 4th starter may lay one more card, as you may. The table
    said nothing: its turn marker stayed while it thought again and it laid a second card
    unexplained, or the turn went on with no sign it had declined (the replay says "P3: no
    bonus"). Now "P3: Bonus card" while it may, and "P3: no bonus" as it declines."""
    seen = set()
    for seed in range(1, 20):
        sim = Sim(seed=seed)
        new_game(sim, PRESETS.index("coventry"))
        t = sim.screen
        g = t.g
        while not g.over and len(seen) < 3:
            if t.my_turn():
                sim.play_legal(settle=False)
            n, mover, pending = len(g.log), g.turn, g.bonus >= 0
            sim.tick()
            if len(g.log) == n or mover == t.me:
                continue
            if g.bonus >= 0 and g.turn == mover:            # the bot has just earned it
                assert message(t) == "P%d: %s" % (mover + 1, text.t("coventry")), message(t)
                seen.add("bonus")
            elif pending:
                said = "P%d: %s" % (mover + 1, text.t("no_bonus"))
                assert (message(t) == said) == (g.log[n] == PASS), (g.log[n], message(t))
                seen.add("declined" if g.log[n] == PASS else "laid")
        if len(seen) == 3:
            return
    raise AssertionError("a bot's bonus not both laid and declined: %r" % seen)
