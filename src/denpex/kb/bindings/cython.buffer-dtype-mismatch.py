"""Computed diagnosis for cython.buffer-dtype-mismatch: the NumPy conversion that fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_C_TO_NP = {
    "double": "np.float64", "const double": "np.float64", "float64_t": "np.float64", "DOUBLE_t": "np.float64",
    "float": "np.float32", "const float": "np.float32", "float32_t": "np.float32", "DTYPE_t": "",
    "int": "np.int32", "int32_t": "np.int32", "const int": "np.int32",
    "long long": "np.int64", "int64_t": "np.int64", "const long long": "np.int64",
    "unsigned char": "np.uint8", "uint8_t": "np.uint8", "signed char": "np.int8",
    "short": "np.int16", "unsigned int": "np.uint32",
    "npy_intp": "np.intp", "intp_t": "np.intp", "SIZE_t": "np.intp", "Py_ssize_t": "np.intp",
}


def _clean(t: str) -> str:
    return t.strip().strip("'").strip()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "wrong-ndim":
        try:
            e, g = int(facts.get("expected_ndim")), int(facts.get("got_ndim"))
        except (TypeError, ValueError):
            return None
        how = "x.reshape(-1) or x.squeeze()" if e < g else "x[None, ...] / x.reshape(1, -1)"
        extra = ""
        if e == 1 and g == 2:
            extra = " Typical: a column-vector target y of shape (n, 1) (use y.ravel()), or two-channel audio where mono is expected (use wav.mean(axis=1) or one channel)."
        elif e == 1 and g == 0:
            extra = " A scalar was passed where an array is expected (use np.atleast_1d(x))."
        return Explanation(
            text=f"The Cython function takes a {e}-D array and got a {g}-D one.{extra}",
            fix=(f"Reshape before the call: {how} (check which axis the function expects).",),
        )
    if sig == "not-contiguous":
        order = facts.get("expected") or facts.get("expected_b") or "C"
        fn = "np.ascontiguousarray(x)" if order == "C" else "np.asfortranarray(x)"
        return Explanation(
            text=f"The array is a strided view (slice, transpose, channel swap) but the function needs a {order}-contiguous buffer.",
            fix=(f"Pass {fn}.",),
        )
    exp, got = _clean(str(facts.get("expected") or "")), _clean(str(facts.get("got") or ""))
    if not exp or not got:
        return None
    text = f"The Cython buffer is declared as '{exp}' but the array holds '{got}'."
    fix: list[str] = []
    np_t = _C_TO_NP.get(exp, "")
    ints = ("long", "long long", "int", "int64_t", "int32_t", "npy_intp", "intp_t", "SIZE_t", "int_t", "long_t", "ITYPE_t", "INT_t", "Py_ssize_t")
    if exp in ("float", "const float") and got == "double":
        text += " float64 (NumPy's default) was given to float32 code."
        fix.append("x = np.ascontiguousarray(x, dtype=np.float32)")
    elif exp in ("double", "const double") and got == "float":
        text += " float32 (torch/PIL/ONNX output) was given to float64 code."
        fix.append("x = np.ascontiguousarray(x, dtype=np.float64)")
    elif exp == "SIZE_t" or (exp in ints and got in ints):
        text += (" Both are integers of different width: C 'long' is 32-bit on Windows and 64-bit on Linux/macOS, so int64 arrays show as"
                 " 'long long' on Windows and 'long' elsewhere.")
        if exp == "SIZE_t":
            text += " With scikit-learn this is a model (tree arrays) pickled on another platform/bitness than the one loading it."
            fix.append("Load the model with the same platform and scikit-learn version it was saved with, or retrain/re-save it on this machine.")
        elif exp in ("long", "int", "int32_t", "int_t", "long_t") and got in ("long long", "int64_t"):
            fix.append("Pass x.astype(np.int32) (Windows C long), or upgrade the package to a release fixed for Windows.")
        elif exp in ("long long", "int64_t") and got in ("long", "int", "int32_t"):
            fix.append("Pass x.astype(np.int64).")
        else:
            fix.append(f"Pass x.astype({np_t or 'np.intp'}).")
    elif np_t:
        fix.append(f"x = np.ascontiguousarray(x, dtype={np_t})")
    else:
        fix.append(f"Convert the array to the C type '{exp}' (see the package's documentation for its typedef), e.g. x.astype(np.float32) for DTYPE_t=float.")
    if facts.get("field"):
        text += f" (struct field {facts['field']})"
    return Explanation(text=text, fix=tuple(fix))
