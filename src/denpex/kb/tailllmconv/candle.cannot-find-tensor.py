"""Computed diagnosis for candle.cannot-find-tensor: read the missing tensor's name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _doubled_prefix(name: str) -> str | None:
    parts = name.split(".")
    for size in range(1, len(parts) // 2 + 1):
        for i in range(len(parts) - 2 * size + 1):
            if parts[i:i + size] == parts[i + size:i + 2 * size] and not parts[i].isdigit():
                return ".".join(parts[i:i + size])
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("tensor")
    if not isinstance(name, str) or not name:
        return None
    leaf = name.rsplit(".", 1)[-1]
    doubled = _doubled_prefix(name)
    if name in ("lm_head.weight", "output.weight") or name.endswith(".lm_head.weight"):
        diagnosis = "tied embeddings: no separate output head in the file"
        text = (f"'{name}' is the output projection. Checkpoints with tie_word_embeddings=true (Llama 3.2 1B/3B, Gemma, "
                "small Qwen) do not store it; the head must reuse the token-embedding matrix.")
        fix = ("grep tie_word_embeddings config.json",
               "Build lm_head from the embedding weights when the tensor is absent, or update candle-transformers.")
    elif doubled:
        diagnosis = f"prefix '{doubled}' applied twice"
        text = f"The path repeats '{doubled}': the caller and the model code both add it (vb.pp(\"{doubled.split('.')[0]}\") twice)."
        fix = (f"Remove one vb.pp(...) so the path starts with a single '{doubled}.'.",)
    elif leaf in ("running_mean", "running_var", "num_batches_tracked"):
        diagnosis = "BatchNorm buffers missing"
        text = (f"'{name}' is a BatchNorm buffer: the safetensors file was written from parameters only or with other "
                "layer names than the Rust model.")
        fix = ("Export with safetensors.torch.save_file(model.state_dict(), 'model.safetensors') and keep the original key names.",)
    else:
        top = name.split(".", 1)[0]
        diagnosis = f"file has no tensors under '{top}.'" if "." in name else "tensor name not in the file"
        text = (f"The model code asked for '{name}'. Check whether the file holds any key starting with '{top}.': if not, "
                "it is another model/variant or uses another prefix; if yes, a shard is missing or the naming changed.")
        fix = (f"python -c \"from safetensors import safe_open; f=safe_open('model.safetensors','pt'); print([k for k in f.keys() if k.startswith('{top}')][:5])\"",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
