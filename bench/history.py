"""Incident history measurements (issue 16).

  quality: grouping precision/recall of the fingerprint against the labels of the real-log corpora
           (bench/heldout*.jsonl, ../shared/corpus/dev.jsonl), pairwise; and ``similar`` top-1
           accuracy on a split (even cases saved, odd cases asked: is the nearest past incident's
           label the query's label?).
  scale:   time to store N incidents through Store.save (masking, fingerprint, nodes; one
           transaction each, as ``diagnose --save`` does) and to query the history at that size.

  .venv/bin/python bench/history.py quality
  .venv/bin/python bench/history.py scale --n 100000 [--db postgresql://...]
"""

from __future__ import annotations

import argparse
import glob
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_cases() -> list[dict]:
    files = sorted(glob.glob(str(ROOT / "bench" / "heldout*.jsonl")))
    dev = ROOT.parent / "shared" / "corpus" / "dev.jsonl"
    if dev.exists():
        files.append(str(dev))
    cases, seen = [], set()
    for f in files:
        for line in open(f, encoding="utf-8"):
            if not line.strip():
                continue
            c = json.loads(line)
            key = (Path(f).name, c["id"])
            if key in seen:
                continue
            seen.add(key)
            c["key"] = f"{Path(f).stem}:{c['id']}"
            cases.append(c)
    return cases


def diagnosed(cases: list[dict]) -> list[tuple[dict, dict]]:
    from denpex import diagnose

    out = []
    for c in cases:
        if c["label"] == "none":
            continue
        d = diagnose(c["log"])
        if d.exit_code != 1:
            continue
        label = c["label"] if c["label"] != "unknown" else f"unknown:{c['key']}"  # each unknown is its own problem
        out.append((c | {"label": label}, d.to_dict()))
    return out


def pairwise(labels: list[str], groups: list[str]) -> tuple[float, float, int, int]:
    tp = fp = fn = 0
    for i, j in combinations(range(len(labels)), 2):
        same_l, same_g = labels[i] == labels[j], groups[i] == groups[j]
        tp += same_l and same_g
        fp += same_g and not same_l
        fn += same_l and not same_g
    return (tp / (tp + fp) if tp + fp else 1.0), (tp / (tp + fn) if tp + fn else 1.0), tp + fp, tp + fn


def quality() -> None:
    from denpex.history.fingerprint import fingerprint
    from denpex.history.similar import rank
    from denpex.history.store import Store
    from denpex.masking import Masker

    cases = load_cases()
    t0 = time.perf_counter()
    rows = diagnosed(cases)
    print(f"{len(cases)} labelled cases, {len(rows)} with a failure and a label other than 'none' "
          f"(diagnosed in {time.perf_counter() - t0:.0f} s)")
    labels = [c["label"] for c, _ in rows]
    fps = [fingerprint(doc) for _, doc in rows]
    p, r, ng, nl = pairwise(labels, [f.key for f in fps])
    print(f"grouping by fingerprint: pairwise precision {p:.3f}, recall {r:.3f} "
          f"({ng} same-group pairs, {nl} same-label pairs; {len(set(f.key for f in fps))} groups, {len(set(labels))} labels)")
    p2, r2, _, _ = pairwise(labels, [f.failure_id for f in fps])
    print(f"  (for comparison, grouping by failure id alone: precision {p2:.3f}, recall {r2:.3f})")
    # where the fingerprint splits one label: how many groups per label
    split = Counter()
    for lab in set(labels):
        split[len({f.key for f, l2 in zip(fps, labels) if l2 == lab})] += 1
    print(f"  groups per label: {dict(sorted(split.items()))}")
    merged = [(lab, f.failure_id) for f, lab in zip(fps, labels)]
    wrong = Counter((a, b) for (a, b) in merged if not a.startswith("unknown:") and a != b)
    if wrong:
        print(f"  engine's failure id differs from the label in {sum(wrong.values())} case(s) (diagnosis errors, "
              f"they cost grouping precision/recall too)")

    # similar top-1 on a split
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(str(Path(tmp) / "h.db"))
        label_of: dict[int, str] = {}
        hist, queries = rows[0::2], rows[1::2]
        for c, doc in hist:
            iid, _ = store.save(doc, masker=Masker())
            label_of[iid] = c["label"]
        groups = store.groups()
        members: dict[str, list[int]] = {}
        for iid in label_of:
            members.setdefault(store.get(iid)["fingerprint"], []).append(iid)
        in_hist = set(label_of.values())
        hits = answerable = asked = 0
        t1 = time.perf_counter()
        for c, doc in queries:
            asked += 1
            m = rank(fingerprint(doc), groups, limit=1, min_score=0.0)
            if c["label"] not in in_hist:
                continue
            answerable += 1
            if m:
                top = Counter(label_of[i] for i in members[m[0].group["fingerprint"]]).most_common(1)[0][0]
                hits += top == c["label"]
        dt = (time.perf_counter() - t1) / max(asked, 1)
        store.close()
    print(f"similar top-1: {hits}/{answerable} = {hits / max(answerable, 1):.3f} of the queries whose label is in the "
          f"saved half ({asked} queries, {len(hist)} saved incidents in {len(groups)} groups; {dt * 1000:.1f} ms a query)")


def scale(n: int, db: str | None) -> None:
    from denpex.history.fingerprint import fingerprint
    from denpex.history.similar import rank
    from denpex.history.store import Store, parse_when
    from denpex.masking import Masker

    docs = [doc for _, doc in diagnosed(load_cases())]
    with tempfile.TemporaryDirectory() as tmp:
        target = db or str(Path(tmp) / "h.db")
        store = Store(target)
        masker = Masker()
        times = []
        t0 = time.perf_counter()
        for i in range(n):
            doc = json.loads(json.dumps(docs[i % len(docs)]))
            p = doc.get("primary") or {}
            if p:
                p["host"] = f"gpu-node-{i % 64}" if i % 5 else "gpu-node-17"
            t = time.perf_counter()
            store.save(doc, masker=masker, job=f"job-{i % 200}", input_digest=f"{i:064x}")
            times.append(time.perf_counter() - t)
            if (i + 1) % 10000 == 0:
                print(f"  {i + 1} saved, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
        total = time.perf_counter() - t0
        times.sort()
        print(f"stored {n} incidents in {total:.1f} s: {n / total:.0f}/s, per save median "
              f"{statistics.median(times) * 1000:.2f} ms, p99 {times[int(len(times) * 0.99)] * 1000:.2f} ms")

        def timed(label: str, fn, reps: int = 5) -> None:  # type: ignore[no-untyped-def]
            ts = []
            for _ in range(reps):
                t = time.perf_counter()
                fn()
                ts.append(time.perf_counter() - t)
            print(f"  {label}: {min(ts) * 1000:.1f} ms")

        fp = fingerprint(docs[0])
        timed("seen-before lookup (group of the diagnosis)", lambda: store.group(fp.key))
        timed("history list (newest 50)", lambda: store.list())
        timed("history --id X", lambda: store.list(failure_id=docs[0]["primary"]["id"]))
        timed("history --host gpu-node-17", lambda: store.list(host="gpu-node-17"))
        timed("history --job job-7 --since 7d", lambda: store.list(job="job-7", since=parse_when("7d")))
        timed("nodes (all incidents)", lambda: store.nodes(), reps=2)
        timed("nodes --last 1000", lambda: store.nodes(last=1000))
        timed("similar (all groups scored)", lambda: rank(fp, store.groups(), limit=10))
        store.close()
        if not db:
            size = sum(f.stat().st_size for f in Path(tmp).iterdir())
            print(f"  database size: {size / 1e6:.0f} MB ({size / n / 1000:.1f} KB an incident)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["quality", "scale"])
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--db", default=None)
    a = ap.parse_args()
    if a.what == "quality":
        quality()
    else:
        scale(a.n, a.db)


if __name__ == "__main__":
    main()
