"""Computed diagnosis for hf.hub-download-kwarg-unsupported: is the hub too old or too new for this keyword."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# keyword -> first huggingface_hub release of snapshot_download/hf_hub_download that takes it
_ADDED = {
    "allow_patterns": "0.9.0",
    "ignore_patterns": "0.9.0",
    "local_dir": "0.14.0",
}
# keyword -> what replaced it in newer releases
_REMOVED = {
    "resume_download": "removed in huggingface_hub 1.0 (downloads resume by themselves): drop it",
    "force_filename": "removed in newer huggingface_hub: use local_dir= / the returned path instead",
    "allow_regex": "renamed allow_patterns in huggingface_hub 0.9: use allow_patterns=",
    "ignore_regex": "renamed ignore_patterns in huggingface_hub 0.9: use ignore_patterns=",
    "legacy_cache_layout": "removed in newer huggingface_hub: drop it",
}


def _major(v: str) -> int | None:
    try:
        return int(v.split(".")[0])
    except (ValueError, IndexError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kwarg = facts.get("kwarg")
    callee = facts.get("callee") or "snapshot_download"
    if not kwarg:
        return None
    kwarg = str(kwarg)
    lib = str(facts.get("hub_library") or "huggingface_hub")
    ver = str(facts.get("hub_version") or "")
    derived: dict[str, Any] = {"hub_library": lib}
    if lib == "modelscope":
        derived.update(direction="too old", diagnosis="modelscope older than the caller")
        return Explanation(
            text=f"modelscope's {callee}() does not take {kwarg}=: the installed modelscope predates that argument.",
            fix=("pip install -U modelscope in the environment that runs the node/app.",),
            derived=derived,
        )
    if kwarg == "local_dir_use_symlinks":
        if ver and (_major(ver) or 0) >= 1:
            derived.update(direction="too new", diagnosis=f"huggingface_hub {ver} removed local_dir_use_symlinks")
            text = f"huggingface_hub {ver} no longer has local_dir_use_symlinks (removed in 1.0; files go straight into local_dir)."
            fix = ("Drop local_dir_use_symlinks=... from the call, or pin huggingface_hub<1.0 for this code.",)
        else:
            derived.update(min_version="0.14.0", direction="too old or too new",
                           diagnosis="local_dir_use_symlinks exists only in huggingface_hub 0.14-0.x")
            text = (f"{callee}() has no local_dir_use_symlinks: it exists only from huggingface_hub 0.14 up to 1.0 - the installed hub "
                    "is either older than 0.14 (then local_dir is missing too) or 1.0+ (where it was removed).")
            fix = ("python -c \"import huggingface_hub; print(huggingface_hub.__version__)\": below 0.14 -> pip install -U \"huggingface_hub>=0.14\"; "
                   "1.0 or newer -> drop local_dir_use_symlinks from the call.",)
        return Explanation(text=text, fix=fix, derived=derived)
    if kwarg in _ADDED:
        need = _ADDED[kwarg]
        derived.update(min_version=need, direction="too old", diagnosis=f"huggingface_hub older than {need}")
        have = f" ({ver} installed)" if ver else ""
        text = (f"{callee}({kwarg}=...) needs huggingface_hub {need} or newer; the installed one{have} is older. "
                "Apps running inside another program (web UI, portable ComfyUI) use that program's environment.")
        fix = (f"In the environment that runs this code: python -m pip install -U \"huggingface_hub>={need}\" "
               "(for the A1111 web UI: venv\\Scripts\\python -m pip ... on Windows, venv/bin/python -m pip ... on Linux).",)
        return Explanation(text=text, fix=fix, derived=derived)
    if kwarg in _REMOVED:
        derived.update(direction="too new", diagnosis=f"{kwarg} is gone from the installed huggingface_hub")
        return Explanation(
            text=f"{callee}() no longer accepts {kwarg}=: {_REMOVED[kwarg]}. The code was written for an older huggingface_hub.",
            fix=(f"Update the call ({_REMOVED[kwarg]}), or pin the huggingface_hub version the code was written for.",),
            derived=derived,
        )
    derived.update(diagnosis=f"{kwarg} unknown to the installed huggingface_hub")
    return Explanation(
        text=f"{callee}() of the installed huggingface_hub{(' ' + ver) if ver else ''} has no {kwarg}= argument.",
        fix=("Compare inspect.signature(huggingface_hub." + str(callee) + ") with the call; upgrade huggingface_hub if the keyword is newer.",),
        derived=derived,
    )
