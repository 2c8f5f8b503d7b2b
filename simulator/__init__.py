"""The desktop simulator: runs firmware/ unchanged on the desktop HAL (python -m simulator)."""
