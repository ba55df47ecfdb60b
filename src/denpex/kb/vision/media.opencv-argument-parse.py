"""Computed diagnosis for media.opencv-argument-parse: which argument, what type fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_POINT_ARGS = {"pt1", "pt2", "center", "org", "pt", "pts", "point", "dsize", "ksize", "size", "axes", "anchor"}
_IMAGE_ARGS = {"img", "src", "image", "src1", "src2", "dst", "mask", "InputArray", "frame"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arg = facts.get("arg")
    problem = facts.get("problem")
    if not isinstance(arg, str) or not isinstance(problem, str):
        return None
    func = facts.get("func") if isinstance(facts.get("func"), str) else None
    call = f"cv2.{func}" if func else "the cv2 call"
    if "wrong type" in problem and (arg in _POINT_ARGS or arg.lower().startswith("pt")):
        kind = "float-coordinates"
        text = (f"{call} got a '{arg}' whose items are not Python ints (numpy float/int64 scalars or tensor elements from "
                "model output or arithmetic).")
        fix = (f"Cast it: {arg} = (int({arg}[0]), int({arg}[1])) - or for a box: x1, y1, x2, y2 = map(int, box[:4]).",)
    elif "Expected sequence length" in problem:
        kind = "wrong-length"
        text = f"{call} got '{arg}' with the wrong number of items ({problem})."
        fix = (f"Pass exactly the items it takes, e.g. tuple(map(int, {arg}[:2])) for a point.",)
    elif "UMat" in problem or "numpy array" in problem or arg in _IMAGE_ARGS:
        kind = "image-not-numpy"
        text = (f"{call} got an image argument '{arg}' that is not a numpy array: a PIL Image, torch tensor, list or None.")
        fix = ("PIL: img = cv2.cvtColor(np.array(pil_img), cv2.COLOR_RGB2BGR)",
               "torch: img = t.permute(1, 2, 0).mul(255).byte().cpu().numpy(); img = np.ascontiguousarray(img)",
               "None: the load/decode before failed - check the path and the return value of cv2.imread / cap.read().")
    else:
        kind = "other"
        text = f"{call} could not convert argument '{arg}': {problem}."
        fix = (f"print(type({arg})) before the call and convert it to the type in the OpenCV docs for {func or 'that function'}.",)
    return Explanation(text=text, fix=fix, derived={"argument_kind": kind})
