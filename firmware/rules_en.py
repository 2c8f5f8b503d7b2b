"""English words of the borrowed pages: the rules pages' sentences, and the words of Rules & help's
other pages and of Statistics. `firmware.text.rules_words` loads them while a page is written and
drops them after, so they hold no heap during play."""

WORDS = {
    # Rules & help's other pages (this game, Buttons, About) and Statistics
    "around": "keys around the middle",     # the Buttons page, where no key bears its arrow
    "this_game": "This game",
    "first_jack": "First Jack",
    "card": "card",
    "match": "Match",
    "memory_free": "Free memory: %d of %d KB",
    "hold": "hold",
    "knob": "Turn the knob: pick a card/line",
    "hint_in_pause": "Hint: in the pause menu, on your turn",
    "menus_wrap": "After the last line, menus go round to the first",
    "hurry": "Any key but pause speeds up the bots",
    "auto": "Auto-play (Settings) lays your card when it is your only move",
    "deals_won": "Won",
    "matches": "Matches",
    "streak": "Wins in a row",
    "best": "Best run",
    "avg_pen": "Avg penalty",
    "point": ".",
    "wins_per": "Deals won/played",
    # the rules pages' sentences
    "players": "%s players.",
    "opens": "The %s opens.",
    "left_starts": "The player left of the dealer starts.",
    "ace_high": "Ace is high (above the K).",
    "ace_low": "Ace is low (below the 2).",
    "up_first": "No card goes below a 7 until the 8 above it is laid.",
    "coventry": "Whoever lays the fourth starter may play one more card on another row.",
    "must": "Play if you can; if not, you pass.",
    "must_chip": "Play if you can; if not, you pass and pay a chip to the pot.",
    "strategic": "You may also pass when able, with chips for the most it can cost: %d chips to the pot",
    "gates": ", and for each starter you keep, %d to each holder of a card next to it",
    "gates_fixed": ", once the starting rank is fixed",
    "per_card": "1 point per card left",
    "chip_per_card": "1 chip per card left",
    "per_value": "their cards' values (A=1, K=13)",
    "per_pip": "their cards' values (A=1, J/Q/K=10)",
    "ceremony": ("The first dealer is whoever is dealt the first Jack, face up; the deck is cut before "
                 "each deal."),
    "dealer": "The dealer moves one seat left each deal; leaders tied at the end share the win.",
    "winner_deals": "Each deal's winner deals the next; leaders tied at the end share the win.",
}

# what each logical button does, in hal.buttons order (UP DOWN LEFT RIGHT OK BACK MENU HINT)
BUTTONS = (
    "previous suit/line",
    "next suit/line",
    "previous card/value",
    "next card/value",
    "play/choose",
    "back/pause",
    "pause/back",
    "hint",
)

# unlabelled keys, in text.PLACES order
PLACES = ("Middle", "Top left", "Top right", "Row 3 left", "Knob press", "BOOT key", "Home",
          "Menu")

# by opening (engine.rules: SEVENS, FIVE_OR_NINE, ANY_RANK, PLAY_OR_PAY)
OPENING = (
    "Each suit starts with its 7, its starter, and is built up and down from it.",
    "The first card is a 5 or a 9: that rank starts every suit (the starters), built up and down.",
    "The first card, of any rank, fixes the rank that starts every suit (the starters), built up and down.",
    ("One suit at a time: any card starts it (its starter), then it climbs, from K round to A. Whoever lays "
     "a suit's last card starts the next one."),
)
# by scoring (ZERO_SUM, RACE, CHIPS); %s is per_card, chip_per_card, per_value or per_pip
SCORING = (
    "First out wins; the others pay the winner %s.",
    "First out ends the deal; the others score %s. Lowest total wins.",
    ("Everyone antes a chip (2 if dealt a card fewer). First out takes the pot; the others "
     "pay the winner %s, or what they have."),
)


# the Rules & help page on reading the table (its title is text_en's "table"), a sentence a line
TABLE = (
    "Each row is a suit; the ranks marked at its ends are the cards it takes next.",
    ("In your hand the cards you can lay now stand out from the others; the solid frame "
     "is your cursor, the dashed one the hint."),
    "\u25b6 marks whose turn it is, D the dealer, 2! a player with two cards or fewer.",
    ("Each player's label shows how many cards they hold, their chips ($) or points (pt), and what "
     "they did last. On small screens the chips or points are under your hand. On the smallest, yours "
     "are on the message line and the others' in Standings; there 2:12 7\u2665 is P2, who holds 12 cards "
     "and last laid the 7\u2665, and a dash is a pass. The D and the last action show where there is room; "
     "where the last action has none, 2-12 says that P2 passed."),
    ("To pass where the rules let you (a paid pass, or to decline the bonus card), move the cursor past your "
     "last card: the message line shows the pass and its price."),
    ("A paid pass shown as Pass -6…-9 costs 6 to 9 chips; who holds the cards next to your starter "
     "decides, and you may pass only with chips for the most."),
)
