"""Computed diagnosis for tf.saver-restore-failed: which of the three restore problems this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "")
    lhs, rhs = str(facts.get("lhs") or ""), str(facts.get("rhs") or "")
    missing = str(facts.get("missing_file") or "")
    reason = str(facts.get("reason") or "")
    if missing:
        problem = f"checkpoint file {missing} is missing"
        text = (f"The checkpoint is incomplete: {missing} does not exist, so the variables stored in it cannot be read. "
                "The .index (and .meta) files were found, the data shard was not downloaded, extracted or copied.")
        fix = (f"ls -la {missing.rsplit('/', 1)[0] if '/' in missing else '.'}: download the checkpoint again so every "
               "<prefix>.data-NNNNN-of-NNNNN shard is present (not a Git LFS pointer).",)
    elif lhs and rhs:
        problem = f"shape {rhs} in the checkpoint vs {lhs} in the graph"
        text = (f"A variable exists in both, but the graph built by this script has shape {lhs} while the checkpoint holds "
                f"{rhs}: the config (number of classes, layer sizes, hparams) differs from the one used to train it.")
        fix = ("Run with the same config as the checkpoint, or exclude the differing layers from the restore var_list "
               "and train them from scratch.",)
    elif key:
        problem = f"variable {key} is not in the checkpoint"
        text = (f"The graph has a variable {key} that the checkpoint does not contain: the checkpoint is from another model "
                "variant, scope or code version, or an older checkpoint in the output directory is being resumed.")
        fix = ("List the checkpoint's variables (tf.train.list_variables) and use the checkpoint/flags that build the same "
               "names, or restore with a var_list limited to the names present.",)
    elif reason.startswith("a mismatch"):
        problem = "the graph does not match the checkpoint"
        text = "The graph and the checkpoint disagree on a variable (usually its shape); the original error below the message names it."
        fix = ("Use the config the checkpoint was trained with, or restore only matching variables.",)
    elif reason:
        problem = "a variable or checkpoint file is missing"
        text = "A variable name or checkpoint file was not found; the 'Original error' line below the message names it."
        fix = ("Read the original error: a missing key means another model variant, a missing .data file an incomplete download.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"problem": problem})
