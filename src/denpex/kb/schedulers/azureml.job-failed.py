"""Computed diagnosis for azureml.job-failed: script failure vs job-infrastructure failure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_COMPUTE = {
    "JobFailed": ("the submitted script exited non-zero (SDK v1 wording)",
                  "Read azureml-logs/70_driver_log.txt (v1) or user_logs/std_log.txt (v2) for the script's error."),
    "AggregatedUnauthorizedAccessError": ("the compute could not pull the environment's image from the container registry",
                                          "Enable the ACR admin user or grant the compute's managed identity AcrPull on the registry, then resubmit."),
    "OrchestrateJobError": ("the job's container or execution wrapper failed to start",
                            "Check the image (linux/amd64, a shell at /bin/sh, a valid entrypoint) and the lifecycler logs under system_logs/."),
    "ImagePullError": ("the environment's image could not be pulled", "Check the image name/tag and registry access of the compute."),
}

_CODES = {
    1: "a Python exception in the script",
    2: "an argument error: argparse rejected the command line (empty or misnamed ${{inputs.*}})",
    137: "a SIGKILL, usually the node running out of memory",
    143: "a SIGTERM: the job was cancelled or hit its timeout",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    comp = str(facts.get("compute_error") or "")
    exc = str(facts.get("exception_type") or "")
    code = facts.get("exit_code")
    derived: dict[str, Any] = {}
    if comp and comp in _COMPUTE and comp != "JobFailed":
        meaning, action = _COMPUTE[comp]
        derived["kind"] = "infrastructure"
        return Explanation(
            text=f"Azure ML could not run the command: {comp} means {meaning}. The script itself may never have started.",
            fix=(action, "az ml job download --name <job> --all --download-path ./job_logs  # system_logs/ and user_logs/"),
            derived=derived,
        )
    derived["kind"] = "script"
    text = "Azure ML only reports that the job's command exited with a non-zero status."
    fix = ["Read user_logs/std_log.txt (v1: azureml-logs/70_driver_log.txt) and fix the error before the exit."]
    if code is not None:
        c = int(code)
        meaning = _CODES.get(c)
        text += f" Status {c}" + (f" means {meaning}." if meaning else ".")
        if c == 2:
            fix.insert(0, "Compare the job's command and ${{inputs.*}} with the script's argparse options; wrap optional inputs in $[[ ... ]].")
        elif c == 137:
            fix.insert(0, "Use a VM size with more memory, or fewer DataLoader workers / smaller in-memory data.")
    if exc:
        text += f" The script raised {exc}."
        if exc.endswith(("ModuleNotFoundError", "ImportError")):
            fix.insert(0, "Add the missing package to the environment (conda.yaml / requirements.txt), create a new environment version and resubmit.")
    if comp == "JobFailed":
        text += " (AzureMLCompute JobFailed: the submitted script failed.)"
    return Explanation(text=text, fix=tuple(fix), derived=derived)
