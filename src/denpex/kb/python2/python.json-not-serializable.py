"""Computed diagnosis for python.json-not-serializable: the non-JSON type (or the NaN/inf value), the key path
Python 3.13+ prints, the saving call read from the traceback, and the conversion for that type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_NP_SCALARS = {"float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool_", "bool", "longlong", "intc", "float_", "double", "half", "single"}

# type -> (what it is, conversion)
_TYPES: dict[str, tuple[str, str]] = {
    "ndarray": ("a NumPy array", "x.tolist()"),
    "Tensor": ("a torch Tensor (a loss, metric or grad norm kept as a tensor)", "x.item() for a scalar, x.tolist() for a tensor with several values (detach().cpu() first)"),
    "Parameter": ("a torch Parameter", "x.detach().cpu().tolist()"),
    "dtype": ("a torch/NumPy dtype (e.g. torch_dtype=torch.bfloat16 stored in a config or tokenizer kwargs)", "str(x) (transformers stores 'bfloat16'), or do not pass torch_dtype to objects that save it (tokenizers, processors)"),
    "device": ("a torch.device stored in a config or kwargs", "str(x), or keep devices out of saved configs"),
    "PosixPath": ("a pathlib path", "str(p)"),
    "WindowsPath": ("a pathlib path", "str(p)"),
    "set": ("a set", "sorted(s) (or list(s))"),
    "frozenset": ("a frozenset", "sorted(s)"),
    "bytes": ("bytes", "b.decode('utf-8') for text, base64.b64encode(b).decode() for binary data"),
    "datetime": ("a datetime", "x.isoformat()"),
    "date": ("a date", "x.isoformat()"),
    "timedelta": ("a timedelta", "x.total_seconds()"),
    "Decimal": ("a Decimal", "float(x) or str(x)"),
    "Namespace": ("an argparse Namespace", "vars(args)"),
    "function": ("a function stored in a config", "its name (fn.__name__) or a registry key"),
    "type": ("a class stored in a config", "its name (cls.__name__)"),
    "Series": ("a pandas Series", "s.tolist() (or s.to_dict())"),
    "DataFrame": ("a pandas DataFrame", "df.to_dict(orient='records')"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type") or "")
    value = str(facts.get("value") or "")
    item = str(facts.get("item") or "").strip()
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    # the raising frame is json's encoder: the caller that saved is the useful place
    saver = code
    parts: list[str] = []
    fix: list[str] = []
    path = f" ({item})" if item else ""
    if not t:
        headline = f"A NaN/inf float{(' (' + value + ')') if value else ''} was serialized with allow_nan=False{path}"
        parts.append("A float that is NaN or infinite reached a JSON writer that forbids them (Starlette/FastAPI JSONResponse, vLLM/TGI-style API servers, json.dumps(allow_nan=False)).")
        parts.append("In ML serving this means the model or post-processing produced a non-finite number: fp16/bf16 overflow, -inf logprobs of masked tokens, a metric dividing by zero, an embedding of a degenerate input.")
        fix.append("Find why the value is not finite (check outputs with torch.isfinite / np.isfinite; run the model in fp32 or bf16 instead of fp16) and fix the numerics.")
        fix.append("If NaN/inf are legitimate values, replace them with None (or a sentinel) before building the response.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    base = t.rsplit(".", 1)[-1]
    if base in _NP_SCALARS:
        what, conv = f"a NumPy scalar (numpy.{base}) - the result of np.mean/np.sum/argmax or an sklearn score, not a Python number", "float(x) / int(x) or x.item()"
    elif base in _TYPES:
        what, conv = _TYPES[base]
    else:
        what, conv = f"an instance of {t} (a custom object, dataclass or library object)", "a dict of its fields (dataclasses.asdict(x), vars(x), x.model_dump(mode='json')) or str(x)"
    headline = f"json cannot write {t} values{path}: convert with {conv.split(' (')[0].split(',')[0]}"
    parts.append((f"The value at {item} is {what}" if item else f"The object being saved holds {what}") + "; json has no type for it.")
    if saver:
        parts.append(f"Saving call: `{saver}`.")
    low = saver.lower()
    if "save_to_json" in low or "trainer_state" in low or "log_history" in low or "asdict(self)" in low:
        parts.append("This is the Trainer saving its state (trainer_state.json with log_history): a metric or logged value (compute_metrics/evaluator output, grad_norm) is not a Python number.")
        fix.append("Make compute_metrics/evaluators return plain floats ({k: float(v) for k, v in metrics.items()}); upgrade transformers/sentence-transformers, which convert metrics and grad_norm in later releases.")
    elif "tokenizer_config" in low or "save_pretrained" in low or "to_json_string" in low or base in ("dtype", "device"):
        parts.append("A config/tokenizer is being saved with a torch object inside: usually torch_dtype or device passed through kwargs (pipeline(..., torch_dtype=...) forwards it to the tokenizer) or a nested config the library does not convert.")
        fix.append("Pass torch_dtype/device to the model only (not to the tokenizer/processor), or upgrade transformers; convert any remaining torch objects with str().")
    fix.insert(0, f"Convert the value before saving: {conv}" + (f" (the field at {item})" if item else "") + ".")
    fix.append("Or let json convert unknown values: json.dump(obj, f, default=lambda o: o.item() if hasattr(o, 'item') else str(o)).")
    if not item:
        fix.append("To find the field: print({k: type(v).__name__ for k, v in obj.items()}) for the dict being saved (Python 3.13+ prints the key path under the error).")
    if frame.pkg and frame.pkg != "json":
        parts.append(f"The dump runs inside {frame.pkg}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
