"""Computed diagnosis for ray.autoscaler-launch-failed: capacity vs quota vs configuration from the
cloud error code the launcher printed, with the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CAPACITY = ("insufficientinstancecapacity", "zone_resource_pool_exhausted", "skunotavailable", "insufficient capacity",
             "do not have sufficient", "spotmaxpricetoolow", "maxspotinstancecountexceeded", "unfulfillable")
_QUOTA = ("vcpulimitexceeded", "instancelimitexceeded", "quota", "limitexceeded")
_CONFIG = ("unauthorized", "invalid", "accessdenied", "not authorized", "does not exist", "notfound", "malformed")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("category") or facts.get("error_code") or "")
    desc = str(facts.get("description") or "")
    node_type = str(facts.get("node_type") or "")
    low = f"{code} {desc}".lower()
    nt = f"node type {node_type}" if node_type else "the node type"
    derived: dict[str, Any] = {} if node_type else {"node_type": "(requested by the autoscaler / ray up)"}
    if not code:
        derived["category"] = "the cloud error is in the autoscaler log (monitor.log / monitor.out)"
        return Explanation(
            text=f"The autoscaler could not create {nt}; this Ray version does not print the reason on this line.",
            fix=("On the head node: grep -B2 -A20 'Failed to launch' /tmp/ray/session_latest/logs/monitor.* to read the provider's exception.",),
            derived=derived,
        )
    derived["category"] = code
    if any(k in low for k in _CAPACITY):
        text = f"The cloud has no capacity for {nt} ({code}) in the zone(s) configured; the autoscaler retries, and work that needs it stays pending."
        fix = (f"Give {node_type or 'the node type'} more subnets/zones (node_config SubnetIds / availability zone list) or add an alternative instance type as another node type.",
               "For spot instances, add an on-demand fallback node type; retry later for scarce GPU types.")
    elif any(k in low for k in _QUOTA):
        text = f"The account quota blocks {nt} ({code}): the region/family vCPU or GPU limit is used up."
        fix = ("Request a quota increase for that instance family/GPU in the region (AWS Service Quotas, GCP IAM & Admin > Quotas), or lower max_workers for it.",)
    elif any(k in low for k in _CONFIG):
        text = f"The cloud rejected the request for {nt} as invalid or unauthorized ({code}): the node_config or the head node's permissions are wrong."
        fix = ("Fix the node_config field the description names (AMI, subnet, security group, instance type, IAM instance profile) and the head node role's ec2:RunInstances / iam:PassRole permissions.",)
    else:
        text = f"The cloud refused to create {nt}: {code}{': ' + desc[:200] if desc else ''}."
        fix = ("Look up the provider error code and fix the node_config or quota it names; ray status shows the node type under Recent failures.",)
    return Explanation(text=text, fix=fix, derived=derived)
