"""Computed diagnosis for torch.from-numpy-unsupported-dtype: explain the NumPy dtype that was refused and
whether the installed PyTorch accepts unsigned 16/32/64-bit arrays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = facts.get("np_type")
    if not t:
        return None
    short = t.split(".")[-1]
    call = facts.get("convert_call")
    supported = facts.get("supported") or ""
    at = f" in {call.strip()}" if call else ""
    derived: dict[str, Any] = {}
    if short.startswith("object"):
        text = (f"The array converted{at} is an object array: its elements are Python objects - usually sequences of different "
                "lengths, or a column with None/strings - so it has no numeric buffer for a tensor.")
        fix = ("Print {type(x) for x in arr.ravel()} and the element lengths; pad/stack to one shape or clean the column, then arr.astype(np.float32).",
               "For variable-length data keep a list of tensors or pad with torch.nn.utils.rnn.pad_sequence.")
        derived["cause"] = "object-array"
    elif short.startswith(("str", "bytes", "unicode")):
        text = f"The array converted{at} holds strings ({short}): labels or features were not encoded as numbers."
        fix = ("Map the strings to integer ids (dict / LabelEncoder) or parse them to numbers before building the tensor.",)
        derived["cause"] = "string-array"
    elif short.startswith("uint") and short != "uint8":
        old = short not in supported
        text = (f"The array converted{at} is {short}" + (", which this PyTorch does not accept (unsigned 16/32/64-bit arrays are supported from PyTorch 2.3)." if old else "."))
        fix = (f"arr.astype(np.int32 if the values fit else np.int64) (or np.float32 for images) before the conversion" + (", or upgrade to PyTorch >= 2.3." if old else "."),)
        derived["cause"] = "unsigned-int-old-torch" if old else "unsigned-int"
    else:
        text = f"The array converted{at} has dtype {short}, which has no tensor equivalent."
        fix = (f"Convert it to a numeric dtype first (e.g. datetime64 -> arr.astype('int64'), float128 -> np.float64).",)
    derived["what"] = f"NumPy array of type {t} cannot become a tensor"
    return Explanation(text=text, fix=fix, derived=derived)
