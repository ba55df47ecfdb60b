"""Computed diagnosis for internvl.llm-config-architecture: a missing key or an unlisted architecture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arch = str(facts.get("architecture") or "").strip()
    if facts.get("_signature") == "unsupported-architecture":
        if arch:
            what = f"the configuration file does not list {arch}"
            text = (f"The InternVL config class in use dispatches on the language model's architecture and has no branch for {arch}: "
                    "its configuration_internvl_chat.py (or the serving stack's copy) predates that language model.")
            fix = (f"Copy configuration_internvl_chat.py from the upstream model repository whose language model is {arch}, or upgrade the serving stack to a release that supports it.",)
        else:
            what = "llm_config names no architecture (an empty placeholder)"
            text = ("The architecture is empty: the config was built with llm_config=None and the placeholder carries no name, "
                    "usually because it was re-created from defaults (a transformers version newer than the remote code).")
            fix = ("Install the transformers version the InternVL release pins, and keep the checkpoint's own configuration file.",)
    else:
        what = "llm_config has no 'architectures' key"
        text = ("llm_config has no 'architectures' key: the config was re-created without its language-model part (llm_config None, "
                "common at checkpoint save with a newer transformers) or the checkpoint's config layout differs from the code's.")
        fix = ("pip install the transformers version from the InternVL release's requirements (4.37.2 for the InternVL 1.5/2 scripts), then rerun.",
               "Or copy configuration_internvl_chat.py and modeling files from the base model's upstream repository into the checkpoint folder.")
    return Explanation(text=text, fix=fix, derived={"what": what})
