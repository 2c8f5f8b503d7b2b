"""Fan Tan engine: cards, deal RNG, rule sets, deals, matches, bots and the save format.

Plain Python that runs unchanged on CPython, MicroPython and CircuitPython.
"""
