"""Masking speed: Denpex's masker (own patterns + detect-secrets plugins) vs detect-secrets alone
vs our patterns alone, on the same realistic log lines (with planted secrets).

    .venv/bin/python bench/masking.py [--lines 20000]

Masking runs only on text that leaves the engine (evidence, context, unknown-failure templates),
so per-line cost matters for reports with many evidence lines, not for scanning throughput.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gen import noise_line  # noqa: E402

from denpex.masking import Masker, _detect_secrets_plugins  # noqa: E402

SECRETS = [
    "export HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
    "git clone https://x-access-token:ghp_1234567890abcdefghijABCDEFGHIJ123456@github.com/o/r",
    "Authorization: Bearer d8f7a6b5c4e3d2c1b0a9f8e7",
    "contact alice.smith@example-corp.com from 10.42.17.9 /home/alice/run",
]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=20000)
    args = ap.parse_args()
    rng = random.Random(0)
    lines = [noise_line(rng, i) if i % 50 else rng.choice(SECRETS) for i in range(args.lines)]
    rows = []

    def run(name, fn):
        t = time.perf_counter()
        for ln in lines:
            fn(ln)
        el = time.perf_counter() - t
        rows.append((name, len(lines) / el, el * 1e6 / len(lines)))

    run("denpex Masker (own patterns + detect-secrets)", Masker().mask)
    run("own patterns only", Masker(use_detect_secrets=False).mask)
    plugins = _detect_secrets_plugins()
    run("detect-secrets plugins only (analyze_line)", lambda ln: [p.analyze_line(filename="x", line=ln, line_number=0) for p in plugins])
    print(f"{len(lines)} log lines (1 in 50 carries a secret)")
    for name, rate, us in rows:
        print(f"  {name:<48} {rate:10.0f} lines/s  {us:7.1f} us/line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
