"""Computed diagnosis for git-lfs.smudge-download-failed: quota vs missing object vs access."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("lfs_path") or "")
    err = str(facts.get("lfs_error") or "")
    low = err.lower()
    if not path:
        return None
    if "over its data quota" in low:
        diagnosis = "repository owner's LFS quota exhausted"
        text = (f"The LFS server refused {path}: the repository's LFS bandwidth/storage quota is used up. "
                "This is on the owner's account; nothing on this machine changes it.")
        fix = ("GIT_LFS_SKIP_SMUDGE=1 git clone <url>  # code only, then fetch " + path + " from another source (release, Hugging Face, README link)",)
    elif "does not exist on the server" in low or "[404]" in low:
        diagnosis = "LFS object never uploaded"
        text = f"The pointer for {path} is committed but the object is not on the LFS server (it was never pushed)."
        fix = ("Ask the owner to run `git lfs push --all origin`; meanwhile get " + path + " elsewhere.",)
    elif "401" in low or "403" in low or "authoriz" in low or "credentials" in low:
        diagnosis = "no access to the LFS endpoint"
        text = f"The LFS server refused access to {path}."
        fix = ("Authenticate for the LFS endpoint (token / credential helper), then git lfs pull.",)
    elif err:
        diagnosis = "LFS download failed"
        text = f"git-lfs could not download {path}: {err[:200]}"
        fix = ("Retry with git lfs pull; see `git lfs logs last` for the full error.",)
    else:
        diagnosis = "LFS checkout failed"
        text = f"The checkout of {path} through the LFS smudge filter failed; the file is missing or a pointer."
        fix = ("Run git lfs pull and read `git lfs logs last`.",)
    if path.endswith((".pth", ".pt", ".ckpt", ".bin", ".pkl", ".safetensors", ".h5", ".onnx", ".gguf")):
        text += " Loading it now would read the pointer text (e.g. 'invalid load key, v')."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
