"""Computed diagnosis for python.assertion-error-user: the asserted condition read from the failing line, the
message, and what that kind of check means in ML research code (GPU present, files found, shapes equal,
configuration consistent)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def _split_condition(code: str) -> tuple[str, str]:
    """'assert cond, msg' -> (cond, msg expression); handles assert(cond) and a trailing comment."""
    body = code.strip()
    if body.startswith("raise AssertionError"):
        return "", body[len("raise AssertionError"):].strip().strip("()")
    body = re.sub(r"^assert\b\s*", "", body)
    depth = 0
    quote = ""
    for i, c in enumerate(body):
        if quote:
            if c == quote:
                quote = ""
            continue
        if c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "#" and depth == 0:
            return body[:i].strip().rstrip(","), ""
        elif c == "," and depth == 0:
            return body[:i].strip(), body[i + 1:].strip()
    cond = body.strip()
    if cond.startswith("(") and cond.endswith(")") and cond.count("(") == cond.count(")"):
        inner = cond[1:-1]
        if inner.count("(") == inner.count(")"):
            cond = inner.strip()
    return cond, ""


def _kind(cond: str, msg: str) -> tuple[str, str, str]:
    low = (cond + " " + msg).lower()
    if re.search(r"cuda\.is_available|use_cuda|device_count\(\)|gpu_ids|\bcuda\b", low):
        return (
            "no usable GPU",
            "The check requires CUDA: torch in this environment cannot use a GPU - a CPU-only torch wheel (torch.version.cuda is None), no NVIDIA driver / GPU on this machine, or CUDA_VISIBLE_DEVICES hiding all GPUs.",
            "Install a CUDA build of torch that matches the driver (pip install torch --index-url https://download.pytorch.org/whl/cu121, pick your CUDA), check nvidia-smi and CUDA_VISIBLE_DEVICES; or run the code's CPU option if it has one (e.g. --gpu_ids -1).",
        )
    if re.search(r"world_size|mp=|model_parallel|num_shards|len\(checkpoints\)|len\(ckpt", low) and re.search(r"world|mp|shard|parallel", low):
        return (
            "checkpoint shards vs world size",
            "The number of checkpoint files/shards found must equal the number of processes (model-parallel size). A count of 0 means the checkpoint directory is empty or wrong; another number means launching with the wrong --nproc_per_node.",
            "Point the checkpoint directory at the downloaded weights (ls it: it must contain the *.pth shards), and launch with torchrun --nproc_per_node equal to the number of shards.",
        )
    if re.search(r"os\.path\.(?:exists|isfile|isdir)|\.exists\(\)|\.is_file\(\)|\.is_dir\(\)|not found|no such|does not exist|doesn't exist", low):
        return (
            "a file or directory is missing",
            "The code checks that a path exists; the path it built does not exist from this working directory (data or weights not downloaded, another folder layout, a relative path resolved from elsewhere).",
            "Print os.path.abspath(<path>) at the assert; download/extract the file there or pass the correct path (and run from the directory the README uses).",
        )
    if not cond and re.search(r"\b(?:are|is) different\b|\bdiffer(?:s|ent)?\b|\bmismatch|\bdo(?:es)? not match\b|\bnot equal\b", low):
        return (
            "two sets disagree",
            "The code requires two things to agree (the number of files of each kind, a config value vs what the data or checkpoint provides); they differ in this run - often a preprocessing step that was skipped or produced fewer outputs for one kind.",
            "Count both sides (ls | wc -l per folder, or print both values) and redo the step that produced the smaller side.",
        )
    if re.search(r"len\([^)]*\)\s*(?:>|>=|!=)\s*[01]\b|len\([^)]*\)\s*>\s*0|^len\(|^\w+$|glob|listdir|ckpt|checkpoint|files|images|paths|samples|found", low):
        return (
            "nothing was found",
            "The code checks that a list (files, checkpoints, images, samples) is not empty; the search found nothing - the glob or directory points at the wrong place or the data/weights are not there.",
            "Print the directory/glob pattern used to build the list and ls it; fix the path (relative paths depend on the working directory) or download the missing files.",
        )
    if re.search(r"\.shape|\.size\(|\.ndim|\.dim\(\)|len\(\w+\.shape\)|channels|resolution|img_size|image_size|seq_len|max_len", low):
        return (
            "a shape mismatch",
            "The code checks tensor/array shapes: the input has another size, number of channels, sequence length or layout than the model expects (e.g. image resolution not matching the config, grayscale vs RGB, batch-first vs not).",
            "Print the shapes on both sides; resize/pad the inputs or set the matching size options (image size, channels, max length) in the config.",
        )
    if re.search(r"dtype|float16|bfloat16|float32|half\b", low):
        return (
            "a dtype mismatch",
            "The code checks a dtype: tensors or the model are in another precision than this path supports.",
            "Cast the inputs/model to the dtype the check expects, or pick the precision option the code supports.",
        )
    if re.search(r"isinstance\(", low):
        return (
            "an object of another type",
            "The code checks an object's type: it received another type than it was written for (a list instead of a tensor, a str path instead of a loaded object, another model class).",
            "Print type(<object>) at the assert and pass the expected type.",
        )
    if re.search(r"is not none|!= none", low):
        return (
            "a value is None",
            "The code checks that a value was set; it is None - an option not given, or a load/lookup that returned nothing.",
            "Set the missing option (command line or config) or fix the step that should have produced the value.",
        )
    if re.search(r"version|__version__", low):
        return (
            "a version requirement",
            "The code checks a library or Python version; the installed one is outside what the code supports.",
            "Install the version the repository requires (see requirements.txt / README).",
        )
    if re.search(r"%\s*\w+\s*==\s*0|divisible", low):
        return (
            "a divisibility constraint",
            "The code requires one setting to be divisible by another (batch size by the number of GPUs or micro-batches, hidden size by the number of heads).",
            "Choose values that divide evenly (e.g. a global batch size that is a multiple of GPUs x micro-batch size).",
        )
    if re.search(r"\bin\s*[\[({]|\bin\s+\w+|\bnot in\b", low):
        return (
            "an unsupported option value",
            "The code checks that a setting is one of the values it implements; the given value is not among them (a typo, a name from another version of the code, or an unsupported mode).",
            "Use one of the values listed in the condition (see the code or README) for that option.",
        )
    if re.search(r"==|!=", low):
        return (
            "two settings disagree",
            "The code requires two values to be equal (a config value vs what the data/checkpoint/model provides); they differ in this run.",
            "Print both sides of the comparison; make the configuration match the data/checkpoint (or the reverse).",
        )
    if re.search(r"[<>]=?", low):
        return (
            "a value out of range",
            "The code checks that a value is within bounds; this run's value is outside them.",
            "Print the value and choose one within the asserted range.",
        )
    return (
        "an assumption of the code is false",
        "The asserted condition is false for this run: an environment, data, input or configuration assumption the code makes does not hold.",
        "Print each operand of the condition just before the assert and change the environment/data/config so it holds.",
    )


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("code") or "").strip()
    msg = str(facts.get("message") or "").strip()
    rf = raising_frame(facts)
    # Python < 3.11 shows only the LAST line of a multi-line assert ("), f'...'"): the condition is above it
    tail_only = bool(re.match(r"\)?, ?f?[\"']", code))
    cond, msg_expr = _split_condition(code) if code and not tail_only else ("", "")
    cause, text, fix = _kind(cond, msg)
    parts = []
    if cond:
        parts.append(f"The assert `{cond}` is false" + (f" at {rf.where}" if rf.where else "") + ".")
    elif tail_only:
        parts.append("A multi-line assert failed" + (f" at {rf.where}" if rf.where else "") + "; the traceback shows only its last "
                     "line (the message), so open the file at that line and read the condition on the lines above it.")
    elif code:
        parts.append(f"`{code}` raised AssertionError" + (f" at {rf.where}" if rf.where else "") + ".")
    if msg:
        parts.append(f"Its message: {msg}.")
    elif msg_expr:
        parts.append(f"(The assert has a message expression, {msg_expr}, printed empty.)")
    else:
        parts.append("It carries no message, so the condition is the whole error text.")
    if cond.endswith(("(", "[", "{")) or cond.count("(") > cond.count(")"):
        parts.append("The condition continues on the next source lines (the traceback shows only the first); open the file at that line to read it in full.")
    parts.append(text)
    if re.search(r"MP=0\b|\bfound 0\b|\b0 (?:checkpoints?|shards?|files?)\b", msg):
        parts.append("The message reports 0 checkpoint files: the directory it searched is empty or is not the one holding the weights.")
    parts.append("The check is in the project's own code (not an installed package), so the fix is in the environment, data, inputs or configuration it checks - not in a library.")
    shown = cond if len(cond) <= 80 else cond[:77] + "..."
    headline = (f"assert {shown} failed" if cond else "AssertionError in your code") + (f" at {rf.where}" if rf.where else "") + f": {cause}"
    if msg and len(msg) <= 100:
        headline += f" ({msg})"
    return Explanation(text=" ".join(parts), fix=(fix,), derived={"headline": headline, "condition": cond} if cond else {"headline": headline})
