"""Cross-runtime determinism: `python -m tools.selftest --runtime cpython|micropython [--deals N,N,...]`.

Both runtimes play the same deal numbers in every preset and table size and end
with the same line: `selftest: <N> deals, hash <hex>`. --deals plays the given
comma-separated deal numbers (0 to 2**30-1) instead of the fixed list.
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.args import numbers, command     # noqa: E402


def run_micropython(source, timeout=600, copies=("engine",), exts=(), args=()):
    """Run Python source under the npm MicroPython build with engine/ (or the given folders,
    relative to the repo root; their .py and .mpy files and those ending in `exts`) in its
    filesystem; `args` are its sys.argv[1:]."""
    script = os.path.join(ROOT, "build", "mpy_script.py")
    try:
        os.makedirs(os.path.dirname(script), exist_ok=True)
        with open(script, "w") as f:
            f.write(source)
    except OSError as e:
        raise SystemExit("cannot write %s (%s): MicroPython runs the script from there; run this "
                         "from a checkout you can write" % (script, e.strerror or e)) from None
    node = os.path.join(ROOT, "tools", "mpy_run.mjs")
    if not os.path.exists(os.path.join(ROOT, "node_modules")):
        raise SystemExit("MicroPython is not installed: run `make test` (it runs npm install)")
    if shutil.which("node") is None:
        raise SystemExit("Node.js is not installed: it runs the MicroPython WebAssembly build (Node 20, see README)")
    cmd = ["node", node]
    for c in copies:
        cmd += ["--copy", c]
    for e in exts:
        cmd += ["--ext", e]
    return subprocess.run(cmd + [os.path.relpath(script, ROOT)] + list(args),  # argv alike anywhere
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.selftest", description=__doc__)
    ap.add_argument("--runtime", choices=("cpython", "micropython"), default="cpython",
                    help="the Python that plays the deals: this one, or the official MicroPython "
                         "WebAssembly build under Node (default %(default)s)")
    ap.add_argument("--deals", type=numbers(least=0, most=(1 << 30) - 1),
                    help="comma-separated deal numbers (default: the fixed list)")
    args = ap.parse_args(argv)
    src = ("import engine.selftest as s\n"
           "d = %r\n"
           "s.main(d) if d else s.main()\n" % (args.deals,))
    if args.runtime == "cpython":      # called, not exec(src): after a Ctrl+C through exec, CPython
        from engine import selftest     # ends by SIGINT whatever status the tool gives
        selftest.main(args.deals or selftest.DEALS)
        return 0
    out = run_micropython(src)
    sys.stdout.write(out.stdout)
    sys.stderr.write(out.stderr)
    return out.returncode


if __name__ == "__main__":
    sys.exit(command(main, "tools.selftest"))
