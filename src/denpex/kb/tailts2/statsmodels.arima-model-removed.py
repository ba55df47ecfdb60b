"""Computed diagnosis for statsmodels.arima-model-removed: which class was removed and its replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PORT = {
    "ARMA": ("ARMA(p, q)", "from statsmodels.tsa.arima.model import ARIMA; ARIMA(y, order=(p, 0, q)).fit()"),
    "ARIMA": ("ARIMA(p, d, q)", "from statsmodels.tsa.arima.model import ARIMA; ARIMA(y, order=(p, d, q)).fit()  # no disp=, trend='n' instead of 'nc'"),
    "AR": ("AR(p)", "from statsmodels.tsa.ar_model import AutoReg; AutoReg(y, lags=p).fit()"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    removed = facts.get("removed")
    if sig == "ar-removed":
        removed = "AR"
    elif sig == "arima-model-removed":
        removed = removed or "ARIMA"
    if removed not in _PORT:
        return None
    what, code = _PORT[removed]
    if sig == "api-attribute-gone":
        text = (f"sm.tsa.{removed} no longer exists: statsmodels 0.13 removed the old {what} class from the API namespace. "
                "The calling code (your script or the library in the traceback) was written for statsmodels <= 0.12.")
    else:
        text = (f"The old {what} class is a placeholder since statsmodels 0.13 and raises as soon as it is built. "
                "The calling code was written for statsmodels <= 0.12.")
    fix = (code, "Or pin the old release for legacy code: pip install 'statsmodels<0.13'.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"statsmodels {removed} removed (0.13+)", "removed": removed})
