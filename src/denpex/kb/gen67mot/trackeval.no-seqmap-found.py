"""Computed diagnosis for trackeval.no-seqmap-found: a split named twice in the seqmap name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SPLITS = ("train", "test", "val", "all")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    seqmap = str(facts.get("seqmap") or "")
    if not seqmap:
        return None
    name = seqmap.replace("\\", "/").rstrip("/").split("/")[-1]
    stem = name[:-4] if name.endswith(".txt") else name
    m = re.fullmatch(r"(?P<bench>.+)-(?P<s1>[A-Za-z_]+)-(?P<s2>[A-Za-z_]+)", stem)
    if m and m.group("s1") == m.group("s2") and m.group("s1") in _SPLITS:
        bench, split = m.group("bench"), m.group("s1")
        note = f" (the split '{split}' is in both BENCHMARK and SPLIT_TO_EVAL)"
        text = (f"TrackEval derives the seqmap name as <BENCHMARK>-<SPLIT_TO_EVAL>.txt and got {name}: the split "
                f"'{split}' was given as part of BENCHMARK too, so it looked for a file that never exists.")
        fix = (f"Pass --BENCHMARK {bench} --SPLIT_TO_EVAL {split} (the expected file is {bench}-{split}.txt).",
               "Or name the file directly with --SEQMAP_FILE.")
        return Explanation(text=text, fix=fix, derived={"name_note": note, "diagnosis": "split given twice"})
    note = " (not found in GT_FOLDER/seqmaps or SEQMAP_FOLDER)"
    text = (f"No seqmap {name} where TrackEval looked (GT_FOLDER/seqmaps or SEQMAP_FOLDER): the seqmaps from TrackEval's "
            "data.zip are not there, or this dataset/split has none.")
    fix = ("Create it (first line 'name', then one sequence per line) or pass an existing one with --SEQMAP_FILE.",)
    return Explanation(text=text, fix=fix, derived={"name_note": note, "diagnosis": "seqmap file missing"})
