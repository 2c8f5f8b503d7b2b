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


def test_a_tile_past_the_end_of_its_bitmap_draws_colour_0_as_blinka_does():
    """A tile index beyond the bitmap's tiles (a TileGrid takes up to 255) is drawn as colour
    0 in the array fill, as Blinka's loop draws it, not read from past the bitmap's last row."""
    def picture():
        displayio.release_displays()
        d = desktop.SimDisplay(40, 24)
        pal = displayio.Palette(3)
        pal[0], pal[1], pal[2] = 0x102030, 0xFF0000, 0x00FF00
        bmp = displayio.Bitmap(8, 8, 3)          # two tiles of 8 x 4, one above the other
        for y in range(8):
            for x in range(8):
                bmp[x, y] = 1 + (y >= 4)
        tg = displayio.TileGrid(bmp, pixel_shader=pal, width=5, height=6, tile_width=8, tile_height=4)
        for i in range(30):
            tg[i] = i % 4                        # tiles 2 and 3 are past the bitmap
        g = displayio.Group()
        g.append(tg)
        d.root_group = g
        d.refresh()
        return pygame.image.tobytes(d.surface(), "RGB")
    fast = picture()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_tilegrid, "_fill_pixels", desktop._slow_fill)
        assert picture() == fast


@pytest.mark.parametrize("seed", range(6))
def test_the_cached_glyph_blit_draws_what_blinka_s_blit_draws(seed, monkeypatch):
    """Labels draw through hal.desktop's cached blit: at an edge of the bitmap, with corners
    given in either order, with a different colour left out each time, and at times a colour of
    the bitmap drawn on left as it is (skip_dest_index), it draws what bitmaptools' own blit draws
    (a glyph at the bottom edge did not wrap into the top row)."""
    import bitmaptools
    rnd = random.Random(seed)
    src = displayio.Bitmap(10, 12, 4)
    for y in range(src.height):
        for x in range(src.width):
            src[x, y] = rnd.randrange(4)
    calls = []
    for _ in range(60):
        corners = dict(x1=rnd.randrange(11), y1=rnd.randrange(13), x2=rnd.randrange(11), y2=rnd.randrange(13))
        calls.append((rnd.randrange(-12, 16), rnd.randrange(-12, 16), corners, rnd.choice((None, 0, 1, 2)),
                      rnd.choice((None, None, 0, 3))))

    def drawn(blit):
        dest = displayio.Bitmap(16, 16, 4)
        for x, y, corners, skip, keep in calls:
            blit(dest, src, x, y, skip_source_index=skip, skip_dest_index=keep, **corners)
        return [dest[i % 16, i // 16] for i in range(256)]

    assert bitmaptools.blit is desktop._fast_blit
    assert drawn(desktop._fast_blit) == drawn(desktop._slow_blit)


@pytest.mark.parametrize("rgb", [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (8, 132, 66)])
def test_the_screen_shows_the_badge_s_16_bit_colour(rgb):
    """The simulated panel shows each colour as the badge's RGB565 panel does: 5 bits of red,
    6 of green and 5 of blue, each scaled back to 0-255 (pure green is 0, 255, 0)."""
    displayio.release_displays()
    d = desktop.SimDisplay(32, 16)
    pal = displayio.Palette(1)
    pal[0] = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2]
    g = displayio.Group()
    g.append(displayio.TileGrid(displayio.Bitmap(32, 16, 1), pixel_shader=pal))
    d.root_group = g
    d.refresh()
    want = ((rgb[0] >> 3) * 255 // 31, (rgb[1] >> 2) * 255 // 63, (rgb[2] >> 3) * 255 // 31)
    assert d.surface().get_at((5, 5))[:3] == want


@pytest.mark.parametrize("board, paper, ink", [("adafruit_macropad_rp2040", (0, 0, 0), (255, 255, 255)),
                                               ("pimoroni_badger2040", (235, 235, 225), (30, 30, 30))])
def test_a_one_bit_screen_is_shown_as_its_panel(board, paper, ink):
    """A mono board's picture has only its panel's two colours: the MacroPad's OLED lights white
    on black, the Badger's e-ink is dark on paper; the background (most of the title) is the
    panel's, not the other one."""
    from simulator.core import Sim
    sim = Sim(board)
    sim.render()
    colours = sorted(sim.hal.image().get_at((x, y))[:3] for x in range(0, sim.hal.profile.WIDTH, 2)
                     for y in range(0, sim.hal.profile.HEIGHT, 2))
    assert set(colours) == {paper, ink}
    assert colours.count(paper) > colours.count(ink)


def grid_scene(x, y):
    """A 40 x 30 screen with a patterned 10 x 8 grid at (x, y) on it, not yet refreshed."""
    displayio.release_displays()
    d = desktop.SimDisplay(40, 30)
    pal = displayio.Palette(2)
    pal[0], pal[1] = 0x203040, 0xF0A020
    g = displayio.Group()
    g.append(displayio.TileGrid(displayio.Bitmap(40, 30, 2), pixel_shader=pal))
    bmp = displayio.Bitmap(10, 8, 2)
    for i in range(80):
        bmp[i] = i * 7 % 3 % 2
    tg = displayio.TileGrid(bmp, pixel_shader=pal, x=x, y=y)
    g.append(tg)
    d.root_group = g
    return d, tg


def test_a_refresh_counts_each_pixel_it_redraws_once_and_none_off_the_screen():
    """last_redraw: the pixels a refresh redrew, from displayio's dirty areas: the whole screen
    at first, then a grid's old and new places, counted once where they overlap, none when
    nothing changed, and nothing past the screen's edge."""
    d, tg = grid_scene(2, 3)
    d.refresh()
    assert d.last_redraw == 40 * 30
    d.refresh()
    tg.x = 6                                    # old place 2..12, new 6..16: 14 columns of 8 rows
    d.refresh()
    assert d.last_redraw == 14 * 8
    d.refresh()
    assert d.last_redraw == 0                   # nothing changed
    tg.x, tg.y = 35, 26                         # half off the screen: 5 x 4 of it shows
    d.refresh()
    assert d.last_redraw == 10 * 8 + 5 * 4


@pytest.mark.parametrize("to", [(6, 3), (-4, -5), (20, -4), (-6, 10), (35, 26), (-30, 10), (12, 14)])
def test_a_grid_moved_is_redrawn_where_it_went_as_a_whole_refresh_draws_it(to):
    """A refresh redraws only what changed: a grid moved on the screen, half off its left or top
    edge, or off it, shows at its new place, its old place cleared, as a screen that draws the
    scene whole shows it; and last_redraw counts the old and new places' pixels on the screen."""
    def scene(x, y):
        d, tg = grid_scene(x, y)
        d.refresh()
        d.refresh()
        return d, tg
    d, tg = scene(2, 3)
    tg.x, tg.y = to
    d.refresh()
    moved = pygame.image.tobytes(d.surface(), "RGB")
    on_screen = set((x, y) for x0, y0 in ((2, 3), to) for x in range(x0, x0 + 10) for y in range(y0, y0 + 8)
                    if 0 <= x < 40 and 0 <= y < 30)
    assert d.last_redraw == len(on_screen)
    whole, _ = scene(*to)
    assert moved == pygame.image.tobytes(whole.surface(), "RGB")


def test_a_one_bit_screen_lights_a_pixel_brighter_than_half():
    """The Badger's picture turns each colour to paper or ink at half brightness (luminance
    above 127): a grey of 150 is paper, one of 100 or 120 ink, as the badge's 1-bit panel shows them."""
    hal = desktop.DesktopHal("pimoroni_badger2040")
    pal = displayio.Palette(3)
    pal[0], pal[1], pal[2] = 0x969696, 0x646464, 0x787878
    bmp = displayio.Bitmap(3, 1, 3)
    bmp[1, 0] = 1
    bmp[2, 0] = 2
    g = displayio.Group()
    g.append(displayio.TileGrid(bmp, pixel_shader=pal, width=1, height=1))
    hal.display.root_group = g
    hal.refresh()
    im = hal.image()
    assert im.get_at((0, 0))[:3] == (235, 235, 225) and im.get_at((1, 0))[:3] == (30, 30, 30)
    assert im.get_at((2, 0))[:3] == (30, 30, 30)
