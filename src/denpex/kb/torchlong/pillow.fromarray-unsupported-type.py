"""Computed diagnosis for pillow.fromarray-unsupported-type: decode the (shape, typestr) key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KIND = {"f": "float", "u": "uint", "i": "int", "b": "bool", "c": "complex"}


def _dtype(typestr: str) -> str:
    t = typestr.lstrip("<>|=")
    if not t:
        return typestr
    kind, size = t[0], t[1:]
    name = _KIND.get(kind, kind)
    if size.isdigit():
        if kind == "b":
            return "bool"
        return f"{name}{int(size) * 8}"
    return name


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("shape_key")
    typestr = facts.get("typestr")
    if not isinstance(key, str) or not isinstance(typestr, str):
        return None
    try:
        dims = [int(x) for x in key.replace(" ", "").split(",") if x]
    except ValueError:
        return None
    extra = dims[2:]
    dtype_name = _dtype(typestr)
    kind = typestr.lstrip("<>|=")[:1]
    fixes: list[str] = []
    if len(extra) >= 2:
        layout = f"a {2 + len(extra)}-D array (trailing dims {tuple(extra)})"
        diagnosis = "extra axis (batch or stacked images)"
        text = (f"The array has {2 + len(extra)} dims; PIL takes (H, W) or (H, W, C). A batch axis is probably left "
                f"(the key's trailing dims {tuple(extra)} are the array's shape after its first two dims).")
        fixes.append("Pass one image: Image.fromarray(arr[0]) (or loop over the batch); check the layout with print(arr.shape).")
    elif not extra:
        layout = "a 2-D array"
        diagnosis = f"{dtype_name} single-channel data"
        text = f"A 2-D array of {dtype_name} has no PIL mode (2-D supports uint8, int32, float32, bool, 16-bit grayscale)."
        fixes.append("Convert: arr.astype(np.uint8) after scaling, or arr.astype(np.float32) for mode F.")
    else:
        c = extra[0]
        layout = f"{c} channel(s)"
        if c in (3, 4) and kind == "f":
            diagnosis = f"float RGB{'A' if c == 4 else ''} ({dtype_name})"
            text = (f"The image is {dtype_name} with {c} channels; PIL stores RGB/RGBA only as uint8. Values in [0, 1] "
                    "(or [-1, 1]) from a network must be scaled to 0-255 first.")
            fixes.append("Image.fromarray((np.clip(arr, 0, 1) * 255).round().astype(np.uint8))  # for [-1, 1]: (arr + 1) / 2 first")
        elif c in (3, 4) and kind in ("u", "i") and dtype_name not in ("uint8",):
            diagnosis = f"{dtype_name} {c}-channel image"
            text = f"The image has {c} channels of {dtype_name}; PIL's RGB/RGBA need uint8 (16-bit colour is not supported)."
            fixes.append("Convert to 8 bit: (arr >> 8).astype(np.uint8) for uint16, or np.clip(arr, 0, 255).astype(np.uint8); keep 16-bit with cv2.imwrite / tifffile.")
        elif c == 1:
            diagnosis = "trailing channel axis of size 1"
            text = "The array is (H, W, 1); PIL wants a 2-D array for a single channel."
            fixes.append("Image.fromarray(arr[..., 0]) (or arr.squeeze(-1)), with dtype uint8.")
        elif c > 4:
            diagnosis = f"last axis is {c}: channel-first or extra channels"
            text = (f"The last axis has {c} entries, so this is not (H, W, C) with C in 1/3/4: most likely a channel-first "
                    f"(C, H, W) array whose width is {c}, or an image with {c} bands/classes.")
            fixes.append("Channel-first: arr.transpose(1, 2, 0); multi-band/one-hot: pick 3 channels or arr.argmax(-1).astype(np.uint8).")
        else:
            diagnosis = f"{c}-channel {dtype_name}"
            text = f"{c} channels of {dtype_name} have no PIL mode."
            fixes.append("Convert to (H, W) uint8 or (H, W, 3) uint8 before fromarray.")
    return Explanation(text=text, fix=tuple(fixes), derived={"dtype_name": dtype_name, "layout": layout, "diagnosis": diagnosis})
