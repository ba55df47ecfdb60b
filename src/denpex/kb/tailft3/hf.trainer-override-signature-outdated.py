"""Computed diagnosis for hf.trainer-override-signature-outdated: which hook, which transformers release
changed its call, and the signature the override needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# method -> (transformers release that added the argument, signature the override needs, what was added)
_HOOKS: dict[str, tuple[str, str, str]] = {
    "_get_train_sampler": ("4.52", "def _get_train_sampler(self, train_dataset=None)", "the training dataset"),
    "training_step": ("4.46", "def training_step(self, model, inputs, num_items_in_batch=None)", "num_items_in_batch"),
    "log": ("4.47", "def log(self, logs, start_time=None)", "start_time"),
    "_maybe_log_save_evaluate": (
        "4.47",
        "def _maybe_log_save_evaluate(self, tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval, start_time=None, **kwargs)",
        "start_time",
    ),
    "get_batch_samples": ("4.50", "def get_batch_samples(self, epoch_iterator, num_batches, device=None)", "the device"),
    "_unsloth_get_batch_samples": ("4.50", "", "the device"),
    "_unsloth_training_step": ("4.46", "", "num_items_in_batch"),
}

_OWNER = {
    "GRPOTrainer": "TRL (or a repository's copy of TRL's GRPOTrainer)",
    "DPOTrainer": "TRL",
    "XPOTrainer": "TRL",
    "OnlineDPOTrainer": "TRL",
    "SFTTrainer": "TRL",
    "CustomSeq2SeqTrainer": "LLaMA-Factory",
    "CustomTrainer": "the repository's own trainer (or LLaMA-Factory)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = str(facts.get("method") or "")
    if not method:
        return None
    cls = str(facts.get("cls") or "")
    try:
        expected = int(facts["expected"])
        given = int(facts["given"])
    except (KeyError, TypeError, ValueError):
        return None
    since, signature, added = _HOOKS.get(method, ("", "", ""))
    if method.startswith("_unsloth_"):
        owner = "Unsloth"
    else:
        owner = _OWNER.get(cls, f"the package that defines {cls}" if cls else "the package that defines the trainer")
    callee = f"{cls}.{method}()" if cls else f"{method}()"
    extra = given - expected
    if since:
        text = (f"transformers {since}+ calls {method}() with {added} as an extra positional argument ({given} given), "
                f"but {callee} still takes {expected}: the override in {owner} was written for an older transformers.")
        diagnosis = f"{owner} older than transformers {since}"
    else:
        text = (f"The Trainer calls {callee} with {extra} more positional argument(s) ({given}) than the override accepts "
                f"({expected}): the subclass in {owner} and the installed transformers are from different releases.")
        diagnosis = f"{owner} and transformers out of step"
    fix = []
    if method.startswith("_unsloth_"):
        fix.append("pip install -U --no-cache-dir unsloth unsloth_zoo (and restart the runtime), or pin transformers to the release your Unsloth supports.")
    else:
        fix.append(f"Upgrade {owner} to a release made for your transformers, or pin transformers"
                   + (f"<{since}" if since else " to the release the code was written for") + ".")
        if signature:
            fix.append(f"Patch the override: {signature}, and pass the argument on to super() if it calls it.")
    derived = {"diagnosis": diagnosis}
    if since:
        derived["since"] = since
    if signature:
        derived["new_signature"] = signature
    return Explanation(text=text, fix=tuple(fix), derived=derived)
