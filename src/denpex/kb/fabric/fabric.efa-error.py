"""Computed diagnosis for fabric.efa-error: which EFA / libfabric error, which peer, and the likely cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = (
    ("unresponsive receiver", "the peer endpoint stopped answering: its process or instance died first, or (if never established) the security group blocks traffic"),
    ("unreachable remote", "the EFA device cannot reach the peer: instance gone, EFA disabled there, or security group / placement problem"),
    ("invalid address", "the peer no longer recognises this endpoint (it restarted or tore down its endpoint): look at the peer's log"),
    ("receiver not ready", "the peer had no receive buffer posted in time (overload or a stuck peer)"),
    ("invalid argument", "the provider refused to create this OFI resource: most often the EFA device is out of resources (dmesg: 'Failed to process command ALLOC_PD ... err -12' - too many processes per device), or libfabric, aws-ofi-nccl and the EFA driver come from different installs"),
    ("unknown error", "libfabric gave no detail: rerun with FI_LOG_LEVEL=warn to get the EFA provider's reason and the peer host id"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("efa_error") or facts.get("efa_message") or "").strip()
    if err.endswith("))"):
        err = err[:-1]
    if err.endswith(" My EFA addr"):
        err = err[: -len(" My EFA addr")]
    peer = facts.get("peer_host")
    dev, cmd = facts.get("efa_dev"), facts.get("efa_cmd")
    rc, prov = facts.get("rc"), facts.get("prov_errno")
    fix: list[str] = []
    if dev and cmd:
        what = f"{dev} failed device command {cmd} (err {facts.get('err')})"
        text = (f"The efa kernel driver could not complete the admin command {cmd} on {dev} "
                f"(comp_status {facts.get('comp_status')}, err {facts.get('err')}): the device could not allocate the resource or is unhealthy.")
        fix += ["Reduce endpoints/processes per device if err is -12 (out of memory/resources); otherwise reboot or replace the instance and report it to AWS."]
    elif err:
        low = err.lower()
        hint = next((h for k, h in _HINTS if k in low), "see the EFA provider error code list (efa_errno.h) for this error")
        codes = ", ".join(x for x in (f"RC {rc}" if rc is not None else "", f"provider error {prov}" if prov is not None else "") if x)
        op = facts.get("efa_op")
        what = f"{f'{op}: ' if op else ''}{err}{f' ({codes})' if codes else ''}{f', peer {peer}' if peer else ''}"
        text = f"An EFA operation failed with '{err}'{f' ({codes})' if codes else ''}: {hint}."
        if peer:
            text += f" The peer instance is {peer}; check its job log and status first."
            fix.append(f"Check instance {peer}: its own job log (did its rank crash or get OOM-killed?) and its EC2 status checks.")
        fix += ["Verify the security group allows all traffic to and from itself, and that every instance has EFA (fi_info -p efa).",
                "Rerun nccl-tests across the two instances with NCCL_DEBUG=INFO FI_LOG_LEVEL=warn."]
    else:
        what = "no EFA device visible (libfabric efa provider empty)"
        text = ("libfabric found no usable EFA device for this process: EFA is not attached to the instance, its devices are not "
                "passed into the container, or the EFA software stack is missing; aws-ofi-nccl then cannot create endpoints.")
        fix += ["Check fi_info -p efa on the host and in the container; expose /dev/infiniband (aws-efa-k8s-device-plugin, vpc.amazonaws.com/efa) and use the EFA installer's libfabric."]
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
