"""The simulator window: the badge screen, scaled, with the keyboard map, board buttons and LED beside it."""
import time

import pygame

from hal.buttons import describe
from hal.desktop import keyboard_map, ENCODER_KEYS
from simulator.core import Sim

PANEL_W = 300
FPS = 30


def panel_lines(profile):
    """Text for the side panel: keyboard key, the board button's label, then what the
    board map (hal.buttons.describe) says that button does."""
    keys = dict((i, name) for name, i in keyboard_map(profile))
    n = len(profile.KEYS)
    lines = [profile.NAME + " (" + profile.BOARD_ID + ")", "", "Keyboard -> board button:"]
    for i, text in enumerate(describe(profile)):
        if i < n:
            key, label = keys.get(i, ""), profile.LABELS[i] if i < len(profile.LABELS) else ""
        elif i < n + len(profile.CHORDS):
            key, label = "both", ""
        else:
            key, label = "%s %s" % ENCODER_KEYS, ""
        lines.append("  %-6s %-6s %s" % (key, label, text))
    lines += ["", "F12: screenshot   Esc: quit"]
    return lines


def run_window(board, scale, seed, data_dir, frames=0, window_shot=None):
    """Run the window; frames > 0 stops after that many frames (and saves window_shot)."""
    sim = Sim(board, seed=seed, data_dir=data_dir, headless=False)
    hal = sim.hal
    p = hal.profile
    if not scale:
        scale = max(1, min(4, 900 // p.WIDTH, 700 // p.HEIGHT))
    lines = panel_lines(p)
    font = pygame.font.Font(None, 20)
    h = max(p.HEIGHT * scale + 20, 22 * (len(lines) + 2) + 40)
    window = pygame.display.set_mode((p.WIDTH * scale + PANEL_W + 30, h))
    pygame.display.set_caption("Fan Tan badge: " + p.NAME)
    clock = pygame.time.Clock()
    shots = 0
    frame_no = 0
    while True:
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                pygame.quit()
                return 0
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F12:
                shots += 1
                hal.screenshot("fantan-%d.png" % shots)
                continue
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                hal.key_event(ev)
        now = hal.ticks_ms()
        sim.app.step(now, hal.poll())
        sim.app.render(now)
        window.fill((40, 40, 48))
        screen = hal.image(scale)
        if hal.brightness < 1:       # the backlight as the app set it (hal.set_brightness)
            k = int(255 * max(0.15, hal.brightness))
            screen.fill((k, k, k), special_flags=pygame.BLEND_MULT)
        window.blit(screen, (10, 10))
        x = p.WIDTH * scale + 20
        for i in range(len(lines)):
            colour = (230, 230, 230)
            window.blit(font.render(lines[i], True, colour), (x, 10 + 22 * i))
        # the board's buttons, lit while held
        y = 10 + 22 * len(lines)
        bx = x
        for i in range(len(p.KEYS)):
            label = p.LABELS[i] if i < len(p.LABELS) else p.KEYS[i][0]
            lit = i in hal.held
            surf = font.render(label, True, (0, 0, 0) if lit else (230, 230, 230))
            r = pygame.Rect(bx, y, surf.get_width() + 10, 22)
            pygame.draw.rect(window, (255, 210, 31) if lit else (80, 80, 90), r, border_radius=5)
            window.blit(surf, (bx + 5, y + 3))
            bx += r.width + 6
        if p.LED:                    # the your-turn LED (hal.light)
            cy = y + 41
            pygame.draw.circle(window, (80, 230, 110) if hal.lit else (70, 70, 78), (x + 9, cy), 8)
            window.blit(font.render("LED: your turn", True, (230, 230, 230)), (x + 24, cy - 7))
        pygame.display.flip()
        frame_no += 1
        if frames and frame_no >= frames:
            if window_shot:
                pygame.image.save(window, window_shot)
            pygame.quit()
            return 0
        clock.tick(FPS)
        time.sleep(0)
