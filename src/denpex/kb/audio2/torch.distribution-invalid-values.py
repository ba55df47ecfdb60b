"""Computed diagnosis for torch.distribution-invalid-values: recognise Whisper's vocabulary and name the likely source."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHISPER_VOCAB = {51864: "an English-only Whisper model (.en)", 51865: "a multilingual Whisper model (tiny ... large-v2)",
                  51866: "Whisper large-v3 / turbo"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dist = str(facts.get("dist") or "")
    param = str(facts.get("param") or "")
    shape = str(facts.get("shape") or "")
    constraint = str(facts.get("constraint") or "")
    if not dist or not param:
        return None
    dims = [int(x) for x in shape.replace(" ", "").split(",") if x.isdigit()]
    last = dims[-1] if dims else None
    if dist == "Categorical" and last in _WHISPER_VOCAB:
        model = _WHISPER_VOCAB[last]
        text = (f"Whisper decoding ({model}, vocabulary {last}) produced non-finite logits while sampling with temperature fallback. "
                "The decoder output is NaN: fp16 overflow on this GPU, or the audio given to it is silent, non-finite, not scaled "
                "to [-1, 1], or not 16 kHz.")
        fix = ("Rerun with fp16=False (CLI: --fp16 False; faster-whisper: compute_type='float32').",
               "Check the audio array: float32, np.isfinite(audio).all(), -1 <= audio <= 1, 16 kHz; skip all-zero chunks after VAD/noise reduction.",
               "Update stable-ts / whisper (newer releases guard NaN logits in the fallback).")
        return Explanation(text=text, fix=fix, derived={"model_hint": model, "what": f"Whisper decoder produced NaN logits ({model})"})
    if "Simplex" in constraint:
        text = (f"{dist} got probs{f' of shape ({shape})' if shape else ''} that are NaN, negative or do not sum to 1: a manual "
                "softmax/normalisation produced invalid values (often 0/0 from an all-zero row).")
        fix = ("Pass logits= instead of probs= so the distribution normalises stably.",
               "Find where the NaN first appears (torch.autograd.set_detect_anomaly(True); assert torch.isfinite(x).all()).")
    else:
        text = (f"{dist}'s {param}{f' (shape {shape})' if shape else ''} contains NaN/Inf: the network producing it diverged or was "
                "fed non-finite inputs. In RL this is the usual sign of an unstable policy update.")
        fix = ("Lower the learning rate, clip gradients (e.g. max_grad_norm=0.5), normalise observations/advantages/rewards.",
               "Assert finiteness of observations, rewards and network outputs to find the first NaN; raise the entropy coefficient "
               "if the policy collapses.")
    return Explanation(text=text, fix=fix, derived={"what": f"{dist} parameter {param} contains NaN/Inf (the model producing it diverged or got non-finite input)"})
