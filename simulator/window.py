"""The simulator window: the badge screen, scaled, with the keyboard map, board buttons and LED beside it."""
import os
import sys
import time

from hal.desktop import describe, keyboard_map, save_png, ENCODER_KEYS   # first: it quiets pygame
from simulator.core import Sim
import pygame

PANEL_W = 300
FPS = 30


def panel_lines(profile):
    """The side panel's lines, each a tuple of cells: the board, then per board key the
    keyboard key, the button's label and what the board map (hal.desktop.describe) says."""
    keys = dict((i, name) for name, i in keyboard_map(profile))
    n = len(profile.KEYS)
    lines = [(profile.NAME + " (" + profile.BOARD_ID + ")",), ("",), ("Keyboard -> board button:",)]
    for i, text in enumerate(describe(profile)):
        if i < n:
            key, label = keys[i], profile.LABELS[i]
        elif i < n + len(profile.CHORDS):
            key, label = "both", ""
        else:
            key, label = "%s %s" % ENCODER_KEYS, ""
        lines.append((key, label, text))
    lines += [("",), ("F12: screenshot   Esc: quit",)]
    return lines


def render_panel(lines, font, colour):
    """The panel's lines as (surface, dx, row); cells of the key rows line up in columns."""
    cols = [0, 0]
    for cells in lines:
        if len(cells) == 3:
            for c in range(2):
                cols[c] = max(cols[c], font.size(cells[c])[0] + 12)
    out = []
    for row, cells in enumerate(lines):
        dx = 8 if len(cells) == 3 else 0
        for c in range(len(cells)):
            out.append((font.render(cells[c], True, colour), dx, row))
            if c < 2:
                dx += cols[c]
    return out


def button_rects(profile, font, x, y, width):
    """Where the board's buttons go in the panel: left to right, wrapping at width."""
    out = []
    bx, by = x, y
    for i in range(len(profile.KEYS)):
        label = profile.LABELS[i]
        w = font.size(label)[0] + 10
        if bx > x and bx + w > x + width:
            bx, by = x, by + 28
        out.append((label, pygame.Rect(bx, by, w, 22)))
        bx += w + 6
    return out


def shot_name(folder="."):
    """The first fantan-N.png not yet in folder, so F12 never writes over an earlier shot."""
    n = 1
    while os.path.exists(os.path.join(folder, "fantan-%d.png" % n)):
        n += 1
    return os.path.join(folder, "fantan-%d.png" % n)


def run_window(board, scale, seed, data_dir, frames=0, window_shot=None, battery=None):
    """Run the window until it closes (Esc) or, with frames > 0, for that many frames (and
    save window_shot); the Sim, to see what it could not save."""
    os.environ["SDL_VIDEO_X11_WMCLASS"] = "fantan-badge"   # the taskbar's name (pygame's import set its own)
    sim = Sim(board, seed=seed, data_dir=data_dir, headless=False, battery=battery)
    hal = sim.hal
    p = hal.profile
    if not scale:
        scale = max(1, min(4, 900 // p.WIDTH, 700 // p.HEIGHT))
    lines = panel_lines(p)
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    x = p.WIDTH * scale + 20
    panel = render_panel(lines, font, (230, 230, 230))
    buttons = button_rects(p, font, x, 10 + 22 * len(lines), PANEL_W)
    led_y = buttons[-1][1].bottom + 19
    h = max(p.HEIGHT * scale + 20, led_y + 30)
    window = pygame.display.set_mode((p.WIDTH * scale + PANEL_W + 30, h))
    pygame.display.set_caption("Fan Tan badge: " + p.NAME)
    clock = pygame.time.Clock()
    frame_no = 0
    while True:
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                pygame.quit()
                return sim
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F12:
                path = shot_name()
                try:
                    hal.screenshot(path)
                    print("Screenshot: " + os.path.abspath(path))
                except OSError as e:        # a full disk, say: the game plays on
                    print("Screenshot failed: %s" % (e.strerror or e), file=sys.stderr)
                continue
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                hal.key_event(ev)
        now = hal.ticks_ms()
        sim.app.step(now, hal.poll())
        sim.app.render(now)
        window.fill((40, 40, 48))
        screen = hal.image(scale)
        if hal.brightness < 1:       # the backlight as the app set it (hal.set_brightness): dim
            k = int(255 * max(0.15, hal.brightness)) if hal.brightness else 0     # or out
            screen.fill((k, k, k), special_flags=pygame.BLEND_MULT)
        window.blit(screen, (10, 10))
        for surf, dx, row in panel:
            window.blit(surf, (x + dx, 10 + 22 * row))
        # the board's buttons, lit while held
        for i, (label, r) in enumerate(buttons):
            lit = i in hal.held
            surf = font.render(label, True, (0, 0, 0) if lit else (230, 230, 230))
            pygame.draw.rect(window, (255, 210, 31) if lit else (80, 80, 90), r, border_radius=5)
            window.blit(surf, (r.x + 5, r.y + 3))
        if p.LED:                    # the your-turn LED (hal.light)
            pygame.draw.circle(window, (80, 230, 110) if hal.lit else (70, 70, 78), (x + 9, led_y), 8)
            window.blit(font.render("LED: your turn", True, (230, 230, 230)), (x + 24, led_y - 7))
        pygame.display.flip()
        frame_no += 1
        if frames and frame_no >= frames:
            if window_shot:
                save_png(window, window_shot)
            pygame.quit()
            return sim
        clock.tick(FPS)
        time.sleep(0)
