"""Computed diagnosis for verl.reward-fn-not-implemented: what the data_source value says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("data_source")
    if raw is None:
        return None
    ds = str(raw).strip().strip("'\"")
    cfg = ("custom_reward_function.path=/abs/path/my_reward.py custom_reward_function.name=compute_score "
           "(under reward: in newer verl)")
    if not ds:
        text = ("The rows have an empty data_source, so verl's default reward dispatcher cannot pick a scorer: "
                "the preprocessing did not write the data_source column.")
        fix = ("Regenerate the parquet with data_source set (e.g. 'openai/gsm8k' for the built-in GSM8K reward),",
               f"or set {cfg}.")
        kind = "empty"
    elif "/" in ds and (ds.startswith("/") or ds.startswith(".") or ds.startswith("~") or ds.count("/") > 1):
        text = (f"data_source is '{ds}', a path: the preprocessing wrote where the data was loaded from instead "
                "of the reward key verl dispatches on.")
        fix = ("Write the canonical key in the preprocessing script (e.g. data_source='openai/gsm8k'),",
               f"or set {cfg}.")
        kind = "path"
    else:
        text = (f"data_source='{ds}' has no built-in scorer in verl's default_compute_score and no "
                "custom reward function is active.")
        fix = (f"Write compute_score(data_source, solution_str, ground_truth, extra_info=None) for '{ds}' and set {cfg}.",)
        kind = "custom"
    return Explanation(text=text, fix=fix, derived={"data_source_kind": kind, "data_source_shown": f"'{ds}'" if ds else "'' (empty)"})
