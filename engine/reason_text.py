"""English texts of the reason codes (imported only by screens that show them)."""

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
