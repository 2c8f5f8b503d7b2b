"""German words of the borrowed pages: the rules pages' sentences, and the words of Rules & help's
other pages and of Statistics. `firmware.text.rules_words` loads them while a page is written and
drops them after, so they hold no heap during play."""

WORDS = {
    # Rules & help's other pages (this game, Buttons, About) and Statistics
    "around": "Tasten um die Mitte",
    "this_game": "Diese Partie",
    "first_jack": "Erster Bube",
    "card": "Karte",
    "match": "Partie",
    "memory_free": "Freier Speicher: %d von %d KB",
    "hold": "halten",
    "knob": "Drehknopf drehen: Karte/Zeile wählen",
    "hint_in_pause": "Tipp: im Pause-Menü, wenn du dran bist",
    "menus_wrap": "Nach der letzten Zeile beginnen die Menüs wieder oben",
    "hurry": "Jede Taste außer Pause beschleunigt die Bots",
    "auto": "Autom. Zug (Einstellungen) legt deine Karte, wenn sie dein einziger Zug ist",
    "deals_won": "Siege",
    "matches": "Partien",
    "streak": "Siege in Folge",
    "best": "Beste Serie",
    "avg_pen": "Strafe im Schnitt",
    "point": ",",
    "wins_per": "Siege/Runden",
    # the rules pages' sentences
    "players": "%s Spieler.",
    "opens": "Die %s eröffnet.",
    "left_starts": "Wer links vom Geber sitzt, beginnt.",
    "ace_high": "Das Ass ist hoch (über dem K).",
    "up_first": "Unter eine 7 kommt erst etwas, wenn die 8 darüber liegt.",
    "ace_low": "Das Ass ist niedrig (unter der 2).",
    "coventry": "Wer die vierte Startkarte legt, darf noch eine Karte auf eine andere Reihe legen.",
    "must": "Spiele, wenn du kannst, sonst passt du.",
    "must_chip": "Spiele, wenn du kannst, sonst passt du und zahlst einen Chip in den Pot.",
    "strategic": ("Du darfst auch freiwillig passen, wenn du den Höchstbetrag zahlen kannst: "
                  "%d Chips in den Pot"),
    "gates": (" und für jede Startkarte, die du zurückhältst, je %d an jeden, der eine ihrer "
              "Nachbarkarten hat"),
    "gates_fixed": ", sobald der Startrang feststeht",
    "per_card": "1 Punkt je Restkarte",
    "chip_per_card": "1 Chip je Restkarte",
    "per_value": "die Werte ihrer Karten (A=1, K=13)",
    "per_pip": "die Werte ihrer Karten (A=1, B/D/K=10)",
    "ceremony": ("Erster Geber ist, wer beim offenen Austeilen den ersten Buben bekommt; vor jeder Runde "
                 "wird abgehoben."),
    "dealer": ("Der Geber rückt jede Runde einen Platz nach links; liegen am Ende mehrere gleichauf vorn, "
               "teilen sie sich den Sieg."),
    "winner_deals": ("Wer eine Runde gewinnt, gibt die nächste; liegen am Ende mehrere gleichauf vorn, "
                     "teilen sie sich den Sieg."),
}

# what each logical button does, in hal.buttons order (UP DOWN LEFT RIGHT OK BACK MENU HINT)
BUTTONS = (
    "vorige Farbe/Zeile",
    "nächste Farbe/Zeile",
    "vorige Karte/Wert",
    "nächste Karte/Wert",
    "spielen/wählen",
    "zurück/Pause",
    "Pause/zurück",
    "Tipp",
)

# unlabelled keys, in text.PLACES order
PLACES = ("Mitte", "Oben links", "Oben rechts", "Reihe 3 links", "Drehknopf drücken",
          "BOOT-Taste", "Home", "Menü")

# by opening (engine.rules: SEVENS, FIVE_OR_NINE, ANY_RANK, PLAY_OR_PAY)
OPENING = (
    "Jede Farbe beginnt mit ihrer 7 (Startkarte) und wird auf- und abwärts gelegt.",
    "Die erste Karte ist eine 5 oder 9: Karten dieses Rangs (Startkarten) eröffnen jede Farbe; dann auf- und abwärts.",
    ("Die erste Karte, beliebigen Rangs, legt den Startrang fest; seine Karten (Startkarten) eröffnen jede "
     "Farbe, dann auf- und abwärts."),
    ("Eine Farbe nach der anderen: Eine beliebige Karte eröffnet sie (ihre Startkarte), dann wird aufwärts "
     "gelegt, nach dem K weiter mit dem A. Wer die letzte Karte einer Farbe legt, eröffnet die "
     "nächste."),
)
# by scoring (ZERO_SUM, RACE, CHIPS); %s is per_card, chip_per_card, per_value or per_pip
SCORING = (
    "Wer zuerst fertig ist, gewinnt; die anderen zahlen ihm %s.",
    ("Wer zuerst fertig ist, beendet die Runde; die anderen bekommen %s als Strafe. Die "
     "kleinste Summe gewinnt."),
    ("Alle setzen einen Chip (wer eine Karte weniger bekommen hat: 2). Wer zuerst fertig ist, bekommt "
     "den Pot; die anderen zahlen ihm %s oder alles, was sie noch haben."),
)

TABLE = (
    "Jede Reihe ist eine Farbe; die markierten Ränge an ihren Enden sind die nächsten anlegbaren Karten.",
    ("In deiner Hand heben sich die Karten, die du jetzt legen kannst, von den anderen ab; "
     "der durchgezogene Rahmen ist dein Cursor, der gestrichelte der Tipp."),
    "\u25b6 zeigt, wer am Zug ist, G den Geber, 2! einen Spieler mit höchstens zwei Karten.",
    ("Neben jedem Spieler steht, wie viele Karten er hat, seine Chips ($) oder Punkte (Pkt) und was er "
     "zuletzt getan hat. Auf kleinen Displays stehen Chips oder Punkte unter deiner Hand. Auf den "
     "kleinsten stehen deine in der Meldezeile und die der anderen im Spielstand; dort ist 2:12 7\u2665 "
     "P2, der 12 Karten hat und zuletzt die 7\u2665 gelegt hat, und ein Strich ist ein Passen. G und der "
     "letzte Zug erscheinen, wo Platz ist; sonst sagt 2-12, dass P2 gepasst hat."),
    ("Passen, wo die Regeln es erlauben (bezahltes Passen oder Verzicht auf die Bonuskarte): den Cursor "
     "hinter deine letzte Karte bewegen; die Meldezeile zeigt das Passen und seinen Preis."),
    ("Zeigt der Tisch Passen -6…-9 an, kostet ein bezahltes Passen 6 bis 9 Chips, je nachdem, wer die Nachbarkarten "
     "deiner Startkarte hat; passen darfst du nur, wenn du den Höchstbetrag zahlen kannst."),
)
