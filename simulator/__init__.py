"""The desktop simulator: runs firmware/ unchanged on the desktop HAL (python -m simulator)."""
import os

# Before pygame and Blinka load: no pygame greeting, and Blinka's board-free chip, so that it
# does not warn that this computer is "not fully supported" (nothing here uses its pins).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BLINKA_FORCECHIP", "OS_AGNOSTIC")
