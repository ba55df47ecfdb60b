"""Computed diagnosis for fsspec.plugin-version-skew: which side of the fsspec pair to move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# name -> (side that is too old, note)
_KNOWN = {
    "maybe_sync": ("importer", "fsspec 0.9.0 removed maybe_sync; s3fs >= 0.6 / gcsfs >= 0.8 no longer use it"),
    "fsspec_loop": ("importer", "fsspec 2023.1.0 removed fsspec_loop; old dvc-http / dvc 2.x plugins import it - upgrade dvc-http"),
    "_selector_policy": ("importer", "fsspec 2025.7.0 removed _selector_policy; scmrepo releases before the fix import it - upgrade scmrepo"),
    "isfilelike": ("fsspec", "fsspec.utils.isfilelike exists from fsspec 2022.5.0; dvc-objects needs it"),
    "DEFAULT_CALLBACK": ("fsspec", "the importer expects the newer fsspec.callbacks API"),
}

_BACKENDS = {"s3fs", "gcsfs", "adlfs", "ocifs"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("missing_name")
    module = facts.get("fsspec_module")
    if not name or not module:
        return None
    importer = str(facts.get("importer") or "")
    who = importer or "The importing package"
    side, note = _KNOWN.get(str(name), ("", ""))
    if side == "importer":
        diagnosis = f"{who} older than the installed fsspec"
        text = (f"{who} imports {name} from {module}, which the installed fsspec no longer has ({note}). "
                f"{who if importer else 'The importing package'} is older than fsspec.")
    elif side == "fsspec":
        diagnosis = f"fsspec older than {who} expects"
        text = (f"{who} imports {name} from {module}, which the installed fsspec does not have yet ({note}). "
                "fsspec is older than the importer was built for.")
    else:
        diagnosis = f"{who} and fsspec releases out of step"
        text = (f"{who} imports {name} from {module}, which the installed fsspec does not provide: the two were "
                "installed from releases built for each other's other versions.")
    if importer in _BACKENDS:
        fix = (f"pip install -U {importer} fsspec  # resolve the pair together",
               f"or pin {importer} to fsspec's version: pip install \"{importer}==$(python -c 'import fsspec; print(fsspec.__version__)')\"")
    elif importer:
        fix = (f"pip install -U {importer} fsspec  # let pip pick a compatible pair, then run pip check",)
    else:
        fix = ("Upgrade fsspec and the package that imports it in one pip command, then run pip check.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
