"""Every word the screens show, in English, French and German.

`t(key)` gives the current language's text; `reason(code, short)` the engine's refusal
reasons. Keep each text free of glyphs the fonts lack (tests check every font).
"""
LANGS = ("English", "Français", "Deutsch")
lang = 0

_T = {
    "title": ("Fan Tan", "Fan Tan", "Fan Tan"),
    "new_game": ("New game", "Nouvelle partie", "Neues Spiel"),
    "continue": ("Continue", "Continuer", "Weiterspielen"),
    "settings": ("Settings", "Réglages", "Einstellungen"),
    "stats": ("Statistics", "Statistiques", "Statistik"),
    "help": ("Rules & help", "Règles & aide", "Regeln & Hilfe"),
    "preset": ("Rules", "Règles", "Regeln"),
    "players": ("Players", "Joueurs", "Spieler"),
    "difficulty": ("Bots", "Robots", "Bots"),
    "deal_no": ("Deal #", "Donne n°", "Spiel Nr. "),
    "start": ("Start", "Commencer", "Starten"),
    "opening": ("Opening", "Ouverture", "Eröffnung"),
    "ace_high": ("Ace high", "As haut", "Ass hoch"),
    "scoring": ("Scoring", "Score", "Wertung"),
    "penalty": ("Penalty", "Pénalité", "Strafe"),
    "strategic": ("Free pass", "Passe libre", "Freies Passen"),
    "this_game": ("This game", "Cette partie", "Diese Partie"),
    "match": ("Match", "Partie", "Partie"),
    "n_deals": ("%d deals", "%d donnes", "%d Spiele"),
    "to_target": ("to %d points", "jusqu'à %d points", "bis %d Punkte"),
    "until_broke": ("until a player has no chips", "jusqu'à ce qu'un joueur n'ait plus de jetons",
                    "bis jemand keine Chips mehr hat"),
    "or_sep": (", or ", ", ou ", " oder "),
    "chips_each": ("%d chips each", "%d jetons chacun", "je %d Chips"),
    "on": ("on", "oui", "an"),
    "off": ("off", "non", "aus"),
    "easy": ("Easy", "Facile", "Leicht"),
    "medium": ("Medium", "Moyen", "Mittel"),
    "hard": ("Hard", "Difficile", "Schwer"),
    "mixed": ("mixed", "mixte", "gemischt"),
    "sevens": ("sevens", "sept", "Siebener"),
    "five_nine": ("5 or 9", "5 ou 9", "5 oder 9"),
    "any_rank": ("any", "libre", "frei"),
    "play_or_pay": ("play/pay", "jouer/payer", "spielen/zahlen"),
    "zero_sum": ("points", "points", "Punkte"),
    "race": ("race", "course", "Rennen"),
    "pt": ("pt", "pt", "Pkt"),
    "chips": ("chips", "jetons", "Chips"),
    "cards": ("cards", "cartes", "Karten"),
    "card": ("card", "carte", "Karte"),
    "values": ("values", "valeurs", "Werte"),
    "sound": ("Sound", "Son", "Ton"),
    "language": ("Language", "Langue", "Sprache"),
    "speed": ("Speed", "Vitesse", "Tempo"),
    "brightness": ("Light", "Lumière", "Licht"),
    "slow": ("slow", "lent", "langsam"),
    "normal": ("normal", "normal", "normal"),
    "fast": ("fast", "rapide", "schnell"),
    "you": ("You", "Vous", "Du"),
    "deal": ("Deal", "Donne", "Spiel"),
    "pot": ("Pot", "Pot", "Pott"),
    "your_turn": ("Your turn", "À vous", "Du bist dran"),
    "bonus": ("Bonus card", "Carte bonus", "Bonuskarte"),
    "no_move": ("No move: you pass", "Aucun coup: vous passez", "Kein Zug: du passt"),
    "no_move_s": ("No move", "Rien", "Kein Zug"),
    "pass": ("pass", "passe", "passt"),
    "you_pass": ("You pass", "Vous passez", "Du passt"),
    "pass_cost": ("Pass", "Passer", "Passen"),
    "hint": ("Hint", "Conseil", "Tipp"),
    "ok_again": ("OK again to play", "Encore OK pour jouer", "Nochmal OK zum Spielen"),
    "thinking": ("thinking", "réfléchit", "denkt"),
    "wins": ("wins", "gagne", "gewinnt"),
    "you_win": ("You win!", "Gagné !", "Gewonnen!"),
    "results": ("Results", "Résultats", "Ergebnis"),
    "standings": ("Standings", "Classement", "Stand"),
    "total": ("Total", "Total", "Summe"),
    "next_deal": ("OK: next deal", "OK: donne suivante", "OK: nächstes Spiel"),
    "match_over": ("Match over", "Partie finie", "Partie vorbei"),
    "ok_title": ("OK: title", "OK: menu", "OK: Menü"),
    "resume": ("Resume", "Reprendre", "Fortsetzen"),
    "quit": ("Quit deal", "Abandonner", "Aufgeben"),
    "paused": ("Paused", "Pause", "Pause"),
    "deals_played": ("Deals", "Donnes", "Spiele"),
    "deals_won": ("Won", "Gagnées", "Gewonnen"),
    "streak": ("Streak", "Série", "Serie"),
    "best": ("Best", "Record", "Rekord"),
    "avg_pen": ("Avg penalty", "Pénalité moy.", "Mittl. Strafe"),
    "keys": ("Buttons", "Boutons", "Tasten"),
    "hold": ("hold", "appui long", "lang"),
    "knob": ("turn the knob", "tourner le bouton", "Knopf drehen"),
    "hurry": ("Any key while the bots play: faster", "Une touche pendant que les robots jouent: plus vite",
              "Eine Taste, während die Bots spielen: schneller"),
    "keys_table": ("OK play  ← → pick", "OK jouer  ← → choisir", "OK spielen  ← → wählen"),
    "game_damaged": ("Saved game was damaged — new game",
                     "Partie enregistrée abîmée — nouvelle partie",
                     "Gespeichertes Spiel beschädigt — neues Spiel"),
    "prefs_damaged": ("Saved settings were damaged — reset",
                      "Réglages enregistrés abîmés — remis à zéro",
                      "Einstellungen beschädigt — zurückgesetzt"),
    "ok_continue": ("OK: continue", "OK: continuer", "OK: weiter"),
    "replay": ("Replay last deal", "Revoir la donne", "Letztes Spiel ansehen"),
    "replay_s": ("Replay", "Revoir", "Ansehen"),
    "matches": ("Matches", "Parties", "Partien"),
    "wins_per": ("Won / played", "Gagnées / jouées", "Gewonnen / gespielt"),
    "ok_reset": ("OK: reset…", "OK: remise à zéro…", "OK: zurücksetzen…"),
    "reset_q": ("Reset stats?", "Remise à 0 ?", "Zurücksetzen?"),
    "no": ("No", "Non", "Nein"),
    "yes_reset": ("Yes, reset", "Oui, effacer", "Ja, löschen"),
}

# What each logical button (hal.buttons: UP DOWN LEFT RIGHT OK BACK MENU HINT) does.
BUTTONS = (
    ("previous suit", "couleur précédente", "vorige Farbe"),
    ("next suit", "couleur suivante", "nächste Farbe"),
    ("previous card", "carte précédente", "vorige Karte"),
    ("next card", "carte suivante", "nächste Karte"),
    ("play / choose", "jouer / choisir", "spielen / wählen"),
    ("back / pause", "retour / pause", "zurück / Pause"),
    ("pause / back", "pause / retour", "Pause / zurück"),
    ("hint", "conseil", "Tipp"),
)

# The d-pad's keys are shown as the arrows printed on them (profiles name them in words).
ARROWS = {"Up": "\u2191", "Down": "\u2193", "Left": "\u2190", "Right": "\u2192"}

# Unlabelled keys are named by where they are (profiles name them in English).
KEY_PLACES = {
    "Middle": ("Middle", "Milieu", "Mitte"),
    "Top left": ("Top left", "En haut à gauche", "Oben links"),
    "Top right": ("Top right", "En haut à droite", "Oben rechts"),
    "Row 3 left": ("Row 3 left", "Rangée 3 à gauche", "Reihe 3 links"),
    "Knob": ("Knob", "Bouton rotatif", "Drehknopf"),
}

# Engine reason codes (engine.reasons), long and short forms.
_REASONS = (
    (("OK", "OK"), ("OK", "OK"), ("OK", "OK")),
    (("It is not your turn", "Not your turn"),
     ("Ce n'est pas votre tour", "Pas votre tour"),
     ("Du bist nicht dran", "Nicht dran")),
    (("You do not hold that card", "Not in hand"),
     ("Vous n'avez pas cette carte", "Carte absente"),
     ("Du hast diese Karte nicht", "Nicht auf Hand")),
    (("That suit needs its starter first", "Suit not open"),
     ("Cette couleur attend sa carte d'ouverture", "Couleur fermée"),
     ("Diese Farbe braucht erst ihre Startkarte", "Farbe zu")),
    (("The card touches neither end of its row", "Not next to row"),
     ("La carte ne touche aucun bout de sa rangée", "Pas au bout"),
     ("Die Karte passt an kein Ende der Reihe", "Passt nicht")),
    (("The opening card must be played first", "Opening card first"),
     ("La carte d'ouverture se joue d'abord", "Ouverture d'abord"),
     ("Erst die Eröffnungskarte spielen", "Erst Eröffnung")),
    (("Finish the current suit first", "Finish suit first"),
     ("Finissez d'abord la couleur en cours", "Finir la couleur"),
     ("Erst die laufende Farbe beenden", "Farbe beenden")),
    (("You can play, so you cannot pass", "You must play"),
     ("Vous pouvez jouer: pas de passe", "Jouez!"),
     ("Du kannst spielen: kein Passen", "Spielen!")),
    (("Not enough chips to pass", "No chips"),
     ("Pas assez de jetons pour passer", "Pas de jetons"),
     ("Zu wenig Chips zum Passen", "Keine Chips")),
    (("The deal is over", "Deal over"),
     ("La donne est finie", "Donne finie"),
     ("Das Spiel ist vorbei", "Vorbei")),
    (("The bonus card goes on another row", "Bonus: other row"),
     ("Le bonus va sur une autre rangée", "Bonus: autre rangée"),
     ("Bonus auf eine andere Reihe", "Bonus: andere Reihe")),
    (("That is not a card", "Not a card"),
     ("Ce n'est pas une carte", "Pas une carte"),
     ("Das ist keine Karte", "Keine Karte")),
)

PRESET_TITLES = {
    "sevens": ("Sevens", "Sept", "Sieben"),
    "fan_tan": ("Fan Tan", "Fan Tan", "Fan Tan"),
    "domino": ("Domino", "Domino", "Domino"),
    "parliament": ("Parliament", "Parlement", "Parlament"),
    "five_or_nine": ("Five or Nine", "Cinq ou neuf", "Fünf oder Neun"),
    "coventry": ("Coventry", "Coventry", "Coventry"),
    "play_or_pay": ("Play or Pay", "Jouer ou payer", "Spielen/Zahlen"),
}

# One rules page per preset (English only is not enough: each language has its own).
RULES_HELP = {
    "sevens": ("Four players. The 7s open the rows; build each suit up and down from its 7. Ace is high. Play if you can; if you cannot, you pass. First out wins.",
               "Quatre joueurs. Les 7 ouvrent les rangées; montez et descendez chaque couleur depuis son 7. L'as est haut. Jouez si vous pouvez, sinon passez. Le premier sans carte gagne.",
               "Vier Spieler. Die Siebener eröffnen die Reihen; jede Farbe wächst auf und ab von ihrer 7. Ass ist hoch. Spiele, wenn du kannst, sonst passe. Wer zuerst keine Karten hat, gewinnt."),
    "fan_tan": ("Chips. Everyone antes; the player left of the dealer starts. Build from the 7s. You may pass even when able, paying chips to the pot. First out takes the pot; the others pay per card left.",
                "Jetons. Chacun mise; le joueur à gauche du donneur commence. On monte depuis les 7. On peut passer même en pouvant jouer, en payant au pot. Le premier sans carte prend le pot; les autres paient par carte.",
                "Chips. Alle setzen; links vom Geber beginnt. Gebaut wird von den Siebenern. Passen ist auch erlaubt, wenn man könnte, kostet aber Chips. Wer zuerst fertig ist, bekommt den Pott."),
    "domino": ("The first card played, of any rank, fixes the starting rank for all suits. Penalties are added up; the first to 100 ends the match and the lowest score wins.",
               "La première carte jouée, de n'importe quel rang, fixe le rang de départ. Les pénalités s'additionnent; à 100 la partie s'arrête et le plus petit score gagne.",
               "Die erste Karte, beliebigen Rangs, legt den Startrang fest. Strafpunkte werden addiert; bei 100 endet die Partie, die wenigsten Punkte gewinnen."),
    "parliament": ("The 7 of diamonds opens. Build from the 7s. One penalty point per card left; the first to 100 ends the match, lowest wins.",
                   "Le 7 de carreau ouvre. On monte depuis les 7. Un point par carte restante; à 100 la partie s'arrête, le plus bas gagne.",
                   "Karo 7 eröffnet. Gebaut wird von den Siebenern. Ein Strafpunkt je Karte; bei 100 endet die Partie, die wenigsten gewinnen."),
    "five_or_nine": ("A chip game where the first card is a 5 or a 9; that rank then starts every row.",
                     "Un jeu de jetons où la première carte est un 5 ou un 9; ce rang ouvre ensuite chaque rangée.",
                     "Ein Chipspiel: die erste Karte ist eine 5 oder 9; dieser Rang eröffnet dann jede Reihe."),
    "coventry": ("Any rank may start; whoever lays the fourth starter may play one more card on another row.",
                 "N'importe quel rang ouvre; qui pose la quatrième ouverture rejoue une carte sur une autre rangée.",
                 "Jeder Rang darf eröffnen; wer die vierte Startkarte legt, darf noch eine Karte auf eine andere Reihe legen."),
    "play_or_pay": ("One suit at a time, upwards and round the corner. Who cannot follow pays a chip into the pot.",
                    "Une couleur à la fois, en montant et en tournant. Qui ne peut suivre paie un jeton au pot.",
                    "Eine Farbe nach der anderen, aufwärts und ums Eck. Wer nicht kann, zahlt einen Chip in den Pott."),
}


def t(key):
    return _T[key][lang]


def seat(p, me):
    """A player's name on screen: You for the human, P1 … P7 for the bots."""
    return _T["you"][lang] if p == me else "P" + str(p + 1)


def passes(p, me):
    """Player p passes, as a sentence in the current language ("You pass", "P3 passe")."""
    return _T["you_pass"][lang] if p == me else seat(p, me) + " " + _T["pass"][lang]


def winner(w, me):
    """Who won the deal, as a sentence in the current language (the verb agrees)."""
    return _T["you_win"][lang] if w == me else seat(w, me) + " " + _T["wins"][lang]


def key_label(label):
    """A key as the Buttons page names it: its arrow, its place in the player's language, or
    the letter printed on it."""
    if label in ARROWS:
        return ARROWS[label]
    words = KEY_PLACES.get(label)
    return words[lang] if words else label


def button(b):
    """What logical button b does, in the current language."""
    return BUTTONS[b][lang]


def reason(code, short=False):
    forms = _REASONS[code][lang] if code < len(_REASONS) else ("?", "?")
    return forms[1] if short else forms[0]


def preset_title(key):
    return PRESET_TITLES[key][lang]


def rules_help(key):
    return RULES_HELP[key][lang]
