"""Computed diagnosis for speechbrain.interface-model-mismatch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    missing = str(facts.get("missing") or "")
    iface = str(facts.get("interface") or "")
    kind = str(facts.get("missing_kind") or ("modules" if sig == "moduledict-missing" else "hparams"))
    who = f"{iface} " if iface and iface != "foreign_class" else ("foreign_class " if iface else "")
    derived = {"interface_text": who, "missing_kind": kind}
    if sig == "need-hparams-dict":
        return Explanation(
            text="The interface class was constructed without an hparams dict; build it through from_hparams / foreign_class so the model's hyperparams.yaml is loaded.",
            fix=("load with Cls.from_hparams(source=..., savedir=...) (or foreign_class for custom interfaces) instead of calling the class directly",),
            derived={**derived, "missing": missing or "hparams dict"},
        )
    if sig == "from-hparams-keyerror":
        return Explanation(
            text=(f"from_hparams read '{missing}' from the hyperparams.yaml in the source folder and it is not there: that yaml is a "
                  "training recipe (or the source is a training results/save folder), not an inference hyperparams.yaml, which must "
                  "define modules: and a pretrainer: that loads the checkpoint files."),
            fix=("write an inference hyperparams.yaml next to the checkpoint (the model's modules, a pretrainer: with loadables/paths "
                 "pointing at the CKPT files), as the pretrained models on the hub do, and pass that folder as source=",
                 "or rebuild the modules from the training yaml in code and load the checkpoint with speechbrain's Checkpointer"),
            derived={**derived, "missing_kind": "hparams"},
        )
    where = "under modules:" if kind == "modules" else "at the top level"
    text = (f"The model's hyperparams.yaml defines no {kind} '{missing}' {where}, which the {who or 'chosen '}interface requires: "
            "the class does not match this model (or the yaml/library versions differ).")
    fix = [f"load the model as its card shows (class and, if the repo has custom_interface.py, foreign_class with classname=...)",
           "align versions: pip install -U speechbrain, or from_hparams(..., revision=<commit matching your SpeechBrain>)"]
    if missing == "tokenizer":
        fix.append("own recipe model: add the tokenizer (and its pretrainer path) to an inference hyperparams.yaml")
    elif missing in {"compute_stft", "compute_features", "mean_var_norm", "embedding_model", "classifier"}:
        fix.append("classifier models differ in front-end modules: use the class named in the model card (EncoderClassifier vs AudioClassifier vs foreign_class)")
    elif missing in {"encoder", "decoder", "asr_model"}:
        fix.append("a training results folder is not an inference model: write an inference hyperparams.yaml (modules: encoder, decoder, ... + pretrainer)")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
