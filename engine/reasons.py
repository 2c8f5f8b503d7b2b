"""Why an action was refused: a code each language's text module (firmware/text_*.py REASONS) says in words."""
from engine.portable import const

OK = const(0)
NOT_YOUR_TURN = const(1)
NOT_IN_HAND = const(2)
NEEDS_STARTER = const(3)
NOT_AT_END = const(4)
OPENER_FIRST = const(5)
FINISH_SUIT = const(6)
MUST_PLAY = const(7)
NO_CHIPS = const(8)
DEAL_OVER = const(9)
BONUS_OTHER_ROW = const(10)
NOT_A_CARD = const(11)
EIGHT_FIRST = const(12)
