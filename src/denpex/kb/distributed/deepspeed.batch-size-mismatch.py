"""Computed diagnosis for deepspeed.batch-size-mismatch: the batch arithmetic and the values that satisfy it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _int(v: Any) -> int | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return None


def _assertion(t: int, m: int, g: int, w: int, parts: list[str], fix: list[str], derived: dict[str, Any]) -> None:
    product = m * g * w
    derived["expected_train_batch"] = product
    parts.append(
        f"DeepSpeed computed micro batch {m} x accumulation {g} x data-parallel world size {w} = {product}, "
        f"but train_batch_size is {t}."
    )
    per_step = m * w
    if w == 1 and t > m * g and t % (m * g) == 0:
        gpus = t // (m * g)
        derived["config_written_for_gpus"] = gpus
        derived["what"] = f"launch {gpus} processes or set train_batch_size to {m * g}: world_size is 1 but {t} = {m} x {g} x {gpus}"
        parts.append(
            f"train_batch_size {t} = {m} x {g} x {gpus}: the config was written for {gpus} data-parallel GPUs, "
            "yet this process sees a world size of 1. Either the job really runs on one GPU, or each process "
            "initialised torch.distributed alone (started with python or mpirun without the launcher's RANK/WORLD_SIZE)."
        )
        fix.append(f"Launch all {gpus} processes through a launcher: deepspeed --num_gpus {gpus} train.py ... or torchrun --nproc_per_node {gpus} train.py ...")
        fix.append(f"Or, to really train on one GPU, set train_batch_size to {m * g} (or \"auto\" with the HF Trainer).")
        return
    if t > 0 and per_step > 0 and t % per_step == 0:
        right_g = t // per_step
        derived["what"] = f"set gradient_accumulation_steps to {right_g} or train_batch_size to {product} ({t} != {m} x {g} x {w})"
        fix.append(f"Keep micro batch {m} on {w} GPUs and set gradient_accumulation_steps to {right_g} ({m} x {right_g} x {w} = {t}).")
        fix.append(f"Or keep accumulation {g} and set train_batch_size to {product}.")
    elif t > 0 and per_step > 0:
        lo_g = t // per_step
        hi_g = lo_g + 1
        lo, hi = lo_g * per_step, hi_g * per_step
        derived["nearest_valid_train_batch"] = [v for v in (lo, hi) if v > 0]
        derived["what"] = f"set train_batch_size to {' or '.join(str(v) for v in (lo, hi) if v > 0)}: {t} is not a multiple of micro batch {m} x world size {w} = {per_step}"
        parts.append(
            f"{t} is not a multiple of micro batch x world size = {m} x {w} = {per_step}, so no whole number of "
            f"accumulation steps fits; integer division gives {lo_g}" + (f" ({lo_g} x {per_step} = {lo})." if lo_g else ".")
        )
        options = [f"{hi} (accumulation {hi_g})"]
        if lo_g > 0:
            options.insert(0, f"{lo} (accumulation {lo_g})")
        fix.append(f"Set train_batch_size to a multiple of {per_step}: " + " or ".join(options) + ".")
        if w > 1:
            fix.append("Or run on a GPU count that divides train_batch_size / micro batch.")
    else:
        derived["what"] = f"{t} != {m} x {g} x {w}"
    fix.append("With the HF Trainer / Accelerate, set the three batch values to \"auto\" in ds_config.json so they follow the command line.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    t = _int(facts.get("train_batch"))
    m = _int(facts.get("micro_batch"))
    g = _int(facts.get("grad_acc"))
    w_raw = facts.get("world_size")
    w = _int(w_raw)
    ds_t = _int(facts.get("ds_train_batch"))
    hf_t = _int(facts.get("hf_train_batch"))
    zero = facts.get("zero_value")

    if t is not None and m is not None and g is not None and w is not None:
        _assertion(t, m, g, w, parts, fix, derived)
    elif t is not None and m is not None and g is not None and isinstance(w_raw, float):
        derived["what"] = f"{t} != {m} x {g} x {w_raw}"
        parts.append(
            f"The data-parallel world size DeepSpeed derived is {w_raw}, not a whole number: the GPU count is not "
            "divisible by the sequence/tensor/pipeline-parallel size."
        )
        fix.append("Use a GPU count divisible by the model-parallel sizes, then set train_batch_size = micro x accumulation x (GPUs / model-parallel size).")
    elif ds_t is not None and hf_t is not None:
        derived["what"] = f"set train_batch_size to \"auto\" (ds_config {ds_t} vs Trainer {hf_t})"
        parts.append(
            f"ds_config.json sets train_batch_size {ds_t} while the Trainer computes {hf_t} "
            "(per_device_train_batch_size x gradient_accumulation_steps x GPUs)."
        )
        if hf_t and ds_t % hf_t == 0 and ds_t > hf_t:
            parts.append(f"The config is {ds_t // hf_t}x larger: it was probably written for {ds_t // hf_t}x more GPUs or a larger per-device batch.")
        fix.append('Set "train_batch_size": "auto" (and the micro batch / accumulation keys) in ds_config.json, or change the Trainer arguments to match.')
    elif zero:
        derived["what"] = f"{zero} derived as 0: make train_batch_size >= micro batch x accumulation x GPUs"
        if zero == "Gradient accumulation steps":
            parts.append(
                "DeepSpeed derived gradient_accumulation_steps = train_batch_size // micro_batch // world_size and got 0: "
                "train_batch_size is smaller than micro batch x number of GPUs."
            )
            fix.append("Raise train_batch_size to at least micro batch x GPUs, or lower the micro batch, or give gradient_accumulation_steps explicitly.")
        elif zero == "Micro batch size per gpu":
            parts.append(
                "DeepSpeed derived train_micro_batch_size_per_gpu = train_batch_size // world_size // accumulation and got 0: "
                "train_batch_size is smaller than GPUs x accumulation steps (or a trainer passed 0)."
            )
            fix.append("Set train_micro_batch_size_per_gpu explicitly (>= 1) and make train_batch_size = micro x accumulation x GPUs.")
        elif _int(facts.get("gpu_count")) == 0:
            derived["what"] = "Train batch size derived as 0 because 0 GPUs were found"
            parts.append(
                "The launcher counted 0 GPUs (Total number of GPUs determined to be: 0), so train_batch_size = micro batch x "
                "accumulation x GPUs = 0: no CUDA device is visible to this process (no CUDA runtime / driver, CPU-only torch, "
                "CUDA_VISIBLE_DEVICES empty, or a container started without --gpus)."
            )
            fix.append("Make the GPUs visible first: nvidia-smi, python -c 'import torch; print(torch.cuda.device_count())' must be > 0 (install a CUDA build of torch, run the container with --gpus all).")
            fix.append("GPT-NeoX needs GPUs; the batch settings are fine once GPUs are counted.")
        else:
            parts.append("train_batch_size resolved to 0 or less: a config or command-line value is 0.")
            fix.append("Set train_batch_size (or micro batch and accumulation) to positive values, or \"auto\" with a trainer.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
