"""French words of every screen: `firmware.text` loads only the player's language."""

T = {
    "title": "Fan Tan",
    "new_game": "Nouvelle partie",
    "continue": "Continuer",
    "settings": "Réglages",
    "stats": "Statistiques",
    "help": "Règles & aide",
    "preset": "Règles",
    "players": "Joueurs",
    "difficulty": "Robots",
    "deal_no": "Donne n°",
    "start": "Commencer",
    "opening": "Ouverture",
    "ace_high": "As haut",
    "scoring": "Score",
    "penalty": "Pénalité",
    "strategic": "Passe libre",
    "this_game": "Cette partie",
    "match": "Partie",
    "n_deals": "%d donnes",
    "to_target": "jusqu'à %d points",
    "until_broke": "jusqu'à ce qu'un joueur n'ait plus de jetons",
    "or_sep": ", ou ",
    "chips_each": "%d jetons chacun",
    "on": "oui",
    "off": "non",
    "easy": "Facile",
    "medium": "Moyen",
    "hard": "Difficile",
    "mixed": "mixte",
    "sevens": "sept",
    "five_nine": "5 ou 9",
    "any_rank": "libre",
    "play_or_pay": "jouer/payer",
    "zero_sum": "points",
    "race": "course",
    "pt": "pt",
    "chips": "jetons",
    "cards": "cartes",
    "card": "carte",
    "values": "valeurs",
    "sound": "Son",
    "language": "Langue",
    "speed": "Vitesse",
    "brightness": "Lumière",
    "slow": "lent",
    "normal": "normal",
    "fast": "rapide",
    "you": "Vous",
    "deal": "Donne",
    "pot": "Pot",
    "your_turn": "À vous",
    "bonus": "Carte bonus",
    "no_move": "Aucun coup: vous passez",
    "no_move_s": "Rien",
    "pass": "passe",
    "you_pass": "Vous passez",
    "pass_cost": "Passer",
    "hint": "Conseil",
    "ok_again": "Encore OK pour jouer",
    "thinking": "réfléchit",
    "wins": "gagne",
    "you_win": "Gagné !",
    "results": "Résultats",
    "standings": "Classement",
    "total": "Total",
    "next_deal": "OK: donne suivante",
    "match_over": "Partie finie",
    "ok_title": "OK: menu",
    "resume": "Reprendre",
    "quit": "Abandonner",
    "paused": "Pause",
    "deals_played": "Donnes",
    "deals_won": "Gagnées",
    "streak": "Série",
    "best": "Record",
    "avg_pen": "Pénalité moy.",
    "about": "À propos",
    "memory_free": "Mémoire libre: %d sur %d Ko",
    "keys": "Boutons",
    "hold": "appui long",
    "knob": "tourner le bouton",
    "hurry": "Une touche pendant que les robots jouent: plus vite",
    "keys_table": "OK jouer  ← → choisir",
    "game_damaged": "Partie enregistrée abîmée — nouvelle partie",
    "prefs_damaged": "Réglages enregistrés abîmés — remis à zéro",
    "ok_continue": "OK: continuer",
    "replay": "Revoir la donne",
    "replay_s": "Revoir",
    "matches": "Parties",
    "wins_per": "Gagnées / jouées",
    "ok_reset": "OK: remise à zéro…",
    "reset_q": "Remise à 0 ?",
    "no": "Non",
    "yes_reset": "Oui, effacer",
}

# what each logical button does, in hal.buttons order (UP DOWN LEFT RIGHT OK BACK MENU HINT)
BUTTONS = (
    "couleur précédente",
    "couleur suivante",
    "carte précédente",
    "carte suivante",
    "jouer / choisir",
    "retour / pause",
    "pause / retour",
    "conseil",
)

# unlabelled keys, in text.PLACES order
PLACES = ("Milieu", "En haut à gauche", "En haut à droite", "Rangée 3 à gauche", "Bouton rotatif")

# engine reason codes (engine.reasons): long and short
REASONS = (
    ("OK", "OK"),
    ("Ce n'est pas votre tour", "Pas votre tour"),
    ("Vous n'avez pas cette carte", "Carte absente"),
    ("Cette couleur attend sa carte d'ouverture", "Couleur fermée"),
    ("La carte ne touche aucun bout de sa rangée", "Pas au bout"),
    ("La carte d'ouverture se joue d'abord", "Ouverture d'abord"),
    ("Finissez d'abord la couleur en cours", "Finir la couleur"),
    ("Vous pouvez jouer: pas de passe", "Jouez!"),
    ("Pas assez de jetons pour passer", "Pas de jetons"),
    ("La donne est finie", "Donne finie"),
    ("Le bonus va sur une autre rangée", "Bonus: autre rangée"),
    ("Ce n'est pas une carte", "Pas une carte"),
)

PRESET_TITLES = {
    "sevens": "Sept",
    "fan_tan": "Fan Tan",
    "domino": "Domino",
    "parliament": "Parlement",
    "five_or_nine": "Cinq ou neuf",
    "coventry": "Coventry",
    "play_or_pay": "Jouer ou payer",
}

# one rules page per preset
RULES_HELP = {
    "sevens": ("Quatre joueurs. Les 7 ouvrent les rangées; montez et descendez chaque couleur "
               "depuis son 7. L'as est haut. Jouez si vous pouvez, sinon passez. Le premier sans "
               "carte gagne."),
    "fan_tan": ("Jetons. Chacun mise; le joueur à gauche du donneur commence. On monte depuis "
                "les 7. On peut passer même en pouvant jouer, en payant au pot. Le premier sans "
                "carte prend le pot; les autres paient par carte."),
    "domino": ("La première carte jouée, de n'importe quel rang, fixe le rang de départ. Les "
               "pénalités s'additionnent; à 100 la partie s'arrête et le plus petit score gagne."),
    "parliament": ("Le 7 de carreau ouvre. On monte depuis les 7. Un point par carte restante; à "
                   "100 la partie s'arrête, le plus bas gagne."),
    "five_or_nine": ("Un jeu de jetons où la première carte est un 5 ou un 9; ce rang ouvre "
                     "ensuite chaque rangée."),
    "coventry": ("N'importe quel rang ouvre; qui pose la quatrième ouverture rejoue une carte "
                 "sur une autre rangée."),
    "play_or_pay": ("Une couleur à la fois, en montant et en tournant. Qui ne peut suivre paie "
                    "un jeton au pot."),
}
