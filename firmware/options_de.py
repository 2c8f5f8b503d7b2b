"""German words of Rules & help's New game options page: what each of New game's lines does,
by its key. Borrowed with the page (`firmware.text.rules_words("options")`), so they hold no
heap otherwise."""

NEW_GAME = {
    "preset": "Das Regelwerk; die Zeilen darunter übernehmen seine Einstellungen.",
    "players": "Plätze am Tisch, deiner mitgezählt.",
    "difficulty": "Leicht, Mittel oder Schwer; die Zeilen P2 bis P7 am Ende stellen jeden Bot einzeln ein.",
    "opening": ("Jede Farbe beginnt mit ihrer 7; mit einer 5 oder 9 oder einem beliebigen Rang, je nach "
                "erster Karte; oder, eine Farbe nach der anderen, mit einer beliebigen Karte (Legen/Zahlen)."),
    "opener": "Wer beginnt: wer diese 7 hat und sie zuerst legt, oder wer links vom Geber sitzt.",
    "ace_high": "Das Ass liegt über dem K, nicht unter der 2.",
    "up_first": "Unter eine 7 kommt erst etwas, wenn die 8 darüber liegt.",
    "coventry": "Wer die vierte Startkarte legt, darf noch eine Karte auf eine andere Reihe legen.",
    "scoring": ("Punkte: Die anderen zahlen dem Sieger. Strafpunkte: Strafen summieren sich, die kleinste "
                "Summe gewinnt. Chips: Einsätze und Pot."),
    "target": "Die Strafpunkte, bei denen die Partie endet.",
    "deals": "Wie viele Runden eine Partie dauert; mit Chips endet sie früher, wenn jemand keine mehr hat.",
    "chips": "Die Chips, mit denen jeder beginnt.",
    "penalty": "Jede Restkarte kostet 1, ihren Wert (A=1, K=13) oder ihren Wert mit B/D/K=10.",
    "strategic_pass": "Passen, obwohl man spielen kann, gegen Bezahlung (nur bei Chips).",
    "gate_penalty": ("Was so ein Passen zusätzlich jedem zahlt, der eine Karte neben einer "
                     "zurückgehaltenen Startkarte hat."),
    "winner_deals": "Wer eine Runde gewinnt, gibt die nächste, statt des Spielers links vom Geber.",
    "deal_no": ("Dieselbe Nummer gibt auf jedem Badge dieselben Karten. Wählen, um sie einzutippen: "
                "Die Karte/Wert-Tasten gehen von Ziffer zu Ziffer, die Farbe/Zeile-Tasten ändern eine; "
                "erneut wählen beendet."),
}
