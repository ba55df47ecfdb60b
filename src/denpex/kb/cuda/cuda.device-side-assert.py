"""Computed diagnosis for cuda.device-side-assert: what the failed assertion says about the input."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substring of the assertion text, what it means, fix lines)
_KNOWN: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "n_classes",
        "a target label passed to cross_entropy / nll_loss is negative or >= the number of classes the model outputs",
        (
            "Check labels.min() >= 0 and labels.max() < num_classes (the model's output size).",
            "Remap 1-based labels to 0-based, set num_labels to the dataset's class count, and use ignore_index=-100 for padded positions.",
        ),
    ),
    (
        "srcSelectDim",
        "an embedding / index_select lookup got an index >= the table size, typically a token id beyond the vocabulary",
        (
            "Compare input_ids.max() with model.get_input_embeddings().num_embeddings.",
            "After adding tokens call model.resize_token_embeddings(len(tokenizer)); make sure tokenizer and model come from the same checkpoint.",
        ),
    ),
    (
        "index out of bounds",
        "a gather / scatter / indexing kernel received an index outside the dimension it indexes",
        ("Check index.min() >= 0 and index.max() < tensor.size(dim) for the failing gather/scatter/indexing call.",),
    ),
    (
        "input_val >= zero && input_val <= one",
        "binary_cross_entropy got an input outside [0, 1] (logits or NaN instead of probabilities)",
        ("Use torch.nn.BCEWithLogitsLoss on raw logits, or apply sigmoid first; check for NaNs in the model output.",),
    ),
    (
        "target_val >= zero && target_val <= one",
        "binary_cross_entropy got a target outside [0, 1]",
        ("Targets for BCE must be probabilities in [0, 1]; check label preprocessing.",),
    ),
)

_CODES = {59: "CUDA < 10 numbering", 710: "CUDA >= 10 numbering"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    assertion = facts.get("assertion") or facts.get("bare_assertion")
    kernel = facts.get("kernel")
    code = facts.get("cuda_error_code")
    derived: dict[str, Any] = {}
    if isinstance(code, int) and code in _CODES:
        derived["cuda_error_numbering"] = _CODES[code]
    if not assertion:
        if code is None:
            return None
        return Explanation(
            text=(
                f"cudaErrorAssert (code {code}, {_CODES.get(code, 'unknown numbering')}): a kernel's bounds check failed. "
                "The 'Assertion ... failed' line printed by the kernel is not in this log; rerun on CPU or with "
                "CUDA_LAUNCH_BLOCKING=1 to see which operation and which input."
            ),
            fix=("CUDA_LAUNCH_BLOCKING=1 python train.py  (or run one batch on CPU for a Python-level IndexError)",),
            derived=derived,
        )
    where = f" in kernel {kernel}" if kernel else ""
    for needle, meaning, fix in _KNOWN:
        if needle in str(assertion):
            derived["meaning"] = meaning
            return Explanation(
                text=f"The assertion `{assertion}` failed{where}: {meaning}.",
                fix=fix,
                derived=derived,
            )
    return Explanation(
        text=f"The assertion `{assertion}` failed{where}: an input to that kernel violated the bound it checks.",
        fix=("Run the same batch on CPU to get a Python-level error naming the bad value.",),
        derived=derived,
    )
