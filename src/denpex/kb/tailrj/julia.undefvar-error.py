"""Computed diagnosis for julia.undefvar-error: what kind of name and where it should come from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# names renamed or removed in Julia ML packages -> replacement
_KNOWN = {
    "ADAM": "Flux >= 0.13 renamed it Adam (Optimisers.Adam); likewise RADAM->RAdam, ADAMW->AdamW, NADAM->NAdam, ADAGrad->AdaGrad",
    "RADAM": "Flux >= 0.13: RAdam",
    "ADAMW": "Flux >= 0.13: AdamW",
    "NADAM": "Flux >= 0.13: NAdam",
    "ADAGrad": "Flux >= 0.13: AdaGrad",
    "@epochs": "Flux 0.14 removed @epochs: write `for epoch in 1:n; Flux.train!(...); end`",
    "Tracker": "Flux >= 0.10 uses Zygote instead of Tracker; drop Tracker.data/param and use gradient/withgradient",
    "DataLoader": "Flux.Data.DataLoader moved to MLUtils: using MLUtils: DataLoader (Flux re-exports it as Flux.DataLoader)",
    "Data": "Flux.Data was removed: use MLUtils (DataLoader, splitobs)",
    "params": "Flux 0.15 removed implicit params: use Flux.setup(opt, model) and explicit gradients",
    "Chain": "Chain comes from Flux (or Lux): add `using Flux`",
    "Dense": "Dense comes from Flux (or Lux): add `using Flux`",
    "cu": "cu comes from CUDA.jl: add `using CUDA`",
    "gpu": "gpu comes from Flux: add `using Flux` (and `using CUDA` or cuDNN for the GPU backend)",
    "@main": "Julia 1.11 defines Base.@main; a package/script exporting its own @main now clashes: qualify it (Pkg.@main) or update the package",
    "libcuda": "CUDA driver library not found; see cudajl.libcuda-not-found",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("name") or "").strip()
    module = str(facts.get("module") or "").strip()
    if not name:
        return None
    fixes: list[str] = []
    hint = f" in module {module}" if module else ""
    if name in _KNOWN:
        diagnosis = "renamed-or-removed-api"
        text = f"`{name}` is a known renamed/removed or package-provided name: {_KNOWN[name]}."
        fixes.append(_KNOWN[name] + ".")
    elif module and module != "Main":
        diagnosis = "not-in-package"
        text = (f"`{name}` is looked up in the package module `{module}`, which does not define or re-export it in the "
                "installed version (a newer release removed/renamed it, or it was never exported there).")
        fixes += [f"Import `{name}` from the package that defines it directly (using ThatPackage) instead of via {module}.{name}.",
                  f"Check ] status {module} and its release notes; pin the version that had `{name}` if your code needs it."]
    elif name.startswith("@"):
        diagnosis = "macro-not-imported"
        text = f"The macro {name} is not available in Main: the package that defines it is not loaded with `using`."
        fixes.append(f"Add `using <Package>` (or `using <Package>: {name}`) before the first use.")
    elif name[:1].isupper():
        diagnosis = "type-or-module-not-imported"
        text = f"`{name}` looks like a type or module name that is not imported into this scope."
        fixes.append(f"Add the `using` line of the package that defines `{name}` (check spelling and capitalisation).")
    else:
        diagnosis = "name-not-defined"
        text = (f"`{name}` is not defined where it is used: a typo, a missing `using`, or a variable assigned only inside a "
                "function/loop scope.")
        fixes.append("Check the spelling, the `using` lines, and where the variable is assigned (pass it as an argument instead of relying on globals).")
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis, "module_hint": hint})
