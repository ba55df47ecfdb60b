"""Computed diagnosis for llamacpp.ggml-assert: what the failed condition protects and the option that satisfies it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substring of the condition, kind, explanation, fixes)
_KNOWN = (
    (("n_ubatch >= n_tokens", "n_tokens_all <= cparams.n_batch", "n_batch >= params.n_ctx", "n_tokens <= n_batch"),
     "batch too small for the input",
     "The input (typically an embedding or rerank request) has more tokens than the batch: non-causal models must see the whole input in one physical batch (-ub), and it must also fit the logical batch (-b).",
     ("Restart with -b and -ub at least the longest input in tokens (e.g. -b 8192 -ub 8192), keeping -b equal to -ub for embedding models; or truncate inputs in the client.",)),
    (("seq_id < n_tokens",),
     "pooled embeddings with short inputs",
     "Pooled embeddings with several sequences per batch hit a bookkeeping limit when an input has fewer tokens than sequences; a bug in older builds.",
     ("Upgrade llama.cpp / Ollama; as a workaround run with -np 1 or avoid very short inputs.",)),
    (("i01 >= 0 && i01 < ne01",),
     "row index out of range",
     "get_rows read a row outside the tensor: a token id larger than the model's vocabulary (tokenizer/model mismatch) or a batch layout the build mishandles (often with a large -ub in embedding mode).",
     ("Check that the tokenizer matches the model (re-convert or re-download the GGUF); upgrade llama.cpp; try the default -ub.",)),
    (("ggml_blck_size", "type_k", "type_v", "n_embd_head"),
     "KV cache type not compatible",
     "The KV cache quantization type does not divide the model's head size, or a quantized V cache is used without flash attention.",
     ("Drop -ctk/-ctv (use the f16 cache) or use q8_0 with -fa on; in Ollama unset OLLAMA_KV_CACHE_TYPE or set OLLAMA_FLASH_ATTENTION=1.",)),
    (("mem_buffer != NULL", "not enough space in the buffer", "not enough space in the context"),
     "allocation failed",
     "A ggml memory pool or buffer could not be allocated or was too small: host memory ran out, or an old build under-estimated a buffer.",
     ("Free host RAM or lower -c / -b; upgrade llama.cpp if the message is about a context memory pool.",)),
    (("ggml_can_mul_mat", "ggml_are_same_shape", "ggml_can_repeat", "ne[", "ne0", "ne1", "ggml_nelements"),
     "tensor shape mismatch",
     "Two tensors' shapes do not agree for an operation: the GGUF was converted for another implementation of the architecture, or this build mis-handles this model variant.",
     ("Upgrade llama.cpp / Ollama, or use a GGUF converted with the convert_hf_to_gguf.py of your version.",)),
    (("to_fp32", "to_fp16", "to_bf16"),
     "tensor type not supported by the backend",
     "The backend has no conversion kernel for one of the model's tensor types (typically a BF16 GGUF on a CUDA build or GPU without BF16 kernels).",
     ("Use an F16 or quantized GGUF of the model, or upgrade llama.cpp to a release with the kernel; running those layers on CPU (-ngl 0) also avoids it.",)),
    (("GGML_OP_", "op ==", "supports_op", "->type =="),
     "operator or type not supported",
     "The backend was asked to run an operator or tensor type it does not implement in this build.",
     ("Upgrade llama.cpp / Ollama; or run the layers on another backend (fewer -ngl, or a CPU/Vulkan build) to work around the missing kernel.",)),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cond = str(facts.get("condition") or "").strip()
    src = facts.get("source_file")
    line = facts.get("source_line")
    if not cond and not src:
        return None
    where = f"{os.path.basename(str(src).replace(chr(92), '/'))}:{line}" if src else "an unknown location"
    derived: dict[str, Any] = {"where": where}
    if cond == '!"CUDA error"' or (not cond and src):
        derived["kind"] = "abort after a CUDA error"
        return Explanation(text="GGML aborted after a CUDA error; the 'CUDA error: ...' line just above names it.", fix=("Read the CUDA error above the abort and fix that (out of memory: lower -ngl, -c, -ub).",), derived=derived)
    for needles, kind, text, fixes in _KNOWN:
        if any(n in cond for n in needles):
            derived["kind"] = kind
            return Explanation(text=f"GGML_ASSERT({cond}) failed in {where}. {text}", fix=fixes, derived=derived)
    derived["kind"] = "internal check"
    return Explanation(
        text=f"GGML_ASSERT({cond}) failed in {where}: an internal consistency check of llama.cpp; the condition is the only description of what went wrong.",
        fix=("Upgrade llama.cpp / Ollama (many asserts are fixed bugs for new models); search the llama.cpp issues for the exact condition text.",
             "Retry without optional features (-ctk/-ctv, -fa, speculative decoding, -np > 1) to find the option that triggers it, and report it with the command line and model."),
        derived=derived,
    )
