"""Computed diagnosis for apex.cuda-ext-not-built: name the apex feature behind the missing module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# extension module -> (apex feature that needs it, extra setup.py option beyond --cpp_ext --cuda_ext)
_MODULES: dict[str, tuple[str, str]] = {
    "amp_C": ("multi-tensor kernels used by apex.amp, apex.optimizers and apex.transformer", ""),
    "apex_C": ("flatten/unflatten helpers of apex.parallel", ""),
    "fused_layer_norm_cuda": ("apex.normalization FusedLayerNorm / FusedRMSNorm", ""),
    "fused_adam_cuda": ("old apex.optimizers FusedAdam", ""),
    "fused_lamb_cuda": ("apex.optimizers FusedLAMB", ""),
    "fused_dense_cuda": ("apex.fused_dense", ""),
    "syncbn": ("apex.parallel SyncBatchNorm", ""),
    "mlp_cuda": ("apex.mlp", ""),
    "fused_weight_gradient_mlp_cuda": ("Megatron gradient-accumulation fusion", ""),
    "scaled_upper_triang_masked_softmax_cuda": ("Megatron fused causal softmax (apex.transformer)", ""),
    "scaled_masked_softmax_cuda": ("Megatron fused masked softmax (apex.transformer)", ""),
    "generic_scaled_masked_softmax_cuda": ("Megatron fused masked softmax (apex.transformer)", ""),
    "scaled_softmax_cuda": ("Megatron fused softmax (apex.transformer)", ""),
    "fused_rotary_positional_embedding": ("apex.transformer fused RoPE", ""),
    "xentropy_cuda": ("apex.contrib.xentropy", "--xentropy"),
    "fast_layer_norm": ("apex.contrib.layer_norm FastLayerNorm", "--fast_layer_norm"),
    "fast_multihead_attn": ("apex.contrib.multihead_attn", "--fast_multihead_attn"),
    "focal_loss_cuda": ("apex.contrib.focal_loss", "--focal_loss"),
    "transducer_joint_cuda": ("apex.contrib.transducer", "--transducer"),
    "transducer_loss_cuda": ("apex.contrib.transducer", "--transducer"),
    "distributed_adam_cuda": ("apex.contrib.optimizers DistributedFusedAdam", "--distributed_adam"),
    "distributed_lamb_cuda": ("apex.contrib.optimizers DistributedFusedLAMB", "--distributed_lamb"),
    "fused_index_mul_2d": ("apex.contrib.index_mul_2d", "--index_mul_2d"),
    "bnp": ("apex.contrib.groupbn", "--bnp"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = facts.get("module")
    if not isinstance(module, str) or not module:
        return None
    feature, extra = _MODULES.get(module, ("an apex kernel", ""))
    importer = facts.get("importer")
    where = ""
    if isinstance(importer, str) and importer:
        where = f" It is imported by {importer.replace(chr(92), '/')}.py."
        if "transformer" in importer or "contrib" in importer:
            where += " apex imports this module while 'import apex' runs, so any use of apex fails, not only this feature."
    opts = ["--cpp_ext", "--cuda_ext"] + ([extra] if extra else [])
    cfg = " ".join(f'--config-settings "--build-option={o}"' for o in opts)
    glob = " ".join(f'--global-option="{o}"' for o in opts)
    text = (f"'{module}' is the compiled kernel behind {feature}; this apex install was built without it "
            f"(python-only install, options dropped by pip, or a failed extension build).{where}")
    fix = (
        f"pip uninstall -y apex && cd apex && pip install -v --disable-pip-version-check --no-cache-dir --no-build-isolation {cfg} ./",
        f"(pip < 23.1: pip install -v --no-cache-dir {glob} ./)",
        "Check the build log compiles the extension, then: python -c \"import " + module + "\"",
    )
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"{module} not built ({feature})"})
