"""Computed diagnosis for dcnv2.extension-not-built: which wording says what about the build."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    module = facts.get("module") or "_ext"
    if sig == "ext-undefined-symbol":
        symbol = facts.get("symbol") or "?"
        return Explanation(
            text=(f"{module} exists but was compiled against another PyTorch/C++ ABI: the running libtorch has no "
                  f"symbol {symbol}."),
            fix=("Remove the old build (rm -rf build *.so) in the DCNv2 folder and rebuild with the running interpreter: "
                 "python setup.py build develop.",),
            derived={"diagnosis": "extension built for another PyTorch"},
        )
    if sig == "cannot-import-dcn-v2":
        return Explanation(
            text=("This is CenterNet's original DCNv2 wrapper (from ._ext import dcn_v2), a torch.utils.ffi build that "
                  "only exists for PyTorch 0.4.x; on PyTorch 1.0+ it cannot be built."),
            fix=("Replace the DCNv2 folder with a fork built for your PyTorch version and run python setup.py build develop, "
                 "or install PyTorch 0.4.1 as CenterNet's INSTALL.md asks.",),
            derived={"diagnosis": "legacy ffi DCNv2 on new PyTorch"},
        )
    if sig == "import-dcn-failed":
        return Explanation(
            text=("The model file could not import DCN and set DCN = None; any DLA/DCN model build will then fail "
                  "(often as TypeError: 'NoneType' object is not callable)."),
            fix=("Build the DCNv2 extension in src/lib/model/networks/DCNv2 (python setup.py build develop) and check that "
                 "'from model.networks.DCNv2.dcn_v2 import DCN' works.",),
            derived={"diagnosis": "DCN import swallowed"},
        )
    if sig == "pip-dcn-v2-missing":
        return Explanation(
            text="The code imports DCNv2 as an installed package (dcn_v2), which is not installed in this environment.",
            fix=("Clone a DCNv2 fork matching your PyTorch and install it (python setup.py build develop) in this environment.",),
            derived={"diagnosis": "DCNv2 package not installed"},
        )
    return Explanation(
        text=f"The compiled part of DCNv2 ({module}) is not there: the extension was not built in this folder for this Python.",
        fix=("cd into the DCNv2 folder of the repository and run python setup.py build develop (or ./make.sh); "
             "a _ext*.so / _ext*.pyd file must appear next to dcn_v2.py.",),
        derived={"diagnosis": "extension not built"},
    )
