"""Computed diagnosis for tflite.set-tensor-mismatch: the cast/quantize/reshape to apply."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int as _int
from denpex.models import Explanation

_CODES = {"0": "NOTYPE", "1": "FLOAT32", "2": "INT32", "3": "UINT8", "4": "INT64", "5": "STRING", "6": "BOOL", "7": "INT16",
          "9": "INT8", "10": "FLOAT16", "11": "FLOAT64"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if not facts.get("_signature") and facts.get("got") is None and facts.get("got_type") is None:
        return None
    idx = facts.get("input_index")
    where = f"input {idx}" + (f" ({facts.get('input_name')})" if facts.get("input_name") else "")
    if facts.get("_signature") == "type-mismatch":
        got = _CODES.get(str(facts.get("got_type")), str(facts.get("got_type") or "?")).upper()
        exp = _CODES.get(str(facts.get("expected_type")), str(facts.get("expected_type") or "?")).upper()
        if exp in ("UINT8", "INT8", "INT16") and got.startswith("FLOAT"):
            text = f"{where} of this integer-quantized model is {exp}, but a {got} array was passed (float preprocessing of the unquantized model)."
            fix = (f"Quantize: scale, zp = d['quantization']; x = np.round(x / scale + zp).astype(np.{exp.lower()}) with d = interpreter.get_input_details()[{idx}]",
                   "or re-convert with converter.inference_input_type = tf.float32 to keep float I/O.")
        elif exp.startswith("FLOAT") and got in ("UINT8", "INT8"):
            text = f"{where} expects {exp} but raw {got} pixels were passed."
            fix = (f"Cast and normalise as during training: x = (x.astype(np.{exp.lower()}) / 255.0) (or the model's own preprocessing).",)
        else:
            text = f"{where} expects {exp} but got {got}."
            fix = (f"x = x.astype(np.{exp.lower()}) before set_tensor." if exp not in ("?", "NOTYPE") else "Cast the array to input_details['dtype'].",)
        return Explanation(text=text, fix=fix, derived={"problem": f"dtype {got} instead of {exp}"})
    got, exp, dim = _int(facts.get("got")), _int(facts.get("expected")), _int(facts.get("dim"))
    if got is None or exp is None:
        return Explanation(text="The array's shape differs from the input tensor's shape.",
                           fix=("Compare x.shape with interpreter.get_input_details()[i]['shape'] and reshape/resize to it.",),
                           derived={"problem": "shape mismatch"})
    if dim is None:
        text = f"{where} has rank {exp} but the array has rank {got}."
        fix = ("Add the batch axis: x = np.expand_dims(x, 0)." if exp == got + 1 else f"Reshape the array to rank {exp} (see get_input_details()['shape']).",)
        return Explanation(text=text, fix=fix, derived={"problem": f"rank {got} instead of {exp}"})
    text = f"Dimension {dim} of {where} is {exp} but the array has {got}."
    if dim == 3 and got in (1, 3, 4) and exp in (1, 3, 4):
        fix = (f"The channel count differs: the model takes {exp} channel(s), the image has {got} - "
               + ("convert to grayscale (cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)[..., None])." if exp == 1 else "convert the image to RGB/with the model's channels."),)
    elif got in (1, 3, 4) and dim in (1, 2, 3) and exp > 4:
        fix = ("The array looks channels-first: transpose NCHW -> NHWC with np.transpose(x, (0, 2, 3, 1)).",)
    elif dim in (1, 2):
        fix = (f"Resize the input to the exported resolution ({exp} on dim {dim}), or interpreter.resize_tensor_input({idx}, x.shape) + allocate_tensors() if the model allows it, or re-export at {got}.",)
    else:
        fix = (f"Make dimension {dim} equal {exp} (pad/crop), or resize_tensor_input + allocate_tensors for a dynamic model.",)
    return Explanation(text=text, fix=fix, derived={"problem": f"dim {dim} is {got}, expected {exp}"})
