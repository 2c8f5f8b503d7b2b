"""Stand-in for CircuitPython's board module: play.py sets board_id, DISPLAY and the pins."""
board_id = None
DISPLAY = None
