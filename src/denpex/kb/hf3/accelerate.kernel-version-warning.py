"""Computed diagnosis for accelerate.kernel-version-warning: how old the kernel is and what that means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = {"5.4": "Ubuntu 20.04 GA / many cloud node images", "4.18": "RHEL/CentOS 8", "3.10": "RHEL/CentOS 7",
          "4.15": "Ubuntu 18.04 GA", "4.19": "Debian 10 / older COS images", "4.14": "Amazon Linux 2 (older)"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kv = facts.get("kernel_version")
    mv = facts.get("min_version") or "5.5.0"
    if not isinstance(kv, str) or not kv:
        return None
    major_minor = ".".join(kv.split(".")[:2])
    distro = _KNOWN.get(major_minor)
    text = (f"The host kernel is {kv}" + (f" (typical of {distro})" if distro else "")
            + f", below accelerate's recommended {mv}. This is a warning only: it does not stop or slow the job. "
              "If the run crashed, the cause is elsewhere in the log; if it hangs, rule out NCCL/dataloader causes before the kernel.")
    fix = ("No action needed if the job runs.",
           f"For unexplained multi-process hangs: run on a host/node image with kernel >= {mv} (containers cannot change it).")
    return Explanation(text=text, fix=fix, derived={"kernel_major_minor": major_minor})
