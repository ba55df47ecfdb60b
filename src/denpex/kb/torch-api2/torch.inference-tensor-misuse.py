"""Computed diagnosis for torch.inference-tensor-misuse: which rule was broken (autograd vs in-place) and
the framework-specific way out (Lightning, RL trainers, evaluation loops)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature") or ""
    fw = str(facts.get("framework") or "")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if sig == "saved-for-backward":
        derived["what"] = "A tensor created under torch.inference_mode() was used in training (autograd cannot save it)"
        text = "A tensor created under torch.inference_mode() reached a differentiable op in training; autograd cannot save inference tensors for backward."
    elif sig in ("version-counter", "set-version-counter"):
        derived["what"] = "Code running on tensors from torch.inference_mode() needed their version counter, which inference tensors do not have"
        text = ("An operation needed the version counter of a tensor created under torch.inference_mode() (reading t._version, "
                "a torch.compile/dynamo trace, or a module saving/mutating a weight made in inference mode); inference tensors carry none.")
    else:
        derived["what"] = "A tensor created under torch.inference_mode() was updated in place outside inference mode"
        text = "A tensor created under torch.inference_mode() was modified in place (+=, /=, x[...] = ...) after the inference block ended."
    if "lightning" in fw:
        derived["framework"] = "lightning"
        text += " The log shows Lightning, which runs validation/test/predict under inference_mode by default."
        fix.append("Set Trainer(inference_mode=False) (validation then uses no_grad), or clone tensors cached during validation before using them in training_step.")
    elif any(k in fw for k in ("unsloth", "/trl/", "vllm", "transformers/generation")):
        derived["framework"] = "rl-generation"
        text += " The log shows a generation/RL stack: rollouts produced under inference mode are being fed into the loss."
        fix.append("Update TRL/unsloth (fixed versions clone rollouts), or clone the generated tensors (ids, log-probs, hidden states) before the training forward.")
    if "super_gradients" in fw or ("ultralytics" in fw and sig == "version-counter"):
        derived["framework"] = "ultralytics-nas"
        text += " The log shows Ultralytics/super-gradients: YOLO-NAS prediction runs inside Ultralytics' inference_mode and newer super-gradients releases trip over it."
        fix.append("Pin super-gradients 3.1.x for YOLO-NAS in Ultralytics, or run prediction with super-gradients' own model.predict(), or call the model under torch.no_grad() instead of inference_mode.")
    elif "_dynamo" in fw or "_inductor" in fw:
        derived["framework"] = "torch-compile"
        text += " The log shows torch.compile (dynamo/inductor) tracing under inference_mode."
        fix.append("Compile/trace the model outside inference_mode (use torch.no_grad() around the compiled call), or disable compile for inference; newer PyTorch releases fix several of these traces.")
    if sig == "inplace-outside":
        fix.append("Keep accumulators outside the block (test_loss = 0.0 before it, use loss.item()) or do the update inside the inference_mode block; check the indentation of the lines after it.")
    fix.append("Generic: t = t.clone() outside inference mode at the point where the value crosses over, or use torch.no_grad() instead of torch.inference_mode() for code whose outputs are reused.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
