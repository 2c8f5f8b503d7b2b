"""What CPython lacks of MicroPython: `const` (a no-op there)."""
try:
    from micropython import const
except ImportError:
    def const(x):
        return x
