"""The badge app: screens, menus, the game table. Runs on the badge and in the simulator."""


def borrow(name):
    """Module firmware.<name>, imported and at once dropped from the module table and from
    this package, so its code and data are freed when the caller lets go of it: for data
    read once (a board's layout, a rules page's sentences), which the heap need not keep."""
    import sys
    module = "firmware." + name
    __import__(module)
    m = sys.modules.pop(module)
    delattr(sys.modules[__name__], name)
    return m
