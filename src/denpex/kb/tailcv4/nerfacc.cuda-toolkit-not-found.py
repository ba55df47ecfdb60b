"""Computed diagnosis for nerfacc.cuda-toolkit-not-found: name the kernel that failed and the likely cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    sig = facts.get("_signature")
    if isinstance(name, str) and name:
        note = f" (first kernel/enum used: {name})"
        text = (f"nerfacc's compiled CUDA module is None, so its call_cuda('{name}') failed: the JIT build was "
                "skipped because no CUDA toolkit (nvcc) was visible to this process, or the prebuilt extension is missing.")
    elif sig == "no-cuda-toolkit-notice":
        note = ""
        text = ("nerfacc found no CUDA toolkit when it imported and disabled its CUDA kernels; the first sampling or "
                "rendering call will fail with AttributeError on None.")
    else:
        return None
    fix = (
        "pip install nerfacc==0.3.5 -f https://nerfacc-bucket.s3.us-west-2.amazonaws.com/whl/torch-<torch version>_cu<cuda>.html  "
        "# prebuilt wheel for python -c 'import torch; print(torch.__version__, torch.version.cuda)'",
        "Or: export PATH=/usr/local/cuda/bin:$PATH LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH CUDA_HOME=/usr/local/cuda "
        "(also in the IDE run configuration / service unit), then rm -rf ~/.cache/torch_extensions/*/nerfacc_cuda",
    )
    return Explanation(text=text, fix=fix, derived={"name_note": note})
