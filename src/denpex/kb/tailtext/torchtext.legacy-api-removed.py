"""Computed diagnosis for torchtext.legacy-api-removed: where the name lived and which pin restores it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPLACEMENT = {
    "Field": "a tokenizer function + torchtext.vocab.build_vocab_from_iterator (or a Counter) + a collate_fn that numericalizes and pads",
    "LabelField": "a dict label->index built from the training labels",
    "RawField": "the raw value passed through your Dataset",
    "NestedField": "a nested tokenize step in your Dataset",
    "ReversibleField": "your tokenizer's decode()",
    "BucketIterator": "DataLoader with a sampler that sorts by length within buckets, plus pad_sequence in collate_fn",
    "Iterator": "torch.utils.data.DataLoader",
    "BPTTIterator": "slicing a long token tensor into (bptt_len, batch) chunks",
    "TabularDataset": "pandas/csv reading into a map-style Dataset (or datasets.load_dataset('csv'))",
    "Example": "plain dicts/tuples in your Dataset",
    "Dataset": "torch.utils.data.Dataset",
    "Batch": "the tuple returned by your collate_fn",
    "Pipeline": "plain functions applied in __getitem__",
    "TranslationDataset": "datasets.load_dataset / torchtext.datasets.Multi30k (0.12+ iterable API)",
    "LanguageModelingDataset": "datasets.load_dataset('wikitext', ...)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    name = str(facts.get("name") or "")
    if sig in ("legacy-module-missing", "legacy-attribute-missing"):
        return Explanation(
            text=("torchtext.legacy existed only in torchtext 0.9-0.11 and was deleted in 0.12: this torchtext is 0.12 or "
                  "newer."),
            fix=("pip install torch==1.10.2 torchtext==0.11.2  (Python <= 3.9) to keep torchtext.legacy imports",
                 "or port the pipeline to DataLoader + build_vocab_from_iterator"),
            derived={"diagnosis": "torchtext >= 0.12, legacy deleted"},
        )
    if not name:
        return None
    repl = _REPLACEMENT.get(name, "plain Dataset/DataLoader code")
    text = (f"torchtext.{facts.get('module', 'data')}.{name} belongs to the legacy API: importable from torchtext.data up "
            f"to 0.8.x, from torchtext.legacy.data in 0.9-0.11, and gone since 0.12.")
    fix = (f"Quick pin: pip install torch==1.10.2 torchtext==0.11.2 and 'from torchtext.legacy.data import {name}' "
           "(or torch==1.7.1 torchtext==0.8.1 with the original import).",
           f"Port: replace {name} with {repl}.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"legacy {name} removed"})
