"""Computed diagnosis for webdataset.sample-field-missing: compare requested and present fields."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_META = {"__key__", "__url__", "__local_path__", "__worker__", "__rank__", "__nodeid__"}


def _names(raw: Any) -> list[str]:
    if not isinstance(raw, str):
        return []
    try:
        value = ast.literal_eval(raw.strip())
    except (ValueError, SyntaxError):
        return []
    if isinstance(value, str):
        value = value.split(";")
    if not isinstance(value, (list, tuple)):
        return []
    out: list[str] = []
    for item in value:
        if isinstance(item, str):
            out.extend(p for p in item.split(";") if p)
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    wanted = _names(facts.get("wanted"))
    available = _names(facts.get("available"))
    if not wanted or not facts.get("available"):
        return None
    fields = [a for a in available if a not in _META]
    if facts.get("_signature") == "to-tuple-got":
        missing = [w for w in wanted if w not in fields]
    else:
        missing = wanted
    similar = [f for f in fields for w in missing
               if f.lower() == w.lower() or f.endswith("." + w) or w.endswith("." + f)
               or f.rsplit(".", 1)[-1] == w.rsplit(".", 1)[-1]]
    if not fields:
        diagnosis = "sample has no data members"
        text = (f"The sample holds only {', '.join(available)}: no member of it matched, so the members of a sample are "
                "not adjacent in the tar or the shard is empty/truncated.")
        fix = ("Rebuild the shard with tar --sort=name (or wds.ShardWriter + close()) and check it with tar tf.",)
    elif similar:
        got = sorted(set(similar))
        diagnosis = f"field named differently: requested {missing}, shard has {got}"
        text = (f"Requested {missing} but the sample stores {got}: the field name is the full, case-sensitive suffix "
                "after the first dot of the member name.")
        fix = (f"Request the stored name: to_tuple({', '.join(repr(g) for g in got)}, ...) or add it as an alternative "
               f"('{';'.join(missing + got)}').",)
    elif len(fields) <= 1 or (facts.get("_signature") == "to-tuple-got" and len(missing) < len(wanted)):
        diagnosis = "sample split into partial samples"
        text = (f"The sample has only {fields} (requested {wanted}): the other members of this key are missing - "
                "elsewhere in the tar (members not adjacent, so WebDataset made partial samples) or never written "
                "(ShardWriter/TarWriter not closed).")
        fix = ("Re-create the tar with the members of each sample adjacent (tar --sort=name) or write with "
               "wds.ShardWriter and call close() (use it as a context manager).",)
    else:
        diagnosis = f"field {missing} absent from this sample"
        text = (f"This sample has {fields} but not {missing}: either the shards never contain that field "
                "(wrong name for this dataset) or some samples lack it.")
        fix = (f"Use one of {fields} in to_tuple, or skip incomplete samples with handler=wds.warn_and_continue.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
