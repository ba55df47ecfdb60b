"""Computed diagnosis for gcp.quota-exceeded: which quota to raise where, or a stockout."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    quota = str(facts.get("quota_name") or "")
    metric = str(facts.get("quota_metric") or "")
    region = str(facts.get("region") or "")
    zone = str(facts.get("zone") or "")
    limit = facts.get("limit")
    derived: dict[str, Any] = {}
    if zone or (region and not quota and not metric and not facts.get("accelerator")):
        derived["kind"] = "stockout"
        place = f"zone {zone}" if zone else f"region {region}"
        return Explanation(
            text=f"A stockout, not a quota problem: Google Cloud has no free machines of the requested type in {place} right now.",
            fix=(f"Try another {'zone of the region or another region' if zone else 'region'} that offers the GPU (gcloud compute accelerator-types list), or another GPU type.",
                 "Retry later, or reserve capacity (reservations; Dynamic Workload Scheduler / flex-start on Vertex AI and GKE)."),
            derived=derived,
        )
    derived["kind"] = "quota"
    if quota:
        where = f"in {region}" if region else "project-wide (all regions)"
        text = f"Compute Engine refused the VM: quota {quota} {where} has a limit of {limit}"
        text += " (never granted)." if limit is not None and float(limit) == 0 else " and is used up by other VMs."
        fix = [f"IAM & Admin > Quotas: filter '{quota}'" + (f", region {region}" if region else "") + " > Edit > request the number of GPUs/CPUs the job needs."]
        if quota == "GPUS_ALL_REGIONS":
            text += " GPUS_ALL_REGIONS caps GPUs across every region; it is checked in addition to the per-model regional quota."
        elif quota.endswith("_GPUS") and not quota.startswith("PREEMPTIBLE_"):
            fix.append(f"Spot/preemptible VMs use PREEMPTIBLE_{quota} instead; if you have that quota, launch as spot. Also raise GPUS_ALL_REGIONS if it is 0.")
        elif quota.endswith("_CPUS"):
            text += " The GPU machine's vCPUs count against this CPU family quota too."
        fix.append(f"gcloud compute regions describe {region or '<region>'} --format='table(quotas.metric,quotas.limit,quotas.usage)'  # find a region with quota")
        derived["quota"] = quota
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if metric:
        short = metric.split("/", 1)[-1]
        gpu = short.replace("custom_model_training_", "").upper() if short.startswith("custom_model_training_") else short
        derived["quota"] = metric
        return Explanation(
            text=f"Vertex AI refused the job: its {metric} quota in the job's region is smaller than the worker pools request. Vertex training quotas are separate from Compute Engine GPU quotas.",
            fix=(f"IAM & Admin > Quotas: filter '{short}' (service Vertex AI API), the job's region > request an increase to at least the GPUs/CPUs of all worker pools.",
                 f"Or change accelerator_type ({gpu} now) or the region to one with quota; check with the same Quotas page."),
            derived=derived,
        )
    acc = facts.get("accelerator")
    req = facts.get("requested")
    return Explanation(
        text=f"AI Platform Training refused the job: {req} {acc} accelerators exceed the project's accelerator quota.",
        fix=("Request AI Platform / Vertex AI training accelerator quota for that GPU and region, or use an accelerator type with quota.",),
        derived=derived,
    )
