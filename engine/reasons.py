"""Why an action was refused: a code the screens translate, and its English text."""
try:
    from micropython import const
except ImportError:
    def const(x):
        return x

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

TEXT = (
    "OK",
    "It is not your turn",
    "You do not hold that card",
    "That suit is not open: it needs its starter",
    "The card touches neither end of its row",
    "The opening card must be played first",
    "Finish the current suit first",
    "You can play, so you cannot pass",
    "Not enough chips to pass",
    "The deal is over",
    "The bonus card goes on another row",
    "That is not a card",
)


def text(code):
    """English text for a reason code."""
    return TEXT[code]
