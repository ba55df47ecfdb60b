"""Computed diagnosis for openke.dataset-import-segfault: which file the C++ reader was reading when it crashed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# the last total the reader printed -> (file read next, what usually breaks there)
_NEXT = {
    None: ("relation2id.txt", "relation2id.txt could not be opened: in_path does not point at the dataset from the working directory (relative path, missing trailing '/', dataset not downloaded)"),
    "relations": ("entity2id.txt", "entity2id.txt is missing or unreadable under in_path"),
    "entities": ("train2id.txt", "train2id.txt is missing, lacks its count on the first line, or holds ids outside 0..N-1 (raw ids, 'head relation tail' column order)"),
    "train triples": ("train2id.txt ids / test2id.txt / valid2id.txt", "an id in train2id.txt is outside the entity/relation totals, or test2id.txt / valid2id.txt is missing"),
    "test triples": ("type_constrain.txt", "type_constrain.txt is missing (n-n.py not run for this dataset) or a test/valid id is out of range"),
    "valid triples": ("type_constrain.txt", "type_constrain.txt is missing (n-n.py not run for this dataset) or a test/valid id is out of range"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    stage = facts.get("last_stage")
    stage = stage if stage in _NEXT else None
    stage_file, cause = _NEXT[stage]
    in_path = facts.get("in_path")
    where = f" under {in_path}" if in_path else ""
    count = facts.get("last_count")
    after = f"'The total of {stage} is {count}.'" if stage else "'The toolkit is importing datasets.'"
    text = f"The reader crashed after {after}: {cause}{where}."
    fix: list[str] = []
    if stage is None:
        fix.append(f"Check that relation2id.txt exists at the in_path the script passes ({in_path or 'in_path'}) from the directory you run in; use an absolute path ending in '/'.")
    elif stage in ("test triples", "valid triples"):
        fix.append("Run OpenKE's benchmarks/FB15K/n-n.py inside the dataset folder to write type_constrain.txt, or build TestDataLoader with type_constrain=False.")
    else:
        fix.append(f"Check {stage_file}{where}: first line = count, then whitespace-separated 'head tail relation' ids, all 0-based and below the entity/relation totals.")
    try:
        if count is not None and int(count) <= 0:
            text += f" The {stage} total is {count}: the first line of that file is not its count."
            fix.append(f"Put the number of {stage} on the first line of its *2id.txt file.")
    except (TypeError, ValueError):
        pass
    return Explanation(text=text, fix=tuple(fix), derived={"stage_file": stage_file})
