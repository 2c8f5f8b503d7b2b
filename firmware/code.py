"""CircuitPython entry: the badge HAL, then the app, forever.

If the badge cannot start (no hal/ beside code.py, a board without a profile or with one that
does not fit it: a pin it lacks or one already in use, a make_display that fails; a missing
library, another runtime, too little memory), it says why on the serial console, which
CircuitPython also shows on the screen. Before the imports that take most of the start it says
the game is starting: a colour screen shows the console until the game's first frame (an e-ink
one keeps its last picture)."""
import gc

try:
    import hal
except ImportError:     # code.py alone: run as a file on a computer, or a flash without hal/
    hal = None


def out_of_memory(when):
    """What to say when the heap runs out, with how much is free once collected (gc is imported
    up front: importing while out of memory could fail again)."""
    gc.collect()
    sources = "" if hal.from_mpy() else "flash it with 'python -m tools.flash --mpy' for about 7 KB more, or "
    return "Fan Tan ran out of memory %s (%d KB free): %ssee 'The code on the badge' in the README." % (
        when, gc.mem_free() // 1024, sources)


def start():
    """Build the HAL and the app; returns (app, None) or (None, the reason in words)."""
    try:
        import board
    except ImportError:
        return None, ("Fan Tan needs CircuitPython (no 'board' module here): see docs/flashing.md;"
                      " on a computer, make sim")
    if hal is None:
        return None, ("Fan Tan's hal/ folder is not beside code.py: run python -m tools.flash again;"
                      " on a computer, make sim")
    board_id = getattr(board, "board_id", "?")
    if board_id not in hal.BOARDS:
        return None, "Fan Tan has no profile for board '%s'; it runs on: %s" % (
            board_id, ", ".join(hal.BOARDS))
    print("Starting Fan Tan...")
    try:
        from hal.circuitpython import Hal
        from firmware.app import App
        try:
            badge = Hal(board_id)
        except (AttributeError, TypeError, ValueError) as e:    # no DISPLAY, a pin lacking or in use
            return None, "Fan Tan's profile hal/%s.py does not fit this board (%s): see docs/boards.md" % (
                board_id, e)
        return App(badge), None
    except ImportError as e:
        return None, "Fan Tan is missing a library (%s): run python -m tools.flash again" % e
    except MemoryError:
        return None, out_of_memory("starting")


app, why = start()
if app is None:
    print(why)
else:
    try:
        app.run()
    except MemoryError:
        app = None          # let the collector have the screens before measuring
        print(out_of_memory("while playing") + " A game in play is saved up to your last move:"
              " press reset to go on from there.")
