"""English words of Rules & help's New game options page: what each of New game's lines does,
by its key. Borrowed with the page (`firmware.text.rules_words("options")`), so they hold no
heap otherwise."""

NEW_GAME = {
    "preset": "The rule set; the lines below start at its settings.",
    "players": "Seats at the table, yours included.",
    "difficulty": "Easy, Medium or Hard; lines P2 to P7 at the end set each seat's.",
    "opening": ("Each suit's starter: its 7; a 5 or a 9, or any rank, set by the first card; or, one "
                "suit at a time, any card (Play or Pay)."),
    "opener": "Who starts: whoever holds this 7, laying it first, or the player left of the dealer.",
    "ace_high": "The ace goes above the K, not below the 2.",
    "up_first": "Nothing goes below a 7 until the 8 above it is laid.",
    "coventry": "Whoever lays the fourth starter may lay one more card on another row.",
    "scoring": ("Points: the others pay the winner. Low score: penalties add up, the lowest total wins. "
                "Chips: antes and a pot."),
    "target": "The low-score total that ends the match.",
    "deals": "How many deals a match lasts; a chip game ends sooner if a player runs out.",
    "chips": "The chips each player starts with.",
    "penalty": "Each card left costs 1, its value (A=1, K=13), or its value with J/Q/K=10.",
    "strategic_pass": "In chip games, pass even when you can play, for a price.",
    "gate_penalty": "What such a pass also pays each holder of a card next to a starter you keep.",
    "winner_deals": "Each deal's winner deals the next, instead of the player left of the dealer.",
    "deal_no": ("The same number deals the same cards on every badge. Choose it to type it: the "
                "card/value keys move between its digits, the suit/line keys change one; choose again "
                "to end."),
}
