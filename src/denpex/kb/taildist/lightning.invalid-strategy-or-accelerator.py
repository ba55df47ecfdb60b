"""Computed diagnosis for lightning.invalid-strategy-or-accelerator: which of the usual three causes this is."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REMOVED_2_0 = {
    "dp": "'dp' (DataParallel) was removed in Lightning 2.0: use 'ddp'",
    "ddp2": "'ddp2' was removed in Lightning 2.0: use 'ddp'",
    "horovod": "the Horovod strategy was removed in Lightning 2.0: use 'ddp' (or pin lightning<2)",
    "ddp_sharded": "'ddp_sharded' (fairscale) was removed in Lightning 2.0: use 'fsdp' or 'deepspeed_stage_2'",
    "ddp_sharded_spawn": "'ddp_sharded_spawn' was removed in Lightning 2.0: use 'fsdp'",
    "ddp_fully_sharded": "'ddp_fully_sharded' (fairscale) was removed in Lightning 2.0: use 'fsdp'",
    "bagua": "the Bagua strategy was removed from Lightning 2.0 core",
    "colossalai": "the ColossalAI strategy was removed from Lightning 2.0 core",
    "tpu_spawn": "'tpu_spawn' was renamed to 'xla' in Lightning 2.0",
    "ddp_find_unused_parameters_false": "Lightning 2.0 defaults to find_unused_parameters=False: use 'ddp' (or 'ddp_find_unused_parameters_true')",
}
_OLD_ACCELERATORS = {"ddp", "ddp_spawn", "dp", "ddp2", "horovod", "ddp_cpu"}


def _pkg(module: str) -> str:
    if module.startswith("lightning.fabric") or module.startswith("lightning_fabric"):
        return "lightning.fabric"
    if module.startswith("lightning.pytorch") or module.startswith("lightning."):
        return "lightning.pytorch"
    if module.startswith("pytorch_lightning"):
        return "pytorch_lightning"
    return module.split(".")[0]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    value = str(facts.get("value") or "").strip()
    if not kind or not value:
        return None
    expected = str(facts.get("expected") or "")
    fix: list[str] = []
    obj = re.match(r"<([\w.]+)\.(\w+) object", value)
    name = value.strip("'\"")
    if obj:
        got_pkg, cls = _pkg(obj.group(1)), obj.group(2)
        want_pkg = _pkg(expected) if expected else ""
        if want_pkg and got_pkg != want_pkg:
            diagnosis = f"{cls} from {got_pkg} given to a {want_pkg} {('Trainer' if want_pkg != 'lightning.fabric' else 'Fabric')}"
            text = (f"The {kind} object is {obj.group(1)}.{cls} but the Trainer checks against {expected}: the two packages "
                    f"define separate classes, so an object from {got_pkg} is not a {want_pkg} Strategy.")
            fix.append(f"Import both from one package: from {want_pkg}.strategies import {cls} (or switch the Trainer import to {got_pkg}).")
        else:
            diagnosis = f"{cls} is not a Lightning {kind} subclass"
            text = f"{obj.group(1)}.{cls} does not subclass the Trainer's {kind} base class {expected or ''}."
            fix.append("Pass a registered name or an instance of a Lightning Strategy subclass.")
    elif name == "None":
        diagnosis = f"{kind}=None from Lightning 1.x code"
        text = f"{kind}=None was accepted by Lightning 1.x; Lightning 2.x requires a name ('auto' by default)."
        fix.append(f"Use {kind}='auto' or drop the argument.")
    elif kind == "strategy" and name in _REMOVED_2_0:
        diagnosis = f"strategy '{name}' no longer exists"
        text = _REMOVED_2_0[name] + "."
        fix.append(f"Change strategy='{name}' as above, or pin the Lightning 1.x version the code was written for.")
    elif kind == "accelerator" and name in _OLD_ACCELERATORS:
        diagnosis = f"'{name}' is a strategy, not an accelerator"
        text = (f"accelerator='{name}' is the Lightning <=1.4 API where the accelerator flag chose the distributed mode; "
                "now the device type and the strategy are separate arguments.")
        fix.append(f"Use accelerator='gpu', strategy='{name if name != 'dp' else 'ddp'}'.")
    else:
        avail = str(facts.get("available") or "").strip()
        diagnosis = f"'{name}' is not a registered {kind}"
        text = f"'{name}' is not in this Lightning's {kind} registry" + (f" (available: {avail})." if avail else ".")
        if kind == "accelerator" and name in {"xpu", "hpu", "ipu"}:
            text += f" The {name} accelerator comes from a separate plugin package that is not installed or not imported."
        fix.append(f"Use one of the registered names, check spelling and case, or install the plugin that registers '{name}'.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
