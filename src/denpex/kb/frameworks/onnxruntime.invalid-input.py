"""Computed diagnosis for onnxruntime.invalid-input: what differs between the feed and the graph's declaration."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NP = {"float": "np.float32", "double": "np.float64", "float16": "np.float16", "int64": "np.int64", "int32": "np.int32",
       "int8": "np.int8", "uint8": "np.uint8", "bool": "np.bool_", "int16": "np.int16", "bfloat16": "ml_dtypes.bfloat16"}
_NP_NAME = {"double": "float64 (NumPy's default float)", "float": "float32", "int64": "int64", "int32": "int32", "float16": "float16", "uint8": "uint8"}


def _inner(t: str) -> str:
    return t.replace("tensor(", "").rstrip(")")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("input_name") or "?"
    derived: dict[str, Any] = {"input_name": name}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("expected_type"):
        a, e = _inner(str(facts.get("actual_type"))), _inner(str(facts["expected_type"]))
        derived["what"] = f"{a} array given where the model declares {e}"
        parts.append(f"The array was {_NP_NAME.get(a, a)} but the model input is {e}; ONNX Runtime never casts inputs.")
        fix.append(f"Cast before run: x = x.astype({_NP.get(e, e)}).")
        if a == "double":
            fix.append("The float64 usually comes from NumPy defaults (np.array of Python floats, division results, cv2 -> / 255.0); cast at the end of preprocessing.")
        if {a, e} == {"int32", "int64"}:
            fix.append("Tokenizers: tokenizer(..., return_tensors='np') then .astype(np.int64) for input_ids/attention_mask (or export with int32 inputs).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("expected_rank") is not None:
        g, e = facts.get("got_rank"), facts["expected_rank"]
        derived["what"] = f"'{name}' has rank {g}, the model expects rank {e}"
        parts.append(f"The array has {g} axes but input '{name}' has {e}.")
        if isinstance(g, int) and g == e - 1:
            fix.append("Add the batch axis: x = np.expand_dims(x, 0) (for images also check HWC vs CHW: x.transpose(2, 0, 1)).")
        elif isinstance(g, int) and g == e + 1:
            fix.append("Remove the extra axis: np.squeeze(x, 0), or do not wrap an already batched array in a list.")
        else:
            fix.append(f"Reshape the data to the {e}-D layout printed by sess.get_inputs() for '{name}'.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("missing"):
        try:
            missing = ast.literal_eval(str(facts["missing"]))
            fed = ast.literal_eval(str(facts.get("fed") or "[]"))
        except (ValueError, SyntaxError):
            missing, fed = [str(facts["missing"])], []
        derived["input_name"] = ", ".join(map(str, missing))
        derived["what"] = f"inputs {missing} missing, the feed has {fed}"
        parts.append(f"The graph needs {missing} but the feed only has {fed}.")
        if len(missing) == len(fed) == 1:
            fix.append(f"Rename the key: {{'{missing[0]}': x}} instead of {{'{fed[0]}': x}} (take names from sess.get_inputs()).")
        else:
            fix.append("Feed every name listed by [i.name for i in sess.get_inputs()] (e.g. attention_mask, token_type_ids, position_ids) with matching shapes.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    idx, got, exp = facts.get("index"), facts.get("got"), facts.get("expected")
    if isinstance(idx, int) and isinstance(got, int) and isinstance(exp, int):
        role = {0: "batch", 1: "channels (NCHW) / sequence length", 2: "height (NCHW) / features", 3: "width (NCHW)"}.get(idx, f"axis {idx}")
        derived["what"] = f"'{name}' axis {idx} ({role.split(' ')[0]}) is {got}, the model was exported for {exp}"
        parts.append(f"Axis {idx} of '{name}' is {got} but the graph fixes it to {exp}: this dimension was not exported as dynamic.")
        if idx == 0:
            fix.append(f"Feed batches of exactly {exp} (loop or pad), or re-export with a dynamic batch: dynamic_axes={{'{name}': {{0: 'batch'}}}}.")
            if exp == 1 and got > 1:
                parts.append(f"A got value of {got} on the batch axis of a batch-1 model may also mean the data is missing its batch axis (e.g. a raw waveform of {got} samples fed as the batch).")
        elif idx in (2, 3):
            fix.append(f"Resize (or letterbox) the input so axis {idx} is {exp} - check the other listed indices too - or re-export with dynamic height/width (dynamic_axes={{'{name}': {{2: 'h', 3: 'w'}}}} / dynamic=True).")
        elif idx == 1 and {got, exp} <= {1, 3, 4}:
            fix.append(f"Channel count: convert to {exp} channels (RGB = 3, gray = 1) and use NCHW order (x.transpose(0, 3, 1, 2) if the array is NHWC).")
        elif idx == 1 and exp in (1, 3) and got > 4:
            fix.append(f"Axis 1 is {got} where {exp} channels are expected: the array is probably NHWC; transpose to NCHW with x.transpose(0, 3, 1, 2).")
        else:
            fix.append(f"Pad/trim axis {idx} to {exp} (e.g. sequence length) or re-export with that axis dynamic.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("feed_name"):
        derived["input_name"] = facts["feed_name"]
        derived["what"] = f"'{facts['feed_name']}' is not an input name of the graph"
        parts.append(f"'{facts['feed_name']}' is not an input of this graph (renamed at export, or an extra input such as token_type_ids the export dropped).")
        fix.append("Use the names from [i.name for i in sess.get_inputs()] and only those.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    derived["what"] = "a fixed dimension differs from the export"
    parts.append(f"A dimension of '{name}' differs from the fixed size the model was exported with (the 'index: N Got: X Expected: Y' lines list them).")
    fix.append("Resize/pad the input to the expected sizes, or re-export the model with those axes dynamic.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
