"""Computed diagnosis for torch.from-numpy-not-ndarray: what was passed and how to convert it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    got = facts.get("got")
    if not isinstance(got, str) or not got:
        return None
    g = got.split(".")[-1]
    if got in ("numpy.ndarray", "ndarray"):
        diagnosis = "torch/numpy ABI mismatch"
        text = ("The argument is a numpy.ndarray, yet torch does not recognise it: the installed torch was built against another "
                "NumPy ABI (or numpy failed to initialise inside torch, or two numpy packages are importable).")
        fix = ("pip install 'numpy<2' for torch < 2.3 (or upgrade torch), then python -c 'import numpy, torch; torch.from_numpy(numpy.zeros(1))'",
               "python -c 'import numpy; print(numpy.__file__)' to find a second numpy install")
    elif g in ("list", "tuple"):
        diagnosis = f"a Python {g}"
        text = f"A {g} was passed (often a list of images or of arrays from a loader); from_numpy needs one ndarray."
        fix = ("torch.from_numpy(np.stack(x)) for a list of same-shape arrays, or torch.tensor(x) / torch.as_tensor(np.asarray(x))",
               "if the list holds one image: torch.from_numpy(x[0])")
    elif g == "Tensor" or g.endswith("Tensor") or g == "Parameter":
        diagnosis = "already a tensor"
        text = "The argument is already a torch Tensor; converting it again is not needed."
        fix = ("Drop torch.from_numpy(...) or use torch.as_tensor(x), which accepts tensors and arrays.",)
    elif g == "NoneType":
        diagnosis = "None from a failed load"
        text = "None was passed: the function that produced it failed silently (cv2.imread of a missing/unreadable path returns None)."
        fix = ("Check the value before converting: if img is None: raise FileNotFoundError(path)",)
    elif "Image" in g or g.endswith("ImageFile"):
        diagnosis = "a PIL image"
        text = f"A PIL image ({got}) was passed; convert it to an array first."
        fix = ("torch.from_numpy(np.array(img)) or torchvision.transforms.functional.pil_to_tensor(img)",)
    elif g in ("int", "float", "bool") or g.startswith(("float", "int", "uint")):
        diagnosis = "a scalar"
        text = f"A scalar ({got}) was passed; from_numpy needs an array."
        fix = ("torch.tensor(x) for a scalar, or torch.from_numpy(np.asarray(x)).",)
    else:
        diagnosis = f"a {got}"
        text = f"An object of type {got} was passed where an ndarray is needed."
        fix = ("Convert with np.asarray(x) first, or use torch.as_tensor(x).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
