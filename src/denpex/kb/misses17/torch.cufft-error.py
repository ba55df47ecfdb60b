"""Computed diagnosis for torch.cufft-error: what the cuFFT status means for a torch FFT and which build fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "CUFFT_INTERNAL_ERROR": (
        "GPU newer than the cuFFT in this torch build, or no free GPU memory for the FFT plan",
        "cuFFT failed while planning or running the transform. If this is an RTX 40-series (Ada, compute capability 8.9) and "
        "torch.version.cuda is 11.7 or older, that cuFFT does not support the GPU: every FFT fails. If it happens only sometimes or "
        "late in a run, the GPU memory was nearly full when cuFFT needed its plan workspace.",
        ("Check: python -c \"import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_device_name(0))\"; with CUDA <= 11.7 on an RTX 40xx install a cu118+ build: pip install --force-reinstall torch torchaudio --index-url https://download.pytorch.org/whl/cu118 (or newer).",
         "If memory is the cause: reduce batch/segment size, set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, and call torch.backends.cuda.cufft_plan_cache.clear() after large FFT phases."),
    ),
    "CUFFT_INVALID_DEVICE": (
        "the cuFFT in this torch build does not support this GPU",
        "cuFFT has no code for this GPU (or the plan was created on another device than the one executing it). Typical: an RTX "
        "50-series (Blackwell, compute capability 12.0) with a torch built for CUDA older than 12.8, or an old GPU (Kepler, compute "
        "capability 3.x) that recent CUDA builds dropped.",
        ("Install a torch build for the GPU: RTX 50-series needs CUDA 12.8+ (pip install torch torchaudio --index-url https://download.pytorch.org/whl/cu128); check with torch.cuda.get_arch_list().",
         "For a GPU too old for any current build: run the FFT/separation on CPU (disable GPU conversion), or use an old torch release that still supports it.",
         "With several GPUs: keep the tensors and the FFT on one device (torch.cuda.set_device before the first FFT)."),
    ),
    "CUFFT_ALLOC_FAILED": (
        "cuFFT could not allocate GPU memory for the plan",
        "cuFFT could not allocate its workspace: the GPU memory is used up by the model and cached blocks.",
        ("Reduce batch/segment size or free memory (torch.cuda.empty_cache()); PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True.",),
    ),
    "CUFFT_INVALID_SIZE": (
        "the transform size is not valid for cuFFT",
        "cuFFT rejected the transform size (a zero-length or too large dimension, or n_fft larger than the signal without padding).",
        ("Check the input length and n_fft / hop_length (pad short signals, or use center=True).",),
    ),
    "CUFFT_INVALID_VALUE": (
        "cuFFT received an invalid argument",
        "cuFFT rejected an argument of the plan (stride, batch or type), often from an unusual tensor layout.",
        ("Make the input contiguous (x.contiguous()) and of a supported dtype (float32/complex64); try the same call on CPU to compare.",),
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("cufft_error") or "").strip()
    if not code:
        return None
    cause, text, fix = _CODES.get(code, (
        f"cuFFT reported {code}",
        f"cuFFT reported {code} for a torch FFT on CUDA: the bundled cuFFT, the GPU and the tensor layout are the three things to check.",
        ("Reproduce with a minimal torch.stft on the same GPU; install the torch build matching the GPU generation; compare with the CPU result.",),
    ))
    return Explanation(text=text, fix=fix, derived={"cause": cause})
