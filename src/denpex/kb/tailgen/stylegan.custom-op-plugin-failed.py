"""Computed diagnosis for stylegan.custom-op-plugin-failed: which op the plugin implements."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OPS = {
    "bias_act": "bias + activation (every layer of G and D)",
    "fused_bias_act": "bias + activation (every layer of G and D)",
    "upfirdn2d": "up/down-sampling filters (StyleGAN2 layers)",
    "upfirdn_2d": "up/down-sampling filters (StyleGAN2 layers)",
    "filtered_lrelu": "StyleGAN3's filtered leaky ReLU (alias-free layers; the reference version is very slow)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    plugin = facts.get("plugin")
    if not isinstance(plugin, str) or not plugin:
        return None
    stem = plugin.split(".")[0].removesuffix("_plugin")
    what = _OPS.get(stem)
    tf = plugin.endswith(".cu")
    op_note = f" ({what})" if what else ""
    text = (f"The {'TensorFlow' if tf else 'PyTorch'} plugin '{plugin}'{op_note} could not be compiled or loaded; "
            "the exception printed after 'Failed!' is the cause.")
    if tf:
        fix = ("Check nvcc (nvcc --version) and, on Windows, cl.exe on PATH; the TF code caches builds in dnnlib/tflib/_cudacache (delete it to rebuild).",)
    else:
        fix = ("Set verbosity = 'full' in torch_utils/custom_ops.py to see the compiler output.",
               "pip install ninja; make nvcc match torch.version.cuda (CUDA_HOME); delete ~/.cache/torch_extensions/*/" + plugin + " and retry.")
    return Explanation(text=text, fix=fix, derived={"op_note": op_note})
