"""Reading many ranks: grouped collateral, the ranks that matter, the verdict again at the end, and
a suspect rank shown with its own last lines (never another rank's error)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import denpex
from denpex.grouping import rank_ranges

WD = ("[rank{r}]:[E1203 10:10:01.{r:06d}000 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught collective operation "
      "timeout: WorkNCCL(SeqNum=4117, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=600000) ran for "
      "600012 milliseconds before timing out.")
OOM = ("[rank5]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 5 has a total capacity of "
       "79.15 GiB of which 1.06 GiB is free. Including non-PyTorch memory, this process has 78.08 GiB memory in use. Of the "
       "allocated memory 75.50 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated.")


def _many(tmp_path: Path, n: int = 128) -> Path:
    lines = [f"[rank{r}]:2024-12-03 10:00:00,{r:03d} INFO step 4116 loss 2.31" for r in range(n)]
    lines += ["[rank5]:2024-12-03 10:00:01,200 INFO step 4117 forward", "[rank5]: Traceback (most recent call last):",
              '[rank5]:   File "/app/train.py", line 88, in <module>', OOM]
    lines += [WD.format(r=r) for r in range(n) if r != 5]
    p = tmp_path / "console.log"
    p.write_text("\n".join(lines) + "\n")
    return p


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "denpex", *args], capture_output=True, text=True, timeout=120, check=False,
                          env={"COLUMNS": "120", "PATH": "/usr/bin:/bin"})


def test_rank_ranges():
    assert rank_ranges([0, 1, 2, 3, 6, 8, 9]) == "0-3, 6, 8-9"
    assert rank_ranges([4]) == "4" and rank_ranges([]) == ""


def test_128_ranks_read_on_one_screen(tmp_path):
    log = _many(tmp_path)
    r = _cli("diagnose", str(log))
    assert r.returncode == 1
    out = r.stdout.splitlines()
    assert len(out) < 120, len(out)
    text = r.stdout
    assert "127 ranks: 0-4, 6-127" in text and "ALLREDUCE SeqNum 4117" in text
    assert "--all-ranks" in text
    end = text[text.rindex("\n== "):]  # the verdict again where the eye lands (it may wrap)
    assert "rank 5" in end and "Read 1 input" not in end
    full = _cli("diagnose", "--all-ranks", str(log))
    assert full.stdout.count("collateral") >= 127
    # the JSON keeps every finding and every rank
    doc = json.loads(_cli("diagnose", "--json", str(log)).stdout)
    assert len(doc["ranks"]) == 128 and len([f for f in doc["findings"] if f["id"] == "nccl.watchdog-timeout"]) == 127


def test_suspect_is_shown_with_its_own_last_lines(tmp_path):
    lines = []
    for step in (99, 100):
        lines += [f"[rank{r}]:2024-12-03 10:00:{step - 90:02d},000 INFO step {step} loss 1.0" for r in range(4)]
    lines.append("[rank3]:2024-12-03 10:00:11,000 INFO rank 3 loading next shard /data/shard-00017.arrow")
    lines += [WD.format(r=r) for r in (0, 1, 2)]
    d = denpex.diagnose("\n".join(lines) + "\n")
    p = d.primary
    assert p is not None and p.suspect and p.rank == 3
    assert p.evidence and all(e.rank == 3 for e in p.evidence)
    assert "loading next shard" in p.evidence[-1].text and "Watchdog" not in " ".join(e.text for e in p.evidence)
    assert "loading next shard" in p.explanation
    row = {r.rank: r for r in d.ranks}[3]
    assert row.role == "suspect" and row.first_failure is None and "loading next shard" in (row.last_line or "")
    from denpex.timeline import rows

    kinds = {k for r in rows(d) if r.rank == 3 for _, k, _ in r.events}
    assert "root" not in kinds and "suspect" in kinds
