"""The computer opponents' levels: their numbers and names (bots, statistics, menus)."""
from engine.portable import const

EASY = const(0)
MEDIUM = const(1)
HARD = const(2)
LEVELS = ("easy", "medium", "hard")
