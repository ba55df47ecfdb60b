"""Computed diagnosis for sagemaker.algorithm-error: what the script's exit code says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {
    1: "a Python exception in the script (its traceback is in the CloudWatch log just before the failure)",
    2: "a command-line error: the hyperparameters passed as --key value do not match the script's argparse options",
    126: "the entry point is not executable",
    127: "a command in the entry point or requirements was not found",
    134: "an abort (SIGABRT): a C++/CUDA assertion or NCCL abort inside the script",
    137: "a SIGKILL, almost always the host's out-of-memory killer (CPU RAM, not GPU memory)",
    139: "a segmentation fault in native code (a CUDA/extension crash)",
    143: "a SIGTERM: the job was stopped (MaxRuntimeInSeconds reached, spot interruption, or StopTrainingJob)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    algo = str(facts.get("algo_error") or "ExecuteUserScriptError")
    code = facts.get("exit_code")
    msg = str(facts.get("error_message") or "").strip()
    derived: dict[str, Any] = {}
    if algo == "InstallRequirementsError":
        text = "SageMaker failed before training: pip install -r requirements.txt failed inside the container."
        fix = ["Read the pip error in the job log; pin versions that have wheels for the container's Python and CUDA, or build a custom image."]
    elif algo == "ImportModuleError" or algo == "InstallModuleError":
        text = "SageMaker failed before training: the entry-point module could not be installed or imported."
        fix = ["Check source_dir / entry_point names and that the module imports locally in the same container image."]
    else:
        text = "SageMaker only reports that the training script exited with a non-zero code."
        fix = ["Read the script's own error in the CloudWatch stream before 'Reporting training FAILURE' and fix that."]
    if code is not None:
        c = int(code)
        key = c if c >= 0 else 128 - c  # -9 -> 137
        meaning = _CODES.get(key)
        derived["exit_code_meaning"] = meaning or "program-defined"
        text += f" Exit code {c}" + (f" means {meaning}." if meaning else ".")
        if key == 137:
            fix.insert(0, "Use an instance type with more memory, fewer DataLoader workers, or stream the dataset instead of loading it into RAM.")
        elif key == 2:
            fix.insert(0, "Compare the estimator's hyperparameters={...} with the script's argparse add_argument names and types.")
        elif key == 143:
            fix.insert(0, "Raise max_run (MaxRuntimeInSeconds) or enable checkpointing (checkpoint_s3_uri) for spot training.")
    if msg:
        text += f" The quoted stderr ends with: {msg[:160]}"
    fix.append("aws sagemaker describe-training-job --training-job-name <job> --query FailureReason  # the same text, untruncated")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
