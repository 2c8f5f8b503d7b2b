"""Memory budgets on the official MicroPython (bytes are deterministic; times are not asserted)."""
from tools.bench import measure_engine


def test_engine_memory_budgets_on_micropython():
    r = measure_engine()
    assert r["engine_retained_bytes_micropython"] <= 32 * 1024
    assert r["random_deal_alloc_bytes_micropython"] <= 8 * 1024
    assert r["ref_loop_ratio_micropython"] > 0


def test_badge_code_memory_budgets_on_micropython():
    """The heap the badge's code holds, from .mpy on the official MicroPython: one language of
    text (all three held 26 KB), our modules, and the adafruit_* libraries (adafruit_bitmap_font,
    which the strip fonts replace, measures 21 KB more with its readers). The modules are
    compiled as tools.flash --mpy compiles them, with -O3: without it ours take 70.6 KB."""
    from tools.bench import measure_code_heap
    r = measure_code_heap()
    assert r["text_heap_bytes_micropython"] <= 14 * 1024
    assert r["badge_code_heap_bytes_micropython"] <= 70 * 1024
    assert r["library_code_heap_bytes_micropython"] <= 22 * 1024
    assert r["circuitpython_code_heap_bytes_micropython"] <= 48 * 1024
