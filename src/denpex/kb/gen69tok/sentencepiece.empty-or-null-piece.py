"""Computed diagnosis for sentencepiece.empty-or-null-piece: abort on load vs 0.2.2 validation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("darts_error") or "")
    if err == "piece must not include null character":
        return Explanation(
            text=("sentencepiece 0.2.2+ rejected a piece containing a NUL byte while loading. Models with a single "
                  "'\\x00' piece loaded with 0.2.1 and older; the check is new, the model did not change."),
            fix=("Pin sentencepiece==0.2.1 for this model, or rewrite that piece in the ModelProto (e.g. '<0x00>') and save it again.",),
            derived={"diagnosis": "a piece contains a NUL byte (rejected since sentencepiece 0.2.2)"},
        )
    if err == "invalid null character":
        diagnosis = "a piece contains a NUL byte (darts trie build aborted)"
    else:
        diagnosis = "a piece is empty (darts trie build aborted)"
    return Explanation(
        text=("darts-clone could not insert a piece into the trie and the uncaught exception aborted the process "
              "(no Python traceback). An empty or NUL piece was written into the .model file by a converter, a "
              "vocabulary-editing script or a trainer fed text with NUL bytes."),
        fix=("List pieces that are '' or contain '\\x00' with sentencepiece_model_pb2 and replace or remove them, then re-save the model.",),
        derived={"diagnosis": diagnosis},
    )
