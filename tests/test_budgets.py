"""Memory budgets on the official MicroPython (bytes are deterministic; times are not asserted)."""
from tools.bench import measure_engine


def test_engine_memory_budgets_on_micropython():
    r = measure_engine()
    assert r["engine_retained_bytes_micropython"] <= 32 * 1024
    assert r["random_deal_alloc_bytes_micropython"] <= 8 * 1024
    assert r["ref_loop_ratio_micropython"] > 0
