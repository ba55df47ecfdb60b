"""Computed diagnosis for anomalib.api-version-mismatch: which major version the failing import belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# module prefixes that only exist in 0.x (code needs 0.x) and that appeared in 1.0 (code needs 1.x+)
_ZERO_ONLY = ("anomalib.config", "anomalib.utils.callbacks",
              "anomalib.utils.loggers", "anomalib.utils.metrics", "anomalib.utils.sweep", "anomalib.data.utils.split",
              "anomalib.models.components.base.anomaly_module", "anomalib.data.task_type", "anomalib.data.inference")
_ONE_PLUS = ("anomalib.engine", "anomalib.callbacks", "anomalib.cli", "anomalib.pipelines", "anomalib.loggers",
             "anomalib.metrics", "anomalib.utils.types", "anomalib.data.image", "anomalib.data.datamodules")

_PIN_ZERO = "pip install 'anomalib==0.7.0' to run 0.x code (tools/train.py, YAML configs) unchanged"
_PIN_ONE = "pip install 'anomalib>=1.0,<2' && anomalib install  # 1.x Engine API with TaskType / task="


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    module = str(facts.get("module") or "")
    name = str(facts.get("name") or "")
    kwarg = str(facts.get("kwarg") or "")
    cls = str(facts.get("cls") or "")
    if sig == "task-kwarg-removed" and kwarg:
        via = " (Engine forwards it to Lightning's Trainer)" if cls == "Trainer" else ""
        return Explanation(
            text=(f"{cls}(..., {kwarg}=...) is 1.x-era code{via}: anomalib 2.0 removed the {kwarg} argument. "
                  + ("The task is now inferred (classification without masks, segmentation with mask_dir)." if kwarg == "task"
                     else "Resizing, normalisation and metrics moved to the model's PreProcessor / Evaluator.")),
            fix=(f"Drop {kwarg}= for anomalib 2.x (see the 2.x Folder / Engine docs)", _PIN_ONE),
            derived={"diagnosis": "1.x code on anomalib 2.x"},
        )
    if name == "TaskType":
        return Explanation(
            text=(f"TaskType cannot be imported from {module}. It lived in anomalib.data (0.x), moved to the top-level "
                  "anomalib package in 1.x, and was removed in 2.0 where the task is inferred."),
            fix=("On 1.x: from anomalib import TaskType", "On 2.x: remove TaskType and the task= arguments", _PIN_ONE),
            derived={"diagnosis": "TaskType location differs between 0.x, 1.x and 2.x"},
        )
    if module.startswith(_ZERO_ONLY) and not module.startswith(_ONE_PLUS):
        return Explanation(
            text=f"{module} only exists in anomalib 0.x; the installed anomalib is 1.x or newer, where runs go through Engine / the anomalib CLI.",
            fix=(_PIN_ZERO, "or port: from anomalib.engine import Engine; Engine().fit(model=..., datamodule=...)"),
            derived={"diagnosis": "0.x code on anomalib 1.x+"},
        )
    if module.startswith(_ONE_PLUS):
        return Explanation(
            text=f"{module} was added in anomalib 1.0; the installed anomalib is older (0.x), e.g. a cached Kaggle/Colab package or an old pin.",
            fix=("pip install -U 'anomalib>=1.0' && anomalib install", "or follow the 0.7.0 docs with tools/train.py and YAML configs"),
            derived={"diagnosis": "1.x code on anomalib 0.x"},
        )
    if module.startswith("anomalib"):
        target = f"'{name}' from {module}" if name else module
        return Explanation(
            text=f"{target} is not in the installed anomalib: the code was written for another major version.",
            fix=("python -c 'import anomalib; print(anomalib.__version__)' and install the version the code targets",),
            derived={"diagnosis": "anomalib API generation mismatch"},
        )
    return None
