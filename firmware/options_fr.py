"""French words of Rules & help's New game options page: what each of New game's lines does,
by its key. Borrowed with the page (`firmware.text.rules_words("options")`), so they hold no
heap otherwise."""

NEW_GAME = {
    "preset": "Les règles; les lignes suivantes en reprennent les réglages.",
    "players": "Places à la table, la vôtre comprise.",
    "difficulty": "Facile, Moyen ou Difficile; les lignes P2 à P7, à la fin, règlent chaque place.",
    "opening": ("Chaque couleur s'ouvre par son 7; par un 5 ou un 9, ou toute valeur, selon la première "
                "carte; ou, une couleur à la fois, par n'importe quelle carte (Joue ou paie)."),
    "opener": "Qui commence: qui a ce 7, en le posant d'abord, ou le joueur à gauche du donneur.",
    "ace_high": "L'as va après le R, pas avant le 2.",
    "up_first": "Rien ne va sous un 7 tant que le 8 au-dessus n'est pas posé.",
    "coventry": "Qui pose la quatrième carte d'ouverture peut poser une carte de plus sur une autre rangée.",
    "scoring": ("Points: les autres paient le gagnant. Pénalités: elles s'additionnent, le plus petit "
                "total gagne. Jetons: mises et pot."),
    "target": "Le total de pénalités qui finit la partie.",
    "deals": "Le nombre de donnes d'une partie; aux jetons, elle finit plus tôt si un joueur n'en a plus.",
    "chips": "Les jetons de chaque joueur au départ.",
    "penalty": "Chaque carte restante coûte 1, sa valeur (A=1, R=13), ou sa valeur avec V/D/R=10.",
    "strategic_pass": "Aux jetons, passer même si l'on peut jouer, contre paiement.",
    "gate_penalty": ("Ce que cette passe paie en plus à chaque détenteur d'une carte voisine d'une carte "
                     "d'ouverture que vous gardez."),
    "winner_deals": "Le gagnant d'une donne distribue la suivante, au lieu du joueur à gauche du donneur.",
    "deal_no": ("Le même numéro donne les mêmes cartes sur chaque badge. Choisissez-le pour le saisir: "
                "les touches carte/valeur passent d'un chiffre à l'autre, les touches couleur/ligne "
                "en changent un; choisissez encore pour finir."),
}
