"""Computed diagnosis for hf.missing-weights: which file is missing where, and what the directory name suggests
(shard without index, LoRA adapter, DeepSpeed checkpoint, quantized export, tokenizer-only folder)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    if facts.get("_signature") == "hub-entry-not-found" and g.get("repo_id") and g.get("filename"):
        repo, fn, rev = g["repo_id"], g["filename"], g.get("revision", "main")
        text = (f"The Hub repository {repo} (revision {rev}) has no file {fn}: hf_hub_download got 404 Entry Not Found. "
                "The code or config asks for a filename the repo does not ship")
        if fn.endswith(".ckpt"):
            text += " (a Lightning .ckpt path, while the repo holds Hub-format weights such as model.safetensors / config.json)"
        text += "."
        fix = (f"Look at https://huggingface.co/{repo}/tree/{rev} and request a file that exists there,",
               "or use the loader/config meant for Hub-format checkpoints (from_pretrained) instead of a checkpoint_path to a file,",
               "or point the config at a local checkpoint file you trained yourself.")
        return Explanation(text=text, fix=fix, derived={"what": f"{fn} is not in the repo", "where": repo})
    where = g.get("directory") or g.get("repo_id")
    if not where and g.get("filenames"):
        where = "the model directory (path not printed)"
    if not where:
        return None
    filename = g.get("filename", "")
    other = g.get("other_format", "")
    parts: list[str] = []
    fix: list[str] = []
    low = where.lower()
    is_local = "directory" in g or where.startswith(("/", ".", "~")) or "\\" in where or re.match(r"^[A-Za-z]:", where) is not None
    if g.get("shard_note"):
        what = f"shard {filename} listed in the index is missing"
        parts.append(f"The checkpoint index of {where} lists {filename}, but that shard is not there: the download or copy was interrupted or filtered.")
        fix.append(f"Re-download the missing shard(s): hf download <repo_id> {filename} --local-dir <dir> (or the whole snapshot), and compare the shards on disk with the index's weight_map.")
    elif "TensorFlow" in other or "Flax" in other:
        fw = "TensorFlow" if "TensorFlow" in other else "Flax"
        what = f"only {fw} weights are present"
        parts.append(f"{where} has {fw} weights but no PyTorch/safetensors weights.")
        fix.append(f"Load with from_{'tf' if fw == 'TensorFlow' else 'flax'}=True (needs {fw} installed), then save_pretrained to get safetensors.")
    elif "variant" in other:
        what = "no file with the requested variant"
        parts.append(f"{where} has weights, but not with the variant= suffix that was requested.")
        fix.append("Drop variant= (or use the variant the repo actually provides, e.g. fp16).")
    elif "safetensors" in other:
        what = "use_safetensors=True but the repo has only .bin weights"
        parts.append(f"{where} has no safetensors weights, and use_safetensors=True forbids the .bin fallback.")
        fix.append("Remove use_safetensors=True, or convert the .bin weights to safetensors once and save them.")
    elif filename and not re.search(r"(\.bin|\.safetensors|\.h5|\.msgpack|\.ckpt|\.index)$", filename):
        what = f"{filename} is missing"
        parts.append(f"{where} has no {filename}. Trainer checkpoints and some exports do not save tokenizer/processor/generation files.")
        fix.append(f"Copy {filename} from the base model (or save it with processor/tokenizer.save_pretrained(<dir>)) into {where}.")
    else:
        what = "none of the standard weight files (or their .index.json) is there"
        parts.append(f"{where} has no pytorch_model.bin, model.safetensors or their sharded index.")
        if re.search(r"tokenizer", low):
            parts.append("The path looks like a tokenizer-only folder.")
            fix.append("Point the model path at the directory that holds the weights, not at the tokenizer folder.")
        if re.search(r"gptq|awq|exl2|4bit|8bit|int4|int8|gguf|ggml", low):
            parts.append("The name suggests a quantized export, whose weight files are named differently and need their own loader.")
            fix.append("Load it with the library of its format (gptqmodel/auto-gptq, autoawq, exllamav2, llama.cpp, or transformers with gguf_file=...).")
        if re.search(r"checkpoint-\d+|global_step|zero", low):
            parts.append("The name looks like a training checkpoint: with DeepSpeed ZeRO-3 it may hold only partitioned states (global_step*/), and a LoRA run saves only adapter_model.safetensors.")
            fix.append("DeepSpeed: python <checkpoint>/zero_to_fp32.py <checkpoint> <out_dir>; LoRA: AutoPeftModelForCausalLM.from_pretrained(<checkpoint>) or merge_and_unload().")
        if re.search(r"lora|adapter|peft", low):
            fix.append("This looks like a PEFT adapter: load the base model and attach it with PeftModel.from_pretrained(base, <dir>).")
        fix.append(f"List the directory (ls -la {where}); if shards model-0000x-of-0000N.safetensors are there, restore model.safetensors.index.json from the original repo.")
        fix.append("Otherwise re-download the complete snapshot: hf download <repo_id> --local-dir <dir>.")
    if not is_local and not g.get("shard_note") and not fix:
        fix.append(f"Check the files at https://huggingface.co/{where}/tree/main.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what, "where": where})
