"""Computed diagnosis for mmcv.config-yapf-incompatible: which form, and which fix applies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("config_module") or "")
    token = facts.get("token")
    if token:
        diagnosis = f"config text not parseable at {token}"
        text = (f"yapf could not parse the Python text generated from the config: the parser stopped at {token}. "
                "Some config value has no Python literal form (an object repr such as <...>, a non-identifier key) "
                "or a launcher added text to it; the yapf version is not the problem here.")
        fix = ("Print cfg._cfg_dict and replace the value around that token with plain literals, or log str(cfg) instead of cfg.pretty_text.",)
    elif "mmengine" in module:
        diagnosis = "yapf 0.40.2+ with an mmengine that passes verify"
        text = ("mmengine's Config.pretty_text passes verify= to yapf's FormatCode, which yapf 0.40.2 removed; "
                "every config fails the same way.")
        fix = ("pip install yapf==0.40.1, or upgrade mmengine to a release that no longer passes verify.",)
    else:
        diagnosis = "yapf 0.40.2+ with mmcv 1.x"
        text = ("mmcv 1.x Config.pretty_text (used by cfg.dump and the 'Config:' log line) passes verify= to yapf's "
                "FormatCode, which yapf 0.40.2 removed; every config fails the same way.")
        fix = ("pip install yapf==0.40.1 and pin it next to mmcv in the requirements.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
