"""German words of every screen: `firmware.text` loads only the player's language."""

T = {
    "title": "Fan Tan",
    "new_game": "Neues Spiel",
    "continue": "Weiterspielen",
    "settings": "Einstellungen",
    "stats": "Statistik",
    "help": "Regeln & Hilfe",
    "preset": "Regeln",
    "players": "Spieler",
    "difficulty": "Bots",
    "deal_no": "Spiel Nr. ",
    "start": "Starten",
    "opening": "Eröffnung",
    "ace_high": "Ass hoch",
    "scoring": "Wertung",
    "penalty": "Strafe",
    "strategic": "Freies Passen",
    "this_game": "Diese Partie",
    "match": "Partie",
    "n_deals": "%d Spiele",
    "to_target": "bis %d Punkte",
    "until_broke": "bis jemand keine Chips mehr hat",
    "or_sep": " oder ",
    "chips_each": "je %d Chips",
    "on": "an",
    "off": "aus",
    "easy": "Leicht",
    "medium": "Mittel",
    "hard": "Schwer",
    "mixed": "gemischt",
    "sevens": "Siebener",
    "five_nine": "5 oder 9",
    "any_rank": "frei",
    "play_or_pay": "spielen/zahlen",
    "zero_sum": "Punkte",
    "race": "Rennen",
    "pt": "Pkt",
    "chips": "Chips",
    "cards": "Karten",
    "card": "Karte",
    "values": "Werte",
    "sound": "Ton",
    "language": "Sprache",
    "speed": "Tempo",
    "brightness": "Licht",
    "slow": "langsam",
    "normal": "normal",
    "fast": "schnell",
    "you": "Du",
    "deal": "Spiel",
    "pot": "Pott",
    "your_turn": "Du bist dran",
    "bonus": "Bonuskarte",
    "no_move": "Kein Zug: du passt",
    "no_move_s": "Kein Zug",
    "pass": "passt",
    "you_pass": "Du passt",
    "pass_cost": "Passen",
    "hint": "Tipp",
    "ok_again": "Nochmal OK zum Spielen",
    "thinking": "denkt",
    "wins": "gewinnt",
    "you_win": "Gewonnen!",
    "results": "Ergebnis",
    "standings": "Stand",
    "total": "Summe",
    "next_deal": "OK: nächstes Spiel",
    "match_over": "Partie vorbei",
    "ok_title": "OK: Menü",
    "resume": "Fortsetzen",
    "quit": "Aufgeben",
    "paused": "Pause",
    "deals_played": "Spiele",
    "deals_won": "Gewonnen",
    "streak": "Serie",
    "best": "Rekord",
    "avg_pen": "Mittl. Strafe",
    "about": "Über",
    "memory_free": "Freier Speicher: %d von %d KB",
    "keys": "Tasten",
    "hold": "lang",
    "knob": "Knopf drehen",
    "hurry": "Eine Taste, während die Bots spielen: schneller",
    "keys_table": "OK spielen  ← → wählen",
    "game_damaged": "Gespeichertes Spiel beschädigt — neues Spiel",
    "prefs_damaged": "Einstellungen beschädigt — zurückgesetzt",
    "ok_continue": "OK: weiter",
    "replay": "Letztes Spiel ansehen",
    "replay_s": "Ansehen",
    "matches": "Partien",
    "wins_per": "Gewonnen / gespielt",
    "ok_reset": "OK: zurücksetzen…",
    "reset_q": "Zurücksetzen?",
    "no": "Nein",
    "yes_reset": "Ja, löschen",
}

# what each logical button does, in hal.buttons order (UP DOWN LEFT RIGHT OK BACK MENU HINT)
BUTTONS = (
    "vorige Farbe",
    "nächste Farbe",
    "vorige Karte",
    "nächste Karte",
    "spielen / wählen",
    "zurück / Pause",
    "Pause / zurück",
    "Tipp",
)

# unlabelled keys, in text.PLACES order
PLACES = ("Mitte", "Oben links", "Oben rechts", "Reihe 3 links", "Drehknopf")

# engine reason codes (engine.reasons): long and short
REASONS = (
    ("OK", "OK"),
    ("Du bist nicht dran", "Nicht dran"),
    ("Du hast diese Karte nicht", "Nicht auf Hand"),
    ("Diese Farbe braucht erst ihre Startkarte", "Farbe zu"),
    ("Die Karte passt an kein Ende der Reihe", "Passt nicht"),
    ("Erst die Eröffnungskarte spielen", "Erst Eröffnung"),
    ("Erst die laufende Farbe beenden", "Farbe beenden"),
    ("Du kannst spielen: kein Passen", "Spielen!"),
    ("Zu wenig Chips zum Passen", "Keine Chips"),
    ("Das Spiel ist vorbei", "Vorbei"),
    ("Bonus auf eine andere Reihe", "Bonus: andere Reihe"),
    ("Das ist keine Karte", "Keine Karte"),
)

PRESET_TITLES = {
    "sevens": "Sieben",
    "fan_tan": "Fan Tan",
    "domino": "Domino",
    "parliament": "Parlament",
    "five_or_nine": "Fünf oder Neun",
    "coventry": "Coventry",
    "play_or_pay": "Spielen/Zahlen",
}

# one rules page per preset
RULES_HELP = {
    "sevens": ("Vier Spieler. Die Siebener eröffnen die Reihen; jede Farbe wächst auf und ab von "
               "ihrer 7. Ass ist hoch. Spiele, wenn du kannst, sonst passe. Wer zuerst keine "
               "Karten hat, gewinnt."),
    "fan_tan": ("Chips. Alle setzen; links vom Geber beginnt. Gebaut wird von den Siebenern. "
                "Passen ist auch erlaubt, wenn man könnte, kostet aber Chips. Wer zuerst fertig "
                "ist, bekommt den Pott."),
    "domino": ("Die erste Karte, beliebigen Rangs, legt den Startrang fest. Strafpunkte werden "
               "addiert; bei 100 endet die Partie, die wenigsten Punkte gewinnen."),
    "parliament": ("Karo 7 eröffnet. Gebaut wird von den Siebenern. Ein Strafpunkt je Karte; bei "
                   "100 endet die Partie, die wenigsten gewinnen."),
    "five_or_nine": ("Ein Chipspiel: die erste Karte ist eine 5 oder 9; dieser Rang eröffnet "
                     "dann jede Reihe."),
    "coventry": ("Jeder Rang darf eröffnen; wer die vierte Startkarte legt, darf noch eine Karte "
                 "auf eine andere Reihe legen."),
    "play_or_pay": ("Eine Farbe nach der anderen, aufwärts und ums Eck. Wer nicht kann, zahlt "
                    "einen Chip in den Pott."),
}
