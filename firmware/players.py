"""Who plays the other seats, and the hint: engine.bots.Bot behind a start/step interface.

A bot is asked in steps so the screen never freezes:
    bot.start(game, seat); then each frame: action = bot.step() (None while thinking)
It sees only the seat's View.
"""
from engine import bots
WORK_PER_FRAME = 100        # plies of Hard's search per frame (engine.bots.Bot.step): ~0.13 s on an RP2040


class EngineBot:
    """engine.bots.Bot of a level (index into engine.levels.LEVELS) behind the start/step
    interface; seeds differ per decision. bot: an engine Bot of that level to think with
    (seat_bots shares one), else its own."""

    def __init__(self, level, seed, bot=None):
        self.bot = bot or bots.Bot(level)
        self.seed = seed & 0xFFFF

    def start(self, game, seat):
        # the seed comes from the position (deal, plies so far), not from a counter, so a
        # game resumed from its log makes the same decisions as one never interrupted
        self.bot.start(game.view(seat),
                       (self.seed * 7919 + game.deal_number * 131 + len(game.log)) & 0x3FFFFFFF)

    def step(self):
        """WORK_PER_FRAME plies of thought; the action once chosen, else None."""
        if self.bot.step(WORK_PER_FRAME):
            return self.bot.choice
        return None


def seat_bots(levels, start, human):
    """A bot for each seat of levels but the human's (None: its moves are the player's, and a
    Hard one there kept the hint's search after it answered), seeded by the seat and the
    match's first deal number (start; its low byte, as when records kept only that). The seats
    of a level share one engine Bot: a choice depends only on the view and the seed, and one
    seat thinks at a time, so six Hard seats hold one search's buffers and scratch games
    (measured on MicroPython after a deal of Parliament: seven Hard Bots 31.0 KB, one 7.5 KB)."""
    seats = []
    for p in range(len(levels)):
        seats.append(None if p == human else EngineBot(levels[p], (start & 0xFF) * 8 + p, find(seats, levels[p])))
    return seats


def find(seats, level):
    """The engine Bot the seats of a level think with, or None where no seat is an EngineBot
    of that level."""
    for b in seats:
        if isinstance(b, EngineBot) and b.bot.level == level:
            return b.bot
    return None


def hint_search(game, seat, seats=()):
    """A stepped hint (Hard with the view of seat, whose turn it is): step() -> action or None.
    It thinks with the Hard seats' Bot, idle on your turn, where there is one (else with its
    own, made afresh: 3 KB more allocated while it thinks)."""
    b = EngineBot(bots.HARD, game.deal_number, find(seats, bots.HARD))
    b.start(game, seat)
    return b
