"""Start-up of a diagnosis with a warm cache, this tree against a named baseline commit, side by side.

    python bench/startup.py [--baseline COMMIT] [--runs N]

The baseline is checked out into a temporary git worktree. Both are run alternately in this one
script (so a busy or slow hour affects both alike), each warmed once first so that its caches exist:
wall time of `python -m denpex diagnose -q --json` on a 2-line log, and the CPU time of the
start-up phases in-process (import, loading the knowledge base, building the rules, the matcher).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOG = (
    "INFO start\n"
    "ValueError: This model's maximum context length is 4096 tokens, however you requested 5120 tokens "
    "(4608 in your prompt; 512 for the completion).\n"
)
PHASES = r"""
import time
t0 = time.process_time()
import denpex.engine
t1 = time.process_time()
from denpex.knowledge import load_kb
kb = load_kb(None, with_samples=False)
t2 = time.process_time()
from denpex.rules import build_rules
rules = build_rules(kb)
t3 = time.process_time()
from denpex.matchers import make_matcher
make_matcher(rules, "auto", cache_key=kb.content_hash)
t4 = time.process_time()
print(len(kb), len(rules), t1 - t0, t2 - t1, t3 - t2, t4 - t3)
"""


def _wall(src: Path, log: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(src)}
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "denpex", "diagnose", "-q", "--json", str(log)], env=env, capture_output=True, check=False)
    return time.perf_counter() - t


def _phases(src: Path) -> list[float]:
    out = subprocess.run([sys.executable, "-c", PHASES], env={**os.environ, "PYTHONPATH": str(src)}, capture_output=True, text=True, check=True).stdout.split()
    return [float(x) for x in out]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="HEAD", help="commit to compare against (default HEAD: the last commit)")
    ap.add_argument("--runs", type=int, default=6)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        wt = Path(tmp) / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(wt), args.baseline], check=True)
        try:
            log = Path(tmp) / "small.log"
            log.write_text(LOG)
            trees = {f"baseline {args.baseline}": wt / "src", "this tree": ROOT / "src"}
            for src in trees.values():  # warm: each writes its own cache files once
                _wall(src, log)
            walls: dict[str, list[float]] = {k: [] for k in trees}
            phases: dict[str, list[list[float]]] = {k: [] for k in trees}
            for _ in range(args.runs):
                for name, src in trees.items():
                    walls[name].append(_wall(src, log))
                    phases[name].append(_phases(src))
            print(f"start-up, {args.runs} alternating runs each (python {sys.version.split()[0]})")
            print(f"{'':22} {'wall min':>9} {'median':>8} {'entries':>8} {'rules':>6} | CPU s: {'import':>7} {'load kb':>8} {'rules':>7} {'matcher':>8}")
            for name in trees:
                p = phases[name]
                med = [statistics.median(r[i] for r in p) for i in range(6)]
                print(f"{name:22} {min(walls[name]):9.3f} {statistics.median(walls[name]):8.3f} {int(med[0]):8d} {int(med[1]):6d} |"
                      f"        {med[2]:7.3f} {med[3]:8.3f} {med[4]:7.3f} {med[5]:8.3f}")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
