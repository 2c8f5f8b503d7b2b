"""English words of every screen: `firmware.text` loads only the player's language."""

T = {
    "title": "Fan Tan",
    "new_game": "New game",
    "continue": "Continue",
    "settings": "Settings",
    "stats": "Statistics",
    "help": "Rules & help",
    "preset": "Rules",
    "players": "Players",
    "difficulty": "Bots",
    "deal_no": "Deal #",
    "start": "Start",
    "opening": "Opening",
    "ace_high": "Ace high",
    "scoring": "Scoring",
    "penalty": "Penalty",
    "strategic": "Free pass",
    "this_game": "This game",
    "match": "Match",
    "n_deals": "%d deals",
    "to_target": "to %d points",
    "until_broke": "until a player has no chips",
    "or_sep": ", or ",
    "chips_each": "%d chips each",
    "on": "on",
    "off": "off",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "mixed": "mixed",
    "sevens": "sevens",
    "five_nine": "5 or 9",
    "any_rank": "any",
    "play_or_pay": "play/pay",
    "zero_sum": "points",
    "race": "race",
    "pt": "pt",
    "chips": "chips",
    "cards": "cards",
    "card": "card",
    "values": "values",
    "sound": "Sound",
    "language": "Language",
    "speed": "Speed",
    "brightness": "Light",
    "slow": "slow",
    "normal": "normal",
    "fast": "fast",
    "you": "You",
    "deal": "Deal",
    "pot": "Pot",
    "your_turn": "Your turn",
    "bonus": "Bonus card",
    "no_move": "No move: you pass",
    "no_move_s": "No move",
    "pass": "pass",
    "you_pass": "You pass",
    "pass_cost": "Pass",
    "hint": "Hint",
    "ok_again": "OK again to play",
    "thinking": "thinking",
    "wins": "wins",
    "you_win": "You win!",
    "results": "Results",
    "standings": "Standings",
    "total": "Total",
    "next_deal": "OK: next deal",
    "match_over": "Match over",
    "ok_title": "OK: title",
    "resume": "Resume",
    "quit": "Quit deal",
    "paused": "Paused",
    "deals_played": "Deals",
    "deals_won": "Won",
    "streak": "Streak",
    "best": "Best",
    "avg_pen": "Avg penalty",
    "about": "About",
    "memory_free": "Free memory: %d of %d KB",
    "keys": "Buttons",
    "hold": "hold",
    "knob": "turn the knob",
    "hurry": "Any key while the bots play: faster",
    "keys_table": "OK play  ← → pick",
    "game_damaged": "Saved game was damaged — new game",
    "prefs_damaged": "Saved settings were damaged — reset",
    "ok_continue": "OK: continue",
    "replay": "Replay last deal",
    "replay_s": "Replay",
    "matches": "Matches",
    "wins_per": "Won / played",
    "ok_reset": "OK: reset…",
    "reset_q": "Reset stats?",
    "no": "No",
    "yes_reset": "Yes, reset",
}

# what each logical button does, in hal.buttons order (UP DOWN LEFT RIGHT OK BACK MENU HINT)
BUTTONS = (
    "previous suit",
    "next suit",
    "previous card",
    "next card",
    "play / choose",
    "back / pause",
    "pause / back",
    "hint",
)

# unlabelled keys, in text.PLACES order
PLACES = ("Middle", "Top left", "Top right", "Row 3 left", "Knob")

# engine reason codes (engine.reasons): long and short
REASONS = (
    ("OK", "OK"),
    ("It is not your turn", "Not your turn"),
    ("You do not hold that card", "Not in hand"),
    ("That suit needs its starter first", "Suit not open"),
    ("The card touches neither end of its row", "Not next to row"),
    ("The opening card must be played first", "Opening card first"),
    ("Finish the current suit first", "Finish suit first"),
    ("You can play, so you cannot pass", "You must play"),
    ("Not enough chips to pass", "No chips"),
    ("The deal is over", "Deal over"),
    ("The bonus card goes on another row", "Bonus: other row"),
    ("That is not a card", "Not a card"),
)

PRESET_TITLES = {
    "sevens": "Sevens",
    "fan_tan": "Fan Tan",
    "domino": "Domino",
    "parliament": "Parliament",
    "five_or_nine": "Five or Nine",
    "coventry": "Coventry",
    "play_or_pay": "Play or Pay",
}

# one rules page per preset
RULES_HELP = {
    "sevens": ("Four players. The 7s open the rows; build each suit up and down from its 7. Ace "
               "is high. Play if you can; if you cannot, you pass. First out wins."),
    "fan_tan": ("Chips. Everyone antes; the player left of the dealer starts. Build from the 7s. "
                "You may pass even when able, paying chips to the pot. First out takes the pot; "
                "the others pay per card left."),
    "domino": ("The first card played, of any rank, fixes the starting rank for all suits. "
               "Penalties are added up; the first to 100 ends the match and the lowest score "
               "wins."),
    "parliament": ("The 7 of diamonds opens. Build from the 7s. One penalty point per card left; "
                   "the first to 100 ends the match, lowest wins."),
    "five_or_nine": ("A chip game where the first card is a 5 or a 9; that rank then starts "
                     "every row."),
    "coventry": ("Any rank may start; whoever lays the fourth starter may play one more card on "
                 "another row."),
    "play_or_pay": ("One suit at a time, upwards and round the corner. Who cannot follow pays a "
                    "chip into the pot."),
}
