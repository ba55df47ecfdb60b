"""Computed diagnosis for swift.unknown-arguments: which flag ms-swift rejected and what it is called now."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# old flag -> (what it became, note)
_RENAMED = {
    "sft_type": ("--train_type (3.x) / --tuner_type (4.x)", "2.x name"),
    "model_type": ("--model <id or local path> (3.x+; --model_type only for custom registrations)", "2.x name"),
    "model_id_or_path": ("--model", "2.x name"),
    "model_path": ("--model", "not an ms-swift flag"),
    "ckpt_dir": ("--adapters <checkpoint dir> (LoRA) or --model <dir> (full)", "2.x name"),
    "dtype": ("--torch_dtype", "2.x name"),
    "train_type": ("--tuner_type (4.x) - or, on 2.x, --sft_type", "renamed in 4.x"),
    "tuner_type": ("--train_type (3.x)", "4.x name used on 3.x"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    flags = str(facts.get("flags") or "").strip()
    first = str(facts.get("first_flag") or "").strip()
    if not flags:
        return None
    derived: dict[str, Any] = {"flags": flags}
    if first in _RENAMED:
        new, why = _RENAMED[first]
        text = (f"ms-swift refused {flags}: --{first} is a {why}; the installed ms-swift expects {new}. "
                "The command was written for another ms-swift major version.")
        fix = (f"Replace --{first} with {new} (check: swift sft --help | grep -- {new.split()[0]}),",
               "or install the ms-swift version the script was written for (pip install 'ms-swift==<that version>').")
    else:
        text = (f"ms-swift refused {flags}: no field of this command's arguments takes --{first or '?'}. "
                "Either the flag belongs to a newer ms-swift than the one installed, to another subcommand "
                "(rlhf/megatron/export), or it was renamed.")
        fix = (f"Look it up for the installed version: swift sft --help | grep -- --{first or '<flag>'}; "
               "drop or rename it,",
               "or upgrade: pip install -U ms-swift (git+https://github.com/modelscope/ms-swift.git for flags only on main).")
    if facts.get("_signature") == "remaining-argv-warning":
        text = (f"ms-swift ignored {flags} (ignore_args_error is on): the run continues WITHOUT these settings.")
        fix = (f"Remove or rename --{first or '<flag>'} so that the setting actually applies.",)
    return Explanation(text=text, fix=fix, derived=derived)
