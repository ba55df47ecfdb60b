"""Computed diagnosis for openmmlab.module-already-registered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# names that mmcv 1.x itself registers in its low-level registries (conv layer, norm layer, ...)
_MMCV_LAYER_REGISTRIES = ("conv layer", "norm layer", "activation layer", "padding layer", "upsample layer", "plugin layer")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    registry = facts.get("registry")
    if not isinstance(name, str) or not isinstance(registry, str):
        return None
    existing = facts.get("existing_module")
    if registry in _MMCV_LAYER_REGISTRIES:
        return Explanation(
            text=(f"'{name}' is registered in mmcv's '{registry}' registry twice: the downstream library (e.g. an old mmdet) "
                  "registers a layer that this mmcv already provides - mmcv and the library are at mismatched versions."),
            fix=("Install the mmcv version range this release of the library asks for (pip install mmcv-full==<matching> ...).",
                 "Or upgrade the library to the release made for this mmcv."),
            derived={"diagnosis": "mmcv / downstream version skew"},
        )
    if isinstance(existing, str) and existing:
        return Explanation(
            text=(f"'{name}' was first registered from module '{existing}', and now another import registers it again: "
                  "either the same file imported under a second module path or a second class with that name."),
            fix=(f"Check that '{existing}' is the copy you mean to run; remove the other copy or import it only once (custom_imports).",
                 f"If it is your own class, rename it or use register_module(force=True) to override on purpose."),
            derived={"diagnosis": f"duplicate registration, first from {existing}"},
        )
    return Explanation(
        text=(f"'{name}' is registered twice in the '{registry}' registry: the module defining it ran twice (two copies of the "
              "package on sys.path, a repo copy beside the pip install) or two classes share the name."),
        fix=("python -c \"import mmdet, mmaction; print(mmdet.__file__, mmaction.__file__)\" to find duplicate copies; keep one (pip install -v -e .).",
             f"grep -rn 'class {name}' . to find a second definition or a duplicated @register_module line."),
        derived={"diagnosis": "duplicate registration"},
    )
