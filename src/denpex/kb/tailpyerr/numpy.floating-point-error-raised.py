"""Computed diagnosis for numpy.floating-point-error-raised: what the category and ufunc mean and the
matching guard."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MODE = {"divide by zero": "divide", "invalid value": "invalid", "overflow": "over", "underflow": "under"}
_DIV = ("divide", "true_divide", "floor_divide", "reciprocal", "remainder", "double_scalars", "scalar divide", "fmod")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    op = str(facts.get("op") or "")
    if not kind or not op:
        return None
    div = op in _DIV or "divide" in op
    scalar = "scalar" in op
    if kind == "divide by zero":
        if op in ("log", "log2", "log10"):
            diagnosis = f"{op}(0) = -inf"
            cause = f"{op} of an exact 0 (probabilities, counts or intensities that are 0)"
            fix = f"np.{op}(np.clip(x, 1e-12, None)) or np.{op}(x, where=x > 0, out=np.full_like(x, -np.inf))"
        else:
            diagnosis = "non-zero value divided by 0"
            cause = f"a non-zero numerator divided by 0 in {op} (empty group, zero count/norm/std)"
            fix = "np.divide(a, b, out=np.zeros_like(a, dtype=float), where=b != 0)"
    elif kind == "invalid value":
        if div:
            diagnosis = "0/0 (or inf/inf)"
            cause = f"0/0 in {op}: a normalisation over an empty or all-zero row, or a user matrix with zero entries"
            fix = "np.divide(a, b, out=np.zeros_like(a, dtype=float), where=b != 0)"
        elif op in ("sqrt", "log", "log10", "log2", "log1p", "power", "arccos", "arcsin", "arccosh"):
            diagnosis = f"{op} outside its domain"
            cause = f"{op} of a negative value (or |x| > 1 for arccos/arcsin), often from rounding"
            fix = f"np.clip the argument of {op} into its domain"
        elif op in ("cast",):
            diagnosis = "nan/inf cast to an integer type"
            cause = "casting nan or inf to an integer dtype"
            fix = "np.nan_to_num(x) or mask non-finite values before astype(int)"
        else:
            diagnosis = f"nan produced in {op}"
            cause = f"inf - inf, 0 * inf or a nan operand in {op}"
            fix = "find the earlier overflow or nan input (np.isfinite(x).all() checks)"
    elif kind == "overflow":
        diagnosis = f"result too large in {op}"
        cause = f"{op} of values beyond the dtype range (exp of > ~709 in float64, ~88 in float32, 65504 in float16)"
        fix = "clip the exponent, compute in log space (np.logaddexp, scipy.special.logsumexp/expit) or use float64"
    else:
        diagnosis = f"underflow in {op} (usually harmless)"
        cause = f"{op} produced a value too small to represent, which becomes 0"
        fix = "np.seterr(under='ignore') (the NumPy default) or compute in log space"
    text = (f"NumPy's error mode for '{kind}' is 'raise' in this process (np.seterr / np.errstate set by the program, a test "
            f"configuration or an imported library), and {cause} set that floating-point flag.")
    if scalar:
        text += " The operation was on NumPy scalars (double_scalars / scalar ...), i.e. single values such as a metric or a ratio."
    fixes = (f"Guard the operation: {fix}.",
             f"If an inf/nan/0 result is acceptable there: with np.errstate({_MODE.get(kind, 'all')}='ignore'): ...",
             "Find who enabled raise mode: print(np.geterr()) after your imports; grep for seterr / errstate.")
    return Explanation(text=text, fix=fixes, derived={"diagnosis": diagnosis})
