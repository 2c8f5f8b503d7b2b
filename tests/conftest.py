"""Shared test set-up: the repo root on sys.path, headless SDL."""
import contextlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def full_disk(size=64):
    """A subprocess's preexec_fn: its files cannot grow past `size` bytes, so a write fails as on
    a full disk (EFBIG, not the signal that would kill it)."""
    import resource
    import signal
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))


@contextlib.contextmanager
def full_disk_here(size):
    """full_disk in this process, until the block ends."""
    import resource
    import signal
    handler = signal.getsignal(signal.SIGXFSZ)
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    full_disk(size)
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        signal.signal(signal.SIGXFSZ, handler)
