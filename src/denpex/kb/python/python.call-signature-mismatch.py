"""Computed diagnosis for python.call-signature-mismatch: which call disagreed with which signature,
who made the call (your code or a package, read from the traceback frames) and the usual cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import frames_of
from denpex.models import Explanation

_FRAME = re.compile(r'File "?(?P<path>[^",]+?)"?(?:, line |:)(?P<line>[0-9]+), in (?P<func>\S+)')
_PKG = re.compile(r"[/\\](?:site|dist)-packages[/\\](?P<pkg>[A-Za-z0-9_]+)")
_REMOTE = re.compile(r"[/\\](?:transformers_modules|modules[/\\]transformers_modules)[/\\]")
# frames that only forward a call (module.__call__, hooks, decorators): the real caller is above them
_WRAPPERS = (
    ("torch/nn/modules/module.py", None), ("accelerate/hooks.py", None), ("torch/_dynamo/", None),
    ("torch/utils/_contextlib.py", None), ("/inspect.py", None), ("torch/autograd/grad_mode.py", None), ("functools.py", None),
    ("/peft/", "forward"), ("torch/nn/parallel/", None), ("torch/_utils.py", None), ("deepspeed/utils/nvtx.py", None),
)
# callee substring -> (why, fix) for signature changes seen often in ML threads
_KNOWN: list[tuple[str, str, str, str]] = [
    # (callee contains, kind, why, fix)
    ("DecoderLayer.__init__", "too-many", "transformers 4.36 started constructing decoder layers as XDecoderLayer(config, layer_idx); a model class that subclasses or replaces the layer with the older one-argument __init__ (LLaVA-style, remote-code or patched models written for transformers < 4.36) rejects layer_idx",
     "Install the transformers version the model code was written for (for LLaVA-era code: pip install 'transformers<4.36'; check the repository's requirements), or add layer_idx to the custom layer's __init__ and pass it to super().__init__(config, layer_idx)."),
    ("DecoderLayer.__init__", "missing", "the installed transformers' decoder layers require layer_idx (added in 4.36), but the model code constructs them with config only (written for an older transformers)",
     "Pin transformers to the version the model code targets (e.g. 'transformers<4.36' for code from before December 2023), or pass layer_idx when constructing each layer."),
    ("DecoderLayer.forward", "", "transformers changed the arguments its model classes pass to each decoder layer (cache_position in 4.38, position_embeddings in 4.45/4.48); a custom or patched layer written for another release receives more or fewer positional arguments than it defines",
     "Install the transformers version the layer code was written for, or give the custom forward the current parameters plus *args/**kwargs."),
]


def _frames(raw: Any) -> list[tuple[str, str, str]]:
    return frames_of(raw, _FRAME)


def _is_wrapper(path: str, func: str) -> bool:
    return any(p in path and (f is None or f == func) for p, f in _WRAPPERS)


def _owner(path: str) -> str:
    if _REMOTE.search(path) or "transformers_modules" in path:
        return "remote code (trust_remote_code)"
    m = _PKG.search(path)
    return m.group("pkg") if m else ""


def _short(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    callee = str(facts.get("callee") or "").strip()
    expected = str(facts.get("expected") or "").strip()
    given = facts.get("given")
    kwonly = facts.get("kwonly_given")
    missing_names = str(facts.get("missing_names") or "").strip()
    missing_count = facts.get("missing_count")
    kind_word = str(facts.get("missing_kind") or "").strip()
    code = str(facts.get("code") or "").strip()
    frames = _frames(facts.get("frame"))
    shown = f"{callee}()" if callee else "the called function"
    names = re.findall(r"'([^']+)'", missing_names)
    parts: list[str] = []
    fix: list[str] = []

    if callee == "super" and given == 0 and "at least" in expected:
        # 'super() takes at least 1 argument (0 given)' is Python 2's wording: zero-argument super() is Python 3 only
        py2 = any(re.search(r"python2\.\d|Python27|py2\.\d", p) for p, _, _ in frames) if frames else False
        where = next((f"{p.rsplit('/', 1)[-1].rsplit(chr(92), 1)[-1]}:{ln}" for p, ln, _ in frames), "")
        headline = "super() without arguments run by Python 2 (the code needs Python 3)"
        text = ("'super() takes at least 1 argument (0 given)' is the Python 2 interpreter's message: the zero-argument "
                "form super().__init__(...) exists only in Python 3" + (f" (called at {where})" if where else "") + ". "
                "The code was written for Python 3 but started with python 2.7" + (" - the traceback paths are a Python 2.7 "
                "installation" if py2 else "") + ".")
        fix = ("Run it with Python 3: python3 <script> (or create a Python 3 virtualenv/conda env and reinstall the package "
               "there: python3 -m pip install -e .); check with python --version.",)
        return Explanation(text=text, fix=fix, derived={"headline": headline})

    if given is not None and expected:
        nums = [int(n) for n in re.findall(r"[0-9]+", expected)] or ([1] if "one" in expected else [0])
        kind = "too-many" if isinstance(given, int) and given > max(nums) else "too-few"
        extra = f" (and {kwonly} keyword-only)" if kwonly else ""
        plural = "" if expected in ("1", "exactly one", "at most one", "at least one") else "s"
        what = f"{shown} takes {expected} positional argument{plural} but was given {given}{extra}"
    elif names:
        kind = "missing"
        what = f"{shown} was called without {', '.join(repr(n) for n in names)}" if callee else f"a call (inspect.Signature.bind) lacks {', '.join(repr(n) for n in names)}"
    else:
        return None

    # the caller: the last frame that is not a forwarding wrapper (nn.Module.__call__, hooks, decorators)
    data_parallel = any("torch/nn/parallel/" in p for p, _, _ in frames)
    trainer_call = any(p.endswith("transformers/trainer.py") and f in ("compute_loss", "prediction_step") for p, _, f in frames[:4])
    caller = next(((p, ln, f) for p, ln, f in frames if not _is_wrapper(p, f)), frames[0] if frames else None)
    caller_pkg = _owner(caller[0]) if caller else ""
    if caller:
        where = f"{_short(caller[0])}:{caller[1]} in {caller[2]}"
        parts.append(f"{what}. The call is made at {where}" + (f" (package {caller_pkg})." if caller_pkg else " (your code)."))
    else:
        parts.append(what + ".")
    if code and frames and not _is_wrapper(*frames[0][::2]):
        parts.append(f"Calling line: `{code}`.")

    known = next(((why, how) for sub, k, why, how in _KNOWN if sub in callee and (not k or k == kind)), None)
    if "self" in names:
        parts.append(
            "Nothing was bound to 'self': the method was called on the class rather than on an instance "
            "(MyClass.method(x) instead of MyClass().method(x)), or a class was passed where an instance is expected "
            "(callbacks=[MyCallback], optimizer=torch.optim.Adam, loss_fn=nn.CrossEntropyLoss without parentheses)."
        )
        fix.append(f"Instantiate the class before calling {shown}: add the missing parentheses (MyClass() / obj = MyClass(...); obj.method(...)).")
    elif data_parallel and kind == "missing":
        parts.append(
            "The call comes from an nn.DataParallel / DistributedDataParallel replica: the batch was split across the GPUs and at least one "
            "replica received no inputs. That happens when the batch (usually the last, short one, or batch size 1) has fewer samples than GPUs."
        )
        fix.append("Set drop_last=True on the DataLoader or use a batch size >= the number of GPUs; for evaluation, run on one GPU (CUDA_VISIBLE_DEVICES=0) or switch to DistributedDataParallel.")
    elif known:
        parts.append(known[0] + ".")
        fix.append(known[1])
    elif trainer_call and kind == "missing":
        parts.append(
            "The transformers Trainer calls model(**inputs) with the batch's keys: forward() receives only arguments named like its parameters, "
            "and with remove_unused_columns=True (default) dataset columns that forward() does not name are dropped before batching."
        )
        fix.append(f"Name the dataset columns / collator keys exactly like forward()'s parameters ({', '.join(names)}), or set TrainingArguments(remove_unused_columns=False) and map the keys in the collator.")
    elif callee.endswith("forward") or callee == "forward":
        if kind in ("missing", "too-few"):
            parts.append("The module was called with fewer inputs than forward() requires (module() with no arguments, a missing tensor, or a dict/tuple unpacked into the wrong names).")
            fix.append(f"Pass {', '.join(repr(n) for n in names) or 'the inputs'} to the module call (model(x) / model(**batch) with keys named like forward()'s parameters).")
        else:
            parts.append("forward() received more positional inputs than it defines: either the caller passes an extra tensor, or forward was defined without self, or the framework calling it was written for another version of the model code.")
    if caller_pkg and not fix:
        parts.append(
            f"The caller is inside {caller_pkg}: that package calls {shown} with the signature it was written for, and the installed definition "
            f"differs - the two come from incompatible versions (or {shown} is user/remote code written for another release of {caller_pkg})."
        )
        fix.append(f"Install the {caller_pkg} version that the code defining {shown} was written for (its requirements / README / config transformers_version), or update that code to the signature {caller_pkg} now uses.")
    if not fix:
        fix.append(f"Print the installed signature (python -c 'import inspect; print(inspect.signature(<{callee or 'callee'}>))') and change the call at the last frame to match it; if the call is in a package, align that package's version with the callee's.")
        if kind == "too-many" and expected in ("0", "1") and "." in callee:
            fix.append(f"If {shown} is a method you wrote, check that its def starts with self.")
    cause = ""
    if "self" in names:
        cause = "a method called on the class, not an instance"
    elif data_parallel and kind == "missing":
        cause = "a DataParallel replica got an empty slice of a batch smaller than the GPU count"
    elif known:
        cause = "caller and callee from incompatible transformers versions"
    elif caller_pkg:
        cause = f"{caller_pkg} and the code it calls are at incompatible versions"
    headline = what + (f" ({cause})" if cause else "")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
