"""French words of the borrowed pages: the rules pages' sentences, and the words of Rules & help's
other pages and of Statistics. `firmware.text.rules_words` loads them while a page is written and
drops them after, so they hold no heap during play."""

WORDS = {
    # Rules & help's other pages (this game, Buttons, About) and Statistics
    "around": "touches autour du milieu",
    "this_game": "Cette partie",
    "first_jack": "Premier valet",
    "card": "carte",
    "match": "Partie",
    "memory_free": "Mémoire libre: %d sur %d Ko",
    "hold": "appui long",
    "knob": "Tourner la molette: choisir carte/ligne",
    "hint_in_pause": "Conseil: dans le menu Pause, à votre tour",
    "menus_wrap": "Après la dernière ligne, les menus reviennent à la première",
    "hurry": "Toute touche sauf pause accélère les robots",
    "auto": "Jeu auto (Réglages) pose votre carte quand c'est votre seul coup",
    "deals_won": "Gagnées",
    "matches": "Parties",
    "streak": "Victoires de suite",
    "best": "Meilleure série",
    "avg_pen": "Pénalité moy.",
    "point": ",",
    "wins_per": "Donnes gagnées/jouées",
    # the rules pages' sentences
    "players": "%s joueurs.",
    "opens": "Le %s ouvre.",
    "left_starts": "Le joueur à gauche du donneur commence.",
    "ace_high": "L'as est fort (après le R).",
    "up_first": "Rien ne va sous un 7 tant que le 8 au-dessus n'est pas posé.",
    "ace_low": "L'as est faible (avant le 2).",
    "coventry": ("Qui pose la quatrième carte d'ouverture peut jouer une carte de plus sur une "
                 "autre rangée."),
    "must": "Jouez si vous pouvez, sinon vous passez.",
    "must_chip": "Jouez si vous pouvez, sinon vous passez et payez un jeton au pot.",
    "strategic": ("Vous pouvez aussi passer volontairement, si vous pouvez payer le coût maximal: "
                  "%d jetons au pot"),
    "gates": (", et, pour chaque carte d'ouverture que vous gardez, %d à chaque détenteur d'une "
              "carte voisine"),
    "gates_fixed": ", une fois la valeur d'ouverture fixée",
    "per_card": "1 point par carte restante",
    "chip_per_card": "1 jeton par carte restante",
    "per_value": "la valeur de leurs cartes (A=1, R=13)",
    "per_pip": "la valeur de leurs cartes (A=1, V/D/R=10)",
    "ceremony": ("On distribue face visible: celui qui reçoit le premier valet est le premier donneur; "
                 "le paquet est coupé avant chaque donne."),
    "dealer": ("Le rôle de donneur tourne d'un joueur vers la gauche à chaque donne; les joueurs à égalité "
               "en tête à la fin se partagent la victoire."),
    "winner_deals": ("Le gagnant d'une donne distribue la suivante; les joueurs à égalité en tête à la fin "
                     "se partagent la victoire."),
}

# what each logical button does, in hal.buttons order (UP DOWN LEFT RIGHT OK BACK MENU HINT)
BUTTONS = (
    "couleur/ligne précédente",
    "couleur/ligne suivante",
    "carte/valeur précédente",
    "carte/valeur suivante",
    "jouer/choisir",
    "retour/pause",
    "pause/retour",
    "conseil",
)

# unlabelled keys, in text.PLACES order
PLACES = ("Milieu", "En haut à gauche", "En haut à droite", "Rangée 3 à gauche", "Appui molette",
          "Touche BOOT", "Home", "Menu")

# by opening (engine.rules: SEVENS, FIVE_OR_NINE, ANY_RANK, PLAY_OR_PAY)
OPENING = (
    "Chaque couleur s'ouvre par son 7, sa carte d'ouverture, puis se complète en montant et en descendant.",
    ("La première carte est un 5 ou un 9: les cartes de cette valeur (cartes d'ouverture) ouvrent chaque "
     "couleur; puis on monte et on descend."),
    ("La première carte, de n'importe quelle valeur, fixe la valeur des cartes d'ouverture, qui ouvrent "
     "chaque couleur; puis on monte et on descend."),
    ("Une couleur à la fois: n'importe quelle carte l'ouvre (sa carte d'ouverture), puis on monte; après le R, on "
     "repart de l'as. Qui pose la dernière carte d'une couleur ouvre la suivante."),
)
# by scoring (ZERO_SUM, RACE, CHIPS); %s is per_card, chip_per_card, per_value or per_pip
SCORING = (
    "Le premier à poser toutes ses cartes gagne; les autres lui paient %s.",
    ("Le premier à poser toutes ses cartes finit la donne; les autres marquent en pénalité %s. Le plus petit "
     "total gagne."),
    ("Chacun mise un jeton (2 si on a reçu une carte de moins). Le premier à poser toutes ses cartes prend "
     "le pot; les autres lui paient %s, ou ce qui leur reste."),
)

TABLE = (
    "Chaque rangée est une couleur; les valeurs marquées à ses bouts sont les prochaines cartes à y poser.",
    ("Dans votre main, les cartes que vous pouvez poser se détachent des autres; "
     "le cadre plein est votre curseur, celui en pointillés montre le conseil."),
    "\u25b6 indique qui doit jouer, Dn le donneur, 2! un joueur à deux cartes ou moins.",
    ("À côté de chaque joueur figurent son nombre de cartes, ses jetons ($) ou ses points (pt), et sa "
     "dernière action. Sur les petits écrans, jetons ou points sont sous votre main. Sur les plus "
     "petits, les vôtres sont sur la ligne de message et ceux des autres dans le classement; là, "
     "2:12 7\u2665 est P2, qui a 12 cartes et a posé le 7\u2665 en dernier, et un tiret est une passe. "
     "Le Dn et la dernière action s'affichent là où il y a la place; sinon, 2-12 dit que P2 a passé."),
    ("Pour passer quand les règles le permettent (passe payante, ou pour refuser la carte bonus), déplacez "
     "le curseur après votre dernière carte: la ligne de message montre la passe et son prix."),
    ("Une passe payante affichée Passer -6…-9 coûte de 6 à 9 jetons, selon qui détient les cartes voisines de "
     "votre carte d'ouverture; vous ne pouvez passer que si vous pouvez payer le maximum."),
)
