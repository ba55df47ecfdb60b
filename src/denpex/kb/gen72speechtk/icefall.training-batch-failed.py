"""Computed diagnosis for icefall.training-batch-failed: where the batch went and how large it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    batch_file = facts.get("batch_file")
    n, t, dim = facts.get("batch_size"), facts.get("num_frames"), facts.get("feature_dim")
    tokens = facts.get("num_tokens")
    criterion = facts.get("criterion")
    fix: list[str] = []
    parts: list[str] = []
    note = ""
    if batch_file:
        note = f" and was saved to {batch_file}"
    if n and t:
        note += f" ({n} utterances x {t} frames" + (f", {tokens} tokens" if tokens else "") + ")"
        parts.append(f"The failing batch holds {n} utterances padded to {t} feature frames" + (f" of dimension {dim}" if dim else "") + ".")
        if int(n) >= 100 and int(t) <= 300:
            parts.append("Many short utterances in one batch: check that none has more tokens than frames after subsampling.")
        if int(t) >= 2000:
            parts.append(f"{t} frames is about {int(t) / 100:.0f} s of audio per utterance: long cuts make this batch large.")
    if criterion or not batch_file:
        note = note or " in the pessimistic-batch OOM scan" + (f" (criterion {criterion})" if criterion else "")
        parts.append("The OOM scan found a batch that does not fit the GPU at the current --max-duration.")
        fix.append("Lower --max-duration (or filter the longest cuts) and rerun; the scan runs again before epoch 1.")
    if batch_file:
        parts.append("The batch that raised was saved for replay; the exception after these lines names what went wrong.")
        fix.append(f"Load it with torch.load('{batch_file}') and inspect its longest utterances and token counts.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"batch_note": note})
