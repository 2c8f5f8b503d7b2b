"""CircuitPython entry: the badge HAL, then the app, forever.

If the badge cannot start (a board without a profile, a missing library, another runtime),
it says why on the serial console, which CircuitPython also shows on the screen."""
import hal


def start():
    """Build the HAL and the app; returns (app, None) or (None, the reason in words)."""
    try:
        import board
    except ImportError:
        return None, "Fan Tan needs CircuitPython (no 'board' module here)"
    board_id = getattr(board, "board_id", "?")
    if board_id not in hal.BOARDS:
        return None, "Fan Tan has no profile for board '%s'; it runs on: %s" % (
            board_id, ", ".join(hal.BOARDS))
    try:
        from hal.circuitpython import Hal
        from firmware.app import App
    except ImportError as e:
        return None, "Fan Tan is missing a library (%s): run python -m tools.flash again" % e
    return App(Hal(board_id)), None


app, why = start()
if app is None:
    print(why)
else:
    app.run()
