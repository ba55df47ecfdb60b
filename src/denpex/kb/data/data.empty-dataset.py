"""Computed diagnosis for data.empty-dataset: which step found zero examples and what that implies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_float
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: v for k, v in facts.items() if v not in (None, "")}
    common = "Print len(dataset) after loading and after each filter/map to find the step that produced zero rows; check the data path on this node."
    if "n_samples" in g:
        n = int(g["n_samples"])
        ts = g.get("test_size")
        t = as_float(ts)
        if n == 0:
            return Explanation(
                text=f"train_test_split got an empty dataset (n_samples=0): the data was already empty before splitting.",
                fix=(common,),
                derived={"what": "splitting a dataset with 0 rows"},
            )
        if t is not None and 0 < t < 1:
            train_rows = n - int(-(-n * t // 1))
            text = f"With {n} rows and test_size={ts}, the training part would have {max(train_rows, 0)} rows."
        else:
            text = f"With {n} rows, test_size={ts} leaves no rows for training."
        fix_rows = max(1, min(n - 1, n // 10)) if n > 1 else 0
        fixes = [f"Use test_size={fix_rows} (an absolute number of rows) or a smaller fraction." if fix_rows else "The dataset has a single row: skip the evaluation split."]
        return Explanation(text=text, fix=tuple(fixes) + (common,), derived={"what": f"split of {n} rows leaves an empty train set"})
    if "num_samples" in g:
        return Explanation(
            text="The DataLoader's RandomSampler was built over a dataset of length 0: no file matched the data path, or preprocessing removed every example.",
            fix=(common, "assert len(train_dataset) > 0 before building the DataLoader, so the message names the path."),
            derived={"what": "the training DataLoader got a dataset of length 0"},
        )
    if "size" in g:
        return Explanation(
            text=f"The code indexed row {g.get('key', 0)} of a datasets.Dataset that has 0 rows.",
            fix=(common,),
            derived={"what": "indexing a datasets.Dataset with 0 rows"},
        )
    if "loader" in g:
        kind = str(g.get("lt_kind", ""))
        warn = kind.startswith("this was")
        return Explanation(
            text=("Lightning found that this DataLoader yields no batch on any rank" + ("; as a warning, fit/validate skips that loop silently." if warn else ".")),
            fix=(common, "If an empty validation loader is intended, remove val_dataloader or set limit_val_batches=0 to silence it."),
            derived={"what": "a Lightning DataLoader has zero length on all ranks"},
        )
    return None
