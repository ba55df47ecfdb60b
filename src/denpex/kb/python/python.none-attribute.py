"""Computed diagnosis for python.none-attribute: which expression was None (read from the failing source
line), what was done with it, and the usual producer of that None in ML code."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXPR = r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*|\[[^\[\]]{0,40}\]|\([^()]{0,60}\))*"
_PKG = re.compile(r"[/\\](?:site|dist)-packages[/\\](?P<pkg>[A-Za-z0-9_]+)")
_IMAGE_ATTRS = {"shape", "astype", "copy", "transpose", "reshape", "ndim", "size", "dtype", "resize", "convert", "crop", "mode"}
_STR_ATTRS = {"split", "strip", "lower", "upper", "replace", "startswith", "endswith", "encode", "decode", "format", "rstrip", "lstrip", "join"}
_TOKENIZER_ATTRS = {"from_pretrained", "tokenize", "encode", "batch_encode_plus", "encode_plus", "pad_token", "eos_token", "eos_token_id", "pad_token_id", "convert_tokens_to_ids", "apply_chat_template", "decode", "batch_decode"}
_STREAM_ATTRS = {"write", "flush", "isatty", "fileno", "buffer", "encoding", "readline"}
_MODEL_ATTRS = {"to", "cuda", "eval", "train", "parameters", "generate", "forward", "config", "state_dict", "load_state_dict", "named_parameters", "half"}


def _none_expr(code: str, attr: str, problem: str) -> str:
    if attr:
        m = re.search(rf"({_EXPR})\.{re.escape(attr)}\b", code)
        return m.group(1) if m else ""
    if "unpack" in problem or ("iterable" in problem and "argument of type" not in problem):
        m = re.search(rf"=\s*({_EXPR})\s*$", code) or re.search(rf"\bin\s+({_EXPR})\s*:", code)
        return m.group(1) if m else ""
    if "subscriptable" in problem or "item" in problem:
        m = re.search(rf"({_EXPR}?)\[", code)
        return m.group(1) if m else ""
    if "callable" in problem:
        m = re.search(rf"({_EXPR}?)\(", code)
        return m.group(1) if m else ""
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    problem = str(facts.get("problem") or "")
    operator = str(facts.get("operator") or "")
    code = str(facts.get("code") or "").strip()
    ffile = str(facts.get("frame_file") or "").replace("\\", "/")
    fline = facts.get("frame_line")
    ffunc = str(facts.get("frame_func") or "")
    pm = _PKG.search(ffile)
    pkg = pm.group("pkg") if pm else ""
    where = f"{ffile.rsplit('/', 1)[-1]}:{fline} in {ffunc}" if ffile and fline else ""
    expr = _none_expr(code, attr, problem)
    low = code.lower()
    if attr:
        did = f"reading .{attr}"
    elif operator:
        did = f"the {operator} operator ({problem})"
    elif "unpack" in problem:
        did = "unpacking it into several variables"
    elif "subscriptable" in problem:
        did = "indexing it ([...])"
    elif "callable" in problem:
        did = "calling it"
    elif "PathLike" in problem or "path should be" in problem:
        did = "using it as a file path"
    elif "argument must be a string" in problem:
        did = f"converting it with {problem.split('(', 1)[0]}()"
    else:
        did = problem or "using it"
    subject = f"`{expr}`" if expr else "a value"
    headline = f"{subject} is None ({did})" + (f" at {where}" if where else "")
    parts = [f"{subject[0].upper() + subject[1:]} was None when the code tried {did}" + (f" at {where}" + (f" (package {pkg})" if pkg else "") if where else "") + "."]
    if code:
        parts.append(f"Line: `{code}`.")
    fix: list[str] = []
    cause = ""
    frozen = str(facts.get("frozen_script") or "")
    if attr in _STREAM_ATTRS and (frozen or re.search(r"\bsys\.(?:stdout|stderr|stdin)\b|\b(?:stdout|stderr)\b", code)):
        cause = "sys.stdout/sys.stderr is None in a windowed program"
        parts.append(
            f"Writing to a console stream (.{attr}) failed because the stream is None: a program started without a console "
            "(a PyInstaller build made with --noconsole/--windowed, pythonw.exe, a GUI launcher) has sys.stdout and sys.stderr set to None, "
            "and a library that prints progress (tqdm, whisper/ctranslate2 loggers, print) writes to them."
            + (f" The app is a PyInstaller build (script '{frozen}')." if frozen else "")
        )
        fix.append("Run the console build of the app (or start it from a terminal with python instead of pythonw), or update the app: "
                   "frozen apps should set sys.stdout/sys.stderr to a file or os.devnull when they are None before importing libraries that print.")
    elif "imread" in low or (attr in _IMAGE_ATTRS and re.search(r"\b(?:img|image|im|frame|mask|src)\w*$", expr or "")):
        cause = "an image loader returned None"
        parts.append("cv2.imread (and cv2.VideoCapture.read) return None instead of raising when the file is missing, unreadable or not an image: the path built for this sample does not exist from the working directory, or the file is corrupt/an unsupported format.")
        fix.append("Print the path used for this sample and check os.path.exists(path); fix the dataset root / annotation paths (relative paths depend on the working directory), and add `if img is None: raise FileNotFoundError(path)` after imread.")
    elif ".grad" in code and attr in ("data", "zero_", "norm", "shape", "add_", "mul_", "clone", "detach", "abs", "item", "cpu"):
        cause = "a parameter's .grad is None"
        parts.append("A parameter's .grad is None: backward() has not run yet for it, the parameter did not take part in the loss (unused branch, frozen with requires_grad=False), or gradients were set to None by optimizer.zero_grad(set_to_none=True).")
        fix.append("Skip parameters whose p.grad is None (if p.grad is not None: ...), and check that the parameter contributes to the loss and requires_grad=True.")
    elif attr == "backward" or (attr in ("item", "detach") and expr.endswith("loss")) or (operator and re.search(r"\bloss\b", code)):
        cause = "the loss is None"
        if expr and "loss" not in expr:
            parts.append(f"`{expr}` is None, so there is nothing to call .backward() on: the object that should run the backward pass was never created (e.g. an accelerator/DeepSpeed engine not prepared with the model).")
            fix.append(f"Check where {expr} is set up (accelerator.prepare(model, ...) / deepspeed.initialize) and the warnings printed when it was created.")
        else:
            parts.append("The loss is None: transformers models return loss=None when no labels are passed, and a custom loss/compute_loss without a return statement returns None.")
            fix.append("Pass labels to the model (batch must contain 'labels'; for causal LM use DataCollatorForLanguageModeling(mlm=False)), or make the loss function return its value.")
    elif attr in _TOKENIZER_ATTRS or "tokenizer" in (expr or "").lower():
        cause = "a tokenizer/class placeholder is None"
        parts.append("The tokenizer (or tokenizer class) is None: transformers exposes sentencepiece-based slow tokenizers (T5, XLNet, Marian, CamemBERT, XGLM, Llama slow) as None when the sentencepiece package is not installed, and a loader that failed earlier can leave it unset.")
        fix.append("pip install sentencepiece (and protobuf), then restart the Python process/kernel; or use AutoTokenizer.from_pretrained (fast tokenizer).")
    elif attr in _STR_ATTRS and re.search(r"environ\.get|getenv", low):
        cause = "an environment variable is not set"
        parts.append("os.environ.get()/os.getenv() returned None: the environment variable is not set in the process that ran this (a different shell, a job script or container without it).")
        fix.append("Export the variable before running (export NAME=value) or give a default: os.environ.get('NAME', 'default').")
    elif re.search(r"environ\.get|getenv", low) or (("PathLike" in problem or "path should be" in problem)):
        cause = "a path is None"
        parts.append("A file path is None: an unset environment variable, a config/argparse option left at default None, or dict.get() of a missing key produced it.")
        fix.append("Print the path arguments just before this line; set the missing option/variable (or give it a default) where it is read.")
    elif re.search(r"\bre\.(?:match|search|fullmatch)\(|\.match\(|\.search\(", code) or attr in ("group", "groups", "groupdict", "span", "start", "end"):
        cause = "a regular expression did not match"
        parts.append("re.match/re.search return None when the pattern does not match this string.")
        fix.append("Check `m is not None` before m.group(...), and print the string that did not match.")
    elif re.search(r"safe_load|yaml\.load|json\.load", low) or attr in ("get", "items", "keys", "values"):
        cause = "a mapping is None"
        parts.append("A dict/config is None: yaml.safe_load returns None for an empty file, dict.get returns None for a missing key, and functions without return give None.")
        fix.append("Print the config/dict source; check the YAML/JSON file is not empty and the key exists (cfg.get('key', {})).")
    elif ffunc in ("__getitem__", "collate_fn", "__call__") and ("unpack" in problem or "iterable" in problem or attr):
        cause = "a dataset/transform returned None"
        call = re.search(r"([\w.]+)\(", expr or "")
        named = f" ({call.group(1)}() returned None)" if call else ""
        parts.append(f"This happens in {ffunc}{named}: a dataset, transform or collate function returned None on this path (a branch without return, or a sample the loader skipped).")
        fix.append(f"Make every path of {ffunc} and the functions it calls return a value; raise or filter explicitly for samples that cannot be loaded.")
    elif "unpack" in problem or ("iterable" in problem and expr):
        cause = "a function returned None"
        call = re.search(r"([\w.]+)\(", expr or "")
        name = call.group(1) if call else (expr or "the function")
        parts.append(f"{name}() returned None on this path: a branch reaches the end of the function without return.")
        fix.append(f"Add the missing return to {name}() for every branch (or raise for inputs it cannot handle).")
    elif "callable" in problem and pkg:
        cause = f"{pkg} left a function/class as None"
        parts.append(f"The call is inside {pkg}: libraries set functions or classes from optional dependencies to None when their import fails (flash_attn, xformers, bitsandbytes, sentencepiece, apex, triton), and the code path you selected needs it.")
        fix.append(f"Look earlier in the log for the import warning {pkg} printed, install that optional dependency (matching your torch/CUDA), or choose a setting that does not need it.")
    elif attr in _MODEL_ATTRS or re.search(r"\bmodel\b|\bnet\b", expr or ""):
        cause = "the model object is None"
        parts.append("The model object is None: a builder function without `return model`, an assignment from a method that returns None (model = model.to_(...) style in-place calls), or a load that failed earlier and was only logged.")
        fix.append("Check the function that creates the model returns it, and scroll up for a failed download/load warning.")
    if not fix:
        parts.append("Trace the value back: it was produced earlier (a function without return, a loader returning None instead of raising, a missing dict key or option, or an object a failed step never created). Look above this traceback for a warning about that step.")
        fix.append(f"Print {subject} just before this line and step back to where it was assigned; fix the producer (add the return, fix the path/key/option, install the missing dependency named by an earlier warning).")
    if pkg and cause and "left" not in cause:
        parts.append(f"The failing line is inside {pkg}: it received the None from your code or configuration (an argument left unset) or from a dependency that failed earlier.")
    if cause:
        headline += f": {cause}"
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
