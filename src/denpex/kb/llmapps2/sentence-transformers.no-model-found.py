"""Computed diagnosis for sentence-transformers.no-model-found: expected for base encoders, suspicious for embedding models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BASE = ("bert-base", "bert-large", "roberta-", "modernbert", "deberta", "distilbert", "xlm-roberta", "electra", "albert", "mpnet-base")
_CLS = ("bge-", "gte-", "arctic-embed", "mxbai-embed")
_EMBED = _CLS + ("e5-", "m3e", "minilm", "all-mpnet", "sentence-t5", "instructor", "multilingual-e5", "nomic-embed", "jina-embeddings", "paraphrase-", "multi-qa-", "text2vec")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "")
    if not model:
        return None
    low = model.lower().rsplit("/", 1)[-1]
    if any(low.startswith(b) or b in low for b in _BASE) and not any(e in low for e in _EMBED):
        return Explanation(
            text=f"'{model}' is a base encoder, not a sentence-transformers model: adding mean pooling is the expected first step of training an embedding model from it.",
            fix=("Nothing to do if you are fine-tuning; to use another pooling build the modules explicitly (models.Transformer + models.Pooling).",),
        )
    if any(e in low for e in _EMBED):
        pool = "CLS" if any(c in low for c in _CLS) else "the model card's"
        return Explanation(
            text=(f"'{model}' looks like a published embedding model, but no modules.json was found: the copy is incomplete or the path "
                  f"points to the wrong folder, and mean pooling may differ from its {pool} pooling."),
            fix=(f"Download the full repo (huggingface-cli download {model}) so modules.json, 1_Pooling/ and 2_Normalize/ come along.",
                 f"Or configure {pool} pooling and normalize_embeddings=True as its model card says."),
        )
    return Explanation(
        text=f"'{model}' has no sentence-transformers config, so it was wrapped with mean pooling.",
        fix=("Expected for a plain Transformers encoder; for a ready-made embedding model check that modules.json was downloaded.",),
    )
