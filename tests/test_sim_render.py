"""The simulator's array pixel fill (hal.desktop._fast_fill) draws exactly what Blinka's own
pixel loop draws: random scenes of tile grids, with every transform, depth and transparency."""
import random

import pygame
import pytest
import displayio
from displayio import _tilegrid

from hal import desktop


def pictures(seed):
    """A random scene of tile grids drawn whole, then after tiles change and a grid moves."""
    rnd = random.Random(seed)
    displayio.release_displays()
    d = desktop.SimDisplay(120, 96)
    root = displayio.Group(scale=rnd.choice((1, 1, 2, 3)))
    grids = []
    for _ in range(rnd.randrange(1, 4)):
        values = rnd.choice((2, 3, 4, 16, 200))
        tw, th = rnd.randrange(1, 13), rnd.randrange(1, 13)
        across, down = rnd.randrange(1, 5), rnd.randrange(1, 4)
        bmp = displayio.Bitmap(tw * across, th * down, values)
        for y in range(bmp.height):
            for x in range(bmp.width):
                bmp[x, y] = rnd.randrange(values)
        pal = displayio.Palette(values)
        for i in range(values):
            pal[i] = rnd.randrange(1 << 24)
            if rnd.random() < 0.3:
                pal.make_transparent(i)
        tg = displayio.TileGrid(bmp, pixel_shader=pal, width=rnd.randrange(1, 9), height=rnd.randrange(1, 7),
                                tile_width=tw, tile_height=th, x=rnd.randrange(-10, 60), y=rnd.randrange(-10, 50))
        tg.flip_x, tg.flip_y, tg.transpose_xy = (rnd.random() < 0.3 for _ in range(3))
        for i in range(tg.width * tg.height):
            tg[i] = rnd.randrange(across * down)
        root.append(tg)
        grids.append((tg, across * down))
    d.root_group = root
    shots = []
    for _ in range(4):
        d.refresh()
        shots.append(pygame.image.tobytes(d.surface(), "RGB"))
        tg, tiles = rnd.choice(grids)
        tg[rnd.randrange(tg.width * tg.height)] = rnd.randrange(tiles)
        tg.x += rnd.randrange(-3, 4)
    return shots


def test_the_simulator_fills_pixels_with_its_array_fill():
    assert _tilegrid._fill_pixels is desktop._fast_fill


@pytest.mark.parametrize("seed", range(40))
def test_the_array_fill_draws_what_blinka_s_loop_draws(seed, monkeypatch):
    fast = pictures(seed)
    monkeypatch.setattr(_tilegrid, "_fill_pixels", desktop._slow_fill)
    assert pictures(seed) == fast
