"""Computed diagnosis for torch.device-backend-autoload-failed: name the plugin and read the inner error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PLUGINS = {
    "torch_npu": ("Ascend NPU", "torch-npu", "source /usr/local/Ascend/ascend-toolkit/set_env.sh"),
    "intel_extension_for_pytorch": ("Intel XPU (IPEX)", "intel-extension-for-pytorch", "source /opt/intel/oneapi/setvars.sh"),
    "habana_frameworks": ("Intel Gaudi HPU", "habana-torch-plugin", "use the SynapseAI container that matches the driver"),
}


def _plugin(name: str) -> tuple[str, str, str]:
    for key, value in _PLUGINS.items():
        if name.startswith(key):
            return value
    return (f"the {name} device backend", name.replace("_", "-"), "install the vendor runtime that the plugin needs")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ext = str(facts.get("extension") or "").strip()
    inner = str(facts.get("inner_error") or "").strip()
    if not ext and not inner:
        return None
    if not ext:
        ext = "torch_npu" if ("ascend" in inner.lower() or "hccl" in inner.lower()) else "the device plugin"
    device, dist, runtime = _plugin(ext)
    low = inner.lower()
    if "undefined symbol" in low or "cxxabi" in low or "glibcxx" in low:
        diagnosis = "plugin built for another torch / C++ runtime"
        why = (f"The inner error is a native link failure ({inner}): {ext} was built against another torch "
               "(or needs a newer libstdc++ than the one the loader found).")
        fix = (f"pip list | grep -i torch  # install the {dist} release built for this torch version, or pin torch to the plugin's version",)
    elif "cannot open shared object file" in low or "winerror 126" in low or "dll load failed" in low:
        diagnosis = "vendor runtime library missing"
        why = f"The inner error is a missing native library ({inner}): the {device} runtime is not installed or not on the loader path here."
        fix = (f"{runtime}  # before starting Python",
               "On a machine without this accelerator: export TORCH_DEVICE_BACKEND_AUTOLOAD=0 (or pip uninstall the plugin).")
    elif "circular import" in low or "partially initialized module" in low or "has no attribute '_autoload'" in low:
        diagnosis = "circular import during autoload"
        why = (f"The inner error is a circular import ({inner}): the plugin's entry point ran while a module was still "
               "half imported (a library imported before torch, or a source checkout of the plugin shadowing the install).")
        fix = ("Import torch first in the program, run outside the plugin's source directory, or set TORCH_DEVICE_BACKEND_AUTOLOAD=0 and import the plugin explicitly after torch.",)
    elif low.startswith("modulenotfounderror") or "no module named" in low:
        diagnosis = "plugin dependency missing"
        why = f"The inner error is a missing Python module ({inner}) that {ext} imports."
        fix = ("pip install the module named in the inner error (for torch_npu: pyyaml, decorator, attrs, psutil).",)
    else:
        diagnosis = f"{ext} failed to import"
        why = (f"torch imported the {device} plugin '{ext}' automatically and it raised" + (f": {inner}" if inner else "; the real error is the chained exception printed above") + ".")
        fix = (f"Fix {ext} (matching {dist} and torch versions, vendor runtime sourced) or export TORCH_DEVICE_BACKEND_AUTOLOAD=0 where it is not needed.",)
    return Explanation(text=why, fix=fix, derived={"diagnosis": diagnosis})
