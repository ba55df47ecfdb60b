"""Computed diagnosis for optimum.export-unsupported-architecture: unknown type vs unsupported task, and which package to upgrade."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REMOTE_CODE = ("chatglm", "qwen", "moss", "internvl", "internlm", "baichuan", "minicpm", "ovis", "phi3_v", "deepseek_vl")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    model_type = facts.get("model_type")
    if not model_type:
        return None
    task = facts.get("task")
    exporter = str(facts.get("exporter") or "onnx")
    openvino = exporter.lower() in ("export", "openvino")
    pkg = "optimum-intel" if openvino else "optimum optimum-onnx"
    cli = "optimum-cli export openvino" if openvino else "optimum-cli export onnx"
    what = f"model type {model_type}" + (f" for the task {task}" if task else "")
    if sig == "task-not-supported":
        text = (f"Optimum knows {model_type} but not for the task {task}; the error lists the tasks it supports for this type.")
        fix = (f"{cli} --model <id> --task <one of the listed tasks> <out_dir> (e.g. text-generation-with-past for decoders).",
               f"pip install -U {pkg} if you need exactly {task} (support may be newer).")
    else:
        remote = model_type.lower() in _REMOTE_CODE
        text = (f"model_type '{model_type}' has no export config in the installed Optimum"
                + (" - it is a remote-code architecture that Optimum does not register." if remote else
                   " - likely an architecture newer than this Optimum release.")
                + (f" Requested task: {task}." if task else ""))
        fix = (f"pip install -U {pkg} (or from source if the support PR is merged but unreleased), then rerun {cli}.",
               "Otherwise pass custom_onnx_configs (custom_export_configs for OpenVINO) built from a close config (e.g. the Llama one) to main_export.",
               "Or export with torch.onnx.export directly / use a pre-converted model from the Hub (onnx-community, OpenVINO).")
    return Explanation(text=text, fix=fix, derived={"what": what})
