"""Who plays the other seats. One function to swap: make_bot(level, seed).

A bot is asked in steps so the screen never freezes:
    bot.start(game, seat); then each frame: action = bot.step(work) (None while thinking)
It is engine.bots.Bot (Easy/Medium/Hard) seeing only the seat's View; RandomBot is the
fallback when the engine has no bots module.
"""
from engine.rng import Rng
from engine.game import PASS
from engine.levels import LEVELS
WORK_PER_FRAME = 300        # plies of Hard's search per frame (engine.bots.Bot.step)


class RandomBot:
    """Plays a random legal card; passes only when it must."""

    def __init__(self, seed):
        self.rng = Rng(seed & 0x3FFFFFFF)
        self.action = None

    def start(self, game, seat):
        moves = game.legal_moves()
        cards = [m for m in moves if m != PASS]
        pick = cards if cards else moves
        self.action = pick[self.rng.below(len(pick))] if pick else PASS

    def step(self, work=WORK_PER_FRAME):
        return self.action


class EngineBot:
    """engine.bots.Bot behind the start/step interface; seeds differ per decision."""

    def __init__(self, level, seed):
        from engine import bots
        self.bot = bots.Bot(level)
        self.seed = seed & 0xFFFF
        self.n = 0

    def start(self, game, seat):
        # the seed comes from the position (deal, plies so far), not from a counter, so a
        # game resumed from its log makes the same decisions as one never interrupted
        self.n += 1
        self.bot.start(game.view(seat),
                       (self.seed * 7919 + game.deal_number * 131 + len(game.log)) & 0x3FFFFFFF)

    def step(self, work=WORK_PER_FRAME):
        if self.bot.step(work):
            return self.bot.choice
        return None


def make_bot(level, seed):
    """A bot for a difficulty level (index into LEVELS)."""
    try:
        return EngineBot(level, seed)
    except ImportError:
        return RandomBot(seed + 7919 * level)


def hint_search(game, seat):
    """A stepped hint: an object with step(work) -> action or None, or None if no hint."""
    if game.over or game.turn != seat:
        return None
    try:
        from engine import bots
        b = EngineBot(bots.HARD, game.deal_number)
        b.start(game, seat)
        return b
    except ImportError:
        return _Ready(hint(game, seat))


class _Ready:
    def __init__(self, action):
        self.action = action

    def step(self, work=WORK_PER_FRAME):
        return self.action


def hint(game, seat):
    """A recommended legal action for the seat to move (a card or PASS), or None."""
    if game.over or game.turn != seat:
        return None
    try:
        from engine import bots
        return bots.hint(game.view(seat), game.deal_number & 0xFFFF)
    except ImportError:
        pass
    moves = game.legal_moves()
    cards = [m for m in moves if m != PASS]
    if not cards:
        return moves[0] if moves else None
    best = cards[0]
    best_score = -1
    for c in cards:
        r = c % 13
        score = abs(r - 6) * 2 + (1 if r > 6 else 0)
        if score > best_score:
            best = c
            best_score = score
    return best
