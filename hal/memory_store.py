"""A store of records in memory (hal.stores' load and save), for the simulator, tests and bench.

Not in hal.stores, nor on the badge (tools.bundle: DESKTOP_ONLY), which never uses it: the
code heap keeps only the stores the badge can use.
"""


class MemoryStore:
    """Records in a dict: nothing survives the process (tests, a simulator without --data-dir)."""

    damaged = False

    def __init__(self):
        self.cells = {}

    def load(self, name):
        return self.cells.get(name)

    def save(self, name, data):
        self.cells[name] = bytes(data)
        return True
