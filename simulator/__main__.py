"""python -m simulator [--board ID] [--scale N] [--seed N] [--data-dir DIR]
                       [--headless --keys "OK,RIGHT,@shot.png,OK" --screenshot out.png]

Window: the badge screen, and beside it the keyboard map and the board's buttons.
Headless: runs the button script (each press waits until the bots are done), saves
PNGs at each @name.png token and the final screen with --screenshot, exits non-zero
on any error. --redraw prints how much of the screen displayio redrew after the bot
moves (the most and the mean).
"""
import argparse
import os
import sys


MAX_SCALE = 10         # a 320x240 board's window or picture 3200 px wide


def default_data_dir():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "fantan-badge")


def not_a_board(board_id, boards):
    """Why --board is refused: a profile written but not yet in hal.BOARDS (docs/boards.md gives
    the steps in that order), or no profile at all, as argparse says it."""
    import hal
    path = os.path.join(os.path.dirname(hal.__file__), board_id + ".py")
    if os.path.isfile(path) and is_profile(path):      # not hal/desktop.py, hal/buttons.py, ...
        return "hal/%s.py is not registered: add %r to BOARDS in hal/__init__.py (docs/boards.md, step 3)" % (
            board_id, board_id)
    return "argument --board: invalid choice: %r (choose from %s)" % (board_id, ", ".join(map(repr, boards)))


def is_profile(path):
    """A board profile (docs/boards.md, step 2) says which board it is: BOARD_ID = "..."."""
    try:
        with open(path, encoding="utf-8") as f:
            return any(line.startswith("BOARD_ID") for line in f)
    except (OSError, UnicodeDecodeError):
        return False


def unchecked(board_id):
    """Why a profile's pins go unchecked: circuitpython-stubs is not installed, or lacks the board."""
    from simulator.boards import stubs_installed
    if not stubs_installed():
        return "circuitpython-stubs is not installed (make sim or make test installs it)"
    return ("circuitpython-stubs has no board %r: check the id against circuitpython.org (it is "
            "CircuitPython's board.board_id)" % board_id)


def takes_no_file(folder):
    """Why no file can be made in folder (read-only, another user's), or None: a picture's
    folder is tried before a script plays on the saves, as the picture's temporary file is
    written there once it has."""
    import tempfile
    try:
        fd, trial = tempfile.mkstemp(suffix=".png", dir=folder or ".")
    except OSError as e:
        return e.strerror or str(e)
    os.close(fd)
    os.remove(trial)
    return None


def no_folder_for(what, folder):
    """The refusal of a picture (what) whose folder is missing or takes no file, or None."""
    if not os.path.isdir(folder or "."):
        return "%s: no folder %s" % (what, folder)
    why = takes_no_file(folder)
    return "%s: cannot write in %s (%s)" % (what, folder or ".", why) if why else None


def main(argv=None):
    from hal import BOARDS
    ap = argparse.ArgumentParser(prog="python -m simulator", description="Fan Tan badge simulator")
    ap.add_argument("--board", default="pimoroni_picosystem", metavar="ID", help="one of " + ", ".join(BOARDS)
                    + " (default %(default)s)")
    ap.add_argument("--scale", type=int, default=0, help="window zoom, 1 to %d (default 0: fit)" % MAX_SCALE)
    ap.add_argument("--seed", type=int, default=None,
                    help="first deal number, 1-99999 (default: the saved settings' next deal, 1 at first)")
    ap.add_argument("--data-dir", default=None,
                    help="where the simulated flash lives (default: %s, your own saved game, "
                         "which a --headless script plays on)" % default_data_dir().replace("%", "%%"))
    ap.add_argument("--headless", action="store_true",
                    help="no window: play the --keys script, save the PNGs asked for, exit non-zero on any error")
    ap.add_argument("--keys", default="", help="comma-separated buttons, WAIT:ms, @file.png (default: none)")
    ap.add_argument("--screenshot", default=None, help="PNG of the final screen")
    ap.add_argument("--shot-dir", default=None, help="folder for @file.png tokens")
    ap.add_argument("--shot-scale", type=int, default=None,
                    help="zoom of the PNGs (--screenshot, @file.png), 1 to %d (default 1)" % MAX_SCALE)
    ap.add_argument("--frames", type=int, default=0, help="window: quit after N frames")
    ap.add_argument("--window-shot", default=None, help="window: PNG of the whole window at exit")
    ap.add_argument("--redraw", action="store_true",
                    help="report the share of the screen redrawn after bot moves (most, mean)")
    ap.add_argument("--battery", type=int, default=None, metavar="PCT",
                    help="a battery reading this charge (0-100; default: the board reads none)")
    args = ap.parse_args(argv)
    if args.board not in BOARDS:
        ap.error(not_a_board(args.board, BOARDS))
    if args.battery is not None and not 0 <= args.battery <= 100:
        ap.error("--battery: a charge from 0 to 100 (%)")
    if args.seed is not None and not 1 <= args.seed <= 99999:      # as New game's deal number
        ap.error("--seed: a deal number from 1 to 99999")
    if not 0 <= args.scale <= MAX_SCALE or args.shot_scale is not None and not 1 <= args.shot_scale <= MAX_SCALE:
        ap.error("--scale: 0 (fit) to %d; --shot-scale: 1 to %d" % (MAX_SCALE, MAX_SCALE))
    if args.frames < 0:
        ap.error("--frames: 0 (play until the window closes) or more")
    for o, v in (("--screenshot", args.screenshot), ("--window-shot", args.window_shot)):
        if v is not None and not v.lower().endswith(".png"):
            ap.error("%s %r: a PNG, named .png" % (o, v))
        bad = v is not None and no_folder_for("%s %s" % (o, v), os.path.dirname(v))    # known before playing
        if bad:
            ap.error(bad)
    if args.data_dir == "":         # an unset shell variable: not the player's own saves
        ap.error("--data-dir: give a folder")
    headless = [o for o, v in (("--keys", args.keys), ("--screenshot", args.screenshot),
                               ("--shot-dir", args.shot_dir), ("--shot-scale", args.shot_scale is not None),
                               ("--redraw", args.redraw)) if v]
    window = [o for o, v in (("--scale", args.scale), ("--frames", args.frames),
                             ("--window-shot", args.window_shot)) if v]
    if headless and not args.headless:
        ap.error("%s: only with --headless (the window is played from the keyboard, and F12 saves a "
                 "picture)" % ", ".join(headless))
    if window and args.headless:
        ap.error("%s: only in the window, not with --headless (--screenshot and --shot-scale are its "
                 "pictures)" % ", ".join(window))
    from hal import profile
    from hal.desktop import cannot_write
    from simulator.boards import profile_problems, board_pins
    wrong = profile_problems(profile(args.board), args.board)
    if wrong:
        ap.error("hal/%s.py does not fit the board: %s (see docs/boards.md)" % (args.board, "; ".join(wrong)))
    if args.battery is not None and not profile(args.board).BATTERY:
        ap.error("--battery: the %s has no battery pin to read (BATTERY in hal/%s.py)"
                 % (profile(args.board).NAME, args.board))
    if board_pins(args.board) is None:
        print("Note: the pins of hal/%s.py are not checked: %s" % (args.board, unchecked(args.board)),
              file=sys.stderr)
    if args.headless:
        from simulator.core import Sim, bad_token, shot_path
        bad = bad_token(args.keys.split(","), profile(args.board))
        if bad:
            ap.error(bad)
        if args.shot_dir is not None and not os.path.isdir(args.shot_dir):   # known before playing
            ap.error("--shot-dir %s: no folder there" % args.shot_dir)
        for tok in args.keys.split(","):    # an @file.png's folder too: a run that stops at it has played on the saves
            bad = tok.strip().startswith("@") and no_folder_for(
                "@" + tok.strip()[1:], os.path.dirname(shot_path(tok, args.shot_dir)))
            if bad:
                ap.error(bad)
    data_dir = default_data_dir() if args.data_dir is None else args.data_dir
    if os.path.exists(data_dir) and not os.path.isdir(data_dir):
        ap.error("--data-dir %s: a file is there, not a folder for the saves" % data_dir)
    try:            # only once every option is accepted: a refused run leaves no folder behind
        os.makedirs(data_dir, exist_ok=True)
    except OSError as e:
        ap.error("--data-dir %s: cannot make the folder (%s)" % (data_dir, e.strerror or e))
    try:
        if args.headless:
            sim = Sim(args.board, seed=args.seed, data_dir=data_dir, headless=True, battery=args.battery)
            sim.measure = args.redraw
            scale = args.shot_scale or 1
            sim.run_script(args.keys.split(","), shot_dir=args.shot_dir, shot_scale=scale)
            sim.settle()
            if args.screenshot:
                sim.shot(args.screenshot, scale)
        else:
            from simulator.window import run_window
            sim = run_window(args.board, args.scale, args.seed, data_dir, args.frames, args.window_shot,
                             args.battery)
    except OSError as e:            # a picture: --screenshot, @file.png, --window-shot
        cannot_write(ap, e)
    except KeyboardInterrupt:       # Ctrl+C in the terminal: what was saved stays
        ap.exit(130, "%s: interrupted\n" % ap.prog)
    if args.redraw:
        moves, worst, mean = sim.redraw_summary()
        if moves:
            print("redraw after bot moves: %d moves, max %.1f%%, mean %.1f%% of %d px"
                  % (moves, 100 * worst, 100 * mean, sim.hal.profile.WIDTH * sim.hal.profile.HEIGHT))
    if sim.app.unsaved:         # what the badge says on its screen: a player would lose it
        lost = ("game", "settings", "game and settings")[sim.app.unsaved - 1]
        ap.exit(1, "%s: error: could not save in %s (full, or not writable): a power-off would "
                "lose the %s\n" % (ap.prog, data_dir, lost))
    return 0


if __name__ == "__main__":
    sys.exit(main())
