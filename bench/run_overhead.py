"""What `denpex run` and `denpex watch` cost (issue 15), the bare command measured in the same script.

1. Throughput: a job printing lines as fast as it can, and one paced at 100k lines/s, each run bare
   (stdout to /dev/null, and through `cat` as a reader would) and under `denpex run` (stdout to
   /dev/null). Figures: wall time, lines/s, and the wrapper's CPU seconds (children's rusage of the
   wrapped run minus the bare one's).
2. Watch alert latency: a writer appends ordinary lines, then a failing line; the time from the
   failing line being written to `denpex watch` printing FAILURE, over several trials.
3. Run folder on a long run: a job printing --long-gb of output with failures sprinkled through it,
   under the default --max-log; the folder's size against the output's.

    .venv/bin/python bench/run_overhead.py [--lines 2000000] [--paced-s 10] [--trials 5] [--long-gb 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DENPEX = [sys.executable, "-m", "denpex"]
LINE = "[default3]:2024-05-01 10:00:00,123 INFO train step {i} loss 1.2345 lr 3.0e-04 grad_norm 0.873 tokens/s 123456"

GEN = r'''
import sys, time
n, rate = int(sys.argv[1]), float(sys.argv[2])
w = sys.stdout.write
line = "%s\n"
batch = 1000
t0 = time.perf_counter()
for b in range(0, n, batch):
    w("".join(line.format(i=i) for i in range(b, min(n, b + batch))))
    if rate:
        ahead = (b + batch) / rate - (time.perf_counter() - t0)
        if ahead > 0:
            time.sleep(ahead)
sys.stdout.flush()
'''.replace("%s", LINE)

LONG = r'''
import sys
gb = float(sys.argv[1])
import random
random.seed(0)
block = b"".join(b"[default%d]:2024-05-01 10:00:%02d,%03d INFO train step %d loss %.4f lr 3.0e-04 tokens/s %d\n"
                 % (i % 8, i % 60, i % 1000, i, random.random() * 4, random.randint(100000, 200000)) for i in range(11000))
bad = [b"[default5]:RuntimeError: CUDA error: an illegal memory access was encountered\n",
       b"[default1]:[rank1]:[E ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4211, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600051 milliseconds before timing out.\n"]
n = int(gb * 1024)
for i in range(n):
    sys.stdout.buffer.write(block)
    if i % max(1, n // 8) == n // 16:
        sys.stdout.buffer.write(bad[i % 2])
sys.exit(1)
'''


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd: list[str] | str, shell: bool = False, **kw) -> tuple[float, float, int]:  # type: ignore[no-untyped-def]
    c0, t0 = children_cpu(), time.perf_counter()
    r = subprocess.run(cmd, shell=shell, check=False, **kw)
    return time.perf_counter() - t0, children_cpu() - c0, r.returncode


def throughput(tmp: Path, lines: int, rate: float, label: str) -> None:
    gen = tmp / "gen.py"
    gen.write_text(GEN)
    args = [sys.executable, str(gen), str(lines), str(rate)]
    runs = tmp / "runs"
    res = {}
    for name, cmd, shell in (
        ("bare > /dev/null", args, False),
        ("bare | cat > /dev/null", " ".join(args) + " | cat > /dev/null", True),
        ("denpex run > /dev/null", [*DENPEX, "run", "-q", "--dir", str(runs), "--", *args], False),
    ):
        best = None
        for _ in range(3):
            wall, cpu, rc = timed(cmd, shell=shell, stdout=subprocess.DEVNULL)
            assert rc == 0, (name, rc)
            if best is None or wall < best[0]:
                best = (wall, cpu)
        res[name] = best
    base_cpu = res["bare > /dev/null"][1]
    print(f"\n{label}: {lines:,} lines ({lines * (len(LINE) + 4) / 1e6:.0f} MB), best of 3")
    print(f"  {'':26} {'wall s':>8} {'lines/s':>12} {'CPU s':>7} {'wrapper CPU s':>14}")
    for name, (wall, cpu) in res.items():
        extra = f"{cpu - base_cpu:14.2f}" if name.startswith("denpex") else f"{'':14}"
        print(f"  {name:26} {wall:8.2f} {lines / wall:12,.0f} {cpu:7.2f} {extra}")
    shutil.rmtree(runs, ignore_errors=True)


def watch_latency(tmp: Path, trials: int) -> None:
    lat = []
    for t in range(trials):
        log = tmp / f"train{t}.log"
        log.write_text("".join(LINE.format(i=i) + "\n" for i in range(2000)))
        w = subprocess.Popen([*DENPEX, "watch", "--interval", "0.25", str(log)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        time.sleep(2.0)  # the watch is up and has read the file
        with open(log, "a") as fh:
            fh.writelines(LINE.format(i=2000 + i) + "\n" for i in range(500))  # ordinary lines keep coming
            fh.flush()
            time.sleep(0.3)
            fh.write("[default2]:torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 2 has a total "
                     "capacity of 79.15 GiB of which 1.20 GiB is free.\n")
            fh.flush()
            written = time.time()
        seen = None
        assert w.stdout is not None
        for raw in w.stdout:
            if b"FAILURE" in raw:
                seen = time.time()
                break
        w.terminate()
        w.wait(timeout=30)
        if seen is not None:
            lat.append(seen - written)
    print(f"\nwatch alert latency ({trials} trials, --interval 0.25): median {statistics.median(lat):.2f} s, "
          f"max {max(lat):.2f} s, min {min(lat):.2f} s")


def long_run(tmp: Path, gb: float) -> None:
    script = tmp / "long.py"
    script.write_text(LONG)
    runs = tmp / "long-runs"
    wall_bare, cpu_bare, _ = timed([sys.executable, str(script), str(gb)], stdout=subprocess.DEVNULL)
    wall, cpu, rc = timed([*DENPEX, "run", "-q", "--dir", str(runs), "--", sys.executable, str(script), str(gb)],
                          stdout=subprocess.DEVNULL)
    folder = next(p for p in runs.iterdir() if p.is_dir())
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    import json

    inc = json.loads((folder / "incident.json").read_text())
    out = inc["run"]["output"]
    print(f"\nlong run: {out['bytes'] / 2**30:.2f} GiB, {out['lines']:,} lines of output; exit {rc}")
    print(f"  bare {wall_bare:.1f} s; denpex run {wall:.1f} s (wrapper CPU {cpu - cpu_bare:.1f} s, including the diagnosis at exit)")
    print(f"  run folder {size / 2**20:.2f} MiB (output.log.zst {out['stored_bytes'] / 2**20:.2f} MiB compressed from "
          f"{out['kept_bytes'] / 2**20:.2f} MiB kept, limit {out['limit_bytes'] / 2**20:.0f} MiB); flagged blocks kept {out['kept_flagged_blocks']}, "
          f"dropped {out['flagged_dropped']}")
    print(f"  verdict: {inc['verdict'][:160]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=2_000_000)
    ap.add_argument("--paced-s", type=float, default=10.0, help="seconds of the job paced at 100k lines/s")
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--long-gb", type=float, default=2.0)
    a = ap.parse_args()
    print(f"cores {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        throughput(tmp, a.lines, 0, "as fast as it can print")
        throughput(tmp, int(100_000 * a.paced_s), 100_000, "paced at 100k lines/s")
        watch_latency(tmp, a.trials)
        long_run(tmp, a.long_gb)


if __name__ == "__main__":
    main()
