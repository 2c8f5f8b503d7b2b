"""The simulator from the command line, headless: scripts, screenshots, exit codes, redraw cost."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, full_disk
from simhelp import Sim, LAYOUT_BOARDS, TableScreen
from engine.rules import PRESETS


def run_sim(*args, **popen):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "simulator"] + list(args), cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, **popen)


def test_headless_script_writes_screenshots(tmp_path):
    out = tmp_path / "final.png"
    r = run_sim("--board", "pimoroni_picosystem", "--headless", "--seed", "7",
                "--data-dir", str(tmp_path / "data"), "--shot-dir", str(tmp_path),
                "--keys", "@title.png,OK,DOWN,UP,@newgame.png,OK,@table.png,RIGHT,OK,HINT",
                "--screenshot", str(out), "--redraw")
    assert r.returncode == 0, r.stderr
    for name in ("title.png", "newgame.png", "table.png", "final.png"):
        data = (tmp_path / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image
    assert Image.open(out).size == (240, 240)
    r = run_sim("--board", "adafruit_macropad_rp2040", "--headless", "--data-dir",
                str(tmp_path / "data2"), "--shot-dir", str(tmp_path), "--keys", "@small.png",
                "--shot-scale", "4")
    assert r.returncode == 0 and Image.open(tmp_path / "small.png").size == (512, 256), r.stderr
    assert (tmp_path / "title.png").read_bytes() != (tmp_path / "table.png").read_bytes()


def test_bad_script_exits_non_zero(tmp_path):
    r = run_sim("--headless", "--keys", "OK,FIRE", "--data-dir", str(tmp_path))
    assert r.returncode != 0
    assert "FIRE" in r.stderr


def test_a_data_dir_that_is_a_file_is_said_plainly(tmp_path):
    (tmp_path / "saves").write_text("not a folder")
    r = run_sim("--headless", "--keys", "OK", "--data-dir", str(tmp_path / "saves"))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "a file is there, not a folder" in r.stderr


def test_a_data_dir_that_cannot_be_made_is_said_before_playing(tmp_path):
    """--data-dir under a file: the folder cannot be made, and the run says so in one line
    (status 2), before any key of the script is played (a run without that check went on to
    the desktop HAL, which failed to make it, and ended with status 1 and "cannot write", as a
    picture that could not be written does)."""
    (tmp_path / "notes").write_text("a file")
    r = run_sim("--headless", "--keys", "OK", "--data-dir", str(tmp_path / "notes" / "saves"))
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1].endswith(
        "error: --data-dir %s: cannot make the folder (Not a directory)" % (tmp_path / "notes" / "saves")), r.stderr


def test_window_mode_runs_frames_and_shows_key_map(tmp_path):
    shot = tmp_path / "window.png"
    r = run_sim("--board", "adafruit_macropad_rp2040", "--frames", "3", "--window-shot", str(shot),
                "--data-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    # `make sim` starts quietly: no pygame greeting, no Blinka warning about this computer
    assert "pygame" not in r.stdout and "WARNING" not in r.stdout + r.stderr, r.stdout + r.stderr
    from PIL import Image
    im = Image.open(shot)
    assert im.size[0] > 128 * 4 + 200       # the screen and the panel beside it


def test_panel_lists_every_board_button_and_the_buttons_fit_beside_the_screen():
    import pygame
    from simulator.window import panel_lines, button_rects, render_panel, PANEL_W
    import hal
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    for board in hal.BOARDS:
        p = hal.profile(board)
        lines = panel_lines(p)
        assert lines[0] == ("%s (%s)" % (p.NAME, p.BOARD_ID),)     # as CircuitPython's board.board_id
        assert lines[1:3] == [("",), ("Keyboard -> board button:",)]
        text = "\n".join(" ".join(cells) for cells in lines)
        for pin, short, long_button in p.KEYS:
            assert pin in text
        rects = button_rects(p, font, 500, 300, PANEL_W)
        assert len(rects) == len(p.KEYS)
        assert all(500 <= r.x and r.right <= 500 + PANEL_W for _, r in rects), board
        # the key rows' columns: as wide as their widest key and label, not the board's name
        keys = [cells for cells in lines if len(cells) == 3]
        assert [cells[1] for cells in keys[:len(p.KEYS)]] == list(p.LABELS), board   # "z  A  SW_A: OK"
        drawn = render_panel(lines, font, (230, 230, 230))
        assert max(dx + surf.get_width() for surf, dx, _ in drawn) <= PANEL_W + 10, board   # the window's edge
        at = [(dx, row) for _, dx, row in drawn]
        first = lines.index(keys[0])
        key_w = max(font.size(cells[0])[0] for cells in keys) + 12
        label_w = max(font.size(cells[1])[0] for cells in keys) + 12
        assert at.count((8, first)) == 1 and (8 + key_w, first) in at and (8 + key_w + label_w, first) in at, board


def test_keyboard_drives_raw_keys_with_long_press():
    import pygame
    sim = Sim("pimoroni_badger2040", seed=3)
    hal = sim.hal
    hal.headless = True
    from hal.desktop import keyboard_map
    keys = dict((i, name) for name, i in keyboard_map(hal.profile))
    b_key = pygame.key.key_code(keys[4])        # SW_B: OK, hold for BACK
    hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=b_key))
    hal.clock += 100
    hal.key_event(pygame.event.Event(pygame.KEYUP, key=b_key))
    assert hal.poll() == [4]                    # OK
    hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=b_key))
    hal.clock += 1000
    assert hal.poll() == [5]                    # BACK
    hal.key_event(pygame.event.Event(pygame.KEYUP, key=b_key))
    assert hal.poll() == []
    hal.clock += 60000                          # late in a session a tap is still a tap: OK
    hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=b_key))
    hal.clock += 100
    assert hal.poll() == []                     # held 100 ms, not since the clock began
    hal.key_event(pygame.event.Event(pygame.KEYUP, key=b_key))
    assert hal.poll() == [4]


def test_a_script_turns_the_macropad_s_knob():
    """A script's TURN and TURN_BACK turn the knob (clockwise, back), where the board has one: from
    the title two turns and one back select Settings, which OK opens."""
    from simulator.core import Sim
    sim = Sim("adafruit_macropad_rp2040", seed=1)
    sim.run_script(["TURN", "turn", "TURN_BACK", "OK"])
    assert sim.screen.title == "Settings"


def test_encoder_keys_scroll_on_macropad():
    import pygame
    from hal.buttons import TURN
    sim = Sim("adafruit_macropad_rp2040")
    sim.hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(".")))
    sim.hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(",")))
    assert sim.hal.poll() == [TURN, TURN + 1]


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_redraw_after_bot_moves_under_a_quarter(board):
    sim = Sim(board, seed=42)
    sim.app.settings["preset"] = PRESETS.index("fan_tan")
    sim.app.start_match()
    sim.measure = True
    sim.settle()
    t = sim.screen
    while isinstance(sim.screen, TableScreen) and not t.g.over:
        sim.play_legal()
    full = sim.hal.profile.WIDTH * sim.hal.profile.HEIGHT
    assert len(sim.redraw_after_bot) > 10
    worst = max(sim.redraw_after_bot)
    assert worst < full // 4, (worst, full)


def test_battery_option_reads_as_the_board_s_battery(tmp_path):
    """--battery PCT gives the simulated board a battery: low, the table says so."""
    shots = []
    for extra in ((), ("--battery", "4")):
        out = tmp_path / ("table%d.png" % len(shots))
        r = run_sim("--headless", "--seed", "7", "--data-dir", str(tmp_path / ("d%d" % len(shots))),
                    "--keys", "OK,OK", "--screenshot", str(out), *extra)
        assert r.returncode == 0, r.stderr
        shots.append(out.read_bytes())
    assert shots[0] != shots[1]
    for bad in ("x", "150", "101", "-1"):        # just past either end too
        r = run_sim("--headless", "--battery", bad)
        assert r.returncode != 0 and "--battery" in r.stderr
    for edge in ("0", "100"):                 # both ends of 0-100 are charges, a full one too
        r = run_sim("--headless", "--data-dir", str(tmp_path / ("e" + edge)), "--battery", edge)
        assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("args, said", [
    (["--keys", "OK", "--frames", "3"], "--keys: only with --headless"),
    (["--screenshot", "x.png"], "--screenshot: only with --headless"),
    (["--shot-scale", "2"], "--shot-scale: only with --headless"),
    (["--headless", "--frames", "2"], "--frames: only in the window, not with --headless"),
    (["--headless", "--window-shot", "x.png"], "--window-shot: only in the window"),
    (["--shot-dir", "."], "--shot-dir: only with --headless"),
    (["--redraw"], "--redraw: only with --headless"),
    (["--headless", "--scale", "2"], "--scale: only in the window"),
    (["--headless", "--keys", "OK,A"],
     "in the script: A (the buttons: UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, HINT, TURN, TURN_BACK)"),
    (["--headless", "--keys", "TURN"], "the PicoSystem has no TURN in the script: its keys give UP, DOWN"),
    (["--headless", "--keys", "@"], "@ needs a file name in the script: @name.png"),
    (["--board", "lilygo_t_display_rp2040", "--headless", "--keys", "OK,UP"],
     "the T-Display RP2040 has no UP in the script: its keys give DOWN, LEFT, RIGHT, OK, BACK"),
    (["--board", "lilygo_t_display_rp2040", "--headless", "--keys", "ok,up"], "the T-Display RP2040 has no UP"),
    (["--frames", "-1"], "--frames: 0 (play until the window closes) or more"),
    (["--scale", "1000"], "--scale: 0 (fit) to 10"),         # "pygame.error: Window is too large."
    (["--board", "adafruit_macropad_rp2040", "--headless", "--battery", "50"],
     "--battery: the MacroPad has no battery pin to read (BATTERY in hal/adafruit_macropad_rp2040.py)"),
])
def test_an_option_that_would_do_nothing_or_what_the_board_cannot_is_refused(tmp_path, capsys, args, said):
    """Found by QA: the window ignored --keys and --screenshot, headless ignored --frames, a
    script pressed UP on a board without one, and --battery read nothing on a board without a
    battery pin, each with status 0 and no word."""
    from simulator.__main__ import main
    with pytest.raises(SystemExit) as e:
        main(args + ["--data-dir", str(tmp_path / "saves")])
    assert e.value.code == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "saves").exists()        # refused before it made the folder


def test_headless_badge_beeps_are_noted_without_starting_sound():
    """Headless (tests, screenshots) the HAL never starts pygame's mixer, so a machine without
    sound prints no audio errors; the beeps are still noted for the tests."""
    import pygame
    sim = Sim("adafruit_macropad_rp2040", seed=3)
    sim.hal.tone(880, 15)
    assert sim.hal.tones[-1] == (880, 15)
    assert pygame.mixer.get_init() is None


@pytest.mark.parametrize("board, rest_ms", (("pimoroni_badger2040", 2000), ("pimoroni_badger2350", 3000),
                                            ("pimoroni_picosystem", 0)))
def test_in_the_window_an_e_ink_panel_rests_between_refreshes_as_on_the_badge(monkeypatch, board, rest_ms):
    """make sim on a Badger: the panel refreshes, then refuses (as hal.circuitpython does while
    time_to_refresh > 0) until its rest is over, CircuitPython's seconds_per_frame for the board;
    so the window shows the badge's cadence, and the game waits for the panel as it does there.
    An LCD never rests; headless, the panel refreshes at once (the tests model the rest where
    it matters)."""
    import time
    from hal import BOARDS as hal_boards, profile
    from hal.desktop import EINK_REST_MS
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    hal = Sim(board, headless=False).hal
    assert EINK_REST_MS.get(board, 0) == rest_ms
    assert set(EINK_REST_MS) == set(b for b in hal_boards if profile(b).EINK)     # every e-ink board's
    assert hal.refresh()
    now[0] += max(rest_ms - 50, 0) / 1000
    assert hal.refresh() == (rest_ms == 0)
    now[0] += 0.1
    assert hal.refresh()
    assert Sim(board).hal.refresh() and Sim(board).hal.refresh()


@pytest.mark.parametrize("opened", [None, (44100, -16, 2)])
def test_a_window_beep_is_a_square_wave_of_its_pitch_and_length_and_waits_as_long(monkeypatch, opened):
    """In a window a beep plays through the desktop's sound (SDL's dummy driver here): a square
    wave of the pitch asked, as long as asked, the same on each of the mixer's channels (a mixer
    already open in stereo too), and it waits as long, as the badge's PWM beep does: a tune's
    notes follow each other, not all at once."""
    import numpy as np
    import pygame
    played, waited = [], []
    sound, wait = pygame.mixer.Sound, pygame.time.wait
    monkeypatch.setattr(pygame.mixer, "Sound", lambda buffer: played.append(buffer) or sound(buffer=buffer))
    monkeypatch.setattr(pygame.time, "wait", lambda ms: waited.append(ms) or wait(ms))
    hal = Sim("pimoroni_picosystem", headless=False).hal
    try:
        if opened:
            pygame.mixer.init(*opened)
        hal.tone(440, 50)
        rate, _, channels = pygame.mixer.get_init()
    finally:
        pygame.mixer.quit()
    if opened:
        assert (rate, channels) == (44100, 2)
    wave = np.frombuffer(played[0], np.int16).reshape(-1, channels)
    assert len(wave) == rate * 50 // 1000 and (wave == wave[:, :1]).all()
    flips = np.count_nonzero(np.diff(wave[:, 0]))        # a square wave flips twice a period
    assert abs(flips - 2 * 440 * 50 // 1000) <= 2, flips
    assert waited == [50] and hal.tones == [(440, 50)]


def test_the_about_page_names_the_simulator_and_its_python():
    """About says what runs the game: on the desktop, the simulator and its Python's version."""
    import platform
    assert Sim().hal.runtime() == "simulator, Python " + ".".join(platform.python_version_tuple()[:2])


def test_no_display_thread_runs_beside_the_game():
    """Blinka's display thread is stopped where the desktop HAL loads: the app alone decides
    when the screen refreshes, and no thread races the game or a test."""
    import displayio
    import hal.desktop  # noqa: F401
    assert not displayio.background_thread.is_alive()


def test_a_profile_that_does_not_fit_its_board_stops_the_simulator_with_why(tmp_path, monkeypatch, capsys):
    """A pin typo in a profile: the badge would only fail as the game starts; the simulator says
    so before it starts."""
    import hal
    from simulator.__main__ import main
    p = hal.profile("hack_club_sprig")
    monkeypatch.setattr(p, "KEYS", p.KEYS[:-1] + (("GP177",) + p.KEYS[-1][1:],))
    with pytest.raises(SystemExit) as e:
        main(["--board", "hack_club_sprig", "--headless", "--data-dir", str(tmp_path)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "hal/hack_club_sprig.py does not fit the board: the board has no pin GP177" in err
    assert "docs/boards.md" in err


def test_the_simulator_says_when_it_cannot_check_a_profiles_pins(tmp_path, monkeypatch, capsys):
    """A board id circuitpython-stubs does not know (a new board, a custom build): the
    simulator runs, and says the pins went unchecked."""
    import simulator.boards
    from simulator.__main__ import main
    monkeypatch.setattr(simulator.boards, "board_pins", lambda board_id: None)
    assert main(["--board", "hack_club_sprig", "--headless", "--keys", "OK",
                 "--data-dir", str(tmp_path)]) == 0
    assert "pins of hal/hack_club_sprig.py are not checked" in capsys.readouterr().err


def test_the_note_tells_stubs_not_installed_from_a_board_they_lack(tmp_path, monkeypatch, capsys):
    """Not installed: make sim or make test installs them; a board id they lack: the id is
    CircuitPython's board.board_id, to check against circuitpython.org."""
    import simulator.boards
    from simulator.__main__ import main
    monkeypatch.setattr(simulator.boards, "board_pins", lambda board_id: None)
    for installed, said in ((True, "circuitpython-stubs has no board 'hack_club_sprig': check the id"),
                            (False, "circuitpython-stubs is not installed (make sim or make test")):
        monkeypatch.setattr(simulator.boards, "stubs_installed", lambda: installed)
        assert main(["--board", "hack_club_sprig", "--headless", "--data-dir", str(tmp_path)]) == 0
        assert said in capsys.readouterr().err


def test_a_profile_written_but_not_registered_says_where_to_register_it(tmp_path, monkeypatch, capsys):
    """hal/<id>.py written (docs/boards.md, step 2) but its id not yet in hal.BOARDS (step 3)."""
    import hal
    from simulator.__main__ import main
    monkeypatch.setattr(hal, "BOARDS", tuple(b for b in hal.BOARDS if b != "hack_club_sprig"))
    for board, said in (("hack_club_sprig", "hal/hack_club_sprig.py is not registered: add 'hack_club_sprig' "
                                            "to BOARDS in hal/__init__.py (docs/boards.md, step 3)"),
                        ("bogus", "argument --board: invalid choice: 'bogus' (choose from 'pimoroni_picosystem'")):
        with pytest.raises(SystemExit) as e:
            main(["--board", board, "--headless", "--data-dir", str(tmp_path)])
        assert e.value.code == 2
        assert said in capsys.readouterr().err


def test_a_seed_is_a_deal_number_the_game_can_save(tmp_path):
    """Settings keep the next deal number from 1 to 99999: another seed made the next start
    report the settings as damaged."""
    for seed in ("0", "100000"):
        r = run_sim("--headless", "--seed", seed, "--keys", "OK", "--data-dir", str(tmp_path))
        assert r.returncode == 2 and "--seed: a deal number from 1 to 99999" in r.stderr
    assert run_sim("--headless", "--seed", "99999", "--keys", "DOWN,OK,BACK",
                   "--data-dir", str(tmp_path)).returncode == 0


def test_f12_saves_a_numbered_shot_and_never_over_an_earlier_one(tmp_path, monkeypatch, capsys):
    """F12 saves the next free fantan-N.png of the badge's own screen, 240 x 240 on a
    PicoSystem, whatever the window's zoom (2 here)."""
    import pygame
    from PIL import Image
    from simulator import window
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fantan-1.png").write_bytes(b"an earlier shot")
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0))
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")     # as importing pygame sets it under X
    window.run_window("pimoroni_picosystem", 2, 1, str(tmp_path / "data"), frames=2)
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "fantan-badge"      # the taskbar's name for the window
    assert (tmp_path / "fantan-1.png").read_bytes() == b"an earlier shot"
    assert Image.open(tmp_path / "fantan-2.png").size == (240, 240)
    assert "Screenshot: " + str(tmp_path / "fantan-2.png") in capsys.readouterr().out


def test_f12_that_cannot_write_its_shot_says_so_and_the_window_plays_on(tmp_path, monkeypatch, capsys):
    """A shot F12 cannot write (here a folder stands where its temporary file goes; a full
    disk alike) is one line on stderr, and the window runs its frames to the end."""
    import pygame
    from simulator import window
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fantan-1.png.tmp").mkdir()
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0))
    window.run_window("pimoroni_picosystem", 1, 1, str(tmp_path / "data"), frames=2,
                      window_shot=str(tmp_path / "window.png"))
    assert capsys.readouterr().err == "Screenshot failed: Is a directory\n"
    assert (tmp_path / "window.png").exists() and not (tmp_path / "fantan-1.png").exists()


def test_a_shot_s_name_skips_every_number_already_taken(tmp_path):
    """F12's name is the first fantan-N.png not in the folder, past several taken."""
    from simulator.window import shot_name
    assert shot_name(str(tmp_path)) == str(tmp_path / "fantan-1.png")
    for n in (1, 2, 4):
        (tmp_path / ("fantan-%d.png" % n)).write_bytes(b"a shot")
    assert shot_name(str(tmp_path)) == str(tmp_path / "fantan-3.png")


@pytest.mark.parametrize("board, scale", [("adafruit_macropad_rp2040", 4), ("pimoroni_picosystem", 2),
                                          ("pimoroni_badger2040", 3)])
def test_the_window_s_own_scale_fits_the_screen_and_is_at_most_4(tmp_path, board, scale):
    """Without --scale, the badge's screen is shown as large as fits in 900 x 700, at most 4x:
    the MacroPad's 128 x 64 at 4x, the PicoSystem's 240 x 240 at 2x, the Badger's wide 296 x 128
    at 3x (900 across, not 700: a window fitting the width in 700 showed it at 2x); the screen is
    drawn at that zoom, as a headless shot at it (not at 1x in a corner of its place)."""
    import pygame
    from PIL import Image
    from hal import profile
    from simulator import window
    pygame.display.init()
    shot = tmp_path / "window.png"
    window.run_window(board, 0, 1, str(tmp_path / "data"), frames=1, window_shot=str(shot))
    width, height = Image.open(shot).size
    p = profile(board)
    assert width == p.WIDTH * scale + window.PANEL_W + 30
    assert height >= p.HEIGHT * scale + 20        # the whole screen, below its panel's end
    if p.EINK:                                    # its panel shows the title once it settles, frames later
        return
    Sim(board, seed=1, data_dir=str(tmp_path / "headless")).shot(str(tmp_path / "title.png"), scale)
    want = Image.open(tmp_path / "title.png").convert("RGB")
    got = Image.open(shot).convert("RGB").crop((10, 10, 10 + p.WIDTH * scale, 10 + p.HEIGHT * scale))
    assert got.tobytes() == want.tobytes()


def test_the_simulated_board_has_only_the_battery_led_and_speaker_its_profile_gives():
    """--battery reads only where the board has a battery pin, the LED lights only where it has
    one, and a board without a speaker notes no beep; the last 32 beeps are kept."""
    sim = Sim("ugame22", battery=50)             # no battery pin, no LED, no PWM speaker
    sim.hal.light(True)
    sim.hal.tone(880, 15)
    assert (sim.hal.battery(), sim.hal.lit, sim.hal.tones) == (None, False, [])
    sim = Sim("pimoroni_picosystem", battery=50)
    sim.hal.light(True)
    for hz in range(100, 140):
        sim.hal.tone(hz, 15)
    assert (sim.hal.battery(), sim.hal.lit) == (50, True)
    assert sim.hal.tones == [(hz, 15) for hz in range(108, 140)]


def test_the_keyboard_keys_are_those_the_readme_gives_and_a_key_let_go_is_not_held():
    """README: arrows move, z is OK, x BACK, h HINT, m MENU; each board key gets its own keyboard
    key (the MacroPad's knob press too); a key up lets go, and the knob turns on key down only."""
    import pygame
    from hal import profile
    from hal.desktop import keyboard_map
    p = profile("pimoroni_picosystem")
    assert dict((p.KEYS[i][0], name) for name, i in keyboard_map(p)) == {
        "SW_UP": "up", "SW_DOWN": "down", "SW_LEFT": "left", "SW_RIGHT": "right",
        "SW_A": "z", "SW_B": "x", "SW_X": "h", "SW_Y": "m"}
    sim = Sim("adafruit_macropad_rp2040")
    names = [name for name, i in keyboard_map(sim.hal.profile)]
    assert len(set(names)) == len(names) == len(sim.hal.profile.KEYS)
    hal = sim.hal
    for name, i in keyboard_map(hal.profile):
        key = pygame.key.key_code(name)
        hal.key_event(pygame.event.Event(pygame.KEYDOWN, key=key))
        assert hal.held == {i}
        hal.key_event(pygame.event.Event(pygame.KEYUP, key=key))
        assert hal.held == set()
    hal.poll()
    hal.key_event(pygame.event.Event(pygame.KEYUP, key=pygame.key.key_code(".")))
    assert hal.poll() == []


def test_each_keyboard_key_the_panel_names_taps_its_own_board_key_on_every_board():
    """The window's panel row "space  RB  BUTTON_BUMPER_RIGHT: HINT": that keyboard key, tapped,
    holds that board key alone and gives its tap's button, on every board (the Thumby Color's
    nine keys, the Explorer's BOOT, the Badger 2350's HOME); no two rows share a keyboard key."""
    import pygame
    import hal
    from hal.desktop import DesktopHal
    from simulator.window import panel_lines
    for board in hal.BOARDS:
        h = DesktopHal(board)
        rows = [cells for cells in panel_lines(h.profile) if len(cells) == 3][:len(h.profile.KEYS)]
        assert len(set(key for key, _, _ in rows)) == len(rows), board
        for i, (key, label, _) in enumerate(rows):
            h.key_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(key)))
            assert (h.held, label) == ({i}, h.profile.LABELS[i]), (board, key)
            h.clock += 100
            h.key_event(pygame.event.Event(pygame.KEYUP, key=pygame.key.key_code(key)))
            assert h.poll() == [h.profile.KEYS[i][1]], (board, key)
            h.clock += 1000


def test_keys_for_a_button_already_mapped_take_the_spare_keys_in_turn():
    """A second board key for a button (the MacroPad's knob press is a second OK) gets the
    first spare keyboard key, space; a third gets the next spare, c: never one taken."""
    import types
    from hal import profile
    from hal.buttons import OK
    from hal.desktop import keyboard_map
    assert keyboard_map(profile("adafruit_macropad_rp2040"))[-1] == ("space", 8)
    p = types.SimpleNamespace(KEYS=(("GP1", OK, None), ("GP2", OK, None), ("GP3", OK, None)))
    assert keyboard_map(p) == [("z", 0), ("space", 1), ("c", 2)]


def test_the_window_clock_counts_real_milliseconds(monkeypatch):
    """In a window the HAL's clock is the real time since it started, in ms."""
    import time
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    hal = Sim("pimoroni_picosystem", headless=False).hal
    now[0] += 2.5
    assert hal.ticks_ms() == 2500


def test_a_script_waits_and_takes_buttons_in_any_case(tmp_path):
    sim = Sim("pimoroni_picosystem", seed=7)
    assert sim.app.settings["deal"] == 7
    start = sim.hal.clock
    sim.run_script(["WAIT:1000"])
    assert sim.hal.clock - start == 1000        # the badge's time it says, not a step more
    sim.run_script(["wait:1000", " Wait:1000 "])   # a WAIT in any case, as the buttons
    assert sim.hal.clock - start == 3000
    sim.run_script(["ok"])                  # as OK: the title's first line, New game
    assert sim.screen is not None and type(sim.screen).__name__ != "TitleScreen"


def test_each_key_of_a_script_runs_the_game_on_until_it_waits_for_you():
    """README: a script's key runs the game on until it waits for you again (the deal dealt, the
    bots played), so none lands while a bot thinks: Start at a 7-player table of Hard bots
    comes back at your turn, the bots' moves made."""
    sim = Sim("pimoroni_picosystem", seed=77)
    sim.run_script("OK,DOWN,RIGHT,RIGHT,RIGHT,DOWN,RIGHT,RIGHT,RIGHT,DOWN,RIGHT,RIGHT,UP,UP,UP,OK".split(","))
    t = sim.screen
    assert isinstance(t, TableScreen) and t.g.players == 7 and set(sim.app.match_seats[1:7]) == {2}
    assert t.my_turn() and not t.busy() and len(t.g.log) > 0
    sim.run_script(["MENU"])
    assert type(sim.screen).__name__ == "ListScreen" and t.g.turn == t.me

def test_the_command_line_options_reach_the_run(tmp_path, monkeypatch, capsys):
    """--seed picks the deal, --shot-scale zooms --screenshot too, --data-dir holds the saves,
    --redraw reports, --battery 0 is a charge (empty); without --data-dir the saves go under
    XDG_DATA_HOME."""
    import hashlib
    from PIL import Image
    from simulator.__main__ import main, default_data_dir
    shots = []
    for seed in ("7", "7", "8"):
        out = tmp_path / ("%d.png" % len(shots))
        data = tmp_path / ("d%d" % len(shots))
        assert main(["--headless", "--seed", seed, "--data-dir", str(data), "--keys", "OK,OK",
                     "--screenshot", str(out), "--shot-scale", "2", "--redraw",
                     "--battery", "0"]) == 0
        assert Image.open(out).size == (480, 480)
        assert os.listdir(data)                   # the game saved there
        shots.append(hashlib.sha256(out.read_bytes()).hexdigest())
    assert shots[0] == shots[1] != shots[2]
    assert "redraw after bot moves:" in capsys.readouterr().out
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == str(tmp_path / "xdg" / "fantan-badge")


def test_without_a_data_dir_the_script_plays_on_the_saves_made_under_xdg_data_home(tmp_path, monkeypatch):
    """No --data-dir: a first run makes $XDG_DATA_HOME/fantan-badge, folders above it too, and
    saves the game there (not refused as --data-dir "" is, nor stopped by a missing parent)."""
    from simulator.__main__ import main
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg" / "share"))
    assert main(["--headless", "--keys", "OK,OK"]) == 0
    assert os.listdir(tmp_path / "xdg" / "share" / "fantan-badge")


def test_redraw_says_the_worst_then_the_mean_share_of_the_board_s_own_pixels(tmp_path, capsys):
    """--redraw's line is the run's own figures: the worst bot move first, then the mean, of the
    board's width x height (the MacroPad's 128 x 64 = 8192 px, not a square)."""
    from simulator.__main__ import main
    keys = ["OK", "OK", "OK"]
    assert main(["--board", "adafruit_macropad_rp2040", "--headless", "--seed", "7", "--redraw",
                 "--data-dir", str(tmp_path / "d"), "--keys", ",".join(keys)]) == 0
    sim = Sim("adafruit_macropad_rp2040", seed=7, data_dir=str(tmp_path / "e"))
    sim.measure = True
    sim.run_script(keys)
    sim.settle()
    moves, worst, mean = sim.redraw_summary()
    assert moves and round(100 * worst, 1) > round(100 * mean, 1)
    assert capsys.readouterr().out == ("redraw after bot moves: %d moves, max %.1f%%, mean %.1f%% of 8192 px\n"
                                       % (moves, 100 * worst, 100 * mean))


def test_the_window_shows_the_backlight_the_battery_and_the_keys_held(tmp_path, monkeypatch):
    """The window passes --battery to the board, darkens the screen with the backlight the app
    set (out: black), and lights a board button while its keyboard key is down (its label
    black on yellow), not one whose key went up again."""
    import pygame
    from PIL import Image
    from simulator import window
    made = []

    class Spied(window.Sim):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.hal.set_brightness(0)           # as the app does after five idle minutes
            made.append(self)

    monkeypatch.setattr(window, "Sim", Spied)
    pygame.display.init()
    for kind, name in ((pygame.KEYDOWN, "z"), (pygame.KEYDOWN, "x"), (pygame.KEYUP, "x")):
        pygame.event.post(pygame.event.Event(kind, key=pygame.key.key_code(name), mod=0,
                                             unicode=name, scancode=0))
    shot = tmp_path / "window.png"
    window.run_window("pimoroni_picosystem", 1, 1, str(tmp_path / "data"), frames=2,
                      window_shot=str(shot), battery=30)
    sim, = made
    assert sim.hal.battery() == 30 and sim.hal.held == {4}       # SW_A, OK, still down
    im = Image.open(shot).convert("RGB")
    assert im.crop((10, 10, 250, 250)).getextrema() == ((0, 0), (0, 0), (0, 0))
    label, rect = window_buttons(sim.hal.profile)[4]
    assert label == "A" and im.getpixel((rect.x + 1, rect.centery)) == (255, 210, 31)
    assert (0, 0, 0) in [im.getpixel((x, y)) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)]
    for i, (label, rect) in enumerate(window_buttons(sim.hal.profile)):
        if i != 4:                              # every other button, the last too: grey, its label light
            face = [im.getpixel((x, y)) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)]
            assert im.getpixel((rect.x + 1, rect.centery)) == (80, 80, 90) and max(face) > (200, 200, 200), label


def test_a_board_without_an_led_shows_none_in_the_window(tmp_path):
    """The window draws the your-turn LED beside the buttons only for a board that has one: the
    uGame 22 has none, and the PicoSystem's lights there."""
    import pygame
    from PIL import Image
    from simulator import window
    from hal import profile
    for board, led in (("ugame22", False), ("pimoroni_picosystem", True)):
        pygame.display.init()
        shot = tmp_path / (board + ".png")
        window.run_window(board, 1, 1, str(tmp_path / board), frames=1, window_shot=str(shot))
        p = profile(board)
        spot = Image.open(shot).convert("RGB").getpixel((p.WIDTH + 20 + 9, window_buttons(p)[-1][1].bottom + 19))
        assert (spot != (40, 40, 48)) == led, (board, spot)


def window_buttons(p):
    """The board buttons' (label, rect) as a window at scale 1 places them beside its screen."""
    import pygame
    from simulator import window
    pygame.font.init()                          # (a window's end quits it)
    return window.button_rects(p, pygame.font.Font(None, 20), p.WIDTH + 20,
                               10 + 22 * len(window.panel_lines(p)), window.PANEL_W)


def _window_sims(monkeypatch, argv):
    """The simulators `python -m simulator ARGV` (a window, no --headless) made, once it ended well."""
    from simulator import window
    from simulator.__main__ import main
    made = []

    class Spied(window.Sim):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(window, "Sim", Spied)
    assert main(argv) == 0
    return made


def test_the_window_from_the_command_line_reads_the_battery_it_is_given(tmp_path, monkeypatch):
    """python -m simulator --battery 30 (no --headless): the window's board reads 30%."""
    made = _window_sims(monkeypatch, ["--board", "pimoroni_picosystem", "--battery", "30", "--frames", "1",
                                      "--data-dir", str(tmp_path)])
    assert [sim.hal.battery() for sim in made] == [30]


def test_the_panel_s_key_rows_line_up_in_columns_that_do_not_overlap():
    import pygame
    from simulator.window import panel_lines, render_panel
    import hal
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    lines = panel_lines(hal.profile("pimoroni_picosystem"))
    cells = [(surf, dx) for surf, dx, row in render_panel(lines, font, (230, 230, 230))
             if len(lines[row]) == 3]
    starts = [set(dx for _, dx in cells[c::3]) for c in range(3)]
    assert all(len(s) == 1 for s in starts), starts           # each column starts at one x
    assert starts[0] == {8}                                   # indented under the heading's 0
    assert set(dx for _, dx, row in render_panel(lines, font, (230, 230, 230)) if len(lines[row]) == 1) == {0}
    for c in range(2):
        assert max(s.get_width() + dx for s, dx in cells[c::3]) < min(starts[c + 1])


def test_the_buttons_in_the_panel_keep_apart_and_wrap_only_when_the_row_is_full():
    """The board's buttons in the panel: no two touch (a gap between neighbours and between
    rows, on every board), each label sits inside its button with room to spare (the window
    writes it 5 px in and 3 px down: a button as wide as its label ran it over its right edge),
    and a button too wide for the panel stays on the first row rather than leave it empty."""
    import types
    import pygame
    from simulator.window import button_rects, PANEL_W
    from hal.buttons import OK
    import hal
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    for board in hal.BOARDS:
        rects = [r.inflate(4, 4) for _, r in button_rects(hal.profile(board), font, 500, 300, PANEL_W)]
        for i, r in enumerate(rects):
            assert r.collidelist(rects[i + 1:]) == -1, board
        for label, r in button_rects(hal.profile(board), font, 500, 300, PANEL_W):
            w, h = font.size(label)
            assert r.x + 5 + w <= r.right - 3 and r.y + 3 + h <= r.bottom - 3, (board, label)
    wide = types.SimpleNamespace(KEYS=(("GP1", OK, None),), LABELS=("W" * 40,))
    (label, r), = button_rects(wide, font, 500, 300, PANEL_W)
    assert (r.x, r.y) == (500, 300)

# ---- user mistakes on the command line are one line, not a traceback ---------------------------


@pytest.mark.parametrize("args, words", [
    (["--keys", "OK,FIRE"], "FIRE"),
    (["--keys", "WAIT:abc"], "WAIT:abc"),
    (["--keys", "OK", "--shot-scale", "0"], "--shot-scale"),
    (["--keys", "OK", "--shot-scale", "-2"], "--shot-scale"),
    (["--keys", "OK", "--screenshot", "{tmp}/no/such/folder/out.png"], "out.png"),
    (["--keys", "@{tmp}/no/such/folder/shot.png"], "shot.png"),
    (["--keys", "WAIT:\u00b2"], "WAIT:\u00b2"),              # a digit to str.isdigit, not to int()
    (["--keys", "WAIT:999999999999"], "at most WAIT:3600000"),  # ran for ever, and ignored SIGTERM
    (["--keys", "WAIT:3600001"], "at most WAIT:3600000"),       # a millisecond over the hour
    (["--keys", "@shot.jpg"], "a PNG, named .png"),          # PNG bytes under a .jpg name
    (["--keys", "OK", "--screenshot", "out.jpg"], "a PNG, named .png"),
    (["--keys", "OK", "--screenshot", "out.png", "--shot-scale", "100000"], "--shot-scale: 1 to 10"),
])
def test_a_bad_script_or_picture_is_one_line(tmp_path, args, words):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    r = run_sim("--headless", "--data-dir", str(tmp_path / "data"), *args)
    assert r.returncode != 0
    assert "Traceback" not in r.stderr, r.stderr
    assert words in r.stderr.strip().splitlines()[-1], r.stderr


def test_a_screenshot_that_cannot_be_written_is_an_error(tmp_path):
    """pygame.image.save says nothing when the disk is full: the simulator (and make
    screenshots, and F12) left an empty or truncated PNG and exited 0."""
    r = run_sim("--headless", "--data-dir", str(tmp_path / "data"), "--keys", "OK",
                "--screenshot", str(tmp_path / "full.png"), preexec_fn=full_disk)
    assert r.returncode != 0, "a full disk took the picture without a word"
    assert "Traceback" not in r.stderr, r.stderr
    assert "cannot write %s: File too large" % (tmp_path / "full.png") in r.stderr, r.stderr


def test_a_headless_run_on_a_desktop_opens_no_window(tmp_path):
    """--headless on a desktop session (a DISPLAY, no SDL_VIDEODRIVER set) draws on SDL's dummy
    driver: no window opens, even for a moment, while a script plays."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", DISPLAY=":0")
    env.pop("SDL_VIDEODRIVER", None)
    code = ("import sys, pygame; from simulator.__main__ import main; "
            "main(sys.argv[1:]); print(pygame.display.get_driver())")
    r = subprocess.run([sys.executable, "-c", code, "--headless", "--keys", "OK,OK", "--data-dir",
                        str(tmp_path)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.split() == ["dummy"], r.stdout + r.stderr


def test_an_empty_data_dir_is_not_the_players_own_saves(tmp_path):
    """--data-dir "" (an unset shell variable) played the script on the saved game in
    $XDG_DATA_HOME/fantan-badge instead of refusing."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "xdg"))
    r = subprocess.run([sys.executable, "-m", "simulator", "--headless", "--data-dir", "",
                        "--keys", "OK,OK"], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2 and "--data-dir: give a folder" in r.stderr, r.stderr
    assert not (tmp_path / "xdg" / "fantan-badge").exists()


@pytest.mark.skipif(not os.path.isdir("/proc/self/fdinfo"), reason="needs Linux's /proc")
def test_a_script_whose_game_could_not_be_saved_fails(tmp_path):
    """The README says headless exits non-zero on any error: a data dir nothing can be written
    to (a full or read-only flash) played on with status 0 while the badge's own screen said
    "Cannot save". /proc/self/fdinfo is a folder even root cannot write in."""
    r = run_sim("--headless", "--data-dir", "/proc/self/fdinfo", "--keys", "OK,OK,OK,OK,WAIT:3000,OK")
    assert r.returncode == 1, (r.returncode, r.stderr)
    assert "could not save in /proc/self/fdinfo" in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_a_headless_run_stops_at_sigterm(tmp_path):
    """timeout(1) and CI stop a stuck run with SIGTERM: SDL's handler turned it into a quit
    event that the headless loop never reads, and the run went on (QA needed kill -9)."""
    import signal
    import time
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.Popen([sys.executable, "-m", "simulator", "--headless", "--data-dir", str(tmp_path),
                          "--keys", ",".join(["WAIT:3600000"] * 10000)], cwd=ROOT, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(4)
        assert p.poll() is None, "the script ended before the signal"
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=20) == -signal.SIGTERM
    finally:
        p.kill()
        p.wait()


def test_the_window_beeps_through_the_desktop_s_sound(tmp_path):
    """QA under a real X server: the window never opened the sound, because importing the
    simulator set SDL's audio driver to "dummy" for everyone; only headless runs set it now."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env["SDL_VIDEODRIVER"] = "dummy"
    r = subprocess.run([sys.executable, "-c", "import os, simulator.window\n"
                        "print(os.environ.get('SDL_AUDIODRIVER'))\n"
                        "from simulator.core import Sim\nSim(headless=True, data_dir=%r)\n"
                        "print(os.environ.get('SDL_AUDIODRIVER'))" % str(tmp_path)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.stdout.split() == ["None", "dummy"], r.stderr


def test_a_window_whose_game_could_not_be_saved_says_so_at_exit(tmp_path, monkeypatch, capsys):
    """QA: with a data dir nothing can be written to, the window's table said "Cannot save",
    and Esc then ended with status 0 and not a word, where --headless says it and exits 1."""
    import pygame
    from simulator import window
    from simulator.__main__ import main

    class Started(window.Sim):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.app.start_match()               # as Start on New game: the saves are written

    monkeypatch.setattr(window, "Sim", Started)
    pygame.display.init()
    dead = tmp_path / "read-only"
    dead.mkdir()
    dead.chmod(0o500)
    if os.access(str(dead), os.W_OK):            # root writes anywhere: a folder nothing can write
        dead = "/proc/self/fdinfo"
    with pytest.raises(SystemExit) as e:
        main(["--frames", "2", "--data-dir", str(dead)])
    assert e.value.code == 1 and "could not save in %s" % dead in capsys.readouterr().err


def test_ctrl_c_in_the_terminal_ends_the_window_in_a_line(tmp_path, monkeypatch, capsys):
    """QA: Ctrl+C printed pygame's KeyboardInterrupt traceback and status 2 from make."""
    from simulator import window
    from simulator.__main__ import main

    def interrupted(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(window, "run_window", interrupted)
    with pytest.raises(SystemExit) as e:
        main(["--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert e.value.code == 130 and "interrupted" in err and "Traceback" not in err


def test_a_window_shot_into_no_folder_is_refused_before_the_window_opens(tmp_path):
    """QA: --window-shot into a missing folder failed only once the window had run, and left
    the --data-dir folder behind."""
    r = run_sim("--frames", "2", "--window-shot", str(tmp_path / "no" / "w.png"), "--data-dir", str(tmp_path / "d"))
    assert r.returncode == 2 and "no folder" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize("args", [
    ["--keys", "OK,OK,@{tmp}/no/such/folder/shot.png"],
    ["--shot-dir", "{tmp}/no/such/folder", "--keys", "OK,OK,@shot.png"],
    ["--shot-dir", "{tmp}/no/such/folder", "--keys", "OK"],
    ["--keys", "OK, @{tmp}/no/such/folder/shot.png"],           # a space after the comma
])
def test_a_shot_into_no_folder_is_refused_before_the_script_plays_on_the_saves(tmp_path, args):
    """QA: an @file.png (or --shot-dir) naming a missing folder failed only once the script
    reached it: the presses before it had already been played and saved into --data-dir (by
    default the player's own game), as --screenshot's folder is not."""
    data = tmp_path / "data"
    r = run_sim("--headless", "--data-dir", str(data), *[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert "no folder" in r.stderr.strip().splitlines()[-1], r.stderr
    assert not data.exists()


def unwritable(kind, tmp_path):
    """A folder that is there but takes no new file: one this user may not write in (root
    writes anywhere), or Linux's /proc (no file can be made there, even by root)."""
    if kind == "/proc":
        if not os.path.isdir("/proc"):
            pytest.skip("no /proc here")
        return "/proc"
    if os.name != "posix" or os.geteuid() == 0:
        pytest.skip("root (or Windows) writes in a read-only folder")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    return str(folder)


@pytest.mark.parametrize("kind", ["read-only", "/proc"])
@pytest.mark.parametrize("args", [
    ["--headless", "--keys", "OK,OK", "--screenshot", "{ro}/end.png"],
    ["--headless", "--keys", "OK,OK,@{ro}/shot.png"],
    ["--headless", "--shot-dir", "{ro}", "--keys", "OK,OK,@shot.png"],
    ["--frames", "2", "--window-shot", "{ro}/w.png"],
])
def test_a_shot_into_a_folder_that_takes_no_file_is_refused_before_the_saves_are_played_on(
        tmp_path, kind, args):
    """QA (r36): a picture's folder that is there but cannot be written in (read-only, another
    user's) passed the check for a missing folder: the script played its moves on --data-dir (by
    default the player's own saved game), then failed at the picture."""
    ro = unwritable(kind, tmp_path)
    data = tmp_path / "data"
    r = run_sim("--data-dir", str(data), *[a.replace("{ro}", ro) for a in args])
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert "cannot write in %s" % ro in r.stderr.strip().splitlines()[-1], r.stderr
    assert not data.exists()
    assert os.path.abspath(ro) == "/proc" or os.listdir(ro) == []     # the trial left nothing


def test_the_trial_of_a_picture_s_folder_leaves_only_the_pictures(tmp_path):
    """The check that a picture's folder takes a file makes one there and removes it: a run
    into the player's own screenshot folder leaves the pictures asked for and no trial file
    (tmpXXXXXXXX.png) beside them, where each run would add one more (a mutant kept it)."""
    shots = tmp_path / "shots"
    shots.mkdir()
    r = run_sim("--headless", "--data-dir", str(tmp_path / "data"), "--shot-dir", str(shots),
                "--keys", "@title.png,OK,@%s" % (shots / "again.png"),
                "--screenshot", str(shots / "end.png"))
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(shots)) == ["again.png", "end.png", "title.png"]


@pytest.mark.parametrize("module", ["desktop", "buttons", "memory_store", "__init__"])
def test_a_hal_module_that_is_no_board_is_not_offered_as_one_to_register(tmp_path, capsys, module):
    """QA: --board desktop said "hal/desktop.py is not registered: add 'desktop' to BOARDS",
    as if the simulator's own HAL were a board profile waiting for step 3 of docs/boards.md."""
    from simulator.__main__ import main
    with pytest.raises(SystemExit) as e:
        main(["--board", module, "--headless", "--data-dir", str(tmp_path)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "argument --board: invalid choice: %r" % module in err and "not registered" not in err, err


def test_only_a_module_that_says_its_own_board_id_is_a_profile(tmp_path):
    """A profile says BOARD_ID = "..." at the start of a line (docs/boards.md, step 2); a module
    that only reads a profile's BOARD_ID, or a file that is not UTF-8 text, is none."""
    from simulator.__main__ import is_profile
    made = {"profile.py": 'BOARD_ID = "my_board"\n', "reader.py": "def board(p):\n    return p.BOARD_ID\n"}
    for name, source in made.items():
        (tmp_path / name).write_text(source, encoding="utf-8")
    (tmp_path / "latin.py").write_bytes(b"# caf\xe9\nBOARD_ID = 'x'\n")
    assert [is_profile(str(tmp_path / n)) for n in ("profile.py", "reader.py", "latin.py", "gone.py")] == [
        True, False, False, False]


def test_picture_names_in_capitals_are_pngs_too(tmp_path):
    """@SHOT.PNG in a script and --screenshot OUT.PNG are PNGs as their lower-case names are:
    the script's pictures and the final screen are written, not refused."""
    from simulator.__main__ import main
    assert main(["--headless", "--data-dir", str(tmp_path / "d"), "--shot-dir", str(tmp_path),
                 "--keys", "@SHOT.PNG", "--screenshot", str(tmp_path / "OUT.PNG")]) == 0
    for name in ("SHOT.PNG", "OUT.PNG"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_script_in_lower_case_is_held_to_the_board_s_keys_too():
    """A script of Sim.run_script (the tools', the tests') is checked against the board as the
    command line's is: "up" on the T-Display, which has no UP key, is refused before any press."""
    sim = Sim("lilygo_t_display_rp2040")
    title = sim.screen
    for script in (["UP"], ["ok", "up"]):
        with pytest.raises(ValueError, match="the T-Display RP2040 has no UP in the script"):
            sim.run_script(script)
    assert sim.screen is title                  # the ok before it was not played


def test_redraw_reports_the_most_and_the_mean_share_of_the_screen():
    """--redraw: the worst bot move's share of the pixels and the mean over all of them."""
    sim = Sim("adafruit_macropad_rp2040")        # 128x64: 8192 px
    assert sim.redraw_summary() == (0, 0.0, 0.0)
    sim.redraw_after_bot = [1024, 4096, 2048, 1024]
    assert sim.redraw_summary() == (4, 0.5, 0.25)


def test_without_xdg_data_home_the_saves_are_under_local_share(tmp_path, monkeypatch):
    """docs/saving.md: $XDG_DATA_HOME/fantan-badge, else ~/.local/share/fantan-badge (an empty
    XDG_DATA_HOME counts as unset)."""
    from simulator.__main__ import default_data_dir
    monkeypatch.setenv("HOME", str(tmp_path))
    for xdg in (None, ""):
        if xdg is None:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_DATA_HOME", xdg)
        assert default_data_dir() == str(tmp_path / ".local" / "share" / "fantan-badge")


def test_zoom_goes_up_to_ten_and_no_further(tmp_path, capsys):
    """--help says 1 to 10 for both zooms: 11 is refused; --shot-scale 10 draws at 10x."""
    from PIL import Image
    from simulator.__main__ import main
    for args in (["--scale", "11"], ["--headless", "--keys", "OK", "--shot-scale", "11"]):
        with pytest.raises(SystemExit) as e:
            main(args + ["--data-dir", str(tmp_path / "d")])
        assert e.value.code == 2 and "--scale: 0 (fit) to 10; --shot-scale: 1 to 10" in capsys.readouterr().err
    out = tmp_path / "big.png"
    assert main(["--board", "adafruit_macropad_rp2040", "--headless", "--data-dir", str(tmp_path / "d"),
                 "--screenshot", str(out), "--shot-scale", "10"]) == 0
    assert Image.open(out).size == (1280, 640)
    window = tmp_path / "window.png"            # and the window's own zoom of 10
    assert main(["--board", "adafruit_macropad_rp2040", "--data-dir", str(tmp_path / "d"), "--scale", "10",
                 "--frames", "1", "--window-shot", str(window)]) == 0
    assert Image.open(window).size[0] > 1280


@pytest.mark.parametrize("unsaved, lost", [(1, "the game"), (2, "the settings"), (3, "the game and settings")])
def test_a_run_that_could_not_save_says_what_a_power_off_would_lose(tmp_path, monkeypatch, capsys, unsaved, lost):
    """The exit line names what failed to save: the game (1), the settings (2), or both."""
    import simulator.core
    from simulator.__main__ import main

    class Unsaved(simulator.core.Sim):
        def run_script(self, *args, **kwargs):
            super().run_script(*args, **kwargs)
            self.app.unsaved = unsaved

    monkeypatch.setattr(simulator.core, "Sim", Unsaved)
    with pytest.raises(SystemExit) as e:
        main(["--headless", "--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert e.value.code == 1 and err.endswith("a power-off would lose %s\n" % lost), err


def test_the_window_deals_the_seed_it_is_given(tmp_path, monkeypatch):
    """--seed N in the window: New game offers deal N, as it does headless."""
    import pygame
    pygame.display.init()
    made = _window_sims(monkeypatch, ["--seed", "4242", "--frames", "1", "--data-dir", str(tmp_path)])
    assert made[0].app.settings["deal"] == 4242


def test_the_panel_names_the_keys_for_a_chord_the_knob_and_a_hold():
    """The panel: a two-key chord row says "both", the MacroPad's knob row gives its keys
    "," and ".", and a key held for a second button says so (hold: UP, the first button)."""
    import types
    from hal import profile
    from hal.desktop import describe
    from simulator.window import panel_lines
    chord = [cells for cells in panel_lines(profile("lilygo_t_display_rp2040")) if "+" in cells[-1]]
    assert chord == [("both", "", "BUTTON_L+BUTTON_R: DOWN")]
    assert panel_lines(profile("adafruit_macropad_rp2040"))[-3] == (", .", "", "encoder: card or line")
    from hal.buttons import OK, UP
    p = types.SimpleNamespace(KEYS=(("GP1", OK, UP), ("GP2", UP, None)), CHORDS=(), ENCODER=None)
    assert describe(p) == ["GP1: OK, hold: UP", "GP2: UP"]


def _run_window(monkeypatch, tmp_path, events=(), brightness=None, frames=2, lit=False):
    """run_window on the PicoSystem at 1x with these events queued; (the Sim, the window's
    picture, the frames drawn, the buttons the app was given)."""
    import pygame
    from PIL import Image
    from simulator import window
    made, given, flips = [], [], []

    class Spied(window.Sim):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            step = self.app.step

            self.times, self.captions = [], []

            def spied_step(now, buttons):
                given.extend(buttons)
                self.times.append(now)
                self.captions.append(pygame.display.get_caption()[0])
                step(now, buttons)
                if lit:                     # as at the player's turn
                    self.hal.light(True)
            self.app.step = spied_step
            if brightness is not None:
                self.hal.set_brightness(brightness)
            made.append(self)

    monkeypatch.setattr(window, "Sim", Spied)
    flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1) or flip())
    pygame.display.init()
    for ev in events:
        pygame.event.post(ev)
    shot = tmp_path / "window.png"
    window.run_window("pimoroni_picosystem", 1, 1, str(tmp_path / "data"), frames=frames,
                      window_shot=str(shot))
    im = Image.open(shot).convert("RGB") if shot.exists() else None
    return made[0], im, len(flips), given


def test_the_window_shows_the_badge_screen_and_gives_the_app_its_keys(tmp_path, monkeypatch):
    """The window's screen is what the badge shows (the title, as headless draws it), --frames N
    draws N frames, and a key pressed and let go reaches the game as its button."""
    import pygame
    from PIL import Image
    _, im, flips, _ = _run_window(monkeypatch, tmp_path, frames=3)
    title = Sim("pimoroni_picosystem", seed=1, data_dir=str(tmp_path / "headless"))
    title.shot(str(tmp_path / "title.png"))
    want = Image.open(tmp_path / "title.png").convert("RGB")
    assert len(want.getcolors(1 << 16)) > 2 and flips == 3
    assert im.crop((10, 10, 250, 250)).tobytes() == want.tobytes()
    key = pygame.key.key_code("down")
    _, _, _, given = _run_window(monkeypatch, tmp_path, [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])
    assert given == [1]                      # DOWN


def test_the_window_plays_on_the_real_clock_at_its_frame_rate_under_the_board_s_name(tmp_path, monkeypatch):
    """In the window the game's clock runs from frame to frame (a window on the headless HAL's
    virtual clock froze the game at 0 ms: no bot ever moved, no key was ever long-pressed), each
    frame waits for the next of FPS a second (a loop that does not spins a whole core), and the
    title bar names the board."""
    import pygame
    from simulator import window
    ticks = []
    real_clock = pygame.time.Clock

    class Clock:
        def __init__(self):
            self.clock = real_clock()

        def tick(self, fps):
            ticks.append(fps)
            return self.clock.tick(fps)

    monkeypatch.setattr(pygame.time, "Clock", Clock)
    sim, _, _, _ = _run_window(monkeypatch, tmp_path, frames=3)
    assert len(sim.times) == 3 and all(a < b for a, b in zip(sim.times, sim.times[1:])), sim.times
    assert ticks == [window.FPS] * 2                 # after each frame but the last, which ends the run
    assert sim.captions == ["Fan Tan badge: PicoSystem"] * 3


def _window_dimmed(monkeypatch, tmp_path, brightness, shown, **options):
    """The window at full backlight and at `brightness`: every pixel of the screen, its brightest
    as its darker colours, shows at `shown` of full; (sim, image, full image)."""
    _, im_full, _, _ = _run_window(monkeypatch, tmp_path)
    sim, im, _, _ = _run_window(monkeypatch, tmp_path, brightness=brightness, **options)
    data = im_full.crop((10, 10, 250, 250)).tobytes()
    i = max(range(0, len(data), 3), key=lambda k: sum(data[k:k + 3])) // 3
    bright, dim = tuple(data[3 * i:3 * i + 3]), im.getpixel((i % 240 + 10, i // 240 + 10))
    assert sum(bright) > 300 and all(abs(d - b * shown) <= 3 for d, b in zip(dim, bright)), (dim, bright)
    dimmed = im.crop((10, 10, 250, 250)).tobytes()       # scaled, not cut off at the dimmed white
    assert all(abs(d - b * shown) <= 3 for d, b in zip(dimmed, data))
    return sim, im, im_full


def _drawn_at(im, font, text, x, y):
    """Whether the window's picture shows text, in the panel's colour on its background, at x, y."""
    import pygame
    surf = font.render(text, True, (230, 230, 230))
    want = pygame.Surface(surf.get_size())
    want.fill((40, 40, 48))
    want.blit(surf, (0, 0))
    return im.crop((x, y, x + surf.get_width(), y + surf.get_height())).tobytes() == pygame.image.tobytes(want, "RGB")


def test_the_window_dims_with_the_backlight_and_lights_the_led(tmp_path, monkeypatch):
    """A backlight at half (the app's first idle step) shows the screen at half brightness, not
    at the floor for a backlight nearly out; the your-turn LED beside the buttons is green lit,
    and says what it is."""
    import pygame
    from simulator import window
    sim, im, im_full = _window_dimmed(monkeypatch, tmp_path, 0.5, 0.5, lit=True)
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    p = sim.hal.profile
    buttons = window.button_rects(p, font, p.WIDTH + 20, 10 + 22 * len(window.panel_lines(p)), window.PANEL_W)
    led = (p.WIDTH + 20 + 9, buttons[-1][1].bottom + 19)
    assert im.getpixel(led) == (80, 230, 110) and im_full.getpixel(led) == (70, 70, 78)
    assert _drawn_at(im, font, "LED: your turn", led[0] + 15, led[1] - 7)


def test_a_backlight_nearly_out_shows_the_screen_at_its_floor_and_the_panel_in_its_rows(tmp_path, monkeypatch):
    """A backlight at 0.1 (the app's second idle step) shows the screen at 0.15 of full, the
    floor that keeps it readable; the panel's lines are 22 pixels apart, its first (the board)
    and its last (F12, Esc) drawn in their rows."""
    import pygame
    from simulator import window
    sim, im, _ = _window_dimmed(monkeypatch, tmp_path, 0.1, 0.15)
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    p = sim.hal.profile
    lines = window.panel_lines(p)
    assert _drawn_at(im, font, lines[0][0], p.WIDTH + 20, 10)
    assert _drawn_at(im, font, lines[-1][0], p.WIDTH + 20, 10 + 22 * (len(lines) - 1))


@pytest.mark.parametrize("how", ["esc", "close button"])
def test_esc_closes_the_window_at_once(tmp_path, monkeypatch, how):
    """README: Esc quits, even with --frames still to run, and the window goes at once (not
    left on the desktop while the simulator reports); so does the window's close button (its
    QUIT event: a window that ignored it could be closed only from the keyboard)."""
    import pygame
    if how == "esc":
        ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    else:
        ev = pygame.event.Event(pygame.QUIT)
    _, im, flips, _ = _run_window(monkeypatch, tmp_path, [ev], frames=50)
    assert flips == 0 and im is None and not pygame.display.get_init()


def test_a_picture_that_cannot_replace_the_old_one_leaves_it_and_no_temporary_file(tmp_path):
    """A write that fails (here: a folder where the picture goes) raises naming the picture,
    leaves what was there as it was, and no half-written .tmp beside it."""
    from hal.desktop import replace_file
    (tmp_path / "shot.png").mkdir()
    with pytest.raises(OSError) as e:
        replace_file(str(tmp_path / "shot.png"), b"\x89PNG")
    assert e.value.filename == str(tmp_path / "shot.png")
    assert os.listdir(tmp_path) == ["shot.png"] and (tmp_path / "shot.png").is_dir()


def test_a_data_dir_several_folders_deep_is_made_and_saved_in(tmp_path):
    """A tool's or a test's Sim(data_dir=...) names a folder not made yet, several levels down:
    the simulated flash is made there and the game saves in it."""
    sim = Sim("pimoroni_picosystem", data_dir=str(tmp_path / "a" / "b" / "c"))
    sim.app.start_match()
    assert not sim.app.unsaved and os.listdir(tmp_path / "a" / "b" / "c")


def test_a_script_ends_on_the_screen_a_player_would_see_next(tmp_path, capsys):
    """--screenshot is taken once the bots are done: a script that only waits a moment on a game
    saved at a bot's turn shows the table at the player's turn, as after a long wait; and --redraw
    says nothing on a run where no bot moved."""
    from simulator.__main__ import main
    saves = str(tmp_path / "d")
    assert main(["--headless", "--data-dir", saves, "--keys", "OK,OK,OK", "--redraw"]) == 0
    assert "redraw after bot moves:" in capsys.readouterr().out
    other = str(tmp_path / "e")
    shutil.copytree(saves, other)
    for folder, wait in ((saves, "WAIT:1"), (other, "WAIT:30000")):
        assert main(["--headless", "--data-dir", folder, "--keys", wait,
                     "--screenshot", str(tmp_path / (wait + ".png"))]) == 0
    assert (tmp_path / "WAIT:1.png").read_bytes() == (tmp_path / "WAIT:30000.png").read_bytes()
    assert main(["--headless", "--data-dir", str(tmp_path / "f"), "--keys", "DOWN", "--redraw"]) == 0
    assert capsys.readouterr().out == ""
