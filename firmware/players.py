"""Who plays the other seats, and the hint: engine.bots.Bot behind a start/step interface.

A bot is asked in steps so the screen never freezes:
    bot.start(game, seat); then each frame: action = bot.step() (None while thinking)
It sees only the seat's View.
"""
from engine import bots
WORK_PER_FRAME = 100        # plies of Hard's search per frame (engine.bots.Bot.step): ~0.13 s on an RP2040


class EngineBot:
    """engine.bots.Bot of a level (index into engine.levels.LEVELS) behind the start/step
    interface; seeds differ per decision."""

    def __init__(self, level, seed):
        self.bot = bots.Bot(level)
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


def hint_search(game, seat):
    """A stepped hint (Hard with the view of seat, whose turn it is): step() -> action or None."""
    b = EngineBot(bots.HARD, game.deal_number)
    b.start(game, seat)
    return b
