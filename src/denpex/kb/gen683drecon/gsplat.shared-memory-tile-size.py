"""Computed diagnosis for gsplat.shared-memory-tile-size: is the request too large, or is the build/context at fault."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DEFAULT_LIMIT = 48 * 1024  # every CUDA GPU allows this much per block without opt-in
_AMPERE_CONSUMER = 99 * 1024  # sm_86 / sm_89 opt-in limit, the smallest modern one


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        requested = int(facts.get("requested_bytes") or 0)
    except (TypeError, ValueError):
        return None
    if requested <= 0:
        return None
    kib = requested / 1024
    if requested <= _DEFAULT_LIMIT:
        diagnosis = f" ({kib:.1f} KiB is within the 48 KiB every GPU allows: the kernel or CUDA context is at fault, not tile_size)"
        text = (f"The request ({requested} bytes = {kib:.1f} KiB) is below the 48 KiB any CUDA GPU grants a block without "
                "opt-in, so CUDA did not refuse the size: cudaFuncSetAttribute itself failed. Most often the gsplat "
                "extension has no kernel for this GPU (built for another compute capability, or an environment copied "
                "from another machine); otherwise an earlier CUDA error left the context unusable.")
        fix = ("pip uninstall -y gsplat && TORCH_CUDA_ARCH_LIST=\"$(python -c 'import torch;print(\"%d.%d\"%torch.cuda.get_device_capability())')\" "
               "pip install --no-build-isolation --no-cache-dir gsplat",
               "CUDA_LAUNCH_BLOCKING=1 python <script>  # if the build matches, find the earlier failing kernel")
    elif requested <= _AMPERE_CONSUMER:
        diagnosis = f" ({kib:.1f} KiB needs opt-in above 48 KiB: too large for GPUs before Volta or with a 64 KiB limit)"
        text = (f"The request ({kib:.1f} KiB) is above the 48 KiB default and fits only GPUs whose opt-in limit is "
                "larger (about 99 KiB on RTX 30/40, 163 KiB on A100, 227 KiB on H100); this GPU refused it. Lower "
                "tile_size or rasterize fewer channels per call.")
        fix = ("Use tile_size=16 or 8 in the rasterization call/config.",
               "Rasterize feature channels in chunks (e.g. 16-32 per call) and concatenate the results.")
    else:
        diagnosis = f" ({kib:.1f} KiB exceeds the per-block limit of consumer GPUs: lower tile_size or the channels per call)"
        text = (f"The request ({kib:.1f} KiB) is above the ~99 KiB per-block limit of consumer Ampere/Ada GPUs and "
                "close to or above the limits of data-centre GPUs: the tile is too large for the number of channels "
                "rendered at once.")
        fix = ("Lower tile_size (16 -> 8) - the request scales with tile_size squared.",
               "Split the feature channels into several rasterization calls.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
