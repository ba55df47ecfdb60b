"""Computed diagnosis for python.zero-division: the divisor read from the failing line (the operand right of
/, //, % or /=) and what usually makes that kind of count 0 in training code."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_OP = re.compile(r"(?<![/*])(//=?|/=?|%=?)(?![/=]?\*)")


def _operand(code: str, start: int) -> str:
    """The expression right of an operator: a parenthesised group, or a dotted name with calls/indexes."""
    i = start
    n = len(code)
    while i < n and code[i] == " ":
        i += 1
    begin = i
    depth = 0
    while i < n:
        c = code[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and not (c.isalnum() or c in "_.'\""):
            break
        i += 1
        if depth == 0 and begin < i and code[begin] == "(" and c == ")":
            break
    return code[begin:i].strip()


def _divisor(code: str) -> tuple[str, str]:
    """(operator, divisor) of the first division whose right operand is not a non-zero literal."""
    if "#" in code:
        code = code.split("#", 1)[0]
    for m in _OP.finditer(code):
        # skip operators inside string literals (paths, format strings)
        if code[: m.start()].count("'") % 2 or code[: m.start()].count('"') % 2:
            continue
        d = _operand(code, m.end())
        if not d or re.fullmatch(r"[0-9]*\.?[0-9]+(?:e-?[0-9]+)?", d) and float(d) != 0:
            continue
        return m.group(1).rstrip("="), d
    return "", ""


def _kind(div: str, code: str, ffunc: str) -> tuple[str, str, str]:
    """(short cause, explanation, fix) for a divisor expression."""
    low = div.lower()
    whole = code.lower()
    if re.search(r"\bbatch|bs\b|per_gpu|per_device", low) and "len(" in low:
        return (
            "fewer samples than one batch",
            f"{div} is 0: the number of samples is smaller than the batch size (integer division rounds it down to 0), or the data is empty.",
            "Lower batch_size (and gradient accumulation / number of GPUs) below the number of samples, or compute with math.ceil; first check that the dataset size printed is what you expect.",
        )
    if re.search(r"len\(|\.__len__|num_samples|n_samples|dataset_size|num_examples|num_images|num_files", low):
        return (
            "an empty dataset/loader",
            f"{div} is 0: the collection it measures is empty - the dataset or DataLoader found no samples (a wrong data path or split, files with another extension, data not downloaded/extracted, or a filter that removed everything)"
            + (", or a DataLoader with drop_last=True over fewer samples than one batch" if re.search(r"loader|iter", low) and ".dataset" not in low else "") + ".",
            "Print the data path and len(dataset) right after it is built; point the script at the real data (absolute path, right split/extension) and re-check after each filter.",
        )
    if re.search(r"warmup", low):
        return (
            "zero warmup steps",
            f"{div} is 0: the schedule divides by the warmup length, which is configured (or computed from a ratio of a small step count) as 0.",
            "Set warmup steps to at least 1 (or use a schedule without warmup), and check the total step count the ratio is applied to.",
        )
    if re.search(r"steps?_per_epoch|epoch_size|steps_in_epoch|num_update_steps|iters?_per_epoch|num_batches|n_batches|batches_per|num_steps|total_steps|max_steps|accum", low):
        return (
            "zero steps per epoch",
            f"{div} is 0: the number of batches/optimizer steps per epoch rounded down to 0 - the dataset is empty or smaller than batch_size x gradient_accumulation_steps x number of GPUs.",
            "Check len(dataset) and len(dataloader); reduce batch_size / gradient_accumulation_steps / GPUs for a small dataset (or use math.ceil); fix the data path if the dataset is empty.",
        )
    if re.search(r"world_size|num_gpus|n_gpu|gpu_count|device_count|num_devices|ngpus", low):
        return (
            "zero GPUs/processes",
            f"{div} is 0: no GPU (or process) was counted - CUDA_VISIBLE_DEVICES is empty or torch sees no GPU, so a per-GPU quantity divides by 0.",
            "Check python -c 'import torch; print(torch.cuda.device_count())' in the same environment; run on a GPU node or make the code handle 0 GPUs.",
        )
    if re.search(r"time|elapsed|duration|dt\b|fps|sec", low):
        return (
            "zero elapsed time",
            f"{div} is 0: a timer measured no time (the step was skipped or the clock resolution is coarse), so a throughput/ETA computation divided by 0.",
            f"Divide by max({div}, 1e-9) in the logging code; if no step ran at all, the data loader is probably empty.",
        )
    if re.search(r"sample|count|cnt|total|\bn\b|num|seen|instances|correct|tp\b|pos|pred|gt|true|label", low):
        return (
            "a count of zero samples",
            f"{div} is 0: the loop that counts samples saw none (an empty evaluation set or loader, or no samples/predictions of some class), so the average or metric has no denominator.",
            f"Check that the evaluation data is not empty; guard the metric with max({div}, 1) or report it as undefined when the count is 0.",
        )
    if re.search(r"sum\(|norm|std|weights|scale|range|max\s*-|max\(|\bmax_|\bmin_", low):
        return (
            "a zero normaliser",
            f"{div} is 0: a sum, norm or range used to normalise is 0 (all-zero weights, a constant feature, a single value).",
            f"Guard the normalisation ({div} + eps or skip it when 0) and check the input that produced all zeros.",
        )
    if re.search(r"interval|every|freq|period|step\b", low) or re.search(r"%\s*" + re.escape(div), whole):
        return (
            "a zero interval",
            f"{div} is 0: an interval/frequency option used with % or / is set to 0 (often meaning 'never' in the config but not handled by the code).",
            f"Set {div.split('.')[-1]} to a positive value, or guard the check (if {div} and step % {div} == 0).",
        )
    return (
        f"{div} is 0",
        f"{div} evaluated to 0 here; find where it is computed and why that count or setting is 0 (often an empty data source or a configuration value of 0).",
        f"Print {div} and the values it is computed from just before this line; fix the producer, or guard the division.",
    )


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    problem = str(facts.get("problem") or "").strip()
    code = str(facts.get("code") or "").strip()
    rf = raising_frame(facts)
    op, div = _divisor(code) if code else ("", "")
    where = rf.where
    parts: list[str] = []
    fix: list[str] = []
    if "Weights sum to zero" in problem:
        parts.append("numpy.average was given weights that sum to 0 (all-zero weights, or a mask that selected nothing), so the weighted mean is undefined.")
        fix.append("Check the weights passed to np.average (e.g. sample counts per class); skip the average when weights.sum() == 0.")
        cause = "weights sum to zero"
    elif "negative power" in problem:
        parts.append("0.0 was raised to a negative power (x ** -k with x == 0), which is a division by zero.")
        fix.append("Guard the base (max(x, eps)) or check why the value is 0.")
        cause = "0 to a negative power"
    elif div:
        cause, text, f = _kind(div, code, rf.func)
        opname = {"//": "floor division", "%": "modulo", "/": "division"}.get(op, "division")
        parts.append(f"The divisor of the {opname} on the failing line is `{div}`" + (f" ({where})" if where else "") + f". Line: `{code}`.")
        parts.append(text)
        fix.append(f)
        if "//" in div and "len(" in div:
            parts.append("The divisor itself is a floor division: it is 0 whenever its left side is smaller than its right side (fewer samples than the batch size), not only when the data is empty.")
    else:
        cause = "a divisor is 0"
        parts.append(f"A division, floor division or modulo had a zero right operand ({problem or 'division by zero'})" + (f" at {where}" if where else "") + ".")
        if code:
            parts.append(f"Line: `{code}`.")
        parts.append("In training code the divisor is usually a count derived from the data (len(dataset), batches or steps per epoch, number of samples in a metric): the data is empty or smaller than one batch.")
        fix.append("Print the divisor and len(dataset) / len(dataloader) just before this line; fix the data path or filter, or lower the batch size for a small dataset.")
    if rf.pkg and cause:
        lib = rf.pkg
        if lib == "transformers" and re.search(r"steps_in_epoch|num_update_steps|len_dataloader", code):
            parts.append("The division is inside the transformers Trainer: it computes steps per epoch from len(train_dataloader), which is 0 for an empty dataset or unknown for an IterableDataset.")
            fix.append("Check len(train_dataset) > 0; for an IterableDataset (streaming) set max_steps in TrainingArguments.")
        else:
            parts.append(f"The division is inside {lib}: the zero comes from what your code passed to it (an empty dataset/loader, a 0-valued option).")
    headline = f"ZeroDivisionError ({problem or 'division by zero'})" + (f": `{div}` is 0" if div else "") + (f" at {where}" if where else "") + (f" - {cause}" if cause and not cause.endswith(" is 0") else "")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline, "divisor": div} if div else {"headline": headline})
