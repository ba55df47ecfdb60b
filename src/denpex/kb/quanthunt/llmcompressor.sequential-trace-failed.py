"""Computed diagnosis for llmcompressor.sequential-trace-failed: tracing vs execution, and the inner error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    inner = str(facts.get("inner") or "")
    if sig == "trace-control-flow":
        text = ("torch.fx could not trace the model's forward for llm-compressor's SequentialPipeline: it branches on a "
                "tensor value, so calibration never started.")
        fix = ("Upgrade llmcompressor and transformers together (the model's example in llm-compressor/examples).",
               "Add the untraceable module (vision tower, custom block) to ignore and set sequential_targets to the "
               "decoder layer class, or use pipeline='basic'.")
        return Explanation(text=text, fix=fix, derived={"stage": "tracing"})
    if sig == "subgraph-execution-failed":
        if inner and inner not in ("RuntimeError",):
            text = (f"A traced subgraph raised {inner} while running calibration data; llm-compressor re-raised it as "
                    f"'Raised an exception during execution of the following code'. The {inner} above is the cause.")
        else:
            text = ("A traced subgraph failed while running calibration data; the exception chained above the generated "
                    "code listing is the cause.")
        fix = ("Read the first exception above the listing; shape/device errors usually mean calibration batches differ "
               "from the traced sample (pad/truncate to one max_seq_length, keep one device).",
               "Upgrade llmcompressor/transformers, or ignore the failing module / use pipeline='basic'.")
        return Explanation(text=text, fix=fix, derived={"stage": "execution"})
    return None
