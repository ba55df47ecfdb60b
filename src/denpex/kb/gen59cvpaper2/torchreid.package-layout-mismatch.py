"""Computed diagnosis for torchreid.package-layout-mismatch: the import to use instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    if not module.startswith("torchreid."):
        return None
    rest = module[len("torchreid."):]
    new_import = f"torchreid.reid.{rest}"
    seen_reid = bool(facts.get("layout"))
    note = (" (the traceback shows site-packages/torchreid/reid/..., so the installed build nests its modules under torchreid.reid)"
            if seen_reid else " (check whether site-packages/torchreid has a reid/ folder)")
    text = (f"The code imports {module}, the flat deep-person-reid layout. "
            + ("The installed torchreid keeps that module at " + new_import + "."
               if seen_reid else f"If the installed torchreid has a reid/ subfolder, the module is {new_import}."))
    fix = (f"Change the import to {new_import} (e.g. from {new_import} import ...), or",
           "pip uninstall -y torchreid and install the deep-person-reid source the code expects: git clone https://github.com/KaiyangZhou/deep-person-reid && pip install -e deep-person-reid")
    return Explanation(text=text, fix=fix, derived={"layout_note": note, "new_import": new_import})
