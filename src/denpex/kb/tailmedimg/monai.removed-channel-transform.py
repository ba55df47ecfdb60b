"""Computed diagnosis for monai.removed-channel-transform: the replacement for the removed name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPL = {
    "AddChannel": "EnsureChannelFirst(channel_dim='no_channel')",
    "AddChanneld": "EnsureChannelFirstd(keys, channel_dim='no_channel')",
    "AsChannelFirst": "EnsureChannelFirst(channel_dim=-1)",
    "AsChannelFirstd": "EnsureChannelFirstd(keys, channel_dim=-1)",
    "SplitChannel": "SplitDim(dim=0)",
    "SplitChanneld": "SplitDimd(keys, dim=0)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    if not isinstance(name, str) or name not in _REPL:
        return None
    repl = _REPL[name]
    new = repl.split("(")[0]
    text = (f"{name} was removed in MONAI 1.3; the code was written for an older MONAI. "
            f"Its replacement is {repl}.")
    fix = (f"Replace the import with {new} and each {name}(...) call with {repl}.",
           "Or keep the old code unchanged with pip install 'monai<1.3'.")
    return Explanation(text=text, fix=fix, derived={"replacement": repl})
