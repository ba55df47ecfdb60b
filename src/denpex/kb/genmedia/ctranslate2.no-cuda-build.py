"""Computed diagnosis for ctranslate2.no-cuda-build: platform read from the log's paths and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    hint = str(facts.get("path_hint") or "")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if hint in ("/Users/", "/opt/homebrew/"):
        derived.update(platform_text=" (macOS: there is no CUDA on a Mac)", fix_short="use device='cpu', compute_type='int8'")
        text = ("The paths show macOS. Macs have no NVIDIA GPU and CTranslate2 has no Metal/MPS backend, so faster-whisper/whisperX run on the CPU; "
                "the code hard-codes device='cuda'.")
        fix.append("WhisperModel(model, device='cpu', compute_type='int8') / whisperx.load_model(model, 'cpu', compute_type='int8') / --device cpu --compute_type int8.")
        fix.append("For the Apple GPU use a different engine (mlx-whisper, whisper.cpp with Metal).")
    elif hint == "/nix/store/":
        derived.update(platform_text=" (Nix package built without CUDA)", fix_short="select the CUDA build of ctranslate2 in Nix, or use device='cpu'")
        text = "The ctranslate2 from the Nix store was built without the CUDA backend."
        fix.append("Enable CUDA for it: nixpkgs.config.cudaSupport = true, or override ctranslate2 { withCUDA = true; withCuDNN = true; } for the faster-whisper package.")
    elif hint in ("aarch64", "arm64"):
        derived.update(platform_text=" (ARM build: the aarch64 wheels are CPU-only)", fix_short="build CTranslate2 with -DWITH_CUDA=ON, or use device='cpu'")
        text = "On aarch64 the ctranslate2 wheels from PyPI have no CUDA backend."
        fix.append("Build CTranslate2 from source with cmake -DWITH_CUDA=ON -DWITH_CUDNN=ON, install it, then build/install its python wheel; or use device='cpu', compute_type='int8'.")
    else:
        derived.update(platform_text=" (Mac, ARM or CPU-only package)", fix_short="install a CUDA-enabled ctranslate2 (PyPI x86_64/Windows wheels) or use device='cpu'")
        text = ("device='cuda' was requested but this ctranslate2 binary has no CUDA backend: a Mac, an ARM machine, or a CPU-only package "
                "(distro/conda/Nix or own build).")
        fix.append("On x86_64 Linux/Windows with an NVIDIA GPU: pip install --force-reinstall ctranslate2 (the PyPI wheel includes CUDA).")
        fix.append("Otherwise use device='cpu', compute_type='int8'.")
    fix.append("Choose the device at run time: device = 'cuda' if ctranslate2.get_cuda_device_count() else 'cpu'.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
