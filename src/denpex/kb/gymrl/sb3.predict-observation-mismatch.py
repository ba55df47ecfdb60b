"""Computed diagnosis for sb3.predict-observation-mismatch: compare the two shapes and say what differs."""

from __future__ import annotations

import re
from collections.abc import Mapping
from math import prod
from typing import Any

from denpex.models import Explanation


def _shape(s: str) -> tuple[int, ...] | None:
    nums = re.findall(r"\d+", s or "")
    if s is None or "(" not in str(s):
        return None
    return tuple(int(n) for n in nums)


def _compare(got: tuple[int, ...], exp: tuple[int, ...]) -> tuple[str, str]:
    if got == exp:
        return "same shape", "Check the dtype and wrapper stack."
    if len(got) == len(exp) + 1 and got[1:] == exp and got[0] != 1:
        return "batched observation", "OK as a batch only if the leading axis is n_env; otherwise drop it."
    squeezed = tuple(d for d in got if d != 1)
    if squeezed == tuple(d for d in exp if d != 1):
        return "extra singleton dimension", f"Reshape to {exp}: np.asarray(obs).reshape({exp}) (remove the extra batch/agent axis)."
    if len(got) == 3 and len(exp) == 3 and sorted(got) == sorted(exp) and got[-1] in (1, 3, 4) and exp[0] == got[-1]:
        return "channels-last image vs channels-first policy", ("Wrap the evaluation env like training: VecTransposeImage (SB3 adds it to image envs), "
                                                                "or obs.transpose(2, 0, 1).")
    if len(got) == 3 and len(exp) == 3 and got[-1] in (1, 3, 4) and exp[0] in (1, 3, 4, 12):
        return "image size/channels differ", (f"Apply the training image wrappers (resize to {exp[1]}x{exp[2]}, grayscale/frame stack to {exp[0]} channels, "
                                              "VecTransposeImage) to the evaluation env.")
    if len(got) == 4 and len(exp) == 3:
        return "stacked/batched image vs single image", "Use the same VecFrameStack/AtariWrapper settings as training; do not add a batch axis to VecEnv observations."
    if prod(got) != prod(exp):
        return f"{prod(got)} values vs {prod(exp)} expected", ("The observation content differs from training (feature set or env version changed): "
                                                              "rebuild the env exactly as in training or retrain the model.")
    return "same size, other layout", f"Reshape/transpose to {exp} the way the training wrappers did."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "tuple-obs":
        return Explanation(
            text="predict() received the (obs, info) tuple that Gymnasium's env.reset() returns.",
            fix=("obs, info = env.reset() and pass obs; or use the VecEnv API: vec_env = model.get_env(); obs = vec_env.reset().",
                 "In the loop: obs, reward, terminated, truncated, info = env.step(action) (Gymnasium) vs obs, rewards, dones, infos = vec_env.step(action)."),
            derived={"problem": "(obs, info) tuple passed to predict"},
        )
    if sig == "spaces-do-not-match":
        a, b = str(facts.get("saved_space") or ""), str(facts.get("env_space") or "")
        return Explanation(
            text=f"The model was trained on {a} but the env given to load()/set_env has {b}.",
            fix=("Give load() an env built like the training env (same id/version and wrappers), or load without env for predict-only use.",),
            derived={"problem": "env spaces differ from the saved model"},
        )
    got, exp = _shape(str(facts.get("got_shape") or "")), _shape(str(facts.get("expected_shape") or ""))
    if sig == "dict-key-shape":
        return Explanation(
            text=f"Dict observation key {facts.get('obs_key')} has shape {facts.get('got_shape')}, neither one observation nor a batch.",
            fix=("Pass every key with the same layout: all single observations or all batched (n_env, ...).",),
            derived={"problem": f"key {facts.get('obs_key')} shape"},
        )
    if got is None or exp is None:
        return None
    what, fix = _compare(got, exp)
    kind = facts.get("space_kind") or "Box"
    return Explanation(
        text=f"predict() got shape {got}; the policy's {kind} space expects {exp} (or (n_env, *{exp})): {what}.",
        fix=(fix, "Build the evaluation env with the same make_env() and wrappers used for training."),
        derived={"problem": what},
    )
