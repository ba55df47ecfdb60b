"""Computed diagnosis for tianshou.batch-no-len: empty Batch or a Batch of scalars."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "empty-batch":
        return Explanation(
            text=("The Batch is empty (Batch()): a field the collector or policy expected was None, an empty dict "
                  "or never filled, and tianshou's __len__ refuses an empty Batch."),
            fix=("Print every value env.step() returns and make done/terminated/truncated bools and reward a float.",
                 "Upgrade tianshou (>= 1.1) so len(Batch()) is 0, or use batch.is_empty() instead of a truth test."),
            derived={"batch_kind": "empty", "batch_label": "an empty Batch()"},
        )
    if sig == "scalar-batch":
        return Explanation(
            text=("The Batch holds values but none has a batch axis (scalars or 0-d arrays): unbatched data from a "
                  "single env or a nested observation reached code that needs batched arrays."),
            fix=("Return arrays with a leading batch dimension (wrap single-env outputs with np.asarray([...])) "
                 "or flatten nested observations before the policy.",),
            derived={"batch_kind": "scalars", "batch_label": "a Batch of scalars"},
        )
    return None
