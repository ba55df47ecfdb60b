"""Computed diagnosis for torchdata.torch-version-skew: which symbol or name, and what it means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SYMBOLS = {
    "StreamWrapper": "StreamWrapper appeared in torch 1.11: torchdata 0.3+ needs torch >= 1.11 (0.3 <-> 1.11, 0.4 <-> 1.12).",
    "DILL_AVAILABLE": "DILL_AVAILABLE moved in torch 2.3: torchdata 0.7.x only works with torch 2.1.x; with torch 2.4 use torchdata 0.8.0.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("dp_name") or "").strip()
    symbol = str(facts.get("symbol") or "").strip()
    if name:
        return Explanation(
            text=(f"The functional DataPipe name '{name}' was registered twice: two modules defining it were imported "
                  "(two torchdata copies, a package that copies torchdata's DataPipes, or one module under two names)."),
            fix=(f"Find the definitions: grep -rn \"functional_datapipe(\\\"{name}\\\")\" $(python -c 'import site; print(site.getsitepackages()[0])') .",
                 "Keep one torchdata installation (pip uninstall until none is left, then install one) or rename the custom DataPipe."),
            derived={"symbol_or_name": f"DataPipe name '{name}' taken"},
        )
    if symbol:
        hint = _SYMBOLS.get(symbol, "torchdata imports a torch internal that the installed torch does not have: install the torch/torchdata pair released together.")
        module = str(facts.get("torch_module") or "torch.utils.data")
        return Explanation(
            text=f"'{symbol}' is not in {module} of the installed torch. {hint}",
            fix=("pip install the released pair, e.g. torch==2.1.2 torchdata==0.7.1, torch==2.4.0 torchdata==0.8.0, torch==2.5.0 torchdata==0.9.0.",),
            derived={"symbol_or_name": f"{symbol} missing from torch"},
        )
    return None
