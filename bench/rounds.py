"""Every held-out round (bench/heldout*.jsonl) plus the dev corpus, diagnosed in one go.

Writes one TSV row per record (file, id, label, failing, primary id or none/unknown, exit status) and
prints the totals the closing notes report: failing logs answered clean, healthy logs given a failure,
exact labels. With --round it prints that round's table (clean, FP, correct specific inside the
taxonomy, misses); with --compare it lists the records whose answer changed against an earlier TSV.

    .venv/bin/python bench/rounds.py --out /tmp/now.tsv [--compare /tmp/before.tsv] [--round heldout56]
    .venv/bin/python bench/rounds.py --src /tmp/base/src --out /tmp/base.tsv   # another checkout's engine
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT.parent / "shared" / "corpus" / "dev.jsonl"


def _files(only: str | None) -> list[Path]:
    files = sorted(ROOT.glob("bench/heldout*.jsonl"), key=lambda p: (len(p.name), p.name))
    if only:
        return [f for f in files if f.stem == only]
    return files + ([DEV] if DEV.exists() else [])


def _init(src: str | None) -> None:
    if src:
        sys.path.insert(0, src)


def _one(job: tuple[str, dict]) -> str:
    from denpex import diagnose

    name, r = job
    try:
        d = diagnose(r["log"], mask=False)
        got = d.primary.id if d.primary else ("unknown" if d.unknown and not d.unknown.is_empty() else "none")
        code = d.exit_code
    except Exception as e:  # a crash is a result too: it is listed, not raised
        got, code = "CRASH:" + type(e).__name__, -1
    failing = r.get("failing", r["label"] != "none")
    return "\t".join([name, r["id"], r["label"], str(int(bool(failing))), got, str(code)])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="rounds.tsv")
    ap.add_argument("--src", help="import denpex from this src folder (another checkout)")
    ap.add_argument("--only", help="one file stem, e.g. heldout56")
    ap.add_argument("--round", help="print this round's table (file stem)")
    ap.add_argument("--compare", help="an earlier TSV: list the records whose answer changed")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    args = ap.parse_args()
    jobs = [(f.name, json.loads(line)) for f in _files(args.only) for line in f.open(encoding="utf-8") if line.strip()]
    with Pool(args.jobs, initializer=_init, initargs=(args.src,)) as pool:
        rows = [r.split("\t") for r in pool.map(_one, jobs, chunksize=8)]
    Path(args.out).write_text("".join("\t".join(r) + "\n" for r in rows), encoding="utf-8")
    failing = [r for r in rows if r[3] == "1"]
    healthy = [r for r in rows if r[3] == "0"]
    clean = [r[1] for r in failing if r[5] == "0"]
    fp = [r[1] for r in healthy if r[5] != "0"]
    exact = sum(r[2] == r[4] for r in failing)
    crashes = [r[1] for r in rows if r[4].startswith("CRASH:")]
    print(f"failing {len(failing)}: answered clean {len(clean)} ({len(clean) / max(len(failing), 1):.1%}); "
          f"healthy {len(healthy)}: given a failure {len(fp)} {fp}; exact label {exact}; crashes {crashes}")
    if args.round:
        mine = [r for r in rows if r[0] == f"{args.round}.jsonl"]
        f_ = [r for r in mine if r[3] == "1"]
        inside = [r for r in f_ if r[2] != "unknown"]
        spec = [r for r in inside if r[2] == r[4]]
        print(f"{args.round}: clean {sum(r[5] == '0' for r in f_)}/{len(f_)}, "
              f"FP {sum(r[5] != '0' for r in mine if r[3] == '0')}/{len(mine) - len(f_)}, "
              f"correct specific {len(spec)}/{len(f_)} ({len(spec)}/{len(inside)} inside the taxonomy)")
        for r in f_:
            if r[2] != r[4]:
                print(f"  miss {r[1]}: label {r[2]} -> {r[4]}")
    if args.compare:
        before = {(r[0], r[1]): (r[4], r[5]) for r in
                  (line.rstrip("\n").split("\t") for line in open(args.compare, encoding="utf-8") if line.strip())}
        for r in rows:
            old = before.get((r[0], r[1]))
            if old is not None and old != (r[4], r[5]):
                print(f"  changed {r[0]} {r[1]} (label {r[2]}): {old[0]} -> {r[4]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
