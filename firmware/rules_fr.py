"""French sentences of the rules pages: `firmware.text.rules` loads them while it writes a page
and drops them after, so they hold no heap during play."""

WORDS = {
    "players": "%s joueurs.",
    "opens": "Le %s ouvre.",
    "left_starts": "Le joueur à gauche du donneur commence.",
    "ace_high": "L'as est fort.",
    "ace_low": "L'as est faible.",
    "coventry": ("Qui pose la quatrième carte d'ouverture peut jouer une carte de plus sur une "
                 "autre rangée."),
    "must": "Jouez si vous pouvez, sinon passez.",
    "must_chip": "Jouez si vous pouvez, sinon passez et payez un jeton au pot.",
    "strategic": "On peut aussi passer en pouvant jouer: %d jetons au pot",
    "gates": ", et %d à chaque détenteur d'une carte voisine d'une carte d'ouverture gardée",
    "per_card": "1 par carte restante",
    "per_value": "la valeur de leurs cartes (A=1, K=13)",
}
# by opening (engine.rules: SEVENS, FIVE_OR_NINE, ANY_RANK, PLAY_OR_PAY)
OPENING = (
    "Chaque couleur s'ouvre par son 7 et se pose vers le haut et vers le bas.",
    ("La première carte est un 5 ou un 9: ce rang ouvre chaque couleur, posée vers le haut et "
     "vers le bas."),
    ("La première carte, de n'importe quel rang, fixe le rang qui ouvre chaque couleur, posée "
     "vers le haut et vers le bas."),
    ("Une couleur à la fois: n'importe quelle carte l'ouvre, puis elle monte, du K à l'A et "
     "au-delà. Qui pose sa dernière carte ouvre la couleur suivante."),
)
# by scoring (ZERO_SUM, RACE, CHIPS); %s is per_card or per_value
SCORING = (
    "Le premier sans carte gagne; les autres lui paient %s.",
    ("Le premier sans carte finit la donne; les autres marquent %s. Le plus petit total "
     "gagne."),
    ("Chacun mise un jeton (2 avec une carte de moins). Le premier sans carte prend le pot; "
     "les autres paient %s."),
)
