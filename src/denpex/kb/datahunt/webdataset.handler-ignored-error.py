"""Computed diagnosis for webdataset.handler-ignored-error: count dropped items per exception type."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CAUSE = {
    "DecodingError": "a sample's media could not be decoded (corrupt/truncated file or no decoder for the extension)",
    "UnidentifiedImageError": "PIL could not identify an image (corrupt file or unsupported format)",
    "KeyError": "a sample lacks a key the pipeline asks for (to_tuple/rename keys vs the file extensions in the shards)",
    "ValueError": "a shard is malformed (e.g. duplicate file name in tar: repeated or dotted sample keys) or a map function rejected a sample",
    "ReadError": "a tar shard is truncated or not a tar",
    "OSError": "a file or shard could not be read (truncated image, network/storage error)",
    "ClientError": "a shard download from object storage failed (credentials, missing key)",
    "ConnectionError": "a shard download failed (network)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("exception")
    if not raw:
        return None
    items = [str(x) for x in raw] if isinstance(raw, (list, tuple)) else [str(raw)]
    counts = Counter(x.rsplit(".", 1)[-1] for x in items)
    total = sum(counts.values())
    top, top_n = counts.most_common(1)[0]
    parts = ", ".join(f"{n} x {name}" for name, n in counts.most_common())
    cause = _CAUSE.get(top, "the pipeline raised this exception for the item")
    text = (f"{total} item(s) were dropped by the warn-and-continue handler ({parts}). "
            f"Most common: {top} - {cause}. ")
    if total >= 20:
        text += "That many repeats point to a systematic problem rather than a few bad files."
        diagnosis = f"systematic sample loss ({top})"
    else:
        text += "A few such lines are normal on web-scale data; if the run failed, the cause is elsewhere."
        diagnosis = f"occasional dropped samples ({top})"
    fix = ("Count them against samples seen: grep -c 'Handling webdataset error' LOG.",
           "To see the first failure in full, run once with handler=wds.reraise_exception.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "dropped": total})
