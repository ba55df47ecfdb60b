"""Computed diagnosis for sagemaker.resource-limit: which quota, how much is needed, or capacity."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TYPE = re.compile(r"ml\.[a-z0-9-]+\.[a-z0-9]+")
# GPU types that often have quota or capacity when the asked one does not (same generation or close)
_FALLBACK = {
    "p5": "ml.p4d.24xlarge or ml.p5e/p5en where offered",
    "p4d": "ml.p4de.24xlarge, ml.p5.48xlarge, or several ml.g5.48xlarge",
    "p4de": "ml.p4d.24xlarge or ml.p5.48xlarge",
    "p3": "ml.g5.xlarge .. ml.g5.12xlarge (A10G) or ml.g4dn (T4)",
    "p3dn": "ml.p4d.24xlarge or ml.g5.48xlarge",
    "p2": "ml.g4dn.xlarge or ml.g5.xlarge (p2 is retired in most regions)",
    "g5": "ml.g6 (L4) or ml.g4dn (T4) of a similar size",
    "g6": "ml.g5 of a similar size",
    "g4dn": "ml.g5.xlarge or ml.g6.xlarge",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cap = facts.get("capacity_message")
    if cap:
        return Explanation(
            text="SageMaker accepted the job (quota was fine) but could not provision the instances: AWS has no free capacity of that type in the region right now. Nothing ran and nothing is wrong in the code.",
            fix=("Retry later, or switch instance_type / region; the largest GPU types run out most often.",
                 "For steady access reserve capacity (SageMaker training plans, HyperPod) or use managed spot with checkpoint_s3_uri so interruptions resume."),
            derived={"kind": "capacity"},
        )
    quota = str(facts.get("quota_name") or facts.get("resource") or "")
    op = str(facts.get("operation") or "CreateTrainingJob")
    m = _TYPE.search(quota)
    itype = m.group(0) if m else None
    derived: dict[str, Any] = {"kind": "quota", "quota": quota}
    if facts.get("resource") and facts.get("limit") is None:
        return Explanation(
            text=f"{op} was refused: {quota} is not offered in this region.",
            fix=("Pick an instance type offered in the region (see the SageMaker pricing page per region), or run in a region that has it.",),
            derived=derived,
        )
    limit, current, delta = facts.get("limit"), facts.get("current"), facts.get("delta")
    text = f"{op} was refused before anything started: the quota '{quota}'"
    fix: list[str] = []
    if limit is not None and current is not None and delta is not None:
        need = int(current) + int(delta)
        derived["needed"] = need
        text += f" is {limit}, {current} already in use, and the request adds {delta}: {need} needed."
        if int(limit) == 0:
            text += " A limit of 0 is the default for many GPU types on new accounts."
        fix.append(f"Service Quotas > Amazon SageMaker > '{quota}' > Request increase to at least {need} (same region as the job).")
        if int(current) > 0:
            fix.append("Or free quota: aws sagemaker list-training-jobs --status-equals InProgress / list-endpoints, and stop what you no longer need.")
    else:
        text += " is smaller than the request."
        fix.append(f"Service Quotas > Amazon SageMaker > '{quota}' > Request increase.")
    if "endpoint" in quota:
        text += " Endpoint quotas are separate from training quotas for the same instance type."
    if "processing" in quota:
        text += " Debugger/profiler rules start processing jobs too; disable unneeded rules (rules=[], disable_profiler=True)."
    if itype:
        fam = itype.split(".")[1]
        alt = _FALLBACK.get(fam)
        derived["instance_type"] = itype
        if alt:
            fix.append(f"Meanwhile use a type you have quota for, e.g. {alt} (check their quotas first).")
    fix.append("aws service-quotas list-service-quotas --service-code sagemaker --query \"Quotas[?Value>`0`].[QuotaName,Value]\" --output table  # what you can use now")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
