"""Computed diagnosis for fairseq.cython-components-not-built: which fairseq tree lacks the build and how to build it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _tree(path: str) -> tuple[str, str | None]:
    """(kind, root folder of the fairseq tree) from a traceback path inside fairseq."""
    p = path.replace("\\", "/")
    m = re.search(r"^(.*?/)fairseq/(?:fairseq_cli/|data/|tasks/|models/|[^/]+\.py)", p) or re.search(r"^(.*?/)(?:hubconf\.py|fairseq_cli/)", p)
    root = m.group(1).rstrip("/") if m else None
    if "/torch/hub/" in p or p.endswith("hubconf.py"):
        return "torch.hub copy", root
    if "site-packages" in p or "dist-packages" in p:
        return "installed package", root
    return "source checkout", root


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    path = str(facts.get("fairseq_file") or "")
    kind, root = _tree(path) if path else ("fairseq source tree", None)
    what = f"'{module}'" if module else "a compiled module (data_utils_fast / token_block_utils_fast)"
    cpp = module.endswith(("libbleu", "libnat", "libbase", "libnat_cuda", "ngram_repeat_block_cuda"))
    lang = "C++/CUDA extension" if cpp else "Cython extension"
    if kind == "torch.hub copy":
        text = (f"fairseq was imported from torch.hub's downloaded copy{f' ({root})' if root else ''}, where the "
                f"{lang} {what} was never compiled (older hubconf.py builds it only when cython is installed).")
        fix = ("pip install cython", "torch.hub.load('pytorch/fairseq', <model>, force_reload=True)  # rebuilds the hub copy")
    elif kind == "installed package":
        text = (f"The installed fairseq{f' at {root}' if root else ''} lacks the {lang} {what}: the wheel/sdist build "
                "skipped or failed to compile it (no compiler or cython when it was installed).")
        fix = ("pip install cython && pip install --force-reinstall --no-cache-dir --no-binary fairseq fairseq  # rebuild with a compiler present",)
    else:
        where = f" ({root})" if root else ""
        text = (f"fairseq is imported from a source tree{where} whose {lang} {what} was never built: running from a git "
                "clone or a repository's vendored fairseq puts those unbuilt sources first on sys.path, even when a built "
                "fairseq is pip-installed.")
        fix = (f"cd {root or '<fairseq checkout>'} && pip install cython && pip install --editable ./",
               "Or build in place: python setup.py build_ext --inplace",
               "Or, to use the pip-installed fairseq, run fairseq-train/fairseq-generate from another directory.")
    return Explanation(text=text, fix=fix, derived={"tree": kind})
