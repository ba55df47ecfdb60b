"""Computed diagnosis for pyqt.float-for-int-argument: which Qt call and which value type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DRAW = ("drawLine", "drawRect", "drawText", "drawEllipse", "drawPoint", "drawPixmap", "drawImage", "drawRoundedRect")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = facts.get("method")
    got = facts.get("got")
    if not isinstance(method, str) or not isinstance(got, str):
        return None
    pyver = facts.get("pyver")
    numpy_value = got.startswith("numpy.")
    if method in _DRAW:
        diagnosis = f"float coordinates passed to QPainter.{method}"
        fix = (f"Cast each coordinate: painter.{method}(int(x1), int(y1), ...), or pass QPointF/QLineF/QRectF objects, which take floats.",)
    elif method == "setValue":
        diagnosis = f"{got} passed to an integer widget's setValue"
        fix = ("widget.setValue(int(value)) (int(round(value)) for a progress percentage).",
               "Or use a float widget (QDoubleSpinBox) if fractional values are meant.")
    else:
        diagnosis = f"{got} passed to Qt {method}() expecting int"
        fix = (f"Wrap the argument in int() where {method}() is called.",)
    text = (f"{method}() received a {got}"
            + (" (a NumPy scalar from array arithmetic)" if numpy_value else "")
            + " for an int parameter. Python 3.10+ no longer converts floats implicitly for sip/PyQt int arguments")
    if isinstance(pyver, str) and pyver:
        text += f"; the log shows {pyver.replace('310', '3.10').replace('311', '3.11').replace('312', '3.12')} in use"
    text += "."
    fix = fix + ("Or run the tool with Python 3.9, or upgrade it to a release that casts these values.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
