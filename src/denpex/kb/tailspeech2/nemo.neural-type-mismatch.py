"""Computed diagnosis for nemo.neural-type-mismatch: which typecheck failed and what to change."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _shape(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", text.split("Size", 1)[-1])]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "no-input-type-match":
        arg = facts.get("argument")
        existing = [x.strip(" '") for x in str(facts.get("existing") or "").split(",") if x.strip(" '")]
        if not arg or not existing:
            return None
        return Explanation(
            text=f"forward() got an argument named '{arg}', but this module only declares {', '.join(existing)}.",
            fix=(f"Rename the keyword: model({existing[0]}=..., {existing[1] if len(existing) > 1 else '...'}=...)",),
            derived={"diagnosis": f"argument '{arg}' not declared"},
        )
    if sig == "input-shape":
        arg, module, shape = facts.get("argument"), facts.get("module"), facts.get("found_shape")
        if not arg or not module:
            return None
        dims = _shape(str(shape)) if shape else []
        if dims and len(dims) >= 3 and 2 in dims[1:]:
            return Explanation(
                text=(f"{module} got '{arg}' with shape {dims}: the extra axis of size 2 is a stereo channel axis."),
                fix=("Downmix to mono before the model (audio.mean(axis=-1) for [time, channels] data) or convert the files: "
                     "ffmpeg -i in.wav -ac 1 -ar 16000 out.wav",),
                derived={"diagnosis": "stereo audio"},
            )
        if dims and len(dims) == 1:
            return Explanation(
                text=f"{module} got '{arg}' with shape {dims}: the batch axis is missing.",
                fix=("Add the batch axis: tensor.unsqueeze(0), and pass lengths as a [1] tensor.",),
                derived={"diagnosis": "missing batch axis"},
            )
        return Explanation(
            text=f"{module} got '{arg}' with a number of axes it does not declare ({shape or 'see the message'}).",
            fix=("Compare with print(model.input_types) and reshape the tensor to the declared axes.",),
            derived={"diagnosis": "wrong rank"},
        )
    result = facts.get("result")
    if not result:
        return None
    expected, found = facts.get("expected_type"), facts.get("found_type")
    if expected and found == "VoidType":
        return Explanation(
            text=(f"NeMo expected {expected} but the tensor carries VoidType, the type left by an untyped step or by a "
                  "module from another NeMo release: the model code, its config/checkpoint and the calling code disagree."),
            fix=("Use the NeMo release the notebook/checkpoint was written for (pip install nemo_toolkit[asr]==<version>).",
                 "Or pass raw audio through model.transcribe([...]) instead of wiring module outputs by hand."),
            derived={"diagnosis": "VoidType from mixed versions"},
        )
    if expected and found:
        return Explanation(
            text=f"NeMo expected {expected} but got a tensor typed {found} ({result}): outputs of the wrong module are fed in.",
            fix=(f"Pass the output that produces {expected} (see model.input_types / upstream module output_types).",),
            derived={"diagnosis": f"{found} where {expected} expected"},
        )
    return Explanation(
        text=f"NeMo's typecheck rejected an input ({result}).",
        fix=("print(model.input_types) and match names, axes and types of what you pass.",),
        derived={"diagnosis": str(result)},
    )
