"""Computed diagnosis for openvino.python-module-moved: which API generation the import belongs to and what to do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    mod = str(facts.get("module") or "")
    if sig == "runtime-deprecated-warning":
        return Explanation(
            text="OpenVINO 2025.x warns that openvino.runtime disappears in 2026.0; nothing failed here.",
            fix=("Replace 'from openvino.runtime import X' with 'from openvino import X' (valid from 2023.1 on).",),
            derived={"advice": "deprecation notice only"})
    if facts.get("not_package"):
        advice = "a local openvino.py shadows the package"
        text = (f"Python found a file named openvino.py (or a module named openvino) before the installed package, so '{mod}' cannot exist. "
                "Demo scripts saved as openvino.py trigger this.")
        fix = ("Rename the local openvino.py (and delete its __pycache__), then run again.",
               "python -c \"import openvino; print(openvino.__file__)\"  # must point into site-packages")
        return Explanation(text=text, fix=fix, derived={"advice": advice})
    if mod.startswith("openvino.runtime"):
        advice = "openvino.runtime exists only in OpenVINO 2022.1-2025.x"
        text = (f"'{mod}' is API 2.0's module path: it was introduced in OpenVINO 2022.1 and removed in 2026.0. "
                "If the installed OpenVINO is 2021.x, upgrade; if it is 2026.0 or newer, the code must import from the top-level openvino package.")
        fix = ("python -c \"import openvino as ov; print(ov.get_version())\"  # see which side you are on",
               "On 2026.0+: 'from openvino.runtime import Core' -> 'from openvino import Core' (or import openvino as ov; ov.Core())",
               "On 2021.x: pip install -U 'openvino>=2022.1'  (or use the demo branch for your release, e.g. OMZ releases/2021/4)")
    elif mod.startswith("openvino.inference_engine"):
        advice = "API 1.0 (inference_engine) was removed in OpenVINO 2024.0"
        text = (f"'{mod}' is the API 1.0 module (IECore, IENetwork, ExecutableNetwork): deprecated since 2022.1 and removed in OpenVINO 2024.0.")
        fix = ("Port to API 2.0: import openvino as ov; core = ov.Core(); model = core.read_model(xml); compiled = core.compile_model(model, 'CPU')",
               "Or pin an older release for this code: pip install 'openvino<2024'")
    elif mod.startswith("openvino.tools.mo"):
        advice = "Model Optimizer left with openvino-dev in OpenVINO 2025.0"
        text = (f"'{mod}' is the Model Optimizer of openvino-dev 2022.1-2024.x; openvino-dev and MO were removed in 2025.0.")
        fix = ("Convert with the runtime instead: ovc model.onnx, or ov.convert_model('model.onnx') and ov.save_model(model, 'model.xml')",
               "Or install the last tools release for old scripts: pip install 'openvino-dev<2025'")
    elif mod == "mo" or mod.startswith("mo."):
        advice = "the 2021.x 'mo' package became openvino.tools.mo in 2022.1 (gone in 2025.0)"
        text = (f"'{mod}' is the Model Optimizer path of openvino-dev <= 2021.4. From 2022.1 the same code lives in openvino.tools.mo "
                "(e.g. mo.mo.utils.version -> openvino.tools.mo.utils.version), and from 2025.0 there is no Model Optimizer at all.")
        fix = ("For 2022.1-2024.x: change 'from mo...' / 'from mo.mo...' to 'from openvino.tools.mo...'",
               "Or keep the old layout: pip install openvino-dev==2021.4.2",
               "On 2025.0+: use ovc / openvino.convert_model")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"advice": advice})
