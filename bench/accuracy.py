"""Accuracy of the diagnosis on the labelled corpus (../shared/corpus/dev.jsonl or a given path).

Prints top-1 / top-3 accuracy, false root diagnoses on 'none' cases, fact accuracy
and the confusion list. Run:  .venv/bin/python bench/accuracy.py [corpus.jsonl] [--label-prefix vllm.]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

from denpex import diagnose
from denpex.tracebacks import ENGINE_IDS

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "dev.jsonl"
# the taxonomy the labels were written against: a failure labelled "unknown" lies outside it, so an
# entry added since (python.missing-module, ...) naming it is a correct specific diagnosis
_SHARED_TAXONOMY = Path(__file__).resolve().parents[1].parent / "shared" / "taxonomy.yaml"
ORIGINAL_IDS = frozenset(
    k for group in (yaml.safe_load(_SHARED_TAXONOMY.read_text()) if _SHARED_TAXONOMY.exists() else {}).values() for k in group
)


def _norm(v: object) -> object:
    if isinstance(v, str):
        return v.strip().lower()
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, list):
        return sorted(_norm(x) for x in v)  # type: ignore[type-var]
    return v


def fact_ok(expected: object, got: object) -> bool:
    if isinstance(expected, (int, float)) and isinstance(got, (int, float)) and not isinstance(got, bool):
        return abs(float(expected) - float(got)) <= 1e-6 * max(1.0, abs(float(expected)))
    return _norm(expected) == _norm(got) or str(_norm(expected)) == str(_norm(got))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=str(DEFAULT))
    ap.add_argument("--label-prefix", default="")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    rows = [json.loads(line) for line in open(args.corpus, encoding="utf-8") if line.strip()]
    rows = [r for r in rows if r["label"].startswith(args.label_prefix)]
    top1 = top3 = none_total = none_false = 0
    facts_total = facts_ok = facts_value_ok = 0
    rank_total = rank_ok = 0
    confusion: list[str] = []
    failing_total = failing_clean = healthy_total = healthy_failed = 0
    clean_cases: list[str] = []
    false_cases: list[str] = []
    for r in rows:
        d = diagnose(r["log"], mask=False)
        got = d.primary.id if d.primary else ("unknown" if d.unknown and not d.unknown.is_empty() else "none")
        label = r["label"]
        failing = r.get("failing", label != "none")
        if failing:
            failing_total += 1
            failing_clean += d.exit_code == 0
            if d.exit_code == 0:
                clean_cases.append(r["id"])
        else:
            healthy_total += 1
            healthy_failed += d.exit_code != 0
            if d.exit_code != 0:
                false_cases.append(f"{r['id']} -> {got}")
        ranked = [f.id for f in d.findings if f.role != "noise"]
        if label == "unknown":
            # a failure outside the taxonomy: right when it is reported as a failure no entry names
            # (an unhandled-exception finding or the unknown summary), not as some specific entry
            ok1 = got in ("unknown", *ENGINE_IDS) or (got != "none" and got not in ORIGINAL_IDS)
            ok3 = ok1
        elif label == "none":
            ok1 = d.primary is None
            ok3 = ok1
        else:
            ok1 = got == label
            ok3 = ok1 or label in ranked[:3]
        if label == "none":
            none_total += 1
            if d.primary is not None and d.primary.role == "root":
                none_false += 1
        top1 += ok1
        top3 += ok3
        all_facts: dict[str, object] = {}
        for f in ([d.primary] if d.primary else []) + d.findings:
            if f.id == label:
                for k, v in f.facts.items():
                    all_facts.setdefault(k, v)
                if f.rank is not None:
                    all_facts.setdefault("rank", f.rank)  # reported as the finding's rank, not as a fact
        for k, v in r.get("facts", {}).items():
            if label in ("unknown", "none"):
                continue
            facts_total += 1
            if k in all_facts and fact_ok(v, all_facts[k]):
                facts_ok += 1
                facts_value_ok += 1
                continue
            elsewhere = [n for n, x in all_facts.items() if fact_ok(v, x)]
            if elsewhere:
                facts_value_ok += 1  # extracted, under another name than the labeller chose
            if args.verbose:
                where = f" (found as {elsewhere[0]})" if elsewhere else ""
                print(f"  fact miss {r['id']} {label}: {k} expected {v!r} got {all_facts.get(k)!r}{where}")
        if r.get("first_rank") is not None:
            rank_total += 1
            rank_ok += bool(d.primary and d.primary.rank == r["first_rank"])
        if not ok1:
            confusion.append(f"{r['id']}: label {label} -> got {got}  (top3: {ranked[:3]})")
    n = len(rows)
    print(f"corpus: {args.corpus}  cases: {n}")
    print(f"top-1 accuracy: {top1}/{n} = {top1 / max(n, 1):.1%}")
    print(f"top-3 accuracy: {top3}/{n} = {top3 / max(n, 1):.1%}")
    print(f"false root diagnosis on 'none' cases: {none_false}/{none_total}")
    print(f"facts correct: {facts_ok}/{facts_total} = {facts_ok / max(facts_total, 1):.1%}"
          f" (value extracted under any name: {facts_value_ok}/{facts_total} = {facts_value_ok / max(facts_total, 1):.1%})")
    if rank_total:
        print(f"first rank correct: {rank_ok}/{rank_total}")
    print(f"failing logs answered 'no failure' (exit 0): {failing_clean}/{failing_total} = {failing_clean / max(failing_total, 1):.1%}"
          + (f"  {clean_cases}" if clean_cases else ""))
    print(f"healthy logs given a failure (exit != 0): {healthy_failed}/{healthy_total}" + (f"  {false_cases}" if false_cases else ""))
    if confusion:
        print("confusion:")
        for c in confusion:
            print("  " + c)
    return 0


if __name__ == "__main__":
    sys.exit(main())
