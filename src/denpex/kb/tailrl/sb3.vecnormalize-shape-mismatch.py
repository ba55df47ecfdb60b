"""Computed diagnosis for sb3.vecnormalize-shape-mismatch: compare the saved and the new observation shape."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(text: Any) -> tuple[int, ...] | None:
    if not isinstance(text, str):
        return None
    nums = re.findall(r"\d+", text)
    return tuple(int(n) for n in nums) if nums else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    saved = _dims(facts.get("saved_shape"))
    env = _dims(facts.get("env_shape"))
    if saved is None or env is None:
        if facts.get("_signature") == "same-keys-type":
            return Explanation(
                text="The Dict observation space saved with the VecNormalize statistics has other keys or sub-space types than the new env.",
                fix=("Print both spaces and rebuild the evaluation env with the same observation keys (same wrappers and env_kwargs).",),
                derived={"diagnosis": "Dict observation keys differ"},
            )
        return None
    n_saved, n_env = 1, 1
    for d in saved:
        n_saved *= d
    for d in env:
        n_env *= d
    if len(saved) == len(env) == 3 and sorted(saved) == sorted(env):
        diagnosis = "image layout differs (channels first vs last)"
        text = (f"Saved {saved} and env {env} hold the same numbers in another order: VecTransposeImage (or another "
                "channel-order wrapper) is applied in one pipeline and not in the other.")
    elif n_env and n_saved % n_env == 0 and n_saved != n_env:
        k = n_saved // n_env
        diagnosis = f"saved stats {k}x larger (frame stacking?)"
        text = (f"The saved statistics cover {n_saved} values, the env gives {n_env}: {k} times more, as with "
                f"VecFrameStack(n_stack={k}) or a history wrapper used in training but not here.")
    elif n_saved and n_env % n_saved == 0 and n_saved != n_env:
        k = n_env // n_saved
        diagnosis = f"env observation {k}x larger than the saved stats"
        text = (f"The env gives {n_env} values per observation, the saved statistics cover {n_saved} ({k}x fewer): "
                "an extra stacking/history wrapper or more entities than in training.")
    else:
        diagnosis = f"observation size {n_saved} saved vs {n_env} now"
        text = (f"The statistics were saved for observations of shape {saved} and the new env produces {env}: the env "
                "options or wrappers differ from training, or the .pkl belongs to another run.")
    fix = ("Build the evaluation env exactly like the training env (same env_kwargs and wrapper order) before VecNormalize.load.",
           "Make sure the vecnormalize.pkl comes from the same run as the model.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
