"""Computed diagnosis for mxnet.shape-inconsistent: compare provided and inferred parameter shapes."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(v: Any) -> list[int] | None:
    if v is None:
        return None
    parts = [p for p in re.split(r"[\s,\[\]()]+", str(v)) if p]
    try:
        return [int(p) for p in parts]
    except ValueError:
        return None


def _side(n: int, channels: int) -> int | None:
    if n % channels:
        return None
    s = math.isqrt(n // channels)
    return s if s * s * channels == n else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "ndarray-copy-shape":
        return Explanation(
            text=("An NDArray was copied into another of a different shape (CopyFromTo): typically model.predict / a "
                  "predictor bound for one batch or input shape receiving another, or set_params with arrays of "
                  "another architecture."),
            fix=("Rebind/reshape for the new input (mod.reshape(data_shapes=...), a new predictor), pad the last batch, or load parameters of the same architecture.",),
            derived={"diagnosis": "array copied into a different shape"},
        )
    prov, inf = _dims(facts.get("provided")), _dims(facts.get("inferred"))
    if not prov or not inf or len(prov) != len(inf):
        return None
    op = facts.get("operator")
    where = f" in {op}" if op else ""
    diff = [i for i, (a, b) in enumerate(zip(prov, inf)) if a != b]
    if len(prov) == 2 and diff == [1]:
        a, b = prov[1], inf[1]
        for c in (2048, 1024, 512, 256, 128, 64):
            sa, sb = _side(a, c), _side(b, c)
            if sa and sb:
                stride = 32
                return Explanation(
                    text=(f"The Dense layer{where} was built for {a} = {c}x{sa}x{sa} input features, but the current input gives "
                          f"{b} = {c}x{sb}x{sb}: the images are about {sb * stride}px instead of {sa * stride}px "
                          f"(feature map {sb}x{sb} vs {sa}x{sa} after a /{stride} backbone)."),
                    fix=(f"Resize inputs to {sa * stride}x{sa * stride} (transforms.Resize({sa * stride})), or replace the Dense head and initialise it for the new size.",),
                    derived={"diagnosis": f"input size {sb * stride}px vs pretrained {sa * stride}px"},
                )
        return Explanation(
            text=f"The Dense weight{where} takes {a} input features but the current input provides {b}: the input size or the layers before it changed.",
            fix=("Feed the input size the weights were trained with, or re-create that layer for the new size.",),
            derived={"diagnosis": "dense input features differ"},
        )
    if len(prov) == 2 and diff == [0]:
        return Explanation(
            text=(f"The output size differs{where}: {prov[0]} units loaded vs {inf[0]} required (typically the number of classes)."),
            fix=("Replace the output layer for the new number of classes and load the rest with allow_missing=True, ignore_extra=True.",),
            derived={"diagnosis": "output units / classes differ"},
        )
    if len(prov) == 4 and diff == [1]:
        a, b = prov[1], inf[1]
        if a in (1, 3, 4) and b > 8:
            return Explanation(
                text=(f"The convolution{where} expects {a} input channels but infers {b}: the data is channels-last "
                      "(N, H, W, C) while MXNet uses N, C, H, W, so the image height/width lands on the channel axis."),
                fix=("Transpose to NCHW: x = x.transpose((0, 3, 1, 2)) (or transforms.ToTensor()).",),
                derived={"diagnosis": "channels-last data into NCHW network"},
            )
        return Explanation(
            text=f"The convolution{where} expects {a} input channels but the input has {b}.",
            fix=("Convert the input to the channel count the weights were trained with (gray/RGB) or rebuild the first layer.",),
            derived={"diagnosis": "input channels differ"},
        )
    axes = ", ".join(f"axis {i}: {prov[i]} vs {inf[i]}" for i in diff)
    return Explanation(
        text=f"Provided {facts.get('provided')} vs inferred {facts.get('inferred')}{where} differ on {axes}.",
        fix=("Make the input shape the one the parameters were created for, or re-initialise the parameters for the new shape.",),
        derived={"diagnosis": "shape differs"},
    )
