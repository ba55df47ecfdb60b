"""Computed diagnosis for megatron.checkpoint-args-mismatch: which argument differs and how to reconcile it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SHAPE = {"num_layers", "hidden_size", "num_attention_heads", "ffn_hidden_size", "num_query_groups",
          "max_position_embeddings", "kv_channels", "add_position_embedding"}


def _int(s: Any) -> int | None:
    try:
        return int(str(s).strip())
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("arg_name") or "")
    ck, cur = facts.get("ckpt_value"), facts.get("arg_value")
    if not name:
        return None
    derived: dict[str, Any] = {}
    if name == "padded_vocab_size":
        a, b = _int(ck), _int(cur)
        text = f"The checkpoint's embedding has {ck} rows, this run pads the vocab to {cur}."
        if a and b:
            derived["vocab_difference"] = b - a
            mults = [m for m in (128, 256, 512, 1024) if b % m == 0 and a % m != 0]
            if mults:
                text += (f" {b} is a multiple of {mults[0]} but {a} is not: the run pads to make_vocab_size_divisible_by x "
                         "tensor_model_parallel_size, so its TP size, divisible-by value or tokenizer (extra ids) differ from the checkpoint's.")
        fix = ("Use the TP size, --make-vocab-size-divisible-by and tokenizer (incl. extra ids) of the checkpoint,",
               "or convert/reshard the checkpoint to this TP with the same padding (tools/checkpoint convert).")
    elif name in ("tensor_model_parallel_size", "pipeline_model_parallel_size"):
        text = f"The checkpoint is sharded for {name}={ck}; this run uses {cur}."
        fix = (f"Reshard first: tools/checkpoint/convert.py ... --target-{name.split('_model')[0].replace('_', '-')}-parallel-size {cur}",
               f"or launch with {name}={ck}.")
    elif name in ("make_vocab_size_divisible_by", "tokenizer_type", "vocab_file"):
        text = f"The checkpoint was trained with {name}={ck}; this run sets {cur}, which changes the vocabulary/embedding."
        fix = (f"Set --{name.replace('_', '-')} {ck} (as at save time).",)
    elif name in _SHAPE:
        text = f"The checkpoint's model has {name}={ck}, the launch script builds {name}={cur}: a different model size."
        fix = (f"Set --{name.replace('_', '-')} {ck} (or pass --use-checkpoint-args to take all shape args from the checkpoint).",)
    else:
        text = f"Saved argument {name}={ck} differs from this run's {cur}."
        fix = (f"Launch with --{name.replace('_', '-')} {ck}, or --use-checkpoint-args.",)
    return Explanation(text=text, fix=fix, derived=derived)
