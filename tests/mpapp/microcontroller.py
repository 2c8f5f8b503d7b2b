"""Stand-in for CircuitPython's microcontroller: a blank 4 KB nvm that outlives the app."""
nvm = bytearray(b"\xff" * 4096)
