"""Computed diagnosis for recipe.kaldi-required-file-missing: which stage should have produced the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PRODUCERS = {
    "wav.scp": ("data preparation (local/data.sh / local/*data_prep*)", "data prep"),
    "text": ("data preparation (local/data.sh)", "data prep"),
    "utt2spk": ("data preparation (local/data.sh)", "data prep"),
    "spk2utt": ("data preparation, then utils/utt2spk_to_spk2utt.pl / utils/fix_data_dir.sh", "data prep"),
    "segments": ("data preparation (only for long recordings split into segments)", "data prep"),
    "feats.scp": ("feature extraction (steps/make_mfcc.sh / make_fbank*.sh), check its run.pl logs", "feature extraction"),
    "cmvn.scp": ("steps/compute_cmvn_stats.sh", "cmvn"),
    "final.mdl": ("the training stage of that model (exp/<model>)", "training"),
    "tree": ("the tree-building/training stage", "training"),
    "HCLG.fst": ("utils/mkgraph.sh", "graph"),
    "L.fst": ("utils/prepare_lang.sh", "lang"),
    "G.fst": ("LM formatting (utils/format_lm.sh / local/*format*lm*)", "lang"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    script = facts.get("script") or "the script"
    if not isinstance(path, str) or not path:
        return None
    base = path.rstrip("/").rsplit("/", 1)[-1]
    folder = path.rsplit("/", 1)[0] if "/" in path else "."
    if base.endswith(".conf"):
        diagnosis = "recipe config file missing"
        text = f"{script} expects the recipe config {path}; the recipe directory has no conf/ (or another name)."
        fix = (f"Copy {base} from the template recipe (egs/wsj/s5/conf or egs2/TEMPLATE/asr1/conf) into {folder}/ and set the sampling rate.",)
    elif base.startswith(("ali.", "lat.")) or base in _PRODUCERS:
        what, stage = _PRODUCERS.get(base, ("the alignment/decoding stage", "alignment"))
        diagnosis = f"{stage} output missing"
        text = (f"{script} needs {path}, written by {what}. That stage was skipped, ran for another directory name, "
                f"or failed earlier in this log.")
        fix = (f"ls {folder}  # see what exists",
               f"Rerun the stage that writes {base} for {folder} (run.sh --stage N --stop_stage N), after fixing any earlier 'run.pl ... failed' log.")
    else:
        diagnosis = "required input missing"
        text = f"{script} stopped on its input check: {path} does not exist."
        fix = (f"Find which stage writes {base} (grep -rn '{base}' run.sh local/ steps/ | head) and run it first.",)
    return Explanation(text=text, fix=fix, derived={"file": base, "diagnosis": diagnosis})
