"""Computed diagnosis for gym.render-mode-missing: the make() call with the render mode filled in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    env_id = str(facts.get("env_id") or "")
    mode = str(facts.get("mode") or "")
    make = f"gym.make(\"{env_id}\", render_mode=\"rgb_array\")" if env_id and "<" not in env_id else "gym.make(env_id, render_mode=\"rgb_array\")"
    if sig == "render-without-mode":
        return Explanation(
            text=(f"{env_id or 'The environment'} was made without render_mode, so render() returned None; "
                  "any frame or video built from it is empty."),
            fix=(f"Create it with {make} (or render_mode=\"human\" for a window) and call env.render() without arguments.",),
            derived={"problem": "render() without render_mode"},
        )
    if sig == "render-mode-kwarg":
        if mode == "render_mode":
            return Explanation(
                text="render() got render_mode=...: that keyword belongs to gym.make(); SB3 VecEnv.render() takes mode=.",
                fix=("Pass render_mode to gym.make(...) and call render() without it (VecEnv: vec_env.render(mode='rgb_array')).",),
                derived={"problem": "render_mode passed to render()"},
            )
        return Explanation(
            text="gym >= 0.26 / Gymnasium render() takes no mode argument (gym <= 0.25 code).",
            fix=(f"Replace env.render(mode='rgb_array') by making the env with {make} and calling env.render().",),
            derived={"problem": "render(mode=...) on gym >= 0.26"},
        )
    if sig in ("record-video-incompatible", "video-recorder-disabled"):
        return Explanation(
            text=(f"RecordVideo needs image frames but the environment's render_mode is {mode or 'not rgb_array'}; "
                  "no video can be written."),
            fix=(f"Wrap an env made with {make}: RecordVideo({make}, video_folder='videos').",),
            derived={"problem": f"render_mode={mode or 'None'} under RecordVideo"},
        )
    return None
